"""Reasons as data.

Every verdict, requirement, restriction, cost, silent creature and explanation step
carries a :class:`Reason`: a code that says what kind of fact it is, the rule it
rests on (a plain rule number of the board's edition), the objects it is about
(ids and player names) and parameters. Nothing in the package decides anything by
reading words; only :mod:`mtgcombat.text` turns a reason into English or German.

Parameter values are plain data: ids and player names (``str``), numbers, truth
values, ``None``, other reasons, tuples of those, and the small value types below
(:class:`Quote` for card text quoted as written, :class:`Src` for where an ability
comes from, :class:`Duration` for how long a requirement lasts).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Optional


@dataclass(frozen=True)
class Quote:
    """Text quoted as written on the board (an Oracle sentence): never translated."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Src:
    """Where an ability comes from: a permanent's text (``permanent``) or an effect
    (``effect``, 0-based index into the board's effects, with the permanent it comes
    from, if any), and the sentence it was read from."""

    permanent: Optional[str] = None
    effect: Optional[int] = None
    sentence: str = ""
    #: From a static ability that applies because its condition holds (611.3a).
    conditional: bool = False


@dataclass(frozen=True)
class Duration:
    """How long a requirement lasts, as its text says: ``base`` one of
    ``"each combat"``, ``"this combat"``, ``"this turn"``, ``"each turn"`` or None
    (the text names none), and ``until`` ``"end of turn"``, ``"your next turn"`` or
    None. Read by the grammar, worded by the text layer."""

    base: Optional[str] = None
    until: Optional[str] = None


#: The parameters of a reason: (name, value) pairs, so that a reason is hashable.
Params = tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Reason:
    """Why something is so: ``code`` (what kind of fact; the text layer has one
    template per code and language), ``rule`` (the CR number it rests on, plain, in
    the board's edition; None when it cites none), ``objects`` (the ids and player
    names it is about) and ``params`` (see the module docstring)."""

    code: str
    rule: Optional[str] = None
    objects: tuple[str, ...] = ()
    params: Params = field(default=())

    def __getitem__(self, key: str) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        return default

    def __contains__(self, key: object) -> bool:
        return any(k == key for k, _ in self.params)

    @property
    def p(self) -> Mapping[str, Any]:
        """The parameters as a mapping."""
        return dict(self.params)

    def replace(self, **params: Any) -> "Reason":
        """A copy with some parameters set."""
        d = dict(self.params)
        d.update(params)
        return Reason(self.code, self.rule, self.objects, tuple(d.items()))

    def walk(self) -> Iterator["Reason"]:
        """This reason and every reason in its parameters, depth first."""
        yield self
        for _, v in self.params:
            yield from _walk(v)


def _walk(v: Any) -> Iterator[Reason]:
    if isinstance(v, Reason):
        yield from v.walk()
    elif isinstance(v, tuple):
        for x in v:
            yield from _walk(x)


def reason(code: str, rule: Optional[str] = None, objects: tuple[str, ...] = (),
           **params: Any) -> Reason:
    """A :class:`Reason`; lists in ``params`` become tuples (reasons are values)."""
    return Reason(code, rule, tuple(objects),
                  tuple((k, _freeze(v)) for k, v in params.items()))


def words(code: str, **params: Any) -> Reason:
    """A reason whose every keyword is a parameter (``rule`` too): a phrase of a human
    answer or one step of a narrative."""
    return Reason(code, None, (), tuple((k, _freeze(v)) for k, v in params.items()))


def _freeze(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        raise TypeError("dict parameter")
    return v


# -- English for convenience ---------------------------------------------------------
#
# Library objects (a requirement's ``text``, a violation's ``message``) offer their
# reason in English as a convenience. The words come from the text layer, which
# installs itself here when the package is imported (the rules never import it).

_ENGLISH: Optional[Callable[[Reason, Mapping[str, str], str], str]] = None


def install_english(fn: Callable[[Reason, Mapping[str, str], str], str]) -> None:
    """Called by :mod:`mtgcombat.text`: ``fn(reason, names, edition)`` -> English."""
    global _ENGLISH
    _ENGLISH = fn


def english(r: Reason, names: Optional[Mapping[str, str]] = None,
            edition: str = "current") -> str:
    """``r`` in English, naming objects by ``names`` (id -> name)."""
    if _ENGLISH is None:  # pragma: no cover - the package imports the text layer
        raise RuntimeError("mtgcombat.text not loaded")
    return _ENGLISH(r, names or {}, edition)


def literal(text: str) -> Reason:
    """A reason given as finished text (hand-built problems in tests and scripts)."""
    return Reason("literal", params=(("text", text),))


class Described:
    """Mixin for rule objects with a reason (``why``) and an English convenience
    ``names`` / ``edition`` stamp set by the problem that holds them."""

    __slots__ = ()

    def _english(self) -> str:
        return english(self.why,  # type: ignore[attr-defined]
                       getattr(self, "_names", None) or {},
                       getattr(self, "_edition", "current"))

    def stamp(self, names: Mapping[str, str], edition: str) -> None:
        object.__setattr__(self, "_names", names)
        object.__setattr__(self, "_edition", edition)
