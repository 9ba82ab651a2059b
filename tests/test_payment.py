"""Paying costs (106, 107.4, 118.3, 119.4, 302.6, 305.6, 605): the exact payment solver,
mana sources on the board, and "payable" on costly declarations (508.1g-h, 509.1d)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgcombat import Board
from mtgcombat.cli import main
from mtgcombat.grammar.mana import read, upkeep_cost
from mtgcombat.rules import mana as M
from mtgcombat.solver.payment import Source, pay, pay_brute


def cost(text: str):
    syms = M.symbols(text)
    assert syms is not None, text
    return syms


def src(i, *opts):
    return Source(str(i), tuple(tuple(o) for o in opts))


# -- symbols (107.4) -----------------------------------------------------------------------


def test_107_4_mana_symbols_parse_and_print():
    for t in ("{2}{W}{W}", "{X}{R}", "{C}", "{W/U}", "{2/W}", "{G/P}", "{G/U/P}"):
        assert M.text_of(cost(t)) == t
    assert M.symbols("{Q}") is None and M.symbols("2W") is None
    assert M.mana_units("{R}{R}{G}") == ("R", "R", "G")


# -- the solver ------------------------------------------------------------------------------


def test_colored_symbols_need_their_color():
    assert pay(cost("{G}"), [src(1, "G")]) is not None
    assert pay(cost("{G}"), [src(1, "R")]) is None


def test_107_4b_generic_mana_is_paid_by_any_mana():
    assert pay(cost("{2}"), [src(1, "R"), src(2, "C")]) is not None
    assert pay(cost("{3}"), [src(1, "R"), src(2, "C")]) is None


def test_107_4_colorless_symbol_needs_colorless_mana():
    assert pay(cost("{C}"), [src(1, "R")]) is None
    assert pay(cost("{C}"), [src(1, "C")]) is not None


def test_a_source_with_a_choice_pays_either_but_only_once():
    dual = src(1, "R", "G")
    assert pay(cost("{R}"), [dual]) is not None
    assert pay(cost("{G}"), [dual]) is not None
    assert pay(cost("{R}{G}"), [dual]) is None
    assert pay(cost("{R}{G}"), [dual, src(2, "R")]) is not None


def test_the_matching_finds_the_one_way_that_works():
    # Greedy use of the dual for {R} would leave {G} unpaid.
    sources = [src(1, "R", "G"), src(2, "R")]
    assert pay(cost("{G}{R}"), sources) is not None


def test_107_4e_hybrid_and_two_generic_hybrid():
    assert pay(cost("{W/U}"), [src(1, "U")]) is not None
    assert pay(cost("{2/W}"), [src(1, "R"), src(2, "B")]) is not None
    assert pay(cost("{2/W}"), [src(1, "R")]) is None


def test_107_4f_phyrexian_mana_may_be_paid_with_two_life():
    assert pay(cost("{G/P}"), [], life=3) is not None
    assert pay(cost("{G/P}"), [], life=1) is None
    p = pay(cost("{G/P}{G/P}"), [src(1, "G")], life=2)
    assert p is not None and p.life == 2


def test_119_4_life_payment_needs_that_much_life_and_zero_is_always_payable():
    assert pay((), [], life=0, extra_life=0) is not None
    assert pay((), [], life=2, extra_life=3) is None
    assert pay((), [], life=3, extra_life=3) is not None


def test_a_source_that_adds_two_mana_at_once():
    assert pay(cost("{2}"), [src(1, "CC")]) is not None
    assert pay(cost("{G}{C}"), [src(1, "CC")]) is None


def test_mana_pool_pays_first_class():
    assert pay(cost("{R}{R}"), [], pool=("R", "R")) is not None


def test_x_needs_a_value():
    with pytest.raises(ValueError):
        pay(cost("{X}"), [src(1, "R")])
    assert pay(cost("{X}"), [src(1, "R")], x=1) is not None


SYMS = st.sampled_from(["{W}", "{U}", "{R}", "{C}", "{1}", "{2}", "{W/U}", "{2/R}", "{G/P}"])
UNIT = st.sampled_from(list("WURGC"))


@settings(max_examples=250, deadline=None)
@given(st.lists(SYMS, max_size=4),
       st.lists(st.lists(st.lists(UNIT, min_size=1, max_size=2), min_size=1, max_size=3),
                max_size=4),
       st.lists(UNIT, max_size=2), st.integers(0, 4))
def test_the_solver_agrees_with_a_brute_force(syms, sources, pool, life):
    c = cost("".join(syms)) if syms else ()
    srcs = [Source(str(i), tuple(tuple(o) for o in opts)) for i, opts in enumerate(sources)]
    assert (pay(c, srcs, pool, life) is not None) == pay_brute(c, srcs, pool, life)


# -- reading (605.1a, 305.6) ---------------------------------------------------------------


def test_605_1a_mana_abilities_are_read_and_understood():
    assert read("{T}: Add {G}.") == [M.ManaAbility((("G",),))]
    assert read("{T}: Add {R} or {G}.") == [M.ManaAbility((("R",), ("G",)))]
    assert read("{T}: Add {C}{C}.") == [M.ManaAbility((("C", "C"),))]
    assert len(read("{T}: Add one mana of any color.")[0].options) == 5
    board = Board.parse("players Alice, Bob\nactive Alice\nAlice:\n"
                        "  Elf 1/1 \"{T}: Add {G}.\"\nBob:\n  Forest [Basic Land — Forest]\n",
                        "<t>")
    assert board.not_understood == []


def test_305_6_basic_land_types_and_302_6_summoning_sick_creatures():
    board = Board.parse(
        "players Alice, Bob\nactive Alice\nAlice:\n"
        "  tundra: Tundra [Land — Plains Island]\n"
        "  elf: Llanowar Elves 1/1 sick \"{T}: Add {G}.\"\n"
        "  hasty: Hasty Elf 1/1 sick \"Haste\" \"{T}: Add {G}.\"\n"
        "  Forest [Basic Land — Forest] tapped\nBob:\n  Island [Basic Land — Island]\n", "<t>")
    got = dict(M.usable_sources(board, board.bound, "Alice"))
    assert got == {"tundra": (("W",), ("U",)), "hasty": (("G",),)}


def test_cumulative_upkeep_costs_are_read():
    assert upkeep_cost("{W} or {U}") == M.ManaPayment((cost("{W}"), cost("{U}")))
    assert upkeep_cost("Pay 2 life") == M.LifePayment(2)
    assert isinstance(upkeep_cost("Sacrifice a creature"), M.SacrificePayment)
    assert isinstance(upkeep_cost("Gain control of a land you don't control"),
                      M.GainControlPayment)
    assert upkeep_cost("Add {R}") == M.AddManaPayment(("R",))
    assert isinstance(upkeep_cost("Discard a card"), M.UnknownCost)


# -- payable declarations (508.1g-h, 509.1d) -------------------------------------------------

PROPAGANDA = ("players Alice, Bob\nactive Alice\nAlice:\n  bears: Grizzly Bears 2/2\n"
              "  cub: Grizzly Bears 2/2\n  elf: Llanowar Elves 1/1 \"{T}: Add {G}.\"\n"
              "  Forest [Basic Land — Forest]\n  Mountain [Basic Land — Mountain]\nBob:\n"
              "  Propaganda [Enchantment] \"Creatures can't attack you unless their controller "
              "pays {2} for each creature they control that's attacking you.\"\n")


def test_508_1g_costly_attacks_carry_payable(tmp_path, capsys):
    p = tmp_path / "b.mtg"
    p.write_text(PROPAGANDA)
    assert main(["attacks", str(p), "--json"]) == 0
    got = {json.dumps(d["declaration"], sort_keys=True): d.get("payable")
           for d in json.loads(capsys.readouterr().out)["declarations"]}
    assert got['{"bears": "Bob"}'] is True
    assert got['{"bears": "Bob", "cub": "Bob"}'] is False
    # 508.1f: the elf is tapped as it attacks, so it can't add mana for the cost
    assert got['{"elf": "Bob"}'] is True
    assert got['{"bears": "Bob", "elf": "Bob"}'] is False
    assert got["{}"] is None  # nothing to pay: no flag


def test_check_says_whether_a_costly_declaration_can_be_paid():
    board = Board.parse(PROPAGANDA, "<t>")
    v = board.check_declaration("attacks", {"bears": "Bob", "cub": "Bob"})
    assert v.legal is True and v.payable is False
    assert board.check_declaration("attacks", {"cub": "Bob"}).payable is True


def test_without_mana_on_the_board_nothing_is_said_about_payability(tmp_path, capsys):
    p = tmp_path / "b.mtg"
    p.write_text(PROPAGANDA.replace('  elf: Llanowar Elves 1/1 "{T}: Add {G}."\n', "")
                 .replace("  Forest [Basic Land — Forest]\n  Mountain [Basic Land — Mountain]\n",
                          ""))
    main(["attacks", str(p), "--json"])
    assert all("payable" not in d
               for d in json.loads(capsys.readouterr().out)["declarations"])


def test_the_most_attackers_you_can_pay_for_as_docs_combat_md_asks_it():
    """docs/combat.md: list the legal attacks, keep those the board can pay for, take the
    largest. Four lands and the elf: any two attackers ({4}) can be paid for -- with the elf
    attacking, the lands alone -- but not all three ({6}: the elf is tapped as it attacks)."""
    board = Board.parse(PROPAGANDA.replace("Bob:\n", "  Plains [Basic Land — Plains]\n"
                                                     "  Island [Basic Land — Island]\nBob:\n"),
                        "<t>")
    listing = board.list_declarations("attacks")
    most = max((d for d in listing.declarations if d.payable is not False),
               key=lambda d: len(d.declaration))
    assert len(most.declaration) == 2
    assert [d.payable for d in listing.declarations if len(d.declaration) == 2] == [True] * 3
    assert [d.payable for d in listing.declarations if len(d.declaration) == 3] == [False]
    assert all(d.payable is None for d in listing.declarations if not d.declaration)
