"""Pictures of a board and its combat, as SVG (``mtgcombat draw``).

>>> from mtgcombat import Board
>>> from mtgcombat.draw import draw
>>> board = Board.from_scenario('''players Alice, Bob
... active Alice
... Alice:
...   bears: Grizzly Bears 2/2 green
... Bob:
...   wall: Wall of Stone 0/8 red "Defender"
... attack bears -> Bob
... block wall -> bears''')
>>> svg = draw(board, damage={"bears": {"wall": 2}}, lang="de")
>>> svg.startswith("<svg")
True
>>> "<title>Grizzly Bears fügt Wall of Stone 2 Schadenspunkte zu</title>" in svg
True

:func:`draw` returns SVG text for a :class:`~mtgcombat.Board`; :func:`draw_result`
the picture after a whole combat (:meth:`mtgcombat.Board.combat`). What they show:

* each player an area with their life (and poison); teammates (Two-Headed Giant,
  810) grouped in one frame with the team's name;
* creatures as cards with power/toughness, their combat keyword abilities
  (protection with its quality, 702.16), their state (tapped, summoning sick,
  goaded, blocked), marked damage and counters (122); planeswalkers with loyalty,
  battles with defense and protector; Auras and Equipment on what they are attached
  to (301.5, 303.4), peeking out from under it; other permanents and lands small;
* a red arrow from each attacking creature to what it attacks (508.1) -- a blocked
  attacker's arrow goes to its blockers only (509.1h: it stays blocked) -- and a blue
  arrow from each blocking creature to what it blocks (509.1);
* damage as labelled marks on what is dealt it ("2 damage from Craw Wurm", 510.2);
* with a result: life and poison before and after, destroyed permanents crossed
  out, defeated battles and players who lost marked;
* a legend of the marks the picture uses and the players' colours.

The defending players sit at the top, the attacking player (and their team) at the
bottom. Creatures in combat step out of their player's area into the middle: each
attacking creature with the creatures blocking it just above it, in columns ordered
by what they attack, so that arrows seldom cross. A player area's front row, the one
facing the combat, holds what can be attacked: the player and their planeswalkers
and battles.

A picture is deterministic (the same board gives the same text: fixed order, fixed
number formatting, no ids made up), valid XML with a ``viewBox``, styled by one
embedded ``<style>`` and without external resources. Every word on it comes from
the text layer (templates ``draw.*``, English or German); card and player names are
never translated, and ElementTree escapes them. Full names that had to be shortened
are kept in ``<title>`` elements (shown on hover). In Jupyter a board shows itself
as its picture (``Board._repr_svg_``), and so does the :class:`Svg` text returned.

The idea of a pure function from a position to an SVG string is that of
python-chess's ``chess.svg``.
"""

from __future__ import annotations

import math
import re
import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Optional, Sequence, Union, cast

from .rules import abilities as A
from .rules.model import Board as ModelBoard
from .rules.model import BoardError, Permanent
from .rules.reasons import reason
from .text import Writer

#: A :class:`mtgcombat.Board` -- the facade, which knows its abilities (it imports this
#: module for ``_repr_svg_``, so this module does not import it, not even for types).
Board = Any

__all__ = ["Svg", "draw", "draw_result", "result_of"]

#: A damage assignment: source id -> recipient (permanent id or player) -> amount.
DamageAssignment = Mapping[str, Mapping[str, int]]

# -- geometry -------------------------------------------------------------------------
CARD_W = 120
CARD_H = 112
SMALL_H = 24
GAP = 12
PAD = 10
PANEL_GAP = 24
COLUMN_GAP = 24
MARGIN = 16
ROW_MAX = 8
LINE = 12.5
#: How far each Aura or Equipment peeks out from under what it is attached to.
TAB_H = 17
#: A team's frame: the room for its name above its players' areas, and around them.
TEAM_HEAD = 22
TEAM_PAD = 8
#: The vertical room above the blockers (for arrow heads) and between the blockers
#: and the attackers (for the arrows between them).
ZONE_TOP = 60
ZONE_MIDDLE = 70
ZONE_BOTTOM = 36
ZONE_EMPTY = 28
TAPPED_ANGLE = 6
#: The legend: one row's height, the sample's width.
LEGEND_ROW = 22
LEGEND_SAMPLE = 30
#: How far the two arrows between a blocker and its attacker stand apart.
PAIR_OFFSET = 7

# -- colours ----------------------------------------------------------------------------
FRAMES = {"W": "#fbf5e0", "U": "#d9e8f7", "B": "#d6d1ce", "R": "#f6d8cb", "G": "#d5eacf"}
GOLD = "#ecdca0"
COLORLESS = "#e6e4df"
PLAYER_COLORS = ("#1f7a6b", "#7a4f9a", "#a8701a", "#4d6580", "#a04a6a", "#6b7a2a")

STYLE = """
text{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;fill:#222}
.background{fill:#fbfbf8}
.panel{stroke-width:2;fill-opacity:0.07;stroke-opacity:0.7}
.panel.bystander{stroke-dasharray:6 4}
.team-frame{fill:none;stroke:#666;stroke-width:1.5;stroke-dasharray:3 3}
.team-name{font-size:11px;font-weight:bold;fill:#444}
.frame{stroke:#5a5a5a;stroke-width:1.2}
.tapped .frame{fill-opacity:0.55;stroke-dasharray:4 2}
.plate{fill:#fff;stroke-width:3}
.name{font-size:11px;font-weight:bold}
.player .name{font-size:13px}
.life{font-size:12px;font-weight:bold}
.role{font-size:9.5px;font-style:italic;fill:#555}
.line{font-size:10px;fill:#333}
.line.lost{fill:#b3261e;font-weight:bold}
.kw{font-size:9.5px;fill:#1d3f6e}
.status{font-size:9.5px;font-style:italic;fill:#555}
.status.destroyed{fill:#b3261e;font-weight:bold}
.badge{fill:#fff;stroke:#5a5a5a;stroke-width:1}
.badge-text{font-size:12px;font-weight:bold;text-anchor:middle}
.counter{fill:#333}
.counter-text{font-size:10px;font-weight:bold;fill:#fff;text-anchor:middle}
.marked{fill:#b3261e}
.marked-text{font-size:9.5px;font-weight:bold;fill:#fff;text-anchor:middle}
.attachment .frame{stroke-width:1}
.attachment text{font-size:9px}
.small .frame{stroke-width:1}
.small text{font-size:9.5px}
.attack line,.legend-attack line{stroke:#d1372a;stroke-width:5;stroke-opacity:0.85}
.attack polygon,.legend-attack polygon{fill:#d1372a;fill-opacity:0.9}
.attack line.stop{stroke-opacity:1;stroke-linecap:round}
.block line,.legend-block line{stroke:#2563c9;stroke-width:3.5}
.block polygon,.legend-block polygon{fill:#2563c9}
.damage rect,.legend-damage rect{fill:#b3261e}
.damage .amount,.legend-damage .amount{font-size:9px;font-weight:bold;fill:#fff;text-anchor:middle}
.damage .from{font-size:9.5px;font-weight:bold;fill:#b3261e}
.cross{stroke:#b3261e;stroke-width:5;stroke-linecap:round;stroke-opacity:0.45}
.legend-frame{fill:#fff;stroke:#bbb;stroke-width:1}
.legend text{font-size:10px;fill:#333}
"""

#: The keyword abilities a card shows, in this order (702): evasion and blocking,
#: then damage, then the rest that matter in combat.
KEYWORD_ORDER = (
    "flying", "reach", "shadow", "horsemanship", "fear", "intimidate", "skulk", "menace",
    "first strike", "double strike", "deathtouch", "trample over planeswalkers", "trample",
    "lifelink", "infect", "wither", "indestructible", "vigilance", "defender", "haste",
    "banding", "flanking", "exalted", "melee", "battle cry", "provoke",
)

#: Colour letters as the text layer's protection words take them (105.1).
COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


class Svg(str):
    """SVG text; shown as a picture in Jupyter (like python-chess's boards).
    ``status``: "complete", or "illegal"/"unknown" when the declarations drawn are
    (``violations``: as ``check`` gives them)."""

    status: str = "complete"
    violations: list = []

    def _repr_svg_(self) -> str:
        return str(self)


