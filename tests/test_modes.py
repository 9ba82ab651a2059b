"""Modal spells (700.2): an effect's text "Choose one \u2014 \u2022 ... \u2022 ..." applies
the modes chosen for it (the effect's "modes", 700.2a) and no other; the targets are
numbered across the chosen modes alone (601.2c, 700.2c). Without the choice the board
can't say what the spell does: bad input naming the effect. The modes of a triggered or
activated ability stay not understood (the board doesn't show such an ability resolving).
Boards are JSON data here, so these tests need no scenario syntax."""
from __future__ import annotations

import json

import pytest

from mtgcombat.board import Board
from mtgcombat.cli import main
from mtgcombat.grammar.oracle.reader import modal_spell, read_text
from mtgcombat.rules import abilities as A
from mtgcombat.rules.model import BoardError

B = "\u2022"
D = "\u2014"

#: Two modes, each naming one target creature.
ATTACK_OR_BLOCK = (f"Choose one {D}\n{B} Target creature can't attack this turn.\n"
                   f"{B} Target creature can't block this turn.")
GRUUL_CHARM = (f"Choose one {D}\n{B} Creatures without flying can't block this turn.\n"
               f"{B} Gain control of all permanents you own.\n"
               f"{B} Gruul Charm deals 3 damage to each creature with flying.")
RIVER = (f"Choose one {D}\n{B} Fight the Current {D} Return target nonland permanent to its "
         f"owner's hand.\n{B} Find a Crossing {D} Target creature gets +1/+0 until end of turn "
         "and can't be blocked this turn.")
INCITE_WAR = (f"Choose one {D}\n{B} Creatures target player controls attack this turn if able.\n"
              f"{B} Creatures you control gain first strike until end of turn.\n"
              "Entwine {2} (Choose both if you pay the entwine cost.)")
#: Three modes; the first and the third name a target creature.
THREE = (f"Choose one or more {D}\n{B} Target creature can't block this turn.\n"
         f"{B} Creatures you control gain first strike until end of turn.\n"
         f"{B} Target creature can't attack this turn.")


def make(effects: list, attacks: dict | None = None) -> Board:
    """Alice (active) with bears and ogre, Bob with a wall."""
    data: dict = {
        "players": [{"name": "Alice"}, {"name": "Bob"}],
        "active_player": "Alice",
        "permanents": [
            {"id": "bears", "name": "Grizzly Bears", "controller": "Alice", "type_line": "Creature \u2014 Bear",
             "power": 2, "toughness": 2},
            {"id": "ogre", "name": "Gray Ogre", "controller": "Alice", "type_line": "Creature \u2014 Ogre",
             "power": 2, "toughness": 2},
            {"id": "wall", "name": "Wall of Stone", "controller": "Bob", "type_line": "Creature \u2014 Wall",
             "power": 0, "toughness": 4},
        ],
        "effects": effects,
    }
    if attacks is not None:
        data["attacks"] = attacks
    return Board.from_data(data)


def attackers(b: Board) -> set[frozenset]:
    return {frozenset(d) for d in b.legal_attacks()}


def blocks(b: Board) -> set[str]:
    return {json.dumps(d, sort_keys=True) for d in b.legal_blocks()}


def effect(text: str, modes=None, targets=(), controller="Bob") -> dict:
    e: dict = {"text": text, "controller": controller, "targets": list(targets)}
    if modes is not None:
        e["modes"] = modes
    return e


# -- 700.2a: the chosen modes apply, the others don't ------------------------------------------


def test_700_2_a_modal_spells_chosen_mode_applies_and_the_other_does_not():
    # Mode 1 chosen: bears can't attack. Mode 2 (can't block) is not part of the spell.
    b = make([effect(ATTACK_OR_BLOCK, [1], ["bears"])])
    assert b.not_understood == []
    assert attackers(b) == {frozenset(), frozenset({"ogre"})}
    # Mode 2 chosen: bears can attack (and the other mode's "can't attack" is gone).
    b = make([effect(ATTACK_OR_BLOCK, [2], ["bears"])])
    assert b.not_understood == []
    assert attackers(b) == {frozenset(), frozenset({"bears"}), frozenset({"ogre"}),
                            frozenset({"bears", "ogre"})}


