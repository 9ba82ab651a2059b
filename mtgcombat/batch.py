"""``mtgcombat batch``: many questions, one JSON line each, answered on every core (or on
a Dask cluster), in input order.

A request is ``{"ask": "check", "board": {...}, "args": ["--blocks", "{}"]}``: ``ask``
is a command, ``board`` a JSON board (an object) or a board's text (JSON or the
scenario language), ``args`` the command's options. Its answer is exactly the
command's ``--json`` answer; a bad request (or a board the command refuses) is
answered ``{"error": "..."}`` on its line, and the batch goes on.

Every answer is computed by :func:`answer`, in a process of a local pool (``--jobs``,
every core by default) or on the workers of a Dask distributed cluster
(``--dask ADDRESS``; ``pip install 'mtgcombat[dask]'``): the same function, so the
same answers. Requests travel in chunks, so that the cost of sending them is shared.
"""

from __future__ import annotations

import io
import json
import os
from contextlib import redirect_stdout
from typing import Any, Iterable, Iterator, Optional

#: The commands a batch may ask (the others draw, serve or run many things themselves).
ASKABLE = ("attacks", "blocks", "check", "damage", "show", "explain", "combat", "upkeep",
           "best-blocks", "best-attacks", "turn")
#: Requests sent to a worker at once.
CHUNK = 16


def answer(request: Any) -> dict:
    """The ``--json`` answer to one request (a dict, or a JSON line), or ``{"error": ...}``."""
    from .cli import build_parser
    from .cli.output import UsageError, one_line
    from .rules.model import BoardError

    try:
        if isinstance(request, str):
            try:
                request = json.loads(request)
            except json.JSONDecodeError as e:
                return {"error": f"malformed JSON at column {e.colno}: {e.msg}"}
        if not isinstance(request, dict):
            return {"error": "a request must be a JSON object {\"ask\", \"board\", \"args\"}"}
        extra = sorted(set(request) - {"ask", "board", "args"})
        if extra:
            return {"error": f"unknown field {extra[0]!r} in the request"}
        ask = request.get("ask")
        if ask not in ASKABLE:
            return {"error": f"\"ask\" must be one of {', '.join(ASKABLE)}, not {ask!r}"}
        if "board" not in request:
            return {"error": "the request gives no \"board\""}
        board = request["board"]
        if not isinstance(board, (dict, str)):
            return {"error": "\"board\" must be a JSON board (an object) or a board's text"}
        args = request.get("args", [])
        if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
            return {"error": "\"args\" must be a list of strings"}
        parser = build_parser()
        ns = parser.parse_args([ask, "-", *args, "--json", "--quiet"])
        ns.board_data = board
        from .cli import check_numbers

        check_numbers(ns)
        if getattr(ns, "time_limit", None) is not None:
            import time

            ns.deadline_end = time.monotonic() + ns.time_limit
        out = io.StringIO()
        with redirect_stdout(out):
            ns.func(ns)
        return json.loads(out.getvalue())
    except UsageError as e:
        return {"error": one_line(e)}
    except BoardError as e:
        return {"error": one_line(e)}
    except Exception as e:  # a bug: answered on its line, the batch goes on
        return {"error": f"internal error: {type(e).__name__}: {one_line(e)}"}


def answer_chunk(lines: list[str]) -> list[str]:
    """Answers to a chunk of request lines, as JSON lines (what a worker runs)."""
    return [json.dumps(answer(line), ensure_ascii=False) for line in lines]


def _chunks(lines: Iterable[str], size: int) -> Iterator[list[str]]:
    chunk: list[str] = []
    for line in lines:
        chunk.append(line)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def run(lines: Iterable[str], jobs: Optional[int] = None, dask: Optional[str] = None,
        chunk: int = CHUNK) -> Iterator[str]:
    """The answers to request lines (blank lines are skipped), in input order."""
    requests = (line for line in lines if line.strip())
    if dask:
        yield from _run_dask(requests, dask, chunk)
        return
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1:
        for c in _chunks(requests, chunk):
            yield from answer_chunk(c)
        return
    import multiprocessing

    ctx = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
    with ctx.Pool(jobs) as pool:
        for answers in pool.imap(answer_chunk, _chunks(requests, chunk)):
            yield from answers


def _run_dask(requests: Iterable[str], address: str, chunk: int) -> Iterator[str]:
    """On a Dask distributed cluster: chunks are submitted ahead (a bounded window), and
    their answers gathered in order."""
    try:
        from distributed import Client
    except ImportError:
        from .rules.model import BoardError

        raise BoardError("--dask needs the Dask extra: pip install 'mtgcombat[dask]'") from None
    from collections import deque

    with Client(address, timeout="30s") as client:
        window: deque = deque()
        limit = max(4, 4 * sum(client.nthreads().values()))
        for c in _chunks(requests, chunk):
            window.append(client.submit(answer_chunk, c, pure=False))
            if len(window) >= limit:
                yield from window.popleft().result()
        while window:
            yield from window.popleft().result()
