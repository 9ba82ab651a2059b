"""Combat damage answers: check one assignment, list the legal ones, find the best.

The rules come from :mod:`mtgcombat.rules.damage` (sources, recipients and the
conditions of 510.1, 702.19, 702.2c, 702.22j-k); here they are compiled to an
OR-tools CP-SAT model:

* ``x[s, r]`` -- damage assigned by source ``s`` to recipient ``r``;
  ``sum_r x[s, r] == power`` (510.1a-d);
* ``pos[s, r] <=> x[s, r] >= 1``;
* ``lethal[P, c] <=> (sum of damage visible to player P on c >= lethal(c)) or some
  visible deathtouch source assigns c damage`` (old 510.1c, 702.19b, 702.2c);
* every condition becomes an implication on those literals.

Every auxiliary variable is defined exactly by ``x`` so that enumeration
(``enumerate_all_solutions``) yields each assignment once. Checking one
assignment is direct evaluation (:func:`mtgcombat.rules.damage.evaluate`), with
the model used only to complete the parts of players that assign earlier
(510.1e: "the other player's creatures being free").

:func:`exhaustive_assignments` and :func:`exhaustive_best` are the plain
reference used by the tests: every division of every power, filtered by
:func:`~mtgcombat.rules.damage.evaluate`.

Best (per player who assigns, in the order they assign, 510.1): a legal
assignment of that player's creatures maximising an :data:`Objective`
lexicographically, given the parts already chosen by players who assign
before (their best parts). A time-out gives status ``"unknown"``, never a guess.
"""

from __future__ import annotations

from itertools import product
from typing import Iterator, Mapping, Optional, Sequence

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ortools.sat.python import cp_model
else:
    from .cpsat import cp_model  # imported when a model is first built

from ..rules.damage import (
    AtMostOneShort, DamageStep, NeedsLethal, NeedsLoyalty, Objective, ObjectiveFn, Source, Term,
    counter_sources, default_objective, evaluate, score,
)
from .base import Deadline, SolverTimeout

# ---------------------------------------------------------------------------
# CP-SAT model
# ---------------------------------------------------------------------------


