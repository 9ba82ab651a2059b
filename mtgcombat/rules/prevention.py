"""Prevention of combat damage (615): which assigned damage is not dealt, and why.

Damage from a source to a recipient is prevented by an effect "prevent all combat damage
that would be dealt [this turn] [to X] [by Y]" (615.1, Fog) or by protection (702.16e:
damage from a source with the quality is prevented), unless an effect says the damage
can't be prevented (615.12). No words; no solver.
"""

from __future__ import annotations

from typing import Optional, Union, cast

from . import abilities as A
from .bind import Bound
from .combat_abilities import CantBePrevented, Prevention
from .model import Board, Permanent


def shield_rule(board: Board, bound: Bound, source: Optional[str], to: str,
                combat: bool = True, lki: Optional[Permanent] = None) -> Optional[str]:
    """615.1: the rule of a prevention effect that prevents the damage ``source`` (None: a
    spell or ability of no permanent) would deal to ``to``, or None. ``combat``: the
    damage is combat damage -- else only effects on all damage ("Prevent all damage that
    would be dealt to you", Glacial Chasm) prevent it, not those on combat damage (Fog).
    ``lki``: the source as it last existed, when it has left the battlefield (a dying
    creature's damage is a creature's, 609.7a, 608.2h)."""
    if _unpreventable(board, bound, source):
        return None  # 615.12: damage that can't be prevented isn't
    for inst in bound.of_type(Prevention):
        ab: Prevention = inst.ability  # type: ignore[assignment]
        if ab.combat_only and not combat:
            continue
        if ab.players and to not in board.player_names:
            continue
        if ab.to is not None and to not in _objects(bound, ab.to, inst):
            continue
        if ab.by is not None and source not in _objects(bound, ab.by, inst) and not (
                lki is not None and source == lki.id and _lki_in(bound, ab.by, inst, lki)):
            continue
        return "615.1"
    return None


def _lki_in(bound: Bound, subject: Union[A.Subject, A.PlayerRef], inst, lki: Permanent) -> bool:
    """Whether a source that has left the battlefield was, as it last existed, one of the
    creatures a group names ("by creatures [with flying] [your opponents control]"; one
    that has left is attacking or blocking nothing, 506.4)."""
    if not isinstance(subject, A.Group) or not lki.is_creature:
        return False
    if subject.attacking or subject.blocking:
        return False
    if subject.controller is not None and \
            bound.player_of(subject.controller, inst.source) != lki.controller:
        return False
    if subject.opponents_of is not None:
        opp = bound.player_of(subject.opponents_of, inst.source)
        if opp is None or bound.board.teammates(lki.controller, opp):
            return False
    return bound.matches(subject.pred, lki, inst.source)


def prevention_rule(board: Board, bound: Bound, source: str, to: str) -> Optional[str]:
    """The rule that prevents combat damage from ``source`` to ``to`` (a permanent or a
    player), or None when it is dealt."""
    if _unpreventable(board, bound, source):
        return None  # 615.12: damage that can't be prevented isn't
    rule = shield_rule(board, bound, source, to)
    if rule is not None:
        return rule
    if to in board.player_names or not board.has_object(to):
        return None
    src, rec = board.permanent(source), board.permanent(to)
    for inst in bound.protections(to):
        pr: A.Protection = inst.ability  # type: ignore[assignment]
        if pr.everything:
            return "702.16e"
        if pr.player is not None:
            if bound.player_of(pr.player, inst.source) == src.controller:
                return "702.16e"
        elif pr.pred is not None and bound.matches(pr.pred, src, inst.source, rec):
            return "702.16e"
    return None


def _objects(bound: Bound, subject: Union[A.Subject, A.PlayerRef], inst) -> set[str]:
    """The objects (or the player: "to you") a prevention names."""
    if isinstance(subject, A.YouRef):
        return {inst.source.controller}
    return set(bound.subject_holders(cast(A.Subject, subject), inst.source))


def _unpreventable(board: Board, bound: Bound, source: Optional[str]) -> bool:
    for inst in bound.of_type(CantBePrevented):
        ab: CantBePrevented = inst.ability  # type: ignore[assignment]
        if ab.by is None or source in _objects(bound, ab.by, inst):
            return True
    return False
