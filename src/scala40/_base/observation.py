"""What every game's observation encoding shares (internal): the memo of its blocks and
layouts, and the card blocks that open it (the words of its text are in
:mod:`scala40._wording`).

A game's encoding (its ``observation``, a :class:`~scala40.game.ObservationEncoding`)
derives from :class:`ObservationBase`: it lists its blocks in ``_blocks`` and computes
what one ruleset and number of players need in ``_new_layout``, each once per ruleset
and number of players. Its numbers open with the card blocks of :func:`card_blocks`, one
entry per card code (:data:`CARD_CODES`).

>>> from scala40._base.observation import card_blocks
>>> [field.name for field in card_blocks(2.0, discard_pile=True)]
['hand', 'unseen', 'discard', 'discard_top', 'taken']
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import attrs

from scala40._checks import check_seat, describe
from scala40.errors import InvalidArgumentError
from scala40.game import ObservationField
from scala40.melds import Meld, MeldKind

__all__ = [
    "CARD_CODES",
    "MELD_KINDS",
    "UNSEEN",
    "LayoutBase",
    "ObservationBase",
    "capped_fractions",
    "card_blocks",
    "seat_marks",
    "update_table_blocks",
]

CARD_CODES = 53
"""Card blocks have one entry per card code: 0-51 the natural cards, 52 the joker."""
UNSEEN = CARD_CODES
"""Where the ``unseen`` block starts: right after the ``hand`` block."""


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


def seat_marks(count: int) -> tuple[tuple[float, ...], ...]:
    """The rows of a one-hot block of ``count`` seats: row ``k`` marks place ``k``, row
    ``count`` none (``marks[(seat - me) % count]``, or ``marks[count]`` for no seat).

    Encodings write their seat blocks as rows joined into one list, converted to numbers
    once (``array("f", row)`` in C), rather than number by number: a number set in an
    array costs as much as a row joined to a list.

    >>> from scala40._base.observation import seat_marks
    >>> seat_marks(3)[1], seat_marks(3)[3]
    ((0.0, 1.0, 0.0), (0.0, 0.0, 0.0))
    """
    found = _SEAT_MARKS.get(count)
    if found is None:
        rows = [tuple(float(place == seat) for place in range(count)) for seat in range(count)]
        found = _SEAT_MARKS[count] = (*rows, (0.0,) * count)
    return found


_SEAT_MARKS: dict[int, tuple[tuple[float, ...], ...]] = {}


def capped_fractions(cap: int) -> tuple[float, ...]:
    """``min(value, cap) / cap`` for each value from 0 to ``cap`` (a counter's number,
    looked up: ``fractions[min(value, cap)]``), the very floats the division gives.

    >>> from scala40._base.observation import capped_fractions
    >>> capped_fractions(4)
    (0.0, 0.25, 0.5, 0.75, 1.0)
    """
    found = _FRACTIONS.get(cap)
    if found is None:
        found = _FRACTIONS[cap] = tuple(min(value, cap) / cap for value in range(cap + 1))
    return found


_FRACTIONS: dict[int, tuple[float, ...]] = {}


@attrs.frozen
class LayoutBase:
    """What the encoding of one ruleset and number of players needs, computed once."""

    rules: Any
    player_count: int
    start: array[float]
    """An encoding's numbers before any is set: the unseen block holds the deck."""


R = TypeVar("R")
"""The rulesets of the game an encoding serves."""
L = TypeVar("L", bound=LayoutBase)
"""What the encoding computes once per ruleset and number of players."""


