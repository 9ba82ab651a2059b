"""Binding rule objects to a board.

Card text gives abilities with symbolic references ("this creature", "you",
"target player", "creatures you control"). Binding resolves them against one
board: every ability becomes one or more :class:`Instance` objects, each naming
the concrete creature it applies to (its *holder*). Keyword abilities are
collected per creature so that evasion (702) and predicates such as "creatures
with flying" can be evaluated.

Rule references: 109.5 ("you" is the controller of the source), 115 (targets),
601.2c (a variable number of targets), 611.3a (static abilities with a
condition: applied when the condition holds on the board, judged against
printed keywords), 613.1f (ability-adding effects, simplified: grants are
applied on top of printed abilities, in one pass), 702.16 (protection
qualities), 105.2 (colors).
"""

from __future__ import annotations

import dataclasses

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Optional, Sequence

from . import abilities as A
from .creature_types import CREATURE_TYPES
from .mana import CumulativeUpkeep, ManaAbility
from .model import Board, BoardError, Permanent, PlayerName, parse_type_line
from .reasons import Src, reason


#: The player record each :class:`~mtgcombat.rules.abilities.PlayerFact` reads.
_FACT_FIELDS = {"graveyard": "graveyard", "graveyard_types": "graveyard_types",
                "spells": "spells_cast", "damage": "damage_taken", "drawn": "cards_drawn",
                "died": "creatures_died"}


def _spell_is(type_line: str, kind: Optional[str]) -> bool:
    """Whether a spell of this type line is of ``kind`` (None: any spell): "creature",
    "noncreature", "historic" (700.6: legendary, artifact or Saga), "instant_or_sorcery"."""
    if kind is None:
        return True
    t = parse_type_line(type_line)
    if kind == "creature":
        return t.has("creature")
    if kind == "noncreature":
        return not t.has("creature")
    if kind == "historic":
        return t.has("legendary") or t.has("artifact") or t.has("saga")
    if kind == "instant_or_sorcery":
        return t.has("instant") or t.has("sorcery")
    raise ValueError(kind)


@dataclass(frozen=True)
class Source:
    """Where an ability comes from: a permanent's text or an effect."""

    kind: str  # "permanent" or "effect"
    controller: PlayerName
    permanent: Optional[str] = None  # the permanent printing it, or the effect's source
    effect_index: Optional[int] = None
    targets: tuple[str, ...] = ()
    sentence: str = ""  # an effect's text
    #: From a static ability that applies because its condition holds (611.3a): the
    #: answers quote its sentence, which says the condition.
    conditional: bool = False

    def src(self) -> Src:
        """As a reason parameter."""
        return Src(self.permanent, self.effect_index, self.sentence, self.conditional)

    def where(self) -> tuple:
        """The part of the board it is (for bad input)."""
        if self.kind == "effect" and self.effect_index is not None:
            return ("effect", self.effect_index)
        return ("permanent", self.permanent)


@dataclass(frozen=True)
class Instance:
    """One ability applied to one holder (or to the whole game when holder is None).
    ``ability`` is an :data:`~mtgcombat.rules.abilities.Ability`; typed ``Any`` because
    callers select instances by type (:meth:`Bound.held_by`) and then read that type's
    fields."""

    ability: Any
    source: Source
    sentence: str
    holder: Optional[str] = None

    @property
    def who(self) -> str:
        """The holder of an ability that has one (type-checked access)."""
        assert self.holder is not None
        return self.holder


