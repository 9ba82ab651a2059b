"""Rule objects: what the Oracle grammar turns card text into.

Each class is one kind of combat-relevant ability. They are plain immutable
data: references ("this creature", "you", "target player") are left
symbolic here and bound to concrete objects by :mod:`mtgcombat.rules.bind`
against a board. No parsing and no solver code lives here.

Vocabulary by family (CR numbers):

* keywords (702): :class:`Keyword`, :class:`Landwalk`, :class:`Protection`,
  :class:`BandsWithOther`;
* attack requirements (508.1d): :class:`AttackRequirement`;
* attack restrictions (508.1c): :class:`CantAttack`, :class:`CantAttackAlone`,
  :class:`CanOnlyAttackAlone`, :class:`AttackCondition`, :class:`AttackCap`;
* attack costs (508.1d, 508.1g-j): :class:`AttackCost`;
* block requirements (509.1c): :class:`BlockRequirement`, :class:`LureRequirement`,
  :class:`MustBeBlocked`;
* block restrictions (509.1b): :class:`CantBlock`, :class:`CanBlockOnly`,
  :class:`CantBlockAlone`, :class:`CantBeBlocked`, :class:`CantBeBlockedExcept`,
  :class:`CantBeBlockedBy`, :class:`CantBeBlockedByMoreThan`,
  :class:`CantBeBlockedUnlessAllBlock`, :class:`BlockCap`;
* block capacity (509.1a): :class:`BlockCapacity`;
* block costs (509.1d-f): :class:`BlockCost`;
* damage (510.1, 702.22): :class:`AssignAsThoughUnblocked`, :class:`DefenderAssignsDamage`;
* granting abilities to others (613): :class:`Grant`.

Later additions (at the end of the module): :class:`CantBeBlockedIf`,
:class:`GrantWhileInCombat`, :class:`BlockableDespiteLandwalk`, :class:`BlockCondition`;
"as though" exceptions (609.4) :class:`AttackAsThough`, :class:`BlockAsThough`;
requirements :class:`BlockEachAttacker`, :class:`LureBy` (509.1c); :class:`Goaded`
(701.15); static abilities with a condition judged on the board, :class:`Conditional`
(611.3a, conditions :class:`ObjectIs`, :class:`MoreThan`, :class:`OnBattlefield`); a
variable number of targets, :class:`TargetGroup` (601.2c); qualities
:class:`LandwalkPred`, :class:`AttachedPred`, :class:`InCombatPred`.
"""

from __future__ import annotations

from dataclasses import field
from typing import Literal, Optional, Union

from .keywords import PARAMETERLESS
from .reasons import Duration
from .record import Record

# ---------------------------------------------------------------------------
# References: symbolic objects, bound against a board later.
# ---------------------------------------------------------------------------


class SelfRef(Record):
    """The object that has the ability ("this creature", "~", its own name)."""



class YouRef(Record):
    """The controller of the ability's source ("you")."""



class TargetRef(Record):
    """The n-th target of an effect (0-based), bound from ``Effect.targets``."""

    index: int = 0
    kind: Literal["creature", "player", "permanent", "planeswalker", "any"] = "any"



class DefendingPlayerRef(Record):
    """"defending player": relative to an attacking creature (508.5, 802.2a)."""



class NamedRef(Record):
    """A specific object or player named by id (used by bound effects)."""

    id: str



class AttachedRef(Record):
    """"enchanted creature" / "equipped creature": the permanent the source is
    attached to (``Permanent.attached_to``; 303.4, 301.5)."""



class ChosenRef(Record):
    """"the chosen player" (or colour, creature type ...): what was chosen as the source
    entered or resolved, from the permanent's ``chosen`` field (True-Name Nemesis)."""

    kind: str = "player"


class EnchantedPlayerRef(Record):
    """"enchanted player": the player an Aura with "Enchant player" is attached to
    (303.4; the permanent's ``attached_to`` names a player)."""


class ActivePlayerRef(Record):
    """"the active player": whose turn it is (102.1; the board's ``active_player``)."""


class ControllerOf(Record):
    """"enchanted creature's controller": the controller of the object ``ref`` names."""

    ref: "AttachedRef"


class MonarchRef(Record):
    """"the monarch": the player the board's ``monarch`` names (725; 722 in 2024);
    nobody when nobody is."""


class OpponentRef(Record):
    """"an opponent": some opponent of the source's controller (102.2); a condition on
    it holds when it holds for one of them."""


PlayerRef = Union[YouRef, TargetRef, DefendingPlayerRef, NamedRef, ChosenRef,
                  EnchantedPlayerRef, MonarchRef, OpponentRef, ActivePlayerRef, ControllerOf]


class HandSize(Record):
    """"the number of cards in [player]'s hand" -- from the player's ``hand`` field."""

    player: "PlayerRef"

