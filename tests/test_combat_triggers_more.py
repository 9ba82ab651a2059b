"""More effects of real cards' triggered and activated abilities carried out by ``combat``
(issue 26): targets and groups in combat with a creature ("target creature blocking ~",
"all creatures blocking or blocked by it", 506.4), "+X/+0 until end of turn, where X is
..." (613.4c, 608.2h), life "for each" (119.1), "another target" (115.3), "return it to
the battlefield" of a "dies" trigger (400.7)."""

from __future__ import annotations

from mtgcombat import Board
from mtgcombat.grammar.oracle import read_text
from mtgcombat.rules import triggered as T


def board(text: str) -> Board:
    return Board.parse(text, "<test>")


def b(alice: str, bob: str, extra: str = "") -> str:
    return ("players Alice, Bob\nactive Alice\nAlice:\n" + alice + "\nBob:\n" + bob + "\n"
            + extra + "\n")


def read(text: str, name: str = "Xyz"):
    r = read_text(text, name)
    assert r.not_understood == (), r.not_understood
    return r.abilities


GIANT = "  giant: Hill Giant 3/3 red [Creature — Giant]"
BEARS = "  bears: Grizzly Bears 2/2 green [Creature — Bear]"


# -- in combat with a creature (506.4) --------------------------------------------------


def test_target_creature_blocking_it_is_read_as_a_target_in_combat_with_the_source_506_4():
    (ab,) = read("Whenever Xyz becomes blocked, it deals 1 damage to target creature "
                 "blocking it.")
    (dmg,) = ab.effects
    assert isinstance(dmg.to, T.Target) and dmg.to.partner == "blocking"


def test_target_creature_blocking_it_offers_only_its_blockers_506_4():
    wasp = ('  wasp: Stinging Wasp 2/2 [Creature — Insect] "Whenever ~ becomes blocked, it '
            'deals 1 damage to target creature blocking it."')
    text = b(wasp, GIANT + "\n  elf: Llanowar Elves 1/1 green [Creature — Elf]\n"
             "  bears: Grizzly Bears 2/2 green [Creature — Bear]",
             "attack wasp -> Bob\nblock elf -> wasp")
    ans = board(text).combat()
    # one legal target, the Elf (the Giant and the Bears block nothing): chosen by itself
    assert [c.value for c in ans.choices if c.what == "targets"] == [("elf",)]
    assert "elf" in ans.destroyed


def test_an_activated_ability_destroys_a_creature_blocking_its_source_506_4_509_1h():
    knight = "  knight: Knight 2/2 white [Creature — Human Knight]"
    text = b(knight, BEARS, 'effect Alice from knight in declare blockers -> bears: '
             '"Destroy target creature blocking ~."\nattack knight -> Bob\n'
             "block bears -> knight")
    ans = board(text).combat()
    assert "bears" in ans.destroyed
    # the knight stays blocked (509.1h): no damage to Bob
    assert ans.after_board.player("Bob").life == 20


def test_a_target_not_blocking_the_source_is_not_legal_601_2c():
    knight = "  knight: Knight 2/2 white [Creature — Human Knight]"
    text = b(knight, BEARS + "\n" + GIANT,
             'effect Alice from knight in declare blockers -> giant: '
             '"Destroy target creature blocking ~."\nattack knight -> Bob\n'
             "block bears -> knight")
    ans = board(text).combat()
    assert "giant" not in ans.destroyed
    codes = [r.code for log in ans.stack_log for res in log.resolved for r in res.outcome]
    assert "stack.not_cast" in codes


def test_all_creatures_blocking_or_blocked_by_it_as_it_last_existed_608_2h_506_4():
    bomb = ('  bomb: Bomb Golem 1/1 [Artifact Creature — Golem] "When ~ dies, destroy all '
            'creatures blocking or blocked by it."')
    text = b(bomb + "\n" + BEARS.replace("bears", "mine"), GIANT + "\n" + BEARS,
             "attack bomb -> Bob\nblock giant -> bomb")
    ans = board(text).combat()
    assert "bomb" in ans.destroyed and "giant" in ans.destroyed
    assert ans.after_board.has_object("bears") and ans.after_board.has_object("mine")


# -- amounts counted as the ability resolves (608.2h) -----------------------------------


def test_plus_x_where_x_is_the_number_of_attacking_creatures_613_4c_608_2h():
    lead = ('  lead: Leader 1/1 red [Creature — Goblin] "Whenever ~ attacks, it gets +X/+0 '
            'until end of turn, where X is the number of attacking creatures you control."')
    text = b(lead + "\n" + BEARS, "", "attack lead -> Bob\nattack bears -> Bob\nno blocks")
    text = text.replace("Bob:\n\n", "Bob:\n  wall: Wall 0/1 [Creature — Wall] \"Defender\"\n")
    ans = board(text).combat()
    assert ans.after_board.player("Bob").life == 20 - 3 - 2


def test_plus_x_where_x_is_its_power_608_2h():
    (ab,) = read("Whenever Xyz attacks, another target attacking creature gets +X/+X until "
                 "end of turn, where X is Xyz's power.")
    (pt,) = ab.effects
    assert isinstance(pt.power, T.PowerOf) and pt.who.other  # 115.3


