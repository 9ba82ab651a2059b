"""The turn (spec Extension 2: ``mtgcombat turn``): its phases and steps in order (500-514),
for one board, with whether each step happens and why not, and what happens in it.

A teaching timeline: the turn-based actions of each step (untap 502.3, draw 504.1,
declaring attackers 508.1 and blockers 509.1, combat damage 510, removing creatures from
combat 511.3, discarding to hand size 514.1, damage wearing off 514.2), the triggers
the board's texts name for the step (cumulative upkeep 702.24, "at the beginning of ..."
sentences, which are reported, not carried out), and -- where the board settles it --
the combat itself through :func:`mtgcombat.questions.combat.combat`.

Which steps happen (500.1, 500.2): every step of the beginning and ending phases and
both main phases; the combat phase's declare blockers and combat damage steps only when
creatures attack (508.8); the first-strike combat damage step only when an attacking or
blocking creature has first strike or double strike (510.4). The board says who
attacks (its ``attacks``); without it, the only legal attack declaration is assumed
when there is exactly one, and otherwise whether those steps happen depends on the
declaration (``happens`` is then ``None``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional

from ..rules.reasons import Reason, reason
from . import JsonView

if TYPE_CHECKING:  # pragma: no cover
    from ..text import Writer

#: (phase, step, rule) in order (500.1).
STEPS: tuple[tuple[str, str, str], ...] = (
    ("beginning", "untap", "502"),
    ("beginning", "upkeep", "503"),
    ("beginning", "draw", "504"),
    ("precombat main", "precombat main", "505"),
    ("combat", "beginning of combat", "507"),
    ("combat", "declare attackers", "508"),
    ("combat", "declare blockers", "509"),
    ("combat", "first-strike combat damage", "510.4"),
    ("combat", "combat damage", "510"),
    ("combat", "end of combat", "511"),
    ("postcombat main", "postcombat main", "505"),
    ("ending", "end", "513"),
    ("ending", "cleanup", "514"),
)

#: Maximum hand size (402.2).
HAND_SIZE = 7


@dataclass
class TurnStep:
    phase: str
    step: str
    rule: str
    happens: Optional[bool]
    what: list[Reason] = field(default_factory=list)
    why_not: Optional[Reason] = None

    def to_json(self, w: "Writer") -> dict:
        out: dict[str, Any] = {"phase": self.phase, "step": self.step, "rule": self.rule,
                               "happens": self.happens, "what": [w(r) for r in self.what]}
        if self.why_not is not None:
            out["why_not"] = w(self.why_not)
        return out


@dataclass
class TurnAnswer(JsonView):
    board: Any
    steps: list[TurnStep]
    #: The combat, when the board settles the declarations.
    combat: Any = None
    #: "complete"; "illegal" when the board's declarations are (no step is told, only
    #: the violations); "unknown" when their legality was not settled in time.
    status: str = "complete"
    #: The declaration that is illegal or unsettled
    #: (:class:`mtgcombat.questions.combat.Stop`).
    declaration: Any = None

    @property
    def rules(self) -> str:
        return self.board.rules

    @property
    def violations(self) -> list:
        """(rule, reason, objects) of each violation of an illegal declaration."""
        return self.declaration.violations if self.declaration is not None else []

    def to_json(self, w: "Writer") -> dict:
        return {"rules": self.rules, "active_player": self.board.active_player,
                "status": self.status,
                "violations": (self.declaration.violations_json(w)
                               if self.declaration is not None else []),
                "steps": [s.to_json(w) for s in self.steps]}


def turn(board: Any, time_limit: Optional[float] = None, backend: str = "auto") -> TurnAnswer:
    """The turn of ``board``'s active player, step by step (see the module docstring)."""
    from ..solver.base import Deadline

    deadline = Deadline(time_limit)
    start = board.evolve(attacks=None, blocks=None, damage_order=None, damage_step=None,
                         blocked=None, first_strikers=None, target_left=None, bands=())
    attacks, assumed, n_attacks = _attacks_of(board, start, backend, deadline)
    stop, fight = _combat_of(board, attacks, backend, deadline)
    if stop is not None:
        return stop
    course = _Course(board, board.active_player, attacks, assumed, n_attacks, fight,
                     _told(board, start, attacks, fight),
                     None if attacks is None else bool(attacks),
                     _first_strike_step(start, attacks, fight, board.active_player))
    # 104.2a: the game ends as soon as the attacking player (team) has lost or every
    # opponent has; no later step happens, nor the rest of the step it ended in.
    ended: Optional[tuple[str, tuple[str, ...]]] = _game_end(board, fight)
    steps: list[TurnStep] = []
    over = False
    for phase, name, rule in STEPS:
        st = TurnStep(phase, name, rule, True)
        if over:
            assert ended is not None
            st.happens = False
            st.why_not = reason("turn.game_over", "104.2a", ended[1], players=ended[1],
                                step=ended[0])
        else:
            over = ended is not None and ended[0] == name
            _STEP_ACTIONS[name](course, st)
        steps.append(st)
    return TurnAnswer(board, steps, fight)


