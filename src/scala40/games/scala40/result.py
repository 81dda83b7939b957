"""How a saved Scala 40 match writes, reads back, checks and describes the last hand's
result (:class:`~scala40.games.scala40.phases.HandResult`): the codec of its records'
field ``last_hand`` (:data:`HAND_RESULT`, :mod:`scala40._format.codecs`).

>>> from scala40.games.scala40.result import HAND_RESULT
>>> sorted(HAND_RESULT.schema()["properties"])[:3]
['closer', 'doubled', 'eliminated']
"""

from __future__ import annotations

from typing import Any

from scala40._format.codecs import CheckContext, Nested
from scala40._format.serial import (
    MAX_COUNT,
    STATE_HEADER,
    FieldReader,
    is_card_codes,
    is_count,
)
from scala40.cards import format_cards
from scala40.checks import describe, is_bool, is_int
from scala40.games.scala40.phases import HandResult
from scala40.games.scala40.rules import MAX_HAND_SIZE
from scala40.schema_parts import array, boolean, card_text, integer, last_hand

__all__ = ["HAND_RESULT", "MAX_PLACED"]

MAX_PLACED = 2 * 4 * 13 * 8 + 16
"""No position places more cards than the largest deck holds."""


def _to_dict(result: HandResult) -> dict[str, Any]:
    return {
        "hand_number": result.hand_number,
        "closer": result.closer,
        "points": list(result.points),
        "doubled": result.doubled,
        "hands": [format_cards(hand) for hand in result.hands],
        "eliminated": list(result.eliminated),
        "reentered": list(result.reentered),
    }


def _from_dict(state: FieldReader, rules: Any) -> HandResult | None:
    read = state.part("last_hand", HandResult, STATE_HEADER)
    if read is None:
        return None
    low, high = -MAX_COUNT, MAX_COUNT
    return HandResult(
        hand_number=read.integer("hand_number", low, high),
        closer=read.optional_integer("closer", low, high),
        points=read.ints("points", low, high),
        doubled=read.boolean("doubled"),
        hands=read.card_lists("hands", most=MAX_PLACED),
        eliminated=read.ints("eliminated", low, high),
        reentered=read.ints("reentered", low, high),
    )


def _field_problems(result: HandResult, context: CheckContext) -> list[str]:
    problems: list[str] = []
    n = context.count
    seats = range(n)
    points: object = result.points
    hands: object = result.hands

    def seat_list(value: object) -> bool:
        return (
            isinstance(value, tuple)
            and all(is_int(seat) and seat in seats for seat in value)
            and len(set(value)) == len(value)
        )

    if not is_count(result.hand_number):
        problems.append(
            f"last_hand: hand_number must be a count, got {describe(result.hand_number)}"
        )
    if result.closer is not None and not (is_int(result.closer) and result.closer in seats):
        problems.append(
            f"last_hand: closer must be a player from 0 to {n - 1} or None, "
            f"got {describe(result.closer)}"
        )
    if not (isinstance(points, tuple) and len(points) == n and all(map(is_count, points))):
        problems.append(f"last_hand: points must be {n} counts, got {describe(points)}")
    if not is_bool(result.doubled):
        problems.append(
            f"last_hand: doubled must be True or False, got {describe(result.doubled)}"
        )
    if not (
        isinstance(hands, tuple)
        and len(hands) == n
        and all(is_card_codes(hand) and len(hand) <= MAX_HAND_SIZE + 1 for hand in hands)
    ):
        problems.append(f"last_hand: hands must be {n} hands, got {describe(hands)}")
    for name in ("eliminated", "reentered"):
        if not seat_list(getattr(result, name)):
            problems.append(
                f"last_hand: {name} must list distinct players from 0 to {n - 1}, "
                f"got {describe(getattr(result, name))}"
            )
    return problems


def _schema() -> dict[str, Any]:
    seat = integer(0, MAX_COUNT)
    return last_hand(
        {
            "hand_number": integer(1, MAX_COUNT),
            "closer": integer(0, MAX_COUNT, nullable=True),
            "points": array(integer(-MAX_COUNT, MAX_COUNT)),
            "doubled": boolean(),
            "hands": array(card_text()),
            "eliminated": array(seat),
            "reentered": array(seat),
        },
        "How the last hand ended (S40-SCORE): the closer (null for a blocked hand), each "
        "player's points and cards left.",
    )


HAND_RESULT = Nested(_to_dict, _from_dict, _field_problems, _schema, HandResult)
"""How a saved Scala 40 state writes, reads, checks and describes its last hand."""
