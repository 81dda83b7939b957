"""A layer's part of every game, found by the game's name (internal; the layers' own
modules say what each part is: :mod:`scala40.bots.registry`,
:mod:`scala40.adapters.observation`, :mod:`scala40.texts`).

A game's record holds its rules and formats; the layers above hold what they make of a
game (its bots, its observation for learners, its words), each in one module a game,
and find it by the game's name, as python-chess finds a variant: given by a program
(:meth:`PartsByGame.register`); for a game of the library, in the module ``PACKAGE.NAME``
by convention; for another package's game, through an entry point named as the game,
as games are offered (``scala40.games``) and commands (``scala40.commands``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Generic, TypeVar

from scala40._registry import BUILTIN_GAMES, Game, load_game
from scala40.checks import describe
from scala40.errors import InvalidArgumentError

__all__ = ["PartsByGame"]

Part = TypeVar("Part")


class PartsByGame(Generic[Part]):
    """One layer's part of every game, by the game's name: what :meth:`register` was
    given; else the module ``package.NAME`` of a game of the library, or the object the
    entry point of ``group`` named as the game loads, made a part by ``read``; else what
    ``fallback`` makes of the game's record (the part it was given the way 0.5 took it,
    or none). Each part is found once and kept."""

    def __init__(
        self,
        package: str,
        group: str,
        read: Callable[[object], Part],
        fallback: Callable[[Game], Part],
    ) -> None:
        self.package = package
        self.group = group
        self.read = read
        self.fallback = fallback
        self.registered: dict[str, Part] = {}
        self._found: dict[str, Part] = {}

    def register(self, game: str | Game, part: Part) -> Part:
        """Give the game ``game`` (its name or its record) its part, before what its
        module or entry point gives; returns the part.

        :raises InvalidArgumentError: ``game`` is not a game's name or record.
        """
        name: object = game.name if isinstance(game, Game) else game
        if not isinstance(name, str) or not name:
            raise InvalidArgumentError(f"expected a game or its name, got {describe(game)}")
        self.registered[name] = part
        self._found.pop(name, None)
        return part

    def of(self, game: str | Game) -> Part:
        """The part of ``game`` (a registered game, or its name).

        :raises UnknownGameError: ``game`` names no game.
        """
        record = load_game(game)
        if record.name in self.registered:
            return self.registered[record.name]
        if record.name not in self._found:
            self._found[record.name] = self.look_up(record)
        return self._found[record.name]

    def look_up(self, record: Game) -> Part:
        """The part of the game ``record`` where no program registered one."""
        if record.name in BUILTIN_GAMES:
            return self.read(importlib.import_module(f"{self.package}.{record.name}"))
        for point in entry_points(group=self.group):
            if point.name == record.name:
                return self.read(point.load())
        return self.fallback(record)
