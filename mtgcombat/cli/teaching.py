"""The corpus command: ``mtgcombat corpus`` runs the executable corpus of rules edge
cases (docs/corpus-format.md) and prints a pass/fail table; ``mtgcombat corpus --list``
lists the cases as lessons, by topic and by rule (``mtgcombat explain CASE`` explains one).
"""

from __future__ import annotations

import sys
from typing import Any

from ..options import COMMON, OPTIONS, Door, add_option
from ..rules.model import BoardError
from ..rules.reasons import reason
from ..text.report import Table
from .output import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, emit_json, help_formatter, print_table


def add_commands(sub: Any) -> None:
    c = sub.add_parser(
        "corpus", formatter_class=help_formatter(),
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
    c.add_argument("--list", action="store_true",
                   help="list the cases as lessons (id, title, question, rules, topics) "
                        "instead of running them; `mtgcombat explain CASE.case` explains one")
    from ..corpus import TOPICS

    topics = [code for code, _ in TOPICS] + ["other"]
    c.add_argument("--topic", default=None, metavar="TOPIC", choices=topics,
                   help="with --list: only the cases of this topic: " + ", ".join(topics))
    c.add_argument("--rule", default=None, metavar="RULE",
                   help="with --list: only the cases that cite this rule or one under it "
                        "(509.1 takes 509.1c)")
    for name in COMMON:
        add_option(c, OPTIONS[name], Door.COMMAND_LINE)


def cmd_corpus(args: Any) -> int:
    from .. import corpus

    try:
        if args.path is None:
            root = corpus.default_cases_dir()
            if root is None:
                raise BoardError(reason("error.no_corpus"))
        else:
            root = args.path
        cases = corpus.load_cases(root)
        if args.match:
            cases = [c for c in cases if args.match.lower() in c.id.lower()]
        if args.list or args.topic or args.rule:
            return _list(cases, args)
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


def _list(cases: list, args: Any) -> int:
    """``corpus --list``: the cases as lessons, in the chosen language."""
    from .. import corpus
    from ..text import Writer

    if args.topic:
        cases = [c for c in cases if args.topic in corpus.case_topics(c)]
    if args.rule:
        cases = [c for c in cases if any(corpus.under(r, args.rule)
                                         for r in corpus.case_rules(c))]
    index = corpus.lesson_index(cases, args.lang or "en")
    if args.json:
        emit_json(index)
        return EXIT_OK
    w = Writer(args.lang or "en")
    rows = [[c["id"], c["title"], w.t("lesson.question", question=c["question"]),
             # (a topic's name may hold commas: "Deathtouch, lifelink, infect, wither")
             ", ".join(c["rules"]), "; ".join(w.t("lesson.topic", topic=t)
                                             for t in c["topics"])]
            for c in index["cases"]]
    heads = [w.t("lesson.col", col=k) for k in ("case", "title", "question", "rules",
                                                 "topics")]
    print_table(Table(heads, rows, title=w.t("lesson.list_head", n=len(rows))))
    return EXIT_OK

