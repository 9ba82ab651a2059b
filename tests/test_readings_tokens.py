"""Issue 26 (helper "readings", session 5): more static declaration sentences of real cards
read -- a creature that can't block one object, tokens whose ability is in quotes, a mode's
sentence with a clause about activated abilities -- each checked on a board by what it
allows and forbids, with its rule in the test's name."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mtgcombat.grammar.oracle import read_text
from mtgcombat.rules import abilities as A
from mtgcombat.rules import triggered as T

from .test_readings import as_set, blocks, creature, make, unread

TEMPER = {"id": "temper", "name": "Fearsome Temper", "controller": "Alice",
          "type_line": "Enchantment — Aura", "attached_to": "a",
          "text": 'Enchant creature\nEnchanted creature gets +2/+2 and has "{2}{R}: Target '
                  'creature can\'t block this creature this turn."'}
TEMPER_ACTIVATED = "Target creature can't block this creature this turn."


# -- 509.1b: one creature can't block the very object the ability is about ----------------------

def test_509_1b_target_creature_cant_block_this_creature_is_its_own_restriction():
    got = read_text(TEMPER_ACTIVATED, None).understood[0].abilities
    assert got == (A.CantBlock(A.TargetRef(0, "creature"), A.ThisObject(A.SelfRef())),)


def test_509_1b_a_group_that_cant_block_this_creature_stays_the_attackers_restriction():
    # "Creatures can't block ~" reads as before: the attacker can't be blocked by them
    got = read_text("Creatures with power 2 or less can't block ~.", "Orc").understood
    assert isinstance(got[0].abilities[0], A.CantBeBlockedBy)


def test_602_1_509_1b_fearsome_temper_granted_ability_read_and_acts_only_when_activated():
    a, c, w = creature("a", "Alice", power=4, toughness=4), creature("c", "Alice"), \
        creature("w", "Bob")
    b = make(TEMPER, a, c, w, attacks={"a": "Bob", "c": "Bob"})
    assert unread(b) == []
    # nobody activated it: the Wolf blocks either attacker
    assert blocks(b) == as_set([{}, {"w": ["a"]}, {"w": ["c"]}])


def test_509_1b_fearsome_temper_activated_target_cant_block_the_enchanted_creature_only():
    a, c, w = creature("a", "Alice", power=4, toughness=4), creature("c", "Alice"), \
        creature("w", "Bob")
    for step in (None, "declare attackers"):
        fx = {"text": TEMPER_ACTIVATED, "controller": "Alice", "source": "a", "targets": ["w"]}
        if step:
            fx["step"] = step
        b = make(TEMPER, a, c, w, attacks={"a": "Bob", "c": "Bob"}, effects=[fx])
        assert unread(b) == []
        assert blocks(b) == as_set([{}, {"w": ["c"]}])
        verdict = b.check_blocks({"w": ["a"]})
        assert not verdict.legal
        assert [v.rule for v in verdict.violations] == ["509.1b"]


# -- 111.1: tokens whose ability is in quotes -----------------------------------------------------

def test_111_1_satyrs_cunning_token_with_a_quoted_ability_reads_it_as_the_tokens_own():
    text = 'Create a 1/1 red Satyr creature token with "This creature can\'t block."'
    ins = read_text(text, "Satyr's Cunning").understood[0].abilities[0]
    tok = ins.effects[0]
    assert isinstance(tok, T.Tokens) and tok.text == "This creature can't block."
    assert tok.reading.understood[0].abilities == (A.CantBlock(A.SelfRef()),)


def test_509_1b_111_1_satyr_token_created_in_declare_attackers_step_cant_block():
    def board(text):
        fx = {"text": text, "controller": "Bob", "step": "declare attackers"}
        return make(creature("a", "Alice"), creature("w", "Bob"), attacks={"a": "Bob"},
                    effects=[fx])
    plain = board("Create a 1/1 red Satyr creature token.")
    assert as_set([{"satyr-token": ["a"]}]) <= blocks(plain)
    quoted = board('Create a 1/1 red Satyr creature token with "This creature can\'t block."')
    assert unread(quoted) == []
    assert blocks(quoted) == as_set([{}, {"w": ["a"]}])


def test_509_1b_111_1_exotic_pets_fish_tokens_cant_be_blocked_the_rest_reported():
    text = ('Create two 1/1 blue Fish creature tokens with "This creature can\'t be blocked." '
            "Then for each kind of counter among creatures you control, put a counter of that "
            "kind on either of those tokens.")
    r = read_text(text, "Exotic Pets")
    tok = r.understood[0].abilities[0].effects[0]
    assert (tok.count, tok.subtypes, tok.colors) == (2, ("Fish",), ("U",))
    assert tok.reading.understood[0].abilities == (A.CantBeBlocked(A.SelfRef()),)
    assert len(r.not_understood) == 1 and r.not_understood[0].startswith("Then for each")


def test_111_1_a_token_whose_quoted_ability_is_not_read_is_not_understood():
    for inner in ("This creature can't attack its owner.",
                  "This creature can't attack a player it has already attacked this turn."):
        text = f'Create a 1/1 red Satyr creature token with "{inner}"'
        assert read_text(text, "X").not_understood == (text,)


# -- 700.2: a mode's combat clause read, its clause about activated abilities reported ------------

def test_700_2_coverage_counts_a_mode_read_with_a_noncombat_clause_reported():
    import importlib.util

    script = Path(__file__).resolve().parents[1] / "scripts" / "oracle_coverage.py"
    spec = importlib.util.spec_from_file_location("oracle_coverage", script)
    oc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(oc)

    by_mode = {"Until your next turn, it can't attack or block"}
    assert oc.mode_read("Until your next turn, it can't attack or block, and its activated "
                        "abilities can't be activated.", by_mode)
    # the rest speaks of combat: not read
    assert not oc.mode_read("Until your next turn, it can't attack or block, and it can't "
                            "block Walls.", by_mode)


# -- 105.2: radiance, "each other creature that shares a color with it" ---------------------------

HYSTERIA = ('Radiance — Until end of turn, target creature and each other creature that shares '
            'a color with it gain "This creature can\'t block."')


@pytest.mark.parametrize("target, cant", [
    ("rg", {"rg", "red", "green"}),     # red and green: shares with both
    ("red", {"red", "rg"}),             # red: not the green one
    ("golem", {"golem"}),               # colorless: shares a color with nothing
])
def test_105_2_509_1b_incite_hysteria_the_target_and_creatures_sharing_a_color_cant_block(
        target, cant):
    fx = {"text": HYSTERIA, "controller": "Alice", "targets": [target]}
    perms = [creature("a", "Alice", colors=["W"]),
             creature("rg", "Bob", colors=["R", "G"]), creature("red", "Bob", colors=["R"]),
             creature("green", "Bob", colors=["G"]),
             creature("golem", "Bob", type_line="Artifact Creature — Golem")]
    b = make(*perms, attacks={"a": "Bob"}, effects=[fx])
    assert unread(b) == []
    can = {p["id"] for p in perms[1:]} - cant
    blockers = {x for d in b.legal_blocks() for x in d}
    assert blockers == can


def test_105_2_shares_a_color_with_it_is_one_group_the_target_among_it():
    got = read_text(HYSTERIA, "Incite Hysteria").understood[0].abilities
    t = A.TargetRef(0, "creature")
    assert got == (A.CantBlock(A.Group(A.OrPred((A.ObjectPred(t), A.SharesColorPred(t))))),)


# -- 115.1: "that player or that planeswalker's controller" ---------------------------------------

BOLT = ("Concussive Bolt deals 4 damage to target player or planeswalker.\nMetalcraft — If you "
        "control three or more artifacts, creatures controlled by that player or by that "
        "planeswalker's controller can't block this turn.")


@pytest.mark.parametrize("target, artifacts, can_block", [
    ("Bob", 3, False), ("jace", 3, False), ("Bob", 2, True), ("Carol", 3, True)])
def test_509_1b_115_1_concussive_bolt_the_targeted_players_creatures_cant_block_with_metalcraft(
        target, artifacts, can_block):
    fx = {"text": BOLT, "controller": "Alice", "targets": [target]}
    arts = [{"id": f"art{k}", "name": f"Relic {k}", "controller": "Alice", "type_line": "Artifact"}
            for k in range(artifacts)]
    jace = {"id": "jace", "name": "Jace Beleren", "controller": "Bob", "loyalty": 3,
            "type_line": "Legendary Planeswalker — Jace"}
    b = make(creature("a", "Alice"), creature("w", "Bob"), jace, *arts,
             players=("Alice", "Bob", "Carol"), attacks={"a": "Bob"}, effects=[fx])
    assert unread(b) == ["Concussive Bolt deals 4 damage to target player or planeswalker."]
    assert blocks(b) == as_set([{}] + ([{"w": ["a"]}] if can_block else []))


def test_115_1_that_player_or_that_planeswalkers_controller_needs_that_one_target_before():
    text = ("Concussive Bolt deals 4 damage to target creature.\nMetalcraft — If you control "
            "three or more artifacts, creatures controlled by that player or by that "
            "planeswalker's controller can't block this turn.")
    assert read_text(text, "Concussive Bolt").not_understood == (text.split("\n")[1],)
    text = ("When ~ enters, it deals 4 damage to target player or planeswalker and you draw a "
            "card and you lose 1 life.\nCreatures controlled by that player or by that "
            "planeswalker's controller can't block.")
    assert read_text(text, "Bolter").understood == ()


def test_602_1_sabertooth_alley_cat_a_group_that_cant_block_it_inside_an_ability_is_not_read():
    # inside an effect the statement is written back about its subject ("Target creature
    # ..."): the attacker's restriction is about another object -- not read, not misread
    text = "{1}{R}: Creatures without defender can't block Sabertooth Alley Cat this turn."
    assert read_text(text, "Sabertooth Alley Cat").not_understood == (text,)
    # as an effect on the board (activated, its source the Cat) it is read and applied
    cat = creature("cat", "Alice", "Sabertooth Alley Cat")
    fx = {"text": "Creatures without defender can't block Sabertooth Alley Cat this turn.",
          "controller": "Alice", "source": "cat"}
    wall = creature("wall", "Bob", "Wall of Wood", 0, 3, text="Defender")
    b = make(cat, creature("w", "Bob"), wall, attacks={"cat": "Bob"}, effects=[fx])
    assert blocks(b) == as_set([{}, {"wall": ["cat"]}])


_COLORS = st.lists(st.sampled_from("WUBRG"), unique=True, max_size=3)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(target=_COLORS, others=st.lists(_COLORS, min_size=1, max_size=4))
def test_105_2_radiance_blockers_are_exactly_those_sharing_no_color_with_the_target(
        target, others):
    """On random colors: a creature may block exactly when it is not the target and shares
    no color with it (a colorless target: every other creature may block)."""
    perms = [creature("a", "Alice", colors=["W"]), creature("t", "Bob", colors=target)]
    perms += [creature(f"c{k}", "Bob", colors=cs) for k, cs in enumerate(others)]
    fx = {"text": HYSTERIA, "controller": "Alice", "targets": ["t"]}
    b = make(*perms, attacks={"a": "Bob"}, effects=[fx])
    blockers = {x for d in b.legal_blocks() for x in d}
    assert blockers == {f"c{k}" for k, cs in enumerate(others) if not set(cs) & set(target)}
