"""One option grammar for every door: the command line's argv and a request's ``"args"``
(``batch`` lines, the web lab) are parsed by the same table of options into one typed
value, :class:`Options`.

Each option is one :class:`Opt` -- its flags, what its value is (:class:`Value`), its
help -- and each question of :mod:`mtgcombat.ask` names the options it takes. A
request may give only options that stay inside the question (:data:`Opt.local` is
False): nothing that names a file, an output, standard input, a solver backend or the
card database (``-o``, ``--output``, ``--cards``, ``--backend``, a declaration read
from ``@FILE`` or ``@-``). Those are the command line's alone; a server's card
database is its own setting.

>>> takes = ("lang", "attacks", "blocks")
>>> opts = parse("check", takes, ["board.json", "--blocks", "wall -> raider", "--lang", "de"])
>>> opts.blocks, opts.lang
({'wall': ['raider']}, 'de')
>>> parse("check", takes, ["--attacks", "@/etc/passwd"], Door.REQUEST)
Traceback (most recent call last):
...
mtgcombat.options.OptionError: check: --attacks: a request can't read files ('@/etc/passwd')
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Literal, Optional, Sequence, Union

from .errors import BadInput, one_line
from .rules.reasons import Reason, english, literal, reason

if TYPE_CHECKING:  # argparse is imported when a parser is built (issue 24: not by a
    import argparse  # command whose options are read directly)

__all__ = ["Door", "Value", "Opt", "Options", "OptionError", "OPTIONS", "parse",
           "parse_args", "argparse_for", "OBJECTIVES", "ABOUT", "BACKENDS"]

#: What ``best-*`` may mean by "best" (docs/decisions.md).
OBJECTIVES = ("standard", "survive", "race")
#: The questions ``explain --about`` tells as a story.
ABOUT = ("combat", "upkeep", "best-blocks", "best-attacks")
#: Solver backends (``--backend``).
BACKENDS = ("auto", "cpsat", "constraint", "brute")
#: Rules editions a question may be judged by instead of the board's.
EDITIONS = ("current", "2024")
#: The longest an echoed option value is quoted in an error (a long value is cut).
QUOTE = 40

Objective = Literal["standard", "survive", "race"]


class Door(enum.Enum):
    """Where options come from: the command line (everything), or a request of ``batch``
    or the web lab (only what stays inside the question)."""

    COMMAND_LINE = "command line"
    REQUEST = "request"


class Value(enum.Enum):
    """What an option's value is."""

    FLAG = "flag"                # present or not
    COUNT = "count"              # an integer >= 0
    SECONDS = "seconds"          # a positive, finite number
    PIXELS = "pixels"            # an integer >= 1
    CHOICE = "choice"            # one of ``choices``
    ATTACKS = "attacks"          # an attack declaration (JSON, notation, @FILE)
    BLOCKS = "blocks"            # a block declaration
    ASSIGNMENT = "assignment"    # a combat damage assignment
    PATH = "path"                # a file (only on the command line)
    TEXT = "text"                # a string


class OptionError(BadInput):
    """Bad options: one line naming the option (exit status 2, HTTP 400). ``command``
    is the question they were given to, if any."""

    def __init__(self, why: Union[str, Reason], command: str = "") -> None:
        #: the reason (a code and its parameters, worded by the text layer); a message
        #: of argparse's own is finished text
        self.why: Reason = why if isinstance(why, Reason) else literal(why)
        self.message = why if isinstance(why, str) else english(why)
        super().__init__(self.message)
        self.command = command

    def __str__(self) -> str:
        return one_line(f"{self.command}: {self.message}" if self.command else self.message)


@dataclass(frozen=True)
class Opt:
    """One option: its flags (the first long one names it), its value, its help."""

    flags: tuple[str, ...]
    value: Value
    help: str
    metavar: Optional[str] = None
    choices: tuple[str, ...] = ()
    default: Any = None
    #: Given more than once, each time adds one (``combat --damage`` per step).
    repeat: bool = False
    #: Only on the command line: it names a file, an output, standard input, a backend
    #: or the card database (never in a request).
    local: bool = False

    @property
    def dest(self) -> str:
        long = next(f for f in self.flags if f.startswith("--"))
        return long[2:].replace("-", "_")


def _opt(*flags: str, value: Value, help: str, **kw: Any) -> Opt:
    return Opt(tuple(flags), value, help, **kw)


