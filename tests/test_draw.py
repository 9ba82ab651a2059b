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
from mtgcombat.draw import draw, draw_result, result_of
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
  Craw Wurm 6/4 [Creature — Wurm] green "Trample"
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


ATTACHED = """\
# Auras and Equipment, counters, protection from qualities, an attacker whose blocker left.
players Alice, Bob
active Alice

Alice:
  ogre: Ogre Taskmaster 6/3 [Creature — Ogre] red counter "+1/+1" 2
  Bonesplitter [Artifact — Equipment] attached to ogre
  Rancor [Enchantment — Aura] green attached to ogre "Enchanted creature gets +2/+0 and has trample."
  knight: White Knight 2/2 [Creature — Human Knight] W "First strike" "Protection from black"
  Paladin en-Vec 2/2 [Creature — Human Knight] W "First strike" "Protection from black and from red"
  Mirror Golem 3/4 [Artifact Creature — Golem] "Protection from creatures"
  cub: Grizzly Bears 2/2 [Creature — Bear] green
Bob:
  wall: Wall of Stone 0/8 [Creature — Wall] red "Defender" counter age 3
  Pacifism [Enchantment — Aura] white attached to cub "Enchanted creature can't attack or block."
  Jace Beleren [Legendary Planeswalker — Jace] blue loyalty 3
  Spider 2/4 [Creature — Spider] green "Reach" counter "-1/-1" 1
  Swamp [Basic Land — Swamp]

attack ogre -> Bob
attack knight -> "Jace Beleren"
attack "Paladin en-Vec" -> Bob
block wall -> ogre
blocked "Paladin en-Vec"
"""

FIGHT = """\
# A whole combat: lifelink, deathtouch, a creature dies on each side, a poisoned player.
players Alice, Bob (poison 8)
active Alice

Alice:
  Vampire Nighthawk 2/3 [Creature — Vampire Shaman] black "Flying" "Deathtouch" "Lifelink"
  bears: Grizzly Bears 2/2 [Creature — Bear] green
  Blight Mamba 1/1 [Creature — Snake] green "Infect"
Bob:
  Serra Angel 4/4 [Creature — Angel] white "Flying" "Vigilance"
  elves: Llanowar Elves 1/1 [Creature — Elf Druid] green

attack Vampire Nighthawk -> Bob
attack bears -> Bob
attack Blight Mamba -> Bob
block Serra Angel -> Vampire Nighthawk
block elves -> bears
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
    "attached": lambda: draw(
        Board.from_scenario(ATTACHED),
        damage={"ogre": {"wall": 8}, "knight": {"Jace Beleren": 2}}),
    "result": lambda: draw_result(Board.from_scenario(FIGHT).combat()),
    "result-de": lambda: draw_result(Board.from_scenario(FIGHT).combat(), lang="de"),
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


def _card_group(root: ET.Element, oid: str) -> ET.Element:
    """The group that draws a card, a player's plate or a small item."""
    return next(g for g in root.iter(SVG + "g") if g.get("data-id") == oid
                and {"card", "player", "small"} & set(g.get("class", "").split()))


def _marks_on(root: ET.Element, oid: str) -> dict[str, str]:
    """The damage marks drawn inside what has id ``oid``: source(s) -> amount."""
    return {g.get("data-from"): g.find(SVG + "text").text
            for g in _groups(_card_group(root, oid), "damage")}


def test_damage_is_a_labelled_mark_on_what_is_dealt_it_510_2():
    root = _xml(CASES["blocks-damage"]())
    hits = {(g.get("data-from"), g.get("data-to")) for g in _groups(root, "damage")}
    assert hits == {("Craw Wurm", "bears"), ("Craw Wurm", "cub"), ("Craw Wurm", "Bob"),
                    ("bears", "Craw Wurm"), ("cub", "Craw Wurm"), ("knight", "Bob")}
    # Each mark sits on its recipient (inside its group), not on an arrow.
    assert _marks_on(root, "Bob") == {"Craw Wurm": "2", "knight": "2"}
    assert _marks_on(root, "bears") == {"Craw Wurm": "2"}
    assert _marks_on(root, "Craw Wurm") == {"bears": "2", "cub": "2"}
    for arrows in ("attack", "block"):
        assert not any(_groups(g, "damage") for g in _groups(root, arrows))
    mark = next(g for g in _groups(_card_group(root, "Bob"), "damage")
                if g.get("data-from") == "knight")
    assert [t.text for t in mark.iter(SVG + "text")] == ["2", "from White Knight"]
    assert mark.find(SVG + "title").text == "White Knight deals 2 damage to Bob"


