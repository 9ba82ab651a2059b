"""Benchmark: everyday speed and bounds (issues 24, 25.6, 27.7). Prints one table.

* cold start -- ``mtgcombat check`` of one block declaration on the everyday board
  (``boards.blocks_board``: n v n, keyword texts and one Lure sentence) as whole
  processes, side by side with the peer, phase-python (``bench/phase_peer.py``), on the
  same boards and declarations, runs alternating A B A B ... Each figure is the median
  of the runs: CPU (user + system of the finished process, the kernel's own accounting)
  and wall; the ratio is taken run pair by run pair. Two peers: phase given the board
  (its card data prepared once, like our reading cache; the game set up from the board
  in the process, as a user holding a board must) and phase given its own saved game at
  the declare blockers step (the floor of its engine). A warm-up run first fills every
  cache (parser, readings, bytecode).
* warm checks -- one declaration checked in a running process, small and 160 v 160.
* explanations -- 160 v 160 blocks: checking a legal declaration (the maximum's
  witness) against the illegal empty declaration with its explanation read (the
  requirements no declaration can obey told apart), first call on a fresh board (the
  solver already imported), on the bench's boards and on the harder family
  (``boards.requirements``: 10 % Lure, a third "blocks each combat if able", flying,
  reach, menace) for several seeds.
* listing -- the first 1,000 legal block declarations at 160 v 160 (0 % and 5 % Lure),
  and whole ``blocks --time-limit T`` commands (T + 0.5 s is their bound, issue 25.6):
  ``--json`` at T = 0.5, 2, 5, the human table, ``--backend brute`` and ``constraint``,
  ``--count``.
* streaming -- ``blocks --limit 100000 --json`` at 160 v 160 for ``--stream`` seconds:
  peak memory against the declarations written (issue 25.6: 10 GB when held whole).
* counting -- ``blocks --count`` on 40 v 40 boards and on twelve 2/2 menace attackers
  against twelve 2/2 blockers, as whole processes: time and peak memory.
* batch -- checks a second a core on 10,000 small boards (``mtgcombat batch``).

Run: ``python bench/speed.py [--only coldstart,warm,illegal,listing,stream,count,batch]
[--runs 9] [--batch 10000] [--stream 20] [--phase PYTHON]``. ``--phase`` (or ``$MTGCOMBAT_PHASE_PYTHON``)
is an interpreter with phase-python installed (not a dependency: ``python3 -m venv
/tmp/phase-venv && /tmp/phase-venv/bin/pip install phase-python==0.103.0``); without it
the comparison is skipped with a line that says so. Timing is noisy on a busy machine:
the figures are medians, and the table says how many runs.
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
from typing import Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from boards import blocks_board, combat, menace, requirements, small  # noqa: E402

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


def _env(cache: Optional[Path] = None) -> dict:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed package has its bytecode
    if cache is not None:
        env["MTGCOMBAT_CACHE"] = str(cache)
    return env


#: Runs a command and prints the kernel's accounting of it (os.wait4) as JSON. A small
#: process of its own forks the command: a child forked from this (large) benchmark
#: process would count the parent's pages in its peak memory.
_MEASURE = r"""
import json, os, subprocess, sys, threading, time
timeout = float(sys.argv[1])
t = time.perf_counter()
p = subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
killer = threading.Timer(timeout, p.kill) if timeout > 0 else None
if killer:
    killer.start()
out = p.stdout.read()
_, status, ru = os.wait4(p.pid, 0)
if killer:
    killer.cancel()
sys.stderr.write(json.dumps([time.perf_counter() - t, ru.ru_utime + ru.ru_stime,
                             ru.ru_maxrss, os.waitstatus_to_exitcode(status)]))
sys.stdout.buffer.write(out)
"""


def run_process(cmd: list[str], env: dict, timeout: Optional[float] = None
                ) -> tuple[float, float, int, int, str]:
    """(wall s, cpu s, peak KiB, exit status, stdout) of one whole process, from the
    kernel's accounting of that child."""
    r = subprocess.run([sys.executable, "-c", _MEASURE, str(timeout or 0), *cmd],
                       capture_output=True, env=env, cwd=ROOT)
    wall, cpu, peak, code = json.loads(r.stderr.decode().strip().splitlines()[-1])
    return wall, cpu, peak, code, r.stdout.decode()


def _phase_python(given: Optional[str]) -> Optional[str]:
    for cand in (given, os.environ.get("MTGCOMBAT_PHASE_PYTHON"), sys.executable):
        if not cand:
            continue
        r = subprocess.run([cand, "-c", "import phase"], capture_output=True)
        if r.returncode == 0:
            return cand
    return None