@dataclass
class Bound:
    """Abilities of a board, bound to concrete objects."""

    board: Board
    instances: list[Instance] = field(default_factory=list)
    keywords: dict[str, set[str]] = field(default_factory=dict)
    #: landwalk abilities by name ("islandwalk"), printed or granted (702.14)
    walks: dict[str, set[str]] = field(default_factory=dict)

    # -- queries ------------------------------------------------------------
    def of_type(self, *types: type) -> list[Instance]:
        return [i for i in self.instances if isinstance(i.ability, types)]

    def held_by(self, holder: str, *types: type) -> list[Instance]:
        return [
            i for i in self.instances
            if i.holder == holder and (not types or isinstance(i.ability, types))
        ]

    def has_keyword(self, pid: str, kw: str) -> bool:
        return kw in self.keywords.get(pid, ())

    def protections(self, pid: str) -> list[Instance]:
        return self.held_by(pid, A.Protection)

    # -- references -----------------------------------------------------------
    def player_of(self, ref: A.PlayerRef, source: Source) -> Optional[PlayerName]:
        """The player a reference names; None for "defending player" (relative)."""
        if isinstance(ref, A.YouRef):
            return source.controller
        if isinstance(ref, A.NamedRef):
            return ref.id
        if isinstance(ref, A.TargetRef):
            t = _target(source, ref)
            if t in self.board.player_names:
                return t
            # "target creature's controller" style: a permanent's controller.
            return self.board.permanent(t).controller
        if isinstance(ref, A.ChosenRef):
            return self.chosen(source, ref.kind)
        if isinstance(ref, A.MonarchRef):
            return self.board.monarch  # 725: nobody when nobody is the monarch
        if isinstance(ref, A.ActivePlayerRef):
            return self.board.active_player  # 102.1
        if isinstance(ref, A.ControllerOf):
            oid = self.object_of(ref.ref, source)
            if oid is None or oid in self.board.player_names or not self.board.has_object(oid):
                return None
            return self.board.permanent(oid).controller
        if isinstance(ref, A.EnchantedPlayerRef):
            who = (self.board.permanent(source.permanent).attached_to
                   if source.permanent is not None else None)
            if who not in self.board.player_names:
                raise BoardError(reason("error.enchanted_player", None, (),
                                        src=source.src(), where=source.where()))
            return who
        return None

    def chosen(self, source: Source, kind: str) -> str:
        """What was chosen for the source permanent (its ``chosen`` field); bad input
        naming the field when the board doesn't say."""
        perm = self.board.permanent(source.permanent) if source.permanent else None
        value = perm.chosen.get(kind) if perm is not None else None
        if value is None:
            raise BoardError(reason("error.chosen_missing", None, (), src=source.src(),
                                    kind=kind, where=source.where()))
        if kind == "player" and value not in self.board.player_names:
            raise BoardError(reason("error.chosen_not_player", None, (), src=source.src(),
                                    value=value, where=source.where()))
        return value

    def hand_size(self, ref: A.PlayerRef, source: Source) -> int:
        """Cards in a player's hand, from the board's ``hand``; bad input naming the
        player and the field when the board doesn't record it."""
        who = self.player_of(ref, source)
        hand = self.board.player(who).hand if who is not None else None
        if hand is None:
            raise BoardError(reason("error.hand_unknown", None, (), player=who,
                                    src=source.src(), where=("player", who)))
        return hand

    def hand_holds(self, cond: A.HandCount, source: Source) -> bool:
        """Whether a :class:`~mtgcombat.rules.abilities.HandCount` holds: the player's
        hand (bad input when the board doesn't record it); for "a player", some player
        whose hand is recorded meets it, or every hand is needed to say no."""
        def meets(n: int) -> bool:
            return n <= cond.n if cond.op == "<=" else n >= cond.n
        if cond.player is not None:
            return meets(self.hand_size(cond.player, source))
        known = [p.hand for p in self.board.players if p.hand is not None]
        if any(meets(h) for h in known):
            return True
        missing = [p.name for p in self.board.players if p.hand is None]
        if missing:
            raise BoardError(reason("error.hand_unknown", None, (), player=missing[0],
                                    src=source.src(), where=("player", missing[0])))
        return False

    def count_x(self, x, source: Source, holder: Permanent) -> int:
        """X of a cost as the text defines it (107.3a): permanents a player controls
        (:class:`~mtgcombat.rules.abilities.CountOf`), counters on the creature the cost
        is for (``CountersOn``, 122.1), cards in a player's hand (``HandSize``, 402)."""
        if isinstance(x, A.CountersOn):
            if not x.kind:  # counters of any kind (122.1)
                return sum(holder.counters.values())
            return holder.counter(x.kind)
        if isinstance(x, A.HandSize):
            return self.hand_size(x.player, source)
        if isinstance(x, A.BasicLandTypes):
            # 305.6: Plains, Island, Swamp, Mountain, Forest among the lands they control
            who = self.player_of(x.controller, source)
            return len({t for p in self.board.permanents if p.controller == who and p.is_land
                        for t in ("Plains", "Island", "Swamp", "Mountain", "Forest")
                        if p.types.has(t)})
        who = self.player_of(x.controller, source)
        return sum(1 for p in self.board.permanents
                   if p.controller == who and self.matches(x.pred, p, source))

    def fact_value(self, cond: A.PlayerFact, who: PlayerName, source: Source) -> int:
        """The number a :class:`~mtgcombat.rules.abilities.PlayerFact` compares, for one
        player; bad input naming the player and the field when the board doesn't record
        it."""
        if cond.fact == "monarch":
            return int(self.board.monarch == who)  # 725
        p = self.board.player(who)
        if cond.fact == "blessing":
            return int(p.city_blessing)  # 702.131c
        field_name = _FACT_FIELDS[cond.fact]
        value = getattr(p, field_name)
        if value is None:
            raise BoardError(reason("error.record_unknown", None, (), player=who,
                                    field=field_name, fact=cond.fact, src=source.src(),
                                    where=("player", who)))
        if cond.fact == "graveyard_types":
            return len(value)  # 205.2a: the card types among them
        if cond.fact == "spells":
            return sum(1 for line in value if _spell_is(line, cond.kind))
        return int(value)

    def fact_holds(self, cond: A.PlayerFact, source: Source,
                   defending: Optional[PlayerName] = None) -> bool:
        """Whether a :class:`~mtgcombat.rules.abilities.PlayerFact` holds: for "you",
        "defending player" (``defending``, of one attack) or -- for "an opponent" or "a
        player" -- for some one of them. A record the board lacks is bad input unless a
        recorded player already settles it."""
        if isinstance(cond.player, A.OpponentRef):
            who: tuple[PlayerName, ...] = self.board.opponents(source.controller)
        elif cond.player is None:
            who = self.board.player_names
        elif isinstance(cond.player, A.DefendingPlayerRef):
            if defending is None:
                raise TypeError(cond)  # judged per attack (508.5): pass ``defending``
            who = (defending,)
        else:
            one = self.player_of(cond.player, source)
            if one is None:
                return False
            who = (one,)

        def meets(n: int) -> bool:
            return n <= cond.n if cond.op == "<=" else n >= cond.n
        missing: Optional[BoardError] = None
        for name in who:
            try:
                if meets(self.fact_value(cond, name, source)):
                    return True
            except BoardError as e:
                missing = missing or e
        if missing is not None:
            raise missing
        return False

    def object_of(self, ref, source: Source) -> Optional[str]:
        """The object (permanent id or player) a reference names."""
        if isinstance(ref, A.SelfRef):
            if source.permanent is None:
                raise BoardError(reason("error.self_without_source", None, (),
                                        src=source.src(), where=source.where()))
            return source.permanent
        if isinstance(ref, A.NamedRef):
            return ref.id
        if isinstance(ref, A.TargetRef):
            return _target(source, ref)
        if isinstance(ref, A.AttachedRef):
            if source.permanent is None:
                return None
            return self.board.permanent(source.permanent).attached_to
        if isinstance(ref, A.YouRef):
            return source.controller
        if isinstance(ref, (A.ChosenRef, A.MonarchRef, A.ActivePlayerRef, A.ControllerOf,
                            A.EnchantedPlayerRef)):
            return self.player_of(ref, source)
        return None

    def shares_creature_type(self, player: PlayerName, count: int) -> bool:
        """Whether ``player`` controls ``count`` or more creatures that share a creature
        type (205.3m); a changeling has every creature type (702.73a)."""
        creatures = self.board.creatures(player)
        changelings = sum(1 for p in creatures if self.has_keyword(p.id, "changeling"))
        by_type: dict[str, int] = {}
        for p in creatures:
            if self.has_keyword(p.id, "changeling"):
                continue
            for t in {s for s in p.types.subtypes if s in CREATURE_TYPES}:
                by_type[t] = by_type.get(t, 0) + 1
        return changelings + max(by_type.values(), default=0) >= count

    # -- predicates -------------------------------------------------------------
    def matches(
        self, pred: A.Pred, perm: Permanent, source: Optional[Source] = None,
        relative_to: Optional[Permanent] = None,
    ) -> bool:
        """Whether a permanent has a quality. ``relative_to`` is the creature that
        "self" in a comparison refers to (e.g. "greater power" than this one)."""
        if isinstance(pred, A.NotPred):
            return not self.matches(pred.pred, perm, source, relative_to)
        if isinstance(pred, A.AndPred):
            return all(self.matches(p, perm, source, relative_to) for p in pred.preds)
        if isinstance(pred, A.OrPred):
            return any(self.matches(p, perm, source, relative_to) for p in pred.preds)
        if isinstance(pred, A.StatPred):
            return self._matches_stat(pred, perm, source, relative_to)
        for part in (self._matches_quality, self._matches_relation):
            found = part(pred, perm, source, relative_to)
            if found is not None:
                return found
        raise TypeError(f"unknown predicate {pred!r}")

    def _matches_quality(self, pred: A.Pred, perm: Permanent, source: Optional[Source],
                         relative_to: Optional[Permanent]) -> Optional[bool]:
        """A quality of the permanent itself (colour, type, keyword, name, counters,
        tapped, a fact the board records); None: ``pred`` is none of these."""
        if isinstance(pred, A.AnyPred):
            return True
        if isinstance(pred, A.ColorPred):
            if pred.color == "chosen":
                if source is None:
                    return False
                return self.chosen(source, "color") in perm.colors
            return pred.color in perm.colors
        if isinstance(pred, A.ColorlessPred):
            return not perm.colors
        if isinstance(pred, A.MulticoloredPred):
            return len(perm.colors) >= 2
        if isinstance(pred, A.TypePred):
            if _type_matches(perm, pred.word):
                return True
            # 702.73a: changeling -- every creature type (205.3m), on top of its own.
            return self.has_keyword(perm.id, "changeling") and _creature_type(pred.word)
        if isinstance(pred, A.KeywordPred):
            return self.has_keyword(perm.id, pred.keyword.lower())
        if isinstance(pred, A.OwnStatsPred):
            values = {"power": perm.power, "toughness": perm.toughness}
            a, b = values[pred.stat], values[pred.other]
            return a is not None and b is not None and _compare(a, pred.op, b)
        if isinstance(pred, A.NamePred):
            name = pred.name
            if name == "~":  # "named ~": the name of the ability's source (201.4)
                if source is None or source.permanent is None:
                    return False
                name = self.board.permanent(source.permanent).name
            return perm.name.lower() == name.lower()
        if isinstance(pred, A.CounterPred):
            if not pred.kind:  # counters of any kind (122.1)
                return sum(perm.counters.values()) >= pred.at_least
            return perm.counters.get(pred.kind, 0) >= pred.at_least
        if isinstance(pred, A.TappedPred):
            return perm.tapped == pred.tapped
        if isinstance(pred, A.FactPred):
            # a fact the board records (701.37b monstrous, 702.33d kicked, ...)
            return pred.fact in perm.facts
        return None

    def _matches_relation(self, pred: A.Pred, perm: Permanent, source: Optional[Source],
                          relative_to: Optional[Permanent]) -> Optional[bool]:
        """A relation of the permanent to other objects, players or the combat (this
        object, its controller, attachments, landwalk, attacking or blocking); None:
        ``pred`` is none of these."""
        if isinstance(pred, A.ObjectPred):
            ref = pred.ref
            if isinstance(ref, A.SpellChosenRef):
                # 608.2d: the creature a player chose as the spell resolved (an input)
                from .cast import spell_chosen

                return source is not None and perm.id == spell_chosen(self, ref, source)
            return source is not None and perm.id == _target(source, ref)
        if isinstance(pred, A.SharesColorPred):
            # 105.2: shares a color with the object named (a colorless one: with nothing)
            other = _target(source, pred.ref) if source is not None else None
            if other is None or not self.board.has_object(other) \
                    or other in self.board.player_names:
                return False
            return bool(set(perm.colors) & set(self.board.permanent(other).colors))
        if isinstance(pred, A.NotSelfPred):
            me = relative_to.id if relative_to is not None else (
                source.permanent if source is not None else None)
            return perm.id != me
        if isinstance(pred, A.ControllerPred):
            if source is None:
                return False
            return perm.controller == self.player_of(pred.player, source)
        if isinstance(pred, A.ModifiedPred):
            # 700.9: a counter, an Equipment, or an Aura its controller controls
            return any(perm.counters.values()) or any(
                p.attached_to == perm.id and (p.types.has("Equipment") or (
                    p.types.has("Aura") and p.controller == perm.controller))
                for p in self.board.permanents)
        if isinstance(pred, A.LandwalkPred):
            return pred.label in self.walks.get(perm.id, ())
        if isinstance(pred, A.AttachedPred):
            # 303.4b, 301.5a: enchanted / equipped -- such a permanent is attached to it.
            return any(p.attached_to == perm.id and p.types.has(pred.subtype)
                       for p in self.board.permanents)
        if isinstance(pred, A.InCombatPred) and pred.role == "blocked":
            # 509.1h: an attacking creature some creature blocks, or one that stays
            # blocked after its blockers left combat (the board's ``blocked``)
            b = self.board
            return b.attacks is not None and perm.id in b.attacks and (
                perm.id in (b.blocked or ()) or any(
                    perm.id in atts for atts in (b.blocks or {}).values()))
        if isinstance(pred, A.InCombatPred):
            # 506.4: declared attackers / blockers of the board.
            role = self.board.attacks if pred.role == "attacking" else self.board.blocks
            return role is not None and perm.id in role
        if isinstance(pred, A.ControllerFact):
            # its controller's record (601: "each opponent who cast a spell this turn")
            if source is None:
                return False
            fact = pred.fact
            return _compare(self.fact_value(fact, perm.controller, source), fact.op, fact.n)
        if isinstance(pred, A.ThisObject):
            return source is not None and perm.id == self.object_of(pred.ref, source)
        return None

    def _matches_stat(self, pred: A.StatPred, perm: Permanent, source: Optional[Source],
                      relative_to: Optional[Permanent]) -> bool:
        """Power or toughness compared with a number, a count, a hand's size or another
        creature's (208)."""
        mine = perm.power if pred.stat == "power" else perm.toughness
        if mine is None:
            return False
        if isinstance(pred.value, A.HandSize):
            if source is None:
                return False
            return _compare(mine, pred.op, self.hand_size(pred.value.player, source))
        if isinstance(pred.value, A.CountOf):
            if source is None:
                return False
            return _compare(mine, pred.op, self.count_x(pred.value, source, perm))
        if isinstance(pred.value, A.StatOf):
            about = relative_to
            if about is None and source is not None and source.permanent is not None:
                about = self.board.permanent(source.permanent)
            theirs = None if about is None else (
                about.power if pred.value.stat == "power" else about.toughness)
            return theirs is not None and _compare(mine, pred.op, theirs)
        if pred.value == "self":
            other = relative_to
            if other is None and source is not None and source.permanent is not None:
                other = self.board.permanent(source.permanent)
            if other is None:
                return False
            ref = other.power if pred.stat == "power" else other.toughness
            if ref is None:
                return False
        else:
            ref = pred.value
        return _compare(mine, pred.op, ref)

    def subject_holders(self, subject: A.Subject, source: Source) -> list[str]:
        """The creatures a subject designates on this board."""
        b = self.board
        if isinstance(subject, (A.SelfRef, A.TargetRef, A.NamedRef, A.AttachedRef)):
            oid = self.object_of(subject, source)
            return [oid] if oid is not None and oid not in b.player_names else []
        if isinstance(subject, A.TargetGroup):
            # 601.2c: the targets given from ``first`` on (a variable number).
            chosen = source.targets[subject.first:]
            if subject.most is not None and len(chosen) > subject.most:
                raise BoardError(reason("error.too_many_targets", None, (), src=source.src(),
                                        where=source.where(), most=subject.most,
                                        given=len(chosen)))
            # 400.7: a target that has left the battlefield is none of them any more.
            return [t for t in chosen if t not in b.player_names and b.has_object(t)]
        if isinstance(subject, A.Group):
            ctrl = (
                self.player_of(subject.controller, source)
                if subject.controller is not None else None
            )
            opp = (
                self.player_of(subject.opponents_of, source)
                if subject.opponents_of is not None else None
            )
            out = []
            for p in b.permanents:
                if not p.is_creature:
                    continue
                if subject.other and p.id == source.permanent:
                    continue
                if ctrl is not None and p.controller != ctrl:
                    continue
                if opp is not None and b.teammates(p.controller, opp):
                    continue
                if subject.attacking is not None and (
                    (b.attacks is not None and p.id in b.attacks) != subject.attacking
                ):
                    continue
                if subject.blocking is not None and (
                    (b.blocks is not None and p.id in b.blocks) != subject.blocking
                ):
                    continue
                if not self.matches(subject.pred, p, source):
                    continue
                out.append(p.id)
            return out
        raise TypeError(f"unknown subject {subject!r}")


