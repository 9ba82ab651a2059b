"""Issue 25, trust part two: no lost answer, one verdict for one declaration, whole teams,
the game ends when it ends.

The tests are grouped by the issue's points; each is named after the rule or the input.
(Hostile input, point 5, is in ``tests/test_fuzz_*.py``; the card index, point 7, in
``tests/test_cards.py``.)"""
from __future__ import annotations

import json
import random
import shlex
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgcombat import Board
from mtgcombat.cli import main
from mtgcombat.questions.best import best_attacks, best_blocks
from mtgcombat.questions.combat import combat, in_damage_step, judge_declarations
from mtgcombat.questions.turn import turn
from mtgcombat.rules.model import BoardError
from mtgcombat.text import Writer

from . import boards_small
from .conftest import REPO

HEAD = "players Alice, Bob\nactive Alice\n"


def board(text: str) -> Board:
    return Board.parse(HEAD + text, "<test>")


def run(capsys, args: str) -> tuple[int, str, str]:
    code = main(shlex.split(args))
    out, err = capsys.readouterr()
    return code, out, err


def js(answer, b=None) -> dict:
    return answer.to_json(Writer.for_board(b if b is not None else answer.board, "en"))


# -- 1. An effect whose object leaves the battlefield stays, as a fact (400.7) -----------------

PROVOKED = """
Alice:
  knight: White Knight 2/2 [Creature — Human Knight] "First strike"
Bob:
  bear: Grizzly Bears 1/1 [Creature — Bear]
effect Alice -> bear: "Target creature blocks this turn if able."
attack knight -> Bob
block bear -> knight
"""


def test_400_7_effect_target_destroyed_in_the_first_strike_step_stays_as_gone(capsys, tmp_path):
    p = tmp_path / "provoked.mtg"
    p.write_text(HEAD + PROVOKED, encoding="utf-8")
    code, out, err = run(capsys, f"combat {p} --json")
    assert code == 0, err
    data = json.loads(out)
    assert data["status"] == "complete"
    assert [s["step"] for s in data["steps"]] == ["first", "regular"]
    assert data["after"]["destroyed"] == ["bear"]
    effect, = data["after"]["board"]["effects"]
    assert effect["targets"] == ["bear"] and effect["gone"] == ["bear"]
    # after.board is a board of the format: it reads again and can be asked again
    again = Board.from_data(data["after"]["board"])
    assert again.effects[0].gone == ("bear",)
    assert Board.parse(again.scenario(), "<again>") == again
    again.list_declarations("attacks", limit=5)


def test_400_7_effect_source_destroyed_in_the_regular_step_stays_as_gone():
    b = board("""
Alice:
  goblin: Goblin Piker 2/1 [Creature — Goblin Warrior]
Bob:
  wall: Wall of Stone 0/8 [Creature — Wall]
  ogre: Hill Giant 3/3 [Creature — Giant]
effect Alice from goblin -> ogre: "Target creature blocks Goblin Piker this turn if able."
attack goblin -> Bob
block ogre -> goblin
""")
    a = b.combat()
    assert a.status == "complete" and a.destroyed == ["goblin"]
    effect, = a.after_board.effects
    assert effect.source == "goblin" and effect.gone == ("goblin",)
    again = Board.from_data(json.loads(json.dumps(a.after_board.to_data())))
    # its abilities name what is gone: they apply to nothing (no requirement on the ogre)
    assert again.bound.held_by("ogre") == []


def test_400_7_a_group_of_targets_keeps_those_not_gone():
    b = board("""
Alice:
  cub: Grizzly Cub 2/2
Bob:
  wall: Wall 0/3 [Creature — Wall]
effect Alice -> cub: "All creatures able to block target creature this turn do so."
effect Bob -> bear, cub gone bear: "Up to two target creatures can't block this turn."
effect Bob -> bear gone bear: "Target creature can't block this turn."
""")
    by_effect = {}
    for i in b.bound.instances:
        if i.source.kind == "effect":
            by_effect.setdefault(i.source.effect_index, set()).add(i.holder)
    assert by_effect == {0: {"cub"}, 1: {"cub"}}  # the third names only what is gone


def test_400_7_gone_round_trips_through_json_and_the_scenario_language():
    b = board("""
Alice:
  knight: White Knight 2/2
effect Alice from ghost -> knight, bear gone bear, ghost: "Up to two target creatures can't block this turn."
""")
    assert b.effects[0].gone == ("bear", "ghost")
    assert "gone bear, ghost:" in b.scenario()
    assert Board.parse(b.scenario(), "<s>") == b
    assert Board.from_data(json.loads(b.to_json())) == b


