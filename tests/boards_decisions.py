"""Random small boards for the decision tests (issue 23), biased to the hard cases: first
and double strike with trample, deathtouch, infect, wither, toxic, indestructible,
lifelink races, low life totals, damage already marked, two players and three. JSON boards
of the spec with only what tests/reference_minimax.py reads."""

from __future__ import annotations

import random

HARD = ["First strike", "Double strike", "Trample", "Deathtouch", "Infect", "Wither",
        "Toxic 1", "Toxic 2", "Indestructible", "Lifelink"]
PLAIN = ["Flying", "Reach", "Menace", "Vigilance", "Haste"]
#: Pairs that make the hard boards hard.
PAIRS = [("Double strike", "Trample"), ("First strike", "Trample"), ("Deathtouch", "Trample"),
         ("Infect", "Trample"), ("Wither", "Trample"), ("Double strike", "Lifelink"),
         ("Double strike", "Infect"), ("Deathtouch", "First strike"), ("Toxic 1", "Trample")]


def _keywords(rng: random.Random) -> list[str]:
    r = rng.random()
    if r < 0.15:
        return []
    if r < 0.45:
        return list(rng.choice(PAIRS))
    kws = rng.sample(HARD, rng.choice([1, 1, 2]))
    if rng.random() < 0.15:
        kws.append(rng.choice(PLAIN))
    if "Toxic 1" in kws and "Toxic 2" in kws:
        kws.remove("Toxic 2")
    return kws


def _creature(rng: random.Random, cid: str, name: str, ctl: str, attacker: bool) -> dict:
    toughness = rng.randint(1, 4)
    d = {"id": cid, "name": name, "controller": ctl, "power": rng.randint(0, 4),
         "toughness": toughness}
    lines = []
    kws = _keywords(rng)
    if kws:
        lines.append(", ".join(kws))
    if attacker and rng.random() < 0.06:
        lines.append(f"All creatures able to block {name} do so.")
    if not attacker and rng.random() < 0.06:
        lines.append(f"{name} blocks each combat if able.")
    if lines:
        d["text"] = "\n".join(lines)
    if toughness > 1 and rng.random() < 0.3:
        d["damage"] = rng.randint(1, toughness - 1)
    if attacker and rng.random() < 0.05:
        d["summoning_sick"] = True
    if not attacker and rng.random() < 0.05:
        d["tapped"] = True
    return d


def hard_board(seed: int, declared: bool, size: int = 3) -> dict:
    """A board; three players one time in four (Alice attacks Bob and Carol). With
    ``declared``, every attacker able attacks (a defending player at random)."""
    rng = random.Random(f"hard/{seed}")
    three = rng.random() < 0.25
    defenders = ["Bob", "Carol"] if three else ["Bob"]
    na = rng.randint(1, size if not three else min(size, 3))
    perms = [_creature(rng, f"a{i}", f"Attacker {i}", "Alice", True) for i in range(na)]
    nb = rng.randint(0, size if not three else 2)
    perms += [_creature(rng, f"b{i}", f"Blocker {i}", "Bob", False) for i in range(nb)]
    if three:
        nc = rng.randint(0, 2)
        perms += [_creature(rng, f"c{i}", f"Guard {i}", "Carol", False) for i in range(nc)]
    low = rng.random() < 0.6
    players = [{"name": "Alice", "life": rng.randint(1, 6) if rng.random() < 0.3 else 20}]
    for p in defenders:
        d = {"name": p, "life": rng.randint(1, 8) if low else rng.randint(9, 20)}
        if rng.random() < 0.2:
            d["poison"] = rng.randint(5, 9)
        players.append(d)
    data = {"rules": rng.choice(["current", "2024"]), "players": players,
            "active_player": "Alice", "permanents": perms}
    if declared:
        able = [p for p in perms if p["controller"] == "Alice" and not p.get("summoning_sick")]
        if not able:
            return hard_board(seed + 100_000, declared, size)
        data["attacks"] = {p["id"]: rng.choice(defenders) for p in able}
    return data
