"""CP-SAT damage answers against exhaustive enumeration on random small boards,
under both rules editions."""

from __future__ import annotations

from itertools import permutations, product
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
    divisions, all_assignments, best_part, enumerate_assignments, exhaustive_assignments,
    exhaustive_best,
)

from .answers import check_damage_answer, damage_answer

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
    # Planeswalkers that left combat after attackers were declared (506.4c, 702.19e-f).
    left = [a for a in attackers if attacks[a] == "pw" and draw(st.integers(0, 4)) == 0]
    return board, bind(board, readings, []), blocked_gone, left


def _size(step) -> int:
    return prod(sum(1 for _ in divisions(s.power, s.all_recipients))
                for s in step.sources.values())


@settings(max_examples=int(__import__("os").environ.get("DMG_EXAMPLES", 300)), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_cpsat_agrees_with_exhaustive(case):
    board, bound, gone, left = case
    step = damage_step(board, bound, gone, target_left=left)
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
    board, bound, gone, left = case
    step = damage_step(board, bound, gone, target_left=left)
    assume(0 < _size(step) <= 3000)
    legal = {_key(a) for a in exhaustive_assignments(step)}
    everything = list(all_assignments(step))
    a = data.draw(st.sampled_from(everything))
    v = check_damage_answer(board, bound, a, blocked=gone, target_left=left)
    assert v["legal"] == (_key(a) in legal), v["violations"]
    assert v["legal"] == (not v["violations"])
    ans = damage_answer(board, bound, blocked=gone, target_left=left, limit=None)
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
                assert check_damage_answer(b2, bd2, x["assignment"], blocked=gone,
                                           target_left=left)["legal"]


# ---------------------------------------------------------------------------
# An independent reference, written from the rule text and the board alone: it
# uses neither the conditions of mtgcombat.rules.damage (NeedsLethal, AtMostOneShort,
# ...) nor its Source objects. Under "2024" with no order given it tries every
# damage assignment order (itertools.permutations) instead of the "at most one
# creature short of lethal" shortcut the rules module compiles.
# ---------------------------------------------------------------------------


def _reference(board, bound, gone, left=()):
    """(who assigns each dealing creature, its candidate recipients, legal(assignment))."""
    has = bound.has_keyword
    att = dict(board.attacks)
    blk = {b: tuple(v) for b, v in (board.blocks or {}).items()}
    blockers_of = {x: sorted(b for b in blk if x in blk[b]) for x in att}
    combat = list(att) + list(blk)

    def first(c):
        return has(c, "first strike") or has(c, "double strike")

    any_first = any(first(c) for c in combat)
    step = board.damage_step or ("first" if any_first else "regular")
    perm = board.permanent
    df = any(isinstance(i.ability, DefenderAssignsDamage) for i in bound.instances)
    thorn = {i.holder for i in bound.instances if isinstance(i.ability, AssignAsThoughUnblocked)}

    dealers, assigner, free, normal, direct = [], {}, {}, {}, {}
    for c in combat:
        if step == "first" and not first(c):
            continue  # 510.4
        if step == "regular" and any_first and first(c) and not has(c, "double strike"):
            continue  # 702.7b
        if (perm(c).power or 0) <= 0:
            continue  # 510.1a
        if c in att:
            t = att[c]
            top = t == "pw" and has(c, "trample over planeswalkers")
            if c in left:  # attacking nothing (506.4c); only 702.19e reaches Bob
                d = ["Bob"] if top else []
            else:
                d = [t] + (["Bob"] if top else [])
            bl = blockers_of[c]
            if not bl and c in gone and not has(c, "trample"):
                continue  # 510.1c: blocked, nobody left
            if not bl and not d:
                continue  # 510.1b (unblocked) or 702.19f (blocked, trample): nowhere to go
            direct[c] = d
            if not bl:
                normal[c] = d  # 510.1b, 702.19d
            else:
                normal[c] = bl + (d if has(c, "trample") else [])
            if bl and any(has(b, "banding") for b in bl):
                assigner[c], free[c] = "Bob", True  # 702.22j
            elif df and t == "Bob":
                assigner[c], free[c] = "Bob", True  # Defensive Formation
            else:
                assigner[c], free[c] = "Alice", False
        else:
            normal[c] = list(blk[c])
            direct[c] = []
            if any(has(x, "banding") for x in blk[c]):
                assigner[c], free[c] = "Alice", True  # 702.22k
            else:
                assigner[c], free[c] = "Bob", False
        dealers.append(c)

    def legal(a) -> bool:
        def visible(p):
            return [s for s in dealers if p == "Bob" or assigner[s] == "Alice"]

        def lethal(p, c):
            vis = visible(p)
            if any(a.get(s, {}).get(c) and has(s, "deathtouch") for s in vis):
                return True  # 702.2c
            got = sum(a.get(s, {}).get(c, 0) for s in vis)
            return got >= max(0, (perm(c).toughness or 0) - perm(c).damage)  # 120.6

        for s in dealers:
            d = {r: n for r, n in a.get(s, {}).items() if n}
            p = assigner[s]
            if sum(d.values()) != perm(s).power:
                return False  # 510.1a
            creatures = [r for r in normal[s] if r not in direct[s]]
            unblocked_mode = s in thorn and creatures and direct[s] and set(d) <= set(direct[s])
            if not unblocked_mode:
                if not set(d) <= set(normal[s]):
                    return False
                if creatures and any(d.get(r) for r in direct[s]):
                    if not all(lethal(p, c) for c in creatures):
                        return False  # 702.19b
                if board.rules == "2024" and len(creatures) >= 2 and not free[s]:
                    given = (board.damage_order or {}).get(s)
                    orders = [given] if given else list(permutations(creatures))

                    def obeys(order):
                        return all(all(lethal(p, o) for o in order[:i])
                                   for i, c in enumerate(order) if d.get(c))

                    if not any(obeys(o) for o in orders):
                        return False  # old 510.1c-d, 509.2-509.3
            if d.get("Bob") and att.get(s) == "pw" and s not in left:
                on_pw = sum(a.get(x, {}).get("pw", 0) for x in visible(p))
                if on_pw < perm("pw").loyalty:
                    return False  # 702.19c
        return True

    cands = {s: sorted(set(normal[s]) | set(direct[s])) for s in dealers}
    return dealers, cands, legal


@settings(max_examples=int(__import__("os").environ.get("DMG_EXAMPLES", 300)), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_cpsat_agrees_with_reference_from_rule_text(case):
    board, bound, gone, left = case
    dealers, cands, legal = _reference(board, bound, gone, left)
    size = prod(sum(1 for _ in divisions(board.permanent(s).power, cands[s])) for s in dealers)
    assume(size <= 3000)
    step = damage_step(board, bound, gone, target_left=left)
    assert set(step.sources) == set(dealers)
    everything = [dict(zip(dealers, combo)) for combo in
                  product(*(list(divisions(board.permanent(s).power, cands[s]))
                            for s in dealers))]
    want = {_key(a) for a in everything if legal(a)}
    status, found = enumerate_assignments(step, limit=None)
    assert status == "complete"
    assert {_key(a) for a in found} == want
