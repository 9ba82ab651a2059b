"""English templates: declaring attackers (508.1) and blockers (509.1), and the
verdicts on declarations."""

from __future__ import annotations

from .. import clause, sentence


def _verb(kind):
    return "attack" if kind == "attacks" else "block"




def _words(r, w):
    decl, kind = r["decl"], r["kind"]
    if not decl:
        return "no creature attacks" if kind == "attacks" else "no creature blocks"
    parts = []
    for c, v in decl:
        if isinstance(v, str):
            parts.append(f"{w.name(c)} attacks {w.name(v)}")
        else:
            parts.append(f"{w.name(c)} blocks {w.names(v)}")
    return "; ".join(parts)


def _too_few(r, w):
    msg = (f"this declaration obeys {r['obeyed']} of the requirements; {r['most']} can be "
           "obeyed" + (" with the costs it pays" if r["with_costs"] else ""))
    wit = r["witness"]
    msg += (f" \u2014 for example: {w.declaration(wit, r['kind'])}." if wit is not None else ".")
    if r["unmet"]:
        msg += " Not obeyed: " + w.some(r["unmet"])
    return msg


def _texts(w, reqs):
    """Requirements listed: "A attacks each combat if able; B ..." (each with why it
    can't be obeyed, when given)."""
    return w.some(w.clause(req) + (f" \u2014 {w(why)}" if why else "")
                  for req, why in (x if isinstance(x, tuple) else (x, None) for x in reqs))


def _too_few_explained(r, w):
    msg = (f"this declaration obeys {r['obeyed']} of the requirements; {r['most']} can be "
           "obeyed" + (" with the costs it pays" if r["with_costs"] else ""))
    wit = r["witness"]
    msg += (f" \u2014 for example: {w.declaration(wit, r['kind'])}." if wit is not None else ".")
    if r["could"]:
        msg += " Not obeyed: " + _texts(w, r["could"]) + "."
    if r["never"]:
        msg += (" Could not be obeyed on this board (by any declaration that obeys the "
                "restrictions): " + _texts(w, r["never"]) + ".")
    return msg


def _banned_by(r, w):
    return w.some(r["restrictions"], most=2, sep=" and ")


def _targets(r, w):
    p, kind = r["player"], r["kind"]
    if p is None:
        return {"player": "players", "planeswalker": "planeswalkers",
                "battle": "battles"}.get(kind or "", "anything")
    p = w.name(p)
    if kind == "planeswalker":
        return f"planeswalkers {p} controls"
    if kind == "battle":
        return f"battles {p} protects"
    if r["permanents"]:
        return f"{p} or planeswalkers {p} controls"
    return p


def _anything(what):
    return what["player"] is None and what["kind"] is None


def _cant(r, w):
    why = f": {w(r['because'])}" if r.get("because") is not None else ""
    if _anything(r["what"]):
        return f"{w.of(r)} can't attack{why}", w.source(r['src'])
    return f"{w.of(r)} can't attack {w(r['what'])}{why}", w.source(r['src'])


_OP = {">": "greater than", "<": "less than", ">=": "at least", "<=": "at most",
       "==": "equal to"}


def _stat(r, w):
    """"its power 3 is greater than the 2 cards in Alice's hand"."""
    from .common import pred_words

    n = r["value"]
    if r.get("hand") is not None:
        value = f"the {w.count(n, 'card', 'cards')} in {w.name(r['hand'])}'s hand"
    elif r.get("count") is not None:
        value = f"the number of {pred_words(r['count'], w)}, {n}"
    else:
        value = str(n)
    return f"its {r['stat']} {r['mine']} is {_OP[r['op']]} {value}"


def _unless_others(r, w):
    k = r["count"]
    others = ("another creature also attacks" if k == 1
              else f"at least {k} other creatures also attack") + (
        "" if r["any_kind"] else " (of the kind its text names)")
    word = "unless" if r["unless"] else "if"
    return f"{w.of(r)} can't attack {word} {others}", w.source(r['src'])


