"""The exception hierarchy: every error the library raises derives from :class:`Scala40Error`.

Each error also subclasses the matching builtin, so callers that only know
Python's own exceptions (``ValueError``, ``TypeError``, ``LookupError``,
``IndexError``) still catch them.

>>> import scala40
>>> try:
...     scala40.parse_cards("7S 11H")
... except scala40.InvalidCardError as error:
...     print(error)
bad card '11H' at position 2: expected a rank (A 2-10 J Q K, or T) and a suit (S H D C), or a joker (JK)
>>> issubclass(scala40.InvalidCardError, ValueError)
True
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "AmbiguousMeldError",
    "AmbiguousMoveError",
    "FileWriteError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidBotSpecError",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidMoveError",
    "InvalidPositionError",
    "InvalidRulesetError",
    "InvalidStateError",
    "InvalidValueError",
    "MissingReadingError",
    "MoveIndexError",
    "Scala40Error",
    "SearchLimitError",
    "SerializationError",
    "StaleMoveError",
    "UnknownGameError",
    "UnknownPresetError",
]


class Scala40Error(Exception):
    """Root of every exception raised by scala40."""


class InvalidArgumentError(Scala40Error, TypeError):
    """An argument is not of a kind the function takes (a ruleset where a state is wanted,
    say); the message names the argument and what it got."""


class InvalidValueError(Scala40Error, ValueError):
    """An argument is of the right kind but its value is out of range or inconsistent
    (a negative number of games, a seat that does not exist); the message names the
    argument, what it must be and what it got."""


class SearchLimitError(InvalidValueError):
    """A search would go past its documented bound (see the limits on the errors page):
    the input is valid, but too large or too tangled to answer within it. Nothing is
    answered rather than something wrong."""


class InvalidBotSpecError(Scala40Error, ValueError):
    """A bot specification names no known bot or gives it options it does not take."""


class UnknownGameError(Scala40Error, LookupError):
    """No registered game has the requested name; the message lists the games."""

    def __str__(self) -> str:
        # LookupError subclasses would otherwise print the repr of the argument.
        return str(self.args[0]) if self.args else ""


class InvalidCardError(Scala40Error, ValueError):
    """A card token or card code is not a card of the deck in use.

    ``token`` is the offending text (or code) and ``position`` its 1-based
    place in the input, or ``None`` when the input was a single card.
    """

    def __init__(self, message: str, *, token: object = None, position: int | None = None):
        super().__init__(message)
        self.token = token
        self.position = position


class InvalidMeldError(Scala40Error, ValueError):
    """The cards do not form one valid meld under the rules in use; the message says why.

    Cards that form several melds, nothing saying which, raise its subclass
    :class:`AmbiguousMeldError`, so that one ``except InvalidMeldError`` handles every
    refusal of :func:`scala40.check_meld`.
    """


class AmbiguousMeldError(InvalidMeldError):
    """The cards form more than one valid meld and nothing says which one is meant: a
    kind of :class:`InvalidMeldError` (``check_meld`` gives no one meld).

    ``readings`` holds every valid reading (:class:`scala40.Meld` values).

    >>> import scala40
    >>> try:
    ...     scala40.check_meld("7D JK 7C")
    ... except scala40.InvalidMeldError as error:
    ...     print(type(error).__name__, len(error.readings))
    AmbiguousMeldError 2
    """

    def __init__(self, message: str, readings: Sequence[object] = ()):
        super().__init__(message)
        self.readings: tuple[object, ...] = tuple(readings)


class InvalidRulesetError(Scala40Error, ValueError):
    """A ruleset's options are out of range or contradict each other.

    ``problems`` lists every problem found, not only the first.
    """

    def __init__(self, problems: Sequence[str]):
        self.problems: tuple[str, ...] = tuple(problems)
        super().__init__("invalid ruleset: " + "; ".join(self.problems))


class UnknownPresetError(Scala40Error, LookupError):
    """No ruleset preset has the requested name."""

    def __str__(self) -> str:
        # LookupError subclasses would otherwise print the repr of the argument.
        return str(self.args[0]) if self.args else ""


class InvalidMoveError(Scala40Error, ValueError):
    """A move's text or data cannot be read as a move (a syntax error, not a rules one)."""


class MissingReadingError(InvalidMoveError):
    """A meld's text leaves out what a wild card stands for, and the meld's own cards do
    not fix it (a set's joker with two suits missing: ``9C 9D JK``). The message names the
    card and what it could stand for; a state reads such a text against its legal moves
    (``state.parse_move``)."""


class IllegalMoveError(Scala40Error, ValueError):
    """A well-formed move is not allowed in this position; the message names the rule."""


class AmbiguousMoveError(IllegalMoveError):
    """A move's text fits several legal moves of the position and says nothing that
    tells them apart (``meld 9C 9D JK`` when the joker may be 9♠ or 9♥). ``moves`` lists
    them, in the order of the legal moves; the message gives their texts."""

    def __init__(self, message: str, moves: Sequence[object] = ()):
        super().__init__(message)
        self.moves: tuple[object, ...] = tuple(moves)


class StaleMoveError(IllegalMoveError):
    """A move sent for another move number than the state's (``state.apply(move,
    expected_move_number=n)``): sent twice, or from a stale view; the message gives
    both numbers."""


class MoveIndexError(Scala40Error, IndexError):
    """An index past the end of a state's legal moves (:class:`~scala40.legal.LegalMoves`)."""


class InvalidStateError(Scala40Error, ValueError):
    """A game position is inconsistent; ``problems`` lists every problem found."""

    def __init__(self, problems: Sequence[str]):
        self.problems: tuple[str, ...] = tuple(problems)
        super().__init__("invalid game state: " + "; ".join(self.problems))


class FileWriteError(Scala40Error, OSError):
    """A file was not written where asked: the directory named, or a name in it, is a
    symbolic link, or is not what is written there (a directory, a file), or the system
    refused the write; the message says which (:mod:`scala40.directory`)."""


class SerializationError(Scala40Error, ValueError):
    """Serialized data is malformed, of an unknown version, or describes an invalid value."""


class InvalidPositionError(SerializationError):
    """A position's text (``state.to_text()``, :mod:`scala40.notation`) cannot be read,
    or describes no valid state or view.

    ``field`` names the field where the problem is (``"hands"``, ``"rules"``...) and
    ``position`` is its 0-based character offset in the text; both are ``None`` when
    the problem is the position as a whole (its cards do not add up, say).
    """

    def __init__(self, message: str, *, field: str | None = None, position: int | None = None):
        super().__init__(message)
        self.field = field
        self.position = position
