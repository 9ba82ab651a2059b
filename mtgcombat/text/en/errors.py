"""English templates: bad input -- the one line that names what makes a board
impossible (``error.*`` reasons of mtgcombat.rules.validation and the rules)."""

from __future__ import annotations

from typing import Any, Callable

from .. import clause


def _at(r):
    """The part of the board an error is about, as the messages have always named it."""
    where = r.get("where") or ()
    if not where:
        return ""
    kind = where[0]
    if kind == "player":
        return f"player {where[1]!r}"
    if kind == "permanent":
        return f"permanent {where[1]!r}"
    if kind == "effect":
        return f"effect {where[1] + 1}"
    if kind == "choice":
        return f"choice {where[1] + 1}"
    return kind


def _big(v) -> str:
    """A number as a message shows it: a huge one by its size (Python won't write an int
    of more than 4,300 digits as text)."""
    if isinstance(v, int) and abs(v) >= 10 ** 15:
        return f"{'-' if v < 0 else ''}a number of about {int(v.bit_length() * 0.30103)} digits"
    return str(v)


def _e(body):
    """A template "<where>: <body>"."""
    def t(r, w):
        at = _at(r)
        text = body(r, w) if callable(body) else body
        return f"{at}: {text}" if at else text
    return t


_LISTED = {"attacker": ("is not attacking", "an attacker"),
           "combatant": ("is neither attacking nor blocking", "a creature")}


def _mean(r) -> str:
    """A typo's likely meaning, when the board has a name close to it."""
    near = r.get("closest") or ()
    return f" (did you mean {near[0]!r}?)" if near else ""


_DECL = {"attacks": "attack declaration", "blocks": "block declaration"}


def _not_integer(r, w):
    v = r["value"]
    return f"{r['field']} must be an integer" + ("" if v is None else f", not {v}")


_FACT_WORDS = {
    "graveyard": "the cards in the graveyard", "graveyard_types": "the card types in the graveyard",
    "spells": "the spells cast this turn", "damage": "the damage dealt this turn",
    "drawn": "the cards drawn this turn", "died": "the creatures that died this turn"}
_FACT_SCENARIO = {
    "graveyard": "graveyard N", "graveyard_types": "graveyard types creature land ...",
    "spells_cast": 'spells "Creature — Goblin" "Instant" ...',
    "damage_taken": "damage taken N", "cards_drawn": "drawn N", "creatures_died": "died N"}


