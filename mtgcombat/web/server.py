"""The web lab's server: a supervisor and pre-forked workers (docs/serve.md, "How the
server works").

* The **supervisor** (the ``serve`` process) listens and accepts. It passes each new
  connection to an idle worker (the one with the fewest connections; a new worker is
  started when none is idle, up to :data:`MOST`) over that worker's control socket
  (``SCM_RIGHTS``), and keeps its own copy of every connection.
* A **worker** serves the connections it was given -- a ``selectors`` loop, the HTTP
  of :mod:`.wire`, every question answered through the registry in its own process.
  Before it answers a question it gives back its other idle connections, so that a
  request sent on one of them while it works goes to another worker: a slow question
  never holds up a fast one.
* While a worker answers, its slot in a shared memory page holds when it began and on
  which connection. The supervisor looks at the slots every :data:`TICK` seconds: a
  worker past the hard limit is ended (``SIGKILL``: a question stuck in a solver can't be
  interrupted otherwise), the question is answered "unknown" on the supervisor's copy of
  the connection, and a new worker takes the dead one's place.

POSIX only (``os.fork``, ``socket.send_fds``): where they are missing (Windows),
:func:`mtgcombat.web.start` serves in one process with a thread per connection and no
hard limit (each question still has its own time limit).
"""

from __future__ import annotations

import errno
import mmap
import os
import selectors
import signal
import socket
import struct
import time
from typing import Any, Optional

from ..rules.reasons import reason
from . import wire

#: Workers started at once, and at most.
LEAST = 2
MOST = 8
#: Seconds between the supervisor's looks at the workers' clocks.
TICK = 0.2
#: Seconds a connection waits for an idle worker before it is answered 503.
WAIT = 5.0

#: A worker's slot: when its question began (time.monotonic(); 0: idle), the
#: connection (the supervisor's id for it), the answer's mode (0 json, 1 text) and
#: language (0: English, else 1 + its index in :func:`mtgcombat.text.languages`).
_SLOT = struct.Struct("<dIBB2x")
_ID = struct.Struct("<I")


def available() -> bool:
    """Whether this platform has what the supervisor needs (fork, passing sockets)."""
    return hasattr(os, "fork") and hasattr(socket, "send_fds") and hasattr(os, "waitpid")


def _ids(data: bytes) -> list[int]:
    return [x for (x,) in _ID.iter_unpack(data)]


# -- a worker -------------------------------------------------------------------------------


class _Client:
    __slots__ = ("sock", "id", "conn", "out", "linger_until")

    def __init__(self, sock: socket.socket, ident: int) -> None:
        self.sock = sock
        self.id = ident
        self.conn = wire.Conn()
        self.out = b""
        self.linger_until = 0.0


