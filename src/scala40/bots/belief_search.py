"""A search bot that reads its opponents: one ply over the greedy bot's best moves, each
played out in worlds drawn from a :class:`~scala40.bots.belief.Belief`.

The greedy bot of each game is a strong, fast player; what it does not see is what the
others hold. This bot keeps a belief over the hidden cards (:mod:`scala40.bots.belief`),
updated from the moves every seat saw, and at each decision with a choice:

1. takes the greedy bot's best few moves as candidates (greedy's own first);
2. draws worlds from the belief (the others' hands as the belief guesses them, the stock
   at random) and plays every candidate in the same worlds (common random numbers), the
   hand then played out by the greedy bot in every seat, each world's rollouts from one
   seed;
3. values each rollout by the share of the hand the bot's side wins (the sides with the
   best result for the hand share it; the match's result if the match ends);
4. races the candidates: after each batch of worlds, a candidate whose mean trails the
   best one's by more than ``drop`` standard errors of their paired difference is dropped;
5. keeps greedy's move unless another candidate beats it by more than ``margin``
   standard errors of the paired difference (a departure from greedy has to be earned).

The work of one decision is bounded: at most ``worlds`` worlds, ``candidates``
candidates, a hand's rollout of at most ``rollout_limit`` moves, and, optionally, time:
the bot's ``time_limit`` in seconds of the thread's CPU time from the start of the
decision, within the caller's :class:`~scala40.deadline.Deadline`
(``choose(..., deadline=...)``). Everything a decision does counts in it, the belief's
update included (it may take half the time left; a belief cut short says so,
:attr:`~scala40.bots.belief.Belief.finished`), and so do the worlds, each drawn when its turn
comes (:meth:`~scala40.bots.belief.Belief.iter_worlds`), never ahead of the time to play it.
The search is anytime: it looks at the clock before each world and at every move of a
rollout, drops the world the deadline cuts short (the candidates
are compared in the same worlds) and picks among the worlds finished (greedy's move if
none). The same view, legal moves and ``rng`` give the same move (without a time limit).

>>> import random
>>> from scala40.games.chinchon import new_game
>>> from scala40.bots.belief_search import BeliefSearchBot
>>> state = new_game(players=2, seed=1)
>>> bot = BeliefSearchBot(worlds=8, particles=16)
>>> legal = list(state.legal_moves())
>>> bot.choose(state.view(0), legal, random.Random(1)) in legal
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from typing import Any

from scala40._stats import paired_difference
from scala40.bots._anytime import AnytimeBot
from scala40.bots.belief import (
    MAX_REPLAY_MOVES,
    Belief,
    SeatModel,
    SoftGreedy,
    game_of,
    policy_of,
    quiet,
)
from scala40.bots.registry import game_bots_of
from scala40.checks import check_bot_int, check_bot_number, describe
from scala40.deadline import Deadline
from scala40.errors import InvalidBotSpecError
from scala40.game import Bot, Game
from scala40.match import ScoreOrder, game_unit, win_shares

__all__ = [
    "BEST_POINTS_WEIGHT",
    "BEST_TIME_LIMIT",
    "BEST_WORLDS",
    "POLICIES",
    "BeliefSearchBot",
    "BestBot",
    "hand_margin",
    "hand_share",
]

BEST_TIME_LIMIT = 0.45
"""The CPU seconds of the guard that stopped a decision of :class:`BestBot` by default up
to 0.2.0. It is no longer its default: ``search`` is bounded by its work, so that a view
and a seed give one move on any machine. A caller that wants the guard back names it
(``BestBot(time_limit=BEST_TIME_LIMIT)``, ``search:time_limit=0.45``) or gives a deadline."""
BEST_WORLDS = 24
"""The worlds :class:`BestBot` plays a decision where its game's tuning names none (the
knock games): with the careful bot's rollouts, about a tenth of a second of CPU on an idle
core."""
BEST_POINTS_WEIGHT = 0.01
"""What each point of a rollout's hand margin adds to its value for :class:`BestBot` in a
match (``points_weight``): a hundred points count as much as the hand itself."""
POLICIES = ("greedy", "careful")
"""The bots a search's candidates and rollouts may follow (:class:`BeliefSearchBot`'s
``policy``)."""
_MAX_WORLDS = 10_000
_MAX_CANDIDATES = 100
_MAX_TIME_LIMIT = 600.0
_MAX_ROLLOUT = 100_000


class BeliefSearchBot(AnytimeBot):
    """The search bot on a belief (see the module). Make one for each seat it plays.

    :param worlds: worlds drawn a decision, at most.
    :param candidates: the greedy bot's best moves compared (greedy's own first).
    :param particles: the belief's particles (:class:`~scala40.bots.belief.Belief`).
    :param batch: worlds played before candidates are compared and dropped.
    :param margin: standard errors by which a candidate must beat greedy's move.
    :param drop: standard errors behind the best after which a candidate is dropped.
    :param time_limit: seconds of the thread's CPU time a decision may take (``None``:
        the caller's deadline alone bounds it).
    :param rollout_limit: moves a rollout may play before the hand counts as drawn.
    :param replay_moves: moves a belief update may replay varying its guesses.
    :param model: the model of the other seats (the belief's default: a softened greedy).
    :param policy: the game's own bot whose ranking gives the candidates (its own move
        first), which plays the rollouts in every seat and which the belief's default model
        softens (:class:`~scala40.bots.belief.SoftGreedy`): ``"greedy"``, or ``"careful"``
        where the game has it (a game without it: its greedy bot).
    :param points_weight: what each point by which the bot's side beats the others in a
        rollout's hand adds to its value (the share of the hand, 0 to 1), from 0 to 1, in
        a game whose rules play a match (:func:`scala40.match.game_unit`): a match is won
        on points, not hands. 0 values the hand's share alone.
    """

    name = "belief"
    _time_limit_on_cpu = True

    def __init__(
        self,
        worlds: int = 32,
        candidates: int = 4,
        particles: int = 128,
        batch: int = 8,
        margin: float = 1.0,
        drop: float = 2.5,
        time_limit: float | None = None,
        rollout_limit: int = 2_000,
        replay_moves: int = 400,
        model: SeatModel | None = None,
        policy: str = "greedy",
        points_weight: float = 0.0,
    ) -> None:
        if policy not in POLICIES:
            raise InvalidBotSpecError(
                f"policy must be one of {', '.join(POLICIES)}, got {describe(policy)}"
            )
        self.policy = policy
        self.points_weight: float = check_bot_number("points_weight", points_weight, 0, 1)
        self.worlds: int = check_bot_int("worlds", worlds, 1, _MAX_WORLDS)
        self.candidates: int = check_bot_int("candidates", candidates, 1, _MAX_CANDIDATES)
        self.particles: int = check_bot_int("particles", particles, 1, _MAX_WORLDS)
        self.batch: int = check_bot_int("batch", batch, 1, _MAX_WORLDS)
        if model is not None and not callable(getattr(model, "probability", None)):
            raise InvalidBotSpecError(
                f"model must be a seat model (an object with a probability method), "
                f"got {describe(model)}"
            )
        self.margin: float = check_bot_number("margin", margin, 0, 100)
        self.drop: float = check_bot_number("drop", drop, 0, 100)
        if time_limit is not None:
            check_bot_number("time_limit", time_limit, 0, _MAX_TIME_LIMIT)
        self.time_limit = time_limit
        self.rollout_limit: int = check_bot_int("rollout_limit", rollout_limit, 1, _MAX_ROLLOUT)
        self.replay_moves: int = check_bot_int("replay_moves", replay_moves, 0, MAX_REPLAY_MOVES)
        self.model = model
        self._beliefs: dict[int, Belief] = {}
        self._last_number: dict[int, int] = {}

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(worlds={self.worlds}, candidates={self.candidates}, "
            f"particles={self.particles}, time_limit={self.time_limit})"
        )

    def belief(self, view: Any, deadline: Deadline | None = None) -> Belief:
        """The belief this bot keeps for the seat of ``view``, updated with it by
        ``deadline`` (a new belief when ``view`` is of an earlier moment than the last
        one: a new game)."""
        seat = view.player
        number = getattr(view, "move_number", 0)
        belief = self._beliefs.get(seat)
        if belief is None or number < self._last_number.get(seat, -1):
            belief = self._beliefs[seat] = Belief(
                particles=self.particles,
                model=self.model if self.model is not None else SoftGreedy(policy=self.policy),
                seed=number * 7919 + seat,
                replay_moves=self.replay_moves,
            )
        self._last_number[seat] = number
        belief.update(view, deadline=deadline)
        return belief

    def _search(self, view: Any, legal: Sequence[Any], rng: random.Random, limit: Deadline) -> Any:
        """The move this bot plays among ``legal`` (see the module), by ``limit``."""
        game = game_of(view)
        greedy = policy_of(game, self.policy)
        candidates = _ranked(greedy, view, list(legal), rng)[: self.candidate_count(game)]
        if len(candidates) == 1:
            return candidates[0]  # no search: the belief catches up at the next one
        # The belief may take half the time left; the search has the rest.
        belief = self.belief(view, limit.share(0.5))
        seed = rng.getrandbits(62)
        order = game.score_order if game is not None else None
        values: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        played = 0
        # Each world is drawn when its turn comes, after a look at the clock: the worlds
        # asked for (up to 10,000) are never drawn ahead of the time to play them.
        for world in self.draw_worlds(belief, self.world_count(game), seed):
            if limit.expired():
                return candidates[self._pick(values, alive)]
            # The rollouts need no log of the hand (the belief read it already).
            world = quiet(world)
            row = [
                self._value(
                    world, candidates[index], view.player, order, seed + played, greedy, limit
                )
                for index in alive
            ]
            if any(value is None for value in row):
                # A world cut short by the deadline counts for no candidate.
                return candidates[self._pick(values, alive)]
            for index, value in zip(alive, row):
                assert value is not None
                values[index].append(value)
            played += 1
            if played % self.batch == 0:
                alive = self._race(values, alive)
                if len(alive) == 1 or limit.expired():
                    return candidates[self._pick(values, alive)]
        if played % self.batch:
            alive = self._race(values, alive)
        return candidates[self._pick(values, alive)]

    def world_count(self, game: Game | None) -> int:
        """The worlds a decision in ``game`` plays (``worlds``)."""
        return int(self.worlds)

    def candidate_count(self, game: Game | None) -> int:
        """The greedy bot's best moves a decision in ``game`` compares (``candidates``)."""
        return int(self.candidates)

    def draw_worlds(self, belief: Belief, count: int, seed: int) -> Iterable[Any]:
        """The worlds a decision plays its candidates in: ``count`` drawn from
        ``belief``, each when the search asks for it (a subclass may draw them otherwise,
        as a benchmark's oracle does)."""
        return belief.iter_worlds(count, seed)

    def _race(self, values: list[list[float]], alive: list[int]) -> list[int]:
        """The candidates still in the race: greedy's (index 0) always; each other one
        unless its mean trails the best one's by more than ``drop`` standard errors of
        their paired difference."""
        count = len(values[0])
        if count < 2:
            return alive
        best = max(alive, key=lambda index: sum(values[index][:count]) / count)
        kept = []
        for index in alive:
            if index in (0, best):
                kept.append(index)
                continue
            mean, error = paired_difference(
                values[best][:count], values[index][:count], lone_error=math.inf
            )
            if mean <= self.drop * error or (error == 0 and mean == 0):
                kept.append(index)
        return kept

    def _pick(self, values: list[list[float]], alive: list[int]) -> int:
        """Greedy's move (index 0) unless a candidate beats it by ``margin`` standard
        errors of the paired difference (greedy's before any world is finished)."""
        count = min(len(values[index]) for index in alive)
        if not count:
            return 0
        best, best_score = 0, 0.0
        for index in alive:
            if index == 0:
                continue
            mean, error = paired_difference(
                values[index][:count], values[0][:count], lone_error=math.inf
            )
            if mean > self.margin * error and mean > 0 and mean - self.margin * error > best_score:
                best, best_score = index, mean - self.margin * error
        return best

    def _value(
        self,
        world: Any,
        move: Any,
        seat: int,
        order: ScoreOrder | None,
        seed: int,
        greedy: Bot,
        deadline: Deadline,
    ) -> float | None:
        """The share of the hand the side of ``seat`` wins when ``move`` is played in
        ``world`` and the greedy bot plays every seat to the hand's end; ``None`` if
        ``deadline`` passes first."""
        if deadline.expired():
            return None
        rng = random.Random(seed)
        hand = world.hand_number
        before = tuple(world.scores)
        state = world.apply(move)
        for _ in range(self.rollout_limit):
            if state.is_over:
                return float(state.returns()[seat])
            if state.hand_number != hand or state.is_chance:
                break
            if deadline.expired():
                return None
            actor = state.current_player
            legal = list(state.legal_moves())
            state = state.apply(
                legal[0] if len(legal) == 1 else greedy.choose(state.view(actor), legal, rng)
            )
        else:
            return 0.5
        after = tuple(state.scores)
        share = hand_share(before, after, state.teams, seat, order)
        if not self.points_weight or game_unit(state.rules) == "hand":
            return share
        return share + self.points_weight * hand_margin(before, after, state.teams, seat, order)


