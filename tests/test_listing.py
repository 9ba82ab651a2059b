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
