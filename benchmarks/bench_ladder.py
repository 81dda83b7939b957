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
    python benchmarks/bench_ladder.py scala40 --duels --top careful --bottom greedy --deals 500

A pair's games are numbered, and a game's deal and seats follow from its number and the
seed alone, so a long pair can be split across processes with ``--first``: the parts
play the games one run would, and ``--merge`` pools the ladder's JSON lines (the duels
pool through their journal, below).

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
of the cards cancels out pair by pair. ``--top SPEC --bottom SPEC`` plays any two bots
(in Skarney's partnerships the top bot's partner is greedy, or the bot ``--partner``
names);
the named duels:

* ``careful`` (each game's cheap bot) against ``greedy`` and against ``noisy`` (greedy
  choosing at random among its three best moves one time in ten, so that a model of
  exact greedy is not rewarded for fitting it);
* ``search`` (each game's search at its budget) against ``greedy``, ``careful``,
  ``noisy`` and ``ismcts`` (``best`` is the strongest bot these duels measured,
  :func:`scala40.bots.best_bot`; a duel of ``--top SPEC --bottom careful`` in the game's
  unit, won, is what lifts a bot above careful);
* ``oracle``, the belief search told every hand (its worlds are the true state, the
  stock shuffled again): the ceiling of reading the opponents, published beside the rest;
* ``ismcts`` against ``greedy``, and ``greedy`` against ``noisy``, for reference.

**Each game counts in its own unit**: what decides it under the rules played
(:func:`scala40.match.game_unit`). Where the rules play to a target, an elimination or a
set number of hands (every game's default: Scala 40's elimination at 101, the knock
games' matches, Skarney's game of seven hands) a game is a whole match; where one hand is
the game (Scala 40's ``match_format=single``) it is a hand. ``--unit hand`` plays first
hands instead (Scala 40 as a single hand), ``--unit match`` whole matches. A bot that
wins hands can lose matches: what it keeps in hand costs points when another player goes
out. So every duel reports, beside its share of the games (with its 95% Wilson interval)
and the paired difference (the top bot's share less the bottom bot's, deal by deal,
with its standard error), the **points a hand** by which the top bot's side beat the
other (penalty points in all games but Skarney, points won there; the mean of each
deal's seatings, with its standard error over the deals), the share of the hands its
side won, and the process time of its decisions (mean, 99.9th percentile, slowest).

The duels keep a journal (``--journal FILE``): one JSON line a game as soon as it is
played (the deal, the seats, the share, each hand's points to each seat, the final
totals and winners, and the process time of every decision of the top bot with a
choice, in microseconds). A later run with the same file reads back the games it holds
instead of playing them again, so a duel of 1,000 paired deals can be stopped and
started again, split across processes (each with its own ``--first`` and the same
file), or left in the background (``nox -s ladder``), and gives the figures of every
deal played so far.

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
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

from scala40.bots import bot_names, make_bot
from scala40.bots.belief_search import BestBot, hand_share
from scala40.game import game_names, load_game
from scala40.match import GAME_UNITS, ScoreOrder, game_unit

try:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from scala40.adapters import openspiel
    from scala40.adapters.episodes import MATCH_HANDS

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
    unit: str | None = None,
) -> dict[str, Any]:
    """``top`` against ``bottom`` in ``games`` games of game ``name`` (see the module),
    with ``players`` seats (default :func:`table_size`): the games numbered ``first``
    on, each a whole match or a hand as ``unit`` says (default: what decides the game,
    :func:`duel_unit`)."""
    players = table_size(name) if players is None else players
    sides = sides_of(name, players)
    unit = duel_unit(name, None, unit)
    game = openspiel.load_game(
        name,
        players=players,
        episode=unit,
        chance="deal",
        max_game_length=MAX_STEPS * (1 if unit == "hand" else MATCH_HANDS),
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
        "unit": unit,
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
    """The search bot told every hand: its worlds are the true state (:attr:`truth`, set by
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
"""The moves a duel's hand may take: a hand that long stops the game, a draw. (Players
can keep a hand of three or four going without end, each throwing what the next one
cannot use: the library's bots once did, in Chinchón and La Conga, until they played a
stalled hand otherwise; a bot of your own may still.)"""


def duel_rules(name: str, preset: str | None = None, unit: str | None = None) -> Any:
    """The rules a duel of game ``name`` plays: ``preset``'s (default: the game's
    default rules), under the match format ``unit`` asks for, where it differs from the
    rules' own (``"hand"``: a single hand, where the game has match formats)."""
    game = load_game(name)
    rules = game.ruleset_type.default() if preset is None else game.ruleset_type.preset(preset)
    if unit == "hand" and game_unit(rules) == "match" and "match_format" in rules.option_names():
        rules = rules.with_match_format("single")
    return rules


def duel_unit(name: str, preset: str | None = None, unit: str | None = None) -> str:
    """What a duel counts: ``unit`` when given, else what decides the game under its rules
    (:func:`scala40.match.game_unit`: whole matches where the rules play to a target, an
    elimination or a set number of hands; hands where one hand is the game)."""
    return unit or game_unit(duel_rules(name, preset))


def _hand_points(result: Any, teams: Sequence[Sequence[int]], players: int) -> list[int]:
    """The points a hand gave each seat (a side's points to each of its seats)."""
    points = list(result.points)
    if len(points) == players:
        return points
    by_seat = [0] * players
    for side, team in enumerate(teams):
        for seat in team:
            by_seat[seat] = points[side]
    return by_seat


DEFAULT_PARTNER = "greedy"
"""The top bot's partners in a duel of a partnership game (Skarney's four) unless the
duel names others (``--partner``); a journal line names its partner only when it is
another."""


def duel_game(
    name: str,
    top: str,
    bottom: str,
    number: int,
    seed: int,
    side: int,
    unit: str | None = None,
    players: int | None = None,
    preset: str | None = None,
    partner: str = DEFAULT_PARTNER,
) -> dict[str, Any]:
    """Game ``number`` of a duel with the top bot on side ``side``: ``top`` at the first
    seat of that side (its partners ``partner`` bots in a partnership), ``bottom`` at the
    others, dealt from ``seed`` and ``number`` alone. Its journal line: the seats, the
    top bot's share of the game (a match, or a hand: ``unit``), each hand's points to
    each seat, the final totals and winners, and the process time of each of the top
    bot's decisions with a choice, in microseconds."""
    game = load_game(name)
    unit = duel_unit(name, preset, unit)
    rules = duel_rules(name, preset, unit)
    players = table_size(name) if players is None else players
    deal = seed * 100_003 + number
    state = game.new_game(rules, players, deal)
    teams = state.teams
    top_side = tuple(teams[side])
    timed = min(top_side)
    bots = [
        duel_bot(top if seat == timed else partner, name)
        if seat in top_side
        else duel_bot(bottom, name)
        for seat in range(players)
    ]
    rngs = [random.Random(deal * 31 + seat) for seat in range(players)]
    cpu: list[int] = []
    hands: list[list[int]] = []
    scored = state.last_hand
    moves = 0
    stopped = False
    while not state.is_over:
        if state.last_hand is not scored and state.last_hand is not None:
            scored = state.last_hand
            hands.append(_hand_points(scored, teams, players))
            moves = 0
            if unit == "hand":
                break
        if moves >= MAX_DUEL_MOVES:
            stopped = True
            break
        moves += 1
        if state.is_chance:
            state = state.apply(state.legal_moves()[0])
            continue
        seat = state.current_player
        legal = list(state.legal_moves())
        bot = bots[seat]
        if isinstance(bot, OracleBot):
            bot.truth = state
        if len(legal) == 1:
            move = legal[0]
        else:
            start = time.process_time()
            move = bot.choose(state.view(seat), legal, rngs[seat])
            if seat == timed:
                cpu.append(round((time.process_time() - start) * 1e6))
        state = state.apply(move)
    if state.is_over and state.last_hand is not scored and state.last_hand is not None:
        points = _hand_points(state.last_hand, teams, players)
        reported = list(game.reported_scores(state))
        if game_unit(rules) == "hand" and not any(points) and len(reported) == players:
            # A game of one hand that keeps no totals (Scala 40's single hand) scores
            # nothing: what it reports is the value of the cards left in each hand.
            points = reported
        hands.append(points)
    if stopped:
        share = 1.0 / len(teams)  # a game stopped by the length cap: a draw
    elif state.is_over:
        share = float(state.returns()[timed])
    else:
        share = hand_share((0,) * players, tuple(hands[-1]), teams, timed, game.score_order)
    return {
        "kind": "game",
        "game": name,
        "players": players,
        "preset": preset,
        "unit": unit,
        "top": top,
        "bottom": bottom,
        **({} if partner == DEFAULT_PARTNER else {"partner": partner}),
        "seed": seed,
        "number": number,
        "side": side,
        "seats": list(top_side),
        "share": share,
        "stopped": stopped,
        "hands": hands,
        "scores": list(state.scores),
        "winners": list(state.winners) if state.is_over else [],
        "cpu_us": cpu,
    }


def read_journal(path: str) -> list[dict[str, Any]]:
    """The games a journal holds (a line a game); a last line cut short by a stopped
    run is left out, and played again."""
    try:
        with open(path, encoding="utf-8") as source:
            texts = source.read().splitlines()
    except FileNotFoundError:
        return []
    games = []
    for text in texts:
        try:
            line = json.loads(text)
        except json.JSONDecodeError:
            continue
        if isinstance(line, dict) and line.get("kind") == "game":
            games.append(line)
    return games


def _duel_key(line: dict[str, Any]) -> tuple[Any, ...]:
    fields = ("game", "top", "bottom", "unit", "seed", "players", "preset")
    return (*(line[field] for field in fields), line.get("partner", DEFAULT_PARTNER))


def duel(
    name: str,
    top: str,
    bottom: str,
    deals: int,
    seed: int,
    unit: str | None = None,
    first: int = 0,
    journal: str | None = None,
    players: int | None = None,
    preset: str | None = None,
    partner: str = DEFAULT_PARTNER,
) -> dict[str, Any]:
    """``top`` against ``bottom`` on ``deals`` paired deals of game ``name`` (numbered
    ``first`` on): each deal once with the top bot on each side, ``players`` seats (default
    :func:`table_size`: each seat its own side but in a partnership, where the top bot's
    partners are ``partner`` bots) under the rules of ``preset`` (default: the game's
    default rules), each game a whole match or a hand as ``unit`` says (default: what
    decides the game, :func:`duel_unit`).

    With a ``journal`` (a file of JSON lines), each game is written there as soon as it is
    played, and a game the journal already holds (the same game, bots, unit, seed, seats,
    rules and number) is read back instead of played: a long duel accumulates over runs
    that may be stopped at any time, and a run of more deals goes on where the last
    stopped."""
    players = table_size(name) if players is None else players
    unit = duel_unit(name, preset, unit)
    sides = len(sides_of(name, players))
    key = (name, top, bottom, unit, seed, players, preset, partner)
    known: dict[tuple[int, int], dict[str, Any]] = {}
    if journal is not None:
        for line in read_journal(journal):
            if _duel_key(line) == key:
                known.setdefault((int(line["number"]), int(line["side"])), line)
    lines: list[dict[str, Any]] = []
    for number in range(first, first + deals):
        for side in range(sides):
            played = known.get((number, side))
            if played is None:
                played = duel_game(
                    name, top, bottom, number, seed, side, unit, players, preset, partner
                )
                if journal is not None:
                    with open(journal, "a", encoding="utf-8") as out:
                        out.write(json.dumps(played) + "\n")
            lines.append(played)
    return {**duel_figures(lines), "first": first}


def _percentile(ordered: Sequence[int], share: float) -> float:
    """The ``share`` percentile of sorted ``ordered`` (nearest rank), 0 when empty."""
    if not ordered:
        return 0.0
    return float(ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)])


