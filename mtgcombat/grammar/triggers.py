"""Recognising (not reading) triggered abilities that act in combat, so that an answer
about a combat can name those it does not carry out ("Whenever ~ attacks, ...",
"Whenever ~ deals combat damage to a player, ...", annihilator)."""

from __future__ import annotations

import re

_COMBAT_TRIGGER = re.compile(
    r"^(?:whenever|when|at)\b[^.]*\b(?:attacks?|blocks?|becomes? blocked|combat damage|"
    r"deals damage|beginning of combat|end of combat)\b", re.I)
_KEYWORD_TRIGGERS = re.compile(r"^(?:annihilator|afflict|bushido|rampage|exalted|flanking|"
                               r"melee|battle cry|myriad|training|mentor|dethrone|"
                               r"poisonous|frenzy|provoke)\b", re.I)


def acts_in_combat(sentence: str) -> bool:
    """Whether a sentence (or keyword) is a triggered ability that acts in combat."""
    s = sentence.strip()
    return bool(_COMBAT_TRIGGER.search(s) or _KEYWORD_TRIGGERS.search(s))


_AT_STEP = {
    "upkeep": re.compile(r"^at the beginning of (?:your|each|each player's|each opponent's|"
                         r"the next|that player's|enchanted player's) upkeep\b", re.I),
    "draw": re.compile(r"^at the beginning of (?:your|each|each player's|each opponent's|"
                       r"that player's) draw step\b", re.I),
    "combat": re.compile(r"^at the beginning of (?:combat on your turn|each combat|combat)\b",
                         re.I),
    "end": re.compile(r"^at the beginning of (?:your|each|the next|each player's|each "
                      r"opponent's) end step\b", re.I),
}


def triggers_at(sentence: str, step: str) -> bool:
    """Whether a sentence is a triggered ability "At the beginning of ..." ``step``
    ("upkeep", "draw", "combat", "end")."""
    pat = _AT_STEP.get(step)
    return bool(pat and pat.search(sentence.strip()))
