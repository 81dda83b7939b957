"""The writer of an observation's sheet (internal): one loop over a layout's steps,
each a block (or run of blocks) written again only when one of its inputs changed since
the sheet was last written.

A game's encoding declares what it writes (:mod:`scala40.adapters.observation.base`:
:class:`~scala40.adapters.observation.base.Row` and its kin); each declaration becomes
one step here, with the places of its inputs, of what it remembers and of its numbers
fixed once per layout. The steps are a table of one class read by one loop, with no
code made at run time, so that the compiled build compiles them; the numbers they write
are the very ones the declarations say (``tests/adapters/test_observation_digests.py``).

The writer reads the game's own values (a state's or a view's fields, read alike) and
checks none of them: every value is annotated ``Any``, so that a compiled writer raises
what a pure one would.
"""

from __future__ import annotations

from typing import Any, Final, final

from scala40.adapters.observation.rows import (
    update_table_blocks,
    write_cards,
    write_hand,
    write_pile,
)

__all__ = [
    "HAND",
    "PARAMETERS",
    "Step",
    "Writer",
    "hand_step",
    "mark_step",
    "pile_step",
    "row_step",
    "seen_step",
    "table_step",
]

PARAMETERS: Final = ("me", "hand", "hand_sizes", "stock_size")
"""The inputs a writer is given as arguments, at these places of its values; any other
input is a field of the view (or state), read once a write, after them."""
HAND: Final = 1
"""The place of ``hand`` among a writer's values."""

# What a step writes (Step.kind).
_HAND: Final = 0
_PILE: Final = 1
_TABLE: Final = 2
_MARK: Final = 3
_SEEN: Final = 4
_ROW: Final = 5


@final
class Step:
    """One declaration's block (or run of blocks), as the writer's loop reads it: its
    ``kind``, the places of its inputs among the writer's values (``input`` the first)
    and of what the sheet remembers (``slot``; ``slots``, one an input, for a step
    written when an input changed, each compared by identity where ``shared`` says so),
    where its numbers start (``at``, a number) or lie (``window``, bytes), and what
    makes them (``make``: a table's rows of a meld, the cards seen, a row)."""

    def __init__(
        self,
        kind: int,
        slot: int,
        *,
        input: int = 0,
        at: int = 0,
        window: slice | None = None,
        offsets: tuple[int, int, int] = (0, 0, 0),
        make: Any = None,
        inputs: tuple[int, ...] = (),
        slots: tuple[int, ...] = (),
        shared: tuple[bool, ...] = (),
    ) -> None:
        self.kind: int = kind
        self.slot: int = slot
        self.input: int = inputs[0] if inputs else input
        self.at: int = at
        self.window: Any = window
        self.offsets: tuple[int, int, int] = offsets
        self.make: Any = make
        self.inputs: tuple[int, ...] = inputs
        self.slots: tuple[int, ...] = slots
        self.shared: tuple[bool, ...] = shared
        self.single: bool = len(inputs) == 1
        """Whether the step has one input (compared without a loop)."""
        self.identity: bool = bool(shared) and shared[0]
        """Whether its first input is compared by identity."""
        self.first: int = slots[0] if slots else slot
        """Where its first input is remembered."""


def hand_step(slot: int) -> Step:
    """The ``hand`` and ``unseen`` blocks, from the hand (compared by identity)."""
    return Step(_HAND, slot, input=HAND)


def pile_step(input: int, slot: int, at: int) -> Step:
    """A discard pile's blocks from the pile at ``input`` (by identity), its counts at
    number ``at``."""
    return Step(_PILE, slot, input=input, at=at)


def table_step(input: int, slot: int, offsets: tuple[int, int, int], rows: Any) -> Step:
    """The table blocks from the melds at ``input`` (by identity), starting at the
    numbers ``offsets``, each meld's card rows given by ``rows``."""
    return Step(_TABLE, slot, input=input, offsets=offsets, make=rows)


def mark_step(input: int, slot: int, at: int) -> Step:
    """A card block marking the one card at ``input`` (or none, for ``None``), from
    number ``at``."""
    return Step(_MARK, slot, input=input, at=at)


def seen_step(
    inputs: tuple[int, ...],
    slots: tuple[int, ...],
    shared: tuple[bool, ...],
    slot: int,
    cards: Any,
) -> Step:
    """Cards seen elsewhere, left out of the ``unseen`` block: ``cards(layout, me,
    *inputs)``, remembered at ``slot``."""
    return Step(_SEEN, slot, make=cards, inputs=inputs, slots=slots, shared=shared)


