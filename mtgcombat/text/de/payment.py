"""Deutsche Vorlagen: Kosten bezahlen und kumulative Versorgung (``mtgcombat upkeep``)."""

from __future__ import annotations

import re

from .. import Phrase, clause
from .common import zahlungen
from .glossary import STEPS

_WORD = {"creature": "Kreaturen", "land": "Länder", "permanent": "bleibende Karten",
         "artifact": "Artefakte", "enchantment": "Verzauberungen"}
_ONE = {"creature": "eine Kreatur", "land": "ein Land", "permanent": "eine bleibende Karte",
        "artifact": "ein Artefakt", "enchantment": "eine Verzauberung"}


def _pay(r, w) -> str:
    out = []
    for x in r["pay"]:
        if x.startswith("{"):
            out.append(x)
        elif re.fullmatch(r"Pay \d+ life", x):
            out.append("Zahle " + _life(w, int(x.split()[1])))
        elif x.startswith("Add "):
            out.append("Erzeuge " + x[4:])
        else:
            out.append(w.name(x))
    return "; ".join(out)


def _life(w, n: int) -> str:
    return w.count(n, "Lebenspunkt", "Lebenspunkte")


def _cant_pay(r, w):
    life = r.get("life") or 0
    what = " und ".join(x for x in (w.mana(r["cost"]), _life(w, life) if life else "") if x)
    if not r["cost"]:
        return f"{w.name(r['player'])} kann {what} nicht bezahlen"
    text = (f"{w.name(r['player'])} kann {what} nicht mit den ungetappten Manaquellen"
            + (", dem Manavorrat und den Lebenspunkten" if life else " und dem Manavorrat")
            + " bezahlen")
    tapped = r.get("attacking") or ()
    if tapped:
        text += (f"; {w.names(tapped)} ist zum Angreifen getappt und kann nicht helfen"
                 if len(tapped) == 1 else
                 f"; {w.names(tapped)} sind zum Angreifen getappt und können nicht helfen")
    return text


T: dict = {
    "payment.unknown_amount": lambda r, w: (
        f"die Kosten {r['amount']} haben ein X, das das Spielfeld nicht angibt, also ist "
        "nicht bekannt, ob sie bezahlt werden können"),
    "payment.mana_not_shown": clause(lambda r, w: (
        "das Spielfeld zeigt weder Manaquellen noch einen Manavorrat, also wird nicht beurteilt, "
        "ob das Mana bezahlt werden kann")),
    "payment.cant_remove": clause(lambda r, w: (
        f"{w.name(r['player'])} kontrolliert keine {r['count']} verschiedenen bleibenden "
        "Karten, die für diese Kosten geopfert oder zurückgebracht werden können")),
    "payment.cant_pay": clause(_cant_pay),
    "upkeep.self_allowed": clause(lambda r, w: (
        f"{w.name(r['permanent'])} darf selbst zu den geopferten "
        f"{_WORD.get(r['word'], r['word'])} gehören", "Opfern heißt, eine bleibende Karte, "
        "die man kontrolliert, auf den Friedhof ihres Besitzers zu legen; nichts schließt die "
        "Quelle aus")
        if r["matches"] else
        f"{w.name(r['permanent'])} ist nicht {_ONE.get(r['word'], r['word'])} und kann "
        "keine davon sein"),
    "upkeep.not_enough": clause(lambda r, w: (
        f"{r['need']} verschiedene {_WORD.get(r['word'], r['word'])} werden gebraucht, nur "
        f"{r['have']} {'kann' if r['have'] == 1 else 'können'} gewählt werden: die Kosten "
        f"können nicht ganz bezahlt werden, also wird {w.name(r['permanent'])} geopfert",
        "keine Teilzahlung")),
    "upkeep.unknown_cost": lambda r, w: (
        f"die Kosten von {w.name(r['permanent'])} (\"{r['cost']}\") nennen etwas, das das "
        "Spielfeld nicht verzeichnet: nicht beurteilt"),
    "upkeep.instances": clause(lambda r, w: (
        f"Instanz {r['instance']} der kumulativen Versorgung auf {w.name(r['permanent'])}: sie "
        "zählt jede Altersmarke, auch die der früheren Instanzen")),
    "upkeep.no_mana": lambda r, w: (
        f"die ungetappten Manaquellen und der Manavorrat von {w.name(r['player'])} können "
        f"{r['cost']} nicht bezahlen"),
    "upkeep.no_life": clause(lambda r, w: (
        f"{w.name(r['player'])} hat {_life(w, r['life'])} und kann {r['need']} nicht "
        "bezahlen")),
    "turn.cumulative_upkeep": clause(lambda r, w: (
        f"die kumulative Versorgung von {w.name(r['permanent'])} wird ausgelöst: "
        f"{w.count(r['age'], 'Altersmarke', 'Altersmarken')}; ihre Kosten "
        f"{w.quote(r['cost'])} werden einmal pro Marke bezahlt",
        f"{zahlungen(r['count'])}; "
        "mtgcombat upkeep listet sie" if r["count"] else None)),
    "human.upkeep_head": Phrase(lambda r, w: (
        f"Regeln: {w.rules_name(r['rules'])}. Kumulative Versorgung zu Beginn des "
        f"{STEPS['upkeep']}s von {w.name(r['player'])}"), end=":"),
    "human.upkeep_none": lambda r, w: (
        f"Keine bleibende Karte von {w.name(r['player'])} hat kumulative Versorgung."),
    "human.upkeep_trigger": lambda r, w: (
        f"{w.name(r['permanent'])}" + (f", Instanz {r['instance']}" if r["instance"] > 1 else "")
        + f": kumulative Versorgung {w.quote(r['cost'])}, {r['age']} Altersmarke"
        f"{'n' if r['age'] != 1 else ''} nach der Auslösung; "
        + (f"{zahlungen(r['count'])}"
           if r["count"] is not None else "Zahlungen unbekannt")
        + (f" (die ersten {r['shown']} aufgelistet)" if r["truncated"] else "") + ":"),
    "human.upkeep_payment": lambda r, w: (
        f"  {r['i']}. {_pay(r, w)} -- " + ("bezahlbar" if r["payable"] else
                                          "nicht bezahlbar" if r["payable"] is False else
                                          "unbekannt")
        + (f": {w(r['why'])}" if r["why"] is not None else "")),
    "human.upkeep_note": lambda r, w: f"  Hinweis: {r['text']}",
    "human.upkeep_none_payable": clause(lambda r, w: (
        f"  keine Zahlung ist möglich: {w.name(r['permanent'])} wird geopfert")),
}
