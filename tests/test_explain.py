"""``mtgcombat explain``: the transcripts in docs/explain.md are regenerated and must
match the file, so the documentation stays true; plus the narrative's building blocks.

To rewrite the transcripts after a deliberate change: ``python -m tests.test_explain``.
"""
from __future__ import annotations

import json
import re
import shlex
import sys

import pytest

from mtgcombat.cli import main

from .conftest import REPO

DOC = REPO / "docs" / "explain.md"
BLOCK = re.compile(r"```text\n\$ mtgcombat (?P<args>[^\n]*)\n(?P<out>.*?)```", re.S)


def transcripts() -> list[tuple[str, str]]:
    return [(m["args"], m["out"]) for m in BLOCK.finditer(DOC.read_text(encoding="utf-8"))]


def run(capsys, args: str) -> str:
    code = main(shlex.split(args))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_the_doc_has_five_transcripts():
    assert len(transcripts()) >= 5


@pytest.mark.parametrize("args,expected", transcripts(), ids=[a for a, _ in transcripts()])
def test_transcript_is_true(capsys, monkeypatch, args, expected):
    monkeypatch.chdir(REPO)
    assert run(capsys, args) == expected


def test_the_narrative_is_built_from_the_json_answer(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    data = json.loads(run(capsys, "explain corpus/cases/cr-508.1d-1.case --json"))
    assert data["question"] == "attacks"
    answer = data["answer"]
    assert answer["max_requirements"] == 1
    assert [d["declaration"] for d in answer["declarations"]] == [{"forced": "Bob"}]
    text = "\n".join(data["narrative"])
    for r in answer["requirements"]:
        assert r["text"] in text
    for r in answer["restrictions"]:
        assert r["message"] in text


def test_the_question_follows_the_board(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    assert "declares attackers" in run(capsys, "explain corpus/cases/cr-508.1d-1.case")
    assert "declares blockers" in run(capsys, "explain corpus/cases/cr-509.1c-1.case")
    assert "Combat damage" in run(capsys, "explain corpus/cases/cr-510.2.case")


def test_an_illegal_declaration_names_its_rule_and_an_alternative(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    out = run(capsys, "explain corpus/cases/cr-508.1d-1.case --attacks "
                      "'{\"bears\": \"Bob\", \"forced\": \"Bob\"}'")
    assert "It is illegal:\n- No more than one creature can attack each combat " \
        "(Silent Arbiter; 508.1c)." in out  # the rule cited once, by the reason's words
    assert "A legal alternative: Goblin Brigand attacks Bob." in out


def test_explain_bad_input_is_one_line(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    assert main(["explain", "corpus/cases/cr-508.1d-1.case", "--attacks", "{bad"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "--attacks: malformed JSON" in err


def _rewrite() -> None:  # pragma: no cover - a maintenance tool
    import contextlib
    import io
    import os

    os.chdir(REPO)
    text = DOC.read_text(encoding="utf-8")

    def fresh(m: re.Match) -> str:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            main(shlex.split(m["args"]))
        return f"```text\n$ mtgcombat {m['args']}\n{buf.getvalue()}```"

    DOC.write_text(BLOCK.sub(fresh, text), encoding="utf-8")
    print(f"rewrote {DOC}", file=sys.stderr)


if __name__ == "__main__":  # pragma: no cover
    _rewrite()


def test_a_requirement_no_declaration_can_obey_is_marked_as_such(capsys, tmp_path):
    # A non-flyer's Lure requirement toward a flying Lure creature: no declaration can obey
    # it (702.9b); the narrative says so instead of leaving it among those "not obeyed".
    board = tmp_path / "lure.mtg"
    board.write_text("""players Alice, Bob
active Alice
Alice:
  raider: Hill Giant 3/3
  lure: Lure Bird 1/1 "Flying" "All creatures able to block Lure Bird do so."
Bob:
  bears: Grizzly Bears 2/2
  Serra Angel 4/4 "Flying"
effect Alice -> bears: "Target creature blocks this turn if able."
attack raider -> Bob
attack lure -> Bob
""", encoding="utf-8")
    text = run(capsys, f"explain {board} --blocks " + shlex.quote('{"bears": ["raider"]}'))
    lines = text.splitlines()
    bears = next(x for x in lines if x.startswith("- r") and "Grizzly Bears must block" in x)
    assert bears.endswith("It can't be obeyed on this board: Lure Bird has flying and can't be "
                          "blocked by Grizzly Bears, which has neither flying nor reach (702.9b).")
    angel = next(x for x in lines if x.startswith("- r") and "Serra Angel must block" in x)
    assert "can't be obeyed" not in angel
    assert any(x.startswith("- r") and x.endswith("Grizzly Bears blocks this turn if able.")
               for x in lines)
    verdict = next(x for x in lines if x.startswith("- 509.1c: "))
    assert "Not obeyed: Serra Angel must block Lure Bird if able" in verdict
    assert ("Could not be obeyed on this board (by any declaration that obeys the "
            "restrictions): Grizzly Bears must block Lure Bird if able") in verdict