def _target(source: Source, ref: A.TargetRef) -> str:
    if ref.index >= len(source.targets):
        raise BoardError(reason("error.too_few_targets", None, (), src=source.src(),
                                where=source.where(), needs=ref.index + 1,
                                given=len(source.targets)))
    return source.targets[ref.index]


def _compare(a: int, op: str, b: int) -> bool:
    return {
        "<": a < b, "<=": a <= b, "==": a == b, ">=": a >= b, ">": a > b,
    }[op]


_PLURALS = {"elves": "elf", "dwarves": "dwarf", "wolves": "wolf"}


def _type_matches(perm: Permanent, word: str) -> bool:
    w = word.strip()
    if w.lower() in ("token", "tokens"):
        # 111.1: a token -- its type line says so ("Token Creature \u2014 Goblin", 111.4)
        return perm.is_token
    if perm.types.has(w):
        return True
    low = w.lower()
    if low in _PLURALS and perm.types.has(_PLURALS[low]):
        return True
    if low.endswith("s") and perm.types.has(w[:-1]):
        return True
    return False


def _creature_type(word: str) -> bool:
    """Whether a type word ("Goblin", "Goblins", "Elves") names a creature type (205.3m)."""
    w = word.strip()
    if w in CREATURE_TYPES:
        return True
    low = w.lower()
    if low in _PLURALS:
        return _PLURALS[low].capitalize() in CREATURE_TYPES
    return low.endswith("s") and w[:-1] in CREATURE_TYPES


