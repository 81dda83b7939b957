"""Scala 40's own bots, the bots layer's part of the game (:mod:`scala40.bots.registry`
finds them by the game's name):

* :mod:`~scala40.bots.scala40.bots`: the greedy and Monte Carlo bots;
* :mod:`~scala40.bots.scala40.careful`: the careful bot, greedy's play weighing what the
  cards held would cost;
* :mod:`~scala40.bots.scala40.best`: the search bot ``search``, the Monte Carlo search on
  the careful bot's play;
* :mod:`~scala40.bots.scala40.playouts`: what the Monte Carlo bot's playouts are made of.

>>> from scala40.bots.scala40 import BOTS
>>> list(BOTS)
['greedy', 'careful', 'montecarlo', 'search']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

from scala40.bots.scala40.best import BestBot
from scala40.bots.scala40.bots import GreedyBot, MonteCarloBot
from scala40.bots.scala40.careful import CarefulBot
from scala40.games.scala40.analysis import least_deadwood

__all__ = ["BOTS", "LEAST_DEADWOOD", "BestBot", "CarefulBot", "GreedyBot", "MonteCarloBot"]

BOTS: Final[Mapping[str, Callable[..., Any]]] = MappingProxyType(
    {"greedy": GreedyBot, "careful": CarefulBot, "montecarlo": MonteCarloBot, "search": BestBot}
)
"""Scala 40's own bots by name."""

LEAST_DEADWOOD: Final = least_deadwood
"""How a bot values a whole Scala 40 hand: the hand analysis's least deadwood, with no
table and no opening threshold."""
