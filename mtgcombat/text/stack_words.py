"""The words of the combat's stack that English and German share in form (triggered
abilities and combat tricks as they resolve, :mod:`mtgcombat.rules.stack`, and the choices
they use): how a choice's value, an ability, its options and the source of damage are
named, and the templates whose shape is the same in both languages -- each language gives
its words as data (:class:`StackWords`), ``text/en/stack.py`` and ``text/de/stack.py``
the templates of their own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping


@dataclass(frozen=True)
class StackWords:
    """One language's words of the stack."""

    yes: str
    no: str
    no_target: str
    no_targets: str
    an_effect: str
    #: "{line}": the ability's line in its source's text
    ability: str
    #: the how-manieth time an ability triggered (2 and more)
    nth: Callable[[int], str]
    #: "{n}": a board's effect, counted from 1
    effect: str
    #: what deals damage when neither a source nor an effect is named
    it: str
    #: what a choice chooses ("targets", "may" ...)
    what: Mapping[str, str]
    #: how a permanent leaves the battlefield ("destroy" ...)
    how: Mapping[str, str]
    #: "or" as :meth:`~mtgcombat.text.Writer.join` takes it
    alternatives: str = "or"

    def value(self, w: Any, what: str, value: Any) -> str:
        """A choice's value: yes/no, targets by name ("" no target), or the value."""
        if what in ("may", "exert"):
            return self.yes if value else self.no
        if isinstance(value, tuple):
            return w.join([w.name(v) if v else self.no_target for v in value]) \
                or self.no_targets
        if value == "":
            return self.no_target
        return w.name(value) if isinstance(value, str) else str(value)

    def source(self, r: Any, w: Any) -> str:
        """The ability's source by name, or "an effect"."""
        if r["source"]:
            return w.name(r["source"])
        if r.get("effect") is not None:  # a spell's choice: its effect on the board
            return self.effect_of(r)
        return self.an_effect

    def ability_of(self, r: Any, w: Any) -> str:
        """The ability a choice is for: its source, line and instance."""
        line = r.get("ability") or 0
        inst = r.get("instance") or 1
        return (self.source(r, w) + (", " + self.ability.format(line=line) if line else "")
                + (f" ({self.nth(inst)})" if inst and inst > 1 else ""))

    def options(self, r: Any, w: Any, what: str) -> str:
        """A choice's legal options."""
        return w.join([self.value(w, what, o) for o in r["options"]], self.alternatives)

    def dealer(self, r: Any, w: Any) -> str:
        """What deals noncombat damage: the source named, else the effect (a spell whose
        "~" is itself, 120.3)."""
        if r["source"]:
            return w.name(r["source"])
        if r.get("effect") is not None:
            return self.effect.format(n=r["effect"] + 1)
        return self.it

    def effect_of(self, r: Any) -> str:
        """A trick's effect on the board, counted from 1."""
        return self.effect.format(n=r["effect"] + 1)


__all__ = ["StackWords"]
