"""The public board: the rules model plus reading of card text and the questions
a user asks (legal attacks and blocks, checks, damage).

>>> from mtgcombat import Board
>>> board = Board.from_json('''{"players": [{"name": "Alice"}, {"name": "Bob"}],
...   "active_player": "Alice",
...   "permanents": [{"id": "brigand", "name": "Goblin Brigand", "controller": "Alice",
...                   "power": 2, "toughness": 2,
...                   "text": "Goblin Brigand attacks each combat if able."},
...                  {"name": "Grizzly Bears", "controller": "Alice", "power": 2, "toughness": 2}]}''')
>>> board.legal_attacks().count()
2
>>> {"brigand": "Bob"} in board.legal_attacks()
True
>>> {"Grizzly Bears": "Bob"} in board.legal_attacks()
False
"""

from __future__ import annotations

import dataclasses
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Optional, Union

from .rules import model
from .rules.abilities import TextReading
from .rules.bind import Bound, bind
from .rules.constraints import Declaration, Problem
from .rules.model import BoardError
from .solver.base import Verdict

if TYPE_CHECKING:
    from .rules.damage import ObjectiveFn


class IllegalDeclarationError(ValueError):
    """A declaration that breaks the rules; carries the structured verdict."""

    def __init__(self, verdict) -> None:
        self.verdict = verdict
        first = verdict.violations[0] if verdict.violations else None
        super().__init__(
            f"Illegal ({first.rule}): {first.message}" if first else "Illegal declaration"
        )


class LegalDeclarations:
    """A lazy collection of legal declarations, like python-chess's ``legal_moves``.

    Iterating solves lazily; ``decl in ...`` runs the checker without listing;
    ``count()`` counts (may take long on huge spaces); truthiness asks for one."""

    def __init__(self, board: "Board", kind: str, backend: str = "cpsat",
                 time_limit: Optional[float] = None) -> None:
        self.board, self.kind, self.backend, self.time_limit = board, kind, backend, time_limit

    @property
    def problem(self) -> Problem:
        return self.board.problem(self.kind)

    def __iter__(self) -> Iterator[dict]:
        from .solver import get_backend
        from .solver.base import Deadline, iter_legal

        for listed in iter_legal(self.problem, get_backend(self.backend),
                                 Deadline(self.time_limit)):
            yield listed.declaration

    def __contains__(self, decl: object) -> bool:
        if not isinstance(decl, Mapping):
            return False
        return self.board._check(self.kind, decl, self.backend, self.time_limit).legal is True

    def count(self) -> int:
        return sum(1 for _ in self)

    def __len__(self) -> int:
        return self.count()

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __repr__(self) -> str:
        return f"<LegalDeclarations {self.kind} of {len(self.board.permanents)} permanents>"


@dataclasses.dataclass
class CheckVerdict(Verdict):
    """A :class:`~mtgcombat.solver.base.Verdict` as the ``check`` command gives it:
    ``legal`` is None when the time limit ran out before legality was settled, and
    ``max_requirements_without_costs`` is the maximum over declarations that pay no
    cost (the spec's ``max_requirements``; ``max_requirements`` is the maximum this
    declaration is held to, larger only when it pays costs)."""

    max_requirements_without_costs: Optional[int] = None


