"""Combat damage assignment: CR examples (old 510.1c, 702.19b-c) and the DMG-* catalogue
cases, under each rules edition where the answer differs."""

from __future__ import annotations

import pytest

from mtgcombat.rules.abilities import (
    AssignAsThoughUnblocked, BandsWithOther, ColorPred, DefenderAssignsDamage, Keyword,
    Parsed, Protection, TextReading, TypePred,
)
from mtgcombat.rules.bind import bind
from mtgcombat.rules.damage import EDITIONS, Term, damage_step, default_objective
from mtgcombat.rules.model import Board, BoardError, Permanent, Player
from mtgcombat.solver.damage import exhaustive_assignments

from mtgcombat.text import Writer

from .answers import check_damage_answer, damage_answer, format_damage, format_damage_check

BOTH = ("2024", "current")


def reading(*abilities, sentence="text") -> TextReading:
    return TextReading(understood=(Parsed(sentence, tuple(abilities)),))


def kw(*names: str) -> TextReading:
    return reading(*(Keyword(n) for n in names))


def C(pid, power, toughness, ctl="Alice", name=None, damage=0, **kw_):
    return Permanent(pid, name or pid, ctl, power=power, toughness=toughness, damage=damage, **kw_)


def make(perms, attacks, blocks=None, rules="current", order=None, readings=None,
         step=None, effects=(), effect_readings=()):
    board = Board(
        (Player("Alice"), Player("Bob")), "Alice", rules=rules, permanents=tuple(perms),
        attacks=attacks, blocks=blocks, damage_order=order, damage_step=step,
        effects=tuple(effects),
    )
    return board, bind(board, readings or {}, list(effect_readings))


def divisions(board, bound, source, **kw_):
    """The set of legal divisions of one source, as sorted tuples of (recipient, amount)."""
    ans = damage_answer(board, bound, **kw_)
    assert ans["status"] == "complete"
    return {tuple(sorted(a["assignment"].get(source, {}).items())) for a in ans["assignments"]}


def legal(board, bound, assignment, **kw_):
    return check_damage_answer(board, bound, assignment, **kw_)["legal"]


def splits(a, b, total, names=("g", "e")):
    """{(a amount, b amount)} -> division tuples."""
    out = set()
    for x in range(total + 1):
        d = {names[0]: x, names[1]: total - x}
        out.add(tuple(sorted((k, v) for k, v in d.items() if v)))
    return out


def div(**d):
    return tuple(sorted((k, v) for k, v in d.items() if v))


# ---------------------------------------------------------------------------
# Old 510.1c examples (edition 2024) -- DMG-01, DMG-02, DMG-03
# ---------------------------------------------------------------------------

GORGER = [C("gorger", 5, 6, name="Vastwood Gorger"),
          C("g", 0, 3, "Bob", "Pride Guardian"), C("e", 1, 1, "Bob", "Llanowar Elves")]
GORGER_BLOCKS = {"g": ["gorger"], "e": ["gorger"]}


def test_old_510_1c_example_1_dmg01():
    b, bd = make(GORGER, {"gorger": "Bob"}, GORGER_BLOCKS, "2024", {"gorger": ["g", "e"]})
    assert divisions(b, bd, "gorger") == {div(g=3, e=2), div(g=4, e=1), div(g=5)}
    v = check_damage_answer(b, bd, {"gorger": {"g": 2, "e": 3}})
    assert not v["legal"]
    assert v["violations"][0]["rule"] == "old 510.1c"
    assert "Pride Guardian" in v["violations"][0]["message"]
    assert "lethal 3" in v["violations"][0]["message"]
    assert v["requirements_obeyed"] is None and v["max_requirements"] is None
    assert v["witness"] is None


def test_dmg01_current_free_division():
    b, bd = make(GORGER, {"gorger": "Bob"}, GORGER_BLOCKS, "current")
    assert divisions(b, bd, "gorger") == {div(g=x, e=5 - x) for x in range(6)}


def test_dmg01_2024_without_order_is_part_of_choice():
    b, bd = make(GORGER, {"gorger": "Bob"}, GORGER_BLOCKS, "2024")
    ans = damage_answer(b, bd)
    got = {tuple(sorted(a["assignment"]["gorger"].items())): a["damage_order"]
           for a in ans["assignments"]}
    assert set(got) == {div(g=x, e=5 - x) for x in range(6)}
    assert got[div(g=5)] == {"gorger": ["g", "e"]}
    assert got[div(e=5)] == {"gorger": ["e", "g"]}
    # Each named order indeed makes its assignment legal.
    for d, order in got.items():
        b2, bd2 = make(GORGER, {"gorger": "Bob"}, GORGER_BLOCKS, "2024", order)
        assert legal(b2, bd2, {"gorger": dict(d)})


def test_old_510_1c_example_2_giant_growth_dmg02():
    perms = [GORGER[0], C("g", 3, 6, "Bob", "Pride Guardian"), GORGER[2]]
    b, bd = make(perms, {"gorger": "Bob"}, GORGER_BLOCKS, "2024", {"gorger": ["g", "e"]})
    assert divisions(b, bd, "gorger") == {div(g=5)}
    b, bd = make(perms, {"gorger": "Bob"}, GORGER_BLOCKS, "current")
    assert div(g=4, e=1) in divisions(b, bd, "gorger")
    assert legal(b, bd, {"gorger": {"e": 5}})


def test_old_510_1c_example_3_prevention_ignored_dmg03():
    # Mending Hands prevents 4 damage to the Guardian; lethal is still 3.
    eff = {"text": "Prevent the next 4 damage that would be dealt to target creature this turn."}
    from mtgcombat.rules.model import Effect
    perms = GORGER
    b, bd = make(perms, {"gorger": "Bob"}, GORGER_BLOCKS, "2024", {"gorger": ["g", "e"]},
                 effects=[Effect(eff["text"], "Bob", ("g",))],
                 effect_readings=[TextReading(not_understood=(eff["text"],))])
    assert divisions(b, bd, "gorger") == {div(g=3, e=2), div(g=4, e=1), div(g=5)}


