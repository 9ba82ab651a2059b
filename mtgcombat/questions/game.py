"""Combat as a game: the exact minimax value of a combat whose declarations are made.

After the blocks (and their triggers), what is left to choose is how combat damage is
assigned: under the 2024 rules the damage assignment orders first (509.2 by the
attacking player, then 509.3 by the defending players), then in each combat damage
step each player's assignment in the order they assign (510.1: the active player, then
the defending players), each seeing the parts before it; the step's damage is dealt at
once (510.2), state-based actions follow (704.3), and the regular step is chosen
knowing the first step's result (510.4). :class:`CombatGame` computes the value of that
game for an :class:`Objective` seen from a *deciding side*: the deciding side's players
maximise it, every other player minimises it (the spec's "every choice after the
decision is made by minimax on the same objective").

The search is exact. It is kept small by three facts:

* **Equivalent divisions.** What a division does is the damage each recipient is dealt
  (after prevention), counted only up to what can matter: a creature's remaining
  toughness (more damage destroys it no better; with deathtouch 1 is as good as any),
  a planeswalker's loyalty, a battle's defense; all of it to a player (life is counted
  uncapped). Divisions with the same effect are one choice.
* **Dominated divisions.** Every objective here is *monotone*: dealing more of that
  effect to the other side's objects and players, and less to one's own, is never
  worse for a player under any rule this engine models (there are no "whenever this is
  dealt damage" triggers in it). So a player only considers divisions not dominated by
  another of theirs. Creatures whose damage can reach the same object (a blocker of two
  attackers, banding) are chosen together; the others apart.
* **Memoised states.** The value of the game from a step onwards depends only on the
  board then; states are remembered.

Values are tuples of integers compared lexicographically (:mod:`mtgcombat.questions.best`
defines the objectives).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations, product
from typing import Any, Callable, Collection, Iterator, Mapping, Optional, Sequence

from ..rules.damage import DamageStep, damage_step, source_violations
from ..rules.results import deal, outcome, results, toxic_value
from ..solver.base import Deadline
from .combat import deal_damage, first_stage, game_over, next_stage, step_board
from .phases import game_phases, with_game_phases

Value = tuple[int, ...]
#: (board at the decision, the permanents gone since, each player's life, players who
#: lost) -> value for the deciding side.
ValueFn = Callable[[Any, Collection[str], Mapping[str, int], Sequence[str]], Value]


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


class CombatGame:
    """The value of the rest of a combat for ``decider`` (a set of players), from
    ``start`` (the board at the decision; what the value compares against)."""

    def __init__(self, start: Any, decider: frozenset[str], value: ValueFn,
                 deadline: Optional[Deadline] = None) -> None:
        self.start = start
        self.decider = decider
        self.value_fn = value
        self.deadline = deadline or Deadline(None)
        self._memo: dict[tuple, tuple[Value, list[dict]]] = {}
        self._options: dict[tuple, tuple[DamageStep, list[dict]]] = {}
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
                with_game_phases(b, game_phases(board))
            v, steps = self._state(b, first_stage(b, lost), None, tuple(lost), alpha, beta)
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
    def _state(self, board: Any, stage: Optional[str], had_first: Optional[tuple[str, ...]],
               lost: tuple[str, ...], alpha: Optional[Value] = None,
               beta: Optional[Value] = None) -> tuple[Value, list[dict]]:
        """The value from the start of ``stage`` (None: combat damage is over) and the
        whole assignments of the principal variation; a bound outside (alpha, beta)."""
        ph = game_phases(board)
        if stage is None:
            if ph is not None and not game_over(board, list(lost)):
                # 511.2: "at end of combat" abilities and delayed ones (603.7)
                end = ph.fork(lost)
                board = end.end(board)
                lost = tuple(sorted(set(lost) | set(end.lost)))
            return self.value_fn(self.start, gone_between(self.start, board),
                                 {p.name: p.life for p in board.players}, lost), []
        key = (_key(board), stage, had_first, lost) if ph is None else \
            (_key(board), _effects_key(board), ph.stack.pending(), stage, had_first, lost)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        self.deadline.check()
        self.nodes += 1
        stepboard, had = step_board(board, stage, had_first)
        step = damage_step(stepboard, stepboard.bound, stepboard.blocked or (),
                           stepboard.first_strikers, stepboard.target_left or ())
        players = list(step.players)

        gone_before = gone_between(self.start, stepboard)
        rules: dict = {}

        def leaf(whole: dict) -> tuple[Value, list[dict]]:
            if ph is not None:
                # 510.3a: what the step's damage triggers resolves before the next step
                # (and end of combat after the last): played out on this line's phases.
                after, dealt, _, sb = deal_damage(stepboard, whole, lost)
                lost2 = tuple(sorted(set(lost) | set(sb.lost)))
                mine = ph.fork(lost2)
                after = with_game_phases(mine.damage(stepboard, after, dealt, sb, stage), mine)
                lost2 = tuple(sorted(set(lost2) | set(mine.lost)))
                v, rest = self._state(after, next_stage(after, stage, lost2), had, lost2)
                return v, [dict(whole)] + rest
            if stage == "regular":  # the last step: only its result counts
                dealt, _ = deal(stepboard, stepboard.bound, whole, rules)
                o = outcome(stepboard, stepboard.bound,
                            results(stepboard, stepboard.bound, dealt), lost)
                return self.value_fn(self.start, gone_before | o.gone, o.life,
                                     tuple(sorted(set(lost) | o.lost))), [dict(whole)]
            after, _, _, sb = deal_damage(stepboard, whole, lost)
            lost2 = tuple(sorted(set(lost) | set(sb.lost)))
            v, rest = self._state(after, next_stage(after, stage, lost2), had, lost2)
            return v, [dict(whole)] + rest

        def search(i: int, whole: dict, a: Optional[Value], b: Optional[Value]
                   ) -> tuple[Value, list[dict]]:
            """Alpha-beta over the parts of the players who assign, in order (510.1)."""
            if i == len(players):
                return leaf(whole)
            p = players[i]
            maximise = p in self.decider
            best: Optional[tuple[Value, list[dict]]] = None
            for part in self.parts(step, p, whole):
                v = search(i + 1, {**whole, **part}, a, b)
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

        out = search(0, {}, alpha, beta)
        if alpha is None and beta is None:
            self._memo[key] = out  # exact: searched with an open window
        return out

    # -- a player's parts -----------------------------------------------------------------
    def parts(self, step: DamageStep, player: str, earlier: Mapping[str, Mapping[str, int]]
              ) -> Iterator[dict]:
        """The player's parts worth considering: legal, one per effect, undominated."""
        sources = step.sources_of(player)
        groups = _coupled(sources)
        per_group = [self._group_options(step, player, g, earlier) for g in groups]
        for combo in product(*per_group):
            part: dict = {}
            for opt in combo:
                part.update(opt)
            yield part

    def _group_options(self, step: DamageStep, player: str, group: list,
                       earlier: Mapping[str, Mapping[str, int]]) -> list[dict]:
        # What the parts before can change here: damage on the same objects.
        reach = {r for s in group for r in s.all_recipients}
        relevant = tuple(sorted((sid, tuple(sorted(d.items()))) for sid, d in earlier.items()
                                if reach & set(d)))
        key = (id(step), player, tuple(s.id for s in group), relevant)
        hit = self._options.get(key)
        if hit is not None and hit[0] is step:
            return hit[1]
        opts = self._compute_options(step, player, group, earlier)
        if len(self._options) > 20000:
            self._options.clear()
        self._options[key] = (step, opts)
        return opts

    def _compute_options(self, step: DamageStep, player: str, group: list,
                         earlier: Mapping[str, Mapping[str, int]]) -> list[dict]:
        mine = player in self.decider
        seen: dict[tuple, dict] = {}
        checked = any(step.conditions_of(s.id) for s in group) or \
            any(s.unblocked_recipients is not None for s in group)
        for combo in product(*[list(_capped_divisions(step, s)) for s in group]):
            part = {s.id: d for s, d in zip(group, combo)}
            if checked:
                whole = {**earlier, **part}
                if any(source_violations(step, whole, s.id) for s in group):
                    continue
            eff = _effect(step, group, part)
            if eff not in seen:
                seen[eff] = part
        # Undominated effects for this player's side: each effect as signed numbers over
        # the same keys; an effect can only be dominated by one with a larger sum.
        keys = sorted({k for e in seen for k, _ in e})
        sign = [_sign(step, k, mine, self.decider) for k in keys]
        vecs = []
        for e, part in seen.items():
            d = dict(e)
            vecs.append((tuple(sg * d.get(k, 0) for sg, k in zip(sign, keys)), part))
        vecs.sort(key=lambda vp: -sum(vp[0]))
        kept: list[tuple[tuple, dict]] = []
        for v, part in vecs:
            if any(all(x >= y for x, y in zip(u, v)) for u, _ in kept):
                continue
            kept.append((v, part))
        return [part for _, part in kept]


