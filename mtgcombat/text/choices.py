"""The choices a combat used, as a player reads them: the same choice used several times
in one resolution (each token an ability puts onto the battlefield attacking chooses what
it attacks, 508.4) said once, with how many times (``times``)."""

from __future__ import annotations

from typing import Iterable

from ..rules.reasons import Reason


def grouped(choices: Iterable[Reason]) -> list[Reason]:
    """``choice.made`` reasons in order, equal ones merged into the first, with ``times``
    (the number of equal ones) when there are several."""
    counts: dict[Reason, int] = {}
    for c in choices:
        counts[c] = counts.get(c, 0) + 1
    return [c.replace(times=n) if n > 1 else c for c, n in counts.items()]


__all__ = ["grouped"]
