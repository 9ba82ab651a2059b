"""How a spell was cast, as a board reads it (601.2b, 601.2g-h): "If this spell was
kicked" and "If {W}{U} was spent to cast this spell" are conditions on a choice its
controller made as it was cast -- an input (spec Extension 3's ``choices``: the choice of
the board's effect that is the spell), never a guess. No words; no solver."""

from __future__ import annotations

from typing import Any, Optional

from .abilities import CastChoice
from .reasons import Quote, reason
from .requests import ChoiceIllegal, ChoiceNeeded, Chosen, Request

#: 702.33a, 702.33c: the keywords of a kicker cost, first on a line of the spell's text.
_KICKER = ("kicker", "multikicker")


def _has_kicker(text: str) -> bool:
    return any(line.strip().lower().startswith(_KICKER) for line in text.split("\n"))


def cast_choice(bound: Any, cond: CastChoice, src: Any) -> bool:
    """Whether the spell was cast as ``cond`` says (601.2b: "if this spell was kicked";
    601.2g-h: "if {W}{U} was spent to cast this spell") -- a choice its controller made
    as it was cast, which the board gives as the choice of the effect that is the spell
    (``{"effect": n, "may": bool}``, spec Extension 3). A spell without a kicker cost
    can't have been kicked (702.33a): that one option is chosen by itself. A missing
    choice with two options is bad input naming the effect (``ChoiceNeeded``: best-*
    search it when it is the deciding side's); one given that is not an option is bad
    input too. A permanent says it was kicked with its ``kicked`` fact (702.33d)."""
    board = bound.board
    if src.kind != "effect" or src.effect_index is None:
        if cond.what == "kicked":
            return src.permanent is not None and board.has_object(src.permanent) and \
                "kicked" in board.permanent(src.permanent).facts
        effect, source = None, src.permanent
    else:
        effect, source = src.effect_index, None
    text = src.sentence if effect is not None else (
        board.permanent(source).text if source is not None and board.has_object(source)
        else "")
    options: tuple = (True, False)
    if cond.what == "kicked" and not _has_kicker(text):
        options = (False,)
    given: Optional[Any] = None
    for c in board.choices:
        mine = c.effect == effect + 1 if effect is not None else (
            c.effect is None and c.source == source)
        if mine and c.may is not None:
            given = c
            break
    if given is not None:
        value, automatic = given.may, False
        if value not in options:
            raise ChoiceIllegal(reason(
                "error.choice_illegal", None, (),
                where=("effect", effect) if effect is not None else ("permanent", source),
                source=source, ability=0, value=value, options=options, text=Quote(text),
                **({"effect": effect} if effect is not None else {})), given)
    elif len(options) == 1:
        value, automatic = options[0], True
    else:
        raise ChoiceNeeded(Request(source, 0, 1, "may", options, text, src.controller,
                                   effect=effect))
    used = bound.__dict__.setdefault("cast_choices", [])
    chosen = Chosen(source, 0, 1, "may", value, automatic, effect)
    if chosen not in used:
        used.append(chosen)
    return bool(value)



def spell_chosen(bound: Any, ref: Any, src: Any) -> Optional[str]:
    """The creature ``ref.player`` chose as the spell resolved (608.2d: "Target opponent
    chooses a creature they control."): the choice of the board's effect that is the
    spell (``{"effect": n, "chosen": id}``), among the creatures that player controls. One
    creature: chosen by itself; none: nothing chosen (None); missing with several: bad
    input naming the effect and the player who chooses (``ChoiceNeeded``: best-* search
    it when that player is the deciding side's)."""
    board = bound.board
    if src.kind != "effect" or src.effect_index is None:
        return None
    effect = src.effect_index
    player = bound.player_of(ref.player, src)
    options = tuple(p.id for p in board.permanents if p.controller == player and p.is_creature)
    given = next((c for c in board.choices if c.effect == effect + 1 and c.chosen is not None),
                 None)
    if given is not None:
        if given.chosen not in options:
            raise ChoiceIllegal(reason(
                "error.choice_illegal", None, (), where=("effect", effect), source=None,
                ability=0, value=given.chosen, options=options, text=Quote(src.sentence),
                effect=effect), given)
        value, automatic = given.chosen, False
    elif len(options) == 1:
        value, automatic = options[0], True
    elif not options:
        return None
    else:
        raise ChoiceNeeded(Request(None, 0, 1, "chosen", options, src.sentence, player,
                                   effect=effect))
    used = bound.__dict__.setdefault("cast_choices", [])
    chosen = Chosen(None, 0, 1, "chosen", value, automatic, effect)
    if chosen not in used:
        used.append(chosen)
    return value


__all__ = ["cast_choice", "spell_chosen"]
