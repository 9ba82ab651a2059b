"""Triggers set off by what a combat does (issue 26.1, 26.3): battle cry and tokens that
enter attacking (702.91a, 508.4), decayed (702.147a), "Whenever ~ is dealt damage, it
deals that much damage to any target" (510.3a, a choice), "Whenever you gain life" from
lifelink (702.15b, 119.10), "~ or another creature you control dies" looking back in
time (603.10a, 603.6c), "Whenever one or more creatures [you control] attack, they ..."
(508.3d), "target opponent" (115.1)."""

from __future__ import annotations

import pytest

from mtgcombat import Board
from mtgcombat.grammar.oracle import read_text
from mtgcombat.rules import triggered as T
from mtgcombat.rules.stack import ChoiceNeeded
from mtgcombat.text import Writer


def run(text: str):
    return Board.parse(text, "<test>").combat()


def board(alice: str, bob: str = "", extra: str = "") -> str:
    return ("players Alice, Bob\nactive Alice\nAlice:\n" + alice + "\n"
            + ("Bob:\n" + bob + "\n" if bob else "") + extra + "\n")


def life(answer, who: str) -> int:
    return answer.after_board.player(who).life


def gone(answer, pid: str) -> bool:
    return not answer.after_board.has_object(pid)


def resolved(answer) -> list[tuple[str, str]]:
    return [(log.step, res.item.source or "") for log in answer.stack_log
            for res in log.resolved]


def words(answer, lang: str) -> str:
    """Every outcome's words in the answer's ``--json`` in ``lang``."""
    out = answer.to_json(Writer.for_board(answer.board, lang))
    return "\n".join(o["message"] for entry in out["stack"] for res in entry["resolved"]
                     for o in res["outcome"])


def ability(text: str, name: str):
    r = read_text(text, name)
    assert r.not_understood == (), r.not_understood
    (ab,) = r.abilities
    return ab


HERO = ('  hero: Hero of Bladehold 3/4 [Creature — Human Knight] white "Battle cry" '
        '"Whenever Hero of Bladehold attacks, create two 1/1 white Soldier creature tokens '
        'that are tapped and attacking."')


def test_battle_cry_pumps_tokens_that_entered_attacking_before_it_resolved_702_91a():
    # 603.3b: the card's trigger resolves first (the default order), battle cry after it
    # counts "each other attacking creature" as it resolves (608.2c): 3 + 2 + 2.
    a = run(board(HERO, extra="attack hero -> Bob"))
    assert life(a, "Bob") == 13
    assert [p.power for p in a.after_board.permanents if p.id.startswith("soldier")] == [2, 2]


def test_battle_cry_with_no_other_attacker_pumps_nothing_702_91a():
    a = run(board('  w: Goblin Wardriver 2/2 "Battle cry"', extra="attack w -> Bob"))
    assert life(a, "Bob") == 18


def test_decayed_attacker_is_sacrificed_at_end_of_combat_702_147a():
    a = run(board('  z: Zombie 2/2 [Creature — Zombie] "Decayed"\n  g: Giant 3/3',
                  extra="attack z -> Bob\nattack g -> Bob"))
    assert life(a, "Bob") == 15
    assert gone(a, "z") and not gone(a, "g")
    assert ("end of combat", "z") in resolved(a)
    assert not any(r.code == "combat.decayed" for r in a.not_modelled)


def test_decayed_creature_that_did_not_attack_stays_702_147a():
    a = run(board('  z: Zombie 2/2 [Creature — Zombie] "Decayed"\n  g: Giant 3/3',
                  extra="attack g -> Bob"))
    assert not gone(a, "z")


RECKONER = ('  rk: Boros Reckoner 3/3 [Creature — Minotaur Wizard] red white "Whenever Boros '
            'Reckoner is dealt damage, it deals that much damage to any target."')
WURM = "  wurm: Craw Wurm 6/4 [Creature — Wurm] green"


def test_that_much_damage_is_read_as_the_amount_of_the_event_510_3a():
    ab = ability("Whenever Boros Reckoner is dealt damage, it deals that much damage to any "
                 "target.", "Boros Reckoner")
    assert isinstance(ab.event, T.IsDealtDamage)
    (eff,) = ab.effects
    assert isinstance(eff, T.Damage) and eff.amount == T.EventAmount()
    assert eff.to.kind == "any"


