"""Bots by name: a game's record names its bots and where they live
(:class:`~scala40.game.BotRef`), and loads one the first time it is asked for
(:class:`~scala40.game.BotTable`). A promise of every game: playing by a game's rules,
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

from scala40.bots import RandomBot
from scala40.errors import InvalidArgumentError, InvalidBotSpecError
from scala40.game import BUILTIN_GAMES, BotRef, BotTable, load_game
from scala40.games._knock.family import BOTS as KNOCK_BOTS
from tests import knock_variant

ROOT = Path(__file__).resolve().parents[2]

HELPERS = ("scala40.games.scala40.playouts", "scala40.games._knock.stalled")
"""What only the bots import, beside the modules the records name: the playouts of Scala
40's Monte Carlo bot, the stalled hands the knock bots plan for."""


def _bot_modules() -> frozenset[str]:
    """Every module a built-in game's record names for a bot, and :data:`HELPERS`."""
    named = {
        ref.module
        for name in BUILTIN_GAMES
        for bot in load_game(name).bots
        if (ref := load_game(name).bots.where(bot)) is not None
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
    factories = [game.bots[name] for name in game.bots]
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
    record = load_game(game)
    greedy = record.bots.where("greedy")
    assert greedy is not None
    assert report["bot"] == greedy.module
    assert greedy.module in after
    assert report["decided"] == 5


_SEARCH_CORE = ["scala40._stats", "scala40.deadline"]
_KNOCK_BOTS = ["scala40.games._knock." + name for name in ("bots", "careful", "stalled")]
ONLY_THE_BOTS = {
    "scala40": [
        *_SEARCH_CORE,
        *("scala40.games.scala40." + name for name in ("best", "bots", "careful", "playouts")),
    ],
    "skarney": [
        *_SEARCH_CORE,
        *("scala40.games.skarney." + name for name in ("bots", "careful", "endgame")),
    ],
    "rumino": _KNOCK_BOTS,
    "chinchon": _KNOCK_BOTS,
    "laconga": _KNOCK_BOTS,
}
"""What loading all of a game's own bots loads that its rules did not: its bots' modules,
what only they import, and the statistics and deadlines of the searches (the figures of
the changelog: 6 modules for Scala 40, 5 for Skarney, 3 for each knock game)."""


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_loading_a_game_s_bots_loads_what_its_rules_did_not(game: str) -> None:
    assert sorted(ONLY_THE_BOTS) == sorted(BUILTIN_GAMES)
    assert _run(game, "*")["bots"] == sorted(ONLY_THE_BOTS[game])


def test_every_built_in_bot_is_named_where_it_lives() -> None:
    """The library's games give every bot of theirs as a :class:`BotRef`, in their own
    package or the knock family's, and each loads the class its package offers under
    the same name (``scala40.games.chinchon.GreedyBot``)."""
    for name in BUILTIN_GAMES:
        record = load_game(name)
        package = sys.modules[f"scala40.games.{name}"]
        for bot in record.bots:
            ref = record.bots.where(bot)
            assert ref is not None, f"{name}'s {bot} is loaded with its rules"
            assert ref.module.startswith((f"scala40.games.{name}.", "scala40.games._knock."))
            assert record.bots[bot] is ref.load()
            if ref.attribute in package.__all__:
                assert getattr(package, ref.attribute) is record.bots[bot]
    for knock in ("rumino", "chinchon", "laconga"):
        assert load_game(knock).bots is KNOCK_BOTS  # one table: each bot loaded once


def test_a_table_loads_each_bot_once_and_only_when_asked() -> None:
    ref = BotRef("scala40.games.scala40.careful", "CarefulBot")
    table = BotTable({"first": ref, "given": ref.load})
    assert list(table) == ["first", "given"]
    assert len(table) == 2
    assert "first" in table
    assert "other" not in table
    assert not table.loaded("first")
    assert table.loaded("given")
    assert table["first"] is table["first"] is ref.load()
    assert table.loaded("first")
    assert table.where("given") is None
    with pytest.raises(KeyError):
        table["other"]
    with pytest.raises(KeyError):
        table.loaded("other")


@pytest.mark.parametrize(
    ("module", "attribute"),
    [("", "GreedyBot"), ("scala40..bots", "GreedyBot"), (3, "GreedyBot"),
     ("scala40.bots", "a.b"), ("scala40.bots", ""), ("scala40.bots", None),
     ("a" * 501, "GreedyBot"), ("scala40.bots", "x" * 501)],
)  # fmt: skip
def test_a_bot_ref_refuses_what_names_no_module_or_attribute(
    module: object, attribute: object
) -> None:
    with pytest.raises(InvalidArgumentError, match="a bot's"):
        BotRef(module, attribute)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "ref",
    [BotRef("scala40.no_such_bots", "GreedyBot"), BotRef("scala40.cards", "JOKER"),
     BotRef("scala40.cards", "NoSuchBot")],
)  # fmt: skip
def test_a_bot_that_cannot_be_loaded_is_a_refused_bot(ref: BotRef) -> None:
    with pytest.raises(InvalidBotSpecError, match=f"the bot {ref} cannot be loaded"):
        ref.load()
    table = BotTable({"broken": ref})
    assert "broken" in table  # naming it loads nothing
    with pytest.raises(InvalidBotSpecError):
        table["broken"]


@pytest.mark.parametrize("bots", [["greedy"], {"greedy": 3}, {1: RandomBot}, None, "greedy"])
def test_a_table_refuses_what_is_no_bots_by_name(bots: object) -> None:
    with pytest.raises(InvalidArgumentError, match="bot factories or BotRef values by name"):
        BotTable(bots)  # type: ignore[arg-type]
