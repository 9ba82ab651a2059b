"""Transformer methods for static effects of real cards on combat (issue 26): keywords
lost (613.1f), players who can't get poison counters, creatures that can't have -1/-1
counters put on them (122.1, 120.3), lethal damage by power (120.6, 704.5g), prevention
of all damage (615.1)."""

from __future__ import annotations

from lark import Transformer, v_args

from ...rules import abilities as A
from ...rules import combat_abilities as C
from .words import _Fail


def _keyword_names(abilities) -> tuple[str, ...]:
    names = []
    for a in abilities:
        if not isinstance(a, A.Keyword):
            raise _Fail("only parameterless keywords are lost")
        names.append(a.name)
    return tuple(names)


@v_args(inline=True)
class StaticsMixin(Transformer):
    """Static effects on combat (mixed into the transformer)."""

    def lose_keywords(self, abilities):
        """613.1f: "[subject] loses [keywords] [until end of turn]"."""
        names = _keyword_names(abilities)
        return lambda subject: [C.LoseKeywords(names, subject)]

    def cant_have_keywords(self, abilities):
        """613.1f: "[subject] can't have or gain [keywords]" -- whatever grants them."""
        names = _keyword_names(abilities)
        return lambda subject: [C.LoseKeywords(names, subject, for_good=True)]

    def no_minus_counters(self, tok):
        """122.1, 120.3d: "[subject] can't have -1/-1 counters put on them"."""
        if str(tok) != "-1/-1":
            raise _Fail("only -1/-1 counters")
        return lambda subject: [C.NoMinusCounters(subject)]

    def statics_statement(self, abilities):
        return abilities

    def cant_get_poison(self):
        """"You can't get poison counters." (122.1f, 120.3b, 702.164c)."""
        return [C.CantGetPoison(A.YouRef())]

    def lethal_by_power(self, group):
        """120.6, 704.5g: "Lethal damage dealt to [creatures] is determined by their power
        rather than their toughness"."""
        return [C.LethalByPower(group)]

    def prevent_all_damage(self):
        return None

    def prevent_any_damage(self, *args):
        """615.1: "Prevent all damage that would be dealt [this turn] [to X] [by Y]" --
        combat damage among all other (Glacial Chasm)."""
        scopes = [a for a in args if isinstance(a, list)]
        if not scopes:
            return [C.Prevention(combat_only=False)]
        return [C.Prevention(**{k: v if k == "players" else _subject(v)},
                             combat_only=False) for k, v in scopes[0]]

    def prevent_any_to_you_by(self, *args):
        """615.1: "Prevent all damage that would be dealt to you [this turn] by
        [creatures]" (Scarecrow, Deep Wood)."""
        subject = [a for a in args if a is not None and not isinstance(a, list)][-1]
        return [C.Prevention(to=A.YouRef(), by=subject, combat_only=False)]


def _subject(s):
    return s if s is not None else A.YouRef()
