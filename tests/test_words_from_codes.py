"""Words live only in the text layer: what the scenario parser expected is a coded
reason (the terminal's kind) that text/en words; the rules and the grammar pass no
English phrase as a reason's parameter (docs/architecture.md, "Words are rendered from
data")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from mtgcombat.grammar.scenario import parse_scenario
from mtgcombat.grammar.scenario.errors import ScenarioError
from mtgcombat.grammar.scenario.expected import TERMINAL_KINDS
from mtgcombat.rules.reasons import english, reason
from mtgcombat.text.en.errors import _TERMINAL

PACKAGE = Path(__file__).resolve().parents[1] / "mtgcombat"
HEAD = "players Alice, Bob\nactive Alice\n"


def _error(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "t.mtg")
    return info.value


def test_what_the_parser_expected_is_a_coded_kind_worded_by_the_text_layer():
    e = _error(HEAD + "Alice:\n  bears: Grizzly Bears 2/2\nattack bears ->\n")
    problem = _problem(e)
    assert problem.code == "error.scenario_unexpected"
    assert problem["found"] == reason("error.scenario_terminal", kind="end_of_line")
    kinds = {x["kind"] for x in problem["expected"] if x.code == "error.scenario_terminal"}
    assert kinds == {"name_or_id", "quoted_text"}
    assert e.message == "unexpected end of line; expected a name or id, quoted text"


def test_a_keyword_the_parser_expected_is_quoted_as_the_scenario_language_writes_it():
    e = _error(HEAD + "Alice:\n  Bears 2/2\nattack Bears Bob\n")
    problem = _problem(e)
    assert reason("error.scenario_keyword", text="->") in problem["expected"]
    assert "'->'" in e.message


def test_every_terminal_kind_has_english_words():
    assert set(TERMINAL_KINDS.values()) <= set(_TERMINAL)
    for kind in TERMINAL_KINDS.values():
        worded = english(reason("error.scenario_terminal", kind=kind))
        assert worded != kind and "_" not in worded, kind


def _problem(e: ScenarioError):
    """The reason of the error itself (without the place it is at)."""
    for r in e.why.walk():
        if r.code in ("error.scenario_unexpected", "error.scenario_expected_number"):
            return r
    raise AssertionError(e.why)


# -- the architecture check --------------------------------------------------------------

_REASON_MAKERS = {"reason", "words", "Reason"}
_ARTICLES = ("a", "an", "the")


def _phrase(node: ast.expr) -> bool:
    """An English phrase written in code: an f-string, or a string of several words."""
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
        and len(node.value.split()) >= 2)


def _english_in(path: Path) -> list[str]:
    """Where ``path`` passes an English phrase as a reason's parameter, or keeps a table
    of English noun phrases ("a name", "an indented line") to pass as one."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", "")
            if name in _REASON_MAKERS:
                out += [f"{node.lineno}: {k.arg}=" for k in node.keywords
                        if k.arg not in ("rule",) and _phrase(k.value)]
        elif isinstance(node, ast.Dict):
            nouns = [v.value for v in node.values
                     if isinstance(v, ast.Constant) and isinstance(v.value, str)
                     and len(v.value.split()) >= 2 and v.value.split()[0] in _ARTICLES]
            if nouns:
                out.append(f"{node.lineno}: a table of phrases {nouns[:3]}")
    return out


def test_rules_and_grammar_pass_no_english_phrase_into_a_reason():
    found = []
    for folder in ("rules", "grammar"):
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            found += [f"{path.relative_to(PACKAGE)}:{x}" for x in _english_in(path)]
    assert not found, "English in rules/ or grammar/ (a code, worded in text/): " + \
        "; ".join(found)


def test_the_architecture_check_finds_a_table_of_english_terminal_names(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('_W = {"NAME": "a name", "_NL": "end of line"}\n'
                   'r = reason("error.x", found=f"unexpected {x}")\n', encoding="utf-8")
    found = _english_in(bad)
    assert len(found) == 2, found


# -- the card database's warnings --------------------------------------------------------

def _twin_database(tmp_path: Path):
    import json as _json

    from mtgcombat.cards import CardDatabase

    card = {"object": "card", "layout": "normal", "type_line": "Creature — Elf",
            "power": "1", "toughness": "1", "colors": ["G"], "oracle_text": "",
            "mana_cost": "{G}"}
    data = [dict(card, name="Twin"), dict(card, name="Twin", type_line="Creature — Giant")]
    path = tmp_path / "oracle.json"
    path.write_text(_json.dumps(data), encoding="utf-8")
    return CardDatabase.open(path, cache_dir=tmp_path / "cache")


def test_a_card_database_warning_is_a_coded_reason_worded_in_english_and_german(tmp_path):
    from mtgcombat.text import Writer

    db = _twin_database(tmp_path)
    assert db.lookup("Twin") is not None
    assert [n.code for n in db.notes] == ["warning.cards_shared_name"]
    note = db.notes[0]
    assert (note["n"], note["name"]) == (2, "Twin")
    assert Writer("en")(note).endswith("2 cards are named 'Twin'; the first in the file is used")
    german = Writer("de")(note)
    assert german.startswith("Kartendatenbank ") and "2 Karten heißen" in german
    assert "Twin" in german and "cards are named" not in german


def test_the_command_line_words_an_unwritable_cache_in_the_answers_language(tmp_path):
    import os
    import subprocess
    import sys

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    env = {k: v for k, v in os.environ.items() if k != "MTGCOMBAT_CARDS"}
    env["MTGCOMBAT_CACHE"] = str(blocker / "cache")
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "show", "examples/by-name.mtg",
                        "--cards", "examples/cards.json", "--lang", "de"],
                       capture_output=True, text=True, cwd=PACKAGE.parent, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("Warnung: Kartendatenbank examples/cards.json: Das Cache-Verzeichnis")
    assert "MTGCOMBAT_CACHE" in lines[0] and "can't be written" not in lines[0]
