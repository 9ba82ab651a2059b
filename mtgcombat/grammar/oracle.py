"""Oracle text -> combat rule objects.

:func:`read_text` splits a card's rules text (or an effect's text) into
sentences and turns each sentence it understands into rule objects from
:mod:`mtgcombat.rules.abilities`. Every sentence ends up either in
``understood`` (as a :class:`~mtgcombat.rules.abilities.Parsed`) or, verbatim,
in ``not_understood``: nothing is dropped silently.

How it works:

* Reminder text (parentheses) is removed first: it has no rules meaning (207.2).
* Lines are split into sentences, respecting quotes, braces and card names.
* Each sentence goes through a small word lexer (this module): the card's name,
  "CARDNAME" and "this creature" become SELF, keywords, colours, numbers and the
  literal phrases of ``oracle.lark`` become tokens. A sentence with a word the
  grammar does not know is rejected right there, so the LALR parser only sees
  candidate sentences -- that is what keeps the whole corpus fast.
* The LALR parser (built once, lazily) is fed interactively: at each word the
  longest literal phrase that the parser state accepts is taken. The tree is
  turned into rule objects by :class:`_OracleTransformer`; each method cites its rule.
* A keyword line with an unknown item ("Flying, ward {2}") is read item by item.

References: 702 (keywords), 508.1c-d (attack restrictions and requirements),
509.1b-c (block restrictions and requirements), 508.1d/509.1d (costs),
510.1 (combat damage), 613.1f (abilities granted), 115 (targets).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError
from lark.lexer import Lexer

from mtgcombat.rules import abilities as A

__all__ = ["read_text", "split_sentences", "GRAMMAR_PATH"]

GRAMMAR_PATH = Path(__file__).with_name("oracle.lark")

# ---------------------------------------------------------------------------
# Word classes (the lexer's vocabulary beyond the grammar's literal phrases)
# ---------------------------------------------------------------------------

#: Parameterless combat keywords (702), longest first so "first strike" wins.
_KEYWORDS = sorted(A.SIMPLE_KEYWORDS, key=len, reverse=True)

_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}

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
    "attack", "blocks", "block", "must", "is",
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
    parser = Lark(
        grammar, parser="lalr", lexer=_PassLexer, start=["line", "kw_item"],
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
    i = 0
    n = len(raw)
    while i < n:
        choices = ip.choices()
        for k, tok in cands[i]:
            if tok.type in choices:
                ip.feed_token(tok)
                i += k
                break
        else:
            raise _Unknown(raw[i][1])
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
# Descriptions of objects: "black or green creatures you control with flying"
# ---------------------------------------------------------------------------


class _Fail(Exception):
    """The sentence parsed but cannot be expressed with the rule objects."""


@dataclass
class _Word:
    kind: str  # "pred", "creature", "permanent", "type", "cap", "attacking", "blocking"
    pred: Optional[A.Pred] = None
    text: str = ""


@dataclass
class _Ctrl:
    controller: Optional[A.PlayerRef] = None
    opponents_of: Optional[A.PlayerRef] = None
    pred: Optional[A.Pred] = None  # "you don't control"
    of_target_creature: bool = False  # "that player" = a target creature's controller


@dataclass
class _Desc:
    alts: list[list[_Word]]
    with_pred: Optional[A.Pred] = None
    ctrl: Optional[_Ctrl] = None
    words: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return " ".join(self.words)


def _and(preds: list[A.Pred]) -> A.Pred:
    flat: list[A.Pred] = []
    for p in preds:
        flat.extend(p.preds if isinstance(p, A.AndPred) else (p,))
    preds = [p for p in flat if not isinstance(p, A.AnyPred)]
    if not preds:
        return A.ANY
    if len(preds) == 1:
        return preds[0]
    return A.AndPred(tuple(preds))


def _or(preds: list[A.Pred]) -> A.Pred:
    if len(preds) == 1:
        return preds[0]
    if any(isinstance(p, A.AnyPred) for p in preds):
        return A.ANY
    return A.OrPred(tuple(preds))


def _singular(word: str) -> str:
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]
    if word in _INVARIANT_PLURALS:
        return word
    if word.endswith("uses"):  # Octopuses, Pegasuses
        return word[:-2]
    if word.endswith("us"):  # a singular: Octopus, Fungus, Homunculus
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("xes", "ches", "shes", "sses")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _looks_plural(word: str) -> bool:
    return word in _INVARIANT_PLURALS or (word.endswith("s") and not word.endswith("ss"))


def _alt_pred(alt: list[_Word], context: str, shared_noun: Optional[_Word]) -> tuple[A.Pred, dict]:
    """Pred of one alternative. ``context`` is "creature" (the creature-ness is
    implied: groups, blockers) or "permanent" (anything a player controls)."""
    flags: dict = {}
    preds: list[A.Pred] = []
    words = list(alt)
    last = words[-1]
    has_noun = last.kind in ("creature", "permanent", "type", "cap")
    if not has_noun and shared_noun is not None:
        words.append(shared_noun)
    for idx, w in enumerate(words):
        is_last = idx == len(words) - 1
        if w.kind == "creature":
            if context == "permanent":
                preds.append(A.TypePred("Creature"))
        elif w.kind == "permanent":
            if context == "creature":
                raise _Fail("a permanent is not a creature group")
        elif w.kind == "cap":
            preds.append(A.TypePred(_singular(w.text) if is_last else w.text))
        elif w.kind in ("attacking", "blocking"):
            flags[w.kind] = True
        else:
            assert w.pred is not None
            preds.append(w.pred)
    return _and(preds), flags


def _desc_pred(desc: _Desc, context: str = "creature", allow_flags: bool = False) -> tuple[A.Pred, dict]:
    shared = None
    last_alt = desc.alts[-1]
    if last_alt[-1].kind in ("creature", "permanent", "type", "cap"):
        shared = last_alt[-1]
    # "black or green creatures with flying": the noun (and its "with") is shared;
    # "Walls and/or creatures with flying": each alternative has its own noun and
    # "with flying" belongs to the last one only.
    own_nouns = len(desc.alts) > 1 and all(
        alt[-1].kind in ("creature", "permanent", "type", "cap") for alt in desc.alts
    )
    preds = []
    flags: dict = {}
    for k, alt in enumerate(desc.alts):
        p, f = _alt_pred(alt, context, shared)
        if own_nouns and desc.with_pred is not None and k == len(desc.alts) - 1:
            p = _and([p, desc.with_pred])
        preds.append(p)
        if f:
            if len(desc.alts) > 1:
                raise _Fail("attacking/blocking inside an alternative")
            flags.update(f)
    if flags and not allow_flags:
        raise _Fail("attacking/blocking is not a quality here")
    parts = [_or(preds)]
    if desc.with_pred is not None and not own_nouns:
        parts.append(desc.with_pred)
    return _and(parts), flags


def _to_pred(desc: _Desc, context: str = "creature") -> A.Pred:
    """A description as a predicate on permanents (blockers, lands ...)."""
    pred, _ = _desc_pred(desc, context)
    if desc.ctrl is not None:
        c = desc.ctrl
        if c.opponents_of is not None:
            raise _Fail("\"your opponents control\" is not a predicate (teams)")
        extra = c.pred if c.pred is not None else A.ControllerPred(c.controller)  # type: ignore[arg-type]
        pred = _and([pred, extra])
    return pred


def _noun_is_creature(desc: _Desc) -> bool:
    last = desc.alts[-1][-1]
    if last.kind == "creature":
        return True
    if last.kind == "cap":
        return True  # a creature subtype
    return False


# ---------------------------------------------------------------------------
# Transformer
# ---------------------------------------------------------------------------


@dataclass
class _State:
    """What a text's sentences share: target numbering and what "it" means."""

    targets: int = 0  # targets seen so far in the text (115.1)
    last_obj: Optional[A.Subject] = None
    last_player: Optional[A.PlayerRef] = None
    defender_assigns: bool = False  # previous sentence was Defensive Formation's first
    scanned_obj: Optional[A.Subject] = None  # "that creature" after an unread effect sentence
    scanned_group: Optional[A.TargetGroup] = None  # "those creatures" after an unread sentence
    before_last: Optional[A.Subject] = None  # the object named before ``last_obj``
    # 601.2c: a variable number of targets was named ("up to two target creatures"): the
    # targets after it can't be numbered any more.
    open_targets: bool = False
    spoiled: bool = False  # a target was named after a TargetGroup that was read


@dataclass(frozen=True)
class _Cond:
    """A condition of a static ability (611.3a) as read: ``unless`` -- the ability
    applies while it does *not* hold; ``about`` -- the object whose state it is."""

    cond: Any
    unless: bool = False
    about: Optional[A.Subject] = None


