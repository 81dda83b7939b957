"""Scala 40 (Scala Quaranta): the Italian rummy game of two packs, four jokers and the
40-point opening (RULES Part 2).

Everything here is also at the top of the package (``scala40.new_game`` is
:func:`new_game`): Scala 40 is the library's first game. The modules:

* :mod:`~scala40.games.scala40.rules`: the :class:`Ruleset`, its presets, hand values;
* :mod:`~scala40.games.scala40.moves`: the moves and their notation;
* :mod:`~scala40.games.scala40.state`: :class:`GameState` and :func:`new_game`;
* :mod:`~scala40.games.scala40.view`: :class:`PlayerView`, what one player may know;
* :mod:`~scala40.games.scala40.analysis`: exact hand analysis (openings, deadwood);
* :mod:`~scala40.games.scala40.observation`: what a player sees, as numbers, for learning
  agents;
* :mod:`~scala40.games.scala40.bots`: the greedy and Monte Carlo bots;
* the engine (``engine``, ``generate``, ``search``, ``table``, ``splits``) behind them.

>>> from scala40.games import scala40 as game
>>> state = game.new_game("classic", players=3, seed=2)
>>> state.game_name, state.rules.split_sequences, game.GAME.title
('scala40', True, 'Scala 40')
"""

from __future__ import annotations

from scala40.game import Game, SearchTuning, register_game
from scala40.games.scala40 import moves
from scala40.games.scala40.analysis import (
    best_opening,
    can_close,
    closing_moves,
    hand_melds,
    min_deadwood,
)
from scala40.games.scala40.bots import GreedyBot, MonteCarloBot
from scala40.games.scala40.moves import *  # noqa: F403 - the package re-exports its moves
from scala40.games.scala40.observation import OBSERVATION
from scala40.games.scala40.phases import HandResult, Phase
from scala40.games.scala40.rules import (
    PRESETS,
    MatchFormat,
    RestockMethod,
    Ruleset,
    final_scores,
    hand_value,
    max_hand_moves,
)
from scala40.games.scala40.state import GameState, new_game
from scala40.games.scala40.text import TEXT
from scala40.games.scala40.view import PlayerView

__all__ = [
    "GAME",
    "PRESETS",
    "GameState",
    "GreedyBot",
    "HandResult",
    "MatchFormat",
    "MonteCarloBot",
    "Phase",
    "PlayerView",
    "RestockMethod",
    "Ruleset",
    "best_opening",
    "can_close",
    "closing_moves",
    "hand_melds",
    "hand_value",
    "min_deadwood",
    "new_game",
]
__all__ += moves.__all__

GAME = register_game(
    Game(
        name="scala40",
        title="Scala 40",
        summary="Italian rummy: two packs and four jokers, open with 40 points of melds, "
        "close by discarding your last card; the last player under 101 wins.",
        version=1,
        ruleset_type=Ruleset,
        new_game=new_game,
        state_from_dict=GameState.from_dict,
        parse_move=moves.parse_move,
        move_from_dict=moves.move_from_dict,
        move_set=moves.MOVES,
        state_schema=GameState.json_schema,
        notation=GameState.notation(),
        bots={"greedy": GreedyBot, "montecarlo": MonteCarloBot},
        default_players=2,
        text=TEXT,
        observation=OBSERVATION,
        aliases=("scala-40", "scala", "scala-quaranta"),
        final_scores=final_scores,
        hand_value=hand_value,
        max_hand_moves=max_hand_moves,
        hand_bound_option="turn_limit",
        # A hand played out by greedy costs about three times a Chinchón hand.
        search_tuning=SearchTuning(worlds=16),
    )
)
"""The Scala 40 record of the game registry (:func:`scala40.game.load_game`)."""
