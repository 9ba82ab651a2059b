"""The whole combat (``mtgcombat combat``, spec Extension 2): damage steps chained (510.4),
results of damage (120.3), prevention (615, 702.16e), state-based actions (704.5),
players who lose (104.3), the end of combat (511), triggers before damage (702)."""

from __future__ import annotations

import json

import pytest

from mtgcombat import Board
from mtgcombat.cli import main
from mtgcombat.text import Writer


def board(text: str) -> Board:
    return Board.parse(text, "<test>")


def run(text: str, *args, **kw):
    return board(text).combat(*args, **kw)


def js(answer) -> dict:
    return answer.to_json(Writer.for_board(answer.board, "en"))


def life(answer, who: str) -> int:
    return answer.after_board.player(who).life


def step(answer, name: str):
    return next(s for s in answer.steps if s.step == name)


HEAD = "players Alice, Bob{bob}\nactive Alice\n"


def b(alice: str, bob: str, extra: str = "", bob_life: str = "") -> str:
    return (HEAD.format(bob=bob_life) + "Alice:\n" + alice + "\nBob:\n" + bob + "\n" + extra)


# -- results of damage (120.3) ----------------------------------------------------------


def test_combat_120_3a_damage_to_a_player_is_life_lost():
    a = run(b("  bears: Grizzly Bears 2/2", "  Forest [Basic Land — Forest]",
              "attack bears -> Bob"))
    assert a.status == "complete"
    assert life(a, "Bob") == 18
    assert js(a)["after"]["life"] == {"Alice": 20, "Bob": 18}
    assert js(a)["steps"][0]["dealt"] == [{"source": "bears", "to": "Bob", "amount": 2}]


def test_combat_120_3e_damage_is_marked_and_704_5g_lethal_damage_destroys():
    a = run(b("  ogre: Hill Giant 3/3", "  wall: Wall of Wood 0/3\n  cub: Grizzly Bears 2/2",
              "attack ogre -> Bob\nblock cub -> ogre"))
    assert a.destroyed == ["cub"]
    assert step(a, "regular").sba.gone == {"cub": "704.5g"}
    # the attacker keeps the damage it was dealt, marked (120.3e)
    assert a.after_board.permanent("ogre").damage == 2


def test_combat_702_2b_deathtouch_damage_destroys_704_5h():
    a = run(b("  wurm: Craw Wurm 6/4", "  rat: Typhoid Rats 1/1 \"Deathtouch\"",
              "attack wurm -> Bob\nblock rat -> wurm"))
    assert sorted(a.destroyed) == ["rat", "wurm"]
    assert step(a, "regular").sba.gone["wurm"] == "704.5h"


def test_combat_702_12b_indestructible_survives_lethal_and_deathtouch_damage():
    a = run(b("  god: Stone God 3/3 \"Indestructible\"",
              "  rat: Typhoid Rats 1/1 \"Deathtouch\"\n  ogre: Hill Giant 3/3",
              "attack god -> Bob\nblock rat -> god\nblock ogre -> god"))
    assert "god" not in a.destroyed
    assert a.after_board.permanent("god").damage == 4


def reads(text: str) -> bool:
    """Whether the Oracle grammar reads this keyword line."""
    bd = board(b(f"  god: Stone God 3/3 \"{text}\"", "  Forest [Basic Land — Forest]"))
    return not bd.not_understood


def test_combat_704_5f_toughness_zero_is_not_saved_by_indestructible():
    if not reads("Infect"):
        pytest.skip("infect is not read yet")
    a = run(b("  god: Stone God 3/3 \"Indestructible\" \"Infect\"",
              "  ooze: Ooze 2/2 \"Indestructible\"",
              "attack god -> Bob\nblock ooze -> god"))
    assert a.destroyed == ["ooze"]
    assert step(a, "regular").sba.gone == {"ooze": "704.5f"}


