"""A picture of a board and its combat, as SVG (``mtgcombat draw``).

:func:`draw` returns SVG text for a :class:`~mtgcombat.Board`: each player an area
with their life (and poison), creatures as cards with power/toughness and their
combat-relevant keyword abilities, planeswalkers with loyalty, battles with defense
and protector, other permanents and lands small; red arrows from each attacking
creature to what it attacks, blue arrows from each blocking creature to what it
blocks, and the amounts of a damage assignment on those arrows.

The defending players sit at the top, the attacking player (and their team) at
the bottom. Creatures in combat step out of their player's area into the middle:
each attacking creature with the creatures blocking it just above it, in columns
ordered by what they attack, so that arrows seldom cross. A player area's front
row, the one facing the combat, holds what can be attacked: the player and their
planeswalkers and battles.

The picture is deterministic (the same board gives the same text: fixed order,
fixed number formatting, no ids made up), valid XML with a ``viewBox``, styled by
one embedded ``<style>`` and without external resources. Every word on it comes
from the text layer (templates ``draw.*``, English or German); card and player
names are never translated, and ElementTree escapes them. Full names that had to
be shortened are kept in ``<title>`` elements (shown on hover).

The idea of a pure function from a position to an SVG string with arrows is that
of python-chess's ``chess.svg``.
"""

from __future__ import annotations

import math
import re
import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional, Sequence, Union, cast

from .rules.model import Board as ModelBoard
from .rules.model import BoardError, Permanent
from .text import Writer

if TYPE_CHECKING:
    from .board import Board

__all__ = ["Svg", "draw"]

#: A damage assignment: source id -> recipient (permanent id or player) -> amount.
DamageAssignment = Mapping[str, Mapping[str, int]]

