"""Write the shipped JSON Schemas: ``python -m scala40.schemas [DIRECTORY]`` (by default,
this package's own directory; a directory that does not exist is made). The same as
``scala40 schemas DIRECTORY``."""

from __future__ import annotations

import sys
from pathlib import Path

from scala40.schemas import write_schemas


def main(argv: list[str]) -> int:
    """Write every schema into the directory given (or the package's); print each file.
    A directory that cannot be made or written to is one line on standard error, and
    exit code 1."""
    if len(argv) > 1:
        print("error: give at most one directory", file=sys.stderr)
        return 2
    directory = Path(argv[0]) if argv else Path(__file__).resolve().parent
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
