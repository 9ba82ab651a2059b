"""Best decisions (spec Extension 2: ``best-blocks``, ``best-attacks``): the legal
declaration that is best for the deciding side when every later choice -- the other
side's blocks, both sides' damage assignment orders and assignments, in both damage
steps -- is made by minimax on the same objective.

**Objectives** (values compared lexicographically, larger is better for the deciding
side; *opponents* are the players on the other side of the combat: the attacking
player(s) for best-blocks, the defending players for best-attacks; *life lost* is life
before the combat minus life after it, uncapped, so life gained through lifelink counts
negative; a team that shares life (Two-Headed Giant, 810.9) counts once; a creature
*destroyed* is one that left the battlefield during the combat, for whatever reason):

* ``standard`` (the spec): (L, C, H) -- L is +1 when every opponent has lost, minus 1
  when a player of the deciding side has lost; C is opposing creatures destroyed minus
  own creatures destroyed; H is life lost by opponents minus life lost by the deciding
  side.
* ``survive``: (S, -life lost by the deciding side), S = -1 when a player of the
  deciding side has lost, else 0 -- only not losing, then the least life lost.
* ``race``: (L, H, C) -- the most damage to the opponents' life first.

**Method** (exact). The legal declarations of the deciding side are listed (every
restriction, the requirements maximum, 508.1d / 509.1c); declarations that differ only
by exchanging interchangeable creatures (same characteristics, texts, state, targets
and attachments) have the same value and are evaluated once. Each remaining one is
played out by :class:`mtgcombat.questions.game.CombatGame` (triggers resolved, then an
exact minimax over damage assignment orders and assignments, with equivalent and
dominated divisions merged and states memoised). For ``best-attacks`` each attack
declaration's value is the minimum over the defenders' legal block declarations. An
alpha-beta bound stops every evaluation as soon as it can't change the answer. A time
limit that stops the search gives the best declaration found, ``feasible``, with an
upper bound on what the best could be; ``optimal`` means the search finished.
"""

from __future__ import annotations

import dataclasses
from itertools import combinations
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Collection, Mapping, Optional, Sequence

from ..rules.model import BoardError
from ..rules.reasons import Reason, reason
from ..solver.base import Deadline, SolverTimeout
from . import JsonView
from .combat import BeforeDamage, combat, declare, judge_declarations, refuse_finished_game
from .game import CombatGame, Line, Value, ValueFn, gone_between
from .phases import game_phases, with_game_phases

if TYPE_CHECKING:  # pragma: no cover
    from ..text import Writer

OBJECTIVES = ("standard", "survive", "race")


# -- objectives --------------------------------------------------------------------------


@dataclass(frozen=True)
class Sides:
    decider: frozenset[str]
    opponents: frozenset[str]


def _pools(board: Any, players: frozenset[str]) -> list[str]:
    """One player per life total among ``players`` (a team sharing life counts once)."""
    out, seen = [], set()
    for p in sorted(players):
        team = board.player(p).team
        k = team if team is not None else ("player", p)
        if k not in seen:
            seen.add(k)
            out.append(p)
    return out


def features(start: Any, gone: Collection[str], life: Mapping[str, int], lost: Sequence[str],
             sides: Sides) -> dict[str, int]:
    """What the value of an objective is made of: ``gone``, the permanents that left the
    battlefield during the combat; ``life``, each player's life after it."""
    opp_c = own_c = 0
    for p in start.permanents:
        if p.is_creature and p.id in gone:
            if p.controller in sides.decider:
                own_c += 1
            elif p.controller in sides.opponents:
                opp_c += 1
    before = {p.name: p.life for p in start.players}
    opp_h = sum(before[p] - life[p] for p in _pools(start, sides.opponents))
    own_h = sum(before[p] - life[p] for p in _pools(start, sides.decider))
    lost_set = set(lost)
    opp_lost = bool(sides.opponents) and sides.opponents <= lost_set
    own_lost = bool(sides.decider & lost_set)
    return {"L": int(opp_lost) - int(own_lost), "S": -int(own_lost), "C": opp_c - own_c,
            "H": opp_h - own_h, "own_life": own_h}


def objective_value(name: str, f: dict[str, int]) -> Value:
    if name == "standard":
        return (f["L"], f["C"], f["H"])
    if name == "survive":
        return (f["S"], -f["own_life"])
    if name == "race":
        return (f["L"], f["H"], f["C"])
    raise ValueError(f"unknown objective {name!r}")


