"""The teaching commands: ``mtgcombat corpus`` (run the executable corpus of rules
edge cases) and ``mtgcombat explain`` (a narrative answer citing rules).

:func:`add_commands` is called by :mod:`mtgcombat.cli`; this module imports only the
shared output helpers and the commands' input helpers, never the CLI's entry point.
"""

from __future__ import annotations

import sys
from typing import Any, Optional

from ..rules.model import BoardError
from ..text.report import Table
from .output import (
    EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, HelpFormatter, emit_json, print_report, print_table,
    say,
)


def add_commands(sub, common, board_help: str) -> None:
    c = sub.add_parser(
        "corpus", parents=[common],
        formatter_class=HelpFormatter,
        epilog="examples:\n  mtgcombat corpus\n  mtgcombat corpus -k 510.1c\n"
               "  mtgcombat corpus corpus/cases/cr-508.1d-1.case --json",
        help="run the executable corpus of rules edge cases (docs/corpus-format.md)",
        description="Run every case of the corpus (or the case file / directory PATH) under "
                    "each rules edition it names and print a pass/fail table. Exit status 0 "
                    "when all pass, 1 when any fails, 2 when a case file is malformed.")
    c.add_argument("path", nargs="?", default=None, metavar="PATH",
                   help="a .case file or a directory of them (default: the repository's "
                        "corpus/cases)")
    c.add_argument("-k", "--match", default=None, metavar="TEXT",
                   help="run only cases whose id contains TEXT (case-insensitive)")
    c.set_defaults(func=cmd_corpus)

    e = sub.add_parser(
        "explain", parents=[common],
        formatter_class=HelpFormatter,
        epilog="examples:\n  mtgcombat explain corpus/boards/brigand.json\n"
               "  mtgcombat explain corpus/cases/cr-508.1d-1.case --attacks 'bears -> Bob'\n"
               "  mtgcombat explain board.mtg --lang de\n"
               "  mtgcombat explain examples/first-strike.mtg --about combat\n"
               "  mtgcombat explain examples/cumulative-upkeep.mtg --about upkeep --lang de",
        help="a narrative explanation citing rules",
        description="Explain, citing the Comprehensive Rules, what the board allows: the "
                    "attacks (no attacks declared), the blocks (attacks but no blocks) or the "
                    "combat damage (blocks declared); or why one declaration or assignment is "
                    "legal or not. With --about: the whole combat step by step, a cumulative "
                    "upkeep, or why a block or attack declaration is the best.")
    e.add_argument("board", help=board_help + ", or a corpus .case file (its board)")
    e.add_argument("--attacks", metavar="DECL", help='JSON {"attacker": "target"} or @FILE')
    e.add_argument("--blocks", metavar="DECL", help='JSON {"blocker": ["attacker"]} or @FILE')
    e.add_argument("--damage", metavar="ASSIGNMENT",
                   help='JSON {"source": {"recipient": n}} or @FILE')
    e.add_argument("--about", choices=ABOUT, default=None,
                   help="tell the story of this question instead: the whole combat (with the "
                        "board's or --attacks/--blocks declarations), the cumulative upkeep, "
                        "or the best blocks or attacks")
    e.add_argument("--objective", choices=("standard", "survive", "race"), default="standard",
                   help="with --about best-blocks/best-attacks: what 'best' means")
    e.set_defaults(func=cmd_explain)


#: The questions ``explain --about`` tells as a story.
ABOUT = ("combat", "upkeep", "best-blocks", "best-attacks")


