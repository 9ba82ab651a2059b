"""The python-constraint2 backend: an independent reference for mid-size problems.

One variable per creature. Its domain is ``None`` (it doesn't attack/block) or
one target (attacks, 508.1a) / a sorted tuple of up to ``problem.cap(c)``
attackers (blocks, 509.1a). Every restriction is a function constraint that
evaluates the expression on the assignment. python-constraint has no
objective, so :meth:`PyConstraint.maximum` enumerates the declarations that
obey the restrictions and owe no cost outside ``allowed`` and keeps the best.
It shares nothing with the CP-SAT backend except the problem data and the
expression evaluator.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterator, Optional

from constraint import FunctionConstraint, Problem as CspProblem

from ..rules.constraints import Const, Expr, Lit, Not, Problem, evaluate
from .base import Deadline

#: How often (in solutions) the deadline is checked.
_EVERY = 256


def _creatures(e: Expr) -> set[str]:
    if isinstance(e, Lit):
        return {e.key[0]}
    if isinstance(e, Const):
        return set()
    if isinstance(e, Not):
        return _creatures(e.e)
    out: set[str] = set()
    for x in e.es:
        out |= _creatures(x)
    return out


def _keys(names: tuple[str, ...], values: tuple) -> frozenset:
    out = set()
    for c, v in zip(names, values):
        if v is None:
            continue
        if isinstance(v, str):
            out.add((c, v))
        else:
            out.update((c, x) for x in v)
    return frozenset(out)


def _holds(e: Expr, names: tuple[str, ...], deadline: Optional[Deadline] = None,
           calls: Optional[list[int]] = None):
    """The constraint function of ``e``. ``calls``: one counter shared by every
    constraint of a CSP -- python-constraint may search long between two solutions, so
    the deadline is looked at from inside its search, every few hundred checks of any
    constraint (a counter per constraint let a board with hundreds of them search for
    seconds past its limit)."""
    count = calls if calls is not None else [0]

    def check(*values) -> bool:
        if deadline is not None:
            count[0] += 1
            if count[0] & 255 == 0:
                deadline.check()
        return evaluate(e, _keys(names, values))
    return check


def _domain(problem: Problem, c: str) -> list:
    opts = problem.options[c]
    if problem.kind == "attacks":
        return [None, *opts]
    out: list = [None]
    for k in range(1, min(problem.cap(c), len(opts)) + 1):
        out.extend(combinations(sorted(opts), k))
    return out


def _declaration(sol: dict) -> dict:
    return {c: v for c, v in sol.items() if v is not None}


class PyConstraint:
    """The python-constraint2 backend."""

    name = "constraint"

    def _csp(self, problem: Problem, hard: list[Expr],
             deadline: Optional[Deadline] = None) -> Optional[CspProblem]:
        """A CSP whose solutions obey ``hard``; None when a constant one is false."""
        csp = CspProblem()
        for c in sorted(problem.options):
            csp.addVariable(c, _domain(problem, c))
        if deadline is not None:
            deadline.check()
        calls = [0]
        for i, e in enumerate(hard):
            if deadline is not None and i & 63 == 63:
                deadline.check()
            names = tuple(sorted(_creatures(e)))
            if not names:
                if not evaluate(e, frozenset()):
                    return None
                continue
            csp.addConstraint(FunctionConstraint(_holds(e, names, deadline, calls)), names)
        return csp

    def _iterate(self, problem: Problem, csp: Optional[CspProblem],
                 deadline: Deadline) -> Iterator[dict]:
        if csp is None:
            return
        if not problem.options:
            yield {}  # no creature: the empty declaration is the only one
            return
        for i, sol in enumerate(csp.getSolutionIter()):
            if i % _EVERY == 0:
                deadline.check()
            yield _declaration(sol)

    def maximum(self, problem: Problem, allowed_costs: frozenset[str], deadline: Deadline):
        deadline.check()
        hard = [r.expr for r in problem.restrictions]
        # Costs outside ``allowed`` must not be owed (508.1d: never forced).
        hard += [Not(c.expr) for c in problem.costs if c.id not in allowed_costs]
        best: Optional[int] = None
        witness = None
        reqs = [r.expr for r in problem.requirements]
        for d in self._iterate(problem, self._csp(problem, hard, deadline), deadline):
            keys = _keys(tuple(d), tuple(d.values()))
            n = sum(1 for e in reqs if evaluate(e, keys))
            if best is None or n > best:
                best, witness = n, d
        return best, witness

    def solutions(self, problem: Problem, min_obeyed: int, deadline: Deadline):
        deadline.check()
        csp = self._csp(problem, [r.expr for r in problem.restrictions], deadline)
        reqs = [r.expr for r in problem.requirements]
        if csp is not None and min_obeyed > 0:
            names = tuple(sorted(set().union(*(_creatures(e) for e in reqs)) if reqs else ()))
            const = [e for e in reqs if not _creatures(e)]
            fixed = sum(1 for e in const if evaluate(e, frozenset()))
            live = [e for e in reqs if _creatures(e)]
            if fixed + len(live) < min_obeyed:
                return
            if names:
                calls = [0]

                def enough(*values, names=names, live=live) -> bool:
                    calls[0] += 1
                    if calls[0] & 255 == 0:
                        deadline.check()
                    keys = _keys(names, values)
                    return fixed + sum(1 for e in live if evaluate(e, keys)) >= min_obeyed
                csp.addConstraint(FunctionConstraint(enough), names)
            elif fixed < min_obeyed:
                return
        yield from self._iterate(problem, csp, deadline)
