"""Renderers for what happens in a combat: ``combat`` (the whole combat), and the answers
built on it. Every word comes from the writer's templates (``human.combat_*``)."""

from __future__ import annotations

from typing import Any, Mapping

from . import Writer
from .render import declarations_stop
from .report import Line, Report


def assignment_text(w: Writer, a: Mapping[str, Mapping[str, int]]) -> str:
    """An assignment in words: "Source: 2 to X, 1 to Bob; ..." (sources by name)."""
    parts = []
    rank = w.labels.rank
    for s in sorted(a, key=lambda s: (w.name(s), rank.get(s, len(rank)), s)):
        d = a[s]
        if not d:
            continue
        parts.append(f"{w.name(s)}: " + ", ".join(
            w.t("human.amount_to", n=n, to=r) for r, n in sorted(
                d.items(), key=lambda kv: (w.name(kv[0]), rank.get(kv[0], len(rank)),
                                           kv[0]))))
    return "; ".join(parts)


def _amounts(w: Writer, items: Any, prevented: bool = False) -> tuple:
    """Damage dealt (or prevented), in the order of ``assigned:`` -- sources by name,
    then what each dealt damage to by name."""
    rank = w.labels.rank

    def key(oid: str) -> tuple:
        return (w.name(oid), rank.get(oid, len(rank)), oid)

    return tuple({"source": x.source, "to": x.to, "amount": x.amount,
                  **({"rule": x.rule} if prevented else {})}
                 for x in sorted(items, key=lambda x: (key(x.source), key(x.to))))


def combat(answer: Any, w: Writer, about_step: Any = None) -> Report:
    """``combat``: the steps, what each dealt, prevented and destroyed, and the end.
    ``about_step(step)``, if given, adds lines under each step's heading (the story)."""
    out: Report = [Line(w.t("human.combat_head", rules=answer.rules,
                            active=answer.board.active_player))]
    pre = answer.before_damage
    logs = list(getattr(answer, "stack_log", []) or [])
    damage_logs = {id(s.log) for s in answer.steps if getattr(s, "log", None) is not None}
    for log in logs:
        # spec Extension 3: what resolved in the steps before combat damage
        if log.step in ("beginning of combat", "declare attackers", "declare blockers") \
                and id(log) not in damage_logs:
            out += stack_step(log, w)
    if pre is not None and pre.triggers and not logs:
        from ..questions.combat import trigger_reason

        out.append(Line(w.t("human.combat_triggers")))
        for t in pre.triggers:
            out.append(Line(w.t("human.combat_trigger", text=w(trigger_reason(t)))))
    if pre is not None and (pre.triggers or logs):
        if pre.sba.gone:
            out.append(Line(w.t("human.combat_destroyed", items=tuple(sorted(
                pre.sba.gone.items(), key=lambda kv: (w.name(kv[0]), kv[0]))))))
        if pre.sba.lost:
            out.append(Line(w.t("human.combat_lost", items=tuple(sorted(pre.sba.lost.items()))),
                            "bad"))
    for r in answer.not_modelled:
        out.append(Line(w.t("human.combat_not_modelled", text=w(r)), "warn"))
    for step in answer.steps:
        out.append(Line(w.t("human.combat_step", step=step.step)))
        if about_step is not None:
            out += about_step(step)
        out.append(Line(w.t("human.combat_assignment",
                            text=assignment_text(w, step.assignment), given=tuple(step.given))))
        out.append(Line(w.t("human.combat_dealt", items=_amounts(w, step.dealt))))
        if step.prevented:
            out.append(Line(w.t("human.combat_prevented",
                                items=_amounts(w, step.prevented, True))))
        if step.sba.gone:
            out.append(Line(w.t("human.combat_destroyed",
                                items=tuple(sorted(step.sba.gone.items(),
                                                   key=lambda kv: (w.name(kv[0]), kv[0]))))))
        if step.sba.defeated:
            out.append(Line(w.t("human.combat_defeated", items=tuple(step.sba.defeated))))
        if step.sba.lost:
            out.append(Line(w.t("human.combat_lost", items=tuple(sorted(step.sba.lost.items()))),
                            "bad"))
        if getattr(step, "log", None) is not None and step.log.resolved:
            out += stack_step(step.log, w, heading=False)
    for log in logs:
        if log.step == "end of combat" and log.resolved:
            out += stack_step(log, w)
    if getattr(answer, "choices", None):
        out.append(Line(w.t("human.combat_choices",
                            choices=tuple(c.reason() for c in answer.choices))))
    if answer.status == "illegal":
        out.append(Line(w.t("human.combat_illegal"), "bad"))
        for rule, why, _objs in answer.violation_reasons:
            out.append(Line(f"  - {w(why)}", "bad"))
        return out
    if answer.status == "unknown":
        out.append(Line(w.t("human.combat_unknown"), "warn"))
        return out
    after = answer.after_board
    if answer.game_over:
        # 104.2a: the game ended in the last step told; nothing more happens.
        out.append(Line(w.t("human.combat_game_over", players=tuple(answer.lost),
                            step=answer.steps[-1].step if answer.steps else None), "bad"))
    out.append(Line(w.t("human.combat_after", players=life_pools(after))))
    return out