# ---------------------------------------------------------------------------
# Predicates on permanents: "creatures with flying", "Walls", "black or green".
# ---------------------------------------------------------------------------


class AnyPred(Record):
    """Every permanent."""


class ColorPred(Record):
    """Is of this color (105.2); "W","U","B","R","G", or "chosen": the color chosen for
    the source (its ``chosen`` field, Teferi's Moat)."""

    color: str


class ColorlessPred(Record):
    """Has no color (105.2c)."""


class MulticoloredPred(Record):
    """Has two or more colors (105.2a)."""


class TypePred(Record):
    """Has this card type, subtype or supertype ("Wall", "artifact", "legendary")."""

    word: str


class KeywordPred(Record):
    """Has this keyword ability ("flying", "defender")."""

    keyword: str


class StatPred(Record):
    """Compares power or toughness with a number, or with the source's own value."""

    stat: Literal["power", "toughness"]
    op: Literal["<", "<=", "==", ">=", ">"]
    value: Union[int, Literal["self"], HandSize, "CountOf", "StatOf"]


class StatOf(Record):
    """The power or toughness (``stat``) of the creature an ability is about ("the
    enchanted creature's toughness", Ironclaw Curse)."""

    stat: Literal["power", "toughness"]


class ModifiedPred(Record):
    """700.9: modified -- it has a counter, is equipped, or is enchanted by an Aura its
    controller controls."""


class CounterPred(Record):
    """Has at least ``at_least`` counters of ``kind`` on it (122.1): "creatures with +1/+1
    counters on them", "as long as ~ has three or more judgment counters on it" -- from
    the permanent's ``counters`` on the board; ``kind`` "" counts counters of any kind
    ("creatures with counters on them")."""

    kind: str
    at_least: int = 1


class NamePred(Record):
    """Has this name; ``"~"``: the name of the ability's source ("creatures named ~")."""

    name: str


class ControllerPred(Record):
    """Is controlled by this player (symbolic)."""

    player: "PlayerRef"


class TappedPred(Record):
    tapped: bool = True


class FactPred(Record):
    """A fact the board records of a permanent (``Permanent.facts``): "monstrous"
    (701.37b), "attacked_last_turn" (508.1), "entered_this_turn", "kicked" (702.33d),
    "paired" (702.95)."""

    fact: str


class NotPred(Record):
    pred: "Pred"


class AndPred(Record):
    preds: tuple["Pred", ...]


class OrPred(Record):
    preds: tuple["Pred", ...]


_BasePred = Union[
    AnyPred, ColorPred, ColorlessPred, MulticoloredPred, TypePred, KeywordPred,
    StatPred, NamePred, ControllerPred, TappedPred, NotPred, AndPred, OrPred, CounterPred,
    ModifiedPred, FactPred,
]

ANY = AnyPred()

# ---------------------------------------------------------------------------
# Subjects: which creatures an ability applies to.
# ---------------------------------------------------------------------------


class Group(Record):
    """A group of creatures: "Creatures you control", "Other creatures target player
    controls", "Creatures with power 3 or greater", "Attacking creatures"."""

    pred: Pred = ANY
    controller: Optional[PlayerRef] = None  # None: any controller
    other: bool = False  # excludes the source ("other creatures")
    opponents_of: Optional[PlayerRef] = None  # "creatures your opponents control"
    attacking: Optional[bool] = None  # "attacking creatures" / "blocking creatures"
    blocking: Optional[bool] = None


_BaseSubject = Union[SelfRef, TargetRef, NamedRef, AttachedRef, Group]

# ---------------------------------------------------------------------------
# Keywords (702)
# ---------------------------------------------------------------------------

#: Keyword abilities without parameters that the grammar reads (lower case): those of
#: the keyword table (:mod:`mtgcombat.rules.keywords`) whose effect in combat is carried
#: out -- evasion and declarations (702.9 ...), damage (702.2, 702.19, 702.90 infect,
#: 702.80 wither ...), triggers resolved by :mod:`mtgcombat.rules.combat_triggers`
#: (702.25 flanking, 702.83 exalted, 702.121 melee, 702.91 battle cry) -- and 702.39
#: provoke, named in ``not_modelled``.
SIMPLE_KEYWORDS = PARAMETERLESS


class Keyword(Record):
    """A keyword ability without parameter (702), e.g. ``Keyword("flying")``."""

    name: str


class Landwalk(Record):
    """Landwalk (702.14): can't be blocked while the defending player controls a
    land matching ``land`` (e.g. TypePred("Swamp"); "nonbasic" =
    AndPred(TypePred("Land"), NotPred(TypePred("Basic")))."""

    land: Pred
    label: str  # how the card says it: "swampwalk", "nonbasic landwalk"


class Protection(Record):
    """Protection (702.16) from a quality. ``everything`` = from everything; ``player``
    = from a player (symbolic); else ``pred`` describes the quality."""

    pred: Optional[Pred] = None
    everything: bool = False
    player: Optional[PlayerRef] = None
    label: str = ""


