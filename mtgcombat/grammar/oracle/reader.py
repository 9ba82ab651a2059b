"""Reading a whole text: sentence by sentence, what "it" and "that creature" mean,
targets counted across sentences, and every sentence either understood or reported."""

from __future__ import annotations

import dataclasses
import re
from typing import Optional, Sequence, Union

from lark.exceptions import UnexpectedInput, VisitError

from ...rules import abilities as A
from .durations import with_durations
from ..mana import read as read_mana
from .lexer import (
    _NUMBERS, _machine, _parse_tokens, _prefilter, _raw_tokens, _Unknown, noncombat_keyword,
)
from .sentences import name_variants, replace_names, strip_reminder, split_sentences
from . import readings as _readings
from .state import HOOKS as _HOOKS
from .transformer import _DEFENDER_DIVIDES, _OracleTransformer, _State, _uses_target_group
from .words import _Fail

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
    (re.compile(r",? and (players and permanents can't be the targets of spells or activated "
                r"abilities)(?=\.?$)"), "", "{0}"),
    (re.compile(r"\b((?:has|have|gains|gain) (?:hexproof|shroud|phasing)(?: until end of turn)?) "
                r"and (?=can't |can |must |attacks? |blocks? )"), "", "{0}"),
    (re.compile(r",? and ((?:has|have|gains|gain) (?:hexproof|shroud|phasing)"
                r"(?: until end of turn)?)(?=\.?$)"), "", "{0}"),
    # 205.1b, 613.4b: "As long as ~ is tapped, it is a Human Citizen with base power and
    # toughness 1/1 and it can't be blocked" (Futurist Operative): the types it becomes are
    # not on the board (its type line is as printed) -- reported; its power and toughness
    # are (current values); the combat clause is read.
    (re.compile(r"(?<=, )(it is an? [A-Z][\w-]*(?: [A-Z][\w-]*)* with base power and toughness "
                r"-?\d+/-?\d+) and (?=it can't be blocked\.?$)"), "", "{0}"),
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


#: An ability word (207.2c: "Formidable \u2014") or a flavor word (207.2d: "Cunning Action
#: \u2014", capitalised words too) before an ability: no rules meaning.
_ABILITY_WORD = re.compile(r"^(?![IVX]+\b)[A-Z][\w'\u2019-]*(?: [\w'\u2019-]+)* \u2014 ")
_WHERE_X = re.compile(r", where X is [^.]*")
_LEVEL_HEADER = re.compile(r"^LEVEL (\d+)(?:-(\d+)|\+)$")
_LEVEL_UP = re.compile(r"^Level up \{[^}]+\}(?:\{[^}]+\})*$")
_PT_LINE = re.compile(r"^\d+/\d+$")
_DURATION = re.compile(r"\b(this turn|this combat|until end of turn|until your next turn)\b", re.I)
#: A static power/toughness change of permanents ("Enchanted creature gets +2/+2.",
#: "Creatures you control get +1/+1."): not of a target (an effect's), not of attacking or
#: blocking creatures (it applies only in combat), no condition.
_STATIC_PT = re.compile(
    r"^(?!.*\b(?:target|attacking|blocking|as long as|if|unless|for each|where)\b)"
    r"[^.:]*\bgets? [+-][0-9X]+/[+-][0-9X]+\.?$", re.I)


def _parse(sentence_norm: str, state: _State, start: str = "line"):
    """Rule objects of one normalised sentence, or None if not understood."""
    snapshot = (state.targets, state.last_obj, state.last_player, state.defender_assigns,
                state.before_last, state.open_targets)
    try:
        tree = _parse_tokens(sentence_norm, start)
        return _OracleTransformer(state).transform(tree)
    except VisitError as e:
        # lark wraps whatever a transformer method raises: only the grammar's own
        # refusal (_Fail) means "not understood"; anything else is a bug and raises.
        if not isinstance(e.orig_exc, _Fail):
            raise e.orig_exc from e
        (state.targets, state.last_obj, state.last_player, state.defender_assigns,
         state.before_last, state.open_targets) = snapshot
        return None
    except (_Unknown, UnexpectedInput, _Fail):
        (state.targets, state.last_obj, state.last_player, state.defender_assigns,
         state.before_last, state.open_targets) = snapshot
        return None