def test_700_2_a_the_chosen_mode_binds_the_target_the_other_mode_never_applies():
    # Bob's spell, mode 2: target creature (wall) can't block this turn.
    b = make([effect(ATTACK_OR_BLOCK, [2], ["wall"])], attacks={"bears": "Bob"})
    assert blocks(b) == {"{}"}
    b = make([effect(ATTACK_OR_BLOCK, [1], ["wall"])], attacks={"bears": "Bob"})
    assert blocks(b) == {"{}", json.dumps({"wall": ["bears"]})}


def test_700_2_a_a_mode_without_targets_applies_to_its_group():
    # Gruul Charm, mode 1: creatures without flying can't block this turn.
    b = make([effect(GRUUL_CHARM, [1], controller="Alice")], attacks={"bears": "Bob"})
    assert b.not_understood == []
    assert blocks(b) == {"{}"}
    # Mode 3 (damage to fliers) says nothing of blocking, and is not read as static text.
    b = make([effect(GRUUL_CHARM, [3], controller="Alice")], attacks={"bears": "Bob"})
    assert blocks(b) == {"{}", json.dumps({"wall": ["bears"]})}


def test_207_2d_a_flavor_word_heading_a_mode_has_no_rules_meaning():
    # You Come to a River, "Find a Crossing -- Target creature ... can't be blocked this turn."
    b = make([effect(RIVER, [2], ["bears"], controller="Alice")], attacks={"bears": "Bob"})
    assert b.not_understood == []
    assert blocks(b) == {"{}"}
    reading = read_text(RIVER, None, [2])
    assert [p.sentence for p in reading.understood] == [
        f"Choose one {D}",
        "Target creature gets +1/+0 until end of turn and can't be blocked this turn."]


def test_700_2_a_the_unchosen_mode_is_not_read_and_not_reported():
    reading = read_text(RIVER, None, [2])
    assert reading.not_understood == ()
    assert not any("Return target" in p.sentence for p in reading.understood)


def test_702_42a_entwine_chooses_every_mode():
    b = make([effect(INCITE_WAR, [1, 2], ["Bob"], controller="Alice")])
    assert b.not_understood == []
    reading = b.effect_readings[0]
    assert any(isinstance(a, A.AttackRequirement) for a in reading.abilities)
    assert any(isinstance(a, A.Grant) for a in reading.abilities)


# -- 601.2c: targets numbered across the chosen modes only -------------------------------------


def test_601_2c_targets_are_numbered_across_the_chosen_modes_only():
    # Modes 1 and 3 chosen: the first target is mode 1's, the second mode 3's.
    b = make([effect(THREE, [1, 3], ["wall", "ogre"], controller="Alice")],
             attacks={"bears": "Bob"})
    assert b.not_understood == []
    refs = [a.subject for a in b.effect_readings[0].abilities]
    assert refs == [A.TargetRef(0, "creature"), A.TargetRef(1, "creature")]
    assert blocks(b) == {"{}"}
    # Mode 3 alone: its target is the first one (mode 1's target is not counted).
    b = make([effect(THREE, [3], ["bears"], controller="Alice")])
    assert [a.subject for a in b.effect_readings[0].abilities] == [A.TargetRef(0, "creature")]
    assert attackers(b) == {frozenset(), frozenset({"ogre"})}


def test_601_2c_a_chosen_mode_missing_its_target_is_bad_input():
    with pytest.raises(BoardError, match=r"effect 1 .*names 2 target"):
        make([effect(THREE, [1, 3], ["wall"], controller="Alice")]).legal_attacks().count()


