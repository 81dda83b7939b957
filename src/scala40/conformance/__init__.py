"""Conformance: test vectors that another implementation of the library's games can run
against, and a runner that drives one over them.

The corpus (:mod:`scala40.conformance.corpus`) holds, for every game and preset,
deals from a given deck's order, positions from every phase with their legal moves in
the canonical order, near-miss moves with the rules that refuse them, melds with their
verdicts, values and readings, hands' ends with every seat's points and what the match
does after them, and perft counts. The package carries its manifest
(:func:`shipped_manifest`: each file's SHA-256 and count of lines), not its data:
``scala40 corpus DIRECTORY`` makes it again from its seeds, checks each file against the
manifest and writes it (:func:`write_corpus`), byte for byte the corpus of this version.
The runner (:mod:`scala40.conformance.runner`, ``scala40 conformance --engine COMMAND``)
sends an engine one request a corpus line and reports each answer that differs; a
corpus that is not this version's (:func:`corpus_version_problem`) it judges only when
asked to.

>>> import json
>>> from scala40.conformance import shipped_manifest
>>> manifest = json.loads(shipped_manifest())
>>> sorted(manifest["files"])
['chinchon.jsonl', 'laconga.jsonl', 'rumino.jsonl', 'scala40.jsonl', 'skarney.jsonl']
>>> manifest["format"], manifest["format_version"]
('scala40.corpus', 1)
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from scala40.checks import describe, is_int
from scala40.conformance._text import bounded_json, printable, shown
from scala40.conformance.corpus import (
    CORPUS_FORMAT,
    CORPUS_FORMAT_VERSION,
    SECTIONS,
    corpus_lines,
    corpus_manifest,
    corpus_text,
)
from scala40.conformance.runner import Disagreement, EngineError, Report, run_engine
from scala40.directory import DirectoryWriter
from scala40.errors import InvalidArgumentError, InvalidValueError, SerializationError
from scala40.game import BUILTIN_GAMES

__all__ = [
    "CORPUS_FORMAT",
    "CORPUS_FORMAT_VERSION",
    "MANIFEST",
    "MAX_CORPUS_FILE_BYTES",
    "MAX_LINE_DEPTH",
    "MAX_MANIFEST_BYTES",
    "SECTIONS",
    "Disagreement",
    "EngineError",
    "Report",
    "corpus_files",
    "corpus_lines",
    "corpus_version_problem",
    "line_problem",
    "own_corpus",
    "read_corpus",
    "read_corpus_directory",
    "run_engine",
    "shipped_corpus",
    "shipped_manifest",
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


def shipped_manifest() -> str:
    """The manifest of the corpus this version of the library writes, as the package
    carries it (``scala40/conformance/manifest.json``): the corpus's data does not ship,
    the manifest names each file's SHA-256 and count of lines, which the corpus made
    again must have (:func:`own_corpus`), and which tells a corpus of this version from
    any other (:func:`corpus_version_problem`)."""
    return (resources.files(__name__) / MANIFEST).read_bytes().decode("utf-8")


def own_corpus(games: Sequence[str] = BUILTIN_GAMES) -> dict[str, str]:
    """This version's corpus, made anew (:func:`corpus_files`) for ``games`` (each of the
    built-in games by default), each file checked to be the one the shipped manifest
    lists (its SHA-256 and count of lines); its manifest is the shipped one, listing the
    files of ``games`` alone where they are not every game.

    :raises InvalidValueError: a game is not one of the built-in games.
    :raises SerializationError: a file made differs from the one the manifest lists (the
        package's files changed since it was built).
    """
    manifest = json.loads(shipped_manifest())
    listed = manifest["files"]
    names = [f"{game}.jsonl" for game in games]
    unknown = [name for name in names if name not in listed]
    if unknown:
        raise InvalidValueError(
            f"no corpus file of {', '.join(shown(name) for name in unknown)}: the corpus "
            f"holds {', '.join(sorted(listed))}"
        )
    files = {}
    for game, name in zip(games, names):
        text = corpus_text(game)
        data = text.encode("utf-8")
        entry = listed[name]
        if (
            hashlib.sha256(data).hexdigest() != entry["sha256"]
            or data.count(b"\n") != entry["lines"]
        ):
            raise SerializationError(
                f"{name} as this library makes it is not the file its shipped manifest "
                "lists: the package's files changed since it was built"
            )
        files[name] = text
    if sorted(names) == sorted(listed):
        return {**files, MANIFEST: shipped_manifest()}
    manifest["files"] = {name: listed[name] for name in names}
    return {**files, MANIFEST: json.dumps(manifest, indent=2, sort_keys=True) + "\n"}


def corpus_version_problem(files: Mapping[str, str]) -> str | None:
    """What makes a corpus's ``files`` (by name, its manifest among them, as
    :func:`read_corpus_directory` reads them) another corpus than the one this version of
    the library writes, in words, naming the version its manifest claims; ``None`` for
    this version's (its manifest the shipped one, :func:`shipped_manifest`, whose files'
    digests :func:`read_corpus` checks).

    >>> from scala40.conformance import corpus_version_problem, shipped_manifest
    >>> corpus_version_problem({"manifest.json": shipped_manifest()}) is None
    True
    >>> print(corpus_version_problem({"manifest.json": '{"library": "0.1.0", "files": {}}'}))
    its manifest claims scala40 0.1.0, and lists other files than this version's (scala40 ...)
    """
    given = files.get(MANIFEST)
    if given == shipped_manifest():
        return None
    try:
        claimed = bounded_json(given or "", MAX_LINE_DEPTH)
    except ValueError:
        claimed = None
    if not isinstance(claimed, dict):
        return "its manifest is no corpus's manifest"
    library = claimed.get("library")
    claims = f"scala40 {shown(library, 40)}" if isinstance(library, str) else "no version"
    own = json.loads(shipped_manifest())
    listed = claimed.get("files")
    version = f"this version's (scala40 {own['library']})"
    if not isinstance(listed, dict) or sorted(listed) != sorted(own["files"]):
        return f"its manifest claims {claims}, and lists other files than {version}"
    differ = sorted(name for name in own["files"] if listed[name] != own["files"][name])
    if differ:
        return (
            f"its manifest claims {claims}, but its {', '.join(differ)} "
            f"{'is' if len(differ) == 1 else 'are'} not {version}"
        )
    return f"its manifest claims {claims}, and is not {version} (its other fields differ)"


def write_corpus(directory: str | Path, *, replace: bool = False) -> tuple[Path, ...]:
    """Make this version's corpus (:func:`own_corpus`, each file checked against the
    shipped manifest) and write its files into ``directory`` (made, with its parents, if
    need be); return their paths.

    ``directory`` must be new or empty, unless ``replace``: then the corpus's own files
    in it are replaced, and nothing else in it is touched. The directory is opened once
    and every file written relative to it (:class:`~scala40.directory.DirectoryWriter`):
    a directory that is a symbolic link is refused, as is a link (or anything but a
    file) where a corpus file goes, and a directory swapped for a link while the corpus
    is written still gets it; each file is created anew (with ``replace``, written aside
    and renamed over the old one, which replaces a link put there since rather than
    following it).

    :raises InvalidArgumentError: ``directory`` is no path, or ``replace`` no bool.
    :raises InvalidValueError: ``directory`` is not empty (without ``replace``).
    :raises FileWriteError: ``directory`` is a symbolic link or not a directory, holds
        a link or something other than a file where a corpus file goes, or a file cannot
        be written.
    """
    if not isinstance(directory, (str, Path)):
        raise InvalidArgumentError(f"directory must be a path, got {describe(directory)}")
    if not isinstance(replace, bool):
        raise InvalidArgumentError(f"replace must be True or False, got {describe(replace)}")
    files = own_corpus()
    with DirectoryWriter.open(directory) as folder:
        present = folder.names()
        if present and not replace:
            raise InvalidValueError(
                f"{shown(str(directory))} is not empty ({len(present)} entries): give a new "
                "or empty directory, or replace the corpus's files in it (--replace)"
            )
        return tuple(folder.write_all(files, replace=replace))


def shipped_corpus() -> dict[str, str]:
    """This version's corpus, each file's text by name, made anew (:func:`own_corpus`).

    .. deprecated:: 0.6.0
       The corpus's data no longer ships with the package (its manifest does,
       :func:`shipped_manifest`): call :func:`own_corpus`, or read a corpus that
       ``scala40 corpus DIRECTORY`` wrote with :func:`read_corpus_directory`.
    """
    warnings.warn(
        "scala40.conformance.shipped_corpus() is deprecated: the corpus no longer ships "
        "with the package; call scala40.conformance.own_corpus() (made anew), or "
        "read_corpus_directory() on a corpus 'scala40 corpus DIRECTORY' wrote",
        DeprecationWarning,
        stacklevel=2,
    )
    return own_corpus()


MAX_MANIFEST_BYTES = 1_000_000
"""The largest manifest read from a directory."""
MAX_CORPUS_FILE_BYTES = 64_000_000
"""The largest file of a corpus read from a directory (each of this version's is under 2 MB)."""
MAX_LINE_DEPTH = 8
"""The deepest nesting of a corpus line read (a line of the corpus nests 3 levels)."""

_FILE_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}\.jsonl")
"""A corpus file's name: a plain name in the directory, never a path."""
_SHA256 = re.compile(r"[0-9a-f]{64}")


