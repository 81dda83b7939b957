"""Deadlines (scala40.deadline): the time a caller gives, on the wall clock, the calling
thread's CPU clock, or both."""

from __future__ import annotations

import math
import time

import pytest

import scala40
from scala40.deadline import MAX_SECONDS, Deadline


def test_a_deadline_passes_on_the_wall_clock() -> None:
    deadline = Deadline.after(0.05)
    assert not deadline.expired()
    assert 0 < deadline.remaining() <= 0.05
    time.sleep(0.06)
    assert deadline.expired()
    assert deadline.remaining() == 0.0


def test_a_cpu_deadline_counts_the_thread_s_work_not_waiting() -> None:
    deadline = Deadline.after(cpu_seconds=0.05)
    time.sleep(0.08)  # waiting costs no CPU
    assert not deadline.expired()
    start = time.thread_time()
    while time.thread_time() - start < 0.06:
        pass
    assert deadline.expired()


def test_either_clock_ends_it() -> None:
    assert Deadline.after(0, cpu_seconds=10).expired()
    assert Deadline.after(10, cpu_seconds=0).expired()
    assert not Deadline.after(10, cpu_seconds=10).expired()


def test_never_and_is_bounded() -> None:
    assert Deadline.never().remaining() == math.inf
    assert not Deadline.never().expired()
    assert not Deadline.never().is_bounded
    assert Deadline.after(cpu_seconds=1).is_bounded


def test_within_and_share_never_extend_the_caller_s_deadline() -> None:
    outer = Deadline.after(1.0)
    assert outer.within(100).wall == outer.wall
    inner = outer.within(0.1)
    assert inner.wall is not None
    assert outer.wall is not None
    assert inner.wall < outer.wall
    half = outer.share(0.5)
    assert half.wall is not None
    assert half.wall < outer.wall
    assert outer.within(cpu_seconds=0.2).cpu is not None
    assert Deadline.never().within(5).wall is not None
    assert Deadline.never().share(0.3) == Deadline.never()


@pytest.mark.parametrize(
    ("seconds", "error"),
    [
        (-0.1, scala40.InvalidValueError),
        (MAX_SECONDS * 2, scala40.InvalidValueError),
        (math.nan, scala40.InvalidArgumentError),
        ("1", scala40.InvalidArgumentError),
        (True, scala40.InvalidArgumentError),
    ],
)
def test_budgets_are_checked(seconds: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="seconds"):
        Deadline.after(seconds)  # type: ignore[arg-type]
    with pytest.raises(error, match="cpu_seconds"):
        Deadline.after(cpu_seconds=seconds)  # type: ignore[arg-type]


def test_share_takes_a_fraction() -> None:
    with pytest.raises(scala40.InvalidValueError, match="fraction"):
        Deadline.after(1).share(1.5)


def test_a_deadline_is_a_value() -> None:
    deadline = Deadline.after(1)
    assert deadline == Deadline(deadline.wall, deadline.cpu)
    assert hash(deadline) == hash(Deadline(deadline.wall, deadline.cpu))
    assert scala40.Deadline is Deadline
