"""The command line: every command documented, answers on stdout, bad input is
one line on stderr with exit status 2 and nothing on stdout."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mtgcombat.cli import build_parser, main

from .conftest import REPO

BRIGAND = REPO / "corpus" / "boards" / "brigand.json"


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        import io
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_command_is_documented():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name, p in sub.choices.items():
        assert p.description or sub._choices_actions, name
        helps = {a.dest: a.help for a in sub._choices_actions}
        assert helps.get(name), f"command {name} has no help"
    readme = (REPO / "README.md").read_text()
    for name in sub.choices:
        assert f"mtgcombat {name}" in readme, f"README does not document `mtgcombat {name}`"


def test_show_json_lists_nothing_not_understood_for_the_example(capsys):
    code, out, err = run(capsys, "show", str(BRIGAND), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["not_understood"] == []
    assert data["defending_players"] == ["Bob"]


def test_show_prints_the_scenario_language(capsys):
    code, out, err = run(capsys, "show", str(BRIGAND))
    assert code == 0, err
    assert "Goblin Brigand" in out


def test_attacks_json_answer_shape(capsys):
    code, out, err = run(capsys, "attacks", str(BRIGAND), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["status"] == "complete"
    assert data["max_requirements"] == 1
    assert [d["declaration"] for d in data["declarations"]] == [{"brigand": "Bob"}]
    assert data["requirements"][0]["rule"] == "508.1d"


def test_check_attacks_explains_the_shortfall(capsys):
    code, out, err = run(capsys, "check", str(BRIGAND), "--attacks", '{"bears": "Bob"}', "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["legal"] is False
    assert data["violations"][0]["rule"] == "508.1d"
    assert data["witness"] == {"brigand": "Bob"}
    assert data["requirements_obeyed"] == 0 and data["max_requirements"] == 1


def test_python_dash_m_works():
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "--version"], capture_output=True,
                       text=True, cwd=REPO)
    assert r.returncode == 0 and "mtgcombat" in r.stdout


BAD_INPUT = [
    (["show", "/nonexistent/board.json"], "cannot read /nonexistent/board.json"),
    (["show", "-"], "malformed JSON", '{"players": ['),
    (["show", "-"], "unknown field 'colour'",
     '{"players": [{"name": "A"}, {"name": "B"}], "active_player": "A", "permanents": '
     '[{"name": "X", "controller": "A", "power": 1, "toughness": 1, "colour": ["R"]}]}'),
    (["show", "-"], "unknown attacker 'ghost'",
     '{"players": [{"name": "A"}, {"name": "B"}], "active_player": "A", "attacks": {"ghost": "B"}}'),
    (["show", "-"], "power must be an integer",
     '{"players": [{"name": "A"}, {"name": "B"}], "active_player": "A", "permanents": '
     '[{"name": "X", "controller": "A", "power": "2", "toughness": 1}]}'),
    (["attacks", str(BRIGAND), "--limit", "many"], "must be a whole number"),
    (["frobnicate"], "invalid choice"),
    (["check", str(BRIGAND)], "give exactly one of --attacks, --blocks, --damage"),
    (["check", str(BRIGAND), "--attacks", "{bad"], "--attacks: malformed JSON"),
    (["check", str(BRIGAND), "--attacks", '{"ghost": "Bob"}'], "unknown creature 'ghost'"),
    (["check", str(BRIGAND), "--attacks", '{"brigand": "Zed"}'], "unknown id 'Zed'"),
    (["check", str(BRIGAND), "--attacks", '["brigand"]'], "must be a JSON object"),
    (["blocks", str(BRIGAND)], "declares no attacks"),
    (["attacks", str(BRIGAND), "--time-limit", "0"], "--time-limit: must be positive"),
    (["check", str(REPO / "corpus" / "boards" / "damage-order-2024.mtg"), "--damage",
      '{"Craw Wurm": {"bears": true}}'],
     "damage assignment: 'Craw Wurm' assigns true to 'bears'; amounts are integers >= 0"),
]


@pytest.mark.parametrize("case", BAD_INPUT, ids=[c[1] for c in BAD_INPUT])
def test_bad_input_is_one_line_and_exit_2(capsys, monkeypatch, case):
    argv, message = case[0], case[1]
    stdin = case[2] if len(case) > 2 else None
    code, out, err = run(capsys, *argv, stdin=stdin, monkeypatch=monkeypatch)
    assert code == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err


def test_bad_input_from_a_real_process_has_no_traceback():
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "show", "-"], input="{oops",
                       capture_output=True, text=True, cwd=REPO)
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_check_reads_a_declaration_from_a_file(capsys, tmp_path):
    decl = tmp_path / "decl.json"
    decl.write_text('{"brigand": "Bob"}', encoding="utf-8")
    code, out, err = run(capsys, "check", str(BRIGAND), "--attacks", f"@{decl}", "--json")
    assert code == 0, err
    assert json.loads(out)["legal"] is True
    code, out, err = run(capsys, "check", str(BRIGAND), "--attacks", f"@{tmp_path}/none.json")
    assert code == 2 and out == "" and "cannot read" in err


def test_an_internal_error_is_one_line_and_exit_1(capsys, monkeypatch):
    import dataclasses

    from mtgcombat import ask

    def boom(board, opts, ctx):
        raise RuntimeError("first line\nsecond line")

    monkeypatch.delenv("MTGCOMBAT_DEBUG", raising=False)
    monkeypatch.setitem(ask.QUESTIONS, "show", dataclasses.replace(ask.QUESTIONS["show"],
                                                                   ask=boom))
    code, out, err = run(capsys, "show", str(BRIGAND))
    assert code == 1 and out == ""
    assert len(err.splitlines()) == 1 and "internal error" in err and "second line" in err


def test_a_closed_pipe_is_not_an_error():
    r = subprocess.run(f"{sys.executable} -m mtgcombat show {BRIGAND} --json | head -c 1",
                       shell=True, capture_output=True, text=True, cwd=REPO)
    assert r.stdout == "{" and "Traceback" not in r.stderr and "Error" not in r.stderr


def test_damage_json_rules_are_numbers_of_the_boards_edition(capsys):
    # Under rules 2024 the human answers write "old 510.1c" and "old 509.2"; --json gives the
    # edition's own numbers (docs/board-format.md), in sources, silent creatures and checks.
    board = str(REPO / "corpus" / "boards" / "damage-order-2024.mtg")
    code, out, _ = run(capsys, "damage", board, "--json")
    data = json.loads(out)
    assert code == 0 and "old " not in out
    assert data["sources"]["Craw Wurm"]["rule"] == "510.1c"
    code, out, _ = run(capsys, "check", board, "--json", "--damage",
                       '{"Craw Wurm": {"bears": 5, "cub": 1}}')
    data = json.loads(out)
    rules = [v["rule"] for v in data["violations"]] + [
        s[k] for s in data["sources"].values() for k in ("rule", "order_rule") if s[k]]
    assert rules and not any("old" in r for r in rules)
    assert data["violations"][0]["rule"] == "510.1c"
    assert "(old 510.1c)" in data["violations"][0]["message"]  # human text keeps "old"
    code, out, _ = run(capsys, "damage", board)
    assert "old 510.1c" in out
