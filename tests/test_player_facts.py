"""Conditions on what the board records of players rather than permanents (issue 11.5):
graveyards (404; threshold, delirium 205.2a), the spells, damage, draws and deaths of
this turn, the monarch (725) and the city's blessing (702.131c). Each is judged from
the board's player records; a record the board lacks is bad input naming the player
and the field. Boards are JSON data here, so these tests need no scenario syntax."""
from __future__ import annotations

import json

import pytest

from mtgcombat.board import Board
from mtgcombat.rules.model import BoardError


def make(alice_perm: dict, bob_perm: dict | None = None, alice: dict | None = None,
         bob: dict | None = None, attacks: dict | None = None, **top) -> Board:
    """Alice (active) with one creature ``a``, Bob with one creature ``b``."""
    bob_perm = bob_perm or {"name": "Grizzly Bears", "power": 2, "toughness": 2}
    data = {
        "players": [{"name": "Alice", **(alice or {})}, {"name": "Bob", **(bob or {})}],
        "active_player": "Alice",
        "permanents": [
            {"id": "a", "controller": "Alice", "type_line": "Creature — Beast",
             "power": 3, "toughness": 3, **alice_perm},
            {"id": "b", "controller": "Bob", "type_line": "Creature — Bear", **bob_perm},
        ],
        **top,
    }
    if attacks is not None:
        data["attacks"] = attacks
    return Board.from_data(data)


def can_attack(b: Board) -> bool:
    return any(d == {"a": "Bob"} for d in b.legal_attacks())


def can_block(b: Board, blocker: str, attacker: str) -> bool:
    return any(list(d.get(blocker, ())) == [attacker] for d in b.legal_blocks())


def json_set(ds) -> set:
    return {json.dumps(d, sort_keys=True) for d in ds}


# -- graveyards (404, 205.2a) --------------------------------------------------------------

DEEP_SEA = {"name": "Deep-Sea Terror", "power": 6, "toughness": 6,
            "text": "Deep-Sea Terror can't attack unless there are seven or more cards in "
                    "your graveyard."}


@pytest.mark.parametrize("cards,able", [(6, False), (7, True), (12, True)])
def test_404_cant_attack_unless_seven_or_more_cards_in_your_graveyard(cards, able):
    b = make(DEEP_SEA, alice={"graveyard": cards})
    assert b.not_understood == []
    assert can_attack(b) is able


def test_a_graveyard_condition_without_the_graveyard_is_bad_input_naming_it():
    b = make(DEEP_SEA)
    with pytest.raises(BoardError, match="Alice's \"graveyard\""):
        list(b.legal_attacks())


THRESHOLD = {"name": "Childhood Horror", "power": 3, "toughness": 3,
             "text": "Flying\nThreshold — As long as seven or more cards are in your "
                     "graveyard, Childhood Horror gets +2/+2 and can't block."}


@pytest.mark.parametrize("cards,able", [(6, True), (7, False)])
def test_threshold_cant_block_as_long_as_seven_or_more_cards_are_in_your_graveyard(cards, able):
    b = make({"name": "Grizzly Bears", "power": 2, "toughness": 2},
             {**THRESHOLD, "id": "b"}, bob={"graveyard": cards}, attacks={"a": "Bob"})
    assert b.not_understood == []
    assert can_block(b, "b", "a") is able


DELIRIUM = {"name": "Dragon's Rage Channeler", "power": 1, "toughness": 1,
            "text": "Delirium — As long as there are four or more card types among cards "
                    "in your graveyard, Dragon's Rage Channeler gets +2/+2, has flying, and "
                    "attacks each combat if able."}


@pytest.mark.parametrize("types,must", [(["creature", "instant", "land"], False),
                                        (["creature", "instant", "land", "artifact"], True)])
def test_delirium_counts_card_types_among_cards_in_your_graveyard(types, must):
    b = make(DELIRIUM, alice={"graveyard": 5, "graveyard_types": types})
    assert b.not_understood == []
    # 508.1d: with delirium it attacks if able (and has flying).
    assert (json_set(b.legal_attacks()) == json_set([{"a": "Bob"}])) is must


def test_delirium_on_a_board_recording_only_the_number_of_cards_is_bad_input():
    b = make(DELIRIUM, alice={"graveyard": 5})
    with pytest.raises(BoardError, match="graveyard_types"):
        list(b.legal_attacks())


@pytest.mark.parametrize("bob_cards,able", [(6, False), (7, True)])
def test_508_1c_cant_attack_unless_defending_player_has_seven_or_more_cards_in_graveyard(
        bob_cards, able):
    gargoyle = {"name": "Vantress Gargoyle", "power": 2, "toughness": 4,
                "text": "Vantress Gargoyle can't attack unless defending player has seven or "
                        "more cards in their graveyard."}
    b = make(gargoyle, bob={"graveyard": bob_cards})
    assert b.not_understood == []
    assert can_attack(b) is able


