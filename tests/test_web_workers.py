"""The web lab's worker function (:func:`mtgcombat.web.workers.answer_request`): a text
answer carries what the command line says on standard error, in the request's language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgcombat.web.workers import answer_request

from .conftest import REPO


@pytest.mark.parametrize("lang, word", [("de", "Warnung: "), ("en", "warning: ")])
def test_the_web_labs_text_answer_carries_the_card_warnings_in_the_requests_lang(
        lang, word, tmp_path: Path, monkeypatch):
    cards = tmp_path / "cards.json"  # a path of its own: the worker opens each path once
    cards.write_bytes((REPO / "examples" / "cards.json").read_bytes())
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("MTGCOMBAT_CACHE", str(blocker / "cache"))  # can't be written
    board = (REPO / "examples" / "by-name.mtg").read_text()
    body = json.dumps({"board": board, "args": ["--lang", lang]}).encode()
    status, text = answer_request("text", "show", body, str(cards), 5.0)
    assert status == 200, text
    warnings = json.loads(text)["warnings"]
    notes = [w for w in warnings if "MTGCOMBAT_CACHE" in w]
    assert len(notes) == 1 and notes[0].startswith(word), warnings
    status, text = answer_request("json", "show", body, str(cards), 5.0)
    assert status == 200 and "MTGCOMBAT_CACHE" not in text  # the --json answer is unchanged
