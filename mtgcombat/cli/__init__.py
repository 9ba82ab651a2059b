"""The ``mtgcombat`` command line (spec: shared/spec/board-format.md).

:func:`main` parses the arguments, runs one command of :mod:`.commands` or
:mod:`.teaching` and turns every failure into one line on standard error with an
exit status from :mod:`.output` -- never a traceback.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from typing import Optional, Sequence

from .. import __version__
from ..rules.model import BoardError
from . import combat, commands, teaching
from .output import (
    EXIT_BAD_INPUT, EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, HelpFormatter, UsageError, examples,
    one_line,
)

__all__ = ["build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]  # one line, exit 2
        raise UsageError(message, command=self.prog.partition(" ")[2])


BOARD_HELP = "a .json board, a scenario-language file, or - for standard input"
LIMIT_HELP = ("list at most N (default 1000); 0 lists none but still answers the rest "
              "(the maximum, the status: 'truncated' when there is at least one)")



def _common() -> "_Parser":
    from ..text import languages

    common = _Parser(add_help=False)
    common.add_argument("--json", action="store_true", help="machine answer (spec shapes)")
    common.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                        help="give up after this many seconds: the answer is then 'unknown'")
    common.add_argument("--backend", choices=("auto", "cpsat", "constraint", "brute"),
                        default="auto",
                        help="solver backend (default: auto -- CP-SAT, with problems of at "
                             "most 4096 declarations listed in plain Python)")
    common.add_argument("--lang", choices=languages(), default="en",
                        help="language of every human word, also the messages in --json "
                             "(default: en)")
    common.add_argument("--rules", choices=("current", "2024"), default=None,
                        help="judge by this rules edition instead of the board's")
    common.add_argument("--strict", action="store_true",
                        help="a sentence the tool did not understand is bad input (exit 2)")
    common.add_argument("--cards", metavar="FILE", default=None,
                        help="card database (MTGJSON AtomicCards or Scryfall Oracle Cards, "
                             "plain or gzipped; default $MTGCOMBAT_CARDS): permanents by name")
    common.add_argument("--quiet", action="store_true",
                        help="no progress or warnings on standard error")
    return common


def build_parser() -> argparse.ArgumentParser:
    common = _common()
    p = _Parser(prog="mtgcombat", description="Exact answers to Magic: The Gathering combat "
                "questions (Comprehensive Rules 506-511, 702, 802).",
                epilog=examples("mtgcombat attacks corpus/boards/brigand.json",
                                 "mtgcombat COMMAND --help"),
                formatter_class=HelpFormatter)
    p.add_argument("--version", action="version", version=f"mtgcombat {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    raw = HelpFormatter

    a = sub.add_parser("attacks", parents=[common], help="the legal attack declarations (508.1)",
                       description="The legal attack declarations (508.1a-d): every "
                       "restriction obeyed and the most requirements obeyable.",
                       epilog=examples("mtgcombat attacks board.mtg",
                                        "mtgcombat attacks board.json --json --limit 10",
                                        "mtgcombat attacks board.mtg --jsonl | head"),
                       formatter_class=raw)
    a.add_argument("board", help=BOARD_HELP)
    a.add_argument("--limit", type=int, default=1000, metavar="N", help=LIMIT_HELP)
    a.add_argument("--jsonl", action="store_true",
                   help="one declaration a line as it is found, then a status line")
    a.add_argument("--count", action="store_true",
                   help="how many legal declarations there are, without listing them "
                        "(independent parts of the board are counted apart and multiplied)")
    a.set_defaults(func=lambda args: commands.cmd_declarations(args, "attacks"))

    b = sub.add_parser("blocks", parents=[common], help="the legal block declarations (509.1)",
                       description="The legal block declarations (509.1a-c); the board "
                       "declares attacks.",
                       epilog=examples("mtgcombat blocks corpus/boards/two-headed-giant.mtg",
                                        "mtgcombat blocks board.mtg --json"),
                       formatter_class=raw)
    b.add_argument("board", help=BOARD_HELP)
    b.add_argument("--limit", type=int, default=1000, metavar="N", help=LIMIT_HELP)
    b.add_argument("--jsonl", action="store_true",
                   help="one declaration a line as it is found, then a status line")
    b.add_argument("--count", action="store_true",
                   help="how many legal declarations there are, without listing them "
                        "(independent parts of the board are counted apart and multiplied)")
    b.set_defaults(func=lambda args: commands.cmd_declarations(args, "blocks"))

    c = sub.add_parser("check", parents=[common],
                       help="is one declaration or damage assignment legal, and why not",
                       description="Whether one declaration or damage assignment is legal, "
                       "and exactly why not. DECL and ASSIGNMENT are JSON, the one-line "
                       "notation, @FILE, or @- (standard input).",
                       epilog=examples(
                           "mtgcombat check board.json --attacks '{\"brigand\": \"Bob\"}'",
                           "mtgcombat check board.json --attacks 'brigand -> Bob'",
                           "mtgcombat check board.mtg --blocks 'wall -> raider'",
                           "mtgcombat check board.mtg --damage 'raider -> wall 2, Bob 1'",
                           "echo 'brigand -> Bob' | mtgcombat check board.json --attacks @-",
                           "mtgcombat check board.json --attacks 'brigand -> Bob' --exit-code"),
                       formatter_class=raw)
    c.add_argument("board", help=BOARD_HELP)
    c.add_argument("--attacks", metavar="DECL", help="an attack declaration")
    c.add_argument("--blocks", metavar="DECL", help="a block declaration")
    c.add_argument("--damage", metavar="ASSIGNMENT", help="a combat damage assignment")
    c.add_argument("--exit-code", action="store_true",
                   help="for scripts: exit 0 when legal, 1 when illegal, 3 when unknown")
    c.set_defaults(func=commands.cmd_check)

    d = sub.add_parser("damage", parents=[common],
                       help="legal and best combat damage assignments (510.1)",
                       description="The legal combat damage assignments of the step and the "
                       "best one for each player (510.1).",
                       epilog=examples("mtgcombat damage corpus/boards/walker-and-battle.mtg",
                                        "mtgcombat damage board.mtg --json"),
                       formatter_class=raw)
    d.add_argument("board", help=BOARD_HELP)
    d.add_argument("--limit", type=int, default=1000, metavar="N", help=LIMIT_HELP)
    d.set_defaults(func=commands.cmd_damage)

    s = sub.add_parser("show", parents=[common],
                       help="the board as understood (scenario language; --json: normalised)",
                       description="The board as understood, in the scenario language; with "
                       "--json the normalised board and every sentence not understood.",
                       epilog=examples("mtgcombat show board.json",
                                        "mtgcombat show board.mtg --json"),
                       formatter_class=raw)
    s.add_argument("board", help=BOARD_HELP)
    s.set_defaults(func=commands.cmd_show)
    dr = sub.add_parser("draw", parents=[common],
                        help="the board and its combat as an SVG picture",
                        description="An SVG picture of the board and the combat: each "
                        "player's creatures, planeswalkers and battles, who attacks what, who "
                        "blocks whom, damage. Standard output without -o.",
                        epilog=examples("mtgcombat draw corpus/boards/walker-and-battle.mtg "
                                         "-o combat.svg",
                                         "mtgcombat draw board.mtg --attacks 'bears -> Bob' "
                                         "--lang de > kampf.svg"),
                        formatter_class=raw)
    dr.add_argument("board", help=BOARD_HELP)
    dr.add_argument("--attacks", metavar="DECL", help="attacks to draw instead of the board's")
    dr.add_argument("--blocks", metavar="DECL", help="blocks to draw instead of the board's")
    dr.add_argument("--damage", metavar="ASSIGNMENT", help="a damage assignment to draw")
    dr.add_argument("-o", "--output", metavar="FILE.svg", default=None,
                    help="write the picture to this file")
    dr.add_argument("--size", type=int, default=None, metavar="PIXELS",
                    help="the picture's width (default: scalable, a viewBox only)")
    dr.set_defaults(func=commands.cmd_draw)
    bt = sub.add_parser("batch", help="many questions from JSON Lines, on every core or a "
                        "Dask cluster",
                        description="One JSON request a line, {\"ask\": \"check\", "
                        "\"board\": {...}, \"args\": [\"--blocks\", \"{}\"]}; one JSON "
                        "answer a line (the command's --json answer), in the same order. A bad "
                        "request is answered {\"error\": \"...\"} and the batch goes on.",
                        epilog=examples("mtgcombat batch requests.jsonl > answers.jsonl",
                                         "mtgcombat batch - --jobs 4 < requests.jsonl",
                                         "mtgcombat batch requests.jsonl --dask "
                                         "tcp://10.0.0.5:8786"),
                        formatter_class=raw)
    bt.add_argument("input", nargs="?", default="-", metavar="FILE.jsonl",
                    help="the requests (default: standard input)")
    bt.add_argument("--jobs", type=int, default=None, metavar="N",
                    help="processes to answer with (default: every core)")
    bt.add_argument("--dask", metavar="ADDRESS", default=None,
                    help="answer on a Dask distributed cluster (scheduler address; "
                         "pip install 'mtgcombat[dask]')")
    bt.set_defaults(func=commands.cmd_batch)
    combat.add_commands(sub, common, BOARD_HELP)
    teaching.add_commands(sub, common, BOARD_HELP)
    return p


_GLOBAL_FLAGS = {"--json": 0, "--time-limit": 1, "--backend": 1, "--lang": 1, "--rules": 1,
                 "--strict": 0, "--cards": 1, "--quiet": 0}


def _options_after_command(argv: list[str], commands_: Sequence[str]) -> list[str]:
    """``mtgcombat --json attacks BOARD`` means ``mtgcombat attacks BOARD --json``:
    the options every command takes may also come before the command."""
    moved: list[str] = []
    i = 0
    while i < len(argv) and argv[i] not in commands_:
        a = argv[i]
        name = a.split("=", 1)[0]
        if name not in _GLOBAL_FLAGS:
            return argv
        n = 0 if "=" in a else _GLOBAL_FLAGS[name]
        moved += argv[i:i + 1 + n]
        i += 1 + n
    if i >= len(argv) or not moved:
        return argv
    return argv[i:i + 1] + moved + argv[i + 1:]


def check_numbers(args: argparse.Namespace) -> None:
    """--limit is a count (0 lists none but still answers the rest); --time-limit a
    positive, finite number of seconds (not nan, not inf)."""
    if getattr(args, "limit", None) is not None and args.limit < 0:
        raise UsageError("--limit must be 0 or more")
    t = getattr(args, "time_limit", None)
    if t is not None and not (math.isfinite(t) and t > 0):
        raise UsageError(f"--time-limit must be positive and finite (seconds), not {t}")


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        print("mtgcombat: error: give a command; see 'mtgcombat --help' (for example: "
              "mtgcombat attacks corpus/boards/brigand.json)", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        sub = next(a for a in parser._actions if a.dest == "command")
        argv = _options_after_command(argv, list(sub.choices))  # type: ignore[arg-type]
        args = parser.parse_args(argv)
        check_numbers(args)
        if getattr(args, "time_limit", None) is not None:
            import time

            # --time-limit bounds the whole command, from here on.
            args.deadline_end = time.monotonic() + args.time_limit
        return int(args.func(args))
    except UsageError as e:
        print("mtgcombat: error: " + one_line(e), file=sys.stderr)
        return EXIT_BAD_INPUT
    except BoardError as e:
        # Exactly one line (the spec): FILE:LINE:COLUMN for scenario text, no caret.
        board = getattr(locals().get("args"), "loaded_board", None)
        if board is not None:
            try:
                e = board.locate(e)
            except Exception:  # locating is a courtesy: never a second error
                pass
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
    except Exception as e:  # a bug: still one line, never a traceback
        if os.environ.get("MTGCOMBAT_DEBUG"):
            raise
        print(f"mtgcombat: internal error: {type(e).__name__}: {one_line(e)} "
              "(set MTGCOMBAT_DEBUG=1 for details; please report it)", file=sys.stderr)
        return EXIT_FAILED


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
