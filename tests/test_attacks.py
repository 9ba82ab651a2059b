"""Legal attack declarations (508.1): the CR examples and the catalogue cases.

Each test builds a board with the rules model, binds hand-made readings
(``TextReading`` objects, so the Oracle grammar is not involved) and compares
the exact set of legal attack declarations with the catalogued answer on all
three backends. The helpers at the top are shared with
``test_attacks_property.py``.
"""

from __future__ import annotations

from typing import Mapping, Optional, Sequence

import pytest

from mtgcombat.rules import abilities as A
from mtgcombat.rules.attack import attack_problem
from mtgcombat.rules.bind import Bound, bind
from mtgcombat.rules.constraints import Problem
from mtgcombat.rules.model import Board, BoardError, Effect, Permanent, Player
from mtgcombat.solver import BACKENDS, get_backend
from mtgcombat.solver.base import check, legal_declarations

BACKS = [get_backend(n) for n in BACKENDS]


# -- helpers ------------------------------------------------------------------


def creature(id: str, controller: str = "Alice", *, name: Optional[str] = None,
             power: int = 2, toughness: int = 2, **kw) -> Permanent:
    return Permanent(id=id, name=name or id, controller=controller, power=power,
                     toughness=toughness, **kw)


def permanent(id: str, controller: str, type_line: str, **kw) -> Permanent:
    if "Planeswalker" in type_line:
        kw.setdefault("loyalty", 3)
    if "Battle" in type_line:
        kw.setdefault("defense", 5)
    return Permanent(id=id, name=kw.pop("name", id), controller=controller,
                     type_line=type_line, **kw)


def reading(*abilities: A.Ability, sentence: str = "(test text)") -> A.TextReading:
    return A.TextReading(understood=(A.Parsed(sentence, tuple(abilities)),))


def setup(
    permanents: Sequence[Permanent],
    texts: Optional[Mapping[str, Sequence[A.Ability]]] = None,
    effects: Sequence[tuple[Effect, Sequence[A.Ability]]] = (),
    players: Sequence[str] = ("Alice", "Bob"),
    teams: Optional[Mapping[str, str]] = None,
    active: str = "Alice",
    **board_fields,
) -> tuple[Board, Bound, Problem]:
    ps = tuple(Player(p, team=(teams or {}).get(p)) for p in players)
    board = Board(players=ps, active_player=active, permanents=tuple(permanents),
                  effects=tuple(e for e, _ in effects), **board_fields)
    readings = {pid: reading(*abs_) for pid, abs_ in (texts or {}).items()}
    bound = bind(board, readings, [reading(*abs_) for _, abs_ in effects])
    return board, bound, attack_problem(board, bound)


def frozen(decl: Mapping[str, str]) -> frozenset:
    return frozenset(decl.items())


def legal(problem: Problem, backends=BACKS) -> set[frozenset]:
    """The legal declarations, the same on every backend (asserted)."""
    answers = []
    for b in backends:
        res = legal_declarations(problem, b, limit=None)
        assert res.status == "complete"
        answers.append({frozen(d.declaration) for d in res.declarations})
    for a in answers[1:]:
        assert a == answers[0]
    return answers[0]


def expect(*decls: Mapping[str, str]) -> set[frozenset]:
    return {frozen(d) for d in decls}


def verdicts(problem: Problem, decl: Mapping[str, str]):
    vs = [check(problem, b, decl) for b in BACKS]
    for v in vs[1:]:
        assert (v.legal, v.requirements_obeyed, v.max_requirements, v.costs) == (
            vs[0].legal, vs[0].requirements_obeyed, vs[0].max_requirements, vs[0].costs)
    return vs[0]


ATTACKS = A.AttackRequirement()
SILENT_ARBITER = A.AttackCap(1)
PROPAGANDA = A.AttackCost("{2}", A.Group(), defender=A.YouRef())


# -- 508.1a: who can attack at all -----------------------------------------------------


def test_tapped_creature_cant_attack_and_check_says_why():
    _, _, p = setup([creature("bears", name="Grizzly Bears", tapped=True)])
    assert legal(p) == expect({})
    v = verdicts(p, {"bears": "Bob"})
    assert not v.legal
    assert [x.message for x in v.violations] == ["Grizzly Bears is tapped and can't attack (508.1a)."]
    assert v.violations[0].rule == "508.1a"


def test_defender_cant_attack_even_if_required():
    _, _, p = setup([creature("wall", name="Wall of Stone")],
                    {"wall": [A.Keyword("defender"), ATTACKS]})
    assert legal(p) == expect({})
    v = verdicts(p, {"wall": "Bob"})
    assert v.violations[0].message == "Wall of Stone has defender and can't attack (702.3b)."
    assert v.violations[0].rule == "702.3b"


