"""Best blocks fight by fight (issue 23): exact, and fast where the board allows it.

A *fight* is an attacker and the creatures blocking it. When every blocker can block one
attacker at most, no bands are formed, no costs are paid and every ability on the board is
one this module's proof covers (:func:`fights_unknown`), the combat is its fights side by
side: each creature is in one fight, its damage goes to creatures of its own fight or to
players, and nothing done in one fight changes what another can do. Then:

* **The relaxed game** -- the same combat with nobody able to lose (every player's life and
  poison out of reach) -- is worth the sum of its fights: a value without its loss
  component counts creatures gone and life lost, both sums over fights, and a minimax
  over independent choices of a sum is the sum of the minimaxes (lexicographic order is
  compatible with addition). Each fight is played out by :class:`~.game.CombatGame` on a
  board with only that attacker attacking (``relaxed``): exact, by the combat model.
* **Safety, exactly.** Over every line of a fight (:meth:`~.game.CombatGame.extremes`) the
  most life and poison each defending player (a team sharing life counts once) can have
  lost as combat damage begins, after the first-strike step and after the last step. Lines
  of different fights combine freely, so the most the whole combat can take at a
  checkpoint is the sum over its fights. A declaration is *safe* when no line takes a
  defending player to 0 life or 10 poison counters (704.5a, 704.5c; 15 for a team,
  704.6b) at any checkpoint.
* **What follows.** On a safe declaration no line differs from the relaxed game, so its
  value is (0, relaxed value). On an unsafe one the attacking player -- who makes every
  choice in it (each blocker's damage has one place to go, 510.1d; the 2024 damage
  assignment orders are theirs, 509.2) -- can make a defending player lose: its value's
  loss component is -1, worse than any safe declaration's. (The attacking player can't
  lose here: blockers deal damage only to the creatures they block; checked, else this
  module declines.) So when a safe declaration exists the best is the safe one of
  greatest relaxed value, and every other declaration is worse or equally good.

The best safe declaration is found by a branch and bound over the attackers (:class:`_Search`):
legality exactly as the declaration problem states it (every restriction, the most
requirements obeyable, 509.1b-c), each restriction and requirement judged as soon as every
choice it mentions is made; interchangeable blockers taken in a fixed order (symmetry);
fights of two or more blockers played out only when the search reaches them, an upper
bound (:meth:`Fights.bound`) standing for them until then. The bound is made of the combat
model's own numbers for the same attacker blocked by each blocker alone: the attacker's
damage, each blocker's lethal damage and whether that damage kills it (``outcome``), each
blocker's lifelink gain. When no declaration is safe this module answers nothing and the
caller enumerates.

On large searches (more than :data:`SEED_OVER` blockers) two more things make the proof
short, neither a guess: a first incumbent, the best declaration made of fights already
played (each attacker unblocked or blocked by one creature; CP-SAT over that matching with
the safety limits, then judged as any leaf: every restriction, the requirements maximum,
safety) -- only ever a real declaration; and, while more than :data:`DISJOINT_UP_TO`
blockers are left, a Lagrangian bound next to the knapsack one (:meth:`_Search._lagrangian`:
prices on the blockers; sound for any prices >= 0 because each blocker is in one fight
at most, 509.1a).
"""

from __future__ import annotations

import dataclasses
from itertools import combinations
from typing import Any, Callable, Collection, Mapping, Optional, Sequence

from ..rules.constraints import literal_keys, true_keys
from ..solver.base import Deadline
from .combat import BeforeDamage, carry, declare, first_stage, step_board
from .game import CombatGame, Value, board_key, gone_between

#: Added to every player's life (and taken from poison) in the relaxed game.
HUGE = 10 ** 7

#: Keywords the fight decomposition and its bound are proven for (module docstring): those
#: whose effects stay inside one fight -- declarations, damage and its results, and the
#: triggers of rules.combat_triggers, none of which changes a creature of another fight or
#: another blocker of the same fight (bushido changes its own creature, flanking each
#: blocker alone, rampage only the attacker, upwards; exalted, melee and battle cry resolve
#: before blocks).
FIGHT_KEYWORDS = frozenset({
    "flying", "reach", "menace", "vigilance", "haste", "defender", "shadow", "horsemanship",
    "fear", "intimidate", "skulk", "provoke", "trample", "trample over planeswalkers",
    "first strike", "double strike", "deathtouch", "indestructible", "lifelink", "wither",
    "infect", "toxic", "poisonous", "flanking", "exalted", "melee", "battle cry", "bushido",
    "rampage", "afflict",
})

#: Ability types that only shape declarations (508.1, 509.1): they decide which
#: declarations are legal, which the search judges exactly, and nothing after.
DECLARATION_ONLY = frozenset({
    "Landwalk", "AttackRequirement", "CantAttack", "CantAttackAlone", "CanOnlyAttackAlone",
    "AttackCondition", "AttackCap", "AttackParity", "AttackCost", "BlockRequirement",
    "LureRequirement", "MustBeBlocked", "CantBlock", "CanBlockOnly", "CantBlockAlone",
    "CantBeBlocked", "CantBeBlockedExcept", "CantBeBlockedBy", "CantBeBlockedByMoreThan",
    "CantBeBlockedUnlessAllBlock", "BlockCap", "BlockCapacity", "BlockCost",
    "CantBeBlockedIf", "BlockableDespiteLandwalk", "BlockCondition", "AttackAsThough",
    "BlockAsThough", "BlockEachAttacker", "LureBy", "Goaded", "AttackIfAttacks",
    "BlockWhileTapped", "PlayerAttackRequirement", "AllAttackIfAny", "EnchantPlayer",
    "Choice", "RemovalCost",
})

#: Further ability types whose effect stays in one fight: protection and prevention (615,
#: 702.16: damage between two creatures of a fight, or to a player), damage equal to
#: toughness or none (510.1a), "as though it weren't blocked" (the attacker's choice).
FIGHT_LOCAL = frozenset({
    "Protection", "Prevention", "CantBePrevented", "AssignsToughness", "AssignsNoDamage",
    "AssignAsThoughUnblocked",
})


#: Ability types whose effect stays in one fight as long as their source can't leave the
#: battlefield during the combat: "lethal damage dealt to [creatures] is determined by
#: their power" (Zilortha; 120.6, 704.5g) reads each creature's own power and -1/-1
#: counters -- both changed only inside its fight -- but the fights of a board whose
#: source fights (attacks, or may block) are linked: its death in one fight changes what
#: is lethal in the others (from the regular combat damage step on, 510.4).
SOURCE_OUT_OF_COMBAT = frozenset({"LethalByPower"})


def fights_unknown(bound: Any, fighting: Optional[Collection[str]] = None) -> list[str]:
    """What on a bound board the fight decomposition is not proven for (empty: proven):
    keywords outside :data:`FIGHT_KEYWORDS`, ability types outside
    :data:`DECLARATION_ONLY` and :data:`FIGHT_LOCAL`, and any condition on something that
    combat changes (611.3a: "as long as ..." around anything but declarations).
    ``fighting``: the creatures that may be in combat (the attackers and every creature
    able to block) -- an ability of :data:`SOURCE_OUT_OF_COMBAT` is proven only when its
    source is a permanent none of them (None: unknown, never proven)."""
    out: list[str] = []
    source: list[Any] = [None]

    def visit(ab: Any, conditional: bool) -> None:
        name = type(ab).__name__
        if name in DECLARATION_ONLY:
            return
        if name in SOURCE_OUT_OF_COMBAT:
            src = source[0]
            if conditional or fighting is None or src is None or src.kind != "permanent" \
                    or src.permanent in fighting:
                out.append(name)
            return
        if name in ("Keyword", "KeywordN"):
            kw = ab.name.lower()
            if kw not in FIGHT_KEYWORDS:
                out.append(kw)
            elif conditional:
                out.append(f"conditional {kw}")
            return
        if name in FIGHT_LOCAL:
            if conditional:
                out.append(f"conditional {name}")
            return
        if name in ("Grant", "GrantWhileInCombat", "Named"):
            for sub in ab.abilities:
                visit(sub, conditional)
            return
        if name == "Conditional":
            for sub in ab.abilities:
                visit(sub, True)
            return
        out.append(name)

    for inst in bound.instances:
        source[0] = inst.source
        visit(inst.ability, False)
    for kws in bound.keywords.values():
        out += [k for k in kws if k not in FIGHT_KEYWORDS]
    return sorted(set(out))