class BandsWithOther(Record):
    """"Bands with other [quality]" (702.22c)."""

    pred: Pred
    label: str = ""


# ---------------------------------------------------------------------------
# Attacking (508.1)
# ---------------------------------------------------------------------------


class AttackRequirement(Record):
    """508.1d: "[subject] attacks [target] each combat if able". ``target`` None: any.
    ``target_pred`` ("attacks a planeswalker") narrows permanents attacked."""

    subject: Subject = SelfRef()
    target: Optional[Union[PlayerRef, SelfRef, TargetRef]] = None
    target_kind: Optional[Literal["player", "planeswalker", "battle"]] = None
    #: How long, as the text says ("each combat", "this turn"; read by the grammar).
    #: Words only: a requirement binds now either way, so it takes no part in equality.
    duration: Optional[Duration] = field(default=None, compare=False)


class Choice(Record):
    """"As ~ enters the battlefield, choose a player" (614.12c): the choice is on the board
    (the permanent's ``chosen`` field); reading it changes nothing else."""

    kind: str


class EnchantPlayer(Record):
    """"Enchant player" (702.5a, 303.4): the Aura is attached to a player
    (``attached_to`` names one)."""


class PlayerAttackRequirement(Record):
    """508.1d: "Each opponent must attack you or a planeswalker you control with at least
    one creature each combat if able" (Trove of Temptation): a requirement on a player --
    one for each opponent who attacks, obeyed when at least ``count`` of their creatures
    attack ``target`` (and its planeswalkers with ``include_permanents``)."""

    target: "PlayerRef" = YouRef()
    include_permanents: bool = True
    count: int = 1


class AllAttackIfAny(Record):
    """508.1d: "If a creature an opponent controls attacks, all creatures that opponent
    controls attack if able" (War's Toll): for each creature of an attacking opponent of
    the source's controller, a requirement obeyed unless some creature of theirs attacks
    and it doesn't."""

    opponents_of: "PlayerRef" = YouRef()


class AttackIfAttacks(Record):
    """508.1d: "If ~ attacks, all creatures you control attack if able" (Viashino Bey):
    ``subject`` attacks if able whenever the source attacks (``trigger`` None), or
    whenever another creature matching ``trigger`` attacks ("If a creature you control
    attacks, ~ also attacks if able", Ekundu Cyclops). A requirement obeyed unless the
    trigger attacks and the subject doesn't."""

    subject: Subject = SelfRef()
    trigger: Optional[Pred] = None


class CantAttack(Record):
    """508.1c: "[subject] can't attack [target]". ``target`` None and ``target_kind``
    None: can't attack at all. ``target`` = a player ref (also covers only that
    player, not planeswalkers, unless ``include_permanents``)."""

    subject: Subject = SelfRef()
    target: Optional[PlayerRef] = None
    target_kind: Optional[Literal["player", "planeswalker", "battle"]] = None
    include_permanents: bool = False  # "can't attack you or planeswalkers you control"


class CantAttackAlone(Record):
    """508.1c, 506.5: "can't attack alone"."""

    subject: Subject = SelfRef()


class CanOnlyAttackAlone(Record):
    """508.1c, 506.5: "can attack only alone" / "can only attack alone"."""

    subject: Subject = SelfRef()


# Conditions for "can't attack unless/if ..." ------------------------------


class DefenderControls(Record):
    """The defending player (of that attack) controls at least ``count`` permanents
    matching ``pred`` ("unless defending player controls an Island")."""

    pred: Pred
    count: int = 1


class PlayerControls(Record):
    """A given player controls at least ``count`` permanents matching ``pred``
    ("as long as you control a Gate")."""

    player: PlayerRef
    pred: Pred
    count: int = 1


class OthersAttack(Record):
    """At least ``count`` other creatures matching ``pred`` also attack
    ("unless at least two other creatures attack", "unless a black or green creature
    also attacks", "unless a creature with greater power also attacks")."""

    pred: Pred = ANY
    count: int = 1


class CardsInHand(Record):
    """A player holds ``op`` ``value`` cards (Ensnaring Bridge compares power with it;
    the board does not record hands, so such conditions are reported unresolved)."""

    player: PlayerRef


class DefenderPoisoned(Record):
    """The defending player (of that attack) is poisoned: they have one or more poison
    counters (122.1f); in Two-Headed Giant, their team has (810.10d)."""


_BaseCondition = Union[DefenderControls, PlayerControls, OthersAttack, DefenderPoisoned,
                       "PlayerFact"]


class AttackCondition(Record):
    """508.1c: "[subject] can't attack unless [condition]" (``unless=True``) or
    "... can't attack if [condition]" (``unless=False``)."""

    subject: Subject
    condition: Condition
    unless: bool = True


