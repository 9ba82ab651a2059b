"""Triggered abilities of real cards carried out by ``combat`` (issue 26): read as rule
objects (603.1), put on the stack in APNAP order (603.3b) as their events happen (507.2,
508.3, 509.3, 510.3a, 511.2), resolved one by one with state-based actions after each
(704.3); intervening "if" (603.4), "you may" (603.5), targets (603.3d, 608.2b) and the
choices a board gives for them (spec Extension 3)."""

from __future__ import annotations

import json

import pytest

from mtgcombat import Board
from mtgcombat.grammar.oracle import read_text
from mtgcombat.rules import triggered as T
from mtgcombat.rules.model import BoardError
from mtgcombat.rules.stack import ChoiceNeeded
from mtgcombat.text import Writer


def board(text: str) -> Board:
    return Board.parse(text, "<test>")


def run(text: str, *args, **kw):
    return board(text).combat(*args, **kw)


def js(answer, lang: str = "en") -> dict:
    return answer.to_json(Writer.for_board(answer.board, lang))


def after(answer, pid: str):
    b = answer.after_board
    return b.permanent(pid) if b.has_object(pid) else None


def life(answer, who: str) -> int:
    return answer.after_board.player(who).life


def outcome_codes(answer) -> list[str]:
    return [r.code for log in answer.stack_log for res in log.resolved for r in res.outcome]


def b(alice: str, bob: str, extra: str = "", bob_opts: str = "") -> str:
    return ("players Alice, Bob" + bob_opts + "\nactive Alice\nAlice:\n" + alice + "\nBob:\n"
            + bob + "\n" + extra + ("\n" if extra and not extra.endswith("\n") else ""))


def ability(text: str, name: str = "X"):
    r = read_text(text, name)
    assert r.not_understood == (), r.not_understood
    (ab,) = r.abilities
    return ab


# -- reading (603.1) ----------------------------------------------------------------------


def test_attack_trigger_is_read_as_event_and_effect_508_3a():
    ab = ability("Whenever X attacks, it gets +1/+0 until end of turn.")
    assert ab.event == T.Attacks(who=ab.event.who)
    assert ab.effects == (T.PTChange(ab.event.who, 1, 0),)


def test_battalion_is_read_as_attacking_with_two_others_207_2c():
    ab = ability("Battalion \u2014 Whenever X and at least two other creatures attack, "
                 "X gains first strike until end of turn.")
    assert ab.event.others == 2


def test_intervening_if_is_read_603_4():
    ab = ability("Whenever X attacks, if you control an Island, X gets +2/+0 until end of turn.")
    assert isinstance(ab.condition, T.ControlsCount)


def test_you_may_is_read_603_5():
    assert ability("Whenever X attacks, you may tap target creature.").optional


def test_a_trigger_with_an_unread_sentence_is_not_understood_whole_603_1():
    text = "Whenever X attacks, tap target creature. Scry 2."
    r = read_text(text, "X")
    assert r.understood == ()
    assert len(r.not_understood) == 2


def test_activated_ability_is_read_as_an_effect_to_activate_602_1():
    ab = ability("{1}{R}: X deals 1 damage to target attacking or blocking creature.")
    assert isinstance(ab, T.Activated) and ab.cost == "{1}{R}"


def test_exert_and_its_linked_trigger_are_read_701_43d():
    r = read_text("You may exert X as it attacks. When you do, it gets +1/+3 until end of "
                  "turn.", "X")
    assert r.not_understood == ()
    assert isinstance(r.abilities[0], T.ExertAsAttacks)


def test_a_continuous_effect_of_a_trigger_reads_back_as_an_effect_611_2():
    ab = ability("Whenever X attacks, target creature an opponent controls can't block this "
                 "turn.")
    (eff,) = ab.effects
    assert eff.text == "Target creature can't block this turn."
    assert eff.who.opponents


# -- attack triggers (508.3) -----------------------------------------------------------------


def test_attack_trigger_pump_resolves_before_blocks_508_3a():
    a = run(b('  k: Knight 2/2 "Whenever Knight attacks, it gets +1/+0 until end of turn."',
              "  w: Wall 0/3", "attack k -> Bob\nblock w -> k"))
    assert a.status == "complete"
    assert after(a, "w") is None  # 3 damage to the 0/3 wall
    assert after(a, "k").power == 3


