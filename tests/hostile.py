"""What a hostile caller sends, as Hypothesis strategies, and the checks that go with it.

Every public entry point must answer any value with a result or an error of the library
(:class:`scala40.Scala40Error`): never ``ValueError``, ``TypeError``, ``IndexError``,
``OverflowError``, ``RecursionError``... :func:`library_errors_only` calls a function
and fails the test on anything else, or on a call that takes too long.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from scala40.errors import Scala40Error

__all__ = [
    "HUGE",
    "SOAK",
    "FailingRepr",
    "fuzz_settings",
    "hostile_texts",
    "hostile_values",
    "library_errors_only",
]

SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "soak"
QUICK = os.environ.get("HYPOTHESIS_PROFILE") == "dev"
"""The quick profile (CI's runs on other Pythons): half the examples of a fuzz test."""
"""Whether the long runs of ``nox -s soak`` are on."""

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


# Texts that broke parsers: superscript and full-width digits (str.isdigit() admits them,
# int() refuses some), huge numbers, long texts, control characters, card-like tokens.
_TRICKY_TEXTS = [
    "", " ", "\x00", "\n", "²", "1⁰", "\uff11\uff12", "\u0663", "1_000", "0x10", "+7", "-1", "nan", "inf",
    "-inf", "1e400", "9" * 5000, "x" * 3000, "7S", "JK", "JK=10C", "10C=JK", "#2", "#²",
    "#99999", "7S 8S 9S", "🃏", "♠7", "*", "true", "none", "None", "[]", "{}",
]  # fmt: skip


def hostile_texts() -> st.SearchStrategy[str]:
    """Text of any kind: random unicode, the tricky texts above, and mixes of them."""
    return st.one_of(
        st.text(max_size=30),
        st.sampled_from(_TRICKY_TEXTS),
        st.lists(st.sampled_from(_TRICKY_TEXTS), max_size=5).map(" ".join),
    )


def hostile_values() -> st.SearchStrategy[Any]:
    """Any value a careless or hostile caller may pass: numbers of every kind (huge
    integers, NaN, infinities, booleans), texts, bytes, containers, and objects whose
    repr or hash fails."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(-3, 60),
        st.sampled_from([HUGE, -HUGE, 2**64, -(2**64), 10**40]),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from([float("nan"), float("inf"), -float("inf"), 1.5, 0.0, 13.0]),
        hostile_texts(),
        st.binary(max_size=10),
        st.builds(FailingRepr),
    )
    return st.one_of(
        scalars,
        st.lists(scalars, max_size=4),
        st.lists(scalars, max_size=4).map(tuple),
        st.dictionaries(st.text(max_size=5), scalars, max_size=3),
        st.sampled_from([[[[[]]]], [HUGE], {"a": {"b": HUGE}}, set(), frozenset({1})]),
    )


def fuzz_settings(examples: int, soak_examples: int | None = None) -> settings:
    """Hypothesis settings for a fuzz test: ``examples`` in the default run (which must
    stay fast), ``soak_examples`` (ten times as many by default) under ``nox -s soak``,
    half as many under the quick ``dev`` profile."""
    count = (soak_examples or 10 * examples) if SOAK else examples
    if QUICK:
        count = max(10, examples // 2)
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


def time_limit(seconds: float) -> float:
    """``seconds``, or three times as long while a tracer runs (coverage, a debugger):
    the limits of the tests bound the work done, not the tracer's cost."""
    return seconds * 3 if sys.gettrace() is not None else seconds


def library_errors_only(
    call: Callable[..., Any], *args: Any, seconds: float = 1.0, **kwargs: Any
) -> Any:
    """``call(*args, **kwargs)``: its result, or ``None`` when it raised an error of the
    library. Any other exception fails the test, and so does a call slower than
    ``seconds`` (work must be bounded whatever the input)."""
    start = time.perf_counter()
    try:
        result = call(*args, **kwargs)
    except Scala40Error:
        result = None
    except Exception as error:  # what the test is about
        raise AssertionError(
            f"{getattr(call, '__qualname__', call)} raised {type(error).__name__} "
            "instead of an error of the library"
        ) from error
    elapsed = time.perf_counter() - start
    assert elapsed < time_limit(seconds), (
        f"{getattr(call, '__qualname__', call)} took {elapsed:.2f} s"
    )
    return result
