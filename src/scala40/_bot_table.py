"""A game's bots by name, each loaded the first time it is asked for (internal; the
names are :mod:`scala40.game`'s).

A game's record (:attr:`~scala40.game.Game.bots`) names its bots, each by its factory
or by where it lives, as data (:class:`~scala40.game.BotRef`: a module and a name in it,
as an entry point's ``module:attribute``); the table (:class:`~scala40.game.BotTable`)
imports a bot's module the first time the bot is asked for and keeps the factory, so
that a game's rules and legal moves load no bot. The loading is here, in a module the
compiled build leaves pure (no game's compiled module holds a table or loads a bot).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any

import attrs

from scala40.checks import describe
from scala40.errors import InvalidArgumentError, InvalidBotSpecError

__all__ = ["BotRef", "BotTable"]


_MAX_BOT_PATH = 500
"""The longest module path or attribute name a :class:`~scala40.game.BotRef` takes, in
characters."""


def _dotted_name(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """Refuse what is not a module's dotted name (``module``) or a name (``attribute``)."""
    parts = value.split(".") if isinstance(value, str) and len(value) <= _MAX_BOT_PATH else ()
    if attribute.name == "attribute" and len(parts) != 1:
        parts = ()
    if not (parts and all(part.isidentifier() for part in parts)):
        words = "a module's dotted name" if attribute.name == "module" else "a name"
        raise InvalidArgumentError(
            f"a bot's {attribute.name} is {words} of at most {_MAX_BOT_PATH} characters, "
            f"got {describe(value)}"
        )


@attrs.frozen
class BotRef:
    """Where one of a game's bots lives, as data: the module and the name in it of the
    bot's factory (its class). A game's record names its bots by these
    (:attr:`~scala40.game.Game.bots`), so that playing by its rules loads no bot: the
    module is imported the first time the bot is asked for, as an entry point's
    ``module:attribute`` is.

    >>> from scala40.game import BotRef
    >>> ref = BotRef("scala40.games.scala40.bots", "GreedyBot")
    >>> ref.load().__name__, str(ref)
    ('GreedyBot', 'scala40.games.scala40.bots:GreedyBot')
    >>> BotRef("scala40.games.scala40.bots", "Greedy Bot")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidArgumentError: a bot's attribute is a name of at most 500 characters, got 'Greedy Bot'

    :raises InvalidArgumentError: ``module`` is not a dotted name of a module, or
        ``attribute`` not a name (each of at most 500 characters).
    """

    module: str = attrs.field(validator=_dotted_name)
    """The module that holds the bot (``"scala40.games.scala40.bots"``)."""
    attribute: str = attrs.field(validator=_dotted_name)
    """The name of the bot's factory in that module (``"GreedyBot"``)."""

    def __str__(self) -> str:
        return f"{self.module}:{self.attribute}"

    def load(self) -> Callable[..., Any]:
        """The bot's factory, its module imported if it is not yet (Python keeps a module
        once imported: the next call finds it at once).

        :raises InvalidBotSpecError: the module cannot be imported, or holds no factory
            of that name.
        """
        try:
            module = importlib.import_module(self.module)
        except ImportError as error:
            raise InvalidBotSpecError(f"the bot {self} cannot be loaded: {error}") from None
        factory: object = getattr(module, self.attribute, None)
        if not callable(factory):
            raise InvalidBotSpecError(
                f"the bot {self} cannot be loaded: {self.module} holds no bot factory "
                f"named {self.attribute!r}"
            )
        return factory


class BotTable(Mapping[str, Callable[..., Any]]):
    """A game's own bots by name (:attr:`~scala40.game.Game.bots`), in the order declared:
    each a factory given as itself or as a :class:`~scala40.game.BotRef`, loaded the first
    time it is asked for (``table[name]``, ``table.get(name)``) and kept in the table from
    then on. Its names, their order, ``len`` and ``in`` load nothing.

    >>> from scala40.game import BotRef, BotTable
    >>> table = BotTable({"greedy": BotRef("scala40.games.scala40.bots", "GreedyBot")})
    >>> list(table), "greedy" in table, table.loaded("greedy")
    (['greedy'], True, False)
    >>> table["greedy"].__name__, table.loaded("greedy")
    ('GreedyBot', True)
    >>> table.where("greedy")
    BotRef(module='scala40.games.scala40.bots', attribute='GreedyBot')

    :raises InvalidArgumentError: ``bots`` is not a mapping of names (texts) to factories
        or :class:`~scala40.game.BotRef` values.
    """

    __slots__ = ("_declared", "_loaded")

    def __init__(self, bots: Mapping[str, Callable[..., Any] | BotRef]) -> None:
        given: object = bots
        if not isinstance(given, Mapping) or not all(
            isinstance(name, str) and (isinstance(bot, BotRef) or callable(bot))
            for name, bot in given.items()
        ):
            raise InvalidArgumentError(
                f"expected bot factories or BotRef values by name, got {describe(bots)}"
            )
        self._declared: dict[str, Callable[..., Any] | BotRef] = dict(bots)
        # Each factory once found, by name: where a game's bots are kept once loaded.
        self._loaded: dict[str, Callable[..., Any]] = {
            name: bot for name, bot in self._declared.items() if not isinstance(bot, BotRef)
        }

    def __getitem__(self, name: str) -> Callable[..., Any]:
        factory = self._loaded.get(name)
        if factory is None:
            declared = self._declared[name]  # a name not declared: KeyError, as a mapping
            assert isinstance(declared, BotRef)  # the factories given as themselves are kept
            factory = self._loaded[name] = declared.load()
        return factory

    def __contains__(self, name: object) -> bool:
        return name in self._declared

    def __iter__(self) -> Iterator[str]:
        return iter(self._declared)

    def __len__(self) -> int:
        return len(self._declared)

    def __repr__(self) -> str:
        return f"BotTable({self._declared!r})"

    def where(self, name: str) -> BotRef | None:
        """Where the bot ``name`` is loaded from, or ``None`` for a factory given as
        itself.

        :raises KeyError: the table has no bot ``name``.
        """
        declared = self._declared[name]
        return declared if isinstance(declared, BotRef) else None

    def loaded(self, name: str) -> bool:
        """Whether the bot ``name``'s factory is at hand (loaded, or given as itself).

        :raises KeyError: the table has no bot ``name``.
        """
        if name not in self._declared:
            raise KeyError(name)
        return name in self._loaded

    def by_attribute(self, name: str, module: str, offered: Collection[str]) -> Callable[..., Any]:
        """The factory a game's package offers as its attribute ``name`` (its class's name,
        ``GreedyBot``, one of the names ``offered``: the package's ``__all__``), loaded as
        by its bot's name: what the package's module ``__getattr__`` answers, so that
        ``from scala40.games.chinchon import GreedyBot`` loads the bot when asked for and
        importing the package does not.

        >>> from scala40.game import load_game
        >>> load_game("chinchon").bots.by_attribute("GreedyBot", "chinchon", ["GreedyBot"])
        <class 'scala40.games._knock.bots.GreedyBot'>

        :raises AttributeError: ``name`` is not ``offered``, or no bot of the table is
            loaded from an attribute ``name`` (the message names ``module``, as Python's
            own does).
        """
        if name in offered:
            for bot, declared in self._declared.items():
                if isinstance(declared, BotRef) and declared.attribute == name:
                    return self[bot]
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
