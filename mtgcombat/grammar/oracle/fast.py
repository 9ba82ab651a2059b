"""Keyword lines read without the parser: "Flying", "First strike, trample", "Toxic 2".

Most texts on the boards people type are keyword lines. Reading them does not need the
LALR parser (whose tables take tens of milliseconds to load): a line that is nothing
but keywords of the grammar's ``kw_item`` -- parameterless combat keywords (702, the
grammar's KEYWORD) and the numbered ones "toxic N" (702.164), "bushido N" (702.45),
"rampage N" (702.23), "afflict N" (702.130) -- separated as ``kw_list`` separates them
(",", ";", "and", ", and"), with an optional final period, becomes exactly the rule
objects the parser would make: ``Keyword(name)`` and ``KeywordN(name, n)``. Anything
else (another word, the card's own name in the line, a reminder the line is not
whole without) goes to the parser. ``tests/test_reading_cache.py`` checks that both
ways give the same reading, line for line."""

from __future__ import annotations

import re
from typing import Optional

from ...rules import abilities as A
from ...rules import keywords as K

#: Numbered keywords of the grammar (``KEYWORD_N``, from the keyword table
#: :mod:`mtgcombat.rules.keywords`): toxic, bushido, rampage, afflict, poisonous ...
NUMBERED = tuple(sorted(K.NUMBERED, key=len, reverse=True))

_ITEM: Optional[re.Pattern] = None
#: Keyword abilities that are (or include) a triggered ability, by the words of their
#: rule: the reader reads that text with the keyword (grammar/oracle/readings.py), so the
#: combat's triggers carry it out; a keyword line with one goes to the parser.
KEYWORD_TRIGGERS: dict[str, str] = {
    # 702.39a: "Whenever this creature attacks, you may have target creature defending
    # player controls untap and block it if able."
    "provoke": "Whenever this creature attacks, you may untap target creature defending "
               "player controls. That creature blocks this creature this turn if able.",
    # 702.105a
    "dethrone": "Whenever this creature attacks the player with the most life or tied for "
                "most life, put a +1/+1 counter on this creature.",
    # 702.149a
    "training": "Whenever this creature attacks with another creature with greater power, "
                "put a +1/+1 counter on this creature.",
    # (decayed's end-of-combat sacrifice, 702.147a, is a trigger of the combat's stack
    # itself: rules.stack)
}
_TRIGGER_KEYWORDS = frozenset(KEYWORD_TRIGGERS)
_RULE_TRIGGERS: dict[str, tuple] = {}


def rule_triggers(name: str, read=None) -> tuple:
    """The rule objects of the keyword ``name``'s triggered ability, read from the words
    of its rule (:data:`KEYWORD_TRIGGERS`) once; empty when those words are not read
    whole (then the keyword's trigger is not carried out, and the answers say so)."""
    if name not in KEYWORD_TRIGGERS:
        return ()
    if name not in _RULE_TRIGGERS:
        if read is None:
            from . import read_text as read
        r = read(KEYWORD_TRIGGERS[name], None)
        _RULE_TRIGGERS[name] = () if r.not_understood or not r.understood \
            else tuple(x for p in r.understood for x in p.abilities)
    return _RULE_TRIGGERS[name]


def _item_pattern() -> re.Pattern:
    global _ITEM
    if _ITEM is None:
        simple = sorted(A.SIMPLE_KEYWORDS, key=len, reverse=True)
        words = "|".join(re.escape(k).replace(r"\ ", " ") for k in simple)
        numbered = "|".join(NUMBERED)
        item = rf"(?:(?P<n>{numbered}) (?P<num>[0-9]{{1,3}})|(?P<kw>{words}))"
        _ITEM = re.compile(item + r"(?P<sep> ?[,;] ?(?:and )?| and |\.?$)", re.I)
    return _ITEM


def keyword_line(line: str) -> Optional[list]:
    """The rule objects of a line made only of keywords, or None."""
    pat = _item_pattern()
    out: list = []
    pos = 0
    n = len(line)
    while pos < n:
        m = pat.match(line, pos)
        if m is None:
            return None
        if m.group("kw"):
            if m.group("kw").lower() in _TRIGGER_KEYWORDS:
                return None  # read with its triggered ability by the parser's reader
            out.append(A.Keyword(m.group("kw").lower()))
        else:
            from ...rules.combat_abilities import KeywordN

            out.append(KeywordN(m.group("n").lower(), int(m.group("num"))))
        end = m.end()
        if end == pos or (end == n and m.group("sep") not in ("", ".") ):
            return None  # a separator at the very end ("Flying,") is not a keyword line
        pos = end
    return out or None


def read_keywords(text: str, name: Optional[str]) -> Optional[A.TextReading]:
    """The reading of a text whose every line is a keyword line, or None (then the
    parser reads it). Lines are taken as the reader takes them: reminder text removed
    (207.2), spaces collapsed, empty lines skipped."""
    from .sentences import name_variants, strip_reminder

    names = [n.lower() for n in name_variants(name)]
    understood = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        if "(" in raw or ")" in raw:
            line = strip_reminder(raw)
        else:
            line = raw.strip()
            if "  " in line or "\t" in line:
                line = strip_reminder(raw)
        if not line:
            continue
        if not line.isascii() or "\t" in line:
            return None
        low = line.lower()
        if any(nm in low for nm in names):
            return None  # the card's own name: "~" for the reader
        abilities = keyword_line(line)
        if abilities is None:
            return None
        understood.append(A.Parsed(line, tuple(abilities)))
    return A.TextReading(tuple(understood), ())
