"""The legal declarations in the one listing order, produced lazily (spec: ``attacks`` /
``blocks``; issue 27: ``--limit N`` gives the first N of that order).

**The order.** Fewer creatures first; among declarations of as many creatures, by their
creatures' ids, then each creature's choices: a declaration is the list of its
``(creature, choices)`` pairs sorted by creature id (choices sorted by id), and lists are
compared item by item (ids compared as text). For blocks:
``{}`` < ``{b1: a1}`` < ``{b1: a2}`` < ``{b2: a1}`` < ``{b1: a1, b2: a1}`` ... A prefix
of the listing is always the first declarations of this order -- also when the time
limit stops it.

**How.** One depth-first search per number of creatures k: creatures in id order, each
either declared (its choices in order: a choice is a set of targets or attackers, up to
its capacity, 509.1a) or not, with k declared in all. The expressions of the problem
are kept three-valued as creatures are decided (:class:`mtgcombat.solver.propagate.Engine`),
and a branch is left as soon as

* a restriction is false (508.1c, 509.1b); or
* it can't reach the maximum number of requirements (508.1d, 509.1c): the requirements
  true so far, plus those still open that more than one creature decides, plus for the
  creatures not yet decided the requirements each decides on its own -- at most the
  best a single choice of it obeys, and only for as many creatures as may still be
  declared; or
* too few or too many creatures would be declared.

Each complete declaration is then judged exactly (every restriction true, its costs, and
at least the maximum it is held to with what it pays, 508.1d / 509.1c). The bounds only
leave out what can't be legal, so the listing is exactly the legal declarations (tested
against the backends' own enumeration)."""

from __future__ import annotations

from itertools import combinations
from typing import Callable, Iterator, Optional

from ..rules.constraints import Problem, compile_expr, evaluate
from .base import Deadline, Listed, MaxCache, costs_of
from .propagate import Engine, owned


def _subsets(opts: tuple[str, ...], cap: int) -> Iterator[tuple[str, ...]]:
    """The non-empty subsets of ``opts`` (sorted) of at most ``cap`` items, in order."""
    for i, o in enumerate(opts):
        yield (o,)
        if cap > 1:
            for rest in _subsets(opts[i + 1:], cap - 1):
                yield (o, *rest)


class _Plan:
    """What the search needs to know about a problem, computed once."""

    def __init__(self, problem: Problem) -> None:
        from .cpsat import prepared

        self.problem = problem
        # Choices a restriction forbids outright are never tried; every expression is
        # simplified with them false (solver/cpsat.py, no OR-tools import).
        prep = prepared(problem)
        self.creatures = sorted(problem.options)
        self.options = {c: tuple(sorted(prep.options[c])) for c in self.creatures}
        self.caps = {c: min(problem.cap(c), len(self.options[c])) for c in self.creatures}
        self.engine = Engine(prep.restrictions, prep.requirements,
                             [prep.costs[c.id] for c in problem.costs])
        e = self.engine
        # Requirements one creature decides alone: counted per creature in the bound.
        n = len(self.creatures)
        own_count = {c: 0 for c in self.creatures}
        best = {c: 0 for c in self.creatures}
        none = {c: 0 for c in self.creatures}
        mine: dict[str, list] = {}
        for x, node in zip(prep.requirements, e.requirements):
            c = owned(x)
            if c is None or c not in own_count or e.val[node] is not None:
                continue
            own_count[c] += 1
            mine.setdefault(c, []).append(x)
        for c, exprs in mine.items():
            none[c] = sum(1 for x in exprs if evaluate(x, frozenset()))
            if self.caps[c] <= 1:
                most = none[c]
                for o in self.options[c]:
                    keys = frozenset([(c, o)])
                    most = max(most, sum(1 for x in exprs if evaluate(x, keys)))
                best[c] = most
            else:
                best[c] = own_count[c]
        self.declarable = [1 if self.caps[c] > 0 else 0 for c in self.creatures]
        # suffix sums from position i on
        self.own_after = [0] * (n + 1)
        self.none_after = [0] * (n + 1)
        self.able_after = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            c = self.creatures[i]
            self.own_after[i] = self.own_after[i + 1] + own_count[c]
            self.none_after[i] = self.none_after[i + 1] + none[c]
            self.able_after[i] = self.able_after[i + 1] + self.declarable[i]
        # the best total gain of declaring r more of the creatures from position i on
        self.top: list[list[int]] = []
        for i in range(n + 1):
            gains = sorted((best[c] - none[c] for c in self.creatures[i:]), reverse=True)
            sums = [0]
            for g in gains:
                sums.append(sums[-1] + g)
            self.top.append(sums)
        self.cost_ids = [c.id for c in problem.costs]
        # Compiled expressions, to judge a declaration whose last creatures are all
        # undeclared without deciding them one by one: by root node, each evaluator as
        # many times as the node is a root.
        memo: dict = {}
        self.judge: dict[int, list[tuple[int, int, Callable[[frozenset], bool]]]] = {}
        for role, exprs, nodes in ((1, prep.restrictions, e.restrictions),
                                   (2, prep.requirements, e.requirements),
                                   (4, [prep.costs[c.id] for c in problem.costs], e.costs)):
            for j, (x, node) in enumerate(zip(exprs, nodes)):
                self.judge.setdefault(node, []).append((role, j, compile_expr(x, memo)))