class ObservationBase(Generic[R, L]):
    """The memo every encoding keeps: its blocks and its layout, made once per ruleset
    and number of players (a game plays one ruleset: the last layout serves again)."""

    def __init__(self) -> None:
        self._fields: dict[tuple[R, int], tuple[ObservationField, ...]] = {}
        self._layouts: dict[tuple[R, int], L] = {}
        self._last: L | None = None
        self._last_hand: tuple[Any, str] = (None, "-")
        self._last_pile: tuple[Any, tuple[int, ...], array[float]] = (None, (), array("f"))

    def _fields_of(self, rules: R, player_count: int) -> tuple[ObservationField, ...]:
        """The blocks of ``rules`` and ``player_count`` seats, listed once."""
        key = (rules, player_count)
        found = self._fields.get(key)
        if found is None:
            found = self._fields[key] = self._blocks(rules, player_count)
        return found

    def encode(self, view: Any) -> array[float]:
        """The numbers of ``view``, block after block as :meth:`fields` lists them (an
        ``array.array`` of type code ``"f"``)."""
        rules = view.rules
        player_count = view.player_count
        layout = self._last  # a game plays one ruleset: checked here, without a call
        if layout is None or layout.rules is not rules or layout.player_count != player_count:
            layout = self._layout(rules, player_count)
        return self._encode(view, view.player, view.hand, view.hand_sizes, view.stock_size, layout)

    def encode_state(self, state: Any, seat: int) -> array[float]:
        """The numbers of ``state.view(seat)`` (:meth:`encode`), read from ``state``
        without making the view: the same numbers, in half to two thirds of the time.

        The encoding reads the fields a view copies from its state (its
        ``PUBLIC_FIELDS``), which read alike on both, and the seat's own hand; nothing
        else of the state.

        :raises InvalidArgumentError: ``state`` is not a game state, or ``seat`` not a
            seat of the game.
        """
        try:
            player_count, hands, stock = state.player_count, state.hands, state.stock
        except AttributeError:
            raise InvalidArgumentError(f"expected a game state, got {describe(state)}") from None
        check_seat("seat", seat, player_count, what="")
        rules = state.rules
        layout = self._last
        if layout is None or layout.rules is not rules or layout.player_count != player_count:
            layout = self._layout(rules, player_count)
        sizes = tuple([len(hand) for hand in hands])
        return self._encode(state, seat, hands[seat], sizes, len(stock), layout)

    def _encode(
        self,
        public: Any,
        me: int,
        hand: tuple[int, ...],
        hand_sizes: tuple[int, ...],
        stock_size: int,
        layout: L,
    ) -> array[float]:
        """The numbers of seat ``me``'s view, its public fields read from ``public`` (the
        view, or the state it is made from: they read alike), ``hand`` its own cards,
        ``hand_sizes`` every seat's count of cards, ``stock_size`` the stock's."""
        raise NotImplementedError  # pragma: no cover - every encoding writes its numbers

    def _blocks(self, rules: R, player_count: int) -> tuple[ObservationField, ...]:
        raise NotImplementedError  # pragma: no cover - every encoding lists its blocks

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

    def _with_pile(self, base: array[float], pile: tuple[int, ...], at: int) -> array[float]:
        """A copy of ``base`` with the discard ``pile`` counted: each card once more in the
        block that starts at ``at``, once less in the unseen block.

        Consecutive states' piles differ by their top card at most (a discard, a draw
        from the pile): the last pile's numbers are kept (private, changed in place) and
        brought up to date by that card, instead of counting the pile again. The numbers
        are small integers, exact in floats, so either way gives the same ones."""
        known_base, known_pile, known = self._last_pile
        if known_base is base:
            size = len(known_pile)
            if pile == known_pile:
                return known[:]
            if len(pile) == size + 1 and pile[:size] == known_pile:
                card = pile[size]
                known[at + card] += 1.0
                known[UNSEEN + card] -= 1.0
                self._last_pile = (base, pile, known)
                return known[:]
            if len(pile) == size - 1 and known_pile[:-1] == pile:
                card = known_pile[-1]
                known[at + card] -= 1.0
                known[UNSEEN + card] += 1.0
                self._last_pile = (base, pile, known)
                return known[:]
        out = base[:]
        for card in pile:
            out[at + card] += 1.0
            out[UNSEEN + card] -= 1.0
        self._last_pile = (base, pile, out[:])
        return out

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


MELD_KINDS = tuple(MeldKind)
"""The kinds of meld, in the order of a table meld's one-hot kind row."""
_KIND_INDEX = {kind: index for index, kind in enumerate(MELD_KINDS)}
ZERO_ROW = array("f", bytes(4 * CARD_CODES))
"""A row of :data:`CARD_CODES` zeros."""


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
    for index in range(max(len(table), len(before))):
        meld = table[index] if index < len(table) else None
        old = before[index] if index < len(before) else None
        if meld is old:
            continue
        kind_row = kind_at + index * kinds
        cards_row = cards_at + index * CARD_CODES
        second_row = second_at + index * CARD_CODES
        if old is not None:
            out[kind_row + _KIND_INDEX[old.kind]] = 0.0
            for card in old.cards:
                out[UNSEEN + card] += 1.0
            out[cards_row : cards_row + CARD_CODES] = zeros
            out[second_row : second_row + CARD_CODES] = zeros
        if meld is not None:
            cards, second = meld_rows(meld)
            out[kind_row + _KIND_INDEX[meld.kind]] = 1.0
            for card in meld.cards:
                out[UNSEEN + card] -= 1.0
            out[cards_row : cards_row + CARD_CODES] = cards
            out[second_row : second_row + CARD_CODES] = second