T: dict = {
    "error.rules": lambda r, w: (
        "rules must be " + " or ".join(f'"{n}"' for n in r["known"]) + f", not {r['value']!r}"),
    "error.two_players": lambda r, w: "a board needs at least two players",
    "error.player_name": lambda r, w: "every player needs a non-empty name",
    "error.not_integer": _e(_not_integer),
    "error.too_big": _e(lambda r, w: (
        f"{r['field']}: {_big(r['value'])} is beyond what the rules can mean (at most "
        f"{r['limit']:,} either way)")),
    "error.not_count": _e(lambda r, w: f"{r['field']} must be an integer 0 or more"),
    "error.hand": _e("hand must be a number of cards, 0 or more"),
    "error.mana_pool": _e(lambda r, w: (
        f'mana_pool must be mana symbols such as "{{R}}{{R}}{{G}}", not {r["value"]!r}')),
    "error.card_type": _e(clause(lambda r, w: (
        f"{r['field']}: {r['value']!r} is not a card type", ", ".join(r["known"])))),
    "error.card_type_twice": _e(lambda r, w: f"{r['field']} names a card type twice"),
    "error.graveyard_types_empty": _e(
        "graveyard_types names card types, but graveyard says it holds no cards"),
    "error.spell_type_line": _e(lambda r, w: (
        f"spells_cast: each spell is a type line such as \"Creature — Goblin\", "
        f"not {r['value']!r}")),
    "error.not_bool": _e(lambda r, w: f"{r['field']} must be true or false"),
    "error.monarch_unknown": lambda r, w: f"monarch {r['name']!r} is not a player",
    "error.player_twice": lambda r, w: f"two players are named {r['name']!r}",
    "error.active_unknown": lambda r, w: f"active_player {r['name']!r} is not a player",
    "error.defending_empty": lambda r, w: (
        "defending_players is empty: at least one player must defend"),
    "error.defending_unknown": lambda r, w: f"defending player {r['name']!r} is not a player",
    "error.defending_attacker": lambda r, w: (
        f"defending player {r['name']!r} is the active player or on their team"),
    "error.no_opponent": lambda r, w: "the active player has no opponent to attack",
    "error.permanent_id": lambda r, w: "every permanent needs a non-empty id (or name)",
    "error.id_twice": lambda r, w: f'two permanents have the id {r["id"]!r}: give each an "id"',
    "error.id_is_player": _e("its id is also a player's name"),
    "error.not_a_player": _e(lambda r, w: f"{r['field']} {r['value']!r} is not a player"),
    "error.type_line": _e(lambda r, w: w(r["why"])),
    "error.type_unknown": lambda r, w: f"unknown type {r['words']!r} in type line {r['line']!r}",
    "error.type_none": lambda r, w: f"type line {r['line']!r} names no card type",
    "error.color": _e(lambda r, w: f"unknown color {r['value']!r} (use W, U, B, R, G)"),
    "error.color_twice": _e("a color is listed twice"),
    "error.counter_name": _e("a counter needs a name"),
    "error.counter_count": _e(lambda r, w: (
        f"counters[{r['kind']!r}] must be an integer 0 or more, not {r['value']}")),
    "error.chosen_key": _e(lambda r, w: (
        f"chosen has no {r['key']!r} (use {', '.join(r['known'])})")),
    "error.chosen_empty": _e(lambda r, w: f"chosen {r['key']} must be a non-empty string"),
    "error.chosen_player": _e(lambda r, w: f"chosen player {r['value']!r} is not a player"),
    "error.chosen_color": _e(lambda r, w: (
        f"chosen color {r['value']!r} is not one of W, U, B, R, G")),
    "error.creature_pt": _e("a creature needs power and toughness"),
    "error.damage": _e("damage must be a non-negative integer"),
    "error.not_bool": _e(lambda r, w: f"{r['field']} must be true or false"),
    "error.protector_not_battle": _e("only a battle has a protector"),
    "error.goaded_by": _e(lambda r, w: f"goaded by {r['value']!r}, who is not a player"),
    "error.fact": _e(lambda r, w: (
        f"facts: {r['value']!r} is unknown or given twice (use {', '.join(r['known'])})")),
    "error.attached_unknown": _e(lambda r, w: f"attached to unknown permanent {r['value']!r}"),
    "error.attached_itself": _e("can't be attached to itself"),
    "error.effect_text": _e("text must be a non-empty string"),
    "error.effect_target": _e(lambda r, w: f"unknown target {r['value']!r}"),
    "error.effect_source": _e(lambda r, w: f"unknown source {r['value']!r}"),
    "error.effect_step": _e(lambda r, w: (
        f"step {r['value']!r} is no step of combat: one of "
        + ", ".join(repr(k) for k in r["known"]))),
    "error.choice_source": _e(lambda r, w: f"unknown source {r['value']!r}"),
    "error.choice_effect": _e(lambda r, w: (
        f"effect {r['value']!r}: the board has {r['effects']} effect"
        + ("s" if r["effects"] != 1 else "") + " (counted from 1)")),
    "error.choice_effect_source": _e(lambda r, w: (
        f"a choice for effect {r['value']!r} names no source and no ability line")),
    "error.choice_ability": _e(lambda r, w: (
        f"ability {r['value']!r}: {r['source']!r} has {r['lines']} line"
        + ("s" if r["lines"] != 1 else "") + " of text")),
    "error.choice_instance": _e(lambda r, w: (
        f"instance must be 1 or more, not {r['value']!r}")),
    "error.choice_target": _e(lambda r, w: f"unknown object or player {r['value']!r}"),
    "error.choice_mode": _e(lambda r, w: f"a mode is a number from 1, not {r['value']!r}"),
    "error.choice_amount": _e(lambda r, w: (
        f"amount {r['key']!r} must be 0 or more, not {r['value']!r}")),
    "error.text_number": _e(lambda r, w: (
        f"{r['field']}: the number {r['start']}{'...' if r['digits'] > 12 else ''} "
        f"({r['digits']} digits) is "
        + (f"written with more digits than the board reads ({r['most']})" if r.get("long")
           else f"larger than any the board can hold ({r['limit']:,})"))),
    "error.surrogate": _e(lambda r, w: (
        f"{r['field']} contains a lone surrogate (\\ud800-\\udfff), which is not text")),
    "error.not_string": _e(lambda r, w: f"{r['field']} must be a string"),
    "error.already_lost": _e(lambda r, w: (
        f"has already lost the game ({r['life']} life, {r['poison']} poison; "
        f"{r['cr']}): {r['question']} decides a combat of a game that goes on")),
    "error.team_shared": lambda r, w: (
        f"players {r['mate']!r} and {r['player']!r} are both of team {r['team']!r}, which "
        f"has one {'life total' if r['field'] == 'life' else 'poison count'} "
        f"(Two-Headed Giant, {r['cr']}), but {r['field']} is {r['mate_value']} for "
        f"{r['mate']!r} and {r['value']} for {r['player']!r}: give both the team's"),
    "error.effect_gone_unnamed": _e(lambda r, w: (
        f"gone {r['value']!r} is neither one of its targets nor its source")),
    "error.effect_gone_present": _e(clause(lambda r, w: (
        f"gone {r['value']!r} is on the board: an object that left the battlefield and "
        "returned is a new object, give it another id"))),
    "error.effect_gone_twice": _e("gone lists an object twice"),
    "error.effect_modes": _e(clause(lambda r, w: (
        "modes must be a list of mode numbers 1, 2, ..., not "
        f"{list(r['value']) if isinstance(r['value'], tuple) else r['value']!r}"))),
    "error.effect_modes_order": _e(clause(lambda r, w: (
        f"modes must be listed in the order the text prints them, not {r['modes']!r}",
        "their targets are numbered in that order"))),
    "error.modes_missing": _e(clause(lambda r, w: (
        f"its text is a modal spell ({r['header']!r}) but the board doesn't say which "
        f"mode was chosen: give the chosen modes, numbered 1 to {r['count']} as the text "
        "prints them, as its \"modes\"",
        "\"modes\": [1]; scenario: effect PLAYER modes 1: ..."))),
    "error.modes_not_modal": _e(clause(lambda r, w: (
        f"modes {r['modes']!r} are given, but its text is not a modal spell's",
        "an instruction such as \"Choose one \u2014\" and its modes in bullets"))),
    "error.mode_out_of_range": _e(clause(lambda r, w: (
        f"mode {r['mode']} is chosen, but its text has {r['count']} modes"))),
    "error.mode_twice": _e(clause(lambda r, w: (
        f"mode {r['mode']} is chosen twice; a mode is chosen once unless the text says "
        "\"You may choose the same mode more than once\""))),
    "error.modes_count": _e(clause(lambda r, w: (
        f"{r['given']} mode{'' if r['given'] == 1 else 's'} chosen, but its text says "
        f"{r['header']!r}", f"or all {r['count']} with entwine" if r["entwine"] else None))),
    "error.attacker_unknown": _e(lambda r, w: f"unknown attacker {r['attacker']!r}"),
    "error.attacker_not_creature": _e(clause(lambda r, w: (
        f"{r['attacker']!r} is not a creature"))),
    "error.attacker_battle": _e(clause(lambda r, w: (
        f"{r['attacker']!r} is a battle and can't attack"))),
    "error.attacker_not_active": _e(lambda r, w: (
        f"{r['attacker']!r} is controlled by {r['controller']!r}, not the attacking player")),
    "error.target_unknown": _e(lambda r, w: (
        f"{r['attacker']!r} attacks unknown {r['target']!r}")),
    "error.target_not_attackable": _e(clause(lambda r, w: (
        f"{r['attacker']!r} attacks {r['target']!r}, which is not a defending player, a "
        "planeswalker they control or a battle they protect"))),
    "error.target_own_battle": _e(clause(lambda r, w: (
        f"{r['attacker']!r} can't attack {r['target']!r}: its controller protects it"))),
    "error.blocks_without_attacks": lambda r, w: (
        "blocks are given but no attacks: a blocker needs an attacking creature"),
    "error.blocker_unknown": _e(lambda r, w: f"unknown blocker {r['blocker']!r}"),
    "error.blocker_not_creature": _e(clause(lambda r, w: (
        f"{r['blocker']!r} is not a creature"))),
    "error.blocker_not_defending": _e(lambda r, w: (
        f"{r['blocker']!r} is controlled by {r['controller']!r}, not a defending player")),
    "error.blocker_attacking": _e(lambda r, w: f"{r['blocker']!r} is attacking and can't block"),
    "error.blocks_nothing": _e(lambda r, w: (
        f"{r['blocker']!r} blocks nothing (leave it out instead)")),
    "error.blocks_twice": _e(lambda r, w: f"{r['blocker']!r} lists an attacker twice"),
    "error.blocks_non_attacker": _e(lambda r, w: (
        f"{r['blocker']!r} blocks {r['attacker']!r}, which is not attacking")),
    "error.blocks_other_player": _e(clause(lambda r, w: (
        f"{r['blocker']!r} can't block {r['attacker']!r}: it attacks another player"))),
    "error.listed_without_attacks": lambda r, w: f"{r['field']} is given but no attacks",
    "error.listed_not_in_combat": lambda r, w: (
        f"{r['field']}: {r['value']!r} {_LISTED[r['what']][0]}"),
    "error.listed_twice": lambda r, w: f"{r['field']}: {_LISTED[r['what']][1]} is listed twice",
    "error.first_strikers_step": lambda r, w: (
        f"first_strikers is about the regular combat damage step ({w.rule('first_strike')}), "
        'but damage_step is "first"'),
    "error.target_left_player": clause(lambda r, w: (
        f"target_left: {r['attacker']!r} attacks a player, who can't leave combat",
        "only a planeswalker or battle can")),
    "error.order_edition": lambda r, w: (
        'damage_order exists only under rules "2024" (the current rules have no damage '
        "assignment order)"),
    "error.order_without_blocks": lambda r, w: "damage_order is given but no blocks",
    "error.order_not_in_combat": _e(lambda r, w: (
        f"{r['creature']!r} is neither attacking nor blocking")),
    "error.order_wrong": _e(lambda r, w: (
        f"the order for {r['creature']!r} must list exactly its "
        f"{'blockers' if r['role'] == 'attacker' else 'attackers it blocks'} "
        f"({', '.join(r['expected']) or 'none'}), each once")),
    "error.bands_without_attacks": lambda r, w: "bands are given but no attacks",
    "error.band_small": lambda r, w: (
        f"bands: a band has two or more attackers, not {list(r['band'])!r}"),
    "error.band_not_attacking": lambda r, w: f"bands: {r['attacker']!r} is not attacking",
    "error.band_twice": lambda r, w: f"bands: {r['attacker']!r} is in two bands",
    "error.damage_step": lambda r, w: (
        f'damage_step must be "first" or "regular", not {r["value"]!r}'),
}