#: Abilities that apply to the whole game rather than to one creature.
GLOBAL_ABILITIES = (A.AttackCap, A.AttackParity, A.BlockCap, A.DefenderAssignsDamage,
                    A.BlockableDespiteLandwalk, A.PlayerAttackRequirement, A.AllAttackIfAny)


def _subject_of(ability) -> Optional[A.Subject]:
    if isinstance(ability, (A.LureRequirement, A.MustBeBlocked, A.LureBy)):
        return ability.attacker
    return getattr(ability, "subject", None)


def bind(
    board: Board,
    readings: Mapping[str, A.TextReading],
    effect_readings: Sequence[A.TextReading],
) -> Bound:
    """Bind the abilities read from every permanent's text (``readings`` by id) and
    every effect (``effect_readings`` in board order) to ``board``."""
    bound = Bound(board)
    pending = _pending(board, readings, effect_readings)
    # Pass 1: printed keywords of permanents (so predicates on keywords work).
    for ab, src, sentence in pending:
        if src.permanent is None or src.kind != "permanent":
            continue
        if _is_keyword(ab):
            bound.keywords.setdefault(src.permanent, set()).update(_keyword_names(ab))
        elif isinstance(ab, A.Landwalk):
            bound.walks.setdefault(src.permanent, set()).add(ab.label.lower())
    # Pass 1b: 611.3a -- a static ability with a condition applies when the condition
    # holds on this board (judged against printed keywords).
    pending = [(sub, sub_src, sentence) for ab, src, sentence in pending
               for sub, sub_src in _unwrap(bound, ab, src)]
    # Pass 2: grants (one pass, against printed keywords).
    expanded = _granted(bound, pending)
    # Pass 2b: 613.1f (layer 6) -- keywords lost, after those gained.
    expanded = _lose_keywords(bound, expanded)
    # 702.16k: "protection from Bob" where Bob is a player is protection from that player.
    expanded = [(_player_protection(board, ab), src, sentence, holder)
                for ab, src, sentence, holder in expanded]
    # Pass 3: instances.
    _instances(bound, expanded)
    # Goad (701.15 current; 701.38 in 2024) is board state, not text.
    return bound


