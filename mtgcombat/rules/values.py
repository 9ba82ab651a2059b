"""The values a board is made of, below the model and its validation: rules editions,
colours, the limits of numbers, type lines (205), the immutable maps of counters and
choices, and :class:`BoardError` (bad input, given as a reason).

:mod:`mtgcombat.rules.model` re-exports every name; :mod:`mtgcombat.rules.validation`
imports them from here, so the model and its validation don't import each other."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator, Literal, Mapping, Optional, Union

from ..editions import EDITION_NAMES
from ..errors import BoardError  # noqa: F401  (bad input, re-exported)
from .reasons import reason

Edition = Literal["current", "2024"]
#: What a declaration declares (508.1, 509.1).
DeclarationKind = Literal["attacks", "blocks"]
#: A creature's part in combat damage (510.1): it attacks, or it blocks.
Role = Literal["attacker", "blocker"]
#: What combat damage may be assigned to (510.1): a creature, a player, a planeswalker
#: (306.8, 120.3c), a battle (310.6, 120.3h).
RecipientKind = Literal["creature", "player", "planeswalker", "battle"]
#: How a question was settled: every answer found ("complete"), cut by a limit
#: ("truncated"), proved best ("optimal"), the best found when time ran out, with its
#: bound ("feasible"), declarations the rules forbid ("illegal"), not settled in time
#: ("unknown").
Status = Literal["complete", "truncated", "optimal", "feasible", "illegal", "unknown"]
EDITIONS: tuple[str, ...] = EDITION_NAMES
DamageStep = Literal["first", "regular"]
DAMAGE_STEPS: tuple[str, ...] = ("first", "regular")
#: The steps of the combat phase as the spec names them (506.1, 510.4): an effect's
#: ``step`` (spec Extension 3).
COMBAT_STEPS: tuple[str, ...] = ("beginning of combat", "declare attackers", "declare blockers",
                                 "first-strike combat damage", "combat damage", "end of combat")
COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")

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


def _fail(code: str, **params: Any) -> None:
    raise BoardError(reason("error." + code, None, (), **params))


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
        # A token prints "Token Creature — Goblin" (111.4); "Token" is not a type.
        words = [w for w in left.split() if w != "Token"]
        sup = tuple(w for w in words if w in SUPERTYPES)
        types = tuple(w for w in words if w in CARD_TYPES)
        rest = tuple(w for w in words if w not in SUPERTYPES and w not in CARD_TYPES)
        if rest and not sep:
            # "Creature Goblin" (Forge style, no dash): leftover words are subtypes.
            pass
        elif rest:
            _fail("type_unknown", words=" ".join(rest), line=text.strip())
        subs = rest + tuple(right.split())
        if not types:
            _fail("type_none", line=text.strip())
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


def parse_type_line(text: str) -> TypeLine:
    """A type line parsed (205), cached; bad input (:class:`BoardError`) when it names no
    card type or a word that is no type."""
    return _parse_type_line(text)


def is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def mana_symbols_ok(text: str) -> bool:
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
