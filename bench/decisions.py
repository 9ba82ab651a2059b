"""Benchmark: best-blocks and best-attacks (issue 23) on seeded random boards.

Generator (this file, :func:`plain`, :func:`hard` and :func:`mixed`; ``random.Random(seed)``): n creatures
a side, Alice's and Bob's, power 0-6 and toughness 1-6.

* ``plain``: each creature has at most one of Flying, Reach, Vigilance, Menace (Bob's
  also Defender), or none; both players at 20 life; nothing marked.
* ``hard``: each creature one or two of First strike, Double strike, Trample,
  Deathtouch, Infect, Wither, Toxic 1/2, Indestructible, Lifelink (or none, 1 in 8);
  a quarter have damage already marked; Alice at 3-20 life, Bob at 2-12.
* ``mixed``: both sets -- each creature one keyword of ``plain``'s (1 in 2) and one or two
  of ``hard``'s (7 in 8), damage marked and life totals as ``hard``.

Every row: the median and the slowest of the boards (seeds first..first+k-1) for a size and a
question, in CPU seconds (``time.process_time``: the machine is shared, wall time
measures the others' work too) in a warm process (the board read and its texts bound
before timing; one warm-up question first), with how many were proved optimal within
the time limit -- the rest are ``feasible`` with a bound, or ``unknown``. For best-blocks
every attacker of Alice's able to attack attacks Bob.

Then, with ``--cold N``: cold processes (``python -m mtgcombat``, a new process each time)
on the 4 v 4 ``plain`` boards with attacks declared (seeds 0..k-1), ``best-blocks`` and
``check`` in turn, N times each: the median of each in CPU seconds of the child
process (``resource.getrusage``, user and system) and their ratio (issue 23: a cold
``best-blocks`` no slower than a cold ``check`` plus 50 %, a ratio of 1.5 at most).

Run: ``python bench/decisions.py [--sizes 4,8,12] [--seeds 7] [--first 0] [--limit 60]
[--families plain,hard,mixed] [--kinds blocks,attacks] [--cold 3]`` (``--first 7``: seeds
7..13, boards nothing was tuned to). Figures are noisy on a
shared machine: run it twice and read the medians.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mtgcombat import Board  # noqa: E402
from mtgcombat.questions.best import best_attacks, best_blocks  # noqa: E402

PLAIN = ["Flying", "Reach", "Vigilance", "Menace"]
HARD = ["First strike", "Double strike", "Trample", "Deathtouch", "Infect", "Wither",
        "Toxic 1", "Toxic 2", "Indestructible", "Lifelink"]


def _creature(rng: random.Random, cid: str, name: str, ctl: str, family: str) -> dict:
    p, t = rng.randint(0, 6), rng.randint(1, 6)
    d: dict[str, Any] = {"id": cid, "name": name, "controller": ctl, "power": p,
                         "toughness": t}
    if family == "plain":
        words = PLAIN + (["Defender"] if ctl == "Bob" else [])
        if rng.random() < 0.5:
            d["text"] = rng.choice(words)
    else:
        kws = []
        if family == "mixed" and rng.random() < 0.5:
            kws.append(rng.choice(PLAIN + (["Defender"] if ctl == "Bob" else [])))
        if rng.random() >= 1 / 8:
            kws += rng.sample(HARD, rng.choice([1, 1, 2]))
            if "Toxic 1" in kws and "Toxic 2" in kws:
                kws.remove("Toxic 2")
        if kws:
            d["text"] = ", ".join(kws)
        if rng.random() < 0.25 and t > 1:
            d["damage"] = rng.randint(1, t - 1)
    return d


def board(family: str, n: int, seed: int, declared: bool) -> dict:
    rng = random.Random(f"{family}/{n}/{seed}")
    perms = [_creature(rng, f"a{i}", f"Alpha {i}", "Alice", family) for i in range(n)]
    perms += [_creature(rng, f"b{i}", f"Beta {i}", "Bob", family) for i in range(n)]
    life = (20, 20) if family == "plain" else (rng.randint(3, 20), rng.randint(2, 12))
    data: dict[str, Any] = {"players": [{"name": "Alice", "life": life[0]},
                                        {"name": "Bob", "life": life[1]}],
                            "active_player": "Alice", "permanents": perms}
    if declared:
        data["attacks"] = {p["id"]: "Bob" for p in perms if p["controller"] == "Alice"}
    return data


def plain(n: int, seed: int, declared: bool = False) -> dict:
    return board("plain", n, seed, declared)


def hard(n: int, seed: int, declared: bool = False) -> dict:
    return board("hard", n, seed, declared)


def mixed(n: int, seed: int, declared: bool = False) -> dict:
    return board("mixed", n, seed, declared)


def ask(kind: str, data: dict, limit: float) -> tuple[float, str]:
    b = Board.from_data(data)
    b.bound
    t = time.process_time()
    a = (best_blocks if kind == "blocks" else best_attacks)(b, time_limit=limit)
    return time.process_time() - t, a.status


def cold(seeds: int, reps: int) -> tuple[float, float]:
    """Median CPU seconds of a cold ``best-blocks`` and a cold ``check`` (new processes,
    the 4 v 4 plain boards with attacks declared), taken in turn."""
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    times: dict[str, list[float]] = {"best-blocks": [], "check": []}
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(seeds):
            data = plain(4, seed, True)
            path = Path(tmp) / f"plain-4-{seed}.json"
            path.write_text(json.dumps(data))
            bare = Path(tmp) / f"plain-4-{seed}-bare.json"
            bare.write_text(json.dumps({k: v for k, v in data.items() if k != "attacks"}))
            argv = {"best-blocks": [str(path)],
                    "check": [str(bare), "--attacks", json.dumps(data["attacks"])]}
            for _ in range(reps):
                for cmd in ("best-blocks", "check"):
                    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
                    done = subprocess.run([sys.executable, "-m", "mtgcombat", cmd] + argv[cmd],
                                          env=env, cwd=tmp, stdout=subprocess.DEVNULL,
                                          check=False)
                    if done.returncode != 0:
                        raise SystemExit(f"{cmd} failed ({done.returncode})")
                    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
                    times[cmd].append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
    return statistics.median(times["best-blocks"]), statistics.median(times["check"])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="4,8,12")
    ap.add_argument("--seeds", type=int, default=7)
    ap.add_argument("--first", type=int, default=0, help="the first seed")
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--families", default="plain,hard")
    ap.add_argument("--kinds", default="blocks,attacks")
    ap.add_argument("--cold", type=int, default=0,
                    help="cold processes: this many of each command a board (0: none)")
    args = ap.parse_args()
    ask("blocks", plain(2, 0, True), args.limit)  # warm-up: grammar, solver loaded
    print(f"{'family':7} {'question':13} {'n v n':>7} {'median s':>9} {'worst s':>8} "
          f"{'optimal':>8}  (CPU s; time limit {args.limit:g} s wall; seeds "
          f"{args.first}..{args.first + args.seeds - 1})", flush=True)
    for family in args.families.split(","):
        for kind in args.kinds.split(","):
            for n in (int(x) for x in args.sizes.split(",")):
                times, statuses = [], []
                for seed in range(args.first, args.first + args.seeds):
                    data = board(family, n, seed, kind == "blocks")
                    s, st = ask(kind, data, args.limit)
                    times.append(s)
                    statuses.append(st)
                opt = sum(st == "optimal" for st in statuses)
                print(f"{family:7} best-{kind:8} {n:>3} v {n:<2} "
                      f"{statistics.median(times):9.3f} {max(times):8.3f} "
                      f"{opt:>4}/{len(times)}", flush=True)
    if args.cold:
        bb, ch = cold(min(args.seeds, 3), args.cold)
        print(f"cold 4 v 4 (plain, seeds 0-{min(args.seeds, 3) - 1}, {args.cold} each): "
              f"best-blocks {bb:.3f} s, check {ch:.3f} s, ratio {bb / ch:.2f}", flush=True)


if __name__ == "__main__":
    main()
