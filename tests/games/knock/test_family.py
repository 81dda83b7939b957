"""The knock games' packages, each declared as a variant: a ``GameState`` naming its
ruleset, wording and moves, its own class for each move kind it allows (RU-TURN,
CH-TURN: the kinds a game allows; RU-KNOCK, CH-CLOSE), and the names the family shares."""

from __future__ import annotations

import pickle
from types import ModuleType

import pytest

from scala40.game import load_game
from scala40.games import chinchon, laconga, rumino
from scala40.games._knock import moves as knock
from scala40.games._knock import shared
from scala40.games._knock.state import KnockState

GAMES = {chinchon: knock.CLOSE_KINDS, laconga: knock.CLOSE_KINDS, rumino: knock.KNOCK_KINDS}


@pytest.mark.parametrize("game", list(GAMES), ids=lambda game: game.__name__)
def test_a_package_binds_every_declared_name(game: ModuleType) -> None:
    for name in (*shared.__all__, *game.rules.__all__, *game.__all__):
        assert hasattr(game, name), f"{game.__name__}.{name}"
    assert issubclass(game.GameState, KnockState)
    assert game.GameState.__module__ == game.__name__
    assert game.GameState.KINDS is game.KINDS
    assert game.GameState.RULESET is game.Ruleset
    assert game.MOVES is game.KINDS.moves
    assert game.new_game == game.GameState.new
    assert load_game(game.GameState.game_name) is game.GAME


@pytest.mark.parametrize("game", list(GAMES), ids=lambda game: game.__name__)
def test_a_package_holds_one_class_for_each_kind_it_allows(game: ModuleType) -> None:
    """RU-TURN, CH-TURN: each kind bound to the game, a subclass of the family's declared
    in the game's package, pickled by its name there."""
    kinds = GAMES[game]
    for kind in kinds:
        bound = getattr(game, kind.__name__)
        assert bound is game.KINDS.kind(kind)
        assert issubclass(bound, kind)
        assert bound.__module__ == game.__name__
    others = {kind.__name__ for kind in (*knock.KNOCK_KINDS, *knock.CLOSE_KINDS)} - {
        kind.__name__ for kind in kinds
    }
    assert not [name for name in others if hasattr(game, name)]
    state = game.new_game(players=2, seed=3)
    assert pickle.loads(pickle.dumps(state)) == state
    move = state.legal_moves()[0]
    assert pickle.loads(pickle.dumps(move)) == move
