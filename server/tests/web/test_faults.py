"""The web table's own faults (:mod:`scala40_server.web.faults`): a request the server could not
answer but with a 500 is answered so and told to the operator on the server's error
stream, bounded and inert whatever a stranger sends.

The defect reproduced here first: the first fault of a kind was told with its traceback
uncut, so that one request whose text reached the error's message wrote a line of
162,217 characters; now every piece of a line that may hold a client's text is cut as
the error's summary is (:data:`~scala40_server.web.faults.MAX_LINE_CHARS`)."""

from __future__ import annotations

import io
import json
import pathlib
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from typing import Any

import pytest

from scala40.deadline import Deadline
from scala40_server.web.faults import MAX_KINDS, MAX_LINE_CHARS, FaultLog
from scala40_server.web.server import make_server
from scala40_server.web.tables import Tables, TableStore

from ..web.site import unmetered


class _Broken(Tables):
    """Tables whose making meets a fault of the server's own (not of the request)."""

    def create(self, body: Mapping[str, Any], deadline: Deadline | None = None) -> dict[str, Any]:
        raise RuntimeError(f"broken by {body.get('game')}")


def _post(base: str, body: object) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        base + "/tables", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


CONTROLS = "\x1b[2J\r\x08\x07\x7f\x9b\t\x00"
"""A terminal's escape code and the control characters a terminal acts on (carriage
return, backspace, bell, delete, the 8-bit escape, tab, nul)."""


def _told_of(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], game: str) -> str:
    """What the server tells of twelve requests whose table's making meets a fault of
    its own, quoting ``game``: each answered 500."""
    server = make_server(_Broken(TableStore(str(tmp_path / "tables.sqlite")), unmetered()))
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        answers = [_post(base, {"game": game}) for _ in range(12)]
    finally:
        server.shutdown()
        server.server_close()
    assert {status for status, _ in answers} == {500}
    assert answers[0][1]["error"] == "InternalError"
    return capsys.readouterr().err


def test_a_fault_is_answered_500_and_told_once_with_its_traceback(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    told = _told_of(tmp_path, capsys, f"{CONTROLS}chinchon\u202e")
    # Told, with where it was raised; the client's escape codes written escaped.
    assert told.count("a fault answered 500 (POST /tables)") == 1
    assert "Traceback" in told
    assert "RuntimeError: broken by \\x1b[2J\\r\\x08\\x07\\x7f\\x9b\\t\\x00chinchon\\u202e" in told
    # Every character written is printable ASCII, or a line's end.
    unprintable = sorted({char for char in told if not (" " <= char <= "~" or char == "\n")})
    assert not unprintable, unprintable
    # Its repeats, counted in a line at the 2nd and 10th.
    assert told.count("the same fault again") == 2
    assert "10 times in all" in told


def test_a_fault_quoting_a_whole_body_writes_no_line_past_its_cut(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """(The defect) A request whose whole text reaches the error's message: 33,000
    characters, most of them escaped in four. Every line told holds at most a few hundred
    characters: the summary's and each traceback line's pieces cut to
    :data:`~scala40_server.web.faults.MAX_LINE_CHARS` once escaped, and the request's to 200."""
    told = _told_of(tmp_path, capsys, CONTROLS * 3_000)
    lines = told.splitlines()
    assert any("RuntimeError: broken by \\x1b[2J" in line for line in lines[1:])  # the traceback
    # A line of the log's own: its words, the request (200) and the error
    # (MAX_LINE_CHARS), each with the note of its length; a traceback's line: one piece.
    longest = max(lines, key=len)
    assert len(longest) <= MAX_LINE_CHARS + 200 + 120, longest[:400]
    traceback = [line for line in lines if not line.startswith("scala40 web: ")]
    assert max(len(line) for line in traceback) <= MAX_LINE_CHARS + 40
    summary = f"RuntimeError: broken by {CONTROLS * 3_000}"
    assert f"({len(summary)} characters in all)" in told


class _BrokenAnywhere(Tables):
    """Tables whose every request meets a fault of the server's own, its error quoting
    the request's path, decoded (as a server's error may quote what it was sent)."""

    def handle(
        self, method: str, path: str, query: str, body: object, *, client: str = "local"
    ) -> tuple[int, dict[str, Any]]:
        raise RuntimeError(f"broken at {urllib.parse.unquote(path)}")


def test_a_fault_whose_request_or_error_escapes_past_its_cut_is_cut_once_escaped(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A request line is cut as the error's is, and each is judged by its length once
    escaped, not before: the path of 250 escape codes (each sent as ``%1B``, three
    characters) is 751 characters, the error quoting them 275, each escaped in four.
    The log's own line holds its words, the request cut to 200 characters and the error
    to :data:`~scala40_server.web.faults.MAX_LINE_CHARS`, each saying how long it was."""
    path = "/" + "%1B" * 250
    server = make_server(_BrokenAnywhere(TableStore(str(tmp_path / "tables.sqlite")), unmetered()))
    try:
        address = f"http://127.0.0.1:{server.server_address[1]}{path}"
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(address, timeout=30)
        with answer.value:
            assert answer.value.code == 500
    finally:
        server.shutdown()
        server.server_close()
    lines = capsys.readouterr().err.splitlines()
    told = lines[0]
    request, error = f"GET {path}", f"RuntimeError: broken at /{chr(27) * 250}"
    assert len(error) <= MAX_LINE_CHARS < 4 * len(error)  # cut once escaped, not before
    assert told.startswith("scala40 web: a fault answered 500 (GET /%1B%1B"), told[:100]
    assert f"({len(request)} characters in all)" in told
    assert f"({len(error)} characters in all)" in told
    words = len("scala40 web: a fault answered 500 (): ") + 2 * len("... (NNNN characters in all)")
    assert len(told) <= words + 200 + MAX_LINE_CHARS, told
    traceback = [line for line in lines if not line.startswith("scala40 web: ")]
    assert max(len(line) for line in traceback) <= MAX_LINE_CHARS + 40


def test_past_the_kinds_kept_a_fault_is_counted_without_its_traceback() -> None:
    stream = io.StringIO()
    faults = FaultLog(stream)
    for kind in range(MAX_KINDS + 100):
        # An error of a type of its own each time: a kind of its own.
        faults.report(type(f"Kind{kind}", (ValueError,), {})("x"), "GET", "/")
    lines = stream.getvalue().splitlines()
    assert sum("a fault answered 500" in line for line in lines) == MAX_KINDS
    assert [line.split(" faults of kinds")[0] for line in lines if "kinds past" in line] == [
        "scala40 web: 1",
        "scala40 web: 2",
        "scala40 web: 10",
        "scala40 web: 20",
        "scala40 web: 100",
    ]
