"""What the sentences of one text share while they are read, and the groups of
abilities a condition on combat may switch."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional


from ...rules import abilities as A


# ---------------------------------------------------------------------------
# Transformer
# ---------------------------------------------------------------------------


@dataclass
class _State:
    """What a text's sentences share: target numbering and what "it" means."""

    targets: int = 0  # targets seen so far in the text (115.1)
    last_obj: Optional[A.Subject] = None
    last_player: Optional[A.PlayerRef] = None
    defender_assigns: bool = False  # previous sentence was Defensive Formation's first
    scanned_obj: Optional[A.Subject] = None  # "that creature" after an unread effect sentence
    scanned_group: Optional[A.TargetGroup] = None  # "those creatures" after an unread sentence
    #: "it" after an unread effect sentence whose one object is its one target ("Untap
    #: target creature. It gets +2/+2 ..."; grammar/oracle/readings.py)
    scanned_it: Optional[A.Subject] = None
    #: "that player or that planeswalker's controller" after an unread sentence whose one
    #: target is "target player or planeswalker" (Concussive Bolt; readings.py). A spell's
    #: lines are one ability, so it reaches the next line (a triggered or activated
    #: ability's line is read whole and never sets it).
    scanned_player_pw: Optional[A.TargetRef] = None
    before_last: Optional[A.Subject] = None  # the object named before ``last_obj``
    # 601.2c: a variable number of targets was named ("up to two target creatures"): the
    # targets after it can't be numbered any more.
    open_targets: bool = False
    spoiled: bool = False  # a target was named after a TargetGroup that was read
    #: 611.3a: the condition of the sentence being read and of the one before it (what
    #: "Otherwise, ..." reverses; grammar/oracle/readings.py).
    condition: Optional[Any] = None
    condition_before: Optional[Any] = None
    #: While an effect is read (a triggered ability, an effect resolving in a step): its
    #: :class:`~mtgcombat.grammar.oracle.triggered.EffectReading` (issue 26).
    effects: Optional[Any] = None
    #: 608.2d: the target player who chose a creature they control as the spell resolves
    #: ("Target opponent chooses a creature they control."; readings.py)
    chooser: Optional[A.TargetRef] = None


@dataclass(frozen=True)
class _Cond:
    """A condition of a static ability (611.3a) as read: ``unless`` -- the ability
    applies while it does *not* hold; ``about`` -- the object whose state it is."""

    cond: Any
    unless: bool = False
    about: Optional[A.Subject] = None


#: Abilities that only matter once attackers are declared (509.1): the only ones a
#: condition on combat ("as long as ~ is attacking", "defending player controls")
#: may switch on and off. The first group restricts blocking one attacking creature.
_BLOCKED_SIDE = (
    A.CantBeBlocked, A.CantBeBlockedIf, A.CantBeBlockedBy, A.CantBeBlockedExcept,
    A.CantBeBlockedByMoreThan, A.CantBeBlockedUnlessAllBlock, A.MustBeBlocked,
    A.LureRequirement, A.LureBy,
)
_AFTER_ATTACKS = _BLOCKED_SIDE + (
    A.CantBlock, A.CanBlockOnly, A.CantBlockAlone, A.BlockCondition, A.BlockCost,
    A.BlockRequirement, A.BlockEachAttacker, A.BlockCapacity, A.BlockAsThough, A.BlockCap,
)


_Vp = Callable[[A.Subject], list]

_DEFENDER_DIVIDES = object()

#: Set by :mod:`.reader` as it loads (``"parse"``: a sentence from a start symbol;
#: ``"read"``: a whole text): so that the transformer can read again what it writes onto a
#: board (issue 26) without importing the reader.
HOOKS: dict[str, Callable[..., Any]] = {}


