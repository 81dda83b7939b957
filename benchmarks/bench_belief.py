"""How well the belief over hidden cards (:mod:`scala40.bots.belief`) reads the opponents,
beside uniform guesses and the truth (the oracle).

Run it from the repository root, with scala40 installed::

    python benchmarks/bench_belief.py                       # every game, 300 hands each
    python benchmarks/bench_belief.py chinchon --hands 50   # a short run of one game
    python benchmarks/bench_belief.py --fit                 # fit the seat models' temperatures

The positions are every decision of one seat (the *viewer*) in hands played by greedy
bots (Skarney: four in partnerships; the other games: two), from fixed seeds, the viewer
taking each seat in turn; the viewer's belief is updated at each of them, as a bot's
would be. For each position and each source of guesses (``uniform``: the view's own
samples; ``belief``; ``oracle``: the true hands, the stock shuffled again) it reports:

* ``error``: how far the mean of the guesses' value of an opponent's hand (what its cards
  would count at the hand's end, :attr:`~scala40.game.Game.hand_value`: deadwood in the
  knock games) is from the true value, averaged over the opponents;
* ``mass``: the share of an opponent's hidden cards (those no seat saw him take) that
  the guesses put in his hand, on average (each true card's probability of being there);
* ``AUC``: how well the guesses' mean result of the hand played out by greedy bots from
  the position (the share of the hand the viewer's side wins) ranks the positions whose
  hand the viewer's side went on to win above those it lost;
* ``value``: that mean result, beside the share of hands the viewer's side won.

``--fit`` logs hands between greedy bots that choose at random among their three best
moves one time in ten, and prints, for each game, the temperature of
:class:`~scala40.bots.belief.SoftGreedy` that makes the logged moves most likely.
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
from typing import Any

from scala40.bots import make_bot
from scala40.bots.belief import Belief, SoftGreedy
from scala40.bots.belief_search import hand_share
from scala40.game import game_names, load_game

WORLDS = 16
"""Guesses per position and source."""


def _players(name: str) -> int:
    return 4 if name == "skarney" else 2


def _opponents(state: Any, seat: int) -> list[int]:
    """The seats of the other sides than ``seat``'s."""
    side = next(team for team in state.teams if seat in team)
    return [other for other in range(state.player_count) if other not in side]


def _rollout(world: Any, greedy: Any, seat: int, order: Any, seed: int) -> float:
    """The share of the hand the side of ``seat`` wins when greedy bots play it out."""
    rng = random.Random(seed)
    hand = world.hand_number
    before = tuple(world.scores)
    state = world
    for _ in range(5_000):
        if state.is_over:
            return float(state.returns()[seat])
        if state.hand_number != hand or state.is_chance:
            break
        legal = list(state.legal_moves())
        actor = state.current_player
        state = state.apply(
            legal[0] if len(legal) == 1 else greedy.choose(state.view(actor), legal, rng)
        )
    else:
        return 0.5
    return hand_share(before, tuple(state.scores), state.teams, seat, order)


def _auc(scores: Sequence[float], labels: Sequence[float]) -> float:
    """The probability that a position won scores above one lost (ties count half)."""
    won = [score for score, label in zip(scores, labels) if label > 0.5]
    lost = [score for score, label in zip(scores, labels) if label < 0.5]
    if not won or not lost:
        return float("nan")
    ordered = sorted([(score, 1) for score in won] + [(score, 0) for score in lost])
    rank_sum = 0.0
    index = 0
    while index < len(ordered):
        end = index
        while end < len(ordered) and ordered[end][0] == ordered[index][0]:
            end += 1
        mean_rank = (index + end + 1) / 2
        rank_sum += mean_rank * sum(flag for _, flag in ordered[index:end])
        index = end
    return (rank_sum - len(won) * (len(won) + 1) / 2) / (len(won) * len(lost))


def _hidden(state: Any, seat: int) -> list[int]:
    shown = state.shown[seat] if state.shown else ()
    return list((Counter(state.hands[seat]) - Counter(shown)).elements())


def _oracle(state: Any, seed: int) -> Any:
    rng = random.Random(seed)
    stock = list(state.stock)
    rng.shuffle(stock)
    return state.copy_with(stock=tuple(stock)).without_log()