def _pending(board: Board, readings: Mapping[str, A.TextReading],
             effect_readings: Sequence[A.TextReading]) -> list[tuple[A.Ability, Source, str]]:
    """Every ability read from the board's permanents and effects, with its source and
    sentence; a :class:`Named` sentence's abilities about the permanent it names."""
    pending: list[tuple[A.Ability, Source, str]] = []
    for perm in board.permanents:
        reading = readings.get(perm.id)
        if reading is None:
            continue
        src = Source("permanent", perm.controller, permanent=perm.id)
        for parsed in reading.understood:
            for ab in parsed.abilities:
                pending.append((ab, src, parsed.sentence))
    for i, (eff, reading) in enumerate(zip(board.effects, effect_readings)):
        gone = frozenset(eff.gone)
        # 400.7: a source that has left the battlefield is no object of this board; what
        # the effect says of it ("this creature") applies to nothing.
        src = Source(
            "effect", eff.controller,
            permanent=eff.source if eff.source not in gone else None, effect_index=i,
            targets=eff.targets, sentence=eff.text,
        )
        for parsed in reading.understood:
            for ab in parsed.abilities:
                if gone and _names_gone(ab, eff.targets, eff.source in gone, gone):
                    continue
                pending.append((ab, src, parsed.sentence))
    return [x for ab, src, sentence in pending
            for x in _named(ab, src, sentence, board)]


