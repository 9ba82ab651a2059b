"""Incremental three-valued evaluation of a problem's expressions, creature by creature.

The ordered listing (:mod:`mtgcombat.solver.order`) and the counting
(:mod:`mtgcombat.solver.counting`) walk declarations creature by creature. At each step
they need to know which restrictions are already broken (508.1c, 509.1b), which
requirements are already obeyed or already disobeyed (508.1d, 509.1c), with the choices
of the creatures not yet decided unknown. :class:`Engine` keeps that up to date as
creatures are decided and undecided, touching only what changes:

* every expression (restrictions, requirements, costs; shared sub-expressions once) is a
  node; a node counts its children that are true and false, and its value -- True,
  False, or None (unknown) -- follows from those counts (``And``: false once a child is
  false, true once all are true; ``Or`` the other way round; ``Count(lo, hi)``: false
  once the true children exceed ``hi`` or the true and unknown ones can't reach ``lo``,
  true once every outcome lies within the bounds);
* deciding a creature sets its literals (the keys ``(creature, choice)`` that
  expressions mention); a changed value updates its parents' counts, and so on up while
  values change; undeciding sets them back to unknown, which restores every count
  exactly (the updates are symmetric), so no trail is needed;
* the roots are watched: how many restrictions are false, how many requirements are
  true and false.

Exact by construction: a value is True or False only when every completion of the
partial declaration gives it (the counts are the true ones)."""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from ..rules.constraints import And, Const, Count, Expr, Key, Lit, Not, Or

_LIT, _CONST, _NOT, _AND, _OR, _COUNT = range(6)