def test_a_creature_you_control_attacks_triggers_for_each_attacker_508_3a():
    a = run(b('  c: Commander 1/1 "Whenever a creature you control attacks, it gets +1/+0 until '
              'end of turn."\n  x: Bears 2/2', "  w: Wall 0/4", "attack c -> Bob\nattack x -> Bob"))
    assert after(a, "c").power == 2 and after(a, "x").power == 3
    assert life(a, "Bob") == 15


def test_whenever_you_attack_triggers_once_508_3d():
    a = run(b('  e: Emblem Bearer 1/1 "Whenever you attack, you gain 1 life."\n  x: Bears 2/2',
              "  w: Wall 0/4", "attack x -> Bob"))
    assert life(a, "Alice") == 21


def test_battalion_needs_two_other_attackers_207_2c():
    text = ('  s: Sergeant 1/1 "Battalion \u2014 Whenever Sergeant and at least two other '
            'creatures attack, Sergeant gets +2/+0 until end of turn."\n'
            "  x: Bears 2/2\n  y: Bears 2/2")
    three = run(b(text, "  w: Wall 0/4", "attack s -> Bob\nattack x -> Bob\nattack y -> Bob"))
    assert after(three, "s").power == 3
    two = run(b(text, "  w: Wall 0/4", "attack s -> Bob\nattack x -> Bob"))
    assert after(two, "s").power == 1


def test_attacks_alone_506_5():
    text = '  s: Samurai 2/2 "Whenever Samurai attacks alone, it gets +2/+2 until end of turn."'
    alone = run(b(text + "\n  x: Bears 2/2", "  w: Wall 0/4", "attack s -> Bob"))
    assert after(alone, "s").power == 4
    not_alone = run(b(text + "\n  x: Bears 2/2", "  w: Wall 0/4",
                      "attack s -> Bob\nattack x -> Bob"))
    assert after(not_alone, "s").power == 2


def test_trigger_that_says_cant_block_binds_the_blocks_509_1b():
    text = b('  g: Goblin 1/1 "Whenever Goblin attacks, target creature an opponent controls '
             'can\'t block this turn."', "  w: Wall 0/4", "attack g -> Bob")
    bd = board(text)
    v = bd.check_blocks({"w": ["g"]})
    assert v.legal is False
    a = bd.combat(blocks={"w": ["g"]})
    assert a.status == "illegal"


def test_tokens_enter_tapped_and_attacking_508_4():
    a = run(b('  r: Raider 2/2 "Whenever Raider attacks, create a 1/1 red Goblin creature token '
              "that's tapped and attacking.\"", "  w: Wall 0/4", "attack r -> Bob"))
    assert a.status == "complete"
    assert life(a, "Bob") == 17  # 2 + the token's 1
    token = after(a, "goblin-token")
    assert token is not None and token.is_token and token.tapped
    # after.board is a valid board: it reads again
    again = Board.from_json(json.dumps(a.after_board.to_data()))
    assert again.permanent("goblin-token").type_line.startswith("Token")


def test_damage_trigger_kills_a_blocker_before_damage_704_3():
    a = run(b('  s: Spiker 1/1 "Whenever Spiker blocks or becomes blocked by a creature, Spiker '
              'deals 1 damage to that creature."', "  e: Elf 1/1",
              "attack s -> Bob\nblock e -> s"))
    assert after(a, "e") is None
    assert after(a, "s") is not None  # the elf died before combat damage
    assert a.before_damage.sba.gone.get("e") == "704.5g"


def test_attacker_whose_blocker_dies_to_a_trigger_remains_blocked_509_1h():
    a = run(b('  s: Spiker 1/1 "Whenever Spiker blocks or becomes blocked by a creature, Spiker '
              'deals 1 damage to that creature."', "  e: Elf 1/1",
              "attack s -> Bob\nblock e -> s"))
    assert life(a, "Bob") == 20


# -- block triggers (509.3) -------------------------------------------------------------------


def test_becomes_blocked_triggers_once_509_3c():
    a = run(b('  t: Tusker 3/3 "Whenever Tusker becomes blocked, it gets +2/+2 until end of turn."',
              "  e: Elf 2/2\n  f: Elf 2/2", "attack t -> Bob\nblock e -> t\nblock f -> t"))
    assert after(a, "t").power == 5