def _granted(bound: Bound, pending: list) -> list[tuple[Any, Source, str, Optional[str]]]:
    """613.1f: each ability with the permanent that holds it -- a :class:`Grant`'s
    abilities for each holder of its subject (a :class:`GrantWhileInCombat`'s only while
    the holder is attacking or blocking, 611.3a, 506.4), any other ability with no holder
    yet; the keywords and landwalks so held are recorded on ``bound``."""
    board = bound.board
    expanded: list[tuple[A.Ability, Source, str, Optional[str]]] = []
    for ab, src, sentence in pending:
        if isinstance(ab, A.Grant):
            for holder in bound.subject_holders(ab.subject, src):
                for sub in ab.abilities:
                    expanded.append((sub, src, sentence, holder))
        elif isinstance(ab, A.GrantWhileInCombat):
            # 611.3a, 506.4: only while the holder is attacking / blocking.
            role = (board.attacks if ab.role == "attacking" else board.blocks) or {}
            for holder in bound.subject_holders(ab.subject, src):
                if holder in role:
                    for sub in ab.abilities:
                        expanded.append((sub, src, sentence, holder))
        else:
            expanded.append((ab, src, sentence, None))
    for ab, src, sentence, holder in expanded:
        if holder is None and _is_keyword(ab) and src.kind == "permanent":
            # a keyword of the permanent's own that a condition switched on (611.3a,
            # a level up band 711.2)
            bound.keywords.setdefault(src.permanent or "", set()).update(_keyword_names(ab))
        if holder is not None and _is_keyword(ab):
            bound.keywords.setdefault(holder, set()).update(_keyword_names(ab))
        elif holder is not None and isinstance(ab, A.Landwalk):
            bound.walks.setdefault(holder, set()).add(ab.label.lower())
    return expanded


