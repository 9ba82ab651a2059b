"""An exhaustive reference for best-blocks and best-attacks through the project's own
combat model, with no pruning at all (issue 23): every legal declaration (the brute-force
listing), every damage assignment order (2024, 509.2-509.3), in every combat damage step
every division of every source's damage that :func:`mtgcombat.rules.damage.evaluate`
finds legal for its player, in the order the players assign (510.1), each step dealt by
:func:`mtgcombat.questions.combat.deal_damage` (state-based actions and all) and the next
step found by :func:`~mtgcombat.questions.combat.next_stage`. Nothing merged, memoised or
cut off; the objective is :mod:`mtgcombat.questions.best`'s.

Where ``tests/reference_minimax.py`` (written from the rules, sharing no code) guards the
combat model, this one isolates the search: its lines are scored by the same model, so a
disagreement with best-blocks or best-attacks is a line the search did not look at (or
valued as something it is not). Small boards only.
"""

from __future__ import annotations

from itertools import permutations, product
from typing import Any, Optional

from mtgcombat.questions.best import Sides, value_fn
from mtgcombat.questions.combat import (
    BeforeDamage, deal_damage, declare, first_stage, game_over, next_stage, step_board,
)
from mtgcombat.questions.declarations import iter_declarations
from mtgcombat.questions.game import gone_between
from mtgcombat.rules.damage import damage_step, evaluate
from mtgcombat.solver.base import Deadline
from mtgcombat.solver.damage import divisions


def _copy(pre: BeforeDamage) -> BeforeDamage:
    from mtgcombat.rules.results import StateBased

    return BeforeDamage(list(pre.triggers), StateBased(dict(pre.sba.gone),
                                                       list(pre.sba.defeated),
                                                       dict(pre.sba.lost)))


class Reference:
    def __init__(self, start: Any, decider: frozenset, objective: str, sides: Sides) -> None:
        self.start = start
        self.decider = decider
        self.value = value_fn(objective, sides)
        self.leaves = 0

    def end(self, board: Any, lost: list) -> tuple:
        self.leaves += 1
        return self.value(self.start, gone_between(self.start, board),
                          {p.name: p.life for p in board.players}, sorted(set(lost)))

    def pick(self, player: str, values: list) -> tuple:
        return max(values) if player in self.decider else min(values)

    def combat(self, board: Any, lost: list) -> tuple:
        """The value of a combat whose declarations are made (their triggers resolved)."""
        if game_over(board, lost):
            return self.end(board, lost)
        # 2024: damage assignment orders (509.2 the attacking player's, 509.3 the
        # defending players'), when a combat damage step will happen.
        choosers = []
        if board.edition.has_order and first_stage(board, lost) is not None:
            blocks = board.blocks or {}
            blockers_of: dict[str, list[str]] = {}
            for b, atts in blocks.items():
                for a in atts:
                    blockers_of.setdefault(a, []).append(b)
            for a, bs in sorted(blockers_of.items()):
                if len(bs) >= 2 and a not in (board.damage_order or {}):
                    choosers.append((board.permanent(a).controller, a, tuple(sorted(bs))))
            for b, atts in sorted(blocks.items()):
                if len(atts) >= 2 and b not in (board.damage_order or {}):
                    choosers.append((board.permanent(b).controller, b, tuple(sorted(atts))))
            names = list(board.player_names)
            i = names.index(board.active_player)
            turn = names[i:] + names[:i]
            choosers.sort(key=lambda c: turn.index(c[0]))

        def orders(i: int, chosen: dict) -> tuple:
            if i == len(choosers):
                b = board
                if chosen:
                    b = board.derive(damage_order={**(board.damage_order or {}), **chosen})
                return self.steps(b, first_stage(b, lost), None, list(lost))
            player, creature, items = choosers[i]
            return self.pick(player, [orders(i + 1, {**chosen, creature: p})
                                      for p in permutations(items)])

        return orders(0, {})

    def steps(self, board: Any, stage: Optional[str], had: Optional[tuple], lost: list
              ) -> tuple:
        if stage is None:
            return self.end(board, lost)
        sb, had2 = step_board(board, stage, had)
        step = damage_step(sb, sb.bound, sb.blocked or (), sb.first_strikers,
                           sb.target_left or ())
        players = list(step.players)

        def assign(i: int, whole: dict) -> tuple:
            if i == len(players):
                after, _, _, res = deal_damage(sb, whole, lost)
                lost2 = sorted(set(lost) | set(res.lost))
                return self.steps(after, next_stage(after, stage, lost2), had2, lost2)
            p = players[i]
            srcs = step.sources_of(p)
            values = []
            for combo in product(*[list(divisions(s.power, s.all_recipients)) for s in srcs]):
                w = {**whole, **{s.id: d for s, d in zip(srcs, combo)}}
                if evaluate(step, w, [p]):
                    continue
                values.append(assign(i + 1, w))
            assert values, f"no legal assignment for {p}"
            return self.pick(p, values)

        return assign(0, {})


