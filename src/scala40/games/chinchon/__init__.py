"""Chinchón: the Spanish rummy of seven cards and a 40-card Spanish pack, closing with
5 points or less unmatched, where seven in a row of one suit wins the game (RULES Part 5).

A game of the knock family (:mod:`scala40.games._knock`): its move classes, state, view
and bot are the family's; what is its own is its ruleset and wording
(:mod:`~scala40.games.chinchon.rules`), the move kinds it allows, and this registration.

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

from typing import TYPE_CHECKING

from scala40.games._knock import package, shared
from scala40.games._knock.family import knock_package
from scala40.games._knock.moves import CLOSE_KINDS
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
from scala40.games.chinchon import rules
from scala40.games.chinchon.rules import *  # noqa: F403 - the ruleset, its presets and options

if TYPE_CHECKING:  # the names knock_package binds below, as type checkers see them
    from scala40.games._knock.moves import Close
    from scala40.games._knock.package import *  # noqa: F403

__all__ = ["GAME", "Close"]
__all__ += package.__all__
__all__ += rules.__all__
__all__ += shared.__all__

GAME = knock_package(
    globals(),
    rules,
    CLOSE_KINDS,
    title="Chinchón",
    summary="Spanish rummy: a 40-card Spanish pack, seven cards, close with 5 points or less "
    "unmatched (the others lay off on your melds); seven in a row wins; 100 ends it.",
    aliases=("chinchón", "txintxon"),
    default_players=2,
)
"""The Chinchón record of the game registry (:func:`scala40.game.load_game`)."""
