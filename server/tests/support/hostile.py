"""What a hostile caller sends, and how long a call may take, for the server's tests.

Every entry point answers any value with a result or an error of the library
(:class:`scala40.Scala40Error`): :func:`library_errors_only` calls a function and fails
the test on anything else, or, where the tests run alone (:data:`TIMED`), on a call that
takes too long.

**Seconds are judged alone.** The default run must pass on a busy machine, where the CPU
seconds of a call grow with the other processes' contention: its tests judge the work
done (counts, steps, bytes), never seconds. A bound stated in seconds (the library's
0.25 s of CPU a call, a server's answer within 1 s) is judged where :data:`TIMED` is
set: the soak runs the tests marked ``timed`` again, one at a time, with
``SCALA40_TIMED=1``.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import HealthCheck, settings

from scala40 import clear_caches
from scala40.errors import Scala40Error

__all__ = [
    "BOUND_SECONDS",
    "HUGE",
    "TIMED",
    "FailingRepr",
    "assert_within",
    "cpu_seconds",
    "fuzz_settings",
    "library_errors_only",
    "machine_slowdown",
    "machine_wall_slowdown",
]

TIMED = os.environ.get("SCALA40_TIMED") == "1"
"""Whether the tests judge their bounds in seconds (see the module): set by ``nox -s
soak`` for the tests marked ``timed``, run one at a time, and by the mutant check, never
in the default run."""
SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "long"
"""Whether the long run is on (``HYPOTHESIS_PROFILE=long nox -s soak``)."""
QUICK = os.environ.get("HYPOTHESIS_PROFILE") == "dev"
"""The quick profile (CI's runs on other Pythons): a quarter of a fuzz test's examples."""
WHOLE = os.environ.get("HYPOTHESIS_PROFILE") in ("soak", "mutants")
"""The profiles that draw a fuzz test's examples in full: the soak's (``nox -s soak``,
which CI runs) and the mutant check's, which must catch what the examples catch; the
default run draws half of them."""

HUGE = 10**5000
"""An integer Python refuses to turn into text (``str`` and ``repr`` raise ValueError)."""


class FailingRepr:
    """An object whose ``repr`` and ``str`` fail (an error message must still be made)."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    __str__ = __repr__

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # How Hypothesis shows the value when a test fails.
        printer.text("FailingRepr()")


def fuzz_settings(examples: int, soak_examples: int | None = None) -> settings:
    """Hypothesis settings for a fuzz test: ``examples`` in the soak and the mutant
    check, half as many in the default run (which must stay fast), a quarter under the
    quick ``dev`` profile (at least 10 in either), ``soak_examples`` (ten times as many by
    default) in the long run (``HYPOTHESIS_PROFILE=long nox -s soak``)."""
    if SOAK:
        count = soak_examples or 10 * examples
    elif WHOLE:
        count = examples
    else:
        count = max(10, examples // (4 if QUICK else 2))
    return settings(
        max_examples=count,
        deadline=None,
        # (Fixtures such as capsys serve every example: each reads and resets them.)
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.filter_too_much,
            HealthCheck.function_scoped_fixture,
        ],
    )


SLOWER_INTERPRETER = 1.5 if sys.version_info < (3, 11) else 1.0
"""How much longer the same work runs on this interpreter than on CPython 3.11, which the
bounds are stated for: CPython 3.10, without 3.11's specializing interpreter, runs the
searches' budgeted work up to about 1.5 times as long (the budgets count work, not time,
so the work done is the same)."""


def time_limit(seconds: float) -> float:
    """``seconds``, or three times as long while a tracer runs (coverage, a debugger):
    the limits of the tests bound the work done, not the tracer's cost; and
    :data:`SLOWER_INTERPRETER` times as long on an interpreter slower than the one the
    bounds are stated for. The tests read the time their own thread ran
    (:func:`time.thread_time`), not the wall clock: a loaded machine pausing the process
    must not fail them."""
    seconds *= SLOWER_INTERPRETER
    return seconds * 3 if sys.gettrace() is not None else seconds


class _Elapsed:
    seconds = 0.0


@contextlib.contextmanager
def cpu_seconds() -> Iterator[_Elapsed]:
    """Time the block by the CPU its own thread spent, with the garbage collector paused.

    The bounds of the library are on the work a call does. A full collection walks every
    object the whole test session keeps alive (a worker's heap, after thousands of
    tests): one landing inside the block measured the session, not the call. The block's
    garbage is collected after it, as usual, once the collector runs again."""
    elapsed = _Elapsed()
    enabled = gc.isenabled()
    gc.disable()
    start = time.thread_time()
    try:
        yield elapsed
    finally:
        elapsed.seconds = time.thread_time() - start
        if enabled:
            gc.enable()


BOUND_SECONDS = 0.25
"""The CPU time no call of the library runs past, whatever it is given (docs/errors.rst):
the bound every call is timed against unless a test names another (a bot's own time
limit, a request's)."""


def library_errors_only(
    call: Callable[..., Any], *args: Any, seconds: float = BOUND_SECONDS, **kwargs: Any
) -> Any:
    """``call(*args, **kwargs)``: its result, or ``None`` when it raised an error of the
    library. Any other exception fails the test, and so, where :data:`TIMED`, does a call
    slower than ``seconds``, the library's bound by default (work must be bounded whatever
    the input).

    A call over the limit is timed once more and the faster run counts: the library has
    no side effects, so the second run does the work again, the library's caches emptied
    first (what the first run kept would spare the second its work: a search made twenty
    times slower passed so), and a thread's CPU time still swells by half or more while
    other processes crowd the cores and caches. Work that is not
    bounded is slow both times; :func:`assert_within` judges the faster run."""
    result, elapsed = _timed_call(call, args, kwargs)
    if not TIMED:
        return result
    if elapsed >= time_limit(seconds):
        clear_caches()
        result, again = _timed_call(call, args, kwargs)
        elapsed = min(elapsed, again)
    assert_within(elapsed, seconds, getattr(call, "__qualname__", repr(call)))
    return result


def assert_within(elapsed: float, seconds: float, what: str = "the call") -> None:
    """Fail unless ``elapsed`` CPU seconds are within the bound of ``seconds``
    (:func:`time_limit`) on the machine the bounds are stated for; judged only where
    :data:`TIMED` (the default run judges work, not seconds: see the module).

    A run over the bound times :func:`reference_work` at once, under whatever crowds the
    machine at that moment, and the bound grows by as much as the reference ran slower
    than :data:`REFERENCE_SECONDS`: the machines that run the suite differ by up to twice
    in speed, and two test processes sharing a core's caches slow each other by as much,
    while work past the bound by design is past it at any speed."""
    limit = time_limit(seconds)
    if not TIMED or elapsed < limit:
        return
    slowdown = machine_slowdown()
    assert elapsed < limit * slowdown, (
        f"{what} took {elapsed:.3f} s, past {limit:.2f} s on the reference machine "
        f"(this one ran the reference work {slowdown:.2f} times as long)"
    )


REFERENCE_SECONDS = 0.042
"""The CPU seconds :func:`reference_work` takes on the machine the bounds are stated for
(CPython 3.11; the fastest of several runs at rest)."""


def reference_work() -> int:
    """A fixed piece of the library's kind of work (small tuples and dictionaries,
    counting, sorting, attribute lookups), independent of the library's own code, so that
    a slower library never widens its own bound."""
    total = 0
    for start in range(4_000):
        counts = Counter((start * 7 + step * 5) % 13 for step in range(14))
        ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        left = counts - Counter({ordered[0][0]: 1})
        total += len(left) + sum(count for _, count in ordered[:3]) + hash(tuple(ordered)) % 7
    return total


def machine_slowdown() -> float:
    """How many times as long as :data:`REFERENCE_SECONDS` this machine takes for
    :func:`reference_work` now (the fastest of three runs; never less than 1)."""
    runs = []
    for _ in range(3):
        with cpu_seconds() as elapsed:
            reference_work()
        runs.append(elapsed.seconds)
    return max(1.0, min(runs) / time_limit(REFERENCE_SECONDS))


def machine_wall_slowdown() -> float:
    """How many times as long as :data:`REFERENCE_SECONDS` this machine takes now for
    :func:`reference_work` on the wall clock (the fastest of three runs; never less than
    1): what other processes crowding the cores add to a call's wall time."""
    runs = []
    for _ in range(3):
        enabled = gc.isenabled()
        gc.disable()
        start = time.monotonic()
        try:
            reference_work()
        finally:
            runs.append(time.monotonic() - start)
            if enabled:
                gc.enable()
    return max(1.0, min(runs) / time_limit(REFERENCE_SECONDS))


def _timed_call(
    call: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> tuple[Any, float]:
    with cpu_seconds() as elapsed:
        try:
            result = call(*args, **kwargs)
        except Scala40Error:
            result = None
        except Exception as error:  # what the test is about
            raise AssertionError(
                f"{getattr(call, '__qualname__', call)} raised {type(error).__name__} "
                "instead of an error of the library"
            ) from error
    return result, elapsed.seconds
