"""The cost of a question through each door (issue 22): a small ``check`` asked of the
library, of the registry, through ``batch`` held open on a pipe (as docs/engines.md shows
it, and with ``--jobs 1``), through ``batch`` reading a file, and through the web lab's HTTP
API (a keep-alive connection to ``mtgcombat serve``), one request at a time, after a warm-up.

    python bench/doors.py [--n 1000] [--runs 3] [--board corpus/boards/brigand.json]

The baseline is what a program calling the library pays for what a door gives: the board's
JSON text in, the answer's JSON text out (the board and the answer as objects are shown
too). Prints, for each door, the median per-request wall time (and its 90th percentile),
and the CPU per request of the door (the median of ``--runs`` runs, the range of its ratio,
and the ratio before, :data:`BEFORE`) -- this process for the library and the registry; the
``batch`` process and its workers; the server process with its workers -- with its ratio to
the library's, and apart from it the CPU of the client asking (this process: writing the
request, reading the answer; for HTTP, ``http.client``'s own parsing). The CPU of another
process is read from its own CPU clock (Linux ``clock_getcpuclockid``, nanoseconds; the
kernel's 10 ms ticks elsewhere). The doors take turns in blocks of :data:`BLOCK` requests
and each door's CPU is the median of its blocks, so that a burst of other work falls on
every door alike; this process freezes its collector after the warm-up, as the doors do. On
a busy machine the wall time of a door that crosses processes is mostly waiting for a core;
the CPU is what the door costs."""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Optional

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


_LIBC = None


def _clock(pid: int) -> Optional[int]:
    """Process ``pid``'s CPU-time clock (Linux ``clock_getcpuclockid``: nanoseconds, every
    thread), or None where there is none."""
    global _LIBC
    try:
        import ctypes

        if _LIBC is None:
            _LIBC = ctypes.CDLL(None, use_errno=True)
        cid = ctypes.c_int()
        if _LIBC.clock_getcpuclockid(pid, ctypes.byref(cid)) != 0:
            return None
        return cid.value
    except (OSError, AttributeError):
        return None


def _tree_cpu(root: int) -> float:
    """CPU seconds used so far by process ``root`` and every live process descending from
    it: each process's own CPU clock (nanoseconds; the kernel's clock ticks, 10 ms, where
    there is none -- a run of 1,000 requests of 0.3 ms is 30 ticks, so the ticks alone are
    a 7 % error)."""
    import os

    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    ticks: dict[int, float] = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat", "rb") as f:
                st = f.read()
        except OSError:
            continue
        rest = st[st.rindex(b")") + 2:].split()
        parent[int(d)] = int(rest[1])
        ticks[int(d)] = (int(rest[11]) + int(rest[12])) / tick
    total = 0.0
    for pid in ticks:
        p = pid
        while p > 1 and p != root:
            p = parent.get(p, 0)
        if p == root:
            c = _clock(pid)
            try:
                total += time.clock_gettime(c) if c is not None else ticks[pid]
            except OSError:  # it ended meanwhile
                pass
    return total


Row = tuple[list[float], float, Optional[float]]


def _times(f, n: int, door: Optional[int] = None) -> tuple[list[float], float, float]:
    """One block of ``n`` calls: the wall time of each; the CPU of the door (this process
    when ``door`` is None, else process ``door`` and its descendants); and the CPU of this
    process as the door's client (0 when it is the door)."""
    out = []
    c, mine = (_tree_cpu(door) if door else 0.0), time.process_time()
    for _ in range(n):
        t = time.perf_counter()
        f()
        out.append(time.perf_counter() - t)
    client = time.process_time() - mine
    if door is None:
        return out, client, 0.0
    return out, _tree_cpu(door) - c, client


#: Calls timed in one block: the doors take turns block by block, so that a burst of other
#: work on the machine falls on every door alike, and each door's CPU is the median of
#: its blocks.
BLOCK = 100


