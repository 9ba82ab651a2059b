"""The board model: players, permanents, effects and what has been declared.

Everything here is immutable data with validation. The model knows nothing
about Oracle text parsing or solvers; it describes one moment of a combat
phase (CR 506) and the rules edition to judge it by.

Rule references:
  * 506.2, 506.2a, 802.2 -- who the defending players are.
  * 506.3, 508.1b, 310.9b -- what may be attacked (players, planeswalkers,
    battles whose protector is a defending player, never by that protector).
  * 509.1a, 802.4a, 310.9c -- a defending player blocks with their own creatures,
    only creatures attacking them, their planeswalkers or battles they protect.
  * 805.10 -- shared team turns (Two-Headed Giant): teams attack and block as a group.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Callable, Iterable, Iterator, Literal, Mapping, Optional, Self, Union

from .reasons import Reason, reason
from ..editions import Edition as EditionRules
from ..editions import edition as find_edition

from .values import (  # noqa: F401  (the model's values, re-exported)
    CARD_TYPES, CHOSEN_KEYS, COLORS, COMBAT_STEPS, DAMAGE_STEPS, EDITIONS, LIMIT, SUPERTYPES, BoardError,
    DamageStep, Edition, FrozenMap, ObjectId, PlayerName, TypeLine, is_int,
    mana_symbols_ok, parse_type_line,
)


@dataclass(frozen=True)
class Player:
    """A player (102). The name is the player's id."""

    name: PlayerName
    life: int = 20
    team: Optional[str] = None
    #: Poison counters (104.3d, 704.5c).
    poison: int = 0
    #: Cards in hand; None: not recorded (a text that needs it is bad input).
    hand: Optional[int] = None
    #: Unspent mana, as symbols ("{R}{R}{G}").
    mana_pool: str = ""
    #: Cards in their graveyard (404); None: not recorded (a text that needs it is bad
    #: input). Threshold, "unless there are seven or more cards in your graveyard".
    graveyard: Optional[int] = None
    #: The card types among the cards in their graveyard (205.2a: "creature", "instant"
    #: ...); None: not recorded. Delirium counts them.
    graveyard_types: Optional[tuple[str, ...]] = None
    #: The type lines of the spells they cast this turn (601); None: not recorded.
    spells_cast: Optional[tuple[str, ...]] = None
    #: Damage dealt to them this turn (120.3); None: not recorded.
    damage_taken: Optional[int] = None
    #: Cards they drew this turn (121); None: not recorded.
    cards_drawn: Optional[int] = None
    #: Creatures that died under their control this turn (700.4); None: not recorded.
    creatures_died: Optional[int] = None
    #: Whether they have the city's blessing (702.131c).
    city_blessing: bool = False

    def __post_init__(self) -> None:
        for name in ("graveyard_types", "spells_cast"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))


#: The facts a board may record of a permanent (:attr:`Permanent.facts`).
PERMANENT_FACTS = ("monstrous", "attacked_last_turn", "entered_this_turn", "kicked", "paired")


@dataclass(frozen=True)
class Permanent:
    """A permanent on the battlefield with its current characteristics."""

    id: ObjectId
    name: str
    controller: PlayerName
    type_line: str = "Creature"
    colors: tuple[str, ...] = ()
    power: Optional[int] = None
    toughness: Optional[int] = None
    text: str = ""
    tapped: bool = False
    summoning_sick: bool = False
    damage: int = 0
    loyalty: Optional[int] = None
    defense: Optional[int] = None
    protector: Optional[PlayerName] = None
    goaded_by: tuple[PlayerName, ...] = ()
    attached_to: Optional[ObjectId] = None  # the permanent an Aura/Equipment is attached to (301.5, 303.4)
    #: Counters by kind ("+1/+1", "-1/-1", "age", "level" ...). Power and toughness are
    #: the current values: counters are already counted in them (122).
    counters: Mapping[str, int] = field(default_factory=FrozenMap)
    #: Choices made as it entered or resolved: "player", "color", "creature_type",
    #: "card_name" (protection from the chosen player, Teferi's Moat ...).
    chosen: Mapping[str, str] = field(default_factory=FrozenMap)
    #: Facts of its history the board records (:data:`PERMANENT_FACTS`), in any order:
    #: "monstrous" (701.37b), "attacked_last_turn" (it attacked during its controller's
    #: last turn, 508.1), "entered_this_turn" (it entered the battlefield this turn),
    #: "kicked" (it was cast with its kicker cost paid, 702.33d), "paired" (it is paired
    #: with another creature by soulbond, 702.95).
    facts: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.facts, tuple):
            object.__setattr__(self, "facts", tuple(self.facts))
        if not isinstance(self.counters, FrozenMap):
            object.__setattr__(self, "counters", FrozenMap(self.counters))
        if not isinstance(self.chosen, FrozenMap):
            object.__setattr__(self, "chosen", FrozenMap(self.chosen))

    def counter(self, kind: str) -> int:
        """How many counters of ``kind`` it has (0 when none)."""
        return int(self.counters.get(kind, 0))

    @property
    def types(self) -> TypeLine:
        return parse_type_line(self.type_line)

    @property
    def is_token(self) -> bool:
        """A token (111.1): the board marks it by "Token" before its types, as a token's
        type line prints ("Token Creature \u2014 Goblin")."""
        return "Token" in self.type_line.replace("\u2014", "-").partition(" - ")[0].split()

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types.types

    @property
    def is_planeswalker(self) -> bool:
        return "Planeswalker" in self.types.types

    @property
    def is_battle(self) -> bool:
        return "Battle" in self.types.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types.types


