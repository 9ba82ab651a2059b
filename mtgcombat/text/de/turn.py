"""Deutsche Vorlagen: der Zug (``mtgcombat turn``). Die Namen der Phasen und Segmente
stehen im Glossar (:mod:`mtgcombat.text.de.glossary`), wie die deutschen Regeln sie
schreiben."""

from __future__ import annotations

from .. import Phrase, clause
from .glossary import PHASES, STEPS, source_said


def _discard(r, w):
    if r["hand"] is None:
        return (f"{w.name(r['player'])} wirft bis auf die maximale Handkartenzahl von "
                f"{r['size']} ab", "das Spielfeld verzeichnet die Hand nicht")
    if r["discard"]:
        return (f"{w.name(r['player'])} hat {w.count(r['hand'], 'Karte', 'Karten')} auf der "
                f"Hand und wirft {r['discard']} ab, bis auf {r['size']}")
    return (f"{w.name(r['player'])} hat {w.count(r['hand'], 'Karte', 'Karten')} auf der Hand, "
            f"nicht mehr als {r['size']}: kein Abwerfen")


_HAPPENS = {True: "", False: " -- entfällt", None: " -- hängt von den Deklarationen ab"}

T: dict = {
    "turn.untap": clause(lambda r, w: (
        f"alle bleibenden Karten von {w.name(r['player'])} werden enttappt")),
    "turn.upkeep": clause(lambda r, w: (
        "Fähigkeiten, die „zu Beginn des Versorgungssegments“ ausgelöst werden, kommen auf den "
        f"Stapel, dann erhält {w.name(r['player'])} Priorität")),
    "turn.beginning_of_combat": clause(lambda r, w: (
        f"{w.name(r['player'])} erhält Priorität; Fähigkeiten „zu Beginn des Kampfes“ werden "
        "ausgelöst")),
    "turn.end_step": clause(lambda r, w: (
        "Fähigkeiten, die „zu Beginn des Endsegments“ ausgelöst werden, kommen auf den "
        "Stapel")),
    "turn.damage_open": lambda r, w: (
        "was der Schaden bewirkt, hängt von den Blockern ab (mtgcombat combat verrechnet ein "
        "Spielfeld, das sie deklariert)"),
    "turn.draw": clause(lambda r, w: (
        f"{w.name(r['player'])} zieht eine Karte",
        "wer zuerst spielt, überspringt es in seinem ersten Zug")),
    "turn.main": clause(lambda r, w: (
        f"{w.name(r['player'])} darf Zauber wirken und ein Land spielen",
        "höchstens ein Land pro Zug")),
    "turn.attacks_open": Phrase(lambda r, w: f"{w.name(r['player'])} deklariert Angreifer", end=(
        lambda r, w: ": das Spielfeld deklariert keine"
        + (f"; es gibt {'mindestens ' if r['n'] == 2 else ''}"
           f"{w.count(r['n'], 'erlaubte Deklaration', 'erlaubte Deklarationen')} "
           "(mtgcombat attacks listet sie)" if r["n"] is not None else ""))),
    "turn.attacks": Phrase(lambda r, w: f"{w.name(r['player'])} deklariert Angreifer", end=(
        lambda r, w: ": " + w.declaration(r["attacks"], "attacks")
        + (" (die einzige erlaubte Angriffsdeklaration)" if r["assumed"] else ""))),
    "turn.no_attackers": clause(lambda r, w: (
        f"keine Kreaturen greifen an, also entfallen das {STEPS['declare blockers']} und das "
        f"{STEPS['combat damage']}")),
    "turn.blocks_open": Phrase(lambda r, w: "die verteidigenden Spieler deklarieren Blocker",
                               end=lambda r, w: (": das Spielfeld deklariert keine (mtgcombat "
                                                 "blocks listet die erlaubten)")),
    "turn.blocks": Phrase(lambda r, w: "die verteidigenden Spieler deklarieren Blocker", end=(
        lambda r, w: ": " + w.declaration(r["blocks"], "blocks"))),
    "turn.no_first_strike": clause(lambda r, w: (
        "keine angreifende oder blockende Kreatur hat Erstschlag oder Doppelschlag, also gibt "
        f"es kein {STEPS['first-strike combat damage']}")),
    "turn.game_over": clause(lambda r, w: (
        f"das Spiel ist vorbei: {w.names(r['players'])} "
        f"{'hat' if len(r['players']) == 1 else 'haben'} im "
        f"{STEPS[r.get('step') or 'first-strike combat damage']} verloren")),
    "turn.dealt": lambda r, w: (
        f"{w.name(r['source'])} fügt {w.name(r['to'])} {r['amount']} Schaden zu"),
    "turn.prevented": clause(lambda r, w: (
        f"{r['amount']} Schaden von {w.name(r['source'])} an {w.name(r['to'])} wird "
        "verhindert")),
    "turn.destroyed": clause(lambda r, w: (
        f"{w.name(r['id'])} wird auf den Friedhof seines Besitzers gelegt")),
    "turn.lost": clause(lambda r, w: f"{w.name(r['player'])} verliert das Spiel"),
    "turn.end_of_combat": clause(lambda r, w: "jede Kreatur wird aus dem Kampf entfernt"),
    "turn.discard": clause(_discard),
    "turn.damage_wears_off": clause(lambda r, w: (
        "aller Schaden auf bleibenden Karten wird entfernt, und Effekte „bis zum Ende des "
        "Zuges“ und „in diesem Zug“ enden")),
    "turn.cleanup_again": clause(lambda r, w: (
        "führt das zu zustandsbasierten Aktionen oder ausgelösten Fähigkeiten, erhalten die "
        f"Spieler Priorität, und ein weiteres {STEPS['cleanup']} folgt")),
    "turn.trigger": lambda r, w: (
        f"wird ausgelöst ({source_said(r['source'])}), von diesem Ablauf nicht ausgeführt: {r['sentence']}"),
    "human.turn_head": Phrase(lambda r, w: (
        f"Regeln: {w.rules_name(r['rules'])}. Der Zug von {w.name(r['player'])}, Segment für "
        "Segment"), end=":"),
    "human.turn_phase": lambda r, w: f"{PHASES[r['phase']]}:",
    "human.turn_step": Phrase(lambda r, w: f"  {STEPS[r['step']]}",
                              end=lambda r, w: _HAPPENS[r["happens"]] + ":"),
    "human.turn_what": lambda r, w: f"    {r['text']}",
}
