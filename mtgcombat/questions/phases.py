"""The steps of a combat outside combat damage, as the board's abilities and tricks make
them happen (spec Extension 3, "When the board stands").

A board's permanents stand as the combat phase begins. :class:`Phases` carries one
combat through its steps on a :class:`~mtgcombat.rules.stack.Stack`: the beginning of
combat (507.2: "at the beginning of combat" abilities, then the step's tricks), the
attack declaration and what it triggers (508.3: keyword abilities, exert 701.43, the
abilities of the board's texts, then the tricks of the declare attackers step), the
block declaration and what it triggers (509.3), each combat damage step's triggers
(510.3a) and tricks, and the end of combat (511.2; delayed abilities, 603.7).
:func:`as_declared` gives the board a declaration is judged on: ``check``, ``attacks``
and ``blocks`` judge a declaration after the steps before it (an attack trigger that
says "target creature can't block this turn" binds the blocks).
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from ..rules import triggered as T
from ..rules.combat_triggers import (
    TRIGGERED, TRIGGERED_N, attack_triggers_by_player, block_triggers_by_player,
)
from ..rules.combat_abilities import KeywordN

# ``rules.stack`` (and the results, statics and prevention it imports: about 8 ms of a
# cold start) is imported when a combat has something to carry out, not by every
# ``check`` that asks whether it has (issue 24).

#: The events that happen before attackers are declared, and those of the declaration.
_BEFORE_ATTACKS = (T.BeginningOfCombat,)
_ON_ATTACKS = (T.Attacks, T.PlayerAttacks, T.AttacksOrBlocks)


class Phases:
    """One combat's steps outside combat damage (see the module docstring); ``stack``
    holds what resolved (``stack.log``), the choices used (``stack.used``) and the
    players who lost (``stack.lost``)."""

    def __init__(self, board: Any, lost: Optional[list[str]] = None,
                 choices: Optional[Sequence[Any]] = None) -> None:
        from ..rules.stack import Stack, has_triggers

        self.stack = Stack(board.choices if choices is None else choices, lost)
        # the choices of how a board's spells were cast (601.2b, 601.2h), used as the
        # board was read: every answer lists the choices it used
        self.stack.used.extend(board.bound.__dict__.get("cast_choices", ()))
        self.active = has_triggers(board) or _keywords(board) or any(
            "decayed" in kws for kws in board.bound.keywords.values())  # 702.147a

    @property
    def lost(self) -> list[str]:
        return self.stack.lost

    def fork(self, lost: Sequence[str]) -> "Phases":
        """A copy for one line of play of a search (:class:`~mtgcombat.questions.game.
        CombatGame`), ``lost`` the players who have lost on it."""
        out = Phases.__new__(Phases)
        out.stack = self.stack.fork(list(lost))
        out.active = self.active
        return out

    def begin(self, board: Any) -> Any:
        """507.2: the beginning of combat -- its triggers, then its tricks."""
        if not self.active:
            return board
        board = self.stack.beginning_of_combat(board)
        return staged(self.stack.tricks(board, "beginning of combat"))

    def attacks(self, board: Any) -> Any:
        """508.3: the declared attacks' triggers (keyword abilities, exert, the texts'
        abilities, APNAP), then the tricks of the declare attackers step."""
        if not self.active:
            return board
        board = self.stack.attacks_declared(board, attack_triggers_by_player(board,
                                                                             board.bound))
        return staged(self.stack.tricks(board, "declare attackers"))

    def blocks(self, board: Any) -> Any:
        """509.2a, 509.3: the declared blocks' triggers (and "isn't blocked", 509.3g),
        then the tricks of the declare blockers step."""
        if not self.active:
            return board
        board = self.stack.blocks_declared(board, block_triggers_by_player(board,
                                                                           board.bound))
        return staged(self.stack.tricks(board, "declare blockers"))

    def damage(self, before: Any, after: Any, dealt: Sequence[Any], sba: Any,
               stage: str) -> Any:
        """510.3a: what a combat damage step's damage and the state-based actions after
        it trigger, then the step's tricks. ``stage``: "first" or "regular"."""
        if not self.active:
            return after
        step = "first-strike combat damage" if stage == "first" else "combat damage"
        board = self.stack.damage_dealt(before, after, dealt, sba, step)
        return staged(self.stack.tricks(board, step))

    def end(self, board: Any) -> Any:
        """511.2: "at end of combat" abilities and delayed ones, then the tricks of the
        end of combat step."""
        if not self.active:
            return board
        board = self.stack.end_of_combat(board)
        return staged(self.stack.tricks(board, "end of combat"))


