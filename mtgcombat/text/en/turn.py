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


from .. import Phrase, clause


def _discard(r, w):
    if r["hand"] is None:
        return (f"{w.name(r['player'])} discards down to the maximum hand size of "
                f"{r['size']}", "the board doesn't record the hand")
    if r["discard"]:
        return (f"{w.name(r['player'])} has {r['hand']} cards in hand and discards "
                f"{r['discard']} down to {r['size']}")
    return (f"{w.name(r['player'])} has {r['hand']} cards in hand, no more than {r['size']}: "
            "no discard")


_HAPPENS = {True: "", False: " -- skipped", None: " -- depends on the declarations"}

T: dict = {
    "turn.untap": clause(lambda r, w: f"{w.name(r['player'])} untaps all their permanents"),
    "turn.upkeep": clause(lambda r, w: (
        "abilities that trigger \"at the beginning of the upkeep\" go on the stack, then "
        f"{w.name(r['player'])} gets priority")),
    "turn.beginning_of_combat": clause(lambda r, w: (
        f"{w.name(r['player'])} gets priority; \"at the beginning of combat\" abilities "
        "trigger")),
    "turn.end_step": clause(lambda r, w: (
        "abilities that trigger \"at the beginning of the end step\" go on the stack")),
    "turn.damage_open": lambda r, w: (
        "what the damage does depends on the blocks (mtgcombat combat resolves a board that "
        "declares them)"),
    "turn.draw": clause(lambda r, w: (
        f"{w.name(r['player'])} draws a card",
        "the player who goes first skips it on their first turn")),
    "turn.main": clause(lambda r, w: (
        f"{w.name(r['player'])} may cast spells and play a land", "at most one land a turn")),
    "turn.attacks_open": Phrase(lambda r, w: f"{w.name(r['player'])} declares attackers", end=(
        lambda r, w: ": the board declares none"
        + (f"; there are {'at least ' if r['n'] == 2 else ''}{r['n']} legal declarations "
           "(mtgcombat attacks lists them)" if r["n"] is not None else ""))),
    "turn.attacks": Phrase(lambda r, w: f"{w.name(r['player'])} declares attackers", end=(
        lambda r, w: ": " + w.declaration(r["attacks"], "attacks")
        + (" (the only legal attack declaration)" if r["assumed"] else ""))),
    "turn.no_attackers": clause(lambda r, w: (
        "no creatures attack, so the declare blockers and combat damage steps are skipped")),
    "turn.blocks_open": Phrase(lambda r, w: "the defending players declare blockers", end=(
        lambda r, w: ": the board declares none (mtgcombat blocks lists the legal ones)")),
    "turn.blocks": Phrase(lambda r, w: "the defending players declare blockers", end=(
        lambda r, w: ": " + w.declaration(r["blocks"], "blocks"))),
    "turn.no_first_strike": clause(lambda r, w: (
        "no attacking or blocking creature has first strike or double strike, so there is "
        "no first-strike combat damage step")),
    "turn.game_over": clause(lambda r, w: (
        f"the game is over: {w.names(r['players'])} lost in the "
        f"{STEPS[r.get('step') or 'first-strike combat damage'].lower()}")),
    "turn.dealt": lambda r, w: (
        f"{w.name(r['source'])} deals {r['amount']} damage to {w.name(r['to'])}"),
    "turn.prevented": clause(lambda r, w: (
        f"{r['amount']} damage from {w.name(r['source'])} to {w.name(r['to'])} is prevented")),
    "turn.destroyed": clause(lambda r, w: (
        f"{w.name(r['id'])} is put into its owner's graveyard")),
    "turn.lost": clause(lambda r, w: f"{w.name(r['player'])} loses the game"),
    "turn.end_of_combat": clause(lambda r, w: "every creature is removed from combat"),
    "turn.discard": clause(_discard),
    "turn.damage_wears_off": clause(lambda r, w: (
        "all damage marked on permanents is removed and \"until end of turn\" and \"this turn\" "
        "effects end")),
    "turn.cleanup_again": clause(lambda r, w: (
        "if that makes state-based actions happen or abilities trigger, players get priority "
        "and another cleanup step follows")),
    "turn.trigger": lambda r, w: (
        f"triggers ({r['source']}), not carried out by this timeline: {r['sentence']}"),
    "human.turn_head": Phrase(lambda r, w: (
        f"Rules: {r['rules']}. The turn of {w.name(r['player'])}, step by step"), end=":"),
    "human.turn_phase": lambda r, w: f"{PHASES[r['phase']]}:",
    "human.turn_step": Phrase(lambda r, w: f"  {STEPS[r['step']]}",
                              end=lambda r, w: _HAPPENS[r["happens"]] + ":"),
    "human.turn_what": lambda r, w: f"    {r['text']}",
}
