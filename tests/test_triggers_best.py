"""best-blocks and best-attacks stay exact with triggered abilities (issue 26, Done when):
the search (questions.game, which plays each combat damage step's triggers and end of
combat on its own line of play) is compared with an exhaustive reference on small seeded
random boards with triggers -- every legal declaration played out by ``combat`` (the
combat's own pipeline, 507-511), the objective computed here from the rules' words
(spec Extension 2's standard objective).

The boards keep combat damage free of choices, so that a declaration's combat is one
line: each attacker "can't be blocked by more than one creature" (509.1b), no trample,
no first strike -- every creature deals all its damage to the one creature it fights or
to the player (510.1a). What varies is which triggers there are: on attacking (508.3a),
blocking and being blocked (509.3), combat damage to a player or creature and being dealt
damage (510.3a), dying (700.4, 603.10a), gaining life through lifelink (119.10), decayed's
sacrifice at end of combat (702.147a), "at end of combat" (511.2)."""

from __future__ import annotations

import random

import pytest

from mtgcombat import Board
from mtgcombat.questions.best import best_attacks, best_blocks

#: Texts an attacker may have (its name is "A<n>").
ATTACKER_TEXTS = (
    "",
    "Whenever {n} attacks, it gets +1/+0 until end of turn.",
    "Whenever {n} becomes blocked, it gets +1/+1 until end of turn.",
    "Whenever {n} deals combat damage to a player, you gain 2 life.",
    "Whenever {n} deals combat damage to a creature, you gain 1 life.",
    "When {n} dies, each opponent loses 2 life.",
    "Lifelink",
    "Decayed",
    "Whenever {n} is dealt damage, you gain that much life.",
    "Persist",
    "Whenever {n} becomes blocked, it deals 1 damage to target creature blocking it.",
    "Whenever {n} attacks, it gets +X/+0 until end of turn, where X is the number of "
    "attacking creatures you control.",
)
#: Texts a creature of the defending player may have.
BLOCKER_TEXTS = (
    "",
    "Whenever {n} blocks, it gets +0/+2 until end of turn.",
    "When {n} dies, each opponent loses 1 life.",
    "Lifelink",
    "Whenever {n} deals combat damage to a creature, you gain 2 life.",
    "At end of combat, you gain 1 life.",
    "Undying",
    "When {n} dies, destroy all creatures blocking or blocked by it.",
)
#: A permanent of either player's that only listens.
WATCHERS = (
    "Whenever you gain life, each opponent loses 1 life.",
    "Whenever another creature you control dies, you gain 2 life.",
    "Whenever one or more creatures you control attack, they get +1/+0 until end of turn.",
)


def random_board(seed: int, attacks: bool) -> str:
    rnd = random.Random(seed)
    lines = ["players Alice (life %d), Bob (life %d)" % (rnd.choice((20, 6, 4)),
                                                         rnd.choice((20, 5, 3))),
             "active Alice", "Alice:"]
    na, nb = rnd.randint(1, 2), rnd.randint(1, 2)
    for i in range(na):
        name = f"A{i}"
        texts = ['"%s can\'t be blocked by more than one creature."' % name]
        t = rnd.choice(ATTACKER_TEXTS).format(n=name)
        if t:
            texts.append('"%s"' % t)
        lines.append(f"  a{i}: {name} {rnd.randint(1, 4)}/{rnd.randint(1, 4)} " + " ".join(texts))
    if rnd.random() < 0.4:
        lines.append('  wa: Watcher 0/0 [Enchantment] "%s"' % rnd.choice(WATCHERS))
    lines.append("Bob:")
    for i in range(nb):
        name = f"B{i}"
        t = rnd.choice(BLOCKER_TEXTS).format(n=name)
        lines.append(f"  b{i}: {name} {rnd.randint(1, 4)}/{rnd.randint(1, 4)}"
                     + (' "%s"' % t if t else ""))
    if rnd.random() < 0.4:
        lines.append('  wb: Watcher 0/0 [Enchantment] "%s"' % rnd.choice(WATCHERS[:2]))
    if not attacks:
        lines += [f"attack a{i} -> Bob" for i in range(na)]
    return "\n".join(lines) + "\n"


def standard(start: Board, answer, decider: str) -> tuple[int, int, int]:
    """(L, C, H) for ``decider`` (spec Extension 2): L +1 if the opponent lost, -1 if the
    decider lost; C opposing creatures destroyed minus own; H life lost by the opponent
    minus life lost by the decider."""
    other = "Bob" if decider == "Alice" else "Alice"
    after = answer.after_board
    lost = set(answer.lost)
    L = (1 if other in lost else 0) - (1 if decider in lost else 0)
    gone = [p for p in start.permanents if p.is_creature and not after.has_object(p.id)]
    C = sum(1 for p in gone if p.controller == other) - \
        sum(1 for p in gone if p.controller == decider)

    def lost_life(who: str) -> int:
        return start.player(who).life - after.player(who).life

    return (L, C, lost_life(other) - lost_life(decider))


def legal(board: Board, kind: str) -> list[dict]:
    listing = board.list_declarations(kind, limit=None)
    assert listing.status == "complete"
    return [dict(x.declaration) for x in listing.declarations]


def reference_blocks(board: Board) -> tuple[int, int, int]:
    return max(standard(board, board.combat(blocks=d), "Bob") for d in legal(board, "blocks"))


def reference_attacks(board: Board) -> tuple[int, int, int]:
    best = None
    for att in legal(board, "attacks"):
        if not att:  # 508.8: no combat damage; the end of combat still comes (511)
            v = standard(board, board.combat(attacks=att, blocks={}), "Alice")
        else:
            b = board.evolve(attacks=att)
            v = min(standard(board, board.combat(attacks=att, blocks=d), "Alice")
                    for d in legal(b, "blocks"))
        best = v if best is None or v > best else best
    assert best is not None
    return best


SEEDS = range(24)


@pytest.mark.parametrize("seed", SEEDS)
def test_best_blocks_with_triggers_equals_the_exhaustive_reference(seed):
    board = Board.parse(random_board(seed, attacks=False), f"<seed {seed}>")
    ans = best_blocks(board)
    assert ans.status == "optimal"
    assert tuple(ans.value) == reference_blocks(board), random_board(seed, False)


@pytest.mark.parametrize("seed", SEEDS)
def test_best_attacks_with_triggers_equals_the_exhaustive_reference(seed):
    board = Board.parse(random_board(seed, attacks=True), f"<seed {seed}>")
    ans = best_attacks(board)
    assert ans.status == "optimal"
    assert tuple(ans.value) == reference_attacks(board), random_board(seed, True)


def test_the_random_boards_have_triggers_that_act():
    """The comparison is about triggers: most boards have some that resolve."""
    acting = 0
    for seed in SEEDS:
        board = Board.parse(random_board(seed, attacks=False), f"<seed {seed}>")
        assert not any(r.not_understood for r in board.readings.values())
        if any(log.resolved for log in board.combat(blocks={}).stack_log):
            acting += 1
    assert acting >= len(SEEDS) // 2
