"""``mtgcombat draw``: the SVG picture of a board and its combat.

The pictures of a few boards are compared with golden files in ``tests/snapshots/``.
After a deliberate change to the picture, regenerate them and review the diff (and
look at them, e.g. ``rsvg-convert tests/snapshots/blocks-damage.svg -o /tmp/x.png``)::

    python tests/test_draw.py --update
"""
from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

import pytest

from mtgcombat import Board, BoardError
from mtgcombat.draw import draw
from mtgcombat.text import Writer
from mtgcombat.text.de import draw as de_draw
from mtgcombat.text.en import draw as en_draw

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
SVG = "{http://www.w3.org/2000/svg}"

NO_COMBAT = """\
# Multiplayer, before attacks: Carol does not defend.
players Alice, Bob (life 14), Carol (life 9)
active Alice
defending Bob

Alice:
  Ogre Taskmaster 4/3 [Creature — Ogre] red goaded by Bob
  Elvish Mystic 1/1 [Creature — Elf Druid] green tapped
  Llanowar Elves 1/1 [Creature — Elf Druid] green sick
  Swamp [Basic Land — Swamp]
  swamp2: Swamp [Basic Land — Swamp]
  Bonesplitter [Artifact — Equipment]
Bob:
  Forest [Basic Land — Forest] tapped
  Kraken Hatchling 0/4 [Creature — Kraken] blue
  Vampire Nighthawk 2/3 [Creature — Vampire Shaman] black
    "Flying" "Deathtouch" "Lifelink"
Carol:
  Mountain [Basic Land — Mountain]
  Goblin Piker 2/1 [Creature — Goblin Warrior] red "Goblin Piker can't block."
"""

ATTACKS = """\
players Alice, Bob
active Alice

Alice:
  brigand: Goblin Brigand 2/2 [Creature — Goblin Warrior] red
    "Goblin Brigand attacks each combat if able."
  bears: Grizzly Bears 2/2 [Creature — Bear] green
  Akroma, Angel of Wrath 6/6 [Legendary Creature — Angel] white
    "Flying" "First strike" "Vigilance" "Trample" "Haste"

Bob:
  arbiter: Silent Arbiter 1/5 [Artifact Creature — Construct]
    "No more than one creature can attack each combat."

attack brigand -> Bob
attack bears -> Bob
attack "Akroma, Angel of Wrath" -> Bob
"""

BLOCKS = """\
players Alice, Bob
active Alice

Alice:
  Craw Wurm 6/4 [Creature — Wurm] green
  knight: White Knight 2/2 [Creature — Human Knight] W
    "First strike"
    "Protection from black"

Bob:
  bears: Grizzly Bears 2/2 [Creature — Bear] green damage 1
  cub: Grizzly Bears 2/2 [Creature — Bear] green
  Hypnotic Specter 2/2 [Creature — Specter] black "Flying"

attack Craw Wurm -> Bob
attack knight -> Bob
block bears -> Craw Wurm
block cub -> Craw Wurm
"""

WALKER_AND_BATTLE = """\
players Alice, Bob (life 7)
active Alice

Alice:
  Kor Skyfisher 2/3 [Creature — Kor Soldier] white "Flying"
  Serra's Guardian 5/5 [Creature — Angel] white "Flying" "Vigilance"
  Invasion of Tarkir [Battle — Siege] defense 5 protector Bob

Bob:
  Gideon, Ally of Zendikar [Legendary Planeswalker — Gideon] white loyalty 4
  Invasion of Ikoria [Battle — Siege] defense 6 protector Alice
  Giant Spider 2/4 [Creature — Spider] green "Reach"

attack Kor Skyfisher -> "Gideon, Ally of Zendikar"
attack Serra's Guardian -> Invasion of Tarkir
block Giant Spider -> Kor Skyfisher
"""

