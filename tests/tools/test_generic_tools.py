"""The tools work for any registered game: game names on the command line, ruleset
options, tournaments counting sides, records naming their game, generic bots."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import scala40
from scala40._cache import BoundedCache, SizedCache
from scala40.bots import PlayoutBot, RandomBot, bot_factories, bot_names, make_bot, play_game
from scala40.cli import EXIT_QUIT
from scala40.errors import (
    IllegalMoveError,
    InvalidBotSpecError,
    InvalidValueError,
    SerializationError,
    UnknownGameError,
)
from scala40.game import Game, game_names, load_game, register_game
from scala40.match import ScoreOrder
from scala40.records import GameRecord
from scala40.texts import GameText
from scala40.tournament import GameResult, TournamentResult, run_tournament
from tests.cli_run import CaptureFixture, run

# ---------------------------------------------------------------- the registry


def test_games_are_found_by_name_and_alias() -> None:
    game = load_game("scala40")
    assert load_game("Scala-40") is game
    assert load_game(game) is game
    assert "scala40" in game_names()
    with pytest.raises(UnknownGameError, match="no game named 'bridge'; games: scala40"):
        load_game("bridge")
    with pytest.raises(scala40.InvalidArgumentError):
        load_game(40)  # type: ignore[arg-type]


def test_a_name_is_registered_once() -> None:
    game = load_game("scala40")
    assert register_game(game) is game  # the same record again: nothing happens
    twin = Game(
        name="scala40",
        title="Another",
        summary="",
        version=1,
        ruleset_type=game.ruleset_type,
        new_game=game.new_game,
        state_from_dict=game.state_from_dict,
        parse_move=game.parse_move,
        move_from_dict=game.move_from_dict,
    )
    with pytest.raises(scala40.InvalidArgumentError, match="registered already"):
        register_game(twin)
    with pytest.raises(scala40.InvalidArgumentError):
        register_game("scala40")  # type: ignore[arg-type]


def test_the_default_wording_works_for_any_game() -> None:
    state = scala40.new_game(players=2, seed=1)
    text = GameText()
    assert text.board(state, 0, ["you", "bot"], unicode=False)
    assert text.turn_hint(state).startswith("Your move")
    assert text.status(state) == "P0 to move"
    assert text.move(scala40.DrawStock(), unicode=True) == "draw"
    assert text.events(state, state.apply("draw"), ["a", "b"]) == []
    dealing = scala40.new_game(players=2, seed=1, auto_chance=False)
    assert text.status(dealing) == "the dealer shuffles next"
    single = scala40.Ruleset(match_format="single")
    final = play_game(scala40.new_game(single, players=2, seed=1), [RandomBot(), RandomBot()])
    lines = text.final(final, ["ann", "bob"])
    assert lines[0].startswith("Final scores: P0 ")
    assert lines[1] in ("Winner: P0 (ann)", "Winner: P1 (bob)")
    assert repr(load_game("scala40")) == "<Game scala40>"


def test_the_package_names_its_missing_attributes() -> None:
    with pytest.raises(AttributeError, match="module 'scala40' has no attribute 'nothing'"):
        getattr(scala40, "nothing")  # noqa: B009
    assert "new_game" in dir(scala40)


def test_caches_make_room_and_describe_themselves() -> None:
    cache: BoundedCache[int, int] = BoundedCache("test", limit=2)
    cache.put(1, 1)
    cache.put(2, 2)
    assert repr(cache) == "<BoundedCache test: 2 of 2>"
    assert cache.make_room() is cache
    assert len(cache) == 0
    sized: SizedCache[int, int] = SizedCache("sized", limit=5, budget=4)
    sized.put(1, (1, 2))
    sized.put(1, (1,))  # the same key again: its old value no longer counts
    assert sized.held == 2
    sized.put(2, (1, 2))  # over the budget: emptied first
    assert sorted(sized) == [2]
    sized.put(3, ())  # the budget reached
    assert sized.make_room() is sized
    assert len(sized) == 0


# ---------------------------------------------------------------- bots


def test_bots_are_made_per_game() -> None:
    assert bot_names("scala40") == (
        "random",
        "greedy",
        "careful",
        "montecarlo",
        "search",
        "playout",
        "ismcts",
        "belief",
        "best",
    )
    assert isinstance(make_bot("playout:playouts=3", "scala40"), PlayoutBot)
    assert isinstance(make_bot("random", load_game("scala40")), RandomBot)
    assert bot_factories("scala40")["montecarlo"] is scala40.MonteCarloBot
    with pytest.raises(InvalidBotSpecError, match="playouts must be an integer"):
        make_bot("playout:playouts=0", "scala40")
    with pytest.raises(UnknownGameError):
        make_bot("random", "bridge")


def test_play_game_asks_the_seat_to_decide_and_checks_its_answers() -> None:
    state = scala40.new_game(scala40.Ruleset(match_format="single"), players=3, seed=4)
    asked: list[int] = []

    class Recorder(RandomBot):
        def choose(self, view: object, legal: object, rng: random.Random) -> object:
            asked.append(view.player)  # type: ignore[attr-defined]
            return super().choose(view, legal, rng)  # type: ignore[arg-type]

    seen: list[int | None] = []
    final = play_game(
        state, [Recorder(), Recorder(), Recorder()], 1,
        on_move=lambda before, _move: seen.append(before.current_player),
    )  # fmt: skip
    assert final.is_over
    assert asked == [seat for seat in seen if seat is not None]
    with pytest.raises(InvalidValueError, match="expected 3 bots"):
        play_game(state, [RandomBot()])

    class Cheat(RandomBot):
        def choose(self, view: object, legal: object, rng: random.Random) -> object:
            return scala40.Discard("AS")

    with pytest.raises(IllegalMoveError, match="bot 'random' \\(player 0\\) chose discard AS"):
        play_game(scala40.new_game(players=2, seed=4), [Cheat(), RandomBot()])


def test_the_playout_bot_searches_any_game_through_the_protocol() -> None:
    state = scala40.new_game("official", players=2, seed=11).apply("draw")
    legal = list(state.legal_moves())
    bot = PlayoutBot(playouts=3, candidates=4, rollout_limit=30)
    first = bot.choose(state.view(0), legal, random.Random(2))
    assert first in legal
    assert bot.choose(state.view(0), legal, random.Random(2)) == first  # reproducible
    assert bot.choose(state.view(0), legal[:1], random.Random(2)) == legal[0]
    assert "PlayoutBot(playouts=3" in repr(bot)


# ---------------------------------------------------------------- tournaments


def _result(seats: tuple[int, ...], winners: tuple[int, ...], scores: tuple[int, ...],
            teams: tuple[tuple[int, ...], ...] = ()) -> GameResult:  # fmt: skip
    return GameResult(
        index=0, seed=0, seats=seats, winners=winners, scores=scores, actions=10, hands=1,
        finished=True, teams=teams,
    )  # fmt: skip


def test_partners_count_as_one_side() -> None:
    teams = ((0, 2), (1, 3))
    games = (
        _result((0, 1, 0, 1), (0, 2), (500, 200, 500, 200), teams),
        _result((1, 0, 1, 0), (1, 3), (100, 900, 100, 900), teams),
    )
    result = TournamentResult(("a", "b"), scala40.Ruleset(), 4, 0, games)
    a, b = result.stats
    # Bot a plays side (0, 2) in the first game, side (1, 3) in the second: both won.
    assert (a.games, a.wins, b.games, b.wins) == (2, 2, 2, 0)
    assert a.mean_score == (500 + 900) / 2
    singles = TournamentResult(
        ("a", "b"), scala40.Ruleset(), 2, 0, (_result((0, 1), (1,), (30, 0)),)
    )
    assert [(s.games, s.wins) for s in singles.stats] == [(1, 0), (1, 1)]
    assert singles.stats[0].score_order is ScoreOrder.LOW


def test_tournaments_take_a_game_and_its_rules() -> None:
    result = run_tournament(2, ["greedy", "random"], "official", game="scala40",
                            match="single", workers=1, seed=3)  # fmt: skip
    assert result.game == "scala40"
    assert [game.seats for game in result.games] == [(0, 1), (1, 0)]
    with pytest.raises(UnknownGameError):
        run_tournament(1, ["random"], game="bridge")
    with pytest.raises(InvalidValueError, match="players must be from 2 to 6"):
        run_tournament(1, ["random"], players=1)


# ---------------------------------------------------------------- records


def test_records_name_their_game_and_read_the_first_version() -> None:
    record = GameRecord.start("classic", players=2, seed=5)
    state = record.initial_state()
    record = record.append(state, "draw")
    data = record.to_dict()
    assert (data["version"], data["game"], data["game_version"]) == (2, "scala40", 1)
    old = {key: value for key, value in data.items() if key not in ("game", "game_version")}
    old["version"] = 1
    again = GameRecord.from_dict(old)
    assert again == record
    assert again.final_state() == record.final_state()
    for broken, message in (
        ({**data, "game": "bridge"}, "no game named 'bridge'"),
        ({**data, "game": 7}, "game must be a game's name"),
        ({**data, "seed": "12x"}, "seed must be an integer"),
        ({**data, "moves": ["jump"]}, "move 0"),
    ):
        with pytest.raises(SerializationError, match=message):
            GameRecord.from_dict(broken)


# ---------------------------------------------------------------- the command line


def test_game_commands_take_a_game(capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch,
                                   tmp_path: Path) -> None:  # fmt: skip
    code, out, _ = run(capsys, monkeypatch, ["simulate", "--game", "scala40", "--games", "2",
                                             "--match", "single", "--workers", "1"])  # fmt: skip
    assert code == 0
    assert out.startswith("2 games, 2 players, rules official + match_format=single, seed 0")
    code, out, _ = run(capsys, monkeypatch, ["rules", "--game", "scala-40"])
    assert code == 0
    assert "classic: differs from official in" in out
    saved = tmp_path / "game.json"
    code, _, _ = run(
        capsys, monkeypatch, ["play", "--game", "scala40", "--seed", "2", "--match", "single",
                              "--save", str(saved)], "draw\nquit\n",
    )  # fmt: skip
    assert code == EXIT_QUIT
    assert json.loads(saved.read_text())["game"] == "scala40"
    code, out, _ = run(capsys, monkeypatch, ["replay", str(saved), "--game", "scala40"])
    assert code == 0
    assert ". P0: draw" in out


def test_options_change_the_rules_from_the_command_line(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, [
        "simulate", "--games", "1", "--workers", "1", "--option", "match_format=single",
        "--option", "jokers=2", "--option", "split_sequences=true",
    ])  # fmt: skip
    assert code == 0
    assert "rules classic + jokers=2, match_format=single" in out
    code, _, err = run(capsys, monkeypatch, ["simulate", "--option", "jokers=99"])
    assert code == 2
    assert "jokers must be an integer from 0 to 8, got 99" in err
    code, _, err = run(capsys, monkeypatch, ["simulate", "--option", "nonsense"])
    assert code == 2
    assert "expected NAME=VALUE" in err


def test_unknown_games_are_usage_errors(
    capsys: CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    for argv in (["play", "--game", "bridge"], ["rules", "--game", "bridge"]):
        code, out, err = run(capsys, monkeypatch, argv)
        assert code == 2
        assert "no game named 'bridge'" in err
        assert out == ""
