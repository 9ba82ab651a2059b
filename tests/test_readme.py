"""The README (and the transcripts in docs/decisions.md) tell the truth.

A transcript is a fenced ``text`` block whose first line starts with ``$ mtgcombat``:
each ``$ mtgcombat ...`` line is a command, the lines after it (up to the next ``$`` line or
the end of the block) its exact output. Every command is run from the repository root as a
user would see it piped (standard output not a terminal, ``NO_COLOR`` set) and the output
must be identical.

``python tests/test_readme.py --update`` rewrites the transcripts from the real commands.
"""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
#: Other documents whose transcripts are kept true the same way.
DOCS = [REPO / "docs" / "decisions.md"]

# A fenced text block that opens with a command line.
TRANSCRIPT = re.compile(r"^```text\n(\$ mtgcombat [^\n]*\n.*?)^```$", re.M | re.S)


def transcripts(text: str) -> list[tuple[str, str]]:
    """(command line, expected output) for every command of every transcript block."""
    out = []
    for block in TRANSCRIPT.findall(text):
        command, lines = None, []
        for line in block.splitlines(keepends=True):
            if line.startswith("$ "):
                if command is not None:
                    out.append((command, "".join(lines)))
                command, lines = line[2:].rstrip("\n"), []
            else:
                lines.append(line)
        out.append((command, "".join(lines)))
    return out


def run(command: str) -> str:
    """What the user sees: standard output and error of the command, piped, no colour."""
    argv = shlex.split(command)
    assert argv[0] == "mtgcombat", command
    env = dict(os.environ, NO_COLOR="1")
    env.pop("COLUMNS", None)  # piped: one line per sentence, whatever the terminal
    env.pop("MTGCOMBAT_DEBUG", None)
    r = subprocess.run([sys.executable, "-m", "mtgcombat", *argv[1:]], cwd=REPO, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
    return r.stdout


README_TEXT = README.read_text(encoding="utf-8")
CASES = transcripts(README_TEXT)
DOC_CASES = [(doc.name, c, out) for doc in DOCS for c, out in transcripts(doc.read_text("utf-8"))]


def test_the_readme_has_transcripts():
    assert len(CASES) >= 5


@pytest.mark.parametrize("command,expected", CASES, ids=[c for c, _ in CASES])
def test_transcript_is_the_real_output(command, expected):
    assert run(command) == expected


@pytest.mark.parametrize("doc,command,expected", DOC_CASES,
                         ids=[f"{d}: {c}" for d, c, _ in DOC_CASES])
def test_doc_transcript_is_the_real_output(doc, command, expected):
    assert run(command) == expected


def test_the_docs_have_transcripts():
    assert DOC_CASES


def test_the_tour_shows_every_question():
    commands = [shlex.split(c) for c, _ in CASES]
    for name in ("show", "attacks", "blocks", "damage"):
        assert any(c[1] == name for c in commands), f"no transcript of `mtgcombat {name}`"
    illegal = [out for c, out in CASES if shlex.split(c)[1] == "check" and "--attacks" in c
               and "--json" not in c]
    assert any("Illegal (" in out for out in illegal), "no transcript of an illegal check"


def test_every_subcommand_is_mentioned():
    from mtgcombat.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert set(sub.choices) >= {"attacks", "blocks", "check", "damage", "show", "corpus",
                                "explain"}
    for name in sub.choices:
        assert f"mtgcombat {name}" in README_TEXT, f"README does not mention `mtgcombat {name}`"


def test_the_readme_starts_with_the_install_and_test_commands():
    first = README_TEXT.split("```")[1].splitlines()
    assert first[0] == "sh"
    run_example, run_tests = first[1], first[2]
    assert run_example.endswith("pip install . && mtgcombat attacks corpus/boards/brigand.json")
    assert run_tests.endswith("pip install -q -e '.[test]' && python -m pytest")
    ci = REPO / ".ci" / "run"
    if ci.exists():  # "this is exactly what CI runs"
        assert run_tests in ci.read_text(encoding="utf-8")


def test_the_library_example_prints_what_it_says(capsys, monkeypatch):
    code = re.search(r"^```python\n(.*?)^```$", README_TEXT, re.M | re.S).group(1)
    expected = [line.split("# -> ", 1)[1] for line in code.splitlines() if "# -> " in line]
    monkeypatch.chdir(REPO)
    exec(compile(code, "README.md", "exec"), {})
    assert capsys.readouterr().out.splitlines() == expected


def test_the_readme_shows_the_picture_after_a_combat_and_the_web_lab():
    for picture in ("docs/after-combat.svg", "docs/images/lab-wide-en.png",
                    "docs/images/lesson-narrow-de.png"):
        assert f"]({picture})" in README_TEXT, picture
        assert (REPO / picture).exists(), picture


def _screenshots():
    sys.path.insert(0, str(REPO / "scripts"))
    try:
        import screenshots
    finally:
        sys.path.pop(0)
    return screenshots


def test_the_web_lab_screenshots_are_of_the_current_page_files():
    """scripts/screenshots.py writes the page's version into each screenshot; a change to
    the page (mtgcombat/web/static) asks for new screenshots. (tests/test_browser.py
    renders each state again and checks the state itself.)"""
    from tests import pngs

    shots = _screenshots()
    assert sorted(p.name for p in (REPO / "docs" / "images").glob("*.png")) == \
        sorted(s.name for s in shots.SHOTS), "docs/images holds exactly the script's screenshots"
    for shot in shots.SHOTS:
        data = (REPO / "docs" / "images" / shot.name).read_bytes()
        assert pngs.text(data).get(shots.KEY) == shots.page_version(), (
            f"docs/images/{shot.name} shows another version of the page: run "
            "`python scripts/screenshots.py`")
        assert len(pngs.text(data).get(shots.STATE_KEY, "")) == 16, shot.name


def test_the_test_run_says_why_tests_were_skipped(tmp_path):
    """A newcomer without Chromium or ../shared sees each skip's reason in the summary at
    the end of the run (``-rs`` in the project's pytest options)."""
    test = tmp_path / "test_skipping.py"
    test.write_text("import pytest\n\n"
                    "def test_needs_a_browser():\n"
                    "    pytest.skip('Chromium is not installed here')\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "pytest", "-c", str(REPO / "pyproject.toml"),
                        "--rootdir", str(tmp_path), "-p", "no:cacheprovider", str(test)],
                       cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=120)
    summary = r.stdout.split("short test summary info")[-1]
    assert "SKIPPED [1]" in summary and "Chromium is not installed here" in summary, r.stdout


def update() -> None:
    """Rewrite every transcript of README.md and DOCS with the real output of its commands."""

    def fill(match: re.Match) -> str:
        block = match.group(1)
        commands = [line[2:].rstrip("\n") for line in block.splitlines(keepends=True)
                    if line.startswith("$ ")]
        body = "".join(f"$ {c}\n{run(c)}" for c in commands)
        if not body.endswith("\n"):
            body += "\n"
        return f"```text\n{body}```"

    for path in [README] + DOCS:
        path.write_text(TRANSCRIPT.sub(fill, path.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    if sys.argv[1:] == ["--update"]:
        update()
    else:
        sys.exit("usage: python tests/test_readme.py --update")
