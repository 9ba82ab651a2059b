"""Conformance to the interchange contract (board format 1 and the command line).

One test per statement of the contract that was checked, named after the behaviour. The
commands run in-process through :func:`mtgcombat.cli.main`, exactly as a user types them;
a few run as a real process (piped output, tracebacks).
"""
from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys

import pytest

from mtgcombat.cli import main

from .conftest import REPO

BOARDS = REPO / "corpus" / "boards"
BRIGAND = str(BOARDS / "brigand.json")
WALKER = str(BOARDS / "walker-and-battle.mtg")
GOAD = str(BOARDS / "goad-and-lure.mtg")
ORDER = str(BOARDS / "damage-order-2024.mtg")
THG = str(BOARDS / "two-headed-giant.mtg")

def order_board(step: str = "regular") -> str:
    """The 2024 damage order example board, asking about the given combat damage step
    ("" for none: the default)."""
    text = open(ORDER, encoding="utf-8").read()
    return re.sub(r"^step \w+\n", f"step {step}\n" if step else "", text, flags=re.M)


TWO = {"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice"}


def board(**extra) -> dict:
    data = json.loads(json.dumps(TWO))
    data.update(extra)
    return data


def creature(id_, controller, power=2, toughness=2, **kw) -> dict:
    d = {"id": id_, "name": kw.pop("name", id_.title()), "controller": controller,
         "power": power, "toughness": toughness}
    d.update(kw)
    return d


class Run:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    @property
    def json(self):
        assert self.code == 0, self.err
        return json.loads(self.out)


@pytest.fixture
def cli(capsys, monkeypatch, tmp_path):
    """cli(*argv, board=dict or text) runs one command; a board is written to a file
    (``.json`` for a dict, ``.mtg`` for text) and its path put where ``BOARD`` is."""

    def run(*argv, board=None, stdin=None, suffix=None):
        argv = list(argv)
        if board is not None:
            text = json.dumps(board) if isinstance(board, dict) else board
            path = tmp_path / ("board" + (suffix or (".json" if isinstance(board, dict)
                                                     else ".mtg")))
            path.write_text(text, encoding="utf-8")
            argv = [str(path) if a == "BOARD" else a for a in argv]
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
        code = main(argv)
        out, err = capsys.readouterr()
        return Run(code, out, err)

    return run


def bad(run: Run, *words: str) -> None:
    """Bad input: status 2, nothing on stdout, one line on stderr naming the problem."""
    assert run.code == 2, (run.code, run.out, run.err)
    assert run.out == ""
    assert len(run.err.splitlines()) == 1, run.err
    assert "Traceback" not in run.err
    for w in words:
        assert w in run.err, run.err


# A board that no solver settles in a microsecond: many attackers, a Lure requirement.
def big_board(n: int = 30, blocks: bool = False) -> dict:
    perms = [creature(f"a{i}", "Alice", name=f"Attacker {i}") for i in range(n)]
    perms += [creature(f"d{i}", "Bob", 0, 4, name=f"Wall {i}") for i in range(n)]
    perms += [{"id": "jace", "name": "Jace Beleren", "controller": "Bob",
               "type_line": "Legendary Planeswalker — Jace", "loyalty": 3}]
    data = board(players=[{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}],
                 permanents=perms)
    data["permanents"][0]["text"] = "Attacker 0 attacks each combat if able."
    if blocks:
        data["attacks"] = {f"a{i}": "Bob" for i in range(n)}
        data["effects"] = [{"text": "All creatures able to block target creature this turn "
                                    "do so.", "controller": "Alice", "targets": ["a0"]}]
    return data


# ---------------------------------------------------------------------------------------
# The board: top level
# ---------------------------------------------------------------------------------------


def test_rules_default_to_current(cli):
    assert cli("show", "BOARD", "--json", board=board()).json["rules"] == "current"


@pytest.mark.parametrize("rules", ["current", "2024"])
def test_rules_current_and_2024_are_both_accepted_and_echoed(cli, rules):
    data = board(rules=rules, permanents=[creature("bears", "Alice")])
    assert cli("show", "BOARD", "--json", board=data).json["rules"] == rules
    assert cli("attacks", "BOARD", "--json", board=data).json["rules"] == rules


@pytest.mark.parametrize("rules", ["2023", 2024, "Current", None])
def test_rules_other_than_current_or_2024_are_bad_input(cli, rules):
    bad(cli("show", "BOARD", board=board(rules=rules)), "rules")


def test_players_are_required(cli):
    bad(cli("show", "BOARD", board={"active_player": "Alice"}), "players")


def test_active_player_is_required(cli):
    bad(cli("show", "BOARD", board={"players": TWO["players"]}), "active_player")


def test_active_player_must_be_a_player(cli):
    bad(cli("show", "BOARD", board=board(active_player="Zed")), "Zed")