def stack_step(log: Any, w: Writer, heading: bool = True) -> Report:
    """What resolved in one step (a :class:`~mtgcombat.rules.stack.StepLog`): each
    ability or trick and what it did, then what the state-based actions put into a
    graveyard and who lost."""
    out: Report = []
    if not log.resolved:
        return out
    if heading:
        out.append(Line(w.t("human.combat_stack_step", step=log.step)))
    for res in log.resolved:
        if res.item.kind == "keyword":
            for o in res.outcome:
                out.append(Line(w.t("human.combat_stack_item", text=w(o))))
            continue
        out.append(Line(w.t("human.combat_stack_item", text=w(res.head()))))
        for o in res.outcome:
            out.append(Line(w.t("human.combat_stack_outcome", text=w(o))))
    if log.sba.lost:
        out.append(Line(w.t("human.combat_lost", items=tuple(sorted(log.sba.lost.items()))),
                        "bad"))
    return out


def life_pools(board: Any) -> tuple:
    """Life and poison once per life total: a player alone, or a Two-Headed Giant team
    whose players share one (810.9, 810.10) -- ((names, team or None, life, poison), ...)
    in the board's order of players."""
    out: list = []
    seen: set = set()
    for p in board.players:
        if p.team is not None and p.team in seen:
            continue
        names = tuple(q.name for q in board.players if p.team is not None and q.team == p.team)
        if p.team is not None:
            seen.add(p.team)
        out.append((names or (p.name,), p.team if len(names) > 1 else None, p.life, p.poison))
    return tuple(out)


def turn(answer: Any, w: Writer) -> Report:
    """``turn``: the phases and steps, whether each happens and what happens in it."""
    out: Report = [Line(w.t("human.turn_head", rules=answer.rules,
                            player=answer.board.active_player))]
    if answer.status != "complete":
        out += declarations_stop(answer.status, answer.violations, w)
    phase = None
    for s in answer.steps:
        if s.phase != phase:
            phase = s.phase
            out.append(Line(w.t("human.turn_phase", phase=phase)))
        out.append(Line(w.t("human.turn_step", step=s.step, rule=s.rule, happens=s.happens),
                        "" if s.happens else "warn"))
        if s.why_not is not None:
            out.append(Line(w.t("human.turn_what", text=w(s.why_not))))
        for r in s.what:
            out.append(Line(w.t("human.turn_what", text=w(r))))
    return out


def best(answer: Any, w: Writer) -> Report:
    """``best-blocks`` / ``best-attacks``: the choice, the reply, the outcome, the
    alternatives."""
    out: Report = [Line(w.t("human.best_head", rules=answer.rules, objective=answer.objective,
                            status=answer.status),
                        "" if answer.status == "optimal" else "warn")]
    if getattr(answer, "stop", None) is not None:
        return out + declarations_stop(answer.status, answer.stop.violations, w)
    # The reply's damage and the outcome in the words of ``combat`` (its steps, what was
    # dealt and destroyed, who lost, life after), the alternatives after them.
    later: Report = []
    summary: Report = []
    for r in answer.why():
        if r.code == "best.reply_damage" and answer.outcome is not None:
            continue
        if r.code == "best.outcome" and answer.outcome is not None:
            summary.append(Line(w(r)))
            continue
        (later if r.code == "best.alternative" else out).append(Line(w(r)))
    if answer.outcome is not None:
        out.append(Line(w.t("human.best_combat")))
        for line in combat(answer.outcome, w)[1:]:
            if isinstance(line, Line):
                out.append(Line("  " + line.text, line.style))
    out += summary + later
    if answer.bound is not None:
        out.append(Line(w.t("human.best_bound", objective=answer.objective,
                            bound=tuple(answer.bound))))
    return out


