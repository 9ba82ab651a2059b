"""German (``--lang de``): every command answers in German on every corpus board, and no
English message is left in German output (bad input stays English: text.ENGLISH_ONLY)."""

from __future__ import annotations

import json
import re

import pytest

from mtgcombat import Board
from mtgcombat.cli import main
from mtgcombat.corpus import load_cases, run_case
from mtgcombat.text import Writer, language, register
from mtgcombat.text.de import German

from .conftest import REPO

CASES = load_cases(REPO / "corpus" / "cases")
BOARDS = [p for p in sorted((REPO / "corpus" / "boards").iterdir())
          + sorted((REPO / "examples").iterdir()) if p.name != "cards.json"]
#: Boards whose permanents are card names alone, and their card file.
CARDS = {"by-name.mtg": REPO / "examples" / "cards.json"}

#: English words that no German sentence of ours contains (whole words, any case).
ENGLISH = {
    "the", "can't", "cannot", "must", "attacks", "attack", "blocks", "block", "blocked",
    "blocking", "attacking", "damage", "legal", "illegal", "because", "with", "without",
    "creature", "creatures", "player", "players", "each", "unless", "lethal", "assigns",
    "assign", "requirement", "requirements", "restriction", "restrictions", "combat", "step",
    "rules", "able", "obeys", "obeyed", "nothing", "best", "order", "destroys",
    "dealt", "prevented", "life", "loses", "turn", "phase", "which", "there", "when", "only",
    "has", "have", "this", "that", "and", "or", "of", "to", "from", "by", "is", "are", "it",
}
_WORD = re.compile(r"[A-Za-zÄÖÜäöüß'\-]+")
#: Quoted card text (German quotes, English quotes, ASCII quotes): not ours to translate.
_QUOTED = re.compile(r"„[^“]*“|“[^”]*”|\"[^\"]*\"|(?<!\w)'[^']*'(?!\w)")


def names_of(board) -> set[str]:
    out = {p.name for p in board.players} | {"current", "2024"}
    for p in board.permanents:
        out |= {p.name, p.id}
    return out


def english_left(text: str, names: set[str]) -> list[str]:
    """The English words in ``text`` once card text, names and ids are taken out."""
    t = _QUOTED.sub(" ", text)
    for n in sorted(names, key=len, reverse=True):
        t = re.sub(r"(?<![\w'])" + re.escape(n) + r"(?![\w'])", " ", t)
    t = re.sub(r"\([^()]*:[^()]*\)", " ", t)  # "(source: sentence)" of warnings
    t = re.sub(r"\S+ -> \S+", " ", t)          # the one-line notation
    t = re.sub(r"mtgcombat [a-z-]+", " ", t)     # a command to run
    return [w for w in _WORD.findall(t) if w.lower() in ENGLISH]


def _messages(x, out):
    if isinstance(x, dict):
        for k, v in x.items():
            if k in {"board", "permanents", "effects", "not_understood",
                     "not_understood_sources"}:
                continue  # the board itself: card text, names
            if k in {"message", "text", "reason", "narrative", "explanation", "not_modelled",
                     "what", "why_not", "costs"}:
                out.extend([v] if isinstance(v, str) else [s for s in v if isinstance(s, str)])
            else:
                _messages(v, out)
    elif isinstance(x, list):
        for v in x:
            _messages(v, out)
    return out


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_german_corpus_answers_have_no_english_message(case):
    names = names_of(Board.parse(case.board_text, case.path.name))
    for ed in case.editions:
        de = run_case(case, ed, lang="de")
        for msg in _messages(de.answer, []):
            left = english_left(msg, names)
            assert not left, (case.id, msg, left)


COMMANDS = ("attacks", "blocks", "damage", "combat", "turn", "best-blocks", "best-attacks",
            "explain", "show")


@pytest.mark.parametrize("path", BOARDS, ids=[p.name for p in BOARDS])
def test_german_every_command_on_every_corpus_board(path, capsys):
    from mtgcombat.cards import open_database

    cards = CARDS.get(path.name)
    board = Board.load(path, cards=open_database(str(cards)) if cards else None)
    names = names_of(board)
    for cmd in COMMANDS:
        for js in (False, True):
            rc = main([cmd, str(path), "--lang", "de"] + (["--json"] if js else [])
                      + (["--cards", str(cards)] if cards else []))
            out, err = capsys.readouterr()
            if rc == 2:  # bad input for this command (no attacks to block): English, one line
                assert err.count("\n") == 1
                continue
            assert rc == 0, (cmd, err)
            if cmd == "show" and not js:
                continue  # the board in the scenario language: no words of ours
            texts = _messages(json.loads(out), []) if js else [out]
            for t in texts:
                left = english_left(t, names)
                assert not left, (cmd, js, t, left)


