"""The cost of a question through each door (issue 22): a small ``check`` asked of the
library, of the registry, through ``batch`` held open on a pipe, and through the web lab's
HTTP API (a keep-alive connection to ``mtgcombat serve``), one request at a time, after a
warm-up.

    python bench/doors.py [--n 1000] [--board corpus/boards/brigand.json]

Prints, for each door, the median per-request wall time (and its 90th percentile), and
the CPU per request of the door (the median of ``--runs`` runs, the range of its ratio, and
the ratio before the doors were reworked) -- this process for the library and the registry; the
``batch`` process; the server process with its workers -- each with its ratio to the
library's, and apart from it the CPU of the client asking (this process: writing the
request, reading the answer; for HTTP, ``http.client``'s own parsing). The doors that
cross processes are measured from the kernel's accounting of those processes
(``/proc``, clock ticks: many requests are timed). On a busy machine the wall time of a
door that crosses processes is mostly waiting for a core; the CPU is what the door
costs."""

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


def _tree_cpu(root: Optional[int] = None) -> float:
    """CPU seconds used so far by process ``root`` (default: this one) and every live
    process descending from it (Linux /proc; this process alone elsewhere)."""
    import os

    me = os.getpid() if root is None else root
    try:
        tick = os.sysconf("SC_CLK_TCK")
        parent: dict[int, int] = {}
        cpu: dict[int, float] = {}
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
            cpu[int(d)] = (int(rest[11]) + int(rest[12])) / tick
    except (OSError, ValueError):
        return time.process_time()
    total = 0.0
    for pid in cpu:
        p = pid
        while p > 1 and p != me:
            p = parent.get(p, 0)
        if p == me:
            total += cpu[pid]
    return total


Row = tuple[list[float], float, Optional[float]]


def _times(f, n: int, door: Optional[int] = None, warm: int = 50) -> Row:
    """The wall time of each of ``n`` calls; the CPU per call of the door (this process
    when ``door`` is None, else process ``door`` and its descendants); and the CPU per
    call of this process as the door's client (None when it is the door)."""
    for _ in range(warm):
        f()
    out = []
    c, mine = (_tree_cpu(door) if door else 0.0), time.process_time()
    for _ in range(n):
        t = time.perf_counter()
        f()
        out.append(time.perf_counter() - t)
    client = (time.process_time() - mine) / n
    if door is None:
        return out, client, None
    return out, (_tree_cpu(door) - c) / n, client


#: The ratios to the library's CPU before the web lab had its own HTTP and workers, and
#: before batch read bytes (issue 22, 2026-11-26; ranges of several runs on the shared
#: 2-core machine): what each door's "before" column shows.
BEFORE = {"registry": "1.23-1.32", "batch, held open": "1.49-2.12",
          "batch, a file": "1.37-1.53", "web lab API": "3.0-4.3", "its HTTP alone": "0.5-0.7"}


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

    def library() -> None:
        b = Board.from_data(data) if isinstance(data, dict) else Board.parse(data)
        b.check_attacks(decl).to_json(Writer.for_board(b))

    def registry() -> None:
        ask.ask_request(body, "check").json()

    proc = subprocess.Popen([sys.executable, "-m", "mtgcombat", "batch", "--jobs", "1"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            bufsize=1, cwd=REPO)
    line = json.dumps({"ask": "check", **body}) + "\n"

    def batch() -> None:
        proc.stdin.write(line)
        proc.stdin.flush()
        proc.stdout.readline()

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
    payload = json.dumps(body).encode()

    def http_api() -> None:
        conn.request("POST", "/api/check", body=payload,
                     headers={"Content-Type": "application/json"})
        r = conn.getresponse()
        r.read()

    def http_alone() -> None:
        conn.request("GET", "/static/favicon.svg")
        r = conn.getresponse()
        r.read()

    names = ["library (Board.check_attacks + to_json)", "registry (ask.ask_request)",
             "batch, held open (one request at a time)", "batch, a file of requests (--jobs 1)",
             "web lab API (keep-alive HTTP, worker process)",
             # The floor of any answer over HTTP here: the server's request and answer with
             # no question (a 421-byte file).
             "  its HTTP alone (GET a 421-byte file)"]
    runs: list[list[Row]] = []
    try:
        for _ in range(100):  # until it listens
            try:
                conn.connect()
                break
            except OSError:
                time.sleep(0.1)
        for _ in range(a.runs):
            runs.append([_times(library, a.n), _times(registry, a.n),
                         _times(batch, a.n, proc.pid), batch_file(),
                         _times(http_api, a.n, server.pid),
                         _times(http_alone, a.n, server.pid)])
        conn.close()
    finally:
        proc.stdin.close()
        proc.wait()
        server.terminate()
        server.wait()

    print(f"per-request cost of a small check ({Path(a.board).name}, {a.n} requests, "
          f"{a.runs} runs: medians): wall median, p90, ratio; CPU of the door (its processes), "
          "ratio (its range over the runs) and the ratio before (BEFORE); CPU of the client")
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
              f"({min(ratios):4.2f}-{max(ratios):4.2f})  before x{before or '1':9s}{asking}")


if __name__ == "__main__":
    main()