class AttackCap(Record):
    """508.1c, 802.3a: "No more than N creatures can attack [you] each combat".
    ``defender`` None: the whole attack; else only creatures attacking that player
    (and, with ``include_permanents``, planeswalkers they control -- not battles)."""

    n: int
    defender: Optional[PlayerRef] = None
    include_permanents: bool = False


class AttackParity(Record):
    """508.1c: "You can't attack with an odd number of creatures" (parity of the
    whole attack)."""

    even: bool = True


class AttackCost(Record):
    """508.1d, 508.1g-j: "[subject] can't attack [defender] unless their controller
    pays [cost] for each ..." -- optional; one payment per creature attacking."""

    cost: str  # as printed, e.g. "{2}", "{W/P}", "{X}" with X given
    subject: Subject = Group()
    defender: Optional[PlayerRef] = None  # None: attacking anything
    include_permanents: bool = False  # "... you or planeswalkers you control"
    #: "where X is the number of [permanents] you control", "{1} for each +1/+1 counter
    #: on it", "{1} for each card in your hand": X counted on the board (107.3a).
    x: Optional[Union["CountOf", "CountersOn", "HandSize", "BasicLandTypes"]] = None
    #: Permanents to sacrifice or return as well (or instead of mana).
    remove: Optional["RemovalCost"] = None


class RemovalCost(Record):
    """A cost of permanents the paying player controls: ``action`` "sacrifice" (701.21a:
    "sacrifice a land", "two Islands") or "return" ("return an enchantment you control
    to its owner's hand"); ``count`` different permanents matching ``pred``."""

    action: Literal["sacrifice", "return"]
    pred: Pred
    count: int = 1


class CountersOn(Record):
    """"for each +1/+1 counter on it": the number of ``kind`` counters on the creature
    the cost is for (122.1)."""

    kind: str


class CountOf(Record):
    """"the number of [permanents matching pred] [player] controls" -- a number the
    board settles (107.3a: X is defined by the text)."""

    pred: Pred
    controller: PlayerRef


# ---------------------------------------------------------------------------
# Blocking (509.1)
# ---------------------------------------------------------------------------


class BlockRequirement(Record):
    """509.1c: "[subject] blocks each combat if able" / "blocks [attacker] this turn
    if able" (``attacker`` set)."""

    subject: Subject = SelfRef()
    attacker: Optional[Union[SelfRef, TargetRef, NamedRef]] = None
    duration: Optional[Duration] = field(default=None, compare=False)


class LureRequirement(Record):
    """509.1c: "All creatures able to block [attacker] do so" -- one requirement for
    each creature able to block it."""

    attacker: Subject = SelfRef()


class MustBeBlocked(Record):
    """509.1c: "[attacker] must be blocked [by two or more / exactly one / an Eldrazi]
    if able". One requirement for the attacker."""

    attacker: Subject = SelfRef()
    min_blockers: int = 1
    exactly: Optional[int] = None
    by: Optional[Pred] = None
    duration: Optional[Duration] = field(default=None, compare=False)


class CantBlock(Record):
    """509.1b: "[subject] can't block [creatures matching attacker_pred]"."""

    subject: Subject = SelfRef()
    attacker_pred: Optional[Pred] = None


class CanBlockOnly(Record):
    """509.1b: "[subject] can block only creatures with flying"."""

    subject: Subject
    attacker_pred: Pred


class CantBlockAlone(Record):
    """509.1b, 506.5: "can't block alone"."""

    subject: Subject = SelfRef()


class CantBeBlocked(Record):
    """509.1b: "[attacker] can't be blocked"."""

    subject: Subject = SelfRef()


class CantBeBlockedExcept(Record):
    """509.1b: "can't be blocked except by [creatures with flying / Walls]" (``by``)
    or "... except by two or more creatures" (``min_blockers``)."""

    subject: Subject = SelfRef()
    by: Optional[Pred] = None
    min_blockers: Optional[int] = None


class CantBeBlockedBy(Record):
    """509.1b: "can't be blocked by [creatures matching by]"."""

    subject: Subject
    by: Pred


class CantBeBlockedByMoreThan(Record):
    """509.1b: "can't be blocked by more than N creature(s)"."""

    subject: Subject = SelfRef()
    n: int = 1


class CantBeBlockedUnlessAllBlock(Record):
    """509.1b: "can't be blocked unless all creatures defending player controls block it"."""

    subject: Subject = SelfRef()


class BlockCap(Record):
    """509.1b, 802.4b: "No more than N creatures can block each combat" (per defending
    player's declaration)."""

    n: int


class BlockCapacity(Record):
    """509.1a: "can block an additional creature" (``extra`` = 1), "N additional
    creatures", "any number of creatures" (``extra`` None)."""

    subject: Subject = SelfRef()
    extra: Optional[int] = 1
    #: "for each Equipment attached to ~" (Kemba's Legion): ``extra`` for each permanent
    #: of this subtype attached to it (301.5).
    per_attached: Optional[str] = None


