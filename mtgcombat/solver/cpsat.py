"""The OR-tools CP-SAT backend (the default).

One Boolean variable per key ``(creature, choice)``; at most one choice per
attacker (508.1a) and at most ``problem.cap(c)`` attackers per blocker (509.1a).
Expressions are compiled by reification: :meth:`_Model.lit` returns a literal
equivalent to an expression; restrictions are posted directly at the top level.

Exactness first: a search that runs out of time raises
:class:`~mtgcombat.solver.base.SolverTimeout` ("unknown"), never a guess.

Speed:

* keys forced false by unit restrictions (``Not(Lit)``, ``Not(Or(Lits))``:
  tapped, defender, "can't attack you" ...) are removed before building, and
  every expression is simplified with them;
* :meth:`CpSat.maximum` splits a problem into independent components
  (creatures linked by no restriction, requirement or cost) and adds their
  maxima -- exact, because the objective is a sum and components share nothing;
  tiny components are settled by trying their few declarations in Python;
* a model holds only the choices some constraint or requirement mentions (the
  others are left false: that breaks nothing and obeys nothing);
* "zero, or at least n" (menace, 702.111b) is one indicator ``b`` with
  ``x -> b`` for every literal and ``sum >= n * b``, not a reified count;
  "it attacks / blocks" over a creature taking at most one choice is
  ``b = sum(x)``;
* when checking a declaration (:func:`~mtgcombat.solver.base.check`), the
  declaration is passed as ``hint``: a component on which it is verified to obey
  every hard constraint and every requirement needs no search (no declaration can
  obey more), and the other components start the search from it;
* CP-SAT runs without symmetry detection and presolve probing (:data:`_PARAMS`),
  and maximisation with a single presolve round (:data:`_MAX_PARAMS`): on these
  models (mixed boards and exact-cover boards alike) more presolve costs more time
  than it saves -- except when enumerating, where each solution gets cheaper;
* :meth:`CpSat.solutions` enumerates lazily in growing rounds, each a fresh
  enumeration that skips what was already produced; choices that nothing
  mentions are only counted per creature in the model and picked in Python.
"""

from __future__ import annotations

import types
from itertools import combinations, product
from math import comb
from typing import Iterable, Iterator, Optional

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ortools.sat.python import cp_model


class _LazyCpModel:
    """``cp_model``, imported when a model is first built (:func:`import_cp_model`):
    small problems never need it (tiny components are solved in Python, see
    :data:`_TINY`)."""

    def __getattr__(self, name: str) -> Any:
        real = import_cp_model()
        globals()["cp_model"] = real
        return getattr(real, name)


class _PandasWhenUsed(types.ModuleType):
    """Stands for pandas in ``cp_model``'s namespace. ``cp_model`` imports pandas at
    its top (about 0.3 s of CPU, most of OR-tools' import time) for its ``*_series``
    helpers, which mtgcombat never calls; while ``cp_model`` itself is being imported,
    the names its annotations read (``pd.Index``, ``pd.Series``) are stand-in classes;
    afterwards any attribute imports the real pandas and is taken from it, so every
    ``cp_model`` function still works as documented (it just pays for pandas when
    first used)."""

    importing = True

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        if _PandasWhenUsed.importing:
            return _STAND_INS.setdefault(name, type(name, (), {}))
        import importlib

        return getattr(importlib.import_module("pandas"), name)


#: The stand-in classes given to ``cp_model`` while it is imported (never kept as the
#: module's attributes: afterwards the names are the real pandas').
_STAND_INS: dict[str, type] = {}


def import_cp_model() -> Any:
    """``ortools.sat.python.cp_model`` without importing pandas (:class:`_PandasWhenUsed`)
    unless pandas is already imported. ``sys.modules["pandas"]`` holds the stand-in
    only while ``cp_model`` is imported: a later ``import pandas`` anywhere gets the
    real one."""
    import sys

    if "ortools.sat.python.cp_model" in sys.modules or "pandas" in sys.modules:
        from ortools.sat.python import cp_model as real

        return real
    _PandasWhenUsed.importing = True
    sys.modules["pandas"] = _PandasWhenUsed("pandas")
    try:
        from ortools.sat.python import cp_model as real
    finally:
        if isinstance(sys.modules.get("pandas"), _PandasWhenUsed):
            del sys.modules["pandas"]
        _PandasWhenUsed.importing = False
    return real


cp_model = _LazyCpModel()  # type: ignore[assignment]  # noqa: F811

from ..rules.constraints import (
    FALSE, TRUE, And, Const, Count, Declaration, Expr, Key, Lit, Not, Or, Problem, evaluate,
    true_keys,
)
from .base import Deadline, SolverTimeout

#: Components with at most this many declarations are solved by trying them all.
_TINY = 64
#: Listing: a component with at most this many declarations has its legal ones found by
#: trying them all; one (other than the largest, which is streamed) with more than
#: :data:`_COMPONENT_LIMIT` legal ones is not listed on its own (the whole problem is
#: enumerated instead).
_COMPONENT_TRIES = 4096
_COMPONENT_LIMIT = 20000
#: CP-SAT parameters for every solve (see bench/blocks.py, bench/attacks.py).
_PARAMS: dict = {"symmetry_level": 0, "cp_model_probing_level": 0}
#: Added for the optimisation solves (not enumeration, where a fully presolved model
#: makes each of the many solutions cheaper).
_MAX_PARAMS: dict = {"max_presolve_iterations": 1}
#: First round of lazy enumeration, and the growth factor of later rounds.
_FIRST_ROUND, _GROWTH = 128, 8


# -- simplification ----------------------------------------------------------


def _forced_false(problem: Problem) -> tuple[set[Key], set[int]]:
    """Keys that unit restrictions forbid outright, and the indices of those unit
    restrictions (true once the keys are removed)."""
    out: set[Key] = set()
    units: set[int] = set()
    for i, r in enumerate(problem.restrictions):
        e = r.expr
        if isinstance(e, Not):
            inner = e.e
            if isinstance(inner, Lit):
                out.add(inner.key)
                units.add(i)
            elif isinstance(inner, Or) and all(isinstance(x, Lit) for x in inner.es):
                out.update(x.key for x in inner.es if isinstance(x, Lit))
                units.add(i)
    return out, units


