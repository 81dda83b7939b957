"""A belief over the hidden cards: kept in :mod:`scala40.bots.belief`; its names are here too."""

from __future__ import annotations

import scala40.bots.belief as _new_place
from scala40.bots.belief import *  # noqa: F403 (this module keeps the names of that one)

__all__ = list(_new_place.__all__)
