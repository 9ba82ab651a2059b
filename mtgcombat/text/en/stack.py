"""English templates: triggered abilities and combat tricks as they resolve (the stack of
a combat, :mod:`mtgcombat.rules.stack`), and the choices they use."""

from __future__ import annotations

from .. import clause
from ..choices import grouped
from ..stack_words import StackWords
from .turn import STEPS

W = StackWords(
    yes="yes", no="no", no_target="no target", no_targets="none", an_effect="an effect",
    ability="ability {line}",
    nth=lambda n: "the " + {2: "second", 3: "third"}.get(n, f"{n}th") + " time",
    effect="effect {n}", it="it",
    what={"targets": "targets", "may": "\"you may\"", "exert": "exert",
          "attacking": "what the token attacks", "mode": "mode", "amounts": "amounts",
          "chosen": "the creature chosen as it resolves"},
    how={"destroy": "is destroyed", "sacrifice": "is sacrificed", "exile": "is exiled",
         "hand": "is returned to its owner's hand",
         "library": "is put on top of its owner's library"})


def _chosen(r, w) -> str:
    """What was chosen, as a player says it: the token attacks Bob (508.4; ``times``: as
    many tokens of one ability that attack it), Glorybringer is exerted, it targets Wall."""
    what, value, n = r["what"], r["value"], r.get("times") or 1
    if what == "attacking":
        return ("the token attacks " if n == 1 else f"{n} tokens attack ") + w.name(value)
    if what == "chosen":  # 608.2d: chosen as the spell resolved
        return f"{w.name(value)} was chosen as it resolved" + (f" ({n} times)" if n > 1 else "")
    if what == "may" and r.get("effect") is not None:
        # a spell's choice as it was cast: kicker paid (601.2b), mana spent (601.2h)
        said = "as it was cast, its controller " + (
            "paid the cost or spent the mana its text asks for" if value
            else "didn't pay the cost or spend the mana its text asks for")
    elif what == "may":
        said = "\"you may\": its controller " + ("does" if value else "doesn't")
    elif what == "exert":
        said = f"{W.source(r, w)} is " + ("exerted" if value else "not exerted")
    elif what == "targets":
        values = value if isinstance(value, tuple) else (value,)
        named = [w.name(v) for v in values if v]
        said = "it targets " + w.join(named) if named else "it has no target"
    else:
        said = f"{W.what.get(what, what)} {W.value(w, what, value)}"
    return said + (f" ({n} times)" if n > 1 else "")


