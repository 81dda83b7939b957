"""Skarney's own bots, the bots layer's part of the game (:mod:`scala40.bots.registry`
finds them by the game's name):

* :mod:`~scala40.bots.skarney.bots`: the greedy bot;
* :mod:`~scala40.bots.skarney.careful`: the careful bot, greedy's play weighing what an
  offered card and a card left in hand would cost;
* :mod:`~scala40.bots.skarney.endgame`: the endgame bot, the careful bot with a search
  of a hand's last moves.

>>> from scala40.bots.skarney import BOTS, SEARCH_TUNING
>>> list(BOTS), SEARCH_TUNING.worlds
(['greedy', 'careful', 'endgame'], 8)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

from scala40.bots.skarney.bots import GreedyBot
from scala40.bots.skarney.careful import CarefulBot
from scala40.bots.skarney.endgame import EndgameBot
from scala40.game import SearchTuning
from scala40.games.skarney.analysis import least_penalty

__all__ = ["BOTS", "LEAST_DEADWOOD", "SEARCH_TUNING", "CarefulBot", "EndgameBot", "GreedyBot"]

BOTS: Final[Mapping[str, Callable[..., Any]]] = MappingProxyType(
    {"greedy": GreedyBot, "careful": CarefulBot, "endgame": EndgameBot}
)
"""Skarney's own bots by name."""

SEARCH_TUNING: Final = SearchTuning(worlds=8)
"""A hand played out by greedy costs about ten times a Chinchón hand: the search plays
fewer worlds."""

LEAST_DEADWOOD: Final = least_penalty
"""How a bot values a whole Skarney hand: the least penalty its cards can be left with."""
