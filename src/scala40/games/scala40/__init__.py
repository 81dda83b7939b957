"""Scala 40 (Scala Quaranta): the Italian rummy game of two packs, four jokers and the
40-point opening (RULES Part 2).

Everything here is also at the top of the package (``scala40.new_game`` is
:func:`new_game`), and so is the hand analysis (``scala40.can_close``): Scala 40 is the
library's first game. This package is the game's rules; its hand analysis is a tool
beside them, imported by its own name (:mod:`scala40.games.scala40.analysis`), which
playing a game never loads. The modules:

* :mod:`~scala40.games.scala40.rules`: the :class:`Ruleset`, its presets, hand values;
* :mod:`~scala40.games.scala40.moves`: the moves and their notation;
* :mod:`~scala40.games.scala40.phases`: the phase of a turn, and how the last hand ended;
* :mod:`~scala40.games.scala40.state_record`: the state's record, its fields and its format;
* :mod:`~scala40.games.scala40.load`: how a saved state's fields fit together;
* :mod:`~scala40.games.scala40.result`: the last hand's result in a saved match;
* :mod:`~scala40.games.scala40.state`: :class:`GameState` and :func:`new_game`;
* :mod:`~scala40.games.scala40.view`: :class:`PlayerView`, what one player may know;
* :mod:`~scala40.games.scala40.analysis`: exact hand analysis (openings, deadwood,
  closing), a package of its own (until 0.6 its functions were this package's names too:
  they answer here, warning, until the next release);

and the engine behind them (internal):

* :mod:`~scala40.games.scala40.engine`: the move handlers, one per move type;
* :mod:`~scala40.games.scala40.handling`: what every handler shares;
* :mod:`~scala40.games.scala40.conditions`: the conditions of a turn, each written once;
* :mod:`~scala40.games.scala40.melding`: putting down, laying off, swapping, splitting;
* :mod:`~scala40.games.scala40.discarding`: the discard, closing and the scores;
* :mod:`~scala40.games.scala40.chance`: the deal and the restock;
* :mod:`~scala40.games.scala40.lookahead`: no move may lead where the turn cannot end;
* :mod:`~scala40.games.scala40.turn`: the one search of a turn's melding moves;
* :mod:`~scala40.games.scala40.generate`: the legal moves;
* :mod:`~scala40.games.scala40.budget`: the work one call of a search may spend;
* :mod:`~scala40.games.scala40.hand`: the hand layer, functions of a multiset of cards
  (a package);
* :mod:`~scala40.games.scala40.table`: the table layer, what the melds on the table offer
  a hand (a package).

>>> from scala40.games import scala40 as game
>>> state = game.new_game("classic", players=3, seed=2)
>>> state.game_name, state.rules.split_sequences, game.GAME.title
('scala40', True, 'Scala 40')
"""

from __future__ import annotations

from typing import Final

from scala40._base.state_record import game_record
from scala40._moved import moved_attribute
from scala40._registry import register_game
from scala40.games.scala40 import moves
from scala40.games.scala40.moves import *  # noqa: F403 - the package re-exports its moves
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
from scala40.games.scala40.view import PlayerView

__all__ = [
    "GAME",
    "PRESETS",
    "GameState",
    "HandResult",
    "MatchFormat",
    "Phase",
    "PlayerView",
    "RestockMethod",
    "Ruleset",
    "hand_value",
    "new_game",
]
__all__ += moves.__all__

GAME = register_game(
    game_record(
        GameState,
        new_game,
        moves,
        name="scala40",
        title="Scala 40",
        summary="Italian rummy: two packs and four jokers, open with 40 points of melds, "
        "close by discarding your last card; the last player under 101 wins.",
        default_players=2,
        aliases=("scala-40", "scala", "scala-quaranta"),
        final_scores=final_scores,
        hand_value=hand_value,
        max_hand_moves=max_hand_moves,
        rule_prefix="S40",
        rule_ids={
            "turn": ("S40-TURN",),
            "meld": ("S40-SEQ", "S40-SET", "S40-JOKER", "S40-MELD-VALUE"),
            "score": ("S40-SCORE", "S40-HAND-VALUE"),
        },
    )
)
"""The Scala 40 record of the game registry (:func:`scala40.game.load_game`)."""

_MOVED: Final = {
    **dict.fromkeys(("CarefulBot", "GreedyBot", "MonteCarloBot"), "scala40.bots.scala40"),
    **dict.fromkeys(
        ("best_opening", "can_close", "closing_moves", "hand_melds", "min_deadwood"),
        "scala40.games.scala40.analysis",
    ),
}
"""The bots' classes this package offered until 0.5 and the hand analysis's functions it
offered until 0.6, and where they are now."""


def __getattr__(name: str) -> object:
    """A bot class or an analysis function this package offered until 0.6, with a warning
    naming its module now."""
    return moved_attribute(__name__, name, _MOVED)
