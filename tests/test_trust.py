"""Issue 11, trust: never a confident answer over text that was not read, names and
players in texts, the misreads fixed at their cause, bad input everywhere, answers that
do not depend on ids, and messages that state the numbers the verdict used.

The tests are grouped by the issue's points; each is named after the behaviour."""
from __future__ import annotations

import json
import re
import shlex

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgcombat.board import Board
from mtgcombat.cli import main
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


def decls(b: Board, kind: str) -> set:
    return {json.dumps(d, sort_keys=True) for d in (b.legal_attacks() if kind == "attacks"
                                                     else b.legal_blocks())}


def as_set(*ds) -> set:
    return {json.dumps(d, sort_keys=True) for d in ds}


# -- 1. Unread text is never silent ------------------------------------------------------

TYPO = """
Alice:
  bear: Grizzly Bears 2/2 green [Creature — Bear] "Flyng"
  elves: Llanowar Elves 1/1 green [Creature — Elf Druid] "Trampel"

Bob:
  wall: Wall 0/4 [Creature — Wall]

attack bear -> Bob
block wall -> bear
"""

COMMANDS = ["show", "attacks", "blocks", "check --attacks '{}'", "check --blocks '{}'",
            "check --damage '{}'", "damage", "explain", "combat", "turn", "best-blocks",
            "best-attacks", "upkeep"]


@pytest.fixture
def typo_board(tmp_path):
    p = tmp_path / "typo.mtg"
    p.write_text(HEAD + TYPO, encoding="utf-8")
    return p


def _cmd(command: str, path) -> str:
    name, _, rest = command.partition(" ")
    return f"{name} {path} {rest}".strip()


@pytest.mark.parametrize("command", COMMANDS)
def test_not_understood_is_in_every_json_answer(capsys, typo_board, command):
    code, out, err = run(capsys, _cmd(command, typo_board) + " --json")
    assert code == 0, err
    data = json.loads(out)
    assert sorted(data["not_understood"]) == ["Flyng", "Trampel"]
    assert {(n["source"], n["sentence"]) for n in data["not_understood_sources"]} == {
        ("bear", "Flyng"), ("elves", "Trampel")}


@pytest.mark.parametrize("command", [c for c in COMMANDS if c != "show"])
def test_human_answers_warn_on_standard_error_one_line_per_sentence(capsys, typo_board,
                                                                    command):
    code, out, err = run(capsys, _cmd(command, typo_board))
    assert code == 0, err
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 2
    assert "Flyng" in warnings[0] and "bear" in warnings[0]
    assert "Trampel" in warnings[1] and "elves" in warnings[1]
    assert "Flyng" not in out or command == "explain"


def test_show_lists_what_it_did_not_understand(capsys, typo_board):
    code, out, _ = run(capsys, f"show {typo_board}")
    assert code == 0
    assert "#   bear: Flyng" in out and "#   elves: Trampel" in out


def test_quiet_json_warns_nothing_but_still_carries_not_understood(capsys, typo_board):
    code, out, err = run(capsys, f"attacks {typo_board} --json")
    assert code == 0 and "warning" not in err
    assert json.loads(out)["not_understood"]


@pytest.mark.parametrize("command", COMMANDS)
def test_strict_makes_a_sentence_not_understood_bad_input(capsys, typo_board, command):
    code, out, err = run(capsys, _cmd(command, typo_board) + " --strict")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    # the file, the line and column of the permanent, the sentence, how many more
    assert f"{typo_board}:5:3:" in err
    assert "'Flyng'" in err and "1 more" in err and "strict" in err


def test_strict_on_a_json_board_names_the_file_and_the_permanent(capsys, tmp_path,
                                                                 typo_board):
    p = tmp_path / "typo.json"
    p.write_text(board(TYPO).to_json(), encoding="utf-8")
    code, out, err = run(capsys, f"attacks {p} --strict")
    assert code == 2 and out == ""
    assert err.startswith(f"mtgcombat: error: {p}: permanent 'bear': not understood: 'Flyng'")


def test_strict_library_option(typo_board):
    for load in (lambda: Board.load(typo_board, strict=True),
                 lambda: Board.parse(HEAD + TYPO, "x.mtg", strict=True),
                 lambda: Board.from_data(board(TYPO).to_data(), strict=True)):
        with pytest.raises(BoardError, match="not understood: 'Flyng'"):
            load()
    assert Board.load(typo_board).not_understood  # not strict: read, and reported


def test_strict_accepts_a_board_read_in_full(capsys):
    code, _, err = run(capsys, f"attacks {REPO / 'corpus/boards/brigand.json'} --strict")
    assert code == 0, err