#: Every option of every question, by name (its dest).
OPTIONS: dict[str, Opt] = {o.dest: o for o in (
    _opt("--json", value=Value.FLAG, help="machine answer (spec shapes)"),
    _opt("--time-limit", value=Value.SECONDS, metavar="SECONDS",
         help="give up after this many seconds: the answer is then 'unknown' (or 'feasible' "
              "with its bound)"),
    _opt("--backend", value=Value.CHOICE, choices=BACKENDS, default="auto", local=True,
         help="solver backend (default: auto -- CP-SAT, with problems of at most 4096 "
              "declarations listed in plain Python)"),
    _opt("--lang", value=Value.CHOICE, choices=(), default="en", metavar="{en,de}",
         help="language of every human word, also the messages in --json (default: en)"),
    _opt("--rules", value=Value.CHOICE, choices=EDITIONS,
         help="judge by this rules edition instead of the board's"),
    _opt("--strict", value=Value.FLAG,
         help="a sentence the tool did not understand is bad input (exit 2)"),
    _opt("--cards", value=Value.PATH, metavar="FILE", local=True,
         help="card database (MTGJSON AtomicCards or Scryfall Oracle Cards, plain or "
              "gzipped; default $MTGCOMBAT_CARDS): permanents by name"),
    _opt("--quiet", value=Value.FLAG,
         help="no progress lines and no warnings on standard error (the answer is the same)"),
    _opt("--limit", value=Value.COUNT, default=1000, metavar="N",
         help="list at most N (default 1000); 0 lists none but still answers the rest "
              "(the maximum, the status: 'truncated' when there is at least one)"),
    _opt("--jsonl", value=Value.FLAG, local=True,
         help="one declaration a line as it is found, then a status line"),
    _opt("--count", value=Value.FLAG,
         help="how many legal declarations there are, without listing them "
              "(independent parts of the board are counted apart and multiplied)"),
    _opt("--attacks", value=Value.ATTACKS, metavar="DECL",
         help="an attack declaration: JSON, the notation ('bears -> Bob'), or (command "
              "line only) @FILE or @- for standard input"),
    _opt("--blocks", value=Value.BLOCKS, metavar="DECL",
         help="a block declaration: JSON, the notation ('wall -> raider'), or (command "
              "line only) @FILE or @-"),
    _opt("--damage", value=Value.ASSIGNMENT, metavar="ASSIGNMENT",
         help="a combat damage assignment: JSON, the notation ('raider -> wall 2, Bob 1'), "
              "or (command line only) @FILE or @-"),
    _opt("--choose", value=Value.TEXT, metavar="'SOURCE[.LINE]: ...'", repeat=True,
         help="a choice an ability leaves to a player, in the scenario language's syntax: "
              "'goblin.1: targets wall', 'goblin: may yes', 'exerter: exert no' (spec "
              "Extension 3; docs/triggers.md); repeat it for more"),
    _opt("--exit-code", value=Value.FLAG, local=True,
         help="for scripts: exit 0 when legal, 1 when illegal, 3 when unknown"),
    _opt("--objective", value=Value.CHOICE, choices=OBJECTIVES, default="standard",
         help="what 'best' means (default: standard; docs/decisions.md)"),
    _opt("--about", value=Value.CHOICE, choices=ABOUT,
         help="tell the story of this question instead: the whole combat (with the board's "
              "or --attacks/--blocks declarations), the cumulative upkeep, or the best "
              "blocks or attacks"),
    _opt("-o", "--output", value=Value.PATH, metavar="FILE.svg", local=True,
         help="write the picture to this file"),
    _opt("--size", value=Value.PIXELS, metavar="PIXELS",
         help="the picture's width (default: scalable, a viewBox only)"),
    _opt("--result", value=Value.FLAG,
         help="draw the combat's result as `combat` resolves it (with the board's or the "
              "given declarations and damage): who died, life and poison before and after"),
    _opt("--picture", value=Value.PATH, metavar="FILE.svg", local=True,
         help="also write a picture of the combat's result to this file"),
)}

#: The options every question takes.
COMMON = ("json", "time_limit", "backend", "lang", "rules", "strict", "cards", "quiet")