def may_fight(board: Any, problem: Any) -> set[str]:
    """The creatures that may be in combat on a board with its attacks declared: the
    attackers, and every creature with a block no restriction of its own forbids (a
    restriction reading only its own choices, as "tapped creatures can't block", 509.1a,
    is broken by that block in every declaration)."""
    out = set(board.attacks or {})
    evs = problem.evaluators()[0]
    own = [(f, {b for b, _ in literal_keys(r.expr)})
           for r, f in zip(problem.restrictions, evs)]
    for b, opts in problem.options.items():
        mine = [f for f, bs in own if bs == {b}]
        if any(all(f(frozenset({(b, a)})) for f in mine) for a in opts):
            out.add(b)
    return out


def life_pools(board: Any, players: Collection[str]) -> list[str]:
    """One player per life total among ``players`` (a Two-Headed Giant team sharing one
    life total counts once, 810.9), in name order."""
    out, seen = [], set()
    for p in sorted(players):
        team = board.player(p).team
        k = team if team is not None else ("player", p)
        if k not in seen:
            seen.add(k)
            out.append(p)
    return out


def _add(a: Value, b: Value) -> Value:
    return tuple(x + y for x, y in zip(a, b))


def _sub(a: Value, b: Value) -> Value:
    return tuple(x - y for x, y in zip(a, b))


class Fights:
    """The fights of one board with its attacks declared (``base``, attack triggers
    resolved), for the deciding players ``decider`` (the defending side): each fight's
    relaxed value (relative to the attacker unblocked) and, over every line, the most life
    and poison it can take from each defending pool at each checkpoint.

    ``relaxed_value``: the objective without its loss component (nobody loses in the
    relaxed game). ``cache``: shared between boards (a fight is keyed by its whole board)."""

    def __init__(self, base: Any, start: Any, decider: frozenset[str],
                 opponents: frozenset[str], relaxed_value: Callable, deadline: Deadline,
                 pre0: BeforeDamage, lost0: Sequence[str], cache: Optional[dict] = None) -> None:
        self.base = base
        self.deadline = deadline
        self.pre0 = pre0
        self.lost0 = list(lost0)
        self.cache = cache if cache is not None else {}
        players = tuple(dataclasses.replace(p, life=p.life + HUGE, poison=p.poison - HUGE)
                        for p in start.players)
        self.rstart = start.derive(players=players)
        carry(start, self.rstart)
        self.rbase = base.derive(players=tuple(
            dataclasses.replace(p, life=p.life + HUGE, poison=p.poison - HUGE)
            for p in base.players))
        carry(base, self.rbase)
        self.game = CombatGame(self.rstart, decider, relaxed_value, deadline, monotone=True,
                               opponents=opponents)
        self.lines = self.game  # the same game: its steps serve both
        self.pools = life_pools(base, sorted(decider))
        self.opp_pools = life_pools(base, sorted(opponents))
        teams = {p.team for p in base.players if p.team}
        self.limits = {}
        for q in self.pools:
            pl = base.player(q)
            self.limits[q] = (pl.life - 1, (15 if pl.team is not None and teams else 10)
                              - 1 - pl.poison)  # 704.5a, 704.5c, 704.6b
        self.alone: dict[str, Any] = {}
        self.alone_keys: dict[str, tuple] = {}
        self.single: dict[tuple[str, str], Any] = {}
        self.empty: dict[str, tuple[Value, dict]] = {}
        self.attacker_can_lose = False
        self.lines_of: dict = {}

    def played(self, a: str, blockers: Collection[str]) -> Optional[tuple[Value, dict]]:
        """The fight's (relaxed value, reach) as :meth:`play` gives them when it was
        played already, by any Fights sharing the cache; else None (nothing played
        here). For best-attacks' bounds (:mod:`mtgcombat.questions.attack_bounds`)."""
        hit = self.cache.get((self._alone_key(a), tuple(sorted(blockers))))
        return None if hit is None else (hit[0], hit[1])

    def settled(self) -> bool:
        """Whether no creature would leave the battlefield before combat damage
        (:func:`_unsettled`): the fights' sum is the combat only then."""
        return not _unsettled(self.rbase)

    def line(self, a: str, blockers: frozenset[str]) -> Any:
        """The principal variation of a fight (its damage assignment orders and each
        step's assignment). Played whatever the time: the answer is told after the search
        (a fight of the answer was played in it, or its line by another Fights)."""
        saved = self.deadline, self.game.deadline
        self.deadline = self.game.deadline = Deadline(None)
        try:
            self.play(a, blockers)
            key = (self._alone_key(a), tuple(sorted(blockers)))
            hit = self.lines_of.get(key)
            if hit is None:  # played by another Fights sharing the cache
                _, _, b = self.cache[key]
                hit = self.game.play(b, list(self.lost0))[1]
                self.lines_of[key] = hit
            return hit
        finally:
            self.deadline, self.game.deadline = saved

    def _alone_key(self, a: str) -> tuple:
        hit = self.alone_keys.get(a)
        if hit is None:
            hit = board_key(self._alone(a))
            self.alone_keys[a] = hit
        return hit

    def _alone(self, a: str) -> Any:
        hit = self.alone.get(a)
        if hit is None:
            b = self.rbase
            hit = b.derive(attacks={a: b.attacks[a]}, target_left=tuple(
                x for x in (b.target_left or ()) if x == a) or None, first_strikers=None,
                blocks=None)
            carry(b, hit)
            self.alone[a] = hit
        return hit

    def _measure(self, life0: Mapping[str, int], poison0: Mapping[str, int]):
        pools, opp = self.pools, self.opp_pools

        def measure(life: Mapping[str, int], poison: Mapping[str, int]) -> dict:
            out = {}
            for q in pools:
                out[("life", q)] = life0[q] - life[q]
                out[("poison", q)] = poison[q] - poison0[q]
            for q in opp:
                out[("opp", q)] = max(life0[q] - life[q], poison[q] - poison0[q])
            return out

        return measure

    def play(self, a: str, blockers: frozenset[str]) -> tuple[Value, dict, Any]:
        """(the relaxed value of attacker ``a`` blocked by ``blockers``, the most it can
        take from each pool at each checkpoint, the board of the fight declared): exact, by
        the combat model."""
        key = (self._alone_key(a), tuple(sorted(blockers)))
        hit = self.cache.get(key)
        if hit is not None:
            if ("opp", key) in self.cache:
                self.attacker_can_lose = True
            return hit
        board = self._alone(a)
        self.deadline.check()
        pre = copy_before(self.pre0)
        lost = list(self.lost0)
        life0 = {p.name: p.life for p in board.players}
        poison0 = {p.name: p.poison for p in board.players}
        b = declare(board, None, {x: [a] for x in sorted(blockers)}, pre, lost)
        v, line = self.game.play(b, lost)
        self.lines_of[key] = line
        measure = self._measure(life0, poison0)
        if _life_still(b, a, blockers):
            here = measure({p.name: p.life for p in b.players},
                           {p.name: p.poison for p in b.players})
            x = {(cp, k): n for k, n in here.items() for cp in range(3)}
        else:
            x = self.lines.extremes(b, lost, measure)
        reach: dict = {}
        for (cp, k), n in x.items():
            reach.setdefault(k, [0, 0, 0])[cp] = n
        for (kind, q), ns in reach.items():
            if kind == "opp" and max(ns) > 0:
                self.attacker_can_lose = True
                self.cache[("opp", key)] = True
        out = (v, reach, b)
        self.cache[key] = out
        return out

    # -- the bound of a fight not played ------------------------------------------------------
    def bound_data(self, a: str, potential: Sequence[str]) -> Optional[dict]:
        """What the bound of attacker ``a``'s fights is made of, from the fights of ``a``
        blocked by each potential blocker alone (played anyway): the attacker's damage
        (the least of those) in the fight's first combat damage step, for each blocker
        whether the attacker deals damage in that step and the damage that surely kills it
        then, and its controller's lifelink gain."""
        from ..rules.damage import damage_step
        from ..rules.results import deal, outcome, results

        ckey = ("bound", self._alone_key(a), tuple(potential))
        hit = self.cache.get(ckey)
        if hit is not None:
            return hit
        lost_t = tuple(sorted(self.lost0))
        data: dict = {"power": None, "simple": {}, "need": {}, "gain": {}, "precedes": {},
                      "hit": {}, "fate": None, "fates": {}, "a": a, "silent": {}}
        for x in potential:
            _, _, b = self.play(a, frozenset([x]))
            ctl = b.permanent(x).controller
            gain = 0
            stage = first_stage(b, [])
            stages = ["first", "regular"] if stage == "first" else ["regular"]
            # The fight's first step as its play prepared it (the same step board and
            # damage step: combat.step_board, damage.damage_step).
            step0 = self.game._step(b, stages[0], None, lost_t)
            had = None
            hit = [0, 0, False]  # what all its damage to the attacker does, at most
            silent = True  # it deals no combat damage in any step (510.1a: no power)
            for n_step, sname in enumerate(stages):
                if n_step == 0:
                    sb, had, st = step0.stepboard, step0.had, step0.step
                else:
                    sb, had = step_board(b, sname, had)
                    st = damage_step(sb, sb.bound, sb.blocked or (), sb.first_strikers,
                                     sb.target_left or ())
                src = st.sources.get(x)
                silent = silent and src is None
                if src is not None and a in src.all_recipients:
                    res = results(sb, sb.bound, deal(sb, sb.bound, {x: {a: src.power}})[0])
                    gain += sum(n for p, n in res.gained.items() if p == ctl)
                    hit[0] += res.marked.get(a, 0)
                    hit[1] += res.minus.get(a, 0)
                    hit[2] = hit[2] or a in res.deathtouched
                if data["fate"] is None:
                    data["fate"] = sb
            data["gain"][x] = gain
            data["hit"][x] = tuple(hit)
            data["silent"][x] = silent
            # The attacker's damage in the fight's first combat damage step (the
            # first-strike step if there is one, 510.4): nothing has happened to either
            # creature before it; a blocker that strikes first while the attacker doesn't
            # may kill it first, and is no sure kill.
            sb, st = step0.stepboard, step0.step
            src = st.sources.get(a)
            rec = st.recipients.get(x)
            # Whether the blocker deals damage in a step before the attacker does (then
            # it may kill the attacker first: no sure kill at all in its fights).
            data["precedes"][x] = src is None and x in st.sources
            simple = not (src is None or rec is None or x not in src.creatures
                          or st.prevented.get((a, x)))
            if simple and src is not None and rec is not None:
                need = 1 if src.deathtouch else max(1, rec.threshold or 0)
                if need > src.power:
                    simple = False
                else:
                    res = results(sb, sb.bound, deal(sb, sb.bound, {a: {x: need}})[0])
                    if x not in outcome(sb, sb.bound, res, sb.player_names).gone:
                        simple = False
                    else:
                        data["need"][x] = need
                        p = src.power
                        data["power"] = p if data["power"] is None else min(data["power"], p)
            data["simple"][x] = simple
        self.cache[ckey] = data
        return data


