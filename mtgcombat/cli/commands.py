"""The commands of the ``mtgcombat`` command line (spec: shared/spec/board-format.md).

Every command reads a BOARD (a .json board, a scenario-language file, or ``-`` for
standard input), asks :class:`mtgcombat.Board` one question, and prints the typed
answer: for a human through a renderer of :mod:`mtgcombat.text.render` (a table on a
terminal, plain text when piped; ``NO_COLOR`` respected), or with ``--json`` in the
spec's shape. ``--lang`` chooses the language of every human word.
"""

from __future__ import annotations

from functools import partial

import json
import sys
from typing import Any, Optional

from ..rules.model import BoardError
from .output import (
    EXIT_FAILED, EXIT_OK, EXIT_UNKNOWN, UsageError, emit_json, emit_jsonl, print_report, warn,
)

KINDS = ("attacks", "blocks", "damage")


# -- input ----------------------------------------------------------------------------


def read_board(args: Any, path: Optional[str] = None):
    """The board named on the command line, with the options every command takes:
    ``--rules`` overrides its edition, ``--cards`` fills permanents from a card file,
    ``--strict`` refuses a board with a sentence not understood."""
    from ..board import Board
    from ..editions import edition

    arg = path if path is not None else args.board
    cards = _cards(args)
    data = getattr(args, "board_data", None)  # a batch request's board
    if data is not None:
        board = (Board.from_data(data, cards=cards) if isinstance(data, dict)
                 else Board.parse(data, "<request>", cards=cards))
    elif arg == "-":
        raw = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise BoardError(f"<stdin>: not UTF-8 text (byte {e.start + 1})") from None
        board = Board.parse(raw, "<stdin>", cards=cards)
    else:
        board = Board.load(arg, cards=cards)
    rules = getattr(args, "rules", None)
    if rules and rules != board.rules:
        origin = board.__dict__.get("origin")
        if board.damage_order is not None and not edition(rules).has_order:
            # --rules current on a board written for the 2024 rules: its damage assignment
            # order means nothing under the current rules (510.1c-d), said, then dropped.
            if not getattr(args, "quiet", False):
                warn([writer(args, board).t("human.order_ignored", rules=rules)])
            board = board.evolve(rules=rules, damage_order=None)
        else:
            board = board.evolve(rules=rules)
        if origin is not None:
            board.__dict__["origin"] = origin
    args.loaded_board = board  # an error found later points into the board's text
    if getattr(args, "strict", False):
        board.require_understood()
    # Bad input found by binding the texts to the board (an effect short of targets, a
    # name two permanents share, a chosen player missing) is the same in every command.
    board.bound
    return board


def _cards(args: Any):
    """The card database of ``--cards`` or ``$MTGCOMBAT_CARDS``, if any (opened only
    then: a board without one never pays for it)."""
    import os

    path = getattr(args, "cards", None) or os.environ.get("MTGCOMBAT_CARDS")
    if not path:
        return None
    from ..cards import open_database

    return open_database(path)


def writer(args: Any, board: Any):
    from ..text import Writer

    return Writer.for_board(board, getattr(args, "lang", "en") or "en")


def parse_decl(text: str, what: str, kind: Optional[str] = None) -> dict:
    """A declaration or assignment given on the command line: JSON, the one-line
    notation (``brigand -> Bob``), ``@FILE``, or ``@-`` (standard input)."""
    from ..boardjson import loads_strict
    from ..notation import Assignment, Declaration, looks_like_notation

    src = what
    if text.startswith("@"):
        path = text[1:]
        if path == "-":
            text = sys.stdin.read()
            src = f"{what} (standard input)"
        else:
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
            except OSError as e:
                raise BoardError(f"{what}: cannot read {path}: {e.strerror}") from None
            except UnicodeDecodeError:
                raise BoardError(f"{what}: {path} is not UTF-8 text") from None
            src = f"{what} {path}"
    if kind is not None and looks_like_notation(text):
        if kind == "damage":
            return Assignment.parse(text.strip(), src).to_json()
        return Declaration.parse(kind, text.strip(), src).to_json()
    try:
        data = loads_strict(text)
    except json.JSONDecodeError as e:
        raise BoardError(f"{src}: malformed JSON at line {e.lineno} column {e.colno}: "
                         f"{e.msg}") from None
    except ValueError as e:
        raise BoardError(f"{src}: {e}") from None
    if not isinstance(data, dict):
        raise BoardError(f"{src}: must be a JSON object")
    return data