def test_the_corpus_runner_reports_not_understood_text():
    from mtgcombat.corpus import run_case, parse_case

    case = parse_case(REPO / "corpus/cases/atk-15.case")
    assert case.expected("current")["expect-not-understood"]
    assert run_case(case, "current").passed
    # (issue 26: a spell's P/T change is a one-shot effect, done as it resolved)
    case = parse_case(REPO / "corpus/cases/tru-03.case")
    assert case.expected("current")["expect-not-understood"] == []
    assert run_case(case, "current").passed


# -- 2. Names in texts -------------------------------------------------------------------

TWO_GIDEONS = """
Alice:
  bears: Grizzly Bears 2/2 green [Creature — Bear]

Bob:
  gideon1: Gideon Jura [Legendary Planeswalker — Gideon] loyalty 6
  gideon2: Gideon Jura [Legendary Planeswalker — Gideon] loyalty 3

effect Bob from SOURCE -> Alice: "Creatures target player controls attack Gideon Jura if able."
"""


@pytest.mark.parametrize("source", ["gideon1", "gideon2"])
def test_an_effect_names_its_own_source_by_name_with_two_gideons(source):
    b = board(TWO_GIDEONS.replace("SOURCE", source))
    assert not b.not_understood
    assert decls(b, "attacks") == as_set({"bears": source})


def test_an_effect_without_source_naming_two_gideons_is_bad_input_naming_both():
    text = TWO_GIDEONS.replace(" from SOURCE", "")
    with pytest.raises(BoardError) as e:
        board(text).bound
    msg = str(e.value)
    assert "'gideon1', 'gideon2'" in msg and "Gideon Jura" in msg and "source" in msg


RAVAGER = """
Alice:
  ravager: Arcbound Ravager 2/2 [Artifact Creature — Beast]
  bears: Grizzly Bears 2/2 green [Creature — Bear]

Bob:
  wall: Wall of Wood 0/3 green [Creature — Wall] "Defender"

effect Alice -> wall: "Target creature blocks Arcbound Ravager this turn if able."

attack ravager -> Bob
attack bears -> Bob
"""


def test_an_effect_names_another_permanent_by_its_unique_name():
    b = board(RAVAGER)
    assert not b.not_understood
    assert decls(b, "blocks") == as_set({"wall": ["ravager"]})


def test_a_name_two_permanents_share_is_bad_input_suggesting_ids(capsys, tmp_path):
    p = tmp_path / "two.mtg"
    p.write_text(HEAD + RAVAGER.replace("bears: Grizzly Bears", "bears: Arcbound Ravager"),
                 encoding="utf-8")
    for command in ("attacks", "blocks", "show", "damage"):
        code, out, err = run(capsys, f"{command} {p}")
        assert code == 2 and out == ""
        assert err.startswith(f"mtgcombat: error: {p}:11:1: effect 1: 'Arcbound Ravager'")
        assert "'ravager', 'bears'" in err


def test_a_permanent_text_names_another_permanent():
    b = Board.parse("players Alice, Bob\nactive Bob\n" + """
Alice:
  ravager: Arcbound Ravager 2/2 [Artifact Creature — Beast]
  bears: Grizzly Bears 2/2 green [Creature — Bear]

Bob:
  orb: Odd Orb [Artifact] "Arcbound Ravager can't block."
  elves: Llanowar Elves 1/1 green [Creature — Elf Druid]

attack elves -> Alice
""")
    assert not b.not_understood
    assert decls(b, "blocks") == as_set({}, {"bears": ["elves"]})


def test_a_capitalised_name_is_not_read_as_a_group_of_subtypes():
    # Without a permanent of that name, "Arcbound Ravager" is no plural subtype.
    b = board("""
Alice:
  bears: Grizzly Bears 2/2 green [Creature — Bear]

Bob:
  orb: Odd Orb [Artifact] "Arcbound Ravager can't block."
""")
    assert [n["sentence"] for n in b.not_understood] == ["Arcbound Ravager can't block."]


# -- 3. Players and choices --------------------------------------------------------------


def test_trove_of_temptation_is_one_requirement_on_each_opponent():
    b = Board.parse("""players Alice, Bob, Carol
active Alice

Alice:
  bears: Grizzly Bears 2/2 green [Creature — Bear]

Bob:
  trove: Trove of Temptation [Enchantment] "Each opponent must attack you or a planeswalker you control with at least one creature each combat if able."
  jace: Jace [Legendary Planeswalker — Jace] loyalty 3
""")
    assert not b.not_understood
    problem = b.problem("attacks")
    assert len(problem.requirements) == 1 and problem.requirements[0].rule == "508.1d"
    assert decls(b, "attacks") == as_set({"bears": "Bob"}, {"bears": "jace"})
    verdict = b.check_attacks({"bears": "Carol"})
    assert not verdict.legal and verdict.violations[0].rule == "508.1d"


