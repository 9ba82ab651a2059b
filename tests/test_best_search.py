"""The fight-by-fight search's pruning (issue 23, mtgcombat/questions/fights.py) on boards
larger than the reference comparison's: fights played only when a declaration reaches a
leaf, the bound keeping each blocker in one fight, the fights a restriction of one attacker
forbids left out of it, the attackers that can't all be blocked, fights whose lines leave
life and poison still. Each is checked against the independent exhaustive minimax
(``tests/reference_minimax.py``) on seeded hard boards of five a side (blocks) and four a
side (attacks), and where it has its own claim, against the combat model directly."""

from __future__ import annotations

import pytest

from mtgcombat import Board
from mtgcombat.questions.best import Sides, best_attacks, best_blocks, features, objective_value
from mtgcombat.questions.combat import BeforeDamage, declare
from mtgcombat.questions.fights import Fights, _life_still
from mtgcombat.questions.phases import as_declared

from . import reference_minimax as ind
from .boards_decisions import hard_board


def _chunks(start: int, n: int, size: int) -> list[range]:
    return [range(i, min(i + size, start + n)) for i in range(start, start + n, size)]


@pytest.mark.parametrize("seeds", _chunks(300_000, 150, 50), ids=lambda r: f"{r.start}")
def test_best_blocks_agrees_with_the_reference_on_five_a_side_hard_boards(seeds):
    for seed in seeds:
        data = hard_board(seed, True, size=5)
        want, decls = ind.best_blocks(data, "standard")
        got = best_blocks(Board.from_data(data))
        where = (seed, data)
        assert got.status == "optimal", where
        assert got.value == want, (where, got.declaration, decls)
        assert {k: list(v) for k, v in got.declaration.items()} in decls, where


@pytest.mark.parametrize("seeds", _chunks(310_000, 300, 100), ids=lambda r: f"{r.start}")
def test_best_attacks_agrees_with_the_reference_on_four_a_side_hard_boards(seeds):
    for seed in seeds:
        data = hard_board(seed, False, size=4)
        want, decls = ind.best_attacks(data, "standard")
        got = best_attacks(Board.from_data(data))
        where = (seed, data)
        assert got.status == "optimal", where
        assert got.value == want, (where, got.declaration, decls)
        assert dict(got.declaration) in decls, where


def _menace_board(seed: int) -> dict:
    import random

    rng = random.Random(f"menace/{seed}")
    perms = []
    for i in range(4):
        perms.append({"id": f"a{i}", "name": f"Raider {i}", "controller": "Alice",
                      "power": rng.randint(1, 4), "toughness": rng.randint(1, 5),
                      **({"text": "Menace"} if rng.random() < 0.6 else {})})
    for i in range(4):
        perms.append({"id": f"b{i}", "name": f"Guard {i}", "controller": "Bob",
                      "power": rng.randint(0, 4), "toughness": rng.randint(1, 5)})
    return {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
            "active_player": "Alice", "permanents": perms,
            "attacks": {f"a{i}": "Bob" for i in range(4)}}


@pytest.mark.parametrize("seed", range(12))
def test_a_single_block_of_a_menace_attacker_is_left_out_of_the_bound_702_111b(seed):
    """The bound of the attackers left skips the fights a restriction of one attacker
    forbids (menace: one blocker alone, 702.111b); the fight method and every declaration
    played out agree."""
    data = _menace_board(seed)
    want = best_blocks(Board.from_data(data), method="enumeration")
    got = best_blocks(Board.from_data(data), method="groups")
    assert want.status == got.status == "optimal"
    assert got.value == want.value, (data, got.declaration, want.declaration)
    assert ind.best_blocks(data, "standard")[0] == got.value


def _fights_of(data: dict):
    board = Board.from_data(data)
    start = board.evolve(blocks=None)
    sides = Sides(frozenset(start.defenders),
                  frozenset(p for p in start.player_names if p not in start.defenders))
    pre, lost = BeforeDamage(), []
    base = declare(as_declared(start, "attacks"), dict(start.attacks), None, pre, lost)

    def relaxed(s, gone, life, lost_):
        return objective_value("standard", features(s, gone, life, lost_, sides))[1:]

    from mtgcombat.solver.base import Deadline

    return base, Fights(base, start, sides.decider, sides.opponents, relaxed, Deadline(None),
                        pre, lost)


@pytest.mark.parametrize("seed", range(60))
def test_a_fight_with_no_damage_to_players_and_no_lifelink_keeps_life_still_120_3(seed):
    """Where :func:`_life_still` says a fight's lines change no life or poison (no
    trample, no lifelink, blocked: 510.1c-d, 120.3a-b, 120.3f), walking every line of it
    finds each checkpoint as combat damage begins."""
    from itertools import combinations

    data = hard_board(seed, True, size=3)
    if not data.get("attacks"):
        pytest.skip("nobody attacks")
    base, f = _fights_of(data)
    problem = base.problem("blocks")
    checked = 0
    for a in sorted(base.attacks):
        able = sorted(b for b, opts in problem.options.items() if a in opts)
        for k in range(1, len(able) + 1):
            for S in combinations(able, k):
                _, _, b = f.play(a, frozenset(S))
                if not _life_still(b, a, S):
                    continue
                life0 = {p.name: p.life for p in b.players}
                poison0 = {p.name: p.poison for p in b.players}
                walked = f.lines.extremes(b, [], f._measure(life0, poison0))
                here = f._measure(life0, poison0)(life0, poison0)
                assert all(walked[(cp, key)] == n for key, n in here.items()
                           for cp in range(3)), (data, a, S, walked)
                checked += 1
    if not checked:
        pytest.skip("no fight of the board keeps life still")
