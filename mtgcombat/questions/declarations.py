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

from .phases import as_declared  # spec Extension 3: the steps before a declaration
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
    """The order declarations are listed in (:mod:`mtgcombat.solver.order`): fewer
    creatures first; then the ``(creature, choices)`` pairs sorted by creature id, each
    creature's choices sorted, compared item by item (ids as text)."""
    return (len(decl), [(c, (v,) if isinstance(v, str) else tuple(sorted(v)))
                        for c, v in sorted(decl.items())])


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
    #: How many were found (``len(declarations)`` unless they were not kept).
    found: Optional[int] = None

    def __post_init__(self) -> None:
        if self.found is None:
            self.found = len(self.declarations)

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


def _ordered(board: Any, kind: Kind, backend: str, deadline: Deadline,
             ) -> tuple[Optional[int], Iterator[Listed]]:
    """The maximum (508.1d, 509.1c; raises SolverTimeout) and the legal declarations in
    listing order, lazily."""
    from ..solver.order import ordered_legal

    problem = board.problem(kind)
    maxc = MaxCache(problem, get_backend(backend), deadline)
    m0, _ = maxc(frozenset())
    return m0, ordered_legal(problem, m0, maxc, deadline)


def iter_declarations(board: Any, kind: Kind, backend: str = "auto",
                      deadline: Optional[Deadline] = None) -> Iterator[Listed]:
    """Every legal declaration, lazily, in listing order (:func:`listing_order`; the
    backend settles the maxima), costly ones judged ``payable`` as in a listing. Raises
    :class:`~mtgcombat.solver.base.SolverTimeout` past the deadline."""
    from .costs import judge, judges

    board = as_declared(board, kind)
    problem = board.problem(kind)
    mana = judges(board, problem.costs)
    _, found = _ordered(board, kind, backend, deadline or Deadline(None))
    for d in found:
        if mana:
            judge(board, kind, [d], judged=True)
        yield d


def iter_found(board: Any, kind: Kind, backend: str = "auto",
               deadline: Optional[Deadline] = None) -> Iterator[Listed]:
    """Every legal declaration, lazily, in the order the backend finds them (near the
    maximum's witness first: good declarations early, for a search that prunes, such
    as :mod:`mtgcombat.questions.best`). Raises SolverTimeout past the deadline."""
    return iter_legal(board.problem(kind), get_backend(backend), deadline or Deadline(None))


def list_declarations(board: Any, kind: Kind, limit: Optional[int] = 1000,
                      backend: str = "auto", time_limit: Optional[float] = None,
                      on_max: Optional[Callable[[Optional[int]], None]] = None,
                      on_found: Optional[Callable[[Listed], None]] = None,
                      keep: bool = True,
                      ) -> DeclarationListing:
    """The first ``limit`` legal declarations of the listing order
    (:func:`listing_order`), found in that order: a time limit that runs out leaves the
    first ones found (status "unknown"). ``on_max`` hears the maximum as soon as it is
    known, ``on_found`` each declaration as it is found, in order (for a caller that
    shows progress or streams); with ``keep=False`` the answer keeps none of them
    (``declarations`` stays empty, ``found`` counts them): a caller streaming a long
    listing holds one declaration at a time."""
    board = as_declared(board, kind)
    problem = board.problem(kind)
    deadline = Deadline(time_limit)
    try:
        m0, found = _ordered(board, kind, backend, deadline)
    except SolverTimeout:
        return DeclarationListing(kind, board.rules, "unknown", None, problem, [])
    if on_max is not None:
        on_max(m0)
    out: list[Listed] = []
    n = 0
    status = "complete"
    from .costs import judge, judges

    mana = judges(board, problem.costs)  # spec: then costly declarations say "payable"
    try:
        for listed in found:
            if limit is not None and n >= limit:
                status = "truncated"
                break
            n += 1
            if mana:
                judge(board, kind, [listed], judged=True)
            if keep:
                out.append(listed)
            if on_found is not None:
                on_found(listed)
    except SolverTimeout:
        status = "unknown"
    return DeclarationListing(kind, board.rules, status, m0, problem, out, n)