def _attacks_of(board: Any, start: Any, backend: str, deadline: Any
                ) -> tuple[Optional[dict], bool, Optional[int]]:
    """The attacks the turn goes on with: the board's, or the only legal declaration
    (assumed); and how many declarations there are when the board declares none (1 or
    2 meaning "several"; None when not listed in time)."""
    from ..solver.base import SolverTimeout
    from .declarations import list_declarations

    attacks = board.attacks
    if attacks is not None:
        return attacks, False, None
    try:
        listing = list_declarations(start, "attacks", limit=2, backend=backend,
                                    time_limit=deadline.remaining())
    except SolverTimeout:
        return None, False, None
    if listing.status != "complete":
        return None, False, None
    n_attacks = len(listing.declarations)
    if n_attacks == 1:
        return dict(listing.declarations[0].declaration), True, n_attacks
    return None, False, n_attacks


def _combat_of(board: Any, attacks: Optional[dict], backend: str, deadline: Any
               ) -> tuple[Optional[TurnAnswer], Any]:
    """The combat when the board settles it (or None), or the answer that stops the turn
    at an illegal or unsettled declaration."""
    from ..solver.base import SolverTimeout
    from .combat import combat as resolve
    from .combat import judge_declarations

    known_blocks = board.attacks is not None and board.blocks is not None
    # One verdict for one declaration (spec Extension 3): the board's attacks and blocks
    # are judged as combat judges them; blocks the board doesn't declare are still open.
    if board.attacks is not None and not known_blocks:
        stop = judge_declarations(board, backend=backend, time_limit=deadline.remaining(),
                                  judge_blocks=False)
        if stop is not None:
            return TurnAnswer(board, [], None, stop.status, stop), None
    if not (attacks and known_blocks):
        return None, None
    try:
        fight = resolve(board, time_limit=deadline.remaining(), backend=backend)
    except SolverTimeout:
        return None, None
    if fight.status == "illegal" and not fight.steps:
        return TurnAnswer(board, [], None, "illegal", _Judged(fight.violation_reasons)), None
    return None, fight if fight.status == "complete" else None


def _told(board: Any, start: Any, attacks: Optional[dict], fight: Any) -> Any:
    """What tells what resolved in each step: the combat; without it, the steps before
    the blocks, which still happen (issue 26)."""
    if fight is not None or not attacks:
        return fight
    from .phases import as_declared, phases_of

    staged = as_declared(board if board.attacks is not None
                         else start.with_attacks(attacks), "blocks")
    ran = phases_of(staged)
    return _Told(list(ran.stack.log)) if ran is not None else None


def _first_strike_step(start: Any, attacks: Optional[dict], fight: Any, ap: str
                       ) -> Optional[bool]:
    """Whether there is a first-strike combat damage step (510.4); None when it depends
    on the blocks."""
    if fight is not None:
        return any(s.step == "first" for s in fight.steps) or (
            not fight.steps and _has_first_strike(fight.start))
    if not attacks:
        return None
    declared = start.with_attacks(attacks)
    if _has_first_strike(declared):
        return True
    if not any(_strikes_first(declared, p.id) for p in declared.permanents
               if p.is_creature and p.controller != ap):
        return False  # no creature that could block has it either
    return None


