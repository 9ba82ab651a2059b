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
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Optional, Protocol

from ..rules.constraints import (
    Cost, Declaration, Problem, Requirement, evaluate, obeyed, paid, true_keys, violated,
)
from ..rules.reasons import Described, Reason, english, reason
from ..rules.values import Status


class SolverTimeout(TimeoutError):
    """The time limit ran out before the answer was settled (answer "unknown")."""


def process_started() -> float:
    """When this process started, on the :func:`time.monotonic` clock: a time limit
    bounds the whole command, Python's own start and the imports included (issue 25.6).
    Linux tells it (``/proc/self/stat``, in clock ticks since boot); elsewhere, now."""
    now = time.monotonic()
    try:
        import os

        with open("/proc/self/stat", "rb") as f:
            stat = f.read()
        ticks = int(stat[stat.rindex(b")") + 2:].split()[19])
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return now
    return now - min(max(age, 0.0), 60.0)


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
class Violation(Described):
    """One broken rule: the rule, why (a reason), the objects it is about."""

    rule: str
    why: Reason
    objects: tuple[str, ...] = ()

    @property
    def message(self) -> str:
        """``why`` in English (see :mod:`mtgcombat.text` for other languages)."""
        return self._english()

    def to_json(self, writer=None) -> dict:
        """The spec's violation object; ``message`` written by ``writer`` (English
        by default)."""
        msg = writer(self.why) if writer is not None else self.message
        return {"rule": self.rule, "message": msg, "objects": list(self.objects)}


@dataclass
class Verdict:
    """The answer to "is this declaration legal?" (spec: ``check``)."""

    legal: bool
    violations: list[Violation]
    requirements_obeyed: int
    max_requirements: Optional[int]
    witness: Optional[dict]
    #: The costs the declaration owes (508.1d, 509.1d), as rule objects.
    paid: tuple[Cost, ...] = ()
    status: Status = "complete"  # or "unknown"

    @property
    def costs(self) -> list[str]:
        """What the declaration costs, in English."""
        return [c.description for c in self.paid]


@dataclass
class Listed:
    declaration: dict
    requirements_obeyed: int
    paid: tuple[Cost, ...] = ()
    #: With mana on the board and costs to pay: whether the costs can be paid (508.1h,
    #: 509.1e), else None; ``unpayable`` says why not (set by
    #: :func:`mtgcombat.questions.costs.judge`).
    payable: Optional[bool] = None
    unpayable: Any = None

    @property
    def costs(self) -> list[str]:
        """What it costs, in English."""
        return [c.description for c in self.paid]


@dataclass
class Listing:
    """The answer to "which declarations are legal?" (spec: ``attacks``/``blocks``)."""

    status: Status  # complete | truncated | unknown
    max_requirements: Optional[int]
    declarations: list[Listed]


def costs_of(problem: Problem, ids: frozenset[str]) -> tuple[Cost, ...]:
    """The problem's costs with these ids, in the problem's order."""
    return tuple(c for c in problem.costs if c.id in ids)


class MaxCache:
    def __init__(self, problem: Problem, backend: Backend, deadline: Deadline) -> None:
        self.problem, self.backend, self.deadline = problem, backend, deadline
        self.cache: dict[frozenset[str], tuple[Optional[int], Optional[dict]]] = {}

    def __call__(self, allowed: frozenset[str]) -> tuple[Optional[int], Optional[dict]]:
        if allowed not in self.cache:
            self.deadline.check()  # no model is built once the time is up
            self.cache[allowed] = self.backend.maximum(self.problem, allowed, self.deadline)
        return self.cache[allowed]