def test_old_510_1c_example_4_baloth_and_boars():
    perms = [C("baloth", 7, 7, name="Enormous Baloth"), C("boars", 4, 4, name="Durkwood Boars"),
             C("armodon", 3, 3, "Bob", "Trained Armodon", damage=2),
             C("brigade", 2, 4, "Bob", "Foriysian Brigade"),
             C("ape", 5, 5, "Bob", "Silverback Ape"), C("piker", 2, 1, "Bob", "Goblin Piker")]
    blocks = {"armodon": ["baloth"], "brigade": ["baloth", "boars"], "ape": ["baloth"],
              "piker": ["boars"]}
    order = {"baloth": ["armodon", "brigade", "ape"], "boars": ["brigade", "piker"],
             "brigade": ["baloth", "boars"]}
    b, bd = make(perms, {"baloth": "Bob", "boars": "Bob"}, blocks, "2024", order)
    good = {"baloth": {"armodon": 1, "brigade": 1, "ape": 5}, "boars": {"brigade": 3, "piker": 1}}
    assert legal(b, bd, good)
    # Judged as a whole (510.1e): the Baloth's part alone would not give the Brigade lethal.
    bad = {"baloth": {"armodon": 1, "brigade": 1, "ape": 5}, "boars": {"brigade": 2, "piker": 2}}
    v = check_damage_answer(b, bd, bad)
    assert not v["legal"]
    msgs = " ".join(x["message"] for x in v["violations"])
    assert "Foriysian Brigade" in msgs and "lethal 4" in msgs
    # Marked damage counts: 1 is lethal for the Armodon.
    assert legal(b, bd, {"baloth": {"armodon": 1, "brigade": 4, "ape": 2},
                         "boars": {"brigade": 4}})
    assert not legal(b, bd, {"baloth": {"brigade": 7}, "boars": {"brigade": 4}})
    # Under current rules no order: any split.
    b2, bd2 = make(perms, {"baloth": "Bob", "boars": "Bob"}, blocks, "current")
    assert legal(b2, bd2, {"baloth": {"ape": 7}, "boars": {"piker": 4}})


# ---------------------------------------------------------------------------
# 702.19b-c examples
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules", BOTH)
def test_702_19b_example_1_shared_blocker(rules):
    perms = [C("a", 1, 1), C("t", 3, 3), C("blk", 2, 2, "Bob")]
    b, bd = make(perms, {"a": "Bob", "t": "Bob"}, {"blk": ["a", "t"]}, rules,
                 readings={"t": kw("trample")})
    assert legal(b, bd, {"a": {"blk": 1}, "t": {"blk": 1, "Bob": 2}})
    assert not legal(b, bd, {"a": {"blk": 1}, "t": {"Bob": 3}})
    assert divisions(b, bd, "t") == {div(blk=3), div(blk=2, Bob=1), div(blk=1, Bob=2)}


@pytest.mark.parametrize("rules", BOTH)
def test_702_19b_example_2_protection_dmg09(rules):
    perms = [C("t", 6, 6, colors=("G",)), C("p", 2, 2, "Bob")]
    b, bd = make(perms, {"t": "Bob"}, {"p": ["t"]}, rules, readings={
        "t": kw("trample"),
        "p": reading(Protection(pred=ColorPred("G"), label="protection from green"))})
    assert divisions(b, bd, "t") == {div(p=x, Bob=6 - x) for x in range(2, 7)}
    v = check_damage_answer(b, bd, {"t": {"p": 1, "Bob": 5}})
    assert not v["legal"] and v["violations"][0]["rule"] == "702.19b"
    # The prevented damage destroys nothing.
    best = damage_answer(b, bd)["best"]["Alice"]
    assert best["destroyed"] == [] and best["damage_to"] == {"Bob": 4}


@pytest.mark.parametrize("rules", BOTH)
def test_702_19c_example_dmg13(rules):
    perms = [C("a", 1, 1), C("t", 7, 7),
             Permanent("pw", "Planeswalker", "Bob", type_line="Planeswalker", loyalty=3)]
    b, bd = make(perms, {"a": "pw", "t": "pw"}, None, rules,
                 readings={"t": kw("trample over planeswalkers")})
    assert legal(b, bd, {"a": {"pw": 1}, "t": {"pw": 2, "Bob": 5}})
    assert not legal(b, bd, {"a": {"pw": 1}, "t": {"pw": 1, "Bob": 6}})
    assert legal(b, bd, {"a": {"pw": 1}, "t": {"pw": 7}})
    best = damage_answer(b, bd)["best"]["Alice"]
    assert sum(best["damage_to"].values()) == 8
    face = lambda step, p: (Term(damage={"Bob": 1}),) + default_objective(step, p)
    best = damage_answer(b, bd, objective=face)["best"]["Alice"]
    assert best["damage_to"] == {"Bob": 5, "pw": 3}


def test_plain_trample_attacking_planeswalker_cannot_reach_player():
    # 702.19f: without trample over planeswalkers nothing goes to the controller.
    perms = [C("t", 7, 7), C("blk", 2, 2, "Bob"),
             Permanent("pw", "Planeswalker", "Bob", type_line="Planeswalker", loyalty=3)]
    b, bd = make(perms, {"t": "pw"}, {"blk": ["t"]}, readings={"t": kw("trample")})
    assert divisions(b, bd, "t") == {div(blk=x, pw=7 - x) for x in range(2, 8)}
    with pytest.raises(BoardError):
        check_damage_answer(b, bd, {"t": {"nobody": 7}})
    assert not legal(b, bd, {"t": {"blk": 2, "Bob": 5}})


# ---------------------------------------------------------------------------
# DMG catalogue
# ---------------------------------------------------------------------------


def test_dmg05_regrower():
    perms = [C("r", 4, 3, name="Elvish Regrower"), C("s", 2, 3, "Bob", "Vampire Spawn"),
             C("h", 1, 1, "Bob", "Helpful Hunter")]
    blocks = {"s": ["r"], "h": ["r"]}
    b, bd = make(perms, {"r": "Bob"}, blocks, "current")
    assert divisions(b, bd, "r") == {div(s=x, h=4 - x) for x in range(5)}
    b, bd = make(perms, {"r": "Bob"}, blocks, "2024", {"r": ["s", "h"]})
    assert divisions(b, bd, "r") == {div(s=3, h=1), div(s=4)}
    b, bd = make(perms, {"r": "Bob"}, blocks, "2024", {"r": ["h", "s"]})
    assert divisions(b, bd, "r") == {div(s=x, h=4 - x) for x in range(4)}


