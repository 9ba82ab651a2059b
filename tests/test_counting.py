"""Counting without listing (issue 24.3): symbolic where it can be, bounded otherwise.
The count equals the brute force's on random problems and boards; interchangeable
choices (a menace attacker among others, 702.111b) are counted once per class of states;
--count has a default time limit and says "at_least" when it runs out."""

from __future__ import annotations

import dataclasses
import json
import math
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mtgcombat import Board
from mtgcombat.questions import declarations as D
from mtgcombat.solver import counting, get_backend
from mtgcombat.solver.base import Deadline, SolverTimeout, legal_declarations

from .conftest import REPO
from .test_backends import problems
from .test_blocks_property import boards

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _bench():
    sys.path.insert(0, str(REPO / "bench"))
    import boards as b

    return b


def _brute_count(problem) -> int:
    return len(legal_declarations(problem, get_backend("brute"), limit=None).declarations)


def _count(problem):
    m0, w = get_backend("auto").maximum(problem, frozenset(), Deadline(None))
    return counting.count_legal(problem, m0, w, Deadline(None))


@settings(max_examples=300, **SETTINGS)
@given(problems())
def test_counting_equals_the_brute_force_on_any_problem_without_costs(problem):
    problem = dataclasses.replace(problem, costs=())
    assert _count(problem) == (_brute_count(problem), "exact")


@settings(max_examples=200, **SETTINGS)
@given(boards())
def test_counting_equals_the_brute_force_on_block_boards(case):
    problem = dataclasses.replace(case[0], costs=())
    assert _count(problem) == (_brute_count(problem), "exact")


@settings(max_examples=100, **SETTINGS)
@given(boards())
def test_counting_with_and_without_the_symmetry_of_choices_agree(case, ):
    problem = dataclasses.replace(case[0], costs=())
    with_sym = _count(problem)
    old = counting._Symmetry.__init__

    def no_symmetry(self, *a, **k):
        self.classes, self.owner, self.shape = [], {}, {}

    counting._Symmetry.__init__ = no_symmetry
    try:
        assert _count(problem) == with_sym
    finally:
        counting._Symmetry.__init__ = old


def _menace_count(n: int) -> int:
    """n blockers, n menace attackers: each attacker blocked by none or two or more
    (702.111b) -- n! [x^n] e^x (e^x - x)^n, independently of mtgcombat."""
    ex = [Fraction(1, math.factorial(k)) for k in range(n + 1)]
    f = list(ex)
    f[1] -= 1

    def mul(a, b):
        r = [Fraction(0)] * (n + 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b[:n + 1 - i]):
                r[i + j] += x * y
        return r
    p = ex
    for _ in range(n):
        p = mul(p, f)
    return int(p[n] * math.factorial(n))


def test_twelve_menace_attackers_against_twelve_blockers_are_counted_exactly_702_111b():
    for n in (1, 2, 3, 5, 12):
        board = Board.from_data(_bench().menace(n))
        c = board.count_declarations("blocks")
        assert (c.count, c.status, c.method) == (_menace_count(n), "exact", "product"), n


def test_forty_against_forty_is_counted_exactly_within_the_default_limit():
    board = Board.from_data(_bench().combat(40, lure=0.0))
    c = board.count_declarations("blocks")
    assert c.status == "exact" and c.count > 10 ** 50


def test_counting_past_its_time_limit_is_a_lower_bound_not_a_guess():
    board = Board.from_data(_bench().requirements(40, seed=3))
    exact = board.count_declarations("blocks")
    assert exact.status == "exact"
    cut = D.count_declarations(board, "blocks", time_limit=0.001)
    assert cut.status in ("at_least", "unknown")
    if cut.status == "at_least":
        assert 1 <= cut.count <= exact.count


def test_counting_has_a_default_time_limit():
    assert D.COUNT_TIME_LIMIT == 10.0
    calls = []
    old = D.Deadline

    class Spy(old):  # type: ignore[misc, valid-type]
        def __init__(self, seconds):
            calls.append(seconds)
            super().__init__(seconds)

    D.Deadline = Spy
    try:
        D.count_declarations(Board.from_data(_bench().menace(3)), "blocks")
        D.count_declarations(Board.from_data(_bench().menace(3)), "blocks",
                             time_limit=math.inf)
    finally:
        D.Deadline = old
    assert calls == [D.COUNT_TIME_LIMIT, None]


def test_counting_reports_progress():
    seen = []
    D.count_declarations(Board.from_data(_bench().requirements(20)), "blocks",
                         on_progress=seen.append)
    assert seen and seen == sorted(seen)


def test_blocks_count_on_forty_against_forty_answers_from_the_command_line(tmp_path):
    board = tmp_path / "b.json"
    board.write_text(json.dumps(_bench().combat(40, lure=0.0)), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "blocks", str(board), "--count",
                        "--json"], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["status"] == "exact" and data["count"] > 10 ** 50


def test_finding_interchangeable_choices_looks_at_the_deadline():
    # 160 v 160 with a third of the blockers "blocks each combat if able": telling the
    # interchangeable attackers apart compared every pair's whole model (minutes past a
    # 10 s limit); it now compares only the expressions that mention the pair, after a
    # cheap signature, and stops at the deadline like the counting itself.
    from mtgcombat.solver.counting import _Symmetry
    from mtgcombat.solver.cpsat import prepared
    from mtgcombat.solver.propagate import Engine

    sys.path.insert(0, str(REPO / "bench"))
    from boards import requirements

    problem = Board.from_data(requirements(60)).problem("blocks")
    prep = prepared(problem)
    hard, reqs = list(prep.restrictions), list(prep.requirements)
    order = sorted(prep.options)
    with pytest.raises(SolverTimeout):
        _Symmetry(Engine(hard, reqs), hard, reqs, order, prep.options, Deadline(0.0))
