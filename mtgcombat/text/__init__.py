"""The text layer: the only place that turns reasons and answers into words.

A :class:`Language` is a catalogue -- one template per reason code -- plus the few
things a language does differently (joining lists, quoting, possessives). The
languages sit in a registry (:data:`LANGUAGES`; :func:`language` finds one by name,
:func:`register` adds one). A :class:`Writer` renders for one board in one language:
it knows the board's labeller (:class:`~mtgcombat.text.labels.Labeller`) and
edition (how to cite a 2024-only rule).

A template is a phrase: a :class:`Phrase` made by :func:`sentence` or :func:`clause`
around a function ``(reason, writer) -> str`` that says what the reason says and never
the rule it rests on. The writer adds the citation -- the reason's ``rule`` (and, for the
few codes that cite several rules, what :data:`mtgcombat.text.citations.CITES` names),
each cited in the board's edition ("old 510.1c") and set out as the language sets out a
citation (:meth:`Language.cited`). The function may return ``(text, aside)``: the aside
goes into the citation's parentheses before the rules ("Goblin Cohort; 508.1c"). A plain
function ``(reason, writer) -> str`` is a template that cites nothing (headings, table
cells, words). No template types a rule number (``tests/test_text.py``): every number
comes from the reason or from :data:`~mtgcombat.text.citations.CITES`, the one place a
rule number is written in the text layer, in no language.

Lists are cut and joined by the writer (:meth:`Writer.join`, :meth:`Writer.some`), so
that the languages share that control flow and differ only in words.

Adding a language: a package beside :mod:`mtgcombat.text.en` with the same modules,
a :class:`Language` subclass, and an entry in :data:`LANGUAGES`;
``tests/test_text.py`` checks that it has a template for every code.
"""

from __future__ import annotations

import re
from typing import Any, Callable, ClassVar, Iterable, Mapping, Optional, Union

from ..editions import EDITIONS, Edition
from ..rules.reasons import Duration, Quote, Reason, Src, install_english, reason, words
from .labels import Labeller

Template = Callable[[Reason, "Writer"], str]
#: What a phrase's function returns: its text, or its text and an aside for the citation.
Said = Union[str, tuple[str, Optional[str]]]


class Phrase:
    """A template that says what a reason says without the rule it rests on: the writer
    adds the citation (:meth:`Writer.phrase`). ``words(reason, writer)`` returns the text
    or ``(text, aside)``; ``end`` is "." for a sentence, "" for a clause, or what follows
    the citation (a string, or a function ``(reason, writer) -> str``: "Alice declares
    attackers (508.1): Bears -> Bob"). A phrase is itself a template (calling it renders
    it)."""

    __slots__ = ("words", "end")

    def __init__(self, words: Callable[[Reason, "Writer"], Said],
                 end: Union[str, Callable[[Reason, "Writer"], str]] = ".") -> None:
        self.words = words
        self.end = end

    def __call__(self, r: Reason, w: "Writer") -> str:
        return w.phrase(self, r)

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"<Phrase {getattr(self.words, '__name__', '?')}{self.end!r}>"


def templates_of(*families: Any) -> dict[str, Template]:
    """The templates of a language's modules (each with a dict ``T``), merged; a code
    defined twice is an error."""
    out: dict[str, Template] = {}
    for m in families:
        for k, v in m.T.items():
            if k in out:
                raise ValueError(f"template {k!r} is defined twice")
            out[k] = v
    return out


def sentence(words: Callable[[Reason, "Writer"], Said]) -> Phrase:
    """A template that is a sentence: its words, the citation, a full stop."""
    return Phrase(words, ".")