def test_dmg06_blocker_two_attackers():
    perms = [C("A", 1, 1), C("B", 1, 1), C("brig", 2, 4, "Bob", "Foriysian Brigade")]
    blocks = {"brig": ["A", "B"]}
    b, bd = make(perms, {"A": "Bob", "B": "Bob"}, blocks, "2024", {"brig": ["A", "B"]})
    assert divisions(b, bd, "brig") == {div(A=1, B=1), div(A=2)}
    ans = damage_answer(b, bd)
    assert ans["sources"]["brig"]["assigner"] == "Bob"
    b, bd = make(perms, {"A": "Bob", "B": "Bob"}, blocks, "current")
    assert divisions(b, bd, "brig") == {div(A=2), div(A=1, B=1), div(B=2)}
    assert damage_answer(b, bd)["best"]["Bob"]["destroyed"] == ["A", "B"]


@pytest.mark.parametrize("rules", BOTH)
def test_dmg07_trample_marked_damage_and_indestructible(rules):
    perms = [C("t", 4, 4), C("b", 3, 3, "Bob", damage=2)]
    b, bd = make(perms, {"t": "Bob"}, {"b": ["t"]}, rules, readings={"t": kw("trample")})
    assert divisions(b, bd, "t") == {div(b=x, Bob=4 - x) for x in range(1, 5)}
    perms = [C("t", 4, 4), C("b", 3, 3, "Bob")]
    b, bd = make(perms, {"t": "Bob"}, {"b": ["t"]}, rules,
                 readings={"t": kw("trample"), "b": kw("indestructible")})
    assert divisions(b, bd, "t") == {div(b=3, Bob=1), div(b=4)}
    best = damage_answer(b, bd)["best"]["Alice"]
    assert best["destroyed"] == [] and best["damage_to"] == {"Bob": 1}


@pytest.mark.parametrize("rules", BOTH)
def test_dmg10_damage_modifier_does_not_change_lethal(rules):
    torbran = "If a red source you control would deal damage to an opponent or a permanent an opponent controls, it deals that much damage plus 2 instead."
    perms = [Permanent("torbran", "Torbran, Thane of Red Fell", "Alice", power=2, toughness=4,
                       text=torbran),
             C("t", 5, 5, colors=("R",)), C("b", 3, 3, "Bob")]
    b, bd = make(perms, {"t": "Bob"}, {"b": ["t"]}, rules, readings={
        "t": kw("trample"), "torbran": TextReading(not_understood=(torbran,))})
    assert not legal(b, bd, {"t": {"b": 1, "Bob": 4}})
    assert legal(b, bd, {"t": {"b": 3, "Bob": 2}})


def test_dmg12_deathtouch_three_blockers():
    perms = [C("dt", 3, 3), C("B1", 4, 4, "Bob"), C("B2", 4, 4, "Bob"), C("B3", 4, 4, "Bob")]
    blocks = {"B1": ["dt"], "B2": ["dt"], "B3": ["dt"]}
    att = {"dt": "Bob"}
    b, bd = make(perms, att, blocks, "2024", {"dt": ["B1", "B2", "B3"]},
                 readings={"dt": kw("deathtouch")})
    assert divisions(b, bd, "dt") == {
        div(B1=3), div(B1=2, B2=1), div(B1=1, B2=2), div(B1=1, B2=1, B3=1)}
    for bad in ({"B2": 3}, {"B1": 2, "B3": 1}, {"B2": 1, "B3": 2}):
        assert not legal(b, bd, {"dt": bad})
    assert damage_answer(b, bd)["best"]["Alice"]["destroyed"] == ["B1", "B2", "B3"]
    b, bd = make(perms, att, blocks, "current", readings={"dt": kw("deathtouch")})
    assert len(divisions(b, bd, "dt")) == 10
    assert damage_answer(b, bd)["best"]["Alice"]["destroyed"] == ["B1", "B2", "B3"]


@pytest.mark.parametrize("rules", BOTH)
def test_dmg15_blocked_without_blockers(rules):
    perms = [C("A", 4, 4), C("T", 4, 4)]
    b, bd = make(perms, {"A": "Bob", "T": "Bob"}, None, rules, readings={"T": kw("trample")})
    ans = damage_answer(b, bd, blocked=["A", "T"])
    assert [a["assignment"] for a in ans["assignments"]] == [{"T": {"Bob": 4}}]
    assert {s["id"] for s in ans["silent"]} == {"A"}
    v = check_damage_answer(b, bd, {"A": {"Bob": 4}, "T": {"Bob": 4}}, blocked=["A", "T"])
    assert not v["legal"] and v["violations"][0]["rule"].endswith("510.1c")