@dataclass(frozen=True)
class Options:
    """A question's options, typed: what every door hands to :mod:`mtgcombat.ask`."""

    question: str = ""
    #: The board's path on the command line (``-`` for standard input); None in a request.
    board: Optional[str] = None
    json: bool = False
    time_limit: Optional[float] = None
    backend: str = "auto"
    lang: str = "en"
    rules: Optional[str] = None
    strict: bool = False
    cards: Optional[str] = None
    quiet: bool = False
    limit: int = 1000
    jsonl: bool = False
    count: bool = False
    attacks: Optional[dict] = None
    blocks: Optional[dict] = None
    damage: tuple[dict, ...] = ()
    #: Choices (spec Extension 3) in the scenario language's syntax, read against the board.
    choose: tuple[str, ...] = ()
    exit_code: bool = False
    objective: Objective = "standard"
    about: Optional[str] = None
    output: Optional[str] = None
    size: Optional[int] = None
    result: bool = False
    picture: Optional[str] = None

    def declaration(self, kind: str) -> Any:
        """The declaration (``attacks``, ``blocks``) or assignment (``damage``: the first)
        given, or None."""
        if kind == "damage":
            return self.damage[0] if self.damage else None
        return getattr(self, kind)

    def declared(self) -> list[str]:
        """Which of --attacks, --blocks, --damage were given."""
        return [k for k in ("attacks", "blocks", "damage") if self.declaration(k) is not None]


_FIELDS = {f.name for f in fields(Options)}
#: Each field's default (every field has a plain, immutable one).
_DEFAULTS = {f.name: f.default for f in fields(Options)}


def quoted(text: str) -> str:
    """An option's value as an error quotes it (cut after :data:`QUOTE` characters)."""
    return repr(text if len(text) <= QUOTE else text[:QUOTE] + "...")


# -- values -----------------------------------------------------------------------------


def _type_error(message: str) -> Exception:
    """argparse's error for a value its type refuses (it words it "argument --x: ...")."""
    import argparse

    return argparse.ArgumentTypeError(message)


def _count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise _type_error(f"must be a whole number, not {quoted(text)}") from None
    if n < 0:
        raise _type_error("must be 0 or more")
    return n


def _pixels(text: str) -> int:
    n = _count(text)
    if not 1 <= n <= 100_000:
        raise _type_error("must be between 1 and 100000")
    return n


def _seconds(text: str) -> float:
    try:
        t = float(text)
    except (ValueError, OverflowError):
        raise _type_error(f"must be a number of seconds, not {quoted(text)}") \
            from None
    if not (math.isfinite(t) and t > 0):
        raise _type_error(f"must be positive and finite (seconds), not {t}")
    return t


def declaration(text: str, kind: str, flag: str, door: Door = Door.COMMAND_LINE,
                read: Optional[Callable[[str], str]] = None) -> dict:
    """A declaration or assignment given as an option's value: JSON, the one-line
    notation (``brigand -> Bob``), or -- on the command line only -- ``@FILE`` or ``@-``
    (standard input, read by ``read("-")``). Bad input raises :class:`OptionError`
    naming the option."""
    if not text.startswith("@"):
        if len(text) <= _SHORT:  # read once per text (its JSON kept, a fresh object each time)
            import json

            return json.loads(_inline(text, kind, flag))
        return _declaration(text, kind, flag, flag)
    if door is not Door.COMMAND_LINE:
        raise OptionError(reason("error.request_file", flag=flag, value=quoted(text)))
    path = text[1:]
    text = (read or _read_file)(path)
    src = f"{flag} (standard input)" if path == "-" else f"{flag} {path}"
    return _declaration(text, kind, flag, src)


def _declaration(text: str, kind: str, flag: str, src: str) -> dict:
    """:func:`declaration`'s reading of ``text`` (its source ``src``)."""
    from .notation import Assignment, Declaration, looks_like_notation
    from .rules.model import BoardError

    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise OptionError(reason("error.option_surrogate", src=src)) from None
    try:
        if looks_like_notation(text):
            if kind == "damage":
                data = Assignment.parse(text.strip(), src).to_json()
            else:
                data = Declaration.parse(kind, text.strip(), src).to_json()
        else:
            data = _json_value(text, src)
    except BoardError as e:
        raise OptionError(str(e)) from None
    if not isinstance(data, dict):
        raise OptionError(reason("error.option_not_object", src=src))
    from .boardjson import lone_surrogate

    if lone_surrogate(data) is not None:  # a "\ud800" escape in a quoted name
        raise OptionError(reason("error.option_surrogate", src=src))
    return data


#: The longest inline declaration whose reading is kept (:func:`_inline`).
_SHORT = 2000


@lru_cache(maxsize=512)
def _inline(text: str, kind: str, flag: str) -> str:
    """A declaration given inline (not ``@FILE``), read by :func:`_declaration` once per
    text of at most :data:`_SHORT` characters: its JSON text (the caller gets a fresh
    object each time; an error is not kept).
    An engine asks of many boards with the same few declarations (issue 22: reading one
    was a tenth of a small ``check``'s cost)."""
    import json

    return json.dumps(_declaration(text, kind, flag, flag), ensure_ascii=False)


