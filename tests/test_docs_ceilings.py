"""The decision ceilings the bots page shows (docs/bots.rst, "Where a better decision
could gain"), from the file ``benchmarks/bench_ceilings.py --write`` makes of its journal
(``docs/_data/ceilings.json``): the file's rows as the benchmark shapes them, the plan it
says was run, the match table it was valued by checked against matches played out, and
the page's account of the method told in the benchmark's own figures."""

from __future__ import annotations

import json
from pathlib import Path

from scala40.game import load_game
from tests.test_bench_ceilings import ceilings


def test_the_published_ceilings_are_the_summary_of_a_journal() -> None:
    """The bots page's file (``--write``) holds, for each game at its default table, rows
    shaped as :func:`figures` makes them, each with its decisions, play-outs and
    candidates, and names the command that wrote it."""
    data = json.loads(ceilings.CEILINGS_FILE.read_text(encoding="utf-8"))
    assert data["command"].startswith("python benchmarks/bench_ceilings.py")
    for entry in data["games"]:
        assert entry["players"] == load_game(entry["game"]).default_players
        assert entry["rows"]
        for row in entry["rows"]:
            assert row["unit"] in ("hand", "match")
            assert row["scope"] in ("all", "hands", "near")
            assert row["n"] <= row["occurs"]
            assert row["playouts"] >= 2
            assert 0 <= row["departs"] <= 1
            assert row["alternatives"]


def test_the_bots_page_says_how_the_ceilings_were_measured() -> None:
    """The figures the page's prose gives of the method are the benchmark's own: the
    play-outs a candidate (and the half a split picks on), the total at which a match is
    near its end, and the hands the match table is made from."""
    page = Path(__file__).resolve().parents[1] / "docs" / "bots.rst"
    text = " ".join(page.read_text(encoding="utf-8").split())
    start = text.index("Where a better decision could gain")
    section = text[start : text.index(".. _careful-bot:", start)]
    data = json.loads(ceilings.CEILINGS_FILE.read_text(encoding="utf-8"))
    playouts = {row["playouts"] for entry in data["games"] for row in entry["rows"]}
    assert playouts == {32}
    assert "out from each, the careful bot at every seat, 32 times" in section
    assert "and 16 play-outs of it, could gain" in section
    assert f"a seat still in it at {ceilings.NEAR_TOTAL} points or more" in section
    assert f"the points of {ceilings.TABLE_HANDS:,} hands of careful self-play" in section
    worlds = {
        row["view"]["worlds"] for entry in data["games"] for row in entry["rows"] if row["view"]
    }
    assert worlds == {32}
    assert "the same candidates compared in 32 worlds dealt from the seat's view" in section


def test_the_match_table_agrees_with_matches_played_out() -> None:
    """The chance of winning a Scala 40 match from its totals, as the table the near-end
    ceilings are valued by gives it, is within three standard errors of the share the
    careful bot won of matches played out from those totals (``--check-table``)."""
    data = json.loads(ceilings.CEILINGS_FILE.read_text(encoding="utf-8"))
    (scala40,) = [entry for entry in data["games"] if entry["game"] == "scala40"]
    checks = scala40["table_checks"]
    assert len(checks) == len(ceilings.CHECKED_TOTALS)
    for check in checks:
        assert check["matches"] >= 300
        assert abs(check["share"] - check["table"]) <= 3 * check["share_se"] + 1e-9, check


def test_the_plan_is_what_the_published_file_says_was_run() -> None:
    """Every run of the plan is one the benchmark's arguments read (a game, a seed, the
    kinds and where), and the published file lists the plan's runs as commands."""
    parser = ceilings._parser()
    for run in ceilings.PLAN:
        args = parser.parse_args(list(run))
        assert args.game in ("scala40", "rumino", "laconga")
        assert args.playouts == 32
    data = json.loads(ceilings.CEILINGS_FILE.read_text(encoding="utf-8"))
    assert data["runs"] == [
        " ".join(["python benchmarks/bench_ceilings.py", *run]) for run in ceilings.PLAN
    ]
