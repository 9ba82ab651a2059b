"""The one keyword table (mtgcombat/rules/keywords.py): its rules exist, it feeds the
lexer, the combat triggers and the German names, and keyword lines that never act in a
combat are read as such (702)."""
from __future__ import annotations

import re

import pytest

from mtgcombat.grammar.oracle import read_text
from mtgcombat.grammar.oracle.lexer import _NUMBERS, _machine, noncombat_keyword
from mtgcombat.rules import abilities as A
from mtgcombat.rules import combat_triggers as CT
from mtgcombat.rules import keywords as K
from mtgcombat.text.de.glossary import KEYWORDS as KEYWORD_NAMES

from .conftest import shared_path


def _sections(name: str) -> dict[str, str]:
    text = (shared_path("rules", "cr") / name).read_text(encoding="utf-8-sig")
    return {m.group(1): m.group(2).strip().lower()
            for m in re.finditer(r"^(702\.\d+)\. (.+)$", text, re.M)}


@pytest.mark.parametrize("edition_file", ["MagicCompRules-2024-04-12.txt",
                                          "MagicCompRules-2026-04-17.txt"])
def test_every_keyword_of_the_table_is_its_702_section(edition_file):
    sections = _sections(edition_file)
    for k in K.TABLE.values():
        title = sections[k.rule]
        names = {k.name, *k.aliases}
        assert any(n == title or title.startswith(n + " ") for n in names), (k, title)


def test_families_and_parameters_are_known():
    for k in K.TABLE.values():
        assert k.family in K.FAMILIES and k.parameter in (None, "number", "cost", "quality")
    assert {k.name for k in K.by_family("trigger")} >= {"exalted", "poisonous", "persist"}


def test_battle_cry_is_one_keyword_with_one_code_702_91():
    assert K.keyword("Battle Cry") is K.TABLE["battle cry"]
    assert K.TABLE["battle cry"].code == "battle_cry"
    assert K.keyword("trample over planeswalkers") is K.TABLE["trample"]


def test_the_lexer_reads_the_table_s_carried_keywords():
    m = _machine()
    for kw in K.PARAMETERLESS:
        assert (tuple(kw.split()), "KEYWORD") in m.phrases[kw.split()[0]]
    for kw in K.NUMBERED:
        assert (tuple(kw.split()), "KEYWORD_N") in m.phrases[kw.split()[0]]
    assert A.SIMPLE_KEYWORDS == K.PARAMETERLESS


def test_combat_triggers_resolve_keywords_of_the_trigger_family():
    for name in CT.TRIGGERED | CT.TRIGGERED_N:
        k = K.TABLE[name]
        assert k.family == "trigger" and "rules.combat_triggers" in k.carried, k
        assert K.carried_out(name)


def test_every_combat_keyword_has_a_german_name():
    missing = [k.name for k in K.TABLE.values() if k.acts_in_combat
               and k.name not in KEYWORD_NAMES]
    assert not missing, missing
    assert set(KEYWORD_NAMES) <= set(K.TABLE) | set(K.ALIASES)


@pytest.mark.parametrize("line,name", [
    ("Enchant creature", "enchant"), ("Enchant creature you control", "enchant"),
    ("Equip {2}", "equip"), ("Equip Knight {1}", "equip"), ("Flash", "flash"),
    ("Hexproof", "hexproof"), ("Hexproof from black", "hexproof"), ("Ward {2}", "ward"),
    ("Ward\u2014Pay 2 life.", "ward"), ("Morph {2}{U}", "morph"),
    ("Kicker {2} and/or {G}", "kicker"), ("Plainscycling {2}", "cycling"),
    ("Suspend 4\u2014{1}{U}", "suspend"), ("Affinity for artifacts", "affinity"),
    ("Crew 3", "crew"), ("Friends forever", "partner"),
])
def test_noncombat_keyword_lines_are_understood_with_nothing_to_apply(line, name):
    assert noncombat_keyword(line).name == name  # type: ignore[union-attr]
    reading = read_text(line, "Card")
    assert reading.not_understood == () and reading.abilities == ()


@pytest.mark.parametrize("line", [
    "Equip abilities you activate cost {1} less to activate.", "Enchant player",
    "Flash cards", "Myriad", "Enchant creature can't block"])
def test_other_lines_are_not_noncombat_keywords(line):
    assert noncombat_keyword(line) is None


def test_a_combat_keyword_not_carried_out_stays_not_understood():
    """Myriad (702.116a) acts in combat and the library doesn't carry it out: every answer
    reports it (not understood), --strict refuses it."""
    assert not K.carried_out("myriad")
    assert read_text("Flying\nMyriad", "Card").not_understood == ("Myriad",)


def test_a_keyword_list_mixing_combat_and_noncombat_keywords():
    reading = read_text("Flash\nFlying, hexproof, toxic 1", "Card")
    assert reading.not_understood == ()
    names = {getattr(a, "name", None) for a in reading.abilities}
    assert names == {"flying", "toxic"}


def test_number_words_go_to_ninety_nine():
    assert _NUMBERS["one"] == 1 and _NUMBERS["nineteen"] == 19
    assert _NUMBERS["twenty-one"] == 21 and _NUMBERS["ninety-nine"] == 99
    reading = read_text("~ can block an additional ninety-nine creatures each combat.", "X")
    assert reading.abilities == (A.BlockCapacity(extra=99),)
