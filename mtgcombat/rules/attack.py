"""Legal attack declarations as a constraint problem (508.1).

:func:`attack_problem` turns a board and its bound abilities into a
:class:`~mtgcombat.rules.constraints.Problem` of kind ``"attacks"``:

* options -- every creature an attacking player controls, with every player,
  planeswalker and battle it may attack (506.2-506.3, 508.1b, 310.9b, 802,
  805.10). Choices a creature can't take because of what it is (tapped,
  defender ...) stay in the options and are forbidden by a restriction, so a
  checked declaration can say why it fails;
* restrictions (508.1a, 508.1c, 702.3b, 802.3a; "as though" exceptions, 609.4);
* requirements (508.1d, goad 701.15b-c; 701.38b-c in the 2024 edition);
* costs (508.1d, 508.1g-j), optional by 508.1d.

Each family has one small function below that appends its constraints; every
constraint names the CR rule it encodes.
"""

from __future__ import annotations

from functools import partial

from typing import Any, Callable, Optional

from . import abilities as A
from .bind import Bound, Instance
from .constraints import (
    FALSE, Const, Cost, Count, Expr, Lit, Not, Or, Problem, Requirement, Restriction,
    any_of, implies,
)
from .evidence import why_in_group
from .model import Board, BoardError, Permanent, PlayerName
from .reasons import Quote, Reason, Src, reason


def src_of(inst: Instance) -> Src:
    """Where an ability comes from, as a reason parameter: the permanent printing it,
    or the effect (with its sentence)."""
    s = inst.source
    if s.kind == "effect" and s.effect_index is not None:
        return Src(s.permanent, s.effect_index, inst.sentence, s.conditional)
    return Src(s.permanent, None, inst.sentence, s.conditional)


class _Builder:
    """Collects the constraints of one attack problem."""

    def __init__(self, board: Board, bound: Bound) -> None:
        self.board, self.bound = board, bound
        attacking = set(board.attacking_players)
        self.attackers: list[Permanent] = [
            p for p in board.permanents if p.is_creature and p.controller in attacking
        ]
        self.ids = {p.id for p in self.attackers}
        targets = board.attack_targets()
        # 506.3, 508.1b, 310.9b, 802.2, 805.10a: what each creature may attack.
        self.options: dict[str, tuple[str, ...]] = {
            p.id: tuple(t for t in targets if board.may_attack(p, t)) for p in self.attackers
        }
        # One shared expression object per creature: "it attacks (anything)".
        self._attacks: dict[str, Expr] = {
            c: any_of(Lit((c, t)) for t in opts) for c, opts in self.options.items()
        }
        self.restrictions: list[Restriction] = []
        self.requirements: list[Requirement] = []
        self.costs: list[Cost] = []
        #: Literals no declaration may hold (forbidden outright, whatever else attacks).
        self.banned: set[tuple[str, str]] = set()
        #: Requirements that exist only once other creatures attack (War's Toll, Viashino
        #: Bey), added last: (creature, its triggers, reason).
        self.conditional: list[tuple[str, list[str], Reason]] = []
        self.names: dict[str, str] = {p: p for p in board.player_names}
        self.names.update({p.id: p.name for p in board.permanents})

    # -- helpers --------------------------------------------------------------
    def src(self, inst: Instance) -> Src:
        return src_of(inst)

    def attacks(self, c: str) -> Expr:
        return self._attacks[c]

    def lits(self, c: str, covered: Callable[[str], bool]) -> list[Expr]:
        return [Lit((c, t)) for t in self.options[c] if covered(t)]

    def others(self, c: str) -> list[str]:
        return [o for o in self.options if o != c]

    def is_player(self, t: str) -> bool:
        return t in self.board.player_names

    def kind_of(self, t: str) -> str:
        if self.is_player(t):
            return "player"
        p = self.board.permanent(t)
        return "battle" if p.is_battle else "planeswalker"

    def of_player(self, p: PlayerName, include_permanents: bool) -> Callable[[str], bool]:
        """Covers the player p and, optionally ("you or planeswalkers you control"),
        planeswalkers p controls -- never a battle: a battle is not a planeswalker, even
        one p protects (310, 508.1b)."""
        def covered(t: str) -> bool:
            if t == p:
                return True
            if not include_permanents or self.is_player(t):
                return False
            return self.kind_of(t) == "planeswalker" and self.board.defending_player_of(t) == p
        return covered

    def resolve_player(self, ref, inst: Instance) -> Optional[PlayerName]:
        return self.bound.player_of(ref, inst.source)

    def forbid(self, c: str, lits: list[Expr], rule: str, why: Reason,
               objects: tuple[str, ...] = ()) -> None:
        if lits:
            self.restrictions.append(
                Restriction(Not(any_of(lits)), rule, why, objects or (c,))
            )
            self.banned.update(lit.key for lit in lits if isinstance(lit, Lit))


