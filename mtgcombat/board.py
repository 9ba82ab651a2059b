"""The public board: the rules model plus reading of card text and the questions
a user asks (legal attacks and blocks, checks, damage, the whole combat).

>>> from mtgcombat import Board
>>> board = Board.from_json('''{"players": [{"name": "Alice"}, {"name": "Bob"}],
...   "active_player": "Alice",
...   "permanents": [{"id": "brigand", "name": "Goblin Brigand", "controller": "Alice",
...                   "power": 2, "toughness": 2,
...                   "text": "Goblin Brigand attacks each combat if able."},
...                  {"name": "Grizzly Bears", "controller": "Alice", "power": 2, "toughness": 2}]}''')
>>> board
<Board Alice (20 life) vs Bob (20 life), Alice's turn: 2 permanents, no attacks>
>>> board.legal_attacks().count()
2
>>> {"brigand": "Bob"} in board.legal_attacks()
True
>>> {"Grizzly Bears": "Bob"} in board.legal_attacks()
False

A declaration may be given in the one-line notation (:mod:`mtgcombat.notation`) wherever a
mapping is taken; text that is no declaration is an error, never a quiet ``False``:

>>> "brigand -> Bob, Grizzly Bears -> Bob" in board.legal_attacks()
True
>>> "brigand Bob" in board.legal_attacks()
Traceback (most recent call last):
    ...
mtgcombat.errors.BoardError: declaration: expected '->' at column 12 of 'brigand Bob'
>>> board.check_attacks("Grizzly Bears -> Bob")
<DeclarationVerdict attacks 'Grizzly Bears -> Bob': illegal (508.1d), 1 violation>

Blocks are lists of attackers, as in JSON:

>>> blocking = Board.from_scenario('''players Alice, Bob
... active Alice
... Alice:
...   bears: Grizzly Bears 2/2
... Bob:
...   spider: Giant Spider 2/4 "Reach"
... attack bears -> Bob''')
>>> list(blocking.legal_blocks())
[{}, {'spider': ['bears']}]
>>> "spider -> bears" in blocking.legal_blocks()
True
>>> answer = blocking.combat(blocks="spider -> bears")
>>> answer
<CombatAnswer complete: 1 combat damage step; destroyed: bears; lost: none>
>>> answer.after.board
<Board Alice (20 life) vs Bob (20 life), Alice's turn: 1 permanent, no attacks>
>>> answer.after.board.permanent("spider").damage
2
"""

from __future__ import annotations

import dataclasses
import re
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Optional, Union

from .rules import model
from .rules import abilities as A
from .rules.abilities import Parsed, TextReading
from .rules.bind import Bound, bind
from .rules.constraints import Problem
from .rules.model import BoardError
from .rules.values import DeclarationKind
from .rules.reasons import reason

# Words by which a text means its own object: a sentence with them is never read as
# about another permanent named in it.
_SELF_WORDS = re.compile(r"\bthis (?:creature|permanent|card)\b|\bCARDNAME\b|~", re.I)

if TYPE_CHECKING:
    from .questions.damage import DamageAnswer, DamageVerdict
    from .questions.declarations import (
        DeclarationCount, DeclarationListing, DeclarationVerdict,
    )
    from .questions.combat import CombatAnswer
    from .questions.explain import Explanation
    from .rules.damage import ObjectiveFn


#: A declaration: a mapping (as its JSON) or text in the notation ("spider -> bears").
Decl = Union[Mapping[str, Any], str]


def _declaration(kind: str, decl: object) -> Mapping:
    """A declaration given as a mapping or as notation text (:class:`Declaration`)."""
    if isinstance(decl, str):
        from .notation import Declaration

        return Declaration.parse(kind, decl).to_json()
    if not isinstance(decl, Mapping):
        raise TypeError(f"a declaration of {kind} is a mapping or notation text, "
                        f"not {type(decl).__name__}")
    return decl


def _json_declaration(decl: Mapping) -> dict:
    """A declaration as its JSON: blocks map to lists of attackers."""
    return {k: (v if isinstance(v, str) else list(v)) for k, v in decl.items()}