def test_becomes_blocked_by_a_creature_triggers_for_each_blocker_509_3d():
    a = run(b('  t: Tusker 3/3 "Whenever Tusker becomes blocked by a creature, Tusker gets +1/+1 '
              'until end of turn."', "  e: Elf 1/1\n  f: Elf 1/1",
              "attack t -> Bob\nblock e -> t\nblock f -> t"))
    assert after(a, "t").power == 5


def test_blocks_triggers_for_the_blocker_509_3a():
    a = run(b("  x: Bears 2/2", '  g: Guard 1/1 "Whenever Guard blocks, it gets +0/+3 until end '
              'of turn."', "attack x -> Bob\nblock g -> x"))
    assert after(a, "g") is not None and after(a, "g").toughness == 4


def test_attacks_and_isnt_blocked_509_3g():
    text = ('  n: Ninja 1/1 "Whenever Ninja attacks and isn\'t blocked, defending player gets a '
            'poison counter."')
    unblocked = run(b(text, "  w: Wall 0/4", "attack n -> Bob"))
    assert unblocked.after_board.player("Bob").poison == 1
    blocked = run(b(text, "  w: Wall 0/4", "attack n -> Bob\nblock w -> n"))
    assert blocked.after_board.player("Bob").poison == 0


# -- the beginning and the end of combat (507.2, 511.2) ----------------------------------------


def test_beginning_of_combat_trigger_before_attacks_507_2():
    bd = board(b('  c: Captain 1/1 "At the beginning of combat on your turn, put a +1/+1 '
                 'counter on target creature you control."', "  w: Wall 0/4",
                 "attack c -> Bob"))
    a = bd.combat()
    assert after(a, "c").power == 2 and after(a, "c").counter("+1/+1") == 1
    assert life(a, "Bob") == 18


def test_at_end_of_combat_a_delayed_trigger_sacrifices_603_7():
    a = run(b('  f: Fury 3/3 "Whenever Fury attacks or blocks, sacrifice it at end of combat."',
              "  w: Wall 0/4", "attack f -> Bob"))
    assert after(a, "f") is None
    assert "f" in a.destroyed
    assert life(a, "Bob") == 17


# -- combat damage (510.3a) and what follows -----------------------------------------------


def test_deals_combat_damage_to_a_player_510_3a():
    a = run(b('  v: Vampire 2/2 "Whenever Vampire deals combat damage to a player, you gain 2 '
              'life."', "  w: Wall 0/4", "attack v -> Bob"))
    assert life(a, "Alice") == 22 and life(a, "Bob") == 18


def test_dies_trigger_after_combat_damage_700_4():
    a = run(b("  x: Giant 3/3", '  s: Spirit 1/1 "When Spirit dies, you gain 3 life."',
              "attack x -> Bob\nblock s -> x"))
    assert after(a, "s") is None
    assert life(a, "Bob") == 23


def test_whenever_you_gain_life_triggers_on_lifelink_119_10():
    a = run(b('  l: Lifelinker 2/2 "Lifelink"\n  c: Cleric 0/1 "Whenever you gain life, each '
              'opponent loses 1 life."', "  w: Wall 0/4", "attack l -> Bob"))
    assert life(a, "Alice") == 22
    assert life(a, "Bob") == 17


# -- APNAP (603.3b) and the order of resolution ---------------------------------------------


def test_apnap_the_active_players_triggers_resolve_last_603_3b():
    a = run(b('  k: Knight 2/2 "Whenever Knight becomes blocked, it gets +1/+1 until end of turn."',
              '  g: Guard 2/2 "Whenever Guard blocks, it gets +1/+1 until end of turn."',
              "attack k -> Bob\nblock g -> k"))
    order = [res.item.source for log in a.stack_log for res in log.resolved]
    assert order == ["g", "k"]  # Bob's (non-active) first: put on the stack last


# -- choices (spec Extension 3) ---------------------------------------------------------------


def test_one_legal_target_is_chosen_by_itself_and_said_so_603_3d():
    a = run(b('  g: Goblin 1/1 "Whenever Goblin attacks, tap target creature an opponent '
              'controls."', "  w: Wall 0/4", "attack g -> Bob"))
    assert after(a, "w").tapped
    (used,) = a.choices
    assert used.automatic and used.value == ("w",)
    assert js(a)["choices"][0]["automatic"] is True