class DamageModel:
    """The CP-SAT model of the sources of ``players`` (all by default); sources in
    ``fixed`` get their division fixed."""

    def __init__(
        self, step: DamageStep, players: Optional[Sequence[str]] = None,
        fixed: Optional[Mapping[str, Mapping[str, int]]] = None,
    ) -> None:
        self.step = step
        self.m = cp_model.CpModel()
        self.players = list(step.players if players is None else players)
        self.sources = [s for s in step.sources.values() if s.assigner in self.players]
        self.x: dict[tuple[str, str], cp_model.IntVar] = {}
        self._pos: dict[tuple[str, str], cp_model.IntVar] = {}
        self._lethal: dict[tuple[str, str], object] = {}
        self._loyal: dict[tuple[str, str], object] = {}
        self.u: dict[str, cp_model.IntVar] = {}
        self._true = self.m.NewConstant(1)
        self._false = self.m.NewConstant(0)
        m = self.m
        fixed = fixed or {}
        for s in self.sources:
            for r in s.all_recipients:
                if s.id in fixed:
                    v = fixed[s.id].get(r, 0)
                    self.x[s.id, r] = m.NewIntVar(v, v, f"x[{s.id},{r}]")
                else:
                    self.x[s.id, r] = m.NewIntVar(0, s.power, f"x[{s.id},{r}]")
            m.Add(sum(self.x[s.id, r] for r in s.all_recipients) == s.power)
            if s.unblocked_recipients is not None:
                # Canonical mode: "as though unblocked" iff no damage on a creature (it
                # then only weakens the conditions, see rules.damage.source_mode).
                u = m.NewBoolVar(f"unblocked[{s.id}]")
                self.u[s.id] = u
                on_creatures = sum(self.x[s.id, c] for c in s.creatures)
                m.Add(on_creatures == 0).OnlyEnforceIf(u)
                m.Add(on_creatures >= 1).OnlyEnforceIf(u.Not())
                for r in s.unblocked_recipients:
                    if r not in s.recipients:
                        m.Add(self.x[s.id, r] == 0).OnlyEnforceIf(u.Not())
        for s in self.sources:
            assigner = s.assigner
            mode_lit = {"normal": None, "unblocked": None}
            if s.id in self.u:
                mode_lit = {"normal": self.u[s.id].Not(), "unblocked": self.u[s.id]}
            for c in step.conditions_of(s.id):
                if isinstance(c, NeedsLethal):
                    if (s.id, c.recipient) not in self.x:
                        continue
                    if c.mode == "unblocked" and s.id not in self.u:
                        continue
                    enf = [self.pos(s.id, c.recipient)]
                    if mode_lit[c.mode] is not None:
                        enf.append(mode_lit[c.mode])
                    for b in c.before:
                        m.AddBoolOr([self.lethal(assigner, b)]).OnlyEnforceIf(enf)
                elif isinstance(c, NeedsLoyalty):
                    if c.mode == "unblocked" and s.id not in self.u:
                        continue
                    enf = [self.pos(s.id, c.recipient)]
                    if mode_lit[c.mode] is not None:
                        enf.append(mode_lit[c.mode])
                    m.AddBoolOr([self.loyal(assigner, c.planeswalker)]).OnlyEnforceIf(enf)
                elif isinstance(c, AtMostOneShort):
                    shorts = []
                    for cr in c.creatures:
                        p, lt = self.pos(s.id, cr), self.lethal(assigner, cr)
                        sh = m.NewBoolVar(f"short[{s.id},{cr}]")
                        m.AddBoolAnd([p, lt.Not()]).OnlyEnforceIf(sh)
                        m.AddBoolOr([p.Not(), lt, sh])
                        shorts.append(sh)
                    m.Add(sum(shorts) <= 1)

    # -- literals -------------------------------------------------------------
    def pos(self, s: str, r: str):
        key = (s, r)
        if key not in self._pos:
            b = self.m.NewBoolVar(f"pos[{s},{r}]")
            self.m.Add(self.x[key] >= 1).OnlyEnforceIf(b)
            self.m.Add(self.x[key] == 0).OnlyEnforceIf(b.Not())
            self._pos[key] = b
        return self._pos[key]

    def _visible(self, player: str, rid: str) -> list[Source]:
        r = self.step.rank(player)
        return [
            s for s in self.sources
            if self.step.rank(s.assigner) <= r and (s.id, rid) in self.x
        ]

    def _at_least(self, terms: list, k: int, name: str):
        """A literal equivalent to sum(terms) >= k."""
        if k <= 0:
            return self._true
        if not terms:
            return self._false
        b = self.m.NewBoolVar(name)
        self.m.Add(sum(terms) >= k).OnlyEnforceIf(b)
        self.m.Add(sum(terms) <= k - 1).OnlyEnforceIf(b.Not())
        return b

    def _or(self, lits: list, name: str):
        lits = [x for x in lits if x is not self._false]
        if any(x is self._true for x in lits):
            return self._true
        if not lits:
            return self._false
        if len(lits) == 1:
            return lits[0]
        b = self.m.NewBoolVar(name)
        self.m.AddBoolOr(lits).OnlyEnforceIf(b)
        for x in lits:
            self.m.AddImplication(x, b)
        return b

    def _and(self, lits: list, name: str):
        if any(x is self._false for x in lits):
            return self._false
        lits = [x for x in lits if x is not self._true]
        if not lits:
            return self._true
        if len(lits) == 1:
            return lits[0]
        b = self.m.NewBoolVar(name)
        self.m.AddBoolAnd(lits).OnlyEnforceIf(b)
        self.m.AddBoolOr([x.Not() for x in lits] + [b])
        return b

    def lethal(self, player: str, cid: str):
        """Creature ``cid`` is assigned lethal damage, as ``player`` sees it."""
        key = (player, cid)
        if key not in self._lethal:
            vis = self._visible(player, cid)
            thr = self.step.recipients[cid].threshold or 0
            ge = self._at_least([self.x[s.id, cid] for s in vis], thr, f"ge[{player},{cid}]")
            dt = self._or([self.pos(s.id, cid) for s in vis if s.deathtouch], f"dt[{player},{cid}]")
            self._lethal[key] = self._or([ge, dt], f"lethal[{player},{cid}]")
        return self._lethal[key]

    def loyal(self, player: str, pw: str):
        key = (player, pw)
        if key not in self._loyal:
            vis = self._visible(player, pw)
            thr = self.step.recipients[pw].threshold or 0
            self._loyal[key] = self._at_least(
                [self.x[s.id, pw] for s in vis], thr, f"loyal[{player},{pw}]")
        return self._loyal[key]

    # -- objective features ---------------------------------------------------------
    def destroyed(self, player: str, cid: str):
        """Exactly: ``player``'s assignment destroys ``cid`` (see rules.damage.destroyed_by)."""
        step = self.step
        r = step.recipients[cid]
        if r.kind == "player":
            return self._false
        if r.kind == "creature" and r.indestructible:
            # 704.5f, 702.12b: only -1/-1 counters (infect, wither) bringing its toughness
            # to 0 put it into the graveyard (rules.damage.destroyed_by).
            counters = counter_sources(step, cid)
            vis = [s for s in self._visible(player, cid) if not step.prevented.get((s.id, cid))]
            own = self._or([self.pos(s.id, cid) for s in vis if s.assigner == player],
                           f"own[{player},{cid}]")
            ge = self._at_least([self.x[s.id, cid] for s in vis if s.id in counters],
                                r.toughness or 0, f"dctr[{player},{cid}]")
            return self._and([own, ge], f"d[{player},{cid}]")
        if r.kind != "creature":  # planeswalker, battle: 704.5i, 704.5v
            vis = [s for s in self._visible(player, cid) if not step.prevented.get((s.id, cid))]
            own = self._or([self.pos(s.id, cid) for s in vis if s.assigner == player],
                           f"own[{player},{cid}]")
            ge = self._at_least([self.x[s.id, cid] for s in vis], r.threshold or 0,
                                f"dge[{player},{cid}]")
            return self._and([own, ge], f"d[{player},{cid}]")
        vis = [s for s in self._visible(player, cid) if not step.prevented.get((s.id, cid))]
        mine = [s for s in vis if s.assigner == player]
        own = self._or([self.pos(s.id, cid) for s in mine], f"own[{player},{cid}]")
        ge = self._at_least([self.x[s.id, cid] for s in vis], (r.toughness or 0) - r.marked,
                            f"dge[{player},{cid}]")
        dt = self._or([self.pos(s.id, cid) for s in vis if s.deathtouch], f"ddt[{player},{cid}]")
        return self._and([own, self._or([ge, dt], f"dl[{player},{cid}]")], f"d[{player},{cid}]")

    def damage(self, player: str, rid: str) -> list[tuple[cp_model.IntVar, int]]:
        """(variable, its upper bound) for damage ``player`` assigns to ``rid``."""
        return [(self.x[s.id, rid], s.power) for s in self.sources
                if s.assigner == player and (s.id, rid) in self.x
                and not self.step.prevented.get((s.id, rid))]

    def effective(self, player: str, rid: str):
        """(expression, upper bound) of the damage ``player`` assigns to ``rid`` that has
        an effect (rules.damage.effective_damage): all of it to a player; to a planeswalker
        or battle, min(left, earlier + own) - min(left, earlier) with ``left`` its loyalty
        or defense and ``earlier`` the damage of players who assign before."""
        xs = self.damage(player, rid)
        if not xs:
            return None, 0
        own = sum(v for v, _ in xs)
        cap = sum(p for _, p in xs)
        r = self.step.recipients[rid]
        if r.kind == "player":
            return own, cap
        left = max(0, r.threshold or 0)
        if left == 0:
            return None, 0
        rank = self.step.rank(player)
        before = [(self.x[s.id, rid], s.power) for s in self._visible(player, rid)
                  if self.step.rank(s.assigner) < rank
                  and not self.step.prevented.get((s.id, rid))]
        m = self.m
        upto = m.NewIntVar(0, left, f"eff_all[{player},{rid}]")
        m.AddMinEquality(upto, [own + sum(v for v, _ in before), left])
        if not before:
            return upto, min(cap, left)
        prior = m.NewIntVar(0, left, f"eff_before[{player},{rid}]")
        m.AddMinEquality(prior, [sum(v for v, _ in before), left])
        return upto - prior, min(cap, left)

    def term(self, player: str, t: Term):
        """(linear expression, lower bound, upper bound) of a term."""
        expr, lo, hi = 0, 0, 0
        for c, w in t.destroyed.items():
            if c not in self.step.recipients or not w:
                continue
            d = self.destroyed(player, c)
            if d is self._false:
                continue
            expr = expr + w * d
            lo, hi = lo + min(0, w), hi + max(0, w)
        for r, w in t.damage.items():
            if not w or r not in self.step.recipients or \
                    self.step.recipients[r].kind == "creature":
                continue  # damage to creatures counts only through ``destroyed``
            e, cap = self.effective(player, r)
            if e is None:
                continue
            expr = expr + w * e
            lo, hi = lo + min(0, w * cap), hi + max(0, w * cap)
        return expr, lo, hi

    def read(self, solver: cp_model.CpSolver, players: Optional[Sequence[str]] = None) -> dict:
        out: dict[str, dict[str, int]] = {}
        for s in self.sources:
            if players is not None and s.assigner not in players:
                continue
            div = {}
            for r in s.all_recipients:
                v = solver.Value(self.x[s.id, r])
                if v:
                    div[r] = v
            out[s.id] = div
        return out