def _source_name(r, w):
    """Where a text comes from, in bad-input messages: a permanent by name, an effect as
    "effect 2 ('its text')"."""
    src = r["src"]
    if src.effect is not None:
        return f"effect {src.effect + 1} ({src.sentence!r})"
    return w.labels.name(src.permanent) if src.permanent is not None else ""


T.update({
    "error.self_without_source": lambda r, w: (
        f"{_source_name(r, w)}: text says \"this creature\" but has no source"),
    "error.too_many_targets": lambda r, w: (
        f"{_source_name(r, w)}: its text names up to {r['most']} target creature(s) but "
        f"{r['given']} are given"),
    "error.too_few_targets": lambda r, w: (
        f"{_source_name(r, w)}: its text names {r['needs']} target(s) but only "
        f"{r['given']} are given"),
    "error.damage_no_attacks": lambda r, w: "damage: the board declares no attacks",
    "error.damage_blocked": lambda r, w: (
        f"damage: {r['attacker']!r} is said to be blocked but is not attacking"),
    "error.damage_target_left": lambda r, w: (
        f"damage: {r['attacker']!r} is said to attack a planeswalker or battle that has left "
        "combat, but it " + ("is not attacking" if r["player"] is None
                             else f"attacks the player {r['player']}")),
    "error.damage_first_striker": lambda r, w: (
        f"damage: {r['creature']!r} is named as having had first strike or double strike as "
        "the first combat damage step began, but it is neither attacking nor blocking"),
    "error.damage_first_strikers_step": lambda r, w: (
        "damage: first_strikers says which creatures had first strike or double strike as the "
        "first combat damage step began; it is for the regular step, but the board's "
        'damage_step is "first"'),
    "error.no_first_step": clause(lambda r, w: (
        'damage_step is "first" but no attacking or blocking creature has first strike or '
        "double strike, so there is no first combat damage step")),
    "error.assignment_not_object": lambda r, w: (
        "damage assignment must be an object {source: {recipient: amount}}"),
    "error.assignment_source": lambda r, w: (
        f"damage assignment: unknown source {r['source']}{_mean(r)}"),
    "error.assignment_division": lambda r, w: (
        f"damage assignment: {r['source']!r} must map to {{recipient: amount}}"),
    "error.assignment_recipient": lambda r, w: (
        f"damage assignment: {r['source']!r} assigns to unknown {r['recipient']}{_mean(r)}"),
    "error.decl_not_object": lambda r, w: (
        f"an {_DECL[r['kind']]} must be a JSON object"
        + (" {attacker: what it attacks}" if r["kind"] == "attacks"
           else " {blocker: [attackers]}")),
    "error.decl_unknown_creature": lambda r, w: (
        f"declaration: unknown creature {r['creature']}{_mean(r)}"),
    "error.decl_attack_value": lambda r, w: (
        f"declaration: {r['creature']!r} must map to what it attacks (a string)"),
    "error.decl_blocks_value": lambda r, w: (
        f"declaration: {r['creature']!r} must map to a non-empty array of the attackers it "
        "blocks"),
    "error.decl_unknown_target": lambda r, w: (
        f"declaration: unknown id {r['target']} (for {r['creature']!r}){_mean(r)}"),
    "error.decl_twice": lambda r, w: (
        f"declaration: {r['creature']!r} lists the same attacker twice"),
    "error.assignment_amount": lambda r, w: (
        f"damage assignment: {r['source']!r} assigns {r['amount']} to {r['recipient']!r}; "
        "amounts are integers >= 0"),
    "error.name_ambiguous": _e(lambda r, w: (
        f"{r['name']!r} in {r['sentence']!r} could be any of "
        + ", ".join(repr(i) for i in r["ids"])
        + ": for an effect, give the one it means as its \"source\" (scenario: "
        "from ID); or give the others different names")),
    "error.strict_not_understood": _e(lambda r, w: (
        f"not understood: {r['sentence']!r}"
        + (f" (and {r['more']} more)" if r["more"] else "") + " (strict reading)")),
    "error.chosen_missing": lambda r, w: (
        f"{w.source(r['src'], False)}: its text names the chosen {r['kind'].replace('_', ' ')}, "
        f"but the board doesn't say which: give it in the permanent's \"chosen\" field "
        f"(\"chosen\": {{\"{r['kind']}\": ...}}; scenario: chosen {r['kind']} ...)"),
    "error.chosen_not_player": lambda r, w: (
        f"{w.source(r['src'], False)}: the chosen player {r['value']!r} is not a player"),
    "error.hand_unknown": lambda r, w: (
        f"{w.source(r['src'], False)}: its text counts the cards in {r['player']}'s hand, but "
        f"the board doesn't record it: give {r['player']}'s \"hand\" (scenario: "
        f"players {r['player']} (hand N))"),
    "error.extra_turn_unknown": lambda r, w: (
        f"{w.source(r['src'], False)}: its text says what happens during extra turns, but "
        "the board doesn't record whether this turn is one: give \"extra_turn\": true or "
        "false (scenario: extra turn yes / extra turn no)"),
    "error.record_unknown": lambda r, w: (
        f"{w.source(r['src'], False)}: its text counts {_FACT_WORDS[r['fact']]} of "
        f"{r['player']}, but the board doesn't record it: give {r['player']}'s "
        f"\"{r['field']}\" (scenario: players {r['player']} ({_FACT_SCENARIO[r['field']]}))"),
    "error.enchanted_player": lambda r, w: (
        f"{w.source(r['src'], False)}: its text names the enchanted player, but it is not "
        "attached to a player (\"attached_to\": a player's name)"),
    # a board's JSON (mtgcombat.boardjson): ``at`` names the part of the board
    "error.unknown_field": lambda r, w: (
        f"{r['at']}: unknown field {r['field']!r}"
        + (f" (did you mean {r['near'][0]!r}?)" if r["near"] else "")),
    "error.field_type": lambda r, w: (
        f"{r['at']}: {r['field']} must be {_TYPE[r['expected']]}, not {r['value']}"),
    "error.not_object": lambda r, w: (
        (f"{r['at']}: " if r["at"] else "")
        + f"a{'n' if r['what'][0] in 'aeiou' else ''} {r['what']} must be "
        + ("a JSON object" if r["what"] == "board" else "an object")),
    "error.missing_field": lambda r, w: f"{r['at']}: missing required field {r['field']!r}",
    "error.same_name": lambda r, w: (
        f"{r['at']}: two permanents are named {r['name']!r}; give each an \"id\""),
    "error.json_malformed": lambda r, w: (
        f"{r['source']}:{r['line']}:{r['column']}: malformed JSON: {r['problem']}"),
    "error.json_twice": lambda r, w: (
        f"{r['source']}: field {r['field']!r} is given twice in one object"),
    "error.json_number": lambda r, w: (
        f"{r['source']}:{r['at']}: the number {r['start']}... ({r['digits']} digits) is larger "
        "than any a board can hold"),
    "error.json_deep": lambda r, w: (
        f"{r['source']}: JSON nested too deeply (a board nests at most {r['limit']} levels)"),
    "error.json_surrogate": lambda r, w: (
        f"{r['source']}: {r['where']} contains a lone surrogate (\\ud800-\\udfff), which is "
        "not text"),
    "error.in_source": lambda r, w: f"{r['source']}: {w(r['inner'])}",
    "error.nothing_to_block": lambda r, w: (
        "the board declares no attacks, so there is nothing to block"),
    "error.damage_needs_attacks": lambda r, w: (
        "a damage question needs declared attacks (and blocks, if any)"),
    # options and requests (mtgcombat.options, mtgcombat.ask) and the doors' files
    "error.request_file": lambda r, w: f"{r['flag']}: a request can't read files ({r['value']})",
    "error.option_surrogate": lambda r, w: (
        f"{r['src']}: contains a lone surrogate (\\ud800-\\udfff), which is not text"),
    "error.option_not_object": lambda r, w: f"{r['src']}: must be a JSON object",
    "error.option_json": lambda r, w: (
        f"{r['src']}: malformed JSON at line {r['line']} column {r['column']}: {r['problem']}"),
    "error.option_value": lambda r, w: f"{r['src']}: {r['problem']}",
    "error.cannot_read": lambda r, w: f"cannot read {r['path']}: {r['problem']}",
    "error.cannot_write": lambda r, w: f"{r['flag']} {r['path']}: cannot write: {r['problem']}",
    "error.not_utf8": lambda r, w: f"{r['path']}: not UTF-8 text (byte {r['byte']})",
    "error.unrecognized_arguments": lambda r, w: (
        f"unrecognized arguments: {r['shown']}"
        + (" (a request takes only the question's own options: nothing that names a file, "
           "an output, a backend or the card database)" if r["request"] else "")),
    "error.unknown_question": lambda r, w: (
        f"unknown question {r['value']}; one of " + ", ".join(r["known"])),
    "error.declarations_given": lambda r, w: (
        f"give {'at most' if r['at_most'] else 'exactly'} one of --attacks, --blocks, --damage"),
    "error.about_takes_no": lambda r, w: f"--about {r['about']} takes no --{r['kind']}",
    "error.request_json": lambda r, w: (
        f"malformed JSON at line {r['line']} column {r['column']}: {r['problem']}"),
    "error.request_deep": lambda r, w: "the request is nested too deeply",
    "error.request_value": lambda r, w: (
        f"the request holds a value that can't be read: {r['problem']}"),
    "error.request_surrogate": lambda r, w: (
        f"the request holds a lone surrogate (not a character) in {r['where']}"),
    "error.request_not_object": lambda r, w: (
        "a request must be a JSON object {" + ", ".join(f'"{f}"' for f in r["fields"]) + "}"),
    "error.request_field": lambda r, w: f"unknown field {r['field']!r} in the request",
    "error.request_ask": lambda r, w: (
        "\"ask\" must be one of " + ", ".join(r["known"]) + f", not {r['value']}"),
    "error.request_no_board": lambda r, w: "the request gives no \"board\"",
    "error.request_board": lambda r, w: (
        "\"board\" must be a JSON board (an object) or a board's text"),
    "error.request_args": lambda r, w: "\"args\" must be a list of strings",
    "error.dask_extra": lambda r, w: "--dask needs the Dask extra: pip install 'mtgcombat[dask]'",
    "error.dask_address": lambda r, w: (
        f"--dask {r['address']!r}: not a scheduler address (tcp://HOST:PORT)"),
    "error.dask_unreachable": lambda r, w: (
        f"--dask {r['address']!r}: can't reach the scheduler ({r['problem']})"),
    "error.at_least_one": lambda r, w: f"{r['flag']} must be 1 or more",
    "error.port": lambda r, w: "--port must be between 0 and 65535",
    "error.cannot_listen": lambda r, w: (
        f"cannot listen on {r['host']}:{r['port']}: {r['problem']}"),
    "error.no_corpus": lambda r, w: (
        "no corpus/cases directory beside the package or in the current directory; give PATH"),
    # the one-line notation of declarations and assignments (mtgcombat.notation)
    "error.notation": lambda r, w: (
        f"{r['what']}: " + _NOTATION[r["problem"]](r)
        + f" at column {r['column']} of {r['text']!r}"),
})