def _keywords(board: Any) -> bool:
    bound = board.bound
    return any(TRIGGERED & kws for kws in bound.keywords.values()) or any(
        i.ability.name in TRIGGERED_N for i in bound.of_type(KeywordN))


def staged(board: Any) -> Any:
    """Mark ``board`` as standing after the steps before its declarations (so that
    :func:`as_declared` doesn't carry them out again)."""
    board.__dict__["_staged"] = True
    return board


def as_declared(board: Any, kind: str) -> Any:
    """The board a declaration of ``kind`` ("attacks" or "blocks") is judged on: the
    board as the combat phase begins with the steps before that declaration carried out
    -- the beginning of combat for the attacks; for the blocks also the board's attacks
    and their triggers (spec Extension 3). The board itself when nothing happens before
    (or it was staged already, or stands in a combat damage step: its declarations are
    facts)."""
    if board.__dict__.get("_staged") or board.damage_step is not None \
            or board.first_strikers is not None:
        return board
    cache = board.__dict__.setdefault("_as_declared", {})
    if kind in cache:
        return cache[kind]
    out = _as_declared(board, kind)
    cache[kind] = out
    return out


def _as_declared(board: Any, kind: str) -> Any:
    if not _acts_before(board, kind):
        return board
    from ..rules.stack import carry

    phases = Phases(board)
    start = board.evolve(attacks=None, blocks=None, damage_order=None, bands=())
    carry(board, start)
    b = phases.begin(start)
    if kind == "attacks":
        out = b if board.attacks is None else b.derive(attacks=board.attacks, bands=board.bands)
    else:
        if board.attacks is None or phases.lost:
            return board
        b2 = b.derive(attacks=dict(board.attacks), bands=board.bands)
        carry(b, b2)
        out = phases.attacks(b2)
    if out is not b:
        carry(b, out)
    out.__dict__["_phases"] = phases
    return staged(out)


def _acts_before(board: Any, kind: str) -> bool:
    """Whether anything happens before the declaration of ``kind``."""
    bound = board.bound
    events = _BEFORE_ATTACKS + (_ON_ATTACKS if kind == "blocks" else ())
    if any(isinstance(i.ability.event, events) for i in bound.of_type(T.Triggered)):
        return True
    steps = {"beginning of combat"} | ({"declare attackers"} if kind == "blocks" else set())
    if any(e.step in steps for e in board.effects):
        return True
    if kind == "blocks" and (bound.of_type(T.ExertAsAttacks) or _keywords(board)):
        return True
    return False


def not_carried_out(board: Any) -> list[dict]:
    """The sentences of the board that may act in its combat and are not carried out:
    those of a permanent's text not understood whose ability may trigger during a combat
    (a sentence of a line that starts such an ability included) or whose static ability
    or keyword may act in one (issue 26.5), and every sentence of
    an effect not understood (an effect is on the board because it acts)."""
    spells = any(e.step is not None for e in board.effects)
    out: list[dict] = []
    for p in board.permanents:
        reading = board.readings.get(p.id)
        if reading is None or not reading.not_understood:
            continue
        # Imported only when a sentence is not understood: their patterns cost a cold
        # command more than the whole question on a board read throughout.
        from ..grammar.static_combat import static_acts_in_combat
        from ..grammar.triggers import acts_in_combat

        lines = p.text.split("\n")
        for sentence in reading.not_understood:
            line = next((x for x in lines if sentence.strip() and sentence.strip() in x),
                        sentence)
            if (acts_in_combat(sentence, spells, p.name) or acts_in_combat(line, spells, p.name)
                    or static_acts_in_combat(sentence)):
                out.append({"source": p.id, "sentence": sentence})
    for i, reading in enumerate(board.effect_readings):
        for sentence in reading.not_understood:
            out.append({"source": f"effect {i + 1}", "sentence": sentence})
    return out


def phases_of(board: Any) -> Optional[Phases]:
    """The :class:`Phases` that staged ``board`` (its log and choices), if any."""
    return board.__dict__.get("_phases")


def game_phases(board: Any) -> Optional[Phases]:
    """The :class:`Phases` of the combat ``board`` stands in, for a search that plays its
    combat damage steps and end of combat (510.3a, 511.2) -- None when nothing can
    trigger or resolve in them (the search then needs none)."""
    ph = board.__dict__.get("_game_phases")
    return ph if ph is not None and ph.active else None


def with_game_phases(board: Any, phases: Optional[Phases]) -> Any:
    """``board`` carrying ``phases`` for :func:`game_phases`."""
    if phases is not None:
        board.__dict__["_game_phases"] = phases
    return board


__all__ = ["Phases", "as_declared", "game_phases", "not_carried_out", "phases_of", "staged",
           "with_game_phases"]
_ = Mapping
