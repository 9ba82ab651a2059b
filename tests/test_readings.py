"""Issue 26: static declaration sentences of real cards read (helper "readings") -- each
form checked on a board by what it allows and forbids, with its rule in the test's name."""
from __future__ import annotations

import json

import pytest

from mtgcombat.board import Board
from mtgcombat.rules.model import BoardError


def creature(pid: str, controller: str, name: str | None = None, power: int = 2,
             toughness: int = 2, **more) -> dict:
    return {"id": pid, "name": name or pid, "controller": controller,
            "type_line": more.pop("type_line", "Creature — Beast"), "power": power,
            "toughness": toughness, **more}


def make(*perms: dict, players=("Alice", "Bob"), **top) -> Board:
    ps = [p if isinstance(p, dict) else {"name": p} for p in players]
    return Board.from_data({"players": ps, "active_player": ps[0]["name"],
                            "permanents": list(perms), **top})


def as_set(ds) -> set:
    return {json.dumps({k: (list(v) if isinstance(v, tuple) else v) for k, v in d.items()},
                       sort_keys=True) for d in ds}


def unread(b: Board) -> list[str]:
    return [x["sentence"] for x in b.not_understood]


def attacks(b: Board) -> set:
    return as_set(b.legal_attacks())


def blocks(b: Board) -> set:
    return as_set(b.legal_blocks())


# -- 303.4: "enchanted artifact" -------------------------------------------------------------

def test_508_1c_509_1b_stasis_cocoon_enchanted_artifact_cant_attack_or_block():
    cocoon = {"id": "cocoon", "name": "Stasis Cocoon", "controller": "Bob",
              "type_line": "Enchantment — Aura", "attached_to": "golem",
              "text": "Enchant artifact\nEnchanted artifact can't attack or block, and its "
                      "activated abilities can't be activated."}
    b = make(cocoon, creature("golem", "Alice", type_line="Artifact Creature — Golem"),
             creature("bears", "Alice"))
    assert unread(b) == ["and its activated abilities can't be activated."]
    assert attacks(b) == as_set([{}, {"bears": "Bob"}])


# -- 205.3: a list of subtypes -----------------------------------------------------------------

def test_509_1b_serpent_of_yawning_depths_a_list_of_subtypes_blocked_only_by_them():
    serpent = creature("serpent", "Alice", "Serpent of Yawning Depths", 8, 6,
                       type_line="Enchantment Creature — Serpent",
                       text="Krakens, Leviathans, Octopuses, and Serpents you control can't "
                            "be blocked except by Krakens, Leviathans, Octopuses, and Serpents.")
    b = make(serpent, creature("kraken", "Alice", type_line="Creature — Kraken"),
             creature("octopus", "Bob", type_line="Creature — Octopus"),
             creature("bears", "Bob", type_line="Creature — Bear"),
             attacks={"serpent": "Bob", "kraken": "Bob"})
    assert b.not_understood == []
    legal = blocks(b)
    assert as_set([{"octopus": ["serpent"]}, {"octopus": ["kraken"]}]) <= legal
    assert not any("bears" in json.loads(d) for d in legal)


# -- "they": the group the sentence is about ---------------------------------------------------

def test_508_1c_509_1b_varchild_survivors_cant_block_and_they_cant_attack_you():
    varchild = creature("varchild", "Alice", "Varchild, Betrayer of Kjeldor", 3, 3,
                        text="Survivors your opponents control can't block, and they can't "
                             "attack you or planeswalkers you control.")
    survivor = creature("survivor", "Bob", type_line="Token Creature — Survivor")
    b = make(varchild, survivor, creature("bears", "Bob"), players=("Bob", "Alice", "Carol"))
    assert b.not_understood == []
    legal = attacks(b)
    assert as_set([{"survivor": "Carol"}, {"bears": "Alice"}]) <= legal
    assert not any(json.loads(d).get("survivor") == "Alice" for d in legal)
    b2 = make(varchild, survivor, creature("x", "Alice"), attacks={"x": "Bob"})
    assert blocks(b2) == as_set([{}])


