"""The executable corpus of rules edge cases: the case format and its runner.

A case file (``corpus/cases/<id>.case``, format in ``docs/corpus-format.md``) is
a header of ``key: value`` lines, a line ``---``, and a board. :func:`parse_case`
reads and validates the header (a malformed file raises :class:`CaseError`
naming file and line); :func:`run_case` asks the question of the board under one
rules edition and compares every expectation, returning a :class:`Result`.

The runner asks exactly the questions the command line answers (``attacks``,
``blocks``, ``check``, ``damage``) through the public :class:`~mtgcombat.board.Board`,
so a passing case is a true statement about the tool's answers.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Optional, Union

from .editions import edition
from .rules.model import EDITIONS, BoardError
from .rules.reasons import Reason, english, reason

QUESTIONS = ("attacks", "blocks", "check-attacks", "check-blocks", "damage", "check-damage",
             "combat", "turn", "best-blocks", "best-attacks", "upkeep")

#: Expectation keys and the questions they apply to.
EXPECTATIONS: dict[str, tuple[str, ...]] = {
    "expect-declarations": ("attacks", "blocks"),
    "expect-count": ("attacks", "blocks"),
    "expect-max": ("attacks", "blocks", "check-attacks", "check-blocks"),
    "expect-includes": ("attacks", "blocks"),
    "expect-excludes": ("attacks", "blocks"),
    "expect-costs": ("attacks", "blocks"),
    "expect-payable": ("attacks", "blocks"),
    "expect-legal": ("check-attacks", "check-blocks", "check-damage"),
    "expect-rule": ("check-attacks", "check-blocks", "check-damage"),
    "expect-witness": ("check-attacks", "check-blocks"),
    "expect-assignments": ("damage",),
    "expect-best": ("damage",),
    "expect-step": ("damage", "check-damage"),
    "expect-after": ("combat",),
    "expect-steps": ("combat",),
    "expect-status": ("combat", "best-blocks", "best-attacks", "upkeep"),
    "expect-happens": ("turn",),
    "expect-value": ("best-blocks", "best-attacks"),
    "expect-decision": ("best-blocks", "best-attacks"),
    "expect-triggers": ("upkeep",),
    "expect-stack": ("combat",),
    "expect-choices": ("combat",),
    "expect-not-understood": QUESTIONS,
}

DESCRIBING = ("id", "title", "question", "editions", "rules", "source", "explanation")
#: Describing keys that may be given again in another language: ``title[de]: ...``.
TRANSLATED = ("title", "explanation")
#: The languages a case may be described in besides English.
_LANGUAGES = ("de",)
QUESTION_KEYS = ("declaration", "assignment", "time-limit", "damage", "objective")
REQUIRED = ("id", "title", "question", "editions", "rules", "source")

#: How many legal declarations / assignments the runner asks for at most.
LIMIT = 100_000
DEFAULT_TIME_LIMIT = 60.0

_ID = re.compile(r"^[A-Za-z][A-Za-z0-9.\-]*$")
#: What an error shows a rule number and a case id to look like.
_RULE_EXAMPLE, _ID_EXAMPLE = "508.1d", "ATK-01 or CR-508.1d"
_RULE = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")
_KEY_LINE = re.compile(r"^([a-z][a-z\-]*)(?:\[([^\]]*)\])?:(?:\s(.*))?$")


class CaseError(ValueError):
    """A malformed case file; the message is one line ``file:line: problem``. The
    problem is a reason (``why``, an ``error.*`` code worded by the text layer)."""

    def __init__(self, path: Union[str, Path], line: Optional[int], why: Reason) -> None:
        self.path, self.line, self.why = str(path), line, why
        super().__init__(english(reason("error.case", path=str(path), line=line, problem=why)))

    @property
    def problem(self) -> str:
        """The problem in English, without the file and line."""
        return english(self.why)

    def __reduce__(self):
        return (type(self), (self.path, self.line, self.why))


@dataclass
class Case:
    """One parsed case file (the board is kept as text until it is run)."""

    path: Path
    id: str
    title: str
    question: str
    editions: tuple[str, ...]
    #: Cited rules: edition (or None: every edition) -> rule numbers.
    rules: dict[Optional[str], tuple[str, ...]]
    source: str
    explanation: str
    board_text: str
    #: Line of the case file where the board starts (1-based).
    board_line: int
    declaration: Optional[dict] = None
    assignment: Optional[dict] = None
    damage: Optional[list] = None  # combat: the assignments of the steps
    objective: str = "standard"  # best-blocks, best-attacks
    time_limit: float = DEFAULT_TIME_LIMIT
    #: expectation key -> {edition or None: value}
    expectations: dict[str, dict[Optional[str], Any]] = field(default_factory=dict)
    #: header key (with suffix) -> line number
    lines: dict[str, int] = field(default_factory=dict)
    #: (key, language) -> the title or explanation in that language (``title[de]: ...``).
    translations: dict[tuple[str, str], str] = field(default_factory=dict)

    def cited_rules(self, edition: str) -> tuple[str, ...]:
        """The rule numbers this case cites for ``edition``."""
        return self.rules.get(None, ()) + self.rules.get(edition, ())

    def expected(self, edition: str) -> dict[str, Any]:
        """The expectations that apply under ``edition`` (suffixed ones win)."""
        out: dict[str, Any] = {}
        for key, by_edition in self.expectations.items():
            if edition in by_edition:
                out[key] = by_edition[edition]
            elif None in by_edition:
                out[key] = by_edition[None]
        out.setdefault("expect-not-understood", [])
        return out

    def board(self, edition: Optional[str] = None):
        """The board, judged by ``edition`` (overriding its rules line).

        A board that can't be read raises :class:`CaseError` with the line of the
        case file."""
        from .board import Board

        # Leading blank lines keep the board parser's line numbers equal to the
        # case file's.
        text = "\n" * (self.board_line - 1) + self.board_text
        try:
            board = Board.parse(text, str(self.path))
            if edition is not None and board.rules != edition:
                board = board.evolve(rules=edition)
        except BoardError as e:
            why = e.why
            if why.code == "error.located" and why["source"] == str(self.path):
                # The scenario reader already names the line (the column is left out).
                raise CaseError(self.path, why["line"], why["problem"]) from None
            raise CaseError(self.path, self.board_line,
                            reason("error.case_board", problem=why)) from None
        return board


# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------


def _json(path: Path, line: int, key: str, text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise CaseError(path, line, reason("error.case_json", key=key, column=e.colno,
                                           problem=e.msg)) from None


def _editions(path: Path, line: int, text: str) -> tuple[str, ...]:
    eds = tuple(e.strip() for e in text.split(","))
    if not eds or any(e not in EDITIONS for e in eds):
        raise CaseError(path, line, reason("error.case_editions", value=text))
    if len(set(eds)) != len(eds):
        raise CaseError(path, line, reason("error.case_editions_twice", value=text))
    return eds


def _rules(path: Path, line: int, text: str, editions: Iterable[str]) -> dict:
    out: dict[Optional[str], tuple[str, ...]] = {}
    for group in text.split(";"):
        group = group.strip()
        if not group:
            continue
        ed: Optional[str] = None
        m = re.match(r"^(current|2024)\s*:\s*(.*)$", group)
        if m:
            ed, group = m.group(1), m.group(2)
            if ed not in editions:
                raise CaseError(path, line, reason("error.case_rules_edition", edition=ed))
        if ed in out:
            raise CaseError(path, line, reason("error.case_rules_twice", edition=ed))
        nums = tuple(r.strip() for r in group.split(",") if r.strip())
        for r in nums:
            if not _RULE.match(r):
                raise CaseError(path, line, reason("error.case_rule_number", value=r,
                                                   example=_RULE_EXAMPLE))
        out[ed] = nums
    if not any(out.values()):
        raise CaseError(path, line, reason("error.case_no_rules"))
    return out


def _check_decl(path: Path, line: int, key: str, value: Any, kind: str) -> None:
    """A declaration of the board format's shape (ids are checked when run)."""
    if not isinstance(value, dict):
        raise CaseError(path, line, reason("error.case_shape", key=key, shape="declaration"))
    for c, v in value.items():
        if kind == "attacks" and not isinstance(v, str):
            raise CaseError(path, line, reason("error.case_shape", key=key, shape="attack",
                                               creature=c))
        if kind == "blocks" and (not isinstance(v, list) or not v
                                 or not all(isinstance(x, str) for x in v)):
            raise CaseError(path, line, reason("error.case_shape", key=key, shape="block",
                                               creature=c))


