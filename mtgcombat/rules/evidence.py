"""Why an ability that names a group of creatures applies to one of them, as data.

"Creatures with power greater than the number of cards in your hand can't attack"
(Ensnaring Bridge) applies to a creature because of a comparison the board decides: the
creature's power against a number counted on the board. The rules decide it
(:meth:`mtgcombat.rules.bind.Bound.matches`); this module says it again as a reason
(``"why.stat"``) so that an answer can tell a player why ("its power 3 is greater than
the 2 cards in Alice's hand") -- only for comparisons of power or toughness, the
qualities a player can't see at a glance on the card. No words here.
"""

from __future__ import annotations

from typing import Any, Optional

from . import abilities as A
from .reasons import Reason, reason


def _parts(pred: A.Pred) -> list[A.Pred]:
    return list(pred.preds) if isinstance(pred, A.AndPred) else [pred]


def why_in_group(bound: Any, subject: Any, holder: str, source: Any) -> Optional[Reason]:
    """The comparisons of power or toughness (613, 208.1) that put ``holder`` in the
    group ``subject`` names, each with both sides as the board has them; None when the
    subject names no such comparison (or one the board can't count)."""
    if not isinstance(subject, A.Group):
        return None
    perm = bound.board.permanent(holder)
    facts = []
    for p in _parts(subject.pred):
        if not isinstance(p, A.StatPred):
            continue
        mine = perm.power if p.stat == "power" else perm.toughness
        if mine is None:
            return None
        v = p.value
        if isinstance(v, A.HandSize):
            who = bound.player_of(v.player, source)
            if who is None:
                return None
            facts.append(reason("why.stat", None, (holder,), stat=p.stat, mine=mine, op=p.op,
                                value=bound.hand_size(v.player, source), hand=who))
        elif isinstance(v, A.CountOf):
            facts.append(reason("why.stat", None, (holder,), stat=p.stat, mine=mine, op=p.op,
                                value=bound.count_x(v, source, perm), count=v.pred))
        elif isinstance(v, int):
            facts.append(reason("why.stat", None, (holder,), stat=p.stat, mine=mine, op=p.op,
                                value=v))
    if not facts:
        return None
    return facts[0] if len(facts) == 1 else reason("why.all", None, (holder,),
                                                   facts=tuple(facts))