_TYPE: dict[str, str] = {
    "integer": "an integer", "string": "a string", "boolean": "true or false",
    "array": "an array", "object": "an object"}

_NOTATION: dict[str, Callable[[Any], str]] = {
    "expected": lambda r: f"expected {r['mark']!r}",
    "name": lambda r: "expected a name",
    "quote": lambda r: "unterminated quoted name",
    "amount": lambda r: "expected an amount",
    "digits": lambda r: "an amount of more than 12 digits",
    "twice": lambda r: f"{r['name']!r} is declared twice",
    "assigned_twice": lambda r: f"{r['name']!r} assigns to {r['recipient']!r} twice",
    "given_twice": lambda r: f"{r['name']!r} is given twice",
}


# -- the scenario language (mtgcombat.grammar.scenario): every problem at its place ----

_SCENARIO_ATTR = {"pt": "power/toughness", "type": "the type line", "sick": "sick",
                  "goaded": "goaded by", "attached": "attached to"}
_COLOUR = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _attr_twice(r) -> str:
    kind, key = r["kind"], r["key"]
    if kind == "color":
        return f"the colour {_COLOUR[key]} is given twice"
    if key is not None:
        return f"the {kind} {key!r} is given twice"
    return f"{_SCENARIO_ATTR.get(kind, kind)} is given twice"