def _check_assignment(path: Path, line: int, key: str, value: Any) -> None:
    if not isinstance(value, dict):
        raise CaseError(path, line, reason("error.case_shape", key=key, shape="assignment"))
    for s, m in value.items():
        if not isinstance(m, dict) or not all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in m.values()):
            raise CaseError(path, line, reason("error.case_shape", key=key, shape="division",
                                               creature=s))


def _check_expectation(path: Path, line: int, key: str, value: Any, question: str) -> None:
    kind = "attacks" if question in ("attacks", "check-attacks") else "blocks"

    def need(ok: bool) -> None:
        if not ok:
            raise CaseError(path, line, reason("error.case_expected", key=key,
                                               value=json.dumps(value), example=_RULE_EXAMPLE))

    if key in ("expect-declarations", "expect-includes", "expect-excludes"):
        need(isinstance(value, list))
        for d in value:
            _check_decl(path, line, key, d, kind)
    elif key == "expect-costs":
        need(isinstance(value, list) and all(
            isinstance(c, dict) and set(c) == {"declaration", "costs"}
            and isinstance(c["costs"], list) and all(isinstance(a, str) for a in c["costs"])
            for c in value))
        for c in value:
            _check_decl(path, line, key, c["declaration"], kind)
    elif key == "expect-payable":
        need(isinstance(value, list) and all(
            isinstance(c, dict) and set(c) == {"declaration", "payable"}
            and isinstance(c["payable"], bool) for c in value))
        for c in value:
            _check_decl(path, line, key, c["declaration"], kind)
    elif key == "expect-count":
        need(isinstance(value, int) and not isinstance(value, bool) and value >= 0)
    elif key == "expect-max":
        need(value is None or (isinstance(value, int) and not isinstance(value, bool)))
    elif key == "expect-legal":
        need(isinstance(value, bool))
    elif key == "expect-rule":
        need(isinstance(value, str) and bool(_RULE.match(value)))
    elif key == "expect-witness":
        if value is not None:
            _check_decl(path, line, key, value, kind)
    elif key == "expect-assignments":
        need(isinstance(value, list))
        for a in value:
            _check_assignment(path, line, key, a)
    elif key == "expect-best":
        need(isinstance(value, dict) and all(
            isinstance(v, dict) and set(v) <= {"destroyed", "damage_to", "assignment"}
            for v in value.values()))
    elif key == "expect-step":
        need(value in ("first", "regular"))
    elif key == "expect-stack":
        need(isinstance(value, dict) and all(
            isinstance(v, list) and all(isinstance(x, str) for x in v) for v in value.values()))
    elif key == "expect-choices":
        need(isinstance(value, list) and all(isinstance(x, dict) for x in value))
    elif key == "expect-not-understood":
        need(isinstance(value, list) and all(isinstance(s, str) for s in value))