GERMAN = """\
players Alice (team Suns, life 30), Ana (team Suns, life 30), Bob (team Moons, life 30),
  Bea (team Moons, life 30)
active Alice

Alice:
  Hill Giant 3/3 [Creature — Giant] red "Trample"
  Goblin Guide 2/2 [Creature — Goblin Scout] red "Haste" sick
Ana:
  Elvish Warrior 2/3 [Creature — Elf Warrior] green "Menace" goaded by Bea
  Liliana of the Veil [Legendary Planeswalker — Liliana] black loyalty 3
Bob:
  Fog Bank 0/2 [Creature — Wall] blue "Defender\\nFlying"
  Jace Beleren [Legendary Planeswalker — Jace] blue loyalty 3
  Swamp [Basic Land — Swamp] tapped
Bea:
  Grizzly Bears 2/2 [Creature — Bear] green tapped damage 1
  Typhoid Rats 1/1 [Creature — Rat] black "Deathtouch"
  Invasion of Tarkir [Battle — Siege] defense 5 protector Alice

attack Hill Giant -> Jace Beleren
attack Goblin Guide -> Bob
attack Elvish Warrior -> Bob
block Fog Bank -> Elvish Warrior
block Typhoid Rats -> Elvish Warrior
"""


def _poisoned(board: Board, player: str, n: int) -> Board:
    # (a Two-Headed Giant team shares its poison counters, 810.10)
    return board.evolve(players=tuple(replace(p, poison=n) if board.teammates(p.name, player)
                                      else p for p in board.players))


#: name -> how to draw it (each a golden file ``tests/snapshots/NAME.svg``).
CASES: dict[str, Callable[[], str]] = {
    "no-combat": lambda: draw(Board.from_scenario(NO_COMBAT)),
    "attacks": lambda: draw(Board.from_scenario(ATTACKS)),
    "blocks-damage": lambda: draw(
        Board.from_scenario(BLOCKS),
        damage={"Craw Wurm": {"bears": 2, "cub": 2, "Bob": 2}, "bears": {"Craw Wurm": 2},
                "cub": {"Craw Wurm": 2}, "knight": {"Bob": 2}},
        result={"life": {"Bob": 16}, "destroyed": ["bears", "cub"]}),
    "walker-and-battle": lambda: draw(
        Board.from_scenario(WALKER_AND_BATTLE),
        damage={"Kor Skyfisher": {"Giant Spider": 2}, "Giant Spider": {"Kor Skyfisher": 2},
                "Serra's Guardian": {"Invasion of Tarkir": 5}},
        result={"destroyed": ["Invasion of Tarkir"]}),
    "german": lambda: draw(
        _poisoned(Board.from_scenario(GERMAN), "Bob", 3), lang="de",
        damage={"Hill Giant": {"Jace Beleren": 3}, "Goblin Guide": {"Bob": 2},
                "Elvish Warrior": {"Fog Bank": 2}, "Typhoid Rats": {"Elvish Warrior": 1}},
        result={"life": {"Bob": 28}, "destroyed": ["Jace Beleren", "Elvish Warrior", "Fog Bank"]}),
}


def _update() -> None:
    SNAPSHOTS.mkdir(exist_ok=True)
    for name, make in CASES.items():
        (SNAPSHOTS / f"{name}.svg").write_text(make(), encoding="utf-8")
        print(f"wrote {SNAPSHOTS / (name + '.svg')}")


def _xml(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(SVG + "g") if cls in g.get("class", "").split()]


def _visible_text(root: ET.Element) -> str:
    """Every word a reader can see or hover: text and titles, not the stylesheet."""
    return " ".join(t for e in root.iter() if e.tag != SVG + "style" for t in [e.text or ""])


# -- snapshots ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(CASES))
def test_picture_matches_its_snapshot(name):
    path = SNAPSHOTS / f"{name}.svg"
    assert path.exists(), f"{path} is missing: run `python tests/test_draw.py --update`"
    assert CASES[name]() == path.read_text(encoding="utf-8"), (
        f"the picture {name!r} changed: if that is intended, run "
        "`python tests/test_draw.py --update` and review the diff")


# -- properties --------------------------------------------------------------------------
def test_same_board_draws_the_same_text():
    assert CASES["blocks-damage"]() == CASES["blocks-damage"]()
    assert draw(Board.from_scenario(BLOCKS)) == draw(Board.from_scenario(BLOCKS))


