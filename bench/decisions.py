"""Benchmark: best-blocks and best-attacks (issue 15) on seeded random boards.

For n = 3, 4, 6, 8: n attackers (all attacking, for best-blocks) against n potential
blockers with a mix of keywords (bench/boards.py ``small``), Bob at 20 life. Each row: the
median and the slowest of several boards, and how many were proved optimal within the
time limit (10 s), the rest feasible with a bound. Run: python bench/decisions.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from boards import small  # noqa: E402

from mtgcombat import Board  # noqa: E402
from mtgcombat.questions.best import best_attacks, best_blocks  # noqa: E402

LIMIT = 10.0


def run(kind: str, n: int, seeds: range) -> tuple[float, float, int, int]:
    times, optimal = [], 0
    for seed in seeds:
        data = small(n, seed)
        if kind == "blocks":
            data["attacks"] = {f"a{i}": "Bob" for i in range(n)}
        board = Board.from_data(data)
        board.bound
        t = time.perf_counter()
        answer = (best_blocks if kind == "blocks" else best_attacks)(board, time_limit=LIMIT)
        times.append(time.perf_counter() - t)
        optimal += answer.status == "optimal"
    return statistics.median(times), max(times), optimal, len(times)


def main() -> None:
    print(f"{'question':14} {'n v n':>6} {'median s':>9} {'max s':>8} {'optimal':>9}")
    for kind, sizes in (("blocks", (3, 4, 6, 8)), ("attacks", (3, 4, 6))):
        for n in sizes:
            med, worst, opt, total = run(kind, n, range(5))
            print(f"best-{kind:9} {n:>3} v {n:<2} {med:9.2f} {worst:8.2f} {opt:>5}/{total}")


if __name__ == "__main__":
    main()
