"""Rule objects that become dataclasses when first used.

The Oracle vocabulary (:mod:`mtgcombat.rules.abilities`) has many small frozen
dataclasses, and a board uses few of them. Building a dataclass compiles its
methods (about a millisecond each), so :class:`Record` classes are made frozen
dataclasses lazily: the first time one is instantiated (or asked for its fields
through :func:`fields`). Until then nothing can hold an instance, so nothing can
tell the difference; type checkers see dataclasses (PEP 681)."""

from __future__ import annotations

import dataclasses
from typing import Any, dataclass_transform


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
class _RecordMeta(type):
    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        if "__dataclass_fields__" not in cls.__dict__:
            ready(cls)
        return super().__call__(*args, **kwargs)


def ready(cls: type) -> type:
    """Make ``cls`` (a :class:`Record` class) a frozen dataclass now."""
    if "__dataclass_fields__" not in cls.__dict__:
        dataclasses.dataclass(frozen=True)(cls)
    return cls


class Record(metaclass=_RecordMeta):
    """Base of the lazily built frozen dataclasses."""

    __slots__ = ()
