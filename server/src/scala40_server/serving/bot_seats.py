"""The bots of ``scala40 serve``: a bot's move for a table, under a time budget the referee
bounds, and the seats of a held game that the referee's bots play.

**The time budget.** A request gives a bot ``time_limit`` seconds a move
(:data:`~scala40_server.protocol.DEFAULT_TIME_LIMIT` when it gives none, at most
:data:`~scala40_server.protocol.MAX_TIME_LIMIT`: bounds of the protocol). The
referee hands it to every bot whose factory takes a ``time_limit`` (the searches:
``montecarlo``, ``playout``, ``ismcts``), which stop searching once it has run out and
answer within about one more playout or iteration; the others (``random``, ``greedy``)
search nothing and answer in milliseconds. A bot's name may carry its other options
(``"ismcts:iterations=2000"``), not ``time_limit``: the request's field is the one place
the budget is set.

**Seeds.** A bot draws from a :class:`random.Random` seeded by the request: the same
table, bot and seed give the same move whenever the bot stops on its own budget
(iterations, playouts) before the clock.

**The request's bound.** Everything one request makes the bots do runs under a
:class:`~scala40.deadline.Deadline` of the server's request bound
(:data:`~scala40_server.protocol.DEFAULT_REQUEST_SECONDS` of wall time unless whoever
starts the server says otherwise: ``scala40 serve --request-seconds``, ``scala40 web
--request-seconds``; never the client). Each bot is asked through
:func:`scala40.bots.choose_move`, with the sooner of that deadline and its own
``time_limit``: a request's ``time_limit`` can lower a bot's budget, never raise the
request past the bound.

**Bot seats.** :class:`BotSeats` plays the seats of a game the referee holds that its
bots play: after ``new``, after each ``apply``, on ``advance``: every move of a bot
seat, and the chance steps between them, up to a decision of a seat that the client
plays, the end of the game, the request's deadline, or :data:`MAX_BOT_MOVES` moves (then
the answer's summary names the bot seat to move, and ``advance`` goes on). A slice plays
at least one bot move, so that ``advance`` always goes on.

>>> import scala40
>>> from scala40_server.serving.bot_seats import bot_move, timed_bot
>>> state = scala40.new_game(players=2, seed=1)
>>> game = scala40.load_game("scala40")
>>> move = bot_move(state, timed_bot("greedy", game, 0.2), seed=3)
>>> move in state.legal_moves()
True
>>> timed_bot("ismcts:iterations=50", game, 0.5)
ISMCTSBot(iterations=50, time_limit=0.5, ...)
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Sequence
from typing import Any

from scala40.bots import bot_factories, bot_name, choose_move, make_bot
from scala40.checks import describe, is_number
from scala40.deadline import Deadline
from scala40.errors import IllegalMoveError, InvalidArgumentError, InvalidValueError
from scala40.events import Event, events_of
from scala40.game import Bot, Game
from scala40_server.protocol import (
    DEFAULT_REQUEST_SECONDS,
    DEFAULT_TIME_LIMIT,
    MAX_REQUEST_SECONDS,
    MAX_TIME_LIMIT,
)

__all__ = [
    "DEFAULT_BOT",
    "DEFAULT_REQUEST_SECONDS",
    "DEFAULT_TIME_LIMIT",
    "HINT_BOTS",
    "MAX_BOT_MOVES",
    "MAX_REQUEST_SECONDS",
    "MAX_TIME_LIMIT",
    "BotSeats",
    "bot_move",
    "check_request_seconds",
    "check_time_limit",
    "is_search",
    "timed_bot",
]

DEFAULT_BOT = "greedy"
"""The bot ``bot`` asks, and a bot seat plays, when a request names none."""
HINT_BOTS = ("ismcts:iterations=20000", "greedy")
"""The bot ``hint`` asks unless the request names one: the first the game has (the
information-set search, stopped by the request's time budget; else the greedy bot)."""
MAX_BOT_MOVES = 500
"""The most moves the bot seats play in one request (``advance`` plays on)."""


def check_request_seconds(value: object) -> float:
    """``value`` as a server's request bound: a number of seconds from 0.01 to
    :data:`~scala40_server.protocol.MAX_REQUEST_SECONDS`.

    >>> from scala40_server.serving.bot_seats import check_request_seconds
    >>> check_request_seconds(0.5)
    0.5

    :raises InvalidValueError: any other value.
    """
    if not (is_number(value) and 0.01 <= value <= MAX_REQUEST_SECONDS):
        raise InvalidValueError(
            f"the request bound must be a number of seconds from 0.01 to "
            f"{MAX_REQUEST_SECONDS:g}, got {describe(value)}"
        )
    return float(value)


def check_time_limit(value: object) -> float:
    """``value`` as a time budget: a number of seconds above 0 and at most
    :data:`~scala40_server.protocol.MAX_TIME_LIMIT`.

    :raises InvalidValueError: any other value.
    """
    if not (is_number(value) and 0 < value <= MAX_TIME_LIMIT):
        raise InvalidValueError(
            f"'time_limit' must be a number of seconds above 0 and at most "
            f"{MAX_TIME_LIMIT:g}, got {describe(value)}"
        )
    return float(value)


def timed_bot(spec: object, game: Game, time_limit: float) -> Bot:
    """The bot ``spec`` names (as :func:`~scala40.bots.make_bot` reads it) for ``game``
    (its record, resolved at the request's edge), given ``time_limit`` seconds a move if
    its factory takes a time limit (see the module).

    :raises InvalidBotSpecError: no bot of the game has that name, or an option is not
        accepted.
    :raises InvalidArgumentError: ``spec`` is not text, or sets ``time_limit`` itself.
    """
    if not isinstance(spec, str):
        raise InvalidArgumentError(f"a bot must be named by its text, got {describe(spec)}")
    options = spec.partition(":")[2]
    keys = {item.partition("=")[0].strip() for item in options.split(",")}
    if "time_limit" in keys:
        raise InvalidArgumentError(
            "give a bot's time budget as the request's 'time_limit', not in its name"
        )
    if is_search(spec, game):
        spec = f"{spec}{',' if options.strip() else ':'}time_limit={time_limit!r}"
    return make_bot(spec, game)


def is_search(spec: str, game: Game) -> bool:
    """Whether the bot ``spec`` names for ``game`` searches (its factory takes a time
    limit, which it thinks for: ``montecarlo``, ``ismcts``...), rather than answering
    in milliseconds (``random``, ``greedy``); ``False`` for no bot of the game.

    >>> from scala40 import load_game
    >>> from scala40_server.serving.bot_seats import is_search
    >>> game = load_game("scala40")
    >>> is_search("ismcts:iterations=50", game), is_search("greedy", game)
    (True, False)
    """
    factory = bot_factories(game).get(spec.partition(":")[0].strip().lower())
    return factory is not None and "time_limit" in _parameters(factory)


def _parameters(factory: Any) -> tuple[str, ...]:
    try:
        return tuple(inspect.signature(factory).parameters)
    except (TypeError, ValueError):  # pragma: no cover - a factory Python cannot read
        return ()


def bot_move(
    state: Any,
    bot: Bot,
    seed: int | None = None,
    rng: random.Random | None = None,
    deadline: Deadline | None = None,
) -> Any:
    """The move ``bot`` chooses for the seat to decide in ``state``, drawing from ``rng``
    (or a generator seeded with ``seed``), asked through :func:`scala40.bots.choose_move`
    with ``deadline`` (the request's).

    :raises InvalidArgumentError: nobody decides in ``state`` (a chance step, the end).
    :raises IllegalMoveError: the bot chose a move that is not legal.
    """
    seat = state.current_player
    if seat is None or state.is_chance:
        raise InvalidArgumentError(
            "no seat decides here: "
            + ("the game is over" if state.is_over else "a chance step comes next")
        )
    legal = list(state.legal_moves())
    chooser = rng if rng is not None else random.Random(seed)
    move = choose_move(bot, state.view(seat), legal, chooser, deadline)
    if move not in legal:
        raise IllegalMoveError(
            f"bot {bot_name(bot)!r} (seat {seat}) chose {describe(move)}, which is not legal"
        )
    return move


class BotSeats:
    """The seats of one held game that the referee's bots play (see the module).

    :param game: the game.
    :param specs: one entry per seat: a bot's name, or ``None`` for a seat the client
        plays (at least one).
    :param time_limit: each bot's seconds a move (see :func:`check_time_limit`).
    :param seed: the seed of the bots' randomness (each seat draws its own from it).
    :raises InvalidValueError: not one entry per seat, or no seat left to the client.
    :raises InvalidBotSpecError: an entry names no bot of the game.
    """

    def __init__(self, game: Game, specs: Sequence[object], time_limit: float, seed: int) -> None:
        self.time_limit = time_limit
        self.specs: tuple[str | None, ...] = tuple(
            None if spec is None else _spec(spec) for spec in specs
        )
        if all(spec is not None for spec in self.specs):
            raise InvalidValueError(
                "'bots' must leave at least one seat to the client (null); ask 'bot' for "
                "each move to watch bots play each other"
            )
        self.bots: dict[int, Bot] = {
            seat: timed_bot(spec, game, time_limit)
            for seat, spec in enumerate(self.specs)
            if spec is not None
        }
        master = random.Random(seed)
        self.rngs: list[random.Random] = [
            random.Random(master.getrandbits(64)) for _ in self.specs
        ]

    def plays(self, seat: int | None) -> bool:
        """Whether a bot plays ``seat``."""
        return seat is not None and seat in self.bots

    def play(
        self, state: Any, chance: bool, deadline: Deadline | None = None
    ) -> tuple[Any, list[Event], list[dict[str, Any]]]:
        """``state`` after the bot seats' moves (and, if ``chance``, the chance steps
        between them), up to a seat the client plays, the end, ``deadline`` (after one
        bot move at least) or :data:`MAX_BOT_MOVES` moves; their events; and each bot
        move as ``{"seat", "text", "move"}``. Each bot thinks until the sooner of
        ``deadline`` and its ``time_limit``."""
        limit = Deadline.never() if deadline is None else deadline
        events: list[Event] = []
        played: list[dict[str, Any]] = []
        while not state.is_over and len(played) < MAX_BOT_MOVES:
            if state.is_chance:
                if not chance:
                    break
                move = state.legal_moves()[0]
            else:
                seat = state.current_player
                if not self.plays(seat) or (played and limit.expired()):
                    break
                thinking = limit.within(self.time_limit)
                move = bot_move(state, self.bots[seat], rng=self.rngs[seat], deadline=thinking)
                written = state.MOVES.to_dict(move)
                played.append({"seat": seat, "text": str(move), "move": written})
            after = state.apply(move)
            events.extend(events_of(state, move, after))
            state = after
        return state, events, played


def _spec(value: object) -> str:
    if not isinstance(value, str):
        raise InvalidArgumentError(
            f"each entry of 'bots' must be a bot's name or null, got {describe(value)}"
        )
    return value
