"""Deutsche Vorlagen: die Erzählungen von ``mtgcombat explain``."""

from __future__ import annotations

from .. import Phrase, clause, sentence
from .common import nach_regeln, zahlungen
from .glossary import KEYWORDS, STEPS

_R = {"attacks": {"verb": "angreifen", "noun": "Angriffs", "zu": "anzugreifen"},
      "blocks": {"verb": "blocken", "noun": "Block", "zu": "zu blocken"}}


def _plural(n, one, many):
    return f"{n} {one}" if n == 1 else f"{n} {many}"


def _who(r, w):
    R = _R[r["kind"]]
    name = w.name(r["creature"])
    opts, allowed = r["options"], r["allowed"]
    reasons = " ".join(w(x) for x in r["reasons"])
    cap = ""
    k = r["cap"]
    if k != 0:
        rule = w.declared("blocks", "who")
        cap = (f" (beliebig viele davon zugleich, {rule})" if k is None
               else f" (bis zu {k} davon zugleich, {rule})" if k > 1 else
               f" (eine davon, {rule})")
    if not opts:
        return (f"- {name} hat nichts, was sie {R['verb']} könnte "
                f"({w.declared(r['kind'], 'who')}).")
    if not allowed:
        if r["reasons"] and all(x.get("creature") == r["creature"] for x in r["reasons"]):
            return "- " + reasons  # sie sagen, dass sie es nicht kann, und warum
        return f"- {name} kann nicht {R['verb']}: " + reasons
    can = w.join([w.name(o) for o in allowed], "or")
    if r["reasons"]:
        cannot = w.join([w.name(o) for o in opts if o not in allowed], "or")
        return f"- {name} kann {can} {R['verb']}{cap}, aber nicht {cannot}: " + reasons
    return f"- {name} kann {can} {R['verb']}{cap}."


def _block_head(r, w):
    ds = r["defenders"]
    att = "; ".join(f"{w.name(a)} greift {w.name(t)} an" for a, t in r["attacks"])
    return (f"{w.names(ds)} {'deklariert' if len(ds) == 1 else 'deklarieren'} Blocker "
            f"{nach_regeln(w, r['rules'])}. Angriffe: {att or 'keine'}.")


def _requirement(r, w):
    line = f"- {r['id']}: {w(r['why'])}"
    if r["never"]:
        why = r["because"]
        named = why is not None and bool(why["restrictions"])
        line += (" Sie kann auf diesem Spielfeld nicht erfüllt werden"
                 + (f": {w(why)}" if named else
                    ": keine Deklaration, die die Einschränkungen einhält, erfüllt sie") + ".")
    return line


def _maximum(r, w):
    if r["total"]:
        return (f"Höchstens {r['most']} von {_plural(r['total'], 'Forderung', 'Forderungen')} "
                f"{'kann' if r['most'] == 1 else 'können'} erfüllt werden, ohne eine "
                "Einschränkung zu verletzen oder Kosten zu bezahlen, also erfüllt jede erlaubte "
                f"Deklaration {r['most']}")
    return "Jede Deklaration, die die Einschränkungen einhält, ist erlaubt"


_WORD = {"complete": "", "truncated": " (die ersten; es gibt weitere)",
         "unknown": " (gefunden, bevor das Zeitlimit ablief)"}


def _listed(r, w):
    extra = f"; bezahlt {'; '.join(w(c) for c in r['costs'])}" if r["costs"] else ""
    return f"  {r['i']}. {w.declaration(r['decl'], r['kind'])}{extra}"


def _able(r, w):
    R = _R[r["kind"]]
    cs = r["creatures"]
    one = len(cs) == 1
    return (f"{w.names(cs)} {'könnte' if one else 'könnten'} nach {'ihren' if one else 'ihren'} "
            f"eigenen Einschränkungen {R['verb']}, {'tut' if one else 'tun'} es aber in keiner "
            "erlaubten Deklaration: die Einschränkungen der ganzen Deklaration und die "
            "Forderungen lassen keinen Platz")


def _asked_legal(r, w):
    return (f"Sie ist erlaubt: sie hält jede Einschränkung ein und erfüllt {r['obeyed']} von "
            f"{_plural(r['total'], 'Forderung', 'Forderungen')}, so viele wie möglich "
            f"({r['most']}).")


def _orders(w, orders, sep=", "):
    return "; ".join(f"{w.name(k)}: " + sep.join(w.name(c) for c in v) for k, v in orders)


