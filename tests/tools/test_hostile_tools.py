"""Hostile input to the tools: the command line (arguments, what is typed into ``play``,
crafted ``replay`` files), tournaments, bots and their specifications.

The command line never prints a traceback: bad input is one ``error:`` line (exit code 1
or 2), or an error line in the game loop that asks again. The other tools answer any
argument with a result or an error of the library.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40 import Scala40Error, new_game
from scala40.bots import RandomBot, make_bot, play_game
from scala40.cli import EXIT_QUIT
from scala40.records import GameRecord
from scala40.tournament import game_seed, rules_label, run_tournament, wilson_interval
from tests.cli_run import run_answered
from tests.hostile import fuzz_settings, hostile_texts, hostile_values, library_errors_only

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

ISMCTS_OPTIONS = (
    "iterations", "time_limit", "rollout", "rollout_depth", "candidates", "exploration",
    "max_depth",
)  # fmt: skip

# Words the command line knows, and words that broke it: with them, random command lines
# reach every command and option with odd values.
_WORDS = [
    "check", "hand", "rules", "play", "simulate", "replay", "--rules", "--game", "--option",
    "--players", "--seed", "--seat", "--bots", "--games", "--workers", "--max-actions",
    "--match", "--unicode", "--joker-as", "--verbose", "--help", "official", "classic",
    "online", "scala40", "single", "greedy", "random", "playout:playouts=2",
    "montecarlo:playouts=1e400", "montecarlo:time_limit=nan", "playout:playouts=²",
    "JK 9C 8C", "7S 8S 9S", "JK " * 40, "AS " * 33, "9" * 5000, "-1", "0", "1", "2",
    "99999999999", "\uff11\uff12", "²", "1_000", "nan", "inf", "", " ", "hand_size=99",
    "jokers=1e5000", "opening_threshold=" + "9" * 30, "x=y", "=", "JK=10C", "10C=JK",
]  # fmt: skip


@fuzz_settings(60)
@given(words=st.lists(st.one_of(st.sampled_from(_WORDS), hostile_texts()), max_size=6))
def test_any_command_line_gives_an_exit_code_and_no_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, words: list[str]
) -> None:
    # Games stay short: simulate plays at most 2 games of 30 moves, in this process.
    if "simulate" in words[:1]:
        words = [*words, "--games", "2", "--workers", "1", "--max-actions", "30"]
    run_answered(capsys, monkeypatch, words)


def test_main_takes_only_text_arguments(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for argv in (["hand", 5], "hand AS", [b"hand"], 3):
        code, _, err = run_answered(capsys, monkeypatch, argv)  # type: ignore[arg-type]
        assert code == 2
        assert "expected a list of arguments" in err


_LINES = [
    "moves", "help", "hint", "board", "1", "99", "9" * 5000, "²", "1⁰", "\u0661", "\uff11\uff12",
    "discard 99999999999", "layoff 7S #99999", "layoff 7S #²", "meld " + "JK " * 700,
    "draw; discard 7S", ";;;", "split #0 7S : 8S 9S / JK", "x" * 20_000, "\x00", "swap 7S #0",
    "take", "draw", "meld 7S 8S 9S", "discard", "deal", "restock", "upcard",
]  # fmt: skip


@fuzz_settings(25)
@given(lines=st.lists(st.one_of(st.sampled_from(_LINES), hostile_texts()), max_size=12))
def test_any_input_typed_into_play_is_answered(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lines: list[str]
) -> None:
    stdin = io.StringIO("\n".join([*lines, "quit", ""]))
    code, out, _ = run_answered(
        capsys,
        monkeypatch,
        ["play", "--seed", "3", "--match", "single", "--hint-bot", "greedy"],
        stdin,
    )
    assert (code, "Game abandoned." in out) in ((EXIT_QUIT, True), (0, False))
    assert "Game abandoned." in out or "Winner" in out


def test_play_survives_bytes_that_are_not_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = b"help\n\xff\xfe\xfa not utf-8\n" + b"9" * 50_000 + b"\nmoves\nquit\n"
    stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")
    code, out, _ = run_answered(capsys, monkeypatch, ["play", "--seed", "3"], stdin)
    assert code == EXIT_QUIT
    assert "Game abandoned." in out
    assert "error: " in out  # the line that was not text, and the long number, refused


def _record() -> dict[str, Any]:
    record = GameRecord.start("official", players=2, seed=2)
    state = record.initial_state()
    for _ in range(10):
        move = state.legal_moves()[0]
        record = record.append(state, move)
        state = state.apply(move)
    return record.to_dict()


_CRAFTED = [
    b"",
    b"\xff\xfe\x00",
    b"[" * 100_000,
    b'{"format": "scala40.record", "version": 2, "seed": ' + b"9" * 5000 + b"}",
    b'{"format": "scala40.record", "version": 2, "players": NaN}',
    b'{"format": "scala40.record", "version": Infinity}',
    b"null",
    b"[1, 2, 3]",
]


@pytest.mark.parametrize("content", _CRAFTED, ids=range(len(_CRAFTED)))
def test_replay_refuses_crafted_files_in_one_line(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    content: bytes,
) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(content)
    code, _, err = run_answered(capsys, monkeypatch, ["replay", str(path)])
    assert code == 1
    assert len(err.splitlines()) == 1


@fuzz_settings(40)
@given(
    field=st.sampled_from(["format", "version", "game", "game_version", "rules", "players",
                           "seed", "auto_chance", "moves"]),
    value=hostile_values(),
)  # fmt: skip
def test_replay_refuses_records_with_any_field_changed(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path_factory: pytest.TempPathFactory,
    field: str,
    value: Any,
) -> None:
    data = {**_record(), field: value}
    try:
        text = json.dumps(data)
    except (TypeError, ValueError):
        return  # not JSON: no file can hold it
    path = tmp_path_factory.mktemp("replay") / "record.json"
    path.write_text(text, encoding="utf-8")
    run_answered(capsys, monkeypatch, ["replay", str(path)])


# ---------------------------------------------------------------- tournaments and bots


@fuzz_settings(60)
@given(name=st.sampled_from(["games", "bots", "rules", "players", "seed", "game", "match",
                             "executor", "workers", "progress", "max_actions"]),
       value=hostile_values())  # fmt: skip
def test_tournaments_take_any_argument_values(name: str, value: Any) -> None:
    arguments: dict[str, Any] = {
        "games": 2,
        "bots": ["random", "random"],
        "workers": 1,
        "match": "single",
        "max_actions": 40,
        name: value,
    }
    # Numbers a tournament accepts but that would take long to play are made too large.
    if name in ("games", "max_actions", "players") and isinstance(value, int) and value > 4:
        arguments[name] = 10**10
    library_errors_only(run_tournament, **arguments, seconds=10)


@fuzz_settings(100)
@given(successes=hostile_values(), trials=hostile_values(), other=hostile_values())
def test_tournament_helpers_take_any_value(successes: Any, trials: Any, other: Any) -> None:
    library_errors_only(wilson_interval, successes, trials)
    library_errors_only(wilson_interval, 1, 2, other)
    library_errors_only(game_seed, successes, trials)
    library_errors_only(game_seed, 1, 2, other)
    library_errors_only(rules_label, other)


@fuzz_settings(150)
@given(spec=st.one_of(hostile_texts(), hostile_values()), option=hostile_texts())
def test_bot_specifications_take_any_text(spec: Any, option: str) -> None:
    library_errors_only(make_bot, spec, "scala40")
    for name in ("montecarlo", "playout"):
        for key in ("playouts", "time_limit", "candidates", "margin", "opponent_turns"):
            library_errors_only(make_bot, f"{name}:{key}={option}", "scala40")
    for key in ISMCTS_OPTIONS:
        library_errors_only(make_bot, f"ismcts:{key}={option}", "scala40")
    library_errors_only(make_bot, "random", spec)


@fuzz_settings(60)
@given(bots=hostile_values(), value=hostile_values())
def test_play_game_takes_any_argument_values(bots: Any, value: Any) -> None:
    state = new_game("official", players=2, seed=5)
    pair = [RandomBot(), RandomBot()]
    library_errors_only(play_game, value, pair, 1, 10)
    library_errors_only(play_game, state, bots, 1, 10)
    library_errors_only(play_game, state, pair, value, 10)
    library_errors_only(play_game, state, pair, 1, value if not isinstance(value, int) else -1)
    library_errors_only(play_game, state, pair, 1, 10, value)


class _JunkBot:
    """A bot that answers with anything at all."""

    name = "junk"

    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        return self.answer


@fuzz_settings(60)
@given(answer=hostile_values())
def test_a_bot_answering_junk_is_named_in_an_illegal_move_error(answer: Any) -> None:
    state = new_game("official", players=2, seed=5)
    with pytest.raises(Scala40Error, match="junk"):
        play_game(state, [_JunkBot(answer), RandomBot()], 1, 10)


@pytest.mark.slow
def test_soak_the_tools(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # nox -s soak: every fuzz test of this module again, with ten times the examples.
    test_any_command_line_gives_an_exit_code_and_no_traceback(capsys, monkeypatch)
    test_any_input_typed_into_play_is_answered(capsys, monkeypatch)
    test_replay_refuses_records_with_any_field_changed(capsys, monkeypatch, tmp_path_factory)
    test_tournaments_take_any_argument_values()
    test_tournament_helpers_take_any_value()
    test_bot_specifications_take_any_text()
    test_play_game_takes_any_argument_values()
    test_a_bot_answering_junk_is_named_in_an_illegal_move_error()
