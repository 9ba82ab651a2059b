"""The command line door (spec: shared/spec/board-format.md).

Every question of the registry (:data:`mtgcombat.ask.QUESTIONS`) is a command: its
options come from the one option table (:mod:`mtgcombat.options`), its answer from
:func:`mtgcombat.ask.answer`, printed for a person (a table on a terminal, plain text
when piped; ``NO_COLOR`` respected) or with ``--json`` in the spec's shape; ``corpus``
runs the executable corpus (:mod:`.teaching`). ``serve`` and ``batch`` are the other
two doors (:mod:`mtgcombat.web`, :mod:`mtgcombat.batch`); the program
(:mod:`mtgcombat.main`) picks the door, and no door imports another.

Every failure becomes one line on standard error with an exit status from
:mod:`.output` -- never a traceback.
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from .. import __version__
from ..ask import QUESTIONS, Context, Reply, answer, located, prepare
from ..options import (
    COMMON, OPTIONS, OptionError, Options, add_option, from_namespace, parse_args,
)
from ..rules.model import BoardError
from ..rules.reasons import reason
from ..rules.values import DeclarationKind
from . import teaching
from .output import (
    EXIT_BAD_INPUT, EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_UNKNOWN, help_formatter,
    Progress, UsageError, emit_json, emit_jsonl, examples, one_line, print_report, warn,
)

__all__ = ["build_parser", "main", "add_commands", "load_board"]

BOARD_HELP = "a .json board, a scenario-language file, or - for standard input"

#: Human listings: up to this many rows are collected and shown sorted, as one table;
#: beyond, the rows are printed as they are found (a terminal no slower than a pipe).
SORTED_ROWS = 200


if TYPE_CHECKING:  # argparse is imported when the tree is built (issue 24: a plain
    import argparse  # command line is read without it, options.direct)


@lru_cache(maxsize=None)
def _parser_class() -> type:
    """argparse's parser whose errors are one line (exit status 2)."""
    import argparse

    class _Parser(argparse.ArgumentParser):
        def error(self, message: str) -> None:  # type: ignore[override]  # one line, exit 2
            raise UsageError(message, command=self.prog.partition(" ")[2])

    return _Parser


def add_question(sub: Any, name: str) -> argparse.ArgumentParser:
    """The command of one question, built from the registry and the option table."""
    from ..options import Door

    q = QUESTIONS[name]
    p = sub.add_parser(name, help=q.summary, description=q.description,
                       epilog=examples(*q.examples), formatter_class=help_formatter())
    p.add_argument("board", help=BOARD_HELP + (", or a corpus .case file (its board)"
                                               if name == "explain" else ""))
    for o in q.options:
        add_option(p, OPTIONS[o], Door.COMMAND_LINE, repeat=o in q.repeated)
    return p


def add_commands(sub: Any, only: Optional[str] = None) -> None:
    """This door's commands (every question, and ``corpus``) as subparsers of ``sub``;
    ``only``: just that one (what one command line needs)."""
    for name in QUESTIONS:
        if only is None or only == name:
            add_question(sub, name)
    if only is None or only == "corpus":
        teaching.add_commands(sub)


