"""What every game's observation encoding shares (internal): the memo of its blocks and
layouts, the card blocks that open it, and how its numbers are made (the words of its
text are in :mod:`scala40._wording`).

A game's encoding (its ``observation``, a :class:`~scala40.game.ObservationEncoding`)
derives from :class:`ObservationBase`: it lists its blocks in ``_blocks``, computes what
one ruleset and number of players need in ``_new_layout``, each once per ruleset and
number of players, and declares in ``_writes`` what each block is made from (the card
blocks :class:`Hand`, :class:`Pile`, :class:`Table`, :class:`Mark` and :class:`Seen`; any
other run of blocks a :class:`Row`, such as :func:`~scala40.adapters.observation.rows.seat_mark_row`).
The writer of each layout is written from those declarations once
(:func:`writer_of`). Its numbers open with the card blocks of :func:`card_blocks`,
one entry per card code (:data:`CARD_CODES`).

>>> from scala40.adapters.observation.base import card_blocks
>>> [field.name for field in card_blocks(2.0, discard_pile=True)]
['hand', 'unseen', 'discard', 'discard_top', 'taken']

**How the numbers are made.** An encoding gives its numbers as *parts*, float32 numbers
in the machine's byte order (``bytes``, or an ``array.array`` of type code ``"f"``),
joined in one copy at the end (:meth:`ObservationBase.encode_parts`; the adapters join
them with their own part). In Python a number set in an array, or converted from a
list, costs some hundreds of machine instructions, a byte copied about one: so each
block is a row made once and kept (the one-hot rows of
:func:`~scala40.adapters.observation.rows.mark_rows`, a counter's
:func:`~scala40.adapters.observation.rows.fraction_rows`, the fixed blocks of a ruleset, a table's
melds), or one brought up to date from the last state's by the few numbers that changed
(the discard pile's rows by its top card, a table's blocks meld by meld), and never a
whole array copied or converted again. Every number is a small integer or a fraction
computed the same way either way, so a kept row is the very numbers a fresh one would be.
"""

from __future__ import annotations

import threading
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import pairwise
from sys import getrefcount
from typing import Any, ClassVar, Generic, TypeVar

import attrs
from typing_extensions import Buffer

from scala40._wording import cards_text, ints_text, view_heading
from scala40.adapters.observation.rows import (
    CARD_CODES,
    MELD_KINDS,
    UNSEEN,
    ZERO_ROW,
    LayoutBase,
    capped_count_row,
    card_changes,
    card_counts,
    count_row,
    float_bytes,
    mark_rows,
    member_row,
    seat_fractions_row,
    seat_mark_row,
    seat_sizes_row,
    seats_row,
    update_table_blocks,
    write_cards,
    write_hand,
    write_pile,
)
from scala40.adapters.observation.writer import (
    PARAMETERS,
    Step,
    Writer,
    hand_step,
    mark_step,
    pile_step,
    row_step,
    seen_step,
    table_step,
)
from scala40.checks import check_seat, describe
from scala40.errors import InvalidArgumentError
from scala40.game import ObservationField
from scala40.melds import Meld

__all__ = [
    "CARD_CODES",
    "COUNT_CAP",
    "KEPT",
    "MELD_KINDS",
    "SEATS",
    "SHARED",
    "UNSEEN",
    "UNSET",
    "ZERO_ROW",
    "Block",
    "Hand",
    "Kept",
    "Mark",
    "ObservationBase",
    "Pile",
    "Row",
    "Seen",
    "Sheet",
    "Table",
    "Write",
    "card_blocks",
    "card_changes",
    "card_counts",
    "flags_row",
    "last_points",
    "max_table_melds",
    "most_copies",
    "shared",
    "update_table_blocks",
    "write_cards",
    "write_hand",
    "write_pile",
    "writer_of",
]

KEPT = 4096
"""How many rows of a kept block (the rows of a set of cards, of a meld, of a set of
flags) an encoding keeps, then forgets all at once."""
COUNT_CAP = 100
"""Turn and hand counters are given as fractions of this, capped at 1."""

T = TypeVar("T")
"""What a caller makes on a sheet's buffer (:meth:`Sheet.hand_out`)."""
_K = TypeVar("_K")
_V = TypeVar("_V")


class Kept(dict[_K, _V]):
    """Rows made once and kept by what they are made from: ``kept[key]`` makes the row
    of a key not kept yet by ``make(key)``; after :data:`KEPT` rows all are forgotten at
    once. A row found costs a dictionary look-up, nothing more (``__missing__`` runs
    only for a new key).

    >>> from scala40.adapters.observation.base import Kept
    >>> lengths = Kept(len)
    >>> lengths["abc"], lengths["abc"], len(lengths)
    (3, 3, 1)
    """

    def __init__(self, make: Callable[[_K], _V]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: _K) -> _V:
        if len(self) >= KEPT:
            self.clear()
        value = self[key] = self._make(key)
        return value


