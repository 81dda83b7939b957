"""The rows of Skarney's observation (internal): the blocks its encoding
(:mod:`scala40.adapters.observation.skarney`) declares beyond the shared ones, each a
function the observation's writer calls when one of its inputs changed.

They sit apart from the encoding so that the compiled build compiles them: the writer
makes several of them again at most writes of a seat's sheet (the cards known in each
hand change at every offer, the turn's facts at most moves, the table's facts at every
meld), and a call of a compiled function costs a fraction of a Python one's. Each block is made of rows made
once and kept, joined (a byte copied costs about one machine instruction, a number set
in an array some hundreds), and gives the very numbers the declarations say
(``tests/adapters/test_observation_digests.py``).

Every value they read is the game's own (a state's or a view's fields, which the writer
passes unchecked), annotated as what it is.
"""

from __future__ import annotations

from array import array
from typing import Any, Final

from scala40.adapters.observation.base import Kept
from scala40.adapters.observation.rows import (
    ZERO_ROW,
    LayoutBase,
    card_counts,
    clipped,
    count_bytes,
    flag_rows,
    float_bytes,
    seat_mark_row,
)
from scala40.cards import Card
from scala40.games.skarney.phases import DRAW, PLAY, Phase, is_stop_card, side_of
from scala40.games.skarney.rules import MELD_RULES
from scala40.games.skarney.state_record import StateRecord
from scala40.melds import Meld, MeldKind

__all__ = [
    "CONTRACT_CAP",
    "KNOWN_FIELDS",
    "MELD_FACTS",
    "POINTS",
    "POINTS_CAP",
    "SIDES",
    "TURN_CAP",
    "TURN_FACTS",
    "contract_row",
    "facts_row",
    "hand_number_row",
    "known_elsewhere",
    "known_rows",
    "last_hand_row",
    "meld_facts",
    "meld_rows",
    "sides_row",
    "went_out_row",
]

POINTS: Final = 1000
"""Totals, points and bonuses are given as fractions of this..."""
POINTS_CAP: Final = 10.0
"""...clipped to this either way."""
CONTRACT_CAP: Final = 5
"""Contracts are given as fractions of this many melds (a contract has 1 to 5)."""
TURN_CAP: Final = 200
"""The turn number is given as a fraction of this, capped at 1."""

KNOWN_FIELDS: Final = ("known", "accepted")
"""The ``known`` and ``accepted`` blocks, which :func:`known_rows` writes."""
MELD_FACTS: Final = ("table_owner", "table_extended", "table_fresh")
"""The blocks :func:`meld_facts` writes."""
SIDES: Final = ("contracts", "totals", "last_points")
"""The blocks :func:`sides_row` writes."""
TURN_FACTS: Final = ("melded", "contract_now", "phase", "stock_size", "turn_number", "offer_card")
"""What the ``turn_facts`` block (:func:`facts_row`) is made from."""

_FACT_ROWS: Final = flag_rows(4)
"""The ``turn_facts`` block of each set of its four facts."""
_LAST_HAND_ROWS: Final = flag_rows(2)
"""The ``last_hand`` block of each pair of its facts."""
_WILD: Final = MELD_RULES.wild_cards
_ONE: Final = float_bytes((1.0,))
"""A number 1, to repeat (a meld put down this turn)."""


def _points(value: int) -> float:
    return clipped(value / POINTS, POINTS_CAP)


def _cards_bytes(cards: tuple[Card, ...]) -> bytes:
    return card_counts(cards).tobytes()


_CARDS_ROWS: Final[dict[tuple[Card, ...], bytes]] = Kept(_cards_bytes)
"""The row of :func:`~scala40.adapters.observation.rows.card_counts` of each set of cards,
kept (the same few sets of cards come again)."""
_EMPTY_ROW: Final = ZERO_ROW.tobytes()
"""The row of no cards."""


def known_rows(
    layout: LayoutBase,
    me: int,
    known: tuple[tuple[Card, ...], ...],
    accepted: tuple[tuple[Card, ...], ...],
) -> bytes:
    """The ``known`` and ``accepted`` blocks of seat ``me`` (they follow one another):
    a row of card counts a seat, ``me`` first, each kept."""
    # Most seats' are empty (nothing known, nothing accepted): their row needs no look-up.
    rows = _CARDS_ROWS
    empty = _EMPTY_ROW
    parts = [rows[cards] if cards else empty for cards in known[me:] + known[:me]]
    parts.extend([rows[cards] if cards else empty for cards in accepted[me:] + accepted[:me]])
    return b"".join(parts)


