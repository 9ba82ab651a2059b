"""Declarations and damage assignments as values, with a one-line text notation.

Like python-chess's ``Move.uci()`` / ``Move.from_uci()``, each value has one
canonical text form that round-trips (``tests/test_notation.py``), and ``check``
accepts it wherever it accepts JSON:

* attacks: ``brigand -> Bob, bears -> jace`` (attacker -> what it attacks);
* blocks: ``wall -> raider, giant -> a1 + a2`` (blocker -> the attackers it blocks);
* damage: ``raider -> wall 2, Bob 1; wall -> raider 3`` (source -> recipient amount);
* nothing declared: ``none``.

Names are ids (and player names), spaces allowed: ``Fog Bank -> Hill Giant``. An id
that is empty, ``none``, starts or ends with a space, ends in a number after a space,
or holds one of ``, ; + " \\`` or ``->`` is written as a JSON string: ``"a, b" -> Bob``.

>>> from mtgcombat.notation import Assignment, Declaration
>>> blocks = Declaration.parse("blocks", "wall -> raider, giant -> a2 + a1")
>>> blocks
Declaration('blocks', 'giant -> a1 + a2, wall -> raider')
>>> blocks.to_json()
{'giant': ['a1', 'a2'], 'wall': ['raider']}
>>> blocks == {"wall": ["raider"], "giant": ["a1", "a2"]}
True
>>> Declaration("attacks", {"Fog Bank": "Bob", "a, b": "Bob"}).notation()
'Fog Bank -> Bob, "a, b" -> Bob'
>>> Assignment.parse("raider -> wall 2, Bob 1; wall -> raider 3").to_json()
{'raider': {'Bob': 1, 'wall': 2}, 'wall': {'raider': 3}}
>>> Declaration.parse("attacks", "bears Bob")
Traceback (most recent call last):
    ...
mtgcombat.errors.BoardError: declaration: expected '->' at column 10 of 'bears Bob'
"""

from __future__ import annotations

import json
from typing import Any, Iterator, Mapping, Union

from .rules.model import BoardError
from .rules.reasons import reason

_SPECIAL = set(",;+\"\\\t\n\r")


def _word(x: str) -> str:
    last = x.rsplit(" ", 1)[-1]
    if (not x or x == "none" or x != x.strip() or "->" in x or "  " in x
            or any(ch in _SPECIAL for ch in x) or last.isdigit()):
        return json.dumps(x, ensure_ascii=False)
    return x


class _Reader:
    """A tiny tokenizer: words, JSON strings, numbers and the marks -> , ; +."""

    def __init__(self, text: str, what: str) -> None:
        self.text, self.what, self.i = text, what, 0

    def error(self, problem: str, **params: Any) -> BoardError:
        """Bad notation at the reader's column (``problem``: what is wrong, a template's
        word: "expected", "name", "quote", "amount", "digits", "twice", "assigned_twice", "given_twice")."""
        return BoardError(reason("error.notation", None, (), what=self.what, problem=problem,
                                 column=self.i + 1, text=self.text, **params))

    def skip(self) -> None:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def at_end(self) -> bool:
        self.skip()
        return self.i >= len(self.text)

    def mark(self, m: str) -> bool:
        self.skip()
        if self.text.startswith(m, self.i):
            self.i += len(m)
            return True
        return False

    def expect(self, m: str) -> None:
        if not self.mark(m):
            raise self.error("expected", mark=m)

    def name(self, amount: bool = False) -> str:
        """A name (spaces inside allowed); with ``amount``, the name before a trailing
        number, which is left to :meth:`number`."""
        self.skip()
        if self.i >= len(self.text):
            raise self.error("name")
        if self.text[self.i] == '"':
            try:
                value, end = json.JSONDecoder().raw_decode(self.text, self.i)
            except json.JSONDecodeError:
                raise self.error("quote") from None
            self.i = end
            return value
        start = self.i
        while (self.i < len(self.text) and self.text[self.i] not in _SPECIAL
               and not self.text.startswith("->", self.i)):
            self.i += 1
        raw = self.text[start:self.i]
        if amount:
            head, sep, last = raw.rstrip().rpartition(" ")
            if sep and last.isascii() and last.isdigit():
                self.i = start + len(head) + 1  # back to the number
                raw = head
        value = raw.strip()
        if not value:
            raise self.error("name")
        return value

    def number(self) -> int:
        self.skip()
        start = self.i
        while self.i < len(self.text) and "0" <= self.text[self.i] <= "9":
            self.i += 1
        if self.i == start:
            raise self.error("amount")
        if self.i - start > 12:  # beyond any amount a board holds (rules.model.LIMIT)
            self.i = start
            raise self.error("digits")
        return int(self.text[start:self.i])