def clause(words: Callable[[Reason, "Writer"], Said]) -> Phrase:
    """A template that is a clause (part of another sentence): its words and the
    citation, no full stop."""
    return Phrase(words, "")

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
    #: An effect of the board, numbered ("effect 2").
    effect: ClassVar[str] = "effect"
    #: How long requirements last: their base ("each combat") and how long past it.
    durations: ClassVar[Mapping[str, str]] = {
        "each combat": "each combat", "this combat": "this combat", "this turn": "this turn",
        "each turn": "each turn"}
    until: ClassVar[Mapping[str, str]] = {
        "end of turn": "until end of turn", "your next turn": "until your next turn"}
    #: The names of the rules editions in this language ("current" -> "aktuell").
    editions: ClassVar[Mapping[str, str]] = {}
    open_quote: ClassVar[str] = "\u201c"
    close_quote: ClassVar[str] = "\u201d"

    def join(self, items: Iterable[str], last: str = "and") -> str:
        """Items as a list in words: "a, b and c" (``last`` "and", "or", or "," for a
        plain list "a, b, c")."""
        xs = [x for x in items]
        if len(xs) < 2 or last == ",":
            return ", ".join(xs)
        return ", ".join(xs[:-1]) + f" {self.words.get(last, last)} " + xs[-1]

    def quote(self, text: str) -> str:
        return f"{self.open_quote}{text}{self.close_quote}"

    def finish(self, text: str) -> str:
        """A hook applied to every rendered template (a test locale transforms it)."""
        return text

    def cited(self, text: str, aside: Optional[str], rules: list[str]) -> str:
        """A phrase with its citation: "text (aside; 508.1a, 302.6)" -- the aside (a
        source, a list the phrase refers to) and the rules, already cited, in one pair of
        parentheses; nothing when there is neither."""
        inner = "; ".join(x for x in (aside, ", ".join(rules)) if x)
        return f"{text} ({inner})" if inner else text

    def apart(self, rules: list[str]) -> str:
        """Rules cited apart, at the end of a line that has parentheses of its own:
        "[510.1c, 702.19b]"."""
        return f"[{', '.join(rules)}]" if rules else ""

    def rule(self, rule: str, old: bool) -> str:
        """One rule number as this language cites it; ``old`` when its text in the
        board's edition differs from the current one ("old 510.1c")."""
        return f"{self.old} {rule}" if old else rule

    def count(self, n: int, one: str, many: str) -> str:
        """A number and a noun that agrees with it ("1 card", "2 cards")."""
        return f"{n} {one if n == 1 else many}"

    def more(self, text: str) -> str:
        """A list cut short (:meth:`Writer.some`)."""
        return text + " ..."


