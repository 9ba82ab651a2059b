"""``mtgcombat serve``: the web lab's server, started by the project's own code on a free
port of 127.0.0.1 and called over HTTP (spec Extension 2: POST /api/COMMAND)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from .conftest import REPO

from mtgcombat.web import COMMANDS, MAX_BYTES, start  # noqa: E402

BOARD = (REPO / "examples" / "first-strike.mtg").read_text()


@pytest.fixture(scope="module")
def url():
    server, base = start("127.0.0.1", 0)
    yield base
    server.shutdown()


def call(url: str, path: str, payload=None, raw: bytes = None):
    data = raw if raw is not None else (None if payload is None else json.dumps(payload).encode())
    req = urllib.request.Request(url + path, data=data,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            body = r.read()
            return r.status, (json.loads(body) if r.headers.get_content_type() ==
                              "application/json" else body.decode())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_serve_binds_127_0_0_1_by_default(url):
    assert url.startswith("http://127.0.0.1:")


def test_serve_page_and_static_files(url):
    status, page = call(url, "/")
    assert status == 200 and "<textarea" in page and "/static/app.js" in page
    for name in ("app.js", "style.css"):
        assert call(url, f"/static/{name}")[0] == 200


def test_serve_answers_every_command_with_its_json_answer(url):
    for command in COMMANDS:
        args = ["--blocks", "bears -> knight"] if command == "check" else []
        status, answer = call(url, f"/api/{command}", {"board": BOARD, "args": args})
        assert status == 200, (command, answer)
        assert "not_understood" in answer or command == "show", command


def test_serve_json_answer_equals_the_commands(url, capsys):
    from mtgcombat.cli import main

    main(["combat", str(REPO / "examples" / "first-strike.mtg"), "--json", "--lang", "de"])
    want = json.loads(capsys.readouterr().out)
    status, got = call(url, "/api/combat", {"board": BOARD, "args": ["--lang", "de"]})
    assert status == 200 and got == want


def test_serve_text_answers_in_german(url):
    status, got = call(url, "/api/text/combat", {"board": BOARD, "args": ["--lang", "de"]})
    assert status == 200 and "Erstschlag-Kampfschadensegment" in got["text"]


def test_serve_draws_the_board(url):
    status, got = call(url, "/api/draw", {"board": BOARD, "args": []})
    assert status == 200 and got["svg"].startswith("<svg")


def test_serve_bad_input_is_400_with_line_and_column(url):
    status, got = call(url, "/api/attacks", {"board": "players Alice, Bob\nactive Alice\n"
                                                       "Alice:\n  Bears 2/2 flyng\n"})
    assert status == 400
    assert (got["line"], got["column"]) == (4, 13) and "flyng" in got["error"]


def test_serve_unknown_command_is_404_and_a_bad_request_400(url):
    assert call(url, "/api/serve", {"board": BOARD})[0] == 404
    assert call(url, "/api/attacks", {"board": 3})[0] == 400
    assert call(url, "/api/attacks", raw=b"not json")[0] == 400


def test_serve_refuses_a_request_over_the_size_limit(url):
    status, got = call(url, "/api/attacks", {"board": "x" * (MAX_BYTES + 1)})
    assert status == 413 and "KB" in got["error"]


def test_serve_caps_the_time_limit(url):
    status, got = call(url, "/api/attacks", {"board": BOARD, "args": ["--time-limit", "1e9"]})
    assert status == 200


def test_serve_never_runs_board_text_as_code(url, tmp_path):
    marker = tmp_path / "pwned"
    evil = f'__import__("pathlib").Path({str(marker)!r}).write_text("x")'
    status, _ = call(url, "/api/show", {"board": evil})
    assert status == 400 and not marker.exists()


def test_serve_share_link_round_trips_the_board():
    # The page puts the board in the URL fragment as base64url of its UTF-8 text
    # (app.js encodeBoard / decodeBoard); the same coding in Python:
    import base64

    code = base64.urlsafe_b64encode(BOARD.encode()).decode().rstrip("=")
    back = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)).decode()
    assert back == BOARD
    js = (REPO / "mtgcombat" / "web" / "static" / "app.js").read_text()
    assert "#board=" in js and "replace(/\\+/g, \"-\")" in js
