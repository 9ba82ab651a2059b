"""The whole combat (spec, Extension 2: ``mtgcombat combat``): from the declared attacks
and blocks through every combat damage step that exists (510.4) to the end of combat
(511), with what the damage does (:mod:`mtgcombat.rules.results`).

Declarations given here (``attacks=``, ``blocks=``, the command's ``--attacks`` and
``--blocks``) are checked first (508.1, 509.1); the board's own are taken as the facts
of its combat. Each combat damage step's assignment is the one given (``damage=``, in
step order) -- checked like ``check --damage``, and a part covering some players'
creatures only is completed with the other players' best parts -- or each player's
best assignment (:func:`mtgcombat.questions.damage.damage_answer`'s "best": the
players assign in turn, 510.1, each part the best given the parts before it).

After each step the results of damage happen at once (510.2) and the state-based
actions follow (704.3); a creature destroyed in the first-strike step deals no damage
in the second, a double striker deals damage in both (702.4b-c), an attacker whose
blockers all left stays blocked (509.1h). When the game ends (104.2a: every opponent
of the attacking player has lost, or the attacking player has), no later step happens.
At the end of combat every creature is removed from combat (511.3): the board after
(``after.board``) declares nothing, so it can be asked again -- attackers without
vigilance tapped (508.1f), damage, counters, loyalty, defense, life and poison as the
damage left them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence, cast

from ..rules.combat_triggers import (
    Trigger, any_triggers, apply, attack_triggers, block_triggers,
)
from ..rules.damage import damage_step, default_objective
from ..rules.model import BoardError
from ..rules.reasons import Reason, reason
from ..rules.results import (
    Dealt, Prevented, StateBased, applied, deal, results, state_based,
)
from ..solver.base import Deadline, SolverTimeout
from . import JsonView
from .damage import sorted_assignment
from .phases import Phases, staged

if TYPE_CHECKING:  # pragma: no cover
    from ..text import Writer


@dataclass
class CombatStep:
    """One combat damage step as it happened."""

    step: str  # "first" or "regular"
    assignment: dict
    dealt: list[Dealt]
    prevented: list[Prevented]
    sba: StateBased
    #: The players whose part came from the given assignment (the rest: their best).
    given: list[str] = field(default_factory=list)
    #: The board as the step began (its damage question is the step's: who deals damage
    #: to what, and who is silent); not part of the JSON answer.
    board: Any = field(default=None, repr=False, compare=False)
    #: What the step's triggers and tricks did after its damage (510.3a).
    log: Any = None

    @property
    def gone(self) -> dict[str, str]:
        """Every permanent that left in this step: by its damage's state-based actions, and
        by its triggers and tricks (id -> rule)."""
        out = dict(self.sba.gone)
        if self.log is not None:
            out.update(self.log.sba.gone)
        return out

    def to_json(self) -> dict:
        lost = set(self.sba.lost) | set(self.log.sba.lost if self.log is not None else ())
        return {
            "step": self.step,
            "assignment": self.assignment,
            "dealt": [{"source": d.source, "to": d.to, "amount": d.amount} for d in self.dealt],
            "prevented": [{"source": p.source, "to": p.to, "amount": p.amount, "rule": p.rule}
                          for p in self.prevented],
            "destroyed": sorted(self.gone),
            "destroyed_by": dict(sorted(self.gone.items())),
            "defeated": list(self.sba.defeated),
            "lost": sorted(lost),
            "given": self.given,
        }


@dataclass
class CombatAnswer(JsonView):
    """The spec's ``combat`` answer."""

    board: Any  # the board as asked
    status: str  # complete | illegal | unknown
    #: The board as combat damage begins: declarations made, triggers resolved.
    start: Any = None
    violation_reasons: list[tuple[str, Reason, tuple]] = field(default_factory=list, repr=False)
    #: The triggers that resolved before damage, and what they destroyed.
    before_damage: Any = None
    steps: list[CombatStep] = field(default_factory=list)
    after_board: Any = None
    destroyed: list[str] = field(default_factory=list)
    defeated: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    #: Abilities of the board that act in combat and are not carried out, as reasons.
    not_modelled: list[Reason] = field(default_factory=list)
    #: What resolved in each step outside combat damage (rules.stack.StepLog), in order.
    stack_log: list[Any] = field(default_factory=list)
    #: The choices used (spec Extension 3), in the order they were made.
    choices: list[Any] = field(default_factory=list)

    @property
    def rules(self) -> str:
        return self.board.rules

    @property
    def legal(self) -> Optional[bool]:
        return {"complete": True, "illegal": False}.get(self.status)

    @property
    def after(self) -> "After":
        """What combat left, named as in the JSON answer's ``after``: ``.board`` (the
        board after combat), ``.life``, ``.poison``, ``.destroyed``, ``.defeated``,
        ``.lost``."""
        board = self.after_board if self.after_board is not None else self.board
        return After(board, {p.name: p.life for p in board.players},
                     {p.name: p.poison for p in board.players}, list(self.destroyed),
                     list(self.defeated), list(self.lost))

    def __repr__(self) -> str:
        """One line: the status, the combat damage steps, what was destroyed, who lost."""
        n = len(self.steps)
        return (f"<CombatAnswer {self.status}: {n} combat damage step{'' if n == 1 else 's'}; "
                f"destroyed: {', '.join(self.destroyed) or 'none'}; "
                f"lost: {', '.join(self.lost) or 'none'}>")

    def to_json(self, w: "Writer") -> dict:
        after = self.after_board if self.after_board is not None else self.board
        out: dict[str, Any] = {
            "rules": self.rules,
            "status": self.status,
            "violations": [{"rule": rule, "message": w(why), "objects": list(objs)}
                           for rule, why, objs in self.violation_reasons],
            "before_damage": (self.before_damage or BeforeDamage()).to_json(w),
            "steps": [s.to_json() for s in self.steps],
            "after": {
                "life": {p.name: p.life for p in after.players},
                "poison": {p.name: p.poison for p in after.players},
                "destroyed": list(self.destroyed),
                "defeated": list(self.defeated),
                "lost": list(self.lost),
                "board": after.to_data(),
            },
            "not_modelled": [w(r) for r in self.not_modelled],
            "stack": [stack_log_json(log, w) for log in self.stack_log],
            "choices": [dict(c.to_json(), message=w(c.reason())) for c in self.choices],
        }
        return out


