"""Transformer methods for attacking (508.1c-d), blocking (509.1b-c), their costs,
damage assignment (510.1), granted abilities (613) and goad (701.15)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any


from lark import Transformer, v_args

from ...rules import abilities as A
from ...rules import triggered as T
from .words import (
    _Fail, _and, _noun_is_creature, _singular, _to_pred,
)

from .state import _DEFENDER_DIVIDES, _Cond
from .helpers import _AS_THOUGH_HAD, _AS_THOUGH_LACKED, _num, _same_subject

@v_args(inline=True)
class _DeclarationRules(Transformer):
    """Attack and block restrictions, requirements and costs (mixed into the transformer)."""

    def attack_cap(self, n, who=None):
        """508.1c, 802.3a: "No more than N creatures can attack [you] each combat"."""
        if who is None:
            return [A.AttackCap(_num(n))]
        return [A.AttackCap(_num(n), defender=A.YouRef(), include_permanents=who == "permanents")]

    def attack_not_odd(self):
        """508.1c: "You can't attack with an odd number of creatures" (Rule with an Even
        Hand); a restriction on the whole attack of the effect's controller."""
        return [A.AttackParity(even=True)]

    def attack_not_even(self):
        """508.1c: the same restriction with the other parity."""
        return [A.AttackParity(even=False)]

    def cap_you(self):
        return "you"

    def cap_you_and_permanents(self):
        return "permanents"

    def block_cap(self, n):
        """509.1b: "No more than N creatures can block each combat"."""
        return [A.BlockCap(_num(n))]

    def assign_unblocked(self, subject):
        """510.1c-style: assign combat damage as though it weren't blocked (702.19e)."""
        return [A.AssignAsThoughUnblocked(subject)]

    def defender_assigns(self):
        """Defensive Formation: the defending player assigns attackers' damage (510.1)."""
        self.st.defender_assigns = True
        return [A.DefenderAssignsDamage()]

    def defender_divides(self):
        """Second sentence of Defensive Formation: part of :class:`DefenderAssignsDamage`."""
        if not self.st.defender_assigns:
            raise _Fail("divides damage without the defender assigning it")
        return _DEFENDER_DIVIDES

    # -- attacking (508.1) -------------------------------------------------------
    def aw_you(self):
        return ("you", False)

    def aw_you_and_permanents(self):
        return ("you", True)

    def aw_planeswalkers(self):
        return ("planeswalker", False)

    def cant_attack(self, who=None):
        """508.1c: "[subject] can't attack [you / planeswalkers]"."""
        def vp(subject):
            if who is None:
                return [A.CantAttack(subject)]
            what, perms = who
            if what == "you":
                return [A.CantAttack(subject, target=A.YouRef(), include_permanents=perms)]
            return [A.CantAttack(subject, target_kind="planeswalker")]
        return vp

    def if_self_attacks(self, me, group):
        """508.1d: "If ~ attacks, all creatures you control attack if able" (Viashino
        Bey): each of them attacks if able once the source does."""
        return [A.AttackIfAttacks(group)]

    def self_if_attacks(self, desc, me):
        """508.1d: "If a creature you control attacks, ~ also attacks if able" (Ekundu
        Cyclops)."""
        if not _noun_is_creature(desc):
            raise _Fail("only creatures attack")
        return [A.AttackIfAttacks(me, _to_pred(desc, "creature"))]

    def attack_unless(self, *args):
        """508.1c: "can't attack unless [condition]"."""
        return self._attack_condition(args, unless=True)

    def attack_if(self, *args):
        """508.1c: "can't attack if [condition]"."""
        return self._attack_condition(args, unless=False)

    def _attack_condition(self, args, unless):
        if len(args) != 1:
            raise _Fail("a conditional restriction on attacking one player")
        cond = args[0]
        if isinstance(cond, _Cond):
            if not isinstance(cond.cond, (A.HandCount, A.PlayerFact)):
                raise _Fail("a condition of this kind on attacking")
            # fixed on the board: the restriction applies while it holds (611.3a)
            return lambda subject: [A.Conditional(cond.cond, (A.CantAttack(subject),),
                                                  unless)]
        return lambda subject: [A.AttackCondition(subject, cond, unless=unless)]

    def attack_cost(self, *args):
        """508.1d, 508.1g-h: "can't attack [you] unless their controller pays [cost]"."""
        who = args[0] if len(args) == 2 else None
        kind, cost, each = args[-1]
        if kind == "life":
            raise _Fail("a life cost on attacking")
        if isinstance(each, tuple):
            # "for each green creature they control that's attacking": the creatures
            # the restriction is about, or the sentence is not read
            def per_attacker(subject, pred=each[1]):
                if not isinstance(subject, A.Group) or subject.pred != pred:
                    raise _Fail("a cost per attacking creature of another kind")
                return [A.AttackCost("" if kind == "remove" else cost, subject,
                                     remove=cost if kind == "remove" else None)]
            if who is not None:
                raise _Fail("a cost per attacking creature of a kind, on attacking you")
            return per_attacker
        if kind == "remove":
            if who is not None or each is not None:
                raise _Fail("a removal cost of another kind")
            return lambda subject: [A.AttackCost("", subject, remove=cost)]
        if each in ("blocking",):
            raise _Fail("a blocking cost on attacking")
        if each == "attacking you" and (who is None or who[0] != "you"):
            raise _Fail("cost per creature attacking you, on another restriction")
        if who is not None and who[0] != "you":
            raise _Fail("attack cost for planeswalkers only")
        defender = A.YouRef() if who is not None else None
        perms = bool(who and who[1])
        x = each if isinstance(each, (A.CountersOn, A.HandSize)) else None
        return lambda subject: [A.AttackCost(cost, subject, defender=defender,
                                             include_permanents=perms, x=x)]

    def attack_or_block_cost(self, cost_clause):
        """508.1d + 509.1d: "can't attack or block unless [you pay] [cost]"."""
        kind, cost, each = cost_clause
        if kind in ("life", "remove"):
            raise _Fail("a life or removal cost on attacking and blocking")
        if isinstance(each, (A.CountersOn, A.HandSize)):
            return lambda subject: [A.AttackCost(cost, subject, x=each),
                                    A.BlockCost(cost, subject, x=each)]
        if each not in (None, "those"):
            raise _Fail("per-creature cost of one kind only")
        return lambda subject: [A.AttackCost(cost, subject), A.BlockCost(cost, subject)]

    def pay_their(self, mana, each=None):
        return ("their", str(mana), each)

    def pay_single(self, mana):
        return ("single", str(mana), None)

    def pay_sacrifice(self, amount, each=None):
        """"unless you sacrifice a land", "... two Islands" (701.21a), "unless their
        controller sacrifices a land for each green creature they control that's
        attacking" (Flooded Woodlands): permanents of the paying player."""
        pred, count = amount
        return ("remove", A.RemovalCost("sacrifice", pred, count), each)

    def pay_sacrifice_n(self, n, desc):
        """"unless you sacrifice two Islands" (701.21a): that many different ones."""
        return ("remove", A.RemovalCost("sacrifice", _to_pred(desc, "permanent"),
                                        int(_num(n))), None)

    def pay_return(self, amount):
        """"unless you return an enchantment you control to its owner's hand"."""
        pred, count = amount
        return ("remove", A.RemovalCost("return", pred, count), None)

    def pe_attacking_desc(self, desc):
        """"for each green creature they control that's attacking": one payment per
        attacking creature of the group the restriction is about (checked against the
        subject in :meth:`attack_cost`)."""
        return ("attacking", _to_pred(desc, "creature"))

    def pay_their_life(self, n, each=None):
        """"unless their controller pays 1 life for each blocking creature they control"
        (Heat Wave; 119.4)."""
        return ("life", int(_num(n)), each)

    def pay_single_per(self, mana, per):
        """"unless you pay {1} for each +1/+1 counter on it", "unless its controller pays
        {1} for each card in your hand": {X}, X counted on the board (107.3a)."""
        if str(mana) != "{1}":
            raise _Fail("a cost per thing other than {1}")
        return ("single", "{X}", per)

    def pp_counters(self, kind):
        """"for each +1/+1 counter on it": the counters on the creature (122.1)."""
        return A.CountersOn(str(kind))

    def pp_hand(self):
        """"for each card in your hand" (402): the source's controller's hand."""
        return A.HandSize(A.YouRef())

    def pe_attacking_you(self):
        return "attacking you"

    def pe_those(self):
        return "those"

    def pe_attacking(self):
        return "attacking"

    def pe_blocking(self):
        return "blocking"

    def cant_attack_or_block(self):
        """508.1c + 509.1b: "can't attack or block"."""
        return lambda subject: [A.CantAttack(subject), A.CantBlock(subject)]

    def cant_attack_alone(self):
        """508.1c, 506.5: "can't attack alone"."""
        return lambda subject: [A.CantAttackAlone(subject)]

    def cant_attack_or_block_alone(self):
        """508.1c, 509.1b, 506.5: "can't attack or block alone"."""
        return lambda subject: [A.CantAttackAlone(subject), A.CantBlockAlone(subject)]

    def can_only_attack_alone(self):
        """508.1c, 506.5: "can attack only alone"."""
        return lambda subject: [A.CanOnlyAttackAlone(subject)]

    def at_player(self, ref):
        return ref

    def at_object(self, ref):
        return ref

    def at_target_planeswalker(self):
        return self._new_target("planeswalker")

    def attack_requirement(self, target=None):
        """508.1d: "[subject] attacks [target] each combat if able"."""
        return lambda subject: [A.AttackRequirement(subject, target=target)]

    def attack_or_block_requirement(self):
        """508.1d + 509.1c: "attacks or blocks each combat if able"."""
        return lambda subject: [A.AttackRequirement(subject), A.BlockRequirement(subject)]

    def attack_despite_defender(self, *self_tok):
        """609.4, 702.3b: "can attack as though it didn't have defender"."""
        return lambda subject: [A.AttackAsThough(_same_subject(subject, self_tok), lacked="defender")]

    def attack_as_though_haste(self, *self_tok):
        """609.4, 302.6: "can attack as though it had haste"."""
        return lambda subject: [A.AttackAsThough(_same_subject(subject, self_tok), had="haste")]

    def cond_defender_controls(self, amount):
        """508.1c: "unless defending player controls an Island"."""
        pred, count = amount
        return A.DefenderControls(pred, count)

    def cond_you_control(self, amount):
        pred, count = amount
        return A.PlayerControls(A.YouRef(), pred, count)

    def hand_you_ge(self, n):
        """"you have seven or more cards in hand" (402)."""
        return _Cond(A.HandCount(A.YouRef(), ">=", int(_num(n))))

    def hand_you_le(self, n):
        """"you have one or fewer cards in hand" (402)."""
        return _Cond(A.HandCount(A.YouRef(), "<=", int(_num(n))))

    def hand_you_none(self):
        """"you have no cards in hand" (Hellbent)."""
        return _Cond(A.HandCount(A.YouRef(), "<=", 0))

    def hand_any_none(self):
        """"a player has no cards in hand" (Lupine Prototype)."""
        return _Cond(A.HandCount(None, "<=", 0))

    # -- facts the board records of players (PlayerFact) -------------------------------
    def gy_you(self, n):
        """"as long as seven or more cards are in your graveyard" (404; threshold)."""
        return _Cond(A.PlayerFact("graveyard", A.YouRef(), ">=", int(_num(n))))

    def gy_types_you(self, n):
        """"four or more card types among cards in your graveyard" (205.2a; delirium)."""
        return _Cond(A.PlayerFact("graveyard_types", A.YouRef(), ">=", int(_num(n))))

    def gy_opponent(self, n):
        """"an opponent has eight or more cards in their graveyard": some opponent."""
        return _Cond(A.PlayerFact("graveyard", A.OpponentRef(), ">=", int(_num(n))))

    def monarch_you(self):
        """"as long as you're the monarch" (725)."""
        return _Cond(A.PlayerFact("monarch", A.YouRef()))

    def blessing_you(self):
        """"you have the city's blessing" (702.131c)."""
        return _Cond(A.PlayerFact("blessing", A.YouRef()))

    def spells_you(self, kind):
        """"you've cast a creature spell this turn" (601)."""
        return _Cond(A.PlayerFact("spells", A.YouRef(), kind=kind))

    def sk_any(self):
        return None

    def sk_creature(self):
        return "creature"

    def sk_noncreature(self):
        return "noncreature"

    def sk_historic(self):
        return "historic"

    def sk_instant_or_sorcery(self):
        return "instant_or_sorcery"

    def damage_opponent(self):
        """"an opponent has been dealt damage this turn" (120.3)."""
        return _Cond(A.PlayerFact("damage", A.OpponentRef()))

    def died_you(self):
        """"a creature died under your control this turn" (700.4)."""
        return _Cond(A.PlayerFact("died", A.YouRef()))

    def drawn_you(self, n):
        """"you've drawn two or more cards this turn" (121)."""
        return _Cond(A.PlayerFact("drawn", A.YouRef(), ">=", int(_num(n))))

    def defender_monarch(self):
        """508.1c, 508.5: "can't attack unless defending player is the monarch" -- per
        player it would attack."""
        return A.PlayerFact("monarch", A.DefendingPlayerRef())

    def defender_graveyard(self, n):
        """508.1c, 508.5: "unless defending player has seven or more cards in their
        graveyard" -- per player it would attack."""
        return A.PlayerFact("graveyard", A.DefendingPlayerRef(), ">=", int(_num(n)))

    def cond_defender_poisoned(self):
        """508.1c: "can't attack unless defending player is poisoned" (122.1f)."""
        return A.DefenderPoisoned()

    def cond_others_attack(self, n):
        """"unless at least two other creatures attack"."""
        return A.OthersAttack(A.ANY, _num(n))

    def cond_other_attacks(self, desc):
        """"unless a black or green creature also attacks" / "... with greater power"."""
        if not _noun_is_creature(desc):
            raise _Fail("only creatures attack")
        return A.OthersAttack(_to_pred(desc, "creature"), 1)

    def amount_one(self, desc):
        return (_to_pred(desc, "permanent"), 1)

    def amount_another(self, desc):
        """"you control another Zombie": one matching permanent other than this one."""
        return (A.AndPred((A.NotSelfPred(), _to_pred(desc, "permanent"))), 1)

    def cond_others_block(self, n):
        """509.1b: "unless at least two other creatures block"."""
        return A.OthersBlock(A.ANY, _num(n))

    def cond_other_blocks(self, desc):
        """509.1b: "unless a creature with greater power also blocks"."""
        if not _noun_is_creature(desc):
            raise _Fail("only creatures block")
        return A.OthersBlock(_to_pred(desc, "creature"), 1)

    def block_unless(self, cond):
        """509.1b: "[subject] can't block unless [condition]"."""
        return self._block_condition(cond, unless=True)

    def block_if(self, cond):
        """509.1b: "[subject] can't block if [condition]"; "... if it's black" (a quality
        of the creature: :class:`Conditional`)."""
        return self._block_condition(cond, unless=False)

    def _block_condition(self, cond, unless: bool):
        if isinstance(cond, _Cond):
            if not isinstance(cond.cond, (A.ObjectIs, A.HandCount, A.PlayerFact)):
                raise _Fail("a condition of this kind on blocking")
            return lambda subject: [A.Conditional(cond.cond, (A.CantBlock(subject),),
                                                  unless != cond.unless)]
        return lambda subject: [A.BlockCondition(subject, cond, unless=unless)]

    def attack_or_block_unless_you_control(self, amount):
        """508.1c, 509.1b: "can't attack or block unless you control [...]": the same
        condition restricts both."""
        pred, count = amount
        cond = A.PlayerControls(A.YouRef(), pred, count)
        return lambda subject: [A.AttackCondition(subject, cond, unless=True),
                                A.BlockCondition(subject, cond, unless=True)]

    def amount_n(self, n, desc):
        return (_to_pred(desc, "permanent"), _num(n))

    def amount_n_other(self, n, desc):
        """"at least three other creatures": other than the creature it is about."""
        return (_and([A.NotSelfPred(), _to_pred(desc, "permanent")]), _num(n))

    def cond_more_than_defender(self, desc):
        """508.1c: "unless you control more creatures than defending player"."""
        return A.MoreThan(_to_pred(desc, "permanent"), "defending")

    def cond_more_than_attacker(self, desc):
        """509.1b: "unless you control more lands than attacking player"."""
        return A.MoreThan(_to_pred(desc, "permanent"), "attacking")

    def cond_on_battlefield(self, amount):
        """"unless there is a Mountain on the battlefield" -- whoever controls it."""
        pred, count = amount
        return A.OnBattlefield(pred, count)

    def attack_or_block_unless(self, cond):
        """508.1c, 509.1b: "can't attack or block unless [a fact of the battlefield]";
        "... unless it's equipped" (a quality of the creature: :class:`Conditional`)."""
        if isinstance(cond, _Cond):
            if not isinstance(cond.cond, (A.ObjectIs, A.HandCount, A.PlayerFact)):
                raise _Fail("a condition of this kind on attacking and blocking")
            return lambda subject: [A.Conditional(
                cond.cond, (A.CantAttack(subject), A.CantBlock(subject)), not cond.unless)]
        return lambda subject: [A.AttackCondition(subject, cond, unless=True),
                                A.BlockCondition(subject, cond, unless=True)]

    def attack_requirement_unless(self, amount):
        """508.1d, 611.3a: "attacks each combat if able unless you control another Ally"."""
        pred, count = amount
        cond = A.PlayerControls(A.YouRef(), pred, count)
        return lambda subject: [A.Conditional(cond, (A.AttackRequirement(subject),), unless=True)]

    def that_are(self, pred):
        """"creatures that are enchanted / tapped" (a quality, 303.4b)."""
        return pred

    def attack_or_block_if(self, cond):
        """508.1c, 509.1b: "can't attack or block if an enchantment is on the battlefield"."""
        return lambda subject: [A.AttackCondition(subject, cond, unless=False),
                                A.BlockCondition(subject, cond, unless=False)]

    # -- blocking (509.1) ------------------------------------------------------
    def cant_block(self, what=None):
        """509.1b: "[subject] can't block [creatures matching ...]"; "[group] can't
        block [it]" is the attacker's restriction: it can't be blocked by them."""
        if what is None:
            return lambda subject: [A.CantBlock(subject)]
        kind, value = what
        if kind == "desc":
            pred = _to_pred(value, "creature")
            return lambda subject: [A.CantBlock(subject, attacker_pred=pred)]

        def vp(subject):
            if isinstance(subject, (A.TargetRef, T.Target)) \
                    and isinstance(value, (A.SelfRef, A.AttachedRef)):
                # 509.1b: "Target creature can't block this creature this turn" (Fearsome
                # Temper's granted ability): one creature can't block the very object the
                # ability is about (its source, or what it is attached to).
                one: Any = subject  # a target: the static grammar's or an effect's
                return [A.CantBlock(one, attacker_pred=A.ThisObject(value))]
            if getattr(self.st, "effects", None) is not None:
                # inside an effect the statement's subject is what the effect is about
                # (written back as "Target creature ..."): the attacker's restriction is
                # about another object -- not read there
                raise _Fail("a group that can't block an object, inside an effect")
            if not isinstance(subject, A.Group) or subject.other or subject.opponents_of \
                    or subject.attacking is not None or subject.blocking is not None:
                raise _Fail("can't block a specific creature")
            parts = [subject.pred]
            if subject.controller is not None:
                parts.append(A.ControllerPred(subject.controller))
            return [A.CantBeBlockedBy(value, _and(parts))]
        return vp

    def bw_desc(self, desc):
        return ("desc", desc)

    def bw_object(self, ref):
        return ("object", ref)

    def block_desc_cost(self, desc, cost_clause):
        """509.1d: "Nonblue creatures can't block creatures you control unless their
        controller pays 1 life for each blocking creature they control" (Heat Wave): a
        cost for blocking those attackers."""
        pred = _to_pred(desc, "creature")
        return lambda subject: [replace(ab, attackers=pred)
                                for ab in self.block_cost(cost_clause)(subject)]

    def block_cost(self, cost_clause):
        """509.1d: "creatures can't block unless their controller pays [cost] for each
        blocking creature" (War Cadence)."""
        kind, cost, each = cost_clause
        if kind == "remove":
            raise _Fail("a removal cost on blocking")
        if kind == "life":
            if each not in (None, "blocking"):
                raise _Fail("a life cost per attacking creature on blocking")
            return lambda subject: [A.BlockCost("", subject, life=cost)]
        if isinstance(each, (A.CountersOn, A.HandSize)):
            return lambda subject: [A.BlockCost(cost, subject, x=each)]
        if each not in (None, "blocking", "those"):
            raise _Fail("an attacking cost on blocking")
        return lambda subject: [A.BlockCost(cost, subject)]

    def cant_block_alone(self):
        """509.1b, 506.5: "can't block alone"."""
        return lambda subject: [A.CantBlockAlone(subject)]

    def can_block_only(self, desc):
        """509.1b: "can block only creatures with flying"."""
        pred = _to_pred(desc, "creature")
        return lambda subject: [A.CanBlockOnly(subject, pred)]

    def block_capacity(self, extra):
        """509.1a: "can block an additional creature", "any number of creatures"."""
        if isinstance(extra, tuple):  # one more for each Equipment attached to it
            return lambda subject: [A.BlockCapacity(subject, 1, per_attached=extra[1])]
        return lambda subject: [A.BlockCapacity(subject, extra)]

    def extra_per_attached(self, subtype, *_self):
        """"can block an additional creature each combat for each Equipment attached to
        ~" (Kemba's Legion; 301.5)."""
        return ("per_attached", _singular(str(subtype)))

    def extra_one(self):
        return 1

    def extra_n(self, n):
        return _num(n)

    def extra_any(self):
        return None

    def block_target(self, ref):
        return ref

    def block_requirement(self, attacker=None):
        """509.1c: "[subject] blocks [attacker] each combat/this turn if able". A creature
        never blocks itself: "Another target creature blocks it" -- "it" is the object
        named before the subject (Feral Contest: the first target)."""
        if attacker is not None and not isinstance(attacker, (A.SelfRef, A.TargetRef,
                                                              A.TargetGroup)):
            raise _Fail("block requirement on an unknown attacker")
        before = self.st.before_last

        def vp(subject):
            target = attacker
            if isinstance(target, A.TargetGroup) and target != subject:
                raise _Fail("a group of creatures can't be the blocked creature")
            if target is not None and target == subject:
                if not isinstance(before, (A.SelfRef, A.TargetRef)) or before == subject:
                    raise _Fail("\"it\" can't be the blocking creature itself")
                target = before
            assert not isinstance(target, A.TargetGroup)  # refused or replaced above
            return [A.BlockRequirement(subject, attacker=target)]
        return vp

    def block_each_attacker(self):
        """509.1c: "blocks each attacking creature this turn if able"."""
        return lambda subject: [A.BlockEachAttacker(subject)]

    def block_while_tapped(self):
        """609.4: "Tapped creatures you control can block as though they were untapped"
        (Masako the Humorless): 509.1a doesn't stop them."""
        return lambda subject: [A.BlockWhileTapped(subject)]

    def block_as_though_had(self, desc, *rest):
        """609.4: "can block creatures with shadow as though ~ had shadow" (702.28b),
        "can block Dragons as though it had reach" (702.9b)."""
        kw = str(rest[-1]).lower()
        if kw not in _AS_THOUGH_HAD:
            raise _Fail(f"blocking as though it had {kw}")
        pred = _to_pred(desc, "creature")
        return lambda subject: [A.BlockAsThough(_same_subject(subject, rest[:-1]), pred, had=kw)]

    def block_as_though_lacked(self, desc, kw):
        """609.4: "can block creatures with shadow as though they didn't have shadow"."""
        k = str(kw).lower()
        pred = _to_pred(desc, "creature")
        if pred != A.KeywordPred(k) or k not in _AS_THOUGH_LACKED:
            raise _Fail("as though they didn't have another ability")
        return lambda subject: [A.BlockAsThough(subject, pred, lacked=k)]

    def block_despite_landwalk(self):
        """609.4, 702.14c: "can block creatures with landwalk abilities as though they
        didn't have those abilities"."""
        return lambda subject: [A.BlockAsThough(subject, A.ANY, lacked="landwalk")]

    # -- being blocked (509.1b-c) ---------------------------------------------
    def cant_be_blocked(self):
        """509.1b: "can't be blocked"."""
        return lambda subject: [A.CantBeBlocked(subject)]

    def cant_be_blocked_except(self, desc):
        """509.1b: "can't be blocked except by creatures with flying / Walls"."""
        pred = _to_pred(desc, "creature")
        return lambda subject: [A.CantBeBlockedExcept(subject, by=pred)]

    def cant_be_blocked_except_n(self, n):
        """509.1b: "can't be blocked except by two or more creatures"."""
        return lambda subject: [A.CantBeBlockedExcept(subject, min_blockers=_num(n))]

    def cant_be_blocked_by(self, desc):
        """509.1b: "can't be blocked by [creatures with power 2 or less / Walls]"."""
        pred = _to_pred(desc, "creature")
        return lambda subject: [A.CantBeBlockedBy(subject, pred)]

    def cant_block_or_be_blocked_by(self, desc):
        """509.1b twice: "can't block or be blocked by creatures with power 2 or greater"
        (Sneaky Homunculus) -- it can't block them and they can't block it."""
        pred = _to_pred(desc, "creature")
        return lambda subject: [A.CantBlock(subject, attacker_pred=pred),
                                A.CantBeBlockedBy(subject, pred)]

    def cant_be_blocked_if(self, cond):
        """509.1b, 611.3a: "can't be blocked as long as defending player controls an
        artifact / you control a Gate / it's attacking alone / you control no other
        creatures"; "as long as it's enchanted / its power is 3 or less" (a quality of
        the creature itself: :class:`Conditional`)."""
        if cond == "alone":  # 506.5: no other creature is attacking
            return lambda subject: [A.CantBeBlockedIf(subject, A.OthersAttack(A.ANY, 1), unless=True)]
        if isinstance(cond, _Cond):
            if isinstance(cond.cond, (A.ObjectIs, A.PlayerFact, A.HandCount)):
                # fixed on the board (611.3a): "as long as you've drawn two or more
                # cards this turn", "if you've cast a historic spell this turn"
                return lambda subject: [A.Conditional(cond.cond, (A.CantBeBlocked(subject),), cond.unless)]
            return lambda subject: [A.CantBeBlockedIf(subject, cond.cond, unless=cond.unless)]
        return lambda subject: [A.CantBeBlockedIf(subject, cond)]

    def cond_attacking_alone(self):
        return "alone"

    def cant_be_blocked_by_more_than(self, n):
        """509.1b: "can't be blocked by more than one creature"."""
        return lambda subject: [A.CantBeBlockedByMoreThan(subject, _num(n))]

    def cant_be_blocked_unless_all(self):
        """509.1b: "can't be blocked unless all creatures defending player controls block it"."""
        return lambda subject: [A.CantBeBlockedUnlessAllBlock(subject)]

    def must_be_blocked(self, by=None):
        """509.1c: "[attacker] must be blocked [by two or more creatures] if able"."""
        kw = by or {}
        return lambda subject: [A.MustBeBlocked(subject, **kw)]

    def mb_min(self, n):
        return {"min_blockers": _num(n)}

    def mb_exactly(self, n):
        k = _num(n)
        return {"min_blockers": k, "exactly": k}

    def mb_desc(self, desc):
        return {"by": _to_pred(desc, "creature")}

    # -- grants and P/T ---------------------------------------------------------------
    def grant(self, abilities):
        """613.1f (layer 6): "[subject] has/gains [keywords]"."""
        return lambda subject: [A.Grant(subject, tuple(abilities))]

    def grant_while_in_combat(self, abilities, role):
        """611.3a, 506.4: "[subject] has [keywords] as long as it's attacking/blocking"."""
        def vp(subject):
            if isinstance(subject, A.Group):
                # "Creatures you control have X as long as they're attacking" =
                # "Attacking creatures you control have X".
                if subject.attacking is not None or subject.blocking is not None:
                    raise _Fail("an attacking/blocking group with a combat condition")
                group = (replace(subject, attacking=True) if role == "attacking"
                         else replace(subject, blocking=True))
                return [A.Grant(group, tuple(abilities))]
            return [A.GrantWhileInCombat(subject, tuple(abilities), role)]
        return vp

    def grant_if(self, abilities, cond):
        """611.3a, 613.1f: "[subject] has [keywords] as long as [condition]"."""
        c = cond if isinstance(cond, _Cond) else _Cond(cond)
        return lambda subject: [A.Conditional(c.cond, (A.Grant(subject, tuple(abilities)),), c.unless)]

    def ic_attacking(self):
        return "attacking"

    def ic_blocking(self):
        return "blocking"

    def goaded(self):
        """701.15a-b: "is goaded" -- by the controller of this ability's source."""
        return lambda subject: [A.Goaded(subject)]

    def pt_change(self, tok):
        """P/T changes are already part of the board's power and toughness."""
        return lambda subject: []

    def color_change(self, *toks):
        """"becomes red until end of turn": colors are already the board's current ones
        (105.2, like power and toughness)."""
        return lambda subject: []


