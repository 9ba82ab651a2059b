"""Benchmark: legal block declarations (509.1) with the CP-SAT backend.

The target board (20 v 20 with four "blocks each combat if able"; checks of its
maximum's witness, of no blocks and of random declarations), then two families:

* ``mixed``: N attackers against N potential blockers, a seeded mix of flying,
  reach, menace, Lure, "blocks each combat if able" (exactly four creatures, as
  in the target) and extra block capacity. For each N we time building the
  problem, the maximum number of requirements (509.1c), checking one legal and
  one illegal declaration, counting every legal declaration (when that ends
  within the time limit) and listing the first 1,000.

* ``x3c``: boards built from exact-cover-by-3-sets instances. Deciding whether a
  block declaration is legal is coNP-complete (Chatterjee & Ibsen-Jensen, ECAI
  2016); our own reduction:

    - each element u of the universe (3q of them) is a defending creature
      ("blocks each combat if able": one requirement each);
    - each triple T of the collection is an attacking creature that "can't be
      blocked except by three or more creatures" and "can't be blocked except by
      u1, u2 or u3" (its elements), and "must be blocked if able" (one
      requirement each) -- so a blocked triple is blocked by exactly its three
      elements, and since each element blocks one creature the blocked triples
      are disjoint;
    - one more attacker P "can't be blocked unless all creatures defending
      player controls block it" and carries q - 1 "must be blocked if able"
      requirements.

  Either every element blocks P (3q + (q - 1) = 4q - 1 requirements), or P is
  unblocked and k disjoint triples are blocked (3k + k = 4k). So the declaration
  D = "every element blocks P" is legal iff 4q > 4k for every packing, i.e.
  iff the instance has **no** exact cover. We time ``check(D)`` on instances
  with a planted cover (D illegal) and on instances whose answer a small exact
  cover search (Algorithm X) settles independently.

Run: ``python bench/blocks.py [--only target|mixed|x3c] [--sizes 5,10,20] [--q 5,10,20,30]
[--time-limit 20]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mtgcombat.rules import abilities as A  # noqa: E402
from mtgcombat.rules.bind import bind  # noqa: E402
from mtgcombat.rules.block import block_problem  # noqa: E402
from mtgcombat.rules.model import Board, Permanent, Player  # noqa: E402
from mtgcombat.solver import get_backend  # noqa: E402
from mtgcombat.solver.base import Deadline, SolverTimeout, check, legal_declarations  # noqa: E402

FLYING, REACH, MENACE = A.Keyword("flying"), A.Keyword("reach"), A.Keyword("menace")


def _reading(abilities) -> A.TextReading:
    return A.TextReading(understood=tuple(A.Parsed(type(a).__name__, (a,)) for a in abilities))


def _bound_problem(perms: list[tuple[Permanent, list]], attacks: dict[str, str]):
    board = Board(
        players=(Player("A"), Player("B")), active_player="A",
        permanents=tuple(p for p, _ in perms), attacks=attacks,
    )
    readings = {p.id: _reading(abs_) for p, abs_ in perms if abs_}
    bound = bind(board, readings, [])
    return block_problem(board, bound)


# ---------------------------------------------------------------------------
# Mixed boards
# ---------------------------------------------------------------------------


def mixed_board(n: int, seed: int = 0, forced: int = 4, lure: float = 0.05):
    """N attackers vs N blockers with a seeded mix of abilities: a quarter of the
    attackers fly, 15% have menace, a share ``lure`` has Lure; 15% of the blockers
    fly, 15% have reach, ``forced`` of them "block each combat if able", 10% can
    block one or two additional creatures."""
    rng = random.Random(seed * 1000 + n)
    perms: list[tuple[Permanent, list]] = []
    attacks = {}
    for i in range(n):
        abil = []
        r = rng.random()
        if r < 0.25:
            abil.append(FLYING)
        elif r < 0.40:
            abil.append(MENACE)
        if rng.random() < lure:
            abil.append(A.LureRequirement())
        perms.append((Permanent(f"a{i}", f"Attacker {i}", "A", power=rng.randint(1, 5),
                                toughness=rng.randint(1, 5)), abil))
        attacks[f"a{i}"] = "B"
    forced_ids = set(rng.sample(range(n), min(forced, n)))
    for j in range(n):
        abil = []
        r = rng.random()
        if r < 0.15:
            abil.append(FLYING)
        elif r < 0.30:
            abil.append(REACH)
        if j in forced_ids:
            abil.append(A.BlockRequirement())
        if rng.random() < 0.10:
            abil.append(A.BlockCapacity(extra=rng.choice([1, 2])))
        perms.append((Permanent(f"b{j}", f"Blocker {j}", "B", power=rng.randint(1, 5),
                                toughness=rng.randint(1, 5)), abil))
    return _bound_problem(perms, attacks)


def _timed(fn: Callable):
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def _ms(s: Optional[float]) -> str:
    return "-" if s is None else (f"{s * 1000:.1f} ms" if s < 1 else f"{s:.2f} s")


def bench_mixed(sizes, time_limit: float, backend_name: str, lure: float) -> list[str]:
    be = get_backend(backend_name)
    rows = ["| N | literals | restrictions | requirements | build | maximum | check legal | "
            "check illegal | count legal | first 1,000 |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    print("\n".join(rows), flush=True)
    for n in sizes:
        problem, t_build = _timed(lambda: mixed_board(n, lure=lure))
        lits = sum(len(v) for v in problem.options.values())
        try:
            (m, witness), t_max = _timed(
                lambda: be.maximum(problem, frozenset(), Deadline(time_limit)))
        except SolverTimeout:
            m, witness, t_max = None, None, None
        if witness is not None:
            v, t_check = _timed(lambda: check(problem, be, witness, time_limit=time_limit))
            assert v.status == "unknown" or v.legal, v.violations
        else:
            t_check = None
        v2, t_check2 = _timed(lambda: check(problem, be, {}, time_limit=time_limit))
        assert v2.status == "unknown" or not v2.legal or not problem.requirements
        listing, t_count = _timed(
            lambda: legal_declarations(problem, be, limit=None, time_limit=time_limit))
        count = (str(len(listing.declarations)) if listing.status == "complete"
                 else f"> {len(listing.declarations)} (stopped at {time_limit:g} s)")
        first, t_first = _timed(
            lambda: legal_declarations(problem, be, limit=1000, time_limit=time_limit))
        first_s = _ms(t_first) + ("" if first.status != "unknown" else " (unknown)")
        rows.append(
            f"| {n} | {lits} | {len(problem.restrictions)} | {len(problem.requirements)} "
            f"(max {m}) | {_ms(t_build)} | {_ms(t_max)} | {_ms(t_check)} | {_ms(t_check2)} | "
            f"{count} in {_ms(t_count)} | {len(first.declarations)} in {first_s} |")
        print(rows[-1], flush=True)
    return rows


def bench_target(time_limit: float, backend_name: str, seed: int = 0,
                 samples: int = 50) -> list[str]:
    """The target board: 20 attackers vs 20 blockers, four of which "block each
    combat if able" (no Lure). Checks of the maximum's witness, of the empty
    declaration, and of ``samples`` random declarations (each blocker blocks a
    random attacker or nothing; most break some restriction)."""
    be = get_backend(backend_name)
    problem = mixed_board(20, seed=seed, forced=4, lure=0.0)
    m, witness = be.maximum(problem, frozenset(), Deadline(time_limit))
    rng = random.Random(seed)
    decls = [("witness of the maximum", witness or {}), ("no blocks", {})]
    for i in range(samples):
        d = {}
        for c, opts in problem.options.items():
            if opts and rng.random() < 0.5:
                d[c] = (rng.choice(opts),)
        decls.append((f"random #{i}", d))
    times, legal = [], 0
    for _, d in decls:
        v, t = _timed(lambda: check(problem, be, d, time_limit=time_limit))
        times.append(t)
        legal += v.legal
    rows = ["| declarations checked | legal | first (witness) | empty | median | max |",
            "|---|---|---|---|---|---|",
            f"| {len(decls)} | {legal} | {_ms(times[0])} | {_ms(times[1])} | "
            f"{_ms(sorted(times)[len(times) // 2])} | {_ms(max(times))} |"]
    print("\n".join(rows), flush=True)
    return rows


# ---------------------------------------------------------------------------
# Exact cover by 3-sets
# ---------------------------------------------------------------------------


def x3c_instance(q: int, kind: str, seed: int) -> list[tuple[int, int, int]]:
    """A collection of triples over range(3q).

    * ``planted``: a hidden exact cover plus q random triples;
    * ``planted-dense``: a hidden exact cover plus 3q random triples;
    * ``partitions``: four random partitions of the universe, each with one triple
      removed -- every element lies in three or four triples and whether an exact
      cover exists is not known in advance (Algorithm X settles it).
    """
    rng = random.Random(seed * 7919 + q)
    n = 3 * q
    triples: set[tuple[int, int, int]] = set()

    def partition() -> list[tuple[int, int, int]]:
        u = list(range(n))
        rng.shuffle(u)
        return [tuple(sorted(u[3 * i: 3 * i + 3])) for i in range(q)]  # type: ignore[misc]

    if kind.startswith("planted"):
        triples.update(partition())
        extra = q if kind == "planted" else 3 * q
        while len(triples) < q + extra:
            triples.add(tuple(sorted(rng.sample(range(n), 3))))  # type: ignore[arg-type]
    else:
        for _ in range(4):
            part = partition()
            part.pop(rng.randrange(q))
            triples.update(part)
    out = sorted(triples)
    rng.shuffle(out)
    return out


def has_exact_cover(q: int, triples: list[tuple[int, int, int]], limit: float) -> Optional[bool]:
    """Knuth's Algorithm X (plain dicts); None when ``limit`` seconds run out."""
    end = time.monotonic() + limit
    cols: dict[int, set[int]] = {e: set() for e in range(3 * q)}
    for i, t in enumerate(triples):
        for e in t:
            cols[e].add(i)

    def search() -> bool:
        if time.monotonic() > end:
            raise TimeoutError
        if not cols:
            return True
        e = min(cols, key=lambda c: len(cols[c]))
        for i in list(cols[e]):
            removed = []
            for x in triples[i]:
                for j in cols[x]:
                    for y in triples[j]:
                        if y != x and y in cols:
                            cols[y].discard(j)
                removed.append((x, cols.pop(x)))
            if search():
                return True
            for x, rows in reversed(removed):
                cols[x] = rows
                for j in rows:
                    for y in triples[j]:
                        if y != x and y in cols:
                            cols[y].add(j)
        return False

    try:
        return search()
    except TimeoutError:
        return None


