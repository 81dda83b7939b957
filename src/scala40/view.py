"""What one Scala 40 player may know: this module's old path, kept so that existing code works.

Everything here is :mod:`scala40.games.scala40.view`; new code imports it from there (or from
the top of the package).
"""

from __future__ import annotations

from scala40.games.scala40.view import (
    PlayerView,
)

__all__ = [
    "PlayerView",
]