def test_player_life_defaults_to_20_and_team_is_optional(cli):
    data = cli("show", "BOARD", "--json", board=board(players=[
        {"name": "Alice"}, {"name": "Bob", "life": 7, "team": "B"}])).json
    assert data["players"] == [{"name": "Alice", "life": 20},
                               {"name": "Bob", "life": 7, "team": "B"}]


def test_players_are_kept_in_turn_order(cli):
    names = ["Carol", "Alice", "Bob"]
    data = board(players=[{"name": n} for n in names])
    assert [p["name"] for p in cli("show", "BOARD", "--json", board=data).json["players"]] \
        == names


def test_defending_players_default_to_every_opponent_of_the_active_player(cli):
    data = board(players=[{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}])
    assert cli("show", "BOARD", "--json", board=data).json["defending_players"] == \
        ["Bob", "Carol"]


def test_defending_players_of_a_team_game_are_the_other_team(cli):
    assert cli("show", THG, "--json").json["defending_players"] == ["Bob", "Bea"]


def test_only_defending_players_and_their_permanents_may_be_attacked(cli):
    text = """players Alice, Bob, Carol
active Alice
defending Bob
Alice:
  bears: Grizzly Bears 2/2
Bob:
  jace: Jace Beleren [Legendary Planeswalker — Jace] loyalty 3
Carol:
  chandra: Chandra Nalaar [Legendary Planeswalker — Chandra] loyalty 6
"""
    decls = [d["declaration"] for d in cli("attacks", "BOARD", "--json", board=text)
             .json["declarations"]]
    assert sorted(map(json.dumps, decls)) == sorted(map(json.dumps, [
        {}, {"bears": "Bob"}, {"bears": "jace"}]))
    verdict = cli("check", "BOARD", "--attacks", '{"bears": "Carol"}', "--json",
                  board=text).json
    assert verdict["legal"] is False and verdict["violations"]


@pytest.mark.parametrize("defending", [["Zed"], ["Alice"], []])
def test_defending_players_must_be_opponents(cli, defending):
    bad(cli("show", "BOARD", board=board(defending_players=defending)))


def test_permanents_and_effects_default_to_empty(cli):
    data = cli("show", "BOARD", "--json", board=board()).json
    assert data["permanents"] == [] and data["effects"] == []


@pytest.mark.parametrize("data,field", [
    (board(permanent=[]), "permanent"),
    (board(players=[{"name": "Alice", "lives": 3}, {"name": "Bob"}]), "lives"),
    (board(permanents=[creature("bears", "Alice", colour=["G"])]), "colour"),
    (board(effects=[{"text": "Creatures can't block this turn.", "controler": "Bob"}]),
     "controler"),
])
def test_unknown_fields_are_an_error_at_every_level(cli, data, field):
    bad(cli("show", "BOARD", board=data), repr(field))


def test_a_field_given_twice_is_an_error(cli):
    text = '{"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice", ' \
           '"rules": "2024", "rules": "current"}'
    bad(cli("show", "BOARD", board=text, suffix=".json"), "'rules'", "twice")


# ---------------------------------------------------------------------------------------
# The board: permanents and effects
# ---------------------------------------------------------------------------------------


def test_show_json_fills_in_every_default_of_a_permanent(cli):
    data = cli("show", "BOARD", "--json", board=board(permanents=[
        {"name": "Grizzly Bears", "controller": "Alice", "power": 2, "toughness": 2}])).json
    assert data["permanents"] == [{
        "id": "Grizzly Bears", "name": "Grizzly Bears", "controller": "Alice",
        "type_line": "Creature", "colors": [], "power": 2, "toughness": 2, "text": "",
        "tapped": False, "summoning_sick": False, "damage": 0, "goaded_by": []}]


def test_permanent_id_defaults_to_its_name(cli):
    data = board(permanents=[{"name": "Grizzly Bears", "controller": "Alice", "power": 2,
                              "toughness": 2}])
    decls = cli("attacks", "BOARD", "--json", board=data).json["declarations"]
    assert {"Grizzly Bears": "Bob"} in [d["declaration"] for d in decls]


def test_an_id_is_required_when_two_permanents_share_a_name(cli):
    bear = {"name": "Grizzly Bears", "controller": "Alice", "power": 2, "toughness": 2}
    bad(cli("show", "BOARD", board=board(permanents=[bear, bear])), "Grizzly Bears", "id")
    ok = cli("show", "BOARD", "--json", board=board(permanents=[dict(bear, id="b1"),
                                                                 dict(bear, id="b2")]))
    assert [p["id"] for p in ok.json["permanents"]] == ["b1", "b2"]


@pytest.mark.parametrize("perms", [
    [creature("x", "Alice"), creature("x", "Bob")],
    [creature("Bob", "Alice")],
])
def test_ids_are_unique_among_permanents_and_players(cli, perms):
    bad(cli("show", "BOARD", board=board(permanents=perms)))


def test_type_line_defaults_to_creature(cli):
    data = cli("show", "BOARD", "--json", board=board(permanents=[creature("x", "Alice")]))
    assert data.json["permanents"][0]["type_line"] == "Creature"