def stack_log_json(log: Any, w: "Writer") -> dict:
    """One step's log as the answer gives it (spec Extension 3: the triggers and tricks
    resolved in each step, in order, and what they did)."""
    return {
        "step": log.step,
        "resolved": [{
            "kind": r.item.kind, "source": r.item.source, "ability": r.item.line,
            "instance": r.item.instance, "effect": r.item.effect,
            "sentence": r.item.sentence, "controller": r.item.controller,
            "targets": list(r.item.targets), "message": w(r.head()),
            "outcome": [{"code": o.code, "rule": o.rule, "objects": list(o.objects),
                         "message": w(o)} for o in r.outcome],
        } for r in log.resolved],
        "destroyed": sorted(log.sba.gone),
        "destroyed_by": dict(sorted(log.sba.gone.items())),
        "left": dict(sorted(log.left.items())),
        "lost": sorted(log.sba.lost),
    }


@dataclass(frozen=True)
class After:
    """What a combat left (the ``after`` of the JSON answer): the board after combat
    (511.3: nothing declared), life and poison by player, what was destroyed (704.5),
    battles defeated (310.10), players who lost (104.3)."""

    board: Any
    life: dict
    poison: dict
    destroyed: list
    defeated: list
    lost: list


def combat(board: Any, attacks: Optional[Mapping] = None, blocks: Optional[Mapping] = None,
           damage: Sequence[Mapping] = (), time_limit: Optional[float] = None,
           objective: Any = None, backend: str = "auto",
           damage_order: Optional[Mapping] = None) -> CombatAnswer:
    """Resolve the combat of ``board`` (see the module docstring). ``damage_order``
    ("2024"): damage assignment orders chosen after the blocks (509.2-509.3)."""
    from .declarations import check

    deadline = Deadline(time_limit)
    b = board
    # The board stands as the combat phase begins (spec Extension 3), unless it is already
    # in a combat damage step (it then shows what its declarations triggered).
    fresh = b.damage_step is None and b.first_strikers is None
    lost: list[str] = []
    pre = BeforeDamage()
    phases = Phases(board, lost)
    if attacks is None and b.attacks is None:
        raise BoardError(reason("error.combat_no_attacks", None, where=("attacks",)))
    if fresh:
        start = b.evolve(attacks=None, blocks=None, damage_order=None, damage_step=None,
                         blocked=None, first_strikers=None, target_left=None, bands=())
        carry(b, start)
        start = phases.begin(start)  # 507.2
        if attacks is not None:
            v = check(start, "attacks", attacks, backend, deadline.remaining())
            if v.legal is not True:
                out = _stopped(board, v, "attacks")
                _log(out, phases, pre)
                return out
            decl, bands = dict(attacks), ()
        else:
            decl, bands = dict(board.attacks or {}), board.bands
        b = start.derive(attacks=decl, bands=bands)
        carry(start, b)
        if not game_over(b, lost):
            b = phases.attacks(b)  # 508.3
    elif attacks is not None:
        before = b.evolve(attacks=None, blocks=None, damage_order=None, damage_step=None,
                          blocked=None, first_strikers=None, target_left=None, bands=())
        v = check(staged(before), "attacks", attacks, backend, deadline.remaining())
        if v.legal is not True:
            return _stopped(board, v, "attacks")
        b = before.with_attacks(attacks)
    if blocks is not None and not game_over(b, lost):
        before = b.evolve(blocks=None, damage_order=None, damage_step=None, blocked=None,
                          first_strikers=None)
        carry(b, before)
        v = check(staged(before), "blocks", blocks, backend, deadline.remaining())
        if v.legal is not True:
            out = _stopped(b, v, "blocks")
            _log(out, phases, pre)
            out.before_damage = pre
            return out
        b = before.with_blocks(blocks)
        carry(before, b)
    elif fresh and board.blocks is not None and b.blocks is None:
        nb = b.derive(blocks={k: v for k, v in board.blocks.items()
                              if b.has_object(k) and all(b.has_object(a) for a in v)},
                      damage_order=board.damage_order)
        carry(b, nb)
        b = nb
    elif b.blocks is None:
        nb = b.derive(blocks={})
        carry(b, nb)
        b = nb
    if fresh and not game_over(b, lost):
        b = phases.blocks(b)  # 509.2a
    if damage_order:
        nb = b.evolve(damage_order={**(b.damage_order or {}),
                                    **{k: tuple(v) for k, v in damage_order.items()}})
        carry(b, nb)
        b = nb
    out = CombatAnswer(board, "complete", start=b, before_damage=pre)
    _log(out, phases, pre)
    out.destroyed += list(pre.sba.gone)
    out.not_modelled = _not_modelled(b)
    given = list(damage)
    current = b
    stage: Optional[str] = first_stage(current, lost)
    had_first: Optional[tuple[str, ...]] = None
    while stage is not None:
        stepboard, had_first = step_board(current, stage, had_first)
        try:
            assignment, covered, bad = _assignment(stepboard, given.pop(0) if given else None,
                                                   objective, deadline)
        except SolverTimeout:
            out.status = "unknown"
            break
        if bad is not None:
            out.status = "illegal" if bad.legal is False else "unknown"
            out.violation_reasons = [(v.rule, v.why, tuple(v.objects)) for v in bad.violations]
            break
        after, dealt, prevented, sb = deal_damage(stepboard, assignment, lost)
        lost += [p for p in sorted(sb.lost) if p not in lost]
        step = CombatStep(stage, sorted_assignment(assignment), dealt, prevented, sb,
                          covered, board=stepboard)
        out.steps.append(step)
        n = len(phases.stack.log)
        after = phases.damage(stepboard, after, dealt, sb, stage)  # 510.3a
        if len(phases.stack.log) > n:
            step.log = phases.stack.log[-1]
        out.destroyed += sorted(step.gone)
        out.defeated += [x for x in sb.defeated if x not in out.defeated]
        current = after
        stage = next_stage(current, stage, lost)
    if given and out.status == "complete":
        out.status = "illegal"
        out.violation_reasons = [("510.4", reason("combat.extra_damage", "510.4", (),
                                                  n=len(given), steps=len(out.steps)), ())]
    if out.status == "complete" and fresh and not game_over(current, lost):
        n = len(phases.stack.log)
        current = phases.end(current)  # 511.2
        for log in phases.stack.log[n:]:
            out.destroyed += sorted(g for g in log.sba.gone if g not in out.destroyed)
    out.lost = lost
    out.stack_log = list(phases.stack.log)
    out.choices = list(phases.stack.used)
    out.after_board = _end_of_combat(current, b)
    return out


