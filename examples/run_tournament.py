"""Run a tournament between the shipped bots and print the win rates.

Run it with no arguments, scala40 installed::

    python examples/run_tournament.py
    python examples/run_tournament.py --games 400 --workers 4

It plays single-hand games (S40-V-SINGLE) between the greedy and the random bots, then
a few games between the Monte Carlo bot (with a small budget) and the greedy bot, in
parallel processes, and prints each bot's win rate with its 95% confidence interval.
The results depend only on the seed, not on the number of workers.
"""

from __future__ import annotations

import argparse
import sys

from scala40 import Ruleset
from scala40.tournament import run_tournament


def show_progress(done: int, total: int) -> None:
    """A one-line progress counter on standard error."""
    print(f"\r{done}/{total} games", end="\n" if done == total else "", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="greedy-random games")
    parser.add_argument("--search-games", type=int, default=2, help="montecarlo-greedy games")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    rules = Ruleset(match_format="single")
    result = run_tournament(
        args.games, ["greedy", "random"], rules=rules, seed=args.seed, workers=args.workers
    )
    print(result.summary())
    print()
    result = run_tournament(
        args.search_games,
        ["montecarlo:playouts=12", "greedy"],
        rules=rules,
        seed=args.seed,
        workers=args.workers,
        progress=show_progress,
    )
    print(result.summary())


if __name__ == "__main__":
    main()
