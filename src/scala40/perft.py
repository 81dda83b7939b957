"""Legal moves in one canonical order, and perft: the number of move sequences of a
given length from a position, for comparing another implementation's move generator with
this library's, as chess programs compare theirs.

The canonical order of a position's legal moves is the order of their texts (``str(move)``,
the notation :mod:`scala40.notation` reads back) compared as sequences of Unicode code
points, which is Python's ``sorted`` over the texts and JavaScript's default sort alike.
A move's own cards are written in one form whatever order they were given in (a set's cards in the order of the suits they
stand for, ♠ ♥ ♦ ♣, a sequence's low to high, each wild card's reading written out as
``JK=8S``), so two implementations that list the same moves write the same lines.

Perft counts every sequence of ``depth`` moves that the seats to decide may play, one after
the other, over the whole state (every hand, the stock in the order the state holds it): a
chess program's perft. A position where no seat decides (the game is over, or a chance step
such as the next hand's deal comes next) ends every sequence there, so it counts 1 at depth
0 and 0 deeper, as a mate does in chess. The work is bounded: past ``node_limit`` positions
visited, :class:`~scala40.SearchLimitError` is raised rather than a number computed for
longer than the caller allowed.

>>> from scala40.game import load_game
>>> from scala40.perft import canonical_moves, perft, perft_divide
>>> state = load_game("scala40").new_game(players=2, seed=3).apply("draw")
>>> [str(move) for move in canonical_moves(state)][:4]
['discard 2H', 'discard 4H', 'discard 5D', 'discard 5H']
>>> perft(state, 1), perft(state, 2), perft(state, 3)
(17, 19, 204)
>>> [(str(move), count) for move, count in perft_divide(state, 2)][:3]
[('discard 2H', 1), ('discard 4H', 1), ('discard 5D', 1)]
"""

from __future__ import annotations

from typing import Any

from scala40.checks import describe
from scala40.errors import InvalidArgumentError, InvalidValueError, SearchLimitError

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "MAX_DEPTH",
    "MAX_NODE_LIMIT",
    "canonical_moves",
    "perft",
    "perft_divide",
]

MAX_DEPTH = 6
"""The deepest perft asked for: past a few moves the counts grow past any node limit."""

DEFAULT_NODE_LIMIT = 20_000
"""The positions a perft visits at most unless its caller allows more: a few hundred
milliseconds of the pure build on a slow machine, within the bound every call keeps."""

MAX_NODE_LIMIT = 10_000_000
"""The most positions a caller may allow one perft to visit (the command line's
``--node-limit``): a bound on what one command may be asked to do."""


def _check_position(position: object) -> None:
    for name in ("legal_moves", "current_player"):
        if not hasattr(position, name):
            raise InvalidArgumentError(
                f"expected a game's state or view, got {describe(position)}"
            )


def canonical_moves(position: Any) -> tuple[Any, ...]:
    """The legal moves of ``position`` (a state, or a seat's view), in the canonical
    order: by their texts, compared as code points. No seat to decide: no moves.

    >>> from scala40.game import load_game
    >>> from scala40.perft import canonical_moves
    >>> state = load_game("chinchon").new_game(players=2, seed=3)
    >>> [str(move) for move in canonical_moves(state)]
    ['draw', 'take']
    >>> canonical_moves("draw")
    Traceback (most recent call last):
        ...
    scala40.errors.InvalidArgumentError: expected a game's state or view, got 'draw'

    :raises InvalidArgumentError: ``position`` is no state or view.
    """
    _check_position(position)
    return tuple(sorted(position.legal_moves(), key=str))


def _check_count(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{name} must be an int, got {describe(value)}")
    if not low <= value <= high:
        raise InvalidValueError(f"{name} must be from {low} to {high:,}, got {value}")
    return value


class _Budget:
    """The positions a perft may still visit."""

    __slots__ = ("left", "limit")

    def __init__(self, limit: int) -> None:
        self.left = limit
        self.limit = limit

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise SearchLimitError(
                f"perft visits more than {self.limit:,} positions (node_limit): "
                "ask for less depth, or allow more"
            )


def _count(state: Any, depth: int, budget: _Budget) -> int:
    budget.spend()
    if depth == 0:
        return 1
    if state.current_player is None:
        return 0
    moves = state.legal_moves()
    if depth == 1:
        # The last level's positions are counted, not visited: as chess programs do
        # ("bulk counting"), and what the counts mean is the same.
        return len(moves)
    return sum(_count(state.apply(move), depth - 1, budget) for move in moves)


def perft_divide(
    state: Any, depth: int, *, node_limit: int = DEFAULT_NODE_LIMIT
) -> tuple[tuple[Any, int], ...]:
    """Perft split by first move: each legal move of ``state`` in the canonical order,
    with the number of sequences of ``depth`` moves that start with it (their sum is
    :func:`perft`). Where two implementations' counts differ, the first move whose count
    differs is where to look, and then the divide of the position it leads to.

    >>> from scala40.game import load_game
    >>> from scala40.perft import perft_divide
    >>> state = load_game("chinchon").new_game(players=2, seed=3)
    >>> [(str(move), count) for move, count in perft_divide(state, 2)]
    [('draw', 9), ('take', 8)]

    :raises InvalidArgumentError: ``state`` is no state, or ``depth`` or ``node_limit``
        no int.
    :raises InvalidValueError: ``depth`` is not from 1 to :data:`MAX_DEPTH`, or
        ``node_limit`` not from 1 to :data:`MAX_NODE_LIMIT`.
    :raises SearchLimitError: the count would visit more than ``node_limit`` positions.
    """
    _check_position(state)
    if not (hasattr(state, "view") and hasattr(state, "apply")):
        raise InvalidArgumentError(
            f"perft counts over a whole state, not a seat's view, got {describe(state)}"
        )
    _check_count("depth", depth, 1, MAX_DEPTH)
    budget = _Budget(_check_count("node_limit", node_limit, 1, MAX_NODE_LIMIT))
    budget.spend()
    return tuple(
        (move, _count(state.apply(move), depth - 1, budget)) for move in canonical_moves(state)
    )


def perft(state: Any, depth: int, *, node_limit: int = DEFAULT_NODE_LIMIT) -> int:
    """The number of sequences of ``depth`` moves from ``state`` (a whole state, every
    seat's moves in turn, the stock as the state holds it). Depth 0 counts 1.

    >>> from scala40.game import load_game
    >>> from scala40.perft import perft
    >>> state = load_game("rumino").new_game(players=3, seed=1)
    >>> [perft(state, depth) for depth in range(4)]
    [1, 2, 16, 32]
    >>> perft(state, 9, node_limit=100)
    Traceback (most recent call last):
        ...
    scala40.errors.InvalidValueError: depth must be from 0 to 6, got 9

    :raises InvalidArgumentError: ``state`` is no state, or ``depth`` or ``node_limit``
        no int.
    :raises InvalidValueError: ``depth`` is not from 0 to :data:`MAX_DEPTH`, or
        ``node_limit`` not from 1 to :data:`MAX_NODE_LIMIT`.
    :raises SearchLimitError: the count would visit more than ``node_limit`` positions.
    """
    _check_position(state)
    if _check_count("depth", depth, 0, MAX_DEPTH) == 0:
        _check_count("node_limit", node_limit, 1, MAX_NODE_LIMIT)
        return 1
    return sum(count for _, count in perft_divide(state, depth, node_limit=node_limit))
