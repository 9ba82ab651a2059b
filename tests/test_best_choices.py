"""best-blocks and best-attacks search over the deciding side's choices (spec Extension 3,
"Choices"): an ability's targets left open on the board are tried one by one and the best
kept, reported in the answer; another player's missing choice stays bad input."""

from __future__ import annotations

import json

import pytest

from mtgcombat import ask
from mtgcombat.board import Board
from mtgcombat.errors import BadInput

PINGER = """players Alice, Bob
active Alice

Alice:
  gob: Goblin 2/2 "Whenever Goblin attacks, it deals 1 damage to target creature defending player controls."

Bob:
  elf: Elf 1/1
  wall: Wall 0/4
"""


def _best(text: str, question: str = "best-attacks", *args: str) -> dict:
    board = Board.parse(text, "<test>")
    return ask.answer(board, ask.parse(question, ["<test>", *args])).json()


def test_best_attacks_searches_the_attackers_choice_of_a_trigger_target_603_3d():
    got = _best(PINGER)
    assert got["status"] == "optimal"
    assert got["choices"] == [{"source": "gob", "ability": 1, "instance": 1,
                               "targets": ["elf"], "searched": True}]
    # the same as the best of the answers with each choice given
    given = [_best(PINGER, "best-attacks", "--choose", f"gob: targets {t}")["value"]
             for t in ("elf", "wall")]
    assert got["value"] == max(given) and given[0] != given[1]


def test_best_attacks_words_list_the_choices_the_search_made():
    board = Board.parse(PINGER, "<test>")
    reply = ask.answer(board, ask.parse("best-attacks", ["<test>"]))
    assert "Choices the search made: gob.1 instance 1: targets elf." in reply.text()
    reply = ask.answer(board, ask.parse("best-attacks", ["<test>", "--lang", "de"]))
    assert "Von der Suche getroffene Entscheidungen:" in reply.text()


def test_a_choice_given_on_the_board_is_not_searched():
    got = _best(PINGER, "best-attacks", "--choose", "gob: targets wall")
    assert "choices" not in got


def test_a_missing_choice_of_the_other_side_stays_bad_input():
    # Bob's trigger fires when Alice attacks: best-attacks decides for Alice only, so
    # Bob's choice of target must be given (the options are named).
    text = """players Alice, Bob
active Alice

Alice:
  gob: Goblin 2/2
  orc: Orc 2/2

Bob:
  elf: Elf 1/1
  spy: Watcher 1/1 "Whenever a creature attacks you, Watcher deals 1 damage to target creature an opponent controls."
"""
    board = Board.parse(text, "<test>")
    with pytest.raises(BadInput) as e:
        ask.answer(board, ask.parse("best-attacks", ["<test>"]))
    assert "needs a choice of targets by Bob: gob or orc" in str(e.value)
    got = _best(text, "best-attacks", "--choose", "spy: targets gob")
    assert got["status"] == "optimal" and "choices" not in got


def test_a_choice_after_the_reply_makes_the_answer_feasible_with_its_bound():
    # "becomes blocked" resolves after the defenders' reply: one target fixed for every
    # reply is only a lower bound of what the attacker can get (it would choose after).
    text = PINGER.replace("Whenever Goblin attacks,", "Whenever Goblin becomes blocked,")
    got = _best(text)
    assert got["status"] == "feasible" and got["bound"] is not None
    # the choice is listed when the line the answer expects used it (Goblin blocked)
    assert bool(got.get("choices")) == bool(got["reply"]["blocks"])
    assert all(c["searched"] is True for c in got.get("choices", []))


def test_best_choices_through_batch_are_the_registry_answer():
    from mtgcombat.batch import answer

    line = json.dumps({"ask": "best-attacks", "board": PINGER, "args": []})
    assert answer(line) == _best(PINGER)


@pytest.mark.parametrize("question", ["best-attacks", "best-blocks"])
def test_deciders_are_the_active_side_or_the_others(question):
    board = Board.parse(PINGER, "<test>")
    want = {"Alice"} if question == "best-attacks" else {"Bob"}
    assert ask._deciders(board, question) == want


MUMMY = """players Alice, Bob
active Alice

Alice:
  bears: Grizzly Bears 2/2

Bob:
  mummy: Festering Mummy 1/1 "When Festering Mummy dies, you may put a -1/-1 counter on target creature."
  ogre: Gray Ogre 2/2
  giant: Hill Giant 3/3

attack bears -> Bob
"""


def test_a_searched_target_that_dies_after_another_declaration_is_not_bad_input_603_3d():
    # The Mummy's target is found where the bears survive its block; after a double
    # block the bears die with the Mummy and are no target (115.1, 608.2b). The search
    # can't hold that choice for every declaration: it answers, a lower bound at worst.
    got = _best(MUMMY, "best-blocks")
    assert got["status"] in ("optimal", "feasible")
    assert got["value"] is not None
    if got["status"] == "feasible":
        assert got["bound"] >= got["value"]


def test_best_lists_only_the_searched_choices_its_line_used_603_3d():
    got = _best(MUMMY, "best-blocks")
    died = "mummy" in got["outcome"]["destroyed"]
    assert bool(got.get("choices")) == died
    for c in got.get("choices", []):
        assert c["source"] == "mummy"
