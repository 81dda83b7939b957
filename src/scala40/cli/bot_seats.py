"""The bots of ``scala40 serve`` and of the web table, and the seats they play: kept in
:mod:`scala40.serving.bot_seats`, which both servers share; its names are here too."""

from __future__ import annotations

import scala40.serving.bot_seats as _new_place
from scala40.serving.bot_seats import *  # noqa: F403 (this module keeps the names of that one)

__all__ = list(_new_place.__all__)
