"""The study of decision ceilings (``benchmarks/bench_ceilings.py``) and the figures the
bots page shows from it (``docs/_data/ceilings.json``): the split-sample gain checked
against a brute-force count, a short study whose lines add up, and the published file
holding what the benchmark's own summary of journal lines holds."""

from __future__ import annotations

import importlib.util
import itertools
import json
import math
import statistics
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _module() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(
        "bench_ceilings", BENCHMARKS / "bench_ceilings.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_ceilings"] = module  # its dataclass reads its module's names
    spec.loader.exec_module(module)
    return module


ceilings = _module()


def _brute_gain(values: list[list[float]]) -> float:
    """The split-sample gain written out: for each half, the candidate whose play-outs in
    that half sum highest (the careful bot's play, the first, unless another is strictly
    higher; the earliest of equal others), valued on the other half against the first."""
    half = len(values[0]) // 2
    parts = (list(range(half)), list(range(half, 2 * half)))
    gains = []
    for pick, judge in (parts, parts[::-1]):
        best = 0
        for index in range(1, len(values)):
            if sum(values[index][i] for i in pick) > sum(values[best][i] for i in pick):
                best = index
        gains.append(sum(values[best][i] - values[0][i] for i in judge) / half)
    return sum(gains) / 2


def test_the_split_sample_gain_is_the_brute_force_count() -> None:
    """Over every small table of play-out values from a few levels: the gain of picking on
    one half and valuing on the other, both ways, and whether a pick departs."""
    levels = (-2.0, 0.0, 3.0)
    for flat in itertools.product(levels, repeat=8):
        values = [list(flat[:4]), list(flat[4:])]
        gain, departs = ceilings.split_gain(values)
        assert gain == pytest.approx(_brute_gain(values))
        halves = ((0, 1), (2, 3))
        expected = any(
            sum(values[1][i] for i in half) > sum(values[0][i] for i in half) for half in halves
        )
        assert departs == expected


def test_a_pick_on_noise_gains_nothing_on_the_other_half() -> None:
    """Candidates that differ by noise alone: picking the best of each half gains in
    that half (the winner's curse) but nothing, on average, on the other."""
    import random

    rng = random.Random(5)
    gains = []
    cursed = []
    for _ in range(2_000):
        values = [[rng.gauss(0, 10) for _ in range(8)] for _ in range(3)]
        gains.append(ceilings.split_gain(values)[0])
        means = [statistics.fmean(row) for row in values]
        cursed.append(max(means) - means[0])
    error = statistics.stdev(gains) / math.sqrt(len(gains))
    assert abs(statistics.fmean(gains)) < 3 * error
    assert statistics.fmean(cursed) > 10 * error


def test_the_clustered_error_is_the_error_of_the_cluster_sums() -> None:
    """With one value a cluster it is the usual standard error of the mean; values of one
    cluster move together, so the error grows with how they group."""
    values = [1.0, 4.0, 2.0, 8.0, 5.0, 7.0]
    mean, error = ceilings.clustered(values, list(range(6)))
    assert mean == pytest.approx(statistics.fmean(values))
    assert error == pytest.approx(statistics.stdev(values) / math.sqrt(6))
    _, grouped = ceilings.clustered([1.0, 1.0, 9.0, 9.0], ["a", "a", "b", "b"])
    _, apart = ceilings.clustered([1.0, 1.0, 9.0, 9.0], ["a", "b", "c", "d"])
    assert grouped > apart


def test_a_short_study_writes_a_line_a_decision_and_a_hand(tmp_path: Path) -> None:
    """One Scala 40 match, its closes studied with two play-outs a candidate: every hand and
    the match have their line, every studied decision names its candidates (the careful
    bot's play first) and holds each one's values, and the summary counts them."""
    lines: list[dict[str, Any]] = []
    study = ceilings.Study(playouts=2, kinds=frozenset({"close"}), where="hands", view_worlds=2)
    ceilings.study_match("scala40", 0, 3, study, lines.append)
    hands = [line for line in lines if line["kind"] == "hand"]
    decisions = [line for line in lines if line["kind"] == "decision"]
    views = [line for line in lines if line["kind"] == "view"]
    assert [line["number"] for line in views] == [line["number"] for line in decisions]
    assert all(line["unit"] == "hand" and line["worlds"] == 2 for line in views)
    assert hands
    assert lines[-1]["kind"] == "match"
    assert decisions
    for line in decisions:
        assert line["type"] == "close"
        assert line["plans"][0] == "careful"
        assert not line["near"]
        assert line["shares"] is None
        assert all(len(row) == 2 for row in line["margins"])
        assert len(line["margins"]) == len(line["plans"]) >= 2
    journal = tmp_path / "ceilings.jsonl"
    journal.write_text("".join(json.dumps(line) + "\n" for line in lines * 2))
    read = ceilings.read_lines([str(journal)])
    assert read == lines  # a line written again by a resumed run counts once
    figures = ceilings.figures(read, "scala40")
    (row,) = figures["rows"]
    assert row["kind"] == "close"
    assert row["n"] == len(decisions)
    assert row["view"]["n"] == len(views)
    # Played again with the journal known, the match values nothing twice.
    again: list[dict[str, Any]] = []
    known = {ceilings._line_key(line): line for line in read}
    ceilings.study_match(
        "scala40", 0, 3, ceilings.Study(**{**vars(study), "known": known}), again.append
    )
    assert not [line for line in again if line["kind"] in ("decision", "view")]
    assert figures["hands"] == len(hands)
    assert row["occurs"] >= row["n"]