def listing_json_chunks(board: Any, kind: Kind, w: "Writer", limit: Optional[int] = 1000,
                        backend: str = "auto", time_limit: Optional[float] = None,
                        extra: Optional[Callable[[], dict]] = None,
                        on_max: Optional[Callable[[Optional[int]], None]] = None,
                        on_found: Optional[Callable[[Listed], None]] = None,
                        indent: Optional[int] = 2) -> Iterator[str]:
    """The ``--json`` answer of a listing as text, in pieces handed out as the
    declarations are found (one declaration held at a time: ``blocks --limit 100000
    --json`` on a 160 v 160 board stays small). The same object as
    ``list_declarations(...).to_json(w)`` with ``extra()``'s fields added (e.g.
    ``not_understood``), its keys in this order: ``rules``, ``max_requirements``,
    ``requirements``, ``declarations``, then ``status`` (known last) and the extra
    fields. ``"".join(...)`` of the pieces is the whole JSON text."""
    import json

    def dump(x: Any, level: int) -> str:
        text = json.dumps(x, indent=indent, ensure_ascii=False)
        return text if indent is None else text.replace("\n", "\n" + " " * (indent * level))

    nl = "" if indent is None else "\n"
    pad = "" if indent is None else " " * indent
    sep = "," if indent is not None else ", "
    board = as_declared(board, kind)  # as list_declarations: after the steps before it
    problem = board.problem(kind)
    deadline = Deadline(time_limit)
    status = "complete"
    try:
        m0, found = _ordered(board, kind, backend, deadline)
    except SolverTimeout:
        m0, found, status = None, iter(()), "unknown"
    if on_max is not None:
        on_max(m0)
    yield ("{" + nl + pad + '"rules": ' + dump(board.rules, 1) + sep + nl + pad +
           '"max_requirements": ' + dump(m0, 1) + sep + nl + pad + '"requirements": ' +
           dump(requirements_json(problem, w), 1) + sep + nl + pad + '"declarations": [')
    from .costs import judge, judges

    mana = judges(board, problem.costs)  # spec: then costly declarations say "payable"
    n = 0
    try:
        for listed in found:
            if limit is not None and n >= limit:
                status = "truncated"
                break
            n += 1
            if mana:
                judge(board, kind, [listed], judged=True)
            if on_found is not None:
                on_found(listed)
            yield (sep if n > 1 else "") + nl + pad * 2 + dump(listed_json(listed, w), 2)
    except SolverTimeout:
        status = "unknown"
    tail = (nl + pad + "]" if n else "]") + sep + nl + pad + '"status": ' + dump(status, 1)
    for k, v in (extra() if extra is not None else {}).items():
        tail += sep + nl + pad + dump(k, 1) + ": " + dump(v, 1)
    yield tail + nl + "}"


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
    """Unknown ids and wrongly shaped declarations are bad input (BoardError); an
    unknown id comes with the closest the board has ("did you mean 'hill'?")."""
    from ..errors import closest

    def fail(code: str, **params: Any) -> None:
        raise BoardError(reason("error.decl_" + code, None, (), kind=kind, **params))

    if not isinstance(decl, Mapping):
        fail("not_object")
    ids = [p.id for p in board.permanents]
    for c, v in decl.items():
        if not isinstance(c, str) or not board.has_object(c):
            fail("unknown_creature", creature=repr(c), closest=closest(c, ids))
        vals = [v] if kind == "attacks" else v
        if kind == "attacks" and not isinstance(v, str):
            fail("attack_value", creature=c)
        if kind == "blocks" and (not isinstance(v, (list, tuple)) or not v):
            fail("blocks_value", creature=c)
        for x in vals:
            if not isinstance(x, str) or not board.has_object(x):
                fail("unknown_target", target=repr(x), creature=c,
                     closest=closest(x, ids + list(board.player_names)))
        if kind == "blocks" and len(set(vals)) != len(vals):
            fail("twice", creature=c)


