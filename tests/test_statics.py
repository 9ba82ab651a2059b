"""Static effects of real cards on combat (issue 26.4): keywords granted with a number,
keywords lost and "can't have or gain", "You can't get poison counters", "can't have
-1/-1 counters put on them", lethal damage by power, toughness assigning combat damage
for a group, prevention of all damage, decayed, changeling."""

from __future__ import annotations

import re

from mtgcombat import Board
from mtgcombat.rules import keywords as K
from mtgcombat.rules.creature_types import CREATURE_TYPES
from mtgcombat.text import Writer

from .conftest import shared_path


def board(text: str) -> Board:
    return Board.parse(text, "<test>")


def b(alice: str, bob: str, extra: str = "", bob_life: str = "") -> Board:
    return board("players Alice, Bob" + bob_life + "\nactive Alice\nAlice:\n" + alice
                 + "\nBob:\n" + bob + "\n" + extra)


def blockers(bd: Board, attacker: str) -> set[str]:
    """The creatures that may block ``attacker`` in some legal declaration."""
    out = set()
    for d in bd.list_declarations("blocks").declarations:
        for bl, atts in d.declaration.items():
            if attacker in (atts if isinstance(atts, (list, tuple)) else [atts]):
                out.add(bl)
    return out


# -- keywords granted with a number (702.70 poisonous, 702.164 toxic) ----------------------


def test_granted_poisonous_gives_poison_counters_702_70a():
    bd = b('  sliv: Virulent Sliver 1/1 [Creature \u2014 Sliver] "Sliver creatures have '
           'poisonous 1."\n  other: Muscle Sliver 2/2 [Creature \u2014 Sliver]',
           "  Forest [Basic Land \u2014 Forest]", "attack sliv -> Bob\nattack other -> Bob")
    a = bd.combat()
    assert a.status == "complete" and bd.not_understood == []
    assert a.after_board.player("Bob").poison == 2  # each Sliver has poisonous 1
    assert a.after_board.player("Bob").life == 17


def test_poisonous_gives_nothing_when_the_damage_is_prevented_702_70a_615():
    bd = b('  s: Snake 1/1 "Poisonous 2"', '  chasm: Glacial Chasm [Land] "Prevent all damage '
           'that would be dealt to you."', "attack s -> Bob")
    a = bd.combat()
    assert a.after_board.player("Bob").poison == 0 and a.after_board.player("Bob").life == 20


# -- "You can't get poison counters" (Melira) ----------------------------------------------


MELIRA = ('  melira: Melira, Sylvok Outcast 2/2 "You can\'t get poison counters.\\nCreatures '
          'you control can\'t have -1/-1 counters put on them.\\nCreatures your opponents '
          'control lose infect."')


def test_a_player_who_cant_get_poison_counters_gets_none_from_infect_120_3b():
    bd = b('  rat: Plague Stinger 1/1 "Infect"\n  tox: Thrummingbird 1/1 "Toxic 2"',
           '  m: Melira 0/2 "You can\'t get poison counters."', "attack rat -> Bob\nattack tox -> Bob")
    a = bd.combat()
    assert a.after_board.player("Bob").poison == 0
    # infect damage to a player is poison counters, not life loss (120.3b): nothing happens
    assert a.after_board.player("Bob").life == 19


def test_creatures_that_cant_have_minus_counters_keep_no_counters_from_wither_120_3d():
    bd = b('  w: Boggart Ram-Gang 3/3 "Wither"', MELIRA, "attack w -> Bob\nblock melira -> w")
    a = bd.combat()
    assert "melira" not in a.destroyed
    mel = a.after_board.permanent("melira")
    assert mel.counters.get("-1/-1", 0) == 0 and mel.damage == 0


def test_opponents_lose_infect_so_its_damage_is_life_loss_613_1f():
    bd = b('  rat: Plague Stinger 1/1 "Infect"', MELIRA, "attack rat -> Bob")
    a = bd.combat()
    assert not bd.bound.has_keyword("rat", "infect")
    assert a.after_board.player("Bob").life == 19 and a.after_board.player("Bob").poison == 0


# -- losing keywords (613.1f) ---------------------------------------------------------------


def test_a_creature_that_lost_flying_can_be_blocked_by_a_creature_without_flying():
    bd = b('  bird: Wind Drake 2/2 "Flying"', '  bear: Grizzly Bears 2/2\n  harness: Mammoth '
           'Harness [Enchantment \u2014 Aura] attached to bird "Enchant creature\\nEnchanted '
           'creature loses flying."', "attack bird -> Bob")
    assert blockers(bd, "bird") == {"bear"}


