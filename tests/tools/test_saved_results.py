"""Tournament results and game records as JSON: round trips, and every malformed field
refused with a library error that names it."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scala40.errors import InvalidArgumentError, Scala40Error, SerializationError
from scala40.game import load_game
from scala40.games.scala40.rules import Ruleset
from scala40.records import MAX_NAME_LENGTH, MAX_RECORD_MOVES, GameRecord
from scala40.tournament import BotStats, GameResult, TournamentResult, run_tournament


@pytest.fixture(scope="module")
def partnership() -> TournamentResult:
    """A small Skarney tournament: partnerships, higher scores better."""
    return run_tournament(2, ["greedy", "random"], players=4, game="skarney", seed=10**30,
                          workers=1, max_actions=120)  # fmt: skip


@pytest.fixture(scope="module")
def single() -> TournamentResult:
    return run_tournament(3, ["greedy", "random", "random"], players=2, match="single",
                          seed=-7, workers=1)  # fmt: skip


def _round_trip(result: TournamentResult) -> TournamentResult:
    return TournamentResult.from_dict(json.loads(json.dumps(result.to_dict())))


def test_results_round_trip(partnership: TournamentResult, single: TournamentResult) -> None:
    for result in (partnership, single):
        again = _round_trip(result)
        assert again == result
        assert again.stats == result.stats
        assert [game.decision_seconds for game in again.games] == [
            game.decision_seconds for game in result.games
        ]
        assert again.summary() == result.summary()
    data = partnership.to_dict()
    assert data["seed"] == str(10**30)
    assert data["games"][0]["teams"] == [[0, 2], [1, 3]]
    assert data["stats"][0]["score_order"] == "high"
    assert single.to_dict()["bots"] == ["greedy", "random", "random#2"]
    assert single.to_dict()["seed"] == "-7"


def test_an_empty_tournament_round_trips() -> None:
    empty = TournamentResult(("greedy",), Ruleset(), 2, 0, ())
    assert _round_trip(empty) == empty
    assert empty.to_dict()["stats"][0]["win_interval"] == [0.0, 1.0]


def test_a_game_and_a_bot_as_dictionaries() -> None:
    game = GameResult(3, 2**64 - 1, (1, 0), (1,), (30, 0), 80, 2, True, (40, 40), (0.5, 0.25))
    assert game.to_dict() == {
        "index": 3, "seed": str(2**64 - 1), "seats": [1, 0], "winners": [1], "scores": [30, 0],
        "actions": 80, "hands": 2, "finished": True, "decisions": [40, 40],
        "decision_seconds": [0.5, 0.25], "teams": [],
    }  # fmt: skip
    stats = BotStats("greedy", 10, 5, 12.5, 60.0, 2.0, 100, 0.5).to_dict()
    assert stats["win_rate"] == 0.5
    assert stats["seconds_per_decision"] == 0.005
    assert stats["win_interval"] == list(BotStats("x", 10, 5, 0, 0, 0).win_interval)


Change = Callable[[dict[str, Any]], object]


def _set(path: str, value: object) -> Change:
    """A change that sets the field at ``path`` (keys and indexes separated by dots)."""

    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return change


def _drop(name: str) -> Change:
    return lambda data: data.pop(name)


BROKEN: list[tuple[str, Change, str]] = [
    ("format", _set("format", "scala40.record"), "expected format 'scala40.tournament'"),
    ("version", _set("version", 2), "unsupported version 2, expected 1"),
    ("missing", _drop("stats"), "missing ['stats']"),
    ("unknown", _set("extra", 1), "unknown ['extra']"),
    ("game", _set("game", "bridge"), "no game named 'bridge'"),
    ("game type", _set("game", 7), "game must be a game's name, got 7"),
    ("game alias", _set("game", "scala-40"), "game must be written 'scala40'"),
    ("rules", _set("rules", {"format": "scala40.ruleset"}), "unsupported version None"),
    ("players", _set("players", 9), "players must be an integer from 2 to 6, got 9"),
    ("seed", _set("seed", 7), "seed must be a whole number written as text, got 7"),
    ("seed digits", _set("seed", "1" * 41), "seed must be a whole number written as text"),
    ("seed text", _set("seed", "-"), "seed must be a whole number written as text"),
    ("bots", _set("bots", []), "bots must be a list of 1 to 64 different names"),
    ("bots twice", _set("bots", ["a", "a", "b"]), "different names"),
    ("games", _set("games", {}), "games must be a list of at most"),
    ("game entry", _set("games.0", []), "games[0] must be a mapping, got []"),
    ("index", _set("games.1.index", 0), "games[1].index must be 1, got 0"),
    ("index type", _set("games.0.index", False), "games[0].index must be 0, got False"),
    ("game seed", _set("games.0.seed", str(2**64)), "games[0].seed must be from 0 to"),
    ("seats", _set("games.0.seats", [0]), "games[0].seats must be a list of 2 integers"),
    ("seat", _set("games.0.seats", [0, 3]), "games[0].seats must be an integer from 0 to 2"),
    ("winners", _set("games.0.winners", [0, 0]), "games[0].winners names a seat twice"),
    ("winner", _set("games.0.winners", [2]), "games[0].winners must be an integer from 0 to 1"),
    ("finished", _set("games.0.finished", 1), "games[0].finished must be true or false"),
    ("unfinished", _set("games.0.finished", False), "games[0] has winners but is not finished"),
    ("scores", _set("games.0.scores", [True, 0]), "games[0].scores must be an integer"),
    ("actions", _set("games.0.actions", -1), "games[0].actions must be an integer from 0"),
    ("decisions", _set("games.0.decisions", [1]), "games[0].decisions must be a list of 2"),
    ("seconds", _set("games.0.decision_seconds", [-1, 0]), "decision_seconds must be a list"),
    ("teams", _set("games.0.teams", [[0], [0]]), "games[0].teams must share out the seats"),
    ("teams type", _set("games.0.teams", {}), "games[0].teams must be a list of sides"),
    ("stats", _set("stats", []), "stats must be a list of 3 bots' stats"),
    ("stats fields", _set("stats.0", {"name": "greedy"}), "stats of 'greedy' must have"),
    ("stats wins", _set("stats.0.wins", 99), "stats of 'greedy': wins is 99, but the games"),
    ("stats rate", _set("stats.1.win_rate", 0.9), "stats of 'random': win_rate is 0.9"),
]


@pytest.mark.parametrize(("change", "message"), [case[1:] for case in BROKEN],
                         ids=[case[0] for case in BROKEN])  # fmt: skip
def test_broken_results_are_refused(
    single: TournamentResult, change: Change, message: str
) -> None:
    data = copy.deepcopy(single.to_dict())
    change(data)
    with pytest.raises(SerializationError) as error:
        TournamentResult.from_dict(data)
    assert message in str(error.value)
    assert str(error.value).startswith("tournament: ")


@pytest.mark.parametrize("data", [None, [], "x", {"format": "scala40.tournament"}])
def test_results_that_are_not_results(data: Any) -> None:
    with pytest.raises(SerializationError, match=r"^tournament: "):
        TournamentResult.from_dict(data)


def test_floats_read_back_up_to_rounding(single: TournamentResult) -> None:
    data = single.to_dict()
    data["stats"][0]["mean_score"] *= 1 + 1e-12
    assert TournamentResult.from_dict(data) == single


# ---------------------------------------------------------------- records name the players


def test_records_keep_who_played_each_seat() -> None:
    record = GameRecord.start("official", 3, 4, names=("human", "greedy", "random"))
    state = record.final_state()
    record = record.append(state, state.legal_moves()[0])
    data = json.loads(json.dumps(record.to_dict()))
    assert data["names"] == ["human", "greedy", "random"]
    again = GameRecord.from_dict(data)
    assert again == record
    assert again.names == ("human", "greedy", "random")
    assert "names" not in GameRecord.start("official", 2, 4).to_dict()


@pytest.mark.parametrize(
    "names",
    [("human",), ("human", ""), ("human", 3), ("a", "b\nc"), ("a", "x" * (MAX_NAME_LENGTH + 1))],
)
def test_bad_names_are_refused(names: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="names must be a tuple of 2 names"):
        GameRecord(Ruleset(), 2, 0, names=names)
    with pytest.raises(InvalidArgumentError, match="names must be a tuple of 2 names"):
        GameRecord(Ruleset(), 2, 0, names=list(names))  # type: ignore[arg-type]
    data = GameRecord.start("official", 2, 0).to_dict()
    data["names"] = list(names)
    with pytest.raises(SerializationError, match=r"^record: "):
        GameRecord.from_dict(data)


def test_names_must_be_a_list_in_a_record() -> None:
    data = GameRecord.start("official", 2, 0).to_dict()
    data["names"] = "human greedy"
    with pytest.raises(SerializationError, match="names must be a list of names"):
        GameRecord.from_dict(data)
    old = {key: value for key, value in data.items() if key not in ("game", "game_version")}
    old["version"] = 1
    with pytest.raises(SerializationError, match="expected fields"):
        GameRecord.from_dict(old)


# ---------------------------------------------------------------- rulesets


def test_a_ruleset_with_an_unknown_field_is_refused() -> None:
    data = {**Ruleset().to_dict(), "comment": "house rules"}
    with pytest.raises(SerializationError, match=r"^ruleset: unknown fields \['comment'\]"):
        Ruleset.from_dict(data)


def test_option_ranges() -> None:
    game = load_game("chinchon")
    assert game.ruleset_type.option_range("packs") == (1, 2)
    assert game.ruleset_type.option_range("deck_size") is None  # a choice, not a range
    assert Ruleset.option_range("min_players") == (2, 10**9)
    with pytest.raises(Scala40Error, match="unknown option 'speed'"):
        Ruleset.option_range("speed")


def test_the_pages_give_the_bound_of_a_record() -> None:
    # The figure beside MAX_RECORD_MOVES on the pages that name it is the bound itself.
    docs = Path(__file__).resolve().parents[2] / "docs"
    for page in ("errors.rst", "untrusted.rst"):
        text = " ".join((docs / page).read_text(encoding="utf-8").split())
        near = text[
            text.index("``MAX_RECORD_MOVES``") - 40 : text.index("``MAX_RECORD_MOVES``") + 40
        ]
        assert f"{MAX_RECORD_MOVES:,}" in near, (page, near)