def _requirement(r, w):
    kind, t = r["kind"], r["target"]
    if r["defending"]:
        what = " a player"
    elif t is None:
        what = "" if kind is None else f" a {kind}"
    elif r["of_player"]:
        what = f" a {kind} {'controlled' if kind == 'planeswalker' else 'protected'} by {w.name(t)}"
    else:
        what = f" {w.name(t)}"
    return f"{w.of(r)} attacks{what} {w.duration(r['duration'])} if able."


_CARD_TYPES = {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}


def _some(pred, n: int, w) -> str:
    """"a land", "two Islands", "an enchantment controlled by you"."""
    from ...rules import abilities as A
    from .common import pred_words

    parts = list(pred.preds) if isinstance(pred, A.AndPred) else [pred]
    kind = next((p for p in parts if isinstance(p, A.TypePred)), None)
    if kind is None:
        return f"{n} × {pred_words(pred, w)}"
    noun = kind.word.lower() if kind.word.lower() in _CARD_TYPES else kind.word
    rest = " ".join(pred_words(p, w) for p in parts if p is not kind)
    if n == 1:
        head = ("an " if noun[:1].lower() in "aeiou" else "a ") + noun
    else:
        numbers = {2: "two", 3: "three", 4: "four", 5: "five"}
        head = f"{numbers.get(n, n)} {noun}s"
    return f"{head} {rest}" if rest else head


def _amount(r, w) -> str:
    """A cost in words: mana symbols, life (119.4), permanents to sacrifice (701.21a) or
    to return."""
    from .common import pred_words

    life = r.get("life") or 0
    words = [r["cost"]] if r["cost"] else []
    if life:
        words.append(f"{life} life")
    remove = r.get("remove")
    if remove is not None:
        what = _some(remove.pred, remove.count, w)
        words.append(f"sacrificing {what}" if remove.action == "sacrifice"
                     else f"returning {what} to its owner's hand")
    return " and ".join(words) or "nothing"


def _cost(r, w):
    what = "attacking" if r["what"] is None else f"attacking {w(r['what'])}"
    return f"{_amount(r, w)} for {w.of(r)} {what}", w.source(r['src'])


