"""English templates: triggered abilities and combat tricks as they resolve (the stack of
a combat, :mod:`mtgcombat.rules.stack`), and the choices they use."""

from __future__ import annotations

from .. import clause
from .turn import STEPS

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
            + (f" (the {_nth(inst)} time)" if inst and inst > 1 else ""))


def _dealer(r, w):
    """What deals the damage: the source named, else the effect (a spell whose "~" is
    itself, 120.3)."""
    if r["source"]:
        return w.name(r["source"])
    if r.get("effect") is not None:
        return f"effect {r['effect'] + 1}"
    return "it"


def _nth(n: int) -> str:
    return {2: "second", 3: "third"}.get(n, f"{n}th")


def _options(r, w, what):
    return w.join([_value(w, what, o) for o in r["options"]], "or")


T: dict = {
    "stack.trigger": clause(lambda r, w: (
        f"{w.name(r['source']) if r['source'] else 'an effect'}: {w.quote(str(r['text']))} "
        "resolves")),
    "stack.keyword": clause(lambda r, w: (
        f"{w.name(r['source'])}: {r['keyword']} resolves")),
    "stack.trick": clause(lambda r, w: (
        f"effect {r['effect'] + 1} ({w.quote(str(r['text']))}) resolves")),
    "stack.pt": clause(lambda r, w: (
        f"{w.name(r['who'])} gets {r['power']:+d}/{r['toughness']:+d} until end of turn")),
    "stack.effect": clause(lambda r, w: (
        (f"{w.name(r['who'])}: " if r["who"] else "")
        + f"{w.quote(str(r['text']))} applies from now on")),
    "stack.counters": clause(lambda r, w: (
        f"{w.name(r['who'])} " + ("gets " if r["n"] >= 0 else "loses ")
        + w.count(abs(r["n"]), f"{r['kind']} counter", f"{r['kind']} counters"))),
    "stack.damage": clause(lambda r, w: (
        f"{_dealer(r, w)} deals {r['amount']} damage to {w.name(r['to'])}")),
    "stack.prevented": clause(lambda r, w: (
        f"{r['amount']} damage from {w.name(r['source'])} to {w.name(r['to'])} is prevented",
        "protection")),
    "stack.life": clause(lambda r, w: (
        f"{w.name(r['who'])} " + (f"gains {r['amount']}" if r["amount"] > 0
                                  else f"loses {-r['amount']}") + " life")),
    "stack.poison": clause(lambda r, w: (
        f"{w.name(r['who'])} gets " + w.count(r["n"], "poison counter", "poison counters"))),
    "stack.tap": clause(lambda r, w: f"{w.name(r['who'])} is tapped"),
    "stack.untap": clause(lambda r, w: f"{w.name(r['who'])} is untapped"),
    "stack.leave": clause(lambda r, w: (
        f"{w.name(r['who'])} {_HOW[r['how']]} and leaves combat")),
    "stack.indestructible": clause(lambda r, w: (
        f"{w.name(r['who'])} is indestructible and is not destroyed")),
    "stack.out_of_combat": clause(lambda r, w: f"{w.name(r['who'])} is removed from combat"),
    "stack.token": clause(lambda r, w: (
        f"a {r['power']}/{r['toughness']} creature token, {w.name(r['who'])}, is created"
        + (f", attacking {w.name(r['attacking'])}" if r["attacking"] else ""))),
    "stack.returned": clause(lambda r, w: (
        f"{w.name(r['who'])} returns to the battlefield"
        + (" tapped" if r["tapped"] else "")
        + (f" with a {r['counter']} counter" if r["counter"] else "")
        + f", a new {r['power']}/{r['toughness']} creature not in combat")),
    "stack.token_gone": clause(lambda r, w: (
        f"{w.name(r['who'])} was a token: it can't return to the battlefield")),
    "stack.draw": clause(lambda r, w: (
        f"{w.name(r['who'])} draws " + w.count(r["n"], "card", "cards"))),
    "stack.discard": clause(lambda r, w: (
        f"{w.name(r['who'])} discards " + w.count(r["n"], "card", "cards"))),
    "stack.no_untap": clause(lambda r, w: (
        f"{w.name(r['who'])} won't untap during its controller's next untap step (after this "
        "turn: not on the board)")),
    "stack.delayed": clause(lambda r, w: (
        "the rest happens at end of combat: a delayed triggered ability")),
    "stack.nothing": clause(lambda r, w: "nothing it names is there any more: it does nothing"),
    "stack.no_target": clause(lambda r, w: "removed from the stack: it has no legal target"),
    "stack.condition_false": clause(lambda r, w: (
        "it does nothing: its \"if\" is not true as it resolves")),
    "stack.declined": clause(lambda r, w: "its controller chose not to (\"you may\")"),
    "stack.not_cast": clause(lambda r, w: (
        f"effect {r['effect'] + 1} is not cast: its target {w.name(r['target'])} "
        + ("has left the battlefield" if r["gone"] else "is not a legal target"))),
    "choice.made": lambda r, w: (
        f"{_ability(r, w)}: {_WHAT.get(r['what'], r['what'])} "
        f"{_value(w, r['what'], r['value'])}"
        + (" (the only legal choice)" if r["automatic"] else " (as given)")),
    "human.combat_stack_step": lambda r, w: f"{STEPS.get(r['step'], r['step'])}:",
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
        f"{_ability(r, w)} ({w.quote(str(r['text']))}) has "
        f"{w.count(r['needs'], 'target', 'targets')}, {r['given']} given"),
}
