"""A ladder of bots for every game: who beats whom, with 95% Wilson intervals, and the
time each takes to decide.

Run it from the repository root, scala40 and OpenSpiel installed (``pip install
"scala40[rl]"``)::

    python benchmarks/bench_ladder.py                      # every game, 40 games a pair
    python benchmarks/bench_ladder.py --games 10 chinchon  # a short run of one game
    python benchmarks/bench_ladder.py --out ladder.jsonl   # each pair's line as JSON too
    python benchmarks/bench_ladder.py scala40 --players 4  # one bot against three
    python benchmarks/bench_ladder.py chinchon --first 100 --games 150  # games 100-249
    python benchmarks/bench_ladder.py chinchon --duels --deals 500 --journal deals.jsonl

A pair's games are numbered, and a game's deal and seats follow from its number and the
seed alone, so a long pair can be split across processes with ``--first``: the parts
play the games one run would, and ``--merge`` pools their JSON lines. The duels keep a
journal (``--journal``): a line for each deal as soon as it is played, which a later run
with the same file reads back instead of playing it again, so a run of 1,000 paired deals
(about 3 s of one core a hand) can be stopped and started again, or run in the background
(``nox -s ladder``), and gives the figures of all the deals played so far.

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

The **duels** play the library's bots against each other directly (no OpenSpiel
needed), on paired deals: each deal is played once with the top bot on each side, so luck
of the cards cancels out pair by pair. They report the Wilson interval of the top bot's
share of the games, and the paired difference (the top bot's share less the bottom
bot's, deal by deal) with its standard error. ``--match`` plays each deal as a whole
match under the game's default rules instead of one hand. The duels:

* ``best`` (the search on a belief over the hidden cards) against ``greedy``, against
  ``noisy`` (greedy choosing at random among its three best moves one time in ten, so
  that a model of exact greedy is not rewarded for fitting it) and against ``ismcts``;
* ``oracle``, the same search told every hand (its worlds are the true state, the stock
  shuffled again): the ceiling of reading the opponents, published beside the rest;
* ``careful`` (the knock games' greedy play with discards read against the table)
  against ``greedy``: ``--only careful-greedy`` (a game without the bot is skipped);
* ``ismcts`` against ``greedy``, and ``greedy`` against ``noisy``, for reference.

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

from scala40.bots import bot_names, make_bot
from scala40.bots.belief_search import BestBot, hand_share
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


class NoisyGreedy:
    """The greedy bot, choosing at random among its three best moves one time in ten."""

    name = "noisy"

    def __init__(self, name: str) -> None:
        self.greedy: Any = make_bot("greedy", name)

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        ranked = self.greedy.ranked(view, legal)
        if rng.random() < 0.1:
            return ranked[rng.randrange(min(3, len(ranked)))]
        return ranked[0]


class OracleBot(BestBot):
    """The best bot told every hand: its worlds are the true state (:attr:`truth`, set by
    the duel before each decision), the stock shuffled again. Not a bot a game could
    use: the ceiling of what reading the opponents can give."""

    name = "oracle"
    truth: Any = None

    def draw_worlds(self, belief: Any, count: int, seed: int) -> list[Any]:
        rng = random.Random(seed)
        worlds = []
        for _ in range(count):
            stock = list(self.truth.stock)
            rng.shuffle(stock)
            worlds.append(self.truth.copy_with(stock=tuple(stock)))
        return worlds


def duel_bot(spec: str, name: str) -> Any:
    """A duel's bot of ``spec``: ``noisy``, ``oracle``, or any bot :func:`make_bot` makes."""
    if spec == "noisy":
        return NoisyGreedy(name)
    if spec == "oracle":
        return OracleBot()
    return make_bot(spec, name)


MAX_DUEL_MOVES = 30_000
"""The moves a duel's game may take: a game that long is a draw. (Greedy players can
keep a hand of three or four going without end, each throwing what the next one cannot
use: 3 of 40 four-player Chinchón hands between greedy bots passed 1,000 moves.)"""


def duel_game(
    name: str,
    top: str,
    bottom: str,
    deal: int,
    top_side: Sequence[int],
    match: bool,
    times: list[float],
    players: int | None = None,
    preset: str | None = None,
) -> float:
    """One game of a duel from seed ``deal``: ``top`` at the seats of ``top_side`` (its
    partners greedy players in a partnership), ``bottom`` at the others; the top bot's
    share of the hand (or of the match), its first seat's decisions timed into ``times``.
    The game has ``players`` seats (default :func:`table_size`) under the rules of
    ``preset`` (default: the game's default rules)."""
    game = load_game(name)
    rules = game.ruleset_type.default() if preset is None else game.ruleset_type.preset(preset)
    players = table_size(name) if players is None else players
    state = game.new_game(rules, players, deal)
    timed = min(top_side)
    bots = [
        duel_bot(top if seat == timed else "greedy", name)
        if seat in top_side
        else duel_bot(bottom, name)
        for seat in range(players)
    ]
    rngs = [random.Random(deal * 31 + seat) for seat in range(players)]
    hand = state.hand_number
    before = tuple(state.scores)
    for _ in range(MAX_DUEL_MOVES):
        if state.is_over or (not match and state.hand_number != hand):
            break
        if state.is_chance:
            state = state.apply(state.legal_moves()[0])
            continue
        seat = state.current_player
        legal = list(state.legal_moves())
        bot = bots[seat]
        if isinstance(bot, OracleBot):
            bot.truth = state
        start = time.process_time()
        move = legal[0] if len(legal) == 1 else bot.choose(state.view(seat), legal, rngs[seat])
        if seat == timed and len(legal) > 1:
            times.append(time.process_time() - start)
        state = state.apply(move)
    else:
        # Stopped: a draw, an even share between the sides (a half with two).
        return 1.0 / len(sides_of(name, players))
    if state.is_over:
        return float(state.returns()[timed])
    return hand_share(before, tuple(state.scores), state.teams, timed, game.score_order)


