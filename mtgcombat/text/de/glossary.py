"""The German terms of the rules, as the German Comprehensive Rules write them: one
glossary for every German answer.

The names of the phases and steps (500-514), of the keyword abilities and of the other
terms of the rules are taken from the German translation of the Comprehensive Rules and
the German rules documents in ``../shared/rules/seeds`` (the rules chapter 5, chapter 1,
the basic rulebook's combat section, the combat explainer, cumulative upkeep);
``tests/test_text_de.py`` finds every term of :data:`RULES_TERMS` there. A few keyword
abilities those documents don't name (:data:`NOT_IN_SEEDS`) keep the names the German
cards print.
"""

from __future__ import annotations

from typing import Mapping

#: The five phases of a turn (500.1), in the order of a turn.
PHASES: Mapping[str, str] = {
    "beginning": "Startphase",
    "precombat main": "Vor-dem-Kampf-Hauptphase",
    "combat": "Kampfphase",
    "postcombat main": "Nach-dem-Kampf-Hauptphase",
    "ending": "Endphase",
}

#: The steps of a turn (501.1, 506.1, 512.1) -- the main phases have none (505.2) and are
#: named as phases; the first of two combat damage steps (510.4) as the German combat
#: explainer names it.
STEPS: Mapping[str, str] = {
    "untap": "Enttappsegment",
    "upkeep": "Versorgungssegment",
    "draw": "Ziehsegment",
    "precombat main": "Hauptphase",
    "beginning of combat": "Beginn-des-Kampfes-Segment",
    "declare attackers": "Angreifer-deklarieren-Segment",
    "declare blockers": "Blocker-deklarieren-Segment",
    "first-strike combat damage": "Erstschlag-Kampfschadensegment",
    "combat damage": "Kampfschadensegment",
    "end of combat": "Ende-des-Kampfes-Segment",
    "postcombat main": "Hauptphase",
    "end": "Endsegment",
    "cleanup": "Aufräumsegment",
}

#: Keyword abilities by their English rules name (lower case).
KEYWORDS: Mapping[str, str] = {
    "flying": "Flugfähigkeit", "reach": "Reichweite", "menace": "Bedrohlich",
    "trample": "Trampelschaden", "deathtouch": "Todesberührung", "first strike": "Erstschlag",
    "double strike": "Doppelschlag", "vigilance": "Wachsamkeit", "haste": "Eile",
    "defender": "Verteidiger", "lifelink": "Lebensverknüpfung",
    "indestructible": "Unzerstörbarkeit", "shadow": "Irrealität", "horsemanship": "Reiterei",
    "fear": "Furcht", "intimidate": "Einschüchtern", "skulk": "Schleichen",
    "banding": "Bündnisfähigkeit", "protection": "Schutz", "landwalk": "Landtarnung",
    "infect": "Infizieren", "wither": "Verdorren", "flanking": "Flankenangriff",
    "exalted": "Erhaben", "melee": "Nahkampf", "battle cry": "Schlachtruf",
    "provoke": "Provozieren", "trample over planeswalkers": "Trampelschaden über Planeswalker",
    "cumulative upkeep": "Kumulative Versorgung",
    # the other keywords of the table's combat families (mtgcombat/rules/keywords.py),
    # as German cards print them
    "rampage": "Amoklauf", "bushido": "Bushido", "modular": "Modular", "frenzy": "Raserei",
    "poisonous": "Giftig", "changeling": "Wandelbar", "persist": "Beharrlichkeit",
    "annihilator": "Vernichter", "umbra armor": "Umbra-Rüstung", "undying": "Unsterblichkeit",
    "unleash": "Entfesseln", "dethrone": "Entthronen", "prowess": "Bravour", "renown": "Ruhm",
    "devoid": "Farblos", "myriad": "Myriade", "afflict": "Heimsuchen", "mentor": "Mentor",
    "afterlife": "Nachleben", "riot": "Krawall", "decayed": "Verwest", "training": "Training",
    "enlist": "Einberufen", "living metal": "Lebendes Metall", "toxic": "Toxisch",
    "absorb": "Absorbieren",
}

#: Keyword abilities the German rules documents we hold don't name: as German cards
#: print them.
NOT_IN_SEEDS = frozenset({
    "horsemanship", "fear", "intimidate", "skulk", "flanking", "exalted", "melee",
    "battle cry", "provoke", "trample over planeswalkers", "protection", "landwalk",
    "rampage", "bushido", "modular", "frenzy", "poisonous", "changeling", "persist",
    "annihilator", "umbra armor", "undying", "unleash", "dethrone", "prowess", "renown",
    "devoid", "myriad", "afflict", "mentor", "afterlife", "riot", "decayed", "training",
    "enlist", "living metal", "absorb",
})

#: Other terms of the rules the German answers use.
TERMS: Mapping[str, str] = {
    "damage assignment order": "Schadenszuweisungsreihenfolge",
    "lethal damage": "tödlicher Schaden",
    "combat damage": "Kampfschaden",
    "requirement": "Forderung",
    "restriction": "Einschränkung",
    "defending player": "verteidigende Spieler",
    "permanent": "bleibende Karte",
    "life": "Lebenspunkt",
    "age counter": "Altersmarke",
    "mana pool": "Manavorrat",
    "power": "Stärke",
    "toughness": "Widerstandskraft",
    "graveyard": "Friedhof",
    "protector": "Beschützer",
}


def rules_terms() -> dict[str, str]:
    """Every term above that the German rules documents name: (where, term)."""
    out = {f"phase {k}": v for k, v in PHASES.items()}
    out.update({f"step {k}": v for k, v in STEPS.items()})
    out.update({f"keyword {k}": v for k, v in KEYWORDS.items() if k not in NOT_IN_SEEDS})
    out.update({f"term {k}": v for k, v in TERMS.items()})
    return out


def source_said(source: str) -> str:
    """Where a sentence not understood comes from, as the spec names it (a permanent's id,
    or ``"effect N"``, the board's N-th effect), in German: ``Effekt N``."""
    kind, _, n = source.partition(" ")
    return f"Effekt {n}" if kind == "effect" and n.isdigit() else source
