"""The repository's example client in JavaScript (examples/serve_against_bots.mjs) plays
through ``scala40 serve``, as the referee's page shows it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scala40.game import game_names, load_game

ROOT = Path(__file__).resolve().parents[2]
SOURCES = os.pathsep.join([str(ROOT / "src"), str(ROOT / "server" / "src")])
"""The rules' and the server's sources: the processes the example starts import them."""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_a_node_program_plays_every_game_against_the_bots() -> None:
    """The example client in JavaScript plays a whole game of each game through
    ``scala40 serve``, against the greedy bots."""
    env = {**os.environ, "PYTHONPATH": SOURCES, "PYTHON": sys.executable}
    done = subprocess.run(
        ["node", str(ROOT / "examples" / "serve_against_bots.mjs"), "greedy"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        load_game(name).title for name in game_names()
    ]
    assert all("of greedy" in line for line in lines)
