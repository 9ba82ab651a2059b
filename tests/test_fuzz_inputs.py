"""Hostile and broken input at every entry point of the library (issue 25.5): JSON boards,
scenario text, Oracle text, declarations and damage assignments, card files.

Each fuzzer mutates valid inputs (the corpus's boards, its Oracle sentences, legal
declarations, a small card file) with ``tests/hostile.py`` and reads every mutant.
Every one is either accepted -- and then it is a board that is text (UTF-8 writable) and
reads back the same -- or refused as bad input in one line; never an internal error.
About 20,000 inputs a run (``MTGCOMBAT_FUZZ=10`` reads ten times as many)."""
from __future__ import annotations

import gzip
import json
import random
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from mtgcombat import Board
from mtgcombat.rules.model import BoardError

from . import boards_small
from .conftest import REPO
from .hostile import BUDGETS, budget, mutate_json, mutate_text, run_fuzz

SEED = 25


@lru_cache(maxsize=None)
def seed_boards() -> tuple[Board, ...]:
    """Valid boards to mutate: the corpus's boards and cases, the examples, small random
    boards with effects."""
    from mtgcombat.corpus import load_cases

    out = []
    for path in sorted((REPO / "corpus" / "boards").iterdir()):
        out.append(Board.load(path))
    for path in sorted((REPO / "examples").glob("*.mtg")):
        try:
            out.append(Board.load(path))
        except BoardError:
            continue  # a board by card names (needs the example card file)
    for case in load_cases(REPO / "corpus" / "cases")[::4]:
        try:
            out.append(case.board(case.editions[0]))
        except Exception:
            continue
    for seed in range(20):
        out.append(Board.from_data(boards_small.board(seed, declared=seed % 2 == 0)))
    return tuple(out)


def accepted_board(board: Any) -> None:
    """What an accepted board must be: text that can be written as UTF-8, and the same
    board when read back (JSON and the scenario language)."""
    text = board.to_json()
    text.encode("utf-8")  # no lone surrogate anywhere
    assert Board.parse(text, "<again>") == board, "the JSON doesn't read back the same"
    scenario = board.scenario()
    scenario.encode("utf-8")
    assert Board.parse(scenario, "<again>") == board, "the scenario doesn't read back the same"


def _read_and_ask(text: str, k: int) -> Any:
    board = Board.parse(text, "<fuzz>")
    board.not_understood  # every text read (Oracle grammar)
    board.bound
    if k % 10 == 0:
        board.list_declarations("attacks", limit=3, time_limit=2)
    if k % 25 == 0 and board.attacks is not None:
        board.combat(time_limit=2)
    return board


def test_fuzz_json_boards():
    rng = random.Random(SEED)
    seeds = [b.to_json() for b in seed_boards()]

    def inputs():
        for k in range(budget(BUDGETS["json"])):
            text = mutate_json(rng.choice(seeds), rng)
            if k % 7 == 0:
                text = mutate_json(text, rng) if text.lstrip().startswith("{") else text
            yield text, (lambda text=text, k=k: _read_and_ask(text, k))

    run = run_fuzz("json", inputs(), accepted_board)
    assert not run.failures, run.report()
    assert run.inputs >= budget(BUDGETS["json"]) and run.refused > run.inputs // 4


def test_fuzz_scenario_text():
    rng = random.Random(SEED + 1)
    seeds = [b.scenario() for b in seed_boards()]

    def inputs():
        for k in range(budget(BUDGETS["scenario"])):
            text = mutate_text(rng.choice(seeds), rng)
            if k % 5 == 0:
                text = mutate_text(text, rng)
            yield text, (lambda text=text, k=k: _read_and_ask(text, k))

    run = run_fuzz("scenario", inputs(), accepted_board)
    assert not run.failures, run.report()
    assert run.refused > run.inputs // 10


@lru_cache(maxsize=None)
def oracle_sentences() -> tuple[str, ...]:
    """Oracle text of the corpus (each permanent's and effect's)."""
    texts = set()
    for b in seed_boards():
        texts |= {p.text for p in b.permanents if p.text}
        texts |= {e.text for e in b.effects}
    return tuple(sorted(texts))


def test_fuzz_oracle_text():
    rng = random.Random(SEED + 2)
    texts = oracle_sentences()
    assert len(texts) > 50

    def read(text: str, k: int) -> Any:
        data = {"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
                "permanents": [
                    {"id": "x", "name": "Goblin Brigand", "controller": "Alice", "power": 2,
                     "toughness": 2, "text": text},
                    {"id": "y", "name": "Grizzly Bears", "controller": "Bob", "power": 2,
                     "toughness": 2}],
                "effects": [{"text": text, "controller": "Bob", "targets": ["x"],
                             "source": "y"}] if k % 3 == 0 else []}
        board = Board.from_data(data)
        board.not_understood
        board.bound
        if k % 8 == 0:
            board.list_declarations("attacks", limit=3, time_limit=2)
        return board

    def inputs():
        for k in range(budget(BUDGETS["oracle"])):
            text = mutate_text(rng.choice(texts), rng)
            yield text, (lambda text=text, k=k: read(text, k))

    run = run_fuzz("oracle", inputs(), accepted_board)
    assert not run.failures, run.report()


