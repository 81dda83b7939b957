"""A ladder of bots for every game: who beats whom, with 95% Wilson intervals, and the
time each takes to decide.

Run it from the repository root, scala40 and OpenSpiel installed (``pip install
"scala40[rl]"``)::

    python benchmarks/bench_ladder.py                      # every game, 40 games a pair
    python benchmarks/bench_ladder.py --games 10 chinchon  # a short run of one game
    python benchmarks/bench_ladder.py --out ladder.jsonl   # each pair's line as JSON too
    python benchmarks/bench_ladder.py scala40 --players 4  # one bot against three
    python benchmarks/bench_ladder.py chinchon --first 100 --games 150  # games 100-249

A pair's games are numbered, and a game's deal and seats follow from its number and the
seed alone, so a long pair can be split across processes with ``--first``: the parts
play the games one run would, and ``--merge`` pools their JSON lines.

The rungs, each played against the one below it (two seats; Skarney, a partnership
game of four, sits each bot with a greedy partner against two greedy players, and
counts its side's wins; with ``--players``, a bot against that many less one of the
bot below, where an even share is one in as many as there are sides):

* ``greedy`` against ``random``;
* ``playout:playouts=8,candidates=4`` (the determinized playout search on a budget
  near the tree search's) against ``greedy``;
* ``ismcts`` at two budgets (``--low`` and ``--high`` iterations a decision) against
  ``greedy``;
* ``ismcts`` against OpenSpiel's own information-set MCTS (``ISMCTSBot`` with random
  rollouts) at the same number of iterations, through the library's OpenSpiel adapter,
  in a game of two sides (in Skarney, the bot and its greedy partner against two of
  OpenSpiel's bots).

A game is one hand under the game's default rules: the OpenSpiel adapter's
``episode="hand"``, the sides with the best score for the hand share the win (a hand
stopped by the length cap is a draw). Every game of a pair is played from the same
seed in every seating, so each bot plays each seat of each deal. The win share counts a
shared win as its share; the interval is the Wilson score interval of that share.

OpenSpiel's bot searches each token of a move (the adapter writes a move as a few
actions) with the full number of simulations, so "equal iterations" gives it that many
*per action*, more than the library's bot gets per move. It is driven in this script's
own loop (OpenSpiel's ``evaluate_bots`` has no way to restart a bot mid-game).
Time per decision is measured with :func:`time.process_time` around each choice of the
bot of the rung, over every decision with a choice.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from scala40.bots import make_bot
from scala40.game import game_names, load_game

try:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from scala40.adapters import openspiel

    HAVE_OPENSPIEL = True
except ImportError:  # the ladder plays through the OpenSpiel adapter: see main()
    HAVE_OPENSPIEL = False

MAX_STEPS = 1_500
"""The length cap of a game, in adapter steps: a hand that long is a draw. It also bounds
OpenSpiel's random rollouts, which in Chinchón rarely end a hand."""


def wilson(share: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``share`` over ``trials``."""
    if trials == 0:
        return (0.0, 1.0)
    centre = share + z * z / (2 * trials)
    margin = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return ((centre - margin) / scale, (centre + margin) / scale)


class LibraryPlayer:
    """A library bot at an OpenSpiel state: it chooses a whole move, played token by token."""

    def __init__(self, spec: str, game: str, seed: int) -> None:
        self.bot = make_bot(spec, game)
        self.rng = random.Random(seed)
        self.queued: list[int] = []

    def step(self, state: Any) -> int:
        if not self.queued:
            game_state = state.game_state
            seat = game_state.current_player
            self.queued = list(
                state.node.game.encoding.encode(
                    self.bot.choose(
                        game_state.view(seat), list(game_state.legal_moves()), self.rng
                    )
                )
            )
        return self.queued.pop(0)


class OpenSpielPlayer:
    """OpenSpiel's information-set MCTS with random rollouts, one search per action."""

    def __init__(self, game: Any, iterations: int, seed: int) -> None:
        rng = np.random.RandomState(seed % 2**32)
        self.bot = ismcts.ISMCTSBot(
            game,
            evaluator=mcts.RandomRolloutEvaluator(1, rng),
            uct_c=2.0,
            max_simulations=iterations,
            random_state=rng,
        )

    def step(self, state: Any) -> int:
        return int(self.bot.step(state))


def play(
    game: Any, players: Sequence[Any], seed: int, timed: set[int], times: list[float]
) -> list[float]:
    """One hand with ``players[seat]`` at each seat; the returns. The decisions of the
    seats in ``timed`` with a choice are timed (one move each, all its actions)."""
    chance = np.random.RandomState(seed % 2**32)
    state = game.new_initial_state()
    spent = 0.0  # the timed seat's move so far
    choice = False  # whether that move had a choice at any of its actions
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chance.choice(outcomes, p=probabilities)))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        player = players[seat]
        start = time.process_time()
        if len(legal) == 1 and isinstance(player, OpenSpielPlayer):
            action = legal[0]
        else:
            action = player.step(state)  # a library bot's queued move stays in step
        if seat in timed:
            spent += time.process_time() - start
            choice = choice or len(legal) > 1
        state.apply_action(action)
        decision = state.node.decision
        if seat in timed and (decision is None or not decision.prefix):  # the move is made
            if choice:
                times.append(spent)
            spent, choice = 0.0, False
    return list(state.returns())


