"""The web table's limits, set by whoever starts the server (``scala40 web``'s options, or
:class:`~scala40.web.tables.Tables` and :func:`~scala40.web.server.make_server` for a
server of one's own), never by a client.

* **request_seconds** (:data:`~scala40.schemas.protocol.DEFAULT_REQUEST_SECONDS`, 2, by
  default, from 0.01 to 60): the wall time everything one request makes the bots do runs
  under (a :class:`~scala40.deadline.Deadline`, handed to every bot through
  :func:`scala40.bots.choose_move`), waiting for a busy table included (then 503). The
  bots play their seats in slices: when the time is up the answer says ``waiting`` and
  ``advance`` plays on. A table's ``bot_time_limit`` can lower a bot's time a move, never
  raise the request past this bound.
* **decision_seconds** (:data:`DEFAULT_DECISION_SECONDS`, 60, by default): a person's
  clock for each decision. The server starts it when the decision comes to the person
  (and again when undo brings one back), every answer says how much is left
  (``clock``), and ``timeout`` (the game's default move, played for the person) is
  honoured only once it has run out, whichever seat of the table asks. 0 lets any seat
  ask at once.
* **hand_break_seconds** (:data:`DEFAULT_HAND_BREAK_SECONDS`, 30, by default): how much
  longer the clock of a person's first decision in each hand runs, so that the players
  may read how the last hand ended (or, in the first hand, sit down) before it counts.
* **read_seconds** (:data:`DEFAULT_READ_SECONDS`, 10, by default): how long the server
  waits for a whole request, its headers and its body, from the moment it starts
  waiting for it (on a kept-alive connection too). A client that sends its bytes slower,
  or announces a body and never sends it, is answered 408 (or, in its headers, closed),
  so that it holds no thread longer.
* **finished_seconds** (a day by default) and **idle_seconds** (a week by default): how
  long a finished table, and an unfinished one where nothing was played, are kept after
  their last change, before they expire (:mod:`scala40.web.store`).

What strangers may spend, per client address and in all (a client's address is the one
its connection comes from; behind a proxy, every client shares the proxy's):

* **max_connections** (64) and **client_connections** (8): connections served at once, in
  all and from one address; one past them is closed at once, unread.
* **tables_per_minute** (60) and **client_tables_per_minute** (10): tables made a minute,
  in all and by one address, with a minute's worth at once (a bucket that fills at that
  rate); one past them is refused with status 429 (``TooManyRequests``).
* **max_tables** (10,000): tables kept; a table past it is refused with status 503
  (``Full``) until old ones expire.
* **bot_seconds_per_minute** (60) and **client_bot_seconds_per_minute** (20): the wall
  seconds the bots may think a minute, for everyone's requests and for one address's, a
  minute's worth at once. A request that would make the bots think (making a table, a
  move, ``advance``, ``resign``, ``timeout``) while its address's or everyone's are spent
  is refused with status 429 before any work; one under way runs to its request bound.
* **allowed_origins** (none): the origins, besides the server's own, whose pages may call
  it (``"*"``: any). By default the server is same-origin: a request whose ``Origin``
  is another is refused with status 403, and no answer allows another origin.

>>> from scala40.web.limits import ServerLimits
>>> ServerLimits().request_seconds, ServerLimits(decision_seconds=30).decision_seconds
(2.0, 30.0)
>>> ServerLimits(decision_seconds=-1)
Traceback (most recent call last):
...
scala40.errors.InvalidValueError: decision_seconds must be a number of seconds from 0 to 604800, got -1.0
>>> ServerLimits(client_connections=0)
Traceback (most recent call last):
...
scala40.errors.InvalidValueError: client_connections must be a whole number from 1 to 100000, got 0
"""

from __future__ import annotations

from typing import Any

import attrs

from scala40._checks import describe, is_int, is_number
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40.schemas.protocol import DEFAULT_REQUEST_SECONDS, MAX_REQUEST_SECONDS

__all__ = [
    "DAY",
    "DEFAULT_DECISION_SECONDS",
    "DEFAULT_HAND_BREAK_SECONDS",
    "DEFAULT_READ_SECONDS",
    "DEFAULT_REQUEST_SECONDS",
    "MAX_RATE",
    "ServerLimits",
]

DAY = 86_400.0
"""Seconds in a day."""
DEFAULT_DECISION_SECONDS = 60.0
"""A person's clock for each decision, by default."""
DEFAULT_HAND_BREAK_SECONDS = 30.0
"""How much longer a person's first decision of a hand runs, by default."""
DEFAULT_READ_SECONDS = 10.0
"""How long the server waits for a request's headers and body, by default."""
MAX_RATE = 1_000_000.0
"""The largest number a rate a minute may be."""


