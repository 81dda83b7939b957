"""How well a policy plays one seat against the bots, measured fairly: the same deals for
every policy, each deal played in every seat, each game counted in what decides it.

A policy is what :class:`~scala40.adapters.gym.SeatEnv` steps with: a callable
``policy(observation, action_mask) -> action`` (a trained model's prediction, or
:func:`uniform_policy`, the baseline every agent should beat). :func:`evaluate_policy`
plays it on the seat environment against the bots: each of ``deals`` deals (seeds
``first_seed``, ``first_seed + 1``...) once with the agent in each seat, so that the
luck of the cards and of the seat cancels out, and two policies evaluated with the same
arguments play the very same deals.

A game is what decides it under the rules played (:func:`scala40.match.game_unit`): a
whole match where the rules play to a target, an elimination or a set number of hands
(every game's default), one hand where one hand is the game (Scala 40's single hand);
``env_options={"episode": "hand"}`` counts first hands instead. A policy that wins hands
can lose matches (what it keeps in hand costs points when another player goes out), so
the points a hand are counted beside the wins.

What it returns, an :class:`Evaluation`, counts the games, the wins (a tie counts as the
agent's share of it) and the unfinished games, the win share with its 95% Wilson
interval, the points a hand by which the agent's side beat the others (in the
direction the game counts: fewer penalty points, or more points won), and compares two
policies deal by deal (:meth:`Evaluation.paired_difference`), which needs far fewer deals
to tell them apart than two win shares do.

Like the seat environment, it needs the ``gym`` extra (``pip install "scala40[gym]"``,
or ``rl``).

>>> from scala40.adapters.evaluation import evaluate_policy, uniform_policy
>>> result = evaluate_policy(uniform_policy(0), "chinchon", "random", deals=3)
>>> result.unit, result.games >= 6, len(result.deals), 0 <= result.share <= 1
('match', True, 6, True)
>>> low, high = result.interval
>>> low <= result.share <= high, result.hands >= result.games
(True, True)
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from scala40.adapters.gym import SeatEnv
from scala40.checks import check_int, describe
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40.game import DEFAULT_GAME, Game
from scala40.match import ScoreOrder, game_unit
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
    """What the games paid: 1 a won game (a match, or a hand: the evaluation's unit), a
    share of a tie, 0 a lost or unfinished one; the games dealt again because they ended
    before the agent decided count too."""
    games: int
    """The games played: 1, and those that ended before the agent decided."""
    unfinished: int
    """1 when the game ended unfinished (blocked at the turn limit, or capped): no win."""
    hands: int = 0
    """The hands the agent played in the game (the hands of a match it played to the
    end, or of its part before the cap)."""
    points: float = 0.0
    """The points by which the agent's side beat the mean of the other sides over those
    hands, in the direction the game counts (the others' penalty points less its own, or
    its points won less theirs): positive is better."""


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
    ...     DealResult(1, 0, 1.0, 1, 0, 5, 40.0), DealResult(1, 1, 0.5, 1, 0, 7, -5.0),
    ...     DealResult(2, 0, 0.0, 1, 1, 3, -8.0), DealResult(2, 1, 1.0, 2, 0, 5, 21.0)))
    >>> result.games, result.wins, result.share, result.unfinished, result.hands
    (5, 2.5, 0.5, 1, 20)
    >>> result.points_a_hand, round(result.points_error, 2)
    (2.4, 0.65)
    >>> print(result.summary("agent"))
    agent vs greedy: won 50.0% of 5 matches (95% interval 17.0%-83.0%), 20.0% unfinished; +2.40 points a hand (s.e. 0.65) over 20 hands
    """

    game: str
    """The game's name."""
    opponents: str
    """Who played the other seats."""
    deals: tuple[DealResult, ...]
    """One result for each deal and seat, in the order played (seat by seat)."""
    unit: str = "match"
    """What a game was: ``"match"`` (a whole match) or ``"hand"``
    (:func:`scala40.match.game_unit`)."""

    @property
    def games(self) -> int:
        """The games (matches or hands: :attr:`unit`) played in all."""
        return sum(deal.games for deal in self.deals)

    @property
    def hands(self) -> int:
        """The hands the agent played in all (in every game, to its end or the cap)."""
        return sum(deal.hands for deal in self.deals)

    @property
    def wins(self) -> float:
        """The games won, a tie counting as the agent's share of it."""
        return sum(deal.reward for deal in self.deals)

    @property
    def unfinished(self) -> int:
        """The games that ended unfinished (no one won them)."""
        return sum(deal.unfinished for deal in self.deals)

    @property
    def share(self) -> float:
        """The share of the games won (0 when none was played)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`share` (as
        :func:`~scala40.tournament.wilson_interval` gives it, over the games, a tie's
        share counted as it is)."""
        return wilson_interval(self.wins, self.games)

    @property
    def points_a_hand(self) -> float:
        """The points a hand by which the agent's side beat the others, over every hand
        it played (:attr:`DealResult.points`): positive is better, in any game."""
        return sum(deal.points for deal in self.deals) / self.hands if self.hands else 0.0

    @property
    def points_error(self) -> float:
        """The standard error of :attr:`points_a_hand`, over the deals (each deal's
        seats together, so that the luck of the cards cancels out)."""
        by_seed: dict[int, list[DealResult]] = {}
        for deal in self.deals:
            by_seed.setdefault(deal.seed, []).append(deal)
        rates = [
            sum(deal.points for deal in group) / hands
            for group in by_seed.values()
            if (hands := sum(deal.hands for deal in group))
        ]
        if len(rates) < 2:
            return math.inf
        return statistics.stdev(rates) / math.sqrt(len(rates))

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
        if mine.keys() != theirs.keys() or (self.game, self.unit) != (other.game, other.unit):
            raise InvalidValueError(
                "expected evaluations of the same game's deals and seats (the same "
                "game, unit, deals and first_seed)"
            )
        differences = [mine[key] - theirs[key] for key in mine]
        count = len(differences)
        mean = statistics.fmean(differences) if differences else 0.0
        # One pair says nothing of the spread: the widest interval a difference can have.
        half = _Z95 * statistics.stdev(differences) / math.sqrt(count) if count > 1 else 1.0
        return PairedDifference(mean, mean - half, mean + half, count)

    def summary(self, name: str = "agent") -> str:
        """One line: the win share with its interval, the unfinished games, and the
        points a hand."""
        low, high = self.interval
        games = self.games
        unfinished = self.unfinished / games if games else 0.0
        word = "hands" if self.unit == "hand" else "matches"
        return (
            f"{name} vs {self.opponents}: won {self.share:.1%} of {games} {word} "
            f"(95% interval {low:.1%}-{high:.1%}), {unfinished:.1%} unfinished; "
            f"{self.points_a_hand:+.2f} points a hand (s.e. {self.points_error:.2f}) over "
            f"{self.hands} hands"
        )


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
    progress: Callable[[int, int], object] | None = None,
) -> Evaluation:
    """Play ``policy`` in one seat of ``game`` against ``opponents`` (as
    :class:`~scala40.adapters.gym.SeatEnv` takes them: a bot's name, a bot, or a policy)
    on ``deals`` deals, each once with the agent in every seat: seeds ``first_seed`` to
    ``first_seed + deals - 1``, the same for every policy, so that two evaluations can
    be compared deal by deal (:meth:`Evaluation.paired_difference`). A game is what
    decides the game under the rules played (see the module): a whole match, or a hand
    where one hand is the game. ``rules``, ``players`` and ``env_options`` (the seat
    environment's other keyword arguments: ``episode`` to count hands or matches
    whatever the rules, ``unfinished``...) are given to each seat's environment.
    ``progress``, if given, is called after each game as ``progress(played, total)``
    (the games played so far, and the ``deals`` times the seats to play), so that a
    long evaluation can show where it is:

    >>> from scala40.adapters.evaluation import evaluate_policy, uniform_policy
    >>> seen = []
    >>> _ = evaluate_policy(
    ...     uniform_policy(0), "chinchon", "random", deals=2, progress=lambda *p: seen.append(p)
    ... )
    >>> seen
    [(1, 4), (2, 4), (3, 4), (4, 4)]

    :raises InvalidValueError: ``deals`` is not from 1 to :data:`MAX_DEALS`.
    :raises InvalidArgumentError: ``policy``, or ``progress`` given, is not callable.
    :raises UnknownGameError: no game has that name.
    """
    check_int("deals", deals, 1, MAX_DEALS)
    check_int("first_seed", first_seed, 0, 2**63 - 1)
    if not callable(policy):
        raise InvalidArgumentError(f"expected a policy (a callable), got {describe(policy)}")
    if progress is not None and not callable(progress):
        raise InvalidArgumentError(
            f"expected progress to be a callable or None, got {describe(progress)}"
        )
    options = dict(env_options or {})
    first = SeatEnv(game, rules, players, opponents=opponents, **options)
    if "episode" not in options:
        options["episode"] = game_unit(first.rules)
        if options["episode"] != first.episode.episode:
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
            hands, points = _points(first.game, env.game_state, seat)
            results.append(
                DealResult(
                    seed,
                    seat,
                    float(sum(skipped) + reward),
                    len(skipped) + 1,
                    int(truncated),
                    hands,
                    points,
                )
            )
            if progress is not None:
                progress(len(results), deals * first.encoding.players)
    label = opponents if isinstance(opponents, str) else describe(opponents)
    return Evaluation(first.game.name, label, tuple(results), first.episode.episode)


def _points(game: Game, state: Any, seat: int) -> tuple[int, float]:
    """The hands finished in ``state``'s game, and by how many points ``seat``'s side
    beat the mean of the other sides over them (its totals against theirs, every game
    starting at zero; a single hand's reported scores), in the direction the game
    counts."""
    result = state.last_hand
    hands = int(result.hand_number) if result is not None else 0
    if not hands:
        return 0, 0.0
    totals = game.reported_scores(state)
    teams = state.teams
    mine = next(team for team in teams if seat in team)
    others = [team for team in teams if team != mine]
    theirs = sum(totals[team[0]] for team in others) / len(others) if others else 0.0
    gain = totals[mine[0]] - theirs
    return hands, float(gain if game.score_order is ScoreOrder.HIGH else -gain)
