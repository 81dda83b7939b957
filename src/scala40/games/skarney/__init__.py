"""Skarney: a rummy game for two partnerships (or two to four players alone),
with contracts, wild 2s and jokers, exchanges, and cards offered round the table
(RULES Part 3).

The modules:

* ``rules``: the ``Ruleset``, its presets and modifiers, the card values of the scores;
* ``moves``: the moves and their notation;
* ``state``: ``GameState`` and ``new_game``;
* ``view``: ``PlayerView``, what one seat may know;
* ``analysis``: the melds of a hand, its contracts, the best, its least penalty;
* ``bots``: the greedy bot;
* ``careful``: the careful bot, greedy's play taking the offers that fit its hand;
* ``endgame``: the endgame search, careful's play searched where the pile is short (the
  package offers the three bots' classes, loaded by its record the first time they are
  asked for: importing the game loads none of these three modules);
* ``observation``: what a seat sees, as numbers and text, for learning agents;
* the engine (``engine``, ``generate``, ``search``) behind them.

>>> from scala40.games import skarney
>>> state = skarney.new_game("partnership", players=4, seed=2)
>>> state.game_name, state.teams, skarney.GAME.title
('skarney', ((0, 2), (1, 3)), 'Skarney')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scala40._base.record import game_record
from scala40.game import BotRef, SearchTuning, register_game
from scala40.games.skarney import moves
from scala40.games.skarney.analysis import (
    Contract,
    best_contract,
    can_make_contract,
    contracts,
    hand_melds,
    least_penalty,
)
from scala40.games.skarney.generate import barred_moves
from scala40.games.skarney.moves import *  # noqa: F403 - the package re-exports its moves
from scala40.games.skarney.observation import OBSERVATION
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
from scala40.games.skarney.text import TEXT
from scala40.games.skarney.view import PlayerView
from scala40.match import ScoreOrder

if TYPE_CHECKING:
    # The bots are the record's (GAME.bots), loaded the first time they are asked for: a
    # type checker reads them here, a program gets the very classes from __getattr__.
    from scala40.games.skarney.bots import GreedyBot
    from scala40.games.skarney.careful import CarefulBot
    from scala40.games.skarney.endgame import EndgameBot

__all__ = [
    "GAME",
    "MELD_RULES",
    "MODIFIERS",
    "PRESETS",
    "CarefulBot",
    "Contract",
    "EndgameBot",
    "GameState",
    "GreedyBot",
    "HandResult",
    "Phase",
    "PlayerView",
    "Ruleset",
    "TiedHand",
    "best_contract",
    "can_make_contract",
    "contracts",
    "hand_melds",
    "hand_penalty",
    "least_penalty",
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
        bots={
            "greedy": BotRef("scala40.games.skarney.bots", "GreedyBot"),
            "careful": BotRef("scala40.games.skarney.careful", "CarefulBot"),
            "endgame": BotRef("scala40.games.skarney.endgame", "EndgameBot"),
        },
        default_players=4,
        score_order=ScoreOrder.HIGH,
        text=TEXT,
        observation=OBSERVATION,
        hand_value=hand_value,
        least_deadwood=least_penalty,
        max_hand_moves=max_hand_moves,
        # A hand played out by greedy costs about ten times a Chinchón hand.
        search_tuning=SearchTuning(worlds=8),
        barred_moves=barred_moves,
        rule_prefix="SK",
        rule_ids={
            "turn": ("SK-TURN",),
            "meld": ("SK-MELDS", "SK-WILDMELD"),
            "score": ("SK-SCORE-MELDS", "SK-SCORE-HAND", "SK-BONUS"),
        },
    )
)
"""The Skarney record of the game registry (:func:`scala40.game.load_game`)."""

if not TYPE_CHECKING:  # type checkers read the imports above instead

    def __getattr__(name: str) -> Any:
        """A bot class of the package (``GreedyBot``...), loaded by the record on first
        use (:meth:`~scala40.game.BotTable.by_attribute`)."""
        factory = GAME.bots.by_attribute(name, __name__, __all__)
        globals()[name] = factory  # found once; later lookups skip this function
        return factory
