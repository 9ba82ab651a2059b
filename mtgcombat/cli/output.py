"""What every command shares for output: exit codes, terminal or pipe, colour, tables,
JSON, one-line errors. Imported by the commands; imports none of them."""

from __future__ import annotations

import json
import os
import sys
from functools import lru_cache
from typing import Any, Optional, Sequence

from ..options import OptionError
from ..progress import Progress  # noqa: F401  (the commands' progress line)
from ..text.report import Line, Table, narrow_lines, table_lines, table_width, wrap

#: Exit statuses (defined once): an answer, legal or illegal, is a success.
EXIT_OK = 0
#: A bug (an internal error), or ``corpus`` with a failing case, or ``check --exit-code``
#: on an illegal declaration.
EXIT_FAILED = 1
#: Bad input: malformed board, unknown field or id, bad options.
EXIT_BAD_INPUT = 2
#: ``check --exit-code``: legality not settled within the time limit.
EXIT_UNKNOWN = 3
#: Interrupted by the user (Ctrl-C).
EXIT_INTERRUPTED = 130


@lru_cache(maxsize=None)
def help_formatter() -> type:
    """The ``--help`` formatter: descriptions wrapped at word boundaries to the terminal
    (at most 80 columns), while indented lines -- the examples -- are kept exactly as
    written. (Made when a parser is built: argparse is imported then, not by a command
    whose options are read directly, issue 24.)"""
    import argparse
    import textwrap

    class HelpFormatter(argparse.RawDescriptionHelpFormatter):
        def __init__(self, prog: str, **kw: Any) -> None:
            kw.setdefault("width", min(80, terminal_columns()))
            super().__init__(prog, **kw)

        def _fill_text(self, text: str, width: int, indent: str) -> str:
            out = []
            for para in text.split("\n\n"):
                lines = para.splitlines()
                if any(line.startswith(" ") for line in lines) or para.endswith(":"):
                    out.append("\n".join(indent + line for line in lines))
                else:
                    out.append(textwrap.fill(" ".join(lines), width, initial_indent=indent,
                                             subsequent_indent=indent))
            return "\n\n".join(out)

    return HelpFormatter


def terminal_columns(fallback: int = 80) -> int:
    """The terminal's width as ``shutil.get_terminal_size`` tells it ($COLUMNS, else the
    terminal of standard output, else ``fallback``), without importing ``shutil`` (and
    the compression modules it imports: a few milliseconds of every start, issue 24)."""
    cols = os.environ.get("COLUMNS", "")
    if cols.isdigit() and int(cols) > 0:
        return int(cols)
    out = sys.__stdout__
    if out is None:
        return fallback
    try:
        return os.get_terminal_size(out.fileno()).columns or fallback
    except (AttributeError, ValueError, OSError):
        return fallback


def examples(*lines: str) -> str:
    """The ``examples:`` block of a command's ``--help``."""
    return "examples:\n" + "\n".join(f"  {x}" for x in lines)


#: Bad options on the command line (exit status 2, one line): the option grammar's error.
UsageError = OptionError


def plain() -> bool:
    """Plain text (no table borders, no escape codes) unless standard output is a terminal."""
    try:
        return not sys.stdout.isatty()
    except (AttributeError, ValueError):
        return True


def color() -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org)
    or the terminal is dumb."""
    return (not plain() and not os.environ.get("NO_COLOR")
            and os.environ.get("TERM") != "dumb")


_STYLES = {"ok": "bold green", "bad": "bold red", "warn": "bold yellow", "": ""}


def _console(stderr: bool = False):
    from rich.console import Console

    c = color()
    return Console(no_color=not c, highlight=False, emoji=False, markup=False,
                   color_system="auto" if c else None, stderr=stderr)


def width() -> Optional[int]:
    """The columns human answers are wrapped to: the terminal's width when standard output
    is a terminal, ``$COLUMNS`` when that is set; ``None`` (one line per sentence, for grep
    and diff) when piped. Answers written into a buffer (the web lab, batch, tests through
    :func:`mtgcombat.cli.main` with a captured stdout) are never wrapped."""
    if sys.stdout is not sys.__stdout__:
        return None
    cols = os.environ.get("COLUMNS", "")
    if cols.isdigit() and int(cols) >= 20:
        return int(cols)
    if plain():
        return None
    return max(20, terminal_columns())


def say(text: str, style: str = "") -> None:
    """One line for a human, in ``style`` when colour is on, wrapped at word boundaries to
    :func:`width`."""
    cols = width()
    lines = wrap(text, cols) if cols else [text]
    if style and color():
        c = _console()
        for line in lines:
            c.print(line, style=_STYLES.get(style, style), soft_wrap=True)
    else:
        for line in lines:
            print(line)


def print_table(t: Table) -> None:
    """A table: drawn with rich on a terminal (plain when NO_COLOR is set), aligned plain
    text when piped; a table wider than :func:`width` (80 columns, say) as one block a
    row instead (:func:`~mtgcombat.text.report.narrow_lines`)."""
    cols = width()
    if cols and table_width(t) + (0 if plain() else 3 * len(t.headers) + 1) > cols:
        for line in narrow_lines(t, cols):
            print(line)
        return
    if not plain():
        from rich.table import Table as RichTable

        c = color()
        rt = RichTable(title=t.title or None, title_justify="left",
                       title_style="bold" if c else "", header_style="bold cyan" if c else "")
        for h in t.headers:
            rt.add_column(h, overflow="fold")
        for r in t.rows:
            rt.add_row(*[("" if x is None else str(x)) for x in r])
        _console().print(rt)
        return
    for line in table_lines(t):
        print(line)


def print_report(report: Sequence[Any]) -> None:
    for item in report:
        if isinstance(item, Table):
            print_table(item)
        elif isinstance(item, Line):
            say(item.text, item.style)
        else:  # pragma: no cover
            print(item)


def emit_json(obj: Any) -> None:
    print(json.dumps(obj, indent=2, ensure_ascii=False))


def emit_jsonl(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def warn(lines: Sequence[str]) -> None:
    """Warnings for a human, on standard error (one line each)."""
    for line in lines:
        print(line, file=sys.stderr)


def one_line(e: BaseException) -> str:
    return " ".join(line.strip() for line in str(e).splitlines() if line.strip())
