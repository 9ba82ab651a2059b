"""Narrative explanations a player can follow, citing the Comprehensive Rules.

Every sentence is built from the same facts as the ``--json`` answers -- there is
no second source of truth:

* declarations: the :class:`~mtgcombat.rules.constraints.Problem` (options,
  restrictions, requirements, costs; their messages already cite rules), the
  :class:`~mtgcombat.solver.base.Listing` and, for one declaration, the
  :class:`~mtgcombat.solver.base.Verdict`;
* damage: the dicts of :func:`~mtgcombat.solver.damage.damage_answer` and
  :func:`~mtgcombat.solver.damage.check_damage_answer`.

:func:`explain` picks the question like the board suggests it: no attacks
declared -> attacks; attacks but no blocks -> blocks; blocks declared -> damage.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from .rules.constraints import Expr, Lit, Not, Or, Problem, Restriction
from .solver.base import describe

#: How many legal declarations / assignments a narrative lists at most.
SHOWN = 10

_RULES = {
    "attacks": {"who": "508.1a", "restrict": "508.1c", "require": "508.1d", "verb": "attack",
                "noun": "attack", "step": "declare attackers step (508.1)"},
    "blocks": {"who": "509.1a", "restrict": "509.1b", "require": "509.1c", "verb": "block",
               "noun": "block", "step": "declare blockers step (509.1)"},
}


def question_for(board) -> str:
    """The question a board suggests: attacks, blocks or damage."""
    if board.attacks is None:
        return "attacks"
    if board.blocks is None:
        return "blocks"
    return "damage"


def explain(board, kind: Optional[str] = None, decl: Optional[Mapping] = None, *,
            backend: str = "cpsat", time_limit: Optional[float] = None,
            as_json: bool = False) -> Any:
    """The narrative for ``kind`` ("attacks", "blocks", "damage"; default: what the
    board suggests), about one declaration or assignment when ``decl`` is given.

    With ``as_json`` the result is ``{"question", "narrative", "answer"}``: the
    narrative and the machine answer it was written from."""
    kind = kind or question_for(board)
    if kind == "damage":
        lines, answer = _damage(board, decl, time_limit)
    else:
        lines, answer = _declarations(board, kind, decl, backend, time_limit)
    text = "\n".join(lines) + "\n"
    if as_json:
        return {"question": kind, "narrative": lines, "answer": answer}
    return text


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def _join(words: list[str], last: str = "and") -> str:
    words = list(words)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _plural(n: int, word: str, many: Optional[str] = None) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


def _lits(e: Expr) -> Optional[list[Lit]]:
    """The literals of ``e`` when it is a literal or a disjunction of literals."""
    if isinstance(e, Lit):
        return [e]
    if isinstance(e, Or):
        out: list[Lit] = []
        for x in e.es:
            sub = _lits(x)
            if sub is None:
                return None
            out += sub
        return out
    return None


def banned_choices(r: Restriction) -> Optional[frozenset]:
    """The (creature, choice) pairs a restriction forbids outright -- ``Not(lit or
    lit ...)`` -- or None when it restricts combinations (alone, caps, menace ...)."""
    if isinstance(r.expr, Not):
        lits = _lits(r.expr.e)
        if lits is not None:
            return frozenset(x.key for x in lits)
    return None


def _decl_json(decl: Mapping) -> dict:
    return {k: (list(v) if isinstance(v, (tuple, list)) else v) for k, v in decl.items()}


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


# ---------------------------------------------------------------------------
# Attacks and blocks
# ---------------------------------------------------------------------------


def _who(board, problem: Problem, kind: str) -> tuple[list[str], list[Restriction]]:
    """Lines on who can attack / block what, and the restrictions that are about
    combinations (not single choices)."""
    R = _RULES[kind]
    n = problem.names
    bans: dict[tuple, list[Restriction]] = {}
    combination: list[Restriction] = []
    for r in problem.restrictions:
        keys = banned_choices(r)
        if keys is None:
            combination.append(r)
            continue
        for k in keys:
            bans.setdefault(k, []).append(r)
    lines = []
    for c, opts in problem.options.items():
        name = n.get(c, c)
        allowed = [o for o in opts if (c, o) not in bans]
        reasons: list[str] = []
        for o in opts:
            for r in bans.get((c, o), []):
                if r.message not in reasons:
                    reasons.append(r.message)
        cap = ""
        if kind == "blocks" and len(allowed) > 1:
            k = problem.capacity.get(c, 1)
            cap = (" (any number of them at once, 509.1a)" if k is None
                   else f" (up to {k} of them at once, 509.1a)" if k > 1 else
                   " (one of them, 509.1a)")
        if not opts:
            lines.append(f"- {name} has nothing it could {R['verb']} ({R['who']}).")
        elif not allowed:
            lines.append(f"- {name} can't {R['verb']}: " + " ".join(reasons))
        elif reasons:
            lines.append(f"- {name} can {R['verb']} {_join([n.get(o, o) for o in allowed], 'or')}"
                         f"{cap}, but not {_join([n.get(o, o) for o in opts if o not in allowed], 'or')}: "
                         + " ".join(reasons))
        else:
            lines.append(f"- {name} can {R['verb']} {_join([n.get(o, o) for o in allowed], 'or')}"
                         f"{cap}.")
    ds = list(board.defenders)
    if kind == "blocks" and len(ds) > 1 and not any(
            board.teammates(a, b) for i, a in enumerate(ds) for b in ds[i + 1:]):
        lines.append("- Each defending player blocks only creatures attacking them, their "
                     "planeswalkers or the battles they protect (509.1a, 802.4a).")
    if kind == "blocks":
        defenders = set(board.defenders)
        for p in board.permanents:
            if p.is_creature and p.controller in defenders and p.id not in problem.options:
                lines.append(f"- {p.name} can't block: no creature attacks {p.controller}, a "
                             "planeswalker they control or a battle they protect (509.1a).")
    return lines, combination


def _declarations(board, kind: str, decl: Optional[Mapping], backend: str,
                  time_limit: Optional[float]) -> tuple[list[str], dict]:
    R = _RULES[kind]
    problem = board.problem(kind)
    listing = board.list_declarations(kind, 1000, backend, time_limit)
    verdict = None
    if decl is not None:
        if kind == "blocks":
            decl = {k: (sorted(v) if isinstance(v, list) else v) for k, v in decl.items()}
        verdict = board._check(kind, decl, backend, time_limit)
    n = problem.names
    out: list[str] = []
    if kind == "attacks":
        out.append(f"{board.active_player} declares attackers under the {board.rules} rules; "
                   f"defending: {_join(list(board.defenders))}.")
    else:
        att = "; ".join(f"{n.get(a, a)} attacks {n.get(t, t)}" for a, t in board.attacks.items())
        out.append(f"{_join(list(board.defenders))} declare{'s' if len(board.defenders) == 1 else ''}"
                   f" blockers under the {board.rules} rules. Attacking: {att or 'nothing'}.")
    out.append("")
    out.append(f"Who can {R['verb']} ({R['who']}, {R['restrict']}):")
    who, combination = _who(board, problem, kind)
    out += who or [f"- No creature can {R['verb']}."]
    out.append("")
    if combination:
        out.append(f"Restrictions on the declaration as a whole ({R['restrict']}):")
        out += [f"- {r.message}" for r in combination]
    else:
        out.append(f"No restriction limits the declaration as a whole ({R['restrict']}).")
    if problem.requirements:
        out.append(f"Requirements ({R['require']}):")
        never = _unobeyable(board, kind, problem, listing, backend, time_limit)
        for r in problem.requirements:
            line = f"- {r.id}: {r.text}"
            if r.id in never:
                why = never[r.id]
                line += (" It can't be obeyed on this board" + (f": {why}" if why else
                         ": no declaration that obeys the restrictions obeys it") + ".")
            out.append(line)
    else:
        out.append(f"No requirement asks any creature to {R['verb']} ({R['require']}).")
    if problem.costs:
        out.append(f"Costs, which never have to be paid to obey a requirement ({R['require']}):")
        out += [f"- {c.description} ({c.rule})" for c in problem.costs]
    out.append("")

    m = listing.max_requirements
    if listing.status == "unknown" and m is None:
        out.append("The time limit ran out before the maximum was settled; nothing more "
                   "can be said.")
        return out, _declarations_json(problem, listing, verdict)
    if m is None:
        out.append(f"No declaration obeys every restriction, so no {R['noun']} declaration "
                   "is legal.")
    else:
        total = len(problem.requirements)
        if total:
            out.append(f"At most {m} of {_plural(total, 'requirement')} can be obeyed "
                       f"without breaking a restriction or paying a cost, so every legal "
                       f"declaration obeys {m} ({R['require']}).")
        else:
            out.append(f"Every declaration that obeys the restrictions is legal "
                       f"({R['restrict']}, {R['require']}).")
        best = min((d for d in listing.declarations if d.requirements_obeyed >= m),
                   key=lambda d: (len(d.declaration), describe(problem, d.declaration)),
                   default=None)
        if best is not None and total:
            out.append(f"For example: {describe(problem, best.declaration)}.")
    shown = sorted(listing.declarations,
                   key=lambda d: (len(d.declaration), describe(problem, d.declaration)))
    count = len(listing.declarations)
    word = {"complete": "", "truncated": " (the first ones; there are more)",
            "unknown": " (found before the time limit ran out)"}[listing.status]
    out.append(f"Legal {R['noun']} declarations: {count}{word}.")
    for i, d in enumerate(shown[:SHOWN], 1):
        extra = f"; pays {'; '.join(d.costs)}" if d.costs else ""
        out.append(f"  {i}. {describe(problem, d.declaration)}{extra}")
    if count > SHOWN:
        out.append(f"  ... and {count - SHOWN} more.")
    if listing.status == "complete" and count:
        used = {c for d in listing.declarations for c in d.declaration}
        able = [c for c in problem.options if c not in used and any(
            f"- {n.get(c, c)} can {R['verb']}" in line for line in who)]
        if able:
            out.append(f"{_join([n.get(c, c) for c in able])} could {R['verb']} as far as "
                       f"{'its' if len(able) == 1 else 'their'} own restrictions go, but "
                       f"{'it does' if len(able) == 1 else 'they do'} so in no legal "
                       "declaration: the restrictions on the whole declaration and the "
                       f"requirements leave no room ({R['restrict']}, {R['require']}).")

    if verdict is not None:
        out.append("")
        out.append(f"The declaration asked about: {describe(problem, decl)}.")
        if verdict.status == "unknown":
            out.append("Unknown: the time limit ran out before its legality was settled.")
        elif verdict.legal:
            total = len(problem.requirements)
            out.append(f"It is legal: it obeys every restriction and {verdict.requirements_obeyed}"
                       f" of {_plural(total, 'requirement')}, the most possible "
                       f"({verdict.max_requirements}).")
            if verdict.costs:
                out.append("It costs: " + "; ".join(verdict.costs) + ".")
        else:
            out.append("It is illegal:")
            out += [f"- {v.rule}: {v.message}" for v in verdict.violations]
            alt = verdict.witness if verdict.witness is not None else (
                _closest(decl, listing.declarations) if listing.declarations else None)
            if alt is not None:
                out.append(f"A legal alternative: {describe(problem, alt)}.")
    return out, _declarations_json(problem, listing, verdict)


def _unobeyable(board, kind: str, problem: Problem, listing, backend: str,
                time_limit: Optional[float]) -> dict[str, str]:
    """The requirements no declaration obeying the restrictions can obey, and why
    (:meth:`~mtgcombat.board.Board.unobeyable_requirements`); those a listed legal
    declaration obeys need no search."""
    from .rules.constraints import evaluate, true_keys

    open_ = [r for r in problem.requirements
             if not any(evaluate(r.expr, true_keys(d.declaration)) for d in listing.declarations)]
    if not open_:
        return {}
    return board.unobeyable_requirements(kind, [r.id for r in open_], backend, time_limit)


def _declarations_json(problem: Problem, listing, verdict) -> dict:
    out: dict[str, Any] = {
        "status": listing.status,
        "max_requirements": listing.max_requirements,
        "requirements": [{"id": r.id, "rule": r.rule, "text": r.text}
                         for r in problem.requirements],
        "restrictions": [{"rule": r.rule, "message": r.message, "objects": list(r.objects)}
                         for r in problem.restrictions],
        "declarations": [{"declaration": _decl_json(d.declaration),
                          "requirements_obeyed": d.requirements_obeyed, "costs": d.costs}
                         for d in listing.declarations],
    }
    if verdict is not None:
        out["check"] = {
            "legal": verdict.legal, "status": verdict.status,
            "violations": [v.to_json() for v in verdict.violations],
            "requirements_obeyed": verdict.requirements_obeyed,
            "max_requirements": verdict.max_requirements,
            "witness": _decl_json(verdict.witness) if verdict.witness is not None else None,
            "costs": verdict.costs,
        }
    return out


# ---------------------------------------------------------------------------
# Damage
# ---------------------------------------------------------------------------


def _nm(answer: dict, oid: str) -> str:
    """An object's name, with its id when another object of the answer shares it
    ("Grizzly Bears (cub)", as the command line writes it)."""
    labels = answer.get("_labels")
    if labels is None:
        from collections import Counter

        names = dict(answer.get("names", {}))
        for sid, src in answer.get("sources", {}).items():
            names.setdefault(sid, src["name"])
        for sil in answer.get("silent", []):
            names.setdefault(sil["id"], sil["name"])
        count = Counter(names.values())
        labels = {i: (f"{n} ({i})" if count[n] > 1 and n != i else n) for i, n in names.items()}
        answer["_labels"] = labels
    return labels.get(oid, oid)


def _order_rules(answer: dict, role: str) -> tuple[str, str]:
    """(who announces the order, the rule it limits) under the 2024 rules: 509.2 and
    old 510.1c for an attacker's blockers, 509.3 and old 510.1d for a blocker's attackers
    (cited as the human answers cite 2024-only text: "old ...")."""
    if role == "attacker":
        return "old 509.2", "old 510.1c"
    return "old 509.3", "old 510.1d"


def _division(answer: dict, div: Mapping[str, int], sid: Optional[str] = None) -> str:
    """A division in words, recipients in the source's order: its damage assignment
    order (if any), its other blocking/blocked creatures, then players, planeswalkers
    and battles."""
    src = answer.get("sources", {}).get(sid or "", {})
    rank = {}
    for r in (src.get("damage_order") or []):
        rank.setdefault(r, len(rank))
    for kind_first in (True, False):
        for r in src.get("recipients", []):
            if (r["kind"] == "creature") == kind_first:
                rank.setdefault(r["id"], len(rank))
    items = sorted(div.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0]))
    return _join([f"{k} to {_nm(answer, r)}" for r, k in items if k]) or "nothing"


def _assignment_text(answer: dict, a: Mapping[str, Mapping[str, int]]) -> str:
    order = {sid: i for i, sid in enumerate(answer.get("sources", {}))}
    parts = [f"{_nm(answer, s)}: {_division(answer, d, s)}"
             for s, d in sorted(a.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0]))
             if d]
    return "; ".join(parts) or "no damage"


def _source_lines(answer: dict) -> list[str]:
    old = answer["rules"] == "2024"
    out = []
    for sid, s in answer["sources"].items():
        creatures = [r for r in s["recipients"] if r["kind"] == "creature"]
        others = [r for r in s["recipients"] if r["kind"] != "creature"]
        role = "attacking" if s["role"] == "attacker" else "blocking"
        who = "" if s["assigner"] == s["controller"] else (
            f"; {s['assigner']} assigns its damage ({s['assigner_rule']})")
        head = f"- {_nm(answer, sid)} ({role}, power {s['power']}{who})"
        if s["role"] == "attacker" and not creatures:
            out.append(f"{head} is unblocked: it assigns all its damage to "
                       f"{_join([_nm(answer, r['id']) for r in others])} ({s['rule']}).")
            continue
        verb = "is blocked by" if s["role"] == "attacker" else "blocks"
        lethal = _join([f"{_nm(answer, r['id'])} ({r['text']})" for r in creatures])
        out.append(f"{head} {verb} {lethal} [{s['rule']}].")
        if s["deathtouch"]:
            out.append("  It has deathtouch: any nonzero damage it assigns to a creature is "
                       "lethal damage (702.2c).")
        if len(creatures) >= 2:
            if s.get("free_division"):
                out.append(f"  It divides its damage freely among them "
                           f"({s['free_division']}).")
            elif s.get("damage_order"):
                order = [_nm(answer, c) for c in s["damage_order"]]
                announce, limit = _order_rules(answer, s["role"])
                out.append("  Its damage assignment order is " + ", then ".join(order)
                           + f" ({announce}): a creature may be assigned damage only once "
                           "every creature before it in the order is assigned lethal damage "
                           f"({limit}).")
            elif s.get("order_open"):
                announce, limit = _order_rules(answer, s["role"])
                out.append(f"  Its damage assignment order is not fixed on the board "
                           f"({announce}): a division is legal when some order allows it, "
                           "that is, when at most one creature gets damage short of lethal and "
                           f"every creature that gets none comes after it ({limit}).")
            elif not old:
                out.append("  There is no damage assignment order: its damage may be divided "
                           "among them as its controller chooses ("
                           + ("510.1c" if s["role"] == "attacker" else "510.1d") + ").")
        if s["trample"] and s["role"] == "attacker" and others:
            tgt = _join([_nm(answer, r['id']) + (f" ({r['text']})" if r["kind"] != "player" else "")
                         for r in others])
            out.append(f"  It has trample: once each blocker is assigned lethal damage, the rest "
                       f"may also go to {tgt} (702.19b-c).")
        if s.get("as_though_unblocked"):
            out.append("  It may instead assign all its damage as though it weren't blocked, "
                       "to " + _join([_nm(answer, r) for r in s["as_though_unblocked"]]) + ".")
    for s in answer.get("silent", []):
        out.append(f"- {s['reason']} ({s['rule']}).")
    return out


def _damage(board, assignment: Optional[Mapping], time_limit: Optional[float]):
    answer = board.damage(limit=1000, time_limit=time_limit)
    check = board.check_damage(assignment, time_limit=time_limit) if assignment is not None \
        else None
    out: list[str] = []
    step = {"first": "first-strike", "regular": "regular"}.get(answer["step"], answer["step"])
    out.append(f"Combat damage under the {answer['rules']} rules, in the {step} combat damage "
               "step (510.4).")
    out.append(f"Players assign in turn: {', then '.join(answer.get('assigners', []))} (510.1); "
               "each player's whole assignment is judged at once (510.1e).")
    out.append("")
    out.append("Who assigns combat damage, and to what (510.1a-d):")
    out += _source_lines(answer) or ["- No creature assigns combat damage in this step."]
    if any(r["kind"] == "creature" for s in answer["sources"].values() for r in s["recipients"]):
        out.append("Lethal damage counts damage already marked and damage assigned by other "
                   "creatures in the same step, never prevention or other effects ("
                   + ("old 510.1c-d, " if answer["rules"] == "2024" else "") + "702.19b).")
    out.append("")
    shown = sorted(answer["assignments"],
                   key=lambda item: _assignment_text(answer, item["assignment"]))
    n = len(shown)
    word = {"complete": "", "truncated": " (the first ones; there are more)",
            "unknown": " (found before the time limit ran out)"}.get(answer["status"], "")
    out.append(f"Legal assignments of the whole step: {n}{word}.")
    for i, item in enumerate(shown[:SHOWN], 1):
        line = f"  {i}. {_assignment_text(answer, item['assignment'])}"
        if item.get("damage_order"):
            line += " (with the order " + "; ".join(
                f"{_nm(answer, k)}: " + ", ".join(_nm(answer, c) for c in v)
                for k, v in item["damage_order"].items()) + ")"
        out.append(line)
    if n > SHOWN:
        out.append(f"  ... and {n - SHOWN} more.")
    for p, b in answer.get("best", {}).items():
        destroyed = _join([_nm(answer, c) for c in b.get("destroyed", [])]) or "nothing"
        dmg = _join([f"{k} to {_nm(answer, r)}" for r, k in b.get("damage_to", {}).items() if k])
        out.append(f"Best for {p}: {_assignment_text(answer, b['assignment'])} -- destroys "
                   f"{destroyed}" + (f", deals {dmg}" if dmg else "") + ".")
    if check is not None:
        out.append("")
        out.append(f"The assignment asked about ({_join(check.get('players', [])) or 'nobody'}): "
                   f"{_assignment_text(answer, check['assignment'])}.")
        if check.get("status") == "unknown":
            out.append("Unknown: the time limit ran out before its legality was settled.")
        elif check["legal"]:
            out.append("It is legal.")
            if check.get("damage_order"):
                roles = {answer["sources"][k]["role"] for k in check["damage_order"]}
                out.append("  It relies on the damage assignment order " + "; ".join(
                    f"{_nm(answer, k)}: " + ", ".join(_nm(answer, c) for c in v)
                    for k, v in check["damage_order"].items()) + " ("
                    + ", ".join(_order_rules(answer, r)[0] for r in ("attacker", "blocker")
                                if r in roles) + ").")
        else:
            out.append("It is illegal:")
            out += [f"- {v['rule']}: {v['message']}" for v in check["violations"]]
            alt: dict = {}
            for p in check.get("players", []):
                alt.update(answer.get("best", {}).get(p, {}).get("assignment", {}))
            if alt:
                out.append(f"A legal alternative: {_assignment_text(answer, alt)}.")
    from .solver.damage import plain_rules

    answer.pop("_labels", None)
    return out, plain_rules({"damage": answer, **({"check": check} if check is not None else {})})
