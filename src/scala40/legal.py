"""A lazy view of the legal moves of a state.

>>> import scala40
>>> state = scala40.new_game(players=2, seed=3)
>>> moves = state.legal_moves()
>>> bool(moves), moves.count(), scala40.DrawStock() in moves
(True, 1, True)
>>> [str(m) for m in moves]
['draw']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from scala40 import _engine
from scala40.errors import IllegalMoveError, InvalidMoveError
from scala40.moves import Move, parse_move

if TYPE_CHECKING:
    from scala40.state import GameState

__all__ = ["LegalMoves"]


class LegalMoves:
    """The legal moves of one state, generated when first asked for, then remembered.

    Iterate it, test ``move in moves`` (which also accepts moves written
    differently from the generated form, such as a meld's cards in another
    order, or a chance move with an explicit order), ``count()`` it, or test
    ``bool(moves)``.
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

    def __len__(self) -> int:
        return len(self._all())

    def count(self) -> int:
        """How many legal moves there are."""
        return len(self._all())

    def __bool__(self) -> bool:
        return bool(self._all())

    def __repr__(self) -> str:
        return f"<LegalMoves ({', '.join(str(m) for m in self._all())})>"
