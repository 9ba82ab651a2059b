"""How many legal declarations there are, counted without listing them (spec extension
``--count``).

Without costs, a declaration is legal exactly when it obeys every restriction and as
many requirements as can be obeyed (508.1d, 509.1c). The problem splits into components
(creatures no restriction or requirement links, :mod:`mtgcombat.solver.cpsat`); the
maximum is the sum of the components' maxima, so a legal declaration is one legal part
of each component and the count is the product of the components' counts. Each
component is counted by :func:`count_component`:

* creatures are decided one at a time; the expressions are kept three-valued
  (:class:`mtgcombat.solver.propagate.Engine`) and a branch with a broken restriction
  counts nothing;
* what is left to count depends only on the expressions still open at the frontier --
  those over both decided and undecided creatures -- and their counts of true and false
  children: states with the same frontier have the same future, which is counted once
  (memoised) as a distribution: how many completions make j more requirements true;
* a creature's choices that no expression mentions are counted together (a creature
  that may block any of 30 unconstrained attackers has one such choice of weight 30);
* the component's legal parts are those reaching its maximum.

Bounded: the memo is cleared when it grows past :data:`MEMO_LIMIT` entries (still exact,
only slower), and the deadline is looked at every few hundred states. When it runs out,
what was counted so far is a lower bound (every counted part is legal), reported as
"at least"."""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations
from math import comb
from typing import Callable, Optional, Sequence

from ..rules.constraints import And, Const, Count, Expr, Key, Lit, Not, literal_keys
from .base import Deadline, SolverTimeout
from .propagate import Engine

#: States remembered per component before the memo is cleared (bounds memory).
MEMO_LIMIT = 400_000

Dist = dict[int, int]  # requirements made true -> number of ways


class Stopped(Exception):
    """The deadline passed; ``partial`` is what was counted so far (a lower bound)."""

    def __init__(self, partial: Dist) -> None:
        super().__init__()
        self.partial = partial


def _add(into: Dist, dist: Dist, shift: int, weight: int) -> None:
    for j, n in dist.items():
        into[j + shift] = into.get(j + shift, 0) + n * weight


def count_component(creatures: Sequence[str], options: dict, caps: dict,
                    hard: Sequence[Expr], reqs: Sequence[Expr], deadline: Deadline,
                    on_state: Optional[Callable[[], None]] = None) -> Dist:
    """For one component: how many of its declarations obey every expression of ``hard``
    while making exactly j of ``reqs`` true, for each j. Raises :class:`Stopped` (with
    the counts so far, each a lower bound) past the deadline."""
    def in_time() -> None:
        _in_time(deadline)

    in_time()
    eng = Engine(hard, reqs)
    in_time()
    order = list(creatures)
    n = len(order)
    choices = _choices(eng, order, options, caps)
    frontier = _frontier(eng, order)
    in_time()
    memo: dict = {}
    states = [0]
    try:
        sym = _Symmetry(eng, hard, reqs, order, options, deadline)
    except SolverTimeout:
        raise Stopped({})
    key = _state_key(eng, sym, frontier)

    def count(d: int) -> Dist:
        """Completions from depth d: requirements made true from here -> ways."""
        states[0] += 1
        if states[0] & 15 == 0:  # a state of a big component costs up to a millisecond
            in_time()
            if on_state is not None and states[0] & 255 == 0:
                on_state()
        if d == n:
            return {0: 1}
        k = key(d)
        hit = memo.get(k)
        if hit is not None:
            return hit
        c = order[d]
        out: Dist = {}
        eng.decide(c, ())
        try:
            for keys, w in choices[c]:
                for o in keys:
                    eng.set_key(c, o, True)
                try:
                    if eng.r_false == 0:
                        before = eng.q_true
                        sub = count(d + 1)
                        _add(out, sub, before, w)
                except Stopped as s:
                    # ``out`` and a child's partial counts are by total requirements true
                    partial = dict(out)
                    _add(partial, s.partial, 0, w)
                    raise Stopped(partial)
                finally:
                    for o in keys:
                        eng.set_key(c, o, False)
        finally:
            eng.undecide(c)
        # the requirements true before this creature are counted by the caller: keep
        # only what this creature and the ones after it make true
        base = eng.q_true
        res = {j - base: v for j, v in out.items()}
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[k] = res
        return res

    start = eng.q_true
    dist = count(0)  # Stopped carries counts by total requirements true
    return {j + start: v for j, v in dist.items()}


