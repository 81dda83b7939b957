"""The rows an observation is made of (internal): float32 parts made once and kept
(:func:`float_bytes`), the one-hot rows of a seat or a member (:func:`mark_rows`), the
fractions of a capped counter (:func:`fraction_rows`), blocks of a value a seat seen
from one seat (:func:`seat_row`), and the layout a game's rows are made for
(:class:`LayoutBase`). :mod:`scala40._base.observation` writes them into a sheet, block
by block (see there how the numbers are made).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from typing import Any

import attrs

__all__ = [
    "LayoutBase",
    "capped_count_row",
    "capped_fractions",
    "clipped",
    "count_bytes",
    "count_row",
    "flag_rows",
    "float_bytes",
    "fraction_rows",
    "mark_rows",
    "marked_seats_row",
    "member_row",
    "seat_counts_row",
    "seat_mark_row",
    "seat_row",
    "seats_row",
]


def float_bytes(values: Iterable[float]) -> bytes:
    """``values`` as float32 numbers (a part, :data:`Part`).

    >>> from array import array
    >>> from scala40._base.rows import float_bytes
    >>> array("f", float_bytes([0.5, 2])).tolist()
    [0.5, 2.0]
    """
    return array("f", values).tobytes()


def mark_rows(count: int) -> tuple[bytes, ...]:
    """The rows of a one-hot block of ``count`` places, as parts: row ``k`` marks place
    ``k``, row ``count`` none (a seat block reads ``rows[(seat - me) % count]``, or
    ``rows[count]`` for no seat).

    >>> from array import array
    >>> from scala40._base.rows import mark_rows
    >>> [array("f", row).tolist() for row in mark_rows(3)[1:]]
    [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]
    """
    found = _MARK_ROWS.get(count)
    if found is None:
        rows = [
            float_bytes([float(place == mark) for place in range(count)]) for mark in range(count)
        ]
        found = _MARK_ROWS[count] = (*rows, bytes(4 * count))
    return found


_MARK_ROWS: dict[int, tuple[bytes, ...]] = {}


def capped_fractions(cap: int) -> tuple[float, ...]:
    """``min(value, cap) / cap`` for each value from 0 to ``cap`` (a counter's number,
    looked up: ``fractions[min(value, cap)]``), the very floats the division gives.

    >>> from scala40._base.rows import capped_fractions
    >>> capped_fractions(4)
    (0.0, 0.25, 0.5, 0.75, 1.0)
    """
    found = _FRACTIONS.get(cap)
    if found is None:
        found = _FRACTIONS[cap] = tuple(min(value, cap) / cap for value in range(cap + 1))
    return found


_FRACTIONS: dict[int, tuple[float, ...]] = {}


def seat_row(
    kept: dict[tuple[int, tuple[int, ...]], bytes],
    me: int,
    values: tuple[int, ...],
    most_kept: int,
    encode: Callable[[tuple[int, ...]], bytes],
) -> bytes:
    """A block of one value a seat (``values``, such as each seat's hand size), seen from
    seat ``me`` (its own first), as ``encode`` writes the turned values; kept in ``kept``
    (emptied past ``most_kept`` rows), since the same few come again and again.

    >>> from array import array
    >>> from scala40._base.rows import float_bytes, seat_row
    >>> array("f", seat_row({}, 1, (7, 8), 16, float_bytes)).tolist()
    [8.0, 7.0]
    """
    key = (me, values)
    found = kept.get(key)
    if found is None:
        if len(kept) >= most_kept:
            kept.clear()
        found = kept[key] = encode(values[me:] + values[:me])
    return found


def seat_counts_row(
    kept: dict[tuple[int, tuple[int, ...]], bytes],
    me: int,
    counts: tuple[int, ...],
    cap: int,
    most_kept: int,
) -> bytes:
    """:func:`seat_row` of counts (such as the turns each seat played), each as
    :func:`fraction_rows` of ``cap`` writes it.

    >>> from array import array
    >>> from scala40._base.rows import seat_counts_row
    >>> array("f", seat_counts_row({}, 1, (1, 3), 4, 16)).tolist()
    [0.75, 0.25]
    """
    fractions = fraction_rows(cap)
    return seat_row(
        kept,
        me,
        counts,
        most_kept,
        lambda turned: b"".join([fractions[count if count < cap else cap] for count in turned]),
    )


def fraction_rows(cap: int) -> tuple[bytes, ...]:
    """:func:`capped_fractions` as parts of one number each.

    >>> from array import array
    >>> from scala40._base.rows import fraction_rows
    >>> array("f", fraction_rows(4)[3]).tolist()
    [0.75]
    """
    found = _FRACTION_ROWS.get(cap)
    if found is None:
        found = _FRACTION_ROWS[cap] = tuple(
            float_bytes((value,)) for value in capped_fractions(cap)
        )
    return found


_FRACTION_ROWS: dict[int, tuple[bytes, ...]] = {}


def capped_count_row(cap: int) -> Callable[[LayoutBase, int, int], bytes]:
    """A :class:`~scala40._base.observation.Row`'s block of one count (such as the hand
    being played) over ``cap``, capped at 1 (:func:`fraction_rows`).

    >>> from array import array
    >>> from scala40._base.rows import capped_count_row
    >>> row = capped_count_row(4)
    >>> array("f", row(None, 0, 3) + row(None, 0, 9)).tolist()
    [0.75, 1.0]
    """
    rows = fraction_rows(cap)

    def row(layout: LayoutBase, me: int, count: int) -> bytes:
        return rows[count if count < cap else cap]

    return row


def flag_rows(count: int) -> tuple[bytes, ...]:
    """The parts of a block of ``count`` facts, each 1 or 0, by the facts read as a binary
    number, the first the highest bit (a block of facts reads ``rows[4 * a + 2 * b + c]``).

    >>> from array import array
    >>> from scala40._base.rows import flag_rows
    >>> array("f", flag_rows(3)[6]).tolist()
    [1.0, 1.0, 0.0]
    """
    return tuple(
        float_bytes([float(index >> bit & 1) for bit in range(count - 1, -1, -1)])
        for index in range(1 << count)
    )


def clipped(value: float, cap: float) -> float:
    """``value`` clipped to ``cap`` either way (totals and points, which may be below 0).

    >>> from scala40._base.rows import clipped
    >>> clipped(5.5, 4.0), clipped(-7, 4.0), clipped(0.25, 4.0)
    (4.0, -4.0, 0.25)
    """
    if value > cap:
        return cap
    if value < -cap:
        return -cap
    return value


_COUNT_BYTES = tuple(float_bytes((value,)) for value in range(256))


def count_bytes(value: int) -> bytes:
    """A count (a non-negative integer) as a part of one number.

    >>> from array import array
    >>> from scala40._base.rows import count_bytes
    >>> array("f", count_bytes(7) + count_bytes(1000)).tolist()
    [7.0, 1000.0]
    """
    if value < 256:
        return _COUNT_BYTES[value]
    return float_bytes((value,))


def marked_seats_row(count: int, me: int, seats: Iterable[int]) -> bytes:
    """A block of ``count`` seats marking ``seats``, seat ``s`` at ``(s - me) % count``.

    >>> from array import array
    >>> from scala40._base.rows import marked_seats_row
    >>> array("f", marked_seats_row(3, 1, (0, 1))).tolist()
    [1.0, 0.0, 1.0]
    """
    row = [0.0] * count
    for seat in seats:
        row[(seat - me) % count] = 1.0
    return float_bytes(row)


def seat_mark_row(layout: LayoutBase, me: int, seat: int | None) -> bytes:
    """A :class:`~scala40._base.observation.Row`'s block marking ``seat``, counted from
    ``me`` (none for ``None``)."""
    count = layout.player_count
    return layout.marks[count if seat is None else (seat - me) % count]


def seats_row(layout: LayoutBase, me: int, seats: tuple[int, ...]) -> bytes:
    """A :class:`~scala40._base.observation.Row`'s block marking each seat of ``seats``,
    counted from ``me``."""
    count = layout.player_count
    return marked_seats_row(count, me, seats) if seats else layout.marks[count]


def member_row(members: Iterable[Any]) -> Callable[[LayoutBase, int, Any], bytes]:
    """A :class:`~scala40._base.observation.Row`'s block marking one of ``members`` (an
    enumeration's, such as the phases), looked up by the member's identity: hashing an enum
    member runs Python code (``Enum.__hash__``), ``id`` does not.

    >>> from array import array
    >>> from scala40._base.rows import member_row
    >>> array("f", member_row(("a", "b"))(None, 0, "b")).tolist()
    [0.0, 1.0]
    """
    listed = tuple(members)
    rows = {id(member): row for member, row in zip(listed, mark_rows(len(listed)), strict=False)}

    def row(layout: LayoutBase, me: int, member: Any) -> bytes:
        return rows[id(member)]

    return row


def count_row(layout: LayoutBase, me: int, value: int) -> bytes:
    """A :class:`~scala40._base.observation.Row`'s block of one count
    (:func:`count_bytes`)."""
    return count_bytes(value)


@attrs.frozen
class LayoutBase:
    """What the encoding of one ruleset and number of players needs, computed once."""

    rules: Any
    player_count: int
    size: int
    """How many numbers the encoding gives."""
    start: bytes
    """The numbers before anything is written: the unseen block holds the deck, and the
    blocks the rules fix are set."""
    marks: tuple[bytes, ...]
    """The rows of a one-hot seat block (:func:`mark_rows`)."""
    melds: int
    """The most melds the table can hold (as ``max_table_melds``)."""

    def seats_from(self, me: int) -> list[int]:
        """The seats in the order seat blocks list them for seat ``me``: ``me`` first,
        then the next seat in play order, and so on."""
        n = self.player_count
        return [(me + offset) % n for offset in range(n)]