def _interleaved(doors: list, n: int, warm: int = 50) -> list[Row]:
    """Each door (a call, and its process or None) measured over ``n`` calls in blocks
    taking turns: (wall times, median CPU per call, median client CPU per call or None)."""
    for f, door in doors:
        for _ in range(warm):
            f()
    walls: list[list[float]] = [[] for _ in doors]
    cpus: list[list[float]] = [[] for _ in doors]
    clients: list[list[float]] = [[] for _ in doors]
    for _ in range(max(1, n // BLOCK)):
        for i, (f, door) in enumerate(doors):
            w, c, k = _times(f, BLOCK, door)
            walls[i] += w
            cpus[i].append(c / BLOCK)
            clients[i].append(k / BLOCK)
    return [(walls[i], statistics.median(cpus[i]),
             statistics.median(clients[i]) if door else None)
            for i, (f, door) in enumerate(doors)]


#: The ratios to the library's CPU (JSON in, JSON out) of this bench on the code of the start
#: of session 6 (2026-11-27 01:48 UTC; the ranges of two runs of 3 x 1,000 requests, load 6-8):
#: what each door's "before" column shows.
BEFORE = {"registry": "1.18-1.20", "batch, held open (every core": "3.07-3.37",
          "batch, held open (--jobs 1)": "1.08-1.32", "batch, a file": "1.13-1.67",
          "web lab API": "1.40-1.58", "its HTTP alone": "0.27-0.35"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=3,
                    help="measure every door this many times (medians are shown)")
    ap.add_argument("--board", default=str(REPO / "corpus" / "boards" / "brigand.json"))
    ap.add_argument("--attacks", default="brigand -> Bob")
    a = ap.parse_args()
    from mtgcombat import ask
    from mtgcombat.board import Board
    from mtgcombat.notation import Declaration
    from mtgcombat.text import Writer

    text = Path(a.board).read_text(encoding="utf-8")
    data = json.loads(text) if text.lstrip().startswith("{") else text
    decl = Declaration.parse("attacks", a.attacks).to_json()
    body = {"board": data, "args": ["--attacks", a.attacks]}
    line = json.dumps({"ask": "check", **body}) + "\n"
    payload = json.dumps(body).encode()
    board_text = json.dumps(data) if isinstance(data, dict) else data

    # The baseline: what a program calling the library pays for what a door gives -- the
    # board's JSON text in, the answer's JSON text out (a door's client gets text).
    def library() -> None:
        b = Board.from_data(json.loads(board_text)) if isinstance(data, dict) \
            else Board.parse(board_text)
        ask.dumps(b.check_attacks(decl).to_json(Writer.for_board(b)))

    # Shown for reference: the board as objects in, the answer as objects out.
    def library_objects() -> None:
        b = Board.from_data(data) if isinstance(data, dict) else Board.parse(data)
        b.check_attacks(decl).to_json(Writer.for_board(b))

    def registry() -> None:
        ask.dumps(ask.ask_request(ask.parse_request(payload), "check").json())

    def held_open(*args: str) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "mtgcombat", "batch", *args],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                bufsize=1, cwd=REPO)

    # As docs/engines.md shows it (every core), and in the batch's own process.
    procs = [held_open(), held_open("--jobs", "1")]

    def batch(proc: subprocess.Popen):
        def ask_one() -> None:
            proc.stdin.write(line)
            proc.stdin.flush()
            proc.stdout.readline()
        return ask_one

    # Throughput: a file of requests through one process (``--jobs 1``), startup excluded
    # by timing n and 2n requests.
    def pipelined(k: int) -> tuple[float, float]:
        import os
        import tempfile

        with tempfile.TemporaryFile("w+") as req:
            req.write(line * k)
            req.seek(0)
            t = time.perf_counter()
            p = subprocess.Popen([sys.executable, "-m", "mtgcombat", "batch", "--jobs", "1"],
                                 stdin=req, stdout=subprocess.PIPE, cwd=REPO)
            assert p.stdout is not None
            p.stdout.read()
            _, status, ru = os.wait4(p.pid, 0)
        return time.perf_counter() - t, ru.ru_utime + ru.ru_stime

    def batch_file() -> Row:
        (w1, c1), (w2, c2) = pipelined(a.n), pipelined(2 * a.n)
        return [(w2 - w1) / a.n], (c2 - c1) / a.n, None

    import socket

    with socket.socket() as s:  # a free port for the server
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "mtgcombat", "serve", "--port",
                               str(port), "--quiet"], cwd=REPO)
    conn = http.client.HTTPConnection("127.0.0.1", port)

    def http_api() -> None:
        conn.request("POST", "/api/check", body=payload,
                     headers={"Content-Type": "application/json"})
        r = conn.getresponse()
        r.read()

    def http_alone() -> None:
        conn.request("GET", "/static/favicon.svg")
        r = conn.getresponse()
        r.read()

    names = ["library: JSON text in, JSON text out",
             "  library: objects in, objects out",
             "registry (ask.ask_request): text in, text out",
             "batch, held open (every core, as documented)",
             "batch, held open (--jobs 1)",
             "batch, a file of requests (--jobs 1)",
             "web lab API (keep-alive HTTP, worker process)",
             # The floor of any answer over HTTP here: the server's request and answer with
             # no question (a 421-byte file).
             "  its HTTP alone (GET a 421-byte file)"]
    runs: list[list[Row]] = []
    import gc

    # As the doors do (batch, the server): what is loaded now is out of the collector's
    # sight, so that its collections walk only what the calls make.
    library()
    registry()
    gc.collect()
    gc.freeze()
    try:
        for _ in range(100):  # until it listens
            try:
                conn.connect()
                break
            except OSError:
                time.sleep(0.1)
        for _ in range(a.runs):
            row = _interleaved([(library, None), (library_objects, None), (registry, None),
                                (batch(procs[0]), procs[0].pid),
                                (batch(procs[1]), procs[1].pid), (http_api, server.pid),
                                (http_alone, server.pid)], a.n)
            runs.append(row[:5] + [batch_file()] + row[5:])
        conn.close()
    finally:
        for proc in procs:
            proc.stdin.close()
            proc.wait()
        server.terminate()
        server.wait()

    print(f"per-request cost of a small check ({Path(a.board).name}, {a.n} requests, "
          f"{a.runs} runs: medians): wall median, p90, ratio; CPU of the door (its processes), "
          "ratio to the library's JSON in and out (its range over the runs) and the ratio "
          "before (BEFORE); CPU of the client")
    base = statistics.median(statistics.median(r[0][0]) for r in runs)
    base_cpu = [r[0][1] for r in runs]
    for i, name in enumerate(names):
        ts = [t for r in runs for t in r[i][0]]
        cpus = [r[i][1] for r in runs]
        ratios = [c / b for c, b in zip(cpus, base_cpu)]
        cpu = statistics.median(cpus)
        med = statistics.median(ts)
        p90 = sorted(ts)[int(0.9 * len(ts))]
        clients = [r[i][2] for r in runs if r[i][2] is not None]
        asking = f"   client {statistics.median(clients) * 1000:5.2f} ms" if clients else ""
        before = next((v for k, v in BEFORE.items() if name.strip().startswith(k)), "")
        print(f"  {name:48s} {med * 1000:6.2f} ms {p90 * 1000:6.2f} ms  x{med / base:5.2f}"
              f"   cpu {cpu * 1000:5.2f} ms  x{statistics.median(ratios):4.2f} "
              f"({min(ratios):4.2f}-{max(ratios):4.2f})  before x{before or '-':9s}{asking}")


if __name__ == "__main__":
    main()
