"""Crosscheck (issues 25 and 26): combat scenarios of the kind other engines' suites test,
asked through the real commands and judged from the Comprehensive Rules.

Outside checks run suites written for other engines' combat code (XMage's combat and keyword
tests, Forge's, small simulators') against ``combat``, ``check``, ``blocks``, ``best-*`` and
``turn`` with ``--json``. Each scenario here is such a test written anew as a mtgcombat board:
real cards with their Oracle text where the corpus has them, the outcome decided from the rules
it cites. The scenarios the corpus format can express are corpus cases
(``corpus/cases/xc-*.case``); these are the rest: what ``after.board`` holds (damage, counters,
tapped, loyalty, defense), what each damage step dealt, ``game_over``, ``not_modelled``, exit
statuses, and the disagreements found.

An expectation ``acts`` names an ability that acts in the combat: the answer passes when it
lists the ability in ``not_modelled`` (``not_understood`` for the declaration questions), and
otherwise must carry it out -- never silent (issue 26.5). ``or_choice`` accepts the answer of
Extension 3 to a trigger whose choice the board doesn't give: bad input naming the choice.

A disagreement is marked ``bug=(class, reason)`` and runs as a strict xfail, so it turns into
a failure the moment it is fixed (then remove the mark): ``a`` a wrong answer on a board whose
text is all read, ``b`` a lost answer (exit 2 on a spec-valid board), ``c`` a silent omission
(an ability that acts, neither carried out nor in ``not_modelled``), ``w`` words (an answer's
language).
"""
from __future__ import annotations

import contextlib
import io
import json
import re
from dataclasses import dataclass, field
from typing import Any, Optional, Union

import pytest

from mtgcombat.main import main

from .conftest import shared_path

HEAD = "players Alice, Bob\nactive Alice\n"
CHECK_FLAG = {"check-blocks": "--blocks", "check-attacks": "--attacks", "check-damage": "--damage"}
#: What a permanent absent from ``after.board`` fields means (board format defaults).
DEFAULTS = {"damage": 0, "counters": {}, "tapped": False}


@dataclass(frozen=True)
class X:
    """One scenario: a board, the command asked (``combat`` unless ``ask``), the expected
    answer and the rules it rests on; ``bug`` marks a known disagreement."""

    id: str
    cr: str
    title: str
    board: Union[str, dict] = ""
    ask: str = "combat"
    decl: Optional[str] = None
    args: tuple = ()
    bug: Optional[tuple[str, str]] = None
    expect: dict = field(default_factory=dict)


def duel(alice: list[str], bob: list[str], *statements: str) -> str:
    """A two-player board's text (after :data:`HEAD`): Alice's permanents, Bob's, then
    the statements (declarations and the like), each a line."""
    return ("Alice:\n" + "".join(f"  {line}\n" for line in alice)
            + "Bob:\n" + "".join(f"  {line}\n" for line in bob)
            + "".join(f"{s}\n" for s in statements))


def write_board(s: X, tmp_path) -> str:
    if isinstance(s.board, dict):
        p = tmp_path / "board.json"
        p.write_text(json.dumps(s.board), encoding="utf-8")
    else:
        text = s.board if s.board.lstrip().startswith(("players", "rules")) else HEAD + s.board
        p = tmp_path / "board.mtg"
        p.write_text(text, encoding="utf-8")
    return str(p)


def ask(s: X, tmp_path) -> tuple[int, str, str]:
    """The command line's exit status, standard output and standard error."""
    path = write_board(s, tmp_path)
    if s.ask in CHECK_FLAG:
        argv = ["check", path, CHECK_FLAG[s.ask], s.decl, "--json", *s.args]
    else:
        argv = [s.ask, path, "--json", *s.args]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def subset(want: Any, got: Any) -> bool:
    """Whether ``got`` says everything ``want`` says (dicts: the keys given; lists of
    strings: as sets)."""
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and subset(v, got[k]) for k, v in want.items())
    if isinstance(want, list) and all(isinstance(x, str) for x in want):
        return isinstance(got, list) and sorted(want) == sorted(got)
    if isinstance(want, list):
        return isinstance(got, list) and len(want) == len(got) and all(
            subset(a, b) for a, b in zip(want, got))
    return want == got


def decl_key(d: Optional[dict]) -> str:
    return json.dumps({k: (sorted(v) if isinstance(v, list) else v) for k, v in (d or {}).items()},
                      sort_keys=True)


def failures(s: X, code: int, out: str, err: str) -> list[str]:
    """What the answer gets wrong, in words (empty: it agrees)."""
    e = s.expect
    if e.get("or_choice") and code == 2 and ("choice" in err or "choose" in err):
        return []  # a missing choice with several options is bad input (Extension 3, Choices)
    if code != e.get("exit", 0):
        return [f"exit {code}, expected {e.get('exit', 0)}: {err.strip()[:300]}"]
    if code != 0:
        return []
    ans = json.loads(out)
    fails: list[str] = []
    status = e.get("status", "complete" if s.ask == "combat" else None)
    if status is not None and ans.get("status") != status:
        fails.append(f"status {ans.get('status')!r}, expected {status!r}: "
                     f"{json.dumps(ans.get('violations'))[:300]}")
    nu = e.get("nu", [])
    if nu is not None and sorted(ans.get("not_understood", [])) != sorted(nu):
        fails.append(f"not_understood {ans.get('not_understood')}, expected {nu}")
    for sentence in e.get("nm", []):
        if not any(sentence in m for m in ans.get("not_modelled", [])):
            fails.append(f"not_modelled lacks {sentence!r}: {ans.get('not_modelled')}")
    reported = ans["not_modelled"] if "not_modelled" in ans else ans.get("not_understood", [])
    if e.get("acts") and any(e["acts"] in m for m in reported):
        return fails  # reported, not carried out: honest (class d)
    after = ans.get("after") or {}
    if "after" in e and not subset(e["after"], after):
        shown = {k: v for k, v in after.items() if k != "board"}
        fails.append(f"after {json.dumps(shown)[:400]}, expected {json.dumps(e['after'])}")
    perms = {p["id"]: p for p in (after.get("board") or {}).get("permanents", [])}
    for pid, want in e.get("perm", {}).items():
        if want is None:
            if pid in perms:
                fails.append(f"{pid} is still on after.board")
        elif pid not in perms:
            fails.append(f"{pid} is gone from after.board, expected {want}")
        else:
            for k, v in want.items():
                have = perms[pid].get(k, DEFAULTS.get(k))
                if have != v:
                    fails.append(f"after.board {pid}.{k} = {have!r}, expected {v!r}")
    for name, want in e.get("named", {}).items():
        if not any(p.get("name") == name and all(p.get(k) == v for k, v in want.items())
                   for p in perms.values()):
            fails.append(f"no {name} with {want} on after.board")
    for pid in e.get("gone", []):
        if pid not in after.get("destroyed", []) + after.get("defeated", []):
            fails.append(f"{pid} neither destroyed nor defeated: {after.get('destroyed')}")
    if "destroyed_one_of" in e and sorted(after.get("destroyed", [])) not in [
            sorted(x) for x in e["destroyed_one_of"]]:
        fails.append(f"destroyed {after.get('destroyed')}, expected one of {e['destroyed_one_of']}")
    for words in e.get("message_lacks", []):
        fails += [f"message has {words!r}: {v.get('message')}" for v in ans.get("violations") or []
                  if words in v.get("message", "")]
    steps = ans.get("steps", [])
    if "steps" in e and [x.get("step") for x in steps] != e["steps"]:
        fails.append(f"steps {[x.get('step') for x in steps]}, expected {e['steps']}")
    for i, src, to, amount in e.get("dealt", []):
        got = sum(x["amount"] for x in (steps[i]["dealt"] if i < len(steps) else [])
                  if x["source"] == src and x["to"] == to)
        if got != amount:
            fails.append(f"step {i}: {src} dealt {got} to {to}, expected {amount}")
    if "game_over" in e and ans.get("game_over") != e["game_over"]:
        fails.append(f"game_over {ans.get('game_over')}, expected {e['game_over']}")
    if "legal" in e and ans.get("legal") != e["legal"]:
        fails.append(f"legal {ans.get('legal')}, expected {e['legal']}: "
                     f"{json.dumps(ans.get('violations'))[:300]}")
    if "rule" in e:
        first = (ans.get("violations") or [{}])[0].get("rule")
        if first != e["rule"]:
            fails.append(f"first violation {first}, expected {e['rule']}")
    if "decls" in e:
        got_d = {decl_key(x["declaration"]) for x in ans.get("declarations", [])}
        want_d = {decl_key(x) for x in e["decls"]}
        if got_d != want_d:
            fails.append(f"declarations: missing {sorted(want_d - got_d)}, extra {sorted(got_d - want_d)}")
    decision = ans.get("blocks") if s.ask == "best-blocks" else ans.get("attacks")
    if "decision" in e and decl_key(decision) != decl_key(e["decision"]):
        fails.append(f"decision {decision}, expected {e['decision']}")
    if "value" in e and ans.get("value") != e["value"]:
        fails.append(f"value {ans.get('value')}, expected {e['value']} ({decision})")
    if "value0" in e and (ans.get("value") or [None])[0] != e["value0"]:
        fails.append(f"value {ans.get('value')}, expected the game component {e['value0']} ({decision})")
    happens = {x.get("step"): x.get("happens") for x in steps}
    for step, want in e.get("happens", {}).items():
        if happens.get(step) != want:
            fails.append(f"{step} happens {happens.get(step)}, expected {want}")
    return fails


