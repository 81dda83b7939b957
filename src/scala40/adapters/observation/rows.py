"""The rows an observation is made of (internal): float32 parts made once and kept
(:func:`float_bytes`), the one-hot rows of a seat or a member (:func:`mark_rows`), the
fractions of a capped counter (:func:`fraction_rows`), blocks of a value a seat seen
from one seat (:func:`seat_sizes_row`, :func:`seat_fractions_row`), the layout a game's rows are made for
(:class:`LayoutBase`), and the card blocks, a count for each card code, brought from one
state's cards to the next's (a hand, a pile, the table's melds, the cards unseen:
:func:`write_hand`, :func:`write_pile`, :func:`update_table_blocks`, :func:`write_cards`).
:mod:`scala40.adapters.observation.base` writes them into a sheet, block by block (see there how
the numbers are made).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from scala40.adapters.observation.layout import LayoutBase
from scala40.melds import Meld, MeldKind

__all__ = [
    "CARD_CODES",
    "MELD_KINDS",
    "UNSEEN",
    "ZERO_ROW",
    "LayoutBase",
    "capped_count_row",
    "capped_fractions",
    "card_changes",
    "card_counts",
    "clipped",
    "count_bytes",
    "count_row",
    "flag_rows",
    "float_bytes",
    "fraction_rows",
    "mark_rows",
    "marked_seats_row",
    "member_row",
    "seat_fractions_row",
    "seat_mark_row",
    "seat_sizes_row",
    "seats_row",
    "update_table_blocks",
    "write_cards",
    "write_hand",
    "write_pile",
]


def float_bytes(values: Iterable[float]) -> bytes:
    """``values`` as float32 numbers (a part, :data:`Part`).

    >>> from array import array
    >>> from scala40.adapters.observation.rows import float_bytes
    >>> array("f", float_bytes([0.5, 2])).tolist()
    [0.5, 2.0]
    """
    return array("f", values).tobytes()


def mark_rows(count: int) -> tuple[bytes, ...]:
    """The rows of a one-hot block of ``count`` places, as parts: row ``k`` marks place
    ``k``, row ``count`` none (a seat block reads ``rows[(seat - me) % count]``, or
    ``rows[count]`` for no seat).

    >>> from array import array
    >>> from scala40.adapters.observation.rows import mark_rows
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

    >>> from scala40.adapters.observation.rows import capped_fractions
    >>> capped_fractions(4)
    (0.0, 0.25, 0.5, 0.75, 1.0)
    """
    found = _FRACTIONS.get(cap)
    if found is None:
        found = _FRACTIONS[cap] = tuple(min(value, cap) / cap for value in range(cap + 1))
    return found


_FRACTIONS: dict[int, tuple[float, ...]] = {}


def fraction_rows(cap: int) -> tuple[bytes, ...]:
    """:func:`capped_fractions` as parts of one number each.

    >>> from array import array
    >>> from scala40.adapters.observation.rows import fraction_rows
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
    """A :class:`~scala40.adapters.observation.base.Row`'s block of one count (such as the hand
    being played) over ``cap``, capped at 1 (:func:`fraction_rows`).

    >>> from array import array
    >>> from scala40.adapters.observation.rows import capped_count_row
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
    >>> from scala40.adapters.observation.rows import flag_rows
    >>> array("f", flag_rows(3)[6]).tolist()
    [1.0, 1.0, 0.0]
    """
    return tuple(
        float_bytes([float(index >> bit & 1) for bit in range(count - 1, -1, -1)])
        for index in range(1 << count)
    )


def clipped(value: float, cap: float) -> float:
    """``value`` clipped to ``cap`` either way (totals and points, which may be below 0).

    >>> from scala40.adapters.observation.rows import clipped
    >>> clipped(5.5, 4.0), clipped(-7, 4.0), clipped(0.25, 4.0)
    (4.0, -4.0, 0.25)
    """
    if value > cap:
        return cap
    if value < -cap:
        return -cap
    return value


_COUNT_BYTES: Final = tuple(float_bytes((value,)) for value in range(256))


def count_bytes(value: int) -> bytes:
    """A count (a non-negative integer) as a part of one number.

    >>> from array import array
    >>> from scala40.adapters.observation.rows import count_bytes
    >>> array("f", count_bytes(7) + count_bytes(1000)).tolist()
    [7.0, 1000.0]
    """
    if value < 256:
        return _COUNT_BYTES[value]
    return float_bytes((value,))


def seat_sizes_row(layout: LayoutBase, me: int, counts: tuple[int, ...]) -> bytes:
    """A :class:`~scala40.adapters.observation.base.Row`'s block of a count a seat (such as
    each seat's hand size), ``me`` first: the counts' parts joined, made at each change
    (the counts seen from each seat are too many to keep).

    >>> from array import array
    >>> from scala40.adapters.observation.rows import seat_sizes_row
    >>> array("f", seat_sizes_row(None, 1, (7, 8, 300))).tolist()
    [8.0, 300.0, 7.0]
    """
    return b"".join([count_bytes(count) for count in counts[me:] + counts[:me]])