class Worker:
    """A worker's loop: the connections it was given, answered one request at a time."""

    def __init__(self, ctl: socket.socket, shm: Any, index: int, lab: Any,
                 ask: wire.Answerer, languages: list[str]) -> None:
        self.ctl = ctl
        self.shm = shm
        self.offset = index * _SLOT.size
        self.sel = selectors.DefaultSelector()
        self.clients: dict[int, _Client] = {}
        self.routes = wire.Routes(lab, ask, self._busy)
        self.current: Optional[_Client] = None
        self.languages = languages
        self.parent = os.getppid()

    def run(self) -> None:
        self.ctl.setblocking(False)
        self.sel.register(self.ctl, selectors.EVENT_READ, None)
        select = self.sel.select
        while True:
            events = select(1.0)
            if not events:
                self._tick()
                continue
            for key, mask in events:
                c = key.data
                if c is None:
                    if not self._control():
                        return
                elif mask & selectors.EVENT_WRITE:
                    self._flush(c)
                else:
                    self._read(c)

    # -- the supervisor's messages -------------------------------------------------------
    def _control(self) -> bool:
        while True:
            try:
                msg, fds, _, _ = socket.recv_fds(self.ctl, 64, 4)
            except BlockingIOError:
                return True
            except OSError:
                return False
            if not msg:
                return False
            for fd in fds:  # "N" + id: a connection of its own from now on
                s = socket.socket(fileno=fd)
                s.setblocking(False)
                c = _Client(s, _ID.unpack_from(msg, 1)[0])
                self.clients[c.id] = c
                self.sel.register(s, selectors.EVENT_READ, c)

    def _tell(self, kind: bytes, ids: list[int]) -> None:
        """``C`` (closed) or ``G`` (given back) with connection ids, to the supervisor."""
        try:
            self.ctl.send(kind + b"".join(_ID.pack(i) for i in ids))
        except OSError:
            pass

    def _tick(self) -> None:
        if os.getppid() != self.parent:  # the supervisor is gone
            os._exit(0)
        now = time.monotonic()
        for c in list(self.clients.values()):
            if c.linger_until and now > c.linger_until:
                self._close(c)
            elif not c.linger_until and now - c.conn.last > wire.IDLE:
                self._close(c)

    # -- a connection ----------------------------------------------------------------------
    def _read(self, c: _Client) -> None:
        try:
            data = c.sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if c.linger_until:  # discarding what a refused client still sends
            if not data:
                self._close(c)
            return
        if not data:
            self._close(c)
            return
        c.conn.feed(data)
        self._serve(c)

    def _serve(self, c: _Client) -> None:
        """Answer every whole request buffered (in order), while nothing waits to be
        written."""
        while not c.out and c.conn.buf:
            try:
                request, first = c.conn.next(self.routes.max_bytes)
            except wire.Refused as e:
                self._send(c, wire.error(e.status, e.why, close=True))
                self._end(c, e.linger)
                return
            if first:
                self._send(c, first)
            if request is None:
                return
            self.current = c
            out = self.routes(request)
            self.current = None
            self._send(c, out)
            if not request.keep_alive():
                self._end(c, False)
                return

    def _busy(self, on: bool, mode: str, body: bytes) -> None:
        """A question begins (its clock on the slot; the other idle connections given
        back first) or ends."""
        if not on:
            _SLOT.pack_into(self.shm, self.offset, 0.0, 0, 0, 0)
            return
        c = self.current
        if len(self.clients) > 1:
            self._give_back(c)
        lang = 0  # English
        if mode == "text" and b"--lang" in body:
            lang = self._lang(body)
        _SLOT.pack_into(self.shm, self.offset, time.monotonic(), c.id if c else 0,
                        1 if mode == "text" else 0, lang)

    def _lang(self, body: bytes) -> int:
        """The language a text answer asks for (the "unknown" answer is worded in it)."""
        import json

        try:
            args = json.loads(body).get("args", [])
            for i, a in enumerate(args):
                v = args[i + 1] if a == "--lang" and i + 1 < len(args) else \
                    (a[7:] if isinstance(a, str) and a.startswith("--lang=") else None)
                if v in self.languages:
                    return self.languages.index(v) + 1
        except Exception:  # a bad body: the question says so; English here
            pass
        return 0

    def _give_back(self, keep: Optional[_Client]) -> None:
        given = []
        for c in list(self.clients.values()):
            if c is keep or c.conn.buf or c.out or c.linger_until:
                continue
            self.sel.unregister(c.sock)
            c.sock.close()  # the supervisor's copy stays open
            del self.clients[c.id]
            given.append(c.id)
        if given:
            self._tell(b"G", given)

    def _send(self, c: _Client, data: bytes) -> None:
        if c.out:
            c.out += data
            return
        try:
            n = c.sock.send(data)
        except BlockingIOError:
            n = 0
        except OSError:
            c.out = b""
            return
        if n < len(data):
            c.out = data[n:]
            self.sel.modify(c.sock, selectors.EVENT_READ | selectors.EVENT_WRITE, c)

    def _flush(self, c: _Client) -> None:
        try:
            n = c.sock.send(c.out)
        except BlockingIOError:
            return
        except OSError:
            self._close(c)
            return
        c.out = c.out[n:]
        if not c.out:
            if c.conn.closing:
                self._end(c, c.linger_until > 0)
                return
            self.sel.modify(c.sock, selectors.EVENT_READ, c)
            self._serve(c)

    def _end(self, c: _Client, linger: bool) -> None:
        """Close after the answer is written; lingering: stop writing, then discard what
        the client still sends for a while (RFC 9112, 9.6)."""
        c.conn.closing = True
        if linger and not c.linger_until:
            c.linger_until = time.monotonic() + 2.0
        if c.out:
            return
        if c.linger_until:
            try:
                c.sock.shutdown(socket.SHUT_WR)
            except OSError:
                self._close(c)
            return
        self._close(c)

    def _close(self, c: _Client) -> None:
        try:
            self.sel.unregister(c.sock)
        except (KeyError, ValueError):
            pass
        try:
            c.sock.shutdown(socket.SHUT_WR)  # the supervisor's copy would keep it open
        except OSError:
            pass
        c.sock.close()
        self.clients.pop(c.id, None)
        self._tell(b"C", [c.id])


