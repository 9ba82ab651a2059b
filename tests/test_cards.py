"""Cards by name (board format, Extension 2): the card database of mtgcombat.cards.

Every test writes its own small MTGJSON AtomicCards and Scryfall Oracle Cards files
(plain and gzipped) into ``tmp_path`` and keeps the index cache there too
(``MTGCOMBAT_CACHE``); nothing touches the network or the user's real cache.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import string
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from mtgcombat import cards
from mtgcombat.boardjson import board_from_data
from mtgcombat.cards import Card, CardDatabase, fill, fill_board, fold, open_database
from mtgcombat.rules.model import BoardError

# -- the card files ---------------------------------------------------------------------

DELVER_TEXT = ("At the beginning of your upkeep, look at the top card of your library. You "
               "may reveal that card. If an instant or sorcery card is revealed this way, "
               "transform Delver of Secrets.")
DANDAN_TEXT = ("Dandân can't attack unless defending player controls an Island.\n"
               "When you control no Islands, sacrifice Dandân.")


def _mtg(name: str, type_: str, **extra: Any) -> dict:
    face = {"name": name, "type": type_, "layout": extra.pop("layout", "normal"),
            "colors": extra.pop("colors", []), "manaCost": extra.pop("manaCost", ""),
            "manaValue": 2.0, "isReserved": False, "relatedCards": None,
            "legalities": {"vintage": "Legal"}}
    face.update(extra)
    return face


MTGJSON = {
    "meta": {"date": "2026-01-01", "version": "5.2.2"},
    "data": {
        "Grizzly Bears": [_mtg("Grizzly Bears", "Creature — Bear", power="2", toughness="2",
                               colors=["G"], manaCost="{1}{G}")],
        # The back face first: the reader orders faces by side.
        "Delver of Secrets // Insectile Aberration": [
            _mtg("Delver of Secrets // Insectile Aberration", "Creature — Human Insect",
                 faceName="Insectile Aberration", side="b", power="3", toughness="2",
                 colors=["U"], text="Flying", layout="transform"),
            _mtg("Delver of Secrets // Insectile Aberration", "Creature — Human Wizard",
                 faceName="Delver of Secrets", side="a", power="1", toughness="1",
                 colors=["U"], text=DELVER_TEXT, manaCost="{U}", layout="transform"),
        ],
        "Tarmogoyf": [_mtg("Tarmogoyf", "Creature — Lhurgoyf", power="*", toughness="1+*",
                           colors=["G"], manaCost="{1}{G}",
                           text="Tarmogoyf's power is equal to the number of card types "
                                "among cards in all graveyards and its toughness is equal "
                                "to that number plus 1.")],
        "Dandân": [_mtg("Dandân", "Creature — Fish", power="4", toughness="1", colors=["U"],
                        text=DANDAN_TEXT, manaCost="{U}{U}")],
        "Æther Vial": [_mtg("Æther Vial", "Artifact", manaCost="{1}",
                            text="At the beginning of your upkeep, you may put a charge "
                                 "counter on Æther Vial.")],
        "Jace Beleren": [_mtg("Jace Beleren", "Legendary Planeswalker — Jace", loyalty="3",
                              colors=["U"], manaCost="{1}{U}{U}",
                              text="+2: Each player draws a card.")],
        "Invasion of Tarkir // Defiant Thundermaw": [
            _mtg("Invasion of Tarkir // Defiant Thundermaw", "Battle — Siege",
                 faceName="Invasion of Tarkir", side="a", defense="5", colors=["R"],
                 manaCost="{1}{R}", layout="transform"),
            _mtg("Invasion of Tarkir // Defiant Thundermaw", "Creature — Dragon",
                 faceName="Defiant Thundermaw", side="b", power="4", toughness="4",
                 colors=["R"], text="Flying, trample", layout="transform"),
        ],
        "Fire // Ice": [
            _mtg("Fire // Ice", "Instant", faceName="Fire", side="a", colors=["R"],
                 manaCost="{1}{R}", layout="split",
                 text="Fire deals 2 damage divided as you choose among one or two targets."),
            _mtg("Fire // Ice", "Instant", faceName="Ice", side="b", colors=["U"],
                 manaCost="{1}{U}", layout="split",
                 text="Tap target permanent.\nDraw a card."),
        ],
        "Goblin Brigand": [_mtg("Goblin Brigand", "Creature — Goblin Warrior", power="2",
                                toughness="2", colors=["R"], manaCost="{1}{R}",
                                text="Goblin Brigand attacks each combat if able.")],
    },
}


def _sf(name: str, type_line: str, **extra: Any) -> dict:
    card = {"object": "card", "name": name, "layout": extra.pop("layout", "normal"),
            "type_line": type_line, "mana_cost": extra.pop("mana_cost", ""),
            "oracle_text": extra.pop("oracle_text", ""), "colors": extra.pop("colors", []),
            "cmc": 2.0, "reserved": False, "game_changer": True, "penny_rank": None}
    card.update(extra)
    return card


def _sf_face(name: str, type_line: str, **extra: Any) -> dict:
    face = {"object": "card_face", "name": name, "type_line": type_line,
            "mana_cost": extra.pop("mana_cost", ""), "oracle_text": extra.pop("oracle_text", "")}
    face.update(extra)
    return face


SCRYFALL = [
    _sf("Grizzly Bears", "Creature — Bear", power="2", toughness="2", colors=["G"],
        mana_cost="{1}{G}"),
    {"object": "card", "name": "Delver of Secrets // Insectile Aberration", "layout": "transform",
     "card_faces": [
         _sf_face("Delver of Secrets", "Creature — Human Wizard", mana_cost="{U}",
                  oracle_text=DELVER_TEXT, colors=["U"], power="1", toughness="1"),
         _sf_face("Insectile Aberration", "Creature — Human Insect", oracle_text="Flying",
                  colors=["U"], color_indicator=["U"], power="3", toughness="2"),
     ]},
    _sf("Tarmogoyf", "Creature — Lhurgoyf", power="*", toughness="1+*", colors=["G"],
        mana_cost="{1}{G}", oracle_text="Tarmogoyf's power is equal to the number of card "
        "types among cards in all graveyards and its toughness is equal to that number plus 1."),
    _sf("Dandân", "Creature — Fish", power="4", toughness="1", colors=["U"],
        mana_cost="{U}{U}", oracle_text=DANDAN_TEXT),
    _sf("Æther Vial", "Artifact", mana_cost="{1}",
        oracle_text="At the beginning of your upkeep, you may put a charge counter on Æther Vial."),
    _sf("Jace Beleren", "Legendary Planeswalker — Jace", loyalty="3", colors=["U"],
        mana_cost="{1}{U}{U}", oracle_text="+2: Each player draws a card."),
    {"object": "card", "name": "Invasion of Tarkir // Defiant Thundermaw", "layout": "transform",
     "card_faces": [
         _sf_face("Invasion of Tarkir", "Battle — Siege", mana_cost="{1}{R}", colors=["R"],
                  defense="5"),
         _sf_face("Defiant Thundermaw", "Creature — Dragon", oracle_text="Flying, trample",
                  colors=["R"], power="4", toughness="4"),
     ]},
    # A split card: the faces carry no colours, each has its mana cost.
    {"object": "card", "name": "Fire // Ice", "layout": "split", "type_line": "Instant // Instant",
     "mana_cost": "{1}{R} // {1}{U}", "colors": ["U", "R"],
     "card_faces": [
         _sf_face("Fire", "Instant", mana_cost="{1}{R}", oracle_text="Fire deals 2 damage "
                  "divided as you choose among one or two targets."),
         _sf_face("Ice", "Instant", mana_cost="{1}{U}",
                  oracle_text="Tap target permanent.\nDraw a card."),
     ]},
    _sf("Goblin Brigand", "Creature — Goblin Warrior", power="2", toughness="2", colors=["R"],
        mana_cost="{1}{R}", oracle_text="Goblin Brigand attacks each combat if able."),
    # Left out: tokens and art-series cards are not cards of the game.
    _sf("Goblin", "Token Creature — Goblin", power="1", toughness="1", colors=["R"],
        layout="token"),
    {"object": "card", "name": "Delver of Secrets // Delver of Secrets", "layout": "art_series",
     "card_faces": [_sf_face("Delver of Secrets", "Card"), _sf_face("Delver of Secrets", "Card")]},
]


def _write(path: Path, data: Any, gzipped: bool = False) -> Path:
    raw = json.dumps(data, ensure_ascii=False).encode("utf-8")
    path.write_bytes(gzip.compress(raw) if gzipped else raw)
    return path


FORMATS = {
    "mtgjson": ("AtomicCards.json", MTGJSON),
    "mtgjson-gz": ("AtomicCards.json.gz", MTGJSON),
    "scryfall": ("oracle-cards.json", SCRYFALL),
    "scryfall-gz": ("oracle-cards.json.gz", SCRYFALL),
}


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The index cache in tmp_path, never the user's; no card file from the environment."""
    directory = tmp_path / "cache"
    monkeypatch.setenv("MTGCOMBAT_CACHE", str(directory))
    monkeypatch.delenv("MTGCOMBAT_CARDS", raising=False)
    return directory


