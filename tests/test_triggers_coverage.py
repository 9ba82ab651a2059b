"""The coverage figure counts a triggered ability as understood only when the commands
carry it out (issue 26.6): a trigger line read whole is carried out by the combat's stack,
a trigger not read is listed in ``not_modelled`` and counts as not understood."""

from __future__ import annotations

import importlib.util
import typing
from pathlib import Path

from mtgcombat import Board
from mtgcombat.grammar.oracle import read_text
from mtgcombat.rules import triggered as T

SCRIPT = Path(__file__).parents[1] / "scripts" / "oracle_coverage.py"


def _coverage_module():
    spec = importlib.util.spec_from_file_location("oracle_coverage", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(mod)
    return mod


def test_every_effect_the_reader_produces_is_carried_out_by_the_stack_608_2c():
    # rules.stack resolves each effect class of the union by its table of methods (an
    # unknown one is a TypeError), so a read trigger is never a silent one.
    from mtgcombat.rules.stack import _EFFECTS, Stack

    for cls in typing.get_args(T.Effect):
        assert cls in _EFFECTS, cls.__name__
        assert getattr(Stack, _EFFECTS[cls].__name__) is _EFFECTS[cls], cls.__name__


def test_a_trigger_not_read_is_not_understood_and_is_in_not_modelled_603_1():
    text = "Whenever Glint Hawk attacks, you may pay {E}{E}. If you do, draw a card."
    assert read_text(text, "Glint Hawk").understood == ()
    bd = Board.parse('players Alice, Bob\nactive Alice\nAlice:\n  h: Glint Hawk 2/2 "'
                     + text + '"\nattack h -> Bob\n', "<test>")
    a = bd.combat()
    assert [r["source"] for r in a.not_modelled
            if r.code == "combat.not_modelled"] == ["h", "h"]


def test_a_trigger_read_whole_is_carried_out_and_understood_603_1():
    text = "Whenever Benalish Veteran attacks, it gets +1/+1 until end of turn."
    r = read_text(text, "Benalish Veteran")
    assert r.not_understood == () and isinstance(r.abilities[0], T.Triggered)
    assert _coverage_module().carried(r.understood[0].abilities)


def test_sentences_not_understood_are_grouped_by_the_kind_of_ability():
    cov = _coverage_module()
    assert cov.group_of("Whenever ~ attacks, you may pay {E}{E}.") == "attack trigger (508.3)"
    assert cov.group_of("Battalion \u2014 Whenever ~ and at least two other creatures attack, "
                        "roll a d20.") == "attack trigger (508.3)"
    assert cov.group_of("{R}: ~ deals 1 damage to target creature blocking it.") == \
        "activated ability (602.1)"
    assert cov.group_of("Whenever ~ blocks a creature, exile the top card of your library.") \
        == "block trigger (509.3)"
    assert cov.group_of("\u2022 Target creature can't block this turn.") == \
        "mode of a modal ability (700.2)"
    assert cov.group_of("Attacking creatures you control get +1/+0.") == \
        "static or spell sentence"
