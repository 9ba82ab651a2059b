"""Benchmark: cumulative upkeep payments (issue 14).

* 10 age counters (9 recorded + the trigger's) of "{W} or {U}" with 8 lands: the 11
  distinct whole payments, each judged payable or not;
* "Sacrifice a creature" with 6 counters among 12 creatures: 924 payments, listed
  lazily -- the time to the first one and to all of them.

Warm figures (the board read once; median of several runs). Run: python bench/upkeep.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mtgcombat import Board  # noqa: E402
from mtgcombat.questions.upkeep import instances, iter_payments, trigger, upkeep  # noqa: E402


def median_ms(f, runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def mana_board() -> Board:
    lands = "\n".join(f"  l{i}: {'Plains' if i % 2 else 'Island'} [Basic Land — "
                      f"{'Plains' if i % 2 else 'Island'}]" for i in range(8))
    return Board.parse("players Alice, Bob\nactive Alice\nAlice:\n"
                       '  seer: Timeless Seer 2/2 counter age 9 "Cumulative upkeep {W} or {U}"\n'
                       + lands + "\nBob:\n  Forest [Basic Land — Forest]\n", "<bench>")


def sacrifice_board() -> Board:
    creatures = "\n".join(f"  c{i}: Bears {i} 2/2" for i in range(12))
    return Board.parse("players Alice, Bob\nactive Alice\nAlice:\n"
                       '  orgg: Soulgorger [Enchantment] counter age 5 '
                       '"Cumulative upkeep—Sacrifice a creature."\n'
                       + creatures + "\nBob:\n  Forest [Basic Land — Forest]\n", "<bench>")


def main() -> None:
    b = mana_board()
    b.bound  # read once
    a = upkeep(b)
    t = a.triggers[0]
    assert len(t.payments) == 11, len(t.payments)
    ms = median_ms(lambda: upkeep(b))
    payable = sum(p.payable for p in t.payments)
    s = sacrifice_board()
    s.bound
    (pid, i, ab), = instances(s)

    def first() -> None:
        next(iter_payments(s, trigger(s, pid, i, ab), ab))

    def all_of() -> None:
        assert sum(1 for _ in iter_payments(s, trigger(s, pid, i, ab), ab)) == 924

    print(f"{'question':58} {'ms':>8}")
    print(f"{'10 counters of {W} or {U}, 8 lands: 11 payments judged':58} {ms:8.2f}"
          f"   ({payable} payable)")
    print(f"{'Sacrifice a creature, 6 of 12: the first payment':58} {median_ms(first):8.2f}")
    print(f"{'Sacrifice a creature, 6 of 12: all 924 payments':58} {median_ms(all_of):8.2f}")


if __name__ == "__main__":
    main()