def parse_case(path: Union[str, Path], text: Optional[str] = None) -> Case:
    """Read and validate one case file's header. Raises :class:`CaseError`."""
    path = Path(path)
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise CaseError(path, None, reason("error.case_unreadable",
                                               problem=getattr(e, "strerror", None) or str(e))) \
                from None
    entries, board_start, board_text = _entries(path, text)
    header, suffixed, translated = _header(path, entries)
    cid, line = header["id"]
    if not _ID.match(cid):
        raise CaseError(path, line, reason("error.case_id", value=cid, example=_ID_EXAMPLE))
    if path.suffix == ".case" and path.stem.lower() != cid.lower():
        raise CaseError(path, line, reason("error.case_id_file", value=cid, stem=path.stem))
    question, qline = header["question"]
    if question not in QUESTIONS:
        raise CaseError(path, qline, reason("error.case_question", value=question,
                                            known=tuple(QUESTIONS)))
    editions = _editions(path, header["editions"][1], header["editions"][0])
    rules = _rules(path, header["rules"][1], header["rules"][0], editions)

    case = Case(
        path=path, id=cid, title=header["title"][0], question=question, editions=editions,
        rules=rules, source=header["source"][0],
        explanation=header.get("explanation", ("", 0))[0],
        board_text=board_text, board_line=board_start,
        lines={k: v[1] for k, v in header.items()},
        translations={(k, lang): v for k, lang, v, _ in translated},
    )
    _question_keys(path, case, header, qline)
    _expectations(path, case, header, suffixed, qline)
    return case


def _entries(path: Path, text: str) -> tuple[list[list], int, str]:
    """A case file's ``key: value`` lines ([key, suffix, value, line], continuation
    lines joined), the line its board starts on (after ``---``) and the board's text."""
    lines = text.splitlines()
    entries: list[list] = []  # [key, suffix, value, line]
    board_start = None
    for i, raw in enumerate(lines, start=1):
        if raw.rstrip() == "---":
            board_start = i + 1
            break
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if raw.startswith("  "):
            if not entries:
                raise CaseError(path, i, reason("error.case_continuation"))
            entries[-1][2] = (entries[-1][2] + " " + raw.strip()).strip()
            continue
        m = _KEY_LINE.match(raw.rstrip())
        if not m:
            raise CaseError(path, i, reason("error.case_line", value=raw.strip()[:60]))
        entries.append([m.group(1), m.group(2), (m.group(3) or "").strip(), i])
    if board_start is None:
        raise CaseError(path, len(lines) or 1, reason("error.case_no_board"))
    board_text = "\n".join(lines[board_start - 1:]) + "\n"
    if not board_text.strip():
        raise CaseError(path, board_start - 1, reason("error.case_empty_board"))

    return entries, board_start, board_text


def _header(path: Path, entries: list[list]) -> tuple[dict, list, list]:
    """The keys checked: known, each once, not empty; the expectations under an edition
    (``expect-...[2024]``) and the translations (``title[de]``) apart."""
    known = set(DESCRIBING) | set(QUESTION_KEYS) | set(EXPECTATIONS)
    header: dict[str, tuple[str, int]] = {}
    suffixed: list[tuple[str, str, str, int]] = []
    translated: list[tuple[str, str, str, int]] = []
    seen: dict[str, int] = {}
    for key, suffix, value, line in entries:
        if key not in known:
            raise CaseError(path, line, reason("error.case_unknown_key", key=key))
        full = f"{key}[{suffix}]" if suffix is not None else key
        if full in seen:
            raise CaseError(path, line, reason("error.case_key_twice", key=full, first=seen[full]))
        seen[full] = line
        if not value:
            raise CaseError(path, line, reason("error.case_empty_value", key=full))
        if suffix is not None and key in TRANSLATED:
            if suffix not in _LANGUAGES:
                raise CaseError(path, line, reason("error.case_language", key=full,
                                                   known=_LANGUAGES))
            translated.append((key, suffix, value, line))
        elif suffix is not None:
            if key not in EXPECTATIONS:
                raise CaseError(path, line, reason("error.case_suffix", key=key))
            suffixed.append((key, suffix, value, line))
        else:
            header[key] = (value, line)
    for key in REQUIRED:
        if key not in header:
            raise CaseError(path, 1, reason("error.case_missing_key", key=key))

    return header, suffixed, translated


def _question_keys(path: Path, case: "Case", header: dict, qline: int) -> None:
    """The keys that ask the question: a declaration, an assignment, damage, an
    objective, a time limit -- each only for the question it belongs to."""
    question = case.question
    if question in ("check-attacks", "check-blocks"):
        if "declaration" not in header:
            raise CaseError(path, qline, reason("error.case_needs", question=question,
                                                key="declaration"))
        v, ln = header["declaration"]
        case.declaration = _json(path, ln, "declaration", v)
        _check_decl(path, ln, "declaration", case.declaration, question[6:])
    elif "declaration" in header:
        raise CaseError(path, header["declaration"][1], reason(
            "error.case_only_for", key="declaration", questions=("check-attacks", "check-blocks")))
    if question == "check-damage":
        if "assignment" not in header:
            raise CaseError(path, qline, reason("error.case_needs", question=question,
                                                key="assignment"))
        v, ln = header["assignment"]
        case.assignment = _json(path, ln, "assignment", v)
        _check_assignment(path, ln, "assignment", case.assignment)
    elif "assignment" in header:
        raise CaseError(path, header["assignment"][1], reason(
            "error.case_only_for", key="assignment", questions=("check-damage",)))
    if "damage" in header:
        if question != "combat":
            raise CaseError(path, header["damage"][1], reason(
                "error.case_only_for", key="damage", questions=("combat",)))
        v, ln = header["damage"]
        case.damage = _json(path, ln, "damage", v)
        if not isinstance(case.damage, list):
            raise CaseError(path, ln, reason("error.case_damage_list"))
    if "objective" in header:
        if question not in ("best-blocks", "best-attacks"):
            raise CaseError(path, header["objective"][1], reason(
                "error.case_only_for", key="objective", questions=("best-blocks", "best-attacks")))
        case.objective = header["objective"][0]
    if "time-limit" in header:
        v, ln = header["time-limit"]
        try:
            case.time_limit = float(v)
        except ValueError:
            raise CaseError(path, ln, reason("error.case_time_limit", value=v)) from None
        if case.time_limit <= 0:
            raise CaseError(path, ln, reason("error.case_time_limit", value=None))