def test_several_legal_targets_without_a_choice_is_bad_input_naming_the_options():
    bd = board(b('  g: Goblin 1/1 "Whenever Goblin attacks, tap target creature an opponent '
                 'controls."', "  w: Wall 0/4\n  e: Elf 1/1", "attack g -> Bob"))
    with pytest.raises(ChoiceNeeded) as err:
        bd.combat()
    msg = str(err.value)
    assert "w or e" in msg and "choices" in msg
    assert err.value.request.options == ("w", "e") or set(err.value.request.options) == {"w", "e"}


def test_a_given_choice_is_used_and_listed():
    bd = board(b('  g: Goblin 1/1 "Whenever Goblin attacks, tap target creature an opponent '
                 'controls."', "  w: Wall 0/4\n  e: Elf 1/1",
                 "attack g -> Bob\nchoose g.1: targets e"))
    a = bd.combat()
    assert after(a, "e").tapped and not after(a, "w").tapped
    assert js(a)["choices"] == [{"source": "g", "ability": 1, "instance": 1,
                                  "targets": ["e"], "automatic": False,
                                  "message": js(a)["choices"][0]["message"]}]


def test_you_may_needs_a_choice_603_5():
    text = b('  g: Goblin 1/1 "Whenever Goblin attacks, you may tap target creature."',
             "  w: Wall 0/4", "attack g -> Bob")
    with pytest.raises(BoardError):
        board(text + "choose g: targets w\n").combat()
    yes = board(text + "choose g: targets w; may yes\n").combat()
    assert after(yes, "w").tapped
    no = board(text + "choose g: targets w; may no\n").combat()
    assert not after(no, "w").tapped


def test_an_illegal_choice_is_bad_input():
    text = b('  g: Goblin 1/1 "Whenever Goblin attacks, tap target creature an opponent '
             'controls."', "  w: Wall 0/4", "attack g -> Bob\nchoose g: targets g")
    with pytest.raises(BoardError):
        board(text).combat()


def test_exert_is_a_choice_701_43():
    text = b('  e: Exerter 2/2 "You may exert Exerter as it attacks. When you do, it gets +1/+3 '
             'until end of turn."', "  w: Wall 0/4", "attack e -> Bob\n")
    with pytest.raises(ChoiceNeeded):
        board(text).combat()
    yes = board(text + "choose e: exert yes\n").combat()
    assert after(yes, "e").power == 3
    no = board(text + "choose e: exert no\n").combat()
    assert after(no, "e").power == 2


# -- intervening "if" (603.4) ---------------------------------------------------------------


def test_intervening_if_false_as_it_triggers_does_nothing_603_4():
    text = ('  k: Knight 2/2 "Whenever Knight attacks, if you control an Island, Knight gets '
            '+2/+0 until end of turn."')
    no = run(b(text, "  w: Wall 0/4", "attack k -> Bob"))
    assert after(no, "k").power == 2
    yes = run(b(text + "\n  i: Island [Basic Land — Island]", "  w: Wall 0/4", "attack k -> Bob"))
    assert after(yes, "k").power == 4


# -- combat tricks (spec Extension 3) -------------------------------------------------------


def test_trick_destroys_a_blocker_the_attacker_remains_blocked_509_1h_510_1c():
    a = run(b("  x: Giant 3/3", "  w: Wall 0/4",
              "attack x -> Bob\nblock w -> x\n"
              'effect Alice in declare blockers -> w: "Destroy target blocking creature."'))
    assert after(a, "w") is None
    assert "w" in a.destroyed
    assert life(a, "Bob") == 20  # no trample: no damage (510.1c)


def test_trick_destroying_a_blocker_lets_trample_through_702_19e():
    a = run(b('  x: Giant 3/3 "Trample"', "  w: Wall 0/4",
              "attack x -> Bob\nblock w -> x\n"
              'effect Alice in declare blockers -> w: "Destroy target blocking creature."'))
    assert life(a, "Bob") == 17


