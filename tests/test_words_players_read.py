"""Answers a player (and a German judge) reads without stumbling: what a token put onto the
battlefield attacking attacks (508.4), the other choices an ability used, and the German
sentences of combat, best-blocks, best-attacks and explain in the terms of the German rules
documents (Kampfschadensegment, Schadenszuweisung, Spielstein ...). Found on real boards
(Hero of Bladehold, Brimaz, Glorybringer, Ophidian, Wall of Frost, Lightning Helix)."""

from __future__ import annotations

import pytest

from mtgcombat import ask
from mtgcombat.board import Board
from mtgcombat.errors import BadInput

HERO = """players Alice, Bob (life 12)
active Alice

Alice:
  hero: Hero of Bladehold 3/4 white [Creature — Human Knight] "Battle cry (Whenever this creature attacks, each other attacking creature gets +1/+0 until end of turn.)" "Whenever Hero of Bladehold attacks, create two 1/1 white Soldier creature tokens that are tapped and attacking."
  bears: Grizzly Bears 2/2 [Creature — Bear] green

Bob:
  jace: Jace Beleren [Legendary Planeswalker — Jace] blue loyalty 3
  wall: Wall of Omens 0/4 white [Creature — Wall] "Defender"

attack hero -> Bob
attack bears -> jace
"""

BRIMAZ = """players Alice, Bob
active Alice

Alice:
  brimaz: Brimaz, King of Oreskos 3/4 white [Legendary Creature — Cat Soldier] "Vigilance" "Whenever Brimaz, King of Oreskos attacks, create a 1/1 white Cat Soldier creature token with vigilance that's attacking."

Bob:
  bears: Grizzly Bears 2/2 [Creature — Bear] green

attack brimaz -> Bob
"""

GLORYBRINGER = """players Alice, Bob (life 8)
active Alice

Alice:
  glory: Glorybringer 4/4 red [Creature — Dragon] "Flying, haste" "You may exert Glorybringer as it attacks. When you do, it deals 4 damage to target non-Dragon creature an opponent controls. (An exerted creature won't untap during your next untap step.)"

Bob:
  angel: Serra Angel 4/4 white [Creature — Angel] "Flying, vigilance"
  bears: Grizzly Bears 2/2 [Creature — Bear] green

attack glory -> Bob
choose glory: exert yes; targets angel
"""

OPHIDIAN = """players Alice, Bob (life 7)
active Alice

Alice:
  ophidian: Ophidian 1/3 blue [Creature — Snake] "Whenever Ophidian attacks and isn't blocked, you may draw a card. If you do, Ophidian assigns no combat damage this turn."
  vampire: Sengir Vampire 4/4 black [Creature — Vampire] "Flying"

Bob:
  drake: Wind Drake 2/2 blue [Creature — Drake] "Flying"

attack ophidian -> Bob
attack vampire -> Bob
block drake -> vampire
choose ophidian: may yes
"""

FROST = """players Alice, Bob (life 5)
active Alice

Alice:
  shanker: Ankle Shanker 2/2 red [Creature — Goblin Berserker] "Haste"

Bob:
  wall: Wall of Frost 0/7 blue [Creature — Wall] "Defender" "Whenever Wall of Frost blocks a creature, that creature doesn't untap during its controller's next untap step."

attack shanker -> Bob
block wall -> shanker
"""

HELIX = """players Alice, Bob (life 6)
active Alice

Alice:
  knight: White Knight 2/2 white [Creature — Human Knight] "First strike" "Protection from black"
  ogre: Gray Ogre 2/2 red [Creature — Ogre]

Bob:
  angel: Serra Angel 4/4 white [Creature — Angel] "Flying, vigilance"
  bears: Grizzly Bears 2/2 [Creature — Bear] green

effect Alice from ogre in declare blockers -> angel: "Lightning Helix deals 3 damage to any target and you gain 3 life."

attack knight -> Bob
attack ogre -> Bob
"""


def _reply(text: str, question: str, *args: str):
    board = Board.parse(text, "<test>")
    return ask.answer(board, ask.parse(question, ["<test>", *args]))


def _text(text: str, question: str, *args: str) -> str:
    return _reply(text, question, *args).text()


def _line(text: str, start: str) -> str:
    lines = [x.strip() for x in text.splitlines() if x.strip().startswith(start)]
    assert len(lines) == 1, (start, text)
    return lines[0]


# -- item: what a token put onto the battlefield attacking attacks (508.4) ---------------

