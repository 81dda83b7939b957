"""Engine speed: random-playout actions per second, legal_moves() and apply() per phase,
a full hand, and the memory a chain of states keeps in every game.

Run with ``python benchmarks/bench_engine.py`` (``--quick`` for a short run). The
workload is fixed (seeded matches), so runs on one machine compare; CPU time of
this process is measured, which other load on the machine disturbs less.
"""

from __future__ import annotations

import argparse
import gc
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
from scala40.game import game_names, load_game


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


def _phase_key(state: GameState) -> str:
    opened = "opened" if state.opened[state.turn] else "not opened"
    return f"{state.phase.value:<5} {opened}"


def bench_phases(games: int) -> None:
    """``legal_moves()`` and ``apply()`` as a random playout meets them.

    Each state's moves are timed the first time they are generated, as in a playout:
    what the engine remembers across states (meld tables, opening searches, table
    summaries) helps as it does in real use, but nothing is timed twice. Matches of
    other seeds are played first, so that the tables built once per ruleset are there.
    Once the playouts are over, the same states are generated again, their answers then
    remembered, and their moves applied again as parsed from text: both are timed apart.
    """
    for seed in range(3):
        _play_random(seed)
    first: dict[str, list[float]] = defaultdict(list)
    again: dict[str, list[float]] = defaultdict(list)
    applied: dict[str, list[float]] = defaultdict(list)
    checked: dict[str, list[float]] = defaultdict(list)
    played: list[tuple[GameState, scala40.Move]] = []
    states = 0
    clock = time.perf_counter_ns
    for seed in range(games):
        chooser = random.Random(1000 + seed)
        state = new_game("official", players=4, seed=1000 + seed)
        while not state.is_over and states < (seed + 1) * 400:
            states += 1
            start = clock()
            moves = list(state.legal_moves())
            elapsed = clock() - start
            move = chooser.choice(moves)
            if state.phase in (Phase.DRAW, Phase.PLAY):
                first[_phase_key(state)].append(elapsed / 1000)
                played.append((state, move))
            start = clock()
            new = state.apply(move)
            elapsed = clock() - start
            if state.phase in (Phase.DRAW, Phase.PLAY):
                applied[type(move).__name__].append(elapsed / 1000)
            state = new
    for state, move in played:
        again[_phase_key(state)].append(_median_us(partial(_generate_fresh, state), 3))
        checked[type(move).__name__].append(_median_us(partial(_apply_checked, state, move), 3))
    print(f"legal_moves() at {states} states of random playouts, first generation (as a "
          "playout meets them), then the same state again")  # fmt: skip
    for key in sorted(first):
        times, repeat = first[key], again[key]
        print(f"  {key:<18} {len(times):>6} states  first: median {statistics.median(times):>7.1f} "
              f"us, mean {statistics.mean(times):>7.1f} us   again: median "
              f"{statistics.median(repeat):>6.1f} us, mean {statistics.mean(repeat):>6.1f} us")  # fmt: skip
    print("apply() by move type: a move from the state's own list (as a playout applies "
          "it), and an equal move parsed from text (every check made)")  # fmt: skip
    for key in sorted(applied):
        times, full = applied[key], checked[key]
        print(f"  {key:<18} {len(times):>6} moves  listed: median {statistics.median(times):>6.1f} "
              f"us   parsed: median {statistics.median(full):>6.1f} us")  # fmt: skip


def _play_random(seed: int) -> None:
    chooser = random.Random(seed)
    state = new_game("official", players=4, seed=seed)
    actions = 0
    while not state.is_over and actions < 3000:
        state = state.apply(chooser.choice(list(state.legal_moves())))
        actions += 1


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
    """The memory a chain of states keeps, per state, in every game: a seeded random game
    of each game's default ruleset and players, every state kept (as a record, an undo
    stack or a search tree keeps them). The memory the chain holds is what freeing it
    gives back; the caches the game filled stay, and are reported apart."""
    print("memory a chain of states keeps (every state of a random game kept):")
    for name in game_names():
        game = load_game(name)
        chooser = random.Random(3)
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        state = game.new_game(None, game.default_players, 3)
        chain = [state]
        while not state.is_over and len(chain) < 5000:
            moves = state.legal_moves()
            state = state.apply(moves[chooser.randrange(len(moves))])
            chain.append(state)
        held = tracemalloc.get_traced_memory()[0]
        count = len(chain)
        del chain, state, moves
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        print(f"  {name:9} {count:5} states: {(held - after) / count:,.0f} bytes per state; "
              f"the caches the game filled, {(after - before) / 1024:,.0f} KiB")  # fmt: skip


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
