"""What every reason's words cite: the one place in the text layer where a rule number is
written, and in no language.

A phrase template (:class:`mtgcombat.text.Phrase`) says what a reason says; the writer
adds the rules it rests on (:meth:`mtgcombat.text.Writer.rules`). By default that is the
reason's own ``rule`` (set by the rules layer, in the board's edition). A code whose words
cite something else -- several rules, a rule held in a parameter, the rule of the
board's edition for a family of answers, nothing at all -- says so here, in
:data:`CITES`, once for every language. Each entry is a tuple of:

* :data:`RULE` -- the reason's own rule (for a phrase of an answer, made by
  :func:`~mtgcombat.rules.reasons.words`, its ``rule`` parameter);
* a rule number (``"508.1a"``): a rule the words always rest on besides it;
* :func:`param` -- the rule (or rules) in one of the reason's parameters;
* :func:`edition` -- a rule number the board's edition holds (``"goad"``, ...);
* :func:`when` -- rules cited only when a parameter is true;
* :func:`by_kind` -- the rule of an attack or a block declaration (``"who"``,
  ``"restrict"``, ``"require"``) for a reason with a ``kind`` parameter.

``tests/test_text.py`` checks that no template in ``text/en`` or ``text/de`` types a rule
number: a citation added to a sentence here reaches every language.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Union

from ..editions import Edition
from ..rules.reasons import Reason

#: The reason's own rule.
RULE = "<rule>"

Spec = Union[str, Callable[[Reason, type[Edition]], Any]]


def param(name: str) -> Spec:
    """The rule, or rules, in the parameter ``name`` (a value that is not a rule number,
    such as ``"text"`` for card text, is not cited)."""
    def get(r: Reason, ed: type[Edition]) -> Any:
        v = r.get(name)
        if isinstance(v, str):
            return v if v[:1].isdigit() else None
        return v
    get.__name__ = f"param({name})"
    return get


def edition(attr: str) -> Spec:
    """A rule number the board's edition holds (:mod:`mtgcombat.editions`)."""
    def get(r: Reason, ed: type[Edition]) -> Any:
        return getattr(ed, attr)
    get.__name__ = f"edition({attr})"
    return get


def when(name: str, *rules: Spec) -> Spec:
    """``rules`` only when the parameter ``name`` is true."""
    def get(r: Reason, ed: type[Edition]) -> Any:
        return tuple(_one(x, r, ed) for x in rules) if r.get(name) else None
    return get


def unless(name: str, *rules: Spec) -> Spec:
    """``rules`` only when the parameter ``name`` is false."""
    def get(r: Reason, ed: type[Edition]) -> Any:
        return None if r.get(name) else tuple(_one(x, r, ed) for x in rules)
    return get


def named(name: str) -> Spec:
    """A rule of :data:`NAMED`."""
    def get(r: Reason, ed: type[Edition]) -> Any:
        return NAMED[name]
    get.__name__ = f"named({name})"
    return get


def declared(kind: str, what: str) -> Spec:
    """The rule of attack (``"attacks"``) or block (``"blocks"``) declarations that says
    ``what`` (a key of :data:`DECLARE`)."""
    def get(r: Reason, ed: type[Edition]) -> Any:
        return DECLARE[kind][what]
    get.__name__ = f"declared({kind}, {what})"
    return get


#: The rules of declaring attackers (508.1) and blockers (509.1) by what they say: who can
#: (a), the restrictions (attacks c, blocks b), the requirements (attacks d, blocks c).
DECLARE: Mapping[str, Mapping[str, str]] = {
    "attacks": {"who": "508.1a", "restrict": "508.1c", "require": "508.1d",
                "declare": "508.1"},
    "blocks": {"who": "509.1a", "restrict": "509.1b", "require": "509.1c",
               "declare": "509.1"},
}


def by_kind(what: str) -> Spec:
    """The rule of an attack or a block declaration (the reason's ``kind``) that says
    ``what`` (a key of :data:`DECLARE`)."""
    def get(r: Reason, ed: type[Edition]) -> Any:
        return DECLARE[r["kind"]][what]
    get.__name__ = f"by_kind({what})"
    return get


