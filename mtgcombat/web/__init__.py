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
  :data:`MAX_SECONDS`; a worker still busy :data:`GRACE` seconds later is ended and the
  question answered "unknown") and answer size; each question is answered in a worker
  process, so a slow request never delays another.
* ``Host`` must name the bound address, ``localhost``, an IP address or a name given
  with ``serve --allow-host`` (DNS rebinding); a POST from another origin, or not of
  type ``application/json``, is refused (403/415); no CORS headers are ever sent.
* No stack trace and no server path in any answer; security headers on every answer (a
  content security policy, ``nosniff``, no framing, no referrer).

Its own minimal HTTP/1.1 (:mod:`.wire`) served by pre-forked workers under a supervisor
(:mod:`.server`): no web framework, and no other command pays for one.
"""

from __future__ import annotations

import ipaddress
import os
import re
import signal
import socket
import sys
import threading
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
    """The server's settings: its address and the names it answers to."""

    def __init__(self, host: str, cards: Optional[str] = None,
                 allow_hosts: tuple[str, ...] = ()) -> None:
        self.host = host
        self.cards = cards
        self.allow_hosts = {h.lower() for h in allow_hosts} | {"localhost", host.lower()}
        self._hosts: dict[str, bool] = {}  # each Host field seen, decided once

    def host_allowed(self, header: Optional[str]) -> bool:
        """DNS rebinding: the Host a browser sends must be ours -- the bound address,
        localhost, an IP address (a rebinding attack needs a name) or an allowed name."""
        if not header:
            return False
        known = self._hosts.get(header)
        if known is None:
            known = self._host_allowed(header)
            if len(self._hosts) < 256:
                self._hosts[header] = known
        return known

    def _host_allowed(self, header: str) -> bool:
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


class Running:
    """A server started by :func:`start`: its address, and :meth:`shutdown`."""

    def __init__(self, address: tuple, stop: Any) -> None:
        self.server_address = address
        self._stop = stop

    def shutdown(self) -> None:
        """Stop serving (the supervisor and its workers end)."""
        stop, self._stop = self._stop, None
        if stop is not None:
            stop()


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    s = socket.socket(family, socket.SOCK_STREAM)
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind((host, port))
        s.listen(128)
    except BaseException:
        s.close()
        raise
    return s


def _asker(cards: Optional[str], max_answer: int, target: Any = None) -> Any:
    """What a worker runs for a question: ``(mode, question, body) -> (status, JSON)``."""
    from .workers import answer_request

    run = target or answer_request

    def ask(mode: str, question: str, body: bytes) -> tuple[int, str]:
        return run(mode, question, body, cards, MAX_SECONDS, max_answer)

    return ask


def start(host: str = "127.0.0.1", port: int = 8000, cards: Optional[str] = None,
          allow_hosts: tuple[str, ...] = (), workers: Optional[int] = 2,
          quiet: bool = True, max_answer: Optional[int] = None,
          hard_limit: float = MAX_SECONDS + GRACE, target: Any = None) -> tuple[Any, str]:
    """Start the server in the background; returns (server, its URL); ``server.shutdown()``
    stops it. ``workers``: worker processes started at once (more start when all are
    busy, up to :data:`.server.MOST`); None -- or no ``os.fork`` here -- answers in this
    process, a thread per connection, with no hard limit. ``hard_limit``: seconds after
    which a question's worker is ended and the question answered "unknown"; ``target``:
    what a worker runs for a question (:func:`.workers.answer_request`'s arguments);
    ``max_answer``: the longest answer, in characters."""
    from . import server as srv
    from .workers import MAX_ANSWER

    lab = Lab(host, cards, allow_hosts)
    ask = _asker(cards, max_answer or MAX_ANSWER, target)
    listener = _listen(host, port)
    address = listener.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{address[1]}"
    if not workers or not srv.available():
        stop = threading.Event()
        thread = threading.Thread(target=srv.serve_threads, args=(listener, lab, ask, stop),
                                  daemon=True)
        thread.start()

        def end_threads() -> None:
            stop.set()
            thread.join(5)

        return Running(address, end_threads), url
    _preload()
    pid = os.fork()
    if pid == 0:  # the supervisor
        code = 0
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            srv._die_with_parent()
            srv.Supervisor(listener, lab, ask, hard_limit, least=workers).run()
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    listener.close()

    def end_supervisor() -> None:
        try:
            os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
        except OSError:
            pass

    return Running(address, end_supervisor), url


def _preload() -> None:
    """What every worker needs, imported once before they are forked."""
    import importlib

    for name in ("mtgcombat.ask", "mtgcombat.board", "mtgcombat.questions.declarations",
                 "mtgcombat.text", "mtgcombat.text.render"):
        importlib.import_module(name)


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve(host: str = "127.0.0.1", port: int = 8000, quiet: bool = False,
          cards: Optional[str] = None, allow_hosts: tuple[str, ...] = ()) -> None:
    """Serve until interrupted: this process is the supervisor (:mod:`.server`)."""
    from . import server as srv
    from .workers import MAX_ANSWER

    if not _loopback(host):
        print(f"mtgcombat: warning: serving on {host}, beyond this machine: anyone who can "
              "reach it can use the lab (answers only; it reads and writes no files)",
              file=sys.stderr)
    if not srv.available():  # no fork: threads in this process (docs/serve.md)
        running, url = start(host, port, cards, allow_hosts, workers=None, quiet=quiet)
        if not quiet:
            print(f"mtgcombat web lab on {url} (Ctrl-C to stop)", file=sys.stderr)
        try:
            threading.Event().wait()
        finally:
            running.shutdown()
        return
    lab = Lab(host, cards, allow_hosts)
    listener = _listen(host, port)
    port = listener.getsockname()[1]
    if not quiet:
        shown = f"[{host}]" if ":" in host else host
        print(f"mtgcombat web lab on http://{shown}:{port} (Ctrl-C to stop)", file=sys.stderr)
    _preload()
    supervisor = srv.Supervisor(listener, lab, _asker(cards, MAX_ANSWER), MAX_SECONDS + GRACE)
    try:
        supervisor.run()
    except KeyboardInterrupt:
        pass


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
    from ..text import languages

    sv.add_argument("--lang", choices=languages(), default="en", metavar="{en,de}",
                    help="language of the server's own words on standard error (the card "
                         "database's warnings; default: en); each answer is in its "
                         "request's --lang")


def _card_warnings(cards: Any, lang: str) -> list[str]:
    """The card database's notes, one line each in ``lang``, rendered from their codes."""
    from ..text import Writer

    w = Writer(lang or "en")
    return [w.t("warning.line", text=w(note)) for note in cards.notes]


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
            for line in _card_warnings(db, getattr(ns, "lang", "en")):
                print(line, file=sys.stderr)
    try:
        serve(ns.host, ns.port, ns.quiet, cards, tuple(ns.allow_host))
    except OSError as e:
        raise OptionError(reason("error.cannot_listen", host=ns.host, port=ns.port,
                                 problem=str(e.strerror or e)), command="serve") from None
    return 0