@dataclasses.dataclass(frozen=True)
class Board(model.Board):
    """A board with its card text read and the questions of the spec as methods."""

    # -- construction --------------------------------------------------------
    @classmethod
    def from_model(cls, board: model.Board) -> "Board":
        if isinstance(board, cls):
            return board
        return cls(**{f.name: getattr(board, f.name) for f in dataclasses.fields(model.Board)})

    @classmethod
    def from_json(cls, text: str, source: str = "<json>") -> "Board":
        from .boardjson import load_board_json

        return load_board_json(text, source, cls)

    @classmethod
    def from_data(cls, data: Any) -> "Board":
        from .boardjson import board_from_data

        return board_from_data(data, cls)

    @classmethod
    def from_scenario(cls, text: str, source: str = "<text>") -> "Board":
        from .grammar.scenario import parse_scenario

        return cls.from_model(parse_scenario(text, source))

    @classmethod
    def parse(cls, text: str, source: str = "<input>", notation: Optional[str] = None) -> "Board":
        """A board in either notation: ``notation`` "json" or "scenario", or by default
        JSON if it starts with ``{``, else scenario text. A leading byte order mark is
        ignored."""
        text = text.removeprefix("\ufeff")
        if notation is None:
            notation = "json" if text.lstrip().startswith("{") else "scenario"
        if notation == "json":
            return cls.from_json(text, source)
        return cls.from_scenario(text, source)

    @classmethod
    def load(cls, path: Union[str, Path]) -> "Board":
        """Read a board file: a ``.json`` file is always a JSON board; any other file is
        JSON when it starts with ``{``, else the scenario language."""
        p = Path(path)
        try:
            text = p.read_bytes().decode("utf-8")
        except OSError as e:
            raise BoardError(f"cannot read {p}: {e.strerror or e}") from None
        except UnicodeDecodeError as e:
            raise BoardError(f"cannot read {p}: not UTF-8 text (byte {e.start + 1})") from None
        return cls.parse(text, str(p), "json" if p.suffix.lower() == ".json" else None)

    def to_data(self, full: bool = False) -> dict:
        from .boardjson import board_to_data

        data = board_to_data(self, full)
        if full and "damage_step" not in data and self.attacks is not None:
            data["damage_step"] = self.step
        return data

    def to_json(self, full: bool = False) -> str:
        import json

        return json.dumps(self.to_data(full), indent=2, ensure_ascii=False)

    def scenario(self) -> str:
        from .grammar.scenario import format_scenario

        return format_scenario(self)

    # -- reading card text -------------------------------------------------------
    @cached_property
    def readings(self) -> dict[str, TextReading]:
        from .grammar.oracle import read_text

        return {p.id: read_text(p.text, p.name) for p in self.permanents if p.text.strip()}

    @cached_property
    def effect_readings(self) -> tuple[TextReading, ...]:
        from .grammar.oracle import read_text

        return tuple(read_text(e.text, None) for e in self.effects)

    @cached_property
    def not_understood(self) -> list[dict]:
        """Every sentence that did not become a rule object, with where it is."""
        out = []
        for p in self.permanents:
            r = self.readings.get(p.id)
            for s in r.not_understood if r else ():
                out.append({"source": p.id, "sentence": s})
        for i, r in enumerate(self.effect_readings):
            for s in r.not_understood:
                out.append({"source": f"effect {i + 1}", "sentence": s})
        return out

    @cached_property
    def bound(self) -> Bound:
        return bind(self, self.readings, self.effect_readings)

    @cached_property
    def step(self) -> str:
        """The combat damage step asked about (510.4): as given, else the first that
        exists -- "first" when an attacking or blocking creature has first strike or
        double strike (506.1, 510.4), else "regular"."""
        if self.damage_step is not None:
            return self.damage_step
        fighters = set(self.attacks or {}) | set(self.blocks or {})
        for cid in fighters:
            if self.bound.has_keyword(cid, "first strike") or self.bound.has_keyword(
                cid, "double strike"
            ):
                return "first"
        return "regular"

    # -- declarations ---------------------------------------------------------------
    def problem(self, kind: str) -> Problem:
        cache = self.__dict__.setdefault("_problems", {})
        if kind not in cache:
            if kind == "attacks":
                from .rules.attack import attack_problem

                cache[kind] = attack_problem(self, self.bound)
            elif kind == "blocks":
                if self.attacks is None:
                    raise BoardError("the board declares no attacks, so there is nothing to block")
                from .rules.block import block_problem

                cache[kind] = block_problem(self, self.bound)
            else:
                raise ValueError(kind)
        return cache[kind]

    def legal_attacks(self, backend: str = "cpsat",
                      time_limit: Optional[float] = None) -> LegalDeclarations:
        """The legal attack declarations (508.1), lazily."""
        return LegalDeclarations(self, "attacks", backend, time_limit)

    def legal_blocks(self, backend: str = "cpsat",
                     time_limit: Optional[float] = None) -> LegalDeclarations:
        """The legal block declarations (509.1), lazily."""
        return LegalDeclarations(self, "blocks", backend, time_limit)

    def _check(self, kind: str, decl: Mapping, backend: str,
               time_limit: Optional[float]) -> "CheckVerdict":
        """The verdict on one declaration (spec: ``check``).

        ``max_requirements`` is the maximum the declaration is held to: over
        declarations paying no cost beyond the costs it pays (508.1d, 509.1c; see
        docs/board-format.md); ``max_requirements_without_costs`` is the maximum over
        declarations that pay no cost, the spec's ``max_requirements``. A time-out
        leaves ``legal`` None and ``status`` "unknown", unless a restriction is
        already seen to be broken: the declaration is then settled as illegal."""
        self._validate_declaration(kind, decl)
        from .rules.constraints import paid, true_keys
        from .solver import get_backend
        from .solver.base import Deadline, SolverTimeout, _MaxCache, canonical, check

        problem = self.problem(kind)
        be = get_backend(backend)
        deadline = Deadline(time_limit)
        v = check(problem, be, decl, time_limit)
        out = CheckVerdict(**{f.name: getattr(v, f.name) for f in dataclasses.fields(v)})
        out.violations = [self._explained(kind, problem, x) for x in out.violations]
        if out.violations and out.status == "complete":
            out.violations = self._unmet_explained(kind, problem, decl, out.violations, be,
                                                   deadline)
        if out.status == "unknown":
            if out.violations:  # a broken restriction settles it
                out.legal, out.status = False, "complete"
            elif not problem.requirements:  # nothing to maximise: 0 of 0 is the most
                out.legal, out.status, out.max_requirements = True, "complete", 0
            else:
                out.legal = None
            if not problem.requirements:
                out.max_requirements_without_costs = 0
            return out
        out.max_requirements_without_costs = out.max_requirements
        if paid(problem, true_keys(canonical(problem, decl))):
            try:
                out.max_requirements_without_costs = _MaxCache(problem, be, deadline)(
                    frozenset())[0]
            except SolverTimeout:
                out.max_requirements_without_costs = None
        return out

    # -- why a declaration fails: words a player can follow -------------------------
    def label(self, oid: str) -> str:
        """How a human answer names an object: its name, with its id in parentheses
        when another permanent or a player has the same name (as the command line)."""
        labels = self.__dict__.get("_labels")
        if labels is None:
            from collections import Counter

            count = Counter(p.name for p in self.permanents)
            players = set(self.player_names)
            labels = {n: n for n in players}
            for p in self.permanents:
                clash = count[p.name] > 1 or p.name in players
                labels[p.id] = f"{p.name} ({p.id})" if clash and p.id != p.name else p.name
            self.__dict__["_labels"] = labels
        return labels.get(oid, oid)

    def _battle_rule(self, letter: str) -> str:
        """310.9b-c (current) are 310.8b-c in the 2024 edition."""
        return ("310.8" if self.rules == "2024" else "310.9") + letter

    def not_an_option(self, kind: str, creature: str, choice: Optional[str] = None) -> str:
        """Why ``creature`` can't attack / block at all (``choice`` None), or can't
        attack / block ``choice``, before any restriction: who may attack or block and
        what may be attacked or blocked (506.2-506.3, 508.1a-b, 509.1a, 802, 805, 310)."""
        n = self.label
        verb = "attack" if kind == "attacks" else "block"
        if creature in self.player_names:
            return f"{creature} is a player; only a creature can {verb} (506.3)"
        perm = self.permanent(creature)
        if choice is None:
            if not perm.is_creature:
                return f"{n(creature)} is not a creature; only a creature can {verb} (506.3)"
            if kind == "attacks":
                if len(self.attacking_players) > 1:
                    return (f"{n(creature)} is controlled by {perm.controller}, who is not on "
                            f"the attacking team ({', '.join(self.attacking_players)}; "
                            "805.10a, 508.1a)")
                return (f"{n(creature)} is controlled by {perm.controller}, who is not the "
                        f"attacking player ({self.active_player} is; 506.2, 508.1a)")
            if self.attacks is not None and creature in self.attacks:
                return f"{n(creature)} is attacking (509.1a)"
            return (f"{n(creature)} is controlled by {perm.controller}, who is not a "
                    f"defending player ({self._defender_words()}; 506.2, 509.1a)")
        if kind == "attacks":
            return self._not_attackable(perm, choice)
        assert self.attacks is not None
        if choice in self.player_names or choice not in self.attacks:
            return f"{n(choice)} is not attacking (509.1a)"
        target = self.attacks[choice]
        dp = self.defending_player_of(target)
        me = perm.controller
        if target not in self.player_names and self.permanent(target).is_battle:
            return (f"{n(choice)} attacks {n(target)}, which {dp} protects, and only its "
                    f"protector's creatures can block creatures attacking a battle "
                    f"({self._battle_rule('c')}, 802.4a)")
        return (f"{n(choice)} attacks {n(target)}, and {me}'s creatures can block only "
                f"creatures attacking {me}, a planeswalker {me} controls or a battle {me} "
                f"protects (802.4a)")

    def _defender_words(self) -> str:
        ds = list(self.defenders)
        return "the defending player is " + ds[0] if len(ds) == 1 else (
            "the defending players are " + ", ".join(ds))

    def _not_attackable(self, perm, target: str) -> str:
        n = self.label
        if target in self.player_names:
            if target in self.attacking_players:
                who = ("the attacking player" if len(self.attacking_players) == 1
                       else "on the attacking team (805.10a)")
                return (f"{target} is {who}; a creature attacks a defending player, a "
                        f"planeswalker they control or a battle they protect (506.2, 508.1b)")
            return (f"{target} is not a defending player this combat ({self._defender_words()}; "
                    "506.2a, 508.1b)")
        t = self.permanent(target)
        if t.is_battle:
            if t.protector == perm.controller:
                return (f"{perm.controller} protects {n(target)}, and a battle's protector can "
                        f"never attack it ({self._battle_rule('b')})")
            return (f"{n(target)} is protected by {t.protector or t.controller}, who is not a "
                    f"defending player ({self._defender_words()}; {self._battle_rule('b')}, "
                    "506.2)")
        if t.is_planeswalker:
            return (f"{n(target)} is controlled by {t.controller}, who is not a defending player "
                    f"({self._defender_words()}; 506.2, 508.1b)")
        return (f"{n(target)} is not a player, planeswalker or battle; only those can be "
                "attacked (506.3)")

    def _explained(self, kind: str, problem: Problem, v):
        """A violation of the shape of a declaration ("X can't attack Alice."), with the
        reason: a creature that isn't the attacking / a defending player's, a player who
        isn't defending, a creature attacking someone else (802.4a) ..."""
        from .solver.base import Violation

        rule = "508.1a" if kind == "attacks" else "509.1a"
        objs = tuple(v.objects)
        if v.rule != rule or not objs or not v.message.endswith("."):
            return v
        verb = "attack" if kind == "attacks" else "block"
        c = objs[0]
        if len(objs) == 1 and c not in problem.options and v.message.endswith(f"can't {verb}."):
            why = self.not_an_option(kind, c)
            return Violation(v.rule, f"{self.label(c)} can't {verb}: {why}.", objs)
        if len(objs) == 2 and c in problem.options and objs[1] not in problem.options[c]:
            why = self.not_an_option(kind, c, objs[1])
            return Violation(v.rule, f"{self.label(c)} can't {verb} {self.label(objs[1])}: "
                             f"{why}.", objs)
        return v

    def unobeyable_requirements(self, kind: str, only: Optional[list] = None,
                                backend: str = "cpsat", time_limit: Optional[float] = None,
                                ) -> dict[str, str]:
        """The requirements of ``kind`` (those with ids in ``only``, by default all) that
        no declaration obeying the restrictions can obey on this board, costs paid or
        not: id -> why, in words ("" when the reason is the restrictions together). A
        non-flyer's Lure requirement toward a flying attacker is one: flying forbids the
        block (702.9b), so 509.1c never asks for it. Requirements the time limit leaves
        unsettled are not listed."""
        from .solver import get_backend
        from .solver.base import Deadline

        problem = self.problem(kind)
        return _unobeyable(problem, get_backend(backend), Deadline(time_limit), only)

    def _unmet_explained(self, kind: str, problem: Problem, decl: Mapping, violations: list,
                         backend, deadline) -> list:
        """The 508.1d / 509.1c violation lists the requirements the declaration doesn't
        obey; tell those another declaration could obey from those that no declaration
        can obey on this board, with the reason when it is a plain restriction."""
        from .rules.constraints import evaluate, true_keys
        from .solver.base import Violation, canonical

        rule = "508.1d" if kind == "attacks" else "509.1c"
        marker = " Not obeyed: "
        out = []
        for v in violations:
            if v.rule != rule or marker not in v.message:
                out.append(v)
                continue
            head = v.message.partition(marker)[0]
            keys = true_keys(canonical(problem, decl))
            unmet = [r for r in problem.requirements if not evaluate(r.expr, keys)]
            cannot = _unobeyable(problem, backend, deadline, [r.id for r in unmet])
            could = [r for r in unmet if r.id not in cannot]
            never = [r for r in unmet if r.id in cannot]
            msg = head
            if could:
                msg += " Not obeyed: " + _texts(could) + "."
            if never:
                msg += (" Could not be obeyed on this board (by any declaration that obeys "
                        "the restrictions): " + _texts(never, cannot) + ".")
            out.append(Violation(v.rule, msg, tuple(v.objects)))
        return out

    def check_attacks(self, decl: Mapping[str, str], backend: str = "cpsat",
                      time_limit: Optional[float] = None):
        """A verdict on one attack declaration: legal, violations, witness."""
        return self._check("attacks", decl, backend, time_limit)

    def check_blocks(self, decl: Mapping[str, Any], backend: str = "cpsat",
                     time_limit: Optional[float] = None):
        """A verdict on one block declaration: legal, violations, witness."""
        return self._check("blocks", decl, backend, time_limit)

    def list_declarations(self, kind: str, limit: Optional[int] = 1000,
                          backend: str = "cpsat", time_limit: Optional[float] = None):
        from .solver import get_backend
        from .solver.base import legal_declarations

        return legal_declarations(self.problem(kind), get_backend(backend), limit, time_limit)

    def _validate_declaration(self, kind: str, decl: Mapping) -> None:
        """Unknown ids and wrongly shaped declarations are bad input (BoardError)."""
        if not isinstance(decl, Mapping):
            raise BoardError(f"a declaration of {kind} must be a JSON object")
        for c, v in decl.items():
            if not isinstance(c, str) or not self.has_object(c):
                raise BoardError(f"declaration: unknown creature {c!r}")
            vals = [v] if kind == "attacks" else v
            if kind == "attacks" and not isinstance(v, str):
                raise BoardError(f"declaration: {c!r} must map to what it attacks (a string)")
            if kind == "blocks" and (not isinstance(v, (list, tuple)) or not v):
                raise BoardError(
                    f"declaration: {c!r} must map to a non-empty array of the attackers it blocks")
            for x in vals:
                if not isinstance(x, str) or not self.has_object(x):
                    raise BoardError(f"declaration: unknown id {x!r} (for {c!r})")
            if kind == "blocks" and len(set(vals)) != len(vals):
                raise BoardError(f"declaration: {c!r} lists the same attacker twice")

    # -- damage ---------------------------------------------------------------------
    def damage(self, limit: int = 1000, time_limit: Optional[float] = None,
               objective: Optional["ObjectiveFn"] = None) -> dict:
        """The legal damage assignments of the step and the best one per player (510.1).

        ``objective`` -- ``(step, player) -> Objective`` -- replaces what "best" means for
        each player who assigns (default: most opposing creatures destroyed, then the
        most damage that has an effect on opposing players, planeswalkers and battles);
        see :mod:`mtgcombat.rules.damage` (:func:`~mtgcombat.rules.damage.protecting`,
        :func:`~mtgcombat.rules.damage.player_damage_first`). For example
        ``board.damage(objective=protecting("bears"))["best"]``."""
        from .solver.damage import damage_answer

        self._need_blocks()
        answer = damage_answer(self, self.bound, limit=limit, time_limit=time_limit,
                               objective=objective, blocked=self.blocked or (),
                               first_strikers=self.first_strikers,
                               target_left=self.target_left or ())
        if limit is not None and len(answer["assignments"]) > limit:  # e.g. --limit 0
            answer["assignments"] = answer["assignments"][:limit]
            if answer["status"] == "complete":
                answer["status"] = "truncated"
        return answer

    def check_damage(self, assignment: Mapping, time_limit: Optional[float] = None) -> dict:
        from .solver.damage import check_damage_answer

        self._need_blocks()
        if not isinstance(assignment, Mapping):
            raise BoardError("a damage assignment must be a JSON object")
        answer = check_damage_answer(self, self.bound, dict(assignment), time_limit=time_limit,
                                     blocked=self.blocked or (),
                               first_strikers=self.first_strikers,
                               target_left=self.target_left or ())
        # Combat damage knows no requirements: 0 obeyed of at most 0 (the spec's shape).
        for k in ("requirements_obeyed", "max_requirements"):
            if answer.get(k) is None:
                answer[k] = 0
        if answer.get("status") == "unknown":
            answer["legal"] = None  # never guessed
        return answer

    def _need_blocks(self) -> None:
        if self.attacks is None:
            raise BoardError("a damage question needs declared attacks (and blocks, if any)")


