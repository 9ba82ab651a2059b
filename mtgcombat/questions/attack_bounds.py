"""Cheap upper bounds on an attack declaration's value (best-attacks, issue 23).

best-attacks' value of an attack declaration A is the least, over the defending side's
legal block declarations B, of the value of A answered by B (``questions.best``). So the
value of *any one* legal reply is an upper bound on A's value: when it is no better than
what the search needs (its alpha), A can't change the answer and needs no search of its
replies -- the alpha-beta cut the reply search would make, made before it.

**The replies tried** (:meth:`ReplyBounds.bound`): the replies the search found for the
declarations before this one (each the defenders' best, or a reply good enough for their
alpha), each restricted to A's attackers -- a block of an attacker not in A dropped --
and "no blocks". A reply tried is one the defenders can make:

* *legal*: judged by A's own block problem as the reply search judges it -- no
  restriction broken, the most requirements obeyable obeyed (509.1b-c), each blocker
  blocking one attacker (every reply tried is so);
* *valued exactly, by the fight method's own proof* (:mod:`mtgcombat.questions.fights`):
  where that method applies to A's board (:func:`~.best._fights_apply`, no creature
  already lethally damaged), the relaxed value of a reply is the sum over A's attackers
  of their fights' values (relative to the board as it stands) and a reply on which no
  line takes a defending pool to 0 life or 10 poison counters at any checkpoint is worth
  (0, relaxed value) to the defenders; a fight not played yet (not in the shared fight
  cache) or one in which the attacking player could lose makes the reply untried.

A fight's value is keyed by its whole board (the attacker alone attacking). Two
declarations whose boards differ only in which creatures attack (no attack trigger, no
effect of declaring) have the same fight board for the same attacker and target, so a
fight played for one serves the other: :meth:`ReplyBounds.bound` keys its context by
the declared board without its attacks, and gives up on a board whose declaring did
anything else (a trigger, a creature gone, a player lost).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Optional, Sequence

from ..solver.base import Deadline
from .combat import BeforeDamage
from .game import Value, board_key

#: How many earlier replies are tried on each declaration (the latest first).
REPLIES_TRIED = 12


class _Context:
    """What every declaration of one declared board (apart from its attacks) shares:
    the fight method's boards and limits, each attacker's fight board key."""

    __slots__ = ("fights", "here", "alone", "usable")

    def __init__(self, fights: Any, here: Value, usable: bool) -> None:
        self.fights = fights
        self.here = here
        #: for each attacker and what it attacks, a Fights of a board where it does
        self.alone: dict[tuple[str, str], Any] = {}
        self.usable = usable


class ReplyBounds:
    """Upper bounds on attack declarations' values from replies already found (module
    docstring). ``relaxed``: the defenders' objective without its loss component, as the
    reply search values fights (the same function: fights are cached by board alone);
    ``cache``: the fight cache the reply searches share."""

    def __init__(self, start: Any, decider: frozenset[str], opponents: frozenset[str],
                 relaxed: Callable, cache: dict, fights_apply: Callable[[Any, Any], bool],
                 maximum: Callable[[Any], Optional[int]]) -> None:
        self.start = start
        self.decider = decider
        self.opponents = opponents
        self.relaxed = relaxed
        self.cache = cache
        self.fights_apply = fights_apply
        self.maximum = maximum
        self.replies: list[dict] = []
        self._contexts: dict[tuple, _Context] = {}
        self._names: Optional[tuple[str, ...]] = None
        self._fights: dict[tuple, tuple] = {}
        self._missing: dict[tuple, int] = {}
        self.tried = 0

    def remember(self, reply: Optional[dict]) -> None:
        """A reply the search found (blocker -> [attacker]), tried first from now on."""
        if not reply:
            return
        r = {b: tuple(a) for b, a in reply.items()}
        if any(len(a) != 1 for a in r.values()):
            return
        if r in self.replies:
            self.replies.remove(r)
        self.replies.insert(0, r)
        del self.replies[REPLIES_TRIED:]

    def _fingerprint(self, bA: Any) -> tuple:
        if self._names is None:
            self._names = tuple(f.name for f in dataclasses.fields(bA))
        return tuple(x for n, x in zip(self._names, board_key(bA)) if n != "attacks")

    def _context(self, bA: Any, pre: BeforeDamage, lost: Sequence[str]) -> Optional[_Context]:
        from .fights import Fights
        from .game import gone_between

        if pre.triggers or pre.sba.gone or pre.sba.lost or lost:
            return None  # declaring did more than declare: its own fights
        fp = self._fingerprint(bA)
        ctx = self._contexts.get(fp)
        if ctx is None:
            f = Fights(bA, self.start, self.decider, self.opponents, self.relaxed,
                       Deadline(None), pre, lost, self.cache)
            rb = f.rbase
            here = f.game.value_fn(f.rstart, gone_between(f.rstart, rb),
                                   {p.name: p.life for p in rb.players}, ())
            ctx = _Context(f, here, f.settled())
            self._contexts[fp] = ctx
        if not ctx.usable:
            return None
        missing = [a for a, t in bA.attacks.items() if (a, t) not in ctx.alone]
        if missing:
            # the fight board of ``a`` attacking ``t`` alone is the same for every board
            # of this context (module docstring): one Fights of a board where it attacks
            # finds its fights for all of them
            f = Fights(bA, self.start, self.decider, self.opponents, self.relaxed,
                       Deadline(None), pre, lost, self.cache)
            for a in missing:
                ctx.alone[(a, bA.attacks[a])] = f
        return ctx

    def bound(self, bA: Any, pre: BeforeDamage, lost: Sequence[str],
              alpha: Optional[Value] = None) -> Optional[tuple[Value, dict]]:
        """The best (least, for the attacking side) value of the replies tried on the
        declared board ``bA`` with the reply reaching it, or None (none could be tried).
        Stops at the first reply at ``alpha`` or below."""
        if not bA.attacks or not self.cache:
            return None  # (no fight played yet: no reply can be valued)
        problem = bA.problem("blocks")
        if not self.fights_apply(bA, problem):
            return None
        ctx = self._context(bA, pre, lost)
        if ctx is None:
            return None
        legal = _Legality(problem, self.maximum)
        best: Optional[tuple[Value, dict]] = None
        tried: set = set()
        for r in self.replies + [{}]:
            # (a block this board's problem doesn't offer dropped: a reply all the same)
            reply = {b: a[0] for b, a in r.items() if a[0] in bA.attacks
                     and a[0] in problem.options.get(b, ())}
            key = frozenset(reply.items())
            if key in tried:
                continue
            tried.add(key)
            got = self._valued(ctx, bA, reply)
            if got is None:
                continue
            v = _attackers(got[0])
            if (best is None or v < best[0]) and legal(reply):
                best = (v, {b: [a] for b, a in reply.items()})
                if alpha is not None and v <= alpha:
                    return best
            more = self._improved(ctx, bA, problem, reply, got)
            if more is not None and frozenset(more[0].items()) not in tried:
                tried.add(frozenset(more[0].items()))
                v = _attackers(more[1])
                if (best is None or v < best[0]) and legal(more[0]):
                    best = (v, {b: [a] for b, a in more[0].items()})
                    if alpha is not None and v <= alpha:
                        return best
        return best

    def _improved(self, ctx: _Context, bA: Any, problem: Any, reply: dict,
                  got: tuple) -> Optional[tuple[dict, Value]]:
        """``reply`` with free blockers added one at a time to the fight where the defenders
        gain most (fights already played only, every step safe), while one gains; None if
        none does. (Its legality is judged by the caller.)"""
        total, loss, per = got
        reply = dict(reply)
        free = [b for b in problem.options if b not in reply]
        changed = False
        while free:
            top: Optional[tuple] = None
            for x in free:
                for a in problem.options[x]:
                    if a not in per:
                        continue
                    S, v, reach = per[a]
                    S2 = tuple(sorted(S + (x,)))
                    hit = self._fight(ctx, a, bA.attacks[a], S2)
                    if hit is None:
                        continue
                    gain = tuple(n - o for n, o in zip(hit[0], v))
                    if gain <= tuple(0 for _ in gain) or (top is not None and gain <= top[0]):
                        continue
                    loss2 = _plus(_plus(loss, reach, -1), hit[1], 1)
                    if not self._safe(ctx, loss2):
                        continue
                    top = (gain, x, a, S2, hit, loss2)
            if top is None:
                break
            gain, x, a, S2, hit, loss = top
            total = tuple(t + g for t, g in zip(total, gain))
            per[a] = (S2, hit[0], hit[1])
            reply[x] = a
            free.remove(x)
            changed = True
        return (reply, total) if changed else None

    def _fight(self, ctx: _Context, a: str, t: str, S: tuple) -> Optional[tuple]:
        """A fight's (relaxed value, reach) if played, else None. (The cache's keys hold
        whole boards: costly to hash, so a fight found is kept here, and one missing is
        looked for again only once the cache has grown.)"""
        k = (id(ctx), a, t, S)
        hit = self._fights.get(k)
        if hit is not None:
            return hit
        n = len(self.cache)
        if self._missing.get(k) == n:
            return None
        got = ctx.alone[(a, t)].played(a, S)
        if got is None:
            self._missing[k] = n
            return None
        self._fights[k] = got
        return got

    def _valued(self, ctx: _Context, bA: Any, reply: dict) -> Optional[tuple]:
        """The defenders' relaxed value of ``bA`` answered by ``reply`` (blocker ->
        attacker), fight by fight, with what each pool can lose at each checkpoint and the
        fights -- (total, loss, {attacker: (blockers, value, reach)}) -- when every fight
        is played, the attacking player can't lose and the reply is safe; else None."""
        here = ctx.here
        total = here
        loss: dict = {}
        by: dict[str, list[str]] = {}
        per: dict[str, tuple] = {}
        for b, a in reply.items():
            by.setdefault(a, []).append(b)
        for a, t in bA.attacks.items():
            S = tuple(sorted(by.get(a, ())))
            hit = self._fight(ctx, a, t, S)
            if hit is None:
                return None
            v, reach = hit
            per[a] = (S, v, reach)
            total = tuple(x + y - h for x, y, h in zip(total, v, here))
            loss = _plus(loss, reach, 1)
        if not self._safe(ctx, loss):
            return None
        return total, loss, per

    def _safe(self, ctx: _Context, loss: dict) -> bool:
        """Whether no line takes a defending pool past its limit at any checkpoint (704.5a,
        704.5c) and none can make the attacking player lose (the fight method's proof
        needs it)."""
        limits = ctx.fights.limits
        for (kind, q), ns in loss.items():
            if kind == "opp":
                if max(ns) > 0:
                    return False
            elif max(ns) > limits[q][0 if kind == "life" else 1]:
                return False
        return True


