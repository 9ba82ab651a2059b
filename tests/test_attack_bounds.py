"""best-attacks' pruning rules (issue 23, ``mtgcombat/questions/attack_bounds.py`` and
``best_attacks``): each must leave every answer as it was -- the same status, value,
declaration and equally good declarations as the search without it -- and each has a
claim of its own checked against the combat model directly.

* **A reply already found bounds a declaration** (``REPLY_BOUNDS``): the value it claims is
  the exact value of the declaration answered by that reply (the combat played out by
  :class:`~mtgcombat.questions.game.CombatGame`, nothing pruned), the reply is legal as
  ``combat`` judges it, and a declaration is cut only at alpha or below.
* **Not attacking first** (``NO_ATTACK_FIRST``): its value is the first alpha, so a search
  stopped by its time limit is never worse than not attacking.

Boards: seeded, five or six a side (the fight method's replies need more than a few block
declarations), keywords drawn from the hard ones (first and double strike, trample,
deathtouch, infect, wither, toxic, indestructible, lifelink, menace, flying, reach) or the
plain ones, damage marked, low life totals.
"""

from __future__ import annotations

import random

import pytest

from mtgcombat import Board
from mtgcombat.questions import attack_bounds, best
from mtgcombat.questions.best import Sides, best_attacks, value_fn
from mtgcombat.questions.combat import BeforeDamage, declare, judge_declarations
from mtgcombat.questions.fights import copy_before
from mtgcombat.questions.game import CombatGame
from mtgcombat.solver.base import Deadline

HARD = ["First strike", "Double strike", "Trample", "Deathtouch", "Infect", "Wither",
        "Toxic 1", "Toxic 2", "Indestructible", "Lifelink", "Menace"]
PLAIN = ["Flying", "Reach", "Vigilance", "Menace"]


def _board(seed: int, family: str, n: int) -> dict:
    rng = random.Random(f"attack-bounds/{family}/{n}/{seed}")
    perms = []
    for side, ctl in (("a", "Alice"), ("b", "Bob")):
        for i in range(n):
            t = rng.randint(1, 5)
            d: dict = {"id": f"{side}{i}", "name": f"{ctl} {i}", "controller": ctl,
                       "power": rng.randint(0, 5), "toughness": t}
            words = HARD if family == "hard" else PLAIN
            if rng.random() < 0.7:
                d["text"] = ", ".join(sorted(set(rng.sample(words, rng.choice([1, 1, 2])))
                                             - ({"Toxic 2"} if rng.random() < 0.5 else set())))
                if not d["text"]:
                    del d["text"]
            if family == "hard" and t > 1 and rng.random() < 0.25:
                d["damage"] = rng.randint(1, t - 1)
            perms.append(d)
    life = (rng.randint(3, 20), rng.randint(2, 12)) if family == "hard" else (20, 20)
    return {"rules": rng.choice(["current", "2024"]),
            "players": [{"name": "Alice", "life": life[0]}, {"name": "Bob", "life": life[1]}],
            "active_player": "Alice", "permanents": perms}


def _answer(data: dict, objective: str = "standard") -> tuple:
    a = best_attacks(Board.from_data(data), objective)
    return a.status, a.value, a.declaration, a.equally_good


class _Spy:
    """Every bound the search used to cut a declaration: (bounds, declared board, what
    declaring did, the value claimed, the reply, alpha)."""

    def __init__(self, monkeypatch) -> None:
        self.cuts: list[tuple] = []
        real = attack_bounds.ReplyBounds.bound

        def bound(rb, bA, pre, lost, alpha=None):
            got = real(rb, bA, pre, lost, alpha)
            if got is not None and alpha is not None and got[0] <= alpha:
                self.cuts.append((rb, bA, copy_before(pre), list(lost), got[0], got[1],
                                  alpha))
            return got

        monkeypatch.setattr(attack_bounds.ReplyBounds, "bound", bound)


