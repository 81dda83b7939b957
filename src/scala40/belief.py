"""A belief over the hidden cards: kept in :mod:`scala40.bots.belief`; its names are here too."""

from __future__ import annotations

from scala40.bots.belief import (
    DEFAULT_PARTICLES,
    LISTED,
    MAX_PARTICLES,
    MAX_REPLAY_MOVES,
    Belief,
    SeatModel,
    SoftGreedy,
    game_of,
    greedy_of,
    quiet,
)

__all__ = [
    "DEFAULT_PARTICLES",
    "LISTED",
    "MAX_PARTICLES",
    "MAX_REPLAY_MOVES",
    "Belief",
    "SeatModel",
    "SoftGreedy",
    "game_of",
    "greedy_of",
    "quiet",
]