def test_summoning_sick_creature_attacks_only_with_haste():
    _, _, p = setup([creature("x", summoning_sick=True), creature("h", summoning_sick=True)],
                    {"h": [A.Keyword("haste")]})
    assert legal(p) == expect({}, {"h": "Bob"})
    assert verdicts(p, {"x": "Bob"}).violations[0].rule == "302.6"


def test_only_creatures_of_the_attacking_player_have_options():
    _, _, p = setup([creature("x"), creature("y", "Bob")])
    assert set(p.options) == {"x"}
    v = verdicts(p, {"y": "Alice"})
    assert not v.legal


# -- 508.1c: restrictions ------------------------------------------------------------------


def test_two_cant_attack_alone_creatures_may_attack_together_cr_example():
    # 508.1c example; ATK-02 (Loyal Pegasus).
    _, _, p = setup([creature("p1"), creature("p2")],
                    {"p1": [A.CantAttackAlone()], "p2": [A.CantAttackAlone()]})
    assert legal(p) == expect({}, {"p1": "Bob", "p2": "Bob"})


def test_cant_attack_alone_partner_may_attack_another_player():
    # ATK-02: in multiplayer the partner may attack a different player (802.3a).
    _, _, p = setup([creature("peg"), creature("y")], {"peg": [A.CantAttackAlone()]},
                    players=("Alice", "Bob", "Carol"))
    got = legal(p)
    assert frozen({"peg": "Bob", "y": "Carol"}) in got
    assert frozen({"peg": "Bob"}) not in got
    assert len(got) == 1 + 2 + 4  # nobody; y alone; both anywhere


def test_cant_attack_alone_teammates_creature_counts_in_two_headed_giant():
    # ATK-02, 805.10a: a teammate's attacker is a partner.
    _, _, p = setup([creature("peg"), creature("ann_bear", "Ann")],
                    {"peg": [A.CantAttackAlone()]},
                    players=("Alice", "Ann", "Pat", "Quinn"),
                    teams={"Alice": "A", "Ann": "A", "Pat": "B", "Quinn": "B"})
    got = legal(p)
    assert frozen({"peg": "Pat", "ann_bear": "Quinn"}) in got
    assert frozen({"peg": "Pat"}) not in got


def test_can_only_attack_alone_with_attacks_if_able_leaves_one_declaration():
    # ATK-04: Master of Cruelties enchanted with Furor of the Bitten.
    _, _, p = setup([creature("master"), creature("y"), creature("z")],
                    {"master": [A.CanOnlyAttackAlone(), ATTACKS]})
    assert legal(p) == expect({"master": "Bob"})


def test_parity_restriction_forces_an_extra_attacker():
    # ATK-05: Rule with an Even Hand (command zone: an effect Alice controls).
    even = (Effect("You can't attack with an odd number of creatures.", "Alice"),
            [A.AttackParity(even=True)])
    _, _, p = setup([creature("x"), creature("y")], {"x": [ATTACKS]}, [even])
    assert legal(p) == expect({"x": "Bob", "y": "Bob"})
    _, _, p = setup([creature("x")], {"x": [ATTACKS]}, [even])
    assert legal(p) == expect({})


def test_cant_attack_unless_a_creature_with_greater_power_also_attacks():
    # 508.1c: the predicate is relative to the restricted creature.
    _, _, p = setup(
        [creature("x", power=2), creature("big", power=3), creature("small", power=1)],
        {"x": [A.AttackCondition(A.SelfRef(), A.OthersAttack(A.StatPred("power", ">", "self")))]},
    )
    got = legal(p)
    assert frozen({"x": "Bob"}) not in got
    assert frozen({"x": "Bob", "small": "Bob"}) not in got
    assert frozen({"x": "Bob", "big": "Bob"}) in got
    assert len(got) == 4 + 2  # all without x; x with big (with or without small)


def test_cant_attack_unless_defending_player_controls_an_island_is_per_target():
    # 508.1c, 802.2a: "defending player" is the player this creature attacks.
    _, _, p = setup(
        [creature("serpent"), permanent("isl", "Bob", "Basic Land - Island")],
        {"serpent": [A.AttackCondition(A.SelfRef(), A.DefenderControls(A.TypePred("Island")))]},
        players=("Alice", "Bob", "Carol"),
    )
    assert legal(p) == expect({}, {"serpent": "Bob"})


