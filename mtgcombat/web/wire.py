"""The web lab's HTTP/1.1, its own and minimal (docs/serve.md, "How the server works"):
requests read from a connection's bytes, answers written as bytes. No socket here: the
worker processes (:mod:`.server`) and the one-process fallback feed a :class:`Conn`
what they receive and send what it gives back.

What it reads (RFC 9112): a request line and header fields ending in an empty line
(CRLF), at most :data:`MAX_HEAD` bytes; a body of ``Content-Length`` bytes (at most the
lab's :data:`~mtgcombat.web.MAX_BYTES`; ``Transfer-Encoding`` is refused: a browser
always says the length); keep-alive (HTTP/1.1 unless ``Connection: close``; HTTP/1.0
only with ``Connection: keep-alive``); requests sent before their answers (pipelining)
answered in order; ``Expect: 100-continue`` answered ``100 Continue``. A malformed
request is answered with one JSON line ``{"error": "..."}`` (400, 411, 413, 431, 501)
and the connection is closed after it -- lingering when the client may still be
sending, so that it reads the answer (9.6).
"""

from __future__ import annotations

import os
import re
import stat
import time
from http import HTTPStatus
from typing import Any, Callable, Optional

from ..rules.reasons import Reason, english, reason

#: The longest request line and header fields (bytes, with the empty line).
MAX_HEAD = 16 * 1024
#: Seconds a client may keep a connection open without sending (then it is closed).
IDLE = 60.0

_REASONS = {s.value: s.phrase for s in HTTPStatus}
_TOKEN = r"[!#$%&'*+.^_`|~0-9A-Za-z-]+"
_FIELDS = re.compile(rf"(?:{_TOKEN}:[^\r\n]*\r\n)*")
_FIELD = re.compile(rf"({_TOKEN}):([^\r\n]*)\r\n")
_PAGE_POLICY = (b"default-src 'self'; img-src 'self' data:; style-src 'self'; "
                b"script-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
                b"base-uri 'none'; form-action 'self'")
_API_POLICY = b"default-src 'none'; frame-ancestors 'none'"
_COMMON = (b"Server: mtgcombat\r\nX-Content-Type-Options: nosniff\r\n"
           b"X-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\n"
           b"Cross-Origin-Resource-Policy: same-origin\r\n")


class Request:
    """One request: method, target (path and query), version, header fields (names in
    lower case), body."""

    __slots__ = ("method", "target", "version", "headers", "body")

    def __init__(self, method: str, target: str, version: str, headers: dict,
                 body: bytes) -> None:
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body

    @property
    def path(self) -> str:
        return self.target.split("?", 1)[0].split("#", 1)[0]

    @property
    def query(self) -> str:
        return self.target.partition("?")[2].split("#")[0]

    def keep_alive(self) -> bool:
        c = self.headers.get("connection", "").lower()
        if self.version == "HTTP/1.1":
            return "close" not in c
        return "keep-alive" in c


class Refused(Exception):
    """A request that can't be read: answered with its status and its reason in one line,
    and the connection closed (``linger``: the client may still be sending its body)."""

    def __init__(self, status: int, why: Reason, linger: bool = False) -> None:
        super().__init__(why.code)
        self.status = status
        self.why = why
        self.linger = linger


_dated = [0, b""]


def _date() -> bytes:
    """The ``Date`` field (RFC 9110, 6.6.1), formatted once a second."""
    now = int(time.time())
    if now != _dated[0]:
        from email.utils import formatdate

        _dated[0], _dated[1] = now, formatdate(now, usegmt=True).encode("ascii")
    return _dated[1]  # type: ignore[return-value]


def answer(status: int, body: bytes, ctype: bytes, page: bool = False, head: bool = False,
           close: bool = False) -> bytes:
    """An answer's bytes: status line, fields (security fields on every answer), body
    (none for HEAD)."""
    parts = [b"HTTP/1.1 %d %s\r\n" % (status, _REASONS.get(status, "").encode("ascii")),
             b"Date: ", _date(), b"\r\nContent-Type: ", ctype,
             b"\r\nContent-Length: %d\r\n" % len(body), _COMMON,
             b"Content-Security-Policy: ", _PAGE_POLICY if page else _API_POLICY, b"\r\n"]
    if not page:
        parts.append(b"Cache-Control: no-store\r\n")
    if close:
        parts.append(b"Connection: close\r\n")
    parts.append(b"\r\n")
    if not head:
        parts.append(body)
    return b"".join(parts)


