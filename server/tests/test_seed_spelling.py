"""One spelling per seed: a seed written as text is its decimal digits with no leading
zero, on every surface that reads one (``scala40 serve``'s and the web table's requests,
the command line's ``--seed``, a record's JSON, a fair deal's revealed seed). The defect:
the text ``"00005"`` read as the seed 5, so two texts named one deal, and a seed compared
as text (a revealed deal, a record's) could differ from the seed dealt."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

from scala40.errors import InvalidValueError, SerializationError
from scala40.records import GameRecord
from scala40_server.commands.serve import Referee
from scala40_server.serving.fair_deal import commitment_of
from scala40_server.serving.request_fields import read_seed
from scala40_server.web.tables import Tables, TableStore

from .support.cli_run import run_answered

SPELLED_OTHERWISE = ["00005", "05", "0005", "00", "-0", "+5", "007"]
"""Texts of a number written otherwise than its one spelling."""


@pytest.mark.parametrize("text", SPELLED_OTHERWISE)
def test_a_seed_text_with_a_leading_zero_or_a_sign_is_refused_with_a_message(
    text: str,
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(InvalidValueError, match="seed"):
        read_seed(text)
    answer = Referee().answer({"op": "new", "seed": text})
    assert answer["ok"] is False
    assert "seed" in answer["error"]["message"]
    tables = Tables(TableStore(str(tmp_path / "tables.sqlite")))
    with pytest.raises(InvalidValueError, match="seed"):
        tables.handle("POST", "/tables", "", {"game": "chinchon", "seed": text})
    with pytest.raises(InvalidValueError, match="seed"):
        commitment_of(text, "00" * 32)
    record: Any = GameRecord.start("official", players=2, seed=5).to_dict()
    record["seed"] = text
    with pytest.raises(SerializationError, match="seed"):
        GameRecord.from_dict(json.loads(json.dumps(record)))
    argv = ["play", "--game", "chinchon", "--seed", text, "--bots", "greedy", "greedy"]
    if text.startswith(("-", "+")):
        return  # the command line's numbers take a sign: its check is the seed's range
    code, _, err = run_answered(capsys, monkeypatch, argv)
    assert code != 0
    assert "leading zero" in err


def test_the_one_spelling_still_reads() -> None:
    assert read_seed("5") == read_seed(5) == 5
    assert read_seed("0") == 0
    assert commitment_of("5", "00" * 32) == commitment_of(5, "00" * 32)
