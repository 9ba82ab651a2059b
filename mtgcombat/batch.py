"""``mtgcombat batch``: the door engines talk through -- one JSON request a line, one
JSON answer a line, in input order (docs/engines.md).

A request is ``{"ask": "check", "board": {...}, "args": ["--blocks", "{}"]}``: ``ask``
is a question of the registry (:data:`mtgcombat.ask.QUESTIONS`), ``board`` a JSON
board (an object) or a board's text, ``args`` the question's own options (the
allow-list of :mod:`mtgcombat.options`: nothing that names a file, an output, a
backend or the card database). Its answer is exactly the question's ``--json``
answer (:func:`mtgcombat.ask.ask_request`); a bad request is answered
``{"error": "..."}`` on its line, and the batch goes on. Every input line is answered,
a blank one too (with an error), so answer N is always the answer to line N.

Reading standard input, each line is answered as soon as it and every line before it
are answered, and flushed: an engine may hold one process open, write a request and
read its answer before writing the next. A file is answered on every core (a local
pool, ``--jobs``) or on a Dask cluster (``--dask``), requests travelling in chunks.
Workers die with the batch; an interruption (Ctrl-C, SIGTERM) ends it after the last
whole line, with no traceback.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any, Iterable, Iterator, Optional, Union

from .ask import BadInput, ask_request, dumps, error_json, parse_request
from .rules.reasons import reason

__all__ = ["answer", "answer_line", "answer_chunk", "run", "add_command", "main"]

#: Requests sent to a worker at once (files; standard input goes one at a time).
CHUNK = 16
#: Seconds to wait for a Dask scheduler before saying it can't be reached.
DASK_TIMEOUT = 5.0

_CARDS: dict[str, Any] = {}


def _cards() -> Any:
    """The card database of ``$MTGCOMBAT_CARDS`` (``batch --cards`` sets it), opened once
    per process."""
    path = os.environ.get("MTGCOMBAT_CARDS")
    if not path:
        return None
    if path not in _CARDS:
        from .cards import open_database

        _CARDS[path] = open_database(path)
    return _CARDS[path]


def answer(request: Any) -> dict:
    """The ``--json`` answer to one request (a parsed object, or a JSON line), or
    ``{"error": ...}``."""
    try:
        if isinstance(request, (str, bytes)):
            if not (request.strip() if isinstance(request, str) else request.strip()):
                return {"error": "a blank line: no request"}
            request = parse_request(request)
        return ask_request(request, cards=_cards()).json()
    except BadInput as e:
        return error_json(e)
    except RecursionError:
        return {"error": "the request is nested too deeply"}
    except Exception as e:  # a bug: answered on its line, the batch goes on
        return {"error": f"internal error: {type(e).__name__}: "
                         + " ".join(str(e).split())[:300]}


def answer_line(line: Union[str, bytes]) -> str:
    """One request line answered, as one JSON line (without its newline)."""
    return dumps(answer(line))


def answer_chunk(lines: list[str]) -> list[str]:
    """Answers to a chunk of request lines (what a worker runs)."""
    return [answer_line(line) for line in lines]


def _chunks(lines: Iterable[str], size: int) -> Iterator[list[str]]:
    chunk: list[str] = []
    for line in lines:
        chunk.append(line)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _worker_start() -> None:
    """A worker ignores Ctrl-C (the batch handles it and ends the pool) and dies with the
    batch (Linux: PR_SET_PDEATHSIG)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the pool still ends its workers
        pass