#: Unread sentences that only act on the object just named and name nothing new, so
#: "that creature" / "that player" after them still mean what they meant before
#: (Mark for Death: "Untap that creature.").
_KEEPS_ANTECEDENT = re.compile(
    r"^(?:(?:un)?tap (?:that creature|it|those creatures)|it's still an? [a-z]+)\.?$", re.I)


_LANDWALK_IGNORED = re.compile(
    r"^creatures with ((?:(?:nonbasic|snow|legendary|basic|artifact) )?[a-z]+walk) can be "
    r"blocked as though they didn't have \1\.?$", re.I)
_ANY_LANDWALK_IGNORED = re.compile(
    r"^creatures with landwalk abilities can be blocked as though they didn't have those "
    r"abilities\.?$", re.I)


_X_COUNT = re.compile(r"^, where X is the number of (?P<what>[a-z]+) you control$")
_X_COUNTERS = re.compile(r"^, where X is the number of counters on (?:that creature|it)$")
_PLURAL_TYPES = {"enchantments": "Enchantment", "artifacts": "Artifact",
                 "creatures": "Creature", "lands": "Land", "planeswalkers": "Planeswalker"}


_X_DOMAIN = re.compile(r"^, where X is the number of basic land types among lands you control$")


def _x_definition(clause: str) -> Optional[Union[A.CountOf, A.CountersOn, A.BasicLandTypes]]:
    """"where X is the number of enchantments you control" -- what X counts, or None;
    "the number of counters on that creature": counters of any kind on the creature the
    cost is for (122.1, Nils)."""
    if _X_COUNTERS.match(clause.strip() if clause.startswith(",") else ", " + clause.strip()):
        return A.CountersOn("")
    if _X_DOMAIN.match(clause.strip() if clause.startswith(",") else ", " + clause.strip()):
        return A.BasicLandTypes(A.YouRef())  # domain (305.6)
    m = _X_COUNT.match(clause.strip() if clause.startswith(",") else ", " + clause.strip())
    if not m:
        return None
    what = m.group("what")
    if what == "permanents":
        return A.CountOf(A.AnyPred(), A.YouRef())
    if what in _PLURAL_TYPES:
        return A.CountOf(A.TypePred(_PLURAL_TYPES[what]), A.YouRef())
    return None


_TROVE = re.compile(r"^each opponent must attack you or a planeswalker you control with at "
                    r"least one creature each combat if able\.?$", re.I)
_WARS_TOLL = re.compile(r"^if a creature an opponent controls attacks, all creatures that "
                        r"opponent controls attack if able\.?$", re.I)
_ENCHANT_PLAYER = re.compile(r"^enchant (?:player|opponent)\.?$", re.I)
_CHOOSE = re.compile(r"^as ~ enters(?: the battlefield)?, choose an? "
                     r"(?P<what>player|opponent|color|creature type|card name)\.?$", re.I)


#: 702.33d, 614.1c: "If ~ was kicked, it enters the battlefield with a +1/+1 counter on it and
#: with "[ability]"" (Prison Barricade): the counters are on the board already (122).
_KICKED_ENTERS = re.compile(r'^if ~ was kicked, it enters(?: the battlefield)? with '
                            r'(?:an? [+-]1/[+-]1 counter on it and with )?"(?P<inner>[^"]+)"\.?$',
                            re.I)


def _kicked_enters(sentence_norm: str) -> Optional[list]:
    """702.33d: the ability a kicked permanent entered with, while the board records
    it as ``kicked`` (a fact of the permanent); None: not this idiom or not read."""
    m = _KICKED_ENTERS.match(sentence_norm)
    if m is None:
        return None
    inner = read_text(m.group("inner"), None)
    if inner.not_understood or not inner.understood:
        return None
    granted = tuple(a for p in inner.understood for a in p.abilities)
    if not granted:
        return None
    return [A.Conditional(A.ObjectIs(A.SelfRef(), A.FactPred("kicked")), granted)]