def test_wars_toll_all_attack_if_any_attacks():
    b = board("""
Alice:
  bears: Grizzly Bears 2/2 green [Creature — Bear]
  elves: Llanowar Elves 1/1 green [Creature — Elf Druid]

Bob:
  toll: War's Toll [Enchantment] "If a creature an opponent controls attacks, all creatures that opponent controls attack if able."
""")
    assert not b.not_understood
    assert decls(b, "attacks") == as_set({}, {"bears": "Bob", "elves": "Bob"})


def test_an_aura_on_a_player_curse_of_the_nightly_hunt():
    b = board("""
Alice:
  bears: Grizzly Bears 2/2 green [Creature — Bear]

Bob:
  curse: Curse of the Nightly Hunt [Enchantment — Aura Curse] attached to Alice "Enchant player\\nCreatures enchanted player controls attack each combat if able."
""")
    assert not b.not_understood
    assert decls(b, "attacks") == as_set({"bears": "Bob"})


TNN = """
Alice:
  tnn: True-Name Nemesis 3/1 blue [Creature — Merfolk Rogue] CHOSEN"As True-Name Nemesis enters, choose a player.\\nTrue-Name Nemesis has protection from the chosen player."

Bob:
  bears: Grizzly Bears 2/2 green [Creature — Bear]

attack tnn -> Bob
"""


def test_true_name_nemesis_protection_from_the_chosen_player():
    b = board(TNN.replace("CHOSEN", "chosen player Bob "))
    assert not b.not_understood
    assert decls(b, "blocks") == as_set({})
    # chosen someone else: Bob's creatures may block it
    assert decls(board(TNN.replace("CHOSEN", "chosen player Alice ")), "blocks") == as_set(
        {}, {"bears": ["tnn"]})


def test_a_chosen_player_missing_from_the_board_is_bad_input(capsys, tmp_path):
    p = tmp_path / "tnn.mtg"
    p.write_text(HEAD + TNN.replace("CHOSEN", ""), encoding="utf-8")
    code, out, err = run(capsys, f"blocks {p}")
    assert code == 2 and out == ""
    assert "chosen player" in err and "\"chosen\"" in err and f"{p}:5:3:" in err


def test_protection_from_a_players_name_is_protection_from_that_player():
    b = board("""
Alice:
  knight: Knight 2/2 white [Creature — Knight] "Protection from Bob"

Bob:
  bears: Grizzly Bears 2/2 green [Creature — Bear]

attack knight -> Bob
""")
    assert not b.not_understood
    assert decls(b, "blocks") == as_set({})  # 702.16k


BRIDGE = """
Alice:
  bears: Grizzly Bears 2/2 green [Creature — Bear]
  elves: Llanowar Elves 1/1 green [Creature — Elf Druid]

Bob:
  bridge: Ensnaring Bridge [Artifact] "Creatures with power greater than the number of cards in your hand can't attack."
"""


@pytest.mark.parametrize("hand,able", [(0, []), (1, ["elves"]), (2, ["bears", "elves"])])
def test_ensnaring_bridge_counts_the_cards_in_its_controllers_hand(hand, able):
    b = Board.parse(f"players Alice, Bob (hand {hand})\nactive Alice\n" + BRIDGE)
    assert not b.not_understood
    attackers = set().union(*(json.loads(d) for d in decls(b, "attacks")))
    assert attackers == set(able)


def test_ensnaring_bridge_without_a_hand_size_is_bad_input():
    with pytest.raises(BoardError, match="hand"):
        board(BRIDGE).legal_attacks().count()


# -- 4. The misreads, fixed at their cause -------------------------------------------------


def test_a_token_type_line_is_a_creature():
    b = board("""
Alice:
  goblin: Goblin 1/1 red [Token Creature — Goblin]
""")
    assert b.permanent("goblin").is_creature
    assert decls(b, "attacks") == as_set({}, {"goblin": "Bob"})


HEXDRINKER = """
Alice:
  hex: Hexdrinker 2/1 green [Creature — Snake] LEVELS"Level up {1}\\nLEVEL 3-7\\n4/4\\nProtection from instants\\nLEVEL 8+\\n6/6\\nProtection from everything"

Bob:
  bears: Grizzly Bears 2/2 green [Creature — Bear]

attack hex -> Bob
"""


