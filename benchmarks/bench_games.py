"""Every registered game in one run: random-playout actions per second and the time of
``legal_moves()`` per phase, so that the games compare on the same machine at the same
moment.

Run with ``python benchmarks/bench_games.py`` (``--quick`` for a short run, ``--game
NAME`` for some games only). Each game plays seeded random games under its standard
rules, at its usual number of players, to their end or a move limit; CPU time of this
process is measured. A game's state may have a ``phase`` attribute (an enum, as Scala
40's); ``legal_moves()`` times are grouped by it, else by the move the state allows first.
"""

from __future__ import annotations

import argparse
import enum
import random
import statistics
import time
from collections import defaultdict
from typing import Any

from scala40.game import Game, game_names, load_game


def _phase(state: Any) -> str:
    phase = getattr(state, "phase", None)
    if isinstance(phase, enum.Enum):
        return str(phase.value)
    if state.is_chance:
        return "chance"
    return "decision"


def playouts(game: Game, games: int, max_actions: int, first_seed: int) -> tuple[int, float]:
    """Actions played and CPU seconds for ``games`` seeded random games."""
    total = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        chooser = random.Random(seed)
        state = game.new_game(None, game.default_players, seed)
        actions = 0
        while not state.is_over and actions < max_actions:
            legal = state.legal_moves()
            state = state.apply(legal[chooser.randrange(len(legal))])
            actions += 1
        total += actions
    return total, time.process_time() - start


def phases(game: Game, games: int, max_actions: int) -> dict[str, list[float]]:
    """Microseconds of each state's first ``legal_moves()``, grouped by phase."""
    found: dict[str, list[float]] = defaultdict(list)
    clock = time.perf_counter_ns
    for seed in range(50_000, 50_000 + games):
        chooser = random.Random(seed)
        state = game.new_game(None, game.default_players, seed)
        actions = 0
        while not state.is_over and actions < max_actions:
            start = clock()
            legal = list(state.legal_moves())
            found[_phase(state)].append((clock() - start) / 1000)
            state = state.apply(legal[chooser.randrange(len(legal))])
            actions += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    games = 4 if args.quick else 30
    max_actions = 2000
    names = args.game or list(game_names())
    print(f"random playouts: {games} games per game after {games // 2} warm-up games, "
          f"at most {max_actions} actions each")  # fmt: skip
    for name in names:
        game = load_game(name)
        playouts(game, max(1, games // 2), max_actions, 0)  # warm-up: tables, imports
        actions, seconds = playouts(game, games, max_actions, 1000)
        print(f"  {game.title:<12} {game.default_players} players: "
              f"{actions / seconds:>9,.0f} actions/s  ({actions} actions)")  # fmt: skip
    print("legal_moves() at each state of random playouts, first generation, microseconds")
    for name in names:
        game = load_game(name)
        for phase, times in sorted(phases(game, max(2, games // 3), max_actions).items()):
            times.sort()
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            print(f"  {game.title:<12} {phase:<10} {len(times):>7} states  median "
                  f"{statistics.median(times):>7.1f}  mean {statistics.mean(times):>7.1f}  "
                  f"p99 {p99:>8.1f}  max {times[-1]:>8.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
