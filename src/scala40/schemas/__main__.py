"""Write the shipped JSON Schemas: ``python -m scala40.schemas [DIRECTORY]`` (by default,
this package's own directory)."""

from __future__ import annotations

import sys
from pathlib import Path

from scala40.schemas import write_schemas


def main(argv: list[str]) -> int:
    """Write every schema into the directory given (or the package's); print each file."""
    directory = Path(argv[0]) if argv else Path(__file__).resolve().parent
    for path in write_schemas(directory):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