def test_trick_exiles_an_attacker_removed_from_combat_506_4():
    a = run(b("  x: Giant 3/3", "  w: Wall 0/4",
              "attack x -> Bob\n"
              'effect Bob in declare attackers -> x: "Exile target attacking creature."'))
    assert after(a, "x") is None
    assert life(a, "Bob") == 20
    assert a.steps == [] or all(not s.dealt for s in a.steps)


def test_trick_pump_after_blocks_613_4c():
    a = run(b("  x: Bears 2/2", "  w: Wall 0/3",
              "attack x -> Bob\nblock w -> x\n"
              'effect Alice in declare blockers -> x: "Target creature gets +3/+3 until end of '
              'turn."'))
    assert after(a, "w") is None
    assert after(a, "x").power == 5


def test_fog_in_the_declare_blockers_step_615_1():
    a = run(b("  x: Bears 2/2", "  w: Wall 0/4", "attack x -> Bob\n"
              'effect Bob in declare blockers: "Prevent all combat damage that would be dealt '
              'this turn."'))
    assert life(a, "Bob") == 20


def test_shock_a_blocker_before_damage_120_3():
    a = run(b("  x: Bears 2/2", "  w: Elf 1/1", "attack x -> Bob\nblock w -> x\n"
              'effect Alice from x in declare blockers -> w: "~ deals 2 damage to target '
              'attacking or blocking creature."'))
    assert after(a, "w") is None


def test_stack_true_last_listed_resolves_first_405_5():
    text = b("  x: Bears 2/2", "  w: Wall 0/3", "attack x -> Bob\nblock w -> x\n"
             'effect Bob in declare blockers -> x: "Destroy target attacking creature."\n'
             'effect Alice in declare blockers -> x: "Target creature gets +1/+1 until end of '
             'turn."\n')
    in_order = board(text).combat()
    on_stack = board(text + "stack\n").combat()
    assert after(in_order, "x") is None and after(on_stack, "x") is None
    first = [res.item.effect for log in on_stack.stack_log for res in log.resolved]
    assert first == [1, 0]


def test_trick_in_a_step_that_does_not_happen_is_not_cast():
    a = run(b("  x: Bears 2/2", "  w: Wall 0/4", "attack x -> Bob\n"
              'effect Bob in first-strike combat damage -> x: "Destroy target attacking '
              'creature."'))
    assert after(a, "x") is not None


# -- answers ---------------------------------------------------------------------------------


def test_the_answer_lists_what_resolved_in_each_step_in_words():
    a = run(b('  k: Knight 2/2 "Whenever Knight attacks, it gets +1/+0 until end of turn."',
              "  w: Wall 0/4", "attack k -> Bob"))
    out = js(a)
    (entry,) = [s for s in out["stack"] if s["step"] == "declare attackers"]
    (res,) = entry["resolved"]
    assert res["source"] == "k" and res["ability"] == 1
    assert "+1/+0" in res["outcome"][0]["message"]
    de = js(a, "de")
    (entry,) = [s for s in de["stack"] if s["step"] == "declare attackers"]
    assert "Zuges" in entry["resolved"][0]["outcome"][0]["message"]


def test_after_board_with_trigger_effects_can_be_asked_again():
    a = run(b('  g: Goblin 1/1 "Whenever Goblin attacks, target creature an opponent controls '
              'can\'t block this turn."', "  w: Wall 0/4", "attack g -> Bob"))
    data = a.after_board.to_data()
    again = Board.from_data(data)
    assert again.effects[-1].text == "Target creature can't block this turn."
    assert again.scenario() and Board.from_scenario(again.scenario()) == again


def test_a_trigger_not_read_is_not_modelled_ability_word_207_2c():
    a = run(b('  s: Sergeant 1/1 "Battalion \u2014 Whenever Sergeant and at least two other '
              'creatures attack, scry 2."', "  w: Wall 0/4", "attack s -> Bob"))
    assert any("scry" in m for m in js(a)["not_modelled"])


# -- more events and effects ------------------------------------------------------------------


def test_enters_or_attacks_triggers_on_attack_508_3a():
    a = run(b('  s: Sentry 2/2 "Whenever Sentry enters the battlefield or attacks, you gain 2 life."',
              "  w: Wall 0/4", "attack s -> Bob"))
    assert life(a, "Alice") == 22