def span(first: str, last: str) -> str:
    """Two rules as a range: "509.2-509.3", "510.1c-d" (the second shortened when only
    its last letter differs). :meth:`mtgcombat.text.Writer.cite` cites a range by its
    first rule."""
    if first[:-1] == last[:-1] and first[-1:].isalpha() and last[-1:].isalpha():
        return f"{first}-{last[-1]}"
    return f"{first}-{last}"


def edition_span(first: str, last: str) -> Spec:
    """A range of two rule numbers the board's edition holds."""
    def get(r: Reason, ed: type[Edition]) -> Any:
        return span(getattr(ed, first), getattr(ed, last))
    get.__name__ = f"edition_span({first}, {last})"
    return get


#: Rules that fixed phrases of the answers cite by name (``Writer.rule("deathtouch")``):
#: facts of the game the words state in passing.
NAMED: Mapping[str, str] = {
    # the turn, the combat phase, the steps
    "turn": "500-514",
    "combat": "506-511",
    "upkeep": "503.1",
    "first_strike": "510.4",
    "dealt_at_once": "510.2",
    "sba": "704.3",
    # cumulative upkeep
    "cumulative": "702.24",
    "cumulative_upkeep": "702.24a",
    "cumulative_instances": "702.24b",
    # combat damage: the step, who assigns it, to what
    "damage_step": "510",
    "assign": "510.1",
    "who_assigns": "510.1a-d",
    # any nonzero damage from a source with deathtouch is lethal damage
    "deathtouch": "702.2c",
    # trample: lethal damage to every blocker first, the rest may go on
    "trample": "702.19b",
    "trample_rest": "702.19b-c",
    # each player's whole assignment judged at once
    "whole_assignment": "510.1e",
}


#: What each state-based action that puts a permanent into the graveyard, or takes a
#: player out of the game, looks at (the words name the fact; the rule is cited).
SBA: Mapping[str, str] = {
    "704.5f": "toughness", "704.5g": "lethal_damage", "704.5h": "deathtouch",
    "704.5i": "loyalty", "704.5v": "defense", "704.5m": "aura", "800.4a": "owner_left",
}


def _combat_step(r: Reason, ed: type[Edition]) -> Any:
    return NAMED["first_strike"] if r["step"] == "first" else NAMED["damage_step"]


def _one(spec: Spec, r: Reason, ed: type[Edition]) -> Any:
    if spec == RULE:
        # a phrase of an answer (rules.reasons.words) holds its rule as a parameter
        return r.rule if r.rule is not None else r.get("rule")
    if isinstance(spec, str):
        return spec
    return spec(r, ed)


def _flat(v: Any, out: list[str]) -> None:
    if not v:
        return
    if isinstance(v, str):
        out.append(v)
    else:
        for x in v:
            _flat(x, out)


