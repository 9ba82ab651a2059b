"""Cumulative upkeep (spec Extension 2: ``mtgcombat upkeep``; 702.24 in the rules we
judge by, 702.21 in the older German seed).

As the active player's upkeep begins, each cumulative upkeep ability of their
permanents triggers (702.24a): it puts an age counter on its permanent, then its
controller may pay the cost once for each age counter on it -- all of it or nothing
(no partial payments) -- or sacrifice the permanent. Several instances on one
permanent trigger separately and each counts every age counter present as it resolves
(702.24b): instance *i* sees the recorded counters plus *i* (the earlier ones having
put theirs, and been paid).

For each instance, sorted by permanent id then instance: the age counters after its
trigger, the cost, every distinct whole payment (one choice per age counter, order
irrelevant; where the cost chooses objects, a different object each time) listed
lazily, and whether the controller can pay it on the board as given -- mana with the
untapped sources and the mana pool (:mod:`mtgcombat.solver.payment`), life up to the
life they have (119.4), objects they control (or, for Herald of Leshrac, lands they
don't). A permanent may be sacrificed to pay its own cumulative upkeep: sacrificing is
putting a permanent one controls into the graveyard (701.21a), and nothing excludes the
source (118.3 asks only that the resources exist). A cost the board can't express is
reported, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement, islice
from math import comb
from typing import TYPE_CHECKING, Any, Iterator, Optional

from ..rules import mana as M
from ..rules.reasons import Reason, reason
from ..solver.base import Deadline, SolverTimeout
from ..solver.payment import Source, pay
from . import JsonView

if TYPE_CHECKING:  # pragma: no cover
    from ..text import Writer


@dataclass
class UpkeepPayment:
    pay: list[str]
    payable: Optional[bool]
    why: Optional[Reason] = None


@dataclass
class UpkeepTrigger:
    permanent: str
    instance: int
    cost: str
    age_counters: int
    kind: str  # mana | life | sacrifice | gain_control | add_mana | tap | unknown
    payments: list[UpkeepPayment] = field(default_factory=list)
    count: Optional[int] = None  # every distinct whole payment
    status: str = "complete"  # complete | truncated | unknown
    notes: list[Reason] = field(default_factory=list)

    def to_json(self, w: "Writer") -> dict:
        return {
            "permanent": self.permanent, "instance": self.instance, "cost": self.cost,
            "age_counters": self.age_counters, "kind": self.kind, "status": self.status,
            "count": self.count,
            "payments": [{"pay": list(p.pay), "payable": p.payable}
                         | ({"message": w(p.why)} if p.why is not None else {})
                         for p in self.payments],
            "notes": [w(n) for n in self.notes],
        }


@dataclass
class UpkeepAnswer(JsonView):
    board: Any
    triggers: list[UpkeepTrigger]
    status: str = "complete"

    @property
    def rules(self) -> str:
        return self.board.rules

    def to_json(self, w: "Writer") -> dict:
        return {"rules": self.rules, "status": self.status,
                "active_player": self.board.active_player,
                "triggers": [t.to_json(w) for t in self.triggers]}


def instances(board: Any) -> list[tuple[str, int, Any]]:
    """(permanent, instance number, the ability) for every cumulative upkeep of the
    active player's permanents, by permanent id then instance."""
    out = []
    for p in sorted(board.permanents, key=lambda p: p.id):
        if p.controller != board.active_player:
            continue
        held = board.bound.held_by(p.id, M.CumulativeUpkeep)
        for i, inst in enumerate(held, 1):
            out.append((p.id, i, inst.ability))
    return out


def upkeep(board: Any, limit: Optional[int] = 1000, time_limit: Optional[float] = None
           ) -> UpkeepAnswer:
    """The cumulative upkeep triggers of the active player's upkeep (module docstring)."""
    deadline = Deadline(time_limit)
    out = UpkeepAnswer(board, [])
    try:
        for pid, i, ab in instances(board):
            t = trigger(board, pid, i, ab)
            payments = iter_payments(board, t, ab)
            if limit is None:
                t.payments = list(payments)
            else:
                t.payments = list(islice(payments, limit))
                if t.count is not None and t.count > len(t.payments):
                    t.status = "truncated"
            deadline.check()
            out.triggers.append(t)
    except SolverTimeout:
        out.status = "unknown"
    if out.status == "complete" and any(t.status == "truncated" for t in out.triggers):
        out.status = "truncated"
    return out


