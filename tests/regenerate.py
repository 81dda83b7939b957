"""What a change of format or of game play makes again, in one command:
``python -m tests.regenerate``.

A new state field, a new option or a new game changes what the library writes: the JSON
Schemas that ship with the package (``src/scala40/schemas/*.json``, made from the code by
:func:`scala40.schemas.write_schemas`) and with the server where it is installed (the
referee's requests and answers, whose payloads are the games':
``server/src/scala40_server/schemas/*.json``), the digests of every game's play
(``tests/protocol/test_digests.py``) and of its observation numbers
(``tests/adapters/test_observation_digests.py``; a game without digests plays twice
instead in both), and the conformance corpus: the manifest the package carries
(``src/scala40/conformance/manifest.json``) and the project's copy of the corpus
(``tests/corpus``, which the tests read). This writes them from the code as it is, and
prints what it wrote;
``git diff`` then shows what the change changed, for its commit to say.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from pathlib import Path
from typing import Any

import scala40.conformance
import scala40.schemas
from scala40.conformance import MANIFEST, corpus_files
from scala40.directory import DirectoryWriter
from scala40.schemas import write_schemas
from tests.adapters import test_observation_digests
from tests.protocol import test_digests

__all__ = ["main"]


def main() -> None:
    """Write the shipped schemas and the digests of play and of observations."""
    folder = Path(scala40.schemas.__file__).parent
    written = write_schemas(folder)
    print(f"{len(written)} schemas written to {folder}")
    if importlib.util.find_spec("scala40_server") is not None:
        _write_server_schemas()
    _write_corpus()
    for module in (test_digests, test_observation_digests):
        digests = module.taken()
        module.write(digests)
        print(f"{len(digests)} digests written to {module.__file__}")


CORPUS = Path(__file__).resolve().parent / "corpus"
"""The project's copy of the corpus, which the tests read (the package carries only its
manifest)."""


def _write_corpus() -> None:
    """Make the corpus anew and write its manifest into the package, and every file into
    the project's copy (``scala40 corpus`` then writes the same, checked against it)."""
    files = corpus_files()
    with DirectoryWriter.open(Path(scala40.conformance.__file__).parent) as package:
        package.write(MANIFEST, files[MANIFEST])
    with DirectoryWriter.open(CORPUS) as folder:
        folder.write_all(files)
    print(f"the corpus's manifest written to the package, its {len(files)} files to {CORPUS}")


def _write_server_schemas() -> None:
    """Write the server's own schemas into its package, as its write_schemas writes them
    (it writes the rules' too, which ship with the rules alone)."""
    protocol: Any = importlib.import_module("scala40_server.protocol")
    folder = Path(protocol.__file__).parent / "schemas"
    for name in protocol.SCHEMAS:
        document = json.dumps(protocol.protocol_schema(name), indent=2, ensure_ascii=False)
        (folder / f"{name}.json").write_text(document + "\n", encoding="utf-8")
    print(f"{len(protocol.SCHEMAS)} schemas written to {folder}")


if __name__ == "__main__":
    main()
