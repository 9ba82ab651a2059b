"""Where mtgcombat keeps what it computes once: the analysed lark parsers, the readings
of card texts (and the card index, :mod:`mtgcombat.cards`).

* **Parsers.** Building the Oracle grammar's LALR tables takes about half a second;
  loading them from the cache about 50 ms. A parser's file is named by its content:
  the grammar's text, the lark and Python versions and the parser options (a class by
  its qualified name, an instance by its class: never an address), so the same grammar
  always finds the same file, and a changed one gets a new file. lark checks a digest
  of the grammar and the options stored with the tables too, so a stale file is never
  loaded. It is written once, atomically (a temporary file renamed into place).
* **Readings.** The reading of a card text (:func:`mtgcombat.grammar.oracle.read_text`)
  is kept under a key made of everything it depends on: the text, the card's name, the
  modes chosen, and the *reader's version* -- a digest of the source of the grammar and
  of the rules modules its rule objects come from (:func:`reader_version`). A board
  seen before is then read without building the parser. Entries are plain values
  written with ``marshal``, atomically; they are rebuilt only into mtgcombat's own rule
  classes (anything else in a file makes it a miss), and a file that can't be read is a
  miss, never an error.

The directory is ``$MTGCOMBAT_CACHE``, else ``$XDG_CACHE_HOME/mtgcombat``, else
``~/.cache/mtgcombat``; ``MTGCOMBAT_CACHE=off`` switches caching off. A cache that
can't be written is simply not used. Nothing is written when nothing new was computed:
a second run on the same boards leaves the directory as it was."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional

try:  # the built-in SHA-256 (hashlib would load OpenSSL: a few milliseconds a start)
    from _sha256 import sha256 as _sha256  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - other Pythons
    from hashlib import sha256 as _sha256

_OFF = ("", "off", "0", "no", "none")


def cache_dir() -> Optional[Path]:
    """The cache directory, or None when caching is off."""
    env = os.environ.get("MTGCOMBAT_CACHE")
    if env is not None:
        if env.strip().lower() in _OFF:
            return None
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "mtgcombat"


def _stable(value: Any) -> str:
    """An option's value as text that is the same in every run: a class by its qualified
    name, an instance of a class of its own by that class (``repr`` would print its
    address), plain values by ``repr``."""
    if isinstance(value, type):
        return f"{value.__module__}.{value.__qualname__}"
    if isinstance(value, (str, int, float, bool, type(None))):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_stable(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{_stable(k)}:{_stable(v)}" for k, v in sorted(
            value.items(), key=lambda kv: str(kv[0]))) + "}"
    return f"<{type(value).__module__}.{type(value).__qualname__}>"


def parser_key(grammar: str, **options: Any) -> str:
    """The name of a grammar's parser file: a digest of the grammar, the lark and Python
    versions and the options (:func:`_stable`)."""
    import sys

    import lark

    text = "\0".join([grammar, lark.__version__, "%d.%d" % sys.version_info[:2]] +
                     [f"{k}={_stable(v)}" for k, v in sorted(options.items())])
    return _sha256(text.encode("utf-8")).hexdigest()[:20]


def lark_parser(name: str, grammar: str, **options: Any):
    """A lark LALR parser for ``grammar``, its tables cached under ``name`` and a digest
    of the grammar and the options (written once, atomically; a file that can't be
    loaded is built again and replaced)."""
    from lark import Lark

    d = cache_dir()
    if d is None:
        return Lark(grammar, **options)
    path = d / f"{name}-{parser_key(grammar, **options)}.lark"
    try:
        with open(path, "rb") as f:
            return _load_parser(f, options)
    except Exception:  # missing, damaged or from another lark: built below
        pass
    parser = Lark(grammar, **options)
    try:
        d.mkdir(parents=True, exist_ok=True)
        _write_atomic(path, lambda f: _save_parser(parser, f))
    except Exception:  # a cache that can't be written is not used
        pass
    return parser


def _save_parser(parser: Any, f: Any) -> None:
    """The parser's tables (lark's ``save``), without the options given again when
    loading (the post-lexer, a transformer ...)."""
    from lark.lark import _LOAD_ALLOWED_OPTIONS

    parser.save(f, _LOAD_ALLOWED_OPTIONS)


def _load_parser(f: Any, options: dict) -> Any:
    """A parser saved by :func:`_save_parser` (lark's ``Lark.load``, given the options
    that can't be saved)."""
    from lark import Lark
    from lark.lark import _LOAD_ALLOWED_OPTIONS

    return Lark.__new__(Lark)._load(f, **{k: v for k, v in options.items()
                                          if k in _LOAD_ALLOWED_OPTIONS})


def _write_atomic(path: Path, write) -> None:
    """Write a file through a temporary file in the same directory, renamed into place
    (a reader sees the old file, the new one or none -- never half of one)."""
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=str(path.parent), prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# ---------------------------------------------------------------------------------------
# Readings of card texts
# ---------------------------------------------------------------------------------------

_ROOT = Path(__file__).resolve().parent.parent  # the mtgcombat package

#: What a reading depends on beyond its text, name and modes: the reader (the grammar
#: package) and the rule objects it builds (rules/, editions).
_READER_SOURCES = ("grammar", "rules", "editions.py", "__init__.py")

_VERSION: Optional[str] = None


def reader_version() -> str:
    """A digest of everything a reading depends on beyond its text: mtgcombat's version,
    and the path, size and modification time of every source file of the grammar
    package (``oracle.lark`` and the reader's modules) and of the rules modules whose
    objects a reading holds. A change to any of them is a new version, and readings of
    older versions are never used. (The files' times rather than their text: a start
    stats them, it doesn't read them.)"""
    global _VERSION
    if _VERSION is None:
        from .. import __version__

        parts = [__version__]
        for part in _READER_SOURCES:
            p = _ROOT / part
            if p.is_dir():
                for root, dirs, files in os.walk(p):
                    dirs[:] = sorted(d for d in dirs if d != "__pycache__")
                    for f in sorted(files):
                        if f.endswith((".py", ".lark")):
                            st = os.stat(os.path.join(root, f))
                            rel = os.path.relpath(os.path.join(root, f), _ROOT)
                            parts.append(f"{rel}:{st.st_size}:{st.st_mtime_ns}")
            elif p.exists():
                st = p.stat()
                parts.append(f"{part}:{st.st_size}:{st.st_mtime_ns}")
        _VERSION = _sha256("\n".join(parts).encode("utf-8")).hexdigest()[:20]
    return _VERSION


def reading_key(text: str, name: Optional[str], modes: Optional[tuple]) -> str:
    """The cache key of one reading."""
    parts = [reader_version(), text, "\0" if name is None else name,
             "" if modes is None else ",".join(map(str, modes))]
    return _sha256("\x1f".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def _readings_dir(d: Path) -> Path:
    return d / f"readings-{reader_version()}"


def _encode(x: Any) -> Any:
    """A reading as plain values marshal can write: a rule object (a dataclass of
    mtgcombat's rules or grammar) as (0, "module:class", {field: value}), tuples, lists
    and frozensets tagged 1, 2, 3; strings, numbers, booleans and None as they are.
    Anything else is a TypeError (the reading is then not kept)."""
    if x is None or isinstance(x, (str, bool, int, float)):
        return x
    if isinstance(x, tuple):
        return (1, tuple(_encode(v) for v in x))
    if isinstance(x, list):
        return (2, [_encode(v) for v in x])
    if isinstance(x, frozenset):
        return (3, frozenset(_encode(v) for v in x))
    import dataclasses

    cls = type(x)
    if dataclasses.is_dataclass(x) and cls.__module__.startswith("mtgcombat."):
        fields = dataclasses.fields(x)
        if any(not f.init for f in fields):
            raise TypeError(f"{cls.__qualname__} has fields not given to its constructor")
        return (0, f"{cls.__module__}:{cls.__qualname__}",
                {f.name: _encode(getattr(x, f.name)) for f in fields})
    raise TypeError(f"can't keep a {cls.__qualname__} in a reading")


def _decode(x: Any, classes: dict) -> Any:
    if not isinstance(x, tuple):
        return x
    tag, v = x[0], x[1]
    if tag == 1:
        return tuple(_decode(y, classes) for y in v)
    if tag == 2:
        return [_decode(y, classes) for y in v]
    if tag == 3:
        return frozenset(_decode(y, classes) for y in v)
    cls = classes.get(v)
    if cls is None:
        cls = classes[v] = _rule_class(v)
    return cls(**{k: _decode(y, classes) for k, y in x[2].items()})


def _rule_class(name: str) -> type:
    """The rule class named "module:class" -- only mtgcombat's rules and grammar."""
    import importlib

    module, _, qual = name.partition(":")
    if not module.startswith(("mtgcombat.rules.", "mtgcombat.grammar.")) or "." in qual:
        raise ValueError(f"{name} is not a rule class")
    cls = getattr(importlib.import_module(module), qual)
    if not isinstance(cls, type):
        raise ValueError(f"{name} is not a rule class")
    return cls


#: The format of a kept reading (bumped when _encode changes).
_FORMAT = 1


def load_reading(key: str) -> Any:
    """The reading stored under ``key``, or None."""
    import marshal

    d = cache_dir()
    if d is None:
        return None
    try:
        with open(_readings_dir(d) / f"{key}.marshal", "rb") as f:
            fmt, data = marshal.loads(f.read())
        if fmt != _FORMAT:
            return None
        return _decode(data, {})
    except FileNotFoundError:
        return None
    except Exception:  # damaged or foreign: a miss (rewritten when read again)
        return None


def store_reading(key: str, reading: Any) -> None:
    """Keep a reading under ``key`` (nothing when caching is off, the directory can't be
    written or the reading holds something that can't be kept). The first reading of a
    new reader version clears older versions'."""
    import marshal

    d = cache_dir()
    if d is None:
        return
    target = _readings_dir(d)
    try:
        data = marshal.dumps((_FORMAT, _encode(reading)))
        if not target.is_dir():
            target.mkdir(parents=True, exist_ok=True)
            _forget_old_readings(d, target)
        _write_atomic(target / f"{key}.marshal", lambda f: f.write(data))
    except (OSError, TypeError, ValueError, RecursionError):
        pass


def _forget_old_readings(d: Path, keep: Path) -> None:
    import shutil

    for old in d.glob("readings-*"):
        if old != keep and old.is_dir():
            shutil.rmtree(old, ignore_errors=True)
