"""Legal block declarations (509.1): the CR examples and the catalogue cases.

Each test builds a small board from the rules model, binds hand-made readings
(``TextReading`` objects, so the Oracle grammar is not involved) and compares
the exact set of legal block declarations with the catalogued answer, on every
backend. The helpers at the top are shared with ``test_blocks_property.py``.
"""
from __future__ import annotations

import importlib
from typing import Iterable, Mapping, Optional, Sequence

import pytest

from mtgcombat.rules import abilities as A
from mtgcombat.rules.bind import Bound, bind
from mtgcombat.rules.block import block_problem
from mtgcombat.rules.constraints import Problem
from mtgcombat.rules.model import Board, Effect, Permanent, Player
from mtgcombat.solver.base import check, legal_declarations
from mtgcombat.solver.brute import BruteForce

BACKENDS = ("brute", "cpsat", "constraint")


def get(name: str):
    """A backend by name; skips the test cleanly when its module does not exist yet."""
    if name == "brute":
        return BruteForce()
    try:
        solver = importlib.import_module("mtgcombat.solver")
        getter = getattr(solver, "get_backend", None)
        if getter is not None:
            return getter(name)
        mod = importlib.import_module(
            "mtgcombat.solver." + {"cpsat": "cpsat", "constraint": "pyconstraint"}[name])
    except ImportError as e:
        pytest.skip(f"backend {name!r} is not available: {e}")
    cls = {"cpsat": "CpSat", "constraint": "PyConstraint"}[name]
    return getattr(mod, cls)()


class Card:
    """A permanent plus the abilities its text is read as."""

    def __init__(self, id: str, controller: str, *abilities: A.Ability, name: Optional[str] = None,
                 power: int = 2, toughness: int = 2, type_line: str = "Creature",
                 colors: Sequence[str] = (), tapped: bool = False) -> None:
        is_creature = "Creature" in type_line
        self.permanent = Permanent(
            id=id, name=name or id, controller=controller, type_line=type_line,
            colors=tuple(colors), power=power if is_creature else None,
            toughness=toughness if is_creature else None, tapped=tapped,
        )
        self.abilities = abilities


def land(id: str, controller: str, type_line: str) -> Card:
    return Card(id, controller, type_line=type_line)


def reading(abilities: Iterable[A.Ability]) -> A.TextReading:
    return A.TextReading(understood=tuple(A.Parsed(_words(ab), (ab,)) for ab in abilities))


def _words(ab: A.Ability) -> str:
    return type(ab).__name__ if not isinstance(ab, A.Keyword) else ab.name.capitalize()


def make(
    cards: Sequence[Card], attacks: Mapping[str, str], *,
    players: Sequence[str] = ("A", "B"), active: str = "A",
    teams: Optional[Mapping[str, str]] = None,
    effects: Sequence[tuple[str, str, Sequence[str], Sequence[A.Ability]]] = (),
    defending: Optional[Sequence[str]] = None,
) -> tuple[Board, Bound, Problem]:
    """A board, its bound abilities and its block problem.

    ``effects``: (text, controller, targets, abilities) each."""
    teams = teams or {}
    board = Board(
        players=tuple(Player(p, team=teams.get(p)) for p in players),
        active_player=active,
        defending_players=tuple(defending) if defending else None,
        permanents=tuple(c.permanent for c in cards),
        effects=tuple(Effect(t, ctrl, tuple(tg)) for t, ctrl, tg, _ in effects),
        attacks=dict(attacks),
    )
    readings = {c.permanent.id: reading(c.abilities) for c in cards if c.abilities}
    eff = [reading(abs_) for _, _, _, abs_ in effects]
    bound = bind(board, readings, eff)
    return board, bound, block_problem(board, bound)


def frozen(decl: Mapping) -> frozenset:
    return frozenset((c, tuple(sorted((v,) if isinstance(v, str) else v))) for c, v in decl.items())


def legal_set(problem: Problem, backend, limit: Optional[int] = None) -> set[frozenset]:
    listing = legal_declarations(problem, backend, limit=limit, time_limit=60)
    assert listing.status == "complete", listing.status
    out = {frozen(d.declaration) for d in listing.declarations}
    assert len(out) == len(listing.declarations), "a declaration is listed twice"
    return out


def decls(*ds: Mapping) -> set[frozenset]:
    return {frozen(d) for d in ds}


def verdict(problem: Problem, backend, decl: Mapping):
    return check(problem, backend, {c: (v,) if isinstance(v, str) else tuple(v)
                                    for c, v in decl.items()}, time_limit=60)


# Short ability names used throughout.
FLYING, REACH, MENACE = A.Keyword("flying"), A.Keyword("reach"), A.Keyword("menace")
SHADOW, FEAR, INTIMIDATE = A.Keyword("shadow"), A.Keyword("fear"), A.Keyword("intimidate")
SKULK, HORSEMANSHIP = A.Keyword("skulk"), A.Keyword("horsemanship")
DEATHTOUCH = A.Keyword("deathtouch")
TRAMPLE = A.Keyword("trample")
LURE = A.LureRequirement()
BLOCKS_IF_ABLE = A.BlockRequirement()
MUST_BE_BLOCKED = A.MustBeBlocked()


@pytest.fixture(params=BACKENDS)
def backend(request):
    return get(request.param)


def every(options: Mapping[str, Sequence[Optional[str]]]) -> set[frozenset]:
    """Every declaration where each creature takes one of its listed choices
    (None: it doesn't block; a tuple: it blocks several)."""
    from itertools import product
    keys = list(options)
    out = set()
    for combo in product(*(options[k] for k in keys)):
        out.add(frozen({k: v for k, v in zip(keys, combo) if v is not None}))
    return out


# ---------------------------------------------------------------------------
# The examples printed in the CR
# ---------------------------------------------------------------------------


def test_cr_509_1b_example_flying_and_shadow_are_cumulative(backend):
    # EVA-01 as well: only creatures with shadow and flying/reach can block.
    _, _, p = make([
        Card("X", "A", FLYING, SHADOW),
        Card("fl", "B", FLYING), Card("sh", "B", SHADOW),
        Card("shr", "B", SHADOW, REACH), Card("shf", "B", SHADOW, FLYING),
    ], {"X": "B"})
    assert legal_set(p, backend) == every({"shr": [None, "X"], "shf": [None, "X"]})
    v = verdict(p, backend, {"fl": ["X"], "sh": ["X"]})
    assert not v.legal
    rules = sorted(x.rule for x in v.violations)
    assert rules == ["702.28b", "702.9b"]


def test_cr_509_1c_example_menace_and_blocks_if_able_need_both(backend):
    # BLK-01.
    _, _, p = make([Card("M", "A", MENACE), Card("R", "B", BLOCKS_IF_ABLE), Card("V", "B")],
                   {"M": "B"})
    assert legal_set(p, backend) == decls({"R": ["M"], "V": ["M"]})
    alone = verdict(p, backend, {"R": ["M"]})
    assert not alone.legal and [x.rule for x in alone.violations] == ["702.111b"]
    assert "menace" in alone.violations[0].message and "M" in alone.violations[0].message
    none = verdict(p, backend, {})
    assert not none.legal and none.violations[0].rule == "509.1c"
    assert none.max_requirements == 1 and none.requirements_obeyed == 0
    assert frozen(none.witness) == frozen({"R": ["M"], "V": ["M"]})
    assert verdict(p, backend, {"V": ["M"], "R": ["M"]}).legal