# -- the supervisor -------------------------------------------------------------------------


class _Slot:
    __slots__ = ("pid", "ctl", "conns", "stopped")

    def __init__(self, pid: int, ctl: socket.socket) -> None:
        self.pid = pid
        self.ctl = ctl
        self.conns: set[int] = set()
        self.stopped = False  # ended by the supervisor for overrunning its hard limit


class Supervisor:
    """Accepts, lends connections to workers, ends a worker past its hard limit."""

    def __init__(self, listener: socket.socket, lab: Any, ask: wire.Answerer,
                 hard_limit: float, least: int = LEAST, most: int = MOST) -> None:
        from ..text import languages

        self.listener = listener
        self.lab = lab
        self.ask = ask
        self.hard_limit = hard_limit
        self.least = max(1, least)
        self.most = max(self.least, most)
        self.languages = list(languages())
        self.shm = mmap.mmap(-1, self.most * _SLOT.size)
        self.slots: dict[int, _Slot] = {}
        self.conns: dict[int, socket.socket] = {}  # the supervisor's copy of each
        self.owner: dict[int, Optional[int]] = {}  # which worker has it (None: here)
        self.waiting: dict[int, float] = {}  # readable, no idle worker yet: since when
        self.sel = selectors.DefaultSelector()
        self.running = True

    # -- workers -----------------------------------------------------------------------------
    def _spawn(self, index: int) -> None:
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
        pid = os.fork()
        if pid == 0:  # the worker
            code = 0
            try:
                mine.close()
                self._child(theirs, index)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        theirs.close()
        mine.setblocking(False)
        self.slots[index] = _Slot(pid, mine)
        self.sel.register(mine, selectors.EVENT_READ, ("ctl", index))

    def _child(self, ctl: socket.socket, index: int) -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        _die_with_parent()
        self.sel.close()  # the supervisor's: not this process's
        self.listener.close()
        for s in self.conns.values():
            s.close()
        for slot in self.slots.values():
            slot.ctl.close()
        Worker(ctl, self.shm, index, self.lab, self.ask, self.languages).run()

    def _idle(self) -> Optional[int]:
        best = None
        for i, slot in self.slots.items():
            if _SLOT.unpack_from(self.shm, i * _SLOT.size)[0] == 0.0 and not slot.stopped:
                if best is None or len(slot.conns) < len(self.slots[best].conns):
                    best = i
        if best is None and len(self.slots) < self.most:
            best = next(i for i in range(self.most) if i not in self.slots)
            self._spawn(best)
        return best

    def _lend(self, ident: int) -> bool:
        """Give a connection to an idle worker (False: none is idle)."""
        i = self._idle()
        if i is None:
            return False
        slot = self.slots[i]
        try:
            socket.send_fds(slot.ctl, [b"N" + _ID.pack(ident)], [self.conns[ident].fileno()])
        except OSError:
            return False
        self.owner[ident] = i
        slot.conns.add(ident)
        return True

    # -- the loop ------------------------------------------------------------------------------
    def run(self) -> None:
        import gc

        # What is loaded now lives as long as the server: out of the collector's sight, so
        # that a worker's collections don't walk it (nor copy its pages from this process).
        gc.collect()
        gc.freeze()
        for i in range(self.least):
            self._spawn(i)
        self.listener.setblocking(False)
        self.sel.register(self.listener, selectors.EVENT_READ, ("listen", 0))
        signal.signal(signal.SIGTERM, self._stop)
        last = time.monotonic()
        try:
            while self.running:
                for key, _ in self.sel.select(TICK):
                    what, n = key.data
                    if what == "listen":
                        self._accept()
                    elif what == "ctl":
                        self._message(n)
                    else:
                        self._ready(n)
                now = time.monotonic()
                if now - last >= TICK:
                    last = now
                    self._look(now)
        finally:
            self.close()

    def _stop(self, signum: int, frame: Any) -> None:
        self.running = False

    def _accept(self) -> None:
        try:
            s, _ = self.listener.accept()
        except (BlockingIOError, InterruptedError):
            return
        except OSError as e:  # out of descriptors: try again at the next tick
            if e.errno in (errno.EMFILE, errno.ENFILE):
                time.sleep(0.05)
            return
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        ident = s.fileno()
        self.conns[ident] = s
        self.owner[ident] = None
        if not self._lend(ident):
            self.waiting[ident] = time.monotonic()

    def _message(self, i: int) -> None:
        slot = self.slots.get(i)
        while slot is not None:
            try:
                msg = slot.ctl.recv(65536)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return
            if not msg:
                return
            for ident in _ids(msg[1:]):
                if self.owner.get(ident) != i:
                    continue
                slot.conns.discard(ident)
                if msg[:1] == b"C":
                    self._drop(ident)
                else:  # given back: here until it has a request
                    self.owner[ident] = None
                    self.sel.register(self.conns[ident], selectors.EVENT_READ,
                                      ("conn", ident))

    def _ready(self, ident: int) -> None:
        """A connection given back has something to say: to an idle worker."""
        self.sel.unregister(self.conns[ident])
        if not self._lend(ident):
            self.waiting[ident] = time.monotonic()

    def _drop(self, ident: int) -> None:
        s = self.conns.pop(ident, None)
        self.owner.pop(ident, None)
        self.waiting.pop(ident, None)
        if s is not None:
            try:
                self.sel.unregister(s)
            except (KeyError, ValueError):
                pass
            s.close()

    def _look(self, now: float) -> None:
        """The workers' clocks: end a worker past the hard limit; replace dead ones; lend
        waiting connections (503 after :data:`WAIT` seconds)."""
        for i, slot in list(self.slots.items()):
            began = _SLOT.unpack_from(self.shm, i * _SLOT.size)[0]
            if began and now - began > self.hard_limit and not slot.stopped:
                slot.stopped = True
                try:
                    os.kill(slot.pid, signal.SIGKILL)
                except OSError:
                    pass
        while True:
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            for i, slot in list(self.slots.items()):
                if slot.pid == pid:
                    self._ended(i, slot)
        for ident, since in list(self.waiting.items()):
            if self._lend(ident):
                del self.waiting[ident]
            elif now - since > WAIT:
                self._answer(ident, wire.error(503, reason("error.http_busy"), close=True))
        while len(self.slots) < self.least and self.running:
            self._spawn(next(i for i in range(self.most) if i not in self.slots))

    def _ended(self, i: int, slot: _Slot) -> None:
        """A worker ended: the question it was answering is answered here ("unknown" if
        it overran its hard limit, else an internal error); its other connections are
        closed (a client opens a new one)."""
        began, ident, mode, lang = _SLOT.unpack_from(self.shm, i * _SLOT.size)
        _SLOT.pack_into(self.shm, i * _SLOT.size, 0.0, 0, 0, 0)
        del self.slots[i]
        try:
            self.sel.unregister(slot.ctl)
        except (KeyError, ValueError):
            pass
        slot.ctl.close()
        for c in slot.conns:
            if began and c == ident:
                self._answer(c, self._stopped(mode, lang) if slot.stopped else wire.error(
                    500, reason("error.http_worker"), close=True))
            else:
                self._answer(c, b"")

    def _stopped(self, mode: int, lang: int) -> bytes:
        """The answer to a question stopped at the hard limit: "unknown"."""
        from ..ask import dumps
        from ..text import Writer

        seconds = f"{self.hard_limit:g}"
        words = Writer(self.languages[lang - 1] if 0 < lang <= len(self.languages) else "en").t(
            "human.stopped", seconds=seconds)
        if mode == 1:
            payload: Any = {"text": words, "report": [{"line": words, "style": ""}],
                            "warnings": []}
        else:
            payload = {"status": "unknown", "stopped": words, "hard_limit": self.hard_limit}
        return wire.answer(200, dumps(payload).encode("utf-8"), wire.JSON, close=True)

    def _answer(self, ident: int, data: bytes) -> None:
        """Write ``data`` on the supervisor's copy of a connection, then close it."""
        s = self.conns.get(ident)
        if s is not None and data:
            try:
                s.settimeout(2.0)
                s.sendall(data)
                s.shutdown(socket.SHUT_WR)
            except OSError:
                pass
        self._drop(ident)

    def close(self) -> None:
        for slot in self.slots.values():
            try:
                os.kill(slot.pid, signal.SIGKILL)
            except OSError:
                pass
        for slot in self.slots.values():
            try:
                os.waitpid(slot.pid, 0)
            except OSError:
                pass
            slot.ctl.close()
        self.slots.clear()
        for ident in list(self.conns):
            self._drop(ident)
        self.listener.close()


