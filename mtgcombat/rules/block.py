"""Declare blockers (509.1) as a constraint problem.

:func:`block_problem` turns a board whose attacks are declared, and the
abilities bound to it, into a :class:`~mtgcombat.rules.constraints.Problem` of
kind ``"blocks"``. Nothing is decided here: the backends judge declarations
against the problem (509.1b-c with optional costs, 509.1c-d).

How the rules become data:

* options (509.1a, 802.4a, 310.9c, 805.10d): every creature a defending player
  controls may be declared to block any attacker whose blocking players
  (:meth:`Board.blocking_players_for`) include its controller. Choices that
  are never legal (a tapped blocker, a flyer blocked by a ground creature)
  stay in the options and are forbidden by a restriction, so a check can say
  why.
* capacity (509.1a): one attacker, plus "can block an additional creature";
  "any number" is unbounded (None).
* restrictions (509.1b): tapped creatures and battles can't block (509.1a);
  evasion abilities, each one separately (they are cumulative, 509.1b);
  restrictions printed on blockers and on attackers; "can't block alone"
  (506.5) and "no more than N creatures can block" are judged over one
  defending player's declaration (802.4b) or, in Two-Headed Giant, over the
  team's combined block (805.10d).
* requirements (509.1c), one count each: "blocks each combat if able" per
  creature that has it; "all creatures able to block X do so" once per
  creature that could block X; "X must be blocked if able" once per attacker.
* costs (509.1c-d): "can't block unless its controller pays ..." -- one
  optional cost per creature, owed iff that creature blocks.

Because a creature can only block attackers of its own defending player (or
team), the declarations of different defending players share no literal and
no constraint: maximising the total number of requirements obeyed is the same
as each defending player maximising their own (802.4, 802.4b).
"""

from __future__ import annotations

from functools import cached_property
from typing import AbstractSet, Optional

from . import abilities as A
from .attack import src_of
from .bind import Bound, Instance
from .constraints import (
    And, Const, Cost, Count, Expr, Lit, Not, Problem, Requirement, Restriction, any_of,
    implies,
)
from .model import COLORS, Board, Permanent, PlayerName
from .reasons import Reason, reason

__all__ = ["block_problem"]


def block_problem(board: Board, bound: Bound) -> Problem:
    """The block declaration problem of ``board`` (which must have ``attacks``)."""
    if board.attacks is None:
        raise ValueError("block_problem: no attacks")
    b = _Builder(board, bound)
    _structural(b)      # 509.1a
    _evasion(b)         # 509.1b, 702
    _text_restrictions(b)  # 509.1b, 506.5, 802.4b
    _requirements(b)    # 509.1c
    _costs(b)           # 509.1c-d
    return Problem(
        kind="blocks",
        options={c: tuple(v) for c, v in b.options.items()},
        capacity=b.capacity,
        restrictions=tuple(b.restrictions),
        requirements=tuple(b.requirements),
        costs=tuple(b.costs),
        names=b.names,
        edition=board.rules,
    )


# ---------------------------------------------------------------------------
# The builder: options, names and helpers shared by the rule families.
# ---------------------------------------------------------------------------


