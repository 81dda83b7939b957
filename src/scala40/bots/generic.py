"""The bots every game has: a random bot and a determinized playout search, both playing
any registered game through the :class:`~scala40.game.State` protocol alone, and
:func:`game_bots`, which puts them around a game's own.

A game's own bots (:func:`scala40.bots.registry.game_bots_of`) are only its own, so that
its rules load no search; the tools read every bot through :func:`scala40.bots.bot_factories`
(:func:`scala40.bots.make_bot`, ``scala40 play --bots``), where :func:`game_bots` adds
the generic bots here (``random``, ``playout``, and ``montecarlo`` for a game without a
search of its own), the information-set tree search ``ismcts``
(:class:`scala40.bots.ismcts.ISMCTSBot`) and the belief searches.

>>> from scala40.bots.generic import RandomBot, game_bots
>>> list(game_bots({"greedy": RandomBot}))
['random', 'greedy', 'montecarlo', 'playout', 'ismcts', 'belief', 'search']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scala40.bots._anytime import AnytimeBot, wall_time_limit
from scala40.bots.belief_search import BeliefSearchBot, BestBot, hand_margin
from scala40.bots.ismcts import MAX_TIME_LIMIT, ISMCTSBot
from scala40.bots.registry import game_bots_of
from scala40.checks import check_any_choice, check_bot_int, describe
from scala40.deadline import Deadline
from scala40.errors import InvalidBotSpecError
from scala40.game import Bot, Game, State, load_game
from scala40.match import ScoreOrder

__all__ = ["GENERIC_BOTS", "PlayoutBot", "RandomBot", "bot_name", "game_bots"]

_MOST = 1_000_000
"""The most playouts, candidates and rollout moves :class:`PlayoutBot` takes."""


def bot_name(bot: object) -> str:
    """The name of a bot (or of a bot factory): its ``name`` attribute, else its class name.

    >>> from scala40.bots.generic import PlayoutBot, RandomBot, bot_name
    >>> bot_name(PlayoutBot()), bot_name(PlayoutBot), bot_name(RandomBot())
    ('playout', 'playout', 'random')
    """
    name = getattr(bot, "name", None)
    if isinstance(name, str) and name:
        return name
    own = getattr(bot, "__name__", None)
    if isinstance(own, str):
        return own
    return type(bot).__name__


class RandomBot:
    """Picks one of the legal moves uniformly at random (any game).

    >>> from scala40.bots.generic import RandomBot
    >>> import random, scala40
    >>> view = scala40.new_game(players=2, seed=1).view(0)
    >>> RandomBot().choose(view, [scala40.DrawStock()], random.Random(0))
    DrawStock()
    """

    name = "random"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """A legal move drawn uniformly from ``rng``.

        :param view: what the seat to decide may see.
        :param legal: the legal moves, one of which is returned.
        :param rng: the only randomness to draw from.
        :raises InvalidArgumentError: ``view`` is not a seat's view, ``legal`` not a list
            of moves or ``rng`` not a :class:`random.Random`.
        :raises InvalidValueError: ``legal`` is empty.
        """
        check_any_choice(view, legal, rng)
        return legal[rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return "RandomBot()"


class PlayoutBot(AnytimeBot):
    """Determinized Monte Carlo search for any game, through the protocol alone.

    For each decision with a choice, it takes up to ``candidates`` moves (the game's
    greedy bot's favourites first, when the game has one that ranks moves; else all of
    them, in order), then, ``playouts`` times, samples a full state from its view
    (``view.sample``), plays every candidate in that same sample and plays on with the
    game's greedy bot in every seat (a random bot for a game without one) until the
    hand ends, the game ends or ``rollout_limit`` moves are played. With ``time_limit``
    (wall seconds from the start of the decision) or a caller's ``deadline``, whichever
    passes first, it is anytime: it looks at the clock at every move of a playout, drops
    the sample the deadline cuts short (every candidate is compared on the same
    samples) and plays the best of the samples finished (the first candidate if none).
    A playout is worth
    the seat's share of the win if the game ended; else its side's gain over the other
    sides in that hand, in the game's direction (lower penalty totals, or higher
    points), as a fraction of all the points the hand moved. The candidate with the
    best mean is played; the first candidate wins ties.

    Slow next to a game's own search, but it needs nothing from a game but the
    protocol: a strong baseline for a new game, and a check of its sampling.

    >>> from scala40.bots.generic import PlayoutBot
    >>> import random, scala40
    >>> state = scala40.new_game("official", players=2, seed=3).apply("draw")
    >>> legal = list(state.legal_moves())
    >>> bot = PlayoutBot(playouts=4, candidates=3, rollout_limit=20)
    >>> bot.choose(state.view(0), legal, random.Random(1)) in legal
    True
    """

    name = "playout"

    def __init__(
        self,
        playouts: int = 64,
        candidates: int = 8,
        rollout_limit: int = 400,
        time_limit: float | None = None,
    ) -> None:
        self.time_limit: float | None = wall_time_limit(time_limit, MAX_TIME_LIMIT)
        self.playouts: int = check_bot_int("playouts", playouts, 1, _MOST)
        self.candidates: int = check_bot_int("candidates", candidates, 1, _MOST)
        self.rollout_limit: int = check_bot_int("rollout_limit", rollout_limit, 1, _MOST)

    def __repr__(self) -> str:
        return (
            f"PlayoutBot(playouts={self.playouts}, candidates={self.candidates}, "
            f"rollout_limit={self.rollout_limit}, time_limit={self.time_limit})"
        )

    def _search(self, view: Any, legal: Sequence[Any], rng: random.Random, limit: Deadline) -> Any:
        """The candidate with the best mean playout value (see the class documentation)."""
        first = view.sample(rng.getrandbits(64))
        game = load_game(first.game_name)
        policy = _policy(game)
        candidates = self._candidates(view, legal, policy)
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        seat = view.player
        for round_number in range(self.playouts):
            if limit.expired():
                break
            world = first if round_number == 0 else view.sample(rng.getrandbits(64))
            seed = rng.getrandbits(64)
            values = [
                self._playout(world, move, seat, game, policy, seed, limit) for move in candidates
            ]
            if any(value is None for value in values):
                break  # a sample cut short by the deadline counts for no candidate
            for index, value in enumerate(values):
                assert value is not None
                totals[index] += value
                counts[index] += 1
        best = max(
            range(len(candidates)),
            key=lambda index: (totals[index] / counts[index] if counts[index] else 0.0, -index),
        )
        return candidates[best]

    def _candidates(self, view: Any, legal: Sequence[Any], policy: Bot) -> list[Any]:
        ranked = getattr(policy, "ranked", None)
        if callable(ranked):
            try:
                order = list(ranked(view, legal))
            except (TypeError, AttributeError):  # a game's bot without a usable ranking
                order = list(legal)
        else:
            order = list(legal)
        chosen = [move for move in order if move in legal][: self.candidates]
        return chosen or list(legal)[: self.candidates]

    def _playout(
        self,
        world: State,
        move: Any,
        seat: int,
        game: Game,
        policy: Bot,
        seed: int,
        deadline: Deadline,
    ) -> float | None:
        """The value of ``move`` played out in ``world``; ``None`` if ``deadline`` passes
        first (the rest of the sample is then not played)."""
        if deadline.expired():
            return None
        hand = world.hand_number
        before = world.scores
        state = world.apply(move)
        chooser = random.Random(seed)
        moves = 0
        while not state.is_over and state.hand_number == hand and moves < self.rollout_limit:
            if deadline.expired():
                return None
            legal = state.legal_moves()
            if state.is_chance:
                state = state.apply(legal[0])
            else:
                mover = state.current_player
                assert mover is not None
                state = state.apply(policy.choose(state.view(mover), list(legal), chooser))
            moves += 1
        if state.is_over:
            return state.returns()[seat]
        return _hand_gain(before, state.scores, state.teams, seat, game.score_order)


def _hand_gain(
    before: Sequence[int],
    after: Sequence[int],
    teams: Sequence[Sequence[int]],
    seat: int,
    order: ScoreOrder,
) -> float:
    """``seat``'s side's gain over the other sides between two totals
    (:func:`~scala40.bots.belief_search.hand_margin`), as a fraction of all the points
    that moved (between -1 and 1; higher is better)."""
    moved = sum(abs(after[team[0]] - before[team[0]]) for team in teams) + 1
    return hand_margin(before, after, teams, seat, order) / moved


def _policy(game: Game) -> Bot:
    """The bot that plays the rest of a playout: the game's greedy bot, else random."""
    factory = game_bots_of(game).bots.get("greedy")
    bot: Bot = factory() if factory is not None else RandomBot()
    return bot


