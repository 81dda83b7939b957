"""What the client of a held game may see and act for: the one place ``scala40 serve``
decides, for every operation, whether an answer would show a card hidden from the seats
the client plays, or act for a seat it does not play.

**The client's seats.** A client plays the seats of a game that the referee's bots do not
(every seat, in a game with no bot seats). It may move for those seats only: a move of a
bot seat, a resignation of a bot seat (``resign 1`` sent while seat 0 decides) and a
chance step whose cards it does not know are refused.

**What it may see.** What the library's views show the seats it plays, and no more,
while the match of a game the referee dealt from a secret is on. A client knows every
card of the other games, so the referee may show them whole: a game dealt from a seed
the client chose (the seed deals every card: the client could deal them itself), a
state it gave (``load``), a state sampled for it (``sample``: drawn from a view, it holds
nothing the view hides), and any match that is over (its deal is revealed then).

**What an operation reaches** (:class:`Reach`), declared once beside each operation's
handler, and checked by :meth:`SeatAccess.check` before the handler runs:

* a seat's view (``view``, ``events``, ``sample``, ``picture``): the seat it names;
* the seat to decide (``legal``, ``bot``, ``hint``): its legal moves and a bot's choice
  for it are drawn from its hand; at a chance step, the cards the deal brings next;
* a move (``apply``): the seat it is made for, the resigning seat of a resignation, the
  chance step's cards at a chance step;
* the whole state (``save``): every hand and the generator's state.

>>> from scala40_server.serving.seat_access import Reach, SeatAccess
>>> access = SeatAccess(seats=frozenset({0}), knows_all=False)
>>> access.sees(0), access.sees(1), access.acts_for(1)
(True, False, False)
>>> SeatAccess(seats=frozenset({0}), knows_all=True).sees(1)
True

Seat 0's client asks for seat 1's view, then resigns seat 1, in a deal kept secret:

>>> from scala40.game import load_game
>>> chinchon = load_game("chinchon")
>>> state = chinchon.new_game(chinchon.ruleset_type.default(), 2, 1)
>>> access.check(Reach.SEAT, state, "'view'", seat=1)
Traceback (most recent call last):
...
scala40.errors.InvalidArgumentError: seat 1 is the referee's bot's: 'view' would show its hidden cards while the match is on
>>> access.check(Reach.MOVE, state, "'apply'", seat=1)
Traceback (most recent call last):
...
scala40.errors.InvalidArgumentError: seat 1 is played by the referee's bot: 'apply' resigns a seat the client does not play
>>> access.check(Reach.DECIDER, state, "'legal'")  # seat 0 decides: its own moves
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from scala40.errors import InvalidArgumentError, Scala40Error
from scala40.legal import read_move
from scala40.resignation import ResignMove

__all__ = ["Reach", "SeatAccess", "resigning_seat"]


class Reach(enum.Enum):
    """What an operation on a held game reaches (see the module)."""

    PUBLIC = "public"
    """Nothing hidden: the summary, the deal's commitment, the bot seats' moves (every
    move of the library's games is made in the open), forgetting a handle."""
    SEAT = "seat"
    """What the request's ``seat`` sees."""
    DECIDER = "decider"
    """What the seat to decide sees; at a chance step, the cards it deals."""
    MOVE = "move"
    """The seat the request's ``move`` is made for (or the chance step it plays)."""
    WHOLE = "whole"
    """Every hand and the generator's state."""


@attrs.frozen
class SeatAccess:
    """What the client of one held game may see and act for.

    :param seats: the seats the client plays.
    :param knows_all: whether the client knows every card of the game (see the module).
    """

    seats: frozenset[int]
    knows_all: bool

    def sees(self, seat: int) -> bool:
        """Whether the client may see what ``seat`` sees."""
        return self.knows_all or seat in self.seats

    def acts_for(self, seat: int | None) -> bool:
        """Whether the client may move for ``seat`` (``None``: the chance step)."""
        return self.knows_all if seat is None else seat in self.seats

    def check(self, reach: Reach, state: Any, what: str, seat: int | None = None) -> None:
        """Refuse ``what`` (the request, as a message names it) unless the client may
        have what it reaches of ``state``: with ``seat`` the seat the request names
        (:attr:`Reach.SEAT`) or the seat a resignation is sent for (:attr:`Reach.MOVE`;
        ``None``: the move is the seat to decide's).

        :raises InvalidArgumentError: the client may not have it (the message names the
            seat, and what the client may send instead).
        """
        if reach is Reach.MOVE:
            self._check_move(state, what, seat)
        elif reach is not Reach.PUBLIC and not self.knows_all:
            self._check_sight(reach, state, what, seat)

    def _check_sight(self, reach: Reach, state: Any, what: str, seat: int | None) -> None:
        if reach is Reach.WHOLE or (reach is Reach.DECIDER and state.is_chance):
            raise InvalidArgumentError(
                f"the referee keeps this game's deal secret while the match is on: {what} "
                "would show every hand and the generator's state; it answers once the match "
                "is over"
            )
        if reach is Reach.DECIDER:
            deciding = state.current_player
            if deciding is not None and not self.sees(deciding):
                raise InvalidArgumentError(
                    f"seat {deciding} is the referee's bot's to decide: {what} would show its "
                    "hidden cards; send 'advance' to let it play"
                )
        elif seat is not None and not self.sees(seat):
            raise InvalidArgumentError(
                f"seat {seat} is the referee's bot's: {what} would show its hidden cards "
                "while the match is on"
            )

    def _check_move(self, state: Any, what: str, resigning: int | None) -> None:
        if resigning is not None:
            if not self.acts_for(resigning):
                raise InvalidArgumentError(
                    f"seat {resigning} is played by the referee's bot: {what} resigns a seat "
                    "the client does not play"
                )
        elif state.is_chance:
            if not self.acts_for(None):
                raise InvalidArgumentError(
                    f"the referee deals this game's chance steps from a secret: {what} plays "
                    "one; send 'advance'"
                )
        elif state.current_player is not None and not self.acts_for(state.current_player):
            raise InvalidArgumentError(
                f"seat {state.current_player} is played by the referee's bot: send 'advance' "
                "to play the bot seats"
            )


def resigning_seat(state: Any, move: object) -> int | None:
    """The seat ``move`` resigns, if it reads as a resignation (C-RESIGN: any seat, at
    any moment); ``None`` for any other move, which is the seat's to decide. A move that
    reads as none is left to the game to refuse. Both servers ask it before they play a
    move a client sent: a seat resigns itself only.

    >>> from scala40.game import load_game
    >>> from scala40_server.serving.seat_access import resigning_seat
    >>> chinchon = load_game("chinchon")
    >>> state = chinchon.new_game(chinchon.ruleset_type.default(), 2, 1)
    >>> resigning_seat(state, "resign 1"), resigning_seat(state, "draw"), resigning_seat(state, 7)
    (1, None, None)
    """
    try:
        value = read_move(state.MOVES, move)
    except Scala40Error:
        return None
    if isinstance(value, ResignMove) and 0 <= value.seat < state.player_count:
        return value.seat
    return None
