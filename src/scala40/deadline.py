"""Deadlines: the time a caller gives to anything that searches or thinks.

Time is the caller's. A bot, a belief update or an analysis that may think for long takes
a :class:`Deadline` from whoever calls it and returns by it with the best answer it has
(a search is *anytime*: it can stop after any step). The caller names the clock:

* the **wall clock** (``time.monotonic``): what a person at a table or a client waiting
  for an answer feels, whatever else the machine does;
* the **CPU clock of the calling thread** (``time.thread_time``): what the thinking
  itself costs, which load on the machine does not stretch, for budgets that should
  give the same play on a busy machine as on an idle one.

A deadline may bound both; it has passed as soon as either has. It is a value: the
points in time it ends at, fixed when it is made, so it can be handed down through every
layer of a search, and a part of the work can be given a sooner one
(:meth:`Deadline.within`, :meth:`Deadline.share`) without ever extending the caller's.

>>> from scala40.deadline import Deadline
>>> deadline = Deadline.after(0.5)
>>> deadline.expired(), 0 < deadline.remaining() <= 0.5
(False, True)
>>> Deadline.after(0).expired()
True
>>> Deadline.never().remaining()
inf
>>> deadline.within(10) == deadline        # never later than the caller's
True

A deadline on the CPU clock counts the thread that made it: check it in that thread.
"""

from __future__ import annotations

import math
import time

import attrs

from scala40.checks import describe, is_number
from scala40.errors import InvalidArgumentError, InvalidValueError

__all__ = ["CHECK_SLACK", "MAX_SECONDS", "Deadline"]

MAX_SECONDS = 86_400.0
"""The longest time a deadline may be set to from now: a day (a larger number is an error
rather than a silent "no limit"; :meth:`Deadline.never` says that)."""

CHECK_SLACK = 0.05
"""The seconds past its deadline by which a bot or a belief update of the library returns
at the latest: each looks at the clock between steps of its work (a move of a rollout,
a particle's move, a replayed move, a world drawn), and the longest such step of any
game is well under this. The protocol tests hold every game to it, with the largest
options a client may name, on the thread's CPU clock and on the wall clock. A pass
of Python's garbage collector over the whole process, which may fall in any call, is
the caller's to plan for (its cost grows with everything the process holds)."""


def _seconds(name: str, value: object) -> float | None:
    if value is None:
        return None
    if not is_number(value):
        raise InvalidArgumentError(
            f"{name} must be a number of seconds or None, got {describe(value)}"
        )
    if not 0 <= value <= MAX_SECONDS:
        raise InvalidValueError(
            f"{name} must be at least 0 and at most {MAX_SECONDS:g} seconds, got {value!r}"
        )
    return float(value)