#: Abilities that only matter once attackers are declared (509.1): the only ones a
#: condition on combat ("as long as ~ is attacking", "defending player controls")
#: may switch on and off. The first group restricts blocking one attacking creature.
_BLOCKED_SIDE = (
    A.CantBeBlocked, A.CantBeBlockedIf, A.CantBeBlockedBy, A.CantBeBlockedExcept,
    A.CantBeBlockedByMoreThan, A.CantBeBlockedUnlessAllBlock, A.MustBeBlocked,
    A.LureRequirement, A.LureBy,
)
_AFTER_ATTACKS = _BLOCKED_SIDE + (
    A.CantBlock, A.CanBlockOnly, A.CantBlockAlone, A.BlockCondition, A.BlockCost,
    A.BlockRequirement, A.BlockEachAttacker, A.BlockCapacity, A.BlockAsThough, A.BlockCap,
)


_Vp = Callable[[A.Subject], list]

_DEFENDER_DIVIDES = object()


@v_args(inline=True)
class _OracleTransformer(Transformer):
    def __init__(self, state: _State) -> None:
        super().__init__()
        self.st = state

    def _mention(self, ref) -> None:
        """``ref`` is now what "it" means; the object named before it is kept for an
        "it" that can't be ``ref`` ("Another target creature blocks it")."""
        if ref != self.st.last_obj:
            self.st.before_last = self.st.last_obj if self.st.last_obj is not None \
                else self.st.scanned_obj
        self.st.last_obj = ref

    # -- lines --------------------------------------------------------------
    def keyword_line(self, abilities):
        return abilities

    def statement_line(self, abilities):
        return abilities

    # -- keywords (702) -------------------------------------------------------
    def kw_list(self, *items):
        return [a for item in items for a in item]

    def kw_simple(self, tok):
        """702.9 flying, 702.17 reach, 702.111 menace, 702.19 trample, 702.2 deathtouch,
        702.7 first strike, 702.4 double strike, 702.20 vigilance, 702.10 haste,
        702.3 defender, 702.15 lifelink, 702.12 indestructible, 702.28 shadow,
        702.31 horsemanship, 702.36 fear, 702.13 intimidate, 702.118 skulk, 702.22 banding."""
        return [A.Keyword(str(tok))]

    def kw_landwalk(self, tok):
        """702.14: "[type]walk"; "nonbasic landwalk", "snow swampwalk", "legendary landwalk"."""
        label = str(tok)
        parts = label.split()
        walk = parts[-1]
        mods = parts[:-1]
        if walk in _BASIC_WALKS:
            base: list[A.Pred] = [A.TypePred(_BASIC_WALKS[walk])]
        elif walk == "landwalk":
            base = [A.TypePred("Land")]
        else:
            base = [A.TypePred(walk[: -len("walk")].capitalize())]
        preds: list[A.Pred] = []
        for mod in mods:
            if mod == "nonbasic":
                preds.append(A.NotPred(A.TypePred("Basic")))
            else:
                preds.append(A.TypePred(mod.capitalize()))
        if mods and walk == "landwalk":
            # 702.14c: "nonbasic landwalk" = a land without the supertype Basic.
            land = A.AndPred((A.TypePred("Land"), *preds))
        elif mods:
            land = A.AndPred((*preds, *base))
        else:
            land = base[0]
        return [A.Landwalk(land, label)]

    def kw_protection(self, *qualities):
        """702.16a; 702.16g: "from A and from B" is two protection abilities."""
        return list(qualities)

    def prot_color(self, tok):
        return A.Protection(pred=A.ColorPred(_COLORS[str(tok)]), label=f"protection from {tok}")

    def prot_all_colors(self):
        preds = tuple(A.ColorPred(c) for c in _COLORS.values())
        return A.Protection(pred=A.OrPred(preds), label="protection from all colors")

    def prot_everything(self):
        """702.16j."""
        return A.Protection(everything=True, label="protection from everything")

    def prot_multicolored(self):
        return A.Protection(pred=A.MulticoloredPred(), label="protection from multicolored")

    def prot_monocolored(self):
        pred = A.AndPred((A.NotPred(A.ColorlessPred()), A.NotPred(A.MulticoloredPred())))
        return A.Protection(pred=pred, label="protection from monocolored")

    def prot_colorless(self):
        return A.Protection(pred=A.ColorlessPred(), label="protection from colorless")

    def prot_player(self, ref):
        """702.16k: protection from a player."""
        return A.Protection(player=ref, label="protection from a player")

    def prot_type(self, tok):
        """702.16a: a card type or subtype quality ("protection from Goblins")."""
        text = str(tok)
        word = _CARD_TYPE_WORDS.get(text.lower()) or _singular(text)
        return A.Protection(pred=A.TypePred(word), label=f"protection from {text}")

    def kw_bands_with_other(self, desc):
        """702.22c: "bands with other [quality]"."""
        pred, _ = _desc_pred(desc, "creature")
        return [A.BandsWithOther(pred, label=f"bands with other {desc.label}")]

    # -- references ---------------------------------------------------------
    def self_ref(self, tok=None):
        self._mention(A.SelfRef())
        return A.SelfRef()

    def _new_target(self, kind: str) -> A.TargetRef:
        if self.st.open_targets:
            raise _Fail("a target after a variable number of targets can't be numbered")
        ref = A.TargetRef(self.st.targets, kind)  # type: ignore[arg-type]
        self.st.targets += 1
        return ref

    def target_object(self, desc):
        """115.1: "target creature" -- the n-th target of the text."""
        last = desc.alts[-1][-1]
        if len(desc.alts) > 1:
            raise _Fail("target with alternatives")
        if last.kind in ("creature", "cap") or (last.kind == "type" and last.text.startswith("creature")):
            kind = "creature"
        elif last.kind == "permanent":
            kind = "permanent"
        elif last.kind == "type" and last.text == "planeswalker":
            kind = "planeswalker"
        else:
            raise _Fail("unsupported target")
        if last.kind == "cap" and _looks_plural(last.text) and last.text not in _INVARIANT_PLURALS:
            raise _Fail("plural target")
        if last.text.endswith("s") and last.kind != "cap":
            raise _Fail("plural target")
        ref = self._new_target(kind)
        self._mention(ref)
        self.st.last_player = ref  # "that player" = its controller
        return ref

    def target_player(self):
        ref = self._new_target("player")
        self.st.last_player = ref
        return ref

    def you_ref(self):
        return A.YouRef()

    def defending_ref(self):
        """508.5: the defending player of the attack in question."""
        self.st.last_player = A.DefendingPlayerRef()
        return A.DefendingPlayerRef()

    def that_player(self):
        if self.st.last_player is None:
            raise _Fail("\"that player\" refers to nothing known")
        return self.st.last_player

    def attached_ref(self, *_):
        """303.4, 301.5: "enchanted creature" / "equipped creature" / "enchanted
        permanent" -- the permanent the source is attached to."""
        self._mention(A.AttachedRef())
        return A.AttachedRef()

    def attached_ref_typed(self, tok):
        """303.4m: "Enchanted Wall" (Animate Wall: "Enchant Wall") -- the attached creature."""
        if str(tok) not in _ENCHANTED_SUBTYPES:
            raise _Fail(f"\"enchanted {tok}\" is not read")
        return self.attached_ref()

    def anaphor_it(self):
        if self.st.last_obj is None:
            raise _Fail("\"it\" refers to nothing known")
        return self.st.last_obj

    def anaphor_those(self):
        """"those creatures" / "they": the targets of a variable number of targets named
        just before (601.2c), read or not."""
        ref = self.st.last_obj if isinstance(self.st.last_obj, A.TargetGroup) else self.st.scanned_group
        if ref is None:
            raise _Fail("\"those creatures\" refers to nothing known")
        self._mention(ref)
        return ref

    def _target_group(self, most, desc) -> A.TargetGroup:
        last = desc.alts[-1][-1]
        if len(desc.alts) > 1 or last.kind != "creature":
            raise _Fail("a group of targets that are not creatures")
        if self.st.open_targets:
            raise _Fail("a second variable number of targets")
        ref = A.TargetGroup(self.st.targets, most)
        self.st.open_targets = True
        self._mention(ref)
        return ref

    def tg_up_to(self, n, desc):
        """601.2c: "up to two target creatures" -- zero to two targets."""
        return self._target_group(_num(n), desc)

    def tg_any(self, desc):
        """601.2c: "any number of target creatures", "X target creatures"."""
        return self._target_group(None, desc)

    def anaphor_that_creature(self):
        ref = self.st.last_obj or self.st.scanned_obj
        if ref is None:
            raise _Fail("\"that creature\" refers to nothing known")
        self._mention(ref)
        return ref

    # -- descriptions ---------------------------------------------------------
    def dword(self, tok):
        t = tok.type
        text = str(tok)
        low = text.lower()
        if t == "COLOR":
            return _Word("pred", A.ColorPred(_COLORS[low]), low)
        if t == "NONWORD":
            rest = _NON.match(text).group(1)  # type: ignore[union-attr]
            rl = rest.lower()
            if rl in _COLORS:
                inner: A.Pred = A.ColorPred(_COLORS[rl])
            elif rl in _CARD_TYPE_WORDS:
                inner = A.TypePred(_CARD_TYPE_WORDS[rl])
            elif rest[0].isupper():
                inner = A.TypePred(rest)
            else:
                raise _Fail(f"unknown quality {text!r}")
            return _Word("pred", A.NotPred(inner), text)
        if t == "CAPWORD":
            return _Word("cap", None, text)
        if low in ("creature", "creatures"):
            return _Word("creature", None, low)
        if low in ("permanent", "permanents"):
            return _Word("permanent", None, low)
        if low in ("attacking", "blocking"):
            return _Word(low, None, low)
        if low in ("tapped", "untapped"):
            return _Word("pred", A.TappedPred(low == "tapped"), low)
        if low in ("enchanted", "equipped"):
            # 303.4b, 301.5a: "enchanted creatures" -- with an Aura / Equipment attached.
            return _Word("pred", A.AttachedPred("Aura" if low == "enchanted" else "Equipment"), low)
        if low == "multicolored":
            return _Word("pred", A.MulticoloredPred(), low)
        if low == "colorless":
            return _Word("pred", A.ColorlessPred(), low)
        if low == "monocolored":
            return _Word("pred", A.AndPred((A.NotPred(A.ColorlessPred()), A.NotPred(A.MulticoloredPred()))), low)
        if low in _CARD_TYPE_WORDS:
            return _Word("type", A.TypePred(_CARD_TYPE_WORDS[low]), low)
        raise _Fail(f"unknown word {text!r}")

    def dterm(self, *words):
        # A type word that is not last is an adjective ("artifact creatures").
        return list(words)

    def desc(self, *parts):
        alts: list[list[_Word]] = []
        with_pred = None
        ctrl = None
        for p in parts:
            if isinstance(p, list):
                alts.append(p)
            elif isinstance(p, _Ctrl):
                ctrl = p
            else:
                with_pred = p
        # a type word used as a noun ("an artifact") is a pred; as a last word of a
        # creature description it must not be mistaken for the noun "creature".
        words = [w.text for alt in alts for w in alt]
        return _Desc(alts, with_pred, ctrl, words)

    def with_any(self, *items):
        return _or(list(items))

    def without_keyword(self, *toks):
        """"Creatures without flying" (Moat); "without flying or reach"; "without flying
        or islandwalk" (a landwalk ability by its name, 702.14)."""
        return A.NotPred(_or([
            A.LandwalkPred(str(t).lower()) if t.type == "LANDWALK" else A.KeywordPred(str(t))
            for t in toks
        ]))

    def wi_keyword(self, tok):
        return A.KeywordPred(str(tok))

    def wi_either_le(self, n):
        """"with power or toughness 1 or less" (Tetsuko Umezawa)."""
        k = int(_num(n))
        return A.OrPred((A.StatPred("power", "<=", k), A.StatPred("toughness", "<=", k)))

    def wi_either_ge(self, n):
        k = int(_num(n))
        return A.OrPred((A.StatPred("power", ">=", k), A.StatPred("toughness", ">=", k)))

    def named_clause(self, *toks):
        """"creatures named Rock Lobster" (201.2: a name as printed)."""
        return A.NamePred(" ".join(str(t) for t in toks))

    def stat(self, tok):
        return str(tok)

    def wi_ge(self, stat, n):
        return A.StatPred(stat, ">=", int(_num(n)))

    def wi_le(self, stat, n):
        return A.StatPred(stat, "<=", int(_num(n)))

    def wi_lt_self(self, stat, _poss, stat2):
        if stat != stat2:
            raise _Fail("mixed power/toughness comparison")
        return A.StatPred(stat, "<", "self")

    def wi_gt_self(self, stat, _poss, stat2):
        if stat != stat2:
            raise _Fail("mixed power/toughness comparison")
        return A.StatPred(stat, ">", "self")

    def wi_gt_self_short(self, stat):
        """"a creature with greater power" (than this one)."""
        return A.StatPred(stat, ">", "self")

    def self_poss(self, tok=None):
        self._mention(A.SelfRef())
        return A.SelfRef()

    def ctrl_you(self):
        return _Ctrl(controller=A.YouRef())

    def ctrl_opponents(self):
        return _Ctrl(opponents_of=A.YouRef())

    def ctrl_not_you(self):
        return _Ctrl(pred=A.NotPred(A.ControllerPred(A.YouRef())))

    def ctrl_player(self, ref):
        of_creature = isinstance(ref, A.TargetRef) and ref.kind == "creature"
        return _Ctrl(controller=ref, of_target_creature=of_creature)

    # -- subjects ---------------------------------------------------------------
    def quant_all(self):
        return "all"

    def quant_each(self):
        return "each"

    def quant_other(self):
        return "other"

    def group(self, *parts):
        """A group of creatures (Group): "Creatures you control", "Other Elves"."""
        other = False
        desc = parts[-1]
        if len(parts) == 2:
            other = parts[0] == "other"
        last = desc.alts[-1][-1]
        if last.kind == "cap" and len(desc.alts[-1]) == 1 and not _looks_plural(last.text) \
                and parts[0:1] != ("each",):
            raise _Fail(f"{last.text!r} does not look like a plural subtype")
        if last.kind not in ("creature", "cap"):
            raise _Fail("not a group of creatures")
        pred, flags = _desc_pred(desc, "creature", allow_flags=True)
        controller = opponents = None
        if desc.ctrl is not None:
            c = desc.ctrl
            if c.of_target_creature and other:
                # "Other creatures that player controls" (Mark for Death): "other"
                # means other than the target creature, not other than the source.
                pred = _and([pred, A.NotPred(A.ObjectPred(c.controller))])
                other = False
            controller, opponents = c.controller, c.opponents_of
            if c.pred is not None:
                pred = _and([pred, c.pred])
        return A.Group(
            pred=pred, controller=controller, other=other, opponents_of=opponents,
            attacking=flags.get("attacking"), blocking=flags.get("blocking"),
        )

    def group_union(self, d1, d2):
        """"Green creatures and white creatures": every creature of either group."""
        g1, g2 = self.group(d1), self.group(d2)
        if replace(g1, pred=A.ANY) != replace(g2, pred=A.ANY):
            raise _Fail("a union of groups with different controllers")
        return replace(g1, pred=_or([g1.pred, g2.pred]))

    # -- statements ---------------------------------------------------------------
    def subject_statement(self, subject, vps):
        out: list = []
        for vp in vps:
            out.extend(vp(subject))
        return out

    def conditional_before(self, cond, abilities):
        """611.3a: "As long as [condition], [statement]"."""
        return self._conditional(cond, abilities)

    def conditional_after(self, subject, vps, cond):
        """611.3a: "[subject] [verb phrases] as long as [condition]"."""
        return self._conditional(cond, self.subject_statement(subject, vps))

    def _conditional(self, cond, abilities: list) -> list:
        c = cond if isinstance(cond, _Cond) else _Cond(cond)
        if not abilities:
            return []  # a P/T change only: nothing to switch on or off
        inner = c.cond
        combat = isinstance(inner, (A.DefenderControls, A.OthersAttack)) or (
            isinstance(inner, A.ObjectIs) and _mentions(inner.pred, A.InCombatPred))
        if combat:
            # Judged once attackers are declared: only abilities that matter then.
            if not all(isinstance(a, _AFTER_ATTACKS) for a in abilities):
                raise _Fail("a condition on combat around an ability used while declaring attackers")
        if isinstance(inner, (A.DefenderControls, A.OthersAttack)):
            # "defending player" / "attacking alone" of one attacking creature: the
            # abilities must restrict blocking that creature.
            for a in abilities:
                who = a.attacker if isinstance(a, (A.MustBeBlocked, A.LureRequirement, A.LureBy)) \
                    else getattr(a, "subject", None)
                if not isinstance(a, _BLOCKED_SIDE) or not isinstance(who, (A.SelfRef, A.AttachedRef)):
                    raise _Fail("a condition on one attacker around another ability")
                if c.about is not None and who != c.about:
                    raise _Fail("the condition is about another creature")
        return [A.Conditional(inner, tuple(abilities), c.unless)]

    # -- conditions of static abilities (611.3a) ------------------------------------
    def cond_you_control_none(self, desc):
        """"as long as you control no Islands": unless you control one."""
        return _Cond(A.PlayerControls(A.YouRef(), _to_pred(desc, "permanent"), 1), unless=True)

    def cond_you_control_no_other(self, desc):
        """"as long as you control no other creatures": unless you control another one."""
        pred = _and([A.NotSelfPred(), _to_pred(desc, "permanent")])
        return _Cond(A.PlayerControls(A.YouRef(), pred, 1), unless=True)

    def cond_obj(self, ref):
        if not isinstance(ref, (A.SelfRef, A.AttachedRef)):
            raise _Fail("a condition on an object other than this one or the one it's attached to")
        return ref

    cond_obj_named = cond_obj

    def cond_object_is(self, obj, pred):
        """"as long as ~ is untapped", "... enchanted creature is green"."""
        return _Cond(A.ObjectIs(obj, pred), about=obj)

    def cond_it_is(self, pred):
        """"as long as it's enchanted": "it" is the subject named before."""
        obj = self.cond_obj(self.st.last_obj)
        return _Cond(A.ObjectIs(obj, pred), about=obj)

    def cond_object_has(self, obj, kw):
        """"as long as equipped creature has defender"."""
        return _Cond(A.ObjectIs(obj, A.KeywordPred(str(kw))), about=obj)

    def cond_its_le(self, stat, n):
        """"as long as its power is 3 or less"."""
        obj = self.cond_obj(self.st.last_obj)
        return _Cond(A.ObjectIs(obj, A.StatPred(stat, "<=", _num(n))), about=obj)

    def cond_its_ge(self, stat, n):
        obj = self.cond_obj(self.st.last_obj)
        return _Cond(A.ObjectIs(obj, A.StatPred(stat, ">=", _num(n))), about=obj)

    def cond_object_alone(self, obj):
        """506.5: "as long as enchanted creature is attacking alone": no other creature
        is attacking."""
        return _Cond(A.OthersAttack(A.ANY, 1), unless=True, about=obj)

    def it_quality(self, *preds):
        return _or(list(preds))

    def sw_tapped(self):
        return A.TappedPred(True)

    def sw_untapped(self):
        return A.TappedPred(False)

    def sw_enchanted(self):
        """303.4b: an Aura is attached to it."""
        return A.AttachedPred("Aura")

    def sw_equipped(self):
        """301.5a: an Equipment is attached to it."""
        return A.AttachedPred("Equipment")

    def sw_color(self, tok):
        return A.ColorPred(_COLORS[str(tok).lower()])

    def sw_creature(self):
        return A.TypePred("Creature")

    def sq_attacking(self):
        """506.4: an attacking creature."""
        return A.InCombatPred("attacking")

    def lure_by(self, quant, desc, obj):
        """509.1c: "All Walls able to block ~ do so": one requirement for each such creature."""
        if quant != "all":
            raise _Fail("only \"all ... able to block\"")
        if not _noun_is_creature(desc):
            raise _Fail("only creatures block")
        pred = _to_pred(desc, "creature")
        if isinstance(pred, A.AnyPred):
            return [A.LureRequirement(obj)]
        return [A.LureBy(obj, pred)]

    def vps(self, *vps):
        return list(vps)

    def lure(self, obj):
        """509.1c: "All creatures able to block [it] do so"."""
        return [A.LureRequirement(obj)]

    def attack_cap(self, n, who=None):
        """508.1c, 802.3a: "No more than N creatures can attack [you] each combat"."""
        if who is None:
            return [A.AttackCap(_num(n))]
        return [A.AttackCap(_num(n), defender=A.YouRef(), include_permanents=who == "permanents")]

    def attack_not_odd(self):
        """508.1c: "You can't attack with an odd number of creatures" (Rule with an Even
        Hand); a restriction on the whole attack of the effect's controller."""
        return [A.AttackParity(even=True)]

    def attack_not_even(self):
        """508.1c: the same restriction with the other parity."""
        return [A.AttackParity(even=False)]

    def cap_you(self):
        return "you"

    def cap_you_and_permanents(self):
        return "permanents"

    def block_cap(self, n):
        """509.1b: "No more than N creatures can block each combat"."""
        return [A.BlockCap(_num(n))]

    def assign_unblocked(self, subject):
        """510.1c-style: assign combat damage as though it weren't blocked (702.19e)."""
        return [A.AssignAsThoughUnblocked(subject)]

    def defender_assigns(self):
        """Defensive Formation: the defending player assigns attackers' damage (510.1)."""
        self.st.defender_assigns = True
        return [A.DefenderAssignsDamage()]

    def defender_divides(self):
        """Second sentence of Defensive Formation: part of :class:`DefenderAssignsDamage`."""
        if not self.st.defender_assigns:
            raise _Fail("divides damage without the defender assigning it")
        return _DEFENDER_DIVIDES

    # -- attacking (508.1) -------------------------------------------------------
    def aw_you(self):
        return ("you", False)

    def aw_you_and_permanents(self):
        return ("you", True)

    def aw_planeswalkers(self):
        return ("planeswalker", False)

    def cant_attack(self, who=None):
        """508.1c: "[subject] can't attack [you / planeswalkers]"."""
        def vp(subject):
            if who is None:
                return [A.CantAttack(subject)]
            what, perms = who
            if what == "you":
                return [A.CantAttack(subject, target=A.YouRef(), include_permanents=perms)]
            return [A.CantAttack(subject, target_kind="planeswalker")]
        return vp

    def attack_unless(self, *args):
        """508.1c: "can't attack unless [condition]"."""
        return self._attack_condition(args, unless=True)

    def attack_if(self, *args):
        """508.1c: "can't attack if [condition]"."""
        return self._attack_condition(args, unless=False)

    def _attack_condition(self, args, unless):
        if len(args) != 1:
            raise _Fail("a conditional restriction on attacking one player")
        cond = args[0]
        return lambda subject: [A.AttackCondition(subject, cond, unless=unless)]

    def attack_cost(self, *args):
        """508.1d, 508.1g-h: "can't attack [you] unless their controller pays [cost]"."""
        who = args[0] if len(args) == 2 else None
        kind, cost, each = args[-1]
        if each in ("blocking",):
            raise _Fail("a blocking cost on attacking")
        if each == "attacking you" and (who is None or who[0] != "you"):
            raise _Fail("cost per creature attacking you, on another restriction")
        if who is not None and who[0] != "you":
            raise _Fail("attack cost for planeswalkers only")
        defender = A.YouRef() if who is not None else None
        perms = bool(who and who[1])
        return lambda subject: [A.AttackCost(cost, subject, defender=defender, include_permanents=perms)]

    def attack_or_block_cost(self, cost_clause):
        """508.1d + 509.1d: "can't attack or block unless [you pay] [cost]"."""
        kind, cost, each = cost_clause
        if each not in (None, "those"):
            raise _Fail("per-creature cost of one kind only")
        return lambda subject: [A.AttackCost(cost, subject), A.BlockCost(cost, subject)]

    def pay_their(self, mana, each=None):
        return ("their", str(mana), each)

    def pay_single(self, mana):
        return ("single", str(mana), None)

    def pe_attacking_you(self):
        return "attacking you"

    def pe_those(self):
        return "those"

    def pe_attacking(self):
        return "attacking"

    def pe_blocking(self):
        return "blocking"

    def cant_attack_or_block(self):
        """508.1c + 509.1b: "can't attack or block"."""
        return lambda subject: [A.CantAttack(subject), A.CantBlock(subject)]

    def cant_attack_alone(self):
        """508.1c, 506.5: "can't attack alone"."""
        return lambda subject: [A.CantAttackAlone(subject)]

    def cant_attack_or_block_alone(self):
        """508.1c, 509.1b, 506.5: "can't attack or block alone"."""
        return lambda subject: [A.CantAttackAlone(subject), A.CantBlockAlone(subject)]

    def can_only_attack_alone(self):
        """508.1c, 506.5: "can attack only alone"."""
        return lambda subject: [A.CanOnlyAttackAlone(subject)]

    def at_player(self, ref):
        return ref

    def at_object(self, ref):
        return ref

    def at_target_planeswalker(self):
        return self._new_target("planeswalker")

    def attack_requirement(self, target=None):
        """508.1d: "[subject] attacks [target] each combat if able"."""
        return lambda subject: [A.AttackRequirement(subject, target=target)]

    def attack_or_block_requirement(self):
        """508.1d + 509.1c: "attacks or blocks each combat if able"."""
        return lambda subject: [A.AttackRequirement(subject), A.BlockRequirement(subject)]

    def attack_despite_defender(self, *self_tok):
        """609.4, 702.3b: "can attack as though it didn't have defender"."""
        return lambda subject: [A.AttackAsThough(_same_subject(subject, self_tok), lacked="defender")]

    def attack_as_though_haste(self, *self_tok):
        """609.4, 302.6: "can attack as though it had haste"."""
        return lambda subject: [A.AttackAsThough(_same_subject(subject, self_tok), had="haste")]

    def cond_defender_controls(self, amount):
        """508.1c: "unless defending player controls an Island"."""
        pred, count = amount
        return A.DefenderControls(pred, count)

    def cond_you_control(self, amount):
        pred, count = amount
        return A.PlayerControls(A.YouRef(), pred, count)

    def cond_others_attack(self, n):
        """"unless at least two other creatures attack"."""
        return A.OthersAttack(A.ANY, _num(n))

    def cond_other_attacks(self, desc):
        """"unless a black or green creature also attacks" / "... with greater power"."""
        if not _noun_is_creature(desc):
            raise _Fail("only creatures attack")
        return A.OthersAttack(_to_pred(desc, "creature"), 1)

    def amount_one(self, desc):
        return (_to_pred(desc, "permanent"), 1)

    def amount_another(self, desc):
        """"you control another Zombie": one matching permanent other than this one."""
        return (A.AndPred((A.NotSelfPred(), _to_pred(desc, "permanent"))), 1)

    def cond_others_block(self, n):
        """509.1b: "unless at least two other creatures block"."""
        return A.OthersBlock(A.ANY, _num(n))

    def cond_other_blocks(self, desc):
        """509.1b: "unless a creature with greater power also blocks"."""
        if not _noun_is_creature(desc):
            raise _Fail("only creatures block")
        return A.OthersBlock(_to_pred(desc, "creature"), 1)

    def block_unless(self, cond):
        """509.1b: "[subject] can't block unless [condition]"."""
        return self._block_condition(cond, unless=True)

    def block_if(self, cond):
        """509.1b: "[subject] can't block if [condition]"; "... if it's black" (a quality
        of the creature: :class:`Conditional`)."""
        return self._block_condition(cond, unless=False)

    def _block_condition(self, cond, unless: bool):
        if isinstance(cond, _Cond):
            if not isinstance(cond.cond, A.ObjectIs):
                raise _Fail("a condition of this kind on blocking")
            return lambda subject: [A.Conditional(cond.cond, (A.CantBlock(subject),),
                                                  unless != cond.unless)]
        return lambda subject: [A.BlockCondition(subject, cond, unless=unless)]

    def attack_or_block_unless_you_control(self, amount):
        """508.1c, 509.1b: "can't attack or block unless you control [...]": the same
        condition restricts both."""
        pred, count = amount
        cond = A.PlayerControls(A.YouRef(), pred, count)
        return lambda subject: [A.AttackCondition(subject, cond, unless=True),
                                A.BlockCondition(subject, cond, unless=True)]

    def amount_n(self, n, desc):
        return (_to_pred(desc, "permanent"), _num(n))

    def amount_n_other(self, n, desc):
        """"at least three other creatures": other than the creature it is about."""
        return (_and([A.NotSelfPred(), _to_pred(desc, "permanent")]), _num(n))

    def cond_more_than_defender(self, desc):
        """508.1c: "unless you control more creatures than defending player"."""
        return A.MoreThan(_to_pred(desc, "permanent"), "defending")

    def cond_more_than_attacker(self, desc):
        """509.1b: "unless you control more lands than attacking player"."""
        return A.MoreThan(_to_pred(desc, "permanent"), "attacking")

    def cond_on_battlefield(self, amount):
        """"unless there is a Mountain on the battlefield" -- whoever controls it."""
        pred, count = amount
        return A.OnBattlefield(pred, count)

    def attack_or_block_unless(self, cond):
        """508.1c, 509.1b: "can't attack or block unless [a fact of the battlefield]";
        "... unless it's equipped" (a quality of the creature: :class:`Conditional`)."""
        if isinstance(cond, _Cond):
            if not isinstance(cond.cond, A.ObjectIs):
                raise _Fail("a condition of this kind on attacking and blocking")
            return lambda subject: [A.Conditional(
                cond.cond, (A.CantAttack(subject), A.CantBlock(subject)), not cond.unless)]
        return lambda subject: [A.AttackCondition(subject, cond, unless=True),
                                A.BlockCondition(subject, cond, unless=True)]

    def attack_requirement_unless(self, amount):
        """508.1d, 611.3a: "attacks each combat if able unless you control another Ally"."""
        pred, count = amount
        cond = A.PlayerControls(A.YouRef(), pred, count)
        return lambda subject: [A.Conditional(cond, (A.AttackRequirement(subject),), unless=True)]

    def that_are(self, pred):
        """"creatures that are enchanted / tapped" (a quality, 303.4b)."""
        return pred

    def attack_or_block_if(self, cond):
        """508.1c, 509.1b: "can't attack or block if an enchantment is on the battlefield"."""
        return lambda subject: [A.AttackCondition(subject, cond, unless=False),
                                A.BlockCondition(subject, cond, unless=False)]

    # -- blocking (509.1) ------------------------------------------------------
    def cant_block(self, what=None):
        """509.1b: "[subject] can't block [creatures matching ...]"; "[group] can't
        block [it]" is the attacker's restriction: it can't be blocked by them."""
        if what is None:
            return lambda subject: [A.CantBlock(subject)]
        kind, value = what
        if kind == "desc":
            pred = _to_pred(value, "creature")
            return lambda subject: [A.CantBlock(subject, attacker_pred=pred)]

        def vp(subject):
            if not isinstance(subject, A.Group) or subject.other or subject.opponents_of \
                    or subject.attacking is not None or subject.blocking is not None:
                raise _Fail("can't block a specific creature")
            parts = [subject.pred]
            if subject.controller is not None:
                parts.append(A.ControllerPred(subject.controller))
            return [A.CantBeBlockedBy(value, _and(parts))]
        return vp

    def bw_desc(self, desc):
        return ("desc", desc)

    def bw_object(self, ref):
        return ("object", ref)

    def block_cost(self, cost_clause):
        """509.1d: "creatures can't block unless their controller pays [cost] for each
        blocking creature" (War Cadence)."""
        kind, cost, each = cost_clause
        if each not in (None, "blocking", "those"):
            raise _Fail("an attacking cost on blocking")
        return lambda subject: [A.BlockCost(cost, subject)]

    def cant_block_alone(self):
        """509.1b, 506.5: "can't block alone"."""
        return lambda subject: [A.CantBlockAlone(subject)]

    def can_block_only(self, desc):
        """509.1b: "can block only creatures with flying"."""
        pred = _to_pred(desc, "creature")
        return lambda subject: [A.CanBlockOnly(subject, pred)]

    def block_capacity(self, extra):
        """509.1a: "can block an additional creature", "any number of creatures"."""
        return lambda subject: [A.BlockCapacity(subject, extra)]

    def extra_one(self):
        return 1

    def extra_n(self, n):
        return _num(n)

    def extra_any(self):
        return None

    def block_target(self, ref):
        return ref

    def block_requirement(self, attacker=None):
        """509.1c: "[subject] blocks [attacker] each combat/this turn if able". A creature
        never blocks itself: "Another target creature blocks it" -- "it" is the object
        named before the subject (Feral Contest: the first target)."""
        if attacker is not None and not isinstance(attacker, (A.SelfRef, A.TargetRef)):
            raise _Fail("block requirement on an unknown attacker")
        before = self.st.before_last

        def vp(subject):
            target = attacker
            if target is not None and target == subject:
                if not isinstance(before, (A.SelfRef, A.TargetRef)) or before == subject:
                    raise _Fail("\"it\" can't be the blocking creature itself")
                target = before
            return [A.BlockRequirement(subject, attacker=target)]
        return vp

    def block_each_attacker(self):
        """509.1c: "blocks each attacking creature this turn if able"."""
        return lambda subject: [A.BlockEachAttacker(subject)]

    def block_as_though_had(self, desc, *rest):
        """609.4: "can block creatures with shadow as though ~ had shadow" (702.28b),
        "can block Dragons as though it had reach" (702.9b)."""
        kw = str(rest[-1]).lower()
        if kw not in _AS_THOUGH_HAD:
            raise _Fail(f"blocking as though it had {kw}")
        pred = _to_pred(desc, "creature")
        return lambda subject: [A.BlockAsThough(_same_subject(subject, rest[:-1]), pred, had=kw)]

    def block_as_though_lacked(self, desc, kw):
        """609.4: "can block creatures with shadow as though they didn't have shadow"."""
        k = str(kw).lower()
        pred = _to_pred(desc, "creature")
        if pred != A.KeywordPred(k) or k not in _AS_THOUGH_LACKED:
            raise _Fail("as though they didn't have another ability")
        return lambda subject: [A.BlockAsThough(subject, pred, lacked=k)]

    def block_despite_landwalk(self):
        """609.4, 702.14c: "can block creatures with landwalk abilities as though they
        didn't have those abilities"."""
        return lambda subject: [A.BlockAsThough(subject, A.ANY, lacked="landwalk")]

    # -- being blocked (509.1b-c) ---------------------------------------------
    def cant_be_blocked(self):
        """509.1b: "can't be blocked"."""
        return lambda subject: [A.CantBeBlocked(subject)]

    def cant_be_blocked_except(self, desc):
        """509.1b: "can't be blocked except by creatures with flying / Walls"."""
        pred = _to_pred(desc, "creature")
        return lambda subject: [A.CantBeBlockedExcept(subject, by=pred)]

    def cant_be_blocked_except_n(self, n):
        """509.1b: "can't be blocked except by two or more creatures"."""
        return lambda subject: [A.CantBeBlockedExcept(subject, min_blockers=_num(n))]

    def cant_be_blocked_by(self, desc):
        """509.1b: "can't be blocked by [creatures with power 2 or less / Walls]"."""
        pred = _to_pred(desc, "creature")
        return lambda subject: [A.CantBeBlockedBy(subject, pred)]

    def cant_block_or_be_blocked_by(self, desc):
        """509.1b twice: "can't block or be blocked by creatures with power 2 or greater"
        (Sneaky Homunculus) -- it can't block them and they can't block it."""
        pred = _to_pred(desc, "creature")
        return lambda subject: [A.CantBlock(subject, attacker_pred=pred),
                                A.CantBeBlockedBy(subject, pred)]

    def cant_be_blocked_if(self, cond):
        """509.1b, 611.3a: "can't be blocked as long as defending player controls an
        artifact / you control a Gate / it's attacking alone / you control no other
        creatures"; "as long as it's enchanted / its power is 3 or less" (a quality of
        the creature itself: :class:`Conditional`)."""
        if cond == "alone":  # 506.5: no other creature is attacking
            return lambda subject: [A.CantBeBlockedIf(subject, A.OthersAttack(A.ANY, 1), unless=True)]
        if isinstance(cond, _Cond):
            if isinstance(cond.cond, A.ObjectIs):
                return lambda subject: [A.Conditional(cond.cond, (A.CantBeBlocked(subject),), cond.unless)]
            return lambda subject: [A.CantBeBlockedIf(subject, cond.cond, unless=cond.unless)]
        return lambda subject: [A.CantBeBlockedIf(subject, cond)]

    def cond_attacking_alone(self):
        return "alone"

    def cant_be_blocked_by_more_than(self, n):
        """509.1b: "can't be blocked by more than one creature"."""
        return lambda subject: [A.CantBeBlockedByMoreThan(subject, _num(n))]

    def cant_be_blocked_unless_all(self):
        """509.1b: "can't be blocked unless all creatures defending player controls block it"."""
        return lambda subject: [A.CantBeBlockedUnlessAllBlock(subject)]

    def must_be_blocked(self, by=None):
        """509.1c: "[attacker] must be blocked [by two or more creatures] if able"."""
        kw = by or {}
        return lambda subject: [A.MustBeBlocked(subject, **kw)]

    def mb_min(self, n):
        return {"min_blockers": _num(n)}

    def mb_exactly(self, n):
        k = _num(n)
        return {"min_blockers": k, "exactly": k}

    def mb_desc(self, desc):
        return {"by": _to_pred(desc, "creature")}

    # -- grants and P/T ---------------------------------------------------------------
    def grant(self, abilities):
        """613.1f (layer 6): "[subject] has/gains [keywords]"."""
        return lambda subject: [A.Grant(subject, tuple(abilities))]

    def grant_while_in_combat(self, abilities, role):
        """611.3a, 506.4: "[subject] has [keywords] as long as it's attacking/blocking"."""
        def vp(subject):
            if isinstance(subject, A.Group):
                # "Creatures you control have X as long as they're attacking" =
                # "Attacking creatures you control have X".
                if subject.attacking is not None or subject.blocking is not None:
                    raise _Fail("an attacking/blocking group with a combat condition")
                group = replace(subject, **{role: True})
                return [A.Grant(group, tuple(abilities))]
            return [A.GrantWhileInCombat(subject, tuple(abilities), role)]
        return vp

    def grant_if(self, abilities, cond):
        """611.3a, 613.1f: "[subject] has [keywords] as long as [condition]"."""
        c = cond if isinstance(cond, _Cond) else _Cond(cond)
        return lambda subject: [A.Conditional(c.cond, (A.Grant(subject, tuple(abilities)),), c.unless)]

    def ic_attacking(self):
        return "attacking"

    def ic_blocking(self):
        return "blocking"

    def goaded(self):
        """701.15a-b: "is goaded" -- by the controller of this ability's source."""
        return lambda subject: [A.Goaded(subject)]

    def pt_change(self, tok):
        """P/T changes are already part of the board's power and toughness."""
        return lambda subject: []