# ---------------------------------------------------------------------------
# Catalogue: requirements (BLK-*)
# ---------------------------------------------------------------------------


def test_blk03_must_be_blocked_with_menace_needs_two_on_it(backend):
    # Deadly Allure on the Wolf token; Pyreheart Wolf's trigger gives AP's creatures menace.
    _, _, p = make(
        [Card("wolf", "A"), Card("pyre", "A", name="Pyreheart Wolf", power=1, toughness=1),
         Card("x", "B"), Card("y", "B"), Card("z", "B")],
        {"wolf": "B", "pyre": "B"},
        effects=[
            ("Creatures you control gain menace until end of turn.", "A", [],
             [A.Grant(A.Group(controller=A.YouRef()), (MENACE,))]),
            ("Target creature gains deathtouch and must be blocked this turn if able.", "A",
             ["wolf"], [A.Grant(A.TargetRef(0, "creature"), (DEATHTOUCH, A.MustBeBlocked()))]),
        ])
    assert legal_set(p, backend) == decls(
        {"x": ["wolf"], "y": ["wolf"]}, {"x": ["wolf"], "z": ["wolf"]},
        {"y": ["wolf"], "z": ["wolf"]}, {"x": ["wolf"], "y": ["wolf"], "z": ["wolf"]},
    )


def test_blk04_must_be_blocked_needs_one_blocker_of_the_defenders_choice(backend):
    _, _, p = make([Card("gp", "A", MUST_BE_BLOCKED, name="Gaea's Protector", power=4),
                    Card("big", "A", power=5, toughness=5),
                    Card("x", "B"), Card("y", "B"), Card("z", "B")],
                   {"gp": "B", "big": "B"})
    all3 = every({c: [None, "gp", "big"] for c in "xyz"})
    expected = {d for d in all3 if any(v == ("gp",) for _, v in d)}
    assert len(expected) == 19
    assert legal_set(p, backend) == expected
    assert [r.text for r in p.requirements] == ["Gaea's Protector must be blocked if able."]


def test_blk04_unblockable_protector_when_every_blocker_is_tapped(backend):
    _, _, p = make([Card("gp", "A", MUST_BE_BLOCKED), Card("x", "B", tapped=True)], {"gp": "B"})
    assert legal_set(p, backend) == decls({})
    v = verdict(p, backend, {"x": ["gp"]})
    assert [x.rule for x in v.violations] == ["509.1a"] and "tapped" in v.violations[0].message


def test_blk06_two_lures_multi_blocker_takes_both(backend):
    _, _, p = make([
        Card("u1", "A", LURE, name="Prized Unicorn"), Card("u2", "A", LURE, name="Prized Unicorn"),
        Card("bird", "A", FLYING),
        Card("bear", "B"),
        Card("guard", "B", A.BlockCapacity(extra=None), name="Palace Guard"),
        Card("drake", "B", FLYING, A.CanBlockOnly(A.SelfRef(), A.KeywordPred("flying"))),
    ], {"u1": "B", "u2": "B", "bird": "B"})
    assert p.capacity["guard"] is None
    # 3 Lure requirements per Unicorn (bear, guard, drake), at most 3 obeyable.
    assert len(p.requirements) == 6
    assert legal_set(p, backend) == every({
        "bear": ["u1", "u2"], "guard": [("u1", "u2")], "drake": [None, "bird"]})
    one = verdict(p, backend, {"bear": ["u1"], "guard": ["u1"]})
    assert not one.legal and one.max_requirements == 3 and one.requirements_obeyed == 2


def test_blk07_golgari_decoy_and_enlarge_two_optimal_patterns(backend):
    five = "abcde"
    _, _, p = make(
        [Card("decoy", "A", LURE, name="Golgari Decoy"),
         Card("mystic", "A", TRAMPLE, name="Elvish Mystic", power=8, toughness=8)]
        + [Card(c, "B") for c in five],
        {"decoy": "B", "mystic": "B"},
        effects=[("Target creature gets +7/+7, gains trample, and must be blocked this turn "
                  "if able.", "A", ["mystic"], [A.MustBeBlocked(A.TargetRef(0, "creature"))])])
    assert len(p.requirements) == 6
    expected = decls({c: ["decoy"] for c in five})
    for m in five:
        expected |= decls({c: ["mystic"] if c == m else ["decoy"] for c in five})
    assert len(expected) == 6
    assert legal_set(p, backend) == expected
    two = {c: ["mystic"] if c in "ab" else ["decoy"] for c in five}
    v = verdict(p, backend, two)
    assert not v.legal and v.requirements_obeyed == 4 and v.max_requirements == 5


def test_blk10_lure_with_no_more_than_one_blocker_exactly_one_blocks(backend):
    _, _, p = make([Card("chimera", "A", LURE, A.CantBeBlockedByMoreThan(n=1),
                         name="Treeshaker Chimera", power=8, toughness=5)]
                   + [Card(c, "B") for c in "xyz"], {"chimera": "B"})
    assert legal_set(p, backend) == decls(*({c: ["chimera"]} for c in "xyz"))
    v = verdict(p, backend, {"x": ["chimera"], "y": ["chimera"]})
    assert [x.rule for x in v.violations] == ["509.1b"]


def test_blk10_menace_with_no_more_than_one_blocker_is_unblockable(backend):
    _, _, p = make([Card("m", "A", MENACE, A.CantBeBlockedByMoreThan(n=1)), Card("other", "A")]
                   + [Card(c, "B") for c in "xyz"], {"m": "B", "other": "B"})
    assert legal_set(p, backend) == every({c: [None, "other"] for c in "xyz"})


def test_blk11_paid_block_cost_is_held_to_the_maximum(backend):
    _, _, p = make(
        [Card("bear", "A", name="Runeclaw Bear"), Card("giant", "A", name="Hill Giant", power=3),
         Card("qal", "B", A.BlockCost("{1}", A.SelfRef()), name="Qal Sisma Behemoth", power=5,
              toughness=5)],
        {"bear": "B", "giant": "B"},
        effects=[("All creatures able to block target creature this turn do so.", "A", ["bear"],
                  [A.LureRequirement(A.TargetRef(0, "creature"))])])
    assert [c.description for c in p.costs] == ["{1} for Qal Sisma Behemoth to block"]
    listing = legal_declarations(p, backend, limit=None, time_limit=60)
    assert {frozen(d.declaration): tuple(d.costs) for d in listing.declarations} == {
        frozen({}): (), frozen({"qal": ["bear"]}): ("{1} for Qal Sisma Behemoth to block",)}
    giant = verdict(p, backend, {"qal": ["giant"]})
    assert not giant.legal and giant.violations[0].rule == "509.1c"
    assert frozen(giant.witness) == frozen({"qal": ["bear"]})


def test_blk12_a_block_cost_of_zero_is_still_optional(backend):
    _, _, p = make(
        [Card("lured", "A", LURE), Card("plain", "A"), Card("x", "B"), Card("y", "B")],
        {"lured": "B", "plain": "B"},
        effects=[("This turn, creatures can't block unless their controller pays {0} for each "
                  "blocking creature.", "A", [], [A.BlockCost("{0}")])])
    assert len(p.costs) == 2
    # Not blocking is legal; a creature that pays to block must block the Lured creature.
    assert legal_set(p, backend) == every({"x": [None, "lured"], "y": [None, "lured"]})
    assert not verdict(p, backend, {"x": ["plain"]}).legal