def x3c_board(q: int, triples: list[tuple[int, int, int]]):
    perms: list[tuple[Permanent, list]] = []
    attacks = {}
    for i, t in enumerate(triples):
        who = A.OrPred(tuple(A.NamePred(f"u{e}") for e in t))
        abil = [A.CantBeBlockedExcept(min_blockers=3), A.CantBeBlockedExcept(by=who),
                A.MustBeBlocked()]
        perms.append((Permanent(f"t{i}", f"Triple {i}", "A", power=1, toughness=1), abil))
        attacks[f"t{i}"] = "B"
    perms.append((Permanent("P", "Pool", "A", power=1, toughness=1),
                  [A.CantBeBlockedUnlessAllBlock()] + [A.MustBeBlocked()] * (q - 1)))
    attacks["P"] = "B"
    for e in range(3 * q):
        perms.append((Permanent(f"u{e}", f"u{e}", "B", power=1, toughness=1),
                      [A.BlockRequirement()]))
    problem = _bound_problem(perms, attacks)
    decl = {f"u{e}": ("P",) for e in range(3 * q)}
    return problem, decl


def bench_x3c(qs, time_limit: float, backend_name: str, seeds: int = 3) -> list[str]:
    be = get_backend(backend_name)
    rows = ["| q | triples | kind | exact cover (Algorithm X) | D legal? | check D |",
            "|---|---|---|---|---|---|"]
    print("\n".join(rows), flush=True)
    for q in qs:
        for kind in ("planted", "planted-dense", "partitions"):
            for seed in range(seeds):
                triples = x3c_instance(q, kind, seed)
                truth, t_truth = _timed(lambda: has_exact_cover(q, triples, time_limit))
                problem, decl = x3c_board(q, triples)
                v, t_check = _timed(lambda: check(problem, be, decl, time_limit=time_limit))
                legal = "unknown" if v.status == "unknown" else str(v.legal)
                if truth is not None and v.status != "unknown":
                    assert v.legal == (not truth), (q, kind, seed)
                rows.append(
                    f"| {q} | {len(triples)} | {kind} #{seed} | "
                    f"{'?' if truth is None else truth} ({_ms(t_truth)}) | {legal} | "
                    f"{_ms(t_check)} |")
                print(rows[-1], flush=True)
    return rows


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="5,10,20,40,80,160")
    ap.add_argument("--q", default="5,10,15,20,25,30")
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--time-limit", type=float, default=20.0)
    ap.add_argument("--backend", default="cpsat")
    ap.add_argument("--only", choices=["target", "mixed", "x3c"])
    args = ap.parse_args(argv)
    if args.only in (None, "target"):
        print(f"## Target: 20 v 20, four \"blocks each combat if able\" ({args.backend})\n")
        bench_target(args.time_limit, args.backend)
        print()
    if args.only in (None, "mixed"):
        sizes = [int(x) for x in args.sizes.split(",")]
        print(f"## Target boards: no Lure ({args.backend})\n")
        bench_mixed(sizes, args.time_limit, args.backend, lure=0.0)
        print(f"\n## Mixed boards: 5% of attackers with Lure ({args.backend})\n")
        bench_mixed(sizes, args.time_limit, args.backend, lure=0.05)
        print()
    if args.only in (None, "x3c"):
        print(f"## Exact cover by 3-sets ({args.backend})\n")
        bench_x3c([int(x) for x in args.q.split(",")], args.time_limit, args.backend,
                  args.seeds)


if __name__ == "__main__":
    main()
