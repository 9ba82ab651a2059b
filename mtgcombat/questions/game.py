"""Combat as a game: the exact minimax value of a combat whose declarations are made.

After the blocks (and their triggers), what is left to choose is how combat damage is
assigned: under the 2024 rules the damage assignment orders first (509.2 by the
attacking player, then 509.3 by the defending players), then in each combat damage
step each player's assignment in the order they assign (510.1: the active player, then
the defending players), each seeing the parts before it; the step's damage is dealt at
once (510.2), state-based actions follow (704.3), and the regular step is chosen
knowing the first step's result (510.4). :class:`CombatGame` computes the value of that
game for a value function seen from a *deciding side*: the deciding side's players
maximise it, every other player minimises it (the spec's "every choice after the
decision is made by minimax on the same objective").

**Exact by construction.** Every line is judged by the combat model itself:
:func:`mtgcombat.questions.combat.step_board` and
:func:`mtgcombat.rules.damage.damage_step` say who assigns what where, every division of
every source's damage is enumerated and kept only if
:func:`mtgcombat.rules.damage.source_violations` finds it legal, and what a step's whole
assignment does is :func:`mtgcombat.questions.combat.deal_damage` (the last step's:
:func:`mtgcombat.rules.results.outcome` of :func:`mtgcombat.rules.results.results`). No
keyword is modelled here. The search is kept small by facts about those functions,
each stated here with its proof and checked by ``tests/test_decisions_model.py``:

1. **Transposition.** The rest of a combat depends only on the board between two steps
   (every field of it: :func:`board_key`), the players who have lost and which creatures
   had first strike as the first step began (510.4); equal states are valued once.
2. **Equal results** (when :func:`merging_proven` holds for the board). What a step's
   assignment changes is :func:`~mtgcombat.rules.results.results` of the damage
   :func:`~mtgcombat.rules.results.deal` lets through: ``results`` is a sum over the
   damage dealt, one term per (source, recipient, amount) (*additivity*), and the board
   after the step is ``applied`` + ``state_based`` of that sum. So two parts of a player
   with equal results (and equal amounts on the objects whose lethal damage the players
   assigning later must count, 510.1) are interchangeable in every line: one is kept.
3. **Dominated parts in the last step** (when the value function is *monotone*, as every
   objective of :mod:`mtgcombat.questions.best` is, and :func:`merging_proven` holds).
   After the last step only :func:`~mtgcombat.rules.results.outcome` counts, and it reads
   the fields of :data:`~mtgcombat.rules.results.OUTCOME_FIELDS`, each monotone (more
   damage, counters or deathtouch never saves a creature, more life never makes a player
   lose, more poison never saves one), deciding each creature's fate from that
   creature's own entries (704.5f-h) and each player's from their life and poison
   (704.5a, 704.5c; 800.4a adds the creatures of a player who lost, again monotone). A
   part whose signed vector of those entries is at least another's everywhere is at
   least as good for its player whatever the others do after it -- provided what the
   players after it may assign does not depend on it (no later player's source counts
   damage on an object this player assigns to; checked, else nothing is pruned). A
   creature only one group of sources can damage counts as dead or alive (computed by
   ``outcome`` on that group's entries for it), not by its amounts.

   Nothing is pruned in a step that is not the last: killing a creature or dealing damage
   in the first-strike step can be worse for the player who does it (the game ends at
   once when a player loses, 104.2a, before a double striker's second hit; a creature that
   dies first deals no lifelink damage later; damage marked on an indestructible creature
   changes what is lethal later, 702.19b).

Abilities this module does not know (:func:`merging_proven`) turn 2 and 3 off: the search
is then every legal division, one by one, with only the transposition of equal boards.

**The combat's stack** (:mod:`mtgcombat.questions.phases`). What the declarations trigger
is carried out as they are made (:func:`mtgcombat.questions.combat.declare`). When the
stack may do something in a combat damage step or at end of combat
(:func:`acts_in_damage_steps`: an ability triggered by damage, a death, life gained or the
end of combat, 510.3a, 511.2; a delayed ability, 603.7; a trick cast in those steps), each
line carries it out exactly as ``combat`` does -- the step's triggers and tricks after its
damage, the end of combat after the last step -- on its own copy of the combat's stack,
and 2 and 3 are off (their proofs read only the damage).

Values are tuples of integers compared lexicographically (:mod:`mtgcombat.questions.best`
defines the objectives).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from itertools import permutations, product
from typing import Any, Callable, Collection, Iterator, Mapping, Optional, Sequence

from ..rules.damage import DamageStep, damage_step, source_violations
from ..rules.results import OUTCOME_FIELDS, Results, deal, outcome, results
from ..solver.base import Deadline
from .combat import deal_damage, first_stage, game_over, next_stage, step_board
from .phases import Phases, game_phases, with_game_phases

Value = tuple[int, ...]
#: (board at the decision, the permanents gone since, each player's life, players who
#: lost) -> value for the deciding side.
ValueFn = Callable[[Any, Collection[str], Mapping[str, int], Sequence[str]], Value]

EXACT, LOWER, UPPER = 0, 1, 2


def gone_between(start: Any, board: Any) -> frozenset[str]:
    """The permanents of ``start`` no longer on ``board``."""
    here = {p.id for p in board.permanents}
    return frozenset(p.id for p in start.permanents if p.id not in here)


@dataclass
class Line:
    """The choices of the principal variation: damage assignment orders (2024) and each
    step's whole assignment."""

    orders: dict[str, tuple[str, ...]] = field(default_factory=dict)
    steps: list[dict[str, dict[str, int]]] = field(default_factory=list)