#: 609.4: "can block ... as though it had [X]" -- the keywords whose evasion rules
#: (702.9b, 702.17b, 702.28b, 702.31b) look at the blocker's abilities.
_AS_THOUGH_HAD = frozenset({"flying", "reach", "shadow", "horsemanship"})
#: "... as though they didn't have [X]": the attacker's evasion keywords judged pair by pair.
_AS_THOUGH_LACKED = frozenset({"flying", "shadow", "horsemanship", "fear", "intimidate", "skulk"})


#: "Enchanted [subtype]" read as the attached creature: Auras that enchant only such
#: creatures ("Enchant Wall").
_ENCHANTED_SUBTYPES = frozenset({"Wall"})


def _same_subject(subject, self_tok) -> A.Subject:
    """"~ can block ... as though ~ had shadow": the name must be the subject's."""
    if self_tok and not isinstance(subject, A.SelfRef):
        raise _Fail("as though another object had an ability")
    return subject


def _mentions(pred, kind) -> bool:
    if isinstance(pred, kind):
        return True
    if isinstance(pred, A.NotPred):
        return _mentions(pred.pred, kind)
    if isinstance(pred, (A.AndPred, A.OrPred)):
        return any(_mentions(p, kind) for p in pred.preds)
    return False


def _uses_target_group(obj) -> bool:
    """Whether a rule object refers to a :class:`TargetGroup` anywhere in it."""
    if isinstance(obj, A.TargetGroup):
        return True
    if isinstance(obj, tuple):
        return any(_uses_target_group(x) for x in obj)
    fields = getattr(obj, "__dataclass_fields__", None)
    if fields:
        return any(_uses_target_group(getattr(obj, f)) for f in fields)
    return False


