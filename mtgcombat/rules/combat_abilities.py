"""Rule objects for what happens in combat (beyond declaring it): prevention (615),
damage changers (510.1a, 510.1c-d) and keywords with a number (702).

Plain data like :mod:`mtgcombat.rules.abilities` (built on first use,
:class:`~mtgcombat.rules.record.Record`); bound to a board by
:mod:`mtgcombat.rules.bind` through their ``subject`` (an ability without one applies
to the whole game)."""

from __future__ import annotations

from typing import Optional, Union

from .abilities import PlayerRef, SelfRef, Subject, YouRef
from .record import Record


class Prevention(Record):
    """615.1: "Prevent all combat damage that would be dealt this turn" (Fog: ``to`` and
    ``by`` None), "... dealt to [object]" (``to``: an object, or a player -- "to you"),
    "... dealt by [object]" (``by``)."""

    to: Optional[Union[Subject, PlayerRef]] = None
    by: Optional[Subject] = None
    #: "... dealt to players": only damage to players.
    players: bool = False
    #: "Prevent all damage ..." (Glacial Chasm) prevents combat damage and every other
    #: damage too (False); "Prevent all combat damage ..." only combat damage (True).
    combat_only: bool = True


class CantBePrevented(Record):
    """615.12: "Damage can't be prevented." (``by`` None: all damage) or "Combat damage
    that would be dealt by creatures you control can't be prevented." (``by``)."""

    by: Optional[Subject] = None


class AssignsToughness(Record):
    """510.1a: "[subject] assigns combat damage equal to its toughness rather than its
    power" (Doran, the Siege Tower; High Alert)."""

    subject: Subject = SelfRef()


class AssignsNoDamage(Record):
    """510.1a: "[subject] assigns no combat damage this combat"."""

    subject: Subject = SelfRef()


class KeywordN(Record):
    """A keyword ability with a number (702): toxic N (702.164), bushido N (702.45),
    rampage N (702.23), afflict N (702.130)."""

    name: str
    n: int
    subject: Subject = SelfRef()


# ---------------------------------------------------------------------------
# Static effects of real cards on combat (issue 26)
# ---------------------------------------------------------------------------


class LoseKeywords(Record):
    """613.1f (layer 6): "[subject] loses [keywords]" (Mammoth Harness, "Creatures your
    opponents control lose flying") -- printed keywords and those granted by sources
    earlier in timestamp order (613.7a: the board's permanents in the order listed, then
    its effects) are lost; ``for_good``: "... can't have or gain [keywords]" (Archetype of
    Imagination) -- none of them, whatever grants them."""

    keywords: tuple[str, ...]
    subject: Subject = SelfRef()
    for_good: bool = False


class CantGetPoison(Record):
    """"You can't get poison counters." (Melira, Sylvok Outcast): damage from a source
    with infect (120.3b) or toxic (702.164c) and poisonous (702.70a) give that player
    none (122.1, 614)."""

    player: PlayerRef = YouRef()


class NoMinusCounters(Record):
    """"Creatures you control can't have -1/-1 counters put on them." (Melira): damage
    from a source with wither or infect (120.3d) puts none on them -- that damage has no
    result but its source's deathtouch and lifelink (702.2b, 702.15b)."""

    subject: Subject = SelfRef()


class LethalByPower(Record):
    """"Lethal damage dealt to creatures you control is determined by their power rather
    than their toughness." (Zilortha, Strength Incarnate): for lethal damage (120.6) --
    assigning it (510.1c-d, 702.19b) and destroying by it (704.5g) -- such a creature's
    power stands for its toughness; one with power 0 or less has lethal damage once any
    damage is marked on it. 704.5f (toughness 0) is unchanged."""

    subject: Subject = SelfRef()