def duel_deal(
    name: str,
    top: str,
    bottom: str,
    number: int,
    seed: int,
    match: bool,
    players: int | None = None,
    preset: str | None = None,
) -> dict[str, Any]:
    """Deal ``number`` of a duel, played once with the top bot on each side: a journal's
    line (see :func:`duel`), with the top bot's share in each seating and its decisions'
    CPU time."""
    players = table_size(name) if players is None else players
    sides = sides_of(name, players)
    times: list[float] = []
    start = time.monotonic()
    deal = seed * 100_003 + number
    shares = [
        duel_game(name, top, bottom, deal, side, match, times, players, preset) for side in sides
    ]
    return {
        "kind": "deal",
        "game": name,
        "players": players,
        "preset": preset,
        "top": top,
        "bottom": bottom,
        "match": match,
        "seed": seed,
        "number": number,
        "shares": shares,
        "decisions": len(times),
        "decision_total_s": sum(times),
        "decision_max_s": max(times, default=0.0),
        "seconds": time.monotonic() - start,
    }


def read_journal(path: str) -> list[dict[str, Any]]:
    """The deals a journal holds (a line a deal); a last line cut short by a stopped run
    is left out, and played again."""
    try:
        with open(path, encoding="utf-8") as source:
            texts = source.read().splitlines()
    except FileNotFoundError:
        return []
    deals = []
    for text in texts:
        try:
            line = json.loads(text)
        except json.JSONDecodeError:
            continue
        if isinstance(line, dict) and line.get("kind") == "deal":
            deals.append(line)
    return deals


def duel(
    name: str,
    top: str,
    bottom: str,
    deals: int,
    seed: int,
    match: bool = False,
    first: int = 0,
    journal: str | None = None,
    players: int | None = None,
    preset: str | None = None,
) -> dict[str, Any]:
    """``top`` against ``bottom`` on ``deals`` paired deals of game ``name`` (numbered
    ``first`` on): each deal once with the top bot on each side, ``players`` seats (default
    :func:`table_size`: each seat its own side but in a partnership) under the rules of
    ``preset`` (default: the game's default rules).

    With a ``journal`` (a file of JSON lines), each deal is written there as soon as it is
    played, and a deal the journal already holds (the same game, bots, seed, number and
    kind of game) is read back instead of played: a long duel accumulates over runs that
    may be stopped at any time, and a run of more deals goes on where the last stopped."""
    players = table_size(name) if players is None else players
    key = (name, top, bottom, match, seed, players, preset)
    known: dict[int, dict[str, Any]] = {}
    if journal is not None:
        for line in read_journal(journal):
            # A line written before the journal kept the seats and preset: the defaults.
            seats = line.get("players", table_size(line["game"]))
            table = (line["game"], line["top"], line["bottom"], line["match"], line["seed"])
            if (*table, seats, line.get("preset")) == key:
                known.setdefault(int(line["number"]), line)
    lines: list[dict[str, Any]] = []
    for number in range(first, first + deals):
        if number in known:
            lines.append(known[number])
            continue
        played = duel_deal(name, top, bottom, number, seed, match, players, preset)
        if journal is not None:
            with open(journal, "a", encoding="utf-8") as out:
                out.write(json.dumps(played) + "\n")
        lines.append(played)
    pairs = [list(line["shares"]) for line in lines]
    decisions = sum(line["decisions"] for line in lines)
    return {
        **_duel_figures(pairs),
        "game": name,
        "players": players,
        "preset": preset,
        "top": top,
        "bottom": bottom,
        "match": match,
        "first": first,
        "deal_shares": pairs,
        "decision_mean_s": (
            sum(line["decision_total_s"] for line in lines) / decisions if decisions else 0.0
        ),
        "decision_max_s": max((line["decision_max_s"] for line in lines), default=0.0),
        "decisions": decisions,
        "seconds": sum(line["seconds"] for line in lines),
    }