def _source(r, w):
    role = "greift an" if r["role"] == "attacker" else "blockt"
    who = "" if r["assigner"] == r["controller"] else (
        f"; {w.name(r['assigner'])} weist ihren Schaden zu ({w.cite(r['assigner_rule'])})")
    head = f"- {w.name(r['creature'])} ({role}, Stärke {r['power']}{who})"
    if r["role"] == "attacker" and not r["creatures"]:
        return (f"{head} ist ungeblockt: sie weist ihren ganzen Schaden "
                f"{w.names([i for i, _ in r['others']])} zu ({w.cites(r['rules'])}).")
    lethal = w.join([f"{w.name(i)} ({w(t)})" for i, t in r["creatures"]])
    if r["role"] == "attacker":
        return f"{head} wird von {lethal} geblockt {w.apart(r['rules'])}."
    return f"{head} blockt {lethal} {w.apart(r['rules'])}."


def _trample(r, w):
    tgt = w.join([w.name(i) + (f" ({w(t)})" if t is not None else "") for i, t in r["others"]])
    return (f"  Sie hat {KEYWORDS['trample']}: sobald jedem Blocker tödlicher Schaden zugewiesen ist, "
            f"darf der Rest auch an {tgt} gehen")


def _best(r, w):
    destroyed = w.names(r["destroyed"]) or "nichts"
    pairs = r["damage"].items() if hasattr(r["damage"], "items") else r["damage"]
    dmg = w.join([f"{w.name(x)} {n} Schaden" for x, n in pairs])
    return (f"Am besten für {w.name(r['player'])}: {w.assignment(r['a'])} -- zerstört "
            f"{destroyed}" + (f" und fügt {dmg} zu" if dmg else "") + ".")


def _relies(r, w):
    return f"  Sie beruht auf der Schadenszuweisungsreihenfolge {_orders(w, r['orders'])}"


_STEP = {"first": STEPS["first-strike combat damage"],
         "regular": f"regulären {STEPS['combat damage']}"}