def test_type_lines_are_read_as_printed(cli):
    perms = [creature("golem", "Alice", type_line="Artifact Creature — Golem"),
             {"id": "jace", "name": "Jace", "controller": "Bob", "loyalty": 3,
              "type_line": "Legendary Planeswalker — Jace"},
             {"id": "siege", "name": "Invasion of Ikoria", "controller": "Alice",
              "type_line": "Battle — Siege", "defense": 6, "protector": "Bob"},
             {"id": "island", "name": "Island", "controller": "Bob", "type_line": "Land — Island"}]
    decls = cli("attacks", "BOARD", "--json", board=board(permanents=perms)).json
    targets = {d["declaration"].get("golem") for d in decls["declarations"]}
    assert targets == {None, "Bob", "jace", "siege"}


def test_colors_are_w_u_b_r_g(cli):
    bad(cli("show", "BOARD", board=board(permanents=[creature("x", "Alice", colors=["P"])])),
        "'P'")
    ok = cli("show", "BOARD", "--json",
             board=board(permanents=[creature("x", "Alice", colors=["W", "U", "B", "R", "G"])]))
    assert ok.json["permanents"][0]["colors"] == ["W", "U", "B", "R", "G"]


def test_power_and_toughness_are_required_for_creatures(cli):
    bad(cli("show", "BOARD", board=board(permanents=[
        {"name": "Grizzly Bears", "controller": "Alice"}])), "power")


@pytest.mark.parametrize("field,value", [
    ("power", "2"), ("power", 2.5), ("tapped", "yes"), ("damage", -1), ("goaded_by", "Bob"),
    ("text", 3)])
def test_wrongly_typed_permanent_fields_are_bad_input(cli, field, value):
    bad(cli("show", "BOARD", board=board(permanents=[creature("x", "Alice",
                                                              **{field: value})])), field)


@pytest.mark.parametrize("field,value", [
    ("controller", "Zed"), ("goaded_by", ["Zed"]), ("protector", "Zed")])
def test_player_references_must_name_players(cli, field, value):
    perm = {"id": "x", "name": "Invasion of Ikoria", "controller": "Alice",
            "type_line": "Battle — Siege", "defense": 6, "protector": "Bob"}
    if field == "goaded_by":
        perm = creature("x", "Alice")
    perm[field] = value
    bad(cli("show", "BOARD", board=board(permanents=[perm])), "Zed")


def test_tapped_creatures_cannot_attack(cli):
    data = board(permanents=[creature("bears", "Alice", tapped=True)])
    assert cli("attacks", "BOARD", "--json", board=data).json["declarations"] == [
        {"declaration": {}, "requirements_obeyed": 0, "costs": []}]


def test_summoning_sick_creatures_cannot_attack(cli):
    data = board(permanents=[creature("elves", "Alice", summoning_sick=True)])
    verdict = cli("check", "BOARD", "--attacks", '{"elves": "Bob"}', "--json", board=data).json
    assert verdict["legal"] is False
    haste = board(permanents=[creature("elves", "Alice", summoning_sick=True, text="Haste")])
    assert cli("check", "BOARD", "--attacks", '{"elves": "Bob"}', "--json",
               board=haste).json["legal"] is True


def test_marked_damage_lowers_the_lethal_damage_a_creature_needs(cli):
    data = board(permanents=[creature("elf", "Alice", 1, 1),
                             creature("bears", "Bob", 2, 2, damage=1)],
                 attacks={"elf": "Bob"}, blocks={"bears": ["elf"]})
    best = cli("damage", "BOARD", "--json", board=data).json["best"]
    assert best["Alice"]["destroyed"] == ["bears"]
    data["permanents"][1]["damage"] = 0
    assert cli("damage", "BOARD", "--json", board=data).json["best"]["Alice"]["destroyed"] == []


@pytest.mark.parametrize("rules,rule", [("current", "701.15b"), ("2024", "701.38b")])
def test_goaded_creatures_attack_a_player_other_than_the_goader(cli, rules, rule):
    text = f"rules {rules}\n" + open(GOAD, encoding="utf-8").read()
    data = cli("attacks", "BOARD", "--json", board=text).json
    assert [d["declaration"] for d in data["declarations"]] == [{"Ogre Taskmaster": "Carol"}]
    assert {r["rule"] for r in data["requirements"]} == {rule}


def test_effect_text_binds_target_creature_to_targets(cli):
    # The spec's example: Irresistible Prey on the bears.
    data = board(permanents=[creature("bears", "Alice"), creature("wall", "Bob", 0, 4)],
                 effects=[{"text": "Target creature must be blocked this turn if able.",
                           "controller": "Alice", "targets": ["bears"]}],
                 attacks={"bears": "Bob"})
    answer = cli("blocks", "BOARD", "--json", board=data).json
    assert answer["max_requirements"] == 1
    assert [d["declaration"] for d in answer["declarations"]] == [{"wall": ["bears"]}]


