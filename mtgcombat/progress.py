"""A progress line on standard error, for every door that works for a while (the
command line's listings, counts and decisions, ``batch``): only on a terminal, never when
standard error is piped, with ``--json``/``--jsonl`` or ``--quiet``."""

from __future__ import annotations

import sys
from typing import Any


class Progress:
    """A progress line on standard error for work that takes over a second: only on a
    terminal, never with ``--json``, ``--jsonl`` or ``--quiet``. Redrawn every half
    second (at least once a second) until the work ends, then cleared."""

    #: Seconds between redraws.
    EVERY = 0.5

    def __init__(self, enabled: bool, what: str = "working", unit: str = "found") -> None:
        import time

        self.enabled = enabled and _stderr_is_terminal()
        self.what = what
        self.unit = unit
        self.count = 0
        self.start = time.monotonic()
        self.shown = False
        self.last = 0.0
        self._lock: Any = _NoLock()
        self._stop: Any = None
        if self.enabled:  # threading only for a terminal (a cold start doesn't pay for it)
            import threading

            self._lock = threading.Lock()
            self._stop = threading.Event()
            threading.Thread(target=self._run, daemon=True).start()

    def _run(self) -> None:
        while not self._stop.wait(self.EVERY):
            self.tick()

    def found(self, n: int = 1) -> None:
        self.count += n
        self.tick()

    def tick(self) -> None:
        import time

        with self._lock:
            if not self.enabled:
                return
            now = time.monotonic()
            if now - self.start < 1.0 or now - self.last < 0.25:
                return
            self.last = now
            msg = f"mtgcombat: {self.what}... {now - self.start:.1f} s"
            if self.count:
                msg += f", {self.count} {self.unit}"
            sys.stderr.write("\r" + msg + "\x1b[K")
            sys.stderr.flush()
            self.shown = True

    def done(self) -> None:
        if self._stop is not None:
            self._stop.set()
        with self._lock:
            if self.shown:
                sys.stderr.write("\r\x1b[K")
                sys.stderr.flush()
            self.enabled = False


class _NoLock:
    """The lock of a progress line that is never drawn (no thread to guard against)."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: Any) -> None:
        return None


def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False
