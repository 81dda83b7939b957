"""Conformance: test vectors that another implementation of the library's games can run
against, and a runner that drives one over them.

The corpus (:mod:`scala40.conformance.corpus`) holds, for every game and preset,
positions from every phase with their legal moves in the canonical order, near-miss
moves with the rules that refuse them, melds with their verdicts, values and readings,
hands' ends with every seat's points, and perft counts. It ships with the package, made
by this version of the library (:func:`shipped_corpus`), and ``scala40 corpus DIRECTORY``
makes it again, byte for byte (:func:`write_corpus`). The runner
(:mod:`scala40.conformance.runner`, ``scala40 conformance --engine COMMAND``) sends an
engine one request a corpus line and reports each answer that differs.

>>> from scala40.conformance import corpus_files, shipped_corpus
>>> files = shipped_corpus()
>>> sorted(files)
['chinchon.jsonl', 'laconga.jsonl', 'manifest.json', 'rumino.jsonl', 'scala40.jsonl', 'skarney.jsonl']
>>> import json
>>> manifest = json.loads(files["manifest.json"])
>>> manifest["format"], manifest["format_version"]
('scala40.corpus', 1)
"""

from __future__ import annotations

import errno
import json
from collections.abc import Iterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from scala40._checks import describe
from scala40.conformance.corpus import (
    CORPUS_FORMAT,
    CORPUS_FORMAT_VERSION,
    SECTIONS,
    corpus_lines,
    corpus_manifest,
    corpus_text,
)
from scala40.conformance.runner import Disagreement, EngineError, Report, run_engine
from scala40.errors import InvalidArgumentError, InvalidValueError, SerializationError
from scala40.game import BUILTIN_GAMES

__all__ = [
    "CORPUS_FORMAT",
    "CORPUS_FORMAT_VERSION",
    "MANIFEST",
    "SECTIONS",
    "Disagreement",
    "EngineError",
    "Report",
    "corpus_files",
    "corpus_lines",
    "read_corpus",
    "run_engine",
    "shipped_corpus",
    "write_corpus",
]

MANIFEST = "manifest.json"
"""The name of the corpus's manifest file."""


def corpus_files(games: Sequence[str] = BUILTIN_GAMES) -> dict[str, str]:
    """The corpus made anew: each game's file (``<game>.jsonl``) and the manifest, by
    name."""
    files = {f"{name}.jsonl": corpus_text(name) for name in games}
    manifest = json.dumps(corpus_manifest(files), indent=2, sort_keys=True) + "\n"
    return {**files, MANIFEST: manifest}


def write_corpus(directory: str | Path) -> tuple[Path, ...]:
    """Make the corpus and write its files into ``directory`` (made if need be); return
    their paths.

    :raises InvalidArgumentError: ``directory`` is no path.
    :raises SerializationError: a file cannot be written.
    """
    if not isinstance(directory, (str, Path)):
        raise InvalidArgumentError(f"directory must be a path, got {describe(directory)}")
    target = Path(directory)
    written = []
    try:
        target.mkdir(parents=True, exist_ok=True)
        for name, text in corpus_files().items():
            path = target / name
            path.write_bytes(text.encode("utf-8"))
            written.append(path)
    except OSError as error:
        why = errno.errorcode.get(error.errno or 0, "") if error.errno else ""
        raise SerializationError(
            f"cannot write the corpus into {str(target)!r}: {error.strerror or why or error}"
        ) from None
    return tuple(written)


def shipped_corpus() -> dict[str, str]:
    """The corpus that ships with the package (``scala40/conformance/data``), each file's
    text by name."""
    data = resources.files("scala40.conformance") / "data"
    return {
        entry.name: entry.read_bytes().decode("utf-8")
        for entry in sorted(data.iterdir(), key=lambda entry: entry.name)
        if entry.name.endswith((".jsonl", ".json"))
    }


def read_corpus(files: Mapping[str, str]) -> Iterator[dict[str, Any]]:
    """The lines of a corpus's files (the manifest's order of files), each a dictionary.

    :raises InvalidValueError: the files have no manifest, or a line is not a JSON object
        of the corpus.
    """
    if MANIFEST not in files:
        raise InvalidValueError(f"a corpus needs its {MANIFEST}")
    try:
        manifest = json.loads(files[MANIFEST])
        names = list(manifest["files"])
    except (ValueError, KeyError, TypeError):
        raise InvalidValueError(f"{MANIFEST} is not a corpus's manifest") from None
    for name in names:
        if name not in files:
            raise InvalidValueError(f"the manifest names {name!r}, which is not there")
        for number, raw in enumerate(files[name].splitlines(), 1):
            try:
                line = json.loads(raw)
            except ValueError:
                raise InvalidValueError(f"{name}, line {number}: not JSON") from None
            if not isinstance(line, dict) or line.get("section") not in SECTIONS:
                raise InvalidValueError(f"{name}, line {number}: not a line of the corpus")
            yield line