def max_table_melds(rules: Any) -> int:
    """The most melds a table can hold under ``rules`` (any ruleset with a ``deck``): every
    meld has 3 cards or more (S40-SEQ, S40-SET, SK-MELDS).

    >>> from scala40 import Ruleset
    >>> from scala40.adapters.observation.base import max_table_melds
    >>> from scala40.games.skarney.rules import Ruleset as SkarneyRuleset
    >>> max_table_melds(Ruleset()), max_table_melds(SkarneyRuleset(jokers=0))
    (36, 34)
    """
    size: int = rules.deck.size
    return size // 3


def most_copies(cards: Iterable[int]) -> float:
    """The most copies of one card among ``cards`` (a deck's): the ``high`` of a block of
    card counts."""
    return float(max(Counter(cards).values()))


def card_blocks(copies: float, *, discard_pile: bool) -> tuple[ObservationField, ...]:
    """The card blocks every encoding opens with: ``hand`` and ``unseen`` (at most
    ``copies`` of a card each), then, in a game with a discard pile, ``discard``,
    ``discard_top`` and ``taken``."""
    cards = (CARD_CODES,)
    blocks = (
        ObservationField(
            "hand", cards, "copies of each card code in the hand", 0, copies, private=True
        ),
        ObservationField(
            "unseen", cards, "copies of each card code not seen", 0, copies, private=True
        ),
    )
    if not discard_pile:
        return blocks
    return (
        *blocks,
        ObservationField("discard", cards, "copies of each card code discarded", 0, copies),
        ObservationField("discard_top", cards, "the top card of the discard pile"),
        ObservationField("taken", cards, "the card taken from the discard pile"),
    )


@attrs.frozen
class Block:
    """A block after the card blocks, as a game declares it (its encoding's
    :attr:`~ObservationBase.BLOCKS`): its name, shape, meaning and bounds, where a name in
    the shape or a bound stands for a size of the ruleset and number of players (the
    ``sizes`` of :meth:`~ObservationBase._block_sizes`: ``seats``, ``melds``, ``deck``...).

    >>> from scala40.adapters.observation.base import Block
    >>> Block("table_owner", ("melds", "seats"), "who put each meld down").field(
    ...     {"melds": 36, "seats": 2}
    ... ).shape
    (36, 2)
    """

    name: str
    shape: tuple[int | str, ...]
    doc: str
    low: float | str = 0.0
    high: float | str = 1.0
    shared: bool = attrs.field(default=False, kw_only=True)
    """Whether the shared encoding writes it (a block of :data:`SHARED`)."""

    def field(self, sizes: dict[str, float]) -> ObservationField:
        """The block under ``sizes``."""
        shape = [int(sizes[part]) if isinstance(part, str) else part for part in self.shape]
        low = sizes[self.low] if isinstance(self.low, str) else self.low
        high = sizes[self.high] if isinstance(self.high, str) else self.high
        return ObservationField(self.name, tuple(shape), self.doc, low, high)


SEATS = ("seats",)
"""The shape of a seat block: a number a seat."""
SHARED = {
    block.name: block
    for block in (
        Block("table_kind", ("melds", "kinds"), "each meld's kind", shared=True),
        Block("hand_sizes", SEATS, "cards in each hand", 0, "held", shared=True),
        Block("stock_size", (1,), "cards in the stock", 0, "deck", shared=True),
        Block("to_move", SEATS, "who decides now", shared=True),
        Block("turn", SEATS, "whose turn it is", shared=True),
        Block("dealer", SEATS, "who dealt", shared=True),
        Block("winners", SEATS, "who won the game", shared=True),
        Block("turns_played", SEATS, "turns completed this hand", shared=True),
        Block("phase", ("phases",), "the phase", shared=True),
        Block("hand_number", (1,), "the hand being played", shared=True),
    )
}
"""The blocks that read alike in every game that has them, by name: a game declares
them by name (or by :func:`shared`, in its own words) and the others as :class:`Block`;
the shared encoding writes them (but ``table_kind``, which a :class:`Table` writes)."""


def shared(name: str, doc: str) -> Block:
    """The shared block ``name`` (:data:`SHARED`), said in a game's own words ``doc``."""
    return attrs.evolve(SHARED[name], doc=doc)


def _flags_bytes(key: tuple[Any, ...]) -> bytes:
    me = key[0]
    return float_bytes([flag for flags in key[1:] for flag in flags[me:] + flags[:me]])