T: dict = {
    "explain.blank": lambda r, w: "",
    "explain.story_combat": lambda r, w: (
        f"Der Kampf von {w.name(r['active'])} {nach_regeln(w, r['rules'])}, "
        f"Segment für Segment ({w.rule('combat')}): die Deklarationen, was vor dem Schaden "
        "geschieht, dann "
        + (f"das {STEPS['first-strike combat damage']} und das reguläre "
           f"({w.rule('first_strike')})" if len(r["steps"]) > 1
           else f"das {STEPS['combat damage']}")
        + ". In jedem Segment wird der gesamte Kampfschaden gleichzeitig zugefügt "
        f"({w.rule('dealt_at_once')}), dann werden die zustandsbasierten Aktionen geprüft "
        f"({w.rule('sba')})."),
    "explain.story_declared": Phrase(lambda r, w: (
        "Deklarierte Angreifer" if r["kind"] == "attacks" else "Deklarierte Blocker"),
        end=lambda r, w: ": " + w.declaration(r["decl"], r["kind"]) + "."),
    "explain.story_sources": Phrase(lambda r, w: (
        "wer in diesem Segment Kampfschaden zufügt, und wem"), end=":"),
    "explain.story_upkeep": lambda r, w: (
        f"Zu Beginn des {STEPS['upkeep']}s von {w.name(r['player'])} ({w.rule('upkeep')}) "
        "wird jede Fähigkeit „Kumulative Versorgung“ der bleibenden Karten dieses Spielers "
        f"ausgelöst ({w.rule('cumulative_upkeep')}): sie legt eine Altersmarke auf ihre "
        "bleibende Karte, dann darf ihr Beherrscher die Kosten einmal für jede Altersmarke "
        "darauf bezahlen -- ganz oder gar nicht, keine Teilzahlungen -- oder er opfert die "
        "bleibende Karte. Mehrere Instanzen auf einer bleibenden Karte werden getrennt "
        "ausgelöst, und jede zählt beim Verrechnen alle Altersmarken darauf "
        f"({w.rule('cumulative_instances')})."),
    "explain.story_upkeep_counters": lambda r, w: (
        f"{w.name(r['permanent'])}" + (f" (Instanz {r['instance']})" if r["instance"] > 1 else "")
        + f": {r['before']} Altersmarke{'n' if r['before'] != 1 else ''} vor der Auslösung, "
        f"{r['age']} danach, also werden {w.quote(r['cost'])} {r['age']}-mal bezahlt: "
        + (f"{zahlungen(r['count'])}, "
           f"die Reihenfolge der Wahlen egal ({w.rule('cumulative_upkeep')})."
           if r["count"] is not None
           else "die Zahlungen lassen sich auf diesem Spielfeld nicht zählen.")),
    "explain.story_best": lambda r, w: (
        (f"Die verteidigenden Spieler wählen ihre Blocker gegen den Angriff von "
         f"{w.name(r['player'])}. Jede erlaubte Blockdeklaration ist ein Kandidat "
         f"({w.declared('blocks', 'declare')}); "
         "jede wird bis zum Ende des Kampfes gespielt, und der angreifende Spieler antwortet "
         "mit den Schadenszuweisungen, die für sie am schlechtesten sind (Minimax über beide "
         "Kampfschadensegmente)"
         if r["kind"] == "blocks" else
         f"{w.name(r['player'])} wählt die Angreifer. Jede erlaubte Angriffsdeklaration ist "
         f"ein Kandidat ({w.declared('attacks', 'declare')}); auf jede antworten die "
         "verteidigenden Spieler mit ihren besten "
         "erlaubten Blockern, und jede Seite weist den Schaden so zu, wie es für sie am "
         "besten ist (Minimax über beide Kampfschadensegmente)")
        + f"; {r['evaluated']} durchgespielt"
        + (", Kampf für Kampf (CP-SAT findet die beste Summe der Einzelkämpfe, dann werden "
           "die besten Deklarationen exakt durchgespielt)" if r["method"] == "groups" else "")
        + (". Die Suche ist abgeschlossen: die Wahl ist als beste bewiesen."
           if r["status"] == "optimal"
           else ". Das Zeitlimit hat die Suche beendet: die Wahl ist die beste gefundene.")),
    "explain.attack_head": lambda r, w: (
        f"{w.name(r['active'])} deklariert Angreifer {nach_regeln(w, r['rules'])}; "
        f"verteidigend: {w.names(r['defenders'])}."),
    "explain.block_head": _block_head,
    "explain.who_head": Phrase(lambda r, w: f"Wer {_R[r['kind']]['verb']} kann", end=":"),
    "explain.who": _who,
    "explain.no_one": lambda r, w: f"- Keine Kreatur kann {_R[r['kind']]['verb']}.",
    "explain.each_defender_blocks": sentence(lambda r, w: (
        "- Jeder verteidigende Spieler blockt nur Kreaturen, die ihn, seine Planeswalker oder "
        "die Schlachten angreifen, die er beschützt")),
    "explain.nothing_to_block": sentence(lambda r, w: (
        f"- {w.labels.name(r['creature'])} kann nicht blocken: keine Kreatur greift "
        f"{w.name(r['player'])} an, einen Planeswalker, den er kontrolliert, oder eine "
        "Schlacht, die er beschützt")),
    "explain.combination_head": Phrase(lambda r, w: (
        "Einschränkungen der Deklaration als Ganzes"), end=":"),
    "explain.item": lambda r, w: f"- {w(r['why'])}",
    "explain.no_combination": sentence(lambda r, w: (
        "Keine Einschränkung begrenzt die Deklaration als Ganzes")),
    "explain.requirements_head": Phrase(lambda r, w: "Forderungen", end=":"),
    "explain.requirement": _requirement,
    "explain.no_requirements": sentence(lambda r, w: (
        f"Keine Forderung verlangt von einer Kreatur, {_R[r['kind']]['zu']}")),
    "explain.costs_head": Phrase(lambda r, w: (
        "Kosten, die nie bezahlt werden müssen, um eine Forderung zu erfüllen"), end=":"),
    "explain.cost": clause(lambda r, w: f"- {w(r['why'])}"),
    "explain.time_out": lambda r, w: (
        "Das Zeitlimit lief ab, bevor das Maximum feststand; mehr lässt sich nicht sagen."),
    "explain.none_legal": lambda r, w: (
        "Keine Deklaration hält jede Einschränkung ein, also ist keine "
        f"{_R[r['kind']]['noun']}deklaration erlaubt."),
    "explain.maximum": sentence(_maximum),
    "explain.example": lambda r, w: f"Zum Beispiel: {w.declaration(r['decl'], r['kind'])}.",
    "explain.legal_count": lambda r, w: (
        f"Erlaubte {_R[r['kind']]['noun']}deklarationen: {r['n']}{_WORD[r['status']]}."),
    "explain.listed": _listed,
    "explain.and_more": lambda r, w: f"  ... und {r['n']} weitere.",
    "explain.able_but_unused": sentence(_able),
    "explain.asked": lambda r, w: (
        f"Die gefragte Deklaration: {w.declaration(r['decl'], r['kind'])}."),
    "explain.asked_unknown": lambda r, w: (
        "Unbekannt: das Zeitlimit lief ab, bevor feststand, ob sie erlaubt ist."),
    "explain.asked_legal": _asked_legal,
    "explain.asked_costs": lambda r, w: (
        "Sie kostet: " + "; ".join(w(c) for c in r["costs"]) + "."
        + (" Aber " + (w(r["why"]) if r.get("why") is not None
                       else "die Kosten können nicht bezahlt werden") + "."
           if r.get("payable") is False else "")),
    "explain.asked_illegal": lambda r, w: "Sie ist nicht erlaubt:",
    # the rule set before the reason only when its words don't cite it themselves
    "explain.violation": lambda r, w: (
        f"- {w(r['why'])}" if w.cited(r["why"]) else f"- {w.cite(r['rule'])}: {w(r['why'])}"),
    "explain.alternative": lambda r, w: (
        f"Eine erlaubte Alternative: {w.declaration(r['decl'], r['kind'])}."),
    "explain.damage_head": sentence(lambda r, w: (
        f"Kampfschaden {nach_regeln(w, r['rules'])}, im "
        f"{_STEP.get(r['step'], r['step'])}")),
    "explain.before_step": lambda r, w: f"Davor, im {STEPS[r['step']]}:",
    "explain.assigners": lambda r, w: (
        f"In diesem Segment weist kein Spieler Kampfschaden zu ({w.rule('assign')})."
        if not r["players"] else
        f"Die Spieler weisen der Reihe nach zu: {', dann '.join(w.name(p) for p in r['players'])} "
        f"({w.rule('assign')}); die ganze Zuweisung eines Spielers wird auf einmal beurteilt "
        f"({w.rule('whole_assignment')})."),
    "explain.damage_who_head": Phrase(lambda r, w: "Wer Kampfschaden zuweist, und wem",
                                      end=":"),
    "explain.source": _source,
    "explain.deathtouch": sentence(lambda r, w: (
        "  Sie hat Todesberührung: jeder Schaden über 0, den sie einer Kreatur zuweist, ist "
        "tödlicher Schaden")),
    "explain.free_division": sentence(lambda r, w: (
        "  Sie teilt ihren Schaden frei unter ihnen auf",
        "Kartentext" if r["why"] == "text" else None)),
    "explain.order_given": sentence(lambda r, w: (
        "  Ihre Schadenszuweisungsreihenfolge ist " + ", dann ".join(w.name(c) for c in r["order"])
        + f" ({w.cite(r['announce'])}): einer Kreatur darf erst Schaden zugewiesen werden, "
        "wenn jeder Kreatur vor ihr in der Reihenfolge tödlicher Schaden zugewiesen ist")),
    "explain.order_open": sentence(lambda r, w: (
        "  Ihre Schadenszuweisungsreihenfolge steht auf dem Spielfeld nicht fest "
        f"({w.cite(r['announce'])}): eine Aufteilung ist erlaubt, wenn eine Reihenfolge sie "
        "zulässt, also wenn höchstens eine Kreatur weniger als tödlichen Schaden bekommt und "
        "jede Kreatur ohne Schaden nach ihr kommt")),
    "explain.no_order": sentence(lambda r, w: (
        "  Es gibt keine Schadenszuweisungsreihenfolge: ihr Schaden darf beliebig unter ihnen "
        "aufgeteilt werden")),
    "explain.trample": sentence(_trample),
    "explain.as_though_unblocked": lambda r, w: (
        "  Sie darf stattdessen ihren ganzen Schaden zuweisen, als wäre sie ungeblockt, an "
        + w.names(r["to"]) + "."),
    # der Grund (ein „silent.*“-Satzteil) zitiert die Regel
    "explain.silent": lambda r, w: f"- {w(r['why'])}.",
    "explain.never_reached": lambda r, w: (
        "Der Kampf erreicht das Kampfschadensegment nie: Seine Deklarationen sind nicht "
        "erlaubt (beurteilt wie von check):" if r["status"] == "illegal" else
        "Ob der Kampf das Kampfschadensegment erreicht, ist unbekannt: Das Zeitlimit lief ab, "
        "bevor seine Deklarationen beurteilt waren."),
    "explain.no_damage": lambda r, w: (
        "- In diesem Segment weist keine Kreatur Kampfschaden zu."),
    "explain.lethal_note": sentence(lambda r, w: (
        "Tödlicher Schaden berücksichtigt bereits markierten Schaden und Schaden, den andere "
        "Kreaturen im selben Segment zuweisen, aber nie Verhinderung oder andere Effekte")),
    "explain.assignments_count": lambda r, w: (
        f"Erlaubte Zuweisungen des ganzen Segments: {r['n']}{_WORD.get(r['status'], '')}."),
    "explain.assignment": lambda r, w: (
        f"  {r['i']}. {w.assignment(r['a'])}"
        + (f" (mit der Reihenfolge {_orders(w, r['orders'])})" if r["orders"] else "")),
    "explain.assignment_words": lambda r, w: w.assignment(r["a"]),
    "explain.best": _best,
    "explain.damage_asked": lambda r, w: (
        f"Die gefragte Zuweisung ({w.names(r['players']) or 'niemand'}): "
        f"{w.assignment(r['a'])}."),
    "explain.damage_asked_legal": lambda r, w: "Sie ist erlaubt.",
    "explain.relies_on_order": sentence(_relies),
    "explain.damage_alternative": lambda r, w: (
        f"Eine erlaubte Alternative: {w.assignment(r['a'])}."),
}
