"""Deutsche Vorlagen: beste Entscheidungen (``best-blocks``, ``best-attacks``)."""

from __future__ import annotations

from .. import sentence
from ..citations import SBA
from .stack import W as STACK

NAMES = {
    "standard": ("das Spiel", "Kreaturen", "Lebenspunkte"),
    "survive": ("das Spiel", "Lebenspunkte"),
    "race": ("das Spiel", "Lebenspunkte", "Kreaturen"),
}
#: Worin ein Wert schlechter ist (Dativ): „schlechter bei den Lebenspunkten“.
WORSE_IN = {"das Spiel": "im Spiel", "Kreaturen": "bei den Kreaturen",
            "Lebenspunkte": "bei den Lebenspunkten"}

LEGEND = {
    "standard": ("+1, wenn die Gegner verlieren, -1, wenn du verlierst",
                 "zerstörte Kreaturen, ihre minus deine",
                 "verlorene Lebenspunkte, ihre minus deine"),
    "survive": ("-1, wenn du verlierst", "minus die Lebenspunkte, die du verlierst"),
    "race": ("+1, wenn die Gegner verlieren, -1, wenn du verlierst",
             "verlorene Lebenspunkte, ihre minus deine",
             "zerstörte Kreaturen, ihre minus deine"),
}

_STATUS = {"optimal": "optimal", "feasible": "zulässig", "unknown": "unbekannt",
           "illegal": "nicht erlaubt"}
#: Die Ziele (--objective) auf Deutsch.
OBJECTIVES = {"standard": "Standard", "survive": "Überleben", "race": "Wettlauf"}


def _vec(v) -> str:
    return "[" + ", ".join(str(x) for x in v) + "]"


def _value(r, w, key="value") -> str:
    return "Wert " + _vec(r[key])


def _decl(w, r) -> str:
    return w.declaration(r["decl"], r["kind"]) if r["decl"] else (
        "keine Kreatur blockt" if r["kind"] == "blocks" else "keine Kreatur greift an")


def _gone(r, w) -> str:
    """Was das Spielfeld verlassen hat: zerstört, oder eine Aura, die an nichts angelegt
    ist, auf den Friedhof gelegt (704.5m: nicht zerstört)."""
    by = r.get("by") or (None,) * len(r["destroyed"])
    auras = [x for x, rule in zip(r["destroyed"], by) if SBA.get(rule or "") == "aura"]
    destroyed = [x for x in r["destroyed"] if x not in auras]
    out = [f"{w.names(destroyed)} zerstört" if destroyed else "nichts zerstört"]
    if auras:
        out.append(f"{w.names(auras)} an nichts angelegt auf den Friedhof gelegt")
    return "; ".join(out)


def _held(r, w):
    """Die Fähigkeit, deren Wahl die Suche festhielt."""
    source, ability, instance = r["held"]
    return STACK.ability_of({"source": source, "ability": ability, "instance": instance}, w)


def _lost_by(r, w):
    best, alt = r["best"], r["value"]
    names = NAMES[r["objective"]]
    for n, b, a in zip(names, best, alt):
        if a != b:
            return f"{_vec(alt)}, schlechter {WORSE_IN[n]} ({a} statt {b})"
    return f"{_vec(alt)}, ebenso gut"


T: dict = {
    "best.none": sentence(lambda r, w: (
        "Keine Deklaration stand fest: Die Suche hält eine Wahl für jede Deklaration "
        f"gleich ({_held(r, w)}), und jede ihrer Optionen ist nach einer der "
        "Deklarationen nicht erlaubt" if r.get("held") else
        "Vor dem Zeitlimit stand keine erlaubte Deklaration fest"
        if r["status"] == "unknown" else "Keine erlaubte Deklaration")),
    "best.choice": lambda r, w: (
        ("Am besten: " if r["status"] == "optimal" else
         "Das Beste, wenn eine Wahl für jede Deklaration gleich bleibt "
         f"({_held(r, w)}; eine andere Wahl kann besser sein): " if r.get("held") else
         "Das Beste, das vor dem Zeitlimit gefunden wurde: ")
        + _decl(w, r) + f" ({_value(r, w)})."),
    "best.equal": sentence(lambda r, w: (
        "Ebenso gut: " + _decl(w, r) + f" (ebenfalls {_value(r, w)})")),
    "human.best_combat": lambda r, w: "Der Kampf, der dann zu erwarten ist:",
    "best.reply_blocks": sentence(lambda r, w: (
        "Die beste Antwort der Verteidiger: "
        + (w.declaration(r["blocks"], "blocks") if r["blocks"] else "keine Kreatur blockt"))),
    "best.reply_order": sentence(lambda r, w: (
        f"Schadenszuweisungsreihenfolge von {w.name(r['creature'])}: "
        + " > ".join(w.name(c) for c in r["order"]))),
    "best.reply_damage": sentence(lambda r, w: (
        ("Kampfschaden" if r["steps"] == 1 else
         ("Erstschlag-Kampfschaden" if r["n"] == 1 else "Regulärer Kampfschaden"))
        + f": {w.assignment(r['assignment'])}")),
    "best.outcome": lambda r, w: (
        "Ergebnis: " + _gone(r, w)
        + (f"; {w.names(r['lost'])} {'hat' if len(r['lost']) == 1 else 'haben'} das Spiel "
           "verloren" if r["lost"] else "")
        + "; Lebenspunkte " + ", ".join(
            f"{w.names(who)} {n}" + (f" ({w.count(k, 'Giftmarke', 'Giftmarken')})" if k else "")
            for who, n, k in r["life"]) + "."),
    "best.alternative": lambda r, w: (
        f"Alternative: {_decl(w, r)} -- Wert " + ("" if r["exact"] else "höchstens ")
        + _lost_by(r, w) + "."),
    "human.best_head": lambda r, w: (
        f"Regeln: {w.rules_name(r['rules'])}. Ziel: {OBJECTIVES[r['objective']]}, ein Wert, "
        "verglichen vom ersten zum "
        "letzten: " + "; ".join(f"({i}) {x}" for i, x in enumerate(LEGEND[r['objective']], 1))
        + f". Status: {_STATUS.get(r['status'], r['status'])}."),
    "human.best_choices": lambda r, w: (
        "Von der Suche getroffene Entscheidungen: " + "; ".join(r["choices"]) + "."),
    "human.best_bound": lambda r, w: (
        f"Keine Deklaration kann besser sein als Wert {_vec(r['bound'])}."),
    "human.best_line": lambda r, w: f"  {r['text']}",
}
