#!/usr/bin/env python3
"""How much of a card corpus the Oracle grammar understands.

Usage: python scripts/oracle_coverage.py [PATH_TO_TSV] [--json] [--top N]

The TSV is the corpus format of ``shared/corpus`` (tab-separated, header row,
no quoting; the oracle column uses the two characters backslash-n as line
breaks). Every card's oracle text is read with ``read_text(text, name)``; the
report counts sentences, the sentences with attack/block vocabulary, how many
of those were understood, and the most frequent combat sentences that were
not understood (the card's name replaced by "~").

A second, narrower figure counts the *declaration* sentences: static
restrictions, requirements and effects that bear on declaring attackers and
blockers (508.1, 509.1). A sentence counts when it has attack/block vocabulary,
one of the phrases in ``DECLARATION`` ("can't attack", "can't be blocked",
"if able", "as though" ...), and is not part of a triggered ability (its line
starts with "When", "Whenever", "At", 603.1) or of an activated one (its line
starts with "[cost]: ...", 602.1), modes in bullets after such a line included (700.2). Effect text of instants and sorceries
("Target creature can't block this turn.") counts: as an effect on a board it
bears on the declaration. Most other combat sentences are triggers and parts
of abilities that no declaration depends on.

A sentence counts as understood only when the commands it acts in carry it out: read into
rule objects, none of them a keyword the library reads but doesn't carry out (provoke,
702.39a, is named in ``not_modelled``; see ``carried_out`` in
``mtgcombat/rules/keywords.py``). A sentence read with nothing to apply (a keyword that
never acts in combat, "Enchant creature", 702.5a) is understood.

Triggered abilities (603.1) are read whole: a trigger's line is understood only when every
sentence of it is read into rule objects, and the combat's stack (``mtgcombat/rules/stack.py``)
carries out every event and effect the reader produces -- so a read trigger is a trigger the
commands carry out, and a trigger not read is one that ``combat`` lists in ``not_modelled``
(and ``--strict`` refuses): it counts as not understood.

The sentences not understood are also counted by *group* (``GROUPS``: the kind of ability
they belong to -- an attack trigger, a block trigger, a combat damage trigger, an activated
ability, a static sentence ...), the largest first: where the next work is.

A modal spell's modes (700.2) are alternatives: read without a choice, its bullets are
not understood (the board can't apply a mode nobody chose), and a board's effect names
the chosen modes (``"modes"``). A mode counts as understood when the card's text read
with that mode chosen understands it -- as a board with that effect reads it.
"""

from __future__ import annotations

import argparse
import collections
import csv
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mtgcombat.grammar.oracle.reader import modal_spell  # noqa: E402
from mtgcombat.grammar.oracle.sentences import name_variants, strip_reminder  # noqa: E402
from mtgcombat.grammar.oracle import (  # noqa: E402
    read_text, split_sentences,
)
from mtgcombat.rules import abilities as A  # noqa: E402
from mtgcombat.rules import combat_abilities as C  # noqa: E402
from mtgcombat.rules.keywords import carried_out  # noqa: E402

DEFAULT_TSV = ROOT.parent / "shared" / "corpus" / "oracle_combat.tsv"
COMBAT = re.compile(r"\b(attack|attacks|attacking|block|blocks|blocked|blocking)\b", re.I)
#: Phrases of static restrictions and requirements on declarations (508.1c-d, 509.1b-c).
DECLARATION = re.compile(
    r"can't attack|can't block|can't be blocked|if able|can block|can attack|"
    r"must be blocked|as though|attacks? each combat|blocks? each combat|able to block|"
    r"attack alone|block alone|can't be attacked", re.I)
#: A triggered ability (603.1) or an activated one ("{T}: ...", loyalty "+1: ...", 602.1).
_TRIGGER = re.compile(r"^(?:when|whenever|at)\b", re.I)
_ACTIVATED = re.compile(r'^[^"]*:')
#: An ability word (207.2c) or a flavor word (207.2d: "Bewitching Whispers \u2014"): no
#: rules meaning, so what follows it decides what kind of ability it is.
_ABILITY_WORD = re.compile(r"^(?![IVX]+\b)[A-Z][\w'\u2019-]*(?: [\w'\u2019-]+)* \u2014 ")
#: A Saga's chapter ability ("II \u2014", "I, II \u2014"): a triggered ability (714.2b).
_CHAPTER = re.compile(r"^[IVX]+(?:, [IVX]+)* \u2014 ")


