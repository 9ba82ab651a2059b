"""CP-SAT, python-constraint and brute force agree exactly on random small problems.

The problems are generated directly in the constraint language (both kinds,
random expressions, requirements, costs and block capacities), so the
backends are compared on shapes no board would produce as well.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mtgcombat.rules.constraints import (
    And, Const, Cost, Count, Lit, Not, Or, Problem, Requirement, Restriction, compile_expr,
    evaluate, obeyed, paid, true_keys, violated,
)
from mtgcombat.solver import BACKENDS, get_backend
from mtgcombat.solver.base import (
    Deadline, SolverTimeout, canonical, check, legal_declarations,
)
from mtgcombat.solver.brute import all_declarations

from mtgcombat.solver import cpsat
from mtgcombat.solver.cpsat import Auto, CpSat

# The three backends, then CP-SAT without its shortcuts (every component solved by
# CP-SAT; no decomposition at all), so the model itself is always exercised; then the
# Python search (solver/search.py) on every component, tiny ones included.
BACKS = [get_backend(n) for n in BACKENDS] + [CpSat(tiny=0), CpSat(decompose=False, tiny=0),
                                              Auto(tiny=0), Auto(decompose=False, tiny=0)]
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def _exprs(draw, keys, depth):
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        if draw(st.integers(0, 9)) == 0:
            return Const(draw(st.booleans()))
        return Lit(draw(st.sampled_from(keys)))
    op = draw(st.sampled_from(["not", "and", "or", "count", "count"]))
    if op == "not":
        return Not(draw(_exprs(keys, depth - 1)))
    n = draw(st.integers(1, 4))
    es = tuple(draw(_exprs(keys, depth - 1)) for _ in range(n))
    if op == "and":
        return And(es)
    if op == "or":
        return Or(es)
    bound = st.one_of(st.none(), st.integers(0, n))
    return Count(es, draw(bound), draw(bound))


@st.composite
def problems(draw) -> Problem:
    kind = draw(st.sampled_from(["attacks", "blocks"]))
    pool = ["t1", "t2", "t3"] if kind == "attacks" else ["a1", "a2", "a3"]
    n = draw(st.integers(1, 4))
    options = {}
    capacity = {}
    for i in range(n):
        c = f"c{i + 1}"
        options[c] = tuple(draw(st.lists(
            st.sampled_from(pool), unique=True, min_size=draw(st.sampled_from([0, 1, 1, 1])),
            max_size=3)))
        if kind == "blocks":
            capacity[c] = draw(st.sampled_from([1, 1, 2, None]))
    keys = [(c, o) for c, os in options.items() for o in os]
    # mostly real keys; now and then a key outside the options (always false)
    leaf_keys = keys * 6 + [("c1", "zz")]
    exprs = _exprs(leaf_keys, 3)
    restrictions = tuple(
        Restriction(e, "508.1c", f"restriction {i}")
        for i, e in enumerate(draw(st.lists(exprs, max_size=3)))
    )
    requirements = tuple(
        Requirement(f"r{i + 1}", e, "508.1d", f"requirement {i + 1}")
        for i, e in enumerate(draw(st.lists(exprs, max_size=4)))
    )
    costs = tuple(
        Cost(f"c{i + 1}", e, "{1}", f"cost {i + 1}")
        for i, e in enumerate(draw(st.lists(exprs, max_size=2)))
    )
    return Problem(kind, options, capacity, restrictions, requirements, costs)


def _listing(problem: Problem, backend) -> tuple:
    res = legal_declarations(problem, backend, limit=None)
    assert res.status == "complete"
    decls = {tuple(canonical(problem, d.declaration).items()) for d in res.declarations}
    assert len(decls) == len(res.declarations), "a declaration is listed twice"
    return res.max_requirements, decls


@settings(max_examples=150, **SETTINGS)
@given(problems(), st.data())
def test_backends_agree_on_maximum_for_any_allowed_costs(problem, data):
    ids = [c.id for c in problem.costs]
    some = frozenset(data.draw(st.lists(st.sampled_from(ids), unique=True)) if ids else [])
    for allowed in {frozenset(), frozenset(ids), some}:
        answers = [b.maximum(problem, allowed, Deadline(None)) for b in BACKS]
        assert len({m for m, _ in answers}) == 1, (allowed, answers)
        for m, witness in answers:
            # the witness really reaches the maximum within the allowed costs
            if m is not None:
                verdict = check(problem, BACKS[2], witness)
                assert verdict.requirements_obeyed == m
                assert not verdict.violations or all(v.rule == "508.1d" for v in verdict.violations)


@settings(max_examples=120, **SETTINGS)
@given(problems())
def test_backends_agree_on_every_legal_declaration(problem):
    answers = [_listing(problem, b) for b in BACKS]
    assert all(a == answers[0] for a in answers)


@settings(max_examples=100, **SETTINGS)
@given(problems(), st.data())
def test_backends_agree_on_check_verdicts(problem, data):
    decls = list(all_declarations(problem))
    decl = data.draw(st.sampled_from(decls))
    verdicts = [check(problem, b, decl) for b in BACKS]
    first = verdicts[0]
    for v in verdicts[1:]:
        assert v.legal == first.legal
        assert v.requirements_obeyed == first.requirements_obeyed
        assert v.max_requirements == first.max_requirements
        assert v.costs == first.costs
        assert [x.rule for x in v.violations] == [x.rule for x in first.violations]


def test_lazy_listing_of_a_huge_space_stops_at_the_limit():
    # 12 free creatures with 3 targets each: 4**12 declarations; the first 1,000 come fast.
    options = {f"c{i}": ("p", "q", "r") for i in range(12)}
    problem = Problem("attacks", options)
    res = legal_declarations(problem, get_backend("cpsat"), limit=1000, time_limit=20)
    assert res.status == "truncated"
    assert len(res.declarations) == 1000


def test_timeout_is_unknown_not_a_guess():
    options = {f"c{i}": ("p", "q") for i in range(10)}
    problem = Problem("attacks", options, requirements=(
        Requirement("r1", Lit(("c0", "p")), "508.1d", "c0 attacks p"),))
    res = legal_declarations(problem, get_backend("cpsat"), limit=None, time_limit=0.0)
    assert res.status == "unknown"


def test_paid_declarations_are_listed_when_nothing_is_legal_for_free():
    # Attacking with no creature breaks the parity restriction and each attacker owes a
    # cost: no declaration is legal without paying, yet {a0: p} is legal (508.1d).
    a0, a1 = Lit(("a0", "p")), Lit(("a1", "p"))
    problem = Problem(
        "attacks", {"a0": ("p",), "a1": ("p",)},
        restrictions=(Restriction(Count((a0, a1), 1, 1), "508.1c", "odd"),),
        costs=(Cost("c1", a0, "{2}", "cost 1"), Cost("c2", a1, "{1}", "cost 2")),
    )
    for b in BACKS:
        res = legal_declarations(problem, b, limit=None)
        assert res.status == "complete"
        assert sorted(tuple(d.declaration.items()) for d in res.declarations) == [
            (("a0", "p"),), (("a1", "p"),)]
        assert check(problem, b, {"a0": "p"}).legal


def _max_sat(n: int = 200, m: int = 600, seed: int = 7) -> Problem:
    """Random MAX-3-SAT in the constraint language: far too hard to settle quickly."""
    rng = random.Random(seed)
    lits = [Lit((f"c{i}", "p")) for i in range(n)]
    clauses = tuple(
        Restriction(Or(tuple(lits[v] if rng.random() < 0.5 else Not(lits[v])
                             for v in rng.sample(range(n), 3))), "508.1c", f"clause {j}")
        for j in range(m))
    reqs = tuple(Requirement(f"r{i}", x, "508.1d", f"c{i} attacks") for i, x in enumerate(lits))
    return Problem("attacks", {f"c{i}": ("p",) for i in range(n)},
                   restrictions=clauses, requirements=reqs)


def test_a_search_stopped_by_its_time_limit_is_unknown_not_a_guess():
    # The deadline passes inside CP-SAT's own search (not before it starts): the
    # answer must be "unknown", with no maximum and no verdict either way.
    problem = _max_sat()
    backend = get_backend("cpsat")
    v = check(problem, backend, {}, time_limit=0.3)
    assert v.status == "unknown" and not v.legal and v.max_requirements is None
    res = legal_declarations(problem, backend, limit=10, time_limit=0.3)
    assert res.status == "unknown" and res.max_requirements is None and not res.declarations
    with pytest.raises(SolverTimeout):
        backend.maximum(problem, frozenset(), Deadline(0.3))


@settings(max_examples=150, **SETTINGS)
@given(problems(), st.data())
def test_a_hint_never_changes_the_maximum(problem, data):
    # CpSat.maximum(hint=...) trusts nothing: any declaration, even one breaking the
    # restrictions or naming choices that don't exist, gives the same maximum.
    ids = [c.id for c in problem.costs]
    allowed = frozenset(data.draw(st.lists(st.sampled_from(ids), unique=True)) if ids else [])
    decls = list(all_declarations(problem))
    hint = dict(data.draw(st.sampled_from(decls)))
    if data.draw(st.booleans()):
        hint["zz"] = "t1" if problem.kind == "attacks" else ("a1",)
    truth, _ = get_backend("brute").maximum(problem, allowed, Deadline(None))
    for b in (CpSat(), CpSat(tiny=0), CpSat(decompose=False, tiny=0), Auto(tiny=0),
              Auto(decompose=False, tiny=0)):
        m, witness = b.maximum(problem, allowed, Deadline(None), hint=hint)
        assert m == truth
        if m is not None:
            keys = true_keys(witness)
            assert not violated(problem, keys)
            assert paid(problem, keys) <= allowed
            assert obeyed(problem, keys) == m


@settings(max_examples=300, **SETTINGS)
@given(problems(), st.data())
def test_compiled_expressions_evaluate_like_evaluate(problem, data):
    keys_all = [(c, o) for c, os in problem.options.items() for o in os] + [("c1", "zz")]
    keys = frozenset(data.draw(st.lists(st.sampled_from(keys_all), unique=True)))
    exprs = [x.expr for xs in (problem.restrictions, problem.requirements, problem.costs)
             for x in xs]
    # a literal counted twice, and sub-expressions shared between expressions
    exprs += [Count(tuple(exprs) * 2, 1, 3), Or(tuple(exprs)), And(tuple(exprs))]
    if keys_all:
        k = Lit(keys_all[0])
        exprs.append(Count((k, k, Not(k)), 2, 2))
    memo: dict = {}
    for e in exprs:
        assert compile_expr(e, memo)(keys) == evaluate(e, keys), e


def test_counting_a_huge_space_of_interchangeable_choices_stops_at_the_deadline():
    # 40 unconstrained creatures: one CP-SAT solution stands for 4**40 declarations;
    # producing them must still heed the time limit.
    options = {f"c{i}": ("p", "q", "r") for i in range(40)}
    res = legal_declarations(Problem("attacks", options), get_backend("cpsat"),
                             limit=None, time_limit=0.5)
    assert res.status == "unknown" and res.declarations


def test_interchangeable_choices_are_each_listed_once():
    # Blocks where most choices are mentioned by nothing: c1 may block any two of
    # five attackers, c2 any number of three; only "c1 blocks a1" is constrained.
    opts5, opts3 = ("a1", "a2", "a3", "a4", "a5"), ("a1", "a2", "a3")
    problem = Problem(
        "blocks", {"c1": opts5, "c2": opts3}, {"c1": 2, "c2": None},
        restrictions=(Restriction(Not(And((Lit(("c1", "a1")), Lit(("c2", "a1"))))),
                                  "509.1b", "not both on a1"),),
    )
    listings = [_listing(problem, b) for b in BACKS]
    assert all(x == listings[0] for x in listings)
    n1 = 1 + 5 + 10  # c1: nothing, one or two of five
    assert len(listings[0][1]) == n1 * 8 - 5 * 4  # minus c1 and c2 both on a1


@settings(max_examples=150, **SETTINGS)
@given(problems(), st.integers(1, 400))
def test_a_search_past_its_node_budget_falls_back_to_cpsat_with_the_same_maximum(
        problem, budget):
    # solver/search.py stops after ``budget`` nodes (TooBig); the component is then solved
    # by CP-SAT: the maximum is the same either way.
    truth, _ = get_backend("brute").maximum(problem, frozenset(), Deadline(None))
    old = cpsat.SEARCH_BUDGET_COLD, cpsat.SEARCH_BUDGET_WARM
    cpsat.SEARCH_BUDGET_COLD = cpsat.SEARCH_BUDGET_WARM = budget
    try:
        m, witness = Auto(tiny=0).maximum(problem, frozenset(), Deadline(None))
    finally:
        cpsat.SEARCH_BUDGET_COLD, cpsat.SEARCH_BUDGET_WARM = old
    assert m == truth
    if m is not None:
        assert obeyed(problem, true_keys(witness)) == m and not violated(
            problem, true_keys(witness))


def test_the_python_search_heeds_the_deadline():
    # MAX-3-SAT is far beyond the search's budget of nodes; with no time at all left the
    # search stops on the deadline, not later.
    from mtgcombat.solver import search
    from mtgcombat.solver.cpsat import prepared

    problem = _max_sat(60, 180)
    prep = prepared(problem)
    comp = list(prep.options)
    with pytest.raises(SolverTimeout):
        search.maximum(comp, prep.options, {c: prep.cap(c) for c in comp},
                       prep.restrictions, prep.requirements, Deadline(0.0), 10 ** 9)


def test_brute_force_and_python_constraint_stop_at_the_deadline_25_6():
    # 4**14 declarations: far too many to try; each backend must give up at its deadline
    # (SolverTimeout: "unknown"), not run on.
    import time

    from mtgcombat.solver.brute import BruteForce
    from mtgcombat.solver.pyconstraint import PyConstraint

    options = {f"c{i}": ("p", "q", "r") for i in range(14)}
    lits = [Lit((f"c{i}", "p")) for i in range(14)]
    problem = Problem("attacks", options, requirements=tuple(
        Requirement(f"r{i}", Not(x), "508.1d", f"c{i} doesn't attack p")
        for i, x in enumerate(lits)), restrictions=(
        Restriction(Count(tuple(lits), 0, 13), "508.1c", "not all on p"),))
    for backend in (BruteForce(), PyConstraint()):
        t = time.monotonic()
        with pytest.raises(SolverTimeout):
            backend.maximum(problem, frozenset(), Deadline(0.3))
        with pytest.raises(SolverTimeout):
            for _ in backend.solutions(problem, 14, Deadline(0.3)):
                pass
        assert time.monotonic() - t < 5, backend.name


def test_python_constraint_looks_at_the_deadline_across_all_its_constraints_25_6(monkeypatch):
    # Pigeonhole (9 creatures that must each attack one of 8 players, no two the same):
    # no solution, hundreds of constraints each called a few times. The deadline is
    # looked at every few hundred checks of any constraint, not of each one (a counter
    # per constraint searched for seconds past the limit at 160 v 160).
    from mtgcombat.solver import pyconstraint
    from mtgcombat.solver.pyconstraint import PyConstraint

    n, holes = 9, [f"p{j}" for j in range(8)]
    options = {f"c{i}": tuple(holes) for i in range(n)}
    restrictions = [Restriction(Or(tuple(Lit((f"c{i}", h)) for h in holes)), "508.1c",
                                f"c{i} attacks") for i in range(n)]
    restrictions += [Restriction(Not(And((Lit((f"c{i}", h)), Lit((f"c{k}", h))))), "508.1c",
                                 "one each") for i in range(n) for k in range(i + 1, n)
                     for h in holes]
    problem = Problem("attacks", options, restrictions=tuple(restrictions))
    calls = [0]
    real = pyconstraint.evaluate

    def counted(e, keys):
        calls[0] += 1
        return real(e, keys)

    monkeypatch.setattr(pyconstraint, "evaluate", counted)
    with pytest.raises(SolverTimeout):
        PyConstraint().maximum(problem, frozenset(), Deadline(0.0))
    assert calls[0] < 300