# -- what the pruning is proven for ----------------------------------------------------------

#: Keywords the merging and dominance of this module are proven for (see the module
#: docstring): those the combat model carries out through ``results``, ``outcome``,
#: ``state_based`` and ``damage_step`` -- or that act on declarations only, or resolve as
#: triggers before combat damage (``rules.combat_triggers``). Any other keyword on the board
#: turns them off (``tests/test_decisions_model.py`` checks the project's keyword list).
PROVEN_KEYWORDS = frozenset({
    # declarations only (508, 509)
    "flying", "reach", "menace", "vigilance", "haste", "defender", "shadow", "horsemanship",
    "fear", "intimidate", "skulk", "provoke",
    # who assigns and where (510.1, 702.19, 702.22)
    "trample", "trample over planeswalkers", "banding", "first strike", "double strike",
    # what damage does (120.3, 702.2, 702.12, 702.15, 702.80, 702.90, 702.164)
    "deathtouch", "indestructible", "lifelink", "wither", "infect", "toxic", "poisonous",
    # triggers resolved before damage (rules.combat_triggers)
    "flanking", "exalted", "melee", "battle cry", "bushido", "rampage", "afflict",
})

#: Ability types (by class name) the pruning is proven for: what the combat model reads
#: into declarations, damage assignment and prevention. Grants are judged by what they
#: grant.
PROVEN_ABILITIES = frozenset({
    "Keyword", "KeywordN", "Landwalk", "Protection", "BandsWithOther",
    "AttackRequirement", "CantAttack", "CantAttackAlone", "CanOnlyAttackAlone",
    "AttackCondition", "AttackCap", "AttackParity", "AttackCost", "BlockRequirement",
    "LureRequirement", "MustBeBlocked", "CantBlock", "CanBlockOnly", "CantBlockAlone",
    "CantBeBlocked", "CantBeBlockedExcept", "CantBeBlockedBy", "CantBeBlockedByMoreThan",
    "CantBeBlockedUnlessAllBlock", "BlockCap", "BlockCapacity", "BlockCost",
    "AssignAsThoughUnblocked", "DefenderAssignsDamage", "Grant", "CantBeBlockedIf",
    "GrantWhileInCombat", "BlockableDespiteLandwalk", "BlockCondition", "AttackAsThough",
    "BlockAsThough", "BlockEachAttacker", "LureBy", "Conditional", "Named", "Goaded",
    "AttackIfAttacks", "BlockWhileTapped", "PlayerAttackRequirement", "AllAttackIfAny",
    "EnchantPlayer", "Choice", "RemovalCost",
    "Prevention", "CantBePrevented", "AssignsToughness", "AssignsNoDamage",
})


def unknown_abilities(bound: Any) -> list[str]:
    """What of a bound board the pruning is not proven for: ability types and keywords
    outside :data:`PROVEN_ABILITIES` / :data:`PROVEN_KEYWORDS` (empty: proven)."""
    out: list[str] = []

    def visit(ab: Any) -> None:
        name = type(ab).__name__
        if name not in PROVEN_ABILITIES:
            out.append(name)
            return
        if name in ("Keyword", "KeywordN") and ab.name.lower() not in PROVEN_KEYWORDS:
            out.append(ab.name.lower())
        for sub in getattr(ab, "abilities", ()) or ():
            visit(sub)

    for inst in bound.instances:
        visit(inst.ability)
    for kws in bound.keywords.values():
        out += [k for k in kws if k not in PROVEN_KEYWORDS]
    return sorted(set(out))


#: The events of triggered abilities that happen before combat damage (507.2, 508.3, 509.3):
#: the declarations carry them out.
def _before_damage() -> tuple:
    from ..rules import triggered as T

    return (T.BeginningOfCombat, T.Attacks, T.AttackYou, T.PlayerAttacks, T.Blocks,
            T.BecomesBlocked, T.BlocksOrBlocked, T.AttacksOrBlocks, T.Unblocked, T.Exerted)


