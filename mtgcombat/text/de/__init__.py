"""Deutsch, mit den Begriffen der deutschen Regeln (Forderungen, Einschränkungen,
Ausweichfähigkeit, Kampfschaden, Schadenszuweisungsreihenfolge ...).

Regelnummern sind dieselben wie im Englischen; der englische Text ist maßgeblich.
Oracle-Text auf dem Brett wird wörtlich (englisch) zitiert."""

from __future__ import annotations

from .. import Language
from . import (cards, combat, common, damage, decisions, declarations, draw, explain, human,
               payment, turn, stack)

FAMILIES = (common, declarations, damage, explain, human, combat, payment, decisions, turn,
            draw, cards, stack)


def _merge() -> dict:
    out: dict = {}
    for m in FAMILIES:
        for k, v in m.T.items():
            if k in out:
                raise ValueError(f"template {k!r} is defined twice")
            out[k] = v
    return out


class German(Language):
    code = "de"
    name = "Deutsch"
    templates = _merge()
    words = {"and": "und", "or": "oder"}
    old = "alte"
    editions = {"current": "aktuell"}
    open_quote = "\u201e"
    close_quote = "\u201c"