def _target_filter(b: _Builder, p: Optional[PlayerName], kind: Optional[str],
                   include_permanents: bool) -> Callable[[str], bool]:
    """Which targets "[player] / planeswalkers [player controls] / battles ..." covers."""
    if p is None:
        if kind is None:
            return lambda t: True
        return lambda t: b.kind_of(t) == kind
    if kind in ("planeswalker", "battle"):
        return lambda t: b.kind_of(t) == kind and b.board.defending_player_of(t) == p
    return b.of_player(p, include_permanents)


# -- 508.1a: who can attack at all ---------------------------------------------


def _basic(b: _Builder) -> None:
    # 609.4: "can attack as though it had haste / didn't have defender" -- the holder
    # attacks as if that were so; nothing else about it changes.
    had: dict[str, set[str]] = {}
    lacked: dict[str, set[str]] = {}
    # "... can attack your opponents and planeswalkers your opponents control as though
    # those creatures had haste": the players whose opponents it may so attack.
    haste_against: dict[str, set[PlayerName]] = {}
    for inst in b.bound.of_type(A.AttackAsThough):
        ab: A.AttackAsThough = inst.ability  # type: ignore[assignment]
        holder = inst.holder or ""
        if ab.had and ab.opponents_of is not None:
            who = b.resolve_player(ab.opponents_of, inst)
            if who is not None:
                haste_against.setdefault(holder, set()).add(who)
        elif ab.had:
            had.setdefault(holder, set()).add(ab.had)
        if ab.lacked:
            lacked.setdefault(holder, set()).add(ab.lacked)
    for perm in b.attackers:
        c = perm.id
        lits = b.lits(c, lambda t: True)
        # 508.1a: the chosen creatures must be untapped.
        if perm.tapped:
            b.forbid(c, lits, "508.1a", reason("attack.tapped", "508.1a", (c,), creature=c))
        # 508.1a, 506.3f: a battle can't attack.
        if perm.is_battle:
            b.forbid(c, lits, "508.1a", reason("attack.battle", "508.1a", (c,), creature=c))
        # 508.1a, 302.6, 702.10b: summoning sickness unless it has haste.
        if perm.summoning_sick and not b.bound.has_keyword(c, "haste") \
                and "haste" not in had.get(c, ()):
            against = haste_against.get(c, set())

            def allowed(t: str) -> bool:
                # 609.4: an opponent of one of those players, or a planeswalker one controls
                if not (b.is_player(t) or b.kind_of(t) == "planeswalker"):
                    return False
                dp = b.board.defending_player_of(t)
                return any(not b.board.teammates(dp, who) for who in against)
            b.forbid(c, b.lits(c, lambda t: not allowed(t)), "302.6",
                     reason("attack.sick", "302.6", (c,), creature=c))
        # 702.3b: a creature with defender can't attack -- unless it can attack as
        # though it didn't have defender (609.4; Animate Wall, Rolling Stones).
        if b.bound.has_keyword(c, "defender") and "defender" not in lacked.get(c, ()):
            b.forbid(c, lits, "702.3b", reason("attack.defender", "702.3b", (c,), creature=c))


# -- 508.1c: restrictions -------------------------------------------------------------


def _cant_attack(b: _Builder, inst: Instance, ab: A.CantAttack) -> None:
    c = inst.who
    if ab.target is None:
        p = None
    else:
        p = b.resolve_player(ab.target, inst)
        if p is None:
            # "can't attack defending player": every target is attacked by that
            # creature's defending player (802.2a), so it can't attack at all.
            pass
    covered = _target_filter(b, p, ab.target_kind, ab.include_permanents)
    why = reason("attack.cant", "508.1c", (c,), creature=c, src=b.src(inst),
                 what=_targets(p, ab.target_kind, ab.include_permanents),
                 because=why_in_group(b.bound, ab.subject, c, inst.source))
    b.forbid(c, b.lits(c, covered), "508.1c", why)