def test_a_token_entering_triggers_enters_the_battlefield_603_6a():
    a = run(b('  r: Raider 2/2 "Whenever Raider attacks, create a 1/1 red Goblin creature token."\n'
              '  c: Chief 1/1 "Whenever another creature enters the battlefield under your control, '
              'you gain 1 life."', "  w: Wall 0/4", "attack r -> Bob"))
    assert life(a, "Alice") == 21


def test_pump_for_each_other_attacking_creature_613_4c():
    a = run(b('  g: Goblin Chief 1/1 "Whenever Goblin Chief attacks, it gets +1/+0 until end of '
              'turn for each other attacking Goblin."\n  x: Goblin Raider 1/1 [Creature — Goblin]'
              "\n  y: Goblin Raider 1/1 [Creature — Goblin]", "  w: Wall 0/4",
              "attack g -> Bob\nattack x -> Bob\nattack y -> Bob"))
    assert after(a, "g").power == 3


def test_rampage_like_pump_for_each_blocker_beyond_the_first_613_4c():
    a = run(b('  t: Tusker 3/3 "Whenever Tusker becomes blocked, it gets +1/+1 until end of turn for '
              'each creature blocking it beyond the first."', "  e: Elf 1/1\n  f: Elf 1/1\n"
              "  g: Elf 1/1", "attack t -> Bob\nblock e -> t\nblock f -> t\nblock g -> t"))
    assert after(a, "t").power == 5


def test_if_you_do_follows_you_may_603_5():
    text = b('  n: Ninja 2/2 "Whenever Ninja attacks and isn\'t blocked, you may sacrifice it. If '
             'you do, defending player loses 3 life."', "  w: Wall 0/4", "attack n -> Bob\n")
    yes = board(text + "choose n: may yes\n").combat()
    assert after(yes, "n") is None and life(yes, "Bob") == 17
    no = board(text + "choose n: may no\n").combat()
    assert after(no, "n") is not None and life(no, "Bob") == 18


def test_then_if_counts_counters_as_it_resolves_608_2c():
    text = ('  o: Ordeal [Enchantment — Aura] attached to x "Enchant creature\\nWhenever enchanted '
            'creature attacks, put a +1/+1 counter on it. Then if it has three or more +1/+1 '
            'counters on it, sacrifice Ordeal."\n  x: Bears 4/4 counter +1/+1 2')
    a = run(b(text, "  w: Wall 0/4", "attack x -> Bob"))
    assert after(a, "x").counter("+1/+1") == 3
    assert after(a, "o") is None


def test_discard_shrinks_a_recorded_hand_701_9a():
    a = run(b('  h: Hound 2/2 "Whenever Hound attacks, defending player discards a card."',
              "  w: Wall 0/4", "attack h -> Bob", bob_opts=" (hand 3)"))
    assert a.after_board.player("Bob").hand == 2


def test_attacks_you_triggers_for_the_defender_508_3a():
    a = run(b("  x: Bears 2/2", '  o: Oracle 0/4 "Whenever a creature attacks you, it gets -1/-0 '
              'until end of turn."', "attack x -> Bob"))
    assert after(a, "x").power == 1 and life(a, "Bob") == 19


def test_at_end_of_combat_if_it_attacked_511_2_603_4():
    text = ('  k: Knight 3/3 counter +1/+0 1 "At end of combat, if Knight attacked or blocked this '
            'combat, remove a +1/+0 counter from it."')
    a = run(b(text, "  w: Wall 0/4", "attack k -> Bob"))
    assert after(a, "k").counter("+1/+0") == 0


def test_exert_the_linked_trigger_prevents_damage_to_it_701_43d_615_1():
    text = b('  o: Avenger 4/3 "You may exert Avenger as it attacks. When you do, prevent all '
             'combat damage that would be dealt to it this turn."', "  g: Giant 5/5",
             "attack o -> Bob\nblock g -> o\nchoose o: exert yes\n")
    a = board(text).combat()
    assert after(a, "o") is not None


def test_a_delayed_trigger_after_a_creature_dies_does_nothing_to_it_603_7():
    a = run(b('  f: Fury 1/1 "Whenever Fury attacks or blocks, sacrifice it at end of combat."',
              "  g: Giant 5/5", "attack f -> Bob\nblock g -> f"))
    assert after(a, "f") is None
    assert a.destroyed.count("f") == 1