class _Builder:
    def __init__(self, board: Board, bound: Bound) -> None:
        self.board, self.bound = board, bound
        assert board.attacks is not None
        self.attackers: list[str] = list(board.attacks)
        defenders = set(board.defenders)
        # Potential blockers in board order: creatures a defending player controls
        # that are not attacking (509.1a).
        self.blockers: list[str] = [
            p.id for p in board.permanents
            if p.is_creature and p.controller in defenders and p.id not in board.attacks
        ]
        self.blocking_players = {a: set(board.blocking_players_for(a)) for a in self.attackers}
        # 509.1a, 802.4a, 310.9c, 805.10d: structural choices.
        self.options: dict[str, list[str]] = {
            c: [a for a in self.attackers
                if board.permanent(c).controller in self.blocking_players[a]]
            for c in self.blockers
        }
        self.option_set = {(c, a) for c, opts in self.options.items() for a in opts}
        self._blockers_of: dict[str, list[str]] = {a: [] for a in self.attackers}
        for c, opts in self.options.items():
            for a in opts:
                self._blockers_of[a].append(c)
        self._lits: dict[tuple[str, str], Lit] = {}
        self._blocks_any: dict[str, Expr] = {}
        self.capacity: dict[str, Optional[int]] = {}
        self.restrictions: list[Restriction] = []
        self.requirements: list[Requirement] = []
        self.costs: list[Cost] = []
        names = {p.id: p.name for p in board.permanents}
        names.update({n: n for n in board.player_names})
        self.names = names
        # Block groups (802.4, 805.10d): the defending players who declare one
        # combined block -- a team in Two-Headed Giant, else each player alone.
        self.groups: list[tuple[PlayerName, ...]] = []
        for p in board.defenders:
            g = tuple(q for q in board.defenders if board.teammates(p, q))
            if g not in self.groups:
                self.groups.append(g)

    # -- helpers ---------------------------------------------------------------
    def perm(self, pid: str) -> Permanent:
        return self.board.permanent(pid)

    def lit(self, c: str, a: str) -> Lit:
        """The literal "c blocks a" (one shared object per key, so that backends
        memoising by identity see every use of it)."""
        key = (c, a)
        hit = self._lits.get(key)
        if hit is None:
            hit = self._lits[key] = Lit(key)
        return hit

    def lits_of_blocker(self, c: str) -> list[Lit]:
        return [self.lit(c, a) for a in self.options.get(c, ())]

    def blockers_of(self, a: str) -> list[str]:
        return self._blockers_of[a]

    def lits_of_attacker(self, a: str) -> list[Lit]:
        return [self.lit(c, a) for c in self._blockers_of[a]]

    def blocks_any(self, c: str) -> Expr:
        """"c blocks" (one shared expression per creature)."""
        hit = self._blocks_any.get(c)
        if hit is None:
            hit = self._blocks_any[c] = any_of(self.lits_of_blocker(c))
        return hit

    def group_blockers(self, group: tuple[PlayerName, ...]) -> list[str]:
        gs = set(group)
        return [c for c in self.blockers if self.perm(c).controller in gs]

    def group_of(self, player: PlayerName) -> tuple[PlayerName, ...]:
        for g in self.groups:
            if player in g:
                return g
        return (player,)

    def restrict(self, expr: Expr, rule: str, why: Reason, *objects: str) -> None:
        self.restrictions.append(Restriction(expr, rule, why, tuple(objects)))

    def forbid(self, c: str, a: str, rule: str, why: Reason) -> None:
        """One choice that is never legal: ``c`` can't block ``a``."""
        if (c, a) in self.option_set:
            self.restrict(Not(self.lit(c, a)), rule, why, c, a)

    def require(self, expr: Expr, rule: str, why: Reason, *objects: str) -> None:
        rid = f"r{len(self.requirements) + 1}"
        self.requirements.append(Requirement(rid, expr, rule, why, tuple(objects)))

    def holders(self, *types: type) -> list[Instance]:
        return self.bound.of_type(*types)

    @cached_property
    def tapped_ok(self) -> frozenset[str]:
        """Creatures that can block as though they were untapped (609.4, Masako)."""
        return frozenset(i.who for i in self.holders(A.BlockWhileTapped))

    def untapped_enough(self, c: str) -> bool:
        """509.1a: untapped -- or able to block as though it were (609.4, Masako)."""
        return not self.perm(c).tapped or c in self.tapped_ok

    def why(self, code: str, rule: str, inst: Optional[Instance], *objects: str,
            **params) -> Reason:
        """A reason about these objects; with ``inst``, it quotes the sentence the
        ability comes from ("Lure Bird says “...”", "effect 2 says “...”")."""
        if inst is not None:
            params["src"] = src_of(inst)
        return reason(code, rule, objects, **params)


# ---------------------------------------------------------------------------
# 509.1a: capacity, tapped creatures and battles.
# ---------------------------------------------------------------------------


