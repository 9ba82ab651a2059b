"""Words a player can follow (issue 27.8, 27.10) and German numbers that agree (27.6):
costs said as a player says them, why a restriction applies, no doubled words, an Aura
that is put into the graveyard is not "destroyed", dealt damage in the order of the
assignment, and a scenario line whose colour letter may be part of the name."""

from __future__ import annotations

import json
import re

import pytest

from mtgcombat import Board
from mtgcombat.cli import main
from mtgcombat.text import Writer, mana_said
from mtgcombat.text.report import plain

from .conftest import REPO

PROPAGANDA = """players Alice, Bob
active Alice

Alice:
  elves: Llanowar Elves 1/1 green [Creature — Elf Druid] "{T}: Add {G}."
  bears: Grizzly Bears 2/2 green
  forest: Forest [Land — Forest]

Bob:
  Propaganda [Enchantment] "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you."
"""

BRIDGE = """players Alice (hand 2), Bob
active Alice

Alice:
  ogre: Gray Ogre 3/2
  bears: Grizzly Bears 2/2
  Ensnaring Bridge [Artifact] "Creatures with power greater than the number of cards in your hand can't attack."
"""

AURA = """players Alice, Bob
active Alice

Alice:
  bears: Grizzly Bears 2/2 green
  aura: Giant Strength [Enchantment — Aura] attached to bears

Bob:
  ogre: Hill Giant 3/3 red

attack bears -> Bob
"""


