"""Deutsche Vorlagen: die Erzählungen von ``mtgcombat explain``."""

from __future__ import annotations

_R = {
    "attacks": {"who": "508.1a", "restrict": "508.1c", "require": "508.1d",
                "verb": "angreifen", "noun": "Angriffs"},
    "blocks": {"who": "509.1a", "restrict": "509.1b", "require": "509.1c",
               "verb": "blocken", "noun": "Block"},
}


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
        cap = (" (beliebig viele davon zugleich, 509.1a)" if k is None
               else f" (bis zu {k} davon zugleich, 509.1a)" if k > 1 else
               " (eine davon, 509.1a)")
    if not opts:
        return f"- {name} hat nichts, was sie {R['verb']} könnte ({R['who']})."
    if not allowed:
        return f"- {name} kann nicht {R['verb']}: " + reasons
    can = w.join([w.name(o) for o in allowed], "or")
    if r["reasons"]:
        cannot = w.join([w.name(o) for o in opts if o not in allowed], "or")
        return f"- {name} kann {can} {R['verb']}{cap}, aber nicht {cannot}: " + reasons
    return f"- {name} kann {can} {R['verb']}{cap}."


def _block_head(r, w):
    ds = r["defenders"]
    att = "; ".join(f"{w.name(a)} greift {w.name(t)} an" for a, t in r["attacks"])
    return (f"{w.names(ds)} {'deklariert' if len(ds) == 1 else 'deklarieren'} Blocker nach "
            f"den Regeln {r['rules']}. Es greifen an: {att or 'niemand'}.")


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
    R = _R[r["kind"]]
    if r["total"]:
        return (f"Höchstens {r['most']} von {_plural(r['total'], 'Forderung', 'Forderungen')} "
                f"{'kann' if r['most'] == 1 else 'können'} erfüllt werden, ohne eine Einschränkung zu verletzen oder Kosten zu "
                f"bezahlen, also erfüllt jede erlaubte Deklaration {r['most']} "
                f"({R['require']}).")
    return (f"Jede Deklaration, die die Einschränkungen einhält, ist erlaubt "
            f"({R['restrict']}, {R['require']}).")


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
            f"Forderungen lassen keinen Platz ({R['restrict']}, {R['require']}).")


def _asked_legal(r, w):
    return (f"Sie ist erlaubt: sie hält jede Einschränkung ein und erfüllt {r['obeyed']} von "
            f"{_plural(r['total'], 'Forderung', 'Forderungen')}, so viele wie möglich "
            f"({r['most']}).")


def _assignment(w, a):
    parts = [f"{w.name(s)}: " + (w.join([f"{n} an {w.name(x)}" for x, n in d]) or "nichts")
             for s, d in a]
    return "; ".join(parts) or "kein Schaden"


def _orders(w, orders, sep=", "):
    return "; ".join(f"{w.name(k)}: " + sep.join(w.name(c) for c in v) for k, v in orders)


def _source(r, w):
    role = "greift an" if r["role"] == "attacker" else "blockt"
    who = "" if r["assigner"] == r["controller"] else (
        f"; {w.name(r['assigner'])} weist ihren Schaden zu ({w.cite(r['assigner_rule'])})")
    head = f"- {w.name(r['creature'])} ({role}, Stärke {r['power']}{who})"
    rule = " und ".join(w.cite(x) for x in r["rules"])
    if r["role"] == "attacker" and not r["creatures"]:
        return (f"{head} ist ungeblockt: sie weist ihren ganzen Schaden "
                f"{w.names([i for i, _ in r['others']])} zu ({rule}).")
    verb = "wird geblockt von" if r["role"] == "attacker" else "blockt"
    lethal = w.join([f"{w.name(i)} ({w(t)})" for i, t in r["creatures"]])
    return f"{head} {verb} {lethal} [{rule}]."


def _trample(r, w):
    tgt = w.join([w.name(i) + (f" ({w(t)})" if t is not None else "") for i, t in r["others"]])
    return ("  Sie hat Trampelschaden: sobald jedem Blocker tödlicher Schaden zugewiesen ist, "
            f"darf der Rest auch an {tgt} gehen (702.19b-c).")