def _structural(b: _Builder) -> None:
    extra: dict[str, Optional[int]] = {c: 0 for c in b.blockers}
    for inst in b.holders(A.BlockCapacity):
        c = inst.who
        if c not in extra or extra[c] is None:
            continue
        more = inst.ability.extra  # type: ignore[union-attr]
        per = inst.ability.per_attached  # type: ignore[union-attr]
        if per is not None and more is not None:
            # 301.5: one more for each permanent of that subtype attached to it
            more *= sum(1 for p in b.board.permanents
                        if p.attached_to == c and p.types.has(per))
        extra[c] = None if more is None else extra[c] + more  # type: ignore[operator]
    for c in b.blockers:
        e = extra[c]
        b.capacity[c] = None if e is None else 1 + e
    for c in b.blockers:
        p = b.perm(c)
        lits = b.lits_of_blocker(c)
        if not lits:
            continue
        # 509.1a: the chosen creatures must be untapped and can't be battles.
        if not b.untapped_enough(c):
            b.restrict(Not(any_of(lits)), "509.1a",
                       b.why("block.tapped", "509.1a", None, c, creature=c), c)
        elif p.is_battle:
            b.restrict(Not(any_of(lits)), "509.1a",
                       b.why("block.battle", "509.1a", None, c, creature=c), c)
        if b.bound.has_keyword(c, "decayed"):
            # 702.147a: "Decayed" means "This creature can't block" (509.1b).
            b.restrict(Not(any_of(lits)), "702.147a",
                       b.why("block.decayed", "702.147a", None, c, creature=c), c)


# ---------------------------------------------------------------------------
# 509.1b: evasion abilities of attackers (702), each checked on its own.
# ---------------------------------------------------------------------------


def _evasion(b: _Builder) -> None:
    """509.1b: the evasion abilities -- keywords (flying, shadow, horsemanship ...),
    protection, landwalk and menace -- as restrictions on blocks."""
    bound = b.bound
    none: frozenset[str] = frozenset()
    kws = {x: bound.keywords.get(x, none) for x in b.attackers + b.blockers}
    # 702.14, 509.1b: "Creatures with swampwalk can be blocked as though they didn't
    # have swampwalk" switches that landwalk off for the whole game.
    ignored_walks = [i.ability for i in bound.of_type(A.BlockableDespiteLandwalk)]
    # 609.4: "can block [X] as though it had shadow / they didn't have shadow" --
    # only the evasion rules between that blocker and such an attacker change.
    as_though: dict[str, list[Instance]] = {}
    for inst in bound.of_type(A.BlockAsThough):
        as_though.setdefault(inst.holder, []).append(inst)  # type: ignore[arg-type]
    for a in b.attackers:
        protections = bound.protections(a)
        if not (kws[a] & _EVASION_KEYWORDS or protections):
            blockers = [c for c in b.blockers_of(a) if "shadow" in kws[c]]
        else:
            blockers = b.blockers_of(a)
        for c in blockers:
            _pair_evasion(b, c, a, kws, as_though)
            _protection_evasion(b, c, a, protections)
        if b.lits_of_attacker(a):
            _landwalk_and_menace(b, a, kws[a], ignored_walks, as_though)


def _as_though_for(b: _Builder, as_though: dict, c: str, a: str) -> list[A.BlockAsThough]:
    """c's "can block [X] as though ..." abilities that apply to attacker a (609.4)."""
    return [inst.ability for inst in as_though.get(c, ())
            if b.bound.matches(inst.ability.attacker_pred, b.perm(a),
                               inst.source, b.perm(c))]


def _pair_keywords(kws: dict, c: str, a: str, ats: list[A.BlockAsThough]
                   ) -> tuple[frozenset[str], frozenset[str]]:
    """The keywords blocker c and attacker a are judged with under ``ats`` (609.4)."""
    ckw, akw = kws[c], kws[a]
    for ab in ats:
        if ab.had:
            ckw = ckw | {ab.had}
        if ab.lacked:
            akw = akw - {ab.lacked}
    return frozenset(ckw), frozenset(akw)


def _pair_evasion(b: _Builder, c: str, a: str, kws: dict, as_though: dict) -> None:
    """509.1b: the keyword evasion rules that stop blocker c from blocking attacker a."""
    cp, ap = b.perm(c), b.perm(a)
    found = _keyword_evasion(cp, ap, kws[c], kws[a])
    ats = _as_though_for(b, as_though, c, a) if found else []
    if ats:
        # 609.4: "can block ... as though it had shadow" only permits: a rule
        # stops this block only if it still does when the game is treated
        # as the effect says.
        ckw, akw = _pair_keywords(kws, c, a, ats)
        still = {rule for rule, _ in _keyword_evasion(cp, ap, ckw, akw)}
        found = [(rule, why) for rule, why in found if rule in still]
    for rule, why in found:
        b.forbid(c, a, rule, why)


