"""What every knock game that closes declares the same way (Chinchón, La Conga): the
family's kinds it allows, as its ``Move``.

A game's package star-imports this module and :mod:`~scala40.games._knock.shared` (its
kinds and ``Move``, its view, phases, bots and arrangement functions are the family's)
and declares only what is its own: its ruleset, its ``GameState`` and its record (its
``__all__`` lists the kinds and ``Move`` again, as a type checker reads a name of a
private module re-exported only where it is listed).

>>> from scala40.games import chinchon, laconga
>>> from scala40.games._knock import closes
>>> chinchon.Move is laconga.Move is closes.Move, chinchon.Close is laconga.Close
(True, True)
"""

from __future__ import annotations

from typing import TypeAlias

from scala40.games._knock.moves import (
    Close,
    Deal,
    Discard,
    DrawStock,
    Reenter,
    Resign,
    Restock,
    Retire,
    TakeDiscard,
)

__all__ = [
    "Close",
    "Deal",
    "Discard",
    "DrawStock",
    "Move",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "TakeDiscard",
]

Move: TypeAlias = (
    DrawStock | TakeDiscard | Discard | Close | Reenter | Retire | Deal | Restock | Resign
)
"""A move of a game that closes: the family's kinds of :data:`~.moves.CLOSE_KINDS`, in
the order its notation lists them (CH-TURN, CH-CLOSE, CH-END)."""