@dataclass
class _Course:
    """What the turn's steps are told from."""

    board: Any
    ap: str
    attacks: Optional[dict]
    assumed: bool
    n_attacks: Optional[int]
    fight: Any
    told: Any
    attacking: Optional[bool]
    first: Optional[bool]


def _untap(c: _Course, st: TurnStep) -> None:
    st.what.append(reason("turn.untap", "502.3", (c.ap,), player=c.ap))


def _upkeep_step(c: _Course, st: TurnStep) -> None:
    st.what.append(reason("turn.upkeep", "503.1", (c.ap,), player=c.ap))
    st.what += _upkeep(c.board)
    st.what += _beginning_of(c.board, "upkeep")


def _draw(c: _Course, st: TurnStep) -> None:
    st.what.append(reason("turn.draw", "504.1", (c.ap,), player=c.ap))
    st.what += _beginning_of(c.board, "draw")


def _main(c: _Course, st: TurnStep) -> None:
    st.what.append(reason("turn.main", "505.1", (c.ap,), player=c.ap,
                          first=st.step == "precombat main"))


def _beginning_of_combat(c: _Course, st: TurnStep) -> None:
    st.what.append(reason("turn.beginning_of_combat", "507.2", (c.ap,), player=c.ap))
    st.what += _beginning_of(c.board, "combat")
    st.what += _resolved(c.told, st.step)


def _declare_attackers(c: _Course, st: TurnStep) -> None:
    if c.attacks is None:
        st.what.append(reason("turn.attacks_open", "508.1", (c.ap,), player=c.ap,
                              n=c.n_attacks))
    else:
        st.what.append(reason("turn.attacks", "508.1", tuple(c.attacks), player=c.ap,
                              attacks=tuple(sorted(c.attacks.items())), assumed=c.assumed))
    st.what += _resolved(c.told, st.step)


def _declare_blockers(c: _Course, st: TurnStep) -> None:
    st.happens = c.attacking
    if c.attacking is False:
        st.why_not = reason("turn.no_attackers", "508.8")
    elif c.attacking and c.fight is None:
        st.what.append(reason("turn.blocks_open", "509.1", ()))
    elif c.attacking and c.fight is not None:
        bl = c.fight.start.blocks or {}
        st.what.append(reason("turn.blocks", "509.1", tuple(bl),
                              blocks=tuple((b, tuple(a)) for b, a in sorted(bl.items())),
                              given=True))
        st.what += _resolved(c.told, st.step)


def _first_strike_damage(c: _Course, st: TurnStep) -> None:
    st.happens = None if c.attacking is None else (c.attacking and c.first)
    if c.attacking is False:
        st.why_not = reason("turn.no_attackers", "508.8")
    elif c.first is False:
        st.why_not = reason("turn.no_first_strike", "510.4")
    elif c.fight is not None:
        st.what += _damage_what(c.fight, "first") + _resolved(c.told, st.step)
    else:
        st.what.append(reason("turn.damage_open", None))


def _combat_damage(c: _Course, st: TurnStep) -> None:
    st.happens = c.attacking
    if c.attacking is False:
        st.why_not = reason("turn.no_attackers", "508.8")
    elif c.fight is not None:
        st.what += _damage_what(c.fight, "regular") + _resolved(c.told, st.step)
    elif c.attacking:
        st.what.append(reason("turn.damage_open", None))


def _end_of_combat(c: _Course, st: TurnStep) -> None:
    st.what += _resolved(c.told, st.step)
    st.what.append(reason("turn.end_of_combat", "511.3"))


def _end(c: _Course, st: TurnStep) -> None:
    st.what.append(reason("turn.end_step", "513.1"))
    st.what += _beginning_of(c.board, "end")


def _cleanup(c: _Course, st: TurnStep) -> None:
    hand = c.board.player(c.ap).hand
    st.what.append(reason("turn.discard", "514.1", (c.ap,), player=c.ap, hand=hand,
                          size=HAND_SIZE, discard=None if hand is None
                          else max(0, hand - HAND_SIZE)))
    st.what.append(reason("turn.damage_wears_off", "514.2"))
    st.what.append(reason("turn.cleanup_again", "514.3a"))


