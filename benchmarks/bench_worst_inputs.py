"""Time the worst inputs found for meld checks and hand analysis, cold.

Run it from the repository root, scala40 installed::

    python benchmarks/bench_worst_inputs.py

The inputs are the ones the hostile-input tests keep (``WORST_MELDS`` in
``tests/core/test_hostile_input.py``, ``WORST_OPENINGS`` in
``tests/games/scala40/test_hostile_input.py``): the slowest found by hill climbs over
dense hands under every ruleset the library accepts, raw :class:`scala40.MeldRules` that
allow any number of wild cards in a meld included. Each call is timed cold (every cache
emptied first), best of five; a call that raises an error of the library (a meld past
``MAX_READINGS``, a hand past ``MAX_HAND_READINGS``) counts with the time it took to
refuse. The tests only check that the work stays bounded; the figures are here, so that
a noisy machine never fails a test run.
"""

from __future__ import annotations

import platform
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.core.test_hostile_input import EXTREME_RULES, WORST_MELDS
from tests.games.scala40.test_hostile_input import (
    _WORST_RULES,
    WORST_OPENINGS,
)

from scala40 import Scala40Error, check_meld, clear_caches, meld_interpretations
from scala40.cards import parse_cards
from scala40.games.scala40.analysis import best_opening

REPEATS = 5


def _cold(call: Callable[[], Any]) -> tuple[float, str]:
    """The best time of ``call`` over :data:`REPEATS` cold runs, and how it ended."""
    best = float("inf")
    outcome = "answered"
    for _ in range(REPEATS):
        clear_caches()
        start = time.perf_counter()
        try:
            call()
        except Scala40Error as error:
            outcome = type(error).__name__
        best = min(best, time.perf_counter() - start)
    return best, outcome


def main() -> None:
    print(f"Python {platform.python_version()} on {platform.machine()}, best of {REPEATS}, cold")
    rows: list[tuple[str, str, float, str]] = []
    for rules_name, text in WORST_MELDS:
        cards = parse_cards(text)
        rules = EXTREME_RULES[rules_name]
        for call in (meld_interpretations, check_meld):
            took, outcome = _cold(partial(call, cards, rules))
            rows.append((f"{call.__name__} [{rules_name}]", text, took, outcome))
    for rules_name, hand, criterion, threshold, keep in WORST_OPENINGS:
        took, outcome = _cold(
            partial(
                best_opening,
                hand,
                _WORST_RULES[rules_name],
                criterion=criterion,
                threshold=threshold,
                keep=keep,
            )
        )
        rows.append((f"best_opening [{rules_name}, {criterion}]", hand, took, outcome))
    width = max(len(row[0]) for row in rows)
    for name, text, took, outcome in rows:
        shown = text if len(text) <= 44 else text[:41] + "..."
        print(f"{name:<{width}}  {took * 1000:7.2f} ms  {outcome:<16}  {shown}")
    print(f"worst: {max(row[2] for row in rows) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
