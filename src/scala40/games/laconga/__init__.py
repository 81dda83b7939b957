"""La Conga: Chinchón as played in Uruguay, with an eighth card for the first player, no
close that would reach 100, elimination and the reenganche (RULES Part 6).

The modules:

* :mod:`~scala40.games.laconga.rules`: the :class:`Ruleset` and its presets;
* :mod:`~scala40.games.laconga.moves`: the moves and their notation;
* :mod:`~scala40.games.laconga.state`: :class:`GameState` and :func:`new_game`;
* :mod:`~scala40.games.laconga.view`: :class:`PlayerView`;
* :mod:`~scala40.games.laconga.bots`: :class:`GreedyBot`.

The engine is shared with Chinchón and Rumino (:mod:`scala40.games._knock`).

>>> from scala40.games import laconga
>>> state = laconga.new_game(players=2, seed=1)
>>> state.game_name, laconga.GAME.title, state.rules.deck.size
('laconga', 'La Conga', 40)
"""

from __future__ import annotations

from functools import partial

from scala40.game import Game, register_game
from scala40.games._knock.analysis import best_arrangement, least_unmatched
from scala40.games._knock.arrange import Arrangement, Layoff
from scala40.games._knock.observation import OBSERVATION
from scala40.games._knock.phases import HandEnd, HandResult, Phase, Showing
from scala40.games._knock.profile import max_hand_moves
from scala40.games._knock.schema import state_schema
from scala40.games.laconga.bots import GreedyBot
from scala40.games.laconga.moves import (
    MOVES,
    Close,
    Deal,
    Discard,
    DrawStock,
    Move,
    Reenter,
    Resign,
    Restock,
    Retire,
    TakeDiscard,
    move_from_dict,
    move_to_dict,
    parse_move,
)
from scala40.games.laconga.rules import (
    PRESETS,
    EndMode,
    FaceValues,
    LayoffOrder,
    LayoffTarget,
    Ruleset,
    Wild,
)
from scala40.games.laconga.state import GameState, new_game
from scala40.games.laconga.text import TEXT
from scala40.games.laconga.view import PlayerView
from scala40.generic_bots import game_bots

__all__ = [
    "GAME",
    "PRESETS",
    "TEXT",
    "Arrangement",
    "Close",
    "Deal",
    "Discard",
    "DrawStock",
    "EndMode",
    "FaceValues",
    "GameState",
    "GreedyBot",
    "HandEnd",
    "HandResult",
    "Layoff",
    "LayoffOrder",
    "LayoffTarget",
    "Move",
    "Phase",
    "PlayerView",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "Ruleset",
    "Showing",
    "TakeDiscard",
    "Wild",
    "best_arrangement",
    "least_unmatched",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "parse_move",
]

GAME = register_game(
    Game(
        name="laconga",
        title="La Conga",
        summary="Chinchón from Uruguay: the first player gets eight cards, no close that would "
        "reach 100, out at 100 (with an optional re-entry); the last one in wins.",
        version=1,
        ruleset_type=Ruleset,
        new_game=new_game,
        state_from_dict=GameState.from_dict,
        parse_move=parse_move,
        move_from_dict=move_from_dict,
        move_set=MOVES,
        state_schema=partial(state_schema, GameState),
        max_hand_moves=max_hand_moves,
        hand_bound_option="turn_limit",
        bots=game_bots({"greedy": GreedyBot}),
        default_players=3,
        text=TEXT,
        observation=OBSERVATION,
        aliases=("conga", "la-conga"),
        hand_value=least_unmatched,
    )
)
"""The La Conga record of the game registry (:func:`scala40.game.load_game`)."""
