"""Transformer methods for static declaration sentences read in issue 26 (helper
"readings"): forms of real cards that bear on declaring attackers and blockers (508.1,
509.1). Each method cites its rule; the grammar's section is at the end of
``oracle.lark``."""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass, replace
from typing import Any, Optional

from lark import Transformer, v_args

from ...rules import abilities as A
from ...rules.triggered import Activated, Instructions, Tokens
from .helpers import _num, _same_subject
from .state import _Cond
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

    def anaphor_it(self):
        """"it" after an unread effect sentence whose one object is its one target
        ("Untap target creature. It gets +2/+2 until end of turn and can block an
        additional creature this turn." -- Act of Heroism; "Choose target nonland permanent.
        Until your next turn, it can't attack or block" -- Academic Probation): that
        target (115.1; the sentence names nothing else "it" could be)."""
        try:
            return super().anaphor_it()  # type: ignore[misc]
        except _Fail:
            ref = self.st.scanned_it
            if ref is None:
                raise
            self._mention(ref)  # type: ignore[attr-defined]
            return ref

    # -- 104.3: players who can't lose ---------------------------------------------------------
    def cant_lose_game(self):
        """104.3b, 104.3d, 704.5a, 704.5c: "You can't lose the game [and your opponents
        can't win the game]" (Platinum Angel): 0 or less life and ten or more poison
        counters don't make that player lose; the opponents' "can't win" is overridden by
        104.2a, the only way a combat ends a game with a winner."""
        from ...rules import combat_abilities as C

        return [C.CantLoseGame(A.YouRef())]

    def opponents_cant_win(self):
        """104.2a: "Your opponents can't win the game" -- a player whose opponents have all
        left the game wins even so: nothing to apply in a combat."""
        return []

    def cant_lose_by_life(self):
        """704.5a: "You don't lose the game for having 0 or less life." (Phyrexian Unlife)."""
        from ...rules import combat_abilities as C

        return [C.CantLoseGame(A.YouRef(), life_only=True)]

    # -- 611.3a: conditions over more than one statement ------------------------------------
    def conditional_lure(self, cond, subject, vps, obj):
        """611.3a, 509.1c: "As long as [condition], it gets +1/+1 and all creatures able to
        block it do so" (Gift of the Deity): both under the condition."""
        abilities = self.subject_statement(subject, vps) + self.lure(obj)  # type: ignore[attr-defined]
        return self._conditional(cond, abilities)  # type: ignore[attr-defined]

    def _conditional(self, cond, abilities: list) -> list:
        out = super()._conditional(cond, abilities)  # type: ignore[misc]
        # what "Otherwise, ..." in the next sentence reverses (611.3a), kept once the
        # whole sentence is read (statement_line)
        self._condition = cond if isinstance(cond, _Cond) else _Cond(cond)
        return out

    def statement_line(self, abilities):
        self.st.condition = getattr(self, "_condition", None)
        return super().statement_line(abilities)  # type: ignore[misc]

    def two_statements(self, first, second):
        self.st.condition = None  # two conditions: "otherwise" can't say which
        return super().two_statements(first, second)  # type: ignore[misc]

    def otherwise(self, abilities):
        """611.3a: "Otherwise, [statement]" -- applies while the condition of the sentence
        just before doesn't hold (Bonds of Faith: "Enchanted creature gets +2/+2 as long as
        it's a Human. Otherwise, it can't attack or block.")."""
        before = self.st.condition_before
        if before is None:
            raise _Fail("\"otherwise\" after a sentence without a condition")
        if not abilities:
            return []
        return [A.Conditional(before.cond, tuple(abilities), not before.unless)]

    def sw_subtype(self, tok):
        """"it's a Human": it has that subtype (205.3)."""
        return A.TypePred(str(tok))

    # -- 609.4: as though it had haste, against some players --------------------------------
    def attack_opponents_as_though_haste(self):
        """609.4, 302.6: "[creatures] can attack your opponents and planeswalkers your
        opponents control as though those creatures had haste" (Frenzied Saddlebrute):
        summoning sickness doesn't stop them attacking those (battles excepted)."""
        return lambda subject: [A.AttackAsThough(subject, had="haste", opponents_of=A.YouRef())]

    # -- 611.2b: during a player's turn -----------------------------------------------------
    def during_target(self):
        """"During target player's next turn": the text's next target, a player (115.1);
        "that player" after it is this one."""
        return self.target_player()  # type: ignore[attr-defined]

    def during_players_turn(self, player, abilities):
        """611.2b, 102.1: "During target player's next turn, [statement]" (Taunt): the
        effect applies while that player is the active player."""
        if not abilities:
            return []
        return [A.Conditional(A.ActiveIs(player), tuple(abilities))]

    # -- 510.1c-style: "as though it weren't blocked" ---------------------------------------
    def conditional_each_unblocked(self, cond):
        """611.3a: "As long as ~ is attacking, for each creature you control, you may have
        that creature assign its combat damage as though it weren't blocked" (Siege
        Behemoth): each creature's controller chooses as its damage is assigned, while the
        condition holds (judged once attackers are declared)."""
        c = cond if isinstance(cond, _Cond) else _Cond(cond)
        return [A.Conditional(c.cond, (A.AssignAsThoughUnblocked(A.Group(controller=A.YouRef())),),
                              c.unless)]

    # -- facts the board records of a permanent (Permanent.facts) -------------------------
    def creatures_of_player_or_pw(self):
        """"creatures controlled by that player or by that planeswalker's controller"
        (Concussive Bolt): the creatures of the player the sentence before targeted, or of
        the controller of the planeswalker it targeted (115.1)."""
        ref = self.st.scanned_player_pw
        if ref is None:
            raise _Fail("\"that player or that planeswalker's controller\" refers to nothing known")
        return A.Group(controller=ref)

    def target_and_sharing_color(self, target):
        """105.2, 611.2c: "target creature and each other creature that shares a color
        with it" (radiance, Incite Hysteria): one group -- the target, and every creature
        with one of its colors (a colorless target: the target alone)."""
        if not isinstance(target, A.TargetRef) or target.kind != "creature":
            raise _Fail("radiance: not one target creature")
        return A.Group(A.OrPred((A.ObjectPred(target), A.SharesColorPred(target))))

    def sw_monstrous(self):
        """701.37b: "as long as ~ is monstrous" -- the board's fact "monstrous"."""
        return A.FactPred("monstrous")

    def that_attacked_last_turn(self):
        """508.1: "creatures that attacked during their controller's last turn" (Halls of
        Mist) -- the board's fact "attacked_last_turn"."""
        return A.FactPred("attacked_last_turn")

    def _self_fact(self, fact: str) -> _Cond:
        obj = self.st.last_obj  # type: ignore[attr-defined]
        if not isinstance(obj, A.SelfRef):
            # "your last turn" is the turn of the source's controller: only its own
            raise _Fail("a fact of an object other than this one")
        return _Cond(A.ObjectIs(obj, A.FactPred(fact)), about=obj)

    def sf_attacked_last_turn(self):
        """508.1c: "if it attacked during your last turn" (Giant Turtle) -- the board's
        fact "attacked_last_turn" of the source."""
        return self._self_fact("attacked_last_turn")

    def sf_entered_this_turn(self):
        """"unless it entered the battlefield this turn" (Chaos Lord) -- the board's fact
        "entered_this_turn" of the source."""
        return self._self_fact("entered_this_turn")

    def sf_paired(self):
        """702.95: "unless it's paired with a creature with soulbond" (Flowering Lumberknot:
        a creature without soulbond is paired only with one that has it) -- the board's
        fact "paired" of the source."""
        return self._self_fact("paired")

    def attack_if_fact(self, cond):
        """508.1c, 611.3a: "~ can't attack if it attacked during your last turn"."""
        return lambda subject: [A.Conditional(cond.cond, (A.CantAttack(subject),), False)]

    def attack_as_though_haste_unless(self, *args):
        """609.4, 302.6, 611.3a: "~ can attack as though it had haste unless it entered the
        battlefield this turn" (Chaos Lord: it can attack after its control changed)."""
        cond = args[-1]
        return lambda subject: [A.Conditional(
            cond.cond, (A.AttackAsThough(_same_subject(subject, args[:-1]), had="haste"),), True)]