def _json_value(text: str, src: str) -> Any:
    """A declaration's JSON (bad JSON: :class:`OptionError` naming ``src``)."""
    import json

    from .boardjson import loads_strict

    try:
        return loads_strict(text)
    except json.JSONDecodeError as e:
        raise OptionError(reason("error.option_json", src=src, line=e.lineno, column=e.colno,
                                 problem=e.msg)) from None
    except (ValueError, RecursionError) as e:
        raise OptionError(reason("error.option_value", src=src, problem=str(e))) from None


def _read_file(path: str) -> str:
    import sys

    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise OptionError(reason("error.cannot_read", path=path,
                                 problem=str(e.strerror or e))) from None
    except UnicodeDecodeError as e:
        raise OptionError(reason("error.not_utf8", path=path, byte=e.start + 1)) from None


# -- argparse, built from the table ---------------------------------------------------


@lru_cache(maxsize=None)
def _parser_class() -> type:
    """argparse's parser whose errors are one :class:`OptionError` (made when first
    needed: argparse is imported then)."""
    import argparse

    class _Parser(argparse.ArgumentParser):
        def error(self, message: str) -> None:  # type: ignore[override]  # one line, exit 2
            raise OptionError(message, command=self.prog.partition(" ")[2])

    return _Parser


def _type(o: Opt, door: Door) -> Optional[Callable[[str], Any]]:
    v = o.value
    if v is Value.COUNT:
        return _count
    if v is Value.PIXELS:
        return _pixels
    if v is Value.SECONDS:
        return _seconds
    if v in (Value.ATTACKS, Value.BLOCKS, Value.ASSIGNMENT):
        kind = "damage" if v is Value.ASSIGNMENT else v.value
        flag = o.flags[-1]

        def decl(text: str) -> dict:
            try:
                return declaration(text, kind, flag, door)
            except OptionError as e:  # argparse would prefix it "argument --x:"
                raise _Direct(e) from None

        return decl
    return None


class _Direct(Exception):
    """An option value's own error, passed through argparse untouched."""

    def __init__(self, error: OptionError) -> None:
        super().__init__(str(error))
        self.error = error


def add_option(parser: argparse.ArgumentParser, o: Opt, door: Door,
               repeat: bool = False) -> None:
    """``o`` as an argparse argument of ``parser``."""
    kw: dict[str, Any] = {"help": o.help, "dest": o.dest}
    if o.value is Value.FLAG:
        kw["action"] = "store_true"
    else:
        kw["metavar"] = o.metavar
        t = _type(o, door)
        if t is not None:
            kw["type"] = t
        if o.value is Value.CHOICE:
            kw["choices"] = _choices(o)
        if repeat or o.repeat:
            kw["action"] = "append"
    if o.default is not None and o.value is not Value.FLAG:
        kw["default"] = o.default
    parser.add_argument(*o.flags, **kw)


def _choices(o: Opt) -> Sequence[str]:
    if o.dest == "lang":
        from .text import languages

        return languages()
    return o.choices


def allowed(names: Sequence[str], door: Door) -> list[Opt]:
    """The options of ``names`` that ``door`` takes."""
    return [OPTIONS[n] for n in names if door is Door.COMMAND_LINE or not OPTIONS[n].local]


@lru_cache(maxsize=None)
def argparse_for(question: str, names: tuple[str, ...], repeated: tuple[str, ...] = (),
                 door: Door = Door.COMMAND_LINE) -> argparse.ArgumentParser:
    """The parser of one question's options (``names``) at one door (built once: a
    parser is only read when it parses)."""
    p = _parser_class()(prog=f"mtgcombat {question}", add_help=False, allow_abbrev=False)
    if door is Door.COMMAND_LINE:
        p.add_argument("board")
    for o in allowed(names, door):
        add_option(p, o, door, repeat=o.dest in repeated)
    return p


def parse(question: str, names: Sequence[str], args: Sequence[str],
          door: Door = Door.COMMAND_LINE, repeated: Sequence[str] = ()) -> Options:
    """The options of ``question``, which takes the options ``names``, given as ``args``
    (on the command line: the board first). Raises :class:`OptionError` with one line
    naming the problem. (:func:`mtgcombat.ask.parse` knows each question's names.)"""
    plain = direct(question, names, args, door, repeated)
    if plain is not None:
        return plain
    parser = argparse_for(question, tuple(names), tuple(repeated), door)
    try:
        ns, extra = parser.parse_known_args(list(args))
    except _Direct as e:
        raise OptionError(str(e.error), command=question) from None
    if extra:
        what = " ".join(quoted(x) for x in extra[:3]) + (" ..." if len(extra) > 3 else "")
        raise OptionError(reason("error.unrecognized_arguments", shown=what,
                                 request=door is Door.REQUEST), command=question)
    return from_namespace(question, ns)