def _life_still(b: Any, a: str, blockers: Collection[str]) -> bool:
    """Whether no line of the fight of ``b`` (attacker ``a`` blocked by ``blockers``,
    declared, its triggers resolved) changes a player's life or poison counters in its
    combat damage steps. In a fight (module docstring) they change there only by combat
    damage to a player (120.3a-b; toxic and poisonous with it, 702.164c, 702.70a) and by
    lifelink (120.3f, 702.15b): a blocker deals damage only to the attacker it blocks
    (510.1d), a blocked attacker only to its blockers (510.1c) unless it has trample
    (702.19b-e) or may assign as though it weren't blocked. So when it is blocked, has
    neither, and no creature of the fight has lifelink, every checkpoint is as combat
    damage begins (:meth:`~.game.CombatGame.extremes` need not walk the lines). Keywords
    don't change within a fight's damage steps (no effect of a later step,
    :func:`fights_unknown` and the caller's checks)."""
    from ..rules.abilities import AssignAsThoughUnblocked

    if not blockers:
        return False
    bound = b.bound
    fight = [a, *blockers]
    if any(bound.has_keyword(x, "lifelink") for x in fight) or \
            bound.has_keyword(a, "trample") or \
            bound.has_keyword(a, "trample over planeswalkers"):
        return False
    return not any(inst.holder in fight for inst in bound.of_type(AssignAsThoughUnblocked))


def copy_before(pre: BeforeDamage) -> BeforeDamage:
    """An independent copy (the triggers of a declaration add to it)."""
    from ..rules.results import StateBased

    return BeforeDamage(list(pre.triggers), StateBased(dict(pre.sba.gone),
                                                       list(pre.sba.defeated),
                                                       dict(pre.sba.lost)))


class _Entry:
    __slots__ = ("S", "mask", "key", "value", "reach", "exact", "code", "kcode", "keys", "pos",
                 "lb")

    def __init__(self, S: frozenset, key: Value) -> None:
        self.S = S
        self.mask = 0
        self.key = key  # an upper bound on the value (the sort key)
        self.value: Value = key
        self.reach: Optional[dict] = None
        self.exact = False
        self.code = 0  # ``value`` as one integer (see _Search)
        self.keys: frozenset = frozenset()
        self.kcode = 0  # ``key`` as one integer
        self.pos = 0  # the place in its attacker's list (best bound first)
        #: Until played: the least it can take from each pool at each checkpoint (its
        #: blockers' lifelink gains given back, :func:`_bound_f`; no poison).
        self.lb: dict = {}


#: Up to how many blockers left the bound of the attackers still to decide keeps each
#: blocker in one fight (:meth:`_Search.rest`; 3**n steps an attacker at most).
DISJOINT_UP_TO = 9

#: Over how many blockers a search first looks for an incumbent among the fights already
#: played (:meth:`_Search._seed`).
SEED_OVER = 9

#: The bound where no declaration is legal (below every sum of encoded values).
_NONE = -(1 << 400)

#: Integer encoding of values (see _Search).
_BASE = 2 ** 50
_LIMIT = 2 ** 40


def _encode(v: Value) -> int:
    """A value as one integer: each component weighted by a power of 2**50, so that sums
    of up to a thousand fights keep the lexicographic order while every component of a
    fight's value or bound stays below 2**40 (else the fight method declines)."""
    out = 0
    for x in v:
        if x >= _LIMIT or x <= -_LIMIT:
            raise _Decline("values too large to compare as one number")
        out = out * _BASE + x
    return out


