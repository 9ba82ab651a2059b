"""Deutsche Vorlagen: der Zug (``mtgcombat turn``)."""

from __future__ import annotations

PHASES = {"beginning": "Anfangsphase", "precombat main": "Vor-dem-Kampf-Hauptphase",
          "combat": "Kampfphase", "postcombat main": "Nach-dem-Kampf-Hauptphase",
          "ending": "Endphase"}

STEPS = {"untap": "Enttappsegment", "upkeep": "Versorgungssegment", "draw": "Ziehsegment",
         "precombat main": "Hauptphase", "beginning of combat": "Segment des Kampfbeginns",
         "declare attackers": "Segment Angreifer deklarieren",
         "declare blockers": "Segment Blocker deklarieren",
         "first-strike combat damage": "Erstschlag-Kampfschadensegment",
         "combat damage": "Kampfschadensegment", "end of combat": "Segment des Kampfendes",
         "postcombat main": "Hauptphase", "end": "Endsegment", "cleanup": "Aufräumsegment"}


def _decl(w, pairs) -> str:
    return "; ".join(f"{w.name(a)} -> {w.name(t)}" for a, t in pairs)


def _blocks(w, pairs) -> str:
    return "; ".join(f"{w.name(b)} -> {w.names(a)}" for b, a in pairs)


def _discard(r, w) -> str:
    if r["hand"] is None:
        return (f"{w.name(r['player'])} wirft bis auf die maximale Handkartenzahl von "
                f"{r['size']} ab ({w.cite(r.rule)}); das Spielfeld verzeichnet die Hand nicht")
    if r["discard"]:
        return (f"{w.name(r['player'])} hat {r['hand']} Karten auf der Hand und wirft "
                f"{r['discard']} ab, bis auf {r['size']} ({w.cite(r.rule)})")
    return (f"{w.name(r['player'])} hat {r['hand']} Karten auf der Hand, nicht mehr als "
            f"{r['size']}: kein Abwerfen ({w.cite(r.rule)})")


T: dict = {
    "turn.untap": lambda r, w: (
        f"{w.name(r['player'])} enttappt alle seine bleibenden Karten ({w.cite(r.rule)})"),
    "turn.upkeep": lambda r, w: (
        "Fähigkeiten, die „zu Beginn des Versorgungssegments“ ausgelöst werden, kommen auf den "
        f"Stapel, dann erhält {w.name(r['player'])} Priorität ({w.cite(r.rule)})"),
    "turn.beginning_of_combat": lambda r, w: (
        f"{w.name(r['player'])} erhält Priorität; Fähigkeiten „zu Beginn des Kampfes“ werden "
        f"ausgelöst ({w.cite(r.rule)})"),
    "turn.end_step": lambda r, w: (
        "Fähigkeiten, die „zu Beginn des Endsegments“ ausgelöst werden, kommen auf den Stapel "
        f"({w.cite(r.rule)})"),
    "turn.damage_open": lambda r, w: (
        "was der Schaden bewirkt, hängt von den Blockern ab (mtgcombat combat verrechnet ein "
        "Spielfeld, das sie deklariert)"),
    "turn.draw": lambda r, w: (
        f"{w.name(r['player'])} zieht eine Karte ({w.cite(r.rule)}; wer zuerst spielt, "
        "überspringt es in seinem ersten Zug, 103.8a)"),
    "turn.main": lambda r, w: (
        f"{w.name(r['player'])} darf Zauber wirken und ein Land spielen "
        f"({w.cite(r.rule)}; höchstens ein Land pro Zug, 305.2)"),
    "turn.attacks_open": lambda r, w: (
        f"{w.name(r['player'])} deklariert Angreifer ({w.cite(r.rule)}): das Spielfeld "
        "deklariert keine"
        + (f"; es gibt {'mindestens ' if r['n'] == 2 else ''}{r['n']} erlaubte "
           "Deklarationen (mtgcombat attacks listet sie)" if r["n"] is not None else "")),
    "turn.attacks": lambda r, w: (
        f"{w.name(r['player'])} deklariert Angreifer ({w.cite(r.rule)}): "
        + (_decl(w, r["attacks"]) or "keine")
        + (" (die einzige erlaubte Angriffsdeklaration)" if r["assumed"] else "")),
    "turn.no_attackers": lambda r, w: (
        "keine Kreaturen greifen an, also entfallen die Segmente Blocker deklarieren und "
        f"Kampfschaden ({w.cite(r.rule)})"),
    "turn.blocks_open": lambda r, w: (
        f"die verteidigenden Spieler deklarieren Blocker ({w.cite(r.rule)}): das Spielfeld "
        "deklariert keine (mtgcombat blocks listet die erlaubten)"),
    "turn.blocks": lambda r, w: (
        f"die verteidigenden Spieler deklarieren Blocker ({w.cite(r.rule)}): "
        + (_blocks(w, r["blocks"]) or "keine")),
    "turn.no_first_strike": lambda r, w: (
        "keine angreifende oder blockende Kreatur hat Erstschlag oder Doppelschlag, also gibt "
        f"es kein Erstschlag-Kampfschadensegment ({w.cite(r.rule)})"),
    "turn.game_over": lambda r, w: (
        f"das Spiel ist vorbei: {w.names(r['players'])} "
        f"{'hat' if len(r['players']) == 1 else 'haben'} im "
        f"{STEPS[r.get('step') or 'first-strike combat damage']} verloren ({w.cite(r.rule)})"),
    "turn.dealt": lambda r, w: (
        f"{w.name(r['source'])} fügt {w.name(r['to'])} {r['amount']} Schaden zu"),
    "turn.prevented": lambda r, w: (
        f"{r['amount']} Schaden von {w.name(r['source'])} an {w.name(r['to'])} wird "
        f"verhindert ({w.cite(r.rule)})"),
    "turn.destroyed": lambda r, w: (
        f"{w.name(r['id'])} wird auf den Friedhof seines Besitzers gelegt ({w.cite(r.rule)})"),
    "turn.lost": lambda r, w: (
        f"{w.name(r['player'])} verliert das Spiel ({w.cite(r.rule)})"),
    "turn.end_of_combat": lambda r, w: (
        f"jede Kreatur wird aus dem Kampf entfernt ({w.cite(r.rule)})"),
    "turn.discard": _discard,
    "turn.damage_wears_off": lambda r, w: (
        "aller Schaden auf bleibenden Karten wird entfernt, und Effekte „bis zum Ende des "
        f"Zuges“ und „in diesem Zug“ enden ({w.cite(r.rule)})"),
    "turn.cleanup_again": lambda r, w: (
        "führt das zu zustandsbasierten Aktionen oder ausgelösten Fähigkeiten, erhalten die "
        f"Spieler Priorität, und ein weiteres Aufräumsegment folgt ({w.cite(r.rule)})"),
    "turn.trigger": lambda r, w: (
        f"wird ausgelöst ({r['source']}), von diesem Ablauf nicht ausgeführt: {r['sentence']}"),
    "human.turn_head": lambda r, w: (
        f"Regeln: {r['rules']}. Der Zug von {w.name(r['player'])}, Segment für Segment "
        "(500-514):"),
    "human.turn_phase": lambda r, w: f"{PHASES[r['phase']]}:",
    "human.turn_step": lambda r, w: (
        f"  {STEPS[r['step']]} ({w.cite(r['rule'])})"
        + {True: "", False: " -- entfällt",
           None: " -- hängt von den Deklarationen ab"}[r["happens"]] + ":"),
    "human.turn_what": lambda r, w: f"    {r['text']}",
}
