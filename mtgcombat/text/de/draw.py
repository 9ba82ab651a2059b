"""Deutsche Vorlagen: draw (die Wörter auf dem SVG-Bild von ``mtgcombat draw``).

Die Begriffe sind die der deutschen Regeln und Karten: Lebenspunkte, Giftmarken,
Loyalität, Verteidigung, Beschützer, getappt, Einsatzverzögerung, Schaden;
Schlüsselwörter so, wie die deutschen Regeln sie nennen (das Glossar).
Karten- und Spielernamen werden nie übersetzt."""

from __future__ import annotations

from . import glossary

#: Schlüsselwortfähigkeiten, kurz (``r["kw"]`` ist der englische Regelname in
#: Kleinbuchstaben), für eine Karte, auf der sie ausgeschrieben nicht Platz haben.
SHORT = {
    "flying": "Flieg.", "reach": "Reichw.", "menace": "Bedr.", "trample": "Trampel.",
    "trample over planeswalkers": "Trampel. (PW)", "deathtouch": "Todesb.",
    "first strike": "Erstschl.", "double strike": "Doppelschl.", "vigilance": "Wachs.",
    "haste": "Eile", "defender": "Vert.", "lifelink": "Lebensv.", "indestructible": "Unzerst.",
    "shadow": "Irreal.", "horsemanship": "Reit.", "fear": "Furcht", "intimidate": "Einsch.",
    "skulk": "Schleich.", "banding": "Bündn.", "protection": "Schutz", "landwalk": "Tarn.",
    "infect": "Infiz.", "wither": "Verd.", "flanking": "Flanke", "exalted": "Erhab.",
    "melee": "Nahk.", "battle cry": "Schlachtr.", "provoke": "Provoz.",
}

#: Schlüsselwortfähigkeiten, wie das Bild sie ausgeschrieben nennt: wie das Glossar.
KEYWORDS = {k: glossary.KEYWORDS[k] for k in SHORT}

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


#: Marken (122) nach Art, wie das Bild sie nennt; andere Arten, wie das Brett sie angibt.
COUNTERS = {"-1/-1": "\u22121/\u22121", "age": "Alterung", "level": "Stufe",
            "loyalty": "Loyalität", "defense": "Verteidigung", "charge": "Ladung",
            "time": "Zeit", "shield": "Schild", "stun": "Betäubung", "lore": "Kapitel",
            "oil": "Öl", "ice": "Eis"}

#: Farben (105.1) als Substantive: "Schutz vor Schwarz".
COLORS = {"white": "Weiß", "blue": "Blau", "black": "Schwarz", "red": "Rot", "green": "Grün"}


def _counter(r, w):
    return f"{COUNTERS.get(r['kind'], r['kind'])} \u00d7{r['n']}"


def _protection(r, w):
    # 702.16a: "Schutz vor [Eigenschaft]"; die Worte der Karte, wenn die Eigenschaft
    # weder eine Farbe, ein Spieler noch alles ist.
    short = r.get("short")
    q = r["quality"]
    if q == "text":
        return "Schutz" if short else (f"Schutz ({r['label']})" if r["label"] else "Schutz")
    what = {"everything": "allem", "color": COLORS.get(r.get("color"), r.get("color")),
            "player": w.name(r["player"]) if q == "player" else None}[q]
    return f"Schutz v. {what}" if short else f"Schutz vor {what}"


T: dict = {
    "draw.illegal": lambda r, w: (
        "Nicht erlaubt: Die gezeichneten Deklarationen verstoßen gegen die Regeln:"
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
    "draw.attacking": lambda r, w: f"greift {w.name(r['target'])} an",
    "draw.destroyed": lambda r, w: "zerstört",
    "draw.attacks": lambda r, w: f"{w.name(r['attacker'])} greift {w.name(r['target'])} an",
    "draw.attacks_blocked": lambda r, w: (f"{w.name(r['attacker'])} greift "
                                          f"{w.name(r['target'])} an und wird geblockt"),
    "draw.blocks": lambda r, w: f"{w.name(r['blocker'])} blockt {w.name(r['attacker'])}",
    "draw.deals": lambda r, w: (f"{w.name(r['source'])} fügt {w.name(r['to'])} "
                                + _count(r["n"], "Schadenspunkt", "Schadenspunkte") + " zu"),
    "draw.dealt_from": lambda r, w: f"von {w.name(r['source'])}",
    "draw.dealt_from_many": lambda r, w: f"von {r['n']} weiteren",
    "draw.attached": lambda r, w: f"{w.name(r['item'])}, angelegt an {w.name(r['host'])}",
    "draw.counter": _counter,
    "draw.protection": _protection,
    "draw.legend_attacks": lambda r, w: "greift an",
    "draw.legend_blocks": lambda r, w: "blockt",
    "draw.legend_damage": lambda r, w: "zugefügter Schaden und von wem",
    "draw.legend_attached": lambda r, w: "angelegte Aura oder Ausrüstung",
    "draw.legend_controller": lambda r, w: "Beherrscher:",
    "draw.loyalty_change": lambda r, w: f"Loyalität {r['before']} \u2192 {r['after']}",
    "draw.defense_change": lambda r, w: f"Verteidigung {r['before']} \u2192 {r['after']}",
    "draw.legend_change": lambda r, w: "\u2192: vor \u2192 nach dem Kampf",
    "draw.keyword": _keyword,
    "draw.landwalk": _landwalk,
}
