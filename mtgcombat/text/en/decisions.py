"""English templates: best decisions (``best-blocks``, ``best-attacks``)."""

from __future__ import annotations

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


def _assignment(w, pairs) -> str:
    return "; ".join(f"{w.name(s)}: " + ", ".join(f"{n} to {w.name(t)}" for t, n in d)
                     for s, d in pairs) or "no damage"


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
    "best.none": lambda r, w: (
        "No legal declaration was settled before the time limit." if r["status"] == "unknown"
        else "No legal declaration."),
    "best.choice": lambda r, w: (
        ("Best: " if r["status"] == "optimal" else "Best found before the time limit: ")
        + _decl(w, r) + f" ({_value(r, w)})."),
    "best.equal": lambda r, w: (
        "Equally good: " + _decl(w, r) + f" (also {_value(r, w)})."),
    "human.best_combat": lambda r, w: "The combat this expects:",
    "best.reply_blocks": lambda r, w: (
        "The defenders' best reply: "
        + (w.declaration(r["blocks"], "blocks") if r["blocks"] else "no creature blocks")
        + f" ({w.cite(r.rule)})."),
    "best.reply_order": lambda r, w: (
        f"Damage assignment order of {w.name(r['creature'])}: "
        + " > ".join(w.name(c) for c in r["order"]) + f" ({w.cite(r.rule)})."),
    "best.reply_damage": lambda r, w: (
        ("Combat damage" if r["steps"] == 1 else
         ("First-strike combat damage" if r["n"] == 1 else "Regular combat damage"))
        + f": {_assignment(w, r['assignment'])} ({w.cite(r.rule)})."),
    "best.outcome": lambda r, w: (
        "Outcome: "
        + (f"{w.names(r['destroyed'])} destroyed" if r["destroyed"] else "nothing destroyed")
        + (f"; {w.names(r['lost'])} lost the game" if r["lost"] else "")
        + "; life " + ", ".join(f"{w.name(p)} {n}" for p, n in r["life"]) + "."),
    "best.alternative": lambda r, w: (
        f"Instead, {_decl(w, r)}: " + ("" if r["exact"] else "at best ")
        + _lost_by(r, w) + "."),
    "human.best_head": lambda r, w: (
        f"Rules: {r['rules']}. Objective: {r['objective']}, a value compared first to last: "
        + "; ".join(f"({i}) {x}" for i, x in enumerate(LEGEND[r['objective']], 1))
        + f". Status: {r['status']}."),
    "human.best_bound": lambda r, w: (
        f"No declaration can be better than value {_vec(r['bound'])}."),
    "human.best_line": lambda r, w: f"  {r['text']}",
}
