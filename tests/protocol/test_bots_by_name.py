"""Bots by name: a game's bots are the bots layer's, found by the game's name
(:mod:`scala40.bots.registry`: the module ``scala40.bots.NAME``, an entry point, or
:func:`~scala40.bots.register_bots`). A promise of every game: playing by a game's rules,
its initial state and its legal moves, loads no bot, neither the bots across games
(:mod:`scala40.bots`) nor any game's own; asking for a bot by name loads it, and it plays.

Each check runs in a fresh interpreter (this one has loaded every bot long ago).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import scala40.bots.registry
from scala40._moved import parts_given_with
from scala40.bots import RandomBot, bot_factories, register_bots
from scala40.bots.knock import BOTS as KNOCK_BOTS
from scala40.bots.registry import GameBots, game_bots_of
from scala40.errors import InvalidArgumentError
from scala40.game import BUILTIN_GAMES, Game, SearchTuning, load_game
from tests import knock_variant

ROOT = Path(__file__).resolve().parents[2]

HELPERS = ("scala40.bots.scala40.playouts", "scala40.bots.knock.stalled")
"""What only the bots import, beside the modules the records name: the playouts of Scala
40's Monte Carlo bot, the stalled hands the knock bots plan for."""


def _bot_modules() -> frozenset[str]:
    """Every module a built-in game's bots live in, and :data:`HELPERS`."""
    named = {
        factory.__module__
        for name in BUILTIN_GAMES
        for factory in game_bots_of(name).bots.values()
    }
    return frozenset(named | set(HELPERS))


BOT_MODULES = _bot_modules()

# What the fresh interpreter runs: a game's rules, then (if asked) a bot by name playing
# a few of its decisions; it prints the modules loaded after each step.
_SCRIPT = """
import json, random, sys
import scala40
game_name, then_bot = sys.argv[1], sys.argv[2]
if game_name == "chinchon50":
    from scala40.game import register_game
    from tests import knock_variant
    register_game(knock_variant.GAME)
game = scala40.load_game(game_name)
state = game.new_game(players=game.default_players, seed=3)
moves = [str(move) for move in state.legal_moves()]
state = state.apply(state.legal_moves()[0])
moves += [str(move) for move in state.legal_moves()]
report = {"moves": len(moves), "rules": sorted(sys.modules)}
if then_bot == "*":
    from scala40.bots.registry import game_bots_of
    factories = list(game_bots_of(game).bots.values())
    report["bots"] = sorted(set(sys.modules) - set(report["rules"]))
elif then_bot:
    from scala40.bots import make_bot
    bot = make_bot(then_bot, game)
    rng, decided = random.Random(1), 0
    while decided < 5 and not state.is_over:
        seat = state.current_player
        legal = state.legal_moves()
        move = legal[0] if seat is None else bot.choose(state.view(seat), legal, rng)
        assert move in legal
        decided += seat is not None
        state = state.apply(move)
    report.update(bot=type(bot).__module__, decided=decided, after=sorted(sys.modules))
print(json.dumps(report))
"""


def _run(game: str, bot: str = "") -> dict[str, object]:
    result = subprocess.run(
        [sys.executable, "-c", _SCRIPT, game, bot],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    report: dict[str, object] = json.loads(result.stdout)
    return report


GAMES = [*BUILTIN_GAMES, knock_variant.GAME.name]
"""The library's games, and a knock-family game written as its rules alone (its record
names the family's bots, as the library's knock games' do)."""


@pytest.mark.parametrize("game", GAMES)
def test_a_game_s_rules_and_legal_moves_load_no_bot(game: str) -> None:
    report = _run(game)
    loaded = report["rules"]
    assert isinstance(loaded, list)
    assert report["moves"], "the legal moves were listed"
    assert f"scala40.games.{game}" in loaded or game == knock_variant.GAME.name
    bots = [
        module
        for module in loaded
        if module == "scala40.bots" or module.startswith("scala40.bots.") or module in BOT_MODULES
    ]
    assert not bots, f"{game}'s rules load bots: {bots}"


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_a_bot_asked_for_by_name_loads_and_plays(game: str) -> None:
    report = _run(game, "greedy")
    after = report["after"]
    assert isinstance(after, list)
    greedy = game_bots_of(game).bots["greedy"]
    assert report["bot"] == greedy.__module__
    assert greedy.__module__ in after
    assert report["decided"] == 5


_SEARCH_CORE = ["scala40._stats", "scala40.deadline"]
_SCALA40_ANALYSIS = [
    "scala40.games.scala40.analysis" + name
    for name in ("", ".closable", ".closing", ".deadwood", ".inputs")
]
"""Scala 40's hand analysis, a tool beside its rules that its bots plan with (as
Skarney's bots do with ``scala40.games.skarney.analysis``)."""
_KNOCK_BOTS = ["scala40.bots.knock." + name for name in ("bots", "careful", "stalled")]
ONLY_THE_BOTS = {
    "scala40": [
        *_SEARCH_CORE,
        *("scala40.bots.scala40." + name for name in ("best", "bots", "careful", "playouts")),
        *_SCALA40_ANALYSIS,
    ],
    "skarney": [
        *_SEARCH_CORE,
        *("scala40.bots.skarney." + name for name in ("bots", "careful", "endgame")),
        "scala40.games.skarney.analysis",
    ],
    "rumino": _KNOCK_BOTS,
    "chinchon": _KNOCK_BOTS,
    "laconga": _KNOCK_BOTS,
}
"""What loading all of a game's own bots loads that its rules did not, beside the bots
layer across games (``scala40.bots`` and its modules of no game): its bots' modules, what
only they import (the games' hand analysis), and the statistics and deadlines of the
searches."""

_OTHER_GAMES_BOTS = ("scala40.bots.scala40", "scala40.bots.skarney", "scala40.bots.knock")


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_loading_a_game_s_bots_loads_what_its_rules_did_not(game: str) -> None:
    assert sorted(ONLY_THE_BOTS) == sorted(BUILTIN_GAMES)
    loaded = _run(game, "*")["bots"]
    assert isinstance(loaded, list)
    assert set(ONLY_THE_BOTS[game]) <= set(loaded)
    own = {module for module in ONLY_THE_BOTS[game] if module.startswith("scala40.bots.")}
    family = {module.rpartition(".")[0] for module in own}
    for module in (name for name in loaded if name.startswith("scala40.")):
        assert not module.startswith("scala40.games") or module in ONLY_THE_BOTS[game], module
        if module.startswith(_OTHER_GAMES_BOTS) and module not in family:
            assert module in own, f"{game}'s bots load another game's: {module}"


def test_every_built_in_bot_lives_in_the_bots_layer() -> None:
    """The library's games' bots live in their game's module of the bots layer
    (``scala40.bots.NAME``, the knock family's ``scala40.bots.knock``), and every knock
    game plays the family's."""
    for name in BUILTIN_GAMES:
        for factory in game_bots_of(name).bots.values():
            family = "knock" if name in ("rumino", "chinchon", "laconga") else name
            assert factory.__module__.startswith(f"scala40.bots.{family}.")
    for knock in ("rumino", "chinchon", "laconga"):
        assert game_bots_of(knock).bots == KNOCK_BOTS
    assert game_bots_of("rumino").search_tuning == SearchTuning(candidates=1)


class _ToyBot(RandomBot):
    name = "toy"


def test_bots_registered_for_a_game_are_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scala40.bots.registry._BOTS, "registered", {})
    given = register_bots("chinchon", {**KNOCK_BOTS, "toy": _ToyBot})
    assert game_bots_of("chinchon") is given
    assert "toy" in bot_factories("chinchon")
    assert "toy" not in bot_factories("laconga")