class _Table:
    """One attacker's fights as the search reads them: every set of its potential blockers
    (the empty one and each blocker alone played, the others an upper bound until played),
    best bound first, by blocker mask and by number of blockers. A fight is the same
    whatever else attacks (module docstring): a table is shared by every board whose fight
    board is the same (best-attacks' replies), and a fight played for one is played for
    all."""

    __slots__ = ("a", "entries", "by_mask", "by_size", "pot", "gains", "g0", "reach0",
                 "played", "_within")

    def __init__(self, a: str, entries: list[_Entry], bits: Mapping[str, int],
                 gains: dict[str, tuple[str, int]], g0: Value, reach0: dict) -> None:
        self.a, self.gains, self.g0, self.reach0 = a, gains, g0, reach0
        entries.sort(key=lambda e: e.key, reverse=True)
        self.pot = 0
        for pos, e in enumerate(entries):
            e.pos = pos
            e.mask = sum(bits[b] for b in e.S)
            e.kcode = _encode(e.key)
            e.code = _encode(e.value) if e.exact else e.kcode
            e.keys = frozenset((b, a) for b in e.S)
            self.pot |= e.mask
        self.entries = entries
        self.by_mask = {e.mask: e for e in entries}
        self.by_size: dict[int, list[_Entry]] = {}
        for e in entries:  # already sorted by key
            self.by_size.setdefault(len(e.S), []).append(e)
        self.played = len([e for e in entries if e.exact])
        self._within: dict[int, dict[int, int]] = {}

    def best_within(self, free: int) -> dict[int, int]:
        """For each number k of blockers, the best value (exact, or bound until played) of
        a fight of k blockers all in ``free`` (encoded). Kept: a value read before a fight
        was played is still a bound."""
        free &= self.pot
        hit = self._within.get(free)
        if hit is not None:
            return hit
        out: dict[int, int] = {}
        cap = bin(free).count("1")
        for k, es in self.by_size.items():
            if k > cap:
                continue
            top = None  # the best value of a fight of k blockers still free
            for e in es:  # sorted by bound: stop when no bound beats ``top``
                if top is not None and e.kcode <= top:
                    break
                if not e.mask & ~free:
                    c = e.code if e.exact else e.kcode
                    if top is None or c > top:
                        top = c
            if top is not None:
                out[k] = top
        self._within[free] = out
        return out


def _table(f: "Fights", a: str, potential: Sequence[str], here: Value,
           bound_objective: Callable[[dict], Value], deadline: Deadline) -> _Table:
    """Attacker ``a``'s table (:class:`_Table`), from the cache when the same fight board
    and blockers had one."""
    key = ("table", f._alone_key(a), tuple(potential), here)
    hit = f.cache.get(key)
    if hit is not None:
        return hit
    bits = f.cache.setdefault("bits", {})
    for b in potential:
        bits.setdefault(b, 1 << len(bits))
    g0, reach0, _ = f.play(a, frozenset())
    e0 = _Entry(frozenset(), _sub(g0, g0))
    e0.exact, e0.reach = True, reach0
    es = [e0]
    gains: dict[str, tuple[str, int]] = {}
    for x in potential:
        v, reach, _ = f.play(a, frozenset([x]))
        e = _Entry(frozenset([x]), _sub(v, g0))
        e.exact, e.reach = True, reach
        es.append(e)
    if potential:
        d = f.bound_data(a, potential) or {}
        pool_of = {p: next(q for q in f.pools if f.base.teammates(p, q)) for p in
                   {f.base.permanent(x).controller for x in potential} if
                   any(f.base.teammates(p, q) for q in f.pools)}
        for x in potential:
            gains[x] = (f.base.permanent(x).controller, d["gain"][x])
        for k in range(2, len(potential) + 1):
            deadline.check()
            for n, S in enumerate(combinations(potential, k)):
                if n % 128 == 127:
                    deadline.check()
                e = _Entry(frozenset(S), _sub(_add(here, bound_objective(_bound_f(d, S))), g0))
                e.lb = _least_reach(S, gains, pool_of)
                es.append(e)
        _silent_blockers_bound(f, a, es, d)
    out = _Table(a, es, bits, gains, g0, reach0)
    f.cache[key] = out
    return out


def _silent_blockers_bound(f: "Fights", a: str, es: list, d: dict) -> None:
    """A fight is worth no more to the defending side than the same attacker blocked by
    its blockers that deal combat damage alone (or by any one of them, when none does):
    a blocker that deals no combat damage in any step (510.1a: no power) changes nothing
    the attacker must do, so the attacker can play the smaller fight's line, assigning it
    no damage -- a division the current rules allow (510.1c-d), and the 2024 rules too
    with that blocker last in the damage assignment order (509.2, 510.1c). Not with
    trample (its excess needs lethal damage on every blocker, 702.19b) nor rampage (the
    attacker's power grows with its blockers, 702.23a). ``es``: the attacker's entries,
    the smaller fights first; each bound lowered to the smaller fight's value or bound."""
    _, _, b0 = f.play(a, frozenset())
    if any(b0.bound.has_keyword(a, k) for k in
           ("trample", "trample over planeswalkers", "rampage")):
        return
    silent = d.get("silent", {})
    by_set = {e.S: e for e in es}
    for e in es:
        if len(e.S) < 2 or e.exact:
            continue
        loud = frozenset(x for x in e.S if not silent.get(x, False))
        smaller = [loud] if loud else [frozenset([x]) for x in e.S]
        for S in smaller:
            if S != e.S and S in by_set and by_set[S].key < e.key:
                e.key = e.value = by_set[S].key


def _least_reach(S: Sequence[str], gains: Mapping[str, tuple[str, int]],
                 pool_of: Mapping[str, str]) -> dict:
    """The least a fight of blockers ``S`` not played yet can take from each defending
    pool at each checkpoint: life lost is damage dealt to the player less life gained, and
    the only life a defending player can gain in a fight is its blockers' lifelink (at
    most their gains as :func:`_bound_f` counts them, whatever the step); poison counters
    are never taken away in combat (122.1f, 702.90b give them)."""
    out: dict = {}
    for x in S:
        ctl, g = gains[x]
        q = pool_of.get(ctl)
        if g and q is not None:
            cur = out.setdefault(("life", q), [0, 0, 0])
            for cp in range(3):
                cur[cp] -= g
    return out


