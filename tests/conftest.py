"""Shared test configuration: Hypothesis profiles.

Choose a profile with the ``HYPOTHESIS_PROFILE`` environment variable:

* ``ci`` (default): 50 examples per test, no deadline, failure blobs printed (the
  default run must stay within minutes; the slow tests look further);
* ``dev``: 25 examples per test and half those of the fuzz tests, for quick runs (CI's
  runs on other Pythons);
* ``soak``: 5000 examples per test, used by ``nox -s soak``.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", max_examples=50, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile("soak", max_examples=5000, deadline=None, print_blob=True)

settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_sessionfinish(session: object) -> None:
    """On a worker of pytest-xdist, hand the promise suite's counts to the controller."""
    from tests.protocol.tally import TALLY

    output = getattr(getattr(session, "config", None), "workeroutput", None)
    if output is not None:
        output["promise_tally"] = dict(TALLY)


def pytest_testnodedown(node: object, error: object) -> None:
    """On the controller of pytest-xdist, add up the counts of each worker."""
    from tests.protocol.tally import TALLY

    TALLY.update(getattr(node, "workeroutput", {}).get("promise_tally", {}))


def pytest_terminal_summary(terminalreporter: object) -> None:
    """Print what the promise suite checked (states, samples, moves, hands), if it ran."""
    from tests.protocol.tally import TALLY

    if TALLY:
        write = terminalreporter.write_line  # type: ignore[attr-defined]
        write(
            "promise suite checked: " + ", ".join(f"{n:,} {w}" for w, n in sorted(TALLY.items()))
        )
