"""best-blocks and best-attacks agree with the independent exhaustive minimax
(tests/reference_minimax.py) on random small boards: the same optimal value, and the
declaration returned achieves it in the reference (issue 15)."""

from __future__ import annotations

import pytest

from mtgcombat import Board
from mtgcombat.questions.best import best_attacks, best_blocks

from . import reference_minimax as ref
from .boards_small import board

#: 1,000 boards in all: 600 for best-blocks, 400 for best-attacks (standard objective),
#: plus 150 each for the other objectives.
BLOCK_SEEDS = range(600)
ATTACK_SEEDS = range(1000, 1400)


def _chunks(seeds, n=20):
    seeds = list(seeds)
    return [seeds[i:i + n] for i in range(0, len(seeds), n)]


@pytest.mark.parametrize("seeds", _chunks(BLOCK_SEEDS), ids=lambda s: f"{s[0]}-{s[-1]}")
def test_best_blocks_agrees_with_the_reference(seeds):
    for seed in seeds:
        data = board(seed, declared=True)
        want, _ = ref.best_blocks(data)
        got = best_blocks(Board.from_data(data))
        assert got.status == "optimal", (seed, data)
        assert got.value == want, (seed, data, got.declaration)
        assert ref.value_of_blocks(data, got.declaration) == want, (seed, data)


@pytest.mark.parametrize("seeds", _chunks(ATTACK_SEEDS), ids=lambda s: f"{s[0]}-{s[-1]}")
def test_best_attacks_agrees_with_the_reference(seeds):
    for seed in seeds:
        data = board(seed, declared=False)
        want, _ = ref.best_attacks(data)
        got = best_attacks(Board.from_data(data))
        assert got.status == "optimal", (seed, data)
        assert got.value == want, (seed, data, got.declaration)
        assert ref.value_of_attacks(data, got.declaration) == want, (seed, data)


@pytest.mark.parametrize("objective", ["survive", "race"])
@pytest.mark.parametrize("half", [0, 1])
def test_other_objectives_agree_with_the_reference(objective, half):
    for seed in range(2000 + 75 * half, 2075 + 75 * half):
        declared = seed % 2 == 0
        data = board(seed, declared=declared)
        if declared:
            want, _ = ref.best_blocks(data, objective)
            got = best_blocks(Board.from_data(data), objective)
        else:
            want, _ = ref.best_attacks(data, objective)
            got = best_attacks(Board.from_data(data), objective)
        assert got.status == "optimal" and got.value == want, (objective, seed, data)
