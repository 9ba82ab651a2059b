"""The text layer: every language has every template; words never decide anything (a
made-up language changes no verdict, count, maximum, witness, best assignment or key);
the one labeller; the notation of declarations and assignments round-trips."""

from __future__ import annotations

import json
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgcombat.corpus import load_cases, run_case
from mtgcombat.notation import Assignment, Declaration
from mtgcombat.text import Writer, language, languages, register
from mtgcombat.text.en import English

from .conftest import REPO

CASES = load_cases(REPO / "corpus" / "cases")


def test_every_language_has_a_template_for_every_code():
    """Bad input (error.*) is worded in English in every language (text.ENGLISH_ONLY)."""
    from mtgcombat.text import ENGLISH_ONLY

    en = {c for c in language("en").templates if not c.startswith(ENGLISH_ONLY)}
    for code in languages():
        have = {c for c in language(code).templates if not c.startswith(ENGLISH_ONLY)}
        assert have == en, (code, sorted(en - have)[:20], sorted(have - en)[:20])


class Pseudo(English):
    """A made-up language: every message turned upside down and bracketed."""

    code = "xx-pseudo"
    name = "Pseudo"

    def finish(self, text: str) -> str:
        return "\u27e6" + text.swapcase()[::-1] + "\u27e7"


register(Pseudo())

#: The keys whose values are words (messages) in the answers.
WORDS = {"message", "text", "reason", "costs", "narrative", "explanation", "what", "why_not",
         "notes", "not_modelled"}


def _without_words(x):
    if isinstance(x, dict):
        return {k: _without_words(v) for k, v in x.items() if k not in WORDS}
    if isinstance(x, list):
        return [_without_words(v) for v in x]
    return x


def _words(x, out=None):
    out = [] if out is None else out
    if isinstance(x, dict):
        for k, v in x.items():
            if k == "board":
                continue  # a board's card text is not a message
            if k in WORDS:
                out.extend([v] if isinstance(v, str) else [s for s in v if isinstance(s, str)])
            else:
                _words(v, out)
    elif isinstance(x, list):
        for v in x:
            _words(v, out)
    return out


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_a_made_up_language_changes_no_verdict_count_maximum_witness_or_best(case):
    for ed in case.editions:
        en = run_case(case, ed, lang="en")
        xx = run_case(case, ed, lang="xx-pseudo")
        assert en.passed == xx.passed
        assert json.dumps(_without_words(en.answer), sort_keys=True) == \
            json.dumps(_without_words(xx.answer), sort_keys=True)
        for w in _words(xx.answer):
            assert w.startswith("\u27e6"), f"a message not written by the language: {w!r}"


def test_a_made_up_language_changes_no_explanation_answer():
    from mtgcombat import Board

    for path in sorted((REPO / "corpus" / "boards").iterdir()):
        board = Board.load(path)
        expl = board.explain()
        en = expl.to_json(Writer.for_board(board, "en"))
        xx = expl.to_json(Writer.for_board(board, "xx-pseudo"))
        assert _without_words(en) == _without_words(xx), path.name
        assert all(line.startswith("\u27e6") for line in xx["narrative"]), path.name


# -- the one labeller ----------------------------------------------------------------------


def test_the_labeller_names_namesakes_by_id():
    from mtgcombat import Board

    board = Board.from_data({
        "players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
        "permanents": [
            {"id": "b1", "name": "Grizzly Bears", "controller": "Alice", "power": 2, "toughness": 2},
            {"id": "b2", "name": "Grizzly Bears", "controller": "Bob", "power": 2, "toughness": 2},
            {"id": "Bob-card", "name": "Bob", "controller": "Alice", "power": 1, "toughness": 1},
            {"name": "Wall", "controller": "Bob", "power": 0, "toughness": 4}]})
    w = Writer.for_board(board)
    assert [w.name(x) for x in ("b1", "b2", "Bob-card", "Bob", "Wall")] == [
        "Grizzly Bears (b1)", "Grizzly Bears (b2)", "Bob (Bob-card)", "Bob", "Wall"]


# -- notation --------------------------------------------------------------------------------

ids = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1,
              max_size=12)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(ids, ids, max_size=5))
def test_attack_declaration_notation_round_trips(decl):
    d = Declaration("attacks", decl)
    assert Declaration.parse("attacks", d.notation()) == d
    assert d.to_json() == dict(sorted(decl.items()))


