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
import sys

from scala40 import errors
from scala40.errors import *  # noqa: F403 - every error is at the top

# Every other name is imported on first use (PEP 562), by the module that holds it, so
# that importing the package costs next to nothing: a program that imports a module of
# it (``scala40.cards``, the command line) loads that module's imports and no others, and
# the command line can answer a Ctrl-C however early it comes (scala40.__main__).
# ``typing`` is not imported either: a type checker reads the names below.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType
    from typing import Any

    from scala40 import bots as bots
    from scala40 import cards as cards
    from scala40 import deadline as deadline
    from scala40 import game as game
    from scala40 import games as games
    from scala40 import legal as legal
    from scala40 import match as match
    from scala40 import melds as melds
    from scala40 import movekinds as movekinds
    from scala40 import notation as notation
    from scala40 import records as records
    from scala40 import tournament as tournament
    from scala40._cache import cache_sizes, clear_caches
    from scala40._registry import Game, game_names, load_game, position_from_text, register_game
    from scala40.bots.scala40 import GreedyBot, MonteCarloBot
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
    from scala40.games.scala40 import (
        PRESETS,
        Deal,
        Discard,
        DrawStock,
        GameState,
        HandResult,
        LayOff,
        MatchFormat,
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
        hand_value,
        move_from_dict,
        move_to_dict,
        new_game,
        parse_move,
    )
    from scala40.games.scala40.analysis import (
        best_opening,
        can_close,
        closing_moves,
        hand_melds,
        min_deadwood,
    )
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

    __compiled__: bool

__version__ = "0.7.0.dev0"

# The names of the front door, by the module that holds them.
_LAZY: dict[str, str] = {
    # Whether this copy runs compiled by mypyc (the release's wheels for CPython on Linux,
    # macOS and Windows) or as pure Python (elsewhere, and from the source unless the
    # compiled build was asked for); ``scala40 --version`` says it too.
    "__compiled__": "scala40._compiled",
    "cache_sizes": "scala40._cache",
    "clear_caches": "scala40._cache",
    **dict.fromkeys(
        (
            "JOKER", "Card", "Deck", "format_card", "format_cards", "french_deck",
            "parse_card", "parse_cards", "spanish_deck",
        ),
        "scala40.cards",
    ),
    "Deadline": "scala40.deadline",
    **dict.fromkeys(
        ("Game", "game_names", "load_game", "position_from_text", "register_game"),
        "scala40._registry",
    ),
    "LegalMoves": "scala40.legal",
    **dict.fromkeys(
        (
            "Extension", "Meld", "MeldEnd", "MeldKind", "MeldRules", "check_meld", "is_meld",
            "meld_interpretations",
        ),
        "scala40.melds",
    ),
    **dict.fromkeys(
        (
            "PRESETS", "Deal", "Discard", "DrawStock", "GameState", "HandResult",
            "LayOff", "MatchFormat", "Move", "Phase", "PlayerView", "PutDown",
            "Resign", "Restock", "RestockMethod", "Ruleset", "Split", "SwapJoker", "TakeDiscard",
            "TakeUpcard", "hand_value", "move_from_dict", "move_to_dict", "new_game",
            "parse_move",
        ),
        "scala40.games.scala40",
    ),
    # Scala 40's hand analysis, a tool beside its rules.
    **dict.fromkeys(
        ("best_opening", "can_close", "closing_moves", "hand_melds", "min_deadwood"),
        "scala40.games.scala40.analysis",
    ),
    # Scala 40's bots, the bots layer's.
    **dict.fromkeys(("GreedyBot", "MonteCarloBot"), "scala40.bots.scala40"),
}  # fmt: skip


# The modules found as attributes on first use: the core's modules that importing the
# package loaded when it imported its names at once (so ``scala40.melds`` still works
# after ``import scala40``), the tools' modules and the games package.
_SUBMODULES = frozenset(
    {
        "cards", "deadline", "game", "legal", "match", "melds", "movekinds", "notation",
        "bots", "games", "records", "tournament",
    }
)  # fmt: skip

if not TYPE_CHECKING:  # type checkers read the imports above instead

    def __getattr__(name: str) -> Any:
        if name in _SUBMODULES:
            return importlib.import_module(f"scala40.{name}")
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module 'scala40' has no attribute {name!r}")
        value = getattr(
            importlib.import_module(module), "IS_COMPILED" if name == "__compiled__" else name
        )
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


class _MovedModules:
    """The import finder of the package's old module paths (``scala40._moved``), last
    among ``sys.meta_path``'s: asked only for a path no other finder found a file for, it
    loads ``scala40._moved`` then, so that importing the package loads nothing more."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if not fullname.startswith("scala40."):
            return None
        spec: ModuleSpec | None = importlib.import_module("scala40._moved").find_moved(fullname)
        return spec


if not any(isinstance(finder, _MovedModules) for finder in sys.meta_path):
    sys.meta_path.append(_MovedModules())
