"""The evaluation of a policy on the seat environment (:mod:`scala40.adapters.evaluation`):
every deal in every seat, the same deals for every policy, counted as they were played.
Skipped without the ``gym`` extra."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from scala40.adapters.evaluation import (
    DealResult,
    Evaluation,
    evaluate_policy,
    uniform_policy,
)
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40.tournament import wilson_interval


def test_every_deal_is_played_in_every_seat_and_counted() -> None:
    result = evaluate_policy(uniform_policy(3), "chinchon", "random", deals=2, first_seed=40)
    assert result.game == "chinchon"
    assert result.opponents == "random"
    assert [(deal.seed, deal.seat) for deal in result.deals] == [
        (40, 0),
        (41, 0),
        (40, 1),
        (41, 1),
    ]
    assert result.unit == "match"
    assert result.games == sum(deal.games for deal in result.deals) >= 4
    assert all(0 <= deal.reward <= deal.games for deal in result.deals)
    assert result.share == result.wins / result.games
    assert result.hands == sum(deal.hands for deal in result.deals) >= result.games
    low, high = result.interval
    assert 0 <= low <= result.share <= high <= 1
    assert result.summary("uniform").startswith("uniform vs random: won ")


def test_the_same_policy_and_seeds_replay_and_pair_with_no_difference() -> None:
    one = evaluate_policy(uniform_policy(5), "rumino", "greedy", deals=2)
    two = evaluate_policy(uniform_policy(5), "rumino", "greedy", deals=2)
    assert one == two
    difference = one.paired_difference(two)
    assert (difference.mean, difference.pairs) == (0.0, 2 * len({deal.seat for deal in one.deals}))
    assert difference.low <= 0.0 <= difference.high


def test_any_callable_is_a_policy_and_the_seats_follow_the_players() -> None:
    seen: list[Any] = []

    def first_legal(observation: Any, mask: Any) -> int:
        seen.append(observation)
        return int(next(action for action, allowed in enumerate(mask) if allowed))

    result = evaluate_policy(first_legal, "laconga", "random", deals=1, players=2)
    assert [deal.seat for deal in result.deals] == [0, 1]
    assert seen


def test_a_share_of_a_tie_counts_as_it_is() -> None:
    whole = Evaluation("g", "o", (DealResult(1, 0, 1.0, 1, 0), DealResult(1, 1, 0.0, 1, 0)))
    assert whole.interval == wilson_interval(1, 2)
    tied = Evaluation("g", "o", (DealResult(1, 0, 0.5, 1, 0), DealResult(1, 1, 0.5, 1, 0)))
    assert tied.wins == 1.0
    assert tied.interval == wilson_interval(1, 2)
    shares = Evaluation("g", "o", (DealResult(1, 0, 0.5, 1, 0),) * 3)
    low, high = shares.interval
    assert wilson_interval(1, 3)[0] < low < high < wilson_interval(2, 3)[1]
    assert high - 0.5 == pytest.approx(0.5 - low)


def test_evaluations_of_other_deals_do_not_pair() -> None:
    one = Evaluation("g", "o", (DealResult(1, 0, 1.0, 1, 0),))
    other = Evaluation("g", "o", (DealResult(2, 0, 1.0, 1, 0),))
    with pytest.raises(InvalidValueError, match="same game, unit, deals and first_seed"):
        one.paired_difference(other)
    with pytest.raises(InvalidArgumentError, match="expected an evaluation"):
        one.paired_difference("two")  # type: ignore[arg-type]


def test_bad_arguments_are_refused_before_any_play() -> None:
    with pytest.raises(InvalidValueError, match="deals"):
        evaluate_policy(uniform_policy(), "chinchon", deals=0)
    with pytest.raises(InvalidArgumentError, match="expected a policy"):
        evaluate_policy("random", "chinchon", deals=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="expected progress"):
        evaluate_policy(uniform_policy(), "chinchon", deals=1, progress=3)  # type: ignore[arg-type]


def test_progress_is_told_after_each_game() -> None:
    told: list[tuple[int, int]] = []
    result = evaluate_policy(
        uniform_policy(2), "rumino", "random", deals=2, progress=lambda *p: told.append(p)
    )
    assert told == [(played, len(result.deals)) for played in range(1, len(result.deals) + 1)]


def test_a_game_is_what_decides_it_and_the_points_a_hand_are_counted() -> None:
    """Whole matches where the rules play one (every game's default), hands where one
    hand is the game; the points a hand are each deal's side against the others', in the
    game's direction, and a random opponent loses them to greedy in both units."""
    import scala40

    matches = evaluate_policy(uniform_policy(1), "rumino", "greedy", deals=1)
    assert matches.unit == "match"
    assert matches.summary().count("matches")
    assert all(deal.hands >= 1 for deal in matches.deals)
    assert matches.points_a_hand < 0  # greedy beats a random policy on points
    single = evaluate_policy(
        uniform_policy(1), "scala40", "greedy", deals=1,
        rules=scala40.Ruleset(match_format="single"),
    )  # fmt: skip
    assert single.unit == "hand"
    assert single.hands == single.games == 2
    assert single.points_a_hand < 0
    assert "of 2 hands" in single.summary()
    first_hands = evaluate_policy(
        uniform_policy(1), "rumino", "greedy", deals=1, env_options={"episode": "hand"}
    )
    assert first_hands.unit == "hand"
    with pytest.raises(InvalidValueError, match="same game, unit"):
        first_hands.paired_difference(matches)
