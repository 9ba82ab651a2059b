"""Transformer methods for triggered abilities (603) and one-shot effects (608): the
``trigger``, ``instructions`` and ``exert`` start symbols of ``oracle.lark`` (its last
section) and the rule objects of :mod:`mtgcombat.rules.triggered`.

While an effect is read (``_State.effects`` is an :class:`EffectReading`), a few
methods of the static grammar mean something else: a P/T change is an instruction to
carry out (613.4c) rather than a fact already on the board, a target keeps the
qualities a legal choice must have (115.1), and "that creature" / "that player" are the
objects of the event that triggered the ability (603.2). An effect that the board
states from then on ("target creature can't block this turn") becomes a
:class:`~mtgcombat.rules.triggered.Continuous` with one sentence about "target
creature" that the Oracle reader reads back as that effect (checked here, so a
sentence is understood only when what it leaves on the board can be read again)."""

from __future__ import annotations

import dataclasses
import re
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Collection, Optional

from lark import Transformer, v_args

from ...rules import abilities as A
from ...rules import combat_abilities as C
from ...rules import triggered as T
from .helpers import _num
from .lexer import _COLORS
from .state import HOOKS, _State
from .words import _Fail, _desc_pred, _noun_is_creature, _singular, _to_pred


@dataclass
class EffectReading:
    """What the reading of one effect knows: the sentence (normalised, the card's name
    as "~"), the objects of the event ("that creature", "that player"), and the
    statements read so far (each a continuous effect to write back)."""

    sentence: str
    other: Optional[Any] = None  # "that creature": the creature on the other side
    player: Optional[Any] = None  # "that player"
    subject: Optional[Any] = None  # what "it" means after the event
    group: Optional[Any] = None  # what "they" means after the event (508.3d)
    statements: int = 0
    effects_read: list = field(default_factory=list)


@dataclass
class _IfYouDo:
    """"If you do, [effects]": joined to the "you may" of the ability before it."""

    effects: tuple


@dataclass
class _Stmt:
    """A statement read as an effect: its instructions and the continuous abilities it
    states (written back as a sentence, :class:`~mtgcombat.rules.triggered.Continuous`)."""

    effects: list
    continuous: list
    who: Any = None


#: Verbs of a plural subject and their singular forms ("creatures you control gain
#: trample" -> "Target creature gains trample").
_SINGULAR_VERBS = {"gain": "gains", "get": "gets", "have": "has", "attack": "attacks",
                   "block": "blocks", "assign": "assigns", "are": "is"}
#: Words that start a verb phrase (a statement's subject ends before the first).
_VP_WORDS = frozenset({"can't", "can", "has", "have", "gains", "gain", "gets", "get",
                       "attacks", "attack", "blocks", "block", "must", "is", "are", "assigns",
                       "assign", "loses", "lose"})
#: Plural phrases of a group's statement as one object of it says them (611.2c: the
#: effect is written back about each object, "Target creature ...").
_SINGULAR_PHRASES = (("assigns their combat damage", "assigns its combat damage"),
                     ("as though they weren't blocked", "as though it weren't blocked"))
_HEAD = re.compile(r"^(?:[^,]*),\s*(?:(?:intervening )?if [^,]*,\s*)?", re.I)
#: 603.4: the "if" right after a trigger condition is an intervening "if".
_INTERVENING = re.compile(r"^((?:when|whenever|at)\b[^,]*), if ", re.I)
_ANAPHORA = re.compile(r"\b(?:it|its|it's|they|them|their|that creature|that player|those)\b",
                       re.I)


def _body_text(ctx: EffectReading, trigger: bool) -> str:
    s = ctx.sentence.strip()
    if trigger:
        s = _HEAD.sub("", s, count=1)
    s = re.sub(r"^you may\s+", "", s, flags=re.I)
    return s.rstrip(".").strip()


def _vp_of(body: str) -> str:
    """The verb phrases of a statement's text: what follows its subject."""
    words = body.split(" ")
    for i, w in enumerate(words):
        if w.lower() in _VP_WORDS:
            if i == 0:
                raise _Fail("a statement without a subject")
            out = list(words[i:])
            for k, x in enumerate(out):
                if k == 0 or out[k - 1].lower() == "and" or out[k - 1].endswith(","):
                    out[k] = _SINGULAR_VERBS.get(x.lower(), x)
            return " ".join(out)
    raise _Fail("no verb phrase")


#: Set while a sentence written back onto the board is read again: it must read as a
#: static effect (not as a one-shot instruction).
_STATIC_ONLY: ContextVar[bool] = ContextVar("mtgcombat_static_only", default=False)


def _reads_back(text: str) -> Optional[A.TextReading]:
    """How the Oracle reader reads ``text`` as an effect on the board, when it reads it
    whole with a rule object other than a P/T change (which the board's numbers hold);
    else None."""
    token = _STATIC_ONLY.set(True)
    try:
        r = HOOKS["read"](text, None)
    finally:
        _STATIC_ONLY.reset(token)
    ok = not r.not_understood and len(r.understood) == 1 and bool(r.understood[0].abilities)
    return r if ok else None


