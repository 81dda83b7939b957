"""The names every knock game's package holds, declared once.

:func:`~scala40.games._knock.family.knock_package` makes them for each game (Rumino,
Chinchón, La Conga) from its rules module and binds them in its package when the package
is imported; this module states what they are, for readers and type checkers (a game's
package imports it under ``TYPE_CHECKING`` only: the names have no value here).

Each of a game's move classes is the family's kind of that name
(:mod:`~scala40.games._knock.moves`) bound to the game by
:func:`~scala40.games._knock.moves.game_move_kinds`, and its ``GameState`` is a subclass
of :class:`~scala40.games._knock.state.KnockState` with the game's moves and ruleset.
Beside the kinds named here, a game has those it alone allows: ``Close`` (Chinchón, La
Conga), ``Knock``, ``Claim`` and ``Pass`` (Rumino).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scala40.games._knock.moves import (
    Deal,
    Discard,
    DrawStock,
    Move,
    MoveKinds,
    Reenter,
    Resign,
    Restock,
    Retire,
    TakeDiscard,
)
from scala40.games._knock.state import KnockState as GameState
from scala40.movekinds import MoveSet

__all__ = [
    "KINDS",
    "MOVES",
    "Deal",
    "Discard",
    "DrawStock",
    "GameState",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "TakeDiscard",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "parse_move",
]

KINDS: MoveKinds
"""The game's move classes, for the shared engine."""
MOVES: MoveSet
"""Every kind of the game's moves: reads and writes them as text and as dictionaries."""
new_game: Callable[..., GameState]
"""``GameState.new``: a new game (:meth:`~scala40.games._knock.state.KnockState.new`)."""
parse_move: Callable[[str], Move]
"""Read a move from its notation (:meth:`~scala40.games._knock.moves.MoveKinds.parse_move`)."""
move_to_dict: Callable[[Move], dict[str, Any]]
"""A move as a versioned dictionary (:meth:`~scala40.games._knock.moves.MoveKinds.move_to_dict`)."""
move_from_dict: Callable[[Mapping[str, Any]], Move]
"""The move such a dictionary describes (:meth:`~scala40.games._knock.moves.MoveKinds.move_from_dict`)."""
