"""What a board records of players' graveyards and turns (graveyard, graveyard_types,
spells_cast, damage_taken, cards_drawn, creatures_died, city_blessing) and the monarch:
in the scenario language (`players Alice (graveyard 7, ...)`, `monarch Bob`), in JSON,
and through `mtgcombat show`. Each test is named after the behaviour."""
from __future__ import annotations

import json
import shlex

import pytest

from mtgcombat.board import Board
from mtgcombat.cli import main
from mtgcombat.grammar.scenario import ScenarioError, format_scenario, parse_scenario
from mtgcombat.rules.model import Player

HEAD = "players Alice, Bob\nactive Alice\n"

RECORDS = (
    'players Alice (graveyard 7, graveyard types creature instant land,\n'
    '    spells "Creature — Goblin" "Instant", damage taken 3, drawn 2, died 1, blessing),\n'
    '  Bob (graveyard 0, graveyard types, spells, damage taken 0, drawn 0, died 0)\n'
    'active Alice\n'
    'monarch Bob\n')

ALICE = dict(graveyard=7, graveyard_types=("creature", "instant", "land"),
             spells_cast=("Creature — Goblin", "Instant"), damage_taken=3, cards_drawn=2,
             creatures_died=1, city_blessing=True)
BOB = dict(graveyard=0, graveyard_types=(), spells_cast=(), damage_taken=0, cards_drawn=0,
           creatures_died=0, city_blessing=False)
NOT_RECORDED = dict(graveyard=None, graveyard_types=None, spells_cast=None, damage_taken=None,
                    cards_drawn=None, creatures_died=None, city_blessing=False)

JSON_BOARD = {
    "players": [
        {"name": "Alice", "graveyard": 7, "graveyard_types": ["creature", "instant", "land"],
         "spells_cast": ["Creature — Goblin", "Instant"], "damage_taken": 3, "cards_drawn": 2,
         "creatures_died": 1, "city_blessing": True},
        {"name": "Bob", "graveyard": 0, "graveyard_types": [], "spells_cast": [],
         "damage_taken": 0, "cards_drawn": 0, "creatures_died": 0},
        {"name": "Carol"},
    ],
    "active_player": "Alice",
    "monarch": "Bob",
}


def records(p: Player) -> dict:
    return {k: getattr(p, k) for k in ALICE}


def run(capsys, args: str) -> tuple[int, str, str]:
    code = main(shlex.split(args))
    out, err = capsys.readouterr()
    return code, out, err


def error(text: str, source: str = "t.mtg") -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, source)
    return info.value


# -- reading the scenario language ------------------------------------------------------

def test_scenario_reads_every_record_and_the_monarch():
    b = parse_scenario(RECORDS)
    alice, bob = b.players
    assert records(alice) == ALICE
    assert records(bob) == BOB
    assert b.monarch == "Bob"


def test_records_left_out_are_not_recorded_and_nobody_is_the_monarch():
    b = parse_scenario(HEAD)
    for p in b.players:
        assert records(p) == NOT_RECORDED
    assert b.monarch is None


def test_spells_alone_is_none_cast_not_unrecorded():
    b = parse_scenario("players Alice (spells), Bob\nactive Alice\n")
    assert b.players[0].spells_cast == () and b.players[1].spells_cast is None


def test_graveyard_types_alone_is_no_types_not_unrecorded():
    b = parse_scenario("players Alice (graveyard types), Bob\nactive Alice\n")
    assert b.players[0].graveyard_types == () and b.players[1].graveyard_types is None


def test_records_mix_with_the_other_player_options():
    b = parse_scenario("players Alice (life 12, blessing, poison 2, drawn 1, hand 3), Bob\n"
                       "active Alice\n")
    alice = b.players[0]
    assert (alice.life, alice.poison, alice.hand) == (12, 2, 3)
    assert alice.city_blessing and alice.cards_drawn == 1


# -- round trips ---------------------------------------------------------------------------

