"""English templates: paying costs and cumulative upkeep (``mtgcombat upkeep``)."""

from __future__ import annotations

from .. import Phrase, clause

_WORD = {"creature": "creature", "land": "land", "permanent": "permanent",
         "artifact": "artifact", "enchantment": "enchantment"}


def _pay(r, w) -> str:
    return "; ".join(w.name(x) if not x.startswith(("{", "Pay ", "Add ")) else x
                     for x in r["pay"])


def _cant_pay(r, w):
    life = r.get("life") or 0
    what = " and ".join(x for x in (w.mana(r["cost"]), f"{life} life" if life else "") if x)
    if not r["cost"]:
        return f"{w.name(r['player'])} can't pay {what}"
    text = (f"{w.name(r['player'])} can't pay {what} with their untapped mana sources"
            + (", mana pool and life" if life else " and mana pool"))
    tapped = r.get("attacking") or ()
    if tapped:
        text += (f"; {w.names(tapped)} {'is' if len(tapped) == 1 else 'are'} tapped to attack "
                 "and can't help")
    return text


T: dict = {
    "payment.unknown_amount": lambda r, w: (
        f"the cost {r['amount']} has an X the board doesn't give, so whether it can be paid "
        "is not known"),
    "payment.mana_not_shown": clause(lambda r, w: (
        "the board shows no mana source and no mana pool, so whether the mana can be paid "
        "is not judged")),
    "payment.cant_remove": clause(lambda r, w: (
        f"{w.name(r['player'])} doesn't control {r['count']} different permanents to "
        "sacrifice or return for these costs")),
    "payment.cant_pay": clause(_cant_pay),
    "upkeep.self_allowed": clause(lambda r, w: (
        f"{w.name(r['permanent'])} may itself be one of the sacrificed "
        f"{_WORD.get(r['word'], r['word'])}s", "sacrificing is putting a permanent you "
        "control into its owner's graveyard; nothing excludes the source")
        if r["matches"] else
        f"{w.name(r['permanent'])} is not a {_WORD.get(r['word'], r['word'])}, so it can't be "
        "one of them"),
    "upkeep.not_enough": clause(lambda r, w: (
        f"{r['need']} different {_WORD.get(r['word'], r['word'])}s are needed and only "
        f"{r['have']} can be chosen: the cost can't be paid in full, so "
        f"{w.name(r['permanent'])} will be sacrificed", "no partial payments")),
    "upkeep.unknown_cost": lambda r, w: (
        f"the cost of {w.name(r['permanent'])} (\"{r['cost']}\") names something the board "
        "doesn't record: not judged"),
    "upkeep.instances": clause(lambda r, w: (
        f"instance {r['instance']} of cumulative upkeep on {w.name(r['permanent'])}: it counts "
        "every age counter, those the earlier instances put too")),
    "upkeep.no_mana": lambda r, w: (
        f"{w.name(r['player'])}'s untapped mana sources and mana pool can't pay {r['cost']}"),
    "upkeep.no_life": clause(lambda r, w: (
        f"{w.name(r['player'])} has {r['life']} life and can't pay {r['need']}")),
    "turn.cumulative_upkeep": clause(lambda r, w: (
        f"cumulative upkeep of {w.name(r['permanent'])} triggers: "
        f"{w.count(r['age'], 'age counter', 'age counters')}; its cost {w.quote(r['cost'])} "
        "is paid once per counter",
        f"{w.count(r['count'], 'distinct whole payment', 'distinct whole payments')}; "
        "mtgcombat upkeep lists them" if r["count"] else None)),
    "human.upkeep_head": Phrase(lambda r, w: (
        f"Rules: {r['rules']}. Cumulative upkeep as {w.name(r['player'])}'s upkeep begins"),
        end=":"),
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
    "human.upkeep_none_payable": clause(lambda r, w: (
        f"  no payment is possible: {w.name(r['permanent'])} will be sacrificed")),
}
