"""A human answer as data: lines and tables, rendered by the command line (rich on a
terminal, plain text when piped) or by :func:`plain` (tests, the web page)."""

from __future__ import annotations

import re
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


#: A list item's marker at the start of a line: "- ", "* ", "12. ", "r3  ".
_MARKER = re.compile(r"- |\* |\d+\. |[a-z]\d+ +")


def wrap(text: str, width: int) -> list[str]:
    """One line of prose wrapped at word boundaries to ``width`` columns; continuation
    lines hang under the text after the line's indentation and list marker (two columns
    in when there is no marker). Words longer
    than the width (a long id) are never broken."""
    if len(text) <= width:
        return [text]
    body = text.lstrip(" ")
    indent = text[: len(text) - len(body)]
    marker = _MARKER.match(body)
    hang = indent + " " * (len(marker.group(0)) if marker else 2)
    import textwrap  # only when a line is wrapped (a terminal): not in every start

    return textwrap.wrap(body, width, initial_indent=indent, subsequent_indent=hang,
                         break_long_words=False, break_on_hyphens=False) or [text]


def table_width(t: Table) -> int:
    """The widest line of the table laid out as aligned columns."""
    return max(len(line) for line in table_lines(t))


def narrow_lines(t: Table, width: int) -> list[str]:
    """The table for a narrow screen: one block a row, its first cell then every other
    cell as "header: value", each wrapped to ``width``. A first column headed "#" numbers
    the blocks ("3. ...")."""
    out = [t.title] if t.title else []
    numbered = bool(t.headers) and t.headers[0] == "#"
    for r in t.rows:
        cells = [("" if c is None else str(c)) for c in r]
        pairs = list(zip(t.headers, cells))
        if numbered and len(pairs) > 1:
            first = f"{cells[0]}. {cells[1]}"
            rest = pairs[2:]
        else:
            first = f"{pairs[0][0]}: {pairs[0][1]}" if pairs else ""
            rest = pairs[1:]
        out += wrap(first, width)
        for h, c in rest:
            if c:
                out += wrap(f"   {h}: {c}", width)
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
