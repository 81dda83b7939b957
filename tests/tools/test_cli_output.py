"""The command line for scripts and the polish of its game commands: ``simulate --json``,
``--jsonl`` and ``--csv``; ``play --load`` and the exit status of a game left unfinished;
the progress bar; wording without chance steps. Every game, run in-process."""

from __future__ import annotations

import csv
import io
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from scala40.cli import (
    COMMANDS,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_QUIT,
    EXIT_USAGE,
    build_parser,
)
from scala40.cli.simulate import _duration as duration
from scala40.cli.simulate import _progress_bar as progress_bar
from scala40.game import Game, load_game
from scala40.records import GameRecord
from scala40.schemas import BUILTIN_GAMES, json_schema
from scala40.texts import text_of
from scala40.tournament import TournamentResult, run_tournament
from tests.cli_run import run
from tests.tools.schema_validator import errors

CaptureFixture = pytest.CaptureFixture[str]
GAMES = [load_game(name) for name in BUILTIN_GAMES]


def _simulate(game: Game, *extra: str) -> list[str]:
    return [
        "simulate", "--game", game.name, "--games", "3", "--bots", "greedy", "random",
        "--players", str(game.default_players), "--workers", "1", "--seed", "4",
        "--max-actions", "150", *extra,
    ]  # fmt: skip


# ---------------------------------------------------------------- simulate, for scripts


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_simulate_json_is_the_whole_result(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, game: Game
) -> None:
    code, out, err = run(capsys, monkeypatch, _simulate(game, "--json"))
    assert (code, err) == (EXIT_OK, "")
    data = json.loads(out)
    assert not errors(data, json_schema("tournament", game.name))
    result = TournamentResult.from_dict(data)
    expected = run_tournament(3, ["greedy", "random"], players=game.default_players, seed=4,
                              game=game, workers=1, max_actions=150)  # fmt: skip
    assert result == expected  # the same games (decision times aside)
    assert [stats["name"] for stats in data["stats"]] == ["greedy", "random"]
    assert [stats["wins"] for stats in data["stats"]] == [s.wins for s in expected.stats]
    assert data["stats"][0]["score_order"] == game.score_order.value


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_simulate_json_lines_one_game_a_line(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, game: Game
) -> None:
    code, out, _ = run(capsys, monkeypatch, _simulate(game, "--jsonl"))
    assert code == EXIT_OK
    lines = out.splitlines()
    assert len(lines) == 3
    schema = json_schema("tournament", game.name)
    line_schema = {"$defs": schema["$defs"], "$ref": "#/$defs/game_line"}
    for index, line in enumerate(lines):
        data = json.loads(line)
        assert not errors(data, line_schema)
        assert data["index"] == index
        assert data["bots"] == [["greedy", "random"][seat] for seat in data["seats"]]


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_simulate_csv_one_row_a_game(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, game: Game
) -> None:
    code, out, _ = run(capsys, monkeypatch, _simulate(game, "--csv"))
    assert code == EXIT_OK
    rows = list(csv.DictReader(io.StringIO(out)))
    seats = range(game.default_players)
    expected = run_tournament(3, ["greedy", "random"], players=game.default_players, seed=4,
                              game=game, workers=1, max_actions=150)  # fmt: skip
    assert len(rows) == 3
    for row, played in zip(rows, expected.games):
        assert int(row["index"]) == played.index
        assert int(row["seed"]) == played.seed
        assert row["finished"] == str(int(played.finished))
        assert [row[f"bot_{seat}"] for seat in seats] == [
            expected.bots[bot] for bot in played.seats
        ]
        assert [int(row[f"score_{seat}"]) for seat in seats] == list(played.scores)
        assert [seat for seat in seats if row[f"won_{seat}"] == "1"] == list(played.winners)
        assert all(float(row[f"seconds_{seat}"]) >= 0 for seat in seats)
        assert sum(int(row[f"decisions_{seat}"]) for seat in seats) <= played.actions


def test_simulate_takes_one_output_format(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, monkeypatch, ["simulate", "--json", "--csv"])
    assert (code, out) == (EXIT_USAGE, "")
    assert "not allowed with argument" in err


# ---------------------------------------------------------------- the progress bar


