"""Chinchón: the Spanish rummy of seven cards and a 40-card Spanish pack, closing with
5 points or less unmatched, where seven in a row of one suit wins the game (RULES Part 5).

A game of the knock family (:mod:`scala40.games._knock`), declared as a variant: its
``GameState`` names its ruleset and wording (:mod:`~scala40.games.chinchon.rules`), its own
class for each move kind it allows (declared below, in this package), its title and
summary; the state's engine, the view and the bot are the family's.

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

import attrs

from scala40.game import register_game
from scala40.games._knock import moves as family
from scala40.games._knock import shared
from scala40.games._knock.family import knock_game
from scala40.games._knock.moves import SPANISH_NOTATION, MoveKinds
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
from scala40.games._knock.state import KnockState
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


@attrs.frozen
class DrawStock(family.DrawStock):
    """Draw the top card of the stock (CH-TURN)."""


@attrs.frozen
class TakeDiscard(family.TakeDiscard):
    """Take the top card of the discard pile (CH-TURN)."""


@attrs.frozen
class Discard(family.Discard):
    """Discard a card face up, ending the turn (CH-TURN)."""


@attrs.frozen
class Close(family.Close):
    """Discard ``card`` face down and show the other cards: ``melds``, the rest
    unmatched (CH-CLOSE). The hand ends."""

    notation = SPANISH_NOTATION  # melds as a Spanish pack writes them (CH-MELDS)


@attrs.frozen
class Reenter(family.Reenter):
    """Out of turn, after a hand: re-enter at the highest total still in (CH-END)."""


@attrs.frozen
class Retire(family.Retire):
    """Out of turn, after a hand: drop out instead of re-entering (CH-END)."""


@attrs.frozen
class Deal(family.Deal):
    """Chance: shuffle the deck and deal a hand (CH-DEAL). ``order`` fixes the shuffled deck (top
    card last); ``None`` draws it from the state's randomness (C-RNG). An order of no
    cards is refused."""


@attrs.frozen
class Restock(family.Restock):
    """Chance: shuffle the discard pile but its top card into a new stock
    (CH-RESTOCK). ``order`` fixes the new stock (top card last); an order of no cards is
    refused."""


@attrs.frozen
class Resign(family.Resign):
    pass  # described by the family's kind, the same in every game


KINDS = MoveKinds.declare(
    "chinchon",
    "Chinchón",
    (DrawStock, TakeDiscard, Discard, Close, Reenter, Retire, Deal, Restock, Resign),
    pack="spanish",
)
"""Chinchón's move classes, for the shared engine."""
MOVES = KINDS.moves
"""Every kind of Chinchón's moves: reads and writes them as text and as dictionaries."""
parse_move = KINDS.parse_move
"""Read a move from its notation (:meth:`~scala40.games._knock.moves.MoveKinds.parse_move`)."""
move_to_dict = KINDS.move_to_dict
"""A move as a versioned dictionary (:meth:`~scala40.games._knock.moves.MoveKinds.move_to_dict`)."""
move_from_dict = KINDS.move_from_dict
"""The move such a dictionary describes (:meth:`~scala40.games._knock.moves.MoveKinds.move_from_dict`)."""


@attrs.frozen(repr=False)
class GameState(KnockState):
    """A whole game of Chinchón at one moment (see the shared ``KnockState`` for its fields
    and methods)."""

    KINDS = KINDS
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
