"""Measure the shipped bots: strength (win rates with 95% confidence intervals) and speed.

Run it from the repository root, scala40 installed::

    python benchmarks/bench_bots.py            # full run: about an hour on two cores
    python benchmarks/bench_bots.py --quick    # a short run

Strength is measured in two-player, single-hand games (S40-V-SINGLE: the first to close
wins), with :func:`scala40.tournament.run_tournament`: seats rotate over shared deals, so
each bot plays both seats of every deal. Two matches are played:

* the greedy bot against the random bot;
* the Monte Carlo bot (its default budget, or ``--playouts`` playouts a decision)
  against the greedy bot.

Each line gives the games played, the wins, the win rate and its 95% Wilson interval; a
bot *beats* the other when the interval lies above 50%.

Speed is the time a bot takes to choose, timed with :func:`time.perf_counter` in this
process, at the decisions of greedy-against-greedy games where there is a choice (two
legal moves or more): the mean, the median, the 90th percentile and the slowest.

Last full run (seed 2026, two worker processes on a 2-core machine):

* greedy beats random: 949/1000 games won, 94.9% (95% CI 93.4% - 96.1%), in 18 s;
* montecarlo (default budget, 720 playouts) beats greedy: 572/1000 games won, 57.2%
  (95% CI 54.1% - 60.2%), in 29 min; 150 ms a decision over whole games;
* at 60 positions with a choice, the Monte Carlo bot searched 5 (1.16 s each on average,
  1.33 s the slowest) and played the greedy move at once at the others (median
  0.25 ms); the greedy bot takes 0.19 ms (median) over 560 positions.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Sequence

import scala40
from scala40 import GreedyBot, Move, PlayerView, Ruleset
from scala40.bots import Bot, RandomBot, make_bot, play_game
from scala40.tournament import TournamentResult, run_tournament

RULES = Ruleset(match_format="single")


def decision_points(games: int, seed: int) -> list[tuple[PlayerView, list[Move]]]:
    """The positions of greedy-against-greedy games where the player to move has a choice."""
    found: list[tuple[PlayerView, list[Move]]] = []

    class Recorder:
        name = "recorder"

        def __init__(self) -> None:
            self.greedy = GreedyBot()

        def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
            if len(legal) > 1:
                found.append((view, list(legal)))
            return self.greedy.choose(view, legal, rng)

    for index in range(games):
        state = scala40.new_game(RULES, players=2, seed=seed + index)
        play_game(state, [Recorder(), Recorder()], seed + index)
    return found


def time_decisions(
    bot: Bot, points: Sequence[tuple[PlayerView, list[Move]]], seed: int
) -> list[float]:
    """Seconds ``bot`` takes at each position."""
    rng = random.Random(seed)
    times = []
    for view, legal in points:
        start = time.perf_counter()
        bot.choose(view, legal, rng)
        times.append(time.perf_counter() - start)
    return times


def strength_line(result: TournamentResult) -> str:
    first, second = result.stats
    low, high = first.win_interval
    verdict = "beats" if low > 0.5 else ("loses to" if high < 0.5 else "is not separated from")
    return (
        f"{first.name} {verdict} {second.name}: {first.wins}/{first.games} games won, "
        f"win rate {first.win_rate:.1%} (95% CI {low:.1%} - {high:.1%})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--greedy-games", type=int, help="greedy-random games (default 1000)")
    parser.add_argument("--search-games", type=int, help="montecarlo-greedy games (default 1000)")
    parser.add_argument("--playouts", type=int, help="Monte Carlo playouts (default: the bot's)")
    parser.add_argument("--workers", type=int, help="worker processes (default: one per CPU)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    greedy_games = args.greedy_games or (100 if args.quick else 1000)
    search_games = args.search_games or (10 if args.quick else 1000)
    montecarlo = "montecarlo" if args.playouts is None else f"montecarlo:playouts={args.playouts}"

    print(
        f"Python {platform.python_version()} on {platform.machine()}, scala40 {scala40.__version__}"
    )
    print("Two players, single-hand games (S40-V-SINGLE), seats rotating on shared deals.")
    print()
    print("Strength")
    for specs, games in (
        (["greedy", "random"], greedy_games),
        ([montecarlo, "greedy"], search_games),
    ):
        started = time.perf_counter()
        result = run_tournament(games, specs, rules=RULES, seed=args.seed, workers=args.workers)
        elapsed = time.perf_counter() - started
        print(f"  {strength_line(result)}  [{elapsed:.0f}s]")
        for stats in result.stats:
            print(
                f"    {stats.name}: {stats.seconds_per_decision * 1000:.2f} ms a decision "
                f"(every decision, single moves included), mean score {stats.mean_score:.1f}"
            )
    print()
    print("Speed, at positions with a choice")
    points = decision_points(4 if args.quick else 20, args.seed)
    bots: list[tuple[str, Bot, int]] = [
        ("random", RandomBot(), len(points)),
        ("greedy", GreedyBot(), len(points)),
        (montecarlo, make_bot(montecarlo, "scala40"), 10 if args.quick else 60),
    ]
    for name, bot, count in bots:
        sample = points[:: max(1, len(points) // count)][:count]
        times = time_decisions(bot, sample, args.seed)
        ordered = sorted(times)
        print(
            f"  {name}: mean {statistics.fmean(times) * 1000:.3f} ms, median "
            f"{statistics.median(times) * 1000:.3f} ms, 90th percentile "
            f"{ordered[int(0.9 * (len(ordered) - 1))] * 1000:.3f} ms, slowest "
            f"{ordered[-1] * 1000:.3f} ms over {len(times)} positions"
        )


if __name__ == "__main__":
    main()
