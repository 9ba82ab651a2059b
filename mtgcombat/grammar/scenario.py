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

import difflib
import functools
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Optional, Sequence

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError
from lark.lexer import PatternStr

from ..rules.model import (
    COMBAT_STEPS, Board, BoardError, Choice, Effect, Permanent, Player, TypeLine,
)
from ..rules.reasons import Reason, reason

__all__ = ["ScenarioError", "parse_scenario", "format_scenario", "parse_choice", "format_choice"]

_GRAMMAR = Path(__file__).with_name("scenario.lark")
_TAB = 8
_WIDTH = 88

#: Statement keywords (a line that starts with anything else is a player's section).
STATEMENTS = ("rules", "players", "active", "defending", "monarch", "step", "effect", "attack",
              "block", "order", "blocked", "first", "target", "band", "no", "stack", "choose")
#: How the statements are named in messages.
_STATEMENT_NAMES = ("rules", "players", "active", "defending", "monarch", "step", "effect",
                    "attack", "block", "order", "blocked", "first strikers", "target left",
                    "band", "stack", "choose", "no")
#: The colours as the scenario language writes them (105.1).
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_COLOR_LETTER = {name: letter for letter, name in COLOR_NAMES.items()}
_COLOR_LETTER.update({letter: letter for letter in COLOR_NAMES})
_NONE_KINDS = {"attacks": "attacks", "blocks": "blocks", "orders": "damage_order"}
#: A player's options: the board field each sets, and how messages name it.
_PLAYER_FIELDS = {"life": "life", "team": "team", "poison": "poison", "hand": "hand",
                  "pool": "mana_pool", "graveyard": "graveyard",
                  "graveyard_types": "graveyard_types", "spells": "spells_cast",
                  "damage_taken": "damage_taken", "drawn": "cards_drawn",
                  "died": "creatures_died", "blessing": "city_blessing"}
_PLAYER_OPT_WORDS = {"graveyard_types": "graveyard types", "damage_taken": "damage taken"}
#: The player's field of a validation error that doesn't name it.
_FIELD_OF_ERROR = {"error.hand": "hand", "error.mana_pool": "mana_pool",
                   "error.graveyard_types_empty": "graveyard_types",
                   "error.spell_type_line": "spells_cast", "error.type_line": "spells_cast"}


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