def run(lines: Iterable[str], jobs: Optional[int] = None, dask: Optional[str] = None,
        chunk: int = CHUNK) -> Iterator[str]:
    """The answer lines to request lines, in input order. ``chunk`` 1 answers each line
    as soon as it is read (standard input)."""
    requests = (line.rstrip(b"\r\n" if isinstance(line, bytes) else "\r\n")
                for line in lines)
    if dask:
        yield from _run_dask(requests, dask, chunk)
        return
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1:
        for line in requests:
            yield answer_line(line)
        return
    import multiprocessing

    ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    pool = ctx.Pool(jobs, initializer=_worker_start)
    try:
        if chunk <= 1:
            yield from pool.imap(answer_line, requests, chunksize=1)
        else:
            for answers in pool.imap(answer_chunk, _chunks(requests, chunk)):
                yield from answers
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _run_dask(requests: Iterable[str], address: str, chunk: int) -> Iterator[str]:
    """On a Dask distributed cluster: chunks are submitted ahead (a bounded window), and
    their answers gathered in order."""
    from .options import OptionError

    try:
        from distributed import Client
    except ImportError:
        raise OptionError(reason("error.dask_extra")) from None
    from collections import deque

    if "://" not in address and ":" not in address:
        raise OptionError(reason("error.dask_address", address=address[:60]))
    try:
        client = Client(address, timeout=f"{DASK_TIMEOUT}s")
    except (OSError, TimeoutError, ValueError, TypeError) as e:
        raise OptionError(reason("error.dask_unreachable", address=address[:60],
                                 problem=" ".join(str(e).split())[:120])) from None
    with client:
        window: deque = deque()
        limit = max(4, 4 * sum(client.nthreads().values()))
        for c in _chunks(requests, chunk):
            window.append(client.submit(answer_chunk, c, pure=False))
            if len(window) >= limit:
                yield from window.popleft().result()
        while window:
            yield from window.popleft().result()


# -- the command ---------------------------------------------------------------------------


def add_command(sub: Any) -> None:
    """``mtgcombat batch`` as a subparser of ``sub``."""
    from .options import OPTIONS, Door, add_option

    bt = sub.add_parser(
        "batch", help="many questions from JSON Lines: an engine's pipe, every core, or a "
        "Dask cluster",
        description="One JSON request a line, {\"ask\": \"check\", \"board\": {...}, "
        "\"args\": [\"--blocks\", \"{}\"]}; one JSON answer a line (the question's --json "
        "answer), in the same order, every line answered. Reading standard input, each "
        "answer is written and flushed as soon as it and every one before it is ready: an "
        "engine may keep the process open and ask as it plays (docs/engines.md). A bad "
        "request is answered {\"error\": \"...\"} and the batch goes on.",
        epilog="examples:\n  mtgcombat batch requests.jsonl > answers.jsonl\n"
               "  mtgcombat batch - --jobs 4 < requests.jsonl\n"
               "  mtgcombat batch requests.jsonl --dask tcp://10.0.0.5:8786",
        formatter_class=_formatter())
    bt.add_argument("input", nargs="?", default="-", metavar="FILE.jsonl",
                    help="the requests (default: standard input)")
    bt.add_argument("--jobs", type=int, default=None, metavar="N",
                    help="processes to answer with (default: every core)")
    bt.add_argument("--dask", metavar="ADDRESS", default=None,
                    help="answer on a Dask distributed cluster (scheduler address; "
                         "pip install 'mtgcombat[dask]')")
    add_option(bt, OPTIONS["cards"], Door.COMMAND_LINE)
    add_option(bt, OPTIONS["quiet"], Door.COMMAND_LINE)
    add_lang(bt)


def add_lang(parser: Any) -> None:
    """``--lang`` of a door's own command (``batch``, ``serve``): the language of what it
    says on standard error; each request's answer is in the request's own ``--lang``."""
    from .text import languages

    parser.add_argument("--lang", choices=languages(), default="en", metavar="{en,de}",
                        help="language of the command's own words on standard error (the "
                             "card database's warnings; default: en); a request's answer "
                             "is in the request's --lang")


def card_warnings(cards: Any, lang: str) -> list[str]:
    """The card database's notes (its index kept in memory, a shared name), one line each
    in ``lang`` (``warning: ...``), rendered from their codes."""
    from .text import Writer

    w = Writer(lang or "en")
    return [w.t("warning.line", text=w(note)) for note in cards.notes]