SCENARIOS = [
    X('fs-attacker-kills-blocker', '702.7b, 510.4',
      'A first striker kills its blocker before it strikes back',
      board=duel(
          ["knight: White Knight 2/2 [Creature — Human Knight] white \"First strike (This creature deals combat damage before creatures without first strike.)\" \"Protection from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)\""],
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          "attack knight -> Bob",
          "block bears -> knight"),
      expect={'after': {'life': {'Alice': 20, 'Bob': 20}, 'destroyed': ['bears']},
          'steps': ['first', 'regular'],
          'perm': {'knight': {'damage': 0}}}),
    X('fs-blocker-kills-attacker', '702.7b, 510.4',
      'A first-strike blocker kills the attacker first',
      board=duel(
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          ["knight: White Knight 2/2 [Creature — Human Knight] white \"First strike (This creature deals combat damage before creatures without first strike.)\" \"Protection from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)\""],
          "attack bears -> Bob",
          "block knight -> bears"),
      expect={'after': {'destroyed': ['bears']}, 'perm': {'knight': {'damage': 0}}}),
    X('fs-both-first-strike', '702.7b, 510.4',
      'Two first strikers deal damage to each other in the first step',
      board=duel(
          ["guard: Anaba Bodyguard 2/3 [Creature — Minotaur] red \"First strike (This creature deals combat damage before creatures without first strike.)\""],
          ["sentry: Dragon's Eye Sentry 1/3 [Creature — Human Monk] white \"Defender, first strike\""],
          "attack guard -> Bob",
          "block sentry -> guard"),
      expect={'after': {'destroyed': []},
          'perm': {'guard': {'damage': 1}, 'sentry': {'damage': 2}},
          'dealt': [(0, 'guard', 'sentry', 2),
                    (0, 'sentry', 'guard', 1),
                    (1, 'guard', 'sentry', 0)]}),
    X('ds-blocker-dies-no-second-hit', '702.4b, 509.1h, 510.1c',
      'Double striker kills its blocker in the first step; without trample it deals nothing in the second',
      board=duel(
          ["ace: Fencing Ace 1/1 [Creature — Human Soldier] white \"Double strike\""],
          ["cadet: Eager Cadet 1/1 [Creature — Human Soldier] white"],
          "attack ace -> Bob",
          "block cadet -> ace"),
      expect={'after': {'life': {'Bob': 20}, 'destroyed': ['cadet']}, 'perm': {'ace': {'damage': 0}}}),
    X('ds-trample-blocker-dies-rest-to-player', '702.4b, 702.19b, 702.19d',
      'Double strike and trample: lethal to the blocker first, then everything to the player',
      board=duel(
          ["vind: Swiftblade Vindicator 3/3 [Creature — Human Soldier] white red \"Double strike, vigilance, trample\""],
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          "attack vind -> Bob",
          "block bears -> vind"),
      expect={'after': {'life': {'Bob': 16}, 'destroyed': ['bears']},
          'dealt': [(0, 'vind', 'bears', 2), (0, 'vind', 'Bob', 1), (1, 'vind', 'Bob', 3)]}),
    X('trample-indestructible-blocker', '702.19b, 702.12b',
      'Lethal damage to an indestructible blocker is its toughness: the rest tramples over',
      board=duel(
          ["dread: Colossal Dreadmaw 6/6 [Creature — Dinosaur] green \"Trample (This creature can deal excess combat damage to the player or planeswalker it's attacking.)\""],
          ["myr: Darksteel Myr 0/1 [Artifact Creature — Myr] \"Indestructible (Damage and effects that say \\\"destroy\\\" don't destroy this creature. If its toughness is 0 or less, it's still put into its owner's graveyard.)\""],
          "attack dread -> Bob",
          "block myr -> dread"),
      expect={'after': {'life': {'Bob': 15}, 'destroyed': []}, 'perm': {'myr': {'damage': 1}}}),
    X('trample-deathtouch-indestructible', '702.19b, 702.2c, 702.12b',
      'Trample, deathtouch, indestructible blocker: 1 to the blocker, the rest to the player, blocker survives',
      board=duel(
          ["crusher: Crusher 3/3 [Creature — Beast] green \"Trample\" \"Deathtouch\""],
          ["guardian: Guardian 5/5 [Creature — Golem] \"Indestructible\""],
          "attack crusher -> Bob",
          "block guardian -> crusher"),
      expect={'after': {'life': {'Bob': 18}, 'destroyed': ['crusher']},
          'perm': {'guardian': {'damage': 1}}}),
    X('ds-trample-damaged-indestructible', '702.19b, 702.4b, 702.12b',
      'Double strike trample over an indestructible 0/1: 1 to it first, then it already has lethal damage marked',
      board=duel(
          ["vind: Swiftblade Vindicator 3/3 [Creature — Human Soldier] white red \"Double strike, vigilance, trample\""],
          ["myr: Darksteel Myr 0/1 [Artifact Creature — Myr] \"Indestructible (Damage and effects that say \\\"destroy\\\" don't destroy this creature. If its toughness is 0 or less, it's still put into its owner's graveyard.)\""],
          "attack vind -> Bob",
          "block myr -> vind"),
      expect={'after': {'life': {'Bob': 15}, 'destroyed': []}, 'perm': {'myr': {'damage': 1}}}),
    X('deathtouch-first-strike-kills-first', '702.2b, 702.7b',
      'First strike and deathtouch kill the blocker before it deals damage',
      board=duel(
          ["glissa: Glissa Sunseeker 3/3 [Legendary Creature — Elf] green \"First strike\" \"Deathtouch\""],
          ["wurm: Craw Wurm 6/4 [Creature — Wurm] green"],
          "attack glissa -> Bob",
          "block wurm -> glissa"),
      expect={'after': {'destroyed': ['wurm']}, 'perm': {'glissa': {'damage': 0}}}),
    X('deathtouch-indestructible-survives', '702.2b, 702.12b',
      "Deathtouch doesn't destroy an indestructible creature",
      board=duel(
          ["rats: Typhoid Rats 1/1 [Creature — Rat] black \"Deathtouch (Any amount of damage this deals to a creature is enough to destroy it.)\""],
          ["myr: Darksteel Myr 0/1 [Artifact Creature — Myr] \"Indestructible (Damage and effects that say \\\"destroy\\\" don't destroy this creature. If its toughness is 0 or less, it's still put into its owner's graveyard.)\""],
          "attack rats -> Bob",
          "block myr -> rats"),
      expect={'after': {'destroyed': []}, 'perm': {'myr': {'damage': 1}, 'rats': {'damage': 0}}}),
    X('deathtouch-prevented-by-protection', '702.2b, 702.16e',
      'Deathtouch damage prevented by protection does not destroy',
      board=duel(
          ["hawk: Gifted Aetherborn 2/3 [Creature — Vampire] black \"Deathtouch, lifelink\""],
          ["knight: White Knight 2/2 [Creature — Human Knight] white \"First strike (This creature deals combat damage before creatures without first strike.)\" \"Protection from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)\""],
          "attack hawk -> Bob",
          "block knight -> hawk"),
      expect={'after': {'destroyed': [], 'life': {'Alice': 20, 'Bob': 20}},
          'perm': {'knight': {'damage': 0}, 'hawk': {'damage': 2}}}),
    X('lifelink-to-planeswalker', '702.15b, 306.8',
      'Lifelink damage dealt to a planeswalker gains life',
      board=duel(
          ["hawk: Vampire Nighthawk 2/3 [Creature — Vampire Shaman] black \"Flying, deathtouch, lifelink\""],
          ["jace: Jace Beleren [Legendary Planeswalker — Jace] blue loyalty 3"],
          "attack hawk -> jace"),
      expect={'after': {'life': {'Alice': 22, 'Bob': 20}}, 'perm': {'jace': {'loyalty': 1}}}),
    X('infect-creature-counters', '702.90c, 120.3d',
      'Infect damage to a creature becomes -1/-1 counters',
      board=duel(
          ["elf: Glistener Elf 1/1 [Creature — Phyrexian Elf Warrior] green \"Infect (This creature deals damage to creatures in the form of -1/-1 counters and to players in the form of poison counters.)\""],
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          "attack elf -> Bob",
          "block bears -> elf"),
      expect={'after': {'destroyed': ['elf']},
          'perm': {'bears': {'counters': {'-1/-1': 1}, 'power': 1, 'toughness': 1, 'damage': 0}}}),
    X('infect-tenth-poison-loses', '704.5c, 702.90b',
      'The tenth poison counter loses the game',
      board=("players Alice, Bob (poison 9)\n"
          "active Alice\n"
          "Alice:\n"
          "  elf: Glistener Elf 1/1 [Creature — Phyrexian Elf Warrior] green \"Infect (This creature deals damage to creatures in the form of -1/-1 counters and to players in the form of poison counters.)\"\n"
          "attack elf -> Bob\n"),
      expect={'after': {'poison': {'Bob': 10}, 'lost': ['Bob']}, 'game_over': True}),
    X('infect-first-strike-shrinks-attacker', '702.90c, 702.7b, 510.1a',
      'A first-strike infect blocker shrinks the attacker before it deals damage',
      board=duel(
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["fs: Blightsoil Druid 2/2 [Creature — Phyrexian Elf] green \"First strike\" \"Infect\""],
          "attack giant -> Bob",
          "block fs -> giant"),
      expect={'after': {'destroyed': []},
          'perm': {'giant': {'counters': {'-1/-1': 2}, 'power': 1, 'toughness': 1},
                   'fs': {'damage': 1}}}),
    X('indestructible-survives-lethal', '702.12b, 704.5g',
      'Indestructible survives lethal damage with it marked',
      board=duel(
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["myr: Darksteel Myr 0/1 [Artifact Creature — Myr] \"Indestructible (Damage and effects that say \\\"destroy\\\" don't destroy this creature. If its toughness is 0 or less, it's still put into its owner's graveyard.)\""],
          "attack giant -> Bob",
          "block myr -> giant"),
      expect={'after': {'destroyed': []}, 'perm': {'myr': {'damage': 3}}}),
    X('plus-and-minus-counters-annihilate', '704.5q, 702.90c',
      'Infect -1/-1 counters on a creature with +1/+1 counters cancel out (704.5q)',
      board=duel(
          ["elf: Glistener Elf 1/1 [Creature — Phyrexian Elf Warrior] green \"Infect (This creature deals damage to creatures in the form of -1/-1 counters and to players in the form of poison counters.)\""],
          ["bears: Grizzly Bears 3/3 [Creature — Bear] green counter \"+1/+1\" 1"],
          "attack elf -> Bob",
          "block bears -> elf"),
      expect={'after': {'destroyed': ['elf']},
          'perm': {'bears': {'counters': {}, 'power': 2, 'toughness': 2}}}),
    X('two-blockers-both-die', '510.1c',
      'A 3/3 blocked by two 1/1s kills both',
      board=duel(
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["c1: Eager Cadet 1/1 [Creature — Human Soldier] white",
           "c2: Eager Cadet 1/1 [Creature — Human Soldier] white"],
          "attack giant -> Bob",
          "block c1 -> giant",
          "block c2 -> giant"),
      expect={'after': {'destroyed': ['c1', 'c2']}, 'perm': {'giant': {'damage': 2}}}),
    X('given-damage-split', '510.1c',
      'An explicit division of damage among blockers is honoured',
      board=duel(
          ["wurm: Craw Wurm 6/4 [Creature — Wurm] green"],
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green",
           "giant: Hill Giant 3/3 [Creature — Giant] red"],
          "attack wurm -> Bob",
          "block bears -> wurm",
          "block giant -> wurm"),
      args=('--damage', 'wurm -> bears 1, giant 5'),
      expect={'after': {'destroyed': ['wurm', 'giant']}, 'perm': {'bears': {'damage': 1}}}),
    X('planeswalker-partial-loyalty', '306.8, 120.3c',
      'A planeswalker keeps the loyalty left',
      board=duel(
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          ["jace: Jace Beleren [Legendary Planeswalker — Jace] blue loyalty 5"],
          "attack bears -> jace"),
      expect={'after': {'destroyed': [], 'life': {'Bob': 20}}, 'perm': {'jace': {'loyalty': 3}}}),
    X('battle-defense-to-zero', '310.6, 704.5v',
      'Combat damage removes defense counters; a battle at 0 defense is put into the graveyard',
      board=("Alice:\n"
          "  giant: Hill Giant 3/3 [Creature — Giant] red\n"
          "  siege: Invasion of Nowhere [Battle — Siege] defense 3 protector Bob\n"
          "attack giant -> siege\n"),
      expect={'after': {'life': {'Bob': 20}}, 'gone': ['siege']}),
    X('battle-protector-blocks', '310.8, 509.1a',
      "The battle's protector blocks the creature attacking the battle",
      board=duel(
          ["giant: Hill Giant 3/3 [Creature — Giant] red",
           "siege: Invasion of Nowhere [Battle — Siege] defense 5 protector Bob"],
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          "attack giant -> siege",
          "block bears -> giant"),
      expect={'after': {'destroyed': ['bears']}, 'perm': {'siege': {'defense': 5}}}),
    X('player-to-zero-loses', '704.5a, 104.3b',
      'A player at 0 life loses',
      board=("players Alice, Bob (life 3)\n"
          "active Alice\n"
          "Alice:\n"
          "  giant: Hill Giant 3/3 [Creature — Giant] red\n"
          "attack giant -> Bob\n"),
      expect={'after': {'life': {'Bob': 0}, 'lost': ['Bob']}, 'game_over': True}),
    X('game-ends-in-first-strike-step', '104.2a, 704.5a, 510.4',
      'Bob dies to first-strike damage: no regular damage step happens',
      board=("players Alice, Bob (life 2)\n"
          "active Alice\n"
          "Alice:\n"
          "  knight: White Knight 2/2 [Creature — Human Knight] white \"First strike (This creature deals combat damage before creatures without first strike.)\" \"Protection from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)\"\n"
          "  giant: Hill Giant 3/3 [Creature — Giant] red\n"
          "attack knight -> Bob\n"
          "attack giant -> Bob\n"),
      expect={'after': {'life': {'Bob': 0}, 'lost': ['Bob']}, 'steps': ['first'], 'game_over': True}),
    X('protection-cant-be-blocked-by-color', '702.16f',
      "Protection from white: a white creature can't block it",
      board=duel(
          ["bk: Black Knight 2/2 [Creature — Human Knight] black \"First strike (This creature deals combat damage before creatures without first strike.)\" \"Protection from white (This creature can't be blocked, targeted, dealt damage, or enchanted by anything white.)\""],
          ["wk: White Knight 2/2 [Creature — Human Knight] white \"First strike (This creature deals combat damage before creatures without first strike.)\" \"Protection from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)\""],
          "attack bk -> Bob"),
      ask='check-blocks',
      decl='wk -> bk',
      expect={'legal': False, 'rule': '702.16f'}),
    X('protection-prevents-damage-to-blocker', '702.16e',
      'Damage from a source of the protected color is prevented',
      board=duel(
          ["orc: Rock Orc 3/3 [Creature — Orc] red"],
          ["paladin: Red Ward Paladin 2/2 [Creature — Human Knight] white \"Protection from red\""],
          "attack orc -> Bob",
          "block paladin -> orc"),
      expect={'after': {'destroyed': []}, 'perm': {'paladin': {'damage': 0}, 'orc': {'damage': 2}}}),
    X('protection-multicolor-blocker', '702.16f, 105.2',
      "A multicoloured blocker with the protected colour can't block",
      board=duel(
          ["hero: Hero 2/2 [Creature — Human] white \"Protection from green\""],
          ["hybrid: Hybrid Beast 2/2 [Creature — Beast] green white"],
          "attack hero -> Bob"),
      ask='check-blocks',
      decl='hybrid -> hero',
      expect={'legal': False, 'rule': '702.16f'}),
    X('protection-from-creatures', '702.16f, 702.16e',
      'Protection from creatures: no creature can block it',
      board=duel(
          ["ghost: Ghost Warden 2/2 [Creature — Spirit] white \"Protection from creatures\""],
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          "attack ghost -> Bob"),
      ask='check-blocks',
      decl='bears -> ghost',
      expect={'legal': False}),
    X('menace-protection-one-legal-blocker', '702.111b, 702.16f',
      'Menace and protection from green: a white and a green blocker is illegal',
      board=duel(
          ["guard: Guard 3/3 [Creature — Human] \"Menace\" \"Protection from green\""],
          ["k: Knight 2/2 [Creature — Human Knight] white",
           "e: Elf 2/2 [Creature — Elf] green"],
          "attack guard -> Bob"),
      ask='check-blocks',
      decl='k -> guard, e -> guard',
      expect={'legal': False}),
    X('bushido-blocking', '702.45a',
      'Bushido triggers on blocking too',
      board=duel(
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["ret: Devoted Retainer 1/1 [Creature — Human Samurai] white \"Bushido 1 (Whenever this creature blocks or becomes blocked, it gets +1/+1 until end of turn.)\""],
          "attack giant -> Bob",
          "block ret -> giant"),
      expect={'after': {'destroyed': ['ret']}, 'perm': {'giant': {'damage': 2}}}),
    X('flanking-shrinks-blocker', '702.25a',
      'Flanking: the blocker without flanking gets -1/-1',
      board=duel(
          ["cav: Benalish Cavalry 2/2 [Creature — Human Knight] white \"Flanking (Whenever a creature without flanking blocks this creature, the blocking creature gets -1/-1 until end of turn.)\""],
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          "attack cav -> Bob",
          "block bears -> cav"),
      expect={'after': {'destroyed': ['bears']}, 'perm': {'cav': {'damage': 1}}}),
    X('afflict-kills-defender', '702.130a, 704.5a',
      'Afflict can end the game before damage',
      board=("players Alice, Bob (life 1)\n"
          "active Alice\n"
          "Alice:\n"
          "  kh: Khenra Eternal 2/2 [Creature — Zombie Jackal Warrior] black \"Afflict 1 (Whenever this creature becomes blocked, defending player loses 1 life.)\"\n"
          "Bob:\n"
          "  giant: Hill Giant 3/3 [Creature — Giant] red\n"
          "attack kh -> Bob\n"
          "block giant -> kh\n"),
      expect={'after': {'lost': ['Bob']}, 'steps': [], 'game_over': True}),
    X('dethrone-counter', '702.105a',
      'Dethrone: attacking the player with the most life gives a +1/+1 counter',
      board=("players Alice, Bob (life 25)\n"
          "active Alice\n"
          "Alice:\n"
          "  rev: Enraged Revolutionary 2/1 [Creature — Human Warrior] red \"Dethrone (Whenever this creature attacks the player with the most life or tied for most life, put a +1/+1 counter on it.)\"\n"
          "attack rev -> Bob\n"),
      expect={'nu': None,
          'acts': 'Dethrone',
          'after': {'life': {'Bob': 22}},
          'perm': {'rev': {'counters': {'+1/+1': 1}}}}),
    X('dethrone-not-most-life', '702.105a',
      "No dethrone counter against a player who doesn't have the most life",
      board=("players Alice, Bob (life 15)\n"
          "active Alice\n"
          "Alice:\n"
          "  rev: Enraged Revolutionary 2/1 [Creature — Human Warrior] red \"Dethrone (Whenever this creature attacks the player with the most life or tied for most life, put a +1/+1 counter on it.)\"\n"
          "attack rev -> Bob\n"),
      expect={'nu': None, 'acts': 'Dethrone', 'after': {'life': {'Bob': 13}}}),
    X('frenzy-unblocked', '702.68a',
      'Frenzy: unblocked, +N/+0',
      board=("Alice:\n"
          "  zerk: Frenzied Goblin 2/2 [Creature — Goblin Berserker] red \"Frenzy 2\"\n"
          "attack zerk -> Bob\n"),
      expect={'nu': None, 'acts': 'Frenzy', 'after': {'life': {'Bob': 16}}}),
    X('battalion-three-attackers', '207.2c, 603.2',
      'Battalion: Boros Elite with two others gets +2/+2',
      board=("Alice:\n"
          "  elite: Boros Elite 1/1 [Creature — Human Soldier] white \"Battalion — Whenever Boros Elite and at least two other creatures attack, Boros Elite gets +2/+2 until end of turn.\"\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "  b2: Runeclaw Bear 2/2 [Creature — Bear] green\n"
          "attack elite -> Bob\n"
          "attack bears -> Bob\n"
          "attack b2 -> Bob\n"),
      expect={'nu': None, 'acts': 'Battalion', 'after': {'life': {'Bob': 13}}}),
    X('battalion-two-attackers-no', '207.2c, 603.2',
      "Battalion doesn't trigger with one other attacker",
      board=("Alice:\n"
          "  elite: Boros Elite 1/1 [Creature — Human Soldier] white \"Battalion — Whenever Boros Elite and at least two other creatures attack, Boros Elite gets +2/+2 until end of turn.\"\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "attack elite -> Bob\n"
          "attack bears -> Bob\n"),
      expect={'nu': None, 'acts': 'Battalion', 'after': {'life': {'Bob': 17}}}),
    X('training-stronger-ally', '702.149a',
      'Training: attacking with a stronger creature gives a +1/+1 counter',
      board=("Alice:\n"
          "  rr: Rural Recruit 1/1 [Creature — Human Peasant] green \"Training\" \"When Rural Recruit enters the battlefield, create a 3/1 green Boar creature token.\"\n"
          "  giant: Hill Giant 3/3 [Creature — Giant] red\n"
          "attack rr -> Bob\n"
          "attack giant -> Bob\n"),
      expect={'nu': None,
          'acts': 'Training',
          'after': {'life': {'Bob': 15}},
          'perm': {'rr': {'counters': {'+1/+1': 1}}}}),
    X('annihilator-not-modelled', '702.86a',
      "Annihilator's sacrifice is carried out or reported",
      board=duel(
          ["crusher: Ulamog's Crusher 8/8 [Creature — Eldrazi] \"Annihilator 2 (Whenever this creature attacks, defending player sacrifices two permanents.)\" \"Ulamog's Crusher attacks each combat if able.\""],
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          "attack crusher -> Bob"),
      expect={'or_choice': True, 'nu': None, 'nm': ['Annihilator']}),
    X('attack-trigger-pump', '508.3a, 603.2',
      '"Whenever ~ attacks, it gets +1/+1" resolves before blocks',
      board=duel(
          ["vet: Benalish Veteran 2/2 [Creature — Human Soldier] white \"Whenever Benalish Veteran attacks, it gets +1/+1 until end of turn.\""],
          ["b2: Runeclaw Bear 2/2 [Creature — Bear] green"],
          "attack vet -> Bob",
          "block b2 -> vet"),
      expect={'nu': None, 'acts': 'Whenever Benalish Veteran attacks', 'after': {'destroyed': ['b2']}}),
    X('combat-damage-counter-double-strike', '510.3a, 702.4b',
      'Markov Blademaster: the counter from first-strike damage adds to the regular damage',
      board=("Alice:\n"
          "  mb: Markov Blademaster 1/1 [Creature — Vampire Warrior] red \"Double strike\" \"Whenever Markov Blademaster deals combat damage to a player, put a +1/+1 counter on it.\"\n"
          "attack mb -> Bob\n"),
      expect={'nu': None,
          'acts': 'Whenever Markov Blademaster deals combat damage',
          'after': {'life': {'Bob': 17}},
          'perm': {'mb': {'counters': {'+1/+1': 2}, 'power': 3}}}),
    X('gain-life-trigger-archangel', '702.15b, 603.2',
      'Archangel of Thune: lifelink damage makes a "whenever you gain life" trigger',
      board=("Alice:\n"
          "  thune: Archangel of Thune 3/4 [Creature — Angel] white \"Flying\" \"Lifelink (Damage dealt by this creature also causes you to gain that much life.)\" \"Whenever you gain life, put a +1/+1 counter on each creature you control.\"\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "attack thune -> Bob\n"),
      expect={'nu': None,
          'acts': 'Whenever you gain life',
          'after': {'life': {'Alice': 23, 'Bob': 17}},
          'perm': {'thune': {'counters': {'+1/+1': 1}}, 'bears': {'counters': {'+1/+1': 1}}}}),
    X('gain-life-trigger-pridemate', '702.15b, 603.2',
      "Ajani's Pridemate gets a counter when a lifelink blocker gains life",
      board=duel(
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["pm: Ajani's Pridemate 2/2 [Creature — Cat Soldier] white \"Whenever you gain life, put a +1/+1 counter on Ajani's Pridemate.\"",
           "hawk: Vampire Nighthawk 2/3 [Creature — Vampire Shaman] black \"Flying, deathtouch, lifelink\""],
          "attack giant -> Bob",
          "block hawk -> giant"),
      expect={'nu': None,
          'acts': 'Whenever you gain life',
          'after': {'life': {'Bob': 22}},
          'perm': {'pm': {'counters': {'+1/+1': 1}}}}),
    X('damage-to-player-counter', '510.3a',
      '"deals combat damage to a player, put a +1/+1 counter on it"',
      board=("Alice:\n"
          "  neo: Erdwal Ripper 2/1 [Creature — Vampire] black \"Haste\" \"Whenever Erdwal Ripper deals combat damage to a player, put a +1/+1 counter on it.\"\n"
          "attack neo -> Bob\n"),
      expect={'nu': None,
          'acts': 'Whenever Erdwal Ripper deals combat damage',
          'after': {'life': {'Bob': 18}},
          'perm': {'neo': {'counters': {'+1/+1': 1}}}}),
    X('dealt-damage-trigger-reckoner', '510.3a, 603.2',
      'Boros Reckoner dealt damage: its trigger acts (it must be carried out or reported)',
      board=duel(
          ["rk: Boros Reckoner 3/3 [Creature — Minotaur Wizard] red white \"Whenever Boros Reckoner is dealt damage, it deals that much damage to any target.\" \"{R/W}: Boros Reckoner gains first strike until end of turn.\""],
          ["wurm: Craw Wurm 6/4 [Creature — Wurm] green"],
          "attack rk -> Bob",
          "block wurm -> rk"),
      expect={'or_choice': True, 'nu': None, 'nm': ['Boros Reckoner is dealt damage']}),
    X('obliterator-trigger-reported', '510.3a, 603.2',
      "Phyrexian Obliterator's sacrifice trigger acts in combat: carried out or reported",
      board=duel(
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["ob: Phyrexian Obliterator 5/5 [Creature — Phyrexian Horror] black \"Trample\" \"Whenever a source deals damage to Phyrexian Obliterator, that source's controller sacrifices that many permanents.\""],
          "attack giant -> Bob",
          "block ob -> giant"),
      expect={'or_choice': True, 'nu': None, 'nm': ['sacrifices that many permanents']}),
    X('becomes-blocked-remove-from-combat', '509.3c, 506.4',
      'Gustcloak Skirmisher\'s "you may ... remove it from combat" acts: carried out with a choice, or reported',
      board=duel(
          ["gs: Gustcloak Skirmisher 2/3 [Creature — Bird Soldier] white \"Flying\" \"Whenever Gustcloak Skirmisher becomes blocked, you may untap it and remove it from combat.\""],
          ["sp: Giant Spider 2/4 [Creature — Spider] green \"Reach (This creature can block creatures with flying.)\""],
          "attack gs -> Bob",
          "block sp -> gs"),
      expect={'or_choice': True, 'nu': None, 'nm': ['Gustcloak Skirmisher becomes blocked']}),
    X('undying-returns', '702.93a, 603.6',
      'Undying: a dying creature without +1/+1 counters returns with one',
      board=duel(
          ["bg: Butcher Ghoul 1/1 [Creature — Zombie] black \"Undying (When this creature dies, if it had no +1/+1 counters on it, return it to the battlefield under its owner's control with a +1/+1 counter on it.)\""],
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          "attack bg -> Bob",
          "block bears -> bg"),
      expect={'nu': None, 'acts': 'Undying', 'named': {'Butcher Ghoul': {'counters': {'+1/+1': 1}}}}),
    X('persist-returns', '702.79a, 603.6',
      'Persist: the dead creature returns with a -1/-1 counter',
      board=duel(
          ["pg: Putrid Goblin 2/2 [Creature — Zombie Goblin] black \"Persist (When this creature dies, if it had no -1/-1 counters on it, return it to the battlefield under its owner's control with a -1/-1 counter on it.)\""],
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          "attack pg -> Bob",
          "block bears -> pg"),
      expect={'nu': None, 'acts': 'Persist', 'named': {'Putrid Goblin': {'counters': {'-1/-1': 1}}}}),
    X('decayed-attacker-sacrificed', '702.147a, 511.2',
      'A decayed token that attacked is sacrificed at end of combat',
      board=("Alice:\n"
          "  z: Zombie 2/2 [Creature — Zombie] black \"Decayed\"\n"
          "attack z -> Bob\n"),
      expect={'nu': None, 'acts': 'Decayed', 'after': {'life': {'Bob': 18}}, 'gone': ['z']}),
    X('provoke-not-silent', '702.39a',
      'Provoke acts on attack: applied through a choice or reported',
      board=duel(
          ["gg: Goblin Grappler 1/1 [Creature — Goblin] red \"Provoke (Whenever this creature attacks, you may have target creature defending player controls untap and block it if able.)\""],
          ["sp: Giant Spider 2/4 [Creature — Spider] green tapped \"Reach\""],
          "attack gg -> Bob"),
      expect={'or_choice': True, 'nu': None, 'nm': ['rovoke']}),
    X('doran-blocker-wall', '510.1a',
      'Doran: a 0/8 wall blocking deals 8 and the 3/3 deals 3',
      board=duel(
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["wall: Wall of Stone 0/8 [Creature — Wall] red \"Defender (This creature can't attack.)\"",
           "doran: \"Doran, the Siege Tower\" 0/5 [Legendary Creature — Treefolk Shaman] white black green \"Each creature assigns combat damage equal to its toughness rather than its power.\""],
          "attack giant -> Bob",
          "block wall -> giant"),
      expect={'after': {'destroyed': ['giant']}, 'perm': {'wall': {'damage': 3}}}),
    X('melira-no-minus-counters-wither', '702.80a, 122.1',
      "Melira: wither damage can't put -1/-1 counters on her controller's creatures",
      board=duel(
          ["gang: Boggart Ram-Gang 3/3 [Creature — Goblin Warrior] red green \"Haste\" \"Wither (This deals damage to creatures in the form of -1/-1 counters.)\""],
          ["mel: \"Melira, Sylvok Outcast\" 2/2 [Legendary Creature — Human Scout] green \"You can't get poison counters.\" \"Creatures you control can't have -1/-1 counters put on them.\" \"Creatures your opponents control lose infect.\"",
           "giant: Hill Giant 3/3 [Creature — Giant] red"],
          "attack gang -> Bob",
          "block giant -> gang"),
      expect={'after': {'destroyed': ['gang']}, 'perm': {'giant': {'counters': {}, 'toughness': 3}}}),
    X('lymph-sliver-absorb', '702.64a',
      'Lymph Sliver: absorb 1 prevents 1 damage to each Sliver',
      board=duel(
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["ls: Lymph Sliver 3/3 [Creature — Sliver] white \"All Sliver creatures have absorb 1. (If a source would deal damage to a Sliver, prevent 1 of that damage.)\""],
          "attack giant -> Bob",
          "block ls -> giant"),
      expect={'nu': None,
          'acts': 'absorb 1',
          'after': {'destroyed': ['giant']},
          'perm': {'ls': {'damage': 2}}}),
    X('serras-guardian-vigilance', '702.20b',
      "Serra's Guardian gives other creatures vigilance: the attacking bears stay untapped",
      board=("Alice:\n"
          "  sg: Serra's Guardian 5/5 [Creature — Angel] white \"Flying (This creature can't be blocked except by creatures with flying or reach.)\" \"Vigilance (Attacking doesn't cause this creature to tap.)\" \"Other creatures you control have vigilance.\"\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "attack bears -> Bob\n"),
      expect={'after': {'life': {'Bob': 18}}, 'perm': {'bears': {'tapped': False}}}),
    X('attacking-taps', '508.1f',
      'Attacking taps a creature without vigilance',
      board=("Alice:\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "  angel: Serra Angel 4/4 [Creature — Angel] white \"Flying, vigilance\"\n"
          "attack bears -> Bob\n"
          "attack angel -> Bob\n"),
      expect={'after': {'life': {'Bob': 14}},
          'perm': {'bears': {'tapped': True}, 'angel': {'tapped': False}}}),
    X('veteran-bodyguard-redirect', '614.1, 510.2',
      'Veteran Bodyguard takes the damage of unblocked creatures instead of its controller',
      board=duel(
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["vb: Veteran Bodyguard 2/5 [Creature — Human] white \"As long as Veteran Bodyguard is untapped, all damage that would be dealt to you by unblocked creatures is dealt to Veteran Bodyguard instead.\""],
          "attack giant -> Bob"),
      expect={'nu': None,
          'acts': 'Veteran Bodyguard is untapped',
          'after': {'life': {'Bob': 20}},
          'perm': {'vb': {'damage': 3}}}),
    X('armored-transport-prevention', '615.1',
      'Armored Transport: combat damage from its blockers is prevented',
      board=duel(
          ["at: Armored Transport 2/1 [Artifact Creature — Construct] \"Prevent all combat damage that would be dealt to Armored Transport by creatures blocking it.\""],
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          "attack at -> Bob",
          "block giant -> at"),
      expect={'nu': None,
          'acts': 'Prevent all combat damage that would be dealt to Armored Transport',
          'after': {'destroyed': []},
          'perm': {'at': {'damage': 0}, 'giant': {'damage': 2}}}),
    X('trick-pump-after-blocks', '509.2, 608.2, 613.4c',
      'Giant Growth on the blocked bears after blockers: the bears kill the giant and survive',
      board={'players': [{'name': 'Alice'}, {'name': 'Bob'}],
           'active_player': 'Alice',
           'permanents': [{'id': 'bears',
                           'name': 'Grizzly Bears',
                           'controller': 'Alice',
                           'type_line': 'Creature — Bear',
                           'colors': ['G'],
                           'text': '',
                           'power': 2,
                           'toughness': 2},
                          {'id': 'giant',
                           'name': 'Hill Giant',
                           'controller': 'Bob',
                           'type_line': 'Creature — Giant',
                           'colors': ['R'],
                           'text': '',
                           'power': 3,
                           'toughness': 3}],
           'attacks': {'bears': 'Bob'},
           'blocks': {'giant': ['bears']},
           'effects': [{'text': 'Target creature gets +3/+3 until end of turn.',
                        'controller': 'Alice',
                        'targets': ['bears'],
                        'step': 'declare blockers'}]},
      expect={'after': {'destroyed': ['giant']}, 'perm': {'bears': {'damage': 3}}}),
    X('trick-destroy-blocker-remains-blocked', '509.1h, 510.1c',
      'The blocker is destroyed after blocks: the attacker remains blocked and deals no damage',
      board={'players': [{'name': 'Alice'}, {'name': 'Bob'}],
           'active_player': 'Alice',
           'permanents': [{'id': 'giant',
                           'name': 'Hill Giant',
                           'controller': 'Alice',
                           'type_line': 'Creature',
                           'colors': ['R'],
                           'text': '',
                           'power': 3,
                           'toughness': 3},
                          {'id': 'bears',
                           'name': 'Grizzly Bears',
                           'controller': 'Bob',
                           'type_line': 'Creature — Bear',
                           'colors': ['G'],
                           'text': '',
                           'power': 2,
                           'toughness': 2}],
           'attacks': {'giant': 'Bob'},
           'blocks': {'bears': ['giant']},
           'effects': [{'text': 'Destroy target creature.',
                        'controller': 'Alice',
                        'targets': ['bears'],
                        'step': 'declare blockers'}]},
      expect={'after': {'destroyed': ['bears'], 'life': {'Bob': 20}}}),
    X('trick-destroy-blocker-trample', '509.1h, 702.19d',
      'The blocker of a trampler is destroyed: all its damage goes to the player',
      board={'players': [{'name': 'Alice'}, {'name': 'Bob'}],
           'active_player': 'Alice',
           'permanents': [{'id': 'dread',
                           'name': 'Colossal Dreadmaw',
                           'controller': 'Alice',
                           'type_line': 'Creature',
                           'colors': ['G'],
                           'text': 'Trample',
                           'power': 6,
                           'toughness': 6},
                          {'id': 'bears',
                           'name': 'Grizzly Bears',
                           'controller': 'Bob',
                           'type_line': 'Creature — Bear',
                           'colors': ['G'],
                           'text': '',
                           'power': 2,
                           'toughness': 2}],
           'attacks': {'dread': 'Bob'},
           'blocks': {'bears': ['dread']},
           'effects': [{'text': 'Destroy target creature.',
                        'controller': 'Alice',
                        'targets': ['bears'],
                        'step': 'declare blockers'}]},
      expect={'after': {'destroyed': ['bears'], 'life': {'Bob': 14}}}),
    X('trick-fog', '615.1',
      'Fog after blockers: no combat damage',
      board={'players': [{'name': 'Alice'}, {'name': 'Bob'}],
           'active_player': 'Alice',
           'permanents': [{'id': 'giant',
                           'name': 'Hill Giant',
                           'controller': 'Alice',
                           'type_line': 'Creature',
                           'colors': ['R'],
                           'text': '',
                           'power': 3,
                           'toughness': 3},
                          {'id': 'bears',
                           'name': 'Grizzly Bears',
                           'controller': 'Bob',
                           'type_line': 'Creature — Bear',
                           'colors': ['G'],
                           'text': '',
                           'power': 2,
                           'toughness': 2}],
           'attacks': {'giant': 'Bob'},
           'blocks': {},
           'effects': [{'text': 'Prevent all combat damage that would be dealt this turn.',
                        'controller': 'Bob',
                        'step': 'declare blockers'}]},
      expect={'after': {'life': {'Bob': 20}}}),
    X('trick-first-strike-blocker', '702.7b, 510.4',
      'A blocker given first strike after blocks kills the attacker first',
      board={'players': [{'name': 'Alice'}, {'name': 'Bob'}],
           'active_player': 'Alice',
           'permanents': [{'id': 'bears',
                           'name': 'Grizzly Bears',
                           'controller': 'Alice',
                           'type_line': 'Creature — Bear',
                           'colors': ['G'],
                           'text': '',
                           'power': 2,
                           'toughness': 2},
                          {'id': 'piker',
                           'name': 'Goblin Piker',
                           'controller': 'Bob',
                           'type_line': 'Creature',
                           'colors': ['R'],
                           'text': '',
                           'power': 2,
                           'toughness': 1}],
           'attacks': {'bears': 'Bob'},
           'blocks': {'piker': ['bears']},
           'effects': [{'text': 'Target creature gets +1/+0 and gains first strike until end of turn.',
                        'controller': 'Bob',
                        'targets': ['piker'],
                        'step': 'declare blockers'}]},
      expect={'after': {'destroyed': ['bears']}, 'steps': ['first', 'regular']}),
    X('trick-first-strike-gained-in-first-step', '702.7c, 510.4',
      "First strike gained during the first-strike step doesn't stop regular damage",
      board={'players': [{'name': 'Alice'}, {'name': 'Bob'}],
           'active_player': 'Alice',
           'permanents': [{'id': 'knight',
                           'name': 'White Knight',
                           'controller': 'Alice',
                           'type_line': 'Creature',
                           'colors': ['W'],
                           'text': 'First strike\nProtection from black',
                           'power': 2,
                           'toughness': 2},
                          {'id': 'ghoul',
                           'name': 'Warpath Ghoul',
                           'controller': 'Alice',
                           'type_line': 'Creature',
                           'colors': ['B'],
                           'text': '',
                           'power': 3,
                           'toughness': 2}],
           'attacks': {'knight': 'Bob', 'ghoul': 'Bob'},
           'blocks': {},
           'effects': [{'text': 'Target creature gets +1/+0 and gains first strike until end of turn.',
                        'controller': 'Alice',
                        'targets': ['ghoul'],
                        'step': 'first-strike combat damage'}]},
      expect={'after': {'life': {'Bob': 14}}}),
    X('trick-double-strike-gained-in-first-step', '702.4d, 510.4',
      'Double strike given to a first striker after it dealt first-strike damage: it deals damage again',
      board={'players': [{'name': 'Alice'}, {'name': 'Bob'}],
           'active_player': 'Alice',
           'permanents': [{'id': 'knight',
                           'name': 'White Knight',
                           'controller': 'Alice',
                           'type_line': 'Creature',
                           'colors': ['W'],
                           'text': 'First strike\nProtection from black',
                           'power': 2,
                           'toughness': 2}],
           'attacks': {'knight': 'Bob'},
           'blocks': {},
           'effects': [{'text': 'Target creature gains double strike until end of turn.',
                        'controller': 'Alice',
                        'targets': ['knight'],
                        'step': 'first-strike combat damage'}]},
      expect={'after': {'life': {'Bob': 16}}}),
    X('trick-exile-attacker', '506.4',
      'An exiled attacker is removed from combat and deals no damage',
      board={'players': [{'name': 'Alice'}, {'name': 'Bob'}],
           'active_player': 'Alice',
           'permanents': [{'id': 'giant',
                           'name': 'Hill Giant',
                           'controller': 'Alice',
                           'type_line': 'Creature',
                           'colors': ['R'],
                           'text': '',
                           'power': 3,
                           'toughness': 3}],
           'attacks': {'giant': 'Bob'},
           'blocks': {},
           'effects': [{'text': 'Exile target attacking creature.',
                        'controller': 'Bob',
                        'targets': ['giant'],
                        'step': 'declare blockers'}]},
      expect={'after': {'life': {'Bob': 20}}}),
    X('trick-shock-blocker', '120.3e, 704.5g',
      "2 damage to the blocker before combat damage adds to the attacker's",
      board={'players': [{'name': 'Alice'}, {'name': 'Bob'}],
           'active_player': 'Alice',
           'permanents': [{'id': 'bears',
                           'name': 'Grizzly Bears',
                           'controller': 'Alice',
                           'type_line': 'Creature — Bear',
                           'colors': ['G'],
                           'text': '',
                           'power': 2,
                           'toughness': 2},
                          {'id': 'giant',
                           'name': 'Hill Giant',
                           'controller': 'Bob',
                           'type_line': 'Creature — Giant',
                           'colors': ['R'],
                           'text': '',
                           'power': 3,
                           'toughness': 3}],
           'attacks': {'bears': 'Bob'},
           'blocks': {'giant': ['bears']},
           'effects': [{'text': 'This spell deals 2 damage to any target.',
                        'controller': 'Alice',
                        'targets': ['giant'],
                        'step': 'declare blockers'}]},
      expect={'after': {'destroyed': ['giant', 'bears']}}),
    X('choice-gustcloak-remove', '509.3c, 506.4',
      'Gustcloak Skirmisher blocked, its controller chooses to remove it from combat',
      board={'players': [{'name': 'Alice'}, {'name': 'Bob'}],
           'active_player': 'Alice',
           'permanents': [{'id': 'gs',
                           'name': 'Gustcloak Skirmisher',
                           'controller': 'Alice',
                           'type_line': 'Creature',
                           'colors': ['W'],
                           'text': 'Flying\n'
                                   'Whenever Gustcloak Skirmisher becomes blocked, you may untap it and '
                                   'remove it from combat.',
                           'power': 2,
                           'toughness': 3},
                          {'id': 'sp',
                           'name': 'Giant Spider',
                           'controller': 'Bob',
                           'type_line': 'Creature',
                           'colors': ['G'],
                           'text': 'Reach',
                           'power': 2,
                           'toughness': 4}],
           'attacks': {'gs': 'Bob'},
           'blocks': {'sp': ['gs']},
           'choices': [{'source': 'gs', 'may': True}]},
      expect={'after': {'destroyed': [], 'life': {'Bob': 20}},
          'perm': {'gs': {'damage': 0, 'tapped': False}}}),
    X('lure-target-dies-first-strike-turn', '400.7',
      '…and turn answers',
      board=duel(
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green",
           "giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["wk: White Knight 2/2 [Creature — Human Knight] white \"First strike (This creature deals combat damage before creatures without first strike.)\" \"Protection from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)\""],
          "effect Alice -> bears: \"All creatures able to block target creature this turn do so.\"",
          "attack bears -> Bob",
          "attack giant -> Bob",
          "block wk -> bears"),
      ask='turn',
      expect={}),
    X('lure-target-dies-first-strike-draw', '400.7',
      '…and draw answers',
      board=duel(
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green",
           "giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["wk: White Knight 2/2 [Creature — Human Knight] white \"First strike (This creature deals combat damage before creatures without first strike.)\" \"Protection from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)\""],
          "effect Alice -> bears: \"All creatures able to block target creature this turn do so.\"",
          "attack bears -> Bob",
          "attack giant -> Bob",
          "block wk -> bears"),
      ask='draw',
      expect={'exit': 0}),
    X('mp-one-loses-game-goes-on', '800.4a, 104.3b',
      "Bob loses; Carol is still in: the game doesn't end and Bob's permanents leave",
      board=("players Alice, Bob (life 2), Carol\n"
          "active Alice\n"
          "Alice:\n"
          "  knight: White Knight 2/2 [Creature — Human Knight] white \"First strike (This creature deals combat damage before creatures without first strike.)\" \"Protection from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)\"\n"
          "  giant: Hill Giant 3/3 [Creature — Giant] red\n"
          "Bob:\n"
          "  jace: Jace Beleren [Legendary Planeswalker — Jace] blue loyalty 3\n"
          "attack knight -> Bob\n"
          "attack giant -> Carol\n"),
      expect={'after': {'life': {'Carol': 17}, 'lost': ['Bob']},
          'game_over': False,
          'perm': {'jace': None}}),
    X('mp-both-opponents-lose', '104.2a, 704.5a',
      'Both opponents lose at once: the game is over',
      board=("players Alice, Bob (life 2), Carol (life 3)\n"
          "active Alice\n"
          "Alice:\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "  giant: Hill Giant 3/3 [Creature — Giant] red\n"
          "attack bears -> Bob\n"
          "attack giant -> Carol\n"),
      expect={'after': {'lost': ['Bob', 'Carol']}, 'game_over': True}),
    X('2hg-team-poison-15-loses', '810.10, 704.6b, 810.8a',
      "The team's 15th poison counter: both players lose",
      board=("players Alice (team A, life 30), Ann (team A, life 30), Bob (team B, life 30, poison 13), Bea (team B, life 30, poison 13)\n"
          "active Alice\n"
          "Alice:\n"
          "  shrike: Tine Shrike 2/1 [Creature — Phyrexian Bird] white \"Flying\" \"Infect (This creature deals damage to creatures in the form of -1/-1 counters and to players in the form of poison counters.)\"\n"
          "attack shrike -> Bea\n"),
      expect={'after': {'poison': {'Bob': 15, 'Bea': 15}, 'lost': ['Bob', 'Bea']}, 'game_over': True}),
    X('2hg-team-life-zero', '704.6a, 810.8a',
      'Team life 0: both players lose',
      board=("players Alice (team A, life 30), Ann (team A, life 30), Bob (team B, life 3, poison 0), Bea (team B, life 3, poison 0)\n"
          "active Alice\n"
          "Alice:\n"
          "  giant: Hill Giant 3/3 [Creature — Giant] red\n"
          "attack giant -> Bea\n"),
      expect={'after': {'lost': ['Bob', 'Bea']}, 'game_over': True}),
    X('2hg-melira-teammate-no-poison', '810.10c',
      'Melira on Bea: nobody on her team can get poison counters',
      board=("players Alice (team A, life 30), Ann (team A, life 30), Bob (team B, life 30, poison 0), Bea (team B, life 30, poison 0)\n"
          "active Alice\n"
          "Alice:\n"
          "  skull: Bilious Skulldweller 1/1 [Creature — Phyrexian Insect] black \"Deathtouch\" \"Toxic 1\"\n"
          "Bea:\n"
          "  mel: \"Melira, Sylvok Outcast\" 2/2 [Legendary Creature — Human Scout] green \"You can't get poison counters.\" \"Creatures you control can't have -1/-1 counters put on them.\" \"Creatures your opponents control lose infect.\"\n"
          "attack skull -> Bob\n"),
      expect={'after': {'poison': {'Bob': 0, 'Bea': 0}, 'life': {'Bob': 29}}}),
    X('best-attacks-lethal', '104.3b',
      'Two bears against one blocker at 2 life: attack with both for the win',
      board=("players Alice, Bob (life 2)\n"
          "active Alice\n"
          "Alice:\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "  b2: Runeclaw Bear 2/2 [Creature — Bear] green\n"
          "Bob:\n"
          "  cadet: Eager Cadet 1/1 [Creature — Human Soldier] white\n"),
      ask='best-attacks',
      expect={'status': 'optimal', 'decision': {'bears': 'Bob', 'b2': 'Bob'}, 'value0': 1}),
    X('best-attacks-infect-lethal', '704.5c',
      'Poison 9: the infect elf attacks for the win',
      board=("players Alice, Bob (poison 9)\n"
          "active Alice\n"
          "Alice:\n"
          "  elf: Glistener Elf 1/1 [Creature — Phyrexian Elf Warrior] green \"Infect (This creature deals damage to creatures in the form of -1/-1 counters and to players in the form of poison counters.)\"\n"),
      ask='best-attacks',
      expect={'status': 'optimal', 'decision': {'elf': 'Bob'}, 'value0': 1}),
    X('trample-over-protection-blocker-combat', '702.19b, 702.16e',
      'Trample over a protection blocker: 2 to it (prevented), 4 to Bob; it survives',
      board=duel(
          ["dread: Colossal Dreadmaw 6/6 [Creature — Dinosaur] green \"Trample (This creature can deal excess combat damage to the player or planeswalker it's attacking.)\""],
          ["pro: Green Ward Knight 2/2 [Creature — Human Knight] white \"Protection from green\""],
          "attack dread -> Bob",
          "block pro -> dread"),
      expect={'after': {'life': {'Bob': 16}, 'destroyed': []}, 'perm': {'pro': {'damage': 0}}}),
    X('lifelink-prevented-no-gain', '702.15b, 702.16e',
      'Lifelink damage prevented by protection gains no life',
      board=duel(
          ["sun: Ajani's Sunstriker 2/2 [Creature — Cat Cleric] white \"Lifelink (Damage dealt by this creature also causes you to gain that much life.)\""],
          ["pro: White Ward Paladin 2/4 [Creature — Human Knight] black \"Protection from white\""],
          "attack sun -> Bob",
          "block pro -> sun"),
      expect={'after': {'life': {'Alice': 20}, 'destroyed': ['sun']}, 'perm': {'pro': {'damage': 0}}}),
    X('cant-be-prevented-vs-protection', '615.12, 702.16e',
      "Malignus's damage can't be prevented: a protection-from-red blocker still dies",
      board=duel(
          ["mal: Malignus 10/10 [Creature — Elemental Spirit] red \"Malignus's power and toughness are each equal to half the highest life total among your opponents, rounded up.\" \"Damage that would be dealt by Malignus can't be prevented.\""],
          ["ved: Vedalken Outlander 2/2 [Artifact Creature — Vedalken Scout] blue \"Protection from red\""],
          "attack mal -> Bob",
          "block ved -> mal"),
      expect={'nu': None, 'acts': "can't be prevented", 'after': {'destroyed': ['ved']}}),
    X('maze-of-ith-style-effect', '615.1',
      '"Prevent all combat damage that would be dealt to and dealt by that creature" on the attacker',
      board=duel(
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          "effect Bob -> giant: \"Prevent all combat damage that would be dealt to and dealt by target creature this turn.\"",
          "attack giant -> Bob",
          "block bears -> giant"),
      expect={'after': {'life': {'Bob': 20}, 'destroyed': []},
          'perm': {'bears': {'damage': 0}, 'giant': {'damage': 0}}}),
    X('cho-manno-prevents-all', '615.1',
      'Cho-Manno: all damage to it is prevented',
      board=duel(
          ["wurm: Craw Wurm 6/4 [Creature — Wurm] green"],
          ["cho: \"Cho-Manno, Revolutionary\" 2/2 [Legendary Creature — Human Rebel] white \"Prevent all damage that would be dealt to Cho-Manno, Revolutionary.\""],
          "attack wurm -> Bob",
          "block cho -> wurm"),
      expect={'after': {'destroyed': []}, 'perm': {'cho': {'damage': 0}, 'wurm': {'damage': 2}}}),
    X('platinum-angel-cant-lose', '104.3b, 704.5a',
      "Platinum Angel: its controller at 0 life doesn't lose",
      board=("players Alice, Bob (life 2)\n"
          "active Alice\n"
          "Alice:\n"
          "  giant: Hill Giant 3/3 [Creature — Giant] red\n"
          "Bob:\n"
          "  pa: Platinum Angel 4/4 [Artifact Creature — Angel] \"Flying\" \"You can't lose the game and your opponents can't win the game.\"\n"
          "attack giant -> Bob\n"),
      expect={'nu': None,
          'acts': "You can't lose the game",
          'after': {'life': {'Bob': -1}, 'lost': []},
          'game_over': False}),
    X('infect-to-planeswalker-loyalty', '120.3c, 702.90b',
      'Infect damage to a planeswalker removes loyalty (no poison)',
      board=duel(
          ["shrike: Tine Shrike 2/1 [Creature — Phyrexian Bird] white \"Flying\" \"Infect (This creature deals damage to creatures in the form of -1/-1 counters and to players in the form of poison counters.)\""],
          ["jace: Jace Beleren [Legendary Planeswalker — Jace] blue loyalty 3"],
          "attack shrike -> jace"),
      expect={'after': {'poison': {'Bob': 0}, 'life': {'Bob': 20}}, 'perm': {'jace': {'loyalty': 1}}}),
    X('deathtouch-to-planeswalker', '120.3c, 702.2b',
      'Deathtouch damage to a planeswalker only removes loyalty',
      board=duel(
          ["rats: Typhoid Rats 1/1 [Creature — Rat] black \"Deathtouch (Any amount of damage this deals to a creature is enough to destroy it.)\""],
          ["jace: Jace Beleren [Legendary Planeswalker — Jace] blue loyalty 3"],
          "attack rats -> jace"),
      expect={'after': {'destroyed': []}, 'perm': {'jace': {'loyalty': 2}}}),
    X('wither-to-battle', '120.3h, 702.80a',
      'Wither damage to a battle removes defense counters',
      board=("Alice:\n"
          "  gang: Boggart Ram-Gang 3/3 [Creature — Goblin Warrior] red green \"Haste\" \"Wither (This deals damage to creatures in the form of -1/-1 counters.)\"\n"
          "  siege: Invasion of Nowhere [Battle — Siege] defense 5 protector Bob\n"
          "attack gang -> siege\n"),
      expect={'perm': {'siege': {'defense': 2}}}),
    X('planeswalker-blocked-attacker-no-damage', '506.4, 510.1c',
      "A creature attacking a planeswalker that's blocked deals nothing to the planeswalker",
      board=duel(
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["jace: Jace Beleren [Legendary Planeswalker — Jace] blue loyalty 3",
           "wall: Wall of Stone 0/8 [Creature — Wall] red \"Defender (This creature can't attack.)\""],
          "attack giant -> jace",
          "block wall -> giant"),
      expect={'perm': {'jace': {'loyalty': 3}, 'wall': {'damage': 3}}}),
    X('fs-infect-shrinks-double-striker', '702.4b, 702.90c, 510.1a',
      'A first-strike infect blocker shrinks a double striker between its two hits',
      board=duel(
          ["ace: Fencing Ace 3/3 [Creature — Human Soldier] white \"Double strike\""],
          ["druid: Blightsoil Druid 1/4 [Creature — Phyrexian Elf] green \"First strike\" \"Infect\""],
          "attack ace -> Bob",
          "block druid -> ace"),
      expect={'after': {'destroyed': ['druid']},
          'perm': {'ace': {'counters': {'-1/-1': 1}, 'power': 2}},
          'dealt': [(0, 'ace', 'druid', 3), (1, 'ace', 'druid', 2)]}),
    X('bushido-two-blockers-once', '702.45a',
      'Bushido triggers once however many block it',
      board=duel(
          ["jade: Jade Avenger 2/2 [Creature — Frog Samurai] green \"Bushido 2 (Whenever this creature blocks or becomes blocked, it gets +2/+2 until end of turn.)\""],
          ["giant: Hill Giant 3/3 [Creature — Giant] red",
           "c2: Centaur Courser 3/3 [Creature — Centaur Warrior] green"],
          "attack jade -> Bob",
          "block giant -> jade",
          "block c2 -> jade"),
      expect={'destroyed_one_of': [['giant', 'jade'], ['c2', 'jade']]}),
    X('flanking-two-small-blockers', '702.25a, 704.5f, 509.1h',
      'Flanking kills two 1/1 blockers before damage; the attacker stays blocked',
      board=duel(
          ["cav: Benalish Cavalry 2/2 [Creature — Human Knight] white \"Flanking (Whenever a creature without flanking blocks this creature, the blocking creature gets -1/-1 until end of turn.)\""],
          ["c1: Eager Cadet 1/1 [Creature — Human Soldier] white",
           "c2: Eager Cadet 1/1 [Creature — Human Soldier] white"],
          "attack cav -> Bob",
          "block c1 -> cav",
          "block c2 -> cav"),
      expect={'after': {'destroyed': ['c1', 'c2'], 'life': {'Bob': 20}},
          'perm': {'cav': {'damage': 0}}}),
    X('rampage-three-blockers', '702.23a',
      'Rampage 2 with three blockers: +4/+4',
      board=duel(
          ["fg: Frost Giant 4/4 [Creature — Giant] red \"Rampage 2 (Whenever this creature becomes blocked, it gets +2/+2 until end of turn for each creature blocking it beyond the first.)\""],
          ["c1: Eager Cadet 1/1 [Creature — Human Soldier] white",
           "c2: Eager Cadet 1/1 [Creature — Human Soldier] white",
           "c3: Eager Cadet 1/1 [Creature — Human Soldier] white"],
          "attack fg -> Bob",
          "block c1 -> fg",
          "block c2 -> fg",
          "block c3 -> fg"),
      expect={'after': {'destroyed': ['c1', 'c2', 'c3']}, 'perm': {'fg': {'power': 8, 'damage': 3}}}),
    X('gang-of-elk-becomes-blocked', '509.3c, 603.2',
      "Gang of Elk's pump on becoming blocked is carried out or reported",
      board=duel(
          ["elk: Gang of Elk 5/4 [Creature — Elk Beast] green \"Whenever Gang of Elk becomes blocked, it gets +2/+2 until end of turn for each creature blocking it.\""],
          ["giant: Hill Giant 3/3 [Creature — Giant] red",
           "c2: Centaur Courser 3/3 [Creature — Centaur Warrior] green"],
          "attack elk -> Bob",
          "block giant -> elk",
          "block c2 -> elk"),
      expect={'nu': None,
          'acts': 'Whenever Gang of Elk becomes blocked',
          'after': {'destroyed': ['giant', 'c2']}}),
    X('zilortha-lethal-by-power', '704.5g, 120.6',
      'Zilortha: Craw Wurm with 5 damage survives (lethal damage is its power, 6)',
      board=duel(
          ["zil: \"Zilortha, Strength Incarnate\" 7/3 [Legendary Creature — Dinosaur] red green \"Trample\" \"Lethal damage dealt to creatures you control is determined by their power rather than their toughness.\"",
           "wurm: Craw Wurm 6/4 [Creature — Wurm] green"],
          ["giant: Hill Giant 3/3 [Creature — Giant] red",
           "bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          "attack wurm -> Bob",
          "block giant -> wurm",
          "block bears -> wurm"),
      expect={'after': {'destroyed': ['giant', 'bears']}, 'perm': {'wurm': {'damage': 5}}}),
    X('true-name-nemesis-blocks', '702.16k, 702.16e',
      "True-Name Nemesis with protection from Alice blocks Alice's giant: no damage to it",
      board=duel(
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["tnn: True-Name Nemesis 3/1 [Creature — Merfolk Rogue] blue chosen player Alice \"As True-Name Nemesis enters the battlefield, choose a player.\" \"True-Name Nemesis has protection from the chosen player.\""],
          "attack giant -> Bob",
          "block tnn -> giant"),
      expect={'after': {'destroyed': ['giant']}, 'perm': {'tnn': {'damage': 0}}}),
    X('true-name-nemesis-unblockable', '702.16k, 702.16f',
      "True-Name Nemesis with protection from Bob can't be blocked by Bob's creatures",
      board=duel(
          ["tnn: True-Name Nemesis 3/1 [Creature — Merfolk Rogue] blue chosen player Bob \"As True-Name Nemesis enters the battlefield, choose a player.\" \"True-Name Nemesis has protection from the chosen player.\""],
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          "attack tnn -> Bob"),
      ask='check-blocks',
      decl='bears -> tnn',
      expect={'legal': False}),
    X('fs-lifelink-gain-before-regular-damage', '510.4, 702.15b, 704.5a',
      "Bob's first-strike lifelink blocker gains life in the first step; he survives the regular step",
      board=("players Alice, Bob (life 2)\n"
          "active Alice\n"
          "Alice:\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "  giant: Hill Giant 3/3 [Creature — Giant] red\n"
          "Bob:\n"
          "  kom: Knight of Meadowgrain 2/2 [Creature — Human Knight] white \"First strike\" \"Lifelink\"\n"
          "attack bears -> Bob\n"
          "attack giant -> Bob\n"
          "block kom -> bears\n"),
      expect={'after': {'life': {'Bob': 1}, 'lost': [], 'destroyed': ['bears']}, 'game_over': False}),
    X('infect-prevented-by-protection', '702.16e, 702.90c',
      'Infect damage prevented by protection puts no counters',
      board=duel(
          ["elf: Glistener Elf 1/1 [Creature — Phyrexian Elf Warrior] green \"Infect\""],
          ["pro: Green Ward Knight 2/2 [Creature — Human Knight] white \"Protection from green\""],
          "attack elf -> Bob",
          "block pro -> elf"),
      expect={'after': {'destroyed': ['elf']}, 'perm': {'pro': {'counters': {}, 'toughness': 2}}}),
    X('protection-from-artifacts', '702.16f',
      "Protection from artifacts: an artifact creature can't block",
      board=duel(
          ["tk: Tel-Jilad Knight 2/2 [Creature — Elf Warrior] green \"Protection from artifacts\""],
          ["mem: Memnite 1/1 [Artifact Creature — Construct]"],
          "attack tk -> Bob"),
      ask='check-blocks',
      decl='mem -> tk',
      expect={'legal': False, 'rule': '702.16f'}),
    X('protection-from-subtype', '702.16a, 702.16f',
      "Protection from Goblins: a Goblin can't block",
      board=duel(
          ["gk: Goblin Hunter 2/2 [Creature — Human Knight] white \"Protection from Goblins\""],
          ["piker: Goblin Piker 2/1 [Creature — Goblin Warrior] red"],
          "attack gk -> Bob"),
      ask='check-blocks',
      decl='piker -> gk',
      expect={'legal': False}),
    X('protection-from-multicolored', '702.16f, 105.2b',
      'Protection from multicolored',
      board=duel(
          ["hero: Hero 2/2 [Creature — Human] white \"Protection from multicolored\""],
          ["hybrid: Hybrid Beast 2/2 [Creature — Beast] green white"],
          "attack hero -> Bob"),
      ask='check-blocks',
      decl='hybrid -> hero',
      expect={'legal': False}),
    X('prevent-next-2-shield', '615.7',
      'A shield "Prevent the next 2 damage" on the blocked bears: it survives the giant\'s 3',
      board=duel(
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          "effect Alice -> bears: \"Prevent the next 2 damage that would be dealt to target creature this turn.\"",
          "attack bears -> Bob",
          "block giant -> bears"),
      expect={'nu': None,
          'acts': 'Prevent the next 2 damage',
          'after': {'destroyed': []},
          'perm': {'bears': {'damage': 1}, 'giant': {'damage': 2}}}),
    X('trample-to-battle', '702.19b, 310.6',
      'Trample attacking a battle: the excess goes to the battle',
      board=duel(
          ["dread: Colossal Dreadmaw 6/6 [Creature — Dinosaur] green \"Trample (This creature can deal excess combat damage to the player or planeswalker it's attacking.)\"",
           "siege: Invasion of Nowhere [Battle — Siege] defense 7 protector Bob"],
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          "attack dread -> siege",
          "block bears -> dread"),
      expect={'after': {'life': {'Bob': 20}, 'destroyed': ['bears']},
          'perm': {'siege': {'defense': 3}}}),
    X('2hg-two-attackers-sum', '810.9',
      'Two-Headed Giant: damage to both players of a team adds up',
      board=("players Alice (team A, life 30), Ann (team A, life 30), Bob (team B, life 5), Bea (team B, life 5)\n"
          "active Alice\n"
          "Alice:\n"
          "  giant: Hill Giant 3/3 [Creature — Giant] red\n"
          "Ann:\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "attack giant -> Bob\n"
          "attack bears -> Bea\n"),
      expect={'after': {'life': {'Bob': 0, 'Bea': 0}, 'lost': ['Bob', 'Bea']}, 'game_over': True}),
    X('best-blocks-first-strike-lifelink-survive', '510.4, 702.15b',
      'At 2 life: block the bears with the first-strike lifelinker and survive the giant',
      board=("players Alice, Bob (life 2)\n"
          "active Alice\n"
          "Alice:\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "  giant: Hill Giant 3/3 [Creature — Giant] red\n"
          "Bob:\n"
          "  kom: Knight of Meadowgrain 2/2 [Creature — Human Knight] white \"First strike\" \"Lifelink\"\n"
          "attack bears -> Bob\n"
          "attack giant -> Bob\n"),
      ask='best-blocks',
      expect={'status': 'optimal', 'value0': 0}),
    X('zulaport-dies-drains', '603.6c, 603.10a, 704.5a',
      "Zulaport Cutthroat: Alice's creature dies in combat, Bob (at 1) loses 1 and loses the game",
      board=("players Alice, Bob (life 1)\n"
          "active Alice\n"
          "Alice:\n"
          "  zc: Zulaport Cutthroat 1/1 [Creature — Human Rogue Ally] black \"Whenever Zulaport Cutthroat or another creature you control dies, each opponent loses 1 life and you gain 1 life.\"\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "Bob:\n"
          "  wall: Wall of Stone 0/8 [Creature — Wall] red \"Defender (This creature can't attack.)\"\n"
          "attack bears -> Bob\n"
          "block wall -> bears\n"),
      expect={'nu': None,
          'acts': 'Zulaport Cutthroat or another creature you control dies',
          'after': {'life': {'Bob': 1}, 'lost': []}}),
    X('zulaport-dies-drains-kill', '603.6c, 603.10a, 704.5a',
      'Zulaport Cutthroat: the bears die blocked by a giant; Bob at 1 loses 1 life and the game',
      board=("players Alice, Bob (life 1)\n"
          "active Alice\n"
          "Alice:\n"
          "  zc: Zulaport Cutthroat 1/1 [Creature — Human Rogue Ally] black \"Whenever Zulaport Cutthroat or another creature you control dies, each opponent loses 1 life and you gain 1 life.\"\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "Bob:\n"
          "  giant: Hill Giant 3/3 [Creature — Giant] red\n"
          "attack bears -> Bob\n"
          "block giant -> bears\n"),
      expect={'nu': None,
          'acts': 'Zulaport Cutthroat or another creature you control dies',
          'after': {'life': {'Alice': 21, 'Bob': 0}, 'lost': ['Bob'], 'destroyed': ['bears']},
          'game_over': True}),
    X('cruel-celebrant-blocker-dies', '603.6c, 603.10a',
      "Cruel Celebrant (Bob's): Bob's blocker dies, Alice loses 1, Bob gains 1",
      board=duel(
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["cc: Cruel Celebrant 1/2 [Creature — Vampire] white black \"Whenever Cruel Celebrant or another creature or planeswalker you control dies, each opponent loses 1 life and you gain 1 life.\"",
           "bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          "attack giant -> Bob",
          "block bears -> giant"),
      expect={'nu': None,
          'acts': 'Whenever Cruel Celebrant or another creature',
          'after': {'life': {'Alice': 19, 'Bob': 21}}}),
    X('fervent-charge-attack-pump', '508.3a, 603.2',
      'Fervent Charge: each attacking creature gets +2/+2',
      board=duel(
          ["fc: Fervent Charge  [Enchantment] \"Whenever a creature you control attacks, it gets +2/+2 until end of turn.\"",
           "bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          ["b2: Runeclaw Bear 2/2 [Creature — Bear] green"],
          "attack bears -> Bob",
          "block b2 -> bears"),
      expect={'nu': None,
          'acts': 'Whenever a creature you control attacks',
          'after': {'destroyed': ['b2']}}),
    X('fortress-cyclops-blocks', '509.3a, 603.2',
      'Fortress Cyclops blocking gets +0/+3 and survives the wurm... no: 3/6 vs 6/4 dies; vs 5 damage survives',
      board=duel(
          ["ogre: Big Ogre 5/5 [Creature — Ogre] red"],
          ["cy: Fortress Cyclops 3/3 [Creature — Cyclops Soldier] red white \"Whenever Fortress Cyclops attacks, it gets +3/+0 until end of turn.\" \"Whenever Fortress Cyclops blocks, it gets +0/+3 until end of turn.\""],
          "attack ogre -> Bob",
          "block cy -> ogre"),
      expect={'nu': None,
          'acts': 'Whenever Fortress Cyclops blocks',
          'after': {'destroyed': []},
          'perm': {'cy': {'damage': 5}}}),
    X('hero-of-bladehold-tokens', '508.4, 702.91a',
      'Hero of Bladehold: two attacking tokens and battle cry: Bob takes 3 + 2 + 2',
      board=("Alice:\n"
          "  hero: Hero of Bladehold 3/4 [Creature — Human Knight] white \"Battle cry (Whenever this creature attacks, each other attacking creature gets +1/+0 until end of turn.)\" \"Whenever Hero of Bladehold attacks, create two 1/1 white Soldier creature tokens that are tapped and attacking.\"\n"
          "attack hero -> Bob\n"),
      expect={'nu': None, 'acts': 'create two 1/1 white Soldier', 'after': {'life': {'Bob': 13}}}),
    X('beginning-of-combat-pump', '507.2, 603.2',
      "Eidolon of Inspiration's beginning-of-combat trigger (a target: a choice) is carried out or reported",
      board=("Alice:\n"
          "  eid: Eidolon of Inspiration 2/2 [Enchantment Creature — Spirit] red \"At the beginning of combat on your turn, target creature you control gets +2/+0 until end of turn.\"\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "attack bears -> Bob\n"),
      expect={'or_choice': True, 'nu': None, 'nm': ['At the beginning of combat on your turn']}),
    X('leonin-vanguard-intervening-if', '507.2, 603.4',
      'Leonin Vanguard: with three creatures it gets +1/+1 and Alice gains 1',
      board=("Alice:\n"
          "  lv: Leonin Vanguard 1/1 [Creature — Cat Soldier] white \"At the beginning of combat on your turn, if you control three or more creatures, Leonin Vanguard gets +1/+1 until end of turn and you gain 1 life.\"\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "  b2: Runeclaw Bear 2/2 [Creature — Bear] green\n"
          "attack lv -> Bob\n"),
      expect={'nu': None,
          'acts': 'At the beginning of combat on your turn',
          'after': {'life': {'Alice': 21, 'Bob': 18}}}),
    X('akroan-hoplite-x', '508.3a, 603.2',
      'Akroan Hoplite gets +X/+0 for the attackers: 3 attackers, 4 damage from it',
      board=("Alice:\n"
          "  hop: Akroan Hoplite 1/2 [Creature — Human Soldier] red white \"Whenever Akroan Hoplite attacks, it gets +X/+0 until end of turn, where X is the number of attacking creatures you control.\"\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "  b2: Runeclaw Bear 2/2 [Creature — Bear] green\n"
          "attack hop -> Bob\n"
          "attack bears -> Bob\n"
          "attack b2 -> Bob\n"),
      expect={'nu': None, 'acts': 'Whenever Akroan Hoplite attacks', 'after': {'life': {'Bob': 12}}}),
    X('wall-of-junk-returns', '509.3a, 511.2',
      'Wall of Junk returns to hand at end of combat',
      board=duel(
          ["bears: Grizzly Bears 2/2 [Creature — Bear] green"],
          ["junk: Wall of Junk 0/7 [Artifact Creature — Wall] \"Defender (This creature can't attack.)\" \"When Wall of Junk blocks, return it to its owner's hand at end of combat. (Return it only if it's on the battlefield.)\""],
          "attack bears -> Bob",
          "block junk -> bears"),
      expect={'nu': None, 'acts': 'When Wall of Junk blocks', 'perm': {'junk': None}}),
    X('serra-ascendant-life-threshold', '613.4c, 702.15b',
      'Serra Ascendant at 30 life: its static is in the given P/T already (6/6 flying lifelink)',
      board=("players Alice (life 30), Bob\n"
          "active Alice\n"
          "Alice:\n"
          "  sa: Serra Ascendant 6/6 [Creature — Human Monk] white \"Lifelink\" \"As long as you have 30 or more life, Serra Ascendant gets +5/+5 and has flying.\"\n"
          "Bob:\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "attack sa -> Bob\n"),
      ask='check-blocks',
      decl='bears -> sa',
      expect={'nu': None,
          'acts': 'As long as you have 30 or more life',
          'legal': False,
          'rule': '702.9b'}),
    X('turn-illegal-board', '702.3b',
      'turn on a board whose attack is illegal answers illegal',
      board=("Alice:\n"
          "  wall: Wall of Stone 0/8 [Creature — Wall] red \"Defender (This creature can't attack.)\"\n"
          "attack wall -> Bob\n"),
      ask='turn',
      expect={'status': 'illegal'}),
    X('mp-loser-leaves-blocker-gone', '800.4a, 800.4e, 509.1h',
      'Bob loses in the first-strike step and leaves: his blocker is gone before it deals damage',
      board=("players Alice, Bob (life 2), Carol\n"
          "active Alice\n"
          "Alice:\n"
          "  knight: White Knight 2/2 [Creature — Human Knight] white \"First strike (This creature deals combat damage before creatures without first strike.)\" \"Protection from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)\"\n"
          "  giant: Hill Giant 3/3 [Creature — Giant] red\n"
          "  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
          "Bob:\n"
          "  bb: Runeclaw Bear 2/2 [Creature — Bear] green\n"
          "attack knight -> Bob\n"
          "attack giant -> Bob\n"
          "attack bears -> Carol\n"
          "block bb -> giant\n"),
      expect={'after': {'lost': ['Bob'], 'life': {'Carol': 18}},
          'game_over': False,
          'perm': {'giant': {'damage': 0}, 'bb': None}}),
    X('mp-no-damage-to-left-player', '800.4e, 702.15b',
      "Bob left in the first-strike step: the lifelink attacker's regular damage to him isn't assigned; no life gained",
      board=("players Alice, Bob (life 2), Carol\n"
          "active Alice\n"
          "Alice:\n"
          "  knight: White Knight 2/2 [Creature — Human Knight] white \"First strike (This creature deals combat damage before creatures without first strike.)\" \"Protection from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)\"\n"
          "  hawk: Vampire Nighthawk 2/3 [Creature — Vampire Shaman] black \"Flying, deathtouch, lifelink\"\n"
          "attack knight -> Bob\n"
          "attack hawk -> Bob\n"),
      expect={'after': {'lost': ['Bob'], 'life': {'Alice': 20, 'Carol': 20}}, 'game_over': False}),
    X('mp-left-player-planeswalker-gone', '800.4a, 506.4',
      'Bob leaves in the first-strike step: his planeswalker leaves; its attacker deals no damage',
      board=("players Alice, Bob (life 2), Carol\n"
          "active Alice\n"
          "Alice:\n"
          "  knight: White Knight 2/2 [Creature — Human Knight] white \"First strike (This creature deals combat damage before creatures without first strike.)\" \"Protection from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)\"\n"
          "  giant: Hill Giant 3/3 [Creature — Giant] red\n"
          "Bob:\n"
          "  jace: Jace Beleren [Legendary Planeswalker — Jace] blue loyalty 5\n"
          "attack knight -> Bob\n"
          "attack giant -> jace\n"),
      expect={'after': {'lost': ['Bob']}, 'game_over': False, 'perm': {'jace': None}}),
    X('banding-blocker-saves-other-blocker', '702.22j',
      "With a banding blocker, Bob puts all the attacker's damage on the sturdier blocker",
      board=duel(
          ["giant: Hill Giant 3/3 [Creature — Giant] red"],
          ["inf: Benalish Infantry 1/3 [Creature — Human Soldier] white \"Banding (Any creatures with banding, and up to one without, can attack in a band. Bands are blocked as a group. If any creatures with banding you control are blocking or being blocked by a creature, you divide that creature's combat damage, not its controller, among any of the creatures it's being blocked by or is blocking.)\"",
           "crab: Fortress Crab 1/6 [Creature — Crab] blue"],
          "attack giant -> Bob",
          "block inf -> giant",
          "block crab -> giant"),
      expect={'after': {'destroyed': []}, 'perm': {'giant': {'damage': 2}}}),
    X('mp-trample-to-left-player', '800.4e, 702.19d',
      "The blocker's controller left the game in the first-strike step: the blocked trampler's damage isn't assigned to him",
      board=("players Alice, Bob (life 2), Carol\n"
          "active Alice\n"
          "Alice:\n"
          "  knight: White Knight 2/2 [Creature — Human Knight] white \"First strike (This creature deals combat damage before creatures without first strike.)\" \"Protection from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)\"\n"
          "  dread: Colossal Dreadmaw 6/6 [Creature — Dinosaur] green \"Trample (This creature can deal excess combat damage to the player or planeswalker it's attacking.)\"\n"
          "Bob:\n"
          "  bb: Runeclaw Bear 2/2 [Creature — Bear] green\n"
          "attack knight -> Bob\n"
          "attack dread -> Bob\n"
          "block bb -> dread\n"),
      expect={'after': {'lost': ['Bob'], 'life': {'Bob': 0}}, 'game_over': False}),
    X('de-protection-message', '702.16f',
      'German words: the protection violation of check --lang de has no English phrase',
      board=duel(
          ["bk: Black Knight 2/2 [Creature — Human Knight] black \"First strike (This creature deals combat damage before creatures without first strike.)\" \"Protection from white (This creature can't be blocked, targeted, dealt damage, or enchanted by anything white.)\""],
          ["wk: White Knight 2/2 [Creature — Human Knight] white \"First strike (This creature deals combat damage before creatures without first strike.)\" \"Protection from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)\""],
          "attack bk -> Bob"),
      ask='check-blocks',
      decl='wk -> bk',
      args=('--lang', 'de'),
      expect={'legal': False, 'rule': '702.16f', 'message_lacks': ['protection from']}),
    X('wall-of-frost-blocks', '509.3a',
      'Wall of Frost blocks Craw Wurm: nothing dies (its trigger acts next turn only)',
      board=duel(
          ["wurm: Craw Wurm 6/4 [Creature — Wurm] green"],
          ["wof: Wall of Frost 0/7 [Creature — Wall] blue \"Defender\" \"Whenever Wall of Frost blocks a creature, that creature doesn't untap during its controller's next untap step.\""],
          "attack wurm -> Bob",
          "block wof -> wurm"),
      expect={'nu': None,
          'after': {'destroyed': [], 'life': {'Bob': 20}},
          'perm': {'wof': {'damage': 6}}}),
]


def _param(s: X):
    rule = s.cr.split(",")[0].strip()
    marks = ()
    if s.bug:
        cls, reason = s.bug
        marks = (pytest.mark.xfail(strict=True, reason=f"({cls}) {reason}"),)
    return pytest.param(s, id=f"{s.id}-{rule}", marks=marks)


@pytest.mark.parametrize("s", [_param(s) for s in SCENARIOS])
def test_scenario(s: X, tmp_path):
    code, out, err = ask(s, tmp_path)
    problems = failures(s, code, out, err)
    assert not problems, f"{s.title} ({s.cr}):\n  " + "\n  ".join(problems)


def test_scenario_ids_are_unique_and_bugs_are_classified():
    ids = [s.id for s in SCENARIOS]
    assert len(ids) == len(set(ids))
    assert all(s.bug[0] in ("a", "b", "c", "w") and s.bug[1] for s in SCENARIOS if s.bug)


def test_the_judge_finds_a_wrong_expectation(tmp_path):
    """The judge can fail: the same board asked with a wrong outcome, a wrong not_modelled
    and a wrong exit status is reported each time."""
    board = ("Alice:\n  bears: Grizzly Bears 2/2 [Creature — Bear] green\n"
             "  drake: Drake 2/2 [Creature — Drake] \"Whenever this creature deals combat damage "
             "to a player, draw a card.\"\nattack bears -> Bob\nattack drake -> Bob\n")
    wrong = [X("w1", "510.2", "wrong life", board, expect={"nu": None, "after": {"life": {"Bob": 17}}}),
             X("w2", "510.2", "wrong report", board, expect={"nu": None, "nm": ["Flying"]}),
             X("w3", "510.2", "wrong exit", board, expect={"nu": None, "exit": 2}),
             X("w4", "510.2", "unread text", board + "Alice:\n  gizmo: Gizmo [Artifact] \"Zorp the flibber.\"\n",
               expect={"after": {"life": {"Bob": 16}}})]
    for s in wrong:
        assert failures(s, *ask(s, tmp_path)), s.title
    right = X("r", "510.2", "right", board,
              expect={"nu": None, "acts": "Whenever this creature deals combat damage",
                      "after": {"life": {"Bob": 16}}})
    assert not failures(right, *ask(right, tmp_path))


def _rule_numbers() -> frozenset[str]:
    cr = shared_path("rules", "cr")
    out: set[str] = set()
    for name in ("MagicCompRules-2026-04-17.txt", "MagicCompRules-2026-09-25-excerpt-310.txt",
                 "MagicCompRules-2026-09-25-excerpt-506-511.txt"):
        for line in (cr / name).read_text(encoding="utf-8-sig").splitlines():
            m = re.match(r"(\d{3}(?:\.\d+[a-z]?)?)\.?\s", line)
            if m:
                out.add(m.group(1))
    return frozenset(out)


def test_every_cited_rule_exists_in_the_current_rules():
    known = _rule_numbers()
    missing = [(s.id, r.strip()) for s in SCENARIOS for r in s.cr.split(",")
               if r.strip() not in known]
    assert not missing
