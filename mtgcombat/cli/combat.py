"""The commands about what happens in a combat: ``mtgcombat combat`` (the whole combat,
spec Extension 2), ``turn`` (the turn's steps) and the decisions ``best-blocks`` and
``best-attacks``.

:func:`add_commands` is called by :mod:`mtgcombat.cli`; like :mod:`.teaching` this
module imports only the shared output helpers and the commands' input helpers.
"""

from __future__ import annotations

import argparse
from typing import Any

from .commands import (
    answer_json, parse_decl, read_board, remaining, warn_not_understood, writer,
)
from .output import EXIT_OK, HelpFormatter, emit_json, examples, print_report

RAW = HelpFormatter



def add_commands(sub: Any, common: argparse.ArgumentParser, board_help: str) -> None:
    c = sub.add_parser(
        "combat", parents=[common], formatter_class=RAW,
        help="what happens in the combat: damage, results, deaths, who loses (506-511)",
        description="Resolve the combat from the declared attacks and blocks (flags win over "
                    "the board's) through every combat damage step that exists (510.4) to the "
                    "end of combat: damage dealt and prevented, its results (120.3), "
                    "state-based actions (704.5), players who lose. Each --damage is the "
                    "assignment of the next step; a step without one uses each player's best.",
        epilog=examples(
            "mtgcombat combat examples/first-strike.mtg",
            "mtgcombat combat board.mtg --attacks 'bears -> Bob' --blocks 'wall -> bears'",
            "mtgcombat combat fs.mtg --damage 'knight -> wall 2' --damage 'knight -> Bob 2'",
            "mtgcombat combat board.json --json --lang de"))
    c.add_argument("board", help=board_help)
    c.add_argument("--attacks", metavar="DECL", help="the attack declaration (checked)")
    c.add_argument("--blocks", metavar="DECL", help="the block declaration (checked)")
    c.add_argument("--damage", metavar="ASSIGNMENT", action="append", default=[],
                   help="the assignment of the next combat damage step (repeat per step)")
    c.set_defaults(func=cmd_combat)

    t = sub.add_parser(
        "turn", parents=[common], formatter_class=RAW,
        help="the turn's phases and steps, whether each happens and what happens (500-514)",
        description="The active player's turn step by step (500-514): untap, upkeep (with "
                    "its triggers), draw, main, the combat steps (each with whether it happens "
                    "on this board and why not: 508.8, 510.4), end, cleanup.",
        epilog=examples("mtgcombat turn examples/first-strike.mtg",
                         "mtgcombat turn board.mtg --lang de",
                         "mtgcombat turn board.json --json"))
    t.add_argument("board", help=board_help)
    t.set_defaults(func=cmd_turn)

    u = sub.add_parser(
        "upkeep", parents=[common], formatter_class=RAW,
        help="cumulative upkeep: every whole payment and which can be paid (702.24)",
        description="Cumulative upkeep of the active player's permanents as their upkeep "
                    "begins (702.24; 702.21 in the older German seed): for every instance, the "
                    "age counters after the trigger adds one, the cost, every distinct whole "
                    "payment (one choice per age counter, order irrelevant, the same object "
                    "never twice) and whether the board can pay it (untapped mana sources, "
                    "mana pool, life, permanents).",
        epilog=examples("mtgcombat upkeep examples/cumulative-upkeep.mtg",
                         "mtgcombat upkeep board.mtg --json --limit 20",
                         "mtgcombat upkeep board.mtg --lang de"))
    u.add_argument("board", help=board_help)
    u.add_argument("--limit", type=int, default=1000, metavar="N",
                   help="list at most N payments per trigger (default 1000; 0 lists none "
                        "but still counts them)")
    u.set_defaults(func=cmd_upkeep)

    sv = sub.add_parser(
        "serve", formatter_class=RAW,
        help="a local web lab: type a board, see it drawn, ask every question",
        description="A local web page: type or paste a board (scenario language or JSON), "
                    "see it drawn, ask every question, read the answers and explanations in "
                    "English or German, share the board as a link. It binds to 127.0.0.1 by "
                    "default; requests are limited in size (256 KB) and time (20 s); the "
                    "page's calls are POST /api/COMMAND with {\"board\", \"args\"} (docs/serve.md).",
        epilog=examples("mtgcombat serve", "mtgcombat serve --port 8080",
                         "mtgcombat serve --host 0.0.0.0 --port 8000   # on your network"))
    sv.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    sv.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free)")
    sv.add_argument("--quiet", action="store_true", help="no line on standard error")
    sv.set_defaults(func=cmd_serve)

    for name, kind, what in (
            ("best-blocks", "blocks", "the defending players' best legal block declaration "
             "against the board's attacks, the attacking player answering with the damage "
             "assignments worst for them"),
            ("best-attacks", "attacks", "the active player's best legal attack declaration, "
             "the defending players answering with their best legal blocks")):
        bp = sub.add_parser(
            name, parents=[common], formatter_class=RAW,
            help=f"the best legal {kind} declaration, proved by minimax over the combat",
            description=what.capitalize() + ": every later choice (blocks, damage assignment "
            "orders and assignments in both damage steps) made by minimax on the same "
            "objective. 'optimal' is proved; a time limit gives the best found ('feasible') "
            "and a bound. Objectives: standard (loss, then creatures destroyed theirs minus "
            "yours, then life lost theirs minus yours), survive (not losing, then the least "
            "life lost), race (loss, then life, then creatures). See docs/decisions.md.",
            epilog=examples(f"mtgcombat {name} examples/first-strike.mtg",
                             f"mtgcombat {name} board.mtg --objective survive",
                             f"mtgcombat {name} board.json --json --time-limit 10"))
        bp.add_argument("board", help=board_help)
        bp.add_argument("--objective", choices=("standard", "survive", "race"),
                        default="standard", help="what 'best' means (default: standard)")
        bp.set_defaults(func=cmd_best, kind=kind)