def test_a_creature_that_lost_flying_no_longer_blocks_a_flyer_702_9b():
    """The outside check: a creature that has lost flying still blocked a flyer."""
    bd = b('  drake: Wind Drake 2/2 "Flying"',
           '  bird: Storm Crow 1/2 "Flying"',
           'attack drake -> Bob\neffect Alice -> bird: "Target creature loses flying until '
           'end of turn."')
    assert blockers(bd, "drake") == set()
    assert not bd.check_blocks({"bird": ["drake"]}).legal


def test_a_later_grant_gives_back_a_lost_keyword_but_cant_have_or_gain_holds_613_7a():
    lose = ('  arch: Archetype of Imagination 3/2 "Creatures you control have flying.\\n'
            'Creatures your opponents control lose flying and can\'t have or gain flying."')
    later = 'effect Bob -> bird: "Target creature gains flying until end of turn."'
    bd = b('  drake: Wind Drake 2/2 "Flying"\n' + lose.replace("arch", "a2"),
           '  bird: Storm Crow 1/2 "Flying"', "attack drake -> Bob\n" + later)
    assert not bd.bound.has_keyword("bird", "flying")  # can't have or gain it
    harness = ('  harness: Mammoth Harness [Enchantment \u2014 Aura] attached to bird '
               '"Enchant creature\\nEnchanted creature loses flying."')
    bd2 = b('  drake: Wind Drake 2/2 "Flying"', '  bird: Storm Crow 1/2 "Flying"\n' + harness,
            "attack drake -> Bob\n" + later)
    assert bd2.bound.has_keyword("bird", "flying")  # the effect is later than the Aura


# -- lethal damage by power (Zilortha) --------------------------------------------------------


ZILORTHA = ('  z: Zilortha, Strength Incarnate 7/3 [Legendary Creature \u2014 Dinosaur] '
            '"Trample\\nLethal damage dealt to creatures you control is determined by their '
            'power rather than their toughness."')


def test_lethal_damage_by_power_keeps_a_creature_with_more_power_alive_120_6_704_5g():
    bd = b(ZILORTHA, "  ogre: Hill Giant 3/3", "attack z -> Bob\nblock ogre -> z")
    a = bd.combat()
    assert "z" not in a.destroyed  # 3 damage, power 7
    assert "ogre" in a.destroyed


def test_lethal_damage_by_power_destroys_a_creature_with_less_power():
    bd = board("players Alice, Bob\nactive Bob\nAlice:\n" + ZILORTHA
               + "\n  w: Wall of Wood 1/3 [Creature \u2014 Wall]\nBob:\n  ogre: Hill Giant 3/3\n"
               "attack ogre -> Alice\nblock w -> ogre")
    a = bd.combat()
    assert "w" in a.destroyed  # 3 damage >= power 1, though its toughness is 3


def test_trample_over_a_creature_whose_lethal_damage_is_its_power_702_19b():
    bd = board("players Alice, Bob\nactive Bob\nAlice:\n" + ZILORTHA
               + "\n  w: Wall of Wood 1/5 [Creature \u2014 Wall]\nBob:\n"
               '  t: Craw Wurm 6/4 "Trample"\nattack t -> Alice\nblock w -> t')
    from mtgcombat.rules.damage import damage_step

    step = damage_step(bd, bd.bound)
    assert step.recipients["w"].threshold == 1


# -- toughness assigns combat damage for a group (510.1a) -------------------------------------


def test_each_creature_with_toughness_greater_than_power_assigns_by_toughness_510_1a():
    bd = b('  knot: Ancient Lumberknot 1/4 "Each creature you control with toughness greater '
           'than its power assigns combat damage equal to its toughness rather than its '
           'power."\n  wall: Wall of Stone 0/8 [Creature \u2014 Wall]\n  bear: Grizzly Bears 2/2',
           "  Forest [Basic Land \u2014 Forest]", "attack knot -> Bob\nattack bear -> Bob")
    a = bd.combat()
    assert a.after_board.player("Bob").life == 20 - 4 - 2


# -- prevention shields (615.1) ----------------------------------------------------------------


def test_glacial_chasm_prevents_all_damage_to_its_controller_615_1():
    """The outside check: the player was declared the loser, not_modelled empty."""
    bd = b("  ogre: Hill Giant 3/3", '  chasm: Glacial Chasm [Land] "Prevent all damage that '
           'would be dealt to you."', "attack ogre -> Bob", bob_life=" (life 2)")
    a = bd.combat()
    assert a.lost == [] and a.after_board.player("Bob").life == 2


