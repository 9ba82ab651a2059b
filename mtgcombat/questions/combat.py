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
Triggered abilities and the board's combat tricks happen as :mod:`.phases` carries the
combat through its steps (spec Extension 3): the beginning of combat (507.2), the attack
declaration's triggers (508.3), the block declaration's (509.2a), each damage step's
(510.3a), the end of combat (511.2), each step's tricks after its triggers; what resolved
is in ``stack`` and the choices used in ``choices``.
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
from .logs import stack_log_json
from .phases import Phases, staged, with_game_phases

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
    #: What the step's triggers and tricks did after its damage (510.3a; a
    #: :class:`~mtgcombat.rules.stack.StepLog`).
    log: Any = None

    @property
    def gone(self) -> dict[str, str]:
        """Every permanent put into a graveyard in this step: by its damage's state-based
        actions, and by its triggers and tricks (id -> rule)."""
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
    def game_over(self) -> bool:
        """Whether the game ended in this combat (104.2a): nothing happens after it."""
        return self.status == "complete" and bool(self.lost) and game_over(self.board,
                                                                           self.lost)

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
            "game_over": self.game_over,
            "not_modelled": [w(r) for r in self.not_modelled],
            "stack": [stack_log_json(log, w) for log in self.stack_log],
            "choices": [dict(c.to_json(), message=w(c.reason())) for c in self.choices],
        }
        return out


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
    deadline = Deadline(time_limit)
    lost: list[str] = []
    pre = BeforeDamage()
    phases = Phases(board, lost)
    b, stop = _declared(board, attacks, blocks, backend, deadline, pre, lost, phases=phases)
    if stop is not None:
        out = _stopped(board, stop.verdict, stop.kind)
        out.start = stop.board
        if stop.kind == "blocks":
            out.before_damage = pre
        out.stack_log, out.choices = list(phases.stack.log), list(phases.stack.used)
        return out
    if damage_order:
        nb = b.evolve(damage_order={**(b.damage_order or {}),
                                    **{k: tuple(v) for k, v in damage_order.items()}})
        carry(b, nb)
        b = nb
    out = CombatAnswer(board, "complete", start=b, before_damage=pre)
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
        out.destroyed += sorted(g for g in step.gone if g not in out.destroyed)
        out.defeated += [x for x in sb.defeated if x not in out.defeated]
        current = after
        stage = next_stage(current, stage, lost)
    if given and out.status == "complete":
        out.status = "illegal"
        out.violation_reasons = [("510.4", reason("combat.extra_damage", "510.4", (),
                                                  n=len(given), steps=len(out.steps)), ())]
    if out.status == "complete" and not in_damage_step(board) and not game_over(current, lost):
        n = len(phases.stack.log)
        current = phases.end(current)  # 511.2
        for log in phases.stack.log[n:]:
            out.destroyed += sorted(g for g in log.sba.gone if g not in out.destroyed)
    out.lost = lost
    out.stack_log, out.choices = list(phases.stack.log), list(phases.stack.used)
    declared = set((attacks if attacks is not None else board.attacks) or {})
    out.after_board = _end_of_combat(current, b, out.stack_log, declared)
    out.not_modelled += _statics_that_left(board, out.after_board, out.not_modelled)
    return out


def refuse_finished_game(board: Any, question: str) -> None:
    """Bad input for a decision about a combat that can't happen: a player on the board
    has already lost (704.5a, c; 704.6a-b) -- the state-based actions ended their game
    (or took them out of it, 800.4a) before any player could decide anything."""
    from ..rules.results import already_lost

    lost = already_lost(board)
    if lost:
        who = next(p for p in board.player_names if p in lost)
        p = board.player(who)
        raise BoardError(reason("error.already_lost", lost[who], (who,), player=who,
                                life=p.life, poison=p.poison, cr=lost[who],
                                question=question, where=("player", who)))


def in_damage_step(board: Any) -> bool:
    """Whether the board stands in a combat damage step (it says which, ``damage_step``,
    or what happened before it: ``first_strikers``, ``blocked``, ``target_left``). Such
    a board already shows what its declarations and their triggers did, so its
    ``attacks`` and ``blocks`` are the facts of its combat, not judged again; any other
    board stands as the combat phase begins (spec Extension 3, "When the board stands")
    and its declarations are judged as declarations given by flag are."""
    return (board.damage_step is not None or board.first_strikers is not None
            or bool(board.blocked) or bool(board.target_left))


