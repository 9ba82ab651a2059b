"""Cards by name: a card database read from an MTGJSON or Scryfall file, indexed in SQLite.

With a card database (``--cards FILE`` or ``$MTGCOMBAT_CARDS``) a permanent on a board
may give just its name; type line, power, toughness, colours and Oracle text come
from the card, and fields given on the board win (board format, Extension 2, "Cards
by name").

Two file formats are read, plain or gzipped (told by the gzip magic bytes, not the
suffix), the format told by the content:

* MTGJSON ``AtomicCards.json``: ``{"meta": ..., "data": {"Card Name": [face, ...]}}``;
  a face has ``name`` (the whole card's, ``"A // B"`` for several faces),
  ``faceName``, ``side``, ``type``, ``manaCost``, ``colors``, ``text``, ``power``,
  ``toughness``, ``loyalty``, ``defense``.
* Scryfall "Oracle Cards" bulk data: a JSON array of card objects (``name``,
  ``layout``, ``type_line``, ``mana_cost``, ``colors``, ``oracle_text``, ``power``,
  ``toughness``, ``loyalty``, ``defense``; a multi-face card has ``card_faces`` with
  the same fields). A Scryfall list object (``{"object": "list", "data": [...]}``)
  is read too. Tokens, emblems and art-series cards are left out (MTGJSON's atomic
  cards have none either).

The file is read once, streamed one card at a time, into a SQLite index in the
user's cache directory (:func:`cache_dir`): one database per source file, keyed by
its absolute path, rebuilt when the file's size, modification time or a sample of
its bytes changes. The index is built in a temporary file and renamed into place,
so an interrupted build never leaves half an index. A name is found by its folded
form (:func:`fold`: case, accents and apostrophe variants ignored), through the
primary-key index of the ``names`` table: a lookup is one indexed query.

Every name of a card finds it: each face's own name finds that face ("Delver of
Secrets", "Insectile Aberration"), the whole name "A // B" finds the front face.
"""

from __future__ import annotations

import difflib
import glob
import gzip
import hashlib
import json
import os
import re
import signal
import sqlite3
import tempfile
import threading
import unicodedata
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping, Optional, TextIO, Union
from urllib.parse import quote

from .rules.model import BoardError
from .rules.reasons import Reason, english, reason

__all__ = [
    "INDEX_VERSION", "Card", "CardDatabase", "CardEntry", "cache_dir", "fill", "fill_board",
    "fold", "open_database", "read_card_file",
]

#: The version of the index layout; an index of another version is rebuilt.
INDEX_VERSION = 2

#: The environment variables: the card file, and the cache directory.
CARDS_ENV = "MTGCOMBAT_CARDS"
CACHE_ENV = "MTGCOMBAT_CACHE"

_COLOR_ORDER = "WUBRG"
_GZIP_MAGIC = b"\x1f\x8b"
_SAMPLE = 1 << 16


# -- cards -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Card:
    """One face of a card as Oracle prints it. Power, toughness, loyalty and defense
    are strings as printed ("2", "*", "1+*", "X") or None when the face has none."""

    name: str
    type_line: str
    power: Optional[str] = None
    toughness: Optional[str] = None
    colors: tuple[str, ...] = ()
    text: str = ""
    loyalty: Optional[str] = None
    defense: Optional[str] = None
    mana_cost: str = ""


@dataclass(frozen=True)
class CardEntry:
    """A whole card as read from a file: its full name, its faces (front first) and
    its rank (0 for a card of the game, 1 for planes, schemes, vanguards and other
    objects of casual formats; a lower rank wins a name both use)."""

    name: str
    faces: tuple[Card, ...]
    rank: int = 0


# -- names -----------------------------------------------------------------------------

_LIGATURES = str.maketrans({"æ": "ae", "œ": "oe", "ß": "ss", "\u2019": "'", "\u2018": "'",
                            "\u201c": '"', "\u201d": '"', "\u2010": "-", "\u2011": "-",
                            "\u2013": "-", "\u2212": "-"})
_SPACES = re.compile(r"\s+")
_SLASHES = re.compile(r"\s*//\s*")