def _board_file(tmp_path, text, name="board.mtg"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- costs as a player says them (27.8) ---------------------------------------------------------


def test_mana_is_said_as_a_player_says_it_generic_summed_and_first():
    assert mana_said("{2}{2}") == "{4}"
    assert mana_said("{2}{R}{2}") == "{4}{R}"
    assert mana_said("{X}{1}") == "{X}{1}"
    assert mana_said("{R}") == "{R}"
    assert mana_said("2 life") == "2 life"


def test_legal_but_unpayable_says_who_cant_pay_the_sum_and_the_attacker_tapped_508_1f(
        capsys, tmp_path):
    board = _board_file(tmp_path, PROPAGANDA)
    code, out, _ = _run(capsys, "check", board, "--attacks", "elves -> Bob, bears -> Bob")
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("Legal to declare, but Alice can't pay {4} ")
    assert "Llanowar Elves is tapped to attack and can't help" in first
    assert "508.1f" in first and "{2}{2}" not in out
    assert "Legal." not in out and "They can't be paid" not in out
    _, out, _ = _run(capsys, "check", board, "--attacks", "elves -> Bob, bears -> Bob",
                     "--lang", "de")
    assert out.startswith("Erlaubt zu deklarieren, aber Alice kann {4} nicht")
    assert "Llanowar Elves ist zum Angreifen getappt" in out


def test_a_payable_declaration_still_says_legal(capsys, tmp_path):
    board = _board_file(tmp_path, PROPAGANDA)
    _, out, _ = _run(capsys, "check", board, "--attacks", "bears -> Bob")
    assert out.startswith("Legal.") and "They can be paid." in out


def test_explain_says_the_costs_cant_be_paid_too(capsys, tmp_path):
    board = _board_file(tmp_path, PROPAGANDA)
    _, out, _ = _run(capsys, "explain", board, "--attacks", "elves -> Bob, bears -> Bob")
    assert "But Alice can't pay {4}" in out and "tapped to attack" in out


def test_jsonl_keeps_payable_as_the_json_listing_does(capsys, tmp_path):
    board = _board_file(tmp_path, PROPAGANDA)
    _, out, _ = _run(capsys, "attacks", board, "--jsonl")
    lines = [json.loads(x) for x in out.splitlines()]
    streamed = {json.dumps(x["declaration"], sort_keys=True): x.get("payable")
                for x in lines if "declaration" in x}
    _, out, _ = _run(capsys, "attacks", board, "--json")
    listed = {json.dumps(x["declaration"], sort_keys=True): x.get("payable")
              for x in json.loads(out)["declarations"]}
    assert streamed == listed
    assert streamed[json.dumps({"bears": "Bob", "elves": "Bob"}, sort_keys=True)] is False


# -- messages a player can follow (27.10) ----------------------------------------------------


def test_ensnaring_bridge_says_why_power_greater_than_cards_in_hand_508_1c(capsys, tmp_path):
    board = _board_file(tmp_path, BRIDGE)
    _, out, _ = _run(capsys, "check", board, "--attacks", "ogre -> Bob")
    assert ("Gray Ogre can't attack: its power 3 is greater than the 2 cards in Alice's hand "
            "(Ensnaring Bridge; 508.1c).") in out
    _, out, _ = _run(capsys, "explain", board, "--lang", "de")
    assert "ihre Stärke 3 ist größer als die 2 Karten auf der Hand von Alice" in out


def test_no_doubled_words_in_an_explanation_or_a_combat(capsys, tmp_path):
    board = _board_file(tmp_path, BRIDGE)
    _, out, _ = _run(capsys, "explain", board)
    assert "can't attack: Gray Ogre can't attack" not in out
    assert "- Gray Ogre can't attack: its power 3" in out


def test_german_explanation_says_no_requirement_asks_a_creature_to_attack_508_1d(
        capsys, tmp_path):
    # "verlangt von einer Kreatur, anzugreifen", not "zu angreifen" (issue 27.6, 27.10)
    board = _board_file(tmp_path, BRIDGE)
    _, out, _ = _run(capsys, "explain", board, "--lang", "de")
    assert "Keine Forderung verlangt von einer Kreatur, anzugreifen (508.1d)." in out
    assert "zu angreifen" not in out


def test_not_carried_out_is_said_once(capsys):
    from mtgcombat.questions.combat import combat
    from mtgcombat.rules.reasons import reason
    from mtgcombat.text import results

    board = Board.load(REPO / "corpus" / "boards" / "goblin-brigand.mtg")
    answer = combat(board, attacks={"brigand": "Bob"})
    answer.not_modelled = [reason("combat.not_modelled", None, (), source="Goblin Brigand",
                                  sentence="Whenever this attacks, draw a card.")]
    for lang, word in (("en", "not carried out"), ("de", "nicht ausgeführt")):
        text = plain(results.combat(answer, Writer.for_board(board, lang))).lower()
        assert text.count(word) == 1, text


def test_an_aura_put_into_the_graveyard_by_704_5m_is_not_destroyed_in_best_outcomes(
        capsys, tmp_path):
    board = _board_file(tmp_path, AURA)
    _, out, _ = _run(capsys, "best-blocks", board)
    outcome = next(line for line in out.splitlines() if line.startswith("Outcome:"))
    assert "Grizzly Bears destroyed" in outcome
    assert "Giant Strength put into the graveyard, attached to nothing" in outcome
    assert "Giant Strength destroyed" not in outcome and "and Giant Strength" not in outcome
    _, out, _ = _run(capsys, "best-blocks", board, "--lang", "de")
    outcome = next(line for line in out.splitlines() if line.startswith("Ergebnis:"))
    assert "Grizzly Bears zerstört" in outcome and "Giant Strength an nichts angelegt" in outcome


def test_dealt_lines_are_sorted_like_assigned_lines(capsys):
    path = str(REPO / "examples" / "first-strike.mtg")
    _, out, _ = _run(capsys, "combat", path)
    for assigned, dealt in zip(
            [x for x in out.splitlines() if x.startswith("  assigned: ")],
            [x for x in out.splitlines() if x.startswith("  dealt: ")]):
        # "Craw Wurm: 5 to Bob, 1 to Typhoid Rats; ..." against "5 from Craw Wurm to Bob; ..."
        order_a = re.findall(r"(\d+) to ([^,;(]+?)(?=,|;| \()", assigned)
        order_d = re.findall(r"(\d+) from [^;]+? to ([^;]+)", dealt[len("  dealt: "):])
        assert [(n, t.strip()) for n, t in order_a] == [(n, t.strip()) for n, t in order_d]


def test_a_colour_letter_after_a_bare_name_warns(capsys, tmp_path):
    text = ("players Alice, Bob\nactive Alice\nAlice:\n  bears: Grizzly Bears 2/2\nBob:\n"
            "  w2: Wall B 0/4\n  w3: Wall black 0/4\n  w4: \"Wall B\" 0/4\n  w5: Wall 0/4 B\n")
    board = _board_file(tmp_path, text, "walls.mtg")
    _, _, err = _run(capsys, "attacks", board)
    warnings = [x for x in err.splitlines() if "read as the colour" in x]
    assert len(warnings) == 1
    assert warnings[0].startswith(f"warning: {board}:6:12: 'B' after the name 'Wall'")
    assert '("Wall B")' in warnings[0]
    _, _, err = _run(capsys, "attacks", board, "--lang", "de")
    assert "als die Farbe schwarz gelesen" in err
    b = Board.load(board)
    assert b.permanent("w2").colors == ("B",) and b.permanent("w4").name == "Wall B"


# -- numbers that agree (27.6) ---------------------------------------------------------------

#: German nouns of the answers: (singular, plural). A number 1 takes the singular, any
#: other the plural.
NOUNS_DE = [("Karte", "Karten"), ("Lebenspunkt", "Lebenspunkte"), ("Kreatur", "Kreaturen"),
            ("Forderung", "Forderungen"), ("Altersmarke", "Altersmarken"),
            ("Giftmarke", "Giftmarken"), ("erlaubte Deklaration", "erlaubte Deklarationen"),
            ("erlaubte Zuweisung", "erlaubte Zuweisungen")]
NOUNS_EN = [("card", "cards"), ("creature", "creatures"), ("requirement", "requirements"),
            ("age counter", "age counters"), ("opponent", "opponents"),
            ("legal assignment", "legal assignments"), ("poison counter", "poison counters")]
#: Marks of words that don't know their number.
UNDECIDED = re.compile(r"\w\((?:s|en|e|n)\)|\bhat/haben\b|\bblockt/blocken\b|\bden/die\b"
                       r"|\b1 verschiedene\b")


def _agreement_errors(text: str, nouns) -> tuple[list[str], set[str]]:
    errors, seen = [], set()
    for one, many in nouns:
        for m in re.finditer(rf"(?<![\d.,/])(\d+) ({re.escape(many)}|{re.escape(one)})\b", text):
            n, word = int(m.group(1)), m.group(2)
            seen.add("one" if n == 1 else "many")
            if (n == 1) != (word == one):
                errors.append(m.group(0))
    errors += UNDECIDED.findall(text)
    return errors, seen


def _rendered(capsys, lang):
    out = []
    inputs = sorted((REPO / "corpus" / "boards").iterdir()) + sorted(
        p for p in (REPO / "examples").iterdir() if p.suffix == ".mtg")
    for path in inputs:
        for cmd in (["attacks"], ["blocks"], ["explain"], ["combat"], ["turn"], ["upkeep"],
                    ["damage"], ["explain", "--about", "combat"]):
            main(cmd + [str(path), "--lang", lang, "--time-limit", "20"])
            o, e = capsys.readouterr()
            out.append(o + e)
    return "\n".join(out)


@pytest.mark.parametrize("lang,nouns", [("de", NOUNS_DE), ("en", NOUNS_EN)])
def test_numbers_agree_with_their_nouns_in_rendered_corpus_answers(capsys, lang, nouns):
    text = _rendered(capsys, lang)
    errors, seen = _agreement_errors(text, nouns)
    assert not errors, sorted(set(errors))[:20]
    assert seen == {"one", "many"}, seen  # the corpus shows both: the test can fail


def test_the_agreement_check_finds_what_disagrees():
    errors, _ = _agreement_errors("Alice hat 1 Karten und 2 Lebenspunkt; 3 Forderung(en)",
                                  NOUNS_DE)
    assert errors == ["1 Karten", "2 Lebenspunkt", "3 Forderung", "g(en)"]


def test_german_counts_agree_in_every_count_template():
    from mtgcombat.rules.reasons import reason

    w = Writer("de")
    for n, want in ((1, "1 Lebenspunkt"), (3, "3 Lebenspunkte")):
        assert want in w(reason("upkeep.no_life", "119.4", player="Alice", life=n, need="5"))
    assert "Zahle 1 Lebenspunkt" in w.t("human.upkeep_payment", i=1, pay=("Pay 1 life",),
                                        payable=True, why=None)
    assert "Zahle 2 Lebenspunkte" in w.t("human.upkeep_payment", i=1, pay=("Pay 2 life",),
                                         payable=True, why=None)
    assert "1 Schaden an Bob" in w.t("human.amount_to", n=1, to="Bob")


# -- one citation path (22.6) --------------------------------------------------------------------


def test_german_damage_answers_cite_old_rules_in_german_not_english(capsys):
    path = str(REPO / "corpus" / "boards" / "damage-order-2024.mtg")
    for cmd in (["damage"], ["explain"], ["check", "--damage", "Craw Wurm -> bears 1, cub 5"]):
        code, out, err = _run(capsys, *cmd[:1], path, *cmd[1:], "--lang", "de")
        assert code == 0 and "alte Regel" in out and "old " not in out + err, cmd
    _, out, _ = _run(capsys, "damage", path, "--lang", "de")
    assert "[alte Regel 510.1c]" in out and "alte Regeln 509.2-509.3" in out
    _, out, _ = _run(capsys, "damage", path)
    assert "[old 510.1c]" in out and "old 509.2-509.3" in out


def test_the_writer_cites_each_rule_once_where_the_words_cite_it(capsys, tmp_path):
    board = _board_file(tmp_path, BRIDGE)
    _, out, _ = _run(capsys, "check", board, "--attacks", "ogre -> Bob")
    assert out.count("508.1c") == 1  # "Illegal: ... (Ensnaring Bridge; 508.1c)."
    path = str(REPO / "corpus" / "boards" / "goblin-brigand.mtg")
    _, out, _ = _run(capsys, "check", path, "--attacks", "bears -> Bob")
    assert out.startswith("Illegal (508.1d): this declaration obeys 0 of the requirements")
