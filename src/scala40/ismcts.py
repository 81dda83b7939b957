"""Information-set Monte Carlo tree search: kept in :mod:`scala40.bots.ismcts`; its names are here too."""

from __future__ import annotations

import scala40.bots.ismcts as _new_place
from scala40.bots.ismcts import *  # noqa: F403 (this module keeps the names of that one)

__all__ = list(_new_place.__all__)
