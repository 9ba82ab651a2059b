"""Listing: declarations found near the maximum's witness first (solver/neighbours.py)
change no listing; the auto backend agrees with the others; --jsonl streams; a tiny
--time-limit bounds the whole command; the one listing order (solver/order.py): a
listing is exactly the legal declarations, in that order, and --limit N gives the first N
of it, in the human table as in JSON (issue 27.7)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings

from mtgcombat.questions.declarations import listing_order
from mtgcombat.solver import base, get_backend
from mtgcombat.solver.base import canonical, legal_declarations
from mtgcombat.solver.neighbours import near
from mtgcombat.solver.order import ordered_legal

from .conftest import REPO
from .test_blocks import frozen
from .test_backends import problems
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
                 ["blocks", str(big), "--count", "--json", "--time-limit", "0.001"],
                 ["check", str(big), "--blocks", "{}", "--json", "--time-limit", "0.5",
                  "--backend", "brute"],
                 ["blocks", str(big), "--json", "--time-limit", "0.5", "--backend", "brute"]):
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


def _order_key(problem, d):
    return listing_order(canonical(problem, d))


def _ordered(problem, deadline=None):
    be = get_backend("auto")
    maxc = base.MaxCache(problem, be, deadline or base.Deadline(None))
    m0, _ = maxc(frozenset())
    return ordered_legal(problem, m0, maxc, deadline or base.Deadline(None))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_the_ordered_listing_is_every_legal_declaration_in_listing_order(problem):
    ref = legal_declarations(problem, get_backend("brute"), limit=None)
    expected = sorted(((_order_key(problem, d.declaration), d.requirements_obeyed,
                        tuple(c.id for c in d.paid)) for d in ref.declarations),
                      key=lambda t: t[0])
    got = [(_order_key(problem, d.declaration), d.requirements_obeyed,
            tuple(c.id for c in d.paid)) for d in _ordered(problem)]
    assert got == expected


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_the_ordered_listing_of_block_boards_is_every_legal_declaration_in_order(case):
    problem, _ = case
    ref = legal_declarations(problem, get_backend("brute"), limit=None)
    expected = sorted(_order_key(problem, d.declaration) for d in ref.declarations)
    assert [_order_key(problem, d.declaration) for d in _ordered(problem)] == expected


def test_fewer_creatures_first_then_by_ids():
    from mtgcombat.rules.constraints import Problem

    problem = Problem("blocks", {"b1": ("a1", "a2"), "b2": ("a1",)}, {"b1": 2})
    got = [d.declaration for d in _ordered(problem)]
    assert got == [{}, {"b1": ("a1",)}, {"b1": ("a1", "a2")}, {"b1": ("a2",)},
                   {"b2": ("a1",)}, {"b1": ("a1",), "b2": ("a1",)},
                   {"b1": ("a1", "a2"), "b2": ("a1",)}, {"b1": ("a2",), "b2": ("a1",)}]


def _cli_json(args):
    r = subprocess.run([sys.executable, "-m", "mtgcombat", *args], capture_output=True,
                       text=True, cwd=REPO)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_limit_n_gives_the_first_n_of_the_full_listing_in_the_table_as_in_json(tmp_path):
    # issue 27.7: one order, the first N of it; the human table in the same order
    board = tmp_path / "b.json"
    perms = [{"id": f"x{i}", "name": f"{'ZYXWV'[i]} Bear", "controller": "Alice",
              "power": 2, "toughness": 2} for i in range(3)]
    perms += [{"id": f"w{i}", "name": f"{'ABC'[i]} Wall", "controller": "Bob", "power": 0,
               "toughness": 4} for i in range(3)]
    board.write_text(json.dumps({"players": [{"name": "Alice"}, {"name": "Bob"}],
                                 "active_player": "Alice", "permanents": perms,
                                 "attacks": {f"x{i}": "Bob" for i in range(3)}}),
                     encoding="utf-8")
    full = json.loads(_cli_json(["blocks", str(board), "--json", "--limit", "100000"]))
    assert full["status"] == "complete"
    decls = [d["declaration"] for d in full["declarations"]]
    keys = [listing_order({k: tuple(v) for k, v in d.items()}) for d in decls]
    assert keys == sorted(keys) and len(decls) == 4 ** 3
    for n in (1, 5, 17):
        part = json.loads(_cli_json(["blocks", str(board), "--json", "--limit", str(n)]))
        assert [d["declaration"] for d in part["declarations"]] == decls[:n]
        assert part["status"] == "truncated"
    table = _cli_json(["blocks", str(board), "--limit", "17"])
    from mtgcombat.notation import Declaration

    rows = [line for line in table.splitlines() if "->" in line]
    want = [Declaration("blocks", {k: tuple(v) for k, v in d.items()}).notation()
            for d in decls[:17] if d]
    assert [max((w for w in want if line.rstrip().endswith(w)), key=len) for line in rows] \
        == want


def test_a_listing_stopped_by_its_time_limit_is_a_prefix_of_the_listing():
    sys.path.insert(0, str(REPO / "bench"))
    from boards import combat

    from mtgcombat import Board

    board = Board.from_data(combat(40, lure=0.0))
    full = board.list_declarations("blocks", 300)
    for t in (0.05, 0.3):
        part = board.list_declarations("blocks", 300, time_limit=t)
        n = len(part.declarations)
        assert [d.declaration for d in part.declarations] == \
            [d.declaration for d in full.declarations[:n]]


def test_a_json_listing_streamed_in_pieces_is_the_listings_json():
    from mtgcombat import Board
    from mtgcombat.questions.declarations import list_declarations, listing_json_chunks
    from mtgcombat.text import Writer

    sys.path.insert(0, str(REPO / "bench"))
    from boards import combat

    board = Board.from_data(combat(12, lure=0.1))
    w = Writer.for_board(board, "en")
    for limit in (0, 1, 7, 50):
        whole = list_declarations(board, "blocks", limit).to_json(w)
        text = "".join(listing_json_chunks(board, "blocks", w, limit,
                                           extra=lambda: {"x": [1, "y"]}))
        assert json.loads(text) == {**whole, "x": [1, "y"]}
        compact = "".join(listing_json_chunks(board, "blocks", w, limit, indent=None))
        assert json.loads(compact) == whole


def test_a_json_listing_on_the_command_line_is_written_as_found_and_is_the_answer(tmp_path):
    """``blocks --json`` streams its listing (issue 25.6: ``--limit 100000 --json`` at
    160 v 160 reached 10 GB held whole); the object is the answer's JSON."""
    from mtgcombat import Board
    from mtgcombat.ask import answer, parse

    sys.path.insert(0, str(REPO / "bench"))
    from boards import combat

    data = combat(10, lure=0.2)
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for args in (["--limit", "40"], ["--limit", "0"], ["--limit", "3", "--lang", "de"]):
        r = subprocess.run([sys.executable, "-m", "mtgcombat", "blocks", str(path), "--json",
                            *args], capture_output=True, text=True, cwd=REPO)
        assert r.returncode == 0, r.stderr
        want = answer(Board.from_data(data), parse("blocks", [str(path), "--json", *args]))
        assert json.loads(r.stdout) == want.json()


