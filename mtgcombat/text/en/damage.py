"""English templates: combat damage (510.1) -- who assigns, to what, and why an
assignment is illegal."""

from __future__ import annotations

from .. import clause, sentence



def _possessive(name):
    return name + ("'" if name.endswith("s") else "'s")


def _threshold(r, w):
    kind, n = r["kind"], r["n"]
    if kind == "creature":
        return f"lethal {n}", "1 from a source with deathtouch" if r["deathtouch"] else None
    if kind == "planeswalker":
        return f"loyalty {n}"
    if kind == "battle":
        return f"defense {n}"
    return "player"


def _lethal(r):
    """"the lethal 3 it needs" -- with deathtouch, 1 (702.2c, cited by the phrase)."""
    if r.get("deathtouch"):
        return f"the lethal {r['need']} it needs from a source with deathtouch"
    return f"the lethal {r['need']} it needs"


def _bad_recipient(r, w):
    s, where = w.of(r, "source"), r["where"]
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
    return f"{s} can't assign damage to {w.of(r, 'recipient')}: {why}"


def _two_short(r, w):
    parts = ", ".join(f"{w.name(x)} (assigned {have} of the lethal {thr} it needs)"
                      for x, have, thr in r["short"])
    return (f"{w.of(r, 'source')} assigns damage to {parts}: whatever its damage assignment "
            "order, the first of them would be skipped without lethal damage")


T: dict = {
    "damage.threshold": clause(_threshold),
    # creatures that assign no damage in this step (510.4, 510.1a, 506.4c, 702.19f)
    "silent.no_first_strike": clause(lambda r, w: (
        f"{w.of(r, 'creature')} has neither first strike nor double strike, so it assigns no "
        "damage in the first combat damage step")),
    "silent.had_first_strike": clause(lambda r, w: (
        f"{w.of(r, 'creature')} had first strike or double strike as the first combat damage "
        "step began and doesn't have double strike now, so it assigns no damage in the "
        "second")),
    "silent.struck_first": clause(lambda r, w: (
        f"{w.of(r, 'creature')} has first strike (and not double strike), so it assigned its "
        "damage in the first combat damage step")),
    "silent.no_power": clause(lambda r, w: (
        f"{w.of(r, 'creature')} has {'toughness' if r.get('toughness') else 'power'} "
        f"{r['power']}, so it assigns no combat damage"
        + (" (it assigns combat damage equal to its toughness)" if r.get('toughness') else ""))),
    "silent.assigns_no_damage": clause(lambda r, w: (
        f"{w.of(r, 'creature')} assigns no combat damage this combat (an effect says so)")),
    "silent.player_left": clause(lambda r, w: (
        f"{w.of(r, 'creature')} is unblocked and {w.name(r['player'])}, the player it "
        "attacks, has left the game, so its combat damage isn't assigned")),
    "silent.target_left": clause(lambda r, w: (
        f"{w.of(r, 'creature')} is unblocked and the "
        f"{'planeswalker' if r['walker'] else 'battle'} it attacked has left combat, so it "
        "isn't attacking anything and assigns no combat damage")),
    "silent.nowhere": clause(lambda r, w: (
        f"{w.of(r, 'creature')} is blocked, no creature is blocking it any more and what it "
        "attacked has left combat, so its damage has nowhere to go")),
    "silent.blockers_gone": clause(lambda r, w: (
        f"{w.of(r, 'creature')} is blocked but no creature is blocking it any more, so it "
        "assigns no combat damage")),
    # violations
    # the why (a "silent.*" clause) cites the rule, the same as this reason's
    "damage.silent": lambda r, w: w(r["why"]) + ".",
    "damage.not_in_combat": sentence(lambda r, w: (
        f"{w.of(r, 'creature')} is neither attacking nor blocking, so it assigns no combat "
        "damage")),
    "damage.bad_recipient": sentence(_bad_recipient),
    "damage.wrong_total": sentence(lambda r, w: (
        f"{w.of(r, 'source')} assigns {r['total']} damage but must assign all of its "
        f"{r['power']}", "its power")),
    "damage.trample_short": sentence(lambda r, w: (
        f"{w.of(r, 'source')} has trample, but {w.of(r, 'blocker')}, which blocks it, is "
        f"assigned {r['have']} damage, less than {_lethal(r)}, so no damage may go to "
        f"{w.of(r, 'recipient')}")),
    "damage.order_short": sentence(lambda r, w: (
        f"{w.of(r, 'source')} assigns {r['amount']} damage to {w.of(r, 'recipient')}, but "
        f"{w.of(r, 'blocker')} comes before it in {_possessive(w.of(r, 'source'))} damage "
        f"assignment order and is assigned {r['have']} damage, less than {_lethal(r)}")),
    "damage.loyalty_short": sentence(lambda r, w: (
        f"{w.of(r, 'source')} has trample over planeswalkers, but {w.of(r, 'walker')} is "
        f"assigned {r['have']} damage, less than its loyalty {r['need']}, so no damage may go "
        f"to {w.of(r, 'recipient')}")),
    "damage.two_short": sentence(_two_short),
}
