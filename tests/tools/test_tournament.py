"""Tests of tournaments (:mod:`scala40.tournament`): reproducibility, seating, statistics."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from scala40 import GreedyBot, Ruleset
from scala40.bots import InvalidBotSpecError, RandomBot
from scala40.games.scala40.rules import MatchFormat, rules_for_match
from scala40.tournament import (
    BotStats,
    TournamentResult,
    game_seed,
    run_tournament,
    wilson_interval,
)


def new_greedy() -> GreedyBot:
    """A bot factory defined at module level, so that a process pool can pickle it."""
    return GreedyBot()


# ---------------------------------------------------------------- the Wilson interval


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Published 95% Wilson intervals (e.g. Newcombe 1998, Table I).
        (8, 10, 0.4902, 0.9433),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (1, 1, 0.2065, 1.0),
        (15, 148, 0.0624, 0.1605),
    ],
)
def test_wilson_interval_known_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    got = wilson_interval(successes, trials)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_other_confidence_and_edges() -> None:
    low90, high90 = wilson_interval(30, 60, confidence=0.90)
    low95, high95 = wilson_interval(30, 60)
    assert low95 < low90 < 0.5 < high90 < high95
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="successes <= trials"):
        wilson_interval(3, 2)
    with pytest.raises(ValueError, match="confidence"):
        wilson_interval(1, 2, confidence=1.0)


def test_bot_stats_win_rate_and_interval() -> None:
    stats = BotStats("greedy", games=10, wins=8, mean_score=1.0, mean_actions=50, mean_hands=1)
    assert stats.win_rate == 0.8
    assert stats.win_interval == wilson_interval(8, 10)
    assert stats.seconds_per_decision == 0.0
    empty = BotStats("none", games=0, wins=0, mean_score=0, mean_actions=0, mean_hands=0)
    assert empty.win_rate == 0.0


# ---------------------------------------------------------------- seeds and seats


def test_game_seeds_depend_only_on_the_tournament_seed_and_index() -> None:
    assert game_seed(5, 3) == game_seed(5, 3)
    assert len({game_seed(5, index) for index in range(100)}) == 100
    assert game_seed(5, 3) != game_seed(6, 3)
    assert game_seed(5, 3, "bots") != game_seed(5, 3)
    assert 0 <= game_seed(5, 3) < 1 << 64


def test_seats_rotate_on_shared_deals() -> None:
    result = run_tournament(6, ["greedy", "random", "greedy"], match="single", workers=1, seed=4)
    assert result.bots == ("greedy", "random", "greedy#2")
    assert [game.seats for game in result.games] == [
        (0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 1, 2), (1, 2, 0), (2, 0, 1)
    ]  # fmt: skip
    seeds = [game.seed for game in result.games]
    assert seeds[0] == seeds[1] == seeds[2] != seeds[3] == seeds[4] == seeds[5]
    assert [game.index for game in result.games] == list(range(6))
    for stats in result.stats:
        assert stats.games == 6


def test_fewer_bots_than_players_share_the_seats() -> None:
    result = run_tournament(2, ["greedy", "random"], players=3, match="single", workers=1)
    assert [game.seats for game in result.games] == [(0, 1, 0), (1, 0, 1)]
    assert sum(stats.games for stats in result.stats) == 6
    assert sum(stats.wins for stats in result.stats) == 2


# ---------------------------------------------------------------- reproducibility


def test_results_do_not_depend_on_the_executor() -> None:
    kwargs = {"match": "single", "seed": 11}
    serial = run_tournament(6, ["greedy", "random"], workers=1, **kwargs)  # type: ignore[arg-type]
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = run_tournament(6, ["greedy", "random"], executor=pool, **kwargs)  # type: ignore[arg-type]
    default = run_tournament(6, ["greedy", "random"], **kwargs)  # type: ignore[arg-type]
    with ThreadPoolExecutor(max_workers=3) as threads:
        threaded = run_tournament(6, ["greedy", "random"], executor=threads, **kwargs)  # type: ignore[arg-type]
    assert serial == pooled == default == threaded
    assert serial.stats == pooled.stats
    assert serial.summary().splitlines()[:2] == pooled.summary().splitlines()[:2]
    again = run_tournament(6, ["greedy", "random"], workers=1, match="single", seed=12)
    assert again.games != serial.games


def test_factories_run_in_a_process_pool() -> None:
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = run_tournament(4, [new_greedy, RandomBot], match="single", executor=pool)
    serial = run_tournament(4, [new_greedy, RandomBot], match="single", workers=1)
    assert pooled == serial
    assert pooled.bots == ("new_greedy", "random")


def test_progress_is_reported_for_every_game() -> None:
    calls: list[tuple[int, int]] = []
    run_tournament(
        3,
        ["random", "random"],
        match="single",
        workers=1,
        progress=lambda d, t: calls.append((d, t)),
    )
    assert calls == [(1, 3), (2, 3), (3, 3)]
    calls.clear()
    with ThreadPoolExecutor(max_workers=2) as threads:
        run_tournament(
            3,
            ["random", "random"],
            match="single",
            executor=threads,
            progress=lambda d, t: calls.append((d, t)),
        )
    assert sorted(calls) == [(1, 3), (2, 3), (3, 3)]


# ---------------------------------------------------------------- results


def test_result_statistics_and_summary() -> None:
    result = run_tournament(4, ["greedy", "random"], match="single", workers=1, seed=1)
    assert isinstance(result, TournamentResult)
    assert result.players == 2
    assert result.rules.match_format is MatchFormat.SINGLE
    assert result.unfinished == 0
    greedy, random_bot = result.stats
    assert greedy.wins + random_bot.wins == 4
    for game in result.games:
        assert game.finished
        assert len(game.winners) == 1
        assert game.hands == 1
        assert game.actions > 20
        # S40-V-SINGLE: the closer scores 0; the others the penalty of their cards.
        winner = game.winners[0]
        assert game.scores[winner] == 0
        assert game.scores[1 - winner] > 0
        assert sum(game.decisions) > 0
    summary = result.summary()
    lines = summary.splitlines()
    assert lines[0] == "4 games, 2 players, rules official + match_format=single, seed 1"
    assert lines[1].split() == [
        "bot", "games", "wins", "win", "rate", "95%", "CI", "mean", "score", "ms/decision"
    ]  # fmt: skip
    assert lines[2].startswith("greedy ")
    assert lines[3].startswith("random ")
    assert lines[4].startswith("mean game length: ")


def test_elimination_matches_keep_totals() -> None:
    result = run_tournament(2, ["greedy", "random"], seed=2, workers=1)
    for game in result.games:
        assert game.finished
        assert game.hands >= 2
        loser = 1 - game.winners[0]
        assert game.scores[loser] >= 101  # S40-ELIM


def test_unfinished_games_have_no_winner() -> None:
    result = run_tournament(2, ["random", "random"], workers=1, max_actions=10)
    assert result.unfinished == 2
    assert all(not game.winners for game in result.games)
    assert "unfinished games (stopped at the move limit): 2" in result.summary()


def test_no_games() -> None:
    result = run_tournament(0, ["greedy", "random"])
    assert result.games == ()
    assert [stats.games for stats in result.stats] == [0, 0]
    assert len(result.summary().splitlines()) == 4


def test_the_match_format_switches_off_options_that_need_totals() -> None:
    """S40-V-SINGLE: a tournament's ``match`` is the ruleset's match_format option, set
    through ``with_match_format``; Scala 40's switches off S40-V-DOUBLE with it."""
    rules = rules_for_match(Ruleset.preset("online"), "single")
    assert Ruleset.preset("online").with_match_format("single") == rules
    assert rules.match_format is MatchFormat.SINGLE
    assert not rules.double_on_open_and_close
    assert rules_for_match(rules, MatchFormat.REENTRY).match_format is MatchFormat.REENTRY
    result = run_tournament(2, ["greedy", "greedy"], rules="online", match="single", workers=1)
    assert result.rules == rules


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"bots": ["clever"]}, InvalidBotSpecError, "no bot named 'clever'"),
        ({"bots": [3]}, TypeError, "expected a bot name or a bot factory"),
        ({"bots": []}, ValueError, "expected a list of 1 to 64 bots"),
        ({"bots": "greedy"}, ValueError, "expected a list of 1 to 64 bots"),
        ({"games": -1}, ValueError, "games must be an integer from 0 to 1000000"),
        (
            {"games": 10**5000},
            ValueError,
            "games must be an integer from 0 to 1000000, got an integer",
        ),
        ({"players": 7}, ValueError, "players must be from 2 to 6"),
        ({"workers": 0, "games": 2}, ValueError, "workers must be an integer from 1 to 256"),
        ({"workers": 10**6, "games": 2}, ValueError, "workers must be an integer from 1 to 256"),
        ({"progress": 5}, TypeError, "progress must be callable"),
        ({"executor": 5}, TypeError, "executor must be a concurrent.futures.Executor"),
        ({"seed": 10**40}, ValueError, "seed must be an integer of at most 40 digits"),
    ],
)
def test_errors(kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    arguments: dict[str, object] = {"games": 1, "bots": ["greedy", "random"]}
    arguments.update(kwargs)
    with pytest.raises(error, match=message):
        run_tournament(**arguments)  # type: ignore[arg-type]
