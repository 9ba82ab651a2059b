"""Issue 16, point 5: the command line tried as a new user would -- examples in every
--help, --rules overriding the board's edition, @- for a declaration on standard input, a
check mode answering through the exit status, prose wrapped at word boundaries and a
narrow table at 80 columns, one error prefix, and a hint at --help for a bare
``mtgcombat``."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from mtgcombat.cli import build_parser, main
from mtgcombat.text.report import Table, narrow_lines, wrap

from .conftest import REPO

BRIGAND = str(REPO / "corpus" / "boards" / "brigand.json")
ORDER_2024 = str(REPO / "corpus" / "boards" / "damage-order-2024.mtg")
WALKER = str(REPO / "corpus" / "boards" / "walker-and-battle.mtg")
GOAD = str(REPO / "corpus" / "boards" / "goad-and-lure.mtg")
FIRST_STRIKE = str(REPO / "examples" / "first-strike.mtg")


def commands() -> dict:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    return dict(sub.choices)


def cli(*argv: str, stdin: str | None = None, columns: int | None = None):
    """The installed command in its own process, as a user runs it (piped)."""
    env = dict(os.environ)
    env.pop("COLUMNS", None)
    if columns is not None:
        env["COLUMNS"] = str(columns)
    return subprocess.run([sys.executable, "-m", "mtgcombat", *argv], input=stdin,
                          capture_output=True, text=True, cwd=REPO, env=env, timeout=120)


# -- --help ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(commands()))
def test_every_help_has_examples_and_fits_80_columns(name, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # a wide terminal still gets at most 80
    with pytest.raises(SystemExit) as e:
        main([name, "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "\nexamples:\n  mtgcombat " + name.split()[0] in out
    assert all(len(line) <= 80 for line in out.splitlines()), \
        [line for line in out.splitlines() if len(line) > 80]


def test_help_descriptions_are_wrapped_at_word_boundaries(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    with pytest.raises(SystemExit):
        main(["best-blocks", "--help"])
    out = capsys.readouterr().out
    description = out.split("\n\n")[1]
    assert all(len(line) <= 60 for line in description.splitlines())
    # nothing cut inside a word: every word of the description is on one line
    assert "minimax" in description.replace("\n", " ")


def test_the_top_level_help_has_examples(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "examples:\n  mtgcombat attacks" in capsys.readouterr().out


def test_bare_mtgcombat_hints_at_help():
    r = cli()
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1
    assert "mtgcombat --help" in r.stderr


# -- one error prefix -------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    [],                                                   # no command
    ["frobnicate"],                                       # argparse: unknown command
    ["attacks"],                                          # argparse: missing board
    ["attacks", BRIGAND, "--bogus"],                      # argparse: unknown option
    ["attacks", BRIGAND, "--limit", "-1"],                # our number check
    ["attacks", BRIGAND, "--time-limit", "nan"],
    ["check", BRIGAND],                                   # a command's own usage rule
    ["explain", BRIGAND, "--attacks", "{}", "--blocks", "{}"],
    ["batch", "-", "--jobs", "0"],
    ["show", "/nonexistent/board.json"],                  # bad board
    ["check", BRIGAND, "--attacks", "{bad"],              # bad declaration
    ["corpus", "/nonexistent/cases"],                     # the corpus runner
], ids=lambda a: " ".join(a) or "bare")
def test_every_bad_input_has_one_error_prefix(argv):
    r = cli(*argv, stdin="")
    assert r.returncode == 2, r
    assert r.stdout == ""
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("mtgcombat: error: "), lines[0]
    assert "Traceback" not in r.stderr


def test_a_commands_usage_error_names_the_command():
    r = cli("check", BRIGAND)
    assert r.stderr.startswith("mtgcombat: error: check: give exactly one of")


# -- --rules ----------------------------------------------------------------------------


def test_rules_flag_overrides_the_boards_edition(capsys):
    assert main(["damage", WALKER, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == "current"
    assert main(["damage", WALKER, "--json", "--rules", "2024"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == "2024"


def test_rules_current_on_a_2024_board_drops_its_damage_assignment_order(capsys):
    assert main(["damage", ORDER_2024, "--json"]) == 0
    old = json.loads(capsys.readouterr().out)
    assert main(["damage", ORDER_2024, "--json", "--rules", "current"]) == 0
    out, err = capsys.readouterr()
    new = json.loads(out)
    assert (old["rules"], new["rules"]) == ("2024", "current")
    # The order (cub, then bears) bound the wurm's damage under 2024; now it is free,
    # so there are more legal assignments, and the warning says why.
    assert len(new["assignments"]) > len(old["assignments"])
    assert "damage assignment order is ignored" in err and "510.1c-d" in err


def test_rules_current_warning_is_german_with_lang_de(capsys):
    assert main(["damage", ORDER_2024, "--json", "--rules", "current", "--lang", "de"]) == 0
    assert "Schadenszuweisungsreihenfolge" in capsys.readouterr().err


def test_rules_current_warning_is_silent_with_quiet(capsys):
    assert main(["damage", ORDER_2024, "--rules", "current", "--quiet"]) == 0
    assert capsys.readouterr().err == ""


# -- @- and --exit-code -----------------------------------------------------------------


def test_at_dash_reads_the_declaration_from_standard_input():
    r = cli("check", BRIGAND, "--attacks", "@-", "--json", stdin="brigand -> Bob\n")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["legal"] is True
    r = cli("check", BRIGAND, "--attacks", "@-", "--json", stdin="{}")
    assert json.loads(r.stdout)["legal"] is False


def test_at_dash_with_the_board_on_standard_input_too_is_bad_input():
    with open(BRIGAND) as f:
        r = cli("check", "-", "--attacks", "@-", stdin=f.read())
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("mtgcombat: error: ")


@pytest.mark.parametrize("decl,status", [("brigand -> Bob", 0), ("{}", 1)])
def test_check_exit_code_answers_through_the_exit_status(decl, status):
    r = cli("check", BRIGAND, "--attacks", decl, "--exit-code")
    assert r.returncode == status
    assert r.stdout  # the answer is still printed
    plain = cli("check", BRIGAND, "--attacks", decl)
    assert plain.returncode == 0  # without --exit-code a legal or illegal answer is 0


def test_check_exit_code_keeps_2_for_bad_input():
    assert cli("check", BRIGAND, "--attacks", "{bad", "--exit-code").returncode == 2


# -- wrapping at 80 columns -------------------------------------------------------------


def _words(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("argv", [
    ["damage", WALKER], ["explain", BRIGAND], ["attacks", GOAD],
    ["combat", FIRST_STRIKE], ["explain", ORDER_2024], ["turn", FIRST_STRIKE],
    ["damage", WALKER, "--lang", "de"],
], ids=lambda a: " ".join(x.rsplit("/", 1)[-1] for x in a))
def test_prose_is_wrapped_at_word_boundaries_to_80_columns(argv):
    wide = cli(*argv)
    narrow = cli(*argv, columns=80)
    assert wide.returncode == narrow.returncode == 0, narrow.stderr
    assert any(len(line) > 80 for line in wide.stdout.splitlines()), \
        "the example should need wrapping"
    assert all(len(line) <= 80 for line in narrow.stdout.splitlines()), \
        [line for line in narrow.stdout.splitlines() if len(line) > 80]
    # nothing lost, no word cut: the same words in the same order (tables aside)
    if "attacks" not in argv and "blocks" not in argv:
        assert _words(narrow.stdout) == _words(wide.stdout)


def test_piped_output_is_one_line_per_sentence():
    r = cli("explain", BRIGAND)
    assert any(len(line) > 100 for line in r.stdout.splitlines())


def test_wrapped_list_items_hang_under_their_text():
    lines = wrap("  12. " + "word " * 30, 40)
    assert lines[0].startswith("  12. word")
    assert all(line.startswith("      word") for line in lines[1:])
    assert all(len(line) <= 40 for line in lines)
    lines = wrap("- " + "word " * 30, 30)
    assert all(line.startswith("  word") for line in lines[1:])
    lines = wrap("Rules: " + "word " * 30, 30)
    assert all(line.startswith("  word") for line in lines[1:])


def test_a_word_longer_than_the_width_is_never_broken():
    long_id = "x" * 50
    lines = wrap(f"attacks {long_id} now", 20)
    assert [line.strip() for line in lines] == ["attacks", long_id, "now"]


def test_a_table_wider_than_the_screen_is_laid_out_one_block_a_row():
    r = cli("attacks", GOAD, columns=60)
    out = r.stdout.splitlines()
    assert all(len(line) <= 60 for line in out)
    assert any(re.match(r"1\. Ogre Taskmaster attacks ", line) for line in out)
    assert any(line.startswith("   notation: ") for line in out)
    wide = cli("attacks", GOAD)  # piped: the aligned table
    assert any(line.startswith("#  ") for line in wide.stdout.splitlines())


def test_narrow_lines_keeps_every_cell():
    t = Table(["#", "declaration", "costs", "notation"],
              [["1", "Bears attacks Bob", "-", "bears -> Bob"],
               ["2", "Bears attacks Carol", "pay {2}", "bears -> Carol"]])
    lines = narrow_lines(t, 30)
    assert lines == ["1. Bears attacks Bob", "   costs: -", "   notation: bears -> Bob",
                     "2. Bears attacks Carol", "   costs: pay {2}",
                     "   notation: bears -> Carol"]


def test_a_table_without_a_number_column_names_every_cell():
    t = Table(["case", "result"], [["CR-1", "pass"]])
    assert narrow_lines(t, 30) == ["case: CR-1", "   result: pass"]


# -- the README -------------------------------------------------------------------------


def test_readme_says_why_tests_skip_without_shared():
    readme = (REPO / "README.md").read_text()
    assert re.search(r"\.\./shared.*skip|skip.*\.\./shared", readme, re.S | re.I)