def value_fn(name: str, sides: Sides) -> ValueFn:
    if name not in OBJECTIVES:
        raise BoardError(reason("error.objective", None, name=name, known=OBJECTIVES))

    def value(start: Any, gone: Collection[str], life: Mapping[str, int],
              lost: Sequence[str]) -> Value:
        return objective_value(name, features(start, gone, life, lost, sides))

    return value


def upper_bound(name: str, board: Any, sides: Sides) -> Value:
    """A value no declaration can beat (every opposing creature in combat destroyed and
    none of one's own, the opponents losing all their life; honest, not tight)."""
    opp = sum(1 for p in board.permanents if p.is_creature and p.controller in sides.opponents)
    life = sum(board.player(p).life for p in _pools(board, sides.opponents))
    gain = sum((p.power or 0) * 2 for p in board.permanents
               if p.is_creature and p.controller in sides.decider)
    f = {"L": 1, "S": 0, "C": opp, "H": max(0, life) + gain + 10 ** 6, "own_life": -gain}
    return objective_value(name, f)


# -- the answer ----------------------------------------------------------------------------


@dataclass
class Alternative:
    """Another declaration and its value (``exact`` False: the search only proved it is
    no better than ``value``)."""

    declaration: dict
    value: Value
    exact: bool


@dataclass
class BestAnswer(JsonView):
    """The spec's ``best-blocks`` / ``best-attacks`` answer."""

    board: Any
    kind: str  # "blocks" (best-blocks) or "attacks" (best-attacks)
    objective: str
    status: str  # optimal | feasible | unknown
    value: Optional[Value] = None
    declaration: Optional[dict] = None
    reply_blocks: Optional[dict] = None
    reply_orders: dict = field(default_factory=dict)
    reply_damage: list[dict] = field(default_factory=list)
    outcome: Any = None  # the CombatAnswer of the principal variation
    bound: Optional[Value] = None
    alternatives: list[Alternative] = field(default_factory=list)
    evaluated: int = 0  # declarations played out
    method: str = "enumeration"  # or "groups": see the module docstring
    #: While searching: the best (value, declaration) so far and a bound on the rest.
    best_found: Optional[tuple] = field(default=None, repr=False)
    best_bound: Optional[Value] = field(default=None, repr=False)
    #: The board's own attacks when they are illegal (status "illegal") or unsettled:
    #: :class:`mtgcombat.questions.combat.Stop` (one verdict for one declaration).
    stop: Any = None

    @property
    def rules(self) -> str:
        return self.board.rules

    def why(self) -> list[Reason]:
        """The explanation as reasons: the choice, its value, the reply it expects, and
        what the alternatives lose."""
        out: list[Reason] = []
        if self.stop is not None:
            return out  # the violations say it (text.results.best)
        if self.declaration is None:
            out.append(reason("best.none", None, status=self.status))
            return out
        at = _place(self.board)
        out.append(reason("best.choice", None, kind=self.kind, decl=_pairs(self.declaration, at),
                          value=self.value, objective=self.objective, status=self.status))
        if self.kind == "attacks" and self.reply_blocks is not None:
            out.append(reason("best.reply_blocks", "509.1", blocks=_pairs(self.reply_blocks, at)))
        ed = self.board.edition
        for k, v in sorted(self.reply_orders.items(), key=lambda kv: at(kv[0])):
            role = "attacker" if k in (self.board.attacks or self.declaration or {}) else "blocker"
            out.append(reason("best.reply_order", ed.order_rule(role) or None, creature=k,
                              order=tuple(v)))
        for i, a in enumerate(self.reply_damage):
            out.append(reason("best.reply_damage", "510.1", n=i + 1,
                              steps=len(self.reply_damage), assignment=_assignment(a, at)))
        if self.outcome is not None:
            o = self.outcome
            # by which rule each left the battlefield (704.5g destroyed, 704.5m an Aura ...)
            gone = dict(o.before_damage.sba.gone) if o.before_damage is not None else {}
            for st in o.steps:
                gone.update(st.sba.gone)
            out.append(reason("best.outcome", None, destroyed=tuple(o.destroyed),
                              by=tuple(gone.get(x) for x in o.destroyed),
                              lost=tuple(o.lost), life=_life_pools(o.after_board)))
        for alt in self.alternatives[:5]:
            out.append(reason("best.alternative", None, kind=self.kind,
                              decl=_pairs(alt.declaration, at), value=alt.value,
                              exact=alt.exact,
                              best=self.value, objective=self.objective))
        return out

    def to_json(self, w: "Writer") -> dict:
        out: dict[str, Any] = {
            "rules": self.rules, "status": self.status, "objective": self.objective,
            "value": list(self.value) if self.value is not None else None,
            self.kind: self.declaration,
            "reply": {"blocks": self.reply_blocks if self.kind == "attacks"
                      else self.declaration, "damage": list(self.reply_damage)},
        }
        if self.reply_orders:
            out["reply"]["damage_order"] = {k: list(v) for k, v in self.reply_orders.items()}
        if self.outcome is not None:
            out["outcome"] = self.outcome.to_json(w)["after"]
        if self.bound is not None:
            out["bound"] = list(self.bound)
        out["evaluated"] = self.evaluated
        out["method"] = self.method
        out["alternatives"] = [{"declaration": a.declaration, "value": list(a.value),
                                "exact": a.exact} for a in self.alternatives[:10]]
        out["explanation"] = [w(r) for r in self.why()]
        out["violations"] = self.stop.violations_json(w) if self.stop is not None else []
        return out


