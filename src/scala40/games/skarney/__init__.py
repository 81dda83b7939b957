"""Skarney: a rummy game for two partnerships (or two to four players alone),
with contracts, wild 2s and jokers, exchanges, and cards offered round the table
(RULES Part 3).

The modules:

* ``rules``: the ``Ruleset``, its presets and modifiers, the card values of the scores;
* ``moves``: the moves and their notation;
* ``state``: ``GameState`` and ``new_game``;
* ``view``: ``PlayerView``, what one seat may know;
* the engine (``engine``, ``generate``, ``search``) behind them;

and beside the rules, imported by its own name, which playing a game never loads:

* ``analysis``: the melds of a hand, its contracts, the best, its least penalty (until
  0.6 its names were this package's too: they answer here, warning, until the next
  release).

>>> from scala40.games import skarney
>>> state = skarney.new_game("partnership", players=4, seed=2)
>>> state.game_name, state.teams, skarney.GAME.title
('skarney', ((0, 2), (1, 3)), 'Skarney')
"""

from __future__ import annotations

from typing import Final

from scala40._base.state_record import game_record
from scala40._moved import moved_attribute
from scala40._registry import register_game
from scala40.games.skarney import moves
from scala40.games.skarney.moves import *  # noqa: F403 - the package re-exports its moves
from scala40.games.skarney.phases import HandResult, Phase
from scala40.games.skarney.rules import (
    MELD_RULES,
    MODIFIERS,
    PRESETS,
    Ruleset,
    TiedHand,
    hand_penalty,
    hand_value,
    max_hand_moves,
    meld_points,
    with_modifiers,
)
from scala40.games.skarney.state import GameState, new_game
from scala40.games.skarney.view import PlayerView
from scala40.match import ScoreOrder

__all__ = [
    "GAME",
    "MELD_RULES",
    "MODIFIERS",
    "PRESETS",
    "GameState",
    "HandResult",
    "Phase",
    "PlayerView",
    "Ruleset",
    "TiedHand",
    "hand_penalty",
    "meld_points",
    "new_game",
    "with_modifiers",
]
__all__ += moves.__all__

GAME = register_game(
    game_record(
        GameState,
        new_game,
        moves,
        name="skarney",
        title="Skarney",
        summary="Rummy for two partnerships or two to four players alone: "
        "contracts, wild 2s and jokers, cards offered round the table, seven hands; the "
        "highest total wins.",
        default_players=4,
        score_order=ScoreOrder.HIGH,
        hand_value=hand_value,
        max_hand_moves=max_hand_moves,
        rule_prefix="SK",
        rule_ids={
            "turn": ("SK-TURN",),
            "meld": ("SK-MELDS", "SK-WILDMELD"),
            "score": ("SK-SCORE-MELDS", "SK-SCORE-HAND", "SK-BONUS"),
        },
    )
)
"""The Skarney record of the game registry (:func:`scala40.game.load_game`)."""

_MOVED: Final = {
    **dict.fromkeys(("CarefulBot", "EndgameBot", "GreedyBot"), "scala40.bots.skarney"),
    **dict.fromkeys(
        (
            "Contract",
            "best_contract",
            "can_make_contract",
            "contracts",
            "hand_melds",
            "least_penalty",
        ),
        "scala40.games.skarney.analysis",
    ),
}
"""The bots' classes this package offered until 0.5 and the hand analysis's names it
offered until 0.6, and where they are now."""


def __getattr__(name: str) -> object:
    """A bot class or an analysis name this package offered until 0.6, with a warning
    naming its module now."""
    return moved_attribute(__name__, name, _MOVED)
