"""The fields both servers read the same way: kept in :mod:`scala40.serving.request_fields`,
which both servers share; its names are here too."""

from __future__ import annotations

import scala40.serving.request_fields as _new_place
from scala40.serving.request_fields import *  # noqa: F403 (this module keeps the names of that one)

__all__ = list(_new_place.__all__)