def _life_pools(board: Any) -> tuple:
    """Life and poison once per life total, in the board's order of players: a player
    alone, or a Two-Headed Giant team sharing one (810.9, 810.10) --
    ((names, life, poison), ...)."""
    out, seen = [], set()
    for p in board.players:
        if p.team is not None and p.team in seen:
            continue
        seen.add(p.team)
        names = tuple(q.name for q in board.players
                      if q.name == p.name or (p.team is not None and q.team == p.team))
        out.append((names, p.life, p.poison))
    return tuple(out)


def _place(board: Any) -> Any:
    """Objects in the board's order (players, then permanents), never by id: the words
    of an answer must not depend on what the ids are."""
    rank = {n: i for i, n in enumerate(board.player_names)}
    rank.update({p.id: len(rank) + i for i, p in enumerate(board.permanents)})
    return lambda k: (rank.get(k, len(rank)), k)


def _pairs(decl: dict, at: Any) -> tuple:
    return tuple((k, tuple(sorted(v, key=at)) if isinstance(v, (list, tuple)) else v)
                 for k, v in sorted(decl.items(), key=lambda kv: at(kv[0])))


def _assignment(a: dict, at: Any) -> tuple:
    return tuple((s, tuple(sorted(d.items(), key=lambda kv: at(kv[0]))))
                 for s, d in sorted(a.items(), key=lambda kv: at(kv[0])) if d)


# -- interchangeable creatures ---------------------------------------------------------------


def _signatures(board: Any) -> dict[str, tuple]:
    """For each permanent, what it is apart from its id: two with the same signature
    are interchangeable in every declaration."""
    targeted: dict[str, list[int]] = {}
    for i, e in enumerate(board.effects):
        for t in e.targets:
            targeted.setdefault(t, []).append(i)
        if e.source is not None:
            targeted.setdefault(e.source, []).append(-1 - i)
    attached: dict[str, list[str]] = {}
    for p in board.permanents:
        if p.attached_to is not None:
            attached.setdefault(p.attached_to, []).append(p.id)
    out = {}
    for p in board.permanents:
        bare = dataclasses.replace(p, id="")
        out[p.id] = (repr(bare), tuple(targeted.get(p.id, ())), tuple(attached.get(p.id, ())),
                     p.id if (p.id in attached or p.attached_to is not None) else "")
    return out


def _canonical(kind: str, decl: dict, sig: dict[str, tuple]) -> tuple:
    if kind == "attacks":
        return tuple(sorted((sig[a], sig.get(t, t)) for a, t in decl.items()))
    by_attacker: dict[str, list] = {}
    for b, atts in decl.items():
        if len(atts) != 1:
            return ("exact", tuple(sorted((b, tuple(a)) for b, a in decl.items())))
        by_attacker.setdefault(atts[0], []).append(sig[b])
    return tuple(sorted((a, tuple(sorted(bs))) for a, bs in by_attacker.items()))


# -- the questions ----------------------------------------------------------------------------


def _legal(board: Any, kind: str, backend: str, deadline: Deadline):
    from .declarations import iter_found

    return iter_found(board, kind, backend, deadline)