def iter_legal(
    problem: Problem, backend: Backend, deadline: Deadline,
    maxc: Optional["MaxCache"] = None,
) -> Iterator[Listed]:
    """Lazily yield every legal declaration (508.1c-d / 509.1b-c), each once.
    Raises SolverTimeout when the deadline passes."""
    maxc = maxc or MaxCache(problem, backend, deadline)
    m0, witness = maxc(frozenset())
    # With no declaration obeying the restrictions without paying (m0 None), one that
    # pays may still be legal: then every count is a candidate, judged below.
    seen: set = set()
    candidates: Iterator[dict] = backend.solutions(problem, 0 if m0 is None else m0, deadline)
    if witness is not None and m0 is not None and _large(problem):
        # First the legal declarations near the maximum's witness (solver/neighbours.py),
        # then the backend's enumeration for the rest (what was found is skipped).
        from itertools import chain

        from .neighbours import near

        candidates = chain(_checked(near(problem, witness, m0), deadline), candidates)
    for decl in candidates:
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
        yield Listed(decl, n, costs_of(problem, p))


#: A problem with more declarations than this is listed neighbourhood first.
NEAR_FROM = 4096


def _large(problem: Problem) -> bool:
    from math import comb

    n = 1
    for c, opts in problem.options.items():
        k = len(opts)
        n *= sum(comb(k, i) for i in range(min(problem.cap(c), k) + 1))
        if n > NEAR_FROM:
            return True
    return False


def _checked(it: Iterator[dict], deadline: Deadline) -> Iterator[dict]:
    for i, d in enumerate(it):
        if i % 256 == 0:
            deadline.check()
        yield d


def legal_declarations(
    problem: Problem, backend: Backend, limit: Optional[int] = 1000,
    time_limit: Optional[float] = None,
) -> Listing:
    """Every legal declaration (508.1c-d / 509.1b-c), up to ``limit``."""
    deadline = Deadline(time_limit)
    maxc = MaxCache(problem, backend, deadline)
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
    """A declaration in English words: "Goblin Brigand attacks Bob; Wall blocks Raider"."""
    return english(reason("decl.words", kind=problem.kind, decl=decl_value(decl)),
                   problem.names, problem.edition)


def decl_value(decl: Mapping) -> tuple:
    """A declaration as a reason parameter: ((creature, target or attackers), ...)."""
    return tuple((c, v if isinstance(v, str) else tuple(v)) for c, v in decl.items())


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
    for c, v in decl.items():
        choices = (v,) if isinstance(v, str) else v
        if c not in problem.options:
            violations.append(Violation(rule, reason(
                "decl.not_option", rule, (c,), kind=problem.kind, creature=c), (c,)))
            continue
        for x in choices:
            if x not in problem.options[c]:
                violations.append(Violation(rule, reason(
                    "decl.not_choice", rule, (c, x), kind=problem.kind, creature=c, choice=x),
                    (c, x)))
        if problem.kind == "blocks" and len(choices) > problem.cap(c):
            violations.append(Violation("509.1a", reason(
                "block.capacity", "509.1a", (c,), creature=c, cap=problem.cap(c),
                blocks=len(choices)), (c,)))
    violations += [Violation(r.rule, r.why, r.objects) for r in violated(problem, keys)]
    count = obeyed(problem, keys)
    p = paid(problem, keys)
    costs = costs_of(problem, p)
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
        return _stamped(problem, Verdict(False, violations, count, None, None, costs, "unknown"))
    if violations:
        return _stamped(problem, Verdict(False, violations, count, m, None, costs))
    if m is not None and count < m:
        req = "508.1d" if problem.kind == "attacks" else "509.1c"
        w = canonical(problem, witness) if witness is not None else None
        unmet = tuple(r for r in problem.requirements if not evaluate(r.expr, keys))
        why = reason("decl.too_few", req, kind=problem.kind, obeyed=count, most=m,
                     with_costs=bool(p), witness=None if w is None else decl_value(w),
                     unmet=tuple(r.why for r in unmet))
        return _stamped(problem, Verdict(False, [Violation(req, why)], count, m, w, costs))
    return Verdict(True, [], count, m, None, costs)


def unmet_requirements(problem: Problem, decl: Declaration) -> tuple[Requirement, ...]:
    """The requirements ``decl`` does not obey."""
    keys = true_keys(canonical(problem, decl))
    return tuple(r for r in problem.requirements if not evaluate(r.expr, keys))


def _stamped(problem: Problem, v: Verdict) -> Verdict:
    for x in v.violations:
        x.stamp(problem.names, problem.edition)
    return v
