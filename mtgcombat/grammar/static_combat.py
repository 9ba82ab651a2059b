"""Recognising (not reading) static abilities and keyword lines that can act in a combat,
so that an answer about a combat names those it does not carry out (issue 26.5): a
keyword of a combat family that the library doesn't carry out ("Myriad", "Annihilator 2",
"Persist"; the keyword table, :mod:`mtgcombat.rules.keywords`), and a static sentence
that speaks of attacking, blocking, combat damage, lethal damage, poison counters, -1/-1
counters, prevention or a combat keyword ("Attacking creatures you control get +1/+0.",
"Damage that would be dealt to ~ is dealt to you instead."). Triggered abilities are
:func:`mtgcombat.grammar.triggers.acts_in_combat`'s; activated abilities act only when
activated, which a board gives as an effect."""

from __future__ import annotations

import re

from ..rules import keywords as K

_ABILITY_WORD = re.compile(r"^(?![IVX]+\b)[A-Z][\w'\u2019-]*(?: [\w'\u2019-]+)* \u2014 ")
_TRIGGER_OR_ACTIVATED = re.compile(r"^(?:when|whenever|at)\b|^[^\"]*:", re.I)
#: When a spell may be cast or an ability activated (601.3, 602.5): nothing in a combat.
_TIMING = re.compile(r"^(?:cast this spell only|activate only|activate this ability only|"
                     r"spend only)\b", re.I)
#: Combat keywords by name, longest first ("battle cry" before "battle").
_COMBAT_KEYWORDS = sorted(
    {n for k in K.TABLE.values() if k.acts_in_combat for n in (k.name, *k.aliases)},
    key=len, reverse=True)
_KEYWORD_LINE = re.compile(
    r"^(?:" + "|".join(re.escape(n) for n in _COMBAT_KEYWORDS) + r")(?:\s+(?:\d+|X))?\b"
    r"(?:[,;]|\s*$|\.)", re.I)
_COMBAT_WORDS = re.compile(
    r"\b(?:attack\w*|block\w*|combat|damage|lethal|poison|-1/-1 counters?|prevent\w*|"
    r"destroy\w*|indestructible|regenerat\w*|sacrifice\w*|loses? all abilities|"
    r"(?:" + "|".join(re.escape(n) for n in _COMBAT_KEYWORDS) + r"))\b", re.I)


def keyword_acts_in_combat(sentence: str) -> bool:
    """Whether a keyword line (or item) names a keyword of a combat family: one that, not
    carried out, the answers must name."""
    s = sentence.strip().lstrip("\u2022").strip()
    return bool(_KEYWORD_LINE.match(s))


def static_acts_in_combat(sentence: str) -> bool:
    """Whether a sentence not understood is a static ability (or a keyword) that can act
    in a combat: a combat keyword, or a sentence that is neither triggered nor activated
    and speaks of combat (see the module docstring)."""
    s = _ABILITY_WORD.sub("", sentence.strip().lstrip("\u2022").strip())
    if keyword_acts_in_combat(s):
        return True
    if _TRIGGER_OR_ACTIVATED.search(s) or _TIMING.match(s):
        return False
    return bool(_COMBAT_WORDS.search(s))
