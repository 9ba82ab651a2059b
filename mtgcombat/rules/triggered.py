"""Triggered abilities that act in combat, and the one-shot effects of spells and
abilities, as data (603, 608).

The Oracle grammar reads "When/Whenever/At [trigger event], [if condition,] [effect]"
(603.1) into a :class:`Triggered`: its *event* (what makes it trigger, 603.2), an
intervening "if" (603.4), "you may" (603.5) and its *effects*, a list of instructions
in the order written (608.2c). An effect of the board with a ``step`` (a combat trick,
spec Extension 3) is read into an :class:`Instructions` of the same effects. Nothing
here is bound to a board: references are symbolic, as in
:mod:`mtgcombat.rules.abilities`, plus :class:`EventRef` (the objects of the event
that triggered the ability) and :class:`Target` (a target with the qualities a legal
choice must have, 115.1, 601.2c). :mod:`mtgcombat.rules.stack` carries them out.

Events (the combat's turn-based actions and what follows them):

* :class:`BeginningOfCombat` (507.2, 603.2b), :class:`EndOfCombat` (511.2);
* :class:`Attacks` (508.3a, attacks alone 506.5, battalion-style "and at least two other
  creatures attack"), :class:`PlayerAttacks` ("Whenever you attack", 508.3d);
* :class:`Blocks` (509.3a-b current / 509.5a-b in 2024), :class:`BecomesBlocked` (509.3c-e),
  :class:`BlocksOrBlocked`, :class:`AttacksOrBlocks`, :class:`Unblocked` ("attacks and
  isn't blocked", 509.3g);
* :class:`DealsDamage` and :class:`IsDealtDamage` (510.3a, 603.2), :class:`Dies` (700.4,
  603.10a), :class:`GainsLife` (119.9, lifelink 702.15).

Effects: :class:`PTChange` (613.4c, until end of turn), :class:`Continuous` (an effect
the board reads from text once it exists: "target creature can't block this turn",
"gains flying until end of turn", prevention 615), :class:`Counters` (122),
:class:`Damage` (120), :class:`Life` (119), :class:`Poison` (122.1f), :class:`Tap`
(701.26), :class:`Leave` (destroy 701.8, sacrifice 701.21, exile 701.13, return to
hand -- removed from combat, 506.4), :class:`Tokens` (111, tapped and attacking 508.4),
:class:`Draw` (121), :class:`Delayed` ("at end of combat", 603.7), :class:`Exert`
(701.43), :class:`Return` (a creature that died returned to the battlefield: persist
702.79a, undying 702.93a; a new object, 400.7).
"""

from __future__ import annotations

from typing import Literal, Optional, Union

from . import abilities as A
from .record import Record

# ---------------------------------------------------------------------------
# References
# ---------------------------------------------------------------------------


class EventRef(Record):
    """An object of the event that triggered the ability (603.2, 603.10):

    * ``"subject"`` -- the creature the event is about: the attacking creature of
      "Whenever a creature you control attacks, it ...", the creature that blocks or
      becomes blocked, deals or is dealt damage, dies;
    * ``"other"`` -- "that creature" on the other side: the creature it blocks or that
      blocks it, the creature dealt damage;
    * ``"player"`` -- "that player": the player dealt damage, or who gained life;
    * ``"attackers"`` -- "they" after "Whenever one or more creatures [you control]
      attack" / "Whenever you attack with one or more creatures": the creatures declared
      as attackers that set it off (508.3d)."""

    role: Literal["subject", "other", "player", "attackers"] = "subject"


class Target(Record):
    """The ``index``-th target (0-based, counted over the ability, 601.2c) of kind
    ``kind`` with the qualities ``pred`` (on permanents; ``controller``/``opponents``
    on the controller, ``attacking``/``blocking`` 506.4, ``other``: not the source,
    115.3 "another target"). A player target is "target player" or, with
    ``opponents``, "target opponent"."""

    index: int
    kind: Literal["creature", "player", "permanent", "any", "planeswalker"] = "creature"
    pred: A.Pred = A.AnyPred()
    controller: Optional[A.PlayerRef] = None  # "... you control", "... defending player controls"
    opponents: bool = False  # "... an opponent controls" / "target opponent"
    attacking: Optional[bool] = None
    blocking: Optional[bool] = None
    other: bool = False
    #: "up to one target creature" (601.2c): the target may be left unchosen.
    optional: bool = False
    #: "target creature blocking / blocked by / blocking or blocked by [``partner_of``]"
    #: (506.4: in combat with it as the target is chosen): "blocking", "blocked",
    #: "either".
    partner: Optional[Literal["blocking", "blocked", "either"]] = None
    partner_of: Optional["Who"] = None


