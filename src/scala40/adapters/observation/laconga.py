"""La Conga's observation for learners: the knock family's
(:mod:`scala40.adapters.observation.knock`), found here by the game's name
(:mod:`scala40.adapters.observation`)."""

from __future__ import annotations

from scala40.adapters.observation.knock import OBSERVATION

__all__ = ["OBSERVATION"]
