"""How well a policy plays one seat against the bots, measured fairly: the same deals for
every policy, each deal played in every seat.

A policy is what :class:`~scala40.adapters.gym.SeatEnv` steps with: a callable
``policy(observation, action_mask) -> action`` (a trained model's prediction, or
:func:`uniform_policy`, the baseline every agent should beat). :func:`evaluate_policy`
plays it on the seat environment against the bots: each of ``deals`` deals (seeds
``first_seed``, ``first_seed + 1``...) once with the agent in each seat, so that the
luck of the cards and of the seat cancels out, and two policies evaluated with the same
arguments play the very same deals. What it returns, an :class:`Evaluation`, counts the
hands, the wins (a tie counts as the agent's share of it) and the unfinished hands, the
win share with its 95% Wilson interval, and compares two policies deal by deal
(:meth:`Evaluation.paired_difference`), which needs far fewer deals to tell them apart
than two win shares do.

Like the seat environment, it needs the ``gym`` extra (``pip install "scala40[gym]"``,
or ``rl``).

>>> from scala40.adapters.evaluation import evaluate_policy, uniform_policy
>>> result = evaluate_policy(uniform_policy(0), "chinchon", "random", deals=3)
>>> result.hands >= 6, len(result.deals), 0 <= result.share <= 1
(True, 6, True)
>>> low, high = result.interval
>>> low <= result.share <= high
True
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from scala40._checks import check_int, describe
from scala40.adapters.gym import SeatEnv
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40.game import DEFAULT_GAME, Game
from scala40.tournament import wilson_interval

__all__ = [
    "MAX_DEALS",
    "DealResult",
    "Evaluation",
    "PairedDifference",
    "Policy",
    "evaluate_policy",
    "uniform_policy",
]

Policy = Callable[[Any, Any], Any]
"""``policy(observation, action_mask) -> action``: the seat's observation and its mask
(1 for each legal action), as :class:`~scala40.adapters.gym.SeatEnv` gives them."""

MAX_DEALS = 1_000_000
"""The most deals one evaluation plays."""

_Z95 = statistics.NormalDist().inv_cdf(0.975)


@attrs.frozen
class DealResult:
    """What the agent made of one deal in one seat."""

    seed: int
    """The deal's seed (the seat environment's ``reset(seed=...)``)."""
    seat: int
    """The seat the agent held."""
    reward: float
    """What the hands paid: 1 a won hand, a share of a tie, 0 a lost or unfinished one;
    the hands dealt again because they ended before the agent decided count too."""
    hands: int
    """The hands played: 1, and those that ended before the agent decided."""
    unfinished: int
    """1 when the hand ended unfinished (blocked at the turn limit, or capped): no win."""


@attrs.frozen
class PairedDifference:
    """The mean difference of two evaluations' rewards over the same deals and seats,
    with its 95% interval (the normal approximation over the pairs)."""

    mean: float
    low: float
    high: float
    pairs: int

    def __str__(self) -> str:
        return f"{self.mean:+.3f} a deal (95% interval {self.low:+.3f} to {self.high:+.3f})"


@attrs.frozen
class Evaluation:
    """A policy's results on every deal and seat of :func:`evaluate_policy`.

    >>> from scala40.adapters.evaluation import DealResult, Evaluation
    >>> result = Evaluation("chinchon", "greedy", (
    ...     DealResult(1, 0, 1.0, 1, 0), DealResult(1, 1, 0.5, 1, 0),
    ...     DealResult(2, 0, 0.0, 1, 1), DealResult(2, 1, 1.0, 2, 0)))
    >>> result.hands, result.wins, result.share, result.unfinished
    (5, 2.5, 0.5, 1)
    >>> print(result.summary("agent"))
    agent vs greedy: won 50.0% of 5 hands (95% interval 17.0%-83.0%), 20.0% unfinished
    """

    game: str
    """The game's name."""
    opponents: str
    """Who played the other seats."""
    deals: tuple[DealResult, ...]
    """One result for each deal and seat, in the order played (seat by seat)."""

    @property
    def hands(self) -> int:
        """The hands played in all."""
        return sum(deal.hands for deal in self.deals)

    @property
    def wins(self) -> float:
        """The hands won, a tie counting as the agent's share of it."""
        return sum(deal.reward for deal in self.deals)

    @property
    def unfinished(self) -> int:
        """The hands that ended unfinished (no one won them)."""
        return sum(deal.unfinished for deal in self.deals)

    @property
    def share(self) -> float:
        """The share of the hands won (0 when none was played)."""
        return self.wins / self.hands if self.hands else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`share` (as
        :func:`~scala40.tournament.wilson_interval` gives it, over the hands, a tie's
        share counted as it is)."""
        return _wilson(self.wins, self.hands)

    def paired_difference(self, other: Evaluation) -> PairedDifference:
        """How much more this policy earned than ``other`` a deal, over the deals and
        seats both played (evaluated with the same game, opponents, deals and seeds).

        >>> from scala40.adapters.evaluation import DealResult, Evaluation
        >>> one = Evaluation("chinchon", "greedy", (
        ...     DealResult(1, 0, 1.0, 1, 0), DealResult(1, 1, 1.0, 1, 0)))
        >>> two = Evaluation("chinchon", "greedy", (
        ...     DealResult(1, 0, 0.0, 1, 0), DealResult(1, 1, 1.0, 1, 0)))
        >>> print(one.paired_difference(two))
        +0.500 a deal (95% interval -0.480 to +1.480)

        :raises InvalidArgumentError: ``other`` is not an evaluation.
        :raises InvalidValueError: the two did not play the same deals and seats.
        """
        if not isinstance(other, Evaluation):
            raise InvalidArgumentError(f"expected an evaluation, got {describe(other)}")
        mine = _by_deal(self.deals)
        theirs = _by_deal(other.deals)
        if mine.keys() != theirs.keys() or self.game != other.game:
            raise InvalidValueError(
                "expected evaluations of the same game's deals and seats (the same "
                "game, deals and first_seed)"
            )
        differences = [mine[key] - theirs[key] for key in mine]
        count = len(differences)
        mean = statistics.fmean(differences) if differences else 0.0
        # One pair says nothing of the spread: the widest interval a difference can have.
        half = _Z95 * statistics.stdev(differences) / math.sqrt(count) if count > 1 else 1.0
        return PairedDifference(mean, mean - half, mean + half, count)

    def summary(self, name: str = "agent") -> str:
        """One line: the win share with its interval, and the unfinished hands."""
        low, high = self.interval
        hands = self.hands
        unfinished = self.unfinished / hands if hands else 0.0
        return (
            f"{name} vs {self.opponents}: won {self.share:.1%} of {hands} hands "
            f"(95% interval {low:.1%}-{high:.1%}), {unfinished:.1%} unfinished"
        )


def _wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of ``successes`` out of ``trials``, where a success
    may be a share (a tie): :func:`~scala40.tournament.wilson_interval` takes whole
    successes only, and gives the same for them."""
    if float(successes).is_integer():
        return wilson_interval(int(successes), trials)
    share = successes / trials
    z2 = _Z95 * _Z95
    denominator = 1 + z2 / trials
    centre = (share + z2 / (2 * trials)) / denominator
    margin = _Z95 * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials))
    margin /= denominator
    return (max(0.0, centre - margin), min(1.0, centre + margin))