def hand_margin(
    before: Sequence[int],
    after: Sequence[int],
    teams: Sequence[Sequence[int]],
    seat: int,
    order: ScoreOrder | None,
) -> float:
    """The points by which ``seat``'s side beat the mean of the other sides in a hand,
    from each seat's total ``before`` and ``after`` it, in the direction the game counts
    (``order``: fewer penalty points, or more points won): positive is better.

    >>> from scala40.bots.belief_search import hand_margin
    >>> from scala40.match import ScoreOrder
    >>> hand_margin((10, 20), (10, 45), ((0,), (1,)), 0, ScoreOrder.LOW)
    25.0
    """
    gains = _side_gains(before, after, teams, order)
    mine = next(gain for team, gain in zip(teams, gains) if seat in team)
    others = [gain for team, gain in zip(teams, gains) if seat not in team]
    return float(mine - sum(others) / len(others)) if others else 0.0


def hand_share(
    before: Sequence[int],
    after: Sequence[int],
    teams: Sequence[Sequence[int]],
    seat: int,
    order: ScoreOrder | None,
) -> float:
    """The share of a hand won by ``seat``'s side, from each seat's total ``before`` and
    ``after`` it: the sides with the best result for the hand (the most points gained,
    or the fewest, as the game counts, ``order``) share it.

    >>> from scala40.bots.belief_search import hand_share
    >>> from scala40.match import ScoreOrder
    >>> hand_share((10, 20), (10, 45), ((0,), (1,)), 0, ScoreOrder.LOW)
    1.0
    """
    gains = _side_gains(before, after, teams, order)
    best = max(gains)
    winners = tuple(member for team, gain in zip(teams, gains) if gain == best for member in team)
    return win_shares(winners, teams, len(after))[seat]