#: The steps whose tricks are cast before combat damage.
_STEPS_BEFORE = frozenset({"beginning of combat", "declare attackers", "declare blockers"})


def acts_in_damage_steps(board: Any) -> bool:
    """Whether the combat's stack may do something in a combat damage step or at end of
    combat (510.3a, 511.2): a triggered ability of any event but the declarations' and
    the beginning of combat's, a delayed ability waiting (603.7), a trick of those steps
    (spec Extension 3)."""
    hit = board.__dict__.get("_c_acts_in_damage")
    if hit is None:
        from ..rules import triggered as T

        ph = game_phases(board)
        before = _before_damage()
        hit = bool(ph is not None and ph.stack.delayed) or any(
            e.step is not None and e.step not in _STEPS_BEFORE for e in board.effects) or any(
            not isinstance(getattr(i.ability, "event", None), before)
            for i in board.bound.of_type(T.Triggered))
        board.__dict__["_c_acts_in_damage"] = hit
    return hit


def merging_proven(board: Any) -> bool:
    """Whether the merging of equal results and the dominance of the last step are proven
    for this board (every ability and keyword on it is known; see the module docstring)."""
    hit = board.__dict__.get("_c_merging_proven")
    if hit is None:
        hit = not unknown_abilities(board.bound)
        object.__setattr__(board, "_c_merging_proven", hit)
    return hit


# -- keys ------------------------------------------------------------------------------------


_MAPPINGS: tuple = ()


def _hashable(v: Any) -> Any:
    t = type(v)
    if t is str or t is int or v is None or t is bool:
        return v
    if t is tuple or t is list:
        return tuple(_hashable(x) for x in v)
    if t is dict or isinstance(v, _mapping_types()):
        return tuple(sorted((k, _hashable(x)) for k, x in v.items()))
    if t is set or t is frozenset:
        return tuple(sorted(v))
    return v


def _mapping_types() -> tuple:
    global _MAPPINGS
    if not _MAPPINGS:
        from types import MappingProxyType

        from ..rules.model import FrozenMap

        _MAPPINGS = (dict, MappingProxyType, FrozenMap, Mapping)
    return _MAPPINGS


_BOARD_FIELDS: dict[type, tuple[str, ...]] = {}


def board_key(board: Any) -> tuple:
    """Everything a board is -- every field of it, whatever fields it has -- hashable: two
    boards with the same key are the same board."""
    names = _BOARD_FIELDS.get(type(board))
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(board))
        _BOARD_FIELDS[type(board)] = names
    out = []
    for n in names:
        v = getattr(board, n)
        t = type(v)
        if t is tuple:
            try:
                hash(v)
                out.append(v)
                continue
            except TypeError:
                pass
        out.append(_hashable(v))
    return tuple(out)


#: Board fields that binding the abilities (``rules.bind.bind``) never reads: a board
#: that differs from another only in these has the same bound abilities
#: (``tests/test_decisions_model.py`` checks it).
BIND_BLIND = frozenset({"damage_step", "first_strikers"})


def share_bound(old: Any, new: Any) -> None:
    """Give ``new`` the bound abilities of ``old`` when they differ only in fields
    binding doesn't read (:data:`BIND_BLIND`): binding is the costly part of a board."""
    if new is old or "bound" in new.__dict__ or "bound" not in old.__dict__:
        return
    names = _BOARD_FIELDS.get(type(old))
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(old))
        _BOARD_FIELDS[type(old)] = names
    for n in names:
        if n in BIND_BLIND:
            continue
        a, b = getattr(old, n), getattr(new, n)
        if a is not b and a != b:
            return
    new.__dict__["bound"] = old.bound


_RESULT_FIELDS: tuple[tuple[str, bool], ...] = ()


def _result_fields() -> tuple[tuple[str, bool], ...]:
    """Results' fields, each with whether it is a set (else a dict of numbers)."""
    global _RESULT_FIELDS
    if not _RESULT_FIELDS:
        r = Results()
        out = []
        for f in dataclasses.fields(Results):
            v = getattr(r, f.name)
            if isinstance(v, dict):
                out.append((f.name, False))
            elif isinstance(v, (set, frozenset)):
                out.append((f.name, True))
            else:
                raise TypeError(f"Results.{f.name}: neither numbers by key nor a set")
        _RESULT_FIELDS = tuple(out)
    return _RESULT_FIELDS


def freeze_results(res: Results) -> tuple:
    """A :class:`~mtgcombat.rules.results.Results` as a hashable value (every field)."""
    out = []
    for name, is_set in _result_fields():
        v = getattr(res, name)
        if v:
            out.append((name, tuple(sorted(v)) if is_set else tuple(sorted(v.items()))))
    return tuple(out)


