"""The text layer: the only place that turns reasons and answers into words.

A :class:`Language` is a catalogue -- one template per reason code -- plus the few
things a language does differently (joining lists, quoting, possessives). The
languages sit in a registry (:data:`LANGUAGES`; :func:`language` finds one by name,
:func:`register` adds one). A :class:`Writer` renders for one board in one language:
it knows the board's labeller (:class:`~mtgcombat.text.labels.Labeller`) and
edition (how to cite a 2024-only rule).

A template is a function ``(reason, writer) -> str``. It reads the reason's
parameters and writes words; it decides nothing about the game.

Adding a language: a package beside :mod:`mtgcombat.text.en` with the same modules,
a :class:`Language` subclass, and an entry in :data:`LANGUAGES`;
``tests/test_text.py`` checks that it has a template for every code.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Iterable, Mapping, Optional, Union

from ..editions import EDITIONS, Edition
from ..rules.reasons import Duration, Quote, Reason, Src, install_english, reason, words
from .labels import Labeller

Template = Callable[[Reason, "Writer"], str]

#: Reason codes worded in English whatever the language: bad input (``error.*``).
ENGLISH_ONLY = ("error.",)


class Language:
    """A language: its templates and its ways with lists and quotes."""

    code: ClassVar[str] = ""
    name: ClassVar[str] = ""
    templates: ClassVar[Mapping[str, Template]] = {}
    #: The words for "and" / "or" between the last two items of a list.
    words: ClassVar[Mapping[str, str]] = {"and": "and", "or": "or"}
    #: How a rule whose text in the board's edition differs from the current one is cited
    #: ("old 510.1c").
    old: ClassVar[str] = "old"
    open_quote: ClassVar[str] = "\u201c"
    close_quote: ClassVar[str] = "\u201d"

    def join(self, items: Iterable[str], last: str = "and") -> str:
        xs = [x for x in items]
        if not xs:
            return ""
        if len(xs) == 1:
            return xs[0]
        return ", ".join(xs[:-1]) + f" {self.words.get(last, last)} " + xs[-1]

    def quote(self, text: str) -> str:
        return f"{self.open_quote}{text}{self.close_quote}"

    def finish(self, text: str) -> str:
        """A hook applied to every rendered template (a test locale transforms it)."""
        return text


class Writer:
    """Renders reasons for one board in one language."""

    def __init__(self, lang: Union[str, Language] = "en", labels: Optional[Labeller] = None,
                 edition: Union[str, type[Edition], None] = None) -> None:
        self.lang = language(lang) if isinstance(lang, str) else lang
        self.labels = labels or Labeller()
        if isinstance(edition, str):
            edition = EDITIONS[edition]
        self.edition: type[Edition] = edition or EDITIONS["current"]

    @classmethod
    def for_board(cls, board: Any, lang: Union[str, Language] = "en") -> "Writer":
        return cls(lang, Labeller.of(board), getattr(board, "edition", None)
                   or EDITIONS[getattr(board, "rules", "current")])

    # -- rendering -----------------------------------------------------------------
    def __call__(self, r: Union[Reason, str], **params: Any) -> str:
        """A reason in words; or a template by code with these parameters."""
        if isinstance(r, str):
            r = words(r, **params)
        t = self.lang.templates.get(r.code)
        if t is None and r.code.startswith(ENGLISH_ONLY):
            # Bad input is reported in English in every language (one line on standard
            # error, an "error" in a batch): the rules' own language.
            t = language("en").templates.get(r.code)
        if t is None:
            raise KeyError(f"no {self.lang.code} template for {r.code!r}")
        return self.lang.finish(t(r, self))

    def t(self, code: str, **params: Any) -> str:
        """A fixed phrase or a template by code (``w.t("head.rules", rules=...)``)."""
        return self(words(code, **params))

    def value(self, v: Any) -> str:
        """Any parameter value in words."""
        if isinstance(v, Reason):
            return self(v)
        if isinstance(v, Quote):
            return v.text
        if isinstance(v, Src):
            return self.source(v)
        if isinstance(v, Duration):
            return self.duration(v)
        return str(v)

    # -- pieces templates use ---------------------------------------------------------
    def name(self, oid: str) -> str:
        """A player or permanent as human answers name it."""
        return self.labels(oid)

    def names(self, oids: Iterable[str], last: str = "and") -> str:
        return self.join([self.name(o) for o in oids], last)

    def join(self, items: Iterable[str], last: str = "and") -> str:
        return self.lang.join(items, last)

    def cite(self, rule: Optional[str]) -> str:
        """A rule number as human answers cite it in the board's edition."""
        if rule is None:
            return ""
        if rule in self.edition.old_rules:
            return f"{self.lang.old} {rule}"
        return rule

    def cites(self, rules: Iterable[str], sep: str = ", ") -> str:
        return sep.join(self.cite(r) for r in rules)

    def quote(self, text: Union[str, Quote]) -> str:
        return self.lang.quote(str(text))

    def source(self, src: Src, quote: bool = True) -> str:
        """Where an ability comes from: the permanent, or "effect N" (quoting its
        sentence when ``quote``)."""
        return self(reason("source", src=src, quote=quote))

    def duration(self, d: Optional[Duration], default: str = "each combat") -> str:
        return self(reason("duration", duration=d or Duration(), default=default))

    def word(self, key: str) -> str:
        return self(reason("word." + key))

    def declaration(self, decl: Any, kind: str) -> str:
        """A declaration in words ("Goblin Brigand attacks Bob; Wall blocks Raider");
        ``decl`` a mapping or the pairs of a reason parameter."""
        pairs = tuple(decl.items()) if isinstance(decl, Mapping) else tuple(decl)
        return self(reason("decl.words", kind=kind,
                           decl=tuple((c, v if isinstance(v, str) else tuple(v))
                                      for c, v in pairs)))


def _builtin(code: str) -> Optional[type[Language]]:
    """The built-in language ``code`` (its templates imported only when asked for)."""
    if code == "en":
        from .en import English

        return English
    if code == "de":
        from .de import German

        return German
    return None


def _english(r: Reason, names: Mapping[str, str], edition: str) -> str:
    return Writer("en", Labeller.from_names(names), edition)(r)


install_english(_english)

_LANGS: dict[str, Language] = {}
#: Codes of the built-in languages.
LANGUAGE_CODES: tuple[str, ...] = ("en", "de")


def register(lang: Language) -> None:
    """Add (or replace) a language under ``lang.code``."""
    _LANGS[lang.code] = lang


def language(code: str) -> Language:
    """The language called ``code`` ("en", "de", or one registered)."""
    if code not in _LANGS:
        cls = _builtin(code)
        if cls is None:
            known = ", ".join(sorted(set(LANGUAGE_CODES) | set(_LANGS)))
            raise ValueError(f"unknown language {code!r}: use one of {known}")
        _LANGS[code] = cls()
    return _LANGS[code]


def languages() -> list[str]:
    return sorted(set(LANGUAGE_CODES) | set(_LANGS))


__all__ = ["Labeller", "Language", "Template", "Writer", "language", "languages", "register"]
