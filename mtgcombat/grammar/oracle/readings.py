"""Transformer methods for static declaration sentences read in issue 26 (helper
"readings"): forms of real cards that bear on declaring attackers and blockers (508.1,
509.1). Each method cites its rule; the grammar's section is at the end of
``oracle.lark``."""

from __future__ import annotations

from lark import Transformer, v_args

from ...rules import abilities as A
from .helpers import _num
from .words import _Fail, _Word, _noun_is_creature, _to_pred


class _Alternatives(list):
    """The words of a list of subtypes, each an alternative of a description."""


@v_args(inline=True)
class ReadingsMixin(Transformer):
    """Declaration readings of issue 26 (mixed into the transformer)."""

    def subtype_list(self, tok):
        """205.3: "Krakens, Leviathans, Octopuses, and Serpents" -- a creature of any of
        these subtypes: each one an alternative of the description (:meth:`desc`)."""
        return _Alternatives([_Word("cap", None, w) for w in str(tok).split("|")])

    def desc(self, *parts):
        expanded: list = []
        for p in parts:
            expanded.extend([[w] for w in p] if isinstance(p, _Alternatives) else [p])
        return super().desc(*expanded)  # type: ignore[misc]

    # -- 508.1d: requirements that exist once something attacks ---------------------------
    def if_one_attacks(self, desc, group):
        """508.1d: "If a creature with a magnet counter on it attacks, all creatures with
        magnet counters on them attack if able" (Magnetic Web): each creature of the
        group attacks if able once a creature of that description attacks."""
        if not _noun_is_creature(desc):
            raise _Fail("only creatures attack")
        if not isinstance(group, A.Group):
            raise _Fail("a requirement on a group")
        return [A.AttackIfAttacks(group, _to_pred(desc, "creature"))]

    # -- 508.1c: restrictions on a player's creatures -------------------------------------
    def you_cant_attack(self):
        """508.1c: "you can't attack with creatures" -- no creature you control attacks."""
        return [A.CantAttack(A.Group(controller=A.YouRef()))]

    def opponents_who_cast_cant_attack(self):
        """508.1c, 601: "Each opponent who cast a spell this turn can't attack with
        creatures" (Angelic Arbiter): the creatures of each opponent whose record shows a
        spell cast this turn."""
        fact = A.PlayerFact("spells", None, ">=", 1)
        return [A.CantAttack(A.Group(pred=A.ControllerFact(fact), opponents_of=A.YouRef()))]

    # -- 509.1b: conditions across players --------------------------------------------------
    def cond_defender_most(self):
        """"as long as defending player controls the most creatures or is tied for the
        most" (Hooded Horror): compared with every other player (508.5)."""
        return A.DefenderMost(A.TypePred("Creature"))

    def cond_defender_shares_type(self, n):
        """"defending player controls three or more creatures that share a creature type"
        (Graxiplon; 205.3m)."""
        return A.DefenderSharesType(int(_num(n)))

    def cant_be_blocked_unless(self, cond):
        """509.1b, 611.3a: "can't be blocked unless [condition about the defending player
        or the board]" -- unblockable while the condition doesn't hold."""
        if not isinstance(cond, (A.DefenderControls, A.DefenderMost, A.DefenderSharesType,
                                 A.PlayerControls)):
            raise _Fail("\"can't be blocked unless\" with a condition of another kind")
        return lambda subject: [A.CantBeBlockedIf(subject, cond, unless=True)]

    def blocked_unless_pays(self, mana):
        """509.1d: "can't be blocked unless defending player pays {3} for each creature they
        control that's blocking it" (Awesome Presence): each creature blocking it costs its
        controller that much."""
        def vp(subject):
            if not isinstance(subject, (A.SelfRef, A.AttachedRef)):
                raise _Fail("a cost to block a group")
            return [A.BlockCost(str(mana), A.Group(), attackers=A.ThisObject(subject))]
        return vp

    # -- "they": the group a sentence is about ---------------------------------------------
    def subject_statement(self, subject, vps):
        if isinstance(subject, A.Group):
            self._group_subject = subject
        return super().subject_statement(subject, vps)  # type: ignore[misc]

    def anaphor_those(self):
        """"Survivors your opponents control can't block, and they can't attack you":
        "they" is the group the sentence's first statement is about (when no group of
        targets was named before)."""
        try:
            return super().anaphor_those()  # type: ignore[misc]
        except _Fail:
            group = getattr(self, "_group_subject", None)
            if group is None:
                raise
            return group
