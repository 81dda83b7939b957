"""Checks of untyped input shared by every layer (internal).

Values from JSON, command lines and callers who ignore the type hints arrive as anything;
these predicates say whether a value is what a field needs, without converting it.
``True`` is an ``int`` to Python but never a count, a seat or a score here.

:func:`describe` shows such a value in an error message whatever it is: a number of
thousands of digits (which Python refuses to turn into text), a string of a million
characters, an object whose ``repr`` fails. Every message that quotes what a caller sent
goes through it, so that building the error can never raise another one.
"""

from __future__ import annotations

import math
from typing import TypeGuard

from scala40.errors import InvalidArgumentError, InvalidValueError

__all__ = ["MAX_SHOWN", "check_int", "describe", "is_bool", "is_int", "is_number"]

MAX_SHOWN = 60
"""The most characters of a value an error message quotes (longer ones are cut)."""


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an integer proper (an ``int`` or a subclass, but not a bool).

    >>> is_int(3), is_int(True), is_int(3.0), is_int("3")
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def is_bool(value: object) -> TypeGuard[bool]:
    """Whether ``value`` is ``True`` or ``False`` (not 0 or 1).

    >>> is_bool(False), is_bool(0)
    (True, False)
    """
    return isinstance(value, bool)


def is_number(value: object) -> TypeGuard[float]:
    """Whether ``value`` is a finite real number (an int or a float, not a bool, not NaN
    or an infinity).

    >>> is_number(0.5), is_number(3), is_number(float("nan")), is_number(True)
    (True, True, False, False)
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return isinstance(value, int) or math.isfinite(value)


def describe(value: object, limit: int = MAX_SHOWN) -> str:
    """``repr(value)`` for an error message, safe whatever ``value`` is: huge integers are
    described by their size, long texts are cut, and a ``repr`` that fails is replaced
    by the type's name.

    >>> describe("x"), describe(10**5000), describe("a" * 100)
    ("'x'", 'an integer of 5001 digits', "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...")
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 160:
        digits = int(abs(value).bit_length() * math.log10(2)) + 1
        sign = "a negative " if value < 0 else "an "
        return f"{sign}integer of {digits} digits"
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__, or a huge number inside a container
        text = f"<a {type(value).__name__}>"
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


def check_int(name: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` itself once it is known to be an integer from ``low`` to ``high`` (no
    upper bound when ``high`` is ``None``).

    :raises InvalidArgumentError: ``value`` is not an integer (a bool is not one).
    :raises InvalidValueError: it is one, out of range.

    >>> check_int("keep", 2, 0, 10)
    2
    >>> check_int("keep", 11, 0, 10)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidValueError: keep must be an integer from 0 to 10, got 11
    """
    span = f"from {low} to {high}" if high is not None else f"of at least {low}"
    if not is_int(value):
        raise InvalidArgumentError(f"{name} must be an integer {span}, got {describe(value)}")
    if value < low or (high is not None and value > high):
        raise InvalidValueError(f"{name} must be an integer {span}, got {describe(value)}")
    return int(value)