#: What each step tells (the step's turn-based actions, 502-514).
_STEP_ACTIONS = {
    "untap": _untap, "upkeep": _upkeep_step, "draw": _draw,
    "precombat main": _main, "postcombat main": _main,
    "beginning of combat": _beginning_of_combat, "declare attackers": _declare_attackers,
    "declare blockers": _declare_blockers, "first-strike combat damage": _first_strike_damage,
    "combat damage": _combat_damage, "end of combat": _end_of_combat, "end": _end,
    "cleanup": _cleanup,
}


@dataclass
class _Told:
    """What resolved before the blocks when the board doesn't declare them."""

    stack_log: list


@dataclass
class _Judged:
    """The violations of a declaration that combat found illegal (as a Stop gives them)."""

    violations: list
    status: str = "illegal"

    def violations_json(self, w: "Writer") -> list[dict]:
        return [{"rule": rule, "message": w(why), "objects": list(objs)}
                for rule, why, objs in self.violations]


def _resolved(fight: Any, step: str) -> list[Reason]:
    """What resolved in a combat step (issue 26: its triggers and tricks, each with what it
    did; the combat's stack log), as the step's reasons."""
    out: list[Reason] = []
    if fight is None:
        return out
    for log in fight.stack_log:
        if log.step != step:
            continue
        for res in log.resolved:
            if res.item.kind != "keyword":
                out.append(res.head())
            out += res.outcome
    return out


def _game_end(board: Any, fight: Any) -> Optional[tuple[str, tuple[str, ...]]]:
    """The step in which the game ended (104.2a: the attacking player or team lost, or
    every opponent did) and every player who had lost by then; None if it goes on."""
    from .combat import game_over

    if fight is None:
        return None
    events: list[tuple[str, list[str]]] = []
    lost_in = fight.before_damage.lost_in if fight.before_damage is not None else {}
    for step in ("declare attackers", "declare blockers"):
        events.append((step, sorted(p for p, s in lost_in.items() if s == step)))
    for s in fight.steps:
        events.append(("first-strike combat damage" if s.step == "first" else "combat damage",
                       sorted(s.sba.lost)))
    lost: list[str] = []
    for step, players in events:
        lost += [p for p in players if p not in lost]
        if players and game_over(board, lost):
            return step, tuple(lost)
    return None


def _strikes_first(board: Any, c: str) -> bool:
    return board.bound.has_keyword(c, "first strike") or board.bound.has_keyword(
        c, "double strike")


def _has_first_strike(board: Any) -> bool:
    combatants = list(board.attacks or {}) + list(board.blocks or {})
    return any(_strikes_first(board, c) for c in combatants)


def _damage_what(fight: Any, name: str) -> list[Reason]:
    out: list[Reason] = []
    for s in fight.steps:
        if s.step != name:
            continue
        for d in s.dealt:
            out.append(reason("turn.dealt", None, (d.source, d.to), source=d.source, to=d.to,
                              amount=d.amount))
        for p in s.prevented:
            out.append(reason("turn.prevented", p.rule, (p.source, p.to), source=p.source,
                              to=p.to, amount=p.amount))
        for oid, rule in sorted(s.sba.gone.items()):
            out.append(reason("turn.destroyed", rule, (oid,), id=oid))
        for player, rule in sorted(s.sba.lost.items()):
            out.append(reason("turn.lost", rule, (player,), player=player))
    return out


def _upkeep(board: Any) -> list[Reason]:
    """Cumulative upkeep triggers (702.24) of the active player's permanents, when the
    payments question is available."""
    try:
        from .upkeep import upkeep_triggers
    except ImportError:  # pragma: no cover - the payments module is optional here
        return []
    return upkeep_triggers(board)


def _beginning_of(board: Any, step: str) -> list[Reason]:
    """Sentences of the board's texts that trigger at the beginning of ``step`` (or of
    combat): named, not carried out."""
    from ..grammar.triggers import triggers_at

    out = []
    for n in board.not_understood:
        if triggers_at(n["sentence"], step):
            out.append(reason("turn.trigger", None, (), source=n["source"],
                              sentence=n["sentence"]))
    return out