class Each(Record):
    """Every object or player a description names as the effect resolves (611.2c: the
    set is fixed then): a group of creatures (``group``), or each opponent / each player
    (``players`` "opponents" / "all")."""

    group: Optional[A.Group] = None
    players: Optional[Literal["opponents", "all", "defending"]] = None


class Partners(Record):
    """"each creature blocking [of]" (``blocking`` True: the creatures blocking it) or
    "each creature blocked by [of]" (506.4: as combat stands when the effect resolves)."""

    of: "Who"
    blocking: bool = True
    #: "each creature blocking or blocked by [of]": both.
    either: bool = False


class ControllerOfRef(Record):
    """"its controller", "that creature's controller": the controller of ``of``."""

    of: "Who"


class AttackedBy(Record):
    """"the player or planeswalker it's attacking" (Hellrider, 508.1b): what the attacking
    creature ``of`` attacks -- as it was declared (506.4: it is the same after the creature
    leaves combat, 608.2h); a battle is neither, and is not named."""

    of: "Who"


#: Whom an effect is about.
Who = Union[A.SelfRef, A.AttachedRef, A.YouRef, A.DefendingPlayerRef, EventRef, Target, Each,
            A.NamedRef, Partners, ControllerOfRef, AttackedBy, "Targets"]


class Targets(Record):
    """"up to N target creatures" (601.2c): N targets, each of which may be left unchosen."""

    targets: tuple[Target, ...]


class Count(Record):
    """How many permanents there are as the effect resolves ("for each other attacking
    Goblin", "for each land you control", "for each creature blocking it [beyond the
    first]"): those matching ``pred`` (controlled by ``controller``; ``attacking``;
    ``other``: other than the object the effect is about), or with ``blocking`` the
    creatures blocking it (``blocked``: those it blocks); ``beyond`` is subtracted."""

    pred: A.Pred = A.AnyPred()
    controller: Optional[A.PlayerRef] = None
    attacking: Optional[bool] = None
    other: bool = False
    blocking: bool = False
    blocked: bool = False
    beyond: int = 0


class Scaled(Record):
    """``n`` for each of ``count`` (613.4c: "+1/+0 for each ...")."""

    n: int
    count: Count


class PowerOf(Record):
    """An amount equal to the power (or toughness) of an object as the effect
    resolves ("damage equal to its power")."""

    who: "Who"
    stat: Literal["power", "toughness"] = "power"


class EventAmount(Record):
    """"that much" / "that many": the amount of the event that triggered the ability --
    the damage dealt (120.3, "Whenever ~ is dealt damage, it deals that much damage to
    any target"), the life gained (119.9) -- ``sign`` -1 for a loss of that much."""

    sign: Literal[1, -1] = 1


Amount = Union[int, PowerOf, Scaled, EventAmount]

# ---------------------------------------------------------------------------
# Events
# ---------------------------------------------------------------------------


class SelfOr(Record):
    """"~ or another creature [you control]" (Zulaport Cutthroat, Blood Artist): the
    source, or another object of ``group`` (109.5); "~ or equipped creature": the source
    or the creature it is attached to."""

    group: Union[A.Group, A.AttachedRef]


class Attacks(Record):
    """508.3a: "Whenever [creature] attacks" -- ``who`` is the source (SelfRef), the
    permanent it is attached to (AttachedRef), or a group ("a creature you control");
    ``alone``: it is the only creature declared as an attacker (506.5); ``others``:
    "[creature] and at least N other creatures attack" (battalion, 702-style ability
    word, 207.2c); ``you``: "attacks you" (the source's controller, 508.3a) or with
    ``planeswalkers`` "attacks you or a planeswalker you control"."""

    who: Union[A.SelfRef, A.AttachedRef, A.Group, "SelfOr"]
    alone: bool = False
    others: int = 0
    you: bool = False
    planeswalkers: bool = False
    #: "attacks the player with the most life or tied for most life" (dethrone, 702.105a):
    #: it attacks a player whose life no player's exceeds as it is declared.
    most_life: bool = False
    #: "attacks with another creature with greater power" (training, 702.149a): another
    #: creature is declared as an attacker with it whose power is greater than its own.
    with_greater: bool = False