#: Codes whose words cite more than, or other than, the reason's own rule (see the module
#: docstring). A code not listed cites its reason's rule.
CITES: dict[str, tuple[Spec, ...]] = {
    # -- the turn (500-514) -------------------------------------------------------------
    "human.turn_head": (named("turn"),),
    "turn.draw": (RULE, "103.8a"),
    "turn.main": (RULE, "305.2"),
    "human.combat_game_over": ("104.2a",),
    # -- combat damage (510.1) ------------------------------------------------------------
    "human.combat_step": (_combat_step,),
    "damage.threshold": (when("deathtouch", "702.2c"),),
    "damage.trample_short": (RULE, when("deathtouch", "702.2c")),
    "damage.order_short": (RULE, when("deathtouch", "702.2c")),
    "damage.bad_recipient": (param("rules"),),
    "damage.two_short": (param("order_rule"), RULE),
    "silent.had_first_strike": (RULE, "702.4c", "702.7c"),
    "silent.target_left": (RULE, "506.4c"),
    # -- explain --------------------------------------------------------------------------
    "explain.story_declared": (by_kind("declare"),),
    "explain.story_sources": (named("assign"),),
    "explain.who_head": (by_kind("who"), by_kind("restrict")),
    "explain.each_defender_blocks": (declared("blocks", "who"), "802.4a"),
    "explain.nothing_to_block": (declared("blocks", "who"),),
    "explain.combination_head": (by_kind("restrict"),),
    "explain.no_combination": (by_kind("restrict"),),
    "explain.requirements_head": (by_kind("require"),),
    "explain.no_requirements": (by_kind("require"),),
    "explain.costs_head": (by_kind("require"),),
    "explain.maximum": (unless("total", by_kind("restrict")), by_kind("require")),
    "explain.able_but_unused": (by_kind("restrict"), by_kind("require")),
    "explain.damage_head": (named("first_strike"),),
    "explain.damage_who_head": (named("who_assigns"),),
    "explain.deathtouch": (named("deathtouch"),),
    "explain.free_division": (param("why"),),
    "explain.order_given": (param("limit"),),
    "explain.order_open": (param("limit"),),
    "explain.trample": (named("trample_rest"),),
    "explain.lethal_note": (when("old", edition_span("attacker_division", "blocker_division")),
                            named("trample")),
    "explain.relies_on_order": (param("rules"),),
    # -- costs and cumulative upkeep -----------------------------------------------------
    "payment.cant_pay": (RULE, when("attacking", "508.1f")),
    "upkeep.self_allowed": (when("matches", RULE),),
    "human.upkeep_head": (named("cumulative"),),
    "human.upkeep_none_payable": (named("cumulative_upkeep"),),
    # -- bad input (English only) ----------------------------------------------------------
    "error.card_type": ("205.2a",),
    "error.effect_gone_present": ("400.7",),
    "error.effect_modes": ("700.2a",),
    "error.effect_modes_order": ("601.2c",),
    "error.modes_missing": ("700.2",),
    "error.modes_not_modal": ("700.2",),
    "error.mode_out_of_range": ("700.2",),
    "error.mode_twice": ("700.2d",),
    "error.modes_count": (when("entwine", "702.42a"), "700.2"),
    "error.attacker_not_creature": ("506.3",),
    "error.attacker_battle": ("506.3f", "508.1a"),
    "error.target_not_attackable": ("506.3", "508.1b"),
    "error.target_own_battle": (param("rule"),),
    "error.blocker_not_creature": ("506.3",),
    "error.blocks_other_player": ("802.4a", param("rule")),
    "error.target_left_player": ("506.4",),
    "error.no_first_step": (RULE,),
    # -- the human answers -------------------------------------------------------------
    # -- declaring attackers (508.1) and blockers (509.1) ------------------------------------
    "attack.sick": (RULE, "508.1a"),
    "attack.only_alone": ("506.5", RULE),
    "attack.not_alone": ("506.5", RULE),
    "attack.cap_player": ("508.1c", RULE),
    # requirements and costs: the listing's heading cites their rule (508.1d, 509.1c, d)
    "attack.player_requirement": (),
    "attack.if_attacks": (),
    "attack.all_if_any": (),
    "attack.cost": (),
    "block.each_attacker": (),
    "block.lure": (),
    "block.cant_alone": (RULE, "509.1b"),
    "block.cap": (RULE, param("group_rule")),
    "block.compared": (param("compared_rule"),),
    # why a choice is not an option
    "option.not_attacking_team": ("805.10a", RULE),
    "option.not_attacking_player": ("506.2", RULE),
    "option.not_defending": ("506.2", RULE),
    "option.battle_protector_blocks": (RULE, "802.4a"),
    "option.target_attacking": (when("team", "805.10a"), "506.2", RULE),
    "option.target_not_defending": ("506.2a", RULE),
    "option.battle_not_defended": (RULE, "506.2"),
    "option.walker_not_defended": ("506.2", RULE),
    # -- the stack of a combat (603, 608; issue 26) ---------------------------------------
    "stack.leave": (RULE, "506.4"),
    "stack.token": (RULE, when("attacking", "508.4")),
}


def rules_of(r: Reason, ed: type[Edition], cites: Optional[Mapping[str, tuple]] = None
             ) -> tuple[str, ...]:
    """The rule numbers the words of ``r`` cite, in order, each once."""
    spec = (cites if cites is not None else CITES).get(r.code, (RULE,))
    out: list[str] = []
    for s in spec:
        _flat(_one(s, r, ed), out)
    return tuple(dict.fromkeys(out))
