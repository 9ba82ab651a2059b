"""English templates: the whole combat (``mtgcombat combat``)."""

from __future__ import annotations

from .. import Phrase, clause, sentence
from ..citations import SBA

_STEP = {"first": "First-strike combat damage step", "regular": "Combat damage step"}

#: What a state-based action looked at (text.citations.SBA).
_GONE = {
    "toughness": "toughness 0 or less", "lethal_damage": "lethal damage",
    "deathtouch": "deathtouch", "loyalty": "no loyalty left", "defense": "no defense left",
    "aura": "an Aura attached to nothing", "owner_left": "its owner left the game",
}


def _gone(w, rule):
    return f"{_GONE[SBA[rule]]}, {w.cite(rule)}" if rule in SBA else w.cite(rule)


def _amounts(w, items, rule=False):
    return "; ".join(f"{it['amount']} from {w.name(it['source'])} to {w.name(it['to'])}"
                     + (f" ({w.cite(it['rule'])})" if rule else "") for it in items)


def _pt(r) -> str:
    return f"{r['power']:+d}/{r['toughness']:+d}"


T: dict = {
    "error.combat_no_attacks": lambda r, w: (
        "combat: the board declares no attacks; give --attacks or a board that declares them"),
    # a sentence this combat does not carry out (the heading says so)
    "combat.not_modelled": lambda r, w: f"{r['sentence']} ({r['source']})",
    "combat.static_left": lambda r, w: (
        f"{r['sentence']} ({r['source']} left the battlefield during combat: its effect ended "
        f"({w.cite(r.rule)}), and the board's values, which include it, are not changed)"),
    "combat.provoke": Phrase(lambda r, w: f"provoke of {w.name(r['creature'])}", end=(
        lambda r, w: " is not resolved here: give its effect on the board (\"Target creature "
        "blocks ... this combat if able.\")")),
    "combat.decayed": Phrase(lambda r, w: f"decayed of {w.name(r['creature'])}", end=(
        lambda r, w: ": it attacked, so it is sacrificed at end of combat; the board after "
        "combat still shows it")),
    "combat.extra_damage": sentence(lambda r, w: (
        f"{r['n']} more --damage than there were combat damage steps", str(r["steps"]))),
    "combat.trigger_exalted": clause(lambda r, w: (
        f"exalted of {w.name(r['source'])}: {w.name(r['affected'])} attacks alone and gets "
        f"{_pt(r)}")),
    "combat.trigger_melee": clause(lambda r, w: (
        f"melee of {w.name(r['source'])}: {w.count(r['n'], 'opponent', 'opponents')} "
        f"attacked, it gets {_pt(r)}")),
    "combat.trigger_battle_cry": clause(lambda r, w: (
        f"battle cry of {w.name(r['source'])}: {w.name(r['affected'])} gets {_pt(r)}")),
    "combat.trigger_bushido": clause(lambda r, w: (
        f"bushido {r['n']} of {w.name(r['source'])}: it gets {_pt(r)}")),
    "combat.trigger_flanking": clause(lambda r, w: (
        f"flanking of {w.name(r['source'])}: {w.name(r['affected'])}, blocking it without "
        f"flanking, gets {_pt(r)}")),
    "combat.trigger_rampage": clause(lambda r, w: (
        f"rampage {r['n']} of {w.name(r['source'])}: it gets {_pt(r)} for the creatures "
        "blocking it beyond the first")),
    "combat.trigger_afflict": clause(lambda r, w: (
        f"afflict {r['n']} of {w.name(r['source'])}: {w.name(r['affected'])} loses "
        f"{r['life']} life")),
    "human.combat_head": lambda r, w: f"Rules: {r['rules']}. Combat of {w.name(r['active'])}:",
    "human.combat_step": Phrase(lambda r, w: _STEP[r["step"]], end=":"),
    "human.combat_assignment": lambda r, w: (
        "  assigned: " + (r["text"] or "no damage")
        + (f" (the given assignment for {w.names(r['given'])}; the rest each player's best)"
           if r["given"] else " (each player's best)")),
    "human.combat_dealt": lambda r, w: "  dealt: " + (_amounts(w, r["items"]) or "nothing"),
    "human.combat_prevented": lambda r, w: "  prevented: " + _amounts(w, r["items"], True),
    "human.combat_destroyed": lambda r, w: "  put into the graveyard: " + "; ".join(
        f"{w.name(i)} ({_gone(w, rule)})" for i, rule in r["items"]),
    "human.combat_defeated": lambda r, w: (
        "  defeated, its own trigger waiting: " + w.names(r["items"])),
    "human.combat_lost": lambda r, w: "  lost the game: " + "; ".join(
        f"{w.name(p)} ({w.cite(rule)})" for p, rule in r["items"]),
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
    "human.combat_not_modelled": lambda r, w: "Not carried out by this combat: " + r["text"],
}
