"""The executable corpus: every case file is its own test (one per rules edition),
plus tests of the case format's parser and of ``mtgcombat corpus``."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgcombat.cli import main
from mtgcombat.corpus import CaseError, load_cases, parse_case, run_case

from .conftest import REPO

CASES_DIR = REPO / "corpus" / "cases"


def _params():
    out = []
    for path in sorted(CASES_DIR.glob("*.case")):
        try:
            case = parse_case(path)
        except CaseError as e:  # reported by test_every_case_file_parses
            out.append(pytest.param(path, None, id=f"{path.stem}-malformed",
                                    marks=pytest.mark.xfail(reason=str(e), strict=True)))
            continue
        for ed in case.editions:
            out.append(pytest.param(path, ed, id=f"{case.id}-{ed}"))
    return out


@pytest.mark.parametrize("path,edition", _params())
def test_case(path: Path, edition: str):
    case = parse_case(path)
    result = run_case(case, edition)
    assert result.passed, (
        f"{case.id} under {edition} ({case.title}):\n  " + "\n  ".join(result.failures))


def test_every_case_file_parses_and_ids_are_unique():
    if not CASES_DIR.is_dir():
        pytest.skip("no corpus/cases yet")
    cases = load_cases(CASES_DIR)
    assert cases


# -- the parser ----------------------------------------------------------------------

BOARD = """{"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
 "permanents": [{"id": "bears", "name": "Grizzly Bears", "controller": "Alice",
                 "power": 2, "toughness": 2}]}
"""

GOOD = """id: T-1
title: A vanilla creature may attack or not
question: attacks
editions: current, 2024
rules: 508.1a; 2024: 509.2
source: a test
explanation: Nothing restricts or requires
  anything.
