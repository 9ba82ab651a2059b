"""Deutsche Vorlagen: Kampfschaden (510.1) -- wer ihn zuweist, wem, und warum eine
Zuweisung nicht erlaubt ist."""

from __future__ import annotations


def _n(w, r, key):
    return w.name(r[key])


def _threshold(r, w):
    kind, n = r["kind"], r["n"]
    if kind == "creature":
        dt = " (1 von einer Quelle mit Todesberührung, 702.2c)" if r["deathtouch"] else ""
        return f"tödlich {n}{dt}"
    if kind == "planeswalker":
        return f"Loyalität {n}"
    if kind == "battle":
        return f"Verteidigung {n}"
    return "Spieler"


def _lethal(r):
    if r.get("deathtouch"):
        return (f"den tödlichen Schaden von {r['need']}, den sie braucht (von einer Quelle mit "
                "Todesberührung, 702.2c)")
    return f"den tödlichen Schaden von {r['need']}, den sie braucht"


def _bad_recipient(r, w):
    s, where = _n(w, r, "source"), r["where"]
    reach = " und ".join(w.name(x) for x in r["reach"])
    if where == "unblocked":
        why = f"sie ist ungeblockt und greift {w.name(r['target'])} an"
    elif where == "target_left":
        why = f"was sie angriff, hat den Kampf verlassen; sie kann nur {reach} Schaden zuweisen"
    elif where == "blocked":
        why = "sie kann nur den Kreaturen Schaden zuweisen, die sie blocken" + (
            f", und (Trampelschaden) {reach}" if r["trample"] and reach else "")
    else:
        why = "sie kann nur den Kreaturen Schaden zuweisen, die sie blockt"
    rules = " und ".join(w.cite(x) for x in r["rules"])
    return f"{s} kann {_n(w, r, 'recipient')} keinen Schaden zuweisen: {why} ({rules})."


def _two_short(r, w):
    parts = ", ".join(f"{w.name(x)} ({have} von den {thr} zugewiesen, die tödlich wären)"
                      for x, have, thr in r["short"])
    return (f"{_n(w, r, 'source')} weist Schaden zu an {parts}: in welcher "
            "Schadenszuweisungsreihenfolge auch immer, die erste von ihnen würde ohne "
            f"tödlichen Schaden übersprungen ({w.cite(r['order_rule'])}, {w.cite(r.rule)}).")


T: dict = {
    "damage.threshold": _threshold,
    "silent.no_first_strike": lambda r, w: (
        f"{_n(w, r, 'creature')} hat weder Erstschlag noch Doppelschlag, also weist sie im "
        "Erstschlag-Kampfschadensegment keinen Schaden zu"),
    "silent.had_first_strike": lambda r, w: (
        f"{_n(w, r, 'creature')} hatte Erstschlag oder Doppelschlag, als das erste "
        "Kampfschadensegment begann, und hat jetzt keinen Doppelschlag, also weist sie im "
        "zweiten keinen Schaden zu (702.4c, 702.7c)"),
    "silent.struck_first": lambda r, w: (
        f"{_n(w, r, 'creature')} hat Erstschlag (und keinen Doppelschlag), also hat sie ihren "
        "Schaden im Erstschlag-Kampfschadensegment zugewiesen"),
    "silent.no_power": lambda r, w: (
        f"{_n(w, r, 'creature')} hat "
        f"{'Widerstandskraft' if r.get('toughness') else 'Stärke'} {r['power']}, also weist "
        "sie keinen Kampfschaden zu"
        + (" (sie weist Kampfschaden in Höhe ihrer Widerstandskraft zu)"
           if r.get('toughness') else "")),
    "silent.assigns_no_damage": lambda r, w: (
        f"{_n(w, r, 'creature')} weist in diesem Kampf keinen Kampfschaden zu (ein Effekt "
        "sagt es)"),
    "silent.player_left": lambda r, w: (
        f"{_n(w, r, 'creature')} ist ungeblockt, und {w.name(r['player'])}, der Spieler, den "
        "sie angreift, hat das Spiel verlassen; ihr Kampfschaden wird nicht zugewiesen "
        "(800.4e)"),
    "silent.target_left": lambda r, w: (
        f"{_n(w, r, 'creature')} ist ungeblockt, und "
        f"{'der Planeswalker' if r['walker'] else 'die Schlacht'}, den/die sie angriff, hat den "
        "Kampf verlassen; sie greift nichts an und weist keinen Kampfschaden zu (506.4c)"),
    "silent.nowhere": lambda r, w: (
        f"{_n(w, r, 'creature')} ist geblockt, keine Kreatur blockt sie mehr, und was sie "
        "angriff, hat den Kampf verlassen; ihr Schaden kann nirgendwohin gehen"),
    "silent.blockers_gone": lambda r, w: (
        f"{_n(w, r, 'creature')} ist geblockt, aber keine Kreatur blockt sie mehr, also weist "
        "sie keinen Kampfschaden zu"),
    "damage.silent": lambda r, w: f"{w(r['why'])} ({w.cite(r.rule)}).",
    "damage.not_in_combat": lambda r, w: (
        f"{_n(w, r, 'creature')} greift weder an noch blockt, also weist sie keinen "
        "Kampfschaden zu (510.1)."),
    "damage.bad_recipient": _bad_recipient,
    "damage.wrong_total": lambda r, w: (
        f"{_n(w, r, 'source')} weist {r['total']} Schaden zu, muss aber ihren ganzen Schaden "
        f"zuweisen, {r['power']} (ihre Stärke) (510.1a)."),
    "damage.trample_short": lambda r, w: (
        f"{_n(w, r, 'source')} hat Trampelschaden, aber {_n(w, r, 'blocker')}, die sie "
        f"blockt, wird {r['have']} Schaden zugewiesen, weniger als {_lethal(r)}, also darf "
        f"{_n(w, r, 'recipient')} kein Schaden zugewiesen werden ({w.cite(r.rule)})."),
    "damage.order_short": lambda r, w: (
        f"{_n(w, r, 'source')} weist {_n(w, r, 'recipient')} {r['amount']} Schaden zu, aber "
        f"{_n(w, r, 'blocker')} steht in der Schadenszuweisungsreihenfolge von "
        f"{_n(w, r, 'source')} davor und wird {r['have']} Schaden zugewiesen, weniger als "
        f"{_lethal(r)} ({w.cite(r.rule)})."),
    "damage.loyalty_short": lambda r, w: (
        f"{_n(w, r, 'source')} hat Trampelschaden über Planeswalker, aber "
        f"{_n(w, r, 'walker')} wird {r['have']} Schaden zugewiesen, weniger als seine "
        f"Loyalität {r['need']}, also darf {_n(w, r, 'recipient')} kein Schaden zugewiesen "
        f"werden ({w.cite(r.rule)})."),
    "damage.two_short": _two_short,
}
