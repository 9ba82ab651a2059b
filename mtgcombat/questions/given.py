"""Declarations given with a question instead of the board's own (spec: a compatible
extension of ``best-blocks``: ``--attacks`` exactly as ``combat`` takes it).

The given attack declaration replaces the board's attacks (and with them its blocks,
which answered those attacks). Unknown ids and wrongly shaped declarations are bad
input about the option (``error.decl_*`` with ``kind``, as ``combat`` reports them);
a declaration the board could not even hold (a creature of another player, 506.2,
508.1a) is judged as ``combat`` judges it (508.1): an illegal answer, not bad input."""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ..rules.model import BoardError


def best_blocks_against(board: Any, attacks: Mapping, objective: str, backend: str,
                        time_limit: Optional[float]) -> tuple[Any, Any]:
    """``(board, None)``: ``board`` with ``attacks`` declared instead of its own, for
    ``best-blocks`` to answer; or ``(board, answer)`` when the declaration is illegal
    (508.1) or unsettled: ``best-blocks``'s answer with the verdict, as for a board
    whose own attacks are illegal."""
    from .best import BestAnswer
    from .combat import carry, judge_declarations
    from .declarations import validate

    validate(board, "attacks", attacks)  # an unknown id is the option's fault
    try:
        given = board.with_attacks(attacks)
    except BoardError:
        # 508.1a, 506.2: an attack the board can't hold is an illegal declaration
        # (combat says so with the violations); judged on the board before its attacks.
        start = board.evolve(attacks=None, blocks=None, damage_order=None, damage_step=None,
                             blocked=None, first_strikers=None)
        carry(board, start)
        stop = judge_declarations(start, attacks=attacks, backend=backend,
                                  time_limit=time_limit, judge_blocks=False)
        if stop is None:
            raise
        return board, BestAnswer(board, "blocks", objective, stop.status, stop=stop)
    carry(board, given)
    origin = board.__dict__.get("origin")
    if origin is not None:
        given.__dict__["origin"] = origin
    return given, None
