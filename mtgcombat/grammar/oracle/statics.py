"""Transformer methods for static effects of real cards on combat (issue 26): keywords
lost (613.1f), players who can't get poison counters, creatures that can't have -1/-1
counters put on them (122.1, 120.3), lethal damage by power (120.6, 704.5g), prevention
of all damage (615.1)."""

from __future__ import annotations

from lark import Transformer, v_args

from ...rules import abilities as A
from ...rules import combat_abilities as C
from .words import _Fail, _to_pred


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

    def prevent_any_to_by(self, *args):
        """615.1: "Prevent all damage that would be dealt to [X] by [Y]" (Champion Lancer:
        to itself, by creatures) -- one shield, both conditions."""
        to, by = [a for a in args if a is not None and not isinstance(a, list)][:2]
        return [C.Prevention(to=to, by=by, combat_only=False)]

    def prevent_any_to_you_by(self, *args):
        """615.1: "Prevent all damage that would be dealt to you [this turn] by
        [creatures]" (Scarecrow, Deep Wood)."""
        subject = [a for a in args if a is not None and not isinstance(a, list)][-1]
        return [C.Prevention(to=A.YouRef(), by=subject, combat_only=False)]


def _subject(s):
    return s if s is not None else A.YouRef()


@v_args(inline=True)
class StaticsMixin2(Transformer):
    """Groups' choices, exceptions by name, conditions of spells (mixed in)."""

    def assign_unblocked_group(self, subject):
        """510.1c-style: "You may have [creatures] assign their combat damage [this turn]
        as though they weren't blocked" -- each creature's controller chooses as its
        damage is assigned (the damage assignment says so)."""
        return [A.AssignAsThoughUnblocked(subject)]

    def assign_unblocked_forced(self, subject):
        """510.1c: "[creatures] assign their combat damage [this turn] as though they
        weren't blocked" (Outmaneuver) -- an instruction, not a choice: a blocked such
        creature assigns all its combat damage as an unblocked one would."""
        return [A.AssignAsThoughUnblocked(subject, forced=True)]

    def cond_spell_kicked(self):
        """601.2b, 702.33a: "if this spell was kicked" -- a choice its controller made as
        it was cast (:class:`~mtgcombat.rules.abilities.CastChoice`)."""
        return A.CastChoice("kicked")

    def cond_mana_spent(self, mana):
        """601.2g-h: "if {W}{U} was spent to cast this spell" -- how its controller paid,
        a choice made as it was cast (:class:`~mtgcombat.rules.abilities.CastChoice`)."""
        return A.CastChoice("mana", str(mana))

    def during_extra_turns(self, subject, vps):
        """500.7: "[subject] can't attack during extra turns" -- while this turn is an
        extra turn (the board's ``extra_turn``; a board that doesn't say is bad input)."""
        abilities = self.subject_statement(subject, vps)  # type: ignore[attr-defined]
        if not abilities:
            return []
        return [A.Conditional(A.ExtraTurn(), tuple(abilities))]

    def assign_unblocked_attached(self):
        """"Enchanted creature's controller may have it assign its combat damage as though
        it weren't blocked" (Indomitable Might)."""
        return [A.AssignAsThoughUnblocked(A.AttachedRef())]

    def except_for(self, *args):
        """"Except for [creatures named X] and [artifact creatures], [group] [verb
        phrases]": the group without creatures of those descriptions."""
        *descs, group, vps = args
        if not isinstance(group, A.Group):
            raise _Fail("except for: not a group")
        excluded = [_to_pred(d) for d in descs]
        pred = A.AndPred((group.pred, *(A.NotPred(p) for p in excluded))) \
            if not isinstance(group.pred, A.AnyPred) else (
                A.NotPred(excluded[0]) if len(excluded) == 1
                else A.AndPred(tuple(A.NotPred(p) for p in excluded)))
        from dataclasses import replace

        narrowed = replace(group, pred=pred)
        out: list = []
        for vp in vps:
            out.extend(vp(narrowed))
        return out

    def if_condition(self, cond, abilities):
        """608.2c: a spell's "If [condition], [effect]" -- as "as long as" (611.3a), judged
        on the board (which shows it as the spell resolved)."""
        return self._conditional(cond, abilities)  # type: ignore[attr-defined]
