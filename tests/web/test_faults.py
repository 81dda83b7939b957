"""The web table's own faults (:mod:`scala40.web.faults`): a request the server could not
answer but with a 500 is answered so and told to the operator on the server's error
stream, bounded and inert whatever a stranger sends."""

from __future__ import annotations

import io
import json
import pathlib
import urllib.error
import urllib.request
from collections.abc import Mapping
from typing import Any

import pytest

from scala40.deadline import Deadline
from scala40.web.faults import MAX_KINDS, FaultLog
from scala40.web.server import make_server
from scala40.web.tables import Tables, TableStore
from tests.web.site import unmetered


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


def test_a_fault_is_answered_500_and_told_once_with_its_traceback(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server = make_server(_Broken(TableStore(str(tmp_path / "tables.sqlite")), unmetered()))
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        answers = [_post(base, {"game": "\x1b[2Jchinchon\u202e"}) for _ in range(12)]
    finally:
        server.shutdown()
        server.server_close()
    assert {status for status, _ in answers} == {500}
    assert answers[0][1]["error"] == "InternalError"
    told = capsys.readouterr().err
    # Told, with where it was raised; the client's escape codes written escaped.
    assert told.count("a fault answered 500 (POST /tables)") == 1
    assert "Traceback" in told
    assert "RuntimeError: broken by \\x1b[2Jchinchon\\u202e" in told
    assert "\x1b" not in told
    assert "\u202e" not in told
    # Its repeats, counted in a line at the 2nd and 10th.
    assert told.count("the same fault again") == 2
    assert "10 times in all" in told


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
