"""One declaration, one verdict, at the doors (issue 25.2): for every corpus board that
declares attacks, the board's own declarations and the same declarations given as a
request's options (``--attacks``, ``--blocks``: what ``batch`` and the web lab take, parsed
by the same option grammar as the command line) get the same answer from every question that
takes a declaration -- ``combat`` (its JSON and its words), ``draw`` (the picture) and
``explain --about combat`` (the story). tests/test_trust_two.py compares the typed answers of
``combat``, ``damage``, ``turn``, ``draw`` and ``best-blocks`` on the same boards.

What a board without ``blocks`` means differs by question, as docs/combat.md says: for
``combat`` it declares that no creature blocks (the flag ``--blocks '{}'``); for ``draw`` the
blockers are not declared yet (no flag)."""
from __future__ import annotations

import json

import pytest

from mtgcombat.ask import ask_request

from .test_trust_two import _corpus_boards


def _decls(b) -> tuple[str, str | None]:
    attacks = json.dumps(dict(b.attacks))
    blocks = None if b.blocks is None else json.dumps({k: list(v) for k, v in b.blocks.items()})
    return attacks, blocks


def _ask(question: str, data: dict, args: list[str]) -> tuple[dict, str]:
    reply = ask_request({"ask": question, "board": data, "args": args + ["--time-limit", "20"]})
    return reply.json(), reply.text()


@pytest.fixture(scope="module")
def boards():
    out = [(name, b) for name, b in _corpus_boards() if b.damage_order is None]
    assert len(out) > 300
    return out


def test_corpus_combat_and_draw_answer_a_boards_declarations_as_the_same_options(boards):
    illegal = 0
    for name, b in boards:
        own = b.to_data()
        bare = b.evolve(attacks=None, blocks=None).to_data()
        attacks, blocks = _decls(b)
        jo, to = _ask("combat", own, [])
        jf, tf = _ask("combat", bare, ["--attacks", attacks, "--blocks", blocks or "{}"])
        if jo["status"] != "complete":  # no result: the board asked is shown as it was
            illegal += jo["status"] == "illegal"
            jo["after"].pop("board"), jf["after"].pop("board")
        assert jo == jf, (name, [k for k in jo if jo[k] != jf.get(k)])
        assert to == tf, name
        flags = ["--attacks", attacks] + ([] if blocks is None else ["--blocks", blocks])
        assert _ask("draw", own, []) == _ask("draw", bare, flags), name
    assert illegal >= 5


def test_corpus_explain_combat_tells_a_boards_blocks_as_the_same_option(boards):
    told = 0
    for name, b in boards:
        attacks, blocks = _decls(b)
        if blocks is None:
            continue
        own = b.to_data()
        attacks_only = b.evolve(blocks=None).to_data()
        jo, to = _ask("explain", own, ["--about", "combat"])
        jf, tf = _ask("explain", attacks_only, ["--about", "combat", "--blocks", blocks])
        if jo["answer"]["status"] != "complete":
            jo["answer"]["after"].pop("board"), jf["answer"]["after"].pop("board")
        assert (jo, to) == (jf, tf), name
        told += 1
    assert told > 100


def test_603_3d_blocks_json_on_the_command_line_lists_after_the_attack_trigger(capsys, tmp_path):
    """The streamed ``--json`` listing of the command line is judged on the board as
    blockers are declared -- after the attack trigger tapped the Elf (508.3, 603.3d) --
    exactly as the listing of a request (one question, one answer at every door)."""
    from mtgcombat.cli import main

    from .conftest import REPO

    text = (REPO / "corpus" / "cases" / "cho-01.case").read_text(encoding="utf-8")
    board = text.split("\n---\n", 1)[1]
    path = tmp_path / "tapper.mtg"
    path.write_text(board, encoding="utf-8")
    assert main(["blocks", str(path), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    asked = ask_request({"ask": "blocks", "board": board, "args": []}).json()
    assert listed == asked
    assert [d["declaration"] for d in listed["declarations"]] == [{}, {"wall": ["goblin"]}]
