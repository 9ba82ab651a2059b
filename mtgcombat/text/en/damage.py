"""English templates: combat damage (510.1) -- who assigns, to what, and why an
assignment is illegal."""

from __future__ import annotations


def _n(w, r, key):
    return w.name(r[key])


def _possessive(name):
    return name + ("'" if name.endswith("s") else "'s")


def _threshold(r, w):
    kind, n = r["kind"], r["n"]
    if kind == "creature":
        dt = " (1 from a source with deathtouch, 702.2c)" if r["deathtouch"] else ""
        return f"lethal {n}{dt}"
    if kind == "planeswalker":
        return f"loyalty {n}"
    if kind == "battle":
        return f"defense {n}"
    return "player"


def _lethal(r):
    """"the lethal 3 it needs" -- with deathtouch, 1 (702.2c)."""
    if r.get("deathtouch"):
        return f"the lethal {r['need']} it needs (from a source with deathtouch, 702.2c)"
    return f"the lethal {r['need']} it needs"


def _bad_recipient(r, w):
    s, where = _n(w, r, "source"), r["where"]
    reach = " and ".join(w.name(x) for x in r["reach"])
    if where == "unblocked":
        why = f"it is unblocked and attacks {w.name(r['target'])}"
    elif where == "target_left":
        why = f"what it attacked has left combat; it may assign only to {reach}"
    elif where == "blocked":
        why = "it may assign only to the creatures blocking it" + (
            f" and (trample) to {reach}" if r["trample"] and reach else "")
    else:
        why = "it may assign only to the creatures it blocks"
    rules = " and ".join(w.cite(x) for x in r["rules"])
    return f"{s} can't assign damage to {_n(w, r, 'recipient')}: {why} ({rules})."


def _two_short(r, w):
    parts = ", ".join(f"{w.name(x)} (assigned {have} of the lethal {thr} it needs)"
                      for x, have, thr in r["short"])
    return (f"{_n(w, r, 'source')} assigns damage to {parts}: whatever its damage assignment "
            "order, the first of them would be skipped without lethal damage "
            f"({w.cite(r['order_rule'])}, {w.cite(r.rule)}).")


T: dict = {
    "damage.threshold": _threshold,
    # creatures that assign no damage in this step (510.4, 510.1a, 506.4c, 702.19f)
    "silent.no_first_strike": lambda r, w: (
        f"{_n(w, r, 'creature')} has neither first strike nor double strike, so it assigns no "
        "damage in the first combat damage step"),
    "silent.had_first_strike": lambda r, w: (
        f"{_n(w, r, 'creature')} had first strike or double strike as the first combat damage "
        "step began and doesn't have double strike now, so it assigns no damage in the second "
        "(702.4c, 702.7c)"),
    "silent.struck_first": lambda r, w: (
        f"{_n(w, r, 'creature')} has first strike (and not double strike), so it assigned its "
        "damage in the first combat damage step"),
    "silent.no_power": lambda r, w: (
        f"{_n(w, r, 'creature')} has {'toughness' if r.get('toughness') else 'power'} "
        f"{r['power']}, so it assigns no combat damage"
        + (" (it assigns combat damage equal to its toughness)" if r.get('toughness') else "")),
    "silent.assigns_no_damage": lambda r, w: (
        f"{_n(w, r, 'creature')} assigns no combat damage this combat (an effect says so)"),
    "silent.player_left": lambda r, w: (
        f"{_n(w, r, 'creature')} is unblocked and {w.name(r['player'])}, the player it "
        "attacks, has left the game, so its combat damage isn't assigned (800.4e)"),
    "silent.target_left": lambda r, w: (
        f"{_n(w, r, 'creature')} is unblocked and the "
        f"{'planeswalker' if r['walker'] else 'battle'} it attacked has left combat, so it "
        "isn't attacking anything and assigns no combat damage (506.4c)"),
    "silent.nowhere": lambda r, w: (
        f"{_n(w, r, 'creature')} is blocked, no creature is blocking it any more and what it "
        "attacked has left combat, so its damage has nowhere to go"),
    "silent.blockers_gone": lambda r, w: (
        f"{_n(w, r, 'creature')} is blocked but no creature is blocking it any more, so it "
        "assigns no combat damage"),
    # violations
    "damage.silent": lambda r, w: f"{w(r['why'])} ({w.cite(r.rule)}).",
    "damage.not_in_combat": lambda r, w: (
        f"{_n(w, r, 'creature')} is neither attacking nor blocking, so it assigns no combat "
        "damage (510.1)."),
    "damage.bad_recipient": _bad_recipient,
    "damage.wrong_total": lambda r, w: (
        f"{_n(w, r, 'source')} assigns {r['total']} damage but must assign all of its "
        f"{r['power']} (its power) (510.1a)."),
    "damage.trample_short": lambda r, w: (
        f"{_n(w, r, 'source')} has trample, but {_n(w, r, 'blocker')}, which blocks it, is "
        f"assigned {r['have']} damage, less than {_lethal(r)}, so no damage may go to "
        f"{_n(w, r, 'recipient')} ({w.cite(r.rule)})."),
    "damage.order_short": lambda r, w: (
        f"{_n(w, r, 'source')} assigns {r['amount']} damage to {_n(w, r, 'recipient')}, but "
        f"{_n(w, r, 'blocker')} comes before it in {_possessive(_n(w, r, 'source'))} damage "
        f"assignment order and is assigned {r['have']} damage, less than {_lethal(r)} "
        f"({w.cite(r.rule)})."),
    "damage.loyalty_short": lambda r, w: (
        f"{_n(w, r, 'source')} has trample over planeswalkers, but {_n(w, r, 'walker')} is "
        f"assigned {r['have']} damage, less than its loyalty {r['need']}, so no damage may go "
        f"to {_n(w, r, 'recipient')} ({w.cite(r.rule)})."),
    "damage.two_short": _two_short,
}