# -- geometry -------------------------------------------------------------------------
CARD_W = 120
CARD_H = 100
SMALL_H = 24
GAP = 12
PAD = 10
PANEL_GAP = 24
COLUMN_GAP = 24
MARGIN = 16
ROW_MAX = 8
LINE = 12.5
#: The vertical room above the blockers (for arrow heads and damage) and between
#: the blockers and the attackers (for the block arrows).
ZONE_TOP = 70
ZONE_MIDDLE = 80
ZONE_BOTTOM = 40
ZONE_EMPTY = 28
TAPPED_ANGLE = 6

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
.small .frame{stroke-width:1}
.small text{font-size:9.5px}
.attack line{stroke:#d1372a;stroke-width:5;stroke-opacity:0.85}
.attack polygon{fill:#d1372a;fill-opacity:0.9}
.block line{stroke:#2563c9;stroke-width:3.5}
.block polygon{fill:#2563c9}
.hit line{stroke:#8a1c14;stroke-width:1.5;stroke-dasharray:5 3}
.damage circle{fill:#fff;stroke:#b3261e;stroke-width:2}
.damage text{font-size:12px;font-weight:bold;fill:#b3261e;text-anchor:middle}
.cross{stroke:#b3261e;stroke-width:5;stroke-linecap:round;stroke-opacity:0.45}
"""

#: The keyword abilities a card shows, in this order (702): evasion and blocking,
#: then damage, then the rest that matter in combat.
KEYWORD_ORDER = (
    "flying", "reach", "shadow", "horsemanship", "fear", "intimidate", "skulk", "menace",
    "first strike", "double strike", "deathtouch", "trample over planeswalkers", "trample",
    "lifelink", "indestructible", "vigilance", "defender", "haste", "banding",
)


class Svg(str):
    """SVG text; shown as a picture in Jupyter (like python-chess's boards).
    ``status``: "complete", or "illegal"/"unknown" when the declarations drawn are
    (``violations``: as ``check`` gives them)."""

    status: str = "complete"
    violations: list = []

    def _repr_svg_(self) -> str:
        return str(self)


# -- the public function ----------------------------------------------------------------
def draw(board: ModelBoard, *, attacks: Optional[Mapping[str, str]] = None,
         blocks: Optional[Mapping[str, Union[str, Sequence[str]]]] = None,
         damage: Optional[DamageAssignment] = None, lang: str = "en",
         size: Optional[int] = None, result: Optional[Mapping[str, Any]] = None) -> Svg:
    """The board and its combat as an SVG picture.

    :param board: a :class:`mtgcombat.Board` (or a model board).
    :param attacks: attacker id -> player or permanent id; replaces the board's attacks
        (the board's blocks are kept when every attacker they name still attacks).
    :param blocks: blocker id -> attacker id or ids; replaces the board's blocks.
    :param damage: a damage assignment ``{source id: {recipient: amount}}``, drawn as
        numbers on the arrows (or on a thin line where there is no arrow).
    :param lang: the language of the words on the picture ("en", "de").
    :param size: the width in pixels (the height follows); None: no size, only a viewBox.
    :param result: what combat did, ``{"life": {player: life after}, "destroyed": [ids]}``,
        optionally with ``"poison"`` (player -> poison after), ``"lost"`` (players) and
        ``"defeated"`` (battles): the ``after`` of ``mtgcombat combat --json`` fits (its
        ``board`` is ignored). Life and poison changes are written on the players, players
        who lost are marked, destroyed permanents crossed out.
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
    layout = _layout(scene)
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


# -- input ------------------------------------------------------------------------------
def _full_board(board: ModelBoard) -> "Board":
    """A :class:`mtgcombat.Board` (which knows its abilities) for a model board."""
    from .board import Board

    return board if isinstance(board, Board) else Board.from_model(board)


def _with_declarations(board: "Board", attacks: Optional[Mapping[str, str]],
                       blocks: Optional[Mapping[str, Any]]) -> "Board":
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
    return cast("Board", board.evolve(**changes)) if changes else board


def _is_permanent(board: "Board", oid: str) -> bool:
    try:
        board.permanent(oid)
    except KeyError:
        return False
    return True


def _checked_damage(board: "Board",
                    damage: Optional[DamageAssignment]) -> dict[str, dict[str, int]]:
    """The damage assignment without zeros, its ids checked."""
    out: dict[str, dict[str, int]] = {}
    for source, division in dict(damage or {}).items():
        if not _is_permanent(board, source):
            raise BoardError(f"damage: unknown source {source!r}")
        if not isinstance(division, Mapping):
            raise BoardError(f"damage: {source!r} must map recipients to amounts")
        for to, n in division.items():
            if not board.has_object(to):
                raise BoardError(f"damage: {source!r} assigns damage to unknown {to!r}")
            if not _is_count(n):
                raise BoardError(f"damage: {source!r} to {to!r} must be a whole number 0 or more")
            if n:
                out.setdefault(source, {})[to] = n
    return out


def _is_count(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


#: The fields of a result (``board`` is allowed and ignored: the ``after`` of ``combat``).
RESULT_FIELDS = ("life", "poison", "destroyed", "defeated", "lost", "board")


def _checked_result(board: "Board", result: Optional[Mapping[str, Any]]) -> "_Result":
    """The result of combat, its ids checked."""
    result = dict(result or {})
    unknown = sorted(set(result) - set(RESULT_FIELDS))
    if unknown:
        raise BoardError(f"result: unknown field {unknown[0]!r} "
                         f"(use {', '.join(RESULT_FIELDS[:-1])})")
    numbers = {}
    for key in ("life", "poison"):
        numbers[key] = dict(result.get(key) or {})
        for p, n in numbers[key].items():
            if p not in board.player_names:
                raise BoardError(f"result: {key} of unknown player {p!r}")
            if not isinstance(n, int) or isinstance(n, bool) or (key == "poison" and n < 0):
                raise BoardError(f"result: {key} of {p!r} must be a whole number")
    ids = {}
    for key in ("destroyed", "defeated", "lost"):
        ids[key] = frozenset(result.get(key) or ())
        for oid in ids[key]:
            known = oid in board.player_names if key == "lost" else _is_permanent(board, oid)
            if not known:
                raise BoardError(f"result: {key}: unknown {oid!r}")
    return _Result(numbers["life"], numbers["poison"], ids["destroyed"], ids["defeated"],
                   ids["lost"])


# -- the scene: what is drawn -------------------------------------------------------------
@dataclass(frozen=True)
class _Result:
    """What combat did (see :func:`draw`)."""

    life: dict[str, int] = field(default_factory=dict)
    poison: dict[str, int] = field(default_factory=dict)
    destroyed: frozenset[str] = frozenset()
    defeated: frozenset[str] = frozenset()
    lost: frozenset[str] = frozenset()


@dataclass
class _Scene:
    """The board and everything derived from it that the picture needs."""

    board: "Board"
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

    def in_board_order(self, ids: Iterable[str]) -> list[str]:
        """Permanent ids in the order the board lists them."""
        return sorted(ids, key=lambda i: self.order[i])

    def is_blocked(self, attacker: str) -> bool:
        """Blocked by a creature drawn, or blocked although its blockers are gone (509.1h)."""
        return attacker in self.blockers_of or attacker in (self.board.blocked or ())

    def t(self, code: str, **params: Any) -> str:
        """Words from the text layer (template ``code``)."""
        return _clean(self.w.t(code, **params))

    def label(self, oid: str) -> str:
        """A player or permanent as the text layer names it (never translated)."""
        return _clean(self.w.name(oid))


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
    out: list[str] = []
    cur = ""
    for i, word in enumerate(words):
        trial = word if not cur else cur + sep + word
        if _text_width(trial, size, bold) <= width or not cur:
            cur = trial
            continue
        out.append(cur)
        cur = word
        if len(out) == lines - 1:
            cur = sep.join([cur] + list(words[i + 1:]))
            break
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
class _Layout:
    """The picture's size, the player areas, every item's box (players by name,
    permanents by id) and the creatures in combat, in drawing order."""

    width: float
    height: float
    panels: list[_Panel]
    boxes: dict[str, Box]
    combat: list[str]


def _layout(scene: _Scene) -> _Layout:
    """Where everything goes."""
    b = scene.board
    bottom_players = [p for p in b.player_names if p in b.attacking_players]
    top_players = [p for p in b.player_names if p not in b.attacking_players]
    columns = _columns(scene)
    plates = _plate_widths(scene, columns)
    top = [_panel(scene, p, True, plates[p]) for p in top_players]
    bottom = [_panel(scene, p, False, plates[p]) for p in bottom_players]
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
    for p in top + bottom:
        boxes.update(p.items)
        for small in p.smalls.values():
            boxes.update((i, p.items[small.key]) for i in small.ids)
    _place_columns(scene, columns, boxes, width, MARGIN + top_h, zone)
    return _Layout(width, bottom_y + bottom_h + MARGIN, top + bottom, boxes,
                   [a for a, _ in columns] + [bl for _, bls in columns for bl in bls])


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
    return float(min(max([CARD_W - 16.0] + words) + 16, 1.6 * CARD_W))


def _panel(scene: _Scene, player: str, top: bool, plate_w: float) -> _Panel:
    """A player's area, its rows measured (not yet placed)."""
    b = scene.board
    mine = [p for p in b.permanents if p.controller == player and p.id not in scene.in_combat]
    front = [p.id for p in mine if not p.is_creature and (p.is_planeswalker or p.is_battle)]
    creatures = [p.id for p in mine if p.is_creature]
    plate_h = _plate_text(scene, player, plate_w).height
    rows = [[(player, plate_w, plate_h)] + [(k, CARD_W, CARD_H) for k in front]]
    rows += [[(k, CARD_W, CARD_H) for k in creatures[i:i + ROW_MAX]]
             for i in range(0, len(creatures), ROW_MAX)]
    inner = max(max(_row_width(r) for r in rows), 2 * CARD_W + GAP)
    smalls = _smalls(scene, [p for p in mine if not p.is_creature and not p.is_planeswalker
                             and not p.is_battle])
    row: list[tuple[str, float, float]] = []
    for s in smalls:
        if row and _row_width(row) + GAP + s.width > inner:
            rows.append(row)
            row = []
        row.append((s.key, s.width, SMALL_H))
    if row:
        rows.append(row)
    panel = _Panel(player, top, rows, {s.key: s for s in smalls})
    _measure(panel, inner)
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


def _measure(panel: _Panel, inner: float) -> None:
    """The panel's size and its items' boxes relative to its top left corner; a top
    panel shows its rows back to front, so that the front row faces the combat."""
    rows = list(reversed(panel.rows)) if panel.top else panel.rows
    y = float(PAD)
    for row in rows:
        h = max(h for _, _, h in row)
        x = PAD + (inner - _row_width(row)) / 2
        front = row is panel.rows[0]
        for key, w, ih in row:
            dy = (h - ih) if front and panel.top else 0 if front else (h - ih) / 2
            panel.items[key] = Box(x, y + dy, w, ih)
            x += w + GAP
        y += h + GAP
    panel.box = Box(0, 0, inner + 2 * PAD, y - GAP + PAD)


def _band_size(panels: list[_Panel]) -> tuple[float, float]:
    if not panels:
        return 0.0, 0.0
    return (sum(p.box.w for p in panels) + PANEL_GAP * (len(panels) - 1),
            max(p.box.h for p in panels))


def _place_band(panels: list[_Panel], x: float, y: float, h: float, align_bottom: bool) -> None:
    """Panels side by side from ``x``; top panels meet the combat with their bottoms."""
    for p in panels:
        dy = y + (h - p.box.h if align_bottom else 0)
        p.box = p.box.moved(x, dy)
        p.items = {k: v.moved(x, dy) for k, v in p.items.items()}
        x += p.box.w + PANEL_GAP


def _zone_heights(scene: _Scene) -> tuple[float, ...]:
    """The heights of the combat zone's bands: room for arrow heads, blockers, room
    for block arrows, attackers, room below."""
    if not scene.attacks:
        return (ZONE_EMPTY,)
    if not scene.blocks:
        return (ZONE_TOP, CARD_H, ZONE_BOTTOM)
    return (ZONE_TOP, CARD_H, ZONE_MIDDLE, CARD_H, ZONE_BOTTOM)


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
    """The whole picture: panels, attack arrows, the creatures in combat, block arrows,
    damage."""
    w, h = layout.width, layout.height
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "version": "1.1",
                              "viewBox": f"0 0 {_n(w)} {_n(h)}", "class": "mtgcombat-draw"})
    if size is not None:
        root.set("width", str(int(size)))
        root.set("height", str(round(size * h / w)))
    _el(root, "title", text=scene.t("draw.title", player=scene.board.active_player))
    _el(root, "style", text=STYLE)
    _el(root, "rect", {"class": "background", "x": 0, "y": 0, "width": w, "height": h})
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
    hits = _el(root, "g", {"class": "damages"})
    for source in scene.in_board_order(scene.damage):
        for to, n in _recipients_in_order(scene, scene.damage[source]):
            _damage(hits, scene, layout.boxes, source, to, n)
    return root


def _recipients_in_order(scene: _Scene, division: Mapping[str, int]) -> list[tuple[str, int]]:
    players = list(scene.board.player_names)

    def key(to: str) -> tuple[int, int]:
        return (0, players.index(to)) if to in players else (1, scene.order[to])

    return [(to, division[to]) for to in sorted(division, key=key)]


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


@dataclass(frozen=True)
class _PlateText:
    """The lines on a player's plate: name, life, then (class, text) lines, role."""

    names: list[str]
    life: list[str]
    extra: list[tuple[str, str]]
    role: Optional[str]

    @property
    def height(self) -> float:
        bottom = 24 + 15.5 * len(self.names) + 14.5 * len(self.life) + 12.5 * len(self.extra)
        return max(56.0, bottom + (9 if self.role else -3))


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
    if player.team:
        extra.append(("line", scene.t("draw.team", team=player.team)))
    role = ("draw.active_player" if name == b.active_player
            else "draw.defending_player" if name in b.defenders else None)
    return _PlateText(_wrapped(scene.label(name).split(" "), width, 13, True, 2),
                      _wrapped(_life(scene, name).split(" "), width, 12, True, 2),
                      [(c, _ellipsized(x, width, 10, "lost" in c)) for c, x in extra],
                      None if role is None else _ellipsized(scene.t(role), width, 9.5))


def _plate(parent: ET.Element, scene: _Scene, name: str, box: Box) -> None:
    """A player: name, life (before and after combat), poison, team, role."""
    text = _plate_text(scene, name, box.w)
    g = _el(parent, "g", {"class": "player", "data-id": name})
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
    if text.role:
        _el(g, "text", {"class": "role", "x": box.x + 8, "y": box.bottom - 8}, text.role)


def _life(scene: _Scene, name: str) -> str:
    """Life in words, with the change combat made when a result is given."""
    before = scene.board.player(name).life
    after = scene.result.life.get(name)
    if after is None or after == before:
        return scene.t("draw.life", n=before)
    return scene.t("draw.life_change", before=before, after=after)


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
    """A creature, planeswalker or battle: name, keywords, state, and at the bottom
    marked damage and power/toughness, loyalty or defense."""
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
    _el(g, "rect", {"class": "frame", "x": box.x, "y": box.y, "width": box.w, "height": box.h,
                    "rx": 6, "fill": _frame_color(perm)})
    _el(g, "rect", {"x": box.x + 4, "y": box.y + 4, "width": box.w - 8, "height": 4, "rx": 2,
                    "fill": scene.colors[perm.controller]})
    if destroyed:
        _cross(g, box)
    _card_lines(g, scene, perm, box)
    _card_bottom(g, scene, perm, box)


def _card_lines(g: ET.Element, scene: _Scene, perm: Permanent, box: Box) -> None:
    """Name (two lines at most), keywords, state: as many lines as there is room for
    (five)."""
    text_w = box.w - 12
    names = _wrapped(scene.label(perm.id).split(" "), text_w, 11, True, 2)
    destroyed = perm.id in scene.result.destroyed
    status = _status(scene, perm)
    room = 5 - len(names) - destroyed
    kws = _keyword_lines(scene, perm, text_w, max(1, room - min(len(status), 1)))
    states = (_wrapped(status, text_w, 9.5, False, max(1, room - len(kws)), " \u00b7 ")
              if status else [])
    x, y = box.x + 6, box.y + 20
    for line in names:
        _el(g, "text", {"class": "name", "x": x, "y": y}, line)
        y += LINE + 0.5
    if kws:
        full = ", ".join(_keyword_words(scene, perm, short=False))
        for line in kws:
            t = _el(g, "text", {"class": "kw", "x": x, "y": y}, line)
            _el(t, "title", text=full)
            y += LINE
    if destroyed:
        _el(g, "text", {"class": "status destroyed", "x": x, "y": y},
            _ellipsized(scene.t("draw.destroyed"), text_w, 9.5, True))
        y += LINE
    for line in states:
        _el(g, "text", {"class": "status", "x": x, "y": y}, line)
        y += LINE


def _status(scene: _Scene, perm: Permanent) -> list[str]:
    """The words for the permanent's state, most important first."""
    out = []
    if perm.id in scene.result.defeated:
        out.append(scene.t("draw.defeated"))
    if perm.is_battle and perm.protector is not None:
        out.append(scene.t("draw.protector", player=perm.protector))
    if perm.tapped:
        out.append(scene.t("draw.tapped"))
    if perm.summoning_sick and perm.is_creature:
        out.append(scene.t("draw.sick"))
    if perm.goaded_by:
        out.append(scene.t("draw.goaded", players=tuple(perm.goaded_by)))
    if perm.id in scene.attacks and perm.id not in scene.blockers_of and scene.is_blocked(perm.id):
        out.append(scene.t("draw.blocked"))
    return out


def _keyword_words(scene: _Scene, perm: Permanent, short: bool) -> list[str]:
    """The permanent's combat keywords in words (full or short)."""
    bound = scene.board.bound
    kws = set(bound.keywords.get(perm.id, ()))
    if "trample over planeswalkers" in kws:
        kws.discard("trample")
    out = [scene.t("draw.keyword", kw=k, short=short) for k in KEYWORD_ORDER if k in kws]
    out += [scene.t("draw.landwalk", walk=walk) for walk in sorted(bound.walks.get(perm.id, ()))]
    if bound.protections(perm.id):
        out.append(scene.t("draw.keyword", kw="protection", short=short))
    return out


def _keyword_lines(scene: _Scene, perm: Permanent, width: float, lines: int) -> list[str]:
    """The keywords on at most ``lines`` lines: in full if they fit, else short."""
    words = _keyword_words(scene, perm, short=False)
    if not words:
        return []
    sep = " \u00b7 "
    out = _wrapped(words, width, 9.5, False, lines, sep)
    if out[-1].endswith("\u2026"):
        out = _wrapped(_keyword_words(scene, perm, short=True), width, 9.5, False, lines, sep)
    return out


def _card_bottom(g: ET.Element, scene: _Scene, perm: Permanent, box: Box) -> None:
    """Power/toughness, loyalty, defense from the right; marked damage at the left."""
    right = box.x + box.w - 6
    y = box.bottom - 24
    if perm.is_creature:
        text = f"{_pt(perm.power)}/{_pt(perm.toughness)}"
        right = _badge(g, text, right, y, "badge", "badge-text", 12, True)
    if perm.loyalty is not None:
        right = _badge(g, scene.t("draw.loyalty", n=perm.loyalty), right, y, "counter",
                       "counter-text", 10, True)
    if perm.defense is not None:
        right = _badge(g, scene.t("draw.defense", n=perm.defense), right, y, "counter",
                       "counter-text", 10, True)
    if perm.damage:
        text = scene.t("draw.damage_marked", n=perm.damage)
        width = _text_width(text, 9.5, True) + 10
        _el(g, "rect", {"class": "marked", "x": box.x + 6, "y": y + 2, "width": width,
                        "height": 14, "rx": 7})
        _el(g, "text", {"class": "marked-text", "x": box.x + 6 + width / 2, "y": y + 12.5}, text)


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
    """Where an attack arrow ends: on the edge of its target facing the attacker,
    arrows to the same target spread along it in the order of their attackers."""
    target = scene.attacks[attacker]
    tb, ab = boxes[target], boxes[attacker]
    y = tb.bottom if tb.cy < ab.cy else tb.y
    if target in scene.board.player_names:
        x = _start_x(scene, boxes, attacker)
        return min(max(x, tb.x + 14), tb.x + tb.w - 14), y
    same = sorted((a for a, t in scene.attacks.items() if t == target),
                  key=lambda a: (boxes[a].cx, scene.order[a]))
    i = same.index(attacker)
    return tb.x + tb.w * (i + 1) / (len(same) + 1), y


def _attack_start(scene: _Scene, boxes: dict[str, Box], attacker: str,
                  end: tuple[float, float]) -> tuple[float, float]:
    """Where an attack arrow starts: the attacker's edge facing its target, off centre
    when blockers' arrows arrive at its middle."""
    ab = boxes[attacker]
    return _start_x(scene, boxes, attacker), (ab.y if end[1] < ab.cy else ab.bottom)


def _start_x(scene: _Scene, boxes: dict[str, Box], attacker: str) -> float:
    """A blocked attacker's arrow leaves beside the arrows of its blockers."""
    ab = boxes[attacker]
    if attacker not in scene.blockers_of:
        return ab.cx
    return ab.x + ab.w * (0.2 if _mirrored(scene, boxes, attacker) else 0.8)


def _mirrored(scene: _Scene, boxes: dict[str, Box], attacker: str) -> bool:
    """Whether the blockers of an attacker stand mostly to its right (their arrows
    then arrive at its right part, and its own arrow leaves from the left)."""
    blockers = scene.blockers_of.get(attacker, [])
    if not blockers:
        return False
    mean = sum(boxes[b].cx for b in blockers) / len(blockers)
    return mean > boxes[attacker].cx + 1


def _attack_arrow(parent: ET.Element, scene: _Scene, boxes: dict[str, Box], attacker: str) -> None:
    target = scene.attacks[attacker]
    end = _attack_end(scene, boxes, attacker)
    start = _attack_start(scene, boxes, attacker, end)
    g = _el(parent, "g", {"class": "attack", "data-from": attacker, "data-to": target})
    _el(g, "title", text=scene.t("draw.attacks", attacker=attacker, target=target))
    _arrow(g, start, end, head=15, half=10)


def _block_points(scene: _Scene, boxes: dict[str, Box], blocker: str,
                  attacker: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """A block arrow: from the blocker's bottom to the attacker's top, the arrows
    meeting one attacker spread over the part of it away from its own arrow."""
    bb, ab = boxes[blocker], boxes[attacker]
    mine = sorted(scene.blockers_of[attacker], key=lambda b: (boxes[b].cx, scene.order[b]))
    i = mine.index(blocker)
    x = ab.x + ab.w * (0.08 + 0.54 * (i + 1) / (len(mine) + 1))
    if _mirrored(scene, boxes, attacker):
        x = ab.x + ab.w * (0.38 + 0.54 * (i + 1) / (len(mine) + 1))
    start_x = min(max(x, bb.x + 12), bb.x + bb.w - 12)
    if bb.cy < ab.cy:
        return (start_x, bb.bottom), (x, ab.y)
    return (start_x, bb.y), (x, ab.bottom)


def _block_arrow(parent: ET.Element, scene: _Scene, boxes: dict[str, Box], blocker: str,
                 attacker: str) -> None:
    start, end = _block_points(scene, boxes, blocker, attacker)
    g = _el(parent, "g", {"class": "block", "data-from": blocker, "data-to": attacker})
    _el(g, "title", text=scene.t("draw.blocks", blocker=blocker, attacker=attacker))
    _arrow(g, start, end, head=11, half=7)


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


def _damage(parent: ET.Element, scene: _Scene, boxes: dict[str, Box], source: str, to: str,
            n: int) -> None:
    """An amount of damage: on the arrow between source and recipient, near the
    recipient; where there is no arrow, on a thin line of its own."""
    g = _el(parent, "g", {"class": "damage", "data-from": source, "data-to": to})
    _el(g, "title", text=scene.t("draw.deals", source=source, to=to, n=n))
    x, y = _damage_point(scene, boxes, source, to, g)
    _el(g, "circle", {"cx": x, "cy": y, "r": 10})
    _el(g, "text", {"x": x, "y": y + 4.3}, str(n))


def _damage_point(scene: _Scene, boxes: dict[str, Box], source: str, to: str,
                  g: ET.Element) -> tuple[float, float]:
    if scene.attacks.get(source) == to:
        end = _attack_end(scene, boxes, source)
        return _along(_attack_start(scene, boxes, source, end), end, from_end=34)
    if to in scene.blocks.get(source, ()):
        start, end = _block_points(scene, boxes, source, to)
        return _at(start, end, 0.72)
    if source in scene.blocks.get(to, ()):
        start, end = _block_points(scene, boxes, to, source)
        return _at(start, end, 0.28)
    sb, tb = boxes[source], boxes[to]
    start = (sb.cx, sb.y if tb.cy < sb.cy else sb.bottom)
    end = (tb.cx, tb.bottom if tb.cy < sb.cy else tb.y)
    line = _el(g, "g", {"class": "hit"})
    _el(line, "line", {"x1": start[0], "y1": start[1], "x2": end[0], "y2": end[1]})
    return _along(start, end, from_end=30)


def _at(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _along(a: tuple[float, float], b: tuple[float, float], from_end: float) -> tuple[float, float]:
    """The point ``from_end`` before ``b`` on the way from ``a`` (the middle when the
    way is short)."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length <= 2 * from_end:
        return _at(a, b, 0.5)
    return _at(a, b, 1 - from_end / length)
