"""Triggered abilities and combat tricks on random small boards (hypothesis, issue 26): a
board with triggers, resolved by ``combat``, round-trips through JSON and the scenario
language (its choices and tricks included) and its ``after.board`` -- tokens, the effects the
triggers left -- is a valid board that can be asked again; the stack's log agrees with
the answer (every death listed once, in the step it happened in)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgcombat import Board
from mtgcombat.rules.stack import ChoiceNeeded
from mtgcombat.text import Writer

from . import boards_small

SETTINGS = dict(deadline=None, derandomize=True)

#: Triggered abilities of real cards, as their Oracle text says them ({n}: the card's name).
TRIGGERS = (
    "Whenever {n} attacks, it gets +1/+0 until end of turn.",
    "Whenever {n} blocks, it gets +0/+2 until end of turn.",
    "Whenever {n} becomes blocked, it gets +2/+2 until end of turn.",
    "Whenever {n} attacks, create a 1/1 red Goblin creature token that's tapped and attacking.",
    "Whenever {n} deals combat damage to a player, you gain 2 life.",
    "When {n} dies, each opponent loses 1 life.",
    "Whenever {n} attacks, target creature an opponent controls can't block this turn.",
    "Whenever {n} blocks or becomes blocked by a creature, {n} deals 1 damage to that creature.",
    "Whenever {n} attacks, tap target creature an opponent controls.",
    "At the beginning of combat on your turn, put a +1/+1 counter on target creature you "
    "control.",
    "Whenever {n} attacks or blocks, sacrifice it at end of combat.",
    "Whenever {n} attacks and isn't blocked, defending player loses 1 life.",
    "Whenever {n} becomes blocked, each creature blocking it gets -1/-1 until end of turn.",
    "Whenever a creature you control attacks, it gains flying until end of turn.",
    "Whenever you gain life, each opponent loses 1 life.",
    # 702.79a, 702.93a: the creature returns as a new object (400.7)
    "Persist",
    "Undying",
    # 506.4: in combat with it (as it last existed, 608.2h)
    "Whenever {n} becomes blocked, it deals 1 damage to target creature blocking it.",
    "When {n} dies, destroy all creatures blocking or blocked by it.",
    # 608.2h: counted as it resolves; 603.4 on the attackers' power
    "Whenever {n} attacks, it gets +X/+0 until end of turn, where X is the number of "
    "attacking creatures you control.",
    "Pack tactics \u2014 Whenever {n} attacks, if you attacked with creatures with total "
    "power 6 or greater this combat, put a +1/+1 counter on {n}.",
    "When {n} dies, return it to the battlefield tapped under its owner's control.",
)
TRICKS = (
    ("declare blockers", "Target creature gets +2/+2 until end of turn."),
    ("declare blockers", "Destroy target creature."),
    ("declare attackers", "Target creature gains first strike until end of turn."),
    ("combat damage", "Target creature gets +1/+1 until end of turn."),
)


def _board(seed: int) -> dict:
    rng = random.Random(seed)
    data = boards_small.board(seed, declared=True)
    for p in data["permanents"]:
        if rng.random() < 0.5:
            line = rng.choice(TRIGGERS).format(n=p["name"])
            p["text"] = (p.get("text", "") + "\n" + line).strip("\n")
    data["permanents"] = [p for p in data["permanents"] if "Lifelink" not in p.get("text", "")
                          or True]
    if rng.random() < 0.4:
        step, text = rng.choice(TRICKS)
        target = rng.choice(data["permanents"])["id"]
        data["effects"] = [{"text": text, "controller": rng.choice(["Alice", "Bob"]),
                            "targets": [target], "step": step}]
        if rng.random() < 0.3:
            data["stack"] = True
    return data


def _with_choices(data: dict, run) -> tuple[dict, object]:
    """``run(board)`` with the choices it asks for made (the first legal option each time)."""
    for _ in range(12):
        board = Board.from_data(json.loads(json.dumps(data)))
        try:
            return data, run(board)
        except ChoiceNeeded as e:
            r = e.request
            choice = {"source": r.source, "ability": r.ability, "instance": r.instance}
            value = r.options[0]
            choice[r.what] = [value] if r.what == "targets" else value
            data = dict(data, choices=list(data.get("choices", [])) + [choice])
    raise AssertionError("too many choices")


@settings(max_examples=80, **SETTINGS)
@given(st.integers(0, 10**6))
def test_a_board_with_triggers_round_trips_and_its_after_board_can_be_asked_again(seed):
    data, answer = _with_choices(_board(seed), lambda b: b.combat())
    board = Board.from_data(data)
    # the board itself: JSON and the scenario language, choices and tricks included
    assert Board.from_data(json.loads(board.to_json())) == board
    assert Board.parse(board.scenario(), "<board>") == board
    out = answer.to_json(Writer.for_board(answer.board, "en"))
    assert answer.status in ("complete", "illegal"), out["violations"]
    if answer.status != "complete":
        return
    after = out["after"]["board"]
    again = Board.from_data(json.loads(json.dumps(after)))
    assert again.to_data() == after
    assert Board.parse(again.scenario(), "<after>").to_data() == after
    assert "attacks" not in after and "blocks" not in after and "choices" not in after
    assert all("step" not in e for e in after.get("effects", []))
    # asked again (another combat: its own choices, if its abilities need them)
    _with_choices(after, lambda b: b.list_declarations("attacks", limit=5))
    # every permanent destroyed is listed once, and is gone
    ids = {p.get("id", p["name"]) for p in after.get("permanents", [])}
    destroyed = out["after"]["destroyed"]
    assert len(destroyed) == len(set(destroyed))
    # (one that returned to the battlefield is a new object with an id of its own, 400.7)
    assert not set(destroyed) & ids
    # tokens are on the board after combat unless they died, with stable ids
    made = [o["objects"][0] for s in out["stack"] for r in s["resolved"]
            for o in r["outcome"] if o["code"] == "stack.token"]
    assert all(t in ids or t in destroyed for t in made)
    # the German words exist for every step (no template missing)
    answer.to_json(Writer.for_board(answer.board, "de"))


@settings(max_examples=40, **SETTINGS)
@given(st.integers(0, 10**6))
def test_combat_is_deterministic_on_a_board_with_triggers(seed):
    data, first = _with_choices(_board(seed), lambda b: b.combat())
    second = Board.from_data(data).combat()
    w = Writer.for_board(first.board, "en")
    assert first.to_json(w) == second.to_json(w)