def add_results(a: Results, b: Results) -> Results:
    """The results of two sets of damage dealt together (``results`` is a sum over the
    damage dealt: numbers add up, sets unite)."""
    out = Results()
    for name, is_set in _result_fields():
        x, y = getattr(a, name), getattr(b, name)
        if not y:
            if x:
                setattr(out, name, set(x) if is_set else dict(x))
            continue
        if not x:
            setattr(out, name, set(y) if is_set else dict(y))
            continue
        if is_set:
            setattr(out, name, set(x) | set(y))
        else:
            d = dict(x)
            for k, n in y.items():
                d[k] = d.get(k, 0) + n
            setattr(out, name, d)
    return out


# -- the game -------------------------------------------------------------------------------


class _Step:
    """One combat damage step, prepared: its rules, who assigns, what is proven."""

    def __init__(self, game: "CombatGame", board: Any, stage: str,
                 had_first: Optional[tuple[str, ...]], lost: tuple[str, ...]) -> None:
        self.stage = stage
        #: the combat's stack acts in this step or after it (module docstring)
        self.phased = acts_in_damage_steps(board)
        self.board = board
        self.stepboard, self.had = step_board(board, stage, had_first)
        share_bound(board, self.stepboard)
        sb = self.stepboard
        self.step: DamageStep = damage_step(sb, sb.bound, sb.blocked or (), sb.first_strikers,
                                            sb.target_left or ())
        self.lost = lost
        self.last = stage == "regular"
        self.players = list(self.step.players)
        self.merge = game.merging and merging_proven(sb) and not self.phased
        self.rules: dict = {}  # prevention rules by (source, recipient)
        self.options: dict[tuple, list[tuple[dict, Results]]] = {}
        self.fates: dict[tuple, bool] = {}
        # Objects whose assigned damage a later player's conditions count (510.1: the
        # damage of the players who assign before is visible to them).
        self.watched: dict[str, frozenset[str]] = {}
        for i, p in enumerate(self.players):
            later: set[str] = set()
            for q in self.players[i + 1:]:
                for s in self.step.sources_of(q):
                    for c in self.step.conditions_of(s.id):
                        later |= set(getattr(c, "before", ()) or ())
                        later |= set(getattr(c, "creatures", ()) or ())
                        pw = getattr(c, "planeswalker", None)
                        if pw:
                            later.add(pw)
            self.watched[p] = frozenset(later)
        # Objects only one group of one player's sources can damage (their fate in the
        # last step is that group's alone).
        reach: dict[str, int] = {}
        for s in self.step.sources.values():
            for r in set(s.all_recipients):
                reach[r] = reach.get(r, 0) + 1
        self.reach_count = reach
        self.dominance = (self.last and self.merge and game.monotone)
        self.gone_before = gone_between(game.start, sb)

    def part_results(self, part: Mapping[str, Mapping[str, int]]) -> Results:
        sb = self.stepboard
        dealt, _ = deal(sb, sb.bound, part, self.rules)
        return results(sb, sb.bound, dealt)


