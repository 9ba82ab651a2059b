"""Issue 11.5: sentences of real cards read, each checked on a board -- compound and
pronoun forms (Gorm the Great, Noble Quarry, Michonne), "if ~ attacks" requirements
(Viashino Bey, Ekundu Cyclops), counters of any kind, the active player, an enchanted
creature's controller, the chosen color, names of several words, creature tokens."""
from __future__ import annotations

import json

import pytest

from mtgcombat.board import Board
from mtgcombat.grammar.oracle import read_text


def creature(pid: str, controller: str, name: str | None = None, power: int = 2,
             toughness: int = 2, **more) -> dict:
    return {"id": pid, "name": name or pid, "controller": controller,
            "type_line": more.pop("type_line", "Creature — Beast"), "power": power,
            "toughness": toughness, **more}


def make(*perms: dict, players=("Alice", "Bob"), **top) -> Board:
    return Board.from_data({"players": [{"name": p} for p in players],
                            "active_player": players[0], "permanents": list(perms), **top})


def as_set(ds) -> set:
    return {json.dumps({k: (list(v) if isinstance(v, tuple) else v) for k, v in d.items()},
                       sort_keys=True) for d in ds}


def attacks(b: Board) -> set:
    return as_set(b.legal_attacks())


def blocks(b: Board) -> set:
    return as_set(b.legal_blocks())


# -- "if ~ attacks" (508.1d) ---------------------------------------------------------------

def test_508_1d_viashino_bey_if_it_attacks_all_creatures_you_control_attack_if_able():
    b = make(creature("bey", "Alice", "Viashino Bey", 4, 3,
                      text="If Viashino Bey attacks, all creatures you control attack if able."),
             creature("bears", "Alice"), creature("wall", "Bob"))
    assert b.not_understood == []
    legal = attacks(b)
    assert as_set([{"bey": "Bob"}]) & legal == set()  # the bears must come along
    assert as_set([{}, {"bears": "Bob"}, {"bey": "Bob", "bears": "Bob"}]) == legal


def test_508_1d_ekundu_cyclops_also_attacks_if_a_creature_you_control_attacks():
    b = make(creature("cyclops", "Alice", "Ekundu Cyclops", 3, 4,
                      text="If a creature you control attacks, Ekundu Cyclops also attacks "
                           "if able."),
             creature("bears", "Alice"), creature("wall", "Bob"))
    assert b.not_understood == []
    assert attacks(b) == as_set([{}, {"cyclops": "Bob"}, {"cyclops": "Bob", "bears": "Bob"}])


# -- compound sentences and pronouns (201.5c) ----------------------------------------------

def test_gorm_the_great_two_statements_and_a_shortened_name():
    b = make(creature("gorm", "Alice", "Gorm the Great", 2, 7,
                      text="Vigilance\nGorm the Great must be blocked if able, and Gorm must "
                           "be blocked by two or more creatures if able."),
             creature("x", "Bob"), creature("y", "Bob"), attacks={"gorm": "Bob"})
    assert b.not_understood == []
    # 509.1c: both requirements are obeyed only when both block Gorm.
    assert blocks(b) == as_set([{"x": ["gorm"], "y": ["gorm"]}])


def test_noble_quarry_bestowed_all_creatures_able_to_block_enchanted_creature_do_so():
    quarry = {"id": "quarry", "name": "Noble Quarry", "controller": "Alice",
              "type_line": "Enchantment — Aura", "attached_to": "bears",
              "text": "All creatures able to block Noble Quarry or enchanted creature do so."}
    b = make(quarry, creature("bears", "Alice"), creature("ogre", "Alice"),
             creature("x", "Bob"), attacks={"bears": "Bob", "ogre": "Bob"})
    assert b.not_understood == []
    assert blocks(b) == as_set([{"x": ["bears"]}])


def test_noble_quarry_as_a_creature_all_creatures_able_to_block_it_do_so():
    quarry = creature("quarry", "Alice", "Noble Quarry", 1, 1,
                      type_line="Enchantment Creature — Unicorn",
                      text="All creatures able to block Noble Quarry or enchanted creature "
                           "do so.")
    b = make(quarry, creature("ogre", "Alice"), creature("x", "Bob"),
             attacks={"quarry": "Bob", "ogre": "Bob"})
    assert blocks(b) == as_set([{"x": ["quarry"]}])


