"""Benchmark: combat damage `check` and `best` under both rules editions.

    python bench/damage.py [--repeat N]

Boards: one trampling attacker of power 2n against n = 2, 5, 10, 20 blockers
(toughness 1-3, some damage marked; under "2024" with no damage assignment order given,
so that the order is part of the choice, and under "2024 ordered" with one), and 20 attackers (power 1-5, some with trample or
deathtouch) against 30 blockers where blockers are shared (most block two attackers).
``check`` times
:func:`check_damage_answer` on a legal assignment (the best one found);
``best`` times the best assignment of every assigning player
(:func:`best_all`); ``list`` times the first 100 legal assignments.
Reported: median milliseconds over the repeats.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mtgcombat.rules.abilities import Keyword, Parsed, TextReading  # noqa: E402
from mtgcombat.rules.bind import bind  # noqa: E402
from mtgcombat.rules.damage import damage_step  # noqa: E402
from mtgcombat.rules.model import Board, Permanent, Player  # noqa: E402
from mtgcombat.solver.damage import (  # noqa: E402
    best_all, check_damage_answer, enumerate_assignments,
)


def kw(*names):
    return TextReading(understood=(Parsed("kw", tuple(Keyword(n) for n in names)),))


def one_attacker(n: int, rules: str, rng: random.Random):
    perms = [Permanent("att", "Attacker", "Alice", power=2 * n, toughness=8)]
    blocks = {}
    for i in range(n):
        t = rng.randint(1, 3)
        perms.append(Permanent(f"b{i}", f"Blocker {i}", "Bob", power=rng.randint(0, 2),
                               toughness=t, damage=rng.randint(0, t - 1)))
        blocks[f"b{i}"] = ("att",)
    order = None
    if rules == "2024 ordered":
        rules, order = "2024", {"att": tuple(blocks)}
    board = Board((Player("Alice"), Player("Bob")), "Alice", rules=rules,
                  permanents=tuple(perms), attacks={"att": "Bob"}, blocks=blocks,
                  damage_order=order)
    return board, bind(board, {"att": kw("trample")}, [])


def many(n_att: int, n_blk: int, rules: str, rng: random.Random):
    perms, readings, blocks = [], {}, {}
    for i in range(n_att):
        perms.append(Permanent(f"a{i}", f"Attacker {i}", "Alice", power=rng.randint(1, 5),
                               toughness=rng.randint(1, 5)))
        k = rng.random()
        if k < 0.3:
            readings[f"a{i}"] = kw("trample")
        elif k < 0.4:
            readings[f"a{i}"] = kw("deathtouch")
    for j in range(n_blk):
        perms.append(Permanent(f"b{j}", f"Blocker {j}", "Bob", power=rng.randint(1, 4),
                               toughness=rng.randint(1, 4)))
        blocks[f"b{j}"] = tuple(sorted({f"a{j % n_att}", f"a{(j * 7 + 3) % n_att}"}))
    board = Board((Player("Alice"), Player("Bob")), "Alice", rules=rules,
                  permanents=tuple(perms), attacks={f"a{i}": "Bob" for i in range(n_att)},
                  blocks=blocks)
    return board, bind(board, readings, [])


def timed(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    # Each board is drawn from its own seed, so every edition is timed on the same board.
    cases = [(f"1 attacker vs {n} blockers",
              lambda r, n=n: one_attacker(n, r, random.Random(n)),
              ("2024", "2024 ordered", "current")) for n in (2, 5, 10, 20)]
    cases.append(("20 attackers vs 30 blockers (shared)",
                  lambda r: many(20, 30, r, random.Random(1)), ("2024", "current")))
    print(f"{'board':40} {'rules':13} {'check ms':>9} {'best ms':>9} {'list100 ms':>11}")
    for label, make, editions in cases:
        for rules in editions:
            board, bound = make(rules)
            step = damage_step(board, bound)
            best = best_all(step)
            whole = {}
            for part, _ in best.values():
                whole.update(part)
            assert check_damage_answer(board, bound, whole)["legal"]
            t_check = timed(lambda: check_damage_answer(board, bound, whole), args.repeat)
            t_best = timed(lambda: best_all(damage_step(board, bound)), args.repeat)
            t_list = timed(lambda: enumerate_assignments(damage_step(board, bound), 100),
                           args.repeat)
            print(f"{label:40} {rules:13} {t_check:9.2f} {t_best:9.2f} {t_list:11.2f}")


if __name__ == "__main__":
    main()
