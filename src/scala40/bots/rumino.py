"""Rumino's own bots: the knock family's (:mod:`scala40.bots.knock`), found here by the
game's name (:mod:`scala40.bots.registry`), with the search's tuning for the game."""

from __future__ import annotations

from typing import Final

from scala40.bots.knock import BOTS, LEAST_DEADWOOD, CarefulBot, GreedyBot
from scala40.game import SearchTuning

__all__ = ["BOTS", "LEAST_DEADWOOD", "SEARCH_TUNING", "CarefulBot", "GreedyBot"]

SEARCH_TUNING: Final = SearchTuning(candidates=1)
"""The search on a belief lost to greedy here (42.0% of 100 hands on paired deals, a
paired difference of -16 points, standard error 8): the strongest bot plays greedy's
move until a search beats it."""