# -- 508.1d: "If a creature with a magnet counter on it attacks, ..." (Magnetic Web) -----------

def test_508_1d_magnetic_web_if_a_magnet_creature_attacks_all_magnet_creatures_attack():
    web = {"id": "web", "name": "Magnetic Web", "controller": "Bob", "type_line": "Artifact",
           "text": "If a creature with a magnet counter on it attacks, all creatures with "
                   "magnet counters on them attack if able."}
    b = make(web, creature("a", "Alice", counters={"magnet": 1}),
             creature("b", "Alice", counters={"magnet": 1}), creature("c", "Alice"))
    assert b.not_understood == []
    legal = attacks(b)
    assert as_set([{}, {"c": "Bob"}, {"a": "Bob", "b": "Bob"}]) <= legal
    assert as_set([{"a": "Bob"}, {"b": "Bob", "c": "Bob"}]) & legal == set()


# -- 508.1c: restrictions on a player's creatures (Prahv, Angelic Arbiter) ----------------------

PRAHV = {"id": "prahv", "name": "Prahv", "controller": "Alice", "type_line": "Plane — Ravnica",
         "text": "If you cast a spell this turn, you can't attack with creatures."}


@pytest.mark.parametrize("spells,can", [([], True), (["Instant"], False)])
def test_508_1c_prahv_if_you_cast_a_spell_this_turn_you_cant_attack(spells, can):
    b = make(PRAHV, creature("bears", "Alice"),
             players=({"name": "Alice", "spells_cast": spells}, "Bob"))
    assert b.not_understood == []
    assert (as_set([{"bears": "Bob"}]) <= attacks(b)) is can


ARBITER = creature("arbiter", "Bob", "Angelic Arbiter", 5, 6,
                   text="Flying\nEach opponent who cast a spell this turn can't attack with "
                        "creatures.\nEach opponent who attacked with a creature this turn can't "
                        "cast spells.")


def test_508_1c_angelic_arbiter_an_opponent_who_cast_a_spell_cant_attack():
    b = make(ARBITER, creature("bears", "Alice"),
             players=({"name": "Alice", "spells_cast": ["Creature — Bear"]}, "Bob"))
    assert unread(b) == ["Each opponent who attacked with a creature this turn can't "
                         "cast spells."]
    assert attacks(b) == as_set([{}])
    quiet = make(ARBITER, creature("bears", "Alice"),
                 players=({"name": "Alice", "spells_cast": []}, "Bob"))
    assert as_set([{"bears": "Bob"}]) <= attacks(quiet)


def test_angelic_arbiter_without_the_spells_record_is_bad_input_naming_it():
    with pytest.raises(BoardError) as e:
        make(ARBITER, creature("bears", "Alice")).legal_attacks().count()
    assert "spells_cast" in str(e.value)


# -- 509.1b: conditions across players (Hooded Horror, Graxiplon) -------------------------------

HORROR = creature("horror", "Alice", "Hooded Horror", 4, 4,
                  text="Hooded Horror can't be blocked as long as defending player controls "
                       "the most creatures or is tied for the most.")


@pytest.mark.parametrize("theirs,blockable", [(1, True), (2, False), (3, False)])
def test_509_1b_hooded_horror_unblockable_while_defender_has_the_most_creatures(theirs, blockable):
    # Alice controls the Horror and one more creature: two.
    b = make(HORROR, creature("bears", "Alice"),
             *[creature(f"x{i}", "Bob") for i in range(theirs)], attacks={"horror": "Bob"})
    assert b.not_understood == []
    assert (as_set([{"x0": ["horror"]}]) <= blocks(b)) is blockable


GRAX = creature("grax", "Alice", "Graxiplon", 3, 4,
                text="Graxiplon can't be blocked unless defending player controls three or "
                     "more creatures that share a creature type.")