def table_size(name: str) -> int:
    """The seats of a ladder game: two, or the fewest the game's default rules allow
    (Skarney's four, two sides of partners)."""
    rules = load_game(name).ruleset_type.default()
    return max(2, rules.min_players)


def sides_of(name: str, players: int) -> tuple[tuple[int, ...], ...]:
    """The sides of a game of ``name`` with ``players`` seats under its default rules:
    a seat each, or the partnerships."""
    return tuple(tuple(team) for team in load_game(name).new_game(None, players, 0).teams)


def ladder_pair(
    name: str,
    top: str,
    bottom: str,
    games: int,
    seed: int,
    openspiel_iterations: int = 0,
    players: int | None = None,
    first: int = 0,
) -> dict[str, Any]:
    """``top`` against ``bottom`` in ``games`` hands of game ``name`` (see the module),
    with ``players`` seats (default :func:`table_size`): the games numbered ``first``
    on."""
    players = table_size(name) if players is None else players
    sides = sides_of(name, players)
    game = openspiel.load_game(
        name, players=players, episode="hand", chance="deal", max_game_length=MAX_STEPS
    )
    share = 0.0
    played = 0
    times: list[float] = []
    start = time.monotonic()
    for number in range(first, first + games):
        # Each deal is played once from each side: the top bot sits first on the first
        # side, then on the next. In a partnership (Skarney's four) its partners are
        # greedy players; every other seat holds the bottom bot.
        deal = seed * 100_003 + number // len(sides)
        top_side = sides[number % len(sides)]
        top_seat = min(top_side)
        seated: list[Any] = []
        for seat in range(players):
            if seat == top_seat:
                if top == "openspiel":
                    seated.append(OpenSpielPlayer(game, openspiel_iterations, deal + seat))
                else:
                    seated.append(LibraryPlayer(top, name, deal + seat))
            elif seat in top_side:
                seated.append(LibraryPlayer("greedy", name, deal + seat))
            elif bottom == "openspiel":
                seated.append(OpenSpielPlayer(game, openspiel_iterations, deal + seat))
            else:
                seated.append(LibraryPlayer(bottom, name, deal + seat))
        returns = play(game, seated, deal, {top_seat}, times)
        share += returns[top_seat]
        played += 1
    low, high = wilson(share / played, played)
    return {
        "game": name,
        "players": players,
        "top": top,
        "bottom": bottom,
        "games": played,
        "first": first,
        "share": share / played,
        "low": low,
        "high": high,
        "decision_mean_s": statistics.fmean(times) if times else 0.0,
        "decision_max_s": max(times, default=0.0),
        "decisions": len(times),
        "seconds": time.monotonic() - start,
    }