def _instances(bound: Bound, expanded: list) -> None:
    """Each ability bound to what it is about: its holder, its source permanent (a
    keyword, a landwalk, protection ...), the whole game (:data:`GLOBAL_ABILITIES`) or
    each creature its subject designates."""
    for ab, src, sentence, holder in expanded:
        if holder is not None:
            bound.instances.append(Instance(ab, src, sentence, holder))
        elif _is_keyword(ab) or isinstance(ab, (A.Landwalk, A.Protection, A.BandsWithOther,
                                                 ManaAbility, CumulativeUpkeep)):
            if src.kind == "permanent":
                bound.instances.append(Instance(ab, src, sentence, src.permanent))
        elif isinstance(ab, GLOBAL_ABILITIES):
            bound.instances.append(Instance(ab, src, sentence, None))
        else:
            subject = _subject_of(ab)
            if subject is None:
                bound.instances.append(Instance(ab, src, sentence, None))
                continue
            for h in bound.subject_holders(subject, src):
                bound.instances.append(Instance(ab, src, sentence, h))


def _timestamp(board: Board, src: Source) -> int:
    """A source's place in timestamp order (613.7a) as a board shows it: its permanents
    in the order listed, then its effects in the order listed."""
    if src.kind == "effect" and src.effect_index is not None:
        return len(board.permanents) + src.effect_index
    for i, p in enumerate(board.permanents):
        if p.id == src.permanent:
            return i
    return -1


def _lose_keywords(bound: Bound, expanded: list) -> list:
    """613.1f, 613.7: "[creatures] lose [keywords]" removes the keywords printed on them
    (layer 1) and those granted by a source earlier in timestamp order; "... can't have or
    gain [keywords]" removes every instance, whatever grants it. The lost keywords go
    from :attr:`Bound.keywords` and their instances from the abilities bound."""
    from .combat_abilities import KeywordN, LoseKeywords

    board = bound.board
    losses: dict[str, list[tuple[set[str], int, bool]]] = {}
    for ab, src, sentence, holder in expanded:
        if not isinstance(ab, LoseKeywords):
            continue
        names = {n.lower() for n in ab.keywords}
        stamp = _timestamp(board, src)
        for h in ([holder] if holder is not None else bound.subject_holders(ab.subject, src)):
            losses.setdefault(h, []).append((names, stamp, ab.for_good))
    if not losses:
        return expanded

    def lost(holder: Optional[str], name: str, src: Source, printed: bool) -> bool:
        stamp = -1 if printed else _timestamp(board, src)
        return any(name in names and (for_good or stamp < at)
                   for names, at, for_good in losses.get(holder or "", ()))

    out = []
    kept: dict[str, set[str]] = {}
    for ab, src, sentence, holder in expanded:
        own = holder is None and src.kind == "permanent"
        who = holder if holder is not None else (src.permanent if own else None)
        if isinstance(ab, (A.Keyword, KeywordN)) and who in losses and \
                lost(who, ab.name.lower(), src, printed=holder is None):
            continue
        out.append((ab, src, sentence, holder))
    for who in losses:
        # what is left of its keywords: printed ones not lost, and granted ones kept
        printed = {n for n in bound.keywords.get(who, set())
                   if not lost(who, n, Source("permanent", "", permanent=who), printed=True)}
        kept[who] = printed
    for ab, src, sentence, holder in out:
        if holder in losses and isinstance(ab, A.Keyword):
            kept[holder].update(_keyword_names(ab))
    for who, names in kept.items():
        # a printed keyword lost may still be granted by a later source (kept above)
        bound.keywords[who] = names
    return out


def _player_protection(board: Board, ab):
    if isinstance(ab, A.Protection) and isinstance(ab.pred, A.TypePred) and \
            ab.pred.word in board.player_names:
        return A.Protection(player=A.NamedRef(ab.pred.word), label=ab.label)
    return ab


def _named(ab, src: Source, sentence: str, board: Board) -> list:
    """A :class:`Named` sentence's abilities with the named permanent as their object
    (what "this" means to them); any other ability is itself. A named permanent that
    has left the battlefield since the text was read (a creature that died in combat)
    is no object any more (400.7): its abilities apply to nothing."""
    if not isinstance(ab, A.Named):
        return [(ab, src, sentence)]
    if not board.has_object(ab.id):
        return []
    inner = dataclasses.replace(src, permanent=ab.id)
    return [x for sub in ab.abilities for x in _named(sub, inner, sentence, board)]


