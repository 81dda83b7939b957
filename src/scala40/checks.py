"""Checks of untyped input: what a server, a tool or a new game needs to refuse a caller's
value with a message that names it.

Values from JSON, command lines and callers who ignore the type hints arrive as anything;
these predicates say whether a value is what a field needs, without converting it.
``True`` is an ``int`` to Python but never a count, a seat or a score here
(:func:`is_int`, :func:`is_number`); a number read from text has one spelling
(:func:`is_decimal`); a reader of untrusted JSON refuses ``NaN`` and ``Infinity``
(:func:`refuse_json_constant`). The ``check_*`` functions return the value once it is
what they check, and raise the library's error naming it otherwise.

:func:`describe` shows such a value in an error message whatever it is: a number of
thousands of digits (which Python refuses to turn into text), a string of a million
characters, an object whose ``repr`` fails. Every message that quotes what a caller sent
goes through it, so that building the error can never raise another one.

>>> import json
>>> from scala40.checks import describe, is_int, refuse_json_constant
>>> is_int(True), describe(10**5000)
(False, 'an integer of 5001 digits')
>>> json.loads("[NaN]", parse_constant=refuse_json_constant)
Traceback (most recent call last):
...
ValueError: NaN is not a number
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Collection, Sequence
from typing import NoReturn, TypeGuard

from scala40.errors import InvalidArgumentError, InvalidBotSpecError, InvalidValueError

__all__ = [
    "MAX_SHOWN",
    "check_any_choice",
    "check_bot_int",
    "check_bot_number",
    "check_choice",
    "check_flag",
    "check_int",
    "check_names",
    "check_seat",
    "describe",
    "is_bool",
    "is_decimal",
    "is_int",
    "is_number",
    "refuse_json_constant",
]

MAX_SHOWN = 60
"""The most characters of a value an error message quotes (longer ones are cut)."""


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an integer proper (an ``int`` or a subclass, but not a bool).

    >>> from scala40.checks import is_int
    >>> is_int(3), is_int(True), is_int(3.0), is_int("3")
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def is_bool(value: object) -> TypeGuard[bool]:
    """Whether ``value`` is ``True`` or ``False`` (not 0 or 1).

    >>> from scala40.checks import is_bool
    >>> is_bool(False), is_bool(0)
    (True, False)
    """
    return isinstance(value, bool)


def is_number(value: object) -> TypeGuard[float]:
    """Whether ``value`` is a finite real number (an int or a float, not a bool, not NaN
    or an infinity).

    >>> from scala40.checks import is_number
    >>> is_number(0.5), is_number(3), is_number(float("nan")), is_number(True)
    (True, True, False, False)
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return isinstance(value, int) or math.isfinite(value)


def refuse_json_constant(name: str) -> NoReturn:
    """Refuse JSON's missing numbers, ``NaN`` and ``Infinity``, which Python's reader
    takes: a reader of untrusted JSON passes this as ``parse_constant``, so that they are
    refused as any other text that is not JSON is (a ``ValueError``).

    >>> import json
    >>> from scala40.checks import refuse_json_constant
    >>> json.loads("[Infinity]", parse_constant=refuse_json_constant)
    Traceback (most recent call last):
    ...
    ValueError: Infinity is not a number
    """
    raise ValueError(f"{name} is not a number")


