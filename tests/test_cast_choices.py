"""How a spell was cast, given as its choice (spec Extension 3's ``choices``, an effect's
``{"effect": n, "may": bool}``): "If this spell was kicked, ..." (601.2b, 702.33a) and "If
{W}{U} was spent to cast this spell, ..." (601.2g-h) read as conditions on that choice --
never guessed: missing with two options it is bad input naming the effect, except in the
decisions that search the deciding side's choices; a spell without a kicker can't have
been kicked (one option, chosen by itself). And the forced "as though it weren't blocked"
(Outmaneuver, 510.1c), read and applied in the damage model, on the board and as a trick."""

from __future__ import annotations

import json

import pytest

from mtgcombat import ask
from mtgcombat.board import Board
from mtgcombat.boardjson import dump_board_json as board_to_json, load_board_json
from mtgcombat.errors import BadInput
from mtgcombat.grammar.oracle import read_text
from mtgcombat.grammar.scenario import format_scenario, parse_scenario
from mtgcombat.rules import abilities as A

ORIM = ("Kicker {W}\nTarget player can't cast spells this turn. If this spell was kicked, "
        "creatures can't attack this turn.")
MYTHOS = ("Mythos of Vadrok deals 5 damage divided as you choose among any number of target "
          "creatures and/or planeswalkers. If {W}{U} was spent to cast this spell, until your "
          "next turn, those permanents can't attack or block and their activated abilities "
          "can't be activated.")
OUTMANEUVER = ("X target blocked creatures assign their combat damage this turn as though "
               "they weren't blocked.")


def _board(effect: str, text: str, tail: str = "") -> str:
    return f"""players Alice, Bob
active Alice

Alice:
  ogre: Gray Ogre 2/2 red [Creature — Ogre]
  bears: Grizzly Bears 2/2 green [Creature — Bear]

Bob:
  wall: Wall of Wood 0/3 green [Creature — Wall] "Defender"
  stone: Wall of Stone 0/8 [Artifact Creature — Wall] "Defender"

{effect}: {json.dumps(text)}
{tail}"""


def _ask(text: str, question: str, *args: str) -> dict:
    board = Board.parse(text, "<test>")
    return ask.answer(board, ask.parse(question, ["<test>", *args])).json()


def _attacks(text: str, *args: str) -> list:
    return [d["declaration"] for d in _ask(text, "attacks", *args)["declarations"]]


# -- reading ---------------------------------------------------------------------------------


def test_if_this_spell_was_kicked_reads_as_a_condition_on_how_it_was_cast_601_2b():
    r = read_text(ORIM, "Orim's Chant")
    (parsed,) = [p for p in r.understood if p.abilities]
    (cond,) = parsed.abilities
    assert isinstance(cond, A.Conditional) and cond.condition == A.CastChoice("kicked")
    assert isinstance(cond.abilities[0], A.CantAttack)
    assert r.not_understood == ("Target player can't cast spells this turn.",)


def test_mana_spent_to_cast_reads_as_a_condition_and_those_permanents_are_its_targets_601_2h():
    r = read_text(MYTHOS, "Mythos of Vadrok")
    (parsed,) = [p for p in r.understood if p.abilities]
    (cond,) = parsed.abilities
    assert cond.condition == A.CastChoice("mana", "{W}{U}")
    assert {type(a) for a in cond.abilities} == {A.CantAttack, A.CantBlock}
    assert all(a.subject == A.TargetGroup(0, None) for a in cond.abilities)
    # the clause about activated abilities is reported, not read
    assert "and their activated abilities can't be activated." in r.not_understood


def test_forced_as_though_unblocked_reads_as_no_choice_510_1c():
    (parsed,) = read_text(OUTMANEUVER, None).understood
    assert parsed.abilities == (A.AssignAsThoughUnblocked(
        A.TargetGroup(0, None, A.InCombatPred("blocked")), forced=True),)
    # the optional one stays optional
    (p2,) = read_text("You may have Rhox assign its combat damage as though it weren't "
                      "blocked.", "Rhox").understood
    assert p2.abilities == (A.AssignAsThoughUnblocked(A.SelfRef()),)