@pytest.mark.parametrize("lines,blockable", [
    (["Creature — Goblin", "Creature — Goblin Warrior", "Creature — Goblin"], True),
    (["Creature — Goblin", "Creature — Elf", "Creature — Goblin"], False),
    (["Creature — Goblin", "Creature — Elf Warrior", "Creature — Goblin Warrior"], False),
])
def test_509_1b_graxiplon_blockable_only_if_three_defenders_share_a_creature_type(lines, blockable):
    b = make(GRAX, *[creature(f"x{i}", "Bob", type_line=t) for i, t in enumerate(lines)],
             attacks={"grax": "Bob"})
    assert b.not_understood == []
    assert (as_set([{"x0": ["grax"]}]) <= blocks(b)) is blockable


def test_509_1b_702_73a_graxiplon_a_changeling_shares_every_creature_type():
    b = make(GRAX, creature("x0", "Bob", type_line="Creature — Goblin"),
             creature("x1", "Bob", type_line="Creature — Shapeshifter", text="Changeling"),
             creature("x2", "Bob", type_line="Creature — Elf", text="Changeling"),
             attacks={"grax": "Bob"})
    assert as_set([{"x0": ["grax"]}]) <= blocks(b)


# -- 509.1d: a cost for each creature blocking it (Awesome Presence) ------------------------------

def test_509_1d_awesome_presence_each_creature_blocking_it_costs_3():
    aura = {"id": "aura", "name": "Awesome Presence", "controller": "Alice",
            "type_line": "Enchantment — Aura", "attached_to": "bears",
            "text": "Enchant creature\nEnchanted creature can't be blocked unless defending "
                    "player pays {3} for each creature they control that's blocking it."}
    b = make(aura, creature("bears", "Alice"), creature("ogre", "Alice"),
             creature("x", "Bob"), creature("y", "Bob"),
             attacks={"bears": "Bob", "ogre": "Bob"})
    assert b.not_understood == []
    both = b.check_blocks({"x": ["bears"], "y": ["bears"]})
    assert sorted(c.amount for c in both.paid) == ["{3}", "{3}"]
    assert b.check_blocks({"x": ["ogre"]}).paid == ()


# -- 611.3a: a condition over a statement and a lure (Gift of the Deity) --------------------------

GIFT = {"id": "gift", "name": "Gift of the Deity", "controller": "Alice",
        "type_line": "Enchantment — Aura", "attached_to": "bears",
        "text": "Enchant creature\nAs long as enchanted creature is black, it gets +1/+1 and has "
                "deathtouch.\nAs long as enchanted creature is green, it gets +1/+1 and all "
                "creatures able to block it do so."}


@pytest.mark.parametrize("colors,lured", [(["G"], True), (["B"], False)])
def test_509_1c_611_3a_gift_of_the_deity_lures_only_while_enchanted_creature_is_green(colors, lured):
    b = make(GIFT, creature("bears", "Alice", colors=colors), creature("x", "Bob"),
             attacks={"bears": "Bob"})
    assert b.not_understood == []
    assert (blocks(b) == as_set([{"x": ["bears"]}])) is lured


# -- 611.3a: "Otherwise, ..." (Bonds of Faith) --------------------------------------------------

BONDS = {"id": "bonds", "name": "Bonds of Faith", "controller": "Bob",
         "type_line": "Enchantment — Aura", "attached_to": "x",
         "text": "Enchant creature\nEnchanted creature gets +2/+2 as long as it's a Human. "
                 "Otherwise, it can't attack or block."}


@pytest.mark.parametrize("type_line,can", [("Creature — Human Soldier", True),
                                           ("Creature — Bear", False)])
def test_508_1c_611_3a_bonds_of_faith_otherwise_a_non_human_cant_attack(type_line, can):
    b = make(BONDS, creature("x", "Alice", type_line=type_line))
    assert unread(b) == ["Enchanted creature gets +2/+2 as long as it's a Human."]
    assert (as_set([{"x": "Bob"}]) <= attacks(b)) is can