@v_args(inline=True)
class TriggerMixin(Transformer):
    """Triggered abilities and effects (mixed into the transformer, before the static
    rules: some of their methods read differently inside an effect)."""

    # -- what reads differently inside an effect -------------------------------------------
    @property
    def _fx(self) -> Optional[EffectReading]:
        return getattr(self.st, "effects", None)

    def pt_change(self, tok):
        """613.4c: inside an effect, "gets +N/+M until end of turn" is an instruction."""
        if self._fx is None:
            return super().pt_change(tok)  # type: ignore[misc]
        text = str(tok)
        m = re.fullmatch(r"([+-]\d+)/([+-]\d+)", text)
        if not m:
            raise _Fail("a P/T change with X or *")
        p, t = int(m.group(1)), int(m.group(2))
        return lambda subject: [T.PTChange(_who(subject), p, t)]

    def target_object(self, desc):
        """115.1: inside an effect a target keeps its qualities (a legal choice has them)."""
        if self._fx is None:
            return super().target_object(desc)  # type: ignore[misc]
        return self._target(desc, other=False)

    def target_another(self, desc):
        """115.3: "another target [creature]" -- inside an effect, not the source."""
        if self._fx is None:
            return super().target_object(desc)  # type: ignore[misc]
        return self._target(desc, other=True)

    def _target(self, desc, other: bool, optional: bool = False) -> T.Target:
        extra = None
        roles = [a for a in desc.alts if len(a) == 1 and a[0].kind in ("attacking", "blocking")]
        if roles and len(roles) == len(desc.alts) - 1 and desc.alts[-1][0].kind in (
                "attacking", "blocking") and desc.alts[-1][-1].kind == "creature":
            # "target attacking or blocking creature" (506.4): either role
            kinds = [a[0].kind for a in desc.alts]
            extra = _or2([A.InCombatPred(k) for k in kinds])
            desc = dataclasses.replace(desc, alts=[desc.alts[-1][1:]])
        if len(desc.alts) > 1 and not all(a[-1].kind == "creature" or a[-1].kind == "cap"
                                          for a in desc.alts):
            raise _Fail("a target with alternatives of several kinds")
        last = desc.alts[-1][-1]
        if last.text.endswith("s") and last.kind != "cap":
            raise _Fail("plural target")
        if last.kind in ("creature", "cap"):
            kind = "creature"
            pred, flags = _desc_pred(desc, "creature", allow_flags=True)
        elif last.kind == "permanent":
            kind = "permanent"
            pred, flags = _desc_pred(desc, "permanent", allow_flags=True)
        elif last.kind == "type" and last.text in ("planeswalker", "artifact", "enchantment",
                                                   "land"):
            kind = "permanent"
            pred, flags = _desc_pred(desc, "permanent", allow_flags=True)
        else:
            raise _Fail("unsupported target")
        if extra is not None:
            pred = _and2(pred, extra)
        controller, opponents = None, False
        if desc.ctrl is not None:
            c = desc.ctrl
            if c.pred is not None:
                pred = _and2(pred, c.pred)
            elif c.opponents_of is not None:
                opponents = True
            else:
                controller = c.controller
        if self.st.open_targets:
            raise _Fail("a target after a variable number of targets can't be numbered")
        ref = T.Target(self.st.targets, kind, pred, controller, opponents,  # type: ignore[arg-type]
                       flags.get("attacking"), flags.get("blocking"), other, optional)
        self.st.targets += 1
        self._mention(ref)  # type: ignore[attr-defined]
        self.st.last_player = T.ControllerOfRef(ref)
        return ref

    def target_player(self):
        if self._fx is None:
            return super().target_player()  # type: ignore[misc]
        if self.st.open_targets:
            raise _Fail("a target after a variable number of targets can't be numbered")
        ref = T.Target(self.st.targets, "player")
        self.st.targets += 1
        self.st.last_player = ref
        return ref

    def target_opponent(self):
        """"target opponent" (115.1, 102.2): a target player who is an opponent of the
        ability's controller -- its choices never include the controller."""
        if self._fx is None:
            return super().target_player()  # type: ignore[misc]
        ref = self.target_player()
        ref = T.Target(ref.index, "player", opponents=True)
        self.st.last_player = ref
        return ref

    def anaphor_that_creature(self):
        """"that creature": the creature on the other side of the event (603.2)."""
        fx = self._fx
        if fx is not None and fx.other is not None:
            return fx.other
        return super().anaphor_that_creature()  # type: ignore[misc]

    def anaphor_those(self):
        """"they" / "those creatures" after "Whenever one or more creatures attack": the
        creatures that attacked (508.3d)."""
        fx = self._fx
        if fx is not None and fx.group is not None and self.st.scanned_group is None \
                and not isinstance(self.st.last_obj, A.TargetGroup):
            return fx.group
        return super().anaphor_those()  # type: ignore[misc]

    def anaphor_it(self):
        fx = self._fx
        if fx is not None and self.st.last_obj is None and fx.subject is not None:
            return fx.subject
        return super().anaphor_it()  # type: ignore[misc]

    # -- the lines -------------------------------------------------------------------------
    def trigger(self, head, *rest):
        """603.1: "When/Whenever/At [event], [if condition,] [effect]"."""
        cond = None
        body = rest[-1]
        if len(rest) == 2:
            cond = rest[0]
        optional, effects = body
        effects = self._effects(effects, trigger=True)
        heads = head if isinstance(head, list) else [head]
        if any(isinstance(e, T.Return) for e in effects) and not all(
                isinstance(h, T.Dies) for h in heads):
            raise _Fail("a card returned to the battlefield by what is not its death")
        return [T.Triggered(h, tuple(effects), cond, optional, self.st.targets) for h in heads]

    def instructions(self, body):
        """608.2c: one more sentence of an ability, or a spell's effect: its instructions."""
        optional, effects = body
        if optional:
            raise _Fail("\"you may\" in a later sentence of an ability")
        effects = self._effects(effects, trigger=False)
        if any(isinstance(e, T.Return) for e in effects):
            raise _Fail("a card returned to the battlefield outside its \"dies\" trigger")
        return [T.Instructions(tuple(effects))]

    def if_you_do(self, effects):
        """"If you do, [effects]" after "you may [effect]" (603.5): part of what its
        controller chooses to do."""
        return [_IfYouDo(tuple(self._effects(effects, trigger=False)))]

    def then_if(self, cond, effects):
        """608.2c: "Then if [condition], [effects]"."""
        return [T.Instructions((T.IfThen(cond, tuple(self._effects(effects, trigger=False))),))]

    def no_regeneration(self, *_):
        """"It can't be regenerated" (701.19c): a board holds no regeneration shields, so
        nothing replaces the destruction anyway."""
        return [T.Instructions(())]

    def tc_counters(self, obj, n, kind):
        """"if it has N or more [kind] counters on it" (122.1)."""
        return T.IsState(_who(obj), A.CounterPred(str(kind), _num(n)))

    def tc_attacked_or_blocked(self, me):
        return T.AttackedOrBlocked()

    def exert_as_attacks(self, me):
        """701.43d: "You may exert ~ as it attacks" -- an optional cost to attack."""
        return [T.ExertAsAttacks()]

    def exert_when_you_do(self, body):
        """701.43d: "When you do, [effect]" linked to the exert ability before it."""
        optional, effects = body
        if optional:
            raise _Fail("\"you may\" after exert")
        return [T.Instructions(tuple(self._effects(effects, trigger=False)))]

    def _effects(self, items: list, trigger: bool) -> list:
        """The instructions of a body; a statement with continuous abilities becomes a
        :class:`~mtgcombat.rules.triggered.Continuous` written back as a sentence."""
        fx = self._fx
        assert fx is not None
        out: list = []
        stmts = [x for x in items if isinstance(x, _Stmt) and x.continuous]
        if stmts and len(items) != 1:
            raise _Fail("a continuous effect among other instructions")
        for x in items:
            if isinstance(x, _Stmt):
                out.extend(x.effects)
                if x.continuous:
                    out.append(self._continuous(x, _body_text(fx, trigger)))
            else:
                out.append(x)
        return out

    def _continuous(self, stmt: _Stmt, body: str) -> T.Continuous:
        """611.2: the effect a statement states, as one sentence the board reads: about
        "target creature" when it is about an object (each object of a group: 611.2c, the
        set is fixed as it resolves), else as written."""
        who = stmt.who
        refs: tuple = ()
        if who is None:
            if _ANAPHORA.search(body):
                raise _Fail("an effect about an object named before it")
            text = body[:1].upper() + body[1:] + "."
            refs = tuple(_targets_in(stmt.continuous))
        else:
            vp = _vp_of(body)
            bare = vp  # without the phrases whose "its" / "it" is the object itself
            for plural, single in _SINGULAR_PHRASES:
                vp = vp.replace(plural, single)
                bare = bare.replace(plural, "").replace(single, "")
            if _ANAPHORA.search(bare):
                raise _Fail("an effect naming another object")
            text = "Target creature " + vp + "."
        reading = _reads_back(text)
        if reading is None:
            raise _Fail("the effect does not read back")
        return T.Continuous(text, who, reading, refs)

    # -- events ----------------------------------------------------------------------------
    def trig_who(self, ref):
        return ref

    def trig_who_desc(self, desc):
        """"a creature you control", "a Dragon you control", "a creature": any creature
        of that description (the event's creature, "it" afterwards)."""
        if not _noun_is_creature(desc):
            raise _Fail("only creatures attack, block and deal combat damage")
        group = self.group("each", desc)  # type: ignore[attr-defined]
        return group

    def trig_who_another(self, desc):
        """"another creature you control": not the source (109.5)."""
        return dataclasses.replace(self.trig_who_desc(desc), other=True)

    def trig_who_self_or_another(self, _self, desc):
        """"~ or another creature [you control]" (Zulaport Cutthroat, Blood Artist): the
        source, or any other creature of that description (109.5)."""
        return T.SelfOr(self.trig_who_another(desc))

    def trig_who_self_or_attached(self, _self, attached):
        """"~ or equipped creature", "~ or enchanted creature": the source, or the
        creature it is attached to (301.5, 303.4)."""
        return T.SelfOr(_who(attached))

    def ev_creature(self, who, verb):
        """"Whenever [creature] [verb]": the event of the verb (:data:`_VERBS`), and what
        "it", "that creature" and "that player" name in its effect (603.2)."""
        kind, arg = verb
        fx = self._fx
        if isinstance(who, (A.Group, T.SelfOr)) and fx is not None:
            fx.subject = T.EventRef("subject")
            self.st.last_obj = None
        if kind in _OTHER_CREATURE and fx is not None:
            fx.other = T.EventRef("other")
        if kind in _OTHER_PLAYER and fx is not None:
            fx.player = T.EventRef("player")
            self.st.last_player = T.EventRef("player")
        if kind not in _VERBS:
            raise _Fail(kind)
        event, fixed, takes = _VERBS[kind]
        params = dict(fixed)
        if takes is not None:
            params[takes] = arg
        return event(who, **params)

    def ev_enters(self, who):
        """603.6a: "When [permanent] enters (the battlefield)"."""
        return T.EntersBattlefield(who)

    def ev_enters_or_attacks(self, who):
        """"Whenever ~ enters the battlefield or attacks": two trigger events, one ability."""
        return [T.Attacks(who), T.EntersBattlefield(who)]

    def ev_sacrificed(self, me):
        """"When you sacrifice ~" (701.21a)."""
        return T.Sacrificed()

    def ev_exert(self):
        """"Whenever you exert a creature" (701.43)."""
        return T.Exerted()

    def ev_attacks_you(self, who, *rest):
        """508.3a: "Whenever [a creature] attacks you [or a planeswalker you control]"."""
        if not isinstance(who, A.Group):
            raise _Fail("a creature of your own attacks you")
        fx = self._fx
        if fx is not None:
            fx.subject = T.EventRef("subject")
            self.st.last_obj = None
        pw = "planeswalker" in str(self.st.effects.sentence if fx else "")
        return T.Attacks(who, you=True, planeswalkers=pw)

    def ev_attack_you_any(self):
        """508.3b: "Whenever one or more creatures attack you"."""
        return T.AttackYou()

    def ev_attack_you_desc(self, desc):
        pred, _ = _desc_pred(desc, "creature")
        return T.AttackYou(pred)

    # The verbs of "Whenever [creature] [verb]" (the grammar's ``trig_verb``): a verb
    # without an argument is its kind; one with a description or a number carries it.
    for _kind in ("attacks", "attacks_alone", "attacks_most_life", "attacks_with_greater",
                  "blocks", "blocked", "blocks_or_blocked",
                  "attacks_or_blocks", "unblocked", "damage_player", "damage_opponent",
                  "damage_creature", "damage_player_pw", "damage_any", "dealt_damage",
                  "dies"):
        locals()["tv_" + _kind] = (lambda k: lambda self: (k, None))(_kind)
    del _kind

    def tv_battalion(self, n):
        return ("battalion", _num(n))

    def tv_blocks_a(self, desc):
        return ("blocks_a", _creature_pred(desc))

    def tv_blocked_by(self, desc):
        return ("blocked_by", _creature_pred(desc))

    def tv_blocked_by_n(self, n):
        return ("blocked_by_n", _num(n))

    def tv_blocks_or_blocked_by(self, desc):
        return ("blocks_or_blocked_by", _creature_pred(desc))

    def _they_attacked(self) -> None:
        """"they" after the event: the creatures that attacked (508.3d)."""
        if self._fx is not None:
            self._fx.group = T.EventRef("attackers")

    def ev_you_attack(self):
        """508.3d: "Whenever you attack"."""
        self._they_attacked()
        return T.PlayerAttacks()

    def ev_you_attack_n(self, n):
        """508.3d: "Whenever you attack with N or more creatures"."""
        self._they_attacked()
        return T.PlayerAttacks(at_least=_num(n))

    def ev_one_or_more_attack(self, desc):
        """508.3d: "Whenever one or more creatures you control attack", or without "you
        control" one or more creatures of any player (the attacking player's)."""
        anyone = desc.ctrl is None
        if not anyone and desc.ctrl.controller != A.YouRef():
            raise _Fail("one or more creatures of another player attack")
        if not _noun_is_creature(desc):
            raise _Fail("only creatures attack")
        pred, flags = _desc_pred(desc, "creature")
        self._they_attacked()
        return T.PlayerAttacks(pred=pred, anyone=anyone)

    def ev_boc_yours(self):
        """507.2, 603.2b: "At the beginning of combat on your turn"."""
        return T.BeginningOfCombat(yours=True)

    def ev_boc_each(self):
        return T.BeginningOfCombat(yours=False)

    def ev_end_of_combat(self):
        """511.2: "At end of combat"."""
        return T.EndOfCombat()

    def ev_gain_life(self):
        """119.9: "Whenever you gain life"."""
        return T.GainsLife()

    # -- intervening "if" (603.4) --------------------------------------------------------
    def trig_if(self, cond):
        return cond

    def tc_you_control(self, amount):
        pred, count = amount
        return T.ControlsCount(A.YouRef(), pred, count)

    def tc_team_control(self, amount):
        """"if your team controls N or more [permanents]" (810.2: Two-Headed Giant's
        team; in a game without teams, you)."""
        pred, count = amount
        return T.ControlsCount(A.YouRef(), pred, count, team=True)

    def tc_attacked_power(self, n):
        """Pack tactics (207.2c): "if you attacked with creatures with total power N or
        greater this combat" -- the creatures declared as attackers (508.1)."""
        return T.TotalPower(_num(n), attacked=True)

    def tc_total_power(self, n):
        """Formidable (207.2c): "if creatures you control have total power N or
        greater"."""
        return T.TotalPower(_num(n), attacked=False)

    def tc_you_none(self, desc):
        return T.ControlsCount(A.YouRef(), _to_pred(desc, "permanent"), 0, 0)

    def tc_defender_none(self, desc):
        return T.ControlsCount(A.DefendingPlayerRef(), _to_pred(desc, "permanent"), 0, 0,
                               defending=True)

    def tc_life_ge(self, n):
        return T.LifeAtLeast(A.YouRef(), ">=", _num(n))

    def tc_life_le(self, n):
        return T.LifeAtLeast(A.YouRef(), "<=", _num(n))

    def tc_untapped(self, me):
        return T.IsState(me, A.TappedPred(False))

    def tc_it_untapped(self):
        who = self.st.last_obj or (self._fx.subject if self._fx else None)
        if who is None:
            raise _Fail("\"it\" refers to nothing known")
        return T.IsState(who, A.TappedPred(False))

    # -- bodies ----------------------------------------------------------------------------
    def body(self, effects):
        return (False, effects)

    def body_may(self, effects):
        """603.5: "you may" -- its controller chooses as it resolves."""
        return (True, effects)

    def trig_effects(self, *effects):
        out: list = []
        for e in effects:
            out.extend(e if isinstance(e, list) else [e])
        return out

    def eff_statement(self, abilities):
        """A statement inside an effect: P/T changes and what a player does are
        instructions; anything else is a continuous effect it creates (611.2)."""
        if self._fx is None:
            raise _Fail("an effect outside an effect")
        effects, continuous = [], []
        who = None
        for a in abilities:
            if isinstance(a, (T.PTChange, T.Life, T.Poison, T.Draw)):
                effects.append(a)
                continue
            if isinstance(a, (A.Conditional, A.Named)):
                raise _Fail("a condition inside an effect")
            subject = _subject_of(a)
            if subject is not None:
                if who is not None and subject != who:
                    raise _Fail("a statement about two objects")
                who = subject
            continuous.append(a)
        return _Stmt(effects, continuous, _who(who) if who is not None else None)

    def eff_each_blocking(self, obj, vps):
        """"each creature blocking it [gets -1/-1 until end of turn]"."""
        return self._partners(obj, vps, True)

    def eff_each_blocked_by(self, obj, vps):
        return self._partners(obj, vps, False)

    def _partners(self, obj, vps, blocking):
        who = T.Partners(_who(obj), blocking)
        stmt = self.eff_statement([a for vp in vps for a in vp(who)])
        return stmt

    def eff_put_counters(self, n, kind, obj):
        """122.1: put N counters of a kind on an object."""
        return T.Counters(_who(obj), str(kind), n)

    def eff_remove_counters(self, n, kind, obj):
        return T.Counters(_who(obj), str(kind), -n)

    def ca_one(self):
        return 1

    def ca_n(self, n):
        return _num(n)

    def eff_damage(self, src, n, to):
        """120: "[source] deals N damage to [recipient]"."""
        return T.Damage(_who(src), _who(to), _num(n))

    def eff_damage_power(self, src, stat, to):
        """"deals damage equal to its power to ..." (as it resolves)."""
        about, which = stat
        about = _who(src) if about is None else about
        return T.Damage(_who(src), _who(to), T.PowerOf(about, which))  # type: ignore[arg-type]

    def eff_damage_that_much(self, src, to):
        """"[source] deals that much damage to [recipient]": the damage of the event
        (510.3a, "Whenever ~ is dealt damage")."""
        return T.Damage(_who(src), _who(to), T.EventAmount())

    def so_its_power(self):
        return (None, "power")

    def so_its_toughness(self):
        return (None, "toughness")

    def so_self_power(self, *toks):
        return (A.SelfRef(), "power")

    def eff_player_vp(self, player, vp):
        return vp(player)

    def eff_your_vp(self, vp):
        """"[you may] gain N life": the ability's controller (119)."""
        return vp(A.YouRef())

    def tvp_gain_life(self, n):
        """119.1: "[player] gains N life"."""
        self._in_effect()
        return lambda who: [T.Life(_who(who), _num(n))]

    def tvp_gain_that_much(self):
        """119.1: "[player] gains that much life" (the amount of the event)."""
        self._in_effect()
        return lambda who: [T.Life(_who(who), T.EventAmount())]

    def tvp_lose_that_much(self):
        """119.3: "[player] loses that much life" (the amount of the event)."""
        self._in_effect()
        return lambda who: [T.Life(_who(who), T.EventAmount(-1))]

    def tvp_lose_life(self, n):
        """119.3: "[player] loses N life"."""
        self._in_effect()
        return lambda who: [T.Life(_who(who), -_num(n))]

    def tvp_poison_one(self):
        """122.1f: "[player] gets a poison counter"."""
        self._in_effect()
        return lambda who: [T.Poison(_who(who), 1)]

    def tvp_poison(self, n):
        self._in_effect()
        return lambda who: [T.Poison(_who(who), _num(n))]

    def tvp_draw_one(self):
        """121.1: "[player] draws a card"."""
        self._in_effect()
        return lambda who: [T.Draw(_who(who), 1)]

    def _in_effect(self) -> None:
        if self._fx is None:
            raise _Fail("a one-shot effect in a static ability")

    def eff_tap(self, obj):
        """701.26a: tap."""
        return T.Tap(_who(obj), True)

    def eff_untap(self, obj):
        return T.Tap(_who(obj), False)

    def eff_destroy(self, obj):
        """701.8a: destroy -- to its owner's graveyard (not if indestructible)."""
        return T.Leave(_who(obj), "destroy")

    def eff_exile(self, obj):
        """701.13a: exile."""
        return T.Leave(_who(obj), "exile")

    def eff_sacrifice(self, obj):
        """701.21a: sacrifice -- its controller puts it into its owner's graveyard."""
        return T.Leave(_who(obj), "sacrifice")

    def eff_return(self, obj):
        """Return to its owner's hand (400.7: a new object)."""
        return T.Leave(_who(obj), "hand")

    def eff_return_battlefield(self, obj, *rest):
        """"Return it to the battlefield [tapped] under its owner's control [with a
        +1/+1 counter on it]": the card of a creature that died (400.7: a new object).
        Only the source or the creature of a "dies" event: the other cards of a graveyard
        are not on the board."""
        who = _who(obj)
        if not isinstance(who, (A.SelfRef, T.EventRef)) or self._fx is None:
            raise _Fail("a card returned that is not the one that died")
        tapped = any(str(r) == "tapped" for r in rest if isinstance(r, str))
        counter = next((r for r in rest if isinstance(r, tuple) and r[0] == "counter"), None)
        return T.Return(who, counter[1] if counter else None, tapped)

    def return_tapped(self, tok):
        return "tapped"

    def return_counter(self, kind):
        return ("counter", str(kind))

    def eff_target_blocking(self, of):
        """"target creature blocking it" (506.4): a target in combat with ``of``."""
        return self._partner_target(of, "blocking")

    def eff_target_blocked_by(self, of):
        return self._partner_target(of, "blocked")

    def eff_target_partner(self, of):
        return self._partner_target(of, "either")

    def _partner_target(self, of, relation: Any) -> T.Target:
        if self._fx is None:
            raise _Fail("a target in combat with one outside an effect")
        if self.st.open_targets:
            raise _Fail("a target after a variable number of targets can't be numbered")
        ref = T.Target(self.st.targets, "creature", partner=relation,
                       partner_of=_who(of))
        self.st.targets += 1
        self._mention(ref)  # type: ignore[attr-defined]
        self.st.last_player = T.ControllerOfRef(ref)
        return ref

    def eff_all_blocking(self, of):
        """"all creatures blocking it" (506.4: as combat stands as it resolves)."""
        return T.Partners(_who(of), True)

    def eff_all_blocked_by(self, of):
        return T.Partners(_who(of), False)

    def eff_all_partners(self, of):
        """"each creature blocking or blocked by ~"."""
        return T.Partners(_who(of), True, either=True)

    def eff_top_library(self, obj):
        return T.Leave(_who(obj), "library")

    def eff_remove_from_combat(self, obj):
        """506.4: "remove [it] from combat"."""
        return T.RemoveFromCombat(_who(obj))

    def eff_draw_one(self):
        """121.1: "draw a card" -- you."""
        return T.Draw(A.YouRef(), 1)

    def eff_draw(self, n):
        return T.Draw(A.YouRef(), _num(n))

    def eff_delayed(self, effect):
        """603.7: "... at end of combat" -- a delayed triggered ability (511.2)."""
        effects = effect if isinstance(effect, list) else [effect]
        if any(isinstance(e, _Stmt) for e in effects):
            raise _Fail("a continuous effect at end of combat")
        return T.Delayed(tuple(effects))

    def eff_no_untap(self, obj):
        """"[it] doesn't untap during its controller's next untap step" (502.3)."""
        return T.NoUntap(_who(obj))

    def eff_discard(self, who, n, *_):
        """701.9: "[player] discards N cards"."""
        return T.Discard(_who(who), n)

    def eff_discard_you(self, n, *_):
        return T.Discard(A.YouRef(), n)

    def eff_prevent_to(self, obj):
        """615.1: "Prevent all combat damage that would be dealt to [it] this turn"."""
        return self._prevent(obj, "to")

    def eff_prevent_by(self, obj):
        return self._prevent(obj, "by")

    def eff_prevent_to_by(self, obj):
        return self._prevent(obj, "to and dealt by")

    def _prevent(self, obj, how):
        text = f"Prevent all combat damage that would be dealt {how} target creature this turn."
        reading = _reads_back(text)
        if reading is None:
            raise _Fail("the prevention does not read back")
        return T.Continuous(text, _who(obj), reading)

    def eff_all_other(self, *parts):
        desc = parts[-1]
        return T.Each(group=dataclasses.replace(self.group("each", desc),  # type: ignore[attr-defined]
                                                other=True))

    def eff_up_to_n(self, n, desc):
        """601.2c: "up to N target creatures" -- each target may be left unchosen."""
        k = _num(n)
        out = tuple(self._target(desc, other=False, optional=True) for _ in range(k))
        return T.Targets(out)

    def _pt(self, tok) -> tuple[int, int]:
        m = re.fullmatch(r"([+-]\d+)/([+-]\d+)", str(tok))
        if not m:
            raise _Fail("a P/T change with X or *")
        return int(m.group(1)), int(m.group(2))

    def eff_each_pt(self, desc, tok):
        """613.4c, 611.2c: "each [creature ...] gets +N/+M until end of turn" -- the
        creatures it names as it resolves (battle cry's words, 702.91a)."""
        p, t = self._pt(tok)
        return T.PTChange(self.eff_each(desc), p, t)

    def eff_each_other_pt(self, desc, tok):
        """"each other [creature ...] gets +N/+M until end of turn": not the source."""
        p, t = self._pt(tok)
        return T.PTChange(self.eff_all_other(desc), p, t)

    def tvp_pt_for_each(self, tok, count):
        """613.4c: "gets +N/+M until end of turn for each [permanent]"."""
        self._in_effect()
        m = re.fullmatch(r"([+-]\d+)/([+-]\d+)", str(tok))
        if not m:
            raise _Fail("a P/T change with X or *")
        p, t = int(m.group(1)), int(m.group(2))
        return lambda who: [T.PTChange(_who(who), T.Scaled(p, count), T.Scaled(t, count))]

    def tvp_pt_where_x(self, tok, count):
        """613.4c: "gets +X/+0 until end of turn, where X is the number of [permanents]"
        -- counted as it resolves (608.2h)."""
        self._in_effect()
        return self._pt_x(tok, count)

    def tvp_pt_where_x_stat(self, tok, stat):
        """"gets +X/+X until end of turn, where X is ~'s power" (608.2h: as it resolves)."""
        self._in_effect()
        about, which = stat
        if about is None:
            raise _Fail("\"its power\" of what the change is about")
        return self._pt_x(tok, T.PowerOf(about, which))

    def _pt_x(self, tok, amount):
        m = re.fullmatch(r"([+-])(X|\d+)/([+-])(X|\d+)", str(tok))
        if not m or "X" not in (m.group(2), m.group(4)):
            raise _Fail("a P/T change without X")

        def part(sign: str, v: str) -> Any:
            k = -1 if sign == "-" else 1
            if v != "X":
                return k * int(v)
            if isinstance(amount, T.Count):
                return T.Scaled(k, amount)
            if k < 0:
                raise _Fail("-X of a power")
            return amount

        p, t = part(m.group(1), m.group(2)), part(m.group(3), m.group(4))
        return lambda who: [T.PTChange(_who(who), p, t)]

    def tvp_gain_for_each(self, n, count):
        """119.1: "[player] gains N life for each [permanent]" (counted as it resolves)."""
        self._in_effect()
        return lambda who: [T.Life(_who(who), T.Scaled(_num(n), count))]

    def tvp_lose_for_each(self, n, count):
        self._in_effect()
        return lambda who: [T.Life(_who(who), T.Scaled(-_num(n), count))]

    def fe_desc(self, desc):
        pred, flags = _desc_pred(desc, "permanent", allow_flags=True)
        return self._count(desc, pred, flags, False)

    def fe_other(self, desc):
        pred, flags = _desc_pred(desc, "permanent", allow_flags=True)
        return self._count(desc, pred, flags, True)

    def _count(self, desc, pred, flags, other) -> T.Count:
        controller = None
        if desc.ctrl is not None:
            c = desc.ctrl
            if c.pred is not None or c.opponents_of is not None:
                raise _Fail("a count of another player's permanents of this kind")
            controller = c.controller
        if flags.get("blocking"):
            raise _Fail("a count of blocking creatures")
        return T.Count(pred, controller, flags.get("attacking"), other)

    def fe_blocking(self):
        return T.Count(blocking=True)

    def fe_blocking_beyond(self):
        return T.Count(blocking=True, beyond=1)

    def fe_blocked(self):
        return T.Count(blocked=True)

    def eff_up_to_one(self, desc):
        """601.2c: "up to one target creature" -- a target that may be left unchosen."""
        return self._target(desc, other=False, optional=True)

    def eff_each(self, desc):
        """"each creature [...]" as the effect resolves (611.2c)."""
        return T.Each(group=self.group("each", desc))  # type: ignore[attr-defined]

    def eff_all(self, desc):
        return T.Each(group=self.group("all", desc))  # type: ignore[attr-defined]

    def eff_double_power(self, obj, *rest):
        """701.10b: "double [creature]'s power [until end of turn]" -- it gets +X/+0, X its
        power as the ability resolves (613.4c)."""
        who = _who(obj)
        return T.PTChange(who, T.PowerOf(who, "power"), 0)

    def eff_double_target_power(self, *rest):
        """701.10b: "double target creature's power" (Mr. Orfeo, the Boulder)."""
        if self.st.open_targets:
            raise _Fail("a target after a variable number of targets can't be numbered")
        ref = T.Target(self.st.targets, "creature")
        self.st.targets += 1
        return T.PTChange(ref, T.PowerOf(ref, "power"), 0)

    def eff_double_own_power(self, *rest):
        """701.10b: "double its power": of what "it" names (the event's creature, else the
        source)."""
        who = self.anaphor_it()
        return T.PTChange(_who(who), T.PowerOf(_who(who), "power"), 0)

    def eff_attacked_by(self):
        """"the player or planeswalker it's / that creature is attacking" (508.1b): what
        the event's attacking creature attacks (the source's own attack after "Whenever
        ~ attacks")."""
        fx = self._fx
        who = fx.subject if fx is not None and fx.subject is not None else A.SelfRef()
        return T.AttackedBy(who)

    def eff_any_target(self):
        """115.4: "any target" -- a creature, player, planeswalker or battle."""
        if self.st.open_targets:
            raise _Fail("a target after a variable number of targets can't be numbered")
        ref = T.Target(self.st.targets, "any")
        self.st.targets += 1
        return ref

    def ep_you(self):
        return A.YouRef()

    def ep_each_opponent(self):
        return T.Each(players="opponents")

    def ep_each_player(self):
        return T.Each(players="all")

    def ep_that_player(self):
        fx = self._fx
        if fx is not None and fx.player is not None:
            return fx.player
        if self.st.last_player is None:
            raise _Fail("\"that player\" refers to nothing known")
        return self.st.last_player

    def ep_its_controller(self):
        obj = self.st.last_obj or (self._fx.other if self._fx else None)
        if obj is None:
            raise _Fail("\"its controller\" refers to nothing known")
        return T.ControllerOfRef(_who(obj))

    # -- tokens (111.1, 701.7) ---------------------------------------------------------------
    def eff_create(self, spec):
        return spec

    def token_spec(self, count, *parts):
        tapped = False
        attacking = None
        blocking = None
        size = colors = types = None
        keywords: tuple = ()
        for p in parts:
            if isinstance(p, tuple) and p and p[0] == "state":
                if "attacking" in p[1]:
                    attacking = "choose"
                if "blocking" in p[1]:
                    # 509.4: "that's blocking that creature" -- the event's other creature
                    fx = self._fx
                    if fx is None or fx.other is None:
                        raise _Fail("\"blocking that creature\" without that creature")
                    blocking = fx.other
                tapped = tapped or "tapped" in p[1]
            elif isinstance(p, tuple) and p and p[0] == "colors":
                colors = p[1]
            elif isinstance(p, tuple) and p and p[0] == "types":
                types = p[1]
            elif isinstance(p, tuple) and p and p[0] == "with":
                keywords = p[1]
            elif hasattr(p, "type") and p.type == "SIZE":
                size = str(p)
        if size is None or types is None:
            raise _Fail("a token without size or types")
        power, toughness = (int(x) for x in size.split("/"))
        subtypes, artifact = types
        text = ", ".join(k[:1].upper() + k[1:] for k in keywords)
        reading = None
        if text:
            reading = HOOKS["read"](text, None)
            if reading.not_understood:
                raise _Fail("a token with abilities not read")
        return T.Tokens(count, power, toughness, tuple(colors or ()), tuple(subtypes), text,
                        tapped, attacking, artifact, reading,  # type: ignore[arg-type]
                        blocking=blocking)

    def token_tapped(self, *toks):
        return ("state", "tapped and attacking")

    def token_state(self, *toks):
        return ("state", " ".join(str(t) for t in toks))

    def token_colors(self, *toks):
        return ("colors", tuple(_COLORS[str(t).lower()] for t in toks
                                if str(t).lower() in _COLORS))

    def token_types(self, *toks):
        subs = [str(t) for t in toks if getattr(t, "type", "") == "CAPWORD"]
        artifact = any(t == "artifact" for t in toks)
        return ("types", (tuple(subs), artifact))

    def token_artifact(self, tok):
        return "artifact"

    def token_with(self, *toks):
        return ("with", tuple(str(t).lower() for t in toks))


