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
alpha-beta bound stops every evaluation as soon as it can't change the answer; in
``best-attacks`` not attacking, when legal, is searched first for the first alpha, and
a reply already found, valued fight by fight, cuts a declaration it keeps at alpha or
below before its replies are searched (:mod:`mtgcombat.questions.attack_bounds`). A time
limit that stops the search gives the best declaration found, ``feasible``, with an
upper bound on what the best could be; ``optimal`` means the search finished.
"""

from __future__ import annotations

import dataclasses
from itertools import chain, combinations, islice
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Collection, Mapping, Optional, Sequence

from ..rules.model import BoardError
from ..rules.reasons import Reason, reason
from ..solver.base import Deadline, SolverTimeout
from . import JsonView
from .combat import BeforeDamage, combat, declare, judge_declarations, refuse_finished_game
from .fights import life_pools
from .game import CombatGame, Line, Value, ValueFn, gone_between
from .phases import as_declared, game_phases, with_game_phases

if TYPE_CHECKING:  # pragma: no cover
    from ..text import Writer

OBJECTIVES = ("standard", "survive", "race")


# -- objectives --------------------------------------------------------------------------


@dataclass(frozen=True)
class Sides:
    decider: frozenset[str]
    opponents: frozenset[str]




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
    opp_h = sum(before[p] - life[p] for p in life_pools(start, sides.opponents))
    own_h = sum(before[p] - life[p] for p in life_pools(start, sides.decider))
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
    life = sum(board.player(p).life for p in life_pools(board, sides.opponents))
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
    #: Other declarations exactly as good as ``declaration`` (up to a limit; exchanging
    #: interchangeable creatures doesn't make another one).
    equally_good: list[dict] = field(default_factory=list)
    #: While searching: the best (value, declaration) so far and a bound on the rest.
    best_found: Optional[tuple] = field(default=None, repr=False)
    best_bound: Optional[Value] = field(default=None, repr=False)
    #: The principal variation found with the best (enumeration).
    best_line: Optional[Line] = field(default=None, repr=False)
    #: The fight method: each fight's principal variation (best-blocks), or the reply's,
    #: when called.
    fight_lines: Optional[Callable[[], list]] = field(default=None, repr=False)
    #: The board's own attacks when they are illegal (status "illegal") or unsettled:
    #: :class:`mtgcombat.questions.combat.Stop` (one verdict for one declaration).
    stop: Any = None
    #: Why a ``feasible`` or ``unknown`` answer is not settled: None (its time limit), or
    #: the ability (source id, ability number) whose choice the search held the same for
    #: every declaration (spec Extension 3) -- a better line may choose otherwise.
    held: Optional[tuple] = None

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
            out.append(reason("best.none", "603.3d" if self.held else None,
                              status=self.status, held=self.held))
            return out
        at = _place(self.board)
        out.append(reason("best.choice", None, kind=self.kind, decl=_pairs(self.declaration, at),
                          value=self.value, objective=self.objective, status=self.status,
                          held=self.held))
        for d in self.equally_good:
            out.append(reason("best.equal", None, kind=self.kind, decl=_pairs(d, at),
                              value=self.value))
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
        out["equally_good"] = [dict(d) for d in self.equally_good]
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
    """The legal declarations; a small problem (a few thousand declarations of its shape
    at most) by brute force, which needs no model built."""
    from .declarations import iter_found

    if backend == "auto":
        problem = board.problem(kind)
        size = 1
        for c, opts in problem.options.items():
            size *= 1 + len(opts) if kind == "attacks" or problem.cap(c) == 1 else 2 ** len(opts)
            if size > 4096:
                break
        if size <= 4096:
            backend = "brute"
    return iter_found(board, kind, backend, deadline)


#: How many equally good declarations an answer lists (``equally_good``).
EQUAL_LIMIT = 10
#: Block problems with at most this many declarations (of their shape) are enumerated.
SMALL = 48
#: The same for the defenders' replies in best-attacks (whose fights are shared).
SMALL_REPLY = 8


def _search_deadline(time_limit: Optional[float]) -> Deadline:
    """The search stops a little before the time limit: what is left is for telling the
    answer (its principal variation played again through ``combat``, the words)."""
    if time_limit is None:
        return Deadline(None)
    return Deadline(max(0.0, time_limit - min(0.15, 0.3 * time_limit)))


def _predecessor(v: Value) -> Value:
    """The largest value below ``v`` (values are integer tuples compared
    lexicographically): a search proving "better than this" proves "at least ``v``"."""
    return v[:-1] + (v[-1] - 1,)


def best_blocks(board: Any, objective: str = "standard", time_limit: Optional[float] = None,
                backend: str = "auto", method: str = "auto") -> BestAnswer:
    """The defending players' best legal block declaration against the board's attacks
    (see the module docstring). ``method``: "groups" (fight by fight, where the board
    allows it: :mod:`mtgcombat.questions.fights`), "enumeration" (every legal declaration
    played out) or "auto" (the first that applies); both are exact and the tests compare
    them."""
    if board.attacks is None:
        raise BoardError(reason("error.best_blocks_no_attacks", None, where=("attacks",)))
    refuse_finished_game(board, "best-blocks")
    deadline = _search_deadline(time_limit)
    start = board.evolve(blocks=None, damage_order=None, damage_step=None, blocked=None,
                         first_strikers=None)
    _carry_readings(board, start)
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
    # The beginning of combat (507.2) carried out, then the attacks and their triggers.
    base = declare(as_declared(start, "attacks"), dict(start.attacks), None, pre0, lost0)
    game = CombatGame(start, sides.decider, value, deadline, monotone=True,
                      opponents=sides.opponents)
    out = BestAnswer(board, "blocks", objective, "unknown")
    found: Any = None
    if method != "enumeration":
        try:
            found = _by_fights(base, start, sides, objective, pre0, lost0, backend, deadline,
                               out, game=game, force=method == "groups")
        except SolverTimeout:
            found = "timeout"
    if found is None and method == "groups":
        raise ValueError("this board can't be decided fight by fight")
    if found is not None:
        best: Optional[tuple[Value, dict]] = None
        if isinstance(found, list):
            out.status, best = "optimal", found[0]
            out.equally_good = [d for _, d in found[1:]]
        elif out.best_found is not None:
            out.status, best = "feasible", out.best_found
        if best is None:
            return out
        out.value, out.declaration = best
        if out.status == "feasible":
            out.bound = max(out.best_bound or upper_bound(objective, start, sides), best[0])
        _principal(out, start, base, pre0, lost0, game, None, best[1], value, sides,
                   fights=out.fight_lines)
        return out
    _enumerate_blocks(out, base, pre0, lost0, game, backend, deadline)
    if out.declaration is None:
        return out
    if out.status == "feasible":
        out.bound = upper_bound(objective, start, sides)
    _principal(out, start, base, pre0, lost0, game, None, out.declaration, value, sides,
               line=out.best_line)
    return out


def _enumerate_blocks(out: BestAnswer, base: Any, pre0: BeforeDamage, lost0: list,
                      game: CombatGame, backend: str, deadline: Deadline,
                      alpha: Optional[Value] = None) -> None:
    """Every legal block declaration played out (alpha-beta across them), the best and
    the equally good ones kept in ``out``."""
    sig = _signatures(base)
    seen: set = set()
    best: Optional[tuple[Value, dict]] = None
    equal: list[dict] = []
    try:
        for listed in _legal(base, "blocks", backend, deadline):
            decl = {k: list(v) for k, v in listed.declaration.items()}
            key = _canonical("blocks", decl, sig)
            if key in seen:
                continue
            seen.add(key)
            pre, lost = _copy(pre0), list(lost0)
            b = declare(base, None, decl, pre, lost)
            v, line = game.play(b, lost, alpha=_predecessor(best[0]) if best else None)
            out.evaluated += 1
            if best is None or v > best[0]:
                if best is not None:
                    out.alternatives.append(Alternative(best[1], best[0], True))
                    out.alternatives += [Alternative(d, best[0], True) for d in equal]
                best, equal = (v, decl), []
                out.best_line = line
            elif v == best[0]:
                if len(equal) < EQUAL_LIMIT - 1:
                    equal.append(decl)
            else:
                out.alternatives.append(Alternative(decl, v, False))
        out.status = "optimal"
    except SolverTimeout:
        out.status = "feasible" if best is not None else "unknown"
    if best is not None:
        out.value, out.declaration = best
        out.equally_good = equal if out.status == "optimal" else []


def best_attacks(board: Any, objective: str = "standard", time_limit: Optional[float] = None,
                 backend: str = "auto", method: str = "auto") -> BestAnswer:
    """The active player's best legal attack declaration, the defending players replying
    with their best legal blocks (see the module docstring). ``method`` as for
    :func:`best_blocks`, for the replies."""
    refuse_finished_game(board, "best-attacks")
    deadline = _search_deadline(time_limit)
    start = board.evolve(attacks=None, blocks=None, damage_order=None, damage_step=None,
                         blocked=None, first_strikers=None, target_left=None, bands=())
    _carry_readings(board, start)
    begun = as_declared(start, "attacks")  # the beginning of combat carried out (507.2)
    sides = Sides(frozenset(start.attacking_players),
                  frozenset(p for p in start.defenders))
    value = value_fn(objective, sides)
    game = CombatGame(start, sides.decider, value, deadline, monotone=True,
                      opponents=sides.opponents)
    out = BestAnswer(board, "attacks", objective, "unknown")
    sig = _signatures(start)
    seen: set = set()
    best: Optional[tuple[Value, dict, dict, Any]] = None
    equal: list[dict] = []
    # The defenders' reply is best-blocks from their side when their value is the exact
    # opposite of the attacker's: one defending player (or team), an objective that is
    # symmetric (standard, race: each component is the other side's, negated).
    rsides = Sides(sides.opponents, sides.decider)
    fights = method != "enumeration" and objective in ("standard", "race") and \
        len(life_pools(start, sides.opponents)) == 1
    cache: dict = {}
    bounds = _reply_bounds(start, rsides, objective, cache, backend, deadline) \
        if fights and REPLY_BOUNDS else None

    def reply_to(decl: dict, alpha: Optional[Value]) -> tuple:
        pre, lost = BeforeDamage(), list[str]()
        bA = declare(begun, decl, None, pre, lost)
        if bounds is not None and alpha is not None:
            cheap = bounds.bound(bA, pre, lost, alpha)
            if cheap is not None and cheap[0] <= alpha:
                # a reply already known keeps this declaration at alpha or below
                return cheap[0], cheap[1], False, None
        got = _reply(bA, start, pre, lost, game, deadline, backend, alpha, fights, rsides,
                     objective, cache)
        out.evaluated += 1
        if bounds is not None:
            bounds.remember(got[1])
        return got

    seed: Optional[tuple] = None
    try:
        stream = _ordered_attacks(begun, backend, deadline)
        first = list(islice(stream, ATTACKS_HELD + 1))
        if NO_ATTACK_FIRST and len(first) <= ATTACKS_HELD and {} in first:
            # Not attacking, a legal declaration (every one is listed), is worth v0: the
            # best is worth v0 at least, so a declaration searched before it needs no
            # reply search beyond proving it below v0 (alpha-beta's first alpha).
            v0, r0, _, l0 = seed = reply_to({}, None)
        for decl in chain(first, stream):
            deadline.check()
            key = _canonical("attacks", decl, sig)
            if key in seen:
                continue
            seen.add(key)
            alpha = None
            if best is not None:
                alpha = _predecessor(best[0]) if len(equal) < EQUAL_LIMIT - 1 else best[0]
            elif seed is not None:
                alpha = _predecessor(seed[0])
            v, reply, exact, lines = seed if (seed is not None and not decl) else \
                reply_to(decl, alpha)
            if not exact:  # at most alpha: neither better than the best nor as good
                out.alternatives.append(Alternative(decl, v, False))
            elif best is None or v > best[0]:
                if best is not None:
                    out.alternatives.append(Alternative(best[1], best[0], True))
                    out.alternatives += [Alternative(d, best[0], True) for d in equal]
                best, equal = (v, decl, reply, lines), []
            elif v == best[0]:
                if len(equal) < EQUAL_LIMIT - 1:
                    equal.append(decl)
            else:
                out.alternatives.append(Alternative(decl, v, exact))
        out.status = "optimal"
    except SolverTimeout:
        if best is None and seed is not None:
            best = (seed[0], {}, seed[1], seed[3])
        out.status = "feasible" if best is not None else "unknown"
    if best is None:
        return out
    out.value, out.declaration = best[0], best[1]
    out.equally_good = equal if out.status == "optimal" else []
    if out.status == "feasible":
        out.bound = upper_bound(objective, start, sides)
    else:
        _exact_alternatives(out, begun, start, game, deadline, backend, fights, rsides,
                            objective, cache)
    pre, lost = BeforeDamage(), list[str]()
    bA = declare(begun, best[1], None, pre, lost)
    _principal(out, start, bA, pre, lost, game, best[1], best[2], value, sides,
               fights=best[3])
    return out


def _reply_bounds(start: Any, rsides: Sides, objective: str, cache: dict, backend: str,
                  deadline: Deadline) -> Any:
    """Upper bounds on attack declarations from replies already found
    (:mod:`mtgcombat.questions.attack_bounds`), valued as the reply search values them."""
    from .attack_bounds import ReplyBounds

    def relaxed(start_: Any, gone: Collection[str], life: Mapping[str, int],
                lost: Sequence[str]) -> Value:
        return objective_value(objective, features(start_, gone, life, lost, rsides))[1:]

    return ReplyBounds(start, rsides.decider, rsides.opponents, relaxed, cache,
                       lambda b, problem: _fights_apply(b, problem, 0, True),
                       lambda problem: _maximum(problem, backend, deadline))


def _exact_alternatives(out: BestAnswer, begun: Any, start: Any, game: CombatGame,
                        deadline: Deadline, backend: str, fights: bool, rsides: Sides,
                        objective: str, cache: dict) -> None:
    """The best alternatives an answer names (best-attacks): their values made exact while
    time allows (alpha-beta only proved them worse)."""
    out.alternatives.sort(key=lambda a: a.value, reverse=True)
    try:
        for alt in out.alternatives[:3]:
            if not alt.exact:
                pre, lost = BeforeDamage(), list[str]()
                bA = declare(begun, alt.declaration, None, pre, lost)
                alt.value, _, alt.exact, _ = _reply(bA, start, pre, lost, game, deadline,
                                                    backend, None, fights, rsides,
                                                    objective, cache)
    except SolverTimeout:
        pass


#: best-attacks' pruning rules (each exact; the tests compare the answers with and
#: without): a reply already found bounds a declaration (:mod:`.attack_bounds`) ...
REPLY_BOUNDS = True
#: ... and not attacking, searched first, gives the first alpha.
NO_ATTACK_FIRST = True

#: Up to how many legal attack declarations are held and ordered before the search.
ATTACKS_HELD = 4096


def _ordered_attacks(start: Any, backend: str, deadline: Deadline,
                     limit: int = ATTACKS_HELD) -> Any:
    """The legal attack declarations, the likely best first when there are not too many
    to hold (the more attackers and power the earlier: a good answer found early lets
    alpha-beta cut the replies to the others short)."""
    def power(decl: dict) -> tuple:
        return (len(decl), sum(start.permanent(a).power or 0 for a in decl))

    held: list[dict] = []
    stream = _legal(start, "attacks", backend, deadline)
    for listed in stream:
        held.append(dict(listed.declaration))
        if len(held) >= limit:
            break
    else:
        held.sort(key=power, reverse=True)
        yield from held
        return
    yield from held
    for listed in stream:
        yield dict(listed.declaration)


def _negated(v: Value) -> Value:
    return tuple(-x for x in v)


def _reply(bA: Any, start: Any, pre: BeforeDamage, lost: list, game: CombatGame,
           deadline: Deadline, backend: str, alpha: Optional[Value], fights: bool,
           rsides: Sides, objective: str, cache: dict
           ) -> tuple[Value, dict, bool, Optional[Callable[[], Any]]]:
    """The defenders' best reply to an attack (``bA``: declared, its triggers resolved):
    (the attacker's value, the blocks, whether the value is exact -- else only an upper
    bound, at most ``alpha`` -- and the fights' lines when found fight by fight)."""
    if bA.attacks and not game_over_before(bA, lost) and fights:
        tmp = BestAnswer(bA, "blocks", objective, "unknown")
        # The defenders need look no further than a reply keeping the attacker at
        # ``alpha`` or below.
        alpha_d = None if alpha is None else _negated(alpha)
        found = _by_fights(bA, start, rsides, objective, pre, lost, backend, deadline, tmp,
                           alpha=alpha_d, cache=cache)
        if found is not None:
            vd, decl = found[0]
            exact = alpha_d is None or vd < alpha_d
            return _negated(vd), decl, exact, tmp.fight_lines
    v, decl, exact, line = _worst_reply(bA, pre, lost, game, deadline, backend, alpha)
    return v, decl, exact, (lambda: line) if line is not None else None


def _maximum(problem: Any, backend: str, deadline: Deadline) -> Optional[int]:
    """The most requirements a declaration can obey (509.1c), by brute force on a small
    problem (cheaper than building a model), else by the backend."""
    from ..rules.constraints import violated

    if not problem.requirements and not problem.costs and not violated(problem, frozenset()):
        return 0  # nothing to obey, and not blocking breaks no restriction
    size = 1
    for opts in problem.options.values():
        size *= 1 + len(opts)
        if size > 64:
            break
    be = get_backend_for("brute" if size <= 64 else backend)
    m0, _ = be.maximum(problem, frozenset(), deadline)
    return m0


def _by_fights(base: Any, start: Any, sides: Sides, objective: str, pre0: BeforeDamage,
               lost0: list, backend: str, deadline: Deadline, out: BestAnswer,
               value_name: Optional[Callable[[dict], Value]] = None,
               alpha: Optional[Value] = None, cache: Optional[dict] = None,
               game: Optional[CombatGame] = None, force: bool = False
               ) -> Optional[list[tuple[Value, dict]]]:
    """Best blocks fight by fight (:mod:`mtgcombat.questions.fights`): the best
    declarations, best first (equally good ones after it), each with its value; None when
    the board is not of the shape it needs or no declaration is safe. ``value_name``: the
    objective's components from its features (default: ``objective``'s), the first
    component being -1 exactly when a player of the deciding side has lost."""
    from .fights import best_safe_blocks

    deadline.check()
    problem = base.problem("blocks")
    deadline.check()
    if not _fights_apply(base, problem, SMALL if cache is None else SMALL_REPLY, force):
        return None
    m0 = _maximum(problem, backend, deadline)
    if m0 is None:
        return None
    comp = value_name or (lambda f: objective_value(objective, f))

    def relaxed(start_: Any, gone: Collection[str], life: Mapping[str, int],
                lost: Sequence[str]) -> Value:
        return comp(features(start_, gone, life, lost, sides))[1:]

    sig = _signatures(base)
    same = _interchangeable(base, problem, sig)
    progress: dict = {}
    try:
        res = best_safe_blocks(base, start, sides.decider, sides.opponents, relaxed,
                               lambda f: comp(f)[1:], problem, m0, same, deadline, pre0,
                               lost0, cache=cache, ties=EQUAL_LIMIT, progress=progress,
                               alpha=None if alpha is None or alpha[0] > 0 else
                               alpha[1:] if alpha[0] == 0 else
                               tuple(-(10 ** 12) for _ in alpha[1:]))
    except SolverTimeout:
        _interrupted(out, base, progress)
        raise
    if res is None:
        return None
    found, fights, played = res
    out.method = "groups"
    out.evaluated = played
    out.alternatives = [Alternative(d, (0,) + v, True) for v, d in progress.get("others", [])]
    if game is not None and found[0][1] and all(d for _, d in found) and \
            all(a.declaration for a in out.alternatives):
        from ..rules.constraints import obeyed, violated

        # Not blocking, when legal, is the alternative a player asks about first.
        if not violated(problem, frozenset()) and obeyed(problem, frozenset()) >= m0:
            pre, lost = _copy(pre0), list(lost0)
            v, _ = game.play(declare(base, None, {}, pre, lost), lost)
            out.alternatives.append(Alternative({}, v, True))
    best = found[0][1]
    # The fights' principal variations, when the answer needs them (_principal).
    out.fight_lines = lambda: [fights.line(a, frozenset(b for b, atts in best.items()
                                                        if a in atts))
                               for a in sorted(base.attacks)]
    return [((0,) + v, d) for v, d in found]


def _fights_apply(base: Any, problem: Any, small: int, force: bool) -> bool:
    """Whether best blocks may be found fight by fight on ``base`` (the shape
    :mod:`mtgcombat.questions.fights` needs), and are worth it (more than ``small``
    declarations of the problem's shape, unless ``force``)."""
    from .fights import fights_unknown, may_fight

    if problem.costs or base.bands or not base.attacks:
        return False
    size = 1
    for opts in problem.options.values():
        size *= 1 + len(opts)
    if size <= small and not force:
        return False  # a few declarations: playing each out is quicker
    if game_phases(base) is not None:
        return False  # triggers (510.3a, 511.2) may link the fights: each declaration played
    if any(problem.cap(b) != 1 for b in problem.options):
        return False  # a creature that can block several attackers links fights
    if fights_unknown(base.bound, may_fight(base, problem)):
        return False
    if any(e.step is not None for e in base.effects):
        return False  # a trick of a later step (spec Extension 3) may act on any fight
    # the defending player assigns attackers' damage: not the attacker's line
    return not sum(1 for _ in base.bound.of_type(_defender_assigns()))


def _interrupted(out: BestAnswer, base: Any, progress: dict) -> None:
    """What the fight method had found when its time ran out: the best safe declaration
    so far and a bound on the rest, into ``out``."""
    if "best" not in progress:
        return
    v, d = progress["best"]
    out.best_found = ((0,) + v, d)
    out.best_bound = (0,) + progress["bound"] if "bound" in progress else None
    out.method = "groups"
    f = progress["fights"]
    out.fight_lines = lambda: [f.line(a, frozenset(b for b, atts in d.items() if a in atts))
                               for a in sorted(base.attacks)]


def _defender_assigns() -> type:
    from ..rules.abilities import DefenderAssignsDamage

    return DefenderAssignsDamage


def _lists(decl: dict) -> dict:
    return {k: list(v) for k, v in decl.items()}


def _carry_readings(old: Any, new: Any) -> None:
    from .combat import carry

    carry(old, new)


def get_backend_for(name: str):
    from ..solver import get_backend

    return get_backend(name)


def _interchangeable(base: Any, problem: Any, sig: dict) -> list[tuple[str, str]]:
    """Pairs of blockers with the same signature and the same choices, in id order."""
    by: dict[tuple, list[str]] = {}
    for b in sorted(problem.options):
        by.setdefault((sig[b], tuple(problem.options[b])), []).append(b)
    return [(xs[i], xs[i + 1]) for xs in by.values() for i in range(len(xs) - 1)]


def _worst_reply(bA: Any, pre: BeforeDamage, lost: list, game: CombatGame, deadline: Deadline,
                 backend: str, alpha: Optional[Value]) -> tuple[Value, dict, bool, Any]:
    """The defenders' best reply to an attack: the block declaration minimising the
    attacker's value, and its line. Stops (inexact, no line) once the value is no better
    than ``alpha``."""
    if not bA.attacks or game_over_before(bA, lost):
        nb = with_game_phases(bA.derive(blocks={}), game_phases(bA))  # 511.2 still comes
        v, line = game.play(nb, lost)
        return v, {}, True, line
    sig = _signatures(bA)
    seen: set = set()
    worst: Optional[tuple[Value, dict, Line]] = None
    for listed in _legal(bA, "blocks", backend, deadline):
        decl = {k: list(v) for k, v in listed.declaration.items()}
        key = _canonical("blocks", decl, sig)
        if key in seen:
            continue
        seen.add(key)
        p2, l2 = _copy(pre), list(lost)
        b = declare(bA, None, decl, p2, l2)
        v, line = game.play(b, l2, alpha=alpha, beta=worst[0] if worst else None)
        if worst is None or v < worst[0]:
            worst = (v, decl, line)
        if alpha is not None and worst[0] <= alpha:
            return worst[0], worst[1], False, None
    assert worst is not None  # "no blocks" is always legal without requirements to obey
    return worst[0], worst[1], True, worst[2]


def game_over_before(board: Any, lost: Sequence[str]) -> bool:
    from .combat import game_over

    return game_over(board, lost)


def _copy(pre: BeforeDamage) -> BeforeDamage:
    from ..rules.results import StateBased

    return BeforeDamage(list(pre.triggers), StateBased(dict(pre.sba.gone),
                                                       list(pre.sba.defeated),
                                                       dict(pre.sba.lost)))


def _combined(lines: Sequence[Line]) -> Line:
    """The principal variations of independent fights as one: the orders together, each
    step's assignments together (a fight without a first-strike step assigns in the
    regular step only, 510.4)."""
    two = any(len(x.steps) == 2 for x in lines)
    out = Line({}, [{}, {}] if two else [{}])
    for x in lines:
        out.orders.update(x.orders)
        if len(x.steps) == 2:
            out.steps[0].update(x.steps[0])
        if x.steps:
            out.steps[-1].update(x.steps[-1])
    return out


def _principal(out: BestAnswer, start: Any, base: Any, pre0: BeforeDamage, lost0: list,
               game: CombatGame, attacks: Optional[dict], blocks: dict,
               value: ValueFn, sides: Sides, fights: Optional[Callable] = None,
               line: Optional[Line] = None) -> None:
    """The reply and outcome of the chosen declaration: the principal variation (the
    fights' lines together, or the game played again), played again through ``combat``,
    which must reach the same value."""
    if fights is not None:
        got_line = fights()
        line = got_line if isinstance(got_line, Line) else _combined(got_line)
        v = out.value
    elif line is not None:
        v = out.value
    else:
        pre, lost = _copy(pre0), list(lost0)
        b = declare(base, None, blocks, pre, lost)
        game.deadline = Deadline(None)
        v, line = game.play(b, lost)
    out.reply_blocks = blocks if attacks is not None else None
    out.reply_orders = dict(line.orders)
    out.reply_damage = [dict(s) for s in line.steps]
    # best-attacks: the attack checked again; best-blocks: the board's attacks are facts.
    # The declarations are legal (listed so): on the board as facts of its combat.
    declared = start.derive(attacks=dict(attacks) if attacks is not None else start.attacks,
                            blocks={k: tuple(v) for k, v in blocks.items()})
    _carry_readings(start, declared)
    fight = combat(declared, None, None, out.reply_damage, damage_order=line.orders or None)
    for step in fight.steps:
        step.given = []  # every part is its player's best (by minimax), none was given
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