@pytest.mark.parametrize("equipped", [True, False])
def test_she_refers_to_the_card_michonne_must_be_blocked_while_equipped(equipped):
    perms = [creature("michonne", "Alice", "Michonne, Ruthless Survivor", 3, 3,
                      text="As long as Michonne is equipped, she must be blocked if able."),
             creature("x", "Bob")]
    if equipped:
        perms.append({"id": "sword", "name": "Sword", "controller": "Alice",
                      "type_line": "Artifact — Equipment", "attached_to": "michonne"})
    b = make(*perms, attacks={"michonne": "Bob"})
    assert b.not_understood == []
    assert (as_set([{}]) <= blocks(b)) is not equipped


def test_a_shortened_name_is_only_a_first_word_before_the():
    r = read_text("Gorm must be blocked if able.", "Gorm the Great")
    assert r.not_understood == ()
    assert read_text("Master can't attack.", "Master of the Hunt").not_understood


# -- counters (122.1) ----------------------------------------------------------------------

@pytest.mark.parametrize("n,able", [(4, False), (5, True)])
def test_122_1_cant_attack_or_block_unless_it_has_five_or_more_counters_on_it(n, able):
    b = make(creature("dragon", "Alice", "Slumbering Dragon", 8, 8,
                      counters={"+1/+1": n},
                      text="Slumbering Dragon can't attack or block unless it has five or more "
                           "+1/+1 counters on it."), creature("x", "Bob"))
    assert b.not_understood == []
    assert (as_set([{"dragon": "Bob"}]) <= attacks(b)) is able


@pytest.mark.parametrize("counters,able", [({}, True), ({"stun": 1}, False),
                                           ({"+1/+1": 2}, False)])
def test_122_1_creatures_with_counters_of_any_kind_on_them_cant_attack(counters, able):
    b = make(creature("bears", "Alice", counters=counters),
             creature("knight", "Bob", "Kulrath Knight", 3, 3,
                      text="Creatures your opponents control with counters on them can't "
                           "attack or block."))
    assert b.not_understood == []
    assert (as_set([{"bears": "Bob"}]) <= attacks(b)) is able


# -- players named by their role ------------------------------------------------------------

def test_102_1_creatures_the_active_player_controls_attack_this_turn_if_able():
    b = Board.from_data({
        "players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
        "permanents": [creature("bears", "Alice")],
        "effects": [{"text": "Creatures the active player controls attack this turn if able.",
                     "controller": "Bob"}]})
    assert b.not_understood == []
    assert attacks(b) == as_set([{"bears": "Bob"}])


def test_303_4_all_creatures_attack_enchanted_creatures_controller_if_able():
    enemy = {"id": "enemy", "name": "Public Enemy", "controller": "Alice",
             "type_line": "Enchantment — Aura", "attached_to": "carols",
             "text": "Enchant creature\nAll creatures attack enchanted creature's controller "
                     "each combat if able."}
    b = make(enemy, creature("bears", "Alice"), creature("carols", "Carol"),
             players=("Alice", "Bob", "Carol"))
    assert attacks(b) == as_set([{"bears": "Carol"}])


@pytest.mark.parametrize("chosen,able", [("G", False), ("R", True)])
def test_105_2_creatures_of_the_chosen_color_without_flying_cant_attack_you(chosen, able):
    moat = {"id": "moat", "name": "Teferi's Moat", "controller": "Bob",
            "type_line": "Enchantment", "chosen": {"color": chosen},
            "text": "As Teferi's Moat enters the battlefield, choose a color.\nCreatures of "
                    "the chosen color without flying can't attack you."}
    b = make(moat, creature("bears", "Alice", colors=["G"]))
    assert b.not_understood == []
    assert (as_set([{"bears": "Bob"}]) <= attacks(b)) is able


@pytest.mark.parametrize("advocate,must", [(False, True), (True, False)])
def test_201_2_a_name_of_several_words_advocate_of_the_beast(advocate, must):
    perms = [creature("maulhorn", "Alice", "Marauding Maulhorn", 5, 3,
                      text="Marauding Maulhorn attacks each combat if able unless you control "
                           "a creature named Advocate of the Beast.")]
    if advocate:
        perms.append(creature("advocate", "Alice", "Advocate of the Beast", 2, 3))
    b = make(*perms)
    assert b.not_understood == []
    assert (as_set([{}]) <= attacks(b)) is not must