def test_combat_120_3f_lifelink_gain_is_simultaneous_with_the_damage():
    # Bob at 3 is dealt 4 by the trampler while his lifelinking blocker deals 2: he ends
    # at 1, never at 0 -- the damage and the life gain are one event (510.2, 120.3f).
    a = run(b("  wurm: Colossal Wurm 5/5 \"Trample\"", "  leech: Vampire Leech 2/1 \"Lifelink\"",
              "attack wurm -> Bob\nblock leech -> wurm", bob_life=" (life 3)"))
    assert life(a, "Bob") == 1
    assert a.lost == []


def test_combat_120_3c_planeswalker_loses_loyalty_and_704_5i():
    a = run(b("  bears: Grizzly Bears 2/2\n  ogre: Hill Giant 3/3",
              "  jace: Jace Beleren [Legendary Planeswalker — Jace] loyalty 3\n"
              "  gids: Gideon Jura [Legendary Planeswalker — Gideon] loyalty 6",
              "attack ogre -> jace\nattack bears -> gids"))
    assert a.after_board.permanent("gids").loyalty == 4
    assert "jace" in a.destroyed and "gids" not in a.destroyed
    assert step(a, "regular").sba.gone["jace"] == "704.5i"


def test_combat_120_3h_battle_loses_defense_and_a_siege_at_zero_is_defeated():
    a = run(HEAD.format(bob="") + "Alice:\n  ogre: Hill Giant 3/3\n"
            "  siege: Invasion of Tarkir [Battle — Siege] defense 3 protector Bob\n"
            "Bob:\n  Forest [Basic Land — Forest]\nattack ogre -> siege\n")
    assert a.status == "complete"
    data = js(a)
    assert data["after"]["defeated"] == ["siege"]
    assert "siege" not in data["after"]["destroyed"]


# -- the damage steps (510.4) -----------------------------------------------------------


FIRST = b("  knight: White Knight 2/2 \"First strike\"\n  wurm: Craw Wurm 6/4",
          "  bears: Grizzly Bears 2/2\n  wall: Wall of Stone 0/8 [Creature — Wall]",
          "attack knight -> Bob\nattack wurm -> Bob\nblock bears -> knight")


def test_combat_510_4_a_creature_destroyed_in_the_first_step_deals_no_regular_damage():
    a = run(FIRST)
    assert [s.step for s in a.steps] == ["first", "regular"]
    assert step(a, "first").sba.gone == {"bears": "704.5g"}
    regular = step(a, "regular")
    assert "bears" not in regular.assignment
    # the knight has first strike only: it deals no damage in the regular step (702.7b)
    assert "knight" not in regular.assignment
    assert a.after_board.permanent("knight").damage == 0


def test_combat_702_4b_double_strike_deals_damage_in_both_steps():
    a = run(b("  champ: Fencing Ace 1/1 \"Double strike\"", "  Forest [Basic Land — Forest]",
              "attack champ -> Bob"))
    assert [s.step for s in a.steps] == ["first", "regular"]
    assert life(a, "Bob") == 18


def test_combat_509_1h_an_attacker_whose_blocker_died_stays_blocked():
    # The double striker kills its blocker in the first step and stays blocked: without
    # trample it deals no damage in the regular step (509.1h, 510.1c) ...
    a = run(b("  ace: Fencing Ace 2/2 \"Double strike\"", "  elf: Llanowar Elves 1/1",
              "attack ace -> Bob\nblock elf -> ace"))
    assert step(a, "first").sba.gone == {"elf": "704.5g"}
    assert step(a, "regular").assignment == {}
    assert life(a, "Bob") == 20
    # ... with trample all of it goes to the player (702.19e).
    a = run(b("  ace: Fencing Ace 2/2 \"Double strike\" \"Trample\"", "  elf: Llanowar Elves 1/1",
              "attack ace -> Bob\nblock elf -> ace"))
    assert life(a, "Bob") == 20 - 1 - 2