def test_cant_attack_as_long_as_you_control_no_gate():
    cond = A.AttackCondition(A.SelfRef(), A.PlayerControls(A.YouRef(), A.TypePred("Gate")))
    _, _, p = setup([creature("x")], {"x": [cond]})
    assert legal(p) == expect({})
    _, _, p = setup([creature("x"), permanent("gate", "Alice", "Land - Gate")], {"x": [cond]})
    assert legal(p) == expect({}, {"x": "Bob"})


def test_cant_attack_you_or_planeswalkers_you_control():
    _, _, p = setup(
        [creature("x"), permanent("pw", "Bob", "Legendary Planeswalker - Jace"),
         permanent("pw2", "Carol", "Legendary Planeswalker - Gideon")],
        effects=[(Effect("Creatures can't attack you or planeswalkers you control.", "Bob"),
                  [A.CantAttack(A.Group(), target=A.YouRef(), include_permanents=True)])],
        players=("Alice", "Bob", "Carol"),
    )
    assert legal(p) == expect({}, {"x": "Carol"}, {"x": "pw2"})


def test_cant_attack_planeswalkers():
    _, _, p = setup([creature("x"), permanent("pw", "Bob", "Planeswalker - Jace")],
                    {"x": [A.CantAttack(target_kind="planeswalker")]})
    assert legal(p) == expect({}, {"x": "Bob"})


# -- 508.1d: requirements ---------------------------------------------------------------------


def test_attacks_if_able_versus_one_attacker_cap():
    # 508.1d example; ATK-01 (Silent Arbiter).
    _, _, p = setup([creature("x", name="Goblin Brigand"), creature("y"),
                     creature("arbiter", "Bob", name="Silent Arbiter")],
                    {"x": [ATTACKS], "arbiter": [SILENT_ARBITER]})
    assert legal(p) == expect({"x": "Bob"})
    assert p.requirements[0].text == "Goblin Brigand attacks each combat if able."
    assert p.requirements[0].rule == "508.1d"
    for bad in ({"y": "Bob"}, {"x": "Bob", "y": "Bob"}, {}):
        assert not verdicts(p, bad).legal


def test_two_forced_attackers_under_a_one_attacker_cap():
    # ATK-06: two Cogwork Trackers, noted player Bob; Silent Arbiter.
    tracker = [ATTACKS, A.AttackRequirement(target=A.NamedRef("Bob"))]
    _, _, p = setup([creature("t1"), creature("t2"), creature("arb", "Carol")],
                    {"t1": tracker, "t2": tracker, "arb": [SILENT_ARBITER]},
                    players=("Alice", "Bob", "Carol"))
    assert legal(p) == expect({"t1": "Bob"}, {"t2": "Bob"})


def test_forced_attacker_still_chooses_its_target():
    # ATK-17: Trench Behemoth's requirement names no target.
    _, _, p = setup([creature("x"), creature("behemoth", "Bob")], {"x": [ATTACKS]},
                    players=("Alice", "Bob", "Carol"))
    assert legal(p) == expect({"x": "Bob"}, {"x": "Carol"})


def test_requirement_to_attack_a_planeswalker_that_is_gone_is_void():
    # ATK-14: Gideon Jura's +2 ("creatures target player controls attack Gideon Jura").
    gideon_effect = (
        Effect("Creatures target player controls attack Gideon Jura if able.", "Bob",
               targets=("Alice",)),
        [A.AttackRequirement(A.Group(controller=A.TargetRef(0, "player")),
                             target=A.NamedRef("gideon"))],
    )
    _, _, p = setup([creature("x")], effects=[gideon_effect])
    assert legal(p) == expect({}, {"x": "Bob"})
    assert len(p.requirements) == 1  # it still exists, and can't be obeyed
    _, _, p = setup([creature("x"), permanent("gideon", "Bob", "Legendary Planeswalker - Gideon",
                                              name="Gideon Jura")], effects=[gideon_effect])
    assert legal(p) == expect({"x": "gideon"})
    assert p.requirements[0].text == "x attacks Gideon Jura each combat if able."


def test_cant_attack_beats_attacks_if_able():
    # ATK-12 case 2: Magus of the Moat (creatures without flying can't attack); X is goaded,
    # Ogre Jailbreaker has defender; a flyer may still attack.
    moat = A.CantAttack(A.Group(pred=A.NotPred(A.KeywordPred("flying"))))
    _, _, p = setup(
        [creature("x", goaded_by=("Bob",)), creature("y", power=1), creature("ogre", power=4),
         creature("bird", power=1), creature("magus", "Bob")],
        {"ogre": [A.Keyword("defender")], "bird": [A.Keyword("flying")], "magus": [moat]},
    )
    assert legal(p) == expect({}, {"bird": "Bob"})