def test_scenario_round_trip_of_every_record_and_the_monarch():
    b = parse_scenario(RECORDS)
    text = format_scenario(b)
    again = parse_scenario(text)
    assert again == b
    assert [records(p) for p in again.players] == [ALICE, BOB]
    assert again.monarch == "Bob"
    assert format_scenario(again) == text


def test_printer_writes_every_record_and_the_monarch():
    text = format_scenario(parse_scenario(RECORDS))
    players_line, rest = text.split("\nactive ", 1)
    active, monarch = ("active " + rest).splitlines()
    for option in ("graveyard 7", "graveyard types creature instant land",
                   'spells "Creature — Goblin" "Instant"', "damage taken 3", "drawn 2",
                   "died 1", "blessing", "Bob (graveyard 0, graveyard types, spells, "
                   "damage taken 0, drawn 0, died 0)"):
        assert option in players_line, option
    assert active == "active Alice" and monarch == "monarch Bob"


def test_printer_leaves_out_what_is_not_recorded():
    text = format_scenario(parse_scenario(HEAD))
    assert text == HEAD


def test_json_round_trip_of_every_record_and_the_monarch():
    b = Board.from_json(json.dumps(JSON_BOARD))
    assert [records(p) for p in b.players] == [ALICE, BOB, NOT_RECORDED]
    assert b.monarch == "Bob"
    data = b.to_data()
    assert data["players"] == JSON_BOARD["players"]
    assert data["monarch"] == "Bob"
    assert Board.from_json(b.to_json()) == b


def test_json_board_through_scenario_text_is_the_same_board():
    b = Board.from_json(json.dumps(JSON_BOARD))
    text = format_scenario(b)
    again = Board.from_scenario(text)
    assert again == b
    assert again.to_data() == b.to_data()
    assert format_scenario(again) == text


def test_no_monarch_is_absent_from_json():
    b = Board.from_json(json.dumps({"players": [{"name": "Alice"}, {"name": "Bob"}],
                                    "active_player": "Alice"}))
    assert b.monarch is None and "monarch" not in b.to_data()
    assert "monarch" not in format_scenario(b)


def test_a_player_named_like_a_new_keyword_round_trips():
    b = Board.from_json(json.dumps({"players": [{"name": "monarch"}, {"name": "blessing"}],
                                    "active_player": "monarch", "monarch": "blessing"}))
    again = Board.from_scenario(format_scenario(b))
    assert again == b and again.monarch == "blessing"


# -- show ----------------------------------------------------------------------------------

def test_show_of_a_scenario_board_prints_every_record(capsys, tmp_path):
    p = tmp_path / "records.mtg"
    p.write_text(RECORDS, encoding="utf-8")
    code, out, err = run(capsys, f"show {p}")
    assert code == 0, err
    for option in ("graveyard 7", "graveyard types creature instant land",
                   'spells "Creature — Goblin" "Instant"', "damage taken 3", "drawn 2",
                   "died 1", "blessing", "monarch Bob"):
        assert option in out, option
    assert Board.parse(out, "<show>") == Board.load(p)


def test_show_json_of_a_scenario_board_gives_every_field(capsys, tmp_path):
    p = tmp_path / "records.mtg"
    p.write_text(RECORDS, encoding="utf-8")
    code, out, err = run(capsys, f"show {p} --json")
    assert code == 0, err
    data = json.loads(out)
    assert data["monarch"] == "Bob"
    alice = data["players"][0]
    assert alice["graveyard_types"] == ["creature", "instant", "land"]
    assert alice["spells_cast"] == ["Creature — Goblin", "Instant"]
    assert alice["city_blessing"] is True and alice["creatures_died"] == 1


# -- errors --------------------------------------------------------------------------------