@pytest.mark.parametrize("bob_cards,able", [(7, False), (8, True)])
def test_an_opponent_has_eight_or_more_cards_in_their_graveyard(bob_cards, able):
    golem = {"name": "Relic Golem", "power": 4, "toughness": 4,
             "text": "Relic Golem can't attack or block unless an opponent has eight or more "
                     "cards in their graveyard."}
    b = make(golem, bob={"graveyard": bob_cards})
    assert can_attack(b) is able


# -- the monarch (725) -------------------------------------------------------------------

@pytest.mark.parametrize("monarch,able", [(None, False), ("Alice", False), ("Bob", True)])
def test_725_cant_attack_unless_defending_player_is_the_monarch(monarch, able):
    hireling = {"name": "Crown-Hunter Hireling", "power": 4, "toughness": 4,
                "text": "Crown-Hunter Hireling can't attack unless defending player is the "
                        "monarch."}
    b = make(hireling, monarch=monarch) if monarch else make(hireling)
    assert b.not_understood == []
    assert can_attack(b) is able


@pytest.mark.parametrize("monarch,able", [("Alice", True), ("Bob", False)])
def test_725_cant_be_blocked_by_creatures_the_monarch_controls(monarch, able):
    admiral = {"name": "Azure Fleet Admiral", "power": 3, "toughness": 1,
               "text": "Azure Fleet Admiral can't be blocked by creatures the monarch "
                       "controls."}
    b = make(admiral, attacks={"a": "Bob"}, monarch=monarch)
    assert can_block(b, "b", "a") is able


@pytest.mark.parametrize("monarch,both", [("Bob", True), ("Alice", False)])
def test_725_can_block_an_additional_creature_as_long_as_you_are_the_monarch(monarch, both):
    entourage = {"name": "Entourage of Trest", "power": 4, "toughness": 4,
                 "text": "Entourage of Trest can block an additional creature each combat as "
                         "long as you're the monarch."}
    data = {
        "players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
        "monarch": monarch,
        "permanents": [
            {"id": "x", "name": "X", "controller": "Alice", "power": 1, "toughness": 1},
            {"id": "y", "name": "Y", "controller": "Alice", "power": 1, "toughness": 1},
            {"id": "e", "controller": "Bob", **entourage},
        ],
        "attacks": {"x": "Bob", "y": "Bob"},
    }
    b = Board.from_data(data)
    assert any(sorted(d.get("e", [])) == ["x", "y"] for d in b.legal_blocks()) is both


# -- the city's blessing (702.131c) --------------------------------------------------------

@pytest.mark.parametrize("blessing,able", [(False, False), (True, True)])
def test_702_131c_cant_attack_or_block_unless_you_have_the_citys_blessing(blessing, able):
    dino = {"name": "Wayward Swordtooth", "power": 5, "toughness": 5,
            "text": "Wayward Swordtooth can't attack or block unless you have the city's "
                    "blessing."}
    b = make(dino, alice={"city_blessing": blessing})
    assert b.not_understood == []
    assert can_attack(b) is able


# -- this turn: spells cast (601), damage (120.3), draws (121), deaths (700.4) ---------------

COHORT = {"name": "Goblin Cohort", "power": 2, "toughness": 2,
          "text": "Goblin Cohort can't attack unless you've cast a creature spell this turn."}


@pytest.mark.parametrize("spells,able", [([], False), (["Instant"], False),
                                         (["Creature — Elf"], True),
                                         (["Artifact Creature — Golem"], True)])
def test_601_cant_attack_unless_youve_cast_a_creature_spell_this_turn(spells, able):
    b = make(COHORT, alice={"spells_cast": spells})
    assert can_attack(b) is able


def test_spells_cast_not_recorded_is_bad_input_naming_it():
    with pytest.raises(BoardError, match="spells_cast"):
        list(make(COHORT).legal_attacks())


@pytest.mark.parametrize("spells,able", [(["Creature — Elf"], False), (["Sorcery"], True)])
def test_601_cant_attack_unless_youve_cast_a_noncreature_spell_this_turn(spells, able):
    snapper = {"name": "Silburlind Snapper", "power": 6, "toughness": 6,
               "text": "Silburlind Snapper can't attack unless you've cast a noncreature "
                       "spell this turn."}
    assert can_attack(make(snapper, alice={"spells_cast": spells})) is able


@pytest.mark.parametrize("spells,unblockable", [
    (["Creature — Elf"], False), (["Legendary Creature — Elf"], True),
    (["Artifact"], True), (["Enchantment — Saga"], True)])
def test_700_6_cant_be_blocked_if_youve_cast_a_historic_spell_this_turn(spells, unblockable):
    runner = {"name": "Relic Runner", "power": 2, "toughness": 1,
              "text": "Relic Runner can't be blocked if you've cast a historic spell this "
                      "turn."}
    b = make(runner, attacks={"a": "Bob"}, alice={"spells_cast": spells})
    assert can_block(b, "b", "a") is not unblockable


@pytest.mark.parametrize("spells,able", [(["Creature — Elf"], False), (["Instant"], True)])
def test_piston_fist_cyclops_attacks_despite_defender_after_an_instant(spells, able):
    cyclops = {"name": "Piston-Fist Cyclops", "power": 4, "toughness": 3,
               "text": "Defender\nAs long as you've cast an instant or sorcery spell this "
                       "turn, Piston-Fist Cyclops can attack as though it didn't have "
                       "defender."}
    b = make(cyclops, alice={"spells_cast": spells})
    assert b.not_understood == []
    assert can_attack(b) is able