def _num(tok) -> int:
    s = str(tok).lower()
    if s in _NUMBERS:
        return _NUMBERS[s]
    return int(s)


# ---------------------------------------------------------------------------
# Splitting text into sentences
# ---------------------------------------------------------------------------

_REMINDER = re.compile(r"\([^()]*\)")


def _strip_reminder(line: str) -> str:
    prev = None
    while prev != line:
        prev = line
        line = _REMINDER.sub("", line)
    return re.sub(r"[ \t]{2,}", " ", line).strip()


def _protected_spans(line: str, names: list[str]) -> list[tuple[int, int]]:
    spans = []
    for nm in names:
        for m in re.finditer(re.escape(nm), line):
            spans.append((m.start(), m.end()))
    return spans


def split_sentences(line: str, names: Iterable[str] = ()) -> list[str]:
    """Split one line (reminder text already removed) into sentences.

    A sentence ends at "." followed by a space or the end, outside quotes, braces
    and parentheses, and outside the card's own name ("Mr. Orfeo"). A quoted
    ability that ends with '."' ends the sentence too."""
    spans = _protected_spans(line, [n for n in names if "." in n])
    out: list[str] = []
    start = 0
    quote = False
    depth = 0  # parentheses and braces
    n = len(line)
    i = 0
    while i < n:
        ch = line[i]
        if ch in "\"\u201c\u201d":
            if ch == "\u201c":
                quote = True
            elif ch == "\u201d":
                quote = False
            else:
                quote = not quote
            if not quote and i > 0 and line[i - 1] in ".!?" and (i + 1 == n or line[i + 1].isspace()):
                out.append(line[start:i + 1].strip())
                start = i + 1
        elif ch in "({":
            depth += 1
        elif ch in ")}":
            depth = max(0, depth - 1)
        elif ch in ".!?" and not quote and depth == 0 and (i + 1 == n or line[i + 1].isspace()):
            if not any(a <= i < b for a, b in spans):
                out.append(line[start:i + 1].strip())
                start = i + 1
        i += 1
    rest = line[start:].strip()
    if rest:
        out.append(rest)
    return [s for s in out if s]