#: The events of "Whenever [creature] [verb]" by the verb's kind: the event, its fixed
#: parameters, and the parameter the verb's argument (a description's predicate, a
#: number) is (508.3a, 506.5, 207.2c battalion, 509.3, 509.3g, 510.3a, 700.4).
_VERBS: dict[str, tuple[Any, dict, Optional[str]]] = {
    "attacks": (T.Attacks, {}, None),
    "attacks_alone": (T.Attacks, {"alone": True}, None),
    "attacks_most_life": (T.Attacks, {"most_life": True}, None),  # dethrone, 702.105a
    "attacks_with_greater": (T.Attacks, {"with_greater": True}, None),  # training, 702.149a
    "battalion": (T.Attacks, {}, "others"),
    "blocks": (T.Blocks, {}, None),
    "blocks_a": (T.Blocks, {"per_attacker": True}, "pred"),
    "blocked": (T.BecomesBlocked, {}, None),
    "blocked_by": (T.BecomesBlocked, {"per_blocker": True}, "pred"),
    "blocked_by_n": (T.BecomesBlocked, {}, "at_least"),
    "blocks_or_blocked": (T.BlocksOrBlocked, {}, None),
    "blocks_or_blocked_by": (T.BlocksOrBlocked, {"by_creature": True}, "pred"),
    "attacks_or_blocks": (T.AttacksOrBlocks, {}, None),
    "unblocked": (T.Unblocked, {}, None),
    "damage_player": (T.DealsDamage, {"to": "player"}, None),
    "damage_opponent": (T.DealsDamage, {"to": "opponent"}, None),
    "damage_creature": (T.DealsDamage, {"to": "creature"}, None),
    "damage_player_pw": (T.DealsDamage, {"to": "player_or_planeswalker"}, None),
    "damage_any": (T.DealsDamage, {"to": "any"}, None),
    "dealt_damage": (T.IsDealtDamage, {}, None),
    "dies": (T.Dies, {}, None),
}
#: The verbs whose event has a creature on the other side ("that creature").
_OTHER_CREATURE = frozenset({"blocks_a", "blocked_by", "blocks_or_blocked_by",
                             "damage_creature"})
