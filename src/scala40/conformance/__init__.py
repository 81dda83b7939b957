"""Conformance: test vectors that another implementation of the library's games can run
against, and a runner that drives one over them.

The corpus (:mod:`scala40.conformance.corpus`) holds, for every game and preset,
deals from a given deck's order, positions from every phase with their legal moves in
the canonical order, near-miss moves with the rules that refuse them, melds with their
verdicts, values and readings, hands' ends with every seat's points and what the match
does after them, and perft counts. It ships with the package, made
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

import contextlib
import errno
import hashlib
import json
import os
import re
import stat
import tempfile
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
    "line_problem",
    "read_corpus",
    "read_corpus_directory",
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


def write_corpus(directory: str | Path, *, replace: bool = False) -> tuple[Path, ...]:
    """Make the corpus and write its files into ``directory`` (made if need be); return
    their paths.

    ``directory`` must be new or empty, unless ``replace``: then the corpus's own files
    in it are replaced, and nothing else in it is touched. Nothing is ever written
    through a symbolic link: a ``directory`` that is one is refused, as is one that
    holds a link (or anything but a file) where a corpus file goes; each file is
    created anew (with ``replace``, written aside and renamed over the old one, which
    replaces a link rather than following it).

    :raises InvalidArgumentError: ``directory`` is no path, or ``replace`` no bool.
    :raises InvalidValueError: ``directory`` is a symbolic link, is not empty (without
        ``replace``), or holds something other than a file where a corpus file goes.
    :raises SerializationError: a file cannot be written.
    """
    if not isinstance(directory, (str, Path)):
        raise InvalidArgumentError(f"directory must be a path, got {describe(directory)}")
    if not isinstance(replace, bool):
        raise InvalidArgumentError(f"replace must be True or False, got {describe(replace)}")
    target = Path(directory)
    where = shown(str(target))
    files = corpus_files()
    try:
        if target.is_symlink():
            raise InvalidValueError(
                f"{where} is a symbolic link: the corpus is written into a directory, "
                "never through a link"
            )
        target.mkdir(parents=True, exist_ok=True)
        with os.scandir(target) as listing:
            present = {entry.name: entry for entry in listing}
        if present and not replace:
            raise InvalidValueError(
                f"{where} is not empty ({len(present)} entries): give a new or empty "
                "directory, or replace the corpus's files in it (--replace)"
            )
        for name in files:
            entry = present.get(name)
            if entry is not None and (entry.is_symlink() or not entry.is_file()):
                kind = "a symbolic link" if entry.is_symlink() else "not a file"
                raise InvalidValueError(
                    f"{name} in {where} is {kind}: a corpus file is never written through "
                    "a link, nor over anything but a file"
                )
        return tuple(
            _write_new(target, name, text.encode("utf-8"), replace) for name, text in files.items()
        )
    except OSError as error:
        why = errno.errorcode.get(error.errno or 0, "") if error.errno else ""
        raise SerializationError(
            f"cannot write the corpus into {where}: {error.strerror or why or error}"
        ) from None


_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
"""A file created anew, never one that exists, never through a link (O_EXCL refuses an
existing name, a link included)."""


def _write_new(directory: Path, name: str, data: bytes, replace: bool) -> Path:
    path = directory / name
    if not replace:
        _write_all(os.open(path, _NEW_FILE | getattr(os, "O_BINARY", 0), 0o644), data)
        return path
    # Written aside under a name of its own, then renamed over the old file: a rename
    # replaces a link at ``path`` itself, never the file it points to.
    handle, aside = tempfile.mkstemp(dir=directory, prefix=f".{name}.", suffix=".tmp")
    try:
        _write_all(handle, data)
        os.chmod(aside, 0o644)
        os.replace(aside, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(aside)
        raise
    return path


def _write_all(handle: int, data: bytes) -> None:
    with os.fdopen(handle, "wb") as file:
        file.write(data)


def shipped_corpus() -> dict[str, str]:
    """The corpus that ships with the package (``scala40/conformance/data``), each file's
    text by name."""
    data = resources.files("scala40.conformance") / "data"
    return {
        entry.name: entry.read_bytes().decode("utf-8")
        for entry in sorted(data.iterdir(), key=lambda entry: entry.name)
        if entry.name.endswith((".jsonl", ".json"))
    }


MAX_MANIFEST_BYTES = 1_000_000
"""The largest manifest read from a directory."""
MAX_CORPUS_FILE_BYTES = 64_000_000
"""The largest file of a corpus read from a directory (each shipped file is under 2 MB)."""
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