class BlockCost(Record):
    """509.1c-d: "[subject] can't block unless their controller pays [cost] for each
    blocking creature" (War Cadence) -- optional."""

    cost: str  # mana, as printed ("" none)
    subject: Subject = Group()
    #: X counted on the board, as for :class:`AttackCost`.
    x: Optional[Union["CountOf", "CountersOn", "HandSize"]] = None
    #: Life to pay as well (119.4): "pays 1 life for each blocking creature" (Heat Wave).
    life: int = 0
    #: Only for blocking attackers matching this ("can't block creatures you control
    #: unless ..."); None: blocking any.
    attackers: Optional[Pred] = None


# ---------------------------------------------------------------------------
# Damage (510.1)
# ---------------------------------------------------------------------------


class AssignAsThoughUnblocked(Record):
    """510.1c-style: "You may have [subject] assign its combat damage as though it
    weren't blocked" -- all or nothing. ``forced``: not a choice -- "X target blocked
    creatures assign their combat damage this turn as though they weren't blocked"
    (Outmaneuver): each such blocked creature assigns all its combat damage to what it
    attacks, none to its blockers (510.1c's "as though" instruction)."""

    subject: Subject = SelfRef()
    forced: bool = False


class DefenderAssignsDamage(Record):
    """"Rather than the attacking player, you assign the combat damage of each
    creature attacking you" (Defensive Formation)."""


# ---------------------------------------------------------------------------
# Granting abilities to other objects (613 layer 6, simplified)
# ---------------------------------------------------------------------------


class Grant(Record):
    """"[subject] has/gains [abilities]" -- e.g. "Creatures you control have flying",
    "Target creature gains menace until end of turn"."""

    subject: Subject
    abilities: tuple["Ability", ...]


_BaseAbility = Union[
    Keyword, Landwalk, Protection, BandsWithOther,
    AttackRequirement, CantAttack, CantAttackAlone, CanOnlyAttackAlone, AttackCondition,
    AttackCap, AttackParity, AttackCost,
    BlockRequirement, LureRequirement, MustBeBlocked, CantBlock, CanBlockOnly,
    CantBlockAlone, CantBeBlocked, CantBeBlockedExcept, CantBeBlockedBy,
    CantBeBlockedByMoreThan, CantBeBlockedUnlessAllBlock, BlockCap, BlockCapacity, BlockCost,
    AssignAsThoughUnblocked, DefenderAssignsDamage, Grant,
]


class Parsed(Record):
    """One understood sentence and the rule objects it became."""

    sentence: str
    abilities: tuple[Ability, ...]


class TextReading(Record):
    """The result of reading one text: what was understood and what was not.

    ``not_understood`` holds every sentence that did not become a rule object
    -- nothing is ever dropped silently."""

    understood: tuple[Parsed, ...] = ()
    not_understood: tuple[str, ...] = ()

    @property
    def abilities(self) -> tuple[Ability, ...]:
        return tuple(a for p in self.understood for a in p.abilities)


# ---------------------------------------------------------------------------
# Later additions (appended; see the Ability union re-bound at the very end)
# ---------------------------------------------------------------------------


class CantBeBlockedIf(Record):
    """509.1b, 611.3a: "[subject] can't be blocked as long as [condition]" (``unless``
    False) or "... can't be blocked unless [condition]" (``unless`` True): a
    :class:`CantBeBlocked` that applies only while the condition holds.

    The condition is judged for each attacking holder once attackers are declared:

    * :class:`DefenderControls` -- the defending player of *that* attacker (508.5)
      controls ``count`` or more permanents matching ``pred`` ("as long as defending
      player controls an artifact");
    * :class:`PlayerControls` -- "as long as you control a Gate";
    * :class:`OthersAttack` -- ``count`` or more *other* creatures matching ``pred``
      are attacking. "As long as it's attacking alone" (506.5: attacking while no
      other creature is) is ``OthersAttack(ANY, 1)`` with ``unless=True``.
    """

    subject: Subject
    condition: Condition
    unless: bool = False


class GrantWhileInCombat(Record):
    """611.3a, 506.4: "[subject] has [abilities] as long as it's attacking" (``role``
    "attacking") or "... as long as it's blocking" (``role`` "blocking"): a
    :class:`Grant` that applies to a holder only while it is an attacking (in
    ``Board.attacks``) or blocking (in ``Board.blocks``) creature. ("Creatures you
    control have X as long as they're attacking" is read as a :class:`Grant` to
    ``Group(attacking=True)`` instead.)"""

    subject: Subject
    abilities: tuple["Ability", ...]
    role: Literal["attacking", "blocking"] = "attacking"


