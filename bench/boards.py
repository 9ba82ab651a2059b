"""Board generators for the benchmarks (JSON boards of the spec, Oracle text on the cards).

``combat(n)``: n attackers (Alice) against n potential blockers (Bob), a seeded mix of
flying, reach, menace and vanilla creatures; a share ``lure`` of the attackers have
"All creatures able to block ~ do so." (509.1c), four blockers "~ blocks each combat if
able."; every attacker attacks Bob. ``small(n)``: n creatures a side, a few keywords. ``requirements(n, lure, must_block)``: the
harder family -- a share ``lure`` of the attackers with "All creatures able to block ~ do
so.", a share ``must_block`` of the blockers with "~ blocks each combat if able.", flying,
reach and menace mixed on both sides (issue 24: 10 % Lure and a third must-block made the
explanation 11x the legal check). ``blocks_board(n)``: the everyday board people type
for the cold start (n v n, keyword texts, one Lure sentence, every attacker attacking).
``menace(n)``: n 2/2 menace attackers against n 2/2 blockers (counting's worst case).
"""

from __future__ import annotations

import random
from typing import Any


def _creature(cid: str, name: str, ctl: str, p: int, t: int, text: str = "") -> dict:
    d: dict[str, Any] = {"id": cid, "name": name, "controller": ctl, "power": p, "toughness": t}
    if text:
        d["text"] = text
    return d


def combat(n: int, seed: int = 0, lure: float = 0.05, forced: int = 4,
           attacks: bool = True) -> dict:
    rng = random.Random(seed)
    perms = []
    for i in range(n):
        kind = rng.random()
        text = ("Flying" if kind < 0.15 else "Menace" if kind < 0.25 else "")
        if rng.random() < lure:
            text = (text + "\n" if text else "") + f"All creatures able to block Attacker {i} do so."
        perms.append(_creature(f"a{i}", f"Attacker {i}", "Alice", rng.randint(1, 6),
                               rng.randint(1, 6), text))
    for i in range(n):
        kind = rng.random()
        text = "Flying" if kind < 0.1 else "Reach" if kind < 0.2 else ""
        if i < forced:
            text = (text + "\n" if text else "") + f"Blocker {i} blocks each combat if able."
        perms.append(_creature(f"b{i}", f"Blocker {i}", "Bob", rng.randint(0, 5),
                               rng.randint(1, 6), text))
    data: dict[str, Any] = {"players": [{"name": "Alice"}, {"name": "Bob"}],
                            "active_player": "Alice", "permanents": perms}
    if attacks:
        data["attacks"] = {f"a{i}": "Bob" for i in range(n)}
    return data


def small(n: int, seed: int = 0) -> dict:
    """n creatures a side, nothing attacking yet (an attack check board)."""
    rng = random.Random(seed)
    words = ["", "Flying", "Vigilance", "Trample", "Deathtouch", "First strike", "Reach",
             "Defender", "Menace", "Lifelink"]
    perms = []
    for i in range(n):
        perms.append(_creature(f"a{i}", f"Alpha {i}", "Alice", rng.randint(1, 5),
                               rng.randint(1, 5), rng.choice(words)))
        perms.append(_creature(f"b{i}", f"Beta {i}", "Bob", rng.randint(1, 5),
                               rng.randint(1, 5), rng.choice(words)))
    perms[0]["text"] = "Alpha 0 attacks each combat if able."
    return {"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
            "permanents": perms}


def requirements(n: int, seed: int = 0, lure: float = 0.10, must_block: float = 1 / 3,
                 attacks: bool = True) -> dict:
    """n attackers v n blockers with many requirements: a share ``lure`` of the attackers
    say "All creatures able to block ~ do so." (509.1c), a share ``must_block`` of the
    blockers "~ blocks each combat if able." (509.1c); flying, reach and menace mixed."""
    rng = random.Random(seed)
    perms = []
    for i in range(n):
        kind = rng.random()
        words = ("Flying" if kind < 0.25 else "Menace" if kind < 0.35 else
                 "Flying, trample" if kind < 0.4 else "")
        lines = [words] if words else []
        if rng.random() < lure:
            lines.append(f"All creatures able to block Attacker {i} do so.")
        perms.append(_creature(f"a{i}", f"Attacker {i}", "Alice", rng.randint(1, 6),
                               rng.randint(1, 6), "\n".join(lines)))
    for i in range(n):
        kind = rng.random()
        words = "Flying" if kind < 0.2 else "Reach" if kind < 0.4 else ""
        lines = [words] if words else []
        if rng.random() < must_block:
            lines.append(f"Blocker {i} blocks each combat if able.")
        perms.append(_creature(f"b{i}", f"Blocker {i}", "Bob", rng.randint(0, 5),
                               rng.randint(1, 6), "\n".join(lines)))
    data: dict[str, Any] = {"players": [{"name": "Alice"}, {"name": "Bob"}],
                            "active_player": "Alice", "permanents": perms}
    if attacks:
        data["attacks"] = {f"a{i}": "Bob" for i in range(n)}
    return data


def blocks_board(n: int, seed: int = 0) -> dict:
    """The everyday block board: n attackers (every one attacking) v n blockers, keyword
    texts ("Flying", "First strike, trample", "Toxic 2" ...) and one Lure sentence."""
    rng = random.Random(seed)
    perms = []
    for i in range(n):
        text = rng.choice(["", "Flying", "Menace", "Trample", "First strike, trample",
                           "Deathtouch"])
        perms.append(_creature(f"a{i}", f"Attacker {i}", "Alice", rng.randint(1, 5),
                               rng.randint(1, 5), text))
    perms[0]["text"] = "All creatures able to block Attacker 0 do so."
    for i in range(n):
        text = rng.choice(["", "Flying", "Reach", "Vigilance", "Toxic 2"])
        perms.append(_creature(f"b{i}", f"Blocker {i}", "Bob", rng.randint(1, 5),
                               rng.randint(1, 5), text))
    return {"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
            "permanents": perms, "attacks": {f"a{i}": "Bob" for i in range(n)}}


def menace(n: int) -> dict:
    """n 2/2 menace attackers (all attacking) against n 2/2 blockers (702.111b)."""
    perms = [_creature(f"a{i}", f"Raider {i}", "Alice", 2, 2, "Menace") for i in range(n)]
    perms += [_creature(f"b{i}", f"Guard {i}", "Bob", 2, 2) for i in range(n)]
    return {"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
            "permanents": perms, "attacks": {f"a{i}": "Bob" for i in range(n)}}
