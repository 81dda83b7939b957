"""Engine speed: random-playout actions per second, legal_moves() and apply() per phase,
a full hand, and the memory a game's chain of states retains.

Run with ``python benchmarks/bench_engine.py`` (``--quick`` for a short run). The
workload is fixed (seeded matches), so runs on one machine compare; CPU time of
this process is measured, which other load on the machine disturbs less.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc
from collections import defaultdict
from collections.abc import Callable
from functools import partial

import attrs

import scala40
from scala40 import GameState, Phase, new_game


def playout(rules: str, players: int, seed: int, max_actions: int) -> tuple[GameState, int]:
    """A match of uniformly random legal moves, to its end or ``max_actions``."""
    chooser = random.Random(seed)
    state = new_game(rules, players=players, seed=seed)
    actions = 0
    while not state.is_over and actions < max_actions:
        moves = list(state.legal_moves())
        state = state.apply(chooser.choice(moves))
        actions += 1
    return state, actions


def bench_playouts(games: int, max_actions: int) -> None:
    print(
        f"random playouts ({games} matches per preset, at most {max_actions} actions each); "
        "cold: the first matches of the process, warm: as many new matches after them"
    )
    for rules, players in (("official", 4), ("official", 2), ("classic", 4), ("online", 3)):
        rates = []
        # The meld tables and searches fill caches as they go: the first matches pay for
        # that, later ones (any seed) mostly find their answers.
        for first_seed in (0, 10_000):
            total = 0
            start = time.process_time()
            for seed in range(first_seed, first_seed + games):
                _, actions = playout(rules, players, seed, max_actions)
                total += actions
            rates.append(total / (time.process_time() - start))
        print(
            f"  {rules:<10} {players} players: cold {rates[0]:>8,.0f} actions/s, "
            f"warm {rates[1]:>8,.0f} actions/s"
        )


def sample_states(games: int) -> list[GameState]:
    """States met along seeded random playouts (official rules, 4 players)."""
    states: list[GameState] = []
    for seed in range(games):
        chooser = random.Random(1000 + seed)
        state = new_game("official", players=4, seed=1000 + seed)
        while not state.is_over and len(states) < (seed + 1) * 400:
            states.append(state)
            state = state.apply(chooser.choice(list(state.legal_moves())))
    return states


def _median_us(function: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        function()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1000


def _fresh(state: GameState) -> GameState:
    """An equal state that has not generated its legal moves yet."""
    return attrs.evolve(state)


def _generate_fresh(state: GameState) -> list[scala40.Move]:
    return list(_fresh_copy_of(state).legal_moves())


def _apply_checked(state: GameState, move: scala40.Move) -> GameState:
    # A move equal to, but not taken from, the state's own list: applied with every check.
    return _fresh_copy_of(state).apply(scala40.parse_move(str(move)))


def _fresh_copy_of(state: GameState) -> GameState:
    copy = _COPIES.get(id(state))
    if copy is None or copy[0] is not state:
        copy = _COPIES[id(state)] = (state, _fresh(state))
    # Forget what the copy generated last time, so that each call does the work again.
    object.__setattr__(copy[1], "_legal", None)
    return copy[1]


_COPIES: dict[int, tuple[GameState, GameState]] = {}


def bench_phases(games: int) -> None:
    states = sample_states(games)
    legal: dict[str, list[float]] = defaultdict(list)
    apply: dict[str, list[float]] = defaultdict(list)
    chooser = random.Random(7)
    for state in states:
        if state.phase not in (Phase.DRAW, Phase.PLAY):
            continue
        opened = "opened" if state.opened[state.turn] else "not opened"
        key = f"{state.phase.value:<5} {opened}"
        # A state remembers its legal moves once generated: time fresh copies.
        legal[key].append(_median_us(partial(_generate_fresh, state), 3))
        move = chooser.choice(list(state.legal_moves()))
        apply[type(move).__name__].append(_median_us(partial(_apply_checked, state, move), 3))
    print(f"legal_moves() over {len(states)} states (median of per-state medians)")
    for key in sorted(legal):
        times = legal[key]
        print(f"  {key:<18} {len(times):>6} states {statistics.median(times):>9.1f} us "
              f"(mean {statistics.mean(times):.1f})")  # fmt: skip
    print("apply() by move type (moves given as new objects: every check made)")
    for key in sorted(apply):
        times = apply[key]
        print(f"  {key:<18} {len(times):>6} moves  {statistics.median(times):>9.1f} us")


def bench_hand(games: int) -> None:
    durations = []
    for seed in range(games):
        chooser = random.Random(seed)
        state = new_game(scala40.Ruleset(match_format="single"), players=4, seed=seed)
        start = time.process_time()
        actions = 0
        while not state.is_over and actions < 3000:
            state = state.apply(chooser.choice(list(state.legal_moves())))
            actions += 1
        durations.append((time.process_time() - start) * 1000)
    print(f"a full hand of random play (4 players, {games} hands): median "
          f"{statistics.median(durations):.1f} ms")  # fmt: skip


def bench_memory() -> None:
    tracemalloc.start()
    chooser = random.Random(3)
    state = new_game("official", players=4, seed=3)
    before = tracemalloc.take_snapshot()
    chain = [state]
    while not state.is_over and len(chain) < 5000:
        state = state.apply(chooser.choice(list(state.legal_moves())))
        chain.append(state)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    engine = sum(
        stat.size_diff
        for stat in after.compare_to(before, "filename")
        if "scala40" in str(stat.traceback)
    )
    print(f"memory: a match of {len(chain)} states retains {grown / 1024:,.0f} KiB "
          f"({grown / len(chain):,.0f} bytes per state; {engine / 1024:,.0f} KiB allocated "
          "in scala40, caches included)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short run")
    args = parser.parse_args()
    games = 3 if args.quick else 12
    bench_playouts(games, 1500 if args.quick else 4000)
    bench_phases(2 if args.quick else 8)
    bench_hand(3 if args.quick else 20)
    bench_memory()


if __name__ == "__main__":
    main()
