"""Rumino (Ramino, Rumina): the Italian-American rummy of seven cards kept in hand,
knocking on seven points, gin, and the seven-card Rumino that wins the game (RULES Part 4).

A game of the knock family (:mod:`scala40.games._knock`), declared as a variant: its
``GameState`` names its ruleset and wording (:mod:`~scala40.games.rumino.rules`), its own
class for each move kind it allows (declared below, in this package), its title and
summary; the state's engine, the view and the bot are the family's.

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

import attrs

from scala40.game import SearchTuning, register_game
from scala40.games._knock import moves as family
from scala40.games._knock import shared
from scala40.games._knock.analysis import has_rumino
from scala40.games._knock.family import knock_game
from scala40.games._knock.moves import MoveKinds
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
from scala40.games._knock.state import KnockState
from scala40.games.rumino import rules
from scala40.games.rumino.rules import *  # noqa: F403 - the ruleset, its presets and options

__all__ = [
    "GAME",
    "KINDS",
    "MOVES",
    "Claim",
    "Deal",
    "Discard",
    "DrawStock",
    "GameState",
    "Knock",
    "Pass",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "TakeDiscard",
    "has_rumino",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "parse_move",
]
__all__ += rules.__all__
__all__ += shared.__all__


@attrs.frozen
class DrawStock(family.DrawStock):
    """Draw the top card of the stock (RU-TURN)."""


@attrs.frozen
class TakeDiscard(family.TakeDiscard):
    """Take the top card of the discard pile (RU-TURN)."""


@attrs.frozen
class Knock(family.Knock):
    """Knock instead of drawing: the hand ends and every hand is scored (RU-KNOCK)."""


@attrs.frozen
class Discard(family.Discard):
    """Discard a card face up, ending the turn (RU-TURN)."""


@attrs.frozen
class Claim(family.Claim):
    """Out of turn: take the discard that completes a Rumino, and win (RU-RUMINO)."""


@attrs.frozen
class Pass(family.Pass):
    """Out of turn: let the discard that would complete a Rumino go (RU-RUMINO)."""


@attrs.frozen
class Reenter(family.Reenter):
    """Out of turn, after a hand: re-enter at the highest total still in (RU-ELIM)."""


@attrs.frozen
class Retire(family.Retire):
    """Out of turn, after a hand: drop out instead of re-entering (RU-ELIM)."""


@attrs.frozen
class Deal(family.Deal):
    """Chance: shuffle the deck and deal a hand (RU-DEAL). ``order`` fixes the shuffled deck (top
    card last); ``None`` draws it from the state's randomness (C-RNG). An order of no
    cards is refused."""


@attrs.frozen
class Restock(family.Restock):
    """Chance: shuffle the discard pile but its top card into a new stock
    (RU-RESTOCK). ``order`` fixes the new stock (top card last); an order of no cards is
    refused."""


@attrs.frozen
class Resign(family.Resign):
    pass  # described by the family's kind, the same in every game


KINDS = MoveKinds.declare(
    "rumino",
    "Rumino",
    (DrawStock, TakeDiscard, Knock, Discard, Claim, Pass, Reenter, Retire, Deal, Restock, Resign),
)
"""Rumino's move classes, for the shared engine."""
MOVES = KINDS.moves
"""Every kind of Rumino's moves: reads and writes them as text and as dictionaries."""
parse_move = KINDS.parse_move
"""Read a move from its notation (:meth:`~scala40.games._knock.moves.MoveKinds.parse_move`)."""
move_to_dict = KINDS.move_to_dict
"""A move as a versioned dictionary (:meth:`~scala40.games._knock.moves.MoveKinds.move_to_dict`)."""
move_from_dict = KINDS.move_from_dict
"""The move such a dictionary describes (:meth:`~scala40.games._knock.moves.MoveKinds.move_from_dict`)."""


@attrs.frozen(repr=False)
class GameState(KnockState):
    """A whole game of Rumino at one moment (see the shared ``KnockState`` for its fields
    and methods)."""

    KINDS = KINDS
    RULESET = rules.Ruleset
    TEXT = rules.TEXT
    TITLE = "Rumino"
    SUMMARY = (
        "Italian-American rummy: seven cards, melds kept in hand, knock with 7 "
        "points or less unmatched; a Rumino of seven wins at once; out over 100."
    )
    ALIASES = ("ramino", "rumina")
    DEFAULT_PLAYERS = 3
    # The search on a belief lost to greedy here (42.0% of 100 hands on paired deals, a
    # paired difference of -16 points, standard error 8): the strongest bot plays
    # greedy's move until a search beats it.
    SEARCH_TUNING = SearchTuning(candidates=1)


new_game = GameState.new
"""A new game of Rumino (:meth:`~scala40.games._knock.state.KnockState.new`)."""

GAME = register_game(knock_game(GameState))
"""The Rumino record of the game registry (:func:`scala40.game.load_game`)."""