def _log(out: "CombatAnswer", phases: Phases, pre: "BeforeDamage") -> None:
    """What resolved before combat damage, into the answer: keyword triggers into
    ``before_damage`` (its older shape), deaths and losses of those steps."""
    for log in phases.stack.log:
        for res in log.resolved:
            if res.keyword is not None:
                pre.triggers.append(res.keyword)
        pre.sba.gone.update(log.sba.gone)
        pre.sba.lost.update(log.sba.lost)
    out.stack_log = list(phases.stack.log)
    out.choices = list(phases.stack.used)


@dataclass
class BeforeDamage:
    """What happened between the declarations and the first combat damage step: the
    triggers that resolved and the state-based actions after them."""

    triggers: list[Trigger] = field(default_factory=list)
    sba: StateBased = field(default_factory=StateBased)

    def to_json(self, w: "Writer") -> dict:
        return {
            "triggers": [{"kind": t.kind, "rule": t.rule, "source": t.source,
                          "affected": t.affected, "power": t.power, "toughness": t.toughness,
                          "life": t.life, "message": w(trigger_reason(t))}
                         for t in self.triggers],
            "destroyed": sorted(self.sba.gone),
            "destroyed_by": dict(sorted(self.sba.gone.items())),
            "lost": sorted(self.sba.lost),
        }