@attrs.frozen
class Deadline:
    """When a call must return by: a point on the wall clock, on the calling thread's CPU
    clock, or on both (whichever comes first); ``None`` for a clock that does not bound.

    Make one with :meth:`after` or :meth:`never`; the fields are the clocks' readings
    (``time.monotonic()`` and ``time.thread_time()``) at which it passes.
    """

    wall: float | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.instance_of(float))
    )
    """The ``time.monotonic()`` reading at which the deadline passes, or ``None``."""
    cpu: float | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.instance_of(float))
    )
    """The ``time.thread_time()`` reading at which it passes, or ``None``."""

    @classmethod
    def after(cls, seconds: float | None = None, *, cpu_seconds: float | None = None) -> Deadline:
        """A deadline ``seconds`` of wall time and/or ``cpu_seconds`` of this thread's CPU
        time from now (``None``: that clock does not bound).

        >>> from scala40.deadline import Deadline
        >>> Deadline.after(cpu_seconds=0.25).wall is None
        True
        >>> Deadline.after(-1)
        Traceback (most recent call last):
        ...
        scala40.errors.InvalidValueError: seconds must be at least 0 and at most 86400 seconds, got -1

        :raises InvalidArgumentError: a budget is not a number.
        :raises InvalidValueError: a budget is negative or above :data:`MAX_SECONDS`.
        """
        wall = _seconds("seconds", seconds)
        cpu = _seconds("cpu_seconds", cpu_seconds)
        return cls(
            None if wall is None else time.monotonic() + wall,
            None if cpu is None else time.thread_time() + cpu,
        )

    @classmethod
    def given(
        cls,
        deadline: Deadline | None,
        seconds: float | None = None,
        *,
        cpu_seconds: float | None = None,
    ) -> Deadline:
        """The deadline a callee keeps: the caller's ``deadline`` (``None``: one that never
        passes) within the callee's own budget of ``seconds`` (wall) and/or
        ``cpu_seconds`` (CPU) from now, such as a bot's ``time_limit``. A bot calls it at
        the start of its ``choose``: its own limit may shorten the caller's time, never
        lengthen it.

        >>> from scala40.deadline import Deadline
        >>> Deadline.given(None) == Deadline.never()
        True
        >>> caller = Deadline.after(0.1)
        >>> Deadline.given(caller, 5.0) == caller
        True
        >>> Deadline.given(caller, cpu_seconds=0.2).cpu is not None
        True
        >>> Deadline.given(0.5)
        Traceback (most recent call last):
        ...
        scala40.errors.InvalidArgumentError: deadline must be a Deadline or None, got 0.5

        :raises InvalidArgumentError: ``deadline`` is neither a :class:`Deadline` nor
            ``None``, or a budget is not a number.
        :raises InvalidValueError: a budget is negative or above :data:`MAX_SECONDS`.
        """
        if deadline is None:
            deadline = _NEVER
        elif not isinstance(deadline, Deadline):
            raise InvalidArgumentError(
                f"deadline must be a Deadline or None, got {describe(deadline)}"
            )
        if seconds is None and cpu_seconds is None:
            return deadline
        return deadline.within(seconds, cpu_seconds=cpu_seconds)

    @classmethod
    def never(cls) -> Deadline:
        """A deadline that never passes (the work is bounded by its own limits only)."""
        return _NEVER

    @property
    def is_bounded(self) -> bool:
        """Whether either clock bounds this deadline."""
        return self.wall is not None or self.cpu is not None

    def remaining(self) -> float:
        """The seconds left on the clock nearer its end (``0.0`` once passed, ``inf`` for
        a deadline that never passes)."""
        left = math.inf
        if self.wall is not None:
            left = self.wall - time.monotonic()
        if self.cpu is not None:
            left = min(left, self.cpu - time.thread_time())
        return max(left, 0.0)

    def expired(self) -> bool:
        """Whether the deadline has passed on either clock."""
        if self.wall is not None and time.monotonic() >= self.wall:
            return True
        return self.cpu is not None and time.thread_time() >= self.cpu

    def within(
        self, seconds: float | None = None, *, cpu_seconds: float | None = None
    ) -> Deadline:
        """The sooner of this deadline and one ``seconds`` (wall) and/or ``cpu_seconds``
        (CPU) from now, on each clock: a part of the work, or a bot's own budget, inside
        the caller's.

        :raises InvalidArgumentError: a budget is not a number.
        :raises InvalidValueError: a budget is negative or above :data:`MAX_SECONDS`.
        """
        other = Deadline.after(seconds, cpu_seconds=cpu_seconds)
        return Deadline(_sooner(self.wall, other.wall), _sooner(self.cpu, other.cpu))

    def share(self, fraction: float) -> Deadline:
        """A deadline at ``fraction`` (0 to 1) of the time left on each of its clocks: the
        part of a budget one step may take, leaving the rest to the steps after it.

        >>> from scala40.deadline import Deadline
        >>> Deadline.never().share(0.5) == Deadline.never()
        True

        :raises InvalidValueError: ``fraction`` is not a number from 0 to 1.
        """
        if not (is_number(fraction) and 0 <= fraction <= 1):
            raise InvalidValueError(
                f"fraction must be a number from 0 to 1, got {describe(fraction)}"
            )
        wall = cpu = None
        if self.wall is not None:
            now = time.monotonic()
            wall = now + max(self.wall - now, 0.0) * fraction
        if self.cpu is not None:
            now = time.thread_time()
            cpu = now + max(self.cpu - now, 0.0) * fraction
        return Deadline(wall, cpu)


def _sooner(first: float | None, second: float | None) -> float | None:
    if first is None:
        return second
    if second is None:
        return first
    return min(first, second)


_NEVER = Deadline()
