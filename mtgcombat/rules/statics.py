"""What static effects of real cards change in a combat's damage and its results, as
questions on a bound board (the rule objects are in
:mod:`mtgcombat.rules.combat_abilities`): who can't get poison counters (122.1f), which
creatures can't have -1/-1 counters put on them (122.1), how much damage is lethal to a
creature (120.6, 704.5g). No words; no solver."""

from __future__ import annotations

from typing import Collection

from .bind import Bound
from .combat_abilities import CantGetPoison, CantLoseGame, LethalByPower, NoMinusCounters
from .model import Permanent


def cant_get_poison(bound: Bound, player: str) -> bool:
    """Whether ``player`` can't get poison counters ("You can't get poison counters.",
    Melira): infect damage (120.3b), toxic (702.164c) and poisonous (702.70a) give them
    none -- nor any player of their team (810.10c; a player is their own teammate)."""
    for inst in bound.of_type(CantGetPoison):
        holder = bound.player_of(inst.ability.player, inst.source)
        if holder is not None and bound.board.teammates(holder, player):
            return True
    return False


def no_minus_counters(bound: Bound, pid: str) -> bool:
    """Whether -1/-1 counters can't be put on the permanent (Melira): damage from a source
    with wither or infect (120.3d) has no result on it then -- no counters, no damage
    marked (its deathtouch and lifelink still act, 702.2b, 702.15b)."""
    return bool(bound.held_by(pid, NoMinusCounters))


def lethal_by_power(bound: Bound, pid: str) -> bool:
    """Whether lethal damage to the creature is determined by its power (Zilortha)."""
    return bool(bound.held_by(pid, LethalByPower))


def lethal_limit(bound: Bound, perm: Permanent) -> int:
    """The damage marked on a creature at which it has lethal damage (120.6) and is
    destroyed (704.5g): its toughness; under "lethal damage ... is determined by their
    power rather than their toughness" its power -- a creature with power 0 or less then
    has lethal damage once any damage is marked on it (at least 1)."""
    if lethal_by_power(bound, perm.id):
        return max(1, perm.power or 0)
    return perm.toughness or 0


def cant_lose(bound: Bound, player: str, by: str = "life", gone: Collection[str] = ()) -> bool:
    """Whether ``player`` doesn't lose the game for 0 or less life (``by`` "life", 704.5a)
    or ten or more poison counters ("poison", 704.5c): "You can't lose the game"
    (Platinum Angel, 104.3b, 104.3d) -- nor any player of their team (810.8a: "that
    player's team can't lose the game"); "You don't lose the game for having 0 or less
    life" (Phyrexian Unlife) for life alone. ``gone``: permanents that have left the
    battlefield since ``bound`` was made (their abilities no longer apply)."""
    for inst in bound.of_type(CantLoseGame):
        if inst.ability.life_only and by != "life":
            continue
        if inst.source.kind == "permanent" and inst.source.permanent in gone:
            continue
        holder = bound.player_of(inst.ability.player, inst.source)
        if holder is not None and bound.board.teammates(holder, player):
            return True
    return False
