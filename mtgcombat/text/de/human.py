"""Deutsche Wörter der Antworten für Menschen (Tabellen, Überschriften, Urteile)."""

from __future__ import annotations

from .. import Phrase, clause
from .glossary import KEYWORDS, source_said

_NOUN = {"attacks": "Angriffs", "blocks": "Block"}
_ROLE = {"attacker": "Angreifer", "blocker": "Blocker"}
_STATUS = {"complete": "vollständig", "truncated": "abgeschnitten", "unknown": "unbekannt"}
_STEP = {"first": "Erstschlag", "regular": "regulär"}


def _listing_head(r, w):
    noun, n, status = _NOUN[r["kind"]], r["n"], r["status"]
    if status == "complete":
        return (f"Erlaubte {noun}deklarationen: {n}" if n else
                f"Keine erlaubte {noun}deklaration.")
    if status == "truncated":
        return (f"Erlaubte {noun}deklarationen: die ersten {n} (--limit {r['limit']}); es gibt "
                "weitere")
    head = (f"Unbekannt: das Zeitlimit lief ab, bevor die erlaubten {noun}deklarationen "
            f"feststanden; bisher {n} gefunden")
    return head + ("" if r["max_known"] else
                   " (wie viele Forderungen höchstens erfüllbar sind, ist nicht bekannt)")


def _legal_obeys(r, w):
    return (f"Sie hält jede Einschränkung ein und erfüllt {r['obeyed']} "
            f"{'der einen Forderung' if r['total'] == 1 else 'der ' + str(r['total']) + ' Forderungen'}; "
            f"keine Deklaration erfüllt mehr als {r['most']}"
            + (" mit den Kosten, die sie bezahlt." if r["with_costs"] else
               ", ohne Kosten zu bezahlen."))


def _division(w):
    """The rules that divide combat damage among creatures, in the writer's edition."""
    return w.span(w.edition.attacker_division, w.edition.blocker_division)


def _edition_text(w):
    ed = w.edition
    division = _division(w)
    if ed.has_order:
        return (f"Schadenszuweisungsreihenfolge: {w.span(ed.attacker_order, ed.blocker_order)}, "
                f"{division}")
    return (f"keine Schadenszuweisungsreihenfolge: der Schaden wird frei aufgeteilt, {division}; "
            f"{KEYWORDS['trample']} braucht weiterhin tödlichen Schaden für jeden Blocker, "
            f"{w.rule('trample')}")


def _assignments_head(r, w):
    n, status = r["n"], r["status"]
    if status == "complete":
        return f"Erlaubte Zuweisungen: {n}"
    if status == "truncated":
        return f"Erlaubte Zuweisungen: die ersten {n} (--limit {r['limit']}); es gibt weitere"
    return (f"Unbekannt: das Zeitlimit lief ab; bisher "
            f"{w.count(n, 'erlaubte Zuweisung', 'erlaubte Zuweisungen')} gefunden")


def _src_head(r, w):
    head = (f"{w.name(r['creature'])} ({_ROLE.get(r['role'], r['role'])}, Stärke "
            f"{r['power']}, zugewiesen von {w.name(r['assigner'])}")
    head += f", {w.cite(r['rule'])}" if r["rule"] else ""
    head += ", " + KEYWORDS["deathtouch"] if r["deathtouch"] else ""
    head += ", " + KEYWORDS["trample"] if r["trample"] and r["role"] == "attacker" else ""
    return head + ")"


def _src_creatures(r, w):
    who = "geblockt von" if r["role"] == "attacker" else "blockt"
    return f"{who} " + ", ".join(f"{w.name(i)} ({t})" for i, t in r["creatures"])


def _src_others(r, w):
    return "an " + ", ".join(w.name(i) + (f" ({t})" if t else "") for i, t in r["others"])