def _targets(p: Optional[PlayerName], kind: Optional[str], include_permanents: bool) -> Reason:
    """What a restriction covers: a player (and their planeswalkers), a kind of target,
    or anything."""
    return reason("attack.targets", player=p, kind=kind, permanents=include_permanents)


def _alone(b: _Builder, inst: Instance, only: bool) -> None:
    c = inst.who
    others = [b.attacks(o) for o in b.others(c)]
    if only:
        # 508.1c, 506.5: "can attack only alone" -- no other creature is declared.
        expr = implies(b.attacks(c), Not(any_of(others)))
        code = "attack.only_alone"
    else:
        # 508.1c, 506.5: "can't attack alone" -- another creature is declared as an
        # attacker, attacking anything (802.3a; a teammate's creature counts, 805.10a).
        expr = implies(b.attacks(c), any_of(others))
        code = "attack.not_alone"
    b.restrictions.append(Restriction(
        expr, "508.1c", reason(code, "508.1c", (c,), creature=c, src=b.src(inst)), (c,)))


def _count_controlled(b: _Builder, inst: Instance, player: PlayerName, pred: A.Pred,
                      holder: Permanent) -> int:
    return sum(
        1 for p in b.board.permanents
        if p.controller == player and b.bound.matches(pred, p, inst.source, holder)
    )


def _condition(b: _Builder, inst: Instance, ab: A.AttackCondition) -> None:
    """508.1c: "can't attack unless / if [condition]" -- judged on the group of
    attackers, per player the creature could attack, or fixed on this board."""
    c = inst.who
    if isinstance(ab.condition, A.OthersAttack):
        _others_attack(b, inst, ab)
        return
    said = Quote(inst.sentence.strip())  # the messages quote the sentence
    bad = _per_defender(b, inst, ab)
    if bad is not None:
        b.forbid(c, b.lits(c, bad), "508.1c",
                 reason("attack.cant_there", "508.1c", (c,), creature=c, said=said,
                        src=b.src(inst)))
        return
    if _fixed_condition(b, inst, ab):
        return
    raise BoardError(reason("error.attack_condition_unknown", None, (c,), creature=c,
                            src=b.src(inst), said=said))


def _others_attack(b: _Builder, inst: Instance, ab: A.AttackCondition) -> None:
    """508.1c: "can't attack unless [N other creatures matching ...] also attack",
    evaluated on the whole group of attackers (802.3a); "greater power" is relative to
    this creature."""
    c = inst.who
    holder = b.board.permanent(c)
    cond = ab.condition
    assert isinstance(cond, A.OthersAttack)
    partners = [
        b.attacks(o) for o in b.others(c)
        if b.bound.matches(cond.pred, b.board.permanent(o), inst.source, holder)
    ]
    met = Count(tuple(partners), lo=cond.count) if cond.count > 0 else Const(True)
    if cond.count > len(partners):
        met = FALSE
    expr = implies(b.attacks(c), met if ab.unless else Not(met))
    b.restrictions.append(Restriction(
        expr, "508.1c",
        reason("attack.unless_others", "508.1c", (c,), creature=c, src=b.src(inst),
               unless=ab.unless, count=cond.count,
               any_kind=isinstance(cond.pred, A.AnyPred)),
        (c,),
    ))


def _per_defender(b: _Builder, inst: Instance, ab: A.AttackCondition
                  ) -> Optional[Callable[[str], bool]]:
    """508.1c, 508.5, 802.2a: a condition about the player the creature would attack (or
    who controls / protects the permanent it would attack): whether attacking a target
    breaks the restriction; None: not such a condition."""
    holder = b.board.permanent(inst.who)
    cond = ab.condition
    if isinstance(cond, A.DefenderControls):
        def bad(t: str) -> bool:
            dp = b.board.defending_player_of(t)
            holds = _count_controlled(b, inst, dp, cond.pred, holder) >= cond.count
            return holds != ab.unless
        return bad
    if isinstance(cond, A.DefenderPoisoned):
        # 122.1f: a team's poison counters are each member's (810.10d).
        def bad_poison(t: str) -> bool:
            dp = b.board.defending_player_of(t)
            poisoned = any(p.poison > 0 for p in b.board.players
                           if b.board.teammates(p.name, dp))
            return poisoned != ab.unless
        return bad_poison
    if isinstance(cond, A.PlayerFact) and isinstance(cond.player, A.DefendingPlayerRef):
        # a fact of that player ("unless defending player is the monarch", "... has seven
        # or more cards in their graveyard")
        def bad_fact(t: str) -> bool:
            dp = b.board.defending_player_of(t)
            return b.bound.fact_holds(cond, inst.source, defending=dp) != ab.unless
        return bad_fact
    if isinstance(cond, A.MoreThan) and cond.than == "defending":
        mine = _count_controlled(b, inst, inst.source.controller, cond.pred, holder)

        def bad_more(t: str) -> bool:
            theirs = _count_controlled(b, inst, b.board.defending_player_of(t), cond.pred, holder)
            return (mine > theirs) != ab.unless
        return bad_more
    return None