# -- the public functions ---------------------------------------------------------------
def draw(board: ModelBoard, *, attacks: Optional[Mapping[str, str]] = None,
         blocks: Optional[Mapping[str, Union[str, Sequence[str]]]] = None,
         damage: Optional[DamageAssignment] = None, lang: str = "en",
         size: Optional[int] = None, result: Optional[Mapping[str, Any]] = None,
         legend: bool = True) -> Svg:
    """The board and its combat as an SVG picture.

    :param board: a :class:`mtgcombat.Board` (or a model board).
    :param attacks: attacker id -> player or permanent id; replaces the board's attacks
        (the board's blocks are kept when every attacker they name still attacks).
    :param blocks: blocker id -> attacker id or ids; replaces the board's blocks.
    :param damage: damage ``{source id: {recipient: amount}}`` (an assignment, or what
        was dealt), drawn as labelled marks on each recipient.
    :param lang: the language of the words on the picture ("en", "de").
    :param size: the width in pixels (the height follows); None: no size, only a viewBox.
    :param result: what combat did, ``{"life": {player: life after}, "destroyed": [ids]}``,
        optionally with ``"poison"`` (player -> poison after), ``"lost"`` (players) and
        ``"defeated"`` (battles): the ``after`` of ``mtgcombat combat --json`` fits (its
        ``board`` is ignored). Life and poison changes are written on the players, players
        who lost are marked, destroyed permanents crossed out. :func:`draw_result` draws
        a :meth:`~mtgcombat.Board.combat` answer.
    :param legend: whether to draw the legend (what arrows, marks and colours mean).
    :raises BoardError: unknown ids or impossible declarations, damage or result.
    """
    from .questions.combat import judge_declarations

    board = _with_declarations(_full_board(board), attacks, blocks)
    # One verdict for one declaration: the attacks drawn (and the blocks, when there
    # are any) are judged as combat judges them; an illegal one is drawn with its
    # violations and without damage or results.
    stop = judge_declarations(board, judge_blocks=False)
    scene = _Scene(board, Writer.for_board(board, lang),
                   _checked_damage(board, damage) if stop is None else {},
                   _checked_result(board, result) if stop is None else _Result())
    layout = _layout(scene, legend)
    root = _render(scene, layout, size)
    if stop is not None:
        root = _with_verdict(root, scene, stop, layout.width, size)
    ET.indent(root, space=" ")
    svg = Svg(ET.tostring(root, encoding="unicode") + "\n")
    svg.status = "complete" if stop is None else stop.status
    svg.violations = [] if stop is None else stop.violations_json(scene.w)
    return svg


def _with_verdict(root: ET.Element, scene: "_Scene", stop: Any, width: float,
                  size: Optional[int]) -> ET.Element:
    """The picture with a band on top that says the declarations drawn are illegal
    (or unsettled) and lists each violation with its rule."""
    lines = [scene.t("draw.illegal", status=stop.status)]
    for rule, why, _objs in stop.violations:
        lines += _wrapped(_clean(scene.w(why)).split(), width - 2 * MARGIN, 11, False, 3)
    band = 2 * PAD + LINE * 1.3 * len(lines)
    x0, y0, w, h = (float(v) for v in root.get("viewBox", "0 0 0 0").split())
    out = ET.Element("svg", dict(root.attrib))
    out.set("viewBox", f"0 0 {_n(w)} {_n(h + band)}")
    if size is not None:
        out.set("height", str(round(size * (h + band) / w)))
    g = ET.Element("g", {"transform": f"translate(0 {_n(band)})"})
    for child in list(root):
        (out if child.tag in ("title", "style") else g).append(child)
    _el(out, "rect", {"class": "background", "x": 0, "y": 0, "width": w, "height": band})
    verdict = _el(out, "g", {"class": "verdict"})
    for i, text in enumerate(lines):
        _el(verdict, "text", {"class": "line lost" if i == 0 else "line", "x": MARGIN,
                              "y": PAD + LINE * 1.3 * (i + 0.8)}, text)
    out.append(g)
    return out


def result_of(answer: Any) -> tuple[Board, dict[str, dict[str, int]], dict[str, Any]]:
    """What :func:`draw_result` draws of a :meth:`~mtgcombat.Board.combat` answer: the
    board as combat damage began (declarations made, triggers resolved), the damage
    dealt in all its combat damage steps together (510.2; after prevention, 615), and
    the result -- life and poison after combat, what was destroyed (704.5), battles
    defeated (310.10), players who lost (104.3). A permanent that left before damage
    (destroyed by a trigger) is not on that board and is left out."""
    start = answer.start if answer.start is not None else answer.board
    board = _full_board(start)
    dealt: dict[str, dict[str, int]] = {}
    for step in answer.steps:
        for d in step.dealt:
            if d.amount and _is_permanent(board, d.source) and board.has_object(d.to):
                to = dealt.setdefault(d.source, {})
                to[d.to] = to.get(d.to, 0) + d.amount
    after = answer.after_board if answer.after_board is not None else board
    result = {
        "life": {p.name: p.life for p in after.players},
        "poison": {p.name: p.poison for p in after.players},
        "destroyed": [i for i in answer.destroyed if _is_permanent(board, i)],
        "defeated": [i for i in answer.defeated if _is_permanent(board, i)],
        "lost": list(answer.lost),
        "loyalty": {p.id: p.loyalty for p in after.permanents
                    if p.loyalty is not None and _is_permanent(board, p.id)},
        "defense": {p.id: p.defense for p in after.permanents
                    if p.defense is not None and _is_permanent(board, p.id)},
    }
    return board, dealt, result


def draw_result(answer: Any, *, lang: str = "en", size: Optional[int] = None,
                legend: bool = True) -> Svg:
    """The picture of a whole combat (:meth:`mtgcombat.Board.combat`): the attacks and
    blocks, the damage dealt on what was dealt it, who died (crossed out), life and
    poison before and after, battles defeated, players who lost.

    >>> from mtgcombat import Board
    >>> board = Board.from_scenario('''players Alice, Bob
    ... active Alice
    ... Alice:
    ...   bears: Grizzly Bears 2/2 green
    ... Bob:
    ...   elf: Llanowar Elves 1/1 green
    ... attack bears -> Bob
    ... block elf -> bears''')
    >>> svg = draw_result(board.combat())
    >>> "<title>Grizzly Bears deals 2 damage to Llanowar Elves</title>" in svg
    True
    >>> '<g class="card creature destroyed" data-id="elf">' in svg
    True
    """
    board, dealt, result = result_of(answer)
    return draw(board, damage=dealt, result=result, lang=lang, size=size, legend=legend)


# -- input ------------------------------------------------------------------------------
def _full_board(board: ModelBoard) -> Board:
    """A :class:`mtgcombat.Board` (which knows its abilities); a model board alone can't
    be drawn (draw never imports the facade, which imports draw for ``_repr_svg_``)."""
    if not hasattr(board, "bound"):
        raise TypeError("draw() needs a mtgcombat.Board (Board.from_model(board))")
    return cast(Any, board)


def _with_declarations(board: Board, attacks: Optional[Mapping[str, str]],
                       blocks: Optional[Mapping[str, Any]]) -> Board:
    """The board with these attacks and blocks instead of its own (validated again)."""
    changes: dict[str, Any] = {}
    if attacks is not None:
        attacks = dict(attacks)
        changes.update(attacks=attacks, damage_order=None, blocked=None, first_strikers=None,
                       target_left=None, bands=())
        if blocks is None:
            kept = board.blocks
            if kept is not None and not all(a in attacks for v in kept.values() for a in v):
                kept = None
            changes["blocks"] = kept
    if blocks is not None:
        changes["blocks"] = {b: (v,) if isinstance(v, str) else tuple(v)
                             for b, v in dict(blocks).items()}
        changes["damage_order"] = None
    return cast(Any, board.evolve(**changes)) if changes else board


def _is_permanent(board: Board, oid: str) -> bool:
    try:
        board.permanent(oid)
    except KeyError:
        return False
    return True


def _checked_damage(board: Board,
                    damage: Optional[DamageAssignment]) -> dict[str, dict[str, int]]:
    """The damage assignment without zeros, its ids checked."""
    out: dict[str, dict[str, int]] = {}
    for source, division in dict(damage or {}).items():
        if not _is_permanent(board, source):
            raise BoardError(reason("error.draw_damage", problem="source", source=source))
        if not isinstance(division, Mapping):
            raise BoardError(reason("error.draw_damage", problem="division", source=source))
        for to, n in division.items():
            if not board.has_object(to):
                raise BoardError(reason("error.draw_damage", problem="recipient", source=source,
                                        recipient=to))
            if not _is_count(n):
                raise BoardError(reason("error.draw_damage", problem="amount", source=source,
                                        recipient=to))
            if n:
                out.setdefault(source, {})[to] = n
    return out


