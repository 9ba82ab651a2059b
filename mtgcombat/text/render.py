"""Renderers: one per answer type, from the typed answers of :mod:`mtgcombat.questions`
to a :class:`~mtgcombat.text.report.Report` of lines and tables. Every word comes from
the writer's language (templates ``human.*``); nothing here decides anything."""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from . import Writer
from .citations import DECLARE, NAMED
from .report import Line, Report, Table

#: The rule of the requirements of a declaration (508.1d, 509.1c).
REQUIRE = {kind: rules["require"] for kind, rules in DECLARE.items()}


def _decl_sort_key(w: Writer, decl: Mapping) -> tuple:
    """Human listings order creatures by name, not by id."""
    return (len(decl), w.declaration(by_name(w, decl), "attacks" if _is_attack(decl) else "blocks"))


def _is_attack(decl: Mapping) -> bool:
    return all(isinstance(v, str) for v in decl.values())


def by_name(w: Writer, decl: Mapping) -> list:
    """The pairs of a declaration with its creatures ordered by name (then id)."""
    rank = w.labels.rank
    return sorted(decl.items(), key=lambda kv: (w.labels(kv[0]), rank.get(kv[0], len(rank)),
                                                kv[0]))


def words(w: Writer, decl: Mapping, kind: str) -> str:
    """A declaration in words, creatures by name."""
    return w.declaration(by_name(w, decl), kind)


# ---------------------------------------------------------------------------------------
# Declarations
# ---------------------------------------------------------------------------------------


def listing(answer: Any, w: Writer, limit: Optional[int] = None) -> Report:
    """``attacks`` / ``blocks``: the requirements, their maximum, the legal declarations."""
    from ..notation import Declaration

    kind = answer.kind
    rule = REQUIRE[kind]
    out: Report = [Line(w.t("human.rules", rules=answer.rules))]
    reqs = answer.problem.requirements
    if reqs:
        out.append(Line(w.t("human.requirements", rule=rule)))
        for r in reqs:
            out.append(Line(f"  {r.id}  {w(r.why)}" + ("" if r.rule == rule
                                                          else f" ({w.cite(r.rule)})")))
    else:
        out.append(Line(w.t("human.requirements_none", rule=rule)))
    if answer.max_requirements is not None and reqs:
        out.append(Line(w.t("human.at_most", n=answer.max_requirements, kind=kind)))
    listed = list(answer.declarations)  # the listing order, as in JSON (docs/board-format.md)
    n = len(listed)
    head = w.t("human.listing_head", status=answer.status, n=n, kind=kind, limit=limit,
               max_known=answer.max_requirements is not None)
    out.append(Line(head, "warn" if answer.status == "unknown" else ""))
    if listed:
        with_req = bool(reqs)
        with_costs = any(d.paid for d in listed)
        with_pay = any(getattr(d, "payable", None) is not None for d in listed)
        headers = ["#", w.t("human.col_declaration")]
        if with_req:
            headers.append(w.t("human.col_obeyed"))
        if with_costs:
            headers.append(w.t("human.col_costs"))
        if with_pay:
            headers.append(w.t("human.col_payable"))
        headers.append(w.t("human.col_notation", kind=kind))
        rows = []
        for i, d in enumerate(listed, 1):
            row = [str(i), words(w, d.declaration, kind)]
            if with_req:
                row.append(str(d.requirements_obeyed))
            if with_costs:
                row.append("; ".join(w(c.why) for c in d.paid) or "-")
            if with_pay:
                p = getattr(d, "payable", None)
                row.append("-" if p is None else w.t("human.yes_no", value=p))
            row.append(Declaration(kind, d.declaration).notation())
            rows.append(row)
        out.append(Table(headers, rows))
    return out


def _preamble(problem: Any, rules: str, w: Writer, kind: str, m0: Optional[int]) -> Report:
    rule = REQUIRE[kind]
    out: Report = [Line(w.t("human.rules", rules=rules))]
    reqs = problem.requirements
    if reqs:
        out.append(Line(w.t("human.requirements", rule=rule)))
        for r in reqs:
            out.append(Line(f"  {r.id}  {w(r.why)}" + ("" if r.rule == rule
                                                          else f" ({w.cite(r.rule)})")))
    else:
        out.append(Line(w.t("human.requirements_none", rule=rule)))
    if m0 is not None and reqs:
        out.append(Line(w.t("human.at_most", n=m0, kind=kind)))
    return out