def test_is_dealt_damage_deals_that_much_to_the_chosen_target_even_as_it_dies_603_10a():
    # 510.2: the Wurm's 6 damage is one event; the Reckoner dies (704.5g) and its ability,
    # already triggered, still resolves with its last known information (608.2h).
    a = run(board(RECKONER, WURM, "attack rk -> Bob\nblock wurm -> rk\nchoose rk: targets Bob"))
    assert gone(a, "rk")
    assert life(a, "Bob") == 14
    assert [c.value for c in a.choices] == [("Bob",)]


def test_is_dealt_damage_kills_the_blocker_with_the_damage_it_already_took_510_3a():
    a = run(board(RECKONER, WURM, "attack rk -> Bob\nblock wurm -> rk\nchoose rk: targets wurm"))
    assert gone(a, "wurm")  # 3 combat damage + 6 from the trigger on a 6/4


def test_is_dealt_damage_without_a_choice_is_bad_input_naming_the_targets():
    bd = Board.parse(board(RECKONER, WURM, "attack rk -> Bob\nblock wurm -> rk"), "<test>")
    with pytest.raises(ChoiceNeeded) as err:
        bd.combat()
    assert set(err.value.request.options) == {"Alice", "Bob", "wurm"}


def test_is_dealt_damage_does_not_trigger_without_damage_510_3a():
    a = run(board(RECKONER, "  w: Wall 0/4", "attack rk -> Bob\nblock w -> rk"))
    assert resolved(a) == [] and not gone(a, "w")


BOND = '  sb: Sanguine Bond 0/0 [Enchantment] "Whenever you gain life, target opponent loses that much life."'


def test_target_opponent_never_offers_the_controller_115_1():
    ab = ability("Whenever you gain life, target opponent loses that much life.", "Sanguine Bond")
    (eff,) = ab.effects
    assert eff.who.kind == "player" and eff.who.opponents
    a = run(board('  l: Lifelinker 3/3 "Lifelink"\n' + BOND, extra="attack l -> Bob"))
    (used,) = a.choices
    assert used.automatic and used.value == ("Bob",)


def test_whenever_you_gain_life_loses_that_much_one_event_per_lifelink_source_119_10():
    a = run(board('  l: Lifelinker 3/3 "Lifelink"\n  m: Mender 2/2 "Lifelink"\n' + BOND,
                  extra="attack l -> Bob\nattack m -> Bob"))
    assert life(a, "Alice") == 25
    assert life(a, "Bob") == 20 - 5 - 3 - 2
    assert [s for _, s in resolved(a)] == ["sb", "sb"]


def test_lifelink_blocker_sets_off_the_defenders_gain_life_trigger_702_15b():
    a = run(board("  giant: Hill Giant 3/3",
                  "  pm: Ajani's Pridemate 2/2 \"Whenever you gain life, put a +1/+1 counter on "
                  "Ajani's Pridemate.\"\n  hawk: Vampire Nighthawk 2/3 \"Flying, deathtouch, "
                  "lifelink\"", "attack giant -> Bob\nblock hawk -> giant"))
    assert life(a, "Bob") == 22
    assert a.after_board.permanent("pm").counters == {"+1/+1": 1}
    assert gone(a, "giant")


ZULAPORT = ('  zc: Zulaport Cutthroat 1/1 [Creature — Human Rogue Ally] black "Whenever Zulaport '
            'Cutthroat or another creature you control dies, each opponent loses 1 life and you '
            'gain 1 life."')


def test_self_or_another_creature_is_read_as_the_source_or_another_603_10a():
    ab = ability("Whenever Zulaport Cutthroat or another creature you control dies, each "
                 "opponent loses 1 life and you gain 1 life.", "Zulaport Cutthroat")
    assert isinstance(ab.event, T.Dies) and isinstance(ab.event.who, T.SelfOr)
    assert ab.event.who.group.other


def test_source_and_another_dying_at_once_both_trigger_looking_back_603_10a():
    # Both blockers die in the same combat damage event: the leaves-the-battlefield
    # ability looks back in time (603.10a) and triggers for each (603.6c).
    a = run(board("  giant: Hill Giant 3/3", ZULAPORT + "\n  bears: Grizzly Bears 2/2",
                  "attack giant -> Bob\nblock zc -> giant\nblock bears -> giant"))
    assert gone(a, "zc") and gone(a, "bears")
    assert life(a, "Alice") == 18 and life(a, "Bob") == 22