def _expectations(path: Path, case: "Case", header: dict, suffixed: list, qline: int) -> None:
    """The ``expect-...`` keys (each for the questions it applies to, under the case's
    editions); a case expects something under each of its editions."""
    question, editions = case.question, case.editions
    items: list[tuple[str, Optional[str], Any, int]] = [
        (k, None, v, ln) for k, (v, ln) in header.items() if k in EXPECTATIONS]
    items += [(k, s, v, ln) for k, s, v, ln in suffixed]
    for key, suffix, value, ln in items:
        if question not in EXPECTATIONS[key]:
            raise CaseError(path, ln, reason("error.case_not_for", key=key, question=question,
                                             known=tuple(EXPECTATIONS[key])))
        if suffix is not None and suffix not in editions:
            raise CaseError(path, ln, reason("error.case_suffix_edition", key=key,
                                             edition=suffix, editions=editions))
        data = _json(path, ln, key, value)
        _check_expectation(path, ln, key, data, question)
        case.expectations.setdefault(key, {})[suffix] = data
        case.lines[f"{key}[{suffix}]" if suffix else key] = ln
    if not any(k != "expect-not-understood" for k in case.expectations):
        raise CaseError(path, qline, reason("error.case_expects_nothing", edition=None))
    for ed in editions:
        if not any(k != "expect-not-understood" for k in case.expected(ed)):
            raise CaseError(path, qline, reason("error.case_expects_nothing", edition=ed))


def case_files(path: Union[str, Path]) -> list[Path]:
    """The case files at ``path``: the file itself, or every ``*.case`` under a directory."""
    p = Path(path)
    if p.is_dir():
        return sorted(p.rglob("*.case"))
    if p.exists():
        return [p]
    raise CaseError(p, None, reason("error.case_no_file"))


def default_cases_dir() -> Optional[Path]:
    """The repository's ``corpus/cases``: beside the package, else under the current
    directory."""
    for base in (Path(__file__).resolve().parents[1], Path.cwd()):
        d = base / "corpus" / "cases"
        if d.is_dir():
            return d
    return None


def load_cases(path: Union[str, Path]) -> list[Case]:
    """Parse every case at ``path``; raises :class:`CaseError` on the first malformed one
    (including two files with one id)."""
    cases = [parse_case(f) for f in case_files(path)]
    ids: dict[str, Path] = {}
    for c in cases:
        if c.id in ids:
            raise CaseError(c.path, c.lines.get("id"), reason("error.case_id_twice", id=c.id,
                                                              other=str(ids[c.id])))
        ids[c.id] = c.path
    return cases


# ---------------------------------------------------------------------------
# Canonical forms for comparison
# ---------------------------------------------------------------------------


def _cost_key(cost) -> str:
    """A cost as ``expect-costs`` writes it: its mana ("{3}"), then "N life" (119.4) and
    "sacrifice N" / "return N" (permanents), joined by " + "."""
    parts = [cost.amount] if cost.amount else []
    if cost.life:
        parts.append(f"{cost.life} life")
    if cost.remove is not None:
        parts.append(f"{cost.remove[0]} {cost.remove[1]}")
    return " + ".join(parts)


def _decl_key(d: dict) -> tuple:
    return tuple(sorted(
        (c, v if isinstance(v, str) else tuple(sorted(v))) for c, v in d.items()
    ))


def _decl_json(key: tuple) -> str:
    return json.dumps({c: (v if isinstance(v, str) else list(v)) for c, v in key},
                      ensure_ascii=False)


def _assign_key(a: dict, sources: Optional[set] = None) -> tuple:
    out = []
    for s, m in a.items():
        if sources is not None and s not in sources:
            continue
        items = tuple(sorted((r, int(n)) for r, n in (m or {}).items() if n))
        if items:
            out.append((s, items))
    return tuple(sorted(out))


def _assign_json(key: tuple) -> str:
    return json.dumps({s: dict(m) for s, m in key}, ensure_ascii=False)


def _diff(expected: set, got: set, show) -> str:
    missing = sorted(expected - got)
    extra = sorted(got - expected)
    parts = []
    if missing:
        parts.append("missing " + ", ".join(show(x) for x in missing[:6])
                     + (f" (+{len(missing) - 6} more)" if len(missing) > 6 else ""))
    if extra:
        parts.append("unexpected " + ", ".join(show(x) for x in extra[:6])
                     + (f" (+{len(extra) - 6} more)" if len(extra) > 6 else ""))
    return "; ".join(parts)


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------


@dataclass
class Result:
    """The outcome of one case under one edition."""

    case: Case
    edition: str
    failures: list[str] = field(default_factory=list)
    #: the answer as it came back, in the --json shapes (for reports)
    answer: Any = None

    @property
    def passed(self) -> bool:
        return not self.failures

    @property
    def name(self) -> str:
        return f"{self.case.id}[{self.edition}]"


def run_case(case: Case, edition: str, backend: str = "auto",
             time_limit: Optional[float] = None, lang: Any = "en") -> Result:
    """Ask the case's question under ``edition`` and compare every expectation.
    ``lang`` (a language code or :class:`mtgcombat.text.Language`) words the answer's
    messages (``result.answer``); no expectation reads a message.

    A board that can't be read raises :class:`CaseError`; everything else that goes
    wrong (a solver error, an unsettled answer) is a failure of the case."""
    result = Result(case, edition)
    board = case.board(edition)
    expected = case.expected(edition)
    limit_s = time_limit if time_limit is not None else case.time_limit
    fail = result.failures.append
    try:
        _run(case, board, expected, backend, limit_s, result, lang)
    except BoardError as e:
        fail(f"the question was refused as bad input: {e}")
    except Exception as e:  # a bug elsewhere: the case fails, the run goes on
        fail(f"internal error: {type(e).__name__}: {e}")
    got_nu = sorted(n["sentence"] for n in board.not_understood) if _safe(
        lambda: board.not_understood) is not None else None
    want_nu = sorted(expected["expect-not-understood"])
    if got_nu is not None and got_nu != want_nu:
        fail(f"expect-not-understood: expected {json.dumps(want_nu)}, "
             f"got {json.dumps(got_nu, ensure_ascii=False)}")
    return result