GENERIC_BOTS: Mapping[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "playout": PlayoutBot,
    "ismcts": ISMCTSBot,
    "belief": BeliefSearchBot,
    "search": BestBot,
}
"""The bots every game has, by name (:func:`game_bots` adds them to a game's own)."""


def game_bots(own: Mapping[str, Callable[..., Any]]) -> dict[str, Callable[..., Any]]:
    """Every bot of a game by name: ``random``, the game's ``own`` bots, then
    ``montecarlo`` (:class:`PlayoutBot` unless the game has its own search of that name),
    ``playout``, and ``ismcts``, ``belief`` and ``search`` (the searches of
    :mod:`scala40.bots`, unless the game has its own bot of that name: Scala 40's
    ``search`` is its Monte Carlo search). :func:`scala40.bots.bot_factories` adds them to
    bots the game gives (:func:`scala40.bots.registry.game_bots_of`), its own, and ``best`` after
    them (:func:`scala40.bots.best_bot`).

    >>> from scala40.bots.generic import game_bots
    >>> list(game_bots({}))
    ['random', 'montecarlo', 'playout', 'ismcts', 'belief', 'search']

    :raises InvalidBotSpecError: ``own`` is not a mapping of names to bot factories.
    """
    given: object = own
    if not isinstance(given, Mapping) or not all(
        isinstance(name, str) and callable(factory) for name, factory in given.items()
    ):
        raise InvalidBotSpecError(f"expected bot factories by name, got {describe(own)}")
    factories: dict[str, Callable[..., Any]] = {"random": RandomBot}
    factories.update(own)
    factories.setdefault("montecarlo", PlayoutBot)
    factories["playout"] = PlayoutBot
    factories.setdefault("ismcts", ISMCTSBot)
    factories.setdefault("belief", BeliefSearchBot)
    factories.setdefault("search", BestBot)
    return factories
