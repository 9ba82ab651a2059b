"""Persist (702.79a) and undying (702.93a) carried out by ``combat``: a creature that dies
returns to the battlefield as a new object (400.7) -- not in combat (506.4), untapped
(110.5b), with its counter -- unless it had such a counter; a token can't return (111.8);
+1/+1 and -1/-1 counters annihilate (704.5q). And the words of noncombat damage from a
spell without a source (120.3)."""

from __future__ import annotations

import json

from mtgcombat import Board
from mtgcombat.grammar.oracle import read_text
from mtgcombat.text import Writer


def board(text: str) -> Board:
    return Board.parse(text, "<test>")


def b(alice: str, bob: str, extra: str = "") -> str:
    return ("players Alice, Bob\nactive Alice\nAlice:\n" + alice + "\nBob:\n" + bob + "\n"
            + extra + "\n")


FINKS = ('  finks: Kitchen Finks 3/2 green white [Creature — Ouphe] '
         '"When Kitchen Finks enters, you gain 2 life." "Persist"')
GIANT = "  giant: Hill Giant 3/3 red [Creature — Giant]"
GEIST = '  geist: Strangleroot Geist 2/1 green [Creature — Spirit] "Haste" "Undying"'


def words(answer, lang: str = "en") -> str:
    from mtgcombat.text.results import combat

    w = Writer.for_board(answer.board, lang)
    return "\n".join(line.text for line in combat(answer, w))


def resolved_codes(answer) -> list[str]:
    return [r.code for log in answer.stack_log for res in log.resolved for r in res.outcome]


# -- reading ----------------------------------------------------------------------------


def test_persist_and_undying_are_read_and_not_in_not_modelled_702_79a_702_93a():
    for text in ("Persist", "Undying", "Persist (When this creature dies, if it had no -1/-1 "
                 "counters on it, return it to the battlefield under its owner's control "
                 "with a -1/-1 counter on it.)"):
        r = read_text(text, "X")
        assert r.not_understood == (), text
    ans = board(b(FINKS, GIANT, "attack finks -> Bob\nblock giant -> finks")).combat()
    assert ans.not_modelled == []


# -- persist ----------------------------------------------------------------------------


def test_persist_returns_the_creature_with_a_minus_counter_not_in_combat_702_79a_400_7():
    ans = board(b(FINKS, GIANT, "attack finks -> Bob\nblock giant -> finks")).combat()
    assert "finks" in ans.destroyed and "giant" in ans.destroyed
    p = ans.after_board.permanent("finks-2")
    assert (p.power, p.toughness) == (2, 1)
    assert dict(p.counters) == {"-1/-1": 1}
    assert not p.tapped and p.damage == 0 and p.summoning_sick  # 110.5b, a new object
    assert "stack.returned" in resolved_codes(ans)
    # its "enters" trigger triggers as it returns (603.6a)
    assert ans.after_board.player("Alice").life == 22


def test_persist_does_not_return_a_creature_that_had_a_minus_counter_702_79a():
    finks = FINKS.replace('"Persist"', '"Persist" counter "-1/-1" 1').replace("3/2", "2/1")
    ans = board(b(finks, GIANT, "attack finks -> Bob\nblock giant -> finks")).combat()
    assert not ans.after_board.has_object("finks") and not ans.after_board.has_object("finks-2")
    assert "stack.returned" not in resolved_codes(ans)


def test_a_returned_attacker_is_not_tapped_by_attacking_400_7_508_1f():
    ans = board(b(FINKS, GIANT, "attack finks -> Bob\nblock giant -> finks")).combat()
    assert not ans.after_board.permanent("finks-2").tapped


def test_persist_returns_a_creature_destroyed_by_a_trick_701_8a_702_79a():
    text = b(FINKS, "  bob_bears: Grizzly Bears 2/2 green [Creature — Bear]",
             'effect Bob in declare attackers -> finks: "Destroy target attacking creature."\n'
             "attack finks -> Bob\nno blocks")
    ans = board(text).combat()
    p = ans.after_board.permanent("finks-2")
    assert (p.power, p.toughness) == (2, 1)
    # a new object is not attacking: no combat damage to Bob (506.4)
    assert ans.after_board.player("Bob").life == 20


