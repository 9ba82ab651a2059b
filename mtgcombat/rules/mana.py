"""Mana and costs as data (106, 107.4, 118, 119.4, 305.6, 605, 702.24).

* A *mana symbol* (107.4): coloured ``{W}``, colourless ``{C}``, generic ``{2}``, ``{X}``
  (107.3: its value must be given), hybrid ``{W/U}`` (107.4e), monocoloured hybrid
  ``{2/W}`` (107.4e: the colour or two generic), Phyrexian ``{W/P}`` (107.4f: the colour
  or 2 life).
* A *mana source*: a permanent with a mana ability (605.1a: "{T}: Add {G}.", "{T}: Add
  {R} or {G}.", "{T}: Add one mana of any color.", "{T}: Add {C}{C}.") or a basic land
  type (305.6: a Forest has "{T}: Add {G}."). Only an untapped one can be tapped, and a
  creature only if it has been under its controller's control since the turn began or
  has haste (302.6).
* The cumulative upkeep costs (702.24a) a permanent's text can give: mana (with "or"
  between alternatives), life (119.4), sacrificing permanents (701.21a), gaining control
  of a land (Herald of Leshrac), adding mana (Braid of Fire), tapping creatures.

Symbols are parsed from their printed form with plain string operations (no regular
expressions in the rules); the sentences that carry them are read by
:mod:`mtgcombat.grammar.mana`.
"""

from __future__ import annotations

from typing import Optional

from .abilities import Pred
from .record import Record

COLORS = ("W", "U", "B", "R", "G")
#: 305.6: the basic land types and the mana their intrinsic ability adds.
BASIC_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


class Symbol(Record):
    """One mana symbol of a cost (107.4). ``kind``: "color" (``colors`` one colour),
    "colorless" ({C}), "generic" (``n``), "x" (107.3), "hybrid" (``colors``: any one of
    them), "twobrid" ({2/W}: ``colors`` or two generic), "phyrexian" (``colors`` or 2
    life)."""

    kind: str
    colors: tuple[str, ...] = ()
    n: int = 0

    @property
    def text(self) -> str:
        if self.kind == "generic":
            return "{%d}" % self.n
        if self.kind == "x":
            return "{X}"
        if self.kind == "colorless":
            return "{C}"
        if self.kind == "color":
            return "{%s}" % self.colors[0]
        if self.kind == "hybrid":
            return "{%s}" % "/".join(self.colors)
        if self.kind == "twobrid":
            return "{2/%s}" % self.colors[0]
        return "{%s/P}" % "/".join(self.colors)


def symbols(text: str) -> Optional[tuple[Symbol, ...]]:
    """The symbols of a printed mana cost ("{2}{W}{W}", "{G/U/P}"); None when ``text``
    is not one."""
    out: list[Symbol] = []
    rest = text.strip()
    if not rest:
        return None
    while rest:
        if not rest.startswith("{"):
            return None
        end = rest.find("}")
        if end < 0:
            return None
        inner = rest[1:end].upper()
        rest = rest[end + 1:].lstrip()
        sym = _symbol(inner)
        if sym is None:
            return None
        out.append(sym)
    return tuple(out)


def _symbol(inner: str) -> Optional[Symbol]:
    if inner.isdigit():
        return Symbol("generic", (), int(inner))
    if inner == "X":
        return Symbol("x")
    if inner == "C":
        return Symbol("colorless")
    if inner in COLORS:
        return Symbol("color", (inner,))
    parts = inner.split("/")
    if len(parts) >= 2 and parts[-1] == "P" and all(p in COLORS for p in parts[:-1]):
        return Symbol("phyrexian", tuple(parts[:-1]))
    if len(parts) == 2 and parts[0] == "2" and parts[1] in COLORS:
        return Symbol("twobrid", (parts[1],))
    if len(parts) >= 2 and all(p in COLORS for p in parts):
        return Symbol("hybrid", tuple(parts))
    return None