#: The groups of combat sentences not understood, the first that matches (on the sentence
#: with the card's name as "~" and without an ability word).
GROUPS: tuple[tuple[str, "re.Pattern[str]"], ...] = tuple((name, re.compile(p, re.I)) for name, p in (
    ("mode of a modal ability (700.2)", r"^\u2022"),
    ("activated ability (602.1)", r'^[^"]*?:'),
    ("beginning of combat trigger (507.2)", r"^at the beginning of (?:combat|each combat)"),
    ("end of combat trigger (511.2)", r"^at end of combat"),
    ("attack trigger (508.3)", r"^(?:when|whenever)\b[^,]*\battack"),
    ("block trigger (509.3)", r"^(?:when|whenever)\b[^,]*\bblock"),
    ("combat damage trigger (510.3a)", r"^(?:when|whenever)\b[^,]*\bdamage"),
    ("dies trigger (700.4)", r"^(?:when|whenever)\b[^,]*\bdies"),
    ("other trigger (603.1)", r"^(?:when|whenever|at)\b"),
    ("sentence after a trigger's first (608.2c)", r"^(?:if you do|then|when you do|it|they|that|its|this)\b"),
    ("static or spell sentence", r""),
))


def group_of(sentence: str) -> str:
    """The :data:`GROUPS` name of a combat sentence not understood."""
    if sentence.strip().startswith("\u2022"):
        return GROUPS[0][0]
    s = _bare(sentence)
    for name, pat in GROUPS:
        if pat.search(s):
            return name
    return GROUPS[-1][0]


def _keyword_names(obj) -> list[str]:
    """The keywords among rule objects, granted ones included."""
    if isinstance(obj, (A.Keyword, C.KeywordN)):
        return [obj.name]
    if isinstance(obj, (tuple, list)):
        return [n for x in obj for n in _keyword_names(x)]
    fields = getattr(obj, "__dataclass_fields__", None)
    if fields:
        return [n for f in fields for n in _keyword_names(getattr(obj, f))]
    return []


def carried(abilities) -> bool:
    """Whether every rule object of a sentence is carried out by the commands it acts in."""
    return all(carried_out(n) for n in _keyword_names(abilities))


def _bare(sentence: str) -> str:
    s = sentence.strip().lstrip("\u2022").strip()
    return _ABILITY_WORD.sub("", s)


def _starts_ability(sentence: str) -> bool:
    s = sentence.strip().lstrip("\u2022").strip()
    if _CHAPTER.match(s):
        return True
    s = _bare(sentence)
    return bool(_TRIGGER.match(s) or _ACTIVATED.match(s))


def ability_sentences(text: str, name: str, types: str = "") -> list[str]:
    """The sentences of ``text`` that belong to a triggered or activated ability: every
    sentence of a line whose first sentence starts one. A dungeon's rooms (its lines
    but the first) are room abilities, triggered (309.4c)."""
    names = name_variants(name)
    out: list[str] = []
    if "Dungeon" in types.split():
        for raw in text.split("\n"):
            out.extend(split_sentences(strip_reminder(raw), names))
        return out
    modes = False  # bullets after "When ..., choose one —" are modes of that trigger
    for raw in text.split("\n"):
        line = strip_reminder(raw)
        sentences = split_sentences(line, names)
        if not sentences:
            continue
        if line.startswith("\u2022"):
            if modes:
                out.extend(sentences)
            continue
        modes = _starts_ability(sentences[0]) and line.rstrip().endswith("\u2014")
        if _starts_ability(sentences[0]):
            out.extend(sentences)
    return out


def is_declaration_sentence(sentence: str, in_ability: list[str] = ()) -> bool:
    """A static sentence (or one of an effect) that bears on declaring attackers or
    blockers; ``in_ability`` are the card's sentences that are parts of triggered or
    activated abilities."""
    s = _bare(sentence)
    if not COMBAT.search(s) or not DECLARATION.search(s) or _starts_ability(s):
        return False
    core = sentence.strip()
    return not any(core and core in whole for whole in in_ability)


def _normalise(sentence: str, name: str) -> str:
    names = {name}
    base = name[2:] if name.startswith("A-") else name
    names.add(base)
    if ", " in base:
        names.add(base.split(", ")[0])
    for nm in sorted(names, key=len, reverse=True):
        sentence = re.sub(r"(?<![\w])" + re.escape(nm) + r"(?![\w])", "~", sentence)
    return sentence


def _core(sentence: str) -> str:
    """A mode's sentence without its bullet and flavor word (207.2d)."""
    return _bare(sentence)


def modes_understood(text: str, name: str) -> set[str]:
    """The sentences of a modal spell's modes that are understood when that mode is the
    one chosen (each mode read alone, as an effect with ``"modes": [k]`` is)."""
    spell = modal_spell(text)
    if spell is None:
        return set()
    out: set[str] = set()
    for k in range(1, len(spell.modes) + 1):
        for parsed in read_text(text, name, modes=[k]).understood:
            out.add(_core(parsed.sentence))
    return out


def mode_sentences(text: str, name: str) -> set[str]:
    """The sentences of a text's modes (each sentence of a bullet line, 700.2), as
    :func:`_core` gives them."""
    names = name_variants(name)
    return {_core(x) for raw in text.split("\n") if raw.lstrip().startswith("\u2022")
            for x in split_sentences(strip_reminder(raw), names)}


