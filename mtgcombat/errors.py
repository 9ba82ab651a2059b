"""The errors of bad input: one root, :class:`BadInput`, for everything a user can get
wrong -- a board that cannot be (:class:`BoardError`), an option
(:class:`mtgcombat.options.OptionError`). Every door answers any of them with one line
(exit status 2, HTTP 400, ``{"error": ...}`` in ``batch``); anything else is a bug.

A board error carries its reason as data (:class:`~mtgcombat.rules.reasons.Reason`: a
code, the rule, the parameters), worded by the text layer; ``str()`` is the English
line."""

from __future__ import annotations

from typing import Iterable, Union

from .rules.reasons import Reason, english, literal

__all__ = ["BadInput", "BoardError", "closest", "one_line"]


def closest(word: object, known: "Iterable[str]", n: int = 1) -> tuple[str, ...]:
    """The names of ``known`` closest to ``word`` (a typo's likely meaning; none when
    nothing is close): what an error suggests ("did you mean 'hill'?")."""
    import difflib

    if not isinstance(word, str):
        return ()
    return tuple(difflib.get_close_matches(word, sorted(set(known)), n=n, cutoff=0.6))


#: What a message escapes: the C0 controls but tab, DEL, and every character that
#: ``str.splitlines`` breaks a line at (\x85 NEL, \u2028 LINE SEPARATOR, \u2029
#: PARAGRAPH SEPARATOR besides the C0 ones \n \r \x0b \x0c \x1c-\x1e).
_CONTROL = ({c: f"\\x{c:02x}" for c in range(32) if c != 9}
            | {10: "\\n", 13: "\\r", 127: "\\x7f", 0x85: "\\x85",
               0x2028: "\\u2028", 0x2029: "\\u2029"})


def one_line(text: str) -> str:
    """``text`` with its line breaks and other control characters escaped, so that a
    message that quotes the user's own input (a name with a line break in it) stays
    one line: ``len(one_line(t).splitlines()) <= 1`` for every ``t``."""
    return text.translate(_CONTROL)


class BadInput(ValueError):
    """Bad input of any kind: one line that names the problem (``str()`` escapes any
    line break the message quotes from the input)."""

    def __str__(self) -> str:
        return one_line(super().__str__())


class BoardError(BadInput):
    """A board that cannot be: unknown ids, bad values, impossible declarations.

    The message is one line that names the problem and the field or object. It is
    given as a reason (``why``, worded by the text layer) or as finished text."""

    def __init__(self, why: Union[str, Reason]) -> None:
        self.why: Reason = why if isinstance(why, Reason) else literal(why)
        super().__init__(why if isinstance(why, str) else why.code)

    def __str__(self) -> str:
        if self.why.code == "literal":
            return one_line(self.why["text"])
        return one_line(english(self.why))