def test_power_restriction_voids_requirement_ensnaring_bridge_with_two_cards():
    # ATK-12 case 1. The board has no hands, so the Bridge is modelled with the hand size
    # fixed at 2: "creatures with power greater than 2 can't attack".
    bridge = A.CantAttack(A.Group(pred=A.StatPred("power", ">", 2)))
    _, _, p = setup(
        [creature("x", power=3), creature("y", power=1), creature("ogre", power=4),
         creature("bridge", "Bob", power=0, toughness=1)],
        {"x": [ATTACKS], "ogre": [A.Keyword("defender")], "bridge": [bridge]},
    )
    assert legal(p) == expect({}, {"y": "Bob"})


def test_trigger_that_asks_for_payment_is_no_cost_kazuul():
    # ATK-15: Kazuul's trigger imposes nothing on the declaration; X must attack.
    _, _, p = setup([creature("x"), creature("kazuul", "Bob", power=5, toughness=4)],
                    {"x": [ATTACKS]})
    assert legal(p) == expect({"x": "Bob"})
    assert p.costs == ()


# -- 508.1d, 508.1g-j: costs --------------------------------------------------------------------


def test_attack_taxes_are_optional_and_cumulative():
    # ATK-09: two Propagandas; a forced attacker need not attack; each creature owes {2} twice.
    _, _, p = setup(
        [creature("x", name="Juggernaut"), creature("w", name="Leonin Warleader"),
         creature("prop1", "Bob", name="Propaganda"), creature("prop2", "Bob", name="Propaganda")],
        {"x": [ATTACKS], "prop1": [PROPAGANDA], "prop2": [PROPAGANDA]},
    )
    assert legal(p) == expect({}, {"x": "Bob"}, {"w": "Bob"}, {"x": "Bob", "w": "Bob"})
    v = verdicts(p, {"x": "Bob", "w": "Bob"})
    assert v.legal and len(v.costs) == 4
    # Each Propaganda is named by its id, so the two costs of one creature differ.
    assert v.costs[0] == "{2} for Juggernaut attacking Bob (Propaganda (prop1))"
    assert len(set(v.costs)) == 4
    assert verdicts(p, {}).legal


def test_norns_annex_taxes_each_creature_per_annex_including_planeswalkers():
    # ATK-11.
    annex = A.AttackCost("{W/P}", A.Group(), defender=A.YouRef(), include_permanents=True)
    _, _, p = setup(
        [creature("x"), creature("y"), permanent("pw", "Bob", "Planeswalker - Jace"),
         creature("annex1", "Bob", name="Norn's Annex"), creature("annex2", "Bob", name="Norn's Annex")],
        {"x": [ATTACKS], "annex1": [annex], "annex2": [annex]},
    )
    got = legal(p)
    assert len(got) == 9  # the forced creature may stay home: every declaration is legal
    v = verdicts(p, {"x": "pw", "y": "Bob"})
    assert v.legal and len(v.costs) == 4 and all(c.startswith("{W/P}") for c in v.costs)


def test_goad_and_propaganda_on_the_only_non_goader():
    # MP-02: X goaded by Bob; Carol has Propaganda; both have planeswalkers.
    _, _, p = setup(
        [creature("x", goaded_by=("Bob",)), permanent("pwb", "Bob", "Planeswalker - Jace"),
         permanent("pwc", "Carol", "Planeswalker - Chandra"),
         creature("prop", "Carol", name="Propaganda")],
        {"prop": [PROPAGANDA]}, players=("Alice", "Bob", "Carol"),
    )
    assert legal(p) == expect({"x": "Bob"}, {"x": "pwb"}, {"x": "pwc"}, {"x": "Carol"})
    assert verdicts(p, {"x": "Carol"}).costs == ["{2} for x attacking Carol (Propaganda)"]
    assert not verdicts(p, {}).legal


def test_goad_with_a_tax_free_non_goader_must_attack_that_player():
    # MP-02, four players: Dave is tax-free, so X attacks Dave unless Alice pays for Carol.
    _, _, p = setup(
        [creature("x", goaded_by=("Bob",)), creature("prop", "Carol", name="Propaganda")],
        {"prop": [PROPAGANDA]}, players=("Alice", "Bob", "Carol", "Dave"),
    )
    assert legal(p) == expect({"x": "Dave"}, {"x": "Carol"})