def left_before(original: Any, declared: Any, kind: Kind, decl: Any) -> list[Violation]:
    """What a declaration names that was on the board as the combat phase began but left
    the battlefield before the declaration -- a beginning-of-combat or attack trigger
    destroyed, exiled or returned it (507.2, 508.3): an object that left is gone
    (400.7), so the declaration can't name it; it is illegal, not bad input. For the
    attacks: the creatures (508.1a); for the blocks: the blockers (509.1a) and the
    attackers they block, removed from combat (506.4)."""
    if declared is original or not isinstance(decl, Mapping):
        return []

    def left(x: Any) -> bool:
        return isinstance(x, str) and original.has_object(x) and not declared.has_object(x)

    out = []
    for c, v in decl.items():
        if left(c):
            rule = "508.1a" if kind == "attacks" else "509.1a"
            out.append(Violation(rule, reason(f"{kind[:-1]}.left", rule, (c,),
                                              creature=c), (c,)))
        if kind == "blocks" and isinstance(v, (list, tuple)):
            for a in v:
                if left(a):
                    out.append(Violation("506.4", reason("block.left_attacker", "506.4", (c, a),
                                                         creature=c, attacker=a), (c, a)))
    return out


def left_verdict(kind: Kind, decl: Mapping, left: list[Violation]) -> DeclarationVerdict:
    """The verdict on a declaration naming what left the battlefield before it
    (:func:`left_before`): illegal, with those violations."""
    canon = {k: (list(v) if isinstance(v, (list, tuple)) else v) for k, v in decl.items()}
    return DeclarationVerdict(kind, canon, False, "complete", 0, None, None, None, (), left)


