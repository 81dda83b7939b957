"""A search bot that reads its opponents: kept in :mod:`scala40.bots.belief_search`; its names are here too."""

from __future__ import annotations

import scala40.bots.belief_search as _new_place
from scala40.bots.belief_search import *  # noqa: F403 (this module keeps the names of that one)

__all__ = list(_new_place.__all__)