def _is_count(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


#: The fields of a result (``board`` is allowed and ignored: the ``after`` of ``combat``).
RESULT_FIELDS = ("life", "poison", "destroyed", "defeated", "lost", "loyalty", "defense",
                 "board")


def _checked_result(board: Board, result: Optional[Mapping[str, Any]]) -> "_Result":
    """The result of combat, its ids checked."""
    result = dict(result or {})
    unknown = sorted(set(result) - set(RESULT_FIELDS))
    if unknown:
        raise BoardError(reason("error.draw_result_field", field=unknown[0],
                                known=RESULT_FIELDS[:-1]))
    numbers = {}
    for key in ("life", "poison"):
        numbers[key] = dict(result.get(key) or {})
        for p, n in numbers[key].items():
            if p not in board.player_names:
                raise BoardError(reason("error.draw_result", field=key, unknown=p, player=True))
            if not isinstance(n, int) or isinstance(n, bool) or (key == "poison" and n < 0):
                raise BoardError(reason("error.draw_result_number", field=key, of=p))
    counts = {}
    for key in ("loyalty", "defense"):
        counts[key] = dict(result.get(key) or {})
        for oid, n in counts[key].items():
            if not _is_permanent(board, oid):
                raise BoardError(reason("error.draw_result", field=key, unknown=oid, player=False))
            if not isinstance(n, int) or isinstance(n, bool):
                raise BoardError(reason("error.draw_result_number", field=key, of=oid))
    ids = {}
    for key in ("destroyed", "defeated", "lost"):
        ids[key] = frozenset(result.get(key) or ())
        for oid in ids[key]:
            known = oid in board.player_names if key == "lost" else _is_permanent(board, oid)
            if not known:
                raise BoardError(reason("error.draw_result_listed", field=key, unknown=oid))
    return _Result(numbers["life"], numbers["poison"], ids["destroyed"], ids["defeated"],
                   ids["lost"], counts["loyalty"], counts["defense"], bool(result))


# -- the scene: what is drawn -------------------------------------------------------------
@dataclass(frozen=True)
class _Result:
    """What combat did (see :func:`draw`)."""

    life: dict[str, int] = field(default_factory=dict)
    poison: dict[str, int] = field(default_factory=dict)
    destroyed: frozenset[str] = frozenset()
    defeated: frozenset[str] = frozenset()
    lost: frozenset[str] = frozenset()
    loyalty: dict[str, int] = field(default_factory=dict)
    defense: dict[str, int] = field(default_factory=dict)
    given: bool = False


@dataclass
class _Scene:
    """The board and everything derived from it that the picture needs."""

    board: Board
    w: Writer
    damage: dict[str, dict[str, int]]
    result: _Result

    def __post_init__(self) -> None:
        b = self.board
        self.order = {p.id: i for i, p in enumerate(b.permanents)}
        self.attacks: dict[str, str] = dict(b.attacks or {})
        self.blocks: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in (b.blocks or {}).items()}
        self.blockers_of: dict[str, list[str]] = {}
        for bl in self.in_board_order(self.blocks):
            for a in self.blocks[bl]:
                self.blockers_of.setdefault(a, []).append(bl)
        self.in_combat = set(self.attacks) | set(self.blocks)
        self.colors = {p.name: PLAYER_COLORS[i % len(PLAYER_COLORS)]
                       for i, p in enumerate(b.players)}
        # Auras and Equipment drawn on the creature, planeswalker or battle they are
        # attached to (301.5, 303.4); on a player, a land or another small item they
        # stay small items of their controller.
        self.tabs: dict[str, list[str]] = {}
        for p in b.permanents:
            host = p.attached_to
            if host is None or _is_card(p) or not _is_permanent(b, host):
                continue
            if _is_card(b.permanent(host)):
                self.tabs.setdefault(host, []).append(p.id)
        self.on_host = {a for v in self.tabs.values() for a in v}
        # Damage by recipient, its sources in board order.
        self.dealt: dict[str, list[tuple[str, int]]] = {}
        for source in self.in_board_order(self.damage):
            for to, n in self.damage[source].items():
                self.dealt.setdefault(to, []).append((source, n))

    def in_board_order(self, ids: Iterable[str]) -> list[str]:
        """Permanent ids in the order the board lists them."""
        return sorted(ids, key=lambda i: self.order[i])

    def is_blocked(self, attacker: str) -> bool:
        """Blocked by a creature drawn, or blocked although its blockers are gone (509.1h)."""
        return attacker in self.blockers_of or attacker in (self.board.blocked or ())

    def tabs_below(self, pid: str) -> bool:
        """Whether a card's attachments peek out below it: away from the combat, which
        is above the attacking players' permanents and below the others'."""
        return self.board.permanent(pid).controller in self.board.attacking_players

    def tab_room(self, pid: str) -> float:
        return TAB_H * len(self.tabs.get(pid, ()))

    def t(self, code: str, **params: Any) -> str:
        """Words from the text layer (template ``code``)."""
        return _clean(self.w.t(code, **params))

    def label(self, oid: str) -> str:
        """A player or permanent as the text layer names it (never translated)."""
        return _clean(self.w.name(oid))


def _is_card(perm: Permanent) -> bool:
    """Drawn as a card: a creature, planeswalker or battle."""
    return perm.is_creature or perm.is_planeswalker or perm.is_battle


# -- text measure -----------------------------------------------------------------------
_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _clean(text: str) -> str:
    """Text that XML can hold (control characters and lone surrogates become U+FFFD)."""
    return _XML_BAD.sub("\ufffd", text)


#: Advance widths of DejaVu Sans (the first font the style asks for) for the printable
#: ASCII characters " " to "~", in thousandths of an em: regular and bold.
_ADVANCE = (
    "318 401 460 838 636 950 780 275 390 390 500 838 318 361 318 337 636 636 636 636 636 "
    "636 636 636 636 636 337 337 838 838 838 531 1000 684 686 698 770 632 575 775 752 295 "
    "295 656 557 863 748 787 603 787 695 635 611 732 684 989 685 611 685 390 337 390 838 "
    "500 500 613 635 550 635 615 352 635 634 278 278 579 278 974 634 612 635 635 411 521 "
    "392 634 592 818 592 592 525 636 337 636 838")
_ADVANCE_BOLD = (
    "348 456 521 838 696 1002 872 306 457 457 523 838 380 415 380 365 696 696 696 696 696 "
    "696 696 696 696 696 400 400 838 838 838 580 1000 774 762 734 830 683 683 821 837 372 "
    "372 775 637 995 837 850 733 850 770 720 682 812 774 1103 771 724 725 457 365 457 838 "
    "500 500 675 716 593 716 678 435 716 712 343 343 665 343 1042 712 687 716 716 493 595 "
    "478 712 652 924 645 652 582 712 365 712 838")
_WIDTHS = {bold: {chr(32 + i): int(v) / 1000 for i, v in enumerate(table.split())}
           for bold, table in ((False, _ADVANCE), (True, _ADVANCE_BOLD))}


#: The same for the few other characters the picture writes itself.
_EXTRA = {"\u00b7": (0.318, 0.38), "\u00d7": (0.838, 0.838), "\u2192": (0.838, 0.838),
          "\u2026": (1.0, 1.0), "\u2014": (1.0, 1.0), "\u00df": (0.63, 0.719)}


def _char_w(c: str, bold: bool) -> float:
    """The advance of one character in em: DejaVu Sans for ASCII, the base letter for
    accented ones, a full em for wide (East Asian) characters, else a generous guess."""
    table = _WIDTHS[bold]
    if c in table:
        return table[c]
    if c in _EXTRA:
        return _EXTRA[c][bold]
    base = unicodedata.normalize("NFD", c)[:1]
    if base in table:
        return table[base]
    return 1.0 if unicodedata.east_asian_width(c) in ("W", "F") else 0.75


def _text_width(text: str, size: float, bold: bool = False) -> float:
    """About how wide ``text`` is at ``size`` px (no font is read: deterministic)."""
    return sum(_char_w(c, bold) for c in text) * size