#: The verbs whose event has a player ("that player").
_OTHER_PLAYER = frozenset({"damage_player", "damage_opponent", "damage_player_pw"})


def _targets_in(obj) -> list:
    """The targets a rule object names, in the order of their index."""
    found: dict = {}

    def walk(x):
        if isinstance(x, T.Target):
            found.setdefault(x.index, x)
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y)
        elif hasattr(x, "__dataclass_fields__"):
            for f in x.__dataclass_fields__:
                walk(getattr(x, f))

    walk(obj)
    return [found[k] for k in sorted(found)]


def _or2(preds):
    from .words import _or

    return _or(list(preds))


def _and2(a, b):
    from .words import _and

    return _and([a, b])


def _creature_pred(desc) -> A.Pred:
    if not _noun_is_creature(desc):
        raise _Fail("only creatures block and are blocked")
    return _to_pred(desc, "creature")


def _subject_of(a) -> Any:
    if isinstance(a, (A.LureRequirement, A.MustBeBlocked, A.LureBy)):
        return a.attacker
    if isinstance(a, (C.Prevention,)):
        return None
    return getattr(a, "subject", None)


def _who(ref) -> Any:
    """A reference as an effect holds it: a group is each of its creatures (611.2c)."""
    if isinstance(ref, A.Group):
        return T.Each(group=ref)
    if isinstance(ref, A.TargetRef):
        return T.Target(ref.index, ref.kind if ref.kind != "any" else "creature")
    return ref