def _side_gains(
    before: Sequence[int],
    after: Sequence[int],
    teams: Sequence[Sequence[int]],
    order: ScoreOrder | None,
) -> list[float]:
    """Each side's mean gain over a hand, from each seat's total ``before`` and ``after``
    it, signed so that more is better as the game counts (``order``)."""
    sign = 1 if order is ScoreOrder.HIGH else -1
    return [
        sign * sum(after[member] - before[member] for member in team) / len(team) for team in teams
    ]


def _ranked(greedy: Any, view: Any, legal: list[Any], rng: random.Random) -> list[Any]:
    """The greedy bot's moves, best first (a greedy bot without a ranking: its choice,
    then the others as listed)."""
    ranked = getattr(greedy, "ranked", None)
    if callable(ranked):
        return list(ranked(view, legal))
    first = greedy.choose(view, legal, random.Random(rng.getrandbits(62)))
    return [first, *(move for move in legal if move != first)]


class BestBot(BeliefSearchBot):
    """The ``search`` bot where the game names no other: the search on a belief at its
    default budget, on the careful bot's play (how it fares against that bot:
    :mod:`scala40.bots.strength`; ``best`` plays it only where it was measured above the
    careful bot in the game's unit, :func:`scala40.bots.best_bot`).

    Where the game has a careful bot (``policy``), the candidates are its best moves, its
    own first, the rollouts its play, and the belief's model of the other seats a
    softened careful bot; greedy's where it has none. In a match, each point a rollout's
    hand gives its side over the others adds ``points_weight`` (:data:`BEST_POINTS_WEIGHT`) to its value. The
    worlds a decision plays follow the game (its record's
    :attr:`~scala40.bots.registry.GameBots.search_tuning`: :data:`BEST_WORLDS` in the knock games, fewer
    where a hand's rollout costs more) unless ``worlds`` is given. Its work bounds it, not a
    clock: the
    same view and seed give the same move on a fast machine and on a loaded one. It stops
    sooner only at a ``time_limit`` given to it or at its caller's deadline, and a
    decision they cut short may differ between runs. Where the search has lost to greedy
    (Rumino: its tuning's ``candidates``), it plays its policy's move unless
    ``candidates`` is given. A game may name another bot ``search`` (Scala 40's is its
    Monte Carlo search, :class:`scala40.bots.scala40.best.BestBot`).

    >>> from scala40.bots import make_bot
    >>> make_bot("search", "chinchon")
    BestBot(worlds=None, candidates=4, particles=128, time_limit=None, policy='careful')
    """

    name = "search"

    def __init__(
        self,
        time_limit: float | None = None,
        worlds: int | None = None,
        **options: Any,
    ) -> None:
        options.setdefault("policy", "careful")
        options.setdefault("points_weight", BEST_POINTS_WEIGHT)
        super().__init__(
            time_limit=time_limit, worlds=BEST_WORLDS if worlds is None else worlds, **options
        )
        self._worlds_given = worlds is not None
        self._candidates_given = "candidates" in options

    def __repr__(self) -> str:
        worlds = self.worlds if self._worlds_given else None
        return (
            f"BestBot(worlds={worlds}, candidates={self.candidates}, "
            f"particles={self.particles}, time_limit={self.time_limit}, policy={self.policy!r})"
        )

    def candidate_count(self, game: Game | None) -> int:
        if self._candidates_given or game is None:
            return int(self.candidates)
        return game_bots_of(game).search_tuning.candidates or int(self.candidates)

    def world_count(self, game: Game | None) -> int:
        if self._worlds_given or game is None:
            return int(self.worlds)
        return game_bots_of(game).search_tuning.worlds or int(self.worlds)