def test_goad_own_creature_must_attack_a_player():
    # MP-03: goaded by its own controller; attacking a planeswalker leaves one unobeyed.
    _, _, p = setup([creature("x", goaded_by=("Alice",)),
                     permanent("pw", "Bob", "Planeswalker - Jace")])
    assert legal(p) == expect({"x": "Bob"})
    assert [r.rule for r in p.requirements] == ["701.15b", "701.15b"]


def test_goad_cites_701_38_under_the_2024_rules_and_goading_twice_adds_nothing():
    _, _, p = setup([creature("x", goaded_by=("Bob", "Bob"))], rules="2024")
    assert [r.rule for r in p.requirements] == ["701.38b", "701.38b"]


def test_goad_by_two_players_adds_requirements():
    # 701.15c: goaded by Bob and Carol: attacking Dave obeys all four.
    _, _, p = setup([creature("x", goaded_by=("Bob", "Carol"))],
                    players=("Alice", "Bob", "Carol", "Dave"))
    assert len(p.requirements) == 4
    assert legal(p) == expect({"x": "Dave"})


def test_two_headed_giant_taxes_are_per_creature_and_per_defending_player():
    # MP-04: Pat has Propaganda (players only); Quinn has Forbidding Spirit's effect
    # (players and planeswalkers).
    spirit = A.AttackCost("{2}", A.Group(), defender=A.YouRef(), include_permanents=True)
    _, _, p = setup(
        [creature("x"), creature("y"), creature("z", "Ann"),
         permanent("pwp", "Pat", "Planeswalker - Jace"), permanent("pwq", "Quinn", "Planeswalker - Nissa"),
         creature("prop", "Pat", name="Propaganda")],
        {"prop": [PROPAGANDA]},
        effects=[(Effect("Forbidding Spirit", "Quinn"), [spirit])],
        players=("Alice", "Ann", "Pat", "Quinn"),
        teams={"Alice": "A", "Ann": "A", "Pat": "B", "Quinn": "B"},
    )
    assert set(p.options["z"]) == {"Pat", "Quinn", "pwp", "pwq"}
    assert len(verdicts(p, {"x": "Pat", "y": "pwp", "z": "Quinn"}).costs) == 2
    assert len(verdicts(p, {"x": "pwq"}).costs) == 1
    assert verdicts(p, {"x": "pwp", "y": "pwp"}).costs == []
    assert len(legal(p)) == 5 ** 3  # no requirement: every declaration is legal


def test_per_player_cap_and_global_cap_in_multiplayer():
    # MP-05: Crawlspace (Bob) and Silent Arbiter (Carol).
    crawlspace = A.AttackCap(2, defender=A.YouRef())
    perms = [creature("a"), creature("b"), creature("c"),
             creature("crawl", "Bob"), creature("arb", "Carol")]
    _, _, p = setup(perms, {"crawl": [crawlspace], "arb": [SILENT_ARBITER]},
                    players=("Alice", "Bob", "Carol"))
    got = legal(p)
    assert len(got) == 1 + 3 * 2 and all(len(d) <= 1 for d in got)
    _, _, p = setup(perms, {"crawl": [crawlspace]}, players=("Alice", "Bob", "Carol"))
    got = legal(p)
    assert len(got) == 3 ** 3 - 1
    assert frozen({"a": "Bob", "b": "Bob", "c": "Carol"}) in got
    assert frozen({"a": "Bob", "b": "Bob", "c": "Bob"}) not in got


def test_battles_own_siege_may_be_attacked_and_protected_one_may_not():
    # MP-08: Alice's Siege protected by Bob; Carol's Siege protected by Alice.
    perms = [creature("x"), permanent("s1", "Alice", "Battle - Siege", protector="Bob"),
             permanent("s2", "Carol", "Battle - Siege", protector="Alice")]
    _, _, p = setup(perms, players=("Alice", "Bob", "Carol"))
    assert legal(p) == expect({}, {"x": "Bob"}, {"x": "Carol"}, {"x": "s1"})
    # Goaded by Bob: Carol is a player other than the goader.
    _, _, p = setup([creature("x", goaded_by=("Bob",)), *perms[1:]],
                    players=("Alice", "Bob", "Carol"))
    assert legal(p) == expect({"x": "Carol"})
    # Only Bob defends (506.2a): the goaded creature may attack the battle or the goader.
    _, _, p = setup([creature("x", goaded_by=("Bob",)), *perms[1:]],
                    players=("Alice", "Bob", "Carol"), defending_players=("Bob",))
    assert legal(p) == expect({"x": "Bob"}, {"x": "s1"})


