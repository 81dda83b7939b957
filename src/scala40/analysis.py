"""Exact Scala 40 hand analysis: this module's old path, kept so that existing code works.

Everything here is :mod:`scala40.games.scala40.analysis`; new code imports it from there (or from
the top of the package).
"""

from __future__ import annotations

from scala40.games.scala40.analysis import (
    Criterion,
    Deadwood,
    Opening,
    best_opening,
    can_close,
    can_open,
    closing_moves,
    hand_melds,
    min_deadwood,
)

__all__ = [
    "Criterion",
    "Deadwood",
    "Opening",
    "best_opening",
    "can_close",
    "can_open",
    "closing_moves",
    "hand_melds",
    "min_deadwood",
]