def _fixed_condition(b: _Builder, inst: Instance, ab: A.AttackCondition) -> bool:
    """508.1c: a condition fixed on this board (permanents on the battlefield, what a
    player controls); whether ``ab`` was one."""
    c = inst.who
    holder = b.board.permanent(c)
    cond = ab.condition
    if isinstance(cond, A.OnBattlefield):
        # whoever controls them
        count = sum(1 for p in b.board.permanents
                    if b.bound.matches(cond.pred, p, inst.source, holder))
        holds = count >= cond.count
    elif isinstance(cond, A.PlayerControls):
        p = b.resolve_player(cond.player, inst)
        if p is None:
            # "defending player controls": per target, as above.
            _condition(b, inst, A.AttackCondition(
                ab.subject, A.DefenderControls(cond.pred, cond.count), ab.unless))
            return True
        holds = _count_controlled(b, inst, p, cond.pred, holder) >= cond.count
    else:
        return False
    if holds != ab.unless:
        b.forbid(c, b.lits(c, lambda t: True), "508.1c",
                 reason("attack.cant_condition", "508.1c", (c,), creature=c,
                        said=Quote(inst.sentence.strip()), src=b.src(inst)))
    return True


def _cap(b: _Builder, inst: Instance, ab: A.AttackCap) -> None:
    src = b.src(inst)
    if ab.defender is None:
        # 508.1c, 802.3a: not tied to a player -- the whole group of attackers.
        lits = [b.attacks(c) for c in b.options]
        why = reason("attack.cap", "508.1c", n=ab.n, src=src)
        rule = "508.1c"
    else:
        p = b.resolve_player(ab.defender, inst)
        if p is None:
            raise BoardError(reason("error.cap_player_unknown", None, src=src,
                                    said=Quote(inst.sentence.strip())))
        # 802.3a: only creatures attacking that player (and, if the text says so,
        # planeswalkers they control and battles they protect).
        covered = b.of_player(p, ab.include_permanents)
        lits = [l for c in b.options for l in b.lits(c, covered)]
        why = reason("attack.cap_player", "802.3a", n=ab.n, src=src,
                     what=_targets(p, None, ab.include_permanents))
        rule = "802.3a"
    if len(lits) > ab.n:
        b.restrictions.append(Restriction(Count(tuple(lits), hi=ab.n), rule, why))


def _parity(b: _Builder, inst: Instance, ab: A.AttackParity) -> None:
    # 508.1c: "You can't attack with an odd number of creatures" -- the controller's
    # whole attack; zero is even.
    you = inst.source.controller
    if you not in b.board.attacking_players:
        return
    lits = tuple(b.attacks(c) for c in b.options if b.board.permanent(c).controller == you)
    want = 0 if ab.even else 1
    exact = [Count(lits, lo=k, hi=k) for k in range(len(lits) + 1) if k % 2 == want]
    b.restrictions.append(Restriction(
        any_of(exact), "508.1c",
        reason("attack.parity", "508.1c", (you,), player=you, odd=ab.even, src=b.src(inst)),
    ))


# -- 508.1d: requirements --------------------------------------------------------------


def _requirement(b: _Builder, inst: Instance, ab: A.AttackRequirement) -> None:
    c = inst.who
    kind = ab.target_kind
    target: Optional[str] = None
    of_player = defending = False
    if ab.target is None:
        covered = _target_filter(b, None, kind, False)
    else:
        t = b.bound.object_of(ab.target, inst.source)
        if t is None:
            # "attacks defending player": any player is its defending player.
            covered = _target_filter(b, None, kind or "player", False)
            defending = True
        elif kind in ("planeswalker", "battle") and t in b.board.player_names:
            covered = _target_filter(b, t, kind, False)
            target, of_player = t, True
        else:
            # 508.1d: that one player or permanent only (MP-10: a player's
            # planeswalkers don't count). If it is gone or can't be attacked, the
            # requirement still exists and can't be obeyed (ATK-14).
            covered = (lambda x, t=t: x == t)
            target = t
    lits = b.lits(c, covered)
    # The duration the text gives: "attacks each combat if able" (Goblin Brigand),
    # "attacks this turn if able" (an effect).
    _add_requirement(b, any_of(lits), "508.1d", reason(
        "attack.requirement", "508.1d", (c,), creature=c, target=target, kind=kind,
        of_player=of_player, defending=defending, duration=ab.duration), c)