def _ellipsized(text: str, width: float, size: float, bold: bool = False) -> str:
    """``text``, shortened with an ellipsis to fit ``width``."""
    if _text_width(text, size, bold) <= width:
        return text
    while text and _text_width(text.rstrip() + "\u2026", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def _wrapped(words: Sequence[str], width: float, size: float, bold: bool, lines: int,
             sep: str = " ") -> list[str]:
    """``words`` joined by ``sep`` into at most ``lines`` lines of ``width``; the last
    line is shortened with an ellipsis when the words don't fit."""
    return _wrapped_tokens([(w, sep) for w in words], width, size, bold, lines)


def _wrapped_phrases(phrases: Sequence[str], width: float, size: float, bold: bool,
                     lines: int, sep: str) -> list[str]:
    """Phrases joined by ``sep``, a phrase too wide for a line broken at its spaces."""
    tokens = []
    for phrase in phrases:
        parts = (phrase.split(" ") if _text_width(phrase, size, bold) > width else [phrase])
        tokens += [(part, sep if i == 0 else " ") for i, part in enumerate(parts)]
    return _wrapped_tokens(tokens, width, size, bold, lines)


def _wrapped_tokens(tokens: Sequence[tuple[str, str]], width: float, size: float, bold: bool,
                    lines: int) -> list[str]:
    """Tokens (text, the separator before it) into at most ``lines`` lines of
    ``width``; the last line is shortened with an ellipsis when they don't fit."""
    out: list[str] = []
    cur = ""
    for i, (word, sep) in enumerate(tokens):
        trial = word if not cur else cur + sep + word
        if _text_width(trial, size, bold) <= width or not cur:
            cur = trial
            continue
        if len(out) == lines - 1:
            cur = trial + "".join(s + w for w, s in tokens[i + 1:])
            break
        out.append(cur)
        cur = word
    if cur:
        out.append(cur)
    return [_ellipsized(line, width, size, bold) for line in out[:lines]]


def _n(v: float) -> str:
    """A coordinate: at most one decimal, no trailing zero, never "-0"."""
    s = f"{round(v, 1):.1f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


# -- layout -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Box:
    """A rectangle on the picture (top left corner, width, height)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def moved(self, dx: float, dy: float) -> "Box":
        return Box(self.x + dx, self.y + dy, self.w, self.h)


@dataclass(frozen=True)
class _Small:
    """A small item at the back of a player's area: a non-creature permanent or a
    group of lands with the same name."""

    key: str
    text: str
    ids: tuple[str, ...]
    tapped: bool
    width: float


@dataclass
class _Panel:
    """One player's area: the rows of items from the front (facing the combat) back."""

    player: str
    top: bool
    rows: list[list[tuple[str, float, float]]]
    smalls: dict[str, _Small]
    box: Box = Box(0, 0, 0, 0)
    items: dict[str, Box] = field(default_factory=dict)


@dataclass
class _Group:
    """A team's players' areas side by side in one frame with the team's name (805,
    810: Two-Headed Giant), or one player's area alone."""

    team: Optional[str]
    panels: list[_Panel]
    box: Box = Box(0, 0, 0, 0)


@dataclass(frozen=True)
class _LegendEntry:
    """One entry of the legend: a sample (``kind``) and its words, where it goes."""

    kind: str
    text: str
    x: float
    y: float
    player: Optional[str] = None


@dataclass
class _Layout:
    """The picture's size, the player areas (in their team groups), every item's box
    (players by name, permanents by id), the creatures in combat in drawing order, the
    legend's box and entries."""

    width: float
    height: float
    groups: list[_Group]
    boxes: dict[str, Box]
    combat: list[str]
    legend_box: Optional[Box] = None
    legend: list[_LegendEntry] = field(default_factory=list)

    @property
    def panels(self) -> list[_Panel]:
        return [p for g in self.groups for p in g.panels]


def _layout(scene: _Scene, legend: bool) -> _Layout:
    """Where everything goes."""
    b = scene.board
    bottom_players = [p for p in b.player_names if p in b.attacking_players]
    top_players = [p for p in b.player_names if p not in b.attacking_players]
    columns = _columns(scene)
    plates = _plate_widths(scene, columns)
    top = _grouped(scene, [_panel(scene, p, True, plates[p]) for p in top_players])
    bottom = _grouped(scene, [_panel(scene, p, False, plates[p]) for p in bottom_players])
    top_w, top_h = _band_size(top)
    bottom_w, bottom_h = _band_size(bottom)
    combat_w = (sum(_column_width(len(bl)) for _, bl in columns)
                + COLUMN_GAP * max(0, len(columns) - 1))
    width = max(top_w, bottom_w, combat_w) + 2 * MARGIN
    zone = _zone_heights(scene)
    _place_band(top, (width - top_w) / 2, MARGIN, top_h, align_bottom=True)
    bottom_y = MARGIN + top_h + sum(zone)
    _place_band(bottom, (width - bottom_w) / 2, bottom_y, bottom_h, align_bottom=False)
    boxes: dict[str, Box] = {}
    for g in top + bottom:
        for p in g.panels:
            boxes.update(p.items)
            for small in p.smalls.values():
                boxes.update((i, p.items[small.key]) for i in small.ids)
    _place_columns(scene, columns, boxes, width, MARGIN + top_h, zone)
    height = bottom_y + bottom_h + MARGIN
    out = _Layout(width, height, top + bottom, boxes,
                  [a for a, _ in columns] + [bl for _, bls in columns for bl in bls])
    if legend:
        entries, rows = _legend(scene, width - 2 * MARGIN - 2 * PAD)
        out.legend_box = Box(MARGIN, height, width - 2 * MARGIN,
                             rows * LEGEND_ROW + 2 * PAD - 6)
        out.legend = [replace_xy(e, MARGIN + PAD, height + PAD) for e in entries]
        out.height = height + out.legend_box.h + MARGIN
    return out


def replace_xy(e: _LegendEntry, dx: float, dy: float) -> _LegendEntry:
    """A legend entry moved by (dx, dy)."""
    return _LegendEntry(e.kind, e.text, e.x + dx, e.y + dy, e.player)


def _plate_widths(scene: _Scene, columns: list[tuple[str, list[str]]]) -> dict[str, float]:
    """How wide each player's plate is: as wide as the columns of the creatures
    attacking them, so that those arrows go straight up."""
    out = {}
    for player in scene.board.player_names:
        mine = [_column_width(len(bl)) for a, bl in columns if scene.attacks[a] == player]
        out[player] = max(_plate_min_width(scene, player),
                          sum(mine) + COLUMN_GAP * (len(mine) - 1))
    return out


def _plate_min_width(scene: _Scene, player: str) -> float:
    """Wide enough for life and role on one line each, if that is not too wide."""
    text = _plate_text(scene, player, 10**6)
    words = [_text_width(line, 12, True) for line in text.life]
    words += [_text_width(text.role, 9.5)] if text.role else []
    words += [_mark_width(m) for m in text.dealt]
    return float(min(max([CARD_W - 16.0] + words) + 16, 1.6 * CARD_W))


def _panel(scene: _Scene, player: str, top: bool, plate_w: float) -> _Panel:
    """A player's area, its rows measured (not yet placed)."""
    b = scene.board
    mine = [p for p in b.permanents if p.controller == player and p.id not in scene.in_combat
            and p.id not in scene.on_host]
    front = [p.id for p in mine if not p.is_creature and (p.is_planeswalker or p.is_battle)]
    creatures = [p.id for p in mine if p.is_creature]
    plate_h = _plate_text(scene, player, plate_w).height
    rows = [[(player, plate_w, plate_h)] + [(k, CARD_W, CARD_H) for k in front]]
    rows += [[(k, CARD_W, CARD_H) for k in creatures[i:i + ROW_MAX]]
             for i in range(0, len(creatures), ROW_MAX)]
    inner = max(max(_row_width(r) for r in rows), 2 * CARD_W + GAP)
    smalls = _smalls(scene, [p for p in mine if not _is_card(p)])
    row: list[tuple[str, float, float]] = []
    for s in smalls:
        if row and _row_width(row) + GAP + s.width > inner:
            rows.append(row)
            row = []
        row.append((s.key, s.width, SMALL_H))
    if row:
        rows.append(row)
    panel = _Panel(player, top, rows, {s.key: s for s in smalls})
    _measure(scene, panel, inner)
    return panel


def _smalls(scene: _Scene, perms: list[Permanent]) -> list[_Small]:
    """Other permanents one by one, then lands grouped by name and tappedness."""
    out: list[_Small] = []
    for p in perms:
        if not p.is_land:
            text = _ellipsized(scene.label(p.id), CARD_W - 16, 9.5)
            out.append(_Small(p.id, text, (p.id,), p.tapped, _small_width(text)))
    groups: dict[tuple[str, bool], list[str]] = {}
    for p in perms:
        if p.is_land:
            groups.setdefault((p.name, p.tapped), []).append(p.id)
    for (name, tapped), ids in groups.items():
        full = _clean(name) if len(ids) == 1 else f"{len(ids)}\u00d7 {_clean(name)}"
        text = _ellipsized(full, CARD_W - 16, 9.5)
        out.append(_Small(f"{ids[0]}", text, tuple(ids), tapped, _small_width(text)))
    return out


def _small_width(text: str) -> float:
    return float(min(CARD_W, max(56, math.ceil(_text_width(text, 9.5)) + 16)))


def _row_width(row: Sequence[tuple[str, float, float]]) -> float:
    return sum(w for _, w, _ in row) + GAP * max(0, len(row) - 1)


def _measure(scene: _Scene, panel: _Panel, inner: float) -> None:
    """The panel's size and its items' boxes relative to its top left corner; a top
    panel shows its rows back to front, so that the front row faces the combat. A
    card's attachments peek out on the side away from the combat (its row is taller
    by that much)."""
    rows = list(reversed(panel.rows)) if panel.top else panel.rows
    y = float(PAD)
    for row in rows:
        def card(key: str) -> bool:
            return key != panel.player and key not in panel.smalls

        h = max(ih + (scene.tab_room(key) if card(key) else 0) for key, _, ih in row)
        x = PAD + (inner - _row_width(row)) / 2
        front = row is panel.rows[0]
        for key, w, ih in row:
            if front or card(key):
                dy = (h - ih) if panel.top else 0
            else:
                dy = (h - ih) / 2
            panel.items[key] = Box(x, y + dy, w, ih)
            x += w + GAP
        y += h + GAP
    panel.box = Box(0, 0, inner + 2 * PAD, y - GAP + PAD)


def _grouped(scene: _Scene, panels: list[_Panel]) -> list[_Group]:
    """The areas of teammates together in a team's frame (805.2, 810.1), in the order
    of each team's first player; a player without a team alone."""
    groups: list[_Group] = []
    teams: dict[str, _Group] = {}
    for p in panels:
        team = scene.board.player(p.player).team
        if team is None:
            groups.append(_Group(None, [p]))
        elif team in teams:
            teams[team].panels.append(p)
        else:
            teams[team] = _Group(team, [p])
            groups.append(teams[team])
    for g in groups:
        w = sum(p.box.w for p in g.panels) + PANEL_GAP * (len(g.panels) - 1)
        h = max(p.box.h for p in g.panels)
        if g.team is not None:
            name = _text_width(scene.t("draw.team", team=g.team), 11, True) + 2 * PAD
            w = max(w, name) + 2 * TEAM_PAD
            h += TEAM_HEAD + TEAM_PAD
        g.box = Box(0, 0, w, h)
    return groups


def _band_size(groups: list[_Group]) -> tuple[float, float]:
    if not groups:
        return 0.0, 0.0
    return (sum(g.box.w for g in groups) + PANEL_GAP * (len(groups) - 1),
            max(g.box.h for g in groups))


def _place_band(groups: list[_Group], x: float, y: float, h: float, align_bottom: bool) -> None:
    """Groups side by side from ``x``; top ones meet the combat with their bottoms."""
    for g in groups:
        gy = y + (h - g.box.h if align_bottom else 0)
        g.box = Box(x, gy, g.box.w, g.box.h)
        framed = g.team is not None
        inner_w = sum(p.box.w for p in g.panels) + PANEL_GAP * (len(g.panels) - 1)
        px = x + (g.box.w - inner_w) / 2
        py = gy + (TEAM_HEAD if framed else 0)
        ph = g.box.h - (TEAM_HEAD + TEAM_PAD if framed else 0)
        for p in g.panels:
            dy = py + (ph - p.box.h if align_bottom else 0)
            p.box = p.box.moved(px, dy)
            p.items = {k: v.moved(px, dy) for k, v in p.items.items()}
            px += p.box.w + PANEL_GAP
        x += g.box.w + PANEL_GAP


def _zone_heights(scene: _Scene) -> tuple[float, ...]:
    """The heights of the combat zone's bands: room for arrow heads (and the
    blockers' attachments), blockers, room for the arrows between blockers and
    attackers, attackers, room below (and the attackers' attachments)."""
    if not scene.attacks:
        return (ZONE_EMPTY,)
    below = max(scene.tab_room(a) for a in scene.attacks)
    if not scene.blocks:
        return (ZONE_TOP, CARD_H, ZONE_BOTTOM + below)
    above = max(scene.tab_room(bl) for bl in scene.blocks)
    return (ZONE_TOP + above, CARD_H, ZONE_MIDDLE, CARD_H, ZONE_BOTTOM + below)


def _columns(scene: _Scene) -> list[tuple[str, list[str]]]:
    """Attackers with the blockers drawn above them (a blocker above the first of the
    attackers it blocks), in board order; sorted by place later."""
    attackers = scene.in_board_order(scene.attacks)
    placed: set[str] = set()
    out = []
    for a in attackers:
        above = [bl for bl in scene.blockers_of.get(a, []) if bl not in placed]
        placed.update(above)
        out.append((a, above))
    return out


def _column_width(blockers: int) -> float:
    n = max(1, blockers)
    return n * CARD_W + (n - 1) * GAP


def _place_columns(scene: _Scene, columns: list[tuple[str, list[str]]], boxes: dict[str, Box],
                   width: float, y: float, zone: tuple[float, ...]) -> None:
    """The combat columns, each as near below what its attacker attacks as there is
    room for, left to right in that order."""
    if not columns:
        return
    blockers_y = y + zone[0]
    attackers_y = y + sum(zone[:-2]) if len(zone) > 3 else y + zone[0]
    columns.sort(key=lambda c: (boxes[scene.attacks[c[0]]].cx, scene.order[c[0]]))
    xs = _spread(_wanted(scene, columns, boxes), [_column_width(len(bl)) for _, bl in columns],
                 MARGIN, width - MARGIN)
    for (a, above), x in zip(columns, xs, strict=True):
        cw = _column_width(len(above))
        boxes[a] = Box(x + (cw - CARD_W) / 2, attackers_y, CARD_W, CARD_H)
        for i, bl in enumerate(above):
            boxes[bl] = Box(x + i * (CARD_W + GAP), blockers_y, CARD_W, CARD_H)


def _wanted(scene: _Scene, columns: list[tuple[str, list[str]]],
            boxes: dict[str, Box]) -> list[float]:
    """Where each column would like its left edge: the columns attacking one target
    side by side, centred below it."""
    out: list[float] = []
    i = 0
    while i < len(columns):
        target = scene.attacks[columns[i][0]]
        group = [c for c in columns[i:] if scene.attacks[c[0]] == target]
        widths = [_column_width(len(bl)) for _, bl in group]
        x = boxes[target].cx - (sum(widths) + COLUMN_GAP * (len(widths) - 1)) / 2
        for w in widths:
            out.append(x)
            x += w + COLUMN_GAP
        i += len(group)
    return out


def _spread(wanted: list[float], widths: list[float], lo: float, hi: float) -> list[float]:
    """Left edges as near the wanted ones as possible, in order, without overlap,
    within [lo, hi] (the widths fit)."""
    xs: list[float] = []
    edge = lo
    for x, w in zip(wanted, widths, strict=True):
        x = max(x, edge)
        xs.append(x)
        edge = x + w + COLUMN_GAP
    edge = hi
    for i in range(len(xs) - 1, -1, -1):
        xs[i] = min(xs[i], edge - widths[i])
        edge = xs[i] - COLUMN_GAP
    return xs


def _legend(scene: _Scene, width: float) -> tuple[list[_LegendEntry], int]:
    """The legend's entries for what the picture shows, flowed into rows of ``width``
    (positions relative to the legend's inner top left); and how many rows."""
    b = scene.board
    items: list[tuple[str, str, Optional[str]]] = []
    if scene.attacks:
        items.append(("attack", scene.t("draw.legend_attacks"), None))
    if scene.blocks:
        items.append(("block", scene.t("draw.legend_blocks"), None))
    if scene.damage:
        items.append(("damage", scene.t("draw.legend_damage"), None))
    if scene.result.destroyed:
        items.append(("destroyed", scene.t("draw.destroyed"), None))
    if scene.on_host:
        items.append(("attached", scene.t("draw.legend_attached"), None))
    if scene.result.given:
        items.append(("change", scene.t("draw.legend_change"), None))
    items.append(("heading", scene.t("draw.legend_controller"), None))
    items += [("controller", scene.label(p), p) for p in b.player_names]
    out: list[_LegendEntry] = []
    x, row = 0.0, 0
    for i, (kind, text, player) in enumerate(items):
        w = _legend_width(kind, text)
        if kind == "heading":  # the controllers stay on one row with it when they can
            w = sum(_legend_width(k, t) + 16 for k, t, _ in items[i:]) - 10 - 16
        if x and x + w > width:
            x, row = 0.0, row + 1
        w = _legend_width(kind, text)
        out.append(_LegendEntry(kind, text, x, row * LEGEND_ROW, player))
        x += w + (6 if kind == "heading" else 16)
    return out, row + 1


def _legend_width(kind: str, text: str) -> float:
    sample = {"heading": 0.0, "change": 0.0, "controller": 20.0}.get(kind, LEGEND_SAMPLE)
    return sample + (6 if sample else 0) + _text_width(text, 10)


# -- rendering ------------------------------------------------------------------------------
def _el(parent: ET.Element, tag: str, attrs: Optional[dict[str, Any]] = None,
        text: Optional[str] = None) -> ET.Element:
    """A child element: numbers formatted by :func:`_n`, strings made safe for XML
    (ElementTree escapes ``<``, ``&`` and quotes)."""
    e = ET.SubElement(parent, tag, {k: _value(v) for k, v in (attrs or {}).items()})
    if text is not None:
        e.text = _clean(text)
    return e


def _value(v: Any) -> str:
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return _n(v)
    return _clean(str(v))


def _render(scene: _Scene, layout: _Layout, size: Optional[int]) -> ET.Element:
    """The whole picture: team frames, player areas, the creatures in combat, the
    arrows between them, the legend."""
    w, h = layout.width, layout.height
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "version": "1.1",
                              "viewBox": f"0 0 {_n(w)} {_n(h)}", "class": "mtgcombat-draw"})
    if size is not None:
        root.set("width", str(int(size)))
        root.set("height", str(round(size * h / w)))
    _el(root, "title", text=scene.t("draw.title", player=scene.board.active_player))
    _el(root, "style", text=STYLE)
    _el(root, "rect", {"class": "background", "x": 0, "y": 0, "width": w, "height": h})
    for group in layout.groups:
        if group.team is not None:
            _team_frame(root, scene, group)
    for panel in layout.panels:
        _render_panel(root, scene, panel)
    arrows = _el(root, "g", {"class": "attacks"})
    for a in scene.in_board_order(scene.attacks):
        _attack_arrow(arrows, scene, layout.boxes, a)
    combat = _el(root, "g", {"class": "combat"})
    for oid in layout.combat:
        _card(combat, scene, scene.board.permanent(oid), layout.boxes[oid])
    blocks = _el(root, "g", {"class": "blocks"})
    for bl in scene.in_board_order(scene.blocks):
        for a in scene.blocks[bl]:
            _block_arrow(blocks, scene, layout.boxes, bl, a)
    if layout.legend_box is not None:
        _render_legend(root, scene, layout)
    return root