@pytest.mark.parametrize("damage,able", [(0, False), (2, True)])
def test_120_3_cant_attack_unless_an_opponent_has_been_dealt_damage_this_turn(damage, able):
    goblin = {"name": "Bloodcrazed Goblin", "power": 2, "toughness": 2,
              "text": "Bloodcrazed Goblin can't attack unless an opponent has been dealt "
                      "damage this turn."}
    assert can_attack(make(goblin, bob={"damage_taken": damage})) is able


@pytest.mark.parametrize("died,able", [(0, False), (1, True)])
def test_700_4_cant_attack_or_block_unless_a_creature_died_under_your_control(died, able):
    bontu = {"name": "Bontu the Glorified", "power": 4, "toughness": 6,
             "text": "Bontu the Glorified can't attack or block unless a creature died under "
                     "your control this turn."}
    assert can_attack(make(bontu, alice={"creatures_died": died})) is able


@pytest.mark.parametrize("drawn,unblockable", [(1, False), (2, True)])
def test_121_cant_be_blocked_as_long_as_youve_drawn_two_or_more_cards(drawn, unblockable):
    anima = {"name": "Tome Anima", "power": 3, "toughness": 3,
             "text": "Tome Anima can't be blocked as long as you've drawn two or more cards "
                     "this turn."}
    b = make(anima, attacks={"a": "Bob"}, alice={"cards_drawn": drawn})
    assert can_block(b, "b", "a") is not unblockable


def test_player_facts_in_every_json_answer_need_no_english_reading(capsys, tmp_path):
    """The CLI reads the records from a JSON board and answers (exit 0); without the
    record, one line of bad input naming the player and the field (exit 2)."""
    from mtgcombat.cli import main

    data = json.loads(make(COHORT, alice={"spells_cast": ["Creature — Elf"]}).to_json())
    p = tmp_path / "b.json"
    p.write_text(json.dumps(data), encoding="utf-8")
    assert main(["attacks", str(p), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["not_understood"] == []
    del data["players"][0]["spells_cast"]
    p.write_text(json.dumps(data), encoding="utf-8")
    assert main(["attacks", str(p)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "spells_cast" in err


def test_combat_keeps_every_player_record_through_both_damage_steps():
    """The board after first-strike damage keeps the players' records (the city's blessing
    still makes the Swashbuckler double-striking-safe to judge), and the damage dealt to a
    player this turn grows where the board records it (120.3)."""
    swash = {"id": "s", "name": "Storm Fleet Swashbuckler", "controller": "Alice",
             "type_line": "Creature — Human Pirate", "power": 2, "toughness": 2,
             "text": "As long as you have the city's blessing, Storm Fleet Swashbuckler has "
                     "double strike."}
    b = Board.from_data({
        "players": [{"name": "Alice", "city_blessing": True, "graveyard": 3},
                    {"name": "Bob", "damage_taken": 1}],
        "active_player": "Alice", "permanents": [swash], "attacks": {"s": "Bob"}})
    assert b.not_understood == []
    after = b.combat().after_board
    assert after.player("Bob").life == 16  # 2 first-strike + 2 regular damage
    assert after.player("Bob").damage_taken == 5
    assert after.player("Alice").city_blessing and after.player("Alice").graveyard == 3


def test_611_3a_a_restriction_that_applies_by_its_condition_quotes_its_sentence(capsys,
                                                                                tmp_path):
    """The answer says why Goblin Cohort can't attack: it quotes the sentence with the
    condition (a restriction that always applies names only its permanent)."""
    from mtgcombat.cli import main

    b = make(COHORT, alice={"spells_cast": ["Instant"]})
    p = tmp_path / "cohort.json"
    p.write_text(b.to_json(), encoding="utf-8")
    assert main(["check", str(p), "--attacks", '{"a": "Bob"}']) == 0
    out = capsys.readouterr().out
    assert "unless you've cast a creature spell this turn" in out
    assert main(["check", str(p), "--attacks", '{"a": "Bob"}', "--lang", "de"]) == 0
    assert "„Goblin Cohort can't attack unless" in capsys.readouterr().out


def test_700_4_creatures_that_die_in_combat_are_added_where_the_board_records_deaths():
    b = Board.from_data({
        "players": [{"name": "Alice", "creatures_died": 0}, {"name": "Bob"}],
        "active_player": "Alice",
        "permanents": [{"id": "bears", "name": "Bears", "controller": "Alice", "power": 2,
                        "toughness": 2},
                       {"id": "ogre", "name": "Ogre", "controller": "Bob", "power": 3,
                        "toughness": 3}],
        "attacks": {"bears": "Bob"}, "blocks": {"ogre": ["bears"]}})
    after = b.combat().after_board
    assert after.player("Alice").creatures_died == 1
    assert after.player("Bob").creatures_died is None  # not recorded: stays so
