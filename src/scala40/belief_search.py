"""A search bot that reads its opponents: kept in :mod:`scala40.bots.belief_search`; its names are here too."""

from __future__ import annotations

from scala40.bots.belief_search import (
    BEST_TIME_LIMIT,
    BeliefSearchBot,
    BestBot,
    hand_share,
)

__all__ = [
    "BEST_TIME_LIMIT",
    "BeliefSearchBot",
    "BestBot",
    "hand_share",
]