# ---------------------------------------------------------------------------------------
# Whole sentences read around the grammar (the reader calls these)
# ---------------------------------------------------------------------------------------

#: 601.3, 702.8: a permission to cast the card itself ("If a creature is attacking you and
#: you control a Forest and a Plains, you may cast ~ without paying its mana cost and as
#: though it had flash." -- Qasali Ambusher): it acts from a player's hand, never on a board
#: in combat; understood with nothing to apply, as "Flash" is.
_CAST_PERMISSION = re.compile(
    r"^(?:if [^.]*?, )?you may cast ~ without paying its mana cost"
    r"(?: and as though it had flash)?\.?$", re.I)


#: One target of an effect sentence: "target creature", "target land you control",
#: "target nonland permanent" (115.1) -- not a card ("target creature card"), not one of
#: several ("two target creatures").
_ONE_TARGET = re.compile(
    r"\btarget (?:(?:non)?[a-z]+ )*?(?P<kind>creature|permanent|land|artifact|enchantment)"
    r"\b(?! card)", re.I)
_TARGET_WORD = re.compile(r"\btarget\b(?! beyond\b)", re.I)
#: What else a sentence may name that "it" could mean: the source, a player, a card.
_OTHER_ANTECEDENT = re.compile(r"~|\b(?:it|its|card|cards|spell|token|tokens)\b", re.I)


