"""Reading mana abilities and cumulative upkeep (605.1a, 702.24a) into
:mod:`mtgcombat.rules.mana` objects.

Recognised: "{T}: Add {G}." (any plain mana), "{T}: Add {R} or {G}." / "{T}: Add {W},
{U}, or {B}.", "{T}: Add one mana of any color.", "{T}: Add two mana of any one color.",
and "Cumulative upkeep [cost]" with the costs of :mod:`mtgcombat.rules.mana`. A
cumulative upkeep cost that names something the board can't express ("Discard a
card", "Flip a coin", snow mana) is read as :class:`~mtgcombat.rules.mana.UnknownCost`:
the ability is known, its cost is reported as not payable by this tool.
"""

from __future__ import annotations

import re
from typing import Optional

from ..rules import abilities as A
from ..rules import mana as M

_NUM = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_TAP_ADD = re.compile(r"^\{T\}: Add (?P<what>.+?)\.?$", re.I)
_ANY_COLOR = re.compile(r"^(?P<n>one|two|three) mana of any (?:one )?colou?r$", re.I)
_MANA = r"(?:\{[^{}]+\})+"
_CHOICE = re.compile(rf"^(?P<first>{_MANA})((?:, {_MANA})*,?) or (?P<last>{_MANA})$")
_UPKEEP = re.compile(r"^cumulative upkeep(?:\s*[\u2014\-:]\s*|\s+)(?P<cost>.+?)\.?$", re.I)
_LIFE = re.compile(r"^pay (?P<n>\d+) life$", re.I)
_SAC = re.compile(r"^sacrifice an? (?P<what>creature|land|permanent|artifact|enchantment)$",
                  re.I)
_GAIN = re.compile(r"^gain control of an? (?P<what>land|creature|permanent) you don't control$",
                   re.I)
_ADD = re.compile(r"^add (?P<mana>(?:\{[WUBRGC]\})+)$", re.I)
_TAP = re.compile(r"^tap an untapped (?P<what>creature|land|artifact|permanent) you control$",
                  re.I)


def read(sentence: str) -> Optional[list]:
    """The rule objects of a mana ability or a cumulative upkeep line, or None."""
    s = sentence.strip().replace("\u2019", "'")
    m = _TAP_ADD.match(s)
    if m:
        options = _add_options(m.group("what").strip())
        return None if options is None else [M.ManaAbility(options)]
    m = _UPKEEP.match(s)
    if m:
        text = m.group("cost").strip()
        return [M.CumulativeUpkeep(upkeep_cost(text), text)]
    return None


def _add_options(what: str) -> Optional[tuple[tuple[str, ...], ...]]:
    m = _ANY_COLOR.match(what)
    if m:
        n = _NUM[m.group("n").lower()]
        return tuple(tuple([c] * n) for c in M.COLORS)
    units = M.mana_units(what)
    if units is not None:
        return (units,)
    m = _CHOICE.match(what)
    if m:
        parts = re.findall(_MANA, what)
        opts = [M.mana_units(p) for p in parts]
        if all(o is not None for o in opts):
            return tuple(o for o in opts if o is not None)
    return None


def upkeep_cost(text: str) -> object:
    """The cost of a cumulative upkeep (702.24a), per age counter."""
    t = text.strip().rstrip(".")
    syms = M.symbols(t)
    if syms is not None:
        if any(s.kind == "x" for s in syms):
            return M.UnknownCost(text)
        return M.ManaPayment((syms,))
    if " or " in t:
        alts = [M.symbols(x.strip()) for x in t.split(" or ")]
        if all(a is not None and not any(s.kind == "x" for s in a) for a in alts):
            return M.ManaPayment(tuple(a for a in alts if a is not None))
    m = _LIFE.match(t)
    if m:
        return M.LifePayment(int(m.group("n")))
    m = _SAC.match(t)
    if m:
        w = m.group("what").lower()
        return M.SacrificePayment(_pred(w), w)
    m = _GAIN.match(t)
    if m:
        w = m.group("what").lower()
        return M.GainControlPayment(_pred(w), w)
    m = _ADD.match(t)
    if m:
        units = M.mana_units(m.group("mana"))
        if units is not None:
            return M.AddManaPayment(units)
    m = _TAP.match(t)
    if m:
        w = m.group("what").lower()
        return M.TapPayment(_pred(w), w)
    return M.UnknownCost(text)


def _pred(word: str) -> A.Pred:
    return A.AnyPred() if word == "permanent" else A.TypePred(word.capitalize())
