"""Which build the tests run against: compiled by mypyc, or pure Python.

The whole suite runs against both: the source tree and the pure wheel, and the compiled
wheel (``nox -s compiled``, and CI). A run meant for one build names it in
``SCALA40_TEST_BUILD`` (``compiled`` or ``pure``), so that a compiled run that imports
the pure package (or the reverse) fails here instead of passing unnoticed.
"""

from __future__ import annotations

import importlib
import inspect
import os
import platform
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import scala40
from scala40._compiled import build_name, compiled_modules
from scala40._format.codecs import FieldCodec
from scala40.cli import version_line
from scala40.errors import Scala40Error
from scala40.game import game_names, load_game

EXPECTED = os.environ.get("SCALA40_TEST_BUILD", "")
"""The build this run must import, where the run names it."""

ENGINES = (
    "scala40.history",
    "scala40.melds._hand",
    "scala40.melds._layouts",
    "scala40.games.scala40.engine",
    "scala40.games.scala40.generate",
    "scala40.games.scala40.hand.solver",
    "scala40.games.skarney.engine",
    "scala40.games.skarney.generate",
    "scala40.games.skarney.search",
    "scala40.games._knock.engine",
    "scala40.games._knock.generate",
    "scala40.games._knock.arrange",
)
"""Modules the compiled build compiles whatever else it lists: the hand's log, the melds a
hand holds, and each game family's engine and move generation."""


def test_the_build_says_what_it_is() -> None:
    modules = compiled_modules()
    assert scala40.__compiled__ is bool(modules)
    assert build_name() == ("compiled by mypyc" if modules else "pure Python")
    interpreter = f"{platform.python_implementation()} {platform.python_version()}"
    assert version_line() == f"scala40 {scala40.__version__} ({build_name()}, {interpreter})"


def test_the_run_imports_the_build_it_names() -> None:
    if EXPECTED not in ("compiled", "pure"):
        pytest.skip("SCALA40_TEST_BUILD names no build: either is right")
    assert scala40.__compiled__ is (EXPECTED == "compiled"), scala40.__file__


@pytest.mark.skipif(not scala40.__compiled__, reason="the pure build")
def test_the_compiled_build_compiles_every_engine() -> None:
    missing = sorted(set(ENGINES) - set(compiled_modules()))
    assert not missing, f"not compiled: {missing}"


READERS = (
    "scala40.checks",
    "scala40._rng",
    "scala40._wording",
    "scala40._base.position",
    "scala40._base.sampling",
    "scala40._format.serial",
    "scala40._format.specs",
    "scala40._format.text_fields",
    "scala40._format.text_values",
    "scala40.melds._text",
    "scala40.melds._words",
    "scala40.notation",
    "scala40.rulesets",
    "scala40.games.scala40.load",
    "scala40.cli.text.scala40",
    "scala40.games.scala40.analysis",
    "scala40.games.scala40.analysis.closable",
    "scala40.games.scala40.analysis.closing",
    "scala40.games.scala40.analysis.deadwood",
    "scala40.games.scala40.analysis.inputs",
    "scala40.games.skarney.load",
    "scala40.cli.text.skarney",
    "scala40.games.skarney.analysis",
    "scala40.cli.text.knock",
    "scala40.games._knock.analysis",
)
"""Modules that read a caller's values (documents, texts, arguments, seeds, indexes) and
stay pure: a compiled function checks each argument against its annotation, and reads of
a value's attributes against their types, raising a bare TypeError before the module's
own check can raise the library's error; these modules annotate callers' values as what
they should be, and check them at length. The compiled readers are
:data:`COMPILED_READERS`."""


