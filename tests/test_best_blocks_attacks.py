"""``best-blocks --attacks``: the blocks against attacks given on the command line (or in a
request) instead of the board's, taken exactly as ``combat --attacks`` takes them (the
notation, JSON, @FILE; the same bad-input lines; an illegal declaration an ``illegal``
answer, 508.1) -- a compatible extension of the spec's ``best-blocks``."""

from __future__ import annotations

import json

import pytest

from mtgcombat import ask
from mtgcombat.cli import main

from .conftest import REPO

FIRST_STRIKE = REPO / "examples" / "first-strike.mtg"
#: The example board without its declarations.
UNDECLARED = "\n".join(line for line in FIRST_STRIKE.read_text(encoding="utf-8").splitlines()
                       if not line.startswith(("attack ", "block "))) + "\n"


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _without_timing(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k not in ("evaluated", "seconds", "time")}


def test_best_blocks_against_given_attacks_equals_the_board_that_declares_them_508_1(
        capsys, tmp_path):
    declared = tmp_path / "declared.mtg"
    declared.write_text(UNDECLARED + "attack wurm -> Bob\nattack leech -> Bob\n",
                        encoding="utf-8")
    bare = tmp_path / "bare.mtg"
    bare.write_text(UNDECLARED, encoding="utf-8")
    code, out, err = _run(capsys, "best-blocks", str(declared), "--json")
    assert code == 0, err
    on_board = json.loads(out)
    code, out, err = _run(capsys, "best-blocks", str(bare), "--json", "--attacks",
                          "wurm -> Bob, leech -> Bob")
    assert code == 0, err
    given = json.loads(out)
    assert given["status"] == "optimal" and given["blocks"]
    assert _without_timing(given) == _without_timing(on_board)


def test_best_blocks_given_attacks_replace_the_boards_attacks_and_blocks(capsys):
    code, out, err = _run(capsys, "best-blocks", str(FIRST_STRIKE), "--json",
                          "--attacks", '{"knight": "Bob"}')
    assert code == 0, err
    answer = json.loads(out)
    assert answer["status"] == "optimal"
    # Only the knight attacks: no blocker can block the wurm or the leech (the board's).
    blocked = {a for attackers in answer["blocks"].values() for a in attackers}
    assert blocked <= {"knight"}
    code, out, _ = _run(capsys, "best-blocks", str(FIRST_STRIKE), "--json")
    assert {a for x in json.loads(out)["blocks"].values() for a in x} - {"knight"}


@pytest.mark.parametrize("decl", ["foo -> Bob", "knight -> Carl", '{"knight": 3}',
                                  "knight -> ", "knight -> Bob, knight -> Bob", "{"])
def test_best_blocks_attacks_bad_input_is_the_line_combat_gives(capsys, decl):
    code, out, err = _run(capsys, "combat", str(FIRST_STRIKE), "--attacks", decl)
    assert code == 2 and out == "" and err.count("\n") == 1
    combat_line = err
    code, out, err = _run(capsys, "best-blocks", str(FIRST_STRIKE), "--attacks", decl)
    assert code == 2 and out == ""
    assert "--attacks" in err
    assert err == combat_line.replace("error: combat:", "error: best-blocks:")


@pytest.mark.parametrize("decl,rule", [("bears -> Alice", "508.1a"), ("knight -> knight", "506.3")])
def test_best_blocks_against_illegal_given_attacks_is_an_illegal_answer_as_combat_says(
        capsys, decl, rule):
    code, out, err = _run(capsys, "combat", str(FIRST_STRIKE), "--json", "--attacks", decl)
    assert code == 0, err
    combat = json.loads(out)
    code, out, err = _run(capsys, "best-blocks", str(FIRST_STRIKE), "--json", "--attacks", decl)
    assert code == 0, err
    best = json.loads(out)
    assert best["status"] == "illegal" and not best.get("blocks")
    assert rule in json.dumps(best) and rule in json.dumps(combat)
    code, out, err = _run(capsys, "best-blocks", str(FIRST_STRIKE), "--attacks", decl,
                          "--lang", "de")
    assert code == 0 and "Status: nicht erlaubt." in out, out


def test_best_blocks_attacks_from_a_file_and_in_a_request(capsys, tmp_path):
    decl = tmp_path / "attacks.txt"
    decl.write_text("wurm -> Bob\n", encoding="utf-8")
    code, out, err = _run(capsys, "best-blocks", str(FIRST_STRIKE), "--json", "--attacks",
                          f"@{decl}")
    assert code == 0, err
    from_file = json.loads(out)
    reply = ask.ask_request({"board": FIRST_STRIKE.read_text(encoding="utf-8"),
                             "args": ["--attacks", "wurm -> Bob"]}, "best-blocks").json()
    assert _without_timing(reply) == _without_timing(from_file)
    assert {a for x in from_file["blocks"].values() for a in x} == {"wurm"}


def test_best_attacks_takes_no_attacks_option(capsys):
    code, out, err = _run(capsys, "best-attacks", str(FIRST_STRIKE), "--attacks", "knight -> Bob")
    assert code == 2 and out == "" and "--attacks" in err