def _safe(f):
    try:
        return f()
    except Exception:
        return None


def _run(case: Case, board, expected: dict, backend: str, time_limit: float,
         result: Result, lang: Any = "en") -> None:
    """Ask the case's question of ``board`` and compare the answer with ``expected``:
    the answer in ``result.answer``, each difference in ``result.failures``."""
    from .text import Writer

    w = Writer.for_board(board, lang)
    q = case.question
    if q in ("attacks", "blocks"):
        _run_listing(case, board, expected, backend, time_limit, result)
    elif q in ("check-attacks", "check-blocks"):
        _run_check(case, board, expected, backend, time_limit, result, w)
    elif q == "damage":
        _run_damage(board, expected, time_limit, result, w)
    elif q in ("combat", "turn", "best-blocks", "best-attacks", "upkeep"):
        _run_more(case, board, expected, backend, time_limit, result, w)
    elif q == "check-damage":
        _run_check_damage(case, board, expected, time_limit, result, w)


def _run_listing(case: Case, board, expected: dict, backend: str, time_limit: float,
                 result: Result) -> None:
    """``attacks`` / ``blocks``: the legal declarations, their count, maximum, costs."""
    fail = result.failures.append
    listing = board.list_declarations(case.question, LIMIT, backend, time_limit)
    decls = {_decl_key(d.declaration) for d in listing.declarations}
    result.answer = {"status": listing.status, "max_requirements": listing.max_requirements,
                     "declarations": [json.loads(_decl_json(k)) for k in sorted(decls)]}
    if listing.status != "complete":
        fail(f"the listing is {listing.status} (time limit {time_limit:g}s, "
             f"limit {LIMIT}); found {len(decls)}")
        return
    if "expect-declarations" in expected:
        want = {_decl_key(d) for d in expected["expect-declarations"]}
        if want != decls:
            fail(f"expect-declarations: {_diff(want, decls, _decl_json)} "
                 f"(expected {len(want)}, got {len(decls)})")
    if "expect-count" in expected and expected["expect-count"] != len(decls):
        fail(f"expect-count: expected {expected['expect-count']}, got {len(decls)}")
    if "expect-max" in expected and expected["expect-max"] != listing.max_requirements:
        fail(f"expect-max: expected {json.dumps(expected['expect-max'])}, "
             f"got {json.dumps(listing.max_requirements)}")
    for d in expected.get("expect-includes", []):
        if _decl_key(d) not in decls:
            fail(f"expect-includes: {json.dumps(d)} is not legal")
    for d in expected.get("expect-excludes", []):
        if _decl_key(d) in decls:
            fail(f"expect-excludes: {json.dumps(d)} is legal")
    _compare_costs(expected, listing, fail)


def _compare_costs(expected: dict, listing: Any, fail) -> None:
    """``expect-payable`` and ``expect-costs``: what each legal declaration costs."""
    costs = {_decl_key(d.declaration): sorted(_cost_key(c) for c in d.paid)
             for d in listing.declarations}
    payable = {_decl_key(d.declaration): d.payable for d in listing.declarations}
    for c in expected.get("expect-payable", []):
        key = _decl_key(c["declaration"])
        if key not in payable:
            fail(f"expect-payable: {json.dumps(c['declaration'])} is not legal")
        elif payable[key] is not c["payable"]:
            fail(f"expect-payable: {json.dumps(c['declaration'])} is payable: "
                 f"{json.dumps(payable[key])}, not {json.dumps(c['payable'])}")
    for c in expected.get("expect-costs", []):
        got = costs.get(_decl_key(c["declaration"]))
        if got is None:
            fail(f"expect-costs: {json.dumps(c['declaration'])} is not legal")
        elif got != sorted(c["costs"]):
            fail(f"expect-costs: {json.dumps(c['declaration'])} costs "
                 f"{json.dumps(got)}, not {json.dumps(sorted(c['costs']))}")


def _run_check(case: Case, board, expected: dict, backend: str, time_limit: float,
               result: Result, w: Any) -> None:
    """``check-attacks`` / ``check-blocks``: the verdict, its first rule, the witness."""
    fail = result.failures.append
    verdict = board.check_declaration(case.question[6:], case.declaration, backend,
                                      time_limit)
    first = verdict.violations[0].rule if verdict.violations else None
    witness = verdict.witness
    result.answer = {"legal": verdict.legal, "status": verdict.status,
                     "violations": [v.to_json(w) for v in verdict.violations],
                     "max_requirements": verdict.max_requirements,
                     "witness": None if witness is None else json.loads(
                         _decl_json(_decl_key(witness)))}
    if verdict.status != "complete":
        fail(f"the verdict is {verdict.status} (time limit {time_limit:g}s)")
        return
    _compare_verdict(expected, verdict.legal, first,
                     [f"{v.rule}: {w(v.why)}" for v in verdict.violations], fail)
    if "expect-witness" in expected:
        want = expected["expect-witness"]
        got_w = None if witness is None else _decl_key(witness)
        if (None if want is None else _decl_key(want)) != got_w:
            fail(f"expect-witness: expected {json.dumps(want)}, got "
                 f"{'null' if got_w is None else _decl_json(got_w)}")
    if "expect-max" in expected and expected["expect-max"] != verdict.max_requirements:
        fail(f"expect-max: expected {json.dumps(expected['expect-max'])}, "
             f"got {json.dumps(verdict.max_requirements)}")