T: dict = {
    # -- declarations -------------------------------------------------------------------
    "decl.words": _words,
    "decl.not_option": lambda r, w: f"{w.of(r)} can't {_verb(r['kind'])}.",
    "decl.not_choice": lambda r, w: f"{w.of(r)} can't {_verb(r['kind'])} {w.name(r['choice'])}.",
    "decl.too_few": _too_few,
    "decl.too_few_explained": _too_few_explained,
    "decl.banned_by": _banned_by,
    # -- 508.1a ----------------------------------------------------------------------
    "attack.tapped": sentence(lambda r, w: f"{w.of(r)} is tapped and can't attack"),
    "attack.battle": sentence(lambda r, w: f"{w.of(r)} is a battle and can't attack"),
    "attack.sick": sentence(lambda r, w: (
        f"{w.of(r)} hasn't been under its controller's control since the turn began and "
        "has no haste, so it can't attack")),
    "attack.defender": sentence(lambda r, w: f"{w.of(r)} has defender and can't attack"),
    # -- 508.1c ----------------------------------------------------------------------
    "attack.targets": _targets,
    "attack.cant": sentence(_cant),
    "why.stat": _stat,
    "why.all": lambda r, w: w.join([w(x) for x in r["facts"]]),
    "attack.only_alone": sentence(lambda r, w: (
        f"{w.of(r)} can attack only alone, but other creatures attack too", w.source(r['src']))),
    "attack.not_alone": sentence(lambda r, w: (f"{w.of(r)} can't attack alone", w.source(r['src']))),
    "attack.unless_others": sentence(_unless_others),
    "attack.cant_there": sentence(lambda r, w: (
        f"{w.of(r)} can't attack there: {r['said']}", w.source(r['src'], False))),
    "attack.cant_condition": sentence(lambda r, w: (
        f"{w.of(r)} can't attack: {r['said']}", w.source(r['src'], False))),
    "attack.cap": sentence(lambda r, w: (
        f"No more than {_creatures(r['n'])} can attack each combat", w.source(r['src']))),
    "attack.cap_player": sentence(lambda r, w: (
        f"No more than {_creatures(r['n'])} can attack {w(r['what'])} each combat",
        w.source(r['src']))),
    "attack.parity": sentence(lambda r, w: (
        f"{w.name(r['player'])} can't attack with an {'odd' if r['odd'] else 'even'} number "
        "of creatures", w.source(r['src']))),
    # -- 508.1d ----------------------------------------------------------------------
    "attack.requirement": _requirement,
    "attack.goaded": lambda r, w: (
        f"{w.of(r)} is goaded by {w.name(r['goader'])} and attacks each combat if able."),
    "attack.goaded_other": lambda r, w: (
        f"{w.of(r)} is goaded by {w.name(r['goader'])} and attacks a player other than "
        f"{w.name(r['goader'])} if able."),
    "attack.cost": clause(_cost),
    "attack.player_requirement": sentence(lambda r, w: (
        f"{w.name(r['player'])} attacks {w.name(r['target'])}"
        + (f" or a planeswalker {w.name(r['target'])} controls" if r["permanents"] else "")
        + (" with at least one creature" if r["count"] == 1 else
           f" with at least {r['count']} creatures")
        + " each combat if able", w.source(r['src']))),
    "attack.if_attacks": sentence(lambda r, w: (
        f"If {w.names(r['trigger'], 'or')} attacks, {w.of(r)} attacks if able", w.source(r['src']))),
    "attack.all_if_any": sentence(lambda r, w: (
        f"If a creature {w.name(r['player'])} controls attacks, {w.of(r)} attacks if able",
        w.source(r['src']))),
    # -- errors -------------------------------------------------------------------------
    "error.attack_condition_unknown": lambda r, w: (
        f"{w.source(r['src'], False)}: can't decide whether {w.of(r)} may attack -- the condition in "
        f"{str(r['said'])!r} depends on something the board doesn't record"),
    "error.cap_player_unknown": lambda r, w: (
        f"{w.source(r['src'])}: can't tell which player {str(r['said'])!r} protects"),
    # -- 509.1a ----------------------------------------------------------------------
    "block.capacity": lambda r, w: (
        f"{w.of(r)} can block only {_creatures(r['cap'])} but blocks {r['blocks']}."),
}


# -- why a choice is not an option (506.2-506.3, 508.1a-b, 509.1a, 802, 805.10, 310) ----


def _defenders(w, ds):
    ds = [w.name(d) for d in ds]
    return ("the defending player is " + ds[0] if len(ds) == 1
            else "the defending players are " + ", ".join(ds))


def _target_attacking(r, w):
    who = "on the attacking team" if r["team"] else "the attacking player"
    return (f"{w.name(r['target'])} is {who}; a creature attacks a defending player, a "
            "planeswalker they control or a battle they protect")