def _formatter() -> Any:
    import argparse

    return argparse.RawDescriptionHelpFormatter


class _Stop(Exception):
    """SIGTERM: end after the last whole line."""


#: Whether an answer line is being written, and the signal that came meanwhile (an
#: interruption waits until the line is whole: a flag, not a signal mask -- two system
#: calls a line were a fifth of what ``batch`` adds to a small answer, issue 22).
_writing = False
_pending: Optional[int] = None


def _on_signal(signum: int, frame: Any) -> None:
    """SIGTERM ends the batch (:class:`_Stop`), Ctrl-C too (KeyboardInterrupt) -- at
    once, or after the answer line being written."""
    global _pending
    if _writing:
        _pending = signum
        return
    _raise(signum)


def _raise(signum: int) -> None:
    if signum == signal.SIGINT:
        raise KeyboardInterrupt()
    raise _Stop()


def main(ns: Any) -> int:
    """Run ``mtgcombat batch`` with its parsed arguments; returns the exit status."""
    from .options import OptionError

    if ns.jobs is not None and ns.jobs < 1:
        raise OptionError(reason("error.at_least_one", flag="--jobs"), command="batch")
    if ns.cards:
        os.environ["MTGCOMBAT_CARDS"] = ns.cards
    held = None  # standard input, a pipe or a terminal: held open by an engine
    if ns.input == "-":
        lines: Any = _stdin_lines()
        chunk = 1  # answer each line as soon as it is read
        fd = _stdin_fd()
        if fd is not None and _regular(fd):  # ``< requests.jsonl``: as a file
            chunk = CHUNK
        elif fd is not None and not ns.dask:
            held = fd
    else:
        try:
            lines = open(ns.input, encoding="utf-8", errors="surrogateescape")
        except OSError as e:
            raise OptionError(reason("error.cannot_read", path=ns.input,
                                     problem=str(e.strerror or e))) from None
        chunk = CHUNK
    cards = _cards()  # a bad card file is one line before anything is answered
    if cards is not None and not ns.quiet:  # its index in memory: said once, on stderr
        for line in card_warnings(cards, getattr(ns, "lang", "en")):
            print(line, file=sys.stderr)
    from .progress import Progress

    import gc

    # What is loaded now lives as long as the batch: out of the collector's sight (its
    # collections, and a worker's, then walk only what the requests make).
    gc.collect()
    gc.freeze()

    old = signal.signal(signal.SIGTERM, _on_signal)
    old_int = signal.signal(signal.SIGINT, _on_signal)
    prog = Progress(not ns.quiet, "answering", "answered")
    answers: Any = run(lines, ns.jobs, ns.dask, chunk) if held is None else \
        held_open(held, ns.jobs)
    try:
        for line in answers:
            _write(line)
            prog.found()
    except _Stop:
        return 143
    finally:
        answers.close()  # its workers end now
        prog.done()
        signal.signal(signal.SIGTERM, old)
        signal.signal(signal.SIGINT, old_int)
        lines.close()
    return 0


def _stdin_fd() -> Optional[int]:
    """Standard input's file descriptor (None: a stand-in that is not a file)."""
    try:
        return sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return None


def _regular(fd: int) -> bool:
    """Whether ``fd`` is a regular file (all its lines are there: read like a file)."""
    import stat

    try:
        return stat.S_ISREG(os.fstat(fd).st_mode)
    except OSError:
        return False


