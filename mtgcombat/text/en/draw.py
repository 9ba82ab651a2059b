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
    "landwalk": "landwalk", "infect": "infect", "wither": "wither", "flanking": "flanking",
    "exalted": "exalted", "melee": "melee", "battle cry": "battle cry", "provoke": "provoke",
}

#: The same, short, for a card whose keywords don't fit in full.
SHORT = {
    "flying": "fly", "reach": "reach", "menace": "menace", "trample": "trample",
    "trample over planeswalkers": "trample (pw)", "deathtouch": "deatht.",
    "first strike": "1st str.", "double strike": "dbl str.", "vigilance": "vigil.",
    "haste": "haste", "defender": "def.", "lifelink": "lifel.", "indestructible": "indestr.",
    "shadow": "shadow", "horsemanship": "horsem.", "fear": "fear", "intimidate": "intim.",
    "skulk": "skulk", "banding": "banding", "protection": "prot.", "landwalk": "walk",
    "infect": "infect", "wither": "wither", "flanking": "flank.", "exalted": "exalt.",
    "melee": "melee", "battle cry": "b. cry", "provoke": "provoke",
}


def _keyword(r, w):
    kw = r["kw"]
    return (SHORT if r.get("short") else KEYWORDS).get(kw, kw)


def _landwalk(r, w):
    # "swampwalk", "nonbasic landwalk": the English keyword as the card says it.
    return r["walk"]


#: Counter kinds (122) as the picture names them; another kind as the board gives it.
COUNTERS = {"-1/-1": "\u22121/\u22121"}


def _counter(r, w):
    return f"{COUNTERS.get(r['kind'], r['kind'])} \u00d7{r['n']}"


def _protection(r, w):
    # 702.16a: "protection from [quality]"; the card's own words when the quality is
    # neither a color, a player nor everything.
    short = r.get("short")
    q = r["quality"]
    if q == "text":
        return "prot." if short else (r["label"] or "protection")
    what = {"everything": "everything", "color": r.get("color"),
            "player": w.name(r["player"]) if q == "player" else None}[q]
    return f"pro {what}" if short else f"protection from {what}"


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
    "draw.attacking": lambda r, w: f"attacks {w.name(r['target'])}",
    "draw.destroyed": lambda r, w: "destroyed",
    "draw.attacks": lambda r, w: f"{w.name(r['attacker'])} attacks {w.name(r['target'])}",
    "draw.attacks_blocked": lambda r, w: (f"{w.name(r['attacker'])} attacks "
                                          f"{w.name(r['target'])} and is blocked"),
    "draw.blocks": lambda r, w: f"{w.name(r['blocker'])} blocks {w.name(r['attacker'])}",
    "draw.deals": lambda r, w: (f"{w.name(r['source'])} deals {r['n']} damage to "
                                f"{w.name(r['to'])}"),
    "draw.dealt_from": lambda r, w: f"from {w.name(r['source'])}",
    "draw.dealt_from_many": lambda r, w: f"from {r['n']} others",
    "draw.attached": lambda r, w: f"{w.name(r['item'])}, attached to {w.name(r['host'])}",
    "draw.counter": _counter,
    "draw.protection": _protection,
    "draw.legend_attacks": lambda r, w: "attacks",
    "draw.legend_blocks": lambda r, w: "blocks",
    "draw.legend_damage": lambda r, w: "damage dealt, and by what",
    "draw.legend_attached": lambda r, w: "Aura or Equipment attached",
    "draw.legend_controller": lambda r, w: "controller:",
    "draw.loyalty_change": lambda r, w: f"loyalty {r['before']} \u2192 {r['after']}",
    "draw.defense_change": lambda r, w: f"defense {r['before']} \u2192 {r['after']}",
    "draw.legend_change": lambda r, w: "\u2192: before \u2192 after combat",
    "draw.keyword": _keyword,
    "draw.landwalk": _landwalk,
}
