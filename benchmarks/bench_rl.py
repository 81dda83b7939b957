"""Environment steps per second of the learning-agent adapters on Scala 40, beside
OpenSpiel's own C++ ``gin_rummy`` and RLCard's gin rummy, measured in one run.

Run with ``python benchmarks/bench_rl.py`` (``--quick`` for a short run) in an
environment with the ``rl`` extra; ``nox -s bench_rl`` makes one with RLCard too (RLCard
is never a dependency of the library). Environments whose packages are missing are
reported as skipped.

Every environment is played by uniformly random legal actions, game after game, from
fixed seeds, in rounds: each round measures every environment for the same time, in
turn, so that the machine's changes of speed hit them alike; the median over the rounds
is reported. Two figures each:

* **steps/s**: actions applied per second, chance outcomes included (OpenSpiel's deals
  are chance nodes: one per card in both games);
* **decisions/s**: the players' actions per second, over the same time;
* **moves/s**: the players' whole moves per second: a move of Scala 40 takes one or a
  few decisions (a discard is two: the verb, then the card); a gin rummy action is a
  whole move.

"With observations" means the agent to act gets its observation every decision (the
PettingZoo environment's ``last()``, OpenSpiel's ``observation_tensor``, RLCard's state,
which its ``step`` always makes); "actions only" reads the legal actions alone.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from scala40.games.scala40.rules import Ruleset

Runner = Callable[[float], tuple[int, int, int]]
"""Plays for about the given seconds; returns the steps, decisions and moves it played."""


def pettingzoo_runner(observe: bool) -> Runner | str:
    # The frameworks are imported here, not above: the benchmark runs without them.
    try:
        from scala40.adapters.pettingzoo import raw_env
    except ImportError as error:
        return f"skipped ({error})"
    env = raw_env("scala40", "official", 2)
    chooser = random.Random(1)
    env.reset(seed=1)

    def run(seconds: float) -> tuple[int, int, int]:
        steps = moves = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(100):
                agent = env.agent_selection
                if env.terminations[agent] or env.truncations[agent]:
                    env.reset(seed=chooser.getrandbits(32))
                    continue
                if observe:
                    mask = env.observe(agent)["action_mask"]
                    legal = mask.nonzero()[0].tolist()
                else:
                    assert env.decision is not None
                    legal = env.decision.actions()
                env.step(legal[chooser.randrange(len(legal))])
                steps += 1
                moves += env.decision is None or not env.decision.prefix
        return steps, steps, moves

    return run


def openspiel_runner(name: str, params: dict[str, Any], observe: bool) -> Runner | str:
    try:
        import pyspiel

        if name.startswith("python_"):
            from scala40.adapters import openspiel  # noqa: F401 - registers the games
    except ImportError as error:
        return f"skipped ({error})"
    game = pyspiel.load_game(name, params)
    chooser = random.Random(2)
    state = game.new_initial_state()

    def run(seconds: float) -> tuple[int, int, int]:
        nonlocal state
        steps = decisions = moves = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(100):
                if state.is_terminal():
                    state = game.new_initial_state()
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    pick = chooser.random()
                    chosen = outcomes[-1][0]
                    for outcome, probability in outcomes:
                        pick -= probability
                        if pick <= 0:
                            chosen = outcome
                            break
                    state.apply_action(chosen)
                else:
                    if observe:
                        state.observation_tensor(state.current_player())
                    legal = state.legal_actions()
                    state.apply_action(legal[chooser.randrange(len(legal))])
                    decisions += 1
                    node = getattr(state, "node", None)  # an adapter's state: moves of tokens
                    moves += node is None or node.decision is None or not node.decision.prefix
                steps += 1
        return steps, decisions, moves

    return run


def rlcard_runner() -> Runner | str:
    try:
        import rlcard
    except ImportError as error:
        return f"skipped ({error})"
    env = rlcard.make("gin-rummy", config={"seed": 3})
    chooser = random.Random(3)
    state, _ = env.reset()

    def run(seconds: float) -> tuple[int, int, int]:
        nonlocal state
        steps = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(100):
                if env.is_over():
                    state, _ = env.reset()
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[chooser.randrange(len(legal))])
                steps += 1
        return steps, steps, steps

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    args = parser.parse_args()
    rounds, seconds = (2, 0.5) if args.quick else (5, 2.0)
    rules = {"players": 2, "rules": json.dumps(Ruleset().to_dict())}
    runners: dict[str, Runner | str] = {
        "PettingZoo scala40, with observations": pettingzoo_runner(observe=True),
        "PettingZoo scala40, actions only": pettingzoo_runner(observe=False),
        "OpenSpiel python_scala40, with observations": openspiel_runner(
            "python_scala40", rules, observe=True
        ),
        "OpenSpiel python_scala40, actions only": openspiel_runner(
            "python_scala40", rules, observe=False
        ),
        "OpenSpiel gin_rummy (C++), with observations": openspiel_runner(
            "gin_rummy", {}, observe=True
        ),
        "OpenSpiel gin_rummy (C++), actions only": openspiel_runner(
            "gin_rummy", {}, observe=False
        ),
        "RLCard gin-rummy, with observations": rlcard_runner(),
    }
    results: dict[str, list[tuple[float, float, float]]] = {name: [] for name in runners}
    for _ in range(rounds):
        for name, runner in runners.items():
            if isinstance(runner, str):
                continue
            start = time.perf_counter()
            counts = runner(seconds)
            elapsed = time.perf_counter() - start
            results[name].append((counts[0] / elapsed, counts[1] / elapsed, counts[2] / elapsed))
    print(f"random play, {rounds} rounds of {seconds:g} s per environment, medians")
    print(f"{'environment':46} {'steps/s':>9} {'decisions/s':>12} {'moves/s':>9}")
    medians: dict[str, tuple[float, ...]] = {}
    for name, runner in runners.items():
        if isinstance(runner, str):
            print(f"{name:46} {runner}")
            continue
        medians[name] = tuple(
            statistics.median(rates[column] for rates in results[name]) for column in range(3)
        )
        steps, decisions, moves = medians[name]
        print(f"{name:46} {steps:9,.0f} {decisions:12,.0f} {moves:9,.0f}")
    pairs = (
        ("PettingZoo scala40, with observations", "RLCard gin-rummy, with observations"),
        (
            "OpenSpiel python_scala40, with observations",
            "OpenSpiel gin_rummy (C++), with observations",
        ),
        ("OpenSpiel python_scala40, actions only", "OpenSpiel gin_rummy (C++), actions only"),
    )
    print("ratios (ours / theirs):")
    for ours, theirs in pairs:
        if ours in medians and theirs in medians:
            decisions = medians[ours][1] / medians[theirs][1]
            moves = medians[ours][2] / medians[theirs][2]
            print(f"  {ours} / {theirs}: decisions {decisions:.2f}, moves {moves:.2f}")


if __name__ == "__main__":
    main()
