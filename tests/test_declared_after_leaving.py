"""A declaration naming a creature that left the battlefield before it was made -- an
attack trigger destroyed it (508.3), a trick in the beginning of combat step exiled it --
is an illegal declaration (509.1a, 508.1a, 506.4; an object that left is gone, 400.7),
answered with its violation and exit status 0 in every question: never bad input
("unknown creature"), never a block silently dropped (spec Extension 3, "One verdict for
one declaration")."""

from __future__ import annotations

import json

from mtgcombat import ask
from mtgcombat.board import Board
from mtgcombat.cli import main

WURM = """players Alice, Bob
active Alice

Alice:
  wurm: Novablast Wurm 4/4 "Whenever Novablast Wurm attacks, destroy all other creatures."
  bears: Grizzly Bears 2/2

Bob:
  ogre: Gray Ogre 2/2
  myr: Darksteel Myr 0/1 "Indestructible"

attack wurm -> Bob
"""


def _json(text: str, question: str, *args: str) -> dict:
    board = Board.parse(text, "<test>")
    return ask.answer(board, ask.parse(question, ["<test>", *args])).json()


def test_check_of_a_blocker_destroyed_by_an_attack_trigger_is_illegal_509_1a():
    got = _json(WURM, "check", "--blocks", "ogre -> wurm")
    assert got["legal"] is False
    assert [(v["rule"], v["objects"]) for v in got["violations"]] == [("509.1a", ["ogre"])]
    assert "left the battlefield before blockers were declared" in got["violations"][0]["message"]


def test_blocking_an_attacker_that_left_is_illegal_506_4():
    text = WURM + "attack bears -> Bob\n"
    got = _json(text, "check", "--blocks", "myr -> bears")
    assert got["legal"] is False
    assert [(v["rule"], v["objects"]) for v in got["violations"]] == [("506.4", ["myr", "bears"])]


def test_the_boards_own_block_of_a_creature_that_left_is_not_dropped_509_1a():
    # before: the block was dropped and the combat answered "complete" as if unblocked
    got = _json(WURM + "block ogre -> wurm\n", "combat")
    assert got["status"] == "illegal"
    assert [v["rule"] for v in got["violations"]] == ["509.1a"]


def test_a_block_given_by_flag_naming_a_creature_that_left_is_illegal_in_combat_509_1a():
    got = _json(WURM, "combat", "--blocks", "ogre -> wurm")
    assert got["status"] == "illegal"
    got = _json(WURM, "combat", "--blocks", "myr -> wurm")  # the Myr is indestructible
    assert got["status"] == "complete"


def test_an_attacker_exiled_in_the_beginning_of_combat_step_is_illegal_508_1a():
    text = WURM.replace("attack wurm -> Bob\n", "") + (
        'effect Bob in beginning of combat -> bears: "Exile target creature."\n')
    got = _json(text, "check", "--attacks", "bears -> Bob")
    assert got["legal"] is False
    assert [(v["rule"], v["objects"]) for v in got["violations"]] == [("508.1a", ["bears"])]
    got = _json(text + "attack bears -> Bob\n", "combat")
    assert got["status"] == "illegal"


def test_a_creature_that_left_is_said_in_german_509_1a():
    got = _json(WURM, "check", "--blocks", "ogre -> wurm", "--lang", "de")
    assert "hat das Spielfeld verlassen" in got["violations"][0]["message"]


def test_the_command_line_answers_illegal_with_exit_0(tmp_path, capsys):
    path = tmp_path / "wurm.mtg"
    path.write_text(WURM, encoding="utf-8")
    assert main(["check", str(path), "--blocks", "ogre -> wurm", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["legal"] is False


def test_an_unknown_creature_is_still_bad_input():
    import pytest

    from mtgcombat.errors import BadInput

    with pytest.raises(BadInput):
        _json(WURM, "check", "--blocks", "troll -> wurm")
