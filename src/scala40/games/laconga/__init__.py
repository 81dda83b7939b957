"""La Conga: Chinchón as played in Uruguay, with an eighth card for the first player, no
close that would reach 100, elimination and the reenganche (RULES Part 6).

A game of the knock family (:mod:`scala40.games._knock`): its move classes, state, view
and bot are the family's; what is its own is its ruleset and wording
(:mod:`~scala40.games.laconga.rules`), the move kinds it allows, and this registration.

A turn is a draw then a discard, or a close (CH-TURN, CH-CLOSE), the first player's
first turn a discard only (LC-DEAL). A close names the card discarded face down and the
melds shown: ``close KS : AC 2C 3C / 5S 5H JK=5D`` (the other cards are unmatched). A
player whose total reached the limit may re-enter (LC-REENGANCHE). Chance steps (the
deal, the restock) are moves too.

>>> from scala40.games import laconga
>>> move = laconga.parse_move("close ks : 3c 2c ac / 5s 5h jk=5d")
>>> move.card, str(move)
(12, 'close KS : 5S 5H JK=5D / 3C 2C AC')
>>> laconga.parse_move("knock")
Traceback (most recent call last):
...
scala40.errors.InvalidMoveError: unknown move 'knock': expected draw, take, discard, close, reenter, retire, deal, restock or resign

>>> state = laconga.new_game(players=2, seed=1)
>>> state.game_name, laconga.GAME.title, state.rules.deck.size
('laconga', 'La Conga', 40)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scala40.games._knock import package, shared
from scala40.games._knock.family import knock_package
from scala40.games._knock.moves import CLOSE_KINDS
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
from scala40.games.laconga import rules
from scala40.games.laconga.rules import *  # noqa: F403 - the ruleset, its presets and options

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
    title="La Conga",
    summary="Chinchón from Uruguay: the first player gets eight cards, no close that would "
    "reach 100, out at 100 (with an optional re-entry); the last one in wins.",
    aliases=("conga", "la-conga"),
    default_players=3,
)
"""The La Conga record of the game registry (:func:`scala40.game.load_game`)."""