def fold(name: str) -> str:
    """The form names are matched in: NFKD with combining marks dropped ("Dandân" is
    "dandan"), casefolded, ligatures spelled out ("Æther" is "aether"), curly
    apostrophes straight, runs of spaces one space, " // " spaced once."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    folded = bare.casefold().translate(_LIGATURES)
    folded = _SLASHES.sub(" // ", folded)
    return _SPACES.sub(" ", folded).strip()


# -- the cache -------------------------------------------------------------------------

def cache_dir() -> Path:
    """Where indexes are kept: ``$MTGCOMBAT_CACHE``, else ``$XDG_CACHE_HOME/mtgcombat``,
    else ``~/.cache/mtgcombat``."""
    own = os.environ.get(CACHE_ENV)
    if own:
        return Path(own).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        return Path(xdg).expanduser() / "mtgcombat"
    return Path.home() / ".cache" / "mtgcombat"


_default_cache_dir = cache_dir


def _index_path(source: Path, directory: Path) -> Path:
    """The index file of ``source`` (an absolute path) in ``directory``: the file's
    name for people, a hash of the whole path for uniqueness."""
    digest = hashlib.sha256(os.fsencode(source)).hexdigest()[:16]
    stem = re.sub(r"[^A-Za-z0-9._-]", "_", source.name)[:60]
    return directory / f"{stem}-{digest}.sqlite"


def _path_text(path: Union[str, Path]) -> str:
    """A path as text that can be written anywhere: a byte of a file name that is not
    UTF-8 (Python's surrogate escape) written as ``\\xff``."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def _fingerprint(source: Path) -> dict[str, str]:
    """What says the file is unchanged: size, mtime_ns, a hash of its first and last
    64 KiB, and the index version."""
    st = source.stat()
    h = hashlib.sha256()
    with open(source, "rb") as fh:
        h.update(fh.read(_SAMPLE))
        if st.st_size > 2 * _SAMPLE:
            fh.seek(-_SAMPLE, os.SEEK_END)
        h.update(fh.read(_SAMPLE))
    return {"version": str(INDEX_VERSION), "source": _path_text(source), "size": str(st.st_size),
            "mtime_ns": str(st.st_mtime_ns), "sample": h.hexdigest()}


# -- reading the files -----------------------------------------------------------------

class _Malformed(Exception):
    """The file is not a card file we read: why, as a reason (``error.cards_*``)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.why = reason("error.cards_" + code, **params)


_WS = re.compile(r"[ \t\n\r]*")


class _Huge(ValueError):
    """A JSON integer too long for the interpreter to read (more than 4,300 digits)."""


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > _MAX_INT_DIGITS:
        raise _Huge(len(digits.lstrip("-")))
    return int(digits)


#: The longest integer a card file may hold: what the interpreter reads (a larger one is
#: an attack on the reader, not a card).
_MAX_INT_DIGITS = 4300
_DECODER = json.JSONDecoder(parse_int=_int)
_CHUNK = 1 << 20


class _JsonStream:
    """Top-level JSON read piece by piece: arrays and objects are walked member by
    member, each member decoded whole, so a 100 MB file never sits in memory as one
    Python structure."""

    def __init__(self, fh: TextIO) -> None:
        self._fh = fh
        self._buf = ""
        self._pos = 0
        self._base = 0
        self._eof = False

    def _more(self) -> bool:
        """Read more text (at least as much again as is unread); False at the end."""
        if self._eof:
            return False
        data = self._fh.read(max(_CHUNK, len(self._buf) - self._pos))
        if not data:
            self._eof = True
            return False
        self._base += self._pos
        self._buf = self._buf[self._pos:] + data
        self._pos = 0
        return True

    def offset(self) -> int:
        """The position in the text, in characters."""
        return self._base + self._pos

    def peek(self) -> str:
        """The next character that is not white space ("" at the end)."""
        while True:
            self._pos = _WS.match(self._buf, self._pos).end()  # type: ignore[union-attr]
            if self._pos < len(self._buf):
                return self._buf[self._pos]
            if not self._more():
                return ""

    def take(self, ch: str) -> None:
        """Consume ``ch`` (after white space) or fail."""
        found = self.peek()
        if found != ch:
            raise _Malformed("expected", mark=ch, at=self.offset(), found=found)
        self._pos += 1

    def value(self) -> Any:
        """Decode the next whole JSON value."""
        self.peek()
        while True:
            try:
                value, end = _DECODER.raw_decode(self._buf, self._pos)
            except json.JSONDecodeError as e:
                if self._incomplete(e) and self._more():
                    continue
                raise _Malformed("json", at=self._base + e.pos, problem=e.msg) from None
            except _Huge as e:
                raise _Malformed("number", digits=e.args[0], at=self.offset()) from None
            except RecursionError:
                raise _Malformed("deep", at=self.offset()) from None
            if end == len(self._buf) and self._more():
                continue  # a number may go on in the next piece
            self._pos = end
            return value

    def _incomplete(self, e: json.JSONDecodeError) -> bool:
        """Whether the error may only mean that the value goes on past the buffer."""
        near_end = len(self._buf) - e.pos < max(_CHUNK // 4, 64)
        return not self._eof and (near_end or e.msg.startswith("Unterminated string"))

    def items(self) -> Iterator[None]:
        """Walk an array: yields once per element, the caller consumes each one."""
        self.take("[")
        if self.peek() == "]":
            self._pos += 1
            return
        while True:
            yield None
            if self._after_member("]"):
                return

    def members(self) -> Iterator[str]:
        """Walk an object: yields each key, the caller consumes each value."""
        self.take("{")
        if self.peek() == "}":
            self._pos += 1
            return
        while True:
            key = self.value()
            if not isinstance(key, str):
                raise _Malformed("key", at=self.offset())
            self.take(":")
            yield key
            if self._after_member("}"):
                return

    def _after_member(self, close: str) -> bool:
        """Consume the comma or the closing bracket after a member; True at the close."""
        found = self.peek()
        if found not in (",", close):
            raise _Malformed("expected", mark=",", close=close, at=self.offset(), found=found)
        self._pos += 1
        return found == close

    def end(self) -> None:
        """Fail unless only white space is left."""
        if self.peek():
            raise _Malformed("extra", at=self.offset())


def _open_text(path: Path) -> TextIO:
    """The file as text, gunzipped when it starts with the gzip magic bytes."""
    with open(path, "rb") as fh:
        magic = fh.read(2)
    if magic == _GZIP_MAGIC:
        return gzip.open(path, "rt", encoding="utf-8-sig")
    return open(path, "r", encoding="utf-8-sig")


def read_card_file(path: Union[str, Path], shown: Optional[str] = None
                   ) -> Iterator[CardEntry]:
    """Every card of an MTGJSON AtomicCards or Scryfall Oracle Cards file (plain or
    gzipped), streamed. A file that is not one is :class:`BoardError` (one line,
    naming the file as ``shown``, default ``path``)."""
    shown = str(path) if shown is None else shown
    try:
        with _open_text(Path(path)) as fh:
            stream = _JsonStream(fh)
            yield from _read_top(stream)
            stream.end()
    except _Malformed as e:
        raise _database_error(shown, e.why) from None
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as e:
        raise _database_error(shown, _os_reason(e)) from None


def _database_error(shown: str, problem: Reason) -> BoardError:
    """Bad input: the card database ``shown`` and its problem."""
    return BoardError(reason("error.card_database", path=shown, problem=problem))


def _os_reason(e: BaseException) -> Reason:
    """Why the file can't be read (``error.cards_unreadable``)."""
    return reason("error.cards_unreadable", why=_os_why(e))


def _os_why(e: BaseException) -> Reason:
    """An I/O error without the path it names (``error.cards_os``): ``kind`` "gzip",
    "os", "cut", "utf8" or "other" and the system's ``detail``."""
    if isinstance(e, gzip.BadGzipFile):
        kind, detail = "gzip", str(e)
    elif isinstance(e, OSError) and e.strerror:
        kind, detail = "os", e.strerror
    elif isinstance(e, EOFError):
        kind, detail = "cut", ""
    elif isinstance(e, UnicodeDecodeError):
        kind, detail = "utf8", ""
    else:
        kind, detail = "other", str(e).splitlines()[0] if str(e) else type(e).__name__
    return reason("error.cards_os", kind=kind, detail=detail)




def _read_top(stream: _JsonStream) -> Iterator[CardEntry]:
    """Tell the format by the first bracket and the ``data`` member, and read it."""
    first = stream.peek()
    if not first:
        raise _Malformed("empty")
    if first == "[":
        yield from _read_scryfall(stream)
        return
    if first != "{":
        raise _Malformed("format", missing="top")
    seen_data = False
    for key in stream.members():
        if key == "data" and stream.peek() == "{":
            seen_data = True
            yield from _read_mtgjson(stream)
        elif key == "data" and stream.peek() == "[":
            seen_data = True
            yield from _read_scryfall(stream)
        else:
            stream.value()
    if not seen_data:
        raise _Malformed("format", missing="data")


# MTGJSON ----------------------------------------------------------------------------

_CASUAL_LAYOUTS = frozenset({"planar", "scheme", "vanguard"})


def _read_mtgjson(stream: _JsonStream) -> Iterator[CardEntry]:
    """The ``data`` object of AtomicCards: card name -> list of faces."""
    for name in stream.members():
        faces = stream.value()
        if not isinstance(faces, list) or not all(isinstance(f, dict) for f in faces) \
                or not faces:
            raise _Malformed("format", missing="list", name=name)
        yield _mtgjson_entry(name, faces)


def _mtgjson_entry(name: str, faces: list[dict[str, Any]]) -> CardEntry:
    """One AtomicCards entry: the faces with a ``faceName`` (front side first), or the
    first object when the card has one face (later objects are variants)."""
    named = [f for f in faces if f.get("faceName")]
    if named:
        unique = {str(f["faceName"]): f for f in reversed(named)}  # first one wins
        ordered = sorted(unique.values(), key=lambda f: str(f.get("side") or "z"))
    else:
        ordered = faces[:1]
    cards = tuple(_mtgjson_face(f, name) for f in ordered)
    layout = str(faces[0].get("layout", ""))
    return CardEntry(str(faces[0].get("name") or name), cards,
                     1 if layout in _CASUAL_LAYOUTS else 0)


def _mtgjson_face(face: Mapping[str, Any], name: str) -> Card:
    """One MTGJSON face object as a :class:`Card`."""
    return Card(
        name=_text(face.get("faceName") or face.get("name") or name),
        type_line=_text(face.get("type")),
        power=_opt_text(face.get("power")),
        toughness=_opt_text(face.get("toughness")),
        colors=_colors(face.get("colors")),
        text=_text(face.get("text")),
        loyalty=_opt_text(face.get("loyalty")),
        defense=_opt_text(face.get("defense")),
        mana_cost=_text(face.get("manaCost")),
    )


# Scryfall ---------------------------------------------------------------------------

_SKIPPED_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})