@pytest.mark.parametrize("rules", BOTH)
def test_dmg15_case2_and_702_19e_f_planeswalker_left_combat(rules):
    # Jace left combat (say, it changed control) after attackers were declared (506.4).
    jace = Permanent("jace", "Jace", "Bob", type_line="Planeswalker", loyalty=3)
    perms = [C("u", 3, 3), C("t", 5, 5), C("top", 5, 5), C("tb", 5, 5), C("topb", 5, 5),
             C("x", 2, 2, "Bob"), C("y", 2, 2, "Bob"), jace]
    att = {a: "jace" for a in ("u", "t", "top", "tb", "topb")}
    r = {"t": kw("trample"), "top": kw("trample over planeswalkers"),
         "tb": kw("trample"), "topb": kw("trample over planeswalkers")}
    b, bd = make(perms, att, {"x": ["tb"], "y": ["topb"]}, rules, readings=r)
    gone = list(att)
    ans = damage_answer(b, bd, target_left=gone)
    silent = {s["id"]: s["rule"] for s in ans["silent"]}
    # Unblocked, attacking nothing: no damage (510.1b, 506.4c), even with plain trample.
    assert silent == {"u": "510.1b", "t": "510.1b"}
    # Trample over planeswalkers, unblocked: all to Jace's controller (702.19e).
    assert {tuple(a["assignment"]["top"].items()) for a in ans["assignments"]} == {(("Bob", 5),)}
    # Plain trample, blocked: only its blocker (702.19f).
    assert {tuple(a["assignment"]["tb"].items()) for a in ans["assignments"]} == {(("x", 5),)}
    # Trample over planeswalkers, blocked: lethal to the blocker, then Bob (702.19e).
    assert divisions(b, bd, "topb", target_left=gone) == {
        div(y=k, Bob=5 - k) for k in range(2, 6)}
    rest = {"top": {"Bob": 5}, "tb": {"x": 5}, "topb": {"y": 2, "Bob": 3}}
    assert legal(b, bd, rest, target_left=gone)

    def rules_of(change):
        v = check_damage_answer(b, bd, {**rest, **change}, target_left=gone)
        assert not v["legal"]
        return [(x["rule"], x["message"]) for x in v["violations"]]

    assert [r for r, _ in rules_of({"topb": {"y": 1, "Bob": 4}})] == ["702.19b"]
    (_, msg), = rules_of({"tb": {"x": 2, "Bob": 3}})
    assert "can't assign damage to Bob" in msg
    (rule, msg), = rules_of({"u": {"jace": 3}})
    assert rule == "510.1b" and "left combat" in msg
    # Blocked, its blocker gone too, trample over planeswalkers: all to Bob (702.19e);
    # plain trample: nowhere to go (702.19f).
    b, bd = make(perms, att, None, rules, readings=r)
    ans = damage_answer(b, bd, target_left=gone, blocked=["tb", "topb"])
    assert [a["assignment"] for a in ans["assignments"]] == [
        {"top": {"Bob": 5}, "topb": {"Bob": 5}}]
    assert {s["id"]: s["rule"] for s in ans["silent"]}["tb"] == "702.19f"
    with pytest.raises(BoardError):
        damage_step(*make([C("a", 2, 2)], {"a": "Bob"}), target_left=["a"])


def test_dmg16_first_and_regular_steps():
    perms = [C("A", 2, 2), C("B", 3, 3, "Bob"), C("C", 3, 3), C("D", 2, 2, "Bob"), C("E", 2, 2)]
    att = {"A": "Bob", "C": "Bob", "E": "Bob"}
    blocks = {"B": ["A"], "D": ["C"]}
    r = {"A": kw("first strike"), "E": kw("double strike")}
    for rules in BOTH:
        b, bd = make(perms, att, blocks, rules, readings=r)
        assert damage_answer(b, bd)["step"] == "first"
        assert set(damage_step(b, bd).sources) == {"A", "E"}
        b, bd = make(perms, att, blocks, rules, readings=r, step="regular")
        assert set(damage_step(b, bd).sources) == {"B", "C", "D", "E"}
        # (a) A given double strike after the first step deals damage again.
        b, bd = make(perms, att, blocks, rules, step="regular",
                     readings={"A": kw("first strike", "double strike"), "E": kw("double strike")})
        assert set(damage_step(b, bd).sources) == {"A", "B", "C", "D", "E"}
        # (b) E lost double strike: it deals no damage in the regular step... it had it as
        # the first step began, so the board at the regular step no longer shows it.
        b, bd = make(perms, att, blocks, rules, step="regular", readings={"A": kw("first strike")})
        assert "E" in damage_step(b, bd).sources  # see note: the board can't tell (b)
    # No first strike at all: one regular step; a "first" step doesn't exist.
    b, bd = make(perms, att, blocks)
    assert damage_answer(b, bd)["step"] == "regular"
    b, bd = make(perms, att, blocks, step="first")
    with pytest.raises(BoardError):
        damage_answer(b, bd)
    # A creature that doesn't deal damage in the step can't be given any.
    b, bd = make(perms, att, blocks, readings=r)
    v = check_damage_answer(b, bd, {"A": {"B": 2}, "E": {"Bob": 2}, "C": {"D": 3}})
    assert not v["legal"] and v["violations"][0]["rule"] == "510.4"


def test_dmg16_abilities_changed_between_steps():
    # The board shows the regular step; first_strikers says who had first strike or
    # double strike as the first step began (A and E), which 510.4 goes by.
    perms = [C("A", 2, 2), C("B", 3, 3, "Bob", damage=2), C("C", 3, 3), C("D", 2, 2, "Bob"),
             C("E", 2, 2)]
    att = {"A": "Bob", "C": "Bob", "E": "Bob"}
    blocks = {"B": ["A"], "D": ["C"]}
    first = ["A", "E"]
    for rules in BOTH:
        # (a) A gained double strike after dealing its first-strike damage (702.4d).
        b, bd = make(perms, att, blocks, rules, step="regular",
                     readings={"A": kw("first strike", "double strike"), "E": kw("double strike")})
        ans = damage_answer(b, bd, first_strikers=first)
        assert set(ans["sources"]) == {"A", "B", "C", "D", "E"}
        # (b) E lost double strike after the first step: it sits out (702.4c), although
        # the board alone would make it a creature that never had first strike.
        b, bd = make(perms, att, blocks, rules, step="regular", readings={"A": kw("first strike")})
        assert "E" in damage_step(b, bd).sources
        ans = damage_answer(b, bd, first_strikers=first)
        assert set(ans["sources"]) == {"B", "C", "D"}
        assert {s["id"]: s["rule"] for s in ans["silent"]} == {"A": "510.4", "E": "510.4"}
        v = check_damage_answer(b, bd, {"E": {"Bob": 2}}, first_strikers=first)
        assert not v["legal"] and v["violations"][0]["rule"] == "510.4"
        assert "E" in v["violations"][0]["objects"]
        # (c) C gained first strike during the first step: it still deals its damage in
        # the regular step (702.7c), which the board alone would deny.
        r = {"A": kw("first strike"), "E": kw("double strike"), "C": kw("first strike")}
        b, bd = make(perms, att, blocks, rules, step="regular", readings=r)
        assert "C" not in damage_step(b, bd).sources
        ans = damage_answer(b, bd, first_strikers=first)
        assert set(ans["sources"]) == {"B", "C", "D", "E"}
        assert [a["assignment"] for a in ans["assignments"]] == [
            {"B": {"A": 3}, "C": {"D": 3}, "D": {"C": 2}, "E": {"Bob": 2}}]
        # (d) B never had first strike: it strikes back in the regular step.
        assert ans["best"]["Bob"]["destroyed"] == ["A"]
    # No first strike at all as the first step began: no first step, everyone deals damage.
    b, bd = make(perms, att, blocks, step="regular", readings={"A": kw("first strike")})
    assert set(damage_step(b, bd, first_strikers=[]).sources) == {"A", "B", "C", "D", "E"}
    with pytest.raises(BoardError):
        damage_step(b, bd, first_strikers=["nobody"])
    b, bd = make(perms, att, blocks, step="first", readings={"A": kw("first strike")})
    with pytest.raises(BoardError):
        damage_step(b, bd, first_strikers=["A"])