class _Lines:
    """Lines split from the bytes read (without their newline): no text layer -- a
    request's bytes are decoded as UTF-8 when it is parsed, a line that isn't UTF-8 is
    answered with an error."""

    __slots__ = ("parts", "ready")

    def __init__(self) -> None:
        self.parts: list[bytes] = []  # the line begun, not ended yet
        self.ready: list[bytes] = []  # whole lines read, not taken yet

    def feed(self, data: bytes) -> None:
        """Bytes read (``b""``: the end; a last line without its newline is a line)."""
        if not data:
            if self.parts:
                self.ready.append(b"".join(self.parts))
                self.parts = []
            return
        i = data.find(b"\n")
        if i < 0:
            self.parts.append(data)
            return
        self.parts.append(data[:i])
        self.ready.append(b"".join(self.parts))
        self.parts = []
        start = i + 1
        j = data.find(b"\n", start)
        while j >= 0:
            self.ready.append(data[start:j])
            start, j = j + 1, data.find(b"\n", j + 1)
        if start < len(data):
            self.parts.append(data[start:])

    def take(self) -> list[bytes]:
        out, self.ready = self.ready, []
        return out


def _stdin_lines() -> Iterator[Any]:
    """Standard input's lines (bytes, without their newline; text from a stand-in that
    is not a file) as they arrive: read as the system gives them."""
    fd = _stdin_fd()
    if fd is None:  # not a file (a test's stand-in)
        for line in sys.stdin:
            yield line
        return
    lines = _Lines()
    while True:
        data = os.read(fd, 1 << 16)
        lines.feed(data)
        yield from lines.take()
        if not data:
            return


def held_open(fd: int, jobs: Optional[int] = None) -> Iterator[str]:
    """The answer lines to the request lines read from ``fd`` (a pipe an engine holds
    open), in order, each as soon as it and every line before it is answered.

    A line that comes alone -- nothing read after it, no answer outstanding: an engine
    waiting for its answer -- is answered in this process (a hand-off to a worker and
    back would cost more than a small question, issue 22). Lines written ahead of their
    answers go to the workers (``jobs`` processes, default every core) one by one, and
    come back in order. A line that comes while a worker still answers one before it
    goes to the workers too, so that the answers stay in order."""
    import select

    jobs = jobs or os.cpu_count() or 1
    pool = None
    if jobs > 1:
        import multiprocessing

        ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        pool = ctx.Pool(jobs, initializer=_worker_start)
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    lines = _Lines()
    done: dict[int, str] = {}  # the workers' answers, by line number (dict: thread-safe)
    sent = written = 0  # lines given to the workers; answers of theirs written
    ended = False

    def back(i: int) -> Any:
        def answered(a: Any) -> None:  # in the pool's result thread
            done[i] = a if isinstance(a, str) else dumps(
                {"error": f"internal error: {type(a).__name__}"})
            try:
                os.write(wake_w, b"!")
            except OSError:  # full (a wake is waiting already) or closed (the end)
                pass
        return answered

    try:
        while True:
            while written in done:
                yield done.pop(written)
                written += 1
            todo = lines.take()
            if len(todo) == 1 and sent == written and (pool is None or not lines.parts):
                yield answer_line(todo[0])
                continue
            for line in todo:
                if pool is None:
                    yield answer_line(line)
                else:
                    f = back(sent)
                    pool.apply_async(answer_line, (line,), callback=f, error_callback=f)
                    sent += 1
            if ended and sent == written:
                return
            if sent == written:  # no answer to wait for: just the next line
                ready = [fd]
            else:
                ready = select.select([wake_r] if ended else [fd, wake_r], [], [])[0]
            if wake_r in ready:
                os.read(wake_r, 1 << 16)
            if fd in ready:
                data = os.read(fd, 1 << 16)
                lines.feed(data)
                ended = not data
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
        os.close(wake_r)
        os.close(wake_w)


def _write(line: str) -> None:
    """One whole answer line, flushed; an interruption waits until it is written."""
    global _writing, _pending
    _writing = True
    try:
        out = getattr(sys.stdout, "buffer", None)
        if out is not None:  # bytes: one write, no text layer
            out.write((line + "\n").encode("utf-8"))
            out.flush()
        else:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
    finally:
        _writing = False
    if _pending is not None:
        signum, _pending = _pending, None
        _raise(signum)