class Declaration(Mapping[str, Union[str, tuple[str, ...]]]):
    """An attack declaration (``kind`` "attacks": creature -> what it attacks) or a block
    declaration ("blocks": creature -> the attackers it blocks, sorted)."""

    __slots__ = ("kind", "_d")

    def __init__(self, kind: str, decl: Mapping) -> None:
        if kind not in ("attacks", "blocks"):
            raise ValueError(f"kind must be 'attacks' or 'blocks', not {kind!r}")
        self.kind = kind
        if kind == "attacks":
            self._d = {c: v for c, v in sorted(decl.items())}
        else:
            self._d = {c: tuple(sorted(v)) for c, v in sorted(decl.items())}

    def __getitem__(self, key: str):
        return self._d[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Declaration):
            return self.kind == other.kind and self._d == other._d
        if isinstance(other, Mapping):
            return self._d == {k: (v if isinstance(v, str) else tuple(sorted(v)))
                               for k, v in other.items()}
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.kind, tuple(self._d.items())))

    def notation(self) -> str:
        """The one-line notation (see the module docstring)."""
        if not self._d:
            return "none"
        if self.kind == "attacks":
            return ", ".join(f"{_word(c)} -> {_word(v)}" for c, v in self._d.items())
        return ", ".join(f"{_word(c)} -> " + " + ".join(_word(a) for a in v)
                         for c, v in self._d.items())

    __str__ = notation

    def __repr__(self) -> str:
        return f"Declaration({self.kind!r}, {self.notation()!r})"

    def to_json(self) -> dict:
        return {k: (v if isinstance(v, str) else list(v)) for k, v in self._d.items()}

    @classmethod
    def parse(cls, kind: str, text: str, what: str = "declaration") -> "Declaration":
        """Read the notation; bad text is a one-line :class:`BoardError`."""
        r = _Reader(text, what)
        out: dict = {}
        if text.strip() == "none":  # the whole text: "none0 -> Bob" names a creature
            return cls(kind, {})
        while True:
            c = r.name()
            r.expect("->")
            if kind == "attacks":
                v: Union[str, list] = r.name()
            else:
                v = [r.name()]
                while r.mark("+"):
                    v.append(r.name())
            if c in out:
                raise r.error("twice", name=c)
            out[c] = v
            if r.at_end():
                break
            r.expect(",")
        return cls(kind, out)


class Assignment(Mapping[str, Mapping[str, int]]):
    """A combat damage assignment: source -> {recipient: amount} (amounts > 0)."""

    __slots__ = ("_d",)

    def __init__(self, assignment: Mapping[str, Mapping[str, int]]) -> None:
        self._d = {s: {r: n for r, n in sorted(d.items()) if n}
                   for s, d in sorted(assignment.items())}

    def __getitem__(self, key: str) -> Mapping[str, int]:
        return self._d[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._d == Assignment(other)._d  # type: ignore[arg-type]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple((s, tuple(d.items())) for s, d in self._d.items()))

    def notation(self) -> str:
        if not self._d:
            return "none"
        return "; ".join(
            f"{_word(s)} -> " + (", ".join(f"{_word(r)} {n}" for r, n in d.items()) or "none")
            for s, d in self._d.items())

    __str__ = notation

    def __repr__(self) -> str:
        return f"Assignment({self.notation()!r})"

    def to_json(self) -> dict:
        return {s: dict(d) for s, d in self._d.items()}

    @classmethod
    def parse(cls, text: str, what: str = "assignment") -> "Assignment":
        r = _Reader(text, what)
        out: dict = {}
        if r.mark("none") and r.at_end():
            return cls({})
        r.i = 0
        while True:
            s = r.name()
            r.expect("->")
            d: dict = {}
            save = r.i
            # "none" assigns nothing only as a whole word: "-> none0 1" names a recipient
            empty = r.mark("none") and (r.at_end() or r.text.startswith(";", r.i))
            if not empty:
                r.i = save
                while True:
                    rec = r.name(amount=True)
                    n = r.number()
                    if rec in d:
                        raise r.error("assigned_twice", name=s, recipient=rec)
                    d[rec] = n
                    save = r.i
                    if r.mark(","):
                        continue
                    r.i = save
                    break
            if s in out:
                raise r.error("given_twice", name=s)
            out[s] = d
            if r.at_end():
                break
            r.expect(";")
        return cls(out)


def looks_like_notation(text: str) -> bool:
    """Whether a command-line value is notation (not JSON, not @FILE)."""
    t = text.lstrip()
    return bool(t) and t[0] not in "{[@"