def test_601_2c_without_a_choice_a_target_after_the_modes_is_not_numbered():
    text = ATTACK_OR_BLOCK + "\nTarget creature can't block this turn."
    reading = read_text(text, None)
    assert reading.abilities == ()
    assert "Target creature can't block this turn." in reading.not_understood


# -- bad input: the choice missing or impossible -------------------------------------------------


def test_700_2_modes_without_a_choice_are_bad_input_naming_the_effect():
    b = make([{"text": "Creatures you control can't attack this turn.", "controller": "Bob"},
              effect(ATTACK_OR_BLOCK, None, ["bears"])])
    with pytest.raises(BoardError) as e:
        b.legal_attacks().count()
    msg = str(e.value)
    assert msg.startswith("effect 2: ") and '"modes"' in msg and "\n" not in msg
    assert e.value.why.code == "error.modes_missing"


@pytest.mark.parametrize("modes,code", [
    ([3], "error.mode_out_of_range"),
    ([1, 1], "error.mode_twice"),
    ([1, 2], "error.modes_count"),
    ([], "error.modes_count"),
])
def test_700_2_a_mode_the_text_lacks_twice_or_too_many_is_bad_input(modes, code):
    b = make([effect(ATTACK_OR_BLOCK, modes, ["bears"])])
    with pytest.raises(BoardError) as e:
        b.legal_attacks().count()
    assert e.value.why.code == code
    assert str(e.value).startswith("effect 1: ")


def test_700_2_modes_on_a_text_that_is_not_modal_are_bad_input():
    b = make([effect("Target creature can't attack this turn.", [1], ["bears"])])
    with pytest.raises(BoardError, match="effect 1: modes .* not a modal spell"):
        b.legal_attacks().count()


@pytest.mark.parametrize("modes,match", [
    ([0], "mode numbers"), ([2, 1], "order the text prints them"),
])
def test_700_2_a_modes_are_numbers_from_one_in_printed_order(modes, match):
    with pytest.raises(BoardError, match="effect 1: .*" + match):
        make([effect(THREE, modes, ["bears"])])


def test_json_modes_must_be_a_list_of_integers():
    with pytest.raises(BoardError, match=r"effects\[0\]: each entry of modes must be an integer"):
        make([effect(ATTACK_OR_BLOCK, ["1"], ["bears"])])


def test_700_2d_the_same_mode_more_than_once_when_the_text_allows_it():
    text = (f"Choose two. You may choose the same mode more than once.\n"
            f"{B} Target creature can't block this turn.\n{B} You gain 2 life.")
    spell = modal_spell(text)
    assert spell is not None and spell.same_mode and spell.allows(2)
    b = make([effect(text, [1, 1], ["wall", "wall"], controller="Alice")],
             attacks={"bears": "Bob"})
    assert b.not_understood == []
    assert blocks(b) == {"{}"}


def test_700_2_how_many_modes_each_instruction_allows():
    def allowed(header: str, n: int = 3) -> list[int]:
        spell = modal_spell(header + "\n" + "\n".join(f"{B} You gain {k} life." for k in
                                                      range(1, n + 1)))
        assert spell is not None, header
        return [k for k in range(n + 2) if spell.allows(k)]

    assert allowed(f"Choose one {D}") == [1]
    assert allowed(f"Choose two {D}", 4) == [2]
    assert allowed(f"Choose one or both {D}", 2) == [1, 2]
    assert allowed(f"Choose one or more {D}") == [1, 2, 3, 4]
    assert allowed(f"Choose up to two {D}") == [0, 1, 2]
    assert allowed("Choose one. If you control a commander as you cast this spell, you may "
                   "choose both instead.", 2) == [1, 2]
    assert allowed(f"Choose one {D}") == [1]
    assert modal_spell(INCITE_WAR).allows(2)  # type: ignore[union-attr]  # entwine


# -- modes of abilities stay not understood -------------------------------------------------------


