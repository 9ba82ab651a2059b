"""``damage``, ``check --damage`` and ``explain`` ask about the combat damage step that
``combat`` reaches: on a board standing as the combat phase begins (spec Extension 3, "When
the board stands"), the triggers and tricks of the steps before combat damage are carried
out first (507.2, 508.3, 509.3), listed in the answer, with the choices they used -- one
verdict for one combat."""

import json

from mtgcombat import ask
from mtgcombat.options import Door

OPHIDIAN = ("Whenever Ophidian attacks and isn't blocked, you may draw a card. If you do, "
            "Ophidian assigns no combat damage this turn.")


def _board(text, name, extra=None, **top):
    data = {"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
            "permanents": [{"id": "x", "name": name, "controller": "Alice", "power": 1,
                            "toughness": 3, "text": text},
                           {"id": "w", "name": "Wall of Wood", "controller": "Bob",
                            "power": 0, "toughness": 3, "text": "Defender"}],
            "attacks": {"x": "Bob"}, "blocks": {}, **top}
    return ask.board_from_request(json.loads(json.dumps(data)))


def _ask(board, question, *args):
    return ask.answer(board, ask.parse(question, list(args), Door.REQUEST)).json()


def test_damage_applies_an_unblocked_trigger_that_resolved_before_the_step_509_3():
    board = _board(OPHIDIAN, "Ophidian",
                   choices=[{"source": "x", "ability": 1, "may": True}])
    out = _ask(board, "damage")
    assert out["assignments"] == [{"assignment": {}, "damage_order": {}}]
    assert out["stack"][0]["step"] == "declare blockers"
    assert out["choices"][0]["may"] is True
    combat = _ask(board, "combat")
    assert combat["after"]["life"]["Bob"] == 20  # the same combat
    check = _ask(board, "check", "--damage", '{"x": {"Bob": 1}}')
    assert check["legal"] is False and check["stack"]


def test_damage_without_the_draw_is_as_before_and_lists_the_choice_603_5():
    board = _board(OPHIDIAN, "Ophidian",
                   choices=[{"source": "x", "ability": 1, "may": False}])
    out = _ask(board, "damage")
    assert out["best"]["Alice"]["assignment"] == {"x": {"Bob": 1}}
    assert _ask(board, "check", "--damage", '{"x": {"Bob": 1}}')["legal"] is True


def test_damage_sees_an_attack_trigger_pump_508_3():
    board = _board("Whenever Raging Goblin attacks, it gets +2/+0 until end of turn.",
                   "Raging Goblin")
    out = _ask(board, "damage")
    assert out["best"]["Alice"]["assignment"] == {"x": {"Bob": 3}}
    assert out["sources"]["x"]["power"] == 3
    words = ask.answer(board, ask.parse("damage", [], Door.REQUEST)).text()
    assert "Raging Goblin gets +2/+0 until end of turn" in words
    explained = _ask(board, "explain")
    assert any("gets +2/+0" in line for line in explained["narrative"])


def test_a_plain_board_damage_answer_keeps_the_spec_shape_without_stack():
    board = _board("", "Grizzly Bears")
    out = _ask(board, "damage")
    assert "stack" not in out and "choices" not in out


def _defender_attacks():
    return _board("Defender", "Wall of Stone", blocks={})


def test_check_damage_on_illegal_declarations_is_illegal_with_their_violations_508_1():
    # One verdict for one declaration (spec Extension 3): a creature with defender
    # can't attack (702.3b), so the combat never reaches combat damage and no assignment
    # of that step is legal -- as damage and combat say.
    board = _defender_attacks()
    check = _ask(board, "check", "--damage", '{"x": {"Bob": 1}}')
    assert check["legal"] is False and check["status"] == "complete"
    assert [v["rule"] for v in check["violations"]] == ["702.3b"]
    assert _ask(board, "damage")["status"] == "illegal"
    combat = _ask(board, "combat")
    assert combat["status"] == "illegal" and combat["violations"] == check["violations"]


def test_check_damage_words_name_the_declarations_violation_in_both_languages_508_1():
    board = _defender_attacks()
    for lang, head, stop in (("en", "ILLEGAL", "the declarations break the rules"),
                             ("de", "NICHT ERLAUBT", "Deklarationen verstoßen")):
        text = ask.answer(board, ask.parse("check", ["--damage", '{"x": {"Bob": 1}}',
                                                     "--lang", lang], Door.REQUEST)).text()
        assert text.startswith(head) and stop in text and "702.3b" in text


def test_explain_damage_says_the_combat_never_reaches_the_step_508_1():
    board = _defender_attacks()
    for lang, words in (("en", "never reaches combat damage"), ("de", "erreicht das")):
        out = ask.answer(board, ask.parse("explain", ["--damage", '{"x": {"Bob": 1}}',
                                                      "--lang", lang], Door.REQUEST)).json()
        narrative = "\n".join(out["narrative"])
        assert words in narrative and "702.3b" in narrative
        assert "It is illegal" not in narrative and "assigns" not in narrative.split(words)[1]