@pytest.mark.parametrize("effect,message", [
    ('effect Alice -> knight gone bear: "Target creature can\'t block this turn."',
     "gone 'bear' is neither one of its targets nor its source"),
    ('effect Alice -> knight gone knight: "Target creature can\'t block this turn."',
     "gone 'knight' is on the board"),
    ('effect Alice -> bear: "Target creature can\'t block this turn."',
     "unknown target 'bear'"),
])
def test_400_7_gone_is_bad_input_unless_it_names_an_object_of_the_effect_that_is_not_here(
        effect, message):
    with pytest.raises(BoardError, match=message.replace("(", r"\(")):
        board("Alice:\n  knight: White Knight 2/2\n" + effect + "\n")


#: Effects that name creatures (as targets or as their source), as boards give them.
EFFECT_TEXTS = [
    "Target creature blocks this turn if able.",
    "All creatures able to block target creature this turn do so.",
    "Target creature can't block this turn.",
    "Target creature gains first strike until end of turn.",
    "Target creature must be blocked this turn if able.",
    "Target creature gains deathtouch until end of turn.",
    "Up to two target creatures can't block this turn.",
    "Target creature blocks {src} this turn if able.",
    "Target creature can block only {src} this turn.",
    "{src} can't be blocked this turn.",
    "Target creature gains trample until end of turn.",
]


def effect_board(seed: int) -> dict:
    """A random small board with effects naming random creatures (targets and sources)."""
    rng = random.Random(seed)
    data = boards_small.board(seed, declared=True)
    ids = [p["id"] for p in data["permanents"]]
    names = {p["id"]: p["name"] for p in data["permanents"]}
    effects = []
    for _ in range(rng.randint(1, 3)):
        text = rng.choice(EFFECT_TEXTS)
        e: dict = {"text": text, "controller": rng.choice(["Alice", "Bob"])}
        n = 2 if text.startswith("Up to two") else (0 if text.startswith("{src}") else 1)
        e["targets"] = list(dict.fromkeys(rng.choice(ids) for _ in range(n)))
        if "{src}" in text:
            e["source"] = rng.choice(ids)
            e["text"] = text.replace("{src}", names[e["source"]])
        effects.append(e)
    data["effects"] = effects
    return data


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_400_7_combat_and_best_decisions_never_refuse_a_board_check_accepts(seed):
    data = effect_board(seed)
    try:
        b = Board.from_data(data)
        b.check_blocks({})  # the board as check accepts it
    except BoardError:
        return
    legal = list(b.legal_blocks())
    blocks = random.Random(seed).choice(legal) if legal else None
    a = b.combat(blocks=blocks)
    after = js(a)["after"]["board"]
    again = Board.from_data(json.loads(json.dumps(after)))
    again.list_declarations("attacks", limit=3)
    assert Board.parse(again.scenario(), "<after>").to_data() == after
    for ask in (best_blocks, best_attacks):
        js(ask(b, time_limit=10))


# -- 2. One verdict for one declaration --------------------------------------------------------

LURE = """
Alice:
  lure: Lure Beast 3/3 "All creatures able to block Lure Beast do so."
Bob:
  bear: Grizzly Bears 2/2
attack lure -> Bob
"""

#: Boards whose declarations break a rule, and the rule check cites.
ILLEGAL = {
    "509.1c": LURE,
    "702.111b": """
Alice:
  gob: Goblin 2/2 "Menace"
Bob:
  bear: Grizzly Bears 2/2
attack gob -> Bob
block bear -> gob
""",
    "702.9b": """
Alice:
  drake: Wind Drake 2/2 "Flying"
Bob:
  bear: Grizzly Bears 2/2
attack drake -> Bob
block bear -> drake
""",
    "702.3b": """
Alice:
  wall: Wall of Stone 0/8 [Creature — Wall] "Defender"
  bear: Grizzly Bears 2/2
attack wall -> Bob
attack bear -> Bob
""",
}


def _check_violations(b: Board) -> list[tuple[str, str]]:
    """What check says of the board's declarations: the attacks, then the blocks (no
    blocks on the board: none)."""
    w = Writer.for_board(b, "en")
    bare = b.evolve(attacks=None, blocks=None, damage_order=None)
    v = bare.check_attacks(dict(b.attacks))
    if v.legal is False:
        return [(x.rule, w(x.why)) for x in v.violations]
    v = b.evolve(blocks=None, damage_order=None).check_blocks(
        {k: list(x) for k, x in (b.blocks or {}).items()})
    return [(x.rule, w(x.why)) for x in v.violations]