@pytest.mark.parametrize("level,blockable", [(0, True), (4, True), (7, True), (8, False),
                                             (12, False)])
def test_level_up_bands_apply_at_their_levels_hexdrinker(level, blockable):
    b = board(HEXDRINKER.replace("LEVELS", f"counter level {level} " if level else ""))
    assert not b.not_understood
    assert (as_set({}, {"bears": ["hex"]}) if blockable else as_set({})) == decls(b, "blocks")


@pytest.mark.parametrize("level,steps", [(0, ["regular"]), (2, ["first", "regular"]),
                                         (7, ["first", "regular"])])
def test_level_up_bands_student_of_warfare(level, steps):
    b = board("""
Alice:
  student: Student of Warfare 3/3 white [Creature — Human Knight] LEVELS"Level up {W}\\nLEVEL 2-6\\n3/3\\nFirst strike\\nLEVEL 7+\\n4/4\\nDouble strike"

Bob:
  bears: Grizzly Bears 2/2 green [Creature — Bear]

attack student -> Bob
block bears -> student
""".replace("LEVELS", f"counter level {level} " if level else ""))
    assert not b.not_understood
    answer = b.combat()
    assert [s.step for s in answer.steps] == steps
    dealt = [d.amount for s in answer.steps for d in s.dealt if d.source == "student"]
    assert dealt == {0: [3], 2: [3], 7: [3]}[level]  # the Bears die in the first step


def test_sphere_of_safety_x_is_the_number_of_enchantments():
    b = board("""
Alice:
  bears: Grizzly Bears 2/2 green [Creature — Bear]

Bob:
  sphere: Sphere of Safety [Enchantment] "Creatures can't attack you or planeswalkers you control unless their controller pays {X} for each of those creatures, where X is the number of enchantments you control."
  ring: Oblivion Ring [Enchantment]
  altar: Altar [Artifact]
  anthem: Anthem [Enchantment]
""")
    assert not b.not_understood
    listing = b.list_declarations("attacks")
    costs = {json.dumps(d.declaration): [c.amount for c in d.paid] for d in listing.declarations}
    assert costs == {"{}": [], json.dumps({"bears": "Bob"}): ["{3}"]}


def test_an_x_the_board_cannot_count_is_reported_not_deleted():
    b = board("""
Bob:
  cr: Collective Restraint [Enchantment] "Domain — Creatures can't attack you unless their controller pays {X} for each creature they control that's attacking you, where X is the number of basic land types among lands you control."
""")
    assert len(b.not_understood) == 1


def test_other_creatures_after_a_target_means_other_than_the_target_intimidation_bolt():
    b = board("""
Alice:
  bears: Grizzly Bears 2/2 green [Creature — Bear]
  elves: Llanowar Elves 1/1 green [Creature — Elf Druid]

Bob:
  wall: Wall 0/4 [Creature — Wall]

effect Bob -> wall: "Intimidation Bolt deals 3 damage to target creature. Other creatures can't attack this turn."
""")
    # The first sentence is damage the board shows already; "other" is other than the wall.
    assert [n["sentence"] for n in b.not_understood] == [
        "Intimidation Bolt deals 3 damage to target creature."]
    assert decls(b, "attacks") == as_set({})


def test_a_modal_spells_modes_are_alternatives_not_all_applied():
    b = board("""
Alice:
  bears: Grizzly Bears 2/2 green [Creature — Bear]

Bob:
  wall: Wall 0/4 [Creature — Wall]

effect Bob -> bears: "Choose one —\\n• Target creature can't attack this turn.\\n• Target creature can't block this turn."
""")
    # Which mode was chosen is not on the board: no mode applies by itself, and the
    # board says so (700.2a) rather than answering as if all, or none, applied.
    with pytest.raises(BoardError, match='effect 1: .*modal spell.*"modes"'):
        decls(b, "attacks")
    # The chosen mode (JSON "modes") applies, the other does not: bears can still attack.
    data = b.to_data()
    data["effects"][0]["modes"] = [2]
    assert decls(Board.from_data(data), "attacks") == as_set({}, {"bears": "Bob"})


MONSTROUS = """
Alice:
  bears: Grizzly Bears 2/2 green [Creature — Bear]
  ogre: Gray Ogre 2/2 red [Creature — Ogre]

Bob:
  wall: Wall of Wood 0/3 green [Creature — Wall] "Defender"

effect Alice -> TARGETS: "Target creature gets +7/+7 until end of turn. Up to one other target creature blocks it this turn if able."

attack bears -> Bob
attack ogre -> Bob
"""