def test_token_that_must_attack_one_player_ignores_their_planeswalker():
    # MP-10: a Horror that attacks Pat each combat if able.
    horror = [A.AttackRequirement(target=A.NamedRef("Pat"))]
    perms = [creature("h", power=3, toughness=3), permanent("pw", "Pat", "Planeswalker - Jace")]
    _, _, p = setup(perms, {"h": horror}, players=("Alice", "Pat", "Quinn"))
    assert legal(p) == expect({"h": "Pat"})
    # Case 2: Pat has left the game -- the requirement can't be obeyed.
    _, _, p = setup([perms[0], permanent("pw", "Quinn", "Planeswalker - Jace")],
                    {"h": horror}, players=("Alice", "Quinn", "Rita"))
    assert legal(p) == expect({}, {"h": "Quinn"}, {"h": "pw"}, {"h": "Rita"})
    # A cost to attack Pat excuses the requirement; paying it is still legal.
    _, _, p = setup(perms + [creature("prop", "Pat", name="Propaganda")],
                    {"h": horror, "prop": [PROPAGANDA]}, players=("Alice", "Pat", "Quinn"))
    assert legal(p) == expect({}, {"h": "Pat"}, {"h": "pw"}, {"h": "Quinn"})


# -- not modellable on one board ----------------------------------------------------------------
# ATK-08 (two combats in one turn, "each turn" caps) needs a record of earlier combats, and
# tokens put onto the battlefield attacking (ATK-02, ATK-09) are never declared: a board
# lists only the creatures that may be declared, so both simply don't arise here.


def test_unresolvable_condition_is_an_error_not_a_silent_pass():
    cond = A.AttackCondition(A.SelfRef(), A.CardsInHand(A.YouRef()))  # type: ignore[arg-type]
    with pytest.raises(BoardError):
        setup([creature("x")], {"x": [cond]})


def test_names_cover_players_and_permanents():
    _, _, p = setup([creature("x", name="Grizzly Bears"), permanent("pw", "Bob", "Planeswalker - Jace")])
    assert p.names == {"Alice": "Alice", "Bob": "Bob", "x": "Grizzly Bears", "pw": "pw"}


# -- "as though" (609.4), conditions on the board (611.3a) ------------------------------

DESPITE_DEFENDER = A.AttackAsThough(A.SelfRef(), lacked="defender")


def test_defender_that_can_attack_as_though_it_didnt_have_defender():
    # Rolling Stones / Animate Wall: 702.3b no longer stops it; nothing else changes.
    _, _, p = setup([creature("wall", name="Wall of Stone"), creature("w2", name="Wall")],
                    {"wall": [A.Keyword("defender"), DESPITE_DEFENDER],
                     "w2": [A.Keyword("defender")]})
    assert legal(p) == expect({}, {"wall": "Bob"})
    assert verdicts(p, {"w2": "Bob"}).violations[0].rule == "702.3b"


def test_enchanted_wall_attacks_only_while_the_aura_is_on_it():
    animate = A.AttackAsThough(A.AttachedRef(), lacked="defender")
    aura = permanent("aura", "Alice", "Enchantment - Aura", name="Animate Wall",
                     attached_to="wall")
    _, _, p = setup([creature("wall"), aura], {"wall": [A.Keyword("defender")],
                                               "aura": [animate]})
    assert legal(p) == expect({}, {"wall": "Bob"})


def test_can_attack_as_though_it_had_haste_ignores_summoning_sickness_only():
    haste = A.AttackAsThough(A.SelfRef(), had="haste")
    _, _, p = setup([creature("x", summoning_sick=True), creature("t", tapped=True,
                                                                  summoning_sick=True)],
                    {"x": [haste], "t": [haste]})
    assert legal(p) == expect({}, {"x": "Bob"})
    assert verdicts(p, {"t": "Bob"}).violations[0].rule == "508.1a"


def test_can_attack_despite_defender_as_long_as_you_control_a_gate():
    # Ogre Jailbreaker: the condition is judged on the board (611.3a).
    ogre = A.Conditional(A.PlayerControls(A.YouRef(), A.TypePred("Gate")), (DESPITE_DEFENDER,))
    texts = {"ogre": [A.Keyword("defender"), ogre]}
    _, _, p = setup([creature("ogre")], texts)
    assert legal(p) == expect({})
    _, _, q = setup([creature("ogre"), permanent("gate", "Alice", "Land - Gate")], texts)
    assert legal(q) == expect({}, {"ogre": "Bob"})


