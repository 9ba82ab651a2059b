"""Recognising (not reading) triggered abilities that may act in a combat, so that an
answer about a combat can name those it does not carry out.

The Oracle grammar reads the triggered abilities it can carry out (603.1,
:mod:`mtgcombat.grammar.oracle.triggered`); a sentence it can't read is reported in
``not_understood``, and -- when its ability may trigger during a combat -- in the
combat's ``not_modelled`` too. A triggered ability may act in a combat unless its event
can't happen there: the beginning of another step (an upkeep, a draw step, an end
step), its own source entering the battlefield (it is on the battlefield already), a
spell being cast when no spell is cast in the combat, cycling, a land entering, a
scheme set in motion. Keyword abilities that trigger in combat (annihilator, afflict,
bushido ...) and exert (701.43) act in it too."""

from __future__ import annotations

import re

#: An ability word (207.2c), a flavor word (207.2d) or a Saga's chapter (714.2b).
_PREFIX = re.compile(r"^(?:[A-Z][\w'\u2019-]*(?: [\w'\u2019-]+)* \u2014 |[IVX]+(?:, [IVX]+)* "
                     r"\u2014 |\[[^\]]*\]: )")
_TRIGGER = re.compile(r"^(?:whenever|when|at)\b", re.I)
_KEYWORD_TRIGGERS = re.compile(r"^(?:annihilator|afflict|bushido|rampage|exalted|flanking|"
                               r"melee|battle cry|myriad|training|mentor|dethrone|"
                               r"poisonous|frenzy|provoke|prowess)\b", re.I)
_EXERT = re.compile(r"\bexert\b", re.I)
#: Events that can't happen during a combat as the combat commands model it.
_OUTSIDE = re.compile(
    r"^(?:at the beginning of (?:your |each |each player's |each opponent's |the next |"
    r"that player's |enchanted player's |target opponent's |the )?(?:upkeep|draw step|end "
    r"step|precombat main phase|postcombat main phase|second main phase|end step of)"
    r"|at the beginning of (?:your|each|the next) (?:upkeep|end step)"
    r"|when(?:ever)? (?:~|this creature|this permanent) enters(?: the battlefield)?\b(?! or)"
    r"|when(?:ever)? you cycle|when you set this scheme|whenever you roll|when ~ is turned "
    r"face up|whenever a land enters|landfall)", re.I)
_CAST = re.compile(r"^whenever (?:you|an opponent|a player) casts?\b|^whenever (?:you|an "
                   r"opponent|a player) casts? or copies\b", re.I)


def acts_in_combat(sentence: str, spells: bool = False, name: str = "") -> bool:
    """Whether a sentence (or keyword) is a triggered ability (or exert) that may act in a
    combat; ``spells``: spells are cast during this combat (the board's tricks); ``name``:
    the name of the card whose text it is (it names itself by it)."""
    s = _PREFIX.sub("", sentence.strip()).replace("\u2019", "'")
    if name:
        from .oracle.sentences import name_variants

        for n in sorted(name_variants(name), key=len, reverse=True):
            s = re.sub(r"(?<![\w])" + re.escape(n) + r"(?![\w])", "~", s)
    if _KEYWORD_TRIGGERS.search(s) or _EXERT.search(s):
        return True
    if not _TRIGGER.match(s):
        return False
    if _CAST.search(s):
        return spells
    return not _OUTSIDE.search(s)


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
