"""The cost of a question through each door (issue 22): a small ``check`` asked of the
library, of the registry, through ``batch`` held open on a pipe, and through the web lab's
HTTP API (a keep-alive connection), one request at a time, after a warm-up.

    python bench/doors.py [--n 400] [--board corpus/boards/brigand.json]

Prints the median per-request time of each door and its ratio to the library's."""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def _times(f, n: int, warm: int = 20) -> list[float]:
    for _ in range(warm):
        f()
    out = []
    for _ in range(n):
        t = time.perf_counter()
        f()
        out.append(time.perf_counter() - t)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--n", type=int, default=400)
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

    rows = [("library (Board.check_attacks + to_json)", _times(library, a.n)),
            ("registry (ask.ask_request)", _times(registry, a.n))]

    proc = subprocess.Popen([sys.executable, "-m", "mtgcombat", "batch", "--jobs", "1"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            bufsize=1, cwd=REPO)
    line = json.dumps({"ask": "check", **body}) + "\n"

    def batch() -> None:
        proc.stdin.write(line)
        proc.stdin.flush()
        proc.stdout.readline()

    rows.append(("batch, held open (one request at a time)", _times(batch, a.n)))
    proc.stdin.close()
    proc.wait()

    # Throughput: a file of requests through one process (``--jobs 1``), startup excluded
    # by timing n and 2n requests.
    def pipelined(k: int) -> float:
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "mtgcombat", "batch", "--jobs", "1"],
                       input=line * k, capture_output=True, text=True, cwd=REPO, check=True)
        return time.perf_counter() - t

    per = [(pipelined(2 * a.n) - pipelined(a.n)) / a.n for _ in range(3)]
    rows.append(("batch, a file of requests (--jobs 1)", per))

    from mtgcombat import web

    server, _ = web.start("127.0.0.1", 0)
    port = server.server_address[1]
    conn = http.client.HTTPConnection("127.0.0.1", port)
    payload = json.dumps(body).encode()

    def http_api() -> None:
        conn.request("POST", "/api/check", body=payload,
                     headers={"Content-Type": "application/json"})
        r = conn.getresponse()
        r.read()

    rows.append(("web lab API (keep-alive HTTP, worker process)", _times(http_api, a.n)))
    conn.close()
    server.shutdown()

    base = statistics.median(rows[0][1])
    print(f"per-request cost of a small check ({Path(a.board).name}, {a.n} requests, "
          "median; p90)")
    for name, ts in rows:
        med = statistics.median(ts)
        p90 = sorted(ts)[int(0.9 * len(ts))]
        print(f"  {name:48s} {med * 1000:7.2f} ms  {p90 * 1000:7.2f} ms  x{med / base:.2f}")


if __name__ == "__main__":
    main()
