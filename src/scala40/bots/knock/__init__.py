"""The knock family's bots (Rumino, Chinchón, La Conga), the bots layer's part of those
games: each game's module (:mod:`scala40.bots.chinchon`...) names them, where
:mod:`scala40.bots.registry` finds them by the game's name.

* :mod:`~scala40.bots.knock.bots`: the greedy bot;
* :mod:`~scala40.bots.knock.careful`: the careful bot;
* :mod:`~scala40.bots.knock.stalled`: what tells a hand that no longer moves.

>>> from scala40.bots.knock import BOTS
>>> list(BOTS)
['greedy', 'careful']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

from scala40.bots.knock.bots import GreedyBot
from scala40.bots.knock.careful import CarefulBot
from scala40.games._knock.analysis import least_unmatched

__all__ = ["BOTS", "LEAST_DEADWOOD", "CarefulBot", "GreedyBot"]

BOTS: Final[Mapping[str, Callable[..., Any]]] = MappingProxyType(
    {"greedy": GreedyBot, "careful": CarefulBot}
)
"""The family's bots by name, every knock game's."""

LEAST_DEADWOOD: Final = least_unmatched
"""How a bot values a whole hand of a knock game: a knock game arranges a hand at its end,
so what the hand counts (the game's ``hand_value``) is already the least."""