class Writer:
    """Renders reasons for one board in one language."""

    def __init__(self, lang: Union[str, Language] = "en", labels: Optional[Labeller] = None,
                 edition: Union[str, type[Edition], None] = None) -> None:
        self.lang = language(lang) if isinstance(lang, str) else lang
        self.labels = labels or Labeller()
        if isinstance(edition, str):
            edition = EDITIONS[edition]
        self.edition: type[Edition] = edition or EDITIONS["current"]

    def under(self, rules: str) -> "Writer":
        """This writer under another rules edition (by name): for words about that
        edition's rules, cited as it numbers them."""
        return Writer(self.lang, self.labels, rules)

    @classmethod
    def for_board(cls, board: Any, lang: Union[str, Language] = "en") -> "Writer":
        return cls(lang, Labeller.of(board), getattr(board, "edition", None)
                   or EDITIONS[getattr(board, "rules", "current")])

    # -- rendering -----------------------------------------------------------------
    def __call__(self, r: Union[Reason, str], **params: Any) -> str:
        """A reason in words; or a template by code with these parameters."""
        if isinstance(r, str):
            r = words(r, **params)
        return self.lang.finish(self._template(r)(r, self))

    def _template(self, r: Reason) -> Template:
        t = self.lang.templates.get(r.code)
        if t is None and r.code.startswith(ENGLISH_ONLY):
            # Bad input is reported in English in every language (one line on standard
            # error, an "error" in a batch): the rules' own language.
            t = language("en").templates.get(r.code)
        if t is None:
            raise KeyError(f"no {self.lang.code} template for {r.code!r}")
        return t

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

    def of(self, r: Reason, key: str = "creature") -> str:
        """The object a reason's parameter ``key`` names, as :meth:`name` names it."""
        return self.name(r[key])

    def names(self, oids: Iterable[str], last: str = "and") -> str:
        return self.join([self.name(o) for o in oids], last)

    def join(self, items: Iterable[str], last: str = "and") -> str:
        return self.lang.join(items, last)

    def cite(self, rule: Optional[str]) -> str:
        """A rule number as human answers cite it in the board's edition and this
        language ("old 510.1c", "alte 510.1c"): the one path every citation takes."""
        if not rule:
            return ""
        # a range ("510.1c-d", "509.2-509.3") is cited as its first rule is
        first = rule.split("-")[0] if rule[:1].isdigit() else rule
        return self.lang.rule(rule, first in self.edition.old_rules)

    def rule(self, name: str) -> str:
        """A rule a fixed phrase names in passing, by its name in
        :data:`mtgcombat.text.citations.NAMED` ("deathtouch" -> "702.2c"), cited."""
        from .citations import NAMED

        return self.cite(NAMED[name])

    def declared(self, kind: str, what: str) -> str:
        """The rule of attack or block declarations that says ``what`` ("who", "restrict",
        "require", "declare"; :data:`mtgcombat.text.citations.DECLARE`), cited."""
        from .citations import DECLARE

        return self.cite(DECLARE[kind][what])

    def span(self, first: str, last: str) -> str:
        """Two rules as a cited range ("old 509.2-509.3", "510.1c-d")."""
        from .citations import span

        return self.cite(span(first, last))

    def cites(self, rules: Iterable[str], sep: str = ", ") -> str:
        return sep.join(self.cite(r) for r in rules)

    def apart(self, rules: Iterable[str]) -> str:
        """Rules cited at the end of a line, set apart ("[old 510.1c, 702.19b]")."""
        return self.lang.apart([self.cite(x) for x in rules])

    def rules(self, r: Reason) -> tuple[str, ...]:
        """The rules a reason's words cite: its own rule, or what
        :data:`~mtgcombat.text.citations.CITES` names for its code."""
        from .citations import rules_of

        return rules_of(r, self.edition)

    def cited(self, r: Reason) -> tuple[str, ...]:
        """The rules the words of ``r`` cite in this language: its rules if its template
        is a phrase, none otherwise (so that a caller cites a rule the words don't)."""
        return self.rules(r) if isinstance(self._template(r), Phrase) else ()

    def phrase(self, p: Phrase, r: Reason, end: Optional[str] = None) -> str:
        """A phrase template rendered: its words, then the citation (its aside and the
        rules of :meth:`rules`, as the language sets them out), then its end."""
        said = p.words(r, self)
        text, aside = said if isinstance(said, tuple) else (said, None)
        cited = [self.cite(x) for x in self.rules(r)]
        if end is None:
            end = p.end if isinstance(p.end, str) else p.end(r, self)
        return self.lang.cited(text, aside, cited) + end

    def clause(self, r: Reason) -> str:
        """A reason in words as part of another sentence (no full stop)."""
        t = self._template(r)
        if isinstance(t, Phrase) and isinstance(t.end, str):
            return self.lang.finish(self.phrase(t, r, end=""))
        return self.lang.finish(t(r, self)).rstrip(".")

    def count(self, n: int, one: str, many: str) -> str:
        """A number and a noun that agrees with it: ``w.count(n, "card", "cards")``."""
        return self.lang.count(n, one, many)

    def pred(self, pred: Any) -> str:
        """A predicate of the rules (which creatures a text names) in words: the ``pred``
        template of this language."""
        return self(reason("pred", pred=pred))

    def rules_name(self, name: str) -> str:
        """A rules edition by its name in this language ("current" -> "aktuell")."""
        return self.lang.editions.get(name, name)

    def mana(self, cost: str) -> str:
        """A mana cost as a player says it: {X} first, then generic mana added up, then the
        other symbols in the order given ("{2}{R}{2}" -> "{4}{R}"); text that is not only
        mana symbols as it is."""
        return mana_said(cost)

    # -- lists ---------------------------------------------------------------------------
    def amounts(self, to: Any, last: str = "and") -> str:
        """Damage to recipients: "2 to Bears and 4 to Cub" (``to`` a mapping or pairs
        recipient -> amount; words of the template ``human.amount_to``)."""
        pairs = to.items() if isinstance(to, Mapping) else to
        return self.join([self.t("human.amount_to", n=n, to=x) for x, n in pairs], last)

    def assignment(self, a: Any) -> str:
        """A damage assignment: "Craw Wurm: 2 to Bears and 4 to Cub; Wall: 1 to Raider"
        (``a`` a mapping or pairs source -> recipients; sources in the order given)."""
        pairs = a.items() if isinstance(a, Mapping) else a
        return "; ".join(f"{self.name(s)}: " + (self.amounts(d) or self.t("human.nothing"))
                         for s, d in pairs) or self.t("human.no_damage")

    def pairs(self, pairs: Iterable[tuple[str, Any]], sep: str = "; ") -> str:
        """Pairs in the notation of declarations ("Bears -> Bob; Wall -> Bears, Ape"),
        objects by name."""
        return sep.join(f"{self.name(a)} -> " + (self.name(b) if isinstance(b, str)
                                                   else self.names(b)) for a, b in pairs)

    def some(self, items: Iterable[Any], most: int = 5, sep: str = "; ") -> str:
        """Items in words, at most ``most`` of them, the rest said to exist ("a; b; c
        ..."): reasons as clauses, other values as they are."""
        xs = list(items)
        shown = sep.join(self.clause(x) if isinstance(x, Reason) else str(x)
                         for x in xs[:most])
        return self.lang.more(shown) if len(xs) > most else shown

    def quote(self, text: Union[str, Quote]) -> str:
        return self.lang.quote(str(text))

    def source(self, src: Src, quote: bool = True) -> str:
        """Where an ability comes from: the permanent, or "effect N" (quoting its
        sentence when ``quote``); a permanent's static ability that applies because its
        condition holds (611.3a) with its sentence, which says the condition."""
        if src.effect is not None:
            head = f"{self.lang.effect} {src.effect + 1}"
            return f"{head} ({self.quote(src.sentence.strip())})" if quote else head
        if src.permanent is not None:
            if quote and src.conditional and src.sentence:
                return f"{self.name(src.permanent)}: {self.quote(src.sentence.strip())}"
            return self.name(src.permanent)
        return ""

    def duration(self, d: Optional[Duration], default: str = "each combat") -> str:
        """How long a requirement lasts, as its text says ("each combat until end of
        turn"); ``default`` when the text names no base."""
        d = d or Duration()
        bases, until = self.lang.durations, self.lang.until
        out = [bases[d.base]] if d.base else ([bases[default]] if default else [])
        if d.until:
            out = out + [until[d.until]] if (d.base or default) else [until[d.until]]
        return " ".join(out)

    def word(self, key: str) -> str:
        return self(reason("word." + key))

    def declaration(self, decl: Any, kind: str) -> str:
        """A declaration in words ("Goblin Brigand attacks Bob; Wall blocks Raider");
        ``decl`` a mapping or the pairs of a reason parameter."""
        pairs = tuple(decl.items()) if isinstance(decl, Mapping) else tuple(decl)
        return self(reason("decl.words", kind=kind,
                           decl=tuple((c, v if isinstance(v, str) else tuple(v))
                                      for c, v in pairs)))


_SYMBOL = re.compile(r"\{([^{}]+)\}")


def mana_said(cost: str) -> str:
    """See :meth:`Writer.mana`."""
    if not cost or _SYMBOL.sub("", cost).strip():
        return cost
    generic, xs, rest = 0, [], []  # type: tuple[int, list[str], list[str]]
    for sym in _SYMBOL.findall(cost):
        if sym.isdigit():
            generic += int(sym)
        else:
            (xs if sym in ("X", "Y", "Z") else rest).append("{" + sym + "}")
    return "".join(xs) + ("{%d}" % generic if generic or not (xs or rest) else "") + "".join(rest)


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


__all__ = ["Labeller", "Language", "Phrase", "Template", "Writer", "clause", "language",
           "languages", "register", "sentence"]
