"""English words of the human answers (tables, headings, verdict lines)."""

from __future__ import annotations

from .. import Phrase, clause

_NOUN = {"attacks": "attack", "blocks": "block"}


def _listing_head(r, w):
    noun, n, status = _NOUN[r["kind"]], r["n"], r["status"]
    if status == "complete":
        return f"Legal {noun} declarations: {n}" if n else f"No legal {noun} declaration."
    if status == "truncated":
        return f"Legal {noun} declarations: the first {n} (--limit {r['limit']}); there are more"
    head = (f"Unknown: the time limit ran out before the legal {noun} declarations were "
            f"settled; {n} found so far")
    return head + ("" if r["max_known"] else " (the most requirements obeyable is not known)")


def _legal_obeys(r, w):
    return (f"It obeys every restriction and {r['obeyed']} of the "
            f"{w.count(r['total'], 'requirement', 'requirements')}; "
            f"no declaration obeys more than {r['most']}"
            + (" with the costs it pays." if r["with_costs"] else " without paying a cost."))


def _division(w):
    """The rules that divide combat damage among creatures, in the writer's edition."""
    return w.span(w.edition.attacker_division, w.edition.blocker_division)


def _edition_text(w):
    """What the edition says about dividing damage among creatures."""
    ed = w.edition
    division = _division(w)
    if ed.has_order:
        return (f"damage assignment order: {w.span(ed.attacker_order, ed.blocker_order)}, "
                f"{division}")
    return (f"no damage assignment order: damage is divided freely, {division}; trample "
            f"still needs lethal damage on every blocker, {w.rule('trample')}")


def _assignments_head(r, w):
    n, status = r["n"], r["status"]
    if status == "complete":
        return f"Legal assignments: {n}"
    if status == "truncated":
        return f"Legal assignments: the first {n} (--limit {r['limit']}); there are more"
    return (f"Unknown: the time limit ran out; "
            f"{w.count(n, 'legal assignment', 'legal assignments')} found so far")


def _src_head(r, w):
    head = (f"{w.name(r['creature'])} ({r['role']}, power {r['power']}, assigned by "
            f"{w.name(r['assigner'])}")
    head += f", {w.cite(r['rule'])}" if r["rule"] else ""
    head += ", deathtouch" if r["deathtouch"] else ""
    head += ", trample" if r["trample"] and r["role"] == "attacker" else ""
    return head + ")"


def _src_creatures(r, w):
    who = "blocked by" if r["role"] == "attacker" else "blocking"
    return f"{who} " + ", ".join(f"{w.name(i)} ({t})" for i, t in r["creatures"])


def _src_others(r, w):
    return "to " + ", ".join(w.name(i) + (f" ({t})" if t else "") for i, t in r["others"])


def _creature_total(r, w):
    total, thr = r["total"], r["lethal"]
    verdict = ("lethal" if total >= thr else
               f"lethal (deathtouch, {w.rule('deathtouch')})" if r["deathtouch"] else
               f"short of lethal by {thr - total}")
    frm = " + ".join(f"{n} from {w.name(s)}" for s, n in r["parts"])
    return f"{w.name(r['creature'])}: {total} ({frm}), lethal {thr}: {verdict}"


#: The colours (105.1) by their letters.
COLOURS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


