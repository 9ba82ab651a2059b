"""Why a choice is not even an option of a declaration: who may attack or block and
what may be attacked or blocked, before any restriction (506.2-506.3, 508.1a-b,
509.1a, 802, 805.10, 310). The answers are reasons; the text layer words them."""

from __future__ import annotations

from typing import Optional

from .model import Board
from .reasons import Reason, reason


def why_not_option(board: Board, kind: str, creature: str,
                   choice: Optional[str] = None) -> Reason:
    """Why ``creature`` can't attack / block at all (``choice`` None), or can't attack /
    block ``choice``."""
    if creature in board.player_names:
        return reason("option.player", "506.3", (creature,), kind=kind, who=creature)
    perm = board.permanent(creature)
    if choice is None:
        if not perm.is_creature:
            return reason("option.not_creature", "506.3", (creature,), kind=kind,
                          creature=creature)
        if kind == "attacks":
            if len(board.attacking_players) > 1:
                # 805.10a: a team attacks together in a shared team turn.
                return reason("option.not_attacking_team", "508.1a", (creature,),
                              creature=creature, controller=perm.controller,
                              team=board.attacking_players)
            return reason("option.not_attacking_player", "508.1a", (creature,),
                          creature=creature, controller=perm.controller,
                          active=board.active_player)
        if board.attacks is not None and creature in board.attacks:
            return reason("option.is_attacking", "509.1a", (creature,), creature=creature)
        return reason("option.not_defending", "509.1a", (creature,), creature=creature,
                      controller=perm.controller, defenders=tuple(board.defenders))
    if kind == "attacks":
        return _not_attackable(board, creature, choice)
    assert board.attacks is not None
    if choice in board.player_names or choice not in board.attacks:
        return reason("option.not_attacking", "509.1a", (choice,), choice=choice)
    target = board.attacks[choice]
    dp = board.defending_player_of(target)
    me = perm.controller
    if target not in board.player_names and board.permanent(target).is_battle:
        # 310.9c (the edition's number), 802.4a: only the protector blocks for a battle.
        return reason("option.battle_protector_blocks", board.edition.battle_block,
                      (choice, target), choice=choice, target=target, protector=dp,
                      rules=(board.edition.battle_block, "802.4a"))
    return reason("option.other_player", "802.4a", (choice, target), choice=choice,
                  target=target, player=me)


def _not_attackable(board: Board, creature: str, target: str) -> Reason:
    perm = board.permanent(creature)
    defenders = tuple(board.defenders)
    if target in board.player_names:
        if target in board.attacking_players:
            return reason("option.target_attacking", "508.1b", (target,), target=target,
                          team=len(board.attacking_players) > 1)
        return reason("option.target_not_defending", "508.1b", (target,), target=target,
                      defenders=defenders)
    t = board.permanent(target)
    rule = board.edition.battle_attack  # 310.9b in the current edition
    if t.is_battle:
        if t.protector == perm.controller:
            return reason("option.own_battle", rule, (target,), target=target,
                          player=perm.controller, rules=(rule,))
        return reason("option.battle_not_defended", rule, (target,), target=target,
                      protector=t.protector or t.controller, defenders=defenders,
                      rules=(rule, "506.2"))
    if t.is_planeswalker:
        return reason("option.walker_not_defended", "508.1b", (target,), target=target,
                      controller=t.controller, defenders=defenders)
    return reason("option.not_attackable", "506.3", (target,), target=target)
