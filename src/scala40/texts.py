"""The command line's words for each game (a :class:`~scala40.game.GameText`), found by
the game's name: the command line's part of every game.

A game's record holds its rules and formats, never its words: each game's wording lives
with the command line (:mod:`scala40.cli.text`), and :func:`text_of` finds it by the
game's name, in this order:

* given with :func:`register_text` (a game made in a program, a test's);
* for a game of the library, in the module ``scala40.cli.text.NAME`` by convention;
* for another package's game, through the entry point of the group ``scala40.texts``
  (:data:`ENTRY_POINT_GROUP`) named as the game, pointing at a module that holds
  ``TEXT``.

A game none of these gives words to is written in the default words
(:class:`~scala40.game.GameText`: the state's own text and the moves' notation), so that
every registered game plays and replays on the command line. The tools that write a
game for people (the command line, ``scala40 check``'s verdicts, the conformance
corpus, the environments' boards) read its words here.

>>> from scala40.texts import text_of
>>> text_of("chinchon").move_help.splitlines()[0].split()[0]
'draw'
>>> type(text_of("scala40")).__name__
'Scala40Text'
"""

from __future__ import annotations

import importlib

from scala40._moved import parts_given_with
from scala40.checks import describe
from scala40.errors import InvalidArgumentError
from scala40.game import BUILTIN_GAMES, Game, GameText, load_game

__all__ = ["ENTRY_POINT_GROUP", "register_text", "text_of"]

ENTRY_POINT_GROUP = "scala40.texts"
"""The entry-point group through which other packages offer their games' words
(``GAME_NAME = module``: a module holding ``TEXT``)."""

_REGISTERED: dict[str, GameText] = {}
_FOUND: dict[str, GameText] = {}
_DEFAULT = GameText()


def register_text(game: str | Game, text: GameText) -> None:
    """Give the game ``game`` (its name or its record) its words on the command line,
    before what its module or entry point gives.

    >>> from scala40.game import GameText
    >>> from scala40.texts import register_text, text_of
    >>> register_text("toy", GameText())

    :raises InvalidArgumentError: ``game`` is not a game's name or record, or ``text``
        not a :class:`~scala40.game.GameText`.
    """
    name: object = game.name if isinstance(game, Game) else game
    if not isinstance(name, str) or not name:
        raise InvalidArgumentError(f"expected a game or its name, got {describe(game)}")
    if not isinstance(text, GameText):
        raise InvalidArgumentError(f"expected a GameText, got {describe(text)}")
    _REGISTERED[name] = text
    _FOUND.pop(name, None)


def text_of(game: str | Game) -> GameText:
    """The words of ``game`` (a registered game, or its name) on the command line: its
    own, or the default words.

    :raises UnknownGameError: ``game`` names no game.
    :raises InvalidArgumentError: the game's module or entry point holds no ``TEXT``
        wording.
    """
    record = load_game(game)
    name = record.name
    found = _REGISTERED.get(name)
    if found is None:
        found = _FOUND.get(name)
    if found is None:
        found = _FOUND[name] = _find(record)
    return found


def _find(record: Game) -> GameText:
    """A game's words where no program registered them: its module, its entry point, or
    (deprecated) its record's."""
    holder: object
    if record.name in BUILTIN_GAMES:
        holder = importlib.import_module(f"scala40.cli.text.{record.name}")
    else:
        holder = _entry_point(record.name)
    if holder is None:
        given: object = parts_given_with(record).get("text")
        return given if isinstance(given, GameText) else _DEFAULT
    text: object = getattr(holder, "TEXT", None)
    if not isinstance(text, GameText):
        raise InvalidArgumentError(
            f"the words of the game {record.name!r} are no GameText, got {describe(text)}"
        )
    return text


def _entry_point(name: str) -> object:
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name == name:
            return point.load()
    return None
