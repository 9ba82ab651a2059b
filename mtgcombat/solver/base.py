"""What every backend provides, and the legality logic shared by all of them.

A backend answers two questions about a :class:`~mtgcombat.rules.constraints.Problem`:

* :meth:`Backend.maximum` -- the largest number of requirements obeyed by a
  declaration that obeys every restriction and owes no cost outside
  ``allowed_costs`` (508.1d, 509.1c: costs are never forced), with one such
  declaration;
* :meth:`Backend.solutions` -- every restriction-obeying declaration obeying at
  least ``min_obeyed`` requirements, each once, in any order.

:func:`legal_declarations` and :func:`check` build the answers of the spec from
those two, identically for every backend, so the backends can be compared.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Iterator, Mapping, Optional, Protocol

from ..rules.constraints import (
    Declaration, Problem, evaluate, obeyed, paid, true_keys, violated,
)


class SolverTimeout(Exception):
    """The time limit ran out before the answer was settled (answer "unknown")."""


class Deadline:
    """A wall-clock deadline; ``None`` seconds means no limit."""

    def __init__(self, seconds: Optional[float]) -> None:
        self.end = None if seconds is None else time.monotonic() + seconds

    def remaining(self) -> Optional[float]:
        if self.end is None:
            return None
        return max(0.0, self.end - time.monotonic())

    def check(self) -> None:
        if self.end is not None and time.monotonic() > self.end:
            raise SolverTimeout()


class Backend(Protocol):
    name: str

    def maximum(
        self, problem: Problem, allowed_costs: frozenset[str], deadline: Deadline
    ) -> tuple[Optional[int], Optional[dict]]:
        """(maximum, witness); (None, None) when no declaration obeys the restrictions
        with those costs. Raises SolverTimeout."""
        ...

    def solutions(
        self, problem: Problem, min_obeyed: int, deadline: Deadline
    ) -> Iterator[dict]:
        """Restriction-obeying declarations with at least ``min_obeyed`` requirements
        obeyed (any costs). Raises SolverTimeout."""
        ...


def canonical(problem: Problem, decl: Declaration) -> dict:
    """The canonical form of a declaration: blocks as sorted tuples, keys sorted."""
    out = {}
    for c in sorted(decl):
        v = decl[c]
        out[c] = v if isinstance(v, str) else tuple(sorted(v))
    return out


@dataclass
class Violation:
    rule: str
    message: str
    objects: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"rule": self.rule, "message": self.message, "objects": list(self.objects)}


@dataclass
class Verdict:
    """The answer to "is this declaration legal?" (spec: ``check``)."""

    legal: bool
    violations: list[Violation]
    requirements_obeyed: int
    max_requirements: Optional[int]
    witness: Optional[dict]
    costs: list[str] = field(default_factory=list)
    status: str = "complete"  # or "unknown"


@dataclass
class Listed:
    declaration: dict
    requirements_obeyed: int
    costs: list[str]


@dataclass
class Listing:
    """The answer to "which declarations are legal?" (spec: ``attacks``/``blocks``)."""

    status: str  # complete | truncated | unknown
    max_requirements: Optional[int]
    declarations: list[Listed]


def cost_words(problem: Problem, ids: frozenset[str]) -> list[str]:
    return [c.description for c in problem.costs if c.id in ids]


class _MaxCache:
    def __init__(self, problem: Problem, backend: Backend, deadline: Deadline) -> None:
        self.problem, self.backend, self.deadline = problem, backend, deadline
        self.cache: dict[frozenset[str], tuple[Optional[int], Optional[dict]]] = {}

    def __call__(self, allowed: frozenset[str]) -> tuple[Optional[int], Optional[dict]]:
        if allowed not in self.cache:
            self.cache[allowed] = self.backend.maximum(self.problem, allowed, self.deadline)
        return self.cache[allowed]


def iter_legal(
    problem: Problem, backend: Backend, deadline: Deadline,
    maxc: Optional["_MaxCache"] = None,
) -> Iterator[Listed]:
    """Lazily yield every legal declaration (508.1c-d / 509.1b-c), each once.
    Raises SolverTimeout when the deadline passes."""
    maxc = maxc or _MaxCache(problem, backend, deadline)
    m0, _ = maxc(frozenset())
    # With no declaration obeying the restrictions without paying (m0 None), one that
    # pays may still be legal: then every count is a candidate, judged below.
    seen: set = set()
    for decl in backend.solutions(problem, 0 if m0 is None else m0, deadline):
        decl = canonical(problem, decl)
        frozen = tuple(decl.items())
        if frozen in seen:
            continue
        keys = true_keys(decl)
        n = obeyed(problem, keys)
        p = paid(problem, keys)
        if p:
            mp, _ = maxc(p)
            if mp is not None and n < mp:
                continue
        seen.add(frozen)
        yield Listed(decl, n, cost_words(problem, p))


def legal_declarations(
    problem: Problem, backend: Backend, limit: Optional[int] = 1000,
    time_limit: Optional[float] = None,
) -> Listing:
    """Every legal declaration (508.1c-d / 509.1b-c), up to ``limit``."""
    deadline = Deadline(time_limit)
    maxc = _MaxCache(problem, backend, deadline)
    try:
        m0, _ = maxc(frozenset())
    except SolverTimeout:
        return Listing("unknown", None, [])
    out: list[Listed] = []
    try:
        for listed in iter_legal(problem, backend, deadline, maxc):
            if limit is not None and len(out) >= limit:
                return Listing("truncated", m0, out)
            out.append(listed)
    except SolverTimeout:
        return Listing("unknown", m0, out)
    return Listing("complete", m0, out)


def describe(problem: Problem, decl: Declaration) -> str:
    """A declaration in words: "Goblin Brigand attacks Bob; Wall blocks Raider"."""
    return declaration_words(decl, problem.kind, lambda oid: problem.names.get(oid, oid))


def declaration_words(decl: Mapping, kind: str, name: Callable[[str], str]) -> str:
    """A declaration in words, naming each object with ``name``."""
    if not decl:
        return "no creature attacks" if kind == "attacks" else "no creature blocks"
    parts = []
    for c, v in decl.items():
        if isinstance(v, str):
            parts.append(f"{name(c)} attacks {name(v)}")
        else:
            parts.append(f"{name(c)} blocks {' and '.join(name(x) for x in v)}")
    return "; ".join(parts)


def check(
    problem: Problem, backend: Backend, decl: Declaration,
    time_limit: Optional[float] = None,
) -> Verdict:
    """Whether one declaration is legal, and exactly why not."""
    deadline = Deadline(time_limit)
    decl = canonical(problem, decl)
    keys = true_keys(decl)
    violations: list[Violation] = []
    rule = "508.1a" if problem.kind == "attacks" else "509.1a"
    verb = "attack" if problem.kind == "attacks" else "block"
    n = problem.names
    for c, v in decl.items():
        choices = (v,) if isinstance(v, str) else v
        if c not in problem.options:
            violations.append(Violation(rule, f"{n.get(c, c)} can't {verb}.", (c,)))
            continue
        for x in choices:
            if x not in problem.options[c]:
                violations.append(
                    Violation(rule, f"{n.get(c, c)} can't {verb} {n.get(x, x)}.", (c, x))
                )
        if problem.kind == "blocks" and len(choices) > problem.cap(c):
            violations.append(Violation(
                "509.1a",
                f"{n.get(c, c)} can block only {problem.cap(c)} creature(s) but blocks {len(choices)}.",
                (c,),
            ))
    violations += [Violation(r.rule, r.message, r.objects) for r in violated(problem, keys)]
    count = obeyed(problem, keys)
    p = paid(problem, keys)
    costs = cost_words(problem, p)
    try:
        if not violations and count == len(problem.requirements):
            # it obeys every restriction and every requirement: nothing can do more
            m, witness = count, decl
        elif not violations and getattr(backend, "takes_hint", False):
            # the declaration itself reaches ``count`` with what it pays: a start
            m, witness = backend.maximum(problem, p, deadline, hint=decl)  # type: ignore[call-arg]
        else:
            m, witness = backend.maximum(problem, p, deadline)
    except SolverTimeout:
        return Verdict(False, violations, count, None, None, costs, "unknown")
    if violations:
        return Verdict(False, violations, count, m, None, costs)
    if m is not None and count < m:
        req = "508.1d" if problem.kind == "attacks" else "509.1c"
        w = canonical(problem, witness) if witness is not None else None
        unmet = [r for r in problem.requirements if not evaluate(r.expr, keys)]
        msg = (
            f"this declaration obeys {count} of the requirements; {m} can be obeyed"
            + (" with the costs it pays" if p else "")
            + (f" \u2014 for example: {describe(problem, w)}." if w is not None else ".")
        )
        if unmet:
            msg += " Not obeyed: " + "; ".join(r.text for r in unmet[:5]) + (
                " ..." if len(unmet) > 5 else "")
        return Verdict(False, [Violation(req, msg)], count, m, w, costs)
    return Verdict(True, [], count, m, None, costs)
