"""What a Skarney state is made of besides its cards: where the game stands, the sides,
the stop cards, and how the last hand was scored (its codec: :mod:`~scala40.games.skarney.result`).

>>> from scala40.games.skarney.phases import Phase, side_of, is_stop_card
>>> Phase("offer"), side_of(3, partnership=True), side_of(3, partnership=False)
(<Phase.OFFER: 'offer'>, 1, 3)
>>> is_stop_card(0), is_stop_card(1), is_stop_card(52), is_stop_card(12)   # AS 2S JK KS
(True, True, True, False)
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from scala40.cards import ACE, JOKER, RANK_OF, Card
from scala40.views import HandResultBase

__all__ = [
    "DEAL",
    "DRAW",
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
# architecture page, "Hot code reads what it compares often as module constants"); final,
# so that the compiled modules read them from this module's statics, not by name.
DEAL: Final = Phase.DEAL
DRAW: Final = Phase.DRAW
PLAY: Final = Phase.PLAY
OFFER: Final = Phase.OFFER
OVER: Final = Phase.OVER


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