class ListingStream:
    """A human listing that shows its rows as they are found once there are more than
    ``keep`` of them (then in the order found, as plain lines: a terminal is no slower
    than a pipe); with fewer, :func:`listing` shows them as a table. Both keep the
    listing order (the order they are found in)."""

    def __init__(self, problem: Any, w: Writer, kind: str, keep: int, printer: Any) -> None:
        self.problem, self.w, self.kind, self.keep, self.printer = problem, w, kind, keep, printer
        self.buffer: list = []
        self.streaming = False
        self.m0: Optional[int] = None
        self.n = 0

    def set_max(self, m0: Optional[int]) -> None:
        self.m0 = m0

    def _row(self, d: Any) -> Line:
        from ..notation import Declaration

        self.n += 1
        parts = [str(self.n), words(self.w, d.declaration, self.kind)]
        if self.problem.requirements:
            parts.append(str(d.requirements_obeyed))
        if d.paid:
            parts.append("; ".join(self.w(c.why) for c in d.paid))
        parts.append(Declaration(self.kind, d.declaration).notation())
        return Line("  ".join(parts))

    def add(self, d: Any) -> None:
        if self.streaming:
            self.printer([self._row(d)])
            return
        self.buffer.append(d)
        if len(self.buffer) > self.keep:
            self.streaming = True
            w = self.w
            head = ["#", w.t("human.col_declaration")]
            if self.problem.requirements:
                head.append(w.t("human.col_obeyed"))
            head.append(w.t("human.col_notation", kind=self.kind))
            out = _preamble(self.problem, w.edition.name, w, self.kind, self.m0)
            out.append(Line(w.t("human.as_found", kind=self.kind)))
            out.append(Line("  ".join(head)))
            out += [self._row(x) for x in self.buffer]
            self.buffer = []
            self.printer(out)

    def finish(self, answer: Any, limit: Optional[int]) -> Report:
        return [Line(self.w.t("human.listing_head", status=answer.status, n=self.n,
                              kind=self.kind, limit=limit,
                              max_known=answer.max_requirements is not None),
                     "warn" if answer.status == "unknown" else "")]


def declaration_verdict(v: Any, w: Writer, total_requirements: int) -> Report:
    """``check --attacks`` / ``--blocks``: the verdict and why."""
    from ..notation import Declaration

    out: Report = []
    payable = getattr(v, "payable", None)
    unpayable = v.legal and payable is False
    if v.legal is None:
        out.append(Line(w.t("human.unknown_legality"), "warn"))
    elif unpayable:
        # 508.1g-h, 509.1d-e: legal to declare, but its costs can't be paid
        out.append(Line(w.t("human.legal_unpayable", why=getattr(v, "unpayable", None)), "warn"))
    elif v.legal:
        out.append(Line(w.t("human.legal"), "ok"))
        if total_requirements:
            out.append(Line(w.t("human.legal_obeys", obeyed=v.requirements_obeyed,
                                total=total_requirements,
                                most=v.max_requirements_with_costs,
                                with_costs=bool(v.paid))))
    for x in v.violations:
        # the rule, unless the words of the violation cite it already
        rule = None if x.rule in w.cited(x.why) else x.rule
        out.append(Line(w.t("human.illegal", rule=rule, message=w(x.why)), "bad"))
    if v.witness is not None:
        codes = {x.why.code for x in v.violations}
        if not codes & {"decl.too_few", "decl.too_few_explained"}:  # it names the example
            out.append(Line(w.t("human.a_legal_declaration",
                                words=words(w, v.witness, v.kind),
                                notation=Declaration(v.kind, v.witness).notation())))
    if v.paid:
        out.append(Line(w.t("human.costs_to_pay", costs=[w(c.why) for c in v.paid])))
    if payable is not None and not unpayable:
        out.append(Line(w.t("human.payable", value=payable, why=getattr(v, "unpayable", None))))
    return out


# ---------------------------------------------------------------------------------------
# Damage -- from the typed answers of mtgcombat.questions.damage (their DamageStep)
# ---------------------------------------------------------------------------------------


