"""English templates: paying costs and cumulative upkeep (``mtgcombat upkeep``)."""

from __future__ import annotations

_WORD = {"creature": "creature", "land": "land", "permanent": "permanent",
         "artifact": "artifact", "enchantment": "enchantment"}


def _pay(r, w) -> str:
    return "; ".join(w.name(x) if not x.startswith(("{", "Pay ", "Add ")) else x
                     for x in r["pay"])


T: dict = {
    "payment.unknown_amount": lambda r, w: (
        f"the cost {r['amount']} has an X the board doesn't give, so whether it can be paid "
        "is not known"),
    "payment.mana_not_shown": lambda r, w: (
        "the board shows no mana source and no mana pool, so whether the mana can be paid "
        f"is not judged ({w.cite(r.rule)})"),
    "payment.cant_remove": lambda r, w: (
        f"{w.name(r['player'])} doesn't control {r['count']} different permanents to "
        f"sacrifice or return for these costs ({w.cite(r.rule)})"),
    "payment.cant_pay": lambda r, w: (
        f"{w.name(r['player'])} can't pay "
        + " and ".join(x for x in (r["cost"], f"{r.get('life') or 0} life" if r.get("life")
                                   else "") if x)
        + f" with their untapped mana sources, mana pool and life ({w.cite(r.rule)})"),
    "upkeep.self_allowed": lambda r, w: (
        f"{w.name(r['permanent'])} may itself be one of the sacrificed "
        f"{_WORD.get(r['word'], r['word'])}s ({w.cite(r.rule)}: sacrificing is putting a "
        "permanent you control into its owner's graveyard; nothing excludes the source)"
        if r["matches"] else
        f"{w.name(r['permanent'])} is not a {_WORD.get(r['word'], r['word'])}, so it can't be "
        "one of them"),
    "upkeep.not_enough": lambda r, w: (
        f"{r['need']} different {_WORD.get(r['word'], r['word'])}s are needed and only "
        f"{r['have']} can be chosen: the cost can't be paid in full (no partial payments, "
        f"{w.cite(r.rule)}), so {w.name(r['permanent'])} will be sacrificed"),
    "upkeep.unknown_cost": lambda r, w: (
        f"the cost of {w.name(r['permanent'])} (\"{r['cost']}\") names something the board "
        "doesn't record: not judged"),
    "upkeep.instances": lambda r, w: (
        f"instance {r['instance']} of cumulative upkeep on {w.name(r['permanent'])}: it counts "
        f"every age counter, those the earlier instances put too ({w.cite(r.rule)})"),
    "upkeep.no_mana": lambda r, w: (
        f"{w.name(r['player'])}'s untapped mana sources and mana pool can't pay {r['cost']}"),
    "upkeep.no_life": lambda r, w: (
        f"{w.name(r['player'])} has {r['life']} life and can't pay {r['need']} "
        f"({w.cite(r.rule)})"),
    "turn.cumulative_upkeep": lambda r, w: (
        f"cumulative upkeep of {w.name(r['permanent'])} triggers: {r['age']} age counter"
        f"{'s' if r['age'] != 1 else ''}; its cost {w.quote(r['cost'])} is paid once per "
        "counter"
        + (f" ({r['count']} distinct whole payment{'s' if r['count'] != 1 else ''}; "
           "mtgcombat upkeep lists them)" if r["count"] else "") + f" ({w.cite(r.rule)})"),
    "human.upkeep_head": lambda r, w: (
        f"Rules: {r['rules']}. Cumulative upkeep as {w.name(r['player'])}'s upkeep begins "
        "(702.24):"),
    "human.upkeep_none": lambda r, w: (
        f"None of {w.name(r['player'])}'s permanents has cumulative upkeep."),
    "human.upkeep_trigger": lambda r, w: (
        f"{w.name(r['permanent'])}" + (f", instance {r['instance']}" if r["instance"] > 1 else "")
        + f": cumulative upkeep {w.quote(r['cost'])}, {r['age']} age counter"
        f"{'s' if r['age'] != 1 else ''}"
        f" after the trigger; " + (f"{r['count']} distinct whole payment"
                                   f"{'s' if r['count'] != 1 else ''}"
                                   if r["count"] is not None else "payments not known")
        + (f" (the first {r['shown']} listed)" if r["truncated"] else "") + ":"),
    "human.upkeep_payment": lambda r, w: (
        f"  {r['i']}. {_pay(r, w)} -- " + ("payable" if r["payable"] else
                                          "not payable" if r["payable"] is False else
                                          "unknown")
        + (f": {w(r['why'])}" if r["why"] is not None else "")),
    "human.upkeep_note": lambda r, w: f"  note: {r['text']}",
    "human.upkeep_none_payable": lambda r, w: (
        f"  no payment is possible: {w.name(r['permanent'])} will be sacrificed (702.24a)"),
}