def _turn_order(board: Any) -> list[str]:
    names = list(board.player_names)
    i = names.index(board.active_player)
    return names[i:] + names[:i]


def _carry(old: Any, new: Any) -> None:
    from .combat import carry

    carry(old, new)


def _divisions(power: int, recipients: Sequence[str]) -> Iterator[dict]:
    """Every division of ``power`` damage among ``recipients`` (zeros left out)."""
    if not recipients:
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


def _capped_divisions(step: DamageStep, s: Any) -> Iterator[dict]:
    """The divisions of a source's damage that differ in what they can do: a creature,
    planeswalker or battle is given at most what it takes (its lethal damage -- 1 from a
    deathtouch source, 702.2c -- its loyalty, its defense); more is the same to it. What
    is left over goes to the first recipient already given all it takes (in the
    source's order: legal wherever lethal damage comes first), or to a player when the
    source can reach one; a division that would have to waste damage elsewhere is the
    same as one of those."""
    recips = list(s.all_recipients)
    caps: list[Optional[int]] = []
    for r in recips:
        rec = step.recipients.get(r)
        if rec is None or rec.kind == "player":
            caps.append(None)
        else:
            t = rec.threshold or 0
            caps.append(min(t, 1) if s.deathtouch and rec.kind == "creature" else t)
    if any(c is None for c in caps) or len(recips) <= 1:
        # A player among the recipients takes any amount: every division is distinct
        # in what it does only up to the caps of the others.
        yield from _divisions_capped_with_sink(s.power, recips, caps)
        return
    seen = set()
    for amounts in _bounded(s.power, caps):  # type: ignore[arg-type]
        total = sum(amounts)
        if total > s.power:
            continue
        extra = s.power - total
        d = dict(zip(recips, amounts))
        if extra:
            full = [r for r, a, c in zip(recips, amounts, caps) if a == c]
            if not full:
                continue  # not a division: the rest would raise someone's amount
            d[full[0]] += extra
        key = tuple(sorted((r, n) for r, n in d.items() if n))
        if key not in seen:
            seen.add(key)
            yield {r: n for r, n in d.items() if n}