def best_blocks(board: Any, objective: str = "standard", time_limit: Optional[float] = None,
                backend: str = "auto", method: str = "auto") -> BestAnswer:
    """The defending players' best legal block declaration against the board's attacks
    (see the module docstring). ``method``: "groups" (fight by fight, where the board
    allows it), "enumeration" (every legal declaration played out) or "auto" (the first
    that applies); both are exact and the tests compare them."""
    if board.attacks is None:
        raise BoardError(reason("error.best_blocks_no_attacks", None, where=("attacks",)))
    refuse_finished_game(board, "best-blocks")
    deadline = Deadline(time_limit)
    start = board.evolve(blocks=None, damage_order=None, damage_step=None, blocked=None,
                         first_strikers=None)
    # One verdict for one declaration: the board's attacks are judged as --attacks is.
    stop = judge_declarations(start, backend=backend, time_limit=deadline.remaining(),
                              judge_blocks=False)
    if stop is not None:
        return BestAnswer(board, "blocks", objective, stop.status, stop=stop)
    sides = Sides(frozenset(start.defenders),
                  frozenset(p for p in start.player_names if p not in start.defenders))
    value = value_fn(objective, sides)
    pre0 = BeforeDamage()
    lost0: list[str] = []
    base = declare(start, dict(start.attacks), None, pre0, lost0)
    game = CombatGame(start, sides.decider, value, deadline)
    out = BestAnswer(board, "blocks", objective, "unknown")
    sig = _signatures(base)
    seen: set = set()
    best: Optional[tuple[Value, dict]] = None
    try:
        found = None if method == "enumeration" else _by_groups(
            base, start, sides, objective, game, pre0, lost0, backend, deadline, out)
    except SolverTimeout:
        found = "timeout"
    if found is None and method == "groups":
        raise ValueError("this board can't be decided fight by fight")
    if found == "timeout" or isinstance(found, tuple):
        if isinstance(found, tuple):
            out.status, best = "optimal", found
        elif out.best_found is not None:
            out.status, best = "feasible", out.best_found
        if best is None:
            return out
        out.value, out.declaration = best
        if out.status == "feasible":
            bound = out.best_bound if out.best_bound is not None else \
                upper_bound(objective, start, sides)
            out.bound = max(bound, best[0])
        _principal(out, start, base, pre0, lost0, game, None, best[1], value, sides)
        return out
    try:
        for listed in _legal(base, "blocks", backend, deadline):
            decl = {k: list(v) for k, v in listed.declaration.items()}
            key = _canonical("blocks", decl, sig)
            if key in seen:
                continue
            seen.add(key)
            pre, lost = _copy(pre0), list(lost0)
            b = declare(base, None, decl, pre, lost)
            v, _ = game.play(b, lost, alpha=best[0] if best else None)
            out.evaluated += 1
            if best is None or v > best[0]:
                if best is not None:
                    out.alternatives.append(Alternative(best[1], best[0], True))
                best = (v, decl)
            else:
                out.alternatives.append(Alternative(decl, v, False))
        out.status = "optimal"
    except SolverTimeout:
        out.status = "feasible" if best is not None else "unknown"
    if best is None:
        return out
    out.value, out.declaration = best
    if out.status == "feasible":
        out.bound = upper_bound(objective, start, sides)
    _principal(out, start, base, pre0, lost0, game, None, best[1], value, sides)
    return out


def best_attacks(board: Any, objective: str = "standard", time_limit: Optional[float] = None,
                 backend: str = "auto") -> BestAnswer:
    """The active player's best legal attack declaration, the defending players replying
    with their best legal blocks (see the module docstring)."""
    refuse_finished_game(board, "best-attacks")
    deadline = Deadline(time_limit)
    start = board.evolve(attacks=None, blocks=None, damage_order=None, damage_step=None,
                         blocked=None, first_strikers=None, target_left=None, bands=())
    sides = Sides(frozenset(start.attacking_players),
                  frozenset(p for p in start.defenders))
    value = value_fn(objective, sides)
    game = CombatGame(start, sides.decider, value, deadline)
    out = BestAnswer(board, "attacks", objective, "unknown")
    sig = _signatures(start)
    seen: set = set()
    best: Optional[tuple[Value, dict, dict]] = None
    try:
        for listed in _legal(start, "attacks", backend, deadline):
            decl = dict(listed.declaration)
            key = _canonical("attacks", decl, sig)
            if key in seen:
                continue
            seen.add(key)
            pre, lost = BeforeDamage(), list[str]()
            bA = declare(start, decl, None, pre, lost)
            v, reply, exact = _worst_reply(bA, pre, lost, game, deadline, backend,
                                           best[0] if best else None)
            out.evaluated += 1
            if best is None or v > best[0]:
                if best is not None:
                    out.alternatives.append(Alternative(best[1], best[0], True))
                best = (v, decl, reply)
            else:
                out.alternatives.append(Alternative(decl, v, exact))
        out.status = "optimal"
    except SolverTimeout:
        out.status = "feasible" if best is not None else "unknown"
    if best is None:
        return out
    out.value, out.declaration = best[0], best[1]
    if out.status == "feasible":
        out.bound = upper_bound(objective, start, sides)
    pre, lost = BeforeDamage(), []
    bA = declare(start, best[1], None, pre, lost)
    _principal(out, start, bA, pre, lost, game, best[1], best[2], value, sides)
    return out


