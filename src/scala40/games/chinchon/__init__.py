"""Chinchón: the Spanish rummy of seven cards and a 40-card Spanish pack, closing with
5 points or less unmatched, where seven in a row of one suit wins the game (RULES Part 5).

A game of the knock family (:mod:`scala40.games._knock`), declared as a variant: its
``GameState`` names its ruleset and wording (:mod:`~scala40.games.chinchon.rules`), its own
class for each move kind it allows (:mod:`~scala40.games.chinchon.moves`), its title and
summary; the state's engine, the view and the bot are the family's.

A turn is a draw then a discard, or a close (CH-TURN, CH-CLOSE).
A close names the card discarded face down and the melds shown:
``close KS : AC 2C 3C / 5S 5H JK=5D`` (the other cards are unmatched). A player whose
total reached the limit may re-enter (CH-END). Chance steps (the deal, the restock)
are moves too.

>>> from scala40.games import chinchon
>>> move = chinchon.parse_move("close ks : 3c 2c ac / 5s 5h jk=5d")
>>> move.card, str(move)
(12, 'close KS : 5S 5H JK=5D / 3C 2C AC')
>>> chinchon.move_to_dict(chinchon.parse_move("close 7D : AC 2C 3C / 5S 5H 5C / JD QD KD"))["melds"]
['5S 5H 5C', 'JD QD KD', 'AC 2C 3C']
>>> chinchon.parse_move("knock")
Traceback (most recent call last):
...
scala40.errors.InvalidMoveError: unknown move 'knock': expected draw, take, discard, close, reenter, retire, deal, restock or resign

>>> state = chinchon.new_game(players=2, seed=1)
>>> state.game_name, chinchon.GAME.title, state.rules.deck.size
('chinchon', 'Chinchón', 40)
"""

from __future__ import annotations

import attrs

from scala40.game import register_game
from scala40.games._knock import shared
from scala40.games._knock.family import knock_game
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
from scala40.games._knock.state import KnockState
from scala40.games.chinchon import moves, rules
from scala40.games.chinchon.moves import *  # noqa: F403 - the game's moves and their codecs
from scala40.games.chinchon.rules import *  # noqa: F403 - the ruleset, its presets and options

__all__ = ["GAME", "GameState", "new_game"]
__all__ += moves.__all__
__all__ += rules.__all__
__all__ += shared.__all__


@attrs.frozen(repr=False)
class GameState(KnockState):
    """A whole game of Chinchón at one moment (see the shared ``KnockState`` for its fields
    and methods)."""

    KINDS = moves.KINDS
    RULESET = rules.Ruleset
    TEXT = rules.TEXT
    TITLE = "Chinchón"
    SUMMARY = (
        "Spanish rummy: a 40-card Spanish pack, seven cards, close with 5 points or "
        "less unmatched (the others lay off on your melds); seven in a row wins; 100 ends it."
    )
    ALIASES = ("chinchón", "txintxon")
    DEFAULT_PLAYERS = 2


new_game = GameState.new
"""A new game of Chinchón (:meth:`~scala40.games._knock.state.KnockState.new`)."""

GAME = register_game(knock_game(GameState))
"""The Chinchón record of the game registry (:func:`scala40.game.load_game`)."""