def _recipient_order(step: Any, s: Any) -> list[str]:
    """The recipients of a source as shown: its creatures in its damage assignment order
    when the board gives one, then players, planeswalkers and battles."""
    rs = s.all_recipients
    creatures = [r for r in rs if step.recipients[r].kind == "creature"]
    others = [r for r in rs if step.recipients[r].kind != "creature"]
    order = list(s.order or ())
    creatures.sort(key=lambda r: order.index(r) if r in order else len(order))
    return creatures + others


def division(step: Any, w: Writer, sid: str, div: Mapping[str, int]) -> str:
    """One source's damage: "2 to Bears, 1 to Bob" (recipients as :func:`source_lines`
    lists them)."""
    if not div:
        return w.t("human.nothing")
    s = step.sources.get(sid)
    rank = {r: i for i, r in enumerate(_recipient_order(step, s))} if s is not None else {}
    items = sorted(div.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0]))
    return ", ".join(w.t("human.amount_to", n=n, to=r) for r, n in items)


def assignment(step: Any, w: Writer, a: Mapping[str, Mapping[str, int]]) -> str:
    parts = [f"{w.name(s)}: {division(step, w, s, d)}" for s, d in a.items() if d]
    return "; ".join(parts) or w.t("human.no_damage")


def orders(w: Writer, os: Mapping[str, Sequence[str]]) -> str:
    return "; ".join(f"{w.name(k)}: " + " > ".join(w.name(c) for c in v) for k, v in os.items())


def source_lines(step: Any, w: Writer) -> list[str]:
    """Each creature that assigns damage in the step: who assigns it, to what (with what
    each recipient takes), in which order, and the rules its damage follows."""
    ed = step.edition
    lines = []
    for s in step.sources.values():
        recips = _recipient_order(step, s)
        creatures = [r for r in recips if step.recipients[r].kind == "creature"]
        others = [r for r in recips if step.recipients[r].kind != "creature"]
        parts = []
        if creatures:
            parts.append(w.t("human.src_creatures", role=s.role, creatures=tuple(
                (r, w(step.threshold(r, s))) for r in creatures)))
        if others:
            parts.append(w.t("human.src_others", others=tuple(
                (r, w(step.threshold(r, s)) if step.recipients[r].kind != "player" else None)
                for r in others)))
        if s.order:
            parts.append(w.t("human.src_in_order", order=tuple(s.order)))
        elif s.ordered and s.order is None:
            parts.append(w.t("human.src_order_open", chooser=s.order_chooser,
                             rule=ed.order_rule(s.role)))
        if s.free_reason:
            text = s.free_reason == "text"
            parts.append(w.t("human.src_free", text=text, rule=None if text else s.free_reason))
        if s.unblocked_recipients:
            parts.append(w.t("human.src_unblocked"))
        head = w.t("human.src_head", creature=s.id, role=s.role, power=s.power,
                   assigner=s.assigner, deathtouch=s.deathtouch, trample=s.trample,
                   rule=None if s.assigner_rule == NAMED["assign"] else s.assigner_rule)
        lines.append(f"  {head}: " + "; ".join(parts) + " " + w.apart(s.rules))
    return lines


def silent_lines(step: Any, w: Writer, indent: str = "  ") -> list[str]:
    """The creatures that assign no damage in the step, and why not."""
    return [indent + w.t("human.silent", creature=x.id, rule=x.rule)
            for x in step.silent.values()]


def damage(answer: Any, w: Writer, limit: Optional[int] = None, shown: int = 50) -> Report:
    """``damage``: who assigns damage to what, the legal assignments, the best ones."""
    if getattr(answer, "declaration", None) is not None:

        return [Line(w.t("human.damage_rules", rules=answer.rules))] + declarations_stop(
            answer.status, answer.declaration.violations, w)
    step = answer.step
    out: Report = [
        Line(w.t("human.damage_rules", rules=answer.rules)),
        Line(w.t("human.damage_step", step=step.step, status=answer.status)),
        Line(w.t("human.creatures_assigning")),
    ]
    out += [Line(x) for x in source_lines(step, w)] or [Line("  " + w.t("human.none"))]
    out += [Line(x) for x in silent_lines(step, w)]
    items = answer.assignments
    n = len(items)
    out.append(Line(w.t("human.assignments_head", n=n, status=answer.status, limit=limit),
                    "warn" if answer.status == "unknown" else ""))
    for i, a in enumerate(items[:shown], 1):
        txt = assignment(step, w, a)
        os = answer.orders(a)
        if os:
            txt += "  [" + w.t("human.order") + ": " + orders(w, os) + "]"
        out.append(Line(f"  {i}. {txt}"))
    if n > shown:
        out.append(Line("  " + w.t("human.and_more", n=n - shown)))
    if answer.best:
        out.append(Line(w.t("human.best_intro")))
    for p, b in answer.best.items():
        out.append(Line(w.t("human.best_for", player=p)))
        for sid, div in b.assignment.items():
            out.append(Line(f"  {w.name(sid)}: {division(step, w, sid, div)}"))
        if b.damage_order:
            out.append(Line("  [" + w.t("human.order") + ": " + orders(w, b.damage_order) + "]"))
        out.append(Line("  " + w.t("human.destroys", ids=tuple(b.destroyed))))
        out.append(Line("  " + w.t("human.damage_dealt", to=tuple(b.damage_to.items()))))
    return out


