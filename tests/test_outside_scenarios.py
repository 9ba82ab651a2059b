"""An outside-style audit of ``combat`` (issue 26): scenarios of the kind other engines'
combat and triggered-ability test suites hold (XMage's combat and keyword tests, Forge's,
phase.rs's were read for ideas -- which real cards, what is declared), written as our own
boards in ``tests/outside/`` with real Oracle text from ``../shared/corpus/oracle_combat.tsv``.

Every expectation below is derived from the Comprehensive Rules and names its rule; none is
read off our own answer. Each board is classified:

* **agrees** -- the answer carries the board out as the rules say: the life totals, poison
  counters, what was destroyed, power/toughness and counters after the combat;
* **unread** -- a sentence that acts in this combat is not carried out, and the answer says
  so: it is listed in ``not_modelled`` (the rules' result is still written down, for the day
  it is read);
* **disagrees** -- anything else: a bug, or an answer silent over an ability that acts.

Beyond each board's own expectation, every answer is checked never to be silent: a sentence
it did not understand that can act in a combat is in ``not_modelled``, and nothing it lists
as resolving (608.2) resolved with no outcome at all.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import pytest

from mtgcombat import Board
from mtgcombat.errors import BadInput
from mtgcombat.text import Writer

OUTSIDE = Path(__file__).parent / "outside"


@dataclass(frozen=True)
class Expect:
    """What the rules say happens. ``unread``: sentences (or their beginnings) that act here
    and that the answer must list in ``not_modelled`` while they are not carried out."""

    rule: str
    life: dict = field(default_factory=dict)
    poison: dict = field(default_factory=dict)
    destroyed: Optional[tuple] = None
    pt: dict = field(default_factory=dict)
    counters: dict = field(default_factory=dict)
    loyalty: dict = field(default_factory=dict)
    tapped: dict = field(default_factory=dict)
    marked: dict = field(default_factory=dict)  # damage marked after combat (120.3e)
    defense: dict = field(default_factory=dict)  # a battle's defense counters (120.3h)
    defeated: Optional[tuple] = None  # battles defeated (310.10)
    status: str = "complete"
    unread: tuple = ()


E = Expect
SCENARIOS: dict[str, Expect] = {
    # -- attack triggers (508.3a) --------------------------------------------------------
    "exalted-alone": E("702.83a", life={"Bob": 17}, pt={"bears": (3, 3)}),
    "exalted-sublime": E("702.83b", life={"Bob": 15}, pt={"bears": (5, 5), "bears2": (2, 2)}),
    "exalted-not-alone": E("702.83a", life={"Bob": 17}, pt={"bears": (2, 2)}),
    "battle-cry": E("702.91a", life={"Bob": 14}, pt={"paladin": (3, 1), "piker": (3, 1)}),
    "hero-of-bladehold": E("508.4", life={"Bob": 13},
                           pt={"soldier-token": (2, 1), "soldier-token-2": (2, 1)}),
    "hellrider": E("508.3a", life={"Bob": 13}),
    "hellrider-planeswalker": E("508.1b", life={"Bob": 16}, destroyed=("jace",)),
    "cavalcade-of-calamity": E("508.3a", life={"Bob": 16}),
    "dethrone-tied": E("702.105a", life={"Bob": 16}, counters={"marchesa": {"+1/+1": 1}}),
    "dethrone-less-life": E("702.105a", life={"Alice": 25, "Bob": 17}, pt={"marchesa": (3, 3)}),
    "dethrone-granted": E("702.105a", life={"Bob": 13}, counters={
        "marchesa": {"+1/+1": 1}, "bears": {"+1/+1": 1}}),
    "brimaz-attacks": E("508.4", life={"Bob": 16}, pt={"cat-soldier-token": (1, 1)}),
    # the token enters blocking the Giant (509.4); Bob's best assignment kills it
    "brimaz-blocks": E("509.4", life={"Alice": 20}, destroyed=("cat-soldier-token", "ogre"),
                       pt={"brimaz": (3, 4)}),
    "exert-minotaur": E("701.43a", life={"Bob": 15}, pt={"minotaur": (5, 4)}),
    "exert-declined": E("701.43a", life={"Bob": 16}, pt={"minotaur": (4, 3)}),
    "ophidian-draw": E("509.3g", life={"Bob": 20}),
    "fortress-cyclops-attacks": E("508.3a", life={"Bob": 14}, pt={"cyclops": (6, 3)}),
    "bomber-corps-battalion": E("207.2c", life={"Bob": 14}),
    "bomber-corps-no-battalion": E("207.2c", life={"Bob": 17}),
    "gnoll-hunter-pack-tactics": E("603.4", life={"Bob": 11}, counters={"gnoll": {"+1/+1": 1}}),
    "gnoll-hunter-no-pack": E("603.4", life={"Bob": 16}, pt={"gnoll": (2, 2)}),
    "mr-orfeo": E("701.10b", life={"Bob": 14}, pt={"giant": (6, 3)}),
    "gravity-well": E("508.3a", life={"Bob": 20}, destroyed=("giant",)),
    "melee": E("702.121a", life={"Bob": 17}, pt={"protester": (3, 2)}),
    "training": E("702.149a", life={"Bob": 11}, counters={"gryff": {"+1/+1": 1}}),
    "brutal-hordechief": E("508.3a", life={"Alice": 22, "Bob": 13}),
    "adeline": E("508.4", life={"Bob": 17},
                 unread=("Whenever you attack, for each opponent, create",)),
    "goblin-guide": E("508.3a", life={"Bob": 18},
                      unread=("Whenever Goblin Guide attacks, defending player reveals",)),
    "provoke-forces-block": E("702.39a", status="illegal"),
    "provoke-obeyed": E("702.39a", destroyed=("bears", "craghorn"), life={"Bob": 20}),
    # -- beginning of combat (507.2) -----------------------------------------------------
    "combat-professor": E("507.2", life={"Bob": 17}, pt={"bears": (3, 2)},
                          tapped={"bears": False}),
    "rabblemaster": E("508.1d", status="illegal"),
    # -- block triggers (509.3) ----------------------------------------------------------
    "somberwald-becomes-blocked": E("509.3c", life={"Bob": 20}, destroyed=("bbears",),
                                    pt={"bears": (3, 3)}),
    "somberwald-trample-blocked": E("702.19c", life={"Bob": 15}, destroyed=("bbears",),
                                    pt={"wurm": (7, 5)}),
    "bushido-blocked": E("702.45a", destroyed=("vanguard",), pt={"isao": (4, 3)}),
    "bushido-blocking": E("702.45a", destroyed=("vanguard",), pt={"isao": (4, 3)}),
    "bushido-double-block": E("509.3c", destroyed=("elves", "mystic"), pt={"isao": (4, 3)}),
    "afflict-blocked": E("702.130a", life={"Bob": 19}, destroyed=("elves",)),
    "afflict-unblocked": E("702.130a", life={"Bob": 18}),
    "afflict-source-exiled": E("113.7a", life={"Bob": 18}, destroyed=(), pt={"rat": (1, 1)}),
    "rampage-double-block": E("702.23a", destroyed=("g1", "g2", "giant"), life={"Bob": 20}),
    "fortress-cyclops-blocks": E("509.3a", destroyed=("cyclops",), pt={"beast": (6, 4)}),
    "flailing-drake": E("509.3c", destroyed=("drake",), pt={"bears": (3, 3)}),
    "thicket-basilisk": E("603.7", destroyed=("giant",), pt={"basilisk": (2, 4)}),
    # -- combat damage triggers (510.3a), dies (700.4), life gained (119.10) --------------
    "neonate-counter": E("510.3a", life={"Bob": 18}, counters={"neonate": {"+1/+1": 1}}),
    "slith-firewalker": E("510.3a", life={"Bob": 19}, pt={"slith": (2, 2)}),
    "boros-reckoner": E("510.3a", life={"Bob": 17}, destroyed=("giant", "reckoner")),
    "spitemare-first-strike": E("510.4", destroyed=("knight",), life={"Alice": 20},
                                pt={"spitemare": (3, 3)}),
    "perilous-myr": E("603.10a", destroyed=("bears", "myr"), life={"Alice": 20}),
    "blood-artist": E("603.10a", life={"Alice": 21, "Bob": 19}, destroyed=("bbears",)),
    "zulaport": E("603.10a", life={"Alice": 21, "Bob": 19}, destroyed=("bears",)),
    "kitchen-finks": E("702.79a", life={"Alice": 22, "Bob": 20}, destroyed=("finks", "giant"),
                       pt={"finks-2": (2, 1)}, counters={"finks-2": {"-1/-1": 1}}),
    "geralfs-messenger-undying": E("702.93a", life={"Bob": 18},
                                   destroyed=("giant", "messenger"),
                                   counters={"messenger-2": {"+1/+1": 1}}),
    "pridemate-lifelink": E("119.10", life={"Alice": 24, "Bob": 18},
                            counters={"pridemate": {"+1/+1": 1}}),
    "pridemate-double-strike": E("702.4b", life={"Alice": 24, "Bob": 16},
                                 counters={"pridemate": {"+1/+1": 2}}),
    "markov-blademaster": E("510.4", life={"Bob": 17}, counters={"markov": {"+1/+1": 2}}),
    "flensermite": E("702.15b", life={"Alice": 21, "Bob": 20}, poison={"Bob": 1}),
    "finks-wither-no-persist": E("702.79a", life={"Alice": 20}, destroyed=("finks", "ramgang"),
                                 pt={}),
    "persist-token": E("111.8", destroyed=("giant", "ouphe"), life={"Alice": 20}),
    "undying-with-counter": E("702.93a", destroyed=("messenger", "wurm"), life={"Bob": 20}),
    "undying-after-wither": E("400.7", life={"Bob": 18}, destroyed=("messenger", "ramgang"),
                              pt={"messenger-2": (4, 3)}, counters={"messenger-2": {"+1/+1": 1}}),
    "blood-artist-trick-death": E("700.4", life={"Alice": 21, "Bob": 19}, destroyed=("bears",)),
    "prowess-trick": E("702.108a", destroyed=("giant",), pt={"spear": (5, 6)},
                       unread=("Prowess",)),
    "pridemate-two-lifelinkers": E("119.10", life={"Alice": 24, "Bob": 16},
                                   counters={"pridemate": {"+1/+1": 2}}),
    "fog-no-lifelink": E("702.15b", life={"Alice": 20, "Bob": 20}, pt={"pridemate": (2, 2)}),
    "first-strike-deathtouch-blocker": E("702.2b", destroyed=("wurm",), pt={"viper": (1, 1)}),
    "exalted-double-strike": E("702.4b", life={"Bob": 16}),
    "afflict-two-blockers": E("509.3c", life={"Bob": 18}, destroyed=("e1", "e2")),
    "helix-pridemate": E("119.10", life={"Alice": 23, "Bob": 20}, destroyed=("bears",),
                         counters={"pridemate": {"+1/+1": 1}}),
    "briar-patch": E("508.3a", life={"Bob": 17}, pt={"giant": (2, 3), "bears": (1, 2)}),
    "dripping-dead": E("510.3a", destroyed=("wall",), pt={"dead": (4, 1)}),
    "greater-werewolf": E("511.2", destroyed=("turtle",), pt={"wolf": (2, 4)}),
    "greater-werewolf-nothing-left": E("608.2c", destroyed=("bears",), pt={"wolf": (2, 4)}),
    "defiant-vanguard": E("603.7", destroyed=("vanguard", "wall"),
                          unread=("When Defiant Vanguard blocks, at end of combat",)),
    "ancestor-dragon": E("508.3d", life={"Alice": 22, "Bob": 13}),
    "roughrider-cant-block": E("509.1b", status="illegal"),
    "guardian-gateless": E("509.3a", destroyed=("b1", "b2"), pt={"guardian": (5, 5)}),
    "wall-of-frost": E("509.3b", destroyed=(), life={"Bob": 20}),
    "annihilator": E("702.86a", life={"Bob": 10}, unread=("Annihilator 2",)),
    "ohran-frostfang": E("702.2b", destroyed=("elf", "wurm"), life={"Bob": 20}),
    "decayed-attacks": E("702.147a", life={"Bob": 18}, destroyed=("zombie",)),
    "decayed-cant-block": E("702.147a", status="illegal"),
    # -- static effects on damage ------------------------------------------------------
    "doran-toughness": E("510.1a", life={"Bob": 16}),
    "brontodon-toughness-own-only": E("510.1a", life={"Bob": 20}, destroyed=("piker",),
                                      pt={"guard": (1, 3)}),
    "lumberknot-filter": E("510.1a", life={"Bob": 14}),
    "zilortha-lethal-by-power": E("120.6", destroyed=("bears", "wall"), life={"Alice": 20}),
    "glacial-chasm": E("615.1", life={"Bob": 20}),
    "champion-lancer": E("615.1", destroyed=(), life={"Alice": 20}, pt={"wurm": (6, 4)},
                         marked={"lancer": 0, "wurm": 3}),
    "champion-lancer-myr": E("609.7a", destroyed=("myr",), marked={"lancer": 0}),
    "glacial-chasm-hellrider": E("615.1", life={"Bob": 20}),
    "fog-not-hellrider": E("615.1", life={"Bob": 19}),
    "armored-transport": E("615.1", destroyed=(), life={"Bob": 20},
                           unread=("Prevent all combat damage that would be dealt to Armored",)),
    "infect-player": E("702.90b", life={"Bob": 20}, poison={"Bob": 1}),
    "infect-creature": E("702.90c", destroyed=(), pt={"giant": (1, 1), "crusader": (2, 2)},
                         counters={"giant": {"-1/-1": 2}}),
    "infect-planeswalker": E("120.3c", loyalty={"jace": 2}, life={"Bob": 20}),
    "melira-no-poison": E("122.1f", life={"Bob": 19}, poison={"Bob": 0}),
    "melira-lose-infect": E("613.1f", life={"Alice": 19}, poison={"Alice": 0}),
    "melira-no-counters": E("122.1", destroyed=(), pt={"melira": (2, 2), "ramgang": (3, 3)}),
    "virulent-sliver": E("702.70a", life={"Bob": 19}, poison={"Bob": 1}),
    "wither-blocker": E("702.80a", destroyed=(), counters={"wall": {"-1/-1": 3}}),
    "archetype-imagination": E("613.1f", destroyed=("bird",), life={"Alice": 20}),
    "deathtouch-trample": E("702.19c", life={"Bob": 17}, destroyed=("snake", "wurm")),
    "lifelink-blocker": E("702.15b", life={"Bob": 22}, destroyed=()),
    "trample-marked-damage": E("702.19c", life={"Bob": 16}, destroyed=("bears",)),
    "indestructible-blocker": E("702.12b", destroyed=(), life={"Bob": 20}),
    "protection-blocker": E("702.16e", destroyed=(), life={"Bob": 20}),
    # -- combat tricks with a step (spec Extension 3) --------------------------------------
    "trick-fog": E("615.1", life={"Bob": 20}, destroyed=()),
    "trick-destroy-blocker-no-trample": E("509.1h", life={"Bob": 20}, destroyed=("bears",)),
    "trick-pump-after-blocks": E("613.4c", destroyed=("giant",), pt={"bears": (5, 5)}),
    "trick-shock-attacker": E("704.5g", destroyed=("bears",), pt={"wall": (0, 3)}),
    "trick-lightning-helix": E("608.2c", life={"Bob": 23}, destroyed=("giant",)),
    "trick-exile-attacker": E("506.4", life={"Bob": 18}, destroyed=(), pt={"elves": (1, 1)}),
    "trick-tap-blocker": E("506.4b", destroyed=("bears",), life={"Bob": 20}),
    "trick-bounce-blocker-trample": E("702.19e", life={"Bob": 14}, destroyed=()),
    "trick-double-strike-after-first": E("510.4", life={"Bob": 16}),
    "trick-first-strike-to-blocker": E("510.4", destroyed=("bears",), life={"Bob": 20}),
    "trick-cant-block-at-beginning": E("509.1b", status="illegal"),
    "trick-prevent-by-creature": E("615.1", destroyed=(), life={"Bob": 20}),
    "trick-loses-flying": E("613.1f", destroyed=("angel", "wurm"), life={"Bob": 20}),
    "trick-gains-trample": E("702.19b", destroyed=("bears",), life={"Bob": 16}),
    "archetype-cant-gain-flying": E("702.9b", status="illegal"),
    # -- second round (Forge's simulation tests, phase.rs's combat tests, XMage's combat,
    # first-strike, lifelink and keyword tests: the ideas, real cards; the CR's answers) ---
    "fs-knight-attacks": E("702.7b", destroyed=("bears",), life={"Bob": 20}),
    "fs-knight-blocks": E("702.7b", destroyed=("bears",), life={"Bob": 20}),
    "fs-both-first-strike": E("510.4", destroyed=(), marked={"bodyguard": 1, "sentry": 2}),
    "fs-gained-by-attacker": E("702.7b", destroyed=("bears",), pt={"piker": (3, 1)}),
    "fs-gained-by-blocker-both-die": E("702.7b", destroyed=("bears", "knight")),
    "fs-gained-after-first-step": E("702.7c", life={"Bob": 14}),
    "fs-zero-power-no-second-hit": E("510.4", life={"Bob": 20}, pt={"rograkh": (1, 2)},
                                     counters={"rograkh": {"+1/+1": 1}}),
    "fall-of-the-hammer-between-steps": E("608.2c", life={"Bob": 15}, marked={"hatchling": 3}),
    "dazzling-reflection": E("615.1", life={"Alice": 22, "Bob": 17},
                             unread=("You gain life equal to target creature's power.",)),
    "double-strike-trample-blocker-dies-first": E("702.19d", life={"Bob": 16},
                                                  destroyed=("angel",), marked={"zetalpa": 0}),
    "double-strike-trample-flamespeaker": E("702.19d", life={"Bob": 19}, destroyed=("elves",)),
    "lifelink-trample-heliod": E("119.9", life={"Alice": 24, "Bob": 18}, destroyed=("bears",),
                                 pt={"scion": (5, 5)}, counters={"scion": {"+1/+1": 1}},
                                 unread=("Whenever you gain life, put a +1/+1 counter on target",)),
    "mp-lifelink-two-opponents": E("119.9", life={"Alice": 24, "Bob": 18, "Carol": 18},
                                   counters={"pridemate": {"+1/+1": 2}}),
    "lifelink-deathtouch-trade": E("702.15b", life={"Alice": 22, "Bob": 22},
                                   destroyed=("nh", "bnh")),
    "mp-block-only-your-attackers": E("802.4a", status="refused"),
    "mp-hellrider-two-opponents": E("508.1b", life={"Bob": 16, "Carol": 17}),
    "mp-exalted-three-squires": E("702.83b", life={"Bob": 20, "Carol": 15}, pt={"bears": (5, 5)}),
    "mp-afflict-defending-player": E("702.130a", life={"Bob": 20, "Carol": 19},
                                     destroyed=("elves",)),
    "mp-melee-two-opponents": E("702.121a", life={"Bob": 14, "Carol": 16},
                                pt={"adriana": (6, 6), "bears": (4, 4)}),
    "mp-myriad": E("702.116a", life={"Bob": 16, "Carol": 16}, unread=("Myriad",)),
    "mp-dethrone-most-life": E("702.105a", life={"Bob": 21, "Carol": 18},
                               counters={"marchesa": {"+1/+1": 1}}, pt={"bears": (2, 2)}),
    "thg-shared-life": E("810.9", life={"Alice": 30, "Ann": 30, "Bob": 25, "Bea": 25}),
    "thg-poison-fifteen": E("810.10", poison={"Bob": 15, "Bea": 15}, life={"Bob": 30}),
    "thg-lifelink-team": E("810.9", life={"Alice": 32, "Ann": 32, "Bob": 28, "Bea": 28}),
    "flanking-sliver-chump": E("702.25a", destroyed=("elves",), life={"Bob": 20},
                               pt={"sliver": (1, 1)}),
    "flanking-vs-flanking": E("702.25a", destroyed=("lancer", "zknight")),
    "flanking-giant": E("702.25a", destroyed=("giant", "lancer")),
    "rampage-one-blocker": E("702.23a", destroyed=(), life={"Bob": 20}, pt={"craw": (6, 4)},
                             marked={"wall": 6}),
    "rafiq-exalted-double-strike": E("702.4b", life={"Bob": 14}, pt={"bears": (3, 3)}),
    "rafiq-alone": E("702.83a", life={"Bob": 12}, pt={"rafiq": (4, 4)}),
    "menace-one-blocker": E("702.111b", status="illegal"),
    "menace-two-blockers": E("702.111b", destroyed=("brute", "bears", "elves")),
    "menace-must-be-blocked-one-creature": E("509.1c", life={"Bob": 17}),
    "menace-must-be-blocked-two-creatures": E("509.1c", status="illegal"),
    "lure-not-all-block": E("509.1c", status="illegal"),
    "prized-unicorn-all-block": E("509.1c", destroyed=("elves",), marked={"unicorn": 1}),
    "prized-unicorn-wall-holds-back": E("509.1c", status="illegal"),
    "skulk-greater-power": E("702.118b", status="illegal"),
    "skulk-equal-power": E("702.118b", destroyed=("bears", "homunculus")),
    "fear-green-blocker": E("702.36b", status="illegal"),
    "fear-artifact-blocker": E("702.36b", destroyed=(), marked={"myr": 2}, life={"Bob": 20}),
    "intimidate-shared-colour": E("702.13b", destroyed=("boar", "giant")),
    "intimidate-other-colour": E("702.13b", status="illegal"),
    "shadow-blocker": E("702.28b", status="illegal"),
    "horsemanship": E("702.31b", status="illegal"),
    "swampwalk-swamp": E("702.14c", status="illegal"),
    "swampwalk-no-swamp": E("702.14c", destroyed=("bears",), life={"Bob": 20}),
    "stalking-tiger-two-blockers": E("509.1b", status="illegal"),
    "banding-attacker-assigns": E("702.22k", destroyed=("bears",), life={"Bob": 20},
                                  marked={"giant": 2, "hero": 0}),
    "poison-ten": E("704.5c", poison={"Bob": 10}, life={"Bob": 20}),
    "toxic-player": E("702.164c", poison={"Bob": 1}, life={"Bob": 19}),
    "thrasta-trample-over-planeswalkers": E("702.19c", life={"Bob": 18},
                                            destroyed=("bears", "jace")),
    "trample-attacking-planeswalker": E("702.19b", life={"Bob": 20}, destroyed=("bears", "jace")),
    "attack-planeswalker-unblocked": E("120.3c", loyalty={"jace": 1}, life={"Bob": 20}),
    "lifelink-planeswalker": E("702.15b", loyalty={"jace": 1}, life={"Alice": 22, "Bob": 20}),
    "avacyn-vs-deathtouch": E("702.12b", destroyed=("nh",), life={"Bob": 22},
                              marked={"avacyn": 2}),
    "avacyn-grants-indestructible": E("702.12b", destroyed=(), marked={"bears": 3},
                                      unread=("Other permanents you control have indestructible",)),
    "righteousness": E("613.4c", destroyed=("giant",), pt={"bears": (9, 9)}),
    "maze-of-ith": E("701.26b", life={"Bob": 20}, destroyed=(), tapped={"giant": False}),
    "settle-the-wreckage": E("506.4", life={"Bob": 20}, destroyed=(),
                             unread=("Exile all attacking creatures target player controls.",)),
    "condemn": E("506.4", life={"Alice": 23, "Bob": 20}, destroyed=(),
                 unread=("Put target attacking creature on the bottom",)),
    "giant-growth-before-first-strike": E("613.4c", destroyed=("knight",), pt={"bears": (5, 5)}),
    "giant-growth-too-late": E("608.2b", destroyed=("bears",), marked={"knight": 0}),
    "lightmine-field": E("508.3a", life={"Bob": 20}, destroyed=("bears", "elves"),
                         unread=("Whenever one or more creatures attack, Lightmine Field",)),
    "slagwurm-blocked": E("509.3c", life={"Alice": 22, "Bob": 20}, destroyed=("bears",),
                          marked={"wurm": 0},
                          unread=("Whenever Engulfing Slagwurm blocks or becomes blocked",)),
    "slagwurm-blocks": E("509.3a", life={"Bob": 23}, destroyed=("giant",), marked={"wurm": 0},
                         unread=("Whenever Engulfing Slagwurm blocks or becomes blocked",)),
    "sengir-vampire": E("603.10a", destroyed=("bears",), pt={"sengir": (5, 5)},
                        counters={"sengir": {"+1/+1": 1}},
                        unread=("Whenever a creature dealt damage by Sengir Vampire",)),
    "bellowing-aegisaur": E("510.3a", destroyed=("giant",), counters={"bears": {"+1/+1": 1}},
                            pt={"bears": (3, 3), "aegisaur": (3, 5)}),
    "falkenrath-two-deaths": E("603.10a", life={"Alice": 22, "Bob": 18},
                               destroyed=("bears", "bbears")),
    "sword-of-fire-and-ice": E("510.3a", life={"Bob": 14}),
    "sword-protection-from-red": E("702.16f", status="illegal"),
    "rancor": E("702.19b", life={"Bob": 17}, destroyed=("elves",)),
    "loxodon-warhammer": E("702.15b", life={"Alice": 25, "Bob": 16}, destroyed=("elves",)),
    "glorious-anthem-blocker": E("613.4c", destroyed=("bears", "elves")),
    "mogg-flunkies-alone": E("508.1c", status="illegal"),
    "mogg-flunkies-with-another": E("508.1c", life={"Bob": 15}),
    "palace-guard-blocks-two": E("509.1a", destroyed=("guard", "piker"), life={"Bob": 20}),
    "watcher-blocks-three": E("509.1a", destroyed=("watcher", "piker", "elves"),
                              life={"Bob": 20}),
    "arcades-wall-attacks": E("510.1a", life={"Bob": 12}),
    "questing-beast-fog": E("615.12", life={"Bob": 16}),
    "questing-beast-planeswalker": E("510.3a", life={"Bob": 16}, destroyed=("jace",)),
    "questing-beast-small-blocker": E("509.1b", status="illegal"),
    "obliterator-first-strike-blocker": E("702.19d", life={"Bob": 15}, pt={"obliterator": (5, 5)},
                                          unread=("Whenever a source deals damage to Phyrexian",)),
    "dreadmaw-indestructible-blocker": E("702.19b", life={"Bob": 15}, destroyed=(),
                                         marked={"myr": 1}),
    "vigilance-untapped": E("702.20b", life={"Bob": 14},
                            tapped={"angel": False, "bears": True}),
    "wither-sickle-ripper": E("702.80a", destroyed=("ripper",), pt={"giant": (1, 1)},
                              counters={"giant": {"-1/-1": 2}}),
    "questing-beast-deathtouch-two-blockers": E("702.2c", destroyed=("beast", "g1", "g2"),
                                                life={"Bob": 20}),
    # (XMage's BecomesBlocked, AttackBlockRestrictions, RemoveFromCombat, DamageDistribution
    # and PowerToughnessCalculationAfterCombatDamage tests; battles; prevention shields)
    "trap-runner-unblockable": E("509.3c", life={"Bob": 20}, pt={"blade": (2, 3)},
                                 unread=("Target unblocked attacking creature becomes blocked.",)),
    "trap-runner-trample": E("702.19d", life={"Bob": 13}, pt={"wurm": (7, 5)},
                             unread=("Target unblocked attacking creature becomes blocked.",)),
    "nighthowler-trade": E("704.3", destroyed=("howler", "seer"), life={"Bob": 20}),
    "warren-instigator-blocked": E("510.4", life={"Bob": 4}, destroyed=("looter",)),
    "warren-instigator-unblocked": E("702.4b", life={"Bob": 2}),
    "hunted-ghoul-human": E("509.1b", status="illegal"),
    "hunted-ghoul-wurm": E("509.1b", destroyed=("ghoul",), life={"Bob": 20}),
    "bower-passage": E("509.1b", status="illegal"),
    "champion-of-lambholt-small": E("509.1b", status="illegal"),
    "champion-of-lambholt-big": E("509.1b", destroyed=("vanguard",), marked={"giant": 2}),
    "blighted-agent-unblockable": E("509.1b", status="illegal"),
    "mogg-flunkies-blocks-alone": E("509.1b", status="illegal"),
    "ambush-commander-dies": E("611.3a", life={"Bob": 20}, destroyed=("commander",),
                               unread=("Forests you control are 1/1 green Elf creatures",)),
    "infect-blocked-by-finks": E("702.90c", destroyed=("mamba",), pt={"finks": (2, 1)},
                                 counters={"finks": {"-1/-1": 1}}),
    "infect-indestructible-myr": E("704.5f", destroyed=("myr",)),
    "battle-defense": E("120.3h", defense={"siege": 1}, life={"Bob": 20}, defeated=()),
    "battle-defeated": E("704.5v", defeated=("siege",), life={"Bob": 20}),
    "battle-protector-blocks": E("802.4a", destroyed=("bears",), defense={"siege": 3}),
    "thg-teammate-blocks": E("805.10d", destroyed=("elves",), marked={"bears": 1},
                             life={"Bob": 30}),
    "healing-salve-shield": E("615.7", destroyed=(), marked={"giant": 2},
                              unread=("Prevent the next 3 damage",)),
    "wither-indestructible-myr": E("704.5f", destroyed=("myr",)),
    "nighthawk-two-chumps": E("702.2c", destroyed=("air", "raven", "nh"),
                              life={"Alice": 22, "Bob": 20}),
    "mp-exalted-opponent-attacked-alone-other-player": E("702.83a", life={"Carol": 18},
                                                         pt={"bears": (2, 2)}),
    # a static ability's source leaves during the combat (611.3a): said, not carried out
    "anthem-destroyed-after-blocks": E("611.3a", destroyed=("anthem", "elves"),
                                       marked={"bears": 1},
                                       unread=("Creatures you control get +1/+1.",)),
    "rancor-destroyed-after-blocks": E("611.3a", life={"Bob": 20}, destroyed=("rancor", "elves"),
                                       pt={"bears": (2, 2)},
                                       unread=("Enchanted creature gets +2/+0",)),
    "lord-dies-first-strike": E("611.3a", destroyed=("archdruid", "elves"), marked={"bears": 1},
                                unread=("Other Elf creatures you control get +1/+1.",)),
    "lord-survives": E("613.4c", destroyed=("bears", "elves")),
    # (third pass: protection against deathtouch, Lure with menace, replacement effects on
    # damage, toxic with proliferate, damage triggers of Auras and creatures, banding)
    "rats-vs-auriok-champion": E("702.16e", destroyed=("rats",), marked={"champion": 0}),
    "lure-menace-one-creature": E("509.1c", life={"Bob": 17}),
    "lure-menace-two-creatures-one-blocks": E("702.111b", status="illegal"),
    "ironclaw-orcs": E("509.1b", status="illegal"),
    "hero-and-hellrider": E("508.4", life={"Bob": 7}, pt={"soldier-token": (2, 1)}),
    "pariah": E("614.1a", life={"Bob": 20}, destroyed=("bears",),
                unread=("All damage that would be dealt to you is dealt to enchanted",)),
    "worship": E("614.1a", life={"Bob": 1},
                 unread=("damage that would reduce your life total to less than 1",)),
    "bloated-contaminator": E("701.34a", life={"Bob": 18}, poison={"Bob": 2},
                              destroyed=("bears",), unread=("proliferate",)),
    "spirit-link-on-blocker": E("603.2", life={"Alice": 22}, destroyed=("bears", "link"),
                                unread=("Whenever enchanted creature deals damage",)),
    "spiritmonger": E("510.3a", destroyed=("bears",), pt={"monger": (7, 7)},
                      counters={"monger": {"+1/+1": 1}},
                      unread=("Whenever Spiritmonger deals damage to a creature",)),
    "phyrexian-crusader-blocked": E("702.90c", destroyed=("bears",), marked={"crusader": 0}),
    "crusader-pro-red-blocker": E("702.16f", status="illegal"),
    "fireshrieker": E("702.4b", life={"Bob": 16}),
    "fireshrieker-destroyed-after-first-step": E("702.4c", life={"Bob": 18},
                                                 destroyed=("shrieker",)),
    "boros-charm-indestructible": E("702.12b", destroyed=(), marked={"giant": 2},
                                    unread=("Permanents you control gain indestructible",)),
    "banding-defender-assigns": E("702.22j", destroyed=("giant", "hero"), life={"Bob": 20}),
    "rampage-three-blockers": E("702.23a", life={"Bob": 16}, pt={"craw": (10, 8)},
                                destroyed=("b1", "b2", "b3")),
    "flanking-two-chumps": E("702.25a", destroyed=("elves", "mystic"), life={"Bob": 20}),
    # (Forge's block-requirement and combat AI tests: Lure creatures, must be blocked,
    # lethal swings; prevention against lifelink and trample)
    "elvish-bard-other-blocked": E("509.1c", status="illegal"),
    "elvish-bard-all-block": E("509.1c", life={"Bob": 18}),
    "goblin-fire-fiend": E("509.1c", status="illegal"),
    "nest-robbers-lethal": E("704.5a", life={"Bob": 0}, destroyed=("bear", "r1")),
    "lancer-vs-lifelink-trample": E("702.19b", life={"Alice": 22, "Bob": 18},
                                    destroyed=("bears",), marked={"lancer": 0}),
    "progenitus": E("702.16j", status="illegal"),
    # (XMage's RemoveFromCombat test, regeneration, prevention between the damage steps)
    "regenerate-attacker": E("701.19c", destroyed=(), life={"Bob": 20}, marked={"giant": 2},
                             unread=("Regenerate target creature.",)),
    "regenerate-vs-deathtouch": E("701.19c", destroyed=("rats",),
                                  unread=("Regenerate target creature.",)),
    "fog-after-first-strike": E("615.1", life={"Bob": 18}),
    "reconnaissance": E("608.2b", destroyed=(), life={"Bob": 20}, tapped={"giant": False},
                        marked={"bears": 0}),
    "blocker-removed-from-combat": E("509.1h", destroyed=(), life={"Bob": 20},
                                     tapped={"giant": True}),
    "attacker-removed-from-combat": E("506.4", life={"Bob": 18},
                                      tapped={"giant": True, "bears": True}),
    # (multiplayer and teams: blocks by teammates, shared life, players who lose mid-combat)
    "thg-double-block-by-teammates": E("805.10d", destroyed=("giant", "bears", "elves"),
                                       life={"Bob": 30, "Bea": 30}),
    "thg-two-lifelinkers": E("810.9", life={"Alice": 34, "Ann": 34, "Bob": 26, "Bea": 26}),
    "mp-four-players-only-defenders": E("802.3", life={"Bob": 17, "Carol": 20, "Dave": 18}),
    "mp-player-loses-in-first-strike-step": E("800.4a", life={"Bob": 0, "Carol": 17}),
    "thg-team-loses-in-first-strike-step": E("104.2a", life={"Bob": 0, "Bea": 0}),
    "mp-dethrone-tied": E("702.105a", life={"Carol": 16}, counters={"marchesa": {"+1/+1": 1}}),
}


def answer_json(name: str) -> dict:
    try:
        board = Board.parse((OUTSIDE / f"{name}.mtg").read_text(encoding="utf-8"),
                            f"{name}.mtg")
    except BadInput as e:  # a declaration the board itself can't hold (802.4a): refused
        return {"status": "refused", "error": str(e)}
    ans = board.combat()
    return json.loads(json.dumps(ans.to_json(Writer.for_board(ans.board, "en"))))


def _mismatches(exp: Expect, a: dict) -> list[str]:
    """What in the answer differs from what the rules say."""
    bad: list[str] = []
    if a.get("status") != exp.status:
        bad.append(f"status {a.get('status')} != {exp.status}")
    if exp.status == "refused" and exp.rule not in a.get("error", ""):
        bad.append(f"refused without naming {exp.rule}: {a.get('error')}")
    if exp.status != "complete":
        return bad
    after = a["after"]
    for who, n in exp.life.items():
        if after["life"][who] != n:
            bad.append(f"life of {who} {after['life'][who]} != {n}")
    for who, n in exp.poison.items():
        if after["poison"][who] != n:
            bad.append(f"poison of {who} {after['poison'][who]} != {n}")
    if exp.destroyed is not None and sorted(after["destroyed"]) != sorted(exp.destroyed):
        bad.append(f"destroyed {sorted(after['destroyed'])} != {sorted(exp.destroyed)}")
    perms = {p.get("id", p["name"]): p for p in after["board"].get("permanents", ())}
    for pid, (p, t) in exp.pt.items():
        got = perms.get(pid)
        if got is None or (got.get("power"), got.get("toughness")) != (p, t):
            bad.append(f"{pid} is {got and (got.get('power'), got.get('toughness'))} "
                       f"!= {(p, t)}")
    for pid, cs in exp.counters.items():
        got = (perms.get(pid) or {}).get("counters", {})
        if {k: v for k, v in got.items() if k in cs} != cs:
            bad.append(f"counters of {pid} {got} != {cs}")
    for pid, n in exp.loyalty.items():
        if (perms.get(pid) or {}).get("loyalty") != n:
            bad.append(f"loyalty of {pid} != {n}")
    for pid, n in exp.marked.items():
        if (perms.get(pid) or {}).get("damage", 0) != n:
            bad.append(f"damage on {pid} {(perms.get(pid) or {}).get('damage', 0)} != {n}")
    for pid, n in exp.defense.items():
        if (perms.get(pid) or {}).get("defense") != n:
            bad.append(f"defense of {pid} {(perms.get(pid) or {}).get('defense')} != {n}")
    if exp.defeated is not None and sorted(after["defeated"]) != sorted(exp.defeated):
        bad.append(f"defeated {sorted(after['defeated'])} != {sorted(exp.defeated)}")
    for pid, t in exp.tapped.items():
        if bool((perms.get(pid) or {}).get("tapped")) != t:
            bad.append(f"{pid} tapped != {t}")
    return bad


def _listed(a: dict, sentence: str) -> bool:
    return any(sentence in (m if isinstance(m, str) else json.dumps(m, ensure_ascii=False))
               for m in a.get("not_modelled", ()))


def classify(name: str, exp: Expect, a: Optional[dict] = None) -> tuple[str, list[str]]:
    """"agrees", "unread" (a sentence that acts is listed in not_modelled) or "disagrees",
    with what differs."""
    a = answer_json(name) if a is None else a
    bad = _mismatches(exp, a)
    if exp.unread and all(_listed(a, s) for s in exp.unread):
        return "unread", bad  # said, whether or not it changes this board's result
    return ("disagrees", bad) if bad else ("agrees", [])


# A sentence that may act in a combat (it names an event, damage, life, a counter ...).
_ACTS = re.compile(r"(?i)\b(whenever|at the beginning of combat|prevent|damage|attacks?|"
                   r"blocks?|dies|gains? .* life|loses? .* life|counters? on)\b")


def silences(a: dict) -> list[str]:
    """What an answer is silent about: a sentence not understood that may act here and is
    not in ``not_modelled``; an ability said to resolve (608.2) with no outcome."""
    out = []
    for s in a.get("not_understood", ()):
        if _ACTS.search(s) and not s.startswith("{") and not _listed(a, s):
            out.append(f"not understood, not listed: {s}")
    for step in a.get("stack", ()):
        for r in step["resolved"]:
            if not r["outcome"]:
                out.append(f"resolves with no outcome: {r['sentence']}")
    return out


def test_every_outside_board_has_an_expectation_and_the_reverse():
    files = {p.stem for p in OUTSIDE.glob("*.mtg")}
    assert files == set(SCENARIOS)
    assert len(files) >= 200


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_outside_scenario_agrees_with_the_rules_or_says_what_it_leaves(name):
    exp = SCENARIOS[name]
    a = answer_json(name)
    kind, bad = classify(name, exp, a)
    if exp.unread:
        # not read yet: it must say so (or, once read, agree -- then drop ``unread``)
        assert kind == "unread", (kind, bad)
    else:
        assert kind == "agrees", bad
    assert silences(a) == []


def test_outside_scenarios_cite_rules_of_the_comprehensive_rules():
    cr = (Path(__file__).resolve().parents[1] / ".." / "shared" / "rules")
    texts = " ".join(p.read_text(encoding="utf-8", errors="replace")
                     for p in cr.rglob("*.txt")) if cr.is_dir() else ""
    for name, exp in SCENARIOS.items():
        assert re.fullmatch(r"\d{3}(\.\d+[a-z]?)?", exp.rule), name
        if texts:
            assert exp.rule + " " in texts or exp.rule + "." in texts, (name, exp.rule)


# -- the bugs this audit found, each a behaviour of its own ---------------------------------


def _resolved(a: dict) -> list[dict]:
    return [r for step in a["stack"] for r in step["resolved"]]


def test_exert_the_reflexive_when_you_do_is_what_resolves_603_12():
    a = answer_json("exert-minotaur")
    (r,) = [r for r in _resolved(a) if r["kind"] == "exert"]
    assert r["sentence"].startswith("When you do, it gets +1/+1")
    assert "You may exert" not in r["message"] and "603.12" in r["message"]


def _combat(text: str) -> dict:
    board = Board.parse(text, "<test>")
    ans = board.combat()
    return json.loads(json.dumps(ans.to_json(Writer.for_board(ans.board, "en"))))


_TRICK = """players Alice, Bob
active Alice
Alice:
  giant: Hill Giant 3/3 [Creature — Giant] red
