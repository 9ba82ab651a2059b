"""How long a requirement lasts, as its sentence says ("attacks each combat if able",
"blocks this turn if able", "... each combat until your next turn"): read here,
once, into :class:`~mtgcombat.rules.reasons.Duration`; worded by the text layer."""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass, replace
from typing import Any, Optional

from ...rules import abilities as A
from ...rules.reasons import Duration

_BASE = re.compile(r"\b(each combat|this combat|this turn|each turn)\b", re.I)
_UNTIL = re.compile(r"\buntil (end of turn|your next turn)\b", re.I)

#: The abilities whose text carries a duration.
_TIMED = (A.AttackRequirement, A.BlockRequirement, A.MustBeBlocked)


def read_duration(sentence: str) -> Optional[Duration]:
    """The duration a sentence states, or None when it states none."""
    m = _BASE.search(sentence)
    u = _UNTIL.search(sentence)
    if not m and not u:
        return None
    base = m.group(1).lower() if m else None
    until = u.group(1).lower() if u else None
    if base == "this turn" and until == "end of turn":
        until = None  # the same span (514.2): "becomes red until end of turn and attacks this turn"
    return Duration(base, until)


def with_durations(abilities: list, sentence: str) -> list:
    """The abilities read from ``sentence``, each requirement given the duration the
    sentence states (nested in grants and conditions too)."""
    d = read_duration(sentence)
    if d is None:
        return abilities
    return [_timed(a, d) for a in abilities]


def _timed(ab: Any, d: Duration) -> Any:
    if isinstance(ab, _TIMED):
        return replace(ab, duration=d) if ab.duration is None else ab
    if is_dataclass(ab) and not isinstance(ab, type):
        for f in fields(ab):
            if f.name == "abilities":
                return replace(ab, abilities=tuple(_timed(x, d) for x in getattr(ab, f.name)))
    return ab