def _fixed_sentence(sentence_norm: str) -> Optional[list]:
    """Whole-sentence idioms read without the parser (their wording never varies)."""
    kicked = _kicked_enters(sentence_norm)
    if kicked is not None:
        return kicked
    if _TROVE.match(sentence_norm):
        return [A.PlayerAttackRequirement()]  # Trove of Temptation (508.1d)
    if _WARS_TOLL.match(sentence_norm):
        return [A.AllAttackIfAny()]  # War's Toll (508.1d)
    if _ENCHANT_PLAYER.match(sentence_norm):
        return [A.EnchantPlayer()]
    m = _CHOOSE.match(sentence_norm)
    if m:
        what = m.group("what").lower()
        return [A.Choice("player" if what == "opponent" else what.replace(" ", "_"))]
    m = _LANDWALK_IGNORED.match(sentence_norm)
    if m:
        # 702.14, 509.1b: Great Wall, Lord Magnus, Quagmire, Deadfall, Undertow ...
        return [A.BlockableDespiteLandwalk(m.group(1).lower())]
    if _ANY_LANDWALK_IGNORED.match(sentence_norm):
        return [A.BlockableDespiteLandwalk(None)]
    return None


def _starts_modal_ability(first_norm: str, line: str, modes_follow: bool = False) -> bool:
    """A line starting a triggered ability ("When ..., choose one \u2014", 603.1; a Saga's
    chapter "I, II \u2014 Choose one \u2014", 714.2b) or an activated one ("{T}: Choose one
    \u2014", 602.1) whose modes follow as bullets (``modes_follow``: the next line is one)."""
    if not (line.rstrip().endswith("\u2014") or modes_follow):
        return False
    if re.match(r"(?i)choose (?:one|two|three|one or both|one or more|any number)\b",
                first_norm):
        # 700.2: a modal spell's modes are alternatives -- without the choice (an effect's
        # "modes"), no mode applies by itself; see ``modal_spell``.
        return True
    return bool(re.match(r"(?i)(?:when|whenever|at)\b", first_norm) or re.match(r'^[^"]*:', first_norm)
                or _CHAPTER.match(first_norm))


# ---------------------------------------------------------------------------
# Modal spells (700.2)
# ---------------------------------------------------------------------------

_BULLET = "\u2022"
#: A modal spell's instruction to choose (700.2): "Choose one \u2014", "Choose one or both
#: \u2014", "Choose up to two \u2014", "Choose three." ...
_CHOOSE_MODES = re.compile(
    r"^choose (?P<n>one or both|one or more|any number|up to (?:one|two|three|four|five)|"
    r"one|two|three|four|five)(?= ?\u2014$|\.$)", re.I)
#: 700.2d.
_SAME_MODE = re.compile(r"^you may choose the same mode more than once\.?$", re.I)
#: "If this spell was kicked, choose any number instead." / "If you control a commander as
#: you cast this spell, you may choose both instead.": what the caster may choose then.
_INSTEAD = re.compile(r"^if [^,]+, (?:you may )?choose (?P<n>both|any number|one or more|"
                      r"two|three|four|five) instead\.?(?: ?\u2014)?$", re.I)
#: 702.42a (entwine: all modes may be chosen), 702.120a (escalate: a cost per extra mode).
_MODE_COST = re.compile(r"^(?P<kw>Entwine|Escalate)(?: ?\u2014| )\S")
#: An entwine or escalate cost alone on its line ("Entwine {2}", "Escalate\u2014Discard a card.").
_MODE_COST_LINE = re.compile(r"^(?:Entwine|Escalate)(?: (?:\{[^}]+\})+| ?\u2014 ?[^\u2014]+)$")
#: A Saga's chapter ability (714.2b): a triggered ability.
_CHAPTER = re.compile(r"^[IVX]+(?:, [IVX]+)* \u2014 ")
#: A flavor word (207.2d) or ability word (207.2c) heading a mode: "Find a Crossing \u2014".
_FLAVOR_WORD = re.compile(r"^(?![IVX]+\b)[A-Z][\w'\u2019-]*(?: [\w'\u2019-]+)* \u2014 ")


