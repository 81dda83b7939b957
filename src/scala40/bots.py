"""Bots for every game: the bot protocol, generic bots, and a loop that plays games.

A bot is any object with a ``choose(view, legal, rng)`` method (the
:class:`~scala40.game.Bot` protocol): it gets the view of the seat whose decision it is,
the list of legal moves and a :class:`random.Random`, and returns one of the moves. It
never sees the full state: the other hands and the order of the stock stay hidden, as
at a real table. This works for every registered game, decisions out of turn included
(an offer, a claim): :func:`play_game` asks the seat the state names as
``current_player``.

Two bots work for any game from the protocol alone:

* :class:`RandomBot` picks a legal move at random;
* :class:`PlayoutBot` samples the hidden cards from its view many times, tries each
  candidate move in every sample and plays the hand out with the game's greedy bot.

Each game adds its own (``scala40``: :class:`~scala40.games.scala40.bots.GreedyBot` and
its tuned :class:`~scala40.games.scala40.bots.MonteCarloBot`). :func:`make_bot` builds
any of them from a name such as ``"greedy"`` or ``"montecarlo:playouts=50"``;
:func:`bot_names` lists a game's bots.

>>> import scala40
>>> from scala40.bots import GreedyBot, RandomBot, play_game
>>> rules = scala40.Ruleset(match_format="single")
>>> state = scala40.new_game(rules, players=2, seed=7)
>>> final = play_game(state, [GreedyBot(), RandomBot()], rng=7)
>>> final.is_over, len(final.winners)
(True, 1)
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scala40._checks import describe, is_int
from scala40.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidBotSpecError,
    InvalidValueError,
    Scala40Error,
)
from scala40.game import Bot, Game, State, load_game
from scala40.games.scala40.bots import GreedyBot, MonteCarloBot
from scala40.match import ScoreOrder, team_of

__all__ = [
    "BOTS",
    "GENERIC_BOTS",
    "Bot",
    "GreedyBot",
    "InvalidBotSpecError",
    "MonteCarloBot",
    "PlayoutBot",
    "RandomBot",
    "bot_factories",
    "bot_name",
    "bot_names",
    "make_bot",
    "play_game",
]


def bot_name(bot: object) -> str:
    """The name of a bot (or of a bot factory): its ``name`` attribute, else its class name.

    >>> bot_name(GreedyBot()), bot_name(GreedyBot), bot_name(RandomBot())
    ('greedy', 'greedy', 'random')
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
        :raises InvalidValueError: ``legal`` is empty.
        """
        if not legal:
            raise InvalidValueError("a bot chooses among legal moves, and there are none")
        return legal[rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return "RandomBot()"


class PlayoutBot:
    """Determinized Monte Carlo search for any game, through the protocol alone.

    For each decision with a choice, it takes up to ``candidates`` moves (the game's
    greedy bot's favourites first, when the game has one that ranks moves; else all of
    them, in order), then, ``playouts`` times, samples a full state from its view
    (``view.sample``), plays every candidate in that same sample and plays on with the
    game's greedy bot in every seat (a random bot for a game without one) until the
    hand ends, the game ends or ``rollout_limit`` moves are played. A playout is worth
    the seat's share of the win if the game ended; else its side's gain over the other
    sides in that hand, in the game's direction (lower penalty totals, or higher
    points), as a fraction of all the points the hand moved. The candidate with the
    best mean is played; the first candidate wins ties.

    Slow next to a game's own search, but it needs nothing from a game but the
    protocol: a strong baseline for a new game, and a check of its sampling.

    >>> import random, scala40
    >>> state = scala40.new_game("official", players=2, seed=3).apply("draw")
    >>> legal = list(state.legal_moves())
    >>> bot = PlayoutBot(playouts=4, candidates=3, rollout_limit=20)
    >>> bot.choose(state.view(0), legal, random.Random(1)) in legal
    True
    """

    name = "playout"

    def __init__(self, playouts: int = 64, candidates: int = 8, rollout_limit: int = 400) -> None:
        for option, value in (
            ("playouts", playouts),
            ("candidates", candidates),
            ("rollout_limit", rollout_limit),
        ):
            if not (is_int(value) and 1 <= value <= 1_000_000):
                raise InvalidBotSpecError(
                    f"{option} must be an integer from 1 to 1000000, got {describe(value)}"
                )
        self.playouts = playouts
        self.candidates = candidates
        self.rollout_limit = rollout_limit

    def __repr__(self) -> str:
        return (
            f"PlayoutBot(playouts={self.playouts}, candidates={self.candidates}, "
            f"rollout_limit={self.rollout_limit})"
        )

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The candidate with the best mean playout value (see the class documentation)."""
        if not legal:
            raise InvalidValueError("a bot chooses among legal moves, and there are none")
        if len(legal) == 1:
            return legal[0]
        first = view.sample(rng.getrandbits(64))
        game = load_game(first.game_name)
        policy = _policy(game)
        candidates = self._candidates(view, legal, policy)
        totals = [0.0] * len(candidates)
        seat = view.player
        for round_number in range(self.playouts):
            world = first if round_number == 0 else view.sample(rng.getrandbits(64))
            seed = rng.getrandbits(64)
            for index, move in enumerate(candidates):
                totals[index] += self._playout(world, move, seat, game, policy, seed)
        best = max(range(len(candidates)), key=lambda index: (totals[index], -index))
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
        self, world: State, move: Any, seat: int, game: Game, policy: Bot, seed: int
    ) -> float:
        hand = world.hand_number
        before = world.scores
        state = world.apply(move)
        chooser = random.Random(seed)
        moves = 0
        while not state.is_over and state.hand_number == hand and moves < self.rollout_limit:
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
    """``seat``'s side's gain over the other sides between two totals, as a fraction of
    all the points that moved (between -1 and 1; higher is better)."""
    side = team_of(teams, seat)
    change = [after[team[0]] - before[team[0]] for team in teams]
    mine = after[side[0]] - before[side[0]]
    others = [delta for team, delta in zip(teams, change) if tuple(team) != side]
    mean_others = sum(others) / len(others) if others else 0.0
    moved = sum(abs(delta) for delta in change) + 1
    gain = (mine - mean_others) / moved
    return gain if order is ScoreOrder.HIGH else -gain