def text_of(syms: tuple[Symbol, ...]) -> str:
    return "".join(s.text for s in syms)


def mana_units(text: str) -> Optional[tuple[str, ...]]:
    """Mana itself ("{R}{R}{G}", a pool or what an ability adds): one letter per mana;
    None when ``text`` is not plain mana."""
    syms = symbols(text)
    if syms is None:
        return None
    out: list[str] = []
    for s in syms:
        if s.kind == "color":
            out.append(s.colors[0])
        elif s.kind == "colorless":
            out.append("C")
        elif s.kind == "generic":
            out.extend(["C"] * s.n)  # "Add {2}" (old wording) is colorless mana
        else:
            return None
    return tuple(out)


# -- abilities -----------------------------------------------------------------------------


class ManaAbility(Record):
    """605.1a: "{T}: Add [mana]." -- each option is what one activation may add (a
    tuple of mana letters: "W", "U", "B", "R", "G", "C")."""

    options: tuple[tuple[str, ...], ...]


class CumulativeUpkeep(Record):
    """702.24a: "Cumulative upkeep [cost]"; ``cost`` one of the cost classes below, or
    :class:`UnknownCost` (reported, never guessed). ``text``: the cost as printed."""

    cost: object
    text: str


class ManaPayment(Record):
    """A mana cost per age counter; ``options`` are alternatives ("{W} or {U}")."""

    options: tuple[tuple[Symbol, ...], ...]


class LifePayment(Record):
    """"Pay N life" per age counter (119.4)."""

    n: int


class SacrificePayment(Record):
    """"Sacrifice a [permanent]" per age counter: a different permanent each (701.21a)."""

    pred: Pred
    word: str  # "creature", "land", "permanent" ...


class GainControlPayment(Record):
    """"Gain control of a land you don't control" per age counter (Herald of Leshrac)."""

    pred: Pred
    word: str


class AddManaPayment(Record):
    """"Add {R}" per age counter (Braid of Fire): paying gives mana."""

    units: tuple[str, ...]


class TapPayment(Record):
    """"Tap an untapped [creature] you control" per age counter: a different one each."""

    pred: Pred
    word: str


class UnknownCost(Record):
    """A cost the board can't express (counters of kinds it doesn't follow, cards in
    other zones): reported, never guessed."""

    text: str


# -- what a player can pay with ---------------------------------------------------------------


def source_options(board, bound, pid: str) -> tuple[tuple[str, ...], ...]:
    """What one tap of permanent ``pid`` can add: its mana abilities (605.1a) and its
    basic land types (305.6); () when it is not a mana source."""
    p = board.permanent(pid)
    out: list[tuple[str, ...]] = []
    for t, c in BASIC_TYPES.items():
        if p.is_land and p.types.has(t):
            out.append((c,))
    for inst in bound.held_by(pid, ManaAbility):
        out.extend(inst.ability.options)  # type: ignore[attr-defined]
    seen: list[tuple[str, ...]] = []
    for o in out:
        if o not in seen:
            seen.append(o)
    return tuple(seen)


def usable_sources(board, bound, player: str, exclude=()) -> list[tuple[str, tuple]]:
    """(id, options) of the player's mana sources that can be tapped now: untapped (a
    {T} cost, 107.5), a creature only if it has been under the player's control since
    the turn began or has haste (302.6); ``exclude``: permanents that can't be tapped for another
    reason (attackers tapped as they attack, 508.1f)."""
    out = []
    for p in board.permanents:
        if p.controller != player or p.tapped or p.id in exclude:
            continue
        if p.is_creature and p.summoning_sick and not bound.has_keyword(p.id, "haste"):
            continue
        opts = source_options(board, bound, p.id)
        if opts:
            out.append((p.id, opts))
    return out


def has_mana(board, bound) -> bool:
    """Whether the board shows any mana: a mana source or a mana pool (spec: then costs
    are judged payable or not)."""
    if any(p.mana_pool for p in board.players):
        return True
    return any(source_options(board, bound, p.id) for p in board.permanents)
