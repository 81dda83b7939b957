"""Any text a caller sends comes back in valid output, or is refused with one line.

JSON may hold any string, lone surrogates (``"\\ud800"``) included, which no encoding
writes: a writer that echoes a caller's text as itself (``ensure_ascii=False``) stopped
``scala40 serve`` and ``scala40 check --jsonl`` with a traceback on such an ``id``, every
later line unanswered. Every writer of the command line's JSON now writes each answer in
a form its output always encodes (:func:`scala40.commands.json_text`); these tests feed
every field of a batch's lines any Unicode and require one verdict a line, each valid
JSON in its output's encoding, and the process alive (the referee's operations are the
server's tests', tests/server/test_serve_caller_text.py, with this module's texts).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.cli.batch import run_batch
from scala40.cli.hand import judge_hand
from scala40.commands import json_text
from scala40.game import load_game
from scala40.records import GameRecord
from scala40.verdicts import judge_meld
from tests.hostile import fuzz_settings

LONE_SURROGATE_IDS: tuple[Any, ...] = ("\ud800", "\udfff\ud800", ["\ud800"], {"\udc80": 1})
"""The ids that stopped the referee and the batch: a lone surrogate, two in the wrong
order, one inside a list, one as a key."""

LONE_SURROGATES = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF, categories=None)
"""A surrogate code point, which valid JSON may hold alone (``"\\ud800"``)."""

ANY_TEXT = st.lists(st.characters(codec=None, categories=None) | LONE_SURROGATES, max_size=12).map(
    "".join
)
"""Text of any code point, lone surrogates often: Hypothesis's text leaves them out by
default, and they are a few of a million code points."""

ANY_VALUE = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | ANY_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(ANY_TEXT, inner, max_size=3),
    max_leaves=6,
)
"""Any JSON value whose strings and keys are any text."""


def _lines(requests: list[Any]) -> bytes:
    # ensure_ascii writes a lone surrogate as its escape: the valid JSON a client sends.
    return b"".join(json.dumps(request).encode() + b"\n" for request in requests)


def _command(
    argv: list[str], data: bytes, **environment: str
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "scala40", *argv],
        input=data,
        capture_output=True,
        check=False,
        timeout=120,
        env={**os.environ, **environment},
    )


@pytest.mark.parametrize("command", ["check", "hand"])
def test_a_lone_surrogate_as_id_gets_its_verdict_and_the_batch_goes_on(command: str) -> None:
    cards = "AS 2S 3S" if command == "check" else "AS 2S 3S 4H"
    requests: list[Any] = [{"cards": cards, "id": given} for given in LONE_SURROGATE_IDS]
    data = _lines(requests) + f"{cards}\n".encode()
    done = _command([command, "--jsonl"], data)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    verdicts = [json.loads(line) for line in done.stdout.decode("utf-8").split("\n")[:-1]]
    assert [verdict.get("id") for verdict in verdicts] == [*LONE_SURROGATE_IDS, None]
    assert [verdict["line"] for verdict in verdicts] == [1, 2, 3, 4, 5]


def test_an_output_that_writes_only_ascii_gets_the_same_json_escaped(tmp_path: Path) -> None:
    # A terminal or pipe in another encoding: the text a caller sent comes back escaped.
    done = _command(
        ["check", "--jsonl"],
        _lines([{"cards": "AS 2S 3S", "id": "Élodie ♥"}]),
        PYTHONIOENCODING="ascii",
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert json.loads(done.stdout.decode("ascii"))["id"] == "Élodie ♥"
    record = GameRecord.start(players=2, seed=3, game="chinchon", names=("Élodie", "Zoë"))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record.to_dict()), encoding="utf-8")
    done = _command(["replay", str(path), "--json"], b"", PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert json.loads(done.stdout.decode("ascii"))["game"] == "chinchon"


def test_json_text_is_the_json_of_its_value_in_every_encoding() -> None:
    for value in [*LONE_SURROGATE_IDS, "Élodie ♥", {"a": [1, "é"]}]:
        for encoding in ("utf-8", "ascii", "latin-1", "cp1252"):
            text = json_text(value, encoding)
            assert json.loads(text.encode(encoding).decode(encoding)) == value


@st.composite
def batch_lines(draw: st.DrawFn) -> bytes:
    """A line of a batch: any text, or an object of its fields, each any value."""
    if draw(st.booleans()):
        return draw(ANY_TEXT).replace("\n", " ").encode("utf-8", "surrogatepass")
    names = st.sampled_from(("cards", "game", "rules", "id")) | ANY_TEXT
    fields = draw(st.dictionaries(names, ANY_VALUE, max_size=4))
    for name in ("id", "game", "rules"):
        if draw(st.booleans()):
            fields[name] = draw(ANY_TEXT | ANY_VALUE)
    if draw(st.booleans()):
        fields["cards"] = draw(st.sampled_from(["AS 2S 3S", "7H 7D 7C", "JK 9C 8C"]))
    return json.dumps(fields).encode()


@fuzz_settings(60)
@given(lines=st.lists(batch_lines(), min_size=1, max_size=8), hand=st.booleans())
def test_any_text_in_any_field_of_a_batch_gets_one_verdict_a_line(
    lines: list[bytes], hand: bool
) -> None:
    output = io.BytesIO()
    answers = io.TextIOWrapper(output, encoding="utf-8", newline="\n", write_through=True)
    judge = judge_hand if hand else judge_meld
    code = run_batch(
        io.BytesIO(b"\n".join(lines) + b"\n"), answers, load_game("scala40"), "classic", judge
    )
    assert code in (0, 1)
    verdicts = [json.loads(line) for line in output.getvalue().decode("utf-8").split("\n")[:-1]]
    assert [verdict["line"] for verdict in verdicts] == list(range(1, len(lines) + 1))
