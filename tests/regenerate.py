"""What a change of format or of game play makes again, in one command:
``python -m tests.regenerate``.

A new state field, a new option or a new game changes what the library writes: the JSON
Schemas that ship with the package (``src/scala40/schemas/*.json``, made from the code by
:func:`scala40.schemas.write_schemas`), the digests of every game's play
(``tests/protocol/test_digests.py``, which a game without one plays twice instead) and
the type stub of each knock game's package (``__init__.pyi``, made from its declaration
by :func:`scala40.games._knock.stubs.package_stub`, then formatted as the code is). This
writes them from the code as it is, and prints what it wrote; ``git diff`` then shows
what the change changed, for its commit to say.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import scala40.schemas
from scala40.games._knock.stubs import write_stub
from scala40.schemas import write_schemas
from tests.protocol import test_digests
from tests.protocol.cases import knock_packages

__all__ = ["main"]


def main() -> None:
    """Write the shipped schemas, the knock packages' stubs and the digests."""
    folder = Path(scala40.schemas.__file__).parent
    written = write_schemas(folder)
    print(f"{len(written)} schemas written to {folder}")
    stubs = [str(write_stub(package)) for package in knock_packages()]
    # Formatted as `ruff format` formats the code (the check that holds a stub to its
    # package compares what the two declare, not their layout).
    subprocess.run([sys.executable, "-m", "ruff", "format", "--quiet", *stubs], check=True)
    print(f"{len(stubs)} knock package stubs written: {', '.join(stubs)}")
    digests = test_digests.taken()
    test_digests.write(digests)
    print(f"{len(digests)} digests written to {test_digests.__file__}")


if __name__ == "__main__":
    main()