@pytest.mark.parametrize("family", ["hard", "plain"])
def test_a_reply_already_found_bounds_a_declaration_only_at_alpha_or_below(family,
                                                                            monkeypatch):
    """The answers with and without the rule are the same, equally good declarations
    included (a declaration whose bound is exactly the best value is searched, not cut:
    the boards with ties check it)."""
    spy = _Spy(monkeypatch)
    ties = 0
    for seed in range(16):
        data = _board(seed, family, 5)
        monkeypatch.setattr(best, "REPLY_BOUNDS", True)
        with_rule = _answer(data)
        monkeypatch.setattr(best, "REPLY_BOUNDS", False)
        without = _answer(data)
        assert with_rule == without, (seed, data)
        ties += bool(without[3])
    assert spy.cuts, "the rule never cut a declaration: the test would prove nothing"
    assert ties, "no board with equally good declarations"


@pytest.mark.parametrize("family", ["hard", "plain"])
def test_the_reply_bound_is_the_exact_value_of_a_legal_reply(family, monkeypatch):
    """Each cut's claim, checked against the combat model: the reply is a legal block
    declaration (judged as ``combat`` judges it, 509.1) and the declaration answered by
    it is worth exactly the value claimed, every damage assignment played out by minimax
    (510.1, 510.4); and that value is at alpha or below."""
    spy = _Spy(monkeypatch)
    checked = 0
    for seed in range(12):
        data = _board(seed, family, 5)
        spy.cuts.clear()
        best_attacks(Board.from_data(data))
        board = Board.from_data(data)
        for rb, bA, pre, lost, claimed, reply, alpha in spy.cuts[:6]:
            assert claimed <= alpha
            attacks = dict(bA.attacks)
            assert judge_declarations(board, attacks=attacks, blocks=reply) is None, \
                (seed, attacks, reply)
            sides = Sides(rb.opponents, rb.decider)  # the attacking side decides
            game = CombatGame(rb.start, sides.decider, value_fn("standard", sides),
                              Deadline(None), opponents=sides.opponents)
            lost2 = list(lost)
            b = declare(bA, None, reply, copy_before(pre), lost2)
            exact, _ = game.play(b, lost2)
            assert exact == claimed, (seed, attacks, reply, exact, claimed)
            checked += 1
    assert checked >= 10, checked


def test_a_reply_is_bounded_only_where_its_fights_are_the_combat(monkeypatch):
    """The rule gives up where the fight method's proof doesn't hold for the fights it
    has: a declaration whose declaring did more than declare -- a trigger resolved
    (508.3), a creature gone or a player lost -- has fights of its own, not those played
    for the others. (A board with any triggered ability is searched without the fight
    method at all; this checks the rule's own guard.)"""
    spy = _Spy(monkeypatch)
    best_attacks(Board.from_data(_board(1, "plain", 5)))
    assert spy.cuts, "no declaration was bounded: the test would prove nothing"
    rb, bA, pre, lost, claimed, _, _ = spy.cuts[-1]
    assert rb.bound(bA, copy_before(pre), list(lost))[0] <= claimed
    triggered = copy_before(pre)
    triggered.triggers.append(object())
    assert rb.bound(bA, triggered, list(lost)) is None
    assert rb.bound(bA, copy_before(pre), ["Bob"]) is None
    gone = copy_before(pre)
    gone.sba.gone["b0"] = "704.5g"
    assert rb.bound(bA, gone, list(lost)) is None


@pytest.mark.parametrize("family", ["hard", "plain"])
def test_not_attacking_first_gives_the_first_alpha(family, monkeypatch):
    """The answers with and without searching "no attack" first are the same, equally
    good declarations included (it is searched again in its place: the best is the first
    best declaration in the search's order, as before)."""
    for seed in range(24):
        data = _board(seed, family, 4)
        monkeypatch.setattr(best, "NO_ATTACK_FIRST", True)
        with_rule = _answer(data)
        monkeypatch.setattr(best, "NO_ATTACK_FIRST", False)
        without = _answer(data)
        assert with_rule == without, (seed, data)


def test_a_search_out_of_time_is_never_worse_than_not_attacking():
    """A search its time limit stops is ``feasible`` with the best declaration found;
    not attacking was searched first, so that is worth no less than not attacking --
    on this board (no trigger, nothing at the beginning of combat) nothing happening,
    (0, 0, 0)."""
    data = _board(5, "hard", 7)
    a = best_attacks(Board.from_data(data), time_limit=0.3)
    if a.status == "optimal":
        pytest.skip("the machine answered it in time")
    assert a.status == "feasible"
    assert a.value >= (0, 0, 0), (a.value, a.declaration)
    assert a.bound is not None and a.bound >= a.value
