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
    """The rule, or rules, in the parameter ``name``."""
    def get(r: Reason, ed: type[Edition]) -> Any:
        return r.get(name)
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
    "human.turn_head": ("500-514",),
    "turn.draw": (RULE, "103.8a"),
    "turn.main": (RULE, "305.2"),
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
