"""The words the command line uses for Skarney (placeholder)."""

from __future__ import annotations

from scala40.game import GameText

__all__ = ["TEXT"]

TEXT = GameText()
