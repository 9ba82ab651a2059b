"""The turn (``mtgcombat turn``, spec Extension 2): the phases and steps in order (500-514),
whether each happens on the board and why not (508.8, 510.4), what happens in it."""

from __future__ import annotations

import json

from mtgcombat import Board
from mtgcombat.cli import main
from mtgcombat.questions.turn import STEPS, turn
from mtgcombat.text import Writer

from .conftest import REPO

HEAD = "players Alice, Bob\nactive Alice\n"


def answer(text: str):
    board = Board.parse(text, "<test>")
    a = turn(board)
    return a, a.to_json(Writer.for_board(board, "en"))


def by_step(data: dict) -> dict:
    return {s["step"]: s for s in data["steps"]}


def test_turn_500_1_lists_every_step_in_order_with_its_rule():
    _, data = answer(HEAD + "Alice:\n  bears: Grizzly Bears 2/2\nBob:\n  Forest [Basic Land — Forest]\n")
    assert [(s["phase"], s["step"], s["rule"]) for s in data["steps"]] == list(STEPS)
    assert [s["step"] for s in data["steps"]][:3] == ["untap", "upkeep", "draw"]
    assert by_step(data)["first-strike combat damage"]["rule"] == "510.4"
    assert by_step(data)["combat damage"]["rule"] == "510"


def test_turn_508_8_without_attackers_the_blockers_and_damage_steps_are_skipped():
    # A tapped creature is the only one: the only legal attack declaration is the empty one.
    _, data = answer(HEAD + "Alice:\n  bears: Grizzly Bears 2/2 tapped\n"
                            "Bob:\n  Forest [Basic Land — Forest]\n")
    steps = by_step(data)
    for name in ("declare blockers", "first-strike combat damage", "combat damage"):
        assert steps[name]["happens"] is False, name
        assert "508.8" in steps[name]["why_not"]
    assert steps["declare attackers"]["happens"] is True
    assert steps["end of combat"]["happens"] is True


def test_turn_510_4_no_first_strike_step_without_first_or_double_strike():
    _, data = answer(HEAD + "Alice:\n  bears: Grizzly Bears 2/2\nBob:\n  cub: Grizzly Bears 2/2\n"
                            "attack bears -> Bob\nblock cub -> bears\n")
    steps = by_step(data)
    assert steps["first-strike combat damage"]["happens"] is False
    assert "510.4" in steps["first-strike combat damage"]["why_not"]
    assert steps["combat damage"]["happens"] is True
    assert sum("deals 2 damage" in w for w in steps["combat damage"]["what"]) == 2


def test_turn_510_4_the_first_strike_step_happens_with_a_first_striker():
    _, data = answer((REPO / "examples" / "first-strike.mtg").read_text())
    steps = by_step(data)
    assert steps["first-strike combat damage"]["happens"] is True
    assert any("704.5g" in w for w in steps["first-strike combat damage"]["what"])


def test_turn_without_attacks_the_only_legal_attack_declaration_is_assumed():
    _, data = answer((REPO / "corpus" / "boards" / "goblin-brigand.mtg").read_text())
    steps = by_step(data)
    assert "only legal attack declaration" in " ".join(steps["declare attackers"]["what"])
    assert steps["declare blockers"]["happens"] is True


def test_turn_with_several_legal_attacks_the_combat_steps_depend_on_the_declaration():
    _, data = answer(HEAD + "Alice:\n  bears: Grizzly Bears 2/2\nBob:\n  Forest [Basic Land — Forest]\n")
    steps = by_step(data)
    assert steps["declare blockers"]["happens"] is None
    assert steps["combat damage"]["happens"] is None


def test_turn_514_1_cleanup_discards_to_hand_size_from_the_board_hand():
    board = Board.from_data({"players": [{"name": "Alice", "hand": 9}, {"name": "Bob"}],
                             "active_player": "Alice", "permanents": []})
    data = turn(board).to_json(Writer.for_board(board, "en"))
    cleanup = by_step(data)["cleanup"]["what"]
    assert any("discards 2" in w and "514.1" in w for w in cleanup)
    assert any("514.2" in w for w in cleanup) and any("514.3a" in w for w in cleanup)


def test_turn_reports_beginning_of_upkeep_triggers_it_does_not_carry_out():
    _, data = answer(HEAD + "Alice:\n  pact: Phyrexian Arena [Enchantment] "
                            "\"At the beginning of your upkeep, you draw a card and you lose 1 life.\"\n"
                            "Bob:\n  Forest [Basic Land — Forest]\n")
    assert any("At the beginning of your upkeep" in w for w in by_step(data)["upkeep"]["what"])


def test_turn_command_human_and_json(capsys):
    path = str(REPO / "examples" / "first-strike.mtg")
    assert main(["turn", path]) == 0
    out = capsys.readouterr().out
    assert "First-strike combat damage step (510.4)" in out and "Cleanup step (514)" in out
    assert main(["turn", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "current" and len(data["steps"]) == 13
    assert all(set(s) >= {"phase", "step", "rule", "happens", "what"} for s in data["steps"])