def _solver(deadline: Deadline) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    rem = deadline.remaining()
    if rem is not None:
        solver.parameters.max_time_in_seconds = max(rem, 0.001)
    solver.parameters.num_workers = 1
    # These models are small and tight: presolve costs more than it saves (bench/damage.py).
    solver.parameters.cp_model_presolve = False
    return solver


# ---------------------------------------------------------------------------
# Enumeration and optimisation
# ---------------------------------------------------------------------------


def _collector(model: "DamageModel", limit: Optional[int], deadline: Deadline):
    """A solution callback collecting distinct assignments (its class subclasses OR-tools,
    so it is built when first needed)."""
    global _COLLECTOR
    if _COLLECTOR is None:
        class _Collector(cp_model.CpSolverSolutionCallback):
            def __init__(self, model: DamageModel, limit: Optional[int], deadline: Deadline) -> None:
                super().__init__()
                self.model, self.limit, self.deadline = model, limit, deadline
                self.found: list[dict] = []
                self.seen: set = set()
                self.truncated = False

            def on_solution_callback(self) -> None:
                a = {}
                for s in self.model.sources:
                    div = {}
                    for r in s.all_recipients:
                        v = self.Value(self.model.x[s.id, r])
                        if v:
                            div[r] = v
                    a[s.id] = div
                key = tuple((s, tuple(sorted(d.items()))) for s, d in a.items())
                if key in self.seen:
                    return
                self.seen.add(key)
                if self.limit is not None and len(self.found) >= self.limit:
                    self.truncated = True
                    self.StopSearch()
                    return
                self.found.append(a)
        _COLLECTOR = _Collector
    return _COLLECTOR(model, limit, deadline)


