"""``mtgcombat batch`` held open on a pipe (issue 22): a line that comes alone is answered
in the batch's own process, lines written ahead on the workers, every answer in order; a
file given as standard input is answered like a file; the batch's own words on standard
error follow its ``--lang``."""

from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from mtgcombat import batch

from .conftest import REPO

BRIGAND = json.loads((REPO / "corpus" / "boards" / "brigand.json").read_text())


def _by_pid(line: bytes) -> str:
    """A stand-in for :func:`mtgcombat.batch.answer_line`: which process answered which
    line (a line ``slow ...`` takes a while)."""
    if line.startswith(b"slow"):
        time.sleep(0.5)
    return json.dumps({"line": line.decode(), "pid": os.getpid()})


_by_pid.__module__, _by_pid.__qualname__ = "mtgcombat.batch", "answer_line"


def _answers(fd: int, want: int, got: list, done: threading.Event) -> None:
    for a in batch.held_open(fd, jobs=2):
        got.append(json.loads(a))
        if len(got) == want:
            done.set()


def _pipe() -> tuple[socket.socket, socket.socket]:
    """The engine's end and the batch's: a socket pair, whose writing end is shut for
    every process at once (the workers forked here hold copies of it)."""
    return socket.socketpair()


def test_batch_held_open_answers_a_lone_line_itself_and_lines_written_ahead_on_its_workers(
        monkeypatch):
    monkeypatch.setattr(batch, "answer_line", _by_pid)
    r, w = _pipe()
    got: list = []
    one = threading.Event()
    t = threading.Thread(target=_answers, args=(r.fileno(), 1, got, one), daemon=True)
    t.start()
    try:
        w.sendall(b"alone\n")
        assert one.wait(60), "no answer to a lone line"
        assert got[0] == {"line": "alone", "pid": os.getpid()}  # no hand-off for it
        # Written ahead: a slow line first, then fast ones -- all to the workers, in order.
        w.sendall(b"slow 1\nfast 2\nfast 3\nfast 4\n")
    finally:
        w.shutdown(socket.SHUT_WR)
    t.join(60)
    assert not t.is_alive()
    r.close()
    w.close()
    assert [a["line"] for a in got] == ["alone", "slow 1", "fast 2", "fast 3", "fast 4"]
    assert all(a["pid"] != os.getpid() for a in got[1:])


def test_batch_held_open_answers_each_line_as_soon_as_every_line_before_it_is_answered(
        monkeypatch):
    """A slow line written ahead holds up the answers after it (order), not the ones
    before it; a lone line after them all is answered in order too."""
    monkeypatch.setattr(batch, "answer_line", _by_pid)
    r, w = _pipe()
    got: list = []
    first = threading.Event()
    t = threading.Thread(target=_answers, args=(r.fileno(), 1, got, first), daemon=True)
    t.start()
    try:
        w.sendall(b"fast 1\nslow 2\nfast 3\n")
        assert first.wait(60)
        assert got[0]["line"] == "fast 1"
        w.sendall(b"fast 4\n")
    finally:
        w.shutdown(socket.SHUT_WR)
    t.join(60)
    assert not t.is_alive()
    r.close()
    w.close()
    assert [a["line"] for a in got] == ["fast 1", "slow 2", "fast 3", "fast 4"]


def test_batch_held_open_answers_a_last_line_without_its_newline(monkeypatch):
    monkeypatch.setattr(batch, "answer_line", _by_pid)
    r, w = os.pipe()
    os.write(w, b"one\ntwo")
    os.close(w)
    out = [json.loads(a)["line"] for a in batch.held_open(r, jobs=1)]
    os.close(r)
    assert out == ["one", "two"]


def _request(decl: str) -> str:
    return json.dumps({"ask": "check", "board": BRIGAND, "args": ["--attacks", decl]})


def _readline(proc: subprocess.Popen, timeout: float = 60) -> str:
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    assert ready, "no answer within the time"
    return proc.stdout.readline()


def test_batch_held_open_on_every_core_answers_each_request_before_the_next_is_written():
    """As docs/engines.md shows it (no --jobs): write, read, write, read."""
    proc = subprocess.Popen([sys.executable, "-m", "mtgcombat", "batch"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=REPO, bufsize=1)
    try:
        for decl, legal in (("brigand -> Bob", True), ("{}", False)) * 3:
            proc.stdin.write(_request(decl) + "\n")
            proc.stdin.flush()
            assert json.loads(_readline(proc))["legal"] is legal
        # then three written ahead, answered in order
        proc.stdin.write("".join(_request(d) + "\n" for d in ("{}", "brigand -> Bob", "{}")))
        proc.stdin.flush()
        first = json.loads(_readline(proc))  # the others may be read with it: readline
        rest = [json.loads(proc.stdout.readline()) for _ in range(2)]
        assert [a["legal"] for a in [first, *rest]] == [False, True, False]
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
    assert proc.returncode == 0, proc.stderr.read()


def test_batch_reads_a_file_given_as_standard_input_like_a_file(tmp_path: Path):
    lines = [_request("brigand -> Bob"), "{not json", _request("{}")] * 20
    f = tmp_path / "requests.jsonl"
    f.write_text("\n".join(lines) + "\n")
    with f.open("rb") as stdin:
        r = subprocess.run([sys.executable, "-m", "mtgcombat", "batch", "--jobs", "2"],
                           stdin=stdin, capture_output=True, text=True, cwd=REPO, timeout=300)
    assert r.returncode == 0, r.stderr
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(out) == 60
    assert [o.get("legal") for o in out[:3]] == [True, None, False]
    assert "error" in out[1]


@pytest.mark.parametrize("command", [["batch"], ["serve", "--port", "0"]])
def test_a_doors_card_warnings_follow_its_lang(command, tmp_path: Path):
    """The card database's warning (its cache can't be written) is rendered from its
    code in the command's --lang (German here), once, on standard error."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    env = dict(os.environ, MTGCOMBAT_CACHE=str(blocker / "cache"))
    proc = subprocess.Popen([sys.executable, "-m", "mtgcombat", *command, "--cards",
                             "examples/cards.json", "--lang", "de"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=REPO, env=env)
    try:
        ready, _, _ = select.select([proc.stderr], [], [], 120)
        assert ready, "nothing on standard error"
        first = proc.stderr.readline()
    finally:
        proc.terminate()
        proc.communicate(timeout=60)
    assert first.startswith("Warnung: ") and "MTGCOMBAT_CACHE" in first, first
    assert "warning:" not in first