def test_tokens_put_onto_the_battlefield_attacking_are_said_to_attack_what_was_chosen_508_4():
    en = _text(HERO, "combat", "--choose", "hero.2: attacking jace")
    assert _line(en, "Choices:") == (
        "Choices: Hero of Bladehold, ability 2: 2 tokens attack Jace Beleren (as given)")
    de = _text(HERO, "combat", "--choose", "hero.2: attacking jace", "--lang", "de")
    assert _line(de, "Entscheidungen:") == (
        "Entscheidungen: Hero of Bladehold, Fähigkeit 2: 2 Spielsteine greifen Jace Beleren an "
        "(wie angegeben)")


def test_one_token_put_onto_the_battlefield_attacking_is_the_token_attacks_508_4():
    en = _text(BRIMAZ, "combat")
    assert _line(en, "Choices:") == (
        "Choices: Brimaz, King of Oreskos, ability 2: the token attacks Bob "
        "(the only legal choice)")
    de = _text(BRIMAZ, "combat", "--lang", "de")
    assert _line(de, "Entscheidungen:") == (
        "Entscheidungen: Brimaz, King of Oreskos, Fähigkeit 2: der Spielstein greift Bob an "
        "(die einzige legale Wahl)")


def test_each_tokens_choice_in_json_says_that_token_attacks_508_4():
    got = _reply(HERO, "combat", "--choose", "hero.2: attacking jace").json()
    messages = [c["message"] for c in got["choices"]]
    assert messages == ["Hero of Bladehold, ability 2: the token attacks Jace Beleren "
                        "(as given)"] * 2
    assert [c["attacking"] for c in got["choices"]] == ["jace", "jace"]


def test_a_missing_choice_of_what_a_token_attacks_names_it_508_4():
    from mtgcombat.rules.reasons import reason
    from mtgcombat.text import Writer

    with pytest.raises(BadInput) as info:
        _text(HERO, "combat", "--lang", "de")  # bad input is worded in English
    assert "needs a choice of what the token attacks by Alice: Bob or jace" in str(info.value)
    missing = reason("error.choice_missing", source="hero", ability=2, instance=1,
                     text="...", what="attacking", player="Alice", options=("Bob", "jace"))
    assert "braucht eine Entscheidung von Alice über das, was der Spielstein angreift: " \
        "Bob oder jace" in Writer("de")(missing)


# -- the other choices an ability used -----------------------------------------------------

def test_an_exerted_creature_and_a_target_are_said_as_a_player_says_them_701_43():
    en = _line(_text(GLORYBRINGER, "combat"), "Choices:")
    assert en == ("Choices: Glorybringer, ability 2: Glorybringer is exerted (as given); "
                  "Glorybringer, ability 2: it targets Serra Angel (as given)")
    de = _line(_text(GLORYBRINGER, "combat", "--lang", "de"), "Entscheidungen:")
    assert de == ("Entscheidungen: Glorybringer, Fähigkeit 2: Glorybringer wird erschöpft "
                  "(wie angegeben); Glorybringer, Fähigkeit 2: sie hat Serra Angel als Ziel "
                  "(wie angegeben)")


def test_a_you_may_choice_says_whether_its_controller_does_it_603_5():
    en = _line(_text(OPHIDIAN, "combat"), "Choices:")
    assert en == 'Choices: Ophidian, ability 1: "you may": its controller does (as given)'
    de = _line(_text(OPHIDIAN, "combat", "--lang", "de"), "Entscheidungen:")
    assert de == ("Entscheidungen: Ophidian, Fähigkeit 1: „du kannst“: ihr Beherrscher tut es "
                  "(wie angegeben)")


def test_choices_the_search_made_are_entscheidungen_in_german():
    pinger = ("players Alice, Bob\nactive Alice\n\nAlice:\n  gob: Goblin 2/2 \"Whenever "
              "Goblin attacks, it deals 1 damage to target creature defending player "
              "controls.\"\n\nBob:\n  elf: Elf 1/1\n  wall: Wall 0/4\n")
    de = _text(pinger, "best-attacks", "--lang", "de")
    assert "Von der Suche getroffene Entscheidungen: gob.1 instance 1: targets elf." in de
    assert "Wahlen" not in de


# -- German sentences of combat, best-blocks and explain -----------------------------------

