"""The one labeller: how every human answer names players and permanents."""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Protocol


class _Named(Protocol):
    id: str
    name: str


class Labeller:
    """A permanent by its name, with its id in parentheses when another permanent or
    a player has the same name ("Grizzly Bears (cub)"); a player by their name; an
    unknown id as itself."""

    def __init__(self, permanents: Iterable[_Named] = (), players: Iterable[str] = ()) -> None:
        perms = list(permanents)
        players = list(players)
        count = Counter(p.name for p in perms)
        taken = set(players)
        self.map: dict[str, str] = {n: n for n in players}
        self.names: dict[str, str] = {n: n for n in players}
        for p in perms:
            clash = count[p.name] > 1 or p.name in taken
            self.map[p.id] = f"{p.name} ({p.id})" if clash and p.id != p.name else p.name
            self.names[p.id] = p.name
        #: Each object's place on the board (players, then permanents in order): what
        #: orders objects in words, so that no answer depends on the ids.
        self.rank: dict[str, int] = {k: i for i, k in enumerate(self.map)}

    @classmethod
    def of(cls, board: Any) -> "Labeller":
        """The labeller of a board (computed once per board)."""
        if board is None:
            return cls()
        hit = getattr(board, "__dict__", {}).get("_c_labeller")
        if hit is None:
            hit = cls(board.permanents, board.player_names)
            try:
                object.__setattr__(board, "_c_labeller", hit)
            except (AttributeError, TypeError):  # pragma: no cover
                pass
        return hit

    @classmethod
    def from_names(cls, names: Mapping[str, str]) -> "Labeller":
        """A labeller for objects known only by id -> name."""
        out = cls()
        count = Counter(names.values())
        for i, n in names.items():
            out.map[i] = f"{n} ({i})" if count[n] > 1 and n != i else n
            out.names[i] = n
        return out

    def __call__(self, oid: str) -> str:
        return self.map.get(oid, oid)

    def name(self, oid: str) -> str:
        """The plain name (no id), e.g. for "Goblin Brigand attacks each combat"."""
        return self.names.get(oid, oid)
