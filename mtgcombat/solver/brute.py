"""Plain brute force: try every declaration. The test-only reference backend.

It shares nothing with the other backends but the problem data and the
expression evaluator; use it on small boards only. It looks at the deadline every
16 declarations (a time limit bounds it like the others: "unknown", never a
guess).
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Iterator, Optional

from ..rules.constraints import Problem, obeyed, paid, true_keys, violated
from .base import Deadline


def all_declarations(problem: Problem) -> Iterator[dict]:
    """Every declaration of the problem's shape (restrictions not checked)."""
    creatures = sorted(problem.options)
    per: list[list] = []
    for c in creatures:
        opts = problem.options[c]
        if problem.kind == "attacks":
            per.append([None, *opts])
        else:
            choices: list = [None]
            for k in range(1, min(problem.cap(c), len(opts)) + 1):
                choices.extend(combinations(sorted(opts), k))
            per.append(choices)
    for combo in product(*per):
        yield {c: v for c, v in zip(creatures, combo) if v is not None}


class BruteForce:
    name = "brute"

    def maximum(self, problem: Problem, allowed_costs: frozenset[str], deadline: Deadline):
        best: Optional[int] = None
        witness = None
        deadline.check()
        for i, d in enumerate(all_declarations(problem)):
            if i & 15 == 15:  # a declaration of 160 v 160 is judged in about a millisecond
                deadline.check()
            keys = true_keys(d)
            if violated(problem, keys) or not paid(problem, keys) <= allowed_costs:
                continue
            n = obeyed(problem, keys)
            if best is None or n > best:
                best, witness = n, d
        return best, witness

    def solutions(self, problem: Problem, min_obeyed: int, deadline: Deadline):
        deadline.check()
        for i, d in enumerate(all_declarations(problem)):
            if i & 15 == 15:  # a declaration of 160 v 160 is judged in about a millisecond
                deadline.check()
            keys = true_keys(d)
            if not violated(problem, keys) and obeyed(problem, keys) >= min_obeyed:
                yield d