@dataclasses.dataclass(frozen=True)
class ModalSpell:
    """The modes of a modal spell's text (700.2): the instruction to choose (``header``,
    "Choose one \u2014"), each mode's text (``modes``, without its bullet and its flavor
    word, 207.2d) and how many may be chosen: ``least`` to ``most`` (None: any number),
    all of them with entwine (702.42a), one mode more than once only when the text says
    so (``same_mode``, 700.2d)."""

    header: str
    modes: tuple[str, ...]
    least: int
    most: Optional[int]
    same_mode: bool = False
    entwine: bool = False

    def allows(self, count: int) -> bool:
        """Whether ``count`` modes may be chosen."""
        if self.entwine and count == len(self.modes):
            return True
        return count >= self.least and (self.most is None or count <= self.most)


def _mode_count(word: str) -> tuple[int, Optional[int]]:
    word = word.lower()
    if word == "one or both":
        return 1, 2
    if word in ("one or more", "any number"):
        return (1 if word == "one or more" else 0), None
    if word == "both":
        return 2, 2
    if word.startswith("up to "):
        return 0, _NUMBERS[word[len("up to "):]]
    return _NUMBERS[word], _NUMBERS[word]


def _modal_block(lines: list[str]) -> Optional[tuple[int, int, ModalSpell]]:
    """Where a text's modal spell is: the index of its header line, the index after its
    last mode, and the spell's modes. A header is a line that starts no triggered or
    activated ability, whose first sentence is an instruction to choose modes, followed
    by two or more bullets (700.2). ``lines`` have no reminder text."""
    for i, line in enumerate(lines):
        end = i + 1
        while end < len(lines) and lines[end].lstrip().startswith(_BULLET):
            end += 1
        if end - i < 3 or line.lstrip().startswith(_BULLET):
            continue
        sentences = split_sentences(line.strip())
        first = _ABILITY_WORD.sub("", sentences[0]) if sentences else ""
        m = _CHOOSE_MODES.match(first)
        if not m:
            continue
        least, most = _mode_count(m.group("n"))
        same_mode = any(_SAME_MODE.match(s) for s in sentences[1:])
        for s in sentences[1:]:
            alt = _INSTEAD.match(s)
            if alt:
                a_least, a_most = _mode_count(alt.group("n"))
                least = min(least, a_least)
                most = None if most is None or a_most is None else max(most, a_most)
        modes = tuple(_FLAVOR_WORD.sub("", b.strip()[1:].lstrip()) for b in lines[i + 1:end])
        entwine = any(mm and mm.group("kw") == "Entwine"
                      for mm in (_MODE_COST.match(x.strip()) for x in lines))
        return i, end, ModalSpell(line.strip(), modes, least, most, same_mode, entwine)
    return None


def modal_spell(text: str) -> Optional[ModalSpell]:
    """The modes of ``text`` if it is a modal spell's (700.2), else None. A modal triggered
    or activated ability ("When ..., choose one \u2014") is not a modal spell: its modes
    are chosen as the ability is put on the stack, which no board shows."""
    block = _block_of(text)
    return block[2] if block else None


def _block_of(text: str) -> Optional[tuple[int, int, ModalSpell]]:
    return _modal_block([strip_reminder(x) for x in text.replace("\r\n", "\n").split("\n")])


def _split_items(sentence: str) -> list[str]:
    """Top-level comma-separated items of a keyword line."""
    items: list[str] = []
    cur: list[str] = []
    depth, quote = 0, False
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


def read_text(text: str, name: Optional[str] = None,
              modes: Optional[Sequence[int]] = None) -> A.TextReading:
    """Read Oracle text (lines separated by "\\n") into rule objects.

    ``name`` is the card's name: the text may refer to the card by it, by its
    short name before a comma, by "this creature"/"this permanent"/"this card",
    "~" or "CARDNAME". Without a name (an effect's text), only "~" and
    "this creature" mean the source. A sentence the grammar can't read is reported
    in ``not_understood``; a bug in the reader raises (it is never turned into "not
    understood").

    ``modes``: the modes chosen for a modal spell's text (700.2a; 1-based, see
    :func:`modal_spell`). The chosen modes are read as the text's sentences, in the order
    printed, each on its own line (a mode chosen twice, 700.2d, twice), so their targets
    are numbered across the chosen modes alone (601.2c, 700.2c); the other modes are not
    part of the spell as cast. The instruction to choose ("Choose one \u2014") and an
    entwine or escalate cost are understood, with nothing to apply. Without ``modes`` a
    modal spell's modes are alternatives of which none applies: the instruction and the
    modes are reported as not understood, and a target after them can't be numbered.
    ``modes`` for a text that is not a modal spell's, or a mode it doesn't have, is a
    ``ValueError``."""
    return _read(text, name, modes)


