"""CP-SAT damage answers against exhaustive enumeration on random small boards,
under both rules editions."""

from __future__ import annotations

from math import prod

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from mtgcombat.rules.abilities import (
    AssignAsThoughUnblocked, ColorPred, DefenderAssignsDamage, Keyword, Parsed, Protection,
    TextReading,
)
from mtgcombat.rules.bind import bind
from mtgcombat.rules.damage import damage_step, default_objective, evaluate
from mtgcombat.rules.model import Board, Permanent, Player
from mtgcombat.solver.damage import (
    _divisions, all_assignments, best_part, check_damage_answer, damage_answer,
    enumerate_assignments, exhaustive_assignments, exhaustive_best,
)

KEYWORDS = ["trample", "deathtouch", "first strike", "double strike", "indestructible",
            "trample over planeswalkers", "banding"]


def _key(a) -> frozenset:
    return frozenset((s, r, n) for s, d in a.items() for r, n in d.items() if n)


@st.composite
def boards(draw):
    rules = draw(st.sampled_from(["2024", "current"]))
    n_att = draw(st.integers(1, 3))
    n_blk = draw(st.integers(0, 3))
    has_pw = draw(st.booleans())
    perms, readings = [], {}

    def creature(pid, ctl):
        power = draw(st.integers(-1, 3))
        tough = draw(st.integers(1, 3))
        marked = draw(st.integers(0, tough - 1))
        color = draw(st.sampled_from([(), ("G",), ("R",)]))
        perms.append(Permanent(pid, pid, ctl, power=power, toughness=tough, damage=marked,
                               colors=color))
        abil = [Keyword(k) for k in draw(st.lists(st.sampled_from(KEYWORDS), max_size=2,
                                                   unique=True))]
        if draw(st.integers(0, 5)) == 0:
            abil.append(Protection(pred=ColorPred("G"), label="protection from green"))
        if ctl == "Alice" and draw(st.integers(0, 5)) == 0:
            abil.append(AssignAsThoughUnblocked())
        if abil:
            readings[pid] = TextReading(understood=(Parsed("t", tuple(abil)),))

    attackers = [f"a{i}" for i in range(n_att)]
    blockers = [f"b{i}" for i in range(n_blk)]
    for a in attackers:
        creature(a, "Alice")
    for b in blockers:
        creature(b, "Bob")
    if has_pw:
        perms.append(Permanent("pw", "pw", "Bob", type_line="Planeswalker",
                               loyalty=draw(st.integers(1, 3))))
    if draw(st.integers(0, 6)) == 0:
        perms.append(Permanent("df", "df", "Bob", type_line="Enchantment"))
        readings["df"] = TextReading(understood=(Parsed("df", (DefenderAssignsDamage(),)),))
    targets = ["Bob"] + (["pw"] if has_pw else [])
    attacks = {a: draw(st.sampled_from(targets)) for a in attackers}
    blocks = {}
    for b in blockers:
        chosen = draw(st.lists(st.sampled_from(attackers), max_size=2, unique=True))
        if chosen:
            blocks[b] = tuple(chosen)
    order = None
    if rules == "2024" and draw(st.booleans()):
        order = {}
        for a in attackers:
            mine = [b for b in blocks if a in blocks[b]]
            if len(mine) >= 2 and draw(st.booleans()):
                order[a] = tuple(draw(st.permutations(mine)))
        for b, atts in blocks.items():
            if len(atts) >= 2 and draw(st.booleans()):
                order[b] = tuple(draw(st.permutations(list(atts))))
        order = order or None
    step = draw(st.sampled_from([None, "regular"]))
    blocked_gone = []
    if draw(st.integers(0, 5)) == 0:
        blocked_gone = [a for a in attackers if not any(a in v for v in blocks.values())][:1]
    board = Board((Player("Alice"), Player("Bob")), "Alice", rules=rules,
                  permanents=tuple(perms), attacks=attacks, blocks=blocks or None,
                  damage_order=order, damage_step=step)
    return board, bind(board, readings, []), blocked_gone


def _size(step) -> int:
    return prod(sum(1 for _ in _divisions(s.power, s.all_recipients))
                for s in step.sources.values())


@settings(max_examples=int(__import__("os").environ.get("DMG_EXAMPLES", 300)), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_cpsat_agrees_with_exhaustive(case):
    board, bound, gone = case
    step = damage_step(board, bound, gone)
    assume(_size(step) <= 3000)
    status, found = enumerate_assignments(step, limit=None)
    assert status == "complete"
    ref = exhaustive_assignments(step)
    got = {_key(a) for a in found}
    assert len(got) == len(found)  # each once
    assert got == {_key(a) for a in ref}
    # Best, per player in assigning order, against the same earlier parts.
    earlier: dict = {}
    for p in step.players:
        obj = default_objective(step, p)
        part, val = best_part(step, p, obj, earlier)
        _, ref_val = exhaustive_best(step, p, obj, earlier)
        assert val == ref_val
        whole = dict(earlier)
        whole.update(part)
        assert not evaluate(step, whole, [p])
        earlier.update(part)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_check_agrees_with_listing(case, data):
    board, bound, gone = case
    step = damage_step(board, bound, gone)
    assume(0 < _size(step) <= 3000)
    legal = {_key(a) for a in exhaustive_assignments(step)}
    everything = list(all_assignments(step))
    a = data.draw(st.sampled_from(everything))
    v = check_damage_answer(board, bound, a, blocked=gone)
    assert v["legal"] == (_key(a) in legal), v["violations"]
    assert v["legal"] == (not v["violations"])
    ans = damage_answer(board, bound, blocked=gone)
    assert {_key(x["assignment"]) for x in ans["assignments"]} == legal
    # The orders named by the answer make each assignment legal under a board that fixes them.
    if board.rules == "2024":
        for x in ans["assignments"][:5]:
            if x["damage_order"]:
                fixed = dict(board.damage_order or {})
                fixed.update({k: tuple(o) for k, o in x["damage_order"].items()})
                b2 = board.evolve(damage_order=fixed)
                bd2 = bind(b2, {}, [])
                bd2.instances, bd2.keywords = bound.instances, bound.keywords
                assert check_damage_answer(b2, bd2, x["assignment"], blocked=gone)["legal"]