@pytest.mark.parametrize("effect,word", [
    ({"text": "Target creature can't block this turn.", "controller": "Alice",
      "targets": ["ghost"]}, "ghost"),
    ({"text": "Creatures can't block this turn.", "controller": "Zed"}, "Zed"),
    ({"text": "Creatures can't block this turn.", "controller": "Alice", "source": "ghost"},
     "ghost"),
    ({"controller": "Alice"}, "text"),
])
def test_effects_name_existing_players_and_permanents(cli, effect, word):
    bad(cli("show", "BOARD", board=board(effects=[effect])), word)


# ---------------------------------------------------------------------------------------
# The board: declarations already made
# ---------------------------------------------------------------------------------------


def test_attacks_target_a_defending_player_a_planeswalker_or_a_battle_they_protect(cli):
    data = cli("attacks", WALKER, "--json").json
    targets = {t for d in data["declarations"] for t in d["declaration"].values()}
    # Bob, his planeswalker, and the battle Alice controls that Bob protects -- not Bob's
    # battle that Alice protects: its protector can't attack it (506.3, 508.1b).
    assert targets == {"Bob", "Gideon, Ally of Zendikar", "Invasion of Tarkir"}


@pytest.mark.parametrize("attacks,word", [
    ({"ghost": "Bob"}, "ghost"),
    ({"bears": "Alice"}, "Alice"),
    ({"wall": "Alice"}, "wall"),
    ({"bears": "Zed"}, "Zed"),
])
def test_impossible_attacks_on_the_board_are_bad_input(cli, attacks, word):
    data = board(permanents=[creature("bears", "Alice"), creature("wall", "Bob", 0, 4)],
                 attacks=attacks)
    bad(cli("show", "BOARD", board=data), word)


@pytest.mark.parametrize("blocks,word", [
    ({"wall": ["bears"]}, "not attacking"),
    ({"wall": ["ghost"]}, "ghost"),
    ({"other": ["elves"]}, "other"),
])
def test_impossible_blocks_on_the_board_are_bad_input(cli, blocks, word):
    data = board(permanents=[creature("bears", "Alice"), creature("elves", "Alice"),
                             creature("other", "Alice"), creature("wall", "Bob", 0, 4)],
                 attacks={"elves": "Bob"}, blocks=blocks)
    bad(cli("show", "BOARD", board=data), word)


def test_blocks_without_attacks_are_bad_input(cli):
    data = board(permanents=[creature("bears", "Alice"), creature("wall", "Bob", 0, 4)],
                 blocks={"wall": ["bears"]})
    bad(cli("show", "BOARD", board=data))


def test_damage_order_exists_only_under_2024(cli):
    data = board(permanents=[creature("bears", "Alice"), creature("wall", "Bob", 0, 4)],
                 attacks={"bears": "Bob"}, blocks={"wall": ["bears"]},
                 damage_order={"bears": ["wall"]})
    bad(cli("show", "BOARD", board=data), "damage_order")
    data["rules"] = "2024"
    assert cli("show", "BOARD", "--json", board=data).json["damage_order"] == \
        {"bears": ["wall"]}


def test_damage_step_is_first_or_regular(cli):
    bad(cli("show", "BOARD", board=board(damage_step="third")), "damage_step")


def test_damage_step_defaults_to_the_first_step_that_exists(cli):
    text = order_board("")
    assert cli("show", "BOARD", "--json", board=text).json["damage_step"] == "first"
    assert cli("damage", "BOARD", "--json", board=text).json["step"] == "first"
    no_first = text.replace('"First strike"', '"Vigilance"')
    assert cli("damage", "BOARD", "--json", board=no_first).json["step"] == "regular"


def test_a_first_damage_step_that_does_not_exist_is_bad_input(cli):
    text = order_board("first").replace('"First strike"', '"Vigilance"')
    bad(cli("damage", "BOARD", board=text), "first")


# ---------------------------------------------------------------------------------------
# Declarations and assignments
# ---------------------------------------------------------------------------------------


def test_block_declarations_list_attackers_sorted(cli):
    text = """players Alice, Bob
active Alice
Alice:
  zeta: Grizzly Bears 2/2
  alpha: Grizzly Bears 2/2
Bob:
  Palace Guard 1/4 "Palace Guard can block any number of creatures."
attack zeta -> Bob
attack alpha -> Bob
"""
    decls = [d["declaration"] for d in cli("blocks", "BOARD", "--json", board=text)
             .json["declarations"]]
    assert {"Palace Guard": ["alpha", "zeta"]} in decls
    assert all(v == sorted(v) for d in decls for v in d.values())
    unsorted = cli("check", "BOARD", "--blocks", '{"Palace Guard": ["zeta", "alpha"]}',
                   "--json", board=text).json
    assert unsorted["legal"] is True


def test_the_empty_declaration_declares_none(cli):
    decls = [d["declaration"] for d in cli("attacks", WALKER, "--json").json["declarations"]]
    assert {} in decls
    assert cli("check", WALKER, "--attacks", "{}", "--json").json["legal"] is True


