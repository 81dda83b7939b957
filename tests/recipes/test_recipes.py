"""The recipes of the learning page run as written, at a few hundred steps: each script of
``examples/recipes`` and ``examples/train_masked_ppo.py`` in a subprocess. They need the
``recipes`` extra (PyTorch, Stable-Baselines3, sb3-contrib, dm-tree), which the README's
test command does not install: ``nox -s recipes`` (run by ``.ci/run``) does, and they
skip without it."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

RECIPES = [
    pytest.param(
        "train_masked_ppo.py",
        ["--steps", "512", "--envs", "2", "--vec", "subproc", "--deals", "3"],
        ("sb3_contrib", "torch"),
        "trained agent vs greedy: won",
        id="maskable-ppo-seat-env",
    ),
    pytest.param(
        "recipes/pettingzoo_masked_ppo.py",
        ["--steps", "512", "--deals", "3"],
        ("sb3_contrib", "torch", "pettingzoo"),
        "win share against greedy in seat 1:",
        id="pettingzoo-sb3-tutorial",
    ),
    pytest.param(
        "recipes/openspiel_dqn.py",
        ["--episodes", "10", "--deals", "3"],
        ("pyspiel", "torch", "tree"),
        "win share against greedy:",
        id="openspiel-dqn",
    ),
    pytest.param(
        "recipes/openspiel_ismcts.py",
        ["--deals", "1", "--simulations", "10"],
        ("pyspiel",),
        "ISMCTS (10 simulations) against greedy: won",
        id="openspiel-ismcts",
    ),
]


@pytest.mark.parametrize(("script", "arguments", "needs", "expected"), RECIPES)
def test_recipe_runs_as_written(
    script: str, arguments: list[str], needs: tuple[str, ...], expected: str
) -> None:
    missing = [name for name in needs if importlib.util.find_spec(name) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (the recipes extra: nox -s recipes)")
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *arguments],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert expected in done.stdout, done.stdout