def _run_damage(board, expected: dict, time_limit: float, result: Result, w: Any) -> None:
    """``damage``: the legal assignments and the best ones."""
    fail = result.failures.append
    answer = board.damage(limit=LIMIT, time_limit=time_limit).to_json(w)
    result.answer = answer
    status = answer.get("status", "complete")
    if status != "complete":
        fail(f"the damage answer is {status} (time limit {time_limit:g}s, limit {LIMIT})")
        return
    _compare_damage(expected, answer, fail)


def _run_check_damage(case: Case, board, expected: dict, time_limit: float, result: Result,
                      w: Any) -> None:
    """``check-damage``: the verdict on the case's assignment and its step."""
    fail = result.failures.append
    answer = board.check_damage(case.assignment, time_limit=time_limit).to_json(w)
    result.answer = answer
    if answer.get("status", "complete") != "complete":
        fail(f"the damage verdict is {answer.get('status')} (time limit {time_limit:g}s)")
        return
    violations = answer.get("violations") or []
    first = violations[0].get("rule") if violations else None
    _compare_verdict(expected, bool(answer.get("legal")), first,
                     [f"{v.get('rule')}: {v.get('message')}" for v in violations], fail)
    if "expect-step" in expected and expected["expect-step"] != answer.get("step"):
        fail(f"expect-step: expected {expected['expect-step']!r}, got {answer.get('step')!r}")


def _subset(want: Any, got: Any) -> bool:
    """Whether ``got`` says everything ``want`` says (dicts: the keys given; lists of
    ids or players: as sets)."""
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and _subset(v, got[k])
                                             for k, v in want.items())
    if isinstance(want, list) and all(isinstance(x, str) for x in want):
        return isinstance(got, list) and sorted(want) == sorted(got)
    if isinstance(want, list):
        return isinstance(got, list) and len(want) == len(got) and all(
            _subset(a, b) for a, b in zip(want, got))
    return want == got


def _run_more(case: Case, board, expected: dict, backend: str, time_limit: float,
              result: Result, w: Any) -> None:
    """The questions of Extension 2: combat, turn, best-blocks, best-attacks, upkeep."""
    fail = result.failures.append
    q = case.question
    if q == "combat":
        answer = board.combat(damage=case.damage or (), time_limit=time_limit,
                              backend=backend).to_json(w)
    elif q == "turn":
        from .questions.turn import turn

        answer = turn(board, time_limit=time_limit, backend=backend).to_json(w)
    elif q in ("best-blocks", "best-attacks"):
        from .questions.best import best_attacks, best_blocks

        ask = best_blocks if q == "best-blocks" else best_attacks
        answer = ask(board, case.objective, time_limit=time_limit, backend=backend).to_json(w)
    else:
        from .questions.upkeep import upkeep

        answer = upkeep(board, limit=LIMIT, time_limit=time_limit).to_json(w)
    result.answer = answer
    if "expect-status" in expected and expected["expect-status"] != answer.get("status"):
        fail(f"expect-status: expected {expected['expect-status']!r}, "
             f"got {answer.get('status')!r}")
    for key, got in (("expect-after", answer.get("after")),
                     ("expect-steps", [s["step"] for s in answer.get("steps", [])]
                      if q == "combat" else None),
                     ("expect-value", answer.get("value")),
                     ("expect-decision", answer.get("blocks" if q == "best-blocks"
                                                    else "attacks")),
                     ("expect-triggers", answer.get("triggers"))):
        if key in expected and not _subset(expected[key], got):
            fail(f"{key}: expected {json.dumps(expected[key])}, got "
                 f"{json.dumps(got, ensure_ascii=False)[:400]}")
    if "expect-stack" in expected:
        # spec Extension 3: what resolved in each step, in order (the effect of a trick
        # named "effect N", counting from 1)
        got_stack = {e["step"]: [f"effect {r['effect'] + 1}" if r["kind"] == "trick"
                                 else r["source"] for r in e["resolved"]]
                     for e in answer.get("stack", [])}
        for step, want in expected["expect-stack"].items():
            if got_stack.get(step, []) != want:
                fail(f"expect-stack: {step}: expected {json.dumps(want)}, got "
                     f"{json.dumps(got_stack.get(step, []))}")
    if "expect-choices" in expected:
        got_choices = answer.get("choices", [])
        if not _subset(expected["expect-choices"], got_choices):
            fail(f"expect-choices: expected {json.dumps(expected['expect-choices'])}, got "
                 f"{json.dumps(got_choices, ensure_ascii=False)[:400]}")
    if "expect-happens" in expected:
        happens = {s["step"]: s["happens"] for s in answer.get("steps", [])}
        for step, want in expected["expect-happens"].items():
            if happens.get(step, "missing") != want:
                fail(f"expect-happens: {step} expected {json.dumps(want)}, "
                     f"got {json.dumps(happens.get(step))}")


def _compare_verdict(expected: dict, legal: bool, first: Optional[str],
                     violations: list[str], fail) -> None:
    said = f" ({violations[0]})" if violations else ""
    if "expect-legal" in expected and expected["expect-legal"] != legal:
        fail(f"expect-legal: expected {json.dumps(expected['expect-legal'])}, "
             f"got {json.dumps(legal)}{said}")
    if "expect-rule" in expected:
        if legal:
            fail(f"expect-rule: expected a violation of {expected['expect-rule']}, "
                 "but it is legal")
        elif _rule_number(first) != expected["expect-rule"]:
            fail(f"expect-rule: expected {expected['expect-rule']}, got {first}{said}")