def cmd_combat(args: Any) -> int:
    from ..text import results

    board = read_board(args)
    attacks = parse_decl(args.attacks, "--attacks", "attacks") if args.attacks else None
    blocks = parse_decl(args.blocks, "--blocks", "blocks") if args.blocks else None
    damage = [parse_decl(d, "--damage", "damage") for d in args.damage]
    w = writer(args, board)
    answer = board.combat(attacks, blocks, damage, time_limit=remaining(args),
                          backend=args.backend)
    if args.json:
        emit_json(answer_json(board, answer.to_json(w)))
    else:
        warn_not_understood(args, board, w)
        print_report(results.combat(answer, w))
    return EXIT_OK


def cmd_turn(args: Any) -> int:
    from ..questions.turn import turn
    from ..text import results

    board = read_board(args)
    w = writer(args, board)
    answer = turn(board, time_limit=remaining(args), backend=args.backend)
    if args.json:
        emit_json(answer_json(board, answer.to_json(w)))
    else:
        warn_not_understood(args, board, w)
        print_report(results.turn(answer, w))
    return EXIT_OK


def cmd_best(args: Any) -> int:
    from ..questions.best import best_attacks, best_blocks
    from ..text import results

    board = read_board(args)
    w = writer(args, board)
    ask = best_blocks if args.kind == "blocks" else best_attacks
    answer = ask(board, args.objective, time_limit=remaining(args), backend=args.backend)
    if args.json:
        emit_json(answer_json(board, answer.to_json(w)))
    else:
        warn_not_understood(args, board, w)
        print_report(results.best(answer, w))
    return EXIT_OK


def cmd_upkeep(args: Any) -> int:
    from ..questions.upkeep import upkeep
    from ..text import results

    board = read_board(args)
    w = writer(args, board)
    answer = upkeep(board, limit=args.limit, time_limit=remaining(args))
    if args.json:
        emit_json(answer_json(board, answer.to_json(w)))
    else:
        warn_not_understood(args, board, w)
        print_report(results.upkeep(answer, w))
    return EXIT_OK


def cmd_serve(args: Any) -> int:
    from ..web import serve

    if not 0 <= args.port <= 65535:
        from .output import UsageError

        raise UsageError("--port must be between 0 and 65535", command="serve")
    try:
        serve(args.host, args.port, args.quiet)
    except OSError as e:
        from ..rules.model import BoardError

        raise BoardError(f"serve: cannot listen on {args.host}:{args.port}: "
                         f"{e.strerror or e}") from None
    return EXIT_OK
