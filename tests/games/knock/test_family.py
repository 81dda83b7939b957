"""The knock games' packages, each a declaration: the family's move kinds it allows, one
class per kind shared by every game (RU-TURN, CH-TURN: the kinds a game allows; RU-KNOCK,
CH-CLOSE), its ``GameState`` generic in them and its ruleset, its record, and the names
the family shares."""

from __future__ import annotations

import ast
import copy
import importlib
import pickle
from pathlib import Path
from types import ModuleType
from typing import ClassVar, get_args

import attrs
import pytest

from scala40.errors import InvalidMoveError
from scala40.game import load_game
from scala40.games import chinchon, laconga, rumino
from scala40.games._knock import moves as knock
from scala40.games._knock.spec import KnockGameSpec
from scala40.games._knock.state import KnockState
from tests import knock_variant
from tests.protocol.cases import knock_game_names


def _package(name: str) -> ModuleType:
    return importlib.import_module(f"scala40.games.{name}")


GAMES = [_package(name) for name in knock_game_names()]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.__name__)
def test_a_package_binds_every_declared_name(game: ModuleType) -> None:
    """A package binds every name it declares (the library's three re-export the
    family's shared names and their rules' too), and its declaration is one game: its
    state names its moves and ruleset, its move set and record follow."""
    for name in game.__all__:
        assert hasattr(game, name), f"{game.__name__}.{name}"
    state = game.GameState
    assert issubclass(state, KnockState)
    assert (state.__module__, state.__qualname__) == (game.__name__, "GameState")
    assert state.RULESET is game.Ruleset
    assert state.MOVES is game.GAME.move_set is state.KINDS.moves
    assert state.MOVES.format == f"scala40.{state.game_name}.move"
    assert game.GAME.new_game == state.new
    assert load_game(state.game_name) is game.GAME
    # The library's packages name their move set and kinds too (a new game need not).
    assert getattr(game, "KINDS", state.KINDS) is state.KINDS
    assert getattr(game, "MOVES", state.MOVES) is state.MOVES


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.__name__)
def test_a_package_names_the_family_s_kinds_it_allows(game: ModuleType) -> None:
    """RU-TURN, CH-TURN: the package's ``Move`` names the kinds it allows, the family's
    own classes, in the order its notation lists them; it binds each by its name and no
    other kind; a kind several games share names no move set of its own."""
    kinds = get_args(game.Move)
    assert frozenset(kinds) in (knock.CLOSE_KINDS, knock.KNOCK_KINDS)
    assert game.GameState.MOVES.kinds == kinds
    assert game.GameState.KINDS.kinds == frozenset(kinds)
    for kind in kinds:
        assert getattr(game, kind.__name__) is kind
        assert kind.__module__ == knock.__name__
        assert "move_set" not in vars(kind)
    others = {kind.__name__ for kind in knock.KNOCK_KINDS | knock.CLOSE_KINDS} - {
        kind.__name__ for kind in kinds
    }
    assert not [name for name in others if hasattr(game, name)]
    state = game.GameState.new(players=2, seed=3)
    assert pickle.loads(pickle.dumps(state)) == state
    move = state.legal_moves()[0]
    assert pickle.loads(pickle.dumps(move)) == move
    assert copy.deepcopy(move) == move


def test_a_move_is_the_same_move_in_every_game_its_document_its_game_s() -> None:
    """A kind is one class for the family (``chinchon.DrawStock is laconga.DrawStock``):
    its text is the same in every game, its dictionary names its game's format and is
    written by its game's move set; the move itself knows no game to write it for."""
    assert chinchon.DrawStock is laconga.DrawStock
    assert chinchon.Discard("7H") == rumino.Discard("7H")
    assert len({chinchon.Discard("7H"), laconga.Discard("7H"), rumino.Discard("7H")}) == 1
    move = chinchon.parse_move("discard 7H")
    assert str(move) == str(rumino.parse_move("discard 7h")) == "discard 7H"
    assert chinchon.move_to_dict(move)["format"] == "scala40.chinchon.move"
    assert rumino.move_to_dict(rumino.parse_move("discard 7H"))["format"] == "scala40.rumino.move"
    assert laconga.move_from_dict(laconga.move_to_dict(move)) == move
    with pytest.raises(InvalidMoveError, match="game's move set"):
        move.to_dict()
    with pytest.raises(InvalidMoveError, match="game's move set"):
        chinchon.Discard.from_dict(chinchon.move_to_dict(move))
    with pytest.raises(InvalidMoveError):
        rumino.move_to_dict(chinchon.parse_move("close 7H"))  # type: ignore[arg-type]