@dataclass(frozen=True)
class Effect:
    """A continuous effect that no listed permanent prints (611).

    ``targets`` binds "target creature", "target player" ... in order. ``modes``: the
    modes chosen for a modal spell's text (700.2a), numbered from 1 in the order the
    text prints them; the targets are numbered across the chosen modes (601.2c). None:
    not given (a text that is not a modal spell's).

    ``gone``: those of its targets and its source that have left the battlefield since
    it began to apply (a creature it names died in combat). The effect stays, as a
    fact; a gone object is a new object if it ever returns (400.7), so what the effect
    says about it applies to nothing -- a group of targets keeps the others.
    """

    text: str
    controller: PlayerName
    targets: tuple[ObjectId, ...] = ()
    source: Optional[ObjectId] = None
    modes: Optional[tuple[int, ...]] = None
    gone: tuple[ObjectId, ...] = ()
    #: The combat step in which this spell or ability resolves (spec Extension 3: a
    #: combat trick, one of :data:`COMBAT_STEPS`); None: in effect before combat.
    step: Optional[str] = None

    def __post_init__(self) -> None:
        if isinstance(self.modes, list):
            object.__setattr__(self, "modes", tuple(self.modes))
        if not isinstance(self.gone, tuple):
            object.__setattr__(self, "gone", tuple(self.gone))
        if not isinstance(self.targets, tuple):
            object.__setattr__(self, "targets", tuple(self.targets))


@dataclass(frozen=True)
class Choice:
    """A choice an ability leaves to a player, given with the board (spec Extension 3,
    ``"choices"``): which ability (``source`` permanent, ``ability`` its line in the
    source's text counting from 1, ``instance`` which time it triggered this combat,
    counting from 1; None: any), and what was chosen -- ``targets`` (115, 601.2c),
    ``mode`` (700.2), ``may`` (603.5), ``exert`` (701.43), ``amounts`` (a division,
    601.2d), ``attacking`` (what a creature put onto the battlefield attacking attacks,
    508.4). A field left None is not chosen by this entry. ``effect``: the choice is
    that of the board's effect with that number (a spell), not of ``source``."""

    source: ObjectId
    ability: Optional[int] = None
    instance: Optional[int] = None
    targets: Optional[tuple[str, ...]] = None
    mode: Optional[tuple[int, ...]] = None
    may: Optional[bool] = None
    exert: Optional[bool] = None
    amounts: Optional[Mapping[str, int]] = None
    attacking: Optional[str] = None
    #: A choice of a spell that is a board's effect, not of a permanent's ability: the
    #: effect's number (from 1, in the order of ``effects``; ``source`` is then "") --
    #: how the spell was cast ("if this spell was kicked", 601.2b; mana spent, 601.2h).
    effect: Optional[int] = None
    #: The permanent a player chose as the spell resolved ("Target opponent chooses a
    #: creature they control", 608.2d): a choice of ``effect``.
    chosen: Optional[str] = None

    def __post_init__(self) -> None:
        for name in ("targets", "mode"):
            v = getattr(self, name)
            if isinstance(v, list):
                object.__setattr__(self, name, tuple(v))
        if self.amounts is not None and not isinstance(self.amounts, FrozenMap):
            object.__setattr__(self, "amounts", FrozenMap(self.amounts))