def _listed_to_compile() -> set[str]:
    """The modules the build's mypyc hook compiles (its ``include`` in pyproject.toml)."""
    text = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[tool.hatch.build.targets.wheel.hooks.mypyc]", 1)[1].split("\n[", 1)[0]
    return {
        path.replace("/", ".").removesuffix(".__init__")
        for path in re.findall(r'"/src/([\w/]+)\.py"', section)
    }


def test_the_pure_readers_of_a_callers_values_stay_pure() -> None:
    # In every build: the build's list (a reader listed there would be compiled), and the
    # modules that import compiled (in the compiled build).
    listed = sorted(set(READERS) & _listed_to_compile())
    assert not listed, f"listed to compile, so a wrong type would escape: {listed}"
    assert "scala40.games.scala40.engine" in _listed_to_compile()  # the list is read
    compiled = sorted(set(READERS) & set(compiled_modules()))
    assert not compiled, f"compiled, so a wrong type escapes as a bare TypeError: {compiled}"


# -- the compiled readers of a caller's values ---------------------------------------------

Call = Callable[[Any], object]
"""A public entry point given one hostile value where a caller's value goes."""


def _another_games_values() -> tuple[object, ...]:
    """A move, a state and a ruleset of Skarney: values of another game, for Scala 40."""
    game = load_game("skarney")
    state = game.new_game(None, game.default_players, 1)
    return state.legal_moves()[0], state, state.rules


HOSTILE: tuple[object, ...] = (
    None, True, -1, 10**40, 1.5, float("nan"), "", "7", "x", "draw", b"7", [0], (0,),
    {"type": 3}, {}, object(),
)  # fmt: skip
"""What a careless or hostile caller passes where a value of the library goes (besides
values of another game): wrong types, texts where numbers go, numbers where texts go."""


def _legal_calls() -> dict[str, Call]:
    from scala40.legal import find_listed, read_in_position, read_move

    state = scala40.new_game(players=2, seed=3).apply("draw")
    moves = state.legal_moves()
    listed, first = tuple(moves), moves[0]
    move_set = type(state).MOVES
    return {
        "LegalMoves.__getitem__": lambda value: moves[value],
        "LegalMoves.__contains__": lambda value: value in moves,
        "LegalMoves.count": moves.count,
        "LegalMoves.index": moves.index,
        "LegalMoves.index (start)": lambda value: moves.index(first, value),
        "LegalMoves.index (stop)": lambda value: moves.index(first, 0, value),
        "LegalMoves.resolve": moves.resolve,
        "read_move": lambda value: read_move(move_set, value),
        "find_listed": lambda value: find_listed(listed, move_set, value),
        "read_in_position": lambda value: read_in_position(
            move_set, value, listed, lambda: listed, state.apply
        ),
    }


def _engine_calls() -> dict[str, Call]:
    from scala40._base.engine import new_game_fields, resolve_rules
    from scala40.games.scala40 import Phase, Ruleset

    def fields(argument: str) -> Call:
        given: dict[str, object] = {
            "players": 2,
            "seed": 1,
            "auto_chance": True,
            "dealer": None,
        }

        def call(value: object) -> object:
            arguments = {**given, argument: value}
            return new_game_fields(
                Ruleset(), arguments["players"], arguments["seed"], arguments["auto_chance"],
                arguments["dealer"], Phase.DEAL,
            )  # fmt: skip

        return call

    def new_game(name: str, argument: str) -> Call:
        game = load_game(name)
        given: dict[str, object] = {
            "rules": None,
            "players": game.default_players,
            "seed": 1,
        }
        return lambda value: game.new_game(**{**given, argument: value})

    calls: dict[str, Call] = {"resolve_rules": lambda value: resolve_rules(Ruleset, value)}
    for argument in ("players", "seed", "auto_chance", "dealer"):
        calls[f"new_game_fields ({argument})"] = fields(argument)
    # And every game's new_game, which passes its caller's arguments on to them.
    for name in game_names():
        taken = inspect.signature(load_game(name).new_game).parameters
        for argument in ("rules", "players", "seed", "auto_chance", "dealer"):
            if argument in taken:
                calls[f"new_game of {name} ({argument})"] = new_game(name, argument)
    return calls


def _skarney_phases_calls() -> dict[str, Call]:
    from scala40.games.skarney import GameState, HandResult, new_game

    sides = (0, 0)  # four seats in two partnerships
    result = HandResult(
        hand_number=1, went_out=0, meld_points=sides, hand_points=sides, bonus=sides,
        shutout=False, void=False, points=sides, hands=((),) * 4,
    )  # fmt: skip
    state = attrs.evolve(new_game(seed=1), hand_number=2, last_hand=result)
    assert not state.problems()
    written = state.to_dict()

    # A document's last hand read (GameState.from_dict), and a state built by hand checked
    # (validate), with one field of the hand's result hostile.
    def read(field: str) -> Call:
        return lambda value: GameState.from_dict(
            {**written, "last_hand": {**written["last_hand"], field: value}}
        )

    def checked(field: str) -> Call:
        return lambda value: attrs.evolve(
            state, last_hand=attrs.evolve(result, **{field: value})
        ).validate()

    calls: dict[str, Call] = {}
    for field in attrs.fields_dict(HandResult):
        calls[f"HAND_RESULT read ({field})"] = read(field)
        calls[f"HAND_RESULT checked ({field})"] = checked(field)
    return calls


def _node_calls() -> dict[str, Call]:
    # The node of an OpenSpiel state at each kind of step (a card drawn, a deal, a token of
    # a decision), built without OpenSpiel: the node reads its game's episode and encoding.
    from types import SimpleNamespace

    from scala40.adapters.actions import ActionEncoding
    from scala40.adapters.chance import ChanceDraws
    from scala40.adapters.episodes import Episode
    from scala40.adapters.nodes import Node
    from scala40.adapters.observations import History

    def node(chance: str, state: Any) -> Node:
        encoding = ActionEncoding("scala40", state.rules, state.player_count)
        game = SimpleNamespace(encoding=encoding, episode=Episode(encoding, "match", 500, chance))
        return Node.settle(game, state, 0, History(None, state), ())

    dealing = scala40.new_game(players=2, seed=3, auto_chance=False)
    drawn, dealt = node("card", dealing), node("deal", dealing)
    deciding = node("card", scala40.new_game(players=2, seed=3))
    assert isinstance(drawn.draws, ChanceDraws)
    assert deciding.decision is not None
    return {
        "Decision.after": deciding.decision.after,
        "Node.after (a card drawn)": drawn.after,
        "Node.after (a deal)": dealt.after,
        "Node.after (a token)": deciding.after,
        "ChanceDraws.after": drawn.draws.after,
    }


_OWN_VALUES = "given an engine's own values (a state's fields, a move's checked cards)"
_ENUM = "an enum: built by Python code in both builds"
_ATTRS = "an attrs class: built by Python code in both builds"

COMPILED_READERS: dict[str, tuple[Callable[[], dict[str, Call]], dict[str, str]]] = {
    "scala40.legal": (
        _legal_calls,
        {"LegalMoves": "built by a game's state from its own generator and moves"},
    ),
    "scala40._base.engine": (
        _engine_calls,
        {
            **dict.fromkeys(("deal_hands", "deal_order", "illegal", "next_active"), _OWN_VALUES),
            **dict.fromkeys(("out_of_phase", "replace_item", "seats_from"), _OWN_VALUES),
            **dict.fromkeys(("with_card", "without", "without_sorted"), _OWN_VALUES),
        },
    ),
    "scala40.games.skarney.phases": (
        _skarney_phases_calls,
        {
            "Phase": _ENUM,
            "HandResult": _ATTRS,
            **dict.fromkeys(("is_stop_card", "side_of", "side_seats"), _OWN_VALUES),
        },
    ),
    "scala40.adapters.nodes": (
        _node_calls,
        {
            "Node": "built by the OpenSpiel game from its own states",
            "Node.settle": "built by the OpenSpiel game from its own states",
            "Node.actions": "reads the node's own actions",
            "Deal": "the one chance step of a deal, built once",
            "Deal.outcomes": "reads no value",
        },
    ),
    "scala40.adapters.candidates": (
        _node_calls,
        {
            "Candidate": "a type",
            "Candidates": "a type",
            "Decision": "built by the action encoding from a state's own legal moves",
            "Decision.actions": "reads the decision's own candidates",
            **dict.fromkeys(("by_token", "gather"), "given a decision's own candidates"),
        },
    ),
    "scala40.adapters.chance": (
        _node_calls,
        {
            "ChanceDraws": "built by the adapters from a state's own chance cards",
            "ChanceDraws.outcomes": "reads no value",
            "shuffled_chance_move": "given a state and the adapters' own random draws",
        },
    ),
    "scala40.games.scala40.phases": (
        dict,
        {"Phase": _ENUM, "HandResult": _ATTRS, "may_close": _OWN_VALUES},
    ),
}
"""The compiled modules whose public callables may be given a caller's values: for each,
the calls that give every such callable (and the entry points that pass a caller's
values on to it) one hostile value, and the public callables that take only the
library's own values, with why. Each annotates a caller's value ``object`` (or a union
holding it), which the compiled boundary lets through, and checks it in the function."""


def _public_callables(name: str) -> set[str]:
    """The public callables of a module: the functions and classes its ``__all__`` names
    (and the codecs, whose functions read a document's and a value's fields), and the
    public methods a class of its own defines (``__getitem__`` and ``__contains__``
    too)."""
    module = importlib.import_module(name)
    found: set[str] = set()
    for public in module.__all__:
        value = getattr(module, public)
        if isinstance(value, type) or callable(value) or isinstance(value, FieldCodec):
            found.add(public)
        if isinstance(value, type) and value.__module__ == name:
            found.update(
                f"{public}.{method}"
                for method, member in vars(value).items()
                if callable(member)
                and (not method.startswith("_") or method in ("__getitem__", "__contains__"))
            )
    return found


def test_the_compiled_readers_are_compiled_and_every_callable_is_accounted_for() -> None:
    listed = _listed_to_compile()
    assert set(COMPILED_READERS) <= listed, sorted(set(COMPILED_READERS) - listed)
    for name, (calls, own_values) in COMPILED_READERS.items():
        called = {call.split(" ")[0] for call in calls()}
        missing = sorted(_public_callables(name) - called - set(own_values))
        assert not missing, f"{name}: given no hostile value, nor said to take none: {missing}"


ANSWER_ANY_VALUE = ("LegalMoves.__contains__", "LegalMoves.count")
"""The calls that answer every value (whether it is listed, how many times) and refuse
none."""


@pytest.mark.parametrize("name", sorted(COMPILED_READERS))
def test_the_compiled_readers_raise_the_librarys_errors(name: str) -> None:
    """Every public callable of a compiled module that reads a caller's value, given
    hostile values (and another game's values): an answer where the value is one it
    takes, else an error of the library, never a bare ``TypeError`` from a compiled
    boundary (in either build); and each but those that answer any value refuses some."""
    calls = COMPILED_READERS[name][0]()
    for label, call in calls.items():
        refused = []
        for value in (*HOSTILE, *_another_games_values()):
            try:
                call(value)
            except Scala40Error:
                refused.append(value)
            except Exception as error:  # the failure names the call and the value
                pytest.fail(f"{label} given {value!r}: {type(error).__name__}: {error}")
        assert bool(refused) is (label not in ANSWER_ANY_VALUE), (label, refused)


@pytest.mark.skipif(not scala40.__compiled__, reason="the pure build")
def test_a_compiled_boundary_refuses_a_wrong_type_bare() -> None:
    # Why the test above is needed: a compiled function checks its arguments against
    # their annotations before its body runs (a tuple here), with a bare TypeError.
    from scala40._base.engine import without_sorted

    with pytest.raises(TypeError) as raised:
        without_sorted([0, 1], ())  # type: ignore[arg-type]
    assert not isinstance(raised.value, Scala40Error)