def _unknown_object(r) -> str:
    kind = "permanent or player" if r["players"] else "permanent"
    return f"unknown {r['what']} {r['value']!r}{_mean(r)}: no {kind} has this id"


#: The kinds of the scenario parser's terminals (grammar/scenario/expected.py).
_TERMINAL = {
    "name": "a name", "name_or_id": "a name or id", "quoted_text": "quoted text",
    "power_toughness": "power/toughness like 2/2", "number": "a number",
    "type_line": "a [type line]", "colour": "a colour", "id": "an id:",
    "step": "a step of combat", "mana": "mana like {R}{G}", "attached_to": "`attached to`",
    "end_of_line": "end of line", "indented_line": "an indented line",
    "less_indentation": "less indentation", "end_of_text": "end of text",
}


def _unexpected(r, w) -> str:
    descs = sorted(w(x) for x in r["expected"])
    more = f" or {len(descs) - 8} more" if len(descs) > 8 else ""
    return f"unexpected {w(r['found'])}; expected {', '.join(descs[:8])}{more}"


T.update({
    "error.located": lambda r, w: f"{r['source']}:{r['line']}:{r['column']}: {w(r['problem'])}",
    "error.scenario_second_line": lambda r, w: (
        f"a second `{r['word']}` line (the first is line {r['first']})"),
    "error.scenario_no_players": lambda r, w: (
        "no `players` line: list the players in turn order, like `players Alice, Bob`"),
    "error.scenario_no_active": lambda r, w: (
        "no `active` line: name the attacking player, like `active Alice`"),
    "error.scenario_rules": lambda r, w: (
        f"unknown rules edition {r['value']!r} (use current or 2024)"),
    "error.scenario_step": lambda r, w: (
        f"unknown damage step {r['value']!r} (use first or regular)"),
    "error.scenario_id_twice": lambda r, w: (
        f"two permanents have the id {r['id']!r} (the first is line {r['first']}): give this "
        f"one an id, like `{r['example']}: {r['name']}`"),
    "error.scenario_id_is_player": lambda r, w: (
        f"the id {r['id']!r} is also a player's name: give the permanent another id, like "
        f"`{r['example']}: {r['name']}`"),
    "error.scenario_effect_text": lambda r, w: (
        "an effect needs its text, like `effect Alice: \"Creatures you control get +1/+0.\"`"),
    "error.scenario_effect_step": lambda r, w: (
        f"`in {r['value']}`: no step of combat has this name; one of "
        + ", ".join(r["known"])),
    "error.scenario_no_what": lambda r, w: (
        f"`no {r['word']}`: use `no attacks`, `no blocks` or `no orders`"),
    "error.scenario_unknown_source": lambda r, w: (
        f"unknown source {r['value']!r}{_mean(r)}: no permanent has this id"),
    "error.scenario_chosen_twice": lambda r, w: f"`{r['field']}` is chosen twice",
    "error.scenario_unknown_player": lambda r, w: (
        f"unknown player {r['value']!r}{_mean(r)} (the players are "
        f"{', '.join(map(repr, r['players']))})"),
    "error.scenario_unknown_object": lambda r, w: _unknown_object(r),
    "error.scenario_attr_twice": lambda r, w: _attr_twice(r),
    "error.scenario_not_pt": lambda r, w: (
        f"{r['value']!r} is not power/toughness: give two whole numbers, like `2/2` or `-1/3`"),
    "error.scenario_text_indent": lambda r, w: (
        f"the text {r['text']} is at a permanent's indentation: put it on the permanent's "
        "line or indent it more, under the permanent"),
    "error.scenario_needs_pt": lambda r, w: (
        f"{r['name']!r} is a creature and needs power/toughness, like `{r['written']} 2/2`"),
    "error.scenario_after_none": lambda r, w: (
        f"`{r['kind']}` after `no {r['none']}` (line {r['line']})"),
    "error.scenario_declared_twice": lambda r, w: (
        f"{r['creature']!r} already has {r['kind']} line {r['line']}"),
    "error.scenario_surrogate": lambda r, w: "a lone surrogate (\\ud800-\\udfff) is not text",
    "error.scenario_one_choice": lambda r, w: "give one choice, like `goblin.2: targets wall`",
    "error.scenario_yes_no": lambda r, w: f"`{r['word']}`: say yes or no",
    "error.scenario_option_twice": lambda r, w: (
        f"{r['word']} of {r['player']!r} is given twice"),
    "error.scenario_indentation": lambda r, w: (
        "inconsistent indentation: this line lines up with no line above it"
        + (f" (tabs and spaces are mixed in the indentation, a tab counting as {r['tab']} "
           "spaces: indent with spaces only)" if r["mixed"] else "")),
    "error.scenario_number": lambda r, w: (
        f"the number {r['start']}... ({r['digits']} digits) is larger than any a board can "
        "hold"),
    "error.scenario_escape_surrogate": lambda r, w: (
        f"\\{r['escape']} is a lone surrogate, which is not text"),
    "error.scenario_escape": lambda r, w: (
        f"unknown escape \\{r['escape']} in quoted text (use \\\" \\\\ \\n \\t \\r or "
        "\\u{hex})"),
    # syntax errors (grammar/scenario/expected.py)
    "error.scenario_unterminated": lambda r, w: (
        'unterminated quoted text: the closing " is missing'),
    "error.scenario_carriage_return": lambda r, w: "stray carriage return (\\r)",
    "error.scenario_character": lambda r, w: f"unexpected character {r['value']!r}",
    "error.scenario_end": lambda r, w: "unexpected end of text",
    "error.scenario_type_line_open": lambda r, w: (
        f"the type line opened at column {r['column']} has no closing `]`, like "
        "`[Creature — Bear]`"),
    "error.scenario_expected_text": lambda r, w: (
        "expected the effect's text: quoted lines indented under the `effect` line"),
    "error.scenario_expected_permanents": lambda r, w: (
        "expected the permanents of this player, indented under the `PLAYER:` line"),
    "error.scenario_statement": lambda r, w: (
        f"unknown statement {r['value']!r}{_mean(r)}: a line starts with "
        f"{', '.join(r['known'][:-1])} or no, or is a section header `PLAYER:`"),
    "error.scenario_indented": lambda r, w: (
        "unexpected indentation: only a player's permanents (under `PLAYER:`) and their text "
        "lines are indented"),
    "error.scenario_colour": lambda r, w: (
        f"unknown colour {r['value']!r} (colours are W U B R G, or white blue black red "
        "green)"),
    "error.scenario_permanent_word": lambda r, w: (
        f"unknown word {r['value']!r} on a permanent's line: Oracle text goes in quotes "
        f"(\"{r['value']} ...\"); after the name come P/T, [type], colours, tapped, sick, "
        "damage N, loyalty N, defense N, protector P, goaded by P"),
    "error.scenario_expected_number": lambda r, w: f"expected a number, not {w(r['found'])}",
    "error.scenario_unexpected": lambda r, w: _unexpected(r, w),
    "error.scenario_terminal": lambda r, w: _TERMINAL.get(r["kind"], r["kind"]),
    "error.scenario_keyword": lambda r, w: repr(r["text"]),
})


