"""``scala40 serve`` against a stranger who writes any bytes on its input: lines that are
not UTF-8, not JSON, not objects, requests of every operation with fields of any name
and any JSON value, about games held or not. Every line gets exactly one answer, in
order; an error answer names one of the library's errors; the referee goes on."""

from __future__ import annotations

import io
import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import scala40.errors
from scala40_server.commands.serve import Referee, serve_stream
from scala40_server.protocol import request_fields

from .support.hostile import fuzz_settings

OPERATIONS = Referee().operations
LIBRARY_ERRORS = frozenset(scala40.errors.__all__)
"""The names an error answer's ``type`` may have: the library's errors."""

_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
    | st.sampled_from(["g1", "g2", "g9", "draw", "resign 1", "resign 0", "AS 2S 3S", "ZZ"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


@st.composite
def requests(draw: st.DrawFn) -> bytes:
    """One line of input: a request of a known operation with fields of its own and of any
    name, each of any JSON value; or bytes of any kind."""
    if draw(st.integers(0, 4)) == 0:
        line: bytes = draw(st.binary(max_size=60)).replace(b"\n", b" ")
        return line
    op = draw(st.sampled_from(OPERATIONS))
    names = st.sampled_from(("handle", "seat", *request_fields(op))) | st.text(max_size=6)
    fields = draw(st.dictionaries(names, _JSON, max_size=4))
    if draw(st.booleans()):
        fields["handle"] = draw(st.sampled_from(["g1", "g2", "g3"]))
    if draw(st.booleans()):
        fields["seat"] = draw(st.integers(-2, 4))
    return json.dumps({"op": op, **fields}).encode()


EVERY_KIND = [
    *(b"not json", b"{", b"\xff\xfe", b"   ", b"[1]", b'{"op": "games"} x', b"\x00"),
    b"[" * 100_000,
]
"""A line of each kind that is no request, in every run (the drawn lines may not hold
one): not JSON, half an object, not UTF-8, blank, not an object, an object and more, a
control character, arrays nested deeper than a reader follows."""

SETUP = [
    {"op": "new", "game": "chinchon", "players": 2, "bots": [None, "greedy"]},
    {"op": "new", "game": "rumino", "players": 3, "seed": 4, "bots": [None, "greedy", None]},
]
"""Games for the stranger's requests to name: g1, dealt from a secret, and g2."""


@fuzz_settings(40)
@given(lines=st.lists(requests(), min_size=1, max_size=12))
def test_any_bytes_get_one_answer_each_and_only_library_errors(lines: list[bytes]) -> None:
    given_lines = [json.dumps(request).encode() for request in SETUP] + EVERY_KIND + lines
    answers = io.BytesIO()
    code = serve_stream(io.BytesIO(b"\n".join(given_lines) + b"\n"), answers, "chinchon", 0.05)
    assert code == 0
    written = answers.getvalue().decode("utf-8").splitlines()
    assert len(written) == len(given_lines)
    for line, text in zip(given_lines, written):
        answer: dict[str, Any] = json.loads(text)
        assert set(answer) >= {"id", "ok", "op"}, answer
        if not answer["ok"]:
            assert answer["error"]["type"] in LIBRARY_ERRORS, (line, answer)
