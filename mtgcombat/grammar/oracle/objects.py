"""Transformer methods for what a sentence is about: keywords (702), references
(this creature, you, target ..., it), descriptions and groups of objects, static
abilities with conditions (611.3a) and qualities."""

from __future__ import annotations

from dataclasses import replace
from typing import Optional


from lark import Transformer, v_args

from ...rules import abilities as A
from .lexer import (
    _BASIC_WALKS, _CARD_TYPE_WORDS, _COLORS, _INVARIANT_PLURALS, _NON,
)
from .words import (
    _Ctrl, _Desc, _Fail, _Word, _and, _desc_pred, _looks_plural, _noun_is_creature, _or,
    _singular, _to_pred,
)

from .state import _Cond, _AFTER_ATTACKS, _BLOCKED_SIDE
from .helpers import _ENCHANTED_SUBTYPES, _mentions, _num

@v_args(inline=True)
class _ObjectRules(Transformer):
    """Keywords, references, descriptions, groups, conditions (mixed into the transformer)."""

    def _mention(self, ref) -> None:
        """``ref`` is now what "it" means; the object named before it is kept for an
        "it" that can't be ``ref`` ("Another target creature blocks it")."""
        if ref != self.st.last_obj:
            self.st.before_last = self.st.last_obj if self.st.last_obj is not None \
                else self.st.scanned_obj
        self.st.last_obj = ref

    # -- lines --------------------------------------------------------------
    def keyword_line(self, abilities):
        return abilities

    def statement_line(self, abilities):
        return abilities

    def two_statements(self, first, second):
        """"~ must be blocked if able, and Gorm must be blocked by two or more creatures
        if able": two statements of one sentence, each read on its own."""
        return list(first) + list(second)

    # -- keywords (702) -------------------------------------------------------
    def kw_list(self, *items):
        return [a for item in items for a in item]

    def kw_simple(self, tok):
        """702.9 flying, 702.17 reach, 702.111 menace, 702.19 trample, 702.2 deathtouch,
        702.7 first strike, 702.4 double strike, 702.20 vigilance, 702.10 haste,
        702.3 defender, 702.15 lifelink, 702.12 indestructible, 702.28 shadow,
        702.31 horsemanship, 702.36 fear, 702.13 intimidate, 702.118 skulk, 702.22 banding."""
        return [A.Keyword(str(tok))]

    def kw_landwalk(self, tok):
        """702.14: "[type]walk"; "nonbasic landwalk", "snow swampwalk", "legendary landwalk"."""
        label = str(tok)
        parts = label.split()
        walk = parts[-1]
        mods = parts[:-1]
        if walk in _BASIC_WALKS:
            base: list[A.Pred] = [A.TypePred(_BASIC_WALKS[walk])]
        elif walk == "landwalk":
            base = [A.TypePred("Land")]
        else:
            base = [A.TypePred(walk[: -len("walk")].capitalize())]
        preds: list[A.Pred] = []
        for mod in mods:
            if mod == "nonbasic":
                preds.append(A.NotPred(A.TypePred("Basic")))
            else:
                preds.append(A.TypePred(mod.capitalize()))
        if mods and walk == "landwalk":
            # 702.14c: "nonbasic landwalk" = a land without the supertype Basic.
            land = A.AndPred((A.TypePred("Land"), *preds))
        elif mods:
            land = A.AndPred((*preds, *base))
        else:
            land = base[0]
        return [A.Landwalk(land, label)]

    def kw_protection(self, *qualities):
        """702.16a; 702.16g: "from A and from B" is two protection abilities."""
        return list(qualities)

    def prot_color(self, tok):
        return A.Protection(pred=A.ColorPred(_COLORS[str(tok)]), label=f"protection from {tok}")

    def prot_all_colors(self):
        preds = tuple(A.ColorPred(c) for c in _COLORS.values())
        return A.Protection(pred=A.OrPred(preds), label="protection from all colors")

    def prot_everything(self):
        """702.16j."""
        return A.Protection(everything=True, label="protection from everything")

    def prot_multicolored(self):
        return A.Protection(pred=A.MulticoloredPred(), label="protection from multicolored")

    def prot_monocolored(self):
        pred = A.AndPred((A.NotPred(A.ColorlessPred()), A.NotPred(A.MulticoloredPred())))
        return A.Protection(pred=pred, label="protection from monocolored")

    def prot_colorless(self):
        return A.Protection(pred=A.ColorlessPred(), label="protection from colorless")

    def prot_player(self, ref):
        """702.16k: protection from a player."""
        return A.Protection(player=ref, label="protection from a player")

    def prot_type(self, tok):
        """702.16a: a card type or subtype quality ("protection from Goblins")."""
        text = str(tok)
        word = _CARD_TYPE_WORDS.get(text.lower()) or _singular(text)
        return A.Protection(pred=A.TypePred(word), label=f"protection from {text}")

    def kw_bands_with_other(self, desc):
        """702.22c: "bands with other [quality]"."""
        pred, _ = _desc_pred(desc, "creature")
        return [A.BandsWithOther(pred, label=f"bands with other {desc.label}")]

    # -- references ---------------------------------------------------------
    def self_ref(self, tok=None):
        self._mention(A.SelfRef())
        return A.SelfRef()

    def _new_target(self, kind: str) -> A.TargetRef:
        if self.st.open_targets:
            raise _Fail("a target after a variable number of targets can't be numbered")
        ref = A.TargetRef(self.st.targets, kind)  # type: ignore[arg-type]
        self.st.targets += 1
        return ref

    def target_object(self, desc):
        """115.1: "target creature" -- the n-th target of the text."""
        last = desc.alts[-1][-1]
        if len(desc.alts) > 1:
            raise _Fail("target with alternatives")
        if last.kind in ("creature", "cap") or (last.kind == "type" and last.text.startswith("creature")):
            kind = "creature"
        elif last.kind == "permanent":
            kind = "permanent"
        elif last.kind == "type" and last.text == "planeswalker":
            kind = "planeswalker"
        else:
            raise _Fail("unsupported target")
        if last.kind == "cap" and _looks_plural(last.text) and last.text not in _INVARIANT_PLURALS:
            raise _Fail("plural target")
        if last.text.endswith("s") and last.kind != "cap":
            raise _Fail("plural target")
        ref = self._new_target(kind)
        self._mention(ref)
        self.st.last_player = ref  # "that player" = its controller
        return ref

    def target_player(self):
        ref = self._new_target("player")
        self.st.last_player = ref
        return ref

    def you_ref(self):
        return A.YouRef()

    def chosen_player(self):
        """"the chosen player": the permanent's ``chosen`` field (True-Name Nemesis)."""
        return A.ChosenRef("player")

    def active_player_ref(self):
        """"the active player" (102.1): the board's ``active_player``."""
        return A.ActivePlayerRef()

    def attached_controller_ref(self):
        """"enchanted creature's controller" (Public Enemy): who controls the permanent
        the source is attached to (303.4)."""
        return A.ControllerOf(A.AttachedRef())

    def monarch_ref(self):
        """"the monarch" (725): the board's ``monarch``."""
        return A.MonarchRef()

    def enchanted_player(self):
        """"enchanted player": the player an Aura is attached to (303.4)."""
        return A.EnchantedPlayerRef()

    def defending_ref(self):
        """508.5: the defending player of the attack in question."""
        self.st.last_player = A.DefendingPlayerRef()
        return A.DefendingPlayerRef()

    def that_player(self):
        if self.st.last_player is None:
            raise _Fail("\"that player\" refers to nothing known")
        return self.st.last_player

    def attached_ref(self, *_):
        """303.4, 301.5: "enchanted creature" / "equipped creature" / "enchanted
        permanent" -- the permanent the source is attached to."""
        self._mention(A.AttachedRef())
        return A.AttachedRef()

    def attached_ref_typed(self, tok):
        """303.4m: "Enchanted Wall" (Animate Wall: "Enchant Wall") -- the attached creature."""
        if str(tok) not in _ENCHANTED_SUBTYPES:
            raise _Fail(f"\"enchanted {tok}\" is not read")
        return self.attached_ref()

    def anaphor_it(self):
        if self.st.last_obj is None:
            raise _Fail("\"it\" refers to nothing known")
        return self.st.last_obj

    def anaphor_those(self):
        """"those creatures" / "they": the targets of a variable number of targets named
        just before (601.2c), read or not."""
        ref = self.st.last_obj if isinstance(self.st.last_obj, A.TargetGroup) else self.st.scanned_group
        if ref is None:
            raise _Fail("\"those creatures\" refers to nothing known")
        self._mention(ref)
        return ref

    def anaphor_those_permanents(self):
        """"those permanents": the targets of a variable number of targets named just
        before ("any number of target creatures and/or planeswalkers", Mythos of Vadrok,
        601.2c) -- as "those creatures"."""
        return self.anaphor_those()

    def _target_group(self, most, desc) -> A.TargetGroup:
        last = desc.alts[-1][-1]
        if len(desc.alts) > 1 or last.kind != "creature":
            raise _Fail("a group of targets that are not creatures")
        if self.st.open_targets:
            raise _Fail("a second variable number of targets")
        ref = A.TargetGroup(self.st.targets, most, _group_pred(desc))
        self.st.open_targets = True
        self._mention(ref)
        return ref

    def tg_up_to(self, n, desc):
        """601.2c: "up to two target creatures" -- zero to two targets."""
        return self._target_group(_num(n), desc)

    def tg_up_to_other(self, n, desc):
        """601.2c, 115.3: "up to one other target creature" (Monstrous Step) -- zero to n
        more targets, different from the earlier ones."""
        if self.st.targets == 0:
            raise _Fail("\"other target\" with no target before it")
        return self._target_group(_num(n), desc)

    def tg_any(self, desc):
        """601.2c: "any number of target creatures", "X target creatures"."""
        return self._target_group(None, desc)

    def anaphor_that_creature(self):
        ref = self.st.last_obj or self.st.scanned_obj
        if ref is None:
            raise _Fail("\"that creature\" refers to nothing known")
        self._mention(ref)
        return ref

    # -- descriptions ---------------------------------------------------------
    def dword(self, tok):
        t = tok.type
        text = str(tok)
        low = text.lower()
        if t == "COLOR":
            return _Word("pred", A.ColorPred(_COLORS[low]), low)
        if t == "NONWORD":
            rest = _NON.match(text).group(1)  # type: ignore[union-attr]
            rl = rest.lower()
            if rl in _COLORS:
                inner: A.Pred = A.ColorPred(_COLORS[rl])
            elif rl in _CARD_TYPE_WORDS:
                inner = A.TypePred(_CARD_TYPE_WORDS[rl])
            elif rest[0].isupper():
                inner = A.TypePred(rest)
            else:
                raise _Fail(f"unknown quality {text!r}")
            return _Word("pred", A.NotPred(inner), text)
        if t == "CAPWORD":
            return _Word("cap", None, text)
        if t == "SIZE":
            # "a 1/1 creature": that power and toughness (208.1)
            p, t_ = (int(x) for x in text.split("/"))
            return _Word("pred", A.AndPred((A.StatPred("power", "==", p),
                                            A.StatPred("toughness", "==", t_))), text)
        if low in ("creature", "creatures"):
            return _Word("creature", None, low)
        if low in ("permanent", "permanents"):
            return _Word("permanent", None, low)
        if low == "modified":
            # 700.9: with a counter, equipped, or enchanted by an Aura its controller controls
            return _Word("pred", A.ModifiedPred(), low)
        if low in ("token", "tokens"):
            # 111.1: "creature tokens" -- a token (its type line begins "Token")
            return _Word("type", A.TypePred("token"), low)
        if low in ("attacking", "blocking"):
            return _Word(low, None, low)
        if low == "blocked":
            # 509.1h: an attacking creature that is blocked (it stays so when its
            # blockers leave combat)
            return _Word("pred", A.InCombatPred("blocked"), low)
        if low in ("tapped", "untapped"):
            return _Word("pred", A.TappedPred(low == "tapped"), low)
        if low in ("enchanted", "equipped"):
            # 303.4b, 301.5a: "enchanted creatures" -- with an Aura / Equipment attached.
            return _Word("pred", A.AttachedPred("Aura" if low == "enchanted" else "Equipment"), low)
        if low == "multicolored":
            return _Word("pred", A.MulticoloredPred(), low)
        if low == "colorless":
            return _Word("pred", A.ColorlessPred(), low)
        if low == "monocolored":
            return _Word("pred", A.AndPred((A.NotPred(A.ColorlessPred()), A.NotPred(A.MulticoloredPred()))), low)
        if low in _CARD_TYPE_WORDS:
            return _Word("type", A.TypePred(_CARD_TYPE_WORDS[low]), low)
        raise _Fail(f"unknown word {text!r}")

    def dterm(self, *words):
        # A type word that is not last is an adjective ("artifact creatures").
        return list(words)

    def desc(self, *parts):
        alts: list[list[_Word]] = []
        with_pred = None
        ctrl = None
        for p in parts:
            if isinstance(p, list):
                alts.append(p)
            elif isinstance(p, _Ctrl):
                ctrl = p
            else:
                with_pred = p
        # a type word used as a noun ("an artifact") is a pred; as a last word of a
        # creature description it must not be mistaken for the noun "creature".
        words = [w.text for alt in alts for w in alt]
        return _Desc(alts, with_pred, ctrl, words)

    def with_any(self, *items):
        return _or(list(items))

    def without_keyword(self, *toks):
        """"Creatures without flying" (Moat); "without flying or reach"; "without flying
        or islandwalk" (a landwalk ability by its name, 702.14)."""
        return A.NotPred(_or([
            A.LandwalkPred(str(t).lower()) if t.type == "LANDWALK" else A.KeywordPred(str(t))
            for t in toks
        ]))

    def wi_keyword(self, tok):
        return A.KeywordPred(str(tok))

    def wi_either_le(self, n):
        """"with power or toughness 1 or less" (Tetsuko Umezawa)."""
        k = int(_num(n))
        return A.OrPred((A.StatPred("power", "<=", k), A.StatPred("toughness", "<=", k)))

    def wi_either_ge(self, n):
        k = int(_num(n))
        return A.OrPred((A.StatPred("power", ">=", k), A.StatPred("toughness", ">=", k)))

    def named_clause(self, *toks):
        """"creatures named Rock Lobster", "a creature named Advocate of the Beast" (201.2:
        a name as printed); "creatures named ~": the source's own name ("~")."""
        return A.NamePred(" ".join(str(t) for t in toks[1:]))

    def stat(self, tok):
        return str(tok)

    def wi_ge(self, stat, n):
        return A.StatPred(stat, ">=", int(_num(n)))

    def wi_le(self, stat, n):
        return A.StatPred(stat, "<=", int(_num(n)))

    def wi_lt_self(self, stat, _poss, stat2):
        if stat != stat2:
            raise _Fail("mixed power/toughness comparison")
        return A.StatPred(stat, "<", "self")

    def wi_ge_holder_stat(self, stat, stat2):
        """"creatures with power equal to or greater than the enchanted creature's
        toughness" (Ironclaw Curse): compared with the creature the ability is about."""
        return A.StatPred(stat, ">=", A.StatOf(stat2))

    def wi_lt_count(self, stat, desc):
        """"creatures with power less than the number of Islands you control" (Kraken
        of the Straits): counted on the board."""
        if desc.ctrl is None or desc.ctrl.controller != A.YouRef():
            raise _Fail("the number of permanents of another player")
        return A.StatPred(stat, "<", A.CountOf(_to_pred(desc, "permanent"), A.YouRef()))

    def wi_gt_its(self, stat, stat2):
        """"with toughness greater than its power": the creature's own (OwnStatsPred);
        "with power greater than its power" is the source's (as "~'s power")."""
        if stat == stat2:
            self._mention(A.SelfRef())
            return A.StatPred(stat, ">", "self")
        return A.OwnStatsPred(stat, ">", stat2)

    def wi_gt_self(self, stat, _poss, stat2):
        if stat != stat2:
            raise _Fail("mixed power/toughness comparison")
        return A.StatPred(stat, ">", "self")

    def wi_gt_self_short(self, stat):
        """"a creature with greater power" (than this one)."""
        return A.StatPred(stat, ">", "self")

    def counter_kind(self, tok):
        return str(tok)

    def wi_any_counter(self):
        """"with counters on them": one or more counters of any kind (122.1)."""
        return A.CounterPred("", 1)

    def of_chosen_color(self, inner=None):
        """"creatures of the chosen color [without flying]" (Teferi's Moat): the color in
        the permanent's ``chosen`` field (105.2)."""
        pred = A.ColorPred("chosen")
        return pred if inner is None else _and([pred, inner])

    def wi_counter(self, kind):
        """"with a +1/+1 counter on it", "with bribery counters on them" (122.1)."""
        return A.CounterPred(kind, 1)

    def wi_gt_hand(self, stat):
        """"with power greater than the number of cards in your hand" (Ensnaring Bridge):
        compared with the controller's hand on the board."""
        return A.StatPred(stat, ">", A.HandSize(A.YouRef()))

    def self_poss(self, tok=None):
        self._mention(A.SelfRef())
        return A.SelfRef()

    def ctrl_you(self):
        return _Ctrl(controller=A.YouRef())

    def ctrl_opponents(self):
        return _Ctrl(opponents_of=A.YouRef())

    def ctrl_not_you(self):
        return _Ctrl(pred=A.NotPred(A.ControllerPred(A.YouRef())))

    def ctrl_player(self, ref):
        of_creature = isinstance(ref, A.TargetRef) and ref.kind == "creature"
        return _Ctrl(controller=ref, of_target_creature=of_creature)

    # -- subjects ---------------------------------------------------------------
    def quant_all(self):
        return "all"

    def quant_each(self):
        return "each"

    def quant_other(self):
        return "other"

    def group(self, *parts):
        """A group of creatures (Group): "Creatures you control", "Other Elves"."""
        other = False
        desc = parts[-1]
        if len(parts) == 2:
            other = parts[0] == "other"
        last = desc.alts[-1][-1]
        if last.kind == "cap" and not _looks_plural(last.text) \
                and parts[0:1] != ("each",):
            raise _Fail(f"{last.text!r} does not look like a plural subtype")
        if last.kind not in ("creature", "cap"):
            raise _Fail("not a group of creatures")
        pred, flags = _desc_pred(desc, "creature", allow_flags=True)
        controller = opponents = None
        if other and desc.ctrl is None:
            # "Intimidation Bolt deals 3 damage to target creature. Other creatures can't
            # attack this turn.": "other" is other than what the text is about, the
            # target creature -- not other than the source (a spell, no creature).
            ref = self.st.last_obj or self.st.scanned_obj
            if isinstance(ref, A.TargetRef) and ref.kind == "creature":
                pred = _and([pred, A.NotPred(A.ObjectPred(ref))])
                other = False
        if desc.ctrl is not None:
            c = desc.ctrl
            if c.of_target_creature and other:
                # "Other creatures that player controls" (Mark for Death): "other"
                # means other than the target creature, not other than the source.
                pred = _and([pred, A.NotPred(A.ObjectPred(c.controller))])
                other = False
            controller, opponents = c.controller, c.opponents_of
            if c.pred is not None:
                pred = _and([pred, c.pred])
        return A.Group(
            pred=pred, controller=controller, other=other, opponents_of=opponents,
            attacking=flags.get("attacking"), blocking=flags.get("blocking"),
        )

    def group_union(self, d1, d2):
        """"Green creatures and white creatures": every creature of either group."""
        g1, g2 = self.group(d1), self.group(d2)
        if replace(g1, pred=A.ANY) != replace(g2, pred=A.ANY):
            raise _Fail("a union of groups with different controllers")
        return replace(g1, pred=_or([g1.pred, g2.pred]))

    # -- statements ---------------------------------------------------------------
    def subject_statement(self, subject, vps):
        out: list = []
        for vp in vps:
            out.extend(vp(subject))
        return out

    def conditional_before(self, cond, abilities):
        """611.3a: "As long as [condition], [statement]"."""
        return self._conditional(cond, abilities)

    def conditional_after(self, subject, vps, cond):
        """611.3a: "[subject] [verb phrases] as long as [condition]"."""
        return self._conditional(cond, self.subject_statement(subject, vps))

    def _conditional(self, cond, abilities: list) -> list:
        c = cond if isinstance(cond, _Cond) else _Cond(cond)
        if not abilities:
            return []  # a P/T change only: nothing to switch on or off
        inner = c.cond
        combat = isinstance(inner, (A.DefenderControls, A.OthersAttack)) or (
            isinstance(inner, A.ObjectIs) and _mentions(inner.pred, A.InCombatPred))
        if combat:
            # Judged once attackers are declared: only abilities that matter then.
            if not all(isinstance(a, _AFTER_ATTACKS) for a in abilities):
                raise _Fail("a condition on combat around an ability used while declaring attackers")
        if isinstance(inner, (A.DefenderControls, A.OthersAttack)):
            # "defending player" / "attacking alone" of one attacking creature: the
            # abilities must restrict blocking that creature.
            for a in abilities:
                who = a.attacker if isinstance(a, (A.MustBeBlocked, A.LureRequirement, A.LureBy)) \
                    else getattr(a, "subject", None)
                if not isinstance(a, _BLOCKED_SIDE) or not isinstance(who, (A.SelfRef, A.AttachedRef)):
                    raise _Fail("a condition on one attacker around another ability")
                if c.about is not None and who != c.about:
                    raise _Fail("the condition is about another creature")
        return [A.Conditional(inner, tuple(abilities), c.unless)]

    # -- conditions of static abilities (611.3a) ------------------------------------
    def cond_you_control_none(self, desc):
        """"as long as you control no Islands": unless you control one."""
        return _Cond(A.PlayerControls(A.YouRef(), _to_pred(desc, "permanent"), 1), unless=True)

    def cond_you_control_no_other(self, desc):
        """"as long as you control no other creatures": unless you control another one."""
        pred = _and([A.NotSelfPred(), _to_pred(desc, "permanent")])
        return _Cond(A.PlayerControls(A.YouRef(), pred, 1), unless=True)

    def cond_obj(self, ref):
        if not isinstance(ref, (A.SelfRef, A.AttachedRef)):
            raise _Fail("a condition on an object other than this one or the one it's attached to")
        return ref

    cond_obj_named = cond_obj

    def cond_object_is(self, obj, pred):
        """"as long as ~ is untapped", "... enchanted creature is green"."""
        return _Cond(A.ObjectIs(obj, pred), about=obj)

    def cond_it_counters(self, n, kind):
        """"unless it has five or more +1/+1 counters on it" (122.1): "it" is the subject."""
        obj = self.cond_obj(self.st.last_obj)
        return _Cond(A.ObjectIs(obj, A.CounterPred(str(kind), int(_num(n)))), about=obj)

    def cond_it_is(self, pred):
        """"as long as it's enchanted": "it" is the subject named before."""
        obj = self.cond_obj(self.st.last_obj)
        return _Cond(A.ObjectIs(obj, pred), about=obj)

    def cond_object_has(self, obj, kw):
        """"as long as equipped creature has defender"."""
        return _Cond(A.ObjectIs(obj, A.KeywordPred(str(kw))), about=obj)

    def cond_its_le(self, stat, n):
        """"as long as its power is 3 or less"."""
        obj = self.cond_obj(self.st.last_obj)
        return _Cond(A.ObjectIs(obj, A.StatPred(stat, "<=", _num(n))), about=obj)

    def cond_its_ge(self, stat, n):
        obj = self.cond_obj(self.st.last_obj)
        return _Cond(A.ObjectIs(obj, A.StatPred(stat, ">=", _num(n))), about=obj)

    def cond_object_counters(self, obj, *rest):
        """"as long as ~ has a +1/+1 counter on it", "... has three or more judgment
        counters on it": judged from the board's counters (122.1)."""
        n, kind = (1, rest[0]) if len(rest) == 1 else (int(_num(rest[0])), rest[1])
        return _Cond(A.ObjectIs(obj, A.CounterPred(kind, n)), about=obj)

    def cond_object_alone(self, obj):
        """506.5: "as long as enchanted creature is attacking alone": no other creature
        is attacking."""
        return _Cond(A.OthersAttack(A.ANY, 1), unless=True, about=obj)

    def it_quality(self, *preds):
        return _or(list(preds))

    def sw_tapped(self):
        return A.TappedPred(True)

    def sw_untapped(self):
        return A.TappedPred(False)

    def sw_enchanted(self):
        """303.4b: an Aura is attached to it."""
        return A.AttachedPred("Aura")

    def sw_equipped(self):
        """301.5a: an Equipment is attached to it."""
        return A.AttachedPred("Equipment")

    def sw_color(self, tok):
        return A.ColorPred(_COLORS[str(tok).lower()])

    def sw_creature(self):
        return A.TypePred("Creature")

    def sq_attacking(self):
        """506.4: an attacking creature."""
        return A.InCombatPred("attacking")

    def lure_by(self, quant, desc, obj):
        """509.1c: "All Walls able to block ~ do so": one requirement for each such creature."""
        if quant != "all":
            raise _Fail("only \"all ... able to block\"")
        if not _noun_is_creature(desc):
            raise _Fail("only creatures block")
        pred = _to_pred(desc, "creature")
        if isinstance(pred, A.AnyPred):
            return [A.LureRequirement(obj)]
        return [A.LureBy(obj, pred)]

    def vps(self, *vps):
        return list(vps)

    def lure(self, obj):
        """509.1c: "All creatures able to block [it] do so"."""
        return [A.LureRequirement(obj)]

    def lure_either(self, first, second):
        """509.1c: "All creatures able to block Noble Quarry or enchanted creature do so"
        (bestow: one of the two is an attacking creature at a time)."""
        return [A.LureRequirement(first), A.LureRequirement(second)]


def _group_pred(desc: _Desc) -> Optional[A.Pred]:
    """What each target of a group must be (115.1, 601.2c): "X target blocked creatures"
    -- the qualities of its words, "attacking"/"blocking" as combat roles (506.4), "you
    control" as its controller; None for plain "target creatures"."""
    pred, flags = _desc_pred(desc, "creature", allow_flags=True)
    parts: list[A.Pred] = [] if isinstance(pred, A.AnyPred) else [pred]
    parts += [A.InCombatPred(role) for role in ("attacking", "blocking") if flags.get(role)]
    if desc.ctrl is not None:
        c = desc.ctrl
        if c.opponents_of is not None or c.of_target_creature:
            raise _Fail("a group of targets controlled by a player named apart")
        if c.pred is not None:
            parts.append(c.pred)
        elif c.controller is not None:
            parts.append(A.ControllerPred(c.controller))
        else:
            raise _Fail("a group of targets controlled by a player not named")
    return _and(parts) if parts else None