def _read_scryfall(stream: _JsonStream) -> Iterator[CardEntry]:
    """A JSON array of Scryfall card objects."""
    for index, _ in enumerate(stream.items()):
        obj = stream.value()
        if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
            raise _Malformed("format", missing="entry", index=index)
        if _layout(obj) in _SKIPPED_LAYOUTS:
            continue
        entry = _scryfall_entry(obj)
        if entry.faces:
            yield entry


def _layout(obj: Mapping[str, Any]) -> str:
    """A card object's layout ("" when it gives none that is a string)."""
    layout = obj.get("layout")
    return layout if isinstance(layout, str) else ""


def _scryfall_entry(obj: Mapping[str, Any]) -> CardEntry:
    """One Scryfall card: its faces (``card_faces``, the front filling what its face
    leaves out from the card) or the card itself."""
    raw = obj.get("card_faces")
    faces: list[Card] = []
    if isinstance(raw, list) and raw and all(isinstance(f, dict) for f in raw):
        seen: set[str] = set()
        for i, face in enumerate(raw):
            card = _scryfall_face(face, obj, front=(i == 0))
            if card.name and card.name not in seen:
                seen.add(card.name)
                faces.append(card)
    else:
        faces.append(_scryfall_face(obj, obj, front=True))
    rank = 1 if _layout(obj) in _CASUAL_LAYOUTS else 0
    return CardEntry(str(obj["name"]), tuple(faces), rank)