def _protection_evasion(b: _Builder, c: str, a: str, protections: list[Instance]) -> None:
    """702.16f, 702.16j, 702.16k: protection on the attacker. (Protection on a blocker
    never stops it from blocking.)"""
    bound = b.bound
    cp, ap = b.perm(c), b.perm(a)
    for inst in protections:
        pr: A.Protection = inst.ability  # type: ignore[assignment]
        label = pr.label or "protection"
        if pr.everything:
            b.forbid(c, a, "702.16j", b.why(
                "evade.protection_everything", "702.16j", None, a, c,
                attacker=a, blocker=c))
        elif pr.player is not None:
            who = bound.player_of(pr.player, inst.source)
            if who is not None and cp.controller == who:
                b.forbid(c, a, "702.16k", b.why(
                    "evade.protection_player", "702.16k", None, a, c, attacker=a,
                    blocker=c, label=label, player=who))
        elif pr.pred is not None and bound.matches(pr.pred, cp, inst.source, ap):
            # A colour is data (worded in each language); any other quality is
            # the card's own words (702.16a).
            color = pr.pred.color if isinstance(pr.pred, A.ColorPred) and \
                pr.pred.color in COLORS else None
            b.forbid(c, a, "702.16f", b.why(
                "evade.protection", "702.16f", None, a, c, attacker=a, blocker=c,
                label=label, color=color))


def _landwalk_and_menace(b: _Builder, a: str, akw: AbstractSet[str], ignored_walks: list,
                         as_though: dict) -> None:
    """702.14c landwalk and 702.111b menace: restrictions on attacker a's blockers as a
    group."""
    bound = b.bound
    ap = b.perm(a)
    lits = b.lits_of_attacker(a)
    # 702.14c: landwalk -- unblockable while its defending player controls such a land,
    # except by a creature that can block it as though it had no landwalk (609.4).
    dp = b.board.defending_player_of(b.board.attacks[a])  # type: ignore[index]
    walk_lits = [b.lit(c, a) for c in b.blockers_of(a)
                 if not any(ab.lacked == "landwalk" for ab in _as_though_for(b, as_though, c, a))]
    for inst in bound.held_by(a, A.Landwalk):
        lw: A.Landwalk = inst.ability  # type: ignore[assignment]
        if any(ig.label is None or ig.label == lw.label.lower() for ig in ignored_walks):
            continue  # Great Wall, Quagmire ...: blocked as though it had no landwalk
        land = next(
            (p for p in b.board.permanents
             if p.is_land and p.controller == dp
             and bound.matches(lw.land, p, inst.source, ap)),
            None,
        )
        if land is not None and walk_lits:
            b.restrict(Not(any_of(walk_lits)), "702.14c", b.why(
                "evade.landwalk", "702.14c", None, a, land.id, attacker=a,
                label=lw.label, player=dp, land=land.id), a, land.id)
    # 702.111b: menace -- zero blockers or two or more.
    if "menace" in akw:
        b.restrict(_not_between(lits, 1, 1), "702.111b",
                   b.why("evade.menace", "702.111b", None, a, attacker=a), a)


def _keyword_evasion(cp: Permanent, ap: Permanent, ckw: AbstractSet[str],
                     akw: AbstractSet[str]) -> list[tuple[str, Reason]]:
    """The evasion rules (rule, why) that stop blocker cp, with keywords ckw, from
    blocking attacker ap, with keywords akw (509.1b, 702)."""
    out: list[tuple[str, Reason]] = []
    a, c = ap.id, cp.id

    def why(code: str, rule: str, **params) -> tuple[str, Reason]:
        return rule, reason(code, rule, (a, c), attacker=a, blocker=c, **params)
    # 702.9b, 702.17b: flying -- only creatures with flying and/or reach block it.
    if "flying" in akw and not ("flying" in ckw or "reach" in ckw):
        out.append(why("evade.flying", "702.9b"))
    # 702.28b: shadow works in both directions.
    if "shadow" in akw and "shadow" not in ckw:
        out.append(why("evade.shadow", "702.28b"))
    if "shadow" in ckw and "shadow" not in akw:
        out.append(why("evade.shadow_blocker", "702.28b"))
    # 702.31b: horsemanship.
    if "horsemanship" in akw and "horsemanship" not in ckw:
        out.append(why("evade.horsemanship", "702.31b"))
    # 702.36b: fear -- artifact creatures and/or black creatures only.
    if "fear" in akw and not (cp.types.has("Artifact") or "B" in cp.colors):
        out.append(why("evade.fear", "702.36b"))
    # 702.13b: intimidate -- artifact creatures and/or creatures sharing a color.
    if "intimidate" in akw and not (cp.types.has("Artifact") or set(cp.colors) & set(ap.colors)):
        out.append(why("evade.intimidate", "702.13b"))
    # 702.118b: skulk -- not by creatures with greater power.
    if "skulk" in akw and (cp.power or 0) > (ap.power or 0):
        out.append(why("evade.skulk", "702.118b", blocker_power=cp.power,
                       attacker_power=ap.power))
    return out


