"""Resignation (C-RESIGN), the same in every game: the move, and who is left.

A player may resign at any moment of a match, on his turn or not. He takes no further
part and ranks below every player still in; in a partnership his whole side resigns.
If fewer than two sides are left, the match ends and the side left wins. Otherwise the
hand in play is abandoned (nobody scores for it, as a blocked hand; it counts as played
where a match has a fixed number of hands), the deal passes on, and the match goes on
without him.

Every game has a move kind deriving from :class:`ResignMove`, written ``resign 2`` and
``{"type": "resign", "seat": 2}``. It is never among a state's ``legal_moves()`` (bots,
searches and playouts never resign); ``state.resignations()`` lists one for each seat
still in, and ``state.apply`` takes one at any moment, chance steps and out-of-turn
decisions included (:class:`scala40._base.state.StateBase` applies it for every game).

>>> from scala40.games.chinchon import new_game
>>> state = new_game(players=2, seed=1)
>>> [str(move) for move in state.resignations()]
['resign 0', 'resign 1']
>>> after = state.apply("resign 1")
>>> after.is_over, after.winners, after.resigned, after.returns()
(True, (0,), (1,), (1.0, 0.0))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from scala40._format.serial import MAX_RESIGNED, resigned_from_dict, resigned_to_dict
from scala40.movekinds import SEAT, MoveBase, as_seat

__all__ = [
    "MAX_RESIGNED",
    "ResignMove",
    "resigned_after",
    "resigned_from_dict",
    "resigned_to_dict",
    "sides_left",
]


@attrs.frozen
class ResignMove(MoveBase):
    """Any moment, in turn or not: ``seat`` leaves the match for good (C-RESIGN). Never
    among the legal moves; see ``GameState.resignations()``.

    ``seat`` resigns with his side, in a partnership; the move is legal at any moment for
    a seat still in, whoever decides (see
    :meth:`~scala40._base.state.StateBase.resignations`). Each game's resign derives from this
    kind and adds nothing: its move set reads and writes it.
    """

    verb = "resign"
    seat: int = attrs.field(converter=as_seat, metadata={"codec": SEAT})


def resigned_after(
    resigned: tuple[int, ...], seat: int, teams: Sequence[Sequence[int]]
) -> tuple[int, ...]:
    """The resigned seats once ``seat`` resigns: those before, then ``seat``'s side in
    seat order (C-RESIGN: a partner's resignation is his side's).

    >>> from scala40.resignation import resigned_after
    >>> resigned_after((), 3, ((0, 2), (1, 3)))
    (1, 3)
    >>> resigned_after((2,), 0, ((0,), (1,), (2,)))
    (2, 0)
    """
    side: Sequence[int] = (seat,)
    for team in teams:
        if seat in team:
            side = team
            break
    return (*resigned, *(other for other in sorted(side) if other not in resigned))


def sides_left(
    teams: Sequence[Sequence[int]], seats_in: Iterable[int]
) -> tuple[tuple[int, ...], ...]:
    """The sides with a seat still in, each as the seats of it still in.

    >>> from scala40.resignation import sides_left
    >>> sides_left(((0, 2), (1, 3)), (0, 1, 2))
    ((0, 2), (1,))
    """
    still = set(seats_in)
    left = (tuple(seat for seat in team if seat in still) for team in teams)
    return tuple(side for side in left if side)