T.update({
    "decl.not_option_why": lambda r, w: f"{w.of(r)} can't {_verb(r['kind'])}: {w(r['why'])}.",
    "decl.not_choice_why": lambda r, w: (
        f"{w.of(r)} can't {_verb(r['kind'])} {w.name(r['choice'])}: {w(r['why'])}."),
    "option.player": clause(lambda r, w: (
        f"{w.name(r['who'])} is a player; only a creature can {_verb(r['kind'])}")),
    "option.not_creature": clause(lambda r, w: (
        f"{w.of(r)} is not a creature; only a creature can {_verb(r['kind'])}")),
    "option.not_attacking_team": clause(lambda r, w: (
        f"{w.of(r)} is controlled by {w.name(r['controller'])}, who is not on the attacking "
        "team", ", ".join(w.name(p) for p in r["team"]))),
    "option.not_attacking_player": clause(lambda r, w: (
        f"{w.of(r)} is controlled by {w.name(r['controller'])}, who is not the attacking "
        "player", f"{w.name(r['active'])} is")),
    "option.is_attacking": clause(lambda r, w: f"{w.of(r)} is attacking"),
    "option.not_defending": clause(lambda r, w: (
        f"{w.of(r)} is controlled by {w.name(r['controller'])}, who is not a defending "
        "player", _defenders(w, r["defenders"]))),
    "option.not_attacking": clause(lambda r, w: f"{w.name(r['choice'])} is not attacking"),
    "option.battle_protector_blocks": clause(lambda r, w: (
        f"{w.name(r['choice'])} attacks {w.name(r['target'])}, which {w.name(r['protector'])} "
        "protects, and only its protector's creatures can block creatures attacking a battle")),
    "option.other_player": clause(lambda r, w: (
        f"{w.name(r['choice'])} attacks {w.name(r['target'])}, and {w.name(r['player'])}'s "
        f"creatures can block only creatures attacking {w.name(r['player'])}, a planeswalker "
        f"{w.name(r['player'])} controls or a battle {w.name(r['player'])} protects")),
    "option.target_attacking": clause(_target_attacking),
    "option.target_not_defending": clause(lambda r, w: (
        f"{w.name(r['target'])} is not a defending player this combat",
        _defenders(w, r["defenders"]))),
    "option.own_battle": clause(lambda r, w: (
        f"{w.name(r['player'])} protects {w.name(r['target'])}, and a battle's protector can "
        "never attack it")),
    "option.battle_not_defended": clause(lambda r, w: (
        f"{w.name(r['target'])} is protected by {w.name(r['protector'])}, who is not a "
        "defending player", _defenders(w, r["defenders"]))),
    "option.walker_not_defended": clause(lambda r, w: (
        f"{w.name(r['target'])} is controlled by {w.name(r['controller'])}, who is not a "
        "defending player", _defenders(w, r["defenders"]))),
    "option.not_attackable": clause(lambda r, w: (
        f"{w.name(r['target'])} is not a player, planeswalker or battle; only those can be "
        "attacked")),
})


# -- declare blockers (509.1) -------------------------------------------------------------


def _says(w, r):
    """The sentence an ability comes from, once: "Lure Bird says “...”"."""
    src = r["src"]
    return f"{w.source(src, False)} says {w.quote(src.sentence)}"


def _creatures(n):
    return "one creature" if n == 1 else f"{n} creatures"




def _block_cap(r, w):
    group = [w.name(p) for p in r["group"]]
    who = (f"{group[0]} declares blocks" if len(group) == 1 else
           f"{' and '.join(group)} declare one combined block")
    return f"No more than {_creatures(r['n'])} can block ({who}): {_says(w, r)}"


def _unless_others_block(r, w):
    word = "unless" if r["unless"] else "if"
    k = r["count"]
    others = "another creature" if k == 1 else f"{k} other creatures"
    return (f"{w.of(r)} can't block {word} {others} of the kind its text names also block: "
            f"{_says(w, r)}")


def _must_be_blocked(r, w):
    how = ""
    if r["exactly"] is not None:
        how = f"by exactly {_creatures(r['exactly'])}"
    elif r["least"] != 1:
        how = f"by {r['least']} or more creatures"
    if r["by"] is not None:
        how = (how + " " if how else "by ") + f"creatures matching {w.pred(r['by'])}"
    when = w.duration(r["duration"], default="")
    return (f"{w.of(r)} must be blocked{(' ' + how) if how else ''}"
            f"{(' ' + when) if when else ''} if able.")


def _requirement_attacker(r, w):
    when = w.duration(r["duration"], default="")
    return f"{w.of(r)} blocks {w.of(r, 'attacker')}{' ' + when if when else ''} if able."