def _scryfall_face(face: Mapping[str, Any], card: Mapping[str, Any], front: bool) -> Card:
    """One face; the front face takes from the card what the face doesn't say."""

    def field(key: str) -> Any:
        if face.get(key) is not None:
            return face[key]
        return card.get(key) if front else None

    return Card(
        name=_text(face.get("name")),
        type_line=_text(field("type_line")),
        power=_opt_text(field("power")),
        toughness=_opt_text(field("toughness")),
        colors=_face_colors(face, card, front),
        text=_text(field("oracle_text")),
        loyalty=_opt_text(field("loyalty")),
        defense=_opt_text(field("defense")),
        mana_cost=_text(face.get("mana_cost") or (card.get("mana_cost") if front else "")),
    )


def _face_colors(face: Mapping[str, Any], card: Mapping[str, Any], front: bool) -> tuple[str, ...]:
    """A face's colours (105.2): its own ``colors``, else its colour indicator, else
    the colours of its mana cost, else (front face) the card's."""
    for key in ("colors", "color_indicator"):
        if isinstance(face.get(key), list):
            return _colors(face[key])
    cost = face.get("mana_cost")
    if isinstance(cost, str) and cost:
        return _colors([c for c in _COLOR_ORDER if re.search(r"\{[^}]*" + c + r"[^}]*\}", cost)])
    return _colors(card.get("colors")) if front else ()


# values -----------------------------------------------------------------------------

def _text(value: Any) -> str:
    """A string field ("" when absent; a number as its text; anything else -- an object,
    a list -- is no text either)."""
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return ""


def _opt_text(value: Any) -> Optional[str]:
    """An optional string field (numbers in a file become their text)."""
    return None if value is None else _text(value)


def _colors(value: Any) -> tuple[str, ...]:
    """Colour letters in WUBRG order, anything else dropped."""
    if not isinstance(value, list):
        return ()
    return tuple(c for c in _COLOR_ORDER if c in value)


# -- the index ---------------------------------------------------------------------------

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE faces (id INTEGER PRIMARY KEY, name TEXT NOT NULL, type_line TEXT NOT NULL,
                    power TEXT, toughness TEXT, colors TEXT NOT NULL, text TEXT NOT NULL,
                    loyalty TEXT, defense TEXT, mana_cost TEXT NOT NULL);
CREATE TABLE names (folded TEXT PRIMARY KEY, display TEXT NOT NULL,
                    face INTEGER NOT NULL REFERENCES faces(id)) WITHOUT ROWID;
