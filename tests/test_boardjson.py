"""The JSON board of the spec: loading with validation, dumping, round-trip."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from mtgcombat import Board, BoardError
from mtgcombat.boardjson import board_to_data, dump_board_json, load_board_json

TWO = {"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice"}


def board(**extra):
    data = dict(TWO)
    data.update(extra)
    return data


def load(data) -> Board:
    return Board.from_json(json.dumps(data))


def bears(**kw):
    d = {"id": "bears", "name": "Grizzly Bears", "controller": "Alice", "power": 2, "toughness": 2}
    d.update(kw)
    return d


SPEC_EXAMPLES = [
    # The spec's Irresistible Prey effect example, on a board that has the bears.
    board(permanents=[bears()], effects=[{
        "text": "Target creature must be blocked this turn if able.",
        "controller": "Alice", "targets": ["bears"]}]),
    # The attacks answer example: Goblin Brigand attacking Bob.
    board(permanents=[{"id": "brigand", "name": "Goblin Brigand", "controller": "Alice",
                       "power": 2, "toughness": 2,
                       "text": "Goblin Brigand attacks each combat if able."}],
          attacks={"brigand": "Bob"}),
    # Every permanent kind and field.
    board(rules="2024", players=[{"name": "Alice", "life": 12, "team": "A"},
                                 {"name": "Bob", "team": "B"}, {"name": "Cat", "team": "B"}],
          defending_players=["Bob", "Cat"],
          permanents=[
              bears(colors=["G"], tapped=False, summoning_sick=True, damage=1),
              {"id": "golem", "name": "Golem", "controller": "Alice",
               "type_line": "Artifact Creature \u2014 Golem", "power": 3, "toughness": 3,
               "goaded_by": ["Bob"]},
              {"id": "jace", "name": "Jace Beleren", "controller": "Bob",
               "type_line": "Legendary Planeswalker \u2014 Jace", "loyalty": 3},
              {"id": "siege", "name": "Invasion of Tarkir", "controller": "Alice",
               "type_line": "Battle \u2014 Siege", "defense": 5, "protector": "Cat"},
              {"id": "swamp", "name": "Swamp", "controller": "Bob",
               "type_line": "Basic Land \u2014 Swamp"},
              {"id": "wall", "name": "Wall of Stone", "controller": "Bob",
               "type_line": "Creature \u2014 Wall", "power": 0, "toughness": 8, "text": "Defender"},
              {"id": "wall2", "name": "Wall of Stone", "controller": "Cat",
               "type_line": "Creature \u2014 Wall", "power": 0, "toughness": 8},
          ],
          attacks={"bears": "jace", "golem": "siege"},
          blocks={"wall": ["bears"], "wall2": ["golem"]},
          damage_order={"bears": ["wall"]},
          damage_step="regular"),
]


@pytest.mark.parametrize("data", SPEC_EXAMPLES)
def test_spec_boards_load_dump_and_round_trip(data):
    b = load(data)
    again = Board.from_json(dump_board_json(b))
    assert again == b
    full = board_to_data(b, full=True)
    assert board_to_data(Board.from_data(full), full=True) == full


def test_defaults_are_filled_in_the_normalised_board():
    b = load(board(permanents=[bears()]))
    full = board_to_data(b, full=True)
    assert full["rules"] == "current"
    assert full["defending_players"] == ["Bob"]
    p = full["permanents"][0]
    assert p["tapped"] is False and p["damage"] == 0 and p["type_line"] == "Creature"
    assert full["players"][0]["life"] == 20


def test_id_defaults_to_the_name():
    b = load(board(permanents=[{"name": "Grizzly Bears", "controller": "Alice",
                                "power": 2, "toughness": 2}]))
    assert b.permanents[0].id == "Grizzly Bears"


def test_blocks_are_sorted():
    b = load(board(permanents=[bears(), bears(id="b2"),
                               {"id": "g", "name": "Guard", "controller": "Bob", "power": 1,
                                "toughness": 4}],
                   attacks={"bears": "Bob", "b2": "Bob"}, blocks={"g": ["bears", "b2"]}))
    assert b.blocks["g"] == ("b2", "bears")


BAD = [
    ("[]", "a board must be a JSON object"),
    ('{"players": [], "active_player": "A", "extra": 1}', "board: unknown field 'extra'"),
    (board(permanents=[bears(powr=2)]), "unknown field 'powr'"),
    (board(players=[{"name": "Alice", "lives": 3}, {"name": "Bob"}]), "players[0]: unknown field 'lives'"),
    (board(effects=[{"text": "x", "controller": "Alice", "target": []}]), "effects[0]: unknown field 'target'"),
    ({"players": [{"name": "Alice"}, {"name": "Bob"}]}, "missing required field 'active_player'"),
    (board(active_player="Carol"), "active_player 'Carol' is not a player"),
    (board(permanents=[bears(controller="Carol")]), "controller 'Carol' is not a player"),
    (board(permanents=[bears(power="two")]), "power must be an integer"),
    (board(permanents=[bears(power=None)]), "a creature needs power and toughness"),
    (board(permanents=[{"name": "X", "controller": "Alice", "toughness": 2}]), "a creature needs power and toughness"),
    (board(permanents=[bears(power=2.5)]), "power must be an integer"),
    (board(permanents=[bears(colors=["Q"])]), "unknown color 'Q'"),
    (board(permanents=[bears(tapped="yes")]), "tapped must be true or false"),
    (board(permanents=[bears(damage=-1)]), "damage must be a non-negative integer"),
    (board(permanents=[bears(type_line="Creature Sorcerer Supreme \u2014 Human")]), "unknown type"),
    (board(permanents=[bears(), bears()]), "two permanents have the id 'bears'"),
    (board(permanents=[{"name": "Ox", "controller": "Alice", "power": 1, "toughness": 1},
                       {"name": "Ox", "controller": "Alice", "power": 1, "toughness": 1}]),
     "two permanents are named 'Ox'"),
    (board(attacks={"ghost": "Bob"}), "unknown attacker 'ghost'"),
    (board(permanents=[bears()], attacks={"bears": "Carol"}), "attacks unknown 'Carol'"),
    (board(permanents=[bears()], attacks={"bears": "Alice"}), "not a defending player"),
    (board(permanents=[bears(), bears(id="b2", controller="Bob")], blocks={"b2": ["bears"]}),
     "no attacks"),
    (board(permanents=[bears(), bears(id="b2", controller="Bob")], attacks={},
           blocks={"b2": ["bears"]}), "which is not attacking"),
    (board(permanents=[bears(), bears(id="b2", controller="Bob")], attacks={"bears": "Bob"},
           blocks={"b2": ["bears"]}, damage_order={"bears": ["b2"]}),
     "damage_order exists only under rules \"2024\""),
    (board(rules="2023"), "rules must be"),
    (board(damage_step="second"), "damage_step must be"),
    (board(effects=[{"text": "Target creature can't block.", "controller": "Alice",
                     "targets": ["nobody"]}]), "unknown target 'nobody'"),
    (board(players=[{"name": "Alice"}]), "at least two players"),
    (board(permanents=[bears(goaded_by=["Zed"])]), "goaded by 'Zed'"),
]


@pytest.mark.parametrize("data,message", BAD)
def test_malformed_boards_are_one_line_errors(data, message):
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(BoardError) as e:
        load_board_json(text, "b.json")
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_malformed_json_names_line_and_column():
    with pytest.raises(BoardError, match=r"^b.json:2:1: malformed JSON"):
        load_board_json('{"players":\n}', "b.json")


names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1,
                max_size=12)


@st.composite
def json_boards(draw):
    players = draw(st.lists(names, min_size=2, max_size=4, unique=True))
    perms = []
    ids = set(players)
    for i in range(draw(st.integers(0, 5))):
        pid = f"p{i}"
        ids.add(pid)
        kind = draw(st.sampled_from(["Creature", "Artifact Creature \u2014 Golem", "Basic Land \u2014 Swamp"]))
        d = {"id": pid, "name": draw(names), "controller": draw(st.sampled_from(players)),
             "type_line": kind, "tapped": draw(st.booleans()),
             "damage": draw(st.integers(0, 3)),
             "colors": draw(st.lists(st.sampled_from("WUBRG"), unique=True, max_size=2)),
             "text": draw(st.sampled_from(["", "Flying", "Menace\nTrample"]))}
        if "Creature" in kind:
            d["power"] = draw(st.integers(-2, 9))
            d["toughness"] = draw(st.integers(0, 9))
        perms.append(d)
    return {"rules": draw(st.sampled_from(["current", "2024"])),
            "players": [{"name": n, "life": draw(st.integers(-5, 40))} for n in players],
            "active_player": players[0], "permanents": perms}


@settings(max_examples=100, deadline=None)
@given(json_boards())
def test_json_round_trip_property(data):
    b = Board.from_data(data)
    assert Board.from_json(dump_board_json(b)) == b
    full = board_to_data(b, full=True)
    assert board_to_data(Board.from_data(full), full=True) == full


def test_attached_to_and_blocked_extensions_round_trip():
    b = load(board(permanents=[bears(), {"id": "lure", "name": "Lure", "controller": "Alice",
                                         "type_line": "Enchantment \u2014 Aura",
                                         "attached_to": "bears"}],
                   attacks={"bears": "Bob"}, blocked=["bears"]))
    assert b.permanent("lure").attached_to == "bears" and b.blocked == ("bears",)
    assert Board.from_json(dump_board_json(b)) == b
    assert Board.from_scenario(b.scenario()) == b


@pytest.mark.parametrize("data,message", [
    (board(permanents=[bears(attached_to="nothing")]), "attached to unknown permanent 'nothing'"),
    (board(permanents=[bears()], attacks={}, blocked=["bears"]), "blocked: 'bears' is not attacking"),
])
def test_extension_errors(data, message):
    with pytest.raises(BoardError, match=message):
        load(data)


def test_first_strikers_and_target_left_extensions_round_trip():
    walker = {"id": "pw", "name": "Jace", "controller": "Bob",
              "type_line": "Legendary Planeswalker \u2014 Jace", "loyalty": 3}
    b = load(board(permanents=[bears(), bears(id="cub"), walker],
                   attacks={"bears": "Bob", "cub": "pw"}, blocks={},
                   first_strikers=["bears"], target_left=["cub"], damage_step="regular"))
    assert b.first_strikers == ("bears",) and b.target_left == ("cub",)
    assert Board.from_json(dump_board_json(b)) == b
    assert Board.from_scenario(b.scenario()) == b
    nobody = load(board(permanents=[bears()], attacks={"bears": "Bob"}, first_strikers=[]))
    assert nobody.first_strikers == ()
    assert "first strikers:\n" in nobody.scenario()
    assert Board.from_scenario(nobody.scenario()) == nobody


@pytest.mark.parametrize("data,message", [
    (board(permanents=[bears()], attacks={}, first_strikers=["bears"]),
     "first_strikers: 'bears' is neither attacking nor blocking"),
    (board(permanents=[bears()], attacks={"bears": "Bob"}, first_strikers=["bears"],
           damage_step="first"), "first_strikers is about the regular combat damage step"),
    (board(permanents=[bears()], attacks={"bears": "Bob"}, target_left=["bears"]),
     "target_left: 'bears' attacks a player"),
    (board(permanents=[bears()], attacks={}, target_left=["bears"]),
     "target_left: 'bears' is not attacking"),
])
def test_first_strikers_and_target_left_errors(data, message):
    with pytest.raises(BoardError, match=message):
        load(data)