#: Keyword abilities of an attacker that restrict its blockers pair by pair.
_EVASION_KEYWORDS = frozenset({"flying", "shadow", "horsemanship", "fear", "intimidate", "skulk"})


def _not_between(lits: list[Lit], lo: int, hi: int) -> Expr:
    """Not (lo <= number of true lits <= hi)."""
    if hi < lo or lo > len(lits):
        return Const(True)
    return Not(Count(tuple(lits), lo, hi))


# ---------------------------------------------------------------------------
# 509.1b: restrictions from card text (on blockers, on attackers, on the block).
# ---------------------------------------------------------------------------


#: Restrictions of card text on a blocker (509.1b, 506.5) and on an attacker (509.1b).
_ON_BLOCKER = (A.CantBlock, A.CanBlockOnly, A.CantBlockAlone, A.BlockCondition)
_ON_ATTACKER = (A.CantBeBlocked, A.CantBeBlockedIf, A.CantBeBlockedExcept, A.CantBeBlockedBy,
                A.CantBeBlockedByMoreThan, A.CantBeBlockedUnlessAllBlock)


def _text_restrictions(b: _Builder) -> None:
    """509.1b: the restrictions card text puts on a blocker, on an attacker's blockers
    and on the whole block."""
    attackers = set(b.attackers)
    blockers = set(b.blockers)
    for inst in b.bound.instances:
        ab, h = inst.ability, inst.holder
        if isinstance(ab, _ON_BLOCKER):
            if h in blockers:
                _on_blocker(b, inst)
        elif isinstance(ab, _ON_ATTACKER):
            if h in attackers:
                _on_attacker(b, inst)
        elif isinstance(ab, A.BlockCap):
            _block_cap(b, inst)


def _on_blocker(b: _Builder, inst: Instance) -> None:
    """509.1b, 506.5: a restriction on blocker ``inst.holder``."""
    bound = b.bound
    ab, h = inst.ability, inst.who
    if isinstance(ab, A.CantBlock):
        hp = b.perm(h)
        if ab.attacker_pred is None:
            lits = b.lits_of_blocker(h)
            if lits:
                b.restrict(Not(any_of(lits)), "509.1b",
                           b.why("block.cant", "509.1b", inst, h, creature=h), h)
        else:
            for a in b.options[h]:
                if bound.matches(ab.attacker_pred, b.perm(a), inst.source, hp):
                    b.forbid(h, a, "509.1b", b.why("block.cant_attacker", "509.1b", inst,
                                                   h, a, creature=h, attacker=a))
    elif isinstance(ab, A.CanBlockOnly):
        hp = b.perm(h)
        for a in b.options[h]:
            if not bound.matches(ab.attacker_pred, b.perm(a), inst.source, hp):
                b.forbid(h, a, "509.1b", b.why("block.cant_attacker", "509.1b", inst,
                                               h, a, creature=h, attacker=a))
    elif isinstance(ab, A.CantBlockAlone):
        # 506.5: blocks alone = the only creature declared as a blocker -- in its
        # defending player's declaration (802.4b) or its team's (805.10d).
        if not b.options[h]:
            return
        group = b.group_of(b.perm(h).controller)
        others = [b.blocks_any(c) for c in b.group_blockers(group)
                  if c != h and b.options[c]]
        b.restrict(implies(b.blocks_any(h), any_of(others)), "506.5",
                   b.why("block.cant_alone", "506.5", inst, h, creature=h), h)
    elif isinstance(ab, A.BlockCondition):
        _block_condition(b, inst, ab)


