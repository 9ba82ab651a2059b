"""Hostile and broken input at the doors (issue 25.5): ``batch`` lines and the web lab's
request bodies, built with the shared mutator of ``tests/hostile.py``.

A ``batch`` line is always answered on its line: the question's JSON answer or
``{"error": one line}``, never an internal error, always one line of JSON that is UTF-8
text. A web body is always answered 200 with the answer or 400/413 with one JSON line;
never 500. Most inputs are read in-process (the functions each door calls); a slice goes
through a real ``mtgcombat batch`` process and a real server over HTTP. About 6,500 inputs a
run (``MTGCOMBAT_FUZZ`` scales it)."""
from __future__ import annotations

import http.client
import json
import random
import subprocess
import sys

import pytest

from mtgcombat import ask, batch

from .conftest import REPO
from .hostile import BUDGETS, HOSTILE_TEXTS, budget, mutate_json, pick, run_fuzz
from .test_fuzz_inputs import seed_boards

SEED = 22
QUESTIONS = ("show", "check", "attacks", "blocks", "damage", "combat", "turn", "explain",
             "draw", "upkeep")
ARGS = {"check": [["--attacks", "{}"], ["--blocks", "{}"]], "attacks": [["--limit", "3"]],
        "blocks": [["--limit", "3"]], "damage": [["--limit", "2"]]}


def _request(rng: random.Random) -> dict:
    board = pick(rng, seed_boards())
    q = pick(rng, QUESTIONS)
    args = list(pick(rng, ARGS.get(q, [[]]))) + ["--time-limit", "1"]
    data = board.to_data() if rng.random() < 0.7 else board.scenario()
    return {"ask": q, "board": data, "args": args}


def _mutant(rng: random.Random) -> str:
    """A request line with a hostile change: in the request's own JSON, in its board (as
    JSON or as text), in its args, or a line that is no request at all."""
    r = _request(rng)
    roll = rng.random()
    if roll < 0.45:
        return mutate_json(json.dumps(r, ensure_ascii=False), rng)
    if roll < 0.7 and isinstance(r["board"], dict):
        r["board"] = mutate_json(json.dumps(r["board"]), rng)  # the board as broken text
        return json.dumps(r, ensure_ascii=False)
    if roll < 0.85:
        r["args"] = [pick(rng, ["--attacks", "--blocks", "--damage", "--limit", "-o",
                                "--cards", "--lang", "--time-limit", "--objective"]),
                     pick(rng, HOSTILE_TEXTS)]
        return json.dumps(r, ensure_ascii=False)
    return pick(rng, HOSTILE_TEXTS)


def _one_json_line(line: str) -> dict:
    assert "\n" not in line, "an answer of more than one line"
    line.encode("utf-8")  # text, no lone surrogate
    out = json.loads(line)
    assert isinstance(out, dict)
    if "error" in out:
        assert out["error"].strip() and "\n" not in out["error"], "an error not in one line"
        assert "internal error" not in out["error"], out["error"]
        assert "Traceback" not in out["error"]
    return out


def test_fuzz_batch_lines():
    rng = random.Random(SEED)

    def inputs():
        for _ in range(budget(BUDGETS["batch"])):
            line = _mutant(rng)
            yield line, (lambda line=line: batch.answer_line(line))

    run = run_fuzz("batch", inputs(), _one_json_line)
    assert not run.failures, run.report()


def test_fuzz_web_bodies():
    """The web lab's reader and worker function, as a request reaches them."""
    from mtgcombat.options import OptionError
    from mtgcombat.web.workers import answer_request

    rng = random.Random(SEED + 1)

    def read(raw: bytes, question: str, text: bool):
        try:
            body = ask.parse_request(raw)
        except OptionError as e:
            return 400, json.dumps({"error": str(e)})
        return answer_request("text" if text else "json", question, body, None, 1.0)

    def inputs():
        for _ in range(budget(BUDGETS["web"])):
            r = _mutant(rng)
            try:
                q = json.loads(r).get("ask", "show")
            except (ValueError, AttributeError, RecursionError):
                q = "show"
            q = q if isinstance(q, str) and q in ask.QUESTIONS else "show"
            line = json.dumps({k: v for k, v in json.loads(r).items() if k != "ask"}) \
                if _parses(r) else r
            raw = line.encode("utf-8", "surrogatepass")
            yield line, (lambda raw=raw, q=q, t=rng.random() < 0.3: read(raw, q, t))

    def then(got):
        status, text = got
        assert status in (200, 400), f"HTTP {status}: {text[:200]}"
        _one_json_line(text)

    run = run_fuzz("web", inputs(), then)
    assert not run.failures, run.report()


def _parses(line: str) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except (ValueError, RecursionError):
        return False


def test_fuzz_a_real_batch_process_answers_every_line():
    rng = random.Random(SEED + 2)
    lines = [_mutant(rng).replace("\n", " ").replace("\r", " ")
             for _ in range(budget(BUDGETS["batch-process"]))]
    data = "".join(x + "\n" for x in lines).encode("utf-8", "surrogatepass")
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "batch", "--jobs", "2"],
                       input=data, capture_output=True, cwd=REPO, timeout=900)
    assert r.returncode == 0, r.stderr.decode()[-500:]
    answers = r.stdout.decode("utf-8").splitlines()
    assert len(answers) == len(lines)
    for a in answers:
        _one_json_line(a)


@pytest.fixture(scope="module")
def server():
    from mtgcombat import web

    srv, _ = web.start("127.0.0.1", 0)
    yield srv.server_address[1]
    srv.shutdown()


def test_fuzz_a_real_server_over_http(server):
    from mtgcombat import web

    rng = random.Random(SEED + 3)
    conn = http.client.HTTPConnection("127.0.0.1", server, timeout=120)
    big = 0
    for _ in range(budget(BUDGETS["http"])):
        r = _mutant(rng)
        q = "show"
        if _parses(r):
            d = json.loads(r)
            q = d.pop("ask", "show")
            r = json.dumps(d)
        q = q if isinstance(q, str) and q in ask.QUESTIONS else "nonsense"
        body = r.encode("utf-8", "surrogatepass")
        try:
            conn.request("POST", f"/api/{q}", body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
        except (BrokenPipeError, ConnectionResetError):
            # A body over the limit is answered 413 unread and the connection closed: a
            # client still sending it may see the close before the answer.
            assert len(body) > web.MAX_BYTES, "the server closed a connection it should answer"
            conn.close()
            big += 1
            continue
        text = resp.read().decode("utf-8")
        assert resp.status in (200, 400, 404, 413), (resp.status, text[:300])
        assert (resp.status == 413) == (len(body) > web.MAX_BYTES), (resp.status, len(body))
        _one_json_line(text)
    conn.close()
