"""Each game's observation for learners is the adapters', found by the game's name
(:mod:`scala40.adapters.observation`): the library's games by their module, a game of a
program by :func:`~scala40.adapters.observation.register_observation`, and, until the
next release, a record given one the way 0.5 took it (warning)."""

from __future__ import annotations

import importlib

import pytest

import scala40.adapters.observation as registry
from scala40.adapters.observation import observation_of, register_observation
from scala40.adapters.observation.knock import OBSERVATION as KNOCK
from scala40.errors import InvalidArgumentError
from scala40.game import BUILTIN_GAMES, Game, ObservationEncoding, load_game


def test_every_game_of_the_library_has_its_observation_by_name() -> None:
    for name in BUILTIN_GAMES:
        found = observation_of(name)
        assert isinstance(found, ObservationEncoding)
        assert type(found).__module__.startswith("scala40.adapters.observation.")
    assert observation_of("rumino") is observation_of("laconga") is KNOCK


def test_an_observation_registered_for_a_game_is_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry._OBSERVATIONS, "registered", {})
    register_observation("chinchon", observation_of("scala40"))  # type: ignore[arg-type]
    assert observation_of("chinchon") is observation_of("scala40")
    with pytest.raises(InvalidArgumentError, match="expected an ObservationEncoding"):
        register_observation("chinchon", 3)  # type: ignore[arg-type]


def test_an_observation_given_with_the_record_warns_and_is_found() -> None:
    game = load_game("chinchon")
    with pytest.warns(DeprecationWarning, match="register_observation"):
        record = Game(
            "toy-observed",
            "Toy observed",
            "",
            1,
            game.ruleset_type,
            game.new_game,
            game.state_from_dict,
            game.parse_move,
            game.move_from_dict,
            observation=KNOCK,
        )
    assert registry._OBSERVATIONS.look_up(record) is KNOCK


def test_the_old_paths_of_the_observations_warn_and_give_the_new_ones() -> None:
    for name in ("scala40", "skarney"):
        with pytest.warns(DeprecationWarning, match=rf"scala40\.adapters\.observation\.{name}"):
            old = importlib.import_module(f"scala40.games.{name}.observation")
        assert old is importlib.import_module(f"scala40.adapters.observation.{name}")