def test_progress_bar_shows_the_rate_and_the_time_left() -> None:
    now = [100.0]
    stream = io.StringIO()
    show = progress_bar(stream, width=10, clock=lambda: now[0])
    now[0] = 102.0
    show(1, 5)
    assert stream.getvalue() == "\r[##--------] 1/5 games, 0.5 games/s, 8s left  "
    now[0] = 190.0
    show(4, 5)
    assert stream.getvalue().endswith("\r[########--] 4/5 games, 0.044 games/s, 23s left  ")
    now[0] = 300.0
    show(5, 5)
    assert stream.getvalue().endswith("\r[##########] 5/5 games, 0.025 games/s, done in 3m20s  \n")
    fast = io.StringIO()
    progress_bar(fast, width=4, clock=lambda: 0.0)(0, 0)
    assert fast.getvalue() == "\r[####] 0/0 games, 0 games/s, done in <1s  \n"
    now[0] = 0.0
    show = progress_bar(fast, width=4, clock=lambda: now[0])
    now[0] = 2.0
    show(500, 1000)
    assert fast.getvalue().endswith("\r[##--] 500/1000 games, 250 games/s, 2s left  ")


def test_progress_bar_before_the_first_game() -> None:
    stream = io.StringIO()
    progress_bar(stream, width=4, clock=lambda: 0.0)(0, 3)
    assert stream.getvalue() == "\r[----] 0/3 games, 0 games/s, starting  "


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0.2, "<1s"), (1.4, "1s"), (59.4, "59s"), (65, "1m05s"), (3599, "59m59s"), (3725, "1h02m")],
)
def test_durations(seconds: float, text: str) -> None:
    assert duration(seconds) == text


# ---------------------------------------------------------------- play: leaving and resuming


def _play(game: Game, *extra: str) -> list[str]:
    return ["play", "--game", game.name, "--seed", "11", *extra]