class _Simplifier:
    """Folds constants, with forbidden or unknown keys replaced by FALSE. Memoised by
    object identity (rule families share sub-expressions such as "X attacks")."""

    def __init__(self, live: set[Key]) -> None:
        self.live = live
        self.memo: dict[int, tuple[Expr, Expr]] = {}

    def __call__(self, e: Expr) -> Expr:
        hit = self.memo.get(id(e))
        if hit is not None:
            return hit[1]
        out = self._simplify(e)
        self.memo[id(e)] = (e, out)
        return out

    def _simplify(self, e: Expr) -> Expr:
        if isinstance(e, Lit):
            return e if e.key in self.live else FALSE
        if isinstance(e, Const):
            return TRUE if e.value else FALSE
        if isinstance(e, Not):
            x = self(e.e)
            if isinstance(x, Const):
                return FALSE if x.value else TRUE
            if isinstance(x, Not):
                return x.e
            return Not(x)
        if isinstance(e, (And, Or)):
            absorbing = isinstance(e, Or)  # TRUE absorbs an Or, FALSE an And
            kept = []
            for x in e.es:
                s = self(x)
                if isinstance(s, Const):
                    if s.value == absorbing:
                        return TRUE if absorbing else FALSE
                    continue
                kept.append(s)
            if not kept:
                return FALSE if absorbing else TRUE
            if len(kept) == 1:
                return kept[0]
            return type(e)(tuple(kept))
        if isinstance(e, Count):
            kept = []
            n_true = 0
            for x in e.es:
                s = self(x)
                if isinstance(s, Const):
                    n_true += s.value
                else:
                    kept.append(s)
            lo = None if e.lo is None else e.lo - n_true
            hi = None if e.hi is None else e.hi - n_true
            m = len(kept)
            if (hi is not None and hi < 0) or (lo is not None and lo > m):
                return FALSE
            if lo is not None and hi is not None and lo > hi:
                return FALSE
            if lo is not None and lo <= 0:
                lo = None
            if hi is not None and hi >= m:
                hi = None
            if lo is None and hi is None:
                return TRUE
            if lo == 1 and hi is None:
                return kept[0] if m == 1 else Or(tuple(kept))
            if hi == 0:
                return Not(kept[0]) if m == 1 else Not(Or(tuple(kept)))
            if lo == m and hi is None:
                return kept[0] if m == 1 else And(tuple(kept))
            return Count(tuple(kept), lo, hi)
        raise TypeError(f"unknown expression {e!r}")


def _keys_in(exprs: Iterable[Expr]) -> set[Key]:
    """Every key the expressions mention (each shared node visited once)."""
    out: set[Key] = set()
    seen: set[int] = set()
    stack = list(exprs)
    while stack:
        e = stack.pop()
        if id(e) in seen:
            continue
        seen.add(id(e))
        if isinstance(e, Lit):
            out.add(e.key)
        elif isinstance(e, Not):
            stack.append(e.e)
        elif isinstance(e, (And, Or, Count)):
            stack.extend(e.es)
    return out


#: Prepared restrictions and costs by problem parts (see :class:`_Prepared`).
_PREPARED: dict = {}