def test_gain_life_for_each_attacking_creature_119_1():
    cleric = ('  cleric: Cleric 1/1 white [Creature — Human Cleric] "Whenever ~ attacks, you '
              'gain 1 life for each attacking creature."')
    text = b(cleric + "\n" + BEARS, "  wall: Wall 0/1 [Creature — Wall] \"Defender\"",
             "attack cleric -> Bob\nattack bears -> Bob\nno blocks")
    ans = board(text).combat()
    assert ans.after_board.player("Alice").life == 22


def test_another_target_is_not_the_source_115_3():
    (ab,) = read("Whenever Xyz attacks, another target attacking creature gets +1/+1 until "
                 "end of turn.")
    assert ab.effects[0].who.other is True
    lone = ('  lone: Lone Hero 2/2 white [Creature — Human] "Whenever ~ attacks, another '
            'target attacking creature gets +1/+1 until end of turn."')
    ans = board(b(lone, "  wall: Wall 0/1 [Creature — Wall] \"Defender\"",
                  "attack lone -> Bob\nno blocks")).combat()
    # attacking alone: no legal target but itself, which "another" excludes (603.3d)
    assert ans.after_board.player("Bob").life == 18


# -- "return it to the battlefield" (400.7) ---------------------------------------------


def test_dies_return_it_to_the_battlefield_tapped_400_7_110_5b():
    spirit = ('  spirit: Returning Spirit 2/2 black [Creature — Spirit] "When ~ dies, return '
              'it to the battlefield tapped under its owner\'s control."')
    ans = board(b(spirit, GIANT, "attack spirit -> Bob\nblock giant -> spirit")).combat()
    p = ans.after_board.permanent("spirit-2")
    assert p.tapped and (p.power, p.toughness) == (2, 2) and p.damage == 0


def test_return_to_the_battlefield_only_in_a_dies_trigger_400_7():
    r = read_text("Whenever Xyz attacks, return it to the battlefield under its owner's "
                  "control.", "Xyz")
    assert r.not_understood


def test_a_minus_0_minus_2_counter_lowers_toughness_613_4c_122_1():
    wall = ('  wall: Wall of Ice 0/7 [Creature — Wall] "Defender" "At end of combat, put a '
            '-0/-2 counter on each creature blocking or blocked by ~."')
    ans = board(b(BEARS, wall, "attack bears -> Bob\nblock wall -> bears")).combat()
    # the 2/2 gets toughness 0 and is put into its owner's graveyard (704.5f)
    assert "bears" in ans.destroyed and not ans.after_board.has_object("bears")
    gone = [log.sba.gone for log in ans.stack_log if log.step == "end of combat"]
    assert gone and gone[0].get("bears") == "704.5f"


# -- more events, conditions and effects ------------------------------------------------


def test_you_may_gain_life_is_the_controllers_119_1_603_5():
    wall = ('  wall: Wall of Faith 0/4 white [Creature — Wall] "Defender" "Whenever ~ blocks, '
            'you may gain 4 life."')
    text = b(BEARS, wall, "attack bears -> Bob\nblock wall -> bears\nchoose wall: may yes")
    assert board(text).combat().after_board.player("Bob").life == 24


def test_self_or_equipped_creature_attacks_triggers_for_the_equipped_creature_301_5():
    sword = ('  sword: Blade 0/0 [Artifact — Equipment] "Whenever ~ or equipped creature '
             'attacks, defending player loses 2 life." attached to bears')
    wall = '  wall: Wall 0/4 [Creature — Wall] "Defender"'
    ans = board(b(BEARS + "\n" + sword, wall, "attack bears -> Bob\nno blocks")).combat()
    assert ans.after_board.player("Bob").life == 20 - 2 - 2


def test_pack_tactics_counts_the_power_of_the_attackers_207_2c_603_4():
    tac = ('  tac: Tactician 2/2 red [Creature — Human] "Pack tactics — Whenever ~ attacks, if '
           'you attacked with creatures with total power 6 or greater this combat, put a '
           '+1/+1 counter on ~."')
    giant = GIANT.replace("giant", "mygiant")
    wall = '  wall: Wall 0/1 [Creature — Wall] "Defender"'
    weak = board(b(tac + "\n" + giant, wall, "attack tac -> Bob\nattack mygiant -> Bob\n"
                   "no blocks")).combat()
    assert dict(weak.after_board.permanent("tac").counters) == {}  # 2 + 3 < 6
    big = giant.replace("3/3", "4/4")
    strong = board(b(tac + "\n" + big, wall, "attack tac -> Bob\nattack mygiant -> Bob\n"
                     "no blocks")).combat()
    assert dict(strong.after_board.permanent("tac").counters) == {"+1/+1": 1}


def test_formidable_total_power_of_creatures_you_control_207_2c_603_4():
    (ab,) = read("Formidable — Whenever Xyz attacks, if creatures you control have total "
                 "power 8 or greater, Xyz gains first strike until end of turn.")
    assert isinstance(ab.condition, T.TotalPower) and ab.condition.n == 8


def test_your_team_controls_counts_the_teams_permanents_810_2():
    (ab,) = read("Whenever Xyz attacks, if your team controls another Warrior, Xyz gets "
                 "+1/+1 until end of turn.")
    assert ab.condition.team is True