CREATE TABLE shared (folded TEXT PRIMARY KEY, cards INTEGER NOT NULL) WITHOUT ROWID;
"""


def _fill_index(con: sqlite3.Connection, entries: Iterator[CardEntry],
                meta: Mapping[str, str]) -> None:
    """Create the tables and write every card: faces, then each name to its face (a
    lower rank wins a name, then the earlier card; a card's own names beat another
    card's back-face names), and the names that several cards of the same rank share
    (the first keeps it; a lookup says so)."""
    con.executescript(_SCHEMA)
    names: dict[str, tuple[tuple[int, int], str, int, int]] = {}
    shared: dict[str, set[int]] = {}
    rows: list[tuple[Any, ...]] = []
    count = 0
    for entry in entries:
        count += 1
        for i, card in enumerate(entry.faces):
            face_id = len(rows) + 1
            rows.append((face_id, card.name, card.type_line, card.power, card.toughness,
                         "".join(card.colors), card.text, card.loyalty, card.defense,
                         card.mana_cost))
            if i == 0:
                _claim(names, shared, entry.name, (entry.rank, 0), face_id, count)
            _claim(names, shared, card.name, (entry.rank, 0 if i == 0 else 1), face_id, count)
    if not count:
        raise _Malformed("no_cards")
    try:
        con.executemany("INSERT INTO faces VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
        con.executemany("INSERT INTO names VALUES (?,?,?)",
                        ((k, display, face) for k, (_, display, face, _) in names.items()))
    except UnicodeEncodeError:  # a "\ud800" escape in the file: no text
        bad = next((r[1] for r in rows if not all(_is_text(x) for x in r if isinstance(x, str))),
                   None) or next((d for _, d, _, _ in names.values() if not _is_text(d)), "?")
        raise _Malformed("surrogate", card=bad) from None
    con.executemany("INSERT INTO shared VALUES (?,?)",
                    ((k, len(cards)) for k, cards in shared.items() if len(cards) > 1))
    con.executemany("INSERT INTO meta VALUES (?,?)",
                    list(meta.items()) + [("cards", str(count))])
    con.commit()


def _is_text(value: str) -> bool:
    """Whether ``value`` can be written as UTF-8 (no lone surrogate)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _claim(names: dict[str, tuple[tuple[int, int], str, int, int]],
           shared: dict[str, set[int]], name: str, rank: tuple[int, int], face_id: int,
           card: int) -> None:
    """Give ``name`` to ``face_id`` (of the ``card``-th card) unless a better-ranked face
    has it; a name that another card of the same rank holds is shared (the first card
    keeps it)."""
    key = fold(name)
    if not key:
        return
    held = names.get(key)
    if held is None or rank < held[0]:
        names[key] = (rank, name, face_id, card)
        shared[key] = {card}
    elif rank == held[0] and card != held[3]:
        shared[key].add(card)


def _read_meta(con: sqlite3.Connection) -> dict[str, str]:
    """The index's meta table."""
    return dict(con.execute("SELECT key, value FROM meta").fetchall())


def _connect_ro(path: Path) -> sqlite3.Connection:
    """A read-only connection to an index file (cell sizes checked as pages are read,
    so that more damage shows as an error rather than as a wrong card)."""
    con = sqlite3.connect(f"file:{quote(os.fsencode(path))}?mode=ro", uri=True)
    con.execute("PRAGMA cell_size_check=ON")
    return con


def _reuse(index: Path, meta: Mapping[str, str]) -> Optional[sqlite3.Connection]:
    """A connection to ``index`` when it exists, was built from this very file by this
    index version and is whole (:func:`_reads_whole`); else None."""
    if not index.is_file():
        return None
    con: Optional[sqlite3.Connection] = None
    try:
        con = _connect_ro(index)
        stored = _read_meta(con)
        if all(stored.get(k) == v for k, v in meta.items()) and _reads_whole(con, index):
            return con
    except sqlite3.Error:
        pass
    if con is not None:
        con.close()
    return None


def _reads_whole(con: sqlite3.Connection, index: Path) -> bool:
    """Whether the index file is as long as SQLite says it is (a file cut short is
    rebuilt). A check of every page would cost a quarter of a second a run on a full
    card file; damage inside the file shows at the first query that reads it ("database
    disk image is malformed"), which rebuilds the index (:meth:`CardDatabase._query`)."""
    pages = con.execute("PRAGMA page_count").fetchone()[0]
    size = con.execute("PRAGMA page_size").fetchone()[0]
    return bool(pages) and index.stat().st_size == pages * size


def _index_cards(con: sqlite3.Connection, source: Path, meta: Mapping[str, str],
                 shown: str) -> None:
    """Fill ``con`` from the card file; a file that is not a card file is
    :class:`BoardError` naming it as ``shown``."""
    try:
        _fill_index(con, read_card_file(source, shown), meta)
    except _Malformed as e:
        raise _database_error(shown, e.why) from None


class _Terminated(SystemExit):
    """SIGTERM during an index build (raised so that the build cleans up)."""


def _build_file(source: Path, index: Path, meta: Mapping[str, str], shown: str) -> None:
    """Build the index of ``source`` in a temporary file beside ``index`` and rename
    it into place; nothing is left behind when the build fails, is interrupted
    (KeyboardInterrupt) or terminated (SIGTERM: the temporary file is removed, then the
    process ends as terminated). A temporary file of a build that was killed outright
    (SIGKILL, a power cut) is removed by the next build."""
    index.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale(index)
    tmp = ""
    previous = _on_sigterm()  # before the temporary file exists: no moment leaves it
    try:
        fd, tmp = tempfile.mkstemp(prefix=f"{index.name}.{os.getpid()}.", suffix=".tmp",
                                   dir=index.parent)
        os.close(fd)
        con = sqlite3.connect(tmp)
        try:
            con.execute("PRAGMA journal_mode=OFF")
            con.execute("PRAGMA synchronous=OFF")
            _index_cards(con, source, meta, shown)
        finally:
            con.close()
        os.replace(tmp, index)
    except _Terminated:
        for mine in index.parent.glob(f"{glob.escape(index.name)}.{os.getpid()}.*.tmp"):
            mine.unlink(missing_ok=True)  # even one made as the signal came
        _restore_sigterm(previous)
        previous = None
        os.kill(os.getpid(), signal.SIGTERM)  # end as terminated, as the sender meant
        raise
    except BaseException:
        if tmp:
            Path(tmp).unlink(missing_ok=True)
        raise
    finally:
        _restore_sigterm(previous)


_NOT_INSTALLED = object()


def _on_sigterm() -> Any:
    """Make SIGTERM raise :class:`_Terminated` (in the main thread, when nothing else
    handles it); the handler before, to restore."""
    if threading.current_thread() is not threading.main_thread():
        return _NOT_INSTALLED
    try:
        before = signal.getsignal(signal.SIGTERM)
        if before is not signal.SIG_DFL:
            return _NOT_INSTALLED  # someone else's handler (or SIG_IGN) decides

        def terminated(signum: int, frame: Any) -> None:
            raise _Terminated(128 + signum)
        signal.signal(signal.SIGTERM, terminated)
    except (ValueError, OSError):  # pragma: no cover - no signals here
        return _NOT_INSTALLED
    return before


def _restore_sigterm(previous: Any) -> None:
    if previous is None or previous is _NOT_INSTALLED:
        return
    try:
        signal.signal(signal.SIGTERM, previous)
    except (ValueError, OSError):  # pragma: no cover
        pass


def _remove_stale(index: Path) -> None:
    """Remove temporary files of builds of ``index`` whose process is gone."""
    for tmp in index.parent.glob(glob.escape(index.name) + ".*.tmp"):
        pid_text = tmp.name[len(index.name) + 1:].split(".", 1)[0]
        if pid_text.isdigit() and int(pid_text) != os.getpid() and _alive(int(pid_text)):
            continue
        if pid_text.isdigit() and int(pid_text) == os.getpid():
            continue
        tmp.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def _build_memory(source: Path, meta: Mapping[str, str], shown: str) -> sqlite3.Connection:
    """The index in memory, when the cache directory can't be written."""
    con = sqlite3.connect(":memory:")
    try:
        _index_cards(con, source, meta, shown)
    except BaseException:
        con.close()
        raise
    return con


# -- the database ------------------------------------------------------------------------

class CardDatabase:
    """The cards of one file, looked up by name through its SQLite index.

    Open with :meth:`open`; ``rebuilt`` says whether that open read the file (True)
    or found its index up to date (False); ``index`` is the index file (None when the
    cache directory could not be written and the index lives in memory). ``notes``:
    what a person should know about this database, as coded reasons (``warning.*``: the
    cache can't be written; a name several cards share) -- the command line words them
    in its language on standard error, once; ``warnings`` are the same in English."""

    def __init__(self, con: sqlite3.Connection, source: Path, index: Optional[Path],
                 rebuilt: bool, meta: Optional[Mapping[str, str]] = None,
                 shown: Optional[str] = None) -> None:
        self._con = con
        self.source = source
        self.index = index
        self.rebuilt = rebuilt
        self.notes: list[Reason] = []
        self._meta = dict(meta or {})
        self._shown = shown if shown is not None else _path_text(source)
        self._names: Optional[list[tuple[str, str]]] = None
        self._told: set[str] = set()

    @classmethod
    def open(cls, path: Union[str, Path], cache_dir: Optional[Union[str, Path]] = None
             ) -> CardDatabase:
        """The database of the card file at ``path``, its index built (or rebuilt,
        when the file changed or the index is damaged) in ``cache_dir`` (default
        :func:`cache_dir`). A file that is missing, unreadable or not a card file is
        :class:`BoardError`. A cache directory that can't be written gives an index in
        memory and a warning."""
        source = Path(path).expanduser().absolute()
        shown = _path_text(path)
        meta = _source_meta(source, shown)
        directory = Path(cache_dir) if cache_dir is not None else _default_cache_dir()
        index = _index_path(source, directory)
        con = _reuse(index, meta)
        if con is not None:
            return cls(con, source, index, False, meta, shown)
        try:
            _build_file(source, index, meta, shown)
        except (OSError, sqlite3.OperationalError) as e:
            # The cache can't be written (read-only, full): index in memory this time.
            db = cls(_build_memory(source, meta, shown), source, None, True, meta, shown)
            db.notes.append(_in_memory(shown, directory, e))
            return db
        return cls(_connect_ro(index), source, index, True, meta, shown)

    @property
    def warnings(self) -> list[str]:
        """The :attr:`notes` in English, one line each."""
        return [english(n) for n in self.notes]

    def close(self) -> None:
        """Close the index."""
        self._con.close()

    def __enter__(self) -> CardDatabase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _query(self, sql: str, params: tuple = ()) -> list[tuple]:
        """The rows of one query; an index found damaged on disk only now is rebuilt
        from the card file and the query asked again (once)."""
        try:
            return self._con.execute(sql, params).fetchall()
        except sqlite3.DatabaseError:
            if self.index is None:
                raise
        self._con.close()
        try:
            self.index.unlink(missing_ok=True)
            _build_file(self.source, self.index, self._meta, self._shown)
            self._con = _connect_ro(self.index)
        except (OSError, sqlite3.OperationalError) as e:  # the cache can't be written now
            self._con = _build_memory(self.source, self._meta, self._shown)
            self.notes.append(_in_memory(self._shown, self.index.parent, e))
            self.index = None
        self.rebuilt = True
        return self._con.execute(sql, params).fetchall()

    def __len__(self) -> int:
        """How many cards the file holds."""
        return int(dict(self._query("SELECT key, value FROM meta")).get("cards", "0"))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.lookup(name) is not None

    def __repr__(self) -> str:
        return f"CardDatabase({os.fsdecode(self.source)!r})"

    def lookup(self, name: str) -> Optional[Card]:
        """The card (face) of that name, matched folded (:func:`fold`); None if none. A
        name several cards of the file share finds the first, and says so once in
        :attr:`warnings`."""
        key = fold(name)
        rows = self._query(
            "SELECT f.name, f.type_line, f.power, f.toughness, f.colors, f.text, f.loyalty, "
            "f.defense, f.mana_cost, (SELECT cards FROM shared s WHERE s.folded = n.folded) "
            "FROM names n JOIN faces f ON f.id = n.face WHERE n.folded = ?", (key,))
        if not rows:
            return None
        row = rows[0]
        if row[9] and key not in self._told:
            self._told.add(key)
            self.notes.append(reason("warning.cards_shared_name", path=self._shown,
                                     n=row[9], name=row[0]))
        return Card(name=row[0], type_line=row[1], power=row[2], toughness=row[3],
                    colors=tuple(row[4]), text=row[5], loyalty=row[6], defense=row[7],
                    mana_cost=row[8])

    def get(self, name: str) -> Card:
        """The card of that name, or :class:`BoardError` naming it and the closest
        names ("unknown card 'Grizly Bears' (closest: Grizzly Bears)")."""
        card = self.lookup(name)
        if card is None:
            raise BoardError(self.unknown(name))
        return card

    def unknown(self, name: str) -> Reason:
        """That ``name`` is not in the database, with the closest names
        (``error.card_unknown``)."""
        return reason("error.card_unknown", name=name, closest=tuple(self.closest(name)))

    def unknown_message(self, name: str) -> str:
        """The one line that says ``name`` is not in the database."""
        return english(self.unknown(name))

    def closest(self, name: str, n: int = 3) -> list[str]:
        """Up to ``n`` names of the database most like ``name``: by similarity of the
        folded names (difflib ratio of at least 0.6), and names that contain the
        whole folded name as words ("Delver" finds "Delver of Secrets")."""
        key = fold(name)
        if not key or n <= 0:
            return []
        scored: dict[str, float] = {}
        for score, display in _similar(key, self._all_names()):
            scored[display] = max(score, scored.get(display, 0.0))
        best = sorted(scored.items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0]))
        return [display for display, _ in best[:n]]

    def _all_names(self) -> list[tuple[str, str]]:
        """Every (folded, display) name, read once."""
        if self._names is None:
            self._names = [tuple(r) for r in self._query("SELECT folded, display FROM names")]
        return self._names  # type: ignore[return-value]