Bob:
  bears: Grizzly Bears 2/2 [Creature — Bear] green
effect Bob in declare attackers -> giant: "{text}"
attack giant -> Bob
no blocks
"""


def test_a_trick_not_understood_is_listed_not_said_to_resolve_608_2():
    a = _combat(_TRICK.format(text="Frobnicate target creature."))
    assert _resolved(a) == []
    assert _listed(a, "Frobnicate target creature.")
    assert a["after"]["life"]["Bob"] == 17  # nothing done: the giant's 3 damage


def test_a_spell_naming_itself_deals_its_damage_and_gains_its_life_201_5_608_2c():
    a = _combat(_TRICK.format(
        text="Lightning Helix deals 3 damage to any target and you gain 3 life."))
    assert not a.get("not_understood")
    assert a["after"]["destroyed"] == ["giant"] and a["after"]["life"]["Bob"] == 23


def test_a_permanents_name_in_a_sourceless_trick_is_not_read_as_the_spell_201_5():
    a = _combat(_TRICK.format(text="Grizzly Bears deals 2 damage to target creature."))
    assert _listed(a, "Grizzly Bears deals 2 damage") and _resolved(a) == []


def test_damage_to_the_player_or_planeswalker_the_attacker_attacks_508_1b():
    a = answer_json("hellrider-planeswalker")
    hits = sorted(o["objects"][0] for r in _resolved(a) for o in r["outcome"])
    assert hits == ["Bob", "jace"]


def test_damage_to_what_it_attacked_after_the_attacker_left_combat_608_2h():
    # "aa" resolves first (the default order, by source id): the Bears leave, then
    # Hellrider still deals 1 to Jace, which they attacked (as declared, 508.1b)
    a = _combat("""players Alice, Bob
