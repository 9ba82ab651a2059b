"""Listing: declarations found near the maximum's witness first (solver/neighbours.py)
change no listing; the auto backend agrees with the others; --jsonl streams; a tiny
--time-limit bounds the whole command."""

from __future__ import annotations

import json
import subprocess
import sys

from hypothesis import HealthCheck, given, settings

from mtgcombat.solver import base, get_backend
from mtgcombat.solver.base import legal_declarations
from mtgcombat.solver.neighbours import near

from .conftest import REPO
from .test_blocks import frozen
from .test_blocks_property import _summary, boards


def _summaries(problem):
    return _summary(legal_declarations(problem, get_backend("brute"), limit=None))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_neighbourhood_phase_lists_exactly_the_legal_declarations(case):
    problem, _ = case
    ref = _summaries(problem)
    old = base.NEAR_FROM
    base.NEAR_FROM = 0  # every problem is listed neighbourhood first
    try:
        for name in ("cpsat", "auto"):
            assert _summary(legal_declarations(problem, get_backend(name), limit=None)) == ref
    finally:
        base.NEAR_FROM = old


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_every_declaration_near_a_legal_one_obeys_the_restrictions_and_the_maximum(case):
    problem, _ = case
    be = get_backend("brute")
    m, witness = be.maximum(problem, frozenset(), base.Deadline(None))
    if witness is None:
        return
    legal = {frozen(d.declaration) for d in
             legal_declarations(problem, be, limit=None).declarations}
    from mtgcombat.rules.constraints import obeyed, true_keys, violated
    for d in near(problem, witness, m):
        keys = true_keys(d)
        assert not violated(problem, keys) and obeyed(problem, keys) >= m
        if not problem.costs:
            assert frozen(base.canonical(problem, d)) in legal


def test_auto_backend_is_the_default_and_agrees_with_cpsat():
    from mtgcombat import Board

    board = Board.load(REPO / "corpus" / "boards" / "goad-and-lure.mtg")
    kind = "blocks" if board.attacks is not None else "attacks"
    auto = board.list_declarations(kind, None)
    cpsat = board.list_declarations(kind, None, backend="cpsat")
    assert {frozen(d.declaration) for d in auto.declarations} == \
        {frozen(d.declaration) for d in cpsat.declarations}
    assert auto.max_requirements == cpsat.max_requirements


def test_jsonl_streams_one_declaration_a_line_then_the_status():
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "attacks",
                        str(REPO / "corpus" / "boards" / "brigand.json"), "--jsonl"],
                       capture_output=True, text=True, cwd=REPO)
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert r.returncode == 0 and lines[-1] == {"status": "complete", "count": 1}
    assert lines[0]["declaration"] == {"brigand": "Bob"}


def _big_board(tmp_path):
    sys.path.insert(0, str(REPO / "bench"))
    from boards import combat

    p = tmp_path / "big.json"
    p.write_text(json.dumps(combat(120)), encoding="utf-8")
    return p


def test_a_tiny_time_limit_bounds_the_whole_command(tmp_path):
    import time

    big = _big_board(tmp_path)
    for argv in (["blocks", str(big), "--json", "--time-limit", "0.001"],
                 ["check", str(big), "--blocks", "{}", "--json", "--time-limit", "0.001"],
                 ["blocks", str(big), "--count", "--json", "--time-limit", "0.001"]):
        t = time.monotonic()
        r = subprocess.run([sys.executable, "-m", "mtgcombat", *argv], capture_output=True,
                           text=True, cwd=REPO)
        took = time.monotonic() - t
        assert r.returncode == 0, r.stderr
        data = json.loads(r.stdout)
        assert data["status"] == "unknown", argv
        assert took < 15, (argv, took)  # reading and a fresh interpreter, no solving


def test_counting_multiplies_independent_parts():
    from mtgcombat import Board

    board = Board.from_data({
        "players": [{"name": p} for p in "ABCD"], "active_player": "A",
        "permanents": [{"id": f"x{i}", "name": f"X{i}", "controller": "A", "power": 1,
                        "toughness": 1, "text": f"X{i} attacks each combat if able."}
                       for i in range(6)]})
    c = board.count_declarations("attacks")
    assert (c.count, c.status, c.method) == (3 ** 6, "exact", "product")
    assert c.count == len(board.list_declarations("attacks", None).declarations)


def test_the_progress_line_shows_only_on_a_terminal_and_is_cleared(monkeypatch, capsys):
    import io

    from mtgcombat.cli.output import Progress

    class Tty(io.StringIO):
        def isatty(self):
            return True

    err = Tty()
    monkeypatch.setattr(sys, "stderr", err)
    p = Progress(True, "listing")
    p.start -= 2  # as if two seconds had gone by
    p.found(5)
    p.done()
    assert "listing..." in err.getvalue() and "5 found" in err.getvalue()
    assert err.getvalue().endswith("\r\x1b[K")
    quiet = Tty()
    monkeypatch.setattr(sys, "stderr", quiet)
    q = Progress(False, "listing")
    q.start -= 2
    q.found()
    q.done()
    assert quiet.getvalue() == ""
