"""La Conga: Chinchón as played in Uruguay, with an eighth card for the first player, no
close that would reach 100, elimination and the reenganche (RULES Part 6).

A game of the knock family (:mod:`scala40.games._knock`), declared as a variant: its
``GameState`` names its ruleset and wording (:mod:`~scala40.games.laconga.rules`), its own
class for each move kind it allows (:mod:`~scala40.games.laconga.moves`), its title and
summary; the state's engine, the view and the bot are the family's.

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

import attrs

from scala40.game import register_game
from scala40.games._knock import shared
from scala40.games._knock.family import knock_game
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
from scala40.games._knock.state import KnockState
from scala40.games.laconga import moves, rules
from scala40.games.laconga.moves import *  # noqa: F403 - the game's moves and their codecs
from scala40.games.laconga.rules import *  # noqa: F403 - the ruleset, its presets and options

__all__ = ["GAME", "GameState", "new_game"]
__all__ += moves.__all__
__all__ += rules.__all__
__all__ += shared.__all__


@attrs.frozen(repr=False)
class GameState(KnockState):
    """A whole game of La Conga at one moment (see the shared ``KnockState`` for its fields
    and methods)."""

    KINDS = moves.KINDS
    RULESET = rules.Ruleset
    TEXT = rules.TEXT
    TITLE = "La Conga"
    SUMMARY = (
        "Chinchón from Uruguay: the first player gets eight cards, no close that would "
        "reach 100, out at 100 (with an optional re-entry); the last one in wins."
    )
    ALIASES = ("conga", "la-conga")
    DEFAULT_PLAYERS = 3


new_game = GameState.new
"""A new game of La Conga (:meth:`~scala40.games._knock.state.KnockState.new`)."""

GAME = register_game(knock_game(GameState))
"""The La Conga record of the game registry (:func:`scala40.game.load_game`)."""