class AttackYou(Record):
    """"Whenever one or more creatures [with a quality] attack you" (508.3b: you are
    attacked): once, when at least one such creature is declared attacking you."""

    pred: A.Pred = A.AnyPred()


class EntersBattlefield(Record):
    """"When [permanent] enters (the battlefield)" (603.6a): in a combat only a permanent
    put onto the battlefield by it (a token, 111.1) enters."""

    who: Union[A.SelfRef, A.AttachedRef, A.Group, "SelfOr"]


class Sacrificed(Record):
    """"When you sacrifice ~" (701.21a)."""

    who: A.SelfRef = A.SelfRef()


class Exerted(Record):
    """"Whenever you exert a creature" (701.43)."""


class PlayerAttacks(Record):
    """508.3d: "Whenever you attack" -- one or more creatures the player controls are
    declared as attackers; ``at_least``: "attack with N or more creatures"; ``pred``:
    "one or more [creatures with a quality] you control attack"."""

    at_least: int = 1
    pred: A.Pred = A.AnyPred()
    #: "Whenever one or more creatures attack": creatures of any player (508.3d is about
    #: the attacking player; in a combat that is the active player).
    anyone: bool = False


class Blocks(Record):
    """"Whenever [creature] blocks" (once each combat) or, ``per_attacker``, "... blocks a
    creature [with a quality]" (once for each attacking creature it blocks)."""

    who: Union[A.SelfRef, A.AttachedRef, A.Group, "SelfOr"]
    per_attacker: bool = False
    pred: A.Pred = A.AnyPred()


class BecomesBlocked(Record):
    """"Whenever [creature] becomes blocked" (once each combat), ``per_blocker``: "...
    becomes blocked by a creature [with a quality]" (once for each creature blocking
    it); ``at_least``: "becomes blocked by N or more creatures"."""

    who: Union[A.SelfRef, A.AttachedRef, A.Group, "SelfOr"]
    per_blocker: bool = False
    pred: A.Pred = A.AnyPred()
    at_least: int = 1


class BlocksOrBlocked(Record):
    """"Whenever [creature] blocks or becomes blocked" (once), or with ``by_creature``
    "... by a creature [with a quality]" (once for each creature on the other side)."""

    who: Union[A.SelfRef, A.AttachedRef, A.Group, "SelfOr"]
    by_creature: bool = False
    pred: A.Pred = A.AnyPred()


class AttacksOrBlocks(Record):
    """"Whenever [creature] attacks or blocks": as it is declared as an attacker (508.3a)
    or as a blocker."""

    who: Union[A.SelfRef, A.AttachedRef, A.Group, "SelfOr"]


class Unblocked(Record):
    """"Whenever [creature] attacks and isn't blocked": no creature was declared to block
    it (509.3g current, 509.5g in 2024) -- in the declare blockers step."""

    who: Union[A.SelfRef, A.AttachedRef, A.Group, "SelfOr"]


class BeginningOfCombat(Record):
    """507.2, 603.2b: "At the beginning of combat on your turn" (``yours``) / "... of each
    combat"."""

    yours: bool = True


class EndOfCombat(Record):
    """511.2: "At end of combat"."""


class DealsDamage(Record):
    """510.3a: "Whenever [creature] deals [combat] damage [to a player / an opponent / a
    creature / a player or planeswalker]"."""

    who: Union[A.SelfRef, A.AttachedRef, A.Group, "SelfOr"]
    to: Literal["player", "opponent", "creature", "any", "player_or_planeswalker"] = "any"
    combat: bool = True


class IsDealtDamage(Record):
    """"Whenever [creature] is dealt damage" (510.3a for combat damage)."""

    who: Union[A.SelfRef, A.AttachedRef, A.Group, "SelfOr"]


class Dies(Record):
    """"When [creature] dies" / "Whenever a creature [you control] dies" (700.4: put
    into a graveyard from the battlefield; 603.10a: it looks back in time)."""

    who: Union[A.SelfRef, A.AttachedRef, A.Group, "SelfOr"]


class GainsLife(Record):
    """"Whenever you gain life" (119.9; lifelink 702.15b: combat damage's life gain is
    one event per source)."""


