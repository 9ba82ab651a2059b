"""Deutsche Vorlagen: draw (die Wörter auf dem SVG-Bild von ``mtgcombat draw``).

Die Begriffe sind die der deutschen Regeln und Karten: Lebenspunkte, Giftmarken,
Loyalität, Verteidigung, Beschützer, getappt, Einsatzverzögerung, Schaden;
Schlüsselwörter so, wie deutsche Karten sie drucken (Fliegend, Erstschlag ...).
Karten- und Spielernamen werden nie übersetzt."""

from __future__ import annotations

#: Schlüsselwortfähigkeiten, wie das Bild sie nennt (``r["kw"]`` ist der englische
#: Regelname in Kleinbuchstaben).
KEYWORDS = {
    "flying": "Fliegend", "reach": "Reichweite", "menace": "Bedrohlich",
    "trample": "Trampelschaden", "trample over planeswalkers": "Trampelschaden über Planeswalker",
    "deathtouch": "Todesberührung", "first strike": "Erstschlag", "double strike": "Doppelschlag",
    "vigilance": "Wachsamkeit", "haste": "Eile", "defender": "Verteidiger",
    "lifelink": "Lebensverknüpfung", "indestructible": "Unzerstörbar", "shadow": "Irrealität",
    "horsemanship": "Reiterei", "fear": "Furcht", "intimidate": "Einschüchtern",
    "skulk": "Schleichen", "banding": "Bündnis", "protection": "Schutz",
    "landwalk": "Landtarnung",
}

#: Dieselben, kurz, für eine Karte, auf der sie ausgeschrieben nicht Platz haben.
SHORT = {
    "flying": "Flieg.", "reach": "Reichw.", "menace": "Bedr.", "trample": "Trampel.",
    "trample over planeswalkers": "Trampel. (PW)", "deathtouch": "Todesb.",
    "first strike": "Erstschl.", "double strike": "Doppelschl.", "vigilance": "Wachs.",
    "haste": "Eile", "defender": "Vert.", "lifelink": "Lebensv.", "indestructible": "Unzerst.",
    "shadow": "Irreal.", "horsemanship": "Reit.", "fear": "Furcht", "intimidate": "Einsch.",
    "skulk": "Schleich.", "banding": "Bündn.", "protection": "Schutz", "landwalk": "Tarn.",
}

#: Landtarnung (702.14) nach Landart.
WALKS = {
    "plainswalk": "Ebenentarnung", "islandwalk": "Inseltarnung", "swampwalk": "Sumpftarnung",
    "mountainwalk": "Gebirgstarnung", "forestwalk": "Waldtarnung",
}


def _keyword(r, w):
    kw = r["kw"]
    return (SHORT if r.get("short") else KEYWORDS).get(kw, kw)


def _landwalk(r, w):
    return WALKS.get(r["walk"], KEYWORDS["landwalk"])


def _count(n, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


T: dict = {
    "draw.illegal": lambda r, w: (
        "Nicht erlaubt: die gezeichneten Deklarationen verstoßen gegen die Regeln:"
        if r["status"] == "illegal"
        else "Unbekannt: das Zeitlimit lief ab, bevor die Deklarationen beurteilt waren."),
    "draw.title": lambda r, w: f"Kampf im Zug von {w.name(r['player'])}",
    "draw.life": lambda r, w: _count(r["n"], "Lebenspunkt", "Lebenspunkte"),
    "draw.life_change": lambda r, w: f"Lebenspunkte {r['before']} \u2192 {r['after']}",
    "draw.poison": lambda r, w: _count(r["n"], "Giftmarke", "Giftmarken"),
    "draw.poison_change": lambda r, w: f"Giftmarken {r['before']} \u2192 {r['after']}",
    "draw.lost": lambda r, w: "hat das Spiel verloren",
    "draw.defeated": lambda r, w: "besiegt",
    "draw.team": lambda r, w: f"Team {r['team']}",
    "draw.loyalty": lambda r, w: f"Loyalität {r['n']}",
    "draw.defense": lambda r, w: f"Verteidigung {r['n']}",
    "draw.protector": lambda r, w: f"Beschützer {w.name(r['player'])}",
    "draw.active_player": lambda r, w: "aktiver Spieler",
    "draw.defending_player": lambda r, w: "verteidigender Spieler",
    "draw.goaded": lambda r, w: f"angestachelt von {w.names(r['players'])}",
    "draw.tapped": lambda r, w: "getappt",
    "draw.sick": lambda r, w: "Einsatzverzögerung",
    "draw.damage_marked": lambda r, w: f"Schaden {r['n']}",
    "draw.blocked": lambda r, w: "geblockt",
    "draw.destroyed": lambda r, w: "zerstört",
    "draw.attacks": lambda r, w: f"{w.name(r['attacker'])} greift {w.name(r['target'])} an",
    "draw.blocks": lambda r, w: f"{w.name(r['blocker'])} blockt {w.name(r['attacker'])}",
    "draw.deals": lambda r, w: (f"{w.name(r['source'])} fügt {w.name(r['to'])} "
                                + _count(r["n"], "Schadenspunkt", "Schadenspunkte") + " zu"),
    "draw.keyword": _keyword,
    "draw.landwalk": _landwalk,
}