#: An ability word (207.2c) before an ability: no rules meaning.
_WORD_PREFIX = re.compile(r"^(?![IVX]+\b)[A-Z][a-z]+(?: [a-z]+)* \u2014 ")
_TRIGGER_START = re.compile(r"^(?:when|whenever|at)\b", re.I)
_EXERT_START = re.compile(r"^you may exert\b", re.I)


def read_ability_line(sentences: list[str], norms: list[str], state: Any
                      ) -> Optional[list[A.Parsed]]:
    """A line that is a triggered ability (603.1) or exert (701.43d), read whole: every
    sentence of it is part of that one ability, so it is understood only when each is
    read (else None, and the reader goes on as before). ``norms``: the sentences
    normalised as the reader parses them."""
    _parse = HOOKS["parse"]
    if not norms:
        return None
    first = norms[0]
    if _TRIGGER_START.match(first):
        start = "trigger"
        first = _INTERVENING.sub(r"\1, intervening if ", first, count=1)
    elif _EXERT_START.match(first):
        start = "exert"
    else:
        return None
    saved = (state.targets, state.last_obj, state.last_player, state.open_targets,
             state.before_last)
    state.targets, state.last_obj, state.last_player, state.open_targets = 0, None, None, False
    fx = EffectReading(first)
    state.effects = fx
    try:
        head = _parse(first, state, start)
        if not head:
            return None
        if len(head) > 1:
            # one ability with two trigger events ("enters the battlefield or attacks")
            if len(sentences) > 1 or not all(isinstance(h, T.Triggered) for h in head):
                return None
            return [A.Parsed(sentences[0], tuple(head))]
        ability: Any = head[0]
        out = [A.Parsed(sentences[0], (ability,))]
        for sentence, norm in zip(sentences[1:], norms[1:]):
            fx.sentence = norm
            more = _parse(norm, state, "exert" if start == "exert" else "instructions")
            if more and len(more) == 1 and isinstance(more[0], _IfYouDo):
                # 603.5: "If you do" -- only after the ability's own "you may"
                if not (isinstance(ability, T.Triggered) and ability.optional):
                    return None
                more = [T.Instructions(more[0].effects)]
            if not more or len(more) != 1 or not isinstance(more[0], T.Instructions):
                return None
            if isinstance(ability, T.Triggered):
                ability = dataclasses.replace(ability, effects=ability.effects + more[0].effects,
                                              targets=state.targets)
            elif isinstance(ability, T.ExertAsAttacks):
                # 603.12: the linked "When you do, ..." is what resolves; its words kept
                ability = dataclasses.replace(
                    ability, then=ability.then + more[0].effects, targets=state.targets,
                    then_sentence=" ".join(x for x in (ability.then_sentence, sentence) if x))
            else:
                return None
            out.append(A.Parsed(sentence, ()))
        out[0] = A.Parsed(sentences[0], (ability,))
        return out
    finally:
        state.effects = None
        (state.targets, state.last_obj, state.last_player, state.open_targets,
         state.before_last) = saved