def test_blk14_cant_block_alone_under_a_requirement_needs_a_partner(backend):
    _, _, p = make(
        [Card("a1", "A"), Card("a2", "A"),
         Card("peg", "B", A.CantBlockAlone(), FLYING, name="Loyal Pegasus"), Card("v", "B")],
        {"a1": "B", "a2": "B"},
        effects=[("Target creature blocks this turn if able.", "B", ["peg"],
                  [A.BlockRequirement(A.TargetRef(0, "creature"))])])
    assert legal_set(p, backend) == every({"peg": ["a1", "a2"], "v": ["a1", "a2"]})
    v = verdict(p, backend, {"peg": ["a1"]})
    assert [x.rule for x in v.violations] == ["506.5"]


def test_blk14_in_two_headed_giant_a_teammates_blocker_is_a_partner(backend):
    teams = {"A1": "T1", "A2": "T1", "P": "T2", "Q": "T2"}
    _, _, p = make(
        [Card("a1", "A1"), Card("peg", "P", A.CantBlockAlone(), BLOCKS_IF_ABLE), Card("q", "Q")],
        {"a1": "P"}, players=("A1", "A2", "P", "Q"), active="A1", teams=teams)
    assert legal_set(p, backend) == decls({"peg": ["a1"], "q": ["a1"]})


def test_cant_block_alone_in_free_for_all_ignores_other_players_blockers(backend):
    # 802.4b: another defending player's blocker doesn't keep it from blocking alone.
    _, _, p = make(
        [Card("x", "A"), Card("y", "A"),
         Card("peg", "B", A.CantBlockAlone(), BLOCKS_IF_ABLE), Card("c1", "C")],
        {"x": "B", "y": "C"}, players=("A", "B", "C"))
    assert legal_set(p, backend) == every({"c1": [None, "y"]})


def test_blk16_lure_and_banding_as_far_as_the_declaration_goes(backend):
    # Bands aren't part of the board; what the declaration must do is the same: only
    # the defending flyer can block the Lured flyer, the swampwalker can't be blocked.
    _, _, p = make(
        [Card("f", "A", FLYING, LURE, A.Keyword("banding")),
         Card("s", "A", A.Landwalk(A.TypePred("Swamp"), "swampwalk")),
         land("swamp", "B", "Basic Land \u2014 Swamp"),
         Card("fl", "B", FLYING), Card("g1", "B"), Card("g2", "B")],
        {"f": "B", "s": "B"})
    assert legal_set(p, backend) == decls({"fl": ["f"]})
    v = verdict(p, backend, {"fl": ["f"], "g1": ["s"]})
    assert [x.rule for x in v.violations] == ["702.14c"]
    assert "swampwalk" in v.violations[0].message


def test_blk17_lure_grants_no_ability_to_block(backend):
    _, _, p = make(
        [Card("lf", "A", FLYING, LURE), Card("g", "A"),
         Card("t", "B", power=3, toughness=3),
         Card("drake", "B", FLYING, A.CanBlockOnly(A.SelfRef(), A.KeywordPred("flying")),
              name="Skywinder Drake")],
        {"lf": "B", "g": "B"})
    assert legal_set(p, backend) == every({"drake": ["lf"], "t": [None, "g"]})
    v = verdict(p, backend, {"drake": ["g"]})
    assert any(x.rule == "509.1b" and "Skywinder Drake" in x.message for x in v.violations)


def test_blk20_two_eldrazi_requirements_need_one_eldrazi(backend):
    eldrazi = A.MustBeBlocked(by=A.TypePred("Eldrazi"))
    _, _, p = make(
        [Card("x", "A", eldrazi, eldrazi),
         Card("e1", "B", type_line="Creature \u2014 Eldrazi"),
         Card("e2", "B", type_line="Creature \u2014 Eldrazi Drone"),
         Card("h", "B", type_line="Creature \u2014 Human")], {"x": "B"})
    assert len(p.requirements) == 2
    expected = {d for d in every({"e1": [None, "x"], "e2": [None, "x"], "h": [None, "x"]})
                if ("e1", ("x",)) in d or ("e2", ("x",)) in d}
    assert len(expected) == 6
    assert legal_set(p, backend) == expected
    assert not verdict(p, backend, {"h": ["x"]}).legal


def test_blk21_whoever_chooses_the_blocks_restrictions_and_requirements_hold(backend):
    # Odric: the attacking player makes the declaration; its legality is unchanged.
    _, _, p = make(
        [Card("odric", "A"), Card("a1", "A"), Card("a2", "A"), Card("bird", "A", FLYING),
         Card("t", "B", tapped=True), Card("g", "B"), Card("r", "B")],
        {"odric": "B", "a1": "B", "a2": "B", "bird": "B"},
        effects=[("Enchanted creature blocks each combat if able.", "B", ["r"],
                  [A.Grant(A.TargetRef(0, "creature"), (BLOCKS_IF_ABLE,))])])
    ground = ["odric", "a1", "a2"]
    assert legal_set(p, backend) == every({"r": ground, "g": [None] + ground})
    v = verdict(p, backend, {"t": ["odric"], "r": ["a1"]})
    assert [x.rule for x in v.violations] == ["509.1a"]
    v = verdict(p, backend, {"g": ["bird"], "r": ["a1"]})
    assert [x.rule for x in v.violations] == ["702.9b"]


# ---------------------------------------------------------------------------
# Catalogue: evasion (EVA-*)
# ---------------------------------------------------------------------------


def test_eva03_fear_intimidate_and_colorless(backend):
    _, _, p = make([
        Card("F", "A", FEAR, colors="W"), Card("I", "A", INTIMIDATE, colors="RG"),
        Card("K", "A", INTIMIDATE, type_line="Artifact Creature \u2014 Golem"),
        Card("b", "B", colors="B"), Card("g", "B", colors="G"),
        Card("a", "B", colors="U", type_line="Artifact Creature \u2014 Construct"),
        Card("e", "B", type_line="Creature \u2014 Eldrazi Scion"),
    ], {"F": "B", "I": "B", "K": "B"})
    assert legal_set(p, backend) == every({
        "b": [None, "F"], "g": [None, "I"], "a": [None, "F", "I", "K"]})


def test_eva04_skulk_equal_power_may_block_greater_may_not(backend):
    _, _, p = make([Card("s", "A", SKULK), Card("x", "B", power=2, toughness=3),
                    Card("y", "B", power=3, toughness=1)], {"s": "B"})
    assert legal_set(p, backend) == decls({}, {"x": ["s"]})
    assert verdict(p, backend, {"y": ["s"]}).violations[0].rule == "702.118b"
    _, _, pumped = make([Card("s", "A", SKULK, power=4), Card("x", "B", power=2, toughness=3),
                         Card("y", "B", power=3, toughness=1)], {"s": "B"})
    assert legal_set(pumped, backend) == every({"x": [None, "s"], "y": [None, "s"]})


def test_eva05_landwalk_is_not_cancelled_and_lure_does_not_beat_it(backend):
    snow_forest = A.AndPred((A.TypePred("Snow"), A.TypePred("Forest")))
    walk = A.Landwalk(snow_forest, "snow forestwalk")
    _, _, p = make([
        Card("w", "A", walk, LURE),
        land("sf", "B", "Snow Land \u2014 Forest"),
        Card("mine", "B", walk),
    ], {"w": "B"})
    assert legal_set(p, backend) == decls({})
    # A plain Forest isn't enough for snow forestwalk.
    _, _, q = make([Card("w", "A", walk, LURE), land("f", "B", "Basic Land \u2014 Forest"),
                    Card("mine", "B")], {"w": "B"})
    assert legal_set(q, backend) == decls({"mine": ["w"]})