# -- kicked: 601.2b, 702.33a -----------------------------------------------------------------


def test_kicked_spell_applies_its_kicked_effect_601_2b():
    text = _board("effect Bob -> Alice", ORIM)
    assert _attacks(text, "--choose", "effect 1: may yes") == [{}]
    assert len(_attacks(text, "--choose", "effect 1: may no")) == 4


def test_kicked_choice_missing_is_bad_input_naming_the_effect_601_2b():
    text = _board("effect Bob -> Alice", ORIM)
    with pytest.raises(BadInput) as e:
        _attacks(text)
    msg = str(e.value)
    assert "effect 1" in msg and "Bob" in msg and '"effect": 1' in msg


def test_spell_without_kicker_cost_was_not_kicked_one_option_702_33a():
    text = _board("effect Bob -> Alice", "Target player can't cast spells this turn. If this "
                  "spell was kicked, creatures can't attack this turn.")
    assert len(_attacks(text)) == 4
    got = _ask(text + "attack ogre -> Bob\nno blocks\n", "combat")
    assert got["choices"][0]["effect"] == 1 and got["choices"][0]["may"] is False
    assert got["choices"][0]["automatic"] is True
    # saying it was kicked is not one of its options
    with pytest.raises(BadInput):
        _attacks(text, "--choose", "effect 1: may yes")


def test_combat_lists_the_cast_choice_it_used_in_both_languages():
    text = _board("effect Bob -> Alice", ORIM, "attack ogre -> Bob\nno blocks\n")
    got = _ask(text, "combat", "--choose", "effect 1: may no")
    assert got["choices"] == [{"effect": 1, "may": False, "automatic": False,
                               "message": got["choices"][0]["message"]}]
    assert got["after"]["life"]["Bob"] == 18
    board = Board.parse(text, "<test>")
    de = ask.answer(board, ask.parse("combat", ["<test>", "--choose", "effect 1: may no",
                                                "--lang", "de"])).text()
    assert "Effekt 1: beim Wirken" in de


def test_best_blocks_searches_the_defenders_cast_choice():
    text = _board("effect Bob -> Alice", ORIM, "attack ogre -> Bob\n")
    got = _ask(text, "best-blocks")
    assert got["choices"][0]["effect"] == 1 and got["choices"][0]["searched"] is True


def test_best_attacks_leaves_the_defenders_cast_choice_bad_input():
    text = _board("effect Bob -> Alice", ORIM)
    with pytest.raises(BadInput):
        _ask(text, "best-attacks")


def test_mana_spent_choice_restricts_those_permanents_601_2h():
    text = _board("effect Bob -> ogre", MYTHOS)
    assert _attacks(text, "--choose", "effect 1: may yes") == [{}, {"bears": "Bob"}]
    assert len(_attacks(text, "--choose", "effect 1: may no")) == 4


def test_cast_choice_round_trips_json_and_scenario_language():
    text = _board("effect Bob -> Alice", ORIM, "choose effect 1: may yes\n")
    board = parse_scenario(text, "<test>")
    assert board.choices[0].effect == 1 and board.choices[0].source == ""
    data = json.loads(board_to_json(board))
    assert data["choices"] == [{"effect": 1, "may": True}]
    assert load_board_json(json.dumps(data)).choices == board.choices
    assert "choose effect 1: may yes" in format_scenario(board)
    assert parse_scenario(format_scenario(board), "<again>").choices == board.choices


@pytest.mark.parametrize("choice, word", [({"effect": 2, "may": True}, "effect 2"),
                                          ({"effect": 1, "source": "ogre", "may": True},
                                           "no source")])