def test_prevention_of_damage_by_creatures_with_flying_615_1():
    bd = b('  drake: Wind Drake 2/2 "Flying"\n  bear: Grizzly Bears 2/2',
           "  Forest [Basic Land \u2014 Forest]",
           'attack drake -> Bob\nattack bear -> Bob\neffect Bob: "Prevent all damage that would be '
           'dealt to you this turn by creatures with flying."')
    assert bd.combat().after_board.player("Bob").life == 18


def test_a_creature_that_prevents_all_damage_to_itself_survives_615_1():
    bd = b("  ogre: Hill Giant 3/3", '  l: Glittering Lion 2/2 "Prevent all damage that would '
           'be dealt to Glittering Lion."', "attack ogre -> Bob\nblock l -> ogre")
    a = bd.combat()
    assert "l" not in a.destroyed


# -- decayed (702.147a) and changeling (702.73a) ------------------------------------------------


def test_a_decayed_creature_cant_block_702_147a():
    """The outside check: a Decayed token was offered as a blocker."""
    bd = b("  bear: Grizzly Bears 2/2", '  z: Zombie 2/2 [Token Creature \u2014 Zombie] '
           '"Decayed"\n  w: Wall of Wood 0/3 [Creature \u2014 Wall]', "attack bear -> Bob")
    assert blockers(bd, "bear") == {"w"}
    v = bd.check_blocks({"z": ["bear"]})
    assert not v.legal
    w = Writer.for_board(bd, "en")
    assert any("decayed" in w(x.why) for x in v.violations)


def test_a_changeling_is_every_creature_type_702_73a():
    bd = b('  g: Goblin King 2/2 [Creature \u2014 Goblin] "Other Goblins you control have '
           'mountainwalk."\n  c: Chameleon Colossus 4/4 [Creature \u2014 Shapeshifter] '
           '"Changeling"', "  m: Mountain [Basic Land \u2014 Mountain]\n  bear: Grizzly Bears 2/2",
           "attack c -> Bob")
    assert blockers(bd, "c") == set()  # it is a Goblin: mountainwalk


def test_the_creature_types_are_those_of_205_3m():
    for name in ("MagicCompRules-2024-04-12.txt", "MagicCompRules-2026-04-17.txt"):
        text = (shared_path("rules", "cr") / name).read_text(encoding="utf-8-sig")
        line = next(x for x in text.splitlines() if x.startswith("205.3m "))
        for w in ("Goblin", "Assembly-Worker", "Sliver", "Wall"):
            assert w in line and w in CREATURE_TYPES
        words = set(re.findall(r"\b[A-Z][\w'-]+", line.split("creature types.", 1)[1]))
        assert words - {"Time", "Lord", "One", "All", "The"} <= CREATURE_TYPES


def test_the_static_keywords_are_carried_out():
    for name in ("poisonous", "changeling", "decayed"):
        assert K.carried_out(name)


# -- "except for creatures named ...", ability words, a group's "as though unblocked" ------


def test_except_for_creatures_named_it_and_artifact_creatures_508_1c():
    bd = b('  dread: Mishra Dreadnought 3/3 [Artifact Creature \u2014 Construct]\n'
           '  bears: Grizzly Bears 2/2\n  ma: Ma Chao 2/2 "Except for creatures named Ma Chao '
           'and artifact creatures, creatures you control can\'t attack."\n'
           '  ma2: Ma Chao 2/2', "  Forest [Basic Land \u2014 Forest]")
    assert bd.not_understood == []
    assert bd.check_attacks({"dread": "Bob", "ma": "Bob", "ma2": "Bob"}).legal
    assert not bd.check_attacks({"bears": "Bob"}).legal


def test_an_ability_word_before_a_spell_s_condition_207_2c_608_2c():
    text = ("Ferocious \u2014 If you control a creature with power 4 or greater, creatures "
            "can't block this turn.")
    big = b("  wurm: Craw Wurm 6/4\n  bears: Grizzly Bears 2/2", "  wall: Wall of Wood 0/3",
            f'attack bears -> Bob\neffect Alice: "{text}"')
    small = b("  bears: Grizzly Bears 2/2", "  wall: Wall of Wood 0/3",
              f'attack bears -> Bob\neffect Alice: "{text}"')
    assert blockers(big, "bears") == set()
    assert blockers(small, "bears") == {"wall"}


