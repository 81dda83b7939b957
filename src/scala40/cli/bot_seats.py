"""The bots of ``scala40 serve`` and of the web table, and the seats they play: kept in
:mod:`scala40.serving.bot_seats`, which both servers share; its names are here too."""

from __future__ import annotations

from scala40.serving.bot_seats import (
    DEFAULT_BOT,
    DEFAULT_REQUEST_SECONDS,
    DEFAULT_TIME_LIMIT,
    HINT_BOTS,
    MAX_BOT_MOVES,
    MAX_REQUEST_SECONDS,
    MAX_TIME_LIMIT,
    BotSeats,
    bot_move,
    check_request_seconds,
    check_time_limit,
    timed_bot,
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
    "timed_bot",
]
