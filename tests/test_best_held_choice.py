"""A choice the decision searches hold the same for every declaration (spec Extension 3):
an answer found that way is ``feasible`` and says which choice was held, not "before the
time limit"; when every option of the choice is illegal after some declaration the answer
is ``unknown`` with its bound, never bad input (targets are chosen as the ability is put on
the stack, 603.3d)."""

from mtgcombat import ask
from mtgcombat.options import Door

GOBLIN = "When Shambling Goblin dies, target creature an opponent controls gets -1/-1 until end of turn."


def _board(alice, attacks, slingshot=True):
    perms = [dict(p, controller="Alice") for p in alice]
    perms.append({"id": "b1", "name": "Shambling Goblin", "controller": "Bob", "power": 1,
                  "toughness": 1, "text": GOBLIN})
    if slingshot:
        perms.append({"id": "b2", "name": "Slingshot Goblin", "controller": "Bob",
                      "power": 2, "toughness": 2})
    return ask.board_from_request({
        "players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
        "permanents": perms, "attacks": attacks})


def _ask(board, lang="en"):
    return ask.answer(board, ask.parse("best-blocks", ["--lang", lang], Door.REQUEST))


def test_a_searched_choice_illegal_after_every_option_somewhere_is_unknown_with_a_bound_603_3d():
    # a1 dies when both goblins block it, a2 (a replacement puts it into the library)
    # leaves when they block a2: each target of the dies trigger is illegal in some line.
    board = _board([
        {"id": "a1", "name": "Flint Golem", "power": 2, "toughness": 3},
        {"id": "a2", "name": "Nissa's Chosen", "power": 2, "toughness": 3,
         "text": "If Nissa's Chosen would die, put it on the bottom of its owner's library "
                 "instead."}], {"a1": "Bob", "a2": "Bob"})
    for lang in ("en", "de"):
        out = _ask(board, lang).json()
        assert out["status"] == "unknown"
        assert out["value"] is None and out["blocks"] is None
        assert out["bound"] is not None
        assert "Shambling Goblin" in out["explanation"][0]
        assert "603.3d" in out["explanation"][0]


def test_a_choice_made_after_the_reply_makes_the_answer_feasible_and_says_it_was_held():
    board = _board([{"id": "a1", "name": "Grizzly Bears", "power": 2, "toughness": 2},
                    {"id": "a2", "name": "Hill Giant", "power": 3, "toughness": 3}],
                   {"a1": "Bob", "a2": "Bob"}, slingshot=False)
    out = _ask(board).json()
    assert out["status"] == "feasible"
    first = out["explanation"][0]
    assert "held the same for every declaration" in first
    assert "Shambling Goblin, ability 1" in first
    assert "time limit" not in first
    de = _ask(board, "de").json()["explanation"][0]
    assert "für jede Deklaration gleich" in de and "Zeitlimit" not in de
