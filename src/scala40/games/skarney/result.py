"""How a saved Skarney game writes, reads back, checks and describes the last hand's
result (:class:`~scala40.games.skarney.phases.HandResult`): the codec of its records'
field ``last_hand`` (:data:`HAND_RESULT`, :mod:`scala40._format.codecs`), beside its
hand result as every game keeps it.

>>> from scala40.games.skarney.result import HAND_RESULT
>>> sorted(HAND_RESULT.schema()["properties"])[:3]
['bonus', 'hand_number', 'hand_points']
"""

from __future__ import annotations

from typing import Any

from scala40._format.codecs import CheckContext, Nested
from scala40._format.serial import MAX_COUNT, FieldReader, is_card_codes, is_count, is_total
from scala40.cards import format_cards
from scala40.checks import describe, is_bool, is_int
from scala40.games.skarney.phases import HandResult
from scala40.schema_parts import array, boolean, card_text, integer, last_hand

__all__ = ["HAND_RESULT"]


def _result_to_dict(result: HandResult) -> dict[str, Any]:
    return {
        "hand_number": result.hand_number,
        "went_out": result.went_out,
        "meld_points": list(result.meld_points),
        "hand_points": list(result.hand_points),
        "bonus": list(result.bonus),
        "shutout": result.shutout,
        "void": result.void,
        "points": list(result.points),
        "hands": [format_cards(hand) for hand in result.hands],
    }


def _result_from_dict(state: FieldReader, rules: Any) -> HandResult | None:
    read = state.part("last_hand", HandResult)
    if read is None:
        return None
    went_out = read.optional_integer("went_out", -MAX_COUNT, MAX_COUNT)
    return HandResult(
        hand_number=read.integer("hand_number", 0, MAX_COUNT),
        went_out=went_out,
        meld_points=read.ints("meld_points", -MAX_COUNT, MAX_COUNT),
        hand_points=read.ints("hand_points", -MAX_COUNT, MAX_COUNT),
        bonus=read.ints("bonus", -MAX_COUNT, MAX_COUNT),
        shutout=read.boolean("shutout"),
        void=read.boolean("void"),
        points=read.ints("points", -MAX_COUNT, MAX_COUNT),
        hands=read.card_lists("hands"),
    )


# ``result`` is a HandResult whose fields may hold anything (a state built by hand), so it
# is annotated ``Any``: in the compiled build a read of a field annotated ``int`` checks
# the value it finds against that type, and would refuse a wrong one with a bare TypeError
# before the checks below could name it.
def _result_field_problems(result: Any, context: CheckContext) -> list[str]:
    problems: list[str] = []
    count, sides = context.count, context.sides
    if not is_count(result.hand_number):
        problems.append(
            f"last_hand: hand_number must be a count, got {describe(result.hand_number)}"
        )
    went_out: object = result.went_out
    if went_out is not None and not (is_int(went_out) and 0 <= went_out < count):
        problems.append(
            f"last_hand: went_out must be a seat from 0 to {count - 1} or None, "
            f"got {describe(went_out)}"
        )
    for name in ("meld_points", "hand_points", "bonus", "points"):
        values = getattr(result, name)
        if not (isinstance(values, tuple) and len(values) == sides and all(map(is_total, values))):
            problems.append(f"last_hand: {name} must be {sides} totals, got {describe(values)}")
    for name in ("shutout", "void"):
        if not is_bool(getattr(result, name)):
            problems.append(
                f"last_hand: {name} must be True or False, got {describe(getattr(result, name))}"
            )
    hands: object = result.hands
    if not (isinstance(hands, tuple) and len(hands) == count and all(map(is_card_codes, hands))):
        problems.append(f"last_hand: hands must be {count} hands, got {describe(hands)}")
    return problems


def _result_schema() -> dict[str, Any]:
    return last_hand(
        {
            "hand_number": integer(1),
            "went_out": integer(0, nullable=True),
            "meld_points": array(integer()),
            "hand_points": array(integer()),
            "bonus": array(integer()),
            "shutout": boolean(),
            "void": boolean(),
            "points": array(integer()),
            "hands": array(card_text()),
        },
        "How the last hand ended (SK-END, SK-SCORE-MELDS, SK-SCORE-HAND, SK-BONUS, SK-TIE): "
        "who went out (null: nobody), each side's points, each seat's cards left.",
    )


HAND_RESULT = Nested(
    _result_to_dict, _result_from_dict, _result_field_problems, _result_schema, HandResult
)
"""How a saved Skarney state writes, reads, checks and describes its last hand."""
