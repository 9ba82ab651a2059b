"""Where mtgcombat keeps what it computes once: the analysed lark parsers (and the
card index, :mod:`mtgcombat.cards`).

Building the Oracle grammar's LALR tables takes about half a second; loading them
from the cache about 50 ms. lark checks a digest of the grammar and the options
stored with the tables, so a changed grammar is built again, never loaded stale.
The directory is ``$MTGCOMBAT_CACHE``, else ``$XDG_CACHE_HOME/mtgcombat``, else
``~/.cache/mtgcombat``; ``MTGCOMBAT_CACHE=off`` switches caching off. A cache that
can't be written is simply not used."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any, Optional


def cache_dir() -> Optional[Path]:
    """The cache directory, or None when caching is off."""
    env = os.environ.get("MTGCOMBAT_CACHE")
    if env is not None:
        if env.strip().lower() in ("", "off", "0", "no", "none"):
            return None
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "mtgcombat"


def lark_parser(name: str, grammar: str, **options: Any):
    """A lark LALR parser for ``grammar``, its tables cached under ``name``."""
    from lark import Lark

    d = cache_dir()
    if d is not None:
        try:
            d.mkdir(parents=True, exist_ok=True)
            key = hashlib.sha256((grammar + repr(sorted(options.items(), key=str))).encode())
            path = d / f"{name}-{key.hexdigest()[:16]}.lark"
            return Lark(grammar, cache=str(path), **options)
        except OSError:
            pass
    return Lark(grammar, **options)