@dataclass
class Stop:
    """A declaration that stops the combat: illegal, or not settled in time."""

    kind: str  # "attacks" or "blocks"
    verdict: Any  # the DeclarationVerdict, as ``check`` gives it
    #: The board it was judged on (the blocks: after the attack triggers resolved).
    board: Any = None

    @property
    def status(self) -> str:
        return "illegal" if self.verdict.legal is False else "unknown"

    @property
    def violations(self) -> list[tuple[str, Reason, tuple]]:
        """(rule, reason, objects) of each violation, as ``check`` gives them."""
        return [(v.rule, v.why, tuple(v.objects)) for v in self.verdict.violations]

    def violations_json(self, w: "Writer") -> list[dict]:
        """The violations as every answer gives them (``check``'s shape)."""
        return [{"rule": rule, "message": w(why), "objects": list(objs)}
                for rule, why, objs in self.violations]


def at_damage(board: Any, backend: str = "auto", time_limit: Optional[float] = None
              ) -> tuple[Any, Optional[Stop], list, list]:
    """The board as its first combat damage step begins, for the questions about that
    step (``damage``, ``check --damage``, ``explain``): a board standing as the combat
    phase begins (spec Extension 3, "When the board stands") has its declarations
    judged as ``combat`` judges them, and the triggers and tricks of the steps before
    combat damage carried out (507.2, 508.3, 509.3) -- ``(board at the step, None,
    logs, choices used)`` when something resolved; ``(None, stop, logs, choices)`` when
    a declaration is illegal or unsettled; ``(None, None, [], [])`` when the board is
    the step's board already (it stands in a damage step, or nothing resolved before
    damage)."""
    if in_damage_step(board) or board.attacks is None:
        return None, None, [], []
    lost: list[str] = []
    phases = Phases(board, lost)
    b, stop = _declared(board, None, None, backend, Deadline(time_limit), BeforeDamage(),
                        lost, phases=phases)
    logs = [log for log in phases.stack.log if log.resolved]
    used = list(phases.stack.used)
    if stop is not None:
        return None, stop, logs, used
    stage = first_stage(b, lost) if logs else None
    if stage is None:  # nothing resolved, or the game ended before damage (104.2a)
        return None, None, [], []
    return step_board(b, stage, None)[0], None, logs, used


def judge_declarations(board: Any, attacks: Optional[Mapping] = None,
                       blocks: Optional[Mapping] = None, *, backend: str = "auto",
                       time_limit: Optional[float] = None, judge_blocks: bool = True
                       ) -> Optional[Stop]:
    """One verdict for one declaration (spec Extension 3): the declarations of a
    question -- ``attacks``/``blocks`` given (flags), else the board's own -- judged
    exactly as ``combat`` judges them: the attacks (508.1) on the board before them,
    then, after the attack triggers have resolved (508.3), the blocks (509.1; a board
    that declares attacks and no blocks declares that no creature blocks). None when
    every declaration is legal (or, on a board in a combat damage step, a fact:
    :func:`in_damage_step`); else the first one that is illegal or unsettled, with the
    violations and their rules as ``check`` gives them. ``judge_blocks`` False: a board
    without blocks leaves them open (``turn``), only its attacks are judged."""
    if attacks is None and board.attacks is None:
        return None
    _, stop = _declared(board, attacks, blocks, backend, Deadline(time_limit),
                        BeforeDamage(), [], judge_blocks=judge_blocks)
    return stop


def _declared(board: Any, attacks: Optional[Mapping], blocks: Optional[Mapping],
              backend: str, deadline: Deadline, pre: "BeforeDamage", lost: list[str],
              judge_blocks: bool = True, phases: Optional[Phases] = None
              ) -> tuple[Any, Optional[Stop]]:
    """The board with its declarations made and their triggers resolved (into ``pre``
    and ``lost``; the combat's ``phases``), each declaration judged first (508.1, 509.1)
    -- the given ones, and the board's own unless it stands in a combat damage step --
    or the first that stops the combat. The board stands as the combat phase begins
    (spec Extension 3): the beginning of combat happens before the attacks are judged
    (507.2), the attack declaration's triggers and tricks before the blocks are."""
    phases = phases if phases is not None else Phases(board, lost)
    # A board in a combat damage step shows what its declarations and their triggers
    # did: its declarations are facts and no trigger resolves again.
    fresh = not in_damage_step(board)
    if attacks is None and board.attacks is None:
        raise BoardError(reason("error.combat_no_attacks", None, where=("attacks",)))
    b, stop = board, None
    if fresh:
        b, stop = _attacks_declared(board, attacks, blocks, backend, deadline, lost, phases)
    elif attacks is not None:
        before = board.evolve(attacks=None, blocks=None, damage_order=None, damage_step=None,
                              blocked=None, first_strikers=None, target_left=None, bands=())
        carry(board, before)
        v = _judged(before, before, "attacks", attacks, backend, deadline)
        if v.legal is not True:
            return board, Stop("attacks", v, before)
        b = before.with_attacks(attacks)
        carry(before, b)
    if stop is None and not game_over(b, lost) and (blocks is not None or fresh):
        b, stop = _blocks_declared(board, b, blocks, backend, deadline, lost, phases,
                                   fresh, judge_blocks)
    elif stop is None and b.blocks is None:
        # 104.2a: nobody declares blockers any more; in a combat damage step the
        # board's blocks are facts (none given: none).
        b = b.derive(blocks={})
    _into(pre, phases)
    return b, stop