def _duel_figures(pairs: Sequence[Sequence[float]]) -> dict[str, Any]:
    """A duel's figures from the top bot's shares on each deal's seatings: its share of
    the games with their Wilson interval, and the paired difference (the top bot's share
    less the bottom's, a deal's seatings together) with its standard error."""
    shares = [share for pair in pairs for share in pair]
    share = statistics.fmean(shares)
    low, high = wilson(share, len(shares))
    # In a deal of n sides the top bot's mean share m is set against the others' mean
    # share (1 - m) / (n - 1): with two sides, 2m - 1.
    differences = [
        statistics.fmean(pair) - (1 - statistics.fmean(pair)) / max(1, len(pair) - 1)
        for pair in pairs
    ]
    error = (
        statistics.stdev(differences) / math.sqrt(len(differences))
        if len(differences) > 1
        else math.inf
    )
    return {
        "games": len(shares),
        "deals": len(pairs),
        "share": share,
        "low": low,
        "high": high,
        "difference": statistics.fmean(differences),
        "difference_se": error,
    }


def merge(lines: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The pairs of ``lines`` (:func:`ladder_pair`'s results, parts of a pair split with
    ``first``) pooled: the games added up, the win share and the mean time weighted by
    games and decisions, the interval of the pooled share. Parts that overlap are
    refused: they would count a game twice."""
    pooled: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for line in lines:
        key = (
            line["game"],
            line["players"],
            line.get("preset"),
            line["top"],
            line["bottom"],
            line.get("match"),
        )
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
        paired: dict[str, Any] = {}
        if all("deal_shares" in part for part in parts):
            pairs = [pair for part in parts for pair in part["deal_shares"]]
            paired = {**_duel_figures(pairs), "deal_shares": pairs}
        merged.append(
            {
                **parts[0],
                "games": games,
                "share": share,
                "low": low,
                "high": high,
                **paired,
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
    paired = ""
    if "difference" in line:
        paired = (
            f"; paired difference {line['difference'] * 100:+5.1f} "
            f"(s.e. {line['difference_se'] * 100:4.1f}) over {line['deals']} deals"
        )
    unit = "matches" if line.get("match") else "games"
    game = line["game"] + (f" {line['preset']}" if line.get("preset") else "")
    return (
        f"{game:9} {line['players']}p {line['top']:34} vs {line['bottom']:9} "
        f"{line['share'] * 100:5.1f}% [{line['low'] * 100:4.1f}-{line['high'] * 100:4.1f}] "
        f"over {line['games']} {unit}{paired}; {line['decision_mean_s'] * 1000:6.1f} ms a "
        f"decision (slowest {line['decision_max_s'] * 1000:6.1f}); {line['seconds']:.0f} s"
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
    parser.add_argument(
        "--preset", default=None, help="the duels' rules preset (default: the game's default)"
    )
    parser.add_argument(
        "--duels",
        action="store_true",
        help="play the duels (paired deals, the library's bots only) instead of the ladder",
    )
    parser.add_argument("--deals", type=int, default=200, help="paired deals a duel (200)")
    parser.add_argument("--match", action="store_true", help="duels of whole matches")
    parser.add_argument(
        "--journal",
        metavar="JSONL",
        help="write each duel's deals here as they are played, and skip those it holds: a "
        "long duel accumulates over runs that may be stopped at any time",
    )
    parser.add_argument(
        "--only", default="", help="the duels to play, comma-separated (default: all)"
    )
    args = parser.parse_args(argv)
    if args.duels:
        return run_duels(args)
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
        ("best-openspiel", "best", "openspiel", args.low),
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


DUELS: dict[str, tuple[str, str]] = {
    "best-greedy": ("best", "greedy"),
    "best-noisy": ("best", "noisy"),
    "best-ismcts": ("best", "ismcts"),
    "oracle-greedy": ("oracle", "greedy"),
    "careful-greedy": ("careful", "greedy"),
    "ismcts-greedy": ("ismcts", "greedy"),
    "greedy-noisy": ("greedy", "noisy"),
}
"""The duels, by label: the top bot and the bottom one."""


def run_duels(args: argparse.Namespace) -> int:
    """Play the duels ``args`` asks for (see the module), a line each."""
    names = args.names or list(game_names())
    labels = [label for label in args.only.split(",") if label] or list(DUELS)
    unknown = sorted(set(labels) - set(DUELS))
    if unknown:
        raise SystemExit(f"unknown duels {unknown}: choose among {sorted(DUELS)}")
    kind = "matches" if args.match else "hands"
    print(
        f"python {sys.version.split()[0]}, {args.deals} paired deals of {kind}, seed {args.seed}"
    )
    for name in names:
        for label in labels:
            top, bottom = DUELS[label]
            if top not in bot_names(name) and top not in ("noisy", "oracle"):
                continue  # a bot this game does not have (careful: the knock games)
            line = duel(
                name,
                top,
                bottom,
                args.deals,
                args.seed,
                args.match,
                args.first,
                args.journal,
                args.players,
                args.preset,
            )
            print(describe(line), flush=True)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    out.write(json.dumps(line) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