def test_a_creature_that_does_not_attack_is_absent(cli):
    for d in cli("attacks", WALKER, "--json").json["declarations"]:
        assert all(isinstance(t, str) and t for t in d["declaration"].values())


def test_damage_assignments_leave_out_recipients_of_zero(cli):
    text = order_board()
    data = cli("damage", "BOARD", "--json", board=text).json
    assert data["assignments"]
    for item in data["assignments"]:
        for division in item["assignment"].values():
            assert all(n > 0 for n in division.values())


def test_a_damage_assignment_of_one_players_creatures_is_their_whole_assignment(cli):
    text = order_board()
    # Alice's creatures only: Bob's are free.
    alice = cli("check", "BOARD", "--damage", '{"Craw Wurm": {"cub": 6}}', "--json", board=text)
    assert alice.json["legal"] is True
    # Both players' creatures: a whole-step assignment, and Bob's silent creatures break 510.1a.
    both = cli("check", "BOARD", "--damage",
               '{"Craw Wurm": {"cub": 6}, "bears": {"Craw Wurm": 2}}', "--json", board=text)
    assert both.json["legal"] is False
    assert {v["rule"] for v in both.json["violations"]} == {"510.1a"}


def test_a_damage_assignment_with_zero_amounts_is_accepted(cli):
    text = order_board()
    run = cli("check", "BOARD", "--damage", '{"Craw Wurm": {"cub": 6, "bears": 0}}', "--json",
              board=text)
    assert run.json["legal"] is True


# ---------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------


def test_board_is_read_from_a_json_file_a_scenario_file_or_standard_input(cli):
    text = open(BOARDS / "goblin-brigand.mtg", encoding="utf-8").read()
    from_file = cli("attacks", str(BOARDS / "goblin-brigand.mtg"), "--json").json
    assert cli("attacks", "-", "--json", stdin=text).json == from_file
    assert cli("attacks", "-", "--json",
               stdin=open(BRIGAND, encoding="utf-8").read()).json["max_requirements"] == 1


def test_a_json_file_is_always_read_as_json(cli):
    bad(cli("show", "BOARD", board="players Alice, Bob\nactive Alice\n", suffix=".json"),
        "malformed JSON", ":1:1")


def test_a_byte_order_mark_is_ignored(cli):
    run = cli("show", "BOARD", "--json", board="\ufeff" + json.dumps(board()), suffix=".json")
    assert run.json["players"][0]["name"] == "Alice"


