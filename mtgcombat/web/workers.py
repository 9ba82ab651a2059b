"""What the web lab's workers answer: one request's body asked of the registry
(:func:`answer_request`), in the worker's own process (:mod:`.server`)."""

from __future__ import annotations

from typing import Any, Optional

from ..ask import BadInput, ask_request, dumps, error_json, parse_request

#: The largest answer a request may get (characters of JSON): a listing beyond it asks
#: for ``--limit``.
MAX_ANSWER = 8 * 1024 * 1024


def answer_request(mode: str, question: str, body: Any, cards: Optional[str],
                   max_seconds: float, max_answer: int = MAX_ANSWER) -> tuple[int, str]:
    """(HTTP status, JSON text) for one request: ``mode`` "json" (the --json answer) or
    "text" (the answer for a person, ``{"text": ..., "warnings": [...]}``); ``body``
    the request's body as sent (bytes, parsed here) or parsed; an answer longer than
    ``max_answer`` characters is refused (ask with ``--limit``)."""
    try:
        if isinstance(body, (bytes, str)):
            body = parse_request(body)
        db = _cards(cards)
        reply = ask_request(body, question, db, max_seconds)
        if mode == "text":
            payload: Any = {"text": reply.text(), "report": _report(reply.words()),
                            "warnings": _card_notes(db, reply.writer) + reply.warnings
                            + reply.not_understood_lines()}
        else:
            payload = reply.json()
        text = dumps(payload)
        if len(text) > max_answer:
            return 400, dumps({"error": f"the answer is larger than {max_answer:,} "
                                        "characters: ask for fewer with --limit"})
        return 200, text
    except BadInput as e:
        return 400, dumps(error_json(e))
    except RecursionError:
        return 400, dumps({"error": "the request is nested too deeply"})
    except Exception as e:  # a bug: said without a trace or a path of the server
        return 500, dumps({"error": f"internal error ({type(e).__name__}); please report it"})


def _card_notes(db: Any, w: Any) -> list[str]:
    """What the command line says of the card database on standard error (its index kept
    in memory, a name two cards share), in the answer's language, rendered from codes."""
    if db is None or not db.notes:
        return []
    return [w.t("warning.line", text=w(note)) for note in db.notes]


def _report(words: Any) -> list:
    """The answer for a person as the page lays it out: prose lines (with their style)
    and tables (headers, rows, title), so that a table scrolls instead of wrapping."""
    from ..text.report import Table

    if isinstance(words, str):
        return [{"line": line, "style": ""} for line in words.rstrip("\n").split("\n")]
    return [{"table": {"title": x.title, "headers": x.headers, "rows": x.rows}}
            if isinstance(x, Table) else {"line": x.text, "style": x.style} for x in words]


_DB: dict[str, Any] = {}


def _cards(path: Optional[str]) -> Any:
    if not path:
        return None
    if path not in _DB:
        from ..cards import open_database

        _DB[path] = open_database(path)
    return _DB[path]