def _on_attacker(b: _Builder, inst: Instance) -> None:
    """509.1b: a restriction on the blockers of attacker ``inst.holder``."""
    bound = b.bound
    ab, h = inst.ability, inst.who
    if isinstance(ab, A.CantBeBlocked):
        lits = b.lits_of_attacker(h)
        if lits:
            b.restrict(Not(any_of(lits)), "509.1b",
                       b.why("block.unblockable", "509.1b", inst, h, creature=h), h)
    elif isinstance(ab, A.CantBeBlockedIf):
        # 509.1b, 611.3a: unblockable only while the condition holds; with the
        # attackers declared, the condition is a fact of the board.
        lits = b.lits_of_attacker(h)
        if lits and _condition_holds(b, ab.condition, h, inst) != ab.unless:
            b.restrict(Not(any_of(lits)), "509.1b",
                       b.why("block.unblockable", "509.1b", inst, h, creature=h), h)
    elif isinstance(ab, A.CantBeBlockedExcept):
        ap = b.perm(h)
        if ab.by is not None:
            for c in b.blockers_of(h):
                if not bound.matches(ab.by, b.perm(c), inst.source, ap):
                    b.forbid(c, h, "509.1b", b.why("block.cant_attacker", "509.1b", inst,
                                                   c, h, creature=c, attacker=h))
        if ab.min_blockers is not None and ab.min_blockers > 1:
            lits = b.lits_of_attacker(h)
            if lits:
                b.restrict(_not_between(lits, 1, ab.min_blockers - 1), "509.1b",
                           b.why("block.except_n", "509.1b", inst, h, creature=h,
                                 n=ab.min_blockers), h)
    elif isinstance(ab, A.CantBeBlockedBy):
        ap = b.perm(h)
        for c in b.blockers_of(h):
            if bound.matches(ab.by, b.perm(c), inst.source, ap):
                b.forbid(c, h, "509.1b", b.why("block.cant_attacker", "509.1b", inst,
                                               c, h, creature=c, attacker=h))
    elif isinstance(ab, A.CantBeBlockedByMoreThan):
        lits = b.lits_of_attacker(h)
        if len(lits) > ab.n:
            b.restrict(Count(tuple(lits), None, ab.n), "509.1b",
                       b.why("block.more_than", "509.1b", inst, h, creature=h, n=ab.n), h)
    elif isinstance(ab, A.CantBeBlockedUnlessAllBlock):
        _unless_all_block(b, inst)


def _unless_all_block(b: _Builder, inst: Instance) -> None:
    """509.1b: "can't be blocked unless all creatures defending player controls block
    it" -- the player it attacks (508.5, 805.10e), tapped ones included: if one can't
    block, nothing can."""
    h = inst.who
    lits = b.lits_of_attacker(h)
    if not lits:
        return
    dp = b.board.defending_player_of(b.board.attacks[h])  # type: ignore[index]
    theirs = [p.id for p in b.board.creatures(dp)]
    all_block: Expr = And(tuple(
        b.lit(c, h) if (c, h) in b.option_set else Const(False) for c in theirs
    )) if theirs else Const(True)
    b.restrict(implies(any_of(lits), all_block), "509.1b",
               b.why("block.unless_all", "509.1b", inst, h, creature=h, player=dp), h)


def _block_cap(b: _Builder, inst: Instance) -> None:
    """509.1b: "No more than N creatures can block each combat" -- judged per defending
    player's declaration (802.4b); a team's combined block as a whole (805.10d)."""
    ab = inst.ability
    for group in b.groups:
        blocking = [b.blocks_any(c) for c in b.group_blockers(group)
                    if b.options[c]]
        if len(blocking) > ab.n:
            rule = "802.4b" if len(group) == 1 else "805.10d"
            b.restrict(Count(tuple(blocking), None, ab.n), "509.1b",
                       b.why("block.cap", "509.1b", inst, *group, n=ab.n,
                             group=group, group_rule=rule), *group)