def _in_time(deadline: Deadline) -> None:
    """:class:`Stopped` with nothing counted when the deadline has passed."""
    if deadline.end is not None:
        try:
            deadline.check()
        except SolverTimeout:
            raise Stopped({})


def _choices(eng: Engine, order: Sequence[str], options: dict, caps: dict
             ) -> dict[str, list[tuple[tuple[str, ...], int]]]:
    """The choices of each creature: (the keys it makes true, weight) -- the options no
    expression mentions counted together, up to the creature's cap."""
    choices: dict[str, list[tuple[tuple[str, ...], int]]] = {}
    for c in order:
        mentioned = sorted(eng.mentioned(c) & set(options[c]))
        free = len(options[c]) - len(mentioned)
        cap = caps[c]
        cs: list[tuple[tuple[str, ...], int]] = []
        for k in range(0, min(cap, len(mentioned)) + 1):
            for s in combinations(mentioned, k):
                room = cap - k
                w = sum(comb(free, f) for f in range(0, min(room, free) + 1))
                cs.append((s, w))
        choices[c] = cs
    return choices


def _frontier(eng: Engine, order: Sequence[str]) -> list[list[int]]:
    """The frontier at each depth: the nodes with literals both decided and undecided
    below them."""
    pos = {c: i for i, c in enumerate(order)}
    n = len(order)
    lo = [n] * len(eng.kind)
    hi = [-1] * len(eng.kind)
    for c, lits in eng.lits.items():
        if c not in pos:
            continue
        for node, _ in lits:
            p = pos[c]
            stack = [node]
            seen = set()
            while stack:
                x = stack.pop()
                if x in seen:
                    continue
                seen.add(x)
                if p < lo[x]:
                    lo[x] = p
                if p > hi[x]:
                    hi[x] = p
                stack.extend(eng.parents[x])
    frontier: list[list[int]] = [[] for _ in range(n + 1)]
    for x in range(len(eng.kind)):
        for d in range(lo[x] + 1, hi[x] + 1):
            frontier[d].append(x)
    return frontier


def _state_key(eng: Engine, sym: "_Symmetry", frontier: list[list[int]]
               ) -> Callable[[int], tuple]:
    """The memo's key of the state at a depth: the frontier's values and counts of true
    and false children (with interchangeable choices, each class's bundles sorted)."""
    if not sym.classes:
        def key(d: int) -> tuple:
            val, nt, nf = eng.val, eng.nt, eng.nf
            return (d, tuple((2, nt[x], nf[x]) if val[x] is None else int(bool(val[x]))
                             for x in frontier[d]))
        return key
    # States that differ by a permutation of interchangeable choices have the same
    # future: the key lists each class's choices' bundles sorted.
    by_choice: list[dict[Optional[str], list[int]]] = []
    for nodes in frontier:
        groups: dict[Optional[str], list[int]] = {}
        for x in nodes:
            groups.setdefault(sym.owner[x], []).append(x)
        by_choice.append(groups)

    def sym_key(d: int) -> tuple:
        val, nt, nf = eng.val, eng.nt, eng.nf
        groups = by_choice[d]
        out = []
        for cls in sym.classes:
            bundles = []
            for o in cls:
                bundles.append(tuple(sorted(
                    (sym.shape[x], (2, nt[x], nf[x]) if val[x] is None
                     else (int(bool(val[x])), 0, 0))
                    for x in groups.get(o, ()))))
            bundles.sort()
            out.append(tuple(bundles))
        return (d, tuple(out))
    return sym_key