def test_quitting_exits_with_its_own_status_and_saves_first(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    argv = ["play", "--seed", "2", "--bots", "random", "--save", str(path)]
    code, out, _ = run(capsys, monkeypatch, argv, "draw\nquit\n")
    assert code == EXIT_QUIT == 3
    assert out.rstrip().endswith(f"Game abandoned.\nGame saved to {path}.")
    record = GameRecord.from_dict(json.loads(path.read_text()))
    assert record.names == ("human", "random")
    assert record.moves[0] == "draw"
    # The end of the input leaves the game too.
    code, out, _ = run(capsys, monkeypatch, ["play", "--seed", "2"], "")
    assert code == EXIT_QUIT
    assert "Game abandoned." in out


class _Interrupted:
    """Standard input where the player presses Ctrl-C after the lines given."""

    def __init__(self, text: str) -> None:
        self.lines = io.StringIO(text)

    def readline(self, size: int = -1) -> str:
        line = self.lines.readline(size)
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_saves_and_exits_130(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    argv = ["play", "--seed", "2", "--save", str(path)]
    code, out, err = run(capsys, monkeypatch, argv, _Interrupted("draw\n"))
    assert (code, err) == (130, "")
    assert "Game interrupted." in out
    assert GameRecord.from_dict(json.loads(path.read_text())).moves[0] == "draw"


def _human_moves(game: Game, count: int) -> str:
    """Lines that play the first legal move ``count`` times."""
    return "1\n" * count


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_a_saved_game_resumes_where_it_stopped(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game: Game
) -> None:
    path = tmp_path / "game.json"
    seat = game.default_players - 1
    argv = _play(game, "--seat", str(seat), "--bots", "random", "--save", str(path))
    code, _, _ = run(capsys, monkeypatch, argv, _human_moves(game, 3) + "quit\n")
    assert code == EXIT_QUIT
    saved = GameRecord.from_dict(json.loads(path.read_text()))
    assert saved.names[seat] == "human"
    assert set(saved.names) == {"human", "random"}

    again = tmp_path / "again.json"
    code, out, _ = run(
        capsys, monkeypatch, ["play", "--load", str(path), "--save", str(again)],
        _human_moves(game, 2) + "quit\n",
    )  # fmt: skip
    assert code == EXIT_QUIT
    assert f"You are P{seat}." in out
    assert f"Resuming the game saved in {path} after {len(saved.moves)} moves." in out
    assert "(random)" in out
    resumed = GameRecord.from_dict(json.loads(again.read_text()))
    assert resumed.moves[: len(saved.moves)] == saved.moves
    assert len(resumed.moves) > len(saved.moves)
    assert (resumed.names, resumed.seed, resumed.rules) == (saved.names, saved.seed, saved.rules)


def test_load_takes_the_seat_and_the_bots_given(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    record = GameRecord.start("official", 3, 5)  # no names: seat 0 and greedy bots
    path.write_text(json.dumps(record.to_dict()))
    code, out, _ = run(capsys, monkeypatch, ["play", "--load", str(path)], "quit\n")
    assert code == EXIT_QUIT
    assert "You are P0." in out
    assert "P1 (greedy)" in out
    argv = ["play", "--load", str(path), "--seat", "2", "--bots", "random"]
    code, out, _ = run(capsys, monkeypatch, argv, "quit\n")
    assert code == EXIT_QUIT
    assert "You are P2." in out
    assert "P0 (random)" in out


def test_load_of_a_finished_game_shows_its_end(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    game = load_game("chinchon")
    state = game.new_game(None, 2, 3)
    record = GameRecord.start(None, 2, 3, game=game)
    chooser = random.Random(3)
    while not state.is_over:
        move = state.legal_moves()[chooser.randrange(len(state.legal_moves()))]
        record, state = record.append(state, move), state.apply(move)
    path = tmp_path / "over.json"
    path.write_text(json.dumps(record.to_dict()))
    code, out, _ = run(capsys, monkeypatch, ["play", "--load", str(path)], "")
    assert code == EXIT_OK
    assert out.rstrip().splitlines()[-1].startswith("Winner: P")


@pytest.mark.parametrize(
    ("extra", "names", "code", "message"),
    [
        (["--rules", "classic"], None, EXIT_USAGE, "leave out --rules"),
        (["--seed", "3", "--players", "3"], None, EXIT_USAGE, "leave out --players, --seed"),
        (["--option", "jokers=2", "--match", "single"], None, EXIT_USAGE, "--option, --match"),
        (["--seat", "4"], None, EXIT_USAGE, "--seat must be from 0 to 1, got 4"),
        (["--game", "chinchon"], None, EXIT_INVALID, "is a record of Scala 40, not of chinchon"),
        ([], ("human", "alice"), EXIT_USAGE, "names no bot for seat 1 ('alice'); give --bots"),
        (["--bots", "nobody"], None, EXIT_USAGE, "no bot named 'nobody'"),
    ],
)
def test_load_refuses(
    capsys: CaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    extra: list[str],
    names: tuple[str, ...] | None,
    code: int,
    message: str,
) -> None:
    path = tmp_path / "game.json"
    record = GameRecord.start("official", 2, 5, names=names or ())
    path.write_text(json.dumps(record.to_dict()))
    found, out, err = run(capsys, monkeypatch, ["play", "--load", str(path), *extra], "quit\n")
    assert (found, out) == (code, "")
    assert message in err


def test_load_of_a_file_that_is_no_record(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": "scala40.state"}')
    code, out, err = run(capsys, monkeypatch, ["play", "--load", str(path)], "quit\n")
    assert (code, out) == (EXIT_INVALID, "")
    assert err.startswith("error: record: expected format 'scala40.record'")
    code, _, err = run(capsys, monkeypatch, ["play", "--load", str(tmp_path / "none.json")])
    assert code == EXIT_INVALID
    assert "cannot read" in err


# ---------------------------------------------------------------- no chance steps in words


def _texts_of_a_game(game: Game, seed: int) -> Iterator[str]:
    """Every text the command line shows of a seeded game played with its chance steps
    explicit: statuses, boards, hints, events, moves, the end."""
    text = text_of(game)
    chooser = random.Random(seed)
    state = game.new_game(None, game.default_players, seed, auto_chance=False)
    names = [f"bot {seat}" for seat in range(state.player_count)]
    yield text.move_help
    for _ in range(600):
        if state.is_over:
            break
        yield text.status(state)
        if state.current_player is not None:
            yield from text.board(state, state.current_player, names, False)
            yield text.turn_hint(state)
        legal = state.legal_moves()
        move = legal[chooser.randrange(len(legal))]
        yield text.move(move, True)
        after = state.apply(move)
        yield from text.events(state, after, names)
        state = after
    if state.is_over:
        yield from text.final(state, names)


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_no_text_for_players_mentions_chance_steps(game: Game) -> None:
    for seed in (1, 2):
        for line in _texts_of_a_game(game, seed):
            assert "chance" not in line.lower(), line


@pytest.mark.parametrize("game", GAMES, ids=BUILTIN_GAMES)
def test_replay_and_help_do_not_mention_chance_steps(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game: Game
) -> None:
    state = game.new_game(None, game.default_players, 6, auto_chance=False)
    record = GameRecord.start(None, game.default_players, 6, auto_chance=False, game=game)
    chooser = random.Random(6)
    for _ in range(300):
        if state.is_over:
            break
        move = state.legal_moves()[chooser.randrange(len(state.legal_moves()))]
        record, state = record.append(state, move), state.apply(move)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record.to_dict()))
    code, out, _ = run(capsys, monkeypatch, ["replay", str(path), "--verbose"])
    assert code == EXIT_OK
    assert ". dealer: deal" in out
    assert "chance" not in out.lower()
    helps = [build_parser().format_help()]
    helps += [command.description + command.epilog for command in COMMANDS]
    code, out, _ = run(capsys, monkeypatch, ["play", "--game", game.name, "--seed", "1"],
                       "help\nquit\n")  # fmt: skip
    assert "chance" not in (out + "".join(helps)).lower()
