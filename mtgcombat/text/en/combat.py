"""English templates: the whole combat (``mtgcombat combat``)."""

from __future__ import annotations

from .. import sentence

_STEP = {"first": "First-strike combat damage step (510.4)", "regular": "Combat damage step (510)"}

_GONE = {
    "704.5f": "toughness 0 or less", "704.5g": "lethal damage", "704.5h": "deathtouch",
    "704.5i": "no loyalty left", "704.5v": "no defense left", "704.5m": "an Aura attached to nothing",
    "800.4a": "its owner left the game",
}


def _amounts(w, items, rule=False):
    out = []
    for it in items:
        text = f"{it['amount']} from {w.name(it['source'])} to {w.name(it['to'])}"
        if rule:
            text += f" ({w.cite(it['rule'])})"
        out.append(text)
    return "; ".join(out)


def _pt(r) -> str:
    return f"{r['power']:+d}/{r['toughness']:+d}"


T: dict = {
    "error.combat_no_attacks": lambda r, w: (
        "combat: the board declares no attacks; give --attacks or a board that declares them"),
    "combat.not_modelled": lambda r, w: (
        f"not carried out by this combat ({r['source']}): {r['sentence']}"),
    "combat.provoke": lambda r, w: (
        f"provoke of {w.name(r['creature'])} ({w.cite(r.rule)}) is not resolved here: give "
        "its effect on the board (\"Target creature blocks ... this combat if able.\")"),
    "combat.extra_damage": lambda r, w: (
        f"{r['n']} more --damage than there were combat damage steps ({r['steps']}) "
        f"({w.cite(r.rule)})."),
    "combat.trigger_exalted": lambda r, w: (
        f"exalted of {w.name(r['source'])}: {w.name(r['affected'])} attacks alone and gets "
        f"{_pt(r)} ({w.cite(r.rule)})"),
    "combat.trigger_melee": lambda r, w: (
        f"melee of {w.name(r['source'])}: {r['n']} opponent{'s' if r['n'] != 1 else ''} "
        f"attacked, it gets {_pt(r)} ({w.cite(r.rule)})"),
    "combat.trigger_battle_cry": lambda r, w: (
        f"battle cry of {w.name(r['source'])}: {w.name(r['affected'])} gets {_pt(r)} "
        f"({w.cite(r.rule)})"),
    "combat.trigger_bushido": lambda r, w: (
        f"bushido {r['n']} of {w.name(r['source'])}: it gets {_pt(r)} ({w.cite(r.rule)})"),
    "combat.trigger_flanking": lambda r, w: (
        f"flanking of {w.name(r['source'])}: {w.name(r['affected'])}, blocking it without "
        f"flanking, gets {_pt(r)} ({w.cite(r.rule)})"),
    "combat.trigger_rampage": lambda r, w: (
        f"rampage {r['n']} of {w.name(r['source'])}: it gets {_pt(r)} for the creatures "
        f"blocking it beyond the first ({w.cite(r.rule)})"),
    "combat.trigger_afflict": lambda r, w: (
        f"afflict {r['n']} of {w.name(r['source'])}: {w.name(r['affected'])} loses "
        f"{r['life']} life ({w.cite(r.rule)})"),
    "human.combat_head": lambda r, w: f"Rules: {r['rules']}. Combat of {w.name(r['active'])}:",
    "human.combat_step": lambda r, w: f"{_STEP[r['step']]}:",
    "human.combat_assignment": lambda r, w: (
        "  assigned: " + (r["text"] or "no damage")
        + (f" (the given assignment for {w.names(r['given'])}; the rest each player's best)"
           if r["given"] else " (each player's best)")),
    "human.combat_dealt": lambda r, w: "  dealt: " + (_amounts(w, r["items"]) or "nothing"),
    "human.combat_prevented": lambda r, w: "  prevented: " + _amounts(w, r["items"], True),
    "human.combat_destroyed": lambda r, w: "  put into the graveyard: " + "; ".join(
        f"{w.name(i)} ({_GONE.get(rule, rule)}, {rule})" for i, rule in r["items"]),
    "human.combat_defeated": lambda r, w: (
        "  defeated, its own trigger waiting: " + w.names(r["items"])),
    "human.combat_lost": lambda r, w: "  lost the game: " + "; ".join(
        f"{w.name(p)} ({rule})" for p, rule in r["items"]),
    "human.combat_after": lambda r, w: "After combat: " + "; ".join(
        w.names(who) + (f" (team {team}, one life total)" if team is not None else "")
        + f" {life} life" + (f", {poison} poison" if poison else "")
        for who, team, life, poison in r["players"]) + ".",
    "human.combat_game_over": sentence(lambda r, w: (
        f"The game is over: nothing happens after {w.names(r['players'])} lost, "
        "not even the end of combat")),
    "human.declarations_illegal": lambda r, w: (
        "Illegal: the declarations break the rules (judged as check judges them); "
            "nothing is resolved."
        if r["status"] == "illegal" else
        "Unknown: the time limit ran out before the declarations were judged."),
    "human.combat_illegal": lambda r, w: "Illegal: the combat stops here.",
    "human.combat_unknown": lambda r, w: (
        "Unknown: the time limit ran out before the combat was settled."),
    "human.combat_triggers": lambda r, w: "Before combat damage, triggered abilities resolve:",
    "human.combat_trigger": lambda r, w: "  " + r["text"],
    "human.combat_not_modelled": lambda r, w: "Not carried out: " + r["text"],
}
