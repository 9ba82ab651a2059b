"""Benchmark: legal attack declarations on growing random boards (CP-SAT).

For N attackers, a seeded random board of three players with planeswalkers and a
mix of requirements and restrictions (attacks if able, goad, can't attack alone,
defender, tapped creatures, a per-player cap, a global cap, a tax) is built; the
table gives the time to build the problem, to compute the maximum number of
requirements, to check one declaration and to list the first 1,000 legal
declarations.

    python bench/attacks.py [--seed S] [--sizes 5,10,20]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mtgcombat.rules import abilities as A  # noqa: E402
from mtgcombat.rules.attack import attack_problem  # noqa: E402
from mtgcombat.rules.bind import bind  # noqa: E402
from mtgcombat.rules.model import Board, Effect, Permanent, Player  # noqa: E402
from mtgcombat.solver.base import Deadline, check, legal_declarations  # noqa: E402
from mtgcombat.solver.cpsat import CpSat  # noqa: E402

PLAYERS = ("Alice", "Bob", "Carol")


def _reading(*abilities):
    return A.TextReading(understood=(A.Parsed("(bench)", tuple(abilities)),))


def random_board(n: int, seed: int):
    rng = random.Random(seed * 1000 + n)
    perms, texts = [], {}
    for i in range(max(1, n // 10)):
        for who in ("Bob", "Carol"):
            perms.append(Permanent(f"pw_{who}_{i}", f"PW {who} {i}", who,
                                   "Planeswalker - Jace", loyalty=3))
    for i in range(n):
        cid = f"c{i}"
        roll = rng.random()
        goad = ()
        abilities = []
        if roll < 0.25:
            abilities.append(A.AttackRequirement())
        elif roll < 0.35:
            goad = (rng.choice(("Bob", "Carol")),)
        elif roll < 0.45:
            abilities.append(A.CantAttackAlone())
        elif roll < 0.50:
            abilities.append(A.Keyword("defender"))
        elif roll < 0.55:
            abilities.append(A.AttackRequirement(target=A.NamedRef("Bob")))
        elif roll < 0.60:
            abilities.append(A.AttackCondition(
                A.SelfRef(), A.OthersAttack(A.StatPred("power", ">", "self"))))
        perms.append(Permanent(
            cid, f"Creature {i}", "Alice", power=rng.randint(1, 5), toughness=rng.randint(1, 5),
            tapped=rng.random() < 0.1, goaded_by=goad,
        ))
        if abilities:
            texts[cid] = _reading(*abilities)
    effects = [
        (Effect("Crawlspace", "Bob"), _reading(A.AttackCap(max(1, n // 4), A.YouRef()))),
        (Effect("Silent Arbiter-like cap", "Carol"), _reading(A.AttackCap(max(2, n // 2)))),
        (Effect("Propaganda", "Carol"), _reading(A.AttackCost("{2}", A.Group(), A.YouRef()))),
    ]
    board = Board(players=tuple(Player(p) for p in PLAYERS), active_player="Alice",
                  permanents=tuple(perms), effects=tuple(e for e, _ in effects))
    bound = bind(board, texts, [r for _, r in effects])
    return board, bound


def _ms(t0: float) -> float:
    return (time.perf_counter() - t0) * 1000


def run(sizes, seed: int) -> None:
    backend = CpSat()
    print(f"{'N':>4} {'keys':>6} {'reqs':>5} {'build ms':>9} {'max ms':>8} {'max':>4} "
          f"{'check ms':>9} {'legal?':>6} {'list 1000 ms':>13} {'listed':>7}")
    for n in sizes:
        t0 = time.perf_counter()
        board, bound = random_board(n, seed)
        problem = attack_problem(board, bound)
        build = _ms(t0)
        t0 = time.perf_counter()
        m, witness = backend.maximum(problem, frozenset(), Deadline(60))
        tmax = _ms(t0)
        t0 = time.perf_counter()
        v = check(problem, backend, witness or {}, time_limit=60)
        tcheck = _ms(t0)
        t0 = time.perf_counter()
        res = legal_declarations(problem, backend, limit=1000, time_limit=120)
        tlist = _ms(t0)
        print(f"{n:>4} {len(problem.keys()):>6} {len(problem.requirements):>5} {build:>9.1f} "
              f"{tmax:>8.1f} {m if m is not None else '-':>4} {tcheck:>9.1f} "
              f"{str(v.legal):>6} {tlist:>13.1f} {len(res.declarations):>5} {res.status[:1]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sizes", default="5,10,20,40,80,160")
    args = ap.parse_args()
    run([int(x) for x in args.sizes.split(",")], args.seed)


if __name__ == "__main__":
    main()