def _within(low: float, high: float) -> Any:
    def check(instance: object, field: attrs.Attribute[Any], value: object) -> None:
        if not (is_number(value) and low <= value <= high):
            raise InvalidValueError(
                f"{field.name} must be a number of seconds from {low:g} to {high:g}, "
                f"got {describe(value)}"
            )

    return check


def _count(low: int, high: int) -> Any:
    def check(instance: object, field: attrs.Attribute[Any], value: object) -> None:
        if not (is_int(value) and low <= value <= high):
            raise InvalidValueError(
                f"{field.name} must be a whole number from {low} to {high}, got {describe(value)}"
            )

    return check


def _rate(instance: object, field: attrs.Attribute[Any], value: object) -> None:
    if not (is_number(value) and 0.001 <= value <= MAX_RATE):
        raise InvalidValueError(
            f"{field.name} must be a number from 0.001 to {MAX_RATE:g} a minute, "
            f"got {describe(value)}"
        )


def _origins(value: object) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise InvalidArgumentError(
            f"allowed_origins must be a list of origins, got {describe(value)}"
        )
    for origin in value:
        if not (isinstance(origin, str) and (origin == "*" or _is_origin(origin))):
            raise InvalidValueError(
                "allowed_origins must hold origins (scheme://host[:port], no path) or '*', "
                f"got {describe(origin)}"
            )
    return tuple(value)


def _is_origin(text: str) -> bool:
    scheme, separator, rest = text.partition("://")
    return (
        separator == "://"
        and scheme in ("http", "https")
        and 0 < len(rest) <= 255
        and rest.isascii()
        and not any(character in rest for character in "/?#@ ")
    )


def _seconds(value: object) -> object:
    """A number of seconds as a float (anything else is left to the validator to refuse)."""
    return float(value) if is_number(value) else value


@attrs.frozen
class ServerLimits:
    """The limits of one web table server (see the module): numbers of seconds, counts,
    rates a minute and the origins allowed.

    :raises InvalidValueError: a limit that is not a number of seconds within its range.
    """

    request_seconds: float = attrs.field(
        default=DEFAULT_REQUEST_SECONDS,
        converter=_seconds,
        validator=_within(0.01, MAX_REQUEST_SECONDS),
    )
    """The wall time a request lets the bots think."""
    decision_seconds: float = attrs.field(
        default=DEFAULT_DECISION_SECONDS, converter=_seconds, validator=_within(0, 7 * DAY)
    )
    """A person's clock for each decision."""
    read_seconds: float = attrs.field(
        default=DEFAULT_READ_SECONDS, converter=_seconds, validator=_within(0.05, 600)
    )
    """How long the server waits for a request's headers (each line) and body (whole)."""
    finished_seconds: float = attrs.field(
        default=DAY, converter=_seconds, validator=_within(0, 365 * DAY)
    )
    """How long a finished table is kept after its last change."""
    idle_seconds: float = attrs.field(
        default=7 * DAY, converter=_seconds, validator=_within(0, 365 * DAY)
    )
    """How long an unfinished table is kept after its last change."""
    hand_break_seconds: float = attrs.field(
        default=DEFAULT_HAND_BREAK_SECONDS, converter=_seconds, validator=_within(0, DAY)
    )
    """How much longer the clock of a person's first decision in each hand runs."""
    max_connections: int = attrs.field(default=64, validator=_count(1, 100_000))
    """Connections served at once, in all."""
    client_connections: int = attrs.field(default=8, validator=_count(1, 100_000))
    """Connections served at once from one client address."""
    tables_per_minute: float = attrs.field(default=60.0, converter=_seconds, validator=_rate)
    """Tables made a minute, in all (a minute's worth at once)."""
    client_tables_per_minute: float = attrs.field(
        default=10.0, converter=_seconds, validator=_rate
    )
    """Tables made a minute by one client address (a minute's worth at once)."""
    max_tables: int = attrs.field(default=10_000, validator=_count(1, 10_000_000))
    """Tables kept at once."""
    bot_seconds_per_minute: float = attrs.field(default=60.0, converter=_seconds, validator=_rate)
    """Wall seconds the bots may think a minute, for everyone's requests."""
    client_bot_seconds_per_minute: float = attrs.field(
        default=20.0, converter=_seconds, validator=_rate
    )
    """Wall seconds the bots may think a minute, for one client address's requests."""
    allowed_origins: tuple[str, ...] = attrs.field(default=(), converter=_origins)
    """Origins besides the server's own whose pages may call it (``"*"``: any)."""