active Alice
Alice:
  aa: Bouncer 1/1 [Creature — Spirit] "Whenever a creature you control attacks, return it to its owner's hand."
  hellrider: Hellrider 3/3 [Creature — Devil] "Haste" "Whenever a creature you control attacks, Hellrider deals 1 damage to the player or planeswalker it's attacking."
  bears: Grizzly Bears 2/2 [Creature — Bear] green
Bob:
  jace: Jace Beleren [Legendary Planeswalker — Jace] loyalty 3
attack bears -> jace
no blocks
""")
    assert not a.get("not_understood")
    order = [(r["source"], o["code"]) for r in _resolved(a) for o in r["outcome"]]
    assert order[0][0] == "aa" and ("hellrider", "stack.damage") in order
    jace = [p for p in a["after"]["board"]["permanents"] if p["id"] == "jace"]
    assert jace and jace[0]["loyalty"] == 2


def test_dethrone_and_training_granted_are_the_triggers_their_rules_word_702_105a_702_149a():
    from mtgcombat.grammar.oracle.fast import rule_triggers
    from mtgcombat.rules.stack import GRANTED_TRIGGERS

    for kw, ab in GRANTED_TRIGGERS.items():
        assert rule_triggers(kw) == (ab,), kw


def test_a_granted_dethrone_triggers_for_the_creature_granted_it_702_105a():
    a = answer_json("dethrone-granted")
    assert sorted(r["source"] for r in _resolved(a)) == ["bears", "marchesa"]


def test_training_needs_another_attacker_with_greater_power_702_149a():
    a = _combat("""players Alice, Bob