def _read(text: str, name: Optional[str], modes: Optional[Sequence[int]] = None
          ) -> A.TextReading:
    if not isinstance(text, str):
        raise TypeError("text must be a string")
    return _Reader(name_variants(name), modes).read(text)


class _Reader:
    """One reading of a whole text: its lines, sentence by sentence (:func:`read_text`)."""

    def __init__(self, names: list[str], modes: Optional[Sequence[int]]) -> None:
        self.names = names
        self.modes = modes
        self.state = _State()
        self.understood: list[A.Parsed] = []
        self.not_understood: list[str] = []
        self.ability_modes = False  # the bullets that follow are modes of a trigger (700.2)
        self.band: Optional[A.CounterRange] = None  # a level up card's current band (711.2)
        self.lines: list[str] = []
        self.header_at = -1  # the line of a modal spell's instruction to choose, modes chosen
        self.unchosen = range(0)  # the lines of a modal spell's modes, none chosen
        self.after_unknown = False

    def read(self, text: str) -> A.TextReading:
        self._lines(text)
        for index, line in enumerate(self.lines):
            if line:
                self._line(index, line)
        state, understood = self.state, self.understood
        if state.spoiled:
            # A group of targets was read, but a later sentence names targets too: which
            # targets belong to the group depends on how many were chosen (601.2c).
            kept = [p for p in understood if not any(_uses_target_group(a) for a in p.abilities)]
            self.not_understood.extend(p.sentence for p in understood if p not in kept)
            understood = kept
        return A.TextReading(tuple(understood), tuple(self.not_understood))

    def _lines(self, text: str) -> None:
        """The text's lines without reminder text; a modal spell's modes chosen in place
        of its bullets (700.2a)."""
        modes = self.modes
        lines = [strip_reminder(x) for x in text.replace("\r\n", "\n").split("\n")]
        block = _modal_block(lines)
        if modes is not None:
            if block is None:
                raise ValueError("modes are chosen for a text that is not a modal spell's")
            start, end, spell = block
            if any(not (isinstance(k, int) and 1 <= k <= len(spell.modes)) for k in modes):
                raise ValueError(f"modes {list(modes)}: the spell has {len(spell.modes)} modes")
            lines = lines[:start + 1] + [spell.modes[k - 1] for k in sorted(modes)] + lines[end:]
            self.header_at = start
        elif block is not None:
            self.unchosen = range(block[0] + 1, block[1])
        self.lines = lines

    def _structure_line(self, index: int, line: str) -> bool:
        """A line of the text's structure, understood with nothing to apply (or with a
        level band opened); whether ``line`` was one."""
        understood = self.understood
        if index == self.header_at:
            _read_header(line, self.names, understood, self.not_understood)
            return True
        if self.modes is not None and _MODE_COST_LINE.match(line.strip()):
            understood.append(A.Parsed(line.strip(), ()))  # paid as it was cast (601.2f)
            return True
        # 702.87, 711: a level up card's structure. "Level up {1}" puts level counters
        # on it (nothing for combat); "LEVEL 3-7" / "LEVEL 8+" opens a band whose lines
        # apply only at those levels; a band's "4/4" is on the board already.
        lv = _LEVEL_HEADER.match(line.strip())
        if lv:
            self.band = A.CounterRange("level", int(lv.group(1)),
                                       int(lv.group(2)) if lv.group(2) else None)
            understood.append(A.Parsed(line.strip(), ()))
            return True
        if _LEVEL_UP.match(line.strip()) or (self.band is not None
                                             and _PT_LINE.match(line.strip())):
            understood.append(A.Parsed(line.strip(), ()))
            return True
        return False

    def _line(self, index: int, line: str) -> None:
        """One line: an ability read whole, or sentence by sentence."""
        if self._structure_line(index, line):
            return
        state = self.state
        first_understood = len(self.understood)
        bullet = line.startswith("\u2022")
        mode_of_ability = bullet and self.ability_modes
        if not bullet:
            self.ability_modes = False
        state.last_obj = None  # "it" never reaches across abilities
        state.last_player = None
        state.scanned_obj = None
        state.scanned_group = None
        state.scanned_it = None
        self.after_unknown = mode_of_ability
        state.condition = None  # "Otherwise" never reaches across abilities (611.3a)
        # A triggered ability (603.1) or exert (701.43d) is read whole (issue 26).
        whole_line = None if bullet else _read_ability_line(line, self.names, state)
        if whole_line is not None:
            self.understood.extend(whole_line)
        for k, sentence in enumerate([] if whole_line is not None
                                     else split_sentences(line, self.names)):
            self._sentence(k, sentence, index, line, bullet, mode_of_ability)
        if self.band is not None:
            band = self.band
            self.understood[first_understood:] = [
                A.Parsed(p.sentence, (A.Conditional(band, p.abilities),) if p.abilities else ())
                for p in self.understood[first_understood:]]

    def _normalise(self, k: int, sentence: str, index: int, line: str, bullet: bool
                   ) -> tuple[str, Optional[Union[A.CountOf, A.CountersOn, A.BasicLandTypes]]]:
        """A sentence as the grammar reads it (names as "~", no bullet, no ability word,
        no "where X is ..." the board counts already) and what its X counts, if anything."""
        state = self.state
        state.condition_before, state.condition = state.condition, None
        norm = replace_names(sentence, self.names)
        if k == 0 and not bullet:
            lines = self.lines
            follows = index + 1 < len(lines) and lines[index + 1].startswith(_BULLET)
            self.ability_modes = _starts_modal_ability(_ABILITY_WORD.sub("", norm), line, follows)
        if norm.startswith("\u2022"):  # a mode of a modal spell: read the mode
            norm = norm[1:].lstrip()
        norm = _ABILITY_WORD.sub("", norm)  # ability words have no rules meaning (207.2c)
        x_def: Optional[Union[A.CountOf, A.CountersOn, A.BasicLandTypes]] = None
        if re.search(r"[+-]X/", norm) and "{X}" not in norm:
            # "gets +X/+0, where X is ...": P/T changes are on the board already.
            norm = _WHERE_X.sub("", norm)
        elif "{X}" in norm and _WHERE_X.search(norm):
            # "pays {X} for each ..., where X is the number of [permanents] you
            # control": X is counted on the board; a definition the board can't
            # count leaves the whole sentence not understood (never deleted).
            x_def = _x_definition(_WHERE_X.search(norm).group(0))  # type: ignore[union-attr]
            if x_def is not None:
                norm = _WHERE_X.sub("", norm)
        return _readings.without_pt_count(norm), x_def

    def _sentence(self, k: int, sentence: str, index: int, line: str, bullet: bool,
                  mode_of_ability: bool) -> None:
        """One sentence: read into rule objects, understood with nothing to apply, or
        reported (its targets still counted for the sentences after it)."""
        state = self.state
        norm, x_def = self._normalise(k, sentence, index, line, bullet)
        targets_before = state.targets
        whole = sentence
        if mode_of_ability:
            # 700.2: a mode of a triggered or activated ability is part of that
            # ability, which the board doesn't show resolving: not a static ability.
            self.not_understood.append(sentence)
            if index in self.unchosen:
                # 601.2c: targets are numbered across the chosen modes only; which
                # were chosen is not known, so a later target can't be numbered.
                state.open_targets = state.open_targets or bool(_TARGET_WORD.search(norm))
            else:
                state.targets += _count_targets(norm)[0]
            return
        result, parts, sentence, tail = self._attempt(norm, sentence, targets_before)
        if result is _DEFENDER_DIVIDES:
            self.understood.append(A.Parsed(sentence, ()))
            state.defender_assigns = False
            return
        state.defender_assigns = bool(
            result and any(isinstance(a, A.DefenderAssignsDamage) for a in result)
        )
        if result and self.after_unknown and _DURATION.search(norm):
            # A one-shot effect after a sentence we could not read belongs to
            # that sentence's ability (a trigger, an activated ability, a
            # condition): "Whenever ~ attacks, ... . ~ can't be blocked this turn."
            result = None
            state.last_obj = state.last_player = None
            state.targets = targets_before  # counted again below, once
        if result:
            # 702.39a provoke, 702.147a decayed: their triggered abilities, from the words
            # of their rules
            result = list(result) + _readings.keyword_triggers(result, read_text)
        if result and x_def is not None:
            result = [dataclasses.replace(a, x=x_def) if isinstance(a, A.AttackCost)
                      else a for a in result]
        if result:
            self.understood.append(A.Parsed(sentence, tuple(with_durations(result, norm))))
            self.not_understood.extend(parts)
            if tail:
                self.not_understood.append(tail)
            return
        # a head read but belonging to an unread ability: all of it
        self._not_read(whole, norm, result)

    def _attempt(self, norm: str, sentence: str, targets_before: int
                 ) -> tuple[Optional[list], list[str], str, Optional[str]]:
        """The readings of one sentence, tried in turn: the rule objects (None: not
        read), the clauses left out, the sentence (without a clause about activated
        abilities reported on its own) and that clause."""
        state = self.state
        tail = None
        parts: list[str] = []  # clauses of a read sentence that were not read
        result = _parse(norm, state)
        if result is None:
            result = _fixed_sentence(norm)
        if result is None:
            result = _readings.read_player_chooses(norm, state)  # 608.2d
        if result is None:
            result = read_mana(sentence)  # mana abilities, cumulative upkeep (605, 702.24)
        if result is None:
            result, parts = _parse_without_noncombat(norm, state)
        if result is None:
            result = _parse_with_lure_tail(norm, state)
        if result is None and '"' in norm:
            result = _readings.read_quoted_grant(norm, state, _parse, read_text)
        if (result is None or (result == [] and _DURATION.search(norm))) \
                and not self.after_unknown and not _NON_STATIC.search(norm):
            result = self._instruction(norm, result, targets_before)
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
        return result, parts, sentence, tail

    def _instruction(self, norm: str, result: Optional[list], targets_before: int
                     ) -> Optional[list]:
        """A one-shot effect (a spell's, issue 26): see read_instruction_sentence; else
        ``result`` as it was."""
        from .triggered import read_instruction_sentence

        state = self.state
        kept = (state.targets, state.last_obj, state.last_player, state.before_last,
                state.open_targets)
        if result == []:
            state.targets = targets_before  # read again, its targets once
        again = read_instruction_sentence(norm, state)
        if not again and '"' in norm:
            # tokens with an ability in quotes (111.1)
            again = _readings.read_quoted_token(norm, state, read_instruction_sentence,
                                                read_text)
        if again:
            return again
        (state.targets, state.last_obj, state.last_player, state.before_last,
         state.open_targets) = kept
        return result

    def _not_read(self, sentence: str, norm: str, result: Optional[list]) -> None:
        """A sentence no reading turned into rule objects: understood with nothing to
        apply when it needs nothing, else reported."""
        understood = self.understood
        if result == [] and not self.after_unknown and not _DURATION.search(norm) \
                and _STATIC_PT.match(norm):
            # A static power/toughness change ("Enchanted creature gets +2/+2.",
            # "Other Elves you control get +1/+1."): the board's power and toughness
            # are the current values (613.4c, layer 7c), so it is on the board already.
            understood.append(A.Parsed(sentence, ()))
            return
        if result is None and _readings.nothing_to_apply(norm):
            # A permission to cast the card (601.3): nothing in a combat.
            understood.append(A.Parsed(sentence, ()))
            return
        if result is None and noncombat_keyword(sentence):
            # A keyword that never acts in a combat ("Enchant creature", "Equip {2}",
            # "Flash", "Ward {2}"; the keyword table's noncombat family): understood,
            # nothing to apply.
            understood.append(A.Parsed(sentence, ()))
            return
        if result is None and _keyword_items(sentence, self.names, self.state, understood,
                                             self.not_understood):
            return
        if result is None:
            self._forget(norm)
        # (result == []: a P/T change only -- it parsed, so "it" stays known.)
        self.not_understood.append(sentence)

    def _forget(self, norm: str) -> None:
        """After a sentence not read: keep the target numbering of later sentences right;
        forget "it". "That creature" may still name this sentence's one target creature
        ("~ deals 1 damage to target creature. That creature can't block this turn.")
        unless the sentence starts an ability we can't read."""
        state = self.state
        keeps = bool(_KEEPS_ANTECEDENT.match(norm))
        if keeps and not _TARGET_WORD.search(norm):
            pass  # "Untap those creatures.", "It's still a land.": nothing new named
        elif state.open_targets:
            # 601.2c: after a variable number of targets, later targets can't
            # be numbered; a group read before them can't be trusted either.
            state.scanned_obj = state.scanned_group = state.scanned_it = None
            state.scanned_player_pw = None
            if _TARGET_WORD.search(norm):
                state.spoiled = True
        else:
            state.scanned_obj = _scan_target_creature(norm, state.targets)
            state.scanned_group = _readings.scan_target_group(norm, state.targets) \
                or _scan_target_group(norm, state.targets)
            state.scanned_it = _readings.scan_target_it(norm, state.targets)
            state.scanned_player_pw = _readings.scan_player_or_planeswalker(norm, state.targets)
            count, variable = _count_targets(norm)
            state.targets += count
            state.open_targets = variable
        if not keeps:
            state.last_obj = None
            state.last_player = None
        if _NON_STATIC.search(norm):
            self.after_unknown = True
            state.scanned_obj = state.scanned_group = state.scanned_it = None
            state.scanned_player_pw = None