# -- requirements no declaration can obey ------------------------------------------------


def _texts(reqs, why: Optional[Mapping[str, str]] = None, most: int = 5) -> str:
    parts = []
    for r in reqs[:most]:
        t = r.text.rstrip(".")
        if why and why.get(r.id):
            t += f" \u2014 {why[r.id]}"
        parts.append(t)
    return "; ".join(parts) + (" ..." if len(reqs) > most else "")


def _three(e, false: frozenset) -> Optional[bool]:
    """The value of ``e`` when the literals in ``false`` are false and the others
    unknown: True, False, or None (either)."""
    from .rules.constraints import And, Const, Count, Lit, Not, Or

    if isinstance(e, Lit):
        return False if e.key in false else None
    if isinstance(e, Const):
        return e.value
    if isinstance(e, Not):
        x = _three(e.e, false)
        return None if x is None else not x
    if isinstance(e, (And, Or)):
        vals = [_three(x, false) for x in e.es]
        stop = isinstance(e, Or)  # the value that settles it
        if stop in vals:
            return stop
        return (not stop) if all(x is not None for x in vals) else None
    if isinstance(e, Count):
        vals = [_three(x, false) for x in e.es]
        t, u = vals.count(True), vals.count(None)
        if (e.lo is not None and t + u < e.lo) or (e.hi is not None and t > e.hi):
            return False
        if (e.lo is None or t >= e.lo) and (e.hi is None or t + u <= e.hi):
            return True
        return None
    return None


