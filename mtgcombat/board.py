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
from typing import Any, Iterator, Mapping, Optional, Union

from .rules import model
from .rules.abilities import TextReading
from .rules.bind import Bound, bind
from .rules.constraints import Declaration, Problem
from .rules.model import BoardError
from .solver.base import Verdict


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
    def damage(self, limit: int = 1000, time_limit: Optional[float] = None) -> dict:
        """The legal damage assignments of the step and the best one per player (510.1)."""
        from .solver.damage import damage_answer

        self._need_blocks()
        answer = damage_answer(self, self.bound, limit=limit, time_limit=time_limit,
                               blocked=self.blocked or (),
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