class CombatGame:
    """The value of the rest of a combat for ``decider`` (a set of players), from
    ``start`` (the board at the decision; what the value compares against).

    ``monotone``: the value function never decreases when a decider's creature is saved,
    an opposing creature dies, a decider's life or an opponent's poison rises or an
    opponent's life or a decider's poison falls (every objective of
    :mod:`mtgcombat.questions.best` is); it allows the dominance of the last step.
    ``merging`` False: every legal division is its own choice (the tests' reference mode).
    """

    def __init__(self, start: Any, decider: frozenset[str], value: ValueFn,
                 deadline: Optional[Deadline] = None, *, monotone: bool = False,
                 opponents: Optional[frozenset[str]] = None, merging: bool = True) -> None:
        self.start = start
        self.decider = frozenset(decider)
        self.opponents = frozenset(opponents if opponents is not None else
                                   (p for p in start.player_names if p not in decider))
        self.value_fn = value
        self.deadline = deadline or Deadline(None)
        self.monotone = monotone
        self.merging = merging
        self._memo: dict[tuple, tuple[Value, int, list[dict]]] = {}
        self._steps: dict[tuple, _Step] = {}
        self._after: dict[tuple, tuple[Any, tuple[str, ...]]] = {}
        self.nodes = 0

    # -- the root: orders, then the steps ------------------------------------------------
    def play(self, board: Any, lost: Sequence[str] = (), *, alpha: Optional[Value] = None,
             beta: Optional[Value] = None) -> tuple[Value, Line]:
        """The value of the combat of ``board`` (declarations made, triggers resolved)
        and its principal variation. With a window (alpha-beta): the deciding side is
        sure of ``alpha`` elsewhere and the other side of ``beta``, so the search stops as
        soon as the value is proved to be outside the window; the value returned is then
        only a bound (<= alpha, or >= beta) and the line incomplete."""
        lost = list(lost)
        choosers = self._order_choices(board)
        return self._orders(board, choosers, 0, {}, lost, alpha, beta)

    def _order_choices(self, board: Any) -> list[tuple[str, str, tuple[str, ...]]]:
        """2024 (509.2, 509.3): the damage assignment orders still to choose, as (player,
        creature, the creatures to order), the attacking player's first."""
        if not board.edition.has_order or first_stage(board, []) is None:
            return []
        given = board.damage_order or {}
        blocks = board.blocks or {}
        blockers_of: dict[str, list[str]] = {}
        for b, atts in blocks.items():
            for a in atts:
                blockers_of.setdefault(a, []).append(b)
        out = []
        for a in sorted(blockers_of):
            if len(blockers_of[a]) >= 2 and a not in given:
                out.append((board.permanent(a).controller, a, tuple(sorted(blockers_of[a]))))
        for b in sorted(blocks):
            if len(blocks[b]) >= 2 and b not in given:
                out.append((board.permanent(b).controller, b, tuple(sorted(blocks[b]))))
        rank = {p: i for i, p in enumerate(_turn_order(board))}
        out.sort(key=lambda x: rank.get(x[0], 99))
        return out

    def _orders(self, board: Any, choosers: list, i: int, chosen: dict, lost: list,
                alpha: Optional[Value], beta: Optional[Value]) -> tuple[Value, Line]:
        if i == len(choosers):
            b = board
            if chosen:
                order = dict(board.damage_order or {})
                order.update(chosen)
                b = board.derive(damage_order=order)
                _carry(board, b)
            v, steps = self._state(b, first_stage(b, lost), None, tuple(sorted(lost)),
                                   alpha, beta)
            return v, Line(dict(chosen), steps)
        player, creature, items = choosers[i]
        maximise = player in self.decider
        best: Optional[tuple[Value, Line]] = None
        for perm in permutations(items):
            v, line = self._orders(board, choosers, i + 1, {**chosen, creature: perm}, lost,
                                   alpha, beta)
            if best is None or (v > best[0] if maximise else v < best[0]):
                best = (v, line)
            if maximise:
                if beta is not None and best[0] >= beta:
                    break
                alpha = best[0] if alpha is None or best[0] > alpha else alpha
            else:
                if alpha is not None and best[0] <= alpha:
                    break
                beta = best[0] if beta is None or best[0] < beta else beta
        assert best is not None
        return best

    # -- a step ---------------------------------------------------------------------------
    def _end_value(self, board: Any, lost: Sequence[str]) -> Value:
        return self.value_fn(self.start, gone_between(self.start, board),
                             {p.name: p.life for p in board.players}, lost)

    def _state(self, board: Any, stage: Optional[str], had_first: Optional[tuple[str, ...]],
               lost: tuple[str, ...], alpha: Optional[Value] = None,
               beta: Optional[Value] = None) -> tuple[Value, list[dict]]:
        """The value from the start of ``stage`` (None: combat damage is over) and the
        whole assignments of the principal variation; a bound outside (alpha, beta)."""
        ph = game_phases(board)
        if stage is None:
            return self._end_value(board, lost), []
        key = (board_key(board), stage, had_first, lost, _stack_key(board))
        hit = self._memo.get(key)
        if hit is not None:
            v, kind, line = hit
            if kind == EXACT or (kind == LOWER and beta is not None and v >= beta) or \
                    (kind == UPPER and alpha is not None and v <= alpha):
                return v, line
        self.deadline.check()
        self.nodes += 1
        st = self._step(board, stage, had_first, lost, key)
        out = self._search(st, 0, {}, Results(), alpha, beta)
        v = out[0]
        kind = UPPER if alpha is not None and v <= alpha else \
            LOWER if beta is not None and v >= beta else EXACT
        self._memo[key] = (v, kind, out[1])
        return out

    def _step(self, board: Any, stage: str, had_first: Optional[tuple[str, ...]],
              lost: tuple[str, ...], key: Optional[tuple] = None) -> _Step:
        key = key or (board_key(board), stage, had_first, lost, _stack_key(board))
        st = self._steps.get(key)
        if st is None:
            st = _Step(self, board, stage, had_first, lost)
            if len(self._steps) > 5000:
                self._steps.clear()
            self._steps[key] = st
        return st

    def _leaf(self, st: _Step, whole: dict, total: Results) -> tuple[Value, list[dict]]:
        sb = st.stepboard
        if st.last and not st.phased:  # the last step: only its result counts
            o = outcome(sb, sb.bound, total, st.lost)
            return self.value_fn(self.start, st.gone_before | o.gone, o.life,
                                 tuple(sorted(set(st.lost) | o.lost))), [dict(whole)]
        after, lost2 = self._after_step(st, whole, total)
        if st.last:
            return self._end_value(after, lost2), [dict(whole)]
        v, rest = self._state(after, next_stage(after, st.stage, lost2), st.had, lost2)
        return v, [dict(whole)] + rest

    def _after_step(self, st: _Step, whole: dict, total: Results) -> tuple[Any, tuple]:
        """The board after a step that is not the last, and who has lost (equal results
        make equal boards, module docstring)."""
        akey = (id(st), freeze_results(total)) if st.merge else \
            (id(st), _hashable(whole))
        hit = self._after.get(akey)
        if hit is None:
            after, dealt, _, sb2 = deal_damage(st.stepboard, whole, st.lost)
            if st.phased:
                after, lost2 = _stack_after(st, after, dealt, sb2)
            else:
                lost2 = tuple(sorted(set(st.lost) | set(sb2.lost)))
            hit = (after, lost2)
            if len(self._after) > 20000:
                self._after.clear()
            self._after[akey] = hit
        return hit

    def _search(self, st: _Step, i: int, whole: dict, total: Results,
                a: Optional[Value], b: Optional[Value]) -> tuple[Value, list[dict]]:
        """Alpha-beta over the parts of the players who assign, in order (510.1)."""
        if i == len(st.players):
            return self._leaf(st, whole, total)
        p = st.players[i]
        maximise = p in self.decider
        best: Optional[tuple[Value, list[dict]]] = None
        for part, res in self.parts(st, p, whole):
            v = self._search(st, i + 1, {**whole, **part}, add_results(total, res), a, b)
            if best is None or (v[0] > best[0] if maximise else v[0] < best[0]):
                best = v
            if maximise:
                if b is not None and best[0] >= b:
                    break
                a = best[0] if a is None or best[0] > a else a
            else:
                if a is not None and best[0] <= a:
                    break
                b = best[0] if b is None or best[0] < b else b
        if best is None:  # no legal part: impossible (510.1); never guess
            raise ValueError(f"no legal assignment for {p}")
        return best

    # -- every line: the extremes -------------------------------------------------------------
    def extremes(self, board: Any, lost: Sequence[str],
                 measure: Callable[[Mapping[str, int], Mapping[str, int]], Mapping[Any, int]]
                 ) -> dict[tuple[int, Any], int]:
        """Over every line of the combat of ``board`` (every order, every legal
        assignment of every player in every step): the largest value of each number
        ``measure(life, poison)`` gives at each checkpoint -- 0 as combat damage begins,
        1 after the first-strike combat damage step (as at 0 when there is none), 2 after
        the last step. Keys (checkpoint, the measure's key). Exact: what each line does is
        the combat model's (no dominance is used; equal results lead to equal boards)."""
        out: dict[tuple[int, Any], int] = {}
        here = measure({p.name: p.life for p in board.players},
                       {p.name: p.poison for p in board.players})
        for k, v in here.items():
            out[(0, k)] = v
        choosers = self._order_choices(board)

        def orders(i: int, chosen: dict) -> None:
            if i == len(choosers):
                b = board
                if chosen:
                    b = board.derive(damage_order={**(board.damage_order or {}), **chosen})
                    _carry(board, b)
                stage = first_stage(b, lost)
                got = self._extreme(b, stage, None, tuple(sorted(lost)), measure)
                if stage != "first":  # no first-strike step: checkpoint 1 is checkpoint 0
                    for k, v in here.items():
                        got[(1, k)] = max(got.get((1, k), v), v)
                for k, v in got.items():
                    if v > out.get(k, v - 1):
                        out[k] = v
                return
            _, creature, items = choosers[i]
            for perm in permutations(items):
                orders(i + 1, {**chosen, creature: perm})

        orders(0, {})
        return out

    def _extreme(self, board: Any, stage: Optional[str], had_first: Optional[tuple[str, ...]],
                 lost: tuple[str, ...], measure: Callable) -> dict[tuple[int, Any], int]:
        if stage is None:
            return {}
        key = ("x", board_key(board), stage, had_first, lost, _stack_key(board))
        hit = self._memo.get(key)
        if hit is not None:
            return hit[0]  # type: ignore[return-value]
        self.deadline.check()
        st = self._step(board, stage, had_first, lost)
        cp = 1 if stage == "first" else 2
        out: dict[tuple[int, Any], int] = {}

        def note(life: Mapping[str, int], poison: Mapping[str, int]) -> None:
            for k, v in measure(life, poison).items():
                if v > out.get((cp, k), v - 1):
                    out[(cp, k)] = v

        def walk(i: int, whole: dict, total: Results) -> None:
            if i < len(st.players):
                for part, res in self.parts(st, st.players[i], whole, prune=False):
                    walk(i + 1, {**whole, **part}, add_results(total, res))
                return
            sb = st.stepboard
            if st.last:
                o = outcome(sb, sb.bound, total, st.lost)
                note(o.life, o.poison)
                return
            after, lost2 = self._after_step(st, whole, total)
            note({p.name: p.life for p in after.players},
                 {p.name: p.poison for p in after.players})
            for k, v in self._extreme(after, next_stage(after, stage, lost2), st.had, lost2,
                                      measure).items():
                if v > out.get(k, v - 1):
                    out[k] = v

        walk(0, {}, Results())
        self._memo[key] = (out, EXACT, [])  # type: ignore[assignment]
        return out

    # -- a player's parts -----------------------------------------------------------------
    def parts(self, st: _Step, player: str, earlier: Mapping[str, Mapping[str, int]],
              prune: bool = True) -> Iterator[tuple[dict, Results]]:
        """The player's parts worth considering, with their results: every legal one, or
        one per equal results, without the dominated ones (see the module docstring)."""
        groups = _coupled(st.step.sources_of(player), st.stepboard.player_names)
        per_group = [self._group_options(st, player, g, earlier, prune) for g in groups]
        for combo in product(*per_group):
            part: dict = {}
            res = Results()
            for opt, r in combo:
                part.update(opt)
                res = add_results(res, r) if len(combo) > 1 else r
            yield part, res

    def _group_options(self, st: _Step, player: str, group: list,
                       earlier: Mapping[str, Mapping[str, int]], prune: bool = True
                       ) -> list[tuple[dict, Results]]:
        # What the parts before can change here: damage on the objects this group's
        # conditions count (510.1).
        reach = {r for s in group for r in s.all_recipients}
        relevant = tuple(sorted((sid, tuple(sorted(d.items()))) for sid, d in earlier.items()
                                if reach & set(d)))
        key = (player, tuple(s.id for s in group), relevant)
        hit = st.options.get(key)
        if hit is None:
            hit = self._compute_options(st, player, group, earlier)
            st.options[key] = hit
        if not (prune and st.dominance) or len(hit) <= 1 or st.watched.get(player):
            return hit
        pkey = ("undominated",) + key
        kept = st.options.get(pkey)
        if kept is None:
            kept = self._undominated(st, player, group, hit)
            st.options[pkey] = kept
        return kept

    def _compute_options(self, st: _Step, player: str, group: list,
                         earlier: Mapping[str, Mapping[str, int]]) -> list[tuple[dict, Results]]:
        step = st.step
        checked = any(step.conditions_of(s.id) for s in group) or \
            any(s.unblocked_recipients is not None for s in group)
        watched = st.watched.get(player, frozenset())
        kept: dict[Any, tuple[dict, Results]] = {}
        for combo in product(*[list(_divisions(s.power, s.all_recipients)) for s in group]):
            self.deadline.check()
            part = {s.id: d for s, d in zip(group, combo)}
            if checked:
                whole = {**earlier, **part}
                if any(source_violations(step, whole, s.id) for s in group):
                    continue
            if not st.merge:
                k: Any = _hashable(part)
                kept.setdefault(k, (part, st.part_results(part)))
                continue
            res = st.part_results(part)
            seen = tuple(sorted((s, r, n) for s, d in part.items() for r, n in d.items()
                                if r in watched))
            k = (freeze_results(res), seen)
            if k not in kept:
                kept[k] = (part, res)
        return list(kept.values())

    def _undominated(self, st: _Step, player: str, group: list,
                     opts: list[tuple[dict, Results]]) -> list[tuple[dict, Results]]:
        """The options no other option dominates (the last step; module docstring, 3)."""
        mine = player in self.decider
        own = {r for s in group for r in s.all_recipients
               if st.step.recipients.get(r) is not None
               and st.step.recipients[r].kind == "creature"
               and st.reach_count.get(r, 0) == sum(1 for s in group if r in s.all_recipients)}
        scored: dict[tuple, list[tuple[dict, tuple[dict, Results]]]] = {}
        for opt in opts:
            exact, vec = self._vector(st, opt[1], own, mine)
            scored.setdefault(exact, []).append((vec, opt))
        out: list[tuple[dict, Results]] = []
        for items in scored.values():
            keys = sorted({k for v, _ in items for k in v})
            rows: list[tuple[tuple, tuple[dict, Results]]] = [
                (tuple(v.get(k, 0) for k in keys), opt) for v, opt in items]
            rows.sort(key=lambda x: -sum(x[0]))
            kept: list[tuple[tuple, tuple[dict, Results]]] = []
            for vec, opt in rows:
                if any(all(x >= y for x, y in zip(u, vec)) for u, _ in kept):
                    continue
                kept.append((vec, opt))
            out += [opt for _, opt in kept]
        return out

    def _vector(self, st: _Step, res: Results, own: set[str], mine: bool
                ) -> tuple[tuple, dict]:
        """An option's entries that ``outcome`` reads, each signed so that more is better
        for the assigning player; entries about players on neither side must be equal
        (the ``exact`` part)."""
        board = st.stepboard
        vec: dict = {}
        exact: list = []

        def side(who: str) -> int:
            if who in self.decider:
                return 1
            return -1 if who in self.opponents else 0

        for fname, direction in OUTCOME_FIELDS.items():
            val = getattr(res, fname)
            if not val:
                continue
            items = val.items() if type(val) is dict else ((k, 1) for k in val)
            for k, n in items:
                if k in own:
                    continue
                owner = k if k in board.player_names else board.permanent(k).controller
                sgn = side(owner) * direction * (1 if mine else -1)
                if sgn == 0:
                    exact.append((fname, k, n))
                else:
                    vec[(fname, k)] = sgn * n
        for c in own:
            dead = self._dies(st, res, c)
            owner = board.permanent(c).controller
            sgn = side(owner) * -1 * (1 if mine else -1)
            if sgn == 0:
                exact.append(("gone", c, dead))
            else:
                vec[("gone", c)] = sgn * int(dead)
        return tuple(sorted(exact)), vec

    def _dies(self, st: _Step, res: Results, c: str) -> bool:
        """Whether creature ``c`` is gone after the last step on its own entries of
        ``res`` (``outcome`` decides it from those alone, 704.5f-h)."""
        own = []
        for fname in OUTCOME_FIELDS:
            val = getattr(res, fname)
            if isinstance(val, dict):
                own.append(val.get(c, 0))
            else:
                own.append(c in val)
        key = (c, tuple(own))
        hit = st.fates.get(key)
        if hit is None:
            mine = Results()
            for fname, x in zip(OUTCOME_FIELDS, own):
                val = getattr(mine, fname)
                if isinstance(val, dict):
                    if x:
                        val[c] = x
                elif x:
                    val.add(c)
            sb = st.stepboard
            hit = c in outcome(sb, sb.bound, mine, sb.player_names).gone
            st.fates[key] = hit
        return hit


