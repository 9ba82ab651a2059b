"""The library's face (issue 27.11): short reprs, declarations in notation, blocks as lists
as in JSON, the combat answer's ``after`` named as in JSON, and an API reference generated
from the docstrings (docs/api.md) whose examples run."""

from __future__ import annotations

import doctest
import importlib
import sys
from pathlib import Path

import pytest

from mtgcombat import Board, BoardError
from mtgcombat.text import Writer

ROOT = Path(__file__).resolve().parents[1]

BOARD = """\
players Alice, Bob
active Alice
Alice:
  bears: Grizzly Bears 2/2 [Creature — Bear] green
  brigand: Goblin Brigand 2/2 [Creature — Goblin Warrior] red "Goblin Brigand attacks each combat if able."
Bob:
  spider: Giant Spider 2/4 [Creature — Spider] green "Reach"
  wall: Wall of Wood 0/3 [Creature — Wall] green "Defender"
"""
DECLARED = BOARD + "attack bears -> Bob\nattack brigand -> Bob\n"


def _api_docs():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        return importlib.import_module("api_docs")
    finally:
        sys.path.pop(0)


# -- the API reference ---------------------------------------------------------------------
def test_api_reference_is_generated_from_the_docstrings_and_current():
    expected = _api_docs().reference()
    got = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert got == expected, "docs/api.md is not current: run `python scripts/api_docs.py`"


def test_api_reference_documents_every_public_board_method():
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    for name in dir(Board):
        if name.startswith("_") or name in {f for f in Board.__dataclass_fields__}:
            continue
        owner = next(c for c in Board.__mro__ if name in c.__dict__)
        if owner.__module__.startswith("mtgcombat"):
            label = "Board" if owner is Board else "model.Board"
            assert f"`{label}.{name}" in text, f"docs/api.md lacks {label}.{name}"
    for name in ("draw(", "draw_result(", "Declaration.parse(", "CombatAnswer.after",
                 "DeclarationVerdict", "edition("):
        assert name in text, name


@pytest.mark.parametrize("module", ["mtgcombat.board", "mtgcombat.notation",
                                    "mtgcombat.editions", "mtgcombat.draw"])
def test_doctests_of_the_library_modules_run(module, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{module} has no examples"
    assert result.failed == 0


# -- reprs ------------------------------------------------------------------------------------
def test_board_repr_is_one_short_line():
    board = Board.from_scenario(DECLARED + "block spider -> bears\n")
    text = repr(board)
    assert text == ("<Board Alice (20 life) vs Bob (20 life), Alice's turn: 4 permanents, "
                    "2 attackers, 1 blocker>")
    assert repr(Board.from_scenario(BOARD.replace("active Alice", "active Alice\nrules 2024"))
                ).endswith("4 permanents, no attacks, rules 2024>")


def test_str_of_board_is_its_scenario_and_reads_back():
    board = Board.from_scenario(DECLARED)
    assert str(board) == board.scenario()
    assert Board.from_scenario(str(board)) == board


def test_declaration_verdict_repr_is_one_line():
    board = Board.from_scenario(BOARD)
    assert repr(board.check_attacks({"bears": "Bob"})) == (
        "<DeclarationVerdict attacks 'bears -> Bob': illegal (508.1d), 1 violation>")
    assert repr(board.check_attacks("brigand -> Bob")) == (
        "<DeclarationVerdict attacks 'brigand -> Bob': legal, 1 of 1 requirements obeyed>")


def test_damage_verdict_repr_is_one_line():
    board = Board.from_scenario(DECLARED + "block spider -> bears\n")
    assert repr(board.check_damage("bears -> spider 2; brigand -> Bob 2; spider -> bears 2")
                ) == "<DamageVerdict 'bears -> spider 2; brigand -> Bob 2; spider -> bears 2': legal>"
    bad = repr(board.check_damage({"bears": {"Bob": 2}}))
    assert bad.startswith("<DamageVerdict 'bears -> Bob 2': illegal (") and "\n" not in bad


def test_combat_answer_repr_is_one_line():
    answer = Board.from_scenario(DECLARED).combat(blocks="spider -> bears")
    assert repr(answer) == ("<CombatAnswer complete: 1 combat damage step; destroyed: bears; "
                            "lost: none>")


# -- declarations in notation -------------------------------------------------------------
def test_declaration_in_notation_is_accepted_by_in_legal_blocks():
    board = Board.from_scenario(DECLARED)
    assert "spider -> bears" in board.legal_blocks()
    assert "spider -> bears + brigand" not in board.legal_blocks()  # one attacker at most
    assert "none" in board.legal_blocks()
    assert "brigand -> Bob" in Board.from_scenario(BOARD).legal_attacks()
    assert "bears -> Bob" not in Board.from_scenario(BOARD).legal_attacks()


def test_bad_notation_in_legal_blocks_is_an_error_not_false():
    board = Board.from_scenario(DECLARED)
    with pytest.raises(BoardError, match="expected '->'"):
        "spider bears" in board.legal_blocks()  # noqa: B015
    with pytest.raises(BoardError, match="unknown"):
        "spidr -> bears" in board.legal_blocks()  # noqa: B015
    with pytest.raises(BoardError, match="array"):
        {"spider": "bears"} in board.legal_blocks()  # noqa: B015


def test_a_non_declaration_in_legal_blocks_is_a_type_error():
    board = Board.from_scenario(DECLARED)
    with pytest.raises(TypeError, match="mapping or notation text"):
        ("spider", "bears") in board.legal_blocks()  # noqa: B015


def test_check_declare_and_combat_accept_notation():
    board = Board.from_scenario(DECLARED)
    assert board.check_blocks("spider -> bears").legal is True
    assert board.declare_blocks("spider -> bears").blocks == {"spider": ("bears",)}
    assert board.with_blocks("wall -> brigand").blocks == {"wall": ("brigand",)}
    assert Board.from_scenario(BOARD).declare_attacks("brigand -> Bob").attacks == {
        "brigand": "Bob"}
    answer = board.combat(blocks="spider -> bears",
                          damage=["bears -> spider 2; brigand -> Bob 2; spider -> bears 2"])
    assert answer.steps[0].assignment == {"bears": {"spider": 2}, "brigand": {"Bob": 2},
                                          "spider": {"bears": 2}}


def test_legal_blocks_yield_lists_as_in_json():
    board = Board.from_scenario(DECLARED)
    decls = list(board.legal_blocks())
    assert {"spider": ["bears"]} in decls and {} in decls
    assert all(isinstance(v, list) for d in decls for v in d.values())
    attacks = list(Board.from_scenario(BOARD).legal_attacks())
    assert all(isinstance(v, str) for d in attacks for v in d.values())


def test_combat_answer_after_is_named_as_in_json():
    board = Board.from_scenario(DECLARED)
    answer = board.combat(blocks="spider -> bears")
    data = answer.to_json(Writer.for_board(board))["after"]
    after = answer.after
    assert after.board is answer.after_board
    assert after.board.to_data() == data["board"]
    assert after.life == data["life"] == {"Alice": 20, "Bob": 18}
    assert after.poison == data["poison"]
    assert after.destroyed == data["destroyed"] == ["bears"]
    assert after.defeated == data["defeated"] and after.lost == data["lost"] == []
