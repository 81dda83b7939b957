"""Rumino (Ramino, Rumina): the Italian-American rummy of seven cards kept in hand,
knocking on seven points, gin, and the seven-card Rumino that wins the game (RULES Part 4).

A game of the knock family (:mod:`scala40.games._knock`), declared as data: its ruleset
and wording (:mod:`~scala40.games.rumino.rules`), the move kinds it allows with the rules
each cites, its title and summary; its own move classes, its ``GameState`` and its record
are made from that declaration, and the engine, the view and the bots are the family's.

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

from scala40.game import SearchTuning, register_game
from scala40.games._knock import shared
from scala40.games._knock.analysis import has_rumino
from scala40.games._knock.family import KNOCK_KINDS, KnockGameSpec, knock_game
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
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

RUMINO = knock_game(
    KnockGameSpec(
        name="rumino",
        title="Rumino",
        summary="Italian-American rummy: seven cards, melds kept in hand, knock with 7 "
        "points or less unmatched; a Rumino of seven wins at once; out over 100.",
        ruleset=rules.Ruleset,
        text=rules.TEXT,
        kinds=KNOCK_KINDS,
        rule_ids={
            "draw": "RU-TURN",
            "take": "RU-TURN",
            "knock": "RU-KNOCK",
            "discard": "RU-TURN",
            "claim": "RU-RUMINO",
            "pass": "RU-RUMINO",
            "reenter": "RU-ELIM",
            "retire": "RU-ELIM",
            "deal": "RU-DEAL",
            "restock": "RU-RESTOCK",
        },
        aliases=("ramino", "rumina"),
        players=3,
        # The search on a belief lost to greedy here (42.0% of 100 hands on paired deals, a
        # paired difference of -16 points, standard error 8): the strongest bot plays
        # greedy's move until a search beats it.
        search_tuning=SearchTuning(candidates=1),
    ),
    __name__,
)
"""Rumino as the family builds it from its declaration."""

GAME = register_game(RUMINO.game)
"""The Rumino record of the game registry (:func:`scala40.game.load_game`)."""
KINDS = RUMINO.kinds
"""Rumino's move classes, for the shared engine."""
# The game's own classes and state, as the family built them; the stub beside this file
# (__init__.pyi, written from the declaration) types each as the game's own.
(
    DrawStock,
    TakeDiscard,
    Knock,
    Discard,
    Claim,
    Pass,
    Reenter,
    Retire,
    Deal,
    Restock,
    Resign,
) = RUMINO.classes
GameState = RUMINO.state
MOVES = KINDS.moves
"""Every kind of Rumino's moves: reads and writes them as text and as dictionaries."""
parse_move = KINDS.parse_move
"""Read a move from its notation (:meth:`~scala40.games._knock.moves.MoveKinds.parse_move`)."""
move_to_dict = KINDS.move_to_dict
"""A move as a versioned dictionary (:meth:`~scala40.games._knock.moves.MoveKinds.move_to_dict`)."""
move_from_dict = KINDS.move_from_dict
"""The move such a dictionary describes (:meth:`~scala40.games._knock.moves.MoveKinds.move_from_dict`)."""
new_game = GameState.new
"""A new game of Rumino (:meth:`~scala40.games._knock.state.KnockState.new`)."""
