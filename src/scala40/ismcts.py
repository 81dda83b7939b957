"""Information-set Monte Carlo tree search: kept in :mod:`scala40.bots.ismcts`; its names are here too."""

from __future__ import annotations

from scala40.bots.ismcts import (
    MAX_ITERATIONS,
    MAX_TIME_LIMIT,
    ROLLOUT_POLICIES,
    ISMCTSBot,
)

__all__ = [
    "MAX_ITERATIONS",
    "MAX_TIME_LIMIT",
    "ROLLOUT_POLICIES",
    "ISMCTSBot",
]