def _team_frame(root: ET.Element, scene: _Scene, group: _Group) -> None:
    """A team's frame and name around its players' areas."""
    box = group.box
    g = _el(root, "g", {"class": "team", "data-team": group.team})
    _el(g, "rect", {"class": "team-frame", "x": box.x, "y": box.y, "width": box.w,
                    "height": box.h, "rx": 14})
    _el(g, "text", {"class": "team-name", "x": box.x + PAD, "y": box.y + 15},
        _ellipsized(scene.t("draw.team", team=group.team), box.w - 2 * PAD, 11, True))


def _render_panel(root: ET.Element, scene: _Scene, panel: _Panel) -> None:
    b = scene.board
    color = scene.colors[panel.player]
    bystander = panel.top and panel.player not in b.defenders
    g = _el(root, "g", {"class": "area", "data-player": panel.player})
    box = panel.box
    _el(g, "rect", {"class": "panel bystander" if bystander else "panel", "x": box.x, "y": box.y,
                    "width": box.w, "height": box.h, "rx": 12, "fill": color, "stroke": color})
    for key, ibox in panel.items.items():
        if key == panel.player:
            _plate(g, scene, panel.player, ibox)
        elif key in panel.smalls:
            _small(g, scene, panel.smalls[key], ibox)
        else:
            _card(g, scene, b.permanent(key), ibox)