JSON = b"application/json"


def error(status: int, why: Reason, close: bool = False, head: bool = False) -> bytes:
    """``{"error": why in one line}`` as an answer (in English, as all bad input)."""
    from ..ask import dumps

    return answer(status, dumps({"error": english(why)}).encode("utf-8"), JSON, head=head,
                  close=close)


_NOT_FOUND = reason("error.http_not_found")


class Conn:
    """A connection's requests: :meth:`feed` the bytes received; :meth:`next` gives the
    next whole request (None: more bytes are needed) or raises :class:`Refused`."""

    __slots__ = ("buf", "continued", "closing", "last")

    def __init__(self) -> None:
        self.buf = b""
        self.continued = False  # "100 Continue" sent for the request being read
        self.closing = False
        self.last = time.monotonic()

    def feed(self, data: bytes) -> None:
        self.buf = self.buf + data if self.buf else data
        self.last = time.monotonic()

    def next(self, max_body: int) -> tuple[Optional[Request], bytes]:
        """(the next whole request or None, bytes to send first: ``100 Continue``)."""
        buf = self.buf
        if buf[:2] == b"\r\n":  # an empty line before a request is ignored (RFC 9112, 2.2)
            buf = self.buf = buf.lstrip(b"\r\n")
        end = buf.find(b"\r\n\r\n")
        if end < 0:
            if len(buf) > MAX_HEAD:
                raise Refused(431, reason("error.http_head_large"), linger=True)
            return None, b""
        if end > MAX_HEAD:
            raise Refused(431, reason("error.http_head_large"), linger=True)
        head = buf[:end + 2].decode("latin-1")  # each line with its CRLF
        cut = head.index("\r\n")
        first = head[:cut].split(" ")
        if len(first) != 3 or first[2] not in ("HTTP/1.1", "HTTP/1.0") or not first[1]:
            raise Refused(400, reason("error.http_line"))
        method, target, version = first
        block = head[cut + 2:]
        # Each field "name: value" (a token, no space before the colon, no folded line):
        # checked and split by two expressions over the whole block.
        if block and _FIELDS.fullmatch(block) is None:
            raise Refused(400, reason("error.http_field"))
        pairs = _FIELD.findall(block)
        headers = {k.lower(): v.strip(" \t") for k, v in pairs}
        if len(headers) < len(pairs):
            seen = [k.lower() for k, _ in pairs]
            for name in ("content-length", "host", "transfer-encoding"):
                if seen.count(name) > 1:
                    raise Refused(400, reason("error.http_twice", field=name))
        if "transfer-encoding" in headers:
            raise Refused(411, reason("error.http_length"), True)
        length = headers.get("content-length")
        n = 0
        if length is not None:
            if not length.isdigit() or not length.isascii():
                raise Refused(400, reason("error.http_bad_length"), linger=True)
            n = int(length)
        elif method == "POST":
            raise Refused(411, reason("error.http_length"), True)
        if n > max_body:
            raise Refused(413, reason("error.http_large", kb=max_body // 1024), True)
        start = end + 4
        if len(buf) - start < n:
            if (not self.continued and n and
                    headers.get("expect", "").lower() == "100-continue"):
                self.continued = True
                return None, b"HTTP/1.1 100 Continue\r\n\r\n"
            return None, b""
        self.buf = buf[start + n:]
        self.continued = False
        return Request(method, target, version, headers, buf[start:start + n]), b""


Answerer = Callable[[str, str, bytes], tuple[int, str]]


class Routes:
    """What the lab answers to each request: the page, its files, the API (the checks of
    :mod:`mtgcombat.web` on Host and origin first). ``ask(mode, question, body)`` answers
    a question (the worker's own, in its process); ``busy(request)`` is entered while it
    does (the supervisor's clock)."""

    def __init__(self, lab: Any, ask: Answerer, busy: Any) -> None:
        from . import COMMANDS, MAX_BYTES, STATIC

        self.lab = lab
        self.ask = ask
        self.busy = busy
        self.commands = frozenset(COMMANDS)
        self.unknown = reason("error.http_questions", known=tuple(COMMANDS))
        self.max_bytes = MAX_BYTES
        self.static = STATIC
        #: The lab's files read: name -> (path, (mtime, size), bytes, type).
        self.files: dict[str, tuple[str, tuple[int, int], bytes, bytes]] = {}

    def __call__(self, r: Request) -> bytes:
        """The answer's bytes (with ``Connection: close`` when the request asks it)."""
        close = not r.keep_alive()
        head = r.method == "HEAD"
        if not self.lab.host_allowed(r.headers.get("host")):
            return error(421 if r.headers.get("host") else 400, reason("error.http_host"),
                         close, head)
        if r.method == "POST":
            return self._post(r, close)
        if r.method in ("GET", "HEAD"):
            return self._get(r, close, head)
        if r.method in ("OPTIONS", "PUT", "DELETE", "PATCH"):
            # No CORS: a preflight from another origin gets no permission.
            return error(405, reason("error.http_method"), close)
        return error(501, reason("error.http_unsupported", method=r.method[:20]), close)

    def _get(self, r: Request, close: bool, head: bool) -> bytes:
        path = r.path
        if path == "/":
            return self._file("index.html", close, head)
        if path.startswith("/static/"):
            return self._file(path[len("/static/"):], close, head)
        if path == "/favicon.ico" and (self.static / "favicon.svg").exists():
            return self._file("favicon.svg", close, head)
        if path == "/api/commands":
            from ..ask import dumps
            from . import catalogue

            return answer(200, dumps(catalogue()).encode("utf-8"), JSON, head=head,
                          close=close)
        if path == "/api/cases" or path.startswith("/api/cases/"):
            from ..ask import dumps
            from ..corpus import lessons_request

            status, payload = lessons_request(path, r.query)
            return answer(status, dumps(payload).encode("utf-8"), JSON, head=head,
                          close=close)
        return error(404, _NOT_FOUND, close, head)

    def _file(self, name: str, close: bool, head: bool) -> bytes:
        from . import _STATIC_NAME, _TYPES

        if not _STATIC_NAME.match(name):
            return error(404, _NOT_FOUND, close, head)
        kept = self.files.get(name)
        path = str(self.static / name) if kept is None else kept[0]
        try:  # one stat a request: a file changed since it was read is read again
            st = os.stat(path)
        except OSError:
            return error(404, _NOT_FOUND, close, head)
        if kept is None or kept[1] != (st.st_mtime_ns, st.st_size):
            if not stat.S_ISREG(st.st_mode):
                return error(404, _NOT_FOUND, close, head)
            try:
                with open(path, "rb") as f:
                    data = f.read()
            except OSError:
                return error(404, _NOT_FOUND, close, head)
            ctype = _TYPES.get(os.path.splitext(name)[1], "application/octet-stream")
            kept = (path, (st.st_mtime_ns, st.st_size), data, ctype.encode("ascii"))
            if len(self.files) < 256:
                self.files[name] = kept
        return answer(200, kept[2], kept[3], page=True, head=head, close=close)

    def _post(self, r: Request, close: bool) -> bytes:
        h = r.headers
        origin = h.get("origin")
        if origin is not None and origin.rstrip("/").lower() != \
                f"http://{h.get('host', '')}".lower():
            return error(403, reason("error.http_origin"), close)
        if h.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return error(403, reason("error.http_site"), close)
        ctype = h.get("content-type", "").split(";")[0].strip().lower()
        if ctype != "application/json":
            return error(415, reason("error.http_type"), close)
        path = r.path
        mode = "json"
        name = path[5:] if path.startswith("/api/") else None
        if name is not None and name.startswith("text/"):
            mode, name = "text", name[5:]
        if name not in self.commands:
            return error(404, self.unknown, close)
        # The body as it came: parsed by the question's door (a malformed one is 400).
        self.busy(True, mode, r.body)
        try:
            status, text = self.ask(mode, name, r.body)
        finally:
            self.busy(False, mode, b"")
        return answer(status, text.encode("utf-8"), JSON, close=close)
