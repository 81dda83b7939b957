"""Shared test configuration of the repository's tests (the rules' ``tests`` and the server's
``server/tests``, run together): Hypothesis profiles, the repeated cases left to the soak,
the promise suite's counts and the tests' CPU.

Choose a profile with the ``HYPOTHESIS_PROFILE`` environment variable:

* ``ci`` (default): 20 examples per test, no deadline, failure blobs printed (the
  default run must stay within three minutes; the soak looks further);
* ``dev``: 15 examples per test and half those of the fuzz tests, for quick runs (CI's
  runs on other Pythons);
* ``soak``: 50 examples per test, for ``nox -s soak`` (the slow tests: every preset,
  every game of the costly tests, the long property runs), which CI runs too;
* ``mutants``: 25 examples per test, a failure not shrunk: the runs of
  tests/test_security_mutants.py, which need only know that a row's test fails;
* ``long``: 5000 examples per test, and many more games, hands, states and fuzzed inputs
  in the promise suite (``tests.protocol.tally.long_run``), for a long run:
  ``HYPOTHESIS_PROFILE=long nox -s soak``.
"""

from __future__ import annotations

import atexit
import os
import resource
import shutil
import sys
import tempfile
import time
from collections.abc import Generator

import pluggy
import pytest
from hypothesis import Phase, settings

from tests.repeats import leave_repeats_to_the_soak


def _keep_bytecode() -> None:
    """Keep Python's bytecode cache for this run where the environment turns it off
    (``PYTHONDONTWRITEBYTECODE``, set on some machines): every Python process a test
    starts (the command line, a referee, a server, an example) would otherwise compile
    the whole package again, about 1 s of CPU each, a third of the default run. The cache
    is a directory of the run's own (``PYTHONPYCACHEPREFIX``), outside the source tree,
    shared with pytest-xdist's workers and every process they start, and removed at the
    end; a prefix the caller chose is kept."""
    if not sys.dont_write_bytecode and not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        return
    if "PYTHONPYCACHEPREFIX" not in os.environ:
        prefix = tempfile.mkdtemp(prefix="scala40-test-bytecode-")
        os.environ["PYTHONPYCACHEPREFIX"] = prefix
        atexit.register(shutil.rmtree, prefix, ignore_errors=True)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"]
    sys.dont_write_bytecode = False


_keep_bytecode()

settings.register_profile("ci", max_examples=20, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=15, deadline=None)
settings.register_profile("soak", max_examples=50, deadline=None, print_blob=True)
settings.register_profile(
    "mutants",
    max_examples=25,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
settings.register_profile("long", max_examples=5000, deadline=None, print_blob=True)

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


def _print_promise_tally(terminalreporter: object) -> None:
    """Print what the promise suite checked (states, samples, moves, hands), if it ran."""
    from tests.protocol.tally import TALLY

    if TALLY:
        write = terminalreporter.write_line  # type: ignore[attr-defined]
        write(
            "promise suite checked: " + ", ".join(f"{n:,} {w}" for w, n in sorted(TALLY.items()))
        )


def pytest_report_header(config: pytest.Config) -> list[str]:
    """What a run started with the default options takes, and how it shows where it is."""
    if config.getoption("markexpr") == "not slow and not browser":  # pyproject's addopts
        return [
            "the default run: within three minutes on two cores at rest, longer on a busy "
            "machine; each line of dots ends with the tests done of all ([done/total])"
        ]
    return []


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cpu-durations",
        type=int,
        default=None,
        metavar="N",
        help="list the N tests that took the most CPU (the test's process and the child "
        "processes it waited for): unlike --durations, a loaded machine does not move it",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Leave the repeated cases of tests/repeats.py to the soak, before ``-m`` selects."""
    leave_repeats_to_the_soak(items)


def _cpu_seconds() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    """Count each test's CPU (setup, call and teardown) when --cpu-durations asks for it,
    on the report of its call, so that the controller of pytest-xdist sees it too."""
    if item.config.getoption("cpu_durations") is None:
        yield
        return
    start = _cpu_seconds()
    item.stash[_CPU_START] = start
    yield


_CPU_START = pytest.StashKey[float]()
_CPU_SPENT: dict[str, float] = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pluggy.Result[pytest.TestReport], None]:
    outcome = yield
    if call.when == "teardown" and _CPU_START in item.stash:
        report = outcome.get_result()
        report.user_properties.append(("cpu_seconds", _cpu_seconds() - item.stash[_CPU_START]))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    for name, value in report.user_properties:
        if name == "cpu_seconds" and report.when == "teardown":
            _CPU_SPENT[report.nodeid] = float(str(value))


def pytest_terminal_summary(terminalreporter: object) -> None:
    """Print what the promise suite checked, and the tests that took the most CPU when
    --cpu-durations asks for them."""
    _print_promise_tally(terminalreporter)
    config = getattr(terminalreporter, "config", None)
    count = config.getoption("cpu_durations") if config is not None else None
    if count is None or not _CPU_SPENT:
        return
    write = terminalreporter.write_line  # type: ignore[attr-defined]
    total = sum(_CPU_SPENT.values())
    write(f"CPU of {len(_CPU_SPENT):,} tests: {total:,.1f} s; the {count} that took most:")
    for nodeid, seconds in sorted(_CPU_SPENT.items(), key=lambda item: -item[1])[:count]:
        write(f"{seconds:8.2f}s {nodeid}")