# -- damage marks ----------------------------------------------------------------------------
@dataclass(frozen=True)
class _Mark:
    """Damage dealt to one recipient: the amount and by what (one source, or the
    rest of them together when there is no room for each)."""

    amount: int
    text: str
    sources: tuple[str, ...]


def _marks(scene: _Scene, to: str, room: int) -> list[_Mark]:
    """The damage marks of a recipient, at most ``room`` (at least one)."""
    dealt = scene.dealt.get(to, [])
    room = max(1, room)
    out = [_Mark(n, scene.t("draw.dealt_from", source=s), (s,)) for s, n in dealt[:room]]
    if len(dealt) > room:
        rest = dealt[room - 1:]
        out[-1] = _Mark(sum(n for _, n in rest), scene.t("draw.dealt_from_many", n=len(rest)),
                        tuple(s for s, _ in rest))
    return out


def _pill_width(amount: int) -> float:
    return max(16.0, _text_width(str(amount), 9.5, True) + 9)


def _mark_width(mark: _Mark) -> float:
    return _pill_width(mark.amount) + 4 + _text_width(mark.text, 9.5, True)


def _mark(parent: ET.Element, scene: _Scene, mark: _Mark, to: str, x: float, y: float,
          width: float) -> None:
    """A damage mark at ``x`` with its baseline at ``y``: the amount in a red pill and
    by what, shortened to ``width``."""
    g = _el(parent, "g", {"class": "damage", "data-from": " ".join(mark.sources),
                          "data-to": to})
    dealt = dict(scene.dealt.get(to, []))
    _el(g, "title", text="; ".join(scene.t("draw.deals", source=s, to=to, n=dealt[s])
                                   for s in mark.sources))
    pill = _pill_width(mark.amount)
    _el(g, "rect", {"x": x, "y": y - 9, "width": pill, "height": 11.5, "rx": 5.75})
    _el(g, "text", {"class": "amount", "x": x + pill / 2, "y": y - 0.5}, str(mark.amount))
    _el(g, "text", {"class": "from", "x": x + pill + 4, "y": y},
        _ellipsized(mark.text, width - pill - 4, 9.5, True))


# -- players ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class _PlateText:
    """The lines on a player's plate: name, life, then (class, text) lines, damage
    marks, role."""

    names: list[str]
    life: list[str]
    extra: list[tuple[str, str]]
    dealt: list[_Mark]
    role: Optional[str]

    @property
    def height(self) -> float:
        bottom = (24 + 15.5 * len(self.names) + 14.5 * len(self.life) + 12.5 * len(self.extra)
                  + 14 * len(self.dealt))
        return max(56.0, bottom + (9 if self.role else -3))


#: The most damage marks a player's plate shows one by one.
PLATE_MARKS = 4


def _plate_text(scene: _Scene, name: str, width: float) -> _PlateText:
    b = scene.board
    player = b.player(name)
    width -= 16
    extra = []
    if name in scene.result.lost:
        extra.append(("line lost", scene.t("draw.lost")))
    poison = scene.result.poison.get(name, player.poison)
    if poison != player.poison:
        extra.append(("line", scene.t("draw.poison_change", before=player.poison, after=poison)))
    elif player.poison:
        extra.append(("line", scene.t("draw.poison", n=player.poison)))
    role = ("draw.active_player" if name == b.active_player
            else "draw.defending_player" if name in b.defenders else None)
    return _PlateText(_wrapped(scene.label(name).split(" "), width, 13, True, 2),
                      _wrapped(_life(scene, name).split(" "), width, 12, True, 2),
                      [(c, _ellipsized(x, width, 10, "lost" in c)) for c, x in extra],
                      _marks(scene, name, PLATE_MARKS) if name in scene.dealt else [],
                      None if role is None else _ellipsized(scene.t(role), width, 9.5))


def _plate(parent: ET.Element, scene: _Scene, name: str, box: Box) -> None:
    """A player: name, life (before and after combat), poison, damage dealt, role."""
    text = _plate_text(scene, name, box.w)
    classes = "player lost" if name in scene.result.lost else "player"
    g = _el(parent, "g", {"class": classes, "data-id": name})
    _el(g, "title", text=scene.label(name))
    _el(g, "rect", {"class": "plate", "x": box.x, "y": box.y, "width": box.w, "height": box.h,
                    "rx": 10, "stroke": scene.colors[name]})
    y = box.y + 21
    for line in text.names:
        _el(g, "text", {"class": "name", "x": box.x + 8, "y": y}, line)
        y += 15.5
    y += 3
    for line in text.life:
        _el(g, "text", {"class": "life", "x": box.x + 8, "y": y}, line)
        y += 14.5
    for cls, line in text.extra:
        _el(g, "text", {"class": cls, "x": box.x + 8, "y": y}, line)
        y += 12.5
    y += 2
    for mark in text.dealt:
        _mark(g, scene, mark, name, box.x + 8, y, box.w - 16)
        y += 14
    if text.role:
        _el(g, "text", {"class": "role", "x": box.x + 8, "y": box.bottom - 8}, text.role)


def _life(scene: _Scene, name: str) -> str:
    """Life in words, with the change combat made when a result is given."""
    before = scene.board.player(name).life
    after = scene.result.life.get(name)
    if after is None or after == before:
        return scene.t("draw.life", n=before)
    return scene.t("draw.life_change", before=before, after=after)


# -- permanents ---------------------------------------------------------------------------------
def _small(parent: ET.Element, scene: _Scene, item: _Small, box: Box) -> None:
    """A non-creature permanent or a group of lands: a small labelled chip."""
    classes = "small tapped" if item.tapped else "small"
    if any(i in scene.result.destroyed for i in item.ids):
        classes += " destroyed"
    attrs = {"class": classes, "data-id": item.ids[0]}
    if len(item.ids) > 1:
        attrs["data-count"] = str(len(item.ids))
    g = _el(parent, "g", attrs)
    title = ", ".join(scene.label(i) for i in item.ids)
    if item.tapped:
        title += " (" + scene.t("draw.tapped") + ")"
    _el(g, "title", text=title)
    perm = scene.board.permanent(item.ids[0])
    _el(g, "rect", {"class": "frame", "x": box.x, "y": box.y, "width": box.w, "height": box.h,
                    "rx": 5, "fill": _frame_color(perm)})
    _el(g, "text", {"x": box.x + 8, "y": box.y + 15.5}, item.text)
    if "destroyed" in classes:
        _cross(g, box)


def _frame_color(perm: Permanent) -> str:
    if len(perm.colors) > 1:
        return GOLD
    if perm.colors:
        return FRAMES[perm.colors[0]]
    return COLORLESS


def _card(parent: ET.Element, scene: _Scene, perm: Permanent, box: Box) -> None:
    """A creature, planeswalker or battle: its attachments peeking out from under it;
    name, damage dealt to it, keywords, state; at the bottom marked damage and
    counters, power/toughness, loyalty or defense."""
    kinds = [k for k, on in (("creature", perm.is_creature), ("planeswalker", perm.is_planeswalker),
                             ("battle", perm.is_battle)) if on]
    destroyed = perm.id in scene.result.destroyed
    classes = ["card"] + kinds + (["tapped"] if perm.tapped else []) + (
        ["destroyed"] if destroyed else [])
    attrs: dict[str, Any] = {"class": " ".join(classes), "data-id": perm.id}
    if perm.tapped:
        attrs["transform"] = f"rotate({TAPPED_ANGLE} {_n(box.cx)} {_n(box.cy)})"
    g = _el(parent, "g", attrs)
    _el(g, "title", text=scene.label(perm.id))
    _attachments(g, scene, perm, box)
    _el(g, "rect", {"class": "frame", "x": box.x, "y": box.y, "width": box.w, "height": box.h,
                    "rx": 6, "fill": _frame_color(perm)})
    _el(g, "rect", {"x": box.x + 4, "y": box.y + 4, "width": box.w - 8, "height": 4, "rx": 2,
                    "fill": scene.colors[perm.controller]})
    if destroyed:
        _cross(g, box)
    pills = _bottom_pills(scene, perm)
    right = _card_badges(g, scene, perm, box)
    rows = _pill_rows(pills, right - box.x - 6, box.w - 12)
    _card_lines(g, scene, perm, box, 6 - 2 * (len(rows) - 1) if rows else 6)
    _draw_pills(g, rows, box)


