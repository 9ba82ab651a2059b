"""The scenario language's lexer and parser: indentation as tokens, the LALR parser
built once (cached by the grammar's content), quoted strings and numbers."""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path
from typing import Any, Iterator, Optional

from lark import Lark, Token
from lark.lexer import PatternStr

from ...rules.reasons import reason
from .errors import Located


#: Statement keywords (a line that starts with anything else is a player's section).
STATEMENTS = ("rules", "players", "active", "defending", "monarch", "step", "effect", "attack",
              "block", "order", "blocked", "first", "target", "band", "no", "stack", "choose",
              "extra")
#: How the statements are named in messages.
STATEMENT_NAMES = ("rules", "players", "active", "defending", "monarch", "step", "effect",
                    "attack", "block", "order", "blocked", "first strikers", "target left",
                    "band", "stack", "choose", "no", "extra turn")
#: The colours as the scenario language writes them (105.1).
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
COLOR_LETTER = {name: letter for letter, name in COLOR_NAMES.items()}
COLOR_LETTER.update({letter: letter for letter in COLOR_NAMES})
NONE_KINDS = {"attacks": "attacks", "blocks": "blocks", "orders": "damage_order"}
#: A player's options: the board field each sets, and how messages name it.
PLAYER_FIELDS = {"life": "life", "team": "team", "poison": "poison", "hand": "hand",
                  "pool": "mana_pool", "graveyard": "graveyard",
                  "graveyard_types": "graveyard_types", "spells": "spells_cast",
                  "damage_taken": "damage_taken", "drawn": "cards_drawn",
                  "died": "creatures_died", "blessing": "city_blessing"}
PLAYER_OPT_WORDS = {"graveyard_types": "graveyard types", "damage_taken": "damage taken"}
#: The player's field of a validation error that doesn't name it.
FIELD_OF_ERROR = {"error.hand": "hand", "error.mana_pool": "mana_pool",
                   "error.graveyard_types_empty": "graveyard_types",
                   "error.spell_type_line": "spells_cast", "error.type_line": "spells_cast"}

_GRAMMAR = Path(__file__).parent.parent / "scenario.lark"
_TAB = 8

# -- the parser (built once, lazily) -----------------------------------------------

class _Indenter:
    """Post-lexer: turns the indentation after each newline into _INDENT/_DEDENT.
    A newline right after a comma is dropped: the list goes on on the next line."""

    always_accept = ("_NL",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        levels = [0]
        tabs = spaces = False  # seen in indentation so far
        last: Optional[Token] = None
        for tok in stream:
            if tok.type != "_NL":
                last = tok
                yield tok
                continue
            if last is not None and last.type == "COMMA":
                continue  # a line ending in a comma goes on on the next line
            last = tok
            yield tok
            indent_str = tok.value.rsplit("\n", 1)[1]
            indent = indent_str.count(" ") + indent_str.count("\t") * _TAB
            line = (tok.end_line or tok.line)
            column = len(indent_str) + 1
            pos = (tok.end_pos or 0)
            tabs, spaces = tabs or "\t" in indent_str, spaces or " " in indent_str

            def mark(kind: str) -> Token:
                return Token(kind, indent_str, pos, line, column, line, column, pos)

            if indent > levels[-1]:
                levels.append(indent)
                yield mark("_INDENT")
            else:
                while indent < levels[-1]:
                    levels.pop()
                    yield mark("_DEDENT")
                if indent != levels[-1]:
                    raise Located(reason("error.scenario_indentation",
                                         mixed=tabs and spaces, tab=_TAB), line, column)
        while len(levels) > 1:
            levels.pop()
            if last is None:
                yield Token("_DEDENT", "", 0, 1, 1, 1, 1, 0)
            else:
                yield Token.new_borrow_pos("_DEDENT", "", last)


@functools.cache
def scenario_parser() -> Lark:
    from ..cache import lark_parser

    return lark_parser("scenario", _GRAMMAR.read_text(encoding="utf-8"), parser="lalr",
                       lexer="contextual", postlex=_Indenter(), propagate_positions=True,
                       maybe_placeholders=False)


@functools.cache
def scenario_keywords() -> frozenset[str]:
    """Every keyword of the grammar (its string terminals)."""
    return frozenset(t.pattern.value for t in scenario_parser().terminals
                     if isinstance(t.pattern, PatternStr))


# -- strings -----------------------------------------------------------------------

_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "r": "\r"}
_ESCAPE_RE = re.compile(r"\\(u\{[0-9A-Fa-f]{1,6}\}|.)")


#: More digits than any number of a board can have: such a number is an attempt to
#: overflow (Python won't read one of 4,300 digits); one of fewer digits but larger than
#: a board holds (rules.model.LIMIT) is refused by the board's checks, naming its field.
_MAX_DIGITS = 100


def number_of(text: Any, at: Any = None) -> int:
    """A number of the text (an INT token, or part of ``at``'s P/T token)."""
    at = at if at is not None else text
    digits = str(text).lstrip("-")
    if len(digits) > _MAX_DIGITS:
        raise Located(reason("error.scenario_number", start=digits[:_MAX_DIGITS],
                             digits=len(digits)), at.line, at.column)
    return int(str(text))


def unquote(tok: Token) -> str:
    body = tok.value[1:-1]

    def repl(m: re.Match) -> str:
        esc = m.group(1)
        if esc in _ESCAPES:
            return _ESCAPES[esc]
        if esc.startswith("u{"):
            code = int(esc[2:-1], 16) if len(esc) <= 12 else 0x110000
            if 0xD800 <= code <= 0xDFFF:
                raise Located(reason("error.scenario_escape_surrogate", escape=esc),
                              tok.line, tok.column + 1 + m.start())
            if code <= 0x10FFFF:
                return chr(code)
        raise Located(reason("error.scenario_escape", escape=esc),
                      tok.line, tok.column + 1 + m.start())

    return _ESCAPE_RE.sub(repl, body)


def quote(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp"):
            out.append(f"\\u{{{ord(ch):x}}}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)
