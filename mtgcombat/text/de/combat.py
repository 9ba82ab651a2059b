"""Deutsche Vorlagen: der ganze Kampf (``mtgcombat combat``)."""

from __future__ import annotations

from .. import Phrase, clause, sentence
from ..citations import SBA
from .glossary import KEYWORDS, STEPS, source_said

_STEP = {"first": STEPS["first-strike combat damage"], "regular": STEPS["combat damage"]}

#: Was eine zustandsbasierte Aktion geprüft hat (text.citations.SBA).
_GONE = {
    "toughness": "Widerstandskraft 0 oder weniger", "lethal_damage": "tödlicher Schaden",
    "deathtouch": "Todesberührung", "loyalty": "keine Loyalität mehr",
    "defense": "keine Verteidigung mehr", "aura": "eine Aura, an nichts angelegt",
    "owner_left": "ihr Besitzer hat das Spiel verlassen",
}


def _gone(w, rule):
    return f"{_GONE[SBA[rule]]}, {w.cite(rule)}" if rule in SBA else w.cite(rule)


def _amounts(w, items, rule=False):
    return "; ".join(f"{it['amount']} Schaden von {w.name(it['source'])} an {w.name(it['to'])}"
                     + (f" ({w.cite(it['rule'])})" if rule else "") for it in items)


def _pt(r) -> str:
    return f"{r['power']:+d}/{r['toughness']:+d}"


T: dict = {
    # ein Satz, den dieser Kampf nicht ausführt (die Überschrift sagt es)
    "combat.not_modelled": lambda r, w: f"{r['sentence']} ({source_said(r['source'])})",
    "combat.static_left": lambda r, w: (
        f"{r['sentence']} ({source_said(r['source'])} hat das Spielfeld während des Kampfes "
        f"verlassen: sein Effekt endete ({w.cite(r.rule)}), und die Werte des Spielfelds, "
        f"die ihn enthalten, werden nicht geändert)"),
    "combat.decayed": Phrase(lambda r, w: (
        f"{KEYWORDS['decayed']} von {w.name(r['creature'])}"), end=(
        lambda r, w: ": sie hat angegriffen und wird am Ende des Kampfes geopfert; das "
        "Spielfeld nach dem Kampf zeigt sie noch")),
    "combat.provoke": Phrase(lambda r, w: (
        f"{KEYWORDS['provoke']} von {w.name(r['creature'])}"), end=(
        lambda r, w: " wird hier nicht abgehandelt: gib seinen Effekt auf dem Spielfeld an "
        "(\"Target creature blocks ... this combat if able.\")")),
    "combat.extra_damage": sentence(lambda r, w: (
        f"{r['n']} --damage mehr, als es Kampfschadensegmente gab", str(r["steps"]))),
    "combat.trigger_exalted": clause(lambda r, w: (
        f"{KEYWORDS['exalted']} von {w.name(r['source'])}: {w.name(r['affected'])} greift "
        f"allein an und erhält {_pt(r)}")),
    "combat.trigger_melee": clause(lambda r, w: (
        f"{KEYWORDS['melee']} von {w.name(r['source'])}: {r['n']} Gegner angegriffen, sie "
        f"erhält {_pt(r)}")),
    "combat.trigger_battle_cry": clause(lambda r, w: (
        f"{KEYWORDS['battle cry']} von {w.name(r['source'])}: {w.name(r['affected'])} erhält "
        f"{_pt(r)}")),
    "combat.trigger_bushido": clause(lambda r, w: (
        f"{KEYWORDS['bushido']} {r['n']} von {w.name(r['source'])}: sie erhält {_pt(r)}")),
    "combat.trigger_flanking": clause(lambda r, w: (
        f"{KEYWORDS['flanking']} von {w.name(r['source'])}: {w.name(r['affected'])}, die sie "
        f"ohne {KEYWORDS['flanking']} blockt, erhält {_pt(r)}")),
    "combat.trigger_rampage": clause(lambda r, w: (
        f"{KEYWORDS['rampage']} {r['n']} von {w.name(r['source'])}: sie erhält {_pt(r)} für die "
        "Kreaturen, die sie über die erste hinaus blocken")),
    "combat.trigger_afflict": clause(lambda r, w: (
        f"{KEYWORDS['afflict']} {r['n']} von {w.name(r['source'])}: {w.name(r['affected'])} "
        "verliert "
        f"{w.count(r['life'], 'Lebenspunkt', 'Lebenspunkte')}")),
    "human.combat_head": lambda r, w: (
        f"Regeln: {w.rules_name(r['rules'])}. Kampf von {w.name(r['active'])}:"),
    "human.combat_step": Phrase(lambda r, w: _STEP[r["step"]], end=":"),
    "human.combat_assignment": lambda r, w: (
        "  zugewiesen: " + (r["text"] or "kein Schaden")
        + (f" (die angegebene Zuweisung für {w.names(r['given'])}; sonst die beste Zuweisung "
           "jedes Spielers)" if r["given"] else " (die beste Zuweisung jedes Spielers)")),
    "human.combat_dealt": lambda r, w: "  zugefügt: " + (_amounts(w, r["items"]) or "nichts"),
    "human.combat_prevented": lambda r, w: "  verhindert: " + _amounts(w, r["items"], True),
    "human.combat_destroyed": lambda r, w: "  auf den Friedhof gelegt: " + "; ".join(
        f"{w.name(i)} ({_gone(w, rule)})" for i, rule in r["items"]),
    "human.combat_defeated": lambda r, w: (
        "  besiegt, ihre eigene Fähigkeit wartet: " + w.names(r["items"])),
    "human.combat_lost": lambda r, w: "  hat das Spiel verloren: " + "; ".join(
        f"{w.name(p)} ({w.cite(rule)})" for p, rule in r["items"]),
    "human.combat_after": lambda r, w: "Nach dem Kampf: " + "; ".join(
        w.names(who) + (f" (Team {team}, eine gemeinsame Lebenspunktzahl)"
                        if team is not None else "")
        + f" {w.count(life, 'Lebenspunkt', 'Lebenspunkte')}"
        + (f", {w.count(poison, 'Giftmarke', 'Giftmarken')}" if poison else "")
        for who, team, life, poison in r["players"]) + ".",
    "human.combat_game_over": sentence(lambda r, w: (
        f"Das Spiel ist vorbei: nachdem {w.names(r['players'])} verloren "
        f"{'hat' if len(r['players']) == 1 else 'haben'}, geschieht nichts mehr, nicht einmal "
        "das Kampfende")),
    "human.declarations_illegal": lambda r, w: (
        "Nicht erlaubt: Die Deklarationen verstoßen gegen die Regeln (beurteilt wie "
            "von check); nichts wird verrechnet."
        if r["status"] == "illegal" else
        "Unbekannt: das Zeitlimit lief ab, bevor die Deklarationen beurteilt waren."),
    "human.combat_illegal": lambda r, w: "Nicht erlaubt: der Kampf endet hier.",
    "human.combat_unknown": lambda r, w: (
        "Unbekannt: das Zeitlimit lief ab, bevor der Kampf feststand."),
    "human.combat_triggers": lambda r, w: (
        "Vor dem Kampfschaden werden ausgelöste Fähigkeiten verrechnet:"),
    "human.combat_trigger": lambda r, w: "  " + r["text"],
    "human.combat_not_modelled": lambda r, w: (
        "Von diesem Kampf nicht ausgeführt: " + r["text"]),
}
