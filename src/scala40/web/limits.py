"""The web table's limits, set by whoever starts the server (``scala40 web``'s options, or
:class:`~scala40.web.tables.Tables` and :func:`~scala40.web.server.make_server` for a
server of one's own), never by a client.

* **decision_seconds** (:data:`DEFAULT_DECISION_SECONDS`, 60, by default): a person's
  clock for each decision. The server starts it when the decision comes to the person
  (and again when undo brings one back), every answer says how much is left
  (``clock``), and ``timeout`` (the game's default move, played for the person) is
  honoured only once it has run out, whichever seat of the table asks. 0 lets any seat
  ask at once.

>>> from scala40.web.limits import ServerLimits
>>> ServerLimits().decision_seconds, ServerLimits(decision_seconds=30).decision_seconds
(60.0, 30.0)
>>> ServerLimits(decision_seconds=-1)
Traceback (most recent call last):
...
scala40.errors.InvalidValueError: decision_seconds must be a number of seconds from 0 to 604800, got -1
"""

from __future__ import annotations

from typing import Any

import attrs

from scala40._checks import describe, is_number
from scala40.errors import InvalidValueError

__all__ = ["DAY", "DEFAULT_DECISION_SECONDS", "ServerLimits"]

DAY = 86_400.0
"""Seconds in a day."""
DEFAULT_DECISION_SECONDS = 60.0
"""A person's clock for each decision, by default."""


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

    decision_seconds: float = attrs.field(
        default=DEFAULT_DECISION_SECONDS, converter=_seconds, validator=_within(0, 7 * DAY)
    )
    """A person's clock for each decision."""
