"""Rule objects for what happens in combat (beyond declaring it): prevention (615),
damage changers (510.1a, 510.1c-d) and keywords with a number (702).

Plain data like :mod:`mtgcombat.rules.abilities` (built on first use,
:class:`~mtgcombat.rules.record.Record`); bound to a board by
:mod:`mtgcombat.rules.bind` through their ``subject`` (an ability without one applies
to the whole game)."""

from __future__ import annotations

from typing import Optional

from .abilities import SelfRef, Subject
from .record import Record


class Prevention(Record):
    """615.1: "Prevent all combat damage that would be dealt this turn" (Fog: ``to`` and
    ``by`` None), "... dealt to [object]" (``to``), "... dealt by [object]" (``by``)."""

    to: Optional[Subject] = None
    by: Optional[Subject] = None
    #: "... dealt to players": only damage to players.
    players: bool = False


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