#: "[cost]: [effect]" (602.1): the cost before the first colon outside quotes.
_ACTIVATED = re.compile(r'^(?P<cost>[^":]*?(?:\{[^}]*\}|\[[^\]]*\]|\w)[^":]*):\s+(?P<body>\S.*)$')
#: Costs of activated abilities read as written (paid by whoever activates the ability).
_COST_PART = re.compile(
    r"^(?:(?:\{[^}]+\})+|\[[+\u2212\-]?[0-9X]+\]|sacrifice [^,]+|discard [^,]+|pay \d+ life|"
    r"exile [^,]+|remove [^,]+ counters? from [^,]+|tap an untapped [^,]+|return [^,]+ to "
    r"its owner's hand|put [^,]+ counters? on [^,]+|reveal [^,]+)$", re.I)


def read_activated_line(sentences: list[str], norms: list[str], state: Any
                        ) -> Optional[list[A.Parsed]]:
    """602.1: a line "[cost]: [effect]" whose effect is read whole (each sentence): an
    :class:`~mtgcombat.rules.triggered.Activated` (None: not read so)."""
    _parse = HOOKS["parse"]
    m = _ACTIVATED.match(norms[0]) if norms else None
    if m is None:
        return None
    cost = m.group("cost").strip()
    parts = [p.strip() for p in re.split(r",\s*(?![^{]*\})", cost) if p.strip()]
    if not parts or not all(_COST_PART.match(p) for p in parts):
        return None
    saved = (state.targets, state.last_obj, state.last_player, state.open_targets,
             state.before_last)
    state.targets, state.last_obj, state.last_player, state.open_targets = 0, None, None, False
    effects: list = []
    try:
        bodies = [m.group("body")] + list(norms[1:])
        for norm in bodies:
            state.effects = EffectReading(norm)
            more = _parse(norm, state, "instructions")
            if not more or len(more) != 1 or not isinstance(more[0], T.Instructions):
                return None
            effects.extend(more[0].effects)
        ability = T.Activated(cost, tuple(effects), state.targets)
    finally:
        state.effects = None
        (state.targets, state.last_obj, state.last_player, state.open_targets,
         state.before_last) = saved
    first: Any = (ability,)
    return [A.Parsed(sentences[0], first)] + [A.Parsed(s, ()) for s in sentences[1:]]


