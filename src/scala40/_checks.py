"""Checks of untyped input shared by every layer (internal).

Values from JSON, command lines and callers who ignore the type hints arrive as anything;
these predicates say whether a value is what a field needs, without converting it.
``True`` is an ``int`` to Python but never a count, a seat or a score here.
"""

from __future__ import annotations

from typing import TypeGuard

__all__ = ["is_bool", "is_int"]


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
