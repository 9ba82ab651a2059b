"""500.7: "~ can't attack during extra turns" (Medomai the Ageless) reads whether this turn
is an extra turn from the board (``extra_turn``, an extension of the spec; ``extra turn
yes`` in the scenario language): recorded yes, it can't attack (508.1c); no, it can; not
recorded, a text that needs it is bad input naming the field -- never a guess."""

from __future__ import annotations

import json

import pytest

from mtgcombat import ask
from mtgcombat.board import Board
from mtgcombat.boardjson import dump_board_json, load_board_json
from mtgcombat.errors import BadInput
from mtgcombat.grammar.oracle import read_text
from mtgcombat.grammar.scenario import format_scenario, parse_scenario
from mtgcombat.rules import abilities as A

MEDOMAI = ("Flying\nWhenever Medomai the Ageless deals combat damage to a player, take an "
           "extra turn after this one.\nMedomai the Ageless can't attack during extra turns.")


def _board(extra: str = "") -> str:
    return f"""players Alice, Bob
active Alice

Alice:
  medomai: Medomai the Ageless 4/4 [Legendary Creature — Sphinx] {json.dumps(MEDOMAI)}
  bears: Grizzly Bears 2/2 green [Creature — Bear]

Bob:
  wall: Wall of Wood 0/3 green [Creature — Wall] "Defender"
{extra}"""


def _attacks(text: str) -> list:
    board = Board.parse(text, "<test>")
    got = ask.answer(board, ask.parse("attacks", ["<test>"])).json()
    return [d["declaration"] for d in got["declarations"]]


def test_cant_attack_during_extra_turns_reads_as_a_condition_on_the_turn_500_7():
    r = read_text(MEDOMAI, "Medomai the Ageless")
    (parsed,) = [p for p in r.understood if "extra turns" in p.sentence]
    assert parsed.abilities == (A.Conditional(A.ExtraTurn(), (A.CantAttack(A.SelfRef()),)),)


def test_during_an_extra_turn_it_cant_attack_500_7():
    assert _attacks(_board("extra turn yes\n")) == [{}, {"bears": "Bob"}]


def test_during_a_turn_that_is_not_extra_it_may_attack_500_7():
    assert len(_attacks(_board("extra turn no\n"))) == 4


def test_extra_turn_not_recorded_is_bad_input_naming_the_field():
    with pytest.raises(BadInput) as e:
        _attacks(_board())
    assert "extra_turn" in str(e.value) and "extra turn yes" in str(e.value)


def test_extra_turn_round_trips_json_and_scenario_language():
    board = parse_scenario(_board("extra turn yes\n"), "<test>")
    assert board.extra_turn is True
    data = json.loads(dump_board_json(board))
    assert data["extra_turn"] is True
    assert load_board_json(json.dumps(data)).extra_turn is True
    assert "extra turn yes" in format_scenario(board)
    assert parse_scenario(format_scenario(board), "<again>") == board
    # a board without it says nothing of it
    assert "extra_turn" not in json.loads(dump_board_json(parse_scenario(_board(), "<t>")))


def test_extra_turn_twice_or_not_yes_no_is_bad_input():
    with pytest.raises(BadInput):
        parse_scenario(_board("extra turn yes\nextra turn no\n"), "<test>")
    with pytest.raises(BadInput):
        parse_scenario(_board("extra turn maybe\n"), "<test>")