class IllegalDeclarationError(ValueError):
    """A declaration that breaks the rules, raised by a checked operation
    (:meth:`Board.declare_attacks`, :meth:`Board.declare_blocks`); carries the verdict
    (``verdict.violations``: rule numbers, object ids, reasons)."""

    def __init__(self, verdict: "DeclarationVerdict") -> None:
        self.verdict = verdict
        first = verdict.violations[0] if verdict.violations else None
        super().__init__(
            f"Illegal ({first.rule}): {first.message}" if first else "Illegal declaration"
        )


class LegalDeclarations:
    """A lazy collection of legal declarations, like python-chess's ``legal_moves``.

    Iterating solves lazily; ``decl in ...`` asks for the verdict only (no
    explanation, no listing); ``count()`` counts (may take long on huge spaces);
    truthiness asks for one. There is deliberately no ``len()``: it would enumerate."""

    def __init__(self, board: "Board", kind: DeclarationKind, backend: str = "auto",
                 time_limit: Optional[float] = None) -> None:
        self.board, self.kind, self.backend, self.time_limit = board, kind, backend, time_limit

    @property
    def problem(self) -> Problem:
        """The declaration problem (:meth:`Board.problem`)."""
        return self.board.problem(self.kind)

    def __iter__(self) -> Iterator[dict]:
        """Each legal declaration as its JSON (blocks: lists of attackers)."""
        from .questions.declarations import iter_declarations
        from .solver.base import Deadline

        for listed in iter_declarations(self.board, self.kind, self.backend,
                                        Deadline(self.time_limit)):
            yield _json_declaration(listed.declaration)

    def __contains__(self, decl: object) -> bool:
        """Whether a declaration -- a mapping, or text in the notation ("spider ->
        bears") -- is legal. Text that is no declaration, unknown ids and wrong shapes
        are a :class:`BoardError`; anything else a :class:`TypeError`."""
        from .questions.declarations import check

        decl = _declaration(self.kind, decl)
        return check(self.board, self.kind, decl, self.backend, self.time_limit).legal is True

    def count(self) -> int:
        """How many there are, by listing them all (``Board.count_declarations`` counts
        independent parts apart, faster on big boards)."""
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __repr__(self) -> str:
        return f"<LegalDeclarations {self.kind} of {len(self.board.permanents)} permanents>"


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
    def from_json(cls, text: str, source: str = "<json>", cards: Any = None) -> "Board":
        """A JSON board; with ``cards`` (a :class:`mtgcombat.cards.CardDatabase`) a
        permanent may be given by name alone."""
        from .boardjson import load_board_json

        board = load_board_json(text, source, cls, cards=cards)
        board.__dict__["origin"] = (source, None)
        return board

    @classmethod
    def from_data(cls, data: Any, cards: Any = None, strict: bool = False) -> "Board":
        """A board from parsed JSON data (a dict); ``strict`` as in :meth:`parse`."""
        from .boardjson import board_from_data

        board = board_from_data(data, cls, cards=cards)
        if strict:
            board.require_understood()
        return board

    @classmethod
    def from_scenario(cls, text: str, source: str = "<text>", cards: Any = None) -> "Board":
        """A board in the scenario language (docs/scenario-language.md); ``source`` names
        it in errors (FILE:LINE:COLUMN), ``cards`` as in :meth:`from_json`."""
        from .grammar.scenario import parse_scenario

        model_board = parse_scenario(text, source, cards=cards)
        board = cls.from_model(model_board)
        board.__dict__["origin"] = (source, getattr(model_board, "_locate", None))
        # what the scenario reader read in a way the writer may not have meant (warnings)
        board.__dict__["scenario_notes"] = getattr(model_board, "_notes", ())
        return board

    def locate(self, e: BoardError) -> BoardError:
        """An error found by a question, with where it is on the board's text: FILE:LINE:
        COLUMN for scenario text (the line of the part it is about), FILE: for JSON."""
        source, locate = self.__dict__.get("origin", (None, None))
        if source is None or source in (getattr(e, "source", None), e.why.get("source")):
            return e  # already said where
        if locate is not None:
            return locate(e)
        return BoardError(reason("error.in_source", source=source, inner=e.why))

    @classmethod
    def parse(cls, text: str, source: str = "<input>", notation: Optional[str] = None,
              cards: Any = None, strict: bool = False) -> "Board":
        """A board in either notation: ``notation`` "json" or "scenario", or by default
        JSON if it starts with ``{``, else scenario text. A leading byte order mark is
        ignored. ``strict``: a sentence not understood is bad input."""
        text = text.removeprefix("\ufeff")
        if notation is None:
            notation = "json" if text.lstrip().startswith("{") else "scenario"
        if notation == "json":
            board = cls.from_json(text, source, cards=cards)
        else:
            board = cls.from_scenario(text, source, cards=cards)
        if strict:
            try:
                board.require_understood()
            except BoardError as e:
                raise board.locate(e) from None
        return board

    @classmethod
    def load(cls, path: Union[str, Path], cards: Any = None, strict: bool = False) -> "Board":
        """Read a board file: a ``.json`` file is always a JSON board; any other file is
        JSON when it starts with ``{``, else the scenario language. ``strict``: a
        sentence not understood is bad input (:meth:`require_understood`)."""
        p = Path(path)
        try:
            text = p.read_bytes().decode("utf-8")
        except OSError as e:
            raise BoardError(reason("error.cannot_read", path=str(p),
                                    problem=str(e.strerror or e))) from None
        except UnicodeDecodeError as e:
            raise BoardError(reason("error.not_utf8", path=str(p), byte=e.start + 1)) from None
        return cls.parse(text, str(p), "json" if p.suffix.lower() == ".json" else None,
                         cards=cards, strict=strict)

    def to_data(self, full: bool = False) -> dict:
        """The board as JSON data (a dict); ``full``: every field, defaults too."""
        from .boardjson import board_to_data

        data = board_to_data(self, full)
        if full and "damage_step" not in data and self.attacks is not None:
            data["damage_step"] = self.step
        return data

    def to_json(self, full: bool = False) -> str:
        """The board as JSON text (docs/board-format.md)."""
        import json

        return json.dumps(self.to_data(full), indent=2, ensure_ascii=False)

    def __repr__(self) -> str:
        """One short line: the players and their life, whose turn, how many
        permanents, what is declared. ``str(board)`` is the whole board in the scenario
        language (``Board.from_scenario(str(b))`` reads it back)."""
        players = " vs ".join(f"{p.name} ({p.life} life)" for p in self.players)
        parts = [f"{len(self.permanents)} permanent{'' if len(self.permanents) == 1 else 's'}"]
        if self.attacks is None:
            parts.append("no attacks")
        else:
            n = len(self.attacks)
            parts.append(f"{n} attacker{'' if n == 1 else 's'}")
            if self.blocks is not None:
                n = len(self.blocks)
                parts.append(f"{n} blocker{'' if n == 1 else 's'}")
        if self.rules != "current":
            parts.append(f"rules {self.rules}")
        return f"<Board {players}, {self.active_player}'s turn: {', '.join(parts)}>"

    def __str__(self) -> str:
        """The board in the scenario language (:meth:`scenario`)."""
        return self.scenario()

    def _repr_svg_(self) -> str:
        """The board's picture (:func:`mtgcombat.draw.draw`): how Jupyter shows a board."""
        from .draw import draw

        return str(draw(self))

    def scenario(self) -> str:
        """The board in the scenario language; :meth:`from_scenario` reads it back."""
        from .grammar.scenario import format_scenario

        return format_scenario(self)

    # -- reading card text -------------------------------------------------------
    @cached_property
    def readings(self) -> dict[str, TextReading]:
        """Each permanent's text as read by the Oracle grammar: id -> the sentences
        understood (as rule objects) and not understood."""
        from .grammar.oracle import read_text

        return {p.id: self._read_names(read_text(p.text, p.name), p.text, p.id,
                                       ("permanent", p.id))
                for p in self.permanents if p.text.strip()}

    @cached_property
    def effect_readings(self) -> tuple[TextReading, ...]:
        """Each effect's text as read (in the order of :attr:`effects`)."""
        from .grammar.oracle import read_text

        # An effect refers to its source by the source's name ("attack Gideon Jura if
        # able" on an effect whose source is gideon): each effect reads with its own.
        # A modal spell's text reads with the modes chosen for it (700.2a).
        out = []
        for i, e in enumerate(self.effects):
            if e.step is not None:
                out.append(self._read_step_effect(e))
                continue
            modes = self._chosen_modes(i, e)
            out.append(self._read_names(read_text(e.text, self._source_name(e), modes), e.text,
                                        e.source, ("effect", i), modes))
        return tuple(out)

    def _read_step_effect(self, e: model.Effect) -> TextReading:
        """A spell or ability that resolves in a combat step (spec Extension 3): its text
        read as instructions, in effect only once it resolves; not understood (whole)
        when a sentence of it isn't read."""
        from .grammar.oracle import reader  # noqa: F401 -- loading it sets the parser's hooks
        from .grammar.oracle.triggered import read_instructions

        ins = read_instructions(e.text, self._source_name(e), {p.name for p in self.permanents})
        if ins is None:
            return TextReading((), (e.text.strip(),))
        return TextReading((Parsed(e.text.strip(), (ins,)),), ())

    def _chosen_modes(self, i: int, e: model.Effect) -> Optional[tuple[int, ...]]:
        """An effect's chosen modes, checked against its text (700.2): a modal spell's
        text needs them -- its modes are alternatives, and which was chosen decides what
        applies and what its targets are (601.2c) -- and a mode must be one the text
        has, chosen once (unless the text allows more, 700.2d), as many as it says."""
        from .grammar.oracle.reader import modal_spell

        spell = modal_spell(e.text)
        where = ("effect", i)
        if e.modes is None:
            if spell is not None:
                raise BoardError(reason("error.modes_missing", None, (), where=where,
                                        header=spell.header, count=len(spell.modes)))
            return None
        if spell is None:
            raise BoardError(reason("error.modes_not_modal", None, (), where=where,
                                    modes=list(e.modes)))
        for k in e.modes:
            if k > len(spell.modes):
                raise BoardError(reason("error.mode_out_of_range", None, (), where=where,
                                        mode=k, count=len(spell.modes)))
        twice = [k for n, k in enumerate(e.modes) if k in e.modes[:n]]
        if twice and not spell.same_mode:
            raise BoardError(reason("error.mode_twice", None, (), where=where, mode=twice[0]))
        if not spell.allows(len(e.modes)):
            raise BoardError(reason("error.modes_count", None, (), where=where,
                                    given=len(e.modes), header=spell.header,
                                    count=len(spell.modes), entwine=spell.entwine))
        return e.modes

    def _read_names(self, reading: TextReading, text: str, own: Optional[str],
                    where: tuple, modes: Optional[tuple[int, ...]] = None) -> TextReading:
        """A text that names another permanent ("Target creature blocks Ravager this
        turn if able."): each sentence not understood that reads with that permanent's
        name as its object is read so, bound to that permanent. The name must be
        unique on the board; two permanents with it are bad input naming their ids.
        ``modes``: the modes chosen for a modal spell's text (700.2a)."""
        if not reading.not_understood:
            return reading
        from .grammar.oracle import read_text
        from .grammar.oracle.sentences import name_variants

        own_names = set(name_variants(self.permanent(own).name)) \
            if own is not None and own in self._by_id else set()  # gone: 400.7
        understood = list(reading.understood)
        left = list(reading.not_understood)
        names = sorted({p.name for p in self.permanents if p.id != own and p.name
                        and p.name not in own_names}, key=len, reverse=True)
        for name in names:
            pattern = re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])")
            hits = [s for s in left if pattern.search(s)
                    and not _SELF_WORDS.search(s)
                    and not any(n in s for n in own_names)]
            if not hits:
                continue
            alt = read_text(text, name, modes)
            read = {p.sentence: p for p in alt.understood if p.abilities}
            found = [s for s in hits if s in read]
            if not found:
                continue
            ids = [p.id for p in self.permanents if p.name == name]
            if len(ids) > 1:
                raise BoardError(reason("error.name_ambiguous", None, (), where=where,
                                        name=name, ids=ids, sentence=found[0]))
            for s in found:
                understood.append(Parsed(s, (A.Named(ids[0], read[s].abilities),)))
                left.remove(s)
        if len(left) == len(reading.not_understood):
            return reading
        order = {s: text.find(s) for s in (p.sentence for p in understood)}
        understood.sort(key=lambda p: order[p.sentence])
        return TextReading(tuple(understood), tuple(left))

    def _source_name(self, e: Any) -> Optional[str]:
        if e.source is not None and self.has_object(e.source) and \
                e.source not in self.player_names:
            return self.permanent(e.source).name
        return None

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

    def require_understood(self) -> None:
        """Strict reading: a sentence not understood is bad input (:class:`BoardError`
        naming the first one and how many there are)."""
        for p in self.permanents:
            r = self.readings.get(p.id)
            if r is not None and r.not_understood:
                self._refuse(("permanent", p.id), r.not_understood[0])
        for i, r in enumerate(self.effect_readings):
            if r.not_understood:
                self._refuse(("effect", i), r.not_understood[0])

    def _refuse(self, where: tuple, sentence: str) -> None:
        more = len(self.not_understood) - 1
        raise BoardError(reason("error.strict_not_understood", None, (), where=where,
                                sentence=sentence, more=more))

    @cached_property
    def bound(self) -> Bound:
        """The abilities read, bound to the board's objects (:mod:`mtgcombat.rules.bind`):
        ``board.bound.keywords``, ``board.bound.protections(id)`` ..."""
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
    def problem(self, kind: DeclarationKind) -> Problem:
        """The declaration problem of ``kind`` ("attacks" or "blocks", 508.1 / 509.1):
        options, restrictions, requirements and costs, each with its reason."""
        cache = self.__dict__.setdefault("_problems", {})
        if kind not in cache:
            if kind == "attacks":
                from .rules.attack import attack_problem

                cache[kind] = attack_problem(self, self.bound)
            elif kind == "blocks":
                if self.attacks is None:
                    raise BoardError(reason("error.nothing_to_block"))
                from .rules.block import block_problem

                cache[kind] = block_problem(self, self.bound)
            else:
                raise ValueError(kind)
        return cache[kind]

    def legal_attacks(self, backend: str = "auto",
                      time_limit: Optional[float] = None) -> LegalDeclarations:
        """The legal attack declarations (508.1), lazily."""
        return LegalDeclarations(self, "attacks", backend, time_limit)

    def legal_blocks(self, backend: str = "auto",
                     time_limit: Optional[float] = None) -> LegalDeclarations:
        """The legal block declarations (509.1), lazily."""
        return LegalDeclarations(self, "blocks", backend, time_limit)

    def check_attacks(self, decl: Decl, backend: str = "auto",
                      time_limit: Optional[float] = None) -> "DeclarationVerdict":
        """A verdict on one attack declaration: legal, violations (explained when
        read), witness, costs."""
        from .questions.declarations import check

        return check(self, "attacks", _declaration("attacks", decl), backend, time_limit)

    def check_blocks(self, decl: Decl, backend: str = "auto",
                     time_limit: Optional[float] = None) -> "DeclarationVerdict":
        """A verdict on one block declaration: legal, violations (explained when read),
        witness, costs."""
        from .questions.declarations import check

        return check(self, "blocks", _declaration("blocks", decl), backend, time_limit)

    def check_declaration(self, kind: DeclarationKind, decl: Decl, backend: str = "auto",
                          time_limit: Optional[float] = None) -> "DeclarationVerdict":
        """:meth:`check_attacks` or :meth:`check_blocks` by ``kind``."""
        from .questions.declarations import check

        return check(self, kind, _declaration(kind, decl), backend, time_limit)

    def list_declarations(self, kind: DeclarationKind, limit: Optional[int] = 1000,
                          backend: str = "auto", time_limit: Optional[float] = None,
                          **hooks: Any) -> "DeclarationListing":
        """The legal attack (``kind`` "attacks") or block declarations, up to ``limit``,
        in listing order (spec: ``attacks`` / ``blocks``). ``hooks``: ``on_max`` and
        ``on_found`` callbacks (progress, streaming)."""
        from .questions.declarations import list_declarations

        return list_declarations(self, kind, limit, backend, time_limit, **hooks)

    def count_declarations(self, kind: DeclarationKind, backend: str = "auto",
                           time_limit: Optional[float] = None) -> "DeclarationCount":
        """How many legal declarations there are, without listing them where the board
        splits into independent parts (their counts multiply)."""
        from .questions.declarations import count_declarations

        return count_declarations(self, kind, backend, time_limit)

    def unobeyable_requirements(self, kind: DeclarationKind, only: Optional[list] = None,
                                backend: str = "auto", time_limit: Optional[float] = None,
                                ) -> dict[str, str]:
        """The requirements of ``kind`` (those with ids in ``only``, by default all) that
        no declaration obeying the restrictions can obey on this board, costs paid or
        not: id -> why, in English ("" when the reason is the restrictions together).
        :func:`mtgcombat.questions.declarations.unobeyable_requirements` gives the reasons
        as data."""
        from .questions.declarations import unobeyable_requirements
        from .text import Writer

        w = Writer.for_board(self)
        return {rid: (w(why) if why is not None else "")
                for rid, why in unobeyable_requirements(self, kind, only, backend,
                                                        time_limit).items()}

    def label(self, oid: str) -> str:
        """How human answers name an object: its name, with its id in parentheses when
        another permanent or a player has the same name (:class:`mtgcombat.text.Labeller`)."""
        from .text.labels import Labeller

        return Labeller.of(self)(oid)

    # -- checked and unchecked operations (like python-chess's push / push_san) --------
    def with_attacks(self, decl: Decl) -> "Board":
        """A copy with these attacks declared, not checked against 508.1 (only the
        board's own validation: ids, who may attack what)."""
        return self.evolve(attacks=dict(_declaration("attacks", decl)), blocks=None,
                           damage_order=None)

    def with_blocks(self, decl: Decl) -> "Board":
        """A copy with these blocks declared, not checked against 509.1."""
        return self.evolve(blocks={k: tuple(v) for k, v in _declaration("blocks", decl).items()},
                           damage_order=None)

    def declare_attacks(self, decl: Decl, backend: str = "auto") -> "Board":
        """A copy with these attacks declared; raises :class:`IllegalDeclarationError`
        when the declaration is illegal (508.1) or its legality can't be settled."""
        decl = _declaration("attacks", decl)
        v = self.check_attacks(decl, backend)
        if v.legal is not True:
            raise IllegalDeclarationError(v)
        return self.with_attacks(decl)

    def declare_blocks(self, decl: Decl, backend: str = "auto") -> "Board":
        """A copy with these blocks declared; raises :class:`IllegalDeclarationError`
        when the declaration is illegal (509.1) or its legality can't be settled."""
        decl = _declaration("blocks", decl)
        v = self.check_blocks(decl, backend)
        if v.legal is not True:
            raise IllegalDeclarationError(v)
        return self.with_blocks(decl)

    # -- damage ---------------------------------------------------------------------
    def damage(self, limit: Optional[int] = 1000, time_limit: Optional[float] = None,
               objective: Optional["ObjectiveFn"] = None) -> "DamageAnswer":
        """The legal damage assignments of the step and the best one per player (510.1).

        ``objective`` -- ``(step, player) -> Objective`` -- replaces what "best" means for
        each player who assigns (default: most opposing creatures destroyed, then the
        most damage that has an effect on opposing players, planeswalkers and battles);
        see :mod:`mtgcombat.rules.damage` (:func:`~mtgcombat.rules.damage.protecting`,
        :func:`~mtgcombat.rules.damage.player_damage_first`). For example
        ``board.damage(objective=protecting("bears")).best["Alice"]``."""
        from .questions.combat import at_damage
        from .questions.damage import damage_answer

        self._need_attacks()
        return damage_answer(self, self.bound, limit=limit, time_limit=time_limit,
                             objective=objective, blocked=self.blocked or (),
                             first_strikers=self.first_strikers,
                             target_left=self.target_left or (), judge=at_damage)

    def check_damage(self, assignment: Union[Mapping, str], time_limit: Optional[float] = None
                     ) -> "DamageVerdict":
        """Whether one damage assignment (a mapping, or notation: ``"raider -> wall 2"``)
        is legal (judged as the whole assignment of the players whose creatures it names,
        510.1e), and why not."""
        from .questions.damage import check_damage

        self._need_attacks()
        if isinstance(assignment, str):
            from .notation import Assignment

            assignment = Assignment.parse(assignment).to_json()
        if not isinstance(assignment, Mapping):
            raise BoardError(reason("error.assignment_not_object"))
        from .questions.combat import at_damage
        from .solver.base import SolverTimeout

        at, stop, unsettled = None, None, False
        try:
            # the step combat reaches: what resolved before it carried out (spec Ext. 3)
            at, stop, logs, used = at_damage(self, time_limit=time_limit)
        except SolverTimeout:
            unsettled = True
        b = at if at is not None else self
        out = check_damage(b, dict(assignment), b.bound, time_limit,
                           blocked=b.blocked or (), first_strikers=b.first_strikers,
                           target_left=b.target_left or ())
        if at is not None or stop is not None:
            out.before, out.choices = logs, used
        if stop is not None:
            # One verdict for one declaration (spec Extension 3): a combat whose
            # declarations are illegal (508.1, 509.1) never reaches combat damage, so no
            # assignment of its step is legal; unsettled declarations leave it unknown.
            out.declaration, out.violations = stop, []
            out.legal = False if stop.status == "illegal" else None
            out.status = "complete" if stop.status == "illegal" else "unknown"
            out.damage_order = out.completion = None
        if unsettled:  # never guessed on a board the combat may not reach
            out.legal, out.status, out.violations = None, "unknown", []
        return out

    def combat(self, attacks: Optional[Decl] = None, blocks: Optional[Decl] = None,
               damage: Any = (), *, time_limit: Optional[float] = None,
               objective: Optional["ObjectiveFn"] = None, backend: str = "auto"
               ) -> "CombatAnswer":
        """The whole combat (:mod:`mtgcombat.questions.combat`): the declarations (given
        ones checked first; mappings or notation), the triggers before damage, every
        combat damage step (510.4) with its results (120.3) and state-based actions
        (704.5), the end of combat (511). ``damage`` is a list of assignments (mappings or
        notation), one per step; a step without one uses each player's best.
        ``.after.board`` is the board after combat (the JSON's ``after.board``);
        :func:`mtgcombat.draw.draw_result` draws the answer."""
        from .notation import Assignment
        from .questions.combat import combat

        steps = [Assignment.parse(d).to_json() if isinstance(d, str) else d for d in damage]
        return combat(self, None if attacks is None else _declaration("attacks", attacks),
                      None if blocks is None else _declaration("blocks", blocks), steps,
                      time_limit=time_limit, objective=objective, backend=backend)

    def _need_attacks(self) -> None:
        if self.attacks is None:
            raise BoardError(reason("error.damage_needs_attacks"))

    # -- explanations ---------------------------------------------------------------
    def explain(self, kind: Optional[str] = None, decl: Optional[Mapping] = None, *,
                backend: str = "auto", time_limit: Optional[float] = None) -> "Explanation":
        """A narrative explanation (:mod:`mtgcombat.questions.explain`): the attacks, the
        blocks or the damage, whichever the board suggests (or ``kind``), and one
        declaration or assignment when ``decl`` is given. ``.text(writer)`` words it."""
        from .questions.explain import explain

        return explain(self, kind, decl, backend=backend, time_limit=time_limit)
