"""Benchmark: everyday speed (issue "Fast everyday answers"). Prints one table.

* cold start -- ``mtgcombat check`` on small boards as whole processes (median of
  several runs after a warm-up that fills the parser cache; bytecode allowed, as in
  an installed package);
* warm checks -- one declaration checked in a running process, small and 160 v 160;
* illegal check with its explanation -- 160 v 160 blocks, the verdict and then the
  violations read (the requirements no declaration can obey told apart);
* listing -- the first 1,000 legal block declarations at 160 v 160, without and with
  5 % Lure;
* counting -- a board of independent parts (counted apart and multiplied);
* batch -- checks a second a core on 10,000 small boards (``mtgcombat batch``).

Run: ``python bench/speed.py [--only coldstart,warm,illegal,listing,count,batch]
[--runs 7] [--batch 10000]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from boards import combat, small  # noqa: E402

from mtgcombat import Board  # noqa: E402

ROWS: list[tuple[str, str, str]] = []


def row(what: str, value: str, target: str = "") -> None:
    ROWS.append((what, value, target))
    print(f"  {what}: {value}" + (f"  (target {target})" if target else ""), flush=True)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 10 else f"{seconds:.1f} s"


def timed(f, runs: int = 5) -> float:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        out.append(time.perf_counter() - t)
    return statistics.median(out)


def _env() -> dict:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed package has its bytecode
    return env


def coldstart(runs: int) -> None:
    tmp = Path(tempfile.mkdtemp())
    boards = {"3 cards (brigand.json)": ROOT / "corpus" / "boards" / "brigand.json"}
    for n in (5, 10):
        p = tmp / f"small{n}.json"
        p.write_text(json.dumps(small(n)), encoding="utf-8")
        boards[f"{n} v {n} creatures"] = p
    exe = [sys.executable, "-m", "mtgcombat"]
    env = _env()
    for label, path in boards.items():
        decl = "brigand -> Bob" if "brigand" in path.name else "a0 -> Bob"
        cmd = exe + ["check", str(path), "--attacks", decl]
        subprocess.run(cmd, capture_output=True, env=env)  # warm-up: caches, bytecode
        times = []
        for _ in range(runs):
            t = time.perf_counter()
            r = subprocess.run(cmd, capture_output=True, env=env)
            times.append(time.perf_counter() - t)
            assert r.returncode == 0, r.stderr
        row(f"cold start, check, {label} (median of {runs})", ms(statistics.median(times)),
            "250 ms")


def warm() -> None:
    b = Board.from_data(small(8))
    b.check_attacks({"a0": "Bob"})
    row("warm check, 8 v 8", ms(timed(lambda: Board.from_data(small(8)).check_attacks(
        {"a0": "Bob"}))))
    big = Board.from_data(combat(160))
    big.problem("blocks")
    legal = big.list_declarations("blocks", 1).declarations[0].declaration
    row("warm check of a legal declaration, 160 v 160 blocks (5% Lure)",
        ms(timed(lambda: big.check_blocks(legal).legal, 3)))


def illegal() -> None:
    big = Board.from_data(combat(160))
    big.problem("blocks")
    big.check_blocks({}).violations

    def run():
        v = big.check_blocks({})
        assert v.legal is False
        return v.violations

    row("illegal check with explanation, 160 v 160 blocks (5% Lure)", ms(timed(run, 3)),
        "500 ms")


def listing() -> None:
    for lure in (0.0, 0.05):
        b = Board.from_data(combat(160, lure=lure))
        b.problem("blocks")
        t = time.perf_counter()
        l = b.list_declarations("blocks", 1000)
        dt = time.perf_counter() - t
        assert len(l.declarations) == 1000
        row(f"first 1,000 block declarations, 160 v 160, {lure:.0%} Lure", ms(dt),
            "2 s" if lure else "")


def count() -> None:
    data = {"players": [{"name": p} for p in "ABCD"], "active_player": "A",
            "permanents": [{"id": f"x{i}", "name": f"X{i}", "controller": "A", "power": 1,
                            "toughness": 1, "text": f"X{i} attacks each combat if able."}
                           for i in range(20)]}
    b = Board.from_data(data)
    t = time.perf_counter()
    c = b.count_declarations("attacks")
    row(f"count, 20 forced attackers and 3 opponents ({c.count:,} declarations, {c.status})",
        ms(time.perf_counter() - t))


def batch(n: int) -> None:
    tmp = Path(tempfile.mkdtemp())
    req = tmp / "requests.jsonl"
    with req.open("w", encoding="utf-8") as f:
        for i in range(n):
            f.write(json.dumps({"ask": "check", "board": small(5, seed=i % 200),
                                "args": ["--attacks", "a0 -> Bob"]}) + "\n")
    cores = os.cpu_count() or 1
    for jobs in sorted({1, cores}):
        t = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "mtgcombat", "batch", str(req), "--jobs",
                            str(jobs)], capture_output=True, text=True, env=_env())
        dt = time.perf_counter() - t
        assert r.returncode == 0 and len(r.stdout.splitlines()) == n, r.stderr
        row(f"batch, {n:,} checks of 5 v 5 boards, {jobs} process(es)",
            f"{n / dt:.0f} checks/s ({n / dt / jobs:.0f} a core)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="coldstart,warm,illegal,listing,count,batch")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--batch", type=int, default=10000)
    a = ap.parse_args()
    parts = a.only.split(",")
    print(f"mtgcombat speed ({os.cpu_count()} cores, Python {sys.version.split()[0]})")
    if "coldstart" in parts:
        coldstart(a.runs)
    if "warm" in parts:
        warm()
    if "illegal" in parts:
        illegal()
    if "listing" in parts:
        listing()
    if "count" in parts:
        count()
    if "batch" in parts:
        batch(a.batch)
    width = max(len(w) for w, _, _ in ROWS)
    print()
    print(f"{'measure'.ljust(width)}  {'figure':>28}  target")
    for what, value, target in ROWS:
        print(f"{what.ljust(width)}  {value:>28}  {target}")


if __name__ == "__main__":
    main()
