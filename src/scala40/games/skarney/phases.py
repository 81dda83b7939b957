"""What a Skarney state is made of besides its cards: where the game stands, the sides,
the stop cards, and how the last hand was scored.

>>> from scala40.games.skarney.phases import Phase, side_of, is_stop_card
>>> Phase("offer"), side_of(3, partnership=True), side_of(3, partnership=False)
(<Phase.OFFER: 'offer'>, 1, 3)
>>> is_stop_card(0), is_stop_card(1), is_stop_card(52), is_stop_card(12)   # AS 2S JK KS
(True, True, True, False)
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from scala40._checks import describe, is_bool, is_int
from scala40._format.codecs import CheckContext, Nested
from scala40._format.schema import array, boolean, card_text, integer, last_hand
from scala40._format.serial import MAX_COUNT, FieldReader, is_card_codes, is_count, is_total
from scala40.cards import ACE, JOKER, RANK_OF, Card, format_cards
from scala40.views import HandResultBase

__all__ = [
    "DEAL",
    "DRAW",
    "HAND_RESULT",
    "OFFER",
    "OVER",
    "PLAY",
    "SEAT_SIDES",
    "HandResult",
    "Phase",
    "is_stop_card",
    "side_of",
    "side_seats",
]


class Phase(enum.Enum):
    """Where the game stands."""

    DEAL = "deal"
    """Chance: a hand is to be dealt (seen only with ``auto_chance=False``)."""
    DRAW = "draw"
    """The player whose turn it is draws the top card of the pile (SK-TURN step 1)."""
    PLAY = "play"
    """The player whose turn it is exchanges, makes his contract, melds and extends, then
    ends his turn with an offer (SK-TURN steps 2-5)."""
    OFFER = "offer"
    """A card is offered: the seat it is offered to accepts or declines it, out of turn
    (SK-OFFER)."""
    OVER = "over"
    """The game has ended (SK-GAME)."""


# The phases as module constants, which the hot paths compare with (``phase is DRAW``):
# an enum member costs some 15 times as much to read on CPython 3.11 (see the
# architecture page, "Hot code reads what it compares often as module constants").
DEAL, DRAW, PLAY, OFFER, OVER = Phase  # every member, in order


def side_of(seat: int, partnership: bool) -> int:
    """The side a seat plays for: partners sit opposite, so seats 0 and 2 are side 0 and
    seats 1 and 3 side 1 (SK-PLAYERS); alone, each seat is its own side."""
    return seat % 2 if partnership else seat


SEAT_SIDES = tuple(
    tuple(side_of(seat, partnership) for seat in range(4)) for partnership in (False, True)
)
""":func:`side_of` of each seat (four at most, SK-PLAYERS), by ``partnership``:
``SEAT_SIDES[partnership][seat]``. The hot paths read it: a call costs some 0.55k
instructions on CPython 3.11, a look-up in a table far fewer."""


def side_seats(side: int, player_count: int, partnership: bool) -> tuple[int, ...]:
    """The seats of a side.

    >>> from scala40.games.skarney.phases import side_seats
    >>> side_seats(1, 4, True), side_seats(1, 3, False)
    ((1, 3), (1,))
    """
    if partnership:
        return tuple(seat for seat in range(player_count) if seat % 2 == side)
    return (side,)


def is_stop_card(card: Card) -> bool:
    """Whether a card is a stop card: an ace, a 2 or a joker goes to the next seat only,
    and accepting one skips the accepter's next draw (SK-OFFER, SK-STOP)."""
    return card == JOKER or RANK_OF[card] in (ACE, 2)


@attrs.frozen
class HandResult(HandResultBase):
    """How a hand ended and what each side scored (SK-END, SK-SCORE-MELDS,
    SK-SCORE-HAND, SK-BONUS, SK-TIE). Points are per side (seats 0 and 2 are side 0,
    seats 1 and 3 side 1; alone, each seat is its own side)."""

    hand_number: int
    went_out: int | None
    """The seat that went out ("rummy"), or ``None`` when the pile ran out or the turn
    limit was reached (SK-END)."""
    meld_points: tuple[int, ...]
    """Each side's points in melds on the table (SK-SCORE-MELDS)."""
    hand_points: tuple[int, ...]
    """Each side's points subtracted for cards left in its hands (SK-SCORE-HAND): 0 for
    a side that does not subtract."""
    bonus: tuple[int, ...]
    """Each side's hand bonus and shutout bonus (SK-BONUS)."""
    shutout: bool
    """Whether the side that went out earned the shutout bonus."""
    void: bool
    """Whether the hand did not count (SK-TIE): then nobody scored."""
    points: tuple[int, ...]
    """What each side's total gained (may be negative)."""
    hands: tuple[tuple[Card, ...], ...]
    """The cards each seat held when the hand ended."""


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