def _toy_record(**parts: object) -> Game:
    game = load_game("chinchon")
    return Game(
        "toy",
        "Toy",
        "",
        1,
        game.ruleset_type,
        game.new_game,
        game.state_from_dict,
        game.parse_move,
        game.move_from_dict,
        **parts,  # type: ignore[arg-type]
    )


def test_bots_given_with_the_record_warn_and_still_play() -> None:
    """Until the next release a record takes its bots as 0.5 did (``Game(bots=...)``),
    warning with the call that gives them now."""
    with pytest.warns(DeprecationWarning, match=r"scala40\.bots\.register_bots"):
        record = _toy_record(bots={"greedy": _ToyBot}, search_tuning=SearchTuning(worlds=3))
    assert dict(parts_given_with(record))["bots"] == {"greedy": _ToyBot}
    found = scala40.bots.registry._BOTS.look_up(record)
    assert found.bots == {"greedy": _ToyBot}
    assert found.search_tuning.worlds == 3
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        _toy_record(colour="red")


def test_least_deadwood_given_with_the_record_or_asked_of_it_warns_and_still_answers() -> None:
    """Until the next release a record takes ``least_deadwood`` as 0.6's first builds did
    (``Game(least_deadwood=...)``) and answers ``game.least_deadwood``, each warning with
    where it is now: the bots layer's part of the game."""
    least = scala40.bots.registry.game_bots_of("chinchon").least_deadwood
    assert least is not None
    with pytest.warns(DeprecationWarning, match=r"register_bots\(game, bots, least_deadwood"):
        record = _toy_record(least_deadwood=least)
    assert scala40.bots.registry._BOTS.look_up(record).least_deadwood is least
    with pytest.warns(DeprecationWarning, match=r"game_bots_of\(game\)\.least_deadwood"):
        assert load_game("skarney").least_deadwood is (
            scala40.bots.registry.game_bots_of("skarney").least_deadwood
        )


def test_old_paths_of_the_bots_warn_and_give_the_new_ones() -> None:
    import importlib

    with pytest.warns(DeprecationWarning, match=r"import scala40\.bots\.skarney\.careful"):
        old = importlib.import_module("scala40.games.skarney.careful")
    assert old is importlib.import_module("scala40.bots.skarney.careful")
    with pytest.warns(DeprecationWarning, match=r"use scala40\.bots\.knock\.GreedyBot"):
        old_name = importlib.import_module("scala40.games.chinchon").GreedyBot
    assert old_name is KNOCK_BOTS["greedy"]
    with pytest.raises(AttributeError, match="has no attribute 'NoBot'"):
        getattr(importlib.import_module("scala40.games.chinchon"), "NoBot")  # noqa: B009


@pytest.mark.parametrize("bots", [["greedy"], {"greedy": 3}, {1: RandomBot}, None, "greedy"])
def test_a_game_s_bots_are_factories_by_name(bots: object) -> None:
    with pytest.raises(InvalidArgumentError, match="bot factories by name"):
        GameBots(bots)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="expected a SearchTuning"):
        GameBots({}, 8)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"expected least_deadwood\(cards, rules\)"):
        GameBots({}, None, 8)  # type: ignore[arg-type]
