"""The games and rulesets a protocol property runs over, as pytest parameters named
``game-preset``: every registered game with each of its presets, and, for the properties
that hold of any game built on the core, the toy game and the example game besides.

Every promise runs over every game in the default run, under the game's default preset;
its other presets are the soak's (``nox -s soak``, which CI runs too): the parameters of
those carry the ``slow`` mark (:func:`soak_unless_default`), so that the default run stays
within minutes as games and presets are added, and nothing goes untested."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from types import ModuleType
from typing import Any

import pytest

from scala40.game import Game, game_names, load_game
from scala40.games._knock.state import KnockState
from tests.adapters.toygame import GAME as TOY
from tests.example_game import load_example

__all__ = [
    "every_game_cases",
    "knock_game_names",
    "knock_packages",
    "one_by_default",
    "one_game_by_default",
    "preset_cases",
    "registered_cases",
    "soak_unless_default",
]


def soak_unless_default(game: Any, preset: str) -> tuple[pytest.MarkDecorator, ...]:
    """The marks of a parameter of ``game`` under ``preset``: none for the game's default
    preset (the default run plays it), ``slow`` for any other (the soak plays it)."""
    default = game.ruleset_type.DEFAULT_PRESET
    return () if preset == default else (pytest.mark.slow,)


def one_game_by_default(default: str) -> list[Any]:
    """Every registered game's name as a parameter: ``default``'s in the default run, the
    others' in the soak. For a test that repeats the same costly work in every game (a
    referee in a process of its own, whole matches over sockets), where the promise suite
    already holds the rules of each: each such test names another game, so that the
    default run still reaches every game, and the soak runs them all."""
    if default not in game_names():
        raise ValueError(f"{default!r} is not a registered game")
    return one_by_default(game_names(), default)


def one_by_default(values: Iterable[Any], default: Any) -> list[Any]:
    """Each of ``values`` as a parameter (its id its text): ``default`` in the default run,
    the others in the soak, as :func:`one_game_by_default` does with the games."""
    values = list(values)
    if default not in values:
        raise ValueError(f"{default!r} is not among {values!r}")
    return [
        pytest.param(value, id=str(value), marks=() if value == default else (pytest.mark.slow,))
        for value in values
    ]


def preset_cases(games: Iterable[Game]) -> list[Any]:
    """``(game, preset)`` for every preset of each of ``games`` (the default preset's in
    the default run, the others' in the soak)."""
    return [
        pytest.param(
            game, preset, id=f"{game.name}-{preset}", marks=soak_unless_default(game, preset)
        )
        for game in games
        for preset in game.ruleset_type.preset_names()
    ]


def registered_cases() -> list[Any]:
    """``(game, preset)`` for every preset of every registered game."""
    return preset_cases(load_game(name) for name in game_names())


def every_game_cases() -> list[Any]:
    """The registered games' cases, the toy game's (``toy``) and the example game's
    (``trio``), each of those two under its default preset."""
    example = load_example().GAME
    return [
        *registered_cases(),
        pytest.param(TOY, TOY.ruleset_type.DEFAULT_PRESET, id="toy"),
        pytest.param(example, example.ruleset_type.DEFAULT_PRESET, id="trio"),
    ]


def knock_packages() -> tuple[ModuleType, ...]:
    """The package of each registered knock game (:func:`knock_game_names`), where its
    ``GameState`` was built."""
    return tuple(
        importlib.import_module(type(load_game(name).new_game(None, 2, 0)).__module__)
        for name in knock_game_names()
    )


def knock_game_names() -> tuple[str, ...]:
    """The registered games of the knock family (Rumino, Chinchón, La Conga and any game
    declared since): those whose states are the family's."""
    return tuple(
        name
        for name in game_names()
        if isinstance(
            load_game(name).new_game(None, load_game(name).default_players, 0), KnockState
        )
    )