Event = Union[Attacks, PlayerAttacks, Blocks, BecomesBlocked, BlocksOrBlocked, AttacksOrBlocks,
              Unblocked, BeginningOfCombat, EndOfCombat, DealsDamage, IsDealtDamage, Dies,
              GainsLife, AttackYou, EntersBattlefield, Sacrificed, Exerted]

# ---------------------------------------------------------------------------
# Effects (instructions, 608.2c: in the order written)
# ---------------------------------------------------------------------------


class PTChange(Record):
    """613.4c: "[who] gets +N/+M until end of turn" -- on the board's current power and
    toughness (which already count every effect before it)."""

    who: Who
    power: Amount = 0
    toughness: Amount = 0


class Continuous(Record):
    """An effect that the board states from now on (611.2): "[who] can't block this
    turn", "... gains flying until end of turn", "Prevent all combat damage that would
    be dealt this turn" (615). ``text`` is one sentence the board's Oracle reader reads
    as that effect about "target creature" (the grammar checked it reads), ``targets``
    what that target is for each object ``who`` names (611.2c: the objects are fixed as
    it resolves); ``who`` None: an effect about no object."""

    text: str
    who: Optional[Who] = None
    #: How the board's reader reads ``text`` (so the board it is added to needn't read it).
    reading: Optional[A.TextReading] = None
    #: For a sentence about no one object (``who`` None): the targets it names, in order
    #: (the effect on the board binds them to what was chosen, 601.2c).
    targets: tuple[Target, ...] = ()


class Counters(Record):
    """122.1: put (``n`` > 0) or remove (``n`` < 0) counters of ``kind`` on ``who``;
    +1/+1 and -1/-1 counters change power and toughness (122.1a)."""

    who: Who
    kind: str
    n: int = 1


class Damage(Record):
    """120: ``source`` deals ``amount`` damage to ``to`` (noncombat damage; its results
    120.3, deathtouch, lifelink, infect and wither as for any damage)."""

    source: Who
    to: Who
    amount: Amount


class Life(Record):
    """119: ``who`` gains (``amount`` > 0) or loses life."""

    who: Who
    amount: Union[int, EventAmount, "Scaled"]


class Poison(Record):
    """122.1f: ``who`` gets ``n`` poison counters."""

    who: Who
    n: int = 1


class Tap(Record):
    """701.26 (701.21 in 2024): tap (``tap`` True) or untap ``who``; an attacking or
    blocking creature stays in combat (506.4b)."""

    who: Who
    tap: bool = True


class Leave(Record):
    """``who`` leaves the battlefield: ``how`` "destroy" (701.8; not an indestructible
    permanent, 702.12b), "sacrifice" (701.21), "exile" (701.13), "hand" (returned to its
    owner's hand), "library" (put on top of its owner's library). A creature that leaves
    is removed from combat (506.4); an attacker it blocked remains blocked (509.1h)."""

    who: Who
    how: Literal["destroy", "sacrifice", "exile", "hand", "library"]


class Tokens(Record):
    """111.1, 701.7 (create): ``count`` creature tokens ``power``/``toughness`` of
    ``colors`` with ``subtypes`` and the keyword line ``text``; ``tapped``; ``attacking``
    (508.4: attacking what its controller chooses among what may be attacked, or what
    the creature of the event attacks with ``attacking`` "same")."""

    count: int
    power: int
    toughness: int
    colors: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    text: str = ""
    tapped: bool = False
    attacking: Optional[Literal["choose", "same"]] = None
    artifact: bool = False
    #: How the board's reader reads ``text``.
    reading: Optional[A.TextReading] = None
    #: "that's blocking that creature" (509.4): the attacking creature it enters blocking
    #: (it is blocking, but it never "blocked": no "blocks" trigger, 509.3a).
    blocking: Optional[Who] = None


class Draw(Record):
    """121: ``who`` draws ``n`` cards -- their hand and the cards they drew this turn grow
    where the board records them."""

    who: Who
    n: int = 1


class Delayed(Record):
    """603.7: "[effects] at end of combat" -- a delayed triggered ability that triggers
    as the end of combat step begins (511.2)."""

    effects: tuple["Effect", ...]


class Discard(Record):
    """701.9: ``who`` discards ``n`` cards -- their hand (where the board records it)
    shrinks, never below 0."""

    who: Who
    n: int = 1