def best_blocks(board: Any, objective: str = "standard") -> tuple[tuple, list[dict]]:
    """(the best value, every block declaration that has it) -- the board's attacks."""
    start = board.evolve(blocks=None, damage_order=None, damage_step=None, blocked=None,
                         first_strikers=None)
    sides = Sides(frozenset(start.defenders),
                  frozenset(p for p in start.player_names if p not in start.defenders))
    ref = Reference(start, sides.decider, objective, sides)
    pre0, lost0 = BeforeDamage(), []
    base = declare(start, dict(start.attacks), None, pre0, lost0)
    scored = []
    for listed in iter_declarations(base, "blocks", "brute", Deadline(None)):
        decl = {k: list(v) for k, v in listed.declaration.items()}
        lost = list(lost0)
        b = declare(base, None, decl, _copy(pre0), lost)
        scored.append((ref.combat(b, lost), decl))
    best = max(v for v, _ in scored)
    return best, [d for v, d in scored if v == best]


def value_of_blocks(board: Any, blocks: dict, objective: str = "standard") -> tuple:
    start = board.evolve(blocks=None, damage_order=None, damage_step=None, blocked=None,
                         first_strikers=None)
    sides = Sides(frozenset(start.defenders),
                  frozenset(p for p in start.player_names if p not in start.defenders))
    ref = Reference(start, sides.decider, objective, sides)
    pre, lost = BeforeDamage(), []
    base = declare(start, dict(start.attacks), None, pre, lost)
    b = declare(base, None, blocks, pre, lost)
    return ref.combat(b, lost)


def _attack_value(ref: Reference, start: Any, decl: dict) -> tuple:
    pre, lost0 = BeforeDamage(), []
    bA = declare(start, decl, None, pre, lost0)
    if not bA.attacks or game_over(bA, lost0):
        return ref.combat(bA.derive(blocks={}), lost0)
    values = []
    for listed in iter_declarations(bA, "blocks", "brute", Deadline(None)):
        blocks = {k: list(v) for k, v in listed.declaration.items()}
        lost = list(lost0)
        b = declare(bA, None, blocks, _copy(pre), lost)
        values.append(ref.combat(b, lost))
    return min(values)


def best_attacks(board: Any, objective: str = "standard") -> tuple[tuple, list[dict]]:
    """(the best value, every attack declaration that has it)."""
    start = board.evolve(attacks=None, blocks=None, damage_order=None, damage_step=None,
                         blocked=None, first_strikers=None, target_left=None, bands=())
    sides = Sides(frozenset(start.attacking_players), frozenset(start.defenders))
    ref = Reference(start, sides.decider, objective, sides)
    scored = []
    for listed in iter_declarations(start, "attacks", "brute", Deadline(None)):
        decl = dict(listed.declaration)
        scored.append((_attack_value(ref, start, decl), decl))
    best = max(v for v, _ in scored)
    return best, [d for v, d in scored if v == best]


def value_of_attacks(board: Any, attacks: dict, objective: str = "standard") -> tuple:
    start = board.evolve(attacks=None, blocks=None, damage_order=None, damage_step=None,
                         blocked=None, first_strikers=None, target_left=None, bands=())
    sides = Sides(frozenset(start.attacking_players), frozenset(start.defenders))
    ref = Reference(start, sides.decider, objective, sides)
    return _attack_value(ref, start, dict(attacks))
