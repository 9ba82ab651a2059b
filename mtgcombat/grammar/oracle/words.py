"""Descriptions of objects ("black or green creatures you control with flying") as
predicates, and the grammar's own refusal (:class:`_Fail`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


from ...rules import abilities as A
from .lexer import _INVARIANT_PLURALS, _IRREGULAR_PLURALS

# ---------------------------------------------------------------------------
# Descriptions of objects: "black or green creatures you control with flying"
# ---------------------------------------------------------------------------


class _Fail(Exception):
    """The sentence parsed but cannot be expressed with the rule objects."""


@dataclass
class _Word:
    kind: str  # "pred", "creature", "permanent", "type", "cap", "attacking", "blocking"
    pred: Optional[A.Pred] = None
    text: str = ""


@dataclass
class _Ctrl:
    controller: Optional[A.PlayerRef] = None
    opponents_of: Optional[A.PlayerRef] = None
    pred: Optional[A.Pred] = None  # "you don't control"
    of_target_creature: bool = False  # "that player" = a target creature's controller


@dataclass
class _Desc:
    alts: list[list[_Word]]
    with_pred: Optional[A.Pred] = None
    ctrl: Optional[_Ctrl] = None
    words: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return " ".join(self.words)


def _and(preds: list[A.Pred]) -> A.Pred:
    flat: list[A.Pred] = []
    for p in preds:
        flat.extend(p.preds if isinstance(p, A.AndPred) else (p,))
    preds = [p for p in flat if not isinstance(p, A.AnyPred)]
    if not preds:
        return A.ANY
    if len(preds) == 1:
        return preds[0]
    return A.AndPred(tuple(preds))


def _or(preds: list[A.Pred]) -> A.Pred:
    if len(preds) == 1:
        return preds[0]
    if any(isinstance(p, A.AnyPred) for p in preds):
        return A.ANY
    return A.OrPred(tuple(preds))


def _singular(word: str) -> str:
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]
    if word in _INVARIANT_PLURALS:
        return word
    if word.endswith("uses"):  # Octopuses, Pegasuses
        return word[:-2]
    if word.endswith("us"):  # a singular: Octopus, Fungus, Homunculus
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("xes", "ches", "shes", "sses")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _looks_plural(word: str) -> bool:
    return word in _INVARIANT_PLURALS or (word.endswith("s") and not word.endswith("ss"))


def _alt_pred(alt: list[_Word], context: str, shared_noun: Optional[_Word]) -> tuple[A.Pred, dict]:
    """Pred of one alternative. ``context`` is "creature" (the creature-ness is
    implied: groups, blockers) or "permanent" (anything a player controls)."""
    flags: dict = {}
    preds: list[A.Pred] = []
    words = list(alt)
    last = words[-1]
    has_noun = last.kind in ("creature", "permanent", "type", "cap")
    if not has_noun and shared_noun is not None:
        words.append(shared_noun)
    for idx, w in enumerate(words):
        is_last = idx == len(words) - 1
        if w.kind == "creature":
            if context == "permanent":
                preds.append(A.TypePred("Creature"))
        elif w.kind == "permanent":
            if context == "creature":
                raise _Fail("a permanent is not a creature group")
        elif w.kind == "cap":
            preds.append(A.TypePred(_singular(w.text) if is_last else w.text))
        elif w.kind in ("attacking", "blocking"):
            flags[w.kind] = True
        else:
            assert w.pred is not None
            preds.append(w.pred)
    return _and(preds), flags


def _desc_pred(desc: _Desc, context: str = "creature", allow_flags: bool = False) -> tuple[A.Pred, dict]:
    shared = None
    last_alt = desc.alts[-1]
    if last_alt[-1].kind in ("creature", "permanent", "type", "cap"):
        shared = last_alt[-1]
    # "black or green creatures with flying": the noun (and its "with") is shared;
    # "Walls and/or creatures with flying": each alternative has its own noun and
    # "with flying" belongs to the last one only.
    own_nouns = len(desc.alts) > 1 and all(
        alt[-1].kind in ("creature", "permanent", "type", "cap") for alt in desc.alts
    )
    preds = []
    flags: dict = {}
    for k, alt in enumerate(desc.alts):
        p, f = _alt_pred(alt, context, shared)
        if own_nouns and desc.with_pred is not None and k == len(desc.alts) - 1:
            p = _and([p, desc.with_pred])
        preds.append(p)
        if f:
            if len(desc.alts) > 1:
                raise _Fail("attacking/blocking inside an alternative")
            flags.update(f)
    if flags and not allow_flags:
        raise _Fail("attacking/blocking is not a quality here")
    parts = [_or(preds)]
    if desc.with_pred is not None and not own_nouns:
        parts.append(desc.with_pred)
    return _and(parts), flags


def _to_pred(desc: _Desc, context: str = "creature") -> A.Pred:
    """A description as a predicate on permanents (blockers, lands ...)."""
    pred, _ = _desc_pred(desc, context)
    if desc.ctrl is not None:
        c = desc.ctrl
        if c.opponents_of is not None:
            raise _Fail("\"your opponents control\" is not a predicate (teams)")
        extra = c.pred if c.pred is not None else A.ControllerPred(c.controller)  # type: ignore[arg-type]
        pred = _and([pred, extra])
    return pred


def _noun_is_creature(desc: _Desc) -> bool:
    last = desc.alts[-1][-1]
    if last.kind == "creature":
        return True
    if last.kind == "cap":
        return True  # a creature subtype
    if last.text in ("token", "tokens"):
        return any(w.kind == "creature" for w in desc.alts[-1])  # "creature tokens"
    return False