def read_instruction_sentence(norm: str, state: Any) -> Optional[list]:
    """A sentence of a spell's effect read as instructions (608.2c): a one-shot effect.
    On the board without a ``step`` it has happened before the combat (the board shows
    its result, as it shows P/T changes); with one it resolves in that step."""
    if _STATIC_ONLY.get():
        return None
    _parse = HOOKS["parse"]
    state.effects = EffectReading(norm)
    try:
        more = _parse(norm, state, "instructions")
    finally:
        state.effects = None
    if not more or len(more) != 1 or not isinstance(more[0], T.Instructions):
        return None
    # What the sentences after it name ("it", "that player") are the effect's targets.
    state.last_obj = _static_ref(state.last_obj)
    state.before_last = _static_ref(state.before_last)
    state.last_player = _static_ref(state.last_player)
    return more


def _static_ref(ref: Any) -> Any:
    """A reference of an effect as the static grammar holds it."""
    if isinstance(ref, T.Target):
        return A.TargetRef(ref.index, ref.kind if ref.kind in ("creature", "player",
                                                               "permanent") else "any")
    if isinstance(ref, T.ControllerOfRef):
        return None
    return ref


#: "This spell deals 2 damage to any target." -- a spell's text names the spell itself
#: (the source of its damage, 120.3, 609.7) as "this spell".
_THIS_SPELL = re.compile(r"\b[Tt]his spell\b")