class Engine:
    """Three-valued values of ``restrictions``, ``requirements`` and ``costs`` (lists of
    expressions) under a partial declaration, kept up to date by :meth:`decide` and
    :meth:`undecide`."""

    def __init__(self, restrictions: Sequence[Expr], requirements: Sequence[Expr],
                 costs: Sequence[Expr] = ()) -> None:
        self.kind: list[int] = []
        self.n: list[int] = []  # number of children (with repeats)
        self.lo: list[Optional[int]] = []
        self.hi: list[Optional[int]] = []
        self.parents: list[list[int]] = []
        self.children: list[list[int]] = []
        self.nt: list[int] = []
        self.nf: list[int] = []
        self.val: list[Optional[bool]] = []
        self.role: list[int] = []  # bit 1 restriction root, 2 requirement root, 4 cost root
        self.lits: dict[str, list[tuple[int, str]]] = {}  # creature -> (node, choice)
        self.keynode: dict[Key, int] = {}  # (creature, choice) -> its literal's node
        memo: dict[int, tuple[Expr, int]] = {}
        self.restrictions = [self._node(e, memo) for e in restrictions]
        self.requirements = [self._node(e, memo) for e in requirements]
        self.costs = [self._node(e, memo) for e in costs]
        for i in self.restrictions:
            self.role[i] |= 1
        for i in self.requirements:
            self.role[i] |= 2
        for i in self.costs:
            self.role[i] |= 4
        # Root multiplicities: an expression may be a root more than once.
        self.r_mult: dict[int, int] = {}
        for i in self.restrictions:
            self.r_mult[i] = self.r_mult.get(i, 0) + 1
        self.q_mult: dict[int, int] = {}
        for i in self.requirements:
            self.q_mult[i] = self.q_mult.get(i, 0) + 1
        self.c_mult: dict[int, int] = {}
        for i in self.costs:
            self.c_mult[i] = self.c_mult.get(i, 0) + 1
        #: the roots whose value is unknown
        self.open_roots: set[int] = {i for i in (*self.restrictions, *self.requirements,
                                                 *self.costs) if self.val[i] is None}
        #: how many restrictions are false; requirements true / false; costs true / false
        self.r_false = sum(m for i, m in self.r_mult.items() if self.val[i] is False)
        self.q_true = sum(m for i, m in self.q_mult.items() if self.val[i] is True)
        self.q_false = sum(m for i, m in self.q_mult.items() if self.val[i] is False)
        self.c_true = sum(m for i, m in self.c_mult.items() if self.val[i] is True)
        self.c_false = sum(m for i, m in self.c_mult.items() if self.val[i] is False)

    # -- building -------------------------------------------------------------------------
    def _new(self, kind: int, n: int = 0, lo: Optional[int] = None,
             hi: Optional[int] = None) -> int:
        self.kind.append(kind)
        self.n.append(n)
        self.lo.append(lo)
        self.hi.append(hi)
        self.parents.append([])
        self.children.append([])
        self.nt.append(0)
        self.nf.append(0)
        self.val.append(None)
        self.role.append(0)
        return len(self.kind) - 1

    def _node(self, e: Expr, memo: dict) -> int:
        hit = memo.get(id(e))
        if hit is not None:
            return hit[1]
        if isinstance(e, Lit):
            same = memo.get(("lit", e.key))
            if same is not None:  # one node per key
                memo[id(e)] = (e, same[1])
                return same[1]
            i = self._new(_LIT)
            c, o = e.key
            self.lits.setdefault(c, []).append((i, o))
            self.keynode[e.key] = i
            memo[("lit", e.key)] = (e, i)
        elif isinstance(e, Const):
            i = self._new(_CONST)
            self.val[i] = bool(e.value)
        elif isinstance(e, Not):
            child = self._node(e.e, memo)
            i = self._new(_NOT, 1)
            self._attach(i, [child])
        elif isinstance(e, (And, Or, Count)):
            kids = [self._node(x, memo) for x in e.es]
            if isinstance(e, And):
                i = self._new(_AND, len(kids))
            elif isinstance(e, Or):
                i = self._new(_OR, len(kids))
            else:
                i = self._new(_COUNT, len(kids), e.lo, e.hi)
            self._attach(i, kids)
        else:
            raise TypeError(f"unknown expression {e!r}")
        memo[id(e)] = (e, i)
        return i

    def _attach(self, i: int, kids: list[int]) -> None:
        self.children[i] = kids
        for k in kids:
            self.parents[k].append(i)
            v = self.val[k]
            if v is True:
                self.nt[i] += 1
            elif v is False:
                self.nf[i] += 1
        self.val[i] = self._value(i)

    # -- values ---------------------------------------------------------------------------
    def _value(self, i: int) -> Optional[bool]:
        k = self.kind[i]
        if k == _NOT:
            return False if self.nt[i] else (True if self.nf[i] else None)
        if k == _AND:
            return False if self.nf[i] else (True if self.nt[i] == self.n[i] else None)
        if k == _OR:
            return True if self.nt[i] else (False if self.nf[i] == self.n[i] else None)
        if k == _COUNT:
            t = self.nt[i]
            u = self.n[i] - t - self.nf[i]
            lo, hi = self.lo[i], self.hi[i]
            if (lo is not None and t + u < lo) or (hi is not None and t > hi):
                return False
            if (lo is None or t >= lo) and (hi is None or t + u <= hi):
                return True
            return None
        return self.val[i]  # literals and constants are set, not derived

    def _set(self, i: int, new: Optional[bool]) -> None:
        """Set node ``i``'s value and carry the change up: a parent whose counts changed
        is judged again from its counts when it is reached (a child counted twice by one
        parent updates both counts first)."""
        val, nt, nf, parents, role = self.val, self.nt, self.nf, self.parents, self.role
        kind, nn, los, his = self.kind, self.n, self.lo, self.hi
        old = val[i]
        if old is new:
            return
        stack = [(i, old, new)]
        pop, push = stack.pop, stack.append
        val[i] = new
        while stack:
            i, old, new = pop()
            if role[i]:
                self._root_changed(i, old, new)
            for p in parents[i]:
                if old is True:
                    nt[p] -= 1
                elif old is False:
                    nf[p] -= 1
                if new is True:
                    nt[p] += 1
                elif new is False:
                    nf[p] += 1
            for p in parents[i]:
                # the parent's value from its counts (as _value)
                k = kind[p]
                t = nt[p]
                f = nf[p]
                if k == _COUNT:
                    u = nn[p] - t - f
                    lo, hi = los[p], his[p]
                    if (lo is not None and t + u < lo) or (hi is not None and t > hi):
                        pv: Optional[bool] = False
                    elif (lo is None or t >= lo) and (hi is None or t + u <= hi):
                        pv = True
                    else:
                        pv = None
                elif k == _OR:
                    pv = True if t else (False if f == nn[p] else None)
                elif k == _AND:
                    pv = False if f else (True if t == nn[p] else None)
                else:  # _NOT
                    pv = False if t else (True if f else None)
                pold = val[p]
                if pv is not pold:
                    val[p] = pv
                    push((p, pold, pv))

    def _root_changed(self, i: int, old: Optional[bool], new: Optional[bool]) -> None:
        if new is None:
            self.open_roots.add(i)
        elif old is None:
            self.open_roots.discard(i)
        # each root counts (times its multiplicity) among the true or false restrictions
        # (role 1), requirements (2) and costs (4) it is
        dt = (new is True) - (old is True)
        df = (new is False) - (old is False)
        r = self.role[i]
        if r & 1:
            self.r_false += df * self.r_mult[i]
        if r & 2:
            m = self.q_mult[i]
            self.q_true += dt * m
            self.q_false += df * m
        if r & 4:
            m = self.c_mult[i]
            self.c_true += dt * m
            self.c_false += df * m

    # -- deciding ---------------------------------------------------------------------------
    def decide(self, c: str, choice: Iterable[str]) -> None:
        """Creature ``c`` takes exactly ``choice`` (its other keys are false)."""
        chosen = set(choice)
        for i, o in self.lits.get(c, ()):
            self._set(i, o in chosen)

    def undecide(self, c: str) -> None:
        """Creature ``c``'s choice is unknown again."""
        for i, _ in self.lits.get(c, ()):
            self._set(i, None)

    def set_key(self, c: str, o: str, value: Optional[bool]) -> None:
        """One key of ``c`` (for trying choices one after another: all false, then one
        key true at a time); nothing when no expression mentions it."""
        i = self.keynode.get((c, o))
        if i is not None:
            self._set(i, value)

    def value(self, i: int) -> Optional[bool]:
        return self.val[i]

    def mentioned(self, c: str) -> set[str]:
        """The choices of ``c`` that some expression mentions."""
        return {o for _, o in self.lits.get(c, ())}

    def state(self, active: Iterable[int]) -> tuple:
        """The counts of the given nodes (a key for what is left to decide)."""
        nt, nf = self.nt, self.nf
        return tuple((nt[i], nf[i]) for i in active)


def owned(e: Expr) -> Optional[str]:
    """The one creature all of ``e``'s literals are about, if there is one."""
    found: set[str] = set()
    stack = [e]
    while stack:
        x = stack.pop()
        if isinstance(x, Lit):
            found.add(x.key[0])
            if len(found) > 1:
                return None
        elif isinstance(x, Not):
            stack.append(x.e)
        elif isinstance(x, (And, Or, Count)):
            stack.extend(x.es)
    return next(iter(found)) if found else None


__all__ = ["Engine", "owned", "Key"]
