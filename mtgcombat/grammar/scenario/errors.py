"""The scenario language's errors: :class:`ScenarioError` (``source:LINE:COL:
message``) and the syntax error a parser failure becomes, said in the language's
words (what was expected at the column)."""

from __future__ import annotations

from typing import Any, Union

from ...errors import closest
from ...rules.model import BoardError
from ...rules.reasons import Reason, english, literal, reason


# -- the error ---------------------------------------------------------------------

def _problem(message: Union[str, Reason]) -> Reason:
    return message if isinstance(message, Reason) else literal(message)


class ScenarioError(BoardError):
    """Bad scenario text: ``str(err)`` is ``"source:LINE:COL: message"`` (1-based).

    The problem is a reason (``problem``, an ``error.*`` code worded by the text
    layer); the error's own reason (``why``, ``error.located``) adds the place."""

    def __init__(self, message: Union[str, Reason], line: int, column: int,
                 source_line: str = "", source: str = "<text>") -> None:
        self.problem = _problem(message)
        self.line = line
        self.column = column
        self.source_line = source_line
        self.source = source
        super().__init__(reason("error.located", source=source, line=line, column=column,
                                problem=self.problem))

    @property
    def message(self) -> str:
        """The problem in English, without its place."""
        return english(self.problem)

    def __reduce__(self):
        return (type(self), (self.problem, self.line, self.column, self.source_line,
                             self.source))

    def context(self) -> str:
        """The offending source line and a caret under the column (two lines)."""
        pad = "".join(c if c == "\t" else " " for c in self.source_line[: max(self.column - 1, 0)])
        return f"{self.source_line}\n{pad}^"


class Located(Exception):
    """An error found inside the transformer, before the source name is known: its
    problem (a reason) and where it is."""

    def __init__(self, problem: Union[str, Reason], line: int, column: int) -> None:
        self.problem = _problem(problem)
        super().__init__(self.problem.code)
        self.line, self.column = line, column


def near(word: Any, options: Any) -> tuple[str, ...]:
    """The option closest to ``word`` (none when nothing is close): a reason's
    ``closest``, worded "(did you mean ...?)"."""
    return closest(word, options)
