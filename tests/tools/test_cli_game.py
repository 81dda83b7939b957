"""Tests of the game commands of the command line (play, simulate, replay), run in-process."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scala40.cli import EXIT_QUIT
from scala40.records import GameRecord
from tests.cli_run import CaptureFixture, error_line, run

PLAY = ["play", "--seed", "3", "--match", "single", "--hint-bot", "greedy"]


# ---------------------------------------------------------------- play


def test_play_shows_the_board_and_lists_moves(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, monkeypatch, PLAY, "help\nmoves\nquit\n")
    assert code == EXIT_QUIT
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == (
        "Scala 40, 2 players, rules official + match_format=single, seed 3. You are P0."
    )
    assert "Hand 1 · stock 81 cards · discard pile 8D (1 card)" in out
    assert "P1 (greedy): 13 cards" in out
    assert "Table: no melds yet" in out
    assert "Your hand (13 cards): AS 5S 6S 2H 4H 5H 5D 7D KD 8C 9C QC JK" in out
    assert "  draw                  draw the top card of the stock" in out  # help
    assert "    1. draw" in out  # moves
    assert out.rstrip().endswith("Game abandoned.")


def test_play_by_number_and_notation_then_hint(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = "1\nhint\nmeld 5S 5H 5D\nmeld 8C 9C JK\nboard\nquit\n"
    code, out, _ = run(capsys, monkeypatch, [*PLAY, "--unicode"], script)
    assert code == EXIT_QUIT
    assert "Your hand (14 cards): A♠ 5♠ 6♠ 9♠" in out
    assert "The greedy bot would play: meld 5♠ 5♥ 5♦" in out
    assert "Opening so far: 15 of 40; meld more, then discard." in out
    # S40-OPEN: 15 + 27 = 42 opens; the table shows the melds numbered.
    assert "  #0   5♠ 5♥ 5♦" in out
    assert "  #1   8♣ 9♣ JK=10♣" in out
    assert "Your hand (8 cards, opened): A♠ 6♠ 9♠ 2♥ 4♥ 7♦ K♦ Q♣" in out


def test_play_a_whole_turn_typed_in_one_line(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    # S40-OPEN: 15 + 27 opens together; a line that leaves the opening short is refused as
    # a whole, naming the move that fails, and nothing of it is played.
    script = "draw; meld 5S 5H 5D; discard 8C\ndraw; meld 5S 5H 5D; meld 8C 9C JK\nquit\n"
    code, out, _ = run(capsys, monkeypatch, PLAY, script)
    assert code == EXIT_QUIT
    assert (
        "error: move 3 of the turn: discard 8C: the melds put down this turn are worth 15" in out
    )
    assert "  #1   8C 9C JK=10C" in out
    assert "Your hand (8 cards, opened): AS 6S 9S 2H 4H 7D KD QC" in out


def test_play_reports_bad_and_illegal_moves(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = "discard 5S\njump\nmeld 5S 5H\n99\n\ntake\nquit\n"
    code, out, err = run(capsys, monkeypatch, PLAY, script)
    assert code == EXIT_QUIT
    assert err == ""
    assert "error: discard 5S: this move is allowed only after drawing" in out
    # A word that is no move: the verbs the player may use now, never the dealer's.
    assert "error: 'jump' is not a move" in out
    assert "deal" not in out.split("error: 'jump' is not a move", 1)[1].splitlines()[0]
    assert "error: meld 5S 5H:" in out
    assert "error: no move number 99; 'moves' lists 1 to 1" in out
    assert "error: take: a player who has not opened may only draw from the stock" in out


def test_play_a_whole_game_save_and_replay(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Always playing the first legal move: melds first, else the lowest card.
    path = tmp_path / "game.json"
    argv = [*PLAY, "--save", str(path), "--bots", "random"]
    code, out, err = run(capsys, monkeypatch, argv, "1\n" * 400)
    assert code == 0, err
    assert "Hand 1: " in out
    assert "closes." in out
    assert "Winner: P" in out
    assert f"Game saved to {path}." in out
    assert "P1 (random): " in out
    record = GameRecord.from_dict(json.loads(path.read_text(encoding="utf-8")))
    assert record.seed == 3
    final = record.final_state()
    assert final.is_over

    code, out, err = run(capsys, monkeypatch, ["replay", str(path)])
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == (
        f"Game: rules official + match_format=single, 2 players, seed 3, {len(record.moves)} moves"
    )
    assert lines[1] == "   1. P0: draw"
    # The seats by the record's names: "human" for the player, the bots by theirs.
    winner = final.winners[0]
    assert f"Winner: P{winner} ({record.names[winner]})" in lines[-1]
    assert len([line for line in lines if line[:4].strip().isdigit()]) == len(record.moves)

    code, verbose, _ = run(capsys, monkeypatch, ["replay", str(path), "--verbose", "--unicode"])
    assert code == 0
    # Every hand and the stock after each move, in words (no internal dump).
    assert "      P0 (14 cards): " in verbose
    assert "      stock: " in verbose
    assert len(verbose.splitlines()) > len(lines) * 3


def test_play_against_several_bots_in_another_seat(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--players", "3", "--seat", "1", "--bots", "greedy", "random", "--seed", "5"]
    code, out, _ = run(capsys, monkeypatch, argv, "moves\n")
    assert code == EXIT_QUIT
    assert "You are P1." in out
    assert "P0 (greedy): " in out
    assert "P2 (random): " in out
    assert "Scores: P0 (greedy) 0 · P1 (you) 0 · P2 (random) 0" in out
    assert out.rstrip().endswith("Game abandoned.")  # end of input


def test_play_without_a_seed_prints_the_one_drawn(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, ["play"], "quit\n")
    assert code == EXIT_QUIT
    assert ", seed " in out.splitlines()[0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "clever"], "no bot named 'clever'"),
        (["--players", "7"], "--players: these rules take from 2 to 6 players, got 7"),
        (["--seat", "2"], "--seat must be from 0 to 1, got 2"),
        (["--match", "short"], "no match format named 'short'"),
        (["--rules", "house"], "no preset named 'house'"),
    ],
)
def test_play_usage_errors(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, monkeypatch, ["play", *argv], "quit\n")
    assert code == 2
    assert out == ""
    assert message in error_line(err)


def test_play_save_to_an_unwritable_place(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "missing" / "game.json"
    code, _, err = run(capsys, monkeypatch, [*PLAY, "--save", str(path)], "quit\n")
    assert code == 1
    assert error_line(err).startswith(f"error: cannot save the game to {path}: ")


# ---------------------------------------------------------------- simulate


def test_simulate_prints_the_summary(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["simulate", "--games", "4", "--match", "single", "--workers", "1", "--seed", "1"]
    code, out, err = run(capsys, monkeypatch, argv)
    assert code == 0
    assert err == ""  # standard error is not a terminal: no progress bar
    lines = out.splitlines()
    assert lines[0] == "4 games, 2 players, rules official + match_format=single, seed 1"
    assert lines[2].split()[:3] == ["greedy", "4", "4"]
    assert lines[3].split()[:3] == ["random", "4", "0"]
    assert lines[4].startswith("mean game length: ")


def test_simulate_progress_bar_and_options(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = [
        "simulate", "--games", "3", "--bots", "random", "greedy", "random", "--players", "2",
        "--workers", "1", "--rules", "classic", "--max-actions", "50", "--progress",
    ]  # fmt: skip
    code, out, err = run(capsys, monkeypatch, argv)
    assert code == 0
    assert re.search(r"\[#{30}\] 3/3 games, [0-9.]+ games/s, done in \S+  \n$", err), err
    # The bar shows at once (0/3), then after each game.
    assert err.count("\r[") == 4
    assert "3 games, 2 players, rules classic, seed 0" in out
    assert "random#2" in out
    assert "unfinished games (stopped at the move limit): 3" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "clever"], "no bot named 'clever'"),
        (["--games", "0"], "--games must be from 1 to 1000000, got 0"),
        (["--games", "10000000"], "--games must be from 1 to 1000000, got 10000000"),
        (["--games", "9" * 5000], "argument --games: expected a whole number of at most 9 digits"),
        (
            ["--games", "\uff11\uff12"],
            "argument --games: expected a whole number of at most 9 digits",
        ),
        (["--workers", "0"], "--workers must be from 1 to 256, got 0"),
        (["--workers", "100000"], "--workers must be from 1 to 256, got 100000"),
        (["--max-actions", "0"], "--max-actions must be at least 1, got 0"),
        (["--players", "1"], "--players: these rules take from 2 to 6 players, got 1"),
        (
            ["--games", "many"],
            "argument --games: expected a whole number of at most 9 digits, got 'many'",
        ),
    ],
)
def test_simulate_usage_errors(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, monkeypatch, ["simulate", *argv])
    assert code == 2
    assert out == ""
    assert message in error_line(err)


# ---------------------------------------------------------------- replay


def test_replay_an_unfinished_game(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    record = GameRecord.start("official", players=2, seed=9)
    state = record.final_state()
    movers = []
    for _ in range(3):
        move = next(iter(state.legal_moves()))
        record = record.append(state, move)
        movers.append(state.turn)
        state = state.apply(move)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record.to_dict()), encoding="utf-8")
    code, out, _ = run(capsys, monkeypatch, ["replay", str(path)])
    assert code == 0
    assert out.splitlines() == [
        "Game: rules official, 2 players, seed 9, 3 moves",
        *(f"{n:>4}. P{p}: {m}" for n, (p, m) in enumerate(zip(movers, record.moves), 1)),
        f"The game is not over: hand 1, P{state.turn} to move.",
        "Scores so far: P0 0, P1 0",
    ]


def test_replay_errors(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    missing = tmp_path / "none.json"
    code, _, err = run(capsys, monkeypatch, ["replay", str(missing)])
    assert code == 1
    assert error_line(err) == f"error: cannot read {missing}: No such file or directory"

    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    code, _, err = run(capsys, monkeypatch, ["replay", str(garbage)])
    assert code == 1
    assert error_line(err).startswith(f"error: {garbage} is not a JSON game record: ")

    record = GameRecord.start("official", players=2, seed=9).to_dict()
    record["moves"] = ["discard 7H"]
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(record), encoding="utf-8")
    code, _, err = run(capsys, monkeypatch, ["replay", str(illegal)])
    assert code == 1
    assert error_line(err).startswith("error: record: move 0 ('discard 7H'): ")

    code, _, err = run(capsys, monkeypatch, ["replay"])
    assert code == 2
    assert "the following arguments are required: FILE" in error_line(err)