def test_monstrous_step_with_two_targets_the_second_blocks_the_first():
    b = board(MONSTROUS.replace("TARGETS", "ogre, wall"))
    assert decls(b, "blocks") == as_set({"wall": ["ogre"]})


def test_monstrous_step_with_one_target_has_no_block_requirement():
    b = board(MONSTROUS.replace("TARGETS", "ogre"))
    assert decls(b, "blocks") == as_set({}, {"wall": ["ogre"]}, {"wall": ["bears"]})


# -- 6. Bad input, everywhere one line and exit 2 --------------------------------------------


def _bad(capsys, path, command="attacks") -> str:
    code, out, err = run(capsys, f"{command} {path}")
    assert code == 2 and out == "", err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err


def _json_board(tmp_path, change) -> object:
    data = json.loads((REPO / "corpus/boards/brigand.json").read_text(encoding="utf-8"))
    change(data)
    p = tmp_path / "b.json"
    p.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return p


@pytest.mark.parametrize("field,value", [("power", 10**12), ("toughness", -10**10),
                                         ("damage", 10**10)])
def test_integers_beyond_what_the_rules_can_mean_are_bad_input(capsys, tmp_path, field,
                                                                 value):
    p = _json_board(tmp_path, lambda d: d["permanents"][0].__setitem__(field, value))
    assert "beyond what the rules can mean" in _bad(capsys, p)


def test_life_beyond_what_the_rules_can_mean_is_bad_input(capsys, tmp_path):
    p = _json_board(tmp_path, lambda d: d["players"][0].__setitem__("life", -10**12))
    assert "life" in _bad(capsys, p)


def test_counters_beyond_what_the_rules_can_mean_are_bad_input(capsys, tmp_path):
    p = _json_board(tmp_path, lambda d: d["permanents"][0].__setitem__(
        "counters", {"+1/+1": 10**10}))
    assert "counters" in _bad(capsys, p)


def test_json_nested_too_deeply_is_bad_input(capsys, tmp_path):
    p = tmp_path / "deep.json"
    p.write_text('{"a":' * 5000 + "1" + "}" * 5000, encoding="utf-8")
    assert "nested too deeply" in _bad(capsys, p)


def test_a_lone_surrogate_is_bad_input(capsys, tmp_path):
    p = tmp_path / "s.json"
    text = (REPO / "corpus/boards/brigand.json").read_text(encoding="utf-8")
    p.write_text(text.replace('"Goblin Brigand"', '"Gob\\ud800"', 1), encoding="utf-8")
    assert "surrogate" in _bad(capsys, p)


@pytest.mark.parametrize("command", ["show", "attacks", "blocks", "damage", "combat",
                                     "best-attacks"])
def test_an_effect_short_of_targets_is_bad_input_in_every_command(capsys, tmp_path, command):
    p = tmp_path / "t.mtg"
    p.write_text(HEAD + """
Alice:
  bears: Grizzly Bears 2/2 green [Creature — Bear]

effect Bob: "Target creature can't attack this turn."
""", encoding="utf-8")
    err = _bad(capsys, p, command)
    assert f"{p}:7:1: effect 1" in err and "1 target" in err


@pytest.mark.parametrize("value", ["nan", "inf", "0", "-1", "-inf"])
def test_time_limit_must_be_a_positive_finite_number(capsys, value):
    code, out, err = run(capsys, f"attacks {REPO / 'corpus/boards/brigand.json'} "
                                 f"--time-limit {value}")
    assert code == 2 and out == "" and "--time-limit" in err


def test_limit_zero_lists_nothing_and_says_whether_there_are_more(capsys):
    code, out, _ = run(capsys, f"attacks {REPO / 'corpus/boards/brigand.json'} --limit 0 "
                               "--json")
    data = json.loads(out)
    assert code == 0 and data["declarations"] == [] and data["status"] == "truncated"
    assert data["max_requirements"] == 1


def test_step_first_without_a_first_striker_names_the_file_and_line(capsys, tmp_path):
    p = tmp_path / "s.mtg"
    p.write_text(HEAD + """step first

Alice:
  bears: Grizzly Bears 2/2 green [Creature — Bear]

Bob:
  w: Wall 0/4 [Creature — Wall]

attack bears -> Bob
block w -> bears
""", encoding="utf-8")
    err = _bad(capsys, p, "damage")
    assert f"{p}:3:6:" in err and "510.4" in err


