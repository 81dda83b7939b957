"""Each game's own bots, found by the game's name: the bots layer's part of every game.

A game's record holds its rules and formats, never its bots: the bots of a game live
in the bots layer, and this registry finds them by the game's name, so that a game's
rules and legal moves load no bot, and no game names a bot. A game's bots are found,
in this order:

* given with :func:`register_bots` (a game made in a program, a test's);
* for a game of the library, in the module ``scala40.bots.NAME`` by convention
  (``scala40.bots.scala40``, ``scala40.bots.chinchon``...);
* for another package's game, through the entry point of the group
  ``scala40.bots`` (:data:`ENTRY_POINT_GROUP`) named as the game, as its game is
  offered through ``scala40.games`` and its commands through ``scala40.commands``:
  ``[project.entry-points."scala40.bots"] toy = "toy.bots"``.

Such a module (or the object the entry point names) holds ``BOTS``, the game's own bots
by name (a greedy bot at least; each factory takes the bot's options as keywords), and
may hold ``SEARCH_TUNING`` (:class:`~scala40.game.SearchTuning`: what the strongest bot
spends on a decision of the game) and ``LEAST_DEADWOOD`` (how a bot values a whole hand,
:attr:`GameBots.least_deadwood`). A game none of these gives bots to plays the generic
bots alone (:mod:`scala40.bots.generic`).

>>> from scala40.bots.registry import game_bots_of
>>> list(game_bots_of("chinchon").bots), game_bots_of("skarney").search_tuning
(['greedy', 'careful'], SearchTuning(worlds=8, candidates=None))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from scala40._by_game import PartsByGame
from scala40._moved import parts_given_with
from scala40.checks import describe
from scala40.errors import InvalidArgumentError, InvalidBotSpecError
from scala40.game import Game, SearchTuning

__all__ = ["ENTRY_POINT_GROUP", "GameBots", "game_bots_of", "register_bots"]

ENTRY_POINT_GROUP = "scala40.bots"
"""The entry-point group through which other packages offer their games' bots
(``GAME_NAME = module``: a module holding ``BOTS``, and optionally ``SEARCH_TUNING`` and
``LEAST_DEADWOOD``)."""


def _factories(bots: Mapping[str, Callable[..., Any]]) -> Mapping[str, Callable[..., Any]]:
    given: object = bots
    if not isinstance(given, Mapping) or not all(
        isinstance(name, str) and callable(factory) for name, factory in given.items()
    ):
        raise InvalidArgumentError(f"expected bot factories by name, got {describe(bots)}")
    return MappingProxyType(dict(bots))


def _least(least: Callable[[Any, Any], int] | None) -> Callable[[Any, Any], int] | None:
    if least is not None and not callable(least):
        raise InvalidArgumentError(
            f"expected least_deadwood(cards, rules) or None, got {describe(least)}"
        )
    return least


def _tuning(tuning: SearchTuning | None) -> SearchTuning:
    if tuning is None:
        return SearchTuning()
    if not isinstance(tuning, SearchTuning):
        raise InvalidArgumentError(f"expected a SearchTuning, got {describe(tuning)}")
    return tuning


@attrs.frozen
class GameBots:
    """One game's own bots, by name, what the strongest bot spends on a decision of it,
    and how a bot values a whole hand of it.

    >>> from scala40.bots.registry import GameBots
    >>> GameBots({}).search_tuning
    SearchTuning(worlds=None, candidates=None)

    :raises InvalidArgumentError: ``bots`` is not a mapping of names to factories,
        ``search_tuning`` not a :class:`~scala40.game.SearchTuning`, or
        ``least_deadwood`` neither callable nor ``None``.
    """

    bots: Mapping[str, Callable[..., Any]] = attrs.field(converter=_factories)
    """The game's own bots by name (the generic ones are added around them,
    :func:`scala40.bots.bot_factories`)."""
    search_tuning: SearchTuning = attrs.field(default=None, converter=_tuning)
    """What the strongest bot (``best``) spends on a decision of the game, where the
    search's defaults do not fit it."""
    least_deadwood: Callable[[Any, Any], int] | None = attrs.field(default=None, converter=_least)
    """``least_deadwood(cards, rules)``: the least ``hand_value`` the cards can be left
    with once the melds they hold are put down (no table meld extended, no opening
    threshold or contract asked): how far a hand is from going out, in the points it
    would count, ``0`` for a hand that melds whole. A bot values a whole hand with it
    (docs/guides/write-a-bot.rst); every game of the library gives it, ``None`` for a game
    that does not. It validates its cards and bounds its work as any public function.

    >>> from scala40.bots.registry import game_bots_of
    >>> from scala40.games.chinchon import Ruleset
    >>> game_bots_of("chinchon").least_deadwood("AS 2S 3S 7C 7H", Ruleset.default())
    14
    """


def _read(holder: object) -> GameBots:
    """The bots a game's module (or the object of its entry point) holds."""
    try:
        return GameBots(
            getattr(holder, "BOTS", None),  # type: ignore[arg-type]
            getattr(holder, "SEARCH_TUNING", None),
            getattr(holder, "LEAST_DEADWOOD", None),
        )
    except InvalidArgumentError as error:
        raise InvalidBotSpecError(
            f"a game's bots module holds no bots, or a part the layer cannot read: {error}"
        ) from None


def _given(record: Game) -> GameBots:
    """The bots a game's record was given the way 0.5 took them, or none."""
    given = parts_given_with(record)
    return GameBots(given.get("bots", {}), given.get("search_tuning"), given.get("least_deadwood"))


_BOTS: PartsByGame[GameBots] = PartsByGame("scala40.bots", ENTRY_POINT_GROUP, _read, _given)
_REGISTERED = _BOTS.registered


def register_bots(
    game: str | Game,
    bots: Mapping[str, Callable[..., Any]],
    *,
    search_tuning: SearchTuning | None = None,
    least_deadwood: Callable[[Any, Any], int] | None = None,
) -> GameBots:
    """Give the game ``game`` (its name or its record) its own bots, by name (and how a
    bot values a whole hand of it, :attr:`GameBots.least_deadwood`); returns them. What is given here comes before what the game's module or entry point gives.

    >>> from scala40.bots.generic import RandomBot
    >>> from scala40.bots.registry import register_bots
    >>> register_bots("toy", {"greedy": RandomBot}).bots["greedy"] is RandomBot
    True

    :raises InvalidArgumentError: ``game`` is not a game's name or record, ``bots`` not
        a mapping of names to factories, or ``least_deadwood`` not callable.
    """
    return _BOTS.register(game, GameBots(bots, search_tuning, least_deadwood))


def game_bots_of(game: str | Game) -> GameBots:
    """The bots of ``game`` (a registered game, or its name): its own bots, its search
    tuning and its ``least_deadwood`` (none, the defaults and ``None`` for a game that
    gives none).

    :raises UnknownGameError: ``game`` names no game.
    :raises InvalidBotSpecError: the game's bots module or entry point holds no
        ``BOTS`` mapping of names to factories.
    """
    return _BOTS.of(game)
