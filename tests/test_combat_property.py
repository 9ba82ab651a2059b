"""The whole combat on random small boards (hypothesis): ``after.board`` is a valid board of
the format that can be asked again, and it agrees with the rest of the answer -- life,
poison, what was destroyed (704.5), who lost (104.3), the end of combat (511.3)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgcombat import Board
from mtgcombat.text import Writer

from . import boards_small

SETTINGS = dict(deadline=None, derandomize=True)


def _combat(seed: int):
    data = boards_small.board(seed, declared=True)
    board = Board.from_data(data)
    rng = random.Random(seed)
    blocks = None
    legal = list(board.legal_blocks()) if hasattr(board, "legal_blocks") else []
    if legal:
        blocks = rng.choice(legal)  # any legal block declaration, not only the best
    answer = board.combat(blocks=blocks)
    return board, answer, answer.to_json(Writer.for_board(answer.board, "en"))


@settings(max_examples=120, **SETTINGS)
@given(st.integers(0, 10**6))
def test_combat_after_board_round_trips_through_json_and_the_scenario_language(seed):
    _, answer, data = _combat(seed)
    assert answer.status == "complete", data
    after = data["after"]["board"]
    again = Board.from_data(json.loads(json.dumps(after)))
    assert again.to_data() == after
    assert Board.parse(again.scenario(), "<after>").to_data() == after
    # it can be asked again: the next combat's attacks are a question on it (511.3: nothing
    # is declared any more)
    assert "attacks" not in after and "blocks" not in after
    again.list_declarations("attacks", limit=5)


@settings(max_examples=120, **SETTINGS)
@given(st.integers(0, 10**6))
def test_combat_after_agrees_with_its_board(seed):
    board, answer, data = _combat(seed)
    after, out = data["after"]["board"], data["after"]
    players = {p["name"]: p for p in after["players"]}
    assert out["life"] == {n: p.get("life", 20) for n, p in players.items()}
    perms = after.get("permanents", [])
    ids = {p.get("id", p["name"]) for p in perms}
    destroyed = set(out["destroyed"])
    assert not destroyed & ids  # destroyed permanents are gone (704.5g, h, f)
    assert {p.id for p in board.permanents} == ids | destroyed
    # every destruction came from a step (or before damage) and names its 704.5 rule
    by = dict(data["before_damage"]["destroyed_by"])
    for s in data["steps"]:
        by.update(s["destroyed_by"])
    assert set(by) == destroyed and all(r.startswith("704.5") for r in by.values())
    # survivors: damage marked below their toughness (or they'd be destroyed, 704.5g)
    for p in perms:
        if p.get("toughness") is not None and "Indestructible" not in (p.get("text") or ""):
            assert p.get("damage", 0) < p["toughness"], p
    # a player at 0 life or less has lost (704.5a), and only then (no poison here)
    lost = set(out["lost"])
    assert lost == {n for n, life in out["life"].items() if life <= 0}
    # damage dealt adds up: each player's life went down by the combat damage dealt to them,
    # up by lifelink (120.3a, 702.15b)
    for name, p in players.items():
        before = board.player(name).life
        dealt = sum(d["amount"] for s in data["steps"] for d in s["dealt"] if d["to"] == name)
        gained = sum(d["amount"] for s in data["steps"] for d in s["dealt"]
                     if board.permanent(d["source"]).controller == name
                     and "Lifelink" in (board.permanent(d["source"]).text or ""))
        assert out["life"][name] == before - dealt + gained, (name, data["steps"])