def test_creatures_without_flying_or_islandwalk_cant_attack():
    # Stormtide Leviathan / Celestine Reef: landwalk by its name (702.14).
    reef = A.CantAttack(A.Group(A.NotPred(A.OrPred((A.KeywordPred("flying"),
                                                    A.LandwalkPred("islandwalk"))))))
    walk = A.Landwalk(A.TypePred("Island"), "islandwalk")
    swalk = A.Landwalk(A.TypePred("Swamp"), "swampwalk")
    _, _, p = setup([creature("bird"), creature("fish"), creature("bear"), creature("rat"),
                     permanent("reef", "Bob", "Plane - Luvion")],
                    {"bird": [A.Keyword("flying")], "fish": [walk], "rat": [swalk],
                     "reef": [reef]})
    assert legal(p) == expect({}, {"bird": "Bob"}, {"fish": "Bob"},
                              {"bird": "Bob", "fish": "Bob"})


def test_granted_islandwalk_counts_for_creatures_without_islandwalk():
    reef = A.CantAttack(A.Group(A.NotPred(A.LandwalkPred("islandwalk"))))
    grant = A.Grant(A.TargetGroup(0, None), (A.Landwalk(A.TypePred("Island"), "islandwalk"),))
    _, _, p = setup([creature("x"), creature("y"), permanent("reef", "Bob", "Enchantment")],
                    {"reef": [reef]},
                    effects=[(Effect("X target creatures gain islandwalk until end of turn.",
                                     "Alice", ("x",)), [grant])])
    assert legal(p) == expect({}, {"x": "Bob"})


def test_attack_cap_as_long_as_it_is_tapped():
    # Mirri, Weatherlight Duelist: "no more than one creature can attack you" while tapped.
    mirri = A.Conditional(A.ObjectIs(A.SelfRef(), A.TappedPred(True)),
                          (A.AttackCap(1, defender=A.YouRef()),))
    for tapped, most in ((True, 1), (False, 2)):
        _, _, p = setup([creature("x"), creature("y"),
                         creature("mirri", "Bob", tapped=tapped)], {"mirri": [mirri]})
        assert max(len(d) for d in legal(p)) == most


def test_attack_tax_as_long_as_it_is_untapped():
    # Archangel of Tithes: {1} per creature attacking its controller while untapped.
    tithes = A.Conditional(A.ObjectIs(A.SelfRef(), A.TappedPred(False)), (
        A.AttackCost("{1}", A.Group(), defender=A.YouRef(), include_permanents=True),))
    _, _, p = setup([creature("x"), creature("angel", "Bob")], {"angel": [tithes]})
    assert [c.amount for c in p.costs] == ["{1}"]
    _, _, q = setup([creature("x"), creature("angel", "Bob", tapped=True)], {"angel": [tithes]})
    assert q.costs == ()


def test_cant_attack_unless_you_control_more_creatures_than_the_player_it_attacks():
    # 508.1c, 802.2a: the comparison is with the player it would attack.
    cond = A.AttackCondition(A.SelfRef(), A.MoreThan(A.TypePred("Creature"), "defending"))
    _, _, p = setup([creature("x"), creature("y"), creature("b1", "Bob"),
                     creature("c1", "Carol"), creature("c2", "Carol")], {"x": [cond]},
                    players=("Alice", "Bob", "Carol"))
    assert {d.get("x") for d in map(dict, legal(p))} == {None, "Bob"}


def test_cant_attack_unless_there_is_a_mountain_on_the_battlefield():
    cond = A.AttackCondition(A.SelfRef(), A.OnBattlefield(A.TypePred("Mountain")))
    _, _, p = setup([creature("x")], {"x": [cond]})
    assert legal(p) == expect({})
    _, _, q = setup([creature("x"), permanent("m", "Bob", "Basic Land - Mountain")],
                    {"x": [cond]})
    assert legal(q) == expect({}, {"x": "Bob"})


def test_creature_goaded_by_an_aura_of_another_player():
    # 701.15b (701.38b in 2024): goaded by the Aura's controller, Bob -- it must attack,
    # and attack a player other than Bob: Carol.
    impetus = permanent("aura", "Bob", "Enchantment - Aura", name="Shiny Impetus",
                        attached_to="bear")
    _, _, p = setup([creature("bear"), impetus], {"aura": [A.Goaded(A.AttachedRef())]},
                    players=("Alice", "Bob", "Carol"))
    assert legal(p) == expect({"bear": "Carol"})
    # Goaded by Bob on the board as well: still one goad by Bob (701.15d).
    _, _, q = setup([creature("bear", goaded_by=("Bob",)), impetus],
                    {"aura": [A.Goaded(A.AttachedRef())]}, players=("Alice", "Bob", "Carol"))
    assert len(q.requirements) == 2