def _bounded(power: int, caps: Sequence[int]) -> Iterator[tuple[int, ...]]:
    if not caps:
        yield ()
        return
    for a in range(min(power, caps[0]) + 1):
        for rest in _bounded(power - a, caps[1:]):
            yield (a,) + rest


def _divisions_capped_with_sink(power: int, recips: Sequence[str],
                                caps: Sequence[Optional[int]]) -> Iterator[dict]:
    """Divisions where the uncapped recipients (players) take the rest: capped amounts
    for the others, every split of the rest among the players."""
    capped = [(r, c) for r, c in zip(recips, caps) if c is not None]
    sinks = [r for r, c in zip(recips, caps) if c is None]
    if not sinks:
        yield from _divisions(power, recips)
        return
    for amounts in _bounded(power, [c for _, c in capped]):
        rest = power - sum(amounts)
        if rest < 0:
            continue
        base = {r: a for (r, _), a in zip(capped, amounts) if a}
        for split in _divisions(rest, sinks) if rest else [{}]:
            d = dict(base)
            d.update(split)
            yield d


def _coupled(sources: Sequence[Any]) -> list[list[Any]]:
    """Sources in groups: two are in one group when their damage can reach the same
    object (not a player): its lethal damage, loyalty or defense is shared."""
    groups: list[list[Any]] = []
    reach: list[set[str]] = []
    for s in sources:
        objs = set(s.creatures) | {r for r in s.all_recipients if r not in s.creatures}
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


