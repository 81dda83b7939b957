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

__all__ = ["BOTS", "CarefulBot", "GreedyBot"]

BOTS: Final[Mapping[str, Callable[..., Any]]] = MappingProxyType(
    {"greedy": GreedyBot, "careful": CarefulBot}
)
"""The family's bots by name, every knock game's."""
