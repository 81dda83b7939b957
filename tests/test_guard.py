"""The instruction guard (``benchmarks/guard.py``, ``nox -s guard``): it counts a fixed
workload per game in instructions and fails when a row rises more than 2% above the
committed baseline.

The last test makes a deliberate regression (a row redoes a share of its work, through the
guard's own switch) and checks that the guard fails on it, naming the row, and passes
the same workload without it: the guard is shown to catch what it is there to catch, on
a small workload of its own counted in one memory layout, since the committed
baseline's counts take many minutes of valgrind.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

GUARD = Path(__file__).resolve().parents[1] / "benchmarks" / "guard.py"


def _guard() -> ModuleType:
    spec = importlib.util.spec_from_file_location("guard", GUARD)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_compare_names_each_row_risen_beyond_the_tolerance() -> None:
    guard = _guard()
    baseline = {"a:playout": 100_000, "a:view": 50_000, "b:legal": 1_000_000}
    figures = {"a:playout": 102_001, "a:view": 51_000, "b:legal": 900_000, "c:new": 5}
    risen = guard.compare(figures, baseline)
    # 2.001% above fails, 2% exactly passes, a fall passes, a row without a baseline is
    # not judged.
    assert risen == ["a:playout: 102,001 against 100,000 (+2.00%)"]


def test_whole_games_are_counted_in_processes_that_warmed_nothing() -> None:
    # The games row plays from seed 0 in a process of its own per layout, apart from the
    # set-up that warms the caches for the other rows.
    guard = _guard()
    assert "rumino:games" in guard.row_names()
    planned = guard.processes(["rumino:playout", "rumino:games", "rumino:view"], [0, 97])
    assert planned == [
        ("rumino", ["playout", "view"], 0),
        ("rumino", ["playout", "view"], 97),
        ("rumino", ["games"], 0),
        ("rumino", ["games"], 97),
    ]


def test_the_baseline_names_every_row_and_how_it_was_counted() -> None:
    guard = _guard()
    recorded = json.loads(guard.BASELINE.read_text())
    assert set(recorded["rows"]) == set(guard.row_names())
    assert set(recorded["counted_with"]) == {"python", "machine", "scale", *guard.PINNED}
    assert recorded["counted_with"]["scale"] == 1.0
    # The reference column, named by the commit it was counted at, for the judgement the
    # changelog gives over a round of changes.
    reference = recorded["reference"]
    assert set(reference["rows"]) == set(guard.row_names())
    assert set(reference) == {"commit", "counted_with", "rows"}
    assert len(reference["commit"]) >= 7
    int(reference["commit"], 16)  # a commit, not a version


def _run_guard(*arguments: str, extra_work: str = "0.00") -> subprocess.CompletedProcess[str]:
    # The switch is set in every run, to a text of the same length: the processes then lay
    # their memory out alike, and only the extra work tells their counts apart (a process
    # whose environment is a few bytes longer counted the row up to 5% apart).
    environment = dict(os.environ)
    environment[_guard().EXTRA_WORK] = extra_work
    return subprocess.run(
        [sys.executable, str(GUARD), *arguments],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
        timeout=600,
    )


@pytest.mark.slow  # three counts under cachegrind: about 30 s of CPU (nox -s soak)
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind (cachegrind)")
def test_the_guard_fails_on_a_deliberate_regression(tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.json"
    # One layout: the same process twice counts the same.
    small = (
        "--rows",
        "chinchon:view",
        "--scale",
        "0.1",
        "--layouts",
        "0",
        "--baseline",
        str(baseline),
    )
    recorded = _run_guard(*small, "--record")
    assert recorded.returncode == 0, recorded.stdout + recorded.stderr
    regressed = _run_guard(*small, extra_work="0.25")
    assert regressed.returncode == 1, regressed.stdout + regressed.stderr
    assert "rose more than 2% above the baseline" in regressed.stdout
    assert "chinchon:view:" in regressed.stdout
    # A quarter of the row's states (three of twelve) redone once more.
    change = re.search(r"chinchon:view: .* \(\+(\d+\.\d+)%\)", regressed.stdout)
    assert change is not None
    assert 20 < float(change[1]) < 30
    again = _run_guard(*small)
    assert again.returncode == 0, again.stdout + again.stderr
    # The same workload counts the same, within a few instructions in a million.
    assert re.search(r"chinchon:view .* [+-]0\.00%", again.stdout), again.stdout


def test_the_guard_refuses_counts_that_do_not_compare() -> None:
    # The full baseline refuses counts of another scale (or interpreter): they do not
    # compare, and the guard says so before it counts anything.
    mismatched = _run_guard("--rows", "chinchon:view", "--scale", "0.1")
    assert mismatched.returncode == 2
    assert "do not compare" in mismatched.stderr
