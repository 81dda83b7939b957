"""The fields of a position's text (internal, read through :mod:`scala40.notation`): a
game's grammar (:class:`Notation`), each of its fields (:class:`NotationField`) and the
kinds of usual value a named field is left out at.

>>> from scala40._format.text_fields import Notation, NotationField, PerSeat
>>> grammar = Notation((NotationField("hands", "every seat's cards"),),
...                    (NotationField("scores", "each seat's total", PerSeat(0)),))
>>> [field.key for field in (*grammar.fields, *grammar.named)]
['hands', 'scores']
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = [
    "ABSENT",
    "NO_DEFAULT",
    "LengthOf",
    "Notation",
    "NotationField",
    "PerItem",
    "PerSeat",
]


class _Absent:
    """The default of a field the dictionary leaves out at its usual value."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()
"""The default of a field that the state's dictionary leaves out when it is at its
usual value (``resigned``, while nobody has resigned)."""

NO_DEFAULT: Any = object()
"""The default of a field written in every position's text."""


@attrs.frozen
class PerSeat:
    """The default of a list with one ``value`` for each seat."""

    value: Any


@attrs.frozen
class PerItem:
    """The default of a list with one ``value`` for each item of the field ``key`` (one
    for each meld of the table, say)."""

    key: str
    value: Any


@attrs.frozen
class LengthOf:
    """The default of a number: how many items the field ``key`` holds."""

    key: str


@attrs.frozen
class NotationField:
    """One field of a game's grammar: the key of the state's dictionary it writes, what it
    holds (for the documentation), and, for a field written ``name=value``, its usual
    value (a JSON value, :class:`PerSeat`, :class:`PerItem`, :class:`LengthOf` or
    :data:`~scala40.notation.ABSENT`), at which it is left out."""

    key: str
    doc: str
    default: Any = NO_DEFAULT


@attrs.frozen
class Notation:
    """A game's grammar: the ``fields`` written in order after the game and its rules,
    then the ``named`` ones (``name=value``, left out at their default).

    A game offers it as its record's ``notation``; a game without one gets every field
    of its dictionary, the common ones in order (hands, stock, phase, turn, dealer, hand
    number, move number) and the others named, always written."""

    fields: tuple[NotationField, ...]
    named: tuple[NotationField, ...] = ()