def _name_variants(name: Optional[str]) -> list[str]:
    if not name:
        return []
    names = {name.strip()}
    base = name.strip()
    if base.startswith("A-"):  # Alchemy rebalanced cards
        base = base[2:]
        names.add(base)
    if ", " in base:
        names.add(base.split(", ")[0])  # "Gideon, Ally of Zendikar" -> "Gideon"
    return sorted((n for n in names if n), key=len, reverse=True)


_FORGE_SELF = re.compile(r"\b(?:CARDNAME|NICKNAME)\b")


def _fold_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _replace_names(sentence: str, names: list[str]) -> str:
    """The card's own name (longest variant first) becomes "~", as a whole word."""
    for nm in names:
        if nm not in sentence and not sentence.isascii():
            # "Dandân" in the text of the card named "Dandan": compare without accents.
            folded = _fold_accents(sentence)
            if nm in folded and len(folded) == len(sentence):
                sentence = folded
        if nm not in sentence:
            continue
        parts = []
        pos = 0
        while True:
            j = sentence.find(nm, pos)
            if j < 0:
                break
            end = j + len(nm)
            before = sentence[j - 1] if j > 0 else " "
            after = sentence[end] if end < len(sentence) else " "
            if before.isalnum() or before == "_" or after.isalnum() or after == "_":
                parts.append(sentence[pos:end])
            else:
                parts.append(sentence[pos:j] + "~")
            pos = end
        parts.append(sentence[pos:])
        sentence = "".join(parts)
    if "NAME" in sentence:
        sentence = _FORGE_SELF.sub("~", sentence)
    return sentence.replace("\u2019", "'")


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------

