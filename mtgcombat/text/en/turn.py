"""English templates: the turn (``mtgcombat turn``)."""

from __future__ import annotations

PHASES = {"beginning": "Beginning phase", "precombat main": "Precombat main phase",
          "combat": "Combat phase", "postcombat main": "Postcombat main phase",
          "ending": "Ending phase"}

STEPS = {"untap": "Untap step", "upkeep": "Upkeep step", "draw": "Draw step",
         "precombat main": "Main phase", "beginning of combat": "Beginning of combat step",
         "declare attackers": "Declare attackers step",
         "declare blockers": "Declare blockers step",
         "first-strike combat damage": "First-strike combat damage step",
         "combat damage": "Combat damage step", "end of combat": "End of combat step",
         "postcombat main": "Main phase", "end": "End step", "cleanup": "Cleanup step"}


def _decl(w, pairs) -> str:
    return "; ".join(f"{w.name(a)} -> {w.name(t)}" for a, t in pairs)


def _blocks(w, pairs) -> str:
    return "; ".join(f"{w.name(b)} -> {w.names(a)}" for b, a in pairs)


def _discard(r, w) -> str:
    if r["hand"] is None:
        return (f"{w.name(r['player'])} discards down to the maximum hand size of "
                f"{r['size']} ({w.cite(r.rule)}); the board doesn't record the hand")
    if r["discard"]:
        return (f"{w.name(r['player'])} has {r['hand']} cards in hand and discards "
                f"{r['discard']} down to {r['size']} ({w.cite(r.rule)})")
    return (f"{w.name(r['player'])} has {r['hand']} cards in hand, no more than {r['size']}: "
            f"no discard ({w.cite(r.rule)})")


T: dict = {
    "turn.untap": lambda r, w: (
        f"{w.name(r['player'])} untaps all their permanents ({w.cite(r.rule)})"),
    "turn.upkeep": lambda r, w: (
        "abilities that trigger \"at the beginning of the upkeep\" go on the stack, then "
        f"{w.name(r['player'])} gets priority ({w.cite(r.rule)})"),
    "turn.beginning_of_combat": lambda r, w: (
        f"{w.name(r['player'])} gets priority; \"at the beginning of combat\" abilities "
        f"trigger ({w.cite(r.rule)})"),
    "turn.end_step": lambda r, w: (
        "abilities that trigger \"at the beginning of the end step\" go on the stack "
        f"({w.cite(r.rule)})"),
    "turn.damage_open": lambda r, w: (
        "what the damage does depends on the blocks (mtgcombat combat resolves a board that "
        "declares them)"),
    "turn.draw": lambda r, w: (
        f"{w.name(r['player'])} draws a card ({w.cite(r.rule)}; the player who goes first skips "
        "it on their first turn, 103.8a)"),
    "turn.main": lambda r, w: (
        f"{w.name(r['player'])} may cast spells and play a land "
        f"({w.cite(r.rule)}; at most one land a turn, 305.2)"),
    "turn.attacks_open": lambda r, w: (
        f"{w.name(r['player'])} declares attackers ({w.cite(r.rule)}): the board declares none"
        + (f"; there are {'at least ' if r['n'] == 2 else ''}{r['n']} legal declarations "
           "(mtgcombat attacks lists them)" if r["n"] is not None else "")),
    "turn.attacks": lambda r, w: (
        f"{w.name(r['player'])} declares attackers ({w.cite(r.rule)}): "
        + (_decl(w, r["attacks"]) or "none")
        + (" (the only legal attack declaration)" if r["assumed"] else "")),
    "turn.no_attackers": lambda r, w: (
        f"no creatures attack, so the declare blockers and combat damage steps are skipped "
        f"({w.cite(r.rule)})"),
    "turn.blocks_open": lambda r, w: (
        f"the defending players declare blockers ({w.cite(r.rule)}): the board declares none "
        "(mtgcombat blocks lists the legal ones)"),
    "turn.blocks": lambda r, w: (
        f"the defending players declare blockers ({w.cite(r.rule)}): "
        + (_blocks(w, r["blocks"]) or "none")),
    "turn.no_first_strike": lambda r, w: (
        "no attacking or blocking creature has first strike or double strike, so there is "
        f"no first-strike combat damage step ({w.cite(r.rule)})"),
    "turn.game_over": lambda r, w: (
        f"the game is over: {w.names(r['players'])} lost in the "
        f"{STEPS[r.get('step') or 'first-strike combat damage'].lower()} "
        f"({w.cite(r.rule)})"),
    "turn.dealt": lambda r, w: (
        f"{w.name(r['source'])} deals {r['amount']} damage to {w.name(r['to'])}"),
    "turn.prevented": lambda r, w: (
        f"{r['amount']} damage from {w.name(r['source'])} to {w.name(r['to'])} is prevented "
        f"({w.cite(r.rule)})"),
    "turn.destroyed": lambda r, w: (
        f"{w.name(r['id'])} is put into its owner's graveyard ({w.cite(r.rule)})"),
    "turn.lost": lambda r, w: f"{w.name(r['player'])} loses the game ({w.cite(r.rule)})",
    "turn.end_of_combat": lambda r, w: (
        f"every creature is removed from combat ({w.cite(r.rule)})"),
    "turn.discard": _discard,
    "turn.damage_wears_off": lambda r, w: (
        "all damage marked on permanents is removed and \"until end of turn\" and \"this turn\" "
        f"effects end ({w.cite(r.rule)})"),
    "turn.cleanup_again": lambda r, w: (
        "if that makes state-based actions happen or abilities trigger, players get priority "
        f"and another cleanup step follows ({w.cite(r.rule)})"),
    "turn.trigger": lambda r, w: (
        f"triggers ({r['source']}), not carried out by this timeline: {r['sentence']}"),
    "human.turn_head": lambda r, w: (
        f"Rules: {r['rules']}. The turn of {w.name(r['player'])}, step by step (500-514):"),
    "human.turn_phase": lambda r, w: f"{PHASES[r['phase']]}:",
    "human.turn_step": lambda r, w: (
        f"  {STEPS[r['step']]} ({w.cite(r['rule'])})"
        + {True: "", False: " -- skipped", None: " -- depends on the declarations"}[r["happens"]]
        + ":"),
    "human.turn_what": lambda r, w: f"    {r['text']}",
}
