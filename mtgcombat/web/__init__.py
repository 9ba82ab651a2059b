"""``mtgcombat serve``: the web lab, a local server (spec Extension 2 and 3; docs/serve.md).

A page to type or paste a board (scenario language or JSON), see it drawn, ask every
question of the registry (:data:`mtgcombat.ask.QUESTIONS`) and read the answers and
explanations in English or German, and share the board as a link (the board is in the
URL's fragment, never sent anywhere but this server).

The page's calls: ``POST /api/QUESTION`` with ``{"board": ..., "args": [...]}`` gets the
question's ``--json`` answer (``/api/draw``: ``{"svg": ...}``), ``POST
/api/text/QUESTION`` the answer for a person (``{"text": ..., "warnings": [...]}``),
``GET /api/commands`` the questions, their options and the languages. Bad input is
HTTP 400 with ``{"error": "...", "line": L, "column": C}``.

A server, so the request is the adversary:

* ``args`` are parsed by the allow-list of each question's options
  (:data:`mtgcombat.options.Door.REQUEST`): nothing that names a file, an output,
  standard input, a backend or the card database; the card database is the server's own
  (``serve --cards FILE``, ``$MTGCOMBAT_CARDS``).
* Each request is bounded in body (:data:`MAX_BYTES`), time (its time limit capped at
  :data:`MAX_SECONDS`; a worker still busy :data:`GRACE` seconds later is ended) and
  answer size; each is answered in a worker process of its own, so a slow request
  never delays another.
* ``Host`` must name the bound address, ``localhost``, an IP address or a name given
  with ``serve --allow-host`` (DNS rebinding); a POST from another origin, or not of
  type ``application/json``, is refused (403/415); no CORS headers are ever sent.
* No stack trace and no server path in any answer; security headers on every answer (a
  content security policy, ``nosniff``, no framing, no referrer).

Only the standard library's HTTP server: no other command pays for a web framework.
"""

from __future__ import annotations

import ipaddress
import re
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Optional

__all__ = ["start", "serve", "add_command", "main", "MAX_BYTES", "MAX_SECONDS", "COMMANDS"]

#: The largest request body accepted (a board and its arguments).
MAX_BYTES = 256 * 1024
#: The longest any question may take (a larger --time-limit is lowered to this).
MAX_SECONDS = 20.0
#: Seconds past :data:`MAX_SECONDS` after which a question's worker is ended.
GRACE = 5.0
STATIC = Path(__file__).parent / "static"

_STATIC_NAME = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9_.-]*$")
_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
          ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png",
          ".ico": "image/x-icon", ".json": "application/json"}
_PAGE_POLICY = ("default-src 'self'; img-src 'self' data:; style-src 'self'; "
                "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
                "base-uri 'none'; form-action 'self'")


def _questions() -> list[str]:
    from ..ask import QUESTIONS

    return list(QUESTIONS)


#: The questions the page may ask (every question of the registry).
COMMANDS = tuple(_questions())


def catalogue() -> dict:
    """``GET /api/commands``: the questions, the options a request may give each (the
    allow-list), and the languages."""
    from ..ask import QUESTIONS
    from ..options import Door, allowed
    from ..text import languages

    qs = []
    for q in QUESTIONS.values():
        opts = []
        for o in allowed(q.options, Door.REQUEST):
            choices = list(o.choices) or (languages() if o.dest == "lang" else [])
            opts.append({"flag": o.flags[-1], "value": o.value.value, "choices": choices,
                         "metavar": o.metavar, "help": o.help,
                         "repeat": o.dest in q.repeated})
        qs.append({"name": q.name, "summary": q.summary, "options": opts})
    return {"commands": list(QUESTIONS), "questions": qs, "languages": languages(),
            "max_seconds": MAX_SECONDS, "max_bytes": MAX_BYTES}


