"""Write the shipped JSON Schemas: ``python -m scala40.schemas [DIRECTORY]`` (by default,
this package's own directory; a directory that does not exist is made). The same as
``scala40 schemas DIRECTORY``.

Its arguments are read as a command line's: ``--help`` prints the usage, and an argument
that looks like an option it does not know is refused (exit status 2) rather than taken
for a directory's name (``./--name`` or ``-- --name`` names such a directory).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from scala40.schemas import write_schemas

EXIT_USAGE = 2
"""The exit status of a usage error (an unknown option, a second directory)."""
EXIT_INTERRUPTED = 128 + signal.SIGINT
"""The exit status when Ctrl-C stopped the writing (130, as a shell reports it)."""
PROG = "python -m scala40.schemas"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on standard error."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"error: {message} (see '{PROG} --help')\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Write every JSON Schema the package ships into DIRECTORY, one file "
        "each, named after its $id, and print each file's path.",
    )
    parser.add_argument(
        "directory",
        nargs="?",
        metavar="DIRECTORY",
        help="where to write them (made, with its parents, if it does not exist; default: "
        "this package's own directory)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Write every schema into the directory given (or the package's); print each file;
    return the exit status. A directory that cannot be made or written to is one line on
    standard error, and exit status 1 (as is a reader that goes away); a usage error (an unknown option, more than one
    directory) exit status 2; ``--help`` prints the usage; Ctrl-C one line and 130.
    """
    try:
        return _write(argv)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        print("error: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (``python -m scala40.schemas DIR | head -1``): stop quietly,
        # standard output pointed at devnull so that the flush at exit can't fail again.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _write(argv: Sequence[str] | None) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exit_request:  # --help and usage errors
        code = exit_request.code
        return code if isinstance(code, int) else EXIT_USAGE
    default = Path(__file__).resolve().parent
    directory = Path(args.directory) if args.directory is not None else default
    try:
        written = write_schemas(directory)
    except OSError as error:
        reason = error.strerror or str(error)
        print(
            f"error: cannot write the schemas into {str(directory)!r}: {reason}", file=sys.stderr
        )
        return 1
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