def read_corpus_directory(directory: str | Path) -> dict[str, str]:
    """The files of a corpus written into ``directory`` (``scala40 corpus``): its
    manifest and the files it lists, each text by name, for :func:`read_corpus` (which
    checks each against the manifest). No file the manifest does not list is read, and
    none past :data:`MAX_CORPUS_FILE_BYTES`.

    :raises InvalidArgumentError: ``directory`` is no path.
    :raises InvalidValueError: the manifest is not a corpus's, or a file it lists is not
        a file, is too large, or is not UTF-8.
    :raises SerializationError: a file cannot be read.
    """
    if not isinstance(directory, (str, Path)):
        raise InvalidArgumentError(f"directory must be a path, got {describe(directory)}")
    base = Path(directory)
    files = {MANIFEST: _read_bounded(base / MANIFEST, MAX_MANIFEST_BYTES)}
    for name in _manifest_files(files):
        files[name] = _read_bounded(base / name, MAX_CORPUS_FILE_BYTES)
    return files


def _read_bounded(path: Path, limit: int) -> str:
    # Non-blocking: opening a FIFO put where a file goes must not wait for a writer.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        with os.fdopen(os.open(path, flags), "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise InvalidValueError(f"{shown(path.name)} in the corpus is not a file")
            data = file.read(limit + 1)
    except OSError as error:
        raise SerializationError(
            f"cannot read {shown(str(path))}: {error.strerror or error}"
        ) from None
    if len(data) > limit:
        raise InvalidValueError(f"{path.name} is over {limit:,} bytes, more than a corpus file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidValueError(f"{path.name} is not UTF-8 text") from None


def _manifest_files(files: Mapping[str, str]) -> dict[str, tuple[str, int]]:
    """Each file the manifest lists, with its SHA-256 and its count of lines, checked to
    be a corpus's manifest of the format this library reads."""
    if MANIFEST not in files:
        raise InvalidValueError(f"a corpus needs its {MANIFEST}")
    try:
        manifest = bounded_json(files[MANIFEST], MAX_LINE_DEPTH)
    except ValueError as error:
        raise InvalidValueError(f"{MANIFEST} is not JSON: {error}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != CORPUS_FORMAT:
        raise InvalidValueError(f"{MANIFEST} is not a corpus's manifest")
    version = manifest.get("format_version")
    if version != CORPUS_FORMAT_VERSION:
        raise InvalidValueError(
            f"{MANIFEST} is of format version {shown(version)}; this library reads "
            f"version {CORPUS_FORMAT_VERSION}"
        )
    entries = manifest.get("files")
    if not isinstance(entries, dict) or not entries:
        raise InvalidValueError(f"{MANIFEST} lists no files")
    listed = {}
    for name, entry in entries.items():
        if not _FILE_NAME.fullmatch(name):
            raise InvalidValueError(
                f"{MANIFEST} lists {shown(name, 80)}, which is no corpus file's name "
                "(<game>.jsonl, in the corpus's directory)"
            )
        digest = entry.get("sha256") if isinstance(entry, dict) else None
        count = entry.get("lines") if isinstance(entry, dict) else None
        if not isinstance(digest, str) or not _SHA256.fullmatch(digest) or not is_int(count):
            raise InvalidValueError(f"{MANIFEST} gives {name} no SHA-256 and count of lines")
        listed[name] = (digest, count)
    return listed


def read_corpus(files: Mapping[str, str]) -> Iterator[dict[str, Any]]:
    """The lines of a corpus's files (the manifest's order of files), each a dictionary.
    Each file the manifest lists is checked first to be the one it lists (its SHA-256
    and its count of lines); a file it does not list is not read.

    :raises InvalidValueError: the files have no manifest, or one that is not a
        corpus's; a file it lists is missing or differs from its entry; or a line is not
        a JSON object of the corpus (each section's fields, of their types), or is
        nested deeper than :data:`MAX_LINE_DEPTH`.
    """
    listed = _manifest_files(files)
    for name, (digest, count) in listed.items():
        if name not in files:
            raise InvalidValueError(f"the manifest lists {name}, which is not there")
        data = files[name].encode("utf-8", "surrogatepass")
        if hashlib.sha256(data).hexdigest() != digest:
            raise InvalidValueError(
                f"{name} is not the file its manifest lists: its SHA-256 differs "
                "(changed since the corpus was written?)"
            )
        if data.count(b"\n") != count:
            raise InvalidValueError(f"{name} has not the {count:,} lines its manifest lists")
    for name in listed:
        for number, raw in enumerate(files[name].splitlines(), 1):
            try:
                line = bounded_json(raw, MAX_LINE_DEPTH)
            except ValueError as error:
                raise InvalidValueError(f"{name}, line {number}: not JSON ({error})") from None
            problem = line_problem(line)
            if problem is not None:
                raise InvalidValueError(f"{name}, line {number}: {problem}")
            yield line


def _is_texts(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _is_ints(value: object) -> bool:
    return isinstance(value, list) and all(is_int(item) for item in value)


def _is_verdict(value: object) -> bool:
    return value in ("meld", "ambiguous", "not a meld")


_KINDS: dict[str, tuple[Callable[[object], bool], str]] = {
    "text": (lambda value: isinstance(value, str), "no text"),
    "integer": (is_int, "no integer"),
    "texts": (_is_texts, "not a list of texts"),
    "integers": (_is_ints, "not a list of integers"),
    "verdict": (_is_verdict, "not one of meld, ambiguous, not a meld"),
    "bool": (lambda value: isinstance(value, bool), "neither true nor false"),
    "card or null": (lambda value: value is None or isinstance(value, str), "no card nor null"),
}
"""Each kind of field: its check, and what a value that fails it is, in words."""
_HEAD = {"id": "text", "game": "text", "preset": "text", "rules": "texts"}
_SECTION_FIELDS = {
    "moves": {"position": "text", "moves": "texts"},
    "refusal": {"position": "text", "move": "text", "reason": "text"},
    "meld": {"cards": "text", "verdict": "verdict"},
    "score": {"position": "text", "move": "text", "points": "integers"},
    "perft": {"position": "text", "depth": "integer", "count": "integer"},
    "match": {
        "position": "text",
        "move": "text",
        "totals": "integers",
        "out": "integers",
        "over": "bool",
        "winners": "integers",
    },
    "deal": {"players": "integer", "dealer": "integer", "deck": "text"},
}
"""The fields of a line that the runner reads, by section, each with its kind."""


def _dealt_problem(line: dict[str, Any]) -> str | None:
    """What a deal line lacks of what the deal gave (or of its refusal), in words."""
    dealt = (
        {"refused": "bool", "reason": "text"}
        if "refused" in line
        else {"hands": "texts", "stock": "text", "upcard": "card or null", "first": "integer"}
    )
    wrong = [name for name, kind in dealt.items() if not _KINDS[kind][0](line.get(name))]
    if not wrong:
        return None
    name = wrong[0]
    return f"its {name} is {_KINDS[dealt[name]][1]}: {printable(describe(line.get(name), 80))}"


def line_problem(line: object) -> str | None:
    """What makes ``line`` no line of the corpus (a field the runner reads missing or
    of another type), in words; ``None`` for a line of the corpus.

    >>> from scala40.conformance import line_problem
    >>> line_problem({"section": "perft", "id": "x", "game": "scala40", "preset": "official",
    ...               "rules": [], "position": "...", "depth": "3", "count": 7})
    "its depth is no integer: '3'"
    """
    if not isinstance(line, dict):
        return f"not a JSON object: {shown(line, 80)}"
    section = line.get("section")
    if section not in SECTIONS:
        return f"no section of the corpus: {shown(section, 80)}"
    for name, kind in {**_HEAD, **_SECTION_FIELDS[section]}.items():
        fits, words = _KINDS[kind]
        if not fits(line.get(name)):
            return f"its {name} is {words}: {printable(describe(line.get(name), 80))}"
    if section == "deal":
        problem = _dealt_problem(line)
        if problem is not None:
            return problem
    readings = line.get("readings", [])
    if section == "meld" and (
        not isinstance(readings, list)
        or not all(
            isinstance(item, dict)
            and isinstance(item.get("meld"), str)
            and ("value" not in item or is_int(item["value"]))
            for item in readings
        )
    ):
        return f"its readings are not a list of melds (and values): {shown(readings, 80)}"
    if not isinstance(line.get("ruleset", ""), str):
        return f"its ruleset is no text: {printable(describe(line.get('ruleset'), 80))}"
    return None
