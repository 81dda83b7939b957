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

``in``, ``index`` and ``count`` compare a value with the listed moves, and always agree:
a move has one value, however it is written (C-IDENTITY), so a value is listed exactly
when the state takes it. A text or a dictionary is read as the listed move it means
(:meth:`LegalMoves.resolve`), in any order of its cards, its readings of wild cards
written or left to the position.

>>> "meld 5S 5H 5D" in moves, moves.index("meld 5S 5H 5D"), moves.count("meld 5S 5H 5D")
(True, 0, 1)
>>> "meld 5D 5H 5S" in moves, moves.count("meld 5d, 5h, 5s"), state.is_legal("meld 5D 5H 5S")
(True, 1, True)
>>> moves.index({"type": "meld", "cards": "5H 5S 5D"})
0
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Generic, TypeVar, overload

from scala40.checks import describe, is_int
from scala40.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidMoveError,
    MissingReadingError,
    MoveIndexError,
    Scala40Error,
    SerializationError,
)
from scala40.melds._spelling import loose_spelling
from scala40.movekinds import MoveSet, drawn_pack

__all__ = ["LegalMoves", "find_listed", "read_in_position", "read_move"]

M = TypeVar("M")


class _NotAMove:
    """What a text that reads as no move is compared as: equal to no move."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<not a move>"


_NOT_A_MOVE = _NotAMove()


def read_move(move_set: MoveSet, spelling: object) -> object:
    """The move a text or a dictionary describes, read without a position (``move_set``'s
    ``parse`` or ``from_dict``).

    :raises InvalidMoveError: ``spelling`` is not a move of the game (a dictionary's
        :class:`~scala40.SerializationError` too, as an ``InvalidMoveError``).
    """
    if isinstance(spelling, str):
        return move_set.parse(spelling)
    if isinstance(spelling, Mapping):
        try:
            return move_set.from_dict(spelling)
        except SerializationError as error:
            raise InvalidMoveError(str(error)) from None
    raise InvalidMoveError(f"expected a move's text or dictionary, got {describe(spelling)}")


def find_listed(moves: Sequence[M], move_set: MoveSet, spelling: object) -> M:
    """The listed move (one of ``moves``, a position's legal moves) that a text or a
    dictionary means: the one it reads as, else the only one it may be written for. A
    spelling may be a listed move when it names the same kind and, field by field, what
    it says is the listed move's (:meth:`~scala40.movekinds.MoveBase.spelling_agrees`):
    its melds' cards in any order, a wild card's reading and a lay-off's end left out
    where the position fixes them.

    :raises InvalidMoveError: ``spelling`` reads as no move of the game.
    :raises AmbiguousMoveError: several listed moves fit it (``moves`` lists them).
    :raises IllegalMoveError: no listed move does.
    """
    refusal: InvalidMoveError | None = None
    try:
        value = read_move(move_set, spelling)
    except InvalidMoveError as error:
        refusal = error
    else:
        for move in moves:
            if move == value:
                return move
    try:
        with loose_spelling():
            spelled = read_move(move_set, spelling)
    except InvalidMoveError:
        if refusal is not None:
            raise refusal from None
        raise  # pragma: no cover - what reads strictly reads loosely
    kind = type(spelled)
    agrees: Callable[[Any, Any], bool] = getattr(kind, "spelling_agrees")  # noqa: B009
    found = [move for move in moves if type(move) is kind and agrees(spelled, move)]
    shown = describe(spelling, 80) if not isinstance(spelling, str) else repr(spelling[:80])
    if len(found) == 1:
        return found[0]
    if found:
        texts = [str(move) for move in found]
        # What tells them apart: a wild card's card (C-WILD), or where a card goes.
        rule = "C-WILD" if any("=" in text for text in texts) else "C-NOTATION"
        raise AmbiguousMoveError(
            f"{shown} could be {len(found)} legal moves: {' or '.join(texts)}; write the one "
            f"meant ({rule})",
            found,
        )
    if isinstance(refusal, MissingReadingError):
        # What the text left out is a wild card's card, which a meld gives (C-WILD).
        raise IllegalMoveError(f"{shown} is no legal move here: {refusal} (C-WILD)")
    why = f" ({refusal})" if refusal is not None else ""
    raise IllegalMoveError(f"{shown} is no legal move here{why}")


def read_in_position(
    move_set: MoveSet,
    spelling: object,
    listed: Sequence[Any] | None,
    list_moves: Callable[[], Sequence[Any]],
    apply_value: Callable[[Any], Any],
) -> tuple[Any, Any]:
    """The move a text or a dictionary means in a position (``state.parse_move``), and
    the state after it when finding it took applying it (``None`` for a listed move, to
    be applied as such). ``listed`` is the position's legal moves if already listed,
    ``list_moves`` lists them, ``apply_value`` applies a move value with every check (a
    resignation or a chance step's fixed order, never listed, comes this way).

    A spelling that reads as a listed move, or as a move the position takes, is that
    move; else it is matched against the legal moves (:func:`find_listed`).

    :raises InvalidMoveError: ``spelling`` reads as no move of the game.
    :raises AmbiguousMoveError: several legal moves fit it (``moves`` lists them).
    :raises IllegalMoveError: no legal move does (the position's own reason when the
        spelling reads as a move).
    """
    refusal: InvalidMoveError | IllegalMoveError
    try:
        value = read_move(move_set, spelling)
    except InvalidMoveError as error:
        refusal = error
    else:
        if listed is not None:
            for known in listed:
                if known == value:
                    return known, None
        try:
            return value, apply_value(value)
        except IllegalMoveError as error:
            refusal = error
    written: Any = None
    if isinstance(refusal, InvalidMoveError):
        try:
            with loose_spelling():
                written = read_move(move_set, spelling)
        except InvalidMoveError:
            if not isinstance(refusal, MissingReadingError):
                raise refusal from None  # no move at all, however read
    try:
        moves = list_moves()
    except Scala40Error:  # a position whose moves cannot be listed (past a search bound)
        raise refusal from None
    try:
        return find_listed(moves, move_set, spelling), None
    except AmbiguousMoveError:
        raise
    except (IllegalMoveError, InvalidMoveError):
        left_out = getattr(written, "left_to_position", None)
        if callable(left_out) and left_out() is not None:
            # Whole but for what the position gives (a lay-off's end, a wild card's
            # card): the position's own reason why no such move is legal here.
            apply_value(written)
        if isinstance(refusal, MissingReadingError):
            raise
        raise refusal from None


class LegalMoves(Generic[M]):
    """The legal moves of one state, generated when first asked for, then remembered.

    Iterate it, ``count()`` it, test ``bool(moves)``, or index it (``moves[i]``; a slice
    gives a tuple): the order is the order of iteration, and a random choice from the view
    is a uniformly random legal move.

    ``move in moves``, ``moves.index(move)`` and ``moves.count(move)`` share one notion of
    equality, a sequence's: a value is listed when it equals a listed move (a move has one
    value whatever way it was written, so this is equality of meaning). A text or a
    dictionary is read as the listed move it means first (:meth:`resolve`; one that means
    none is listed nowhere). So ``in``, ``index`` and ``count`` always agree, for any
    value: ``move in moves`` exactly when ``moves.count(move) == 1`` and
    ``moves.index(move)`` finds it; and they agree with the state's ``is_legal`` and
    ``apply`` (which also take resignations and a chance step's fixed orders, never
    listed).

    A game builds it from a function of its state, ``generate()``, which lists every
    legal move, each once (the state may remember the list, and give it as ``moves`` when
    it has it). A text or a dictionary is read with the game's move set: the one the moves'
    kind names, or, for a kind several games share (the knock games'), the ``MOVES`` of
    the state whose method ``generate`` is.
    """

    # Not a Sequence subclass, so that ``"draw" in moves`` type-checks (a move may be
    # given as text); registered as one below for isinstance checks.
    __slots__ = ("_generate", "_moves")

    def __init__(
        self, generate: Callable[[], tuple[M, ...]], moves: tuple[M, ...] | None = None
    ) -> None:
        self._generate = generate
        self._moves = moves
        """The moves, once generated (given at once when the state already knows them)."""

    def _moves_set(self, moves: tuple[M, ...]) -> MoveSet | None:
        """The move set that reads a text or a dictionary of the game (``None``: no move is
        listed, or the moves are not of a move set). Found when a text is read, not when
        the moves are listed: listing is the hot path."""
        move_set = getattr(type(moves[0]), "move_set", None) if moves else None
        if move_set is None:
            state = getattr(self._generate, "__self__", None)
            move_set = getattr(type(state), "MOVES", None)
        return move_set if isinstance(move_set, MoveSet) else None

    def _all(self) -> tuple[M, ...]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        return moves

    def _read(self, value: object, moves: tuple[M, ...]) -> object:
        """``value`` as a listed move would equal it: a text or a dictionary read as the
        listed move it means (:meth:`resolve`; :data:`_NOT_A_MOVE` when it means none);
        any other value as it is."""
        if not isinstance(value, (str, Mapping)):
            return value
        move_set = self._moves_set(moves) if moves else None
        if move_set is None:
            return value if isinstance(value, str) else _NOT_A_MOVE
        try:
            return find_listed(moves, move_set, value)
        except (InvalidMoveError, IllegalMoveError):
            return _NOT_A_MOVE

    def resolve(self, spelling: str | Mapping[str, Any]) -> M:
        """The listed move a text or a dictionary means (:func:`find_listed`), as
        python-chess's ``board.parse_san`` reads a move against its position: its cards
        in any order, a wild card's reading or a lay-off's end left out where only one
        listed move fits.

        >>> import scala40
        >>> state = scala40.new_game(players=2, seed=3).apply("draw")
        >>> state.legal_moves().resolve("meld 5d 5h 5s")
        PutDown(cards='5S 5H 5D')
        >>> state.legal_moves().resolve("meld 5D 5H 5S 5C")
        Traceback (most recent call last):
        ...
        scala40.errors.IllegalMoveError: 'meld 5D 5H 5S 5C' is no legal move here

        :raises InvalidMoveError: ``spelling`` reads as no move of the game.
        :raises AmbiguousMoveError: several listed moves fit it (``moves`` lists them).
        :raises IllegalMoveError: no listed move does.
        """
        moves = self._all()
        move_set = self._moves_set(moves) if moves else None
        if move_set is None:
            raise IllegalMoveError(f"{describe(spelling, 80)}: no move is legal here")
        return find_listed(moves, move_set, spelling)

    def __iter__(self) -> Iterator[M]:
        return iter(self._all())

    def __contains__(self, move: object) -> bool:
        moves = self._all()
        return self._read(move, moves) in moves

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

    def count(self, move: object = _NOT_A_MOVE) -> int:
        """How many legal moves there are; given a value (a move, its text, anything), how
        many times it is listed: 1 if ``move in moves``, else 0.

        >>> import scala40
        >>> moves = scala40.new_game(players=2, seed=3).legal_moves()
        >>> moves.count(), moves.count("draw"), moves.count("discard 7H"), moves.count(None)
        (1, 1, 0, 0)
        """
        if move is _NOT_A_MOVE:
            return len(self._all())
        moves = self._all()
        return moves.count(self._read(move, moves))

    # ``start`` and ``stop`` are integers (``stop`` may be None), and annotated ``object``:
    # in the compiled build an annotation is a check at the method's boundary, which would
    # refuse a text with a bare TypeError; so it takes anything, and the check below
    # raises the library's error.
    def index(self, move: object, start: object = 0, stop: object = None) -> int:
        """The position of ``move`` (or of the move a text reads as) in the list, looked
        for from index ``start`` up to ``stop`` (integers; ``None``: the end).

        :raises InvalidArgumentError: ``start`` or ``stop`` is not an integer.
        :raises MoveIndexError: the move is not listed (between ``start`` and ``stop``).
        """
        if not is_int(start) or not (stop is None or is_int(stop)):
            raise InvalidArgumentError(
                f"start and stop must be integers, got {describe(start)}, {describe(stop)}"
            )
        moves = self._all()
        try:
            return moves.index(
                self._read(move, moves),
                start,
                len(moves) if stop is None else stop,
            )
        except ValueError:
            raise MoveIndexError(
                f"{describe(move)} is not among the {len(moves)} legal moves"
            ) from None

    def __bool__(self) -> bool:
        return bool(self._all())

    def _repr_svg_(self) -> str:
        """The moves as a picture, which notebooks show (:func:`scala40.drawing.moves_svg`)."""
        # The pictures are a tool: loaded when a notebook asks for one.
        from scala40.drawing._values import moves_picture

        moves = self._all()
        move_set = self._moves_set(moves)
        if move_set is not None:
            spanish = move_set.pack == "spanish"
        else:
            spanish = bool(moves) and drawn_pack(type(moves[0])) == "spanish"
        return moves_picture(moves, spanish)

    def __repr__(self) -> str:
        return f"<LegalMoves ({', '.join(str(m) for m in self._all())})>"


Sequence.register(LegalMoves)
