"""``explain --about combat`` tells the declarations as they were made: a token put onto
the battlefield attacking by a trigger was never declared as an attacker (508.4) -- the
stack's lines tell how it came -- so it is not under "Attackers declared (508.1)"."""

from __future__ import annotations

from mtgcombat import ask
from mtgcombat.board import Board

HERO = """players Alice, Bob
active Alice

Alice:
  hero: Hero of Bladehold 3/4 "Whenever Hero of Bladehold attacks, create two 1/1 white Soldier creature tokens that are tapped and attacking."

Bob:
  wall: Wall of Wood 0/3 "Defender"

attack hero -> Bob
"""


def _story(lang: str) -> str:
    board = Board.parse(HERO, "<test>")
    return ask.answer(board, ask.parse("explain", ["<test>", "--about", "combat",
                                                   "--lang", lang])).text()


def test_tokens_put_onto_the_battlefield_attacking_were_not_declared_508_4():
    text = _story("en")
    declared = next(line for line in text.splitlines() if line.startswith("Attackers declared"))
    assert "Hero of Bladehold attacks Bob" in declared
    assert "token" not in declared
    assert "is created, attacking Bob (701.7a, 508.4)" in text


def test_tokens_put_onto_the_battlefield_attacking_were_not_declared_in_german_508_4():
    text = _story("de")
    first = text.splitlines()[1]
    assert "Hero of Bladehold" in first and "token" not in first
