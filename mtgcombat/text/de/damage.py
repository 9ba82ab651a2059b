"""Deutsche Vorlagen: Kampfschaden (510.1) -- wer ihn zuweist, wem, und warum eine
Zuweisung nicht erlaubt ist."""

from __future__ import annotations

from .. import clause, sentence
from .glossary import KEYWORDS



def _threshold(r, w):
    kind, n = r["kind"], r["n"]
    if kind == "creature":
        return (f"tödlich {n}",
                "1 von einer Quelle mit Todesberührung" if r["deathtouch"] else None)
    if kind == "planeswalker":
        return f"Loyalität {n}"
    if kind == "battle":
        return f"Verteidigung {n}"
    return "Spieler"


def _lethal(r):
    if r.get("deathtouch"):
        return (f"den tödlichen Schaden von {r['need']}, den sie von einer Quelle mit "
                "Todesberührung braucht")
    return f"den tödlichen Schaden von {r['need']}, den sie braucht"


def _bad_recipient(r, w):
    s, where = w.of(r, "source"), r["where"]
    reach = " und ".join(w.name(x) for x in r["reach"])
    if where == "unblocked":
        why = f"sie ist ungeblockt und greift {w.name(r['target'])} an"
    elif where == "target_left":
        why = f"was sie angriff, hat den Kampf verlassen; sie kann nur {reach} Schaden zuweisen"
    elif where == "blocked":
        why = "sie kann nur den Kreaturen Schaden zuweisen, die sie blocken" + (
            f", und ({KEYWORDS['trample']}) {reach}" if r["trample"] and reach else "")
    else:
        why = "sie kann nur den Kreaturen Schaden zuweisen, die sie blockt"
    return f"{s} kann {w.of(r, 'recipient')} keinen Schaden zuweisen: {why}"


def _two_short(r, w):
    parts = ", ".join(f"{w.name(x)} ({have} von den {thr} zugewiesen, die tödlich wären)"
                      for x, have, thr in r["short"])
    return (f"{w.of(r, 'source')} weist Schaden zu an {parts}: in welcher "
            "Schadenszuweisungsreihenfolge auch immer, die erste von ihnen würde ohne "
            "tödlichen Schaden übersprungen")


T: dict = {
    "damage.threshold": clause(_threshold),
    "silent.no_first_strike": clause(lambda r, w: (
        f"{w.of(r, 'creature')} hat weder Erstschlag noch Doppelschlag, also weist sie im "
        "Erstschlag-Kampfschadensegment keinen Schaden zu")),
    "silent.had_first_strike": clause(lambda r, w: (
        f"{w.of(r, 'creature')} hatte Erstschlag oder Doppelschlag, als das erste "
        "Kampfschadensegment begann, und hat jetzt keinen Doppelschlag, also weist sie im "
        "zweiten keinen Schaden zu")),
    "silent.struck_first": clause(lambda r, w: (
        f"{w.of(r, 'creature')} hat Erstschlag (und keinen Doppelschlag), also hat sie ihren "
        "Schaden im Erstschlag-Kampfschadensegment zugewiesen")),
    "silent.no_power": clause(lambda r, w: (
        f"{w.of(r, 'creature')} hat "
        f"{'Widerstandskraft' if r.get('toughness') else 'Stärke'} {r['power']}, also weist "
        "sie keinen Kampfschaden zu"
        + (" (sie weist Kampfschaden in Höhe ihrer Widerstandskraft zu)"
           if r.get('toughness') else ""))),
    "silent.assigns_no_damage": clause(lambda r, w: (
        f"{w.of(r, 'creature')} weist in diesem Kampf keinen Kampfschaden zu (ein Effekt "
        "sagt es)")),
    "silent.player_left": clause(lambda r, w: (
        f"{w.of(r, 'creature')} ist ungeblockt, und {w.name(r['player'])}, der Spieler, den "
        "sie angreift, hat das Spiel verlassen; ihr Kampfschaden wird nicht zugewiesen")),
    "silent.target_left": clause(lambda r, w: (
        f"{w.of(r, 'creature')} ist ungeblockt, und "
        f"{'der Planeswalker, den' if r['walker'] else 'die Schlacht, die'} sie angriff, hat den "
        "Kampf verlassen; sie greift nichts an und weist keinen Kampfschaden zu")),
    "silent.nowhere": clause(lambda r, w: (
        f"{w.of(r, 'creature')} ist geblockt, keine Kreatur blockt sie mehr, und was sie "
        "angriff, hat den Kampf verlassen; ihr Schaden kann nirgendwohin gehen")),
    "silent.blockers_gone": clause(lambda r, w: (
        f"{w.of(r, 'creature')} ist geblockt, aber keine Kreatur blockt sie mehr, also weist "
        "sie keinen Kampfschaden zu")),
    # der Grund (ein „silent.*“-Satzteil) zitiert die Regel, dieselbe wie dieser
    "damage.silent": lambda r, w: w(r["why"]) + ".",
    "damage.not_in_combat": sentence(lambda r, w: (
        f"{w.of(r, 'creature')} greift weder an noch blockt, also weist sie keinen "
        "Kampfschaden zu")),
    "damage.bad_recipient": sentence(_bad_recipient),
    "damage.wrong_total": sentence(lambda r, w: (
        f"{w.of(r, 'source')} weist {r['total']} Schaden zu, muss aber ihren ganzen Schaden "
        f"zuweisen, {r['power']}", "ihre Stärke")),
    "damage.trample_short": sentence(lambda r, w: (
        f"{w.of(r, 'source')} hat {KEYWORDS['trample']}, aber {w.of(r, 'blocker')}, die sie "
        f"blockt, wird {r['have']} Schaden zugewiesen, weniger als {_lethal(r)}, also darf "
        f"{w.of(r, 'recipient')} kein Schaden zugewiesen werden")),
    "damage.order_short": sentence(lambda r, w: (
        f"{w.of(r, 'source')} weist {w.of(r, 'recipient')} {r['amount']} Schaden zu, aber "
        f"{w.of(r, 'blocker')} steht in der Schadenszuweisungsreihenfolge von "
        f"{w.of(r, 'source')} davor und wird {r['have']} Schaden zugewiesen, weniger als "
        f"{_lethal(r)}")),
    "damage.loyalty_short": sentence(lambda r, w: (
        f"{w.of(r, 'source')} hat {KEYWORDS['trample over planeswalkers']}, aber "
        f"{w.of(r, 'walker')} wird {r['have']} Schaden zugewiesen, weniger als seine "
        f"Loyalität {r['need']}, also darf {w.of(r, 'recipient')} kein Schaden zugewiesen "
        "werden")),
    "damage.two_short": sentence(_two_short),
}