def _effect(step: DamageStep, group: Sequence[Any], part: Mapping[str, Mapping[str, int]]
            ) -> tuple:
    """What a group's division does, counted only as far as it can matter."""
    board = step.board
    bound = step.bound
    dealt: dict[str, int] = {}
    deadly: set[str] = set()
    counters: dict[str, int] = {}
    poison: dict[str, int] = {}
    gain: dict[str, int] = {}
    for s in group:
        infect = bound.has_keyword(s.id, "infect")
        wither = bound.has_keyword(s.id, "wither")
        for r, n in part.get(s.id, {}).items():
            if not n or step.prevented.get((s.id, r)):
                continue  # prevented (615, 702.16e): no effect at all
            rec = step.recipients.get(r)
            if rec is not None and rec.kind == "player":
                if infect:
                    poison[r] = poison.get(r, 0) + n  # 702.90b
                else:
                    dealt[r] = dealt.get(r, 0) + n
                tox = toxic_value(bound, s.id)
                if tox:
                    poison[r] = poison.get(r, 0) + tox  # 702.164c
            elif rec is not None and rec.kind == "creature" and (infect or wither):
                counters[r] = counters.get(r, 0) + n
            else:
                dealt[r] = dealt.get(r, 0) + n
                if s.deathtouch and rec is not None and rec.kind == "creature":
                    deadly.add(r)
            if bound.has_keyword(s.id, "lifelink"):
                c = board.permanent(s.id).controller
                gain[c] = gain.get(c, 0) + n
    out = []
    for r, n in dealt.items():
        rec = step.recipients[r]
        if rec.kind == "player":
            out.append((("life", r), n))
        elif rec.kind == "creature":
            cap = 0 if rec.indestructible else max(0, (rec.toughness or 0) - rec.marked)
            out.append((("dmg", r), cap if r in deadly and n else min(n, cap)))
        else:
            out.append((("dmg", r), min(n, rec.threshold or 0)))
    for r, n in counters.items():
        rec = step.recipients[r]
        out.append((("ctr", r), min(n, max(0, rec.toughness or 0))))
    for r, n in poison.items():
        out.append((("poison", r), n))
    for p, n in gain.items():
        out.append((("gain", p), n))
    return tuple(sorted(out))


def _sign(step: DamageStep, key: tuple, mine: bool, decider: frozenset[str]) -> int:
    """+1 when more of this effect is better for the assigning player's side, -1 when
    worse."""
    kind, who = key
    board = step.board
    if kind == "gain":
        owner = who
        good_for_owner = True
    else:
        owner = who if who in board.player_names else (
            step.recipients[who].controller if who in step.recipients
            else board.permanent(who).controller)
        good_for_owner = False
    owner_decides = owner in decider
    same_side = owner_decides == mine
    return (1 if good_for_owner else -1) * (1 if same_side else -1)


def _effects_key(board: Any) -> tuple:
    """What triggers may have changed beyond :func:`_key`: the effects added to the board
    (611.2) and what is tapped."""
    return (tuple((e.text, e.source, tuple(e.targets), e.controller) for e in board.effects),
            tuple(sorted(p.id for p in board.permanents if p.tapped)))


def _key(board: Any) -> tuple:
    """Everything about a board that the rest of a combat can depend on."""
    return (
        board.rules,
        tuple((p.id, p.power, p.toughness, p.damage, tuple(sorted(p.counters.items())),
               p.loyalty, p.defense, p.attached_to) for p in board.permanents),
        tuple((p.name, p.life, p.poison) for p in board.players),
        tuple(sorted((board.attacks or {}).items())),
        tuple(sorted((k, tuple(v)) for k, v in (board.blocks or {}).items())),
        tuple(sorted(board.blocked or ())), tuple(sorted(board.target_left or ())),
        tuple(sorted((k, tuple(v)) for k, v in (board.damage_order or {}).items())),
        board.bands,
    )
