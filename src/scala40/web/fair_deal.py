"""Fair dealing: kept in :mod:`scala40.serving.fair_deal`, which both servers share (the web
table and ``scala40 serve``); its names are here too."""

from __future__ import annotations

import scala40.serving.fair_deal as _new_place
from scala40.serving.fair_deal import *  # noqa: F403 (this module keeps the names of that one)

__all__ = list(_new_place.__all__)