class Lab:
    """The server's settings and its workers."""

    def __init__(self, host: str, cards: Optional[str] = None,
                 allow_hosts: tuple[str, ...] = (), workers: Any = None,
                 max_answer: Optional[int] = None) -> None:
        from .workers import MAX_ANSWER

        self.host = host
        self.max_answer = max_answer or MAX_ANSWER
        self.cards = cards
        self.allow_hosts = {h.lower() for h in allow_hosts} | {"localhost", host.lower()}
        self.workers = workers

    def host_allowed(self, header: Optional[str]) -> bool:
        """DNS rebinding: the Host a browser sends must be ours -- the bound address,
        localhost, an IP address (a rebinding attack needs a name) or an allowed name."""
        if not header:
            return False
        h = header.strip().lower()
        if h.startswith("["):  # [::1]:8000
            name = h[1:h.find("]")] if "]" in h else h
        else:
            name = h.rsplit(":", 1)[0] if h.count(":") == 1 else h
        if name in self.allow_hosts:
            return True
        try:
            ipaddress.ip_address(name)
            return True
        except ValueError:
            return False


def _linger(sock: socket.socket, seconds: float = 2.0, most: int = 16 * 1024 * 1024) -> None:
    """Half-close ``sock`` and discard what the client still sends, for at most
    ``seconds`` or ``most`` bytes (RFC 9112, 9.6: closing with unread data would reset the
    connection before the client reads the answer)."""
    import time

    try:
        sock.shutdown(socket.SHUT_WR)
        sock.settimeout(0.25)
        end, got = time.monotonic() + seconds, 0
        while got < most and time.monotonic() < end:
            chunk = sock.recv(65536)
            if not chunk:
                break
            got += len(chunk)
    except OSError:
        pass


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body leave at once (no 40 ms delayed ACK)
    server_version = "mtgcombat"
    sys_version = ""
    timeout = 60  # a client that stops sending is dropped
    lab: Lab

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        if not getattr(self.server, "quiet", True):
            super().log_message(format, *args)

    # -- answers ---------------------------------------------------------------------
    def _send(self, status: int, body: bytes, ctype: str, page: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        self.send_header("Content-Security-Policy",
                         _PAGE_POLICY if page else "default-src 'none'; frame-ancestors 'none'")
        if not page:
            self.send_header("Cache-Control", "no-store")
        if self.close_connection:  # a body left unread: the client must open a new one
            self.send_header("Connection", "close")
        # end_headers() and the body in one write: one packet, one system call (the
        # headers are buffered by send_header until flush_headers)
        buffered: list = self._headers_buffer  # type: ignore[attr-defined]
        buffered.append(b"\r\n")
        if self.command != "HEAD":
            buffered.append(body)
        self.flush_headers()

    def _json(self, status: int, payload: Any) -> None:
        from ..ask import dumps

        text = payload if isinstance(payload, str) else dumps(payload)
        self._send(status, text.encode("utf-8"), "application/json")

    def _error(self, status: int, message: str) -> None:
        if self._unread():  # refused before its body was read: the connection ends after
            self.close_connection = True
        self._json(status, {"error": message})

    def _unread(self) -> bool:
        """Whether the request's body is still unread (a POST refused before reading)."""
        length = self.headers.get("Content-Length") if self.command == "POST" else None
        return (not getattr(self, "_body_read", False) and length is not None
                and length.strip() not in ("", "0"))

    def finish(self) -> None:
        """After an answer to a request whose body was not read: a lingering close (send
        the answer, stop writing, discard what the client still sends for a moment), so
        that the client reads the answer instead of a reset connection."""
        super().finish()
        if self.close_connection and self._unread():
            _linger(self.connection)

    def _guard(self) -> bool:
        """The checks every request passes first (Host; for a POST, its origin)."""
        if not self.lab.host_allowed(self.headers.get("Host")):
            self._error(421 if self.headers.get("Host") else 400,
                        "this server answers only requests addressed to it (Host)")
            return False
        return True

    # -- GET -----------------------------------------------------------------------------
    def do_GET(self) -> None:  # noqa: N802
        if not self._guard():
            return
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == "/":
            return self._static("index.html")
        if path.startswith("/static/"):
            return self._static(path[len("/static/"):])
        if path == "/favicon.ico" and (STATIC / "favicon.svg").exists():
            return self._static("favicon.svg")
        if path == "/api/commands":
            return self._json(200, catalogue())
        if path == "/api/cases" or path.startswith("/api/cases/"):
            from ..corpus import lessons_request

            status, payload = lessons_request(path, self.path.partition("?")[2].split("#")[0])
            return self._json(status, payload)
        self._error(404, "not found")

    do_HEAD = do_GET

    def _static(self, name: str) -> None:
        if not _STATIC_NAME.match(name):
            return self._error(404, "not found")
        f = STATIC / name
        if not f.is_file():
            return self._error(404, "not found")
        ctype = _TYPES.get(f.suffix, "application/octet-stream")
        self._send(200, f.read_bytes(), ctype, page=True)

    # -- POST ----------------------------------------------------------------------------
    def do_POST(self) -> None:  # noqa: N802
        self._body_read = False  # one handler answers every request of a connection
        if not self._guard():
            return
        origin = self.headers.get("Origin")
        if origin is not None and not self._same_origin(origin):
            return self._error(403, "requests from another origin are refused")
        if self.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
            return self._error(403, "requests from another site are refused")
        ctype = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if ctype != "application/json":
            return self._error(415, "the request body must be JSON (Content-Type: "
                                    "application/json)")
        length = self.headers.get("Content-Length")
        if length is None or not length.isdigit():
            return self._error(411, "the request must say its length (Content-Length)")
        if int(length) > MAX_BYTES:
            return self._error(413, f"the request is larger than {MAX_BYTES // 1024} KB")
        raw = self.rfile.read(int(length))
        self._body_read = True
        path = self.path.split("?", 1)[0]
        mode = "json"
        name = path[len("/api/"):] if path.startswith("/api/") else None
        if name is not None and name.startswith("text/"):
            mode, name = "text", name[len("text/"):]
        if name not in COMMANDS:
            return self._error(404, "not found: the questions are " + ", ".join(COMMANDS))
        # The body goes to the worker as it came: parsed there (a malformed one is
        # answered 400 from there), not parsed here and pickled across (issue 22).
        self._answer(mode, name, raw)

    def _same_origin(self, origin: str) -> bool:
        host = self.headers.get("Host", "")
        return origin.rstrip("/").lower() in (f"http://{host}".lower(),)

    def _answer(self, mode: str, name: str, body: Any) -> None:
        from .workers import Busy, TooSlow, answer_request

        job = (mode, name, body, self.lab.cards, MAX_SECONDS, self.lab.max_answer)
        if self.lab.workers is None:
            status, text = answer_request(*job)
        else:
            try:
                status, text = self.lab.workers.call(job, MAX_SECONDS + GRACE)
            except TooSlow:
                return self._error(503, f"the question took longer than {MAX_SECONDS:g} s "
                                        "and was stopped")
            except Busy:
                return self._error(503, "the server is busy: try again in a moment")
            except (EOFError, OSError):
                return self._error(500, "internal error (a worker ended); please report it")
        self._json(status, text)

    def do_OPTIONS(self) -> None:  # noqa: N802
        # No CORS: a preflight from another origin gets no permission.
        self._error(405, "method not allowed")

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    quiet = True


def start(host: str = "127.0.0.1", port: int = 8000, cards: Optional[str] = None,
          allow_hosts: tuple[str, ...] = (), workers: Optional[int] = 2,
          quiet: bool = True, max_answer: Optional[int] = None) -> tuple[Any, str]:
    """Start the server in a background thread; returns (server, its URL). ``workers``:
    processes answering at first (more start when all are busy; None answers in the
    server's threads, with no hard time limit). ``max_answer``: the longest answer, in
    characters. ``server.shutdown()`` stops it."""
    from .workers import Workers

    pool = Workers(least=workers) if workers else None
    lab = Lab(host, cards, allow_hosts, pool, max_answer)
    handler = type("Handler", (_Handler,), {"lab": lab})
    server = _Server((host, port), handler)
    server.quiet = quiet
    stop = server.shutdown

    def shutdown() -> None:
        stop()
        server.server_close()
        if pool is not None:
            pool.close()

    server.shutdown = shutdown  # type: ignore[method-assign]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    shown = f"[{host}]" if ":" in host else host
    return server, f"http://{shown}:{server.server_address[1]}"


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve(host: str = "127.0.0.1", port: int = 8000, quiet: bool = False,
          cards: Optional[str] = None, allow_hosts: tuple[str, ...] = ()) -> None:
    """Serve until interrupted."""
    if not _loopback(host):
        print(f"mtgcombat: warning: serving on {host}, beyond this machine: anyone who can "
              "reach it can use the lab (answers only; it reads and writes no files)",
              file=sys.stderr)
    server, url = start(host, port, cards, allow_hosts, quiet=quiet)
    if not quiet:
        print(f"mtgcombat web lab on {url} (Ctrl-C to stop)", file=sys.stderr)
    try:
        threading.Event().wait()
    finally:
        server.shutdown()


# -- the command ---------------------------------------------------------------------------


def add_command(sub: Any) -> None:
    """``mtgcombat serve`` as a subparser of ``sub``."""
    import argparse

    sv = sub.add_parser(
        "serve", formatter_class=argparse.RawDescriptionHelpFormatter,
        help="a local web lab: type a board, see it drawn, ask every question",
        description="A local web page: type or paste a board (scenario language or JSON), "
                    "see it drawn, ask every question, read the answers and explanations in "
                    "English or German, share the board as a link. It binds to 127.0.0.1 by "
                    f"default; requests are limited in size ({MAX_BYTES // 1024} KB) and time "
                    f"({MAX_SECONDS:g} s), each answered in a worker process; the page's "
                    "calls are POST /api/QUESTION with {\"board\", \"args\"} (docs/serve.md).",
        epilog="examples:\n  mtgcombat serve\n  mtgcombat serve --port 8080\n"
               "  mtgcombat serve --cards AtomicCards.json.gz\n"
               "  mtgcombat serve --host 0.0.0.0 --allow-host lab.example   # on your network")
    sv.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    sv.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free)")
    sv.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                    help="a host name requests may be addressed to besides the bound "
                         "address, localhost and IP addresses (repeat for more)")
    sv.add_argument("--cards", metavar="FILE", default=None,
                    help="the server's card database (default $MTGCOMBAT_CARDS)")
    sv.add_argument("--quiet", action="store_true", help="no line on standard error")


def main(ns: Any) -> int:
    """Run ``mtgcombat serve`` with its parsed arguments."""
    import os

    from ..options import OptionError
    from ..rules.reasons import reason

    if not 0 <= ns.port <= 65535:
        raise OptionError(reason("error.port"), command="serve")
    cards = ns.cards or os.environ.get("MTGCOMBAT_CARDS") or None
    if cards:
        from ..cards import open_database

        db = open_database(cards)  # a bad card file is one line now, not at the first request
        if db is not None and not ns.quiet:  # its index in memory: said once, on stderr
            for line in db.warnings:
                print("warning: " + line, file=sys.stderr)
    try:
        serve(ns.host, ns.port, ns.quiet, cards, tuple(ns.allow_host))
    except OSError as e:
        raise OptionError(reason("error.cannot_listen", host=ns.host, port=ns.port,
                                 problem=str(e.strerror or e)), command="serve") from None
    return 0
