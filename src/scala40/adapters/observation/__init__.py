"""What one seat sees, as numbers and text, for each game: the adapters' part of every
game, found by the game's name.

A game's record holds its rules and formats, never its observation for learners: each
game's encoding (an :class:`~scala40.game.ObservationEncoding`) lives here, one module a
game, and :func:`observation_of` finds it by the game's name, in this order:

* given with :func:`register_observation` (a game made in a program, a test's);
* for a game of the library, in the module ``scala40.adapters.observation.NAME`` by
  convention (:mod:`~scala40.adapters.observation.scala40`,
  :mod:`~scala40.adapters.observation.skarney`, and the knock family's
  :mod:`~scala40.adapters.observation.knock`, which Rumino's, Chinchón's and La Conga's
  modules name);
* for another package's game, through the entry point of the group
  ``scala40.observations`` (:data:`ENTRY_POINT_GROUP`) named as the game, pointing at a
  module that holds ``OBSERVATION``.

A game none of these gives an encoding to is observed through what the protocol alone
tells (:class:`~scala40.adapters.observations.Observer`). What every encoding shares is
in :mod:`~scala40.adapters.observation.base` and
:mod:`~scala40.adapters.observation.rows`.

>>> from scala40.adapters.observation import observation_of
>>> observation_of("chinchon") is observation_of("laconga")
True
"""

from __future__ import annotations

import importlib

from scala40._moved import parts_given_with
from scala40.checks import describe
from scala40.errors import InvalidArgumentError
from scala40.game import BUILTIN_GAMES, Game, ObservationEncoding, load_game

__all__ = ["ENTRY_POINT_GROUP", "observation_of", "register_observation"]

ENTRY_POINT_GROUP = "scala40.observations"
"""The entry-point group through which other packages offer their games' observations
(``GAME_NAME = module``: a module holding ``OBSERVATION``)."""

_REGISTERED: dict[str, ObservationEncoding] = {}
_FOUND: dict[str, ObservationEncoding | None] = {}


def register_observation(game: str | Game, observation: ObservationEncoding) -> None:
    """Give the game ``game`` (its name or its record) its observation for learners,
    before what its module or entry point gives.

    >>> from scala40.adapters.observation import observation_of, register_observation
    >>> register_observation("toy", observation_of("chinchon"))

    :raises InvalidArgumentError: ``game`` is not a game's name or record, or
        ``observation`` not an :class:`~scala40.game.ObservationEncoding`.
    """
    name: object = game.name if isinstance(game, Game) else game
    if not isinstance(name, str) or not name:
        raise InvalidArgumentError(f"expected a game or its name, got {describe(game)}")
    if not isinstance(observation, ObservationEncoding):
        raise InvalidArgumentError(f"expected an ObservationEncoding, got {describe(observation)}")
    _REGISTERED[name] = observation
    _FOUND.pop(name, None)


def observation_of(game: str | Game) -> ObservationEncoding | None:
    """The observation for learners of ``game`` (a registered game, or its name), or
    ``None`` for a game that gives none.

    :raises UnknownGameError: ``game`` names no game.
    :raises InvalidArgumentError: the game's module or entry point holds no
        ``OBSERVATION`` encoding.
    """
    record = load_game(game)
    name = record.name
    found = _REGISTERED.get(name)
    if found is None:
        if name not in _FOUND:
            _FOUND[name] = _find(record)
        found = _FOUND[name]
    return found


def _find(record: Game) -> ObservationEncoding | None:
    """A game's observation where no program registered one: its module, its entry point,
    or (deprecated) its record's."""
    holder: object
    if record.name in BUILTIN_GAMES:
        holder = importlib.import_module(f"scala40.adapters.observation.{record.name}")
    else:
        holder = _entry_point(record.name)
    if holder is None:
        given: object = parts_given_with(record).get("observation")
        return given if isinstance(given, ObservationEncoding) else None
    encoding: object = getattr(holder, "OBSERVATION", None)
    if not isinstance(encoding, ObservationEncoding):
        raise InvalidArgumentError(
            f"the observation of the game {record.name!r} is no ObservationEncoding, "
            f"got {describe(encoding)}"
        )
    return encoding


def _entry_point(name: str) -> object:
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name == name:
            return point.load()
    return None