def test_eva05_landwalk_looks_at_the_defending_player_only(backend):
    walk = A.Landwalk(A.TypePred("Island"), "islandwalk")
    _, _, p = make([Card("w", "A", walk), land("isl", "A", "Basic Land \u2014 Island"),
                    Card("mine", "B")], {"w": "B"})
    assert legal_set(p, backend) == decls({}, {"mine": ["w"]})


def test_eva08_three_or_more_with_two_blockers_lure_imposes_nothing(backend):
    colossus = A.CantBeBlockedExcept(min_blockers=3)
    _, _, p = make([Card("col", "A", colossus, LURE, power=9, toughness=9), Card("n", "A"),
                    Card("x", "B"), Card("y", "B")], {"col": "B", "n": "B"})
    assert legal_set(p, backend) == every({"x": [None, "n"], "y": [None, "n"]})


def test_eva08_three_or_more_with_four_blockers_all_four_block(backend):
    colossus = A.CantBeBlockedExcept(min_blockers=3)
    _, _, p = make([Card("col", "A", colossus, LURE, power=9, toughness=9), Card("n", "A")]
                   + [Card(c, "B") for c in "wxyz"], {"col": "B", "n": "B"})
    assert legal_set(p, backend) == decls({c: ["col"] for c in "wxyz"})
    v = verdict(p, backend, {c: ["col"] for c in "xyz"})
    assert not v.legal and v.requirements_obeyed == 3 and v.max_requirements == 4


def test_protection_stops_blockers_with_the_quality_but_not_its_holder_blocking(backend):
    pro_red = A.Protection(pred=A.ColorPred("R"), label="protection from red")
    _, _, p = make([Card("k", "A", pro_red, colors="W"), Card("r", "A", colors="R"),
                    Card("red", "B", colors="R"), Card("white", "B", pro_red, colors="W")],
                   {"k": "B", "r": "B"})
    assert legal_set(p, backend) == every({"red": [None, "r"], "white": [None, "k", "r"]})
    v = verdict(p, backend, {"red": ["k"]})
    assert [x.rule for x in v.violations] == ["702.16f"]
    assert "protection from red" in v.violations[0].message


def test_horsemanship_and_reach(backend):
    _, _, p = make([Card("h", "A", HORSEMANSHIP), Card("f", "A", FLYING),
                    Card("rider", "B", HORSEMANSHIP), Card("spider", "B", REACH)],
                   {"h": "B", "f": "B"})
    assert legal_set(p, backend) == every({"rider": [None, "h"], "spider": [None, "f"]})


def test_text_restrictions_on_blockers_and_attackers(backend):
    _, _, p = make([
        Card("wallonly", "A", A.CantBeBlockedExcept(by=A.TypePred("Wall"))),
        Card("noblack", "A", A.CantBeBlockedBy(A.SelfRef(), A.ColorPred("B"))),
        Card("ghost", "A", A.CantBeBlocked()),
        Card("wall", "B", type_line="Creature \u2014 Wall", colors="B"),
        Card("coward", "B", A.CantBlock()),
        Card("bk", "B", A.CantBlock(attacker_pred=A.NamePred("noblack"))),
    ], {"wallonly": "B", "noblack": "B", "ghost": "B"})
    # The black Wall blocks only the Wall-only creature; "bk" can't block "noblack"
    # and isn't a Wall; nothing blocks the ghost; the coward blocks nothing.
    assert legal_set(p, backend) == every({"wall": [None, "wallonly"]})
    v = verdict(p, backend, {"wall": ["noblack"], "bk": ["noblack"], "coward": ["ghost"]})
    assert sorted(x.rule for x in v.violations) == ["509.1b"] * 4


def test_cant_be_blocked_unless_all_block(backend):
    trom = A.CantBeBlockedUnlessAllBlock()
    _, _, p = make([Card("t", "A", trom), Card("o", "A"), Card("x", "B"), Card("y", "B")],
                   {"t": "B", "o": "B"})
    assert legal_set(p, backend) == every({"x": [None, "o"], "y": [None, "o"]}) | decls(
        {"x": ["t"], "y": ["t"]})
    # A tapped creature of the defending player can't block, so nothing can block it.
    _, _, q = make([Card("t", "A", trom), Card("x", "B"), Card("y", "B", tapped=True)],
                   {"t": "B"})
    assert legal_set(q, backend) == decls({})


def test_block_cap_per_defending_player_and_per_team(backend):
    cap = A.BlockCap(1)
    _, _, ffa = make([Card("x", "A", cap), Card("y", "A"), Card("b1", "B"), Card("b2", "B"),
                      Card("c1", "C")], {"x": "B", "y": "C"}, players=("A", "B", "C"))
    assert legal_set(ffa, backend) == every({"c1": [None, "y"]}) | {
        d | {("c1", ("y",))} for d in decls({"b1": ["x"]}, {"b2": ["x"]})} | decls(
        {"b1": ["x"]}, {"b2": ["x"]})
    teams = {"A1": "T1", "A2": "T1", "P": "T2", "Q": "T2"}
    _, _, ghg = make([Card("x", "A1", cap), Card("p1", "P"), Card("q1", "Q")], {"x": "P"},
                     players=("A1", "A2", "P", "Q"), active="A1", teams=teams)
    assert legal_set(ghg, backend) == decls({}, {"p1": ["x"]}, {"q1": ["x"]})


def test_extra_block_capacity(backend):
    _, _, p = make([Card("x", "A"), Card("y", "A"), Card("z", "A"),
                    Card("two", "B", A.BlockCapacity(extra=1), BLOCKS_IF_ABLE)],
                   {"x": "B", "y": "B", "z": "B"})
    assert p.capacity["two"] == 2
    assert legal_set(p, backend) == every({"two": ["x", "y", "z", ("x", "y"), ("x", "z"),
                                                  ("y", "z")]})
    v = verdict(p, backend, {"two": ["x", "y", "z"]})
    assert [x.rule for x in v.violations] == ["509.1a"]


def test_blocks_a_given_attacker_if_able(backend):
    _, _, p = make([Card("x", "A"), Card("y", "A"),
                    Card("c", "B", A.BlockRequirement(attacker=A.NamedRef("y")))],
                   {"x": "B", "y": "B"})
    assert legal_set(p, backend) == decls({"c": ["y"]})


def test_must_be_blocked_by_exactly_one(backend):
    _, _, p = make([Card("x", "A", A.MustBeBlocked(exactly=1)), Card("b1", "B"),
                    Card("b2", "B")], {"x": "B"})
    assert legal_set(p, backend) == decls({"b1": ["x"]}, {"b2": ["x"]})


# ---------------------------------------------------------------------------
# Catalogue: multiplayer (MP-07)
# ---------------------------------------------------------------------------


def test_mp07_free_for_all_only_the_attacked_player_blocks(backend):
    _, _, p = make([Card("lured", "A", LURE), Card("b1", "B"), Card("c1", "C")],
                   {"lured": "B"}, players=("A", "B", "C"))
    assert p.options["c1"] == ()
    assert [r.objects for r in p.requirements] == [("b1", "lured")]
    assert legal_set(p, backend) == decls({"b1": ["lured"]})
    v = verdict(p, backend, {"b1": ["lured"], "c1": ["lured"]})
    assert not v.legal and v.violations[0].rule == "509.1a"


