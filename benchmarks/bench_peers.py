"""scala40 beside other rummy engines, measured in the same run: random-playout actions
per second of Scala 40 (official rules, 4 and 2 players) and, where they are installed,
of OpenSpiel's ``gin_rummy`` (C++, played through ``pyspiel``) and RLCard's gin rummy
(pure Python, its raw game loop), with the ratios between them.

Run with ``python benchmarks/bench_peers.py`` (``--quick`` for a short run,
``--repeats N`` for more rounds). ``nox -s bench_peers`` makes an environment with
both peers installed; without them the script measures scala40 alone and says so.

Every engine plays whole games of uniformly random legal moves from seeded choices.
An action is a decision of a player: chance steps (deals, the card drawn from the
stock) are part of the time but not counted. A round plays each engine in turn for
about the same time; the rounds are repeated and the medians compared, so that the
machine's changing speed touches every engine alike. CPU time of this process is
measured.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from scala40 import new_game

Engine = Callable[[int], int]
"""Plays one whole game from a seed and returns its number of actions."""


def scala40_engine(players: int) -> Engine:
    def play(seed: int) -> int:
        chooser = random.Random(seed)
        state = new_game("official", players=players, seed=seed)
        actions = 0
        while not state.is_over:
            legal = state.legal_moves()
            state = state.apply(legal[chooser.randrange(len(legal))])
            actions += 1
        return actions

    return play


def open_spiel_engine() -> Engine | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")

    def play(seed: int) -> int:
        chooser = random.Random(seed)
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[chooser.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[chooser.randrange(len(legal))])
                actions += 1
        return actions

    return play


def rlcard_engine() -> Engine | None:
    try:
        from rlcard.games.gin_rummy.game import (  # type: ignore[import-not-found]
            GinRummyGame,
        )
    except ImportError:
        return None

    def play(seed: int) -> int:
        chooser = random.Random(seed)
        game: Any = GinRummyGame()
        game.np_random.seed(seed)
        game.init_game()
        actions = 0
        while not game.is_over():
            legal = game.judge.get_legal_actions()
            game.step(legal[chooser.randrange(len(legal))])
            actions += 1
        return actions

    return play


def measure(engine: Engine, seconds: float, first_seed: int) -> tuple[float, int]:
    """Actions per second over whole games played for about ``seconds``, and the games."""
    actions = games = 0
    clock = time.process_time
    start = clock()
    while True:
        actions += engine(first_seed + games)
        games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return actions / elapsed, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--repeats", type=int, default=None, help="rounds (default 5)")
    args = parser.parse_args()
    repeats = args.repeats or (3 if args.quick else 5)
    seconds = 1.0 if args.quick else 4.0
    engines: dict[str, Engine] = {
        "scala40 official, 4 players": scala40_engine(4),
        "scala40 official, 2 players": scala40_engine(2),
    }
    missing = []
    found = open_spiel_engine()
    if found is None:
        missing.append("OpenSpiel (pip install open_spiel)")
    else:
        engines["OpenSpiel gin_rummy (C++)"] = found
    found = rlcard_engine()
    if found is None:
        missing.append("RLCard (pip install rlcard)")
    else:
        engines["RLCard gin rummy (Python)"] = found
    if missing:
        print("not installed, not measured: " + ", ".join(missing))
    for engine in engines.values():
        measure(engine, seconds / 4, 900_000)  # warm-up: imports, tables
    rates: dict[str, list[float]] = {name: [] for name in engines}
    games: dict[str, int] = dict.fromkeys(engines, 0)
    for _ in range(repeats):
        for name, engine in engines.items():
            rate, played = measure(engine, seconds, games[name])
            rates[name].append(rate)
            games[name] += played
    print(f"random playouts, whole games, {repeats} rounds of about {seconds:g} s per engine; "
          "actions/s: median (lowest-highest)")  # fmt: skip
    medians = {name: statistics.median(times) for name, times in rates.items()}
    for name, times in rates.items():
        print(f"  {name:<30} {medians[name]:>9,.0f}  ({min(times):,.0f}-{max(times):,.0f}, "
              f"{games[name]} games)")  # fmt: skip
    peers = [name for name in engines if not name.startswith("scala40")]
    if peers:
        print("ratios (scala40 / peer, medians of the per-round ratios):")
        for name in engines:
            if name.startswith("scala40"):
                for peer in peers:
                    ratio = statistics.median(
                        mine / theirs for mine, theirs in zip(rates[name], rates[peer])
                    )
                    print(f"  {name} / {peer}: {ratio:.2f}x")


if __name__ == "__main__":
    main()
