"""Deutsche Vorlagen für alle Familien: Quellen, Dauer, wörtliche Texte."""

from __future__ import annotations


def _source(r, w):
    src = r["src"]
    if src.effect is not None:
        head = f"Effekt {src.effect + 1}"
        return f"{head} ({w.quote(src.sentence.strip())})" if r["quote"] else head
    if src.permanent is not None:
        return w.name(src.permanent)
    return ""


_BASES = {"each combat": "in jedem Kampf", "this combat": "in diesem Kampf",
          "this turn": "in diesem Zug", "each turn": "in jedem Zug"}
_UNTIL = {"end of turn": "bis zum Ende des Zuges", "your next turn": "bis zu deinem nächsten Zug"}


def _duration(r, w):
    d, default = r["duration"], r["default"]
    words = [_BASES[d.base]] if d.base else ([_BASES[default]] if default else [])
    if d.until and (d.base or default):
        words.append(_UNTIL[d.until])
    elif d.until:
        words = [_UNTIL[d.until]]
    return " ".join(words)


T: dict = {
    "literal": lambda r, w: r["text"],
    "source": _source,
    "duration": _duration,
}