#: "Lightning Helix deals 3 damage to any target ...": a spell's text names the spell by
#: its name (201.5) -- the capitalised words before "deals" of its first sentence.
_SPELL_NAME = re.compile(r"^(?P<name>[A-Z][\w'\-]*(?:,? (?:[A-Z][\w'\-]*|of|the|to|from|and)"
                         r")*) deals\b")


def read_instructions(text: str, name: Optional[str] = None,
                      others: Collection[str] = ()) -> Optional[Any]:
    """The effect of a spell or ability that resolves in a combat step (608.2c), read
    sentence by sentence into one :class:`~mtgcombat.rules.triggered.Instructions`
    (targets numbered over the whole text, 601.2c); None when a sentence isn't read.
    An effect without a source whose text names itself ("Lightning Helix deals 3 damage
    to any target and you gain 3 life.", 201.5) reads with that name as "~" -- unless a
    permanent of the board (``others``) has that name: then the words name it."""
    out = _read_instructions(text, name)
    if out is None and name is None:
        m = _SPELL_NAME.match(text.strip())
        if m and m.group("name") not in others and m.group("name").lower() not in (
                "this spell", "it"):
            out = _read_instructions(text, m.group("name"))
    return out


def _read_instructions(text: str, name: Optional[str]) -> Optional[Any]:
    from .sentences import name_variants, replace_names, split_sentences, strip_reminder

    _parse = HOOKS["parse"]
    names = name_variants(name)
    state = _State()
    effects: list = []
    for line in (strip_reminder(x) for x in text.replace("\r\n", "\n").split("\n")):
        if not line.strip():
            continue
        for sentence in split_sentences(line, names):
            norm = _THIS_SPELL.sub("~", _WORD_PREFIX.sub("", replace_names(sentence, names)))
            more = _one_instruction(norm, state)
            if not more and '"' in norm:
                # tokens with an ability in quotes (111.1; readings.read_quoted_token)
                from .readings import read_quoted_token

                more = read_quoted_token(norm, state, _one_instruction, HOOKS["read"])
            if not more or len(more) != 1 or not isinstance(more[0], T.Instructions):
                return None
            effects.extend(more[0].effects)
    return T.Instructions(tuple(effects))


def _one_instruction(norm: str, state: Any) -> Optional[list]:
    """One sentence of an effect parsed as instructions (608.2c)."""
    state.effects = EffectReading(norm)
    try:
        return HOOKS["parse"](norm, state, "instructions")
    finally:
        state.effects = None


__all__ = ["TriggerMixin", "EffectReading", "read_ability_line", "read_activated_line",
           "read_instruction_sentence", "read_instructions"]