def test_you_or_planeswalkers_you_control_does_not_cover_a_battle_you_protect():
    # A battle is not a planeswalker (310): Sandwurm Convergence and Norn's Annex say
    # nothing about attacking Alice's own Siege that Bob protects.
    perms = [creature("x"), permanent("own", "Alice", "Battle - Siege", protector="Bob"),
             permanent("pw", "Bob", "Legendary Planeswalker - Jace")]
    cant = A.CantAttack(A.Group(), target=A.YouRef(), include_permanents=True)
    _, _, p = setup(perms + [permanent("wurm", "Bob", "Enchantment")], {"wurm": [cant]})
    assert legal(p) == expect({}, {"x": "own"})
    tax = A.AttackCost("{2}", A.Group(), defender=A.YouRef(), include_permanents=True)
    _, _, q = setup(perms + [permanent("annex", "Bob", "Enchantment")], {"annex": [tax]})
    assert verdicts(q, {"x": "own"}).costs == []
    assert verdicts(q, {"x": "pw"}).costs != []


# -- messages: what the text says, and why a choice isn't one (rules review) ---------------


def _scenario(text: str):
    from mtgcombat import Board as PublicBoard

    return PublicBoard.from_scenario(text)


def test_an_effect_that_says_attacks_this_turn_is_described_as_this_turn():
    board = _scenario(
        "players Alice, Bob\nactive Alice\nAlice:\n  bears: Grizzly Bears 2/2\n"
        "  brigand: Goblin Brigand 2/2 \"Goblin Brigand attacks each combat if able.\"\n"
        "effect Bob -> bears: \"Target creature attacks this turn if able.\"\n")
    texts = sorted(r.text for r in board.problem("attacks").requirements)
    assert texts == ["Goblin Brigand attacks each combat if able.",
                     "Grizzly Bears attacks this turn if able."]


def test_two_propagandas_give_two_costs_each_naming_its_source():
    board = _scenario(
        "players Alice, Bob\nactive Alice\nAlice:\n  Juggernaut 5/3\nBob:\n"
        + "".join(f"  {p}: Propaganda [Enchantment] \"Creatures can't attack you unless their "
                  "controller pays {2} for each creature they control that's attacking you.\"\n"
                  for p in ("p1", "p2")))
    v = board.check_attacks({"Juggernaut": "Bob"})
    assert v.costs == ["{2} for Juggernaut attacking Bob (Propaganda (p1))",
                       "{2} for Juggernaut attacking Bob (Propaganda (p2))"]


_MP = """players Alice, Bob, Carol, Dan
active Alice
defending Bob, Carol
Alice:
  bears: Grizzly Bears 2/2
Bob:
  b1: Grizzly Bears 2/2
  Inv [Battle — Siege] defense 3 protector Alice
Dan:
  Liliana [Legendary Planeswalker — Liliana] loyalty 3
"""


@pytest.mark.parametrize("target,why", [
    ("Alice", "Alice is the attacking player; a creature attacks a defending player, a "
              "planeswalker they control or a battle they protect (506.2, 508.1b)"),
    ("Dan", "Dan is not a defending player this combat (the defending players are Bob, Carol; "
            "506.2a, 508.1b)"),
    ("Liliana", "Liliana is controlled by Dan, who is not a defending player"),
    ("Inv", "Alice protects Inv, and a battle's protector can never attack it (310.9b)"),
    ("b1", "Grizzly Bears (b1) is not a player, planeswalker or battle; only those can be "
           "attacked (506.3)"),
])
def test_a_target_that_cannot_be_attacked_says_why(target, why):
    board = _scenario(_MP)
    v = board.check_attacks({"bears": target})
    assert not v.legal and v.violations[0].rule == "508.1a"
    msg = v.violations[0].message
    assert msg.startswith(f"Grizzly Bears (bears) can't attack {board.label(target)}: ")
    assert why in msg


def test_a_creature_of_a_non_attacking_player_cannot_attack_and_says_why():
    v = _scenario(_MP).check_attacks({"b1": "Bob"})
    assert v.violations[0].message == (
        "Grizzly Bears (b1) can't attack: Grizzly Bears (b1) is controlled by Bob, who is not "
        "the attacking player (Alice is; 506.2, 508.1a).")


def test_a_battle_protector_cites_the_2024_number_under_2024():
    v = _scenario("rules 2024\n" + _MP).check_attacks({"bears": "Inv"})
    assert "(310.8b)" in v.violations[0].message