#: The word "target" naming a target (115.1) -- not Strive's "for each target beyond the first".
_TARGET_WORD = re.compile(r"\btarget\b(?! beyond\b)", re.I)
#: Sentences that start a triggered, activated or conditional ability: what
#: follows them in the same line is part of that ability (603, 602, 611.2).
_NON_STATIC = re.compile(
    r"^(?:when|whenever|at|if|as long as|as|until|during|otherwise|then|instead)\b"
    r"|^[^\"]*:|\u2014|^\[", re.I)
_TARGETS_IN = re.compile(r"\b(up to \w+ |any number of |(?:one|two|three|four|five|six|x|\d+) )?target\b([\w\s-]*?)\b(creatures?|player|opponent|permanent|planeswalker)\b", re.I)


def _scan_target_creature(sentence: str, base: int) -> Optional[A.TargetRef]:
    """The only target of an unread sentence, if it is one creature."""
    found = list(_TARGETS_IN.finditer(sentence))
    if len(found) != 1 or len(_TARGET_WORD.findall(sentence)) != 1:
        return None
    m = found[0]
    if m.group(1) or m.group(3).lower() != "creature":
        return None
    return A.TargetRef(base, "creature")


def _scan_target_group(sentence: str, base: int) -> Optional[A.TargetGroup]:
    """The only target phrase of an unread sentence, if it is a variable number of
    target creatures ("deals 1 damage to each of up to two target creatures")."""
    found = list(_TARGETS_IN.finditer(sentence))
    if len(found) != 1 or len(_TARGET_WORD.findall(sentence)) != 1:
        return None
    m = found[0]
    q = (m.group(1) or "").lower().strip()
    if m.group(3).lower() != "creatures" or not q:
        return None
    if q.startswith("up to "):
        word = q[len("up to "):]
        most = _NUMBERS.get(word) or (int(word) if word.isdigit() else None)
        return A.TargetGroup(base, most) if most else None
    if q in ("any number of", "x"):
        return A.TargetGroup(base, None)
    return None


