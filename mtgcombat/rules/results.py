"""What combat damage does: prevention, the results of damage, state-based actions.

Given a board and one combat damage step's whole assignment (510.1), this module
decides, as data:

* which assigned damage is dealt and which is prevented (615; protection 702.16e;
  "prevent all combat damage" effects; "damage can't be prevented" 615.12);
* the results of the damage dealt, all at once (510.2, 120.3): life lost (120.3a),
  poison counters from infect (120.3b) and toxic (120.3g, 702.164c), loyalty and
  defense counters removed (120.3c, 120.3h), damage marked (120.3e) or -1/-1 counters
  from wither and infect (120.3d, 702.80a, 702.90c), life gained through lifelink
  (120.3f, 702.15b); in a Two-Headed Giant game on the team's shared life and poison
  (810.9, 810.10);
* the state-based actions that follow (704.5): players at 0 life or 10 poison lose
  (704.5a, 704.5c; a team at 15 poison, 704.6b, 810.8c-d); creatures with toughness
  0 or less (704.5f), lethal damage (704.5g) or damage from a deathtouch source
  (704.5h, 702.2b) -- not destroyed if indestructible (702.12b); planeswalkers at 0
  loyalty (704.5i); battles at 0 defense (704.5v) unless the source of a pending
  trigger -- a Siege's own "when the last defense counter is removed" trigger
  (:attr:`~mtgcombat.editions.Edition.siege_trigger`) keeps it, *defeated*; +1/+1 and
  -1/-1 counters cancel (704.5q); Auras attached to nothing go (704.5m), Equipment
  becomes unattached (704.5n); in a multiplayer game a player who loses leaves with
  what they own (800.4a). Repeated until nothing more happens (704.3).

The result is a new board (the damage, counters, life and poison on it, the permanents
that left gone) and the events, each with its rule. No words; no solver.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Collection, Mapping, Optional, Sequence

from .bind import Bound
from .combat_abilities import KeywordN
from .model import Board, Effect, Permanent
from .prevention import prevention_rule
from .statics import cant_get_poison, cant_lose, lethal_by_power, lethal_limit, no_minus_counters


# -- dealing damage ----------------------------------------------------------------------


@dataclass(frozen=True)
class Dealt:
    """Damage dealt (510.2): ``amount`` from ``source`` to ``to``."""

    source: str
    to: str
    amount: int


@dataclass(frozen=True)
class Prevented:
    """Damage assigned but prevented, and the rule that prevented it."""

    source: str
    to: str
    amount: int
    rule: str


def deal(board: Board, bound: Bound, assignment: Mapping[str, Mapping[str, int]],
         rules: Optional[dict] = None) -> tuple[list[Dealt], list[Prevented]]:
    """The damage an assignment deals, and what is prevented (615, 702.16e). ``rules``:
    a cache of :func:`prevention_rule` by (source, recipient), kept across calls on the
    same board."""
    dealt, prevented = [], []
    for s in sorted(assignment):
        for r, n in sorted(assignment[s].items()):
            if n <= 0:
                continue
            if rules is None:
                rule = prevention_rule(board, bound, s, r)
            else:
                if (s, r) not in rules:
                    rules[(s, r)] = prevention_rule(board, bound, s, r)
                rule = rules[(s, r)]
            if rule is None:
                dealt.append(Dealt(s, r, n))
            else:
                prevented.append(Prevented(s, r, n, rule))
    return dealt, prevented


def toxic_value(bound: Bound, pid: str) -> int:
    """The poison counters each combat damage the creature deals to a player gives, on
    top of infect: the sum of the N of every toxic ability it has (702.164b) and of every
    poisonous ability (702.70a-b: each instance triggers). Poisonous is a triggered
    ability that resolves after the step's state-based actions (603.3, 704.3); it is
    applied with the damage's results here, which decides the same -- a player with
    poison counters to lose by loses at the next check either way."""
    return sum(inst.ability.n for inst in bound.held_by(pid, KeywordN)  # type: ignore[union-attr]
               if inst.ability.name in ("toxic", "poisonous"))  # type: ignore[union-attr]


@dataclass
class Results:
    """What damage did (120.3), before the state-based actions."""

    life: dict[str, int] = field(default_factory=dict)  # player -> life change
    poison: dict[str, int] = field(default_factory=dict)  # player -> poison counters given
    gained: dict[str, int] = field(default_factory=dict)  # player -> life gained (lifelink)
    marked: dict[str, int] = field(default_factory=dict)  # creature -> damage marked
    minus: dict[str, int] = field(default_factory=dict)  # creature -> -1/-1 counters
    loyalty: dict[str, int] = field(default_factory=dict)  # planeswalker -> counters removed
    defense: dict[str, int] = field(default_factory=dict)  # battle -> counters removed
    deathtouched: set[str] = field(default_factory=set)
    damaged: dict[str, int] = field(default_factory=dict)  # player -> damage dealt to them


def results(board: Board, bound: Bound, dealt: Sequence[Dealt]) -> Results:
    """The results of damage dealt simultaneously (510.2, 120.3)."""
    out = Results()
    for d in dealt:
        src = board.permanent(d.source)
        infect = bound.has_keyword(d.source, "infect")
        wither = bound.has_keyword(d.source, "wither")
        if d.to in board.player_names:
            _add(out.damaged, d.to, d.amount)  # damage dealt this turn, as the board records it
            # "You can't get poison counters" (Melira): none from infect, toxic, poisonous.
            immune = cant_get_poison(bound, d.to)
            if infect:
                if not immune:
                    _add(out.poison, d.to, d.amount)  # 120.3b, 702.90b
            else:
                _add(out.life, d.to, -d.amount)  # 120.3a
            tox = toxic_value(bound, d.source)
            if tox and not immune:
                _add(out.poison, d.to, tox)  # 120.3g, 702.164c (combat damage); 702.70a
        else:
            rec = board.permanent(d.to)
            if rec.is_creature:
                if infect or wither:
                    if not no_minus_counters(bound, d.to):  # 122.1: none can be put on it
                        _add(out.minus, d.to, d.amount)  # 120.3d
                else:
                    _add(out.marked, d.to, d.amount)  # 120.3e
                if bound.has_keyword(d.source, "deathtouch"):
                    out.deathtouched.add(d.to)  # 702.2b
            if rec.is_planeswalker:
                _add(out.loyalty, d.to, d.amount)  # 120.3c
            if rec.is_battle:
                _add(out.defense, d.to, d.amount)  # 120.3h
        if bound.has_keyword(d.source, "lifelink"):
            _add(out.gained, src.controller, d.amount)  # 120.3f, 702.15b
    return out


def _add(m: dict, k: str, v: int) -> None:
    m[k] = m.get(k, 0) + v


def applied(board: Board, res: Results) -> Board:
    """The board with the results of damage on it. Power and toughness are current
    values: -1/-1 counters lower both (122.1a). In a Two-Headed Giant game life and
    poison are the team's (810.9, 810.10): every member shows the team's total."""
    life = {p.name: p.life for p in board.players}
    poison = {p.name: p.poison for p in board.players}
    for who, delta in list(res.life.items()) + list(res.gained.items()):
        for p in _team(board, who):
            life[p] += delta
    for who, n in res.poison.items():
        for p in _team(board, who):
            poison[p] += n
    # Every other record of a player stays (hand, graveyard, spells cast ...); damage
    # dealt to a player this turn grows where the board records it (120.3).
    players = tuple(replace(p, life=life[p.name], poison=poison[p.name],
                            damage_taken=(p.damage_taken + res.damaged.get(p.name, 0)
                                          if p.damage_taken is not None else None))
                    for p in board.players)
    perms = []
    for p in board.permanents:
        changes: dict = {}
        if p.id in res.marked:
            changes["damage"] = p.damage + res.marked[p.id]
        if p.id in res.minus:
            n = res.minus[p.id]
            counters = dict(p.counters)
            counters["-1/-1"] = counters.get("-1/-1", 0) + n
            changes["counters"] = counters
            changes["power"] = (p.power or 0) - n
            changes["toughness"] = (p.toughness or 0) - n
        if p.id in res.loyalty:
            changes["loyalty"] = (p.loyalty or 0) - res.loyalty[p.id]
        if p.id in res.defense:
            changes["defense"] = (p.defense or 0) - res.defense[p.id]
        perms.append(_replace(p, **changes) if changes else p)
    return board.derive(players=players, permanents=tuple(perms))


@dataclass(frozen=True)
class Outcome:
    """What a last combat damage step leaves, without the board: the creatures the
    state-based actions remove, life and poison, the players who have lost."""

    gone: frozenset[str]
    life: Mapping[str, int]
    poison: Mapping[str, int]
    lost: frozenset[str]


#: What :func:`outcome` reads of a :class:`Results`, and which way each entry works for
#: whom it is about (a player, or a creature's controller): +1 more is better for them, -1
#: more is worse. ``outcome`` is monotone in every one (more damage, -1/-1 counters or
#: deathtouch never saves a creature, more life never makes a player lose, more poison
#: never saves one) and decides each creature's fate from that creature's own entries
#: (704.5f-h), besides 800.4a for a player who lost. ``questions/game.py`` prunes by these
#: facts; ``tests/test_decisions_model.py`` checks them. Change them together.
OUTCOME_FIELDS: Mapping[str, int] = {"life": 1, "gained": 1, "poison": -1, "marked": -1,
                                     "minus": -1, "deathtouched": -1}


def outcome(board: Board, bound: Bound, res: Results, lost_before: Sequence[str] = ()
            ) -> Outcome:
    """The same decisions as :func:`applied` then :func:`state_based` make about
    creatures and players (704.5a, c, f, g, h; 704.6b; 800.4a), computed directly: for
    a step after which nothing else happens, where only its result counts."""
    life = {p.name: p.life for p in board.players}
    poison = {p.name: p.poison for p in board.players}
    for who, delta in list(res.life.items()) + list(res.gained.items()):
        for p in _team(board, who):
            life[p] += delta
    for who, n in res.poison.items():
        for p in _team(board, who):
            poison[p] += n
    teams = {p.team for p in board.players if p.team}
    gone = set()
    for p in board.permanents:
        if not p.is_creature:
            continue
        minus = res.minus.get(p.id, 0)
        t = (p.toughness or 0) - minus
        indestructible = bound.has_keyword(p.id, "indestructible")
        if t <= 0:
            gone.add(p.id)
        # 120.6, 704.5g: lethal by toughness, or by power (Zilortha, at least 1)
        lethal = max(1, (p.power or 0) - minus) if lethal_by_power(bound, p.id) else t
        if t > 0 and not indestructible and (p.damage + res.marked.get(p.id, 0) >= lethal
                                             or p.id in res.deathtouched):
            gone.add(p.id)
    lost = set()
    for p in board.players:
        if p.name in lost_before:
            continue
        limit = 15 if p.team is not None and teams else 10
        # not a player who can't lose (104.3b, 104.3d) while what says so stays: the
        # state-based actions are checked again once it has left (704.3)
        if (life[p.name] <= 0 and not cant_lose(bound, p.name, "life", gone)) or (
                poison[p.name] >= limit and not cant_lose(bound, p.name, "poison", gone)):
            lost.add(p.name)
    # 810.8a: a team loses together.
    lost |= {m for name in lost for m in _team(board, name) if m not in lost_before}
    if len(board.players) > 2 and not teams:
        gone |= {p.id for p in board.permanents if p.controller in lost and p.is_creature}
    return Outcome(frozenset(gone), life, poison, frozenset(lost))


def _team(board: Board, player: str) -> list[str]:
    """A player and, in a team game, the teammates who share life and poison."""
    return [p for p in board.player_names if board.teammates(p, player)]


def _replace(p: Permanent, **changes) -> Permanent:
    from dataclasses import replace

    return replace(p, **changes)


def already_lost(board: Board, bound: Optional[Bound] = None) -> dict[str, str]:
    """The players the board shows as having lost already (704.5a: 0 or less life;
    704.5c: ten or more poison counters; a Two-Headed Giant team's 704.6a-b), each with
    its rule: state-based actions would have ended their game before this combat -- but
    for a player who can't lose the game (Platinum Angel on ``bound``, 104.3b, 104.3d)."""
    teams = {p.team for p in board.players if p.team}
    out: dict[str, str] = {}
    for p in board.players:
        team = p.team is not None and bool(teams)
        if p.life <= 0 and not (bound is not None and cant_lose(bound, p.name, "life")):
            out[p.name] = "704.6a" if team else "704.5a"
        elif p.poison >= (15 if team else 10) and not (
                bound is not None and cant_lose(bound, p.name, "poison")):
            out[p.name] = "704.6b" if team else "704.5c"
    return out


# -- state-based actions (704) ----------------------------------------------------------


@dataclass
class StateBased:
    """What the state-based actions did: permanents put into graveyards (id -> rule),
    battles defeated but kept by their pending trigger, players who lost (-> rule)."""

    gone: dict[str, str] = field(default_factory=dict)
    defeated: list[str] = field(default_factory=list)
    lost: dict[str, str] = field(default_factory=dict)


def state_based(board: Board, bound: Bound, deathtouched: set[str], defeated_now: set[str],
                lost_before: Sequence[str] = ()) -> tuple[Board, StateBased]:
    """Perform the state-based actions until none applies (704.3). ``defeated_now``:
    battles whose last defense counter this damage removed (a Siege's own trigger is
    pending for them). Returns the board without what left and what happened."""
    out = StateBased()
    before = board
    teams = {board.player(p).team for p in board.player_names if board.player(p).team}
    while True:
        # What attackers that attack nothing any more were declared to attack (506.4c):
        # the board keeps it as it was; it is not on the battlefield.
        ghosts = {(board.attacks or {}).get(a) for a in (board.target_left or ())}
        _players_lose(board, bound, out, teams, lost_before)
        _permanents_go(board, bound, out, ghosts, deathtouched, defeated_now)
        _leaving_players_take_theirs(board, out, teams)
        _auras_fall_off(board, out)
        remaining, changed = _what_remains(board, out, ghosts)
        if not changed:
            break
        board = _without(board, remaining, set(out.gone))
        deathtouched = deathtouched - set(out.gone)
    return _deaths_recorded(before, board, out), out


def _players_lose(board: Board, bound: Bound, out: StateBased, teams: set,
                  lost_before: Sequence[str]) -> None:
    """704.5a (0 or less life), 704.5c (ten poison counters); Two-Headed Giant: the
    team's (704.6a-b, 810.8c-d), and a team loses together (810.8a): every player of it
    is listed. Not a player who can't lose while what says so is there (104.3b, 104.3d)."""
    for p in board.players:
        if p.name in out.lost or p.name in lost_before:
            continue
        team = p.team is not None and bool(teams)
        if p.life <= 0 and not cant_lose(bound, p.name, "life", out.gone):
            out.lost[p.name] = "704.6a" if team else "704.5a"
        elif p.poison >= (15 if team else 10) and not cant_lose(bound, p.name, "poison",
                                                                out.gone):
            out.lost[p.name] = "704.6b" if team else "704.5c"
    for name, rule in list(out.lost.items()):
        for mate in _team(board, name):
            if mate not in out.lost and mate not in lost_before:
                out.lost[mate] = rule


def _permanents_go(board: Board, bound: Bound, out: StateBased, ghosts: set,
                   deathtouched: set[str], defeated_now: set[str]) -> None:
    """704.5f (toughness 0 or less: not a destruction, indestructible can't help),
    704.5g (lethal damage), 704.5h (deathtouch damage), 704.5i (a planeswalker with no
    loyalty), 704.5v (a battle with no defense; a Siege whose own trigger is pending
    stays)."""
    for p in board.permanents:
        if p.id in out.gone or p.id in ghosts:
            continue
        if p.is_creature:
            t = p.toughness or 0
            indestructible = bound.has_keyword(p.id, "indestructible")
            if t <= 0:
                out.gone[p.id] = "704.5f"
            elif p.damage >= lethal_limit(bound, p) and not indestructible:
                out.gone[p.id] = "704.5g"
            elif p.id in deathtouched and not indestructible:
                out.gone[p.id] = "704.5h"
        if p.id not in out.gone and p.is_planeswalker and (p.loyalty or 0) <= 0:
            out.gone[p.id] = "704.5i"
        if p.id not in out.gone and p.is_battle and (p.defense or 0) <= 0:
            if p.types.has("Siege") and p.id in defeated_now:
                if p.id not in out.defeated:
                    out.defeated.append(p.id)  # its own trigger is pending (704.5v)
            else:
                out.gone[p.id] = "704.5v"


def _leaving_players_take_theirs(board: Board, out: StateBased, teams: set) -> None:
    """800.4a: in a multiplayer game a player who loses leaves, with what they own."""
    if len(board.players) > 2 and not teams:
        for name in out.lost:
            for p in board.permanents:
                if p.controller == name and p.id not in out.gone:
                    out.gone[p.id] = "800.4a"


def _auras_fall_off(board: Board, out: StateBased) -> None:
    """704.5m: an Aura attached to nothing legal (what it enchanted left) goes."""
    gone_now = set(out.gone)
    for p in board.permanents:
        if p.id in gone_now or p.attached_to is None or p.attached_to not in gone_now:
            continue
        if p.types.has("Aura"):
            out.gone[p.id] = "704.5m"


def _what_remains(board: Board, out: StateBased, ghosts: set
                  ) -> tuple[list[Permanent], bool]:
    """The permanents that stay, and whether anything changed: what went leaves (a
    planeswalker or battle that left while attacked is kept as it was for the attackers
    that now attack nothing, 506.4c), Equipment of what left is unattached (704.5n),
    +1/+1 and -1/-1 counters annihilate (704.5q)."""
    changed = False
    remaining = []
    targets = {t for a, t in (board.attacks or {}).items() if a not in out.gone}
    for p in board.permanents:
        if p.id in out.gone and (p.id in ghosts or p.id not in targets):
            changed = changed or p.id not in ghosts
            continue
        if p.id in out.gone:
            changed = True
            remaining.append(p)
            continue
        if p.attached_to is not None and p.attached_to in out.gone:
            p = _replace(p, attached_to=None)  # 704.5n
        q = _cancel_counters(p)
        if q is not p:
            changed = True
        remaining.append(q)
    return remaining, changed


#: The state-based actions that put a creature into its owner's graveyard: it dies (700.4).
_DIES = ("704.5f", "704.5g", "704.5h")


def _deaths_recorded(before: Board, board: Board, out: "StateBased") -> Board:
    """The board with the creatures that died under each player's control (700.4) added
    to ``creatures_died``, where the board records it."""
    died: dict[str, int] = {}
    for p in before.permanents:
        if out.gone.get(p.id) in _DIES and p.is_creature:
            died[p.controller] = died.get(p.controller, 0) + 1
    if not any(board.player(who).creatures_died is not None for who in died):
        return board
    return board.derive(players=tuple(
        replace(p, creatures_died=p.creatures_died + died.get(p.name, 0))
        if p.creatures_died is not None else p for p in board.players))


def _cancel_counters(p: Permanent) -> Permanent:
    """704.5q: N +1/+1 and N -1/-1 counters are removed (N the smaller count); power and
    toughness, counting both, don't change."""
    plus, minus = p.counter("+1/+1"), p.counter("-1/-1")
    n = min(plus, minus)
    if not n:
        return p
    counters = dict(p.counters)
    for k in ("+1/+1", "-1/-1"):
        counters[k] -= n
        if not counters[k]:
            del counters[k]
    return _replace(p, counters=counters)


def removed(board: Board, gone: set[str]) -> Board:
    """The board without the permanents ``gone`` (they left the battlefield): removed from
    combat too (506.4), an attacker whose blockers all left still blocked (509.1h)."""
    return _without(board, [p for p in board.permanents if p.id not in gone], set(gone))


def effects_after_leaving(effects: Sequence[Effect], left: Collection[str]
                          ) -> tuple[Effect, ...]:
    """The board's effects once the permanents ``left`` have left the battlefield: an
    effect stays (it is a fact of the game), with those of its targets and its source
    that left listed as ``gone`` (400.7: should one return, it is a new object)."""
    out = []
    for e in effects:
        named = [x for x in (*e.targets, e.source) if x is not None and x in left
                 and x not in e.gone]
        out.append(replace(e, gone=e.gone + tuple(dict.fromkeys(named))) if named else e)
    return tuple(out)


def _without(board: Board, remaining: list[Permanent], gone: set[str]) -> Board:
    """The board without permanents that left: removed from combat too (506.4), with the
    attackers whose blockers all left still blocked (509.1h) and those whose planeswalker
    or battle left attacking nothing (506.4c). Effects that name what left keep it as
    gone (400.7)."""
    left = {p.id for p in board.permanents} - {p.id for p in remaining}
    if left and board.effects:
        board = board.derive(effects=effects_after_leaving(board.effects, left))
    attacks = board.attacks
    blocks = board.blocks
    blocked = set(board.blocked or ())
    target_left = set(board.target_left or ())
    first = board.first_strikers
    order = board.damage_order
    if attacks is not None:
        for a, t in attacks.items():
            if a in gone:
                continue
            if t in gone:
                target_left.add(a)
        if blocks is not None:
            for b, atts in blocks.items():
                for a in atts:
                    if b in gone and a not in gone:
                        blocked.add(a)  # 509.1h: it stays blocked
        new_attacks = {a: t for a, t in attacks.items() if a not in gone}
        new_blocks: Optional[dict] = None
        if blocks is not None:
            new_blocks = {}
            for b, atts in blocks.items():
                left = tuple(a for a in atts if a not in gone)
                if b not in gone and left:
                    new_blocks[b] = left
        in_combat = set(new_attacks) | set(new_blocks or {})
        blocked_t = tuple(sorted(a for a in blocked if a in new_attacks
                                 and not any(a in v for v in (new_blocks or {}).values())))
        tl = tuple(sorted(a for a in target_left if a in new_attacks))
        if first is not None:
            first = tuple(c for c in first if c in in_combat)
        if order is not None:
            order = {c: tuple(x for x in v if x not in gone) for c, v in order.items()
                     if c not in gone and c in in_combat}
            order = {c: v for c, v in order.items() if v}
        return board.derive(
            permanents=tuple(remaining), attacks=new_attacks, blocks=new_blocks,
            blocked=blocked_t or None, target_left=tl or None, first_strikers=first,
            damage_order=order,
            bands=tuple(tuple(a for a in band if a not in gone) for band in board.bands
                        if len([a for a in band if a not in gone]) >= 2))
    return board.derive(permanents=tuple(remaining))