@pytest.mark.parametrize("name", sorted(CASES))
def test_picture_is_svg_xml_with_a_viewbox(name):
    root = _xml(CASES[name]())
    assert root.tag == SVG + "svg"
    x, y, w, h = (float(v) for v in root.get("viewBox").split())
    assert (x, y) == (0, 0) and w > 0 and h > 0
    assert root.find(SVG + "style") is not None
    assert root.find(SVG + "title") is not None


def test_picture_has_no_external_resources():
    svg = CASES["blocks-damage"]()
    assert "href" not in svg and "url(" not in svg and "@import" not in svg


def test_one_arrow_per_attacker_and_per_block():
    board = Board.from_scenario(BLOCKS)
    root = _xml(draw(board))
    arrows = _groups(root, "attack")
    assert sorted(g.get("data-from") for g in arrows) == sorted(board.attacks)
    assert {g.get("data-from"): g.get("data-to") for g in arrows} == dict(board.attacks)
    blocks = sorted((g.get("data-from"), g.get("data-to")) for g in _groups(root, "block"))
    assert blocks == [("bears", "Craw Wurm"), ("cub", "Craw Wurm")]


def test_board_without_attacks_has_no_arrows():
    root = _xml(CASES["no-combat"]())
    assert not _groups(root, "attack") and not _groups(root, "block")


def test_every_player_and_permanent_is_drawn():
    board = Board.from_scenario(NO_COMBAT)
    root = _xml(draw(board))
    ids = {g.get("data-id") for g in root.iter(SVG + "g")}
    assert set(board.player_names) <= ids
    assert {p.id for p in board.permanents if not p.is_land} <= ids
    # Lands with the same name and state are one chip: "2× Swamp".
    swamps = [g for g in root.iter(SVG + "g") if g.get("data-id") == "Swamp"]
    assert len(swamps) == 1 and swamps[0].get("data-count") == "2"
    assert "2\u00d7 Swamp" in _visible_text(root)


def test_attacks_and_blocks_arguments_replace_the_boards():
    board = Board.from_scenario(BLOCKS)
    root = _xml(draw(board, attacks={"knight": "Bob"}, blocks={"Hypnotic Specter": "knight"}))
    assert [(g.get("data-from"), g.get("data-to")) for g in _groups(root, "attack")] == [
        ("knight", "Bob")]
    assert [(g.get("data-from"), g.get("data-to")) for g in _groups(root, "block")] == [
        ("Hypnotic Specter", "knight")]
    # Attacks alone: the board's blocks go when their attackers no longer attack.
    assert not _groups(_xml(draw(board, attacks={"knight": "Bob"})), "block")
    # No attacks at all.
    assert not _groups(_xml(draw(board, attacks={})), "attack")


def test_impossible_declarations_are_board_errors():
    board = Board.from_scenario(BLOCKS)
    with pytest.raises(BoardError):
        draw(board, attacks={"bears": "Alice"})
    with pytest.raises(BoardError):
        draw(board, blocks={"bears": "Hypnotic Specter"})


@pytest.mark.parametrize("damage", [
    {"nobody": {"Bob": 1}},
    {"Craw Wurm": {"nobody": 1}},
    {"Craw Wurm": {"Bob": -1}},
    {"Craw Wurm": {"Bob": "2"}},
])
def test_bad_damage_is_a_board_error(damage):
    with pytest.raises(BoardError):
        draw(Board.from_scenario(BLOCKS), damage=damage)


@pytest.mark.parametrize("result", [
    {"life": {"Nobody": 3}}, {"destroyed": ["nothing"]}, {"lives": {}}, {"lost": ["Nobody"]},
    {"poison": {"Bob": -1}}, {"defeated": ["Bob"]},
])
def test_bad_result_is_a_board_error(result):
    with pytest.raises(BoardError):
        draw(Board.from_scenario(BLOCKS), result=result)


