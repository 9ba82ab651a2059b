"""The corpus as lessons on the command line (issue 27.13), and the picture of a combat's
result through every door (27.4): ``corpus --list``, ``explain CASE``, ``combat
--picture``, ``draw --result``."""

from __future__ import annotations

import json

from mtgcombat import ask
from mtgcombat.cli import main
from mtgcombat.corpus import case_rules, load_cases, parse_case

from .conftest import REPO

CASES = REPO / "corpus" / "cases"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_corpus_list_lists_every_case_as_a_lesson(capsys):
    code, out, _ = run(capsys, "corpus", "--list", "--json")
    assert code == 0
    index = json.loads(out)
    assert index["count"] == len(load_cases(CASES)) == len(index["cases"])
    assert {t["topic"] for t in index["topics"]}


def test_corpus_list_by_rule_takes_the_rules_under_it(capsys):
    code, out, _ = run(capsys, "corpus", "--list", "--rule", "702.19", "--json")
    ids = {c["id"] for c in json.loads(out)["cases"]}
    want = {c.id for c in load_cases(CASES)
            if any(r == "702.19" or r.startswith("702.19") for r in case_rules(c))}
    assert code == 0 and ids == want and ids


def test_corpus_list_by_topic_in_german(capsys):
    code, out, _ = run(capsys, "corpus", "--list", "--json")
    topic = json.loads(out)["topics"][0]
    code, out, _ = run(capsys, "corpus", "--list", "--topic", topic["topic"], "--lang", "de")
    assert code == 0 and "Lektion" in out and topic["cases"][0] in out


def test_corpus_list_lang_de_gives_the_titles_in_german(capsys):
    # issue 27.13: `mtgcombat corpus --list --lang de` by rule, the cases' German titles
    code, out, _ = run(capsys, "corpus", "--list", "--rule", "509.1c", "--lang", "de")
    assert code == 0
    assert "„Blockt, falls möglich“ gegen Bedrohlich: beide Kreaturen müssen blocken" in out
    assert "against menace" not in out
    code, out, _ = run(capsys, "corpus", "--list", "--rule", "509.1c")
    assert '"Blocks if able" against menace: both creatures must block' in out


def test_corpus_list_an_unknown_topic_is_bad_input_naming_the_topics(capsys):
    code, out, err = run(capsys, "corpus", "--list", "--topic", "trampel")
    assert code == 2 and not out
    assert len(err.strip().splitlines()) == 1
    assert "invalid choice: 'trampel'" in err and "'trample'" in err


def test_corpus_list_topics_are_told_apart_by_semicolons(capsys):
    # a topic's name holds commas ("Deathtouch, lifelink, infect, wither")
    code, out, _ = run(capsys, "corpus", "--list", "-k", "CMB-04")
    row = next(line for line in out.splitlines() if line.startswith("CMB-04"))
    assert "Trample; Deathtouch, lifelink, infect, wither" in row


def test_explain_a_case_explains_what_the_case_asks(capsys):
    path = CASES / "cr-508.1d-2.case"
    case = parse_case(path)
    assert case.declaration is not None and case.question == "check-attacks"
    code, out, _ = run(capsys, "explain", str(path), "--json")
    given = json.dumps(case.declaration)
    code2, out2, _ = run(capsys, "explain", str(path), "--attacks", given, "--json")
    assert code == code2 == 0 and json.loads(out) == json.loads(out2)


def test_explain_a_combat_case_tells_its_story(capsys):
    path = next(p for p in sorted(CASES.glob("*.case")) if parse_case(p).question == "combat")
    code, out, _ = run(capsys, "explain", str(path), "--json")
    assert code == 0 and json.loads(out)["question"] == "combat"


def test_combat_picture_writes_the_picture_of_the_result(capsys, tmp_path):
    svg = tmp_path / "after.svg"
    code, out, _ = run(capsys, "combat", str(REPO / "examples" / "first-strike.mtg"),
                       "--picture", str(svg))
    assert code == 0 and out.strip()
    picture = svg.read_text()
    assert picture.startswith("<svg") and 'class="cross"' in picture  # who died, crossed out


def test_draw_result_through_a_request_is_the_combats_result():
    board = (REPO / "examples" / "first-strike.mtg").read_text()
    plain = ask.ask_request({"board": board}, "draw").json()["svg"]
    after = ask.ask_request({"board": board, "args": ["--result"]}, "draw").json()["svg"]
    assert after.startswith("<svg") and after != plain


def test_combat_picture_is_not_a_requests_option():
    import pytest

    from mtgcombat.options import Door, OptionError

    with pytest.raises(OptionError):
        ask.parse("combat", ["--picture", "/tmp/x.svg"], Door.REQUEST)