def _count_targets(sentence: str) -> tuple[int, bool]:
    """How many targets an unread sentence names (115.1, 601.2c): each "target" word is
    one, "two target creatures" two; ``True`` when the number varies ("up to two",
    "any number of", "X")."""
    count = len(_TARGET_WORD.findall(sentence))
    variable = False
    for m in _TARGETS_IN.finditer(sentence):
        q = (m.group(1) or "").lower().strip()
        if not q:
            continue
        if q.startswith("up to ") or q in ("any number of", "x"):
            variable = True
        elif q in _NUMBERS:
            count += _NUMBERS[q] - 1
        elif q.isdigit():
            count += int(q) - 1
    return count, variable


#: A clause about activated abilities joined to a combat clause (Arrest, Pacifism-like
#: Auras); it is split off and reported as not understood.
_ACTIVATED_TAIL = re.compile(
    r",? and (?:its|their) activated abilities(?: with \{T\} in their costs)? can't be "
    r"activated(?: unless they're mana abilities)?\.?$")
#: Clauses with no bearing on declaring attackers or blockers, joined to combat clauses:
#: "can't attack, block, or transform", "has hexproof and can't be blocked ...", "...,
#: and can't be sacrificed". The sentence is read without them and each is reported
#: (as "[subject] can't transform" style words) among the sentences not understood.
_NONCOMBAT_CLAUSES: tuple[tuple[re.Pattern, str, str], ...] = (
    (re.compile(r"can't attack, block, or (transform|crew Vehicles)\b"), "can't attack or block",
     "can't {0}"),
    (re.compile(r",? and can't be sacrificed(?=\.?$)"), "", "can't be sacrificed"),
    (re.compile(r"\b((?:has|have|gains|gain) (?:hexproof|shroud|phasing)(?: until end of turn)?) "
                r"and (?=can't |can |must |attacks? |blocks? )"), "", "{0}"),
    (re.compile(r",? and ((?:has|have|gains|gain) (?:hexproof|shroud|phasing)"
                r"(?: until end of turn)?)(?=\.?$)"), "", "{0}"),
)


#: "..., and all creatures able to block it do so" joined to another statement (Indrik
#: Umbra, Revenge of the Hunted).
_LURE_TAIL = re.compile(r",? and (all creatures able to block it(?: this turn)? do so)\.?$")


def _parse_with_lure_tail(sentence_norm: str, state: "_State") -> Optional[list]:
    """509.1c: a statement followed by ", and all creatures able to block it do so":
    both read, "it" being what the first one names. Not under a condition ("As long as
    ..., it gets +1/+1 and all creatures able to block it do so" is left unread: the
    condition would cover both)."""
    m = _LURE_TAIL.search(sentence_norm)
    if not m or m.start() == 0 or re.match(r"(?i)(as long as|if|when|whenever|at)\b", sentence_norm):
        return None
    head = _parse(sentence_norm[:m.start()], state)
    if head is None or head is _DEFENDER_DIVIDES or any(isinstance(a, A.Conditional) for a in head):
        return None
    tail = _parse(_capitalize(m.group(1)) + ".", state)
    if not tail:
        return None
    return list(head) + list(tail)


def _parse_without_noncombat(sentence_norm: str, state: "_State") -> tuple[Optional[list], list[str]]:
    """Read a sentence whose non-combat clauses (``_NONCOMBAT_CLAUSES``) are left out;
    returns the rule objects (None: not read) and the clauses left out."""
    text, parts = sentence_norm, []
    for pattern, replacement, report in _NONCOMBAT_CLAUSES:
        m = pattern.search(text)
        if m:
            parts.append(report.format(*m.groups()))
            text = text[:m.start()] + replacement + text[m.end():]
    if not parts:
        return None, []
    result = _parse(text, state)
    if not result or result is _DEFENDER_DIVIDES:
        return None, []
    return result, parts


_ABILITY_WORD = re.compile(r"^(?![IVX]+\b)[A-Z][a-z]+(?: [a-z]+)* \u2014 ")
_WHERE_X = re.compile(r", where X is [^.]*")
_DURATION = re.compile(r"\b(this turn|this combat|until end of turn|until your next turn)\b", re.I)


def _parse(sentence_norm: str, state: _State, start: str = "line"):
    """Rule objects of one normalised sentence, or None if not understood."""
    snapshot = (state.targets, state.last_obj, state.last_player, state.defender_assigns,
                state.before_last, state.open_targets)
    try:
        tree = _parse_tokens(sentence_norm, start)
        return _OracleTransformer(state).transform(tree)
    except (_Unknown, LarkError, _Fail, ValueError, TypeError, KeyError, AttributeError):
        (state.targets, state.last_obj, state.last_player, state.defender_assigns,
         state.before_last, state.open_targets) = snapshot
        return None


#: Unread sentences that only act on the object just named and name nothing new, so
#: "that creature" / "that player" after them still mean what they meant before
#: (Mark for Death: "Untap that creature.").
_KEEPS_ANTECEDENT = re.compile(r"^(?:un)?tap (?:that creature|it)\.?$", re.I)


_LANDWALK_IGNORED = re.compile(
    r"^creatures with ((?:(?:nonbasic|snow|legendary|basic|artifact) )?[a-z]+walk) can be "
    r"blocked as though they didn't have \1\.?$", re.I)
