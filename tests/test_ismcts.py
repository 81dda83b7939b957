"""The information-set tree search bot (:mod:`scala40.bots.ismcts`): legal moves only in every
game, the same choices from the same seed, its budget kept, and hostile options refused
with library errors."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from scala40.bots import make_bot, play_game
from scala40.bots.ismcts import ISMCTSBot
from scala40.bots.registry import game_bots_of
from scala40.errors import (
    InvalidArgumentError,
    InvalidBotSpecError,
    InvalidValueError,
    Scala40Error,
)
from scala40.game import Game, game_names, load_game
from tests.adapters.toygame import GAME as TOY_GAME
from tests.example_game import load_example
from tests.hostile import TIMED

BUILTIN = tuple(load_game(name) for name in game_names())


def _games() -> list[Game]:
    return [*BUILTIN, load_example().GAME, TOY_GAME]


def _players(game: Game) -> list[int]:
    rules = game.ruleset_type.default()
    return sorted({rules.min_players, game.default_players})


class CountingView:
    """A view that counts the samples drawn from it (one an iteration)."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.samples = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.view, name)

    def sample(self, seed: int) -> Any:
        self.samples += 1
        return self.view.sample(seed)


def _decision(game: Game, players: int, seed: int = 3, skip: int = 4) -> Any:
    """A state of ``game`` where the seat to move has a choice, a few moves in."""
    state = game.new_game(None, players, seed)
    moves = 0
    while True:
        if state.is_chance:
            state = state.apply(state.legal_moves()[0])
            continue
        legal = state.legal_moves()
        if moves >= skip and len(legal) > 1:
            return state
        state = state.apply(legal[-1])
        moves += 1


@pytest.mark.parametrize("game", _games(), ids=lambda game: game.name)
def test_plays_only_legal_moves_in_every_game(game: Game) -> None:
    """Every game, every seat count offered first (partners included: Skarney's four
    seats play as two sides, SK-PLAYERS), random and greedy rollouts."""
    for players in _players(game):
        for rollout in ("greedy", "random"):
            bots = [
                ISMCTSBot(iterations=6, rollout=rollout, rollout_depth=4) for _ in range(players)
            ]
            state = game.new_game(None, players, 5)
            chosen: list[bool] = []

            def check(before: Any, move: Any, seen: list[bool] = chosen) -> None:
                seen.append(before.is_chance or move in before.legal_moves())

            after = play_game(state, bots, random.Random(2), max_actions=25, on_move=check)
            assert chosen
            assert all(chosen)
            assert after != state


@pytest.mark.parametrize("name", [game.name for game in BUILTIN])
def test_the_same_seed_gives_the_same_choice(name: str) -> None:
    game = load_game(name)
    state = _decision(game, game.default_players)
    seat = state.current_player
    legal = list(state.legal_moves())
    bot = make_bot("ismcts:iterations=12,rollout_depth=6", name)
    first = bot.choose(state.view(seat), legal, random.Random(11))
    again = make_bot("ismcts:iterations=12,rollout_depth=6", name)
    assert again.choose(state.view(seat), legal, random.Random(11)) == first
    assert first in legal


def test_whole_games_replay_from_their_seed() -> None:
    game = load_game("chinchon")
    finals = [
        play_game(
            game.new_game(None, 2, 8),
            [make_bot("ismcts:iterations=4,rollout_depth=3", game) for _ in range(2)],
            random.Random(4),
            max_actions=40,
        )
        for _ in range(2)
    ]
    assert finals[0].to_dict() == finals[1].to_dict()


@pytest.mark.parametrize("iterations", [1, 7, 20])
def test_one_sample_an_iteration(iterations: int) -> None:
    game = load_game("rumino")
    state = _decision(game, 2)
    view = CountingView(state.view(state.current_player))
    ISMCTSBot(iterations=iterations, rollout="random").choose(
        view, list(state.legal_moves()), random.Random(1)
    )
    assert view.samples == iterations


@pytest.mark.timed
def test_the_time_limit_ends_the_search() -> None:
    game = load_game("scala40")
    state = _decision(game, 2)
    view = CountingView(state.view(state.current_player))
    bot = ISMCTSBot(iterations=100_000, time_limit=0.2, rollout="random", rollout_depth=2)
    start = time.monotonic()
    move = bot.choose(view, list(state.legal_moves()), random.Random(1))
    # One iteration may finish after the limit: a walk is at most 8 tree moves and 2
    # rollout moves, milliseconds; the margin is for a crowded machine.
    if TIMED:
        assert time.monotonic() - start < 2.0
    assert 1 <= view.samples < 100_000
    assert move in state.legal_moves()