class _Symmetry:
    """Interchangeable choices of a component (two attackers, or two players, that every
    creature may choose alike and that every expression treats alike: swapping them maps
    the restrictions and the requirements onto themselves). Used only when every
    expression over two or more creatures is about one choice (a menace attacker's
    blockers, 702.111b; "must be blocked" ...): then a state is known by its choices'
    bundles of node states, up to a permutation within each class -- and a permutation
    of interchangeable choices maps declarations to declarations one to one, legal to
    legal, so the two states count the same."""

    def __init__(self, eng: Engine, hard: Sequence[Expr], reqs: Sequence[Expr],
                 creatures: Sequence[str], options: dict,
                 deadline: Optional[Deadline] = None) -> None:
        deadline = deadline or Deadline(None)
        self.classes: list[list[str]] = []
        self.owner: dict[int, Optional[str]] = {}
        self.shape: dict[int, int] = {}
        k = len(eng.kind)
        crs: list[set] = [set() for _ in range(k)]
        chs: list[set] = [set() for _ in range(k)]
        for c, lits in eng.lits.items():
            for node, o in lits:
                stack = [node]
                seen: set = set()
                while stack:
                    x = stack.pop()
                    if x in seen:
                        continue
                    seen.add(x)
                    crs[x].add(c)
                    chs[x].add(o)
                    stack.extend(eng.parents[x])
        for x in range(k):
            if len(crs[x]) >= 2 and len(chs[x]) != 1:
                return  # an expression over two creatures and two choices: no symmetry
            self.owner[x] = next(iter(chs[x])) if len(chs[x]) == 1 else None
        choices = sorted({o for c in creatures for o in options[c]})
        if len(choices) < 2:
            return
        roots = [("r", e) for e in hard] + [("q", e) for e in reqs]
        # A cheap necessary condition first: a choice's signature -- who may choose it,
        # and for each root that mentions it, the root's shape with every choice
        # abstracted and how many of its literals are about this choice. A swap of two
        # interchangeable choices maps the roots mentioning one onto those mentioning
        # the other, so their signatures are equal.
        abstract = _Canon({}, other="?")
        shape_ids: dict[tuple, int] = {}
        mentions: dict[str, list[int]] = {o: [] for o in choices}
        marks: dict[str, list[tuple]] = {o: [] for o in choices}
        for i, (tag, e) in enumerate(roots):
            if i & 63 == 63:
                deadline.check()
            sid = shape_ids.setdefault(abstract(e), len(shape_ids))
            per: dict[str, int] = defaultdict(int)
            for _, o in literal_keys(e):
                per[o] += 1
            for o, n in per.items():
                if o in mentions:
                    mentions[o].append(i)
                    marks[o].append((tag, sid, n))
        who = {o: frozenset(c for c in creatures if o in options[c]) for o in choices}
        sig = {o: (who[o], tuple(sorted(marks[o]))) for o in choices}
        ident = _Canon({})
        classes: list[list[str]] = []
        for o in choices:
            for cls in classes:
                r = cls[0]
                if sig[r] != sig[o]:
                    continue
                deadline.check()
                # the roots mentioning neither are the swap's own images
                sub = sorted(set(mentions[r]) | set(mentions[o]))
                swap = _Canon({r: o, o: r})
                if (sorted((roots[i][0], swap(roots[i][1])) for i in sub)
                        == sorted((roots[i][0], ident(roots[i][1])) for i in sub)):
                    cls.append(o)
                    break
            else:
                classes.append([o])
        if all(len(cls) == 1 for cls in classes):
            return
        self.classes = classes
        self._node_shapes(eng)

    def _node_shapes(self, eng: Engine) -> None:
        """Each node's shape id: equal for a node and its image under a permutation of
        interchangeable choices (the node's own choice abstracted away)."""
        canon: dict[int, tuple] = {}
        shapes: dict[tuple, int] = {}
        creature = {node: c for c, lits in eng.lits.items() for node, _ in lits}

        def of(x: int) -> tuple:
            hit = canon.get(x)
            if hit is not None:
                return hit
            kind = eng.kind[x]
            if kind == 0:  # a literal: its creature; its choice is the node's own ("*")
                out: tuple = ("L", creature[x])
            elif kind == 1:
                out = ("K", int(bool(eng.val[x])))
            else:
                kids = tuple(sorted(of(y) for y in eng.children[x]))
                lo, hi = eng.lo[x], eng.hi[x]
                out = ("X%d" % kind, -1 if lo is None else lo, -1 if hi is None else hi, kids)
            canon[x] = out
            return out

        for x in range(len(eng.kind)):
            self.shape[x] = shapes.setdefault(of(x), len(shapes))