def seat_fractions_row(cap: int) -> Callable[[LayoutBase, int, tuple[int, ...]], bytes]:
    """A :class:`~scala40.adapters.observation.base.Row`'s block of a count a seat (such
    as the turns each seat played) over ``cap``, capped at 1, ``me`` first: the counts'
    parts (:func:`fraction_rows`) joined, made at each change (the counts seen from each
    seat are too many to keep).

    >>> from array import array
    >>> from scala40.adapters.observation.rows import seat_fractions_row
    >>> array("f", seat_fractions_row(4)(None, 1, (1, 3, 9))).tolist()
    [0.75, 1.0, 0.25]
    """
    rows = fraction_rows(cap)

    def row(layout: LayoutBase, me: int, counts: tuple[int, ...]) -> bytes:
        return b"".join(
            [rows[count if count < cap else cap] for count in counts[me:] + counts[:me]]
        )

    return row


def marked_seats_row(count: int, me: int, seats: Iterable[int]) -> bytes:
    """A block of ``count`` seats marking ``seats``, seat ``s`` at ``(s - me) % count``.

    >>> from array import array
    >>> from scala40.adapters.observation.rows import marked_seats_row
    >>> array("f", marked_seats_row(3, 1, (0, 1))).tolist()
    [1.0, 0.0, 1.0]
    """
    row = [0.0] * count
    for seat in seats:
        row[(seat - me) % count] = 1.0
    return float_bytes(row)


def seat_mark_row(layout: LayoutBase, me: int, seat: int | None) -> bytes:
    """A :class:`~scala40.adapters.observation.base.Row`'s block marking ``seat``, counted from
    ``me`` (none for ``None``)."""
    count = layout.player_count
    return layout.marks[count if seat is None else (seat - me) % count]


def seats_row(layout: LayoutBase, me: int, seats: tuple[int, ...]) -> bytes:
    """A :class:`~scala40.adapters.observation.base.Row`'s block marking each seat of ``seats``,
    counted from ``me``."""
    count = layout.player_count
    return marked_seats_row(count, me, seats) if seats else layout.marks[count]


def member_row(members: Iterable[Any]) -> Callable[[LayoutBase, int, Any], bytes]:
    """A :class:`~scala40.adapters.observation.base.Row`'s block marking one of ``members`` (an
    enumeration's, such as the phases), looked up by the member's identity: hashing an enum
    member runs Python code (``Enum.__hash__``), ``id`` does not.

    >>> from array import array
    >>> from scala40.adapters.observation.rows import member_row
    >>> array("f", member_row(("a", "b"))(None, 0, "b")).tolist()
    [0.0, 1.0]
    """
    listed = tuple(members)
    rows = {id(member): row for member, row in zip(listed, mark_rows(len(listed)), strict=False)}

    def row(layout: LayoutBase, me: int, member: Any) -> bytes:
        return rows[id(member)]

    return row


def count_row(layout: LayoutBase, me: int, value: int) -> bytes:
    """A :class:`~scala40.adapters.observation.base.Row`'s block of one count
    (:func:`count_bytes`)."""
    return count_bytes(value)


# -- card blocks: a row of a copy count for each card code, brought from one state's
# cards to the next's ------------------------------------------------------------------

CARD_CODES: Final = 53
"""Card blocks have one entry per card code: 0-51 the natural cards, 52 the joker."""
UNSEEN: Final = CARD_CODES
"""Where the ``unseen`` block starts: right after the ``hand`` block."""
ZERO_ROW: Final = array("f", bytes(4 * CARD_CODES))
"""A row of :data:`CARD_CODES` zeros, copied to make a card block (never changed)."""


def card_counts(cards: Iterable[int]) -> array[float]:
    """A new card block's row of the copies of each card code in ``cards`` (a meld's, a
    hand's).

    >>> from scala40.adapters.observation.rows import card_counts
    >>> card_counts((5, 5, 52))[5], card_counts(())[5]
    (2.0, 0.0)
    """
    row = ZERO_ROW[:]
    for card in cards:
        row[card] += 1.0
    return row


def card_changes(
    before: tuple[int, ...], after: tuple[int, ...]
) -> tuple[Sequence[int], Sequence[int]]:
    """The cards ``after`` lacks of ``before`` and those it has more, copies counted
    (card codes in any order).

    A hand changes by a card at a time (a draw, a discard), its cards kept in order:
    that case is found from the two sums, checked by rebuilding ``after``.

    >>> from scala40.adapters.observation.rows import card_changes
    >>> card_changes((1, 5, 9), (1, 5, 7, 9)), card_changes((3, 3, 8), (3, 8, 40, 41))
    (((), (7,)), ([3], [40, 41]))
    """
    size = len(before)
    count = len(after)
    if count == size + 1:
        card = sum(after) - sum(before)
        if 0 <= card < CARD_CODES:
            place = bisect_left(before, card)
            if (*before[:place], card, *before[place:]) == after:
                return (), (card,)
    elif count == size - 1:
        card = sum(before) - sum(after)
        if card in before:
            place = before.index(card)
            if before[:place] + before[place + 1 :] == after:
                return (card,), ()
    # Any other change: the two walked in order, side by side.
    old = sorted(before)
    new = sorted(after)
    removed: list[int] = []
    added: list[int] = []
    at = 0
    for card in new:
        while at < size and old[at] < card:
            removed.append(old[at])
            at += 1
        if at < size and old[at] == card:
            at += 1
        else:
            added.append(card)
    removed.extend(old[at:])
    return removed, added