active Alice
Alice:
  gryff: Gryff Rider 2/1 [Creature — Human Knight] "Flying" "Training"
  bears: Grizzly Bears 2/2 [Creature — Bear] green
attack gryff -> Bob
attack bears -> Bob
no blocks
""")
    assert _resolved(a) == [] and a["after"]["life"]["Bob"] == 16


def test_a_prevention_effect_on_all_damage_prevents_a_triggers_damage_615_1():
    a = answer_json("glacial-chasm-hellrider")
    (o,) = [o for r in _resolved(a) for o in r["outcome"]]
    assert (o["code"], o["rule"]) == ("stack.prevented", "615.1")


def test_a_combat_damage_prevention_does_not_stop_a_triggers_damage_615_1():
    a = answer_json("fog-not-hellrider")
    assert ("hellrider", "stack.damage") in [(r["source"], o["code"]) for r in _resolved(a)
                                             for o in r["outcome"]]


def test_prevention_by_creatures_covers_a_dead_creatures_damage_609_7a_608_2h():
    a = answer_json("champion-lancer-myr")
    assert [o["code"] for r in _resolved(a) for o in r["outcome"]] == ["stack.prevented"]


def test_prevent_all_damage_to_it_by_creatures_is_read_as_one_shield_615_1():
    from mtgcombat.grammar.oracle import read_text
    from mtgcombat.rules import abilities as A
    from mtgcombat.rules.combat_abilities import Prevention

    r = read_text("Prevent all damage that would be dealt to Champion Lancer by creatures.",
                  "Champion Lancer")
    (ab,) = r.abilities
    assert isinstance(ab, Prevention) and ab.to == A.SelfRef() and not ab.combat_only
    assert isinstance(ab.by, A.Group)


def test_persist_sees_the_wither_counters_it_died_with_603_10a_702_79a():
    a = answer_json("finks-wither-no-persist")
    assert not any(p["id"].startswith("finks")
                   for p in a["after"]["board"].get("permanents", ()))
    assert a["after"]["life"]["Alice"] == 20  # no return, no "enters" life gain


def test_doubling_a_creatures_power_gives_it_plus_x_as_it_resolves_701_10b():
    a = answer_json("mr-orfeo")
    (o,) = [o for r in _resolved(a) for o in r["outcome"]]
    assert o["code"] == "stack.pt" and o["objects"] == ["giant"]


def test_a_token_created_blocking_that_creature_blocks_it_509_4():
    a = answer_json("brimaz-blocks")
    (o,) = [o for r in _resolved(a) for o in r["outcome"]]
    assert o["code"] == "stack.token" and "blocking Hill Giant" in o["message"]
    dealt = {(d["source"], d["to"]) for st in a["steps"] for d in st["dealt"]}
    assert ("cat-soldier-token", "ogre") in dealt  # it deals its damage as a blocker (510.1)


def test_an_ability_that_finds_nothing_as_it_resolves_says_so_608_2c():
    a = answer_json("greater-werewolf-nothing-left")
    (r,) = _resolved(a)
    assert [o["code"] for o in r["outcome"]] == ["stack.nothing"]


def test_an_attacker_untapped_during_combat_ends_it_untapped_701_26b_508_1f():
    # Maze of Ith untaps the Giant after blocks; the attack's tapping (508.1f) came before
    a = answer_json("maze-of-ith")
    giant = [p for p in a["after"]["board"]["permanents"] if p["id"] == "giant"]
    assert giant and not giant[0].get("tapped")
    # the same untap at the beginning of combat, before attackers are declared, is undone
    # by attacking (508.1f): that creature ends the combat tapped
    b = _combat("""players Alice, Bob
