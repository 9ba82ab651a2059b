"""English: the authoritative language of the rules, and the default."""

from __future__ import annotations

from .. import Language, templates_of
from . import (abilities, cards, combat, common, damage, decisions, declarations, draw, errors,
               explain, human, lessons, payment, stack, turn)

FAMILIES = (common, declarations, damage, explain, human, combat, payment, decisions, turn,
            draw, cards, errors, abilities, lessons, stack)


class English(Language):
    code = "en"
    name = "English"
    templates = templates_of(*FAMILIES)
    words = {"and": "and", "or": "or"}
