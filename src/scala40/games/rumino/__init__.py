"""Rumino (Ramino, Rumina): the Italian-American rummy of seven cards kept in hand,
knocking on seven points, gin, and the seven-card Rumino that wins the game (RULES Part 4).

A game of the knock family, declared as data (:mod:`~scala40.games._knock.family`): its
ruleset and wording (:mod:`~scala40.games.rumino.rules`), its ``Move`` (the kinds of a game
that knocks, :data:`~scala40.games._knock.moves.KnockMove`) and its ``GameState``.

A turn is a knock (RU-KNOCK) or a draw, then a discard (RU-TURN). A player not on turn
may claim a discard completing his Rumino (RU-RUMINO, when ``rumino_claim`` is
``"decision"``), and a player whose total puts him out may re-enter (RU-ELIM, with
``reentry``). Chance steps (the deal, the restock) are moves too.

>>> from scala40.games import rumino
>>> rumino.parse_move("discard 7h"), str(rumino.parse_move("KNOCK"))
(Discard(card='7H'), 'knock')
>>> rumino.move_to_dict(rumino.parse_move("discard JK"))
{'format': 'scala40.rumino.move', 'version': 2, 'type': 'discard', 'card': 'JK'}
>>> rumino.parse_move("close 7H")
Traceback (most recent call last):
...
scala40.errors.InvalidMoveError: unknown move 'close': expected draw, take, knock, discard, claim, pass, reenter, retire, deal, restock or resign

>>> state = rumino.new_game(players=2, seed=1)
>>> state.game_name, rumino.GAME.title, state.rules.deck.size
('rumino', 'Rumino', 108)
"""

from __future__ import annotations

from typing import Final

import attrs

import scala40.games._knock.shared as shared
from scala40._moved import moved_attribute
from scala40._registry import register_game
from scala40.games._knock.analysis import has_rumino
from scala40.games._knock.family import KnockGameSpec, KnockState, MoveKinds, knock_game
from scala40.games._knock.moves import Claim, Knock, Pass
from scala40.games._knock.moves import KnockMove as Move
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
from scala40.games.rumino import rules
from scala40.games.rumino.rules import *  # noqa: F403 - the ruleset, its presets and options

__all__ = [
    "GAME",
    "KINDS",
    "MOVES",
    "Claim",
    "GameState",
    "Knock",
    "Move",
    "Pass",
    "has_rumino",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "parse_move",
]
__all__ += shared.__all__
__all__ += rules.__all__


@attrs.frozen(repr=False, weakref_slot=False)
class GameState(KnockState[Move, rules.Ruleset]):
    """A whole game of Rumino at one moment (the family's state, its fields and methods:
    :class:`~scala40.games._knock.state.KnockState`)."""

    SPEC = KnockGameSpec(
        name="rumino",
        title="Rumino",
        summary="Italian-American rummy: seven cards, melds kept in hand, knock with 7 "
        "points or less unmatched; a Rumino of seven wins at once; out over 100.",
        aliases=("ramino", "rumina"),
        rule_prefix="RU",
        players=3,
        rule_ids={
            "turn": ("RU-TURN", "RU-KNOCK"),
            "meld": ("RU-MELDS",),
            "score": ("RU-SCORE", "RU-VALUES", "RU-GIN"),
            "end:knock": ("RU-KNOCK", "RU-SCORE", "RU-VALUES"),
            "end:gin": ("RU-KNOCK", "RU-GIN", "RU-SCORE", "RU-VALUES"),
            "end:rumino": ("RU-RUMINO",),
        },
    )


GAME = register_game(knock_game(GameState))
"""The Rumino record of the game registry (:func:`scala40.game.load_game`)."""
KINDS: Final[MoveKinds[Move]] = GameState.KINDS
MOVES: Final = GameState.MOVES
parse_move: Final = KINDS.parse_move
move_to_dict: Final = KINDS.move_to_dict
move_from_dict: Final = KINDS.move_from_dict
new_game: Final = GameState.new

_MOVED: Final = {
    **dict.fromkeys(("GreedyBot", "CarefulBot"), "scala40.bots.knock"),
    "TEXT": "scala40.cli.text.rumino",
}
"""The bots' classes and the wording this package offered until 0.5, and where they are
now."""


def __getattr__(name: str) -> object:
    """A name this package offered until 0.5, with a warning naming its module now."""
    return moved_attribute(__name__, name, _MOVED)