def _judged(original: Any, on: Any, kind: str, decl: Mapping, backend: str,
            deadline: Deadline) -> Any:
    """The verdict on a declaration of ``kind`` made on ``on`` (``original`` with the
    steps before it carried out): illegal when it names what left the battlefield in the
    meantime (400.7, 508.1a, 509.1a, 506.4), else as ``check`` judges it."""
    from .declarations import check, left_before, left_verdict

    left = left_before(original, on, kind, decl)
    if left:
        return left_verdict(kind, decl, left)
    return check(staged(on), kind, decl, backend, deadline.remaining())


def _attacks_declared(board: Any, attacks: Optional[Mapping], blocks: Optional[Mapping],
                      backend: str, deadline: Deadline, lost: list[str], phases: Phases
                      ) -> tuple[Any, Optional[Stop]]:
    """The beginning of combat (507.2), then the attacks judged and declared (508.1) and
    their triggers resolved (508.3); the board's own blocks put back on the board, to be
    judged with the blocks."""
    start = board.evolve(attacks=None, blocks=None, damage_order=None, damage_step=None,
                         blocked=None, first_strikers=None, target_left=None, bands=())
    carry(board, start)
    start = phases.begin(start)  # 507.2
    decl_a = dict(attacks) if attacks is not None else dict(board.attacks or {})
    v = _judged(board, start, "attacks", decl_a, backend, deadline)
    if v.legal is not True:
        return board, Stop("attacks", v, start)
    # The board's own attacks keep their bands (702.22c: formed as they were declared).
    b = start.derive(attacks=decl_a, bands=board.bands if attacks is None else ())
    carry(start, b)
    if not game_over(b, lost):
        b = phases.attacks(b)  # 508.3
    if attacks is None and board.blocks is not None and blocks is None:
        # the board's own blocks (one naming a creature that left the battlefield in the
        # meantime is illegal, 509.1a)
        decl_b = {k: list(v) for k, v in board.blocks.items()}
        from .declarations import left_before, left_verdict

        left = left_before(board, b, "blocks", decl_b)
        if left:
            return b, Stop("blocks", left_verdict("blocks", decl_b, left), b)
        nb = b.derive(blocks=dict(board.blocks), damage_order=board.damage_order)
        carry(b, nb)
        b = nb
    return b, None


def _blocks_declared(board: Any, b: Any, blocks: Optional[Mapping], backend: str,
                     deadline: Deadline, lost: list[str], phases: Phases, fresh: bool,
                     judge_blocks: bool) -> tuple[Any, Optional[Stop]]:
    """The blocks -- given, or ``b``'s own -- judged (509.1) and declared, and their
    triggers resolved (509.2a) on a fresh board; ``judge_blocks`` False leaves a board
    without blocks open (``turn``)."""
    own = blocks is None
    if own and b.blocks is None and not judge_blocks:
        return b, None
    decl: Mapping = ({k: list(v) for k, v in (b.blocks or {}).items()} if blocks is None
                     else blocks)
    before = b.derive(blocks=None, damage_order=None, damage_step=None, blocked=None,
                      first_strikers=None)
    carry(b, before)
    v = _judged(board if fresh else before, before, "blocks", decl, backend, deadline)
    if v.legal is not True:
        return b, Stop("blocks", v, before)
    if not own or b.blocks is None:
        # (the board's own blocks stay with its damage assignment order, "2024")
        b = before.derive(blocks={k: tuple(v) for k, v in decl.items()})
        carry(before, b)
    if fresh and not game_over(b, lost):
        b = phases.blocks(b)  # 509.2a
    return b, None