class _Located(Exception):
    """An error found inside the transformer, before the source name is known."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


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
            mixed = (" (tabs and spaces are mixed in the indentation, a tab counting as "
                     f"{_TAB} spaces: indent with spaces only)") if tabs and spaces else ""

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
                    raise _Located(
                        "inconsistent indentation: this line lines up with no line above "
                        "it" + mixed, line, column)
        while len(levels) > 1:
            levels.pop()
            if last is None:
                yield Token("_DEDENT", "", 0, 1, 1, 1, 1, 0)
            else:
                yield Token.new_borrow_pos("_DEDENT", "", last)


@functools.cache
def _parser() -> Lark:
    from .cache import lark_parser

    return lark_parser("scenario", _GRAMMAR.read_text(encoding="utf-8"), parser="lalr",
                       lexer="contextual", postlex=_Indenter(), propagate_positions=True,
                       maybe_placeholders=False)


@functools.cache
def _keywords() -> frozenset[str]:
    """Every keyword of the grammar (its string terminals)."""
    return frozenset(t.pattern.value for t in _parser().terminals
                     if isinstance(t.pattern, PatternStr))


# -- strings -----------------------------------------------------------------------

_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "r": "\r"}
_ESCAPE_RE = re.compile(r"\\(u\{[0-9A-Fa-f]{1,6}\}|.)")


#: More digits than any number of a board can have: such a number is an attempt to
#: overflow (Python won't read one of 4,300 digits); one of fewer digits but larger than
#: a board holds (rules.model.LIMIT) is refused by the board's checks, naming its field.
_MAX_DIGITS = 100


def _num(text: Any, at: Any = None) -> int:
    """A number of the text (an INT token, or part of ``at``'s P/T token)."""
    at = at if at is not None else text
    digits = str(text).lstrip("-")
    if len(digits) > _MAX_DIGITS:
        raise _Located(f"the number {digits[:_MAX_DIGITS]}... ({len(digits)} digits) is larger "
                       "than any a board can hold", at.line, at.column)
    return int(str(text))


def _unquote(tok: Token) -> str:
    body = tok.value[1:-1]

    def repl(m: re.Match) -> str:
        esc = m.group(1)
        if esc in _ESCAPES:
            return _ESCAPES[esc]
        if esc.startswith("u{"):
            code = int(esc[2:-1], 16) if len(esc) <= 12 else 0x110000
            if 0xD800 <= code <= 0xDFFF:
                raise _Located(f"\\{esc} is a lone surrogate, which is not text",
                               tok.line, tok.column + 1 + m.start())
            if code <= 0x10FFFF:
                return chr(code)
        raise _Located(
            f"unknown escape \\{esc} in quoted text (use \\\" \\\\ \\n \\t \\r or \\u{{hex}})",
            tok.line, tok.column + 1 + m.start())

    return _ESCAPE_RE.sub(repl, body)


def _quote(text: str) -> str:
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


# -- the syntax tree, made close to the model ----------------------------------------

@dataclass
class _Ref:
    value: str
    line: int
    column: int


@dataclass
class _Attr:
    kind: str
    value: Any
    line: int
    column: int


@dataclass
class _PlayerDecl:
    ref: _Ref
    life: Optional[_Attr] = None
    team: Optional[_Attr] = None
    poison: Optional[_Attr] = None
    hand: Optional[_Attr] = None
    pool: Optional[_Attr] = None
    graveyard: Optional[_Attr] = None
    graveyard_types: Optional[_Attr] = None
    spells: Optional[_Attr] = None
    damage_taken: Optional[_Attr] = None
    drawn: Optional[_Attr] = None
    died: Optional[_Attr] = None
    blessing: Optional[_Attr] = None


@dataclass
class _PermDecl:
    line: int
    column: int
    id: Optional[_Ref]
    name: _Ref
    attrs: list[_Attr]
    lines: list[str]


@dataclass
class _Stmt:
    kind: str
    line: int
    column: int
    args: tuple = ()


@dataclass
class _ChoiceDecl:
    head: "_Ref"
    instance: Optional[_Attr]
    fields: list
    line: int
    column: int


def _yes_no(word: Token) -> bool:
    w = str(word).lower()
    if w in ("yes", "true"):
        return True
    if w in ("no", "false"):
        return False
    raise _Located(f"`{word}`: say yes or no", *_pos(word))


@dataclass
class _TextLines:
    lines: list[str] = field(default_factory=list)


def _pos(tok: Token) -> tuple[int, int]:
    return tok.line, tok.column


@v_args(inline=True, meta=True)
class _ToAst(Transformer):
    """Parse tree -> statements with positions (compiled by :class:`_Compiler`)."""

    def start(self, meta, *stmts):
        return list(stmts)

    # references and names
    def quoted_ref(self, meta, tok):
        return _Ref(_unquote(tok), *_pos(tok))

    def bare_ref(self, meta, *toks):
        return _Ref(" ".join(toks), *_pos(toks[0]))

    quoted_name = quoted_ref
    bare_name = bare_ref

    def quoted_id(self, meta, tok):
        return ("id", _Ref(_unquote(tok), *_pos(tok)))

    # the game
    def rules_stmt(self, meta, word):
        return _Stmt("rules", meta.line, meta.column, (word,))

    def step_stmt(self, meta, word):
        return _Stmt("step", meta.line, meta.column, (word,))

    def players_stmt(self, meta, *players):
        return _Stmt("players", meta.line, meta.column, players)

    def player(self, meta, ref, *opts):
        decl = _PlayerDecl(ref)
        for opt in opts:
            if getattr(decl, opt.kind) is not None:
                word = _PLAYER_OPT_WORDS.get(opt.kind, opt.kind)
                raise _Located(f"{word} of {ref.value!r} is given twice", opt.line, opt.column)
            setattr(decl, opt.kind, opt)
        return decl

    def life(self, meta, tok):
        return _Attr("life", _num(tok), meta.line, meta.column)

    def team(self, meta, ref):
        return _Attr("team", ref.value, meta.line, meta.column)

    def poison(self, meta, tok):
        return _Attr("poison", _num(tok), meta.line, meta.column)

    def hand(self, meta, tok):
        return _Attr("hand", _num(tok), meta.line, meta.column)

    def pool(self, meta, tok):
        return _Attr("pool", str(tok), meta.line, meta.column)

    def graveyard(self, meta, tok):
        return _Attr("graveyard", _num(tok), meta.line, meta.column)

    def graveyard_types(self, meta, *words):
        return _Attr("graveyard_types", tuple(str(w) for w in words), meta.line, meta.column)

    def spells(self, meta, *toks):
        return _Attr("spells", tuple(_unquote(t) for t in toks), meta.line, meta.column)

    def damage_taken(self, meta, tok):
        return _Attr("damage_taken", _num(tok), meta.line, meta.column)

    def drawn(self, meta, tok):
        return _Attr("drawn", _num(tok), meta.line, meta.column)

    def died(self, meta, tok):
        return _Attr("died", _num(tok), meta.line, meta.column)

    def blessing(self, meta, tok):
        return _Attr("blessing", True, *_pos(tok))

    def counter(self, meta, name, tok):
        key = _unquote(name) if name.type == "STRING" else str(name)
        return _Attr("counter", (key, _num(tok)), meta.line, meta.column)

    def chosen(self, meta, key, ref):
        return _Attr("chosen", (str(key), ref.value), meta.line, meta.column)

    def band_stmt(self, meta, *refs):
        return _Stmt("band", meta.line, meta.column, (refs,))

    def active_stmt(self, meta, ref):
        return _Stmt("active", meta.line, meta.column, (ref,))

    def monarch_stmt(self, meta, ref):
        return _Stmt("monarch", meta.line, meta.column, (ref,))

    def defending_stmt(self, meta, *refs):
        return _Stmt("defending", meta.line, meta.column, refs)

    # permanents
    def section(self, meta, ref, *perms):
        return _Stmt("section", meta.line, meta.column, (ref, perms))

    def permanent(self, meta, *items):
        ident: Optional[_Ref] = None
        items_l = list(items)
        first = items_l[0]
        if isinstance(first, Token) and first.type == "IDDEF":
            ident = _Ref(first.value[:-1], *_pos(first))
            items_l.pop(0)
        elif isinstance(first, tuple):
            ident = first[1]
            items_l.pop(0)
        name = items_l.pop(0)
        lines: list[str] = []
        attrs: list[_Attr] = []
        for it in items_l:
            if isinstance(it, _TextLines):
                lines.extend(it.lines)
            elif it.kind == "text":
                lines.append(it.value)
            else:
                attrs.append(it)
        return _PermDecl(meta.line, meta.column, ident, name, attrs, lines)

    def text_block(self, meta, *toks):
        return _TextLines([_unquote(t) for t in toks])

    def pt(self, meta, tok):
        p, t = tok.value.split("/")
        return _Attr("pt", (_num(p, tok), _num(t, tok)), *_pos(tok))

    def type_line(self, meta, tok):
        return _Attr("type", tok.value[1:-1].strip(" \t"), *_pos(tok))

    def quoted_type_line(self, meta, tok):
        return _Attr("type", _unquote(tok), meta.line, meta.column)

    def color(self, meta, tok):
        return _Attr("color", _COLOR_LETTER[tok.value], *_pos(tok))

    def tapped(self, meta, tok):
        return _Attr("tapped", True, *_pos(tok))

    def sick(self, meta, tok):
        return _Attr("sick", True, *_pos(tok))

    def _int_attr(kind: str) -> Any:  # type: ignore[misc]  # noqa: N805
        def method(self, meta, tok):
            return _Attr(kind, _num(tok), meta.line, meta.column)
        return method

    damage = _int_attr("damage")
    loyalty = _int_attr("loyalty")
    defense = _int_attr("defense")
    power = _int_attr("power")
    toughness = _int_attr("toughness")

    def protector(self, meta, ref):
        return _Attr("protector", ref, meta.line, meta.column)

    def goaded(self, meta, *refs):
        return _Attr("goaded", refs, meta.line, meta.column)

    def attached(self, meta, _tok, ref):
        return _Attr("attached", ref, meta.line, meta.column)

    def text(self, meta, tok):
        return _Attr("text", _unquote(tok), *_pos(tok))

    # effects and declarations
    def effect_stmt(self, meta, ctrl, *rest):
        source = None
        targets: tuple = ()
        modes = None
        gone: tuple = ()
        lines: list[str] = []
        step = None
        for r in rest:
            if isinstance(r, tuple) and r[0] == "from":
                source = r[1]
            elif isinstance(r, tuple) and r[0] == "gone":
                gone = r[1]
            elif isinstance(r, tuple) and r[0] == "modes":
                modes = r[1]
            elif isinstance(r, tuple) and r[0] == "in":
                step = r[1]
            elif isinstance(r, tuple) and r[0] == "->":
                targets = r[1]
            else:
                lines = r
        return _Stmt("effect", meta.line, meta.column,
                     (ctrl, source, targets, lines, modes, gone, step))

    def effect_step(self, meta, tok):
        """"in declare blockers": the combat step a trick resolves in (spec Extension 3)."""
        value = _unquote(tok) if tok.type == "STRING" else str(tok)
        return ("in", _Ref(value, *_pos(tok)))

    def stack_stmt(self, meta):
        """"stack": the effects of one step are on the stack together (spec Extension 3)."""
        return _Stmt("stack", meta.line, meta.column)

    def choose_stmt(self, meta, choice):
        return _Stmt("choose", meta.line, meta.column, (choice,))

    def choice(self, meta, head, *rest):
        """"goblin.2 instance 1: targets wall; may yes" (spec Extension 3, choices)."""
        instance = None
        fields: list = []
        for r in rest:
            if isinstance(r, tuple) and r[0] == "instance":
                instance = r[1]
            else:
                fields.append(r)
        return _ChoiceDecl(head, instance, fields, meta.line, meta.column)

    def choice_instance(self, meta, n):
        return ("instance", _Attr("instance", int(n), *_pos(n)))

    def cf_targets(self, meta, *refs):
        return _Attr("targets", refs, meta.line, meta.column)

    def cf_no_targets(self, meta):
        return _Attr("targets", (), meta.line, meta.column)

    def cf_may(self, meta, word):
        return _Attr("may", _yes_no(word), meta.line, meta.column)

    def cf_exert(self, meta, word):
        return _Attr("exert", _yes_no(word), meta.line, meta.column)

    def cf_mode(self, meta, *ints):
        return _Attr("mode", tuple(int(i) for i in ints), meta.line, meta.column)

    def cf_attacking(self, meta, ref):
        return _Attr("attacking", ref, meta.line, meta.column)

    def cf_amounts(self, meta, *amounts):
        return _Attr("amounts", amounts, meta.line, meta.column)

    def amount(self, meta, n, ref):
        return (ref, int(n))

    def effect_source(self, meta, ref):
        return ("from", ref)

    def effect_modes(self, meta, *ints):
        """"modes 2" / "modes 1, 3": the modes chosen for a modal spell (700.2a)."""
        return ("modes", tuple(_num(i) for i in ints))

    def effect_targets(self, meta, *refs):
        return ("->", refs)

    def effect_gone(self, meta, *refs):
        """"gone bear": targets or the source that have left the battlefield (400.7)."""
        return ("gone", refs)

    def effect_text(self, meta, *items):
        out: list[str] = []
        for it in items:
            out.extend(it.lines if isinstance(it, _TextLines) else [_unquote(it)])
        return out

    def attack_stmt(self, meta, attacker, target):
        return _Stmt("attack", meta.line, meta.column, (attacker, target))

    def block_stmt(self, meta, blocker, *attackers):
        return _Stmt("block", meta.line, meta.column, (blocker, attackers))

    def order_stmt(self, meta, creature, *order):
        return _Stmt("order", meta.line, meta.column, (creature, order))

    def blocked_stmt(self, meta, *refs):
        return _Stmt("blocked", meta.line, meta.column, (refs,))

    def first_strikers_stmt(self, meta, *refs):
        return _Stmt("first_strikers", meta.line, meta.column, (refs,))

    def target_left_stmt(self, meta, *refs):
        return _Stmt("target_left", meta.line, meta.column, (refs,))

    def none_stmt(self, meta, word):
        return _Stmt("none", meta.line, meta.column, (word,))

    del _int_attr


# -- compiling statements to a board -------------------------------------------------

class _Compiler:
    def __init__(self, text: str, source: str) -> None:
        self.cards: Any = None  # a card database: permanents by name alone
        self.source = source
        self.lines = text.split("\n")
        self.where: list[tuple[tuple, int, int]] = []  # (where, line, column)
        #: What a reader may have meant otherwise, as reasons (warnings, not errors).
        self.notes: list[Reason] = []

    def error(self, message: str, line: int, column: int) -> ScenarioError:
        src = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return ScenarioError(message, line, column, src.rstrip("\r"), self.source)

    def at(self, node: Any, message: str) -> ScenarioError:
        return self.error(message, node.line, node.column)

    # ---------------------------------------------------------------------------
    def compile(self, stmts: list[_Stmt]) -> Board:
        single: dict[str, _Stmt] = {}
        for s in stmts:
            if s.kind in ("rules", "players", "active", "defending", "monarch", "step"):
                if s.kind in single:
                    raise self.at(s, f"a second `{s.kind}` line (the first is line "
                                     f"{single[s.kind].line})")
                single[s.kind] = s
        top = self.first_line()
        if "players" not in single:
            raise self.error("no `players` line: list the players in turn order, like "
                             "`players Alice, Bob`", top, 1)
        if "active" not in single:
            raise self.error("no `active` line: name the attacking player, like `active Alice`",
                             top, 1)

        fields: dict[str, Any] = {}
        if "rules" in single:
            word = single["rules"].args[0]
            if word not in ("current", "2024"):
                raise self.at(word, f"unknown rules edition {str(word)!r} (use current or 2024)")
            fields["rules"] = str(word)
            self.where.append((("rules",), *_pos(word)))
        if "step" in single:
            word = single["step"].args[0]
            if word not in ("first", "regular"):
                raise self.at(word, f"unknown damage step {str(word)!r} (use first or regular)")
            fields["damage_step"] = str(word)
            self.where.append((("damage_step",), *_pos(word)))

        # players
        players: list[Player] = []
        seen: dict[str, _Ref] = {}
        for decl in single["players"].args:
            name = decl.ref.value
            if name in seen:
                raise self.at(decl.ref, f"two players are named {name!r}")
            seen[name] = decl.ref
            players.append(Player(name=name,
                                  life=decl.life.value if decl.life else 20,
                                  team=decl.team.value if decl.team else None,
                                  poison=decl.poison.value if decl.poison else 0,
                                  hand=decl.hand.value if decl.hand else None,
                                  mana_pool=decl.pool.value if decl.pool else "",
                                  graveyard=_value(decl.graveyard),
                                  graveyard_types=_value(decl.graveyard_types),
                                  spells_cast=_value(decl.spells),
                                  damage_taken=_value(decl.damage_taken),
                                  cards_drawn=_value(decl.drawn),
                                  creatures_died=_value(decl.died),
                                  city_blessing=decl.blessing is not None))
            self.where.append((("player", name), decl.ref.line, decl.ref.column))
            for kind, board_field in _PLAYER_FIELDS.items():
                opt = getattr(decl, kind)
                if opt is not None:  # an error about this field points at its option
                    self.where.append((("player", name, board_field), opt.line, opt.column))
        self.where.append((("players",), single["players"].line, single["players"].column))
        self.player_names = [p.name for p in players]
        fields["players"] = tuple(players)

        active = single["active"].args[0]
        self.player(active)
        fields["active_player"] = active.value
        if "defending" in single:
            for r in single["defending"].args:
                self.player(r)
            fields["defending_players"] = tuple(r.value for r in single["defending"].args)
            self.where.append((("defending",), single["defending"].line,
                               single["defending"].column))
        self.where.append((("active",), active.line, active.column))
        self.where.append((("opponent",), active.line, active.column))
        if "monarch" in single:
            monarch = single["monarch"].args[0]
            self.player(monarch)
            fields["monarch"] = monarch.value
            self.where.append((("monarch",), monarch.line, monarch.column))

        # permanents
        perms: list[Permanent] = []
        first_of: dict[str, _PermDecl] = {}
        for s in stmts:
            if s.kind != "section":
                continue
            ctrl, decls = s.args
            self.player(ctrl)
            for d in decls:
                perm = self.permanent(d, ctrl.value)
                if perm.id in first_of:
                    raise self.at(
                        d.id or d.name,
                        f"two permanents have the id {perm.id!r} (the first is line "
                        f"{first_of[perm.id].line}): give this one an id, like "
                        f"`{_example_id(perm.name)}: {perm.name}`")
                if perm.id in self.player_names:
                    raise self.at(d.id or d.name,
                                  f"the id {perm.id!r} is also a player's name: give the "
                                  f"permanent another id, like `{_example_id(perm.name)}: "
                                  f"{perm.name}`")
                first_of[perm.id] = d
                perms.append(perm)
                self.where.append((("permanent", perm.id), d.line, d.column))
        self.ids = set(first_of)
        fields["permanents"] = tuple(perms)

        # effects
        effects: list[Effect] = []
        for s in stmts:
            if s.kind != "effect":
                continue
            ctrl, source, targets, lines, modes, gone, step = s.args
            self.player(ctrl)
            # 400.7: a target or the source that has left the battlefield is named
            # after "gone" (validated with the board).
            gone_ids = {g.value for g in gone}
            for t in targets:
                if t.value not in gone_ids:
                    self.object(t, "target")
            if source is not None and source.value not in gone_ids:
                self.object(source, "source", players=False)
            text = "\n".join(lines)
            if not text.strip():
                raise self.at(s, "an effect needs its text, like `effect Alice: \"Creatures "
                                 "you control get +1/+0.\"`")
            if step is not None and step.value not in COMBAT_STEPS:
                raise self.at(step, f"`in {step.value}`: no step of combat has this name; "
                                    "one of " + ", ".join(COMBAT_STEPS))
            self.where.append((("effect", len(effects)), s.line, s.column))
            effects.append(Effect(text=text, controller=ctrl.value,
                                  targets=tuple(t.value for t in targets),
                                  source=source.value if source else None, modes=modes,
                                  gone=tuple(g.value for g in gone),
                                  step=step.value if step is not None else None))
        fields["effects"] = tuple(effects)
        stacks = [s for s in stmts if s.kind == "stack"]
        if len(stacks) > 1:
            raise self.at(stacks[1], f"a second `stack` line (the first is line "
                                     f"{stacks[0].line})")
        if stacks:
            fields["stack"] = True
        choices: list[Choice] = []
        for s in stmts:
            if s.kind == "choose":
                self.where.append((("choice", len(choices)), s.line, s.column))
                choices.append(self.choice(s.args[0]))
        if choices:
            fields["choices"] = tuple(choices)

        # declarations
        nones: dict[str, _Stmt] = {}
        for s in stmts:
            if s.kind == "none":
                word = s.args[0]
                if word not in _NONE_KINDS:
                    raise self.at(word, f"`no {word}`: use `no attacks`, `no blocks` or "
                                        "`no orders`")
                nones[_NONE_KINDS[str(word)]] = s
        attacks = self.declarations(stmts, "attack", nones.get("attacks"))
        blocks = self.declarations(stmts, "block", nones.get("blocks"))
        order = self.declarations(stmts, "order", nones.get("damage_order"))
        fields.update(attacks=attacks, blocks=blocks, damage_order=order)
        for kind, what, word in (("blocked", "attacker", "blocked"),
                                 ("first_strikers", "creature", "first strikers"),
                                 ("target_left", "attacker", "target left")):
            found = [s for s in stmts if s.kind == kind]
            if len(found) > 1:
                raise self.at(found[1], f"a second `{word}` line (the first is line "
                                        f"{found[0].line})")
            if found:
                s = found[0]
                for r in s.args[0]:
                    self.object(r, what, players=False)
                fields[kind] = tuple(r.value for r in s.args[0])
                self.where.append(((kind,), s.line, s.column))
        bands = []
        for s in stmts:
            if s.kind == "band":
                for r in s.args[0]:
                    self.object(r, "attacker", players=False)
                bands.append(tuple(r.value for r in s.args[0]))
                self.where.append((("bands",), s.line, s.column))
        if bands:
            fields["bands"] = tuple(bands)
        for key, s in nones.items():
            self.where.append(((key,), s.line, s.column))

        try:
            return Board(**fields)
        except BoardError as e:
            raise self.locate(e) from None

    def first_line(self) -> int:
        """The first line with a statement (errors about a missing one point there)."""
        for i, text in enumerate(self.lines, 1):
            if text.strip() and not text.lstrip().startswith("#"):
                return i
        return 1

    # ---------------------------------------------------------------------------
    def choice(self, d: "_ChoiceDecl") -> Choice:
        """A choice (spec Extension 3): "SOURCE[.ABILITY] [instance N]: FIELD; ..."."""
        source, ability = _choice_head(d.head.value, self.ids)
        if source not in self.ids:
            raise self.at(d.head, f"unknown source {source!r}"
                                  f"{_did_you_mean(source, set(self.ids))}: no permanent "
                                  "has this id")
        kw: dict[str, Any] = {}
        for f in d.fields:
            if f.kind in kw:
                raise self.at(f, f"`{f.kind}` is chosen twice")
            if f.kind in ("targets",):
                for r in f.value:
                    self.object(r, "target")
                kw[f.kind] = tuple(r.value for r in f.value)
            elif f.kind == "attacking":
                self.object(f.value, "attack target")
                kw[f.kind] = f.value.value
            elif f.kind == "amounts":
                for r, _ in f.value:
                    self.object(r, "object")
                kw[f.kind] = {r.value: n for r, n in f.value}
            else:
                kw[f.kind] = f.value
        return Choice(source, ability=ability,
                      instance=d.instance.value if d.instance is not None else None, **kw)

    def player(self, ref: _Ref) -> None:
        if ref.value not in self.player_names:
            hint = _did_you_mean(ref.value, self.player_names)
            raise self.at(ref, f"unknown player {ref.value!r}{hint} (the players are "
                               f"{', '.join(map(repr, self.player_names))})")

    def object(self, ref: _Ref, what: str, players: bool = True) -> None:
        known = set(self.ids) | (set(self.player_names) if players else set())
        if ref.value not in known:
            kind = "permanent or player" if players else "permanent"
            raise self.at(ref, f"unknown {what} {ref.value!r}{_did_you_mean(ref.value, known)}: "
                               f"no {kind} has this id")

    def colour_in_name(self, d: _PermDecl) -> None:
        """A colour letter right after a bare name and before the P/T ("w2: Wall B 0/4")
        is read as a colour (105.1), though it may be meant as part of the name: noted
        (a warning), not refused -- the board is as written."""
        if not d.attrs or d.attrs[0].kind != "color" or \
                not any(a.kind == "pt" for a in d.attrs[1:]):
            return
        a, name = d.attrs[0], d.name
        if self.lines[name.line - 1][name.column - 1:name.column] == '"':
            return  # a quoted name ends where it says
        word = self.lines[a.line - 1][a.column - 1:].split()[0]
        if len(word) == 1:
            self.notes.append(reason("scenario.colour_in_name", None, (), source=self.source,
                                     line=a.line, column=a.column, word=word, name=name.value,
                                     colour=a.value))

    def permanent(self, d: _PermDecl, controller: str) -> Permanent:
        kw: dict[str, Any] = {"name": d.name.value, "controller": controller}
        self.colour_in_name(d)
        kw["id"] = d.id.value if d.id is not None else d.name.value
        given: dict[str, _Attr] = {}
        colors: list[str] = []
        counters: dict[str, int] = {}
        chosen: dict[str, str] = {}
        for a in d.attrs:
            if a.kind in ("counter", "chosen"):
                key, value = a.value
                into = counters if a.kind == "counter" else chosen
                if key in into:
                    raise self.at(a, f"the {a.kind} {key!r} is given twice")
                into[key] = value
                continue
            if a.kind == "color":
                if a.value in colors:
                    raise self.at(a, f"the colour {COLOR_NAMES[a.value]} is given twice")
                colors.append(a.value)
                continue
            slots = ("power", "toughness") if a.kind == "pt" else (a.kind,)
            if any(x in given for x in slots):
                raise self.at(a, f"{_ATTR_WORDS.get(a.kind, a.kind)} is given twice")
            for x in slots:
                given[x] = a
            if a.kind == "pt":
                kw["power"], kw["toughness"] = a.value
            elif a.kind in ("power", "toughness", "damage", "loyalty", "defense"):
                kw[a.kind] = a.value
            elif a.kind == "type":
                kw["type_line"] = a.value
            elif a.kind == "tapped":
                kw["tapped"] = True
            elif a.kind == "sick":
                kw["summoning_sick"] = True
            elif a.kind == "protector":
                self.player(a.value)
                kw["protector"] = a.value.value
            elif a.kind == "goaded":
                for r in a.value:
                    self.player(r)
                kw["goaded_by"] = tuple(r.value for r in a.value)
            elif a.kind == "attached":
                kw["attached_to"] = a.value.value
                self.where.append((("permanent", kw["id"], "attached"), a.line, a.column))
        kw["colors"] = tuple(colors)
        if counters:
            kw["counters"] = counters
        if chosen:
            kw["chosen"] = chosen
        kw["text"] = "\n".join(d.lines)
        if getattr(self, "cards", None) is not None and not (
                "type" in given and ("power" in given or "Creature" not in kw["type_line"])):
            self._from_card(d, kw, given)
        perm = Permanent(**kw)
        try:
            types = TypeLine.parse(perm.type_line)
        except BoardError as e:
            raise self.at(given.get("type", d.name), str(e)) from None
        if "Creature" in types.types and (perm.power is None or perm.toughness is None):
            src = self.lines[d.name.line - 1] if 0 < d.name.line <= len(self.lines) else ""
            quoted = src[d.name.column - 1:d.name.column] == '"'
            last = d.name.value.split(" ")[-1] if not quoted else ""
            if "/" in last:
                raise self.at(d.name, f"{last!r} is not power/toughness: give two whole "
                                      "numbers, like `2/2` or `-1/3`")
            if quoted and not d.attrs and d.id is None:
                raise self.at(d.name, f"the text {_quote(perm.name)} is at a permanent's "
                                      "indentation: put it on the permanent's line or indent it "
                                      "more, under the permanent")
            raise self.at(d.name, f"{perm.name!r} is a creature and needs power/toughness, "
                                  f"like `{_bare_or_quoted_name(perm.name)} 2/2`")
        return perm

    def _from_card(self, d: _PermDecl, kw: dict, given: dict) -> None:
        """Cards by name: what the line doesn't say comes from the card (the line wins)."""
        from ..cards import fill

        card = self.cards.lookup(kw["name"])
        if card is None:
            if "type" in given:
                return  # a permanent of the board's own making
            raise self.at(d.name, self.cards.unknown_message(kw["name"]))
        perm: dict[str, Any] = {"id": kw["id"], "name": kw["name"]}
        if "type" in given:
            perm["type_line"] = kw["type_line"]
        for k in ("power", "toughness", "loyalty", "defense"):
            if k in kw:
                perm[k] = kw[k]
        if kw["colors"]:
            perm["colors"] = list(kw["colors"])
        if kw["text"]:
            perm["text"] = kw["text"]
        try:
            filled = fill(perm, card)
        except BoardError as e:
            raise self.at(d.name, str(e)) from None
        kw["name"] = filled["name"]
        kw["type_line"] = filled["type_line"]
        kw["colors"] = tuple(filled.get("colors") or ())
        kw["text"] = filled.get("text") or ""
        for k in ("power", "toughness", "loyalty", "defense"):
            if filled.get(k) is not None:
                kw[k] = filled[k]

    def declarations(self, stmts: Sequence[_Stmt], kind: str,
                     none: Optional[_Stmt]) -> Optional[dict]:
        out: dict[str, Any] = {}
        first: dict[str, _Stmt] = {}
        key = {"attack": "attacks", "block": "blocks", "order": "damage_order"}[kind]
        for s in stmts:
            if s.kind != kind:
                continue
            if none is not None:
                raise self.at(s, f"`{kind}` after `no {str(none.args[0])}` (line {none.line})")
            subject, rest = s.args
            self.object(subject, {"attack": "attacker", "block": "blocker",
                                  "order": "creature"}[kind], players=False)
            if subject.value in first:
                raise self.at(subject, f"{subject.value!r} already has {kind} line "
                                       f"{first[subject.value].line}")
            first[subject.value] = s
            if kind == "attack":
                self.object(rest, "attack target")
                out[subject.value] = rest.value
            else:
                for r in rest:
                    self.object(r, "attacker" if kind == "block" else "creature",
                                players=False)
                out[subject.value] = tuple(r.value for r in rest)
            self.where.append(((key, subject.value), s.line, s.column))
            if kind != "attack":
                self.where.append(((key,), s.line, s.column))
        if none is not None:
            return {}
        if not out:
            return None
        return out

    def locate(self, e: BoardError) -> ScenarioError:
        """The line of the part of the board an error is about (its reason's ``where``:
        ("permanent", id), ("attacks", attacker) ..., or a field), the longest match
        first; else the first line."""
        msg = str(e)
        where = tuple(e.why.get("where") or ())
        if where[:1] == ("player",) and len(where) == 2:
            # An error about one of a player's fields points at the option that gives it.
            board_field = e.why.get("field") or _FIELD_OF_ERROR.get(e.why.code)
            if board_field:
                where += (board_field,)
        for n in range(len(where), 0, -1):
            for key, line, column in self.where:
                if key == where[:n]:
                    return self.error(msg, line, column)
        return self.error(msg, self.first_line(), 1)


def _value(opt: Optional[_Attr]) -> Any:
    return opt.value if opt is not None else None


_ATTR_WORDS = {"pt": "power/toughness", "type": "the type line", "sick": "sick",
               "goaded": "goaded by", "attached": "attached to"}


def _example_id(name: str) -> str:
    word = re.sub(r"[^0-9A-Za-z]+", "-", name.split(",")[0].strip().split(" ")[-1].lower())
    return (word.strip("-") or "x") + "2"


def _did_you_mean(word: str, options) -> str:
    close = difflib.get_close_matches(word, sorted(options), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


# -- syntax errors ---------------------------------------------------------------------

_TERMINAL_WORDS = {
    "NAMEWORD": "a name", "REFWORD": "a name or id", "STRING": "quoted text",
    "PT": "power/toughness like 2/2", "INT": "a number", "TYPELINE": "a [type line]",
    "COLOR": "a colour", "IDDEF": "an id:", "_NL": "end of line",
    "_INDENT": "an indented line", "_DEDENT": "less indentation", "$END": "end of text",
}


def _describe_terminal(name: str) -> str:
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    for t in _parser().terminals:
        if t.name == name and isinstance(t.pattern, PatternStr):
            return repr(t.pattern.value)
    return name


def _describe_token(tok: Token) -> str:
    if tok.type in ("_NL", "_INDENT", "_DEDENT", "$END"):
        return _TERMINAL_WORDS[tok.type]
    return repr(str(tok))


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


def _syntax_error(e: UnexpectedInput, text: str, comp: _Compiler) -> ScenarioError:
    lines = text.split("\n")
    if isinstance(e, UnexpectedCharacters):
        ch = text[e.pos_in_stream] if e.pos_in_stream < len(text) else ""
        if ch == '"':
            return comp.error('unterminated quoted text: the closing " is missing',
                              e.line, e.column)
        if ch == "\r":
            return comp.error("stray carriage return (\\r)", e.line, e.column)
        return comp.error(f"unexpected character {ch!r}", e.line, e.column)
    if not isinstance(e, UnexpectedToken):
        return comp.error("unexpected end of text", e.line or 1, e.column or 1)
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
        return comp.error(f"the type line opened at column {opened} has no closing `]`, "
                          "like `[Creature — Bear]`", line, opened)
    if expected <= {"_INDENT", "_NL"} and "_INDENT" in expected:
        prev = ""
        for earlier in reversed(lines[: line - 1]):
            earlier = earlier.split("#")[0].strip()
            if earlier:
                prev = earlier
                break
        if prev.startswith("effect"):
            return comp.error("expected the effect's text: quoted lines indented under the "
                              "`effect` line", line, column)
        return comp.error("expected the permanents of this player, indented under the "
                          "`PLAYER:` line", line, column)
    # A top-level line that is neither a statement nor a section header.
    if (src and src[0] not in " \t#" and first not in STATEMENTS
            and not src.split("#")[0].rstrip().endswith(":") and tok.type != "_INDENT"):
        hint = _did_you_mean(first, STATEMENTS)
        return comp.error(
            f"unknown statement {first!r}{hint}: a line starts with "
            f"{', '.join(_STATEMENT_NAMES[:-1])} or no, or is a section header `PLAYER:`",
            line, first_col)
    if tok.type == "_INDENT":
        return comp.error("unexpected indentation: only a player's permanents (under "
                          "`PLAYER:`) and their text lines are indented", line, column)
    word = str(tok)
    if tok.type in ("NAMEWORD", "REFWORD") and ("PT" in expected or "COLOR" in expected):
        before = src[: column - 1].split()
        after_color = bool(before) and before[-1] in _COLOR_LETTER
        if word in _COLORISH or word.lower() in _COLOR_LETTER or after_color:
            return comp.error(f"unknown colour {word!r} (colours are W U B R G, or white "
                              "blue black red green)", line, column)
        return comp.error(
            f"unknown word {word!r} on a permanent's line: Oracle text goes in quotes "
            f"(\"{word} ...\"); after the name come P/T, [type], colours, tapped, sick, "
            "damage N, loyalty N, defense N, protector P, goaded by P", line, column)
    if "INT" in expected:
        return comp.error(f"expected a number, not {_describe_token(tok)}", line, column)
    descs = sorted({_describe_terminal(x) for x in expected})
    more = f" or {len(descs) - 8} more" if len(descs) > 8 else ""
    return comp.error(f"unexpected {_describe_token(tok)}; expected "
                      f"{', '.join(descs[:8])}{more}", line, column)


# -- the API ---------------------------------------------------------------------------

def parse_scenario(text: str, source: str = "<text>", cards: Any = None) -> Board:
    """Compile scenario text to a validated board; errors are :class:`ScenarioError`.
    With ``cards`` (a :class:`mtgcombat.cards.CardDatabase`) a permanent may be given by
    name alone (``bears: Grizzly Bears``): what the line doesn't say comes from the card."""
    comp = _Compiler(text, source)
    comp.cards = cards
    for i, ch in enumerate(text):
        if "\ud800" <= ch <= "\udfff":  # a str built by a program: no UTF-8 text has one
            line = text.count("\n", 0, i) + 1
            raise comp.error("a lone surrogate (\\ud800-\\udfff) is not text", line,
                             i - text.rfind("\n", 0, i))
    try:
        tree = _parser().parse(text + "\n")
        stmts = _ToAst().transform(tree)
    except _Located as e:
        raise comp.error(e.message, e.line, e.column) from None
    except VisitError as e:
        if isinstance(e.orig_exc, _Located):
            raise comp.error(e.orig_exc.message, e.orig_exc.line, e.orig_exc.column) from None
        raise
    except UnexpectedInput as e:
        raise _syntax_error(e, text + "\n", comp) from None
    board = comp.compile(stmts)
    # Kept so that an error found later (by a question) can point at its line.
    object.__setattr__(board, "_locate", comp.locate)
    object.__setattr__(board, "_notes", tuple(comp.notes))
    return board


def _choice_head(head: str, ids: Any) -> tuple[str, Optional[int]]:
    """"goblin.2" -> ("goblin", 2); an id that is itself on the board stays whole."""
    if head in ids:
        return head, None
    base, dot, line = head.rpartition(".")
    if dot and line.isdigit() and base:
        return base, int(line)
    return head, None


def parse_choice(text: str, board: Any) -> Choice:
    """One choice in the scenario language's syntax ("SOURCE[.ABILITY] [instance N]:
    FIELD; ..." -- the ``--choose`` flag), checked against ``board``'s ids and players;
    bad input is a :class:`ScenarioError` pointing into ``text``."""
    src = "--choose"
    comp = _Compiler(f"choose {text}", src)
    try:
        tree = _parser().parse(f"choose {text}\n")
        stmts = _ToAst().transform(tree)
    except _Located as e:
        raise comp.error(e.message, e.line, e.column) from None
    except VisitError as e:
        if isinstance(e.orig_exc, _Located):
            raise comp.error(e.orig_exc.message, e.orig_exc.line, e.orig_exc.column) from None
        raise
    except UnexpectedInput as e:
        raise _syntax_error(e, f"choose {text}\n", comp) from None
    found = [s for s in stmts if s.kind == "choose"]
    if len(stmts) != 1 or len(found) != 1:
        raise comp.error("give one choice, like `goblin.2: targets wall`", 1, 1)
    comp.ids = {p.id for p in board.permanents}
    comp.player_names = list(board.player_names)
    return comp.choice(found[0].args[0])


def format_choice(c: Choice) -> str:
    """A choice in the scenario language (what ``parse_choice`` reads back)."""
    head = _ref(c.source) + (f".{c.ability}" if c.ability is not None else "")
    if c.instance is not None:
        head += f" instance {c.instance}"
    parts = []
    if c.targets is not None:
        parts.append(f"targets {_refs(c.targets)}" if c.targets else "no targets")
    if c.may is not None:
        parts.append(f"may {'yes' if c.may else 'no'}")
    if c.exert is not None:
        parts.append(f"exert {'yes' if c.exert else 'no'}")
    if c.mode is not None:
        parts.append("mode " + ", ".join(str(m) for m in c.mode))
    if c.attacking is not None:
        parts.append(f"attacking {_ref(c.attacking)}")
    if c.amounts is not None:
        parts.append("amounts " + ", ".join(f"{v} to {_ref(k)}" for k, v in c.amounts.items()))
    return head + ": " + "; ".join(parts)


# -- the printer -----------------------------------------------------------------------

_NAMEWORD_RE = re.compile(r'[^\s"#\[\]]+')
_REFWORD_RE = re.compile(r'(?:[^\s"#\[\](),:;\-]|-(?!>))+')
_IDDEF_RE = re.compile(r'[^\s"#\[\]:]+')
_PT_RE = re.compile(r"-?[0-9]+/-?[0-9]+")


def _words_ok(text: str, word_re: re.Pattern) -> bool:
    """Whether a name or reference reads back from its bare words. The printer is
    conservative: it quotes any keyword; after the first word (where LALR states
    are shared with a permanent's attributes) also colours and P/T."""
    if not text:
        return False
    keywords = _keywords()
    for i, w in enumerate(text.split(" ")):
        if not w or not word_re.fullmatch(w) or w in keywords or _PT_RE.fullmatch(w):
            return False
        if i and w in _COLOR_LETTER:
            return False
    return True


def _ref(value: str) -> str:
    return value if _words_ok(value, _REFWORD_RE) else _quote(value)


def _bare_or_quoted_name(name: str) -> str:
    if _words_ok(name, _NAMEWORD_RE) and ":" not in name.split(" ")[0]:
        return name
    return _quote(name)


def _refs(values: Sequence[str]) -> str:
    return ", ".join(_ref(v) for v in values)


def _type_line(t: str) -> str:
    plain = (t == t.strip() and t and not any(c in '"]' for c in t)
             and not any(unicodedata.category(c)[0] in "CZ" and c != " " for c in t))
    return f"[{t}]" if plain else f"[{_quote(t)}]"


def _text_lines(lines: list[str], indent: str) -> list[str]:
    return [indent + _quote(x) for x in lines]


def _permanent_line(p: Permanent) -> list[str]:
    head = ""
    if p.id != p.name:
        head = (p.id if _IDDEF_RE.fullmatch(p.id) else _quote(p.id)) + ": "
    parts = [head + _bare_or_quoted_name(p.name)]
    if p.power is not None and p.toughness is not None:
        parts.append(f"{p.power}/{p.toughness}")
    if p.type_line != "Creature":
        parts.append(_type_line(p.type_line))
    parts.extend(COLOR_NAMES[c] for c in p.colors)
    if p.tapped:
        parts.append("tapped")
    if p.summoning_sick:
        parts.append("sick")
    for attr in ("damage", "loyalty", "defense"):
        v = getattr(p, attr)
        if v is not None and not (attr == "damage" and v == 0):
            parts.append(f"{attr} {v}")
    if p.protector is not None:
        parts.append(f"protector {_ref(p.protector)}")
    if p.goaded_by:
        parts.append(f"goaded by {_refs(p.goaded_by)}")
    if p.attached_to is not None:
        parts.append(f"attached to {_ref(p.attached_to)}")
    if (p.power is None) != (p.toughness is None):
        parts.append(f"power {p.power}" if p.power is not None else f"toughness {p.toughness}")
    for k, v in sorted(p.counters.items()):
        parts.append(f"counter {_counter_name(k)} {v}")
    for k, v in sorted(p.chosen.items()):
        parts.append(f"chosen {k} {_ref(v)}")
    out = []
    text_lines = p.text.split("\n") if p.text else []
    if len(text_lines) == 1:
        parts.append(_quote(text_lines[0]))
    out.append("  " + " ".join(parts))
    if len(text_lines) > 1:
        out.extend(_text_lines(text_lines, "    "))
    return out


def _counter_name(k: str) -> str:
    """A counter's name as the language reads it: a plain word, or quoted."""
    plain = bool(k) and all(c.isalnum() or c == "_" for c in k) and not k[0].isdigit()
    return k if plain and " " not in k and _words_ok(k, _REFWORD_RE) else _quote(k)


def format_scenario(board: Board) -> str:
    """The canonical scenario text of a board (defaults omitted, id only when it
    differs from the name). ``parse_scenario`` reads it back to an equal board."""
    out: list[str] = []
    if board.rules != "current":
        out.append(f"rules {board.rules}")
    players = []
    for p in board.players:
        opts = []
        if p.life != 20:
            opts.append(f"life {p.life}")
        if p.team is not None:
            opts.append(f"team {_ref(p.team)}")
        if p.poison:
            opts.append(f"poison {p.poison}")
        if p.hand is not None:
            opts.append(f"hand {p.hand}")
        if p.mana_pool:
            opts.append(f"pool {p.mana_pool}")
        if p.graveyard is not None:
            opts.append(f"graveyard {p.graveyard}")
        if p.graveyard_types is not None:
            opts.append(" ".join(("graveyard types", *p.graveyard_types)))
        if p.spells_cast is not None:
            opts.append(" ".join(("spells", *(_quote(t) for t in p.spells_cast))))
        if p.damage_taken is not None:
            opts.append(f"damage taken {p.damage_taken}")
        if p.cards_drawn is not None:
            opts.append(f"drawn {p.cards_drawn}")
        if p.creatures_died is not None:
            opts.append(f"died {p.creatures_died}")
        if p.city_blessing:
            opts.append("blessing")
        players.append(_ref(p.name) + (f" ({', '.join(opts)})" if opts else ""))
    line = "players " + players[0]
    for entry in players[1:]:  # a long list goes on after a comma
        if len(line) + len(entry) + 2 > _WIDTH:
            out.append(line + ",")
            line = "  " + entry
        else:
            line += ", " + entry
    out.append(line)
    out.append(f"active {_ref(board.active_player)}")
    if board.defending_players is not None:
        out.append(f"defending {_refs(board.defending_players)}")
    if board.monarch is not None:
        out.append(f"monarch {_ref(board.monarch)}")

    controller = None
    for p in board.permanents:
        if p.controller != controller:
            out.append("")
            controller = p.controller
            out.append(f"{_ref(controller)}:")
        out.extend(_permanent_line(p))

    decl: list[str] = []
    for e in board.effects:
        head = f"effect {_ref(e.controller)}"
        if e.source is not None:
            head += f" from {_ref(e.source)}"
        if e.modes is not None:
            head += " modes " + ", ".join(str(m) for m in e.modes)
        if e.step is not None:
            head += f" in {e.step}"
        if e.targets:
            head += f" -> {_refs(e.targets)}"
        if e.gone:
            head += f" gone {_refs(e.gone)}"
        lines = e.text.split("\n")
        if len(lines) == 1:
            decl.append(f"{head}: {_quote(lines[0])}")
        else:
            decl.append(f"{head}:")
            decl.extend(_text_lines(lines, "  "))
    for name, kind in (("attacks", "attack"), ("blocks", "block"), ("damage_order", "order")):
        d = getattr(board, name)
        if d is None:
            continue
        if not d:
            decl.append(f"no {'orders' if kind == 'order' else name}")
        for k, v in d.items():
            if kind == "attack":
                decl.append(f"attack {_ref(k)} -> {_ref(v)}")
            elif kind == "block":
                decl.append(f"block {_ref(k)} -> {_refs(v)}")
            else:
                decl.append(f"order {_ref(k)}:" + (f" {_refs(v)}" if v else ""))
    if board.blocked is not None:
        decl.append(f"blocked {_refs(board.blocked)}")
    if board.first_strikers is not None:
        decl.append("first strikers:" + (f" {_refs(board.first_strikers)}"
                                         if board.first_strikers else ""))
    if board.target_left is not None:
        decl.append(f"target left {_refs(board.target_left)}")
    for band in board.bands:
        decl.append(f"band {_refs(band)}")
    if board.damage_step is not None:
        decl.append(f"step {board.damage_step}")
    if board.stack:
        decl.append("stack")
    for c in board.choices:
        decl.append("choose " + format_choice(c))
    if decl:
        out.append("")
        out.extend(decl)
    return "\n".join(out) + "\n"