#: Fights valued at most (attacker, set of blockers) before enumeration is preferred.
GROUP_LIMIT = 4096
#: Added to the defending players' life in the relaxed game (nobody can lose).
_HUGE = 10 ** 7


def _by_groups(base: Any, start: Any, sides: Sides, objective: str, game: CombatGame,
               pre0: BeforeDamage, lost0: list, backend: str, deadline: Deadline,
               out: BestAnswer) -> Optional[tuple[Value, dict]]:
    """Best blocks by the value of each fight (an attacker and the creatures blocking
    it), exact; None when the board is not of the shape this needs.

    *Relaxed* game: the same combat with nobody able to lose. Its value without the
    loss component is the sum over fights (nothing else links them: damage goes to the
    creatures of one fight or to players; lifelink gains add up), so the relaxed value of
    every block declaration is one number per fight, and CP-SAT finds the legal
    declaration maximising the sum (:func:`mtgcombat.solver.cpsat.optimise_groups`).
    A declaration under which no play can make a defending player lose (the most damage
    and poison its attackers could possibly deal stays below their life and 10 poison) has
    its real value = (0, relaxed value). Any declaration's real value is at most (0,
    relaxed value): the defenders can only do worse when they must also avoid losing.
    So declarations are taken in decreasing relaxed value, the safe best first; each is
    played out exactly until the next one's relaxed value can't beat the best real value
    found."""
    from ..solver.cpsat import GroupModel

    problem = base.problem("blocks")
    if problem.costs or base.bands:
        return None
    if game_phases(base) is not None:
        return None  # triggers (510.3a, 511.2) may link the fights: each declaration played

    if any(problem.cap(b) != 1 for b in problem.options):
        return None  # a creature that can block several attackers links fights
    attackers = sorted(base.attacks or {})
    if not attackers:
        return None
    potential = {a: sorted(b for b, opts in problem.options.items() if a in opts)
                 for a in attackers}
    if sum(2 ** len(ps) for ps in potential.values()) > GROUP_LIMIT:
        return None
    be = get_backend_for(backend)
    m0, _ = be.maximum(problem, frozenset(), deadline)
    if m0 is None:
        return None
    out.method = "groups"
    # The relaxed game: every player's life out of reach, poison too.
    relaxed_start = start.derive(players=tuple(
        dataclasses.replace(p, life=p.life + _HUGE, poison=p.poison - _HUGE)
        for p in start.players))
    relaxed_base = base.derive(players=relaxed_start.players)
    _carry_readings(base, relaxed_base)
    rel_value = _relaxed_value_fn(objective, sides)
    rgame = CombatGame(relaxed_start, sides.decider, rel_value, deadline)

    def relaxed(board: Any, decl: dict) -> Value:
        pre, lost = _copy(pre0), list(lost0)
        b = declare(board, None, decl, pre, lost)
        return rgame.play(b, lost)[0]

    v0 = relaxed(relaxed_base, {})
    n = len(v0)
    alone: dict[str, Any] = {}
    g0: dict[str, Value] = {}
    exact: dict[tuple[str, frozenset], Value] = {}

    def evaluate(g: tuple[str, frozenset]) -> None:
        a, fs = g
        v = relaxed(alone[a], {b: [a] for b in sorted(fs)}) if fs else g0[a]
        exact[g] = tuple(x - y for x, y in zip(v, g0[a]))

    for a in attackers:
        # One fight on its own: the other attackers out of combat. Their damage is the
        # same whatever blocks this attacker, and what the attacks already did (their
        # triggers) is on the board; whether another creature attacks matters only to
        # restrictions on blocking (rules.abilities.OthersAttack), which CP-SAT keeps.
        alone[a] = relaxed_base.derive(attacks={a: base.attacks[a]}, target_left=tuple(
            x for x in (base.target_left or ()) if x == a) or None, first_strikers=None)
        _carry_readings(relaxed_base, alone[a])
        g0[a] = relaxed(alone[a], {})
        exact[(a, frozenset())] = (0,) * n
        for b in potential[a]:
            evaluate((a, frozenset([b])))
    # Fights of two or more blockers are played out only when the best declaration
    # needs them; until then an upper bound stands for them (_fight_bound).
    bound: dict[tuple[str, frozenset], Value] = {}
    for a in attackers:
        for k in range(2, len(potential[a]) + 1):
            for S in combinations(potential[a], k):
                g = (a, frozenset(S))
                bound[g] = tuple(x - y for x, y in zip(
                    _fight_bound(base, objective, a, S), g0[a]))

    def weights() -> dict:
        vals: dict[tuple[str, frozenset], Value] = {
            g: exact[g] if g in exact else bound[g] for g in set(exact) | set(bound)}
        span = [sum(max(abs(v[i]) for (a2, _), v in vals.items() if a2 == a)
                    for a in attackers) for i in range(n)]
        scale = [1] * n
        for i in range(n - 2, -1, -1):
            scale[i] = scale[i + 1] * (2 * span[i + 1] + 1)
        return {g: sum(v[i] * scale[i] for i in range(n)) for g, v in vals.items()}

    def groups_of(decl: dict) -> list[tuple[str, frozenset]]:
        by: dict[str, set] = {a: set() for a in attackers}
        for b, atts in decl.items():
            for a in atts:
                by[a].add(b)
        return [(a, frozenset(by[a])) for a in attackers]

    budgets = _budgets(base, sides, potential)
    sig = _signatures(base)
    same = _interchangeable(base, problem, sig)
    groups = list(exact) + list(bound)
    safe_model = GroupModel(problem, m0, groups, budgets, same)
    free_model = GroupModel(problem, m0, groups, (), same)

    def relaxed_of(decl: dict) -> Value:
        tot = list(v0)
        for g in groups_of(decl):
            tot = [x + y for x, y in zip(tot, exact[g])]
        return tuple(tot)

    def is_safe(decl: dict) -> bool:
        gs = groups_of(decl)
        return all(sum(coef.get(g, 0) for g in gs) <= limit for coef, limit in budgets)

    def solve(model: Any, bound_out: bool) -> Optional[dict]:
        """The best declaration by exact fight values, playing out the fights the
        bounds make it pick; on the way, a safe declaration is a feasible answer."""
        while True:
            r = model.solve(weights(), deadline)
            if r is None:
                return None
            decl = _lists(r[0])
            gs = groups_of(decl)
            if bound_out:
                vals = [exact.get(g, bound.get(g)) for g in gs]
                tot = list(v0)
                for v in vals:
                    tot = [x + y for x, y in zip(tot, v)]  # type: ignore[arg-type]
                out.best_bound = (0,) + tuple(tot)
            missing = [g for g in gs if g not in exact]
            for a, fs in missing:
                # Playing a fight out costs far less than a solve: play out every fight of
                # this attacker with as many blockers whose bound could still beat what the
                # fight the solve picked turns out to be worth.
                evaluate((a, fs))
                for g in [g for g in bound if g[0] == a and len(g[1]) == len(fs)
                          and g not in exact and bound[g] > exact[(a, fs)]]:
                    evaluate(g)
            if is_safe(decl):
                value = (0,) + relaxed_of(decl)
                if out.best_found is None or value > out.best_found[0]:
                    out.best_found = (value, decl)
            if not missing:
                return decl

    best: Optional[tuple[Value, dict]] = None
    # The best by relaxed value first: it bounds every answer (out.best_bound).
    first: Optional[dict] = solve(free_model, True)
    safe = solve(safe_model, False)
    if safe is not None:
        decl = safe
        best = ((0,) + relaxed_of(decl), decl)
        out.evaluated += 1
        out.best_found = best
    while True:
        cand, first = (first, None) if first is not None else (solve(free_model, True), None)
        if out.best_found is not None and (best is None or out.best_found[0] > best[0]):
            best = out.best_found
        if cand is None:
            break
        decl = cand
        upper = (0,) + relaxed_of(decl)
        out.best_bound = upper
        if best is not None and upper <= best[0]:
            break
        free_model.exclude(decl)
        pre, lost = _copy(pre0), list(lost0)
        b = declare(base, None, decl, pre, lost)
        real, _ = game.play(b, lost, alpha=best[0] if best else None)
        out.evaluated += 1
        if best is None or real > best[0]:
            if best is not None:
                out.alternatives.append(Alternative(best[1], best[0], True))
            best = (real, decl)
            out.best_found = best
        else:
            out.alternatives.append(Alternative(decl, real, False))
    out.best_bound = None
    return best


