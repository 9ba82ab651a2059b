"""A small solver-independent constraint language for declarations.

The rule families (:mod:`mtgcombat.rules.attack`, :mod:`mtgcombat.rules.block`)
describe a declaration problem as data: which choices each creature has,
restrictions (hard), requirements (one Boolean each, to be maximised) and costs.
The backends in :mod:`mtgcombat.solver` compile this data; nothing here knows a
solver.

A declaration is a mapping from creature id to its choice:

* attacks (508.1a-b): ``{attacker: target}``; one target per attacker;
* blocks (509.1a): ``{blocker: (attacker, ...)}``; at most ``capacity`` attackers.

The atoms of every expression are :class:`Lit` keys ``(creature, choice)``,
true when the declaration has that creature choose that target/attacker.

Legality (508.1c-d, 509.1b-c): a declaration is legal iff it obeys every
restriction and obeys at least as many requirements as the best declaration
that pays no cost beyond the costs it pays itself. With no cost paid this is
"the maximum possible number of requirements that could be obeyed without
disobeying any restrictions" where costs are never forced (508.1d, 509.1c); a
declaration that chooses to pay is then held to the maximum reachable with
what it paid (judge ruling on paid blocks, catalogue BLK-11).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator, Literal, Mapping, Optional, Union

Kind = Literal["attacks", "blocks"]
Key = tuple[str, str]  # (creature id, target or attacker id)
Declaration = Mapping[str, Union[str, tuple[str, ...]]]


# -- expressions ------------------------------------------------------------


@dataclass(frozen=True)
class Lit:
    """True iff creature ``key[0]`` chooses ``key[1]`` (attacks it / blocks it)."""

    key: Key


@dataclass(frozen=True)
class Const:
    value: bool


@dataclass(frozen=True)
class Not:
    e: "Expr"


@dataclass(frozen=True)
class And:
    es: tuple["Expr", ...]


@dataclass(frozen=True)
class Or:
    es: tuple["Expr", ...]


@dataclass(frozen=True)
class Count:
    """``lo <= (number of true es) <= hi``; a bound of None is open."""

    es: tuple["Expr", ...]
    lo: Optional[int] = None
    hi: Optional[int] = None


Expr = Union[Lit, Const, Not, And, Or, Count]
TRUE = Const(True)
FALSE = Const(False)


def any_of(es: Iterable[Expr]) -> Expr:
    es = tuple(es)
    return Or(es) if es else FALSE


def all_of(es: Iterable[Expr]) -> Expr:
    es = tuple(es)
    return And(es) if es else TRUE


def implies(a: Expr, b: Expr) -> Expr:
    return Or((Not(a), b))


# -- problem --------------------------------------------------------------------


@dataclass(frozen=True)
class Restriction:
    """A hard constraint (508.1c, 509.1b). ``message`` explains a violation."""

    expr: Expr
    rule: str
    message: str
    objects: tuple[str, ...] = ()


@dataclass(frozen=True)
class Requirement:
    """One requirement (508.1d, 509.1c): obeyed iff ``expr`` is true."""

    id: str
    expr: Expr
    rule: str
    text: str
    objects: tuple[str, ...] = ()


@dataclass(frozen=True)
class Cost:
    """An optional cost (508.1d, 508.1g-j, 509.1c-f), owed iff ``expr`` is true."""

    id: str
    expr: Expr
    amount: str
    description: str
    rule: str = "508.1d"
    objects: tuple[str, ...] = ()


@dataclass(frozen=True)
class Problem:
    """A declaration problem: choices, restrictions, requirements, costs."""

    kind: Kind
    options: Mapping[str, tuple[str, ...]]  # creature -> choices it may take
    capacity: Mapping[str, Optional[int]] = field(default_factory=dict)  # blocks only
    restrictions: tuple[Restriction, ...] = ()
    requirements: tuple[Requirement, ...] = ()
    costs: tuple[Cost, ...] = ()
    #: Human names of objects for messages (id -> name).
    names: Mapping[str, str] = field(default_factory=dict)

    def cap(self, creature: str) -> int:
        """How many choices a creature may take at once (1 for attacks)."""
        if self.kind == "attacks":
            return 1
        c = self.capacity.get(creature, 1)
        return len(self.options[creature]) if c is None else c

    def keys(self) -> list[Key]:
        return [(c, o) for c, opts in self.options.items() for o in opts]


# -- evaluation -------------------------------------------------------------------


def true_keys(decl: Declaration) -> frozenset[Key]:
    out = set()
    for c, v in decl.items():
        if isinstance(v, str):
            out.add((c, v))
        else:
            out.update((c, x) for x in v)
    return frozenset(out)


def evaluate(e: Expr, keys: frozenset[Key]) -> bool:
    if isinstance(e, Lit):
        return e.key in keys
    if isinstance(e, Const):
        return e.value
    if isinstance(e, Not):
        return not evaluate(e.e, keys)
    if isinstance(e, And):
        return all(evaluate(x, keys) for x in e.es)
    if isinstance(e, Or):
        return any(evaluate(x, keys) for x in e.es)
    if isinstance(e, Count):
        n = sum(1 for x in e.es if evaluate(x, keys))
        return (e.lo is None or n >= e.lo) and (e.hi is None or n <= e.hi)
    raise TypeError(f"unknown expression {e!r}")


def well_formed(problem: Problem, decl: Declaration) -> Optional[str]:
    """Why ``decl`` is not even a declaration of this problem's shape, or None."""
    for c, v in decl.items():
        if c not in problem.options:
            return f"{problem.names.get(c, c)} can't {problem.kind[:-1]}"
        choices = (v,) if isinstance(v, str) else tuple(v)
        if problem.kind == "blocks" and not choices:
            return f"{problem.names.get(c, c)} is listed as blocking nothing"
        for x in choices:
            if x not in problem.options[c]:
                return None  # reported as a restriction violation by the caller
        if len(set(choices)) != len(choices):
            return f"{problem.names.get(c, c)} lists the same choice twice"
    return None


def violated(problem: Problem, keys: frozenset[Key]) -> list[Restriction]:
    return [r for r in problem.restrictions if not evaluate(r.expr, keys)]


def obeyed(problem: Problem, keys: frozenset[Key]) -> int:
    return sum(1 for r in problem.requirements if evaluate(r.expr, keys))


def paid(problem: Problem, keys: frozenset[Key]) -> frozenset[str]:
    return frozenset(c.id for c in problem.costs if evaluate(c.expr, keys))
