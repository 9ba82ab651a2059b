"""Benchmark: the card index (issue 25.7) -- what each run pays for a card file.

A synthetic MTGJSON AtomicCards file of N cards (default 150,000, like the issue's
figure; ``python bench/cards.py 30000`` for the size of Scryfall's Oracle cards) is
indexed in a fresh cache directory, then opened again:

* the first run: the file read and its index built on disk;
* every later run: the index found up to date (its size checked) and one lookup;
* a read-only cache (the fallback): the index built in memory, every run;
* a run after the index was damaged on disk: rebuilt at the first lookup that fails;
* the closest names to a misspelt one (the "did you mean" of an unknown card).

Median of several runs (the first build once). Run: python bench/cards.py [N]
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mtgcombat import cards  # noqa: E402
from mtgcombat.cards import CardDatabase  # noqa: E402


def card_file(path: Path, n: int) -> list[str]:
    rng = random.Random(1)
    data = {}
    for i in range(n):
        name = f"Card {i} " + "".join(rng.choice("abcdefghij") for _ in range(8))
        data[name] = [{"name": name, "type": "Creature — Bear", "colors": ["G"],
                       "manaCost": "{1}{G}", "layout": "normal", "power": str(i % 7),
                       "toughness": "2",
                       "text": "Flying\nWhenever this creature attacks, you gain 1 life."}]
    path.write_text(json.dumps({"meta": {"version": "bench"}, "data": data}))
    return list(data)


def seconds(f, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 150_000
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "AtomicCards.json"
        names = card_file(path, n)
        cache = Path(tmp) / "cache"
        print(f"{n} cards, {path.stat().st_size / 1e6:.1f} MB of JSON")

        t = time.perf_counter()
        db = CardDatabase.open(path, cache)
        first = time.perf_counter() - t
        size = db.index.stat().st_size if db.index else 0
        db.close()
        print(f"  first run (index built on disk, {size / 1e6:.1f} MB): {first:.2f} s")

        def again() -> None:
            with CardDatabase.open(path, cache) as d:
                assert not d.rebuilt and d.lookup(names[n // 2]) is not None
        print(f"  later run (index reused, one lookup): {seconds(again, 7) * 1000:.1f} ms")

        blocker = Path(tmp) / "a-file"
        blocker.write_text("")

        def read_only() -> None:
            with CardDatabase.open(path, blocker / "cache") as d:
                assert d.index is None and d.warnings
        print(f"  read-only cache (index in memory, every run): {seconds(read_only, 3):.2f} s")

        def damaged() -> None:
            with CardDatabase.open(path, cache) as d:
                index = d.index
            assert index is not None
            raw = bytearray(index.read_bytes())
            raw[len(raw) // 2: len(raw) // 2 + 65536] = os.urandom(65536)
            index.write_bytes(bytes(raw))
            with CardDatabase.open(path, cache) as d:
                for name in names[::max(1, n // 2000)]:
                    d.lookup(name)
                assert d.rebuilt
        print(f"  a run after damage on disk (rebuilt): {seconds(damaged, 3):.2f} s")

        with CardDatabase.open(path, cache) as d:
            d.closest("warm up")  # the names read once
            target = names[n // 3]
            typo = target[:2] + target[3:]  # a letter dropped

            def closest() -> None:
                assert d.closest(typo)
            print(f"  the closest names to a misspelt one (\"did you mean\"): "
                  f"{seconds(closest, 7) * 1000:.1f} ms")
    print(f"(index version {cards.INDEX_VERSION}; medians; the machine's other load counts)")


if __name__ == "__main__":
    main()