def test_a_group_may_assign_its_combat_damage_as_though_it_werent_blocked_510_1c():
    from mtgcombat.rules.damage import damage_step

    bd = b("  ogre: Hill Giant 3/3", "  wall: Wall of Wood 0/3",
           'attack ogre -> Bob\nblock wall -> ogre\neffect Alice: "You may have creatures you '
           'control assign their combat damage this turn as though they weren\'t blocked."')
    step = damage_step(bd, bd.bound)
    assert step.sources["ogre"].unblocked_recipients == ("Bob",)


# -- never silent (issue 26.5) -------------------------------------------------------------


def test_a_static_ability_that_acts_in_combat_and_is_not_carried_out_is_not_modelled():
    bd = b('  bears: Grizzly Bears 2/2\n  anthem: Trumpet Blast Anthem [Enchantment] '
           '"Attacking creatures you control get +1/+0."\n  p: Ulamog\'s Crusher 8/8 '
           '"Annihilator 2"',
           "  Forest [Basic Land \u2014 Forest]", "attack bears -> Bob")
    a = bd.combat()
    w = Writer.for_board(bd, "en")
    said = " ".join(w(r) for r in a.not_modelled)
    assert "Attacking creatures you control get +1/+0." in said and "Annihilator 2" in said


def test_keyword_lines_that_never_act_in_combat_are_not_in_not_modelled():
    bd = b('  bears: Grizzly Bears 2/2 "Flash\\nHexproof"\n  aura: Arcane Flight [Enchantment '
           '\u2014 Aura] attached to bears "Enchant creature\\nEnchanted creature has flying."',
           "  Forest [Basic Land \u2014 Forest]", "attack bears -> Bob")
    a = bd.combat()
    assert a.not_modelled == [] and bd.not_understood == []
    bd.require_understood()  # --strict is usable on a board with an Aura


def test_static_combat_recognition():
    from mtgcombat.grammar.static_combat import static_acts_in_combat as acts

    assert acts("Myriad") and acts("Annihilator 2") and acts("Persist")
    assert acts("Attacking creatures you control get +1/+0.")
    assert acts("Damage that would be dealt to ~ is dealt to you instead.")
    assert not acts("Flash") and not acts("{T}: Draw a card.")
    assert not acts("Cast this spell only during the declare attackers step.")
    assert not acts("Nonartifact spells cost {1} more to cast.")


def test_a_decayed_attacker_is_sacrificed_at_end_of_combat_702_147a():
    bd = b('  z: Zombie 2/2 [Token Creature \u2014 Zombie] "Decayed"',
           "  Forest [Basic Land \u2014 Forest]", "attack z -> Bob")
    a = bd.combat()
    assert a.not_modelled == [] and bd.not_understood == []
    assert a.after_board.player("Bob").life == 18  # it deals its damage first (511.2)
    assert "z" in a.destroyed and not a.after_board.has_object("z")


def test_a_decayed_creature_that_doesnt_attack_stays_702_147a():
    bd = b('  z: Zombie 2/2 [Token Creature \u2014 Zombie] "Decayed"\n  bears: Grizzly Bears 2/2',
           "  Forest [Basic Land \u2014 Forest]", "attack bears -> Bob")
    assert bd.combat().after_board.has_object("z")


def test_granted_decayed_is_sacrificed_too_702_147a():
    """A creature given decayed by another permanent has the keyword's trigger as well:
    the combat's stack sacrifices it at end of combat."""
    bd = b('  z: Zombie 2/2 [Creature \u2014 Zombie]\n  curse: Rot [Enchantment] '
           '"Creatures you control have decayed."',
           "  Forest [Basic Land \u2014 Forest]", "attack z -> Bob")
    a = bd.combat()
    assert a.not_modelled == [] and "z" in a.destroyed
    assert not a.after_board.has_object("z")


# -- provoke (702.39a): its trigger through the chosen target --------------------------------

PROVOKE = {"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
           "permanents": [
               {"id": "gg", "name": "Goblin Grappler", "controller": "Alice", "power": 1,
                "toughness": 1, "text": "Provoke"},
               {"id": "sp", "name": "Giant Spider", "controller": "Bob", "power": 2,
                "toughness": 4, "text": "Reach", "tapped": True},
               {"id": "bears", "name": "Grizzly Bears", "controller": "Bob", "power": 2,
                "toughness": 2}],
           "attacks": {"gg": "Bob"}}


def test_provoke_untaps_its_target_which_must_block_it_in_blocks_and_check_702_39a():
    bd = Board.from_data({**PROVOKE, "choices": [{"source": "gg", "targets": ["sp"],
                                                  "may": True}]})
    assert bd.not_understood == []
    legal = [d.declaration for d in bd.list_declarations("blocks").declarations]
    assert legal and all(d.get("sp") in (["gg"], ("gg",)) for d in legal)
    assert not bd.check_blocks({"bears": ["gg"]}).legal
    assert bd.check_blocks({"sp": ["gg"]}).legal