def test_the_english_detector_fires_on_one_untranslated_template(capsys):
    """A German that forgot one template (here: the legal verdict) is caught."""
    templates = dict(German.templates)
    templates["human.legal_obeys"] = language("en").templates["human.legal_obeys"]

    class Forgetful(German):
        code = "de-forgetful"
        name = "Vergesslich"

    Forgetful.templates = templates
    register(Forgetful())
    path = REPO / "corpus" / "boards" / "brigand.json"
    main(["check", str(path), "--attacks", "brigand -> Bob", "--lang", "de-forgetful"])
    out = capsys.readouterr().out
    assert english_left(out, names_of(Board.load(path)))


def test_german_sentences_read_as_german(capsys):
    path = str(REPO / "corpus" / "boards" / "goblin-brigand.mtg")
    main(["check", path, "--attacks", "bears -> Bob", "--lang", "de"])
    out = capsys.readouterr().out
    assert out.startswith("Nicht erlaubt (508.1d): diese Deklaration erfüllt 0 der Forderungen")
    assert "Goblin Brigand greift in jedem Kampf an, falls möglich." in out
    main(["explain", path, "--lang", "de"])
    out = capsys.readouterr().out
    assert "Einschränkungen der Deklaration als Ganzes (508.1c):" in out
    assert "ist nicht seit Beginn des Zuges ununterbrochen unter der Kontrolle" in out
    main(["damage", str(REPO / "corpus" / "boards" / "damage-order-2024.mtg"), "--lang", "de"])
    out = capsys.readouterr().out
    assert "Schadenszuweisungsreihenfolge: alte Regeln 509.2-509.3" in out
    assert "geblockt von Grizzly Bears (cub) (tödlich 2)" in out
    main(["combat", str(REPO / "examples" / "first-strike.mtg"), "--lang", "de"])
    out = capsys.readouterr().out
    assert "Erstschlag-Kampfschadensegment (510.4):" in out
    assert "auf den Friedhof gelegt: Grizzly Bears (tödlicher Schaden, 704.5g)" in out


def test_german_writer_cites_old_rules_as_alte():
    board = Board.load(REPO / "corpus" / "boards" / "damage-order-2024.mtg")
    assert Writer.for_board(board, "de").cite("510.1c") == "alte Regel 510.1c"
    assert Writer.for_board(board, "en").cite("510.1c") == "old 510.1c"


# -- German as the German rules write it (issue 27.6) -------------------------------------------


def _german_rules_text() -> str:
    from .conftest import shared_path

    seeds = shared_path("rules", "seeds")
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(seeds.glob("*.txt")))


def test_the_german_glossary_is_the_german_rules_own_words():
    """Every phase, step, keyword and term of the glossary is written so in the German
    rules documents in ../shared/rules/seeds."""
    from mtgcombat.text.de.glossary import rules_terms

    text = _german_rules_text()
    missing = {k: v for k, v in rules_terms().items() if v not in text}
    assert not missing, missing


def test_step_and_phase_names_are_the_german_rules_names_not_older_ones():
    from mtgcombat.text.de.glossary import PHASES, STEPS

    assert PHASES["beginning"] == "Startphase"
    assert STEPS["declare attackers"] == "Angreifer-deklarieren-Segment"
    assert STEPS["declare blockers"] == "Blocker-deklarieren-Segment"
    assert STEPS["beginning of combat"] == "Beginn-des-Kampfes-Segment"
    assert STEPS["end of combat"] == "Ende-des-Kampfes-Segment"


def test_the_german_turn_names_its_phases_and_steps_from_the_glossary(capsys):
    from mtgcombat.text.de.glossary import PHASES, STEPS

    assert main(["turn", str(REPO / "corpus" / "boards" / "brigand.json"), "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Regeln: aktuell.")
    for name in list(PHASES.values()) + list(STEPS.values()):
        assert name in out, name
    for old in ("Anfangsphase", "Segment Angreifer deklarieren", "Segment des Kampfbeginns"):
        assert old not in out
