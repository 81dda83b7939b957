"""The ``scala40`` program: ``python -m scala40`` and the ``scala40`` command run
:func:`run`, which runs the command line (:func:`scala40.cli.main`).

Ctrl-C may come at any moment: while the command line loads (a third of a second), while
its arguments are read, while a command runs, writes its output or stops its worker
processes. Whenever it comes, the program ends with one line, ``error: interrupted``
(or the command's own words, such as ``simulate``'s games played so far), and exit
status 130, with no traceback. Only the first Ctrl-C interrupts: the program is then
ending, and a second one (pressed while it stops its workers or writes what it has) is
ignored rather than left to break the ending half way.
"""

from __future__ import annotations

import importlib
import signal
import sys
from types import FrameType
from typing import NoReturn

EXIT_INTERRUPTED = 128 + signal.SIGINT
"""The exit status when Ctrl-C ended the program (130, as a shell reports it; the same as
:data:`scala40.cli.EXIT_INTERRUPTED`)."""


def run() -> NoReturn:
    """Run the command line on the process's arguments and exit with its status (see the
    module)."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        # (Python's own handler: a program started with Ctrl-C ignored, in the
        # background, keeps ignoring it, as Python itself does.)
        signal.signal(signal.SIGINT, _interrupt_once)
    try:
        # Loaded here, not at the top, so that a Ctrl-C while it loads is answered as
        # any other (the command line loads every command's modules).
        cli = importlib.import_module("scala40.cli")
        code = cli.main()
    except KeyboardInterrupt:
        # Before the command line could answer it itself: while it loads, or reads its
        # arguments.
        print(file=sys.stderr)
        print("error: interrupted", file=sys.stderr)
        code = EXIT_INTERRUPTED
    # The command has ended: a Ctrl-C while the interpreter closes (its files, the
    # worker processes it joins) changes nothing, and must not print a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(code)


def _interrupt_once(signum: int, frame: FrameType | None) -> None:
    """Raise :class:`KeyboardInterrupt` for the first Ctrl-C, and ignore the others."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


if __name__ == "__main__":
    run()