def test_mp07_two_headed_giant_teammates_block_as_one(backend):
    teams = {"A1": "T1", "A2": "T1", "P": "T2", "Q": "T2"}
    _, _, p = make([Card("lured", "A1", LURE), Card("other", "A2"),
                    Card("p1", "P"), Card("q1", "Q")],
                   {"lured": "P", "other": "Q"}, players=("A1", "A2", "P", "Q"), active="A1",
                   teams=teams)
    assert p.options["q1"] == ("lured", "other")
    assert legal_set(p, backend) == decls({"p1": ["lured"], "q1": ["lured"]})


# ---------------------------------------------------------------------------
# From Oracle text, through the public board (grammar -> binding -> problem)
# ---------------------------------------------------------------------------


def _oracle_board(permanents, attacks, effects=()):
    import json

    from mtgcombat import Board as PublicBoard

    data = {"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
            "permanents": [dict({"power": 2, "toughness": 2}, **p) for p in permanents],
            "attacks": attacks, "effects": list(effects)}
    return PublicBoard.from_json(json.dumps(data))


@pytest.mark.parametrize("name", BACKENDS)
def test_oracle_text_blk06_prized_unicorns_palace_guard_skywinder_drake(name):
    get(name)  # skip cleanly when the backend does not exist yet
    unicorn = "All creatures able to block Prized Unicorn do so."
    board = _oracle_board([
        {"id": "u1", "name": "Prized Unicorn", "controller": "Alice", "text": unicorn},
        {"id": "u2", "name": "Prized Unicorn", "controller": "Alice", "text": unicorn},
        {"id": "bear", "name": "Grizzly Bears", "controller": "Bob"},
        {"id": "guard", "name": "Palace Guard", "controller": "Bob",
         "text": "Palace Guard can block any number of creatures."},
        {"id": "drake", "name": "Skywinder Drake", "controller": "Bob",
         "text": "Flying\nSkywinder Drake can block only creatures with flying."},
    ], {"u1": "Bob", "u2": "Bob"})
    got = {frozen(d) for d in board.legal_blocks(backend=name)}
    assert got == every({"bear": ["u1", "u2"], "guard": [("u1", "u2")]})
    assert {"bear": ["u1"], "guard": ["u1", "u2"]} in board.legal_blocks(backend=name)
    assert {"bear": ["u1"], "guard": ["u1"]} not in board.legal_blocks(backend=name)


@pytest.mark.parametrize("name", BACKENDS)
def test_oracle_text_menace_message_names_card_and_rule(name):
    get(name)
    board = _oracle_board([
        {"id": "raider", "name": "Goblin Raider", "controller": "Alice", "text": "Menace"},
        {"id": "r", "name": "Culling Mark Target", "controller": "Bob"},
        {"id": "v", "name": "Grizzly Bears", "controller": "Bob"},
    ], {"raider": "Bob"}, effects=[{
        "text": "Target creature blocks this turn if able.", "controller": "Alice",
        "targets": ["r"]}])
    assert {frozen(d) for d in board.legal_blocks(backend=name)} == decls(
        {"r": ["raider"], "v": ["raider"]})
    v = board.check_blocks({"r": ["raider"]}, backend=name)
    assert not v.legal
    assert v.violations[0].message == (
        "Goblin Raider has menace and can't be blocked except by two or more creatures "
        "(702.111b).")


@pytest.mark.parametrize("name", BACKENDS)
def test_oracle_text_blk11_roar_of_challenge_and_qal_sisma_behemoth(name):
    get(name)
    board = _oracle_board([
        {"id": "bear", "name": "Runeclaw Bear", "controller": "Alice"},
        {"id": "giant", "name": "Hill Giant", "controller": "Alice", "power": 3, "toughness": 3},
        {"id": "qal", "name": "Qal Sisma Behemoth", "controller": "Bob", "power": 5,
         "toughness": 5, "text": "Qal Sisma Behemoth can't block unless its controller pays {1}."},
    ], {"bear": "Bob", "giant": "Bob"}, effects=[{
        "text": "All creatures able to block target creature this turn do so.",
        "controller": "Alice", "targets": ["bear"]}])
    assert {frozen(d) for d in board.legal_blocks(backend=name)} == decls({}, {"qal": ["bear"]})
    assert not board.check_blocks({"qal": ["giant"]}, backend=name).legal


def test_messages_tell_apart_creatures_that_share_a_name(backend):
    _, _, p = make([Card("u1", "A", FLYING, name="Prized Unicorn"),
                    Card("u2", "A", name="Prized Unicorn"), Card("bear", "B", name="Bear")],
                   {"u1": "B", "u2": "B"})
    v = verdict(p, backend, {"bear": ["u1"]})
    assert v.violations[0].message.startswith("Prized Unicorn (u1) has flying")
    assert p.names["u1"] == "Prized Unicorn"


# -- conditional evasion, abilities while attacking, landwalk switched off -------------


def test_cant_be_blocked_as_long_as_defending_player_controls_an_artifact(backend):
    # 509.1b, 611.3a: the condition is judged for the player this creature attacks.
    sly = A.CantBeBlockedIf(A.SelfRef(), A.DefenderControls(A.TypePred("Artifact")))
    _, _, p = make([Card("s", "A", sly), Card("rock", "B", type_line="Artifact"),
                    Card("x", "B")], {"s": "B"})
    assert legal_set(p, backend) == decls({})
    _, _, q = make([Card("s", "A", sly), Card("rock", "A", type_line="Artifact"),
                    Card("x", "B")], {"s": "B"})
    assert legal_set(q, backend) == decls({}, {"x": ["s"]})


def test_cant_be_blocked_as_long_as_you_control_a_gate(backend):
    gated = A.CantBeBlockedIf(A.SelfRef(), A.PlayerControls(A.YouRef(), A.TypePred("Gate")))
    _, _, p = make([Card("s", "A", gated), land("g", "A", "Land \u2014 Gate"),
                    Card("x", "B")], {"s": "B"})
    assert legal_set(p, backend) == decls({})
    _, _, q = make([Card("s", "A", gated), Card("x", "B")], {"s": "B"})
    assert legal_set(q, backend) == decls({}, {"x": ["s"]})


def test_cant_be_blocked_as_long_as_it_is_attacking_alone(backend):
    # 506.5: "attacking alone" = no other creature attacks; read as "unless another attacks".
    alone = A.CantBeBlockedIf(A.SelfRef(), A.OthersAttack(A.ANY, 1), unless=True)
    _, _, p = make([Card("s", "A", alone), Card("x", "B")], {"s": "B"})
    assert legal_set(p, backend) == decls({})
    _, _, q = make([Card("s", "A", alone), Card("t", "A"), Card("x", "B")],
                   {"s": "B", "t": "B"})
    assert legal_set(q, backend) == decls({}, {"x": ["s"]}, {"x": ["t"]})
    v = verdict(p, backend, {"x": "s"})
    assert v.violations and "can't be blocked" in v.violations[0].message
    assert "509.1b" in v.violations[0].message


def test_flying_granted_as_long_as_it_is_attacking_applies_to_blocks(backend):
    # 611.3a: "has flying as long as it's attacking" -- it is attacking when blocks
    # are declared, so only flyers and reach creatures may block it.
    grant = A.GrantWhileInCombat(A.SelfRef(), (FLYING,), "attacking")
    _, _, p = make([Card("s", "A", grant), Card("x", "B"), Card("r", "B", REACH)], {"s": "B"})
    assert legal_set(p, backend) == decls({}, {"r": ["s"]})