def _plus(loss: dict, reach: dict, sign: int) -> dict:
    out = dict(loss)
    for k, ns in reach.items():
        cur = out.get(k)
        out[k] = [sign * n for n in ns] if cur is None else \
            [x + sign * y for x, y in zip(cur, ns)]
    return out


def _attackers(total: Value) -> Value:
    """The attacking side's value of a safe reply of the defenders' relaxed value
    ``total``: the defenders' (0, total), negated (a symmetric objective)."""
    return tuple(-x for x in (0,) + tuple(total))


class _Legality:
    """Whether a reply (blocker -> attacker) is a legal block declaration of ``problem``:
    no restriction broken, the most requirements obeyable obeyed (509.1b-c)."""

    def __init__(self, problem: Any, maximum: Callable[[Any], Optional[int]]) -> None:
        self.problem = problem
        self.maximum = maximum
        self.m0: Optional[int] = None

    def __call__(self, reply: dict) -> bool:
        from ..rules.constraints import obeyed, violated

        keys = frozenset(reply.items())
        if violated(self.problem, keys):
            return False
        if self.problem.requirements:
            if self.m0 is None:
                self.m0 = self.maximum(self.problem)
                if self.m0 is None:
                    return False
            if obeyed(self.problem, keys) < self.m0:
                return False
        return True