def coldstart(runs: int, phase: Optional[str]) -> None:
    tmp = Path(tempfile.mkdtemp())
    cache = tmp / "cache"
    env = _env(cache)
    script = Path(sys.executable).with_name("mtgcombat")  # the command a user types
    exe = ([str(script)] if script.exists() else [sys.executable, "-m", "mtgcombat"]) \
        + ["check"]
    peer = str(ROOT / "bench" / "phase_peer.py")
    if phase is None:
        row("phase-python", "not installed: comparison skipped (give --phase PYTHON)")
    for n in (5, 10):
        board = tmp / f"blocks{n}.json"
        board.write_text(json.dumps(blocks_board(n)), encoding="utf-8")
        legal = ", ".join(f"b{i} -> a0" for i in range(n))
        peer_dir = tmp / f"phase{n}"
        if phase is not None:
            subprocess.run([phase, peer, "setup", str(board), str(peer_dir)], check=True)
        for label, decl in (("legal", legal), ("illegal", "b0 -> a0")):
            ours = exe + [str(board), "--blocks", decl]
            cmds = {"mtgcombat": ours}
            if phase is not None:
                cmds["phase, from the board"] = [phase, peer, "check-board", str(peer_dir),
                                                 str(board), decl]
                cmds["phase, its saved game"] = [phase, peer, "check", str(peer_dir), decl]
            for cmd in cmds.values():  # warm-up: caches, bytecode
                run_process(cmd, env)
            figs: dict[str, list[tuple[float, float]]] = {k: [] for k in cmds}
            for _ in range(runs):
                for name, cmd in cmds.items():
                    wall, cpu, _, code, _ = run_process(cmd, env)
                    assert code == 0, (cmd, code)
                    figs[name].append((cpu, wall))
            med = {k: (statistics.median(c for c, _ in v), statistics.median(w for _, w in v))
                   for k, v in figs.items()}
            cpu, wall = med["mtgcombat"]
            row(f"cold check, {n} v {n}, {label} declaration: mtgcombat",
                f"{ms(cpu)} cpu, {ms(wall)} wall", "100 ms cpu")
            for name in cmds:
                if name == "mtgcombat":
                    continue
                ratios = sorted(a[0] / b[0] for a, b in zip(figs["mtgcombat"], figs[name]))
                pc, pw = med[name]
                row(f"cold check, {n} v {n}, {label} declaration: {name}",
                    f"{ms(pc)} cpu, {ms(pw)} wall; mtgcombat/phase cpu "
                    f"{statistics.median(ratios):.2f}", "<= 1.0 (goal 0.5)")
    row(f"cold start runs", f"median of {runs}, alternating")


def warm() -> None:
    from mtgcombat import Board

    b = Board.from_data(small(8))
    b.check_attacks({"a0": "Bob"})
    row("warm check, 8 v 8", ms(timed(lambda: Board.from_data(small(8)).check_attacks(
        {"a0": "Bob"}))))
    big = Board.from_data(combat(160))
    big.problem("blocks")
    legal = big.list_declarations("blocks", 1).declarations[0].declaration
    row("warm check of a legal declaration, 160 v 160 blocks (5% Lure)",
        ms(timed(lambda: big.check_blocks(legal).legal, 3)))


def _witness(data: dict) -> dict:
    from mtgcombat import Board
    from mtgcombat.solver import get_backend
    from mtgcombat.solver.base import Deadline

    b = Board.from_data(data)
    _, w = get_backend("auto").maximum(b.problem("blocks"), frozenset(), Deadline(None))
    return {k: list(v) for k, v in (w or {}).items()}


def illegal(runs: int = 3) -> None:
    from mtgcombat import Board

    Board.from_data(combat(20)).check_blocks({}).violations  # the solvers imported
    Board.from_data(requirements(60)).check_blocks({}).violations
    families = [("bench boards (5% Lure, 4 must-block)", lambda s: combat(160, seed=s))]
    families += [("10% Lure, a third must-block", lambda s: requirements(160, seed=s))]
    families += [("30% Lure, half must-block",
                  lambda s: requirements(160, seed=s, lure=0.3, must_block=0.5))]
    for label, make in families:
        ratios = []
        legal_t, expl_t, verdict_t = [], [], []
        for seed in range(runs):
            data = make(seed)
            w = _witness(data)

            def fresh():
                b = Board.from_data(data)
                b.problem("blocks")
                return b
            b = fresh()
            t = time.perf_counter()
            assert b.check_blocks(w).legal
            lt = time.perf_counter() - t
            b = fresh()
            t = time.perf_counter()
            v = b.check_blocks({})
            vt = time.perf_counter() - t
            v.violations
            et = time.perf_counter() - t
            assert v.legal is False
            legal_t.append(lt)
            verdict_t.append(vt)
            expl_t.append(et)
            ratios.append(et / lt)
        row(f"160 v 160, {label}: legal check / illegal verdict / with explanation",
            f"{ms(statistics.median(legal_t))} / {ms(statistics.median(verdict_t))} / "
            f"{ms(statistics.median(expl_t))}")
        row(f"160 v 160, {label}: explained illegal / legal (seeds 0-{runs - 1})",
            f"{statistics.median(ratios):.2f} (max {max(ratios):.2f})", "<= 2")


