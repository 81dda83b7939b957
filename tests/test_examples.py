"""Every script in ``examples/`` runs to the end and prints what its docstring promises."""

from __future__ import annotations

import functools
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: A line each script must print (a sign that it got through its main work).
EXPECTED = {
    "add_a_game.py": "A record replays: True",
    "analyse_a_hand.py": "the player can close this turn: swap 6H #0",
    "build_your_own_bot.py": "collector     60",
    "check_a_turn.py": "accepted 'draw; meld KD KH KC; meld 7S 8S 9S; discard QH'",
    "game_server.py": "median time per request, in ms:",
    "learning_agents.py": "legal first tokens after a draw: ['meld', 'discard']",
    "play_chinchon.py": "close KS : 5S 5H 5D / AC 2C 3C 4C",
    "play_laconga.py": "P1 (left) re-enters at 86 (LC-REENGANCHE).",
    "play_random_game.py": "replayed: True",
    "play_rumino.py": "holds a Rumino, claiming 9H",
    "play_skarney.py": "Replayed from its record: True",
    "run_tournament.py": "mean game length",
    "search_with_views.py": "MonteCarloBot plays:",
    "share_a_position.py": "read back as the game's view: True",
    "train_masked_ppo.py": "random agent vs greedy: won",
    "validate_melds.py": "total 42: opens",
}


def test_every_example_is_checked() -> None:
    assert sorted(path.name for path in EXAMPLES.glob("*.py")) == sorted(EXPECTED)


#: Arguments that keep a script short where it would run long: with sb3-contrib installed,
#: the masked PPO example trains (five minutes unless told).
ARGUMENTS = {"train_masked_ppo.py": ["--steps", "256", "--deals", "3"]}

#: The optional packages an example cannot run without (the learning-agent extra).
NEEDS = {"train_masked_ppo.py": ("numpy", "gymnasium")}


#: Scripts whose whole run is costly, left to the soak (``nox -s soak``; ``nox -s examples``
#: runs every script too): the game server plays a match of every game over HTTP.
SOAKED = {"game_server.py"}


@functools.cache
def _run(name: str) -> str:
    """What the example ``name`` prints (run once for the tests that read it)."""
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / name), *ARGUMENTS.get(name, [])],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=(pytest.mark.slow,) if name in SOAKED else ())
        for name in sorted(EXPECTED)
    ],
)
def test_example_runs(name: str) -> None:
    missing = [
        module for module in NEEDS.get(name, ()) if importlib.util.find_spec(module) is None
    ]
    if missing:
        pytest.skip(f"{name} needs the learning-agent extras ({', '.join(missing)})")
    output = _run(name)
    assert EXPECTED[name] in output, output


def _without_times(lines: list[str]) -> list[list[str]]:
    """Each line's words, the bot table's last column (its times, which depend on the
    machine) left out."""
    return [line.split()[:-1] if "%" in line else line.split() for line in lines]


def test_the_bot_guide_shows_what_the_bot_example_prints() -> None:
    """docs/bots.rst shows the output of examples/build_your_own_bot.py: the same lines,
    the same figures, but the times."""
    text = (EXAMPLES.parent / "docs" / "bots.rst").read_text(encoding="utf-8")
    block = text.split("Its output looks like this (the times depend on the machine)::\n\n")[1]
    shown = [line.strip() for line in block.split("\n\n")[0].splitlines()]
    printed = _run("build_your_own_bot.py").strip().splitlines()
    assert _without_times(shown) == _without_times(printed)


def test_the_learning_example_shows_where_its_evaluation_is() -> None:
    """examples/train_masked_ppo.py prints a line at each tenth of an evaluation's games
    (the last one among them) before the evaluation's summary, and tells how to install
    PyTorch's CPU build."""
    name = "train_masked_ppo.py"
    missing = [module for module in NEEDS[name] if importlib.util.find_spec(module) is None]
    if missing:
        pytest.skip(f"{name} needs the learning-agent extras ({', '.join(missing)})")
    lines = _run(name).splitlines()
    summary = lines.index(
        next(line for line in lines if line.startswith("random agent vs greedy:"))
    )
    progress = [line for line in lines[:summary] if line.startswith("  random agent vs greedy: ")]
    assert progress, lines
    assert progress[-1].endswith("games played"), lines
    played, total = progress[-1].split(": ")[1].removesuffix(" games played").split(" of ")
    assert played == total
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    assert "pip install torch --index-url https://download.pytorch.org/whl/cpu" in text