def duel_figures(lines: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A duel's figures from its games' journal lines (each deal's seatings together;
    a deal missing a seating is left out):

    * the top bot's share of the games (matches or hands, the duel's unit) with its 95%
      Wilson interval, and the paired difference (the top bot's share less the bottom
      bot's, deal by deal) with its standard error;
    * the points a hand: the bottom bot's side's points less the top bot's side's, a
      hand, in the direction the game counts (positive: the top bot's side did better;
      penalty points in all games but Skarney), the mean of each deal's seatings, with
      its standard error over the deals; and the share of the hands the top bot's side
      won (the sides with the best points of the hand share it);
    * the process time of the top bot's decisions with a choice: mean, 99th and 99.9th
      percentiles, slowest."""
    if not lines:
        raise SystemExit("no games to count")
    first = lines[0]
    game = load_game(first["game"])
    sides = len(sides_of(first["game"], first["players"]))
    by_deal: dict[int, dict[int, dict[str, Any]]] = {}
    for line in lines:
        by_deal.setdefault(int(line["number"]), {})[int(line["side"])] = line
    complete = [deal for deal in by_deal.values() if len(deal) == sides]
    games = [line for deal in complete for line in deal.values()]
    pairs = [[deal[side]["share"] for side in sorted(deal)] for deal in complete]
    shares = [share for pair in pairs for share in pair]
    share = statistics.fmean(shares)
    low, high = wilson(share, len(shares))
    # In a deal of n sides the top bot's mean share m is set against the others' mean
    # share (1 - m) / (n - 1): with two sides, 2m - 1.
    differences = [
        statistics.fmean(pair) - (1 - statistics.fmean(pair)) / max(1, len(pair) - 1)
        for pair in pairs
    ]
    sign = 1 if game.score_order is ScoreOrder.HIGH else -1
    margins: list[float] = []
    hand_shares: list[float] = []
    for deal in complete:
        per_game = []
        for line in deal.values():
            seats = line["seats"]
            others = [seat for seat in range(line["players"]) if seat not in seats]
            gained = [
                sign
                * (
                    statistics.fmean(points[seat] for seat in seats)
                    - statistics.fmean(points[seat] for seat in others)
                )
                for points in line["hands"]
            ]
            per_game.append(statistics.fmean(gained) if gained else 0.0)
            teams = sides_of(line["game"], line["players"])
            hand_shares.extend(
                hand_share(
                    (0,) * line["players"], tuple(points), teams, seats[0], game.score_order
                )
                for points in line["hands"]
            )
        margins.append(statistics.fmean(per_game))
    cpu = sorted(value for line in games for value in line["cpu_us"])
    hands = sum(len(line["hands"]) for line in games)
    return {
        "game": first["game"],
        "players": first["players"],
        "preset": first["preset"],
        "unit": first["unit"],
        "top": first["top"],
        "bottom": first["bottom"],
        "partner": first.get("partner", DEFAULT_PARTNER) if sides < first["players"] else None,
        "seed": first["seed"],
        "deals": len(pairs),
        "games": len(shares),
        "share": share,
        "low": low,
        "high": high,
        "difference": statistics.fmean(differences),
        "difference_se": _error(differences),
        "hands": hands,
        "hand_share": statistics.fmean(hand_shares) if hand_shares else 0.0,
        "margin": statistics.fmean(margins),
        "margin_se": _error(margins),
        "stopped": sum(1 for line in games if line["stopped"]),
        "decisions": len(cpu),
        "decision_mean_s": statistics.fmean(cpu) / 1e6 if cpu else 0.0,
        "decision_p99_s": _percentile(cpu, 0.99) / 1e6,
        "decision_p999_s": _percentile(cpu, 0.999) / 1e6,
        "decision_max_s": cpu[-1] / 1e6 if cpu else 0.0,
        "deal_shares": pairs,
    }


def _error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` (infinite for fewer than two)."""
    if len(values) < 2:
        return math.inf
    return statistics.stdev(values) / math.sqrt(len(values))


def merge(lines: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The pairs of ``lines`` (:func:`ladder_pair`'s results, parts of a pair split with
    ``first``) pooled: the games added up, the win share and the mean time weighted by
    games and decisions, the interval of the pooled share. Parts that overlap are
    refused: they would count a game twice. (A duel's parts share a journal instead.)"""
    pooled: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for line in lines:
        key = (
            line["game"],
            line["players"],
            line.get("preset"),
            line["top"],
            line["bottom"],
            line.get("unit"),
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


def _games_word(line: dict[str, Any]) -> str:
    return "hands" if line.get("unit") == "hand" else "matches"


def describe(line: dict[str, Any]) -> str:
    """One ladder pair's result as a line of text."""
    game = line["game"] + (f" {line['preset']}" if line.get("preset") else "")
    return (
        f"{game:9} {line['players']}p {line['top']:34} vs {line['bottom']:9} "
        f"{line['share'] * 100:5.1f}% [{line['low'] * 100:4.1f}-{line['high'] * 100:4.1f}] "
        f"over {line['games']} {_games_word(line)}; {line['decision_mean_s'] * 1000:6.1f} ms a "
        f"decision (slowest {line['decision_max_s'] * 1000:6.1f}); {line['seconds']:.0f} s"
    )


def describe_duel(line: dict[str, Any]) -> str:
    """One duel's figures (:func:`duel_figures`) as a line of text."""
    game = line["game"] + (f" {line['preset']}" if line.get("preset") else "")
    partner = f" (partner {line['partner']})" if line.get("partner") else ""
    return (
        f"{game} {line['players']}p {line['top']}{partner} vs {line['bottom']}: "
        f"{line['share'] * 100:.1f}% [{line['low'] * 100:.1f}-{line['high'] * 100:.1f}] of "
        f"{line['games']} {_games_word(line)} ({line['deals']} paired deals); paired "
        f"difference {line['difference'] * 100:+.1f} (s.e. {line['difference_se'] * 100:.1f}); "
        f"points a hand {line['margin']:+.2f} (s.e. {line['margin_se']:.2f}) over "
        f"{line['hands']} hands, {line['hand_share'] * 100:.1f}% of them won; "
        f"{line['decision_mean_s'] * 1000:.2f} ms a decision (99.9th percentile "
        f"{line['decision_p999_s'] * 1000:.2f}, slowest {line['decision_max_s'] * 1000:.1f})"
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
    parser.add_argument(
        "--unit",
        choices=GAME_UNITS,
        default=None,
        help="what a game of the ladder or a duel is: a hand, or a whole match (default: "
        "what decides the game under its rules)",
    )
    parser.add_argument(
        "--top", help="a duel of this bot (any spec make_bot reads) against --bottom"
    )
    parser.add_argument("--bottom", default="greedy", help="the other bot of --top's duel")
    parser.add_argument(
        "--partner",
        default=DEFAULT_PARTNER,
        help="the top bot's partners in a partnership game (Skarney's four; default greedy)",
    )
    parser.add_argument(
        "--journal",
        metavar="JSONL",
        help="write each duel's deals here as they are played, and skip those it holds: a "
        "long duel accumulates over runs that may be stopped at any time",
    )
    parser.add_argument(
        "--only", default="", help="the duels to play, comma-separated (default: all)"
    )
    parser.add_argument(
        "--strength",
        action="store_true",
        help="play the duels of the bots page (STRENGTH_PLAN) the journal lacks, and write "
        "the package's strength.json from it",
    )
    args = parser.parse_args(argv)
    if args.strength:
        return run_strength(args.names, args.journal, args.only)
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
        ("search-openspiel", "search", "openspiel", args.low),
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
                name, top, bottom, args.games, args.seed, iterations, players, args.first,
                args.unit,
            )  # fmt: skip
            print(describe(line), flush=True)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    out.write(json.dumps(line) + "\n")
    return 0


DUELS: dict[str, tuple[str, str]] = {
    "careful-greedy": ("careful", "greedy"),
    "search-greedy": ("search", "greedy"),
    "search-careful": ("search", "careful"),
    "search-noisy": ("search", "noisy"),
    "careful-noisy": ("careful", "noisy"),
    "search-ismcts": ("search", "ismcts"),
    "oracle-greedy": ("oracle", "greedy"),
    "ismcts-greedy": ("ismcts", "greedy"),
    "greedy-noisy": ("greedy", "noisy"),
}
"""The duels, by label: the top bot and the bottom one."""


def run_duels(args: argparse.Namespace) -> int:
    """Play the duels ``args`` asks for (see the module), a line each."""
    names = args.names or list(game_names())
    if args.top:
        pairs = [(args.top, args.bottom)]
    else:
        labels = [label for label in args.only.split(",") if label] or list(DUELS)
        unknown = sorted(set(labels) - set(DUELS))
        if unknown:
            raise SystemExit(f"unknown duels {unknown}: choose among {sorted(DUELS)}")
        pairs = [DUELS[label] for label in labels]
    print(f"python {sys.version.split()[0]}, {args.deals} paired deals a duel, seed {args.seed}")
    for name in names:
        known = (*bot_names(name), "noisy", "oracle")
        for top, bottom in pairs:
            if not all(spec.partition(":")[0] in known for spec in (top, bottom)):
                continue  # a bot this game does not have
            line = duel(
                name,
                top,
                bottom,
                args.deals,
                args.seed,
                args.unit,
                args.first,
                args.journal,
                args.players,
                args.preset,
                args.partner,
            )
            print(describe_duel(line), flush=True)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    out.write(json.dumps(line) + "\n")
    return 0


COST_REPEATS = 3
"""How many times :func:`decision_costs` times each decision, keeping the least."""


def decision_costs(
    name: str, spec: str, decisions: int, seed: int = 2026, repeats: int = COST_REPEATS
) -> dict[str, Any]:
    """The process time ``spec`` (a bot that keeps nothing between decisions: greedy,
    careful) takes at ``decisions`` of its decisions with a choice, in games of ``name``
    under the default rules against greedy (two players; Skarney's four, its partner
    greedy), its seat alternating game by game: each decision timed ``repeats`` times,
    the least kept, so that what is counted is the decision's work and not the
    machine's load (another process's turn on the core costs the next one its caches).
    The mean, the 99th and 99.9th percentiles and the slowest, in seconds."""
    game = load_game(name)
    rules = game.ruleset_type.default()
    players = table_size(name)
    bot = make_bot(spec, name)
    greedy = make_bot("greedy", name)
    found: list[tuple[Any, list[Any]]] = []
    number = 0
    while len(found) < decisions:
        state = game.new_game(rules, players, seed * 100_003 + number)
        sides = state.teams
        mine = min(sides[number % len(sides)])
        rng = random.Random(number)
        moves = 0
        while not state.is_over and len(found) < decisions and moves < MAX_DUEL_MOVES:
            moves += 1
            if state.is_chance:
                state = state.apply(state.legal_moves()[0])
                continue
            seat = state.current_player
            legal = list(state.legal_moves())
            view = state.view(seat)
            if seat == mine and len(legal) > 1:
                found.append((view, legal))
            state = state.apply((bot if seat == mine else greedy).choose(view, legal, rng))
        number += 1
    times = []
    rng = random.Random(seed)
    for view, legal in found:
        best = math.inf
        for _ in range(repeats):
            start = time.process_time()
            bot.choose(view, legal, rng)
            best = min(best, time.process_time() - start)
        times.append(round(best * 1e6))
    times.sort()
    return {
        "game": name,
        "bot": spec,
        "decisions": len(times),
        "repeats": repeats,
        "mean_s": statistics.fmean(times) / 1e6,
        "p99_s": _percentile(times, 0.99) / 1e6,
        "p999_s": _percentile(times, 0.999) / 1e6,
        "max_s": times[-1] / 1e6,
    }


COST_PLAN: tuple[tuple[str, int], ...] = (("greedy", 5_000), ("careful", 5_000))
"""The bots whose decisions ``--strength`` times apart (:func:`decision_costs`) in every
game, and at how many decisions."""


def _parts(parts: int | tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """A planned duel's deals as parts ``(first, deals)``: a number of deals from deal 0,
    or the parts of a duel played by several processes at once."""
    return ((0, parts),) if isinstance(parts, int) else parts


StrengthDuel = (
    tuple[str, str, int | tuple[tuple[int, int], ...], str | None]
    | tuple[str, str, int | tuple[tuple[int, int], ...], str | None, str]
)
"""A planned duel: the top bot, the bottom one, its paired deals (:func:`_parts`), its
unit (``None``: the game's own, :func:`duel_unit`; ``"hand"``: single hands) and, in a
partnership game, the top bot's partners when they are not :data:`DEFAULT_PARTNER`."""


def _planned(
    planned: StrengthDuel,
) -> tuple[str, str, int | tuple[tuple[int, int], ...], str | None, str]:
    """A planned duel with its partners named (:data:`DEFAULT_PARTNER` unless it says)."""
    if len(planned) == 5:
        return planned
    top, bottom, parts, unit = planned
    return top, bottom, parts, unit, DEFAULT_PARTNER


STRENGTH_PLAN: dict[str, tuple[StrengthDuel, ...]] = {
    "scala40": (
        ("careful", "greedy", 1000, None),
        ("careful", "noisy", 300, None),
        ("search", "careful", 300, "hand"),
    ),
    "skarney": (
        ("careful", "greedy", 1000, None),
        ("careful", "noisy", 300, None),
        # The endgame search, with the careful bot at its partner's seat (its side differs
        # from the other by its own seat alone), then with greedy there, beside the careful
        # bot with the same greedy partner on the same deals (what that partner costs).
        ("endgame", "careful", ((0, 250), (250, 250)), None, "careful"),
        ("endgame", "careful", ((0, 250), (250, 250)), None, "greedy"),
        ("careful", "careful", 500, None, "greedy"),
    ),
    "rumino": (
        ("careful", "greedy", 1000, None),
        ("careful", "noisy", 300, None),
        ("careful:take_saving=1000", "careful", 1000, None),
    ),
    "chinchon": (
        ("careful", "greedy", 1000, None),
        ("careful", "noisy", 300, None),
        ("search", "careful", 300, "hand"),
        ("careful:take_saving=1000", "careful", 1000, None),
    ),
    "laconga": (
        ("careful", "greedy", 1000, None),
        ("careful", "noisy", 300, None),
        ("careful:take_saving=1000", "careful", 1000, None),
    ),
}
"""The duels the bots page and ``scala40 bots`` give, each game's: the top bot, the bottom
one, the paired deals (from deal 0, or the parts ``(first, deals)`` of a duel played by
several processes) and the unit (each game's own, whole matches in every default
ruleset, but for the searches, whose matches cost more than a run can hold: single
hands); two players, Skarney's partnership of four; seed :data:`STRENGTH_SEED`. A duel
stopped before its planned deals is written with the deals it played in full (both
seatings), which its line says."""

STRENGTH_SEED = 2026
STRENGTH_JOURNAL = "strength-deals.jsonl"
"""Where ``--strength`` keeps the games it played (ignored by git): a run goes on where the
last stopped."""
STRENGTH_FILE = Path(__file__).resolve().parents[1] / "src" / "scala40" / "bots" / "strength.json"
"""The package's file of measured duels (:mod:`scala40.bots.strength`)."""
_STRENGTH_FIELDS = (
    "game", "top", "bottom", "unit", "players", "seed", "deals", "games", "share", "low",
    "high", "difference", "difference_se", "hands", "hand_share", "margin", "margin_se",
    "decisions", "decision_mean_s", "decision_p999_s", "decision_max_s",
)  # fmt: skip


def run_strength(names: Sequence[str], journal: str | None, only: str = "") -> int:
    """Play the duels of :data:`STRENGTH_PLAN` for the games ``names`` (default: every
    game's; ``only`` the duels labelled ``top-bottom`` it lists, comma-separated) that
    ``journal`` lacks, then write :data:`STRENGTH_FILE` from the journal: every planned
    duel of every game whose deals it holds in full."""
    journal = journal or STRENGTH_JOURNAL
    labels = set(filter(None, only.split(",")))
    for name in names or list(STRENGTH_PLAN):
        for planned in STRENGTH_PLAN[name]:
            top, bottom, parts, unit, partner = _planned(planned)
            if labels and not labels & {f"{top}-{bottom}", f"{top}-{bottom}-{partner}"}:
                continue
            for first, deals in _parts(parts):
                line = duel(
                    name, top, bottom, deals, STRENGTH_SEED, unit, first, journal,
                    partner=partner,
                )  # fmt: skip
                print(describe_duel(line), flush=True)
    costs_file = Path(journal).with_suffix(".costs.json")
    if not labels or "costs" in labels:
        costs = _read_costs(costs_file)
        for name in names or list(STRENGTH_PLAN):
            for spec, count in COST_PLAN:
                line = decision_costs(name, spec, count)
                costs[f"{name} {spec}"] = line
                print(
                    f"{name} {spec}: {line['mean_s'] * 1000:.3f} ms a decision, 99.9th "
                    f"percentile {line['p999_s'] * 1000:.2f}, slowest {line['max_s'] * 1000:.2f}, "
                    f"over {line['decisions']} decisions (each the least of {line['repeats']} runs)",
                    flush=True,
                )
        costs_file.write_text(json.dumps(costs, indent=1) + "\n", encoding="utf-8")
    write_strength(journal)
    return 0


def _read_costs(path: Path) -> dict[str, Any]:
    """The decision costs ``--strength`` timed, kept beside its journal (``NAME.costs.json``)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return data if isinstance(data, dict) else {}


def write_strength(journal: str) -> None:
    """Write :data:`STRENGTH_FILE` from the games ``journal`` holds and the decision costs
    kept beside it (see :func:`run_strength`)."""
    games = read_journal(journal)
    costs = _read_costs(Path(journal).with_suffix(".costs.json"))
    # A run of some duels (``--only``) keeps the file's lines of the planned duels and the
    # costs its journal lacks, as they were measured: each line says its own deals.
    kept = json.loads(STRENGTH_FILE.read_text(encoding="utf-8")) if STRENGTH_FILE.exists() else {}
    kept_duels = {
        (
            line["game"],
            line["top"],
            line["bottom"],
            line["unit"],
            line.get("partner", DEFAULT_PARTNER),
        ): line
        for line in kept.get("duels", ())
    }
    for line in kept.get("costs", ()):
        costs.setdefault(f"{line['game']} {line['bot']}", line)
    entries = []
    for name, plan in STRENGTH_PLAN.items():
        for planned in plan:
            top, bottom, parts, unit, partner = _planned(planned)
            players = table_size(name)
            key = (
                name, top, bottom, duel_unit(name, None, unit), STRENGTH_SEED, players, None,
                partner,
            )  # fmt: skip
            numbers = {
                number for first, deals in _parts(parts) for number in range(first, first + deals)
            }
            lines = [
                line for line in games if _duel_key(line) == key and int(line["number"]) in numbers
            ]
            seatings = Counter(int(line["number"]) for line in lines)
            sides = len(sides_of(name, players))
            whole = sum(1 for count in seatings.values() if count >= sides)
            if whole == 0:
                unit_played = duel_unit(name, None, unit)
                if (name, top, bottom, unit_played, partner) in kept_duels:
                    print(f"{name} {top} vs {bottom}: not in the journal; kept as it was")
                    kept_line = dict(kept_duels[name, top, bottom, unit_played, partner])
                    if len(sides_of(name, players)) < players:
                        kept_line.setdefault("partner", partner)
                    entries.append(kept_line)
                else:
                    print(f"{name} {top} vs {bottom}: no deal played in full; left out")
                continue
            if whole < len(numbers):
                print(f"{name} {top} vs {bottom}: {whole} of the {len(numbers)} deals planned")
            figures = duel_figures(lines)
            entry = {field: figures[field] for field in _STRENGTH_FIELDS}
            if figures["partner"] is not None:
                entry["partner"] = partner  # a partnership game: who sat beside the top bot
            for field in ("difference_se", "margin_se"):
                if math.isinf(entry[field]):
                    entry[field] = None
            entries.append(entry)
    document = {
        "command": f"python benchmarks/bench_ladder.py --strength (seed {STRENGTH_SEED})",
        "python": sys.version.split()[0],
        "duels": entries,
        "costs": [costs[key] for key in sorted(costs)],
    }
    STRENGTH_FILE.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(entries)} duels to {STRENGTH_FILE}")


if __name__ == "__main__":
    raise SystemExit(main())