# -- the card database (mtgcombat.cards) ----------------------------------------------

_CARD_FILE = "neither MTGJSON AtomicCards nor Scryfall Oracle Cards"
_CARD_FORMAT: dict[str, Callable[[Any], str]] = {
    "top": lambda r: "not a JSON object or array",
    "data": lambda r: "no \"data\" member",
    "list": lambda r: f"data[{r['name']!r}] is not a list of card objects",
    "entry": lambda r: f"entry {r['index']} is not a card object with a name",
}
_UNREADABLE: dict[str, Callable[[Any], str]] = {
    "gzip": lambda r: f"not a valid gzip file: {r['detail']}",
    "os": lambda r: r["detail"], "other": lambda r: r["detail"],
    "cut": lambda r: "the compressed file is cut short",
    "utf8": lambda r: "not UTF-8 text",
}


def _found(r) -> str:
    return repr(r["found"]) if r["found"] else "the end of the file"


T.update({
    "error.card_database": lambda r, w: f"card database {r['path']}: {w(r['problem'])}",
    "error.cards_unreadable": lambda r, w: f"cannot be read ({w(r['why'])})",
    "error.cards_os": lambda r, w: _UNREADABLE[r["kind"]](r),
    "error.cards_no_file": lambda r, w: "no such file",
    "error.cards_not_a_file": lambda r, w: "not a file",
    "error.cards_expected": lambda r, w: (
        f"expected {r['mark']!r} at character {r['at']}, found {_found(r)}"
        if r.get("close") is None else
        f"expected ',' or {r['close']!r} at character {r['at']}, found {_found(r)}"),
    "error.cards_json": lambda r, w: f"not valid JSON at character {r['at']}: {r['problem']}",
    "error.cards_number": lambda r, w: (
        f"a number of {r['digits']} or more digits after character {r['at']}"),
    "error.cards_deep": lambda r, w: f"nested too deeply after character {r['at']}",
    "error.cards_key": lambda r, w: f"expected a key at character {r['at']}",
    "error.cards_extra": lambda r, w: f"extra data at character {r['at']}",
    "error.cards_empty": lambda r, w: "the file is empty",
    "error.cards_format": lambda r, w: f"{_CARD_FILE} ({_CARD_FORMAT[r['missing']](r)})",
    "error.cards_no_cards": lambda r, w: "holds no cards",
    "error.cards_surrogate": lambda r, w: (
        f"card {r['card']!r} holds a lone surrogate (\\ud800-\\udfff), which is not text"),
    "error.card_unknown": lambda r, w: (
        f"unknown card {r['name']!r} ("
        + (f"closest: {', '.join(r['closest'])}" if r["closest"]
           else "no card has a similar name") + ")"),
    "error.card_at": lambda r, w: f"permanents[{r['index']}]: {w(r['problem'])}",
    "error.card_number": lambda r, w: (
        f"{r['start']}... ({r['digits']} digits) is larger than any number a board can hold"),
    "error.card_value": _e(lambda r, w: (
        f"{r['card']}'s {r['field']} on its card: {w(r['problem'])}")),
    "error.card_pt": _e(lambda r, w: (
        f"{r['card']} has power/toughness {r['power']}/{r['toughness']} on its card; give "
        f"{' and '.join(r['missing'])} on the board")),
})


