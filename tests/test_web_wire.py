"""The web lab's own HTTP/1.1 (mtgcombat/web/wire.py, docs/serve.md "How the server
works"): requests read from a connection's bytes, in pieces or several at once; a request
it can't read refused with one JSON line; and the same over a real socket."""

from __future__ import annotations

import json
import socket

import pytest

from mtgcombat import web
from mtgcombat.web import wire

from .conftest import REPO

BRIGAND = json.loads((REPO / "corpus" / "boards" / "brigand.json").read_text())


def _post(body: bytes, extra: str = "") -> bytes:
    return (f"POST /api/show HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n{extra}\r\n").encode() + body


def test_wire_reads_a_request_given_in_pieces_and_two_sent_at_once_in_order():
    one, two = _post(b'{"a": 1}'), _post(b'{"b": 2}')
    c = wire.Conn()
    for i in range(len(one)):  # a byte at a time: nothing until the body is whole
        c.feed(one[i:i + 1])
        r, _ = c.next(1000)
        assert (r is None) == (i < len(one) - 1)
    assert r.method == "POST" and r.path == "/api/show" and r.body == b'{"a": 1}'
    c.feed(one + two)
    assert c.next(1000)[0].body == b'{"a": 1}' and c.next(1000)[0].body == b'{"b": 2}'
    assert c.next(1000)[0] is None and c.buf == b""


def test_wire_keep_alive_is_http_1_1_unless_close_and_http_1_0_only_when_asked():
    def alive(version: str, connection: str = "") -> bool:
        c = wire.Conn()
        field = f"Connection: {connection}\r\n" if connection else ""
        c.feed(f"GET / {version}\r\nHost: x\r\n{field}\r\n".encode())
        return c.next(10)[0].keep_alive()

    assert alive("HTTP/1.1") and not alive("HTTP/1.1", "close")
    assert not alive("HTTP/1.0") and alive("HTTP/1.0", "keep-alive")


def test_wire_answers_expect_100_continue_before_the_body():
    c = wire.Conn()
    c.feed(_post(b"{}" * 10, "Expect: 100-continue\r\n")[:-20])
    r, first = c.next(1000)
    assert r is None and first == b"HTTP/1.1 100 Continue\r\n\r\n"
    c.feed(b"{}" * 10)
    assert c.next(1000)[0].body == b"{}" * 10


@pytest.mark.parametrize("raw, status, linger", [
    (b"GARBAGE\r\n\r\n", 400, False),
    (b"GET / HTTP/2.0\r\n\r\n", 400, False),
    (b"GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400, False),
    (b"GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 400, False),
    (b"POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400, False),
    (b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 411, True),
    (b"POST / HTTP/1.1\r\nHost: x\r\n\r\n", 411, True),
    (b"POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400, True),
    (b"POST / HTTP/1.1\r\nContent-Length: 5000\r\n\r\n", 413, True),
    (b"GET / HTTP/1.1\r\nX: " + b"y" * (wire.MAX_HEAD + 10), 431, True),
])
def test_wire_refuses_what_it_cannot_read_with_a_status_and_a_coded_reason(raw, status, linger):
    c = wire.Conn()
    c.feed(raw)
    with pytest.raises(wire.Refused) as e:
        c.next(1000)
    assert e.value.status == status and e.value.linger is linger
    assert e.value.why.code.startswith("error.http_")
    answer = wire.error(e.value.status, e.value.why, close=True)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 %d " % status) and b"Connection: close" in head
    assert "\n" not in json.loads(body)["error"]


def test_web_server_answers_requests_sent_before_their_answers_in_order():
    srv, _ = web.start("127.0.0.1", 0)
    try:
        body = json.dumps({"board": BRIGAND}).encode()
        with socket.create_connection(("127.0.0.1", srv.server_address[1]), timeout=60) as s:
            s.sendall(_post(body) + b"GET /api/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                      + _post(b"{bad"))
            got = b""
            while got.count(b"HTTP/1.1 ") < 3:
                chunk = s.recv(65536)
                assert chunk, got[-300:]
                got += chunk
        statuses = [int(x.split(b" ", 1)[0]) for x in got.split(b"HTTP/1.1 ")[1:]]
        assert statuses == [200, 404, 400]
    finally:
        srv.shutdown()