def upkeep(answer: Any, w: Writer) -> Report:
    """``upkeep``: each cumulative upkeep trigger, its payments and whether each is
    payable."""
    player = answer.board.active_player
    out: Report = [Line(w.t("human.upkeep_head", rules=answer.rules, player=player))]
    if not answer.triggers:
        out.append(Line(w.t("human.upkeep_none", player=player)))
    for t in answer.triggers:
        out.append(Line(w.t("human.upkeep_trigger", permanent=t.permanent, instance=t.instance,
                            cost=t.cost, age=t.age_counters, count=t.count,
                            truncated=t.status == "truncated", shown=len(t.payments))))
        for note in t.notes:
            out.append(Line(w.t("human.upkeep_note", text=w(note))))
        for i, p in enumerate(t.payments, 1):
            out.append(Line(w.t("human.upkeep_payment", i=i, pay=tuple(p.pay),
                                payable=p.payable, why=p.why),
                            "" if p.payable else "warn"))
        if t.count == 0 or (t.payments and not any(p.payable for p in t.payments)
                            and t.status == "complete"):
            out.append(Line(w.t("human.upkeep_none_payable", permanent=t.permanent), "bad"))
    return out


# -- explain --about: the same answers told as a story ---------------------------------------


def combat_story(answer: Any, w: Writer) -> Report:
    """``explain --about combat``: the combat step by step -- the declarations, the
    triggers before damage, and for each combat damage step who deals damage to what and
    who is silent (and why), then what was assigned, dealt, prevented and destroyed."""
    from .render import silent_lines, source_lines

    b = answer.start if answer.start is not None else answer.board
    out: Report = [Line(w.t("explain.story_combat", active=b.active_player, rules=answer.rules,
                            steps=tuple(s.step for s in answer.steps)))]
    if b.attacks is not None:
        # a token put onto the battlefield attacking was never declared (508.4): the
        # stack's lines tell it; only what the board as asked holds was declared
        asked = answer.board if answer.board is not None else b
        out.append(Line(w.t("explain.story_declared", kind="attacks", decl=tuple(
            (k, v) for k, v in sorted(b.attacks.items()) if asked.has_object(k)))))
    if b.blocks is not None:
        asked = answer.board if answer.board is not None else b
        out.append(Line(w.t("explain.story_declared", kind="blocks", decl=tuple(
            (k, tuple(v)) for k, v in sorted(b.blocks.items()) if asked.has_object(k)))))

    def about_step(step: Any) -> Report:
        if step.board is None:
            return []
        dstep = step.board.damage(limit=0).step
        lines: Report = [Line("  " + w.t("explain.story_sources"))]
        lines += [Line("  " + x) for x in source_lines(dstep, w)]
        lines += [Line(x) for x in silent_lines(dstep, w, "    ")]
        return lines

    return out + combat(answer, w, about_step)[1:]


def upkeep_story(answer: Any, w: Writer) -> Report:
    """``explain --about upkeep``: what cumulative upkeep does (702.24a-b), then each
    trigger: the counters before and after it, how many times the cost is paid, and every
    whole payment with whether the board can pay it."""
    player = answer.board.active_player
    out: Report = [Line(w.t("explain.story_upkeep", player=player))]
    for t in answer.triggers:
        out.append(Line(w.t("explain.story_upkeep_counters", permanent=t.permanent,
                            instance=t.instance, before=t.age_counters - 1,
                            age=t.age_counters, cost=t.cost, count=t.count)))
    out += upkeep(answer, w)[1:]
    return out


def best_story(answer: Any, w: Writer) -> Report:
    """``explain --about best-blocks|best-attacks``: how the decision was proved, then the
    choice, the reply it expects and what each alternative loses."""
    out: Report = [Line(w.t("explain.story_best", kind=answer.kind,
                            player=answer.board.active_player, evaluated=answer.evaluated,
                            method=answer.method, status=answer.status))]
    out += best(answer, w)
    return out