def test_ability_granted_as_long_as_it_is_blocking_does_not_apply_before_blocks():
    # A blocker's "has flying as long as it's blocking" can't help it block a flyer:
    # it isn't blocking while blocks are being declared (509.1a-b).
    grant = A.GrantWhileInCombat(A.SelfRef(), (REACH,), "blocking")
    _, bound, _ = make([Card("f", "A", FLYING), Card("x", "B", grant)], {"f": "B"})
    assert "reach" not in bound.keywords.get("x", set())


def test_swampwalk_blockable_as_though_it_didnt_have_swampwalk(backend):
    # 702.14, 509.1b: Great Wall / Quagmire style.
    walk = A.Landwalk(A.TypePred("Swamp"), "swampwalk")
    cards = [Card("w", "A", walk), land("sw", "B", "Basic Land \u2014 Swamp"), Card("x", "B")]
    _, _, p = make(cards + [Card("wall", "B", A.BlockableDespiteLandwalk("swampwalk"),
                                 type_line="Enchantment")], {"w": "B"})
    assert legal_set(p, backend) == decls({}, {"x": ["w"]})
    # A different landwalk stays in force.
    _, _, q = make(cards + [Card("wall", "B", A.BlockableDespiteLandwalk("islandwalk"),
                                 type_line="Enchantment")], {"w": "B"})
    assert legal_set(q, backend) == decls({})
    # "Creatures with landwalk abilities can be blocked as though ..." covers every kind.
    _, _, r = make(cards + [Card("wall", "B", A.BlockableDespiteLandwalk(None),
                                 type_line="Enchantment")], {"w": "B"})
    assert legal_set(r, backend) == decls({}, {"x": ["w"]})


def test_cant_block_unless_you_control_another_zombie(backend):
    # 509.1b: the condition is fixed on the board; "another" excludes the creature itself.
    cond = A.BlockCondition(A.SelfRef(), A.PlayerControls(
        A.YouRef(), A.AndPred((A.NotSelfPred(), A.TypePred("Zombie")))))
    _, _, p = make([Card("a", "A"), Card("z", "B", cond, type_line="Creature \u2014 Zombie")],
                   {"a": "B"})
    assert legal_set(p, backend) == decls({})
    _, _, q = make([Card("a", "A"), Card("z", "B", cond, type_line="Creature \u2014 Zombie"),
                    Card("z2", "B", type_line="Creature \u2014 Zombie", tapped=True)], {"a": "B"})
    assert legal_set(q, backend) == decls({}, {"z": ["a"]})


def test_cant_block_unless_at_least_two_other_creatures_block(backend):
    cond = A.BlockCondition(A.SelfRef(), A.OthersBlock(A.ANY, 2))
    _, _, p = make([Card("a", "A"), Card("c", "B", cond), Card("x", "B"), Card("y", "B")],
                   {"a": "B"})
    legal = legal_set(p, backend)
    assert frozen({"c": ["a"], "x": ["a"]}) not in legal
    assert frozen({"c": ["a"], "x": ["a"], "y": ["a"]}) in legal
    assert frozen({"x": ["a"]}) in legal
    v = verdict(p, backend, {"c": "a", "x": "a"})
    assert v.violations and v.violations[0].rule == "509.1b"


def test_cant_block_unless_a_creature_with_greater_power_also_blocks(backend):
    greater = A.StatPred("power", ">", "self")
    cond = A.BlockCondition(A.SelfRef(), A.OthersBlock(greater, 1))
    _, _, p = make([Card("a", "A"), Card("c", "B", cond, power=2),
                    Card("small", "B", power=2), Card("big", "B", power=3)], {"a": "B"})
    legal = legal_set(p, backend)
    assert frozen({"c": ["a"], "small": ["a"]}) not in legal
    assert frozen({"c": ["a"], "big": ["a"]}) in legal


def test_cant_block_if_you_control_an_untapped_land(backend):
    cond = A.BlockCondition(A.SelfRef(), A.PlayerControls(
        A.YouRef(), A.AndPred((A.TappedPred(False), A.TypePred("Land")))), unless=False)
    _, _, p = make([Card("a", "A"), Card("c", "B", cond), land("l", "B", "Land")], {"a": "B"})
    assert legal_set(p, backend) == decls({})
    tapped_land = Card("l", "B", type_line="Land", tapped=True)
    _, _, q = make([Card("a", "A"), Card("c", "B", cond), tapped_land], {"a": "B"})
    assert legal_set(q, backend) == decls({}, {"c": ["a"]})


# -- "as though" (609.4), conditions on the board (611.3a), groups of targets ---------


def test_blocker_that_can_block_shadow_as_though_it_had_shadow(backend):
    # Heartwood Dryad: it may block a shadow attacker; it still may block one without
    # shadow too, since it doesn't really have shadow (609.4, 702.28b).
    dryad = A.BlockAsThough(A.SelfRef(), A.KeywordPred("shadow"), had="shadow")
    _, _, p = make([Card("s", "A", SHADOW), Card("n", "A"), Card("d", "B", dryad),
                    Card("bear", "B")], {"s": "B", "n": "B"})
    assert legal_set(p, backend) == every({"d": [None, "s", "n"], "bear": [None, "n"]})
    v = verdict(p, backend, {"bear": "s"})
    assert v.violations[0].rule == "702.28b"


def test_blocker_that_can_block_shadow_as_though_they_didnt_have_shadow(backend):
    # Aetherflame Wall: the shadow attacker is judged as if it had no shadow -- for
    # this blocker only; a permission never stops a block the rules allow.
    wall = A.BlockAsThough(A.SelfRef(), A.KeywordPred("shadow"), lacked="shadow")
    _, _, p = make([Card("s", "A", SHADOW), Card("w", "B", wall), Card("bear", "B"),
                    Card("shade", "B", SHADOW, wall)], {"s": "B"})
    assert legal_set(p, backend) == every({"w": [None, "s"], "shade": [None, "s"]})


def test_blocker_that_can_block_dragons_as_though_it_had_reach(backend):
    # Dragon Hunter: a flying Dragon, yes; another flyer, no (702.9b).
    hunter = A.BlockAsThough(A.SelfRef(), A.TypePred("Dragon"), had="reach")
    _, _, p = make([Card("dragon", "A", FLYING, type_line="Creature \u2014 Dragon"),
                    Card("bird", "A", FLYING, type_line="Creature \u2014 Bird"),
                    Card("h", "B", hunter)], {"dragon": "B", "bird": "B"})
    assert legal_set(p, backend) == decls({}, {"h": ["dragon"]})
    v = verdict(p, backend, {"h": "bird"})
    assert v.violations[0].rule == "702.9b"


def test_blocker_that_can_block_landwalkers_as_though_they_didnt_have_it(backend):
    # Street Savvy on one blocker: it may block the swampwalker; the others may not.
    savvy = A.BlockAsThough(A.AttachedRef(), A.ANY, lacked="landwalk")
    walk = A.Landwalk(A.TypePred("Swamp"), "swampwalk")
    cards = [Card("w", "A", walk), land("sw", "B", "Basic Land \u2014 Swamp"),
             Card("x", "B"), Card("y", "B")]
    board = Board(
        players=(Player("A"), Player("B")), active_player="A",
        permanents=tuple(c.permanent for c in cards) + (Permanent(
            "aura", "Street Savvy", "B", type_line="Enchantment \u2014 Aura",
            attached_to="x"),),
        attacks={"w": "B"})
    readings = {"w": reading([walk]), "aura": reading([savvy])}
    p = block_problem(board, bind(board, readings, []))
    assert legal_set(p, backend) == decls({}, {"x": ["w"]})