T.update({
    "block.tapped": sentence(lambda r, w: f"{w.of(r)} is tapped and can't block"),
    "block.battle": sentence(lambda r, w: f"{w.of(r)} is a battle and can't block"),
    "block.decayed": sentence(lambda r, w: f"{w.of(r)} has decayed and can't block"),
    "block.left": sentence(lambda r, w: (
        f"{w.of(r)} left the battlefield before blockers were declared and can't block")),
    "block.left_attacker": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} left the battlefield before blockers were declared, so "
        f"{w.of(r)} can't block it")),
    "attack.left": sentence(lambda r, w: (
        f"{w.of(r)} left the battlefield before attackers were declared and can't attack")),
    # 702: evasion
    "evade.flying": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} has flying and can't be blocked by {w.of(r, 'blocker')}, which has neither flying "
        "nor reach")),
    "evade.shadow": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} has shadow and can't be blocked by {w.of(r, 'blocker')}, which doesn't have "
        "shadow")),
    "evade.shadow_blocker": sentence(lambda r, w: (
        f"{w.of(r, 'blocker')} has shadow and can't block {w.of(r, 'attacker')}, which doesn't have shadow")),
    "evade.horsemanship": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} has horsemanship and can't be blocked by {w.of(r, 'blocker')}, which doesn't")),
    "evade.fear": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} has fear and can't be blocked by {w.of(r, 'blocker')}, which is neither an "
        "artifact creature nor black")),
    "evade.intimidate": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} has intimidate and can't be blocked by {w.of(r, 'blocker')}, which is neither an "
        "artifact creature nor shares a color with it")),
    "evade.skulk": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} has skulk and can't be blocked by {w.of(r, 'blocker')}, which has greater power "
        f"({r['blocker_power']} > {r['attacker_power']})")),
    "evade.protection_everything": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} has protection from everything and can't be blocked by {w.of(r, 'blocker')}")),
    "evade.protection_player": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} has {r['label']} and can't be blocked by {w.of(r, 'blocker')}, which "
        f"{w.name(r['player'])} controls")),
    "evade.protection": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} has {r['label']} and can't be blocked by {w.of(r, 'blocker')}")),
    "evade.landwalk": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} has {r['label']} and can't be blocked while {w.name(r['player'])} "
        f"controls {w.name(r['land'])}")),
    "evade.menace": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} has menace and can't be blocked except by two or more creatures")),
    # 509.1b: restrictions from card text
    "block.cant": sentence(lambda r, w: f"{w.of(r)} can't block: {_says(w, r)}"),
    "block.cant_attacker": sentence(lambda r, w: (
        f"{w.of(r)} can't block {w.of(r, 'attacker')}: {_says(w, r)}")),
    "block.cant_alone": sentence(lambda r, w: (
        f"{w.of(r)} can't block alone: another creature must also be declared as a blocker",
        _says(w, r))),
    "block.unblockable": sentence(lambda r, w: f"{w.of(r)} can't be blocked: {_says(w, r)}"),
    "block.except_n": sentence(lambda r, w: (
        f"{w.of(r)} can't be blocked except by {r['n']} or more creatures: {_says(w, r)}")),
    "block.more_than": sentence(lambda r, w: (
        f"{w.of(r)} can't be blocked by more than {_creatures(r['n'])}: {_says(w, r)}")),
    "block.unless_all": sentence(lambda r, w: (
        f"{w.of(r)} can't be blocked unless all creatures {w.name(r['player'])} controls "
        f"block it: {_says(w, r)}")),
    "block.cap": sentence(_block_cap),
    "block.unless_others": sentence(_unless_others_block),
    "block.compared": sentence(lambda r, w: (
        f"{w.of(r)} can't block {w.of(r, 'attacker')}: {_says(w, r)} -- compared with "
        f"{w.name(r['player'])}, who controls {w.of(r, 'attacker')}, it "
        f"{'does not hold' if r['unless'] else 'holds'}")),
    "block.condition": sentence(lambda r, w: (
        f"{w.of(r)} can't block: {_says(w, r)} -- and on this board "
        f"{'it does not hold' if r['unless'] else 'it holds'}")),
    # 509.1c: requirements
    "block.requirement": lambda r, w: f"{w.of(r)} blocks {w.duration(r['duration'])} if able.",
    "block.requirement_attacker": _requirement_attacker,
    "block.each_attacker": sentence(lambda r, w: (
        f"{w.of(r)} blocks each attacking creature if able, so it blocks {w.of(r, 'attacker')} if able",
        _says(w, r))),
    "block.lure": sentence(lambda r, w: (
        f"{w.of(r)} must block {w.of(r, 'attacker')} if able", _says(w, r))),
    "block.must_be_blocked": _must_be_blocked,
    # 509.1d: costs
    "block.cost": lambda r, w: f"{_amount(r, w)} for {w.of(r)} to block",
})
