"""The package's front door: ``scala40.__all__`` holds the core, the game registry and
the default game (Scala 40, its rules and its bots) and nothing else; each name is the object of the module
that owns it; the tools keep their names in their own modules."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import scala40
from scala40 import cards, deadline, errors, game, legal, melds
from scala40.bots import scala40 as default_bots
from scala40.games import scala40 as default_game
from scala40.games.scala40 import analysis as default_analysis

CORE_MODULES = (cards, deadline, errors, game, legal, melds)
TOOL_NAMES = (
    "Bot",
    "GameRecord",
    "PlayoutBot",
    "RandomBot",
    "TournamentResult",
    "play_game",
    "run_tournament",
)
REMOVED_MODULES = ("analysis", "moves", "ruleset", "state", "view")


@pytest.mark.parametrize("name", sorted(set(scala40.__all__) - {"__version__", "__compiled__"}))
def test_every_name_comes_from_the_core_the_registry_or_the_default_game(name: str) -> None:
    """Each name of the front door is the core's, the registry's, or the default game's:
    its rules, its hand analysis or its bots."""
    value = getattr(scala40, name)
    homes = (*CORE_MODULES, default_game, default_analysis, default_bots)
    owners = [m for m in homes if vars(m).get(name) is value]
    core_extras = {"cache_sizes", "clear_caches"}  # the caches' report, from scala40._cache
    assert owners or name in core_extras, f"scala40.{name} has no owner module"


@pytest.mark.parametrize("name", TOOL_NAMES)
def test_tools_live_in_their_modules(name: str) -> None:
    assert name not in scala40.__all__
    assert name not in dir(scala40)
    with pytest.raises(AttributeError, match=name):
        getattr(scala40, name)


@pytest.mark.parametrize("module", REMOVED_MODULES)
def test_the_old_layout_modules_are_gone(module: str) -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"scala40.{module}")


def test_the_registry_and_the_default_game() -> None:
    assert scala40.load_game(scala40.game.DEFAULT_GAME).title == "Scala 40"
    assert scala40.new_game is default_game.new_game
    assert scala40.GameState is default_game.GameState


def test_tool_modules_are_attributes_on_first_use() -> None:
    assert scala40.tournament.run_tournament.__module__ == "scala40.tournament"
    assert scala40.records.GameRecord.__module__ == "scala40.records"


def test_importing_the_package_loads_no_game_and_no_tool() -> None:
    code = (
        "import sys, scala40\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('scala40.'))\n"
        "print(' '.join(loaded))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert not [m for m in out if m.startswith("scala40.games.")], out
    tools = ("scala40.bots", "scala40.tournament", "scala40.records", "scala40.cli")
    assert not [m for m in out if m.startswith(tools)], out


def test_importing_the_package_loads_only_its_errors() -> None:
    """Every other name and module is loaded on first use: ``import scala40`` costs next
    to nothing (the command line answers a Ctrl-C from the moment it starts: see
    ``scala40.__main__``), and ``scala40.melds`` and the core's other modules are still
    its attributes, as when it loaded them at once."""
    code = (
        "import sys, scala40\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('scala40'))))\n"
        "print(scala40.melds.check_meld is scala40.check_meld, scala40.cards.__name__)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == ["scala40 scala40.errors", "True scala40.cards"]


def test_the_architecture_page_counts_what_importing_a_game_loads() -> None:
    """The page's figure: the modules of the package (and their lines, to a tenth) that
    importing Chinchón loads."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "architecture.rst").read_text()
    said = re.search(
        r"importing Chinchón\nloads (\d+) modules of the package \(about ([\d,]+) lines\)", page
    )
    assert said is not None
    # A compiled build's module is an extension module with its source beside it (and its
    # runtime, scala40__mypyc, is no module of the package).
    code = (
        "import pathlib, sys, scala40.games.chinchon\n"
        "mods = [m for m in list(sys.modules.values()) if m.__name__.split('.')[0] == 'scala40']\n"
        "paths = [pathlib.Path(m.__file__) for m in mods]\n"
        "sources = [path.with_name(path.name.split('.')[0] + '.py') for path in paths]\n"
        "print(len(mods), sum(len(path.read_text().splitlines()) for path in sources))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    modules, lines = map(int, out.stdout.split())
    assert modules == int(said.group(1))
    assert abs(lines - int(said.group(2).replace(",", ""))) <= lines / 10