def scan_target_it(sentence_norm: str, base: int) -> Optional[A.TargetRef]:
    """What "it" means after an unread effect sentence (Act of Heroism: "Untap target
    creature. It gets +2/+2 ..."): its target when the sentence names exactly one target,
    one permanent, and nothing else "it" could be (no "~", no "it", no card or spell);
    None otherwise."""
    if len(_TARGET_WORD.findall(sentence_norm)) != 1:
        return None
    m = _ONE_TARGET.search(sentence_norm)
    if m is None or _OTHER_ANTECEDENT.search(sentence_norm):
        return None
    head = sentence_norm[:m.start()].lower()
    if re.search(r"\b(?:up to|any number of|x|one|two|three|four|five|each of)\s*$", head):
        return None
    kind = "creature" if m.group("kind").lower() == "creature" else "permanent"
    return A.TargetRef(base, kind)  # type: ignore[arg-type]


#: "target player or planeswalker" (115.1): one target, a player or a planeswalker.
_PLAYER_OR_PW = re.compile(r"\btarget player or planeswalker\b", re.I)


def scan_player_or_planeswalker(sentence_norm: str, base: int) -> Optional[A.TargetRef]:
    """What "that player or that planeswalker's controller" means after an unread effect
    sentence (Concussive Bolt: "~ deals 4 damage to target player or planeswalker."): its
    one target, when that is the sentence's only target -- as a player, the target itself
    or the planeswalker's controller (``TargetRef`` kind "any"); None otherwise."""
    if len(_TARGET_WORD.findall(sentence_norm)) != 1 or not _PLAYER_OR_PW.search(sentence_norm):
        return None
    return A.TargetRef(base, "any")


#: "up to three target nonattacking creatures" after other targets (Domineering Will:
#: "Target player gains control of up to three target nonattacking creatures ...").
_GROUP_AFTER = re.compile(
    r"\b(?:up to (?P<n>one|two|three|four|five|\d+)|any number of) target (?:[a-z]+ )*?creatures\b",
    re.I)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def scan_target_group(sentence_norm: str, base: int) -> Optional[A.TargetGroup]:
    """601.2c: the one variable group of target creatures of an unread sentence that names
    single targets before it ("Target player gains control of up to three target
    nonattacking creatures until end of turn."): numbered after them; None when the group
    isn't the sentence's last target or there are several groups."""
    found = list(_GROUP_AFTER.finditer(sentence_norm))
    if len(found) != 1:
        return None
    m = found[0]
    before = sentence_norm[:m.start()]
    after = sentence_norm[m.end():]
    if _TARGET_WORD.search(after) or not _TARGET_WORD.search(before):
        return None  # the plain case (no target before it) is the reader's own scan
    if re.search(r"\b(?:up to|any number of|x|two|three|four|five) (?:\w+ )*?target\b", before, re.I):
        return None
    n = m.group("n")
    most = None if n is None else (_NUMBER_WORDS.get(n.lower()) or int(n))
    return A.TargetGroup(base + len(_TARGET_WORD.findall(before)), most)


#: "gets +1/+1 for each creature you control": a power/toughness change counted on the
#: board ("for each ..." up to the next verb phrase or the end).
_PT_FOR_EACH = re.compile(
    r"(\bgets? [+-]\d+/[+-]\d+) for each [^.,\"]*?"
    r"(?= and (?:gains?|has|have|can|can't|must|loses?)\b|,? until end of turn\b|\.?$)", re.I)