class NoUntap(Record):
    """"[it] doesn't untap during its controller's next untap step": an effect on the
    next turn (502.3), beyond this combat and the board after it."""

    who: Who


class IfThen(Record):
    """"Then if [condition], [effects]" (608.2c): the effects happen if the condition holds
    as this part resolves."""

    condition: "Condition"
    effects: tuple["Effect", ...]


class RemoveFromCombat(Record):
    """506.4: "remove [who] from combat"."""

    who: Who


class Return(Record):
    """"Return it to the battlefield [tapped] under its owner's control [with a ``counter``
    counter on it]": the card of a creature that died comes back as a new object (400.7:
    not in combat, 506.4; untapped unless ``tapped``, 110.5b; its damage, counters and the
    effects on the old object gone) -- persist (702.79a), undying (702.93a). A token
    can't come back (111.8)."""

    who: Who
    counter: Optional[str] = None
    tapped: bool = False


Effect = Union[PTChange, Continuous, Counters, Damage, Life, Poison, Tap, Leave, Tokens, Draw,
               Delayed, RemoveFromCombat, Discard, NoUntap, IfThen, Return]

# ---------------------------------------------------------------------------
# Abilities
# ---------------------------------------------------------------------------


class Triggered(Record):
    """603.1: "When/Whenever/At [event], [if condition,] [you may] [effects]".

    ``condition`` is an intervening "if" (603.4: checked as it triggers and again as it
    resolves); ``optional`` its controller's "you may" (a choice, never a guess);
    ``targets`` how many targets it has (601.2c, chosen as it is put on the stack)."""

    event: Event
    effects: tuple[Effect, ...]
    condition: Optional["Condition"] = None
    optional: bool = False
    targets: int = 0


class Instructions(Record):
    """A spell or ability that resolves in a combat step (an effect of the board with a
    ``step``, spec Extension 3): its effects in order (608.2c), targets as the effect
    gives them."""

    effects: tuple[Effect, ...]


class Activated(Record):
    """602.1: "[cost]: [effect]" -- an activated ability. It acts only when a player
    activates it, which a board says with an effect of that text (its ``source`` the
    permanent, a ``step``: spec Extension 3); ``cost`` as printed (paid by whoever
    activates it), ``effects`` the instructions that effect carries out."""

    cost: str
    effects: tuple[Effect, ...]
    targets: int = 0


class ExertAsAttacks(Record):
    """701.43 (701.39 in 2024): "You may exert ~ as it attacks" -- an optional cost to
    attack (508.1g): an exerted creature won't untap during its controller's next untap
    step. ``then``: the effects of the linked "When you do, ..." trigger -- a reflexive
    triggered ability (603.12) that triggers as the creature is exerted; ``then_sentence``
    its words ("When you do, it gets +1/+1 ..."), what resolves."""

    then: tuple[Effect, ...] = ()
    targets: int = 0
    then_sentence: str = ""


# ---------------------------------------------------------------------------
# Conditions of an intervening "if" (603.4)
# ---------------------------------------------------------------------------


class TotalPower(Record):
    """"if you attacked with creatures with total power N or greater this combat" (pack
    tactics, ``attacked``: the creatures declared as attackers, 508.1) / "if creatures
    you control have total power N or greater" (formidable): the sum of their power as
    the condition is checked (603.4)."""

    n: int
    attacked: bool = False


class ControlsCount(Record):
    """"if you control N or more [permanents]" / "... no [permanents]" (``at_most``)."""

    who: A.PlayerRef
    pred: A.Pred
    at_least: int = 1
    at_most: Optional[int] = None
    #: "if defending player controls ..." of an attacking creature (508.5).
    defending: bool = False
    #: "if your team controls ..." (810.2: the permanents of each player of the team).
    team: bool = False


class IsState(Record):
    """"if [who] is [quality]": "if it's untapped", "if ~ is attacking"."""

    who: Who
    pred: A.Pred


class AttackedOrBlocked(Record):
    """"if ~ attacked or blocked this combat": it was declared as an attacker or a blocker
    (508.1, 509.1) in this combat."""

    who: A.SelfRef = A.SelfRef()


class LifeAtLeast(Record):
    """"if you have N or more life" / "N or less" (``op``)."""

    who: A.PlayerRef
    op: Literal[">=", "<="]
    n: int


Condition = Union[ControlsCount, IsState, LifeAtLeast, AttackedOrBlocked, TotalPower]
