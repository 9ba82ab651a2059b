"""What the parser expected: a syntax error said in the language's words (the
statements and values it could read at the column), with the closest word."""

from __future__ import annotations

from typing import Any

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternStr

from ...rules.reasons import Reason, reason
from .errors import ScenarioError, near
from .lexer import STATEMENTS, COLOR_LETTER, STATEMENT_NAMES, scenario_parser


# -- syntax errors ---------------------------------------------------------------------

#: The parser's terminals by kind: a code ``error.scenario_terminal`` words (only the
#: text layer holds the words, text/en/errors.py). A terminal of fixed text (a keyword,
#: ``:``, ``->``) is itself: ``error.scenario_keyword``.
TERMINAL_KINDS = {
    "NAMEWORD": "name", "REFWORD": "name_or_id", "STRING": "quoted_text",
    "PT": "power_toughness", "INT": "number", "TYPELINE": "type_line", "COLOR": "colour",
    "IDDEF": "id", "STEP": "step", "MANA": "mana", "ATTACHED_TO": "attached_to",
    "_NL": "end_of_line", "_INDENT": "indented_line", "_DEDENT": "less_indentation",
    "$END": "end_of_text",
}
#: The kinds a token found is named by (the others are quoted as written).
_LAYOUT = ("_NL", "_INDENT", "_DEDENT", "$END")


def _terminal(name: str) -> Reason:
    """What the parser could read next, as a coded reason: a kind of terminal, or a
    keyword as the scenario language writes it."""
    if name in TERMINAL_KINDS:
        return reason("error.scenario_terminal", kind=TERMINAL_KINDS[name])
    for t in scenario_parser().terminals:
        if t.name == name and isinstance(t.pattern, PatternStr):
            return reason("error.scenario_keyword", text=t.pattern.value)
    return reason("error.scenario_terminal", kind=name)


def _token(tok: Token) -> Reason:
    """The token found where the parser stopped: its kind when it is layout (a line's
    end, indentation, the end of the text), else its text."""
    if tok.type in _LAYOUT:
        return reason("error.scenario_terminal", kind=TERMINAL_KINDS[tok.type])
    return reason("error.scenario_keyword", text=str(tok))


_COLORISH = {"colorless", "colourless", "purple", "orange", "pink", "gold", "golden",
             "multicolor", "multicolored", "multicolour", "C", "X", "c"}


def _parser_expects(e: UnexpectedToken) -> set[str]:
    """What the parser accepts where it stopped (an error found by the contextual
    lexer only knows what that lexer state accepts)."""
    state = getattr(e, "state", None)
    try:
        names = set(state.parse_conf.parse_table.states[state.position])  # type: ignore[union-attr]
    except AttributeError:
        names = set(e.expected)
    return {n for n in names if n.isupper() or n == "$END"}  # terminals, not rules


def syntax_error(e: UnexpectedInput, text: str, comp: Any) -> ScenarioError:
    lines = text.split("\n")
    if isinstance(e, UnexpectedCharacters):
        ch = text[e.pos_in_stream] if e.pos_in_stream < len(text) else ""
        if ch == '"':
            return comp.error(reason("error.scenario_unterminated"), e.line, e.column)
        if ch == "\r":
            return comp.error(reason("error.scenario_carriage_return"), e.line, e.column)
        return comp.error(reason("error.scenario_character", value=ch), e.line, e.column)
    if not isinstance(e, UnexpectedToken):
        return comp.error(reason("error.scenario_end"), e.line or 1, e.column or 1)
    tok = e.token
    expected = _parser_expects(e)
    line, column = tok.line or 1, tok.column or 1
    if tok.type == "$END":
        line = len(lines)
        column = len(lines[-1]) + 1
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    stripped = src.lstrip(" \t")
    first = stripped.split(" ")[0] if stripped else ""
    first_col = len(src) - len(stripped) + 1
    code = src.split("#")[0]
    if code.count("[") > code.count("]"):
        opened = code.rfind("[") + 1
        return comp.error(reason("error.scenario_type_line_open", column=opened), line, opened)
    if expected <= {"_INDENT", "_NL"} and "_INDENT" in expected:
        prev = ""
        for earlier in reversed(lines[: line - 1]):
            earlier = earlier.split("#")[0].strip()
            if earlier:
                prev = earlier
                break
        if prev.startswith("effect"):
            return comp.error(reason("error.scenario_expected_text"), line, column)
        return comp.error(reason("error.scenario_expected_permanents"), line, column)
    # A top-level line that is neither a statement nor a section header.
    if (src and src[0] not in " \t#" and first not in STATEMENTS
            and not src.split("#")[0].rstrip().endswith(":") and tok.type != "_INDENT"):
        return comp.error(reason("error.scenario_statement", value=first,
                                 closest=near(first, STATEMENTS), known=STATEMENT_NAMES),
                          line, first_col)
    if tok.type == "_INDENT":
        return comp.error(reason("error.scenario_indented"), line, column)
    word = str(tok)
    if tok.type in ("NAMEWORD", "REFWORD") and ("PT" in expected or "COLOR" in expected):
        before = src[: column - 1].split()
        after_color = bool(before) and before[-1] in COLOR_LETTER
        if word in _COLORISH or word.lower() in COLOR_LETTER or after_color:
            return comp.error(reason("error.scenario_colour", value=word), line, column)
        return comp.error(reason("error.scenario_permanent_word", value=word), line, column)
    if "INT" in expected:
        return comp.error(reason("error.scenario_expected_number", found=_token(tok)),
                          line, column)
    return comp.error(reason("error.scenario_unexpected", found=_token(tok),
                             expected=sorted({_terminal(x) for x in expected},
                                             key=lambda r: (r.code, r.params))), line, column)
