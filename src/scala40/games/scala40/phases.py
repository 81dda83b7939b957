"""What a Scala 40 state is made of besides its cards: the phase of a turn, and how the
last hand ended (values shared by the state, the engine and the views).

>>> from scala40.games.scala40.phases import Phase
>>> Phase("play"), Phase.OVER.value
(<Phase.PLAY: 'play'>, 'over')
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from scala40.cards import Card
from scala40.views import HandResultBase

__all__ = [
    "DEAL",
    "DRAW",
    "OVER",
    "PLAY",
    "RESTOCK",
    "HandResult",
    "Phase",
    "may_close",
]


class Phase(enum.Enum):
    """Where the match stands."""

    DEAL = "deal"
    """Chance: a hand is to be dealt (only seen with ``auto_chance=False``)."""
    DRAW = "draw"
    """The player to move must draw (S40-TURN)."""
    PLAY = "play"
    """The player has drawn: melds, layoffs and swaps, then a discard."""
    RESTOCK = "restock"
    """Chance: the discard pile is to be shuffled into the stock (only with ``auto_chance=False``)."""
    OVER = "over"
    """The match has ended; :attr:`~scala40.games.scala40.state.GameState.winners` says who won."""


# The phases as module constants, which the hot paths compare with (``phase is DRAW``):
# an enum member costs some 15 times as much to read on CPython 3.11 (see the
# architecture page, "Hot code reads what it compares often as module constants"); final,
# so that the compiled modules read them from this module's statics, not by name.
DEAL: Final = Phase.DEAL
DRAW: Final = Phase.DRAW
PLAY: Final = Phase.PLAY
RESTOCK: Final = Phase.RESTOCK
OVER: Final = Phase.OVER


@attrs.frozen
class HandResult(HandResultBase):
    """How a hand ended: who closed and what each player scored (S40-SCORE)."""

    hand_number: int
    closer: int | None
    """The player who closed, or ``None`` for a blocked hand (S40-RESTOCK decision)."""
    points: tuple[int, ...]
    """Points added to each player's total this hand."""
    doubled: bool
    """Whether the points were doubled (S40-V-DOUBLE)."""
    hands: tuple[tuple[Card, ...], ...]
    """The cards each player still held."""
    eliminated: tuple[int, ...] = ()
    """Players who retired after this hand (S40-ELIM)."""
    reentered: tuple[int, ...] = ()
    """Players whose totals were reset instead (S40-V-REENTRY)."""


def may_close(
    turns_played: tuple[int, ...], active: tuple[bool, ...], close_on_first_turn: bool
) -> bool:
    """Whether the player to move may close now: once every player still in has completed
    a turn (S40-FIRST-ROUND), or at any time under S40-V-FIRSTCLOSE.

    >>> from scala40.games.scala40.phases import may_close
    >>> may_close((1, 0), (True, True), False), may_close((1, 0), (True, False), False)
    (False, True)
    """
    if close_on_first_turn or 0 not in turns_played:  # every seat played: min() >= 1
        return True
    # A plain loop, not all() over a generator: this runs for every move of a first round.
    for played, playing in zip(turns_played, active):  # noqa: SIM110
        if playing and played < 1:
            return False
    return True
