"""Renderers: one per answer type, from the typed answers of :mod:`mtgcombat.questions`
to a :class:`~mtgcombat.text.report.Report` of lines and tables. Every word comes from
the writer's language (templates ``human.*``); nothing here decides anything."""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from . import Writer
from .report import Line, Report, Table

REQUIRE = {"attacks": "508.1d", "blocks": "509.1c"}


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
            out.append(Line(f"  {r.id}  {w(r.why)}" + ("" if r.rule == rule else f" ({r.rule})")))
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
            out.append(Line(f"  {r.id}  {w(r.why)}" + ("" if r.rule == rule else f" ({r.rule})")))
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
    if v.legal is None:
        out.append(Line(w.t("human.unknown_legality"), "warn"))
    elif v.legal:
        out.append(Line(w.t("human.legal"), "ok"))
        if total_requirements:
            out.append(Line(w.t("human.legal_obeys", obeyed=v.requirements_obeyed,
                                total=total_requirements,
                                most=v.max_requirements_with_costs,
                                with_costs=bool(v.paid))))
    for x in v.violations:
        out.append(Line(w.t("human.illegal", rule=w.cite(x.rule), message=w(x.why)), "bad"))
    if v.witness is not None:
        codes = {x.why.code for x in v.violations}
        if not codes & {"decl.too_few", "decl.too_few_explained"}:  # it names the example
            out.append(Line(w.t("human.a_legal_declaration",
                                words=words(w, v.witness, v.kind),
                                notation=Declaration(v.kind, v.witness).notation())))
    if v.paid:
        out.append(Line(w.t("human.costs_to_pay", costs=[w(c.why) for c in v.paid])))
    payable = getattr(v, "payable", None)
    if payable is not None:
        out.append(Line(w.t("human.payable", value=payable, why=getattr(v, "unpayable", None))))
    return out


# ---------------------------------------------------------------------------------------
# Damage
# ---------------------------------------------------------------------------------------


def _recipient_order(src: Mapping) -> list[dict]:
    """The recipients of a source as shown: its creatures in its damage assignment order
    when the board gives one, then players, planeswalkers and battles."""
    creatures = [r for r in src.get("recipients", []) if r["kind"] == "creature"]
    others = [r for r in src.get("recipients", []) if r["kind"] != "creature"]
    order = src.get("damage_order") or []
    creatures.sort(key=lambda r: order.index(r["id"]) if r["id"] in order else len(order))
    return creatures + others


def division(view: Mapping, w: Writer, sid: str, div: Mapping[str, int]) -> str:
    if not div:
        return w.t("human.nothing")
    rank = {r["id"]: i for i, r in enumerate(_recipient_order(view["sources"].get(sid, {})))}
    items = sorted(div.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0]))
    return ", ".join(w.t("human.amount_to", n=n, to=r) for r, n in items)


def assignment(view: Mapping, w: Writer, a: Mapping[str, Mapping[str, int]]) -> str:
    parts = [f"{w.name(s)}: {division(view, w, s, d)}" for s, d in a.items() if d]
    return "; ".join(parts) or w.t("human.no_damage")


def orders(w: Writer, os: Mapping[str, Sequence[str]]) -> str:
    return "; ".join(f"{w.name(k)}: " + " > ".join(w.name(c) for c in v) for k, v in os.items())


def source_lines(view: Mapping, w: Writer) -> list[str]:
    lines = []
    for sid, s in view["sources"].items():
        recips = _recipient_order(s)
        creatures = [r for r in recips if r["kind"] == "creature"]
        others = [r for r in recips if r["kind"] != "creature"]
        parts = []
        if creatures:
            parts.append(w.t("human.src_creatures", role=s["role"], creatures=tuple(
                (r["id"], r["text"]) for r in creatures)))
        if others:
            parts.append(w.t("human.src_others", others=tuple(
                (r["id"], r["text"] if r["kind"] != "player" else None) for r in others)))
        if s.get("damage_order"):
            parts.append(w.t("human.src_in_order", order=tuple(s["damage_order"])))
        elif s.get("order_open"):
            parts.append(w.t("human.src_order_open", chooser=s.get("order_chooser"),
                             rule=s.get("order_rule")))
        if s.get("free_division"):
            parts.append(w.t("human.src_free", why=s["free_division"]))
        if s.get("as_though_unblocked"):
            parts.append(w.t("human.src_unblocked"))
        head = w.t("human.src_head", creature=sid, role=s["role"], power=s["power"],
                   assigner=s["assigner"], assigner_rule=s["assigner_rule"],
                   deathtouch=s["deathtouch"], trample=s["trample"])
        lines.append(f"  {head}: " + "; ".join(parts) + f" [{s['rule']}]")
    return lines


