"""Oracle text -> combat rule objects.

:func:`read_text` splits a card's rules text (or an effect's text) into
sentences and turns each sentence it understands into rule objects from
:mod:`mtgcombat.rules.abilities`. Every sentence ends up either in
``understood`` (as a :class:`~mtgcombat.rules.abilities.Parsed`) or, verbatim,
in ``not_understood``: nothing is dropped silently.

How it works:

* Reminder text (parentheses) is removed first: it has no rules meaning (207.2).
* Lines are split into sentences, respecting quotes, braces and card names.
* Each sentence goes through a small word lexer (``lexer.py``): the card's name,
  "CARDNAME" and "this creature" become SELF, keywords, colours, numbers and the
  literal phrases of ``oracle.lark`` become tokens. A sentence with a word the
  grammar does not know is rejected right there, so the LALR parser only sees
  candidate sentences -- that is what keeps the whole corpus fast.
* The LALR parser (built once, lazily) is fed interactively: at each word the
  longest literal phrase that the parser state accepts is taken. The tree is
  turned into rule objects by :class:`_OracleTransformer`; each method cites its rule.
* A keyword line with an unknown item ("Flying, ward {2}") is read item by item.

What a reading costs (``read_text`` here, around the reader of ``reader.py``):

* a text of keyword lines only ("Flying", "First strike, trample", "Toxic 2") is read
  without the parser (``fast.py``: the same rule objects, checked by a test);
* any other text's reading is kept on disk under its text, the card's name, the modes
  and the reader's version (:mod:`mtgcombat.grammar.cache`), and in memory for the
  process: a text read before costs a file read, not the parser;
* lark and the reader's modules are imported only when a text needs the parser.

References: 702 (keywords), 508.1c-d (attack restrictions and requirements),
509.1b-c (block restrictions and requirements), 508.1d/509.1d (costs),
510.1 (combat damage), 613.1f (abilities granted), 115 (targets).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Sequence

from .sentences import split_sentences

if TYPE_CHECKING:  # pragma: no cover
    from ...rules.abilities import TextReading

#: The Oracle grammar (``mtgcombat/grammar/oracle.lark``).
GRAMMAR_PATH = Path(__file__).parent.parent / "oracle.lark"

#: Readings of this process, by (text, name, modes); bounded (a batch reads many boards).
_MEMO: dict = {}
_MEMO_MAX = 4096


def read_text(text: str, name: Optional[str] = None,
              modes: Optional[Sequence[int]] = None) -> "TextReading":
    """Read Oracle text (lines separated by "\\n") into rule objects: see
    :func:`mtgcombat.grammar.oracle.reader.read_text`, which this answers exactly
    as, from its fast path, its memory and its disk cache when it can."""
    if not isinstance(text, str) or not (name is None or isinstance(name, str)):
        return _reader().read_text(text, name, modes)
    key_modes = None if modes is None else tuple(modes)
    memo_key = (text, name, key_modes)
    hit = _MEMO.get(memo_key)
    if hit is not None:
        return hit
    reading = None
    if modes is None:
        from .fast import read_keywords

        reading = read_keywords(text, name)
    if reading is None:
        from .. import cache

        key = None
        try:
            key = cache.reading_key(text, name, key_modes)
        except (UnicodeError, OSError, TypeError):
            pass
        if key is not None:
            reading = cache.load_reading(key)
        if reading is None:
            reading = _reader().read_text(text, name, modes)
            if key is not None:
                cache.store_reading(key, reading)
    if len(_MEMO) >= _MEMO_MAX:
        _MEMO.clear()
    _MEMO[memo_key] = reading
    return reading


def _reader() -> Any:
    from . import reader

    return reader


def __getattr__(name: str) -> Any:
    """The reader's modules, imported when first asked for (they import lark)."""
    if name in ("reader", "lexer", "transformer", "objects", "declare", "combat", "words",
                "state", "helpers", "durations"):
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["read_text", "split_sentences", "GRAMMAR_PATH"]
