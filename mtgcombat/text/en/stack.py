"""English templates: triggered abilities and combat tricks as they resolve (the stack of
a combat, :mod:`mtgcombat.rules.stack`), and the choices they use."""

from __future__ import annotations

_HOW = {"destroy": "is destroyed", "sacrifice": "is sacrificed", "exile": "is exiled",
        "hand": "is returned to its owner's hand", "library":
        "is put on top of its owner's library"}
_WHAT = {"targets": "targets", "may": "\"you may\"", "exert": "exert",
         "attacking": "what it attacks", "mode": "mode", "amounts": "amounts"}


def _value(w, what, value):
    if what in ("may", "exert"):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return w.join([w.name(v) if v else "no target" for v in value]) or "none"
    if value == "":
        return "no target"
    return w.name(value) if isinstance(value, str) else str(value)


def _ability(r, w):
    src = r["source"]
    who = w.name(src) if src else "an effect"
    line = r.get("ability") or 0
    inst = r.get("instance") or 1
    return (f"{who}" + (f", ability {line}" if line else "")
            + (f" (time {inst})" if inst and inst > 1 else ""))


def _options(r, w, what):
    opts = r["options"]
    return w.join([_value(w, what, o) for o in opts], "or")


T: dict = {
    "stack.trigger": lambda r, w: (
        f"{w.name(r['source']) if r['source'] else 'an effect'}: {w.quote(str(r['text']))} "
        f"resolves ({w.cite(r.rule)})"),
    "stack.trick": lambda r, w: (
        f"effect {r['effect'] + 1} ({w.quote(str(r['text']))}) resolves ({w.cite(r.rule)})"),
    "stack.pt": lambda r, w: (
        f"{w.name(r['who'])} gets {r['power']:+d}/{r['toughness']:+d} until end of turn "
        f"({w.cite(r.rule)})"),
    "stack.effect": lambda r, w: (
        (f"{w.name(r['who'])}: " if r["who"] else "")
        + f"{w.quote(str(r['text']))} applies from now on ({w.cite(r.rule)})"),
    "stack.counters": lambda r, w: (
        f"{w.name(r['who'])} " + ("gets " if r["n"] >= 0 else "loses ")
        + f"{abs(r['n'])} {r['kind']} counter{'s' if abs(r['n']) != 1 else ''} "
        f"({w.cite(r.rule)})"),
    "stack.damage": lambda r, w: (
        f"{w.name(r['source']) if r['source'] else 'it'} deals {r['amount']} damage to "
        f"{w.name(r['to'])} ({w.cite(r.rule)})"),
    "stack.prevented": lambda r, w: (
        f"{r['amount']} damage from {w.name(r['source'])} to {w.name(r['to'])} is prevented: "
        f"protection ({w.cite(r.rule)})"),
    "stack.life": lambda r, w: (
        f"{w.name(r['who'])} " + (f"gains {r['amount']}" if r["amount"] > 0
                                  else f"loses {-r['amount']}")
        + f" life ({w.cite(r.rule)})"),
    "stack.poison": lambda r, w: (
        f"{w.name(r['who'])} gets {r['n']} poison counter{'s' if r['n'] != 1 else ''} "
        f"({w.cite(r.rule)})"),
    "stack.tap": lambda r, w: f"{w.name(r['who'])} is tapped ({w.cite(r.rule)})",
    "stack.untap": lambda r, w: f"{w.name(r['who'])} is untapped ({w.cite(r.rule)})",
    "stack.leave": lambda r, w: (
        f"{w.name(r['who'])} {_HOW[r['how']]} and leaves combat ({w.cite(r.rule)}, 506.4)"),
    "stack.indestructible": lambda r, w: (
        f"{w.name(r['who'])} is indestructible and is not destroyed ({w.cite(r.rule)})"),
    "stack.out_of_combat": lambda r, w: (
        f"{w.name(r['who'])} is removed from combat ({w.cite(r.rule)})"),
    "stack.token": lambda r, w: (
        f"a {r['power']}/{r['toughness']} creature token, {w.name(r['who'])}, is created "
        f"({w.cite(r.rule)})"
        + (f", attacking {w.name(r['attacking'])} (508.4)" if r["attacking"] else "")),
    "stack.draw": lambda r, w: (
        f"{w.name(r['who'])} draws {r['n']} card{'s' if r['n'] != 1 else ''} "
        f"({w.cite(r.rule)})"),
    "stack.delayed": lambda r, w: (
        f"the rest happens at end of combat: a delayed triggered ability ({w.cite(r.rule)})"),
    "stack.nothing": lambda r, w: "nothing it names is there any more: it does nothing",
    "stack.no_target": lambda r, w: (
        f"removed from the stack: it has no legal target ({w.cite(r.rule)})"),
    "stack.condition_false": lambda r, w: (
        f"does nothing: its \"if\" is not true as it resolves ({w.cite(r.rule)})"),
    "stack.declined": lambda r, w: (
        f"its controller chose not to (\"you may\", {w.cite(r.rule)})"),
    "stack.not_cast": lambda r, w: (
        f"effect {r['effect'] + 1} is not cast: its target {w.name(r['target'])} "
        + ("has left the battlefield" if r["gone"] else "is not a legal target")
        + f" ({w.cite(r.rule)})"),
    "choice.made": lambda r, w: (
        f"{_ability(r, w)}: {_WHAT.get(r['what'], r['what'])} "
        f"{_value(w, r['what'], r['value'])}"
        + (" (the only legal choice)" if r["automatic"] else " (as given)")),
    "human.combat_stack_step": lambda r, w: f"{r['step'][:1].upper() + r['step'][1:]}:",
    "human.combat_stack_item": lambda r, w: "  " + r["text"],
    "human.combat_stack_outcome": lambda r, w: "    " + r["text"],
    "human.combat_choices": lambda r, w: "Choices: " + r["text"],
    "error.choice_missing": lambda r, w: (
        f"{_ability(r, w)} ({w.quote(str(r['text']))}) needs a choice of "
        f"{_WHAT.get(r['what'], r['what'])} by {w.name(r['player'])}: "
        f"{_options(r, w, r['what'])} -- give it in the board's \"choices\" "
        f"({{\"source\": \"{r['source']}\", \"ability\": {r['ability']}, "
        f"\"{r['what']}\": ...}}) or with --choose"),
    "error.choice_illegal": lambda r, w: (
        f"{_ability(r, w)} ({w.quote(str(r['text']))}): {r['value']!r} is not a legal "
        f"choice; the legal ones: {w.join([repr(o) for o in r['options']], 'or') or 'none'}"),
    "error.choice_count": lambda r, w: (
        f"{_ability(r, w)} ({w.quote(str(r['text']))}) has {r['needs']} "
        f"target{'s' if r['needs'] != 1 else ''}, {r['given']} given"),
}