_ANY_LANDWALK_IGNORED = re.compile(
    r"^creatures with landwalk abilities can be blocked as though they didn't have those "
    r"abilities\.?$", re.I)


def _fixed_sentence(sentence_norm: str) -> Optional[list]:
    """Whole-sentence idioms read without the parser (their wording never varies)."""
    m = _LANDWALK_IGNORED.match(sentence_norm)
    if m:
        # 702.14, 509.1b: Great Wall, Lord Magnus, Quagmire, Deadfall, Undertow ...
        return [A.BlockableDespiteLandwalk(m.group(1).lower())]
    if _ANY_LANDWALK_IGNORED.match(sentence_norm):
        return [A.BlockableDespiteLandwalk(None)]
    return None


def _starts_modal_ability(first_norm: str, line: str) -> bool:
    """A line starting a triggered ability ("When ..., choose one \u2014", 603.1) or an
    activated one ("{T}: Choose one \u2014", 602.1) whose modes follow as bullets."""
    if not line.rstrip().endswith("\u2014"):
        return False
    return bool(re.match(r"(?i)(?:when|whenever|at)\b", first_norm) or re.match(r'^[^"]*:', first_norm))


def _split_items(sentence: str) -> list[str]:
    """Top-level comma-separated items of a keyword line."""
    items, depth, quote, cur = [], 0, False, []
    for ch in sentence:
        if ch == '"':
            quote = not quote
        elif ch in "({":
            depth += 1
        elif ch in ")}":
            depth = max(0, depth - 1)
        if ch in ",;" and depth == 0 and not quote:
            items.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    items.append("".join(cur).strip())
    return [i for i in items if i]


def _capitalize(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def read_text(text: str, name: Optional[str] = None) -> A.TextReading:
    """Read Oracle text (lines separated by "\\n") into rule objects.

    ``name`` is the card's name: the text may refer to the card by it, by its
    short name before a comma, by "this creature"/"this permanent"/"this card",
    "~" or "CARDNAME". Without a name (an effect's text), only "~" and
    "this creature" mean the source. Never raises."""
    try:
        return _read(text, name)
    except Exception:  # pragma: no cover - the last line of defence
        stripped = text.strip() if isinstance(text, str) else repr(text)
        return A.TextReading((), (stripped,) if stripped else ())


def _read(text: str, name: Optional[str]) -> A.TextReading:
    if not isinstance(text, str):
        raise TypeError("text must be a string")
    names = _name_variants(name)
    state = _State()
    understood: list[A.Parsed] = []
    not_understood: list[str] = []
    ability_modes = False  # the bullets that follow are modes of a trigger (700.2)
    for raw_line in text.replace("\r\n", "\n").split("\n"):
        line = _strip_reminder(raw_line)
        if not line:
            continue
        bullet = line.startswith("\u2022")
        mode_of_ability = bullet and ability_modes
        if not bullet:
            ability_modes = False
        state.last_obj = None  # "it" never reaches across abilities
        state.last_player = None
        state.scanned_obj = None
        state.scanned_group = None
        after_unknown = mode_of_ability
        for k, sentence in enumerate(split_sentences(line, names)):
            norm = _replace_names(sentence, names)
            if k == 0 and not bullet:
                ability_modes = _starts_modal_ability(_ABILITY_WORD.sub("", norm), line)
            if norm.startswith("\u2022"):  # a mode of a modal spell: read the mode
                norm = norm[1:].lstrip()
            norm = _ABILITY_WORD.sub("", norm)  # ability words have no rules meaning (207.2c)
            if "{X}" in norm or re.search(r"[+-]X/", norm):
                # "pays {X} for each ..., where X is the number of ...": the cost stays
                # "{X}" as printed (AttackCost.cost); the definition of X is not read.
                # "gets +X/+0, where X is ...": P/T changes are on the board already.
                norm = _WHERE_X.sub("", norm)
            targets_before = state.targets
            whole, tail = sentence, None
            parts: list[str] = []  # clauses of a read sentence that were not read
            if mode_of_ability:
                # 700.2: a mode of a triggered or activated ability is part of that
                # ability, which the board doesn't show resolving: not a static ability.
                result = None
                not_understood.append(sentence)
                state.targets += _count_targets(norm)[0]
                continue
            result = _parse(norm, state)
            if result is None:
                result = _fixed_sentence(norm)
            if result is None:
                result, parts = _parse_without_noncombat(norm, state)
            if result is None:
                result = _parse_with_lure_tail(norm, state)
            if result is None:
                # "Enchanted creature can't attack or block, and its activated abilities
                # can't be activated": the combat clause is read, the other one is
                # reported on its own (no rule object speaks of activated abilities).
                m_norm = _ACTIVATED_TAIL.search(norm)
                m_orig = _ACTIVATED_TAIL.search(sentence.replace("\u2019", "'"))
                if m_norm and m_orig and m_norm.start() > 0:
                    head = _parse(norm[:m_norm.start()], state)
                    if not head:
                        head, parts = _parse_without_noncombat(norm[:m_norm.start()], state)
                    if head:
                        result = head
                        tail = sentence[m_orig.start():].lstrip(", ")
                        sentence = sentence[:m_orig.start()]
            if result is _DEFENDER_DIVIDES:
                understood.append(A.Parsed(sentence, ()))
                state.defender_assigns = False
                continue
            state.defender_assigns = bool(
                result and any(isinstance(a, A.DefenderAssignsDamage) for a in result)
            )
            if result and after_unknown and _DURATION.search(norm):
                # A one-shot effect after a sentence we could not read belongs to
                # that sentence's ability (a trigger, an activated ability, a
                # condition): "Whenever ~ attacks, ... . ~ can't be blocked this turn."
                result = None
                state.last_obj = state.last_player = None
                state.targets = targets_before  # counted again below, once
            if result:
                understood.append(A.Parsed(sentence, tuple(result)))
                not_understood.extend(parts)
                if tail:
                    not_understood.append(tail)
                continue
            sentence = whole  # a head read but belonging to an unread ability: all of it
            if result is None and _keyword_items(sentence, names, state, understood, not_understood):
                continue
            if result is None:
                # Keep the target numbering of later sentences right; forget "it".
                # "That creature" may still name this sentence's one target creature
                # ("~ deals 1 damage to target creature. That creature can't block
                # this turn.") unless the sentence starts an ability we can't read.
                if state.open_targets:
                    # 601.2c: after a variable number of targets, later targets can't
                    # be numbered; a group read before them can't be trusted either.
                    state.scanned_obj = state.scanned_group = None
                    if _TARGET_WORD.search(norm):
                        state.spoiled = True
                else:
                    state.scanned_obj = _scan_target_creature(norm, state.targets)
                    state.scanned_group = _scan_target_group(norm, state.targets)
                    count, variable = _count_targets(norm)
                    state.targets += count
                    state.open_targets = variable
                if not _KEEPS_ANTECEDENT.match(norm):
                    state.last_obj = None
                    state.last_player = None
                if _NON_STATIC.search(norm):
                    after_unknown = True
                    state.scanned_obj = state.scanned_group = None
            # (result == []: a P/T change only -- it parsed, so "it" stays known.)
            not_understood.append(sentence)
    if state.spoiled:
        # A group of targets was read, but a later sentence names targets too: which
        # targets belong to the group depends on how many were chosen (601.2c).
        kept = [p for p in understood if not any(_uses_target_group(a) for a in p.abilities)]
        not_understood.extend(p.sentence for p in understood if p not in kept)
        understood = kept
    return A.TextReading(tuple(understood), tuple(not_understood))


def _keyword_items(
    sentence: str, names: list[str], state: _State,
    understood: list[A.Parsed], not_understood: list[str],
) -> bool:
    """A keyword line with unknown items ("Flying, ward {2}"): the known keywords are
    understood, each unknown item is reported on its own."""
    if "," not in sentence and ";" not in sentence:
        return False
    first = sentence.split(",", 1)[0].split(";", 1)[0]
    try:
        _prefilter(_raw_tokens(_replace_names(first, names)), _machine())
    except _Unknown:
        return False
    items = _split_items(sentence)
    if len(items) < 2:
        return False
    parsed = []
    for k, item in enumerate(items):
        body = item[:-1] if item.endswith(".") and k == len(items) - 1 else item
        if body.lower().startswith("and "):
            body = body[4:]
        res = _parse(_replace_names(body, names), state, start="kw_item")
        if k == 0 and not res:
            return False
        parsed.append((item, res))
    good = [(item, res) for item, res in parsed if res]
    understood.append(A.Parsed(", ".join(item for item, _ in good),
                               tuple(a for _, res in good for a in res)))
    for item, res in parsed:
        if not res:
            not_understood.append(_capitalize(item))
    return True