@pytest.mark.parametrize("text", [
    f"When X enters the battlefield, choose one {D}\n{B} Target creature can't block this "
    f"turn.\n{B} X gains haste until end of turn.",
    f"{{T}}: Choose one {D}\n{B} Target creature can't block this turn.\n{B} Target "
    "creature gains flying until end of turn.",
    f"I, II {D} Choose one {D}\n{B} Target creature can't block this turn.\n{B} You gain 2 "
    "life.",
])
def test_a_mode_of_a_triggered_ability_stays_not_understood(text):
    assert modal_spell(text) is None  # not a modal spell: no "modes" for it
    reading = read_text(text, "X")
    assert reading.understood == ()
    assert len(reading.not_understood) == 3
    with pytest.raises(ValueError):
        read_text(text, "X", [1])


def test_a_modal_trigger_that_may_choose_both_instead_keeps_its_modes_unread():
    text = ("Delirium \u2014 When X enters the battlefield, choose one. If there are four or "
            "more card types among cards in your graveyard, choose both instead.\n"
            f"{B} Target creature can't block this turn.\n{B} You gain 2 life.")
    reading = read_text(text, "X")
    assert reading.abilities == ()
    assert "\u2022 Target creature can't block this turn." in reading.not_understood


def test_without_a_choice_the_instruction_and_the_modes_are_not_understood():
    reading = read_text(ATTACK_OR_BLOCK, None)
    assert reading.abilities == ()
    assert len(reading.not_understood) == 3


# -- JSON round trip, CLI -------------------------------------------------------------------------


def test_json_round_trip_of_modes():
    b = make([effect(THREE, [1, 3], ["wall", "ogre"], controller="Alice"),
              {"text": "Creatures you control can't attack this turn.", "controller": "Bob"}])
    data = b.to_data()
    assert data["effects"][0]["modes"] == [1, 3]
    assert "modes" not in data["effects"][1]
    again = Board.from_data(json.loads(json.dumps(data)))
    assert again == b and again.effects[0].modes == (1, 3)
    assert again.to_data() == data


def test_cli_bad_modes_is_one_line_and_exit_2(tmp_path, capsys):
    data = make([effect(ATTACK_OR_BLOCK, [1], ["bears"])]).to_data()
    data["effects"][0]["modes"] = [3]
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["attacks", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "effect 1" in err and "mode 3" in err
    del data["effects"][0]["modes"]
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["attacks", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1 and "modes" in err and "effect 1" in err


def test_scenario_effect_modes_are_read_and_printed():
    text = ('players Alice, Bob\nactive Alice\nAlice:\n  bears: Grizzly Bears 2/2 green\n'
            'Bob:\n  wall: Wall 0/4\n'
            'effect Bob modes 2 -> bears: "Choose one \u2014\\n\u2022 Target creature can\'t '
            'attack this turn.\\n\u2022 Target creature can\'t block this turn."\n')
    b = Board.parse(text, "<t>")
    assert b.effects[0].modes == (2,)
    assert b.not_understood == []
    # the chosen mode ("can't block") applies; the other ("can't attack") doesn't
    assert {json.dumps(d) for d in b.legal_attacks()} == {json.dumps({}),
                                                           json.dumps({"bears": "Bob"})}
    again = Board.parse(b.scenario(), "<again>")
    assert again.effects == b.effects and again.to_data() == b.to_data()
    assert "effect Bob modes 2 -> bears:" in b.scenario()


def test_scenario_effect_modes_without_targets_read_back_from_show():
    text = ('players Alice, Bob\nactive Alice\nAlice:\n  bears: Grizzly Bears 2/2\n'
            'effect Bob modes 2: "Choose one \u2014\\n\u2022 Target creature can\'t attack '
            'this turn.\\n\u2022 Creatures can\'t block this turn."\n')
    b = Board.parse(text, "<t>")
    assert b.effects[0].modes == (2,) and b.effects[0].targets == ()
    assert Board.parse(b.scenario(), "<again>").effects == b.effects
