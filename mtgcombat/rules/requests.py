"""The choices abilities and spells leave to players, as the combat's stack and the
board's reading use them (spec Extension 3, ``choices``): a choice used
(:class:`Chosen`), a choice to make (:class:`Request`), and the bad input of a missing
one (:class:`ChoiceNeeded`) or of one that is not an option (:class:`ChoiceIllegal`).
Kept apart from :mod:`mtgcombat.rules.stack` so that reading a board (``bind``: how a
spell was cast, 601.2b) can ask for a choice too. No words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from .model import BoardError, Choice
from .reasons import Quote, Reason, reason


@dataclass(frozen=True)
class Chosen:
    """A choice used: for the ability (``source``, ``ability`` line, ``instance``),
    ``what`` was chosen ("targets", "may", "exert", "attacking", "chosen") and ``value``;
    ``automatic``: it had one legal option and was made by itself."""

    source: Optional[str]
    ability: int
    instance: int
    what: str
    value: Any
    automatic: bool
    #: A spell's choice: the board's effect (its index, from 0) -- how it was cast
    #: (601.2b kicker, 601.2h mana spent); ``source`` is then None.
    effect: Optional[int] = None

    def to_json(self) -> dict:
        out: dict[str, Any] = {"source": self.source, "ability": self.ability,
                               "instance": self.instance}
        if self.effect is not None:
            out = {"effect": self.effect + 1}
        out[self.what] = list(self.value) if isinstance(self.value, tuple) else self.value
        out["automatic"] = self.automatic
        return out

    def reason(self) -> Reason:
        value = self.value
        if isinstance(value, tuple):
            value = tuple(value)
        extra = {} if self.effect is None else {"effect": self.effect}
        return reason("choice.made", None, tuple(x for x in (self.source,) if x),
                      source=self.source, ability=self.ability, instance=self.instance,
                      what=self.what, value=value, automatic=self.automatic, **extra)


class ChoiceNeeded(BoardError):
    """A choice an ability leaves to a player is missing and has several legal options:
    bad input naming the ability and its options (``request``)."""

    def __init__(self, request: "Request") -> None:
        self.request = request
        extra = {} if request.effect is None else {"effect": request.effect}
        where = ("permanent", request.source) if request.source else (
            ("effect", request.effect) if request.effect is not None else ())
        super().__init__(reason(
            "error.choice_missing", None, tuple(x for x in (request.source,) if x),
            where=where,
            source=request.source, ability=request.ability, instance=request.instance,
            what=request.what, options=request.options, text=Quote(request.sentence),
            player=request.player, **extra))


@dataclass(frozen=True)
class Request:
    """A choice to make: whose (``player``), for which ability, what, among which
    options (ids or player names; for "may" and "exert" True and False; for
    "targets" each option is a tuple of objects)."""

    source: Optional[str]
    ability: int
    instance: int
    what: str
    options: tuple
    sentence: str
    player: str
    #: The combat step the ability resolves in (the decision searches tell a choice made
    #: before the opponents' reply from one made after it).
    step: str = ""
    #: A spell's choice (how it was cast): the board's effect, its index from 0.
    effect: Optional[int] = None

    def choice(self, value: Any) -> Choice:
        """The board choice that answers this request with ``value``."""
        kw: dict[str, Any] = {self.what: value}
        if self.effect is not None:
            return Choice("", effect=self.effect + 1, **kw)
        return Choice(self.source or "", ability=self.ability or None,
                      instance=self.instance, **kw)


class ChoiceIllegal(BoardError):
    """A choice given for an ability that is not one of its legal options; ``choice``:
    the board's choice that gave it (a door says where it was given: the board or
    ``--choose``)."""

    def __init__(self, why: Reason, choice: Optional[Choice] = None) -> None:
        super().__init__(why)
        self.choice = choice


__all__ = ["Chosen", "ChoiceNeeded", "Request", "ChoiceIllegal"]