def test_a_state_refuses_a_kind_its_game_lacks_and_another_game_s_move() -> None:
    """A Chinchón state takes La Conga's draw (the same move) and refuses Rumino's knock
    and a Scala 40 draw, naming the game whose move it expected."""
    from scala40.games import scala40

    state = chinchon.new_game(players=2, seed=1)
    assert state.apply(laconga.DrawStock()) == state.apply("draw")
    with pytest.raises(InvalidMoveError, match=r"expected a Chinchón move or its text, got Knock"):
        state.apply(rumino.Knock())  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match="expected a Chinchón move"):
        state.apply(scala40.DrawStock())  # type: ignore[arg-type]


def test_a_declaration_that_does_not_fit_the_family_is_refused() -> None:
    """A game's bug, found when its package is imported: kinds of no game of the family
    (a knock and a close), a pack the family has no close for, no moves and ruleset
    named."""
    spec = knock_variant.GameState.SPEC
    mixed = knock_variant.Move | knock.Knock
    with pytest.raises(TypeError, match="knocks or of one that closes"):

        @attrs.frozen(repr=False)
        class Mixed(KnockState[mixed, knock_variant.Ruleset]):
            SPEC: ClassVar[KnockGameSpec] = spec

    with pytest.raises(TypeError, match="pack"):

        @attrs.frozen(repr=False)
        class French(KnockState[knock_variant.Move, knock_variant.Ruleset]):
            SPEC: ClassVar[KnockGameSpec] = attrs.evolve(spec, pack="french")

    with pytest.raises(TypeError, match=r"KnockState\[Move, Ruleset\]"):

        @attrs.frozen(repr=False)
        class Unnamed(KnockState):
            SPEC: ClassVar[KnockGameSpec] = spec


def test_the_docs_variant_builds_on_the_family_alone() -> None:
    """The contributing recipe's variant (``tests/knock_variant.py``, shown whole in the
    architecture page) imports no game, only the family's values, so that as a package of
    the library it keeps the rule that a game imports no other game."""
    tree = ast.parse(Path(knock_variant.__file__).read_text(encoding="utf-8"))
    imported = [
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    ] + [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    ]
    games = [name for name in imported if name.startswith("scala40.games.")]
    assert games, imported
    assert all(name.startswith("scala40.games._knock.") for name in games), games
    docs = Path(__file__).resolve().parents[3] / "docs" / "architecture.rst"
    assert ".. literalinclude:: ../tests/knock_variant.py" in docs.read_text(encoding="utf-8")


PACKAGES = Path(chinchon.__file__).parent.parent


@pytest.mark.parametrize("name", knock_game_names())
def test_a_package_writes_no_class_but_its_ruleset_and_state(name: str) -> None:
    """A knock game's package is data: its class statements are its ruleset's and its
    state's, which holds no code (its declaration, and its docstring)."""
    found = {
        node.name: node
        for path in sorted((PACKAGES / name).glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
    }
    assert sorted(found) == ["GameState", "Ruleset"], sorted(found)
    body = found["GameState"].body
    assert [type(node) for node in body] == [ast.Expr, ast.Assign], body


def _closing_card(move: chinchon.Close, knock: rumino.Knock, state: laconga.GameState) -> int:
    """Annotated with the games' own names, as a user's code is: mypy, which checks this
    file, refuses a name that is not a type (a class bound by assignment is a variable)."""
    assert knock == rumino.Knock()
    assert state.move_number >= 0
    card: int = move.card
    return card


def test_a_games_names_serve_as_types_and_as_its_classes() -> None:
    close = chinchon.parse_move("close KS : 3C 2C AC / 5S 5H JK=5D")
    assert isinstance(close, chinchon.Close)
    knock_move = rumino.parse_move("knock")
    assert isinstance(knock_move, rumino.Knock)
    state = laconga.new_game(players=2, seed=1)
    assert _closing_card(close, knock_move, state) == close.card
