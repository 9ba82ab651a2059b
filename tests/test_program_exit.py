"""The program ends once its answer is written, without tearing the interpreter down
(mtgcombat.main.leave: freeing a big problem's objects took a quarter of a second of a
time limit's slack on a loaded machine, issue 25.6). Nothing written may be lost, and
the exit status is the answer's."""

from __future__ import annotations

import json
import subprocess
import sys

from .conftest import REPO

sys.path.insert(0, str(REPO / "bench"))
from boards import blocks_board, combat  # noqa: E402


def _run(args, tmp_path, data, **kw):
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "mtgcombat", args[0], str(path), *args[1:]],
                          capture_output=True, cwd=REPO, **kw)


def test_a_long_answer_is_written_whole_before_the_program_ends(tmp_path):
    r = _run(["blocks", "--limit", "2500", "--json"], tmp_path, combat(30, lure=0.0))
    assert r.returncode == 0, r.stderr
    answer = json.loads(r.stdout)
    assert len(answer["declarations"]) == 2500 and answer["status"] == "truncated"
    human = _run(["blocks", "--limit", "2500"], tmp_path, combat(30, lure=0.0))
    assert human.returncode == 0 and human.stdout.decode().count("\n") > 2500


def test_the_exit_status_is_the_answers(tmp_path):
    data = blocks_board(5)
    illegal = _run(["check", "--blocks", "b0 -> a0", "--exit-code"], tmp_path, data)
    legal = _run(["check", "--blocks", ", ".join(f"b{i} -> a0" for i in range(5)),
                  "--exit-code"], tmp_path, data)
    assert (illegal.returncode, legal.returncode) == (1, 0)
    assert illegal.stdout.startswith(b"Illegal") and legal.stdout.startswith(b"Legal")


def test_a_reader_that_goes_away_ends_the_program_quietly(tmp_path):
    path = tmp_path / "b.json"
    path.write_text(json.dumps(combat(30, lure=0.0)), encoding="utf-8")
    p = subprocess.Popen([sys.executable, "-m", "mtgcombat", "blocks", str(path), "--limit",
                          "5000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO)
    p.stdout.read(100)
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait() == 0 and b"Traceback" not in err and b"Exception" not in err
