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


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(ids, st.lists(ids, min_size=1, max_size=3, unique=True), max_size=4))
def test_block_declaration_notation_round_trips(decl):
    d = Declaration("blocks", decl)
    assert Declaration.parse("blocks", d.notation()) == d


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
