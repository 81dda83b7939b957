"""La Conga's own bots: the knock family's (:mod:`scala40.bots.knock`), found here by the
game's name (:mod:`scala40.bots.registry`)."""

from __future__ import annotations

from scala40.bots.knock import BOTS, LEAST_DEADWOOD, CarefulBot, GreedyBot

__all__ = ["BOTS", "LEAST_DEADWOOD", "CarefulBot", "GreedyBot"]
