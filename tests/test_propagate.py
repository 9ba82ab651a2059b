"""The incremental three-valued evaluation (solver/propagate.py) agrees with evaluating
every expression from scratch, whatever creatures are decided and undecided, in any
order, and comes back exactly to where it was when they are undecided."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from mtgcombat.solver.propagate import Engine
from mtgcombat.solver.search import partial

from .test_backends import problems


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems(), st.data())
def test_incremental_values_equal_values_from_scratch(problem, data):
    exprs = [[r.expr for r in problem.restrictions], [r.expr for r in problem.requirements],
             [c.expr for c in problem.costs]]
    eng = Engine(*exprs)
    memo: dict = {}
    fs = [[partial(e, memo) for e in xs] for xs in exprs]
    nodes = [eng.restrictions, eng.requirements, eng.costs]
    start = (list(eng.val), list(eng.nt), list(eng.nf))
    chosen: dict = {}
    creatures = sorted(problem.options)
    for _ in range(data.draw(st.integers(1, 8))):
        c = data.draw(st.sampled_from(creatures))
        if c in chosen and data.draw(st.booleans()):
            eng.undecide(c)
            del chosen[c]
        else:
            opts = list(problem.options[c]) + ["zz"]
            choice = frozenset(data.draw(st.lists(st.sampled_from(opts), unique=True,
                                                  max_size=2)))
            eng.decide(c, choice)
            chosen[c] = choice
        for f_list, n_list in zip(fs, nodes):
            for f, n in zip(f_list, n_list):
                assert eng.value(n) is f(chosen)
        assert eng.r_false == sum(1 for f in fs[0] if f(chosen) is False)
        assert eng.q_true == sum(1 for f in fs[1] if f(chosen) is True)
        assert eng.q_false == sum(1 for f in fs[1] if f(chosen) is False)
    for c in list(chosen):
        eng.undecide(c)
    assert (eng.val, eng.nt, eng.nf) == start