@pytest.mark.parametrize("token,able", [(True, False), (False, True)])
def test_111_1_cant_be_blocked_by_creature_tokens(token, able):
    runner = creature("runner", "Alice", "Rubblebelt Runner", 3, 3,
                      text="Rubblebelt Runner can't be blocked by creature tokens.")
    blocker = creature("goblin", "Bob", "Goblin",
                       type_line="Token Creature — Goblin" if token else "Creature — Goblin")
    b = make(runner, blocker, attacks={"runner": "Bob"})
    assert b.not_understood == []
    assert (as_set([{"goblin": ["runner"]}]) <= blocks(b)) is able


# -- costs counted on the board (107.3a) ------------------------------------------------------

def _forest(i: int, controller: str = "Alice") -> dict:
    return {"id": f"forest{i}", "name": "Forest", "controller": controller,
            "type_line": "Basic Land — Forest"}


@pytest.mark.parametrize("lands,payable", [(1, False), (2, True)])
def test_508_1d_pay_1_for_each_counter_on_it_costs_2_with_two_counters(lands, payable):
    myr = creature("myr", "Alice", "Myr Prototype", 2, 2, type_line="Artifact Creature — Myr",
                   counters={"+1/+1": 2},
                   text="Myr Prototype can't attack or block unless you pay {1} for each "
                        "+1/+1 counter on it.")
    b = make(myr, *[_forest(i) for i in range(lands)], creature("x", "Bob"))
    assert b.not_understood == []
    verdict = b.check_attacks({"myr": "Bob"})
    assert [c.amount for c in verdict.paid] == ["{2}"]
    assert verdict.payable is payable


def test_509_1d_a_blocking_cost_per_card_in_the_auras_controllers_hand():
    cowed = {"id": "cowed", "name": "Cowed by Wisdom", "controller": "Alice",
             "type_line": "Enchantment — Aura", "attached_to": "x",
             "text": "Enchanted creature can't attack or block unless its controller pays {1} "
                     "for each card in your hand."}
    b = Board.from_data({
        "players": [{"name": "Alice", "hand": 3}, {"name": "Bob"}], "active_player": "Alice",
        "permanents": [cowed, creature("bears", "Alice"), creature("x", "Bob"),
                       _forest(1, "Bob")],
        "attacks": {"bears": "Bob"}})
    assert b.not_understood == []
    verdict = b.check_blocks({"x": ["bears"]})
    # "your hand" is the hand of the Aura's controller (Alice): three cards, {3}.
    assert [c.amount for c in verdict.paid] == ["{3}"]
    assert verdict.payable is False


# -- life as a cost (119.4): Heat Wave --------------------------------------------------------

HEAT_WAVE = {"id": "wave", "name": "Heat Wave", "controller": "Alice", "type_line": "Enchantment",
             "text": "Blue creatures can't block creatures you control.\nNonblue creatures "
                     "can't block creatures you control unless their controller pays 1 life "
                     "for each blocking creature they control."}


@pytest.mark.parametrize("life,payable", [(1, True), (0, False)])
def test_509_1d_heat_wave_a_nonblue_blocker_costs_its_controller_1_life(life, payable):
    b = Board.from_data({
        "players": [{"name": "Alice"}, {"name": "Bob", "life": life}], "active_player": "Alice",
        "permanents": [HEAT_WAVE, creature("bears", "Alice"), creature("x", "Bob"),
                       creature("merfolk", "Bob", colors=["U"])],
        "attacks": {"bears": "Bob"}})
    assert b.not_understood == []
    assert blocks(b) == as_set([{}, {"x": ["bears"]}])  # the blue one can't block
    verdict = b.check_blocks({"x": ["bears"]})
    assert [(c.amount, c.life) for c in verdict.paid] == [("", 1)]
    assert verdict.payable is payable