def _listed(problem: Problem, chosen: dict, obeyed: int, paid: frozenset) -> Listed:
    if problem.kind == "attacks":
        decl = {c: ch[0] for c, ch in chosen.items() if ch}
    else:
        decl = {c: ch for c, ch in chosen.items() if ch}
    return Listed(decl, obeyed, costs_of(problem, paid))


def ordered_legal(problem: Problem, m0: Optional[int], maxc: MaxCache,
                  deadline: Deadline, on_node: Optional[Callable[[], None]] = None,
                  ) -> Iterator[Listed]:
    """Every legal declaration (508.1c-d, 509.1b-c), in listing order, lazily. ``m0``:
    the most requirements a declaration paying no cost obeys (None: none obeys the
    restrictions without paying); ``maxc``: the maxima with costs paid. Raises
    :class:`~mtgcombat.solver.base.SolverTimeout` past the deadline."""
    plan = _Plan(problem)
    e = plan.engine
    creatures = plan.creatures
    n = len(creatures)
    need = m0 if m0 is not None else 0
    counter = [0]

    def bound_ok(i: int, declared: int, k: int) -> bool:
        left = k - declared
        if left < 0 or left > plan.able_after[i]:
            return False
        if e.r_false:
            return False
        open_ = len(e.requirements) - e.q_true - e.q_false - plan.own_after[i]
        top = plan.top[i]
        reach = e.q_true + open_ + plan.none_after[i] + top[min(left, len(top) - 1)]
        return reach >= need

    chosen: dict[str, tuple] = {}

    def dfs(i: int, declared: int, k: int) -> Iterator[Listed]:
        counter[0] += 1
        if counter[0] & 255 == 0:
            deadline.check()
            if on_node is not None:
                on_node()
        if not bound_ok(i, declared, k):
            return
        if i == n:
            found = _leaf(problem, plan, chosen, m0, maxc)
            if found is not None:
                yield found
            return
        if declared == k:
            # every creature left is not declared: the expressions still open are
            # judged on the declaration as it stands (their other keys are false)
            found = _tail(problem, plan, chosen, m0, maxc)
            if found is not None:
                yield found
            return
        c = creatures[i]
        e.decide(c, ())  # every key false; then the keys of each choice true in turn
        if declared < k and plan.caps[c] > 0:
            for ch in _subsets(plan.options[c], plan.caps[c]):
                for o in ch:
                    e.set_key(c, o, True)
                chosen[c] = ch
                yield from dfs(i + 1, declared + 1, k)
                for o in ch:
                    e.set_key(c, o, False)
        chosen[c] = ()
        yield from dfs(i + 1, declared, k)
        del chosen[c]
        e.undecide(c)

    for k in range(0, plan.able_after[0] + 1):
        deadline.check()
        yield from dfs(0, 0, k)


def _leaf(problem: Problem, plan: "_Plan", chosen: dict[str, tuple], m0: Optional[int],
          maxc: MaxCache) -> Optional[Listed]:
    """The declaration of every creature decided, if it is legal."""
    e = plan.engine
    if e.r_false:
        return None
    paid = frozenset(cid for cid, node in zip(plan.cost_ids, e.costs) if e.val[node])
    return _if_most(problem, chosen, e.q_true, paid, m0, maxc)


def _tail(problem: Problem, plan: "_Plan", chosen: dict[str, tuple], m0: Optional[int],
          maxc: MaxCache) -> Optional[Listed]:
    """The declaration as it stands (every creature left declares nothing), if it is
    legal: the expressions still open judged on it."""
    e = plan.engine
    keys = frozenset((c, o) for c, ch in chosen.items() for o in ch)
    obeyed = e.q_true
    paid = {cid for cid, node in zip(plan.cost_ids, e.costs) if e.val[node]}
    for node in e.open_roots:
        for role, j, f in plan.judge[node]:
            v = f(keys)
            if role == 1:
                if not v:
                    return None
            elif role == 2:
                obeyed += v
            elif v:
                paid.add(plan.cost_ids[j])
    return _if_most(problem, chosen, obeyed, frozenset(paid), m0, maxc)


def _if_most(problem: Problem, chosen: dict[str, tuple], obeyed: int, paid: frozenset,
             m0: Optional[int], maxc: MaxCache) -> Optional[Listed]:
    """The declaration, when it obeys as many requirements as any declaration paying
    the same costs can (508.1d, 509.1c); else None."""
    if paid:
        mp, _ = maxc(paid)
        if mp is None or obeyed < mp:
            return None
    elif m0 is None or obeyed < m0:
        return None
    return _listed(problem, chosen, obeyed, paid)


__all__ = ["ordered_legal", "combinations"]
