"""Explanations cost about what verdicts cost (issue 24): the requirements no declaration
can obey are told apart with declarations one choice away from a known legal one first
(solver/neighbours.obeyable_near), the backend only for what is left. The fast way must
say exactly what the slow way (every requirement asked of a brute force) says."""

from __future__ import annotations

import sys

from hypothesis import HealthCheck, given, settings, strategies as st

from mtgcombat import Board
from mtgcombat.questions.declarations import unobeyable
from mtgcombat.rules.constraints import evaluate, true_keys, violated
from mtgcombat.solver import get_backend
from mtgcombat.solver.base import Deadline
from mtgcombat.solver.brute import all_declarations
from mtgcombat.solver.neighbours import obeyable_near

from .conftest import REPO
from .test_backends import problems
from .test_blocks_property import boards

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _truth(problem) -> set[str]:
    """The slow path: the requirements some restriction-obeying declaration obeys."""
    legal = [true_keys(d) for d in all_declarations(problem)
             if not violated(problem, true_keys(d))]
    return {r.id for r in problem.requirements if any(evaluate(r.expr, k) for k in legal)}


def _seed(problem):
    for d in all_declarations(problem):
        if not violated(problem, true_keys(d)):
            return d
    return None


def _check_unobeyable(problem, seed):
    obeyable = _truth(problem)
    known = [seed] if seed is not None else []
    for name in ("auto", "brute"):
        got = unobeyable(problem, get_backend(name), Deadline(None), known=known)
        assert set(got) == {r.id for r in problem.requirements} - obeyable, name


@settings(max_examples=200, **SETTINGS)
@given(problems(), st.data())
def test_unobeyable_requirements_fast_equal_the_slow_path_on_any_problem(problem, data):
    legal = [d for d in all_declarations(problem) if not violated(problem, true_keys(d))]
    seed = data.draw(st.sampled_from(legal)) if legal else None
    _check_unobeyable(problem, seed)


@settings(max_examples=150, **SETTINGS)
@given(boards())
def test_unobeyable_requirements_fast_equal_the_slow_path_on_block_boards(case):
    problem, _ = case
    _check_unobeyable(problem, _seed(problem))


@settings(max_examples=150, **SETTINGS)
@given(problems(), st.data())
def test_every_requirement_found_obeyable_near_a_seed_is_obeyed_by_a_legal_declaration(
        problem, data):
    legal = [d for d in all_declarations(problem) if not violated(problem, true_keys(d))]
    if not legal:
        return
    seed = data.draw(st.sampled_from(legal))
    found = obeyable_near(problem, seed, range(len(problem.requirements)))
    truth = _truth(problem)
    assert {problem.requirements[i].id for i in found} <= truth


def _requirements_board(n, seed):
    sys.path.insert(0, str(REPO / "bench"))
    from boards import requirements

    return requirements(n, seed=seed, lure=0.3, must_block=0.5)


@settings(max_examples=25, **SETTINGS)
@given(st.integers(0, 10 ** 6), st.integers(3, 5))
def test_an_illegal_declarations_explanation_equals_the_slow_path_on_the_bench_family(seed, n):
    # Seeded boards of the harder bench family (Lure, "blocks each combat if able",
    # flying, reach, menace): the explained 509.1c violation tells "could be obeyed" from
    # "no declaration can obey" exactly as asking each requirement of a brute force.
    board = Board.from_data(_requirements_board(n, seed))
    problem = board.problem("blocks")
    v = board.check_blocks({}, backend="auto")
    if v.legal is not False:
        return
    explained = [x for x in v.violations if x.why.code == "decl.too_few_explained"]
    if not explained:
        return
    why = explained[0].why
    obeyable = _truth(problem)
    unmet = [r for r in problem.requirements if not evaluate(r.expr, frozenset())]
    assert sorted(map(repr, why["could"])) == sorted(
        repr(r.why) for r in unmet if r.id in obeyable)
    assert sorted(repr(r) for r, _ in why["never"]) == sorted(
        repr(r.why) for r in unmet if r.id not in obeyable)


@settings(max_examples=150, **SETTINGS)
@given(boards())
def test_every_requirement_found_obeyable_by_moving_creatures_together_is_obeyable(case):
    from mtgcombat.solver.neighbours import obeyable_together

    problem, _ = case
    seed = _seed(problem)
    if seed is None:
        return
    found = obeyable_together(problem, seed, range(len(problem.requirements)))
    assert {problem.requirements[i].id for i in found} <= _truth(problem)
