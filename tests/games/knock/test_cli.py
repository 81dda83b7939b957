"""The command line plays, simulates, replays and lists each knock game: Rumino, Chinchón
and La Conga (run in-process)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scala40.cli import EXIT_QUIT
from scala40.records import GameRecord
from tests.cli_run import CaptureFixture, run

#: Each game: its title, the players its command line seats first, and a preset other
#: than its default (catsatcards).
GAMES = {
    "rumino": ("Rumino", 3, "web"),
    "chinchon": ("Chinchón", 2, "spain_club"),
    "laconga": ("La Conga", 3, "uruguay"),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_play_a_whole_game_then_replay_it(
    game: str, capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    title, players, _ = GAMES[game]
    path = tmp_path / "game.json"
    argv = ["play", "--game", game, "--seed", "3", "--hint-bot", "greedy", "--save", str(path)]
    code, out, err = run(capsys, monkeypatch, argv, "help\nmoves\nhint\n" + "1\n" * 3000)
    assert code == 0, err
    assert out.startswith(f"{title}, {players} players, rules catsatcards, seed 3. You are P0.")
    assert "Your hand (" in out
    assert "Best melds:" in out
    assert "hint" not in err
    assert "The greedy bot would play:" in out
    assert "Winner: P" in out
    assert f"Game saved to {path}." in out
    record = GameRecord.from_dict(json.loads(path.read_text(encoding="utf-8")))
    assert record.game == game
    assert record.final_state().is_over
    code, out, err = run(capsys, monkeypatch, ["replay", str(path)])
    assert code == 0, err
    assert out.startswith(f"Game: {title}, rules catsatcards, {players} players, seed 3")
    assert "Winner: P" in out


@pytest.mark.parametrize("game", list(GAMES))
def test_play_refuses_bad_moves_and_quits(
    game: str, capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--game", game, "--seed", "4", "--rules", GAMES[game][2]]
    code, out, err = run(capsys, monkeypatch, argv, "jump\ndiscard 9X\n99\nquit\n")
    assert code == EXIT_QUIT
    assert err == ""
    # A word that is no move: the verbs the player may use now, never the dealer's.
    assert "error: 'jump' is not a move" in out
    assert "deal" not in out.split("error: 'jump' is not a move", 1)[1].splitlines()[0]
    assert "error: bad card '9X'" in out
    assert "error: no move number 99" in out
    assert out.rstrip().endswith("Game abandoned.")


@pytest.mark.parametrize("game", list(GAMES))
def test_rules_and_simulate(
    game: str, capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    title, _, preset = GAMES[game]
    code, out, _ = run(capsys, monkeypatch, ["rules", "--game", game])
    assert code == 0
    assert f"{preset}: differs from catsatcards in" in out
    assert out.rstrip().endswith(
        f"Run 'scala40 rules PRESET --game {game}' to list every option of a preset."
    )
    code, out, _ = run(capsys, monkeypatch, ["rules", preset, "--game", game])
    assert code == 0
    assert out.startswith(f"preset: {preset}")
    argv = ["simulate", "--game", game, "--games", "4", "--workers", "1"]
    code, out, _ = run(capsys, monkeypatch, argv)
    assert code == 0
    assert out.startswith(f"{title}, 4 games, 2 players, rules catsatcards, seed 0")
    assert "greedy" in out