def test_combat_104_2a_no_later_step_when_the_game_is_over():
    a = run(b("  knight: White Knight 2/2 \"First strike\"\n  wurm: Craw Wurm 6/4",
              "  Forest [Basic Land — Forest]",
              "attack knight -> Bob\nattack wurm -> Bob", bob_life=" (life 2)"))
    assert [s.step for s in a.steps] == ["first"]
    assert a.lost == ["Bob"]
    assert step(a, "first").sba.lost == {"Bob": "704.5a"}


def test_combat_704_5a_a_player_at_zero_life_loses():
    a = run(b("  bears: Grizzly Bears 2/2", "  Forest [Basic Land — Forest]", "attack bears -> Bob",
              bob_life=" (life 2)"))
    assert a.lost == ["Bob"] and js(a)["after"]["lost"] == ["Bob"]


# -- prevention (615, 702.16e) ----------------------------------------------------------


def test_combat_702_16e_protection_prevents_the_damage_and_lists_it():
    # (the knight gained protection after the block: the board stands in the damage step)
    a = run(b("  knight: White Knight 2/2 \"Protection from black\"",
              "  rats: Typhoid Rats 1/1 black \"Deathtouch\"",
              "attack knight -> Bob\nblock rats -> knight\nstep regular"))
    regular = step(a, "regular")
    assert [(p.source, p.to, p.amount, p.rule) for p in regular.prevented] == [
        ("rats", "knight", 1, "702.16e")]
    assert "knight" not in a.destroyed and "rats" in a.destroyed
    assert js(a)["steps"][0]["prevented"] == [
        {"source": "rats", "to": "knight", "amount": 1, "rule": "702.16e"}]


# -- declarations and assignments given ------------------------------------------------


OPEN = b("  bears: Grizzly Bears 2/2\n  ogre: Hill Giant 3/3",
         "  wall: Wall of Wood 0/3 [Creature — Wall] \"Defender\"\n  cub: Grizzly Bears 2/2")


def test_combat_flags_win_over_the_board_and_are_checked():
    a = run(OPEN + "attack bears -> Bob\n", {"ogre": "Bob"}, {"wall": ["ogre"]})
    assert a.status == "complete"
    assert set(a.start.attacks) == {"ogre"}
    assert life(a, "Bob") == 20


def test_combat_an_illegal_declaration_answers_illegal_with_its_violations():
    a = run(b("  angel: Serra Angel 4/4 \"Flying\"", "  cub: Grizzly Bears 2/2"),
            {"angel": "Bob"}, {"cub": ["angel"]})
    assert a.status == "illegal"
    assert [v["rule"] for v in js(a)["violations"]] == ["702.9b"]


def test_combat_without_blocks_no_creature_blocks():
    a = run(OPEN + "attack bears -> Bob\nattack ogre -> Bob\n")
    assert life(a, "Bob") == 15