def _unobeyable(problem: Problem, backend, deadline, only: Optional[list] = None,
                exact_at_most: int = 20) -> dict[str, str]:
    """See :meth:`Board.unobeyable_requirements`. First without a solver: a requirement
    whose every way of being obeyed is a choice a restriction forbids outright (or that
    isn't a choice at all) can't be obeyed, and those restrictions say why. Then, for at
    most ``exact_at_most`` others, the backend: the most a declaration obeying the
    restrictions, whatever it pays, can obey of that requirement alone."""
    from .explain import banned_choices
    from .solver.base import SolverTimeout

    why_banned: dict = {}
    for r in problem.restrictions:
        for k in banned_choices(r) or ():
            why_banned.setdefault(k, []).append(r.message)
    options = {(c, o) for c, opts in problem.options.items() for o in opts}
    out: dict[str, str] = {}
    rest = []
    for r in problem.requirements:
        if only is not None and r.id not in only:
            continue
        keys = _keys(r.expr)
        false = frozenset(k for k in keys if k in why_banned or k not in options)
        if _three(r.expr, false) is False:
            msgs: list[str] = []
            for k in sorted(false):
                for m in why_banned.get(k, ()):
                    m = m.rstrip(".")
                    if m not in msgs:
                        msgs.append(m)
            out[r.id] = " and ".join(msgs[:2]) + (" ..." if len(msgs) > 2 else "")
        else:
            rest.append(r)
    every = frozenset(c.id for c in problem.costs)
    for r in rest[:exact_at_most]:
        try:
            m, _ = backend.maximum(dataclasses.replace(problem, requirements=(r,)), every,
                                   deadline)
        except SolverTimeout:
            break
        if not m:
            out[r.id] = ""
    return out


def _keys(e) -> set:
    from .rules.constraints import Const, Lit

    if isinstance(e, Lit):
        return {e.key}
    if isinstance(e, Const):
        return set()
    if hasattr(e, "e"):
        return _keys(e.e)
    return set().union(*(_keys(x) for x in e.es)) if e.es else set()
