"""The writer of an observation's sheet (internal): one loop over a layout's steps,
each a block (or run of blocks) written again only when one of its inputs changed since
the sheet was last written.

A game's encoding declares what it writes (:mod:`scala40.adapters.observation.base`:
:class:`~scala40.adapters.observation.base.Row` and its kin); each declaration becomes
one step here, with the places of its inputs, of what it remembers and of its numbers
fixed once per layout. The steps are ordinary classes read by one loop, with no code
made at run time, so that the compiled build compiles them; the numbers they write are
the very ones the declarations say (``tests/adapters/test_observation_digests.py``).

The writer reads the game's own values (a state's or a view's fields, read alike) and
checks none of them: every value is annotated ``Any``, so that a compiled writer raises
what a pure one would.
"""

from __future__ import annotations

from typing import Any, Final

from scala40.adapters.observation.rows import (
    update_table_blocks,
    write_cards,
    write_hand,
    write_pile,
)

__all__ = [
    "HAND",
    "PARAMETERS",
    "HandStep",
    "MarkStep",
    "PileStep",
    "RowStep",
    "SeenStep",
    "Step",
    "TableStep",
    "Writer",
]

PARAMETERS: Final = ("me", "hand", "hand_sizes", "stock_size")
"""The inputs a writer is given as arguments, at these places of its values; any other
input is a field of the view (or state), read once a write, after them."""
HAND: Final = 1
"""The place of ``hand`` among a writer's values."""


class Step:
    """One declaration's block (or run of blocks), written from a writer's values."""

    def run(self, numbers: Any, raw: Any, kept: list[Any], values: list[Any], layout: Any) -> None:
        """Bring the block up to date: ``numbers`` the sheet's (an ``array.array``),
        ``raw`` their bytes, ``kept`` what the sheet remembers, ``values`` the writer's
        inputs (:data:`PARAMETERS`, then the fields read)."""
        raise NotImplementedError


class HandStep(Step):
    """The ``hand`` and ``unseen`` blocks, from the hand (compared by identity)."""

    def __init__(self, slot: int) -> None:
        self.slot = slot

    def run(self, numbers: Any, raw: Any, kept: list[Any], values: list[Any], layout: Any) -> None:
        hand = values[HAND]
        slot = self.slot
        before = kept[slot]
        if hand is not before:
            write_hand(numbers, before, hand)
            kept[slot] = hand


class PileStep(Step):
    """A discard pile's blocks from the pile at ``input`` (by identity), its counts at
    number ``at``."""

    def __init__(self, input: int, slot: int, at: int) -> None:
        self.input = input
        self.slot = slot
        self.at = at

    def run(self, numbers: Any, raw: Any, kept: list[Any], values: list[Any], layout: Any) -> None:
        pile = values[self.input]
        slot = self.slot
        before = kept[slot]
        if pile is not before:
            write_pile(numbers, before, pile, self.at)
            kept[slot] = pile


class TableStep(Step):
    """The table blocks from the melds at ``input`` (by identity), starting at the
    numbers ``offsets``, each meld's card rows given by ``rows``."""

    def __init__(self, input: int, slot: int, offsets: tuple[int, int, int], rows: Any) -> None:
        self.input = input
        self.slot = slot
        self.offsets = offsets
        self.rows: Any = rows

    def run(self, numbers: Any, raw: Any, kept: list[Any], values: list[Any], layout: Any) -> None:
        table = values[self.input]
        slot = self.slot
        before = kept[slot]
        if table is not before:
            update_table_blocks(numbers, before, table, self.offsets, self.rows)
            kept[slot] = table


class MarkStep(Step):
    """A card block marking the one card at ``input`` (or none, for ``None``), from
    number ``at``."""

    def __init__(self, input: int, slot: int, at: int) -> None:
        self.input = input
        self.slot = slot
        self.at = at

    def run(self, numbers: Any, raw: Any, kept: list[Any], values: list[Any], layout: Any) -> None:
        card = values[self.input]
        slot = self.slot
        before = kept[slot]
        if card is not before:
            if before is not None:
                numbers[self.at + before] = 0.0
            if card is not None:
                numbers[self.at + card] = 1.0
            kept[slot] = card