def _rule_number(rule: Optional[str]) -> Optional[str]:
    """The rule number of a reported rule: the damage answers mark the 2024 text of a
    rule as ``old 510.1c``; the number is what a case names."""
    if rule is not None and rule.startswith("old "):
        return rule[4:]
    return rule


def _compare_damage(expected: dict, answer: dict, fail) -> None:
    if "expect-step" in expected and expected["expect-step"] != answer.get("step"):
        fail(f"expect-step: expected {expected['expect-step']!r}, got {answer.get('step')!r}")
    if "expect-assignments" in expected:
        want_list = expected["expect-assignments"]
        sources = {s for a in want_list for s, m in a.items() if any(m.values())}
        want = {_assign_key(w, sources) for w in want_list}
        got = {_assign_key(g["assignment"], sources) for g in answer.get("assignments", [])}
        if want != got:
            fail(f"expect-assignments: {_diff(want, got, _assign_json)} "
                 f"(expected {len(want)}, got {len(got)})")
    if "expect-best" in expected:
        best = answer.get("best") or {}
        for player, want in expected["expect-best"].items():
            have = best.get(player)
            if have is None:
                fail(f"expect-best: no best assignment for {player}")
                continue
            if "destroyed" in want and sorted(want["destroyed"]) != sorted(
                    have.get("destroyed") or []):
                fail(f"expect-best: {player} destroys {json.dumps(sorted(have.get('destroyed') or []))}, "
                     f"expected {json.dumps(sorted(want['destroyed']))}")
            if "damage_to" in want:
                got_d = {k: v for k, v in (have.get("damage_to") or {}).items() if v}
                want_d = {k: v for k, v in want["damage_to"].items() if v}
                if got_d != want_d:
                    fail(f"expect-best: {player} deals {json.dumps(got_d)}, "
                         f"expected {json.dumps(want_d)}")
            if "assignment" in want and _assign_key(want["assignment"]) != _assign_key(
                    have.get("assignment") or {}):
                fail(f"expect-best: {player} assigns {json.dumps(have.get('assignment'))}, "
                     f"expected {json.dumps(want['assignment'])}")


def run_cases(cases: Iterable[Case], backend: str = "auto",
              time_limit: Optional[float] = None, lang: Any = "en") -> Iterator[Result]:
    for case in cases:
        for ed in case.editions:
            yield run_case(case, ed, backend, time_limit, lang)


# ---------------------------------------------------------------------------
# Lessons: the corpus as teaching material
# ---------------------------------------------------------------------------

#: Topics of the lessons, in the order they are shown: a code (named by the text layer's
#: ``lesson.topic`` template) and the rules whose cases it holds (a number covers its
#: subrules: "508" holds 508.1c, "510.4" holds 510.4a). A case is in every topic one of
#: its cited rules falls under; a case in none is in "other".
TOPICS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("attacking", ("508",)),
    ("blocking", ("509.1", "509.4", "509.7")),
    ("requirements", ("508.1c", "508.1d", "509.1b", "509.1c", "611.3")),
    ("damage", ("510", "120")),
    ("first-strike", ("702.4", "702.7", "510.4")),
    ("trample", ("702.19",)),
    ("evasion", ("702.9", "702.13", "702.14", "702.17", "702.28", "702.31", "702.36",
                 "702.111", "702.118", "609.4")),
    ("protection", ("702.16",)),
    ("deathtouch", ("702.2", "702.15", "702.80", "702.90", "704.5h")),
    ("other-keywords", ("302.6", "702.3", "702.10", "702.12", "702.20", "702.25", "702.45",
                        "702.83", "702.121", "702.130", "702.164")),
    ("banding", ("702.22", "702.23")),
    ("costs", ("508.1g", "508.1h", "509.1d", "509.1e", "509.1f", "118", "119", "701.17",
               "701.21", "702.24")),
    ("goad", ("701.15", "701.38")),
    ("walkers-battles", ("306", "310", "508.5")),
    ("multiplayer", ("506.2", "506.3", "802", "805", "806", "808", "810")),
    ("state-based", ("104", "704")),
    # the damage assignment order (the "2024" edition's rules for it)
    ("order", tuple(r for ed in EDITIONS for r in (edition(ed).attacker_order,
                                                   edition(ed).blocker_order) if r)),
    ("card-text", ("105", "107", "109", "111", "115", "201", "205", "207", "301", "601",
                   "603", "611", "613", "615", "700", "711", "722", "725")),
)

#: The command and options that ask each case question of the web lab or the command line.
_ASK = {"attacks": "attacks", "blocks": "blocks", "damage": "damage", "combat": "combat",
        "turn": "turn", "upkeep": "upkeep", "best-blocks": "best-blocks",
        "best-attacks": "best-attacks", "check-attacks": "check", "check-blocks": "check",
        "check-damage": "check"}


def under(rule: str, prefix: str) -> bool:
    """Whether ``rule`` is ``prefix`` or one of its subrules ("510.4" covers "510.4a",
    "508" covers "508.1c", "702.1" does not cover "702.19")."""
    if rule == prefix or rule.startswith(prefix + "."):
        return True
    rest = rule[len(prefix):] if rule.startswith(prefix) else ""
    return bool(rest) and "." in prefix and rest[0].isalpha()


def case_rules(case: Case) -> tuple[str, ...]:
    """Every rule a case cites, in any of its editions, in order, once."""
    out: list[str] = []
    for group in case.rules.values():
        out += [r for r in group if r not in out]
    return tuple(out)


def case_topics(case: Case) -> tuple[str, ...]:
    """The topics a case belongs to (:data:`TOPICS`); ("other",) when none."""
    rules = case_rules(case)
    out = [code for code, prefixes in TOPICS
           if any(under(r, p) for r in rules for p in prefixes)]
    return tuple(out) or ("other",)


