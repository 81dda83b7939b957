"""The web table's request readers: the fields each request may carry, each read as
the interface says or refused by name (:class:`RequestError`, with the HTTP status it
is answered with), and the seat a request names, checked against its token. The
tables (:mod:`scala40_server.web.tables`) and the deal's steps (:mod:`scala40_server.web.dealing`)
read their requests through these."""

from __future__ import annotations

import hmac
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs

from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40_server.serving.bot_seats import DEFAULT_BOT
from scala40_server.serving.request_fields import read_field
from scala40_server.web.budgets import Refusal

__all__ = [
    "ACTION_FIELDS",
    "CREATE_FIELDS",
    "LOOK_FIELDS",
    "MAX_PLAYERS",
    "MAX_SINCE",
    "PICTURE_FIELDS",
    "RequestError",
    "is_table_number",
    "read_body",
    "read_bot_specs",
    "read_field",
    "read_number",
    "read_query",
    "read_since",
    "refuse",
    "seat_of",
]

MAX_PLAYERS = 16
"""The most seats a table request may ask for (each game's rules bound it further)."""
MAX_SINCE = 10**12
"""The largest move number ``since`` takes."""


class RequestError(Exception):
    """A request the server refuses, with its HTTP status, the kind of error and, where
    trying again later may succeed, in how many seconds (``retry_after``) and the limit
    reached (``limit``: the :class:`~scala40_server.web.limits.ServerLimits` field), if one was."""

    def __init__(
        self,
        status: int,
        kind: str,
        message: str,
        *,
        retry_after: int | None = None,
        limit: str | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.retry_after = retry_after
        self.limit = limit


def refuse(refusal: Refusal | None) -> None:
    """Refuse a request whose budgets are spent (429, with when to try again and the
    limit reached); nothing when ``refusal`` is ``None``."""
    if refusal is not None:
        raise RequestError(
            429,
            "TooManyRequests",
            refusal.message,
            retry_after=refusal.retry_after,
            limit=refusal.limit,
        )


CREATE_FIELDS = ("game", "rules", "players", "seed", "bots", "bot", "bot_time_limit", "shuffle")
"""The fields of ``POST /tables``."""
ACTION_FIELDS = {
    "moves": ("seat", "token", "move", "move_number", "since"),
    "advance": ("seat", "token", "since"),
    "resign": ("seat", "token", "since"),
    "timeout": ("seat", "token", "since"),
    "undo": ("seat", "token", "move_number", "since"),
    "shuffle": ("seat", "token", "commitment", "value", "deal_commitment", "since"),
}
"""The fields of each action's body (``POST /tables/N/ACTION``)."""
LOOK_FIELDS = ("seat", "token", "since")
"""The query parameters of ``GET /tables/N``."""
PICTURE_FIELDS = ("seat", "token", "size", "layout_width", "what", "v")
"""The query parameters of ``GET /tables/N/picture`` (``v``: a page's cache breaker)."""


def read_bot_specs(body: Mapping[str, Any], players: int) -> list[str | None]:
    """Each seat's bot (``None``: a person), from ``bots``: a list with one entry per
    seat, or an object from seats to bots; by default seat 0 is a person and the others
    are ``bot`` (``greedy`` unless named)."""
    bots = body.get("bots")
    if bots is None:
        default = read_field(body, "bot", str, DEFAULT_BOT)
        return [None, *([default] * (players - 1))]
    if isinstance(bots, list):
        if len(bots) != players:
            raise InvalidValueError(f"'bots' must hold one entry per seat ({players})")
        specs = bots
    elif isinstance(bots, dict):
        specs = [None] * players
        for key, spec in bots.items():
            if not (
                isinstance(key, str) and key.isascii() and key.isdigit() and int(key) < players
            ):
                raise InvalidValueError("'bots' must name seats of the table")
            specs[int(key)] = spec
    else:
        raise InvalidArgumentError("'bots' must be a list or an object")
    if not all(spec is None or (isinstance(spec, str) and len(spec) <= 200) for spec in specs):
        raise InvalidArgumentError("each bot must be a bot's name or null")
    if all(spec is not None for spec in specs):
        raise InvalidValueError("'bots' must leave a seat to a person (null)")
    return specs


def read_since(value: object) -> int:
    """The move number ``since`` a request names (0 when none)."""
    if isinstance(value, str):
        value = int(value) if value.isascii() and value.isdigit() and len(value) <= 13 else -1
    if value is None:
        return 0
    if not (type(value) is int and 0 <= value <= MAX_SINCE):
        raise InvalidArgumentError("'since' must be a move number")
    return value


def read_query(query: str) -> dict[str, str]:
    """A request's query parameters, the last of each name."""
    if len(query) > 4_000:
        raise InvalidValueError("the query is too long")
    return {key: values[-1] for key, values in parse_qs(query).items()}


def read_number(text: str) -> int | None:
    """A picture's width from a query: its digits (at most 5) as a number, else none."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 5 else None


def is_table_number(text: str) -> bool:
    """Whether ``text`` is a table's number: ASCII digits, at most 12 of them."""
    return text.isascii() and text.isdigit() and len(text) <= 12


def read_body(body: object) -> Mapping[str, Any]:
    """A request's JSON body, which must be an object."""
    if not isinstance(body, dict):
        raise InvalidArgumentError("the body must be a JSON object")
    return body


def seat_of(seats: list[dict[str, Any]], request: Mapping[str, Any]) -> int:
    """The seat of ``seats`` a request names, checked against its token (403 if wrong)."""
    seat = request.get("seat")
    if isinstance(seat, str) and seat.isascii() and seat.isdigit() and len(seat) <= 3:
        seat = int(seat)
    if not (type(seat) is int and 0 <= seat < len(seats)):
        raise InvalidArgumentError("'seat' must be a seat of the table")
    expected = seats[seat].get("token")
    if expected is None:
        raise RequestError(403, "Forbidden", f"seat {seat} is a bot's")
    token = request.get("token")
    # A token is ASCII: any other text (a lone surrogate, which no encoding writes) is a
    # wrong token, not a fault of the server.
    if not (
        isinstance(token, str)
        and token.isascii()
        and hmac.compare_digest(token.encode(), expected.encode())
    ):
        raise RequestError(403, "Forbidden", "wrong token for this seat")
    return seat