def listing() -> None:
    from mtgcombat import Board

    for lure in (0.0, 0.05):
        b = Board.from_data(combat(160, lure=lure))
        b.problem("blocks")
        t = time.perf_counter()
        listed = b.list_declarations("blocks", 1000)
        dt = time.perf_counter() - t
        assert len(listed.declarations) == 1000, listed.status
        row(f"first 1,000 block declarations in listing order, 160 v 160, {lure:.0%} Lure",
            ms(dt), "2 s")
    tmp = Path(tempfile.mkdtemp())
    board = tmp / "big.json"
    board.write_text(json.dumps(requirements(160)), encoding="utf-8")
    env = _env(tmp / "cache")
    cmd = [sys.executable, "-m", "mtgcombat", "blocks", str(board), "--json"]
    run_process(cmd + ["--time-limit", "0.1"], env)  # readings cached
    cases = [(t, [], "--json") for t in (0.5, 2.0, 5.0)]
    cases += [(2.0, [], "human table"), (0.5, ["--backend", "brute"], "--json"),
              (0.5, ["--backend", "constraint"], "--json"), (2.0, ["--count"], "--json")]
    for t_limit, extra, shown in cases:
        args = cmd + extra + ["--time-limit", str(t_limit)]
        if shown != "--json":
            args.remove("--json")
        wall, cpu, peak, code, out = run_process(args, env)
        status = (json.loads(out)["status"] if shown == "--json" else "answered") \
            if code == 0 else f"exit {code}"
        label = " ".join(["blocks", *extra, "--time-limit", f"{t_limit:g}", shown])
        row(f"{label}, 160 v 160 (10% Lure), whole command",
            f"{wall:.2f} s wall, {cpu:.2f} s cpu, {peak // 1024} MiB, {status}",
            f"{t_limit + 0.5:g} s")


def stream(seconds: float) -> None:
    """``blocks --limit 100000 --json`` at 160 v 160 writes its listing as it is found:
    the peak memory after ``seconds`` of listing (a time limit ends it) and how many
    declarations were written by then -- memory stays flat however many are written."""
    tmp = Path(tempfile.mkdtemp())
    board = tmp / "big.json"
    board.write_text(json.dumps(combat(160)), encoding="utf-8")
    env = _env(tmp / "cache")
    cmd = [sys.executable, "-m", "mtgcombat", "blocks", str(board), "--json", "--limit",
           "100000"]
    run_process(cmd + ["--time-limit", "0.1"], env)  # readings cached
    wall, cpu, peak, code, out = run_process(cmd + ["--time-limit", str(seconds)], env)
    n = out.count('"declaration"')
    row(f"blocks --limit 100000 --json --time-limit {seconds:g}, 160 v 160 (5% Lure)",
        f"{n:,} declarations written ({len(out) / 2 ** 20:.0f} MiB of JSON), peak "
        f"{peak // 1024} MiB, {wall:.1f} s wall", "< 1 GiB")


def count() -> None:
    tmp = Path(tempfile.mkdtemp())
    env = _env(tmp / "cache")
    cases = [("40 v 40, bench board without Lure", combat(40, lure=0.0)),
             ("40 v 40, 10% Lure, a third must-block", requirements(40)),
             ("twelve 2/2 menace v twelve 2/2", menace(12))]
    for label, data in cases:
        p = tmp / "b.json"
        p.write_text(json.dumps(data), encoding="utf-8")
        cmd = [sys.executable, "-m", "mtgcombat", "blocks", str(p), "--count", "--json"]
        run_process(cmd, env)  # readings cached
        wall, cpu, peak, code, out = run_process(cmd, env, timeout=120)
        ans = json.loads(out) if code == 0 else {"status": f"exit {code}", "count": None}
        c = ans["count"]
        shown = f"{c:.3e}" if isinstance(c, int) and c > 10 ** 6 else str(c)
        row(f"blocks --count, {label}",
            f"{wall:.2f} s wall, {cpu:.2f} s cpu, {peak // 1024} MiB; {ans['status']} {shown}",
            "default limit 10 s, < 1 GiB")


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
    ap.add_argument("--only", default="coldstart,warm,illegal,listing,stream,count,batch")
    ap.add_argument("--stream", type=float, default=20.0,
                    help="seconds of the streamed 100,000-declaration listing")
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--batch", type=int, default=10000)
    ap.add_argument("--phase", default=None, help="a Python with phase-python installed")
    a = ap.parse_args()
    parts = a.only.split(",")
    print(f"mtgcombat speed ({os.cpu_count()} cores, Python {sys.version.split()[0]}, "
          f"load {os.getloadavg()[0]:.1f})")
    if "coldstart" in parts:
        coldstart(a.runs, _phase_python(a.phase))
    if "warm" in parts:
        warm()
    if "illegal" in parts:
        illegal()
    if "listing" in parts:
        listing()
    if "stream" in parts:
        stream(a.stream)
    if "count" in parts:
        count()
    if "batch" in parts:
        batch(a.batch)
    width = max(len(w) for w, _, _ in ROWS)
    print()
    print(f"{'measure'.ljust(width)}  {'figure':>40}  target")
    for what, value, target in ROWS:
        print(f"{what.ljust(width)}  {value:>40}  {target}")


if __name__ == "__main__":
    main()