def test_a_returned_creature_loses_this_combats_pump_400_7_613_4c():
    finks = FINKS + ' "Whenever ~ attacks, ~ gets +1/+1 until end of turn."'
    giant = "  giant: Hill Giant 4/4 red [Creature — Giant]"
    ans = board(b(finks, giant, "attack finks -> Bob\nblock giant -> finks")).combat()
    p = ans.after_board.permanent("finks-2")
    assert (p.power, p.toughness) == (2, 1)


def test_a_persist_token_can_not_return_111_8():
    tok = '  tok: Scarecrow Token 2/2 [Token Artifact Creature — Scarecrow] "Persist"'
    ans = board(b(tok, GIANT, "attack tok -> Bob\nblock giant -> tok")).combat()
    assert not ans.after_board.has_object("tok")
    assert "stack.token_gone" in resolved_codes(ans)


def test_plus_and_minus_counters_annihilate_and_persist_goes_on_704_5q():
    # A returned persist creature given a +1/+1 counter: the counters annihilate (704.5q)
    # and it can persist again.
    finks = FINKS.replace('"Persist"', '"Persist" counter "-1/-1" 1').replace("3/2", "2/1")
    ajani = ('  ajani: Ajani\'s Sunstriker 2/2 white [Creature — Cat Cleric] '
             '"Whenever ~ attacks, put a +1/+1 counter on target creature you control."')
    text = ("players Alice, Bob\nactive Alice\nAlice:\n" + finks + "\n" + ajani
            + "\nBob:\n" + GIANT + "\nattack ajani -> Bob\nattack finks -> Bob\n"
            "block giant -> finks\nchoose ajani.1: targets finks\n")
    ans = board(text).combat()
    # it had a -1/-1 and a +1/+1 counter: annihilated, so it died with none and returned
    p = ans.after_board.permanent("finks-2")
    assert dict(p.counters) == {"-1/-1": 1}


# -- undying ----------------------------------------------------------------------------


def test_undying_returns_the_creature_with_a_plus_counter_702_93a():
    ans = board(b(GEIST, GIANT, "attack geist -> Bob\nblock giant -> geist")).combat()
    p = ans.after_board.permanent("geist-2")
    assert (p.power, p.toughness) == (3, 2)
    assert dict(p.counters) == {"+1/+1": 1}


def test_undying_does_not_return_a_creature_that_had_a_plus_counter_702_93a():
    geist = GEIST.replace('"Undying"', '"Undying" counter "+1/+1" 1').replace("2/1", "3/2")
    ans = board(b(geist, GIANT, "attack geist -> Bob\nblock giant -> geist")).combat()
    assert not ans.after_board.has_object("geist") and not ans.after_board.has_object("geist-2")


def test_undying_granted_by_another_permanent_702_93a():
    lord = ('  lord: Mikaeus, the Unhallowed 5/5 black [Legendary Creature — Zombie Cleric] '
            '"Other non-Human creatures you control get +1/+1 and have undying."')
    bear = "  bear: Grizzly Bears 3/3 green [Creature — Bear]"
    ans = board(b(lord + "\n" + bear, GIANT, "attack bear -> Bob\nblock giant -> bear")
                ).combat()
    assert ans.not_modelled == []
    # its current 3/3 counts the lord's +1/+1, which applies to the new object too
    p = ans.after_board.permanent("bear-2")
    assert (p.power, p.toughness) == (4, 4) and dict(p.counters) == {"+1/+1": 1}


# -- the answer -------------------------------------------------------------------------


def test_the_board_after_a_return_round_trips_and_can_be_asked_again_400_7():
    ans = board(b(FINKS, GIANT, "attack finks -> Bob\nblock giant -> finks")).combat()
    after = ans.after_board
    again = Board.parse(json.dumps(after.to_data()), "<after>")
    assert again.permanent("finks-2") == after.permanent("finks-2")
    again2 = Board.parse(after.scenario(), "<after>")
    assert again2.permanent("finks-2").counters == after.permanent("finks-2").counters
    # asked again: the new object came under Alice's control this turn (302.6)
    nxt = again.evolve(attacks={"finks-2": "Bob"}, blocks={}).combat()
    assert nxt.status == "illegal"
    assert any(rule.startswith("302.6") for rule, _, _ in nxt.violation_reasons)


