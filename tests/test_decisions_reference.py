"""best-blocks and best-attacks agree with two exhaustive references on random hard boards
(issue 23): the independent minimax written from the rules (``tests/reference_minimax.py``,
no mtgcombat code: guards the combat model) and the exhaustive search through the
project's own combat model with nothing pruned (``tests/reference_exhaustive.py``: isolates
the search).

Boards: ``tests/boards_decisions.py`` (seeded; first and double strike with trample,
deathtouch, infect, wither, toxic, indestructible, lifelink races, low life, damage marked,
poison, two players and three, both editions). 2,000 boards per command against the
independent reference, every tenth against the combat-model one as well; the objectives
survive and race on 200 more each. ``MTGCOMBAT_DECISION_BOARDS=20000`` runs more.
"""

from __future__ import annotations

import os

import pytest

from mtgcombat import Board
from mtgcombat.questions.best import best_attacks, best_blocks

from . import reference_exhaustive as ex
from . import reference_minimax as ind
from .boards_decisions import hard_board

N = int(os.environ.get("MTGCOMBAT_DECISION_BOARDS", "2000"))
CHUNK = 100


def _chunks(start: int, n: int) -> list[range]:
    return [range(i, min(i + CHUNK, start + n)) for i in range(start, start + n, CHUNK)]


def _check(kind: str, seed: int, objective: str = "standard", exhaustive: bool = False):
    data = hard_board(seed, kind == "blocks")
    board = Board.from_data(data)
    ask = best_blocks if kind == "blocks" else best_attacks
    got = ask(board, objective)
    want, decls = (ind.best_blocks if kind == "blocks" else ind.best_attacks)(data, objective)
    where = (kind, seed, objective, data)
    assert got.status == "optimal", where
    assert got.value == want, (where, got.declaration, decls)
    mine = {k: list(v) for k, v in got.declaration.items()} if kind == "blocks" \
        else dict(got.declaration)
    assert mine in decls, (where, got.declaration, decls)
    if exhaustive:
        v, best = (ex.best_blocks if kind == "blocks" else ex.best_attacks)(
            Board.from_data(data), objective)
        assert v == want, (where, "combat model", v)
        assert sorted(map(_canon, best)) == sorted(map(_canon, decls)), (where, best, decls)


def _canon(decl: dict) -> tuple:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in decl.items()))


@pytest.mark.parametrize("seeds", _chunks(0, N), ids=lambda r: f"{r.start}-{r.stop - 1}")
def test_best_blocks_agrees_with_the_references_on_hard_boards(seeds):
    for seed in seeds:
        _check("blocks", seed, exhaustive=seed % 10 == 0)


@pytest.mark.parametrize("seeds", _chunks(100_000, N), ids=lambda r: f"{r.start}-{r.stop - 1}")
def test_best_attacks_agrees_with_the_references_on_hard_boards(seeds):
    for seed in seeds:
        _check("attacks", seed, exhaustive=seed % 10 == 0)


@pytest.mark.parametrize("objective", ["survive", "race"])
@pytest.mark.parametrize("kind", ["blocks", "attacks"])
def test_other_objectives_agree_with_the_references_on_hard_boards(objective, kind):
    for seed in range(200_000, 200_100):
        _check(kind, seed, objective, exhaustive=seed % 10 == 0)