class _Search:
    """Branch and bound over the attackers for the best safe declarations (see the module
    docstring). ``evaluate(a, S)`` plays a fight out: (value, reach).

    Values are compared as integers (:func:`_encode`). The bound of the attackers not yet
    decided is, for each, its best fight with blockers not yet used."""

    def __init__(self, problem: Any, m0: int, attackers: list[str],
                 tables: dict[str, _Table], evaluate: Callable, v0: Value,
                 limits: Mapping[str, tuple[int, int]], gain_lb: Callable,
                 classes: Mapping[str, tuple[str, ...]], deadline: Deadline,
                 ties: int, bits: Mapping[str, int], progress: Optional[dict] = None,
                 alpha: Optional[Value] = None, rest_memo: Optional[dict] = None) -> None:
        self.progress = progress
        self.alpha = alpha
        self.no_new = False
        self.node_limit = 0
        self.problem = problem
        self.m0 = m0
        self.att = attackers
        self.tables = tables
        self.evaluate = evaluate
        self.v0 = v0
        self.limits = limits
        self.gain_lb = gain_lb
        self.bit = bits
        self.before: dict[int, int] = {}  # blocker bit -> the interchangeable ones before it
        for cls in classes.values():
            for i, b in enumerate(cls):
                if b in bits:
                    self.before[bits[b]] = sum(bits[x] for x in cls[:i] if x in bits)
        self._before_of: dict[int, int] = {}
        self.deadline = deadline
        self.ties = ties
        self.best: Optional[int] = None  # the incumbent, encoded (without v0)
        self.found: list[tuple[Value, dict]] = []
        #: a few other safe declarations met, best first: (code, value, declaration)
        self.others: list[tuple[int, Value, dict]] = []
        self._judge_constraints(problem, attackers)
        if alpha is not None:
            self.alpha_code = self.encode(_sub(alpha, v0))
        #: bounds of the attackers from i on, by their tables (shared by the searches of
        #: one cache: a bound computed before a fight was played is still a bound)
        self._rest: dict[Any, Any] = rest_memo if rest_memo is not None else {}
        self.illegal = [self._illegal_alone(j) for j in range(len(attackers))]
        ids = self._rest.setdefault("ids", {})  # the tables' tuples, numbered
        self._tkeys = [ids.setdefault(tuple((id(tables[a]), self.illegal[j])
                                            for j, a in enumerate(attackers) if j >= i),
                                      len(ids))
                       for i in range(len(attackers) + 1)]
        self.relevant = [0] * (len(attackers) + 1)
        for j in range(len(attackers) - 1, -1, -1):
            self.relevant[j] = self.relevant[j + 1] | tables[attackers[j]].pot
        self.evaluated = 0
        self.nodes = 0
        #: each attacker's take unblocked (its fight with no blocker, exact), by pool
        self._unblocked = [{k: tuple(ns) for k, ns in (tables[a].reach0 or {}).items()
                            if k[0] != "opp"} for a in attackers]
        self._unblocked_keys = sorted({k for u in self._unblocked for k in u})
        self._forced_memo: dict = {}
        #: the prices and sorted fights of the Lagrangian bound (None: not yet prepared;
        #: False: none)
        self._lag: Any = None

    def _judge_constraints(self, problem: Any, attackers: list[str]) -> None:
        """Each restriction and requirement at the attacker after which every choice it
        mentions is made (509.1b-c); those that mention none, judged now."""
        idx = {a: i for i, a in enumerate(attackers)}
        r_at: dict[int, list] = {}
        q_at: dict[int, list] = {}
        evs = problem.evaluators()
        self.always_violated = False
        for r, f in zip(problem.restrictions, evs[0]):
            i = max((idx[a] for _, a in literal_keys(r.expr) if a in idx), default=-1)
            if i < 0:
                if not f(frozenset()):
                    self.always_violated = True
                continue
            r_at.setdefault(i, []).append(f)
        self.req_fixed = 0
        for q, f in zip(problem.requirements, evs[1]):
            i = max((idx[a] for _, a in literal_keys(q.expr) if a in idx), default=-1)
            if i < 0:
                self.req_fixed += int(f(frozenset()))
                continue
            q_at.setdefault(i, []).append(f)
        self.r_at, self.q_at = r_at, q_at
        self.keyed = bool(r_at or q_at)  # whether any restriction or requirement is judged
        self.q_left = [sum(len(q_at.get(j, [])) for j in range(i, len(attackers)))
                       for i in range(len(attackers) + 1)]

    def _illegal_alone(self, j: int) -> frozenset:
        """The fights of the ``j``-th attacker no legal declaration has: those a
        restriction reading only that attacker's blocks forbids (menace, 702.111b; "can't
        be blocked by more than one", 509.1b) -- decided by the fight alone. (The bound of
        the attackers left, :meth:`rest`, leaves them out.)"""
        a = self.att[j]
        local = [(r, f) for r, f in zip(self.problem.restrictions, self.problem.evaluators()[0])
                 if {x for _, x in literal_keys(r.expr)} == {a}]
        if not local:
            return frozenset()
        t = self.tables[a]
        key = ("illegal", id(t), tuple(r.expr for r, _ in local))
        hit = self._rest.get(key) if self._rest is not None else None
        if hit is None:
            hit = frozenset(e.mask for e in t.entries if any(not f(e.keys) for _, f in local))
            self._rest[key] = hit
        return hit

    def encode(self, v: Value) -> int:
        return _encode(v)

    def before_of(self, mask: int) -> int:
        """The interchangeable blockers that must be taken before those of ``mask``."""
        hit = self._before_of.get(mask)
        if hit is None:
            hit = 0
            for low in _bits(mask):
                hit |= self.before.get(low, 0)
            self._before_of[mask] = hit
        return hit

    def rest(self, i: int, used: int) -> int:
        """An upper bound on what the attackers from ``i`` on can add with the blockers
        not in ``used`` (encoded). With few blockers left (:data:`DISJOINT_UP_TO`): the
        best choice of one fight for each attacker, no blocker in two, each fight at its
        value or its bound (a dynamic programme over the blockers used). Else each
        attacker's best fight with k of them, the k adding up to at most the blockers left
        (a knapsack over the number of blockers)."""
        att = self.att[i:]
        if not att:
            return 0
        used &= self.relevant[i]  # only the blockers the attackers left could use
        key = (self._tkeys[i], used)
        hit = self._rest.get(key)
        if hit is not None:
            return hit  # (a value computed before a fight was played is still a bound)
        free = self.relevant[i] & ~used
        cap = bin(free).count("1")
        if cap <= DISJOINT_UP_TO:
            # The fights best bound first; none can do better than its bound with the
            # attackers after it at their best with every blocker it leaves (``after``).
            a = att[0]
            after = self.rest(i + 1, used)
            illegal = self.illegal[i]
            best: Optional[int] = None
            for e in self._candidates(a, used):
                if best is not None and e.kcode + after <= best:
                    break
                if e.mask & used or e.mask in illegal:
                    continue
                c = (e.code if e.exact else e.kcode) + self.rest(i + 1, used | e.mask)
                if best is None or c > best:
                    best = c
            if best is None:  # no fight of this attacker is legal: no declaration here
                best = _NONE
            self._rest[key] = best
            return best
        dp = [0] + [None] * cap  # type: list
        self.deadline.check()
        lag = self._lagrangian(i, free)
        for a in att:
            best_k = self.tables[a].best_within(free)
            new = [None] * (cap + 1)
            for c, v in enumerate(dp):
                if v is None:
                    continue
                for k, w in best_k.items():
                    if c + k <= cap and (new[c + k] is None or v + w > new[c + k]):
                        new[c + k] = v + w
            dp = new
        out = max(v for v in dp if v is not None)
        if lag is not None and lag < out:
            out = lag
        self._rest[key] = out
        return out

    def _lagrangian(self, i: int, free: int) -> Optional[int]:
        """The Lagrangian bound of the attackers from ``i`` on with the blockers of
        ``free`` (None: not prepared, see :meth:`_prepare_lagrangian`): for any prices
        lam >= 0 of the blockers, a declaration's value is the sum over its fights of
        (value - the prices of its blockers) plus the prices of the blockers it uses, at
        most the prices of all the blockers in ``free`` -- each blocker is in one fight at
        most (509.1a, checked by :func:`_fights_apply`: no creature can block more than
        one attacker). So lam(free) plus, for each attacker, its best (value - prices)
        over its fights with blockers all in ``free`` bounds every declaration from here
        (a fight not played at its bound, which its value never exceeds; the fights a
        restriction reading that attacker alone forbids left out, as no declaration has
        them)."""
        lag = self._lag
        if lag is None:
            lag = self._prepare_lagrangian()
        if not lag:
            return None
        price, lists = lag
        total = 0
        for low in _bits(free):
            total += price.get(low, 0)
        for j in range(i, len(self.att)):
            best: Optional[int] = None
            for adj, cost, e in lists[j]:
                if best is not None and adj <= best:
                    break  # sorted by bound less prices: no later fight does better
                if e.mask & ~free:
                    continue
                c = (e.code if e.exact else e.kcode) - cost
                if best is None or c > best:
                    best = c
            if best is None:
                return _NONE
            total += best
        return total

    def _prepare_lagrangian(self) -> Optional[tuple]:
        """Prices of the blockers for :meth:`_lagrangian`, by subgradient descent on the
        bound of the whole search (floating point, then rounded down to whole numbers of
        the encoding: any prices >= 0 give a sound bound, these a tight one), and each
        attacker's legal fights sorted by bound less prices. Once a search (the fights
        played later only lower the values, so the bound stays sound)."""
        import numpy as np

        att = self.att
        blockers = sorted({low for a in att for low in _bits(self.tables[a].pot)})
        if not blockers:
            self._lag = False
            return None
        col = {low: k for k, low in enumerate(blockers)}
        scale = float(_BASE) ** (len(self.v0) - 1)
        groups = []
        for j, a in enumerate(att):
            illegal = self.illegal[j]
            es = [e for e in self.tables[a].entries if e.mask not in illegal]
            if not es:
                self._lag = False
                return None
            rows = np.zeros((len(es), len(blockers)))
            for r, e in enumerate(es):
                for low in _bits(e.mask):
                    rows[r, col[low]] = 1.0
            vals = np.array([float(e.code if e.exact else e.kcode) / scale for e in es])
            groups.append((es, rows, vals))
        lam = np.zeros(len(blockers))
        best_lam, best_total = lam, None
        step = 1.0
        for _ in range(60):
            self.deadline.check()
            total = float(lam.sum())
            use = np.zeros(len(blockers))
            for es, rows, vals in groups:
                r = vals - rows @ lam
                k = int(np.argmax(r))
                total += float(r[k])
                use += rows[k]
            if best_total is None or total < best_total:
                best_total, best_lam = total, lam.copy()
            g = 1.0 - use
            if not (g < 0).any() and not ((g > 0) & (lam > 0)).any():
                break  # prices and choices agree: the bound is the best these give
            lam = np.maximum(0.0, lam - step * g)
            step *= 0.93
        price = {low: max(0, int(float(best_lam[k]) * scale)) for low, k in col.items()}
        lists = []
        for es, _, _ in groups:
            lst = []
            for e in es:
                cost = sum(price[low] for low in _bits(e.mask))
                lst.append((e.kcode - cost, cost, e))
            lst.sort(key=lambda x: x[0], reverse=True)
            lists.append(lst)
        self._lag = (price, lists)
        return self._lag

    def run(self) -> None:
        if self.always_violated:
            return
        if self.best is None and not self.no_new and \
                bin(self.relevant[0]).count("1") > SEED_OVER:
            self._seed()
        self._dfs(0, 0, frozenset(), 0, {}, self.req_fixed, [])

    def _seed(self) -> None:
        """A first incumbent for a large search: the best declaration made of fights
        already played (each attacker unblocked or blocked by one creature: a weighted
        matching with the safety limits, solved by CP-SAT), judged as a leaf of the
        search is (every restriction, the requirements maximum, safety). Only a lower
        bound for the pruning: the search still proves the best; nothing is kept when
        CP-SAT doesn't settle it quickly or the declaration isn't legal."""
        from ..rules.constraints import obeyed, violated
        from ..solver.cpsat import import_cp_model

        att = self.att
        options = []
        for j, a in enumerate(att):
            es = [e for e in self.tables[a].entries
                  if e.exact and e.mask not in self.illegal[j]]
            if not es:
                return
            options.append(es)
        n = len(self.v0)
        lo = [0] * n
        hi = [0] * n
        for es in options:
            for c in range(n):
                lo[c] += min(e.value[c] for e in es)
                hi[c] += max(e.value[c] for e in es)
        weights = [1] * n
        for c in range(n - 2, -1, -1):
            weights[c] = weights[c + 1] * (hi[c + 1] - lo[c + 1] + 1)
        if sum(abs(w) * max(abs(lo[c]), abs(hi[c])) for c, w in enumerate(weights)) >= 1 << 60:
            return
        cp_model = import_cp_model()
        m = cp_model.CpModel()
        xs = []
        by_blocker: dict[int, list] = {}
        sums: dict[tuple, list] = {}
        obj = []
        for j, es in enumerate(options):
            row = []
            for e in es:
                x = m.NewBoolVar("")
                row.append(x)
                for low in _bits(e.mask):
                    by_blocker.setdefault(low, []).append(x)
                for key, ns in (e.reach or {}).items():
                    if key[0] == "opp":
                        continue
                    for cp in range(3):
                        if ns[cp]:
                            sums.setdefault((key, cp), []).append((ns[cp], x))
                w = sum(weights[c] * e.value[c] for c in range(n))
                if w:
                    obj.append((w, x))
            m.AddExactlyOne(row)
            xs.append(row)
        for group in by_blocker.values():
            if len(group) > 1:
                m.AddAtMostOne(group)
        for ((kind, q), _cp), terms in sums.items():
            lim = self.limits[q][0 if kind == "life" else 1]
            m.Add(sum(k * x for k, x in terms) <= lim)
        m.Maximize(sum(w * x for w, x in obj))
        solver = cp_model.CpSolver()
        left = self.deadline.remaining()
        solver.parameters.max_time_in_seconds = max(0.05, 1.0 if left is None else min(1.0, left))
        solver.parameters.num_workers = 1
        if solver.Solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return
        chosen = []
        keys: frozenset = frozenset()
        for a, es, row in zip(att, options, xs):
            e = next(e for e, x in zip(es, row) if solver.Value(x))
            chosen.append((a, e))
            keys |= e.keys
        if violated(self.problem, keys) or obeyed(self.problem, keys) < self.m0:
            return
        self._leaf(chosen)

    def _worse(self, upper: int) -> bool:
        """Whether a declaration at most ``upper`` can't be better than the incumbent (nor
        as good, while equally good ones are still wanted)."""
        if self.best is None:
            return False
        return upper < self.best if len(self.found) < self.ties else upper <= self.best

    def _need(self, val: int, rest: int) -> Optional[int]:
        """The least a fight must add to beat the incumbent (or equal it, while equally
        good ones are still wanted); None: no incumbent yet."""
        if self.best is None:
            return None
        return self.best - val - rest + (0 if len(self.found) < self.ties else 1)

    def _candidates(self, a: str, used: int) -> list:
        """Attacker ``a``'s fights, best bound first; when few of its blockers are left,
        only the fights with those (fewer than scanning them all)."""
        t = self.tables[a]
        es = t.entries
        free = t.pot & ~used
        n = bin(free).count("1")
        if (1 << n) * 4 >= len(es):
            return es
        by_mask = t.by_mask
        out = []
        sub = free
        while True:
            e = by_mask.get(sub)
            if e is not None:
                out.append(e)
            if not sub:
                break
            sub = (sub - 1) & free
        out.sort(key=lambda e: e.pos)  # the same order as the whole list
        return out

    def _dfs(self, i: int, used: int, keys: frozenset, val: int, loss: dict,
             obeyed: int, chosen: list) -> None:
        self.nodes += 1
        if self.nodes % 64 == 0:
            self.deadline.check()
            if self.no_new and self.nodes > self.node_limit:
                raise _Enough()  # equally good ones: as many as a little work finds
        if i == len(self.att):
            self._leaf(chosen)
            return
        a = self.att[i]
        rest = self.rest(i + 1, used)
        need = self._need(val, rest)
        r_here = self.r_at.get(i, ())
        q_here = self.q_at.get(i, ())
        for e in self._candidates(a, used):
            if need is not None:
                if e.kcode < need:
                    break  # sorted by bound: no later entry can do better
                if e.exact and e.code < need:
                    continue
            if e.mask & used:
                continue
            if self.before and self.before_of(e.mask) & ~used & ~e.mask:
                continue  # interchangeable blockers are taken in order
            k2 = keys | e.keys if self.keyed else keys
            if r_here and any(not f(k2) for f in r_here):
                continue
            ob = obeyed + sum(1 for f in q_here if f(k2)) if q_here else obeyed
            if ob + self.q_left[i + 1] < self.m0:
                continue
            used2 = used | e.mask
            rest2 = self.rest(i + 1, used2)
            key = e.code if e.exact else e.kcode
            if self._worse(val + key + rest2):
                continue
            if not e.exact and self.no_new:
                continue  # collecting equally good ones: only fights already played
            # A fight not played yet stands for its bound and its least reach until a
            # declaration reaches a leaf (_leaf plays it there).
            loss2 = _accumulate(loss, e.reach if e.exact else e.lb)
            if self._surely_unsafe(loss2, i + 1, used2):
                continue
            try:
                self._dfs(i + 1, used2, k2, val + key, loss2, ob, chosen + [(a, e)])
            except _Back as back:
                if back.level < i:
                    raise
            need = self._need(val, rest)

    def _surely_unsafe(self, loss: dict, i: int, used: int) -> bool:
        """Whether the fights chosen take some pool past its limit whatever the others do
        (:meth:`_forced`: the attackers from ``i`` on that can't all be blocked; they can
        only give back their blockers' lifelink gains)."""
        forced = self._forced(i, used)
        for key in set(loss) | set(forced):
            kind, q = key
            if kind == "opp":
                continue
            ns: list = loss.get(key) or [0, 0, 0]
            fs: list = forced.get(key) or [0, 0, 0]
            top = max(n + f for n, f in zip(ns, fs))
            lim = self.limits[q][0 if kind == "life" else 1]
            if top > lim and top - (self.gain_lb(q, i, used, self.bit)
                                    if kind == "life" else 0) > lim:
                return True
        return False

    def _forced(self, i: int, used: int) -> dict:
        """The least the attackers from ``i`` on take from each defending pool at each
        checkpoint with the blockers not in ``used``, lifelink aside: each blocker blocks
        one attacker at most, so at most k of them are blocked (k: the blockers left, and
        the attackers one of them may block); the others are unblocked and take what they
        take unblocked (their fights with no blocker, exact); a blocked one takes no less
        than nothing but its blockers' lifelink (given back in :meth:`_surely_unsafe`).
        The least is then every attacker's unblocked take less the k greatest (of those
        that may be blocked, where positive). {(kind, pool): [per checkpoint]}."""
        used &= self.relevant[i]
        mkey = (i, used)
        hit = self._forced_memo.get(mkey)
        if hit is not None:
            return hit
        free = self.relevant[i] & ~used
        maybe = [j for j in range(i, len(self.att)) if self.tables[self.att[j]].pot & free]
        k = min(bin(free).count("1"), len(maybe))
        out: dict = {}
        for key in self._unblocked_keys:
            per = []
            for cp in range(3):
                total = sum(self._unblocked[j].get(key, (0, 0, 0))[cp]
                            for j in range(i, len(self.att)))
                spared = sorted((self._unblocked[j].get(key, (0, 0, 0))[cp] for j in maybe),
                                reverse=True)[:k]
                per.append(total - sum(x for x in spared if x > 0))
            if any(per):
                out[key] = per
        self._forced_memo[mkey] = out
        return out

    def _play(self, chosen: list) -> None:
        """The fights of a declaration not played yet, played; then back to the first
        attacker whose choice can no longer lead to a better safe declaration (the values
        and reaches now exact there: :class:`_Back`), if any."""
        if all(e.exact for _, e in chosen):
            return
        for a, e in chosen:
            if not e.exact:
                value, reach = self.evaluate(a, e.S)
                e.value, e.reach, e.code = value, reach, self.encode(value)
                e.exact = True  # last: a table is shared, and a deadline may strike
                self.evaluated += 1
        code, used = 0, 0
        loss: dict = {}
        for j, (_, e) in enumerate(chosen):
            code += e.code
            used |= e.mask
            loss = _accumulate(loss, e.reach)
            if self._worse(code + self.rest(j + 1, used)) or \
                    self._surely_unsafe(loss, j + 1, used):
                raise _Back(j)

    def _leaf(self, chosen: list) -> None:
        self._play(chosen)
        loss: dict = {}
        total = self.v0
        for _, e in chosen:
            loss = _accumulate(loss, e.reach)
            total = _add(total, e.value)
        for (kind, q), ns in loss.items():
            if kind == "opp":
                if max(ns) > 0:
                    raise _Decline("the attacking player could lose")
                continue
            if max(ns) > self.limits[q][0 if kind == "life" else 1]:
                return  # unsafe
        code = sum(e.code for _, e in chosen)
        if self._worse(code):
            return
        decl: dict = {}
        for a, e in chosen:
            for b in sorted(e.S):
                decl[b] = [a]
        if self.best is None or code > self.best:
            self.others = sorted(self.others + [(self.best, v, d) for v, d in self.found],
                                 key=lambda x: -x[0])[:5] if self.best is not None else []
            self.best = code
            self.found = [(total, decl)]
            if self.progress is not None:
                self.progress["best"] = (total, decl)
            if self.alpha is not None and code >= self.alpha_code:
                raise _Enough()
        elif code == self.best and len(self.found) < max(1, self.ties):
            if all(decl != d for _, d in self.found):
                self.found.append((total, decl))
        elif code < self.best and (len(self.others) < 5 or code > self.others[-1][0]):
            self.others = sorted(self.others + [(code, total, decl)], key=lambda x: -x[0])[:5]


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


