"""The fields both servers read the same way: ``scala40 serve``'s requests
(:mod:`scala40_server.commands.serve`) and the web table's (:mod:`scala40_server.web.tables`) take seeds,
rulesets and their own fields alike, and refuse the same things with the same words.

**Seeds** are read as the library's formats write them (a game record's ``"seed"`` is
decimal text) and as a JSON integer, within what every JSON reader keeps exactly: an
integer from 0 to :data:`~scala40_server.protocol.MAX_SEED_INTEGER` (2**53 - 1, the
largest a JavaScript number holds exactly), or decimal text of ASCII digits from ``"0"``
to :data:`~scala40_server.protocol.MAX_SEED` (2**64 - 1, the generator's whole range).
A larger integer is refused rather than rounded by whoever wrote it.

**Rulesets** are a preset's name or a ruleset's dictionary (``ruleset.to_dict()``).

**Fields** are read by their JSON type (:func:`read_field`: ``null`` is a field left
out), and those a request does not take (a misspelt ``"seeed"``) are refused by name.

>>> from scala40_server.serving.request_fields import read_seed
>>> read_seed("18446744073709551615"), read_seed(7)
(18446744073709551615, 7)
>>> read_seed(2**53)
Traceback (most recent call last):
...
scala40.errors.InvalidValueError: 'seed' must be an integer from 0 to 2**53 - 1 or decimal text from "0" to "18446744073709551615" (JSON readers round larger integers), got 9007199254740992
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scala40.checks import describe, is_decimal, is_int
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40.game import Game
from scala40_server.protocol import MAX_SEED, MAX_SEED_INTEGER

__all__ = [
    "MAX_SEED",
    "MAX_SEED_INTEGER",
    "read_field",
    "read_rules",
    "read_seed",
    "refuse_unknown_fields",
]

_UNKNOWN_SHOWN = 5
"""How many unknown fields a refusal names."""


_KINDS = {int: "an integer", str: "text", dict: "an object", list: "a list", bool: "true or false"}
"""How a refusal names each JSON type a field may have to be."""


def read_field(
    request: Mapping[str, Any], name: str, kind: type | tuple[type, ...], default: Any = ...
) -> Any:
    """The field ``name`` of ``request``, of type ``kind`` (or of one of the types a tuple
    names; ``true`` and ``false`` are no integers); missing or ``null``: ``default``, or
    without one an error.

    >>> from scala40_server.serving.request_fields import read_field
    >>> read_field({"seat": 1}, "seat", int), read_field({"since": None}, "since", int, 0)
    (1, 0)
    >>> read_field({"move": 7}, "move", (str, dict))
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidArgumentError: 'move' must be text or an object

    :raises InvalidArgumentError: the field is missing (without a default) or of
        another type.
    """
    value = request.get(name)
    if value is None:
        if default is ...:
            raise InvalidArgumentError(f"the request has no {name!r}")
        return default
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise InvalidArgumentError(f"{name!r} must be {' or '.join(_KINDS[k] for k in kinds)}")
    return value


def _seed_wanted(name: str) -> str:
    return (
        f'{name!r} must be an integer from 0 to 2**53 - 1 or decimal text from "0" to '
        f'"{MAX_SEED}" (JSON readers round larger integers)'
    )


def read_seed(value: object, name: str = "seed") -> int:
    """A seed field's value: a JSON integer from 0 to
    :data:`~scala40_server.protocol.MAX_SEED_INTEGER`, or decimal text (ASCII digits,
    no sign, no spaces, no leading zero: ``"00005"`` is refused, not read as 5) from 0 to
    :data:`~scala40_server.protocol.MAX_SEED`.

    :raises InvalidArgumentError: ``value`` is neither an integer nor text.
    :raises InvalidValueError: an integer or a number written as text out of range, or
        text that is not ASCII digits.
    """
    if is_int(value):
        if 0 <= value <= MAX_SEED_INTEGER:
            return int(value)
        raise InvalidValueError(f"{_seed_wanted(name)}, got {describe(value)}")
    if isinstance(value, str):
        if is_decimal(value, len(str(MAX_SEED))):
            seed = int(value)
            if seed <= MAX_SEED:
                return seed
        elif is_decimal(value.lstrip("0") or "0", len(str(MAX_SEED))):
            raise InvalidValueError(
                f"{_seed_wanted(name)}, got {describe(value)}: a seed has one spelling, "
                f"written without leading zeros"
            )
        raise InvalidValueError(f"{_seed_wanted(name)}, got {describe(value)}")
    raise InvalidArgumentError(f"{_seed_wanted(name)}, got {describe(value)}")


def read_rules(game: Game, value: object) -> Any:
    """A ruleset field's value: ``None`` (the game's standard rules), a preset's name,
    or a ruleset's dictionary, read by the game's ruleset type.

    :raises UnknownPresetError: a name that is no preset of the game.
    :raises SerializationError: a dictionary that is no ruleset of the game (the loader
        says what is wrong in it).
    :raises InvalidArgumentError: anything else.
    """
    if value is None:
        return game.ruleset_type.default()
    if isinstance(value, str):
        return game.ruleset_type.preset(value)
    if isinstance(value, dict):
        return game.ruleset_type.from_dict(value)
    raise InvalidArgumentError(
        f"'rules' must be a preset's name or a ruleset's object, got {describe(value)}"
    )


def refuse_unknown_fields(
    given: Iterable[object], fields: Sequence[str], what: str, note: str = ""
) -> None:
    """Refuse the names of ``given`` that are not ``fields`` (the fields ``what``, a
    request's name as its answer says it, takes), naming at most five; ``note`` ends
    the message (the fields every request takes, say).

    >>> from scala40_server.serving.request_fields import refuse_unknown_fields
    >>> refuse_unknown_fields(["seed", "seeed"], ("game", "seed"), "'new'")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidArgumentError: 'new' takes no field 'seeed'; its fields: game, seed

    :raises InvalidArgumentError: a name that is not one of ``fields``.
    """
    unknown = [name for name in given if name not in fields]
    if not unknown:
        return
    shown = ", ".join(describe(name, 40) for name in unknown[:_UNKNOWN_SHOWN])
    extra = len(unknown) - _UNKNOWN_SHOWN
    more = f" and {extra} more" if extra > 0 else ""
    kind = "field" if len(unknown) == 1 else "fields"
    raise InvalidArgumentError(
        f"{what} takes no {kind} {shown}{more}; its fields: {', '.join(fields) or 'none'}{note}"
    )