_COLLECTOR: Optional[type] = None


def enumerate_assignments(
    step: DamageStep, limit: Optional[int] = 1000, deadline: Optional[Deadline] = None,
) -> tuple[str, list[dict]]:
    """(status, legal whole-step assignments): status complete | truncated | unknown."""
    deadline = deadline or Deadline(None)
    if not step.sources:
        return "complete", [{}]
    model = DamageModel(step)
    solver = _solver(deadline)
    solver.parameters.enumerate_all_solutions = True
    col = _collector(model, limit, deadline)
    st = solver.Solve(model.m, col)
    if col.truncated:
        return "truncated", col.found
    if st in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        return "complete", col.found
    return "unknown", col.found


def best_part(
    step: DamageStep, player: str, objective: Objective,
    earlier: Optional[Mapping[str, Mapping[str, int]]] = None,
    deadline: Optional[Deadline] = None,
) -> tuple[dict, tuple[int, ...]]:
    """A legal assignment of ``player``'s sources maximising ``objective``
    lexicographically, the parts of players who assign before being ``earlier``
    (fixed). Returns (player's part, objective values). Raises SolverTimeout."""
    deadline = deadline or Deadline(None)
    rank = step.rank(player)
    players = [p for p in step.players if step.rank(p) <= rank]
    # Earlier players' sources named in ``earlier`` are fixed (a source missing from a
    # given part assigns nothing); sources of players with no part given are free.
    given = {step.sources[s].assigner for s in (earlier or {}) if s in step.sources}
    fixed = {s.id: dict((earlier or {}).get(s.id, {})) for p in given if p != player
             for s in step.sources_of(p)}
    mine = step.sources_of(player)
    if all(len(s.all_recipients) == 1 for s in mine):
        # Forced: each creature has one place for all its damage (510.1b-d); legal
        # whatever the others do, as no condition applies to a single recipient.
        part = {s.id: {s.all_recipients[0]: s.power} for s in mine}
        whole = dict(fixed)
        whole.update(part)
        return part, score(step, whole, player, objective)
    model = DamageModel(step, players, fixed)
    terms = [model.term(player, t) for t in objective]
    # One weighted objective when it fits, else term by term.
    weight, total, big = 1, 0, False
    for expr, lo, hi in reversed(terms):
        total = total + weight * expr
        weight *= (hi - lo + 1)
        if weight > 2 ** 50:
            big = True
            break
    solver = _solver(deadline)
    if not big:
        if terms:
            model.m.Maximize(total)
        st = solver.Solve(model.m)
        _settled(st)
    else:
        for expr, lo, hi in terms:
            model.m.Maximize(expr)
            st = solver.Solve(model.m)
            _settled(st)
            model.m.Add(expr == int(solver.ObjectiveValue()))
            solver = _solver(deadline)
        model.m.ClearObjective()
        st = solver.Solve(model.m)
        _settled(st, feasible_ok=True)
    part = model.read(solver, [player])
    whole = dict(fixed)
    whole.update(part)
    return part, score(step, whole, player, objective)