def test_otherwise_after_a_sentence_without_a_condition_is_not_understood():
    from mtgcombat.grammar.oracle import read_text

    r = read_text("Enchanted creature gets +2/+2. Otherwise, it can't attack or block.")
    assert r.not_understood == ("Otherwise, it can't attack or block.",)


# -- 609.4: as though it had haste, against opponents only (Frenzied Saddlebrute) ----------------

def test_302_6_609_4_frenzied_saddlebrute_sick_creatures_attack_its_controllers_opponents():
    brute = creature("brute", "Alice", "Frenzied Saddlebrute", 5, 4,
                     text="Haste\nAll creatures can attack your opponents and planeswalkers your "
                          "opponents control as though those creatures had haste.")
    # Carol's turn: her sick creature may attack Bob (Alice's opponent), not Alice.
    b = make(brute, creature("sick", "Carol", summoning_sick=True),
             players=("Carol", "Alice", "Bob"))
    assert b.not_understood == []
    assert attacks(b) == as_set([{}, {"sick": "Bob"}])


# -- 611.2b: during a player's turn (Taunt) ---------------------------------------------------------

@pytest.mark.parametrize("active,required", [("Bob", True), ("Alice", False)])
def test_508_1d_taunt_during_target_players_turn_their_creatures_attack_you(active, required):
    taunt = {"text": "During target player's next turn, creatures that player controls attack "
                     "you if able.", "controller": "Alice", "targets": ["Bob"]}
    b = Board.from_data({"players": [{"name": "Alice"}, {"name": "Bob"}],
                         "active_player": active, "effects": [taunt],
                         "permanents": [creature("x", "Bob"), creature("y", "Alice")]})
    assert b.not_understood == []
    if active == "Bob":
        assert attacks(b) == as_set([{"x": "Alice"}])
    else:
        assert attacks(b) == as_set([{}, {"y": "Bob"}])


# -- Peace Talks: "This turn and next turn, creatures can't attack" ---------------------------------

def test_508_1c_peace_talks_creatures_cant_attack_and_the_targeting_clause_is_reported():
    talks = {"text": "This turn and next turn, creatures can't attack, and players and "
                     "permanents can't be the targets of spells or activated abilities.",
             "controller": "Bob"}
    b = make(creature("x", "Alice"), effects=[talks])
    assert unread(b) == ["players and permanents can't be the targets of spells or activated "
                         "abilities"]
    assert attacks(b) == as_set([{}])


# -- 305.6, 107.3a: domain X (Collective Restraint) --------------------------------------------------

def _land(i: int, sub: str, controller: str = "Bob") -> dict:
    return {"id": f"land{i}", "name": sub, "controller": controller,
            "type_line": f"Basic Land — {sub}"}


def test_508_1d_collective_restraint_x_is_the_number_of_basic_land_types():
    restraint = {"id": "r", "name": "Collective Restraint", "controller": "Bob",
                 "type_line": "Enchantment",
                 "text": "Domain — Creatures can't attack you unless their controller pays {X} "
                         "for each creature they control that's attacking you, where X is the "
                         "number of basic land types among lands you control."}
    b = make(restraint, creature("x", "Alice"), _land(1, "Island"), _land(2, "Island"),
             _land(3, "Swamp"), _land(4, "Forest", "Alice"))
    assert b.not_understood == []
    assert [c.amount for c in b.check_attacks({"x": "Bob"}).paid] == ["{2}"]


# -- 601.3: a permission to cast the card (Qasali Ambusher) -------------------------------------------

def test_qasali_ambushers_permission_to_cast_it_is_understood_with_nothing_to_apply():
    from mtgcombat.grammar.oracle import read_text

    r = read_text("Reach\nIf a creature is attacking you and you control a Forest and a "
                  "Plains, you may cast Qasali Ambusher without paying its mana cost and as "
                  "though it had flash.", "Qasali Ambusher")
    assert r.not_understood == () and r.understood[1].abilities == ()


