"""Any text a caller sends ``scala40 serve`` comes back in valid output: every field of
every operation given any Unicode (lone surrogates among it, which no encoding writes)
gets one answer a line, valid JSON, and the referee goes on (the texts are those of
tests/test_cli_caller_text.py, which holds the command line's batches to the same).
"""

from __future__ import annotations

import io
import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from scala40_server.commands.serve import Referee, serve_stream
from scala40_server.protocol import request_fields
from tests.hostile import fuzz_settings
from tests.test_cli_caller_text import (
    ANY_TEXT,
    ANY_VALUE,
    LONE_SURROGATE_IDS,
    _command,
    _lines,
)


def test_a_lone_surrogate_as_id_is_echoed_and_the_referee_goes_on() -> None:
    requests = [{"op": "games", "id": given} for given in LONE_SURROGATE_IDS]
    requests.append({"op": "games", "id": "after"})
    done = _command(["serve"], _lines(requests))
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert b"Traceback" not in done.stderr
    answers = [json.loads(line) for line in done.stdout.decode("utf-8").split("\n")[:-1]]
    assert [answer["id"] for answer in answers] == [*LONE_SURROGATE_IDS, "after"]
    assert all(answer["ok"] for answer in answers), answers


OPERATIONS = Referee().operations

SETUP = [{"op": "new", "game": "chinchon", "players": 2, "bots": [None, "greedy"]}]
"""A game for the requests to name (``g1``)."""


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    """A request of any operation, each of its fields (and ``id``, and a field of any
    name) any JSON value whose text is any Unicode, the handle and seat often real."""
    op = draw(st.sampled_from(OPERATIONS))
    names = st.sampled_from(("id", *request_fields(op))) | ANY_TEXT
    fields: dict[str, Any] = draw(st.dictionaries(names, ANY_VALUE, max_size=4))
    for name in ("id", *request_fields(op)):
        if draw(st.booleans()):
            fields[name] = draw(ANY_TEXT | ANY_VALUE)
    if "handle" in request_fields(op) and draw(st.booleans()):
        fields["handle"] = "g1"
    if "seat" in request_fields(op) and draw(st.booleans()):
        fields["seat"] = 0
    return {"op": op, **fields}


@fuzz_settings(60)
@given(lines=st.lists(requests(), min_size=1, max_size=8))
def test_any_text_in_any_field_of_any_operation_gets_one_answer_a_line(
    lines: list[dict[str, Any]],
) -> None:
    given_lines = [*SETUP, *lines]
    answers = io.BytesIO()
    code = serve_stream(io.BytesIO(_lines(given_lines)), answers, "chinchon", 0.05)
    assert code == 0
    written = answers.getvalue().decode("utf-8").split("\n")[:-1]
    assert len(written) == len(given_lines)
    for text in written:
        assert set(json.loads(text)) >= {"id", "ok", "op"}
