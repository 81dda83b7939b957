"""``scala40 bots`` (:mod:`scala40.cli.bots`) and the record it reads
(:mod:`scala40.bots.strength`): every bot of every game listed, each measured duel
printed as the package's file holds it, and bad arguments refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from scala40.bots import best_bot, bot_names, make_bot
from scala40.bots import strength as strength_module
from scala40.bots.strength import (
    BEST_MEAN_S,
    BEST_P999_S,
    MeasuredDuel,
    cost_of,
    measured_duels,
    strength_source,
    strongest,
)
from scala40.cli import main
from scala40.game import game_names, load_game
from scala40.match import GAME_UNITS
from tests.documents import RELEASE_GAMES

GAMES = list(game_names())
DOCS_BOTS = Path(__file__).resolve().parents[2] / "docs" / "bots.rst"


@pytest.mark.parametrize("name", GAMES)
def test_every_bot_of_every_game_is_listed_with_its_figures(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bots", "--game", name]) == 0
    printed = capsys.readouterr().out
    for bot in bot_names(name):
        assert any(line.startswith(f"{bot} ") for line in printed.splitlines()), bot
    for duel in measured_duels(name):
        assert " ".join(f"against {duel.bottom}: {duel.result()}".split()) in " ".join(
            printed.split()
        )
    assert printed.rstrip().endswith(f"Figures: {strength_source()}.")
    assert main(["bots", "--game", name, "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert [bot["name"] for bot in listing["bots"]] == list(bot_names(name))
    for bot in listing["bots"]:
        timed = cost_of(name, best_bot(name) if bot["name"] == "best" else bot["name"])
        assert bot["decision_mean_s"] == (None if timed is None else timed.mean_s)
        for duel in bot["duels"]:
            low, high = duel["interval"]
            assert 0 <= low <= duel["share"] <= high <= 1
            assert duel["unit"] in GAME_UNITS


def test_the_record_holds_every_game_s_duels_in_its_unit() -> None:
    """Every measured duel is of a game the library has, on whole deals, counted in what
    decides it under the default rules (whole matches), but for a search's duel against
    the careful bot, counted in single hands; each measured game's careful bot is measured
    against greedy in its unit. A game with no duel measured yet (one just added) is listed
    without figures (the test above: "not measured")."""
    measured = [name for name in GAMES if measured_duels(name)]
    assert set(RELEASE_GAMES["0.2.0"]) <= set(measured)  # measured since that release
    for name in measured:
        duels = measured_duels(name)
        assert any(duel.top == "careful" and duel.bottom == "greedy" for duel in duels)
        for duel in duels:
            if duel.top == "careful":
                assert duel.unit == "match"
            else:
                assert duel.unit in GAME_UNITS
                assert duel.bottom == "careful"
            assert duel.games == 2 * duel.deals
            assert duel.low <= duel.share <= duel.high
            assert duel.top.partition(":")[0] in bot_names(name)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bots", "--game", "poker"], "poker"),
        (["bots", "--game", "x" * 5_000], "at most 100 characters"),
        (["bots", "extra"], "unrecognized arguments"),
    ],
)
def test_bad_arguments_are_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    error = capsys.readouterr().err
    assert message in error
    assert "Traceback" not in error


def test_without_a_game_every_game_s_bots_are_listed(capsys: pytest.CaptureFixture[str]) -> None:
    """``scala40 bots`` alone lists the bots of every game (it listed Scala 40's only), the
    figures' source once at the end; with ``--json``, every game's listing."""
    assert main(["bots"]) == 0
    printed = capsys.readouterr().out
    titles = [line.split(":")[0] for line in printed.splitlines() if ": the bots by name" in line]
    assert titles == [load_game(name).title for name in GAMES]
    assert printed.count("Figures: ") == 1
    assert main(["bots", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert [game["game"] for game in listing["games"]] == GAMES
    assert listing["source"] == strength_source()


def test_each_time_says_how_it_was_taken(capsys: pytest.CaptureFixture[str]) -> None:
    """A decision's time says whether it was timed apart (the least of several runs) or
    in the duels, whose tables in docs/bots.rst give the mean within the matches: the two
    differ, and both say which they are. Every released game's quick bots are timed; a game
    the benchmark has not timed yet (one just added) lists them as not measured."""
    for name in GAMES:
        for bot in ("greedy", "careful"):
            timed = cost_of(name, bot)
            if timed is None:
                assert all(name not in games for games in RELEASE_GAMES.values()), (name, bot)
                assert main(["bots", "--game", name]) == 0
                lines = capsys.readouterr().out.splitlines()
                start = next(index for index, text in enumerate(lines) if text.startswith(bot))
                end = next(
                    (index for index in range(start + 1, len(lines)) if lines[index][:1] != " "),
                    len(lines),
                )
                assert "not measured" in " ".join(lines[start:end]), (name, bot)
                continue
            assert "timed apart, each the least of" in str(timed)
    docs = " ".join(DOCS_BOTS.read_text(encoding="utf-8").split())
    assert "the tables' *CPU* column is the mean process time" in docs
    assert "the time that ``scala40 bots`` prints for greedy and careful" in docs


@pytest.mark.parametrize("name", GAMES)
def test_best_is_the_strongest_bot_measured_never_one_a_cheaper_bot_beats(name: str) -> None:
    """``best`` is careful, or a bot measured above careful in the game's unit (the lower
    end of its interval above 50%) within the time budget; what it makes is that bot."""
    spec = best_bot(name)
    assert type(make_bot("best", name)) is type(make_bot(spec, name))
    if spec == "careful":
        return
    above = [duel for duel in measured_duels(name) if duel.top == spec]
    assert any(
        duel.bottom == "careful"
        and duel.unit == "match"
        and duel.low > 0.5
        and duel.decision_mean_s <= BEST_MEAN_S
        and duel.decision_p999_s <= BEST_P999_S
        for duel in above
    )


def test_a_bot_climbs_above_careful_only_by_a_duel_won_in_the_game_s_unit_within_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = next(duel for duel in measured_duels("chinchon") if duel.top == "careful")
    won = attrs.evolve(record, top="search", bottom="careful", low=0.51, share=0.55, high=0.6)
    cases = [
        (won, "search"),
        (attrs.evolve(won, unit="hand"), "careful"),  # single hands: not the game's unit
        (attrs.evolve(won, low=0.49), "careful"),  # no better than careful
        (attrs.evolve(won, decision_mean_s=BEST_MEAN_S * 2), "careful"),  # too slow
        (attrs.evolve(won, decision_p999_s=BEST_P999_S * 2), "careful"),
        (attrs.evolve(won, bottom="greedy"), "careful"),  # not measured against careful
    ]
    for duel, expected in cases:
        duels: tuple[MeasuredDuel, ...] = (record, duel)
        monkeypatch.setattr(strength_module, "_duels", lambda name, duels=duels: duels)
        assert strongest("chinchon", "careful") == expected, duel