def test_a_cast_choice_naming_no_effect_of_the_board_is_bad_input(choice, word):
    data = json.loads(board_to_json(parse_scenario(_board("effect Bob -> Alice", ORIM),
                                                   "<test>")))
    data["choices"] = [choice]
    with pytest.raises(BadInput) as e:
        ask.answer(load_board_json(json.dumps(data)), ask.parse("attacks", ["<test>"]))
    assert word in str(e.value)


def test_kicked_fact_of_a_permanent_answers_if_this_spell_was_kicked_702_33d():
    text = """players Alice, Bob
active Alice

Alice:
  ogre: Gray Ogre 2/2 red [Creature — Ogre] fact kicked "Kicker {R}" "If this spell was kicked, creatures can't attack this turn."
"""
    assert _attacks(text) == [{}]


# -- forced "as though it weren't blocked": 510.1c -------------------------------------------


def test_outmaneuver_blocked_target_assigns_all_its_damage_to_the_player_510_1c():
    tail = "attack ogre -> Bob\nattack bears -> Bob\nblock wall -> ogre\nblock stone -> bears\n"
    got = _ask(_board("effect Alice -> ogre", OUTMANEUVER, tail), "combat")
    assert got["after"]["life"]["Bob"] == 18  # the Ogre's 2; the Bears' go to their Wall
    dmg = _ask(_board("effect Alice -> ogre", OUTMANEUVER, tail), "damage")
    assert [a["assignment"] for a in dmg["assignments"]] == [
        {"ogre": {"Bob": 2}, "bears": {"stone": 2}}]
    assert dmg["sources"]["ogre"]["as_though_unblocked"] is None  # no choice to make


def test_outmaneuver_as_a_trick_after_blockers_510_1c():
    tail = "attack ogre -> Bob\nattack bears -> Bob\nblock wall -> ogre\nblock stone -> bears\n"
    got = _ask(_board("effect Alice in declare blockers -> ogre, bears", OUTMANEUVER, tail),
               "combat")
    assert got["after"]["life"]["Bob"] == 16
    assert not got.get("not_modelled")


def test_blocked_creature_target_must_be_blocked_509_1h():
    tail = "attack ogre -> Bob\nattack bears -> Bob\nblock wall -> ogre\n"
    board = _board("effect Bob in declare blockers -> bears", "Destroy target blocked creature.",
                   tail)
    got = _ask(board, "combat")
    assert got["after"]["life"]["Bob"] == 18  # not cast: the Bears are not blocked
    board = _board("effect Bob in declare blockers -> ogre", "Destroy target blocked creature.",
                   tail)
    got = _ask(board, "combat")
    assert "ogre" in got["after"]["destroyed"] and got["after"]["life"]["Bob"] == 18


# -- a creature chosen as the spell resolves: 608.2d ------------------------------------------

WAR_CRY = ("Target opponent chooses a creature they control. Other creatures they control "
           "can't block this turn.")


def _war_cry(tail: str = "attack ogre -> Bob\n") -> str:
    return f"""players Alice, Bob
active Alice

Alice:
  ogre: Gray Ogre 2/2 red [Creature — Ogre]

Bob:
  wall: Wall of Wood 0/3 green [Creature — Wall] "Defender"
  elf: Llanowar Elves 1/1 green [Creature — Elf]

effect Alice -> Bob: {json.dumps(WAR_CRY)}
{tail}"""


def test_player_chooses_a_creature_as_the_spell_resolves_reads_as_its_choice_608_2d():
    r = read_text(WAR_CRY, "Goblin War Cry")
    assert not r.not_understood
    first, second = r.understood
    assert first.abilities == (A.Choice("creature"),)
    (cant,) = second.abilities
    player = A.TargetRef(0, "player")
    assert cant == A.CantBlock(A.Group(pred=A.NotPred(A.ObjectPred(A.SpellChosenRef(player))),
                                       controller=player))
    # without the sentence before it, "they" names no one: not read
    assert read_text("Other creatures they control can't block this turn.", None).not_understood