def _by_deal(deals: tuple[DealResult, ...]) -> dict[tuple[int, int], float]:
    return {(deal.seed, deal.seat): deal.reward for deal in deals}


def uniform_policy(seed: int = 0) -> Policy:
    """The policy that plays a legal action drawn uniformly, reproducibly from ``seed``:
    the baseline a learning agent should beat.

    >>> from scala40.adapters.evaluation import uniform_policy
    >>> policy = uniform_policy(1)
    >>> policy(None, [0, 1, 0, 1]) in (1, 3)
    True
    """
    chooser = random.Random(seed)

    def uniform(observation: Any, action_mask: Any) -> int:
        legal = [action for action, allowed in enumerate(action_mask) if allowed]
        return chooser.choice(legal)

    return uniform


def evaluate_policy(
    policy: Policy,
    game: str | Game = DEFAULT_GAME,
    opponents: Any = "greedy",
    deals: int = 100,
    *,
    first_seed: int = 10_000,
    rules: Any = None,
    players: int | None = None,
    env_options: Mapping[str, Any] | None = None,
) -> Evaluation:
    """Play ``policy`` in one seat of ``game`` against ``opponents`` (as
    :class:`~scala40.adapters.gym.SeatEnv` takes them: a bot's name, a bot, or a policy)
    on ``deals`` deals, each once with the agent in every seat: seeds ``first_seed`` to
    ``first_seed + deals - 1``, the same for every policy, so that two evaluations can
    be compared deal by deal (:meth:`Evaluation.paired_difference`). ``rules``,
    ``players`` and ``env_options`` (the seat environment's other keyword arguments:
    ``episode``, ``unfinished``...) are given to each seat's environment.

    :raises InvalidValueError: ``deals`` is not from 1 to :data:`MAX_DEALS`.
    :raises InvalidArgumentError: ``policy`` is not callable.
    :raises UnknownGameError: no game has that name.
    """
    check_int("deals", deals, 1, MAX_DEALS)
    check_int("first_seed", first_seed, 0, 2**63 - 1)
    if not callable(policy):
        raise InvalidArgumentError(f"expected a policy (a callable), got {describe(policy)}")
    options = dict(env_options or {})
    first = SeatEnv(game, rules, players, opponents=opponents, **options)
    results = []
    for seat in range(first.encoding.players):
        env = SeatEnv(game, rules, players, seat=seat, opponents=opponents, **options)
        for seed in range(first_seed, first_seed + deals):
            observation, info = env.reset(seed=seed)
            skipped = info["skipped_hands"]
            while True:
                action = policy(observation, env.action_masks())
                observation, reward, terminated, truncated, _ = env.step(action)
                if terminated or truncated:
                    break
            results.append(
                DealResult(
                    seed, seat, float(sum(skipped) + reward), len(skipped) + 1, int(truncated)
                )
            )
    label = opponents if isinstance(opponents, str) else describe(opponents)
    return Evaluation(first.game.name, label, tuple(results))
