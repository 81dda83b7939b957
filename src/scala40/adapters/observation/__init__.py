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

from scala40._by_game import PartsByGame
from scala40._moved import parts_given_with
from scala40.checks import describe
from scala40.errors import InvalidArgumentError
from scala40.game import Game, ObservationEncoding

__all__ = ["ENTRY_POINT_GROUP", "observation_of", "register_observation"]

ENTRY_POINT_GROUP = "scala40.observations"
"""The entry-point group through which other packages offer their games' observations
(``GAME_NAME = module``: a module holding ``OBSERVATION``)."""


def _checked(encoding: object) -> ObservationEncoding:
    if not isinstance(encoding, ObservationEncoding):
        raise InvalidArgumentError(f"expected an ObservationEncoding, got {describe(encoding)}")
    return encoding


def _read(holder: object) -> ObservationEncoding | None:
    """The observation a game's module (or the object of its entry point) holds."""
    return _checked(getattr(holder, "OBSERVATION", None))


def _given(record: Game) -> ObservationEncoding | None:
    """The observation a game's record was given the way 0.5 took it, or none."""
    given: object = parts_given_with(record).get("observation")
    return given if isinstance(given, ObservationEncoding) else None


_OBSERVATIONS: PartsByGame[ObservationEncoding | None] = PartsByGame(
    "scala40.adapters.observation", ENTRY_POINT_GROUP, _read, _given
)


def register_observation(game: str | Game, observation: ObservationEncoding) -> None:
    """Give the game ``game`` (its name or its record) its observation for learners,
    before what its module or entry point gives.

    >>> from scala40.adapters.observation import observation_of, register_observation
    >>> register_observation("toy", observation_of("chinchon"))

    :raises InvalidArgumentError: ``game`` is not a game's name or record, or
        ``observation`` not an :class:`~scala40.game.ObservationEncoding`.
    """
    _OBSERVATIONS.register(game, _checked(observation))


def observation_of(game: str | Game) -> ObservationEncoding | None:
    """The observation for learners of ``game`` (a registered game, or its name), or
    ``None`` for a game that gives none.

    :raises UnknownGameError: ``game`` names no game.
    :raises InvalidArgumentError: the game's module or entry point holds no
        ``OBSERVATION`` encoding.
    """
    return _OBSERVATIONS.of(game)