def case_request(case: Case, explain: bool = False) -> tuple[str, list[str]]:
    """The question (a command of :data:`mtgcombat.ask.QUESTIONS`) and its options that
    ask what the case asks -- or, with ``explain``, that explain it (``explain`` with the
    case's declaration, or ``--about`` its story)."""
    q = case.question
    args: list[str] = []
    if case.declaration is not None:
        args = [f"--{q[6:]}", json.dumps(case.declaration, ensure_ascii=False)]
    elif case.assignment is not None:
        args = ["--damage", json.dumps(case.assignment, ensure_ascii=False)]
    if q in ("best-blocks", "best-attacks"):
        args = ["--objective", case.objective]
    if not explain:
        if q == "combat":
            for step in case.damage or ():
                args += ["--damage", json.dumps(step, ensure_ascii=False)]
        return _ASK[q], args
    if q in ("combat", "upkeep", "best-blocks", "best-attacks"):
        return "explain", ["--about", q] + args
    return "explain", args


def _titled(case: Case, lang: str) -> tuple[str, str]:
    """A case's title and explanation in ``lang`` where the case gives them (``title[de]``),
    else as written."""
    return (case.translations.get(("title", lang), case.title),
            case.translations.get(("explanation", lang), case.explanation))


def _lesson_summary(case: Case, lang: str) -> dict:
    title, _ = _titled(case, lang)
    return {"id": case.id, "title": title, "question": case.question,
            "rules": list(case_rules(case)), "topics": list(case_topics(case)),
            "editions": list(case.editions)}


def lesson_index(cases: Iterable[Case], lang: str = "en") -> dict:
    """The corpus as lessons (``GET /api/cases``, ``mtgcombat corpus --list``): every case
    with its title, question, rules and topics; the topics with their names in ``lang``
    and their cases; the rules cited, each with its cases, grouped by section ("508")."""
    from .text import Writer

    w = Writer(lang)
    cases = sorted(cases, key=lambda c: _id_key(c.id))
    topics = []
    for code in [c for c, _ in TOPICS] + ["other"]:
        ids = [c.id for c in cases if code in case_topics(c)]
        if ids:
            topics.append({"topic": code, "name": w.t("lesson.topic", topic=code), "cases": ids})
    rules: dict[str, list[str]] = {}
    for c in cases:
        for r in case_rules(c):
            rules.setdefault(r, []).append(c.id)
    sections: dict[str, list[dict]] = {}
    for r in sorted(rules, key=_rule_key):
        sections.setdefault(r.split(".")[0], []).append({"rule": r, "cases": rules[r]})
    return {"lang": w.lang.code, "count": len(cases),
            "cases": [_lesson_summary(c, w.lang.code) for c in cases],
            "topics": topics,
            "sections": [{"section": s, "name": w.t("lesson.section", section=s),
                          "rules": rs} for s, rs in sections.items()]}


def lesson(case: Case, lang: str = "en") -> dict:
    """One case as a lesson (``GET /api/cases/ID``): its title, question in words, the
    rules it turns on, where the answer comes from and the explanation written for it,
    its board (text), and the requests that ask its question and explain it."""
    from .text import Writer

    w = Writer(lang)
    title, explanation = _titled(case, w.lang.code)
    ask, args = case_request(case)
    explain, explain_args = case_request(case, explain=True)
    edition = case.editions[0]
    return dict(_lesson_summary(case, w.lang.code), **{
        "title": title,
        "asks": w.t("lesson.question", question=case.question),
        "rules_by_edition": {ed: list(case.cited_rules(ed)) for ed in case.editions},
        "source": case.source,
        "explanation": explanation,
        "explanation_lang": "en" if explanation == case.explanation else w.lang.code,
        "board": case.board_text,
        "ask": {"question": ask, "args": args + ["--rules", edition]},
        "explain": {"question": explain, "args": explain_args + ["--rules", edition]},
        "link": f"#case={case.id}",
    })


def _id_key(cid: str) -> tuple:
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p.lower())
                 for p in re.split(r"(\d+)", cid) if p)


def _rule_key(rule: str) -> tuple:
    return tuple((int(p), "") if p.isdigit() else (0, p) for p in re.findall(r"\d+|[a-z]+", rule))


class _Lessons:
    """The corpus read once per change of its files (the web lab asks often)."""

    def __init__(self) -> None:
        self.stamp: Any = None
        self.cases: list[Case] = []

    def get(self, path: Optional[Union[str, Path]] = None) -> list[Case]:
        d = Path(path) if path is not None else default_cases_dir()
        if d is None:
            raise CaseError("corpus/cases", None, reason("error.case_no_corpus"))
        files = case_files(d)
        stamp = (str(d), tuple((f.name, f.stat().st_mtime_ns) for f in files))
        if stamp != self.stamp:
            self.cases, self.stamp = load_cases(d), stamp
        return self.cases


LESSONS = _Lessons()


def lessons_request(path: str, query: str = "", cases_dir: Optional[Path] = None
                    ) -> tuple[int, dict]:
    """The web lab's lesson calls: ``GET /api/cases?lang=de`` (:func:`lesson_index`) and
    ``GET /api/cases/ID?lang=de`` (:func:`lesson`): (HTTP status, JSON answer). An
    unknown case or language is 404 / 400 with ``{"error": ...}``."""
    from urllib.parse import parse_qs, unquote

    from .text import languages

    lang = (parse_qs(query).get("lang") or ["en"])[0]
    if lang not in languages():
        return 400, {"error": f"lang must be one of {', '.join(languages())}"}
    try:
        cases = LESSONS.get(cases_dir)
    except CaseError as e:
        return 500, {"error": f"the corpus can't be read: {e.problem}"}
    if path.rstrip("/") == "/api/cases":
        return 200, lesson_index(cases, lang)
    cid = unquote(path[len("/api/cases/"):]).lower()
    for c in cases:
        if c.id.lower() == cid:
            return 200, lesson(c, lang)
    return 404, {"error": f"no case {cid[:40]!r} in the corpus"}