def trigger_reason(t: Trigger) -> Reason:
    """A resolved trigger as a reason (the text layer words it)."""
    return reason(f"combat.trigger_{t.kind}", t.rule, (t.source, t.affected), source=t.source,
                  affected=t.affected, power=t.power, toughness=t.toughness, life=-t.life,
                  n=t.n)


def resolve_triggers(board: Any, triggers: Sequence[Trigger], pre: "BeforeDamage",
                     lost: list[str]) -> Any:
    """Resolve ``triggers`` in order, state-based actions after each (704.3)."""
    for t in triggers:
        if game_over(board, lost):
            break
        nb, done = cast(Any, apply(board, t))
        carry(board, nb)
        pre.triggers.append(done)
        nb2, sb = state_based(nb, nb.bound, set(), set(), lost)
        carry(nb, nb2)
        pre.sba.gone.update(sb.gone)
        pre.sba.lost.update(sb.lost)
        lost += sorted(sb.lost)
        board = nb2
    return board


def declare(board: Any, attacks: Optional[Mapping], blocks: Optional[Mapping], pre: "BeforeDamage",
            lost: list[str]) -> Any:
    """The board with ``attacks`` (if given) declared and their triggers resolved, then
    ``blocks`` (if given) and theirs -- unchecked: for declarations known to be legal."""
    b = board
    phases = Phases(board, lost)
    if attacks is not None:
        # The board's own attacks keep their bands (702.22c: formed as they were declared).
        bands = b.bands if dict(attacks) == dict(b.attacks or {}) else ()
        nb = b.derive(attacks=dict(attacks), blocks=None, damage_order=None, damage_step=None,
                      blocked=None, first_strikers=None, target_left=None, bands=bands)
        carry(b, nb)
        b = phases.attacks(nb)
    if blocks is not None and not game_over(b, lost):
        nb = b.derive(blocks={k: tuple(v) for k, v in blocks.items()}, damage_order=None,
                      damage_step=None, blocked=None, first_strikers=None)
        carry(b, nb)
        b = phases.blocks(nb)
    for log in phases.stack.log:
        for res in log.resolved:
            if res.keyword is not None:
                pre.triggers.append(res.keyword)
        pre.sba.gone.update(log.sba.gone)
        pre.sba.lost.update(log.sba.lost)
    return b