def _fight_bound(base: Any, objective: str, a: str, blockers: Sequence[str]) -> Value:
    """An upper bound on the relaxed value (for the blocking side) of attacker ``a``
    blocked by ``blockers``, component by component, without playing it: the attacker
    destroyed; of the blockers only as many destroyed as the attacker's damage surely
    kills when nothing strikes first or is prevented or indestructible (it divides its
    damage as it likes, 510.1c, and gains nothing by sparing one: fewer destroyed is
    better for the blockers in every objective that counts creatures); no damage to the
    defending player; the blockers' lifelink gaining all their damage (120.3f)."""
    from ..rules.combat_abilities import AssignsNoDamage, AssignsToughness
    from ..rules.combat_triggers import numbered

    bound = base.bound
    everyone = [a, *blockers]
    hits = {c: 2 if bound.has_keyword(c, "double strike") else 1 for c in everyone}

    def power(c: str) -> int:
        p = base.permanent(c)
        n = max(p.power or 0, p.toughness or 0) if bound.held_by(c, AssignsToughness) \
            else (p.power or 0)
        return max(0, n + sum(numbered(bound, c, "bushido")))

    gain = sum(power(b) * hits[b] for b in blockers if bound.has_keyword(b, "lifelink"))
    sure = 0
    simple = not any(bound.has_keyword(c, "first strike") or bound.has_keyword(c, "double strike")
                     for c in everyone)
    simple = simple and not bound.held_by(a, AssignsNoDamage) and not any(
        bound.has_keyword(b, "indestructible") for b in blockers)
    if simple:
        from ..rules.prevention import prevention_rule

        if any(prevention_rule(base, bound, a, b) is not None for b in blockers):
            simple = False
    if simple:
        dt = bound.has_keyword(a, "deathtouch")
        needs = sorted(1 if dt else max(1, (base.permanent(b).toughness or 0)
                                        - base.permanent(b).damage) for b in blockers)
        left = power(a)
        for x in needs:
            if x > left:
                break
            left -= x
            sure += 1
    f = {"L": 0, "S": 0, "C": 1 - sure, "H": gain, "own_life": -gain}
    return objective_value(objective, f)[1:]