def _into(pre: "BeforeDamage", phases: Phases) -> None:
    """What resolved before combat damage, into ``pre``: keyword triggers (its older
    shape), what the state-based actions of those steps did and who lost in which step."""
    pre.triggers.clear()
    for log in phases.stack.log:
        for res in log.resolved:
            if res.keyword is not None:
                pre.triggers.append(res.keyword)
            pre.triggers.extend(res.keywords)
        pre.sba.gone.update(log.sba.gone)
        pre.sba.lost.update(log.sba.lost)
        for p in log.sba.lost:
            pre.lost_in.setdefault(p, log.step)


@dataclass
class BeforeDamage:
    """What happened between the declarations and the first combat damage step: the
    triggers that resolved and the state-based actions after them."""

    triggers: list[Trigger] = field(default_factory=list)
    sba: StateBased = field(default_factory=StateBased)
    #: The step each player who lost lost in: "declare attackers" (attack triggers,
    #: 508.3) or "declare blockers" (block triggers, 509.3).
    lost_in: dict[str, str] = field(default_factory=dict)

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
                     lost: list[str], step: str = "declare attackers") -> Any:
    """Resolve ``triggers`` (of ``step``) in order, state-based actions after each
    (704.3)."""
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
        for p in sb.lost:
            pre.lost_in.setdefault(p, step)
        lost += sorted(sb.lost)
        board = nb2
    return board


def declare(board: Any, attacks: Optional[Mapping], blocks: Optional[Mapping], pre: "BeforeDamage",
            lost: list[str]) -> Any:
    """The board with ``attacks`` (if given) declared and their triggers resolved, then
    ``blocks`` (if given) and theirs -- unchecked: for declarations known to be legal."""
    b = board
    # A board declared before (its attacks, for the blocks now) goes on with its combat's
    # phases: what its steps set up (delayed abilities, 603.7) is still to come.
    before = board.__dict__.get("_game_phases")
    phases = before.fork(lost) if before is not None else Phases(board, lost)
    if before is not None:
        phases.stack.lost = lost
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
    _into(pre, phases)
    # A search of the combat damage steps (questions.game) goes on with these phases:
    # what the damage triggers, delayed abilities set up (603.7), end of combat (511.2).
    return with_game_phases(b, phases)


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
    elif current.damage_step is None and current.first_strikers is None:
        # No first-strike step (510.4): the board of the one combat damage step says so
        # (it stands in a combat damage step, :func:`in_damage_step`).
        stepboard = current.derive(damage_step="regular")
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
    if "effect_readings" in old.__dict__ and _same_texts(old.effects, new.effects):
        new.__dict__["effect_readings"] = old.effect_readings


def _same_texts(old: Sequence[Any], new: Sequence[Any]) -> bool:
    """Whether two boards' effects read alike: the same effects, perhaps with more of
    their objects gone (400.7; what a gone object's abilities say is dropped as the
    board is bound, not as the text is read)."""
    return len(old) == len(new) and all(
        (a.text, a.controller, a.targets, a.source, a.modes, a.step)
        == (b.text, b.controller, b.targets, b.source, b.modes, b.step) for a, b in zip(old, new))


def game_over(board: Any, lost: Sequence[str]) -> bool:
    """104.2a: the game is over for this combat when the attacking player (or team) has
    lost or every opponent has."""
    if any(board.teammates(p, board.active_player) for p in lost):
        return True
    opponents = board.opponents(board.active_player)
    return bool(opponents) and all(p in lost for p in opponents)


def _end_of_combat(board: Any, start: Any, logs: Any = (), declared: Any = ()) -> Any:
    """511.3: creatures removed from combat; 508.1f: attackers without vigilance were
    tapped as they attacked -- ``declared``, those removed from combat since included
    (506.4: leaving combat untaps nothing) -- unless a spell or ability tapped or untapped
    them after that (701.26b: Maze of Ith untaps an attacker, Reconnaissance removes one
    from combat and untaps it; the board already holds their state)."""
    touched = {o for log in logs if log.step != "beginning of combat"
               for r in log.resolved for x in r.outcome
               if x.code in ("stack.tap", "stack.untap") for o in x.objects}
    tapped = {a for a in set(start.attacks or {}) | set(declared)
              if start.has_object(a) and not start.bound.has_keyword(a, "vigilance")
              and a not in touched}
    perms = []
    from dataclasses import replace

    from ..rules.results import effects_after_leaving

    # What attackers attacked and has left (kept for them, 506.4c) goes with combat.
    ghosts = {(board.attacks or {}).get(a) for a in (board.target_left or ())}
    left = set()
    for p in board.permanents:
        if p.id in ghosts and p.id not in (start.target_left and
                                           {start.attacks[a] for a in start.target_left} or ()):
            left.add(p.id)
            continue
        perms.append(replace(p, tapped=True) if p.id in tapped and not p.tapped else p)
    # Spells and abilities of the combat's steps have resolved (or were never cast), and
    # the choices were this combat's (spec Extension 3).
    effects = tuple(e for e in effects_after_leaving(board.effects, left) if e.step is None)
    after = board.evolve(permanents=tuple(perms), attacks=None, blocks=None,
                         damage_order=None, damage_step=None, blocked=None,
                         first_strikers=None, target_left=None, bands=(),
                         effects=effects, choices=(), stack=False)
    carry(board, after)
    return after


