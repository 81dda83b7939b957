"""The knock games' packages, each a declaration (a ``KnockGameSpec``): the game's own
class for each move kind it allows (RU-TURN, CH-TURN: the kinds a game allows; RU-KNOCK,
CH-CLOSE), made with its rules in its docstring, its ``GameState`` and its record, and the
names the family shares."""

from __future__ import annotations

import ast
import copy
import importlib
import inspect
import pickle
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

from scala40.errors import InvalidMoveError
from scala40.game import load_game
from scala40.games import chinchon, laconga, rumino
from scala40.games._knock import moves as knock
from scala40.games._knock.family import KnockGame, knock_game
from scala40.games._knock.state import KnockState
from tests import knock_variant
from tests.protocol.cases import knock_game_names


def _package(name: str) -> ModuleType:
    return importlib.import_module(f"scala40.games.{name}")


def _built(package: ModuleType) -> KnockGame[Any]:
    """What the family built from the package's declaration."""
    return next(value for value in vars(package).values() if isinstance(value, KnockGame))


GAMES = [_package(name) for name in knock_game_names()]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.__name__)
def test_a_package_binds_every_declared_name(game: ModuleType) -> None:
    """A package binds every name it declares (the library's three re-export the
    family's shared names and their rules' too), and what the family built from its
    declaration is one game: its state names its kinds and ruleset, its record is the
    registry's."""
    for name in game.__all__:
        assert hasattr(game, name), f"{game.__name__}.{name}"
    built = _built(game)
    state = built.state
    assert issubclass(state, KnockState)
    assert (state.__module__, state.__qualname__) == (game.__name__, "GameState")
    assert state.KINDS is built.kinds
    assert state.RULESET is built.spec.ruleset
    assert built.kinds.moves is built.game.move_set is state.MOVES
    assert built.game.new_game == state.new
    assert load_game(state.game_name) is built.game
    assert getattr(game, "GameState", state) is state
    assert getattr(game, "GAME", built.game) is built.game


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.__name__)
def test_a_package_holds_one_class_for_each_kind_it_allows(game: ModuleType) -> None:
    """RU-TURN, CH-TURN: each kind bound to the game, a subclass of the family's made for
    the game's package, pickled by its name there."""
    kinds = _built(game).spec.kinds
    assert kinds in (knock.CLOSE_KINDS, knock.KNOCK_KINDS)
    for kind in kinds:
        bound = getattr(game, kind.__name__)
        assert bound is _built(game).kinds.kind(kind)
        assert issubclass(bound, kind)
        assert bound is not kind
        assert bound.__module__ == game.__name__
        assert bound.__qualname__ == kind.__name__
        assert bound.move_set is _built(game).kinds.moves
    others = {kind.__name__ for kind in (*knock.KNOCK_KINDS, *knock.CLOSE_KINDS)} - {
        kind.__name__ for kind in kinds
    }
    assert not [name for name in others if hasattr(game, name)]
    state = _built(game).state.new(players=2, seed=3)
    assert pickle.loads(pickle.dumps(state)) == state
    move = state.legal_moves()[0]
    assert pickle.loads(pickle.dumps(move)) == move
    assert copy.deepcopy(move) == move


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.__name__)
def test_each_class_cites_its_game_s_rules(game: ModuleType) -> None:
    """The docstring of each made class is the family kind's, citing the rules the game
    declares for it (Rumino's RU-*, Chinchón's CH-*, La Conga's CH-* and LC-*) where the
    family's cites the family's; the resign, described alike in every game (C-RESIGN),
    inherits the family's."""
    spec = _built(game).spec
    for kind in spec.kinds:
        made = getattr(game, kind.__name__)
        doc = inspect.getdoc(made) or ""
        if kind is knock.Resign:
            assert made.__doc__ is None
            assert "C-RESIGN" in doc
            continue
        first = " ".join(doc.split("\n\n")[0].split())
        assert f"({spec.rule_ids[kind.verb]})" in first, (made, first)
        family = " ".join((inspect.getdoc(kind) or "").split("\n\n")[0].split())
        assert first.split("(")[0] == family.split("(")[0], (made, first)


def test_a_move_of_one_game_is_never_another_game_s() -> None:
    """Moves are values of their game: the same verb and fields in two games are two
    values, each read and written under its own format only (and to a type checker, which
    refuses the comparisons and the call below, classes that never overlap)."""
    assert chinchon.DrawStock() != laconga.DrawStock()  # type: ignore[comparison-overlap]
    assert chinchon.Discard("7H") != rumino.Discard("7H")  # type: ignore[comparison-overlap]
    assert len({chinchon.Discard("7H"), laconga.Discard("7H"), rumino.Discard("7H")}) == 3
    assert repr(chinchon.Discard("7H")) == repr(rumino.Discard("7H")) == "Discard(card='7H')"
    data = chinchon.Discard("7H").to_dict()
    assert data["format"] == "scala40.chinchon.move"
    with pytest.raises(InvalidMoveError):
        rumino.move_to_dict(chinchon.Discard("7H"))  # type: ignore[arg-type]
    # The message names the class the move is of, whose module is its game's.
    state = chinchon.new_game(players=2, seed=1)
    with pytest.raises(InvalidMoveError, match=r"\(scala40\.games\.laconga\.DrawStock\)"):
        state.apply(laconga.DrawStock())


def test_a_declaration_that_does_not_fit_the_family_is_refused() -> None:
    """A game's bug, found when its package is imported: a verb without the rules its
    class cites, rules for a verb the game lacks, a pack the family has no notation for."""
    spec = knock_variant.VARIANT.spec
    without_close = {verb: rules for verb, rules in spec.rule_ids.items() if verb != "close"}
    with pytest.raises(TypeError, match=r"missing \['close'\]"):
        knock_game(attrs.evolve(spec, rule_ids=without_close), __name__)
    with pytest.raises(TypeError, match=r"unknown \['knock'\]"):
        knock_game(attrs.evolve(spec, rule_ids={**spec.rule_ids, "knock": "RU-KNOCK"}), __name__)
    with pytest.raises(TypeError, match="pack"):
        knock_game(attrs.evolve(spec, pack="german"), __name__)


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
def test_a_package_writes_no_class_but_its_ruleset(name: str) -> None:
    """A knock game's package is data: the only class statement in it is its ruleset."""
    found = [
        node.name
        for path in sorted((PACKAGES / name).glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
    ]
    assert found == ["Ruleset"], found


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