def _attachments(g: ET.Element, scene: _Scene, host: Permanent, box: Box) -> None:
    """The Auras and Equipment attached to a card, peeking out from under it on the
    side away from the combat (301.5, 303.4): the farthest first, so that each
    nearer one covers the hidden part of the one behind it."""
    tabs = scene.tabs.get(host.id, [])
    below = scene.tabs_below(host.id)
    for k in reversed(range(len(tabs))):
        att = scene.board.permanent(tabs[k])
        destroyed = att.id in scene.result.destroyed
        if below:
            top, base = box.bottom + TAB_H * k - 8, box.bottom + TAB_H * k + 12.5
        else:
            top, base = box.y - TAB_H * (k + 1), box.y - TAB_H * (k + 1) + 12
        t = _el(g, "g", {"class": "attachment destroyed" if destroyed else "attachment",
                         "data-id": att.id, "data-on": host.id})
        _el(t, "title", text=scene.t("draw.attached", item=att.id, host=host.id))
        x, w = box.x + 5, box.w - 10
        _el(t, "rect", {"class": "frame", "x": x, "y": top, "width": w, "height": TAB_H + 8,
                        "rx": 4, "fill": _frame_color(att)})
        _el(t, "rect", {"x": x + 3, "y": base - 8, "width": 4, "height": 8, "rx": 1,
                        "fill": scene.colors[att.controller]})
        name = _ellipsized(scene.label(att.id), w - 18, 9)
        _el(t, "text", {"x": x + 11, "y": base}, name)
        if destroyed:
            _el(t, "line", {"class": "cross", "x1": x + 8, "y1": base - 3.5,
                            "x2": x + 11 + _text_width(name, 9), "y2": base - 3.5})


def _card_lines(g: ET.Element, scene: _Scene, perm: Permanent, box: Box, room: int) -> None:
    """Name (two lines at most), damage dealt to it, keywords, state: as many lines as
    there is ``room`` for."""
    text_w = box.w - 12
    names = _wrapped(scene.label(perm.id).split(" "), text_w, 11, True, 2)
    destroyed = perm.id in scene.result.destroyed
    status = _status(scene, perm)
    has_kw = bool(_keyword_words(scene, perm, short=False))
    left = room - len(names)
    marks: list[_Mark] = []
    if perm.id in scene.dealt:
        marks = _marks(scene, perm.id, left - destroyed - has_kw - bool(status))
    left -= len(marks) + destroyed
    kws = (_keyword_lines(scene, perm, text_w, max(1, left - min(len(status), 1)))
           if left > 0 else [])
    left -= len(kws)
    states = (_wrapped(status, text_w, 9.5, False, left, " \u00b7 ")
              if status and left > 0 else [])
    x, y = box.x + 6, box.y + 20
    for line in names:
        _el(g, "text", {"class": "name", "x": x, "y": y}, line)
        y += LINE + 0.5
    for mark in marks:
        _mark(g, scene, mark, perm.id, x, y, text_w)
        y += LINE
    if destroyed:
        _el(g, "text", {"class": "status destroyed", "x": x, "y": y},
            _ellipsized(scene.t("draw.destroyed"), text_w, 9.5, True))
        y += LINE
    if kws:
        full = ", ".join(_keyword_words(scene, perm, short=False))
        for line in kws:
            t = _el(g, "text", {"class": "kw", "x": x, "y": y}, line)
            _el(t, "title", text=full)
            y += LINE
    for line in states:
        t = _el(g, "text", {"class": "status", "x": x, "y": y}, line)
        if states[-1].endswith("\u2026"):
            _el(t, "title", text=" \u00b7 ".join(status))
        y += LINE


def _status(scene: _Scene, perm: Permanent) -> list[str]:
    """The words for the permanent's state, most important first."""
    out = []
    if perm.id in scene.result.defeated:
        out.append(scene.t("draw.defeated"))
    if perm.is_battle and perm.protector is not None:
        out.append(scene.t("draw.protector", player=perm.protector))
    if perm.id in scene.attacks and scene.is_blocked(perm.id):
        # What a blocked attacker attacks, when there is more than one thing it could.
        out.append(scene.t("draw.blocked"))
        if len(scene.board.attack_targets()) > 1:
            out.append(scene.t("draw.attacking", target=scene.attacks[perm.id]))
    if perm.tapped:
        out.append(scene.t("draw.tapped"))
    if perm.summoning_sick and perm.is_creature:
        out.append(scene.t("draw.sick"))
    if perm.goaded_by:
        out.append(scene.t("draw.goaded", players=tuple(perm.goaded_by)))
    return out


def _keyword_words(scene: _Scene, perm: Permanent, short: bool) -> list[str]:
    """The permanent's combat keywords in words (full or short); protection with its
    quality (702.16a)."""
    bound = scene.board.bound
    kws = set(bound.keywords.get(perm.id, ()))
    if "trample over planeswalkers" in kws:
        kws.discard("trample")
    out = [scene.t("draw.keyword", kw=k, short=short) for k in KEYWORD_ORDER if k in kws]
    out += [scene.t("draw.landwalk", walk=walk) for walk in sorted(bound.walks.get(perm.id, ()))]
    for inst in bound.protections(perm.id):
        words = scene.t("draw.protection", short=short, **_protection(scene, inst))
        if words not in out:
            out.append(words)
    return out


def _protection(scene: _Scene, inst: Any) -> dict[str, Any]:
    """What a protection is from (702.16a), as the ``draw.protection`` template takes
    it: everything (702.16j), a player (702.16k), a color, or else the card's words."""
    pr = inst.ability
    if pr.everything:
        return {"quality": "everything"}
    if pr.player is not None:
        who = scene.board.bound.player_of(pr.player, inst.source)
        if who is not None:
            return {"quality": "player", "player": who}
    if isinstance(pr.pred, A.ColorPred) and pr.pred.color in COLOR_WORDS:
        return {"quality": "color", "color": COLOR_WORDS[pr.pred.color]}
    return {"quality": "text", "label": pr.label or ""}


def _keyword_lines(scene: _Scene, perm: Permanent, width: float, lines: int) -> list[str]:
    """The keywords on at most ``lines`` lines: in full if they fit, else short."""
    words = _keyword_words(scene, perm, short=False)
    if not words:
        return []
    sep = " \u00b7 "
    out = _wrapped_phrases(words, width, 9.5, False, lines, sep)
    if out[-1].endswith("\u2026"):
        out = _wrapped_phrases(_keyword_words(scene, perm, short=True), width, 9.5, False,
                               lines, sep)
    return out


def _card_badges(g: ET.Element, scene: _Scene, perm: Permanent, box: Box) -> float:
    """Power/toughness, loyalty, defense from the right at the bottom; returns the
    left end of them."""
    right = box.x + box.w - 6
    y = box.bottom - 24
    if perm.is_creature:
        text = f"{_pt(perm.power)}/{_pt(perm.toughness)}"
        right = _badge(g, text, right, y, "badge", "badge-text", 12, True)
    for kind, before, after in (("loyalty", perm.loyalty, scene.result.loyalty.get(perm.id)),
                                ("defense", perm.defense, scene.result.defense.get(perm.id))):
        if before is None:
            continue
        words = (scene.t(f"draw.{kind}", n=before) if after is None or after == before
                 else scene.t(f"draw.{kind}_change", before=before, after=after))
        right = _badge(g, words, right, y, "counter", "counter-text", 10, True)
    return right


def _bottom_pills(scene: _Scene, perm: Permanent) -> list[tuple[str, str]]:
    """The (class, text) pills at a card's bottom left: damage marked on it before
    (120.6), then its counters (122) -- loyalty and defense counters are its loyalty
    and defense, shown at the right."""
    out = []
    if perm.damage:
        out.append(("marked", scene.t("draw.damage_marked", n=perm.damage)))
    shown = {"loyalty"} if perm.loyalty is not None else set()
    shown |= {"defense"} if perm.defense is not None else set()
    for kind, n in perm.counters.items():
        if n and kind not in shown:
            out.append(("counter", scene.t("draw.counter", kind=kind, n=n)))
    return out


def _pill_rows(pills: list[tuple[str, str]], first: float,
               width: float) -> list[list[tuple[str, str, float]]]:
    """The pills flowed into rows from the bottom up: the first row as wide as
    ``first`` (left of the badges), the others ``width``."""
    rows: list[list[tuple[str, str, float]]] = []
    row: list[tuple[str, str, float]] = []
    used, room = 0.0, first
    for cls, text in pills:
        w = min(_text_width(text, 9.5, True) + 10, width)
        if row and used + w > room:
            rows.append(row)
            row, used, room = [], 0.0, width
        row.append((cls, text, w))
        used += w + 4
    if row:
        rows.append(row)
    return rows[:3]


