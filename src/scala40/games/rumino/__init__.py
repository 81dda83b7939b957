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

import attrs

from scala40.game import register_game
from scala40.games._knock import moves as knock
from scala40.games._knock import shared
from scala40.games._knock.analysis import has_rumino
from scala40.games._knock.family import knock_game
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
from scala40.games._knock.state import KnockState
from scala40.games.rumino.rules import PRESETS, TEXT, ClaimMode, EliminateAt, Ruleset

__all__ = [
    "GAME",
    "KINDS",
    "MOVES",
    "PRESETS",
    "TEXT",
    "Claim",
    "ClaimMode",
    "Deal",
    "Discard",
    "DrawStock",
    "EliminateAt",
    "GameState",
    "Knock",
    "Pass",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "Ruleset",
    "TakeDiscard",
    "has_rumino",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "parse_move",
]
__all__ += shared.__all__

KINDS = knock.game_move_kinds("rumino", "Rumino", knock.KNOCK_KINDS, module=__name__)
"""The Rumino move classes, for the shared engine."""
MOVES = KINDS.moves
"""Every kind of Rumino move: reads and writes them as text and as dictionaries."""
Claim = KINDS.kind(knock.Claim)
Deal = KINDS.kind(knock.Deal)
Discard = KINDS.kind(knock.Discard)
DrawStock = KINDS.kind(knock.DrawStock)
Knock = KINDS.kind(knock.Knock)
Pass = KINDS.kind(knock.Pass)
Reenter = KINDS.kind(knock.Reenter)
Resign = KINDS.kind(knock.Resign)
Restock = KINDS.kind(knock.Restock)
Retire = KINDS.kind(knock.Retire)
TakeDiscard = KINDS.kind(knock.TakeDiscard)
parse_move = KINDS.parse_move
move_to_dict = KINDS.move_to_dict
move_from_dict = KINDS.move_from_dict


@attrs.frozen(repr=False)
class GameState(KnockState):
    """A whole game of Rumino at one moment (see the shared ``KnockState`` for its fields
    and methods)."""

    KINDS = KINDS
    RULESET = Ruleset


new_game = GameState.new

GAME = register_game(
    knock_game(
        GameState,
        TEXT,
        title="Rumino",
        summary="Italian-American rummy: seven cards, melds kept in hand, knock with 7 "
        "points or less unmatched; a Rumino of seven wins at once; out over 100.",
        aliases=("ramino", "rumina"),
        default_players=3,
    )
)
"""The Rumino record of the game registry (:func:`scala40.game.load_game`)."""
