"""Explanations a player can follow, citing the Comprehensive Rules -- as data.

:func:`explain` asks the same questions as the other commands (the declaration
problem, the listing, the verdict on one declaration, the damage answer) and returns
an :class:`Explanation`: the question, its steps (each a
:class:`~mtgcombat.rules.reasons.Reason`, one line of the narrative; the text layer
writes them, ``explain.*`` templates) and the machine answers it was written from.
There is no second source of truth: every step is built from those answers.

The question is the one the board suggests: no attacks declared -> attacks; attacks
but no blocks -> blocks; blocks declared -> damage.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping, Optional

from ..rules.constraints import Problem, Restriction, banned_choices, evaluate, true_keys
from ..rules.reasons import Reason, words
from ..solver.base import decl_value

if TYPE_CHECKING:  # pragma: no cover
    from ..text import Writer

#: How many legal declarations / assignments a narrative lists at most.
SHOWN = 10


def question_for(board: Any) -> str:
    """The question a board suggests: attacks, blocks or damage."""
    if board.attacks is None:
        return "attacks"
    if board.blocks is None:
        return "blocks"
    return "damage"


@dataclass
class Explanation:
    """A narrative (``steps``, one line each) and the answers it was written from."""

    question: str
    steps: list[Reason] = field(default_factory=list)
    #: The answers (typed) the steps come from: "listing", "check", "damage".
    answers: dict[str, Any] = field(default_factory=dict)

    def lines(self, w: "Writer") -> list[str]:
        return [w(s) for s in self.steps]

    def text(self, w: "Writer") -> str:
        return "\n".join(self.lines(w)) + "\n"

    def to_json(self, w: "Writer") -> dict:
        answer: dict[str, Any] = {}
        listing = self.answers.get("listing")
        if listing is not None:
            answer = _declarations_json(listing, self.answers.get("check"), w)
        if "damage" in self.answers:
            answer = {"damage": self.answers["damage"].to_json(w)}
            if self.answers.get("check") is not None:
                answer["check"] = self.answers["check"].to_json(w)
        return {"question": self.question, "narrative": self.lines(w), "answer": answer}


def explain(board: Any, kind: Optional[str] = None, decl: Optional[Mapping] = None, *,
            backend: str = "auto", time_limit: Optional[float] = None) -> Explanation:
    """The explanation for ``kind`` ("attacks", "blocks", "damage"; default: what the
    board suggests), about one declaration or assignment when ``decl`` is given."""
    kind = kind or question_for(board)
    if kind == "damage":
        return _damage(board, decl, time_limit)
    return _declarations(board, kind, decl, backend, time_limit)


def S(code: str, **params: Any) -> Reason:
    """One step of a narrative."""
    return words("explain." + code, **params)


BLANK = S("blank")


# ---------------------------------------------------------------------------------------
# Attacks and blocks
# ---------------------------------------------------------------------------------------


def _who(board: Any, problem: Problem, kind: str) -> tuple[list[Reason], list[Restriction],
                                                            set[str]]:
    """Steps on who can attack / block what and why not; the restrictions about
    combinations (not single choices); the creatures with some allowed choice."""
    bans: dict[tuple, list[Restriction]] = {}
    combination: list[Restriction] = []
    for r in problem.restrictions:
        keys = banned_choices(r)
        if keys is None:
            combination.append(r)
            continue
        for k in keys:
            bans.setdefault(k, []).append(r)
    steps: list[Reason] = []
    able: set[str] = set()
    for c, opts in problem.options.items():
        allowed = [o for o in opts if (c, o) not in bans]
        reasons: list[Reason] = []
        for o in opts:
            for r in bans.get((c, o), []):
                if r.why not in reasons:
                    reasons.append(r.why)
        cap: Optional[int] = 0  # 0: say nothing about capacity
        if kind == "blocks" and len(allowed) > 1:
            cap = problem.capacity.get(c, 1)
        if allowed:
            able.add(c)
        steps.append(S("who", kind=kind, creature=c, options=tuple(opts),
                       allowed=tuple(allowed), reasons=tuple(reasons), cap=cap))
    ds = list(board.defenders)
    if kind == "blocks" and len(ds) > 1 and not any(
            board.teammates(a, b) for i, a in enumerate(ds) for b in ds[i + 1:]):
        steps.append(S("each_defender_blocks"))
    if kind == "blocks":
        defenders = set(board.defenders)
        for p in board.permanents:
            if p.is_creature and p.controller in defenders and p.id not in problem.options:
                steps.append(S("nothing_to_block", creature=p.id, player=p.controller))
    return steps, combination, able


def _declarations(board: Any, kind: str, decl: Optional[Mapping], backend: str,
                  time_limit: Optional[float]) -> Explanation:
    from .declarations import check, list_declarations

    problem = board.problem(kind)
    listing = list_declarations(board, kind, 1000, backend, time_limit)
    verdict = None
    if decl is not None:
        if kind == "blocks":
            decl = {k: (sorted(v) if isinstance(v, list) else v) for k, v in decl.items()}
        verdict = check(board, kind, decl, backend, time_limit)
    out = Explanation(kind, answers={"listing": listing, "check": verdict})
    steps = out.steps
    if kind == "attacks":
        steps.append(S("attack_head", active=board.active_player, rules=board.rules,
                       defenders=tuple(board.defenders)))
    else:
        steps.append(S("block_head", defenders=tuple(board.defenders), rules=board.rules,
                       attacks=tuple(board.attacks.items())))
    steps.append(BLANK)
    steps.append(S("who_head", kind=kind))
    who, combination, able = _who(board, problem, kind)
    steps += who or [S("no_one", kind=kind)]
    steps.append(BLANK)
    steps += _what_binds(board, kind, problem, combination, listing, backend, time_limit)
    steps.append(BLANK)
    m = listing.max_requirements
    if listing.status == "unknown" and m is None:
        steps.append(S("time_out"))
        return out
    steps += _legal_ones(kind, problem, listing, able)
    if verdict is not None:
        steps.append(BLANK)
        steps += _asked(kind, verdict, listing, len(problem.requirements))
    return out


def _what_binds(board: Any, kind: str, problem: Any, combination: list, listing: Any,
                backend: str, time_limit: Optional[float]) -> list:
    """The steps that tell the restrictions on combinations, the requirements (each
    that no legal declaration can obey marked so) and the costs."""
    from .declarations import unobeyable_requirements

    steps: list = []
    if combination:
        steps.append(S("combination_head", kind=kind))
        steps += [S("item", why=r.why) for r in combination]
    else:
        steps.append(S("no_combination", kind=kind))
    if problem.requirements:
        steps.append(S("requirements_head", kind=kind))
        never = _unobeyable(board, kind, problem, listing, backend, time_limit,
                            unobeyable_requirements)
        for r in problem.requirements:
            steps.append(S("requirement", id=r.id, why=r.why, never=r.id in never,
                           because=never.get(r.id)))
    else:
        steps.append(S("no_requirements", kind=kind))
    if problem.costs:
        steps.append(S("costs_head", kind=kind))
        steps += [S("cost", why=c.why, rule=c.rule) for c in problem.costs]
    return steps


def _legal_ones(kind: str, problem: Any, listing: Any, able: Any) -> list:
    """The steps that tell the most requirements obeyed (508.1d, 509.1c), an example,
    the legal declarations (the first :data:`SHOWN`) and the creatures able but in
    none."""
    steps: list = []
    m = listing.max_requirements
    total = len(problem.requirements)
    if m is None:
        steps.append(S("none_legal", kind=kind))
    else:
        steps.append(S("maximum", kind=kind, most=m, total=total))
        # the first in listing order (fewer creatures first, then by ids)
        best = next((d for d in listing.declarations if d.requirements_obeyed >= m), None)
        if best is not None and total:
            steps.append(S("example", kind=kind, decl=decl_value(best.declaration)))
    shown = listing.declarations  # in listing order, as `attacks` / `blocks` list them
    count = len(listing.declarations)
    steps.append(S("legal_count", kind=kind, n=count, status=listing.status))
    for i, d in enumerate(shown[:SHOWN], 1):
        steps.append(S("listed", kind=kind, i=i, decl=decl_value(d.declaration),
                       costs=tuple(c.why for c in d.paid)))
    if count > SHOWN:
        steps.append(S("and_more", n=count - SHOWN))
    if listing.status == "complete" and count:
        used = {c for d in listing.declarations for c in d.declaration}
        unused = [c for c in problem.options if c not in used and c in able]
        if unused:
            steps.append(S("able_but_unused", kind=kind, creatures=tuple(unused)))
    return steps


def _asked(kind: str, verdict: Any, listing: Any, total: int) -> list:
    """The steps that judge the declaration asked about: legal (with what it obeys and
    costs) or illegal (its violations and a legal declaration close to it)."""
    steps = [S("asked", kind=kind, decl=decl_value(verdict.declaration))]
    if verdict.status == "unknown":
        steps.append(S("asked_unknown"))
    elif verdict.legal:
        steps.append(S("asked_legal", obeyed=verdict.requirements_obeyed, total=total,
                       most=verdict.max_requirements_with_costs))
        if verdict.paid:
            steps.append(S("asked_costs", costs=tuple(c.why for c in verdict.paid),
                           payable=verdict.payable, why=verdict.unpayable))
    else:
        steps.append(S("asked_illegal"))
        steps += [S("violation", rule=v.rule, why=v.why) for v in verdict.violations]
        alt = verdict.witness if verdict.witness is not None else (
            _closest(verdict.declaration, listing.declarations)
            if listing.declarations else None)
        if alt is not None:
            steps.append(S("alternative", kind=kind, decl=decl_value(alt)))
    return steps


def _pairs(decl: Mapping) -> set:
    out = set()
    for c, v in decl.items():
        for x in ([v] if isinstance(v, str) else v):
            out.add((c, x))
    return out


def _closest(decl: Mapping, listed: list) -> Optional[dict]:
    """The legal declaration sharing the most choices with ``decl`` (ties: fewest
    differences, then listing order)."""
    mine = _pairs(decl)
    best, key = None, None
    for d in listed:
        theirs = _pairs(d.declaration)
        k = (-len(mine & theirs), len(mine ^ theirs), sorted(theirs))
        if key is None or k < key:
            best, key = d.declaration, k
    return best


def _unobeyable(board: Any, kind: str, problem: Problem, listing: Any, backend: str,
                time_limit: Optional[float], unobeyable_requirements: Any,
                ) -> dict[str, Optional[Reason]]:
    """The requirements no declaration obeying the restrictions can obey, and why; those
    a listed legal declaration obeys need no search."""
    keys = [true_keys(d.declaration) for d in listing.declarations]
    open_ = [r for r in problem.requirements if not any(evaluate(r.expr, k) for k in keys)]
    if not open_:
        return {}
    return unobeyable_requirements(board, kind, [r.id for r in open_], backend, time_limit,
                                   known=[d.declaration for d in listing.declarations[:1]])


def _declarations_json(listing: Any, verdict: Any, w: "Writer") -> dict:
    problem = listing.problem
    out: dict[str, Any] = {
        "status": listing.status,
        "max_requirements": listing.max_requirements,
        "requirements": [{"id": r.id, "rule": r.rule, "text": w(r.why)}
                         for r in problem.requirements],
        "restrictions": [{"rule": r.rule, "message": w(r.why), "objects": list(r.objects)}
                         for r in problem.restrictions],
        "declarations": [{"declaration": {k: (list(v) if isinstance(v, (tuple, list)) else v)
                                          for k, v in d.declaration.items()},
                          "requirements_obeyed": d.requirements_obeyed,
                          "costs": [w(c.why) for c in d.paid]}
                         for d in listing.declarations],
    }
    if verdict is not None:
        out["check"] = {
            "legal": verdict.legal, "status": verdict.status,
            "violations": [v.to_json(w) for v in verdict.violations],
            "requirements_obeyed": verdict.requirements_obeyed,
            "max_requirements": verdict.max_requirements_with_costs,
            "witness": ({k: (list(v) if isinstance(v, (tuple, list)) else v)
                         for k, v in verdict.witness.items()}
                        if verdict.witness is not None else None),
            "costs": [w(c.why) for c in verdict.paid],
        }
    return out


# ---------------------------------------------------------------------------------------
# Damage
# ---------------------------------------------------------------------------------------


def _damage(board: Any, assignment: Optional[Mapping], time_limit: Optional[float]
            ) -> Explanation:
    answer = board.damage(limit=1000, time_limit=time_limit)
    check = board.check_damage(assignment, time_limit=time_limit) \
        if assignment is not None else None
    step = answer.step
    out = Explanation("damage", answers={"damage": answer, "check": check})
    steps = out.steps
    steps.append(S("damage_head", rules=board.rules, step=step.step))
    if answer.declaration is not None:
        # One verdict for one declaration (spec Extension 3): illegal (or unsettled)
        # declarations stop the combat before combat damage (508.1, 509.1).
        stop = answer.declaration
        steps.append(S("never_reached", status=stop.status))
        steps += [S("violation", rule=rule, why=why) for rule, why, _ in stop.violations]
        return out
    for log in answer.before:  # what resolved before the step (spec Extension 3)
        steps.append(S("before_step", step=log.step))
        for r in log.resolved:
            steps.append(r.head())
            steps += list(r.outcome)
    steps.append(S("assigners", players=tuple(step.players)))
    steps.append(BLANK)
    steps.append(S("damage_who_head"))
    sources = [_source_steps(step, s) for s in step.sources.values()]
    for group in sources:
        steps += group
    for s in step.silent.values():
        steps.append(S("silent", why=s.why, rule=s.rule))
    if not sources and not step.silent:
        steps.append(S("no_damage"))
    if any(step.recipients[r].kind == "creature"
           for s in step.sources.values() for r in s.recipients):
        steps.append(S("lethal_note", old=step.edition.has_order))
    steps.append(BLANK)
    shown = sorted(answer.assignments, key=lambda a: _assignment_key(step, a))
    n = len(shown)
    steps.append(S("assignments_count", n=n, status=answer.status))
    for i, a in enumerate(shown[:SHOWN], 1):
        steps.append(S("assignment", i=i, a=_frozen(step, a), orders=_frozen_orders(answer.orders(a))))
    if n > SHOWN:
        steps.append(S("and_more", n=n - SHOWN))
    for p, b in answer.best.items():
        steps.append(S("best", player=p, a=_frozen(step, b.assignment), destroyed=tuple(b.destroyed),
                       damage=tuple((r, k) for r, k in b.damage_to.items() if k)))
    if check is not None:
        steps.append(BLANK)
        steps.append(S("damage_asked", players=tuple(check.players), a=_frozen(step, check.assignment)))
        if check.status == "unknown":
            steps.append(S("asked_unknown"))
        elif check.legal:
            steps.append(S("damage_asked_legal"))
            if check.damage_order:
                roles = {step.sources[k].role for k in check.damage_order}
                rules = tuple(step.edition.order_rule(r) for r in ("attacker", "blocker")
                              if r in roles)
                steps.append(S("relies_on_order", orders=_frozen_orders(check.damage_order),
                               rules=rules))
        else:
            steps.append(S("asked_illegal"))
            steps += [S("violation", rule=v.rule, why=v.why) for v in check.violations]
            alt: dict = {}
            for p in check.players:
                best = answer.best.get(p)
                if best is not None:
                    alt.update(best.assignment)
            if alt:
                steps.append(S("damage_alternative", a=_frozen(step, alt)))
    return out


def _frozen(step: Any, a: Mapping[str, Mapping[str, int]]) -> tuple:
    """An assignment as a reason parameter, in the order a narrative tells it: sources in
    the step's order, each one's recipients in its damage assignment order (if any),
    then its other creatures, then players, planeswalkers and battles."""
    order = {sid: i for i, sid in enumerate(step.sources)}
    out = []
    for sid, d in sorted(a.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])):
        if not d:
            continue
        src = step.sources.get(sid)
        rank: dict[str, int] = {}
        if src is not None:
            for r in (src.order or ()):
                rank.setdefault(r, len(rank))
            for first in (True, False):
                for r in src.all_recipients:
                    if (step.recipients[r].kind == "creature") == first:
                        rank.setdefault(r, len(rank))
        items = sorted(((r, n) for r, n in d.items() if n),
                       key=lambda kv: (rank.get(kv[0], len(rank)), kv[0]))
        out.append((sid, tuple(items)))
    return tuple(out)


def _frozen_orders(orders: Optional[Mapping[str, Any]]) -> tuple:
    return tuple((k, tuple(v)) for k, v in (orders or {}).items())


def _assignment_key(step: Any, a: Mapping) -> str:
    """A stable, language-independent order: the English words of the assignment."""
    from ..rules.reasons import english

    return english(S("assignment_words", a=_frozen(step, a)),
                   {**{p.id: p.name for p in step.board.permanents},
                    **{p: p for p in step.board.player_names}}, step.board.rules)


def _source_steps(step: Any, s: Any) -> list[Reason]:
    """What one creature does with its damage, and the rules that say so."""
    ed = step.edition
    creatures = tuple((c, step.threshold(c, s)) for c in s.creatures)
    others = tuple((r, step.threshold(r, s) if step.recipients[r].kind != "player" else None)
                   for r in s.recipients if r not in s.creatures)
    out = [S("source", creature=s.id, role=s.role, power=s.power, assigner=s.assigner,
             controller=s.controller, assigner_rule=s.assigner_rule, creatures=creatures,
             others=others, rules=s.rules)]
    if s.role == "attacker" and not s.creatures:
        return out
    if s.deathtouch:
        out.append(S("deathtouch"))
    if len(s.creatures) >= 2:
        if s.free_reason:
            out.append(S("free_division", why=s.free_reason))
        elif s.order:
            out.append(S("order_given", order=tuple(s.order), announce=ed.order_rule(s.role),
                         limit=ed.division(s.role)))
        elif s.ordered:
            out.append(S("order_open", announce=ed.order_rule(s.role), limit=ed.division(s.role)))
        elif not ed.has_order:
            out.append(S("no_order", rule=ed.division(s.role)))
    if s.trample and s.role == "attacker" and others:
        out.append(S("trample", others=others))
    if s.unblocked_recipients:
        out.append(S("as_though_unblocked", to=tuple(s.unblocked_recipients)))
    return out
