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
from .solver.base import declaration_words

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2
        raise UsageError(f"{self.prog}: {message}")


# -- output helpers -------------------------------------------------------------------


def _plain() -> bool:
    """Plain text (no table borders, no escape codes) unless standard output is a terminal."""
    try:
        return not sys.stdout.isatty()
    except (AttributeError, ValueError):
        return True


def _color() -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org)
    or the terminal is dumb."""
    return (not _plain() and not os.environ.get("NO_COLOR")
            and os.environ.get("TERM") != "dumb")


def _console():
    from rich.console import Console

    color = _color()
    return Console(no_color=not color, highlight=False, emoji=False, markup=False,
                   color_system="auto" if color else None)


def say(text: str, style: str = "") -> None:
    """One line for a human, in ``style`` when colour is on."""
    if style and _color():
        _console().print(text, style=style, soft_wrap=True)
    else:
        print(text)


def print_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], title: str = "") -> None:
    """A table: drawn with rich on a terminal (plain when NO_COLOR is set), aligned
    plain text when piped."""
    rows = [[("" if c is None else str(c)) for c in r] for r in rows]
    if not _plain():
        try:
            from rich.table import Table

            color = _color()
            t = Table(title=title or None, title_justify="left",
                      title_style="bold" if color else "",
                      header_style="bold cyan" if color else "")
            for h in headers:
                t.add_column(h, overflow="fold")
            for r in rows:
                t.add_row(*r)
            _console().print(t)
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


def cr(rule: Any) -> Any:
    """A rule number as the JSON answers give it: the number in the board's edition
    ("510.1c" under rules "2024", not the human "old 510.1c"; "510.1c and 702.19b")."""
    if isinstance(rule, str):
        return rule.replace("old ", "")
    return rule


class Names:
    """How a human answer names things: a permanent by its name, with its id in
    parentheses when another permanent or a player has the same name."""

    def __init__(self, board) -> None:
        from collections import Counter

        count = Counter(p.name for p in board.permanents)
        players = {p.name for p in board.players}
        self.map = {p.name: p.name for p in board.players}
        for p in board.permanents:
            clash = count[p.name] > 1 or p.name in players
            self.map[p.id] = f"{p.name} ({p.id})" if clash and p.id != p.name else p.name

    def __call__(self, oid: str) -> str:
        return self.map.get(oid, oid)

    def declaration(self, decl: dict, kind: str) -> str:
        return declaration_words(decl, kind, self)

    def division(self, div: dict) -> str:
        return ", ".join(f"{n} to {self(r)}" for r, n in div.items()) or "nothing"

    def assignment(self, a: dict) -> str:
        return "; ".join(f"{self(s)}: {self.division(d)}" for s, d in a.items()) or "no damage"

    def orders(self, orders: Optional[dict]) -> str:
        return "; ".join(f"{self(k)}: " + " > ".join(self(c) for c in v)
                         for k, v in (orders or {}).items())


# -- input ----------------------------------------------------------------------------


def read_board(arg: str):
    from .board import Board

    if arg == "-":
        raw = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise BoardError(f"<stdin>: not UTF-8 text (byte {e.start + 1})") from None
        return Board.parse(raw, "<stdin>")
    return Board.load(arg)


def parse_decl(text: str, what: str) -> dict:
    """A declaration or assignment given on the command line: JSON, or @FILE."""
    from .boardjson import loads_strict

    src = what
    if text.startswith("@"):
        path = text[1:]
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise BoardError(f"{what}: cannot read {path}: {e.strerror}") from None
        except UnicodeDecodeError:
            raise BoardError(f"{what}: {path} is not UTF-8 text") from None
        src = f"{what} {path}"
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


# -- commands -------------------------------------------------------------------------


def _requirements_json(problem) -> list[dict]:
    return [{"id": r.id, "rule": cr(r.rule), "text": r.text} for r in problem.requirements]


def _decl_json(decl: dict) -> dict:
    return {k: (sorted(v) if isinstance(v, (tuple, list)) else v) for k, v in sorted(decl.items())}


def _decl_order(decl: dict) -> tuple:
    """Listing order: fewer creatures first, then by ids."""
    return (len(decl), json.dumps(_decl_json(decl), ensure_ascii=False))


def cmd_declarations(args, kind: str) -> int:
    board = read_board(args.board)
    problem = board.problem(kind)
    listing = board.list_declarations(kind, args.limit, args.backend, args.time_limit)
    listed = sorted(listing.declarations, key=lambda d: _decl_order(d.declaration))
    if args.json:
        emit_json({
            "rules": board.rules,
            "status": listing.status,
            "max_requirements": listing.max_requirements,
            "requirements": _requirements_json(problem),
            "declarations": [
                {"declaration": _decl_json(d.declaration),
                 "requirements_obeyed": d.requirements_obeyed, "costs": list(d.costs)}
                for d in listed
            ],
        })
        return EXIT_OK
    names = Names(board)
    rule = "508.1d" if kind == "attacks" else "509.1c"
    noun = "attack" if kind == "attacks" else "block"
    print(f"Rules: {board.rules}.")
    if problem.requirements:
        print(f"Requirements ({rule}):")
        for r in problem.requirements:
            print(f"  {r.id}  {r.text}" + ("" if r.rule == rule else f" ({r.rule})"))
    else:
        print(f"Requirements ({rule}): none.")
    if listing.max_requirements is not None and problem.requirements:
        print(f"At most {listing.max_requirements} of them can be obeyed without paying a cost; "
              f"a legal {noun} declaration obeys at least that many.")
    n = len(listed)
    if listing.status == "complete":
        head = f"Legal {noun} declarations: {n}" if n else f"No legal {noun} declaration."
    elif listing.status == "truncated":
        head = f"Legal {noun} declarations: the first {n} (--limit {args.limit}); there are more"
    else:
        head = (f"Unknown: the time limit ran out before the legal {noun} declarations were "
                f"settled; {n} found so far")
        if listing.max_requirements is None:
            head += " (the most requirements obeyable is not known)"
    if listing.status == "unknown":
        say(head, "yellow")
    else:
        print(head)
    if listed:
        headers = ["#", "declaration"]
        with_req = bool(problem.requirements)
        with_costs = any(d.costs for d in listed)
        if with_req:
            headers.append("requirements obeyed")
        if with_costs:
            headers.append("costs")
        rows = []
        for i, d in enumerate(listed, 1):
            row = [i, names.declaration(d.declaration, kind)]
            if with_req:
                row.append(d.requirements_obeyed)
            if with_costs:
                row.append("; ".join(d.costs) or "-")
            rows.append(row)
        print_table(headers, rows)
    return EXIT_OK


def _violations_json(violations) -> list[dict]:
    out = []
    for v in violations:
        d = v.to_json() if hasattr(v, "to_json") else dict(v)
        d["rule"] = cr(d.get("rule"))
        out.append(d)
    return out


def cmd_check(args) -> int:
    board = read_board(args.board)
    chosen = [k for k in ("attacks", "blocks", "damage") if getattr(args, k) is not None]
    if len(chosen) != 1:
        raise UsageError("mtgcombat check: give exactly one of --attacks, --blocks, --damage")
    kind = chosen[0]
    decl = parse_decl(getattr(args, kind), f"--{kind}")
    if kind == "damage":
        from .solver.damage import plain_rules

        answer = board.check_damage(decl, time_limit=args.time_limit)
        if args.json:
            answer = plain_rules(dict(answer))
            answer["violations"] = _violations_json(answer["violations"])
            emit_json(answer)
        else:
            _print_damage_check(board, answer)
        return EXIT_OK
    verdict = board._check(kind, decl, args.backend, args.time_limit)
    if args.json:
        out = {
            "legal": verdict.legal,
            "status": verdict.status,
            "violations": _violations_json(verdict.violations),
            "requirements_obeyed": verdict.requirements_obeyed,
            "max_requirements": verdict.max_requirements_without_costs,
            "witness": _decl_json(verdict.witness) if verdict.witness is not None else None,
            "costs": list(verdict.costs),
        }
        if verdict.costs:
            out["max_requirements_with_costs"] = verdict.max_requirements
        emit_json(out)
        return EXIT_OK
    names = Names(board)
    total = len(board.problem(kind).requirements)
    if verdict.legal is None:
        say("Unknown: the time limit ran out before legality was settled.", "bold yellow")
    elif verdict.legal:
        say("Legal.", "bold green")
        if total:
            print(f"It obeys every restriction and {verdict.requirements_obeyed} of the {total} "
                  f"requirement(s); no declaration obeys more than {verdict.max_requirements}"
                  + (" with the costs it pays." if verdict.costs else " without paying a cost."))
    for v in verdict.violations:
        say(f"Illegal ({v.rule}): {v.message}", "bold red")
    if verdict.witness is not None:
        example = names.declaration(verdict.witness, kind)
        if not any(example in v.message for v in verdict.violations):
            print(f"A legal declaration: {example}.")
    if verdict.costs:
        print("Costs to pay: " + "; ".join(verdict.costs))
    return EXIT_OK


def _sorted_damage(answer: dict) -> dict:
    out = dict(answer)
    out["assignments"] = sorted(
        answer.get("assignments", []),
        key=lambda a: json.dumps(a, sort_keys=True, ensure_ascii=False))
    return out


def cmd_damage(args) -> int:
    board = read_board(args.board)
    answer = _sorted_damage(board.damage(limit=args.limit, time_limit=args.time_limit))
    if args.json:
        from .solver.damage import plain_rules

        emit_json(plain_rules(answer))
    else:
        _print_damage(board, answer, args.limit)
    return EXIT_OK


def _source_rows(answer: dict, names: Names) -> list[list]:
    rows = []
    for sid, s in answer.get("sources", {}).items():
        to = []
        for r in s["recipients"]:
            text = r.get("text") if r.get("kind") != "player" else ""
            to.append(names(r["id"]) + (f" [{text}]" if text else ""))
        notes = []
        if s.get("deathtouch"):
            notes.append("deathtouch")
        if s.get("trample") and s.get("role") == "attacker":
            notes.append("trample")
        if s.get("damage_order"):
            notes.append("order " + " > ".join(names(c) for c in s["damage_order"]))
        elif s.get("order_open"):
            notes.append(f"order not given: part of the choice ({s.get('order_rule')})")
        if s.get("free_division"):
            notes.append(f"divides freely ({s['free_division']})")
        if s.get("as_though_unblocked"):
            notes.append("may assign as though unblocked")
        assigner = s["assigner"] + ("" if s.get("assigner_rule") in (None, "510.1")
                                    else f" ({s['assigner_rule']})")
        rows.append([names(sid), s["role"], s["power"], assigner, ", ".join(to),
                     "; ".join(notes), s["rule"]])
    return rows


def _print_sources(answer: dict, names: Names) -> None:
    rows = _source_rows(answer, names)
    if rows:
        headers = ["creature", "role", "power", "assigned by", "may assign to", "notes", "rule"]
        if not any(r[5] for r in rows):
            headers.pop(5)
            rows = [r[:5] + r[6:] for r in rows]
        print_table(headers, rows)
    else:
        print("No creature assigns combat damage in this step.")
    for s in answer.get("silent", []):
        print(f"No combat damage from {names(s['id'])}: {s['reason']} ({s['rule']}).")


def _print_damage(board, answer: dict, limit: int) -> None:
    names = Names(board)
    print(f"Rules: {answer['rules']}. Combat damage step: {answer['step']}.")
    _print_sources(answer, names)
    items = answer["assignments"]
    n, status = len(items), answer["status"]
    if status == "complete":
        print(f"Legal assignments: {n}")
    elif status == "truncated":
        print(f"Legal assignments: the first {n} (--limit {limit}); there are more")
    else:
        say(f"Unknown: the time limit ran out; {n} legal assignment(s) found so far", "yellow")
    if items:
        with_order = any(i.get("damage_order") for i in items)
        rows = []
        for i, item in enumerate(items, 1):
            row = [i, names.assignment(item["assignment"])]
            if with_order:
                row.append(names.orders(item.get("damage_order")) or "as given")
            rows.append(row)
        print_table(["#", "assignment"] + (["damage order"] if with_order else []), rows)
    if answer.get("best"):
        print("Best for each player (most opposing creatures destroyed, then most damage to "
              "opposing players, planeswalkers and battles, none counted beyond a "
              "planeswalker's loyalty or a battle's defense):")
        rows = []
        for p, b in answer["best"].items():
            txt = names.assignment(b["assignment"])
            if b.get("damage_order"):
                txt += f" [order: {names.orders(b['damage_order'])}]"
            rows.append([p, txt, ", ".join(names(c) for c in b["destroyed"]) or "-",
                         ", ".join(f"{k} to {names(r)}" for r, k in b["damage_to"].items())
                         or "-"])
        print_table(["player", "assignment", "destroys", "damage dealt"], rows)


def _print_damage_check(board, answer: dict) -> None:
    names = Names(board)
    print(f"Rules: {answer['rules']}. Combat damage step: {answer['step']}.")
    _print_sources(answer, names)
    print(f"Assignment checked: {names.assignment(answer['assignment'])}")
    if answer["legal"] is None:
        say("Unknown: the time limit ran out before legality was settled.", "bold yellow")
    elif answer["legal"]:
        say("Legal.", "bold green")
    for v in answer["violations"]:
        say(f"Illegal ({v['rule']}): {v['message']}", "bold red")
    if answer.get("damage_order"):
        print(f"It relies on the damage assignment order {names.orders(answer['damage_order'])}.")
    if answer.get("completion"):
        print("Legal together with what the players assigning before may assign: "
              f"{names.assignment(answer['completion'])}")


def cmd_show(args) -> int:
    board = read_board(args.board)
    if args.json:
        data = board.to_data(full=True)
        if "damage_step" not in data:
            data["damage_step"] = board.step
        data["not_understood"] = [n["sentence"] for n in board.not_understood]
        data["not_understood_sources"] = board.not_understood
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


def _one_line(e: BaseException) -> str:
    return " ".join(line.strip() for line in str(e).splitlines() if line.strip())


_GLOBAL_FLAGS = {"--json": 0, "--time-limit": 1, "--backend": 1}


def _options_after_command(argv: list[str], commands) -> list[str]:
    """``mtgcombat --json attacks BOARD`` means ``mtgcombat attacks BOARD --json``:
    the options every command takes may also come before the command."""
    moved: list[str] = []
    i = 0
    while i < len(argv) and argv[i] not in commands:
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


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        sub = next(a for a in parser._actions if a.dest == "command")
        argv = _options_after_command(argv, sub.choices)
        args = parser.parse_args(argv)
        if getattr(args, "limit", None) is not None and args.limit < 0:
            raise UsageError("mtgcombat: --limit must be 0 or more")
        if args.time_limit is not None and args.time_limit <= 0:
            raise UsageError("mtgcombat: --time-limit must be positive")
        return args.func(args)
    except UsageError as e:
        print(_one_line(e), file=sys.stderr)
        return EXIT_BAD_INPUT
    except BoardError as e:
        # Exactly one line (the spec): FILE:LINE:COLUMN for scenario text, no caret.
        print("mtgcombat: error: " + _one_line(e), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("mtgcombat: interrupted", file=sys.stderr)
        return 130
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
        print(f"mtgcombat: internal error: {type(e).__name__}: {_one_line(e)} "
              "(set MTGCOMBAT_DEBUG=1 for details; please report it)", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