def test_persist_and_undying_in_words_english_and_german_702_79a():
    ans = board(b(FINKS, GIANT, "attack finks -> Bob\nblock giant -> finks")).combat()
    en = words(ans)
    assert "Kitchen Finks: persist resolves" in en
    assert "returns to the battlefield with a -1/-1 counter" in en
    de = words(ans, "de")
    assert "Beharrlichkeit" in de and "-1/-1-Marke" in de
    ans = board(b(GEIST, GIANT, "attack geist -> Bob\nblock giant -> geist")).combat()
    assert "Unsterblichkeit" in words(ans, "de")
    js = ans.to_json(Writer.for_board(ans.board, "en"))
    steps = [e for e in js["stack"] if e["resolved"]]
    assert any(o["code"] == "stack.returned" for e in steps for r in e["resolved"]
               for o in r["outcome"])


# -- noncombat damage from a spell (120.3) ----------------------------------------------


SHOCK = b("  bears: Grizzly Bears 2/2 green [Creature — Bear]",
          "  wall: Wall of Wood 0/3 green [Creature — Wall]",
          'effect Bob in declare blockers -> bears: "~ deals 2 damage to target attacking or '
          'blocking creature."\nattack bears -> Bob\nno blocks')


def test_a_spell_dealing_damage_is_named_not_it_english_120_3():
    text = words(board(SHOCK).combat())
    assert "effect 1 deals 2 damage to Grizzly Bears" in text
    assert " it deals " not in text


def test_a_spell_dealing_damage_is_named_not_sie_german_120_3():
    text = words(board(SHOCK).combat(), "de")
    assert "Effekt 1 fügt Grizzly Bears 2 Schaden zu" in text
    assert " sie fügt " not in text


# -- a bad --choose value: one line naming the flag, the ability and its options ----------


CHOOSER = b('  goblin: Goblin Piker 2/1 red [Creature — Goblin] "Whenever ~ attacks, target '
            'creature gets +1/+1 until end of turn."\n'
            "  bears: Grizzly Bears 2/2 green [Creature — Bear]",
            "  wall: Wall of Wood 0/3 green [Creature — Wall]",
            "attack goblin -> Bob\nno blocks")


def _cli(tmp_path, capsys, *choose: str, question: str = "combat") -> tuple[int, str]:
    from mtgcombat.cli import main

    path = tmp_path / "chooser.mtg"
    path.write_text(CHOOSER, encoding="utf-8")
    argv = [question, str(path)]
    for c in choose:
        argv += ["--choose", c]
    code = main(argv)
    return code, capsys.readouterr().err


def test_an_illegal_choose_value_is_the_flags_error_naming_the_options_603_3d(tmp_path, capsys):
    # the legal target of "target creature" includes Bob's Wall; Bob is a player: illegal
    code, err = _cli(tmp_path, capsys, "goblin: targets Bob")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "combat: --choose: goblin, ability 1" in err
    assert "'Bob' is not a legal choice" in err and "'bears'" in err and "'wall'" in err
    assert "chooser.mtg:" not in err  # not a place in the board's text


def test_a_choose_flag_naming_nothing_is_the_flags_error_not_the_boards(tmp_path, capsys):
    code, err = _cli(tmp_path, capsys, "goblin: targets nothing")
    assert code == 2 and "--choose 'goblin: targets nothing': unknown target 'nothing'" in err
    assert "chooser.mtg" not in err
    code, err = _cli(tmp_path, capsys, "goblin.7: targets bears")
    assert code == 2 and "--choose: ability 7: 'goblin' has 1 line of text" in err
    assert "chooser.mtg" not in err and "choice 1" not in err
    code, err = _cli(tmp_path, capsys, "goblin: targets bears, wall")
    assert code == 2 and "--choose: goblin, ability 1" in err and "has 1 target, 2 given" in err


def test_a_bad_choice_of_the_board_is_still_located_in_its_text(tmp_path, capsys):
    from mtgcombat.cli import main

    path = tmp_path / "board.mtg"
    path.write_text(CHOOSER + "choose goblin: targets Bob\n", encoding="utf-8")
    assert main(["combat", str(path)]) == 2
    err = capsys.readouterr().err
    assert "board.mtg:" in err and "--choose" not in err