def _creature_total(r, w):
    total, thr = r["total"], r["lethal"]
    verdict = ("tödlich" if total >= thr else
               f"tödlich (Todesberührung, {w.rule('deathtouch')})" if r["deathtouch"] else
               f"{thr - total} weniger als tödlich")
    frm = " + ".join(f"{n} von {w.name(s)}" for s, n in r["parts"])
    return f"{w.name(r['creature'])}: {total} ({frm}), tödlich {thr}: {verdict}"


#: The colours (105.1) by their letters.
COLOURS = {"W": "weiß", "U": "blau", "B": "schwarz", "R": "rot", "G": "grün"}


T: dict = {
    "human.rules": lambda r, w: f"Regeln: {w.rules_name(r['rules'])}.",
    "human.stopped": lambda r, w: (
        f"Unbekannt: Die Frage lief über die harte Zeitgrenze des Servers ({r['seconds']} s) "
        "hinaus und wurde abgebrochen."),
    "human.order_ignored": lambda r, w: (
        f"--rules {r['rules']}: Die Schadenszuweisungsreihenfolge des Spielfelds wird nicht "
        "beachtet (die aktuellen Regeln kennen keine; Schaden wird frei aufgeteilt, "
        f"{_division(w.under(r['rules']))})"),
    "human.requirements": Phrase(lambda r, w: "Forderungen", end=":"),
    "human.requirements_none": Phrase(lambda r, w: "Forderungen", end=": keine."),
    "human.at_most": lambda r, w: (
        f"Höchstens {r['n']} davon {'kann' if r['n'] == 1 else 'können'} erfüllt werden, ohne Kosten zu bezahlen; eine "
        f"erlaubte {_NOUN[r['kind']]}deklaration erfüllt mindestens so viele."),
    "human.listing_head": _listing_head,
    "human.col_declaration": lambda r, w: "Deklaration",
    "human.col_obeyed": lambda r, w: "erfüllte Forderungen",
    "human.col_costs": lambda r, w: "Kosten",
    "human.col_payable": lambda r, w: "bezahlbar",
    "human.col_notation": lambda r, w: "Notation",
    "human.yes_no": lambda r, w: "ja" if r["value"] else "nein",
    "human.unknown_legality": lambda r, w: (
        "Unbekannt: das Zeitlimit lief ab, bevor feststand, ob sie erlaubt ist."),
    "human.legal": lambda r, w: "Erlaubt.",
    "human.legal_obeys": _legal_obeys,
    "human.legal_unpayable": lambda r, w: (
        "Erlaubt zu deklarieren, aber " + (w(r["why"]) if r["why"] is not None else "die Kosten können nicht bezahlt werden") + "."),
    "human.illegal": Phrase(lambda r, w: "Nicht erlaubt",
                            end=lambda r, w: f": {r['message']}"),
    "human.a_legal_declaration": lambda r, w: (
        f"Eine erlaubte Deklaration: {r['words']} ({r['notation']})."),
    "human.costs_to_pay": lambda r, w: "Zu bezahlende Kosten: " + "; ".join(r["costs"]),
    "human.payable": lambda r, w: (
        "Sie können bezahlt werden." if r["value"] else
        "Sie können nicht bezahlt werden"
        + (f": {w(r['why'])}" if r["why"] is not None else "") + "."),
    "human.damage_rules": lambda r, w: (
        f"Regeln: {w.rules_name(r['rules'])} ({_edition_text(w)})."),
    "human.damage_step": lambda r, w: (
        f"Kampfschadensegment: {_STEP.get(r['step'], r['step'])}. "
        f"Status: {_STATUS.get(r['status'], r['status'])}."),
    "human.creatures_assigning": lambda r, w: "Kreaturen, die Schaden zuweisen:",
    "human.none": lambda r, w: "keine",
    "human.nothing": lambda r, w: "nichts",
    "human.no_damage": lambda r, w: "kein Schaden",
    "human.amount_to": lambda r, w: f"{r['n']} Schaden an {w.name(r['to'])}",
    "human.silent": clause(lambda r, w: f"{w.name(r['creature'])}: kein Schaden"),
    "human.src_head": _src_head,
    "human.src_creatures": _src_creatures,
    "human.src_others": _src_others,
    "human.src_in_order": lambda r, w: (
        "in dieser Reihenfolge: " + " > ".join(w.name(c) for c in r["order"])),
    "human.src_order_open": clause(lambda r, w: (
        f"Reihenfolge: offen, {w.name(r['chooser'])} wählt sie als Teil der Wahl")),
    "human.src_free": clause(lambda r, w: ("frei aufgeteilt",
                                           "Kartentext" if r["text"] else None)),
    "human.src_unblocked": lambda r, w: "darf zuweisen, als wäre sie ungeblockt",
    "human.assignments_head": _assignments_head,
    "human.order": lambda r, w: "Reihenfolge",
    "human.and_more": lambda r, w: f"... und {r['n']} weitere",
    "human.best_intro": lambda r, w: (
        "Am besten für jeden Spieler (die meisten gegnerischen Kreaturen zerstört, dann der "
        "meiste Schaden an gegnerischen Spielern, Planeswalkern und Schlachten, nie mehr "
        "gezählt als die Loyalität eines Planeswalkers oder die Verteidigung einer "
        "Schlacht):"),
    "human.best_for": lambda r, w: f"Am besten für {w.name(r['player'])}:",
    "human.destroys": lambda r, w: "zerstört: " + (", ".join(w.name(c) for c in r["ids"])
                                                   or "nichts"),
    "human.damage_dealt": lambda r, w: "Schaden: " + (
        w.amounts(r["to"], ",")
        or "keiner an Spieler, Planeswalker oder Schlachten"),
    "human.damage_verdict": lambda r, w: (
        {"legal": "ERLAUBT", "illegal": "NICHT ERLAUBT",
         "unknown": "UNBEKANNT (Zeitlimit)"}[r["verdict"]]
        + f" (Regeln {w.rules_name(r['rules'])} ({_edition_text(w)}); Kampfschadensegment: "
        f"{_STEP.get(r['step'], r['step'])})"),
    "human.assignment_head": lambda r, w: "Zuweisung:",
    "human.totals_head": lambda r, w: "Den Kreaturen zugewiesener Schaden:",
    "human.creature_total": _creature_total,
    "human.violations_head": lambda r, w: "Verstöße:",
    "human.relies_on_order": lambda r, w: (
        f"beruht auf der Reihenfolge für {w.name(r['creature'])}: "
        + " > ".join(w.name(c) for c in r["order"])),
    "human.completion": lambda r, w: (
        "Erlaubt mit, für die Spieler, die vorher zuweisen und fehlten: " + r["text"]),
    "human.not_understood_head": lambda r, w: "Nicht verstanden (ignoriert):",
    "human.as_found": lambda r, w: (
        f"Erlaubte {_NOUN[r['kind']]}deklarationen, so wie sie gefunden werden:"),
    "human.count": lambda r, w: (
        f"Erlaubte {_NOUN[r['kind']]}deklarationen: "
        + ("unbekannt (das Zeitlimit lief ab, bevor das Maximum feststand)"
           if r["status"] == "unknown" else
           f"mindestens {r['n']:,} (das Zeitlimit lief beim Zählen ab)".replace(",", ".")
           if r["status"] == "at_least" else f"{r['n']:,}".replace(",", "."))
        + ("" if r["most"] is None else
           f"; jede erfüllt {w.count(r['most'], 'Forderung', 'Forderungen')}, so viele wie "
           "möglich") + "."),
    "scenario.colour_in_name": lambda r, w: (
        f"Warnung: {r['source']}:{r['line']}:{r['column']}: {r['word']!r} nach dem Namen "
        f"{r['name']!r} wird als die Farbe {COLOURS[r['colour']]} gelesen; soll es zum Namen "
        f"gehören, setze den Namen in Anführungszeichen (\"{r['name']} {r['word']}\")"),
    "human.not_understood": lambda r, w: (
        f"Warnung: nicht verstanden, ignoriert ({source_said(r['source'])}): {r['sentence']}"),
}
