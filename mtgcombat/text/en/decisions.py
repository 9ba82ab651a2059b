"""English templates: best decisions (``best-blocks``, ``best-attacks``)."""

from __future__ import annotations

from .. import sentence
from ..citations import SBA
from .stack import W as STACK

NAMES = {
    "standard": ("the game", "creatures", "life"),
    "survive": ("the game", "life"),
    "race": ("the game", "life", "creatures"),
}

LEGEND = {
    "standard": ("+1 if the opponents lose, -1 if you lose", "creatures destroyed, theirs "
                 "minus yours", "life lost, theirs minus yours"),
    "survive": ("-1 if you lose", "minus the life you lose"),
    "race": ("+1 if the opponents lose, -1 if you lose", "life lost, theirs minus yours",
             "creatures destroyed, theirs minus yours"),
}


def _vec(v) -> str:
    return "[" + ", ".join(str(x) for x in v) + "]"


def _value(r, w, key="value") -> str:
    return "value " + _vec(r[key])


def _decl(w, r) -> str:
    return w.declaration(r["decl"], r["kind"]) if r["decl"] else (
        "no creature blocks" if r["kind"] == "blocks" else "no creature attacks")


def _gone(r, w) -> str:
    """What left the battlefield: destroyed, or an Aura put into its owner's graveyard
    because it is attached to nothing (704.5m: not destroyed)."""
    by = r.get("by") or (None,) * len(r["destroyed"])
    auras = [x for x, rule in zip(r["destroyed"], by) if SBA.get(rule or "") == "aura"]
    destroyed = [x for x in r["destroyed"] if x not in auras]
    out = [f"{w.names(destroyed)} destroyed" if destroyed else "nothing destroyed"]
    if auras:
        out.append(f"{w.names(auras)} put into the graveyard, attached to nothing")
    return "; ".join(out)


def _held(r, w) -> str:
    """The ability whose choice the search held fixed."""
    source, ability, instance = r["held"]
    return STACK.ability_of({"source": source, "ability": ability, "instance": instance}, w)


def _lost_by(r, w) -> str:
    best, alt = r["best"], r["value"]
    names = NAMES[r["objective"]]
    for n, b, a in zip(names, best, alt):
        if a != b:
            return f"value {_vec(alt)}, worse in {n} ({a} instead of {b})"
    return f"value {_vec(alt)}, as good"


T: dict = {
    "error.objective": lambda r, w: (
        f"unknown objective {r['name']!r}: choose one of {', '.join(r['known'])}"),
    "error.best_blocks_no_attacks": lambda r, w: (
        "best-blocks: the board declares no attacks to block"),
    "best.none": sentence(lambda r, w: (
        "No declaration was settled: the search holds one choice the same for every "
        f"declaration ({_held(r, w)}), and each of its options is illegal after some "
        "declaration" if r.get("held") else
        "No legal declaration was settled before the time limit" if r["status"] == "unknown"
        else "No legal declaration")),
    "best.choice": lambda r, w: (
        ("Best: " if r["status"] == "optimal" else
         "Best found with one choice held the same for every declaration "
         f"({_held(r, w)}; a line choosing otherwise may be better): " if r.get("held") else
         "Best found before the time limit: ")
        + _decl(w, r) + f" ({_value(r, w)})."),
    "best.equal": sentence(lambda r, w: (
        "Equally good: " + _decl(w, r) + f" (also {_value(r, w)})")),
    "human.best_combat": lambda r, w: "The combat this expects:",
    "best.reply_blocks": sentence(lambda r, w: (
        "The defenders' best reply: "
        + (w.declaration(r["blocks"], "blocks") if r["blocks"] else "no creature blocks"))),
    "best.reply_order": sentence(lambda r, w: (
        f"Damage assignment order of {w.name(r['creature'])}: "
        + " > ".join(w.name(c) for c in r["order"]))),
    "best.reply_damage": sentence(lambda r, w: (
        ("Combat damage" if r["steps"] == 1 else
         ("First-strike combat damage" if r["n"] == 1 else "Regular combat damage"))
        + f": {w.assignment(r['assignment'])}")),
    "best.outcome": lambda r, w: (
        "Outcome: " + _gone(r, w)
        + (f"; {w.names(r['lost'])} lost the game" if r["lost"] else "")
        + "; life " + ", ".join(f"{w.names(who)} {n}" + (f" ({k} poison)" if k else "")
                                for who, n, k in r["life"]) + "."),
    "best.alternative": lambda r, w: (
        f"Instead, {_decl(w, r)}: " + ("" if r["exact"] else "at best ")
        + _lost_by(r, w) + "."),
    "human.best_head": lambda r, w: (
        f"Rules: {r['rules']}. Objective: {r['objective']}, a value compared first to last: "
        + "; ".join(f"({i}) {x}" for i, x in enumerate(LEGEND[r['objective']], 1))
        + f". Status: {r['status']}."),
    "human.best_choices": lambda r, w: (
        "Choices the search made: " + "; ".join(r["choices"]) + "."),
    "human.best_bound": lambda r, w: (
        f"No declaration can be better than value {_vec(r['bound'])}."),
    "human.best_line": lambda r, w: f"  {r['text']}",
}