class _Back(Exception):
    """The choice of the attacker at ``level`` (and so everything below it) can't lead to
    a better safe declaration: the search goes on with that attacker's next fight."""

    def __init__(self, level: int) -> None:
        super().__init__(level)
        self.level = level


class _Enough(Exception):
    """A declaration as good as the caller needs is found."""


class _Decline(Exception):
    """The fight method doesn't apply after all (the caller enumerates)."""


def _accumulate(loss: dict, reach: dict) -> dict:
    out = dict(loss)
    for k, ns in reach.items():
        cur = out.get(k)
        out[k] = list(ns) if cur is None else [x + y for x, y in zip(cur, ns)]
    return out


def best_safe_blocks(base: Any, start: Any, decider: frozenset[str], opponents: frozenset[str],
                     relaxed_value: Callable, bound_objective: Callable[[dict], Value],
                     problem: Any, m0: int, same: Sequence[tuple[str, str]],
                     deadline: Deadline, pre0: BeforeDamage, lost0: Sequence[str],
                     cache: Optional[dict] = None, ties: int = 0,
                     group_limit: int = 1 << 16, progress: Optional[dict] = None,
                     alpha: Optional[Value] = None) -> Optional[tuple[list[tuple[Value, dict]],
                                                                      Fights, int]]:
    """The best safe block declarations (module docstring) with their relaxed values
    (the best first; ``ties``: how many equally good ones to collect, 0: one), the fights
    (for their lines) and how many fights were played; None when none is safe or the
    method declines. ``progress`` (a dict) hears the best found so far (``"best"``: (value,
    declaration)) and ``"bound"``, a relaxed value no declaration exceeds. ``alpha``: stop
    as soon as a safe declaration of relaxed value ``alpha`` or more is found (the caller
    needs no better)."""
    attackers = sorted(base.attacks or {})
    potential = {a: sorted(b for b, opts in problem.options.items() if a in opts)
                 for a in attackers}
    if sum(2 ** len(ps) for ps in potential.values()) > group_limit:
        return None
    f = Fights(base, start, decider, opponents, relaxed_value, deadline, pre0, lost0, cache)
    if progress is not None:
        progress["fights"] = f
    if _unsettled(f.rbase):
        return None
    rb = f.rbase
    here = f.game.value_fn(f.rstart, gone_between(f.rstart, rb),
                           {p.name: p.life for p in rb.players}, tuple(sorted(lost0)))
    tables = {a: _table(f, a, potential[a], here, bound_objective, deadline)
              for a in attackers}
    if f.attacker_can_lose:
        return None
    v0 = _no_blocks(f, tables, here, problem, m0, progress)
    counted = [0]

    def evaluate(a: str, S: frozenset) -> tuple[Value, dict]:
        v, reach, _b = f.play(a, S)
        counted[0] += 1
        return _sub(v, tables[a].g0), reach

    # attackers with the most blockers to choose from first
    att = _order(attackers, potential, tables)
    s = _Search(problem, m0, att, tables, evaluate, v0, f.limits,
                _gain_bound(f, base, decider, att, tables), _classes(same), deadline, ties,
                f.cache["bits"], progress, alpha, f.cache.setdefault("rest", {}))
    if progress is not None:
        top = v0
        for a in att:
            top = _add(top, tables[a].entries[0].key)
        progress["bound"] = top
    if not _run(s, ties, alpha):
        return None
    if progress is not None:
        progress["others"] = [(v, d) for _, v, d in s.others]
    return s.found, f, sum(t.played for t in tables.values()) + counted[0]