def describe(value: object, limit: int = MAX_SHOWN) -> str:
    """``repr(value)`` for an error message, safe whatever ``value`` is: huge integers are
    described by their size, long texts are cut, and a ``repr`` that fails is replaced
    by the type's name.

    >>> from scala40.checks import describe
    >>> describe("x"), describe(10**5000), describe("a" * 100)
    ("'x'", 'an integer of 5001 digits', "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...")
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 160:
        digits = int(abs(value).bit_length() * math.log10(2)) + 1
        sign = "a negative " if value < 0 else "an "
        return f"{sign}integer of {digits} digits"
    try:
        text = repr(_pruned(value, limit, 0))
    except Exception:  # a hostile __repr__, or a huge number inside a container
        text = f"<a {type(value).__name__}>"
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


_MAX_PRUNED_DEPTH = 8
"""How deep :func:`_pruned` goes into nested containers."""


def _pruned(value: object, limit: int, depth: int) -> object:
    """``value`` with every list, tuple, set and dictionary in it (to a depth of
    :data:`_MAX_PRUNED_DEPTH`) cut to its first ``limit`` items: the same first ``limit``
    characters of ``repr`` (each item takes one at least), at a cost that does not grow
    with the containers' size."""
    if depth > _MAX_PRUNED_DEPTH:
        return value
    kind = type(value)
    if kind is list or kind is tuple:
        items = value[:limit]  # type: ignore[index]
        return kind(_pruned(item, limit, depth + 1) for item in items)
    if kind is dict:
        pairs = itertools.islice(value.items(), limit)  # type: ignore[attr-defined]
        return {key: _pruned(item, limit, depth + 1) for key, item in pairs}
    if kind is set or kind is frozenset:
        return kind(itertools.islice(value, limit))  # type: ignore[call-overload]
    return value


