"""The word lexer of the Oracle grammar: vocabulary, the LALR parser (built once,
lazily) and the interactive feeding of a sentence's words as tokens."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from lark import Lark, Token
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer

from ...rules import keywords as K
from ..cache import lark_parser

#: The Oracle grammar (``mtgcombat/grammar/oracle.lark``).
GRAMMAR_PATH = Path(__file__).parent.parent / "oracle.lark"

# ---------------------------------------------------------------------------
# Word classes (the lexer's vocabulary beyond the grammar's literal phrases)
# ---------------------------------------------------------------------------

#: Parameterless combat keywords (702, the keyword table), longest first so "first
#: strike" wins.
_KEYWORDS = sorted(K.PARAMETERLESS, key=len, reverse=True)
#: Combat keywords with a number ("toxic 2").
_KEYWORDS_N = sorted(K.NUMBERED, key=len, reverse=True)

_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
          "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def _number_words() -> dict[str, int]:
    """The number words Oracle text spells out, one to ninety-nine ("ninety-nine",
    Rolling Thunder's "any number" aside): units, teens, tens and "tens-unit"."""
    out = {w: i + 1 for i, w in enumerate(_UNITS)}
    out.update({w: 10 + i for i, w in enumerate(_TEENS)})
    for t, tens in enumerate(_TENS):
        out[tens] = 20 + 10 * t
        for u, unit in enumerate(_UNITS):
            out[f"{tens}-{unit}"] = 20 + 10 * t + u + 1
    return out


#: Number words to their values: "one" .. "ninety-nine".
_NUMBERS = _number_words()

#: Basic land types and their landwalk words (702.14a).
_BASIC_WALKS = {
    "plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
    "mountainwalk": "Mountain", "forestwalk": "Forest",
}

#: Words before "...walk" that are part of the landwalk (702.14a, 702.14c).
_WALK_MODIFIERS = {"nonbasic", "snow", "legendary", "basic", "artifact"}

#: Words that start a verb phrase: "and"/"," before them separate verb phrases.
_VP_START = {
    "can't", "can", "has", "have", "gains", "gain", "gets", "get", "attacks",
    "attack", "blocks", "block", "must", "is", "assigns", "assign", "loses", "lose",
}

#: Capitalised words that are never a subtype (they start English sentences).
_NOT_SUBTYPES = {
    "enchanted", "equipped", "fortified", "chosen", "they", "those", "these",
    "that", "this", "it", "its", "he", "she", "his", "her", "their", "them",
    "whenever", "when", "if", "as", "at", "then", "otherwise", "instead",
    "exile", "destroy", "return", "tap", "untap", "sacrifice", "draw", "put",
    "create", "choose", "prevent", "remove", "only", "activate", "cast", "any",
    "up", "x", "no", "both", "either", "neither", "whoever", "double", "first",
    # capitalised game terms that are not subtypes
    "unblocked", "blocked", "modified", "commander", "commanders", "outlaw", "outlaws",
    "token", "tokens", "monarch", "historic", "named", "attached", "exiled", "revealed",
    "face-down", "face-up", "nontoken", "active", "chosen", "paired", "transformed",
}

#: Subtype plurals that are not "word + s" (bind.py matches singular forms).
_IRREGULAR_PLURALS = {
    "Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Werewolves": "Werewolf",
    "Thieves": "Thief", "Zombies": "Zombie", "Faeries": "Faerie", "Pixies": "Pixie",
    "Homunculi": "Homunculus", "Fungi": "Fungus", "Mercenaries": "Mercenary",
    "Allies": "Ally", "Harpies": "Harpy", "Sphinxes": "Sphinx", "Foxes": "Fox",
    "Octopi": "Octopus", "Sorceries": "Sorcery",
}
#: Subtypes whose plural is the same word.
_INVARIANT_PLURALS = {
    "Merfolk", "Kithkin", "Moonfolk", "Sheep", "Fish", "Kor", "Eldrazi", "Slith",
    "Surrakar", "Aetherborn", "Vedalken", "Siren", "Plains", "Cyclops",
}

_CARD_TYPE_WORDS = {
    "artifact": "Artifact", "artifacts": "Artifact", "legendary": "Legendary",
    "snow": "Snow", "basic": "Basic", "land": "Land", "lands": "Land",
    "enchantment": "Enchantment", "enchantments": "Enchantment",
    "planeswalker": "Planeswalker", "planeswalkers": "Planeswalker",
    "creature": "Creature", "creatures": "Creature", "instants": "Instant",
    "instant": "Instant", "sorcery": "Sorcery", "sorceries": "Sorcery",
}

# ---------------------------------------------------------------------------
# Parser (built once, lazily)
# ---------------------------------------------------------------------------


class _PassLexer(Lexer):
    """Lark lexer hook: the tokens are made by :func:`_tokenize` beforehand."""

    def __init__(self, lexer_conf: Any) -> None:  # noqa: D401 - lark interface
        pass

    def lex(self, data: Any) -> Iterable[Token]:  # type: ignore[override]
        return iter(data)


@dataclass
class _Machine:
    parser: Lark
    phrases: dict[str, list[tuple[tuple[str, ...], str]]]  # first word -> phrases
    literal_words: frozenset[str]


@lru_cache(maxsize=1)
def _machine() -> _Machine:
    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    parser = lark_parser(
        "oracle", grammar, parser="lalr", lexer=_PassLexer, start=["line", "kw_item", "trigger", "instructions", "exert"],
        maybe_placeholders=False,
    )
    phrases: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    words: set[str] = set()

    def add(text: str, ttype: str) -> None:
        key = tuple(text.split())
        phrases.setdefault(key[0], []).append((key, ttype))
        words.update(key)

    for term in parser.terminals:
        if type(term.pattern).__name__ == "PatternStr":
            value = term.pattern.value
            if value[0].isalpha():
                add(value, term.name)
    for kw in _KEYWORDS:
        add(kw, "KEYWORD")
    for kw in _KEYWORDS_N:
        add(kw, "KEYWORD_N")
    for c in _COLORS:
        add(c, "COLOR")
    for n in _NUMBERS:
        add(n, "NUMBER")
    for s in ("this creature", "this permanent", "this card", "cardname", "nickname"):
        add(s, "SELF")
    for first in phrases:
        phrases[first].sort(key=lambda p: len(p[0]), reverse=True)
    return _Machine(parser, phrases, frozenset(words))


# ---------------------------------------------------------------------------
# Word lexer
# ---------------------------------------------------------------------------

_RAW = re.compile(
    r"""
    (?P<mana>(?:\{[^{}\s]*\})+)
  | (?P<pt>[+\-][0-9X*]+/[+\-][0-9X*]+)
  | (?P<size>[0-9]+/[0-9]+)(?![\w/])
  | (?P<self>~)
  | (?P<poss>'s\b)
  | (?P<word>[^\W_][\w'\-/]*)
  | (?P<punct>[.,;])
  | (?P<other>\S)
    """,
    re.X,
)

_NON = re.compile(r"^non-?([A-Za-z]{3,})$", re.I)


class _Unknown(Exception):
    """The sentence has a word outside the grammar's vocabulary."""


def _raw_tokens(sentence: str) -> list[tuple[str, str]]:
    return [(mt.lastgroup or "other", mt.group()) for mt in _RAW.finditer(sentence)]


def _prefilter(raw: list[tuple[str, str]], m: "_Machine") -> None:
    """Cheap check that every word may belong to the grammar (set look-ups only)."""
    known = m.literal_words
    for kind, text in raw:
        if kind == "word":
            low = text.lower()
            if low in known or low.isdigit() or low.endswith("walk"):
                continue
            if text[0].isupper() and low not in _NOT_SUBTYPES:
                continue
            if _NON.match(text):
                continue
            raise _Unknown(text)
        elif kind == "other":
            raise _Unknown(text)


def _candidates(raw: list[tuple[str, str]]) -> list[list[tuple[int, Token]]]:
    """For each raw position, the tokens that may start there (longest first), as
    (raw tokens consumed, token). Raises :class:`_Unknown` for a word that no
    candidate covers -- the cheap pre-filter before any parsing."""
    m = _machine()
    _prefilter(raw, m)
    n = len(raw)
    out: list[list[tuple[int, Token]]] = []
    for i, (kind, text) in enumerate(raw):
        low = text.lower()
        cands: list[tuple[int, Token]] = []
        if kind == "mana":
            cands.append((1, Token("MANA", text.upper())))
        elif kind == "pt":
            cands.append((1, Token("PT", text)))
        elif kind == "size":
            cands.append((1, Token("SIZE", text)))
        elif kind == "self":
            cands.append((1, Token("SELF", "~")))
        elif kind == "poss":
            cands.append((1, Token(_literal("'s"), "'s")))
        elif kind == "punct":
            if text == "," and _starts_vp(raw, i + 1):
                cands.append((1, Token("_VP_COMMA", ",")))
            cands.append((1, Token(_literal(text), text)))
        elif kind == "word":
            # landwalk, possibly with a modifier: "nonbasic landwalk" (702.14a)
            if low in _WALK_MODIFIERS and i + 1 < n and raw[i + 1][1].lower().endswith("walk") \
                    and raw[i + 1][1].isalpha():
                cands.append((2, Token("LANDWALK", f"{low} {raw[i + 1][1].lower()}")))
            if low.endswith("walk") and low.isalpha() and len(low) > 4:
                cands.append((1, Token("LANDWALK", low)))
            if low == "and" and _starts_vp(raw, i + 1):
                cands.append((1, Token("_VP_AND", "and")))
            for words, ttype in m.phrases.get(low, ()):
                k = len(words)
                if i + k <= n and all(
                    raw[i + j][0] == "word" and raw[i + j][1].lower() == words[j]
                    for j in range(1, k)
                ):
                    cands.append((k, Token(ttype, "~" if ttype == "SELF" else " ".join(words))))
            if low.isdigit():
                cands.append((1, Token("NUMBER", low)))
            if _NON.match(text) and not low.startswith("none"):
                cands.append((1, Token("NONWORD", text)))
            if text[0].isupper() and low not in _NOT_SUBTYPES and low not in m.literal_words:
                cands.append((1, Token("CAPWORD", text)))
        cands.sort(key=lambda c: -c[0])
        out.append(cands)
    covered = 0  # every word must be covered by some candidate
    for i, cands in enumerate(out):
        if i >= covered and not cands:
            raise _Unknown(raw[i][1])
        if cands:
            covered = max(covered, i + cands[0][0])
    return out


def _parse_tokens(sentence: str, start: str):
    """Parse with the LALR parser, choosing at each step the longest candidate
    token the parser state accepts (a contextual lexer over phrases)."""
    raw = _raw_tokens(sentence)
    if not raw:
        raise _Unknown("")
    cands = _candidates(raw)
    ip = _machine().parser.parse_interactive(start=start)
    budget = [_BACKTRACK]
    return _feed(ip, raw, cands, 0, budget)


#: How many alternative phrase choices one sentence may try (the longest phrase is
#: almost always right; see :func:`_feed`).
_BACKTRACK = 32


def _feed(ip: Any, raw: list, cands: list, i: int, budget: list[int]) -> Any:
    """Feed the words from ``i`` on. At each word the longest phrase the parser state
    offers is taken; where several are offered, a shorter one is tried when the longer
    leads nowhere -- LALR lookaheads are merged across contexts, so a phrase may be
    offered ("you may have", "counter on it") where the sentence needs its words apart
    ("you may" + "have"). ``budget`` bounds the tries."""
    n = len(raw)
    while i < n:
        choices = ip.choices()
        fits = [(k, tok) for k, tok in cands[i] if tok.type in choices]
        if not fits:
            raise _Unknown(raw[i][1])
        if len(fits) > 1 and budget[0] > 0:
            last: Exception = _Unknown(raw[i][1])
            for k, tok in fits:
                budget[0] -= 1
                trial = ip.copy()
                try:
                    trial.feed_token(tok)
                    return _feed(trial, raw, cands, i + k, budget)
                except (UnexpectedInput, _Unknown) as e:
                    last = e
                if budget[0] <= 0:
                    break
            raise last
        k, tok = fits[0]
        ip.feed_token(tok)
        i += k
    return ip.feed_eof()


def _starts_vp(raw: list[tuple[str, str]], j: int) -> bool:
    if j >= len(raw) or raw[j][0] != "word":
        return False
    w = raw[j][1].lower()
    if w == "and":
        return _starts_vp(raw, j + 1)
    return w in _VP_START


@lru_cache(maxsize=None)
def _literal(text: str) -> str:
    for term in _machine().parser.terminals:
        if type(term.pattern).__name__ == "PatternStr" and term.pattern.value == text:
            return term.name
    return "UNKNOWN"




# ---------------------------------------------------------------------------
# Keyword lines that never act in a combat (the keyword table's "noncombat" family)
# ---------------------------------------------------------------------------

_MANA_GROUP = r"(?:\{[^{}\s]+\})+"
#: What follows a keyword with a cost: mana ("{2}{U}", "{2} and/or {G}"), optionally
#: after a quality ("Equip Knight {1}", "Equip legendary creature {3}"), or a cost in
#: words after a dash ("Ward\u2014Pay 2 life", "Morph\u2014Reveal a white card"); suspend
#: has a number first ("Suspend 4\u2014{1}{U}").
_COST_TAIL = re.compile(
    r"^(?:(?:[A-Za-z][\w'-]* ){0,3}" + _MANA_GROUP + r"(?: and/or " + _MANA_GROUP + r")?"
    r"|(?:[0-9X]+)?\s*\u2014\s*\S.*)$")
_NUMBER_TAIL = re.compile(r"^(?:[0-9]+|X)$")
#: A quality: words, no verb ("creature you control", "artifact or creature", "black",
#: "Arcane", "a Faerie"); "with"/"for"/"onto" start some ("affinity for artifacts").
_QUALITY_TAIL = re.compile(r"^(?:[A-Za-z][\w'-]*)(?:,? (?:[A-Za-z][\w'-]*|" + _MANA_GROUP
                           + r"))*$")
_QUALITY_VERBS = frozenset({
    "can't", "can", "gets", "get", "has", "have", "is", "are", "deals", "attacks",
    "blocks", "gains", "loses", "costs", "cost", "may", "must", "becomes", "enters"})
#: Variants spelled as one word with a prefix: "plainscycling", "basic landcycling",
#: "wizardcycling" (702.29e typecycling); "goblin offering" (702.48).
_PREFIXED = re.compile(r"^(?:(?:basic )?[a-z]+cycling|[a-z]+ offering)\b", re.I)
#: Noncombat names and aliases, longest first.
_NONCOMBAT_NAMES = sorted(
    {n for k in K.TABLE.values() if not k.acts_in_combat for n in (k.name, *k.aliases)},
    key=len, reverse=True)


def noncombat_keyword(item: str) -> "K.Keyword | None":
    """The keyword of the table's ``"noncombat"`` family that a keyword line (or one item
    of one) is, with its parameter ("Enchant creature", "Equip {2}", "Flash", "Ward\u2014Pay
    2 life", "Plainscycling {2}", "Suspend 4\u2014{1}{U}"), or None: such a line has
    nothing to apply in a combat, and is understood as such. "Enchant player" is not
    one (the Aura is attached to a player, 303.4; the grammar reads it)."""
    s = item.strip().rstrip(".").strip()
    low = s.lower()
    if not s or low == "enchant player":
        return None
    m = _PREFIXED.match(low)
    if m:
        name = "cycling" if low[:m.end()].endswith("cycling") else "offering"
        k = K.TABLE[name]
        rest = s[m.end():].strip()
        ok = _COST_TAIL.match(rest) if name == "cycling" else not rest
        return k if ok else None
    for name in _NONCOMBAT_NAMES:
        if low != name and not low.startswith((name + " ", name + "\u2014")):
            continue
        k = K.keyword(name)
        assert k is not None
        rest = s[len(name):].strip()
        param = k.parameter
        if name == "hexproof from" or (name == "partner" and rest.lower().startswith("with ")):
            param = "quality"
        if param is None:
            return k if not rest else None
        if param == "number":
            return k if _NUMBER_TAIL.match(rest) else None
        if param == "cost":
            return k if _COST_TAIL.match(rest) else None
        if rest and _QUALITY_TAIL.match(rest) and \
                not _QUALITY_VERBS & set(rest.lower().split()):
            return k
        return None
    return None