def test_dmg18_banding_defending():
    perms = [C("big", 6, 6), C("band", 1, 4, "Bob"), C("bear", 2, 2, "Bob")]
    blocks = {"band": ["big"], "bear": ["big"]}
    for rules in BOTH:
        for tr in ((), ("trample",)):
            b, bd = make(perms, {"big": "Bob"}, blocks, rules, readings={
                "band": kw("banding"), "big": kw(*tr)})
            ans = damage_answer(b, bd)
            src = ans["sources"]["big"]
            assert src["assigner"] == "Bob" and src["assigner_rule"] == "702.22j"
            # Bob's whole assignment (510.1e): his blockers and the 6/6.
            assert legal(b, bd, {"big": {"band": 6}, "band": {"big": 1}, "bear": {"big": 2}})
            v = check_damage_answer(b, bd, {"big": {"band": 6}})
            assert not v["legal"] and v["violations"][0]["rule"] == "510.1a"
            assert div(band=6) in divisions(b, bd, "big")
            # Bob picks: all 6 on the 1/4 destroys nothing of his... except it does (4 toughness).
            best = ans["best"]["Bob"]["assignment"]["big"]
            assert sum(best.values()) == 6 and "Bob" not in best


def test_dmg18_banding_attacking():
    perms = [C("b1", 1, 1), C("five", 5, 5), C("blk", 3, 3, "Bob")]
    for rules in BOTH:
        b, bd = make(perms, {"b1": "Bob", "five": "Bob"}, {"blk": ["b1", "five"]}, rules,
                     readings={"b1": kw("banding")})
        ans = damage_answer(b, bd)
        assert ans["sources"]["blk"]["assigner"] == "Alice"
        assert legal(b, bd, {"blk": {"five": 3}, "b1": {"blk": 1}, "five": {"blk": 5}})
        best = ans["best"]["Alice"]["assignment"]
        assert best["blk"] == {"five": 3}  # spares the 1/1, the 5/5 survives


def test_bands_with_other():
    perms = [C("big", 6, 6), C("w1", 1, 4, "Bob", type_line="Creature — Wall"),
             C("w2", 2, 2, "Bob", type_line="Creature — Wall")]
    bwo = reading(BandsWithOther(TypePred("Wall"), "bands with other Walls"))
    b, bd = make(perms, {"big": "Bob"}, {"w1": ["big"], "w2": ["big"]}, "2024",
                 {"big": ["w1", "w2"]}, readings={"w1": bwo})
    assert damage_step(b, bd).sources["big"].assigner == "Bob"
    # the order is ignored (702.22j)
    assert legal(b, bd, {"big": {"w2": 6}, "w1": {"big": 1}, "w2": {"big": 2}})


@pytest.mark.parametrize("rules", BOTH)
def test_dmg19_defensive_formation(rules):
    perms = [C("t", 5, 5), C("b2", 2, 2, "Bob"), C("b3", 3, 3, "Bob"),
             Permanent("df", "Defensive Formation", "Bob", type_line="Enchantment")]
    b, bd = make(perms, {"t": "Bob"}, {"b2": ["t"], "b3": ["t"]}, rules,
                 order={"t": ["b3", "b2"]} if rules == "2024" else None,
                 readings={"t": kw("trample"), "df": reading(DefenderAssignsDamage())})
    st = damage_step(b, bd)
    assert st.sources["t"].assigner == "Bob"
    own = {"b2": {"t": 2}, "b3": {"t": 3}}
    assert legal(b, bd, {"t": {"b2": 5}, **own})  # the order (if any) is ignored
    assert legal(b, bd, {"t": {"b2": 2, "b3": 3}, **own})
    # trample still needs lethal damage on every blocker
    assert not legal(b, bd, {"t": {"b2": 1, "b3": 3, "Bob": 1}, **own})
    assert legal(b, bd, {"t": {"b2": 2, "b3": 2, "Bob": 1}, **own}) is False
    best = damage_answer(b, bd)["best"]["Bob"]["assignment"]
    assert "Bob" not in best["t"]


@pytest.mark.parametrize("rules", BOTH)
def test_dmg21_zero_or_negative_power(rules):
    perms = [C("z", 0, 4), C("n", -1, 3), C("b", 1, 1, "Bob")]
    b, bd = make(perms, {"z": "Bob", "n": "Bob"}, {"b": ["z"]}, rules,
                 readings={"z": kw("trample", "deathtouch")})
    ans = damage_answer(b, bd)
    assert [a["assignment"] for a in ans["assignments"]] == [{"b": {"z": 1}}]
    assert {s["id"]: s["rule"] for s in ans["silent"]} == {"z": "510.1a", "n": "510.1a"}
    assert list(ans["best"]) == ["Bob"]


