"""Deutsche Vorlagen: ausgelöste Fähigkeiten und Kampftricks, wie sie verrechnet werden
(der Stapel eines Kampfes, :mod:`mtgcombat.rules.stack`), und die Entscheidungen dafür."""

from __future__ import annotations

_HOW = {"destroy": "wird zerstört", "sacrifice": "wird geopfert", "exile": "wird ins Exil geschickt",
        "hand": "wird auf die Hand ihres Besitzers zurückgebracht",
        "library": "wird oben auf die Bibliothek ihres Besitzers gelegt"}
_WHAT = {"targets": "Ziele", "may": "„du kannst“", "exert": "Erschöpfen",
         "attacking": "was sie angreift", "mode": "Modus", "amounts": "Aufteilung"}


def _value(w, what, value):
    if what in ("may", "exert"):
        return "ja" if value else "nein"
    if isinstance(value, tuple):
        return w.join([w.name(v) if v else "kein Ziel" for v in value]) or "keine"
    if value == "":
        return "kein Ziel"
    return w.name(value) if isinstance(value, str) else str(value)


def _ability(r, w):
    src = r["source"]
    who = w.name(src) if src else "ein Effekt"
    line = r.get("ability") or 0
    inst = r.get("instance") or 1
    return (f"{who}" + (f", Fähigkeit {line}" if line else "")
            + (f" ({inst}. Mal)" if inst and inst > 1 else ""))


def _options(r, w, what):
    return w.join([_value(w, what, o) for o in r["options"]], "or")


_STEP = {"beginning of combat": "Beginn des Kampfes", "declare attackers": "Angreifer deklarieren",
         "declare blockers": "Blocker deklarieren",
         "first-strike combat damage": "Erstschlag-Kampfschaden",
         "combat damage": "Kampfschaden", "end of combat": "Ende des Kampfes"}