def _if_attacks(b: _Builder, inst: Instance, ab: A.AttackIfAttacks) -> None:
    """508.1d: a requirement that exists for this creature once another one attacks
    (Viashino Bey, Ekundu Cyclops): obeyed when none of those attacks or it does."""
    c = inst.who
    holder = b.board.permanent(c)
    if ab.trigger is None:
        src = inst.source.permanent
        triggers = [src] if src is not None and src != c and src in b.ids else []
    else:
        triggers = [o for o in b.others(c)
                    if b.bound.matches(ab.trigger, b.board.permanent(o), inst.source, holder)]
    if not triggers:
        return  # nothing that can attack would make it attack
    b.conditional.append((c, triggers, reason(
        "attack.if_attacks", "508.1d", (c,), creature=c, trigger=tuple(triggers),
        src=b.src(inst))))


def _conditional_requirements(b: _Builder) -> None:
    """508.1d: a requirement that exists once other creatures attack ("if ~ attacks, all
    creatures you control attack if able"), obeyed when none of them attacks or the
    creature does. A creature that can attack nothing, or nothing without paying a cost
    (508.1d: it isn't required to pay), carries none: it is not able."""
    costly = {lit.key for cost in b.costs for lit in _lits_of(cost.expr)}
    for c, triggers, why in b.conditional:
        free = [t for t in b.options[c] if (c, t) not in b.banned and (c, t) not in costly]
        if not free:
            continue
        anyone = any_of([b.attacks(o) for o in triggers])
        _add_requirement(b, Or((Not(anyone), b.attacks(c))), "508.1d", why, c)


def _lits_of(expr: Expr) -> list[Lit]:
    """The literals of a cost's expression ("it attacks [one of these]")."""
    if isinstance(expr, Lit):
        return [expr]
    return [x for e in getattr(expr, "es", ()) for x in _lits_of(e)]


def _add_requirement(b: _Builder, expr: Expr, rule: str, why: Reason, c: str) -> None:
    rid = f"r{len(b.requirements) + 1}"
    b.requirements.append(Requirement(rid, expr, rule, why, (c,)))


def _goad(b: _Builder) -> None:
    # Goad (701.15b-c; the numbers of the board's edition, mtgcombat.editions): per
    # goading player, "attacks each combat if able" and "attacks a player other than
    # [goader] if able"; the same player goading twice adds nothing (701.15d).
    rule = b.board.edition.goad
    # "Enchanted creature is goaded" (an Aura, an Equipment): goaded by its controller.
    by_text: dict[str, list[str]] = {}
    for inst in b.bound.of_type(A.Goaded):
        by_text.setdefault(inst.holder, []).append(inst.source.controller)  # type: ignore[arg-type]
    for perm in b.attackers:
        seen: list[str] = []
        for g in (*perm.goaded_by, *by_text.get(perm.id, ())):
            if g in seen:
                continue
            seen.append(g)
            c = perm.id
            _add_requirement(b, b.attacks(c), rule, reason(
                "attack.goaded", rule, (c, g), creature=c, goader=g), c)
            lits = b.lits(c, partial(_other_player, b, g))
            _add_requirement(b, any_of(lits), rule, reason(
                "attack.goaded_other", rule, (c, g), creature=c, goader=g), c)


# -- 508.1d, 508.1g-j: costs ---------------------------------------------------------------