@pytest.mark.parametrize("rule", sorted(ILLEGAL))
def test_board_declarations_are_judged_as_flags_are_in_every_question(rule):
    b = board(ILLEGAL[rule])
    expected = _check_violations(b)
    assert expected and expected[0][0] == rule
    w = Writer.for_board(b, "en")

    def pairs(vs):
        return [(v["rule"], v["message"]) for v in vs]
    c = js(b.combat())
    assert c["status"] == "illegal" and pairs(c["violations"]) == expected
    assert c["steps"] == []
    d = b.damage().to_json(w)
    assert d["status"] == "illegal" and pairs(d["violations"]) == expected
    assert d["assignments"] == [] and d["best"] == {}
    from mtgcombat.draw import draw

    svg = draw(b)
    judged_blocks = b.blocks is not None or rule == "702.3b"
    if judged_blocks:
        assert svg.status == "illegal" and pairs(svg.violations) == expected
        assert expected[0][1].replace("'", "&#x27;")[:20].split("&")[0] in svg or \
            expected[0][1][:20] in svg
    t = turn(b)
    if judged_blocks:
        tj = t.to_json(w)
        assert tj["status"] == "illegal" and pairs(tj["violations"]) == expected
        assert tj["steps"] == []
    if rule == "702.3b":
        bb = best_blocks(b).to_json(w)
        assert bb["status"] == "illegal" and pairs(bb["violations"]) == expected


def test_509_1c_lure_with_no_blocks_on_the_board_is_illegal_in_combat(capsys, tmp_path):
    p = tmp_path / "lure.mtg"
    p.write_text(HEAD + LURE, encoding="utf-8")
    code, out, _ = run(capsys, f"combat {p} --json")
    assert code == 0
    own = json.loads(out)
    code, out, _ = run(capsys, f"combat {p} --json --blocks '{{}}'")
    flag = json.loads(out)
    assert own["status"] == flag["status"] == "illegal"
    assert own["violations"] == flag["violations"]
    assert own["violations"][0]["rule"] == "509.1c"
    assert own["after"]["life"]["Bob"] == 20  # no damage: never a result


def test_a_board_in_a_combat_damage_step_shows_facts_not_declarations():
    # The drake gained flying after the bear blocked it (the board stands in the damage step).
    b = board(ILLEGAL["702.9b"] + "step regular\n")
    assert in_damage_step(b)
    assert judge_declarations(b) is None
    a = b.combat()
    assert a.status == "complete" and a.destroyed == ["bear", "drake"]


def test_turn_leaves_blocks_open_on_a_board_without_them():
    b = board(LURE)
    t = turn(b)
    assert t.status == "complete"
    step = next(s for s in t.steps if s.step == "declare blockers")
    assert step.what[0].code == "turn.blocks_open"


def test_the_human_answers_say_illegal_with_the_violation(capsys, tmp_path):
    p = tmp_path / "menace.mtg"
    p.write_text(HEAD + ILLEGAL["702.111b"], encoding="utf-8")
    for command in ("combat", "damage", "turn"):
        code, out, err = run(capsys, f"{command} {p}")
        assert code == 0, err
        assert "Illegal" in out and "702.111b" in out, (command, out)
    code, out, _ = run(capsys, f"turn {p} --lang de")
    assert "Nicht erlaubt" in out


def _corpus_boards() -> list[tuple[str, Board]]:
    from mtgcombat.corpus import load_cases

    out = []
    for case in load_cases(REPO / "corpus" / "cases"):
        for edition in case.editions:
            try:
                out.append((f"{case.id}[{edition}]", case.board(edition)))
            except Exception:
                continue
    for path in sorted((REPO / "corpus" / "boards").iterdir()):
        out.append((path.name, Board.load(path)))
    return [(name, b) for name, b in out
            if b.attacks is not None and not in_damage_step(b) and not b.bands]


