"""Skarney (placeholder docstring)."""

from __future__ import annotations

from scala40.game import Game, register_game
from scala40.games.skarney.bots import GreedyBot
from scala40.games.skarney.moves import move_from_dict, parse_move
from scala40.games.skarney.phases import HandResult, Phase
from scala40.games.skarney.rules import PRESETS, Ruleset
from scala40.games.skarney.state import GameState, new_game
from scala40.games.skarney.text import TEXT
from scala40.games.skarney.view import PlayerView
from scala40.match import ScoreOrder

__all__ = [
    "GAME",
    "PRESETS",
    "GameState",
    "HandResult",
    "Phase",
    "PlayerView",
    "Ruleset",
    "new_game",
]

GAME = register_game(
    Game(
        name="skarney",
        title="Skarney",
        summary="x",
        version=1,
        ruleset_type=Ruleset,
        new_game=new_game,
        state_from_dict=GameState.from_dict,
        parse_move=parse_move,
        move_from_dict=move_from_dict,
        bots={"greedy": GreedyBot},
        default_players=4,
        score_order=ScoreOrder.HIGH,
        text=TEXT,
    )
)