class BlockableDespiteLandwalk(Record):
    """702.14, 509.1b: "Creatures with swampwalk can be blocked as though they didn't
    have swampwalk" (Great Wall, Lord Magnus, Quagmire ...): every :class:`Landwalk`
    whose ``label`` equals ``label`` no longer restricts blocks; ``label`` None
    ("Creatures with landwalk abilities can be blocked as though they didn't have
    those abilities") -- every landwalk ability. A whole-game ability (no subject)."""

    label: Optional[str] = None




class NotSelfPred(Record):
    """"another [creature]": any permanent other than the creature the ability is
    about (its holder; for a permanent's own text, the permanent itself)."""


class OthersBlock(Record):
    """509.1b: at least ``count`` *other* creatures matching ``pred`` also block
    ("unless at least two other creatures block", "unless a creature with greater
    power also blocks") -- judged on the same defending player's declaration."""

    pred: "Pred" = ANY
    count: int = 1


class BlockCondition(Record):
    """509.1b: "[subject] can't block unless [condition]" (``unless`` True) or
    "... can't block if [condition]" (``unless`` False). Conditions:
    :class:`PlayerControls` (fixed on the board, e.g. "unless you control another
    Zombie") and :class:`OthersBlock` (depends on the rest of the block)."""

    subject: Subject
    condition: Union[PlayerControls, OthersBlock]
    unless: bool = True




# Declaration sentences read later: groups of targets, "as though", conditions of
# static abilities, landwalk as a quality.


class TargetGroup(Record):
    """A variable number of targets of an effect (601.2c, 115.1): "up to two target
    creatures" (``most`` 2), "any number of target creatures" / "X target creatures"
    (``most`` None), and "those creatures" / "they" referring back to them. The
    targets are ``Effect.targets[first:]`` (at most ``most`` of them). Since the
    number chosen varies, no later target of the same text can be numbered: the
    grammar reads such a group only when no target follows it. ``pred``: what each of
    them must be ("X target blocked creatures": :class:`InCombatPred` "blocked"), judged
    as a trick is cast and as it resolves (601.2c, 608.2b); None when any creature will
    do, or when the group is only referred to by a sentence read apart from it."""

    first: int = 0
    most: Optional[int] = None
    pred: Optional["Pred"] = None





class LandwalkPred(Record):
    """Has this landwalk ability (702.14), by its name: "creatures without flying or
    islandwalk" -- ``label`` "islandwalk"."""

    label: str


class AttachedPred(Record):
    """Has an Aura (``subtype`` "Aura": "enchanted", 303.4b) or an Equipment
    ("Equipment": "equipped", 301.5a) attached to it."""

    subtype: Literal["Aura", "Equipment"]


class InCombatPred(Record):
    """Is an attacking (``role`` "attacking", 506.4) or blocking creature: judged on
    the board's declared attacks / blocks."""

    role: Literal["attacking", "blocking", "blocked"]




class AttackAsThough(Record):
    """609.4: "[subject] can attack as though it didn't have defender" (``lacked``
    "defender": 702.3b doesn't stop it) or "... as though it had haste" (``had``
    "haste": 302.6 / 508.1a summoning sickness doesn't stop it). Only attacking is
    affected."""

    subject: Subject
    had: Optional[str] = None
    lacked: Optional[str] = None
    #: Only attacking this player's opponents and planeswalkers they control ("can attack
    #: your opponents and planeswalkers your opponents control as though those creatures
    #: had haste", Frenzied Saddlebrute); None: attacking anything.
    opponents_of: Optional["PlayerRef"] = None


class BlockAsThough(Record):
    """609.4: "[subject] can block [attackers matching ``attacker_pred``] as though it
    had [``had``]" (Heartwood Dryad: shadow, 702.28b; Dragon Hunter: reach against
    Dragons, 702.9b) or "... as though they didn't have [``lacked``]" (Aetherflame
    Wall: shadow; ``lacked`` "landwalk": every landwalk ability, 702.14c). Only the
    evasion rules between the holder and such an attacker change."""

    subject: Subject
    attacker_pred: Pred
    had: Optional[str] = None
    lacked: Optional[str] = None


class BlockWhileTapped(Record):
    """609.4: "[subject] can block as though [it] were untapped" (Masako the Humorless):
    being tapped doesn't stop it from blocking (509.1a)."""

    subject: Subject = SelfRef()


class BlockEachAttacker(Record):
    """509.1c: "[subject] blocks each attacking creature this turn if able" (Blaze of
    Glory): one requirement for each attacking creature it could block -- when it
    can't block them all, it blocks as many as it can."""

    subject: Subject = SelfRef()


class LureBy(Record):
    """509.1c: "All [creatures matching ``by``] able to block [attacker] do so" (All
    Walls able to block ~ do so): one requirement for each such creature."""

    attacker: Subject
    by: Pred


