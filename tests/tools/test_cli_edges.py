"""The command line's rarer paths: empty and control characters in arguments, options
that do not apply to a game, several moves of a turn in a game without ``apply_turn``,
records that are too large or of another game, and a reader that goes away."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from scala40.cli import EXIT_INVALID, EXIT_QUIT, EXIT_USAGE, main
from scala40.records import GameRecord
from tests.cli_run import CaptureFixture, error_line, run


def test_an_empty_joker_card_is_a_usage_error(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, monkeypatch, ["check", "7S 8S JK", "--joker-as", ""])
    assert code == EXIT_USAGE
    assert "argument --joker-as: expected a card, got nothing" in error_line(err)


def test_control_characters_in_an_error_are_escaped(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    missing = tmp_path / "no\x01file.json"
    code, _, err = run(capsys, monkeypatch, ["replay", str(missing)])
    assert code == EXIT_INVALID
    assert "no\\x01file.json: No such file" in error_line(err)


def test_match_formats_are_options_of_the_rules(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, monkeypatch, ["play", "--game", "chinchon", "--match", "single"])
    assert code == EXIT_USAGE
    assert error_line(err) == ("error: --match: Chinchón has no match formats")


def test_a_turn_on_one_line_in_a_game_without_apply_turn(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The moves are checked in turn; the one that fails is named by its place.
    argv = ["play", "--game", "chinchon", "--seed", "1"]
    code, out, _ = run(capsys, monkeypatch, argv, "draw; discard ZZ\nquit\n")
    assert code == EXIT_QUIT
    assert "error: move 2 of the turn: bad card 'ZZ'" in out
    assert "in move 'discard ZZ'" in out
    code, out, _ = run(capsys, monkeypatch, argv, "draw ; discard 7X\nmoves\nquit\n")
    assert "error: move 2 of the turn" in out


def test_a_record_too_large_or_of_another_game(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    record = GameRecord.start(None, 2, 1, game="chinchon")
    path = tmp_path / "chinchon.json"
    path.write_text(json.dumps(record.to_dict()))
    code, _, err = run(capsys, monkeypatch, ["replay", str(path), "--game", "rumino"])
    assert code == EXIT_INVALID
    assert error_line(err).endswith("is a record of Chinchón, not of rumino")
    monkeypatch.setattr("scala40.cli.common.MAX_RECORD_BYTES", 10)
    code, _, err = run(capsys, monkeypatch, ["replay", str(path)])
    assert code == EXIT_INVALID
    assert "is larger than a game record may be (10 bytes)" in error_line(err)


class _GoneReader(io.StringIO):
    """Standard output whose reader went away (``scala40 rules | head -1``)."""

    def write(self, text: str) -> int:
        raise BrokenPipeError

    def fileno(self) -> int:
        raise ValueError("no file descriptor")


def test_a_reader_that_goes_away_stops_the_output_quietly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sys.stdout", _GoneReader())
    assert main(["rules"]) == EXIT_INVALID
