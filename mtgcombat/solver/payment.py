"""Paying a cost, exactly: which mana source pays which symbol (106, 107.4, 118.3,
119.4, 605).

A cost is a sequence of mana symbols (:class:`mtgcombat.rules.mana.Symbol`) plus life.
Each symbol is paid by one unit of mana it accepts -- a coloured symbol by mana of its
colour, {C} by colourless mana, a generic symbol by any mana (107.4b-c), a hybrid
symbol by any of its colours (107.4e) -- or, for {2/W}, by two generic, and for a
Phyrexian symbol, by 2 life (107.4f). Mana comes from the player's mana pool and from
tapping untapped sources (each once, one of its options: "{T}: Add {R} or {G}."). Life
can be paid only up to the life the player has (119.4; paying 0 is always possible).

:func:`pay` finds a way or proves there is none: the alternatives of {2/W} and
Phyrexian symbols are tried in turn; sources that add more than one mana at once are
branched on; the rest is a bipartite matching between the symbols' units and the mana
(augmenting paths), which is exact. :func:`pay_brute` is the plain reference the tests
compare it with.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations, product
from typing import Optional, Sequence

from ..rules.mana import Symbol

ANY = frozenset("WUBRGC")


@dataclass(frozen=True)
class Source:
    """A mana source: its id and what one activation may add (each option a tuple of
    mana letters)."""

    id: str
    options: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Payment:
    """How a cost is paid: for each unit of mana paid, (where it comes from: a source id
    or "pool", the mana letter); the life paid; the sources tapped with their option."""

    units: tuple[tuple[str, str], ...]
    life: int
    tapped: tuple[tuple[str, tuple[str, ...]], ...]


def _alternatives(sym: Symbol, x: Optional[int]) -> list[tuple[list[frozenset], int]]:
    """The ways one symbol can be paid: (units accepted, life)."""
    if sym.kind == "color":
        return [([frozenset(sym.colors)], 0)]
    if sym.kind == "colorless":
        return [([frozenset("C")], 0)]
    if sym.kind == "generic":
        return [([ANY] * sym.n, 0)]
    if sym.kind == "x":
        if x is None:
            raise ValueError("{X} needs a value")
        return [([ANY] * x, 0)]
    if sym.kind == "hybrid":
        return [([frozenset(sym.colors)], 0)]
    if sym.kind == "twobrid":
        return [([frozenset(sym.colors)], 0), ([ANY, ANY], 0)]
    if sym.kind == "phyrexian":
        return [([frozenset(sym.colors)], 0), ([], 2)]
    raise ValueError(f"unknown symbol {sym!r}")


def pay(cost: Sequence[Symbol], sources: Sequence[Source], pool: Sequence[str] = (),
        life: int = 0, extra_life: int = 0, x: Optional[int] = None) -> Optional[Payment]:
    """A way to pay ``cost`` (plus ``extra_life`` life) with ``pool`` and ``sources``
    and at most ``life`` life, or None when there is none."""
    options = [_alternatives(s, x) for s in cost]
    # Cheapest in life first: the first way found spends the least life.
    combos = sorted(product(*options), key=lambda c: sum(l for _, l in c))
    multi = [s for s in sources if any(len(o) != 1 for o in s.options)]
    single = [s for s in sources if all(len(o) == 1 for o in s.options)]
    for combo in combos:
        need_life = extra_life + sum(l for _, l in combo)
        if need_life > 0 and need_life > life:
            continue  # 119.4
        demands = [u for units, _ in combo for u in units]
        got = _with_multi(demands, multi, single, tuple(pool))
        if got is not None:
            units, tapped = got
            return Payment(units, need_life, tapped)
    return None


def _with_multi(demands: list[frozenset], multi: list[Source], single: list[Source],
                pool: tuple[str, ...]):
    """Branch on the sources that add several mana at once (or not at all)."""
    supply: list[tuple[str, frozenset]] = [("pool", frozenset(c)) for c in pool]
    for s in single:
        supply.append((s.id, frozenset(o[0] for o in s.options if o)))
    choices = [[None] + list(s.options) for s in multi]
    for pick in product(*choices):
        extra = []
        for s, o in zip(multi, pick):
            if o is not None:
                extra += [(s.id, frozenset(c)) for c in o]
        units = supply + extra
        if len(units) < len(demands):
            continue
        match = _match(demands, units)
        if match is not None:
            paid = tuple((units[j][0], _color(demands[i], units[j][1]))
                         for i, j in sorted(match.items()))
            singles = {x.id for x in single}
            tapped = [(s.id, o) for s, o in zip(multi, pick) if o is not None]
            tapped += [(sid, (c,)) for sid, c in paid if sid in singles]
            return paid, tuple(sorted(tapped))
    return None


def _color(demand: frozenset, supply: frozenset) -> str:
    return sorted(demand & supply)[0]


def _match(demands: list[frozenset], units: list[tuple[str, frozenset]]
           ) -> Optional[dict[int, int]]:
    """A matching of every demand to a different unit that can pay it, or None."""
    owner: dict[int, int] = {}  # unit -> demand

    def augment(i: int, seen: set[int]) -> bool:
        for j, (_, colors) in enumerate(units):
            if j in seen or not (demands[i] & colors):
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    # Most constrained demands first (fewest units that can pay them).
    order = sorted(range(len(demands)),
                   key=lambda i: sum(1 for _, c in units if demands[i] & c))
    for i in order:
        if not augment(i, set()):
            return None
    return {i: j for j, i in owner.items()}


def pay_brute(cost: Sequence[Symbol], sources: Sequence[Source], pool: Sequence[str] = (),
              life: int = 0, extra_life: int = 0, x: Optional[int] = None) -> bool:
    """The reference: every way to tap the sources, every order of the mana against the
    symbols. Small inputs only."""
    options = [_alternatives(s, x) for s in cost]
    for combo in product(*options):
        need_life = extra_life + sum(l for _, l in combo)
        if need_life > 0 and need_life > life:
            continue
        demands = [u for units, _ in combo for u in units]
        for pick in product(*[[()] + list(s.options) for s in sources]):
            mana = list(pool) + [c for o in pick for c in o]
            if len(mana) < len(demands):
                continue
            for perm in permutations(range(len(mana)), len(demands)):
                if all(mana[j] in demands[i] for i, j in enumerate(perm)):
                    return True
    return False