@pytest.fixture(params=sorted(FORMATS))
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[CardDatabase]:
    """The test cards in each format, plain and gzipped."""
    name, data = FORMATS[request.param]
    path = _write(tmp_path / name, data, gzipped=name.endswith(".gz"))
    database = CardDatabase.open(path)
    yield database
    database.close()


@pytest.fixture
def mtgjson(tmp_path: Path) -> Path:
    return _write(tmp_path / "AtomicCards.json", MTGJSON)


def _index_files(directory: Path) -> list[Path]:
    return sorted(directory.iterdir()) if directory.exists() else []


# -- lookup ------------------------------------------------------------------------------

def test_lookup_by_exact_name_gives_the_oracle_card(db: CardDatabase) -> None:
    assert db.lookup("Grizzly Bears") == Card(
        name="Grizzly Bears", type_line="Creature — Bear", power="2", toughness="2",
        colors=("G",), text="", mana_cost="{1}{G}")
    goyf = db.lookup("Tarmogoyf")
    assert goyf is not None and (goyf.power, goyf.toughness) == ("*", "1+*")
    jace = db.lookup("Jace Beleren")
    assert jace is not None and jace.loyalty == "3" and jace.power is None
    dandan = db.lookup("Dandân")
    assert dandan is not None and dandan.text == DANDAN_TEXT  # lines kept apart by "\n"


