"""How busy the machine was while a benchmark read a ratio, printed beside it.

A ratio of two timed runs measures the machine as much as the code when other work
shares its cores: the library's working set loses more to shared caches than a C++
engine's, so the same wheel of Scala 40 reads lower beside OpenSpiel's C++ gin rummy the
busier the machine. So every benchmark that prints a ratio reads the load average (its one-minute figure) while
it measures, prints the highest beside each ratio, and flags a ratio read above a load of
one per core ("read above load 2 on 2 cores"): read it again at rest, or take the median
of three runs, or count instructions (``--instructions``, where a benchmark offers it),
which the load does not change.

Imported by the ``bench_*.py`` scripts of this directory (their own directory is on the
path when they run).
"""

from __future__ import annotations

import os

__all__ = ["LoadWatch", "core_count", "load_average"]


def core_count() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - a platform without affinity
        return os.cpu_count() or 1


def load_average() -> float | None:
    """The machine's one-minute load average (``None`` where the platform has none)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):  # pragma: no cover - Windows
        return None


class LoadWatch:
    """The highest load average read while ratios are measured, by the name of what is
    measured (each ratio's pair of runs calls :meth:`read` around them)."""

    def __init__(self) -> None:
        self.cores = core_count()
        self.highest: dict[object, float] = {}

    def read(self, key: object) -> None:
        """Read the load now, for the ratio named ``key``."""
        load = load_average()
        if load is not None:
            self.highest[key] = max(load, self.highest.get(key, 0.0))

    def note(self, key: object) -> str:
        """What to print beside the ratio named ``key``: the highest load read while it
        was measured, and a warning when that is above one per core."""
        load = self.highest.get(key)
        if load is None:
            return "[load unknown]"
        if load > self.cores:
            return (
                f"[load {load:.1f} on {self.cores} cores: READ UNDER LOAD, the ratio measures "
                "the crowd; read it again at rest (load under the core count), or take "
                "the median of three runs]"
            )
        return f"[load {load:.1f} on {self.cores} cores]"
