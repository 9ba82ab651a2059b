"""The answers of the questions layer as the dicts older tests read: the damage answer
and the damage verdict in their human view (rules cited as human answers cite them),
and their plain-text renderings. (These functions lived in mtgcombat.solver.damage
before the questions layer; the tests that use them moved unchanged.)"""

from __future__ import annotations

from mtgcombat.questions import damage as q
from mtgcombat.text import Writer, render
from mtgcombat.text.report import plain


class _View(dict):
    """A view that remembers the typed answer it shows."""

    answer = None


def _view(answer, board) -> _View:
    out = _View(answer.view(Writer.for_board(board)))
    out.answer = answer
    return out


def damage_answer(board, bound, **kw) -> _View:
    return _view(q.damage_answer(board, bound, **kw), board)


def check_damage_answer(board, bound, assignment, **kw) -> _View:
    return _view(q.check_damage(board, assignment, bound, **kw), board)


def format_damage(view: _View) -> str:
    return plain(render.damage(view.answer, Writer.for_board(view.answer.step.board)))


def format_damage_check(view: _View) -> str:
    return plain(render.damage_verdict(view.answer, Writer.for_board(view.answer.step.board)))
