"""Whether the costs of a declaration can be paid (508.1g-h, 509.1d-e; spec Extension 2:
``"payable"``): the mana of the paid costs, added up per player who pays them, against
that player's untapped mana sources and mana pool (:mod:`mtgcombat.solver.payment`).

Attack costs are paid by the attacking player after the attackers are tapped (508.1f
before 508.1g-h), so an attacking creature without vigilance can't be tapped for mana
to pay them. Block costs are paid by the blocker's controller; blocking doesn't tap. A
cost with {X} whose value the board doesn't give can't be judged: ``None``.
"""

from __future__ import annotations

from typing import Any, Optional

from ..rules import mana as M
from ..rules.reasons import Reason, reason
from ..solver.payment import Source, pay


def payable(board: Any, kind: str, declaration: dict, paid: tuple) -> tuple[Optional[bool],
                                                                              Optional[Reason]]:
    """(payable, why not) for the costs ``paid`` of ``declaration``."""
    if not paid:
        return True, None
    by_player: dict[str, list] = {}
    life: dict[str, int] = {}
    removals: dict[str, list[frozenset]] = {}  # per player, one entry per permanent owed
    for c in paid:
        syms = M.symbols(c.amount) if c.amount else ()
        if syms is None or any(s.kind == "x" for s in syms):
            return None, reason("payment.unknown_amount", c.rule, (), amount=c.amount)
        creature = c.objects[0] if c.objects else None
        who = board.permanent(creature).controller if creature else board.active_player
        by_player.setdefault(who, []).extend(syms)
        life[who] = life.get(who, 0) + c.life  # 119.4: life paid as part of the cost
        if c.remove is not None:
            action, count, ids = c.remove
            removals.setdefault(who, []).extend([frozenset(ids)] * count)
    for who, demands in sorted(removals.items()):
        # 701.21a: each sacrificed (or returned) permanent is a different one.
        if not _distinct(demands):
            return False, reason("payment.cant_remove", board.edition.sacrifice, (who,),
                                 player=who,
                                 count=len(demands))
    # 119.4, 810.9: life is paid from one's life total -- in Two-Headed Giant the team's,
    # so teammates' life payments add up against it.
    budget: dict[str, int] = {}
    for who, n in sorted(life.items()):
        if not n:
            continue
        team = _team_of(board, who)
        budget[team] = budget.get(team, 0) + n
        if budget[team] > board.player(who).life:
            return False, reason("payment.cant_pay", "119.4", (who,), player=who, cost="",
                                 life=budget[team])
    bound = board.bound
    if not M.has_mana(board, bound) and any(by_player.values()):
        # The board shows no mana source and no mana pool: the mana can't be judged.
        return None, reason("payment.mana_not_shown", "118.3", ())
    tapped_as_attacking = set()
    if kind == "attacks":
        tapped_as_attacking = {a for a in declaration
                               if not bound.has_keyword(a, "vigilance")}
    for who, syms in sorted(by_player.items()):
        player = board.player(who)
        sources = [Source(i, o) for i, o in
                   M.usable_sources(board, bound, who, tapped_as_attacking)]
        pool = M.mana_units(player.mana_pool) if player.mana_pool else ()
        spent_by_team = budget.get(_team_of(board, who), 0) - life.get(who, 0)
        if pay(tuple(syms), sources, pool or (), player.life - spent_by_team,
               extra_life=life.get(who, 0)) is None:
            # the mana sources that could help but are tapped to attack (508.1f)
            attacking = tuple(i for i, _ in M.usable_sources(board, bound, who)
                              if i in tapped_as_attacking)
            return False, reason("payment.cant_pay", "118.3", (who,), player=who,
                                 cost=M.text_of(tuple(syms)), life=life.get(who, 0),
                                 attacking=attacking)
    return True, None


def _team_of(board: Any, who: str) -> str:
    """The team whose life total a player's payments come from (810.9), or the player."""
    team = board.player(who).team
    return "team:" + team if team is not None else "player:" + who


def judges(board: Any, costs) -> bool:
    """Whether declarations with these costs say ``payable``: when the board shows mana
    (spec, Extension 2) or a cost asks for life (which every player has, 119.4) or for
    permanents (which the board shows, 701.21a)."""
    return M.has_mana(board, board.bound) or any(c.life or c.remove for c in costs)


def _distinct(demands: list[frozenset]) -> bool:
    """Whether each demand can get a different one of its permanents (a matching)."""
    owner: dict[str, int] = {}

    def place(i: int, seen: set[str]) -> bool:
        for pid in sorted(demands[i]):
            if pid in seen:
                continue
            seen.add(pid)
            if pid not in owner or place(owner[pid], seen):
                owner[pid] = i
                return True
        return False
    return all(place(i, set()) for i in range(len(demands)))


def judge(board: Any, kind: str, items: list, judged: bool = False) -> None:
    """Mark each listed declaration with costs ``payable`` (when :func:`judges`, or
    ``judged``: the caller has asked it once for the whole listing)."""
    if not items or not (judged or judges(board, [c for d in items for c in d.paid])):
        return
    for d in items:
        if d.paid:
            d.payable, d.unpayable = payable(board, kind, d.declaration, d.paid)