active Alice
Alice:
  giant: Hill Giant 3/3 [Creature — Giant] red tapped
  bears: Grizzly Bears 2/2 [Creature — Bear] green
effect Alice in beginning of combat -> giant: "Untap target creature."
attack giant -> Bob
attack bears -> Bob
no blocks
""")
    assert [o["code"] for r in _resolved(b) for o in r["outcome"]] == ["stack.untap"]
    tapped = {p["id"]: bool(p.get("tapped")) for p in b["after"]["board"]["permanents"]}
    assert tapped == {"giant": True, "bears": True}


def test_a_static_effect_whose_source_left_during_combat_is_said_611_3a():
    # Glorious Anthem destroyed after blocks: the board's 2/2 Elves are 1/1 from then on;
    # the combat doesn't take the +1/+1 away -- and says so (never silent)
    a = answer_json("anthem-destroyed-after-blocks")
    assert _listed(a, "Creatures you control get +1/+1.")
    assert "611.3a" in " ".join(a["not_modelled"])
    # the same Anthem staying: nothing to say
    assert not answer_json("glorious-anthem-blocker")["not_modelled"]
    # an Aura gone with the creature it enchanted changes nothing that is left: not said
    a = _combat("""players Alice, Bob
active Alice
Alice:
  bears: Grizzly Bears 4/2 [Creature — Bear] green
  rancor: Rancor [Enchantment — Aura] green attached to bears "Enchant creature\\nEnchanted creature gets +2/+0 and has trample."
