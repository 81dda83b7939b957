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
  waits for a request's bytes: for each line of its headers, and for its whole body. A
  client that announces a body and never sends it is answered 408 and its connection
  closed, so that it holds no thread.
* **finished_seconds** (a day by default) and **idle_seconds** (a week by default): how
  long a finished table, and an unfinished one where nothing was played, are kept after
  their last change, before they expire (:mod:`scala40.web.store`).

>>> from scala40.web.limits import ServerLimits
>>> ServerLimits().request_seconds, ServerLimits(decision_seconds=30).decision_seconds
(2.0, 30.0)
>>> ServerLimits(decision_seconds=-1)
Traceback (most recent call last):
...
scala40.errors.InvalidValueError: decision_seconds must be a number of seconds from 0 to 604800, got -1.0
"""

from __future__ import annotations

from typing import Any

import attrs

from scala40._checks import describe, is_number
from scala40.errors import InvalidValueError
from scala40.schemas.protocol import DEFAULT_REQUEST_SECONDS, MAX_REQUEST_SECONDS

__all__ = [
    "DAY",
    "DEFAULT_DECISION_SECONDS",
    "DEFAULT_HAND_BREAK_SECONDS",
    "DEFAULT_READ_SECONDS",
    "DEFAULT_REQUEST_SECONDS",
    "ServerLimits",
]

DAY = 86_400.0
"""Seconds in a day."""
DEFAULT_DECISION_SECONDS = 60.0
"""A person's clock for each decision, by default."""
DEFAULT_HAND_BREAK_SECONDS = 30.0
"""How much longer a person's first decision of a hand runs, by default."""
DEFAULT_READ_SECONDS = 10.0
"""How long the server waits for a request's bytes, by default."""


def _within(low: float, high: float) -> Any:
    def check(instance: object, field: attrs.Attribute[Any], value: object) -> None:
        if not (is_number(value) and low <= value <= high):
            raise InvalidValueError(
                f"{field.name} must be a number of seconds from {low:g} to {high:g}, "
                f"got {describe(value)}"
            )

    return check


def _seconds(value: object) -> object:
    """A number of seconds as a float (anything else is left to the validator to refuse)."""
    return float(value) if is_number(value) else value


@attrs.frozen
class ServerLimits:
    """The limits of one web table server (see the module): each a number of seconds.

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
