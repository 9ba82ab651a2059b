"""The maximum number of requirements obeyable (508.1d, 509.1c), found by a search in
Python: the ``auto`` backend's way for components of a few creatures, so that a check
on a board people type never imports OR-tools (which alone takes half a second).

A depth-first branch and bound over the creatures of one component (creatures linked
by restrictions and requirements, :mod:`mtgcombat.solver.cpsat`):

* each creature in turn takes one of its choices (none, one target or attacker, or a
  set of attackers up to its capacity, 509.1a);
* every expression is evaluated three-valued on the partial declaration (a choice of a
  creature not yet decided is unknown): a restriction that is already false prunes the
  branch; the requirements not already false bound what the branch can reach, and a
  branch that can't do better than the best declaration found is left;
* the declaration being checked (the hint) is the first incumbent, and choices that
  make the most requirements true are tried first, so the usual case -- a declaration
  that obeys every requirement exists -- ends at its first leaf (the bound is met).

Exact: every declaration is either visited or cut by a bound that proves it no better.
A search that would take too long -- more than ``budget`` units of work, a unit being
one node of an expression evaluated -- stops with :class:`TooBig` and the caller asks
CP-SAT instead; the deadline is looked at every few dozen nodes."""

from __future__ import annotations

from itertools import combinations
from typing import Callable, Optional, Sequence

from ..rules.constraints import And, Const, Count, Expr, Key, Lit, Not, Or
from .base import Deadline


class TooBig(Exception):
    """The search went past its node budget (the answer is not known: ask a solver)."""


#: A partial evaluator: chosen (creature -> frozenset of choices, for decided creatures)
#: -> True, False or None (unknown).
Partial = Callable[[dict], Optional[bool]]


def partial(e: Expr, memo: dict) -> Partial:
    """``e`` evaluated on a partial declaration: True or False when the decided creatures
    settle it, else None. Shared sub-expressions are compiled once per ``memo``."""
    hit = memo.get(id(e))
    if hit is not None:
        return hit[1]
    out: Partial
    if isinstance(e, Lit):
        c, o = e.key

        def out(ch, c=c, o=o):
            v = ch.get(c)
            return None if v is None else (o in v)
    elif isinstance(e, Const):
        val = e.value
        out = lambda ch: val  # noqa: E731
    elif isinstance(e, Not):
        f = partial(e.e, memo)

        def out(ch, f=f):
            v = f(ch)
            return None if v is None else not v
    elif isinstance(e, (And, Or)):
        fs = [partial(x, memo) for x in e.es]
        stop = isinstance(e, Or)  # the value that settles it

        def out(ch, fs=fs, stop=stop):
            unknown = False
            for f in fs:
                v = f(ch)
                if v is None:
                    unknown = True
                elif v is stop:
                    return stop
            return None if unknown else (not stop)
    elif isinstance(e, Count):
        fs = [partial(x, memo) for x in e.es]
        lo, hi = e.lo, e.hi

        def out(ch, fs=fs, lo=lo, hi=hi):
            t = u = 0
            for f in fs:
                v = f(ch)
                if v is None:
                    u += 1
                elif v:
                    t += 1
            if (lo is not None and t + u < lo) or (hi is not None and t > hi):
                return False
            if (lo is None or t >= lo) and (hi is None or t + u <= hi):
                return True
            return None
    else:
        raise TypeError(f"unknown expression {e!r}")
    memo[id(e)] = (e, out)
    return out


def _creatures_of(e: Expr, memo: dict) -> frozenset:
    hit = memo.get(id(e))
    if hit is not None:
        return hit[1]
    if isinstance(e, Lit):
        out = frozenset((e.key[0],))
    elif isinstance(e, Const):
        out = frozenset()
    elif isinstance(e, Not):
        out = _creatures_of(e.e, memo)
    else:
        out = frozenset().union(*(_creatures_of(x, memo) for x in e.es))
    memo[id(e)] = (e, out)
    return out


def _size(e: Expr, memo: dict) -> int:
    """How many nodes evaluating ``e`` visits (shared nodes once)."""
    hit = memo.get(id(e))
    if hit is not None:
        return 0
    memo[id(e)] = e
    if isinstance(e, (Lit, Const)):
        return 1
    if isinstance(e, Not):
        return 1 + _size(e.e, memo)
    return 1 + sum(_size(x, memo) for x in e.es)


