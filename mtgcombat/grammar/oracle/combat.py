"""Transformer methods for what happens in combat: prevention (615), what creatures
assign their combat damage from (510.1a), keywords with a number (702)."""

from __future__ import annotations

from lark import Transformer, v_args

from ...rules import abilities as A
from ...rules import combat_abilities as C


@v_args(inline=True)
class CombatMixin(Transformer):
    """Prevention, damage changers, numbered keywords (mixed into the transformer)."""

    # -- keywords with a number --------------------------------------------------------
    def kw_numbered(self, word, n):
        """A keyword with a number (the keyword table's ``NUMBERED``): 702.164 toxic N,
        702.45 bushido N, 702.23 rampage N, 702.130 afflict N, 702.70 poisonous N."""
        return [C.KeywordN(str(word), int(n))]

    # -- prevention (615) ------------------------------------------------------------------
    def prevent_all(self):
        return None

    def ps_to_and_by(self, subject):
        return [("to", subject), ("by", subject)]

    def ps_to_you(self):
        return [("to", A.YouRef())]

    def ps_to_players(self):
        return [("players", True)]

    def ps_to(self, subject):
        return [("to", subject)]

    def ps_by(self, subject):
        return [("by", subject)]

    def prevent_combat_damage(self, *args):
        """615.1: "Prevent all combat damage that would be dealt [this turn] [to X] [by
        Y]" (Fog; "to and dealt by that creature": both)."""
        scopes = [a for a in args if isinstance(a, list)]
        if not scopes:
            return [C.Prevention()]
        return [C.Prevention(**{k: v if k == "players" else _subject(v)})
                for k, v in scopes[0]]

    def prevent_damage_by(self, subject):
        """615.1: "Prevent all combat damage [creatures] would deal this turn"."""
        return [C.Prevention(by=_subject(subject))]

    def cant_prevent_all(self):
        """615.12: "Damage can't be prevented [this turn]"."""
        return [C.CantBePrevented()]

    def cant_prevent_by(self, subject):
        """615.12: "[Combat] damage that would be dealt by [X] can't be prevented"."""
        return [C.CantBePrevented(by=_subject(subject))]

    # -- what a creature assigns (510.1a) ----------------------------------------------------
    def assigns_toughness(self):
        """510.1a: "[subject] assigns combat damage equal to its toughness rather than
        its power" (Doran, the Siege Tower; High Alert)."""
        return lambda subject: [C.AssignsToughness(subject)]

    def assigns_no_damage(self):
        """510.1a: "[subject] assigns no combat damage [this combat / this turn]"."""
        return lambda subject: [C.AssignsNoDamage(subject)]


def _subject(s):
    """A subject as the prevention effects hold it; "you" is the player."""
    return s if s is not None else A.YouRef()
