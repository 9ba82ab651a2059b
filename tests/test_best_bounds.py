"""The large-board parts of the fight-by-fight search (issue 23, session 6;
mtgcombat/questions/fights.py): the Lagrangian bound of the attackers left (prices on the
blockers, each blocker in one fight at most, 509.1a) and the first incumbent found among
the fights already played (CP-SAT over one-blocker fights, judged like any leaf). On the
benchmark's boards they act from ten blockers on; here the thresholds are lowered to 0 so
that they act on every search, and the answers are compared with the independent
exhaustive minimax (``tests/reference_minimax.py``) on seeded hard boards."""

from __future__ import annotations

from itertools import product

import pytest

from mtgcombat import Board
from mtgcombat.questions import fights as F
from mtgcombat.questions.best import best_attacks, best_blocks

from . import reference_minimax as ind
from .boards_decisions import hard_board


@pytest.fixture
def everywhere(monkeypatch):
    """The Lagrangian bound and the first incumbent on every search, however small."""
    monkeypatch.setattr(F, "DISJOINT_UP_TO", 0)
    monkeypatch.setattr(F, "SEED_OVER", -1)


def _chunks(start: int, n: int, size: int) -> list[range]:
    return [range(i, min(i + size, start + n)) for i in range(start, start + n, size)]


@pytest.mark.parametrize("seeds", _chunks(320_000, 300, 100), ids=lambda r: f"{r.start}")
def test_best_blocks_with_the_lagrangian_bound_and_a_first_incumbent_agree_with_the_reference(
        seeds, everywhere):
    decided = 0
    for seed in seeds:
        data = hard_board(seed, True, size=4)
        try:
            got = best_blocks(Board.from_data(data), method="groups")
        except ValueError:
            continue  # not a board of fights (or none safe): enumerated, not this test's
        decided += 1
        want, decls = ind.best_blocks(data, "standard")
        where = (seed, data)
        assert got.status == "optimal", where
        assert got.value == want, (where, got.declaration, decls)
        assert {k: list(v) for k, v in got.declaration.items()} in decls, where
    assert decided >= len(seeds) // 3


@pytest.mark.parametrize("seeds", _chunks(330_000, 100, 50), ids=lambda r: f"{r.start}")
def test_best_attacks_with_the_lagrangian_bound_and_a_first_incumbent_agree_with_the_reference(
        seeds, everywhere):
    for seed in seeds:
        data = hard_board(seed, False, size=3)
        want, decls = ind.best_attacks(data, "standard")
        got = best_attacks(Board.from_data(data))
        where = (seed, data)
        assert got.status == "optimal", where
        assert got.value == want, (where, got.declaration, decls)
        assert dict(got.declaration) in decls, where


@pytest.mark.parametrize("seed", range(340_000, 340_040))
def test_the_lagrangian_bound_is_at_least_every_declaration_of_the_fights_509_1a(
        seed, monkeypatch):
    """For the attackers from each level on and every set of blockers still free: the
    Lagrangian bound is at least the best sum of one fight per attacker, no blocker in two
    (509.1a), every fight at its value or bound as the search reads it -- found here by
    trying every assignment of the free blockers."""
    monkeypatch.setattr(F, "DISJOINT_UP_TO", 0)
    checked = []
    run = F._Search.run

    def check(s):
        run(s)
        lag = s._lag or s._prepare_lagrangian()
        if not lag:
            return
        everyone = s.relevant[0]
        blockers = [low for low in F._bits(everyone)]
        for i in range(len(s.att) + 1):
            for keep in product((0, 1), repeat=len(blockers)):
                free = sum(b for b, k in zip(blockers, keep) if k)
                got = s._lagrangian(i, free)
                best = None
                # every blocker free goes to one attacker from i on, or to none
                for choice in product(range(-1, len(s.att) - i), repeat=bin(free).count("1")):
                    sets = [0] * (len(s.att) - i)
                    for low, j in zip(F._bits(free), choice):
                        if j >= 0:
                            sets[j] |= low
                    total = 0
                    for j, m in enumerate(sets):
                        e = s.tables[s.att[i + j]].by_mask.get(m)
                        if e is None or m in s.illegal[i + j]:
                            total = None
                            break
                        total += e.code if e.exact else e.kcode
                    if total is not None and (best is None or total > best):
                        best = total
                if best is not None:
                    assert got >= best, (seed, i, free, got, best)
                    checked.append(1)

    monkeypatch.setattr(F._Search, "run", check)
    data = hard_board(seed, True, size=3)
    try:
        best_blocks(Board.from_data(data), method="groups")
    except ValueError:
        pytest.skip("not a board of fights")
    if not checked:
        pytest.skip("no search")
