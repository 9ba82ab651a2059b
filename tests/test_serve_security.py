"""The web lab is a server, and the request is the adversary (issue 25.8, spec Extension 3):
over HTTP on 127.0.0.1, a request's args are an allow-list of the question's options;
nothing reads or writes a file of the server; each request is bounded in body, time and
answer size and answered in a worker of its own; Host and origin are checked; errors
carry no trace or path; security headers on every answer."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import threading
import time

import pytest

from mtgcombat import web
from mtgcombat.web.workers import answer_request

from .conftest import REPO

BRIGAND = json.loads((REPO / "corpus" / "boards" / "brigand.json").read_text())
PACKAGE = str(REPO / "mtgcombat")


@pytest.fixture(scope="module")
def server():
    srv, url = web.start("127.0.0.1", 0, max_answer=200_000)
    yield srv, srv.server_address[1]
    srv.shutdown()


def request(port: int, method: str, path: str, body=None, headers=None, raw=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    h = {"Content-Type": "application/json"}
    h.update(headers or {})
    conn.request(method, path, body=data, headers=h)
    r = conn.getresponse()
    text = r.read().decode("utf-8", "replace")
    conn.close()
    try:
        payload = json.loads(text)
    except ValueError:
        payload = text
    return r.status, payload, r


def post(port: int, path: str, body, **kw):
    return request(port, "POST", path, body, **kw)


# -- files -----------------------------------------------------------------------------


@pytest.mark.parametrize("question, args", [
    ("draw", ["-o", "OUT"]),
    ("draw", ["--output", "OUT"]),
    ("draw", ["--output=OUT"]),
    ("check", ["--attacks", "@SECRET"]),
    ("check", ["--attacks", "@-"]),
    ("check", ["--cards", "SECRET"]),
    ("check", ["--backend", "brute", "--attacks", "{}"]),
])
def test_request_args_that_name_a_file_an_output_stdin_or_a_backend_are_refused(
        server, tmp_path, question, args):
    _, port = server
    secret = tmp_path / "secret.json"
    secret.write_text('{"the server\'s secret": 1}')
    out = tmp_path / "written.svg"
    args = [a.replace("SECRET", str(secret)).replace("OUT", str(out)) for a in args]
    status, payload, _ = post(port, f"/api/{question}", {"board": BRIGAND, "args": args})
    assert status == 400, payload
    assert "secret" not in json.dumps(payload) and str(tmp_path) not in json.dumps(payload)
    assert not out.exists()


def test_the_server_never_reads_its_own_standard_input(server):
    _, port = server
    start = time.monotonic()
    status, _, _ = post(port, "/api/check", {"board": BRIGAND, "args": ["--attacks", "@-"]})
    assert status == 400 and time.monotonic() - start < 10


# -- Host and origin ---------------------------------------------------------------------


@pytest.mark.parametrize("host, ok", [
    ("127.0.0.1:{port}", True), ("localhost:{port}", True), ("localhost", True),
    ("evil.example:{port}", False), ("127.0.0.1.evil.example", False), ("", False),
])
def test_host_must_be_the_bound_address_or_localhost_dns_rebinding(server, host, ok):
    _, port = server
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.putrequest("GET", "/api/commands", skip_host=True)
    if host:
        conn.putheader("Host", host.format(port=port))
    conn.endheaders()
    r = conn.getresponse()
    r.read()
    conn.close()
    assert (r.status == 200) is ok, r.status


def test_a_cross_origin_post_is_refused(server):
    _, port = server
    body = {"board": BRIGAND}
    assert post(port, "/api/show", body, headers={"Origin": "http://evil.example"})[0] == 403
    assert post(port, "/api/show", body, headers={"Sec-Fetch-Site": "cross-site"})[0] == 403
    ok = post(port, "/api/show", body, headers={"Origin": f"http://127.0.0.1:{port}"})
    assert ok[0] == 200


def test_a_form_post_that_is_not_json_is_refused(server):
    _, port = server
    status, payload, _ = post(port, "/api/show", None, raw=b"board=x",
                              headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 415


def test_a_preflight_gets_no_cors_permission(server):
    _, port = server
    status, _, r = request(port, "OPTIONS", "/api/show",
                           headers={"Origin": "http://evil.example",
                                    "Access-Control-Request-Method": "POST"})
    assert status == 405 and r.getheader("Access-Control-Allow-Origin") is None


def test_every_answer_carries_security_headers(server):
    _, port = server
    for method, path, body in (("GET", "/", None), ("GET", "/api/commands", None),
                               ("POST", "/api/show", {"board": BRIGAND}),
                               ("POST", "/api/show", {"board": 3})):
        _, _, r = request(port, method, path, body)
        assert r.getheader("X-Content-Type-Options") == "nosniff"
        assert r.getheader("Content-Security-Policy")
        assert r.getheader("X-Frame-Options") == "DENY"
    _, _, page = request(port, "GET", "/")
    assert "script-src 'self'" in page.getheader("Content-Security-Policy")


# -- hostile bodies --------------------------------------------------------------------------


@pytest.mark.parametrize("raw, what", [
    (b'{"board": ' + b"[" * 1000 + b"]" * 1000 + b"}", "nested"),
    (b'{"board": {"players": ' + b"9" * 5000 + b"}}", "value"),
    (b'{"board": "\\ud800"}', "surrogate"),
    (b"\xff\xfe", "UTF-8"),
    (b"{not json", "malformed"),
])
def test_hostile_bodies_are_400_with_one_json_line(server, raw, what):
    _, port = server
    status, payload, r = post(port, "/api/show", None, raw=raw)
    assert status == 400 and r.getheader("Content-Type") == "application/json"
    assert what in payload["error"] and "\n" not in payload["error"]


def test_a_body_over_the_limit_is_413_and_unread(server):
    _, port = server
    status, payload, _ = post(port, "/api/show", None, raw=b"{" + b" " * (web.MAX_BYTES + 10))
    assert status == 413 and "KB" in payload["error"]


def test_a_refused_body_is_answered_with_a_lingering_close_on_a_kept_connection(server):
    # RFC 9112 9.6: the server answers 413 before reading a body of 2 MB; the client, which
    # sends the whole body before it reads, must still get the answer (not a reset
    # connection), told to close; then a small request on a kept-alive connection works.
    _, port = server
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    small = json.dumps({"board": "players A, B\nactive A\n"}).encode()
    for _ in range(3):
        conn.request("POST", "/api/show", body=small, headers={"Content-Type": "application/json"})
        ok = conn.getresponse()
        ok.read()
        assert ok.status == 200 and ok.getheader("Connection") is None
        conn.request("POST", "/api/show", body=b" " * (2 * 1024 * 1024),
                     headers={"Content-Type": "application/json"})
        r = conn.getresponse()
        payload = json.loads(r.read())
        assert r.status == 413 and r.getheader("Connection") == "close" and "KB" in payload["error"]
    conn.close()


def test_no_error_carries_a_trace_or_a_server_path(server):
    _, port = server
    bodies = [{"board": 3}, {"board": "players Alice\nactive Zed\n"},
              {"board": BRIGAND, "args": ["--bogus"]}, {"board": BRIGAND, "extra": 1},
              {"board": BRIGAND, "args": ["--attacks", "{bad"]}]
    for body in bodies:
        status, payload, _ = post(port, "/api/check", body)
        assert status == 400
        text = json.dumps(payload)
        assert "Traceback" not in text and PACKAGE not in text and "site-packages" not in text


def test_an_answer_over_the_size_limit_is_refused_with_a_hint(server):
    _, port = server
    many = {"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
            "permanents": [{"id": f"c{i}", "name": f"Bear {i}", "controller": "Alice",
                            "power": 2, "toughness": 2} for i in range(12)]}
    status, payload, _ = post(port, "/api/attacks", {"board": many, "args": ["--limit",
                                                                              "5000"]})
    assert status == 400 and "--limit" in payload["error"]


# -- concurrency and time -------------------------------------------------------------------


SLOW = {"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
        "permanents": [{"id": f"a{i}", "name": f"Knight {i}", "controller": "Alice",
                        "power": 2 + i % 3, "toughness": 2 + i % 2,
                        "text": ["First strike", "Trample", "Deathtouch", ""][i % 4]}
                       for i in range(9)]
        + [{"id": f"b{i}", "name": f"Guard {i}", "controller": "Bob", "power": 1 + i % 3,
            "toughness": 3, "text": ["Reach", "", "First strike"][i % 3]} for i in range(9)]}


def test_a_slow_request_does_not_delay_a_fast_one(server):
    _, port = server
    done: dict[str, float] = {}

    def ask(name: str, path: str, body: dict) -> None:
        post(port, path, body)
        done[name] = time.monotonic()

    slow = threading.Thread(target=ask, args=("slow", "/api/best-attacks",
                                              {"board": SLOW, "args": ["--time-limit", "6"]}))
    slow.start()
    time.sleep(0.5)
    start = time.monotonic()
    ask("fast", "/api/check", {"board": BRIGAND, "args": ["--attacks", "brigand -> Bob"]})
    slow.join(timeout=120)
    assert done["fast"] < done["slow"]
    assert done["fast"] - start < 5


def sleepy(mode, question, *rest):
    """A worker's job: ``best-attacks`` never ends in time (the hard limit must end it);
    every other question is answered as usual."""
    if question == "best-attacks":
        time.sleep(60)
    return answer_request(mode, question, *rest)


def test_a_question_past_its_hard_limit_is_answered_unknown_and_the_server_keeps_serving():
    srv, _ = web.start("127.0.0.1", 0, hard_limit=1.0, target=sleepy)
    port = srv.server_address[1]
    try:
        for lang, said in (("en", "Unknown"), ("de", "Unbekannt")):
            start = time.monotonic()
            status, payload, r = post(port, "/api/best-attacks", {"board": BRIGAND})
            assert status == 200 and payload["status"] == "unknown", payload
            assert "hard time limit" in payload["stopped"]
            assert time.monotonic() - start < 10
            status, payload, _ = post(port, "/api/text/best-attacks",
                                      {"board": BRIGAND, "args": ["--lang", lang]})
            assert status == 200 and payload["text"].startswith(said), payload
            # the worker ended was replaced: the next question is answered
            status, payload, _ = post(port, "/api/check", {
                "board": BRIGAND, "args": ["--attacks", "brigand -> Bob"]})
            assert status == 200 and payload["legal"] is True
    finally:
        srv.shutdown()


def test_a_request_on_a_kept_connection_is_not_held_up_by_a_slow_one_on_another():
    # A browser keeps connections open and sends its next request on any idle one: a
    # worker answering a slow question gives its other connections back first.
    srv, _ = web.start("127.0.0.1", 0, hard_limit=3.0, target=sleepy, workers=1)
    port = srv.server_address[1]
    try:
        conns = [http.client.HTTPConnection("127.0.0.1", port, timeout=60) for _ in range(3)]
        fast = json.dumps({"board": BRIGAND, "args": ["--attacks", "brigand -> Bob"]})
        for c in conns:  # each kept open (one worker has them all)
            c.request("POST", "/api/check", body=fast,
                      headers={"Content-Type": "application/json"})
            assert c.getresponse().read()
        done = {}

        def slow() -> None:
            conns[0].request("POST", "/api/best-attacks", body=json.dumps({"board": BRIGAND}),
                             headers={"Content-Type": "application/json"})
            done["slow"] = json.loads(conns[0].getresponse().read())
            done["slow at"] = time.monotonic()

        t = threading.Thread(target=slow)
        t.start()
        time.sleep(0.5)
        conns[1].request("POST", "/api/check", body=fast,
                         headers={"Content-Type": "application/json"})
        r = conns[1].getresponse()
        assert r.status == 200 and json.loads(r.read())["legal"] is True
        fast_at = time.monotonic()
        t.join(30)
        assert fast_at < done["slow at"] and done["slow"]["status"] == "unknown"
        for c in conns:
            c.close()
    finally:
        srv.shutdown()


def test_the_web_lab_answers_every_registry_question(server):
    _, port = server
    status, cat, _ = request(port, "GET", "/api/commands")
    assert status == 200
    from mtgcombat.ask import QUESTIONS

    assert cat["commands"] == list(QUESTIONS) and {"en", "de"} <= set(cat["languages"])
    for q in cat["questions"]:
        flags = {o["flag"] for o in q["options"]}
        assert not flags & {"--output", "--cards", "--backend", "--jsonl", "--exit-code"}


def test_the_web_lab_text_answer_of_check_is_never_empty(server):
    _, port = server
    for lang in ("en", "de"):
        status, payload, _ = post(port, "/api/text/check", {
            "board": BRIGAND, "args": ["--attacks", "bears -> Bob", "--lang", lang]})
        assert status == 200 and payload["text"].strip()


def test_serving_beyond_this_machine_prints_a_warning():
    proc = subprocess.Popen([sys.executable, "-m", "mtgcombat", "serve", "--host", "0.0.0.0",
                             "--port", "0"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            text=True, cwd=REPO)
    try:
        first = proc.stderr.readline()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert "warning" in first and "0.0.0.0" in first