def _in_memory(shown: str, directory: Path, e: BaseException) -> Reason:
    """The warning of an index built in memory: the cache directory can't be written
    (``warning.cards_in_memory``)."""
    return reason("warning.cards_in_memory", path=shown, cache=_path_text(directory),
                  why=_os_why(e), env=CACHE_ENV)


def _source_meta(source: Path, shown: str) -> dict[str, str]:
    """The fingerprint of the card file, or :class:`BoardError` when it can't be read."""
    if not source.exists():
        raise _database_error(shown, reason("error.cards_no_file"))
    if not source.is_file():
        raise _database_error(shown, reason("error.cards_not_a_file"))
    try:
        return _fingerprint(source)
    except OSError as e:
        raise _database_error(shown, _os_reason(e)) from None


def _similar(key: str, names: list[tuple[str, str]]) -> Iterator[tuple[float, str]]:
    """(score, display name) of the names like ``key``: difflib's ratio when at least
    0.6 (cheap upper bounds first), or 0.6 and more for a name holding ``key`` as
    whole words, the more the closer its length."""
    matcher = difflib.SequenceMatcher(autojunk=False)
    matcher.set_seq2(key)
    word = re.compile(r"(?<!\w)" + re.escape(key) + r"(?!\w)") if len(key) >= 3 else None
    for folded, display in names:
        if word is not None and key in folded and word.search(folded):
            yield 0.6 + 0.4 * len(key) / len(folded), display
            continue
        matcher.set_seq1(folded)
        if matcher.real_quick_ratio() >= 0.6 and matcher.quick_ratio() >= 0.6:
            ratio = matcher.ratio()
            if ratio >= 0.6:
                yield ratio, display