class _Prepared:
    """A problem with forced keys removed and every expression simplified."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        # The restrictions and costs of problems that share them (the same problem with
        # other requirements, as when asking which requirements can be obeyed) are
        # prepared once.
        key = (id(problem.options), id(problem.restrictions), id(problem.costs))
        hit = _PREPARED.get(key)
        if hit is None or hit[0] is not problem.options or hit[1] is not problem.restrictions \
                or hit[2] is not problem.costs:
            forced, units = _forced_false(problem)
            options = {c: tuple(o for o in opts if (c, o) not in forced)
                       for c, opts in problem.options.items()}
            live = {(c, o) for c, opts in options.items() for o in opts}
            simp = _Simplifier(live)
            restrictions = [TRUE if i in units else simp(r.expr)
                            for i, r in enumerate(problem.restrictions)]
            costs = {c.id: simp(c.expr) for c in problem.costs}
            hit = (problem.options, problem.restrictions, problem.costs, options, simp,
                   restrictions, costs)
            if len(_PREPARED) > 8:
                _PREPARED.clear()
            _PREPARED[key] = hit
        self.options: dict[str, tuple[str, ...]] = hit[3]
        simp = hit[4]
        self.restrictions = hit[5]
        self.requirements = [simp(r.expr) for r in problem.requirements]
        self.costs = hit[6]

    def cap(self, c: str) -> int:
        return min(self.problem.cap(c), len(self.options[c]))


def components(prep: _Prepared, exprs: list[Expr]
               ) -> tuple[list[list[str]], list[Optional[int]]]:
    """Groups of creatures linked by no expression, and each expression's group
    (:func:`_components`)."""
    return _components(prep, exprs)


def prepared(problem: Problem) -> _Prepared:
    """The problem with forced keys removed and every expression simplified (shared with
    the Python search and the ordered listing; no OR-tools import)."""
    return _Prepared(problem)


# -- the CP-SAT model ------------------------------------------------------------


class _Model:
    """A CP-SAT model over some creatures of a prepared problem."""

    def __init__(self, prep: _Prepared, creatures: list[str],
                 keys: Optional[set[Key]] = None, slack: bool = False) -> None:
        """Variables for the choices of ``creatures``; only for ``keys`` if given. The
        other choices are left out -- false, or with ``slack`` counted together: one
        integer per creature, how many of them it takes (:attr:`slack`)."""
        self.prep = prep
        self.m = cp_model.CpModel()
        self.infeasible = False
        self.var: dict[Key, cp_model.IntVar] = {}
        self.slack: dict[str, cp_model.IntVar] = {}
        self.memo: dict[int, tuple[Expr, object]] = {}
        for c in creatures:
            vs = []
            n_out = 0
            for o in prep.options[c]:
                if keys is not None and (c, o) not in keys:
                    n_out += 1
                    continue
                v = self.m.new_bool_var(f"{c}>{o}")
                self.var[(c, o)] = v
                vs.append(v)
            cap = prep.cap(c)
            if slack and n_out:
                u = (self.m.new_bool_var(f"{c}>*") if min(cap, n_out) == 1
                     else self.m.new_int_var(0, min(cap, n_out), f"{c}>*"))
                self.slack[c] = u
                vs.append(u)
                n_out = min(cap, n_out) - 1  # u counts as that many choices
            else:
                n_out = 0
            if len(vs) + n_out > cap:
                if cap == 1:
                    self.m.add_at_most_one(vs)  # 508.1a one target / 509.1a one attacker
                else:
                    self.m.add(sum(vs) <= cap)  # 509.1a: "can block N creatures"

    # -- reification --------------------------------------------------------------
    def lit(self, e: Expr):
        """A literal equivalent to ``e`` (e is simplified: no constants inside)."""
        hit = self.memo.get(id(e))
        if hit is not None:
            return hit[1]
        m = self.m
        if isinstance(e, Lit):
            out = self.var[e.key]
        elif isinstance(e, Not):
            out = self.lit(e.e).Not()
        elif isinstance(e, Or) and self._exclusive(e):
            # choices of one creature that takes at most one: "any" is their sum
            b = m.new_bool_var("")
            m.add(b == sum(self.var[x.key] for x in e.es))  # type: ignore[union-attr]
            out = b
        elif isinstance(e, (And, Or)):
            ls = [self.lit(x) for x in e.es]
            b = m.new_bool_var("")
            if isinstance(e, And):
                for x in ls:
                    m.add_implication(b, x)
                m.add_bool_or([x.Not() for x in ls] + [b])
            else:
                for x in ls:
                    m.add_implication(x, b)
                m.add_bool_or(ls + [b.Not()])
            out = b
        elif isinstance(e, Count):
            s = sum(self.lit(x) for x in e.es)
            parts = []
            if e.lo is not None:
                parts.append(self._reify_ge(s, e.lo))
            if e.hi is not None:
                parts.append(self._reify_ge(-s, -e.hi))
            if len(parts) == 1:
                out = parts[0]
            else:
                b = m.new_bool_var("")
                m.add_implication(b, parts[0])
                m.add_implication(b, parts[1])
                m.add_bool_or([parts[0].Not(), parts[1].Not(), b])
                out = b
        elif isinstance(e, Const):
            raise AssertionError("constants are folded before compiling")
        else:
            raise TypeError(f"unknown expression {e!r}")
        self.memo[id(e)] = (e, out)
        return out

    def _exclusive(self, e: Or) -> bool:
        """Whether ``e`` is an Or of distinct choices of one creature taking at most
        one choice (so at most one of them is true)."""
        first = e.es[0]
        if not isinstance(first, Lit):
            return False
        c = first.key[0]
        if self.prep.cap(c) != 1:
            return False
        keys = set()
        for x in e.es:
            if not isinstance(x, Lit) or x.key[0] != c or x.key in keys:
                return False
            keys.add(x.key)
        return True

    def _reify_ge(self, s, k: int):
        b = self.m.new_bool_var("")
        self.m.add(s >= k).only_enforce_if(b)
        self.m.add(s <= k - 1).only_enforce_if(b.Not())
        return b

    # -- posting at top level ----------------------------------------------------------
    def post(self, e: Expr) -> None:
        """Require ``e`` to be true."""
        m = self.m
        if isinstance(e, Const):
            if not e.value:
                self.infeasible = True
        elif isinstance(e, Lit):
            m.add(self.var[e.key] == 1)
        elif isinstance(e, And):
            for x in e.es:
                self.post(x)
        elif isinstance(e, Or):
            m.add_bool_or([self.lit(x) for x in e.es])
        elif isinstance(e, Count):
            s = sum(self.lit(x) for x in e.es)
            if e.lo is not None:
                m.add(s >= e.lo)
            if e.hi is not None:
                m.add(s <= e.hi)
        elif isinstance(e, Not):
            self.post_false(e.e)
        else:
            raise TypeError(f"unknown expression {e!r}")

    def post_false(self, e: Expr) -> None:
        """Require ``e`` to be false."""
        if isinstance(e, Const):
            if e.value:
                self.infeasible = True
        elif isinstance(e, Lit):
            self.m.add(self.var[e.key] == 0)
        elif isinstance(e, Or):
            for x in e.es:
                self.post_false(x)
        elif isinstance(e, Not):
            self.post(e.e)
        elif isinstance(e, And):
            self.m.add_bool_or([self.lit(x).Not() for x in e.es])
        elif isinstance(e, Count):
            self._post_count_outside(e)
        else:
            self.m.add_bool_or([self.lit(e).Not()])

    def _post_count_outside(self, e: Count) -> None:
        """Require the count of ``e`` to lie outside [lo, hi]: below lo or above hi
        (menace: "zero or two or more", 702.111b)."""
        m = self.m
        ls = [self.lit(x) for x in e.es]
        s = sum(ls)
        if e.lo is None and e.hi is None:
            self.infeasible = True
        elif e.lo is None:
            assert e.hi is not None
            m.add(s >= e.hi + 1)
        elif e.hi is None:
            m.add(s <= e.lo - 1)
        else:
            above = m.new_bool_var("")
            if e.lo == 1:
                for x in ls:  # any chosen -> above
                    m.add_implication(x, above)
            else:
                m.add(s <= e.lo - 1).only_enforce_if(above.Not())
            m.add(s >= (e.hi + 1) * above)

    # -- reading ---------------------------------------------------------------------------
    def declaration(self, value) -> dict:
        """The declaration in a solution; ``value(var)`` reads a Boolean."""
        out: dict = {}
        for (c, o), v in self.var.items():
            if value(v):
                out.setdefault(c, []).append(o)
        return _shape(self.prep.problem, out)


def _shape(problem: Problem, chosen: dict) -> dict:
    if problem.kind == "attacks":
        return {c: os[0] for c, os in chosen.items()}
    return {c: tuple(sorted(os)) for c, os in chosen.items()}


def _solver(deadline: Deadline, workers: int, params: Optional[dict] = None
            ) -> cp_model.CpSolver:
    deadline.check()
    s = cp_model.CpSolver()
    rem = deadline.remaining()
    if rem is not None:
        s.parameters.max_time_in_seconds = max(rem, 0.001)
    s.parameters.num_workers = workers
    for k, v in (params or {}).items():
        setattr(s.parameters, k, v)
    return s


# -- hints ------------------------------------------------------------------------------


def _hint_keys(prep: _Prepared, hint: Optional[Declaration]) -> Optional[frozenset[Key]]:
    """The keys of a hint, or None when it is not even a declaration of the prepared
    problem (a choice it can't make or a forbidden one, too many choices)."""
    if hint is None:
        return None
    keys = true_keys(hint)
    per: dict[str, int] = {}
    for c, o in keys:
        if c not in prep.options or o not in prep.options[c]:
            return None
        per[c] = per.get(c, 0) + 1
    if any(n > prep.cap(c) for c, n in per.items()):
        return None
    return keys


def _restricted(keys: Optional[frozenset[Key]], comp: list[str],
                hard: list[Expr]) -> Optional[frozenset[Key]]:
    """The part of a hint on the creatures of one component, if it obeys that
    component's hard constraints."""
    if keys is None:
        return None
    cs = set(comp)
    mine = frozenset(k for k in keys if k[0] in cs)
    return mine if all(evaluate(e, mine) for e in hard) else None


def _keys_to_decl(problem: Problem, keys: frozenset[Key]) -> dict:
    chosen: dict = {}
    for c, o in sorted(keys):
        chosen.setdefault(c, []).append(o)
    return _shape(problem, chosen)


# -- components -------------------------------------------------------------------------


class _Linker:
    """Union-find over creatures: creatures mentioned by one expression are linked
    (every shared node is visited once)."""

    def __init__(self, creatures: Iterable[str]) -> None:
        self.parent = {c: c for c in creatures}
        self.memo: dict[int, tuple[Expr, Optional[str]]] = {}

    def find(self, x: str) -> str:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def link(self, e: Expr) -> Optional[str]:
        """Link the creatures of ``e``; one of them (None if it mentions none)."""
        hit = self.memo.get(id(e))
        if hit is not None:
            return hit[1]
        if isinstance(e, Lit):
            out: Optional[str] = e.key[0]
        elif isinstance(e, Const):
            out = None
        elif isinstance(e, Not):
            out = self.link(e.e)
        else:
            out = None
            for x in e.es:
                c = self.link(x)
                if c is None:
                    continue
                if out is None:
                    out = c
                else:
                    a, b = self.find(out), self.find(c)
                    if a != b:
                        self.parent[a] = b
        self.memo[id(e)] = (e, out)
        return out


def _components(prep: _Prepared, exprs: list[Expr]
                ) -> tuple[list[list[str]], list[Optional[int]]]:
    """Groups of creatures linked by no expression, and for each expression the index
    of its group (None for an expression mentioning no creature)."""
    lk = _Linker(prep.options)
    reps = [lk.link(e) for e in exprs]
    index: dict[str, int] = {}
    groups: list[list[str]] = []
    for c in prep.options:
        r = lk.find(c)
        if r not in index:
            index[r] = len(groups)
            groups.append([])
        groups[index[r]].append(c)
    return groups, [None if r is None else index[lk.find(r)] for r in reps]


def _choices(prep: _Prepared, c: str) -> list[tuple[str, ...]]:
    opts = prep.options[c]
    out: list[tuple[str, ...]] = [()]
    for k in range(1, prep.cap(c) + 1):
        out.extend(combinations(sorted(opts), k))
    return out


def _space(prep: _Prepared, creatures: list[str], limit: int) -> int:
    """How many declarations the creatures have (or some number above ``limit``)."""
    n = 1
    for c in creatures:
        k = len(prep.options[c])
        n *= sum(comb(k, i) for i in range(prep.cap(c) + 1))
        if n > limit:
            return n
    return n


class CpSat:
    """The CP-SAT backend."""

    name = "cpsat"
    #: :meth:`maximum` takes ``hint=``, the declaration being checked.
    takes_hint = True

    def __init__(self, workers: int = 1, decompose: bool = True, tiny: int = _TINY,
                 params: Optional[dict] = None) -> None:
        self.workers = workers
        self.params = dict(_PARAMS if params is None else params)
        self.decompose = decompose
        self.tiny = tiny  # components with at most this many declarations: tried in Python

    # -- maximum ----------------------------------------------------------------------
    def maximum(
        self, problem: Problem, allowed_costs: frozenset[str], deadline: Deadline,
        hint: Optional[Declaration] = None,
    ) -> tuple[Optional[int], Optional[dict]]:
        """See :class:`~mtgcombat.solver.base.Backend`. ``hint`` is a declaration
        believed to obey the restrictions and owe only ``allowed_costs`` (the one being
        checked): a component on which it is verified to do so and to obey every
        requirement needs no search, and the others start from it."""
        deadline.check()
        prep = _Prepared(problem)
        # Hard constraints: restrictions, and costs outside ``allowed`` never owed.
        hard = list(prep.restrictions) + [
            Not(e) if not isinstance(e, Const) else Const(not e.value)
            for cid, e in prep.costs.items() if cid not in allowed_costs
        ]
        reqs = list(prep.requirements)
        if any(isinstance(e, Const) and not e.value for e in hard):
            return None, None
        hard = [e for e in hard if not isinstance(e, Const)]
        total = sum(1 for e in reqs if isinstance(e, Const) and e.value)
        reqs = [e for e in reqs if not isinstance(e, Const)]
        if self.decompose:
            comps, owner = _components(prep, hard + reqs)
        else:
            comps, owner = [list(prep.options)], [0] * (len(hard) + len(reqs))
        hard_by: list[list[Expr]] = [[] for _ in comps]
        reqs_by: list[list[Expr]] = [[] for _ in comps]
        for e, i in zip(hard, owner):
            hard_by[i].append(e)  # type: ignore[index]
        for e, i in zip(reqs, owner[len(hard):]):
            reqs_by[i].append(e)  # type: ignore[index]
        hint_keys = _hint_keys(prep, hint)
        witness: dict = {}
        for comp, h, r in zip(comps, hard_by, reqs_by):
            deadline.check()
            if not h and not r:
                continue  # free creatures: not attacking/blocking is fine
            start = _restricted(hint_keys, comp, h)
            if start is not None and all(evaluate(e, start) for e in r):
                # the hint obeys every requirement of this component: nothing can do more
                best, w = len(r), _keys_to_decl(prep.problem, start)
            else:
                best, w = self._component_max(prep, comp, h, r, deadline, start)
            if best is None:
                return None, None
            total += best
            witness.update(w or {})
        return total, witness

    def _component_max(self, prep: _Prepared, comp: list[str], hard: list[Expr],
                       reqs: list[Expr], deadline: Deadline,
                       start: Optional[frozenset[Key]] = None,
                       ) -> tuple[Optional[int], Optional[dict]]:
        """The maximum of one component: its few declarations tried in Python, else
        CP-SAT."""
        if _space(prep, comp, self.tiny) <= self.tiny:
            return self._tiny_max(prep, comp, hard, reqs)
        return self._cp_max(prep, comp, hard, reqs, deadline, start)

    def _tiny_max(self, prep: _Prepared, comp: list[str], hard: list[Expr],
                  reqs: list[Expr]) -> tuple[Optional[int], Optional[dict]]:
        per = [_choices(prep, c) for c in comp]
        best: Optional[int] = None
        witness = None
        for combo in product(*per):
            keys = frozenset((c, o) for c, os in zip(comp, combo) for o in os)
            if not all(evaluate(e, keys) for e in hard):
                continue
            n = sum(1 for e in reqs if evaluate(e, keys))
            if best is None or n > best:
                best = n
                witness = _shape(prep.problem, {c: list(os) for c, os in zip(comp, combo) if os})
        return best, witness

    def _cp_max(self, prep: _Prepared, comp: list[str], hard: list[Expr],
                reqs: list[Expr], deadline: Deadline,
                start: Optional[frozenset[Key]] = None,
                ) -> tuple[Optional[int], Optional[dict]]:
        # A choice that no constraint or requirement mentions is never needed: leaving
        # it out (false) keeps every restriction and requirement as it is, and only
        # loosens the creature's capacity (508.1a, 509.1a).
        model = _Model(prep, comp, _keys_in(hard + reqs))
        for e in hard:
            model.post(e)
        if model.infeasible:
            return None, None
        ls = [model.lit(e) for e in reqs]
        if ls:
            model.m.maximize(sum(ls))
        if start is not None:  # a complete hint, written straight into the proto
            hint = model.m.proto.solution_hint
            hint.vars.extend([v.index for v in model.var.values()])
            hint.values.extend([int(k in start) for k in model.var])
        solver = _solver(deadline, self.workers, {**_MAX_PARAMS, **self.params})
        status = solver.solve(model.m)
        if status == cp_model.INFEASIBLE:
            return None, None
        if status != cp_model.OPTIMAL:
            if status == cp_model.MODEL_INVALID:
                raise RuntimeError(model.m.validate())
            raise SolverTimeout()
        best = sum(1 for x in ls if solver.boolean_value(x))
        return best, model.declaration(solver.boolean_value)

    # -- enumeration ---------------------------------------------------------------------
    def solutions(
        self, problem: Problem, min_obeyed: int, deadline: Deadline
    ) -> Iterator[dict]:
        """Every restriction-obeying declaration obeying at least ``min_obeyed``
        requirements, in three disjoint phases so that the ones a caller will keep
        come first (508.1d; see :func:`mtgcombat.solver.base.iter_legal`):

        A. owing no cost;
        B. owing some cost and obeying at least the maximum reachable with every
           cost paid (no payment can make them fall short);
        C. the rest: owing some cost, obeying fewer than that maximum.
        """
        deadline.check()
        prep = _Prepared(problem)
        if self.decompose and not problem.costs:
            parts = self._component_lists(prep, min_obeyed, deadline)
            if parts is not None:
                yield from _product_declarations(problem, parts, deadline)
                return
        # Choices no restriction, requirement or cost mentions are interchangeable: the
        # model only counts how many of them each creature takes, and each solution
        # stands for every way of picking them (see _enumerate).
        used = _keys_in(e for e in [*prep.restrictions, *prep.requirements,
                                    *prep.costs.values()] if not isinstance(e, Const))
        model = _Model(prep, list(prep.options), used, slack=True)
        free = {c: tuple(sorted(o for o in prep.options[c] if (c, o) not in used))
                for c in model.slack}
        for e in prep.restrictions:
            model.post(e)
        if model.infeasible:
            return
        fixed = sum(1 for e in prep.requirements if isinstance(e, Const) and e.value)
        reqs = [model.lit(e) for e in prep.requirements if not isinstance(e, Const)]
        always_owed = any(isinstance(e, Const) and e.value for e in prep.costs.values())
        costs = [model.lit(e) for e in prep.costs.values() if not isinstance(e, Const)]
        decision = _readout(model)

        def phase(lo: int, hi: Optional[int], owes: Optional[bool]) -> Iterator[dict]:
            lo, hi = lo - fixed, None if hi is None else hi - fixed
            if lo > len(reqs) or (hi is not None and (hi < 0 or hi < lo)):
                return
            m = model.m.clone()
            if reqs and lo > 0:
                m.add(sum(reqs) >= lo)
            if reqs and hi is not None and hi < len(reqs):
                m.add(sum(reqs) <= hi)
            if owes is True and not always_owed:
                if not costs:
                    return
                m.add_bool_or(costs)
            elif owes is False:
                if always_owed:
                    return
                for x in costs:
                    m.add_bool_or([x.Not()])
            yield from self._enumerate(problem, m, decision, free, deadline)

        if not costs and not always_owed:
            yield from phase(min_obeyed, None, None)
            return
        yield from phase(min_obeyed, None, False)
        every, _ = self.maximum(problem, frozenset(problem_cost_ids(problem)), deadline)
        if every is None:
            return
        yield from phase(max(min_obeyed, every), None, True)
        yield from phase(min_obeyed, every - 1, True)

    def _component_lists(self, prep: _Prepared, min_obeyed: int, deadline: Deadline,
                         stream_largest: bool = True) -> Optional[list]:
        """When the legal declarations are exactly those in which every component (a
        group of creatures no constraint links to another) obeys its own maximum -- no
        costs, and ``min_obeyed`` is the maximum, which is the sum of the components'
        maxima -- each component's declarations reaching its maximum, as lists of keys
        (every declaration is one pick from each list). None when that doesn't hold or a
        component has too many (the caller enumerates the whole problem instead)."""
        hard = list(prep.restrictions)
        if any(isinstance(e, Const) and not e.value for e in hard):
            return [[]]
        hard = [e for e in hard if not isinstance(e, Const)]
        reqs = [e for e in prep.requirements if not isinstance(e, Const)]
        fixed = sum(1 for e in prep.requirements if isinstance(e, Const) and e.value)
        comps, owner = _components(prep, hard + reqs)
        hard_by: list[list[Expr]] = [[] for _ in comps]
        reqs_by: list[list[Expr]] = [[] for _ in comps]
        for e, i in zip(hard, owner):
            hard_by[i].append(e)  # type: ignore[index]
        for e, i in zip(reqs, owner[len(hard):]):
            reqs_by[i].append(e)  # type: ignore[index]
        best: list[int] = []
        for comp, h, r in zip(comps, hard_by, reqs_by):
            deadline.check()
            if not r:
                best.append(0)
                continue
            b, _ = self._component_max(prep, comp, h, r, deadline)
            if b is None:
                return [[]]  # no declaration obeys the restrictions
            best.append(b)
        if min_obeyed != fixed + sum(best):
            return None
        # The component with the most creatures is streamed (it may have more declarations
        # than can be held); every other one is listed in full.
        constrained = [i for i, (h, r) in enumerate(zip(hard_by, reqs_by)) if h or r]
        big = (max(constrained, key=lambda i: len(comps[i]), default=None)
               if stream_largest else None)
        out: list = []
        for i, (comp, h, r, b) in enumerate(zip(comps, hard_by, reqs_by, best)):
            if not h and not r:
                for c in comp:  # a free creature: any of its choices
                    out.append([tuple((c, o) for o in os) for os in _choices(prep, c)])
                continue
            if i == big:
                continue
            found = self._component_solutions(prep, comp, h, r, b, deadline)
            if found is None:
                return None
            out.append(found)
        if big is not None:
            out.insert(0, _Stream(self, prep, comps[big], hard_by[big], reqs_by[big],
                                  best[big], deadline))
        return out

    def count_parts(self, problem: Problem, min_obeyed: int, deadline: Deadline
                    ) -> Optional[int]:
        """The number of declarations obeying the restrictions and ``min_obeyed``
        requirements when that is the maximum and the problem has no costs: the product
        of its components' counts (None when it doesn't split that way or a part has
        too many declarations to count one by one)."""
        prep = _Prepared(problem)
        parts = self._component_lists(prep, min_obeyed, deadline, stream_largest=False)
        if parts is None:
            return None
        n = 1
        for p in parts:
            n *= len(p)
        return n

    def _component_solutions(self, prep: _Prepared, comp: list[str], hard: list[Expr],
                             reqs: list[Expr], least: int, deadline: Deadline,
                             limit: Optional[int] = _COMPONENT_LIMIT,
                             ) -> Optional[list[tuple[Key, ...]]]:
        """Every declaration of one component obeying its restrictions and at least
        ``least`` of its requirements (None past ``limit`` of them)."""
        return _listed(self._component_stream(prep, comp, hard, reqs, least, deadline), limit)

    def _component_stream(self, prep: _Prepared, comp: list[str], hard: list[Expr],
                          reqs: list[Expr], least: int, deadline: Deadline
                          ) -> Iterator[tuple[Key, ...]]:
        """The declarations of :meth:`_component_solutions`, lazily."""
        if _space(prep, comp, _COMPONENT_TRIES) <= _COMPONENT_TRIES:
            per = [_choices(prep, c) for c in comp]
            for combo in product(*per):
                keys = frozenset((c, o) for c, os in zip(comp, combo) for o in os)
                if all(evaluate(e, keys) for e in hard) and \
                        sum(1 for e in reqs if evaluate(e, keys)) >= least:
                    yield tuple(sorted(keys))
            return
        used = _keys_in(hard + reqs)
        model = _Model(prep, comp, used, slack=True)
        free = {c: tuple(sorted(o for o in prep.options[c] if (c, o) not in used))
                for c in model.slack}
        for e in hard:
            model.post(e)
        if model.infeasible:
            return
        ls = [model.lit(e) for e in reqs]
        if ls and least > 0:
            model.m.add(sum(ls) >= least)
        decision = _readout(model)
        for d in self._enumerate(prep.problem, model.m, decision, free, deadline):
            yield tuple(sorted((c, o) for c, v in d.items()
                               for o in ((v,) if isinstance(v, str) else v)))

    def _enumerate(self, problem: Problem, m: cp_model.CpModel, decision,
                   free: dict[str, tuple[str, ...]], deadline: Deadline) -> Iterator[dict]:
        """All solutions of ``m`` projected on the decision variables, lazily: rounds of
        growing size, each a fresh enumeration that skips what was already produced.
        A solution in which creature c takes u unmentioned choices stands for every
        u-subset of ``free[c]``: they are produced here, each declaration once (two
        solutions differ in a key or a count, so their declarations differ)."""
        seen: set = set()
        target = _FIRST_ROUND
        while True:
            fresh: list = []
            cb = _collector_class()(decision, seen, fresh, target)
            solver = _solver(deadline, 1, self.params)
            solver.parameters.enumerate_all_solutions = True
            status = solver.solve(m, cb)
            n = 0
            for keys, slack in fresh:
                for extra in _picks(slack, free):
                    n += 1
                    if n % 1024 == 0:
                        deadline.check()
                    chosen: dict = {}
                    for c, o in keys:
                        chosen.setdefault(c, []).append(o)
                    for c, o in extra:
                        chosen.setdefault(c, []).append(o)
                    yield _shape(problem, chosen)
            if cb.stopped:
                target *= _GROWTH
                continue
            if status in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
                return  # the enumeration ran to its end
            if status == cp_model.MODEL_INVALID:
                raise RuntimeError(m.validate())
            raise SolverTimeout()




def _listed(stream: Iterator, limit: Optional[int]) -> Optional[list]:
    out = []
    for x in stream:
        out.append(x)
        if limit is not None and len(out) > limit:
            return None
    return out


class _Stream:
    """One component's declarations, produced lazily (for the largest component)."""

    def __init__(self, backend: "CpSat", *args: Any) -> None:
        self.backend, self.args = backend, args

    def __iter__(self) -> Iterator[tuple[Key, ...]]:
        return self.backend._component_stream(*self.args)


def _product_declarations(problem: Problem, parts: list[list[tuple[Key, ...]]],
                          deadline: Deadline) -> Iterator[dict]:
    """Every pick of one entry from each part, as a declaration (lazily)."""
    n = 0
    head, rest = parts[0], parts[1:]
    stream = head if isinstance(head, _Stream) else None
    firsts = iter(stream) if stream is not None else iter([()])
    tail = rest if stream is not None else parts
    if any(not p for p in tail):
        return
    for first in firsts:
        for combo in product(*tail):
            n += 1
            if n % 1024 == 0:
                deadline.check()
            chosen: dict = {}
            for keys in (first, *combo):
                for c, o in keys:
                    chosen.setdefault(c, []).append(o)
            yield _shape(problem, chosen)


def problem_cost_ids(problem: Problem) -> list[str]:
    return [c.id for c in problem.costs]


def _picks(slack: tuple[tuple[str, int], ...], free: dict[str, tuple[str, ...]],
           i: int = 0) -> Iterator[list[Key]]:
    """Every way for each creature c of ``slack`` to take its count of ``free[c]``
    (lazily: there may be very many)."""
    if i == len(slack):
        yield []
        return
    c, u = slack[i]
    for combo in combinations(free[c], u):
        for rest in _picks(slack, free, i + 1):
            yield [(c, o) for o in combo] + rest


def _readout(model: _Model) -> tuple[list, list, list]:
    """How a solution's declaration is read: for each creature with several choices an
    indicator "it chooses something" (``x -> b`` for each of its keys, ``b -> some
    x``), whose keys are read only when it is true (up to the first true one when it
    takes at most one); other keys read on their own. Few reads per solution instead
    of one per key (enumeration reads thousands of solutions)."""
    by: dict[str, list] = {}
    for (c, o), v in model.var.items():
        by.setdefault(c, []).append((o, v))
    grouped: list = []
    single: list = []
    for c, ovs in by.items():
        if len(ovs) > 1:
            b = model.m.new_bool_var("")
            for _, v in ovs:
                model.m.add_implication(v, b)
            model.m.add_bool_or([v for _, v in ovs] + [b.Not()])
            grouped.append((b.Index(), model.prep.cap(c) == 1,
                            [((c, o), v.Index()) for o, v in ovs]))
        else:
            single.extend(((c, o), v.Index()) for o, v in ovs)
    slack = [(c, u.Index()) for c, u in model.slack.items()]
    return grouped, single, slack


def _collector_class() -> type:
    """The solution callback class (built when first needed: it subclasses OR-tools)."""
    global _COLLECTOR
    if _COLLECTOR is None:
        class _Collector(cp_model.CpSolverSolutionCallback):
            """Collects solutions not seen before, until ``target`` distinct ones are known."""

            def __init__(self, decision: tuple[list, list, list], seen: set, fresh: list,
                         target: int) -> None:
                super().__init__()
                self.grouped, self.single, self.slack = decision
                self.seen, self.fresh, self.target = seen, fresh, target
                self.stopped = False

            def on_solution_callback(self) -> None:
                val = self.SolutionBooleanValue
                found = [k for k, i in self.single if val(i)]
                for b, one, ks in self.grouped:
                    if not val(b):
                        continue
                    if one:  # at most one choice: stop at the first
                        found.append(next(k for k, i in ks if val(i)))
                    else:
                        found.extend(k for k, i in ks if val(i))
                ival = self.SolutionIntegerValue
                sol = (frozenset(found), tuple((c, u) for c, i in self.slack if (u := ival(i))))
                if sol not in self.seen:
                    self.seen.add(sol)
                    self.fresh.append(sol)
                if len(self.seen) >= self.target:
                    self.stopped = True
                    self.StopSearch()
        _COLLECTOR = _Collector
    return _COLLECTOR


_COLLECTOR: Optional[type] = None


#: ``auto``: a problem with at most this many declarations in all is listed by trying
#: them all in Python (no OR-tools import, which alone takes about half a second);
#: larger ones by CP-SAT. Maxima are always CP-SAT's, whose components of at most
#: :data:`_TINY` declarations are themselves settled in Python.
AUTO_BRUTE_LIMIT = 4096


#: ``auto``: how much work (expression nodes evaluated) the Python search
#: (:mod:`mtgcombat.solver.search`) may do for one component's maximum before CP-SAT is
#: asked instead -- more while OR-tools is not imported yet (importing it costs about
#: half a second; a million units take about that long).
SEARCH_BUDGET_COLD = 200_000
SEARCH_BUDGET_WARM = 20_000
#: ``auto``: components of more creatures than this go straight to CP-SAT.
SEARCH_CREATURES = 40


class Auto(CpSat):
    """The default backend: CP-SAT where a problem needs a solver, plain Python for small
    problems and small components (exact either way; the property tests compare every
    backend): a component's maximum is searched in Python first
    (:func:`mtgcombat.solver.search.maximum`), and CP-SAT solves it when that search
    would take long."""

    name = "auto"

    def _component_max(self, prep: _Prepared, comp: list[str], hard: list[Expr],
                       reqs: list[Expr], deadline: Deadline,
                       start: Optional[frozenset[Key]] = None,
                       ) -> tuple[Optional[int], Optional[dict]]:
        if _space(prep, comp, self.tiny) <= self.tiny:
            return self._tiny_max(prep, comp, hard, reqs)
        import sys

        from . import search

        cold = "ortools.sat.python.cp_model" not in sys.modules
        if len(comp) > SEARCH_CREATURES:
            return self._cp_max(prep, comp, hard, reqs, deadline, start)
        try:
            best, chosen = search.maximum(
                comp, prep.options, {c: prep.cap(c) for c in comp}, hard, reqs, deadline,
                SEARCH_BUDGET_COLD if cold else SEARCH_BUDGET_WARM, start)
        except search.TooBig:
            return self._cp_max(prep, comp, hard, reqs, deadline, start)
        if best is None:
            return None, None
        return best, _shape(prep.problem, {c: list(v) for c, v in (chosen or {}).items()})

    def solutions(
        self, problem: Problem, min_obeyed: int, deadline: Deadline
    ) -> Iterator[dict]:
        if _whole_space(problem, AUTO_BRUTE_LIMIT) <= AUTO_BRUTE_LIMIT:
            from .brute import BruteForce

            return BruteForce().solutions(problem, min_obeyed, deadline)
        return super().solutions(problem, min_obeyed, deadline)


def _whole_space(problem: Problem, limit: int) -> int:
    """How many declarations the whole problem has (or some number above ``limit``)."""
    n = 1
    for c, opts in problem.options.items():
        k = len(opts)
        n *= sum(comb(k, i) for i in range(min(problem.cap(c), k) + 1))
        if n > limit:
            return n
    return n


# -- choosing blocks by the value of their fights ----------------------------------------------


Group = tuple[str, frozenset]  # (attacker, the blockers blocking it)


class GroupModel:
    """Legal block declarations -- every restriction, at least ``min_obeyed``
    requirements, no cost -- chosen by the weights of their groups (each attacker with
    exactly the set of creatures blocking it; a group without a weight is not allowed),
    within ``budgets`` (sum of coefficients <= limit). Every blocker blocks at most one
    attacker (the caller checks the capacities). ``same``: pairs of interchangeable
    blockers (the first takes the earlier choice: symmetry breaking). The model is built
    once; weights change and declarations are excluded between solves, each solve
    starting from the last solution."""

    def __init__(self, problem: Problem, min_obeyed: int, groups: Iterable[Group],
                 budgets: Iterable[tuple[dict[Group, int], int]] = (),
                 same: Iterable[tuple[str, str]] = ()) -> None:
        prep = _Prepared(problem)
        self.infeasible = False
        hard = list(prep.restrictions) + [
            Not(e) if not isinstance(e, Const) else Const(not e.value)
            for e in prep.costs.values()]
        if any(isinstance(e, Const) and not e.value for e in hard):
            self.infeasible = True
            return
        model = _Model(prep, list(prep.options))
        self.model = model
        for e in hard:
            if not isinstance(e, Const):
                model.post(e)
        if model.infeasible:
            self.infeasible = True
            return
        m = model.m
        fixed = sum(1 for e in prep.requirements if isinstance(e, Const) and e.value)
        lits = [model.lit(e) for e in prep.requirements if not isinstance(e, Const)]
        if min_obeyed - fixed > 0:
            m.add(sum(lits) >= min_obeyed - fixed)
        self.y: dict[Group, Any] = {}
        by_attacker: dict[str, list[Group]] = {}
        for g in groups:
            by_attacker.setdefault(g[0], []).append(g)
        for a, gs in by_attacker.items():
            for g in gs:
                self.y[g] = m.new_bool_var(f"g[{a},{','.join(sorted(g[1]))}]")
            m.add_exactly_one([self.y[g] for g in gs])
            blockers = {b for g in gs for b in g[1]} | {c for (c, o) in model.var if o == a}
            for b in blockers:
                inside = [self.y[g] for g in gs if b in g[1]]
                x = model.var.get((b, a))
                if x is None:
                    for v in inside:
                        m.add(v == 0)
                else:
                    m.add(x == sum(inside))
        for coef, limit in budgets:
            m.add(sum(c * self.y[g] for g, c in coef.items() if g in self.y and c) <= limit)
        choice: dict[str, Any] = {}
        for b1, b2 in same:
            if prep.options.get(b1) != prep.options.get(b2):
                continue
            for b in (b1, b2):
                if b not in choice:
                    opts = prep.options.get(b, ())
                    choice[b] = sum((i + 1) * model.var[(b, o)] for i, o in enumerate(opts)
                                    if (b, o) in model.var)
            m.add(choice[b1] <= choice[b2])
        self.last: Optional[set] = None

    def exclude(self, decl: dict) -> None:
        """No solve returns ``decl`` again."""
        if self.infeasible:
            return
        model = self.model
        on = {(b, a) for b, atts in decl.items() for a in atts}
        lits_on = [model.var[k] for k in on if k in model.var]
        lits_off = [v for k, v in model.var.items() if k not in on]
        model.m.add_bool_or([v.Not() for v in lits_on] + lits_off)

    def solve(self, weights: dict[Group, int], deadline: Optional[Deadline] = None
              ) -> Optional[tuple[dict, int]]:
        """The declaration maximising the sum of its groups' weights, and that sum; None
        when there is none. Raises SolverTimeout."""
        deadline = deadline or Deadline(None)
        deadline.check()
        if self.infeasible:
            return None
        m = self.model.m
        m.maximize(sum(w * self.y[g] for g, w in weights.items() if w and g in self.y))
        m.clear_hints()
        if self.last is not None:
            for k, v in self.model.var.items():
                m.add_hint(v, int(k in self.last))
        # Set partitioning: a stronger linear relaxation pays for itself.
        solver = _solver(deadline, 1, {"linearization_level": 2})
        status = solver.solve(m)
        if status == cp_model.INFEASIBLE:
            return None
        if status != cp_model.OPTIMAL:
            if status == cp_model.MODEL_INVALID:
                raise RuntimeError(m.validate())
            raise SolverTimeout()
        self.last = {k for k, v in self.model.var.items() if solver.boolean_value(v)}
        return (self.model.declaration(solver.boolean_value),
                int(round(solver.objective_value)))