@lru_cache(maxsize=None)
def _declaration_board() -> Board:
    return Board.parse(
        "players Alice, Bob\nactive Alice\nAlice:\n  raider: Goblin Raider 2/2\n"
        '  knight: White Knight 2/2 "First strike"\nBob:\n  wall: Wall of Wood 0/3\n'
        "  bears: Grizzly Bears 2/2\nattack raider -> Bob\nattack knight -> Bob\n"
        "block wall -> raider\n", "<decl>")


DECLARATIONS = {
    "attacks": ["raider -> Bob, knight -> Bob", '{"raider": "Bob"}', "none", "{}",
                '"Goblin Raider" -> Bob'],
    "blocks": ["wall -> raider, bears -> knight", '{"wall": ["raider", "knight"]}',
               "wall -> raider + knight", "none", "{}"],
    "damage": ["raider -> wall 2; wall -> raider 0", '{"raider": {"wall": 2}}',
               "knight -> Bob 2", '{"knight": {"Bob": 2, "wall": 1}}', "none"],
}


def test_fuzz_declarations_and_assignments():
    from mtgcombat.options import declaration

    rng = random.Random(SEED + 3)
    board = _declaration_board()
    before = board.evolve(attacks=None, blocks=None)
    unblocked = board.evolve(blocks=None)

    def read(kind: str, text: str, k: int) -> Any:
        # (@FILE reads hostile text instead of a file)
        decl = declaration(text, kind, f"--{kind}", read=lambda path: mutate_text(path, rng))
        json.dumps(decl, ensure_ascii=False).encode("utf-8")
        if k % 3 == 0:
            if kind == "attacks":
                before.check_attacks(decl, time_limit=2)
            elif kind == "blocks":
                unblocked.check_blocks(decl, time_limit=2)
            else:
                board.check_damage(decl, time_limit=2)
        if k % 40 == 0 and kind == "damage":
            board.combat(damage=[decl], time_limit=2)
        return decl

    def inputs():
        for k in range(budget(BUDGETS["flags"])):
            kind = rng.choice(sorted(DECLARATIONS))
            text = rng.choice(DECLARATIONS[kind])
            text = mutate_json(text, rng) if text.startswith("{") and rng.random() < 0.6 \
                else mutate_text(text, rng)
            yield text, (lambda kind=kind, text=text, k=k: read(kind, text, k))

    run = run_fuzz("declaration", inputs())
    assert not run.failures, run.report()


CARD_FILE = {
    "meta": {"version": "5.2.2"},
    "data": {
        "Serra Angel": [{"name": "Serra Angel", "type": "Creature — Angel", "colors": ["W"],
                         "manaCost": "{3}{W}{W}", "text": "Flying\nVigilance",
                         "power": "4", "toughness": "4"}],
        "Grizzly Bears": [{"name": "Grizzly Bears", "type": "Creature — Bear",
                           "colors": ["G"], "power": "2", "toughness": "2"}],
        "Delver of Secrets // Insectile Aberration": [
            {"name": "Delver of Secrets // Insectile Aberration", "faceName": "Delver of Secrets",
             "side": "a", "type": "Creature — Human Wizard", "power": "1", "toughness": "1"},
            {"name": "Delver of Secrets // Insectile Aberration",
             "faceName": "Insectile Aberration", "side": "b", "type": "Creature — Human Insect",
             "text": "Flying", "power": "3", "toughness": "2"}],
    },
}
SCRYFALL_FILE = [
    {"object": "card", "name": "Serra Angel", "layout": "normal", "type_line": "Creature — Angel",
     "oracle_text": "Flying\nVigilance", "power": "4", "toughness": "4", "colors": ["W"]},
    {"object": "card", "name": "Tarmogoyf", "layout": "normal",
     "type_line": "Creature — Lhurgoyf", "oracle_text": "", "power": "*",
     "toughness": "1+*", "colors": ["G"]},
]


def test_fuzz_card_files(tmp_path):
    from mtgcombat.cards import CardDatabase, fill_board

    rng = random.Random(SEED + 4)
    seeds = [json.dumps(CARD_FILE, ensure_ascii=False), json.dumps(SCRYFALL_FILE)]
    cache = tmp_path / "cache"
    board = {"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
             "permanents": [{"name": "Serra Angel", "controller": "Alice"},
                            {"name": "Grizzly Bears", "controller": "Bob",
                             "type_line": "Creature — Bear", "power": 2, "toughness": 2}]}

    def read(k: int, text: str) -> Any:
        path = tmp_path / f"cards-{k}.json"
        data = text.encode("utf-8", "surrogatepass")
        if k % 4 == 0:
            data = gzip.compress(data)
            if k % 8 == 0:
                data = data[: max(1, len(data) - rng.randrange(1, 30))]
        path.write_bytes(data)
        try:
            with CardDatabase.open(path, cache) as db:
                for name in ("Serra Angel", "Insectile Aberration", "Tarmogoyf", "nonesuch"):
                    db.lookup(name)
                db.closest("Sera Angle")
                b = Board.from_data(fill_board(board, db))
                b.bound
                return b
        finally:
            path.unlink()

    def inputs():
        for k in range(budget(BUDGETS["cards"])):
            text = mutate_json(rng.choice(seeds), rng)
            yield text, (lambda k=k, text=text: read(k, text))

    run = run_fuzz("cards", inputs(), accepted_board)
    assert not run.failures, run.report()
    assert not list(cache.glob("*.tmp")), "a build left a temporary file"


