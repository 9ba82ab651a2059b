"""The scenario language's errors: :class:`ScenarioError` (``source:LINE:COL:
message``) and the syntax error a parser failure becomes, said in the language's
words (what was expected at the column)."""

from __future__ import annotations

import difflib

from ...rules.model import BoardError


# -- the error ---------------------------------------------------------------------

class ScenarioError(BoardError):
    """Bad scenario text: ``str(err)`` is ``"source:LINE:COL: message"`` (1-based)."""

    def __init__(self, message: str, line: int, column: int, source_line: str = "",
                 source: str = "<text>") -> None:
        self.message = message
        self.line = line
        self.column = column
        self.source_line = source_line
        self.source = source
        super().__init__(f"{source}:{line}:{column}: {message}")

    def __reduce__(self):
        return (type(self), (self.message, self.line, self.column, self.source_line,
                             self.source))

    def context(self) -> str:
        """The offending source line and a caret under the column (two lines)."""
        pad = "".join(c if c == "\t" else " " for c in self.source_line[: max(self.column - 1, 0)])
        return f"{self.source_line}\n{pad}^"


class Located(Exception):
    """An error found inside the transformer, before the source name is known."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


def did_you_mean(word: str, options) -> str:
    close = difflib.get_close_matches(word, sorted(options), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