def test_blocks_without_attacks_names_the_file(capsys, tmp_path):
    p = tmp_path / "s.mtg"
    p.write_text(HEAD + "\nAlice:\n  bears: Grizzly Bears 2/2 green [Creature — Bear]\n",
                 encoding="utf-8")
    assert f"{p}:" in _bad(capsys, p, "blocks")


@pytest.mark.parametrize("line,message", [
    ('  bears: Grizzly Bears 2/2 green [Creature — Bear\n', "no closing `]`"),
    ('  bears: Grizzly Bears 2/2 green [Creature — Bear]\n  "Flying"\n',
     "at a permanent's indentation"),
    ('  bears: Grizzly Bears 2/x green [Creature — Bear]\n', "'2/x' is not power/toughness"),
    ('\tbears: Grizzly Bears 2/2 green [Creature — Bear]\n  elves: Elves 1/1 [Creature — Elf]\n',
     "tabs and spaces are mixed"),
])
def test_clear_scenario_messages(capsys, tmp_path, line, message):
    p = tmp_path / "s.mtg"
    p.write_text(HEAD + "\nAlice:\n" + line, encoding="utf-8")
    err = _bad(capsys, p, "show")
    assert message in err and re.search(rf"{re.escape(str(p))}:\d+:\d+: ", err)


def test_show_json_is_itself_a_loadable_board(capsys, tmp_path, typo_board):
    code, out, _ = run(capsys, f"show {typo_board} --json")
    p = tmp_path / "again.json"
    p.write_text(out, encoding="utf-8")
    again = Board.load(p)
    assert again.to_data(full=True) == Board.load(typo_board).to_data(full=True)


# -- 7. Answers do not depend on ids ------------------------------------------------------


def _rename(x, m):
    if isinstance(x, dict):
        return {m.get(k, k): _rename(v, m) for k, v in x.items()}
    if isinstance(x, list):
        return [_rename(v, m) for v in x]
    if isinstance(x, str):
        return m.get(x, re.sub(r"\((\w+)\)", lambda g: f"({m.get(g[1], g[1])})", x))
    return x


def _canonical(x) -> str:
    """An answer as text, with every list taken as a set: the order in which a listing
    finds declarations, or lists what was destroyed, carries no meaning."""
    def norm(v):
        if isinstance(v, dict):
            return {k: norm(x) for k, x in v.items()}
        if isinstance(v, list):
            return sorted((norm(x) for x in v), key=lambda x: json.dumps(x, sort_keys=True))
        return v
    return json.dumps(norm(x), sort_keys=True)


def _answers(data: dict) -> dict:
    b = Board.from_data(data)
    w = Writer.for_board(b, "en")
    kind = "blocks" if "attacks" in data else "attacks"
    out = {"listing": b.list_declarations(kind).to_json(w)}
    if "blocks" in data:
        out["damage"] = b.damage().to_json(w)
        out["combat"] = b.combat().to_json(w)
    if "attacks" in data:
        from mtgcombat.questions.best import best_blocks

        out["best_value"] = best_blocks(b).value  # equally good decisions: any may be chosen
    return out


def _with_renamed_ids(data: dict) -> tuple[dict, dict]:
    ids = [p["id"] for p in data["permanents"]]
    m = {old: f"z{len(ids) - i}" for i, old in enumerate(ids)}  # the reverse order
    renamed = _rename(data, m)
    renamed["permanents"] = [dict(p, id=m[p["id"]]) for p in data["permanents"]]
    return renamed, m


def _with_blocks(data: dict) -> dict:
    """The declared board with the first legal block declaration in a canonical order
    (by board position) declared too."""
    b = Board.from_data(data)
    place = {p.id: i for i, p in enumerate(b.permanents)}
    options = sorted(b.legal_blocks(), key=lambda d: sorted(
        (place[k], sorted(place[a] for a in v)) for k, v in d.items()), reverse=True)
    return dict(data, blocks={k: list(v) for k, v in options[0].items()}) if options else data


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), declared=st.booleans(), blocked=st.booleans())
def test_answers_do_not_depend_on_ids(seed, declared, blocked):
    data = boards_small.board(seed, declared)
    if declared and blocked:
        data = _with_blocks(data)
    renamed, m = _with_renamed_ids(data)
    assert _canonical(_rename(_answers(data), m)) == _canonical(_answers(renamed))


