"""The web table's limits, set by whoever starts the server (``scala40 web``'s options, or
:class:`~scala40_server.web.tables.Tables` and :func:`~scala40_server.web.server.make_server` for a
server of one's own), never by a client.

* **request_seconds** (:data:`~scala40_server.protocol.DEFAULT_REQUEST_SECONDS`, 2, by
  default, from 0.01 to 60): the wall time everything one request makes the bots do runs
  under (a :class:`~scala40.deadline.Deadline`, handed to every bot through
  :func:`scala40.bots.choose_move`), waiting for a busy table included (then 503). The
  bots play their seats in slices: when the time is up the answer says ``waiting`` and
  ``advance`` plays on. A table's ``bot_time_limit`` can lower a bot's time a move, never
  raise the request past this bound.
* **decision_seconds** (:data:`DEFAULT_DECISION_SECONDS`, 60, by default): a person's
  clock for each decision. The server starts it when the decision is shown to the
  person (an answer to their seat carries it: their page's look, or the answer to their
  own move), or **unseen_seconds** after the decision came, whichever is sooner; every
  answer says how much is left (``clock``), and ``timeout`` (the game's default move,
  played for the person) is honoured only once it has run out, whichever seat of the
  table asks. 0 lets any seat ask once the decision was shown.
* **unseen_seconds** (:data:`DEFAULT_UNSEEN_SECONDS`, 10, by default, at most 600): how
  long a decision's clock waits for the person's page to be shown it. A page that learns
  late of a decision (a move another seat had played for the person by a timeout, a
  connection lost a moment) loses none of its clock; a client that never looks holds
  the table for this long at most, before its clock runs as if shown.
* **hand_break_seconds** (:data:`DEFAULT_HAND_BREAK_SECONDS`, 30, by default): how much
  longer the clock of a person's first decision in each hand runs, so that the players
  may read how the last hand ended (or, in the first hand, sit down) before it counts.
* **read_seconds** (:data:`DEFAULT_READ_SECONDS`, 10, by default): how long the server
  waits for a whole request, its head and its body, from the moment it accepts its
  connection (each connection carries one request). A client that sends its bytes
  slower, or announces a body and never sends it, is answered 408 (or, in its head,
  closed); meanwhile it holds no thread, only its bytes (:mod:`scala40_server.web.intake`).
* **finished_seconds** (a day by default) and **idle_seconds** (a week by default): how
  long a finished table, and an unfinished one where nothing was played, are kept after
  their last change, before they expire (:mod:`scala40_server.web.store`).

What a client may spend, and what a table may: a client is counted by its address
(:func:`~scala40_server.web.quotas.client_of`: an IPv4 address, an IPv6 network of 64 bits;
behind a proxy, every client shares the proxy's). No budget is shared between clients,
so that what strangers spend never refuses another client's request; what is shared,
the connections and the machine's time, strangers lose first
(:mod:`scala40_server.web.connections`, :mod:`scala40_server.web.turns`):

* **max_connections** (256) and **client_connections** (8): connections held at once, in
  all and from one client. A new connection past them takes the place of the one that
  sent least (its client's own, past the client's cap; the biggest client's, past the
  total): a connection whose request is arriving, waits, or whose answer is read slowly,
  which is answered 503 with ``Retry-After`` (or cut); it is closed unread only when
  every connection held is being worked on.
* **client_tables_per_minute** (10): tables made a minute by one client, with a
  minute's worth at once (a bucket that fills at that rate). Past it a table is refused
  with status 429 (``TooManyRequests``) and ``Retry-After``.
* **client_tables** (100) and **max_tables** (10,000): the tables kept for one client
  (those it made) and in all. A new table past them takes the place of the table (the
  client's own, or any) that changed least recently, unless that one changed within
  **in_play_seconds** (600: a table in play is never taken); when every one is in play,
  the new table is refused with status 429 (the client's) or 503 (``Full``, in all),
  with ``Retry-After``.
* **client_bot_seconds_per_minute** (30) and **table_bot_seconds_per_minute** (30): the
  wall seconds the bots may think a minute for one client's requests, and at one table,
  a minute's worth at once. A bot thinks no longer than both budgets hold, and each
  move is paid as it ends (a budget is overspent by a bot's lateness past its deadline
  at most, never by the other moves of a request). While its client's or its table's budget is
  spent (holds less than ``LEAST_THINKING_SECONDS``, a hundredth of a second: a sliver a
  search left lets no request through), the bots wait: a person's own move is still played, the answer says the bots
  are ``waiting`` and when they may play on (``retry_after``); ``advance``, and a new
  table whose bots would think, are refused with status 429 and ``Retry-After``.
* **client_cpu_seconds_per_minute** (20): the CPU seconds the server may work a minute
  for one client's requests (their bots' thinking aside, which the bots' budgets meter),
  a minute's worth at once, each request paying what it cost once it is done. Past it,
  the client's requests are refused with status 429 and ``Retry-After`` until its
  budget fills again.
* **requests_at_once** (2) and **bots_at_once** (1): the requests worked on at once, and
  the bots that search thinking at once, on the whole server
  (:mod:`scala40_server.web.turns`); the others wait their turn. A request waits behind those of
  clients that hold fewer connections and, among clients holding as many, behind those
  whose requests cost less CPU; a bot behind those whose client's and table's
  budgets hold more; a turn to run not given within the request bound is answered 503
  with ``Retry-After``, a turn to think leaves the bots ``waiting``.
* **allowed_origins** (none): the origins, besides the server's own, whose pages may call
  it (``"*"``: any). By default the server is same-origin: a request whose ``Origin``
  is another is refused with status 403, and no answer allows another origin.

>>> from scala40_server.web.limits import ServerLimits
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

from scala40.checks import describe, is_int, is_number
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40_server.protocol import DEFAULT_REQUEST_SECONDS, MAX_REQUEST_SECONDS

__all__ = [
    "DAY",
    "DEFAULT_DECISION_SECONDS",
    "DEFAULT_HAND_BREAK_SECONDS",
    "DEFAULT_READ_SECONDS",
    "DEFAULT_REQUEST_SECONDS",
    "DEFAULT_UNSEEN_SECONDS",
    "MAX_RATE",
    "ServerLimits",
]

DAY = 86_400.0
"""Seconds in a day."""
DEFAULT_DECISION_SECONDS = 60.0
"""A person's clock for each decision, by default."""
DEFAULT_HAND_BREAK_SECONDS = 30.0
"""How much longer a person's first decision of a hand runs, by default."""
DEFAULT_UNSEEN_SECONDS = 10.0
"""How long a decision's clock waits to be shown to its person, at most, by default."""
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
    """The wall time everything one request makes the bots do runs under, waiting for its
    table included (503 past that): the bots play on in the next request."""
    decision_seconds: float = attrs.field(
        default=DEFAULT_DECISION_SECONDS, converter=_seconds, validator=_within(0, 7 * DAY)
    )
    """A person's clock for each decision: ``timeout`` plays their default move only once
    it has run out."""
    unseen_seconds: float = attrs.field(
        default=DEFAULT_UNSEEN_SECONDS, converter=_seconds, validator=_within(0, 600)
    )
    """How long a decision's clock waits for the decision to be shown to its person (an
    answer to their seat carrying it), at most: it starts at the sooner of the two."""
    read_seconds: float = attrs.field(
        default=DEFAULT_READ_SECONDS, converter=_seconds, validator=_within(0.05, 600)
    )
    """How long the server waits for a whole request, its head and its body, from the
    moment it accepts its connection: past it, 408 (the head came) or closed unread."""
    finished_seconds: float = attrs.field(
        default=DAY, converter=_seconds, validator=_within(0, 365 * DAY)
    )
    """How long a finished table is kept after its last change (404 after)."""
    idle_seconds: float = attrs.field(
        default=7 * DAY, converter=_seconds, validator=_within(0, 365 * DAY)
    )
    """How long an unfinished table is kept after its last change (404 after)."""
    hand_break_seconds: float = attrs.field(
        default=DEFAULT_HAND_BREAK_SECONDS, converter=_seconds, validator=_within(0, DAY)
    )
    """How much longer the clock of a person's first decision in each hand runs."""
    max_connections: int = attrs.field(default=256, validator=_count(1, 100_000))
    """Connections held at once, in all: past it, the connection that sent least (one
    whose request is arriving, waits, or whose answer is read slowly), of the client
    holding the most, makes room (503, ``Retry-After: 1``)."""
    client_connections: int = attrs.field(default=8, validator=_count(1, 100_000))
    """Connections held at once from one client: past it, the client's own connection
    that sent least makes room, if one is past the first quarter of its read time (the
    new one is closed at once else)."""
    client_tables_per_minute: float = attrs.field(
        default=10.0, converter=_seconds, validator=_rate
    )
    """Tables one client makes a minute, a minute's worth at once: past it, 429 with
    ``Retry-After``."""
    client_tables: int = attrs.field(default=100, validator=_count(1, 10_000_000))
    """Tables kept for one client (those it made): past it, the client's own table that
    changed least recently makes room for its new one, unless every one is in play (429
    then)."""
    max_tables: int = attrs.field(default=10_000, validator=_count(1, 10_000_000))
    """Tables kept at once: past it, the table that changed least recently makes room for
    a new one, unless every one is in play (503, ``Full``, then)."""
    in_play_seconds: float = attrs.field(
        default=600.0, converter=_seconds, validator=_within(0, 365 * DAY)
    )
    """How long after its last change a table is in play: never taken to make room for a
    new one."""
    client_bot_seconds_per_minute: float = attrs.field(
        default=30.0, converter=_seconds, validator=_rate
    )
    """Wall seconds the bots may think a minute for one client's requests, a minute's
    worth at once: past it, the bots wait (``held_back``), and ``advance`` and a new
    table are refused 429 with ``Retry-After``."""
    table_bot_seconds_per_minute: float = attrs.field(
        default=30.0, converter=_seconds, validator=_rate
    )
    """Wall seconds the bots may think a minute at one table, a minute's worth at once:
    past it, the table's bots wait as above."""
    client_cpu_seconds_per_minute: float = attrs.field(
        default=20.0, converter=_seconds, validator=_rate
    )
    """CPU seconds the server may work a minute for one client's requests (their bots'
    thinking aside), a minute's worth at once: past it, 429 with ``Retry-After``."""
    bots_at_once: int = attrs.field(default=1, validator=_count(1, 1_000))
    """Bots that search thinking at once on the whole server; the others wait their turn,
    the fullest budgets first (``held_back`` if none comes within the request bound)."""
    requests_at_once: int = attrs.field(default=2, validator=_count(1, 1_000))
    """Requests worked on at once on the whole server; the others wait their turn, the
    client holding the fewest connections first, then the one whose requests cost least
    (503 if none comes within the request bound)."""
    allowed_origins: tuple[str, ...] = attrs.field(default=(), converter=_origins)
    """Origins besides the server's own whose pages may call it (``"*"``: any)."""