def check(board: Any, kind: Kind, decl: Mapping, backend: str = "auto",
          time_limit: Optional[float] = None) -> DeclarationVerdict:
    """The verdict on one declaration. A time-out leaves ``legal`` None and ``status``
    "unknown", unless a restriction is already seen to be broken: the declaration is
    then settled as illegal."""
    declared = as_declared(board, kind)
    left = left_before(board, declared, kind, decl)
    if left:
        return left_verdict(kind, decl, left)
    board = declared
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
    Then the declarations one creature's choice away from a known legal one (and from
    each witness below) settle every requirement one of them obeys while keeping the
    restrictions (:func:`mtgcombat.solver.neighbours.obeyable_near`: a Lure requirement
    is usually obeyed by moving one blocker; one toward a menace attacker by moving
    every blocker asked to block it, :func:`~mtgcombat.solver.neighbours.obeyable_together`).
    Then the backend, a few solves in all
    rather than one per requirement: the declaration obeying the most of the
    requirements still open settles every open requirement it obeys; when it obeys
    none, none of them can be obeyed."""
    known_keys = [true_keys(d) for d in known]
    out, rest = _banned_or_open(problem, only, known_keys)
    from ..solver.neighbours import obeyable_near, obeyable_together

    position = {r.id: i for i, r in enumerate(problem.requirements)}

    def sweep(seed: Mapping) -> list[Requirement]:
        """What is left open once the declarations one choice away from ``seed`` (a
        declaration obeying the restrictions) are asked, then those where every creature
        asked to choose the same thing chooses it."""
        left = rest
        for near in (obeyable_near, obeyable_together):
            if not left:
                break
            found = near(problem, seed, [position[r.id] for r in left])
            left = [r for r in left if position[r.id] not in found]
        return left

    fs_r = problem.evaluators()[0]
    for d, keys in zip(known, known_keys):
        if rest and all(f(keys) for f in fs_r):
            rest = sweep(d)
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
        w = canonical(problem, witness or {})
        keys = true_keys(w)
        rest = [req for req in rest if not evaluate(req.expr, keys)]
        if rest:
            rest = sweep(w)
    return out


def _banned_or_open(problem: Problem, only: Optional[Sequence[str]],
                    known_keys: Sequence[frozenset]
                    ) -> tuple[dict[str, Optional[Reason]], list[Requirement]]:
    """The requirements (ids in ``only``, by default all) settled without a solver: those
    whose every way of being obeyed is a choice a restriction forbids outright (or not a
    choice at all), with why (``decl.banned_by``); and those still open -- obeyed by no
    declaration of ``known_keys``."""
    why_banned: dict = {}
    for r in problem.restrictions:
        for k in banned_choices(r) or ():
            why_banned.setdefault(k, []).append(r)
    options = {(c, o) for c, opts in problem.options.items() for o in opts}
    out: dict[str, Optional[Reason]] = {}
    rest = []
    wanted = None if only is None else set(only)
    for req in problem.requirements:
        if wanted is not None and req.id not in wanted:
            continue
        keys = literal_keys(req.expr)
        false = frozenset(k for k in keys if k in why_banned or k not in options)
        if three_valued(req.expr, false) is False:
            out[req.id] = reason("decl.banned_by",
                                 restrictions=_bans(sorted(false), why_banned))
        elif not any(evaluate(req.expr, ks) for ks in known_keys):
            rest.append(req)
    return out, rest


def _bans(keys: Sequence, why_banned: Mapping) -> tuple[Reason, ...]:
    """The reasons of the restrictions that forbid ``keys``, each once."""
    bans: list[Reason] = []
    seen: set[int] = set()
    for k in keys:
        for r in why_banned.get(k, ()):
            if id(r) not in seen:  # each restriction once (its reason once)
                seen.add(id(r))
                if r.why not in bans:
                    bans.append(r.why)
    return tuple(bans)


def unobeyable_requirements(board: Any, kind: Kind, only: Optional[Sequence[str]] = None,
                            backend: str = "auto", time_limit: Optional[float] = None,
                            known: Sequence[Mapping] = (),
                            ) -> dict[str, Optional[Reason]]:
    """:func:`unobeyable` for a board's declaration problem (``known``: legal
    declarations already found)."""
    board = as_declared(board, kind)
    return unobeyable(board.problem(kind), get_backend(backend), Deadline(time_limit), only,
                      known)


__all__ = [
    "DeclarationListing", "DeclarationVerdict", "check", "decl_json", "decl_value",
    "iter_declarations", "iter_found", "listing_json_chunks", "list_declarations", "listing_order", "unobeyable",
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


#: Counting's time limit when none is given, in seconds (``--count`` without
#: ``--time-limit``): past it the answer is a lower bound, status "at_least".
COUNT_TIME_LIMIT = 10.0


def count_declarations(board: Any, kind: Kind, backend: str = "auto",
                       time_limit: Optional[float] = None,
                       on_progress: Optional[Callable[[int], None]] = None,
                       ) -> DeclarationCount:
    """The number of legal declarations (508.1c-d, 509.1b-c), within ``time_limit``
    seconds: None means :data:`COUNT_TIME_LIMIT` (counting has no natural end on a big
    board), ``math.inf`` no limit. Past the limit the answer is what was counted, a
    lower bound (status "at_least"); memory stays bounded either way.

    Without costs it is counted symbolically (method "product",
    :func:`mtgcombat.solver.counting.count_legal`): independent parts (creatures no
    restriction or requirement links) are counted apart and multiplied -- every legal
    declaration is one legal part of each, each part reaching its own maximum (the
    maximum is the sum of the parts' maxima) -- and each part by deciding its creatures
    one by one, counting every state of what is left open once. With costs, the legal
    declarations are counted one by one as they are listed (method "listing").
    ``on_progress`` hears, every few hundred steps, how many states were counted (or
    declarations listed) so far: a caller can show that it is still working."""
    import math

    if time_limit is None:
        time_limit = COUNT_TIME_LIMIT
    if time_limit == math.inf:
        time_limit = None
    board = as_declared(board, kind)
    problem = board.problem(kind)
    be = get_backend(backend)
    deadline = Deadline(time_limit)
    maxc = MaxCache(problem, be, deadline)
    try:
        m0, witness = maxc(frozenset())
    except SolverTimeout:
        return DeclarationCount(kind, board.rules, None, "unknown", None)
    steps = [0]

    def tick() -> None:
        steps[0] += 256
        if on_progress is not None:
            on_progress(steps[0])

    if not problem.costs:
        from ..solver.counting import count_legal

        n, status = count_legal(problem, m0, witness, deadline, tick)
        return DeclarationCount(kind, board.rules, n, status, m0, "product")
    from ..solver.order import ordered_legal

    n = 0
    try:
        for _ in ordered_legal(problem, m0, maxc, deadline):
            n += 1
            if on_progress is not None and n % 256 == 0:
                on_progress(n)
    except SolverTimeout:
        return DeclarationCount(kind, board.rules, n, "at_least", m0)
    return DeclarationCount(kind, board.rules, n, "exact", m0)