def test_answers_do_not_depend_on_ids_banding():
    """The fuzzing find of issue 11: two attackers in a band, one blocker blocking the
    band, another blocker; the defending player's best must not depend on the ids."""
    data = {"rules": "current", "players": [{"name": "Alice"}, {"name": "Bob"}],
            "active_player": "Alice",
            "permanents": [
                {"id": "a1", "name": "Knight", "controller": "Alice", "power": 2,
                 "toughness": 2, "text": "Banding"},
                {"id": "a2", "name": "Ogre", "controller": "Alice", "power": 3,
                 "toughness": 3},
                {"id": "b1", "name": "Wall", "controller": "Bob", "power": 2,
                 "toughness": 4},
                {"id": "b2", "name": "Bears", "controller": "Bob", "power": 2,
                 "toughness": 2}],
            "attacks": {"a1": "Bob", "a2": "Bob"}, "bands": [["a1", "a2"]],
            "blocks": {"b1": ["a1"], "b2": ["a2"]}}
    for order in (["a1", "a2", "b1", "b2"], ["b2", "b1", "a2", "a1"]):
        m = {old: f"x{i}" for i, old in enumerate(order)}
        renamed = _rename(data, m)
        renamed["permanents"] = [dict(p, id=m[p["id"]]) for p in data["permanents"]]
        assert _canonical(_rename(_answers(data), m)) == _canonical(_answers(renamed))


# -- 8. Messages tell the truth --------------------------------------------------------------

DEATHTOUCH = """
Alice:
  wurm: Wurm 8/8 green [Creature — Wurm] "Deathtouch, trample"

Bob:
  giant: Giant 3/8 red [Creature — Giant]

attack wurm -> Bob
block giant -> wurm
"""


def test_the_deathtouch_lethal_message_says_one():
    verdict = board(DEATHTOUCH).check_damage({"wurm": {"Bob": 8}})
    assert not verdict.legal
    w = Writer.for_board(board(DEATHTOUCH), "en")
    message = w(verdict.violations[0].why)
    assert "lethal 1" in message and "702.2c" in message and "lethal 8" not in message


@settings(max_examples=80, deadline=None)
@given(power=st.integers(1, 9), toughness=st.integers(1, 9), damage=st.integers(0, 8),
       deathtouch=st.booleans(), to_blocker=st.integers(0, 9))
def test_every_lethal_a_message_states_is_the_lethal_the_verdict_used(
        power, toughness, damage, deathtouch, to_blocker):
    damage = min(damage, toughness - 1)
    to_blocker = min(to_blocker, power)
    b = board(f"""
Alice:
  wurm: Wurm {power}/{power} green [Creature — Wurm] "{'Deathtouch, ' if deathtouch else ''}Trample"

Bob:
  giant: Giant 3/{toughness} red [Creature — Giant] damage {damage}

attack wurm -> Bob
block giant -> wurm
""")
    lethal = 1 if deathtouch else toughness - damage  # 120.6, 702.2c
    assignment = {"wurm": {"giant": to_blocker, "Bob": power - to_blocker}}
    if to_blocker == power:
        assignment = {"wurm": {"giant": power}}
    verdict = b.check_damage(assignment)
    # 702.19b: damage may go on to Bob only once the giant has lethal damage
    assert verdict.legal == (to_blocker >= lethal or to_blocker == power)
    w = Writer.for_board(b, "en")
    for v in verdict.violations:
        stated = [int(n) for n in re.findall(r"lethal (\d+)", w(v.why))]
        assert stated and all(n == lethal for n in stated)


# -- 5. Coverage: counters on the board are read (122.1) -----------------------------------


@pytest.mark.parametrize("counters,able", [("", False), ('counter "+1/+1" 1', True)])
def test_counter_condition_lets_a_defender_attack(counters, able):
    b = board("Alice:\n  wall: Kitesail Wall 0/4 [Creature — Wall] " + counters + "\n"
              '    "Defender"\n    "As long as Kitesail Wall has a +1/+1 counter on it, it can '
              "attack as though it didn't have defender.\"\nBob:\n  Forest [Basic Land — Forest]\n")
    assert b.not_understood == []
    assert (as_set({"wall": "Bob"}) <= decls(b, "attacks")) is able


@pytest.mark.parametrize("n,able", [(2, False), (3, True)])
def test_three_or_more_named_counters_condition(n, able):
    b = board(f"Alice:\n  Colossus 3/3 [Creature — Golem] counter judgment {n}\n"
              '    "Defender"\n    "As long as Colossus has three or more judgment counters on '
              "it, it can attack as though it didn't have defender.\"\nBob:\n"
              "  Forest [Basic Land — Forest]\n")
    assert b.not_understood == []
    assert (as_set({"Colossus": "Bob"}) <= decls(b, "attacks")) is able