def _die_with_parent() -> None:
    """Linux: this process is ended when its parent ends (PR_SET_PDEATHSIG); elsewhere a
    worker notices at its next tick (its parent's id changes)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


# -- one process, a thread per connection (no fork) ------------------------------------------


def serve_threads(listener: socket.socket, lab: Any, ask: wire.Answerer,
                  stop: Any) -> None:
    """Where there is no ``fork``: a thread per connection, questions answered in this
    process (each with its own time limit; no hard limit)."""
    import threading

    routes = wire.Routes(lab, ask, lambda *a: None)
    listener.settimeout(0.5)

    def one(s: socket.socket) -> None:
        conn = wire.Conn()
        s.settimeout(wire.IDLE)
        try:
            while True:
                data = s.recv(65536)
                if not data:
                    return
                conn.feed(data)
                while conn.buf:
                    try:
                        request, first = conn.next(routes.max_bytes)
                    except wire.Refused as e:
                        s.sendall(wire.error(e.status, e.why, close=True))
                        if e.linger:
                            _linger(s)
                        return
                    if first:
                        s.sendall(first)
                    if request is None:
                        break
                    s.sendall(routes(request))
                    if not request.keep_alive():
                        return
        except OSError:
            pass
        finally:
            s.close()

    while not stop.is_set():
        try:
            s, _ = listener.accept()
        except (socket.timeout, BlockingIOError, InterruptedError):
            continue
        except OSError:
            break
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        threading.Thread(target=one, args=(s,), daemon=True).start()
    listener.close()


def _linger(s: socket.socket, seconds: float = 2.0, most: int = 16 * 1024 * 1024) -> None:
    """Stop writing and discard what the client still sends, for a while (RFC 9112, 9.6)."""
    try:
        s.shutdown(socket.SHUT_WR)
        s.settimeout(0.25)
        end, got = time.monotonic() + seconds, 0
        while got < most and time.monotonic() < end:
            chunk = s.recv(65536)
            if not chunk:
                break
            got += len(chunk)
    except OSError:
        pass

