"""The command line plays, simulates, replays and lists La Conga (run in-process)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from scala40.cli import EXIT_QUIT, main
from scala40.records import GameRecord

CaptureFixture = pytest.CaptureFixture[str]


def run(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, argv: list[str], stdin: str = ""
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def test_play_a_whole_game_then_replay_it(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    argv = [
        "play",
        "--game",
        "laconga",
        "--seed",
        "3",
        "--hint-bot",
        "greedy",
        "--save",
        str(path),
    ]
    code, out, err = run(capsys, monkeypatch, argv, "help\nmoves\nhint\n" + "1\n" * 3000)
    assert code == 0, err
    assert out.startswith("La Conga, 3 players, rules catsatcards, seed 3. You are P0.")
    assert "Your hand (" in out
    assert "Best melds:" in out
    assert "hint" not in err
    assert "The greedy bot would play:" in out
    assert "Winner: P" in out
    assert f"Game saved to {path}." in out
    record = GameRecord.from_dict(json.loads(path.read_text(encoding="utf-8")))
    assert record.game == "laconga"
    assert record.final_state().is_over
    code, out, err = run(capsys, monkeypatch, ["replay", str(path)])
    assert code == 0, err
    assert out.startswith("Game: La Conga, rules catsatcards, 3 players, seed 3")
    assert "Winner: P" in out


def test_play_refuses_bad_moves_and_quits(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--game", "laconga", "--seed", "4", "--rules", "uruguay"]
    code, out, err = run(capsys, monkeypatch, argv, "jump\ndiscard 9X\n99\nquit\n")
    assert code == EXIT_QUIT
    assert err == ""
    # A word that is no move: the verbs the player may use now, never the dealer's.
    assert "error: 'jump' is not a move" in out
    assert "deal" not in out.split("error: 'jump' is not a move", 1)[1].splitlines()[0]
    assert "error: bad card '9X'" in out
    assert "error: no move number 99" in out
    assert out.rstrip().endswith("Game abandoned.")


def test_rules_and_simulate(capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, monkeypatch, ["rules", "--game", "laconga"])
    assert code == 0
    assert "uruguay: differs from catsatcards in" in out
    assert out.rstrip().endswith(
        "Run 'scala40 rules PRESET --game laconga' to list every option of a preset."
    )
    code, out, _ = run(capsys, monkeypatch, ["rules", "uruguay", "--game", "laconga"])
    assert code == 0
    assert out.startswith("preset: uruguay")
    argv = ["simulate", "--game", "laconga", "--games", "4", "--workers", "1"]
    code, out, _ = run(capsys, monkeypatch, argv)
    assert code == 0
    assert out.startswith("La Conga, 4 games, 2 players, rules catsatcards, seed 0")
    assert "greedy" in out
