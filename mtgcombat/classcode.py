"""The compiled methods of mtgcombat's dataclasses, kept on disk like bytecode.

Python builds a dataclass's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` and
(frozen) ``__setattr__``/``__delattr__`` by writing their source text and compiling it
(``dataclasses`` calls ``exec`` on the text) every time the class statement runs: a
``.pyc`` file keeps the module's bytecode but not those methods'. A cold ``check`` of a
small board creates about 60 dataclasses, and compiling their ~300 methods was about a
quarter of its CPU time (26 ms of ~100 ms on the 2-core machine, issue 24).

:func:`install` makes ``dataclasses`` compile through :func:`_exec` (a module global named
``exec`` in the ``dataclasses`` module, which its own calls find before the builtin):
for a class of mtgcombat's own modules, the code object compiled from the very same
source text is taken from a table loaded from the cache directory; anything else
(another package's dataclasses, a text not seen before) is compiled as usual. The code
object is what ``compile(text, "<string>", "exec")`` returns for that text -- the
table is keyed by the whole text -- so the methods are the same; only the compiling is
skipped. The file is named by the Python that compiled it (``sys.implementation.
cache_tag`` and ``sys.hexversion``: marshal's format and the bytecode belong to one
Python), is read only when it belongs to the user running and nobody else may write it
(it holds code, as a ``.pyc`` does), and is written at exit -- atomically, merged with
what another process wrote meanwhile -- only when something new was compiled: a second
cold run of a command writes nothing. A file that can't be read is a miss, never an
error; ``MTGCOMBAT_CACHE=off`` switches it off with the other caches
(:mod:`mtgcombat.grammar.cache`)."""

from __future__ import annotations

import builtins
import sys
from typing import Any, Optional

#: Entries above which a file is started anew (a development tree changes its classes).
_MAX = 4096

_CODES: Optional[dict] = None  # source text -> code object, once loaded
_NEW: dict = {}  # what this process compiled that the file didn't have
_INSTALLED = False


def _path() -> Any:
    from .grammar.cache import cache_dir

    d = cache_dir()
    if d is None:
        return None
    return d / f"dataclasses-{sys.implementation.cache_tag}-{sys.hexversion:x}.marshal"


def _read(path: Any) -> dict:
    """The table in ``path``: empty when missing, damaged, too large, or not the user's
    own (owned by someone else, or writable by group or others)."""
    import marshal
    import os

    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return {}
    try:
        st = os.fstat(fd)
        getuid = getattr(os, "getuid", None)
        if getuid is not None and (st.st_uid != getuid() or st.st_mode & 0o022):
            return {}
        with os.fdopen(fd, "rb") as f:
            fd = -1
            table = marshal.loads(f.read())
    except Exception:  # damaged, or written by another Python: a miss
        return {}
    finally:
        if fd >= 0:
            os.close(fd)
    code_type = type(_read.__code__)
    if not isinstance(table, dict) or len(table) > _MAX or not all(
            isinstance(k, str) and type(v) is code_type for k, v in table.items()):
        return {}
    return table


def _codes() -> dict:
    global _CODES
    if _CODES is None:
        path = None
        try:
            path = _path()
        except Exception:  # no home directory ...: nothing kept
            pass
        _CODES = _read(path) if path is not None else {}
    return _CODES


def _ours(globals_: Any) -> bool:
    return isinstance(globals_, dict) and str(globals_.get("__name__", "")).startswith(
        "mtgcombat.")


def _exec(source: Any, globals: Any = None, locals: Any = None, /, **kw: Any) -> Any:
    """``exec`` as ``dataclasses`` calls it, the compiled text of one of mtgcombat's
    classes taken from the table when it is there."""
    if kw or not isinstance(source, str) or not _ours(globals):
        return builtins.exec(source, globals, locals, **kw)
    codes = _codes()
    code = codes.get(source)
    if code is None:
        code = compile(source, "<string>", "exec")
        codes[source] = code
        _NEW[source] = code
    return builtins.exec(code, globals, locals)


def install() -> None:
    """Make ``dataclasses`` compile mtgcombat's classes through the table (once)."""
    global _INSTALLED
    if _INSTALLED:
        return
    import atexit
    import dataclasses

    if "exec" in vars(dataclasses):  # someone else's: leave it
        return
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    atexit.register(save)
    _INSTALLED = True


def save() -> None:
    """Write what this process compiled that the file lacked (nothing when nothing new
    was compiled), merged with the file as it is now, atomically."""
    if not _NEW:
        return
    import marshal
    import os

    try:
        path = _path()
        if path is None:
            return
        table = _read(path)
        if len(table) + len(_NEW) > _MAX:
            table = {}
        table.update(_NEW)
        data = marshal.dumps(table)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # the user's only
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)  # a reader sees the old table or the new one
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        _NEW.clear()
    except Exception:  # a cache that can't be written is not used
        pass


__all__ = ["install", "save"]

install()  # on import: the package imports this module before any of its dataclasses
