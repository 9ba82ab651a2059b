"""Random small boards: the three backends agree on every legal attack declaration and on
the verdict for random declarations.

Boards have up to four attackers, two or three players, planeswalkers, battles,
random mixes of the attack rule objects (508.1c-d), goad (701.15) and taxes
(508.1d, 508.1g-j).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from mtgcombat.rules import abilities as A
from mtgcombat.rules.model import Effect

from .test_attacks import BACKS, creature, frozen, permanent, setup, verdicts
from mtgcombat.solver.base import legal_declarations

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _players_refs(players):
    return st.sampled_from([A.NamedRef(p) for p in players] + [A.YouRef()])


@st.composite
def boards(draw):
    players = ("Alice", "Bob", "Carol")[: draw(st.integers(2, 3))]
    opponents = players[1:]
    perms = []
    # defenders' planeswalkers and battles (a battle may be Alice's own Siege)
    for i in range(draw(st.integers(0, 2))):
        perms.append(permanent(f"pw{i}", draw(st.sampled_from(opponents)), "Planeswalker - Jace"))
    if draw(st.integers(0, 2)) == 0:
        ctrl = draw(st.sampled_from(players))
        prot = draw(st.sampled_from([p for p in players if p != ctrl]))
        perms.append(permanent("siege", ctrl, "Battle - Siege", protector=prot))
    n = draw(st.integers(1, 4))
    ids = [f"a{i}" for i in range(n)]
    targets = list(players) + [p.id for p in perms] + ["gone"]
    requirement = st.builds(
        A.AttackRequirement,
        target=st.one_of(st.none(), st.sampled_from([A.NamedRef(t) for t in targets])),
        target_kind=st.sampled_from([None, None, "player", "planeswalker"]),
    )
    per_creature = st.one_of(
        requirement,
        st.builds(A.CantAttack, target=st.one_of(st.none(), _players_refs(players)),
                  target_kind=st.sampled_from([None, None, "planeswalker", "battle"]),
                  include_permanents=st.booleans()),
        st.just(A.CantAttackAlone()),
        st.just(A.CanOnlyAttackAlone()),
        st.builds(A.AttackCondition, st.just(A.SelfRef()),
                  st.one_of(
                      st.builds(A.OthersAttack,
                                st.sampled_from([A.ANY, A.StatPred("power", ">", "self")]),
                                st.integers(1, 2)),
                      st.builds(A.DefenderControls,
                                st.sampled_from([A.TypePred("Planeswalker"), A.TypePred("Siege")])),
                  ),
                  st.booleans()),
        st.sampled_from([A.Keyword("haste"), A.Keyword("defender"), A.Keyword("flying")]),
        st.builds(A.AttackCost, st.just("{1}"), st.just(A.SelfRef()),
                  st.one_of(st.none(), _players_refs(players)), st.booleans()),
        # 508.1d: "if a creature you control attacks, ~ also attacks if able" and
        # "if ~ attacks, all creatures you control attack if able"
        st.just(A.AttackIfAttacks(A.SelfRef(), A.ANY)),
        st.just(A.AttackIfAttacks(A.Group())),
        st.just(A.AttackCost("", A.SelfRef(),
                             remove=A.RemovalCost("sacrifice", A.TypePred("Land")))),
    )
    texts = {}
    for cid in ids:
        perms.append(creature(
            cid, power=draw(st.integers(1, 4)),
            tapped=draw(st.integers(0, 7)) == 0,
            summoning_sick=draw(st.integers(0, 5)) == 0,
            goaded_by=tuple(draw(st.lists(st.sampled_from(players), unique=True, max_size=2))),
        ))
        texts[cid] = draw(st.lists(per_creature, max_size=2))
    global_rule = st.one_of(
        st.builds(A.AttackCap, st.integers(1, 3),
                  st.one_of(st.none(), st.just(A.YouRef())), st.booleans()),
        st.builds(A.AttackParity, st.booleans()),
        st.builds(A.AttackCost, st.sampled_from(["{2}", "{W/P}"]), st.just(A.Group()),
                  st.just(A.YouRef()), st.booleans()),
        st.builds(A.CantAttack, st.just(A.Group(pred=A.NotPred(A.KeywordPred("flying")))),
                  st.just(A.YouRef())),
    )
    effects = []
    for _ in range(draw(st.integers(0, 2))):
        who = draw(st.sampled_from(players))
        effects.append((Effect("(random effect)", who), [draw(global_rule)]))
    return setup(perms, texts, effects, players=players)


@settings(max_examples=250, **SETTINGS)
@given(boards())
def test_backends_agree_on_legal_attacks_of_random_boards(built):
    _, _, problem = built
    answers = []
    for b in BACKS:
        res = legal_declarations(problem, b, limit=None)
        assert res.status == "complete"
        answers.append((res.max_requirements,
                        {frozen(d.declaration): tuple(d.costs) for d in res.declarations}))
    assert all(a == answers[0] for a in answers)


@settings(max_examples=150, **SETTINGS)
@given(boards(), st.data())
def test_backends_agree_on_checking_random_attacks(built, data):
    _, _, problem = built
    decl = {}
    for c, opts in problem.options.items():
        choice = data.draw(st.sampled_from([None, *opts]))
        if choice is not None:
            decl[c] = choice
    v = verdicts(problem, decl)  # asserts agreement of every backend
    if v.legal:
        listed = legal_declarations(problem, BACKS[0], limit=None)
        assert frozen(decl) in {frozen(d.declaration) for d in listed.declarations}