def test_corpus_a_declaration_on_the_board_and_by_flag_answer_the_same():
    """For every corpus board that declares attacks: the board's own declarations and the
    same declarations given by flag get the same answer from combat (status, violations,
    steps, after) and the same verdict from damage, turn, draw, best-blocks and check."""
    from mtgcombat.draw import draw

    boards = _corpus_boards()
    assert len(boards) > 100
    illegal = 0
    for name, b in boards:
        w = Writer.for_board(b, "en")
        try:
            own = b.combat(time_limit=20)
        except BoardError:
            continue  # a board some question refuses (a choice missing ...)
        bare = b.evolve(attacks=None, blocks=None, damage_order=None)
        flag = bare.combat(dict(b.attacks), {k: list(v) for k, v in (b.blocks or {}).items()},
                           time_limit=20) if b.damage_order is None else combat(
            bare, dict(b.attacks), {k: list(v) for k, v in (b.blocks or {}).items()},
            damage_order=b.damage_order, time_limit=20)
        jo, jf = js(own, b), js(flag, b)
        for key in ("status", "violations", "steps", "before_damage"):
            assert jo[key] == jf[key], (name, key)
        if own.status == "complete":
            assert jo["after"] == jf["after"], name
        else:  # no result: life and the rest as they were (the board is the one asked)
            assert {k: v for k, v in jo["after"].items() if k != "board"} == \
                {k: v for k, v in jf["after"].items() if k != "board"}, name
        if own.status == "illegal":
            illegal += 1
            expected = [(r, w(why)) for r, why, _ in own.violation_reasons]
            assert _check_violations(b) == expected, name
            d = b.damage()
            assert d.status == "illegal", name
            assert [(r, w(y)) for r, y, _ in d.declaration.violations] == expected, name
        else:
            assert b.damage().status != "illegal", name
        stop = judge_declarations(b, judge_blocks=False)
        svg = draw(b)
        assert svg.status == ("complete" if stop is None else stop.status), name
        if b.blocks is not None:
            assert turn(b).status in ("complete", own.status), name
        attack_stop = judge_declarations(b.evolve(blocks=None, damage_order=None),
                                         judge_blocks=False)
        if attack_stop is not None:
            assert best_blocks(b).status == attack_stop.status, name
    assert illegal >= 1


# -- 3. Two-Headed Giant: one life total, one poison count, a team loses together ---------------

TEAMS = ("players Alice (team A), Amy (team A), Bob (team B, poison 12), "
         "Bea (team B, poison 12)\nactive Alice\n")
INFECT = """
Alice:
  rat: Blight Rat 5/5 [Creature — Rat] "Infect"
attack rat -> Bea
no blocks
"""


def test_810_10_infect_gives_the_team_its_poison_and_704_6b_the_whole_team_loses():
    b = Board.parse(TEAMS + INFECT, "<2hg>")
    a = b.combat()
    assert a.after_board.player("Bob").poison == a.after_board.player("Bea").poison == 17
    assert sorted(a.lost) == ["Bea", "Bob"]
    assert dict(a.steps[-1].sba.lost) == {"Bea": "704.6b", "Bob": "704.6b"}
    data = js(a)
    assert data["after"]["poison"]["Bob"] == data["after"]["poison"]["Bea"] == 17
    assert sorted(data["after"]["lost"]) == ["Bea", "Bob"]


def test_810_10_poison_is_shown_once_for_the_team_in_words(capsys, tmp_path):
    p = tmp_path / "2hg.mtg"
    p.write_text(TEAMS.replace("poison 12", "poison 2") + INFECT, encoding="utf-8")
    code, out, _ = run(capsys, f"combat {p}")
    assert code == 0
    after = next(line for line in out.splitlines() if line.startswith("After combat"))
    assert after.count("7 poison") == 1 and "Bob and Bea (team B" in after
    code, out, _ = run(capsys, f"combat {p} --lang de")
    after = next(line for line in out.splitlines() if line.startswith("Nach dem Kampf"))
    assert after.count("7 Giftmarken") == 1 and "Bob und Bea (Team B" in after


def test_704_6a_a_team_at_0_life_loses_together():
    b = Board.parse("players Alice (team A), Amy (team A), Bob (team B, life 3), "
                    "Bea (team B, life 3)\nactive Alice\nAlice:\n  ogre: Hill Giant 3/3\n"
                    "attack ogre -> Bob\nno blocks\n", "<2hg>")
    a = b.combat()
    assert dict(a.steps[-1].sba.lost) == {"Bob": "704.6a", "Bea": "704.6a"}
    assert a.after_board.player("Bea").life == 0


