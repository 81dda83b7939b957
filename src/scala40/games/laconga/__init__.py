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

import attrs

from scala40.game import register_game
from scala40.games._knock import moves as knock
from scala40.games._knock import shared
from scala40.games._knock.family import knock_game
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
from scala40.games._knock.state import KnockState
from scala40.games.laconga.rules import (
    PRESETS,
    TEXT,
    EndMode,
    FaceValues,
    LayoffOrder,
    LayoffTarget,
    Ruleset,
    Wild,
)

__all__ = [
    "GAME",
    "KINDS",
    "MOVES",
    "PRESETS",
    "TEXT",
    "Close",
    "Deal",
    "Discard",
    "DrawStock",
    "EndMode",
    "FaceValues",
    "GameState",
    "LayoffOrder",
    "LayoffTarget",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "Ruleset",
    "TakeDiscard",
    "Wild",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "parse_move",
]
__all__ += shared.__all__

KINDS = knock.game_move_kinds("laconga", "La Conga", knock.CLOSE_KINDS, module=__name__)
"""The La Conga move classes, for the shared engine."""
MOVES = KINDS.moves
"""Every kind of La Conga move: reads and writes them as text and as dictionaries."""
Close = KINDS.kind(knock.Close)
Deal = KINDS.kind(knock.Deal)
Discard = KINDS.kind(knock.Discard)
DrawStock = KINDS.kind(knock.DrawStock)
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
    """A whole game of La Conga at one moment (see the shared ``KnockState`` for its fields
    and methods)."""

    KINDS = KINDS
    RULESET = Ruleset


new_game = GameState.new

GAME = register_game(
    knock_game(
        GameState,
        TEXT,
        title="La Conga",
        summary="Chinchón from Uruguay: the first player gets eight cards, no close that would "
        "reach 100, out at 100 (with an optional re-entry); the last one in wins.",
        aliases=("conga", "la-conga"),
        default_players=3,
    )
)
"""The La Conga record of the game registry (:func:`scala40.game.load_game`)."""