def _lists(decl: dict) -> dict:
    return {k: list(v) for k, v in decl.items()}


def _carry_readings(old: Any, new: Any) -> None:
    from .combat import carry

    carry(old, new)


def get_backend_for(name: str):
    from ..solver import get_backend

    return get_backend(name)


def _relaxed_value_fn(name: str, sides: Sides) -> ValueFn:
    """The objective without its loss component (nobody can lose in the relaxed game)."""
    def value(start: Any, gone: Collection[str], life: Mapping[str, int],
              lost: Sequence[str]) -> Value:
        return objective_value(name, features(start, gone, life, lost, sides))[1:]

    return value


def _budgets(base: Any, sides: Sides, potential: Mapping[str, Sequence[str]]
             ) -> list[tuple[dict, int]]:
    """For each defending player (a team sharing life counts once): the most damage and
    poison each fight could possibly deal them must stay below what would make them lose
    (704.5a, 704.5c; 810.8c-d for a team)."""
    from ..rules.combat_abilities import AssignsToughness
    from ..rules.combat_triggers import numbered
    from ..rules.results import toxic_value

    bound = base.bound
    pools = _pools(base, sides.decider)
    pool_of = {p: next(q for q in pools if base.teammates(p, q)) for p in sides.decider}
    teams = {p.team for p in base.players if p.team}
    out = []
    dmg: dict[str, dict] = {q: {} for q in pools}
    psn: dict[str, dict] = {q: {} for q in pools}
    for a, ps in potential.items():
        target = base.attacks[a]
        perm = base.permanent(a)
        if target in base.player_names:
            victim: Optional[str] = target
        else:
            tp = base.permanent(target)
            over = bound.has_keyword(a, "trample over planeswalkers") and tp.is_planeswalker
            victim = tp.controller if over else None
        dp = base.defending_player_of(target)
        hits = 2 if bound.has_keyword(a, "double strike") else 1
        base_power = max(perm.power or 0, perm.toughness or 0) \
            if bound.held_by(a, AssignsToughness) else (perm.power or 0)
        for k in range(len(ps) + 1):
            for S in combinations(ps, k):
                g = (a, frozenset(S))
                power = base_power
                if S:
                    power += sum(numbered(bound, a, "bushido"))
                    power += sum(numbered(bound, a, "rampage")) * (len(S) - 1)
                reach = (not S or bound.has_keyword(a, "trample")
                         or bound.held_by(a, *_unblocked_types()))
                hit = max(0, power) * hits if (reach and victim is not None) else 0
                afflict = sum(numbered(bound, a, "afflict")) if S else 0
                if victim in pool_of and hit:
                    if bound.has_keyword(a, "infect"):
                        psn[pool_of[victim]][g] = psn[pool_of[victim]].get(g, 0) + hit
                    else:
                        dmg[pool_of[victim]][g] = dmg[pool_of[victim]].get(g, 0) + hit
                    tox = toxic_value(bound, a)
                    if tox:
                        psn[pool_of[victim]][g] = psn[pool_of[victim]].get(g, 0) + tox * hits
                if dp in pool_of and afflict:
                    dmg[pool_of[dp]][g] = dmg[pool_of[dp]].get(g, 0) + afflict
    for q in pools:
        pl = base.player(q)
        limit = 15 if pl.team is not None and teams else 10
        out.append((dmg[q], pl.life - 1))
        out.append((psn[q], limit - 1 - pl.poison))
    return out


