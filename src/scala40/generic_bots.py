"""The bots every game has (a random bot, a determinized playout search, the searches around a game's own): kept in :mod:`scala40.bots.generic`; its names are here too."""

from __future__ import annotations

import scala40.bots.generic as _new_place
from scala40.bots.generic import *  # noqa: F403 (this module keeps the names of that one)

__all__ = list(_new_place.__all__)
