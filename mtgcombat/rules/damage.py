"""Combat damage assignment (510.1), as data and checks.

This module decides, for one combat damage step of a board:

* which creatures assign combat damage in it (510.4, 702.7b, 702.4b) and with
  how much (510.1a);
* who assigns each creature's damage: its controller (510.1), the defending
  player for an attacker blocked by a banding creature (702.22j), the active
  player for a creature blocking a banding creature (702.22k), the defending
  player under a Defensive Formation style effect (card text);
* where the damage may go (510.1b-d, 702.19b-d, "as though it weren't blocked");
* the conditions an assignment must meet, as a list of small rule objects
  (:class:`NeedsLethal`, :class:`AtMostOneShort`, :class:`NeedsLoyalty`) that
  every backend compiles and that :func:`evaluate` checks directly, naming the
  rule and the creature skipped.

The differences between the rules editions live in :mod:`mtgcombat.editions`
(class data of each edition): under ``"2024"`` (CR 2024-04-12)
each attacker's blockers and each blocker's attackers are put in a damage
assignment order (509.2-509.3) and damage may go to a creature only once every
creature before it in the order is assigned lethal damage (old 510.1c-d);
under ``"current"`` damage is divided freely (510.1c-d) and only trample needs
lethal damage on every blocker (702.19b).

Lethal damage (120.6, 702.19b, old 510.1c): toughness minus damage already
marked (never below 0), counting damage assigned by other creatures in the
same step but no prevention or other effect; any nonzero damage from a source
with deathtouch counts as lethal (702.2c). A planeswalker's threshold for
trample over planeswalkers is its loyalty, counting other creatures' damage
(702.19c).

510.1 has the active player assign first, then the defending player(s); 510.1e
judges each player's assignment as a whole once it is complete. So a player's
conditions count the damage assigned by that player and by the players who
assigned before (their *visible* damage); the damage of players who assign
later does not exist yet. This matters only when a player assigns the damage
of a creature another player controls (banding, Defensive Formation).

Objectives (what "best" means). An :data:`Objective` is a tuple of :class:`Term`
compared lexicographically; a term weighs each creature, planeswalker or battle the
assigning player's assignment destroys (:func:`destroyed_by`) and each point of damage
it assigns to a player, planeswalker or battle *that has an effect*
(:func:`effective_damage`): damage to a planeswalker or battle counts only up to the
loyalty or defense it has left (120.3c, 120.3h); the excess is wasted. Without an
objective, :func:`default_objective` applies: the most opposing creatures destroyed,
then the most such damage to opposing players, planeswalkers and battles (then the
fewest own creatures destroyed, then the least damage to one's own side). A
planeswalker or battle brought to 0 loyalty or defense is destroyed (704.5i, 704.5v) and
listed with what the assignment destroys, but ranks only by the damage it takes, after
creatures. Library callers pass an :data:`ObjectiveFn` -- ``(step, player) ->
Objective`` -- as ``objective=`` to :meth:`mtgcombat.Board.damage` or
:func:`mtgcombat.solver.damage.damage_answer`. Ready-made: :func:`protecting` (spare
given creatures first) and :func:`player_damage_first`. For example::

    from mtgcombat import Board
    from mtgcombat.rules.damage import Term, default_objective, protecting

    board = Board.load("board.mtg")
    board.damage(objective=protecting("bears"))["best"]
    # destroy planeswalker "jace" first, then the default:
    jace = lambda step, player: (Term(destroyed={"jace": 1}),) + default_objective(step, player)
    board.damage(objective=jace)["best"]

No solver code lives here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Optional, Sequence, Union

from ..editions import EDITIONS as EDITION_CLASSES
from ..editions import Edition
from . import abilities as A
from .bind import Bound
from .combat_abilities import AssignsNoDamage, AssignsToughness
from .model import Board, BoardError, Permanent
from .values import RecipientKind, Role
from .prevention import prevention_rule
from .statics import lethal_limit
from ..errors import closest
from .reasons import Reason, reason

Assignment = Mapping[str, Mapping[str, int]]


#: The editions (see :mod:`mtgcombat.editions`, where every difference lives).
EDITIONS = EDITION_CLASSES


# ---------------------------------------------------------------------------
# The step: sources, recipients, conditions
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Recipient:
    """Something that can be assigned combat damage in this step."""

    id: str
    name: str
    kind: RecipientKind
    controller: str  # a player's own name for a player; a battle's protector
    #: Creatures: lethal damage (toughness - marked, at least 0, 120.6); planeswalkers:
    #: loyalty; battles: defense; players: None.
    threshold: Optional[int] = None
    #: Creatures: the damage marked at which it has lethal damage -- its toughness, or its
    #: power where lethal damage is determined by power (Zilortha; statics.lethal_limit).
    toughness: Optional[int] = None
    marked: int = 0
    indestructible: bool = False


@dataclass(frozen=True)
class Source:
    """A creature that assigns combat damage in this step."""

    id: str
    name: str
    role: Role
    controller: str
    assigner: str  # the player who assigns its damage
    assigner_rule: str  # why that player ("510.1", "702.22j", ...; "510.1c" by card text)
    power: int
    deathtouch: bool
    #: Where its damage may go normally, in order: the creatures first (blockers or
    #: the attackers it blocks), then players/planeswalkers/battles (trample).
    recipients: tuple[str, ...]
    creatures: tuple[str, ...]  # the creature recipients (blockers / blocked)
    rules: tuple[str, ...]  # where its damage goes and why (510.1b, 510.1c, 702.19d ...)
    target: Optional[str] = None  # what it attacks (attackers)
    trample: bool = False
    #: "2024": the creatures' damage assignment order given by the board, or None when
    #: the order is part of the choice; unused when ``ordered`` is False.
    order: Optional[tuple[str, ...]] = None
    ordered: bool = False  # the lethal-first order rule applies (2024, 2+ creatures)
    order_chooser: Optional[str] = None
    free_reason: Optional[str] = None  # why the order is ignored: "702.22j", "702.22k", "text"
    #: "You may have it assign its combat damage as though it weren't blocked":
    #: the recipients in that mode (all or nothing).
    unblocked_recipients: Optional[tuple[str, ...]] = None

    @property
    def all_recipients(self) -> tuple[str, ...]:
        extra = tuple(r for r in (self.unblocked_recipients or ()) if r not in self.recipients)
        return self.recipients + extra


@dataclass(frozen=True)
class NeedsLethal:
    """Damage from ``source`` to ``recipient`` is allowed only if every creature of
    ``before`` is assigned lethal damage (old 510.1c-d order; 702.19b trample)."""

    source: str
    recipient: str
    before: tuple[str, ...]
    rule: str
    mode: str = "normal"  # "normal" or "unblocked" (as though it weren't blocked)


@dataclass(frozen=True)
class NeedsLoyalty:
    """702.19c: damage from ``source`` to ``recipient`` (the planeswalker's controller)
    only once damage at least equal to the loyalty of ``planeswalker`` is assigned to it."""

    source: str
    recipient: str
    planeswalker: str
    rule: str = "702.19c"
    mode: str = "normal"


@dataclass(frozen=True)
class AtMostOneShort:
    """"2024" with no order given: some order exists in which the assignment obeys old
    510.1c-d iff at most one of ``creatures`` is assigned damage by ``source`` without
    being assigned lethal damage (lethal ones first, then that one, then the rest)."""

    source: str
    creatures: tuple[str, ...]
    rule: str


Condition = Union[NeedsLethal, NeedsLoyalty, AtMostOneShort]


@dataclass(frozen=True)
class Silent:
    """A creature in combat that assigns no combat damage in this step, and why."""

    id: str
    rule: str
    why: Reason


@dataclass(frozen=True)
class DamageViolation:
    rule: str
    why: Reason
    objects: tuple[str, ...] = ()


@dataclass
class DamageStep:
    """Everything the rules say about one combat damage step of a board."""

    board: Board
    bound: Bound
    edition: type[Edition]
    step: str
    sources: dict[str, Source]
    recipients: dict[str, Recipient]
    silent: dict[str, Silent]
    conditions: list[Condition]
    assigners: tuple[str, ...]  # players in the order they assign (510.1)
    #: per creature recipient: the sources that may assign damage to it, with whether
    #: that damage is prevented (protection, 702.16e).
    prevented: dict[tuple[str, str], bool] = field(default_factory=dict)

    # -- helpers ----------------------------------------------------------------
    def name(self, oid: str) -> str:
        if oid in self.recipients:
            return self.recipients[oid].name
        if oid in self.sources:
            return self.sources[oid].name
        if oid in self.board.player_names:
            return oid
        try:
            return self.board.permanent(oid).name
        except KeyError:
            return oid

    def rank(self, player: str) -> int:
        ranks = self.__dict__.get("_ranks")
        if ranks is None:
            ranks = {p: i for i, p in enumerate(self.assigners)}
            self.__dict__["_ranks"] = ranks
        return ranks[player]

    def visible_sources(self, player: str) -> list[Source]:
        """Sources whose damage exists when ``player``'s assignment is judged (510.1, 510.1e)."""
        r = self.rank(player)
        return [s for s in self.sources.values() if self.rank(s.assigner) <= r]

    def sources_of(self, player: str) -> list[Source]:
        return [s for s in self.sources.values() if s.assigner == player]

    @property
    def players(self) -> tuple[str, ...]:
        """The players who assign some combat damage in this step."""
        return tuple(p for p in self.assigners if self.sources_of(p))

    def conditions_of(self, source: str) -> list[Condition]:
        return [c for c in self.conditions if c.source == source]

    def threshold(self, rid: str, source: Optional[Source] = None) -> Reason:
        """What it takes to be done with a recipient, as a reason: lethal damage (1 from
        a source with deathtouch, 702.2c), a planeswalker's loyalty, a battle's defense."""
        r = self.recipients[rid]
        return reason("damage.threshold", None, (rid,), kind=r.kind, n=r.threshold,
                      deathtouch=bool(source and source.deathtouch))


def _has(bound: Bound, pid: str, kw: str) -> bool:
    return bound.has_keyword(pid, kw)


def _strikes_first(bound: Bound, pid: str) -> bool:
    return _has(bound, pid, "first strike") or _has(bound, pid, "double strike")


def _bands_pair(bound: Bound, creatures: Sequence[Permanent]) -> bool:
    """702.22j-k: a creature with banding among them, or a [quality] creature with
    "bands with other [quality]" and another [quality] creature."""
    for c in creatures:
        if bound.has_keyword(c.id, "banding"):
            return True
    for c in creatures:
        for inst in bound.held_by(c.id, A.BandsWithOther):
            pred = inst.ability.pred  # type: ignore[union-attr]
            if not bound.matches(pred, c, inst.source):
                continue
            if any(o.id != c.id and bound.matches(pred, o, inst.source) for o in creatures):
                return True
    return False


def _left_game(board: Board) -> frozenset[str]:
    """The players who have left a multiplayer game (800.4a; not a team game, as
    :func:`mtgcombat.rules.results.state_based` has it): those the state-based actions
    make lose -- 0 or less life (704.5a), 10 or more poison counters (704.5c)."""
    if len(board.players) <= 2 or any(p.team for p in board.players):
        return frozenset()
    return frozenset(p.name for p in board.players if p.life <= 0 or p.poison >= 10)


def damage_step(
    board: Board, bound: Bound, blocked: Sequence[str] = (),
    first_strikers: Optional[Sequence[str]] = None, target_left: Sequence[str] = (),
) -> DamageStep:
    """The rules of one combat damage step of ``board``.

    ``blocked`` names attackers that became blocked but have no blocker left (the board
    can't show a blocker that is gone, 509.1h, 510.1c, 702.19d).

    ``first_strikers`` (regular step only) names the creatures in combat that had first
    strike or double strike as the first combat damage step began. The board shows the
    abilities creatures have now; by default they are taken to be those they had then.
    When an ability was gained or lost between the two steps the board can't tell, and
    510.4 decides by what the creature had then: one that loses double strike deals no
    damage in the regular step (702.4c), one that gains first strike late still does
    (702.7c). Given, it replaces that default: the regular step's creatures are those not
    named plus those that have double strike now (510.4, 702.4d).

    ``target_left`` names attackers whose planeswalker or battle has been removed from
    combat (it left the battlefield, changed controller, stopped being a planeswalker;
    506.4). The board still lists the permanent they were declared to attack, as it was.
    Such an attacker attacks nothing (506.4c): unblocked, it assigns no combat damage
    (510.1b); blocked, only to its blockers, as trample can't reach the defending player
    (702.19f) -- except with trample over planeswalkers, whose damage may then go to the
    planeswalker's controller once every blocker is assigned lethal damage, all of it when
    no creature blocks it (702.19e)."""
    if board.attacks is None:
        raise BoardError(reason("error.damage_no_attacks"))
    _check_step_arguments(board, blocked, first_strikers, target_left)
    f = _facts(board, bound, blocked, first_strikers, target_left)
    sources: dict[str, Source] = {}
    silent: dict[str, Silent] = {}
    conditions: list[Condition] = []
    prevented: dict[tuple[str, str], bool] = {}
    for cid in f.combatants:
        got = _source(f, cid)
        if isinstance(got, Silent):
            silent[cid] = got
            continue
        src, pw_controller = got
        sources[cid] = src
        for r in src.all_recipients:
            # 615, 702.16e: damage that would be prevented is assigned but not dealt.
            prevented[(cid, r)] = prevention_rule(board, bound, cid, r) is not None
        conditions += _conditions(f, src, pw_controller)
    return DamageStep(
        board, bound, f.ed, f.step, sources, _recipients(board, bound, f.attacks, f.blocks),
        silent, conditions, f.assigners, prevented,
    )


def _check_step_arguments(board: Board, blocked: Sequence[str],
                          first_strikers: Optional[Sequence[str]],
                          target_left: Sequence[str]) -> None:
    """Bad input in the step's arguments: an attacker named blocked or with its target
    gone that doesn't attack (or attacks a player), a first striker not in combat, first
    strikers named for the first-strike step."""
    attacks = dict(board.attacks or {})
    blocks = dict(board.blocks or {})
    for a in blocked:
        if a not in attacks:
            raise BoardError(reason("error.damage_blocked", None, (a,), attacker=a))
    for a in target_left:
        if a not in attacks or attacks[a] in board.player_names:
            raise BoardError(reason("error.damage_target_left", None, (a,), attacker=a,
                                    player=attacks.get(a)))
    if first_strikers is not None:
        for c in first_strikers:
            if c not in attacks and c not in blocks:
                raise BoardError(reason("error.damage_first_striker", None, (c,), creature=c))
        if board.damage_step == "first":
            raise BoardError(reason("error.damage_first_strikers_step"))


@dataclass
class _StepFacts:
    """What every creature's part in a step is decided from (:func:`_facts`)."""

    board: Board
    bound: Bound
    ed: type[Edition]
    attacks: dict[str, str]
    blocks: dict[str, tuple[str, ...]]  # each blocker's attackers (a band's members, 702.22h)
    place: dict[str, int]  # the board's order of permanents
    blockers_of: dict[str, list[str]]
    is_blocked: dict[str, bool]
    combatants: list[str]
    step: str
    any_first: bool
    had_first: Optional[set[str]]
    assigners: tuple[str, ...]
    left: frozenset[str]
    df_players: set[str]
    unblocked_option: set[str]
    target_left: Sequence[str]


def _facts(board: Board, bound: Bound, blocked: Sequence[str],
           first_strikers: Optional[Sequence[str]], target_left: Sequence[str]) -> _StepFacts:
    """The blocks (bands), the creatures in combat, the step (510.4), who assigns in
    which order (510.1), who has left the game (800.4a) and the effects that change who
    assigns or where damage goes."""
    attacks = dict(board.attacks or {})
    blocks = dict(board.blocks or {})
    # Creatures are taken in the board's order of permanents, never by id: an answer
    # chosen among equally good ones must not depend on what the ids are.
    place = {p.id: i for i, p in enumerate(board.permanents)}
    # 702.22h: a creature blocking one member of an attacking band blocks the band.
    band_of = {a: band for band in board.bands for a in band}
    if band_of:
        blocks = {bl: tuple(sorted({m for a in atts for m in band_of.get(a, (a,))},
                                   key=place.__getitem__))
                  for bl, atts in blocks.items()}
    blockers_of: dict[str, list[str]] = {a: [] for a in attacks}
    for bl, atts in blocks.items():
        for a in atts:
            blockers_of[a].append(bl)
    is_blocked = {a: bool(blockers_of[a]) or a in blocked for a in attacks}
    combatants = sorted(attacks, key=place.__getitem__) + sorted(
        (b for b in blocks if b not in attacks), key=place.__getitem__)

    # 510.4, 702.7b, 702.4b: which step and who is in it.
    any_first = any(_strikes_first(bound, c) for c in combatants)
    had_first: Optional[set[str]] = None  # regular step: who had FS/DS as the first began
    if first_strikers is not None:
        had_first = set(first_strikers)
        step = "regular"
        any_first = bool(had_first)
    else:
        step = board.damage_step or ("first" if any_first else "regular")
    if step == "first" and not any_first:
        raise BoardError(reason("error.no_first_step", "510.4", where=("damage_step",)))

    # Who assigns (510.1 AP then DP; multiplayer: defending players in turn order).
    order = list(board.player_names)
    ai = order.index(board.active_player)
    turn_order = order[ai:] + order[:ai]
    attackers_side = [p for p in turn_order if p in board.attacking_players]
    others = [p for p in turn_order if p not in attackers_side]

    return _StepFacts(
        board, bound, EDITIONS[board.rules], attacks, blocks, place, blockers_of, is_blocked,
        combatants, step, any_first, had_first, tuple(attackers_side + others),
        # 800.4a: in a multiplayer game a player who loses leaves it; the state-based
        # actions (704.5a, 704.5c) have been performed before any combat damage step
        # begins (704.3).
        _left_game(board),
        # Defensive Formation style effects: (player) assigns damage of creatures
        # attacking them.
        {inst.source.controller for inst in bound.of_type(A.DefenderAssignsDamage)},
        {inst.holder for inst in bound.of_type(A.AssignAsThoughUnblocked)
         if inst.holder and not inst.ability.forced},
        target_left,
    )


def _recipients(board: Board, bound: Bound, attacks: Mapping[str, str],
                blocks: Mapping[str, tuple[str, ...]]) -> dict[str, Recipient]:
    """Everything that can be assigned combat damage: the players, the creatures in
    combat (lethal damage, 120.6), planeswalkers (loyalty) and battles (defense)."""
    recipients: dict[str, Recipient] = {}
    for p in board.players:
        recipients[p.name] = Recipient(p.name, p.name, "player", p.name)
    for perm in board.permanents:
        if perm.is_creature and (perm.id in attacks or perm.id in blocks):
            # 120.6: lethal damage by toughness -- or by power (Zilortha; lethal_limit)
            t = lethal_limit(bound, perm)
            recipients[perm.id] = Recipient(
                perm.id, perm.name, "creature", perm.controller, max(0, t - perm.damage),
                t, perm.damage, _has(bound, perm.id, "indestructible"),
            )
        elif perm.is_planeswalker:
            recipients[perm.id] = Recipient(
                perm.id, perm.name, "planeswalker", perm.controller, perm.loyalty or 0)
        elif perm.is_battle:
            recipients[perm.id] = Recipient(
                perm.id, perm.name, "battle", perm.protector or perm.controller, perm.defense or 0)
    return recipients


def _silent_in_step(f: _StepFacts, cid: str) -> Optional[Silent]:
    """Why creature ``cid`` deals no combat damage in this step for its first strike or
    its lack of it (510.4, 702.7b), or None."""
    fs = _strikes_first(f.bound, cid)
    ds = _has(f.bound, cid, "double strike")

    def silent(code: str, rule: str) -> Silent:
        return Silent(cid, rule, reason(code, rule, (cid,), creature=cid))
    if f.step == "first" and not fs:
        return silent("silent.no_first_strike", "510.4")
    if f.step == "regular" and f.had_first is not None:
        if cid in f.had_first and not ds:
            return silent("silent.had_first_strike", "510.4")
    elif f.step == "regular" and f.any_first and fs and not ds:
        return silent("silent.struck_first", "702.7b")
    return None


@dataclass
class _Route:
    """Where a creature's damage may go and who assigns it."""

    recips: tuple[str, ...]
    rules: tuple[str, ...]
    creatures: tuple[str, ...]
    assigner: str
    arule: str
    free_reason: Optional[str] = None
    target: Optional[str] = None
    unb: Optional[tuple[str, ...]] = None
    pw_controller: Optional[str] = None


def _source(f: _StepFacts, cid: str) -> Union[Silent, tuple[Source, Optional[str]]]:
    """Creature ``cid``'s part in the step: silent (and why), or its source and, for an
    attacker of a planeswalker, the planeswalker's controller."""
    bound, perm = f.bound, f.board.permanent(cid)

    def why(code: str, rule: str, **params) -> Reason:
        return reason(code, rule, (cid,), creature=cid, **params)
    role: Role = "attacker" if cid in f.attacks else "blocker"
    out = _silent_in_step(f, cid)
    if out is not None:
        return out
    if bound.held_by(cid, AssignsNoDamage):
        return Silent(cid, "510.1a", why("silent.assigns_no_damage", "510.1a"))
    # 510.1a: a creature assigns combat damage equal to its power, or to its
    # toughness when an effect says so (Doran, the Siege Tower).
    by_toughness = bool(bound.held_by(cid, AssignsToughness))
    power = (perm.toughness if by_toughness else perm.power) or 0
    if power <= 0:
        return Silent(cid, "510.1a", why("silent.no_power", "510.1a", power=power,
                                         toughness=by_toughness))
    trample = _has(bound, cid, "trample")
    route = _attacker_route(f, cid, perm, trample) if role == "attacker" else \
        _blocker_route(f, cid, perm)
    if isinstance(route, Silent):
        return route
    order_given = (f.board.damage_order or {}).get(cid)
    ordered = f.ed.has_order and len(route.creatures) >= 2 and route.free_reason is None
    src = Source(
        cid, perm.name, role, perm.controller, route.assigner, route.arule, power,
        _has(bound, cid, "deathtouch"), route.recips, route.creatures, route.rules,
        route.target, trample, tuple(order_given) if ordered and order_given else None,
        ordered, perm.controller if ordered else None, route.free_reason, route.unb,
    )
    return src, route.pw_controller


def _attacker_route(f: _StepFacts, cid: str, perm: Permanent,
                    trample: bool) -> Union[Silent, _Route]:
    """An attacker's recipients: what it attacks (510.1b), its blockers (510.1c), past
    them with trample (702.19b-f), never a player who has left the game (800.4e); and who
    assigns (banding 702.22j, Defensive Formation)."""
    board, bound, ed = f.board, f.bound, f.ed

    def why(code: str, rule: str, **params) -> Silent:
        return Silent(cid, rule, reason(code, rule, (cid,), creature=cid, **params))
    top = _has(bound, cid, "trample over planeswalkers")
    target = f.attacks[cid]
    aimed: Optional[str] = target  # what it attacks (None: gone, 506.4c)
    creatures = tuple(sorted(f.blockers_of[cid], key=f.place.__getitem__))
    tgt_perm = board.permanent(target) if target not in board.player_names else None
    pw_controller = (
        tgt_perm.controller if tgt_perm is not None and tgt_perm.is_planeswalker else None
    )
    direct: tuple[str, ...] = (target,)
    gone = cid in f.target_left
    if gone:
        # 506.4c: it attacks nothing; 702.19e-f: only trample over planeswalkers
        # reaches the player whose planeswalker it attacked.
        direct = (pw_controller,) if top and pw_controller is not None else ()
        aimed = None
    elif top and pw_controller is not None:
        direct = (target, pw_controller)  # 702.19c
    blocked = f.is_blocked[cid]
    if f.left and any(d in f.left for d in direct):
        # 800.4e: combat damage to a player who has left the game isn't assigned.
        direct = tuple(d for d in direct if d not in f.left)
        if not direct and not blocked:
            return why("silent.player_left", "800.4e", player=f.attacks[cid])
    if not blocked and gone and not direct:
        return why("silent.target_left", "510.1b", walker=pw_controller is not None)
    unb: Optional[tuple[str, ...]] = None
    if blocked and direct and any(
            inst.holder == cid and inst.ability.forced
            for inst in bound.of_type(A.AssignAsThoughUnblocked)):
        # "X target blocked creatures assign their combat damage this turn as though
        # they weren't blocked" (Outmaneuver): no choice -- all of it to what it attacks,
        # none to its blockers (510.1c's "as though" instruction, 510.1b)
        recips, rules = direct, ("510.1c",)
        creatures = ()
    elif not blocked:
        recips, rules = direct, ("702.19e" if gone else "510.1b",)
        creatures = ()
    elif not creatures:
        if trample and direct:
            recips, rules = direct, ("702.19e" if gone else "702.19d",)
        elif trample:
            r = "702.19f" if pw_controller is not None else "506.4c"
            return why("silent.nowhere", r)
        else:
            r = ed.attacker_division
            return why("silent.blockers_gone", r)
    else:
        recips = creatures + (direct if trample else ())
        rules = (ed.attacker_division,) + (("702.19b",) if trample and direct else ())
        rules += ("702.19e",) if gone and trample and direct else ()
        # With what it attacked gone, "as though it weren't blocked" would assign
        # nothing (510.1b): that choice deals no damage and is not listed.
        if cid in f.unblocked_option and direct:
            unb = direct
    route = _Route(recips, rules, creatures, perm.controller, "510.1", None, aimed, unb,
                   pw_controller)
    blockers = [board.permanent(b) for b in creatures]
    if creatures and _bands_pair(bound, blockers):
        route.assigner = blockers[0].controller
        route.arule = route.free_reason = "702.22j"
    elif aimed is not None and aimed in f.df_players:
        # Card text (Defensive Formation): the defending player assigns (510.1c).
        route.assigner, route.arule = aimed, ed.attacker_division
        route.free_reason = "text"
    return route


def _blocker_route(f: _StepFacts, cid: str, perm: Permanent) -> _Route:
    """A blocker's recipients: the creatures it blocks (510.1d); who assigns (702.22k)."""
    creatures = tuple(sorted(f.blocks[cid], key=f.place.__getitem__))
    route = _Route(creatures, (f.ed.division("blocker"),), creatures, perm.controller, "510.1")
    atts = [f.board.permanent(a) for a in creatures]
    if _bands_pair(f.bound, atts):
        route.assigner = atts[0].controller
        route.arule = route.free_reason = "702.22k"
    return route


def _conditions(f: _StepFacts, src: Source, pw_controller: Optional[str]) -> list[Condition]:
    """The conditions on a source's assignment: the damage assignment order (2024,
    509.2, old 510.1c-d), trample's lethal damage first (702.19b), trample over
    planeswalkers' loyalty first (702.19c)."""
    out: list[Condition] = []
    cid, creatures, recips = src.id, src.creatures, src.recipients
    div = f.ed.division(src.role)
    if src.ordered:
        if src.order is not None:
            for i, c in enumerate(src.order):
                if i:
                    out.append(NeedsLethal(cid, c, src.order[:i], div))
        else:
            out.append(AtMostOneShort(cid, creatures, div))
    if src.role == "attacker" and creatures and src.trample:
        # 702.19b: nothing past the blockers until all are assigned lethal damage.
        for r in recips:
            if r not in creatures:
                out.append(NeedsLethal(cid, r, creatures, "702.19b"))
    top = _has(f.bound, cid, "trample over planeswalkers")
    if src.role == "attacker" and top and pw_controller is not None and src.target is not None:
        for mode, rs in (("normal", recips), ("unblocked", src.unblocked_recipients or ())):
            if pw_controller in rs:
                out.append(NeedsLoyalty(cid, pw_controller, src.target, "702.19c", mode))
    return out


# ---------------------------------------------------------------------------
# Evaluating one assignment
# ---------------------------------------------------------------------------


def normalise(step: DamageStep, assignment: Mapping) -> dict[str, dict[str, int]]:
    """Validate ids and amounts (unknown ids and malformed amounts are bad input:
    :class:`BoardError`) and drop zero amounts."""
    b = step.board
    out: dict[str, dict[str, int]] = {}
    if not isinstance(assignment, Mapping):
        raise BoardError(reason("error.assignment_not_object"))
    for s, division in assignment.items():
        if not isinstance(s, str) or not b.has_object(s) or s in b.player_names:
            raise BoardError(reason("error.assignment_source", None, (), source=repr(s),
                                    closest=closest(s, [p.id for p in b.permanents])))
        if not isinstance(division, Mapping):
            raise BoardError(reason("error.assignment_division", None, (s,), source=s))
        d: dict[str, int] = {}
        for r, n in division.items():
            if not isinstance(r, str) or not b.has_object(r):
                raise BoardError(reason("error.assignment_recipient", None, (s,), source=s,
                                        recipient=repr(r), closest=closest(
                                            r, [p.id for p in b.permanents] + list(
                                                b.player_names))))
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise BoardError(reason("error.assignment_amount", None, (s, r), source=s,
                                        recipient=r, amount=_as_json(n)))
            if n:
                d[r] = n
        out[s] = d
    return out


def _as_json(value) -> str:
    """A value as the JSON it was read from (``true``, ``1.5``, ``"2"``), for messages."""
    import json

    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def covered_players(step: DamageStep, assignment: Mapping[str, Mapping[str, int]]) -> set[str]:
    """The players whose whole assignment this is (510.1e): those assigning a source in it."""
    out = set()
    for s in assignment:
        if s in step.sources:
            out.add(step.sources[s].assigner)
        else:
            try:
                out.add(step.board.permanent(s).controller)
            except KeyError:
                pass
    return out


def damage_to(step: DamageStep, assignment: Mapping[str, Mapping[str, int]],
              sources: Sequence[Source], rid: str) -> int:
    return sum(assignment.get(s.id, {}).get(rid, 0) for s in sources)


def is_lethal(step: DamageStep, assignment: Mapping[str, Mapping[str, int]],
              visible: Sequence[Source], cid: str) -> bool:
    """Whether creature ``cid`` is assigned lethal damage by the visible sources
    (120.6, 702.2c, old 510.1c, 702.19b)."""
    total = 0
    for s in visible:
        n = assignment.get(s.id, {}).get(cid, 0)
        if n and s.deathtouch:
            return True
        total += n
    return total >= step.recipients[cid].threshold  # type: ignore[operator]


def source_mode(step: DamageStep, s: Source, division: Mapping[str, int]) -> str:
    """"unblocked" when the creature may assign as though it weren't blocked and the
    division puts nothing on a creature. That mode only ever has weaker conditions than
    the normal one (no lethal damage needed on blockers), so it is the one to judge."""
    if s.unblocked_recipients is not None and set(division) <= set(s.unblocked_recipients):
        return "unblocked"
    return "normal"


def _condition_violations(
    step: DamageStep, assignment: Mapping[str, Mapping[str, int]], s: Source, mode: str,
    visible: Sequence[Source],
) -> list[DamageViolation]:
    out: list[DamageViolation] = []
    div = assignment.get(s.id, {})
    for c in step.conditions_of(s.id):
        if isinstance(c, NeedsLethal):
            if c.mode != mode or not div.get(c.recipient):
                continue
            for b in c.before:
                if not is_lethal(step, assignment, visible, b):
                    have = damage_to(step, assignment, visible, b)
                    # 702.2c: from a source with deathtouch, 1 is lethal damage.
                    need = 1 if s.deathtouch else step.recipients[b].threshold
                    code = "damage.trample_short" if c.rule == "702.19b" else "damage.order_short"
                    out.append(DamageViolation(c.rule, reason(
                        code, c.rule, (s.id, b, c.recipient), source=s.id, blocker=b,
                        recipient=c.recipient, amount=div[c.recipient], have=have, need=need,
                        deathtouch=s.deathtouch), (s.id, b, c.recipient)))
        elif isinstance(c, NeedsLoyalty):
            if c.mode != mode or not div.get(c.recipient):
                continue
            have = damage_to(step, assignment, visible, c.planeswalker)
            need = step.recipients[c.planeswalker].threshold
            if have < (need or 0):
                out.append(DamageViolation(c.rule, reason(
                    "damage.loyalty_short", c.rule, (s.id, c.planeswalker, c.recipient),
                    source=s.id, walker=c.planeswalker, recipient=c.recipient, have=have,
                    need=need), (s.id, c.planeswalker, c.recipient)))
        elif isinstance(c, AtMostOneShort):
            if mode != "normal":
                continue
            short = [
                x for x in c.creatures
                if div.get(x) and not is_lethal(step, assignment, visible, x)
            ]
            if len(short) > 1:
                out.append(DamageViolation(c.rule, reason(
                    "damage.two_short", c.rule, (s.id, *short), source=s.id,
                    short=tuple((x, damage_to(step, assignment, visible, x),
                                 1 if s.deathtouch else step.recipients[x].threshold)
                                for x in short),
                    order_rule=step.edition.order_rule(s.role)), (s.id, *short)))
    return out


def evaluate(
    step: DamageStep, assignment: Mapping[str, Mapping[str, int]],
    players: Optional[Sequence[str]] = None,
) -> list[DamageViolation]:
    """Every violation of the normalised ``assignment``, judged as the whole assignment
    of ``players`` (default: every player who assigns in the step; 510.1e). Sources of
    other players are taken as they stand in ``assignment`` (usually absent: no damage)."""
    players = list(step.players if players is None else players)
    out: list[DamageViolation] = []
    # Sources in the assignment that deal no damage in this step.
    for sid, div in assignment.items():
        if sid in step.sources:
            continue
        if not div:
            continue
        if sid in step.silent:
            si = step.silent[sid]
            out.append(DamageViolation(si.rule, reason(
                "damage.silent", si.rule, (sid,), why=si.why), (sid,)))
        else:
            out.append(DamageViolation("510.1", reason(
                "damage.not_in_combat", "510.1", (sid,), creature=sid), (sid,)))
    for p in players:
        visible = step.visible_sources(p)
        for s in step.sources_of(p):
            out += _source_violations(step, assignment, s, visible)
    return out


def source_violations(step: DamageStep, assignment: Mapping[str, Mapping[str, int]],
                      source: str) -> list[DamageViolation]:
    """The violations of one source's division in ``assignment`` (its recipients, its
    total, its conditions), the damage of the sources its assigner sees (510.1) taken
    as they stand in ``assignment``."""
    s = step.sources[source]
    return _source_violations(step, assignment, s, step.visible_sources(s.assigner))


def _source_violations(step: DamageStep, assignment: Mapping[str, Mapping[str, int]],
                       s: Source, visible: Sequence[Source]) -> list[DamageViolation]:
    out: list[DamageViolation] = []
    div = {r: n for r, n in assignment.get(s.id, {}).items() if n}
    mode = source_mode(step, s, div)
    allowed = s.unblocked_recipients if mode == "unblocked" else s.recipients
    bad = [r for r in div if r not in (allowed or ())]
    for r in bad:
        reach = tuple(x for x in s.recipients if x not in s.creatures)
        if s.role == "attacker" and not s.creatures:
            where = "unblocked" if s.target is not None else "target_left"
        elif s.role == "attacker":
            where = "blocked"
        else:
            where = "blocking"
        out.append(DamageViolation(s.rules[0], reason(
            "damage.bad_recipient", s.rules[0], (s.id, r), source=s.id, recipient=r,
            where=where, target=s.target, reach=reach, trample=s.trample,
            rules=s.rules), (s.id, r)))
    total = sum(div.values())
    if total != s.power:
        out.append(DamageViolation("510.1a", reason(
            "damage.wrong_total", "510.1a", (s.id,), source=s.id, total=total,
            power=s.power), (s.id,)))
    if bad:
        return out
    out += _condition_violations(step, assignment, s, mode, visible)
    return out


def order_witness(
    step: DamageStep, assignment: Mapping[str, Mapping[str, int]],
) -> dict[str, list[str]]:
    """"2024": for each source whose order the board leaves open, an order in which the
    (legal) assignment obeys old 510.1c-d: lethal creatures first, then the one assigned
    damage short of lethal, then the rest."""
    out: dict[str, list[str]] = {}
    for s in step.sources.values():
        if not s.ordered or s.order is not None:
            continue
        visible = step.visible_sources(s.assigner)
        div = assignment.get(s.id, {})
        lethal = [c for c in s.creatures if is_lethal(step, assignment, visible, c)]
        short = [c for c in s.creatures if c not in lethal and div.get(c)]
        rest = [c for c in s.creatures if c not in lethal and c not in short]
        out[s.id] = lethal + short + rest
    return out


# ---------------------------------------------------------------------------
# Outcomes and objectives
# ---------------------------------------------------------------------------


def dealt(step: DamageStep, assignment: Mapping[str, Mapping[str, int]],
          sources: Sequence[Source], cid: str) -> tuple[int, bool]:
    """(damage dealt to creature ``cid`` by ``sources``, whether a deathtouch source dealt
    some), after protection (702.16e)."""
    total, dt = 0, False
    for s in sources:
        n = assignment.get(s.id, {}).get(cid, 0)
        if n and not step.prevented.get((s.id, cid), False):
            total += n
            dt = dt or s.deathtouch
    return total, dt


def destroyed_by(step: DamageStep, assignment: Mapping[str, Mapping[str, int]],
                 player: str) -> list[str]:
    """What ``player``'s assignment destroys: it deals damage to it, and with the damage
    visible to that player (its own and that of players who assign before, 510.1)

    * a creature has lethal damage (120.6, 704.5g) or damage from a deathtouch source
      (702.2b, 704.5h) -- never an indestructible one (702.12b);
    * a planeswalker is dealt damage at least equal to its loyalty, so it has loyalty 0
      (120.3c, 306.8) and is put into its owner's graveyard (704.5i);
    * a battle is dealt damage at least equal to its defense, so it has defense 0 (120.3h,
      310.6) and leaves the battlefield (704.5v; a Siege is exiled by its own trigger,
      310.12b / 310.11b in 2024).

    Indestructible doesn't save a planeswalker or battle: 704.5i and 704.5v don't destroy.
    (Prevention other than protection on creatures is not modelled, 510.1e.)"""
    visible = step.visible_sources(player)
    mine = step.sources_of(player)
    out = []
    for rid, r in step.recipients.items():
        if r.kind == "player":
            continue
        own, _ = dealt(step, assignment, mine, rid)
        if not own:
            continue
        total, dt = dealt(step, assignment, visible, rid)
        if r.kind == "creature" and r.indestructible:
            # 704.5f: -1/-1 counters (infect, wither, 120.3d) bringing its toughness to 0
            # put it into its owner's graveyard: not a destruction, so indestructible
            # doesn't stop it (702.12b).
            counters = counter_sources(step, rid)
            if dealt(step, assignment, [s for s in visible if s.id in counters],
                     rid)[0] >= (r.toughness or 0):
                out.append(rid)
        elif r.kind == "creature":
            if dt or r.marked + total >= (r.toughness or 0):
                out.append(rid)
        elif total >= (r.threshold or 0):
            out.append(rid)
    return sorted(out)


def counter_sources(step: DamageStep, cid: str) -> frozenset[str]:
    """The sources whose damage to creature ``cid`` is dealt as -1/-1 counters (infect,
    wither; 120.3d), as :func:`mtgcombat.rules.results.results` has it."""
    cache = step.__dict__.setdefault("_counter_sources", {})
    hit = cache.get(cid)
    if hit is None:
        from .results import Dealt, results

        hit = frozenset(s.id for s in step.sources.values() if cid in s.all_recipients
                        and results(step.board, step.bound, [Dealt(s.id, cid, 1)]).minus)
        cache[cid] = hit
    return hit


def damage_dealt_to(step: DamageStep, assignment: Mapping[str, Mapping[str, int]],
                    player: str) -> dict[str, int]:
    """Damage ``player``'s assignment deals to players, planeswalkers and battles: all
    it assigns to them except what is prevented (615, 702.16e); what the answers report
    as ``damage_to``."""
    out: dict[str, int] = {}
    for s in step.sources_of(player):
        for r, n in assignment.get(s.id, {}).items():
            if n and step.recipients[r].kind != "creature" and \
                    not step.prevented.get((s.id, r), False):
                out[r] = out.get(r, 0) + n
    return dict(sorted(out.items()))


def effective_damage(step: DamageStep, assignment: Mapping[str, Mapping[str, int]],
                     player: str) -> dict[str, int]:
    """The damage ``player``'s assignment assigns to players, planeswalkers and battles
    that has an effect, what objectives count: all of it to a player (120.3a-b); to a
    planeswalker or battle only what its loyalty or defense can take (120.3c, 120.3h):
    what is left of it after the damage of players who assign before (510.1), up to
    which this player's damage removes counters, the rest is wasted (120.4a's "excess
    damage", with no effect that redirects it)."""
    raw = damage_dealt_to(step, assignment, player)
    out: dict[str, int] = {}
    rank = step.rank(player)
    earlier = [s for s in step.visible_sources(player) if step.rank(s.assigner) < rank]
    for rid, n in raw.items():
        r = step.recipients[rid]
        if r.kind == "player":
            out[rid] = n
            continue
        left = max(0, (r.threshold or 0) - dealt(step, assignment, earlier, rid)[0])
        out[rid] = min(n, left)
    return out


@dataclass(frozen=True)
class Term:
    """A linear score, to maximise: a weight per creature, planeswalker or battle
    destroyed (``destroyed``, see :func:`destroyed_by`) and per point of damage that has
    an effect on a player, planeswalker or battle (``damage``, see
    :func:`effective_damage`: never more than a planeswalker's loyalty or a battle's
    defense). Damage to creatures is counted only through ``destroyed``. An objective is
    a tuple of terms compared lexicographically (first term first)."""

    destroyed: Mapping[str, int] = field(default_factory=dict)
    damage: Mapping[str, int] = field(default_factory=dict)


Objective = tuple[Term, ...]


def default_objective(step: DamageStep, player: str) -> Objective:
    """What "best" means unless told otherwise, for ``player`` (who assigns):

    1. the most opposing creatures destroyed (opposing: controlled by a player who is
       not ``player`` or a teammate);
    2. then the most damage that has an effect on opposing players, planeswalkers and
       battles (a battle counts for the player who protects it): all damage to a player,
       to a planeswalker or battle at most the loyalty or defense it has left -- excess
       damage to a planeswalker is wasted, never worth more than that dealt to a player;
    3. then the fewest of one's own (and teammates') creatures destroyed;
    4. then the least such damage to one's own side.

    A planeswalker or battle dealt damage equal to its loyalty or defense is destroyed
    (704.5i, 704.5v) and listed as such in the answers, but does not rank with
    creatures: destroying it is worth exactly the damage it takes (term 2). So 5 damage
    to the opposing player beats 3 that destroy a loyalty-3 planeswalker."""
    b = step.board
    opp_c: dict = {}
    own_c: dict = {}
    opp_d: dict = {}
    own_d: dict = {}
    for rid, r in step.recipients.items():
        foe = not b.teammates(r.controller, player)
        if r.kind == "creature":
            (opp_c if foe else own_c)[rid] = 1 if foe else -1
        else:
            (opp_d if foe else own_d)[rid] = 1 if foe else -1
    return (Term(destroyed=opp_c), Term(damage=opp_d), Term(destroyed=own_c), Term(damage=own_d))


#: What library callers pass as ``objective``: for a step and the player who assigns,
#: that player's :data:`Objective`.
ObjectiveFn = Callable[[DamageStep, str], Objective]


def protecting(*creatures: str) -> ObjectiveFn:
    """An objective: destroy as few of ``creatures`` as possible, then
    :func:`default_objective`. For instance the defending player assigning an attacker's
    damage under banding (702.22j) who wants one blocker to survive, or an attacker who
    means to keep a blocker alive."""
    keep = {c: -1 for c in creatures}

    def objective(step: DamageStep, player: str) -> Objective:
        return (Term(destroyed=keep),) + default_objective(step, player)

    return objective


def player_damage_first(step: DamageStep, player: str) -> Objective:
    """An objective: the most damage to opposing players (not planeswalkers or battles)
    first, then :func:`default_objective`."""
    foes = {p: 1 for p in step.board.player_names if not step.board.teammates(p, player)}
    return (Term(damage=foes),) + default_objective(step, player)


def score(step: DamageStep, assignment: Mapping[str, Mapping[str, int]], player: str,
          objective: Objective) -> tuple[int, ...]:
    dest = set(destroyed_by(step, assignment, player))
    dmg = effective_damage(step, assignment, player)
    return tuple(
        sum(w for c, w in t.destroyed.items() if c in dest)
        + sum(w * dmg.get(r, 0) for r, w in t.damage.items())
        for t in objective
    )
