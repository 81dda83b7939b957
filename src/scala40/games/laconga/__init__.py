"""La Conga: Chinchón as played in Uruguay, with an eighth card for the first player, no
close that would reach 100, elimination and the reenganche (RULES Part 6).

A game of the knock family (:mod:`scala40.games._knock`), declared as data: its ruleset
and wording (:mod:`~scala40.games.laconga.rules`), the move kinds it allows with the rules
each cites, its title and summary; its own move classes, its ``GameState`` and its record
are made from that declaration, and the engine, the view and the bots are the family's.

A turn is a draw then a discard, or a close (CH-TURN, CH-CLOSE), the first player's
first turn a discard only (LC-DEAL). A close names the card discarded face down and the
melds shown: ``close KS : AC 2C 3C / 5S 5H JK=5D`` (the other cards are unmatched). A
player whose total reached the limit may re-enter (LC-REENGANCHE). Chance steps (the
deal, the restock) are moves too.

>>> from scala40.games import laconga
>>> move = laconga.parse_move("close ks : 3c 2c ac / 5s 5h jk=5d")
>>> move.card, str(move)
(12, 'close KS : 5S 5H JK=5D / AC 2C 3C')
>>> laconga.parse_move("knock")
Traceback (most recent call last):
...
scala40.errors.InvalidMoveError: unknown move 'knock': expected draw, take, discard, close, reenter, retire, deal, restock or resign

>>> state = laconga.new_game(players=2, seed=1)
>>> state.game_name, laconga.GAME.title, state.rules.deck.size
('laconga', 'La Conga', 40)
"""

from __future__ import annotations

from scala40.game import register_game
from scala40.games._knock import shared
from scala40.games._knock.family import CLOSE_KINDS, KnockGameSpec, knock_game
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
from scala40.games.laconga import rules
from scala40.games.laconga.rules import *  # noqa: F403 - the ruleset, its presets and options

__all__ = [
    "GAME",
    "KINDS",
    "MOVES",
    "Close",
    "Deal",
    "Discard",
    "DrawStock",
    "GameState",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "TakeDiscard",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "parse_move",
]
__all__ += rules.__all__
__all__ += shared.__all__

LACONGA = knock_game(
    KnockGameSpec(
        name="laconga",
        title="La Conga",
        summary="Chinchón from Uruguay: the first player gets eight cards, no close that would "
        "reach 100, out at 100 (with an optional re-entry); the last one in wins.",
        ruleset=rules.Ruleset,
        text=rules.TEXT,
        kinds=CLOSE_KINDS,
        rule_ids={
            "draw": "CH-TURN, LC-BASE",
            "take": "CH-TURN, LC-BASE",
            "discard": "CH-TURN; the first player's first turn, LC-DEAL",
            "close": "CH-CLOSE, LC-BASE",
            "reenter": "LC-REENGANCHE",
            "retire": "LC-REENGANCHE",
            "deal": "LC-DEAL",
            "restock": "CH-RESTOCK, LC-BASE",
        },
        pack="spanish",
        aliases=("conga", "la-conga"),
        players=3,
    ),
    __name__,
)
"""La Conga as the family builds it from its declaration."""

GAME = register_game(LACONGA.game)
"""The La Conga record of the game registry (:func:`scala40.game.load_game`)."""
KINDS = LACONGA.kinds
"""La Conga's move classes, for the shared engine."""
# The game's own classes and state, as the family built them; the stub beside this file
# (__init__.pyi, written from the declaration) types each as the game's own.
(DrawStock, TakeDiscard, Discard, Close, Reenter, Retire, Deal, Restock, Resign) = LACONGA.classes
GameState = LACONGA.state
MOVES = KINDS.moves
"""Every kind of La Conga's moves: reads and writes them as text and as dictionaries."""
parse_move = KINDS.parse_move
"""Read a move from its notation (:meth:`~scala40.games._knock.moves.MoveKinds.parse_move`)."""
move_to_dict = KINDS.move_to_dict
"""A move as a versioned dictionary (:meth:`~scala40.games._knock.moves.MoveKinds.move_to_dict`)."""
move_from_dict = KINDS.move_from_dict
"""The move such a dictionary describes (:meth:`~scala40.games._knock.moves.MoveKinds.move_from_dict`)."""
new_game = GameState.new
"""A new game of La Conga (:meth:`~scala40.games._knock.state.KnockState.new`)."""