def cmd_corpus(args: Any) -> int:
    from .. import corpus

    try:
        if args.path is None:
            root = corpus.default_cases_dir()
            if root is None:
                raise BoardError("no corpus/cases directory beside the package or in the "
                                 "current directory; give PATH")
        else:
            root = args.path
        cases = corpus.load_cases(root)
        if args.match:
            cases = [c for c in cases if args.match.lower() in c.id.lower()]
        for c in cases:  # every board must read before anything runs
            c.board()
    except corpus.CaseError as e:
        print(f"mtgcombat: error: corpus: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    results = []
    try:
        for r in corpus.run_cases(cases, args.backend, args.time_limit, args.lang):
            results.append(r)
    except corpus.CaseError as e:
        print(f"mtgcombat: error: corpus: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    failed = [r for r in results if not r.passed]
    if args.json:
        emit_json({"cases": len(results), "passed": len(results) - len(failed),
                   "failed": [r.name for r in failed]})
    else:
        rows = []
        for r in results:
            rows.append([r.case.id, r.edition, "pass" if r.passed else "FAIL",
                         r.case.title if r.passed else r.failures[0]])
        print_table(Table(["case", "edition", "result", "detail"], rows,
                          title=f"Corpus: {len(results)} case(s) x edition(s)"))
        if failed:
            print()
            for r in failed:
                print(f"FAIL {r.name} ({r.case.path}): {r.case.title}")
                for f in r.failures:
                    print(f"  {f}")
        print(f"{len(results) - len(failed)} passed, {len(failed)} failed.")
    return EXIT_FAILED if failed else EXIT_OK


def cmd_explain(args: Any) -> int:
    from .commands import UsageError, answer_json, parse_decl, read_board, warn_not_understood, writer

    chosen = [k for k in ("attacks", "blocks", "damage") if getattr(args, k) is not None]
    if len(chosen) > 1:
        raise UsageError("give at most one of --attacks, --blocks, --damage", command="explain")
    if args.board.endswith(".case"):
        from ..corpus import CaseError, parse_case

        try:
            board = parse_case(args.board).board(getattr(args, "rules", None))
        except CaseError as e:
            raise BoardError(str(e)) from None
        if getattr(args, "strict", False):
            board.require_understood()
    else:
        board = read_board(args)
    kind: Optional[str] = chosen[0] if chosen else None
    decl = parse_decl(getattr(args, kind), f"--{kind}", kind) if kind else None
    w = writer(args, board)
    from .commands import remaining

    if getattr(args, "about", None):
        return _story(args, board, w, kind, decl)

    expl = board.explain(kind, decl, backend=args.backend, time_limit=remaining(args))
    if args.json:
        emit_json(answer_json(board, expl.to_json(w)))
    else:
        warn_not_understood(args, board, w)
        for line in expl.text(w).rstrip("\n").split("\n"):
            say(line)
    return EXIT_OK


def _story(args: Any, board: Any, w: Any, kind: Optional[str], decl: Any) -> int:
    """``explain --about``: the question answered, then told step by step (text.results)."""
    from ..text import results
    from .commands import UsageError, answer_json, remaining, warn_not_understood

    about = args.about
    if kind is not None and not (about == "combat" and kind in ("attacks", "blocks")):
        raise UsageError(f"--about {about} takes no --{kind}", command="explain")
    t = remaining(args)
    if about == "combat":
        answer = board.combat(decl if kind == "attacks" else None,
                              decl if kind == "blocks" else None, time_limit=t,
                              backend=args.backend)
        report = results.combat_story(answer, w)
    elif about == "upkeep":
        from ..questions.upkeep import upkeep

        answer = upkeep(board, time_limit=t)
        report = results.upkeep_story(answer, w)
    else:
        from ..questions.best import best_attacks, best_blocks

        ask = best_blocks if about == "best-blocks" else best_attacks
        answer = ask(board, args.objective, time_limit=t, backend=args.backend)
        report = results.best_story(answer, w)
    if args.json:
        from ..text.report import plain

        emit_json(answer_json(board, {"question": about, "narrative": plain(report).split("\n"),
                                      "answer": answer.to_json(w)}))
        return EXIT_OK
    warn_not_understood(args, board, w)
    print_report(report)
    return EXIT_OK