expect-count: 2
expect-count[2024]: 2
expect-declarations: [{}, {"bears": "Bob"}]
---
""" + BOARD


def write(tmp_path: Path, text: str, name: str = "t-1.case") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_a_good_case_parses(tmp_path):
    case = parse_case(write(tmp_path, GOOD))
    assert case.id == "T-1" and case.question == "attacks"
    assert case.editions == ("current", "2024")
    assert case.cited_rules("2024") == ("508.1a", "509.2")
    assert case.cited_rules("current") == ("508.1a",)
    assert case.explanation == "Nothing restricts or requires anything."
    assert case.expected("2024")["expect-count"] == 2
    assert case.board_line == 13
    assert case.expected("current")["expect-not-understood"] == []


MALFORMED = [
    ("no separator", GOOD.replace("---\n", ""), 12, "'---' before the board"),
    ("no board", GOOD.split("---")[0], 11, "no '---' line"),
    ("unknown key", GOOD.replace("expect-count: 2", "expect-cuont: 2"), 9, "unknown key"),
    ("not key value", GOOD.replace("source: a test", "source a test"), 6, "key: value"),
    ("bad question", GOOD.replace("question: attacks", "question: attack"), 3, "question"),
    ("bad edition", GOOD.replace("editions: current, 2024", "editions: 2025"), 4, "editions"),
    ("bad rule", GOOD.replace("rules: 508.1a;", "rules: 508.1A;"), 5, "rule number"),
    ("bad json", GOOD.replace('[{}, {"bears": "Bob"}]', '[{}, {"bears": Bob}]'), 11,
     "malformed JSON"),
    ("duplicate", GOOD.replace("expect-count[2024]", "expect-count"), 10, "given twice"),
    ("wrong question", GOOD.replace("expect-count: 2", "expect-legal: true"), 9,
     "does not apply"),
    ("suffix edition", GOOD.replace("editions: current, 2024", "editions: current")
     .replace("; 2024: 509.2", ""), 10, "does not run under"),
    ("missing key", GOOD.replace("source: a test\n", ""), 1, "missing required key 'source'"),
    ("no expectation", "\n".join(l for l in GOOD.splitlines() if not l.startswith("expect"))
     + "\n", 3, "expects nothing"),
    ("id mismatch", GOOD.replace("id: T-1", "id: T-2"), 1, "does not match the file name"),
    ("check without declaration", GOOD.replace("question: attacks", "question: check-attacks")
     .replace("expect-count: 2\nexpect-count[2024]: 2\nexpect-declarations: [{}, {\"bears\": \"Bob\"}]",
              "expect-legal: true"), 3, "needs a 'declaration'"),
    ("continuation first", "  id: T-1\n" + GOOD, 1, "continuation"),
    ("bad board", GOOD.replace('"power": 2', '"power": "two"'), 13, "power"),
]


@pytest.mark.parametrize("text,line,message", [m[1:] for m in MALFORMED],
                         ids=[m[0] for m in MALFORMED])
def test_a_malformed_case_names_file_and_line(tmp_path, text, line, message):
    path = write(tmp_path, text)
    with pytest.raises(CaseError) as info:
        parse_case(path).board()
    e = info.value
    assert e.path == str(path)
    if line is not None:
        assert e.line == line, str(e)
    assert message in str(e)
    assert str(e).startswith(f"{path}:")
    assert "\n" not in str(e)


def test_corpus_command_exit_2_on_a_malformed_case(tmp_path, capsys):
    path = write(tmp_path, GOOD.replace("expect-count: 2", "expect-cuont: 2"))
    assert main(["corpus", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert f"{path}:9: unknown key 'expect-cuont'" in err
    assert len(err.strip().splitlines()) == 1


def test_corpus_command_json_and_exit_status(tmp_path, capsys):
    pytest.importorskip("mtgcombat.grammar.oracle")
    write(tmp_path, GOOD)
    bad = GOOD.replace("T-1", "T-2").replace("expect-count: 2", "expect-count: 3")
    write(tmp_path, bad, "t-2.case")
    assert main(["corpus", str(tmp_path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data == {"cases": 4, "passed": 3, "failed": ["T-2[current]"]}
    assert main(["corpus", str(tmp_path / "t-1.case")]) == 0
    out = capsys.readouterr().out
    assert "T-1" in out and "2 passed, 0 failed." in out


def test_failures_say_what_was_expected_and_what_came_back(tmp_path):
    pytest.importorskip("mtgcombat.grammar.oracle")
    bad = GOOD.replace("expect-declarations: [{}, {\"bears\": \"Bob\"}]",
                       "expect-declarations: [{\"bears\": \"Bob\"}]")
    result = run_case(parse_case(write(tmp_path, bad)), "current")
    assert not result.passed
    assert any("unexpected {}" in f for f in result.failures), result.failures


def test_the_format_doc_example_is_a_passing_case(tmp_path):
    pytest.importorskip("mtgcombat.grammar.scenario")
    doc = (REPO / "docs" / "corpus-format.md").read_text(encoding="utf-8")
    start = doc.index("```text\nid: ") + len("```text\n")
    text = doc[start:doc.index("```", start)]
    case_id = text.split("\n", 1)[0].split(": ", 1)[1]
    path = write(tmp_path, text, f"{case_id.lower()}.case")
    case = parse_case(path)
    for ed in case.editions:
        result = run_case(case, ed)
        assert result.passed, result.failures


@pytest.mark.parametrize("backend", ["constraint", "brute"])
def test_the_corpus_passes_on_the_reference_backends(backend):
    """The declaration cases again, answered by the independent backends."""
    if not CASES_DIR.is_dir():
        pytest.skip("no corpus/cases yet")
    failed = []
    for case in load_cases(CASES_DIR):
        if case.question in ("damage", "check-damage"):
            continue  # one damage solver; its reference is tested in test_damage_property
        for ed in case.editions:
            r = run_case(case, ed, backend)
            if not r.passed:
                failed.append(f"{r.name}: {'; '.join(r.failures)}")
    assert not failed, "\n".join(failed)
