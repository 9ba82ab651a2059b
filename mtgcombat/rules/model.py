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

from dataclasses import dataclass, field, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Iterable, Iterator, Literal, Mapping, Optional, Union

from ..editions import EDITION_NAMES
from .reasons import Reason, english, literal
from ..editions import Edition as EditionRules
from ..editions import edition as find_edition

Edition = Literal["current", "2024"]
EDITIONS: tuple[str, ...] = EDITION_NAMES
DamageStep = Literal["first", "regular"]
DAMAGE_STEPS: tuple[str, ...] = ("first", "regular")
COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
COLOR_NAMES: Mapping[str, str] = MappingProxyType(
    {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
)

#: Identifier of a permanent, or a player's name (players are named by name).
ObjectId = str
PlayerName = str

SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"})
CARD_TYPES = frozenset(
    {
        "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment",
        "Instant", "Kindred", "Land", "Phenomenon", "Plane", "Planeswalker",
        "Scheme", "Sorcery", "Tribal", "Vanguard",
    }
)


#: The largest number the rules can mean for life, power, damage, counters ... on a
#: board; anything beyond is bad input (a typo, or an attempt to overflow).
LIMIT = 10**9

#: Keys of a permanent's ``chosen`` field and what each holds.
CHOSEN_KEYS: tuple[str, ...] = ("player", "color", "creature_type", "card_name")


class FrozenMap(Mapping[str, Any]):
    """An immutable, hashable mapping (counters, choices): board values are values."""

    __slots__ = ("_d", "_h")

    def __init__(self, data: Optional[Mapping[str, Any]] = None) -> None:
        self._d = dict(data or {})
        self._h: Optional[int] = None

    def __getitem__(self, key: str) -> Any:
        return self._d[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __hash__(self) -> int:
        if self._h is None:
            self._h = hash(frozenset(self._d.items()))
        return self._h

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._d == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({self._d!r})"

    def __reduce__(self):  # pickling
        return (FrozenMap, (self._d,))


class BoardError(ValueError):
    """A board that cannot be: unknown ids, bad values, impossible declarations.

    The message is one line that names the problem and the field or object. It is
    given as a reason (``why``, worded by the text layer) or as finished text."""

    def __init__(self, why: "Union[str, Reason]") -> None:
        self.why: Reason = why if isinstance(why, Reason) else literal(why)
        super().__init__(why if isinstance(why, str) else why.code)

    def __str__(self) -> str:
        if self.why.code == "literal":
            return self.why["text"]
        return english(self.why)


def _fail(message: str) -> None:
    raise BoardError(message)


@dataclass(frozen=True)
class TypeLine:
    """A parsed type line (205): supertypes, card types and subtypes."""

    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ("Creature",)
    subtypes: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> "TypeLine":
        text = text.replace("\u2014", " - ").replace("\u2013", " - ")
        left, sep, right = text.partition(" - ")
        words = left.split()
        sup = tuple(w for w in words if w in SUPERTYPES)
        types = tuple(w for w in words if w in CARD_TYPES)
        rest = tuple(w for w in words if w not in SUPERTYPES and w not in CARD_TYPES)
        if rest and not sep:
            # "Creature Goblin" (Forge style, no dash): leftover words are subtypes.
            pass
        elif rest:
            _fail(f"unknown type {' '.join(rest)!r} in type line {text.strip()!r}")
        subs = rest + tuple(right.split())
        if not types:
            _fail(f"type line {text.strip()!r} names no card type")
        return cls(sup, types, subs)

    def has(self, word: str) -> bool:
        """Whether the type line has this supertype, card type or subtype (case-insensitive)."""
        w = word.lower()
        return any(x.lower() == w for x in self.supertypes + self.types + self.subtypes)

    def __str__(self) -> str:
        head = " ".join(self.supertypes + self.types)
        return f"{head} \u2014 {' '.join(self.subtypes)}" if self.subtypes else head


@lru_cache(maxsize=4096)
def _parse_type_line(text: str) -> TypeLine:
    return TypeLine.parse(text)


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

    def __post_init__(self) -> None:
        if not isinstance(self.counters, FrozenMap):
            object.__setattr__(self, "counters", FrozenMap(self.counters))
        if not isinstance(self.chosen, FrozenMap):
            object.__setattr__(self, "chosen", FrozenMap(self.chosen))

    def counter(self, kind: str) -> int:
        """How many counters of ``kind`` it has (0 when none)."""
        return int(self.counters.get(kind, 0))

    @property
    def types(self) -> TypeLine:
        return _parse_type_line(self.type_line)

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

    ``targets`` binds "target creature", "target player" ... in order.
    """

    text: str
    controller: PlayerName
    targets: tuple[ObjectId, ...] = ()
    source: Optional[ObjectId] = None


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

    def __post_init__(self) -> None:
        object.__setattr__(self, "bands", tuple(tuple(b) for b in self.bands))
        object.__setattr__(self, "attacks", _frozen_map(self.attacks))
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
        _validate(self)

    # -- construction -------------------------------------------------------
    @classmethod
    def create(cls, **fields) -> "Board":
        return cls(**fields)

    def evolve(self, **changes) -> "Board":
        """A copy with some fields changed (validated again)."""
        return replace(self, **changes)

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


def _validate(b: Board) -> None:
    # Players (102)
    if b.rules not in EDITIONS:
        _fail(f"rules must be \"current\" or \"2024\", not {b.rules!r}")
    if len(b.players) < 2:
        _fail("a board needs at least two players")
    names = [p.name for p in b.players]
    for p in b.players:
        if not isinstance(p.name, str) or not p.name:
            _fail("every player needs a non-empty name")
        if not isinstance(p.life, int) or isinstance(p.life, bool):
            _fail(f"player {p.name!r}: life must be an integer")
        _bounded(p.life, f"player {p.name!r}: life")
        if not _is_int(p.poison) or p.poison < 0:
            _fail(f"player {p.name!r}: poison must be an integer 0 or more")
        _bounded(p.poison, f"player {p.name!r}: poison")
        if p.hand is not None:
            if not _is_int(p.hand) or p.hand < 0:
                _fail(f"player {p.name!r}: hand must be a number of cards, 0 or more")
            _bounded(p.hand, f"player {p.name!r}: hand")
        if not isinstance(p.mana_pool, str) or not _mana_symbols_ok(p.mana_pool):
            _fail(f"player {p.name!r}: mana_pool must be mana symbols such as \"{{R}}{{R}}{{G}}\", "
                  f"not {p.mana_pool!r}")
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        _fail(f"two players are named {sorted(dup)[0]!r}")
    if b.active_player not in names:
        _fail(f"active_player {b.active_player!r} is not a player")
    if b.defending_players is not None:
        if not b.defending_players:
            _fail("defending_players is empty: at least one player must defend")
        for d in b.defending_players:
            if d not in names:
                _fail(f"defending player {d!r} is not a player")
            if b.teammates(d, b.active_player):
                _fail(f"defending player {d!r} is the active player or on their team")
    elif not b.opponents(b.active_player):
        _fail("the active player has no opponent to attack")

    # Permanents
    ids: set[str] = set()
    for p in b.permanents:
        where = f"permanent {p.id!r}"
        if not isinstance(p.id, str) or not p.id:
            _fail("every permanent needs a non-empty id (or name)")
        if p.id in ids:
            _fail(f"two permanents have the id {p.id!r}: give each an \"id\"")
        if p.id in names:
            _fail(f"{where}: its id is also a player's name")
        ids.add(p.id)
        if p.controller not in names:
            _fail(f"{where}: controller {p.controller!r} is not a player")
        try:
            tl = p.types
        except BoardError as e:
            _fail(f"{where}: {e}")
        for c in p.colors:
            if c not in COLORS:
                _fail(f"{where}: unknown color {c!r} (use W, U, B, R, G)")
        if len(set(p.colors)) != len(p.colors):
            _fail(f"{where}: a color is listed twice")
        for fname in ("power", "toughness", "loyalty", "defense"):
            v = getattr(p, fname)
            if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
                _fail(f"{where}: {fname} must be an integer, not {v!r}")
            if v is not None:
                _bounded(v, f"{where}: {fname}")
        for kind, n in p.counters.items():
            if not isinstance(kind, str) or not kind.strip():
                _fail(f"{where}: a counter needs a name")
            if not _is_int(n) or n < 0:
                _fail(f"{where}: counters[{kind!r}] must be an integer 0 or more, not {n!r}")
            _bounded(n, f"{where}: counters[{kind!r}]")
        for key, v in p.chosen.items():
            if key not in CHOSEN_KEYS:
                _fail(f"{where}: chosen has no {key!r} (use {', '.join(CHOSEN_KEYS)})")
            if not isinstance(v, str) or not v.strip():
                _fail(f"{where}: chosen {key} must be a non-empty string")
            if key == "player" and v not in names:
                _fail(f"{where}: chosen player {v!r} is not a player")
            if key == "color" and v not in COLORS:
                _fail(f"{where}: chosen color {v!r} is not one of W, U, B, R, G")
        if "Creature" in tl.types and (p.power is None or p.toughness is None):
            _fail(f"{where}: a creature needs power and toughness")
        if not isinstance(p.damage, int) or isinstance(p.damage, bool) or p.damage < 0:
            _fail(f"{where}: damage must be a non-negative integer")
        _bounded(p.damage, f"{where}: damage")
        for fname in ("tapped", "summoning_sick"):
            if not isinstance(getattr(p, fname), bool):
                _fail(f"{where}: {fname} must be true or false")
        if p.protector is not None:
            if "Battle" not in tl.types:
                _fail(f"{where}: only a battle has a protector")
            if p.protector not in names:
                _fail(f"{where}: protector {p.protector!r} is not a player")
        for g in p.goaded_by:
            if g not in names:
                _fail(f"{where}: goaded by {g!r}, who is not a player")
    for p in b.permanents:
        if p.attached_to is not None:
            if p.attached_to not in ids:
                _fail(f"permanent {p.id!r}: attached to unknown permanent {p.attached_to!r}")
            if p.attached_to == p.id:
                _fail(f"permanent {p.id!r}: can't be attached to itself")
    # Effects
    for i, e in enumerate(b.effects):
        if not isinstance(e.text, str) or not e.text.strip():
            _fail(f"effect {i + 1}: text must be a non-empty string")
        if e.controller not in names:
            _fail(f"effect {i + 1}: controller {e.controller!r} is not a player")
        for t in e.targets:
            if t not in ids and t not in names:
                _fail(f"effect {i + 1}: unknown target {t!r}")
        if e.source is not None and e.source not in ids:
            _fail(f"effect {i + 1}: unknown source {e.source!r}")

    # Attacks (508.1a-b, 506.3, 310.9b)
    by_id = {p.id: p for p in b.permanents}
    attackers = set(b.attacks or {})
    if b.attacks is not None:
        attacking = b.attacking_players
        targets = set(b.attack_targets())
        for a, t in b.attacks.items():
            if a not in by_id:
                _fail(f"attacks: unknown attacker {a!r}")
            perm = by_id[a]
            if not perm.is_creature:
                _fail(f"attacks: {a!r} is not a creature (506.3)")
            if perm.is_battle:
                _fail(f"attacks: {a!r} is a battle and can't attack (506.3f, 508.1a)")
            if perm.controller not in attacking:
                _fail(f"attacks: {a!r} is controlled by {perm.controller!r}, not the attacking player")
            if not isinstance(t, str) or (t not in ids and t not in names):
                _fail(f"attacks: {a!r} attacks unknown {t!r}")
            if t not in targets:
                _fail(
                    f"attacks: {a!r} attacks {t!r}, which is not a defending player, "
                    "a planeswalker they control or a battle they protect (506.3, 508.1b)"
                )
            tp = by_id.get(t)
            if tp is not None and tp.is_battle and tp.protector == perm.controller:
                _fail(f"attacks: {a!r} can't attack {t!r}: its controller protects it (310.9b)")
    # Blocks (509.1a, 802.4a)
    if b.blocks is not None:
        if b.attacks is None:
            _fail("blocks are given but no attacks: a blocker needs an attacking creature")
        for bl, atts in b.blocks.items():
            if bl not in by_id:
                _fail(f"blocks: unknown blocker {bl!r}")
            perm = by_id[bl]
            if not perm.is_creature:
                _fail(f"blocks: {bl!r} is not a creature (506.3)")
            if perm.controller not in b.defenders:
                _fail(f"blocks: {bl!r} is controlled by {perm.controller!r}, not a defending player")
            if bl in attackers:
                _fail(f"blocks: {bl!r} is attacking and can't block")
            if not atts:
                _fail(f"blocks: {bl!r} blocks nothing (leave it out instead)")
            if len(set(atts)) != len(atts):
                _fail(f"blocks: {bl!r} lists an attacker twice")
            for a in atts:
                if a not in attackers:
                    _fail(f"blocks: {bl!r} blocks {a!r}, which is not attacking")
                if perm.controller not in b.blocking_players_for(a):
                    _fail(
                        f"blocks: {bl!r} can't block {a!r}: it attacks another player "
                        "(802.4a, 310.9c)"
                    )
    # Blocked attackers whose blockers are gone (509.1h, 506.4)
    _check_listed(b, "blocked", b.blocked, attackers, "is not attacking", "an attacker")
    # Creatures that dealt first-strike damage (510.4), attack targets gone (506.4c)
    _check_listed(b, "first_strikers", b.first_strikers, set(attackers) | set(b.blocks or ()),
                  "is neither attacking nor blocking", "a creature")
    if b.first_strikers is not None:
        if b.damage_step == "first":
            _fail("first_strikers is about the regular combat damage step (510.4), but "
                  "damage_step is \"first\"")
    _check_listed(b, "target_left", b.target_left, attackers, "is not attacking", "an attacker")
    for a in b.target_left or ():
        if b.attacks[a] in b.player_names:  # type: ignore[index]
            _fail(f"target_left: {a!r} attacks a player, who can't leave combat "
                  "(only a planeswalker or battle can, 506.4)")
    # Damage assignment order (2024 edition only: 509.2-509.3)
    if b.damage_order is not None:
        if b.rules != "2024":
            _fail("damage_order exists only under rules \"2024\" (the current rules have no "
                  "damage assignment order)")
        if b.blocks is None:
            _fail("damage_order is given but no blocks")
        blockers_of: dict[str, set[str]] = {}
        for bl, atts in b.blocks.items():
            for a in atts:
                blockers_of.setdefault(a, set()).add(bl)
        for cid, order in b.damage_order.items():
            if cid in attackers:
                expected = blockers_of.get(cid, set())
                what = "blockers"
            elif cid in b.blocks:
                expected = set(b.blocks[cid])
                what = "attackers it blocks"
            else:
                _fail(f"damage_order: {cid!r} is neither attacking nor blocking")
            if len(set(order)) != len(order) or set(order) != expected:
                _fail(
                    f"damage_order: the order for {cid!r} must list exactly its {what} "
                    f"({', '.join(sorted(expected)) or 'none'}), each once"
                )
    # Bands (702.22c): attackers, each in one band of two or more.
    seen_band: set[str] = set()
    for band in b.bands:
        if b.attacks is None:
            _fail("bands are given but no attacks")
        if len(band) < 2:
            _fail(f"bands: a band has two or more attackers, not {list(band)!r}")
        for a in band:
            if a not in attackers:
                _fail(f"bands: {a!r} is not attacking")
            if a in seen_band:
                _fail(f"bands: {a!r} is in two bands")
            seen_band.add(a)
    if b.damage_step is not None and b.damage_step not in DAMAGE_STEPS:
        _fail(f"damage_step must be \"first\" or \"regular\", not {b.damage_step!r}")


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _bounded(v: int, what: str) -> None:
    if _is_int(v) and not -LIMIT <= v <= LIMIT:
        _fail(f"{what}: {v} is beyond what the rules can mean (at most {LIMIT:,} either way)")


def _mana_symbols_ok(text: str) -> bool:
    """Whether ``text`` is a run of mana symbols ``{...}`` (each non-empty, no nesting)."""
    rest = text.strip()
    while rest:
        if not rest.startswith("{"):
            return False
        end = rest.find("}")
        inner = rest[1:end] if end > 0 else ""
        if end < 0 or not inner or "{" in inner:
            return False
        rest = rest[end + 1:].lstrip()
    return True


def unique_ids(permanents: Iterable[Permanent]) -> bool:
    ids = [p.id for p in permanents]
    return len(ids) == len(set(ids))


def _check_listed(b: "Board", field: str, ids, allowed, not_allowed: str, what: str) -> None:
    """A board field listing creatures in combat (blocked, first_strikers, target_left):
    attacks must be declared, every id must be allowed, none listed twice."""
    if ids is None:
        return
    if b.attacks is None:
        _fail(f"{field} is given but no attacks")
    for x in ids:
        if x not in allowed:
            _fail(f"{field}: {x!r} {not_allowed}")
    if len(set(ids)) != len(ids):
        _fail(f"{field}: {what} is listed twice")
