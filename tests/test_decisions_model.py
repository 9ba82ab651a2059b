"""The facts about the combat model that the pruning of best-blocks and best-attacks rests
on (issue 23; the proofs are in the docstrings of ``mtgcombat/questions/game.py`` and
``mtgcombat/questions/fights.py``), checked against the model itself:

* ``results`` is a sum over the damage dealt (equal results of a part are interchangeable);
* ``outcome`` reads only ``OUTCOME_FIELDS``, monotone each way as declared, and decides a
  creature's fate from its own entries;
* the board after a step depends on the step's results alone;
* ``board_key`` tells every two different boards apart;
* every keyword of the project is either one the pruning is proven for, or it switches the
  pruning off (and an ability type nobody declared switches it off too);
* a fight's bound is never below what the fight is worth.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from mtgcombat import Board
from mtgcombat.questions.combat import BeforeDamage, deal_damage, declare, step_board
from mtgcombat.questions.fights import (
    DECLARATION_ONLY, FIGHT_KEYWORDS, FIGHT_LOCAL, Fights, _bound_f, copy_before,
    fights_unknown,
)
from mtgcombat.questions.game import (
    PROVEN_ABILITIES, PROVEN_KEYWORDS, add_results, board_key, freeze_results,
    merging_proven, unknown_abilities,
)
from mtgcombat.rules.damage import damage_step
from mtgcombat.rules.results import (
    OUTCOME_FIELDS, Dealt, Results, outcome, results,
)
from mtgcombat.solver.base import Deadline

from .boards_decisions import hard_board

ROOT = Path(__file__).resolve().parents[1]


def project_keywords() -> set[str]:
    """The project's keyword list -- the keyword table (``rules.keywords``): every keyword
    that can act in a combat, with its printed variants. (The one place to repoint.)"""
    from mtgcombat.rules import keywords as K

    out = set()
    for k in K.TABLE.values():
        if k.acts_in_combat:
            out.add(k.name)
            out.update(k.aliases)
    assert len(out) > 30, "the keyword table moved: repoint project_keywords()"
    return out


#: How a keyword with a parameter is printed on a test card.
_SAMPLES = {"landwalk": "Swampwalk", "protection": "Protection from red",
            "bands with other": "Bands with other Wolves"}


def _keyword_board(kw: str) -> Board:
    from mtgcombat.rules import keywords as K

    k = K.keyword(kw)
    text = _SAMPLES.get(kw) or (kw.capitalize() + (" 1" if k is not None and
                                                   k.parameter == "number" else ""))
    data = {"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
            "permanents": [
                {"id": "a", "name": "Keyworded", "controller": "Alice", "power": 2,
                 "toughness": 2, "text": text},
                {"id": "b", "name": "Plain Blocker", "controller": "Bob", "power": 1,
                 "toughness": 1}],
            "attacks": {"a": "Bob"}}
    return Board.from_data(data)


def _read(board: Board) -> set[str]:
    """What the model holds of the keyworded creature: its keywords, numbered keywords
    and ability types."""
    held = set(board.bound.keywords.get("a", set()))
    for i in board.bound.held_by("a"):
        name = type(i.ability).__name__
        held.add(i.ability.name.lower() if name in ("Keyword", "KeywordN") else name)
    return held


@pytest.mark.parametrize("kw", sorted(project_keywords()))
def test_every_keyword_is_proven_for_the_pruning_or_switches_it_off(kw):
    board = _keyword_board(kw)
    held = _read(board)
    if not held:  # not read: reported (not_understood), and the combat model ignores it
        assert board.not_understood, kw
        return
    # the keyword becomes keywords and ability types: each proven, or the pruning is off
    if not all(h in PROVEN_KEYWORDS or h in PROVEN_ABILITIES for h in held):
        assert not merging_proven(board), (kw, held)
    if not all(h in FIGHT_KEYWORDS or h in DECLARATION_ONLY or h in FIGHT_LOCAL
               for h in held):
        assert fights_unknown(board.bound), (kw, held)


def test_an_ability_nobody_declared_switches_the_pruning_off():
    from mtgcombat.rules.bind import Instance
    from mtgcombat.rules.record import Record

    class SomethingNew(Record):
        """An ability type added later (a trigger, a static effect)."""

    board = _keyword_board("flying")
    bound = board.bound
    src = bound.instances[0].source
    bound.instances.append(Instance(SomethingNew(), src, "Something new.", "a"))
    assert "SomethingNew" in unknown_abilities(bound)
    assert "SomethingNew" in fights_unknown(bound)


def test_a_keyword_outside_the_lists_switches_the_pruning_off():
    board = _keyword_board("flying")
    board.bound.keywords["a"].add("some future keyword")
    assert unknown_abilities(board.bound) == ["some future keyword"]
    assert "some future keyword" in fights_unknown(board.bound)


# -- the model's facts, on random hard boards ---------------------------------------------------


def _steps(seed: int):
    """Combat damage steps of a random declared board with random blocks."""
    rng = random.Random(seed)
    data = hard_board(seed, True)
    board = Board.from_data(data)
    blocks = {}
    for p in data["permanents"]:
        if p["controller"] != "Alice" and rng.random() < 0.7:
            mine = [a for a, t in data["attacks"].items() if t == p["controller"]]
            if mine:
                blocks[p["id"]] = [rng.choice(mine)]
    try:
        b = declare(board, None, blocks, BeforeDamage(), [])
    except Exception:  # noqa: BLE001 -- an illegal random block: take none
        b = declare(board, None, {}, BeforeDamage(), [])
    for stage in ("first", "regular"):
        try:
            sb, _ = step_board(b, stage, None)
            yield sb, damage_step(sb, sb.bound, sb.blocked or (), sb.first_strikers,
                                  sb.target_left or ())
        except Exception:  # noqa: BLE001 -- no first-strike step on this board
            continue


def _random_assignment(rng: random.Random, step) -> dict:
    out = {}
    for s in step.sources.values():
        left, d = s.power, {}
        rs = list(s.all_recipients)
        for r in rs[:-1]:
            n = rng.randint(0, left)
            if n:
                d[r] = n
            left -= n
        if left and rs:
            d[rs[-1]] = d.get(rs[-1], 0) + left
        out[s.id] = d
    return out


@pytest.mark.parametrize("seed", range(60))
def test_results_are_a_sum_over_the_damage_dealt(seed):
    rng = random.Random(seed)
    for sb, step in _steps(seed):
        a = _random_assignment(rng, step)
        dealt = [Dealt(s, r, n) for s, d in a.items() for r, n in d.items() if n]
        rng.shuffle(dealt)
        k = rng.randint(0, len(dealt))
        whole = results(sb, sb.bound, dealt)
        parts = add_results(results(sb, sb.bound, dealt[:k]), results(sb, sb.bound, dealt[k:]))
        assert freeze_results(whole) == freeze_results(parts)


def _outcome_key(o):
    return (sorted(o.gone), sorted(o.lost), sorted(o.life.items()), sorted(o.poison.items()))


@pytest.mark.parametrize("seed", range(60))
def test_outcome_reads_its_fields_monotonically_and_each_creature_alone(seed):
    rng = random.Random(seed)
    for sb, step in _steps(seed):
        a = _random_assignment(rng, step)
        dealt = [Dealt(s, r, n) for s, d in a.items() for r, n in d.items() if n]
        res = results(sb, sb.bound, dealt)
        base = outcome(sb, sb.bound, res, ())
        # a field outcome doesn't read changes nothing
        for name in ("loyalty", "defense", "damaged"):
            other = add_results(res, Results(**{name: {"x": 1}}))
            assert _outcome_key(outcome(sb, sb.bound, other, ())) == _outcome_key(base)
        creatures = [p.id for p in sb.permanents if p.is_creature]
        players = list(sb.player_names)
        for fname, direction in OUTCOME_FIELDS.items():
            keys = players if fname in ("life", "gained", "poison") else creatures
            for k in keys:
                more = Results()
                if fname == "deathtouched":
                    more.deathtouched.add(k)
                else:
                    getattr(more, fname)[k] = rng.randint(1, 3)
                o = outcome(sb, sb.bound, add_results(res, more), ())
                owner = k if k in players else sb.permanent(k).controller
                if direction > 0:  # better for the owner: nothing of theirs lost more
                    assert o.gone <= base.gone | {p.id for p in sb.permanents
                                                  if p.controller != owner}
                    assert not (owner in o.lost and owner not in base.lost)
                else:  # worse for the owner: nothing of theirs saved
                    assert {c for c in base.gone if sb.permanent(c).controller == owner} <= o.gone
                    assert not (owner in base.lost and owner not in o.lost)
        # each creature's fate from its own entries (no player leaving: 800.4a aside)
        for c in creatures:
            mine = Results()
            for fname in ("marked", "minus"):
                if c in getattr(res, fname):
                    getattr(mine, fname)[c] = getattr(res, fname)[c]
            if c in res.deathtouched:
                mine.deathtouched.add(c)
            alone = outcome(sb, sb.bound, mine, players)
            full = outcome(sb, sb.bound, res, players)
            assert (c in alone.gone) == (c in full.gone)


@pytest.mark.parametrize("seed", range(40))
def test_the_board_after_a_step_depends_on_its_results_alone(seed):
    rng = random.Random(seed)
    for sb, step in _steps(seed):
        seen: dict = {}
        for _ in range(25):
            a = _random_assignment(rng, step)
            dealt = [Dealt(s, r, n) for s, d in a.items() for r, n in d.items() if n]
            key = freeze_results(results(sb, sb.bound, dealt))
            after, _, _, sba = deal_damage(sb, a, [])
            got = (board_key(after), tuple(sorted(sba.lost)))
            assert seen.setdefault(key, got) == got


def test_board_key_tells_every_field_apart():
    board = Board.from_data(hard_board(3, True))
    k = board_key(board)
    p0 = board.permanents[0]
    import dataclasses

    for change in ({"permanents": board.permanents[1:]},
                   {"permanents": (dataclasses.replace(p0, damage=p0.damage + 1),)
                    + board.permanents[1:]},
                   {"players": (dataclasses.replace(board.players[0], life=1),)
                    + board.players[1:]},
                   {"blocks": {}}, {"damage_step": "first"}, {"first_strikers": ()},
                   {"blocked": (p0.id,)}, {"damage_order": {p0.id: ()}}):
        assert board_key(board.derive(**change)) != k, change


# -- the fight bound ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_a_fight_bound_is_never_below_the_fight(seed):
    from mtgcombat.questions.best import Sides, features, objective_value

    data = hard_board(seed, True)
    board = Board.from_data(data)
    if fights_unknown(board.bound) or len(board.player_names) > 2:
        return
    attacks = dict(board.attacks)
    start = board.evolve(blocks=None)
    sides = Sides(frozenset(start.defenders), frozenset({"Alice"}))
    pre, lost = BeforeDamage(), []
    base = declare(start, attacks, None, pre, lost)
    blockers = [p.id for p in base.permanents if p.controller != "Alice" and not p.tapped]
    for objective in ("standard", "race", "survive"):
        def rel(st, gone, life, lost_, objective=objective):
            return objective_value(objective, features(st, gone, life, lost_, sides))[1:]

        f = Fights(base, start, sides.decider, sides.opponents, rel, Deadline(None),
                   copy_before(pre), lost)
        for a in attacks:
            if len(blockers) < 2:
                continue
            d = f.bound_data(a, blockers)
            g0 = f.play(a, frozenset())[0]
            for k in range(2, len(blockers) + 1):
                for S in __import__("itertools").combinations(blockers, k):
                    exact = f.play(a, frozenset(S))[0]
                    bound = objective_value(objective, _bound_f(d, S))[1:]
                    assert tuple(x - y for x, y in zip(exact, g0)) <= \
                        tuple(x - y for x, y in zip(bound, g0)), (seed, objective, a, S)


@pytest.mark.parametrize("seed", range(30))
def test_binding_never_reads_the_fields_a_step_changes(seed):
    """questions.game.share_bound gives a step's board the bound abilities of the board it
    comes from: binding must not read what differs (BIND_BLIND)."""
    from mtgcombat.questions.game import BIND_BLIND
    from mtgcombat.rules.bind import bind

    board = Board.from_data(hard_board(seed, True))
    changes = {"damage_step": "first", "first_strikers": tuple(board.attacks)[:1]}
    assert set(changes) == BIND_BLIND
    for k, v in changes.items():
        other = board.derive(**{k: v})
        a = bind(board, board.readings, board.effect_readings)
        b = bind(other, board.readings, board.effect_readings)
        assert a.instances == b.instances and a.keywords == b.keywords and a.walks == b.walks


@pytest.mark.parametrize("seed", range(40))
def test_the_relaxed_combat_is_the_sum_of_its_fights(seed):
    """questions.fights: with nobody able to lose, a combat is worth its fights summed
    (less the board as it stands, counted in each fight) -- for every block declaration."""
    from mtgcombat.questions.best import Sides, features, objective_value
    from mtgcombat.questions.game import gone_between

    rng = random.Random(seed)
    data = hard_board(seed, True)
    board = Board.from_data(data)
    if fights_unknown(board.bound) or len(board.player_names) > 2:
        return
    start = board.evolve(blocks=None)
    sides = Sides(frozenset(start.defenders), frozenset({"Alice"}))
    pre, lost = BeforeDamage(), []
    base = declare(start, dict(board.attacks), None, pre, lost)
    objective = rng.choice(["standard", "race", "survive"])

    def rel(st, gone, life, lost_):
        return objective_value(objective, features(st, gone, life, lost_, sides))[1:]

    f = Fights(base, start, sides.decider, sides.opponents, rel, Deadline(None),
               copy_before(pre), lost)
    blockers = [p.id for p in base.permanents if p.controller == "Bob" and not p.tapped]
    attackers = list(base.attacks)
    here = rel(f.rstart, gone_between(f.rstart, f.rbase),
               {p.name: p.life for p in f.rbase.players}, ())
    for _ in range(4):
        decl = {b: [rng.choice(attackers)] for b in blockers if rng.random() < 0.6}
        whole = declare(f.rbase, None, decl, copy_before(pre), list(lost))
        want = f.game.play(whole, list(lost))[0]
        got = here
        for a in attackers:
            S = frozenset(b for b, atts in decl.items() if a in atts)
            got = tuple(x + y - z for x, y, z in zip(got, f.play(a, S)[0], here))
        assert got == want, (seed, objective, decl)