# -- the drawing of a board (mtgcombat.draw) -------------------------------------------

_DRAW_DAMAGE: dict[str, Callable[[Any], str]] = {
    "source": lambda r: f"unknown source {r['source']!r}",
    "division": lambda r: f"{r['source']!r} must map recipients to amounts",
    "recipient": lambda r: f"{r['source']!r} assigns damage to unknown {r['recipient']!r}",
    "amount": lambda r: f"{r['source']!r} to {r['recipient']!r} must be a whole number 0 or more",
}

T.update({
    "error.draw_damage": lambda r, w: f"damage: {_DRAW_DAMAGE[r['problem']](r)}",
    "error.draw_result_field": lambda r, w: (
        f"result: unknown field {r['field']!r} (use {', '.join(r['known'])})"),
    "error.draw_result": lambda r, w: (
        f"result: {r['field']} of unknown {'player ' if r['player'] else ''}{r['unknown']!r}"),
    "error.draw_result_number": lambda r, w: (
        f"result: {r['field']} of {r['of']!r} must be a whole number"),
    "error.draw_result_listed": lambda r, w: f"result: {r['field']}: unknown {r['unknown']!r}",
})


# -- the corpus's case files (mtgcombat.corpus): ``file:line: problem`` ------------------

_CASE_SHAPE: dict[str, Callable[[Any], str]] = {
    "declaration": lambda r: "a declaration must be a JSON object",
    "attack": lambda r: f"{r['creature']!r} must map to what it attacks (a string)",
    "block": lambda r: f"{r['creature']!r} must map to a non-empty list of attacker ids",
    "assignment": lambda r: "an assignment must be a JSON object",
    "division": lambda r: (
        f"{r['creature']!r} must map recipients to amounts (integers, 0 or more)"),
}
#: What each expectation key holds, as its error says.
_CASE_EXPECTED = {
    "expect-declarations": "a JSON list of declarations",
    "expect-includes": "a JSON list of declarations",
    "expect-excludes": "a JSON list of declarations",
    "expect-costs": 'a JSON list of {"declaration": {...}, "costs": ["{3}", ...]}',
    "expect-payable": 'a JSON list of {"declaration": {...}, "payable": true or false}',
    "expect-count": "a number of declarations",
    "expect-max": "an integer or null",
    "expect-legal": "true or false",
    "expect-rule": 'a rule number like "{example}"',
    "expect-assignments": "a JSON list of assignments",
    "expect-best": 'an object {"player": {"destroyed": [...], "damage_to": {...}}}',
    "expect-step": '"first" or "regular"',
    "expect-stack": 'an object of step names and lists of sources ("effect N" for an effect)',
    "expect-choices": "a JSON list of choices",
    "expect-not-understood": "a JSON list of sentences",
}


