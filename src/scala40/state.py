"""The Scala 40 game state: this module's old path, kept so that existing code works.

Everything here is :mod:`scala40.games.scala40.state`; new code imports it from there (or from
the top of the package).
"""

from __future__ import annotations

from scala40.games.scala40.state import (
    GameState,
    HandResult,
    Phase,
    meld_from_spec,
    new_game,
)

__all__ = [
    "GameState",
    "HandResult",
    "Phase",
    "meld_from_spec",
    "new_game",
]