def merge(lines: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The pairs of ``lines`` (:func:`ladder_pair`'s results, parts of a pair split with
    ``first``) pooled: the games added up, the win share and the mean time weighted by
    games and decisions, the interval of the pooled share. Parts that overlap are
    refused: they would count a game twice."""
    pooled: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for line in lines:
        key = (line["game"], line["players"], line["top"], line["bottom"])
        pooled.setdefault(key, []).append(line)
    merged = []
    for parts in pooled.values():
        parts.sort(key=lambda part: int(part.get("first", 0)))
        for before, after in pairwise(parts):
            if before.get("first", 0) + before["games"] > after.get("first", 0):
                raise SystemExit(f"overlapping parts of one pair: {before} and {after}")
        games = sum(part["games"] for part in parts)
        decisions = sum(part["decisions"] for part in parts)
        share = sum(part["share"] * part["games"] for part in parts) / games
        low, high = wilson(share, games)
        merged.append(
            {
                **parts[0],
                "games": games,
                "share": share,
                "low": low,
                "high": high,
                "decision_mean_s": (
                    sum(part["decision_mean_s"] * part["decisions"] for part in parts) / decisions
                    if decisions
                    else 0.0
                ),
                "decision_max_s": max(part["decision_max_s"] for part in parts),
                "decisions": decisions,
                "seconds": sum(part["seconds"] for part in parts),
            }
        )
    return merged


def describe(line: dict[str, Any]) -> str:
    """One pair's result as a line of text."""
    return (
        f"{line['game']:9} {line['players']}p {line['top']:34} vs {line['bottom']:9} "
        f"{line['share'] * 100:5.1f}% [{line['low'] * 100:4.1f}-{line['high'] * 100:4.1f}] "
        f"over {line['games']} games; {line['decision_mean_s'] * 1000:6.1f} ms a decision "
        f"(slowest {line['decision_max_s'] * 1000:6.1f}); {line['seconds']:.0f} s"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="the games (default: every game)")
    parser.add_argument("--games", type=int, default=40, help="games a pair (default 40)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--first", type=int, default=0, help="the number of a pair's first game (default 0)"
    )
    parser.add_argument(
        "--merge",
        nargs="+",
        metavar="JSONL",
        help="pool the pairs of these --out files (parts of split runs) and stop",
    )
    parser.add_argument("--low", type=int, default=50, help="the small budget (iterations)")
    parser.add_argument("--high", type=int, default=200, help="the large budget (iterations)")
    parser.add_argument("--out", help="also write each pair's result as a JSON line here")
    parser.add_argument(
        "--skip", default="", help="rungs to skip, comma-separated (e.g. openspiel)"
    )
    parser.add_argument("--options", default="", help="more options for the ismcts bot (a,b=c)")
    parser.add_argument(
        "--players", type=int, default=None, help="seats (default: two, Skarney four)"
    )
    args = parser.parse_args(argv)
    if args.merge:
        lines: list[dict[str, Any]] = []
        for path in args.merge:
            with open(path, encoding="utf-8") as source:
                lines.extend(json.loads(text) for text in source if text.strip())
        for line in merge(lines):
            print(describe(line))
        return 0
    if not HAVE_OPENSPIEL:
        print('the ladder needs OpenSpiel: pip install "scala40[rl]"; skipped')
        return 0
    names = args.names or list(game_names())
    skip = set(filter(None, args.skip.split(",")))
    extra = f",{args.options}" if args.options else ""
    rungs: list[tuple[str, str, str, int]] = [
        ("random", "greedy", "random", 0),
        ("playout", "playout:playouts=8,candidates=4", "greedy", 0),
        ("low", f"ismcts:iterations={args.low}{extra}", "greedy", 0),
        ("high", f"ismcts:iterations={args.high}{extra}", "greedy", 0),
        ("openspiel", f"ismcts:iterations={args.low}{extra}", "openspiel", args.low),
    ]
    print(f"python {sys.version.split()[0]}, {args.games} games a pair, seed {args.seed}")
    for name in names:
        for label, top, bottom, iterations in rungs:
            if label in skip:
                continue
            players = table_size(name) if args.players is None else args.players
            if bottom == "openspiel" and len(sides_of(name, players)) != 2:
                continue  # OpenSpiel's bot against more than one other side: not measured
            line = ladder_pair(
                name, top, bottom, args.games, args.seed, iterations, players, args.first
            )
            print(describe(line), flush=True)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    out.write(json.dumps(line) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