def test_damage_marks_beyond_the_room_are_summed_with_their_sources():
    lines = ["players Alice, Bob", "active Alice", "Alice:"]
    lines += [f"  a{i}: Goblin {i} 1/1" for i in range(7)]
    lines += ["Bob:", "  wall: Wall 0/9"] + [f"attack a{i} -> Bob" for i in range(7)]
    board = Board.from_scenario("\n".join(lines) + "\n")
    root = _xml(draw(board, damage={f"a{i}": {"Bob": 1} for i in range(7)}))
    marks = _marks_on(root, "Bob")
    assert marks == {"a0": "1", "a1": "1", "a2": "1", "a3 a4 a5 a6": "4"}
    assert "from 4 others" in _visible_text(_card_group(root, "Bob"))


def test_blocked_attackers_arrow_goes_to_its_blockers_only_509_1h():
    board = Board.from_scenario(BLOCKS)
    root = _xml(draw(board))
    boxes = _boxes(root)
    wurm = next(g for g in _groups(root, "attack") if g.get("data-from") == "Craw Wurm")
    assert "blocked" in wurm.get("class").split()
    assert wurm.get("data-to") == "Bob" and wurm.get("data-blockers") == "bears cub"
    shafts = wurm.findall(SVG + "line")
    assert len(shafts) == 2 and len(wurm.findall(SVG + "polygon")) == 2
    for line, blocker in zip(shafts, ("bears", "cub")):
        tips = _tip(wurm, line)
        bx, by, bw, bh = boxes[blocker]
        # It ends at its blocker's bottom edge, never behind the blocker or above it.
        assert bx <= tips[0] <= bx + bw and by + bh - 1 <= tips[1] <= by + bh + 8
        ax, ay, aw, ah = boxes["Craw Wurm"]
        assert float(line.get("y1")) == ay
    # An unblocked attacker's arrow still goes to the player.
    knight = next(g for g in _groups(root, "attack") if g.get("data-from") == "knight")
    bob = boxes["Bob"]
    assert "blocked" not in knight.get("class").split()
    tip = _tip(knight, knight.find(SVG + "line"))
    assert bob[1] + bob[3] <= tip[1] <= bob[1] + bob[3] + 4


def test_blockers_arrow_goes_to_the_attacker_beside_the_attackers_509_1a():
    root = _xml(CASES["blocks-damage"]())
    boxes = _boxes(root)
    for g in _groups(root, "block"):
        line = g.find(SVG + "line")
        bx, by, bw, bh = boxes[g.get("data-from")]
        ax, ay, aw, ah = boxes[g.get("data-to")]
        assert float(line.get("y1")) == by + bh
        tip = _tip(g, line)
        assert ax <= tip[0] <= ax + aw and ay - 8 <= tip[1] <= ay


def test_blocked_attacker_without_blockers_has_a_stopped_arrow_509_1h():
    root = _xml(CASES["attached"]())
    paladin = next(g for g in _groups(root, "attack") if g.get("data-from") == "Paladin en-Vec")
    assert "blocked" in paladin.get("class").split()
    assert not paladin.findall(SVG + "polygon")
    assert [ln.get("class") for ln in paladin.findall(SVG + "line")] == [None, "stop"]
    assert "blocked" in _visible_text(_card_group(root, "Paladin en-Vec"))


def _boxes(root: ET.Element) -> dict[str, tuple[float, ...]]:
    """Every card's, plate's and small item's frame: x, y, width, height."""
    out = {}
    for g in root.iter(SVG + "g"):
        if {"card", "player", "small"} & set(g.get("class", "").split()):
            r = next(e for e in g if e.tag == SVG + "rect" and
                     e.get("class") in ("frame", "plate"))
            out[g.get("data-id")] = tuple(float(r.get(k)) for k in ("x", "y", "width", "height"))
    return out


def _tip(g: ET.Element, line: ET.Element) -> tuple[float, float]:
    """The tip of the arrow head that follows this shaft."""
    heads = g.findall(SVG + "polygon")
    i = g.findall(SVG + "line").index(line)
    x, y = heads[i].get("points").split()[0].split(",")
    return float(x), float(y)