def test_provoke_declined_requires_nothing_702_39a():
    """The target is chosen as the trigger is put on the stack (603.3d); "you may" as it
    resolves (603.5): declined, nothing untaps and nothing must block."""
    bd = Board.from_data({**PROVOKE, "choices": [{"source": "gg", "targets": ["bears"],
                                                  "may": False}]})
    assert bd.check_blocks({}).legal
    assert bd.combat(blocks={}).not_modelled == []



# -- "You can't lose the game" (Platinum Angel; 104.3b, 104.3d, 704.5a, 704.5c) ------------

ANGEL = ('  pa: Platinum Angel 4/4 [Artifact Creature \u2014 Angel] "Flying\\nYou can\'t lose the '
         'game and your opponents can\'t win the game."')


def test_a_player_who_cant_lose_stays_in_the_game_at_0_life_104_3b_704_5a():
    bd = b("  giant: Hill Giant 3/3", ANGEL, "attack giant -> Bob", " (life 2)")
    a = bd.combat()
    assert bd.not_understood == [] and a.not_modelled == []
    assert a.after_board.player("Bob").life == -1 and not a.lost and not a.game_over


def test_a_player_who_cant_lose_stays_in_the_game_at_ten_poison_104_3d_704_5c():
    bd = board("players Alice, Bob (poison 9)\nactive Alice\nAlice:\n"
               '  shrike: Tine Shrike 2/1 "Infect"\nBob:\n' + ANGEL + "\nattack shrike -> Bob")
    a = bd.combat()
    assert a.after_board.player("Bob").poison == 11 and not a.lost


def test_the_player_loses_once_what_says_so_has_left_the_battlefield_704_3():
    """Platinum Angel destroyed in the same combat damage step: the state-based actions are
    checked again without it (704.3), and Bob at 0 or less life loses then."""
    bd = b("  giant: Hill Giant 3/3\n  wurm: Craw Wurm 6/4", ANGEL,
           "attack giant -> Bob\nattack wurm -> Bob\nblock pa -> wurm", " (life 2)")
    a = bd.combat()
    assert set(a.lost) == {"Bob"} and a.game_over


def test_dont_lose_for_0_life_still_loses_to_poison_704_5c():
    bd = board("players Alice, Bob (poison 9)\nactive Alice\nAlice:\n"
               '  shrike: Tine Shrike 2/1 "Infect"\nBob:\n'
               '  unlife: Phyrexian Unlife [Enchantment] "You don\'t lose the game for having 0 '
               'or less life."\nattack shrike -> Bob')
    assert bd.not_understood == []
    assert set(bd.combat().lost) == {"Bob"}


def test_a_teammate_who_cant_lose_keeps_the_team_in_the_game_810_8a():
    bd = board("players Alice (team A), Ann (team A), Bob (team B, life 2), Bea (team B, life 2)"
               "\nactive Alice\nAlice:\n  giant: Hill Giant 3/3\nBea:\n" + ANGEL
               + "\nattack giant -> Bob")
    a = bd.combat()
    assert not a.lost and a.after_board.player("Bob").life == -1


def test_a_board_at_0_life_under_platinum_angel_is_not_a_finished_game_104_3b():
    from mtgcombat.rules.results import already_lost

    bd = b("  giant: Hill Giant 3/3", ANGEL, "", " (life 0)")
    assert already_lost(bd, bd.bound) == {}
    assert already_lost(bd) == {"Bob": "704.5a"}  # without the abilities: the record alone


def test_best_blocks_counts_wither_counters_up_to_toughness_under_lethal_by_power_704_5f():
    """Under Zilortha a 2/5 has lethal damage at 2, but wither damage is -1/-1 counters
    (120.3d) and destroys it only at its toughness, 5 (704.5f): blocking a 5/5 trampler
    with wither loses the blocker to a worst reply, so not blocking is best."""
    from mtgcombat.questions.best import best_blocks

    bd = b('  ram: Ram 5/5 "Trample\\nWither"',
           '  zil: "Zilortha, Strength Incarnate" 7/3 tapped "Lethal damage dealt to creatures '
           'you control is determined by their power rather than their toughness."\n'
           "  guy: Tough Guy 2/5", "attack ram -> Bob")
    got = best_blocks(bd)
    assert got.declaration == {} and list(got.value) == [0, 0, -5]
