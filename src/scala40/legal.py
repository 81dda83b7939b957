"""A lazy view of the legal moves of a state, the same for every game.

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

from collections.abc import Callable, Iterator, Sequence
from typing import Generic, TypeVar, overload

from scala40._checks import describe, is_int
from scala40.errors import InvalidArgumentError, MoveIndexError

__all__ = ["LegalMoves"]

M = TypeVar("M")


class LegalMoves(Generic[M]):
    """The legal moves of one state, generated when first asked for, then remembered.

    Iterate it, test ``move in moves`` (which also accepts moves written differently from
    the generated form, such as a meld's cards in another order, or a move's text),
    ``count()`` it, test ``bool(moves)``, or index it (``moves[i]``; a slice gives a
    tuple): the order is the order of iteration, and a random choice from the view is a
    uniformly random legal move.

    A game builds it from two functions of its state: ``generate()`` lists every legal
    move (the state may remember the list, and give it as ``moves`` when it has it), and
    ``accepts(move)`` says whether a move, a value or a text, is legal, without listing
    them all.
    """

    # Not a Sequence subclass, so that ``"draw" in moves`` type-checks (a move may be
    # given as text); registered as one below for isinstance checks.
    __slots__ = ("_accepts", "_generate", "_moves")

    def __init__(
        self,
        generate: Callable[[], tuple[M, ...]],
        accepts: Callable[[object], bool],
        moves: tuple[M, ...] | None = None,
    ) -> None:
        self._generate = generate
        self._accepts = accepts
        self._moves = moves
        """The moves, once generated (given at once when the state already knows them)."""

    def _all(self) -> tuple[M, ...]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        return moves

    def __iter__(self) -> Iterator[M]:
        return iter(self._all())

    def __contains__(self, move: object) -> bool:
        moves = self._moves
        if moves is not None:
            try:
                if move in moves:
                    return True
            except TypeError:  # an unhashable or uncomparable object: not a move here
                return False
        return self._accepts(move)

    @overload
    def __getitem__(self, index: int) -> M: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[M, ...]: ...

    def __getitem__(self, index: int | slice) -> M | tuple[M, ...]:
        moves = self._moves
        if moves is not None and type(index) is int and -len(moves) <= index < len(moves):
            return moves[index]  # the usual case, quickly
        given: object = index  # callers ignoring the type hints send anything
        if not isinstance(given, (int, slice)) or isinstance(given, bool):
            raise InvalidArgumentError(
                f"legal moves are indexed by an integer or a slice, got {describe(index)}"
            )
        moves = self._all()
        try:
            return moves[index]
        except IndexError:
            raise MoveIndexError(
                f"legal move index {describe(index)} is out of range: there are "
                f"{len(moves)} legal moves"
            ) from None

    def __len__(self) -> int:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        return len(moves)

    def count(self, move: object = None) -> int:
        """How many legal moves there are (or, given a move, 1 if it is listed, else 0)."""
        if move is not None:
            return self._all().count(move)
        return len(self._all())

    def index(self, move: object, start: int = 0, stop: int | None = None) -> int:
        """The position of ``move`` in the list.

        :raises MoveIndexError: the move is not listed.
        """
        given: tuple[object, object] = (start, stop)
        if not is_int(given[0]) or not (given[1] is None or is_int(given[1])):
            raise InvalidArgumentError(
                f"start and stop must be integers, got {describe(start)}, {describe(stop)}"
            )
        moves = self._all()
        try:
            return moves.index(move, start, len(moves) if stop is None else stop)
        except ValueError:
            raise MoveIndexError(
                f"{describe(move)} is not among the {len(moves)} legal moves"
            ) from None

    def __bool__(self) -> bool:
        return bool(self._all())

    def __repr__(self) -> str:
        return f"<LegalMoves ({', '.join(str(m) for m in self._all())})>"


Sequence.register(LegalMoves)