def _block_condition(b: _Builder, inst, ab: A.BlockCondition) -> None:
    """509.1b: "can't block unless / if [condition]"."""
    h = inst.who
    if not b.options[h]:
        return
    hp = b.perm(h)
    cond = ab.condition
    if isinstance(cond, A.OthersBlock):
        # Judged on the holder's defending player's (or team's) declaration, like
        # "blocks alone" (506.5, 802.4b); "greater power" is relative to the holder.
        group = b.group_of(hp.controller)
        partners = [b.blocks_any(c) for c in b.group_blockers(group)
                    if c != h and b.options[c]
                    and b.bound.matches(cond.pred, b.perm(c), inst.source, hp)]
        enough: Expr = Count(tuple(partners), cond.count, None) \
            if len(partners) >= cond.count else Const(False)
        b.restrict(implies(b.blocks_any(h), enough if ab.unless else Not(enough)), "509.1b",
                   b.why("block.unless_others", "509.1b", inst, h, creature=h,
                         unless=ab.unless, count=cond.count), h)
        return
    if isinstance(cond, A.MoreThan) and cond.than == "attacking":
        # 509.1b: the attacking player is the active player (506.2); in a shared team
        # turn, "attacking player" in a blocking creature's ability is the controller of
        # the attacking creature it would block (805.10c) -- so judge attacker by attacker.
        def count(player: PlayerName) -> int:
            return sum(1 for p in b.board.permanents
                       if p.controller == player and b.bound.matches(cond.pred, p, inst.source, hp))
        mine = count(inst.source.controller)
        for a in b.options[h]:
            them = b.perm(a).controller
            if (mine > count(them)) != ab.unless:
                rule = "805.10c" if len(b.board.attacking_players) > 1 else "509.1b"
                b.forbid(h, a, "509.1b", b.why(
                    "block.compared", "509.1b", inst, h, a, creature=h, attacker=a,
                    player=them, unless=ab.unless, compared_rule=rule))
        return
    if isinstance(cond, (A.PlayerControls, A.OnBattlefield)):
        # Fixed on the board: a player's permanents, or (OnBattlefield) everyone's.
        mine = isinstance(cond, A.PlayerControls)
        who = b.bound.player_of(cond.player, inst.source) if mine else None  # type: ignore[union-attr]
        n = sum(1 for p in b.board.permanents
                if (not mine or p.controller == who)
                and b.bound.matches(cond.pred, p, inst.source, hp))
        if (n >= cond.count) != ab.unless:
            b.restrict(Not(any_of(b.lits_of_blocker(h))), "509.1b",
                       b.why("block.condition", "509.1b", inst, h, creature=h,
                             unless=ab.unless), h)
        return
    raise TypeError(f"unknown block condition {cond!r}")


def _condition_holds(b: _Builder, cond: A.Condition, a: str, inst) -> bool:
    """Whether a condition of a "can't be blocked as long as / unless" ability holds
    for the attacking creature ``a`` once attackers are declared (508.5: its defending
    player is the player it attacks or who controls/protects what it attacks)."""
    board, bound = b.board, b.bound
    ap = b.perm(a)
    if isinstance(cond, A.DefenderControls):
        dp = board.defending_player_of(board.attacks[a])  # type: ignore[index]
        n = sum(1 for p in board.permanents
                if p.controller == dp and bound.matches(cond.pred, p, inst.source, ap))
        return n >= cond.count
    if isinstance(cond, A.PlayerControls):
        who = bound.player_of(cond.player, inst.source)
        n = sum(1 for p in board.permanents
                if p.controller == who and bound.matches(cond.pred, p, inst.source, ap))
        return n >= cond.count
    if isinstance(cond, A.OthersAttack):
        n = sum(1 for o in b.attackers
                if o != a and bound.matches(cond.pred, b.perm(o), inst.source, ap))
        return n >= cond.count
    if isinstance(cond, A.DefenderMost):
        # 508.5: its defending player, compared with every other player of the game.
        dp = board.defending_player_of(board.attacks[a])  # type: ignore[index]

        def count(player: PlayerName) -> int:
            return sum(1 for p in board.permanents
                       if p.controller == player and bound.matches(cond.pred, p, inst.source, ap))
        mine = count(dp)
        return all(mine >= count(o) for o in board.player_names if o != dp)
    if isinstance(cond, A.DefenderSharesType):
        dp = board.defending_player_of(board.attacks[a])  # type: ignore[index]
        return bound.shares_creature_type(dp, cond.count)
    raise TypeError(f"unknown condition {cond!r}")


# ---------------------------------------------------------------------------
# 509.1c: requirements, one count each.
# ---------------------------------------------------------------------------


