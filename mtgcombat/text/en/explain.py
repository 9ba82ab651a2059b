"""English templates: the narratives of ``mtgcombat explain``."""

from __future__ import annotations

from .. import Phrase, clause, sentence
from .turn import STEPS

_R = {"attacks": {"verb": "attack", "noun": "attack"},
      "blocks": {"verb": "block", "noun": "block"}}


def _plural(n, word):
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _who(r, w):
    R = _R[r["kind"]]
    name = w.name(r["creature"])
    opts, allowed = r["options"], r["allowed"]
    reasons = " ".join(w(x) for x in r["reasons"])
    cap = ""
    k = r["cap"]
    if k != 0:
        rule = w.declared("blocks", "who")
        cap = (f" (any number of them at once, {rule})" if k is None
               else f" (up to {k} of them at once, {rule})" if k > 1 else
               f" (one of them, {rule})")
    if not opts:
        return f"- {name} has nothing it could {R['verb']} ({w.declared(r['kind'], 'who')})."
    if not allowed:
        if r["reasons"] and all(x.get("creature") == r["creature"] for x in r["reasons"]):
            return "- " + reasons  # they say that it can't, and why
        return f"- {name} can't {R['verb']}: " + reasons
    can = w.join([w.name(o) for o in allowed], "or")
    if r["reasons"]:
        cannot = w.join([w.name(o) for o in opts if o not in allowed], "or")
        return f"- {name} can {R['verb']} {can}{cap}, but not {cannot}: " + reasons
    return f"- {name} can {R['verb']} {can}{cap}."


def _block_head(r, w):
    ds = r["defenders"]
    att = "; ".join(f"{w.name(a)} attacks {w.name(t)}" for a, t in r["attacks"])
    return (f"{w.names(ds)} declare{'s' if len(ds) == 1 else ''} blockers under the "
            f"{r['rules']} rules. Attacking: {att or 'nothing'}.")


def _requirement(r, w):
    line = f"- {r['id']}: {w(r['why'])}"
    if r["never"]:
        why = r["because"]
        named = why is not None and bool(why["restrictions"])
        line += (" It can't be obeyed on this board"
                 + (f": {w(why)}" if named else
                    ": no declaration that obeys the restrictions obeys it") + ".")
    return line


def _maximum(r, w):
    if r["total"]:
        return (f"At most {r['most']} of {_plural(r['total'], 'requirement')} can be obeyed "
                "without breaking a restriction or paying a cost, so every legal declaration "
                f"obeys {r['most']}")
    return "Every declaration that obeys the restrictions is legal"


_WORD = {"complete": "", "truncated": " (the first ones; there are more)",
         "unknown": " (found before the time limit ran out)"}


def _listed(r, w):
    extra = f"; pays {'; '.join(w(c) for c in r['costs'])}" if r["costs"] else ""
    return f"  {r['i']}. {w.declaration(r['decl'], r['kind'])}{extra}"


def _able(r, w):
    R = _R[r["kind"]]
    cs = r["creatures"]
    one = len(cs) == 1
    return (f"{w.names(cs)} could {R['verb']} as far as {'its' if one else 'their'} own "
            f"restrictions go, but {'it does' if one else 'they do'} so in no legal "
            "declaration: the restrictions on the whole declaration and the requirements "
            "leave no room")


def _asked_legal(r, w):
    return (f"It is legal: it obeys every restriction and {r['obeyed']} of "
            f"{_plural(r['total'], 'requirement')}, the most possible ({r['most']}).")


# -- damage --------------------------------------------------------------------------------


def _orders(w, orders, sep=", "):
    return "; ".join(f"{w.name(k)}: " + sep.join(w.name(c) for c in v) for k, v in orders)


def _source(r, w):
    role = "attacking" if r["role"] == "attacker" else "blocking"
    who = "" if r["assigner"] == r["controller"] else (
        f"; {w.name(r['assigner'])} assigns its damage ({w.cite(r['assigner_rule'])})")
    head = f"- {w.name(r['creature'])} ({role}, power {r['power']}{who})"
    if r["role"] == "attacker" and not r["creatures"]:
        return (f"{head} is unblocked: it assigns all its damage to "
                f"{w.names([i for i, _ in r['others']])} ({w.cites(r['rules'])}).")
    verb = "is blocked by" if r["role"] == "attacker" else "blocks"
    lethal = w.join([f"{w.name(i)} ({w(t)})" for i, t in r["creatures"]])
    return f"{head} {verb} {lethal} {w.apart(r['rules'])}."


def _trample(r, w):
    tgt = w.join([w.name(i) + (f" ({w(t)})" if t is not None else "") for i, t in r["others"]])
    return (f"  It has trample: once each blocker is assigned lethal damage, the rest may also "
            f"go to {tgt}")


def _best(r, w):
    destroyed = w.names(r["destroyed"]) or "nothing"
    dmg = w.amounts(r["damage"])
    return (f"Best for {w.name(r['player'])}: {w.assignment(r['a'])} -- destroys {destroyed}"
            + (f", deals {dmg}" if dmg else "") + ".")


