"""Existing code keeps working: every name the package and its modules exported before
the library held several games is still there, and is the same object as in the module
that now holds it."""

from __future__ import annotations

import importlib

import pytest

import scala40
from scala40.games import scala40 as game

PACKAGE_NAMES = [
    "JOKER",
    "PRESETS",
    "AmbiguousMeldError",
    "Bot",
    "Card",
    "Deal",
    "Deck",
    "Discard",
    "DrawStock",
    "Extension",
    "GameRecord",
    "GameState",
    "GreedyBot",
    "HandResult",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidMoveError",
    "InvalidRulesetError",
    "InvalidStateError",
    "LayOff",
    "LegalMoves",
    "MatchFormat",
    "Meld",
    "MeldEnd",
    "MeldKind",
    "MeldRules",
    "MonteCarloBot",
    "Move",
    "MoveIndexError",
    "Phase",
    "PlayerView",
    "PutDown",
    "RandomBot",
    "Restock",
    "RestockMethod",
    "Ruleset",
    "Scala40Error",
    "SerializationError",
    "Split",
    "SwapJoker",
    "TakeDiscard",
    "TakeUpcard",
    "TournamentResult",
    "UnknownPresetError",
    "__version__",
    "best_opening",
    "can_close",
    "check_meld",
    "closing_moves",
    "format_card",
    "format_cards",
    "french_deck",
    "hand_melds",
    "hand_value",
    "is_meld",
    "meld_interpretations",
    "min_deadwood",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "parse_card",
    "parse_cards",
    "parse_move",
    "play_game",
    "run_tournament",
    "spanish_deck",
]

MODULE_NAMES = {
    "state": "GameState HandResult Phase new_game",
    "ruleset": "PRESETS MatchFormat RestockMethod Ruleset hand_value",
    "moves": "MOVE_FORMAT_VERSION Deal Discard DrawStock LayOff Move PutDown Restock Split "
    "SwapJoker TakeDiscard TakeUpcard format_meld_spec move_from_dict move_to_dict parse_move",
    "view": "PlayerView",
    "analysis": "Criterion Deadwood Opening best_opening can_close can_open closing_moves "
    "hand_melds min_deadwood",
    "bots": "Bot InvalidBotSpecError PlayoutBot RandomBot bot_name make_bot play_game",
    "tournament": "BotFactory BotStats GameResult TournamentResult game_seed rules_label "
    "run_tournament wilson_interval",
    "records": "GameRecord",
    "legal": "LegalMoves",
    "melds": "Extension Meld MeldEnd MeldKind MeldRules RulesLike check_meld is_meld "
    "meld_interpretations resolve_meld_rules",
    "errors": "AmbiguousMeldError IllegalMoveError InvalidArgumentError InvalidCardError "
    "InvalidMeldError InvalidMoveError InvalidRulesetError InvalidStateError MoveIndexError "
    "Scala40Error SerializationError UnknownPresetError",
    "cli": "COMMANDS Command UsageError build_parser main",
}


@pytest.mark.parametrize("name", PACKAGE_NAMES)
def test_every_old_name_of_the_package_is_there(name: str) -> None:
    assert name in scala40.__all__
    value = getattr(scala40, name)
    if hasattr(game, name):
        assert value is getattr(game, name), f"scala40.{name} is not Scala 40's"


@pytest.mark.parametrize(("module", "names"), sorted(MODULE_NAMES.items()))
def test_every_old_module_path_still_works(module: str, names: str) -> None:
    loaded = importlib.import_module(f"scala40.{module}")
    for name in names.split():
        value = getattr(loaded, name)
        if hasattr(scala40, name) and name != "__version__":
            assert value is getattr(scala40, name), f"scala40.{module}.{name}"


def test_old_module_attributes_of_the_package() -> None:
    assert scala40.analysis.best_opening is game.best_opening
    assert scala40.state.GameState is game.GameState
    assert scala40.ruleset.PRESETS is game.PRESETS