class ObjectIs(Record):
    """A quality of one object, judged on the board: "as long as ~ is untapped",
    "as long as enchanted creature is green", "as long as equipped creature has
    defender", "as long as its power is 3 or less"."""

    obj: Union[SelfRef, AttachedRef]
    pred: Pred


class CounterRange(Record):
    """The source has between ``low`` and ``high`` (None: no limit) counters of ``kind``
    -- a level up card's "LEVEL 3-7" / "LEVEL 8+" band (702.87c, 711.2)."""

    kind: str
    low: int
    high: Optional[int] = None


class HandCount(Record):
    """A player has at most / at least ``n`` cards in hand (402): "unless you have four
    or more cards in hand", "as long as you have no cards in hand"; ``player`` None: some
    player ("unless a player has no cards in hand"). Judged from the board's ``hand``;
    a board that doesn't record a hand it needs is bad input."""

    player: Optional["PlayerRef"]
    op: Literal["<=", ">="]
    n: int


class PlayerFact(Record):
    """A fact the board records about a player rather than a permanent, compared with
    ``n`` (``op``): ``fact`` is one of

    * ``"graveyard"`` -- cards in their graveyard (404; threshold: "as long as seven or
      more cards are in your graveyard");
    * ``"graveyard_types"`` -- card types among the cards in it (205.2a; delirium);
    * ``"spells"`` -- spells they cast this turn (601), of ``kind`` ("creature",
      "noncreature", "historic" (700.6), "instant_or_sorcery"; None: any spell);
    * ``"damage"`` -- damage dealt to them this turn (120.3);
    * ``"drawn"`` -- cards they drew this turn (121);
    * ``"died"`` -- creatures that died under their control this turn (700.4);
    * ``"monarch"`` -- 1 when they are the monarch (725), else 0;
    * ``"blessing"`` -- 1 when they have the city's blessing (702.131c), else 0.

    ``player`` is whose fact it is: you, the defending player of an attack (judged per
    attack, 508.5), an opponent (some opponent), or None (some player). Judged from the
    board's player records; a record the board lacks is bad input naming it."""

    fact: Literal["graveyard", "graveyard_types", "spells", "damage", "drawn", "died",
                  "monarch", "blessing"]
    player: Optional["PlayerRef"]
    op: Literal["<=", ">="] = ">="
    n: int = 1
    kind: Optional[str] = None


class Named(Record):
    """Abilities of a sentence that names a permanent other than its source by that
    permanent's name ("Target creature blocks Ravager this turn if able."): read as if
    the name were the sentence's own object, then bound to the permanent ``id`` (the
    one permanent on the board with that name; 201.2, 201.4)."""

    id: str
    abilities: tuple["Ability", ...]


class Conditional(Record):
    """611.3a: a static ability that applies only while a condition holds: "As long as
    [condition], [abilities]" / "[abilities] as long as [condition]" (``unless``
    False), "[abilities] unless [condition]" (``unless`` True). Bound to a board, the
    abilities apply when the condition holds there. Conditions:

    * :class:`PlayerControls` -- "as long as you control a Gate" (``count`` 0 with
      ``unless``: "as long as you control no other creatures");
    * :class:`ObjectIs` -- a quality of the source or of the permanent it is attached to;
    * :class:`DefenderControls` and :class:`OthersAttack` (attacking alone, 506.5) --
      only around restrictions on blocking one attacking creature (its own
      defending player, the other attackers), judged once attackers are declared.
    Counters are judged from the board's ``counters`` (an :class:`ObjectIs` with a
    :class:`CounterPred`); cards in hand, graveyards, the monarch, the city's blessing
    and what happened earlier this turn from its player records (:class:`HandCount`,
    :class:`PlayerFact`). Conditions the board doesn't record are not read."""

    condition: Union[PlayerControls, ObjectIs, DefenderControls, OthersAttack, CounterRange,
                     HandCount, PlayerFact, "ActiveIs", "CastChoice", "ExtraTurn"]
    abilities: tuple["Ability", ...]
    unless: bool = False


class ExtraTurn(Record):
    """500.7: "during extra turns" -- this turn is an extra turn, as the board records it
    (``extra_turn``; not recorded: bad input naming it)."""


class CastChoice(Record):
    """601.2b, 601.2g-h: how a spell was cast, a choice its controller made then and the
    board doesn't otherwise record -- "If this spell was kicked" (``what`` "kicked":
    kicker is "you may pay an additional [cost] as you cast this spell", 702.33a),
    "If {W}{U} was spent to cast this spell" (``what`` "mana", ``mana`` the symbols,
    601.2h). On a board it is the choice (a yes/no, ``may``) given for the effect that
    is the spell (spec Extension 3's ``choices``); a permanent says it with its
    ``kicked`` fact (702.33d)."""

    what: Literal["kicked", "mana"]
    mana: str = ""