def _requirements(b: _Builder) -> None:
    bound = b.bound
    attackers = set(b.attackers)
    blockers = set(b.blockers)
    for inst in bound.instances:
        ab, h = inst.ability, inst.holder
        if isinstance(ab, A.BlockRequirement) and h in blockers:
            if ab.attacker is None:
                # "blocks each combat if able": obeyed iff it blocks anything. The text
                # says how long: "each combat", or "this turn" for an effect.
                if b.options[h]:
                    b.require(b.blocks_any(h), "509.1c", b.why(
                        "block.requirement", "509.1c", None, h, creature=h,
                        duration=ab.duration), h)
            else:
                a = bound.object_of(ab.attacker, inst.source)
                # A requirement to block a creature that isn't attacking can't be obeyed
                # by any declaration; it changes no answer and is left out.
                # The same holds when it may not block that creature at all (802.4a).
                if a in attackers and (h, a) in b.option_set:
                    b.require(b.lit(h, a), "509.1c", b.why(
                        "block.requirement_attacker", "509.1c", None, h, a, creature=h,
                        attacker=a, duration=ab.duration), h, a)
        elif isinstance(ab, A.BlockEachAttacker) and h in blockers:
            # 509.1c: one requirement per attacking creature it could block, so that a
            # creature unable to block them all blocks as many as it can.
            for a in b.options[h]:
                b.require(b.lit(h, a), "509.1c", b.why(
                    "block.each_attacker", "509.1c", inst, h, a, creature=h, attacker=a), h, a)
        elif isinstance(ab, A.LureBy) and h in attackers:
            # 509.1c: as "all creatures able to block it do so", for the creatures of the
            # kind named only (All Walls able to block ~ do so).
            ap = b.perm(h)
            for c in b.blockers_of(h):
                cp = b.perm(c)
                if not b.untapped_enough(c) or cp.is_battle \
                        or not bound.matches(ab.by, cp, inst.source, ap):
                    continue
                b.require(b.lit(c, h), "509.1c", b.why(
                    "block.lure", "509.1c", inst, c, h, creature=c, attacker=h), c, h)
        elif isinstance(ab, A.LureRequirement) and h in attackers:
            # One requirement for each creature that could block it (catalogue BLK-07):
            # tapped creatures and battles can never block (509.1a) and carry none.
            for c in b.blockers_of(h):
                cp = b.perm(c)
                if not b.untapped_enough(c) or cp.is_battle:
                    continue
                b.require(b.lit(c, h), "509.1c", b.why(
                    "block.lure", "509.1c", inst, c, h, creature=c, attacker=h), c, h)
        elif isinstance(ab, A.MustBeBlocked) and h in attackers:
            ap = b.perm(h)
            cands = b.blockers_of(h)
            if ab.by is not None:
                cands = [c for c in cands if bound.matches(ab.by, b.perm(c), inst.source, ap)]
            lits = tuple(b.lit(c, h) for c in cands)
            if not lits:
                continue  # nothing could ever obey it; it changes no answer
            if ab.exactly is not None:
                expr: Expr = Count(lits, ab.exactly, ab.exactly)
            else:
                expr = Count(lits, ab.min_blockers, None)
            b.require(expr, "509.1c", b.why(
                "block.must_be_blocked", "509.1c", None, h, creature=h, exactly=ab.exactly,
                least=ab.min_blockers, by=ab.by, duration=ab.duration), h)


# ---------------------------------------------------------------------------
# 509.1c-d: costs to block -- optional, owed iff the creature blocks.
# ---------------------------------------------------------------------------


def _costs(b: _Builder) -> None:
    blockers = set(b.blockers)
    for inst in b.holders(A.BlockCost):
        h = inst.who
        if h not in blockers or not b.options[h]:
            continue
        ab: A.BlockCost = inst.ability  # type: ignore[assignment]
        cost = ab.cost
        if ab.x is not None and "{X}" in cost:
            # 107.3a: X counted on the board ("for each +1/+1 counter on it")
            cost = cost.replace("{X}", "{%d}" % b.bound.count_x(ab.x, inst.source,
                                                               b.board.permanent(h)))
        expr = b.blocks_any(h)
        if ab.attackers is not None:
            hp = b.perm(h)
            lits = [b.lit(h, a) for a in b.options[h]
                    if b.bound.matches(ab.attackers, b.perm(a), inst.source, hp)]
            if not lits:
                continue
            expr = any_of(lits)
        cid = f"c{len(b.costs) + 1}"
        b.costs.append(Cost(
            cid, expr, cost,
            b.why("block.cost", "509.1d", None, h, cost=cost, creature=h, life=ab.life),
            life=ab.life,
            rule="509.1d", objects=(h,),
        ))