COMMANDS = [
    ["attacks", BRIGAND],
    ["blocks", WALKER],
    ["check", BRIGAND, "--attacks", '{"brigand": "Bob"}'],
    ["damage", WALKER],
    ["show", BRIGAND],
    ["explain", BRIGAND],
    ["corpus", str(REPO / "corpus" / "cases" / "cr-508.1d-1.case")],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_every_command_accepts_json_and_time_limit(cli, argv):
    run = cli(*argv, "--json", "--time-limit", "60")
    assert run.code == 0, run.err
    assert isinstance(json.loads(run.out), dict)


def test_the_common_options_may_also_come_before_the_command(cli):
    assert cli("--json", "--time-limit", "60", "attacks", BRIGAND).json == \
        cli("attacks", BRIGAND, "--json").json


def test_attacks_json_has_the_spec_shape(cli):
    data = cli("attacks", BRIGAND, "--json").json
    assert data == {
        "rules": "current", "status": "complete", "max_requirements": 1,
        "requirements": [{"id": "r1", "rule": "508.1d",
                          "text": "Goblin Brigand attacks each combat if able."}],
        "declarations": [{"declaration": {"brigand": "Bob"}, "requirements_obeyed": 1,
                          "costs": []}],
        # Extension 2: every answer carries the sentences not understood.
        "not_understood": [], "not_understood_sources": []}


def test_blocks_json_has_the_spec_shape(cli):
    text = open(GOAD, encoding="utf-8").read() + "attack Ogre Taskmaster -> Bob\n"
    data = cli("blocks", "BOARD", "--json", board=text).json
    assert set(data) >= {"rules", "status", "max_requirements", "requirements", "declarations"}
    assert data["requirements"] == [{"id": "r1", "rule": "509.1c",
                                     "text": "Ogre Taskmaster must be blocked this turn if able."}]
    assert data["declarations"] == [{"declaration": {"Kraken Hatchling": ["Ogre Taskmaster"]},
                                     "requirements_obeyed": 1, "costs": []}]


def test_blocks_needs_a_board_with_attacks(cli):
    bad(cli("blocks", BRIGAND), "attacks")


def test_every_listed_declaration_obeys_at_least_max_requirements(cli):
    data = cli("attacks", str(REPO / "corpus" / "boards" / "goblin-brigand.mtg"), "--json").json
    assert data["declarations"]
    for d in data["declarations"]:
        assert d["requirements_obeyed"] >= data["max_requirements"]


def test_each_legal_declaration_appears_once(cli):
    decls = [json.dumps(d["declaration"], sort_keys=True)
             for d in cli("attacks", WALKER, "--json").json["declarations"]]
    assert len(decls) == len(set(decls)) == 16


PROPAGANDA = """players Alice, Bob
active Alice
Alice:
  x: Juggernaut 5/3 [Artifact Creature — Juggernaut] "Juggernaut attacks each combat if able."
  leonin: Leonin Warleader 4/4 white [Creature — Cat Soldier]
Bob:
  Propaganda [Enchantment] "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you."
"""


def test_costs_are_listed_in_words_and_never_forced(cli):
    data = cli("attacks", "BOARD", "--json", board=PROPAGANDA).json
    assert data["max_requirements"] == 0  # 508.1d: paying a cost is never required
    by_decl = {json.dumps(d["declaration"], sort_keys=True): d for d in data["declarations"]}
    assert by_decl["{}"]["costs"] == []
    assert by_decl['{"x": "Bob"}']["costs"] == ["{2} for Juggernaut attacking Bob (Propaganda)"]
    assert len(by_decl) == 4


def test_check_max_requirements_is_the_maximum_without_costs(cli):
    verdict = cli("check", "BOARD", "--attacks", '{"x": "Bob"}', "--json",
                  board=PROPAGANDA).json
    assert verdict["legal"] is True
    assert verdict["max_requirements"] == 0
    assert verdict["costs"] == ["{2} for Juggernaut attacking Bob (Propaganda)"]
    assert verdict["max_requirements_with_costs"] == 1  # our extension


def test_limit_truncates_the_listing(cli):
    data = cli("attacks", WALKER, "--json", "--limit", "5").json
    assert data["status"] == "truncated" and len(data["declarations"]) == 5
    exact = cli("attacks", WALKER, "--json", "--limit", "16").json
    assert exact["status"] == "complete" and len(exact["declarations"]) == 16
    assert cli("attacks", WALKER, "--json", "--limit", "0").json["declarations"] == []


def test_limit_zero_lists_nothing(cli):
    for argv in (["attacks", WALKER], ["blocks", WALKER], ["damage", WALKER],
                 ["damage", "BOARD"]):
        data = cli(*argv, "--json", "--limit", "0", board=board(attacks={})).json
        key = "assignments" if argv[0] == "damage" else "declarations"
        assert data[key] == [] and data["status"] == "truncated"


def test_limit_defaults_to_1000(cli):
    data = cli("attacks", "BOARD", "--json", board=big_board(12)).json
    assert data["status"] == "truncated" and len(data["declarations"]) == 1000


@pytest.mark.parametrize("command", ["attacks", "damage"])
def test_limit_applies_to_attacks_and_damage(cli, command):
    text = order_board() \
        .replace("order Craw Wurm: cub, bears\n", "")
    argv = [command, "BOARD", "--json", "--limit", "2"]
    data = cli(*argv, board=text if command == "damage" else big_board(3)).json
    assert data["status"] == "truncated"
    assert len(data["declarations" if command == "attacks" else "assignments"]) == 2


@pytest.mark.parametrize("command,key", [("attacks", "declarations"),
                                         ("blocks", "declarations")])
def test_time_limit_gives_status_unknown_for_listings(cli, command, key):
    data = cli(command, "BOARD", "--json", "--time-limit", "0.000001",
               board=big_board(30, blocks=command == "blocks")).json
    assert data["status"] == "unknown"
    assert isinstance(data[key], list)


def test_time_limit_gives_status_unknown_for_damage(cli):
    data = board(permanents=[creature(f"g{i}", "Alice", 7, 7, text="Trample") for i in range(6)]
                 + [creature(f"b{i}", "Bob") for i in range(12)],
                 attacks={f"g{i}": "Bob" for i in range(6)},
                 blocks={f"b{i}": [f"g{i // 2}"] for i in range(12)})
    answer = cli("damage", "BOARD", "--json", "--time-limit", "0.000001", board=data).json
    assert answer["status"] == "unknown"


def test_time_limit_gives_an_unknown_check_never_a_guess(cli):
    verdict = cli("check", "BOARD", "--blocks", '{"d1": ["a1"]}', "--json", "--time-limit",
                  "0.000001", board=big_board(30, blocks=True)).json
    assert verdict["status"] == "unknown" and verdict["legal"] is None


def test_a_broken_restriction_is_settled_even_when_time_runs_out(cli):
    verdict = cli("check", "BOARD", "--blocks", '{"a1": ["a2"]}', "--json", "--time-limit",
                  "0.000001", board=big_board(30, blocks=True)).json
    assert verdict["legal"] is False and verdict["status"] == "complete"


def test_check_attacks_json_has_verdict_and_violations(cli):
    data = cli("check", BRIGAND, "--attacks", '{"bears": "Bob"}', "--json").json
    assert data["legal"] is False
    assert [v["rule"] for v in data["violations"]] == ["508.1d"]
    assert all(isinstance(v["message"], str) and v["message"] for v in data["violations"])
    assert data["requirements_obeyed"] == 0 and data["max_requirements"] == 1
    assert data["witness"] == {"brigand": "Bob"}


def test_check_witness_is_null_when_a_restriction_is_broken(cli):
    data = cli("check", BRIGAND, "--attacks", '{"bears": "Bob", "brigand": "Bob"}',
               "--json").json
    assert data["legal"] is False and data["witness"] is None
    assert [v["rule"] for v in data["violations"]] == ["508.1c"]


def test_check_witness_is_null_for_a_legal_declaration(cli):
    data = cli("check", BRIGAND, "--attacks", '{"brigand": "Bob"}', "--json").json
    assert data["legal"] is True and data["violations"] == [] and data["witness"] is None
    assert data["requirements_obeyed"] == 1 and data["max_requirements"] == 1


def test_check_blocks_json_has_verdict_and_violations(cli):
    text = open(THG, encoding="utf-8").read()
    data = cli("check", "BOARD", "--blocks", '{"Fog Bank": ["Hill Giant", "Elvish Warrior"]}',
               "--json", board=text).json
    assert data["legal"] is False and data["violations"][0]["rule"] == "509.1a"
    assert data["witness"] is None


def test_check_damage_json_has_the_check_shape(cli):
    text = order_board()
    data = cli("check", "BOARD", "--damage", '{"Craw Wurm": {"bears": 6}}', "--json",
               board=text).json
    assert data["legal"] is False
    assert [v["rule"] for v in data["violations"]] == ["510.1c"]  # the 2024 edition's number
    assert data["requirements_obeyed"] == 0 and data["max_requirements"] == 0
    assert data["witness"] is None


def test_check_needs_exactly_one_declaration(cli):
    bad(cli("check", BRIGAND), "exactly one")
    bad(cli("check", BRIGAND, "--attacks", "{}", "--blocks", "{}"), "exactly one")


@pytest.mark.parametrize("decl,word", [
    ('{"ghost": "Bob"}', "ghost"),
    ('{"brigand": "Zed"}', "Zed"),
    ('{"brigand": 3}', "brigand"),
    ('["brigand"]', "object"),
    ("{bad", "malformed JSON"),
])
def test_check_with_a_malformed_declaration_is_bad_input(cli, decl, word):
    bad(cli("check", BRIGAND, "--attacks", decl), word)


def test_damage_json_has_the_spec_shape(cli):
    data = cli("damage", WALKER, "--json").json
    assert (data["rules"], data["step"], data["status"]) == ("current", "regular", "complete")
    assert data["assignments"] == [{
        "assignment": {"Giant Spider": {"Kor Skyfisher": 2},
                       "Kor Skyfisher": {"Giant Spider": 2},
                       "Serra's Guardian": {"Invasion of Tarkir": 5}},
        "damage_order": {}}]
    best = data["best"]
    assert list(best) == ["Alice", "Bob"]
    assert best["Alice"] == {"assignment": {"Kor Skyfisher": {"Giant Spider": 2},
                                            "Serra's Guardian": {"Invasion of Tarkir": 5}},
                             # 5 damage to a battle with defense 5: it is defeated (704.5v)
                             "destroyed": ["Invasion of Tarkir"],
                             "damage_to": {"Invasion of Tarkir": 5},
                             **{k: v for k, v in best["Alice"].items()
                                if k not in ("assignment", "destroyed", "damage_to")}}
    assert best["Bob"]["assignment"] == {"Giant Spider": {"Kor Skyfisher": 2}}
    assert best["Bob"]["damage_to"] == {}


def test_damage_best_is_given_for_each_player_who_assigns(cli):
    text = order_board()
    best = cli("damage", "BOARD", "--json", board=text).json["best"]
    assert set(best) == {"Alice", "Bob"}
    assert sorted(best["Alice"]["destroyed"]) == ["bears", "cub"]
    assert best["Bob"]["destroyed"] == ["Craw Wurm"]


def test_damage_2024_names_the_order_an_assignment_relies_on_when_the_board_gives_none(cli):
    text = order_board()
    given = cli("damage", "BOARD", "--json", board=text).json
    assert all(a["damage_order"] == {} for a in given["assignments"])
    assert len(given["assignments"]) == 5
    free = cli("damage", "BOARD", "--json",
               board=text.replace("order Craw Wurm: cub, bears\n", "")).json
    assert len(free["assignments"]) == 7
    orders = {json.dumps(a["damage_order"]) for a in free["assignments"]}
    assert orders == {'{"Craw Wurm": ["bears", "cub"]}', '{"Craw Wurm": ["cub", "bears"]}'}


def test_damage_under_current_rules_divides_freely(cli):
    text = order_board() \
        .replace("rules 2024\n", "").replace("order Craw Wurm: cub, bears\n", "")
    data = cli("damage", "BOARD", "--json", board=text).json
    assert data["rules"] == "current"
    # 6 damage between two blockers, each division legal (no order): 7 ways.
    assert len(data["assignments"]) == 7


def test_show_prints_the_scenario_language_that_reads_back(cli):
    text = cli("show", ORDER).out
    again = cli("show", "BOARD", "--json", board=text).json
    assert again == cli("show", ORDER, "--json").json


def test_show_json_lists_every_sentence_not_understood(cli):
    data = board(permanents=[creature("x", "Alice", text="Flying\nWhen Foo enters, draw a card.")],
                 effects=[{"text": "Creatures you control gain shroud until end of turn.",
                           "controller": "Alice"}])
    answer = cli("show", "BOARD", "--json", board=data).json
    assert answer["not_understood"] == ["When Foo enters, draw a card.",
                                        "Creatures you control gain shroud until end of turn."]


# ---------------------------------------------------------------------------------------
# Bad input and exit statuses
# ---------------------------------------------------------------------------------------


def test_malformed_json_names_line_and_column(cli):
    bad(cli("show", "BOARD", board='{"players": [\n  {"name": "A"},\n  ]', suffix=".json"),
        "malformed JSON", ":3:")


def test_scenario_text_errors_name_line_and_column_on_one_line(cli):
    text = "players Alice, Bob\nactive Alice\nAlice:\n  Grizzly Bears 2/2 purple\n"
    run = cli("show", "BOARD", board=text)
    bad(run, "board.mtg:4:")
    assert "purple" in run.err


def test_errors_of_a_scenario_board_point_at_the_line(cli):
    text = "players Alice, Bob\nactive Alice\nAlice:\n  bears: Grizzly Bears 2/2\n" \
           "attack bears -> Zed\n"
    bad(cli("show", "BOARD", board=text), "board.mtg:5:", "Zed")


@pytest.mark.parametrize("argv,stdin,word", [
    (["show", "/nonexistent/board.json"], None, "cannot read"),
    (["show", "-"], "{oops", "malformed JSON"),
    (["show", "-"], "players Alice, Bob\nfrobnicate\n", "<stdin>:2:"),
    (["frobnicate"], None, "invalid choice"),
    (["attacks", BRIGAND, "--limit", "-1"], None, "--limit"),
    (["attacks", BRIGAND, "--limit", "many"], None, "--limit"),
    (["attacks", BRIGAND, "--time-limit", "0"], None, "--time-limit"),
    (["attacks", BRIGAND, "--time-limit", "soon"], None, "--time-limit"),
    (["attacks"], None, "board"),
])
def test_bad_input_is_one_line_exit_2_and_nothing_on_stdout(cli, argv, stdin, word):
    bad(cli(*argv, stdin=stdin), word)


def test_input_that_is_not_utf8_is_bad_input(cli, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe")))
    code = main(["show", "-"])
    out, err = capsys.readouterr()
    bad(Run(code, out, err), "UTF-8")


def test_legal_and_illegal_answers_exit_0(cli):
    assert cli("check", BRIGAND, "--attacks", '{"brigand": "Bob"}').code == 0
    assert cli("check", BRIGAND, "--attacks", '{"bears": "Bob"}').code == 0


def test_bad_input_from_a_real_process_has_no_traceback():
    for argv, stdin in [(["show", "-"], "{oops"),
                        (["show", "-"], "players Alice, Bob\nactive Alice\nAlice:\n  X 1/1 purple\n"),
                        (["check", BRIGAND, "--attacks", '{"ghost": "Bob"}'], None)]:
        r = subprocess.run([sys.executable, "-m", "mtgcombat", *argv], input=stdin,
                           capture_output=True, text=True, cwd=REPO)
        assert r.returncode == 2 and r.stdout == ""
        assert len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr, r.stderr


# ---------------------------------------------------------------------------------------
# Human output
# ---------------------------------------------------------------------------------------


def test_human_output_is_plain_text_when_piped():
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "attacks", WALKER],
                       capture_output=True, text=True, cwd=REPO,
                       env={k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")})
    assert r.returncode == 0
    assert "\x1b[" not in r.stdout and "│" not in r.stdout
    lines = r.stdout.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("#  "))
    col = lines[header].index("declaration")
    assert all(line[col - 2:col] == "  " for line in lines[header + 1:])


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("no_color", [False, True])
def test_terminal_output_is_a_table_and_no_color_is_respected(monkeypatch, no_color):
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", "120")
    for argv in (["attacks", BRIGAND], ["check", BRIGAND, "--attacks", '{"bears": "Bob"}']):
        tty = _Tty()
        monkeypatch.setattr(sys, "stdout", tty)
        assert main(argv) == 0
        out = tty.getvalue()
        assert ("\x1b[" in out) is (not no_color), out
    assert "│" in out or "Illegal" in out


def test_human_names_tell_apart_permanents_that_share_a_name(cli):
    text = order_board()
    out = cli("damage", "BOARD", board=text).out
    assert "Grizzly Bears (bears)" in out and "Grizzly Bears (cub)" in out
