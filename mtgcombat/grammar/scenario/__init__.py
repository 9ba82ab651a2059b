"""The scenario language: a board as text a judge can type in a minute.

``parse_scenario`` compiles text to a :class:`~mtgcombat.rules.model.Board`;
``format_scenario`` prints a board in the canonical text form, so that
``parse_scenario(format_scenario(b)) == b`` and canonical text is a fixed point
of text -> board -> text. The language is described in
``docs/scenario-language.md``; the grammar is ``scenario.lark``.

Every error is a :class:`ScenarioError` (a :class:`BoardError`) whose ``str`` is
one line ``source:LINE:COL: message``; :meth:`ScenarioError.context` draws the
offending line with a caret under the column.
"""

from __future__ import annotations

from typing import Any

from lark.exceptions import UnexpectedInput, VisitError

from ...rules.model import Board, Choice
from ...rules.reasons import reason
from .compiler import Compiler
from .errors import ScenarioError, Located
from .expected import syntax_error
from .lexer import scenario_parser
from .printer import format_choice, format_scenario
from .tree import ToAst

__all__ = ["ScenarioError", "parse_scenario", "format_scenario", "parse_choice", "format_choice"]


# -- the API ---------------------------------------------------------------------------

def parse_scenario(text: str, source: str = "<text>", cards: Any = None) -> Board:
    """Compile scenario text to a validated board; errors are :class:`ScenarioError`.
    With ``cards`` (a :class:`mtgcombat.cards.CardDatabase`) a permanent may be given by
    name alone (``bears: Grizzly Bears``): what the line doesn't say comes from the card."""
    comp = Compiler(text, source)
    comp.cards = cards
    for i, ch in enumerate(text):
        if "\ud800" <= ch <= "\udfff":  # a str built by a program: no UTF-8 text has one
            line, column = text.count("\n", 0, i) + 1, i - text.rfind("\n", 0, i)
            raise comp.error(reason("error.scenario_surrogate"), line, column)
    board = comp.compile(_statements(text + "\n", comp))
    # Kept so that an error found later (by a question) can point at its line.
    object.__setattr__(board, "_locate", comp.locate)
    object.__setattr__(board, "_notes", tuple(comp.notes))
    return board


def parse_choice(text: str, board: Any) -> Choice:
    """One choice in the scenario language's syntax ("SOURCE[.ABILITY] [instance N]:
    FIELD; ..." -- the ``--choose`` flag), checked against ``board``'s ids and players;
    bad input is a :class:`ScenarioError` pointing into ``text``."""
    src = "--choose"
    comp = Compiler(f"choose {text}", src)
    stmts = _statements(f"choose {text}\n", comp)
    found = [s for s in stmts if s.kind == "choose"]
    if len(stmts) != 1 or len(found) != 1:
        raise comp.error(reason("error.scenario_one_choice"), 1, 1)
    comp.ids = {p.id for p in board.permanents}
    comp.player_names = list(board.player_names)
    return comp.choice(found[0].args[0])


def _statements(text: str, comp: Compiler) -> list:
    """The statements of ``text`` (ending in a line break), read by the parser and the
    transformer; what they refuse is a :class:`ScenarioError` at its place."""
    try:
        return ToAst().transform(scenario_parser().parse(text))
    except Located as e:
        raise comp.error(e.problem, e.line, e.column) from None
    except VisitError as e:
        if isinstance(e.orig_exc, Located):
            raise comp.error(e.orig_exc.problem, e.orig_exc.line, e.orig_exc.column) from None
        raise
    except UnexpectedInput as e:
        raise syntax_error(e, text, comp) from None
