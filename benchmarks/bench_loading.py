"""Saving and loading states: ``to_dict`` and ``from_dict`` (the full check of untrusted
data) of every game, on states from the middle of random games, and their ratio.

An app that keeps its games in a database loads a state per request: ``from_dict`` is
what each request pays before it can answer, and it checks everything it reads (the
fields, how they fit together, that the state can go on). The ratio of the two times is
what this script reports, both measured in the same rounds so that the machine's load
touches them alike.

Run with ``python benchmarks/bench_loading.py`` (``--quick`` for a short run). The states
are fixed (seeded random games, each cut at a seeded point), so runs on one machine
compare. With ``--profile GAME`` it prints the profile of that game's ``from_dict``.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import statistics
import time
from typing import Any

from machine_load import LoadWatch

from scala40.game import BUILTIN_GAMES, load_game

GAMES: tuple[tuple[str, str, int | None], ...] = (
    ("scala40, 4 players", "scala40", 4),
    ("scala40, 2 players", "scala40", 2),
    *((name, name, None) for name in BUILTIN_GAMES if name != "scala40"),
)


def middle_states(name: str, players: int | None, count: int) -> list[Any]:
    """``count`` states from the middle of seeded random games: each game is played for
    a seeded number of actions (10 to 120) and the state reached is kept, its dict made
    JSON-ready and back (the form an app reads from storage)."""
    game = load_game(name)
    seats = game.default_players if players is None else players
    states: list[Any] = []
    seed = 0
    while len(states) < count:
        chooser = random.Random(seed)
        stop = chooser.randrange(10, 120)
        state = game.new_game(None, seats, seed)
        for _ in range(stop):
            if state.is_over:
                break
            legal = state.legal_moves()
            state = state.apply(legal[chooser.randrange(len(legal))])
        seed += 1
        if not state.is_over:
            states.append(state)
    return states


def measure(states: list[Any], rounds: int) -> tuple[float, float, list[float]]:
    """The best ``to_dict`` and ``from_dict`` times per state (seconds: the rounds least
    disturbed by other load) and the ratio of each round. The two alternate state by
    state, so that a change in the machine's speed touches both alike."""
    cls = type(states[0])
    dicts = [json.loads(json.dumps(state.to_dict())) for state in states]
    for index, state in enumerate(states):  # the benchmark's own check: a faithful copy
        assert cls.from_dict(dicts[index]) == state
    clock = time.thread_time_ns
    saving: list[float] = []
    loading: list[float] = []
    for _ in range(rounds):
        save = load = 0
        for state, data in zip(states, dicts):
            start = clock()
            state.to_dict()
            middle = clock()
            cls.from_dict(data)
            load += clock() - middle
            save += middle - start
        saving.append(save / len(states) / 1e9)
        loading.append(load / len(states) / 1e9)
    ratios = [load / save for load, save in zip(loading, saving)]
    return min(saving), min(loading), ratios


def profile(name: str, players: int | None, count: int) -> None:
    states = middle_states(name, players, count)
    cls = type(states[0])
    dicts = [json.loads(json.dumps(state.to_dict())) for state in states]
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(5):
        for data in dicts:
            cls.from_dict(data)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--profile", metavar="GAME", help="profile one game's from_dict")
    args = parser.parse_args()
    count = 20 if args.quick else 60
    rounds = 3 if args.quick else 11
    if args.profile:
        for label, name, players in GAMES:
            if args.profile in (label, name):
                profile(name, players, count)
                return
        parser.error(f"unknown game {args.profile!r}")
    print(
        f"to_dict and from_dict of {count} states from the middle of random games per game, "
        f"{rounds} rounds, the two alternating state by state (CPU time per state: the "
        "best round of each; from_dict/to_dict: of the best rounds, then the median of "
        "the rounds' ratios, lowest-highest)"
    )
    watch = LoadWatch()  # the load beside every ratio (see machine_load)
    for label, name, players in GAMES:
        states = middle_states(name, players, count)
        measure(states, 1)  # warm-up: imports, tables
        watch.read(label)
        saving, loading, ratios = measure(states, rounds)
        watch.read(label)
        print(
            f"  {label:<20} to_dict {saving * 1e6:>6,.1f} us, from_dict {loading * 1e6:>6,.1f} us, "
            "from_dict/to_dict"
            f" best {loading / saving:5.2f}x; rounds: median {statistics.median(ratios):5.2f}x "
            f"({min(ratios):.2f}-{max(ratios):.2f}) {watch.note(label)}"
        )


if __name__ == "__main__":
    main()