# -- 510.1c-style: as though it weren't blocked (Siege Behemoth, Proud Wildbonder) -------------------

def test_siege_behemoth_while_attacking_each_creature_may_assign_as_though_unblocked():
    behemoth = creature("behemoth", "Alice", "Siege Behemoth", 7, 4,
                        text="Hexproof\nAs long as Siege Behemoth is attacking, for each "
                             "creature you control, you may have that creature assign its "
                             "combat damage as though it weren't blocked.")
    b = make(behemoth, creature("bears", "Alice", power=3), creature("x", "Bob", power=0,
                                                                      toughness=5),
             attacks={"behemoth": "Bob", "bears": "Bob"}, blocks={"x": ["bears"]})
    assert b.not_understood == []
    assert b.check_damage({"bears": {"Bob": 3}, "behemoth": {"Bob": 7}}).legal
    alone = make(behemoth, creature("bears", "Alice", power=3),
                 creature("x", "Bob", power=0, toughness=5),
                 attacks={"bears": "Bob"}, blocks={"x": ["bears"]})
    assert not alone.check_damage({"bears": {"Bob": 3}}).legal


def test_proud_wildbonder_a_quoted_ability_of_creatures_with_trample():
    bonder = creature("bonder", "Alice", "Proud Wildbonder", 4, 3,
                      text="Trample\nCreatures you control with trample have \"You may have "
                           "this creature assign its combat damage as though it weren't "
                           "blocked.\"")
    b = make(bonder, creature("bears", "Alice", power=3),
             creature("x", "Bob", power=0, toughness=9), creature("y", "Bob", power=0,
                                                                   toughness=9),
             attacks={"bonder": "Bob", "bears": "Bob"}, blocks={"x": ["bonder"], "y": ["bears"]})
    assert b.not_understood == []
    assert b.check_damage({"bonder": {"Bob": 4}, "bears": {"y": 3}}).legal
    assert not b.check_damage({"bonder": {"Bob": 4}, "bears": {"Bob": 3}}).legal


# -- 115.1: "it" after an unread effect sentence naming one target ---------------------------------

ACT_OF_HEROISM = ("Untap target creature. It gets +2/+2 until end of turn and can block an "
                  "additional creature this turn.")


def test_509_1a_act_of_heroism_it_is_the_target_and_blocks_an_additional_creature():
    hero = {"text": ACT_OF_HEROISM, "controller": "Bob", "targets": ["x"]}
    b = make(creature("a", "Alice"), creature("c", "Alice"), creature("x", "Bob"),
             creature("y", "Bob"), effects=[hero], attacks={"a": "Bob", "c": "Bob"})
    assert b.not_understood == []
    assert b.check_blocks({"x": ["a", "c"]}).legal
    assert not b.check_blocks({"y": ["a", "c"]}).legal


def test_509_1c_elemental_uprising_it_is_the_target_land_and_must_be_blocked():
    uprising = {"text": "Target land you control becomes a 4/4 Elemental creature with haste "
                        "until end of turn. It's still a land. It must be blocked this turn "
                        "if able.", "controller": "Alice", "targets": ["forest"]}
    land = creature("forest", "Alice", "Forest", 4, 4,
                    type_line="Land Creature — Forest Elemental")
    b = make(land, creature("bears", "Alice"), creature("x", "Bob"), effects=[uprising],
             attacks={"forest": "Bob", "bears": "Bob"})
    assert "It must be blocked this turn if able." not in unread(b)
    assert blocks(b) == as_set([{"x": ["forest"]}])


def test_608_2h_king_haralds_revenge_the_count_is_made_as_it_resolves_and_it_must_be_blocked():
    revenge = {"text": "Until end of turn, target creature gets +1/+1 for each creature you "
                       "control and gains trample. It must be blocked this turn if able.",
               "controller": "Alice", "targets": ["bears"]}
    b = make(creature("bears", "Alice", power=4, toughness=4), creature("elves", "Alice"),
             creature("x", "Bob"), effects=[revenge], attacks={"bears": "Bob", "elves": "Bob"})
    assert b.not_understood == []
    assert blocks(b) == as_set([{"x": ["bears"]}])


