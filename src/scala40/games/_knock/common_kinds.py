"""The move kinds every knock game allows (a draw, a take, a discard, the re-entry
decisions, the chance steps and a resignation), for a game's package to import at once
beside the kinds of its own (a close; a knock, a claim and a pass).

>>> from scala40.games import chinchon, rumino
>>> chinchon.Discard is rumino.Discard, rumino.Discard
(True, <class 'scala40.games._knock.moves.Discard'>)
"""

from __future__ import annotations

from scala40.games._knock.moves import (
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
    "Deal",
    "Discard",
    "DrawStock",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "TakeDiscard",
]
