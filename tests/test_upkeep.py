"""Cumulative upkeep (``mtgcombat upkeep``; 702.24): age counters, every distinct whole
payment listed lazily, payability on the board as given."""

from __future__ import annotations

import json
import time

from mtgcombat import Board
from mtgcombat.cli import main
from mtgcombat.questions.upkeep import upkeep

from .conftest import REPO


def board(body: str, alice: str = "Alice") -> Board:
    return Board.parse(f"players {alice}, Bob\nactive Alice\nAlice:\n{body}\nBob:\n"
                       "  Mountain [Basic Land — Mountain]\n", "<t>")


def test_702_24a_the_trigger_adds_an_age_counter_before_the_payment():
    a = upkeep(board('  r: Remora [Enchantment] counter age 3 "Cumulative upkeep {1}"'))
    (t,) = a.triggers
    assert t.age_counters == 4
    assert [p.pay for p in t.payments] == [["{1}"] * 4]


def test_702_24a_every_distinct_whole_payment_order_irrelevant():
    a = upkeep(board('  k: Knight 2/2 counter age 2 "Cumulative upkeep {W} or {B}"'))
    assert [p.pay for p in a.triggers[0].payments] == [
        ["{W}", "{W}", "{W}"], ["{W}", "{W}", "{B}"], ["{W}", "{B}", "{B}"],
        ["{B}", "{B}", "{B}"]]
    assert a.triggers[0].count == 4


def test_702_24b_each_instance_counts_every_age_counter():
    a = upkeep(board('  b: Beast 3/3 counter age 1\n    "Cumulative upkeep—Pay 1 life."\n'
                     '    "Cumulative upkeep—Pay 1 life."'))
    assert [(t.instance, t.age_counters) for t in a.triggers] == [(1, 2), (2, 3)]


def test_the_same_object_is_never_chosen_twice_and_the_permanent_may_be_one():
    a = upkeep(board('  o: Orgg 6/6 counter age 1 "Cumulative upkeep—Sacrifice a creature."\n'
                     '  x: Bears 2/2'))
    assert [p.pay for p in a.triggers[0].payments] == [["o", "x"]]
    assert any(n.code == "upkeep.self_allowed" for n in a.triggers[0].notes)


def test_not_enough_objects_means_no_whole_payment():
    a = upkeep(board('  o: Orgg 6/6 counter age 2 "Cumulative upkeep—Sacrifice a creature."'))
    t = a.triggers[0]
    assert t.count == 0 and t.payments == []
    assert any(n.code == "upkeep.not_enough" for n in t.notes)


def test_119_4_life_payments_need_that_much_life():
    b = Board.parse('players Alice (life 2), Bob\nactive Alice\nAlice:\n'
                    '  t: Thrull 1/1 counter age 2 "Cumulative upkeep—Pay 1 life."\nBob:\n'
                    '  Mountain [Basic Land — Mountain]\n', "<t>")
    assert upkeep(b).triggers[0].payments[0].payable is False


def test_only_the_active_players_permanents_trigger():
    b = Board.parse('players Alice, Bob\nactive Alice\nAlice:\n  Forest [Basic Land — Forest]\n'
                    'Bob:\n  t: Thrull 1/1 "Cumulative upkeep—Pay 1 life."\n', "<t>")
    assert upkeep(b).triggers == []


def test_payments_are_listed_lazily_and_limited():
    creatures = "\n".join(f"  c{i}: Bears {i} 2/2" for i in range(12))
    b = board('  o: Orgg 6/6 [Enchantment] counter age 5 '
              '"Cumulative upkeep—Sacrifice a creature."\n' + creatures)
    a = upkeep(b, limit=10)
    t = a.triggers[0]
    assert t.count == 924 and len(t.payments) == 10
    assert t.status == "truncated" and a.status == "truncated"
    start = time.perf_counter()
    upkeep(b, limit=1)
    assert time.perf_counter() - start < 5  # lazily: not 924 payments built (no timing claim)


def test_upkeep_command_json_has_the_spec_shape(capsys):
    path = str(REPO / "examples" / "cumulative-upkeep.mtg")
    assert main(["upkeep", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "complete" and data["not_understood"] == []
    for t in data["triggers"]:
        assert set(t) >= {"permanent", "instance", "cost", "age_counters", "payments"}
        assert all(set(p) >= {"pay", "payable"} for p in t["payments"])
    seer = next(t for t in data["triggers"] if t["permanent"] == "seer")
    assert seer["cost"] == "{W} or {U}" and seer["age_counters"] == 3


def test_upkeep_command_in_german(capsys):
    path = str(REPO / "examples" / "cumulative-upkeep.mtg")
    assert main(["upkeep", path, "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Kumulative Versorgung" in out and "Altersmarken" in out and "bezahlbar" in out


def test_turn_shows_cumulative_upkeep_at_the_upkeep_step():
    from mtgcombat.questions.turn import turn
    from mtgcombat.text import Writer

    b = Board.load(REPO / "examples" / "cumulative-upkeep.mtg")
    steps = {s["step"]: s for s in turn(b).to_json(Writer.for_board(b))["steps"]}
    assert any("cumulative upkeep of Timeless Seer" in x for x in steps["upkeep"]["what"])