T: dict = {
    "stack.trigger": clause(lambda r, w: (
        f"{W.source(r, w)}: {w.quote(str(r['text']))} "
        "resolves")),
    "stack.keyword": clause(lambda r, w: (
        f"{w.name(r['source'])}: {r['keyword']} resolves")),
    "stack.trick": clause(lambda r, w: (
        f"{W.effect_of(r)} ({w.quote(str(r['text']))}) resolves")),
    "stack.pt": clause(lambda r, w: (
        f"{w.name(r['who'])} gets {r['power']:+d}/{r['toughness']:+d} until end of turn")),
    "stack.effect": clause(lambda r, w: (
        (f"{w.name(r['who'])}: " if r["who"] else "")
        + f"{w.quote(str(r['text']))} applies from now on")),
    "stack.counters": clause(lambda r, w: (
        f"{w.name(r['who'])} " + ("gets " if r["n"] >= 0 else "loses ")
        + w.count(abs(r["n"]), f"{r['kind']} counter", f"{r['kind']} counters"))),
    "stack.damage": clause(lambda r, w: (
        f"{W.dealer(r, w)} deals {r['amount']} damage to {w.name(r['to'])}")),
    "stack.prevented": clause(lambda r, w: (
        f"{r['amount']} damage from {W.dealer(r, w)} to {w.name(r['to'])} is prevented",
        "a prevention effect" if r.get("shield") else "protection")),
    "stack.life": clause(lambda r, w: (
        f"{w.name(r['who'])} " + (f"gains {r['amount']}" if r["amount"] > 0
                                  else f"loses {-r['amount']}") + " life")),
    "stack.poison": clause(lambda r, w: (
        f"{w.name(r['who'])} gets " + w.count(r["n"], "poison counter", "poison counters"))),
    "stack.tap": clause(lambda r, w: f"{w.name(r['who'])} is tapped"),
    "stack.untap": clause(lambda r, w: f"{w.name(r['who'])} is untapped"),
    "stack.leave": clause(lambda r, w: (
        f"{w.name(r['who'])} {W.how[r['how']]} and leaves combat")),
    "stack.indestructible": clause(lambda r, w: (
        f"{w.name(r['who'])} is indestructible and is not destroyed")),
    "stack.out_of_combat": clause(lambda r, w: f"{w.name(r['who'])} is removed from combat"),
    "stack.token": clause(lambda r, w: (
        f"a {r['power']}/{r['toughness']} creature token, {w.name(r['who'])}, is created"
        + (f", attacking {w.name(r['attacking'])}" if r["attacking"] else "")
        + (f", blocking {w.names(r['blocking'])}" if r.get("blocking") else ""))),
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
        f"{w.name(r['who'])} won't untap during its controller's next untap step (that is "
        "after this turn: the board after combat doesn't show it)")),
    "stack.delayed": clause(lambda r, w: (
        "the rest happens at end of combat: a delayed triggered ability")),
    "stack.nothing": clause(lambda r, w: "nothing it names is there any more: it does nothing"),
    "stack.no_target": clause(lambda r, w: "removed from the stack: it has no legal target"),
    "stack.condition_false": clause(lambda r, w: (
        "it does nothing: its \"if\" is not true as it resolves")),
    "stack.declined": clause(lambda r, w: "its controller chose not to (\"you may\")"),
    "stack.not_cast": clause(lambda r, w: (
        f"{W.effect_of(r)} is not cast: its target {w.name(r['target'])} "
        + ("has left the battlefield" if r["gone"] else "is not a legal target"))),
    "choice.made": lambda r, w: (
        f"{W.ability_of(r, w)}: {_chosen(r, w)}"
        + (" (the only legal choice)" if r["automatic"] else " (as given)")),
    "human.combat_stack_step": lambda r, w: f"{STEPS.get(r['step'], r['step'])}:",
    "human.combat_stack_item": lambda r, w: "  " + r["text"],
    "human.combat_stack_outcome": lambda r, w: "    " + r["text"],
    "human.combat_choices": lambda r, w: "Choices: " + "; ".join(
        w(c) for c in grouped(r["choices"])),
    "error.choice_missing": lambda r, w: (
        f"{W.ability_of(r, w)} ({w.quote(str(r['text']))}) needs a choice of "
        f"{W.what.get(r['what'], r['what'])} by {w.name(r['player'])}: "
        f"{W.options(r, w, r['what'])} -- give it in the board's \"choices\" "
        + (f"({{\"effect\": {r['effect'] + 1}, \"{r['what']}\": ...}}) or with --choose "
           f"'effect {r['effect'] + 1}: {r['what']} "
           + ("yes|no'" if r["what"] == "may" else f"{r['options'][0]}'") if r.get("effect") is not None
           else f"({{\"source\": \"{r['source']}\", \"ability\": {r['ability']}, "
           f"\"{r['what']}\": ...}}) or with --choose")),
    "error.choice_illegal": lambda r, w: (
        f"{W.ability_of(r, w)} ({w.quote(str(r['text']))}): {r['value']!r} is not a legal "
        f"choice; the legal ones: {w.join([repr(o) for o in r['options']], 'or') or 'none'}"),
    "error.choice_count": lambda r, w: (
        f"{W.ability_of(r, w)} ({w.quote(str(r['text']))}) has "
        f"{w.count(r['needs'], 'target', 'targets')}, {r['given']} given"),
}
