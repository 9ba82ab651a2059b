"""Small helpers of the transformer."""

from __future__ import annotations



from ...rules import abilities as A
from .lexer import (
    _NUMBERS,
)
from .words import (
    _Fail,
)


#: 609.4: "can block ... as though it had [X]" -- the keywords whose evasion rules
#: (702.9b, 702.17b, 702.28b, 702.31b) look at the blocker's abilities.
_AS_THOUGH_HAD = frozenset({"flying", "reach", "shadow", "horsemanship"})
#: "... as though they didn't have [X]": the attacker's evasion keywords judged pair by pair.
_AS_THOUGH_LACKED = frozenset({"flying", "shadow", "horsemanship", "fear", "intimidate", "skulk"})


#: "Enchanted [subtype]" read as the attached creature: Auras that enchant only such
#: creatures ("Enchant Wall").
_ENCHANTED_SUBTYPES = frozenset({"Wall"})


def _same_subject(subject, self_tok) -> A.Subject:
    """"~ can block ... as though ~ had shadow": the name must be the subject's."""
    if self_tok and not isinstance(subject, A.SelfRef):
        raise _Fail("as though another object had an ability")
    return subject


def _mentions(pred, kind) -> bool:
    if isinstance(pred, kind):
        return True
    if isinstance(pred, A.NotPred):
        return _mentions(pred.pred, kind)
    if isinstance(pred, (A.AndPred, A.OrPred)):
        return any(_mentions(p, kind) for p in pred.preds)
    return False


def _uses_target_group(obj) -> bool:
    """Whether a rule object refers to a :class:`TargetGroup` anywhere in it."""
    if isinstance(obj, A.TargetGroup):
        return True
    if isinstance(obj, tuple):
        return any(_uses_target_group(x) for x in obj)
    fields = getattr(obj, "__dataclass_fields__", None)
    if fields:
        return any(_uses_target_group(getattr(obj, f)) for f in fields)
    return False


def _num(tok) -> int:
    s = str(tok).lower()
    if s in _NUMBERS:
        return _NUMBERS[s]
    return int(s)