# -- the front door ------------------------------------------------------------------------

def open_database(path: Optional[Union[str, Path]] = None,
                  cache_dir: Optional[Union[str, Path]] = None) -> Optional[CardDatabase]:
    """The card database of ``path`` (``--cards``), else of ``$MTGCOMBAT_CARDS``, else
    None. A missing, unreadable or malformed file is :class:`BoardError` (one line)."""
    chosen = path if path not in (None, "") else os.environ.get(CARDS_ENV) or None
    if chosen is None:
        return None
    return CardDatabase.open(chosen, cache_dir)


# -- permanents from cards -----------------------------------------------------------------

_NUMBER = re.compile(r"[+-]?[0-9]+")


def _number(printed: Optional[str]) -> Optional[int]:
    """A printed value as an int ("3" is 3, "-1" is -1); None for "*", "1+*", "X". A
    number longer than any a board holds (a damaged or hostile file) is
    :class:`BoardError`."""
    if printed is None or not _NUMBER.fullmatch(printed.strip()):
        return None
    digits = printed.strip().lstrip("+-")
    if len(digits) > 12:
        raise BoardError(reason("error.card_number", start=digits[:12], digits=len(digits)))
    return int(printed.strip())


def _is_creature(type_line: str) -> bool:
    """Whether a type line has the card type Creature (before the dash)."""
    return "Creature" in re.split(r"\s+[—-]\s+|\s*—\s*", type_line, maxsplit=1)[0].split()