_FLAGS = Kept(_flags_bytes)
"""The rows of :func:`flags_row`, kept (the same few sets of flags come again)."""


def flags_row(layout: LayoutBase, me: int, *flags: tuple[bool, ...]) -> bytes:
    """A :class:`Row`'s blocks of a flag a seat each (such as who has opened, who is
    still in), one after the other, counted from ``me``; kept.

    >>> from array import array
    >>> from scala40.adapters.observation.base import flags_row
    >>> array("f", flags_row(None, 1, (True, False), (False, True))).tolist()
    [0.0, 1.0, 1.0, 0.0]
    """
    key = (me, *flags)
    return _FLAGS[key]


def last_points(last: Any, order: Sequence[int], scale: Callable[[int], float]) -> list[float]:
    """A ``last_points`` block: the points of each seat or side of ``order`` in the last
    hand (``last``, ``None`` before any: zeros), as ``scale`` gives them."""
    if last is None:
        return [0.0] * len(order)
    points = last.points
    return [scale(points[place]) for place in order]


UNSET: Any = object()
"""What a sheet remembers of an input before it is written from any."""


# -- what a game declares it writes -------------------------------------------------------
#
# A game's encoding lists what it writes (``_own_writes``; the shared encoding adds the
# rows of the shared blocks): its card blocks, then blocks each
# made from a few inputs, the fields of the view (or of the state: they read alike) or
# one of ``me``, ``hand``, ``hand_sizes``, ``stock_size``, each written again only when
# one of its inputs changed since the seat's sheet was last written (compared by
# equality, or by identity for the inputs listed as ``shared``: values that consecutive
# states share). Each declaration becomes a step of the layout's writer
# (:mod:`scala40.adapters.observation.writer`), the places of its inputs, of what it
# remembers and of its numbers fixed once per layout (``writer_of``): the steps are
# ordinary classes that the compiled build compiles, no code made at run time.


def _names(names: str | tuple[str, ...]) -> tuple[str, ...]:
    return (names,) if isinstance(names, str) else tuple(names)


@attrs.frozen
class Hand:
    """The ``hand`` block (numbers 0 to 52) and the ``unseen`` one (53 to 105): each card
    the player holds is counted in the first and not unseen."""

    def step(self, plan: _Plan) -> Step:
        return hand_step(plan.slot(()))


