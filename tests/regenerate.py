"""What a change of format or of game play makes again, in one command:
``python -m tests.regenerate``.

A new state field, a new option or a new game changes what the library writes: the JSON
Schemas that ship with the package (``src/scala40/schemas/*.json``, made from the code by
:func:`scala40.schemas.write_schemas`), the digests of every game's play
(``tests/protocol/test_digests.py``) and of its observation numbers
(``tests/adapters/test_observation_digests.py``; a game without digests plays twice
instead in both). This writes them from the code as it is, and prints what it wrote;
``git diff`` then shows what the change changed, for its commit to say.
"""

from __future__ import annotations

from pathlib import Path

import scala40.schemas
from scala40.schemas import write_schemas
from tests.adapters import test_observation_digests
from tests.protocol import test_digests

__all__ = ["main"]


def main() -> None:
    """Write the shipped schemas and the digests of play and of observations."""
    folder = Path(scala40.schemas.__file__).parent
    written = write_schemas(folder)
    print(f"{len(written)} schemas written to {folder}")
    for module in (test_digests, test_observation_digests):
        digests = module.taken()
        module.write(digests)
        print(f"{len(digests)} digests written to {module.__file__}")


if __name__ == "__main__":
    main()