_ABILITY_START = re.compile(r"(?i)(?:when|whenever|at|you may exert)\b")


def _read_ability_line(line: str, names: list[str], state: _State) -> Optional[list]:
    """A line read whole as one triggered ability, or None (see
    :func:`~mtgcombat.grammar.oracle.triggered.read_ability_line`)."""
    from .triggered import read_ability_line, read_activated_line  # noqa: F401

    bare = _ABILITY_WORD.sub("", line.lstrip())
    trigger = bool(_ABILITY_START.match(bare))
    if not trigger and ":" not in bare:
        return None
    sentences = split_sentences(line, names)
    norms = [_ABILITY_WORD.sub("", replace_names(s, names)) for s in sentences]
    if trigger:
        return read_ability_line(sentences, norms, state)
    return read_activated_line(sentences, norms, state)


def _read_header(line: str, names: list[str], understood: list[A.Parsed],
                 not_understood: list[str]) -> None:
    """A modal spell's instruction to choose, its modes chosen: understood, nothing to
    apply (700.2a) -- but for a sentence of it that says something else."""
    for k, sentence in enumerate(split_sentences(line.strip(), names)):
        if k == 0 or _SAME_MODE.match(sentence) or _INSTEAD.match(sentence):
            understood.append(A.Parsed(sentence, ()))
        else:
            not_understood.append(sentence)


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
        _prefilter(_raw_tokens(replace_names(first, names)), _machine())
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
        res = _parse(replace_names(body, names), state, start="kw_item") or read_mana(body)
        # a keyword of the table's noncombat family: understood, nothing to apply
        quiet = not res and noncombat_keyword(body) is not None
        if k == 0 and not res and not quiet:
            return False
        parsed.append((item, res, quiet))
    good = [(item, res) for item, res, quiet in parsed if res or quiet]
    understood.append(A.Parsed(", ".join(item for item, _ in good),
                               tuple(a for _, res in good for a in res or ())))
    for item, res, quiet in parsed:
        if not res and not quiet:
            not_understood.append(_capitalize(item))
    return True


# The transformer reads again what it writes onto a board (grammar/oracle/triggered.py).
_HOOKS["parse"] = _parse
_HOOKS["read"] = read_text
