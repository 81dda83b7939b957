"""What every knock game that knocks declares the same way (Rumino): the family's kinds it
allows, as its ``Move``.

A game's package star-imports this module and :mod:`~scala40.games._knock.shared` (its
kinds and ``Move``, its view, phases, bots and arrangement functions are the family's)
and declares only what is its own: its ruleset, its ``GameState`` and its record (its
``__all__`` lists the kinds and ``Move`` again, as a type checker reads a name of a
private module re-exported only where it is listed).

>>> from scala40.games import rumino
>>> from scala40.games._knock import knocks
>>> rumino.Move is knocks.Move, rumino.Knock
(True, <class 'scala40.games._knock.moves.Knock'>)
"""

from __future__ import annotations

from typing import TypeAlias

from scala40.games._knock.moves import (
    Claim,
    Deal,
    Discard,
    DrawStock,
    Knock,
    Pass,
    Reenter,
    Resign,
    Restock,
    Retire,
    TakeDiscard,
)

__all__ = [
    "Claim",
    "Deal",
    "Discard",
    "DrawStock",
    "Knock",
    "Move",
    "Pass",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "TakeDiscard",
]

Move: TypeAlias = (
    DrawStock
    | TakeDiscard
    | Knock
    | Discard
    | Claim
    | Pass
    | Reenter
    | Retire
    | Deal
    | Restock
    | Resign
)
"""A move of a game that knocks: the family's kinds of :data:`~.moves.KNOCK_KINDS`, in
the order its notation lists them (RU-TURN, RU-KNOCK, RU-RUMINO, RU-ELIM)."""
