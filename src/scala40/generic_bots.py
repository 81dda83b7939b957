"""The bots every game has (a random bot, a determinized playout search, the searches around a game's own): kept in :mod:`scala40.bots.generic`; its names are here too."""

from __future__ import annotations

from scala40.bots.generic import (
    GENERIC_BOTS,
    PlayoutBot,
    RandomBot,
    bot_name,
    game_bots,
)

__all__ = [
    "GENERIC_BOTS",
    "PlayoutBot",
    "RandomBot",
    "bot_name",
    "game_bots",
]