def _cost(b: _Builder, inst: Instance, ab: A.AttackCost) -> None:
    c = inst.who
    what: Optional[Reason] = None
    if ab.defender is None:
        covered: Callable[[str], bool] = lambda t: True
    else:
        p = b.resolve_player(ab.defender, inst)
        if p is None:
            covered = (lambda t: True)
        else:
            covered = b.of_player(p, ab.include_permanents)
            what = _targets(p, None, ab.include_permanents)
    lits = b.lits(c, covered)
    if not lits:
        return
    cost = ab.cost
    if ab.x is not None and "{X}" in cost:
        # 107.3a: X as the text defines it, counted on the board ("where X is the
        # number of enchantments you control", "for each +1/+1 counter on it").
        n = b.bound.count_x(ab.x, inst.source, b.board.permanent(c))
        cost = cost.replace("{X}", "{%d}" % n)
    remove = None
    if ab.remove is not None:
        # 701.21a: permanents of the attacking creature's controller, a different one each
        who = b.board.permanent(c).controller
        holder = b.board.permanent(c)
        ids = tuple(p.id for p in b.board.permanents if p.controller == who
                    and b.bound.matches(ab.remove.pred, p, inst.source, holder))
        remove = (ab.remove.action, ab.remove.count, ids)
    cid = f"c{len(b.costs) + 1}"
    b.costs.append(Cost(
        cid, any_of(lits), cost,
        reason("attack.cost", "508.1d", (c,), cost=cost, creature=c, what=what,
               src=b.src(inst), remove=ab.remove), "508.1d", (c,), remove=remove,
    ))


def _player_requirement(b: _Builder, inst: Instance, ab: A.PlayerAttackRequirement) -> None:
    """508.1d, Trove of Temptation: one requirement for the attacking player if they are
    an opponent of the source's controller: at least ``count`` creatures attack the
    target player or their planeswalkers."""
    target = b.resolve_player(ab.target, inst)
    me = inst.source.controller
    attacker = b.board.active_player
    if target is None or b.board.teammates(attacker, me):
        return
    covered = b.of_player(target, ab.include_permanents)
    lits = [lit for c in sorted(b.ids) for lit in b.lits(c, covered)]
    if not lits:
        return
    expr = any_of(lits) if ab.count == 1 else Count(tuple(lits), ab.count, None)
    rid = f"r{len(b.requirements) + 1}"
    b.requirements.append(Requirement(rid, expr, "508.1d", reason(
        "attack.player_requirement", "508.1d", (attacker, target), player=attacker,
        target=target, permanents=ab.include_permanents, count=ab.count,
        src=b.src(inst)), (attacker,)))


def _all_if_any(b: _Builder, inst: Instance, ab: A.AllAttackIfAny) -> None:
    """508.1d, War's Toll: if a creature of an attacking opponent attacks, each of their
    creatures attacks if able -- per creature, obeyed when none attacks or it does."""
    me = inst.source.controller
    attacker = b.board.active_player
    if b.board.teammates(attacker, me):
        return
    for c in sorted(b.ids):
        b.conditional.append((c, [o for o in sorted(b.ids) if o != c], reason(
            "attack.all_if_any", "508.1d", (c,), creature=c, player=attacker,
            src=b.src(inst))))


def attack_problem(board: Board, bound: Bound) -> Problem:
    """The attack declaration problem of ``board`` (kind ``"attacks"``)."""
    b = _Builder(board, bound)
    _basic(b)
    for inst in bound.instances:
        ab = inst.ability
        if isinstance(ab, A.AttackCap):
            _cap(b, inst, ab)
        elif isinstance(ab, A.AttackParity):
            _parity(b, inst, ab)
        elif isinstance(ab, A.PlayerAttackRequirement):
            _player_requirement(b, inst, ab)
        elif isinstance(ab, A.AllAttackIfAny):
            _all_if_any(b, inst, ab)
        elif inst.holder is None or inst.holder not in b.ids:
            continue  # 508.1c-d: only creatures the attacking player(s) control
        elif isinstance(ab, A.CantAttack):
            _cant_attack(b, inst, ab)
        elif isinstance(ab, A.CantAttackAlone):
            _alone(b, inst, only=False)
        elif isinstance(ab, A.CanOnlyAttackAlone):
            _alone(b, inst, only=True)
        elif isinstance(ab, A.AttackCondition):
            _condition(b, inst, ab)
        elif isinstance(ab, A.AttackRequirement):
            _requirement(b, inst, ab)
        elif isinstance(ab, A.AttackIfAttacks):
            _if_attacks(b, inst, ab)
        elif isinstance(ab, A.AttackCost):
            _cost(b, inst, ab)
    _goad(b)
    _conditional_requirements(b)
    return Problem(
        kind="attacks",
        options=b.options,
        restrictions=tuple(b.restrictions),
        requirements=tuple(b.requirements),
        costs=tuple(b.costs),
        names=b.names,
        edition=board.rules,
    )


def _other_player(b: Any, g: str, t: str) -> bool:
    """A player other than ``g`` (701.15b: a goaded creature attacks another player)."""
    return b.is_player(t) and t != g