def first_stage(board: Any, lost: Sequence[str]) -> Optional[str]:
    """The first combat damage step of ``board`` ("first" or "regular"), or None when the
    game is over."""
    if game_over(board, lost):
        return None
    if board.damage_step != "regular" and board.first_strikers is None and _first_step(board):
        return "first"
    return "regular"


def next_stage(board: Any, stage: str, lost: Sequence[str]) -> Optional[str]:
    """The step after ``stage`` (None: combat damage is over, or the game is, 104.2a)."""
    if stage == "first" and not game_over(board, lost):
        return "regular"
    return None


def step_board(current: Any, stage: str, had_first: Optional[tuple[str, ...]]
               ) -> tuple[Any, Optional[tuple[str, ...]]]:
    """The board of one combat damage step, and the creatures that had first or double
    strike as the first step began (510.4)."""
    if stage == "first":
        stepboard = current.derive(damage_step="first")
        had_first = tuple(c for c in _combatants(current) if _strikes_first(current, c))
    elif had_first is not None:
        stepboard = current.derive(damage_step=None, first_strikers=tuple(
            c for c in had_first if c in _combatants(current)))
    else:
        stepboard = current
    carry(current, stepboard)
    return stepboard, had_first


def deal_damage(stepboard: Any, assignment: Mapping[str, Mapping[str, int]],
                lost: Sequence[str]) -> tuple[Any, list[Dealt], list[Prevented], StateBased]:
    """One step's whole assignment dealt (510.2): prevention, results (120.3), then the
    state-based actions (704.3). Returns the board after, what was dealt and prevented,
    and what the state-based actions did."""
    dealt, prevented = deal(stepboard, stepboard.bound, assignment)
    res = results(stepboard, stepboard.bound, dealt)
    after = cast(Any, applied(stepboard, res))
    carry(stepboard, after)
    defeated_now = {p.id for p in stepboard.permanents
                    if p.is_battle and (p.defense or 0) > 0 and p.id in res.defense
                    and (p.defense or 0) - res.defense[p.id] <= 0}
    after2, sb = state_based(after, after.bound, res.deathtouched, defeated_now, lost)
    carry(after, after2)
    return after2, dealt, prevented, sb


def _stopped(board: Any, verdict: Any, kind: str) -> CombatAnswer:
    out = CombatAnswer(board, "illegal" if verdict.legal is False else "unknown", start=board)
    out.violation_reasons = [(v.rule, v.why, tuple(v.objects)) for v in verdict.violations]
    return out


def _combatants(board: Any) -> list[str]:
    return list(board.attacks or {}) + [c for c in (board.blocks or {})
                                        if c not in (board.attacks or {})]


def _strikes_first(board: Any, c: str) -> bool:
    return board.bound.has_keyword(c, "first strike") or board.bound.has_keyword(
        c, "double strike")


def _first_step(board: Any) -> bool:
    """510.4: a first-strike combat damage step exists when an attacking or blocking
    creature has first strike or double strike as the step begins."""
    return any(_strikes_first(board, c) for c in _combatants(board))