T: dict = {
    "human.rules": lambda r, w: f"Rules: {r['rules']}.",
    "human.stopped": lambda r, w: (
        f"Unknown: the question ran past the server's hard time limit ({r['seconds']} s) "
        "and was stopped."),
    "human.order_ignored": lambda r, w: (
        f"--rules {r['rules']}: the board's damage assignment order is ignored (the current "
        f"rules have none; damage is divided freely, {_division(w.under(r['rules']))})"),
    "human.requirements": Phrase(lambda r, w: "Requirements", end=":"),
    "human.requirements_none": Phrase(lambda r, w: "Requirements", end=": none."),
    "human.at_most": lambda r, w: (
        f"At most {r['n']} of them can be obeyed without paying a cost; a legal "
        f"{_NOUN[r['kind']]} declaration obeys at least that many."),
    "human.listing_head": _listing_head,
    "human.col_declaration": lambda r, w: "declaration",
    "human.col_obeyed": lambda r, w: "requirements obeyed",
    "human.col_costs": lambda r, w: "costs",
    "human.col_payable": lambda r, w: "payable",
    "human.col_notation": lambda r, w: "notation",
    "human.yes_no": lambda r, w: "yes" if r["value"] else "no",
    "human.unknown_legality": lambda r, w: (
        "Unknown: the time limit ran out before legality was settled."),
    "human.legal": lambda r, w: "Legal.",
    "human.legal_obeys": _legal_obeys,
    "human.legal_unpayable": lambda r, w: (
        "Legal to declare, but " + (w(r["why"]) if r["why"] is not None else "the costs can't be paid") + "."),
    "human.illegal": Phrase(lambda r, w: "Illegal", end=lambda r, w: f": {r['message']}"),
    "human.a_legal_declaration": lambda r, w: (
        f"A legal declaration: {r['words']} ({r['notation']})."),
    "human.costs_to_pay": lambda r, w: "Costs to pay: " + "; ".join(r["costs"]),
    "human.payable": lambda r, w: (
        "They can be paid." if r["value"] else
        "They can't be paid" + (f": {w(r['why'])}" if r["why"] is not None else "") + "."),
    # damage
    "human.damage_rules": lambda r, w: (
        f"Rules: {r['rules']} ({_edition_text(w)})."),
    "human.damage_step": lambda r, w: (
        f"Combat damage step: {r['step']}. Status: {r['status']}."),
    "human.creatures_assigning": lambda r, w: "Creatures assigning damage:",
    "human.none": lambda r, w: "none",
    "human.nothing": lambda r, w: "nothing",
    "human.no_damage": lambda r, w: "no damage",
    "human.amount_to": lambda r, w: f"{r['n']} to {w.name(r['to'])}",
    "human.silent": clause(lambda r, w: f"{w.name(r['creature'])}: no damage"),
    "human.src_head": _src_head,
    "human.src_creatures": _src_creatures,
    "human.src_others": _src_others,
    "human.src_in_order": lambda r, w: "in this order: " + " > ".join(w.name(c) for c in r["order"]),
    "human.src_order_open": clause(lambda r, w: (
        f"order: open, {w.name(r['chooser'])} chooses it as part of the choice")),
    "human.src_free": clause(lambda r, w: ("divided freely", "card text" if r["text"] else None)),
    "human.src_unblocked": lambda r, w: "may assign as though unblocked",
    "human.assignments_head": _assignments_head,
    "human.order": lambda r, w: "order",
    "human.and_more": lambda r, w: f"... and {r['n']} more",
    "human.best_intro": lambda r, w: (
        "Best for each player (most opposing creatures destroyed, then most damage to "
        "opposing players, planeswalkers and battles, none counted beyond a planeswalker's "
        "loyalty or a battle's defense):"),
    "human.best_for": lambda r, w: f"Best for {w.name(r['player'])}:",
    "human.destroys": lambda r, w: "destroys: " + (", ".join(w.name(c) for c in r["ids"])
                                                    or "nothing"),
    "human.damage_dealt": lambda r, w: "damage: " + (
        w.amounts(r["to"], ",")
        or "none to players, planeswalkers or battles"),
    "human.damage_verdict": lambda r, w: (
        {"legal": "LEGAL", "illegal": "ILLEGAL", "unknown": "UNKNOWN (time limit)"}[r["verdict"]]
        + f" (rules {r['rules']} ({_edition_text(w)}); combat damage step: "
        f"{r['step']})"),
    "human.assignment_head": lambda r, w: "Assignment:",
    "human.totals_head": lambda r, w: "Damage assigned to creatures:",
    "human.creature_total": _creature_total,
    "human.violations_head": lambda r, w: "Violations:",
    "human.relies_on_order": lambda r, w: (
        f"relies on the order for {w.name(r['creature'])}: "
        + " > ".join(w.name(c) for c in r["order"])),
    "human.completion": lambda r, w: (
        "Legal with, for the players who assign before and were left out: " + r["text"]),
    "human.not_understood_head": lambda r, w: "Not understood (ignored):",
    "human.as_found": lambda r, w: (
        f"Legal {_NOUN[r['kind']]} declarations, as they are found:"),
    "human.count": lambda r, w: (
        f"Legal {_NOUN[r['kind']]} declarations: "
        + ("unknown (the time limit ran out before the maximum was settled)"
           if r["status"] == "unknown" else
           f"at least {r['n']:,} (the time limit ran out while counting)"
           if r["status"] == "at_least" else f"{r['n']:,}")
        + ("" if r["most"] is None else
           f"; each obeys {w.count(r['most'], 'requirement', 'requirements')}, the most "
           "possible") + "."),
    "scenario.colour_in_name": lambda r, w: (
        f"warning: {r['source']}:{r['line']}:{r['column']}: {r['word']!r} after the name "
        f"{r['name']!r} is read as the colour {COLOURS[r['colour']]}; to make it part of the "
        f"name, quote the name (\"{r['name']} {r['word']}\")"),
    # sentences not understood (standard error)
    "human.not_understood": lambda r, w: (
        f"warning: not understood, ignored ({r['source']}): {r['sentence']}"),
}
