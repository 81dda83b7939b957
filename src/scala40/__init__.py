"""scala40: a typed, side-effect-free rules library for Scala 40 and its relatives.

The package is built in three layers: the core (cards, melds, errors, rulesets, the game
protocol, match formats), the games (one subpackage of :mod:`scala40.games` each), and
the tools built on the protocol (bots, tournaments, records, the command line). The
names here are the core's and, for the library's first game, Scala 40's (``new_game``,
``GameState``, ``Ruleset``...), imported when first used: ``import scala40.cards`` loads
the core only. Other games are found by name:

>>> import scala40
>>> scala40.load_game("scala40").title
'Scala 40'
>>> scala40.new_game("official", players=2, seed=1).current_player
0
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from scala40 import errors
from scala40._cache import cache_sizes, clear_caches
from scala40._compiled import IS_COMPILED
from scala40.cards import (
    JOKER,
    Card,
    Deck,
    format_card,
    format_cards,
    french_deck,
    parse_card,
    parse_cards,
    spanish_deck,
)
from scala40.deadline import Deadline
from scala40.errors import *  # noqa: F403 - every error is at the top
from scala40.game import Game, game_names, load_game, position_from_text, register_game
from scala40.legal import LegalMoves
from scala40.melds import (
    Extension,
    Meld,
    MeldEnd,
    MeldKind,
    MeldRules,
    check_meld,
    is_meld,
    meld_interpretations,
)

if TYPE_CHECKING:
    from scala40 import bots as bots
    from scala40 import games as games
    from scala40 import records as records
    from scala40 import tournament as tournament
    from scala40.games.scala40 import (
        PRESETS,
        Deal,
        Discard,
        DrawStock,
        GameState,
        GreedyBot,
        HandResult,
        LayOff,
        MatchFormat,
        MonteCarloBot,
        Move,
        Phase,
        PlayerView,
        PutDown,
        Resign,
        Restock,
        RestockMethod,
        Ruleset,
        Split,
        SwapJoker,
        TakeDiscard,
        TakeUpcard,
        best_opening,
        can_close,
        closing_moves,
        hand_melds,
        hand_value,
        min_deadwood,
        move_from_dict,
        move_to_dict,
        new_game,
        parse_move,
    )

__version__ = "0.3.0.dev0"

__compiled__: bool = IS_COMPILED
"""Whether this copy of scala40 runs compiled by mypyc (the release's wheels for CPython on
Linux, macOS and Windows) or as pure Python (elsewhere, and from the source unless the
compiled build was asked for); ``scala40 --version`` says it too."""

# Names imported on first use (PEP 562), by the module that holds them: the game and the
# tools stay unloaded until asked for.
_LAZY: dict[str, str] = {
    **dict.fromkeys(
        (
            "PRESETS", "Deal", "Discard", "DrawStock", "GameState", "GreedyBot", "HandResult",
            "LayOff", "MatchFormat", "MonteCarloBot", "Move", "Phase", "PlayerView", "PutDown",
            "Resign", "Restock", "RestockMethod", "Ruleset", "Split", "SwapJoker", "TakeDiscard",
            "TakeUpcard", "best_opening", "can_close", "closing_moves", "hand_melds",
            "hand_value", "min_deadwood", "move_from_dict", "move_to_dict", "new_game",
            "parse_move",
        ),
        "scala40.games.scala40",
    ),
}  # fmt: skip


# The tool modules and the games package, found as attributes on first use.
_SUBMODULES = frozenset({"bots", "games", "records", "tournament"})

if not TYPE_CHECKING:  # type checkers read the imports above instead

    def __getattr__(name: str) -> Any:
        if name in _SUBMODULES:
            return importlib.import_module(f"scala40.{name}")
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module 'scala40' has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        globals()[name] = value  # found once; later lookups skip this function
        return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "JOKER",
    "PRESETS",
    "Card",
    "Deadline",
    "Deal",
    "Deck",
    "Discard",
    "DrawStock",
    "Extension",
    "Game",
    "GameState",
    "GreedyBot",
    "HandResult",
    "LayOff",
    "LegalMoves",
    "MatchFormat",
    "Meld",
    "MeldEnd",
    "MeldKind",
    "MeldRules",
    "MonteCarloBot",
    "Move",
    "Phase",
    "PlayerView",
    "PutDown",
    "Resign",
    "Restock",
    "RestockMethod",
    "Ruleset",
    "Split",
    "SwapJoker",
    "TakeDiscard",
    "TakeUpcard",
    "__compiled__",
    "__version__",
    "best_opening",
    "cache_sizes",
    "can_close",
    "check_meld",
    "clear_caches",
    "closing_moves",
    "format_card",
    "format_cards",
    "french_deck",
    "game_names",
    "hand_melds",
    "hand_value",
    "is_meld",
    "load_game",
    "meld_interpretations",
    "min_deadwood",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "parse_card",
    "parse_cards",
    "parse_move",
    "position_from_text",
    "register_game",
    "spanish_deck",
]
__all__ += errors.__all__
