"""Chinchón: the Spanish rummy of seven cards and a 40-card Spanish pack, closing with
5 points or less unmatched, where seven in a row of one suit wins the game (RULES Part 5).

A game of the knock family (:mod:`scala40.games._knock`), declared as data: its ruleset
and wording (:mod:`~scala40.games.chinchon.rules`), the move kinds it allows with the rules
each cites, its title and summary; its own move classes, its ``GameState`` and its record
are made from that declaration, and the engine, the view and the bots are the family's.

A turn is a draw then a discard, or a close (CH-TURN, CH-CLOSE).
A close names the card discarded face down and the melds shown:
``close KS : AC 2C 3C / 5S 5H JK=5D`` (the other cards are unmatched). A player whose
total reached the limit may re-enter (CH-END). Chance steps (the deal, the restock)
are moves too.

>>> from scala40.games import chinchon
>>> move = chinchon.parse_move("close ks : 3c 2c ac / 5s 5h jk=5d")
>>> move.card, str(move)
(12, 'close KS : 5S 5H JK=5D / AC 2C 3C')
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

from scala40.game import register_game
from scala40.games._knock import shared
from scala40.games._knock.family import CLOSE_KINDS, CLOSE_RULE_IDS, KnockGameSpec, knock_game
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
from scala40.games.chinchon import rules
from scala40.games.chinchon.rules import *  # noqa: F403 - the ruleset, its presets and options

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

CHINCHON = knock_game(
    KnockGameSpec(
        name="chinchon",
        title="Chinchón",
        summary="Spanish rummy: a 40-card Spanish pack, seven cards, close with 5 points or "
        "less unmatched (the others lay off on your melds); seven in a row wins; 100 ends it.",
        ruleset=rules.Ruleset,
        text=rules.TEXT,
        kinds=CLOSE_KINDS,
        rule_ids=CLOSE_RULE_IDS,
        pack="spanish",
        aliases=("chinchón", "txintxon"),
    ),
    __name__,
)
"""Chinchón as the family builds it from its declaration."""

GAME = register_game(CHINCHON.game)
"""The Chinchón record of the game registry (:func:`scala40.game.load_game`)."""
KINDS = CHINCHON.kinds
"""Chinchón's move classes, for the shared engine."""
# The game's own classes and state, as the family built them; the stub beside this file
# (__init__.pyi, written from the declaration) types each as the game's own.
(DrawStock, TakeDiscard, Discard, Close, Reenter, Retire, Deal, Restock, Resign) = CHINCHON.classes
GameState = CHINCHON.state
MOVES = KINDS.moves
"""Every kind of Chinchón's moves: reads and writes them as text and as dictionaries."""
parse_move = KINDS.parse_move
"""Read a move from its notation (:meth:`~scala40.games._knock.moves.MoveKinds.parse_move`)."""
move_to_dict = KINDS.move_to_dict
"""A move as a versioned dictionary (:meth:`~scala40.games._knock.moves.MoveKinds.move_to_dict`)."""
move_from_dict = KINDS.move_from_dict
"""The move such a dictionary describes (:meth:`~scala40.games._knock.moves.MoveKinds.move_from_dict`)."""
new_game = GameState.new
"""A new game of Chinchón (:meth:`~scala40.games._knock.state.KnockState.new`)."""