def check_int(name: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` itself once it is known to be an integer from ``low`` to ``high`` (no
    upper bound when ``high`` is ``None``).

    :raises InvalidArgumentError: ``value`` is not an integer (a bool is not one).
    :raises InvalidValueError: it is one, out of range.

    >>> from scala40.checks import check_int
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


def check_bot_int(option: str, value: object, low: int, high: int) -> int:
    """``value`` itself once it is known to be an integer from ``low`` to ``high``: a bot's
    ``option``, as a bot specification names it (``ismcts:iterations=400``).

    :raises InvalidBotSpecError: ``value`` is not an integer (a bool is not one), or it is
        out of range.

    >>> from scala40.checks import check_bot_int
    >>> check_bot_int("iterations", 0, 1, 100)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidBotSpecError: iterations must be an integer from 1 to 100, got 0
    """
    if not (is_int(value) and low <= value <= high):
        raise InvalidBotSpecError(
            f"{option} must be an integer from {low} to {high}, got {describe(value)}"
        )
    return value


def check_bot_number(option: str, value: object, low: float, high: float) -> float:
    """``value`` itself once it is known to be a finite number from ``low`` to ``high``: a
    bot's ``option`` (the bounds are quoted as given: ``100``, ``600.0``).

    :raises InvalidBotSpecError: ``value`` is not a finite number, or it is out of range.

    >>> from scala40.checks import check_bot_number
    >>> check_bot_number("exploration", float("nan"), 0, 100)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidBotSpecError: exploration must be a number from 0 to 100, got nan
    """
    if not (is_number(value) and low <= value <= high):
        raise InvalidBotSpecError(
            f"{option} must be a number from {low} to {high}, got {describe(value)}"
        )
    return value


def is_decimal(text: object, digits: int, *, signed: bool = False) -> bool:
    """Whether ``text`` is a whole number in its one spelling: ASCII digits (at most
    ``digits``), no leading zero, and, when ``signed``, a minus sign on a number other
    than 0 (no plus). So ``"00005"`` is not the number 5, which two texts would then name.

    >>> from scala40.checks import is_decimal
    >>> is_decimal("5", 20), is_decimal("0", 20), is_decimal("00005", 20), is_decimal("-0", 20, signed=True)
    (True, True, False, False)
    """
    if not isinstance(text, str):
        return False
    body = text[1:] if signed and text.startswith("-") else text
    if not (0 < len(body) <= digits and body.isascii() and body.isdigit()):
        return False
    return (body == "0" and body == text) or body[0] != "0"


def check_seat(name: str, value: object, count: int, what: str = "a seat") -> int:
    """``value`` itself once it is known to be a seat of a game of ``count`` seats (from
    0 to ``count - 1``), the message naming ``name`` and ``what`` a seat is called (empty:
    nothing).

    :raises InvalidArgumentError: ``value`` is not an integer (a bool is not one).
    :raises InvalidValueError: it is one, and no seat of the game.

    >>> from scala40.checks import check_seat
    >>> check_seat("player", 5, 2)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidValueError: player must be a seat from 0 to 1, got 5
    """
    if type(value) is int and 0 <= value < count:
        return value  # the message is written only for a value refused (hot: encodings)
    message = f"{name} must be {what} from 0 to {count - 1}, got {describe(value)}"
    if not what:
        message = f"{name} must be from 0 to {count - 1}, got {describe(value)}"
    if type(value) is not int:
        raise InvalidArgumentError(message)
    raise InvalidValueError(message)


def check_flag(name: str, value: object) -> None:
    """Refuse a ``value`` that is not ``True`` or ``False`` (0 and 1 are not flags).

    :raises InvalidArgumentError: naming ``name`` and the value.

    >>> from scala40.checks import check_flag
    >>> check_flag("unicode", 1)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidArgumentError: unicode must be True or False, got 1
    """
    if not isinstance(value, bool):
        raise InvalidArgumentError(f"{name} must be True or False, got {describe(value)}")


def check_names(names: object, count: int) -> None:
    """Refuse ``names`` unless it names ``count`` seats: a list or tuple of at least
    ``count`` strings (what the games' text helpers print for each seat).

    :raises InvalidArgumentError: naming the value.

    >>> from scala40.checks import check_names
    >>> check_names(["you", "bot"], 2)
    >>> check_names("you", 2)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidArgumentError: names must be a list of 2 names, got 'you'
    """
    if not (
        isinstance(names, (list, tuple))
        and len(names) >= count
        and all(isinstance(name, str) for name in names)
    ):
        raise InvalidArgumentError(f"names must be a list of {count} names, got {describe(names)}")


def check_choice(
    view: object, legal: object, view_type: type, move_kinds: Collection[type], game: str
) -> None:
    """Refuse what a bot's ``choose`` cannot choose from: a ``view`` that is not a
    ``view_type``, ``legal`` that is not a sequence of moves whose kinds are in
    ``move_kinds`` (the game's moves; a string is not one), or no move at all.

    :raises InvalidArgumentError: the view or the moves are of the wrong type.
    :raises InvalidValueError: there is no move to choose.

    >>> from scala40.checks import check_choice
    >>> check_choice(None, [], object, (int,), "Toy")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidValueError: a bot chooses among legal moves, and there are none
    >>> check_choice(None, "draw", object, (int,), "Toy")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidArgumentError: expected a list of Toy moves, got 'draw'
    """
    if not isinstance(view, view_type):
        raise InvalidArgumentError(f"expected a {game} player view, got {describe(view)}")
    if (
        not isinstance(legal, Sequence)
        or isinstance(legal, (str, bytes))
        or not all(type(move) in move_kinds for move in legal)
    ):
        raise InvalidArgumentError(f"expected a list of {game} moves, got {describe(legal)}")
    if not legal:
        raise InvalidValueError("a bot chooses among legal moves, and there are none")


_NOT_MOVES = frozenset({str, bytes, bytearray, bool, int, float, complex, type(None)})
"""Types whose values are never a move of any game (a move's text is applied, never
chosen). Looked up by exact type: a light move may stand for its kind until read."""


def check_any_choice(view: object, legal: object, rng: object) -> None:
    """Refuse what a bot that plays any game (through the protocol alone) cannot choose
    from: a ``view`` that is not a seat's view (a ``player`` seat and a ``sample``
    method), ``legal`` that is not a sequence of move values (a string, or text or a
    number in it, is not one), no move at all, or an ``rng`` that is not a
    :class:`random.Random`.

    :raises InvalidArgumentError: the view, the moves or the generator are of the wrong
        type.
    :raises InvalidValueError: there is no move to choose.

    >>> import random
    >>> from scala40.checks import check_any_choice
    >>> check_any_choice(None, [], random.Random(0))
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidArgumentError: expected a seat's view of a game, got None
    """
    if not callable(getattr(view, "sample", None)) or not is_int(getattr(view, "player", None)):
        raise InvalidArgumentError(f"expected a seat's view of a game, got {describe(view)}")
    if (
        not isinstance(legal, Sequence)
        or isinstance(legal, (str, bytes))
        or not _NOT_MOVES.isdisjoint(map(type, legal))
    ):
        raise InvalidArgumentError(f"expected the list of legal moves, got {describe(legal)}")
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(f"expected a random.Random, got {describe(rng)}")
    if not legal:
        raise InvalidValueError("a bot chooses among legal moves, and there are none")
