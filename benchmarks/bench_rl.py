"""Environment steps per second of the learning-agent adapters on every game of the
library, beside OpenSpiel's own C++ ``gin_rummy`` and RLCard's gin rummy, measured in one
run; and the time each game's observation encoding takes to encode a view.

Run with ``python benchmarks/bench_rl.py`` (``--quick`` for a short run; ``--game NAME``,
repeated, for some games only: every registered game by default) in an environment with
the ``rl`` extra; ``nox -s bench_rl`` makes one with RLCard too (RLCard is never a
dependency of the library). Environments whose packages are missing are reported as
skipped.

Each game is played with its standard rules and its usual number of players. Every
environment is played by uniformly random legal actions, game after game, from fixed
seeds. First every environment plays one round unmeasured, a warm-up: the library keeps
the melds of hands and tables it met (as any long run does after its first seconds), and
the ratios of that cold round are reported apart. Then come the rounds: in each, every
environment of a game is measured for the same time right before its peer, so that a
ratio compares two runs a few seconds apart, which the machine's changes of speed hit
alike. The rates reported are medians over the rounds; a ratio is the median of the
per-round ratios, with the lowest and the highest. Three figures each:

* **steps/s**: actions applied per second, chance outcomes included (OpenSpiel's deals
  are chance nodes: one per card in every game);
* **decisions/s**: the players' actions per second, over the same time;
* **moves/s**: the players' whole moves per second: a move of the library's games takes
  one or a few decisions (a discard is two: the verb, then the card); a gin rummy action
  is a whole move.

Beside every ratio, the highest load average read while it was measured, flagged when
above one per core (``machine_load.py``): a ratio read on a busy machine measures the
crowd; read it again at rest, or take the median of three runs.

"With observations" means the agent to act gets its observation every decision (the
PettingZoo environment's ``last()``, OpenSpiel's ``observation_tensor``, RLCard's state,
which its ``step`` always makes); "actions only" reads the legal actions alone.

The encodings' figures (no framework needed) are microseconds per view, the best of
three passes over the views of every seat in seeded random games: ``encode`` (the
numbers) and ``text`` (the observation string).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from machine_load import LoadWatch

from scala40.adapters.observation import observation_of
from scala40.game import Game, game_names, load_game

Runner = Callable[[float], tuple[int, int, int]]
"""Plays for about the given seconds; returns the steps, decisions and moves it played."""


def pettingzoo_runner(game: Game, observe: bool) -> Runner | str:
    # The frameworks are imported here, not above: the benchmark runs without them.
    try:
        from scala40.adapters.pettingzoo import raw_env
    except ImportError as error:
        return f"skipped ({error})"
    env = raw_env(game, None, game.default_players)
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


def encoding_speed(game: Game, views: int = 3000) -> tuple[float, float, int]:
    """Microseconds to encode a view and to write its text, the best of three passes over
    the views of every seat in seeded random games; and the numbers in an encoding."""
    encoding = observation_of(game)
    if encoding is None:
        return (float("nan"), float("nan"), 0)
    players = game.default_players
    seen: list[Any] = []
    seed = 0
    while len(seen) < views:
        chooser = random.Random(seed)
        state = game.new_game(None, players, seed)
        while not state.is_over and len(seen) < views:
            seen.extend(state.view(seat) for seat in range(players))
            legal = state.legal_moves()
            state = state.apply(legal[chooser.randrange(len(legal))])
        seed += 1
    best = [float("inf"), float("inf")]
    for _ in range(3):
        for column, function in enumerate((encoding.encode, encoding.text)):
            start = time.perf_counter()
            for view in seen:
                function(view)
            best[column] = min(best[column], (time.perf_counter() - start) / len(seen))
    return best[0] * 1e6, best[1] * 1e6, len(encoding.encode(seen[0]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument(
        "--game",
        action="append",
        choices=game_names(),
        help="a game to measure (repeat for several; every game by default)",
    )
    args = parser.parse_args()
    rounds, seconds = (2, 0.5) if args.quick else (5, 2.0)
    games = [load_game(name) for name in args.game or game_names()]

    print("observation encodings, microseconds per view (best of 3 passes)")
    print(f"{'game':10} {'players':>7} {'numbers':>8} {'encode':>8} {'text':>8}")
    for game in games:
        encode, text, size = encoding_speed(game, 600 if args.quick else 3000)
        print(f"{game.name:10} {game.default_players:7} {size:8} {encode:8.1f} {text:8.1f}")
    print()

    runners: dict[str, Runner | str] = {}
    for game in games:
        rules = game.ruleset_type()
        params = {"players": game.default_players, "rules": json.dumps(rules.to_dict())}
        for observe, label in ((True, "with observations"), (False, "actions only")):
            runners[f"PettingZoo {game.name}, {label}"] = pettingzoo_runner(game, observe)
        for observe, label in ((True, "with observations"), (False, "actions only")):
            runners[f"OpenSpiel python_{game.name}, {label}"] = openspiel_runner(
                f"python_{game.name}", params, observe
            )
    runners["OpenSpiel gin_rummy (C++), with observations"] = openspiel_runner(
        "gin_rummy", {}, observe=True
    )
    runners["OpenSpiel gin_rummy (C++), actions only"] = openspiel_runner(
        "gin_rummy", {}, observe=False
    )
    runners["RLCard gin-rummy, with observations"] = rlcard_runner()
    pairs = []
    for game in games:
        pairs += [
            (f"PettingZoo {game.name}, with observations", "RLCard gin-rummy, with observations"),
            (
                f"OpenSpiel python_{game.name}, with observations",
                "OpenSpiel gin_rummy (C++), with observations",
            ),
            (
                f"OpenSpiel python_{game.name}, actions only",
                "OpenSpiel gin_rummy (C++), actions only",
            ),
        ]
    measured = {name: runner for name, runner in runners.items() if not isinstance(runner, str)}
    pairs = [(ours, theirs) for ours, theirs in pairs if ours in measured and theirs in measured]
    paired = {name for pair in pairs for name in pair}

    def measure(name: str) -> tuple[float, float, float]:
        start = time.perf_counter()
        counts = measured[name](seconds)
        elapsed = time.perf_counter() - start
        return counts[0] / elapsed, counts[1] / elapsed, counts[2] / elapsed

    def ratio(ours: tuple[float, ...], theirs: tuple[float, ...]) -> tuple[float, float]:
        return ours[1] / theirs[1], ours[2] / theirs[2]

    # The warm-up round: each environment right before its peer, as in the rounds.
    cold: dict[tuple[str, str], tuple[float, float]] = {}
    watch = LoadWatch()  # the load beside every ratio (see machine_load)
    for ours, theirs in pairs:
        watch.read(("cold", ours, theirs))
        cold[ours, theirs] = ratio(measure(ours), measure(theirs))
        watch.read(("cold", ours, theirs))
    for name in measured:
        if name not in paired:
            measure(name)
    results: dict[str, list[tuple[float, float, float]]] = {name: [] for name in measured}
    ratios: dict[tuple[str, str], list[tuple[float, float]]] = {pair: [] for pair in pairs}
    for _ in range(rounds):
        for ours, theirs in pairs:
            watch.read((ours, theirs))
            mine, peer = measure(ours), measure(theirs)
            watch.read((ours, theirs))
            results[ours].append(mine)
            results[theirs].append(peer)
            ratios[ours, theirs].append(ratio(mine, peer))
        for name in measured:
            if name not in paired:
                results[name].append(measure(name))
    print(
        f"random play, after a warm-up round, {rounds} rounds of {seconds:g} s per "
        "environment, medians"
    )
    print(f"{'environment':50} {'steps/s':>9} {'decisions/s':>12} {'moves/s':>9}")
    for name, runner in runners.items():
        if isinstance(runner, str):
            print(f"{name:50} {runner}")
            continue
        steps, decisions, moves = (
            statistics.median(rates[column] for rates in results[name]) for column in range(3)
        )
        print(f"{name:50} {steps:9,.0f} {decisions:12,.0f} {moves:9,.0f}")
    print("ratios (ours / theirs), median of the rounds' ratios (lowest-highest):")
    for pair, found in ratios.items():
        by_decision = [item[0] for item in found]
        by_move = statistics.median(item[1] for item in found)
        print(
            f"  {pair[0]} / {pair[1]}: decisions {statistics.median(by_decision):.2f} "
            f"({min(by_decision):.2f}-{max(by_decision):.2f}), moves {by_move:.2f} "
            + watch.note(pair)
        )
    print("the same in the warm-up round (cold: nothing kept yet):")
    for pair, (first_decisions, first_moves) in cold.items():
        print(
            f"  {pair[0]} / {pair[1]}: decisions {first_decisions:.2f}, moves {first_moves:.2f} "
            + watch.note(("cold", *pair))
        )


if __name__ == "__main__":
    main()