def _assignment(stepboard: Any, given: Optional[Mapping], objective: Any,
                deadline: Deadline) -> tuple[dict, list[str], Any]:
    """The step's whole assignment: ``given`` (checked; its players' parts) completed with
    the other players' best parts, in the order they assign (510.1). Returns (assignment,
    players given, the verdict when ``given`` is illegal or unsettled)."""
    from ..solver.damage import best_part
    from .damage import check_damage

    step = damage_step(stepboard, stepboard.bound, stepboard.blocked or (),
                       stepboard.first_strikers, stepboard.target_left or ())
    covered: list[str] = []
    whole: dict = {}
    if given is not None:
        v = check_damage(stepboard, given, stepboard.bound, deadline.remaining(),
                         blocked=stepboard.blocked or (),
                         first_strikers=stepboard.first_strikers,
                         target_left=stepboard.target_left or ())
        if v.legal is not True:
            return {}, [], v
        covered = list(v.players)
        whole.update({s: dict(d) for s, d in v.assignment.items()})
    obj = objective or default_objective
    for p in step.players:
        if p in covered:
            for s in step.sources_of(p):
                whole.setdefault(s.id, {})
            continue
        part, _ = best_part(step, p, obj(step, p), whole, deadline)
        whole.update(part)
    return whole, covered, None


def carry(old: Any, new: Any) -> None:
    """The new board reads its texts as the old one did (same permanents, same texts)."""
    if "readings" in old.__dict__:
        ids = {p.id for p in new.permanents}
        new.__dict__["readings"] = {k: v for k, v in old.readings.items() if k in ids}
    if "effect_readings" in old.__dict__ and new.effects == old.effects:
        new.__dict__["effect_readings"] = old.effect_readings


def game_over(board: Any, lost: Sequence[str]) -> bool:
    """104.2a: the game is over for this combat when the attacking player (or team) has
    lost or every opponent has."""
    if any(board.teammates(p, board.active_player) for p in lost):
        return True
    opponents = board.opponents(board.active_player)
    return bool(opponents) and all(p in lost for p in opponents)


def _end_of_combat(board: Any, start: Any) -> Any:
    """511.3: creatures removed from combat; 508.1f: attackers without vigilance were
    tapped as they attacked."""
    tapped = {a for a in (start.attacks or {})
              if not start.bound.has_keyword(a, "vigilance")}
    perms = []
    from dataclasses import replace

    # What attackers attacked and has left (kept for them, 506.4c) goes with combat.
    ghosts = {(board.attacks or {}).get(a) for a in (board.target_left or ())}
    for p in board.permanents:
        if p.id in ghosts and p.id not in (start.target_left and
                                           {start.attacks[a] for a in start.target_left} or ()):
            continue
        perms.append(replace(p, tapped=True) if p.id in tapped and not p.tapped else p)
    here = {p.id for p in perms} | set(board.player_names)
    # Spells and abilities of the combat's steps have resolved (or were never cast);
    # effects about objects that have left are gone with them (400.7).
    effects = tuple(e for e in board.effects if e.step is None
                    and all(t in here for t in e.targets)
                    and (e.source is None or e.source in here))
    # The choices were this combat's (spec Extension 3), and its tricks have resolved.
    after = board.evolve(permanents=tuple(perms), attacks=None, blocks=None,
                         damage_order=None, damage_step=None, blocked=None,
                         first_strikers=None, target_left=None, bands=(), effects=effects,
                         choices=(), stack=False)
    carry(board, after)
    return after


def _not_modelled(board: Any) -> list[Reason]:
    """Sentences of the board's texts not understood that act in combat (triggers this
    combat does not carry out): reported, never silently dropped."""
    from .phases import not_carried_out

    out = [reason("combat.not_modelled", None, (), source=n["source"], sentence=n["sentence"])
           for n in not_carried_out(board)]
    # 702.39a: provoke's block requirement is an effect the board gives, not resolved here.
    out += [reason("combat.provoke", "702.39a", (a,), creature=a)
            for a in sorted(board.attacks or {}) if board.bound.has_keyword(a, "provoke")]
    return out
