"""English templates: draw (the words on the SVG picture of ``mtgcombat draw``).

Card names and player names are never translated: they come in as ids and are
named by ``w.name``. Keyword abilities are named by their lower-case rules name
(``r["kw"]``: "flying", "first strike" ...)."""

from __future__ import annotations

#: Keyword abilities as the picture names them, in full.
KEYWORDS = {
    "flying": "flying", "reach": "reach", "menace": "menace", "trample": "trample",
    "trample over planeswalkers": "trample over planeswalkers", "deathtouch": "deathtouch",
    "first strike": "first strike", "double strike": "double strike",
    "vigilance": "vigilance", "haste": "haste", "defender": "defender",
    "lifelink": "lifelink", "indestructible": "indestructible", "shadow": "shadow",
    "horsemanship": "horsemanship", "fear": "fear", "intimidate": "intimidate",
    "skulk": "skulk", "banding": "banding", "protection": "protection",
    "landwalk": "landwalk",
}

#: The same, short, for a card whose keywords don't fit in full.
SHORT = {
    "flying": "fly", "reach": "reach", "menace": "menace", "trample": "trample",
    "trample over planeswalkers": "trample (pw)", "deathtouch": "deatht.",
    "first strike": "1st str.", "double strike": "dbl str.", "vigilance": "vigil.",
    "haste": "haste", "defender": "def.", "lifelink": "lifel.", "indestructible": "indestr.",
    "shadow": "shadow", "horsemanship": "horsem.", "fear": "fear", "intimidate": "intim.",
    "skulk": "skulk", "banding": "banding", "protection": "prot.", "landwalk": "walk",
}


def _keyword(r, w):
    kw = r["kw"]
    return (SHORT if r.get("short") else KEYWORDS).get(kw, kw)


def _landwalk(r, w):
    # "swampwalk", "nonbasic landwalk": the English keyword as the card says it.
    return r["walk"]


T: dict = {
    "draw.illegal": lambda r, w: (
        "Illegal: the declarations drawn break the rules:" if r["status"] == "illegal"
        else "Unknown: the time limit ran out before the declarations were judged."),
    "draw.title": lambda r, w: f"Combat on {w.name(r['player'])}'s turn",
    "draw.life": lambda r, w: f"life {r['n']}",
    "draw.life_change": lambda r, w: f"life {r['before']} \u2192 {r['after']}",
    "draw.poison": lambda r, w: f"poison {r['n']}",
    "draw.poison_change": lambda r, w: f"poison {r['before']} \u2192 {r['after']}",
    "draw.lost": lambda r, w: "lost the game",
    "draw.defeated": lambda r, w: "defeated",
    "draw.team": lambda r, w: f"team {r['team']}",
    "draw.loyalty": lambda r, w: f"loyalty {r['n']}",
    "draw.defense": lambda r, w: f"defense {r['n']}",
    "draw.protector": lambda r, w: f"protector {w.name(r['player'])}",
    "draw.active_player": lambda r, w: "active player",
    "draw.defending_player": lambda r, w: "defending player",
    "draw.goaded": lambda r, w: f"goaded by {w.names(r['players'])}",
    "draw.tapped": lambda r, w: "tapped",
    "draw.sick": lambda r, w: "summoning sick",
    "draw.damage_marked": lambda r, w: f"damage {r['n']}",
    "draw.blocked": lambda r, w: "blocked",
    "draw.destroyed": lambda r, w: "destroyed",
    "draw.attacks": lambda r, w: f"{w.name(r['attacker'])} attacks {w.name(r['target'])}",
    "draw.blocks": lambda r, w: f"{w.name(r['blocker'])} blocks {w.name(r['attacker'])}",
    "draw.deals": lambda r, w: (f"{w.name(r['source'])} deals {r['n']} damage to "
                                f"{w.name(r['to'])}"),
    "draw.keyword": _keyword,
    "draw.landwalk": _landwalk,
}
