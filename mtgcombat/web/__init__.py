"""``mtgcombat serve``: a local web lab (spec Extension 2).

A page to type or paste a board (scenario language or JSON), see it drawn, ask every
question and read the answers and explanations in English or German, and share the board
as a link (the board is in the URL's fragment, never sent anywhere but this server).

The page's own calls: ``POST /api/COMMAND`` with ``{"board": ..., "args": [...]}`` gets
the command's ``--json`` answer (``/api/draw`` an SVG picture, ``/api/text/COMMAND`` the
human answer as text); bad input is HTTP 400 with ``{"error": "...", "line": L, "column":
C}`` (line and column for scenario text). It binds to 127.0.0.1 unless told otherwise,
never runs user input as code (boards are data: parsed, never evaluated), refuses bodies
over :data:`MAX_BYTES` (413) and bounds every question by :data:`MAX_SECONDS`.

Flask is imported only here: no other command pays for it.
"""

from __future__ import annotations

import io
import json
import threading
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

#: The largest request body accepted (a board and its arguments).
MAX_BYTES = 256 * 1024
#: The longest any question may take (a larger --time-limit is lowered to this).
MAX_SECONDS = 20.0
#: The commands the page may ask (the others write files, run servers or read many boards).
COMMANDS = ("attacks", "blocks", "check", "damage", "combat", "turn", "upkeep",
            "best-blocks", "best-attacks", "explain", "show")
STATIC = Path(__file__).parent / "static"

# Commands print through redirect_stdout, which is process-wide: one at a time.
_LOCK = threading.Lock()


class BadRequest(Exception):
    def __init__(self, payload: dict, status: int = 400) -> None:
        super().__init__(payload.get("error", ""))
        self.payload = payload
        self.status = status


def _args(command: str, body: Any) -> tuple[Any, list[str]]:
    if command not in COMMANDS and command != "draw":
        raise BadRequest({"error": f"unknown command {command!r}"}, 404)
    if not isinstance(body, dict):
        raise BadRequest({"error": "the request must be a JSON object {\"board\", \"args\"}"})
    extra = sorted(set(body) - {"board", "args"})
    if extra:
        raise BadRequest({"error": f"unknown field {extra[0]!r} in the request"})
    board = body.get("board")
    if not isinstance(board, (dict, str)):
        raise BadRequest({"error": "\"board\" must be a JSON board (an object) or a board's "
                                   "text"})
    args = body.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        raise BadRequest({"error": "\"args\" must be a list of strings"})
    args = list(args)
    if "--time-limit" in args:
        i = args.index("--time-limit")
        try:
            t = float(args[i + 1])
        except (IndexError, ValueError):
            raise BadRequest({"error": "--time-limit needs a number of seconds"}) from None
        args[i + 1] = str(min(t, MAX_SECONDS)) if t == t else args[i + 1]
    else:
        args += ["--time-limit", str(MAX_SECONDS)]
    return board, args


def run(command: str, body: Any, human: bool = False) -> tuple[int, Any]:
    """(HTTP status, answer) for one request: the command's --json answer (or, with
    ``human``, ``{"text": ...}`` its answer for a person)."""
    from ..cli import build_parser, check_numbers
    from ..cli.output import UsageError, one_line
    from ..rules.model import BoardError

    try:
        board, args = _args(command, body)
        parser = build_parser()
        argv = [command, "-", *args] + ([] if human else ["--json"]) + ["--quiet"]
        if command == "draw" and "--json" in argv:
            argv.remove("--json")
        ns = parser.parse_args(argv)
        ns.board_data = board
        check_numbers(ns)
        import time

        ns.deadline_end = time.monotonic() + ns.time_limit
        out = io.StringIO()
        with _LOCK, redirect_stdout(out):
            ns.func(ns)
        text = out.getvalue()
        if command == "draw":
            return 200, {"svg": text}
        return 200, ({"text": text} if human else json.loads(text))
    except BadRequest as e:
        return e.status, e.payload
    except UsageError as e:
        return 400, {"error": one_line(e)}
    except BoardError as e:
        payload: dict[str, Any] = {"error": one_line(e)}
        for k in ("line", "column"):
            if getattr(e, k, None) is not None:
                payload[k] = getattr(e, k)
        return 400, payload
    except Exception as e:  # a bug: said, never a traceback to the page
        return 500, {"error": f"internal error: {type(e).__name__}: {e}"}


def create_app():
    """The Flask application."""
    from flask import Flask, Response, jsonify, request, send_from_directory

    app = Flask("mtgcombat", static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BYTES

    @app.get("/")
    def index():
        return send_from_directory(STATIC, "index.html")

    @app.get("/static/<path:name>")
    def static(name: str):
        return send_from_directory(STATIC, name)

    @app.get("/api/commands")
    def commands():
        return jsonify({"commands": list(COMMANDS), "languages": ["en", "de"]})

    def answer(command: str, human: bool):
        body = request.get_json(silent=True)
        if body is None:
            return jsonify({"error": "the request body must be JSON"}), 400
        status, payload = run(command, body, human)
        return jsonify(payload), status

    @app.post("/api/<command>")
    def api(command: str):
        return answer(command, False)

    @app.post("/api/text/<command>")
    def api_text(command: str):
        return answer(command, True)

    @app.errorhandler(413)
    def too_large(_e):
        return jsonify({"error": f"the request is larger than {MAX_BYTES // 1024} KB"}), 413

    @app.errorhandler(404)
    def not_found(_e):
        return jsonify({"error": "not found"}), 404

    @app.after_request
    def headers(resp: Response) -> Response:
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Content-Security-Policy"] = (
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'")
        return resp

    return app


def start(host: str = "127.0.0.1", port: int = 8000):
    """Start the server in a background thread; returns (server, its URL). The tests and
    ``mtgcombat serve`` both use it."""
    from werkzeug.serving import make_server

    server = make_server(host, port, create_app(), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://{host}:{server.server_port}"


def serve(host: str = "127.0.0.1", port: int = 8000, quiet: bool = False) -> None:
    """Serve until interrupted."""
    import sys

    if quiet:
        import logging

        logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server, url = start(host, port)
    if not quiet:
        print(f"mtgcombat web lab on {url} (Ctrl-C to stop)", file=sys.stderr)
    try:
        threading.Event().wait()
    finally:
        server.shutdown()
