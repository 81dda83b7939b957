"""A new game gets every tool of the library without a change to any tool.

``examples/add_a_game.py`` builds three-card rummy on the core (``scala40.game``) and
registers it. The protocol suite checks its promises beside the library's own games
(``tests/protocol``); here, in a fresh process where it is registered, the tools play
it: its bots and the generic ones, a tournament, a game record saved and replayed, the
command line (``rules``, ``simulate``, ``play`` against a bot, ``replay``), and both
learning-agent adapters when their packages are installed.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.example_game import PATH

SCRIPT = r"""
import io, json, random, sys, tempfile
from pathlib import Path
sys.path.insert(0, {examples!r})
import add_a_game as trio
from scala40.game import game_names, load_game, register_game

register_game(trio.GAME)
from scala40.bots import register_bots
register_bots("trio", trio.BOTS)
assert "trio" in game_names() and load_game("trio") is trio.GAME
report = {{}}

# Bots, by name, through the one registry the tools read.
from scala40.bots import bot_names, make_bot, play_game
report["bots"] = list(bot_names("trio"))
# The thinking bots at small options: each plays a whole game by name, not well.
LIGHT = {{"playout": ":playouts=2", "montecarlo": ":playouts=2", "belief": ":worlds=2",
         "search": ":worlds=2", "ismcts": ":iterations=12,rollout_depth=6"}}
for name in report["bots"]:
    spec = name + LIGHT.get(name, "")
    bots = [make_bot(spec, "trio"), make_bot("random", "trio")]
    final = play_game(trio.new_game(players=2, seed=3), bots, rng=3)
    assert final.is_over, name

# A tournament, in this process (worker processes would not know the game).
from scala40.tournament import run_tournament
result = run_tournament(20, ["greedy", "random"], seed=2, game="trio", workers=1)
report["tournament_games"] = len(result.games)
again = type(result).from_dict(json.loads(json.dumps(result.to_dict())))
assert again == result

# A record saved as JSON and replayed to the same state.
from scala40.records import GameRecord
record = GameRecord.start("wild", players=3, seed=8, game="trio")
state = record.final_state()
while not state.is_over:
    move = state.legal_moves()[0]
    record = record.append(state, move)
    state = state.apply(move)
loaded = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
assert loaded.final_state() == state and loaded.game == "trio"
report["record_moves"] = len(record.moves)

# The command line.
from scala40.cli import main
def run(argv, stdin=""):
    sys.stdin = io.StringIO(stdin)
    out, sys.stdout = sys.stdout, io.StringIO()
    try:
        code = main(argv)
        text = sys.stdout.getvalue()
    finally:
        sys.stdout = out
    return code, text
code, text = run(["rules", "standard", "--game", "trio"])
assert code == 0 and "max_turns" in text, text
code, text = run(["simulate", "--game", "trio", "--games", "6", "--bots", "greedy", "random",
                  "--workers", "1", "--seed", "4"])
assert code == 0 and "greedy" in text, text
folder = Path(tempfile.mkdtemp())
saved = folder / "game.json"
code, text = run(["play", "--game", "trio", "--seed", "2", "--bots", "greedy", "--save",
                  str(saved)], stdin="moves\nquit\n")
assert code in (0, 3), (code, text)
code, text = run(["replay", str(saved)]) if saved.exists() else (0, "")
assert code == 0, text
report["cli"] = True

# The learning-agent adapters, where their packages are installed.
try:
    from scala40.adapters.pettingzoo import env
except Exception:
    report["pettingzoo"] = "absent"
else:
    environment = env("trio", players=2)
    environment.reset(seed=1)
    steps = 0
    for agent in environment.agent_iter(max_iter=500):
        observation, reward, terminated, truncated, info = environment.last()
        if terminated or truncated:
            action = None
        else:
            mask = observation["action_mask"]
            action = int(random.Random(steps).choice(mask.nonzero()[0]))
        environment.step(action)
        steps += 1
    report["pettingzoo"] = steps
try:
    import pyspiel
    from scala40.adapters.openspiel import load_game as openspiel_game
except Exception:
    report["openspiel"] = "absent"
else:
    game = openspiel_game("trio", players=2)
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choice(outcomes)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    report["openspiel"] = state.returns()
print(json.dumps(report))
"""


def _run_script() -> dict[str, object]:
    code = SCRIPT.format(examples=str(PATH.parent))
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    report: dict[str, object] = json.loads(completed.stdout.strip().splitlines()[-1])
    return report


@pytest.fixture(scope="module")
def report() -> dict[str, object]:
    return _run_script()


def test_the_tools_play_a_new_game(report: dict[str, object]) -> None:
    assert report["bots"] == [
        "random",
        "greedy",
        "montecarlo",
        "playout",
        "ismcts",
        "belief",
        "search",
        "best",
    ]
    assert report["tournament_games"] == 20
    assert isinstance(report["record_moves"], int)
    assert report["record_moves"] > 1
    assert report["cli"] is True


def test_the_adapters_play_a_new_game(report: dict[str, object]) -> None:
    if importlib.util.find_spec("pettingzoo") is None:
        pytest.skip("the learning-agent extras are not installed")
    steps = report["pettingzoo"]
    assert isinstance(steps, int)
    assert steps > 2
    if importlib.util.find_spec("pyspiel") is not None:
        returns = report["openspiel"]
        assert isinstance(returns, list)
        assert len(returns) == 2


def test_the_example_is_a_whole_game_in_one_file() -> None:
    text = PATH.read_text(encoding="utf-8")
    assert "TODO" not in text
    assert len(text.splitlines()) < 600
    assert Path(PATH).name == "add_a_game.py"
