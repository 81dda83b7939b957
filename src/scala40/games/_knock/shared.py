"""What every knock game's package offers beside its own moves, state and rules: the move
kinds every game allows (a draw, a take, a discard, the re-entry decisions, the chance
steps and a resignation), the phases, the arrangement functions and the view, which the
family shares. The family's bots (``GreedyBot``, ``CarefulBot``) each package offers
too, loaded by its record on first use (:data:`~scala40.games._knock.family.BOTS`).

Each game's package re-exports these names (``from scala40.games.rumino import Phase,
best_arrangement``), so that they are listed once, here. A package imports this module by
its full name (``import scala40.games._knock.shared as shared``) and adds ``shared.__all__``
to its own: a type checker finds no ``shared`` in the private package's empty ``__all__``
through ``from scala40.games._knock import shared``, and would not count the names.

>>> from scala40.games._knock.shared import Phase, PlayerView
>>> from scala40.games import chinchon, rumino
>>> chinchon.PlayerView is rumino.PlayerView is PlayerView, chinchon.Phase is Phase
(True, True)
>>> chinchon.Discard is rumino.Discard, rumino.Discard
(True, <class 'scala40.games._knock.moves.Discard'>)
"""

from __future__ import annotations

from scala40.games._knock.analysis import best_arrangement, least_unmatched
from scala40.games._knock.arrange import Arrangement
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
from scala40.games._knock.phases import HandEnd, HandResult, Layoff, Phase, Showing
from scala40.games._knock.view import PlayerView

__all__ = [
    "Arrangement",
    "Deal",
    "Discard",
    "DrawStock",
    "HandEnd",
    "HandResult",
    "Layoff",
    "Phase",
    "PlayerView",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "Showing",
    "TakeDiscard",
    "best_arrangement",
    "least_unmatched",
]
