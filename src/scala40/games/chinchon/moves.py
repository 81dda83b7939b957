"""Chinchón's moves: its own class for each kind of the knock family it allows
(:mod:`scala40.games._knock.moves`), read and written by its move set under Chinchón's
formats (``scala40.chinchon.move``).

>>> from scala40.games.chinchon import moves
>>> str(moves.parse_move("close ks : 3c 2c ac")), moves.Close.__module__
('close KS : 3C 2C AC', 'scala40.games.chinchon.moves')
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
    "Close",
    "Deal",
    "Discard",
    "DrawStock",
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
    """Draw the top card of the stock (CH-TURN)."""


@attrs.frozen
class TakeDiscard(family.TakeDiscard):
    """Take the top card of the discard pile (CH-TURN)."""


@attrs.frozen
class Discard(family.Discard):
    """Discard a card face up, ending the turn (CH-TURN)."""


@attrs.frozen
class Close(family.Close):
    """Discard ``card`` face down and show the other cards: ``melds``, the rest
    unmatched (CH-CLOSE). The hand ends."""


@attrs.frozen
class Reenter(family.Reenter):
    """Out of turn, after a hand: re-enter at the highest total still in (CH-END)."""


@attrs.frozen
class Retire(family.Retire):
    """Out of turn, after a hand: drop out instead of re-entering (CH-END)."""


@attrs.frozen
class Deal(family.Deal):
    """Chance: shuffle the deck and deal a hand (CH-DEAL). ``order`` fixes the shuffled deck (top
    card last); ``None`` draws it from the state's randomness (C-RNG). An order of no
    cards is refused."""


@attrs.frozen
class Restock(family.Restock):
    """Chance: shuffle the discard pile but its top card into a new stock
    (CH-RESTOCK). ``order`` fixes the new stock (top card last); an order of no cards is
    refused."""


@attrs.frozen
class Resign(family.Resign):
    pass  # described by the family's kind, the same in every game


KINDS = MoveKinds.declare(
    "chinchon",
    "Chinchón",
    (DrawStock, TakeDiscard, Discard, Close, Reenter, Retire, Deal, Restock, Resign),
    pack="spanish",
)
"""Chinchón's move classes, for the shared engine."""
MOVES = KINDS.moves
"""Every kind of Chinchón's moves: reads and writes them as text and as dictionaries."""
parse_move: Callable[[str], family.Move] = KINDS.parse_move
"""Read a move from its notation (:meth:`~scala40.games._knock.moves.MoveKinds.parse_move`)."""
move_to_dict: Callable[[family.Move], dict[str, Any]] = KINDS.move_to_dict
"""A move as a versioned dictionary (:meth:`~scala40.games._knock.moves.MoveKinds.move_to_dict`)."""
move_from_dict: Callable[[Mapping[str, Any]], family.Move] = KINDS.move_from_dict
"""The move such a dictionary describes (:meth:`~scala40.games._knock.moves.MoveKinds.move_from_dict`)."""
