"""A lazy view of the legal moves of a state.

>>> import scala40
>>> state = scala40.new_game(players=2, seed=3)
>>> moves = state.legal_moves()
>>> bool(moves), moves.count(), scala40.DrawStock() in moves
(True, 1, True)
>>> [str(m) for m in moves]
['draw']

The view is also a sequence: index it, or pick from it directly.

>>> import random
>>> state = state.apply("draw")
>>> moves = state.legal_moves()
>>> str(moves[0]), len(moves[1:3]), moves[-1] in moves
('meld 5S 5H 5D', 2, True)
>>> random.Random(0).choice(moves) in moves
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, overload

from scala40 import _engine
from scala40.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidMoveError,
    MoveIndexError,
)
from scala40.moves import Move, parse_move

if TYPE_CHECKING:
    from scala40.state import GameState

__all__ = ["LegalMoves"]


class LegalMoves:
    """The legal moves of one state, generated when first asked for, then remembered.

    Iterate it, test ``move in moves`` (which also accepts moves written
    differently from the generated form, such as a meld's cards in another
    order, or a chance move with an explicit order), ``count()`` it, test
    ``bool(moves)``, or index it (``moves[i]``; a slice gives a tuple): the order
    is the order of iteration, and a random choice from the view is a uniformly
    random legal move.
    """

    __slots__ = ("_moves", "_state")

    def __init__(self, state: GameState) -> None:
        self._state = state
        self._moves: tuple[Move, ...] | None = None

    def _all(self) -> tuple[Move, ...]:
        moves = self._moves
        if moves is None:
            state = self._state
            moves = state._legal
            if moves is None:
                moves = tuple(_engine.generate(state))
                # The state keeps its legal moves (outside its value) so that applying one
                # of these very objects can skip the checks already made.
                object.__setattr__(state, "_legal", moves)
            self._moves = moves
        return moves

    def __iter__(self) -> Iterator[Move]:
        return iter(self._all())

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except InvalidMoveError:
                return False
        if self._moves is not None and move in self._moves:
            return True
        try:
            _engine.apply(self._state, move)  # type: ignore[arg-type]
        except (IllegalMoveError, InvalidMoveError):
            return False
        return True

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Move, ...]: ...

    def __getitem__(self, index: object) -> Move | tuple[Move, ...]:
        if not isinstance(index, (int, slice)) or isinstance(index, bool):
            raise InvalidArgumentError(
                f"legal moves are indexed by an integer or a slice, got {index!r}"
            )
        moves = self._all()
        try:
            return moves[index]
        except IndexError:
            raise MoveIndexError(
                f"legal move index {index} is out of range: there are {len(moves)} legal moves"
            ) from None

    def __len__(self) -> int:
        return len(self._all())

    def count(self) -> int:
        """How many legal moves there are."""
        return len(self._all())

    def __bool__(self) -> bool:
        return bool(self._all())

    def __repr__(self) -> str:
        return f"<LegalMoves ({', '.join(str(m) for m in self._all())})>"