def _creature_totals(step: Any, w: Writer, a: Mapping[str, Mapping[str, int]]) -> list[str]:
    """Per creature assigned damage: how much, from whom, against its lethal damage
    (510.1c-d, 702.19b, 702.2c; judged on the whole assignment, 510.1e)."""
    got: dict[str, list[tuple[str, int]]] = {}
    for sid, div in a.items():
        src = step.sources.get(sid)
        if src is None:
            continue
        for r, n in div.items():
            if r in src.all_recipients and step.recipients[r].kind == "creature":
                got.setdefault(r, []).append((sid, n))
    lines = []
    for r, parts in got.items():
        total = sum(n for _, n in parts)
        thr = step.recipients[r].threshold or 0
        dt = any(step.sources[sid].deathtouch for sid, _ in parts)
        lines.append("  " + w.t("human.creature_total", creature=r, total=total,
                                parts=tuple(parts), lethal=thr, deathtouch=dt))
    return lines


def damage_verdict(v: Any, w: Writer) -> Report:
    """``check --damage``: the verdict, the assignment against what each creature needs,
    and why it is illegal."""
    step = v.step
    verdict = "legal" if v.legal else ("unknown" if v.status == "unknown" else "illegal")
    out: Report = [Line(w.t("human.damage_verdict", verdict=verdict, rules=v.rules,
                            step=step.step),
                        {"legal": "ok", "illegal": "bad"}.get(verdict, "warn"))]
    if v.declaration is not None:  # the combat never reaches the step (spec Extension 3)
        return out + declarations_stop(v.declaration.status, v.declaration.violations, w)
    out += [Line(x) for x in source_lines(step, w)]
    out.append(Line(w.t("human.assignment_head")))
    for sid, div in v.assignment.items():
        out.append(Line(f"  {w.name(sid)}: {division(step, w, sid, div)}"))
    totals = _creature_totals(step, w, v.assignment)
    if totals:
        out.append(Line(w.t("human.totals_head")))
        out += [Line(x) for x in totals]
    if v.violations:
        out.append(Line(w.t("human.violations_head")))
    for x in v.violations:
        out.append(Line(f"  - {w(x.why)}", "bad"))
    for k, order in (v.damage_order or {}).items():
        out.append(Line("  " + w.t("human.relies_on_order", creature=k, order=tuple(order))))
    if v.completion:
        rest = {sid: d for sid, d in v.completion.items() if sid not in v.assignment}
        out.append(Line(w.t("human.completion", text=assignment(step, w, rest))))
    return out


# ---------------------------------------------------------------------------------------
# Sentences not understood
# ---------------------------------------------------------------------------------------


def not_understood_lines(board: Any, w: Writer) -> list[str]:
    """One warning line per sentence not understood (standard error), after the notes of
    the scenario reader (a word it read in a way the writer may not have meant)."""
    notes = getattr(board, "__dict__", {}).get("scenario_notes", ())
    return [w(n) for n in notes] + [
        w.t("human.not_understood", source=n["source"], sentence=n["sentence"])
        for n in board.not_understood]


def declarations_stop(status: str, violations: Any, w: Writer) -> Report:
    """Declarations of the board that are illegal (or unsettled): the verdict and each
    violation, as ``check`` words it (spec Extension 3: one verdict for one
    declaration)."""
    out: Report = [Line(w.t("human.declarations_illegal", status=status),
                        "bad" if status == "illegal" else "warn")]
    out += [Line(f"  - {w(why)}", "bad") for _rule, why, _objs in violations]
    return out