def test_none_declares_nothing_only_as_the_whole_text():
    assert Declaration.parse("attacks", " none ").to_json() == {}
    assert Declaration.parse("attacks", "none0 -> Bob").to_json() == {"none0": "Bob"}
    assert Declaration.parse("blocks", "nonesuch -> raider").to_json() == {
        "nonesuch": ["raider"]}


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(ids, st.lists(ids, min_size=1, max_size=3, unique=True), max_size=4))
def test_block_declaration_notation_round_trips(decl):
    d = Declaration("blocks", decl)
    assert Declaration.parse("blocks", d.notation()) == d


def test_an_assignment_of_nothing_is_none_only_as_a_whole_word():
    # the round-trip property found '"0" -> none0 1' read as "0 assigns nothing"
    assert Assignment.parse("wall -> none0 1").to_json() == {"wall": {"none0": 1}}
    assert Assignment.parse("wall -> none ; cub -> x 2").to_json() == {
        "wall": {}, "cub": {"x": 2}}


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(ids, st.dictionaries(ids, st.integers(1, 99), max_size=3), max_size=4))
def test_damage_assignment_notation_round_trips(a):
    x = Assignment(a)
    assert Assignment.parse(x.notation()) == x


def test_notation_reads_as_a_player_types_it():
    assert Declaration.parse("attacks", "Goblin Brigand -> Bob, bears -> jace").to_json() == {
        "Goblin Brigand": "Bob", "bears": "jace"}
    assert Declaration.parse("blocks", "wall -> raider + giant").to_json() == {
        "wall": ["giant", "raider"]}
    assert Assignment.parse("Craw Wurm -> Grizzly Bears 2, cub 4; wall -> raider 3").to_json() \
        == {"Craw Wurm": {"Grizzly Bears": 2, "cub": 4}, "wall": {"raider": 3}}
    assert Declaration.parse("attacks", "none").to_json() == {}


def test_bad_notation_is_one_line_naming_the_column():
    from mtgcombat import BoardError

    with pytest.raises(BoardError, match=r"expected '->' at column \d+"):
        Declaration.parse("attacks", "brigand Bob")
    with pytest.raises(BoardError, match="declared twice"):
        Declaration.parse("attacks", "a -> Bob, a -> Carol")


