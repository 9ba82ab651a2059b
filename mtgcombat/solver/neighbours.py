"""Legal declarations found near a legal one: a fast first phase of listing.

Listing the legal declarations of a large board with a solver costs a few
milliseconds a solution. But most legal declarations of such a board differ from
another legal one in a single creature's choice (one blocker blocks a different
Lure creature, one attacker attacks another player). :func:`near` walks that
graph breadth first from a seed (the witness of the maximum, 508.1d / 509.1c): each
declaration one choice away is judged by re-evaluating only the restrictions and
requirements that mention the changed creature, and kept when it obeys every
restriction and at least ``min_obeyed`` requirements.

Every declaration produced is a candidate judged again by the caller
(:func:`mtgcombat.solver.base.iter_legal`: costs, the maximum with what it pays);
completeness comes from the backend's own enumeration, which runs after this phase
and skips what was produced here. So the listing stays exact: only the order in
which declarations are found changes.
"""

from __future__ import annotations

from collections import deque
from itertools import combinations
from typing import Iterable, Iterator, Mapping, Optional

from ..rules.constraints import Key, Problem, banned_choices, literal_keys, true_keys


class _Index:
    """For each creature, the restrictions and requirements that mention it."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        fs_r, fs_q, _ = problem.evaluators()
        self.restrictions = fs_r
        self.requirements = fs_q
        self.by_r: dict[str, list[int]] = {}
        self.by_q: dict[str, list[int]] = {}
        for i, r in enumerate(problem.restrictions):
            for c in {k[0] for k in literal_keys(r.expr)}:
                self.by_r.setdefault(c, []).append(i)
        for i, q in enumerate(problem.requirements):
            for c in {k[0] for k in literal_keys(q.expr)}:
                self.by_q.setdefault(c, []).append(i)
        # Restrictions mentioning no creature are constants: checked once on the seed.
        # Choices a restriction forbids outright are never tried.
        banned: set[Key] = set()
        for r in problem.restrictions:
            banned |= banned_choices(r) or set()
        self.options = {c: tuple(o for o in opts if (c, o) not in banned)
                        for c, opts in problem.options.items()}

    def choices(self, c: str, current: tuple) -> Iterator[tuple]:
        """The choices of creature c one step from ``current`` (its chosen options):
        for a creature taking one choice, every other one (or none); for one taking
        several, adding, removing or replacing one."""
        p = self.problem
        opts = self.options.get(c, ())
        cap = p.cap(c)
        if cap <= 1:
            if current:
                yield ()
            for o in opts:
                if (o,) != current:
                    yield (o,)
            return
        cur = set(current)
        for o in current:  # remove one
            yield tuple(sorted(cur - {o}))
        if len(cur) < cap:
            for o in opts:  # add one
                if o not in cur:
                    yield tuple(sorted(cur | {o}))
        for o in current:  # replace one
            for n in opts:
                if n not in cur:
                    yield tuple(sorted((cur - {o}) | {n}))


def index(problem: Problem) -> _Index:
    """The problem's :class:`_Index`, built once (a problem is immutable)."""
    hit = problem.__dict__.get("_c_index")
    if hit is None:
        hit = _Index(problem)
        object.__setattr__(problem, "_c_index", hit)
    return hit


def near(problem: Problem, seed: Mapping, min_obeyed: int,
         limit: Optional[int] = None) -> Iterator[dict]:
    """Declarations obeying every restriction and at least ``min_obeyed`` requirements,
    reachable from ``seed`` (which must obey them) by changing one creature's choice at a
    time; breadth first, each once, ``seed`` first, at most ``limit``."""
    ix = index(problem)
    start = {c: ((v,) if isinstance(v, str) else tuple(sorted(v))) for c, v in seed.items()}
    keys0 = true_keys(seed)
    if not all(f(keys0) for f in ix.restrictions):
        return
    truth0 = [f(keys0) for f in ix.requirements]
    n0 = sum(truth0)
    if n0 < min_obeyed:
        return
    creatures = sorted(problem.options)
    seen = {_frozen(start)}
    queue: deque = deque([(start, keys0, truth0, n0)])
    yield _shape(problem, start)
    produced = 1
    if limit is not None and produced >= limit:
        return
    while queue:
        decl, keys, truth, n = queue.popleft()
        for c in creatures:
            cur = decl.get(c, ())
            old: set[Key] = {(c, o) for o in cur}
            rs = ix.by_r.get(c, ())
            qs = ix.by_q.get(c, ())
            for choice in ix.choices(c, cur):
                new = {(c, o) for o in choice}
                nkeys = (keys - old) | new
                ntruth = truth
                nn = n
                if qs:
                    changed = [(i, t) for i in qs
                               if (t := ix.requirements[i](nkeys)) != truth[i]]
                    if changed:
                        ntruth = list(truth)
                        for i, t in changed:
                            nn += 1 if t else -1
                            ntruth[i] = t
                if nn < min_obeyed:
                    continue
                if not all(ix.restrictions[i](nkeys) for i in rs):
                    continue
                nd = dict(decl)
                if choice:
                    nd[c] = choice
                else:
                    nd.pop(c, None)
                f = _frozen(nd)
                if f in seen:
                    continue
                seen.add(f)
                queue.append((nd, frozenset(nkeys), ntruth, nn))
                yield _shape(problem, nd)
                produced += 1
                if limit is not None and produced >= limit:
                    return