def _draw_pills(g: ET.Element, rows: list[list[tuple[str, str, float]]], box: Box) -> None:
    for i, row in enumerate(rows):
        x, y = box.x + 6, box.bottom - 22 - 20 * i
        for cls, text, w in row:
            _el(g, "rect", {"class": cls, "x": x, "y": y, "width": w, "height": 14, "rx": 7})
            _el(g, "text", {"class": "marked-text", "x": x + w / 2, "y": y + 10.5},
                _ellipsized(text, w - 6, 9.5, True))
            x += w + 4


def _pt(v: Optional[int]) -> str:
    """Power or toughness ("?" when the board gives none)."""
    return "?" if v is None else str(v)


def _badge(g: ET.Element, text: str, right: float, y: float, box_cls: str, text_cls: str,
           size: float, bold: bool) -> float:
    """A labelled box ending at ``right``; returns where the next one ends."""
    width = _text_width(text, size, bold) + 10
    _el(g, "rect", {"class": box_cls, "x": right - width, "y": y, "width": width,
                    "height": 18, "rx": 4})
    _el(g, "text", {"class": text_cls, "x": right - width / 2, "y": y + 13}, text)
    return right - width - 4


def _cross(g: ET.Element, box: Box) -> None:
    """Crossed out: destroyed."""
    for x1, y1, x2, y2 in ((box.x + 8, box.y + 8, box.x + box.w - 8, box.bottom - 8),
                           (box.x + box.w - 8, box.y + 8, box.x + 8, box.bottom - 8)):
        _el(g, "line", {"class": "cross", "x1": x1, "y1": y1, "x2": x2, "y2": y2})


# -- arrows ------------------------------------------------------------------------------
def _attack_end(scene: _Scene, boxes: dict[str, Box], attacker: str) -> tuple[float, float]:
    """Where an unblocked attacker's arrow ends: on the edge of its target facing the
    attacker, arrows to the same permanent spread along it in the order of their
    attackers."""
    target = scene.attacks[attacker]
    tb, ab = boxes[target], boxes[attacker]
    y = tb.bottom if tb.cy < ab.cy else tb.y
    if target in scene.board.player_names:
        return min(max(ab.cx, tb.x + 14), tb.x + tb.w - 14), y
    same = sorted((a for a, t in scene.attacks.items() if t == target and not scene.is_blocked(a)),
                  key=lambda a: (boxes[a].cx, scene.order[a]))
    i = same.index(attacker)
    return tb.x + tb.w * (i + 1) / (len(same) + 1), y


def _attack_arrow(parent: ET.Element, scene: _Scene, boxes: dict[str, Box], attacker: str) -> None:
    """An attack: to what it attacks (508.1a); a blocked attacker's to each of its
    blockers only, beside the blocker's own arrow (509.1h: it stays blocked), or, when
    its blockers are gone, a short arrow stopped by a bar."""
    target = scene.attacks[attacker]
    blockers = scene.blockers_of.get(attacker, [])
    blocked = scene.is_blocked(attacker)
    g = _el(parent, "g", {"class": "attack blocked" if blocked else "attack",
                          "data-from": attacker, "data-to": target})
    if blockers:
        g.set("data-blockers", " ".join(blockers))
    title = scene.t("draw.attacks_blocked" if blocked else "draw.attacks", attacker=attacker,
                    target=target)
    _el(g, "title", text=title)
    ab = boxes[attacker]
    if blockers:
        for bl in blockers:
            start, end = _pair(scene, boxes, bl, attacker)
            _arrow(g, _shifted(end, PAIR_OFFSET), _shifted(start, PAIR_OFFSET), head=12, half=8)
    elif blocked:
        top = ab.y - ZONE_MIDDLE / 2
        _el(g, "line", {"x1": ab.cx, "y1": ab.y, "x2": ab.cx, "y2": top})
        _el(g, "line", {"class": "stop", "x1": ab.cx - 12, "y1": top, "x2": ab.cx + 12,
                        "y2": top})
    else:
        end = _attack_end(scene, boxes, attacker)
        start = (ab.cx, ab.y if end[1] < ab.cy else ab.bottom)
        _arrow(g, start, end, head=15, half=10)


def _pair(scene: _Scene, boxes: dict[str, Box], blocker: str,
          attacker: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The middle line between a blocker and an attacker it blocks: from the
    blocker's edge facing the attacker to the attacker's edge facing it, the lines
    meeting one card spread along its edge."""
    bb, ab = boxes[blocker], boxes[attacker]
    mine = sorted(scene.blockers_of[attacker], key=lambda b: (boxes[b].cx, scene.order[b]))
    theirs = sorted(scene.blocks[blocker], key=lambda a: (boxes[a].cx, scene.order[a]))
    xa = ab.x + ab.w * (mine.index(blocker) + 1) / (len(mine) + 1)
    xb = bb.x + bb.w * (theirs.index(attacker) + 1) / (len(theirs) + 1)
    if bb.cy < ab.cy:
        return (xb, bb.bottom), (xa, ab.y)
    return (xb, bb.y), (xa, ab.bottom)


def _shifted(p: tuple[float, float], d: float) -> tuple[float, float]:
    """``p`` moved sideways by ``d`` (staying on the edge of its card)."""
    return p[0] + d, p[1]


def _block_arrow(parent: ET.Element, scene: _Scene, boxes: dict[str, Box], blocker: str,
                 attacker: str) -> None:
    """A block (509.1a): from the blocker to the attacker, beside the attacker's arrow."""
    start, end = _pair(scene, boxes, blocker, attacker)
    g = _el(parent, "g", {"class": "block", "data-from": blocker, "data-to": attacker})
    _el(g, "title", text=scene.t("draw.blocks", blocker=blocker, attacker=attacker))
    _arrow(g, _shifted(start, -PAIR_OFFSET), _shifted(end, -PAIR_OFFSET), head=11, half=7)


def _arrow(g: ET.Element, start: tuple[float, float], end: tuple[float, float], head: float,
           half: float) -> None:
    """A shaft and a triangular head whose tip stops just short of ``end``."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    tip = (x2 - 2 * ux, y2 - 2 * uy)
    base = (tip[0] - head * ux, tip[1] - head * uy)
    _el(g, "line", {"x1": x1, "y1": y1, "x2": base[0], "y2": base[1]})
    corners = (tip, (base[0] - half * uy, base[1] + half * ux),
               (base[0] + half * uy, base[1] - half * ux))
    _el(g, "polygon", {"points": " ".join(f"{_n(x)},{_n(y)}" for x, y in corners)})


# -- the legend ------------------------------------------------------------------------------
def _render_legend(root: ET.Element, scene: _Scene, layout: _Layout) -> None:
    """What the arrows, marks and colours mean."""
    box = layout.legend_box
    assert box is not None
    g = _el(root, "g", {"class": "legend"})
    _el(g, "rect", {"class": "legend-frame", "x": box.x, "y": box.y, "width": box.w,
                    "height": box.h, "rx": 6})
    for e in layout.legend:
        x, y = e.x, e.y + 10
        item = _el(g, "g", {"class": f"legend-{e.kind}"})
        if e.kind in ("attack", "block"):
            _arrow(item, (x, y - 3.5), (x + LEGEND_SAMPLE, y - 3.5),
                   head=10 if e.kind == "attack" else 9, half=6 if e.kind == "attack" else 5)
        elif e.kind == "damage":
            _el(item, "rect", {"x": x + 7, "y": y - 9, "width": 16, "height": 11.5, "rx": 5.75})
            _el(item, "text", {"class": "amount", "x": x + 15, "y": y - 0.5}, "2")
        elif e.kind == "destroyed":
            sample = Box(x + 4, y - 12, 22, 16)
            _el(item, "rect", {"class": "frame", "x": sample.x, "y": sample.y, "width": sample.w,
                               "height": sample.h, "rx": 3, "fill": COLORLESS})
            for x1, y1, x2, y2 in ((sample.x + 3, sample.y + 3, sample.x + sample.w - 3,
                                    sample.bottom - 3),
                                   (sample.x + sample.w - 3, sample.y + 3, sample.x + 3,
                                    sample.bottom - 3)):
                _el(item, "line", {"class": "cross", "x1": x1, "y1": y1, "x2": x2, "y2": y2,
                                   "style": "stroke-width:3"})
        elif e.kind == "attached":
            _el(item, "rect", {"class": "frame", "x": x + 6, "y": y - 13, "width": 18,
                               "height": 10, "rx": 2, "fill": COLORLESS})
            _el(item, "rect", {"class": "frame", "x": x + 2, "y": y - 7, "width": 26,
                               "height": 10, "rx": 2, "fill": "#fff"})
        elif e.kind == "controller" and e.player is not None:
            _el(item, "rect", {"x": x, "y": y - 7, "width": 20, "height": 5, "rx": 2,
                               "fill": scene.colors[e.player]})
        sample = {"heading": 0.0, "change": 0.0, "controller": 20.0}.get(e.kind, LEGEND_SAMPLE)
        _el(item, "text", {"x": x + sample + (6 if sample else 0), "y": y}, e.text)
