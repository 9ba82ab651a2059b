"""Combat damage (510.1): the legal assignments of a step, the best one for each
player, and one assignment checked.

The rules of the step come from :mod:`mtgcombat.rules.damage`; the enumeration and
optimisation from :mod:`mtgcombat.solver.damage` (CP-SAT). The answers hold data
only; :meth:`DamageAnswer.to_json` gives the spec's shape (plain rule numbers of
the board's edition) and :meth:`DamageAnswer.view` the same with rules cited by the
writer as human answers cite them ("old 510.1c" under the 2024 rules, "alte Regel
510.1c" in German). The text layer renders the typed answers themselves.

"Best for each player": the players assign in turn (510.1: the active player first,
then each defending player in turn order), and each player's best part is the best
*given the parts chosen before it* -- the earlier players' best parts, as they were
chosen. So the best of a later player assumes the earlier players played their best;
an earlier player's best never assumes anything about a later one (their damage does
not exist yet when the earlier part is judged, 510.1e). Among parts that are equally
good, a player's is the first found with the creatures taken in the board's order of
permanents (never by id): the answer is a function of the board alone -- renaming
every id renames the answer and changes nothing else (tests/test_trust.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Sequence

from ..rules.damage import (
    DamageStep, DamageViolation, ObjectiveFn, covered_players, damage_dealt_to,
    damage_step, destroyed_by, evaluate, normalise, order_witness,
)
from ..solver.base import Deadline, SolverTimeout
from ..solver.damage import best_all, enumerate_assignments, feasible_completion
from . import JsonView

if TYPE_CHECKING:  # pragma: no cover
    from ..text import Writer

Assignment = dict[str, dict[str, int]]


def sorted_assignment(a: Mapping[str, Mapping[str, int]]) -> Assignment:
    """An assignment as the answers give it: sources and recipients sorted, sources
    that assign nothing left out."""
    return {s: dict(sorted(d.items())) for s, d in sorted(a.items()) if d}


@dataclass
class BestPart:
    """A player's best part of the step's assignment (see the module docstring)."""

    player: str
    assignment: Assignment
    destroyed: list[str]
    damage_to: dict[str, int]
    objective: tuple[int, ...]
    damage_order: Optional[dict[str, list[str]]] = None

    def to_json(self) -> dict:
        out: dict[str, Any] = {"assignment": self.assignment, "destroyed": self.destroyed,
                               "damage_to": self.damage_to, "objective": list(self.objective)}
        if self.damage_order is not None:
            out["damage_order"] = self.damage_order
        return out


def _rules(step: DamageStep, rules: Sequence[str], human: bool, w: "Writer") -> str:
    """The rules a source's damage follows: "510.1c and 702.19b" in the JSON answer (as
    it always was), cited and comma-separated for words in any language."""
    if human:
        return ", ".join(w.cite(r) for r in rules)
    return " and ".join(rules)


def sources_json(step: DamageStep, w: "Writer", human: bool = False) -> dict:
    """Every creature that assigns damage in the step: role, power, who assigns it, where
    its damage may go (with what it takes: lethal damage, loyalty, defense) and why."""
    ed = step.edition
    out = {}
    for s in step.sources.values():
        out[s.id] = {
            "name": s.name, "role": s.role, "power": s.power, "controller": s.controller,
            "assigner": s.assigner,
            "assigner_rule": w.cite(s.assigner_rule) if human else s.assigner_rule,
            "rule": _rules(step, s.rules, human, w),
            "deathtouch": s.deathtouch, "trample": s.trample,
            "recipients": [
                {"id": r, "name": step.name(r), "kind": step.recipients[r].kind,
                 "threshold": step.recipients[r].threshold,
                 "text": w(step.threshold(r, s))}
                for r in s.all_recipients
            ],
            "damage_order": list(s.order) if s.order else None,
            "order_open": s.ordered and s.order is None,
            # 2024: who announces this creature's damage assignment order: 509.2 for an
            # attacker's blockers, 509.3 for a blocker's attackers.
            "order_chooser": s.order_chooser,
            "order_rule": (_rules(step, (ed.order_rule(s.role),), human, w) if s.ordered
                           else None),
            "free_division": s.free_reason,
            "as_though_unblocked": list(s.unblocked_recipients) if s.unblocked_recipients else None,
        }
    return out


def silent_json(step: DamageStep, w: "Writer", human: bool = False) -> list[dict]:
    return [{"id": s.id, "name": step.name(s.id),
             "rule": w.cite(s.rule) if human else s.rule, "reason": w(s.why)}
            for s in step.silent.values()]


def violations_json(step: DamageStep, vs: Sequence[DamageViolation], w: "Writer",
                    human: bool = False) -> list[dict]:
    return [{"rule": w.cite(v.rule) if human else v.rule, "message": w(v.why),
             "objects": list(v.objects)} for v in vs]


# ---------------------------------------------------------------------------------------
# The legal assignments and the best ones
# ---------------------------------------------------------------------------------------


@dataclass
class DamageAnswer(JsonView):
    """The spec's ``damage`` answer: the legal assignments (up to a limit) and the best
    one for each player who assigns."""

    step: DamageStep
    status: str
    assignments: list[Assignment]
    best: dict[str, BestPart] = field(default_factory=dict)
    #: When the board's own declarations are illegal (status "illegal") or unsettled:
    #: the verdict (:class:`mtgcombat.questions.combat.Stop`); no assignment is listed.
    declaration: Any = None
    #: What the stack did in the steps before this one (a board standing as the combat
    #: phase begins: :func:`mtgcombat.questions.combat.at_damage`), and the choices used.
    before: list = field(default_factory=list)
    choices: list = field(default_factory=list)

    @property
    def rules(self) -> str:
        return self.step.board.rules

    def orders(self, a: Assignment) -> dict[str, list[str]]:
        """"2024": the damage assignment orders an assignment relies on (those the board
        leaves open)."""
        return order_witness(self.step, a)

    def _json(self, w: "Writer", human: bool) -> dict:
        out = self._step_json(w, human)
        if self.before or self.choices:
            # spec Extension 3: what resolved before this step, and the choices used
            from .logs import stack_log_json

            out["stack"] = [stack_log_json(log, w) for log in self.before]
            out["choices"] = [dict(c.to_json(), message=w(c.reason())) for c in self.choices]
        return out

    def _step_json(self, w: "Writer", human: bool) -> dict:
        step = self.step
        return {
            "rules": self.rules,
            "step": step.step,
            "status": self.status,
            "assignments": [{"assignment": a, "damage_order": self.orders(a)}
                            for a in self.assignments],
            "best": {p: b.to_json() for p, b in self.best.items()},
            "sources": sources_json(step, w, human),
            "silent": silent_json(step, w, human),
            "assigners": list(step.players),
            "names": {rid: r.name for rid, r in step.recipients.items()},
            "violations": (self.declaration.violations_json(w)
                           if self.declaration is not None else []),
        }

    def to_json(self, w: "Writer") -> dict:
        """The spec's JSON: rule numbers plain, in the board's edition."""
        return self._json(w, False)

    def view(self, w: "Writer") -> dict:
        """The same data with rules cited as human answers cite them ("old 510.1c")."""
        return self._json(w, True)


def damage_answer(board: Any, bound: Any = None, limit: Optional[int] = 1000,
                  time_limit: Optional[float] = None, objective: Optional[ObjectiveFn] = None,
                  blocked: Sequence[str] = (), first_strikers: Optional[Sequence[str]] = None,
                  target_left: Sequence[str] = (),
                  deadline: Optional[Deadline] = None, backend: str = "auto",
                  judge: Optional[Callable[..., Any]] = None) -> DamageAnswer:
    """The legal assignments of the step (up to ``limit``) and the best one for each
    player who assigns. ``objective(step, player)`` replaces the default ranking (most
    opposing creatures destroyed, then most damage); see :mod:`mtgcombat.rules.damage`.
    ``blocked``, ``first_strikers`` and ``target_left`` are as for
    :func:`~mtgcombat.rules.damage.damage_step` (by default the board's own).

    One verdict for one declaration (spec Extension 3): unless the board stands in a
    combat damage step (:func:`mtgcombat.questions.combat.in_damage_step`), its
    ``attacks`` and ``blocks`` are judged first, as ``combat`` judges them, by ``judge``
    (:func:`mtgcombat.questions.combat.at_damage`, which :meth:`Board.damage
    <mtgcombat.board.Board.damage>` passes; None: taken as facts); illegal ones answer
    ``status: "illegal"`` with the violations and no assignment. The triggers and tricks
    of the steps before combat damage are carried out first, as ``combat`` carries them
    out: the step is the one ``combat`` would reach."""
    bound = bound if bound is not None else board.bound
    deadline = deadline or Deadline(time_limit)
    step = damage_step(board, bound, blocked, first_strikers, target_left)
    # (a board of the rules model alone, without its texts read, is taken as it is)
    if judge is not None and hasattr(board, "problem") and not blocked \
            and first_strikers is None and not target_left:
        try:
            at, stop, logs, used = judge(board, backend=backend,
                                         time_limit=deadline.remaining())
        except SolverTimeout:
            return DamageAnswer(step, "unknown", [], {})
        if stop is not None:
            return DamageAnswer(step, stop.status, [], {}, declaration=stop, before=logs,
                                choices=used)
        if at is not None:
            # the step as it begins, after what resolved before it (spec Extension 3)
            out = damage_answer(at, at.bound, limit, None, objective, at.blocked or (),
                                at.first_strikers, at.target_left or (), deadline, backend)
            out.before, out.choices = logs, used
            return out
    status, found = enumerate_assignments(step, None if limit is None else max(limit, 0),
                                          deadline)
    assignments = sorted((sorted_assignment(a) for a in found), key=_assignment_key)
    if limit is not None and len(assignments) > limit:
        assignments = assignments[:limit]
        if status == "complete":
            status = "truncated"
    best: dict[str, BestPart] = {}
    if status != "unknown":
        try:
            for p, (part, val) in best_all(step, objective, deadline).items():
                best[p] = BestPart(p, sorted_assignment(part), [],
                                   damage_dealt_to(step, part, p), tuple(val))
        except SolverTimeout:
            status, best = "unknown", {}
    # destroyed: with the parts of players who assigned before (visible damage).
    whole: dict = {}
    for p in step.players:
        if p not in best:
            continue
        whole.update(best[p].assignment)
        for s in step.sources_of(p):
            whole.setdefault(s.id, {})
        best[p].destroyed = destroyed_by(step, whole, p)
        if step.edition.has_order:
            best[p].damage_order = {
                k: v for k, v in order_witness(step, whole).items()
                if step.sources[k].assigner == p
            }
    return DamageAnswer(step, status, assignments, best)


def _assignment_key(a: Assignment) -> str:
    import json

    return json.dumps(a, sort_keys=True, ensure_ascii=False)


# ---------------------------------------------------------------------------------------
# One assignment
# ---------------------------------------------------------------------------------------


@dataclass
class DamageVerdict(JsonView):
    """The spec's ``check`` answer for one damage assignment (judged as the whole
    assignment of the players whose creatures it names, 510.1e)."""

    step: DamageStep
    assignment: Assignment
    players: list[str]
    legal: Optional[bool]
    status: str
    violations: list[DamageViolation]
    #: "2024": the damage assignment orders a legal assignment relies on.
    damage_order: Optional[dict[str, list[str]]] = None
    #: A legal whole assignment extending this one, when players who assign before
    #: were left out and their damage makes it legal.
    completion: Optional[Assignment] = None
    #: What the stack did before the step, and the choices used (as for DamageAnswer).
    before: list = field(default_factory=list)
    choices: list = field(default_factory=list)
    #: When the board's own declarations are illegal (or unsettled), the combat never
    #: reaches this step: the declarations' verdict (:class:`mtgcombat.questions.combat.
    #: Stop`), and the assignment is not legal (spec Extension 3: one verdict for one
    #: declaration, as ``damage`` and ``combat`` give it).
    declaration: Any = None

    @property
    def rules(self) -> str:
        return self.step.board.rules

    def __repr__(self) -> str:
        """One line: the assignment in notation and the verdict."""
        from ..notation import Assignment as Notation

        text = Notation(self.assignment).notation()
        if self.legal is None:
            verdict = "unknown (the time limit ran out)"
        elif self.legal:
            verdict = "legal"
        else:
            rules = sorted({str(v.rule) for v in self.violations})
            n = len(self.violations)
            verdict = f"illegal ({', '.join(rules)}), {n} violation{'' if n == 1 else 's'}"
        return f"<DamageVerdict {text!r}: {verdict}>"

    def _json(self, w: "Writer", human: bool) -> dict:
        out: dict[str, Any] = {
            "legal": self.legal,
            "violations": (self.declaration.violations_json(w)
                           if self.declaration is not None
                           else violations_json(self.step, self.violations, w, human)),
            # Combat damage knows no requirements: 0 obeyed of at most 0 (the spec's
            # shape); the human view has none.
            "requirements_obeyed": None if human else 0,
            "max_requirements": None if human else 0,
            "witness": None,
            "rules": self.rules,
            "step": self.step.step,
            "status": self.status,
            "assignment": self.assignment,
            "players": self.players,
            "sources": sources_json(self.step, w, human),
            "names": {rid: r.name for rid, r in self.step.recipients.items()},
        }
        if self.damage_order is not None:
            out["damage_order"] = self.damage_order
        if self.completion is not None:
            out["completion"] = self.completion
        if self.before or self.choices:
            from .logs import stack_log_json

            out["stack"] = [stack_log_json(log, w) for log in self.before]
            out["choices"] = [dict(c.to_json(), message=w(c.reason())) for c in self.choices]
        return out

    def to_json(self, w: "Writer") -> dict:
        return self._json(w, False)

    def view(self, w: "Writer") -> dict:
        return self._json(w, True)


#: Rules whose violation is about the shape of the assignment, which no damage of other
#: players can mend.
_STRUCTURAL = ("510.1", "510.1a", "510.4", "702.7b")


def check_damage(board: Any, assignment: Mapping, bound: Any = None,
                 time_limit: Optional[float] = None, blocked: Sequence[str] = (),
                 first_strikers: Optional[Sequence[str]] = None,
                 target_left: Sequence[str] = ()) -> DamageVerdict:
    """Whether one damage assignment is legal. Unknown ids and malformed amounts are
    :class:`~mtgcombat.rules.model.BoardError`."""
    bound = bound if bound is not None else board.bound
    deadline = Deadline(time_limit)
    step = damage_step(board, bound, blocked, first_strikers, target_left)
    a = normalise(step, assignment)
    covered = covered_players(step, a)
    players = [p for p in step.players if p in covered]
    viols = evaluate(step, a, players)
    status = "complete"
    completion = None
    structural = [v for v in viols if v.rule in _STRUCTURAL
                  or v.why.code == "damage.bad_recipient"]
    if viols and not structural and players:
        # Players who assign before a covered player and are not covered themselves are
        # free (spec); their damage may make the covered part legal.
        last = max(step.rank(p) for p in players)
        free_before = [p for p in step.players if p not in covered and step.rank(p) < last]
        if free_before:
            try:
                completion = feasible_completion(step, a, players, deadline)
            except SolverTimeout:
                status = "unknown"
            if completion is not None:
                viols = []
    legal: Optional[bool] = not viols and status == "complete"
    if status == "unknown":
        legal = None  # never guessed
    out = DamageVerdict(step, sorted_assignment(a), players, legal, status, viols)
    if legal and step.edition.has_order:
        wit = completion if completion is not None else a
        out.damage_order = {
            k: v for k, v in order_witness(step, wit).items()
            if step.sources[k].assigner in players
        }
    if completion is not None:
        out.completion = sorted_assignment(completion)
    return out


__all__ = ["BestPart", "DamageAnswer", "DamageVerdict", "check_damage", "damage_answer",
           "sorted_assignment"]
