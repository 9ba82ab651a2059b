"""The peer for the cold-start comparison: phase-python (the phase.rs rules engine's
Python bindings), asked the same question as ``mtgcombat check --blocks`` on the same
board. phase-python is *not* a dependency of mtgcombat: install it in a scratch venv
(``python3 -m venv /tmp/phase-venv && /tmp/phase-venv/bin/pip install
phase-python==0.103.0``) and give that interpreter to ``bench/speed.py --phase``.

How phase answers "is this block declaration legal": it is a game engine, so the board
is set up once as a game (``setup``: every creature of the board is a card whose Oracle
text and keywords are the board's, cast at no cost by its controller on turns 1 and 2;
on turn 3 the board's attackers attack; the game stops at the declare blockers step) and
saved as a game state. ``check`` is then the cold question: load the engine's card data
and that state, apply the ``DeclareBlockers`` action (phase judges 509.1b-c as it
applies it) and print "Legal." or phase's refusal -- one process, as the CLI is.

Run with the phase interpreter::

    python bench/phase_peer.py setup BOARD.json DIR
    python bench/phase_peer.py check DIR 'b0 -> a0, b1 -> a0'
"""

from __future__ import annotations

import json
import sys


def _keywords(text: str) -> list[str]:
    """MTGJSON-style keyword names of a text's keyword-only lines ("Flying",
    "First strike, trample" -> ["First strike", "Trample"], "Toxic 2" -> ["Toxic"])."""
    known = {"flying", "reach", "menace", "trample", "first strike", "double strike",
             "deathtouch", "vigilance", "lifelink", "defender", "haste", "toxic",
             "intimidate", "fear", "shadow", "horsemanship", "skulk", "infect", "wither"}
    out = []
    for line in text.split("\n"):
        items = [i.strip().rstrip(".") for i in line.split(",")]
        names = [" ".join(w for w in i.split() if not w.isdigit()).lower() for i in items]
        if items and all(n in known for n in names):
            out += [n[:1].upper() + n[1:] for n in names]
    return out


def card_data(board: dict) -> dict:
    """phase's card data for the board's creatures (each built from the board's text)."""
    import phase

    cards = {}
    for p in board["permanents"]:
        text = p.get("text", "")
        cards[p["name"].lower()] = phase.build_oracle_face({
            "name": p["name"], "manaCost": "{0}", "manaValue": 0, "types": ["Creature"],
            "subtypes": ["Bear"], "supertypes": [], "text": text, "power": str(p["power"]),
            "toughness": str(p["toughness"]), "layout": "normal", "colors": ["G"],
            "colorIdentity": ["G"], "keywords": _keywords(text), "identifiers": {},
            "legalities": {}}, None)
    return cards


def game_at_blocks(eng, board: dict):
    """A game of ``eng`` at the board's declare blockers step: the board's creatures
    cast on turns 1 and 2, its attackers attacking on turn 3. Returns (game, ids:
    board id -> phase object id)."""
    import phase

    players = [p["name"] for p in board["players"]]
    active = players.index(board["active_player"])
    perms = board["permanents"]
    decks = [[p["name"] for p in perms if p["controller"] == name] for name in players]
    # a library to draw from: the same cards again, never cast
    g = eng.new_game(decks[0] * 4, decks[1] * 4, seed=1, first_player=active)
    st = g.state()
    s = st["state"]
    wanted: dict[int, str] = {}  # phase object id -> board id
    for seat, name in enumerate(players):
        pl = s["players"][seat]
        pool = pl["hand"] + pl["library"]
        hand = []
        for p in perms:
            if p["controller"] != name:
                continue
            oid = next(i for i in pool if s["objects"][str(i)]["name"] == p["name"]
                       and i not in hand)
            hand.append(oid)
            wanted[oid] = p["id"]
        pl["hand"], pl["library"] = hand, [i for i in pool if i not in hand]
        for i in pool:
            s["objects"][str(i)]["zone"] = "Hand" if i in hand else "Library"
    g = eng.load_game(st)
    by_board = {v: k for k, v in wanted.items()}

    def run_until(stop) -> dict:
        for _ in range(10000):
            w = g.waiting_for()
            if stop(w):
                return w
            acts = g.actions()
            pick = (next((a for a in acts if a.kind == "MulliganDecision" and "Keep" in repr(a)),
                         None)
                    or next((a for a in acts if a.kind == "CastSpell"
                             and a.data["object_id"] in wanted), None)
                    or next(a for a in acts if a.kind == "PassPriority"))
            data = w.get("data")
            actor = data["player"] if isinstance(data, dict) and "player" in data \
                else g.priority_player()
            g.apply(actor, pick)
        raise RuntimeError("the game never reached the step")

    w = run_until(lambda w: w["type"] == "DeclareAttackers" and g.turn >= 3)
    attacks = [[by_board[a], {"type": "Player", "data": players.index(d)}]
               for a, d in board["attacks"].items()]
    g.apply(w["data"]["player"], phase.GameAction.from_dict(
        {"type": "DeclareAttackers", "data": {"attacks": attacks, "bands": []}}))
    run_until(lambda w: w["type"] == "DeclareBlockers")
    return g, by_board


def setup(board_path: str, out_dir: str) -> None:
    """The board's card data and its game at the declare blockers step, saved in
    ``out_dir``."""
    import os

    import phase

    board = json.load(open(board_path, encoding="utf-8"))
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "card-data.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(card_data(board), f)
    g, by_board = game_at_blocks(phase.Engine.from_path(path), board)
    with open(os.path.join(out_dir, "state.json"), "w", encoding="utf-8") as f:
        json.dump({"state": g.state(), "ids": by_board,
                   "defender": g.waiting_for()["data"]["player"]}, f)


def _pairs(ids: dict, decl: str) -> list:
    return [[ids[b.strip()], ids[a.strip()]] for part in decl.split(",") if part.strip()
            for b, a in [part.split("->")]]


def _apply(game, defender: int, pairs: list) -> None:
    from phase import GameAction

    try:
        game.apply(defender, GameAction.from_dict(
            {"type": "DeclareBlockers", "data": {"assignments": pairs}}))
    except ValueError as e:
        print(f"Illegal: {e}")
        return
    print("Legal.")


def check_board(dir_: str, board_path: str, decl: str) -> None:
    """The question from the board: the card data prepared (``setup``), the game built
    from the board in this process, then the declaration applied."""
    import os

    from phase import Engine

    eng = Engine.from_path(os.path.join(dir_, "card-data.json"))
    board = json.load(open(board_path, encoding="utf-8"))
    game, ids = game_at_blocks(eng, board)
    _apply(game, game.waiting_for()["data"]["player"], _pairs(ids, decl))


def check(dir_: str, decl: str) -> None:
    import os

    from phase import Engine

    eng = Engine.from_path(os.path.join(dir_, "card-data.json"))
    with open(os.path.join(dir_, "state.json"), encoding="utf-8") as f:
        saved = json.load(f)
    game = eng.load_game(saved["state"])
    _apply(game, saved["defender"], _pairs(saved["ids"], decl))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "setup":
        setup(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "check":
        check(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 5 and sys.argv[1] == "check-board":
        check_board(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit(__doc__)
