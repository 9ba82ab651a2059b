"""``explain --about``: the whole combat narrated step by step (issue 13.6), a cumulative
upkeep narrated (issue 14.4), why a block or attack declaration is best (issue 15.4) -- in
English and German, the answer under the story the same as the command's own."""

from __future__ import annotations

import json

import pytest

from mtgcombat import Board
from mtgcombat.cli import main

from .conftest import REPO
from .test_text_de import english_left, names_of

FIRST_STRIKE = str(REPO / "examples" / "first-strike.mtg")
UPKEEP = str(REPO / "examples" / "cumulative-upkeep.mtg")
BY_NAME = str(REPO / "examples" / "by-name.mtg")
CARDS = str(REPO / "examples" / "cards.json")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_explain_combat_narrates_each_step_with_who_deals_damage(capsys):
    out = run(capsys, "explain", FIRST_STRIKE, "--about", "combat").splitlines()
    assert out[0].startswith("Alice's combat under the current rules, step by step")
    assert "510.2" in out[0] and "704.3" in out[0]
    assert out[1] == ("Attackers declared (508.1): White Knight attacks Bob; Vampire Leech "
                      "attacks Bob; Craw Wurm attacks Bob.")
    first = out.index("First-strike combat damage step (510.4):")
    regular = out.index("Combat damage step (510):")
    assert first < regular
    # in the first-strike step only the knight deals damage; the others are silent (510.4)
    step1 = out[first:regular]
    assert step1[1] == "  who deals combat damage in this step, and to what (510.1):"
    assert any(x.startswith("    White Knight (attacker, power 2") for x in step1)
    assert "    Craw Wurm: no damage (510.4)" in step1
    assert any("put into the graveyard: Grizzly Bears" in x for x in step1)
    # in the regular step the knight is silent: it struck first and has no double strike
    step2 = out[regular:]
    assert "    White Knight: no damage (510.4)" in step2
    assert any(x.startswith("    Craw Wurm (attacker, power 6") and "702.19b" in x
               for x in step2)
    assert out[-1] == "After combat: Alice 22 life; Bob -2 life."


def test_explain_combat_takes_the_declarations_given(capsys):
    out = run(capsys, "explain", FIRST_STRIKE, "--about", "combat", "--blocks", "{}")
    assert "Blockers declared (509.1): no creature blocks." in out
    assert "First-strike combat damage step" in out  # the knight still strikes first
    assert "lost the game: Bob (704.5a)" in out


def test_explain_combat_json_answer_is_the_combat_answer(capsys):
    story = json.loads(run(capsys, "explain", FIRST_STRIKE, "--about", "combat", "--json"))
    combat = json.loads(run(capsys, "combat", FIRST_STRIKE, "--json"))
    assert story["question"] == "combat"
    assert story["answer"] == {k: v for k, v in combat.items()
                               if k not in ("not_understood", "not_understood_sources")}
    assert story["narrative"][-1] == "After combat: Alice 22 life; Bob -2 life."
    assert story["not_understood"] == []


def test_explain_upkeep_narrates_the_counters_and_payments(capsys):
    out = run(capsys, "explain", UPKEEP, "--about", "upkeep")
    assert "702.24a" in out and "702.24b" in out and "no partial payments" in out
    assert ("Timeless Seer: 2 age counters before the trigger, 3 after it, so “{W} or {U}” "
            "is paid 3 times: 4 distinct whole payments") in out
    assert "Thrull: 0 age counters before the trigger, 1 after it" in out
    # then every payment, judged (the Plains, the Island and the Tundra pay WWU but not WWW)
    assert "{W}; {W}; {U} -- payable" in out


def test_explain_best_blocks_says_how_it_was_proved_and_what_alternatives_lose(capsys):
    out = run(capsys, "explain", BY_NAME, "--cards", CARDS, "--about", "best-blocks")
    assert out.startswith("The defending players choose their blocks against Alice's attack.")
    assert "proved best" in out
    assert "Best: Giant Spider blocks Prized Unicorn; Typhoid Rats blocks Prized Unicorn" in out


def test_explain_best_attacks_names_the_expected_reply_and_the_alternatives(capsys):
    out = run(capsys, "explain", BY_NAME, "--cards", CARDS, "--about", "best-attacks")
    assert out.startswith("Alice chooses attackers.")
    assert "The defenders' best reply: Giant Spider blocks Prized Unicorn" in out
    assert "Instead, Prized Unicorn attacks Bob; Goblin Brigand attacks Bob: value [0, 0, 2], " \
           "worse in life" in out


@pytest.mark.parametrize("about,path,extra", [
    ("combat", FIRST_STRIKE, []),
    ("upkeep", UPKEEP, []),
    ("best-blocks", BY_NAME, ["--cards", CARDS]),
    ("best-attacks", BY_NAME, ["--cards", CARDS]),
])
def test_explain_stories_in_german_have_no_english_words_of_ours(capsys, about, path, extra):
    from mtgcombat.cards import open_database

    board = Board.load(path, cards=open_database(CARDS) if extra else None)
    out = run(capsys, "explain", path, "--about", about, "--lang", "de", *extra)
    assert out.strip()
    assert not english_left(out, names_of(board)), english_left(out, names_of(board))


def test_explain_about_upkeep_with_a_declaration_is_bad_input(capsys):
    assert main(["explain", UPKEEP, "--about", "upkeep", "--attacks", "{}"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("mtgcombat: error: explain: --about upkeep takes no")