class _Canon:
    """A hashable form of an expression with some choices renamed (``other``: every
    choice not in ``rename`` becomes ``other``); children of And, Or and Count sorted:
    their order means nothing."""

    def __init__(self, rename: dict, other: Optional[str] = None) -> None:
        self.rename = rename
        self.other = other
        self.memo: dict[int, tuple] = {}

    def __call__(self, e: Expr) -> tuple:
        hit = self.memo.get(id(e))
        if hit is not None:
            return hit[1]
        if isinstance(e, Lit):
            c, o = e.key
            out: tuple = ("L", c, self.rename.get(o, o if self.other is None else self.other))
        elif isinstance(e, Const):
            out = ("K", int(bool(e.value)))
        elif isinstance(e, Not):
            out = ("N", self(e.e))
        elif isinstance(e, Count):
            out = ("C", -1 if e.lo is None else e.lo, -1 if e.hi is None else e.hi,
                   tuple(sorted(self(x) for x in e.es)))
        else:
            out = ("A" if isinstance(e, And) else "O", tuple(sorted(self(x) for x in e.es)))
        self.memo[id(e)] = (e, out)
        return out


def count_legal(problem, m0: Optional[int], witness: Optional[dict], deadline: Deadline,
                on_state: Optional[Callable[[], None]] = None) -> tuple[int, str]:
    """The number of legal declarations of a problem without costs whose maximum is
    ``m0`` with ``witness`` (a declaration reaching it): ``(count, "exact")``, or
    ``(lower bound, "at_least")`` when the deadline passes first."""
    from ..rules.constraints import Const, evaluate, true_keys
    from .cpsat import components, prepared

    assert not problem.costs
    if m0 is None:
        return 0, "exact"
    if deadline.end is not None and deadline.remaining() == 0:
        return 1, "at_least"  # the witness is one legal declaration
    prep = prepared(problem)
    hard = [e for e in prep.restrictions if not (isinstance(e, Const) and e.value)]
    if any(isinstance(e, Const) and not e.value for e in hard):
        return 0, "exact"
    reqs = [e for e in prep.requirements if not isinstance(e, Const)]
    comps, owner = components(prep, hard + reqs)
    hard_by: list[list[Expr]] = [[] for _ in comps]
    reqs_by: list[list[Expr]] = [[] for _ in comps]
    for e, i in zip(hard, owner):
        hard_by[i].append(e)  # type: ignore[index]
    for e, i in zip(reqs, owner[len(hard):]):
        reqs_by[i].append(e)  # type: ignore[index]
    keys = true_keys(witness or {})
    total = 1
    for comp, h, r in sorted(zip(comps, hard_by, reqs_by), key=lambda x: len(x[0])):
        caps = {c: prep.cap(c) for c in comp}
        if not h and not r:
            for c in comp:  # a free creature: any of its choices
                k = len(prep.options[c])
                total *= sum(comb(k, i) for i in range(0, caps[c] + 1))
            continue
        best = sum(1 for e in r if evaluate(e, keys))  # the witness reaches each part's max
        try:
            dist = count_component(comp, prep.options, caps, h, r, deadline, on_state)
        except Stopped as s:
            return total * max(s.partial.get(best, 0), 1), "at_least"
        if max(dist, default=-1) != best or not dist.get(best):
            raise AssertionError("the count disagrees with the maximum's witness")
        total *= dist[best]
    return total, "exact"


__all__ = ["count_component", "count_legal", "Stopped", "MEMO_LIMIT", "Key"]
