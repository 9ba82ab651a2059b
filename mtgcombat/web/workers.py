"""The web lab's workers: each question is answered in a worker process, so that a slow
question never holds up another and a question past its hard time limit is ended by
ending its process (a thread can't be stopped).

Workers are forked from a fork server that has already imported the package (a new
worker costs milliseconds, not an import); a worker answers one request at a time.
:class:`Workers` lends an idle worker to each request, starts a new one when all are
busy (up to :attr:`Workers.most`), and replaces a worker that was ended.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections import deque
from typing import Any, Optional

#: The largest answer a request may get (characters of JSON): a listing beyond it asks
#: for ``--limit``.
MAX_ANSWER = 8 * 1024 * 1024


class Busy(Exception):
    """Every worker is busy and none could be started within the wait."""


class TooSlow(Exception):
    """A question ran past its hard time limit; its worker was ended."""


def answer_request(mode: str, question: str, body: Any, cards: Optional[str],
                   max_seconds: float, max_answer: int = MAX_ANSWER) -> tuple[int, str]:
    """(HTTP status, JSON text) for one request: ``mode`` "json" (the --json answer) or
    "text" (the answer for a person, ``{"text": ..., "warnings": [...]}``); ``body``
    the request's body as sent (bytes, parsed here) or parsed; an answer longer than
    ``max_answer`` characters is refused (ask with ``--limit``)."""
    from ..ask import BadInput, ask_request, dumps, error_json, parse_request

    try:
        if isinstance(body, (bytes, str)):
            body = parse_request(body)
        db = _cards(cards)
        reply = ask_request(body, question, db, max_seconds)
        if mode == "text":
            payload: Any = {"text": reply.text(), "report": _report(reply.words()),
                            "warnings": reply.warnings + reply.not_understood_lines()}
        else:
            payload = reply.json()
        text = dumps(payload)
        if len(text) > max_answer:
            return 400, dumps({"error": f"the answer is larger than {max_answer:,} "
                                        "characters: ask for fewer with --limit"})
        return 200, text
    except BadInput as e:
        return 400, dumps(error_json(e))
    except RecursionError:
        return 400, dumps({"error": "the request is nested too deeply"})
    except Exception as e:  # a bug: said without a trace or a path of the server
        return 500, dumps({"error": f"internal error ({type(e).__name__}); please report it"})


def _report(words: Any) -> list:
    """The answer for a person as the page lays it out: prose lines (with their style)
    and tables (headers, rows, title), so that a table scrolls instead of wrapping."""
    from ..text.report import Table

    if isinstance(words, str):
        return [{"line": line, "style": ""} for line in words.rstrip("\n").split("\n")]
    return [{"table": {"title": x.title, "headers": x.headers, "rows": x.rows}}
            if isinstance(x, Table) else {"line": x.text, "style": x.style} for x in words]


_DB: dict[str, Any] = {}


def _cards(path: Optional[str]) -> Any:
    if not path:
        return None
    if path not in _DB:
        from ..cards import open_database

        _DB[path] = open_database(path)
    return _DB[path]


def _serve(conn: Any, target: Any) -> None:
    """A worker's loop: one request in, ``target(*request)`` out, until the pipe closes."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            conn.send(target(*job))
        except (BrokenPipeError, OSError):
            return


class _Worker:
    def __init__(self, ctx: Any, target: Any) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child, target), daemon=True)
        self.process.start()
        child.close()

    def end(self) -> None:
        try:
            self.process.kill()
        except (OSError, AttributeError):
            pass
        self.process.join(1)
        self.conn.close()


class Workers:
    """A pool of worker processes, lent one per request."""

    def __init__(self, least: int = 2, most: int = 8, preload: tuple[str, ...] = (
            "mtgcombat.ask", "mtgcombat.board", "mtgcombat.questions.declarations",
            "mtgcombat.text"), target: Any = answer_request) -> None:
        """``target``: what a worker runs for each job (a module-level function)."""
        self.target = target
        self.ctx = multiprocessing.get_context("forkserver")
        self.ctx.set_forkserver_preload(list(preload))
        self.most = most
        self.idle: deque[_Worker] = deque()
        self.count = 0
        self.cond = threading.Condition()
        self.closed = False
        for _ in range(least):
            self.idle.append(_Worker(self.ctx, self.target))
            self.count += 1

    def _borrow(self, wait: float) -> _Worker:
        end = time.monotonic() + wait
        with self.cond:
            while True:
                if self.closed:
                    raise Busy()
                if self.idle:  # the last one given back: its caches are the warmest
                    return self.idle.pop()
                if self.count < self.most:
                    self.count += 1
                    break
                left = end - time.monotonic()
                if left <= 0:
                    raise Busy()
                self.cond.wait(left)
        try:
            return _Worker(self.ctx, self.target)
        except BaseException:
            with self.cond:
                self.count -= 1
                self.cond.notify()
            raise

    def _give_back(self, w: Optional[_Worker]) -> None:
        with self.cond:
            if w is None or self.closed:
                self.count -= 1
                if w is not None:
                    w.end()
            else:
                self.idle.append(w)
            self.cond.notify()

    def call(self, job: tuple, hard_limit: float, wait: float = 5.0) -> tuple[int, str]:
        """Answer ``job`` (the arguments of :func:`answer_request`) in a worker; a worker
        still busy after ``hard_limit`` seconds is ended (:class:`TooSlow`)."""
        w = self._borrow(wait)
        try:
            w.conn.send(job)
            if not w.conn.poll(hard_limit):
                raise TooSlow()
            result = w.conn.recv()
        except BaseException:
            w.end()
            self._give_back(None)
            raise
        self._give_back(w)
        return result

    def close(self) -> None:
        with self.cond:
            self.closed = True
            idle, self.idle = list(self.idle), deque()
            self.cond.notify_all()
        for w in idle:
            w.end()