class _Changed(Step):
    """A step written when one of its inputs changed: the inputs at ``inputs``, each
    remembered at the place of ``slots`` beside it, compared by identity where
    ``shared`` says so and by equality elsewhere."""

    def __init__(
        self, inputs: tuple[int, ...], slots: tuple[int, ...], shared: tuple[bool, ...]
    ) -> None:
        self.inputs = inputs
        self.slots = slots
        self.shared = shared

    def changed(self, kept: list[Any], values: list[Any]) -> bool:
        """Whether an input changed since it was remembered."""
        slots = self.slots
        shared = self.shared
        for place, at in enumerate(self.inputs):
            value = values[at]
            before = kept[slots[place]]
            if shared[place]:
                if value is not before:
                    return True
            elif value != before:
                return True
        return False

    def remember(self, kept: list[Any], values: list[Any]) -> None:
        """Remember the inputs, once written."""
        slots = self.slots
        for place, at in enumerate(self.inputs):
            kept[slots[place]] = values[at]

    def made(self, make: Any, values: list[Any], layout: Any) -> Any:
        """What ``make(layout, me, *inputs)`` makes."""
        me = values[0]
        inputs = self.inputs
        count = len(inputs)
        if count == 1:
            return make(layout, me, values[inputs[0]])
        if count == 2:
            return make(layout, me, values[inputs[0]], values[inputs[1]])
        if count == 3:
            return make(layout, me, values[inputs[0]], values[inputs[1]], values[inputs[2]])
        return make(layout, me, *[values[at] for at in inputs])


class SeenStep(_Changed):
    """Cards seen elsewhere, left out of the ``unseen`` block: ``cards(layout, me,
    *inputs)``, remembered at ``slot``."""

    def __init__(
        self,
        inputs: tuple[int, ...],
        slots: tuple[int, ...],
        shared: tuple[bool, ...],
        slot: int,
        cards: Any,
    ) -> None:
        super().__init__(inputs, slots, shared)
        self.slot = slot
        self.cards: Any = cards

    def run(self, numbers: Any, raw: Any, kept: list[Any], values: list[Any], layout: Any) -> None:
        if self.changed(kept, values):
            seen = self.made(self.cards, values, layout)
            write_cards(numbers, kept[self.slot], seen)
            kept[self.slot] = seen
            self.remember(kept, values)


class RowStep(_Changed):
    """Consecutive blocks, the bytes ``start`` to ``end`` of the numbers, written as one
    part that ``row(layout, me, *inputs)`` makes."""

    def __init__(
        self,
        inputs: tuple[int, ...],
        slots: tuple[int, ...],
        shared: tuple[bool, ...],
        start: int,
        end: int,
        row: Any,
    ) -> None:
        super().__init__(inputs, slots, shared)
        self.start = start
        self.end = end
        self.row: Any = row

    def run(self, numbers: Any, raw: Any, kept: list[Any], values: list[Any], layout: Any) -> None:
        if self.changed(kept, values):
            raw[self.start : self.end] = self.made(self.row, values, layout)
            self.remember(kept, values)


class Writer:
    """A layout's writer: ``writer(sheet, public, me, hand, hand_sizes, stock_size)``
    brings ``sheet`` to the numbers of seat ``me``'s view, the fields ``names`` read
    from ``public`` (the view, or the state it is made from: they read alike), ``hand``
    its own cards, ``hand_sizes`` every seat's count of cards, ``stock_size`` the
    stock's, by its ``steps`` in order."""

    def __init__(self, layout: Any, names: tuple[str, ...], steps: tuple[Step, ...]) -> None:
        self.layout: Any = layout
        self.names = names
        self.steps = steps

    def __call__(
        self, sheet: Any, public: Any, me: Any, hand: Any, hand_sizes: Any, stock_size: Any
    ) -> None:
        values: list[Any] = [me, hand, hand_sizes, stock_size]
        for name in self.names:
            values.append(getattr(public, name))
        numbers = sheet.numbers
        raw = sheet.raw
        kept: list[Any] = sheet.kept
        layout = self.layout
        for step in self.steps:
            step.run(numbers, raw, kept, values, layout)