def _frozen_map(m: Optional[Mapping]) -> Optional[Mapping]:
    return None if m is None else MappingProxyType(dict(m))


@dataclass(frozen=True)
class Board:
    """One moment of a combat phase (506), plus the rules edition to judge it by.

    Construct through :meth:`create` (which validates) or the JSON and
    scenario loaders. Instances are immutable; :meth:`evolve` makes a changed copy.
    """

    players: tuple[Player, ...]
    active_player: PlayerName
    rules: Edition = "current"
    defending_players: Optional[tuple[PlayerName, ...]] = None
    permanents: tuple[Permanent, ...] = ()
    effects: tuple[Effect, ...] = ()
    attacks: Optional[Mapping[ObjectId, ObjectId]] = None
    blocks: Optional[Mapping[ObjectId, tuple[ObjectId, ...]]] = None
    damage_order: Optional[Mapping[ObjectId, tuple[ObjectId, ...]]] = None
    damage_step: Optional[DamageStep] = None
    #: Attackers that are blocked although no creature listed in ``blocks`` blocks them
    #: any more: their blockers left combat (509.1h, 506.4). An extension of the spec.
    blocked: Optional[tuple[ObjectId, ...]] = None
    #: For the regular combat damage step: the creatures that had first strike or double
    #: strike as the first combat damage step began (510.4, 702.7c, 702.4c-d); None:
    #: judged from their abilities now. An extension of the spec.
    first_strikers: Optional[tuple[ObjectId, ...]] = None
    #: Attackers whose planeswalker or battle has left combat since attacks were
    #: declared (506.4c, 510.1b, 702.19e-f). An extension of the spec.
    target_left: Optional[tuple[ObjectId, ...]] = None
    #: Attacking bands formed as attackers were declared (702.22c).
    bands: tuple[tuple[ObjectId, ...], ...] = ()
    #: The player who is the monarch (725; 722 in 2024), None: nobody is.
    monarch: Optional[PlayerName] = None
    #: Spec Extension 3: the effects of one combat step are on the stack together (the
    #: last listed resolves first, 405.5) rather than resolving in the order listed.
    stack: bool = False
    #: Spec Extension 3: the choices abilities leave to players (:class:`Choice`).
    choices: tuple[Choice, ...] = ()
    #: Whether this turn is an extra turn (500.7: "~ can't attack during extra turns");
    #: None: not recorded (a text that needs it is bad input). An extension of the spec.
    extra_turn: Optional[bool] = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "bands", tuple(tuple(b) for b in self.bands))
        if not isinstance(self.choices, tuple):
            object.__setattr__(self, "choices", tuple(self.choices))
        object.__setattr__(self, "attacks", _frozen_map(self.attacks))
        if self.blocked is not None and not self.blocked:
            # no attacker blocked without a blocker listed: the same as none given (the
            # scenario language writes no empty "blocked"; a board reads back equal)
            object.__setattr__(self, "blocked", None)
        if self.blocks is not None:
            object.__setattr__(
                self, "blocks",
                MappingProxyType({k: tuple(sorted(v)) for k, v in self.blocks.items()}),
            )
        if self.damage_order is not None:
            object.__setattr__(
                self, "damage_order",
                MappingProxyType({k: tuple(v) for k, v in self.damage_order.items()}),
            )
        if not _DERIVING.get():
            _validate(self)

    # -- construction -------------------------------------------------------
    def evolve(self, **changes: Any) -> Self:
        """A copy with some fields changed (validated again)."""
        return replace(self, **changes)

    def derive(self, **changes: Any) -> Self:
        """A copy with some fields changed by the rules themselves (the results of
        combat damage, resolved triggers, a declaration already found legal): not
        validated again, as the rules keep a valid board valid."""
        token = _DERIVING.set(True)
        try:
            return replace(self, **changes)
        finally:
            _DERIVING.reset(token)

    @property
    def edition(self) -> type[EditionRules]:
        """The rules edition this board is judged by (:mod:`mtgcombat.editions`)."""
        return find_edition(self.rules)

    # -- lookups ------------------------------------------------------------
    def _cached(self, name: str, make):
        """A value derived from this (immutable) board, computed once."""
        hit = self.__dict__.get(name)
        if hit is None:
            hit = make()
            object.__setattr__(self, name, hit)
        return hit

    @property
    def player_names(self) -> tuple[PlayerName, ...]:
        return self._cached("_c_player_names", lambda: tuple(p.name for p in self.players))

    def player(self, name: PlayerName) -> Player:
        by_name = self._cached("_c_players_by_name", lambda: {p.name: p for p in self.players})
        try:
            return by_name[name]
        except KeyError:
            raise KeyError(name) from None

    def permanent(self, pid: ObjectId) -> Permanent:
        try:
            return self._by_id[pid]
        except KeyError:
            raise KeyError(pid) from None

    @property
    def _by_id(self) -> Mapping[ObjectId, Permanent]:
        cached = self.__dict__.get("_by_id_cache")
        if cached is None:
            cached = {p.id: p for p in self.permanents}
            object.__setattr__(self, "_by_id_cache", cached)
        return cached

    def has_object(self, oid: ObjectId) -> bool:
        return oid in self._by_id or oid in self.player_names

    def creatures(self, controller: Optional[PlayerName] = None) -> tuple[Permanent, ...]:
        return tuple(
            p for p in self.permanents
            if p.is_creature and (controller is None or p.controller == controller)
        )

    def team_of(self, name: PlayerName) -> Optional[str]:
        return self.player(name).team

    def teammates(self, a: PlayerName, b: PlayerName) -> bool:
        """Whether a and b are on the same team (805, 808); a player is their own teammate."""
        if a == b:
            return True
        ta, tb = self.team_of(a), self.team_of(b)
        return ta is not None and ta == tb

    def opponents(self, name: PlayerName) -> tuple[PlayerName, ...]:
        return tuple(p for p in self.player_names if not self.teammates(p, name))

    @property
    def attacking_players(self) -> tuple[PlayerName, ...]:
        """The active player and, with shared team turns, their team (506.2b, 805.10a)."""
        return tuple(p for p in self.player_names if self.teammates(p, self.active_player))

    @property
    def defenders(self) -> tuple[PlayerName, ...]:
        """The defending players: as given, else every opponent (506.2, 802.2)."""
        if self.defending_players is not None:
            return self.defending_players
        return self._cached("_c_defenders", lambda: self.opponents(self.active_player))

    def attack_targets(self) -> tuple[ObjectId, ...]:
        """Everything that may be attacked this combat (506.3, 508.1b, 310.9b):
        defending players, planeswalkers they control, battles they protect."""
        return self._cached("_c_attack_targets", self._make_attack_targets)

    def _make_attack_targets(self) -> tuple[ObjectId, ...]:
        d = self.defenders
        out: list[ObjectId] = list(d)
        for p in self.permanents:
            if p.is_planeswalker and p.controller in d:
                out.append(p.id)
            elif p.is_battle and p.protector in d:
                out.append(p.id)
        return tuple(out)

    def _attack_target_set(self) -> frozenset[ObjectId]:
        return self._cached("_c_attack_target_set", lambda: frozenset(self.attack_targets()))

    def defending_player_of(self, target: ObjectId) -> PlayerName:
        """The player defending against an attack on this target (508.5, 310.9d)."""
        if target in self.player_names:
            return target
        perm = self.permanent(target)
        if perm.is_battle and perm.protector is not None:
            return perm.protector
        return perm.controller

    def may_attack(self, creature: Permanent, target: ObjectId) -> bool:
        """Whether a target is of a legal kind for this creature (506.3, 310.9b):
        a battle's protector never attacks it."""
        if target not in self._attack_target_set():
            return False
        if target not in self.player_names:
            perm = self.permanent(target)
            if perm.is_battle and perm.protector == creature.controller:
                return False
        return True

    def blocking_players_for(self, attacker: ObjectId) -> tuple[PlayerName, ...]:
        """The players whose creatures may block this attacker (802.4a, 310.9c, 805.10d)."""
        assert self.attacks is not None
        dp = self.defending_player_of(self.attacks[attacker])
        return tuple(p for p in self.defenders if self.teammates(p, dp))


#: Set while :meth:`Board.derive` builds a board: no validation.
_DERIVING: ContextVar[bool] = ContextVar("mtgcombat_deriving", default=False)


#: The checks every new board passes (what makes a board impossible): installed by
#: :mod:`mtgcombat.rules.validation`, which the ``mtgcombat.rules`` package imports, so the
#: model need not import its validation (the validation imports the model).
CHECKS: list[Callable[["Board"], None]] = []


def _validate(b: Board) -> None:
    for check in CHECKS:
        check(b)
