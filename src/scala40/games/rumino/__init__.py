"""Rumino (Ramino, Rumina): the Italian-American rummy of seven cards kept in hand,
knocking on seven points, gin, and the seven-card Rumino that wins the game (RULES Part 4).

The modules:

* :mod:`~scala40.games.rumino.rules`: the :class:`Ruleset` and its presets;
* :mod:`~scala40.games.rumino.moves`: the moves and their notation;
* :mod:`~scala40.games.rumino.state`: :class:`GameState` and :func:`new_game`;
* :mod:`~scala40.games.rumino.view`: :class:`PlayerView`;
* :mod:`~scala40.games.rumino.bots`: :class:`GreedyBot`.

The engine is shared with Chinchón and La Conga (:mod:`scala40.games._knock`).

>>> from scala40.games import rumino
>>> state = rumino.new_game(players=2, seed=1)
>>> state.game_name, rumino.GAME.title, state.rules.preset_name()
('rumino', 'Rumino', 'catsatcards')
"""

from __future__ import annotations

from functools import partial

from scala40.game import Game, register_game
from scala40.games._knock.analysis import best_arrangement, has_rumino, least_unmatched
from scala40.games._knock.arrange import Arrangement, Layoff
from scala40.games._knock.observation import OBSERVATION
from scala40.games._knock.phases import HandEnd, HandResult, Phase, Showing
from scala40.games._knock.profile import max_hand_moves
from scala40.games._knock.schema import state_schema
from scala40.games.rumino.bots import GreedyBot
from scala40.games.rumino.moves import (
    MOVES,
    Claim,
    Deal,
    Discard,
    DrawStock,
    Knock,
    Move,
    Pass,
    Reenter,
    Resign,
    Restock,
    Retire,
    TakeDiscard,
    move_from_dict,
    move_to_dict,
    parse_move,
)
from scala40.games.rumino.rules import PRESETS, ClaimMode, EliminateAt, Ruleset
from scala40.games.rumino.state import GameState, new_game
from scala40.games.rumino.text import TEXT
from scala40.games.rumino.view import PlayerView
from scala40.generic_bots import game_bots

__all__ = [
    "GAME",
    "PRESETS",
    "TEXT",
    "Arrangement",
    "Claim",
    "ClaimMode",
    "Deal",
    "Discard",
    "DrawStock",
    "EliminateAt",
    "GameState",
    "GreedyBot",
    "HandEnd",
    "HandResult",
    "Knock",
    "Layoff",
    "Move",
    "Pass",
    "Phase",
    "PlayerView",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "Ruleset",
    "Showing",
    "TakeDiscard",
    "best_arrangement",
    "has_rumino",
    "least_unmatched",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "parse_move",
]

GAME = register_game(
    Game(
        name="rumino",
        title="Rumino",
        summary="Italian-American rummy: seven cards, melds kept in hand, knock with 7 "
        "points or less unmatched; a Rumino of seven wins at once; out over 100.",
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
        aliases=("ramino", "rumina"),
        hand_value=least_unmatched,
    )
)
"""The Rumino record of the game registry (:func:`scala40.game.load_game`)."""