def _order(attackers: Sequence[str], potential: Mapping[str, Sequence[str]],
           tables: Mapping[str, _Table]) -> list[str]:
    """The order the search decides the attackers in: those with the most blockers to
    choose from first (any order is exact; this one prunes early)."""
    return sorted(attackers, key=lambda a: (-len(potential[a]), a))


def _no_blocks(f: Fights, tables: Mapping[str, _Table], here: Value, problem: Any, m0: int,
               progress: Optional[dict]) -> Value:
    """The relaxed value of not blocking: the combat is its unblocked fights side by side,
    worth theirs summed less the value of the board as it stands counted once per fight
    beyond the first (what the attacks' triggers did is in each fight's value). Not
    blocking, when legal and safe, is an answer to give if time runs out (``progress``)."""
    v0 = here
    for t in tables.values():
        v0 = _add(v0, _sub(t.g0, here))
    if progress is not None:
        from ..rules.constraints import obeyed, violated

        loss: dict = {}
        for t in tables.values():
            loss = _accumulate(loss, t.reach0)
        if not violated(problem, frozenset()) and obeyed(problem, frozenset()) >= m0 and \
                all(max(ns) <= f.limits[q][0 if k == "life" else 1]
                    for (k, q), ns in loss.items() if k != "opp"):
            progress["best"] = (v0, {})
    return v0