def test_509_1c_601_2c_domineering_will_they_are_the_group_of_targets_after_a_player():
    will = {"text": "Target player gains control of up to three target nonattacking creatures "
                    "until end of turn. Untap those creatures. They block this turn if able.",
            "controller": "Bob", "targets": ["Bob", "c1", "c2"]}
    b = make(creature("a", "Alice"), creature("c1", "Bob"), creature("c2", "Bob"),
             creature("y", "Bob"), effects=[will], attacks={"a": "Bob"})
    assert "They block this turn if able." not in unread(b)
    assert blocks(b) == as_set([{"c1": ["a"], "c2": ["a"]}, {"c1": ["a"], "c2": ["a"],
                                                             "y": ["a"]}])


def test_508_1c_academic_probation_its_second_mode_the_target_permanent_cant_attack():
    text = ("Choose one —\n• Choose a nonland card name. Opponents can't cast spells with the "
            "chosen name until your next turn.\n• Choose target nonland permanent. Until your "
            "next turn, it can't attack or block, and its activated abilities can't be "
            "activated.")
    probation = {"text": text, "controller": "Bob", "targets": ["x"], "modes": [2]}
    b = make(creature("x", "Alice"), creature("y", "Alice"), effects=[probation])
    assert "Until your next turn, it can't attack or block" not in unread(b)
    assert attacks(b) == as_set([{}, {"y": "Bob"}])


@pytest.mark.parametrize("text", [
    # the source could be "it"
    "~ deals 2 damage to target creature unless ~ was kicked. It can't block this turn.",
    # a card, not a permanent
    "Return target creature card from your graveyard to the battlefield. It can't block this turn.",
    # two targets
    "Goad target creature and target land. It can't block this turn.",
    # a group of targets
    "Goad up to two target creatures. It can't block this turn.",
])
def test_115_1_it_is_not_read_after_a_sentence_naming_something_else_it_could_be(text):
    from mtgcombat.grammar.oracle import read_text

    r = read_text(text)
    assert "It can't block this turn." in r.not_understood


def test_613_4c_a_static_count_for_each_is_not_on_the_board_already():
    """A static ability's count changes with the board (an attacking creature counted once
    attackers are declared): only a resolving effect's count is made once (608.2h)."""
    from mtgcombat.grammar.oracle import read_text

    r = read_text("Creatures you control get +1/+1 for each other attacking creature.")
    assert r.not_understood


# -- facts the board records of a permanent (Permanent.facts) ----------------------------------

COLOSSUS = ("Defender, indestructible\nAs long as Colossus of Akros is monstrous, it has trample "
            "and can attack as though it didn't have defender.")


@pytest.mark.parametrize("facts, can", [([], False), (["monstrous"], True)])
def test_701_37b_colossus_of_akros_attacks_despite_defender_only_while_monstrous(facts, can):
    col = creature("col", "Alice", "Colossus of Akros", 10, 10, text=COLOSSUS, facts=facts)
    b = make(col)
    assert unread(b) == []
    assert attacks(b) == as_set([{}] + ([{"col": "Bob"}] if can else []))


def test_701_37b_hundred_handed_one_monstrous_blocks_up_to_one_hundred_creatures():
    text = ("As long as Hundred-Handed One is monstrous, it has reach and can block an "
            "additional ninety-nine creatures each combat.")
    giant = creature("giant", "Bob", "Hundred-Handed One", 6, 6, text=text, facts=["monstrous"])
    a, c = creature("a", "Alice"), creature("c", "Alice", text="Flying")
    b = make(a, c, giant, attacks={"a": "Bob", "c": "Bob"})
    assert unread(b) == []
    assert as_set([{"giant": ["a", "c"]}]) <= blocks(b)
    plain = make(a, c, dict(giant, facts=[]), attacks={"a": "Bob", "c": "Bob"})
    assert not any(len(v) > 1 or "c" in v for d in plain.legal_blocks() for v in d.values())