def test_blocks_each_attacking_creature_if_able_blocks_as_many_as_it_can(backend):
    # Blaze of Glory: one requirement per attacker; it can't block the flyer, so it
    # must block both others (it can block any number of creatures).
    t = Card("t", "B", A.BlockCapacity(A.SelfRef(), None), A.BlockEachAttacker())
    _, _, p = make([Card("a1", "A"), Card("a2", "A"), Card("f", "A", FLYING), t],
                   {"a1": "B", "a2": "B", "f": "B"})
    assert legal_set(p, backend) == decls({"t": ["a1", "a2"]})
    # Without the extra capacity it blocks one of them.
    _, _, q = make([Card("a1", "A"), Card("a2", "A"), Card("t", "B", A.BlockEachAttacker())],
                   {"a1": "B", "a2": "B"})
    assert legal_set(q, backend) == decls({"t": ["a1"]}, {"t": ["a2"]})


def test_all_walls_able_to_block_it_do_so(backend):
    # Marble Priest: only Walls carry the requirement (509.1c).
    priest = A.LureBy(A.SelfRef(), A.TypePred("Wall"))
    _, _, p = make([Card("p", "A", priest), Card("wall", "B", type_line="Creature \u2014 Wall"),
                    Card("bear", "B")], {"p": "B"})
    assert legal_set(p, backend) == decls({"wall": ["p"]}, {"wall": ["p"], "bear": ["p"]})


def test_conditional_unblockable_as_long_as_you_control_a_planeswalker(backend):
    # Jace's Sentinel: judged on the board (611.3a).
    sentinel = A.Conditional(
        A.PlayerControls(A.YouRef(), A.AndPred((A.TypePred("Jace"), A.TypePred("Planeswalker")))),
        (A.CantBeBlocked(A.SelfRef()),))
    jace = Card("jace", "A", type_line="Legendary Planeswalker \u2014 Jace")
    _, _, p = make([Card("s", "A", sentinel), jace, Card("x", "B")], {"s": "B"})
    assert legal_set(p, backend) == decls({})
    _, _, q = make([Card("s", "A", sentinel), Card("x", "B")], {"s": "B"})
    assert legal_set(q, backend) == decls({}, {"x": ["s"]})


def test_cant_be_blocked_by_big_creatures_as_long_as_defender_controls_a_snow_land(backend):
    # Arctic Foxes: the defending player of the fox is the one whose lands count.
    foxes = A.Conditional(A.DefenderControls(A.AndPred((A.TypePred("Snow"), A.TypePred("Land")))),
                          (A.CantBeBlockedBy(A.SelfRef(), A.StatPred("power", ">=", 2)),))
    small, big = Card("small", "B", power=1), Card("big", "B", power=2)
    _, _, p = make([Card("fox", "A", foxes), land("snow", "B", "Snow Land"), small, big],
                   {"fox": "B"})
    assert legal_set(p, backend) == decls({}, {"small": ["fox"]})
    _, _, q = make([Card("fox", "A", foxes), land("snow", "A", "Snow Land"), small, big],
                   {"fox": "B"})
    assert legal_set(q, backend) == every({"small": [None, "fox"], "big": [None, "fox"]})


def test_unblockable_as_long_as_enchanted_creature_is_attacking_alone(backend):
    # Security Bypass (506.5): alone, nothing blocks it; with another attacker, anything.
    bypass = A.Conditional(A.OthersAttack(A.ANY, 1), (A.CantBeBlocked(A.AttachedRef()),),
                           unless=True)
    aura = Card("aura", "A", bypass, type_line="Enchantment \u2014 Aura")

    def problem(attacks):
        cards = [Card("r", "A"), Card("o", "A"), aura, Card("x", "B")]
        perms = [c.permanent for c in cards]
        perms[2] = Permanent("aura", "Security Bypass", "A", type_line="Enchantment \u2014 Aura",
                             attached_to="r")
        board = Board(players=(Player("A"), Player("B")), active_player="A",
                      permanents=tuple(perms), attacks=attacks)
        return block_problem(board, bind(board, {"aura": reading([bypass])}, []))

    assert legal_set(problem({"r": "B"}), backend) == decls({})
    assert legal_set(problem({"r": "B", "o": "B"}), backend) == decls(
        {}, {"x": ["r"]}, {"x": ["o"]})


def test_block_cost_as_long_as_it_is_attacking(backend):
    # Archangel of Tithes: the block tax applies while the Archangel is attacking.
    tithes = A.Conditional(A.ObjectIs(A.SelfRef(), A.InCombatPred("attacking")),
                           (A.BlockCost("{1}", A.Group()),))
    _, _, p = make([Card("angel", "A", tithes), Card("o", "A"), Card("x", "B")], {"o": "B"})
    assert p.costs == ()
    _, _, q = make([Card("angel", "A", tithes), Card("o", "A"), Card("x", "B")],
                   {"o": "B", "angel": "B"})
    assert [c.amount for c in q.costs] == ["{1}"]


def test_unblockable_as_long_as_its_power_is_3_or_less():
    # Thieves' Tools: the equipped creature's current power decides.
    tools = A.Conditional(A.ObjectIs(A.AttachedRef(), A.StatPred("power", "<=", 3)),
                          (A.CantBeBlocked(A.AttachedRef()),))
    for power, blockable in ((3, False), (4, True)):
        board = Board(players=(Player("A"), Player("B")), active_player="A", permanents=(
            Permanent("r", "Rogue", "A", power=power, toughness=2),
            Permanent("tools", "Thieves' Tools", "A", type_line="Artifact \u2014 Equipment",
                      attached_to="r"),
            Permanent("x", "Bear", "B", power=2, toughness=2)), attacks={"r": "B"})
        bound = bind(board, {"tools": reading([tools])}, [])
        assert bool(bound.held_by("r", A.CantBeBlocked)) is not blockable


def test_up_to_two_target_creatures_cant_block_binds_each_target(backend):
    group = A.CantBlock(A.TargetGroup(0, 2))
    cards = [Card("a", "A"), Card("x", "B"), Card("y", "B"), Card("z", "B")]
    _, bound, p = make(cards, {"a": "B"},
                       effects=[("Up to two target creatures can't block this turn.", "A",
                                 ["x", "y"], [group])])
    assert sorted(i.holder for i in bound.of_type(A.CantBlock)) == ["x", "y"]
    assert legal_set(p, backend) == decls({}, {"z": ["a"]})
    _, bound, _ = make(cards, {"a": "B"}, effects=[("(no targets chosen)", "A", [], [group])])
    assert bound.of_type(A.CantBlock) == []


def test_more_targets_than_up_to_n_is_a_board_error():
    from mtgcombat.rules.model import BoardError
    with pytest.raises(BoardError, match="up to 2 target"):
        make([Card("a", "A"), Card("x", "B"), Card("y", "B"), Card("z", "B")], {"a": "B"},
             effects=[("text", "A", ["x", "y", "z"], [A.CantBlock(A.TargetGroup(0, 2))])])



