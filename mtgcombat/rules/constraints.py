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
from typing import Callable, Iterable, Mapping, Optional, Union

from .reasons import Described, Reason, literal
from .values import DeclarationKind

Kind = DeclarationKind
Key = tuple[str, str]  # (creature id, target or attacker id)
Declaration = Mapping[str, Union[str, tuple[str, ...]]]


# -- expressions ------------------------------------------------------------


class _Node:
    """Base of the expression classes: immutable values compared and hashed by their
    fields, written like dataclasses (``Lit(key=('b', 'a'))``). Plain classes with
    ``__slots__`` rather than frozen dataclasses: a board builds tens of thousands of
    them, and a dataclass costs a millisecond to define and more to construct."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def _values(self) -> tuple:
        return tuple(getattr(self, f) for f in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()  # type: ignore[attr-defined]

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{type(self).__qualname__}({inner})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(name)  # immutable

    def __delattr__(self, name: str) -> None:
        raise AttributeError(name)  # immutable

    def __reduce__(self) -> tuple:
        return (type(self), self._values())


_set = object.__setattr__


class Lit(_Node):
    """True iff creature ``key[0]`` chooses ``key[1]`` (attacks it / blocks it)."""

    __slots__ = ("key",)
    _fields = ("key",)
    key: Key

    def __init__(self, key: Key) -> None:
        _set(self, "key", key)


class Const(_Node):
    __slots__ = ("value",)
    _fields = ("value",)
    value: bool

    def __init__(self, value: bool) -> None:
        _set(self, "value", value)


class Not(_Node):
    __slots__ = ("e",)
    _fields = ("e",)
    e: "Expr"

    def __init__(self, e: "Expr") -> None:
        _set(self, "e", e)


class And(_Node):
    __slots__ = ("es",)
    _fields = ("es",)
    es: tuple["Expr", ...]

    def __init__(self, es: tuple["Expr", ...]) -> None:
        _set(self, "es", es)


class Or(_Node):
    __slots__ = ("es",)
    _fields = ("es",)
    es: tuple["Expr", ...]

    def __init__(self, es: tuple["Expr", ...]) -> None:
        _set(self, "es", es)


class Count(_Node):
    """``lo <= (number of true es) <= hi``; a bound of None is open."""

    __slots__ = ("es", "lo", "hi")
    _fields = ("es", "lo", "hi")
    es: tuple["Expr", ...]
    lo: Optional[int]
    hi: Optional[int]

    def __init__(self, es: tuple["Expr", ...], lo: Optional[int] = None,
                 hi: Optional[int] = None) -> None:
        _set(self, "es", es)
        _set(self, "lo", lo)
        _set(self, "hi", hi)


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


def _why(obj: object) -> None:
    """A reason given as plain text becomes a literal reason."""
    if isinstance(obj.why, str):  # type: ignore[attr-defined]
        object.__setattr__(obj, "why", literal(obj.why))  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Restriction(Described):
    """A hard constraint (508.1c, 509.1b). ``why`` says what it forbids."""

    expr: Expr
    rule: str
    why: Reason
    objects: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _why(self)

    @property
    def message(self) -> str:
        """``why`` in English (see :mod:`mtgcombat.text` for other languages)."""
        return self._english()


@dataclass(frozen=True)
class Requirement(Described):
    """One requirement (508.1d, 509.1c): obeyed iff ``expr`` is true."""

    id: str
    expr: Expr
    rule: str
    why: Reason
    objects: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _why(self)

    @property
    def text(self) -> str:
        """What it requires, in English."""
        return self._english()


@dataclass(frozen=True)
class Cost(Described):
    """An optional cost (508.1d, 508.1g-j, 509.1c-f), owed iff ``expr`` is true."""

    id: str
    expr: Expr
    amount: str  # mana symbols ("" none)
    why: Reason
    rule: str = "508.1d"
    objects: tuple[str, ...] = ()
    life: int = 0  # life to pay as well (119.4)
    #: Permanents to sacrifice or return as well: (action, count, the ids of the paying
    #: player's permanents that may be chosen) -- 701.21a, each a different one.
    remove: Optional[tuple[str, int, tuple[str, ...]]] = None

    def __post_init__(self) -> None:
        _why(self)

    @property
    def description(self) -> str:
        """What is paid, for what, in English."""
        return self._english()


@dataclass(frozen=True)
class Problem:
    """A declaration problem: choices, restrictions, requirements, costs."""

    kind: Kind
    options: Mapping[str, tuple[str, ...]]  # creature -> choices it may take
    capacity: Mapping[str, Optional[int]] = field(default_factory=dict)  # blocks only
    restrictions: tuple[Restriction, ...] = ()
    requirements: tuple[Requirement, ...] = ()
    costs: tuple[Cost, ...] = ()
    #: Names of objects (id -> name), for words about them.
    names: Mapping[str, str] = field(default_factory=dict)
    #: The rules edition (for citing rules in words).
    edition: str = "current"

    def __post_init__(self) -> None:
        for x in (*self.restrictions, *self.requirements, *self.costs):
            x.stamp(self.names, self.edition)

    def cap(self, creature: str) -> int:
        """How many choices a creature may take at once (1 for attacks)."""
        if self.kind == "attacks":
            return 1
        c = self.capacity.get(creature, 1)
        return len(self.options[creature]) if c is None else c

    def keys(self) -> list[Key]:
        return [(c, o) for c, opts in self.options.items() for o in opts]

    def __getstate__(self) -> dict:
        # pickling/copying leaves the compiled evaluators out (functions)
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_c_")}

    def evaluators(self) -> tuple[tuple[Callable[[frozenset[Key]], bool], ...], ...]:
        """Compiled :func:`evaluate` of the restrictions, requirements and costs
        (computed once: a problem is immutable)."""
        hit = self.__dict__.get("_c_evaluators")
        if hit is None:
            memo: dict = {}
            hit = tuple(
                tuple(compile_expr(x.expr, memo) for x in xs)
                for xs in (self.restrictions, self.requirements, self.costs))
            object.__setattr__(self, "_c_evaluators", hit)
        return hit


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


def compile_expr(e: Expr, memo: Optional[dict] = None) -> Callable[[frozenset[Key]], bool]:
    """A function of the true keys equal to ``evaluate(e, keys)``, faster when
    called many times (a shared sub-expression is compiled once per ``memo``)."""
    memo = {} if memo is None else memo
    hit = memo.get(id(e))
    if hit is not None:
        return hit[1]
    out: Callable[[frozenset[Key]], bool]
    if isinstance(e, Lit):
        k = e.key
        out = lambda keys: k in keys  # noqa: E731
    elif isinstance(e, Const):
        v = e.value
        out = lambda keys: v  # noqa: E731
    elif isinstance(e, Not):
        f = compile_expr(e.e, memo)
        out = lambda keys: not f(keys)  # noqa: E731
    elif isinstance(e, (And, Or, Count)):
        lits = [x.key for x in e.es if isinstance(x, Lit)]
        ks = frozenset(lits)
        fs = [compile_expr(x, memo) for x in e.es if not isinstance(x, Lit)]
        if isinstance(e, Or):
            out = lambda keys: not ks.isdisjoint(keys) or any(f(keys) for f in fs)  # noqa: E731
        elif isinstance(e, And):
            out = lambda keys: ks <= keys and all(f(keys) for f in fs)  # noqa: E731
        else:
            lo, hi = e.lo, e.hi
            if len(ks) == len(lits):
                def n_lits(keys, ks=ks):
                    return len(ks & keys)
            else:  # the same literal counted more than once
                def n_lits(keys, lits=lits):
                    return sum(1 for k in lits if k in keys)

            def out(keys):
                n = n_lits(keys) + sum(1 for f in fs if f(keys))
                return (lo is None or n >= lo) and (hi is None or n <= hi)
    else:
        raise TypeError(f"unknown expression {e!r}")
    memo[id(e)] = (e, out)
    return out


def violated(problem: Problem, keys: frozenset[Key]) -> list[Restriction]:
    fs = problem.evaluators()[0]
    return [r for r, f in zip(problem.restrictions, fs) if not f(keys)]


def obeyed(problem: Problem, keys: frozenset[Key]) -> int:
    fs = problem.evaluators()[1]
    return sum(1 for f in fs if f(keys))


def paid(problem: Problem, keys: frozenset[Key]) -> frozenset[str]:
    fs = problem.evaluators()[2]
    return frozenset(c.id for c, f in zip(problem.costs, fs) if f(keys))


# -- structure of expressions ---------------------------------------------------------


def three_valued(e: Expr, false: frozenset) -> Optional[bool]:
    """The value of ``e`` when the literals in ``false`` are false and the others
    unknown: True, False, or None (either)."""
    if isinstance(e, Lit):
        return False if e.key in false else None
    if isinstance(e, Const):
        return e.value
    if isinstance(e, Not):
        x = three_valued(e.e, false)
        return None if x is None else not x
    if isinstance(e, (And, Or)):
        vals = [three_valued(x, false) for x in e.es]
        stop = isinstance(e, Or)  # the value that settles it
        if stop in vals:
            return stop
        return (not stop) if all(x is not None for x in vals) else None
    if isinstance(e, Count):
        vals = [three_valued(x, false) for x in e.es]
        t, u = vals.count(True), vals.count(None)
        if (e.lo is not None and t + u < e.lo) or (e.hi is not None and t > e.hi):
            return False
        if (e.lo is None or t >= e.lo) and (e.hi is None or t + u <= e.hi):
            return True
        return None
    return None


def literal_keys(e: Expr) -> set[Key]:
    """Every key a literal of ``e`` mentions."""
    if isinstance(e, Lit):
        return {e.key}
    if isinstance(e, Const):
        return set()
    if isinstance(e, Not):
        return literal_keys(e.e)
    return set().union(*(literal_keys(x) for x in e.es)) if e.es else set()


def _disjunction_lits(e: Expr) -> Optional[list[Lit]]:
    """The literals of ``e`` when it is a literal or a disjunction of literals."""
    if isinstance(e, Lit):
        return [e]
    if isinstance(e, Or):
        out: list[Lit] = []
        for x in e.es:
            sub = _disjunction_lits(x)
            if sub is None:
                return None
            out += sub
        return out
    return None


def banned_choices(r: Restriction) -> Optional[frozenset[Key]]:
    """The (creature, choice) pairs a restriction forbids outright -- ``Not(lit or
    lit ...)`` -- or None when it restricts combinations (alone, caps, menace ...)."""
    if isinstance(r.expr, Not):
        lits = _disjunction_lits(r.expr.e)
        if lits is not None:
            return frozenset(x.key for x in lits)
    return None