def test_creatures_with_counters_on_them_group():
    b = board("Alice:\n  bribed: Hill Giant 3/3 counter bribery 1\n  Grizzly Bears 2/2\n"
              "Bob:\n  Arbiter 1/1 [Enchantment Creature — Spirit] "
              "\"Creatures with bribery counters on them can't attack or block.\"\n")
    assert b.not_understood == []
    attackers = {k for d in b.legal_attacks() for k in d}
    assert attackers == {"Grizzly Bears"}


def test_counter_pred_in_words_en_and_de():
    from mtgcombat.rules import abilities as A
    from mtgcombat.text.de.common import pred_words as de
    from mtgcombat.text.en.common import pred_words as en

    assert en(A.CounterPred("+1/+1", 1), None) == "with a +1/+1 counter"
    assert de(A.CounterPred("judgment", 3), None) == "mit 3 oder mehr judgment-Marken"


@pytest.mark.parametrize("bob,carol,targets", [
    ("Bob", "Carol", set()),
    ("Bob (poison 1)", "Carol", {"Bob"}),
    ("Bob (poison 3)", "Carol (poison 1)", {"Bob", "Carol"}),
])
def test_508_1c_cant_attack_unless_defending_player_is_poisoned(bob, carol, targets):
    b = Board.parse(f"players Alice, {bob}, {carol}\nactive Alice\nAlice:\n"
                    '  fang: Fang 3/3 "Fang can\'t attack unless defending player is poisoned."\n',
                    "<t>")
    assert b.not_understood == []
    assert {t for d in b.legal_attacks() for t in d.values()} == targets


def test_122_1f_a_teammates_poison_makes_the_team_poisoned():
    b = Board.parse("players Alice (team A), Ann (team A), Bob (team B, poison 2), "
                    "Bea (team B, poison 2)\nactive Alice\nAlice:\n"
                    '  fang: Fang 3/3 "Fang can\'t attack unless defending player is poisoned."\n',
                    "<t>")
    assert {t for d in b.legal_attacks() for t in d.values()} == {"Bob", "Bea"}


HAZORET = "Hazoret can't attack or block unless you have one or fewer cards in hand."


def _hand_board(text: str, alice: str = "", bob: str = "") -> Board:
    return Board.parse(f"players Alice{alice}, Bob{bob}\nactive Alice\nAlice:\n"
                       f'  god: Hazoret 5/4 "{text}"\nBob:\n  Forest [Basic Land — Forest]\n',
                       "<t>")


@pytest.mark.parametrize("hand,able", [(0, True), (1, True), (2, False)])
def test_402_cant_attack_unless_you_have_one_or_fewer_cards_in_hand(hand, able):
    b = _hand_board(HAZORET, alice=f" (hand {hand})")
    assert b.not_understood == []
    assert (as_set({"god": "Bob"}) <= decls(b, "attacks")) is able


def test_a_hand_condition_on_a_board_without_the_hand_is_bad_input_naming_it():
    b = _hand_board(HAZORET)
    with pytest.raises(BoardError, match="Alice's \"hand\""):
        list(b.legal_attacks())


@pytest.mark.parametrize("alice,bob,able", [(3, 0, True), (3, 2, False), (0, 5, True)])
def test_a_player_has_no_cards_in_hand(alice, bob, able):
    b = _hand_board("Hazoret can't attack or block unless a player has no cards in hand.",
                    alice=f" (hand {alice})", bob=f" (hand {bob})")
    assert (as_set({"god": "Bob"}) <= decls(b, "attacks")) is able


@pytest.mark.parametrize("hand,able", [(0, True), (1, False)])
def test_hellbent_lets_a_defender_attack_with_no_cards_in_hand(hand, able):
    b = _hand_board('Defender" "Hellbent \u2014 Hazoret can attack as though it didn\'t have '
                    "defender as long as you have no cards in hand.", alice=f" (hand {hand})")
    assert b.not_understood == []
    assert (as_set({"god": "Bob"}) <= decls(b, "attacks")) is able


@pytest.mark.parametrize("hand,able", [(3, False), (4, True)])
def test_509_1b_cant_block_unless_you_have_four_or_more_cards_in_hand(hand, able):
    b = Board.parse(f"players Alice, Bob (hand {hand})\nactive Alice\nAlice:\n"
                    "  bears: Grizzly Bears 2/2\nBob:\n  gargoyle: Vantress Gargoyle 2/4 "
                    "\"Vantress Gargoyle can't block unless you have four or more cards in "
                    'hand."\nattack bears -> Bob\n', "<t>")
    assert b.not_understood == []
    assert (as_set({"gargoyle": ["bears"]}) <= decls(b, "blocks")) is able