def top_parser() -> tuple[argparse.ArgumentParser, Any]:
    p = _parser_class()(prog="mtgcombat", description="Exact answers to Magic: The Gathering combat "
                "questions (Comprehensive Rules 506-511, 702, 802).",
                epilog=examples("mtgcombat attacks corpus/boards/brigand.json",
                                "mtgcombat COMMAND --help"),
                formatter_class=help_formatter())
    p.add_argument("--version", action="version", version=f"mtgcombat {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_parser_class())
    sub.required = True
    return p, sub


def build_parser(only: Optional[str] = None) -> argparse.ArgumentParser:
    """The command line's parser (every command of this door, or ``only`` one)."""
    p, sub = top_parser()
    add_commands(sub, only)
    return p


#: The options every question takes, which may also come before the command.
_GLOBAL = {OPTIONS[n].flags[-1]: (0 if OPTIONS[n].value.value == "flag" else 1) for n in COMMON}


def options_after_command(argv: list[str], commands: Sequence[str]) -> list[str]:
    """``mtgcombat --json attacks BOARD`` means ``mtgcombat attacks BOARD --json``: the
    options every command takes may also come before the command."""
    moved: list[str] = []
    i = 0
    while i < len(argv) and argv[i] not in commands:
        a = argv[i]
        name = a.split("=", 1)[0]
        if name not in _GLOBAL:
            return argv
        n = 0 if "=" in a else _GLOBAL[name]
        moved += argv[i:i + 1 + n]
        i += 1 + n
    if i >= len(argv) or not moved:
        return argv
    return argv[i:i + 1] + moved + argv[i + 1:]


def options_directly(name: str, args: Sequence[str]) -> Optional[Options]:
    """A question's options read without building the argparse tree when they are plain
    (:func:`mtgcombat.options.direct`: the same options argparse reads), else None."""
    from ..options import Door, direct

    q = QUESTIONS.get(name)
    if q is None:
        return None
    return direct(name, q.options, args, Door.COMMAND_LINE, q.repeated)


def commands() -> list[str]:
    return [*QUESTIONS, "corpus"]


def main(argv: Optional[Sequence[str]] = None, started: Optional[float] = None) -> int:
    """Run one command of this door; returns the exit status. ``started``: when the
    command started (the process's start, :func:`mtgcombat.main.main`), else now --
    ``--time-limit`` counts from it."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        print("mtgcombat: error: give a command; see 'mtgcombat --help' (for example: "
              "mtgcombat attacks corpus/boards/brigand.json)", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        argv = options_after_command(argv, commands())
        name = argv[0]
        opts = options_directly(name, argv[1:])
        if opts is None:
            parser = build_parser(name if name in commands() else None)
            ns = parse_args(parser, argv)
            if ns.command == "corpus":
                return teaching.cmd_corpus(ns)
            opts = from_namespace(ns.command, ns)
        if opts.question == "explain" and (opts.board or "").endswith(".case"):
            opts = _case_question(opts)
        return run(opts, started)
    except OptionError as e:
        print("mtgcombat: error: " + one_line(e), file=sys.stderr)
        return EXIT_BAD_INPUT
    except BoardError as e:
        # Exactly one line (the spec): FILE:LINE:COLUMN for scenario text, no caret.
        print("mtgcombat: error: " + one_line(e), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("mtgcombat: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # e.g. `mtgcombat attacks BOARD | head`
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return EXIT_OK
    except RecursionError:
        print("mtgcombat: error: the input is nested too deeply", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as e:  # a bug: still one line, never a traceback
        if os.environ.get("MTGCOMBAT_DEBUG"):
            raise
        print(f"mtgcombat: internal error: {type(e).__name__}: {one_line(e)} "
              "(set MTGCOMBAT_DEBUG=1 for details; please report it)", file=sys.stderr)
        return EXIT_FAILED


# -- one question ---------------------------------------------------------------------


def _case_question(opts: Options) -> Options:
    """``explain CASE.case`` without a declaration or ``--about`` explains what the case
    asks: its declaration, its assignment, or the story of its question
    (:func:`mtgcombat.corpus.case_request`)."""
    import dataclasses

    from ..ask import parse
    from ..corpus import CaseError, case_request, parse_case

    if opts.declared() or opts.about:
        return opts
    assert opts.board is not None
    try:
        case = parse_case(opts.board)
    except CaseError as e:
        raise BoardError(str(e)) from None
    _, args = case_request(case, explain=True)
    asked = parse("explain", [opts.board, *args])
    return dataclasses.replace(opts, attacks=asked.attacks, blocks=asked.blocks,
                               damage=asked.damage, about=asked.about,
                               objective=asked.objective)



def load_board(opts: Options) -> Any:
    """The board named on the command line: a file (``.json``: JSON; else JSON or the
    scenario language by its first character), ``-`` (standard input), or a corpus
    ``.case`` file's board; permanents by name from ``--cards`` or ``$MTGCOMBAT_CARDS``."""
    from ..board import Board

    path = opts.board or "-"
    cards = _cards(opts)
    if path.endswith(".case"):
        from ..corpus import CaseError, parse_case

        try:
            return parse_case(path).board()
        except CaseError as e:
            raise BoardError(str(e)) from None
    if path == "-":
        raw = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise BoardError(reason("error.not_utf8", path="<stdin>",
                                        byte=e.start + 1)) from None
        board = Board.parse(raw, "<stdin>", cards=cards)
    else:
        board = Board.load(path, cards=cards)
    if cards is not None and not opts.quiet:
        warn(_card_warnings(cards, opts.lang))  # said once, on stderr
    return board


def _card_warnings(cards: Any, lang: str) -> list[str]:
    """What a person should know about the card database, in the answer's language."""
    from ..text import Writer

    w = Writer(lang or "en")
    return [w.t("warning.line", text=w(note)) for note in cards.notes]


def _cards(opts: Options) -> Any:
    """The card database of ``--cards`` or ``$MTGCOMBAT_CARDS``, if any (opened only
    then: a board without one never pays for it)."""
    path = opts.cards or os.environ.get("MTGCOMBAT_CARDS")
    if not path:
        return None
    from ..cards import open_database

    return open_database(path)


def _searching_time(time_limit: Optional[float]) -> Optional[float]:
    """``--time-limit T`` bounds the whole command within T + 0.5 s (issue 25.6): the
    searches stop a little before T (a fifth of it, at most a quarter of a second), so
    that words, JSON and the end of the process fit in what is left even on a busy
    machine (a solver stops some time after its limit)."""
    if time_limit is None:
        return None
    return time_limit - min(0.25, 0.2 * time_limit)


def run(opts: Options, started: Optional[float] = None) -> int:
    """Answer one question on the command line: read the board, ask, print."""
    ctx = Context.starting_now(_searching_time(opts.time_limit), started)
    board = load_board(opts)
    try:
        return _run(board, opts, ctx)
    except BoardError as e:
        raise located(board, e, opts.question) from None


def _run(board: Any, opts: Options, ctx: Context) -> int:
    board = prepare(board, opts, ctx)
    if opts.jsonl:
        return _jsonl(board, opts, ctx)
    if opts.json and opts.question in ("attacks", "blocks") and not opts.count:
        return _json_listing(board, opts, ctx)
    prog = Progress(not (opts.quiet or opts.json),
                    "counting" if opts.count else "working")
    stream = None
    if opts.question in ("attacks", "blocks") and not opts.json and not opts.count:
        from ..text import Writer, render

        kind: DeclarationKind = "attacks" if opts.question == "attacks" else "blocks"
        stream = render.ListingStream(board.problem(kind),
                                      Writer.for_board(board, opts.lang), opts.question,
                                      SORTED_ROWS, print_report)
        ctx.on_max = stream.set_max
    ctx.on_found = _found(prog, stream)
    try:
        reply = answer(board, opts, ctx)
    finally:
        prog.done()
    return _print(reply, stream)


def _found(prog: Progress, stream: Any) -> Callable[[Any], None]:
    def found(declaration: Any) -> None:
        prog.found()
        if stream is not None:
            stream.add(declaration)

    return found


def _print(reply: Reply, stream: Any) -> int:
    opts = reply.options
    if opts.picture and opts.question == "combat":
        _write_picture(reply)  # before the answer: a file that can't be written is bad input
    if not opts.quiet:
        warn(reply.warnings)
    if opts.question == "draw" and (opts.output or not opts.json):
        return _draw(reply)
    if opts.json:
        emit_json(reply.json())
    else:
        if not opts.quiet:
            warn(reply.not_understood_lines())
        if stream is not None and stream.streaming:
            print_report(stream.finish(reply.answer, opts.limit))
        else:
            words = reply.words()
            if isinstance(words, str):
                sys.stdout.write(words)
            else:
                print_report(words)
    if opts.exit_code:
        v = reply.verdict
        return EXIT_OK if v else (EXIT_UNKNOWN if v is None else EXIT_FAILED)
    return EXIT_OK


def _write_picture(reply: Reply) -> None:
    """``combat --picture FILE.svg``: the combat's result drawn (draw.draw_result)."""
    from pathlib import Path

    from ..draw import draw_result

    out = reply.options.picture
    assert out is not None
    try:
        Path(out).write_text(draw_result(reply.answer, lang=reply.options.lang or "en"),
                             encoding="utf-8")
    except OSError as e:
        raise BoardError(reason("error.cannot_write", flag="--picture", path=out,
                                problem=str(e.strerror or e))) from None


def _draw(reply: Reply) -> int:
    from pathlib import Path

    svg = reply.answer
    out = reply.options.output
    if out:
        try:
            Path(out).write_text(svg, encoding="utf-8")
        except OSError as e:
            raise BoardError(reason("error.cannot_write", flag="-o", path=out,
                                    problem=str(e.strerror or e))) from None
    else:
        sys.stdout.write(svg)
    return EXIT_OK


def _json_listing(board: Any, opts: Options, ctx: Context) -> int:
    """``attacks``/``blocks --json``: the answer written as the declarations are found
    (:func:`~mtgcombat.questions.declarations.listing_json_chunks`), one held at a
    time -- ``blocks --limit 100000 --json`` on a 160 v 160 board stays small (issue
    25.6). The same JSON object as the answer's :meth:`~mtgcombat.ask.Reply.json`.
    Bad input is raised before anything is written (the first piece comes once the
    problem is built and its maximum known)."""
    from ..ask import not_understood_json, writer
    from ..questions.declarations import listing_json_chunks

    kind: DeclarationKind = "attacks" if opts.question == "attacks" else "blocks"
    chunks = listing_json_chunks(board, kind, writer(board, opts), opts.limit, opts.backend,
                                 ctx.remaining(), extra=lambda: not_understood_json(board))
    try:
        first = next(chunks)  # the board staged, its problem built, its maximum known
    except BoardError as e:
        raise located(board, e) from None
    if not opts.quiet:
        warn(ctx.warnings)
    out = sys.stdout
    out.write(first)
    for piece in chunks:
        out.write(piece)
    out.write("\n")
    return EXIT_OK


def _jsonl(board: Any, opts: Options, ctx: Context) -> int:
    """``--jsonl``: one legal declaration a line, as it is found, then a status line."""
    from ..ask import stream_declarations

    if opts.question not in ("attacks", "blocks"):
        raise UsageError("--jsonl lists attacks or blocks", command=opts.question)
    for line in stream_declarations(board, opts, ctx):
        emit_jsonl(line)
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