def mode_read(core: str, by_mode: set[str]) -> bool:
    """Whether a mode's sentence is understood when that mode is chosen: read whole, or
    its combat clause read with a clause that has nothing to do with combat reported on
    its own ("Until your next turn, it can't attack or block, and its activated abilities
    can't be activated." -- as Arrest's sentence is counted)."""
    if core in by_mode:
        return True
    return any(core.startswith(head) and not COMBAT.search(core[len(head):])
               for head in by_mode if head)


def measure(path: Path, top: int = 25) -> dict:
    cards = sentences = combat = combat_ok = decl = decl_ok = 0
    missing: collections.Counter[str] = collections.Counter()
    decl_missing: collections.Counter[str] = collections.Counter()
    started = time.perf_counter()
    csv.field_size_limit(10**7)
    with path.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE):
            cards += 1
            text = row["oracle"].replace("\\n", "\n")
            reading = read_text(text, row["name"])
            in_ability = ability_sentences(text, row["name"], row.get("types", ""))
            by_mode = modes_understood(text, row["name"])
            in_modes = mode_sentences(text, row["name"]) if by_mode else set()
            for parsed in reading.understood:
                sentences += 1
                ok = carried(parsed.abilities)
                if COMBAT.search(parsed.sentence):
                    combat += 1
                    if ok:
                        combat_ok += 1
                    else:
                        missing[_normalise(parsed.sentence, row["name"])] += 1
                if is_declaration_sentence(parsed.sentence, in_ability):
                    decl += 1
                    if ok:
                        decl_ok += 1
                    else:
                        decl_missing[_normalise(parsed.sentence, row["name"])] += 1
            for sentence in reading.not_understood:
                sentences += 1
                if by_mode and _core(sentence) in in_modes \
                        and mode_read(_core(sentence), by_mode):
                    # read when this mode is the one chosen (700.2)
                    if COMBAT.search(sentence):
                        combat += 1
                        combat_ok += 1
                    if is_declaration_sentence(sentence, in_ability):
                        decl += 1
                        decl_ok += 1
                    continue
                if COMBAT.search(sentence):
                    combat += 1
                    missing[_normalise(sentence, row["name"])] += 1
                if is_declaration_sentence(sentence, in_ability):
                    decl += 1
                    decl_missing[_normalise(sentence, row["name"])] += 1
    return {
        "file": str(path),
        "cards": cards,
        "sentences": sentences,
        "combat_sentences": combat,
        "combat_understood": combat_ok,
        "combat_understood_percent": round(100.0 * combat_ok / combat, 2) if combat else 0.0,
        "declaration_sentences": decl,
        "declaration_understood": decl_ok,
        "declaration_understood_percent": round(100.0 * decl_ok / decl, 2) if decl else 0.0,
        "seconds": round(time.perf_counter() - started, 2),
        "groups_not_understood": [{"count": c, "group": g} for g, c in collections.Counter(
            {g: sum(n for s, n in missing.items() if group_of(s) == g)
             for g in {group_of(s) for s in missing}}).most_common()],
        "top_not_understood": [{"count": c, "sentence": s} for s, c in missing.most_common(top)],
        "top_declaration_not_understood": [
            {"count": c, "sentence": s} for s, c in decl_missing.most_common(top)],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tsv", nargs="?", default=str(DEFAULT_TSV), help="corpus TSV file")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    ap.add_argument("--top", type=int, default=25, help="how many not-understood sentences")
    args = ap.parse_args(argv)
    path = Path(args.tsv)
    if not path.is_file():
        print(f"oracle_coverage: no such file: {path}", file=sys.stderr)
        return 2
    report = measure(path, args.top)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    print(f"cards:                        {report['cards']}")
    print(f"sentences:                    {report['sentences']}")
    print(f"sentences with attack/block:  {report['combat_sentences']}")
    print(f"  of which understood:        {report['combat_understood']} "
          f"({report['combat_understood_percent']:.1f}%)")
    print(f"static declaration sentences: {report['declaration_sentences']}")
    print(f"  of which understood:        {report['declaration_understood']} "
          f"({report['declaration_understood_percent']:.1f}%)")
    print(f"time:                         {report['seconds']} s")
    print("\ncombat sentences not understood, by group (largest first):")
    for item in report["groups_not_understood"]:
        print(f"  {item['count']:4d}  {item['group']}")
    print(f"\nmost frequent combat sentences not understood (top {args.top}):")
    for item in report["top_not_understood"]:
        print(f"  {item['count']:4d}  {item['sentence']}")
    print(f"\nmost frequent declaration sentences not understood (top {args.top}):")
    for item in report["top_declaration_not_understood"]:
        print(f"  {item['count']:4d}  {item['sentence']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