def _settled(status, feasible_ok: bool = False) -> None:
    if status == cp_model.OPTIMAL or (feasible_ok and status == cp_model.FEASIBLE):
        return
    if status == cp_model.INFEASIBLE:
        raise ValueError("no legal assignment extends the parts already chosen (are they legal?)")
    raise SolverTimeout()


def best_all(
    step: DamageStep, objective: Optional[ObjectiveFn] = None,
    deadline: Optional[Deadline] = None,
) -> dict[str, tuple[dict, tuple[int, ...]]]:
    """Each assigning player's best part, in the order they assign (510.1)."""
    objective = objective or default_objective
    out: dict[str, tuple[dict, tuple[int, ...]]] = {}
    earlier: dict[str, dict[str, int]] = {}
    for p in step.players:
        part, val = best_part(step, p, objective(step, p), earlier, deadline)
        out[p] = (part, val)
        earlier.update(part)
    return out


def feasible_completion(
    step: DamageStep, assignment: Mapping[str, Mapping[str, int]], players: Sequence[str],
    deadline: Optional[Deadline] = None,
) -> Optional[dict]:
    """A legal whole-step assignment that extends ``assignment`` (the parts of
    ``players``), or None. Raises SolverTimeout."""
    deadline = deadline or Deadline(None)
    fixed = {s.id: assignment.get(s.id, {}) for s in step.sources.values()
             if s.assigner in players}
    model = DamageModel(step, None, fixed)
    solver = _solver(deadline)
    st = solver.Solve(model.m)
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return model.read(solver)
    if st == cp_model.INFEASIBLE:
        return None
    raise SolverTimeout()


# ---------------------------------------------------------------------------
# Exhaustive reference (tests, small boards only)
# ---------------------------------------------------------------------------


def divisions(power: int, recipients: Sequence[str]) -> Iterator[dict]:
    if not recipients:
        return
    if len(recipients) == 1:
        yield {recipients[0]: power} if power else {}
        return
    for k in range(power + 1):
        for rest in divisions(power - k, recipients[1:]):
            d = dict(rest)
            if k:
                d[recipients[0]] = k
            yield d


def all_assignments(step: DamageStep, players: Optional[Sequence[str]] = None) -> Iterator[dict]:
    """Every assignment of the right shape (sources of ``players``, full power)."""
    srcs = [s for s in step.sources.values() if players is None or s.assigner in players]
    per = [list(divisions(s.power, s.all_recipients)) for s in srcs]
    for combo in product(*per):
        yield {s.id: d for s, d in zip(srcs, combo)}


def exhaustive_assignments(step: DamageStep) -> list[dict]:
    return [a for a in all_assignments(step) if not evaluate(step, a)]


def exhaustive_best(
    step: DamageStep, player: str, objective: Objective,
    earlier: Optional[Mapping[str, Mapping[str, int]]] = None,
) -> tuple[Optional[dict], Optional[tuple[int, ...]]]:
    rank = step.rank(player)
    base = {s: d for s, d in (earlier or {}).items()
            if s in step.sources and step.rank(step.sources[s].assigner) < rank}
    best, val = None, None
    for part in all_assignments(step, [player]):
        whole = dict(base)
        whole.update(part)
        if evaluate(step, whole, [player]):
            continue
        v = score(step, whole, player, objective)
        if val is None or v > val:
            best, val = part, v
    return best, val
