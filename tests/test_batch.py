"""mtgcombat batch: JSON Lines in, answers out in input order, every core by default, and
the same answers from a real Dask distributed cluster started on 127.0.0.1."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .conftest import REPO

BRIGAND = json.loads((REPO / "corpus" / "boards" / "brigand.json").read_text())
WALKER = (REPO / "corpus" / "boards" / "walker-and-battle.mtg").read_text()


def _requests(n: int = 24) -> list[str]:
    out = []
    for i in range(n):
        if i % 6 == 0:
            out.append(json.dumps({"ask": "check", "board": BRIGAND,
                                   "args": ["--attacks", '{"brigand": "Bob"}']}))
        elif i % 6 == 1:
            out.append(json.dumps({"ask": "attacks", "board": BRIGAND}))
        elif i % 6 == 2:
            out.append(json.dumps({"ask": "damage", "board": WALKER}))
        elif i % 6 == 3:
            out.append("{not json")
        elif i % 6 == 4:
            out.append(json.dumps({"ask": "check", "board": BRIGAND,
                                   "args": ["--attacks", "bears -> Bob"]}))
        else:
            out.append(json.dumps({"ask": "blocks", "board": BRIGAND}))  # no attacks: bad input
    return out


def _run(args: list[str], lines: list[str]) -> list[dict]:
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "batch", *args],
                       input="\n".join(lines) + "\n", capture_output=True, text=True,
                       cwd=REPO, timeout=600)
    assert r.returncode == 0, r.stderr
    return [json.loads(x) for x in r.stdout.splitlines()]


def test_batch_answers_each_line_in_input_order_and_a_bad_line_with_an_error():
    lines = _requests(6)
    out = _run(["--jobs", "1"], lines)
    assert len(out) == 6
    assert out[0]["legal"] is True and out[4]["legal"] is False
    assert out[1]["declarations"] == [{"declaration": {"brigand": "Bob"},
                                       "requirements_obeyed": 1, "costs": []}]
    assert out[2]["best"]["Alice"]["destroyed"] == ["Invasion of Tarkir"]
    assert set(out[3]) == {"error"} and "malformed JSON" in out[3]["error"]
    assert set(out[5]) == {"error"} and "no attacks" in out[5]["error"]


def test_batch_answers_are_the_commands_json_answers():
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "check", "-", "--attacks",
                        "bears -> Bob", "--json"], input=json.dumps(BRIGAND),
                       capture_output=True, text=True, cwd=REPO)
    assert _run(["--jobs", "1"], _requests(6))[4] == json.loads(r.stdout)


def test_batch_on_every_core_gives_the_single_process_answers():
    lines = _requests(48)
    assert _run([], lines) == _run(["--jobs", "1"], lines)


_CLUSTER = """
import sys
import distributed
with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                              host="127.0.0.1", dashboard_address=None) as cluster:
    print(cluster.scheduler_address, flush=True)
    sys.stdin.read()  # until the test is done
"""


def test_batch_on_a_local_dask_cluster_gives_the_same_answers():
    import importlib.util

    if importlib.util.find_spec("distributed") is None:
        pytest.skip("Dask distributed is not installed (pip install 'mtgcombat[dask]')")
    lines = _requests(30)
    # The cluster runs in its own process: importing distributed changes how every
    # exception of the importing process pickles (tblib), which the tests must not see.
    cluster = subprocess.Popen([sys.executable, "-c", _CLUSTER], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               cwd=REPO)
    try:
        address = cluster.stdout.readline().strip()
        assert address.startswith("tcp://127.0.0.1:"), address
        got = _run(["--dask", address], lines)
    finally:
        cluster.communicate("", timeout=120)
    assert got == _run(["--jobs", "1"], lines)


def test_batch_refuses_what_a_batch_cannot_ask():
    out = _run(["--jobs", "1"], [json.dumps({"ask": "serve", "board": BRIGAND}),
                                 json.dumps({"ask": "check", "board": 3}),
                                 json.dumps({"ask": "check", "board": BRIGAND, "extra": 1})])
    assert all(set(o) == {"error"} for o in out)
