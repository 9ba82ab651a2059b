"""English templates shared by every family: sources, durations, literals."""

from __future__ import annotations


def _source(r, w):
    src = r["src"]
    if src.effect is not None:
        head = f"effect {src.effect + 1}"
        return f"{head} ({w.quote(src.sentence.strip())})" if r["quote"] else head
    if src.permanent is not None:
        return w.name(src.permanent)
    return ""


_BASES = {"each combat": "each combat", "this combat": "this combat",
          "this turn": "this turn", "each turn": "each turn"}
_UNTIL = {"end of turn": "until end of turn", "your next turn": "until your next turn"}


def _duration(r, w):
    d, default = r["duration"], r["default"]
    words = [_BASES[d.base]] if d.base else ([_BASES[default]] if default else [])
    if d.until and (d.base or default):
        words.append(_UNTIL[d.until])
    elif d.until:
        words = [_UNTIL[d.until]]
    return " ".join(words)


T: dict = {
    # A text given as is (hand-built problems in tests and scripts).
    "literal": lambda r, w: r["text"],
    "source": _source,
    "duration": _duration,
}
