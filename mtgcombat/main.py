"""The ``mtgcombat`` program: picks the door a command line goes through.

``mtgcombat serve`` is the web lab (:mod:`mtgcombat.web`), ``mtgcombat batch`` the
engines' pipe (:mod:`mtgcombat.batch`); every other command is the command line's
(:mod:`mtgcombat.cli`: the questions of :mod:`mtgcombat.ask`, and ``corpus``). The
doors never import one another: only this module knows all three.
"""

from __future__ import annotations

import os
import sys
from typing import Optional, Sequence

#: The commands of the two doors besides the command line.
OTHER_DOORS = ("serve", "batch")


def build_parser():
    """The whole program's parser (``mtgcombat --help``): every door's commands."""
    from . import batch, cli, web

    p, sub = cli.top_parser()
    cli.add_commands(sub)
    web.add_command(sub)
    batch.add_command(sub)
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    started = None
    if argv is None:  # the program itself: a time limit counts from the process's start
        from .solver.base import process_started

        started = process_started()
    argv = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in argv if not a.startswith("-")), None)
    if command not in OTHER_DOORS and not (argv and argv[0] in ("-h", "--help")):
        from .cli import main as command_line

        code = command_line(argv, started)
        if started is not None:
            leave(code)
        return code
    from .cli.output import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_INTERRUPTED, one_line
    from .options import OptionError
    from .rules.model import BoardError

    try:
        ns = build_parser().parse_args(argv)
        if ns.command == "serve":
            from .web import main as door
        elif ns.command == "batch":
            from .batch import main as door  # type: ignore[assignment]
        else:
            from .cli import main as command_line

            return command_line(argv, started)
        return door(ns)
    except (OptionError, BoardError) as e:
        print("mtgcombat: error: " + one_line(e), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("mtgcombat: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as e:  # a bug: one line, never a traceback
        if os.environ.get("MTGCOMBAT_DEBUG"):
            raise
        print(f"mtgcombat: internal error: {type(e).__name__}: {one_line(e)} "
              "(set MTGCOMBAT_DEBUG=1 for details; please report it)", file=sys.stderr)
        return EXIT_FAILED


def leave(code: int) -> None:
    """End the program once its answer is written, without tearing the interpreter down:
    freeing every object of a 160 v 160 problem took 0.2-0.3 s of the half second a time
    limit allows after it on a loaded machine, and about 14 ms of a small board's cold
    ``check`` (issues 24, 25.6). Only the command line's questions end so (``serve``
    and ``batch`` end as usual); nothing is left to do at exit but flushing, and keeping
    the dataclass methods compiled for the first time (:mod:`mtgcombat.classcode`: the
    exit handlers that would do it are skipped)."""
    status = code
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:  # `mtgcombat attacks BOARD | head`: the reader is gone
            pass
        except (OSError, ValueError) as e:
            if stream is sys.stdout:
                try:
                    sys.stderr.write(f"mtgcombat: error: cannot write the answer: {e}\n")
                    sys.stderr.flush()
                except (OSError, ValueError):
                    pass
                status = 1
    from . import classcode

    classcode.save()
    os._exit(status)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
