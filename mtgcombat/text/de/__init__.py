"""Deutsch, mit den Begriffen der deutschen Regeln (Forderungen, Einschränkungen,
Ausweichfähigkeit, Kampfschaden, Schadenszuweisungsreihenfolge ...).

Regelnummern sind dieselben wie im Englischen; der englische Text ist maßgeblich.
Oracle-Text auf dem Brett wird wörtlich (englisch) zitiert."""

from __future__ import annotations

from .. import Language, templates_of
from . import (cards, combat, common, damage, decisions, declarations, draw, explain, human,
               lessons, payment, stack, turn)

FAMILIES = (common, declarations, damage, explain, human, combat, payment, decisions, turn,
            draw, cards, lessons, stack)


class German(Language):
    code = "de"
    name = "Deutsch"
    templates = templates_of(*FAMILIES)
    words = {"and": "und", "or": "oder"}
    effect = "Effekt"
    durations = {"each combat": "in jedem Kampf", "this combat": "in diesem Kampf",
                 "this turn": "in diesem Zug", "each turn": "in jedem Zug"}
    until = {"end of turn": "bis zum Ende des Zuges",
             "your next turn": "bis zu deinem nächsten Zug"}
    old = "alte Regel"
    editions = {"current": "aktuell"}
    open_quote = "\u201e"
    close_quote = "\u201c"

    def rule(self, rule: str, old: bool) -> str:
        if not old:
            return rule
        return ("alte Regeln " if "-" in rule else "alte Regel ") + rule
