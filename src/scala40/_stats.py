"""The statistics of a search's race between candidate moves (internal).

The searches that race candidates over common random numbers (the belief search of
:mod:`scala40.bots.belief_search` and Scala 40's Monte Carlo bot) compare two candidates
by the mean of their paired differences and its standard error. Each game's bots sit in
the games layer and the belief search among the tools, so the one statistic they share
lives here, in the core both may import.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["paired_difference"]


def paired_difference(
    first: Sequence[float], second: Sequence[float], lone_error: float
) -> tuple[float, float]:
    """The mean of ``first[i] - second[i]`` over the pairs (``first`` not empty, ``second``
    at least as long), and its standard error; ``lone_error`` when there is one pair only
    (no spread to measure: a search says what one pair proves).

    >>> import math
    >>> from scala40._stats import paired_difference
    >>> paired_difference([3.0, 5.0], [1.0, 1.0], lone_error=0.0)
    (3.0, 1.0)
    >>> paired_difference([2.0], [1.0], lone_error=math.inf)
    (1.0, inf)
    """
    count = len(first)
    differences = [a - b for a, b in zip(first, second)]
    mean = sum(differences) / count
    if count < 2:
        return mean, lone_error
    variance = sum((difference - mean) ** 2 for difference in differences) / (count - 1)
    return mean, math.sqrt(variance / count)