def test_damage_amounts_are_written_on_the_picture():
    root = _xml(CASES["blocks-damage"]())
    hits = {(g.get("data-from"), g.get("data-to")): g for g in _groups(root, "damage")}
    assert set(hits) == {("Craw Wurm", "bears"), ("Craw Wurm", "cub"), ("Craw Wurm", "Bob"),
                         ("bears", "Craw Wurm"), ("cub", "Craw Wurm"), ("knight", "Bob")}
    number = hits[("knight", "Bob")].find(SVG + "text")
    assert number is not None and number.text == "2"
    title = hits[("Craw Wurm", "Bob")].find(SVG + "title")
    assert title is not None and title.text == "Craw Wurm deals 2 damage to Bob"


def test_result_crosses_out_destroyed_permanents_and_shows_life_change():
    root = _xml(CASES["blocks-damage"]())
    destroyed = {g.get("data-id") for g in _groups(root, "destroyed")}
    assert destroyed == {"bears", "cub"}
    assert "life 20 \u2192 16" in _visible_text(root)


def test_result_of_combat_command_marks_losers_poison_and_defeated_battles():
    board = Board.from_scenario(WALKER_AND_BATTLE)
    after = {"life": {"Bob": 0}, "poison": {"Bob": 2}, "destroyed": [], "lost": ["Bob"],
             "defeated": ["Invasion of Tarkir"], "board": {}}
    root = _xml(draw(board, result=after))
    text = _visible_text(root)
    assert "life 7 \u2192 0" in text and "poison 0 \u2192 2" in text
    assert "lost the game" in text and "defeated" in text
    german = _visible_text(_xml(draw(board, result=after, lang="de")))
    assert "hat das Spiel verloren" in german and "besiegt" in german


def test_planeswalker_shows_loyalty_and_battle_defense_and_protector():
    text = _visible_text(_xml(CASES["walker-and-battle"]()))
    assert "loyalty 4" in text
    assert "defense 5" in text and "defense 6" in text
    assert "protector Bob" in text and "protector Alice" in text


def test_cards_show_power_toughness_keywords_and_state():
    text = _visible_text(_xml(CASES["no-combat"]()))
    for words in ("0/4", "2/3", "flying", "deathtouch", "lifelink", "tapped", "summoning sick",
                  "goaded by Bob", "life 14", "defending player", "active player"):
        assert words in text, words


def test_tapped_card_is_turned():
    root = _xml(CASES["no-combat"]())
    tapped = [g for g in _groups(root, "card") if "tapped" in g.get("class", "").split()]
    assert [g.get("data-id") for g in tapped] == ["Elvish Mystic"]
    assert tapped[0].get("transform", "").startswith("rotate(")


def test_hostile_names_stay_text():
    hostile = '<script>alert("x")</script> & \'co\''
    board = Board.from_data({
        "players": [{"name": hostile}, {"name": "Bob"}], "active_player": hostile,
        "permanents": [{"id": "evil", "name": "</text><script>x</script>", "controller": hostile,
                        "type_line": "Creature", "power": 1, "toughness": 1},
                       {"id": "ctl", "name": "bell\u0007 \ud800", "controller": "Bob",
                        "type_line": "Creature", "power": 1, "toughness": 1}],
        "attacks": {"evil": "Bob"}})
    svg = draw(board, damage={"evil": {"Bob": 1}})
    root = _xml(svg)
    assert not any(e.tag.endswith("script") for e in root.iter())
    assert "<script>" not in svg
    titles = [e.text for e in root.iter(SVG + "title")]
    assert hostile in titles
    assert "</text><script>x</script>" in titles
    assert [g.get("data-id") for g in _groups(root, "player")][1] == hostile


def test_long_names_are_shortened_with_the_full_name_in_a_title():
    name = "Thragtusk the Incredibly Long Named Beast of the Endless Northern Forests"
    board = Board.from_scenario(f"players Alice, Bob\nactive Alice\nAlice:\n  beast: {name} 5/3\n")
    root = _xml(draw(board))
    card = next(g for g in _groups(root, "card") if g.get("data-id") == "beast")
    assert card.find(SVG + "title").text == name
    shown = [t.text for t in card.iter(SVG + "text") if "name" in t.get("class", "")]
    assert shown and shown[-1].endswith("\u2026") and len(" ".join(shown)) < len(name)