# ---------------------------------------------------------------------------
# Other rules and the interface
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules", BOTH)
def test_as_though_unblocked_all_or_nothing(rules):
    perms = [C("thorn", 7, 7), C("b1", 2, 2, "Bob"), C("b2", 2, 2, "Bob")]
    b, bd = make(perms, {"thorn": "Bob"}, {"b1": ["thorn"], "b2": ["thorn"]}, rules,
                 readings={"thorn": reading(AssignAsThoughUnblocked())})
    d = divisions(b, bd, "thorn")
    assert div(Bob=7) in d
    assert not legal(b, bd, {"thorn": {"b1": 2, "Bob": 5}})
    assert legal(b, bd, {"thorn": {"Bob": 7}})
    best = damage_answer(b, bd)["best"]["Alice"]
    assert best["destroyed"] == ["b1", "b2"]  # killing both blockers beats 7 to Bob


def test_battle_recipient():
    perms = [C("a", 3, 3, ctl="Alice"),
             Permanent("siege", "Siege", "Alice", type_line="Battle — Siege", defense=5,
                       protector="Bob")]
    b, bd = make(perms, {"a": "siege"})
    ans = damage_answer(b, bd)
    assert ans["best"]["Alice"]["damage_to"] == {"siege": 3}


def test_structural_violations_and_bad_ids():
    b, bd = make(GORGER, {"gorger": "Bob"}, GORGER_BLOCKS, "current")
    v = check_damage_answer(b, bd, {"gorger": {"g": 4}})
    assert not v["legal"] and v["violations"][0]["rule"] == "510.1a"
    v = check_damage_answer(b, bd, {"gorger": {"g": 4, "Bob": 1}})
    assert not v["legal"] and "can't assign damage to Bob" in v["violations"][0]["message"]
    v = check_damage_answer(b, bd, {"e": {"g": 1}})
    assert not v["legal"]
    with pytest.raises(BoardError):
        check_damage_answer(b, bd, {"ghost": {"g": 1}})
    with pytest.raises(BoardError):
        check_damage_answer(b, bd, {"gorger": {"g": -1}})
    # One player's part only is judged as that player's whole assignment (510.1e).
    assert legal(b, bd, {"gorger": {"e": 5}})
    assert legal(b, bd, {"e": {"gorger": 1}})
    assert legal(b, bd, {})


def test_limit_truncates_and_json_shape():
    perms = [C("a", 6, 6)] + [C(f"b{i}", 1, 1, "Bob") for i in range(4)]
    b, bd = make(perms, {"a": "Bob"}, {f"b{i}": ["a"] for i in range(4)}, "current")
    ans = damage_answer(b, bd, limit=5)
    assert ans["status"] == "truncated" and len(ans["assignments"]) == 5
    assert set(ans) >= {"rules", "step", "status", "assignments", "best"}
    assert set(ans["best"]["Alice"]) >= {"assignment", "destroyed", "damage_to"}
    assert set(ans["assignments"][0]) == {"assignment", "damage_order"}
    full = damage_answer(b, bd)
    assert full["status"] == "complete"
    assert len(full["assignments"]) == len(exhaustive_assignments(damage_step(b, bd)))


def test_custom_objective_protect_and_face():
    perms = [C("t", 5, 5), C("x", 2, 2, "Bob"), C("y", 2, 2, "Bob")]
    b, bd = make(perms, {"t": "Bob"}, {"x": ["t"], "y": ["t"]}, "current",
                 readings={"t": kw("trample")})
    ans = damage_answer(b, bd)
    assert ans["best"]["Alice"]["destroyed"] == ["x", "y"]
    assert ans["best"]["Alice"]["damage_to"] == {"Bob": 1}
    # Bob's view of "protect y": Alice's best but never destroying y (a library objective).
    spare_y = lambda step, p: (Term(destroyed={"y": -1}),) + default_objective(step, p)
    ans = damage_answer(b, bd, objective=spare_y)
    assert ans["best"]["Alice"]["destroyed"] == ["x"]
    face = lambda step, p: (Term(damage={"Bob": 1}),) + default_objective(step, p)
    ans = damage_answer(b, bd, objective=face)
    assert ans["best"]["Alice"]["damage_to"] == {"Bob": 1}


def test_ready_made_objectives_and_documented_library_call(tmp_path):
    from mtgcombat import Board
    from mtgcombat.rules.damage import player_damage_first, protecting

    path = tmp_path / "board.mtg"
    path.write_text(
        "players Alice, Bob\nactive Alice\n\nAlice:\n"
        "  t: Colossal Dreadmaw 6/6 green [Creature — Dinosaur] \"Trample\"\n\n"
        "Bob:\n  bears: Grizzly Bears 2/2 green\n  elves: Llanowar Elves 1/1 green\n"
        "  jace: Jace Beleren [Legendary Planeswalker — Jace] loyalty 3\n\n"
        "attack t -> Bob\nblock bears -> t\nblock elves -> t\n", encoding="utf-8")
    board = Board.load(path)
    # The default: both blockers destroyed, the excess 3 to Bob.
    best = damage_answer(board, board.bound)["best"]["Alice"]
    assert best["destroyed"] == ["bears", "elves"] and best["damage_to"] == {"Bob": 3}
    # Spare the bears: less than lethal on them, so nothing may trample over (702.19b).
    best = damage_answer(board, board.bound, objective=protecting("bears"))["best"]["Alice"]
    assert best["destroyed"] == ["elves"] and best["damage_to"] == {}
    assert best["assignment"]["t"].get("bears", 0) < 2
    # Player damage first still can't skip lethal on the blockers (702.19b).
    best = damage_answer(board, board.bound, objective=player_damage_first)["best"]["Alice"]
    assert best["damage_to"] == {"Bob": 3}
    # The same answers through check: each best assignment is legal.
    for obj in (None, protecting("bears"), player_damage_first):
        part = damage_answer(board, board.bound, objective=obj)["best"]["Alice"]["assignment"]
        assert board.check_damage(part)["legal"]


def test_human_views():
    b, bd = make(GORGER, {"gorger": "Bob"}, GORGER_BLOCKS, "2024", {"gorger": ["g", "e"]})
    text = format_damage(damage_answer(b, bd))
    assert "Pride Guardian (lethal 3)" in text and "Best for Alice" in text
    text = format_damage_check(check_damage_answer(b, bd, {"gorger": {"e": 5}}))
    assert "ILLEGAL" in text and "lethal 3" in text