def _only_for(r) -> str:
    return f"{r['key']!r} is only for {' and '.join(r['questions'])}"


T.update({
    "error.case": lambda r, w: (
        f"{r['path']}:{r['line']}: " if r["line"] else f"{r['path']}: ") + w(r["problem"]),
    "error.case_board": lambda r, w: f"board: {w(r['problem'])}",
    "error.case_json": lambda r, w: (
        f"{r['key']}: malformed JSON at column {r['column']}: {r['problem']}"),
    "error.case_editions": lambda r, w: (
        f"editions: expected 'current', '2024' or 'current, 2024', not {r['value']!r}"),
    "error.case_editions_twice": lambda r, w: (
        f"editions: {r['value']!r} names an edition twice"),
    "error.case_rules_edition": lambda r, w: (
        f"rules: cites rules for edition {r['edition']!r}, which the case does not run under"),
    "error.case_rules_twice": lambda r, w: (
        f"rules: two groups for {r['edition'] or 'every edition'}"),
    "error.case_rule_number": lambda r, w: (
        f"rules: {r['value']!r} is not a rule number like {r['example']}"),
    "error.case_no_rules": lambda r, w: "rules: cite at least one rule number",
    "error.case_shape": lambda r, w: f"{r['key']}: {_CASE_SHAPE[r['shape']](r)}",
    "error.case_expected": lambda r, w: (
        f"{r['key']}: expected {_CASE_EXPECTED[r['key']].replace('{example}', r['example'])}, "
        f"not {r['value']}"),
    "error.case_unreadable": lambda r, w: f"cannot read: {r['problem']}",
    "error.case_id": lambda r, w: f"id: {r['value']!r} is not an id like {r['example']}",
    "error.case_id_file": lambda r, w: (
        f"id: {r['value']!r} does not match the file name (expected "
        f"{r['stem'].lower()}.case to hold id {r['stem'].upper()})"),
    "error.case_question": lambda r, w: (
        f"question: {r['value']!r} is not one of {', '.join(r['known'])}"),
    "error.case_continuation": lambda r, w: "an indented continuation line before any key",
    "error.case_line": lambda r, w: (
        f"expected 'key: value' (or '---' before the board), not {r['value']!r}"),
    "error.case_no_board": lambda r, w: "no '---' line: the board is missing",
    "error.case_empty_board": lambda r, w: "the board after '---' is empty",
    "error.case_unknown_key": lambda r, w: f"unknown key {r['key']!r}",
    "error.case_key_twice": lambda r, w: (
        f"key {r['key']!r} given twice (first on line {r['first']})"),
    "error.case_empty_value": lambda r, w: f"{r['key']}: empty value",
    "error.case_language": lambda r, w: (
        f"{r['key']}: the language must be one of {', '.join(r['known'])}"),
    "error.case_suffix": lambda r, w: (
        f"{r['key']}: only expectation keys take an edition suffix, and title and "
        "explanation a language ([de])"),
    "error.case_missing_key": lambda r, w: f"missing required key {r['key']!r}",
    "error.case_needs": lambda r, w: (
        f"question {r['question']} needs a{'n' if r['key'][0] in 'aeiou' else ''} "
        f"{r['key']!r}"),
    "error.case_only_for": lambda r, w: _only_for(r),
    "error.case_damage_list": lambda r, w: "damage: a JSON list of assignments, one per step",
    "error.case_time_limit": lambda r, w: (
        "time-limit: must be positive" if r["value"] is None
        else f"time-limit: {r['value']!r} is not a number of seconds"),
    "error.case_not_for": lambda r, w: (
        f"{r['key']} does not apply to question {r['question']} "
        f"(only to {', '.join(r['known'])})"),
    "error.case_suffix_edition": lambda r, w: (
        f"{r['key']}[{r['edition']}]: the case does not run under edition {r['edition']!r} "
        f"(editions: {', '.join(r['editions'])})"),
    "error.case_expects_nothing": lambda r, w: (
        "the case expects nothing: give at least one expect-... key" if r["edition"] is None
        else f"the case expects nothing under edition {r['edition']!r}"),
    "error.case_no_file": lambda r, w: "no such file or directory",
    "error.case_id_twice": lambda r, w: f"id {r['id']!r} is also used by {r['other']}",
    "error.case_no_corpus": lambda r, w: "the corpus of cases is not here",
    # the web lab's HTTP (mtgcombat/web/wire.py): a request it refuses
    "error.http_host": lambda r, w: "this server answers only requests addressed to it (Host)",
    "error.http_origin": lambda r, w: "requests from another origin are refused",
    "error.http_site": lambda r, w: "requests from another site are refused",
    "error.http_type": lambda r, w: (
        "the request body must be JSON (Content-Type: application/json)"),
    "error.http_length": lambda r, w: "the request must say its length (Content-Length)",
    "error.http_bad_length": lambda r, w: "a bad Content-Length",
    "error.http_large": lambda r, w: f"the request is larger than {r['kb']} KB",
    "error.http_head_large": lambda r, w: "the request's header is too large",
    "error.http_line": lambda r, w: "a bad request line",
    "error.http_field": lambda r, w: "a bad header field",
    "error.http_twice": lambda r, w: f"the header field {r['field']} is given twice",
    "error.http_not_found": lambda r, w: "not found",
    "error.http_questions": lambda r, w: (
        "not found: the questions are " + ", ".join(r["known"])),
    "error.http_method": lambda r, w: "method not allowed",
    "error.http_unsupported": lambda r, w: f"unsupported method ({r['method']!r})",
    "error.http_busy": lambda r, w: "the server is busy: try again in a moment",
    "error.http_worker": lambda r, w: "internal error (a worker ended); please report it",
})