def test_german_assigned_damage_is_each_players_best_assignment_510_1():
    de = _text(FROST, "combat", "--lang", "de")
    assert "zugewiesen: Ankle Shanker: 2 Schaden an Wall of Frost (die beste Zuweisung " \
        "jedes Spielers)" in de
    assert "das Beste jedes Spielers" not in de
    given = _text(FROST, "combat", "--lang", "de", "--damage", "shanker -> wall 2")
    assert "(die angegebene Zuweisung für Alice; sonst die beste Zuweisung jedes Spielers)" \
        in given


def test_german_alternatives_of_best_blocks_are_german_sentences():
    de = _text(HERO, "best-blocks", "--choose", "hero.2: attacking jace", "--lang", "de")
    alternatives = [x for x in de.splitlines() if x.startswith("Alternative: ")]
    assert alternatives, de
    assert "Alternative: keine Kreatur blockt -- Wert [0, 0, -3], schlechter bei den " \
        "Lebenspunkten (-3 statt 0)." in alternatives
    assert "Stattdessen" not in de and "schlechter bei Lebenspunkte" not in de
    assert all("höchstens Wert" not in x for x in alternatives)


def test_an_untap_a_trigger_prevents_is_said_to_lie_after_the_turn_502_3():
    en = _text(FROST, "combat")
    assert ("Ankle Shanker won't untap during its controller's next untap step (that is after "
            "this turn: the board after combat doesn't show it)") in en
    de = _text(FROST, "combat", "--lang", "de")
    assert ("Ankle Shanker wird im nächsten Enttappsegment ihres Beherrschers nicht enttappt "
            "(das liegt nach diesem Zug: das Spielfeld nach dem Kampf zeigt es nicht)") in de


def test_german_names_a_boards_effect_effekt_in_every_line():
    de = _text(HELIX, "combat", "--lang", "de", "--blocks", "angel -> knight")
    assert "(Effekt 1)" in de and "(effect 1)" not in de
    from mtgcombat.text import Writer

    w = Writer("de")
    assert w.t("human.not_understood", source="effect 2", sentence="x") == (
        "Warnung: nicht verstanden, ignoriert (Effekt 2): x")
    assert w.t("human.not_understood", source="bears", sentence="x").endswith("(bears): x")


def test_german_illegal_declarations_start_a_sentence_after_the_colon():
    de = _text(FROST, "best-blocks", "--attacks", "wall -> Alice", "--lang", "de")
    assert "Nicht erlaubt: Die Deklarationen verstoßen gegen die Regeln" in de


def test_german_explanation_of_damage_in_german_word_order_510_1():
    de = _text(OPHIDIAN, "explain", "--lang", "de")
    assert "- Sengir Vampire (greift an, Stärke 4) wird von Wind Drake (tödlich 2) geblockt " \
        "[510.1c]." in de
    assert "zerstört Wind Drake und fügt Bob 1 Schaden zu." in de
    assert "fügt zu:" not in de and "wird geblockt von" not in de
    assert "Tödlicher Schaden berücksichtigt bereits markierten Schaden" in de


def test_german_story_of_best_blocks_says_schadenszuweisungen():
    de = _text(FROST, "explain", "--about", "best-blocks", "--lang", "de")
    assert "mit den Schadenszuweisungen, die für sie am schlechtesten sind" in de
    attacks = _text(FROST.replace("block wall -> shanker\n", "").replace(
        "attack shanker -> Bob\n", ""), "explain", "--about", "best-attacks", "--lang", "de")
    assert "jede Seite weist den Schaden so zu" in attacks


def test_the_turn_says_the_declarations_in_words_not_in_arrow_notation_508_1_509_1():
    en = _text(OPHIDIAN, "turn")
    assert ("Alice declares attackers (508.1): Ophidian attacks Bob; Sengir Vampire attacks "
            "Bob") in en
    assert "the defending players declare blockers (509.1): Wind Drake blocks Sengir " \
        "Vampire" in en
    de = _text(OPHIDIAN, "turn", "--lang", "de")
    assert ("Alice deklariert Angreifer (508.1): Ophidian greift Bob an; Sengir Vampire "
            "greift Bob an") in de
    assert "die verteidigenden Spieler deklarieren Blocker (509.1): Wind Drake blockt " \
        "Sengir Vampire" in de
    assert " -> " not in en + de


def test_german_explanation_of_blocks_lists_the_attacks_without_repeating_the_verb_509_1():
    de = _text(HERO, "explain", "--choose", "hero.2: attacking jace", "--lang", "de")
    assert "Angriffe: Hero of Bladehold greift Bob an; Grizzly Bears greift Jace Beleren an." \
        in de
    assert "Es greifen an:" not in de
