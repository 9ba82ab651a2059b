"""Deutsche Vorlagen: Kosten bezahlen und kumulative Versorgung (``mtgcombat upkeep``)."""

from __future__ import annotations

_WORD = {"creature": "Kreaturen", "land": "Länder", "permanent": "bleibende Karten",
         "artifact": "Artefakte", "enchantment": "Verzauberungen"}
_ONE = {"creature": "eine Kreatur", "land": "ein Land", "permanent": "eine bleibende Karte",
        "artifact": "ein Artefakt", "enchantment": "eine Verzauberung"}


def _pay(r, w) -> str:
    out = []
    for x in r["pay"]:
        if x.startswith("{"):
            out.append(x)
        elif x.startswith("Pay "):
            out.append(x.replace("Pay ", "Zahle ").replace(" life", " Lebenspunkte"))
        elif x.startswith("Add "):
            out.append("Erzeuge " + x[4:])
        else:
            out.append(w.name(x))
    return "; ".join(out)


T: dict = {
    "payment.unknown_amount": lambda r, w: (
        f"die Kosten {r['amount']} haben ein X, das das Spielfeld nicht angibt, also ist "
        "nicht bekannt, ob sie bezahlt werden können"),
    "payment.mana_not_shown": lambda r, w: (
        "das Spielfeld zeigt weder Manaquellen noch einen Manavorrat, also wird nicht beurteilt, "
        f"ob das Mana bezahlt werden kann ({w.cite(r.rule)})"),
    "payment.cant_remove": lambda r, w: (
        f"{w.name(r['player'])} kontrolliert keine {r['count']} verschiedenen bleibenden "
        f"Karten, die für diese Kosten geopfert oder zurückgebracht werden können "
        f"({w.cite(r.rule)})"),
    "payment.cant_pay": lambda r, w: (
        f"{w.name(r['player'])} kann "
        + " und ".join(x for x in (r["cost"], f"{r.get('life') or 0} Lebenspunkt"
                                   + ("" if r.get("life") == 1 else "e") if r.get("life") else "") if x)
        + f" nicht mit den ungetappten Manaquellen, dem Manavorrat und den Lebenspunkten "
        f"bezahlen ({w.cite(r.rule)})"),
    "upkeep.self_allowed": lambda r, w: (
        f"{w.name(r['permanent'])} darf selbst zu den geopferten "
        f"{_WORD.get(r['word'], r['word'])} gehören ({w.cite(r.rule)}: Opfern heißt, eine "
        "bleibende Karte, die man kontrolliert, auf den Friedhof ihres Besitzers zu legen; "
        "nichts schließt die Quelle aus)"
        if r["matches"] else
        f"{w.name(r['permanent'])} ist nicht {_ONE.get(r['word'], r['word'])} und kann "
        "keine davon sein"),
    "upkeep.not_enough": lambda r, w: (
        f"{r['need']} verschiedene {_WORD.get(r['word'], r['word'])} werden gebraucht, nur "
        f"{r['have']} können gewählt werden: die Kosten können nicht ganz bezahlt werden "
        f"(keine Teilzahlung, {w.cite(r.rule)}), also wird {w.name(r['permanent'])} geopfert"),
    "upkeep.unknown_cost": lambda r, w: (
        f"die Kosten von {w.name(r['permanent'])} (\"{r['cost']}\") nennen etwas, das das "
        "Spielfeld nicht verzeichnet: nicht beurteilt"),
    "upkeep.instances": lambda r, w: (
        f"Instanz {r['instance']} der kumulativen Versorgung auf {w.name(r['permanent'])}: sie "
        "zählt jede Altersmarke, auch die der früheren Instanzen "
        f"({w.cite(r.rule)})"),
    "upkeep.no_mana": lambda r, w: (
        f"die ungetappten Manaquellen und der Manavorrat von {w.name(r['player'])} können "
        f"{r['cost']} nicht bezahlen"),
    "upkeep.no_life": lambda r, w: (
        f"{w.name(r['player'])} hat {r['life']} Lebenspunkte und kann {r['need']} nicht "
        f"bezahlen ({w.cite(r.rule)})"),
    "turn.cumulative_upkeep": lambda r, w: (
        f"die kumulative Versorgung von {w.name(r['permanent'])} wird ausgelöst: "
        f"{r['age']} Altersmarke{'n' if r['age'] != 1 else ''}; ihre Kosten "
        f"{w.quote(r['cost'])} werden einmal pro Marke bezahlt"
        + (f" ({r['count']} verschiedene vollständige Zahlung{'en' if r['count'] != 1 else ''};"
           " mtgcombat upkeep listet sie)" if r["count"] else "") + f" ({w.cite(r.rule)})"),
    "human.upkeep_head": lambda r, w: (
        f"Regeln: {r['rules']}. Kumulative Versorgung zu Beginn des Versorgungssegments von "
        f"{w.name(r['player'])} (702.24):"),
    "human.upkeep_none": lambda r, w: (
        f"Keine bleibende Karte von {w.name(r['player'])} hat kumulative Versorgung."),
    "human.upkeep_trigger": lambda r, w: (
        f"{w.name(r['permanent'])}" + (f", Instanz {r['instance']}" if r["instance"] > 1 else "")
        + f": kumulative Versorgung {w.quote(r['cost'])}, {r['age']} Altersmarke"
        f"{'n' if r['age'] != 1 else ''} nach der Auslösung; "
        + (f"{r['count']} verschiedene vollständige Zahlung{'en' if r['count'] != 1 else ''}"
           if r["count"] is not None else "Zahlungen unbekannt")
        + (f" (die ersten {r['shown']} aufgelistet)" if r["truncated"] else "") + ":"),
    "human.upkeep_payment": lambda r, w: (
        f"  {r['i']}. {_pay(r, w)} -- " + ("bezahlbar" if r["payable"] else
                                          "nicht bezahlbar" if r["payable"] is False else
                                          "unbekannt")
        + (f": {w(r['why'])}" if r["why"] is not None else "")),
    "human.upkeep_note": lambda r, w: f"  Hinweis: {r['text']}",
    "human.upkeep_none_payable": lambda r, w: (
        f"  keine Zahlung ist möglich: {w.name(r['permanent'])} wird geopfert (702.24a)"),
}