def not_understood_json(board: Any) -> dict:
    """What every --json answer carries about the board's text (spec, Extension 2)."""
    return {"not_understood": [n["sentence"] for n in board.not_understood],
            "not_understood_sources": list(board.not_understood)}


def warn_not_understood(args: Any, board: Any, w: Any) -> None:
    """A human answer first warns, one line per sentence not understood (stderr)."""
    from ..text.render import not_understood_lines

    if not getattr(args, "json", False):
        warn(not_understood_lines(board, w))


def answer_json(board: Any, data: dict) -> dict:
    out = dict(data)
    out.update(not_understood_json(board))
    return out


# -- commands -------------------------------------------------------------------------


def remaining(args: Any) -> Optional[float]:
    """What is left of ``--time-limit`` (it bounds the whole command: reading the board,
    solving, listing, explaining)."""
    import time

    end = getattr(args, "deadline_end", None)
    if end is None:
        return None
    return max(0.0005, end - time.monotonic())


def progress(args: Any, what: str = "working"):
    from .output import Progress

    quiet = getattr(args, "quiet", False) or getattr(args, "json", False) \
        or getattr(args, "jsonl", False)
    return Progress(not quiet, what)


#: Human listings: up to this many rows are collected and shown sorted, as one table;
#: beyond, the rows are printed as they are found (a terminal no slower than a pipe).
SORTED_ROWS = 200


def cmd_declarations(args: Any, kind: str) -> int:
    from ..text import render

    board = read_board(args)
    w = writer(args, board)
    if getattr(args, "jsonl", False):
        return _stream_declarations(args, board, kind, w)
    if getattr(args, "count", False):
        return _count_declarations(args, board, kind, w)
    prog = progress(args, "listing")
    stream = None if args.json else render.ListingStream(board.problem(kind), w, kind,
                                                           SORTED_ROWS, print_report)
    try:
        listing = board.list_declarations(
            kind, args.limit, args.backend, remaining(args),
            on_max=stream.set_max if stream else None,
            on_found=partial(_found, prog, stream))
    finally:
        prog.done()
    if args.json:
        emit_json(answer_json(board, listing.to_json(w)))
        return EXIT_OK
    warn_not_understood(args, board, w)
    if stream is not None and stream.streaming:
        print_report(stream.finish(listing, args.limit))
    else:
        print_report(render.listing(listing, w, args.limit))
    return EXIT_OK


def _count_declarations(args: Any, board: Any, kind: str, w: Any) -> int:
    from ..questions.declarations import count_declarations
    from ..text.report import Line

    prog = progress(args, "counting")
    try:
        answer = count_declarations(board, kind, args.backend, remaining(args))
    finally:
        prog.done()
    if args.json:
        emit_json(answer_json(board, answer.to_json(w)))
    else:
        warn_not_understood(args, board, w)
        print_report([Line(w.t("human.count", kind=kind, n=answer.count, status=answer.status,
                               most=answer.max_requirements))])
    return EXIT_OK


def _stream_declarations(args: Any, board: Any, kind: str, w: Any) -> int:
    """``--jsonl``: one legal declaration a line, as it is found."""
    from ..questions.declarations import iter_declarations, listed_json
    from ..solver.base import Deadline, SolverTimeout

    n = 0
    try:
        for listed in iter_declarations(board, kind, args.backend, Deadline(remaining(args))):
            if args.limit is not None and n >= args.limit:
                emit_jsonl({"status": "truncated", "count": n})
                return EXIT_OK
            emit_jsonl(listed_json(listed, w))
            n += 1
    except SolverTimeout:
        emit_jsonl({"status": "unknown", "count": n})
        return EXIT_OK
    emit_jsonl({"status": "complete", "count": n})
    return EXIT_OK