def _not_modelled(board: Any) -> list[Reason]:
    """Sentences of the board's texts not understood that act in combat (triggers this
    combat does not carry out): reported, never silently dropped."""
    from .phases import not_carried_out

    # triggers, and static abilities and keywords that can act in combat (issue 26.5)
    out = [reason("combat.not_modelled", None, (), source=n["source"], sentence=n["sentence"])
           for n in not_carried_out(board)]
    # 702.39a: provoke's block requirement is an effect the board gives, not resolved here.
    out += [reason("combat.provoke", "702.39a", (a,), creature=a)
            for a in sorted(board.attacks or {}) if board.bound.has_keyword(a, "provoke")
            and not _has_rule_trigger(board, a, "provoke")]
    # 702.147a: decayed's "sacrifice it at end of combat" is carried out by the stack.
    return out


def _statics_that_left(board: Any, after: Any, listed: Sequence[Reason]) -> list[Reason]:
    """611.3a: a static ability's effect ends when its source leaves the battlefield. The
    board's power, toughness and types are the current values, the effects of the board's
    static abilities included (613.4c: "Creatures you control get +1/+1.", read with
    nothing to apply; "Forests you control are 1/1 ... creatures", not read): when their
    source leaves during the combat -- destroyed by a trick, dead in a first-strike step,
    sacrificed -- the values it gave the others are no longer right, and this combat
    doesn't take them away. Each such sentence is said in ``not_modelled``, never left
    silent: a lord that dies, an Anthem destroyed after blocks. (An Aura gone with the
    creature it enchanted leaves nothing changed behind.)"""
    there = {p.id for p in after.permanents} if after is not None else set()
    said = {(r.get("source"), r.get("sentence")) for r in listed
            if r.code == "combat.not_modelled"}
    out: list[Reason] = []
    for p in board.permanents:
        reading = board.readings.get(p.id)
        if p.id in there or reading is None or (p.attached_to and p.attached_to not in there):
            continue
        sentences = [u.sentence for u in reading.understood if _static_pt(u.sentence, p.name)]
        sentences += [n for n in reading.not_understood if _static(n)]
        out += [reason("combat.static_left", "611.3a", (p.id,), source=p.id, sentence=n)
                for n in sentences if (p.id, n) not in said]
    return out


def _static(sentence: str) -> bool:
    """A sentence of a static ability: neither triggered (603.1: "when", "whenever", "at")
    nor activated (602.1: a cost, then a colon)."""
    s = sentence.strip()
    head = s.split(" ", 1)[0].lower()
    return head not in ("when", "whenever", "at") and ":" not in s.split('"', 1)[0]


def _static_pt(sentence: str, name: str) -> bool:
    """Whether a sentence understood holds a static change of the power and toughness of
    others -- "Creatures you control get +1/+1.", "Enchanted creature gets +2/+0 and has
    trample.": its clause up to the change, read by the grammar, is understood with nothing
    to apply (613.4c: the board's values hold it), and is about others."""
    import re

    from ..grammar.oracle import read_text

    s = sentence.strip()
    m = re.search(r"\bgets? [+-][0-9X]+/[+-][0-9X]+", s)
    if not m or s.startswith((name, "~")) or not _static(s):
        return False
    r = read_text(s[:m.end()] + ".", name)
    return bool(r.understood) and not r.not_understood and not any(u.abilities
                                                                   for u in r.understood)


def _has_rule_trigger(board: Any, cid: str, keyword: str) -> bool:
    """Whether ``cid`` has the triggered ability of its keyword (provoke 702.39a, decayed
    702.147a) among its own abilities -- read with the keyword from its text (a keyword
    granted by another permanent's text comes without it: named in ``not_modelled``)."""
    from ..grammar.oracle.fast import rule_triggers
    from ..rules.triggered import Triggered

    mine = set(rule_triggers(keyword))
    return bool(mine) and any(inst.source.kind == "permanent" and inst.source.permanent == cid
                              and inst.ability in mine
                              for inst in board.bound.of_type(Triggered))