def _gain_bound(f: Fights, base: Any, decider: frozenset[str], att: Sequence[str],
                tables: Mapping[str, _Table]) -> Callable:
    """``gain_lb(q, i, used, bit)``: the most lifelink the fights of the attackers from
    ``i`` on can give pool ``q`` back with the blockers not in ``used``."""
    pool_of = {p: next(q for q in f.pools if base.teammates(p, q)) for p in decider}
    # A blocker is in one fight at most: what it can give back is its greatest gain in
    # the fights of the attackers from i on.
    levels: list[dict[str, tuple[str, int]]] = []
    for i in range(len(att) + 1):
        most: dict[str, tuple[str, int]] = {}
        for a in att[i:]:
            for x, (ctl, g) in tables[a].gains.items():
                q = pool_of.get(ctl)
                if g > 0 and q is not None and g > most.get(x, ("", 0))[1]:
                    most[x] = (q, g)
        levels.append(most)
    memo: dict[tuple, int] = {}

    def gain_lb(q: str, i: int, used: int, bit: Mapping[str, int]) -> int:
        key = (q, i, used)
        hit = memo.get(key)
        if hit is None:
            hit = sum(g for x, (p, g) in levels[i].items()
                      if p == q and not bit.get(x, 0) & used)
            memo[key] = hit
        return hit

    return gain_lb


def _classes(same: Sequence[tuple[str, str]]) -> dict[str, tuple[str, ...]]:
    """Interchangeable blockers as classes, from ``same``'s chain of pairs (b1, b2) in id
    order."""
    cls_of: dict[str, list[str]] = {}
    for b1, b2 in same:
        c = cls_of.get(b1)
        if c is None:
            c = [b1]
            cls_of[b1] = c
        c.append(b2)
        cls_of[b2] = c
    return {c[0]: tuple(c) for c in cls_of.values()}


def _run(s: _Search, ties: int, alpha: Optional[Value]) -> bool:
    """First the best (no tie kept), then, with the fights already played only, other
    declarations exactly as good (up to ``ties``). False: the method declines or no
    declaration is safe."""
    s.ties = 0
    try:
        s.run()
    except _Decline:
        return False
    except _Enough:
        pass
    if not s.found:
        return False
    if ties > 1 and alpha is None:
        s.node_limit = min(20000, max(1000, s.nodes // 2))
        s.ties, s.no_new, s.nodes = ties, True, 0
        s.found = s.found[:1]
        try:
            s.run()
        except _Enough:
            pass
    return True


def _unsettled(board: Any) -> bool:
    """Whether state-based actions would remove a creature from the board as it stands,
    before any combat damage (704.5f-g: a creature whose damage marked is already lethal,
    as under "lethal damage is determined by power", 120.6): every fight would count that
    creature, and its fights' sum would not be the combat."""
    from ..rules.results import Results, outcome

    if not any(p.is_creature and (p.damage > 0 or (p.toughness or 0) <= 0)
               for p in board.permanents):
        return False  # lethal damage is 1 at least (120.6): none without damage marked
    return bool(outcome(board, board.bound, Results(), board.player_names).gone)


def _bound_f(d: dict, S: Sequence[str]) -> dict:
    """The features of the bound of a fight of two or more blockers (see
    :meth:`Fights.bound_data`): at most the attacker destroyed, none when all the blockers'
    damage can't destroy it (:func:`_may_die`); at least as many blockers
    destroyed as the attacker's damage surely kills when it deals damage in the fight's
    first combat damage step (no blocker that could destroy it or shrink it strikes before
    it, 510.4): those of them that die
    of their lethal damage alone in that step, the cheapest first (the attacker divides its damage as it likes,
    510.1c, or orders the doomed first, 509.2; each blocker's state and the attacker's
    damage are as when it blocks alone or more, as :data:`FIGHT_KEYWORDS` has it; damage
    in one step is dealt at once, 510.2); no damage to the attacking player; every
    blocker's lifelink gain in every step it deals damage."""
    gain = sum(d["gain"][b] for b in S)
    sure = 0
    # Blockers that deal damage before the attacker (first strike) must neither destroy
    # it nor put -1/-1 counters on it (wither, infect: 120.3d) -- those lower the damage
    # it then deals (122.1a).
    first = [b for b in S if d["precedes"][b]]
    if d["power"] is not None and (not first or (not _may_die(d, first) and
                                                 not any(d["hit"][b][1] for b in first))):
        left = d["power"]
        for n in sorted(d["need"][b] for b in S if d["simple"][b]):
            if n > left:
                break
            left -= n
            sure += 1
    return {"L": 0, "S": 0, "C": int(_may_die(d, S)) - sure, "H": gain, "own_life": -gain}


def _may_die(d: dict, S: Sequence[str]) -> bool:
    """Whether the blockers ``S`` could destroy the attacker: all their damage to it (as
    when each blocks it alone, every step it deals damage) on the attacker as it is then
    (``outcome`` decides; the attacker is no weaker with more blockers, and blockers that
    die first deal less)."""
    m = sum(d["hit"][b][0] for b in S)
    n = sum(d["hit"][b][1] for b in S)
    dt = any(d["hit"][b][2] for b in S)
    key = (m, n, dt)
    hit = d["fates"].get(key)
    if hit is None:
        from ..rules.results import Results, outcome

        sb, a = d["fate"], d["a"]
        res = Results(marked={a: m} if m else {}, minus={a: n} if n else {},
                      deathtouched={a} if dt else set())
        hit = a in outcome(sb, sb.bound, res, sb.player_names).gone
        d["fates"][key] = hit
    return hit