def _names_gone(ab: Any, targets: Sequence[str], source_gone: bool,
                gone: frozenset[str]) -> bool:
    """Whether an effect's ability refers to one of its objects that has left the
    battlefield (400.7): a target that is gone, or "this ..." when its source is. A
    group of targets (601.2c) is not such a reference: it keeps the targets still there
    (:meth:`Bound.subject_holders`)."""
    stack = [ab]
    while stack:
        x = stack.pop()
        if isinstance(x, A.TargetRef):
            if x.index < len(targets) and targets[x.index] in gone:
                return True
        elif isinstance(x, A.SelfRef):
            if source_gone:
                return True
        elif isinstance(x, (tuple, list)):
            stack.extend(x)
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            stack.extend(getattr(x, f.name) for f in dataclasses.fields(x))
    return False


def _unwrap(bound: Bound, ab, src: Source) -> list[tuple[Any, Source]]:
    """The abilities a :class:`Conditional` contributes on this board (611.3a): its
    abilities when the condition holds (or, with ``unless``, when it doesn't), each with
    its source marked conditional (a level band's lines are not: the level is the card's
    structure, 711.2); any other ability is itself."""
    if not isinstance(ab, A.Conditional):
        return [(ab, src)]
    holds = _condition_holds(bound, ab, src)
    if holds is None or holds == ab.unless:
        return []
    inner_src = src if isinstance(ab.condition, A.CounterRange) else \
        dataclasses.replace(src, conditional=True)
    return [pair for inner in ab.abilities for pair in _unwrap(bound, inner, inner_src)]


def _condition_holds(bound: Bound, ab: A.Conditional, src: Source) -> Optional[bool]:
    """Whether the condition of ``ab`` holds on the board; None when the abilities
    can't apply at all (the creature they restrict is not attacking)."""
    board = bound.board
    cond = ab.condition
    me = board.permanent(src.permanent) if src.permanent is not None else None
    if isinstance(cond, A.PlayerControls):
        who = bound.player_of(cond.player, src)
        n = sum(1 for p in board.permanents
                if p.controller == who and bound.matches(cond.pred, p, src, me))
        return n >= cond.count
    if isinstance(cond, A.HandCount):
        return bound.hand_holds(cond, src)
    if isinstance(cond, A.PlayerFact) and not isinstance(cond.player, A.DefendingPlayerRef):
        return bound.fact_holds(cond, src)
    if isinstance(cond, A.CounterRange):
        # 711.2: a leveler's band applies while its level counters are in the range.
        n = me.counter(cond.kind) if me is not None else 0
        return n >= cond.low and (cond.high is None or n <= cond.high)
    if isinstance(cond, A.ActiveIs):
        return bound.player_of(cond.player, src) == board.active_player  # 102.1
    if isinstance(cond, A.ExtraTurn):
        # 500.7: whether this turn is an extra turn -- a fact the board records
        if board.extra_turn is None:
            raise BoardError(reason("error.extra_turn_unknown", None, (), src=src.src(),
                                    where=src.where()))
        return board.extra_turn
    if isinstance(cond, A.CastChoice):
        # 601.2b, 601.2h: how the spell was cast -- its controller's choice, an input
        from .cast import cast_choice

        return cast_choice(bound, cond, src)
    if isinstance(cond, A.OnBattlefield):
        return sum(1 for p in board.permanents if bound.matches(cond.pred, p, src, me)) >= cond.count
    if isinstance(cond, A.ObjectIs):
        oid = bound.object_of(cond.obj, src)
        if oid is None or not board.has_object(oid) or oid in board.player_names:
            return None  # an Aura or Equipment attached to nothing
        return bound.matches(cond.pred, board.permanent(oid), src, me)
    # DefenderControls, OthersAttack: about one attacking creature, the one the
    # abilities restrict (the grammar reads no other); judged on the declared attacks.
    subject = _subject_of(ab.abilities[0])
    holder = bound.object_of(subject, src) if subject is not None else None
    attacks = board.attacks
    if holder is None or attacks is None or holder not in attacks:
        return None
    hp = board.permanent(holder)
    if isinstance(cond, A.DefenderControls):
        # 508.5: the player it attacks, or who controls / protects what it attacks.
        dp = board.defending_player_of(attacks[holder])
        n = sum(1 for p in board.permanents
                if p.controller == dp and bound.matches(cond.pred, p, src, hp))
        return n >= cond.count
    if isinstance(cond, A.OthersAttack):
        n = sum(1 for o in attacks
                if o != holder and bound.matches(cond.pred, board.permanent(o), src, hp))
        return n >= cond.count
    raise TypeError(f"unknown condition {cond!r}")


def _is_keyword(ab) -> bool:
    return isinstance(ab, A.Keyword)


def _keyword_names(ab) -> Iterable[str]:
    name = ab.name.lower()
    yield name
    if name == "trample over planeswalkers":
        yield "trample"