def test_a_single_legal_move_is_played_without_search() -> None:
    game = load_game("scala40")
    state = _decision(game, 2)
    view = CountingView(state.view(state.current_player))
    only = state.legal_moves()[0]
    assert ISMCTSBot().choose(view, [only], random.Random(0)) == only
    assert view.samples == 0
    with pytest.raises(InvalidValueError, match="there are none"):
        ISMCTSBot().choose(view, [], random.Random(0))


def test_a_bot_object_may_play_the_rollouts() -> None:
    game = load_game("laconga")
    state = _decision(game, 2)
    greedy = game_bots_of(game).bots["greedy"]()
    bot = ISMCTSBot(iterations=5, rollout=greedy)
    assert bot.choose(
        state.view(state.current_player), list(state.legal_moves()), random.Random(3)
    ) in (state.legal_moves())
    assert "rollout='GreedyBot'" in repr(bot)


def test_reachable_by_name_in_every_game() -> None:
    for game in BUILTIN:
        bot = make_bot("ismcts:iterations=400,time_limit=0.5,rollout=random", game)
        assert isinstance(bot, ISMCTSBot)
        assert (bot.iterations, bot.time_limit, bot.rollout) == (400, 0.5, "random")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=-1", "iterations must be an integer from 1 to 100000"),
        ("ismcts:iterations=0", "iterations must be an integer"),
        ("ismcts:iterations=100001", "iterations must be an integer"),
        ("ismcts:iterations=" + "9" * 30, "iterations must be an integer"),
        ("ismcts:iterations=1e400", "iterations must be an integer"),
        ("ismcts:iterations=2.5", "iterations must be an integer"),
        ("ismcts:iterations=true", "iterations must be an integer"),
        ("ismcts:iterations=many", "iterations must be an integer"),
        ("ismcts:time_limit=0", "time_limit must be a number of seconds above 0"),
        ("ismcts:time_limit=-1", "time_limit must be a number"),
        ("ismcts:time_limit=nan", "time_limit must be a number"),
        ("ismcts:time_limit=1e9", "time_limit must be a number"),
        ("ismcts:rollout=clever", "rollout must be one of greedy, random or a bot"),
        ("ismcts:rollout=none", "rollout must be one of"),
        ("ismcts:rollout=3", "rollout must be one of"),
        ("ismcts:rollout_depth=-1", "rollout_depth must be an integer from 0 to 1000"),
        ("ismcts:candidates=0", "candidates must be an integer from 1 to 1000"),
        ("ismcts:max_depth=10000", "max_depth must be an integer from 1 to 1000"),
        ("ismcts:exploration=-0.5", "exploration must be a number from 0 to 100"),
        ("ismcts:exploration=inf", "exploration must be a number"),
        ("ismcts:depth=3", "takes no option .depth."),
        ("ismcts:iterations=5,seed=2", "takes no option .seed."),
        ("ismcts:iterations", "expected NAME=VALUE"),
    ],
)
def test_hostile_options_raise_library_errors(spec: str, message: str) -> None:
    for game in BUILTIN:
        with pytest.raises(InvalidBotSpecError, match=message):
            make_bot(spec, game)


def test_hostile_arguments_to_choose_raise_library_errors() -> None:
    game = load_game("chinchon")
    state = _decision(game, 2)
    view = state.view(state.current_player)
    legal = list(state.legal_moves())
    bot = ISMCTSBot(iterations=2)
    for arguments in (
        (None, legal, random.Random(0)),
        ("view", legal, random.Random(0)),
        (view, None, random.Random(0)),
        (view, "draw", random.Random(0)),
        (view, legal, 3),
        (view, legal, None),
    ):
        with pytest.raises(InvalidArgumentError):
            bot.choose(*arguments)


def test_hostile_values_from_python_raise_library_errors() -> None:
    for options in (
        {"iterations": None},
        {"iterations": 10**5000},
        {"time_limit": "0.5"},
        {"time_limit": float("inf")},
        {"rollout": object()},
        {"rollout": None},
        {"exploration": True},
        {"candidates": [3]},
    ):
        with pytest.raises(Scala40Error):
            ISMCTSBot(**options)