def test_lookup_ignores_case_accents_ligatures_and_spacing(db: CardDatabase) -> None:
    for spelling in ("grizzly bears", "GRIZZLY BEARS", "  Grizzly   Bears "):
        assert db.lookup(spelling).name == "Grizzly Bears"  # type: ignore[union-attr]
    for spelling in ("Dandan", "dandân", "DANDÂN"):
        assert db.lookup(spelling).name == "Dandân"  # type: ignore[union-attr]
    assert db.lookup("Aether Vial").name == "Æther Vial"  # type: ignore[union-attr]


def test_face_names_find_their_own_face(db: CardDatabase) -> None:
    delver = db.lookup("Delver of Secrets")
    aberration = db.lookup("insectile aberration")
    assert delver is not None and (delver.power, delver.toughness, delver.text) == \
        ("1", "1", DELVER_TEXT)
    assert aberration is not None and aberration.name == "Insectile Aberration"
    assert (aberration.power, aberration.toughness, aberration.text) == ("3", "2", "Flying")
    assert aberration.colors == ("U",)
    ice = db.lookup("Ice")
    assert ice is not None and ice.colors == ("U",) and ice.text.startswith("Tap target")
    thundermaw = db.lookup("Defiant Thundermaw")
    assert thundermaw is not None and thundermaw.power == "4"
    assert db.lookup("Invasion of Tarkir").defense == "5"  # type: ignore[union-attr]


def test_full_double_faced_name_finds_the_front_face(db: CardDatabase) -> None:
    assert db.lookup("Delver of Secrets // Insectile Aberration").name == "Delver of Secrets"  # type: ignore[union-attr]
    for spelling in ("Fire // Ice", "fire//ice", "FIRE  //  ICE"):
        fire = db.lookup(spelling)
        assert fire is not None and fire.name == "Fire" and fire.colors == ("R",)


def test_scryfall_tokens_and_art_series_are_not_cards(tmp_path: Path) -> None:
    db = CardDatabase.open(_write(tmp_path / "oracle-cards.json", SCRYFALL))
    assert db.lookup("Goblin") is None
    assert db.lookup("Delver of Secrets").type_line == "Creature — Human Wizard"  # type: ignore[union-attr]
    assert len(db) == 9


def test_gzip_is_told_by_its_magic_bytes_not_its_suffix(tmp_path: Path) -> None:
    path = _write(tmp_path / "cards.json", MTGJSON, gzipped=True)
    assert CardDatabase.open(path).lookup("Tarmogoyf") is not None


def test_scryfall_list_object_is_read(tmp_path: Path) -> None:
    path = _write(tmp_path / "search.json", {"object": "list", "has_more": False,
                                             "data": SCRYFALL})
    assert CardDatabase.open(path).lookup("Grizzly Bears") is not None


def test_reading_in_tiny_pieces_gives_the_same_cards(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    for name, data in (("a.json", MTGJSON), ("s.json", SCRYFALL)):
        path = _write(tmp_path / name, data)
        whole = list(cards.read_card_file(path))
        monkeypatch.setattr(cards, "_CHUNK", 7)
        assert list(cards.read_card_file(path)) == whole
        monkeypatch.undo()


def test_fold_is_case_accent_and_apostrophe_insensitive() -> None:
    assert fold("Lim-Dûl\u2019s Vault") == fold("lim-dul's vault") == "lim-dul's vault"
    assert fold("Æther  Vial") == "aether vial"
    assert fold("Fire//Ice") == "fire // ice"


# -- unknown names -------------------------------------------------------------------------

def test_unknown_name_is_bad_input_with_the_closest_names(db: CardDatabase) -> None:
    assert db.lookup("Grizly Bears") is None
    with pytest.raises(BoardError) as err:
        db.get("Grizly Bears")
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith("unknown card 'Grizly Bears' (closest: Grizzly Bears")
    assert len(db.closest("Grizly Bears", n=3)) <= 3


def test_closest_finds_a_name_by_part_of_it(db: CardDatabase) -> None:
    assert db.closest("Delver")[0] == "Delver of Secrets"
    assert db.closest("Tarmogoyff", n=1) == ["Tarmogoyf"]
    assert db.closest("") == []


def test_unknown_name_like_nothing_says_so(db: CardDatabase) -> None:
    with pytest.raises(BoardError, match=r"^unknown card 'Qwxz' \(no card has a similar name\)$"):
        db.get("Qwxz")


def test_closest_finds_the_name_among_thirty_thousand(tmp_path: Path) -> None:
    # How fast is measured by bench/cards.py, not asserted (a timed test fails on a
    # loaded machine).
    rng = random.Random(7)
    words = ["".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(3, 9)))
             for _ in range(4000)]
    names = {" ".join(rng.choice(words) for _ in range(rng.randint(1, 4))).title()
             for _ in range(30000)} | {"Grizzly Bears"}
    path = _write(tmp_path / "big.json",
                  [{"name": n, "type_line": "Creature — Bear", "power": "2", "toughness": "2"}
                   for n in sorted(names)])
    db = CardDatabase.open(path)
    db.closest("warm up")  # reads the names once
    near = db.closest("Grizly Bears")
    assert near[0] == "Grizzly Bears"