@attrs.frozen
class Pile:
    """A discard pile's ``field`` block (copies of each card in ``input``, the pile) and
    the ``discard_top`` block after it (its top card); a card in the pile is not unseen."""

    field: str = "discard"
    input: str = "discard"

    def step(self, plan: _Plan) -> Step:
        pile = plan.read(self.input)
        return pile_step(pile, plan.slot(()), plan.span((self.field,))[0] // 4)


@attrs.frozen
class Table:
    """The table blocks (``fields``: each meld's one-hot kind, then two card rows a meld,
    :func:`update_table_blocks`) of the melds in ``input``, whose card rows ``rows(meld)``
    gives; a meld's cards are not unseen."""

    fields: tuple[str, str, str]
    rows: Callable[[Meld], tuple[array[float], array[float]]]
    input: str = "table"

    def step(self, plan: _Plan) -> Step:
        table = plan.read(self.input)
        slot = plan.slot(())
        kind, first, second = (plan.span((field,))[0] // 4 for field in self.fields)
        return table_step(table, slot, (kind, first, second), self.rows)


@attrs.frozen
class Mark:
    """A card block marking the one card of ``input`` (or none, for ``None``)."""

    field: str
    input: str

    def step(self, plan: _Plan) -> Step:
        card = plan.read(self.input)
        return mark_step(card, plan.slot(None), plan.span((self.field,))[0] // 4)


@attrs.frozen
class Seen:
    """Cards the player sees elsewhere than in his hand and the blocks above (shown, or
    known to be in a hand), which the ``unseen`` block leaves out: ``cards(layout, me,
    *inputs)`` (``inputs`` and ``shared`` as a :class:`Row`'s)."""

    inputs: tuple[str, ...] = attrs.field(converter=_names)
    cards: Callable[..., tuple[int, ...]]
    shared: tuple[str, ...] = attrs.field(default=(), converter=_names)

    def step(self, plan: _Plan) -> Step:
        inputs, slots, shared = plan.changed(self.inputs, self.shared)
        return seen_step(inputs, slots, shared, plan.slot(()), self.cards)


@attrs.frozen
class Row:
    """Consecutive blocks (``fields``, in order; a name for one) written as one part
    that ``row(layout, me, *inputs)`` makes, when one of ``inputs`` (a name for one)
    changed; ``shared`` inputs are compared by identity."""

    fields: tuple[str, ...] = attrs.field(converter=_names)
    inputs: tuple[str, ...] = attrs.field(converter=_names)
    row: Callable[..., bytes]
    shared: tuple[str, ...] = attrs.field(default=(), converter=_names)

    def step(self, plan: _Plan) -> Step:
        inputs, slots, shared = plan.changed(self.inputs, self.shared)
        start, end = plan.span(self.fields)
        return row_step(inputs, slots, shared, start, end, self.row)


Write = Hand | Pile | Table | Mark | Seen | Row
"""What an encoding declares it writes (``ObservationBase._writes``)."""


class _Plan:
    """The places one layout's writer gives its values and what a sheet remembers, as
    the declarations ask for them."""

    def __init__(self, fields: Sequence[ObservationField]) -> None:
        self.names: list[str] = []
        """The fields of the view read, in order, after the writer's parameters."""
        self.kept: list[Any] = []
        """What each place of a sheet's ``kept`` holds before the first write."""
        self._places: dict[str, tuple[int, int]] = {}
        at = 0
        for field in fields:
            self._places[field.name] = (at, at + field.size)
            at += field.size

    def read(self, name: str) -> int:
        """The place of input ``name`` among the writer's values (a field of the view
        read once a write)."""
        if name in PARAMETERS:
            return PARAMETERS.index(name)
        if name not in self.names:
            self.names.append(name)
        return len(PARAMETERS) + self.names.index(name)

    def slot(self, initial: Any) -> int:
        """A new place of the sheet's ``kept``, holding ``initial`` at first."""
        self.kept.append(initial)
        return len(self.kept) - 1

    def changed(
        self, inputs: tuple[str, ...], shared: tuple[str, ...]
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]:
        """The places of ``inputs``, of where each is remembered, and whether each is
        compared by identity (one of ``shared``)."""
        unknown = set(shared) - set(inputs)
        if unknown:
            raise ValueError(f"shared inputs {sorted(unknown)} are not inputs")
        places = tuple(self.read(name) for name in inputs)
        slots = tuple(self.slot(UNSET) for _ in inputs)
        return places, slots, tuple(name in shared for name in inputs)

    def span(self, fields: tuple[str, ...]) -> tuple[int, int]:
        """Where the consecutive blocks ``fields`` start and end, in bytes."""
        places = [self._places[name] for name in fields]
        for (_, end), (start, _) in pairwise(places):
            if start != end:
                raise ValueError(f"the blocks {fields} do not follow one another")
        return 4 * places[0][0], 4 * places[-1][1]


def writer_of(
    writes: Sequence[Write], fields: Sequence[ObservationField], layout: LayoutBase
) -> tuple[Writer, tuple[Any, ...]]:
    """The writer of ``layout`` that ``writes`` declare (``fields`` the layout's blocks),
    and what a new sheet's ``kept`` holds.

    The writer, ``write(sheet, public, me, hand, hand_sizes, stock_size)``, brings
    ``sheet`` to the numbers of seat ``me``'s view, its fields read from ``public`` (the
    view, or the state it is made from: they read alike), ``hand`` its own cards,
    ``hand_sizes`` every seat's count of cards, ``stock_size`` the stock's: each block
    written again only when one of its inputs changed since the sheet was last written.
    """
    plan = _Plan(fields)
    steps = tuple(write.step(plan) for write in writes)
    return Writer(layout, tuple(plan.names), steps), tuple(plan.kept)


class Sheet:
    """One seat's numbers as an encoding last wrote them, and what it wrote them from
    (``kept``: a place for each input of its blocks, :data:`UNSET` until written),
    brought up to date, block by block, by what changed since (see
    :class:`ObservationBase`).

    The numbers may be followed by a tail of the caller's (the adapters' decision part,
    :meth:`ObservationBase.encode_in_place`), so that a seat's whole observation lives
    in one buffer, written in place and handed out read-only (:attr:`handed`). A buffer
    handed out is never written while someone holds what was made on it: the sheet
    goes on in a copy (:meth:`writable`)."""

    __slots__ = (
        "free", "handed", "kept", "layout", "numbers", "raw", "source", "tail", "values", "whole",
        "write",
    )  # fmt: skip

    def __init__(self, layout: LayoutBase, write: Writer, kept: tuple[Any, ...]) -> None:
        self.layout: LayoutBase = layout
        self.write: Writer = write
        """The layout's writer (:func:`writer_of`)."""
        self.kept: list[Any] = list(kept)
        self.values: list[Any] = [None] * write.width
        """What the writer last read (its own, kept for the next write)."""
        self.numbers: array[float] = array("f", layout.start)
        """The numbers (changed in place), then the tail's."""
        self.whole: memoryview[int] = memoryview(self.numbers).cast("B")
        """The bytes of the numbers and the tail."""
        self.raw: memoryview[int] = self.whole
        """The numbers' bytes, where blocks are written (4 bytes a number), the tail
        left out."""
        self.source: Any = None
        """The view or state the numbers are of."""
        self.tail: Any = None
        """The tail written after the numbers (compared by identity)."""
        self.handed: Any = None
        """What was made on the whole buffer, read-only, and handed out (``None`` until
        it is): a NumPy array, whose slices and views hold it."""
        self.free: int = 0
        """How many references :attr:`handed` has when nobody outside holds it."""

    def writable(self) -> None:
        """Make the numbers safe to write: if what was handed out (:attr:`handed`) is
        still held (an array, or through a slice of it), its numbers are left as they
        are and the sheet goes on in a copy."""
        if self.handed is not None and _references(self) > self.free:
            self._move(array("f", self.numbers))

    def with_tail(self, size: int) -> None:
        """Make room for a tail of ``size`` bytes after the numbers."""
        numbers = array("f")
        numbers.frombytes(self.raw)
        numbers.frombytes(bytes(size))
        self._move(numbers)

    def hand_out(self, make: Callable[[memoryview[int]], T]) -> T:
        """What ``make`` makes on the whole buffer, read-only (made once, and the same
        until the sheet moves to a copy)."""
        if self.handed is None:
            self.handed = make(self.whole.toreadonly())
            self.free = _references(self)  # no local holds it: counted as writable() does
        handed: T = self.handed
        return handed

    def _move(self, numbers: array[float]) -> None:
        game = len(self.raw)
        self.numbers = numbers
        self.whole = memoryview(numbers).cast("B")
        self.raw = self.whole[:game]
        self.handed = None


def _references(sheet: Sheet) -> int:
    """The references to ``sheet.handed`` (counted the same way wherever it is asked)."""
    return getrefcount(sheet.handed)


R = TypeVar("R")
"""The rulesets of the game an encoding serves."""
L = TypeVar("L", bound=LayoutBase)
"""What the encoding computes once per ruleset and number of players."""


class _Sheets(threading.local):
    """Each thread's sheets, one per seat (an encoding serves one thread at a time)."""

    def __init__(self) -> None:
        self.seats: dict[int, Sheet] = {}


class ObservationBase(Generic[R, L]):
    """What every encoding does around its blocks: its blocks, its layout and its writer,
    made once per ruleset and number of players (a game plays one ruleset: the last
    layout serves again), and a sheet of numbers per seat kept from one state to the
    next.

    Consecutive states differ in a few fields, and a state shares the values of the
    others with the one before (they are immutable values). So each seat's numbers are
    kept, with the field values they were written from, and a new view or state of the
    seat writes only the blocks whose values changed (a card or two of the hand, the
    pile's top, a meld of the table...): compared by identity where states share the
    value, by equality where an engine makes an equal tuple anew. What each block is
    made from, the encoding declares (``_writes``); the writer is made from that once
    per layout (:func:`writer_of`). Every number is a small integer or a fraction
    computed the same way either way, so the numbers are the very ones a fresh encoding
    gives; ``tests/adapters/test_observation_digests.py`` checks it along seeded games,
    seats and states in any order. The sheets are the current thread's: threads never
    share one.
    """

    def __init__(self) -> None:
        self._fields: dict[tuple[R, int], tuple[ObservationField, ...]] = {}
        self._layouts: dict[tuple[R, int], L] = {}
        self._writers: dict[int, tuple[L, Writer, tuple[Any, ...]]] = {}
        self._last: L | None = None
        self._last_hand: tuple[Any, str] = (None, "-")
        self._sheets = _Sheets()
        # Melds come back, moved or extended (a static method: the rows keep no encoding).
        self._meld_numbers = Kept(self._meld_rows)
        self._meld_texts = Kept(self._meld_words)
        self._last_table: tuple[Any, tuple[Any, ...], str] = (None, (), "")

    def __reduce__(self) -> Any:
        # Made anew: the sheets recognise states by identity, which means nothing in
        # another process.
        return (type(self), ())

    def private_copy(self) -> ObservationBase[R, L]:
        """A new encoding of the same numbers with sheets of its own: one for each
        environment that observes its own game, so that environments played in turn
        do not write each other's sheets again and again."""
        return type(self)()

    def _fields_of(self, rules: R, player_count: int) -> tuple[ObservationField, ...]:
        """The blocks of ``rules`` and ``player_count`` seats, listed once."""
        key = (rules, player_count)
        found = self._fields.get(key)
        if found is None:
            found = self._fields[key] = self._blocks(rules, player_count)
        return found

    def _sheet(self, seat: int, layout: L) -> Sheet:
        """A new sheet of ``seat`` for ``layout``, with the layout's writer."""
        found = self._writers.get(id(layout))
        if found is None or found[0] is not layout:
            fields = self._fields_of(layout.rules, layout.player_count)
            write, kept = writer_of(self._writes(), fields, layout)
            found = self._writers[id(layout)] = (layout, write, kept)
        sheet = self._sheets.seats[seat] = Sheet(layout, found[1], found[2])
        return sheet

    def encode(self, view: Any) -> array[float]:
        """The numbers of ``view``, block after block as :meth:`fields` lists them (an
        ``array.array`` of type code ``"f"``)."""
        rules = view.rules
        player_count = view.player_count
        layout = self._last  # a game plays one ruleset: checked here, without a call
        if layout is None or layout.rules is not rules or layout.player_count != player_count:
            layout = self._layout(rules, player_count)
        me = view.player
        sheet = self._sheets.seats.get(me)
        if sheet is None or sheet.layout is not layout:
            sheet = self._sheet(me, layout)
        if sheet.source is not view:
            sheet.writable()
            sheet.write(sheet, view, me, view.hand, view.hand_sizes, view.stock_size)
            sheet.source = view
        numbers = array("f")
        numbers.frombytes(sheet.raw)  # the game's numbers, without a tail of the adapters'
        return numbers

    def encode_state(self, state: Any, seat: int) -> array[float]:
        """The numbers of ``state.view(seat)`` (:meth:`encode`), read from ``state``
        without making the view (see :meth:`encode_joined`).

        :raises InvalidArgumentError: ``state`` is not a game state, or ``seat`` not a
            seat of the game.
        """
        numbers = array("f")
        numbers.frombytes(self.encode_joined(state, seat))
        return numbers

    def encode_joined(self, state: Any, seat: int, tail: Buffer = b"") -> bytes:
        """The numbers of ``state.view(seat)`` (:meth:`encode`), read from ``state``
        without making the view, as float32 numbers in the machine's byte order, followed
        by ``tail`` (the adapters' decision part): the game's numbers copied once.

        The encoding reads the fields a view copies from its state (its
        ``PUBLIC_FIELDS``), which read alike on both, and the seat's own hand; nothing
        else of the state.

        :raises InvalidArgumentError: ``state`` is not a game state, or ``seat`` not a
            seat of the game.
        """
        sheet = self._sheets.seats.get(seat)
        if sheet is None or sheet.source is not state:
            sheet = self._written(state, seat, sheet)
        return b"".join((sheet.raw, tail))  # the same again for another decision on it

    def encode_in_place(
        self, state: Any, seat: int, tail: Buffer, make: Callable[[memoryview[int]], T]
    ) -> T:
        """What :meth:`encode_joined` gives, without a copy: what ``make`` makes on the
        seat's one buffer (as read-only bytes), its numbers brought up to date in place
        and followed by ``tail`` (written again only when it is another object than the
        last). The buffer never changes while someone holds what was made on it (an
        array, a slice of one): the seat's numbers go on in a copy (see :class:`Sheet`).

        :raises InvalidArgumentError: ``state`` is not a game state, or ``seat`` not a
            seat of the game.
        """
        sheet = self._sheets.seats.get(seat)
        if sheet is None or sheet.source is not state:
            sheet = self._written(state, seat, sheet)
        elif sheet.tail is tail:
            return sheet.hand_out(make)  # another decision on it, as it was
        elif sheet.handed is not None and getrefcount(sheet.handed) > sheet.free:
            sheet.writable()
        if sheet.tail is not tail:
            tail_bytes = memoryview(tail).cast("B")
            game = len(sheet.raw)
            if len(sheet.whole) != game + len(tail_bytes):
                sheet.with_tail(len(tail_bytes))
            sheet.whole[game:] = tail_bytes
            sheet.tail = tail
        return sheet.hand_out(make)

    def _written(self, state: Any, seat: int, sheet: Sheet | None) -> Sheet:
        """The sheet of ``seat`` (``sheet``, the one it has if any), brought up to date to
        ``state`` (in place, or in a copy when its buffer handed out is still held)."""
        try:
            player_count, hands, stock = state.player_count, state.hands, state.stock
        except AttributeError:
            raise InvalidArgumentError(f"expected a game state, got {describe(state)}") from None
        if not (type(seat) is int and 0 <= seat < player_count):
            check_seat("seat", seat, player_count, what="")  # refuses it, saying why
        rules = state.rules
        layout = self._last
        if layout is None or layout.rules is not rules or layout.player_count != player_count:
            layout = self._layout(rules, player_count)
        if sheet is None or sheet.layout is not layout:
            sheet = self._sheet(seat, layout)
        elif sheet.handed is not None and getrefcount(sheet.handed) > sheet.free:
            sheet.writable()  # (counted as _references counts: checked there again)
        sheet.write(sheet, state, seat, hands[seat], tuple(map(len, hands)), len(stock))
        sheet.source = state
        return sheet

    BLOCKS: ClassVar[tuple[Block | str, ...]] = ()
    """The blocks after the card blocks, in order: a :class:`Block`, or the name of a
    shared one (:data:`SHARED`)."""
    PHASES: ClassVar[tuple[Any, ...]] = ()
    """The game's phases, in the order of the ``phase`` block."""
    DISCARD_PILE: ClassVar[bool] = True
    """Whether the card blocks have the discard pile's (:func:`card_blocks`)."""

    TABLE: ClassVar[tuple[str, str, str] | None] = None
    """The table blocks of a game that puts melds on the table (:class:`Table`): each
    meld's kind, then its two card rows (:meth:`_meld_rows`)."""

    @staticmethod
    def _meld_rows(meld: Meld) -> tuple[array[float], array[float]]:
        raise NotImplementedError  # pragma: no cover - every game with a table has its rows

    def _declared(self) -> tuple[Block, ...]:
        return tuple(SHARED[block] if isinstance(block, str) else block for block in self.BLOCKS)

    def _blocks(self, rules: R, player_count: int) -> tuple[ObservationField, ...]:
        sizes = self._block_sizes(rules, player_count)
        return (
            *card_blocks(sizes["copies"], discard_pile=self.DISCARD_PILE),
            *(block.field(sizes) for block in self._declared()),
        )

    def _writes(self) -> tuple[Write, ...]:
        """What the encoding writes (see :class:`Row` and its kin): the card blocks, the
        game's own blocks (:meth:`_own_writes`), then the shared ones it has."""
        rows = {
            "hand_sizes": Row("hand_sizes", "hand_sizes", seat_sizes_row),
            "stock_size": Row("stock_size", "stock_size", count_row),
            "to_move": Row("to_move", "current_player", seat_mark_row),
            "turn": Row("turn", "turn", seat_mark_row),
            "dealer": Row("dealer", "dealer", seat_mark_row),
            "winners": Row("winners", "winners", seats_row),
            "turns_played": Row("turns_played", "turns_played", seat_fractions_row(COUNT_CAP)),
            "phase": Row("phase", "phase", member_row(self.PHASES), "phase"),
            "hand_number": Row("hand_number", "hand_number", capped_count_row(COUNT_CAP)),
        }
        # Card blocks: a card the player sees is not unseen. Seat blocks, the viewing
        # player first: seat ``s`` at place ``(s - me) % n``.
        cards: tuple[Write, ...] = (Hand(),)
        if self.DISCARD_PILE:
            cards = (Pile(), Hand(), Mark("taken", "taken"))
        if self.TABLE is not None:
            cards = (Table(self.TABLE, self._meld_numbers.__getitem__), *cards)
        shared = [
            rows[block.name] for block in self._declared() if block.shared and block.name in rows
        ]
        return (*cards, *self._own_writes(), *shared)

    def _own_writes(self) -> tuple[Write, ...]:
        raise NotImplementedError  # pragma: no cover - every encoding writes its numbers

    def _deck(self, rules: R) -> Any:
        """The deck ``rules`` play with."""
        return rules.deck  # type: ignore[attr-defined]

    def _block_sizes(self, rules: R, player_count: int) -> dict[str, float]:
        """The sizes a :class:`Block` names, for ``rules`` and ``player_count`` seats: the
        ``seats``, the table's ``melds`` and the meld ``kinds``, the card ``cards``, the
        ``phases``, the
        ``deck``'s size, the most cards ``held`` in a hand and the most ``copies`` of a
        card (a game adds its own)."""
        deck = self._deck(rules)
        return {
            "seats": player_count,
            "melds": deck.size // 3,  # as max_table_melds
            "kinds": len(MELD_KINDS),
            "cards": CARD_CODES,
            "phases": len(self.PHASES),
            "deck": float(deck.size),
            "held": float(deck.size),
            "copies": most_copies(deck.cards),
        }

    def _layout(self, rules: R, player_count: int) -> L:
        """The layout of ``rules`` and ``player_count`` seats, computed once."""
        layout = self._last
        if layout is None or layout.rules is not rules or layout.player_count != player_count:
            key = (rules, player_count)
            layout = self._layouts.get(key)
            if layout is None:
                layout = self._layouts[key] = self._new_layout(rules, player_count)
            self._last = layout
        return layout

    def _new_layout(self, rules: R, player_count: int) -> L:
        raise NotImplementedError  # pragma: no cover - every encoding has its layout

    def _start(
        self, rules: R, player_count: int, deck: Iterable[int]
    ) -> tuple[dict[str, int], array[float]]:
        """Where each block starts (in numbers), and the numbers before anything is
        written, their ``unseen`` block holding ``deck``'s cards (the game's layout sets
        the blocks its rules fix)."""
        places: dict[str, int] = {}
        size = 0
        for field in self._fields_of(rules, player_count):
            places[field.name] = size
            size += field.size
        start = array("f", bytes(4 * size))
        for card in deck:
            start[UNSEEN + card] += 1.0
        return places, start

    def _common(self, rules: R, player_count: int, start: array[float]) -> dict[str, Any]:
        """The fields of :class:`~scala40.adapters.observation.rows.LayoutBase` of ``rules`` and
        ``player_count`` seats, whose numbers before anything is written are ``start`` (a
        game's layout adds its own)."""
        return {
            "rules": rules,
            "player_count": player_count,
            "size": len(start),
            "start": start.tobytes(),
            "marks": mark_rows(player_count),
            "melds": self._deck(rules).size // 3,  # as max_table_melds
        }

    def text(self, view: Any) -> str:
        """Everything ``view`` shows, one line per subject (but the rules: they never
        change in a game); equal views give equal texts, different views different ones."""
        return "\n".join(self._lines(view))

    STOCK_WORD: ClassVar[str] = "stock"
    """What the text calls the stock."""

    def _lines(self, view: Any) -> tuple[str, ...]:
        """The text's lines: whose view it is and who decides, the hand, the counts of
        cards, the game's own lines (:meth:`_own_lines`), then the last hand."""
        return (
            view_heading(view) + self._deciding(view),
            f"hand: {self._cards_words(view.hand)}",
            f"hand sizes: {ints_text(view.hand_sizes)}; {self.STOCK_WORD}: {view.stock_size}",
            *self._own_lines(view),
            f"last hand: {self._hand_text(view.last_hand)}",
        )

    def _cards_words(self, cards: Sequence[int]) -> str:
        """How the text writes cards (a hand, a pile)."""
        return cards_text(cards)

    def _seats_cards_words(self, seats: Iterable[Sequence[int]]) -> str:
        """Cards of each seat in the text (the hands, the cards known in them), ``/``
        between seats."""
        return " / ".join([self._cards_words(cards) for cards in seats])

    def _table_words(self, table: tuple[Meld, ...], *facts: tuple[Any, ...]) -> str:
        """The melds of ``table`` in the text, ``; `` between them: each its place, its
        words (:meth:`_meld_words`, kept: melds come back) and its value of each of
        ``facts`` (a value a meld: :meth:`_placed_words`). States share a table until it
        changes: one text serves them."""
        known = self._last_table
        if known[0] is table and known[1] == facts:
            return known[2]
        words = self._meld_texts
        line = "; ".join(
            [
                self._placed_words(index, words[meld], *[fact[index] for fact in facts])
                for index, meld in enumerate(table)
            ]
        )
        self._last_table = (table, facts, line)
        return line

    def _meld_words(self, meld: Meld) -> str:
        """A table meld in the text: its notation."""
        return str(meld)

    def _placed_words(self, index: int, words: str, *facts: Any) -> str:
        """Table meld ``index`` in the text, given its ``words`` and ``facts``."""
        return f"#{index} {words}"

    def _deciding(self, view: Any) -> str:
        """The end of the text's first line: whose turn it is, and who decides."""
        mover = view.current_player
        return f", {self._turn_words(view)}, deciding " + ("-" if mover is None else str(mover))

    def _turn_words(self, view: Any) -> str:
        """Whose turn it is, in the text's first line."""
        return f"turn {view.turn}"

    def _own_lines(self, view: Any) -> tuple[str, ...]:
        raise NotImplementedError  # pragma: no cover - every encoding says what a view shows

    def _hand_text(self, last: Any) -> str:
        """The text of how the last hand ended (``-`` before any has)."""
        known, text = self._last_hand  # one hand's text serves every state until the next
        if last is known:
            return text
        text = "-" if last is None else self._hand_words(last)
        self._last_hand = (last, text)
        return text

    def _hand_words(self, last: Any) -> str:
        raise NotImplementedError  # pragma: no cover - every encoding says how hands end