def maximum(creatures: Sequence[str], options: dict, caps: dict, hard: Sequence[Expr],
            reqs: Sequence[Expr], deadline: Deadline, budget: int,
            hint: Optional[frozenset] = None,
            ) -> tuple[Optional[int], Optional[dict[str, tuple[str, ...]]]]:
    """The most of ``reqs`` a declaration of ``creatures`` obeying every expression of
    ``hard`` makes true, and one such declaration (creature -> its choices, creatures
    choosing nothing left out); (None, None) when none obeys ``hard``. ``hint``: keys of
    a declaration believed to obey ``hard`` (tried first). Raises :class:`TooBig` past
    ``budget`` units of work (expression nodes evaluated), :class:`~mtgcombat.solver.base.SolverTimeout` past the deadline."""
    memo: dict = {}
    hard_f = [partial(e, memo) for e in hard]
    req_f = [partial(e, memo) for e in reqs]
    touch, rtouch = _touches(creatures, hard, reqs)
    # most constrained first: the creatures mentioned by the most expressions
    order = sorted(creatures, key=lambda c: -(len(touch[c]) + len(rtouch[c])))
    sizes = [_size(e, {}) for e in hard]
    rsizes = [_size(e, {}) for e in reqs]
    # the work of judging one choice of a creature: the expressions mentioning it, by size
    cost = {c: sum(sizes[i] for i in touch[c]) + sum(rsizes[i] for i in rtouch[c]) + 1
            for c in order}
    chosen: dict[str, frozenset] = {}
    status: list[Optional[bool]] = [f(chosen) for f in req_f]
    if any(f(chosen) is False for f in hard_f):
        return None, None
    settle = _settler(touch, rtouch, hard_f, req_f, cost, chosen, status, budget)
    ranked = _ranker(_choices_of(order, options, caps), chosen, settle, status,
                     _hint_choices(order, hint))
    best = -1
    witness: Optional[dict] = None
    nodes = 0
    total = len(reqs)

    def dfs(depth: int, n_true: int, n_open: int) -> bool:
        """Search below; True when the bound is met (nothing can do better)."""
        nonlocal best, witness, nodes
        nodes += 1
        if nodes & 63 == 0:
            deadline.check()
        if depth == len(order):
            if n_true > best:
                best = n_true
                witness = dict(chosen)
            return best == total
        c = order[depth]
        for ch, gain, loss in ranked(c):
            t, o = n_true + gain, n_open - gain - loss
            if t + o <= best:
                continue
            chosen[c] = ch
            changed = settle(c)
            assert changed is not None
            done = dfs(depth + 1, t, o)
            for i, old in changed:
                status[i] = old
            del chosen[c]
            if done:
                return True
        return False

    n_true = sum(1 for s in status if s)
    n_open = sum(1 for s in status if s is None)
    dfs(0, n_true, n_open)
    if witness is None:
        return None, None
    return best, {c: tuple(sorted(v)) for c, v in witness.items() if v}


def _touches(creatures: Sequence[str], hard: Sequence[Expr], reqs: Sequence[Expr]
             ) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """For each creature, the indices of the restrictions and of the requirements that
    mention it."""
    cmemo: dict = {}
    touch: dict[str, list[int]] = {c: [] for c in creatures}
    rtouch: dict[str, list[int]] = {c: [] for c in creatures}
    for into, exprs in ((touch, hard), (rtouch, reqs)):
        for i, e in enumerate(exprs):
            for c in _creatures_of(e, cmemo):
                if c in into:
                    into[c].append(i)
    return touch, rtouch


def _choices_of(order: Sequence[str], options: dict, caps: dict
                ) -> dict[str, list[frozenset]]:
    """Every choice of each creature (nothing first), up to its cap."""
    choices: dict[str, list[frozenset]] = {}
    for c in order:
        opts = sorted(options[c])
        cs: list[frozenset] = [frozenset()]
        for k in range(1, min(caps[c], len(opts)) + 1):
            cs.extend(frozenset(x) for x in combinations(opts, k))
        choices[c] = cs
    return choices


def _hint_choices(order: Sequence[str], hint: Optional[frozenset]) -> dict[str, frozenset]:
    """Each creature's choice in the hint (keys (creature, option))."""
    if hint is None:
        return {}
    return {c: frozenset(o for (x, o) in hint if x == c) for c in order}


def _settler(touch: dict, rtouch: dict, hard_f: list, req_f: list, cost: dict,
             chosen: dict, status: list, budget: int
             ) -> Callable[[str], Optional[list[tuple[int, Optional[bool]]]]]:
    """``settle(c)``: re-evaluate what mentions ``c`` (just chosen): None if a
    restriction broke, else the requirements whose status changed (index, old status).
    Raises :class:`TooBig` once the work passes ``budget``."""
    work = 0

    def settle(c: str) -> Optional[list[tuple[int, Optional[bool]]]]:
        nonlocal work
        work += cost[c]
        if work > budget:
            raise TooBig()
        for i in touch[c]:
            if hard_f[i](chosen) is False:
                return None
        changed: list[tuple[int, Optional[bool]]] = []
        for i in rtouch[c]:
            old = status[i]
            if old is None:
                new = req_f[i](chosen)
                if new is not None:
                    changed.append((i, old))
                    status[i] = new
        return changed
    return settle


def _ranker(choices: dict, chosen: dict, settle: Callable, status: list, hint_choice: dict
            ) -> Callable[[str], list[tuple[frozenset, int, int]]]:
    """``ranked(c)``: the choices of ``c`` that break no restriction, as (choice,
    requirements made true, made false) -- the hint's first, then the ones making most
    requirements true."""
    def ranked(c: str) -> list[tuple[frozenset, int, int]]:
        scored: list[tuple] = []
        for ch in choices[c]:
            chosen[c] = ch
            changed = settle(c)
            if changed is not None:
                gain = sum(1 for i, _ in changed if status[i])
                loss = len(changed) - gain
                first = hint_choice.get(c) == ch
                scored.append((not first, -gain, loss, len(scored), ch, gain, loss))
            if changed:
                for i, old in changed:
                    status[i] = old
            del chosen[c]
        scored.sort()
        return [(ch, gain, loss) for _, _, _, _, ch, gain, loss in scored]
    return ranked
