"""The conformance runner: drive another implementation (an *engine*, any program that
reads JSON lines on its standard input and answers one JSON line each on its standard
output) over the corpus, and report every answer that differs from the library's, with
its position, the two answers and the IDs of the rules at stake.

The protocol: for each corpus line, the runner sends one request, an object with the
line's ``id``, ``game``, ``preset`` and an ``op``:

* ``{"op": "moves", "position": TEXT}``: answer ``{"moves": [TEXT, ...]}``, the
  position's legal moves as the library writes them (any order: the runner sorts them);
* ``{"op": "judge", "position": TEXT, "move": TEXT}``: answer ``{"legal": BOOL}``;
* ``{"op": "meld", "cards": TEXT}``: the cards taken as a set, in any order; answer
  ``{"verdict": "meld" | "ambiguous" | "not a meld"}`` (one reading, several, none), with,
  where it likes, ``"readings": [{"meld": TEXT, "value": INT}, ...]``, every meld the
  cards make as the library writes it, compared in any order;
* ``{"op": "score", "position": TEXT, "move": TEXT}``: the move ends a hand; answer
  ``{"points": [INT, ...]}``, what the hand scored for each seat;
* ``{"op": "perft", "position": TEXT, "depth": INT}``: answer ``{"count": INT}``.

An engine answers ``{"skip": true}`` to a request it does not handle (counted, not a
disagreement). Each answer must come within the runner's ``timeout`` and be at most
:data:`MAX_ANSWER_BYTES` long; an engine that answers late, too long, not JSON, or exits,
is reported and the run stops.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import subprocess
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import IO, Any

import attrs

from scala40._checks import describe
from scala40.errors import InvalidArgumentError, InvalidValueError, Scala40Error

__all__ = [
    "MAX_ANSWER_BYTES",
    "Disagreement",
    "EngineError",
    "Report",
    "request_for",
    "run_engine",
]

MAX_ANSWER_BYTES = 1_000_000
"""The longest answer line read from an engine (far more than any position's moves)."""


class EngineError(Scala40Error, RuntimeError):
    """The engine could not be run or stopped answering by the protocol (it exited, sent
    no line within the timeout, or sent one that is too long or not a JSON object)."""


@attrs.frozen
class Disagreement:
    """One corpus line where the engine's answer differs from the library's."""

    id: str
    """The corpus line's ``id``."""
    section: str
    rules: tuple[str, ...]
    """The IDs of the rules at stake."""
    subject: str
    """What was asked: the position and move, or the cards."""
    expected: str
    """The library's answer, in words."""
    got: str
    """The engine's answer, in words."""

    def text(self) -> str:
        """The disagreement as the command line prints it."""
        rules = f" ({', '.join(self.rules)})" if self.rules else ""
        return (
            f"{self.id}{rules}\n  {self.subject}\n  expected: {self.expected}\n"
            f"  got:      {self.got}"
        )


@attrs.frozen
class Report:
    """What a run found: per section, the lines agreed, disagreed and skipped, and each
    disagreement."""

    agreed: Mapping[str, int]
    skipped: Mapping[str, int]
    disagreements: tuple[Disagreement, ...]

    @property
    def passed(self) -> bool:
        """Whether no answer differed from the library's."""
        return not self.disagreements

    def summary(self) -> list[str]:
        """One line a section: agreed, disagreed, skipped."""
        lines = []
        for section in self.agreed:
            wrong = sum(1 for item in self.disagreements if item.section == section)
            lines.append(
                f"{section}: {self.agreed[section]} agreed, {wrong} disagreed, "
                f"{self.skipped[section]} skipped"
            )
        return lines


_OPS = {"moves": "moves", "refusal": "judge", "meld": "meld", "score": "score", "perft": "perft"}
_FIELDS = {
    "moves": ("position",),
    "refusal": ("position", "move"),
    "meld": ("cards",),
    "score": ("position", "move"),
    "perft": ("position", "depth"),
}


def request_for(line: Mapping[str, Any]) -> dict[str, Any]:
    """The request the runner sends an engine for a corpus line.

    >>> from scala40.conformance.runner import request_for
    >>> line = {"id": "x/1", "section": "meld", "game": "scala40", "preset": "official",
    ...         "cards": "JK 9C 8C", "verdict": "meld", "value": 27}
    >>> request_for(line)
    {'op': 'meld', 'id': 'x/1', 'game': 'scala40', 'preset': 'official', 'cards': 'JK 9C 8C'}
    """
    section = line["section"]
    request = {"op": _OPS[section], "id": line["id"], "game": line["game"]}
    request["preset"] = line["preset"]
    for name in _FIELDS[section]:
        request[name] = line[name]
    return request


def _subject(line: Mapping[str, Any]) -> str:
    if line["section"] == "meld":
        return f"cards: {line['cards']}"
    subject = f"position: {line['position']}"
    if "move" in line:
        subject += f"\n  move: {line['move']}"
    if "depth" in line:
        subject += f"\n  depth: {line['depth']}"
    return subject


def _judged(line: Mapping[str, Any], answer: Mapping[str, Any]) -> tuple[str, str] | None:
    """The library's answer and the engine's, in words, where they differ; else None."""
    section = line["section"]
    if section == "moves":
        got = answer.get("moves")
        if not isinstance(got, list) or not all(isinstance(move, str) for move in got):
            return "a list of moves", f"no list of moves: {describe(got)}"
        expected = line["moves"]
        mine, theirs = set(expected), set(got)
        if sorted(got) == expected:
            return None
        missing = [move for move in expected if move not in theirs]
        extra = sorted(move for move in theirs if move not in mine)
        twice = len(got) != len(theirs)
        return (
            f"{len(expected)} moves",
            f"{len(got)} moves; missing {missing or 'none'}; not legal {extra or 'none'}"
            + ("; some listed twice" if twice else ""),
        )
    if section == "refusal":
        if answer.get("legal") is False:
            return None
        return f"illegal: {line['reason']}", f"legal: {describe(answer.get('legal'))}"
    if section == "meld":
        verdict = answer.get("verdict")
        expected = line["verdict"]
        ours = [(reading["meld"], reading["value"]) for reading in line.get("readings", ())]
        if verdict != expected:
            return _meld_words(expected, ours), describe(verdict)
        if "readings" in answer:
            theirs = answer["readings"]
            if not isinstance(theirs, list) or not all(isinstance(item, dict) for item in theirs):
                return _meld_words(expected, ours), f"no list of readings: {describe(theirs)}"
            # Sorted by their repr: an engine's values may be of any JSON type.
            got = sorted(((item.get("meld"), item.get("value")) for item in theirs), key=repr)
            if got != sorted(ours, key=repr):
                return _meld_words(expected, ours), _meld_words(str(verdict), got)
        return None
    if section == "score":
        if answer.get("points") == line["points"]:
            return None
        return f"points {line['points']}", f"points {describe(answer.get('points'))}"
    if answer.get("count") == line["count"]:
        return None
    return f"{line['count']} sequences", f"{describe(answer.get('count'))} sequences"


def _meld_words(verdict: str, readings: Sequence[tuple[Any, Any]]) -> str:
    if not readings:
        return verdict
    shown = "; ".join(f"{meld} worth {value}" for meld, value in readings)
    return f"{verdict}: {shown}"


class _Engine:
    """An engine's process, one request and answer at a time."""

    def __init__(self, command: str, timeout: float) -> None:
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise InvalidValueError(f"the engine's command cannot be read: {error}") from None
        if not argv:
            raise InvalidValueError("the engine's command is empty")
        try:
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
        except OSError as error:
            raise EngineError(f"the engine could not be started: {error}") from None
        self.timeout = timeout
        self.selector = selectors.DefaultSelector()
        assert self.process.stdout is not None
        os.set_blocking(self.process.stdout.fileno(), False)
        self.selector.register(self.process.stdout, selectors.EVENT_READ)
        self.buffer = b""

    def ask(self, request: Mapping[str, Any]) -> Any:
        stdin: IO[bytes] | None = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(request, ensure_ascii=False).encode("utf-8") + b"\n")
            stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineError(f"the engine exited before request {request['id']}") from None
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self.buffer:
            if len(self.buffer) > MAX_ANSWER_BYTES:
                raise EngineError(
                    f"the answer to {request['id']} is over {MAX_ANSWER_BYTES:,} bytes"
                )
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                raise EngineError(f"no answer to {request['id']} within {self.timeout:g} s")
            assert self.process.stdout is not None
            chunk = self.process.stdout.read(65536)
            if not chunk:
                raise EngineError(f"the engine exited before answering {request['id']}")
            self.buffer += chunk
        raw, _, self.buffer = self.buffer.partition(b"\n")
        if len(raw) > MAX_ANSWER_BYTES:
            raise EngineError(f"the answer to {request['id']} is over {MAX_ANSWER_BYTES:,} bytes")
        try:
            answer = json.loads(raw)
        except (UnicodeDecodeError, ValueError):
            raise EngineError(
                f"the answer to {request['id']} is not JSON: {describe(raw[:200])}"
            ) from None
        if not isinstance(answer, dict):
            raise EngineError(
                f"the answer to {request['id']} is not a JSON object: {describe(answer)}"
            )
        return answer

    def close(self) -> None:
        self.selector.close()
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()