def test_fuzz_budget_is_at_least_20000_inputs_over_every_entry_point():
    """A CI run reads at least 20,000 inputs (issue 25.5), over every entry point: each
    budget is read by its fuzzer (``budget(BUDGETS[...])`` in tests/test_fuzz_*.py)."""
    from pathlib import Path

    assert {"json", "scenario", "oracle", "flags", "cards", "batch", "web"} <= set(BUDGETS)
    assert sum(BUDGETS.values()) >= 20_000
    here = Path(__file__).parent
    source = "".join(p.read_text(encoding="utf-8") for p in sorted(here.glob("test_fuzz_*.py")))
    used = set(re.findall(r'budget\(BUDGETS\["([a-z-]+)"\]\)', source))
    assert used == set(BUDGETS), f"budgets no fuzzer reads: {set(BUDGETS) - used}"


@pytest.mark.parametrize("text", [
    '{"players": [{"name": "A", "life": ' + "9" * 5000 + '}, {"name": "B"}], '
    '"active_player": "A"}',
    "players A (life " + "9" * 5000 + "), B\nactive A\n",
    'players A, B\nactive A\nA:\n  x: X 1/1 "Bushido ' + "9" * 5000 + '"\n',
    '{"players": [{"name": "A\\ud800"}, {"name": "B"}], "active_player": "A"}',
    'players "A\\u{d800}", B\nactive "A\\u{d800}"\n',
    'players A, B\nactive A\nA:\n  x: X 1/1 "Fly\ud800ing"\n',
    '{"players": ' + "[" * 100_000 + "]" * 100_000 + "}",
    'players Alice, "\\n"\nactive Alice\nBob:\n  x: X 1/1\n',  # a name that breaks lines
])
def test_hostile_board_is_one_line_of_bad_input(text):
    with pytest.raises(BoardError) as e:
        Board.parse(text, "<hostile>").bound
    assert "\n" not in str(e.value) and str(e.value).startswith("<hostile>")


def test_a_card_file_with_a_lone_surrogate_is_one_line_naming_the_card(tmp_path):
    from mtgcombat.cards import CardDatabase

    path = tmp_path / "cards.json"
    path.write_text('{"data": {"Bad": [{"name": "Bad", "type": "Creature", '
                    '"text": "Fly\\ud800ing"}]}}')
    with pytest.raises(BoardError) as e:
        CardDatabase.open(path, tmp_path / "cache")
    assert "card 'Bad' holds a lone surrogate" in str(e.value) and "\n" not in str(e.value)
    assert not list((tmp_path / "cache").glob("*"))


def test_one_line_escapes_every_line_break_str_splitlines_knows():
    from mtgcombat.errors import one_line

    breaks = [chr(c) for c in range(0x3000) if len(f"a{chr(c)}b".splitlines()) != 1]
    assert {"\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028",
            "\u2029"} <= set(breaks)
    for ch in breaks + ["\x00", "\x1b", "\x7f"]:
        escaped = one_line(f"name {ch} here")
        assert len(escaped.splitlines()) == 1 and ch not in escaped, repr(ch)
    assert one_line("tab\tstays") == "tab\tstays"


@pytest.mark.parametrize("name", ["\\u2028", "\\u0085", "\\u000b", "\\u001e"])
def test_a_player_named_with_a_unicode_line_break_is_one_line_of_bad_input(name):
    text = ('{"players": [{"name": "Al%sice"}, {"name": "Bob"}], "active_player": "Al%sicex"}'
            % (name, name))
    with pytest.raises(BoardError) as e:
        Board.parse(text, "<hostile>").bound
    assert len(str(e.value).splitlines()) == 1 and "is not a player" in str(e.value)


def test_a_number_in_text_written_with_leading_zeros_is_its_value():
    from mtgcombat.questions.combat import combat

    board = Board.parse('players A, B\nactive A\nA:\n  x: X 2/2 "Bushido 00000000002"\n'
                        'B:\n  y: Y 3/3\nattack x -> B\nblock y -> x\n', "<zeros>")
    assert list(combat(board).destroyed) == ["y"]  # 4/4 after bushido 2 (702.45a)


@pytest.mark.parametrize("digits", ["0" * 101, "0" * 5000])
def test_a_number_in_text_of_more_than_100_digits_is_one_line_of_bad_input(digits):
    with pytest.raises(BoardError) as e:
        Board.parse(f'players A, B\nactive A\nA:\n  x: X 1/1 "Bushido {digits}"\n',
                    "<zeros>").bound
    assert f"({len(digits)} digits) is written with more digits than the board reads" \
        in str(e.value)