_ONE_SHOT = re.compile(r"\b(?:until end of turn|this turn)\b", re.I)


def without_pt_count(sentence_norm: str) -> str:
    """608.2h, 613.4c: "Until end of turn, target creature gets +1/+1 for each creature you
    control" (King Harald's Revenge) -- a resolving spell's count is made once, as it
    resolves, and the board's power and toughness are the current values: the sentence is
    read without "for each ...", as "+X/+X, where X is ..." is. Only an effect's change for
    a duration: a static ability's count changes with the board ("for each other attacking
    creature")."""
    if not _ONE_SHOT.search(sentence_norm):
        return sentence_norm
    return _PT_FOR_EACH.sub(r"\1", sentence_norm)


def keyword_triggers(result, read) -> list:
    """The triggered abilities of the keywords in ``result`` (a sentence's rule objects:
    only keywords it has itself, not ones it grants) that are triggered abilities by
    their rule (702.39a provoke, 702.147a decayed; :func:`.fast.rule_triggers`)."""
    from .fast import KEYWORD_TRIGGERS, rule_triggers

    out: list = []
    for a in result if isinstance(result, list) else ():
        if isinstance(a, A.Keyword) and a.name in KEYWORD_TRIGGERS:
            out.extend(rule_triggers(a.name, read))
    return out


#: 608.2d: a spell's target player chooses one of their creatures as it resolves ...
_PLAYER_CHOOSES = re.compile(
    r"^target (?:opponent|player) chooses a creature (?:they control|he or she controls)\.?$",
    re.I)
#: ... and what the creatures other than that one can't do (Goblin War Cry, Eunuchs'
#: Intrigues: "Other creatures they control can't block this turn.").
_OTHERS_THEY_CONTROL = re.compile(
    r"^other creatures (?:they control|that player controls) can't (?P<what>block|attack)"
    r" this turn\.?$", re.I)


def read_player_chooses(sentence_norm: str, state) -> Optional[list]:
    """608.2d: "Target opponent chooses a creature they control." -- a choice the target
    player makes as the spell resolves, an input (``{"effect": n, "chosen": id}``); and
    "Other creatures they control can't block this turn." after it: every creature that
    player controls but the chosen one (:class:`~mtgcombat.rules.abilities.SpellChosenRef`).
    None: not these sentences (or the second without the first)."""
    if _PLAYER_CHOOSES.match(sentence_norm):
        if state.open_targets:
            return None  # 601.2c: the target can't be numbered
        ref = A.TargetRef(state.targets, "player")
        state.targets += 1
        state.last_player, state.chooser, state.last_obj = ref, ref, None
        return [A.Choice("creature")]
    m = _OTHERS_THEY_CONTROL.match(sentence_norm)
    if m is None or state.chooser is None or state.last_player != state.chooser:
        return None
    others = A.Group(pred=A.NotPred(A.ObjectPred(A.SpellChosenRef(state.chooser))),
                     controller=state.chooser)
    return [A.CantBlock(others) if m.group("what").lower() == "block" else A.CantAttack(others)]


def nothing_to_apply(sentence_norm: str) -> bool:
    """Whether a sentence is understood with nothing to apply in a combat."""
    return bool(_CAST_PERMISSION.match(sentence_norm))


#: "[subject] has/have/gains/gain "[ability]"[ until end of turn]." -- an ability in quotes
#: granted (613.1f).
_QUOTED = re.compile(r'^(?P<head>.*?\b(?:has|have|gains|gain)) "(?P<inner>[^"]+)"(?P<tail>[^"]*)$')
_SENTINEL = "flying"


