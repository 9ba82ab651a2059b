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
           '"Attacking creatures you control get +1/+0."\n  p: Kitchen Finks 3/2 "Persist"',
           "  Forest [Basic Land \u2014 Forest]", "attack bears -> Bob")
    a = bd.combat()
    w = Writer.for_board(bd, "en")
    said = " ".join(w(r) for r in a.not_modelled)
    assert "Attacking creatures you control get +1/+0." in said and "Persist" in said


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
    # carried out by the combat's stack (issue 26), no longer only named in not_modelled
    bd = b('  z: Zombie 2/2 [Token Creature \u2014 Zombie] "Decayed"',
           "  Forest [Basic Land \u2014 Forest]", "attack z -> Bob")
    a = bd.combat()
    assert not a.after_board.has_object("z")
    assert not any(r.code == "combat.decayed" for r in a.not_modelled)