def test_human_views_show_the_editions_difference():
    # The same board (no order given) under each edition.
    views = {}
    for rules in BOTH:
        b, bd = make(GORGER, {"gorger": "Bob"}, GORGER_BLOCKS, rules)
        views[rules] = format_damage(damage_answer(b, bd))
    assert "damage assignment order: old 509.2-509.3, old 510.1c-d" in views["2024"]
    assert "order: open, Alice chooses it as part of the choice (old 509.2)" in views["2024"]
    assert "[order: Vastwood Gorger: Llanowar Elves > Pride Guardian]" in views["2024"]
    assert "no damage assignment order" in views["current"] and "[order:" not in views["current"]
    # With the order given: blockers and divisions shown in that order, the skipped creature
    # and its lethal damage named, each creature's total against its lethal damage.
    b, bd = make(GORGER, {"gorger": "Bob"}, GORGER_BLOCKS, "2024", {"gorger": ["g", "e"]})
    text = format_damage_check(check_damage_answer(b, bd, {"gorger": {"e": 3, "g": 2}}))
    assert ("blocked by Pride Guardian (lethal 3), Llanowar Elves (lethal 1); "
            "in this order: Pride Guardian > Llanowar Elves") in text
    assert "Vastwood Gorger: 2 to Pride Guardian, 3 to Llanowar Elves" in text
    assert "Pride Guardian: 2 (2 from Vastwood Gorger), lethal 3: short of lethal by 1" in text
    assert "ILLEGAL" in text and "less than the lethal 3 it needs" in text
    b, bd = make(GORGER, {"gorger": "Bob"}, GORGER_BLOCKS, "current")
    text = format_damage_check(check_damage_answer(b, bd, {"gorger": {"e": 3, "g": 2}}))
    assert text.startswith("LEGAL") and "Violations" not in text


def test_human_views_tell_namesakes_apart():
    perms = [C("a", 4, 4, name="Hill Giant"), C("x", 2, 2, "Bob", "Grizzly Bears"),
             C("y", 2, 2, "Bob", "Grizzly Bears")]
    b, bd = make(perms, {"a": "Bob"}, {"x": ["a"], "y": ["a"]})
    text = format_damage(damage_answer(b, bd))
    assert "Grizzly Bears (x) (lethal 2), Grizzly Bears (y) (lethal 2)" in text
    assert "2 to Grizzly Bears (x), 2 to Grizzly Bears (y)" in text


def test_editions_are_class_data():
    assert EDITIONS["2024"].has_order and not EDITIONS["current"].has_order
    assert EDITIONS["2024"].old_rules >= {"510.1c", "510.1d"}
    assert Writer(edition="2024").cite("510.1c") == "old 510.1c"
    assert Writer("de", edition="2024").cite("510.1c") == "alte Regel 510.1c"


def test_later_player_judged_with_earlier_damage_510_1e():
    # Bob assigns the trampling Y's damage (702.22j: W has banding). Whether B has lethal
    # damage counts what Alice assigned before (510.1, 510.1e). Alice's part left out of
    # a check is free: the check looks for a part of hers that makes Bob's legal.
    perms = [C("X", 3, 3), C("Y", 3, 3), C("W", 1, 1, "Bob"), C("B", 2, 2, "Bob")]
    for rules in BOTH:
        b, bd = make(perms, {"X": "Bob", "Y": "Bob"}, {"W": ["Y"], "B": ["X", "Y"]}, rules,
                     readings={"X": kw("trample"), "Y": kw("trample"), "W": kw("banding")},
                     order={"B": ["X", "Y"]} if rules == "2024" else None)
        st = damage_step(b, bd)
        assert st.sources["Y"].assigner == "Bob" and st.sources["X"].assigner == "Alice"
        bobs = {"Y": {"W": 1, "B": 1, "Bob": 1}, "B": {"X": 2}, "W": {"Y": 1}}
        v = check_damage_answer(b, bd, bobs)
        assert v["legal"] and v["completion"]["X"].get("B", 0) >= 1
        assert legal(b, bd, {**bobs, "X": {"B": 3}})
        v = check_damage_answer(b, bd, {**bobs, "X": {"B": 2, "Bob": 1}})
        assert v["legal"]
        # Alice's X always puts lethal damage on B (it tramples over only B), so B needs
        # nothing from Y; but W blocks only Y and gets nothing.
        v = check_damage_answer(b, bd, {"Y": {"W": 1, "Bob": 2}, "B": {"X": 2}, "W": {"Y": 1}})
        assert v["legal"]
        v = check_damage_answer(b, bd, {"Y": {"B": 1, "Bob": 2}, "B": {"X": 2}, "W": {"Y": 1}})
        assert not v["legal"] and v["violations"][0]["rule"] == "702.19b"
        assert any("but W" in x["message"] for x in v["violations"])


# ---------------------------------------------------------------------------
# Rules review: the objective counts only damage that has an effect; planeswalkers and
# battles at 0 are listed as destroyed; Board.damage(objective=); messages
# ---------------------------------------------------------------------------

TOP_UNBLOCKED = """players Alice, Bob
active Alice
Alice:
  top: Tempest Behemoth 5/5 [Creature — Dinosaur] "Trample over planeswalkers"
Bob:
  jace: Jace Beleren [Legendary Planeswalker — Jace] loyalty 3
attack top -> jace
no blocks
"""


def test_damage_beyond_a_planeswalkers_loyalty_is_wasted_and_the_planeswalker_is_destroyed():
    from mtgcombat import Board as PublicBoard

    board = PublicBoard.from_scenario(TOP_UNBLOCKED)
    answer = board.damage()
    # 5 to Jace, 4+1 or 3+2 (702.19c) all deal 5, but only the last has 5 with an effect.
    assert sorted(tuple(sorted(a["assignment"]["top"].items())) for a in answer["assignments"]) \
        == [(("Bob", 1), ("jace", 4)), (("Bob", 2), ("jace", 3)), (("jace", 5),)]
    best = answer["best"]["Alice"]
    assert best["assignment"] == {"top": {"Bob": 2, "jace": 3}}
    assert best["destroyed"] == ["jace"]  # loyalty 0: 704.5i
    assert best["damage_to"] == {"Bob": 2, "jace": 3}
    assert best["objective"][:2] == [0, 5]