def read_quoted_grant(sentence_norm: str, state, parse, read) -> Optional[list]:
    """613.1f: "[subject] [has] "[ability]"" -- the ability in quotes read on its own ("this
    creature" is the creature that has it) and granted to the subject. An ability whose
    only reference to "this creature" is its subject is read as that ability of the subject
    itself ('Creatures you control with trample have "You may have this creature assign
    its combat damage as though it weren't blocked."' -- Proud Wildbonder: each of them
    may); any other is not read. ``parse`` and ``read`` are the reader's."""
    m = _QUOTED.match(sentence_norm)
    if m is None:
        return None
    inner = read(m.group("inner"), None)
    if inner.not_understood or not inner.understood:
        return None
    granted = [a for p in inner.understood for a in p.abilities]
    if all(isinstance(a, Activated) for a in granted):
        # 602.1, 613.1f: a granted activated ability ("Enchanted creature has "{T}: Target
        # creature can't block this turn."") acts only when a player activates it -- an
        # effect of the board with its holder as source; it adds nothing to a
        # declaration. Granted to the subject as it is ("this creature" in it: its holder).
        return _with_granted(m, state, parse, lambda g: [A.Grant(g.subject, tuple(granted))])

    def moved(g: Any) -> Optional[list]:
        out = [_as_subjects(a, g.subject) for a in granted]
        return None if any(x is None for x in out) else out

    return _with_granted(m, state, parse, moved)


#: "Create [tokens] with "[ability]"[...]" -- a token whose ability is in quotes (111.1,
#: 113.1a: the token has the ability; "this creature" in it is the token).
_QUOTED_TOKEN = re.compile(
    r'^(?P<head>create\b[^"]*?\btokens?) with "(?P<inner>[^"]+)"(?P<tail>[^"]*)$', re.I)


def read_quoted_token(sentence_norm: str, state, instruction, read) -> Optional[list]:
    """111.1, 701.7: "Create a 1/1 red Satyr creature token with "This creature can't
    block."" -- the token-making instruction read with a sentinel keyword in place of the
    quoted ability, which becomes the tokens' text (read on its own: "this creature" is
    each token, so the token carries it out as its own ability once created). None: not
    this form, the quoted ability not read whole, or the instruction not read.
    ``instruction`` reads one sentence of a spell's effect, ``read`` a whole text."""
    m = _QUOTED_TOKEN.match(sentence_norm)
    if m is None:
        return None
    inner = read(m.group("inner"), None)
    if inner.not_understood or not inner.understood:
        return None
    result = instruction(f"{m.group('head')} with {_SENTINEL}{m.group('tail')}", state)
    if not result:
        return None
    out: list = []
    found = 0
    for ins in result:
        if not isinstance(ins, Instructions):
            return None
        effects = []
        for eff in ins.effects:
            if isinstance(eff, Tokens) and eff.text.lower() == _SENTINEL:
                found += 1
                eff = replace(eff, text=m.group("inner"), reading=inner)
            elif _mentions_keyword(eff, _SENTINEL):
                return None
            effects.append(eff)
        out.append(replace(ins, effects=tuple(effects)))
    return out if found == 1 else None


def _with_granted(m, state, parse, grant) -> Optional[list]:
    """The outer sentence read with a sentinel keyword in place of the quoted abilities,
    its one grant of the sentinel replaced by ``grant(that Grant)`` (a list; None: not
    read). None when the sentinel is not granted exactly once or is mentioned otherwise."""
    outer = parse(f"{m.group('head')} {_SENTINEL}{m.group('tail')}", state)
    if not outer:
        return None
    out: list = []
    found = 0
    for ab in outer:
        if isinstance(ab, A.Grant) and ab.abilities == (A.Keyword(_SENTINEL),):
            found += 1
            given = grant(ab)
            if given is None:
                return None
            out += given
        elif _mentions_keyword(ab, _SENTINEL):
            return None
        else:
            out.append(ab)
    return out if found == 1 else None


def _as_subjects(ab, subject):
    """``ab`` (read from quotes: its subject is "this creature") as the same ability of
    ``subject``, or None when "this creature" appears anywhere else in it."""
    if getattr(ab, "subject", None) != A.SelfRef():
        return None
    moved = replace(ab, subject=subject)
    if _has_self(tuple(getattr(moved, f.name) for f in fields(moved))):
        return None
    return moved


def _has_self(x) -> bool:
    if isinstance(x, A.SelfRef):
        return True
    if isinstance(x, (tuple, list)):
        return any(_has_self(y) for y in x)
    if is_dataclass(x) and not isinstance(x, type):
        return any(_has_self(getattr(x, f.name)) for f in fields(x))
    return False


def _mentions_keyword(x, name: str) -> bool:
    if isinstance(x, A.Keyword):
        return x.name == name
    if isinstance(x, (tuple, list)):
        return any(_mentions_keyword(y, name) for y in x)
    if is_dataclass(x) and not isinstance(x, type):
        return any(_mentions_keyword(getattr(x, f.name), name) for f in fields(x))
    return False