def measure(
    name: str, hands: int, particles: int, first: int = 0, temperature: float | None = None
) -> dict[str, Any]:
    """The figures of one game over ``hands`` hands from seed ``first`` on."""
    game = load_game(name)
    rules = game.resolve_rules(None)
    greedy = make_bot("greedy", name)
    order = game.score_order
    value_of = game.hand_value
    if value_of is None:
        raise SystemExit(f"{game.title} says nothing of what a hand's cards count")
    rows: list[dict[str, Any]] = []
    belief_time: list[float] = []
    for index in range(first, first + hands):
        seed = 20_000 + index
        state = game.new_game(rules, _players(name), seed)
        viewer = index % state.player_count
        belief = Belief(particles=particles, seed=seed, model=SoftGreedy(temperature))
        rng = random.Random(seed)
        hand = state.hand_number
        before = tuple(state.scores)
        positions: list[dict[str, Any]] = []
        while not state.is_over and state.hand_number == hand:
            if state.is_chance:
                state = state.apply(state.legal_moves()[0])
                continue
            actor = state.current_player
            view = state.view(actor)
            if actor == viewer:
                started = time.process_time()
                belief.update(view)
                belief_time.append(time.process_time() - started)
                sources = {
                    "uniform": [
                        view.sample(rng.getrandbits(62)).without_log() for _ in range(WORLDS)
                    ],
                    "belief": [
                        world.without_log() for world in belief.worlds(WORLDS, rng.getrandbits(62))
                    ],
                    "oracle": [_oracle(state, rng.getrandbits(62)) for _ in range(WORLDS)],
                }
                row: dict[str, Any] = {}
                for source, worlds in sources.items():
                    errors = []
                    masses = []
                    for other in _opponents(state, viewer):
                        true = value_of(state.hands[other], rules)
                        guessed = statistics.mean(value_of(w.hands[other], rules) for w in worlds)
                        errors.append(abs(guessed - true))
                        hidden = _hidden(state, other)
                        if hidden:
                            masses.append(
                                statistics.mean(
                                    sum(card in w.hands[other] for w in worlds) / len(worlds)
                                    for card in hidden
                                )
                            )
                    seeds = [rng.getrandbits(62) for _ in worlds]
                    row[source] = {
                        "error": statistics.mean(errors),
                        "mass": statistics.mean(masses) if masses else None,
                        "value": statistics.mean(
                            _rollout(w, greedy, viewer, order, s) for w, s in zip(worlds, seeds)
                        ),
                    }
                positions.append(row)
            legal = list(state.legal_moves())
            state = state.apply(greedy.choose(view, legal, rng))
        if state.is_over:
            won = float(state.returns()[viewer])
        else:
            won = hand_share(before, tuple(state.scores), state.teams, viewer, order)
        for row in positions:
            row["won"] = won
        rows.extend(positions)
    return _summary(name, hands, rows, belief_time)


def _summary(
    name: str, hands: int, rows: list[dict[str, Any]], times: list[float]
) -> dict[str, Any]:
    labels = [row["won"] for row in rows]
    result: dict[str, Any] = {
        "game": name,
        "hands": hands,
        "positions": len(rows),
        "won": statistics.mean(labels),
        "belief_ms": 1000 * statistics.mean(times) if times else 0.0,
        "belief_ms_max": 1000 * max(times) if times else 0.0,
    }
    for source in ("uniform", "belief", "oracle"):
        masses = [row[source]["mass"] for row in rows if row[source]["mass"] is not None]
        result[source] = {
            "error": statistics.mean(row[source]["error"] for row in rows),
            "mass": statistics.mean(masses) if masses else None,
            "auc": _auc([row[source]["value"] for row in rows], labels),
            "value": statistics.mean(row[source]["value"] for row in rows),
        }
    return result


def fit(name: str, hands: int) -> float:
    """The temperature of the softened greedy model that makes the moves of a greedy
    player choosing among its three best one time in ten most likely."""
    game = load_game(name)
    rules = game.resolve_rules(None)
    greedy: Any = make_bot("greedy", name)
    logged: list[tuple[Any, list[Any], int]] = []
    for index in range(hands):
        seed = 30_000 + index
        rng = random.Random(seed)
        state = game.new_game(rules, _players(name), seed)
        hand = state.hand_number
        while not state.is_over and state.hand_number == hand:
            if state.is_chance:
                state = state.apply(state.legal_moves()[0])
                continue
            actor = state.current_player
            view = state.view(actor)
            legal = list(state.legal_moves())
            ranked = greedy.ranked(view, legal)
            move = ranked[rng.randrange(min(3, len(ranked)))] if rng.random() < 0.1 else ranked[0]
            if len(legal) > 1:
                logged.append((view, legal, ranked.index(move)))
            state = state.apply(move)
    best = (math.inf, 0.0)
    for temperature in (0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.7, 1.0):
        loss = 0.0
        for _, legal, rank in logged:
            total = sum(math.exp(-place / temperature) for place in range(len(legal)))
            loss -= math.log(max(1e-4, math.exp(-rank / temperature) / total))
        best = min(best, (loss, temperature))
    return best[1]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="the games (default: every game)")
    parser.add_argument("--hands", type=int, default=300, help="hands a game (default 300)")
    parser.add_argument("--first", type=int, default=0, help="the first hand's number")
    parser.add_argument("--particles", type=int, default=128, help="the belief's particles")
    parser.add_argument("--fit", action="store_true", help="fit the models' temperatures")
    parser.add_argument("--temperature", type=float, default=None, help="the model's temperature")
    parser.add_argument("--json", action="store_true", help="print each game's figures as JSON")
    args = parser.parse_args(argv)
    names = args.games or list(game_names())
    for name in names:
        if args.fit:
            print(f"{name}: temperature {fit(name, args.hands)}", flush=True)
            continue
        figures = measure(name, args.hands, args.particles, args.first, args.temperature)
        if args.json:
            print(json.dumps(figures), flush=True)
            continue
        print(
            f"{name}: {figures['positions']} positions of {figures['hands']} hands, "
            f"won {figures['won']:.3f}; belief update {figures['belief_ms']:.0f} ms "
            f"(max {figures['belief_ms_max']:.0f})"
        )
        for source in ("uniform", "belief", "oracle"):
            row = figures[source]
            mass = "-" if row["mass"] is None else f"{row['mass']:.3f}"
            print(
                f"  {source:8} error {row['error']:6.2f}  mass {mass}  AUC {row['auc']:.3f}  "
                f"value {row['value']:.3f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
