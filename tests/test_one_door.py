"""One door (issue 22): the command line, ``batch`` and the web lab ask one registry of
questions (mtgcombat.ask) and give the same answers; ``batch`` is a protocol an engine can
hold open; ``--quiet`` means no progress and no warnings, the answer unchanged."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mtgcombat import ask
from mtgcombat.cli import main as cli_main
from mtgcombat.corpus import load_cases
from mtgcombat.options import Door, OptionError

from .conftest import REPO

BRIGAND = json.loads((REPO / "corpus" / "boards" / "brigand.json").read_text())
FIRST_STRIKE = (REPO / "examples" / "first-strike.mtg").read_text()

#: Questions every corpus board is asked through every door; the costly ones are asked of
#: the corpus's own boards and of the cases that ask them.
CHEAP = ("show", "check", "attacks", "blocks", "combat", "turn", "upkeep", "explain", "draw")
COSTLY = ("damage", "best-blocks", "best-attacks")
LIMIT = ["--time-limit", "10"]


def _boards() -> list[tuple[str, str, str]]:
    """(name, text, the question of its case or "") of every corpus board."""
    out = [(p.name, p.read_text(encoding="utf-8"), "")
           for p in sorted((REPO / "corpus" / "boards").iterdir())]
    for c in load_cases(REPO / "corpus" / "cases"):
        out.append((c.id, c.board_text, c.question))
    return out


def _args(question: str, text: str) -> list[str]:
    if question == "check":
        return ["--attacks", "{}"] if '"attacks"' not in text and "\nattack" not in text \
            else ["--blocks", "{}"]
    return []


def _requests() -> list[tuple[str, str, str, list[str]]]:
    out = []
    for name, text, asked in _boards():
        for q in ask.QUESTIONS:
            if q in CHEAP or (q in COSTLY and (asked in ("", q))):
                out.append((name, text, q, _args(q, text) + LIMIT))
    return out


def _settled(answer: dict) -> bool:
    """An answer the time limit did not cut (only those must be equal)."""
    return answer.get("status") not in ("unknown", "feasible") and \
        answer.get("answer", {}).get("status") not in ("unknown", "feasible")


def _registry(text: str, q: str, args: list[str]) -> dict:
    try:
        return ask.ask_request({"board": text, "args": args}, q).json()
    except ask.BadInput as e:
        return {"error": str(e)}


def _cli(capsys, tmp_path: Path, name: str, text: str, q: str, args: list[str]) -> dict:
    suffix = ".json" if text.lstrip().startswith("{") else ".mtg"
    path = tmp_path / f"board{suffix}"
    path.write_text(text, encoding="utf-8")
    code = cli_main([q, str(path), "--json", *args])
    out, err = capsys.readouterr()
    if code == 2:
        return {"error": err}
    assert code == 0, (name, q, err)
    return json.loads(out)


def test_every_question_answers_alike_through_the_registry_batch_and_the_command_line(
        capsys, tmp_path):
    requests = _requests()
    lines = "".join(json.dumps({"ask": q, "board": text, "args": args}) + "\n"
                    for _, text, q, args in requests)
    batch = subprocess.Popen([sys.executable, "-m", "mtgcombat", "batch", "-"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             cwd=REPO)
    # The batch answers on its own core while this process asks the registry and the CLI.
    import threading

    got: list = []
    reader = threading.Thread(target=lambda: got.append(batch.communicate(lines)[0]))
    reader.start()
    mine = []
    for name, text, q, args in requests:
        mine.append((_registry(text, q, args), _cli(capsys, tmp_path, name, text, q, args)))
    reader.join(timeout=1800)
    assert batch.returncode == 0
    answers = [json.loads(line) for line in got[0].splitlines()]
    assert len(answers) == len(requests)
    compared = 0
    for (name, _, q, _), (registry, command_line), batched in zip(requests, mine, answers):
        if "error" in registry:
            assert "error" in command_line and "error" in batched, (name, q, registry)
            continue
        if not (_settled(registry) and _settled(command_line) and _settled(batched)):
            continue
        assert batched == registry, (name, q)
        assert command_line == registry, (name, q)
        compared += 1
    assert compared > 0.9 * len(requests) - sum("error" in r for r, _ in mine)


def test_a_request_is_parsed_by_the_same_option_grammar_as_the_command_line():
    line = ask.parse("check", ["b.json", "--blocks", "wall -> raider", "--lang", "de"])
    request = ask.parse("check", ["--blocks", "wall -> raider", "--lang", "de"], Door.REQUEST)
    assert (line.blocks, line.lang) == (request.blocks, request.lang) == (
        {"wall": ["raider"]}, "de")


@pytest.mark.parametrize("args", [
    ["-o", "/tmp/x.svg"], ["--output", "/tmp/x.svg"], ["--output=/tmp/x.svg"],
    ["--attacks", "@/etc/passwd"], ["--attacks", "@-"], ["--cards", "/etc/passwd"],
    ["--backend", "brute"], ["--jsonl"], ["--exit-code"],
])
def test_a_request_takes_no_option_that_names_a_file_an_output_or_a_backend(args):
    question = "draw" if args[0].startswith(("-o", "--output")) else "check"
    with pytest.raises(OptionError):
        ask.parse(question, args, Door.REQUEST)


def test_every_question_is_one_registry_entry_with_options_json_and_words():
    for name, q in ask.QUESTIONS.items():
        assert q.name == name and q.summary and q.description and q.examples
        assert callable(q.ask) and callable(q.to_json) and callable(q.words)
        for o in q.options:
            from mtgcombat.options import OPTIONS

            assert o in OPTIONS, (name, o)


# -- batch, held open ------------------------------------------------------------------


def _readline(proc: subprocess.Popen, timeout: float = 60) -> str:
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    assert ready, "no answer within the time"
    return proc.stdout.readline()


def test_batch_held_open_on_a_pipe_answers_each_request_before_the_next_is_written():
    proc = subprocess.Popen([sys.executable, "-m", "mtgcombat", "batch"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=REPO, bufsize=1)
    try:
        for decl, legal in (("brigand -> Bob", True), ("{}", False), ("bears -> Bob", False)):
            proc.stdin.write(json.dumps({"ask": "check", "board": BRIGAND,
                                         "args": ["--attacks", decl]}) + "\n")
            proc.stdin.flush()
            answer = json.loads(_readline(proc))
            assert answer["legal"] is legal, answer
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
    assert proc.returncode == 0


def _batch(lines: list[str], *args: str) -> list[dict]:
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "batch", *args],
                       input="".join(x + "\n" for x in lines), capture_output=True, text=True,
                       cwd=REPO, timeout=300)
    assert r.returncode == 0, r.stderr
    return [json.loads(x) for x in r.stdout.splitlines()]


def test_batch_answers_every_line_a_blank_one_too_so_answers_never_drift():
    ok = json.dumps({"ask": "show", "board": BRIGAND})
    out = _batch([ok, "", ok, "   ", ok], "--jobs", "1")
    assert len(out) == 5
    assert "error" in out[1] and "error" in out[3]
    assert out[0] == out[2] == out[4] and "error" not in out[0]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_batch_a_line_with_a_lone_surrogate_is_answered_with_an_error_and_the_batch_goes_on(
        jobs):
    bad = json.dumps({"ask": "show", "board": BRIGAND}).replace("Goblin Brigand",
                                                                 "Goblin \\ud800Brigand", 1)
    ok = json.dumps({"ask": "show", "board": BRIGAND})
    out = _batch([ok, bad, ok], "--jobs", jobs)
    assert "error" in out[1] and "surrogate" in out[1]["error"]
    assert out[0] == out[2]


@pytest.mark.parametrize("line, what", [
    ('{"ask": "show", "board": ' + "[" * 100000 + "]" * 100000 + "}", "nested"),
    ('{"ask": "show", "board": {"players": ' + "9" * 5000 + "}}", "value"),
    ("\ufeff{", "malformed"),
])
def test_batch_hostile_lines_are_answered_with_one_line_errors(line, what):
    out = _batch([line, json.dumps({"ask": "show", "board": BRIGAND})], "--jobs", "1")
    assert what in out[0]["error"] and "\n" not in out[0]["error"]
    assert "error" not in out[1]


def test_batch_sigterm_writes_only_whole_lines_and_leaves_no_worker_behind():
    slow = json.dumps({"ask": "best-attacks", "board": FIRST_STRIKE})
    proc = subprocess.Popen([sys.executable, "-m", "mtgcombat", "batch", "--jobs", "2"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=REPO, bufsize=0)
    proc.stdin.write(("\n".join([slow] * 200) + "\n").encode())
    seen = b""
    while b"\n" not in seen:  # it is answering (read unbuffered: nothing is lost)
        ready, _, _ = select.select([proc.stdout], [], [], 120)
        assert ready, "no answer within the time"
        seen += os.read(proc.stdout.fileno(), 65536)
    children = _children(proc.pid)
    assert children, "no workers?"
    proc.send_signal(signal.SIGTERM)
    rest, err_bytes = proc.communicate(timeout=60)
    out, err = (seen + rest).decode(), err_bytes.decode()
    for line in out.splitlines():
        json.loads(line)  # every line written is whole
    assert "Traceback" not in err
    time.sleep(0.5)
    assert not [c for c in children if _alive(c)], "workers outlived the batch"


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        pytest.skip("no /proc here to see the workers")
    return [int(x) for x in text.split()]


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.split(")")[-1].split()[0] != "Z"


def test_batch_an_unreachable_dask_address_is_one_line_quickly():
    import importlib.util

    # Not importorskip: importing distributed changes how this process pickles exceptions.
    if importlib.util.find_spec("distributed") is None:
        pytest.skip("Dask distributed is not installed (pip install 'mtgcombat[dask]')")
    start = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "batch", "--dask",
                        "tcp://127.0.0.1:9"], input="{}\n", capture_output=True, text=True,
                       cwd=REPO, timeout=120)
    assert r.returncode == 2 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and "dask" in r.stderr.lower()
    assert time.monotonic() - start < 30


# -- --quiet ---------------------------------------------------------------------------


NOT_UNDERSTOOD = FIRST_STRIKE.replace("Alice:", "Alice:\n  odd: Odd Fellow 1/1 \"Whenever "
                                      "the moon is full, odd wins.\"", 1)


@pytest.mark.parametrize("question", [q for q in ask.QUESTIONS])
def test_quiet_means_no_warnings_on_standard_error_and_the_same_answer(question, tmp_path):
    board = tmp_path / "b.mtg"
    board.write_text(NOT_UNDERSTOOD, encoding="utf-8")
    args = ["--blocks", "{}"] if question == "check" else []
    loud = subprocess.run([sys.executable, "-m", "mtgcombat", question, str(board), *args],
                          capture_output=True, text=True, cwd=REPO, timeout=300)
    quiet = subprocess.run([sys.executable, "-m", "mtgcombat", question, str(board), *args,
                            "--quiet"], capture_output=True, text=True, cwd=REPO, timeout=300)
    assert loud.returncode == quiet.returncode == 0, (loud.stderr, quiet.stderr)
    assert quiet.stderr == ""
    assert quiet.stdout == loud.stdout and quiet.stdout.strip()
    if question not in ("show", "draw"):
        assert "moon" in loud.stderr  # the warning a person reads, said without --quiet


def test_check_quiet_still_prints_the_answer():
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "check",
                        str(REPO / "corpus" / "boards" / "brigand.json"), "--attacks",
                        "bears -> Bob", "--quiet"], capture_output=True, text=True, cwd=REPO)
    assert r.returncode == 0 and r.stdout.startswith("Illegal") and r.stderr == ""


def test_the_program_lists_every_door_and_question_in_its_help():
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "--help"], capture_output=True,
                       text=True, cwd=REPO)
    for name in [*ask.QUESTIONS, "corpus", "serve", "batch"]:
        assert f"    {name}" in r.stdout, name


# -- an option's fault is the option's (issue 27.9) --------------------------------------

WALKER = REPO / "corpus" / "boards" / "walker-and-battle.mtg"


@pytest.mark.parametrize("question, flag, value, said", [
    ("check", "--blocks", '"Giant Spidr" -> "Kor Skyfisher"', "'Giant Spider'"),
    ("check", "--blocks", '{"Giant Spider": ["Kor Skyfishr"]}', "'Kor Skyfisher'"),
    ("check", "--damage", '{"Kor Skyfishr": {"Gideon, Ally of Zendikar": 2}}',
     "'Kor Skyfisher'"),
    ("combat", "--blocks", '"Giant Spidr" -> "Kor Skyfisher"', "'Giant Spider'"),
    ("draw", "--attacks", '"Kor Skyfishr" -> Bob', "'Kor Skyfisher'"),
])
def test_an_unknown_id_in_an_option_is_the_options_fault_with_the_closest_id(
        capsys, question, flag, value, said):
    code = cli_main([question, str(WALKER), flag, value])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith(f"mtgcombat: error: {question}: {flag}: ")
    assert f"did you mean {said}?" in err
    assert str(WALKER) not in err  # not a position in the board file


def test_an_unknown_board_field_suggests_the_closest_field(capsys, tmp_path):
    p = tmp_path / "b.json"
    p.write_text('{"players": [{"name": "A"}, {"name": "B"}], "active_player": "A", '
                 '"permanentz": []}')
    assert cli_main(["show", str(p)]) == 2
    assert "unknown field 'permanentz' (did you mean 'permanents'?)" in capsys.readouterr().err


# -- progress (issue 24.3) ----------------------------------------------------------------


def test_the_progress_line_is_redrawn_at_least_every_second_on_a_terminal(monkeypatch):
    import io

    from mtgcombat.progress import Progress

    class Tty(io.StringIO):
        def isatty(self):
            return True

    err = Tty()
    monkeypatch.setattr(sys, "stderr", err)
    p = Progress(True, "counting")
    time.sleep(3.2)  # no work reported: the line still moves on its own
    p.done()
    draws = err.getvalue().count("mtgcombat: counting...")
    assert draws >= 2, err.getvalue()
    assert err.getvalue().endswith("\r\x1b[K")


def test_no_progress_line_when_standard_error_is_piped_or_quiet(monkeypatch):
    import io

    from mtgcombat.progress import Progress

    piped = io.StringIO()
    monkeypatch.setattr(sys, "stderr", piped)
    p = Progress(True, "counting")
    time.sleep(1.6)
    p.done()
    assert piped.getvalue() == ""
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "batch", "--jobs", "1"],
                       input=json.dumps({"ask": "show", "board": BRIGAND}) + "\n",
                       capture_output=True, text=True, cwd=REPO)
    assert r.stderr == "" and json.loads(r.stdout)
