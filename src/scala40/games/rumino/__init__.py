"""Rumino (Ramino, Rumina): the Italian-American rummy of seven cards kept in hand,
knocking on seven points, gin, and the seven-card Rumino that wins the game (RULES Part 4).

A game of the knock family (:mod:`scala40.games._knock`): its move classes, state, view
and bot are the family's; what is its own is its ruleset and wording
(:mod:`~scala40.games.rumino.rules`), the move kinds it allows, and this registration.

A turn is a knock (RU-KNOCK) or a draw, then a discard (RU-TURN). A player not on turn
may claim a discard completing his Rumino (RU-RUMINO, when ``rumino_claim`` is
``"decision"``), and a player whose total puts him out may re-enter (RU-ELIM, with
``reentry``). Chance steps (the deal, the restock) are moves too.

>>> from scala40.games import rumino
>>> rumino.parse_move("discard 7h"), str(rumino.parse_move("KNOCK"))
(Discard(card=19), 'knock')
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

from typing import TYPE_CHECKING

from scala40.games._knock import package, shared
from scala40.games._knock.analysis import has_rumino
from scala40.games._knock.family import knock_package
from scala40.games._knock.moves import KNOCK_KINDS
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
from scala40.games.rumino import rules
from scala40.games.rumino.rules import *  # noqa: F403 - the ruleset, its presets and options

if TYPE_CHECKING:  # the names knock_package binds below, as type checkers see them
    from scala40.games._knock.moves import Claim, Knock, Pass
    from scala40.games._knock.package import *  # noqa: F403

__all__ = ["GAME", "Claim", "Knock", "Pass", "has_rumino"]
__all__ += package.__all__
__all__ += rules.__all__
__all__ += shared.__all__

GAME = knock_package(
    globals(),
    rules,
    KNOCK_KINDS,
    title="Rumino",
    summary="Italian-American rummy: seven cards, melds kept in hand, knock with 7 "
    "points or less unmatched; a Rumino of seven wins at once; out over 100.",
    aliases=("ramino", "rumina"),
    default_players=3,
)
"""The Rumino record of the game registry (:func:`scala40.game.load_game`)."""