def _has_not(e) -> bool:
    """Whether a ``Not`` (or a ``Count`` with an upper bound) is in ``e``: only then can
    making keys false make it true."""
    from ..rules.constraints import Count, Lit, Not

    if isinstance(e, Lit):
        return False
    if isinstance(e, Not):
        return True
    if isinstance(e, Count):
        if e.hi is not None:
            return True
    es = getattr(e, "es", ())
    return any(_has_not(x) for x in es)


class _KeyIndex:
    """For each key (creature, choice), the restrictions that mention it; the choices a
    restriction forbids outright."""

    def __init__(self, problem: Problem) -> None:
        self.by_key: dict[Key, list[int]] = {}
        banned: set[Key] = set()
        for i, r in enumerate(problem.restrictions):
            for k in literal_keys(r.expr):
                self.by_key.setdefault(k, []).append(i)
            banned |= banned_choices(r) or set()
        self.banned = banned


def _key_index(problem: Problem) -> _KeyIndex:
    hit = problem.__dict__.get("_c_keyindex")
    if hit is None:
        hit = _KeyIndex(problem)
        object.__setattr__(problem, "_c_keyindex", hit)
    return hit


def obeyable_near(problem: Problem, seed: Mapping, targets: Iterable[int]) -> set[int]:
    """The requirements (indices in ``targets``) that some declaration one creature's
    choice away from ``seed`` obeys while obeying every restriction (``seed`` must obey
    them; costs may be owed). Each is proven obeyable by that declaration; a requirement
    not found here may still be obeyable by a declaration further away.

    Only the moves that can make a target true are tried: for each key of a target's
    literals, the creature taking that choice (alone, or added to its choices when its
    capacity allows), and each creature of the target choosing nothing (a requirement
    with "not"). Each move is judged once, on the restrictions mentioning a key it
    changes (the others keep the seed's value)."""
    kx = _key_index(problem)
    fs_r, fs_q, _ = problem.evaluators()
    reqs = problem.requirements
    cur = {c: ((v,) if isinstance(v, str) else tuple(sorted(v))) for c, v in seed.items()}
    keys0 = true_keys(seed)
    moves: dict[tuple[str, tuple], list[int]] = {}
    for i in targets:
        # choosing nothing can only help a requirement with "not" in it
        negated = _has_not(reqs[i].expr)
        for c, o in literal_keys(reqs[i].expr):
            opts = problem.options.get(c)
            if opts is None:
                continue
            have = cur.get(c, ())
            tries: list[tuple[str, ...]] = [()] if negated else []
            if o in opts and (c, o) not in kx.banned:
                tries.append((o,))
                if o not in have and len(have) < problem.cap(c):
                    tries.append(tuple(sorted((*have, o))))
            for t in tries:
                if t != have:
                    moves.setdefault((c, t), []).append(i)
    found: set[int] = set()
    for (c, choice), ids in moves.items():
        ids = [i for i in ids if i not in found]
        if not ids:
            continue
        old = {(c, o) for o in cur.get(c, ())}
        new = {(c, o) for o in choice}
        nkeys = (keys0 - old) | new
        touched: set[int] = set()
        for k in old ^ new:
            touched.update(kx.by_key.get(k, ()))
        if not all(fs_r[j](nkeys) for j in touched):
            continue
        for i in ids:
            if fs_q[i](nkeys):
                found.add(i)
    return found


def obeyable_together(problem: Problem, seed: Mapping, targets: Iterable[int]) -> set[int]:
    """Like :func:`obeyable_near`, with moves of many creatures at once: for each choice
    ``o`` that a target's literals name, every creature that a target asks to choose
    ``o`` chooses it (alone). That is how "all creatures able to block ~ do so" is
    obeyed when one blocker alone may not (a menace attacker, 702.111b, must be blocked
    by two or more). Each move is judged on the restrictions mentioning a key it
    changes; the requirements true after it are obeyable."""
    kx = _key_index(problem)
    fs_r, fs_q, _ = problem.evaluators()
    reqs = problem.requirements
    cur = {c: ((v,) if isinstance(v, str) else tuple(sorted(v))) for c, v in seed.items()}
    keys0 = true_keys(seed)
    by_choice: dict[str, set[str]] = {}
    wanted: dict[str, list[int]] = {}
    for i in targets:
        for c, o in literal_keys(reqs[i].expr):
            opts = problem.options.get(c)
            if opts is None or o not in opts or (c, o) in kx.banned:
                continue
            by_choice.setdefault(o, set()).add(c)
            wanted.setdefault(o, []).append(i)
    found: set[int] = set()
    for o, creatures in sorted(by_choice.items()):
        ids = [i for i in wanted[o] if i not in found]
        if not ids:
            continue
        old = {(c, x) for c in creatures for x in cur.get(c, ())}
        new = {(c, o) for c in creatures}
        nkeys = (keys0 - old) | new
        touched: set[int] = set()
        for k in old ^ new:
            touched.update(kx.by_key.get(k, ()))
        if not all(fs_r[j](nkeys) for j in touched):
            continue
        found.update(i for i in set(ids) if fs_q[i](nkeys))
    return found


def _frozen(decl: Mapping) -> tuple:
    return tuple(sorted(decl.items()))


def _shape(problem: Problem, decl: Mapping) -> dict:
    if problem.kind == "attacks":
        return {c: v[0] for c, v in sorted(decl.items())}
    return {c: tuple(v) for c, v in sorted(decl.items())}


__all__ = ["near", "obeyable_near", "obeyable_together", "combinations"]