def fill(permanent: Mapping[str, Any], card: Card) -> dict[str, Any]:
    """The board permanent (JSON object) completed from ``card``: type line, colours,
    Oracle text, power, toughness, loyalty and defense where the board gives none
    (fields given on the board win, ``null`` is none; printed numbers become ints,
    values like "*" or "X" are left out). The name becomes the
    card's; when the board spelled it differently and gives no ``id``, its spelling
    stays the id, so the board's references still hold. A creature whose printed
    power or toughness is not a number ("*") needs them on the board, else
    :class:`BoardError`."""
    out = dict(permanent)
    given_name = permanent.get("name")
    if isinstance(given_name, str) and given_name != card.name and "id" not in permanent:
        out["id"] = given_name
    out["name"] = card.name
    for key, value in (("type_line", card.type_line), ("colors", list(card.colors)),
                       ("text", card.text)):
        if permanent.get(key) is None:
            out[key] = value
    missing: list[str] = []
    for key in ("power", "toughness", "loyalty", "defense"):
        printed = getattr(card, key)
        if permanent.get(key) is not None or printed is None:
            continue
        try:
            number = _number(printed)
        except BoardError as e:
            pid = out.get("id", card.name)
            raise BoardError(reason("error.card_value", where=("permanent", pid),
                                    card=card.name, field=key, problem=e.why)) from None
        if number is not None:
            out[key] = number
        elif key in ("power", "toughness"):
            missing.append(key)
    if missing and isinstance(out["type_line"], str) and _is_creature(out["type_line"]):
        pid = out.get("id", card.name)
        raise BoardError(reason("error.card_pt", where=("permanent", pid), card=card.name,
                                power=card.power, toughness=card.toughness, missing=missing))
    return out


def fill_board(data: Mapping[str, Any], db: CardDatabase) -> dict[str, Any]:
    """A JSON board with every permanent completed from its card (:func:`fill`). A
    permanent whose name the database lacks is bad input with the closest names,
    unless it gives its own ``type_line`` (then it stands as written). Anything that
    is not a permanent object with a string name is left for the board's checks."""
    out = dict(data)
    perms = data.get("permanents")
    if not isinstance(perms, list):
        return out
    filled = []
    for i, perm in enumerate(perms):
        if not isinstance(perm, dict) or not isinstance(perm.get("name"), str):
            filled.append(perm)
            continue
        card = db.lookup(perm["name"])
        if card is None:
            if "type_line" in perm:
                filled.append(perm)
                continue
            raise BoardError(reason("error.card_at", index=i, problem=db.unknown(perm["name"])))
        filled.append(fill(perm, card))
    out["permanents"] = filled
    return out