def test_size_sets_width_and_height_in_proportion():
    root = _xml(draw(Board.from_scenario(BLOCKS), size=600))
    w, h = (float(v) for v in root.get("viewBox").split()[2:])
    assert root.get("width") == "600"
    assert root.get("height") == str(round(600 * h / w))


def test_ten_creatures_a_side_fit_without_overlap():
    lines = ["players Alice, Bob", "active Alice", "Alice:"]
    lines += [f"  a{i}: Attacker Number {i} {i}/{i}" for i in range(10)]
    lines += ["Bob:"] + [f"  b{i}: Blocker Number {i} 1/{i + 1}" for i in range(10)]
    lines += [f"attack a{i} -> Bob" for i in range(10)]
    lines += [f"block b{i} -> a{i}" for i in range(0, 10, 2)]
    root = _xml(draw(Board.from_scenario("\n".join(lines) + "\n")))
    frames = []
    for g in _groups(root, "card"):
        r = g.find(SVG + "rect")
        frames.append(tuple(float(r.get(k)) for k in ("x", "y", "width", "height")))
    assert len(frames) == 20
    for i, (x1, y1, w1, h1) in enumerate(frames):
        for x2, y2, w2, h2 in frames[i + 1:]:
            assert x1 + w1 <= x2 or x2 + w2 <= x1 or y1 + h1 <= y2 or y2 + h2 <= y1
    assert len(_groups(root, "attack")) == 10 and len(_groups(root, "block")) == 5


# -- words ---------------------------------------------------------------------------------
_SAMPLE: dict[str, Any] = {
    "n": 3, "before": 20, "after": 17, "team": "Suns", "player": "Alice", "players": ("Bob",),
    "attacker": "Alice", "target": "Bob", "blocker": "Bob", "source": "Alice", "to": "Bob",
    "walk": "swampwalk", "kw": "flying", "short": False, "status": "illegal",
}


def _template_words(module: Any, lang: str) -> set[str]:
    """Every word the draw templates of a language can write (names left out)."""
    w = Writer(lang)
    out: set[str] = set()
    for code in module.T:
        texts = []
        if code == "draw.keyword":
            texts = [w.t(code, kw=k, short=s) for k in en_draw.KEYWORDS for s in (False, True)]
        elif code == "draw.landwalk":
            texts = [w.t(code, walk=x) for x in ("swampwalk", "islandwalk", "forestwalk",
                                                 "mountainwalk", "plainswalk", "nonbasic landwalk")]
        else:
            texts = [w.t(code, **_SAMPLE)]
        for t in texts:
            out |= _words(t)
    return out - {"alice", "bob", "suns"}


def _words(text: str) -> set[str]:
    """The words in a text, lower case (letters only)."""
    return {x.lower() for x in re.findall(r"[^\W\d_]+", text)}


def test_both_languages_have_the_same_draw_templates():
    assert set(en_draw.T) == set(de_draw.T)
    kinds = (en_draw.KEYWORDS, de_draw.KEYWORDS, en_draw.SHORT, de_draw.SHORT)
    assert all(set(k) == set(en_draw.KEYWORDS) for k in kinds)


def test_german_picture_has_no_english_words():
    board = _poisoned(Board.from_scenario(GERMAN), "Bob", 3)
    english = _template_words(en_draw, "en") - _template_words(de_draw, "de")
    names = _words(" ".join(f"{p.name} {p.id}" for p in board.permanents))
    names |= _words(" ".join(f"{p.name} {p.team or ''}" for p in board.players))
    seen = _words(_visible_text(_xml(CASES["german"]())))
    assert not (seen - names) & english, sorted((seen - names) & english)
    for words in ("Lebenspunkte", "Giftmarken", "Loyalität", "Verteidigung", "Beschützer",
                  "getappt", "Einsatzverzögerung", "greift", "blockt", "zerstört",
                  "Trampelschaden", "Bedrohlich", "Todesberührung", "angestachelt"):
        assert words.lower() in seen, words


if __name__ == "__main__":
    if sys.argv[1:] == ["--update"]:
        _update()
    else:
        print(__doc__)
        sys.exit(2)