def test_legend_names_attacks_blocks_damage_and_controllers():
    root = _xml(CASES["blocks-damage"]())
    legend = _groups(root, "legend")
    assert len(legend) == 1
    kinds = [g.get("class") for g in legend[0] if g.tag == SVG + "g"]
    assert kinds == ["legend-attack", "legend-block", "legend-damage", "legend-destroyed",
                     "legend-change", "legend-heading", "legend-controller",
                     "legend-controller"]
    text = _visible_text(legend[0])
    for words in ("attacks", "blocks", "damage dealt", "destroyed", "controller", "Alice", "Bob"):
        assert words in text, words
    # Only what the picture shows: a board without combat has the controllers alone.
    quiet = _groups(_xml(CASES["no-combat"]()), "legend")[0]
    assert [g.get("class") for g in quiet if g.tag == SVG + "g"] == [
        "legend-heading"] + ["legend-controller"] * 3
    german = _visible_text(_groups(_xml(CASES["german"]()), "legend")[0])
    assert "greift an" in german and "blockt" in german and "Beherrscher" in german


def test_legend_can_be_left_out():
    root = _xml(draw(Board.from_scenario(BLOCKS), legend=False))
    assert not _groups(root, "legend")


def test_auras_and_equipment_are_drawn_on_what_they_are_attached_to_301_5():
    root = _xml(CASES["attached"]())
    ogre = _card_group(root, "ogre")
    on_ogre = [g.get("data-id") for g in _groups(ogre, "attachment")]
    assert on_ogre == ["Rancor", "Bonesplitter"]  # the farthest drawn first
    cub = _card_group(root, "cub")
    pacifism = _groups(cub, "attachment")
    assert [g.get("data-on") for g in pacifism] == ["cub"]
    assert pacifism[0].find(SVG + "title").text == "Pacifism, attached to Grizzly Bears"
    # Not drawn again as small items of their controllers.
    assert not [g for g in _groups(root, "small")
                if g.get("data-id") in ("Rancor", "Bonesplitter", "Pacifism")]
    # They peek out on the side away from the combat: below an attacker (whose
    # controller attacks), above a defender's creature.
    frame = _boxes(root)["ogre"]
    tab = next(e for e in _groups(ogre, "attachment")[0] if e.tag == SVG + "rect")
    assert float(tab.get("y")) > frame[1] + frame[3] - 10


def test_attachments_of_a_tapped_card_turn_with_it():
    board = Board.from_scenario(ATTACHED.replace("counter \"+1/+1\" 2", "tapped"))
    root = _xml(draw(board))
    ogre = _card_group(root, "ogre")
    assert ogre.get("transform", "").startswith("rotate(")
    assert len(_groups(ogre, "attachment")) == 2


def test_protection_is_shown_with_its_quality_702_16():
    root = _xml(CASES["attached"]())
    assert "protection from black" in _visible_text(_card_group(root, "knight"))
    paladin = _visible_text(_card_group(root, "Paladin en-Vec"))
    assert "protection from black" in paladin and "protection from red" in paladin
    golem = _visible_text(_card_group(root, "Mirror Golem"))
    assert "protection from" in golem and "creatures" in golem
    german = _xml(draw(Board.from_scenario(ATTACHED), lang="de"))
    assert "Schutz vor Schwarz" in _visible_text(_card_group(german, "knight"))
    player = Board.from_scenario("players Alice, Bob\nactive Alice\nAlice:\n"
                                 "  Paladin 2/2 \"Protection from Bob\"\n"
                                 "  Angel 2/2 \"Protection from everything\"\n")
    text = _visible_text(_xml(draw(player)))
    assert "protection from Bob" in text and "protection from everything" in text


def test_counters_are_shown_122():
    root = _xml(CASES["attached"]())
    assert "+1/+1 \u00d72" in _visible_text(_card_group(root, "ogre"))
    assert "age \u00d73" in _visible_text(_card_group(root, "wall"))
    assert "\u22121/\u22121 \u00d71" in _visible_text(_card_group(root, "Spider"))
    assert "loyalty 3" in _visible_text(_card_group(root, "Jace Beleren"))
    german = _xml(draw(Board.from_scenario(ATTACHED), lang="de"))
    assert "Alterung \u00d73" in _visible_text(_card_group(german, "wall"))