T: dict = {
    "stack.trigger": lambda r, w: (
        f"{w.name(r['source']) if r['source'] else 'ein Effekt'}: {w.quote(str(r['text']))} "
        f"wird verrechnet ({w.cite(r.rule)})"),
    "stack.trick": lambda r, w: (
        f"Effekt {r['effect'] + 1} ({w.quote(str(r['text']))}) wird verrechnet "
        f"({w.cite(r.rule)})"),
    "stack.pt": lambda r, w: (
        f"{w.name(r['who'])} erhält {r['power']:+d}/{r['toughness']:+d} bis zum Ende des "
        f"Zuges ({w.cite(r.rule)})"),
    "stack.effect": lambda r, w: (
        (f"{w.name(r['who'])}: " if r["who"] else "")
        + f"{w.quote(str(r['text']))} gilt von nun an ({w.cite(r.rule)})"),
    "stack.counters": lambda r, w: (
        f"{w.name(r['who'])} " + ("erhält " if r["n"] >= 0 else "verliert ")
        + f"{abs(r['n'])} {r['kind']}-Marke{'n' if abs(r['n']) != 1 else ''} "
        f"({w.cite(r.rule)})"),
    "stack.damage": lambda r, w: (
        f"{w.name(r['source']) if r['source'] else 'sie'} fügt {w.name(r['to'])} "
        f"{r['amount']} Schaden zu ({w.cite(r.rule)})"),
    "stack.prevented": lambda r, w: (
        f"{r['amount']} Schaden von {w.name(r['source'])} an {w.name(r['to'])} wird "
        f"verhindert: Schutz ({w.cite(r.rule)})"),
    "stack.life": lambda r, w: (
        f"{w.name(r['who'])} " + (f"erhält {r['amount']}" if r["amount"] > 0
                                  else f"verliert {-r['amount']}")
        + f" Lebenspunkte ({w.cite(r.rule)})"),
    "stack.poison": lambda r, w: (
        f"{w.name(r['who'])} erhält {r['n']} Giftmarke{'n' if r['n'] != 1 else ''} "
        f"({w.cite(r.rule)})"),
    "stack.tap": lambda r, w: f"{w.name(r['who'])} wird getappt ({w.cite(r.rule)})",
    "stack.untap": lambda r, w: f"{w.name(r['who'])} wird enttappt ({w.cite(r.rule)})",
    "stack.leave": lambda r, w: (
        f"{w.name(r['who'])} {_HOW[r['how']]} und verlässt den Kampf "
        f"({w.cite(r.rule)}, 506.4)"),
    "stack.indestructible": lambda r, w: (
        f"{w.name(r['who'])} ist unzerstörbar und wird nicht zerstört ({w.cite(r.rule)})"),
    "stack.out_of_combat": lambda r, w: (
        f"{w.name(r['who'])} wird aus dem Kampf entfernt ({w.cite(r.rule)})"),
    "stack.token": lambda r, w: (
        f"ein {r['power']}/{r['toughness']}-Kreaturenspielstein, {w.name(r['who'])}, wird "
        f"erzeugt ({w.cite(r.rule)})"
        + (f" und greift {w.name(r['attacking'])} an (508.4)" if r["attacking"] else "")),
    "stack.draw": lambda r, w: (
        f"{w.name(r['who'])} zieht {r['n']} Karte{'n' if r['n'] != 1 else ''} "
        f"({w.cite(r.rule)})"),
    "stack.delayed": lambda r, w: (
        f"der Rest geschieht am Ende des Kampfes: eine verzögert ausgelöste Fähigkeit "
        f"({w.cite(r.rule)})"),
    "stack.nothing": lambda r, w: "nichts, was sie nennt, ist noch da: sie bewirkt nichts",
    "stack.no_target": lambda r, w: (
        f"vom Stapel entfernt: sie hat kein legales Ziel ({w.cite(r.rule)})"),
    "stack.condition_false": lambda r, w: (
        f"bewirkt nichts: ihre „falls“-Bedingung ist beim Verrechnen nicht erfüllt "
        f"({w.cite(r.rule)})"),
    "stack.declined": lambda r, w: (
        f"ihr Beherrscher hat sich dagegen entschieden („du kannst“, {w.cite(r.rule)})"),
    "stack.not_cast": lambda r, w: (
        f"Effekt {r['effect'] + 1} wird nicht gewirkt: sein Ziel {w.name(r['target'])} "
        + ("hat das Spielfeld verlassen" if r["gone"] else "ist kein legales Ziel")
        + f" ({w.cite(r.rule)})"),
    "choice.made": lambda r, w: (
        f"{_ability(r, w)}: {_WHAT.get(r['what'], r['what'])} "
        f"{_value(w, r['what'], r['value'])}"
        + (" (die einzige legale Wahl)" if r["automatic"] else " (wie angegeben)")),
    "human.combat_stack_step": lambda r, w: f"{_STEP.get(r['step'], r['step'])}:",
    "human.combat_stack_item": lambda r, w: "  " + r["text"],
    "human.combat_stack_outcome": lambda r, w: "    " + r["text"],
    "human.combat_choices": lambda r, w: "Entscheidungen: " + r["text"],
    "error.choice_missing": lambda r, w: (
        f"{_ability(r, w)} ({w.quote(str(r['text']))}) braucht eine Entscheidung über "
        f"{_WHAT.get(r['what'], r['what'])} von {w.name(r['player'])}: "
        f"{_options(r, w, r['what'])} -- gib sie in den \"choices\" des Spielfelds an "
        f"({{\"source\": \"{r['source']}\", \"ability\": {r['ability']}, "
        f"\"{r['what']}\": ...}}) oder mit --choose"),
    "error.choice_illegal": lambda r, w: (
        f"{_ability(r, w)} ({w.quote(str(r['text']))}): {r['value']!r} ist keine legale "
        f"Wahl; die legalen: {w.join([repr(o) for o in r['options']], 'or') or 'keine'}"),
    "error.choice_count": lambda r, w: (
        f"{_ability(r, w)} ({w.quote(str(r['text']))}) hat {r['needs']} "
        f"Ziel{'e' if r['needs'] != 1 else ''}, {r['given']} angegeben"),
}

