"""What the promise suite checked, counted: states, samples, moves, hands (printed at the
end of a run by ``tests/conftest.py``, so that a long run of ``nox -s soak`` reports how
much it covered)."""

from __future__ import annotations

import os
from collections import Counter

__all__ = ["TALLY", "soak"]

TALLY: Counter[str] = Counter()
"""Counts by what was checked ("states checked", "samples checked", ...)."""


def soak() -> bool:
    """Whether the long runs of ``nox -s soak`` are on (``HYPOTHESIS_PROFILE=soak``)."""
    return os.environ.get("HYPOTHESIS_PROFILE") == "soak"