def test_check_accepts_the_notation(capsys):
    from mtgcombat.cli import main

    board = str(REPO / "corpus" / "boards" / "brigand.json")
    assert main(["check", board, "--attacks", "brigand -> Bob", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["legal"] is True
    assert main(["check", board, "--attacks", "bears -> Bob", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["legal"] is False


def test_human_listings_order_creatures_by_name_not_id(capsys, tmp_path):
    from mtgcombat.cli import main

    text = """players Alice, Bob
active Alice
Alice:
  z: Ape 2/2
  a: Zebra 2/2
"""
    path = tmp_path / "order.mtg"
    path.write_text(text, encoding="utf-8")
    assert main(["attacks", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Ape attacks Bob; Zebra attacks Bob" in out


# -- one citation path (issue 22.6) -----------------------------------------------------------

import ast  # noqa: E402
import re  # noqa: E402
from pathlib import Path  # noqa: E402

#: A rule number as a template might type it: "508.1c", "702.19b-c", "500-514", "(510)".
RULE_NUMBER = re.compile(r"(?<![\w.])[1-9]\d{2}\.\d+[a-z]?|(?<![\w.])[1-9]\d{2}-[1-9]\d{2}\b"
                         r"|\([1-9]\d{2}\)")
TEXT = Path(__file__).resolve().parents[1] / "mtgcombat" / "text"


def typed_rule_numbers(path: Path) -> list[str]:
    """Rule numbers in the string literals of a template module (not its docstrings):
    "line: literal"."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            out += [f"{n.lineno}: {m} in {n.value!r}" for m in RULE_NUMBER.findall(n.value)]
    return out


def _template_modules() -> list[Path]:
    """Every module of the text layer but the one that holds the rule numbers."""
    return sorted([p for lang in ("en", "de") for p in (TEXT / lang).glob("*.py")]
                  + [p for p in TEXT.glob("*.py") if p.name != "citations.py"])


@pytest.mark.parametrize("path", _template_modules(),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_template_types_a_rule_number(path):
    """Templates are phrases: the writer cites the reason's rule (or what
    text/citations.py names for its code, the escape hatch for words that cite several
    rules), never a number typed into a template."""
    typed = typed_rule_numbers(path)
    assert not typed, (
        f"{path.parent.name}/{path.name} types rule numbers into its templates: make the "
        "template a phrase (text.sentence / clause / Phrase) and let the writer cite the "
        "reason's rule; a phrase that cites several rules names them in "
        "mtgcombat/text/citations.py (CITES), one named in passing is Writer.rule(name) "
        "(NAMED):\n" + "\n".join(typed))


def test_the_rule_number_scanner_finds_what_a_template_types(tmp_path):
    p = tmp_path / "t.py"
    p.write_text('"""Cites 508.1a in a docstring."""\n'
                 'T = {"x": lambda r, w: f"{r[\'a\']} can\'t attack (302.6, 508.1a).",\n'
                 '     "y": lambda r, w: "step by step (500-514)", "z": lambda r, w: "ok"}\n')
    assert sorted(x.split(" in ")[0] for x in typed_rule_numbers(p)) == [
        "2: 302.6", "2: 508.1a", "3: 500-514"]


def test_a_phrase_is_cited_by_the_writer_in_the_board_s_edition():
    from mtgcombat.rules.reasons import Src, reason
    from mtgcombat.text import Language, Writer, clause, sentence

    class Tiny(Language):
        code = "xx-tiny"
        templates = {
            "t.s": sentence(lambda r, w: f"{w.name(r['c'])} can't attack"),
            "t.a": sentence(lambda r, w: (f"{w.name(r['c'])} can't attack", "Wall")),
            "t.c": clause(lambda r, w: "it is attacking"),
        }

    w = Writer(Tiny(), edition="2024")
    assert w(reason("t.s", "508.1a", c="bears")) == "bears can't attack (508.1a)."
    assert w(reason("t.a", "508.1c", c="bears")) == "bears can't attack (Wall; 508.1c)."
    assert w(reason("t.c", "509.1a")) == "it is attacking (509.1a)"
    assert w(reason("t.s", "510.1c", c="x")) == "x can't attack (old 510.1c)."
    assert w(reason("t.s", None, c="x")) == "x can't attack."
    assert w.clause(reason("t.s", "508.1a", c="x")) == "x can't attack (508.1a)"
    assert Writer(Tiny(), edition="current")(reason("t.s", "510.1c", c="x")) == \
        "x can't attack (510.1c)."
    del Src


def test_citations_name_several_rules_once_for_every_language():
    from mtgcombat.editions import EDITIONS
    from mtgcombat.rules.reasons import reason
    from mtgcombat.text.citations import RULE, by_kind, edition, param, rules_of, when

    cites = {"a": (RULE, "508.1a"), "b": (param("group_rule"), RULE),
             "c": (edition("goad"),), "d": (RULE, when("dt", "702.2c")),
             "e": (by_kind("require"),), "f": ()}
    ed = EDITIONS["2024"]
    assert rules_of(reason("a", "302.6"), ed, cites) == ("302.6", "508.1a")
    assert rules_of(reason("b", "509.1b", group_rule="802.4a"), ed, cites) == (
        "802.4a", "509.1b")
    assert rules_of(reason("b", "509.1b", group_rule=("1", "2")), ed, cites) == (
        "1", "2", "509.1b")
    assert rules_of(reason("c"), ed, cites) == ("701.38b",)
    assert rules_of(reason("d", "510.1c", dt=True), ed, cites) == ("510.1c", "702.2c")
    assert rules_of(reason("d", "510.1c", dt=False), ed, cites) == ("510.1c",)
    assert rules_of(reason("e", kind="blocks"), ed, cites) == ("509.1c",)
    assert rules_of(reason("f", "508.1a"), ed, cites) == ()
    assert rules_of(reason("g", "508.1a"), ed, cites) == ("508.1a",)
    assert rules_of(reason("g", "508.1a", ), ed, {"g": (RULE, RULE)}) == ("508.1a",)


def test_every_citation_is_for_a_code_the_languages_word():
    from mtgcombat.text.citations import CITES

    for code in languages():
        have = set(language(code).templates)
        stale = [c for c in CITES if c not in have and not c.startswith("error.")]
        assert not stale, (code, stale)
    assert all(c in language("en").templates for c in CITES)