def known_elsewhere(
    layout: LayoutBase, me: int, known: tuple[tuple[Card, ...], ...]
) -> tuple[Card, ...]:
    """The cards known in the other hands, sorted (not unseen; the player's own are in
    his hand). Sorted, they change as a hand does, by a card or a few in order, which
    :func:`~scala40.adapters.observation.rows.card_changes` finds at once."""
    return tuple(sorted([card for cards in known[me + 1 :] + known[:me] for card in cards]))


def meld_facts(
    layout: LayoutBase,
    me: int,
    owners: tuple[int, ...],
    extended: tuple[int, ...],
    fresh_from: int,
) -> bytes:
    """The ``table_owner``, ``table_extended`` and ``table_fresh`` blocks of seat ``me``
    (they follow one another): for each meld on the table, the one-hot row of its owner
    counted from ``me``, the cards added to it this turn, and 1 if it was put down this
    turn; zeros for the meld places not in use."""
    n = layout.player_count
    marks = layout.marks
    count = len(owners)
    free = layout.melds - count
    fresh = count - fresh_from if fresh_from < count else 0
    return b"".join(
        [
            *[marks[(owner - me) % n] for owner in owners],
            bytes(4 * n * free),
            *[count_bytes(added) for added in extended[:count]],
            bytes(4 * (free + count - fresh)),
            _ONE * fresh,
            bytes(4 * free),
        ]
    )


def meld_rows(meld: Meld) -> tuple[array[float], array[float]]:
    """The ``table_cards`` and ``table_wilds`` rows of ``meld``: copies of each card code
    in it, and 1 for the card each wild card of a mixed meld stands for."""
    cards = card_counts(meld.cards)
    wilds = ZERO_ROW[:]
    if meld.kind is not MeldKind.WILD:
        for card, represented in zip(meld.cards, meld.represented):
            if card in _WILD:
                wilds[represented] = 1.0
    return cards, wilds


def went_out_row(layout: LayoutBase, me: int, last: Any) -> bytes:
    """The ``last_went_out`` block: the seat that went out in the previous hand
    (``last``, its result, or ``None`` before any), counted from ``me``."""
    return seat_mark_row(layout, me, None if last is None else last.went_out)


def sides_row(
    layout: LayoutBase,
    me: int,
    contracts: tuple[bool, ...],
    totals: tuple[int, ...],
    last: Any,
) -> bytes:
    """The ``contracts``, ``totals`` and ``last_points`` blocks of seat ``me`` (they
    follow one another), the player's side first; ``last`` the previous hand's result
    (``None`` before any)."""
    n = layout.player_count
    rules = layout.rules
    partnership: bool = rules.partnership
    count = StateRecord.side_count(rules, n)
    sides = [side_of((me + offset) % n, partnership) for offset in range(count)]
    numbers = [1.0 if contracts[side] else 0.0 for side in sides]
    numbers.extend([_points(totals[side]) for side in sides])
    if last is None:
        numbers.extend([0.0] * count)
    else:
        points: tuple[int, ...] = last.points
        numbers.extend([_points(points[side]) for side in sides])
    return float_bytes(numbers)


def last_hand_row(layout: LayoutBase, me: int, last: Any) -> bytes:
    """The ``last_hand`` block: the previous hand's shutout and void (``last``, its
    result, or ``None`` before any)."""
    if last is None:
        return _LAST_HAND_ROWS[0]
    return _LAST_HAND_ROWS[2 * bool(last.shutout) + bool(last.void)]


def facts_row(
    layout: LayoutBase,
    me: int,
    melded: bool,
    contract_now: bool,
    phase: Phase,
    stock_size: int,
    turn_number: int,
    offer: Card | None,
) -> bytes:
    """The ``turn_facts`` block: its four facts (see
    :meth:`~scala40.adapters.observation.skarney.SkarneyObservation.fields`)."""
    limit: int | None = layout.rules.turn_limit
    last_turn = (phase is DRAW or phase is PLAY) and (
        not stock_size or (limit is not None and turn_number >= limit)
    )
    return _FACT_ROWS[
        8 * melded + 4 * contract_now + 2 * last_turn + (offer is not None and is_stop_card(offer))
    ]


def contract_row(layout: LayoutBase, me: int, hand_number: int) -> bytes:
    """The ``contract`` and ``bonus`` blocks (they follow one another) of hand
    ``hand_number``: the same in every state of a hand."""
    rules = layout.rules
    contract = bonus = 0.0
    if hand_number:
        bonus = min(rules.bonus(hand_number) / POINTS, POINTS_CAP)
        if rules.contract:
            contract = rules.contract_size(hand_number) / CONTRACT_CAP
    return float_bytes((contract, bonus))


def hand_number_row(layout: LayoutBase, me: int, hand_number: int) -> bytes:
    """The ``hand_number`` block: the hand being played over the game's hands, capped
    at 1."""
    hands: int = layout.rules.hands
    return float_bytes((min(hand_number / hands, 1.0),))