def _policy(game: Game) -> Bot:
    """The bot that plays the rest of a playout: the game's greedy bot, else random."""
    factory = game.bots.get("greedy")
    bot: Bot = factory() if factory is not None else RandomBot()
    return bot


# ---------------------------------------------------------------- the registry

GENERIC_BOTS: Mapping[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "playout": PlayoutBot,
}
"""The bots every game has, by name; a game's own bots come on top (and take a name
they share, as Scala 40's ``montecarlo``)."""


def bot_factories(game: str | Game = "scala40") -> dict[str, Callable[..., Bot]]:
    """Every bot of ``game`` by name: the generic ones, then the game's own; a game
    without its own ``montecarlo`` gets :class:`PlayoutBot` under that name.

    >>> list(bot_factories("scala40"))
    ['random', 'greedy', 'montecarlo', 'playout']
    """
    found = load_game(game)
    factories: dict[str, Callable[..., Bot]] = {"random": RandomBot}
    factories.update(found.bots)
    factories.setdefault("montecarlo", PlayoutBot)
    factories["playout"] = PlayoutBot
    return factories


def bot_names(game: str | Game = "scala40") -> tuple[str, ...]:
    """The names :func:`make_bot` knows for ``game``."""
    return tuple(bot_factories(game))


BOTS: Mapping[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "montecarlo": MonteCarloBot,
}
"""The Scala 40 bots by name (:func:`bot_factories` gives any game's)."""


_WORDS: dict[str, Any] = {"none": None, "true": True, "false": False}
MAX_BOT_SPEC = 1_000
"""The longest bot specification :func:`make_bot` reads."""


_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def _option_value(text: str) -> Any:
    """An option value as written in a bot specification: a number (ASCII digits, at most
    30 characters, finite), a word of :data:`_WORDS`, or the text itself."""
    if len(text) <= 30 and text.isascii() and _NUMBER.fullmatch(text):
        try:
            return int(text)
        except ValueError:
            number = float(text)
            if math.isfinite(number):
                return number
    return _WORDS.get(text.lower(), text)


def make_bot(spec: str, game: str | Game = "scala40") -> Bot:
    """A new bot of ``game`` from its name, optionally followed by options: ``"greedy"``,
    ``"montecarlo:playouts=50"``, ``"montecarlo:time_limit=0.5,candidates=3"``.

    >>> make_bot("montecarlo:playouts=50,candidates=3")
    MonteCarloBot(playouts=50, time_limit=None, candidates=3, ...)
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidBotSpecError: no bot named 'clever'; bots: random, greedy, montecarlo, playout

    :raises InvalidBotSpecError: the name is unknown or an option is not accepted.
    :raises UnknownGameError: ``game`` names no game.
    """
    if not isinstance(spec, str):
        raise InvalidBotSpecError(f"expected a bot name, got {describe(spec)}")
    if len(spec) > MAX_BOT_SPEC:
        raise InvalidBotSpecError(
            f"a bot specification of {len(spec)} characters: at most {MAX_BOT_SPEC}"
        )
    factories = bot_factories(game)
    name, _, option_text = spec.strip().partition(":")
    factory = factories.get(name.strip().lower())
    if factory is None:
        raise InvalidBotSpecError(f"no bot named {describe(name)}; bots: {', '.join(factories)}")
    options: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in option_text.split(","))):
        key, equals, value = item.partition("=")
        if not equals or not key.strip().isidentifier():
            raise InvalidBotSpecError(
                f"bad bot option {describe(item)} in {describe(spec)}: expected NAME=VALUE"
            )
        options[key.strip()] = _option_value(value.strip())
    try:
        return factory(**options)
    except TypeError:
        raise InvalidBotSpecError(
            f"bot {describe(name)} does not take the options {describe(sorted(options), 200)}"
        ) from None