# -- the index -------------------------------------------------------------------------------

def test_index_is_kept_in_the_cache_directory(mtgjson: Path, cache: Path) -> None:
    db = CardDatabase.open(mtgjson)
    assert db.rebuilt and db.index is not None and db.index.parent == cache
    assert [p.suffix for p in _index_files(cache)] == [".sqlite"]


def test_second_open_reuses_the_index_without_parsing(mtgjson: Path, cache: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    first = CardDatabase.open(mtgjson)
    first.close()
    stamp = first.index.stat().st_mtime_ns  # type: ignore[union-attr]

    def no_parse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the card file was parsed again")

    monkeypatch.setattr(cards, "read_card_file", no_parse)
    again = CardDatabase.open(mtgjson)
    assert not again.rebuilt
    assert again.lookup("Grizzly Bears") is not None
    assert again.index.stat().st_mtime_ns == stamp  # type: ignore[union-attr]


def test_index_is_rebuilt_when_the_file_changes(mtgjson: Path) -> None:
    CardDatabase.open(mtgjson).close()
    data = json.loads(json.dumps(MTGJSON))
    data["data"]["Hill Giant"] = [_mtg("Hill Giant", "Creature — Giant", power="3",
                                       toughness="3", colors=["R"])]
    _write(mtgjson, data)
    db = CardDatabase.open(mtgjson)
    assert db.rebuilt and db.lookup("Hill Giant") is not None


def test_index_is_rebuilt_when_only_the_modification_time_changes(mtgjson: Path) -> None:
    CardDatabase.open(mtgjson).close()
    st = mtgjson.stat()
    os.utime(mtgjson, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    assert CardDatabase.open(mtgjson).rebuilt


def test_index_of_another_version_is_rebuilt(mtgjson: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    CardDatabase.open(mtgjson).close()
    monkeypatch.setattr(cards, "INDEX_VERSION", cards.INDEX_VERSION + 1)
    assert CardDatabase.open(mtgjson).rebuilt


def test_corrupt_index_is_rebuilt(mtgjson: Path) -> None:
    db = CardDatabase.open(mtgjson)
    db.close()
    db.index.write_bytes(b"not a database")  # type: ignore[union-attr]
    again = CardDatabase.open(mtgjson)
    assert again.rebuilt and again.lookup("Tarmogoyf") is not None


def test_each_file_has_its_own_index(tmp_path: Path, cache: Path) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    one = CardDatabase.open(_write(tmp_path / "one" / "cards.json", MTGJSON))
    two = CardDatabase.open(_write(tmp_path / "two" / "cards.json", SCRYFALL))
    assert one.index != two.index and len(_index_files(cache)) == 2
    assert one.lookup("Fire").mana_cost == two.lookup("Fire").mana_cost == "{1}{R}"  # type: ignore[union-attr]


def test_failed_build_leaves_nothing_in_the_cache(tmp_path: Path, cache: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text('{"data": {"Grizzly Bears": [{"name": "Grizzly Bears"}], "Broken": [')
    with pytest.raises(BoardError):
        CardDatabase.open(path)
    assert _index_files(cache) == []


def test_unwritable_cache_builds_the_index_in_memory(mtgjson: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("MTGCOMBAT_CACHE", str(blocker / "cache"))
    db = CardDatabase.open(mtgjson)
    assert db.index is None and db.lookup("Grizzly Bears") is not None


def test_cache_directory_follows_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    monkeypatch.setenv("MTGCOMBAT_CACHE", str(tmp_path / "own"))
    assert cards.cache_dir() == tmp_path / "own"
    monkeypatch.delenv("MTGCOMBAT_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cards.cache_dir() == tmp_path / "xdg" / "mtgcombat"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cards.cache_dir() == tmp_path / "home" / ".cache" / "mtgcombat"


# -- bad files ---------------------------------------------------------------------------------

BAD_FILES = {
    "not-json": b"Grizzly Bears 2/2",
    "empty": b"",
    "truncated": b'{"meta": {}, "data": {"Grizzly Bears": [{"name": "Grizzly',
    "no-data": b'{"meta": {}}',
    "a-board": b'{"players": [{"name": "Alice"}], "active_player": "Alice"}',
    "not-card-lists": b'{"data": {"Grizzly Bears": 5}}',
    "not-card-objects": b'[1, 2, 3]',
    "no-cards": b'[]',
    "trailing-garbage": b'[{"name": "Grizzly Bears", "type_line": "Creature"}] x',
    "not-utf8": b'[{"name": "\xff\xfe"}]',
    "truncated-gzip": gzip.compress(json.dumps(SCRYFALL).encode())[:200],
    "bad-gzip": b"\x1f\x8b not really gzip",
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_malformed_file_is_one_line_naming_it(kind: str, tmp_path: Path) -> None:
    path = tmp_path / f"{kind}.json"
    path.write_bytes(BAD_FILES[kind])
    with pytest.raises(BoardError) as err:
        CardDatabase.open(path)
    message = str(err.value)
    assert "\n" not in message and message.startswith(f"card database {path}: ")


def test_missing_file_is_one_line_naming_it(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match=r"^card database .*nowhere\.json: no such file$"):
        open_database(str(tmp_path / "nowhere.json"))
    with pytest.raises(BoardError, match=r": not a file$"):
        open_database(str(tmp_path))


def test_open_database_takes_the_argument_then_the_environment(
        mtgjson: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert open_database() is None
    monkeypatch.setenv("MTGCOMBAT_CARDS", str(mtgjson))
    from_env = open_database()
    assert from_env is not None and from_env.source == mtgjson
    other = _write(tmp_path / "oracle-cards.json", SCRYFALL)
    assert open_database(str(other)).source == other  # type: ignore[union-attr]


# -- permanents from cards -----------------------------------------------------------------------

@pytest.fixture
def mdb(mtgjson: Path) -> CardDatabase:
    return CardDatabase.open(mtgjson)


def test_fill_takes_what_the_board_leaves_out_from_the_card(mdb: CardDatabase) -> None:
    perm = fill({"name": "Grizzly Bears", "controller": "Alice", "tapped": True},
                mdb.get("Grizzly Bears"))
    assert perm == {"name": "Grizzly Bears", "controller": "Alice", "tapped": True,
                    "type_line": "Creature — Bear", "colors": ["G"], "text": "",
                    "power": 2, "toughness": 2}


def test_fill_lets_board_fields_win(mdb: CardDatabase) -> None:
    given = {"id": "b", "name": "Grizzly Bears", "controller": "Alice", "power": 4,
             "colors": [], "text": "Flying", "type_line": "Artifact Creature — Bear"}
    perm = fill(given, mdb.get("Grizzly Bears"))
    assert perm == {**given, "toughness": 2}


def test_fill_names_the_card_properly_and_keeps_the_board_spelling_as_id(
        mdb: CardDatabase) -> None:
    perm = fill({"name": "goblin brigand", "controller": "Alice"}, mdb.get("goblin brigand"))
    assert perm["name"] == "Goblin Brigand" and perm["id"] == "goblin brigand"
    perm = fill({"id": "gb", "name": "goblin brigand", "controller": "Alice"},
                mdb.get("goblin brigand"))
    assert perm["id"] == "gb"


def test_fill_needs_power_and_toughness_on_the_board_for_a_star_creature(
        mdb: CardDatabase) -> None:
    goyf = mdb.get("Tarmogoyf")
    with pytest.raises(BoardError) as err:
        fill({"id": "goyf", "name": "Tarmogoyf", "controller": "Alice"}, goyf)
    assert "\n" not in str(err.value)
    assert str(err.value).startswith("permanent 'goyf': Tarmogoyf has power/toughness */1+*")
    assert "give power and toughness on the board" in str(err.value)
    with pytest.raises(BoardError, match="give power on the board"):
        fill({"name": "Tarmogoyf", "controller": "Alice", "toughness": 3}, goyf)
    perm = fill({"name": "Tarmogoyf", "controller": "Alice", "power": 2, "toughness": 3}, goyf)
    assert (perm["power"], perm["toughness"]) == (2, 3)


def test_fill_gives_loyalty_and_defense_as_numbers(mdb: CardDatabase) -> None:
    jace = fill({"name": "Jace Beleren", "controller": "Bob"}, mdb.get("Jace Beleren"))
    assert jace["loyalty"] == 3 and "power" not in jace
    battle = fill({"name": "Invasion of Tarkir", "controller": "Bob", "protector": "Alice"},
                  mdb.get("Invasion of Tarkir"))
    assert battle["defense"] == 5 and battle["type_line"] == "Battle — Siege"
    jace = fill({"name": "Jace Beleren", "controller": "Bob", "loyalty": 1},
                mdb.get("Jace Beleren"))
    assert jace["loyalty"] == 1


def test_filled_board_is_a_valid_board(mdb: CardDatabase) -> None:
    data = {"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
            "permanents": [
                {"name": "Goblin Brigand", "controller": "Alice"},
                {"name": "insectile aberration", "controller": "Alice", "tapped": True},
                {"name": "Dandan", "controller": "Bob"},
                {"name": "Jace Beleren", "controller": "Bob"},
                {"name": "Invasion of Tarkir", "controller": "Alice", "protector": "Bob"},
                {"name": "Custom Wall", "controller": "Bob", "type_line": "Creature — Wall",
                 "power": 0, "toughness": 4},
            ],
            "attacks": {"insectile aberration": "Bob"}}
    board = board_from_data(fill_board(data, mdb))
    by_id = {p.id: p for p in board.permanents}
    assert by_id["Goblin Brigand"].text == "Goblin Brigand attacks each combat if able."
    assert by_id["insectile aberration"].name == "Insectile Aberration"
    assert (by_id["insectile aberration"].power, by_id["insectile aberration"].text) == \
        (3, "Flying")
    assert by_id["Dandan"].name == "Dandân" and by_id["Dandan"].colors == ("U",)
    assert by_id["Jace Beleren"].loyalty == 3 and by_id["Invasion of Tarkir"].defense == 5
    assert by_id["Custom Wall"].toughness == 4


def test_fill_board_rejects_an_unknown_name_with_the_closest_names(mdb: CardDatabase) -> None:
    data = {"players": [{"name": "Alice"}], "active_player": "Alice",
            "permanents": [{"name": "Grizly Bears", "controller": "Alice"}]}
    with pytest.raises(BoardError, match=r"^permanents\[0\]: unknown card 'Grizly Bears' "
                                         r"\(closest: Grizzly Bears"):
        fill_board(data, mdb)


# -- the command line and the README's example ------------------------------------------

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _cli(*argv: str, env: dict | None = None) -> subprocess.CompletedProcess:
    e = {k: v for k, v in os.environ.items() if k not in ("MTGCOMBAT_CARDS", "COLUMNS")}
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "mtgcombat", *argv], capture_output=True,
                          text=True, cwd=EXAMPLES.parent, env=e, timeout=120)


def test_scenario_board_by_names_alone_with_cards_flag() -> None:
    r = _cli("show", "examples/by-name.mtg", "--cards", "examples/cards.json", "--json")
    assert r.returncode == 0, r.stderr
    board = json.loads(r.stdout)
    perms = {p["id"]: p for p in board["permanents"]}
    assert perms["angel"]["power"] == 4 and perms["angel"]["type_line"] == "Creature — Angel"
    assert perms["bears"]["tapped"] is True  # the line's own word kept
    assert "All creatures able to block" in perms["unicorn"]["text"]


def test_cards_come_from_the_environment_variable_too() -> None:
    r = _cli("blocks", "examples/by-name.mtg", "--json",
             env={"MTGCOMBAT_CARDS": str(EXAMPLES / "cards.json")})
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["max_requirements"] == 2


def test_a_board_by_names_without_a_card_file_is_bad_input() -> None:
    r = _cli("blocks", "examples/by-name.mtg")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("mtgcombat: error: examples/by-name.mtg:")


def test_the_readme_picture_is_what_draw_draws_now() -> None:
    r = _cli("draw", "examples/by-name.mtg", "--cards", "examples/cards.json", "--blocks",
             "spider -> unicorn, rats -> unicorn")
    assert r.returncode == 0, r.stderr
    assert r.stdout == (EXAMPLES.parent / "docs" / "by-name.svg").read_text(), (
        "regenerate with: mtgcombat draw examples/by-name.mtg --cards examples/cards.json "
        "--blocks 'spider -> unicorn, rats -> unicorn' -o docs/by-name.svg")


# -- an index that loses nothing (issue 25.7) ---------------------------------------------

def _big_power_file(path: Path, power: Any) -> Path:
    data = json.loads(json.dumps(MTGJSON))
    data["data"]["Hulk"] = [_mtg("Hulk", "Creature — Giant", power=power, toughness="1")]
    return _write(path, data)


def test_a_printed_power_of_5000_digits_is_one_line_and_the_index_stays_usable(
        tmp_path: Path) -> None:
    path = _big_power_file(tmp_path / "cards.json", "9" * 5000)
    db = CardDatabase.open(path)
    board = {"players": [{"name": "A"}, {"name": "B"}], "active_player": "A",
             "permanents": [{"name": "Hulk", "controller": "A"}]}
    with pytest.raises(BoardError) as e:
        fill_board(board, db)
    assert str(e.value).startswith("permanent 'Hulk': Hulk's power on its card: 999999999999")
    assert "\n" not in str(e.value) and "5000 digits" in str(e.value)
    db.close()
    again = CardDatabase.open(path)  # later runs: the index is fine, other cards work
    assert not again.rebuilt and again.lookup("Grizzly Bears") is not None


def test_a_card_file_that_fails_half_way_leaves_no_index_and_no_temporary_file(
        tmp_path: Path, cache: Path) -> None:
    raw = json.dumps(json.loads(json.dumps(MTGJSON)))
    path = tmp_path / "cards.json"
    # a JSON number of 5,000 digits after the first cards: the build fails half-way
    path.write_text(raw[:-2] + ', "Hulk": [{"name": "Hulk", "type": "Creature", "power": '
                    + "9" * 5000 + "}]}}")
    with pytest.raises(BoardError) as e:
        CardDatabase.open(path)
    assert "a number of 5000 or more digits" in str(e.value) and "\n" not in str(e.value)
    assert _index_files(cache) == []
    _write(path, MTGJSON)  # mended: the next run builds and works
    assert CardDatabase.open(path).lookup("Grizzly Bears") is not None


@pytest.mark.parametrize("damage", ["pages", "cut", "byte", "header"])
def test_an_index_damaged_on_disk_is_rebuilt(mtgjson: Path, damage: str) -> None:
    db = CardDatabase.open(mtgjson)
    index = db.index
    db.close()
    assert index is not None
    raw = bytearray(index.read_bytes())
    rng = random.Random(7)
    if damage == "pages":  # every page after the first garbled
        raw[4096:] = bytes(rng.randrange(256) for _ in range(len(raw) - 4096))
    elif damage == "cut":
        raw = raw[: len(raw) // 2]
    elif damage == "byte":
        raw[len(raw) - 100] ^= 0xFF
    else:
        raw[:16] = b"\0" * 16
    index.write_bytes(bytes(raw))
    again = CardDatabase.open(mtgjson)
    names = [again.lookup(n) for n in ("Grizzly Bears", "Tarmogoyf", "Jace Beleren")]
    assert all(c is not None for c in names) and len(again) > 0
    assert again.closest("Grizly Bears")[0] == "Grizzly Bears"


def test_an_index_found_damaged_only_at_a_lookup_is_rebuilt_then(mtgjson: Path) -> None:
    import sqlite3

    db = CardDatabase.open(mtgjson)

    class Broken:
        def execute(self, *a: Any) -> Any:
            raise sqlite3.DatabaseError("database disk image is malformed")

        def close(self) -> None:
            pass
    db._con = Broken()  # type: ignore[assignment]
    assert db.lookup("Grizzly Bears") is not None and db.rebuilt


SLOW_BUILD = """
import sys, time
from mtgcombat import cards
real = cards.read_card_file
def slow(*a, **k):
    for entry in real(*a, **k):
        time.sleep(0.2)
        yield entry
cards.read_card_file = slow
print("building", flush=True)
cards.CardDatabase.open(sys.argv[1], sys.argv[2])
"""


def test_sigterm_during_a_build_leaves_no_temporary_file(mtgjson: Path, cache: Path) -> None:
    import signal

    proc = subprocess.Popen([sys.executable, "-c", SLOW_BUILD, str(mtgjson), str(cache)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "building"
    deadline = time.monotonic() + 30
    while not list(cache.glob("*.tmp")) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert list(cache.glob("*.tmp")), "the build never started"
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == -signal.SIGTERM  # ended as terminated
    assert _index_files(cache) == []


TERM_AT_MKSTEMP = """
import os, signal, sys, tempfile
from mtgcombat import cards
real = tempfile.mkstemp
def made_then_terminated(*a, **k):
    made = real(*a, **k)
    os.kill(os.getpid(), signal.SIGTERM)  # the signal comes as the file is made
    return made
cards.tempfile.mkstemp = made_then_terminated
cards.CardDatabase.open(sys.argv[1], sys.argv[2])
"""


def test_sigterm_as_the_temporary_file_is_made_leaves_no_temporary_file(
        mtgjson: Path, cache: Path) -> None:
    import signal

    proc = subprocess.run([sys.executable, "-c", TERM_AT_MKSTEMP, str(mtgjson), str(cache)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == -signal.SIGTERM and "Traceback" not in proc.stderr
    assert _index_files(cache) == []


def test_a_killed_builds_temporary_file_is_removed_by_the_next_build(
        mtgjson: Path, cache: Path) -> None:
    db = CardDatabase.open(mtgjson)
    index = db.index
    db.close()
    assert index is not None
    index.unlink()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    stale = cache / f"{index.name}.{dead}.x1y2.tmp"
    stale.write_bytes(b"half an index")
    assert CardDatabase.open(mtgjson).rebuilt
    assert not stale.exists() and _index_files(cache) == [index]


def test_two_cards_of_one_name_the_first_is_used_and_a_lookup_says_so_once(
        tmp_path: Path) -> None:
    data = [_sf("Twin", "Creature — Elf", power="1", toughness="1", colors=["G"]),
            _sf("Twin", "Creature — Giant", power="5", toughness="5", colors=["R"]),
            _sf("Grizzly Bears", "Creature — Bear", power="2", toughness="2", colors=["G"])]
    db = CardDatabase.open(_write(tmp_path / "oracle.json", data))
    assert db.lookup("Grizzly Bears") is not None and db.warnings == []
    first = db.lookup("Twin")
    assert first is not None and first.type_line == "Creature — Elf"
    db.lookup("twin")
    assert db.warnings == [f"card database {tmp_path / 'oracle.json'}: 2 cards are named "
                           "'Twin'; the first in the file is used"]


def test_a_card_whose_back_face_shares_another_cards_name_is_no_warning(
        db: CardDatabase) -> None:
    db.lookup("Delver of Secrets")
    db.lookup("Insectile Aberration")
    assert db.warnings == []


def test_an_unwritable_cache_says_so_once_on_standard_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    r = _cli("show", "examples/by-name.mtg", "--cards", "examples/cards.json",
             env={"MTGCOMBAT_CACHE": str(blocker / "cache")})
    assert r.returncode == 0, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("warning: card database examples/cards.json:")
    assert "can't be written" in lines[0] and "MTGCOMBAT_CACHE" in lines[0]
    quiet = _cli("show", "examples/by-name.mtg", "--cards", "examples/cards.json", "--quiet",
                 env={"MTGCOMBAT_CACHE": str(blocker / "cache")})
    assert quiet.returncode == 0 and quiet.stderr == ""


def test_a_card_file_whose_path_is_not_utf8_is_indexed_and_named_as_text(
        tmp_path: Path, cache: Path) -> None:
    """A directory named with a byte that is not UTF-8 (b"\\xff", a surrogate escape in
    Python): the index is built and reused, and a message names the path as text."""
    folder = tmp_path / os.fsdecode(b"d\xff")
    folder.mkdir()
    path = _write(folder / "AtomicCards.json", MTGJSON)
    first = CardDatabase.open(path)
    assert first.lookup("Grizzly Bears") is not None and first.rebuilt
    first.close()
    again = CardDatabase.open(path)
    assert not again.rebuilt
    again.close()
    with pytest.raises(BoardError) as e:
        CardDatabase.open(folder / "none.json")
    assert "d\\xff" in str(e.value) and str(e.value).encode("utf-8")


def test_the_index_is_a_sqlite_database_the_project_builds_and_reads_read_only(
        mtgjson: Path, cache: Path) -> None:
    """The card index is an SQLite database file (the sqlite3 module, in process: no
    server), built by CardDatabase.open with its tables, and opened read-only."""
    import sqlite3

    db = CardDatabase.open(mtgjson)
    assert db.index is not None and db.index.read_bytes()[:16] == b"SQLite format 3\x00"
    con = sqlite3.connect(db.index)
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {"meta", "faces", "names", "shared"}
    stored = dict(con.execute("SELECT key, value FROM meta"))
    assert stored["version"] == str(cards.INDEX_VERSION) and int(stored["cards"]) == len(db)
    con.close()
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        db._con.execute("DELETE FROM names")


def test_an_index_damaged_at_a_lookup_in_a_cache_that_cant_be_written_is_built_in_memory(
        mtgjson: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sqlite3

    db = CardDatabase.open(mtgjson)

    class Broken:
        def execute(self, *a: Any) -> Any:
            raise sqlite3.DatabaseError("database disk image is malformed")

        def close(self) -> None:
            pass

    def read_only(*a: Any) -> None:
        raise PermissionError(13, "Permission denied")
    db._con = Broken()  # type: ignore[assignment]
    monkeypatch.setattr(cards, "_build_file", read_only)
    assert db.lookup("Grizzly Bears") is not None and db.index is None
    assert len(db.warnings) == 1 and "can't be written (Permission denied)" in db.warnings[0]


@pytest.mark.parametrize("quiet", [False, True])
def test_batch_says_once_that_its_cache_cant_be_written_unless_quiet(
        tmp_path: Path, quiet: bool) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    request = json.dumps({"ask": "show", "board": "players A, B\nactive A\nA:\n  Grizzly Bears\n"})
    e = {k: v for k, v in os.environ.items() if k not in ("MTGCOMBAT_CARDS", "COLUMNS")}
    e["MTGCOMBAT_CACHE"] = str(blocker / "cache")
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "batch", "--jobs", "1", "--cards",
                        "examples/cards.json", *(["--quiet"] if quiet else [])],
                       input=request + "\n", capture_output=True, text=True,
                       cwd=EXAMPLES.parent, env=e, timeout=120)
    assert r.returncode == 0 and "error" not in json.loads(r.stdout), r.stdout + r.stderr
    said = [x for x in r.stderr.splitlines() if x.startswith("warning: card database")]
    assert said == ([] if quiet else [said[0]]) and ("can't be written" in said[0]
                                                     if said else quiet)


@pytest.mark.parametrize("quiet", [False, True])
def test_serve_says_once_that_its_cache_cant_be_written_unless_quiet(
        tmp_path: Path, quiet: bool, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture) -> None:
    import argparse

    from mtgcombat import web

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("MTGCOMBAT_CACHE", str(blocker / "cache"))
    monkeypatch.delenv("MTGCOMBAT_CARDS", raising=False)
    monkeypatch.setattr(web, "serve", lambda *a, **k: None)  # no server: only the start
    ns = argparse.Namespace(host="127.0.0.1", port=0, allow_host=[], quiet=quiet,
                            cards=str(EXAMPLES / "cards.json"))
    assert web.main(ns) == 0
    said = capsys.readouterr().err.splitlines()
    assert said == [] if quiet else (len(said) == 1 and "can't be written" in said[0])