def test_only_the_chosen_creature_can_block_608_2d():
    blocks = [d["declaration"] for d in _ask(_war_cry(), "blocks", "--choose",
                                             "effect 1: chosen elf")["declarations"]]
    assert blocks == [{}, {"elf": ["ogre"]}]


def test_chosen_creature_missing_is_bad_input_naming_the_player_who_chooses_608_2d():
    with pytest.raises(BadInput) as e:
        _ask(_war_cry(), "blocks")
    assert "Bob" in str(e.value) and '"chosen"' in str(e.value)
    # one creature to choose: chosen by itself
    one = _war_cry().replace('  wall: Wall of Wood 0/3 green [Creature — Wall] "Defender"\n', "")
    got = _ask(one + "no blocks\n", "combat")
    assert got["choices"][0]["chosen"] == "elf" and got["choices"][0]["automatic"] is True


def test_a_chosen_creature_not_the_players_is_bad_input():
    with pytest.raises(BadInput):
        _ask(_war_cry(), "blocks", "--choose", "effect 1: chosen ogre")


def test_best_blocks_searches_the_defenders_chosen_creature():
    got = _ask(_war_cry(), "best-blocks")
    (made,) = got["choices"]
    assert made["effect"] == 1 and made["chosen"] in ("wall", "elf") and made["searched"]
    assert got["blocks"] == {"wall": ["ogre"]}  # the Wall chosen, it blocks and survives


def test_chosen_creature_round_trips_json_and_scenario_language():
    board = parse_scenario(_war_cry("choose effect 1: chosen elf\n"), "<test>")
    data = json.loads(board_to_json(board))
    assert data["choices"] == [{"effect": 1, "chosen": "elf"}]
    assert load_board_json(json.dumps(data)).choices == board.choices
    assert parse_scenario(format_scenario(board), "<again>").choices == board.choices


# -- what each target of a group must be: 601.2c, 608.2b --------------------------------------

def test_x_target_blocked_creatures_reads_what_each_target_must_be_115_1():
    (parsed,) = read_text(OUTMANEUVER, None).understood
    (ability,) = parsed.abilities
    assert ability.subject.pred == A.InCombatPred("blocked")
    plain = read_text("Up to two target creatures can't block this turn.", None).understood
    assert plain[0].abilities[0].subject.pred is None


def test_outmaneuver_before_blockers_is_not_cast_its_target_is_not_blocked_601_2c():
    # Cast in the declare attackers step, the Ogre is not blocked yet: it is no legal
    # target of "X target blocked creatures", so the spell can't be cast; the Ogre's
    # damage goes to the Wall that blocks it later.
    tail = "attack ogre -> Bob\nattack bears -> Bob\nblock wall -> ogre\nblock stone -> bears\n"
    got = _ask(_board("effect Alice in declare attackers -> ogre", OUTMANEUVER, tail), "combat")
    assert got["after"]["life"]["Bob"] == 20
    outcome = [o for s in got["stack"] for r in s["resolved"] for o in r["outcome"]]
    assert [o["code"] for o in outcome] == ["stack.not_cast"] and outcome[0]["rule"] == "601.2c"


def test_a_group_target_that_is_not_what_the_words_say_stops_the_trick_601_2c():
    # Runed Arch's "X target creatures with power 2 or less": the Ogre (2) may be one,
    # a 3-power creature may not.
    text = "X target creatures with power 2 or less can't be blocked this turn."
    tail = "attack ogre -> Bob\n"
    got = _ask(_board("effect Alice in beginning of combat -> ogre", text, tail), "blocks")
    assert all(not d["declaration"] for d in got["declarations"])  # nobody can block it
    board = _board("effect Alice in beginning of combat -> ogre", text, tail).replace(
        "Gray Ogre 2/2", "Gray Ogre 3/2")
    got = _ask(board, "combat")
    outcome = [o for s in got["stack"] for r in s["resolved"] for o in r["outcome"]]
    assert [o["code"] for o in outcome] == ["stack.not_cast"]
