"""Rumino's moves: its own class for each kind of the knock family it allows
(:mod:`scala40.games._knock.moves`), read and written by its move set under Rumino's
formats (``scala40.rumino.move``).

>>> from scala40.games.rumino import moves
>>> moves.parse_move("discard 7h"), moves.Knock.__module__
(Discard(card=19), 'scala40.games.rumino.moves')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from scala40.games._knock import moves as family
from scala40.games._knock.moves import MoveKinds

__all__ = [
    "KINDS",
    "MOVES",
    "Claim",
    "Deal",
    "Discard",
    "DrawStock",
    "Knock",
    "Pass",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "TakeDiscard",
    "move_from_dict",
    "move_to_dict",
    "parse_move",
]


@attrs.frozen
class DrawStock(family.DrawStock):
    """Draw the top card of the stock (RU-TURN)."""


@attrs.frozen
class TakeDiscard(family.TakeDiscard):
    """Take the top card of the discard pile (RU-TURN)."""


@attrs.frozen
class Knock(family.Knock):
    """Knock instead of drawing: the hand ends and every hand is scored (RU-KNOCK)."""


@attrs.frozen
class Discard(family.Discard):
    """Discard a card face up, ending the turn (RU-TURN)."""


@attrs.frozen
class Claim(family.Claim):
    """Out of turn: take the discard that completes a Rumino, and win (RU-RUMINO)."""


@attrs.frozen
class Pass(family.Pass):
    """Out of turn: let the discard that would complete a Rumino go (RU-RUMINO)."""


@attrs.frozen
class Reenter(family.Reenter):
    """Out of turn, after a hand: re-enter at the highest total still in (RU-ELIM)."""


@attrs.frozen
class Retire(family.Retire):
    """Out of turn, after a hand: drop out instead of re-entering (RU-ELIM)."""


@attrs.frozen
class Deal(family.Deal):
    """Chance: shuffle the deck and deal a hand (RU-DEAL). ``order`` fixes the shuffled deck (top
    card last); ``None`` draws it from the state's randomness (C-RNG). An order of no
    cards is refused."""


@attrs.frozen
class Restock(family.Restock):
    """Chance: shuffle the discard pile but its top card into a new stock
    (RU-RESTOCK). ``order`` fixes the new stock (top card last); an order of no cards is
    refused."""


@attrs.frozen
class Resign(family.Resign):
    pass  # described by the family's kind, the same in every game


KINDS = MoveKinds.declare(
    "rumino",
    "Rumino",
    (DrawStock, TakeDiscard, Knock, Discard, Claim, Pass, Reenter, Retire, Deal, Restock, Resign),
)
"""Rumino's move classes, for the shared engine."""
MOVES = KINDS.moves
"""Every kind of Rumino's moves: reads and writes them as text and as dictionaries."""
parse_move: Callable[[str], family.Move] = KINDS.parse_move
"""Read a move from its notation (:meth:`~scala40.games._knock.moves.MoveKinds.parse_move`)."""
move_to_dict: Callable[[family.Move], dict[str, Any]] = KINDS.move_to_dict
"""A move as a versioned dictionary (:meth:`~scala40.games._knock.moves.MoveKinds.move_to_dict`)."""
move_from_dict: Callable[[Mapping[str, Any]], family.Move] = KINDS.move_from_dict
"""The move such a dictionary describes (:meth:`~scala40.games._knock.moves.MoveKinds.move_from_dict`)."""