def test_509_1d_heat_wave_costs_nothing_to_block_another_players_creature():
    b = Board.from_data({
        "players": [{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}],
        "active_player": "Carol", "defending_players": ["Bob"],
        "permanents": [HEAT_WAVE, creature("carols", "Carol"), creature("x", "Bob")],
        "attacks": {"carols": "Bob"}})
    assert b.check_blocks({"x": ["carols"]}).paid == ()


def test_a_life_cost_in_words_en_and_de(capsys, tmp_path):
    from mtgcombat.cli import main

    b = Board.from_data({
        "players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
        "permanents": [HEAT_WAVE, creature("bears", "Alice"), creature("x", "Bob")],
        "attacks": {"bears": "Bob"}})
    p = tmp_path / "wave.json"
    p.write_text(b.to_json(), encoding="utf-8")
    assert main(["blocks", str(p), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["declarations"]
    costly = [d for d in listed if d["declaration"]]
    assert costly and costly[0]["costs"] == ["1 life for x to block"]
    assert costly[0]["payable"] is True
    assert main(["blocks", str(p), "--json", "--lang", "de"]) == 0
    listed = json.loads(capsys.readouterr().out)["declarations"]
    assert [d["costs"] for d in listed if d["declaration"]] == [
        ["1 Lebenspunkt dafür, dass x blockt"]]


# -- permanents as a cost: sacrifice (701.21a) and return -------------------------------------

def _island(i: int) -> dict:
    return {"id": f"island{i}", "name": "Island", "controller": "Alice",
            "type_line": "Basic Land — Island"}


@pytest.mark.parametrize("islands,payable", [(1, False), (2, True)])
def test_701_21a_cant_attack_unless_you_sacrifice_two_islands(islands, payable):
    leviathan = creature("leviathan", "Alice", "Leviathan", 10, 10,
                         text="Leviathan can't attack unless you sacrifice two Islands.")
    b = make(leviathan, *[_island(i) for i in range(islands)], _forest(9), creature("x", "Bob"))
    assert b.not_understood == []
    verdict = b.check_attacks({"leviathan": "Bob"})
    assert verdict.legal and len(verdict.paid) == 1
    assert verdict.payable is payable


@pytest.mark.parametrize("attackers,payable", [(("elf1",), True), (("elf1", "elf2"), False)])
def test_701_21a_a_different_land_for_each_green_creature_attacking(attackers, payable):
    woodlands = {"id": "woodlands", "name": "Flooded Woodlands", "controller": "Bob",
                 "type_line": "Enchantment",
                 "text": "Green creatures can't attack unless their controller sacrifices a "
                         "land for each green creature they control that's attacking."}
    b = make(woodlands, creature("elf1", "Alice", colors=["G"]),
             creature("elf2", "Alice", colors=["G"]), _forest(1))
    assert b.not_understood == []
    verdict = b.check_attacks({a: "Bob" for a in attackers})
    assert len(verdict.paid) == len(attackers)
    assert verdict.payable is payable


def test_a_return_cost_in_words_en_and_de(capsys, tmp_path):
    from mtgcombat.cli import main

    serpent = creature("serpent", "Alice", "Floodtide Serpent", 4, 4,
                       text="Floodtide Serpent can't attack unless you return an enchantment "
                            "you control to its owner's hand.")
    b = make(serpent, {"id": "pacifism", "name": "Oath", "controller": "Alice",
                       "type_line": "Enchantment"}, creature("x", "Bob"))
    p = tmp_path / "serpent.json"
    p.write_text(b.to_json(), encoding="utf-8")
    assert main(["check", str(p), "--attacks", '{"serpent": "Bob"}', "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["legal"] is True and answer["payable"] is True
    assert main(["attacks", str(p), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["declarations"]
    assert [d["costs"] for d in listed if d["declaration"]] == [[
        "returning an enchantment controlled by you to its owner's hand for Floodtide "
        "Serpent attacking "
        "(Floodtide Serpent)"]]
    assert main(["attacks", str(p), "--json", "--lang", "de"]) == 0
    listed = json.loads(capsys.readouterr().out)["declarations"]
    costs = [d["costs"] for d in listed if d["declaration"]][0][0]
    assert "zurückbringen" in costs and "returning" not in costs


# -- sizes, counts and tapped blockers ----------------------------------------------------------

@pytest.mark.parametrize("size,able", [((1, 1), True), ((2, 1), False), ((1, 2), False)])
def test_208_1_cant_attack_unless_you_control_a_1_1_creature(size, able):
    beast = creature("beast", "Alice", "Lovestruck Beast", 5, 5,
                     text="Lovestruck Beast can't attack unless you control a 1/1 creature.")
    b = make(beast, creature("knight", "Alice", "Knight", *size), creature("x", "Bob"))
    assert b.not_understood == []
    assert (as_set([{"beast": "Bob"}]) <= attacks(b)) is able


@pytest.mark.parametrize("islands,able", [(2, True), (3, False)])
def test_509_1b_creatures_with_power_less_than_the_number_of_islands_you_control(islands,
                                                                                 able):
    kraken = creature("kraken", "Alice", "Kraken of the Straits", 6, 6,
                      text="Creatures with power less than the number of Islands you control "
                           "can't block Kraken of the Straits.")
    b = make(kraken, *[_island(i) for i in range(islands)], creature("x", "Bob", power=2),
             attacks={"kraken": "Bob"})
    assert b.not_understood == []
    # power 2: can block while Alice controls two Islands or fewer
    assert (as_set([{"x": ["kraken"]}]) <= blocks(b)) is able


@pytest.mark.parametrize("masako,able", [(True, True), (False, False)])
def test_609_4_tapped_creatures_you_control_can_block_as_though_untapped(masako, able):
    perms = [creature("bears", "Alice"), creature("x", "Bob", tapped=True)]
    if masako:
        perms.append(creature("masako", "Bob", "Masako the Humorless", 2, 1,
                              text="Tapped creatures you control can block as though they "
                                   "were untapped."))
    b = make(*perms, attacks={"bears": "Bob"})
    assert b.not_understood == []
    assert (as_set([{"x": ["bears"]}]) <= blocks(b)) is able


def test_a_count_in_a_predicate_in_words_en_and_de():
    from mtgcombat.text import Writer
    from mtgcombat.text.de.common import pred_words as de_words
    from mtgcombat.text.en.common import pred_words as en_words

    r = read_text("Creatures with power less than the number of Islands you control can't "
                  "block X.", "X")
    pred = r.understood[0].abilities[0].by
    assert en_words(pred, Writer("en")) == "power < the number of Island controlled by you"
    assert de_words(pred, Writer("de")) == "Stärke < die Anzahl von Insel kontrolliert von dir"


# -- the three backends agree on the new abilities --------------------------------------------

def _backend_boards() -> list[tuple[str, Board]]:
    woodlands = {"id": "woodlands", "name": "Flooded Woodlands", "controller": "Bob",
                 "type_line": "Enchantment",
                 "text": "Green creatures can't attack unless their controller sacrifices a "
                         "land for each green creature they control that's attacking."}
    return [
        ("attacks", make(creature("bey", "Alice", "Viashino Bey", 4, 3,
                                  text="If Viashino Bey attacks, all creatures you control "
                                       "attack if able."),
                         creature("bears", "Alice"), creature("ogre", "Alice"),
                         creature("wall", "Bob"))),
        ("attacks", make(creature("cyclops", "Alice", "Ekundu Cyclops", 3, 4,
                                  text="If a creature you control attacks, Ekundu Cyclops also "
                                       "attacks if able."),
                         creature("bears", "Alice"), creature("wall", "Bob"))),
        ("attacks", make(woodlands, creature("elf1", "Alice", colors=["G"]),
                         creature("elf2", "Alice", colors=["G"]), _forest(1))),
        ("blocks", Board.from_data({
            "players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
            "permanents": [HEAT_WAVE, creature("bears", "Alice"), creature("ogre", "Alice"),
                           creature("x", "Bob"), creature("y", "Bob", tapped=True),
                           creature("masako", "Bob", "Masako the Humorless", 2, 1,
                                    text="Tapped creatures you control can block as though "
                                         "they were untapped.")],
            "attacks": {"bears": "Bob", "ogre": "Bob"}})),
        ("blocks", make(creature("gorm", "Alice", "Gorm the Great", 2, 7,
                                 text="Gorm the Great must be blocked if able, and Gorm must "
                                      "be blocked by two or more creatures if able."),
                        creature("x", "Bob"), creature("y", "Bob"), creature("z", "Bob"),
                        attacks={"gorm": "Bob"})),
    ]


@pytest.mark.parametrize("k", range(5))
def test_cpsat_python_constraint_and_brute_force_agree_on_the_new_abilities(k):
    kind, b = _backend_boards()[k]
    assert b.not_understood == []
    listings = {}
    for backend in ("cpsat", "constraint", "brute"):
        listed = (b.legal_attacks(backend=backend) if kind == "attacks"
                  else b.legal_blocks(backend=backend))
        listings[backend] = as_set(listed)
    assert listings["cpsat"] == listings["constraint"] == listings["brute"]
    assert listings["cpsat"]


# -- more readings: modified, a color change, per Equipment, the enchanted creature's stat ----

@pytest.mark.parametrize("counters,payable", [({"+1/+1": 1, "stun": 1}, False), ({"-1/-1": 1},
                                                                                  True)])
def test_107_3a_x_is_the_number_of_counters_on_that_creature(counters, payable):
    nils = {"id": "nils", "name": "Nils, Discipline Enforcer", "controller": "Bob",
            "type_line": "Legendary Creature — Human Cleric", "power": 2, "toughness": 2,
            "text": "Each creature with one or more counters on it can't attack you or "
                    "planeswalkers you control unless its controller pays {X}, where X is "
                    "the number of counters on that creature."}
    b = make(nils, creature("bears", "Alice", counters=counters), _forest(1))
    assert b.not_understood == []
    verdict = b.check_attacks({"bears": "Bob"})
    assert [c.amount for c in verdict.paid] == ["{%d}" % sum(counters.values())]
    assert verdict.payable is payable


@pytest.mark.parametrize("how,able", [("counter", True), ("equipment", True), ("aura", True),
                                      ("opponents_aura", False), ("none", False)])
def test_700_9_modified_creatures_you_control_can_attack_despite_defender(how, able):
    wall = creature("wall", "Alice", "Wall", 0, 4, text="Defender",
                    counters={"+1/+1": 1} if how == "counter" else {})
    perms = [wall, creature("guardians", "Alice", "Guardians of Oboro", 1, 3,
                            text="Modified creatures you control can attack as though they "
                                 "didn't have defender."), creature("x", "Bob")]
    if how == "equipment":
        perms.append({"id": "e", "name": "E", "controller": "Alice",
                      "type_line": "Artifact — Equipment", "attached_to": "wall"})
    if how in ("aura", "opponents_aura"):
        perms.append({"id": "e", "name": "E", "type_line": "Enchantment — Aura",
                      "controller": "Alice" if how == "aura" else "Bob", "attached_to": "wall"})
    b = make(*perms)
    assert b.not_understood == []
    assert (as_set([{"wall": "Bob"}]) <= attacks(b)) is able


def test_105_2_a_color_change_is_on_the_board_already_the_requirement_is_read():
    b = Board.from_data({
        "players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
        "permanents": [creature("bears", "Alice", colors=["R"])],
        "effects": [{"text": "Target creature becomes red until end of turn and attacks this "
                             "turn if able.", "controller": "Bob", "targets": ["bears"]}]})
    assert b.not_understood == []
    assert attacks(b) == as_set([{"bears": "Bob"}])


@pytest.mark.parametrize("equipment,both", [(0, False), (1, True)])
def test_301_5_an_additional_block_for_each_equipment_attached(equipment, both):
    legion = creature("legion", "Bob", "Kemba's Legion", 4, 6,
                      text="Kemba's Legion can block an additional creature each combat for "
                           "each Equipment attached to Kemba's Legion.")
    perms = [legion, creature("x", "Alice"), creature("y", "Alice")]
    perms += [{"id": f"eq{i}", "name": "Eq", "controller": "Bob",
               "type_line": "Artifact — Equipment", "attached_to": "legion"}
              for i in range(equipment)]
    b = make(*perms, attacks={"x": "Bob", "y": "Bob"})
    assert b.not_understood == []
    assert (as_set([{"legion": ["x", "y"]}]) <= blocks(b)) is both


@pytest.mark.parametrize("power,able", [(2, True), (3, False)])
def test_509_1b_cant_block_creatures_with_power_at_least_the_enchanted_creatures_toughness(
        power, able):
    curse = {"id": "curse", "name": "Ironclaw Curse", "controller": "Alice",
             "type_line": "Enchantment — Aura", "attached_to": "x",
             "text": "Enchanted creature can't block creatures with power equal to or greater "
                     "than the enchanted creature's toughness."}
    b = make(curse, creature("bears", "Alice", power=power), creature("x", "Bob", power=1,
                                                                      toughness=3),
             attacks={"bears": "Bob"})
    assert b.not_understood == []
    assert (as_set([{"x": ["bears"]}]) <= blocks(b)) is able


# -- a requirement that exists once others attack binds only creatures able to attack --------

BEY = "If Viashino Bey attacks, all creatures you control attack if able."


def test_508_1d_viashino_bey_may_attack_beside_a_creature_that_cant_attack():
    b = make(creature("bey", "Alice", "Viashino Bey", 4, 3, text=BEY),
             creature("wall", "Alice", "Wall", 0, 4, text="Defender"), creature("x", "Bob"))
    assert attacks(b) == as_set([{}, {"bey": "Bob"}])


def test_508_1d_a_summoning_sick_ekundu_cyclops_doesnt_stop_others_attacking():
    b = make(creature("cyclops", "Alice", "Ekundu Cyclops", 3, 4, summoning_sick=True,
                      text="If a creature you control attacks, Ekundu Cyclops also attacks "
                           "if able."),
             creature("bears", "Alice"), creature("x", "Bob"))
    assert attacks(b) == as_set([{}, {"bears": "Bob"}])


def test_508_1d_wars_toll_doesnt_require_paying_ghostly_prisons_cost():
    """War's Toll makes each of Alice's creatures attack once one does -- if able; one
    that can attack only by paying a cost isn't required to (508.1d)."""
    b = Board.from_data({
        "players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
        "permanents": [
            {"id": "toll", "name": "War's Toll", "controller": "Bob", "type_line": "Enchantment",
             "text": "If a creature an opponent controls attacks, all creatures that opponent "
                     "controls attack if able."},
            {"id": "prison", "name": "Ghostly Prison", "controller": "Bob",
             "type_line": "Enchantment",
             "text": "Creatures can't attack you unless their controller pays {2} for each "
                     "creature they control that's attacking you."},
            creature("bears", "Alice"), creature("elves", "Alice")]})
    assert b.not_understood == []
    assert as_set([{"bears": "Bob"}, {"elves": "Bob"}]) <= attacks(b)


def test_a_mana_part_is_not_judged_on_a_board_that_shows_no_mana():
    myr = creature("myr", "Bob", "Myr Prototype", 2, 2, type_line="Artifact Creature — Myr",
                   counters={"+1/+1": 2},
                   text="Myr Prototype can't attack or block unless you pay {1} for each "
                        "+1/+1 counter on it.")
    b = Board.from_data({
        "players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
        "permanents": [HEAT_WAVE, creature("bears", "Alice"), myr],
        "attacks": {"bears": "Bob"}})
    verdict = b.check_blocks({"myr": ["bears"]})
    assert sorted((c.amount, c.life) for c in verdict.paid) == [("", 1), ("{2}", 0)]
    assert verdict.payable is None  # no mana shown: unknown, not "no"


def test_810_9_teammates_pay_life_from_the_teams_total():
    wave = dict(HEAT_WAVE, controller="Alice")
    def board(life: int) -> Board:
        return Board.from_data({
            "players": [{"name": "Alice", "team": "A"}, {"name": "Ann", "team": "A"},
                        {"name": "Bob", "team": "B", "life": life},
                        {"name": "Bea", "team": "B", "life": life}],
            "active_player": "Alice",
            "permanents": [wave, creature("bears", "Alice"), creature("x", "Bob"),
                           creature("y", "Bea")],
            "attacks": {"bears": "Bob"}})
    assert board(1).check_blocks({"x": ["bears"]}).payable is True
    assert board(1).check_blocks({"x": ["bears"], "y": ["bears"]}).payable is False
    assert board(2).check_blocks({"x": ["bears"], "y": ["bears"]}).payable is True
