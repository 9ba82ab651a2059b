"""Declarations (508.1, 509.1): the legal ones, one checked, and the requirements no
declaration can obey.

The legality logic shared by every backend lives in :mod:`mtgcombat.solver.base`;
here its results become the answers users read: violations that say *why* a choice
is not an option (:func:`mtgcombat.rules.options.why_not_option`), and a 508.1d /
509.1c violation that tells the requirements another declaration could obey from
those no declaration can obey on this board. That explanation costs extra solves,
so a verdict is settled first and the explanation is computed only when its
violations are read (:attr:`DeclarationVerdict.violations`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Optional, Sequence

from ..rules.constraints import (
    Cost, Problem, Requirement, banned_choices, evaluate, literal_keys, paid, three_valued,
    true_keys,
)
from ..rules.model import BoardError
from ..rules.options import why_not_option
from ..rules.reasons import Reason, reason
from ..solver import get_backend
from ..solver.base import (
    Deadline, Listed, SolverTimeout, Violation, MaxCache, canonical, check as base_check,
    decl_value, iter_legal, unmet_requirements,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..text import Writer

Kind = str  # "attacks" or "blocks"


def decl_json(decl: Mapping) -> dict:
    """A declaration as the JSON answers give it: keys sorted, blocks as sorted lists."""
    return {k: (sorted(v) if isinstance(v, (tuple, list)) else v)
            for k, v in sorted(decl.items())}


def listing_order(decl: Mapping) -> tuple:
    """The order declarations are listed in: fewer creatures first, then by ids."""
    import json

    return (len(decl), json.dumps(decl_json(decl), ensure_ascii=False))


def requirements_json(problem: Problem, w: "Writer") -> list[dict]:
    return [{"id": r.id, "rule": r.rule, "text": w(r.why)} for r in problem.requirements]


# ---------------------------------------------------------------------------------------
# Listing
# ---------------------------------------------------------------------------------------


@dataclass
class DeclarationListing:
    """The legal declarations of a board (spec: ``attacks`` / ``blocks``)."""

    kind: Kind
    rules: str
    status: str  # complete | truncated | unknown
    #: The most requirements a declaration paying no cost obeys (508.1d, 509.1c).
    max_requirements: Optional[int]
    problem: Problem
    declarations: list[Listed] = field(default_factory=list)

    @property
    def requirements(self) -> tuple[Requirement, ...]:
        return self.problem.requirements

    def to_json(self, w: "Writer") -> dict:
        return {
            "rules": self.rules,
            "status": self.status,
            "max_requirements": self.max_requirements,
            "requirements": requirements_json(self.problem, w),
            "declarations": [listed_json(d, w) for d in self.declarations],
        }


def listed_json(d: Listed, w: "Writer") -> dict:
    out: dict[str, Any] = {"declaration": decl_json(d.declaration),
                           "requirements_obeyed": d.requirements_obeyed,
                           "costs": [w(c.why) for c in d.paid]}
    payable = getattr(d, "payable", None)
    if payable is not None:
        out["payable"] = payable
    return out


def iter_declarations(board: Any, kind: Kind, backend: str = "auto",
                      deadline: Optional[Deadline] = None) -> Iterator[Listed]:
    """Every legal declaration, lazily, in the order the backend finds them, costly ones
    judged ``payable`` as in a listing. Raises :class:`~mtgcombat.solver.base.SolverTimeout`
    past the deadline."""
    from .costs import judge, judges

    problem = board.problem(kind)
    mana = judges(board, problem.costs)
    for d in iter_legal(problem, get_backend(backend), deadline or Deadline(None)):
        if mana:
            judge(board, kind, [d], judged=True)
        yield d


def list_declarations(board: Any, kind: Kind, limit: Optional[int] = 1000,
                      backend: str = "auto", time_limit: Optional[float] = None,
                      on_max: Optional[Callable[[Optional[int]], None]] = None,
                      on_found: Optional[Callable[[Listed], None]] = None,
                      ) -> DeclarationListing:
    """The legal declarations, up to ``limit``, in listing order. ``on_max`` hears the
    maximum as soon as it is known, ``on_found`` each declaration as it is found (for
    a caller that shows progress or streams)."""
    problem = board.problem(kind)
    be = get_backend(backend)
    deadline = Deadline(time_limit)
    maxc = MaxCache(problem, be, deadline)
    try:
        m0, _ = maxc(frozenset())
    except SolverTimeout:
        return DeclarationListing(kind, board.rules, "unknown", None, problem, [])
    if on_max is not None:
        on_max(m0)
    out: list[Listed] = []
    status = "complete"
    from .costs import judge, judges

    mana = judges(board, problem.costs)  # spec: then costly declarations say "payable"
    try:
        for listed in iter_legal(problem, be, deadline, maxc):
            if limit is not None and len(out) >= limit:
                status = "truncated"
                break
            out.append(listed)
            if mana:
                judge(board, kind, [listed], judged=True)
            if on_found is not None:
                on_found(listed)
    except SolverTimeout:
        status = "unknown"
    out.sort(key=lambda d: listing_order(d.declaration))
    return DeclarationListing(kind, board.rules, status, m0, problem, out)


# ---------------------------------------------------------------------------------------
# One declaration
# ---------------------------------------------------------------------------------------


@dataclass
class DeclarationVerdict:
    """Whether one declaration is legal, and why not (spec: ``check``).

    ``legal`` is None when the time limit ran out before legality was settled.
    ``max_requirements`` is the most requirements a declaration paying no cost can
    obey -- the spec's ``max_requirements``, as in :class:`DeclarationListing`;
    ``max_requirements_with_costs`` the most one paying the costs this one pays can
    obey (508.1d, 509.1c: what this declaration is held to)."""

    kind: Kind
    declaration: dict
    legal: Optional[bool]
    status: str
    requirements_obeyed: int
    max_requirements: Optional[int]
    max_requirements_with_costs: Optional[int]
    witness: Optional[dict]
    paid: tuple[Cost, ...]
    #: The violations as found (cheap); :attr:`violations` adds the explanation.
    found: list[Violation] = field(default_factory=list)
    #: With mana on the board: whether the costs can be paid, and why not.
    payable: Optional[bool] = None
    unpayable: Optional[Reason] = None
    _explain: Optional[Callable[[list[Violation]], list[Violation]]] = field(
        default=None, repr=False)
    _explained: Optional[list[Violation]] = field(default=None, repr=False)

    @property
    def violations(self) -> list[Violation]:
        """Every violation, explained: for a 508.1d / 509.1c violation, the
        requirements no declaration can obey are told apart (computed when first read)."""
        if self._explained is None:
            self._explained = self._explain(self.found) if self._explain else self.found
        return self._explained

    @property
    def costs(self) -> list[str]:
        """What the declaration costs, in English."""
        return [c.description for c in self.paid]

    def __repr__(self) -> str:
        """One line: the declaration in notation and the verdict (the violations as
        found; reading :attr:`violations` explains them)."""
        from ..notation import Declaration

        decl = Declaration(self.kind, self.declaration).notation()
        if self.legal is None:
            verdict = "unknown (the time limit ran out)"
        elif self.legal:
            verdict = (f"legal, {self.requirements_obeyed} of {self.max_requirements_with_costs}"
                       " requirements obeyed")
        else:
            rules = sorted({v.rule for v in self.found})
            n = len(self.found)
            verdict = f"illegal ({', '.join(rules)}), {n} violation{'' if n == 1 else 's'}"
        return f"<DeclarationVerdict {self.kind} {decl!r}: {verdict}>"

    def to_json(self, w: "Writer") -> dict:
        out: dict[str, Any] = {
            "legal": self.legal,
            "status": self.status,
            "violations": [v.to_json(w) for v in self.violations],
            "requirements_obeyed": self.requirements_obeyed,
            "max_requirements": self.max_requirements,
            "witness": decl_json(self.witness) if self.witness is not None else None,
            "costs": [w(c.why) for c in self.paid],
        }
        if self.paid:
            out["max_requirements_with_costs"] = self.max_requirements_with_costs
        payable = getattr(self, "payable", None)
        if payable is not None:
            out["payable"] = payable
        return out


def validate(board: Any, kind: Kind, decl: Any) -> None:
    """Unknown ids and wrongly shaped declarations are bad input (BoardError)."""
    if not isinstance(decl, Mapping):
        raise BoardError(f"a declaration of {kind} must be a JSON object")
    for c, v in decl.items():
        if not isinstance(c, str) or not board.has_object(c):
            raise BoardError(f"declaration: unknown creature {c!r}")
        vals = [v] if kind == "attacks" else v
        if kind == "attacks" and not isinstance(v, str):
            raise BoardError(f"declaration: {c!r} must map to what it attacks (a string)")
        if kind == "blocks" and (not isinstance(v, (list, tuple)) or not v):
            raise BoardError(
                f"declaration: {c!r} must map to a non-empty array of the attackers it blocks")
        for x in vals:
            if not isinstance(x, str) or not board.has_object(x):
                raise BoardError(f"declaration: unknown id {x!r} (for {c!r})")
        if kind == "blocks" and len(set(vals)) != len(vals):
            raise BoardError(f"declaration: {c!r} lists the same attacker twice")


def check(board: Any, kind: Kind, decl: Mapping, backend: str = "auto",
          time_limit: Optional[float] = None) -> DeclarationVerdict:
    """The verdict on one declaration. A time-out leaves ``legal`` None and ``status``
    "unknown", unless a restriction is already seen to be broken: the declaration is
    then settled as illegal."""
    validate(board, kind, decl)
    problem = board.problem(kind)
    be = get_backend(backend)
    deadline = Deadline(time_limit)
    v = base_check(problem, be, decl, time_limit)
    found = [_option_explained(board, kind, problem, x) for x in v.violations]
    canon = canonical(problem, decl)
    out = DeclarationVerdict(kind, canon, v.legal, v.status, v.requirements_obeyed, None,
                             v.max_requirements, v.witness, v.paid, found)
    if v.status == "unknown":
        if found:  # a broken restriction settles it
            out.legal, out.status = False, "complete"
        elif not problem.requirements:  # nothing to maximise: 0 of 0 is the most
            out.legal, out.status, out.max_requirements_with_costs = True, "complete", 0
        else:
            out.legal = None
        if not problem.requirements:
            out.max_requirements = 0
        return out
    out.max_requirements = v.max_requirements
    if v.paid:
        from .costs import judges, payable

        if judges(board, v.paid):
            out.payable, out.unpayable = payable(board, kind, canon, v.paid)
    if paid(problem, true_keys(canon)):
        try:
            out.max_requirements = MaxCache(problem, be, deadline)(frozenset())[0]
        except SolverTimeout:
            out.max_requirements = None
    if found:
        out._explain = lambda vs: _unmet_explained(problem, canon, vs, be, deadline)
    return out


def _option_explained(board: Any, kind: Kind, problem: Problem, v: Violation) -> Violation:
    """"X can't attack Alice." with the reason it is not an option: a creature that isn't
    the attacking / a defending player's, a player who isn't defending, a creature
    attacking someone else (802.4a) ..."""
    code = v.why.code
    if code == "decl.not_option":
        c = v.why["creature"]
        why = why_not_option(board, kind, c)
        return _stamp(problem, Violation(v.rule, reason(
            "decl.not_option_why", v.rule, v.objects, kind=kind, creature=c, why=why),
            v.objects))
    if code == "decl.not_choice":
        c, x = v.why["creature"], v.why["choice"]
        why = why_not_option(board, kind, c, x)
        return _stamp(problem, Violation(v.rule, reason(
            "decl.not_choice_why", v.rule, v.objects, kind=kind, creature=c, choice=x,
            why=why), v.objects))
    return v


def _stamp(problem: Problem, v: Violation) -> Violation:
    v.stamp(problem.names, problem.edition)
    return v


def _unmet_explained(problem: Problem, decl: Mapping, violations: list[Violation],
                     backend: Any, deadline: Deadline) -> list[Violation]:
    """The 508.1d / 509.1c violation lists the requirements the declaration doesn't
    obey; tell those another declaration could obey from those that no declaration can
    obey on this board, with the reason when it is a plain restriction."""
    out = []
    for v in violations:
        if v.why.code != "decl.too_few":
            out.append(v)
            continue
        unmet = unmet_requirements(problem, decl)
        witness = v.why.get("witness")
        known = [dict(witness)] if witness else []
        cannot = unobeyable(problem, backend, deadline, [r.id for r in unmet], known)
        could = tuple(r.why for r in unmet if r.id not in cannot)
        never = tuple((r.why, cannot[r.id]) for r in unmet if r.id in cannot)
        p = dict(v.why.params)
        del p["unmet"]
        out.append(_stamp(problem, Violation(v.rule, reason(
            "decl.too_few_explained", v.rule, v.why.objects, could=could, never=never, **p),
            v.objects)))
    return out


# ---------------------------------------------------------------------------------------
# Requirements no declaration can obey
# ---------------------------------------------------------------------------------------


def unobeyable(problem: Problem, backend: Any, deadline: Deadline,
               only: Optional[Sequence[str]] = None,
               known: Sequence[Mapping] = ()) -> dict[str, Optional[Reason]]:
    """The requirements (ids in ``only``, by default all) that no declaration obeying
    the restrictions can obey on this board, costs paid or not: id -> why (a
    ``decl.banned_by`` reason naming the restrictions that forbid every way of obeying
    it, or None when the reason is the restrictions together). A non-flyer's Lure
    requirement toward a flying attacker is one: flying forbids the block (702.9b), so
    509.1c never asks for it. Requirements the time limit leaves unsettled are not
    listed.

    First without a solver: a requirement whose every way of being obeyed is a choice a
    restriction forbids outright (or that isn't a choice at all) can't be obeyed, and a
    requirement some declaration of ``known`` (legal ones, e.g. a witness) obeys can.
    Then the backend, a few solves in all rather than one per requirement: the
    declaration obeying the most of the requirements still open settles every open
    requirement it obeys; when it obeys none, none of them can be obeyed."""
    why_banned: dict = {}
    for r in problem.restrictions:
        for k in banned_choices(r) or ():
            why_banned.setdefault(k, []).append(r)
    options = {(c, o) for c, opts in problem.options.items() for o in opts}
    out: dict[str, Optional[Reason]] = {}
    rest = []
    known_keys = [true_keys(d) for d in known]
    for req in problem.requirements:
        if only is not None and req.id not in only:
            continue
        keys = literal_keys(req.expr)
        false = frozenset(k for k in keys if k in why_banned or k not in options)
        if three_valued(req.expr, false) is False:
            bans: list[Reason] = []
            for k in sorted(false):
                for r in why_banned.get(k, ()):
                    if r.why not in bans:
                        bans.append(r.why)
            out[req.id] = reason("decl.banned_by", restrictions=tuple(bans))
        elif not any(evaluate(req.expr, ks) for ks in known_keys):
            rest.append(req)
    every = frozenset(c.id for c in problem.costs)
    while rest:
        try:
            m, witness = backend.maximum(dataclasses.replace(problem, requirements=tuple(rest)),
                                         every, deadline)
        except SolverTimeout:
            break
        if not m:
            for req in rest:
                out[req.id] = None
            break
        keys = true_keys(canonical(problem, witness or {}))
        rest = [req for req in rest if not evaluate(req.expr, keys)]
    return out


def unobeyable_requirements(board: Any, kind: Kind, only: Optional[Sequence[str]] = None,
                            backend: str = "auto", time_limit: Optional[float] = None,
                            ) -> dict[str, Optional[Reason]]:
    """:func:`unobeyable` for a board's declaration problem."""
    return unobeyable(board.problem(kind), get_backend(backend), Deadline(time_limit), only)


__all__ = [
    "DeclarationListing", "DeclarationVerdict", "check", "decl_json", "decl_value",
    "iter_declarations", "list_declarations", "listing_order", "unobeyable",
    "unobeyable_requirements", "validate",
]


# ---------------------------------------------------------------------------------------
# Counting
# ---------------------------------------------------------------------------------------


@dataclass
class DeclarationCount:
    """How many legal declarations there are (spec extension: ``--count``).

    ``status`` "exact" when the count is all of them, "at_least" when the time limit
    stopped the counting (``count`` is a lower bound), "unknown" when not even the
    maximum was settled."""

    kind: Kind
    rules: str
    count: Optional[int]
    status: str
    max_requirements: Optional[int]
    #: How it was counted: "product" (independent parts, multiplied) or "listing".
    method: str = "listing"

    def to_json(self, w: "Writer") -> dict:
        return {"rules": self.rules, "status": self.status, "count": self.count,
                "max_requirements": self.max_requirements, "method": self.method}


def count_declarations(board: Any, kind: Kind, backend: str = "auto",
                       time_limit: Optional[float] = None) -> DeclarationCount:
    """The number of legal declarations. Without costs, a problem that splits into
    independent parts (creatures no restriction or requirement links) is counted part
    by part and the counts multiplied -- every legal declaration is one legal part of
    each, each part reaching its own maximum (508.1d, 509.1c: the maximum is the sum of
    the parts' maxima); otherwise the legal declarations are counted one by one."""
    problem = board.problem(kind)
    be = get_backend(backend)
    deadline = Deadline(time_limit)
    maxc = MaxCache(problem, be, deadline)
    try:
        m0, _ = maxc(frozenset())
    except SolverTimeout:
        return DeclarationCount(kind, board.rules, None, "unknown", None)
    parts_count = getattr(be, "count_parts", None)
    if parts_count is not None and not problem.costs and m0 is not None:
        rem = deadline.remaining()
        try:  # at most half of what is left, so that counting one by one still gets a go
            n = parts_count(problem, m0, Deadline(None if rem is None else rem / 2))
        except SolverTimeout:
            n = None
        if n is not None:
            return DeclarationCount(kind, board.rules, n, "exact", m0, "product")
    n = 0
    try:
        for _ in iter_legal(problem, be, deadline, maxc):
            n += 1
    except SolverTimeout:
        return DeclarationCount(kind, board.rules, n, "at_least", m0)
    return DeclarationCount(kind, board.rules, n, "exact", m0)
