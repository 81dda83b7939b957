"""Chinchón: the Spanish rummy of seven cards and a 40-card Spanish pack, closing with
5 points or less unmatched, where seven in a row of one suit wins the game (RULES Part 5).

The modules:

* :mod:`~scala40.games.chinchon.rules`: the :class:`Ruleset` and its presets;
* :mod:`~scala40.games.chinchon.moves`: the moves and their notation;
* :mod:`~scala40.games.chinchon.state`: :class:`GameState` and :func:`new_game`;
* :mod:`~scala40.games.chinchon.view`: :class:`PlayerView`;
* :mod:`~scala40.games.chinchon.bots`: :class:`GreedyBot`.

The engine is shared with La Conga and Rumino (:mod:`scala40.games._knock`).

>>> from scala40.games import chinchon
>>> state = chinchon.new_game(players=2, seed=1)
>>> state.game_name, chinchon.GAME.title, state.rules.deck.size
('chinchon', 'Chinchón', 40)
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
from scala40.games.chinchon.bots import GreedyBot
from scala40.games.chinchon.moves import (
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
from scala40.games.chinchon.rules import (
    PRESETS,
    EndMode,
    FaceValues,
    LayoffOrder,
    LayoffTarget,
    Ruleset,
    Wild,
)
from scala40.games.chinchon.state import GameState, new_game
from scala40.games.chinchon.text import TEXT
from scala40.games.chinchon.view import PlayerView
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
        name="chinchon",
        title="Chinchón",
        summary="Spanish rummy: a 40-card Spanish pack, seven cards, close with 5 points or less "
        "unmatched (the others lay off on your melds); seven in a row wins; 100 ends it.",
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
        default_players=2,
        text=TEXT,
        observation=OBSERVATION,
        aliases=("chinchón", "txintxon"),
        hand_value=least_unmatched,
    )
)
"""The Chinchón record of the game registry (:func:`scala40.game.load_game`)."""