def _unblocked_types() -> tuple:
    from ..rules.abilities import AssignAsThoughUnblocked

    return (AssignAsThoughUnblocked,)


def _interchangeable(base: Any, problem: Any, sig: dict) -> list[tuple[str, str]]:
    """Pairs of blockers with the same signature and the same choices, in id order."""
    by: dict[tuple, list[str]] = {}
    for b in sorted(problem.options):
        by.setdefault((sig[b], tuple(problem.options[b])), []).append(b)
    return [(xs[i], xs[i + 1]) for xs in by.values() for i in range(len(xs) - 1)]


def _worst_reply(bA: Any, pre: BeforeDamage, lost: list, game: CombatGame, deadline: Deadline,
                 backend: str, alpha: Optional[Value]) -> tuple[Value, dict, bool]:
    """The defenders' best reply to an attack: the block declaration minimising the
    attacker's value. Stops (inexact) once the value is no better than ``alpha``."""
    if not bA.attacks or game_over_before(bA, lost):
        nb = with_game_phases(bA.derive(blocks={}), game_phases(bA))  # 511.2 still comes
        return game.play(nb, lost)[0], {}, True
    sig = _signatures(bA)
    seen: set = set()
    worst: Optional[tuple[Value, dict]] = None
    for listed in _legal(bA, "blocks", backend, deadline):
        decl = {k: list(v) for k, v in listed.declaration.items()}
        key = _canonical("blocks", decl, sig)
        if key in seen:
            continue
        seen.add(key)
        p2, l2 = _copy(pre), list(lost)
        b = declare(bA, None, decl, p2, l2)
        v, _ = game.play(b, l2, alpha=alpha, beta=worst[0] if worst else None)
        if worst is None or v < worst[0]:
            worst = (v, decl)
        if alpha is not None and worst[0] <= alpha:
            return worst[0], worst[1], False
    assert worst is not None  # "no blocks" is always legal without requirements to obey
    return worst[0], worst[1], True


def game_over_before(board: Any, lost: Sequence[str]) -> bool:
    from .combat import game_over

    return game_over(board, lost)


def _copy(pre: BeforeDamage) -> BeforeDamage:
    from ..rules.results import StateBased

    return BeforeDamage(list(pre.triggers), StateBased(dict(pre.sba.gone),
                                                       list(pre.sba.defeated),
                                                       dict(pre.sba.lost)))


def _principal(out: BestAnswer, start: Any, base: Any, pre0: BeforeDamage, lost0: list,
               game: CombatGame, attacks: Optional[dict], blocks: dict,
               value: ValueFn, sides: Sides) -> None:
    """The reply and outcome of the chosen declaration: the principal variation, played
    again through ``combat`` (which must reach the same value)."""
    pre, lost = _copy(pre0), list(lost0)
    b = declare(base, None, blocks, pre, lost)
    # One declaration's game, played out whatever the time limit (its memo is reused).
    game.deadline = Deadline(None)
    v, line = game.play(b, lost)
    out.reply_blocks = blocks if attacks is not None else None
    out.reply_orders = dict(line.orders)
    out.reply_damage = [dict(s) for s in line.steps]
    # best-attacks: the attack checked again; best-blocks: the board's attacks are facts.
    fight = combat(start, attacks, blocks, out.reply_damage, damage_order=line.orders or None)
    out.outcome = fight
    if fight.status != "complete":
        raise AssertionError(f"the principal variation is not a legal combat: {fight.status}")
    after = fight.after_board
    got = value(start, gone_between(start, after), {p.name: p.life for p in after.players},
                fight.lost)
    if got != v or (out.value is not None and v != out.value):
        raise AssertionError(f"the game's value {v} (search {out.value}) and the combat's "
                             f"{got} differ")
    out.alternatives.sort(key=lambda a: a.value, reverse=True)


__all__ = ["OBJECTIVES", "BestAnswer", "best_attacks", "best_blocks", "Line"]
