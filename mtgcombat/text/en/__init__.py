"""English: the authoritative language of the rules, and the default."""

from __future__ import annotations

from .. import Language
from . import (abilities, cards, combat, common, damage, decisions, declarations, draw, errors,
               explain, human, payment, stack, turn)

FAMILIES = (common, declarations, damage, explain, human, combat, payment, decisions, turn,
            draw, cards, errors, abilities, stack)


def _merge() -> dict:
    out: dict = {}
    for m in FAMILIES:
        for k, v in m.T.items():
            if k in out:
                raise ValueError(f"template {k!r} is defined twice")
            out[k] = v
    return out


class English(Language):
    code = "en"
    name = "English"
    templates = _merge()
    words = {"and": "and", "or": "or"}