def _turn_order(board: Any) -> list[str]:
    names = list(board.player_names)
    i = names.index(board.active_player)
    return names[i:] + names[:i]


def _carry(old: Any, new: Any) -> None:
    from .combat import carry

    carry(old, new)
    with_game_phases(new, game_phases(old))


def _stack_key(board: Any) -> Any:
    """What of the combat's stack the rest of a line depends on (None: nothing acts in
    combat damage)."""
    ph = game_phases(board)
    if ph is None or not acts_in_damage_steps(board):
        return None
    st = ph.stack
    return repr(sorted((k, repr(v)) for k, v in vars(st).items() if k not in ("log", "lost")))


def _stack_after(st: "_Step", after: Any, dealt: Any, sba: Any) -> tuple[Any, tuple]:
    """The board after a step whose damage ``dealt`` made ``after`` (the state-based
    actions ``sba`` performed): what it triggers and the step's tricks (510.3a) -- and
    after the last step the end of combat (511.2) -- on a copy of the combat's stack, as
    ``combat`` carries them out; and who has lost."""
    lost = list(st.lost) + [p for p in sorted(sba.lost) if p not in st.lost]
    before = game_phases(st.board)
    ph = before.fork(lost) if before is not None else Phases(st.board, lost)
    ph.stack.lost = lost
    out = ph.damage(st.stepboard, after, dealt, sba, st.stage)
    if st.last and not game_over(out, ph.lost):
        out = ph.end(out)
    with_game_phases(out, ph)
    return out, tuple(sorted(set(ph.lost)))


def _divisions(power: int, recipients: Sequence[str]) -> Iterator[dict]:
    """Every division of ``power`` damage among ``recipients`` (zeros left out)."""
    if not recipients:
        yield {}
        return
    if len(recipients) == 1:
        yield {recipients[0]: power} if power else {}
        return
    for k in range(power + 1):
        for rest in _divisions(power - k, recipients[1:]):
            d = dict(rest)
            if k:
                d[recipients[0]] = k
            yield d


def _coupled(sources: Sequence[Any], players: Collection[str]) -> list[list[Any]]:
    """Sources in groups: two are in one group when their damage can reach the same
    object (not a player): its lethal damage, loyalty or defense is shared. Damage to a
    player only adds up."""
    groups: list[list[Any]] = []
    reach: list[set[str]] = []
    for s in sources:
        objs = set(s.all_recipients) - set(players)
        merged = [i for i, r in enumerate(reach) if r & objs]
        g = [s]
        for i in reversed(merged):
            g = groups.pop(i) + g
            objs |= reach.pop(i)
        groups.append(g)
        reach.append(objs)
    for g in groups:
        g.sort(key=lambda s: s.id)
    return groups
