r"""The web table's own faults, told to its operator: a request the server could not
answer but with a 500 (an error of the server, not of the request) is written to the
server's error stream (``scala40 web`` prints it on the terminal), so that a fault met
under load is seen and can be mended rather than answered silently.

A stranger decides which requests come, so what is written is bounded and inert: the
first fault of each kind (the error's type and the line that raised it) is written
with its traceback, a later one of that kind as one line at its 2nd, 10th, 20th, 100th,
200th, ... time, and past :data:`MAX_KINDS` kinds a new kind is counted without its traceback;
every character that is not printable ASCII (a path or an error's text holds what the
client sent: a terminal's escape codes among them) is written escaped, and every piece
of a line that may hold what the client sent (the request, the error, each line of its
traceback) is cut to :data:`MAX_LINE_CHARS` characters (an error's text may quote a
request's whole body).

>>> import io
>>> from scala40_server.web.faults import FaultLog
>>> stream = io.StringIO()
>>> faults = FaultLog(stream)
>>> for _ in range(3):
...     try:
...         raise ValueError("no table \x1b[2J")
...     except ValueError as error:
...         faults.report(error, "GET", "/tables/1")
>>> print(stream.getvalue().splitlines()[0])
scala40 web: a fault answered 500 (GET /tables/1): ValueError: no table \x1b[2J
>>> print(stream.getvalue().splitlines()[-1])
scala40 web: the same fault again, 2 times in all (GET /tables/1): ValueError: no table \x1b[2J
"""

from __future__ import annotations

import sys
import threading
import traceback
from typing import TextIO

__all__ = ["MAX_KINDS", "MAX_LINE_CHARS", "FaultLog", "inert"]

MAX_KINDS = 64
"""The kinds of fault written with their traceback; past them a fault is counted."""
MAX_LINE_CHARS = 300
"""The most characters written of a piece of a line that may hold what a client sent:
the request, the error, a line of its traceback (escaped first, then cut)."""


def inert(text: str) -> str:
    """``text`` as a line a terminal shows as it is: every character but printable ASCII
    escaped as Python writes it (``\\x1b``, ``\\u00e9``, ``\\n``).

    >>> from scala40_server.web.faults import inert
    >>> inert("é\\x1b[31m\\n")
    '\\\\xe9\\\\x1b[31m\\\\n'
    """
    return text.encode("unicode_escape").decode("ascii")


def _cut(text: str, most: int = MAX_LINE_CHARS) -> str:
    """``text`` made :func:`inert` and cut to ``most`` characters, saying how long it was
    (an escape cut in two is still printable ASCII)."""
    escaped = inert(text[: most + 1])
    if len(escaped) <= most:
        return escaped
    return f"{escaped[:most]}... ({len(text)} characters in all)"


def _is_power_of_ten_or_two(count: int) -> bool:
    while count >= 10 and count % 10 == 0:
        count //= 10
    return count in (1, 2)


class FaultLog:
    """Where a server tells its faults (see the module): ``stream``, by default the
    process's error stream as it is when a fault is told. Safe to share between the
    server's threads."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream
        self._lock = threading.Lock()
        self._counts: dict[tuple[str, str], int] = {}
        self._uncounted = 0

    def report(self, error: BaseException, method: str, path: str) -> None:
        """Tell ``error``, met answering ``method`` ``path``, as the module says."""
        frames = traceback.extract_tb(error.__traceback__)
        where = f"{frames[-1].filename}:{frames[-1].lineno}" if frames else "?"
        kind = (type(error).__qualname__, where)
        summary = _cut(f"{type(error).__name__}: {error}")
        request = _cut(f"{method} {path}", 200)
        with self._lock:
            if kind not in self._counts and len(self._counts) >= MAX_KINDS:
                self._uncounted += 1
                if _is_power_of_ten_or_two(self._uncounted):
                    self._write(
                        f"scala40 web: {self._uncounted} faults of kinds past the first "
                        f"{MAX_KINDS} (the last: {summary})"
                    )
                return
            count = self._counts[kind] = self._counts.get(kind, 0) + 1
            if count == 1:
                lines = traceback.format_exception(type(error), error, error.__traceback__)
                detail = [_cut(line) for text in lines for line in text.rstrip("\n").split("\n")]
                self._write(f"scala40 web: a fault answered 500 ({request}): {summary}", *detail)
            elif _is_power_of_ten_or_two(count):
                self._write(
                    f"scala40 web: the same fault again, {count} times in all ({request}): "
                    f"{summary}"
                )

    def _write(self, *lines: str) -> None:
        stream = self._stream if self._stream is not None else sys.stderr
        try:
            stream.write("".join(line + "\n" for line in lines))
            stream.flush()
        except (OSError, ValueError):
            pass  # no stream to tell (closed, or gone): the answer was given all the same