def test_teams_are_grouped_in_two_headed_giant_810():
    root = _xml(CASES["german"]())
    teams = {g.get("data-team"): g for g in _groups(root, "team")}
    assert set(teams) == {"Suns", "Moons"}
    areas = {g.get("data-player"): g.find(SVG + "rect") for g in _groups(root, "area")}
    for team, players in (("Suns", ("Alice", "Ana")), ("Moons", ("Bob", "Bea"))):
        frame = teams[team].find(SVG + "rect")
        fx, fy, fw, fh = (float(frame.get(k)) for k in ("x", "y", "width", "height"))
        for p in players:
            x, y, w, h = (float(areas[p].get(k)) for k in ("x", "y", "width", "height"))
            assert fx < x and x + w < fx + fw and fy < y and y + h < fy + fh, (team, p)
        assert f"Team {team}" in _visible_text(teams[team])


def test_draw_result_shows_who_died_life_and_poison():
    answer = Board.from_scenario(FIGHT).combat()
    root = _xml(draw_result(answer))
    destroyed = {g.get("data-id") for g in _groups(root, "destroyed")}
    assert destroyed == {"Serra Angel", "Vampire Nighthawk", "elves"} == set(answer.destroyed)
    text = _visible_text(root)
    assert "life 20 \u2192 22" in text and "poison 8 \u2192 9" in text
    assert _marks_on(root, "Bob") == {"Blight Mamba": "1"}
    assert _marks_on(root, "Vampire Nighthawk") == {"Serra Angel": "4"}
    assert _marks_on(root, "bears") == {"elves": "1"}
    assert "nach dem Kampf" in _visible_text(_xml(draw_result(answer, lang="de")))


def test_result_of_sums_damage_over_both_damage_steps_702_4():
    board = Board.from_scenario("players Alice, Bob\nactive Alice\nAlice:\n"
                                "  Fencer 2/2 \"Double strike\"\nBob:\n  wall: Wall 0/9\n"
                                "attack Fencer -> Bob\n")
    answer = board.combat()
    drawn, dealt, result = result_of(answer)
    assert [s.step for s in answer.steps] == ["first", "regular"]
    assert dealt == {"Fencer": {"Bob": 4}} and result["life"]["Bob"] == 16
    assert drawn.attacks == {"Fencer": "Bob"}


def test_result_shows_loyalty_before_and_after():
    board = Board.from_scenario(ATTACHED)
    root = _xml(draw_result(board.combat()))
    assert "loyalty 3 \u2192 1" in _visible_text(_card_group(root, "Jace Beleren"))


def test_the_readme_pictures_are_what_draw_draws_now():
    sys.path.insert(0, str(SNAPSHOTS.parents[1] / "scripts"))
    try:
        import doc_pictures
    finally:
        sys.path.pop(0)
    for name, svg in doc_pictures.pictures().items():
        path = SNAPSHOTS.parents[1] / "docs" / name
        assert path.read_text(encoding="utf-8") == svg, (
            f"docs/{name} is not the current picture: run `python scripts/doc_pictures.py`")


def test_board_shows_itself_as_its_picture_in_jupyter():
    board = Board.from_scenario(BLOCKS)
    svg = board._repr_svg_()
    assert svg == str(draw(board))
    assert draw(board)._repr_svg_() == svg


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
                       {"id": "ctl", "name": "bell\u0007 \ufffe", "controller": "Bob",
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
    "walk": "swampwalk", "kw": "flying", "short": False, "item": "Alice", "host": "Bob",
    "kind": "age", "quality": "color", "color": "black", "status": "illegal",
}


def _template_words(module: Any, lang: str) -> set[str]:
    """Every word the draw templates of a language can write (names left out)."""
    w = Writer(lang)
    out: set[str] = set()
    for code in module.T:
        texts = []
        if code == "draw.keyword":
            texts = [w.t(code, kw=k, short=s) for k in en_draw.KEYWORDS for s in (False, True)]
        elif code == "draw.protection":
            texts = [w.t(code, quality=q, color="black", player="Alice", label="", short=s)
                     for q in ("everything", "color", "player", "text") for s in (False, True)]
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
