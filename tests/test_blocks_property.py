"""Random small block problems: the three backends agree.

Hypothesis draws boards with up to three attackers and four potential blockers,
two or three players or a Two-Headed Giant game, and a random mix of evasion,
menace, Lure, "blocks each combat if able", "must be blocked", extra block
capacity, block costs and whole-block restrictions. On each board every backend
must list the same legal block declarations with the same maximum, and give the
same verdict on random declarations (legal or not, the rules broken, the
requirement counts). The brute-force backend is the reference.
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from mtgcombat.rules import abilities as A
from mtgcombat.solver.base import check, legal_declarations

from .test_blocks import (
    BLOCKS_IF_ABLE, FEAR, FLYING, INTIMIDATE, LURE, MENACE, REACH, SHADOW, SKULK, Card,
    frozen, get, land, make,
)

COLORS = st.lists(st.sampled_from("WUBRG"), max_size=2, unique=True)

ATTACKER_ABILITIES = st.sampled_from([
    LURE, A.MustBeBlocked(), FLYING, SHADOW, MENACE, MENACE, SKULK, FEAR, INTIMIDATE, LURE, LURE,
    A.MustBeBlocked(), A.MustBeBlocked(min_blockers=2), A.MustBeBlocked(exactly=1),
    A.MustBeBlocked(by=A.KeywordPred("flying")),
    A.CantBeBlockedByMoreThan(n=1), A.CantBeBlockedExcept(min_blockers=3),
    A.CantBeBlockedExcept(by=A.ColorPred("G")), A.CantBeBlockedBy(A.SelfRef(), A.ColorPred("R")),
    A.CantBeBlockedUnlessAllBlock(), A.CantBeBlocked(),
    A.Landwalk(A.TypePred("Island"), "islandwalk"),
    A.Protection(pred=A.ColorPred("W"), label="protection from white"),
    A.CantBeBlockedIf(A.SelfRef(), A.OthersAttack(A.ANY, 1), unless=True),
    A.CantBeBlockedIf(A.SelfRef(), A.DefenderControls(A.TypePred("Island"))),
])

BLOCKER_ABILITIES = st.sampled_from([
    BLOCKS_IF_ABLE, FLYING, REACH, SHADOW, BLOCKS_IF_ABLE, BLOCKS_IF_ABLE, A.BlockCapacity(extra=1),
    A.BlockCapacity(extra=None), A.CantBlockAlone(), A.CantBlock(),
    A.CantBlock(attacker_pred=A.KeywordPred("menace")),
    A.CanBlockOnly(A.SelfRef(), A.KeywordPred("flying")),
    A.BlockRequirement(attacker=A.NamedRef("a0")),
    A.BlockCondition(A.SelfRef(), A.OthersBlock(A.ANY, 1)),
    A.BlockCondition(A.SelfRef(), A.OthersBlock(A.StatPred("power", ">", "self"), 1)),
    A.BlockWhileTapped(),
    A.BlockCost("", A.SelfRef(), life=1, attackers=A.ColorPred("G")),
])


@st.composite
def boards(draw):
    mode = draw(st.sampled_from(["two", "three", "2hg"]))
    if mode == "two":
        players, teams, defenders = ("A", "B"), {}, ["B"]
    elif mode == "three":
        players, teams, defenders = ("A", "B", "C"), {}, ["B", "C"]
    else:
        players = ("A", "A2", "B", "C")
        teams = {"A": "T1", "A2": "T1", "B": "T2", "C": "T2"}
        defenders = ["B", "C"]
    n_att = draw(st.integers(1, 3))
    n_blk = draw(st.integers(1, 4))
    cards = []
    attacks = {}
    for i in range(n_att):
        abil = tuple(draw(st.lists(ATTACKER_ABILITIES, max_size=draw(st.sampled_from([0, 1, 1, 2])),
                                   unique=True)))
        cards.append(Card(f"a{i}", "A" if mode != "2hg" or i % 2 == 0 else "A2", *abil,
                          power=draw(st.integers(0, 4)), colors=draw(COLORS)))
        attacks[f"a{i}"] = draw(st.sampled_from(defenders))
    n_costs = 0
    for i in range(n_blk):
        abil = list(draw(st.lists(BLOCKER_ABILITIES, max_size=draw(st.sampled_from([0, 1, 1, 2])),
                                  unique=True)))
        if n_costs < 2 and draw(st.integers(0, 4)) == 0:
            # Mostly "this creature can't block unless ..." (Qal Sisma Behemoth); now
            # and then a War Cadence-like cost on every creature.
            subject = draw(st.sampled_from([A.SelfRef(), A.SelfRef(), A.Group()]))
            abil.append(A.BlockCost(draw(st.sampled_from(["{0}", "{1}", "{2}"])), subject))
            n_costs += 1
        artifact = draw(st.integers(0, 5)) == 0
        cards.append(Card(
            f"b{i}", draw(st.sampled_from(defenders)), *abil,
            power=draw(st.integers(0, 4)), colors=draw(COLORS),
            type_line="Artifact Creature" if artifact else "Creature",
            tapped=draw(st.integers(0, 6)) == 0,
        ))
    if draw(st.booleans()):
        cards.append(land("isl", draw(st.sampled_from(defenders)), "Basic Land \u2014 Island"))
    if draw(st.integers(0, 5)) == 0:
        cards.append(Card("cap", "A", A.BlockCap(draw(st.integers(1, 2))), power=0))
    _, _, problem = make(cards, attacks, players=players, teams=teams)
    # Random declarations to check: each blocker blocks a random few attackers
    # (possibly more than it may, possibly attackers it can't reach).
    attackers = list(attacks)
    checks = []
    for _ in range(3):
        decl = {}
        for i in range(n_blk):
            chosen = draw(st.lists(st.sampled_from(attackers), max_size=2, unique=True))
            if chosen:
                decl[f"b{i}"] = tuple(sorted(chosen))
        checks.append(decl)
    return problem, checks


def _summary(listing):
    return (listing.status, listing.max_requirements,
            {frozen(d.declaration): (d.requirements_obeyed, tuple(d.costs))
             for d in listing.declarations})


def _verdict(v):
    return (v.legal, sorted(x.rule for x in v.violations), v.requirements_obeyed,
            v.max_requirements, v.status)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_backends_agree_on_legal_blocks_and_checks(case):
    problem, checks = case
    brute, cpsat, constraint = get("brute"), get("cpsat"), get("constraint")
    ref = legal_declarations(problem, brute, limit=None)
    assert ref.status == "complete"
    legal = {frozen(d.declaration) for d in ref.declarations}
    assert len(legal) == len(ref.declarations)
    for other in (cpsat, constraint):
        assert _summary(legal_declarations(problem, other, limit=None, time_limit=30)) == \
            _summary(ref), other.name
    for decl in checks:
        v = check(problem, brute, decl)
        # A declaration is legal exactly when it is listed.
        assert v.legal == (frozen(decl) in legal)
        for other in (cpsat, constraint):
            assert _verdict(check(problem, other, decl, time_limit=30)) == _verdict(v), other.name
    # Every listed declaration passes the check.
    for d in ref.declarations[:5]:
        assert check(problem, brute, d.declaration).legal