def test_a_battle_dealt_its_defense_is_destroyed_and_excess_is_not_counted():
    perms = [C("a", 4, 4, name="Hill Giant"),
             Permanent("inv", "Invasion of Tarkir", "Alice", type_line="Battle — Siege",
                       defense=3, protector="Bob")]
    b, bd = make(perms, {"a": "inv"})
    best = damage_answer(b, bd)["best"]["Alice"]
    assert best["destroyed"] == ["inv"] and best["damage_to"] == {"inv": 4}
    assert best["objective"][:2] == [0, 3]


def test_destroying_a_planeswalker_does_not_rank_with_creatures():
    # Trample over planeswalkers, blocked by a 1/1: destroying the blocker comes first; then
    # Jace (loyalty 2) and Bob share the rest, only damage with an effect counting.
    from mtgcombat import Board as PublicBoard

    board = PublicBoard.from_scenario(TOP_UNBLOCKED.replace("loyalty 3", "loyalty 2").replace(
        "no blocks\n", "block elf -> top\n").replace(
        "Bob:\n", "Bob:\n  elf: Llanowar Elves 1/1\n"))
    best = board.damage()["best"]["Alice"]
    assert best["assignment"] == {"top": {"Bob": 2, "elf": 1, "jace": 2}}
    assert best["destroyed"] == ["elf", "jace"]


@pytest.mark.parametrize("rules", BOTH)
def test_objectives_on_planeswalkers_agree_with_the_exhaustive_reference(rules):
    # Two players damage one planeswalker (Alice's trampler; Bob assigns an attacker's
    # damage under Defensive Formation): what Bob's damage does depends on Alice's.
    from mtgcombat.solver.damage import best_all, best_part, exhaustive_best

    perms = [C("x", 3, 3, name="Trampler"), C("y", 2, 2, name="Other"),
             C("w", 1, 1, "Bob", "Wall"),
             Permanent("pw", "Jace", "Bob", type_line="Planeswalker", loyalty=4),
             Permanent("df", "Defensive Formation", "Bob", type_line="Enchantment")]
    b, bd = make(perms, {"x": "pw", "y": "pw"}, {"w": ["x"]}, rules,
                 readings={"x": kw("trample"), "df": reading(DefenderAssignsDamage())})
    step = damage_step(b, bd)
    objectives = [
        default_objective,
        lambda s, p: (Term(destroyed={"pw": 1}),) + default_objective(s, p),
        lambda s, p: (Term(damage={"pw": -1, "Bob": 1}),),
    ]
    for objective in objectives:
        earlier: dict = {}
        for p in step.players:
            part, val = best_part(step, p, objective(step, p), earlier)
            _, ref = exhaustive_best(step, p, objective(step, p), earlier)
            assert val == ref
            earlier.update(part)
        assert set(best_all(step, objective)) == set(step.players)


def test_board_damage_takes_an_objective():
    from mtgcombat import Board as PublicBoard
    from mtgcombat.rules.damage import player_damage_first, protecting

    board = PublicBoard.from_scenario(
        "players Alice, Bob\nactive Alice\nAlice:\n"
        "  t: Colossal Dreadmaw 6/6 \"Trample\"\nBob:\n  bears: Grizzly Bears 2/2\n"
        "  elves: Llanowar Elves 1/1\nattack t -> Bob\nblock bears -> t\nblock elves -> t\n")
    assert board.damage()["best"]["Alice"]["destroyed"] == ["bears", "elves"]
    spared = board.damage(objective=protecting("bears"))["best"]["Alice"]
    assert spared["destroyed"] == ["elves"] and spared["damage_to"] == {}
    assert board.damage(objective=player_damage_first)["best"]["Alice"]["damage_to"] == \
        {"Bob": 3}
    # Whatever the objective, the best is legal.
    assert board.check_damage(spared["assignment"])["legal"]


def test_damage_messages_name_namesakes_by_id():
    perms = [C("a", 4, 4, name="Hill Giant"), C("x", 2, 2, "Bob", "Grizzly Bears"),
             C("y", 2, 2, "Bob", "Grizzly Bears")]
    b, bd = make(perms, {"a": "Bob"}, {"x": ["a"], "y": ["a"]}, "2024", {"a": ["x", "y"]})
    v = check_damage_answer(b, bd, {"a": {"x": 1, "y": 3}})
    assert not v["legal"]
    assert v["violations"][0]["message"] == (
        "Hill Giant assigns 3 damage to Grizzly Bears (y), but Grizzly Bears (x) comes before it "
        "in Hill Giant's damage assignment order and is assigned 1 damage, less than the lethal 2 "
        "it needs (old 510.1c).")


def test_an_open_order_cites_509_2_for_an_attacker_and_509_3_for_a_blocker():
    perms = [C("a", 4, 4, name="Hill Giant"), C("a2", 2, 2, name="Ogre"),
             C("x", 2, 3, "Bob", "Wall"), C("y", 2, 5, "Bob", "Bear")]
    b, bd = make(perms, {"a": "Bob", "a2": "Bob"}, {"x": ["a"], "y": ["a", "a2"]}, "2024",
                 readings={"y": reading(Keyword("can block an additional creature"))})
    ans = damage_answer(b, bd)
    rules = {sid: s["order_rule"] for sid, s in ans["sources"].items() if s["order_open"]}
    assert rules == {"a": "old 509.2", "y": "old 509.3"}
    v = check_damage_answer(b, bd, {"a": {"x": 2, "y": 2}, "a2": {"y": 2}})
    assert [x["message"][-24:] for x in v["violations"]] == ["(old 509.2, old 510.1c)."]


def test_a_boolean_damage_amount_is_bad_input_named_as_json():
    b, bd = make([C("a", 2, 2), C("x", 2, 2, "Bob")], {"a": "Bob"}, {"x": ["a"]})
    with pytest.raises(BoardError, match=r"assigns true to 'x'; amounts are integers >= 0"):
        check_damage_answer(b, bd, {"a": {"x": True}})