def row_step(
    inputs: tuple[int, ...],
    slots: tuple[int, ...],
    shared: tuple[bool, ...],
    start: int,
    end: int,
    row: Any,
) -> Step:
    """Consecutive blocks, the bytes ``start`` to ``end`` of the numbers, written as one
    part that ``row(layout, me, *inputs)`` makes."""
    return Step(
        _ROW, 0, window=slice(start, end), make=row, inputs=inputs, slots=slots, shared=shared
    )


def _changed(step: Step, kept: list[Any], values: list[Any]) -> bool:
    """Whether an input of ``step`` changed since it was remembered. The very object
    remembered has not: a state shares its unchanged fields with the one before, and
    comparing a tuple with itself by equality would walk its items."""
    if step.single:
        value = values[step.input]
        before = kept[step.first]
        if value is before:
            return False
        return step.identity or bool(value != before)
    slots = step.slots
    shared = step.shared
    for place, at in enumerate(step.inputs):
        value = values[at]
        before = kept[slots[place]]
        if value is not before and (shared[place] or value != before):
            return True
    return False


def _remember(step: Step, kept: list[Any], values: list[Any]) -> None:
    """Remember the inputs of ``step``, once written."""
    if step.single:
        kept[step.first] = values[step.input]
        return
    slots = step.slots
    for place, at in enumerate(step.inputs):
        kept[slots[place]] = values[at]


def _made(step: Step, values: list[Any], layout: Any) -> Any:
    """What ``step.make(layout, me, *inputs)`` makes."""
    make = step.make
    me = values[0]
    if step.single:
        return make(layout, me, values[step.input])
    inputs = step.inputs
    count = len(inputs)
    if count == 2:
        return make(layout, me, values[inputs[0]], values[inputs[1]])
    if count == 3:
        return make(layout, me, values[inputs[0]], values[inputs[1]], values[inputs[2]])
    return make(layout, me, *[values[at] for at in inputs])


class Writer:
    """A layout's writer: ``writer(sheet, public, me, hand, hand_sizes, stock_size)``
    brings ``sheet`` to the numbers of seat ``me``'s view, the fields ``names`` read
    from ``public`` (the view, or the state it is made from: they read alike), ``hand``
    its own cards, ``hand_sizes`` every seat's count of cards, ``stock_size`` the
    stock's, by its ``steps`` in order. The values it reads go in the sheet's
    ``values`` (:attr:`width` of them), kept from one write to the next."""

    def __init__(self, layout: Any, names: tuple[str, ...], steps: tuple[Step, ...]) -> None:
        self.layout: Any = layout
        self.names: tuple[str, ...] = names
        self.steps: tuple[Step, ...] = steps
        self.width: int = len(PARAMETERS) + len(names)
        """How many values a write reads."""

    def __call__(
        self, sheet: Any, public: Any, me: Any, hand: Any, hand_sizes: Any, stock_size: Any
    ) -> None:
        values: list[Any] = sheet.values
        values[0] = me
        values[1] = hand
        values[2] = hand_sizes
        values[3] = stock_size
        at = 4
        for name in self.names:
            values[at] = getattr(public, name)
            at += 1
        numbers = sheet.numbers
        raw = sheet.raw
        kept: list[Any] = sheet.kept
        layout = self.layout
        for step in self.steps:
            kind = step.kind
            if kind == _ROW:
                if step.single:
                    # Most rows read one input: checked and made here, without a call
                    # (a call is most of a pure write's cost).
                    value = values[step.input]
                    before = kept[step.first]
                    if value is before or (not step.identity and value == before):
                        continue
                    raw[step.window] = step.make(layout, values[0], value)
                    kept[step.first] = value
                elif _changed(step, kept, values):
                    raw[step.window] = _made(step, values, layout)
                    _remember(step, kept, values)
            elif kind == _MARK:
                card = values[step.input]
                before = kept[step.slot]
                if card is not before:
                    if before is not None:
                        numbers[step.at + before] = 0.0
                    if card is not None:
                        numbers[step.at + card] = 1.0
                    kept[step.slot] = card
            elif kind == _SEEN:
                if _changed(step, kept, values):
                    seen = _made(step, values, layout)
                    write_cards(numbers, kept[step.slot], seen)
                    kept[step.slot] = seen
                    _remember(step, kept, values)
            else:
                value = values[step.input]
                before = kept[step.slot]
                if value is not before:
                    if kind == _HAND:
                        write_hand(numbers, before, value)
                    elif kind == _PILE:
                        write_pile(numbers, before, value, step.at)
                    else:
                        update_table_blocks(numbers, before, value, step.offsets, step.make)
                    kept[step.slot] = value
