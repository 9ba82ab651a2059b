"""Random small boards (at most 3 v 3) for the best-decision tests: JSON boards of the spec
with the keywords and requirement texts the reference (tests/reference_minimax.py) reads."""

from __future__ import annotations

import random

KEYWORDS = ["Flying", "Reach", "Menace", "First strike", "Double strike", "Deathtouch",
            "Trample", "Lifelink", "Vigilance", "Haste"]


def _creature(rng: random.Random, cid: str, name: str, ctl: str, attacker: bool) -> dict:
    kws = [k for k in KEYWORDS if rng.random() < 0.14]
    lines = [", ".join(kws)] if kws else []
    if attacker and rng.random() < 0.12:
        lines.append(f"All creatures able to block {name} do so.")
    if not attacker and rng.random() < 0.12:
        lines.append(f"{name} blocks each combat if able.")
    if attacker and rng.random() < 0.08:
        lines.append(f"{name} attacks each combat if able.")
    toughness = rng.randint(1, 5)
    d = {"id": cid, "name": name, "controller": ctl, "power": rng.randint(0, 5),
         "toughness": toughness}
    if lines:
        d["text"] = "\n".join(lines)
    if rng.random() < 0.15:
        d["damage"] = rng.randint(0, toughness - 1)
    if rng.random() < 0.08:
        d["tapped"] = True
    if attacker and rng.random() < 0.1:
        d["summoning_sick"] = True
    return d


def board(seed: int, declared: bool) -> dict:
    """A board; with ``declared`` every able attacker attacks (for best-blocks)."""
    rng = random.Random(seed)
    na, nb = rng.randint(1, 3), rng.randint(0, 3)
    perms = [_creature(rng, f"a{i}", f"Attacker {i}", "Alice", True) for i in range(na)]
    perms += [_creature(rng, f"b{i}", f"Blocker {i}", "Bob", False) for i in range(nb)]
    data = {"rules": rng.choice(["current", "2024"]),
            "players": [{"name": "Alice"}, {"name": "Bob", "life": rng.randint(2, 12)}],
            "active_player": "Alice", "permanents": perms}
    for player in data["players"]:
        # what the board records of a player's turn (kept through combat, and counted)
        if rng.random() < 0.2:
            player["damage_taken"] = rng.randint(0, 3)
        if rng.random() < 0.2:
            player["creatures_died"] = rng.randint(0, 2)
        if rng.random() < 0.1:
            player["graveyard"] = rng.randint(0, 9)
    if declared:
        able = [p for p in perms if p["controller"] == "Alice" and not p.get("tapped")
                and not p.get("summoning_sick")]
        data["attacks"] = {p["id"]: "Bob" for p in able}
        if not data["attacks"]:
            return board(seed + 10_000, declared)
    return data