def _relies(r, w):
    return f"  It relies on the damage assignment order {_orders(w, r['orders'])}"


T: dict = {
    "explain.blank": lambda r, w: "",
    "explain.story_combat": lambda r, w: (
        f"{w.name(r['active'])}'s combat under the {r['rules']} rules, step by step "
        f"({w.rule('combat')}): the declarations, what happens before damage, then "
        + (f"the first-strike combat damage step and the regular one ({w.rule('first_strike')})"
           if len(r["steps"]) > 1 else "the combat damage step")
        + f". In each step all combat damage is dealt at once ({w.rule('dealt_at_once')}), "
        f"then state-based actions are checked ({w.rule('sba')})."),
    "explain.story_declared": Phrase(lambda r, w: (
        "Attackers declared" if r["kind"] == "attacks" else "Blockers declared"),
        end=lambda r, w: ": " + w.declaration(r["decl"], r["kind"]) + "."),
    "explain.story_sources": Phrase(lambda r, w: (
        "who deals combat damage in this step, and to what"), end=":"),
    "explain.story_upkeep": lambda r, w: (
        f"As {w.name(r['player'])}'s upkeep begins ({w.rule('upkeep')}), each cumulative "
        f"upkeep ability of their permanents triggers ({w.rule('cumulative_upkeep')}): it puts "
        "an age counter on its permanent, then its controller may pay its cost once for each "
        "age counter on it -- all of it or nothing, no partial payments -- or sacrifices the "
        "permanent. Several instances on one permanent trigger separately, and each counts "
        f"every age counter on it as it resolves ({w.rule('cumulative_instances')})."),
    "explain.story_upkeep_counters": lambda r, w: (
        f"{w.name(r['permanent'])}" + (f" (instance {r['instance']})" if r["instance"] > 1 else "")
        + f": {r['before']} age counter{'s' if r['before'] != 1 else ''} before the trigger, "
        f"{r['age']} after it, so {w.quote(r['cost'])} is paid {r['age']} "
        f"time{'s' if r['age'] != 1 else ''}: "
        + (f"{r['count']} distinct whole payment{'s' if r['count'] != 1 else ''}, the order "
           f"of the choices irrelevant ({w.rule('cumulative_upkeep')})." if r["count"] is not None
           else "the payments can't be counted on this board.")),
    "explain.story_best": lambda r, w: (
        (f"The defending players choose their blocks against {w.name(r['player'])}'s attack. "
         f"Every legal block declaration is a candidate ({w.declared('blocks', 'declare')}); "
         "each is played to the end of "
         "combat, the attacking player answering with the damage assignments worst for them "
         "(minimax over both damage steps)"
         if r["kind"] == "blocks" else
         f"{w.name(r['player'])} chooses attackers. Every legal attack declaration is a "
         f"candidate ({w.declared('attacks', 'declare')}); for each, the defending players "
         "answer with their best legal "
         "blocks, and each side assigns damage as best for itself (minimax over both damage "
         "steps)")
        + f"; {r['evaluated']} played out"
        + (", fight by fight (CP-SAT finds the best sum of fights, then the best "
           "declarations are played out exactly)" if r["method"] == "groups" else "")
        + (". The search finished: the choice is proved best." if r["status"] == "optimal"
           else ". The time limit stopped the search: the choice is the best found.")),
    "explain.attack_head": lambda r, w: (
        f"{w.name(r['active'])} declares attackers under the {r['rules']} rules; defending: "
        f"{w.names(r['defenders'])}."),
    "explain.block_head": _block_head,
    "explain.who_head": Phrase(lambda r, w: f"Who can {_R[r['kind']]['verb']}", end=":"),
    "explain.who": _who,
    "explain.no_one": lambda r, w: f"- No creature can {_R[r['kind']]['verb']}.",
    "explain.each_defender_blocks": sentence(lambda r, w: (
        "- Each defending player blocks only creatures attacking them, their planeswalkers "
        "or the battles they protect")),
    "explain.nothing_to_block": sentence(lambda r, w: (
        f"- {w.labels.name(r['creature'])} can't block: no creature attacks "
        f"{w.name(r['player'])}, a planeswalker they control or a battle they protect")),
    "explain.combination_head": Phrase(lambda r, w: (
        "Restrictions on the declaration as a whole"), end=":"),
    "explain.item": lambda r, w: f"- {w(r['why'])}",
    "explain.no_combination": sentence(lambda r, w: (
        "No restriction limits the declaration as a whole")),
    "explain.requirements_head": Phrase(lambda r, w: "Requirements", end=":"),
    "explain.requirement": _requirement,
    "explain.no_requirements": sentence(lambda r, w: (
        f"No requirement asks any creature to {_R[r['kind']]['verb']}")),
    "explain.costs_head": Phrase(lambda r, w: (
        "Costs, which never have to be paid to obey a requirement"), end=":"),
    "explain.cost": clause(lambda r, w: f"- {w(r['why'])}"),
    "explain.time_out": lambda r, w: (
        "The time limit ran out before the maximum was settled; nothing more can be said."),
    "explain.none_legal": lambda r, w: (
        f"No declaration obeys every restriction, so no {_R[r['kind']]['noun']} declaration "
        "is legal."),
    "explain.maximum": sentence(_maximum),
    "explain.example": lambda r, w: f"For example: {w.declaration(r['decl'], r['kind'])}.",
    "explain.legal_count": lambda r, w: (
        f"Legal {_R[r['kind']]['noun']} declarations: {r['n']}{_WORD[r['status']]}."),
    "explain.listed": _listed,
    "explain.and_more": lambda r, w: f"  ... and {r['n']} more.",
    "explain.able_but_unused": sentence(_able),
    "explain.asked": lambda r, w: (
        f"The declaration asked about: {w.declaration(r['decl'], r['kind'])}."),
    "explain.asked_unknown": lambda r, w: (
        "Unknown: the time limit ran out before its legality was settled."),
    "explain.asked_legal": _asked_legal,
    "explain.asked_costs": lambda r, w: (
        "It costs: " + "; ".join(w(c) for c in r["costs"]) + "."
        + (" But " + (w(r["why"]) if r.get("why") is not None else "they can't be paid") + "."
           if r.get("payable") is False else "")),
    "explain.asked_illegal": lambda r, w: "It is illegal:",
    # the rule set before the reason only when its words don't cite it themselves
    "explain.violation": lambda r, w: (
        f"- {w(r['why'])}" if w.cited(r["why"]) else f"- {w.cite(r['rule'])}: {w(r['why'])}"),
    "explain.alternative": lambda r, w: (
        f"A legal alternative: {w.declaration(r['decl'], r['kind'])}."),
    # damage
    "explain.damage_head": sentence(lambda r, w: (
        f"Combat damage under the {r['rules']} rules, in the "
        f"{ {'first': 'first-strike'}.get(r['step'], r['step'])} combat damage step")),
    "explain.before_step": lambda r, w: (
        f"Before it, in the {STEPS[r['step']].lower()}:"),
    "explain.assigners": lambda r, w: (
        f"No player assigns combat damage in this step ({w.rule('assign')})."
        if not r["players"] else
        f"Players assign in turn: {', then '.join(w.name(p) for p in r['players'])} "
        f"({w.rule('assign')}); each player's whole assignment is judged at once "
        f"({w.rule('whole_assignment')})."),
    "explain.damage_who_head": Phrase(lambda r, w: (
        "Who assigns combat damage, and to what"), end=":"),
    "explain.source": _source,
    "explain.deathtouch": sentence(lambda r, w: (
        "  It has deathtouch: any nonzero damage it assigns to a creature is lethal damage")),
    "explain.free_division": sentence(lambda r, w: (
        "  It divides its damage freely among them", "card text" if r["why"] == "text" else None)),
    "explain.order_given": sentence(lambda r, w: (
        "  Its damage assignment order is " + ", then ".join(w.name(c) for c in r["order"])
        + f" ({w.cite(r['announce'])}): a creature may be assigned damage only once every "
        "creature before it in the order is assigned lethal damage")),
    "explain.order_open": sentence(lambda r, w: (
        f"  Its damage assignment order is not fixed on the board ({w.cite(r['announce'])}): "
        "a division is legal when some order allows it, that is, when at most one creature "
        "gets damage short of lethal and every creature that gets none comes after it")),
    "explain.no_order": sentence(lambda r, w: (
        "  There is no damage assignment order: its damage may be divided among them as its "
        "controller chooses")),
    "explain.trample": sentence(_trample),
    "explain.as_though_unblocked": lambda r, w: (
        "  It may instead assign all its damage as though it weren't blocked, to "
        + w.names(r["to"]) + "."),
    # the why (a "silent.*" clause) cites the rule
    "explain.silent": lambda r, w: f"- {w(r['why'])}.",
    "explain.never_reached": lambda r, w: (
        "The combat never reaches combat damage: its declarations are illegal, as check "
        "judges them:" if r["status"] == "illegal" else
        "Whether the combat reaches combat damage is unknown: the time limit ran out before "
        "its declarations were judged."),
    "explain.no_damage": lambda r, w: "- No creature assigns combat damage in this step.",
    "explain.lethal_note": sentence(lambda r, w: (
        "Lethal damage counts damage already marked and damage assigned by other creatures in "
        "the same step, never prevention or other effects")),
    "explain.assignments_count": lambda r, w: (
        f"Legal assignments of the whole step: {r['n']}{_WORD.get(r['status'], '')}."),
    "explain.assignment": lambda r, w: (
        f"  {r['i']}. {w.assignment(r['a'])}"
        + (f" (with the order {_orders(w, r['orders'])})" if r["orders"] else "")),
    "explain.assignment_words": lambda r, w: w.assignment(r["a"]),
    "explain.best": _best,
    "explain.damage_asked": lambda r, w: (
        f"The assignment asked about ({w.names(r['players']) or 'nobody'}): "
        f"{w.assignment(r['a'])}."),
    "explain.damage_asked_legal": lambda r, w: "It is legal.",
    "explain.relies_on_order": sentence(_relies),
    "explain.damage_alternative": lambda r, w: f"A legal alternative: {w.assignment(r['a'])}.",
}