def test_a_json_listing_hands_out_its_first_declaration_before_the_listing_ends():
    from mtgcombat import Board
    from mtgcombat.questions.declarations import listing_json_chunks
    from mtgcombat.text import Writer

    sys.path.insert(0, str(REPO / "bench"))
    from boards import combat

    board = Board.from_data(combat(40, lure=0.0))
    seen = []
    chunks = listing_json_chunks(board, "blocks", Writer.for_board(board, "en"), None,
                                 on_found=seen.append)
    next(chunks)  # the head: rules, maximum, requirements
    first = next(chunks)
    assert len(seen) == 1 and '"declaration"' in first  # one found, one written


def test_bad_input_in_a_json_listing_writes_nothing(tmp_path):
    path = tmp_path / "b.json"
    path.write_text(json.dumps({"players": [{"name": "A"}, {"name": "B"}],
                                "active_player": "A", "permanents": []}), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "blocks", str(path), "--json"],
                       capture_output=True, text=True, cwd=REPO)
    assert r.returncode == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1


def test_a_time_limit_counts_from_the_process_start_and_leaves_room_for_the_answer_25_6():
    # --time-limit T bounds the whole command within T + 0.5 s: the clock starts with
    # the process (Python's start and the imports count), and the searches stop a
    # little before T so that writing the answer fits.
    import time

    from mtgcombat.cli import _searching_time
    from mtgcombat.solver.base import process_started

    assert _searching_time(None) is None
    assert _searching_time(0.5) == 0.4 and _searching_time(2.0) == 1.75
    assert _searching_time(60.0) == 59.75
    started = process_started()
    assert started <= time.monotonic()
    code = ("import time; from mtgcombat.solver.base import process_started; "
            "print(time.monotonic() - process_started())")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       cwd=REPO)
    age = float(r.stdout)
    assert 0.0 < age < 30  # a fresh process's age: its start and its imports


def test_python_constraint_builds_no_model_once_the_time_is_up():
    from mtgcombat import Board
    from mtgcombat.solver.pyconstraint import PyConstraint

    problem = Board.from_data(json.loads(_big_board_text())).problem("blocks")
    spent = base.Deadline(0.0)
    with pytest.raises(base.SolverTimeout):
        PyConstraint().maximum(problem, frozenset(), spent)
    with pytest.raises(base.SolverTimeout):
        next(iter(PyConstraint().solutions(problem, 0, spent)))


def _big_board_text():
    sys.path.insert(0, str(REPO / "bench"))
    from boards import requirements

    return json.dumps(requirements(40))