def write_hand(numbers: array[float], before: tuple[int, ...], hand: tuple[int, ...]) -> None:
    """Bring the ``hand`` block (numbers 0 to 52) and the ``unseen`` one (53 to 105) of
    ``numbers`` from the hand ``before`` to ``hand``: a card the player holds is not
    unseen."""
    removed, added = card_changes(before, hand)
    for card in removed:
        numbers[card] -= 1.0
        numbers[UNSEEN + card] += 1.0
    for card in added:
        numbers[card] += 1.0
        numbers[UNSEEN + card] -= 1.0


def write_pile(
    numbers: array[float], before: tuple[int, ...], pile: tuple[int, ...], at: int
) -> None:
    """Bring the ``discard`` block (at number ``at``), the ``discard_top`` one after it
    and the ``unseen`` one of ``numbers`` from the pile ``before`` to ``pile``: each card
    of the pile is counted, its top card marked, and none unseen.

    Piles change at the top: the cards below the first place where the two differ stay
    as they are (found from the top down, checked before it is trusted)."""
    size = len(before)
    count = len(pile)
    same = size if size < count else count
    while same and before[same - 1] != pile[same - 1]:
        same -= 1
    if before[:same] != pile[:same]:
        same = 0
    for card in before[same:]:
        numbers[at + card] -= 1.0
        numbers[UNSEEN + card] += 1.0
    for card in pile[same:]:
        numbers[at + card] += 1.0
        numbers[UNSEEN + card] -= 1.0
    top = at + CARD_CODES
    if size and (not count or before[-1] != pile[-1]):
        numbers[top + before[-1]] = 0.0
    if count:
        numbers[top + pile[-1]] = 1.0


def write_cards(numbers: array[float], before: tuple[int, ...], after: tuple[int, ...]) -> None:
    """Bring the ``unseen`` block of ``numbers`` from leaving out the cards ``before`` to
    leaving out the cards ``after`` (cards seen elsewhere: shown, known in a hand)."""
    if before == after:
        return
    removed, added = card_changes(before, after)
    for card in removed:
        numbers[UNSEEN + card] += 1.0
    for card in added:
        numbers[UNSEEN + card] -= 1.0


MELD_KINDS: Final = tuple(MeldKind)
"""The kinds of meld, in the order of a table meld's one-hot kind row."""
_KIND_INDEX: Final = {kind: index for index, kind in enumerate(MELD_KINDS)}


def update_table_blocks(
    out: array[float],
    before: tuple[Meld, ...],
    table: tuple[Meld, ...],
    offsets: tuple[int, int, int],
    meld_rows: Callable[[Meld], tuple[array[float], array[float]]],
) -> None:
    """Bring the table blocks of ``out`` from the numbers of the table ``before`` to those
    of ``table``, and its unseen block with them, changing only the melds that changed.

    ``offsets`` places the three blocks: each meld's one-hot kind (a row of
    ``len(MELD_KINDS)``), then two rows of :data:`CARD_CODES` numbers each, which
    ``meld_rows(meld)`` gives (a game's encoding keeps them, as melds come back). A
    meld's cards are not unseen. States share a table until a meld changes it, and then
    most melds stay where they were: bringing the last table's numbers up to date meld
    by meld gives the same numbers as writing them afresh (small integers, exact in
    floats)."""
    kind_at, cards_at, second_at = offsets
    kinds = len(MELD_KINDS)
    zeros = ZERO_ROW
    for index in range(len(table) if len(table) > len(before) else len(before)):
        meld = table[index] if index < len(table) else None
        old = before[index] if index < len(before) else None
        if meld is old:
            continue
        kind_row = kind_at + index * kinds
        cards_row = cards_at + index * CARD_CODES
        second_row = second_at + index * CARD_CODES
        # A meld replaced by another (extended, or a wild card taken back) keeps its kind
        # most often, and its card rows are written over: only a meld gone is cleared.
        same_kind = old is not None and meld is not None and old.kind is meld.kind
        if old is not None:
            if not same_kind:
                out[kind_row + _KIND_INDEX[old.kind]] = 0.0
            for card in old.cards:
                out[UNSEEN + card] += 1.0
            if meld is None:
                out[cards_row : cards_row + CARD_CODES] = zeros
                out[second_row : second_row + CARD_CODES] = zeros
        if meld is not None:
            cards, second = meld_rows(meld)
            if not same_kind:
                out[kind_row + _KIND_INDEX[meld.kind]] = 1.0
            for card in meld.cards:
                out[UNSEEN + card] -= 1.0
            out[cards_row : cards_row + CARD_CODES] = cards
            out[second_row : second_row + CARD_CODES] = second
