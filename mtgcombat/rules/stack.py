"""The stack of one combat: triggered abilities and combat tricks carried out (603, 608,
spec Extension 3).

A :class:`Stack` follows one combat phase. At each point the combat's turn-based
actions make something happen -- the combat begins (507.2), attackers are declared
(508.3), blockers are declared (509.2a), combat damage is dealt (510.3a), creatures
die, players gain life, the end of combat begins (511.2) -- it finds the triggered
abilities that trigger (603.2; an intervening "if" is checked now and again as the
ability resolves, 603.4), puts them on the stack in APNAP order (603.3b: the active
player's first, so the last player's resolve first; within one player's abilities the
order is that player's, and this module takes them by source id, then line, then
instance, keyword abilities last -- a documented default), chooses their targets as
they are put on the stack (603.3d; an ability with no legal target is removed from the
stack), and resolves them one by one from the top (405.5), performing state-based
actions after each (704.3) and putting the abilities those trigger on top. Then the
step's combat tricks (effects of the board with that ``step``) resolve, in the order
listed, or -- with the board's ``stack`` -- all on the stack together, the last listed
first; each after the triggers before it have resolved.

Every choice an ability leaves to a player (targets, "you may", exert, what a token put
onto the battlefield attacking attacks) comes from the board's ``choices``: a choice
with one legal option is made by itself and recorded so; a missing choice with several
is bad input (:class:`ChoiceNeeded`, a :class:`~mtgcombat.rules.model.BoardError` that
names the ability and its options, and carries them for a search over choices).

The effects (608.2c, in the order written): P/T changes until end of turn (613.4c, on
the board's current power and toughness), continuous effects written onto the board as
effects it reads (611.2; one per object: 611.2c), counters (122), damage (120.3:
deathtouch, lifelink, infect, wither; protection prevents it, 702.16e), life (119),
poison (122.1f), tapping (701.26), leaving the battlefield -- destroy (701.8;
indestructible 702.12b), sacrifice, exile, return to hand -- and with it combat (506.4;
an attacker whose blocker left stays blocked, 509.1h), tokens (111, 111.4; attacking,
508.4), drawing (121), delayed "at end of combat" abilities (603.7). No words here:
what happened is a list of reasons (:class:`Resolved`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence

from . import abilities as A
from . import triggered as T
from .bind import Instance, Source
from .combat_triggers import Trigger as KeywordTrigger
from .combat_triggers import apply as apply_keyword
from .combat_triggers import keyword_count
from .keywords import TABLE as KEYWORD_TABLE
from .model import Board, BoardError, Choice, Effect, Permanent
from .reasons import Quote, Reason, reason
from .requests import ChoiceIllegal, ChoiceNeeded, Chosen, Request
from .prevention import shield_rule
from .results import Dealt, Results, StateBased, applied, removed, state_based
from .results import results as damage_results

# ---------------------------------------------------------------------------
# What is on the stack, and what happened
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    """A triggered ability, or a combat trick, on its way to the stack or on it.

    ``kind``: "trigger" (an ability of a permanent's text), "keyword" (exalted, melee
    ..., :mod:`mtgcombat.rules.combat_triggers`), "exert" (701.43d's linked "when you
    do"), "delayed" (603.7), "trick" (an effect of the board with a ``step``). ``line``
    is the ability's line in its source's text (from 1; 0: an effect), ``instance`` the
    how-manieth time it triggered this combat; ``subject``, ``other``, ``player`` the
    objects of its event (:class:`~mtgcombat.rules.triggered.EventRef`); ``targets``
    chosen as it was put on the stack; ``lki`` its source as it last existed (603.10)."""

    kind: str
    ability: Any
    controller: str
    source: Optional[str] = None
    line: int = 0
    instance: int = 1
    effect: Optional[int] = None
    subject: Optional[str] = None
    other: Optional[str] = None
    player: Optional[str] = None
    sentence: str = ""
    targets: tuple[str, ...] = ()
    #: The amount of its event ("that much", :class:`~mtgcombat.rules.triggered.EventAmount`):
    #: the damage dealt, the life gained.
    amount: int = 0
    #: The creatures of a "one or more creatures attack" event ("they", 508.3d).
    group: tuple[str, ...] = ()
    #: What the attacking creature of an attack event attacks, as declared (508.1b).
    attacked: Optional[str] = None
    lki: Optional[Permanent] = field(default=None, compare=False)
    lki_keywords: frozenset[str] = field(default=frozenset(), compare=False)
    #: How the board read its source's text (a card that returns reads as it did).
    reading: Any = field(default=None, compare=False)
    #: The creatures in combat with its source and the objects of its event as the
    #: ability triggered -- id -> (those blocking it, those it blocks): "each creature
    #: blocking or blocked by it" of a creature that has died (603.10a, 608.2h).
    lki_partners: Mapping[str, tuple] = field(default_factory=dict, compare=False)

    @property
    def key(self) -> tuple:
        return (self.source or "", self.line, self.instance)


@dataclass
class Resolved:
    """One item that left the stack: resolved, or removed (no legal target 608.2b, an
    intervening "if" no longer true 603.4) -- what it did, as reasons, in order."""

    item: Item
    step: str
    outcome: list[Reason] = field(default_factory=list)
    #: A keyword trigger as it resolved (the older answer shape of ``before_damage``).
    keyword: Optional[KeywordTrigger] = None
    #: Battle cry as it resolved: one keyword trigger for each creature it pumped.
    keywords: list[KeywordTrigger] = field(default_factory=list)

    def head(self) -> Reason:
        it = self.item
        if it.kind == "trick":
            return reason("stack.trick", "608.2", tuple(x for x in (it.source,) if x),
                          effect=it.effect, source=it.source, text=Quote(it.sentence),
                          controller=it.controller)
        kw = next((k for k, a in _RETURNS.items() if a is it.ability), None)
        if kw is not None:
            return reason("stack.keyword", KEYWORD_TABLE[kw].rule + "a",
                          tuple(x for x in (it.source,) if x), keyword=kw, source=it.source,
                          instance=it.instance, controller=it.controller)
        # a reflexive trigger (exert's "When you do", 603.12) goes on the stack as it
        # triggers, after the cost is paid; the others in APNAP order (603.3b)
        return reason("stack.trigger", "603.12" if it.kind == "exert" else "603.3b",
                      tuple(x for x in (it.source,) if x),
                      kind=it.kind, source=it.source, line=it.line, instance=it.instance,
                      text=Quote(it.sentence), controller=it.controller)


@dataclass
class StepLog:
    """What happened in one combat step outside combat damage: the items that left the
    stack, in order, and what the state-based actions did (704.3)."""

    step: str
    resolved: list[Resolved] = field(default_factory=list)
    #: Permanents put into a graveyard (by state-based actions, destroyed or sacrificed:
    #: id -> rule) and players who lost.
    sba: StateBased = field(default_factory=StateBased)
    #: Permanents that left the battlefield otherwise (id -> "exile", "hand", "library").
    left: dict[str, str] = field(default_factory=dict)


# ---------------------------------------------------------------------------
# The engine
# ---------------------------------------------------------------------------


class Stack:
    """The stack of one combat (see the module docstring). ``choices``: the board's;
    ``lost``: the players who have lost (shared with the caller)."""

    def __init__(self, choices: Sequence[Choice] = (), lost: Optional[list[str]] = None
                 ) -> None:
        self.choices = tuple(choices)
        self.lost: list[str] = lost if lost is not None else []
        self.counts: dict[tuple, int] = {}
        self.delayed: list[Item] = []
        self.log: list[StepLog] = []
        self.used: list[Chosen] = []
        self.exerted: list[str] = []
        #: The creatures declared as attackers or blockers this combat (508.1, 509.1).
        self.fought: set[str] = set()
        self._deathtouched: set[str] = set()
        #: The changes of power and toughness this combat made, by object (613.4c):
        #: a creature returned to the battlefield is a new object without them (400.7).
        self.changes: dict[str, tuple[int, int]] = {}
        #: The creatures that died and returned to the battlefield: old id -> the new
        #: object's (400.7).
        self.returned: dict[str, str] = {}
        #: The targets of the items resolving, judged once as each begins to resolve
        #: (608.2b): by item, the indexes of the targets that were legal then.
        self._legal_on_resolution: dict[int, set[int]] = {}

    def fork(self, lost: Optional[list[str]] = None) -> "Stack":
        """A copy to go on with apart (a line of play a search explores): what it
        resolves, chooses and sets up from now on is its own; the log so far is shared
        (its steps are done)."""
        out = Stack(self.choices, list(self.lost) if lost is None else lost)
        out.counts = dict(self.counts)
        out.delayed = list(self.delayed)
        out.log = list(self.log)
        out.used = list(self.used)
        out.exerted = list(self.exerted)
        out.fought = set(self.fought)
        out._deathtouched = set(self._deathtouched)
        out.changes = dict(self.changes)
        out.returned = dict(self.returned)
        return out

    def pending(self) -> tuple:
        """What the rest of the combat depends on beyond the board: the delayed
        abilities set up (603.7) and the creatures that fought (for "if ~ attacked or
        blocked this combat")."""
        return (tuple((i.kind, i.source or "", i.line, i.instance, i.subject or "")
                      for i in self.delayed), tuple(sorted(self.fought)),
                tuple(sorted(self.changes.items())))

    # -- the steps --------------------------------------------------------------------
    def begin(self, step: str) -> StepLog:
        """A new step's log (the items resolved in it are recorded there)."""
        log = StepLog(step)
        self.log.append(log)
        return log

    @property
    def current(self) -> StepLog:
        if not self.log:
            return self.begin("")
        return self.log[-1]

    def beginning_of_combat(self, board: Board) -> Board:
        """507.2, 603.2b: "at the beginning of combat [on your turn]" abilities."""
        self.begin("beginning of combat")
        items = [self._item(board, inst, line) for inst, line in _triggered(board)
                 if isinstance(inst.ability.event, T.BeginningOfCombat)
                 and (not inst.ability.event.yours
                      or inst.source.controller == board.active_player)]
        return self.run(board, [i for i in items if self._if_holds(board, i)])

    def attacks_declared(self, board: Board, keyword: Mapping[str, list] = {}) -> Board:
        """508.3, 508.2b: the abilities that trigger on the declared attacks (and
        ``keyword`` ones, by player), exert (701.43d)."""
        self.begin("declare attackers")
        self.fought |= set(board.attacks or {})
        items = self._exert(board)
        items += _keyword_items(board, _battle_cry_as_it_resolves(board, keyword))
        items += self._attack_items(board)
        items += self._decayed(board)
        return self.run(board, items)

    def _decayed(self, board: Board) -> list[Item]:
        """702.147a: "When a creature with decayed attacks, sacrifice it at end of combat"
        -- a triggered ability that sets up a delayed one (603.7)."""
        bound = board.bound  # type: ignore[attr-defined]
        out = []
        for a in sorted(board.attacks or {}):
            if not board.has_object(a) or not bound.has_keyword(a, "decayed"):
                continue
            p = board.permanent(a)
            line = _line_of(board, a, "Decayed") if "decayed" in p.text.lower() else 0
            key = (a, line)
            self.counts[key] = self.counts.get(key, 0) + 1
            out.append(Item("trigger", _DECAYED, p.controller, a, line, self.counts[key],
                            subject=a, sentence="Decayed", lki=p,
                            lki_keywords=frozenset(bound.keywords.get(a, ()))))
        return out

    def blocks_declared(self, board: Board, keyword: Mapping[str, list] = {}) -> Board:
        """509.2a, 509.3: the abilities that trigger on the declared blocks, and those of
        attackers that aren't blocked (509.3g)."""
        self.begin("declare blockers")
        self.fought |= set(board.blocks or {})
        items = _keyword_items(board, keyword) + self._block_items(board)
        return self.run(board, items)

    def damage_dealt(self, before: Board, board: Board, dealt: Sequence[Dealt],
                     sba: StateBased, step: str) -> Board:
        """510.3a: the abilities that trigger on combat damage dealt (``dealt``, on
        ``before``: the board as the step's damage was dealt) and on what the state-based
        actions after it did (``sba``: deaths, 700.4), and life gained through lifelink
        (119.10: one event per source)."""
        self.begin(step)
        items = self._damage_items(before, dealt, combat=True)
        # 603.10a: a creature that died is looked at as it last existed -- with the
        # results of the damage on it (wither's and infect's -1/-1 counters, 120.3d), so
        # that persist's "if it had no -1/-1 counters on it" (603.4) sees them
        dying = applied(before, damage_results(before, before.bound,  # type: ignore[attr-defined]
                                               dealt))
        _carry(before, dying)
        items += self._dies_items(dying, sba.gone)
        items += self._lifelink_items(before, dealt)
        return self.run(board, items)

    def end_of_combat(self, board: Board) -> Board:
        """511.2, 603.7: "at end of combat" abilities and delayed ones."""
        self.begin("end of combat")
        items = [self._item(board, inst, line) for inst, line in _triggered(board)
                 if isinstance(inst.ability.event, T.EndOfCombat)]
        items = [i for i in items if self._if_holds(board, i)] + self.delayed
        self.delayed = []
        return self.run(board, items)

    def tricks(self, board: Board, step: str) -> Board:
        """The effects of the board with this ``step``: spells and abilities cast in the
        step once its triggers have resolved (spec Extension 3)."""
        items = []
        for i, e in enumerate(board.effects):
            if e.step != step:
                continue
            if board.effect_readings[i].not_understood:  # type: ignore[attr-defined]
                # not read: it is not carried out, and every answer lists it in
                # not_modelled -- it is not said to resolve (608.2) with nothing done
                continue
            items.append(Item("trick", _instructions(board, i), e.controller, e.source,
                              effect=i, sentence=e.text, targets=tuple(e.targets)))
        if not items:
            return board
        if not self.log or self.log[-1].step != step:
            self.begin(step)
        if getattr(board, "stack", False):
            return self.run(board, [], tricks=items)
        for it in items:
            board = self.run(board, [], tricks=[it])
        return board

    # -- putting on the stack and resolving --------------------------------------------------
    def run(self, board: Board, items: list[Item], tricks: Sequence[Item] = ()) -> Board:
        """Put ``items`` on the stack in APNAP order (603.3b), then ``tricks`` above them
        (the first listed lowest), and resolve from the top until the stack is empty,
        with state-based actions and new triggers after each resolution (704.3)."""
        stack: list[Item] = []
        board = self._push(board, stack, items)
        for t in tricks:
            stack.append(self._cast(board, t))
        while stack:
            if _game_over(board, self.lost):
                break
            item = stack.pop()
            if item.kind == "trick" and item.targets == ("\0",):
                continue  # could not be cast: said so already
            board, events = self._resolve(board, item)
            board, more = self._after(board, events)
            board = self._push(board, stack, more)
        return board

    def _push(self, board: Board, stack: list[Item], items: list[Item]) -> Board:
        if not items:
            return board
        order = _apnap(board)
        by_player: dict[str, list[Item]] = {}
        for it in items:
            by_player.setdefault(it.controller, []).append(it)
        for p in order:
            mine = sorted(by_player.get(p, []), key=_default_order)
            # The player's abilities resolve in the default order: put on in reverse.
            for it in reversed(mine):
                chosen = self._targets(board, it)
                if chosen is not None:
                    stack.append(chosen)
        return board

    def _cast(self, board: Board, item: Item) -> Item:
        """A trick as it is cast (601.2c): its targets must be legal now, else it can't be
        cast (an object gone, or of another kind): said so, and it does nothing."""
        ins: T.Instructions = item.ability
        for spec in _target_specs(ins.effects):
            if spec.index >= len(item.targets):
                raise BoardError(reason("error.too_few_targets", None, (), src=_src(item),
                                        where=("effect", item.effect), needs=spec.index + 1,
                                        given=len(item.targets)))
            t = item.targets[spec.index]
            if t not in _legal_targets(board, item, spec):
                return self._not_cast(board, item, t)
        for group in _target_groups(ins.effects):
            # 601.2c: each target of "X target blocked creatures" must be one now
            for t in item.targets[group.first:]:
                if not _group_legal(board, item, group, t):
                    return self._not_cast(board, item, t)
        return item

    def _not_cast(self, board: Board, item: Item, t: str) -> Item:
        """A trick that can't be cast: ``t`` is not a legal target now (601.2c)."""
        self.current.resolved.append(Resolved(item, self.current.step, [reason(
            "stack.not_cast", "601.2c", (t,), effect=item.effect, target=t,
            gone=not board.has_object(t))]))
        return replace(item, targets=("\0",))

    def _targets(self, board: Board, item: Item) -> Optional[Item]:
        """603.3d: targets chosen as the ability is put on the stack; None: it has none
        legal and is removed from the stack (said so)."""
        specs = _target_specs(_effects_of(item))
        if not specs or item.kind in ("keyword", "trick"):
            return item
        chosen: list[str] = []
        given = self._given(item, "targets")
        if given is not None:
            if len(given) != len(specs):
                raise ChoiceIllegal(reason(
                    "error.choice_count", None, (), where=("permanent", item.source),
                    source=item.source, ability=item.line, given=len(given), needs=len(specs),
                    text=Quote(item.sentence)), self._giver(item, "targets"))
            for spec, t in zip(specs, given):
                legal = _legal_targets(board, item, spec, chosen)
                if t not in legal and not (spec.optional and t == ""):
                    raise ChoiceIllegal(reason(
                        "error.choice_illegal", None, (t,), where=("permanent", item.source),
                        source=item.source, ability=item.line, value=t, options=tuple(legal),
                        text=Quote(item.sentence)), self._giver(item, "targets"))
                chosen.append(t)
            self._use(item, "targets", tuple(chosen), False)
            return replace(item, targets=tuple(chosen))
        auto = True
        for spec in specs:
            legal = _legal_targets(board, item, spec, chosen)
            options = legal + ([""] if spec.optional else [])
            if not legal and not spec.optional:
                self.current.resolved.append(Resolved(item, self.current.step, [reason(
                    "stack.no_target", "603.3d", (), source=item.source)]))
                return None
            if len(options) > 1:
                raise ChoiceNeeded(Request(item.source, item.line, item.instance, "targets",
                                           tuple(options), item.sentence, item.controller,
                                           self.current.step))
            chosen.append(options[0])
        self._use(item, "targets", tuple(chosen), auto)
        return replace(item, targets=tuple(chosen))

    def _given(self, item: Item, what: str) -> Any:
        """The board's choice of ``what`` for this ability, or None."""
        c = self._giver(item, what)
        return None if c is None else getattr(c, what)

    def _giver(self, item: Item, what: str) -> Optional[Choice]:
        """The board's choice that chooses ``what`` for this ability, or None."""
        for c in self.choices:
            if c.source != item.source:
                continue
            if c.ability is not None and c.ability != item.line:
                continue
            if c.instance is not None and c.instance != item.instance:
                continue
            if getattr(c, what) is not None:
                return c
        return None

    def _use(self, item: Item, what: str, value: Any, automatic: bool) -> None:
        self.used.append(Chosen(item.source, item.line, item.instance, what, value, automatic))

    def _choose(self, item: Item, what: str, options: tuple) -> Any:
        """A yes/no choice (603.5 "you may", 701.43 exert) or another from ``options``."""
        given = self._given(item, what)
        if given is not None:
            if given not in options:
                raise ChoiceIllegal(reason(
                    "error.choice_illegal", None, (), where=("permanent", item.source),
                    source=item.source, ability=item.line, value=given, options=options,
                    text=Quote(item.sentence)), self._giver(item, what))
            self._use(item, what, given, False)
            return given
        if len(options) == 1:
            self._use(item, what, options[0], True)
            return options[0]
        raise ChoiceNeeded(Request(item.source, item.line, item.instance, what, options,
                                   item.sentence, item.controller, self.current.step))

    # -- resolving ----------------------------------------------------------------------------
    def _resolve(self, board: Board, item: Item) -> tuple[Board, list]:
        done = Resolved(item, self.current.step)
        self.current.resolved.append(done)
        if item.kind == "keyword" and item.ability.kind == _BATTLE_CRY \
                and not item.ability.affected:
            # 702.91a, 608.2c: "each other attacking creature" is the set as it resolves
            # (a token put onto the battlefield attacking before it resolves is pumped).
            nb = board
            for o in sorted(board.attacks or {}):
                if o == item.source or not board.has_object(o):
                    continue
                nb2, k = apply_keyword(nb, replace(item.ability, affected=o))
                _carry(nb, nb2)
                nb = nb2
                self._changed(k.affected, k.power, k.toughness)
                done.keywords.append(k)
                done.outcome.append(keyword_reason(k))
            return nb, []
        if item.kind == "keyword":
            nb, k = apply_keyword(board, item.ability)
            _carry(board, nb)
            if k.affected:
                self._changed(k.affected, k.power, k.toughness)
            done.keyword = k
            done.outcome.append(keyword_reason(k))
            return nb, []
        ab = item.ability
        if isinstance(ab, T.Triggered) and ab.condition is not None \
                and not _condition(board, item, ab.condition, self.fought):
            done.outcome.append(reason("stack.condition_false", "603.4", ()))
            return board, []
        specs = _target_specs(_effects_of(item))
        named = [(s, t) for s, t in zip(specs, item.targets) if t]
        if named and not any(t in _legal_targets(board, item, s, exclude_chosen=False)
                             for s, t in named):
            # 608.2b: every target illegal now -- it doesn't resolve
            done.outcome.append(reason("stack.no_target", "608.2b", ()))
            return board, []
        if isinstance(ab, T.Triggered) and ab.optional:
            if not self._choose(item, "may", (True, False)):
                done.outcome.append(reason("stack.declined", "603.5", ()))
                return board, []
        # 608.2b: the targets are checked once, as it begins to resolve; an instruction
        # that changes a target ("Remove target attacking creature ... from combat") leaves
        # it the target of the instructions after it ("... and untap it").
        self._legal_on_resolution[id(item)] = {
            s.index for s, t in zip(specs, item.targets)
            if t and t in _legal_targets(board, item, s, exclude_chosen=False)}
        events: list = []
        try:
            for eff in _effects_of(item):
                if _game_over(board, self.lost):
                    break
                board = self._effect(board, item, eff, done, events)
        finally:
            self._legal_on_resolution.pop(id(item), None)
        if not done.outcome:
            # 608.2c: it resolved and what it names is gone ("each creature blocking
            # it" after they died): said, not left silent
            done.outcome.append(reason("stack.nothing", None, ()))
        return board, events

    def _effect(self, board: Board, item: Item, eff: Any, done: Resolved,
                events: list) -> Board:
        """One instruction of a resolving ability (608.2c), by its kind (the table
        :data:`_EFFECTS`: each kind's own method, with its rule)."""
        method = _EFFECTS.get(type(eff))
        if method is None:
            raise TypeError(f"unknown effect {eff!r}")
        return method(self, board, item, eff, done, events)

    def _pt(self, board: Board, item: Item, eff: T.PTChange, done: Resolved,
            events: list) -> Board:
        """613.4c: "gets +N/+M until end of turn", on the current power and toughness."""
        ids = [o for o in self._objects(board, item, eff.who) if _is_creature(board, o)]
        if not ids:
            done.outcome.append(reason("stack.nothing", None, ()))
            return board
        perms = []
        for p in board.permanents:
            if p.id in ids:
                dp = _amount(board, item, eff.power, self, p.id)
                dt = _amount(board, item, eff.toughness, self, p.id)
                p = replace(p, power=(p.power or 0) + dp, toughness=(p.toughness or 0) + dt)
                self._changed(p.id, dp, dt)
                done.outcome.append(reason("stack.pt", "613.4c", (p.id,), who=p.id, power=dp,
                                           toughness=dt))
            perms.append(p)
        return _derive(board, permanents=tuple(perms))

    def _continuous(self, board: Board, item: Item, eff: T.Continuous, done: Resolved,
                    events: list) -> Board:
        """611.2: an effect the board states from now on, one per object it names as it
        resolves (611.2c)."""
        out = done.outcome
        objs: list[Optional[str]] = [None] if eff.who is None else [
            o for o in self._objects(board, item, eff.who) if board.has_object(o)
            and o not in board.player_names]
        if not objs:
            out.append(reason("stack.nothing", None, ()))
            return board
        source = item.source if item.source and board.has_object(item.source) else None
        bound_refs = tuple(o for t in eff.targets for o in self._objects(board, item, t))
        if len(bound_refs) != len(eff.targets):
            out.append(reason("stack.nothing", None, ()))  # a target is gone (608.2b)
            return board
        new = tuple(Effect(eff.text, item.controller, (o,) if o else bound_refs, source)
                    for o in objs)
        nb = _derive(board, effects=board.effects + new)
        _carry(board, nb, effect_readings=tuple(eff.reading for _ in new))
        for o in objs:
            out.append(reason("stack.effect", "611.2", tuple(x for x in (o,) if x),
                              who=o, text=Quote(eff.text)))
        return nb

    def _counters(self, board: Board, item: Item, eff: T.Counters, done: Resolved,
                  events: list) -> Board:
        """122.1: counters put or removed; +1/+1 and -1/-1 ones change power and
        toughness (122.1a)."""
        ids = [o for o in self._objects(board, item, eff.who)
               if board.has_object(o) and o not in board.player_names]
        perms = []
        for p in board.permanents:
            if p.id in ids:
                have = p.counter(eff.kind)
                n = eff.n if eff.n > 0 else -min(have, -eff.n)
                p = _with_counters(p, eff.kind, n)
                done.outcome.append(reason("stack.counters", "122.1", (p.id,), who=p.id,
                                           kind=eff.kind, n=n))
            perms.append(p)
        return _derive(board, permanents=tuple(perms))

    def _life(self, board: Board, item: Item, eff: T.Life, done: Resolved,
              events: list) -> Board:
        """119.1, 119.3: life gained (a life-gain event, 119.9) or lost."""
        players = [o for o in self._objects(board, item, eff.who) if o in board.player_names
                   and o not in self.lost]
        n = _amount(board, item, eff.amount, self)
        for who in players:
            if n == 0:
                continue
            board = _life(board, who, n)
            done.outcome.append(reason("stack.life", "119.1" if n > 0 else "119.3", (who,),
                                       who=who, amount=n))
            if n > 0:
                events.append(("life", who, n))
        return board

    def _poison(self, board: Board, item: Item, eff: T.Poison, done: Resolved,
                events: list) -> Board:
        """122.1f: poison counters."""
        for who in self._players(board, item, eff.who):
            board = _poison(board, who, eff.n)
            done.outcome.append(reason("stack.poison", "122.1f", (who,), who=who, n=eff.n))
        return board

    def _tap(self, board: Board, item: Item, eff: T.Tap, done: Resolved,
             events: list) -> Board:
        """701.26: tapped or untapped (an attacking creature stays in combat, 506.4b)."""
        ids = [o for o in self._objects(board, item, eff.who)
               if board.has_object(o) and o not in board.player_names]
        perms = []
        for p in board.permanents:
            if p.id in ids:
                p = replace(p, tapped=eff.tap)
                done.outcome.append(reason("stack.tap" if eff.tap else "stack.untap",
                                           board.edition.tap, (p.id,), who=p.id))
            perms.append(p)
        return _derive(board, permanents=tuple(perms))

    def _out_of_combat(self, board: Board, item: Item, eff: T.RemoveFromCombat,
                       done: Resolved, events: list) -> Board:
        """506.4: removed from combat."""
        ids = [o for o in self._objects(board, item, eff.who) if board.has_object(o)]
        nb = _out_of_combat(board, set(ids))
        for o in ids:
            done.outcome.append(reason("stack.out_of_combat", "506.4", (o,), who=o))
        return nb

    def _hands(self, board: Board, item: Item, eff: Any, done: Resolved,
               events: list) -> Board:
        """121.1 draw, 701.9 discard: the hand (never below 0) and the cards drawn this
        turn, where the board records them."""
        draw = isinstance(eff, T.Draw)
        for who in self._players(board, item, eff.who):
            board = _derive(board, players=tuple(
                (_drawn(p, eff.n) if draw else replace(
                    p, hand=None if p.hand is None else max(0, p.hand - eff.n)))
                if p.name == who else p for p in board.players))
            done.outcome.append(reason("stack.draw", "121.1", (who,), who=who, n=eff.n)
                                if draw else reason("stack.discard", board.edition.discard,
                                                    (who,), who=who, n=eff.n))
        return board

    def _no_untap(self, board: Board, item: Item, eff: T.NoUntap, done: Resolved,
                  events: list) -> Board:
        """502.3: an effect on the next untap step, beyond the board: said."""
        for o in self._objects(board, item, eff.who):
            done.outcome.append(reason("stack.no_untap", "502.3", (o,), who=o))
        return board

    def _if_then(self, board: Board, item: Item, eff: T.IfThen, done: Resolved,
                 events: list) -> Board:
        """608.2c: "Then if ..." -- the rest happens if the condition holds now."""
        if not _condition(board, item, eff.condition, self.fought):
            done.outcome.append(reason("stack.condition_false", "608.2c", ()))
            return board
        for sub in eff.effects:
            board = self._effect(board, item, sub, done, events)
        return board

    def _delayed(self, board: Board, item: Item, eff: T.Delayed, done: Resolved,
                 events: list) -> Board:
        """603.7: a delayed triggered ability of the end of combat step."""
        self.delayed.append(replace(item, kind="delayed", ability=T.Instructions(eff.effects)))
        done.outcome.append(reason("stack.delayed", "603.7", ()))
        return board

    def _players(self, board: Board, item: Item, who: Any) -> list[str]:
        """The players ``who`` names who are still in the game."""
        return [p for p in self._objects(board, item, who)
                if p in board.player_names and p not in self.lost]

    def _changed(self, oid: str, dp: int, dt: int) -> None:
        """A change of power and toughness this combat made (613.4c): a creature that
        returns is a new object without it (400.7)."""
        p, t = self.changes.get(oid, (0, 0))
        self.changes[oid] = (p + dp, t + dt)

    def _damage(self, board: Board, item: Item, eff: T.Damage, done: Resolved,
                events: list) -> Board:
        """120: noncombat damage, its results (120.3) at once; protection prevents it
        (702.16e)."""
        srcs = self._objects(board, item, eff.source)
        src = srcs[0] if srcs else item.source
        amount = _amount(board, item, eff.amount, self)
        bound = board.bound  # type: ignore[attr-defined]
        keywords = set(bound.keywords.get(src, ())) if src and board.has_object(src) \
            else set(item.lki_keywords if src == item.source else ())
        src_perm = board.permanent(src) if src and board.has_object(src) and \
            src not in board.player_names else (item.lki if src == item.source else None)
        controller = src_perm.controller if src_perm is not None else item.controller
        res = Results()
        for to in self._objects(board, item, eff.to):
            if not board.has_object(to) or to in self.lost or amount <= 0:
                continue
            # 615.1: a prevention effect on all damage (not only combat damage)
            if shield_rule(board, bound, src, to, combat=False, lki=src_perm) is not None:
                done.outcome.append(reason("stack.prevented", "615.1", (to,), source=src,
                                           to=to, amount=amount, shield=True,
                                           effect=item.effect))
                continue
            if to not in board.player_names and src_perm is not None \
                    and _protected(board, bound, to, src_perm):
                done.outcome.append(reason("stack.prevented", "702.16e", (to,), source=src,
                                           to=to, amount=amount))
                continue
            done.outcome.append(reason("stack.damage", "120.3", (to,), source=src, to=to,
                                       amount=amount, effect=item.effect))
            _damage_result(board, res, to, amount, keywords, controller)
            events.append(("dealt", src, to, amount))
        if res.gained:
            for who, n in res.gained.items():
                events.append(("life", who, n))
        self._deathtouched |= res.deathtouched
        nb = applied(board, res)
        _carry(board, nb)
        return nb

    def _leave(self, board: Board, item: Item, eff: T.Leave, done: Resolved,
               events: list) -> Board:
        ed = board.edition
        rule = {"destroy": ed.destroy, "sacrifice": ed.sacrifice, "exile": ed.exile,
                "hand": "400.7", "library": "400.7"}[eff.how]
        bound = board.bound  # type: ignore[attr-defined]
        gone: list[str] = []
        for o in self._objects(board, item, eff.who):
            if not board.has_object(o) or o in board.player_names:
                continue
            if eff.how == "destroy" and bound.has_keyword(o, "indestructible"):
                done.outcome.append(reason("stack.indestructible", "702.12b", (o,), who=o))
                continue
            if eff.how == "sacrifice" and board.permanent(o).controller != item.controller \
                    and not isinstance(eff.who, (A.SelfRef, T.EventRef)):
                continue
            gone.append(o)
            done.outcome.append(reason("stack.leave", rule, (o,), who=o, how=eff.how))
        if not gone:
            return board
        return self._remove(board, gone, eff.how, events)

    def _remove(self, board: Board, gone: list[str], how: str, events: list) -> Board:
        """Permanents leave the battlefield (and combat, 506.4); creatures put into a
        graveyard die (700.4: a "dies" event, 603.10a)."""
        before = board
        nb = removed(board, set(gone))
        died: dict[str, int] = {}
        log = self.current
        for g in gone:
            p = before.permanent(g)
            if how in ("destroy", "sacrifice"):
                # put into its owner's graveyard (701.8a, 701.21a): listed as destroyed in
                # the step it happened in (spec Extension 3)
                log.sba.gone[g] = before.edition.destroy if how == "destroy" \
                    else before.edition.sacrifice
            else:
                log.left[g] = how
            if how in ("destroy", "sacrifice") and p.is_creature:
                events.append(("dies", g, before))
                died[p.controller] = died.get(p.controller, 0) + 1
            if how == "sacrifice":
                events.append(("sacrificed", g, before))
            if how == "hand" and not p.is_token:
                nb = _derive(nb, players=tuple(
                    replace(q, hand=q.hand + 1) if q.name == p.controller and q.hand is not None
                    else q for q in nb.players))
        if died:
            nb = _derive(nb, players=tuple(
                replace(q, creatures_died=q.creatures_died + died.get(q.name, 0))
                if q.creatures_died is not None else q for q in nb.players))
        _carry(before, nb)
        return nb

    def _tokens(self, board: Board, item: Item, eff: T.Tokens, done: Resolved,
                events: list) -> Board:
        """111.1, 111.4: creature tokens, named by their subtypes and "Token"; entering
        attacking (508.4) what their controller chooses, when the controller is an
        attacking player (506.3b)."""
        ids = {p.id for p in board.permanents} | set(board.player_names)
        base = "-".join(s.lower() for s in eff.subtypes) or "creature"
        types = ("Artifact Creature" if eff.artifact else "Creature")
        type_line = "Token " + types + (" \u2014 " + " ".join(eff.subtypes)
                                        if eff.subtypes else "")
        name = " ".join(eff.subtypes + ("Token",))
        new: list[Permanent] = []
        attacks = dict(board.attacks or {})
        blocks = {b: list(a) for b, a in (board.blocks or {}).items()}
        # 509.4: entering blocking the attacker the effect names -- if it attacks the
        # token's controller (or what that player controls or protects), 506.3e
        blocked = [a for a in (self._objects(board, item, eff.blocking)
                               if eff.blocking is not None else ())
                   if a in attacks and board.defending_player_of(attacks[a]) == item.controller]
        attacking_ok = board.attacks is not None and \
            board.teammates(item.controller, board.active_player)
        for k in range(eff.count):
            n, tid = 1, f"{base}-token"
            while tid in ids:
                n += 1
                tid = f"{base}-token-{n}"
            ids.add(tid)
            p = Permanent(tid, name, item.controller, type_line, tuple(eff.colors), eff.power,
                          eff.toughness, eff.text, tapped=eff.tapped, summoning_sick=True)
            new.append(p)
            target = None
            if eff.attacking is not None and attacking_ok:
                target = self._token_attack(board, item, p)
                if target is not None:
                    attacks[tid] = target
            if blocked and board.blocks is not None:
                blocks[tid] = list(blocked)
            done.outcome.append(reason("stack.token", board.edition.create, (tid,), who=tid,
                                       power=eff.power, toughness=eff.toughness,
                                       attacking=target,
                                       blocking=tuple(blocked) if tid in blocks else ()))
            events.append(("enters", tid))
        more: dict[str, Any] = {}
        if board.blocks is not None and blocks != board.blocks:
            more["blocks"] = blocks
        nb = _derive(board, permanents=board.permanents + tuple(new),
                     attacks=attacks if board.attacks is not None else None, **more)
        readings = {p.id: eff.reading for p in new} if eff.reading is not None else {}
        _carry(board, nb, readings=readings)
        return nb

    def _return(self, board: Board, item: Item, eff: T.Return, done: Resolved,
                events: list) -> Board:
        """The card of a creature that died returns to the battlefield (persist 702.79a,
        undying 702.93a): a new object (400.7) under its owner's control, untapped
        (110.5b) unless ``tapped``, not in combat (506.4), without damage, without the
        counters and the effects on the old object -- power and toughness those it had
        less its counters (122.1a) and this combat's changes (613.4c) -- and with
        ``counter``. A token can't return (111.8); nor a card that is back already. The
        new object has an id of its own (``<id>-2``, ``-3`` ...: what the old one did or
        had -- destroyed, attacked, the effects on it -- is not the new one's)."""
        out = done.outcome
        for oid in self._objects(board, item, eff.who):
            lki = item.lki if item.lki is not None and item.lki.id == oid else None
            if lki is None or board.has_object(oid) or oid in self.returned:
                out.append(reason("stack.nothing", None, ()))
                continue
            if lki.is_token:
                out.append(reason("stack.token_gone", "111.8", (oid,), who=oid))
                continue
            cp = sum(n * _counter_pt(k)[0] for k, n in lki.counters.items())
            ct = sum(n * _counter_pt(k)[1] for k, n in lki.counters.items())
            dp, dt = self.changes.pop(oid, (0, 0))
            new_id = _fresh_id(board, oid)
            p = replace(lki, id=new_id, power=(lki.power or 0) - cp - dp,
                        toughness=(lki.toughness or 0) - ct - dt, tapped=eff.tapped,
                        summoning_sick=True, damage=0, counters={}, attached_to=None,
                        goaded_by=(), protector=None)
            if eff.counter is not None:
                p = _with_counters(p, eff.counter, 1)
            self.returned[oid] = new_id
            nb = _derive(board, permanents=board.permanents + (p,))
            if item.reading is not None:
                _carry(board, nb, readings={new_id: item.reading})
            else:
                nb.__dict__.pop("readings", None)  # read again, its text with the rest
            board = nb
            out.append(reason("stack.returned", "400.7", (new_id,), who=new_id, old=oid,
                              counter=eff.counter or "", power=p.power,
                              toughness=p.toughness, tapped=eff.tapped))
            events.append(("enters", new_id))
        return board

    def _token_attack(self, board: Board, item: Item, token: Permanent) -> Optional[str]:
        """508.4: what a creature put onto the battlefield attacking attacks: its
        controller's choice among what may be attacked."""
        options = tuple(t for t in board.attack_targets() if board.may_attack(token, t))
        if not options:
            return None
        return self._choose(item, "attacking", options)

    # -- what an ability's words name ------------------------------------------------------
    def _objects(self, board: Board, item: Item, who: Any) -> list[str]:
        """The objects and players ``who`` names as the effect resolves."""
        src = item.source
        if isinstance(who, A.SelfRef):
            return [src] if src else []
        if isinstance(who, A.AttachedRef):
            perm = board.permanent(src) if src and board.has_object(src) else item.lki
            return [perm.attached_to] if perm is not None and perm.attached_to else []
        if isinstance(who, T.EventRef):
            if who.role == "attackers":
                return [g for g in item.group if board.has_object(g)]
            v = {"subject": item.subject, "other": item.other, "player": item.player}[who.role]
            return [v] if v else []
        if isinstance(who, T.Target):
            if who.index < len(item.targets) and item.targets[who.index]:
                t = item.targets[who.index]
                legal = self._legal_on_resolution.get(id(item))
                if legal is not None:  # judged as it began to resolve (608.2b)
                    if who.index in legal and (board.has_object(t) or t in board.player_names):
                        return [t]
                elif t in _legal_targets(board, item, who, exclude_chosen=False):
                    return [t]  # 608.2b: an illegal target is not affected
            return []
        if isinstance(who, T.Targets):
            return [o for t in who.targets for o in self._objects(board, item, t)]
        if isinstance(who, A.TargetGroup):
            # 608.2b: a target of the group that is no longer legal is not affected
            return [t for t in item.targets[who.first:] if _group_legal(board, item, who, t)]
        if isinstance(who, A.TargetRef):
            return list(item.targets)
        if isinstance(who, A.YouRef):
            return [item.controller]
        if isinstance(who, A.NamedRef):
            return [who.id]
        if isinstance(who, A.DefendingPlayerRef):
            return _defending(board, item)
        if isinstance(who, T.AttackedBy):
            # 508.1b: as declared -- also once the creature has left combat (608.2h)
            out = []
            for o in self._objects(board, item, who.of):
                t = (board.attacks or {}).get(o) or (item.attacked if o == item.subject or (
                    isinstance(who.of, A.SelfRef) and o == item.source) else None)
                if t in board.player_names and t not in self.lost:
                    out.append(t)
                elif t and board.has_object(t) and board.permanent(t).is_planeswalker:
                    out.append(t)
            return out
        if isinstance(who, T.ControllerOfRef):
            out = []
            for o in self._objects(board, item, who.of):
                if board.has_object(o) and o not in board.player_names:
                    out.append(board.permanent(o).controller)
                elif item.lki is not None and o == item.lki.id:
                    out.append(item.lki.controller)
            return out
        if isinstance(who, T.Partners):
            out = []
            for o in self._objects(board, item, who.of):
                # one that has left: those in combat with it as it last existed (608.2h)
                blocking, blocked = _partners_now(board, (o,)).get(o, ((), ())) \
                    if board.has_object(o) else item.lki_partners.get(o, ((), ()))
                if who.blocking or who.either:
                    out += [b for b in blocking if board.has_object(b)]
                if not who.blocking or who.either:
                    out += [a for a in blocked if a not in out and board.has_object(a)]
            return out
        if isinstance(who, T.Each):
            if who.players == "opponents":
                return [p for p in board.opponents(item.controller) if p not in self.lost]
            if who.players == "all":
                return [p for p in board.player_names if p not in self.lost]
            if who.group is not None:
                bound = board.bound  # type: ignore[attr-defined]
                return bound.subject_holders(who.group, _source(item))
        raise TypeError(f"unknown reference {who!r}")

    # -- finding what triggers -----------------------------------------------------------
    def _item(self, board: Board, inst: Any, line: int, **event: Any) -> Item:
        src = inst.source
        key = (src.permanent or "", line)
        self.counts[key] = self.counts.get(key, 0) + 1
        perm = board.permanent(src.permanent) if src.permanent and \
            board.has_object(src.permanent) else None
        bound = board.bound  # type: ignore[attr-defined]
        kws = frozenset(bound.keywords.get(src.permanent, ())) if perm is not None else frozenset()
        readings = board.readings  # type: ignore[attr-defined]
        reading = readings.get(src.permanent) if perm is not None else None
        return Item("trigger", inst.ability, src.controller, src.permanent, line,
                    self.counts[key], src.effect_index if src.kind == "effect" else None,
                    sentence=inst.sentence, lki=perm, lki_keywords=kws, reading=reading,
                    lki_partners=_partners_now(board, (src.permanent, event.get("subject"))),
                    **event)

    def _if_holds(self, board: Board, item: Item) -> bool:
        """603.4: an intervening "if" is checked as the ability triggers."""
        cond = getattr(item.ability, "condition", None)
        return cond is None or _condition(board, item, cond, self.fought)

    def _exert(self, board: Board) -> list[Item]:
        """701.43d: "You may exert ~ as it attacks" -- chosen as attackers are declared;
        the linked "When you do" triggers."""
        out = []
        bound = board.bound  # type: ignore[attr-defined]
        exerts = bound.of_type(T.ExertAsAttacks)
        for a in sorted(board.attacks or {}):
            for inst in [i for i in exerts if i.source.permanent == a
                         and i.source.kind == "permanent"]:
                line = _line_of(board, inst.source.permanent, inst.sentence)
                probe = Item("exert", inst.ability, inst.source.controller, a, line, 1,
                             sentence=inst.sentence)
                if self._choose(probe, "exert", (True, False)):
                    self.exerted.append(a)
                    if inst.ability.then:
                        # 603.12: the reflexive "When you do, ..." triggers and resolves
                        out.append(replace(probe, ability=T.Instructions(inst.ability.then),
                                           lki=board.permanent(a),
                                           sentence=inst.ability.then_sentence
                                           or inst.sentence))
                    # "Whenever you exert a creature" (701.43)
                    for t_inst, t_line in _triggered(board):
                        if isinstance(t_inst.ability.event, T.Exerted) and \
                                t_inst.source.controller == inst.source.controller:
                            item = self._item(board, t_inst, t_line, subject=a)
                            if self._if_holds(board, item):
                                out.append(item)
        return out

    def _attack_items(self, board: Board) -> list[Item]:
        attacks = board.attacks or {}
        out: list[Item] = []
        for inst, line in _triggered(board):
            ev = inst.ability.event
            ctrl = inst.source.controller
            if isinstance(ev, T.PlayerAttacks):
                mine = [a for a in attacks
                        if (ev.anyone or board.permanent(a).controller == ctrl)
                        and board.bound.matches(ev.pred, board.permanent(a),  # type: ignore[attr-defined]
                                                inst.source)]
                if len(mine) >= max(1, ev.at_least):
                    out.append(self._item(board, inst, line, group=tuple(sorted(mine))))
                continue
            if isinstance(ev, T.AttackYou):
                at_me = [a for a in attacks if attacks[a] == ctrl
                         and board.bound.matches(ev.pred, board.permanent(a),  # type: ignore[attr-defined]
                                                 inst.source)]
                if at_me:
                    out.append(self._item(board, inst, line))
                continue
            if isinstance(ev, T.Attacks):
                for a in sorted(attacks):
                    if not _is_who(board, ev.who, a, inst):
                        continue
                    if ev.alone and len(attacks) != 1:
                        continue  # 506.5
                    if ev.others and len(attacks) - 1 < ev.others:
                        continue
                    if ev.most_life and not _most_life(board, attacks[a]):
                        continue  # 702.105a
                    if ev.with_greater and not any(
                            o != a and board.has_object(o) and
                            (board.permanent(o).power or 0) > (board.permanent(a).power or 0)
                            for o in attacks):
                        continue  # 702.149a
                    if ev.you and not (attacks[a] == ctrl or (
                            ev.planeswalkers and attacks[a] not in board.player_names
                            and board.permanent(attacks[a]).is_planeswalker
                            and board.permanent(attacks[a]).controller == ctrl)):
                        continue
                    out.append(self._item(board, inst, line, subject=a, attacked=attacks[a]))
            elif isinstance(ev, T.AttacksOrBlocks):
                for a in sorted(attacks):
                    if _is_who(board, ev.who, a, inst):
                        out.append(self._item(board, inst, line, subject=a,
                                              attacked=attacks[a]))
        return [i for i in out if self._if_holds(board, i)]

    def _block_items(self, board: Board) -> list[Item]:
        attacks = board.attacks or {}
        blocks = board.blocks or {}
        blockers_of: dict[str, list[str]] = {a: [] for a in attacks}
        for b, atts in blocks.items():
            for a in atts:
                blockers_of.setdefault(a, []).append(b)
        out: list[Item] = []
        bound = board.bound  # type: ignore[attr-defined]

        def has(pred: A.Pred, oid: str, inst: Any) -> bool:
            return bound.matches(pred, board.permanent(oid), inst.source)

        for inst, line in _triggered(board):
            ev = inst.ability.event
            if isinstance(ev, T.Blocks):
                for b in sorted(blocks):
                    if not _is_who(board, ev.who, b, inst):
                        continue
                    if ev.per_attacker:
                        for a in sorted(blocks[b]):
                            if has(ev.pred, a, inst):
                                out.append(self._item(board, inst, line, subject=b, other=a))
                    else:
                        only = blocks[b][0] if len(blocks[b]) == 1 else None
                        out.append(self._item(board, inst, line, subject=b, other=only))
            elif isinstance(ev, T.AttacksOrBlocks):
                for b in sorted(blocks):
                    if b not in attacks and _is_who(board, ev.who, b, inst):
                        out.append(self._item(board, inst, line, subject=b))
            elif isinstance(ev, T.BecomesBlocked):
                for a in sorted(attacks):
                    bl = sorted(blockers_of.get(a, []))
                    if not bl or not _is_who(board, ev.who, a, inst):
                        continue
                    if ev.per_blocker:
                        for b in bl:
                            if has(ev.pred, b, inst):
                                out.append(self._item(board, inst, line, subject=a, other=b))
                    elif len(bl) >= ev.at_least:
                        only = bl[0] if len(bl) == 1 else None
                        out.append(self._item(board, inst, line, subject=a, other=only))
            elif isinstance(ev, T.BlocksOrBlocked):
                for c in sorted(set(attacks) | set(blocks)):
                    if not _is_who(board, ev.who, c, inst):
                        continue
                    partners = sorted(set(blocks.get(c, ())) | set(blockers_of.get(c, [])))
                    if not partners:
                        continue
                    if ev.by_creature:
                        for o in partners:
                            if has(ev.pred, o, inst):
                                out.append(self._item(board, inst, line, subject=c, other=o))
                    else:
                        only = partners[0] if len(partners) == 1 else None
                        out.append(self._item(board, inst, line, subject=c, other=only))
            elif isinstance(ev, T.Unblocked):
                for a in sorted(attacks):
                    if not blockers_of.get(a) and a not in (board.blocked or ()) \
                            and _is_who(board, ev.who, a, inst):
                        out.append(self._item(board, inst, line, subject=a))
        return [i for i in out if self._if_holds(board, i)]

    def _damage_items(self, before: Board, dealt: Sequence[Dealt], combat: bool) -> list[Item]:
        """510.3a, 603.2c: one trigger per recipient for "deals damage to a player / an
        opponent / a creature", one per source for "deals combat damage", one per
        creature for "is dealt damage"."""
        out: list[Item] = []
        names = before.player_names
        for inst, line in _triggered(before):
            ev = inst.ability.event
            if isinstance(ev, T.DealsDamage):
                if ev.combat and not combat:
                    continue
                by_source: dict[str, list[str]] = {}
                much: dict[tuple[str, str], int] = {}
                for d in dealt:
                    if d.amount > 0:
                        by_source.setdefault(d.source, []).append(d.to)
                        much[d.source, d.to] = much.get((d.source, d.to), 0) + d.amount
                for s in sorted(by_source):
                    if not _is_who(before, ev.who, s, inst):
                        continue
                    ctrl = before.permanent(s).controller
                    tos = sorted(set(by_source[s]))
                    if ev.to == "any":
                        out.append(self._item(before, inst, line, subject=s,
                                              amount=sum(much[s, t] for t in tos)))
                        continue
                    for to in tos:
                        is_player = to in names
                        ok = {"player": is_player,
                              "opponent": is_player and not before.teammates(to, ctrl),
                              "creature": not is_player and before.permanent(to).is_creature,
                              "player_or_planeswalker": is_player or (
                                  before.permanent(to).is_planeswalker)}[ev.to]
                        if ok:
                            out.append(self._item(before, inst, line, subject=s,
                                                  other=None if is_player else to,
                                                  player=to if is_player else None,
                                                  amount=much[s, to]))
            elif isinstance(ev, T.IsDealtDamage):
                # 510.2: combat damage is dealt at once -- one event for each creature,
                # "that much" all the damage dealt to it.
                hit: dict[str, int] = {}
                for d in dealt:
                    if d.amount > 0 and d.to not in names:
                        hit[d.to] = hit.get(d.to, 0) + d.amount
                for c in sorted(hit):
                    if _is_who(before, ev.who, c, inst):
                        out.append(self._item(before, inst, line, subject=c, amount=hit[c]))
        return [i for i in out if self._if_holds(before, i)]

    def _dies_items(self, before: Board, gone: Mapping[str, str]) -> list[Item]:
        """700.4, 603.10a: creatures put into a graveyard from the battlefield -- the
        abilities that trigger are looked for on the board before they left."""
        died = sorted(g for g, rule in gone.items() if rule in _DIES and before.has_object(g)
                      and before.permanent(g).is_creature)
        return self._dies(before, died)

    def _dies(self, before: Board, died: Sequence[str]) -> list[Item]:
        out: list[Item] = []
        if not died:
            return out
        for c in died:
            out += self._returning(before, c)
        for inst, line in _triggered(before):
            ev = inst.ability.event
            if isinstance(ev, T.Dies):
                for c in died:
                    if _is_who(before, ev.who, c, inst):
                        out.append(self._item(before, inst, line, subject=c))
        return [i for i in out if self._if_holds(before, i)]

    def _returning(self, before: Board, c: str) -> list[Item]:
        """Persist (702.79a) and undying (702.93a) of a creature that died (``before``:
        the board it died from, 603.10a): "When this permanent is put into a graveyard
        from the battlefield, if it had no -1/-1 (+1/+1) counters on it, return it ..."
        -- the intervening "if" (603.4) on the creature as it last existed. Its
        controller's abilities (the board records no owner: its controller owns it)."""
        bound = before.bound  # type: ignore[attr-defined]
        p = before.permanent(c)
        out = []
        for kw, ability in _RETURNS.items():
            if not bound.has_keyword(c, kw) or p.counter(_RETURN_COUNTERS[kw]):
                continue
            line = _line_of(before, c, kw.capitalize()) if kw in p.text.lower() else 0
            key = (c, line, kw)
            self.counts[key] = self.counts.get(key, 0) + 1
            reading = before.readings.get(c)  # type: ignore[attr-defined]
            out.append(Item("trigger", ability, p.controller, c, line, self.counts[key],
                            subject=c, sentence=kw, lki=p,
                            lki_keywords=frozenset(bound.keywords.get(c, ())),
                            reading=reading))
        return out

    def _lifelink_items(self, before: Board, dealt: Sequence[Dealt]) -> list[Item]:
        """119.10: each source with lifelink dealing damage is one life-gain event."""
        bound = before.bound  # type: ignore[attr-defined]
        by_source: dict[str, int] = {}
        for d in dealt:
            if d.amount > 0:
                by_source[d.source] = by_source.get(d.source, 0) + d.amount
        gains = [(before.permanent(s).controller, n) for s, n in sorted(by_source.items())
                 if bound.has_keyword(s, "lifelink")]
        return self._life_items(before, gains)

    def _life_items(self, board: Board, gains: Sequence[tuple[str, int]]) -> list[Item]:
        """119.9: "Whenever you gain life" -- once for each life-gain event (``gains``:
        who gained how much), "that much" its amount."""
        out: list[Item] = []
        if not gains:
            return out
        for inst, line in _triggered(board):
            if isinstance(inst.ability.event, T.GainsLife):
                for who, n in gains:
                    if who == inst.source.controller:
                        out.append(self._item(board, inst, line, player=who, amount=n))
        return [i for i in out if self._if_holds(board, i)]

    def _after(self, board: Board, events: list) -> tuple[Board, list[Item]]:
        """704.3: state-based actions after a resolution, and the abilities that the
        resolution and they trigger."""
        bound = board.bound  # type: ignore[attr-defined]
        nb, sb = state_based(board, bound, set(self._deathtouched), set(), self.lost)
        _carry(board, nb)
        self._deathtouched = set()
        log = self.current
        log.sba.gone.update(sb.gone)
        log.sba.lost.update(sb.lost)
        for p in sorted(sb.lost):
            if p not in self.lost:
                self.lost.append(p)
        items: list[Item] = []
        dealt = [Dealt(s, t, n) for kind, *rest in events if kind == "dealt"
                 for s, t, n in [rest] if s]
        if dealt:
            items += self._damage_items(board, dealt, combat=False)
        died_by_effect = [(e[1], e[2]) for e in events if e[0] == "dies"]
        for cid, lki_board in died_by_effect:
            items += self._dies(lki_board, [cid])
        items += self._dies_items(board, sb.gone)
        items += self._life_items(nb, [(e[1], e[2]) for e in events if e[0] == "life"])
        entered = [e[1] for e in events if e[0] == "enters" and nb.has_object(e[1])]
        for inst, line in _triggered(nb) if entered else ():
            ev = inst.ability.event
            if isinstance(ev, T.EntersBattlefield):
                for c in entered:
                    if _is_who(nb, ev.who, c, inst):
                        item = self._item(nb, inst, line, subject=c)
                        if self._if_holds(nb, item):
                            items.append(item)
        for kind, g, lki_board in [e for e in events if e[0] == "sacrificed"]:
            for inst, line in _triggered(lki_board):
                if isinstance(inst.ability.event, T.Sacrificed) and inst.source.permanent == g:
                    items.append(self._item(lki_board, inst, line, subject=g))
        return nb, items


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

#: The state-based actions that put a creature into its graveyard: it dies (700.4).
_DIES = ("704.5f", "704.5g", "704.5h")


def keyword_reason(t: KeywordTrigger) -> Reason:
    """A resolved keyword trigger as a reason (the text layer words it)."""
    return reason(f"combat.trigger_{t.kind}", t.rule, (t.source, t.affected), source=t.source,
                  affected=t.affected, power=t.power, toughness=t.toughness, life=-t.life,
                  n=t.n)


#: 702.147a: decayed's "When this creature attacks, sacrifice it at end of combat."
_DECAYED = T.Triggered(T.Attacks(A.SelfRef()),
                       (T.Delayed((T.Leave(A.SelfRef(), "sacrifice"),)),))

#: 702.79a persist, 702.93a undying: "When this permanent is put into a graveyard from
#: the battlefield, if it had no -1/-1 (+1/+1) counters on it, return it to the
#: battlefield under its owner's control with a -1/-1 (+1/+1) counter on it." (the
#: intervening "if" is checked by :meth:`Stack._returning`).
_RETURNS = {
    kw: T.Triggered(T.Dies(A.SelfRef()), (T.Return(A.SelfRef(), counter),))
    for kw, counter in (("persist", "-1/-1"), ("undying", "+1/+1"))
}

#: The counter each returns the creature with, and whose presence keeps it dead.
_RETURN_COUNTERS = {"persist": "-1/-1", "undying": "+1/+1"}

#: Each instruction's method (608.2c), by the kind of instruction.
_EFFECTS: dict[type, Callable[..., Board]] = {
    T.PTChange: Stack._pt, T.Continuous: Stack._continuous, T.Counters: Stack._counters,
    T.Damage: Stack._damage, T.Life: Stack._life, T.Poison: Stack._poison,
    T.Tap: Stack._tap, T.Leave: Stack._leave, T.RemoveFromCombat: Stack._out_of_combat,
    T.Tokens: Stack._tokens, T.Draw: Stack._hands, T.Discard: Stack._hands,
    T.NoUntap: Stack._no_untap, T.IfThen: Stack._if_then, T.Delayed: Stack._delayed,
    T.Return: Stack._return,
}


def _fresh_id(board: Board, oid: str) -> str:
    """An id for the new object a card that left becomes (400.7): ``<id>-2``, ``-3`` ...,
    the first no permanent or player of the board has."""
    taken = {p.id for p in board.permanents} | set(board.player_names)
    n = 2
    while f"{oid}-{n}" in taken:
        n += 1
    return f"{oid}-{n}"


def _with_counters(p: Permanent, kind: str, n: int) -> Permanent:
    """``p`` with ``n`` more counters of ``kind`` (fewer for ``n`` < 0); a counter of a
    power/toughness kind (+1/+1, -1/-1 122.1a; -0/-2, +1/+0 ...) changes a creature's
    power and toughness (613.4c)."""
    counters = dict(p.counters)
    counters[kind] = p.counter(kind) + n
    if not counters[kind]:
        del counters[kind]
    pw, tg = p.power, p.toughness
    dp, dt = _counter_pt(kind)
    if (dp or dt) and p.is_creature:
        pw, tg = (pw or 0) + n * dp, (tg or 0) + n * dt
    return replace(p, counters=counters, power=pw, toughness=tg)


def _counter_pt(kind: str) -> tuple[int, int]:
    """What one counter of ``kind`` adds to power and toughness ("+1/+1" (1, 1), "-0/-2"
    (0, -2); another kind (0, 0))."""
    parts = kind.split("/")
    if len(parts) != 2 or not all(len(x) >= 2 and x[0] in "+-" and x[1:].isdigit()
                                  for x in parts):
        return (0, 0)
    return (int(parts[0]), int(parts[1]))


def _drawn(p: Any, n: int) -> Any:
    """121.1: a player who draws ``n`` cards (hand and cards drawn, where recorded)."""
    return replace(p, hand=None if p.hand is None else p.hand + n,
                   cards_drawn=None if p.cards_drawn is None else p.cards_drawn + n)


#: The code of battle cry's triggers (702.91a).
_BATTLE_CRY = KEYWORD_TABLE["battle cry"].code


def _battle_cry_as_it_resolves(board: Board, keyword: Mapping[str, list]
                               ) -> dict[str, list]:
    """The keyword triggers of the declared attacks with battle cry's (702.91a) as one
    ability for each instance (its ``affected`` left empty: the other attacking
    creatures are those as it resolves, 608.2c), not one for each creature attacking as
    attackers were declared."""
    bound = board.bound  # type: ignore[attr-defined]
    out: dict[str, list] = {}
    for p, triggers in keyword.items():
        out[p] = [t for t in triggers if t.kind != _BATTLE_CRY]
    for a in sorted(board.attacks or {}):
        if not board.has_object(a):
            continue
        ctrl = board.permanent(a).controller
        for _ in range(keyword_count(bound, a, "battle cry")):
            out.setdefault(ctrl, []).append(
                KeywordTrigger(_BATTLE_CRY, "702.91a", a, ctrl, "", 1, 0))
    return out


def _keyword_items(board: Board, keyword: Mapping[str, list]) -> list[Item]:
    out = []
    for p, triggers in keyword.items():
        for k, t in enumerate(triggers):
            out.append(Item("keyword", t, p, t.source, 0, k + 1, sentence=t.kind))
    return out


def _default_order(it: Item) -> tuple:
    """Within one player's abilities (603.3b), the order they resolve in: the abilities
    of the cards' texts by source, line, instance, then keyword abilities (in the order
    :mod:`mtgcombat.rules.combat_triggers` gives them) -- so that a keyword counting
    what it finds as it resolves (battle cry, rampage) sees what the others made."""
    return (it.kind == "keyword", it.source or "" if it.kind != "keyword" else "",
            it.line, it.instance, it.subject or "", it.other or "")


def _apnap(board: Board) -> list[str]:
    """103.4/101.4: the active player, then the others in turn order."""
    names = list(board.player_names)
    i = names.index(board.active_player)
    return names[i:] + names[:i]


#: 702.105a dethrone, 702.149a training: the triggered ability of a keyword, as the rule
#: words it -- the rule objects the reader makes of those words for a creature that prints
#: the keyword (grammar/oracle/fast.py; tests/test_outside_scenarios.py checks they are
#: the same). A creature that has the keyword without its words (granted: "Other
#: creatures you control have dethrone.") has the ability all the same (702.105b).
GRANTED_TRIGGERS: dict[str, T.Triggered] = {
    "dethrone": T.Triggered(T.Attacks(A.SelfRef(), most_life=True),
                            (T.Counters(A.SelfRef(), "+1/+1", 1),)),
    "training": T.Triggered(T.Attacks(A.SelfRef(), with_greater=True),
                            (T.Counters(A.SelfRef(), "+1/+1", 1),)),
}


def _triggered(board: Board) -> list[tuple[Any, int]]:
    """The triggered abilities on the board (bound instances) with their lines, and those
    of keywords a creature has without their words (:data:`GRANTED_TRIGGERS`, line 0)."""
    bound = board.bound  # type: ignore[attr-defined]
    out = []
    own: dict[tuple, int] = {}
    for inst in bound.of_type(T.Triggered):
        out.append((inst, _line_of(board, inst.source.permanent, inst.sentence)
                    if inst.source.kind == "permanent" else 0))
        if inst.source.kind == "permanent":
            key = (inst.source.permanent, inst.ability)
            own[key] = own.get(key, 0) + 1
    for p in board.permanents:
        for kw, ab in GRANTED_TRIGGERS.items():
            for _ in range(keyword_count(bound, p.id, kw) - own.get((p.id, ab), 0)):
                out.append((Instance(ab, Source("permanent", p.controller, permanent=p.id),
                                     kw.capitalize(), p.id), 0))
    return out


def _most_life(board: Board, target: str) -> bool:
    """702.105a: ``target`` is a player with the most life or tied for most life (among
    all players of the game, the attacking player too)."""
    if target not in board.player_names:
        return False
    return board.player(target).life >= max(p.life for p in board.players)


def _line_of(board: Board, pid: Optional[str], sentence: str) -> int:
    """The line (from 1) of a permanent's text that holds ``sentence``."""
    if pid is None or not board.has_object(pid):
        return 0
    lines = board.permanent(pid).text.split("\n")
    for k, line in enumerate(lines):
        if sentence and sentence in line:
            return k + 1
    head = sentence[:24]
    for k, line in enumerate(lines):
        if head and head in line:
            return k + 1
    return 0


def _is_who(board: Board, who: Any, cid: str, inst: Any) -> bool:
    """Whether the creature ``cid`` is the one an event names (the source, the
    permanent it is attached to, or one of a group)."""
    src = inst.source.permanent
    if isinstance(who, A.SelfRef):
        return cid == src
    if isinstance(who, T.SelfOr):
        return cid == src or _is_who(board, who.group, cid, inst)
    if isinstance(who, A.AttachedRef):
        return src is not None and board.has_object(src) and \
            board.permanent(src).attached_to == cid
    if isinstance(who, A.Group):
        if not board.has_object(cid):
            return False
        bound = board.bound  # type: ignore[attr-defined]
        return cid in bound.subject_holders(who, inst.source)
    return False


def _source(item: Item) -> Source:
    return Source("permanent" if item.effect is None else "effect", item.controller,
                  permanent=item.source, effect_index=item.effect, targets=item.targets,
                  sentence=item.sentence)


def _src(item: Item) -> Any:
    return _source(item).src()


def _effects_of(item: Item) -> tuple:
    ab = item.ability
    if isinstance(ab, (T.Triggered, T.Instructions)):
        return ab.effects
    return ()


def _parts(effects: Iterable[Any], kind: type) -> list:
    """The rule objects of ``kind`` in an ability's effects, in the order written (not
    looking inside them, nor into the reading an effect carries of its own sentence)."""
    found: list = []

    def walk(x: Any) -> None:
        if isinstance(x, kind):
            found.append(x)
            return
        if isinstance(x, tuple):
            for y in x:
                walk(y)
            return
        for f in getattr(x, "__dataclass_fields__", ()):
            if f != "reading":
                walk(getattr(x, f))

    for e in effects:
        walk(e)
    return found


def _target_specs(effects: Iterable[Any]) -> list[T.Target]:
    """The targets of an ability's effects, by index (601.2c)."""
    found: dict[int, T.Target] = {}
    for t in _parts(effects, T.Target):
        found.setdefault(t.index, t)
    return [found[k] for k in sorted(found)]


def _target_groups(effects: Iterable[Any]) -> list[A.TargetGroup]:
    """The variable numbers of targets of an ability's effects (601.2c) that say what
    each target must be."""
    found: list[A.TargetGroup] = []
    for g in _parts(effects, A.TargetGroup):
        if g.pred is not None and g not in found:
            found.append(g)
    return found


def _group_legal(board: Board, item: Item, group: A.TargetGroup, t: str) -> bool:
    """Whether ``t`` is a legal target of ``group`` now (115.1, 601.2c, 608.2b): a
    creature on the battlefield that is what the group's words say ("blocked")."""
    if group.pred is None:
        return True
    if not board.has_object(t) or t in board.player_names:
        return False
    perm = board.permanent(t)
    src = Source("permanent", item.controller, permanent=item.source)
    return perm.is_creature and board.bound.matches(group.pred, perm, src)  # type: ignore[attr-defined]


def _legal_targets(board: Board, item: Item, spec: T.Target, chosen: Sequence[str] = (),
                   exclude_chosen: bool = True) -> list[str]:
    """115.1, 601.2c: the objects or players ``spec`` may target, as ``item``'s controller
    chooses; not one chosen for another "target" of the same ability (115.3), not the
    source for "another target", nothing with protection from the source (702.16b) or
    hexproof from an opponent (702.11b) or shroud (702.18a)."""
    bound = board.bound  # type: ignore[attr-defined]
    ctrl = item.controller
    out: list[str] = []
    if spec.kind in ("player", "any"):
        for p in board.player_names:
            if spec.opponents and board.teammates(p, ctrl):
                continue
            out.append(p)
    if spec.kind != "player":
        src = Source("permanent", ctrl, permanent=item.source)
        src_perm = board.permanent(item.source) if item.source and \
            board.has_object(item.source) else item.lki
        for p in board.permanents:
            if spec.kind == "creature" and not p.is_creature:
                continue
            if spec.kind == "any" and not (p.is_creature or p.is_planeswalker or p.is_battle):
                continue
            if spec.kind == "planeswalker" and not p.is_planeswalker:
                continue
            if spec.other and p.id == item.source:
                continue
            if spec.attacking is not None and (p.id in (board.attacks or {})) != spec.attacking:
                continue
            if spec.blocking is not None and (p.id in (board.blocks or {})) != spec.blocking:
                continue
            if spec.opponents and board.teammates(p.controller, ctrl):
                continue
            if spec.partner is not None and not _in_combat_with(board, item, spec, p.id):
                continue
            if spec.controller is not None:
                if isinstance(spec.controller, A.DefendingPlayerRef):
                    if p.controller not in _defending(board, item):
                        continue
                elif isinstance(spec.controller, A.YouRef):
                    if p.controller != ctrl:
                        continue
            if not bound.matches(spec.pred, p, src):
                continue
            if bound.has_keyword(p.id, "shroud") or (
                    bound.has_keyword(p.id, "hexproof") and not board.teammates(p.controller,
                                                                               ctrl)):
                continue
            if src_perm is not None and _protected(board, bound, p.id, src_perm):
                continue
            out.append(p.id)
    if exclude_chosen:
        out = [x for x in out if x not in chosen]
    return out


def _partners_now(board: Board, ids: Iterable[Optional[str]]) -> dict[str, tuple]:
    """For each of ``ids`` on the battlefield: (the creatures blocking it, those it
    blocks), as combat stands (506.4)."""
    blocks = board.blocks or {}
    out: dict[str, tuple] = {}
    for o in ids:
        if o and o not in out and board.has_object(o):
            out[o] = (tuple(sorted(b for b, atts in blocks.items() if o in atts)),
                      tuple(blocks.get(o, ())))
    return out


def _in_combat_with(board: Board, item: Item, spec: T.Target, oid: str) -> bool:
    """506.4: whether ``oid`` is blocking (``spec.partner`` "blocking"), blocked by
    ("blocked") or either ("either") the object ``spec.partner_of`` names -- the source,
    or an object of the event."""
    of = spec.partner_of
    if isinstance(of, T.EventRef):
        them = [getattr(item, of.role)] if of.role != "attackers" else list(item.group)
    else:
        them = [item.source]
    blocks = board.blocks or {}
    for x in them:
        if x is None:
            continue
        if spec.partner in ("blocking", "either") and x in blocks.get(oid, ()):
            return True
        if spec.partner in ("blocked", "either") and oid in blocks.get(x, ()):
            return True
    return False


def _protected(board: Board, bound: Any, oid: str, src: Permanent) -> bool:
    """702.16: protection from a quality the source has."""
    rec = board.permanent(oid)
    for inst in bound.protections(oid):
        pr: A.Protection = inst.ability
        if pr.everything:
            return True
        if pr.player is not None:
            if bound.player_of(pr.player, inst.source) == src.controller:
                return True
        elif pr.pred is not None and bound.matches(pr.pred, src, inst.source, rec):
            return True
    return False


def _defending(board: Board, item: Item) -> list[str]:
    """508.5: the defending player of the attacking creature the ability is about (the
    event's creature, else the source), else the only defending player."""
    attacks = board.attacks or {}
    for c in (item.subject, item.source):
        if c and c in attacks:
            return [board.defending_player_of(attacks[c])]
    if item.subject and board.blocks and item.subject in board.blocks and item.other in attacks:
        return [board.defending_player_of(attacks[item.other])]  # type: ignore[index]
    d = board.defenders
    return list(d) if len(d) == 1 else []


def _condition(board: Board, item: Item, cond: Any, fought: Iterable[str] = ()) -> bool:
    """An intervening "if" (603.4) on the board as it is now; ``fought``: the creatures
    declared as attackers or blockers this combat."""
    bound = board.bound  # type: ignore[attr-defined]
    if isinstance(cond, T.ControlsCount):
        if cond.defending:
            who = _defending(board, item)
        elif isinstance(cond.who, A.YouRef):
            who = [item.controller]
        else:
            who = []
        src = _source(item)
        me = board.permanent(item.source) if item.source and board.has_object(item.source) \
            else None
        groups = [[p for p in board.player_names if board.teammates(p, w)] if cond.team
                  else [w] for w in who]
        for g in groups:
            n = sum(1 for p in board.permanents if p.controller in g
                    and bound.matches(cond.pred, p, src, me))
            if n >= cond.at_least and (cond.at_most is None or n <= cond.at_most):
                return True
        return False
    if isinstance(cond, T.LifeAtLeast):
        life = board.player(item.controller).life
        return life >= cond.n if cond.op == ">=" else life <= cond.n
    if isinstance(cond, T.IsState):
        ids = _who_ids(board, item, cond.who)
        return any(i and board.has_object(i) and i not in board.player_names
                   and bound.matches(cond.pred, board.permanent(i), _source(item))
                   for i in ids)
    if isinstance(cond, T.AttackedOrBlocked):
        return item.source is not None and item.source in set(fought)
    if isinstance(cond, T.TotalPower):
        # 508.1: the creatures its controller declared as attackers this combat (those
        # still on the battlefield); or every creature its controller controls
        ids = [a for a in fought if a in (board.attacks or {})] if cond.attacked else \
            [p.id for p in board.permanents if p.is_creature]
        total = sum(max(0, board.permanent(i).power or 0) for i in ids
                    if board.has_object(i) and board.permanent(i).controller == item.controller)
        return total >= cond.n
    raise TypeError(f"unknown condition {cond!r}")


def _who_ids(board: Board, item: Item, who: Any) -> list[str]:
    """The objects a condition's ``who`` names (without the stack's choices)."""
    if isinstance(who, A.SelfRef):
        return [item.source] if item.source else []
    if isinstance(who, T.EventRef):
        v = {"subject": item.subject, "other": item.other, "player": item.player}[who.role]
        return [v] if v else []
    if isinstance(who, A.AttachedRef):
        perm = board.permanent(item.source) if item.source and board.has_object(item.source) \
            else item.lki
        return [perm.attached_to] if perm is not None and perm.attached_to else []
    if isinstance(who, T.Target):
        return [item.targets[who.index]] if who.index < len(item.targets) else []
    return []


def _amount(board: Board, item: Item, amount: Any, stack: Stack,
            about: Optional[str] = None) -> int:
    if isinstance(amount, int):
        return amount
    if isinstance(amount, T.Scaled):
        return amount.n * _count(board, item, amount.count, stack, about)
    if isinstance(amount, T.EventAmount):
        return amount.sign * item.amount
    if isinstance(amount, T.PowerOf):
        ids = stack._objects(board, item, amount.who)
        for o in ids:
            p = board.permanent(o) if board.has_object(o) and o not in board.player_names \
                else (item.lki if item.lki is not None and item.lki.id == o else None)
            if p is not None:
                v = p.power if amount.stat == "power" else p.toughness
                return max(0, v or 0)
        return 0
    raise TypeError(f"unknown amount {amount!r}")


def _count(board: Board, item: Item, c: T.Count, stack: Stack, about: Optional[str] = None
           ) -> int:
    """How many a :class:`~mtgcombat.rules.triggered.Count` counts as the effect resolves
    (``about``: the object the effect is about -- "other", "blocking it")."""
    it = about or item.subject or item.source
    blocks = board.blocks or {}
    if c.blocking:
        n = sum(1 for b, atts in blocks.items() if it in atts)
    elif c.blocked:
        n = len(blocks.get(it or "", ()))
    else:
        bound = board.bound  # type: ignore[attr-defined]
        src = _source(item)
        who = None
        if c.controller is not None:
            if isinstance(c.controller, A.YouRef):
                who = [item.controller]
            elif isinstance(c.controller, A.DefendingPlayerRef):
                who = _defending(board, item)
            else:
                who = []
        n = 0
        for p in board.permanents:
            if who is not None and p.controller not in who:
                continue
            if c.other and p.id == it:
                continue
            if c.attacking is not None and (p.id in (board.attacks or {})) != c.attacking:
                continue
            if bound.matches(c.pred, p, src):
                n += 1
    return max(0, n - c.beyond)


def _damage_result(board: Board, res: Results, to: str, n: int, keywords: set[str],
                   controller: str) -> None:
    """120.3: the results of ``n`` damage to ``to`` from a source with ``keywords``."""
    infect = "infect" in keywords
    if to in board.player_names:
        res.damaged[to] = res.damaged.get(to, 0) + n
        if infect:
            res.poison[to] = res.poison.get(to, 0) + n  # 120.3b
        else:
            res.life[to] = res.life.get(to, 0) - n  # 120.3a
    else:
        rec = board.permanent(to)
        if rec.is_creature:
            if infect or "wither" in keywords:
                res.minus[to] = res.minus.get(to, 0) + n  # 120.3d
            else:
                res.marked[to] = res.marked.get(to, 0) + n  # 120.3e
            if "deathtouch" in keywords:
                res.deathtouched.add(to)  # 702.2b
        if rec.is_planeswalker:
            res.loyalty[to] = res.loyalty.get(to, 0) + n  # 120.3c
        if rec.is_battle:
            res.defense[to] = res.defense.get(to, 0) + n  # 120.3h
    if "lifelink" in keywords:
        res.gained[controller] = res.gained.get(controller, 0) + n  # 120.3f


def _life(board: Board, who: str, amount: int) -> Board:
    """119: life gained or lost (a team's shared life, 810.9)."""
    return _derive(board, players=tuple(
        replace(p, life=p.life + amount) if board.teammates(p.name, who) and (
            p.name == who or p.team is not None) else p for p in board.players))


def _poison(board: Board, who: str, n: int) -> Board:
    """122.1f; a team's shared poison (810.10)."""
    return _derive(board, players=tuple(
        replace(p, poison=p.poison + n) if board.teammates(p.name, who) and (
            p.name == who or p.team is not None) else p for p in board.players))


def _is_creature(board: Board, oid: str) -> bool:
    return board.has_object(oid) and oid not in board.player_names and \
        board.permanent(oid).is_creature


def _out_of_combat(board: Board, ids: set[str]) -> Board:
    """506.4: removed from combat; an attacker it blocked stays blocked (509.1h)."""
    if board.attacks is None:
        return board
    attacks = {a: t for a, t in board.attacks.items() if a not in ids}
    blocks: Optional[dict[str, tuple[str, ...]]] = None
    blocked = set(board.blocked or ())
    if board.blocks is not None:
        blocks = {}
        for b, atts in board.blocks.items():
            if b in ids:
                blocked.update(a for a in atts if a not in ids)
                continue
            left = tuple(a for a in atts if a not in ids)
            if left:
                blocks[b] = left
    blocked_t = tuple(sorted(a for a in blocked if a in attacks and not any(
        a in v for v in (blocks or {}).values())))
    nb = _derive(board, attacks=attacks, blocks=blocks, blocked=blocked_t or None,
                 bands=tuple(tuple(a for a in band if a not in ids) for band in board.bands
                             if len([a for a in band if a not in ids]) >= 2))
    _carry(board, nb)
    return nb


def _game_over(board: Board, lost: Sequence[str]) -> bool:
    """104.2a: the attacking player (or team) has lost, or every opponent has."""
    if any(board.teammates(p, board.active_player) for p in lost):
        return True
    opponents = board.opponents(board.active_player)
    return bool(opponents) and all(p in lost for p in opponents)


def _derive(board: Board, **changes: Any) -> Board:
    nb = board.derive(**changes)
    _carry(board, nb)
    return nb


def _carry(old: Board, new: Board, readings: Optional[Mapping[str, Any]] = None,
           effect_readings: Sequence[Any] = ()) -> None:
    """The new board reads its texts as the old one did (same permanents and effects,
    plus ``readings`` of new permanents and ``effect_readings`` of effects added at the
    end)."""
    if new is old:
        return
    if "readings" in old.__dict__ or readings:
        ids = {p.id for p in new.permanents}
        have = {k: v for k, v in old.readings.items() if k in ids}  # type: ignore[attr-defined]
        have.update(readings or {})
        new.__dict__["readings"] = have
    if ("effect_readings" in old.__dict__ or effect_readings) \
            and new.effects[:len(old.effects)] == old.effects \
            and len(new.effects) == len(old.effects) + len(effect_readings):
        new.__dict__["effect_readings"] = tuple(old.effect_readings) + tuple(  # type: ignore[attr-defined]
            effect_readings)


def carry(old: Board, new: Board) -> None:
    """The new board reads its texts as the old one did (where they are the same)."""
    _carry(old, new)


def _instructions(board: Board, i: int) -> T.Instructions:
    """The instructions of the board's effect ``i`` (a trick), as its reader read them."""
    reading = board.effect_readings[i]  # type: ignore[attr-defined]
    effects: list = []
    for parsed in reading.understood:
        for ab in parsed.abilities:
            if isinstance(ab, T.Instructions):
                effects.extend(ab.effects)
    return T.Instructions(tuple(effects))


def has_triggers(board: Board) -> bool:
    """Whether the board has any triggered ability, exert or combat trick this module
    carries out (so a combat without them can skip it)."""
    bound = board.bound  # type: ignore[attr-defined]
    return bool(bound.of_type(T.Triggered, T.ExertAsAttacks)) or any(
        e.step is not None for e in board.effects) or any(
        bound.has_keyword(p.id, kw) for p in board.permanents for kw in _RETURNS)


__all__ = ["Stack", "Item", "Resolved", "StepLog", "Chosen", "ChoiceNeeded", "ChoiceIllegal",
           "Request", "carry", "has_triggers", "keyword_reason"]
_ = (Callable, dataclasses)