_KIND: dict[type, str] = {M.ManaPayment: "mana", M.LifePayment: "life", M.SacrificePayment: "sacrifice",
         M.GainControlPayment: "gain_control", M.AddManaPayment: "add_mana",
         M.TapPayment: "tap", M.UnknownCost: "unknown"}


def trigger(board: Any, pid: str, instance: int, ab: Any) -> UpkeepTrigger:
    """One instance's trigger: its age counters (702.24a-b) and how many payments."""
    age = board.permanent(pid).counter("age") + instance
    cost = ab.cost
    kind = _KIND[type(cost)]
    t = UpkeepTrigger(pid, instance, ab.text, age, kind)
    if kind == "mana":
        t.count = comb(len(cost.options) + age - 1, age)
    elif kind in ("life", "add_mana"):
        t.count = 1
    elif kind in ("sacrifice", "gain_control", "tap"):
        pool = _objects(board, pid, cost)
        t.count = comb(len(pool), age)
        if kind == "sacrifice":
            t.notes.append(reason("upkeep.self_allowed", board.edition.sacrifice, (pid,),
                                  permanent=pid,
                                  word=cost.word,
                                  matches=pid in pool))
        if len(pool) < age:
            t.notes.append(reason("upkeep.not_enough", "702.24a", (pid,), permanent=pid,
                                  word=cost.word, have=len(pool), need=age,
                                  kind=kind))
    else:
        t.status = "unknown"
        t.notes.append(reason("upkeep.unknown_cost", "702.24a", (pid,), permanent=pid,
                              cost=ab.text))
    if instance > 1:
        t.notes.append(reason("upkeep.instances", "702.24b", (pid,), permanent=pid,
                              instance=instance))
    return t


def _objects(board: Any, pid: str, cost: Any) -> list[str]:
    ctrl = board.permanent(pid).controller
    bound = board.bound
    me = board.permanent(pid)
    out = []
    for p in sorted(board.permanents, key=lambda p: p.id):
        if isinstance(cost, M.GainControlPayment):
            if p.controller == ctrl:
                continue
        elif p.controller != ctrl:
            continue
        if isinstance(cost, M.TapPayment) and p.tapped:
            continue
        if bound.matches(cost.pred, p, None, me):
            out.append(p.id)
    return out


def iter_payments(board: Any, t: UpkeepTrigger, ab: Any) -> Iterator[UpkeepPayment]:
    """Every distinct whole payment of one trigger, lazily, with whether it is payable."""
    cost, age = ab.cost, t.age_counters
    ctrl = board.permanent(t.permanent).controller
    if isinstance(cost, M.ManaPayment):
        player = board.player(ctrl)
        sources = [Source(i, o) for i, o in M.usable_sources(board, board.bound, ctrl)]
        pool = M.mana_units(player.mana_pool) or () if player.mana_pool else ()
        for pick in combinations_with_replacement(range(len(cost.options)), age):
            syms = tuple(s for k in pick for s in cost.options[k])
            ok = pay(syms, sources, pool, player.life) is not None
            yield UpkeepPayment([M.text_of(cost.options[k]) for k in pick], ok,
                                None if ok else reason("upkeep.no_mana", "118.3",
                                                       cost=M.text_of(syms), player=ctrl))
    elif isinstance(cost, M.LifePayment):
        life = board.player(ctrl).life
        need = cost.n * age
        ok = need == 0 or life >= need
        yield UpkeepPayment([f"Pay {cost.n} life"] * age, ok,
                            None if ok else reason("upkeep.no_life", "119.4", need=need,
                                                   life=life, player=ctrl))
    elif isinstance(cost, M.AddManaPayment):
        yield UpkeepPayment(["Add " + "".join("{%s}" % u for u in cost.units)] * age, True)
    elif isinstance(cost, (M.SacrificePayment, M.GainControlPayment, M.TapPayment)):
        for ids in combinations(_objects(board, t.permanent, cost), age):
            yield UpkeepPayment(list(ids), True)


def upkeep_triggers(board: Any) -> list[Reason]:
    """The cumulative upkeep triggers of the upkeep step, as reasons (for ``turn``)."""
    out = []
    for pid, i, ab in instances(board):
        t = trigger(board, pid, i, ab)
        out.append(reason("turn.cumulative_upkeep", "702.24a", (pid,), permanent=pid,
                          age=t.age_counters, cost=ab.text, count=t.count))
    return out