class MoreThan(Record):
    """The ability's controller controls more permanents matching ``pred`` than the
    defending player of that attack (``than`` "defending": "can't attack unless you
    control more creatures than defending player", 508.1c) or than the attacking
    player (``than`` "attacking": "can't block unless you control more lands than
    attacking player", 509.1b)."""

    pred: Pred
    than: Literal["defending", "attacking"] = "defending"


class OnBattlefield(Record):
    """At least ``count`` permanents matching ``pred`` are on the battlefield, whoever
    controls them ("unless there is a Mountain on the battlefield", "if an enchantment
    is on the battlefield")."""

    pred: Pred
    count: int = 1




class Goaded(Record):
    """701.15a-b (701.38a-b in the 2024 rules): "[subject] is goaded" (Impetus Auras,
    Bloodthirsty Blade) -- goaded by the controller of the ability's source, on top of
    any goad the board records (``Permanent.goaded_by``); one player goading twice
    adds nothing (701.15d)."""

    subject: Subject = SelfRef()




class ObjectPred(Record):
    """Is the very object ``ref`` names ("other creatures that player controls" after
    "target creature": other than that target creature -- used under :class:`NotPred`;
    "other creatures they control" after "Target opponent chooses a creature they
    control": other than the one chosen, :class:`SpellChosenRef`)."""

    ref: Union["TargetRef", "SpellChosenRef"]


class SpellChosenRef(Record):
    """608.2d: the creature ``player`` chose as the spell resolved ("Target opponent
    chooses a creature they control.", Goblin War Cry): the choice of the board's effect
    that is the spell (``{"effect": n, "chosen": id}``), never guessed."""

    player: "TargetRef"


class SharesColorPred(Record):
    """Shares a color with the object ``ref`` names (105.2: has at least one of its
    colors): "each other creature that shares a color with it" (Incite Hysteria's
    radiance) -- a colorless object shares a color with nothing."""

    ref: "TargetRef"


class OwnStatsPred(Record):
    """Compares a permanent's own power and toughness: "each creature with toughness
    greater than its power" (``stat`` "toughness", ``op`` ">", ``other`` "power"; Ancient
    Lumberknot, Immobilizer Eldrazi)."""

    stat: Literal["power", "toughness"]
    op: Literal["<", "<=", "==", ">=", ">"]
    other: Literal["power", "toughness"]


# ---------------------------------------------------------------------------
# Declaration readings of issue 26 (grammar/oracle/readings.py): qualities and
# conditions judged on the board that more real cards' sentences need.
# ---------------------------------------------------------------------------


class ControllerFact(Record):
    """A permanent whose controller meets ``fact`` (a :class:`PlayerFact` whose
    ``player`` is left None): "Each opponent who cast a spell this turn can't attack
    with creatures" (Angelic Arbiter) -- judged from that player's records (601)."""

    fact: "PlayerFact"


class ThisObject(Record):
    """Is the very object ``ref`` names -- the source or the permanent it is attached to:
    "... for each creature they control that's blocking it" (Awesome Presence)."""

    ref: Union[SelfRef, AttachedRef]


class BasicLandTypes(Record):
    """The number of basic land types among lands ``controller`` controls (305.6;
    domain): "where X is the number of basic land types among lands you control"
    (Collective Restraint) -- an X the board settles (107.3a)."""

    controller: "PlayerRef"


class ActiveIs(Record):
    """``player`` is the active player (102.1): "During target player's next turn, ..."
    (Taunt; 611.2b) -- judged on the board's ``active_player``."""

    player: "PlayerRef"


class DefenderMost(Record):
    """The defending player of that attack (508.5) controls at least as many permanents
    matching ``pred`` as any other player: "as long as defending player controls the
    most creatures or is tied for the most" (Hooded Horror)."""

    pred: "Pred"


class DefenderSharesType(Record):
    """The defending player of that attack (508.5) controls ``count`` or more creatures
    that share a creature type (205.3m; a changeling has every one, 702.73a):
    Graxiplon."""

    count: int


# ---------------------------------------------------------------------------
# The unions, complete (every class above)
# ---------------------------------------------------------------------------

Pred = Union[_BasePred, LandwalkPred, AttachedPred, InCombatPred, NotSelfPred, ObjectPred,
             OwnStatsPred, ControllerFact, ThisObject, SharesColorPred]
Subject = Union[_BaseSubject, TargetGroup]
Condition = Union[_BaseCondition, MoreThan, OnBattlefield, DefenderMost, DefenderSharesType,
                  CastChoice, ExtraTurn]
Ability = Union[
    _BaseAbility, CantBeBlockedIf, GrantWhileInCombat, BlockableDespiteLandwalk, BlockCondition,
    AttackAsThough, BlockAsThough, BlockEachAttacker, LureBy, Conditional, Named, Goaded,
    AttackIfAttacks, BlockWhileTapped,
]
