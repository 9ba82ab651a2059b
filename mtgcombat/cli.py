"""The ``mtgcombat`` command line (spec: shared/spec/board-format.md).

Every command reads a BOARD (a .json board, a scenario-language file, or ``-``
for standard input) and answers for a human (a table on a terminal, plain text
when piped; ``NO_COLOR`` respected) or, with ``--json``, in the machine shapes
of the spec. Bad input is one line on standard error and exit status 2 --
never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Optional, Sequence

from . import __version__
from .rules.model import BoardError

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2
        raise UsageError(f"{self.prog}: {message}")


# -- output helpers -------------------------------------------------------------------


def _plain() -> bool:
    return not sys.stdout.isatty()


def _color() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


def print_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], title: str = "") -> None:
    """A table: rich on a terminal, aligned plain text when piped."""
    rows = [[("" if c is None else str(c)) for c in r] for r in rows]
    if not _plain():
        try:
            from rich.console import Console
            from rich.table import Table

            console = Console(no_color=not _color(), highlight=False)
            t = Table(title=title or None, show_lines=False)
            for h in headers:
                t.add_column(h)
            for r in rows:
                t.add_row(*r, style=None)
            console.print(t)
            return
        except ImportError:  # pragma: no cover - rich is a dependency
            pass
    if title:
        print(title)
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip())
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())


def emit_json(obj: Any) -> None:
    print(json.dumps(obj, indent=2, ensure_ascii=False))


# -- input ----------------------------------------------------------------------------


def read_board(arg: str):
    from .board import Board

    if arg == "-":
        try:
            text = sys.stdin.read()
        except UnicodeDecodeError:
            raise BoardError("<stdin>: input is not UTF-8 text") from None
        return Board.parse(text, "<stdin>")
    return Board.load(arg)


def parse_decl(text: str, what: str) -> dict:
    """A declaration or assignment given on the command line: JSON, or @FILE."""
    src = what
    if text.startswith("@"):
        try:
            with open(text[1:], encoding="utf-8") as f:
                text = f.read()
            src = text[1:]
        except OSError as e:
            raise BoardError(f"cannot read {text[1:]}: {e.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise BoardError(f"{what}: malformed JSON at column {e.colno}: {e.msg}") from None
    if not isinstance(data, dict):
        raise BoardError(f"{what}: must be a JSON object")
    return data


# -- commands -------------------------------------------------------------------------


def _requirements_json(problem) -> list[dict]:
    return [{"id": r.id, "rule": r.rule, "text": r.text} for r in problem.requirements]


def cmd_declarations(args, kind: str) -> int:
    board = read_board(args.board)
    problem = board.problem(kind)
    listing = board.list_declarations(kind, args.limit, args.backend, args.time_limit)
    if args.json:
        emit_json({
            "rules": board.rules,
            "status": listing.status,
            "max_requirements": listing.max_requirements,
            "requirements": _requirements_json(problem),
            "declarations": [
                {"declaration": {k: (list(v) if isinstance(v, tuple) else v)
                                 for k, v in d.declaration.items()},
                 "requirements_obeyed": d.requirements_obeyed, "costs": d.costs}
                for d in listing.declarations
            ],
        })
        return EXIT_OK
    from .solver.base import describe

    rule = "508.1d" if kind == "attacks" else "509.1c"
    print(f"Rules {board.rules}; {len(problem.requirements)} requirement(s) ({rule}):")
    for r in problem.requirements:
        print(f"  {r.id}  {r.text}")
    if listing.max_requirements is None and listing.status != "unknown":
        print("No declaration obeys every restriction.")
    elif listing.max_requirements is not None:
        print(f"At most {listing.max_requirements} can be obeyed without paying any cost.")
    word = {"complete": "all", "truncated": f"the first {len(listing.declarations)}",
            "unknown": "unknown: the time limit ran out; found so far"}[listing.status]
    print_table(
        ["#", "declaration", "requirements", "costs"],
        [[i + 1, describe(problem, d.declaration), d.requirements_obeyed,
          "; ".join(d.costs) or "-"] for i, d in enumerate(listing.declarations)],
        title=f"Legal {kind} declarations ({word}: {len(listing.declarations)})",
    )
    return EXIT_OK


def cmd_check(args) -> int:
    board = read_board(args.board)
    chosen = [k for k in ("attacks", "blocks", "damage") if getattr(args, k) is not None]
    if len(chosen) != 1:
        raise UsageError("mtgcombat check: give exactly one of --attacks, --blocks, --damage")
    kind = chosen[0]
    decl = parse_decl(getattr(args, kind), f"--{kind}")
    if kind == "damage":
        answer = board.check_damage(decl, time_limit=args.time_limit)
        if args.json:
            emit_json(answer)
        else:
            from .solver.damage import format_damage_check

            print(format_damage_check(answer))
        return EXIT_OK
    if kind == "blocks":
        decl = {k: (sorted(v) if isinstance(v, list) else v) for k, v in decl.items()}
    verdict = board._check(kind, decl, args.backend, args.time_limit)
    if args.json:
        emit_json({
            "legal": verdict.legal,
            "status": verdict.status,
            "violations": [v.to_json() for v in verdict.violations],
            "requirements_obeyed": verdict.requirements_obeyed,
            "max_requirements": verdict.max_requirements,
            "witness": ({k: (list(v) if isinstance(v, tuple) else v)
                         for k, v in verdict.witness.items()}
                        if verdict.witness is not None else None),
            "costs": verdict.costs,
        })
        return EXIT_OK
    if verdict.status == "unknown":
        print("Unknown: the time limit ran out before legality was settled.")
    elif verdict.legal:
        print(f"Legal: obeys every restriction and {verdict.requirements_obeyed} of "
              f"{len(board.problem(kind).requirements)} requirement(s), the most possible "
              f"({verdict.max_requirements}).")
    for v in verdict.violations:
        print(f"Illegal ({v.rule}): {v.message}")
    if verdict.costs:
        print("Costs to pay: " + "; ".join(verdict.costs))
    return EXIT_OK


def cmd_damage(args) -> int:
    board = read_board(args.board)
    answer = board.damage(limit=args.limit, time_limit=args.time_limit)
    if args.json:
        emit_json(answer)
    else:
        from .solver.damage import format_damage

        print(format_damage(answer))
    return EXIT_OK


def cmd_show(args) -> int:
    board = read_board(args.board)
    if args.json:
        data = board.to_data(full=True)
        data["not_understood"] = board.not_understood
        emit_json(data)
        return EXIT_OK
    print(board.scenario(), end="")
    if board.not_understood:
        print("# Not understood (ignored):")
        for n in board.not_understood:
            print(f"#   {n['source']}: {n['sentence']}")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    common = _Parser(add_help=False)
    common.add_argument("--json", action="store_true", help="machine answer (spec shapes)")
    common.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                        help="give up after this many seconds: the answer is then 'unknown'")
    common.add_argument("--backend", choices=("cpsat", "constraint", "brute"), default="cpsat",
                        help="solver backend (default: cpsat)")
    p = _Parser(prog="mtgcombat", description="Exact answers to Magic: The Gathering combat "
                "questions (Comprehensive Rules 506-511, 702, 802).")
    p.add_argument("--version", action="version", version=f"mtgcombat {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    board_help = "a .json board, a scenario-language file, or - for standard input"

    a = sub.add_parser("attacks", parents=[common], help="the legal attack declarations (508.1)")
    a.add_argument("board", help=board_help)
    a.add_argument("--limit", type=int, default=1000, help="list at most N (default 1000)")
    a.set_defaults(func=lambda args: cmd_declarations(args, "attacks"))

    b = sub.add_parser("blocks", parents=[common], help="the legal block declarations (509.1)")
    b.add_argument("board", help=board_help)
    b.add_argument("--limit", type=int, default=1000, help="list at most N (default 1000)")
    b.set_defaults(func=lambda args: cmd_declarations(args, "blocks"))

    c = sub.add_parser("check", parents=[common],
                       help="is one declaration or damage assignment legal, and why not")
    c.add_argument("board", help=board_help)
    c.add_argument("--attacks", metavar="DECL", help='JSON {"attacker": "target"} or @FILE')
    c.add_argument("--blocks", metavar="DECL", help='JSON {"blocker": ["attacker"]} or @FILE')
    c.add_argument("--damage", metavar="ASSIGNMENT",
                   help='JSON {"source": {"recipient": n}} or @FILE')
    c.set_defaults(func=cmd_check)

    d = sub.add_parser("damage", parents=[common],
                       help="legal and best combat damage assignments (510.1)")
    d.add_argument("board", help=board_help)
    d.add_argument("--limit", type=int, default=1000, help="list at most N (default 1000)")
    d.set_defaults(func=cmd_damage)

    s = sub.add_parser("show", parents=[common],
                       help="the board as understood (scenario language; --json: normalised)")
    s.add_argument("board", help=board_help)
    s.set_defaults(func=cmd_show)
    _add_teaching(sub, common, board_help)
    return p


def _add_teaching(sub, common, board_help) -> None:
    """The corpus and explain commands (issue: teaching), when present."""
    try:
        from . import teaching
    except ImportError:
        return
    teaching.add_commands(sub, common, board_help)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if getattr(args, "limit", None) is not None and args.limit < 0:
            raise UsageError("mtgcombat: --limit must be 0 or more")
        if args.time_limit is not None and args.time_limit <= 0:
            raise UsageError("mtgcombat: --time-limit must be positive")
        return args.func(args)
    except UsageError as e:
        print(f"{e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BoardError as e:
        print(f"mtgcombat: error: {e}", file=sys.stderr)
        ctx = getattr(e, "context", None)
        if callable(ctx):
            try:
                print(ctx(), file=sys.stderr)
            except Exception:
                pass
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("mtgcombat: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as e:  # a bug: still one line, never a traceback
        if os.environ.get("MTGCOMBAT_DEBUG"):
            raise
        print(f"mtgcombat: internal error: {type(e).__name__}: {e} "
              "(set MTGCOMBAT_DEBUG=1 for details; please report it)", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