@pytest.mark.parametrize("facts, can", [([], True), (["attacked_last_turn"], False)])
def test_508_1c_giant_turtle_cant_attack_if_it_attacked_during_your_last_turn(facts, can):
    turtle = creature("turtle", "Alice", "Giant Turtle", 2, 4, facts=facts,
                      text="Giant Turtle can't attack if it attacked during your last turn.")
    b = make(turtle)
    assert unread(b) == []
    assert attacks(b) == as_set([{}] + ([{"turtle": "Bob"}] if can else []))


def test_508_1c_halls_of_mist_creatures_that_attacked_during_their_controllers_last_turn():
    halls = {"id": "halls", "name": "Halls of Mist", "controller": "Bob", "type_line": "Land",
             "text": "Creatures that attacked during their controller's last turn can't attack."}
    b = make(halls, creature("a", "Alice", facts=["attacked_last_turn"]), creature("c", "Alice"))
    assert unread(b) == []
    assert attacks(b) == as_set([{}, {"c": "Bob"}])


@pytest.mark.parametrize("facts, can", [([], True), (["entered_this_turn"], False)])
def test_302_6_609_4_chaos_lord_attacks_as_though_it_had_haste_unless_it_entered_this_turn(
        facts, can):
    lord = creature("lord", "Alice", "Chaos Lord", 7, 7, summoning_sick=True, facts=facts,
                    text="Chaos Lord can attack as though it had haste unless it entered the "
                         "battlefield this turn.")
    b = make(lord)
    assert unread(b) == []
    assert attacks(b) == as_set([{}] + ([{"lord": "Bob"}] if can else []))


def test_an_unknown_or_repeated_fact_is_bad_input_naming_it():
    for facts in (["hungry"], ["monstrous", "monstrous"]):
        with pytest.raises(BoardError, match="facts"):
            make(creature("a", "Alice", facts=facts))


def test_facts_round_trip_through_json_and_the_scenario_language():
    from mtgcombat.grammar.scenario import format_scenario

    b = make(creature("col", "Alice", "Colossus of Akros", 10, 10, text=COLOSSUS,
                      facts=["monstrous", "kicked"]))
    again = Board.from_data(json.loads(json.dumps(b.to_data())))
    assert again.permanent("col").facts == ("monstrous", "kicked")
    text = format_scenario(b)
    assert "fact monstrous fact kicked" in text
    assert Board.from_scenario(text).permanent("col").facts == ("monstrous", "kicked")


# -- 602.1, 613.1f: a granted activated ability ------------------------------------------------

def test_602_1_malicious_intent_a_granted_activated_ability_is_read_and_acts_only_when_activated():
    intent = {"id": "intent", "name": "Malicious Intent", "controller": "Alice",
              "type_line": "Enchantment — Aura", "attached_to": "a",
              "text": 'Enchant creature\nEnchanted creature has "{T}: Target creature can\'t '
                      'block this turn."'}
    a, w = creature("a", "Alice"), creature("w", "Bob")
    b = make(intent, a, w, attacks={"a": "Bob"})
    assert unread(b) == []
    assert blocks(b) == as_set([{}, {"w": ["a"]}])  # nobody activated it
    activated = make(intent, a, w, attacks={"a": "Bob"}, effects=[
        {"text": "Target creature can't block this turn.", "controller": "Alice",
         "source": "a", "targets": ["w"]}])
    assert blocks(activated) == as_set([{}])