def damage(answer: Any, w: Writer, limit: Optional[int] = None, shown: int = 50) -> Report:
    """``damage``: who assigns damage to what, the legal assignments, the best ones."""
    view = answer.view(w)
    out: Report = [
        Line(w.t("human.damage_rules", rules=view["rules"])),
        Line(w.t("human.damage_step", step=view["step"], status=view["status"])),
        Line(w.t("human.creatures_assigning")),
    ]
    out += [Line(x) for x in source_lines(view, w)] or [Line("  " + w.t("human.none"))]
    for s in view.get("silent", []):
        out.append(Line("  " + w.t("human.silent", creature=s["id"], rule=s["rule"])))
    items = view["assignments"]
    n = len(items)
    status = view["status"]
    out.append(Line(w.t("human.assignments_head", n=n, status=status, limit=limit),
                    "warn" if status == "unknown" else ""))
    for i, item in enumerate(items[:shown], 1):
        txt = assignment(view, w, item["assignment"])
        if item.get("damage_order"):
            txt += "  [" + w.t("human.order") + ": " + orders(w, item["damage_order"]) + "]"
        out.append(Line(f"  {i}. {txt}"))
    if n > shown:
        out.append(Line("  " + w.t("human.and_more", n=n - shown)))
    if view["best"]:
        out.append(Line(w.t("human.best_intro")))
    for p, b in view["best"].items():
        out.append(Line(w.t("human.best_for", player=p)))
        for sid, div in b["assignment"].items():
            out.append(Line(f"  {w.name(sid)}: {division(view, w, sid, div)}"))
        if b.get("damage_order"):
            out.append(Line("  [" + w.t("human.order") + ": " + orders(w, b["damage_order"]) + "]"))
        out.append(Line("  " + w.t("human.destroys", ids=tuple(b["destroyed"]))))
        out.append(Line("  " + w.t("human.damage_dealt", to=tuple(b["damage_to"].items()))))
    return out


def _creature_totals(view: Mapping, w: Writer) -> list[str]:
    """Per creature assigned damage: how much, from whom, against its lethal damage
    (old 510.1c-d, 702.19b, 702.2c; judged on the whole assignment, 510.1e)."""
    info: dict[str, dict] = {}
    got: dict[str, list[tuple[str, int]]] = {}
    for sid, div in view["assignment"].items():
        src = view["sources"].get(sid)
        if src is None:
            continue
        kinds = {r["id"]: r for r in src["recipients"]}
        for r, n in div.items():
            if r in kinds and kinds[r]["kind"] == "creature":
                info[r] = kinds[r]
                got.setdefault(r, []).append((sid, n))
    lines = []
    for r, parts in got.items():
        total = sum(n for _, n in parts)
        thr = info[r]["threshold"] or 0
        dt = any(view["sources"][sid]["deathtouch"] for sid, _ in parts)
        lines.append("  " + w.t("human.creature_total", creature=r, total=total,
                                parts=tuple(parts), lethal=thr, deathtouch=dt))
    return lines


def damage_verdict(v: Any, w: Writer) -> Report:
    """``check --damage``: the verdict, the assignment against what each creature needs,
    and why it is illegal."""
    view = v.view(w)
    verdict = "legal" if view["legal"] else (
        "unknown" if view.get("status") == "unknown" else "illegal")
    out: Report = [Line(w.t("human.damage_verdict", verdict=verdict, rules=view["rules"],
                            step=view["step"]),
                        {"legal": "ok", "illegal": "bad"}.get(verdict, "warn"))]
    out += [Line(x) for x in source_lines(view, w)]
    out.append(Line(w.t("human.assignment_head")))
    for sid, div in view["assignment"].items():
        out.append(Line(f"  {w.name(sid)}: {division(view, w, sid, div)}"))
    totals = _creature_totals(view, w)
    if totals:
        out.append(Line(w.t("human.totals_head")))
        out += [Line(x) for x in totals]
    if view["violations"]:
        out.append(Line(w.t("human.violations_head")))
    for x in view["violations"]:
        out.append(Line(f"  - {x['message']}", "bad"))
    if view.get("damage_order"):
        for k, order in view["damage_order"].items():
            out.append(Line("  " + w.t("human.relies_on_order", creature=k, order=tuple(order))))
    if view.get("completion"):
        rest = {sid: d for sid, d in view["completion"].items() if sid not in view["assignment"]}
        out.append(Line(w.t("human.completion", text=assignment(view, w, rest))))
    return out


# ---------------------------------------------------------------------------------------
# Sentences not understood
# ---------------------------------------------------------------------------------------


def not_understood_lines(board: Any, w: Writer) -> list[str]:
    """One warning line per sentence not understood (standard error)."""
    return [w.t("human.not_understood", source=n["source"], sentence=n["sentence"])
            for n in board.not_understood]