def test_an_opponents_creature_dying_does_not_trigger_you_control_603_6c():
    a = run(board("  giant: Hill Giant 3/3", ZULAPORT + "\n  wall: Wall 0/5",
                  "attack giant -> Bob\nblock wall -> giant\nblock zc -> giant"))
    # The giant's 3 damage goes where Alice assigns it; only Bob's creatures can trigger.
    assert life(a, "Alice") == 20 - (1 if gone(a, "zc") else 0)


def test_another_creature_you_control_dies_in_combat_drains_603_6c():
    a = run(board("  giant: Hill Giant 3/3\n  bears: Grizzly Bears 2/2",
                  '  cc: Cruel Celebrant 1/2 "Whenever another creature you control dies, each '
                  'opponent loses 1 life and you gain 1 life."\n  elf: Elf 1/1',
                  "attack giant -> Bob\nattack bears -> Bob\nblock elf -> giant"))
    assert gone(a, "elf")
    assert life(a, "Alice") == 19 and life(a, "Bob") == 20 - 2 + 1


CROC = ('  croc: Wardscale Crocodile 2/2 "Whenever one or more creatures you control attack, '
        'they get +1/+0 until end of turn."')


def test_one_or_more_creatures_you_control_attack_triggers_once_they_get_it_508_3d():
    ab = ability("Whenever one or more creatures you control attack, they get +1/+0 until end "
                 "of turn.", "Wardscale Crocodile")
    assert isinstance(ab.event, T.PlayerAttacks)
    assert ab.effects[0].who == T.EventRef("attackers")
    a = run(board(CROC + "\n  g: Giant 3/3\n  h: Hound 1/1", extra="attack g -> Bob\nattack h -> Bob"))
    # once (508.3d), and only the creatures that attacked get +1/+0
    assert [s for _, s in resolved(a)] == ["croc"]
    assert life(a, "Bob") == 20 - 4 - 2
    assert a.after_board.permanent("croc").power == 2


def test_one_or_more_creatures_attack_of_any_player_triggers_for_the_defender_508_3d():
    a = run(board("  g: Giant 3/3",
                  '  o: Owl 1/1 "Whenever one or more creatures attack, you gain 2 life."',
                  "attack g -> Bob"))
    assert life(a, "Bob") == 20 - 3 + 2


def test_the_defenders_creatures_attacking_nothing_do_not_trigger_you_control_508_3d():
    a = run(board("  g: Giant 3/3", CROC, "attack g -> Bob"))
    assert resolved(a) == []


def test_battalion_with_a_chosen_target_207_2c():
    fire = ('  fa: Firemane Avenger 3/3 [Creature — Angel] "Flying" "Battalion — Whenever '
            'Firemane Avenger and at least two other creatures attack, Firemane Avenger deals 3 '
            'damage to any target and you gain 3 life."\n  g: Giant 3/3\n  h: Hound 1/1')
    a = run(board(fire, "  w: Wall 0/4", "attack fa -> Bob\nattack g -> Bob\nattack h -> Bob\n"
                  "choose fa: targets Bob"))
    assert life(a, "Alice") == 23 and life(a, "Bob") == 20 - 3 - 7


@pytest.mark.parametrize("lang,text", [("en", "Boros Reckoner deals 6 damage to Bob"),
                                       ("de", "Boros Reckoner fügt Bob 6 Schaden zu")])
def test_that_much_damage_is_said_in_english_and_german(lang, text):
    a = run(board(RECKONER, WURM, "attack rk -> Bob\nblock wurm -> rk\nchoose rk: targets Bob"))
    assert text in words(a, lang)


def test_each_other_attacking_creature_gets_it_as_the_ability_resolves_611_2c():
    ab = ability("Whenever Chieftain attacks, each other attacking creature gets +1/+0 until "
                 "end of turn.", "Chieftain")
    (eff,) = ab.effects
    assert isinstance(eff, T.PTChange) and isinstance(eff.who, T.Each) and eff.who.group.other
    a = run(board('  c: Chieftain 2/2 "Whenever Chieftain attacks, each other attacking '
                  'creature gets +1/+0 until end of turn."\n  g: Giant 3/3\n  h: Hound 1/1',
                  extra="attack c -> Bob\nattack g -> Bob"))
    assert life(a, "Bob") == 20 - 2 - 4  # the Hound didn't attack: it gets nothing
    assert a.after_board.permanent("h").power == 1