Bob:
  giant: Hill Giant 3/3 [Creature — Giant] red
attack bears -> Bob
block giant -> bears
""")
    assert sorted(a["after"]["destroyed"]) == ["bears", "giant", "rancor"]
    assert a["after"]["life"]["Bob"] == 19 and not a["not_modelled"]


def test_a_static_effect_not_understood_whose_source_left_is_said_611_3a():
    a = answer_json("ambush-commander-dies")
    assert _listed(a, "Forests you control are 1/1 green Elf creatures that are still lands.")
    # while the Commander stays, the board's values hold its effect: nothing acts
    b = _combat(Path(OUTSIDE / "ambush-commander-dies.mtg").read_text(encoding="utf-8")
                .split("effect Bob")[0] + "attack forest -> Bob\nno blocks\n")
    assert not b["not_modelled"] and b["after"]["life"]["Bob"] == 19


def test_targets_are_judged_once_as_the_ability_resolves_608_2b():
    # "Remove target attacking creature you control from combat and untap it": once removed
    # the Giant no longer attacks, but it is still the target the rest of the text acts on
    a = answer_json("reconnaissance")
    assert [o["code"] for r in _resolved(a) for o in r["outcome"]] == [
        "stack.out_of_combat", "stack.untap"]
    giant = [p for p in a["after"]["board"]["permanents"] if p["id"] == "giant"]
    assert giant and not giant[0].get("tapped")
    # a target that was never legal (Bob controls no attacker): not cast at all (601.2c)
    b = _combat("""players Alice, Bob
active Alice
Alice:
  giant: Hill Giant 3/3 [Creature — Giant] red
Bob:
  bears: Grizzly Bears 2/2 [Creature — Bear] green
effect Bob in declare blockers -> giant: "Remove target attacking creature you control from combat and untap it."
attack giant -> Bob
no blocks
""")
    assert b["after"]["life"]["Bob"] == 17
    assert [o["code"] for r in _resolved(b) for o in r["outcome"]] == ["stack.not_cast"]


def test_an_attacker_removed_from_combat_stays_tapped_506_4_508_1f():
    a = answer_json("attacker-removed-from-combat")
    tapped = {p["id"]: bool(p.get("tapped")) for p in a["after"]["board"]["permanents"]}
    assert tapped == {"giant": True, "bears": True} and a["after"]["life"]["Bob"] == 18