# ---------------------------------------------------------------- playing a game


def play_game(
    state: Any,
    bots: Sequence[Bot],
    rng: random.Random | int = 0,
    max_actions: int | None = None,
    on_move: Callable[[Any, Any], None] | None = None,
) -> Any:
    """Play ``state`` (of any game) to its end with ``bots[p]`` deciding for seat ``p``.

    Each decision goes to the seat the state names as ``current_player`` (out of turn
    too: an offer, a claim). Chance steps (seen with ``auto_chance=False``) are played
    as the engine offers them. Each bot gets the view of its seat, the list of legal
    moves and its own random generator, seeded from ``rng`` (a seed or a
    :class:`random.Random`), so the game is reproducible. ``on_move(state, move)`` is
    called before each move is applied. With ``max_actions``, play stops after that many
    moves, whether or not the game is over.

    :param state: the game to play on, at any point of it.
    :param bots: one bot for each seat.
    :param on_move: called with the state and the move before each move.
    :returns: the final state (or the state after ``max_actions`` moves).
    :raises IllegalMoveError: a bot chose a move that is not legal; the message names
        the bot, the seat and the rule broken.
    :raises InvalidValueError: there is not one bot per seat.
    """
    if not isinstance(state, State):
        raise InvalidArgumentError(f"expected a game state, got {describe(state)}")
    given: object = bots
    if not isinstance(given, Sequence) or isinstance(given, str):
        raise InvalidArgumentError(f"expected a list of bots, got {describe(bots)}")
    if len(bots) != state.player_count:
        raise InvalidValueError(
            f"expected {state.player_count} bots, one per player, got {len(bots)}"
        )
    for bot in bots:
        if not callable(getattr(bot, "choose", None)):
            raise InvalidArgumentError(
                f"expected a bot (with a choose method), got {describe(bot)}"
            )
    if max_actions is not None and not (is_int(max_actions) and max_actions >= 0):
        raise InvalidValueError(
            f"max_actions must be an integer of at least 0, got {describe(max_actions)}"
        )
    if on_move is not None and not callable(on_move):
        raise InvalidArgumentError(f"on_move must be callable, got {describe(on_move)}")
    if not isinstance(rng, random.Random) and not (is_int(rng) and abs(rng) < 10**40):
        raise InvalidArgumentError(
            f"rng must be a random.Random or an integer seed of at most 40 digits, "
            f"got {describe(rng)}"
        )
    master = rng if isinstance(rng, random.Random) else random.Random(rng)
    seat_rngs = [random.Random(master.getrandbits(64)) for _ in bots]
    actions = 0
    while not state.is_over and (max_actions is None or actions < max_actions):
        legal = state.legal_moves()
        if state.is_chance:
            move = legal[0]
        else:
            player = state.current_player
            assert player is not None
            bot = bots[player]
            options = list(legal)
            move = bot.choose(state.view(player), options, seat_rngs[player])
            if move not in options:
                _check_bot_move(state, move, bot, player)
        if on_move is not None:
            on_move(state, move)
        state = state.apply(move)
        actions += 1
    return state


def _check_bot_move(state: Any, move: object, bot: Bot, player: int) -> None:
    """Raise ``IllegalMoveError`` unless ``move`` is a legal move written another way."""
    try:
        state.apply(move)
    except Scala40Error as error:
        if isinstance(move, str):
            text = move if len(move) <= 200 else move[:197] + "..."
        else:
            text = str(move) if hasattr(type(move), "verb") else describe(move)
        raise IllegalMoveError(
            f"bot {bot_name(bot)!r} (player {player}) chose {text}, which is not legal: {error}"
        ) from error
    if isinstance(move, str):
        raise IllegalMoveError(
            f"bot {bot_name(bot)!r} (player {player}) returned the text {move!r}; "
            "a bot must return a move value (see the game's parse_move)"
        )