@pytest.mark.parametrize("players,message", [
    ("Bob (team B, life 20), Bea (team B, life 17)",
     "players 'Bob' and 'Bea' are both of team 'B', which has one life total "
     "(Two-Headed Giant, 810.9), but life is 20 for 'Bob' and 17 for 'Bea'"),
    ("Bob (team B, poison 2), Bea (team B)",
     "players 'Bob' and 'Bea' are both of team 'B', which has one poison count "
     "(Two-Headed Giant, 810.10), but poison is 2 for 'Bob' and 0 for 'Bea'"),
])
def test_810_9_teammates_with_different_life_or_poison_is_bad_input_naming_both(
        capsys, tmp_path, players, message):
    p = tmp_path / "2hg.mtg"
    p.write_text(f"players Alice (team A), Amy (team A), {players}\nactive Alice\n",
                 encoding="utf-8")
    code, out, err = run(capsys, f"attacks {p}")
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
    data = json.loads(Board.parse(f"players Alice, Bob\nactive Alice\n").to_json())
    data["players"] = [{"name": "Alice", "team": "A"}, {"name": "Amy", "team": "A"},
                       {"name": "Bob", "team": "B", "life": 3}, {"name": "Bea", "team": "B"}]
    with pytest.raises(BoardError, match="810.9"):
        Board.from_data(data)


def test_810_8a_best_blocks_counts_a_team_that_loses_together():
    b = Board.parse(TEAMS + INFECT.replace("no blocks\n", ""), "<2hg>")
    a = best_blocks(b)
    assert a.status == "optimal"
    assert sorted(a.outcome.lost) == ["Bea", "Bob"]


def test_810_10_best_decisions_tell_a_teams_life_and_poison_once(capsys, tmp_path):
    p = tmp_path / "2hg.mtg"
    p.write_text(TEAMS + INFECT.replace("no blocks\n", ""), encoding="utf-8")
    code, out, _ = run(capsys, f"best-blocks {p}")
    assert code == 0
    outcome = next(line for line in out.splitlines() if line.startswith("Outcome:"))
    assert "Bob and Bea 20 (17 poison)" in outcome and outcome.count("poison") == 1
    code, out, _ = run(capsys, f"best-blocks {p} --lang de")
    outcome = next(line for line in out.splitlines() if line.startswith("Ergebnis:"))
    assert "Bob und Bea 20 (17 Giftmarken)" in outcome


# -- 4. The game ends when it ends (104.2a) -------------------------------------------------------

LETHAL = """
Alice:
  knight: White Knight 2/2 [Creature — Human Knight] "First strike"
  ogre: Hill Giant 3/3
attack knight -> Bob
attack ogre -> Bob
no blocks
"""


@pytest.mark.parametrize("life,ended", [(2, "first-strike combat damage"),
                                        (5, "combat damage")])
def test_104_2a_nothing_happens_in_the_turn_after_the_game_ends(life, ended):
    b = Board.parse(f"players Alice, Bob (life {life})\nactive Alice\n" + LETHAL, "<t>")
    t = turn(b)
    names = [s.step for s in t.steps]
    after = names[names.index(ended) + 1:]
    assert after[-4:] == ["end of combat", "postcombat main", "end", "cleanup"]
    for s in t.steps[names.index(ended) + 1:]:
        assert s.happens is False and s.what == []
        assert s.why_not.code == "turn.game_over" and s.why_not["step"] == ended
        assert s.why_not["players"] == ("Bob",)
    assert t.steps[names.index(ended)].happens is True
    w = Writer.for_board(b, "de")
    assert "Spiel ist vorbei" in w(t.steps[-1].why_not)
    assert "game is over" in Writer.for_board(b, "en")(t.steps[-1].why_not)


def test_104_2a_a_multiplayer_game_goes_on_when_one_opponent_loses():
    b = Board.parse("players Alice, Bob (life 3), Carol\nactive Alice\nAlice:\n"
                    "  ogre: Hill Giant 3/3\nattack ogre -> Bob\nno blocks\n", "<t>")
    t = turn(b)
    assert all(s.happens is not False for s in t.steps if s.step in ("end", "cleanup"))


def test_104_2a_combat_story_says_nothing_happens_after_the_loss(capsys, tmp_path):
    p = tmp_path / "lethal.mtg"
    p.write_text("players Alice, Bob (life 2)\nactive Alice\n" + LETHAL, encoding="utf-8")
    code, out, _ = run(capsys, f"explain {p} --about combat")
    assert code == 0 and "The game is over: nothing happens after Bob lost" in out
    assert "Combat damage step (510)" not in out  # no regular step after the first
    code, out, _ = run(capsys, f"combat {p} --json")
    assert json.loads(out)["game_over"] is True
