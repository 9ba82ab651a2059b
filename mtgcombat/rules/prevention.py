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
from .model import Board


def prevention_rule(board: Board, bound: Bound, source: str, to: str) -> Optional[str]:
    """The rule that prevents combat damage from ``source`` to ``to`` (a permanent or a
    player), or None when it is dealt."""
    if _unpreventable(board, bound, source):
        return None  # 615.12: damage that can't be prevented isn't
    for inst in bound.of_type(Prevention):
        ab: Prevention = inst.ability  # type: ignore[assignment]
        if ab.players and to not in board.player_names:
            continue
        if ab.to is not None and to not in _objects(bound, ab.to, inst):
            continue
        if ab.by is not None and source not in _objects(bound, ab.by, inst):
            continue
        return "615.1"
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


def _unpreventable(board: Board, bound: Bound, source: str) -> bool:
    for inst in bound.of_type(CantBePrevented):
        ab: CantBePrevented = inst.ability  # type: ignore[assignment]
        if ab.by is None or source in _objects(bound, ab.by, inst):
            return True
    return False