@pytest.mark.parametrize("facts, can", [([], False), (["kicked"], True)])
def test_702_33d_prison_barricade_kicked_attacks_as_though_it_didnt_have_defender(facts, can):
    text = ('Defender\nKicker {1}{W}\nIf Prison Barricade was kicked, it enters the battlefield '
            'with a +1/+1 counter on it and with "Prison Barricade can attack as though it '
            'didn\'t have defender."')
    wall = creature("wall", "Alice", "Prison Barricade", 1, 3, text=text, facts=facts)
    b = make(wall)
    assert unread(b) == []
    assert attacks(b) == as_set([{}] + ([{"wall": "Bob"}] if can else []))


@pytest.mark.parametrize("facts, can", [([], False), (["paired"], True)])
def test_702_95_flowering_lumberknot_attacks_and_blocks_only_while_paired(facts, can):
    knot = creature("knot", "Alice", "Flowering Lumberknot", 5, 5, facts=facts,
                    text="Flowering Lumberknot can't attack or block unless it's paired with "
                         "a creature with soulbond.")
    b = make(knot)
    assert unread(b) == []
    assert attacks(b) == as_set([{}] + ([{"knot": "Bob"}] if can else []))


def test_602_1_303_4_hostile_realm_enchanted_land_has_an_activated_ability():
    realm = {"id": "realm", "name": "Hostile Realm", "controller": "Alice",
             "type_line": "Enchantment — Aura", "attached_to": "mountain",
             "text": 'Enchant land\nEnchanted land has "{T}: Target creature can\'t block '
                     'this turn."'}
    mountain = {"id": "mountain", "name": "Mountain", "controller": "Alice",
                "type_line": "Basic Land — Mountain"}
    a, w = creature("a", "Alice"), creature("w", "Bob")
    b = make(realm, mountain, a, w, attacks={"a": "Bob"})
    assert unread(b) == []
    assert blocks(b) == as_set([{}, {"w": ["a"]}])
    activated = make(realm, mountain, a, w, attacks={"a": "Bob"}, effects=[
        {"text": "Target creature can't block this turn.", "controller": "Alice",
         "source": "mountain", "targets": ["w"]}])
    assert blocks(activated) == as_set([{}])


@pytest.mark.parametrize("tapped, blockable", [(True, False), (False, True)])
def test_509_1b_611_3a_futurist_operative_cant_be_blocked_while_tapped_its_new_types_reported(
        tapped, blockable):
    text = ("As long as Futurist Operative is tapped, it is a Human Citizen with base power and "
            "toughness 1/1 and it can't be blocked.\n{2}{U}: Untap Futurist Operative.")
    op = creature("op", "Alice", "Futurist Operative", 1, 1, text=text, tapped=tapped,
                  type_line="Creature — Human Ninja")
    w = creature("w", "Bob")
    b = make(op, w, attacks={"op": "Bob"})
    # 205.1b: the types it becomes are not on the board: reported, never guessed
    assert unread(b) == ["it is a Human Citizen with base power and toughness 1/1"]
    assert blocks(b) == as_set([{}] + ([{"w": ["op"]}] if blockable else []))


def test_303_4_enchanted_land_is_the_land_the_aura_is_attached_to():
    from mtgcombat.grammar.oracle import read_text
    from mtgcombat.rules import abilities as A

    got = read_text("Enchanted land has flying.", "X").understood[0].abilities
    assert got == (A.Grant(A.AttachedRef(), (A.Keyword("flying"),)),)


def test_207_2d_a_flavor_word_of_capitalised_words_has_no_rules_meaning():
    from mtgcombat.grammar.oracle import read_text

    text = "Cunning Action \u2014 {3}{U}: Guild Thief can't be blocked this turn."
    assert read_text(text, "Guild Thief").not_understood == ()


def test_702_3b_609_4_can_attack_this_turn_as_though_it_didnt_have_defender():
    wall = creature("wall", "Alice", "Wall", 0, 4, text="Defender")
    b = make(wall, effects=[{"text": "Target creature can attack this turn as though it didn't "
                                     "have defender.", "controller": "Alice", "targets": ["wall"]}])
    assert unread(b) == []
    assert attacks(b) == as_set([{}, {"wall": "Bob"}])