_FREE = {"text": "Kartentext"}


def _best(r, w):
    destroyed = w.names(r["destroyed"]) or "nichts"
    dmg = w.join([f"{k} an {w.name(x)}" for x, k in r["damage"]])
    return (f"Am besten für {w.name(r['player'])}: {_assignment(w, r['a'])} -- zerstört "
            f"{destroyed}" + (f", fügt {dmg} Schaden zu" if dmg else "") + ".")


def _relies(r, w):
    rules = ", ".join(w.cite(rule) for rule in r["rules"])
    return (f"  Sie beruht auf der Schadenszuweisungsreihenfolge {_orders(w, r['orders'])} "
            f"({rules}).")


_STEP = {"first": "Erstschlag-Kampfschadensegment", "regular": "regulären Kampfschadensegment"}


T: dict = {
    "explain.blank": lambda r, w: "",
    "explain.story_combat": lambda r, w: (
        f"Der Kampf von {w.name(r['active'])} nach den Regeln {r['rules']}, Schritt für "
        "Schritt (506-511): die Deklarationen, was vor dem Schaden geschieht, dann "
        + ("das Erstschlag-Kampfschadensegment und das reguläre (510.4)"
           if len(r["steps"]) > 1 else "das Kampfschadensegment")
        + ". In jedem Segment wird der gesamte Kampfschaden gleichzeitig zugefügt (510.2), "
        "dann werden die zustandsbasierten Aktionen geprüft (704.3)."),
    "explain.story_declared": lambda r, w: (
        ("Deklarierte Angreifer (508.1): " if r["kind"] == "attacks"
         else "Deklarierte Blocker (509.1): ") + w.declaration(r["decl"], r["kind"]) + "."),
    "explain.story_sources": lambda r, w: (
        "wer in diesem Segment Kampfschaden zufügt, und wem (510.1):"),
    "explain.story_upkeep": lambda r, w: (
        f"Zu Beginn des Versorgungssegments von {w.name(r['player'])} (503.1) wird jede "
        "Fähigkeit „Kumulative Versorgung“ seiner bleibenden Karten ausgelöst (702.24a): sie "
        "legt eine Altersmarke auf ihre bleibende Karte, dann darf ihr Beherrscher die Kosten "
        "einmal für jede Altersmarke darauf bezahlen -- ganz oder gar nicht, keine "
        "Teilzahlungen -- oder er opfert die bleibende Karte. Mehrere Instanzen auf einer "
        "bleibenden Karte werden getrennt ausgelöst, und jede zählt beim Verrechnen alle "
        "Altersmarken darauf (702.24b)."),
    "explain.story_upkeep_counters": lambda r, w: (
        f"{w.name(r['permanent'])}" + (f" (Instanz {r['instance']})" if r["instance"] > 1 else "")
        + f": {r['before']} Altersmarke{'n' if r['before'] != 1 else ''} vor der Auslösung, "
        f"{r['age']} danach, also werden {w.quote(r['cost'])} {r['age']}-mal bezahlt: "
        + (f"{r['count']} verschiedene vollständige Zahlung{'en' if r['count'] != 1 else ''}, "
           "die Reihenfolge der Wahlen egal (702.24a)." if r["count"] is not None
           else "die Zahlungen lassen sich auf diesem Spielfeld nicht zählen.")),
    "explain.story_best": lambda r, w: (
        (f"Die verteidigenden Spieler wählen ihre Blocker gegen den Angriff von "
         f"{w.name(r['player'])}. Jede erlaubte Blockdeklaration ist ein Kandidat (509.1); "
         "jede wird bis zum Ende des Kampfes gespielt, und der angreifende Spieler antwortet "
         "mit den Schadenszuordnungen, die für sie am schlechtesten sind (Minimax über beide "
         "Kampfschadensegmente)"
         if r["kind"] == "blocks" else
         f"{w.name(r['player'])} wählt die Angreifer. Jede erlaubte Angriffsdeklaration ist "
         "ein Kandidat (508.1); auf jede antworten die verteidigenden Spieler mit ihren besten "
         "erlaubten Blockern, und jede Seite ordnet den Schaden so zu, wie es für sie am "
         "besten ist (Minimax über beide Kampfschadensegmente)")
        + f"; {r['evaluated']} durchgespielt"
        + (", Kampf für Kampf (CP-SAT findet die beste Summe der Einzelkämpfe, dann werden "
           "die besten Deklarationen exakt durchgespielt)" if r["method"] == "groups" else "")
        + (". Die Suche ist abgeschlossen: die Wahl ist als beste bewiesen."
           if r["status"] == "optimal"
           else ". Das Zeitlimit hat die Suche beendet: die Wahl ist die beste gefundene.")),
    "explain.attack_head": lambda r, w: (
        f"{w.name(r['active'])} deklariert Angreifer nach den Regeln {r['rules']}; "
        f"verteidigend: {w.names(r['defenders'])}."),
    "explain.block_head": _block_head,
    "explain.who_head": lambda r, w: (
        f"Wer {_R[r['kind']]['verb']} kann ({_R[r['kind']]['who']}, "
        f"{_R[r['kind']]['restrict']}):"),
    "explain.who": _who,
    "explain.no_one": lambda r, w: f"- Keine Kreatur kann {_R[r['kind']]['verb']}.",
    "explain.each_defender_blocks": lambda r, w: (
        "- Jeder verteidigende Spieler blockt nur Kreaturen, die ihn, seine Planeswalker oder "
        "die Schlachten angreifen, die er beschützt (509.1a, 802.4a)."),
    "explain.nothing_to_block": lambda r, w: (
        f"- {w.labels.name(r['creature'])} kann nicht blocken: keine Kreatur greift "
        f"{w.name(r['player'])} an, einen Planeswalker, den er kontrolliert, oder eine "
        "Schlacht, die er beschützt (509.1a)."),
    "explain.combination_head": lambda r, w: (
        f"Einschränkungen der Deklaration als Ganzes ({_R[r['kind']]['restrict']}):"),
    "explain.item": lambda r, w: f"- {w(r['why'])}",
    "explain.no_combination": lambda r, w: (
        f"Keine Einschränkung begrenzt die Deklaration als Ganzes "
        f"({_R[r['kind']]['restrict']})."),
    "explain.requirements_head": lambda r, w: f"Forderungen ({_R[r['kind']]['require']}):",
    "explain.requirement": _requirement,
    "explain.no_requirements": lambda r, w: (
        f"Keine Forderung verlangt von einer Kreatur zu {_R[r['kind']]['verb']} "
        f"({_R[r['kind']]['require']})."),
    "explain.costs_head": lambda r, w: (
        "Kosten, die nie bezahlt werden müssen, um eine Forderung zu erfüllen "
        f"({_R[r['kind']]['require']}):"),
    "explain.cost": lambda r, w: f"- {w(r['why'])} ({r['rule']})",
    "explain.time_out": lambda r, w: (
        "Das Zeitlimit lief ab, bevor das Maximum feststand; mehr lässt sich nicht sagen."),
    "explain.none_legal": lambda r, w: (
        "Keine Deklaration hält jede Einschränkung ein, also ist keine "
        f"{_R[r['kind']]['noun']}deklaration erlaubt."),
    "explain.maximum": _maximum,
    "explain.example": lambda r, w: f"Zum Beispiel: {w.declaration(r['decl'], r['kind'])}.",
    "explain.legal_count": lambda r, w: (
        f"Erlaubte {_R[r['kind']]['noun']}deklarationen: {r['n']}{_WORD[r['status']]}."),
    "explain.listed": _listed,
    "explain.and_more": lambda r, w: f"  ... und {r['n']} weitere.",
    "explain.able_but_unused": _able,
    "explain.asked": lambda r, w: (
        f"Die gefragte Deklaration: {w.declaration(r['decl'], r['kind'])}."),
    "explain.asked_unknown": lambda r, w: (
        "Unbekannt: das Zeitlimit lief ab, bevor feststand, ob sie erlaubt ist."),
    "explain.asked_legal": _asked_legal,
    "explain.asked_costs": lambda r, w: "Sie kostet: " + "; ".join(w(c) for c in r["costs"]) + ".",
    "explain.asked_illegal": lambda r, w: "Sie ist nicht erlaubt:",
    "explain.violation": lambda r, w: f"- {w.cite(r['rule'])}: {w(r['why'])}",
    "explain.alternative": lambda r, w: (
        f"Eine erlaubte Alternative: {w.declaration(r['decl'], r['kind'])}."),
    "explain.damage_head": lambda r, w: (
        f"Kampfschaden nach den Regeln {r['rules']}, im "
        f"{_STEP.get(r['step'], r['step'])} (510.4)."),
    "explain.assigners": lambda r, w: (
        f"Die Spieler weisen der Reihe nach zu: {', dann '.join(w.name(p) for p in r['players'])} "
        "(510.1); die ganze Zuweisung eines Spielers wird auf einmal beurteilt (510.1e)."),
    "explain.damage_who_head": lambda r, w: "Wer Kampfschaden zuweist, und wem (510.1a-d):",
    "explain.source": _source,
    "explain.deathtouch": lambda r, w: (
        "  Sie hat Todesberührung: jeder Schaden über 0, den sie einer Kreatur zuweist, ist "
        "tödlicher Schaden (702.2c)."),
    "explain.free_division": lambda r, w: (
        f"  Sie teilt ihren Schaden frei unter ihnen auf ({_FREE.get(r['why'], r['why'])})."),
    "explain.order_given": lambda r, w: (
        "  Ihre Schadenszuweisungsreihenfolge ist " + ", dann ".join(w.name(c) for c in r["order"])
        + f" ({w.cite(r['announce'])}): einer Kreatur darf erst Schaden zugewiesen werden, "
        "wenn jeder Kreatur vor ihr in der Reihenfolge tödlicher Schaden zugewiesen ist "
        f"({w.cite(r['limit'])})."),
    "explain.order_open": lambda r, w: (
        "  Ihre Schadenszuweisungsreihenfolge steht auf dem Spielfeld nicht fest "
        f"({w.cite(r['announce'])}): eine Aufteilung ist erlaubt, wenn eine Reihenfolge sie "
        "zulässt, also wenn höchstens eine Kreatur weniger als tödlichen Schaden bekommt und "
        f"jede Kreatur ohne Schaden nach ihr kommt ({w.cite(r['limit'])})."),
    "explain.no_order": lambda r, w: (
        "  Es gibt keine Schadenszuweisungsreihenfolge: ihr Schaden darf beliebig unter ihnen "
        f"aufgeteilt werden ({w.cite(r['rule'])})."),
    "explain.trample": _trample,
    "explain.as_though_unblocked": lambda r, w: (
        "  Sie darf stattdessen ihren ganzen Schaden zuweisen, als wäre sie ungeblockt, an "
        + w.names(r["to"]) + "."),
    "explain.silent": lambda r, w: f"- {w(r['why'])} ({w.cite(r['rule'])}).",
    "explain.no_damage": lambda r, w: (
        "- In diesem Segment weist keine Kreatur Kampfschaden zu."),
    "explain.lethal_note": lambda r, w: (
        "Tödlicher Schaden zählt bereits markierten Schaden und Schaden, den andere Kreaturen "
        "im selben Segment zuweisen, nie Verhinderung oder andere Effekte ("
        + ("alte 510.1c-d, " if r["old"] else "") + "702.19b)."),
    "explain.assignments_count": lambda r, w: (
        f"Erlaubte Zuweisungen des ganzen Segments: {r['n']}{_WORD.get(r['status'], '')}."),
    "explain.assignment": lambda r, w: (
        f"  {r['i']}. {_assignment(w, r['a'])}"
        + (f" (mit der Reihenfolge {_orders(w, r['orders'])})" if r["orders"] else "")),
    "explain.assignment_words": lambda r, w: _assignment(w, r["a"]),
    "explain.best": _best,
    "explain.damage_asked": lambda r, w: (
        f"Die gefragte Zuweisung ({w.names(r['players']) or 'niemand'}): "
        f"{_assignment(w, r['a'])}."),
    "explain.damage_asked_legal": lambda r, w: "Sie ist erlaubt.",
    "explain.relies_on_order": _relies,
    "explain.damage_alternative": lambda r, w: (
        f"Eine erlaubte Alternative: {_assignment(w, r['a'])}."),
}
