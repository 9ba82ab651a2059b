"""Deutsche Vorlagen: der ganze Kampf (``mtgcombat combat``)."""

from __future__ import annotations

from .glossary import KEYWORDS as _KW

_STEP = {"first": "Erstschlag-Kampfschadensegment (510.4)",
         "regular": "Kampfschadensegment (510)"}

_GONE = {
    "704.5f": "Widerstandskraft 0 oder weniger", "704.5g": "tödlicher Schaden",
    "704.5h": "Todesberührung", "704.5i": "keine Loyalität mehr",
    "704.5v": "keine Verteidigung mehr", "704.5m": "eine Aura, an nichts angelegt",
    "800.4a": "ihr Besitzer hat das Spiel verlassen",
}


def _amounts(w, items, rule=False):
    out = []
    for it in items:
        text = f"{it['amount']} von {w.name(it['source'])} an {w.name(it['to'])}"
        if rule:
            text += f" ({w.cite(it['rule'])})"
        out.append(text)
    return "; ".join(out)


def _pt(r) -> str:
    return f"{r['power']:+d}/{r['toughness']:+d}"


T: dict = {
    "combat.not_modelled": lambda r, w: (
        f"von diesem Kampf nicht ausgeführt ({r['source']}): {r['sentence']}"),
    "combat.provoke": lambda r, w: (
        f"Provozieren von {w.name(r['creature'])} ({w.cite(r.rule)}) wird hier nicht "
        "abgehandelt: gib seinen Effekt auf dem Spielfeld an (\"Target creature blocks ... "
        "this combat if able.\")"),
    "combat.extra_damage": lambda r, w: (
        f"{r['n']} --damage mehr, als es Kampfschadensegmente gab ({r['steps']}) "
        f"({w.cite(r.rule)})."),
    "combat.trigger_exalted": lambda r, w: (
        f"{_KW['exalted']} von {w.name(r['source'])}: {w.name(r['affected'])} greift allein an und "
        f"erhält {_pt(r)} ({w.cite(r.rule)})"),
    "combat.trigger_melee": lambda r, w: (
        f"{_KW['melee']} von {w.name(r['source'])}: {r['n']} "
        f"{'Gegner' if r['n'] != 1 else 'Gegner'} angegriffen, sie erhält {_pt(r)} "
        f"({w.cite(r.rule)})"),
    "combat.trigger_battle_cry": lambda r, w: (
        f"{_KW['battle cry']} von {w.name(r['source'])}: {w.name(r['affected'])} erhält {_pt(r)} "
        f"({w.cite(r.rule)})"),
    "combat.trigger_bushido": lambda r, w: (
        f"{_KW['bushido']} {r['n']} von {w.name(r['source'])}: sie erhält {_pt(r)} "
        f"({w.cite(r.rule)})"),
    "combat.trigger_flanking": lambda r, w: (
        f"{_KW['flanking']} von {w.name(r['source'])}: {w.name(r['affected'])}, die sie ohne "
        f"{_KW['flanking']} blockt, erhält {_pt(r)} ({w.cite(r.rule)})"),
    "combat.trigger_rampage": lambda r, w: (
        f"{_KW['rampage']} {r['n']} von {w.name(r['source'])}: sie erhält {_pt(r)} für die "
        f"Kreaturen, die sie über die erste hinaus blocken ({w.cite(r.rule)})"),
    "combat.trigger_afflict": lambda r, w: (
        f"{_KW['afflict']} {r['n']} von {w.name(r['source'])}: {w.name(r['affected'])} verliert "
        f"{r['life']} Lebenspunkte ({w.cite(r.rule)})"),
    "human.combat_head": lambda r, w: (
        f"Regeln: {r['rules']}. Kampf von {w.name(r['active'])}:"),
    "human.combat_step": lambda r, w: f"{_STEP[r['step']]}:",
    "human.combat_assignment": lambda r, w: (
        "  zugewiesen: " + (r["text"] or "kein Schaden")
        + (f" (die angegebene Zuweisung für {w.names(r['given'])}; der Rest das Beste jedes "
           "Spielers)" if r["given"] else " (das Beste jedes Spielers)")),
    "human.combat_dealt": lambda r, w: "  zugefügt: " + (_amounts(w, r["items"]) or "nichts"),
    "human.combat_prevented": lambda r, w: "  verhindert: " + _amounts(w, r["items"], True),
    "human.combat_destroyed": lambda r, w: "  auf den Friedhof gelegt: " + "; ".join(
        f"{w.name(i)} ({_GONE.get(rule, rule)}, {rule})" for i, rule in r["items"]),
    "human.combat_defeated": lambda r, w: (
        "  besiegt, ihre eigene Fähigkeit wartet: " + w.names(r["items"])),
    "human.combat_lost": lambda r, w: "  hat das Spiel verloren: " + "; ".join(
        f"{w.name(p)} ({rule})" for p, rule in r["items"]),
    "human.combat_after": lambda r, w: "Nach dem Kampf: " + "; ".join(
        f"{w.name(p)} {life} Lebenspunkte" + (f", {poison} Giftmarken" if poison else "")
        for p, life, poison in r["players"]) + ".",
    "human.combat_illegal": lambda r, w: "Nicht erlaubt: der Kampf endet hier.",
    "human.combat_unknown": lambda r, w: (
        "Unbekannt: das Zeitlimit lief ab, bevor der Kampf feststand."),
    "human.combat_triggers": lambda r, w: (
        "Vor dem Kampfschaden werden ausgelöste Fähigkeiten verrechnet:"),
    "human.combat_trigger": lambda r, w: "  " + r["text"],
    "human.combat_not_modelled": lambda r, w: "Nicht ausgeführt: " + r["text"],
}