def test_combat_an_illegal_damage_assignment_answers_illegal_not_bad_input(capsys, tmp_path):
    p = tmp_path / "b.mtg"
    p.write_text(OPEN + "attack ogre -> Bob\nblock wall -> ogre\nblock cub -> ogre\n")
    rc = main(["combat", str(p), "--damage", '{"ogre": {"Bob": 3}}', "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert out["status"] == "illegal"
    assert out["violations"] and all("rule" in v and "message" in v for v in out["violations"])


def test_combat_a_damage_covering_one_player_leaves_the_others_to_their_best():
    a = run(OPEN + "attack ogre -> Bob\nblock wall -> ogre\nblock cub -> ogre\n",
            damage=[{"ogre": {"wall": 3}}])
    regular = step(a, "regular")
    assert regular.given == ["Alice"]
    assert regular.assignment["ogre"] == {"wall": 3}
    assert regular.assignment["cub"] == {"ogre": 2}  # Bob's part: his best
    assert a.destroyed == ["wall"]


def test_combat_more_damage_assignments_than_steps_is_illegal():
    a = run(OPEN + "attack ogre -> Bob\n", damage=[{"ogre": {"Bob": 3}}, {"ogre": {"Bob": 3}}])
    assert a.status == "illegal"


# -- the end of combat (511) -------------------------------------------------------------


def test_combat_511_3_after_board_declares_nothing_and_attackers_are_tapped():
    a = run(b("  bears: Grizzly Bears 2/2\n  angel: Serra Angel 4/4 \"Flying\" \"Vigilance\"",
              "  Forest [Basic Land — Forest]", "attack bears -> Bob\nattack angel -> Bob"))
    after = a.after_board
    assert after.attacks is None and after.blocks is None
    assert after.permanent("bears").tapped and not after.permanent("angel").tapped


def test_combat_after_board_loads_again_from_json_and_scenario():
    a = run(FIRST)
    data = js(a)["after"]["board"]
    again = Board.from_data(json.loads(json.dumps(data)))
    assert again.to_data() == data
    text = again.scenario()
    assert Board.parse(text, "<again>").to_data() == data


# -- triggers and abilities this combat does not carry out ------------------------------


def test_combat_reports_combat_triggers_it_does_not_carry_out():
    a = run(b("  eldrazi: Ulamog's Crusher 8/8 \"Annihilator 2\"", "  Forest [Basic Land — Forest]",
              "attack eldrazi -> Bob"))
    data = js(a)
    assert any("Annihilator 2" in m for m in data["not_modelled"])


# -- the command line -------------------------------------------------------------------


def test_combat_command_human_and_json(capsys, tmp_path):
    p = tmp_path / "b.mtg"
    p.write_text(FIRST)
    assert main(["combat", str(p)]) == 0
    out = capsys.readouterr().out
    assert "First-strike combat damage step" in out and "704.5g" in out
    assert main(["combat", str(p), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "complete" and data["not_understood"] == []
    assert [s["step"] for s in data["steps"]] == ["first", "regular"]
    assert set(data["after"]) >= {"life", "poison", "destroyed", "lost", "board"}


def test_combat_command_without_attacks_is_bad_input(capsys, tmp_path):
    p = tmp_path / "b.mtg"
    p.write_text(OPEN)
    assert main(["combat", str(p)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "attacks" in err


# -- results of keywords (120.3b, d, g; 702.80, 702.90, 702.164) --------------------------


def test_combat_702_90b_infect_damage_to_a_player_is_poison():
    a = run(b("  rat: Plague Rat 2/2 \"Infect\"", "  Forest [Basic Land — Forest]",
              "attack rat -> Bob"))
    assert life(a, "Bob") == 20
    assert a.after_board.player("Bob").poison == 2
    assert js(a)["after"]["poison"]["Bob"] == 2


def test_combat_702_90c_702_80a_infect_and_wither_put_minus_counters_on_creatures():
    a = run(b("  rat: Plague Rat 2/2 \"Infect\"\n  hag: Wither Hag 1/3 \"Wither\"",
              "  wall: Wall of Wood 0/4 [Creature — Wall] \"Defender\"\n  cub: Grizzly Bears 2/3",
              "attack rat -> Bob\nattack hag -> Bob\nblock wall -> rat\nblock cub -> hag"))
    after = a.after_board
    assert after.permanent("wall").counters == {"-1/-1": 2}
    assert after.permanent("wall").toughness == 2 and after.permanent("wall").damage == 0
    assert after.permanent("cub").counters == {"-1/-1": 1}
    assert (after.permanent("cub").power, after.permanent("cub").toughness) == (1, 2)


def test_combat_702_164c_toxic_gives_poison_in_addition_to_damage():
    a = run(b("  slinger: Venom Slinger 2/2 \"Toxic 2\"", "  Forest [Basic Land — Forest]",
              "attack slinger -> Bob"))
    assert life(a, "Bob") == 18
    assert a.after_board.player("Bob").poison == 2


def test_combat_704_5c_ten_poison_counters_lose():
    a = run(b("  rat: Plague Rat 3/3 \"Infect\"", "  Forest [Basic Land — Forest]",
              "attack rat -> Bob") .replace("players Alice, Bob", "players Alice, Bob") ,
            )
    data = Board.parse(b("  rat: Plague Rat 3/3 \"Infect\"", "  Forest [Basic Land — Forest]",
                         "attack rat -> Bob"), "<t>").to_data()
    data["players"][1]["poison"] = 8
    a = Board.from_data(data).combat()
    assert a.lost == ["Bob"]
    assert a.steps[-1].sba.lost == {"Bob": "704.5c"}


# -- prevention (615) -----------------------------------------------------------------------


def test_combat_615_1_fog_prevents_all_combat_damage_and_lists_it():
    a = run(b("  ogre: Hill Giant 3/3", "  cub: Grizzly Bears 2/2",
              "attack ogre -> Bob\nblock cub -> ogre\n"
              "effect Bob: \"Prevent all combat damage that would be dealt this turn.\""))
    regular = step(a, "regular")
    assert regular.dealt == []
    assert sorted((p.source, p.to, p.rule) for p in regular.prevented) == [
        ("cub", "ogre", "615.1"), ("ogre", "cub", "615.1")]
    assert a.destroyed == []


def test_combat_615_12_damage_that_cant_be_prevented_is_dealt():
    a = run(b("  ogre: Hill Giant 3/3 \"Combat damage that would be dealt by creatures you "
              "control can't be prevented.\"", "  cub: Grizzly Bears 2/2",
              "attack ogre -> Bob\nblock cub -> ogre\n"
              "effect Bob: \"Prevent all combat damage that would be dealt this turn.\""))
    assert a.destroyed == ["cub"]  # the ogre's damage is dealt, the bears' prevented
    assert [(p.source, p.to) for p in step(a, "regular").prevented] == [("cub", "ogre")]


def test_damage_best_counts_only_damage_that_is_dealt():
    # Trample over a protected blocker: damage to it is prevented but still assigned.
    bd = board(b("  wurm: Craw Wurm 6/4 black \"Trample\"",
                 "  knight: White Knight 2/2 white \"Protection from black\"",
                 "attack wurm -> Bob\nblock knight -> wurm"))
    best = bd.damage().best["Alice"]
    assert best.destroyed == []
    assert best.damage_to == {"Bob": 4}


# -- damage changers (510.1a) ----------------------------------------------------------------


def test_combat_510_1a_doran_creatures_assign_damage_by_toughness():
    a = run(b("  wall: Wall of Wood 0/3 [Creature — Wall]\n"
              "  doran: Doran, the Siege Tower 0/5 \"Each creature assigns combat damage equal to "
              "its toughness rather than its power.\"",
              "  Forest [Basic Land — Forest]", "attack wall -> Bob\nattack doran -> Bob"))
    assert life(a, "Bob") == 20 - 3 - 5


def test_combat_510_1a_a_creature_that_assigns_no_combat_damage():
    a = run(b("  master: Master of Cruelties 1/4 \"Master of Cruelties assigns no combat damage "
              "this combat.\"", "  Forest [Basic Land — Forest]", "attack master -> Bob"))
    assert life(a, "Bob") == 20
    assert step(a, "regular").assignment == {}


# -- triggers before damage (702) ----------------------------------------------------------


def triggers(a) -> list[tuple]:
    return [(t.kind, t.source, t.affected, t.power, t.toughness, t.life)
            for t in a.before_damage.triggers]


def test_combat_702_83a_exalted_when_a_creature_attacks_alone():
    a = run(b("  cub: Grizzly Bears 2/2\n  angel: Akrasan Squire 1/1 \"Exalted\"\n"
              "  knight: Sublime Knight 2/2 \"Exalted\"", "  Forest [Basic Land — Forest]",
              "attack cub -> Bob"))
    assert [t[0] for t in triggers(a)] == ["exalted", "exalted"]
    assert life(a, "Bob") == 20 - 4


def test_combat_702_45a_bushido_when_blocking_or_blocked():
    a = run(b("  samurai: Bushi Tenderfoot 2/2 \"Bushido 1\"", "  cub: Grizzly Bears 2/2",
              "attack samurai -> Bob\nblock cub -> samurai"))
    assert ("bushido", "samurai", "samurai", 1, 1, 0) in triggers(a)
    assert a.destroyed == ["cub"]


def test_combat_702_25a_flanking_shrinks_a_blocker_without_flanking():
    a = run(b("  knight: Flanking Knight 2/2 \"Flanking\"", "  elf: Llanowar Elves 1/1",
              "attack knight -> Bob\nblock elf -> knight"))
    assert ("flanking", "knight", "elf", -1, -1, 0) in triggers(a)
    assert a.before_damage.sba.gone == {"elf": "704.5f"}
    assert step(a, "regular").assignment == {}  # blocked, its blocker gone (509.1h)


def test_combat_702_23a_rampage_counts_blockers_beyond_the_first():
    a = run(b("  beast: Rampaging Beast 3/3 \"Rampage 2\"",
              "  cub: Grizzly Bears 2/2\n  elf: Llanowar Elves 1/1\n  elk: Elk 2/2",
              "attack beast -> Bob\nblock cub -> beast\nblock elf -> beast\nblock elk -> beast"))
    assert ("rampage", "beast", "beast", 4, 4, 0) in triggers(a)
    assert "beast" not in a.destroyed  # 7/7 takes 5


def test_combat_702_130a_afflict_makes_the_defending_player_lose_life():
    a = run(b("  god: Afflicter 3/3 \"Afflict 2\"", "  wall: Wall of Stone 0/8 [Creature — Wall]",
              "attack god -> Bob\nblock wall -> god"))
    assert ("afflict", "god", "Bob", 0, 0, -2) in triggers(a)
    assert life(a, "Bob") == 18


def test_combat_702_121a_melee_and_702_91a_battle_cry():
    a = run(b("  champ: Melee Champion 2/2 \"Melee\"\n  chief: War Chief 1/1 \"Battle cry\"\n"
              "  cub: Grizzly Bears 2/2", "  Forest [Basic Land — Forest]",
              "attack champ -> Bob\nattack chief -> Bob\nattack cub -> Bob"))
    kinds = triggers(a)
    assert ("melee", "champ", "champ", 1, 1, 0) in kinds
    assert ("battle_cry", "chief", "cub", 1, 0, 0) in kinds
    assert ("battle_cry", "chief", "champ", 1, 0, 0) in kinds
    assert life(a, "Bob") == 20 - (2 + 1 + 1) - 1 - (2 + 1)


def test_combat_603_3b_triggers_resolve_apnap_the_defenders_first():
    # Bob's bushido resolves before Alice's flanking: his 1/1 survives as a 2/2 shrunk to 1/1.
    a = run(b("  knight: Flanking Knight 2/2 \"Flanking\"",
              "  samurai: Young Samurai 1/1 \"Bushido 1\"",
              "attack knight -> Bob\nblock samurai -> knight"))
    assert [t[0] for t in triggers(a)] == ["bushido", "flanking"]
    assert "samurai" not in a.before_damage.sba.gone


# -- bands (702.22) ---------------------------------------------------------------------------


def test_combat_702_22h_a_creature_blocking_one_member_of_a_band_blocks_the_band():
    data = Board.parse(b("  leader: Benalish Hero 1/1 \"Banding\"\n  cub: Grizzly Bears 2/2",
                         "  wall: Wall of Stone 0/8 [Creature — Wall]",
                         "attack leader -> Bob\nattack cub -> Bob\nblock wall -> cub"),
                       "<t>").to_data()
    data["bands"] = [["leader", "cub"]]
    a = Board.from_data(data).combat()
    assert life(a, "Bob") == 20  # neither member is unblocked


def test_combat_702_39a_provoke_is_reported_not_resolved():
    a = run(b("  lizard: Provoking Lizard 2/2 \"Provoke\"", "  cub: Grizzly Bears 2/2",
              "attack lizard -> Bob"))
    assert any("provoke" in m and "702.39a" in m for m in js(a)["not_modelled"])
