"""What every knock game's package offers beside its moves, state and rules: the phases,
the arrangement functions, the view and the bots, which the family shares.

Each game's package re-exports these names (``from scala40.games.rumino import Phase,
best_arrangement``), so that they are listed once, here.

>>> from scala40.games._knock.shared import Phase, PlayerView
>>> from scala40.games import chinchon, rumino
>>> chinchon.PlayerView is rumino.PlayerView is PlayerView, chinchon.Phase is Phase
(True, True)
"""

from __future__ import annotations

from scala40.games._knock.analysis import best_arrangement, least_unmatched
from scala40.games._knock.arrange import Arrangement
from scala40.games._knock.bots import GreedyBot
from scala40.games._knock.careful import CarefulBot
from scala40.games._knock.phases import HandEnd, HandResult, Layoff, Phase, Showing
from scala40.games._knock.view import PlayerView

__all__ = [
    "Arrangement",
    "CarefulBot",
    "GreedyBot",
    "HandEnd",
    "HandResult",
    "Layoff",
    "Phase",
    "PlayerView",
    "Showing",
    "best_arrangement",
    "least_unmatched",
]