def cmd_check(args: Any) -> int:
    from ..text import render

    board = read_board(args)
    chosen = [k for k in KINDS if getattr(args, k) is not None]
    if len(chosen) != 1:
        raise UsageError("give exactly one of --attacks, --blocks, --damage", command="check")
    kind = chosen[0]
    decl = parse_decl(getattr(args, kind), f"--{kind}", kind)
    w = writer(args, board)
    if kind == "damage":
        verdict: Any = board.check_damage(decl, time_limit=remaining(args))
        report = None if args.json else render.damage_verdict(verdict, w)
    else:
        verdict = board.check_declaration(kind, decl, args.backend, remaining(args))
        report = None if args.json else render.declaration_verdict(
            verdict, w, len(board.problem(kind).requirements))
    if args.json:
        emit_json(answer_json(board, verdict.to_json(w)))
    else:
        warn_not_understood(args, board, w)
        if not getattr(args, "quiet", False):
            print_report(report or [])
    if getattr(args, "exit_code", False):
        return EXIT_OK if verdict.legal else (EXIT_UNKNOWN if verdict.legal is None
                                              else EXIT_FAILED)
    return EXIT_OK


def cmd_damage(args: Any) -> int:
    from ..text import render

    board = read_board(args)
    w = writer(args, board)
    answer = board.damage(limit=args.limit, time_limit=remaining(args))
    if args.json:
        emit_json(answer_json(board, answer.to_json(w)))
    else:
        warn_not_understood(args, board, w)
        print_report(render.damage(answer, w, args.limit))
    return EXIT_OK


def cmd_show(args: Any) -> int:
    board = read_board(args)
    if args.json:
        data = board.to_data(full=True)
        if "damage_step" not in data:
            data["damage_step"] = board.step
        data.update(not_understood_json(board))
        emit_json(data)
        return EXIT_OK
    print(board.scenario(), end="")
    if board.not_understood:
        w = writer(args, board)
        print("# " + w.t("human.not_understood_head"))
        for n in board.not_understood:
            print(f"#   {n['source']}: {n['sentence']}")
    return EXIT_OK


def cmd_draw(args: Any) -> int:
    """``draw``: the board and its combat as an SVG picture (standard output or ``-o``)."""
    from pathlib import Path

    from ..draw import draw

    board = read_board(args)
    attacks = parse_decl(args.attacks, "--attacks", "attacks") if args.attacks else None
    blocks = parse_decl(args.blocks, "--blocks", "blocks") if args.blocks else None
    damage = parse_decl(args.damage, "--damage", "damage") if args.damage else None
    svg = draw(board, attacks=attacks, blocks=blocks, damage=damage,
               lang=getattr(args, "lang", "en") or "en", size=args.size)
    if args.output:
        try:
            Path(args.output).write_text(svg, encoding="utf-8")
        except OSError as e:
            raise BoardError(f"-o {args.output}: cannot write: {e.strerror or e}") from None
    else:
        sys.stdout.write(svg)
    return EXIT_OK


def cmd_batch(args: Any) -> int:
    """``batch``: JSON Lines in, the answers out, one a line, in input order."""
    from .. import batch

    if args.input == "-":
        lines: Any = sys.stdin
    else:
        try:
            lines = open(args.input, encoding="utf-8")
        except OSError as e:
            raise BoardError(f"cannot read {args.input}: {e.strerror or e}") from None
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be 1 or more", command="batch")
    try:
        for line in batch.run(lines, args.jobs, args.dask):
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
    finally:
        if lines is not sys.stdin:
            lines.close()
    return EXIT_OK


def _found(prog: Any, stream: Any, declaration: Any) -> None:
    """One declaration found: the progress line counts it, the human listing prints it."""
    prog.found()
    if stream is not None:
        stream.add(declaration)