@pytest.mark.parametrize("name", BACKENDS)
def test_oracle_text_green_and_white_creatures_cant_block(name):
    get(name)
    board = _oracle_board([
        {"id": "a", "name": "Raider", "controller": "Alice"},
        {"id": "g", "name": "Elf", "controller": "Bob", "colors": ["G"]},
        {"id": "w", "name": "Knight", "controller": "Bob", "colors": ["W"]},
        {"id": "u", "name": "Merfolk", "controller": "Bob", "colors": ["U"]},
    ], {"a": "Bob"}, effects=[{"text": "Green creatures and white creatures can't block this "
                                       "turn.", "controller": "Alice"}])
    assert board.not_understood == []
    assert {frozen(d) for d in board.legal_blocks(backend=name)} == decls({}, {"u": ["a"]})


def test_cant_block_unless_you_control_more_lands_than_attacking_player(backend):
    cond = A.BlockCondition(A.SelfRef(), A.MoreThan(A.TypePred("Land"), "attacking"))
    lands = [land("l1", "B", "Land"), land("l2", "B", "Land"), land("l3", "A", "Land")]
    _, _, p = make([Card("a", "A"), Card("x", "B", cond)] + lands, {"a": "B"})
    assert legal_set(p, backend) == decls({}, {"x": ["a"]})
    _, _, q = make([Card("a", "A"), Card("x", "B", cond)] + lands[1:], {"a": "B"})
    assert legal_set(q, backend) == decls({})


def test_cant_block_if_an_enchantment_is_on_the_battlefield_whoever_controls_it(backend):
    cond = A.BlockCondition(A.SelfRef(), A.OnBattlefield(A.TypePred("Enchantment")),
                            unless=False)
    _, _, p = make([Card("a", "A"), Card("x", "B", cond),
                    Card("e", "A", type_line="Enchantment")], {"a": "B"})
    assert legal_set(p, backend) == decls({})


# -- messages: what the text says, once; requirements no declaration can obey --------------


_LURE = """players Alice, Bob
active Alice
Alice:
  raider: Hill Giant 3/3
  lure: Lure Bird 1/1 "Flying" "All creatures able to block Lure Bird do so."
Bob:
  bears: Grizzly Bears 2/2
  Serra Angel 4/4 "Flying"
  wall: Wall of Wood 0/3
effect Alice -> bears: "Target creature blocks this turn if able."
effect Alice -> wall: "Target creature can't block this turn."
attack raider -> Bob
attack lure -> Bob
"""


def _public(text: str):
    from mtgcombat import Board as PublicBoard

    return PublicBoard.from_scenario(text)


def test_an_effect_that_says_blocks_this_turn_is_described_as_this_turn():
    texts = [r.text for r in _public(_LURE).problem("blocks").requirements]
    assert "Grizzly Bears blocks this turn if able." in texts
    assert not any("each combat" in t for t in texts)


def test_an_effect_is_quoted_once():
    board = _public(_LURE)
    v = board.check_blocks({"wall": ["raider"]})
    assert [x.message for x in v.violations] == [
        "Wall of Wood can't block: effect 2 says \u201cTarget creature can't block this "
        "turn.\u201d (509.1b)."]


def test_requirements_no_declaration_can_obey_are_told_apart_from_those_not_obeyed():
    # Grizzly Bears can't block the flying Lure Bird (702.9b) and Wall of Wood can't block at
    # all: their Lure requirements could not be obeyed by any declaration. Serra Angel's
    # could, and this declaration doesn't obey it.
    board = _public(_LURE)
    reqs = {r.text.split(" must block")[0]: r.id for r in board.problem("blocks").requirements
            if "must block" in r.text}
    never = board.unobeyable_requirements("blocks")
    assert set(never) == {reqs["Grizzly Bears"], reqs["Wall of Wood"]}
    assert never[reqs["Grizzly Bears"]] == (
        "Lure Bird has flying and can't be blocked by Grizzly Bears, which has neither flying "
        "nor reach (702.9b)")
    assert ("Wall of Wood can't block: effect 2 says \u201cTarget creature can't block this "
            "turn.\u201d (509.1b)") in never[reqs["Wall of Wood"]]
    v = board.check_blocks({"bears": ["raider"]})
    msg = v.violations[0].message
    assert v.violations[0].rule == "509.1c"
    obeyable, _, never = msg.partition(" Could not be obeyed on this board")
    assert "Not obeyed: Serra Angel must block Lure Bird if able" in obeyable
    assert "Grizzly Bears must block" not in obeyable and "Wall of Wood" not in obeyable
    assert "Grizzly Bears must block Lure Bird if able" in never
    assert "\u2014 Lure Bird has flying and can't be blocked by Grizzly Bears" in never


def test_a_requirement_settled_only_by_the_restrictions_together_is_found_by_the_solver():
    # "Can't block alone" and no other creature able to block: the Lure requirement can't
    # be obeyed, though no single restriction forbids the block.
    board = _public("""players Alice, Bob
active Alice
Alice:
  lure: Lure Beast 2/2 "All creatures able to block Lure Beast do so."
Bob:
  Mogg Flunkies 3/3 "Mogg Flunkies can't block alone."
attack lure -> Bob
""")
    (r,) = board.problem("blocks").requirements
    assert board.unobeyable_requirements("blocks") == {r.id: ""}


def test_a_block_outside_the_options_says_why():
    board = _public("""players Alice, Bob, Carol
active Alice
Alice:
  bears: Grizzly Bears 2/2
  giant: Hill Giant 3/3
Bob:
  b1: Grizzly Bears 2/2
Carol:
  c1: Hill Giant 3/3
attack bears -> Bob
attack giant -> Carol
""")
    v = board.check_blocks({"b1": ["giant"]})
    assert v.violations[0].message == (
        "Grizzly Bears (b1) can't block Hill Giant (giant): Hill Giant (giant) attacks Carol, "
        "and Bob's creatures can block only creatures attacking Bob, a planeswalker Bob "
        "controls or a battle Bob protects (802.4a).")
    v = board.check_blocks({"bears": ["giant"]})
    assert v.violations[0].message == (
        "Grizzly Bears (bears) can't block: Grizzly Bears (bears) is attacking (509.1a).")


def test_must_be_blocked_this_turn_says_this_turn():
    board = _public("""players Alice, Bob
active Alice
Alice:
  raider: Hill Giant 3/3
  brute: Ogre 3/3 "Ogre must be blocked if able."
Bob:
  Grizzly Bears 2/2
effect Alice -> raider: "Target creature must be blocked this turn if able."
attack raider -> Bob
attack brute -> Bob
""")
    assert sorted(r.text for r in board.problem("blocks").requirements) == [
        "Hill Giant must be blocked this turn if able.",
        "Ogre must be blocked if able."]


def test_attacking_player_in_a_blockers_ability_is_the_controller_of_the_attacker_in_2hg(backend):
    # 805.10c: "can't block unless you control more creatures than attacking player" in
    # Two-Headed Giant compares with whoever controls the attacker it would block.
    goon = A.BlockCondition(A.SelfRef(), A.MoreThan(A.TypePred("Creature"), "attacking"))
    teams = {"A": "t1", "C": "t1", "B": "t2", "D": "t2"}
    cards = [Card("a1", "A"), Card("a2", "C"), Card("c1", "C", tapped=True),
             Card("c2", "C", tapped=True), Card("goon", "B", goon), Card("b2", "B", tapped=True)]
    _, _, p = make(cards, {"a1": "B", "a2": "D"}, players=("A", "C", "B", "D"), teams=teams)
    # B controls 2 creatures: more than A (1), not more than C (3).
    assert legal_set(p, backend) == decls({}, {"goon": ["a1"]})