@pytest.mark.parametrize("option, again, word, column", [
    ("graveyard 1", "graveyard 2", "graveyard", 29),
    ("graveyard types land", "graveyard types creature", "graveyard types", 38),
    ("spells", 'spells "Instant"', "spells", 24),
    ("damage taken 1", "damage taken 2", "damage taken", 32),
    ("drawn 1", "drawn 2", "drawn", 25),
    ("died 1", "died 2", "died", 24),
    ("blessing", "blessing", "blessing", 26),
])
def test_a_record_given_twice_is_an_error_at_the_second(option, again, word, column):
    e = error(f"players Alice ({option}, {again}), Bob\nactive Alice\n")
    assert e.message == f"{word} of 'Alice' is given twice"
    assert (e.line, e.column) == (1, column)
    assert str(e) == f"t.mtg:1:{column}: {e.message}"


def test_a_second_monarch_line_is_an_error_at_it():
    e = error(HEAD + "monarch Bob\nmonarch Alice\n")
    assert (e.line, e.column) == (4, 1) and "second `monarch` line" in e.message
    assert "line 3" in e.message


def test_an_unknown_card_type_is_an_error_at_the_option():
    e = error("players Alice (graveyard types creature goblin), Bob\nactive Alice\n")
    assert (e.line, e.column) == (1, 16)
    assert "'goblin' is not a card type" in e.message and "Alice" in e.message


def test_a_card_type_twice_is_an_error_at_the_option():
    e = error("players Alice, Bob (graveyard types land land)\nactive Alice\n")
    assert (e.line, e.column) == (1, 21) and "twice" in e.message


def test_a_negative_count_is_an_error_at_the_option():
    e = error("players Alice (drawn 1, died -1), Bob\nactive Alice\n")
    assert (e.line, e.column) == (1, 25) and "creatures_died" in e.message


def test_a_record_needs_a_number():
    e = error("players Alice (graveyard many), Bob\nactive Alice\n")
    assert (e.line, e.column) == (1, 26) and "expected a number" in e.message


def test_an_unknown_monarch_is_an_error_at_the_name():
    e = error(HEAD + "monarch Carol\n")
    assert (e.line, e.column) == (3, 9) and "unknown player 'Carol'" in e.message


def test_a_misspelt_monarch_line_suggests_the_keyword():
    e = error(HEAD + "monarc Bob\n")
    assert (e.line, e.column) == (3, 1) and "did you mean 'monarch'" in e.message


def _bad(capsys, path) -> str:
    code, out, err = run(capsys, f"show {path}")
    assert code == 2 and out == "", err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err


def test_cli_an_invalid_card_type_is_one_line_bad_input(capsys, tmp_path):
    p = tmp_path / "b.mtg"
    p.write_text("players Alice (graveyard types creature goblin), Bob\nactive Alice\n",
                 encoding="utf-8")
    err = _bad(capsys, p)
    assert err.startswith(f"mtgcombat: error: {p}:1:16: ")
    assert "'goblin' is not a card type" in err


def test_cli_an_unknown_monarch_is_bad_input(capsys, tmp_path):
    p = tmp_path / "b.mtg"
    p.write_text(HEAD + "monarch Carol\n", encoding="utf-8")
    err = _bad(capsys, p)
    assert err.startswith(f"mtgcombat: error: {p}:3:9: ") and "Carol" in err


def test_cli_an_unknown_monarch_in_json_is_bad_input(capsys, tmp_path):
    p = tmp_path / "b.json"
    p.write_text(json.dumps({"players": [{"name": "Alice"}, {"name": "Bob"}],
                             "active_player": "Alice", "monarch": "Carol"}), encoding="utf-8")
    err = _bad(capsys, p)
    assert "monarch 'Carol' is not a player" in err


def test_cli_a_record_given_twice_is_bad_input(capsys, tmp_path):
    p = tmp_path / "b.mtg"
    p.write_text("players Alice (blessing, blessing), Bob\nactive Alice\n", encoding="utf-8")
    err = _bad(capsys, p)
    assert err.startswith(f"mtgcombat: error: {p}:1:26: blessing of 'Alice' is given twice")