@lru_cache(maxsize=None)
def _plan(names: tuple[str, ...], door: Door, repeated: tuple[str, ...]
          ) -> tuple[dict, dict, frozenset]:
    """For :func:`direct`: each flag of the options ``names`` at ``door`` (its option,
    whether repeated, its value's reader); argparse's default of each option; the
    options whose default argparse would convert (a text default with a type)."""
    flags, defaults, converted = {}, {}, set()
    for o in allowed(names, door):
        reader = None if o.value in (Value.FLAG, Value.CHOICE) else _type(o, door)
        for f in o.flags:
            flags[f] = (o, o.repeat or o.dest in repeated, reader)
        if o.value is Value.FLAG:
            defaults[o.dest] = False
        elif isinstance(o.default, str) and reader is not None:
            converted.add(o.dest)
        elif o.default is not None:
            defaults[o.dest] = o.default
    return flags, defaults, frozenset(converted)


def direct(question: str, names: Sequence[str], args: Sequence[str],
           door: Door = Door.COMMAND_LINE, repeated: Sequence[str] = ()) -> Optional[Options]:
    """The options of :func:`parse` read without argparse when ``args`` are plain --
    each option a whole flag of the question (no abbreviation, no ``--flag=value``), a
    value after each option that takes one (not starting with "-", nor with "@": no
    file or standard input is read here), one board on the command line, nothing else,
    and every value good -- as argparse reads them
    (the last of an option given twice; a repeated one collected). Else None: argparse
    parses them, and says what is wrong. (An answer is a fraction of a millisecond on
    a small board; argparse took a sixth of it, issue 22.)"""
    table, defaults, converted = _plan(tuple(names), door, tuple(repeated))
    values: dict[str, Any] = {}
    board: Optional[str] = None
    given: list[tuple[Opt, bool, Any, str]] = []
    i, n = 0, len(args)
    while i < n:  # first only looked at: nothing is read (a file, standard input) yet
        a = args[i]
        hit = table.get(a)
        if hit is None:
            if a.startswith("-") or door is not Door.COMMAND_LINE or board is not None:
                return None
            board = a
            i += 1
            continue
        o, many, reader = hit
        if o.value is Value.FLAG:
            values[o.dest] = True
            i += 1
            continue
        if i + 1 >= n or args[i + 1].startswith(("-", "@")):
            return None
        given.append((o, many, reader, args[i + 1]))
        i += 2
    for o, many, reader, text in given:
        if o.value is Value.CHOICE:
            if text not in _choices(o):
                return None
            v: Any = text
        elif reader is None:
            v = text
        else:
            try:
                v = reader(text)
            except Exception:  # argparse says it, as it words it
                return None
        if many:
            values.setdefault(o.dest, []).append(v)
        else:
            values[o.dest] = v
    if door is Door.COMMAND_LINE:
        if board is None:
            return None
        values["board"] = board
    if converted - values.keys():
        return None  # a default argparse would convert: let it
    for dest, default in defaults.items():  # argparse's defaults for what wasn't given
        if dest not in values:
            values[dest] = list(default) if isinstance(default, list) else default
    return from_namespace(question, _Values(values))


class _Values:
    """What :func:`from_namespace` reads of a namespace (``vars``)."""

    def __init__(self, values: dict) -> None:
        self.__dict__.update(values)


def parse_args(parser: argparse.ArgumentParser, args: Sequence[str]) -> argparse.Namespace:
    """``parser.parse_args(args)`` for a parser whose options came from this table: an
    option value's own error is one :class:`OptionError` naming the option."""
    try:
        return parser.parse_args(list(args))
    except _Direct as e:
        raise OptionError(str(e.error), command=parser.prog.partition(" ")[2]) from None


def from_namespace(question: str, ns: Any) -> Options:
    """Typed options from an argparse namespace (the command line's ``--help`` tree
    parses into one)."""
    values = {k: v for k, v in vars(ns).items() if k in _FIELDS and v is not None}
    for name in ("damage", "choose"):
        if name in values:
            d = values[name]
            values[name] = tuple(d) if isinstance(d, list) else (d,)
    # Built without the dataclass's __init__: a frozen one sets each of its fields through
    # object.__setattr__, a tenth of reading a request's options (issue 22). The same
    # value: every field, its default unless given.
    opts = object.__new__(Options)
    opts.__dict__.update(_DEFAULTS)
    opts.__dict__.update(values)
    opts.__dict__["question"] = question
    return opts
