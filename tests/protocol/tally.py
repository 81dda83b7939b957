"""What the promise suite checked, counted: states, samples, moves, hands (printed at the
end of a run by ``conftest.py``, so that a long run of ``nox -s soak`` reports how
much it covered)."""

from __future__ import annotations

import os
from collections import Counter

__all__ = ["TALLY", "long_run"]

TALLY: Counter[str] = Counter()
"""Counts by what was checked ("states checked", "samples checked", ...)."""


def long_run() -> bool:
    """Whether the long run is on (``HYPOTHESIS_PROFILE=long nox -s soak``): many more
    games, hands and states than the soak that CI runs."""
    return os.environ.get("HYPOTHESIS_PROFILE") == "long"
