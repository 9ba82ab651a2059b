"""A human answer as data: lines and tables, rendered by the command line (rich on a
terminal, plain text when piped) or by :func:`plain` (tests, the web page)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence, Union


@dataclass
class Line:
    """One line of prose; ``style`` "ok", "bad", "warn" or "" (colour on a terminal)."""

    text: str
    style: str = ""


@dataclass
class Table:
    headers: list[str]
    rows: list[list[str]] = field(default_factory=list)
    title: str = ""


Report = list[Union[Line, Table]]


def table_lines(t: Table) -> list[str]:
    """A table as aligned plain text."""
    rows = [[("" if c is None else str(c)) for c in r] for r in t.rows]
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(t.headers)]
    out = [t.title] if t.title else []
    out.append("  ".join(h.ljust(w) for h, w in zip(t.headers, widths)).rstrip())
    for r in rows:
        out.append("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    return out


def plain(report: Sequence[Union[Line, Table]]) -> str:
    """The report as plain text, one line each (tables aligned)."""
    out: list[str] = []
    for item in report:
        if isinstance(item, Table):
            out += table_lines(item)
        else:
            out.append(item.text)
    return "\n".join(out)