def run_engine(
    command: str,
    lines: Iterable[Mapping[str, Any]],
    *,
    timeout: float = 10.0,
    sections: Sequence[str] | None = None,
) -> Report:
    """Send an engine (``command``, split as a shell would) a request for each corpus line
    of the ``sections`` asked (every section by default) and compare its answers with the
    library's.

    :raises InvalidArgumentError: ``command`` is no text, or ``timeout`` no number.
    :raises InvalidValueError: ``command`` is empty or cannot be split, ``timeout`` is not
        from 0.01 to 3,600 seconds, or a section is unknown.
    :raises EngineError: the engine could not be started or broke the protocol.
    """
    if not isinstance(command, str):
        raise InvalidArgumentError(f"command must be text, got {describe(command)}")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise InvalidArgumentError(f"timeout must be a number, got {describe(timeout)}")
    if not 0.01 <= timeout <= 3600:
        raise InvalidValueError(f"timeout must be from 0.01 to 3,600 seconds, got {timeout}")
    wanted = tuple(_OPS) if sections is None else tuple(sections)
    for section in wanted:
        if section not in _OPS:
            raise InvalidValueError(
                f"unknown section {section!r}: expected one of {', '.join(_OPS)}"
            )
    agreed = dict.fromkeys(wanted, 0)
    skipped = dict.fromkeys(wanted, 0)
    found: list[Disagreement] = []
    engine = _Engine(command, float(timeout))
    try:
        for line in lines:
            section = line["section"]
            if section not in agreed:
                continue
            answer = engine.ask(request_for(line))
            if answer.get("skip") is True:
                skipped[section] += 1
                continue
            differs = _judged(line, answer)
            if differs is None:
                agreed[section] += 1
                continue
            found.append(
                Disagreement(
                    line["id"], section, tuple(line.get("rules", ())), _subject(line), *differs
                )
            )
    finally:
        engine.close()
    return Report(agreed, skipped, tuple(found))
