"""Where a bot gains or loses against a reference bot, decision by decision: every move
of the bot that departs from the reference's, valued against the truth, paired.

Run it from the repository root, before a duel, to see whether a new bot's departures
from ``careful`` (or any reference) gain anything, and where::

    python benchmarks/bench_decisions.py chinchon --bot careful:take_saving=1000
    python benchmarks/bench_decisions.py laconga --bot search --hands 60 --playouts 8
    python benchmarks/bench_decisions.py chinchon --bot careful:margin=0 --out dec.jsonl

The bot plays the first hand of each deal (two players, Skarney's partnership of four
with the reference at the other seats; the game's default rules,
dealt from the seed and the deal's number as the duels of ``bench_ladder.py`` deal them) against the reference, on each side in turn. At each of
its decisions with a choice the reference is asked too; where the two moves differ (a
*departure*), each move is applied to the true state and the hand is played out from it
``--playouts`` times by the reference at every seat, the stock shuffled again for each
play-out the same way after either move (common random numbers; where a game's state
has no stock to shuffle, one play-out). A departure's value is the mean, over the
play-outs, of the bot's side's margin of the hand in points (the other side's penalty
points less its own; in Skarney the points it won less the other side's) after its own
move, less that after the reference's move: what the departure alone gains, the rest of
the hand played as the reference would play it, with every hand seen.

It prints, by the kind of the reference's move and the bot's (``take -> draw``: the
reference took the top discard, the bot drew), how many departures, their share of the
bot's decisions, the mean value of one with its standard error, and their sum a hand
(what that kind of departure gains or costs the bot a hand); then all departures
together. A bot whose departures lose on the truth will lose the duel; one whose
departures gain here is worth a duel in the game's unit (``bench_ladder.py --duels``).
Each decision's work is bounded (the play-outs stop after ``MAX_PLAYOUT_MOVES`` moves),
and no clock is read: the figures follow from the arguments alone.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ladder import _hand_points, duel_rules, table_size

from scala40.bots import make_bot
from scala40.game import load_game
from scala40.match import ScoreOrder

MAX_PLAYOUT_MOVES = 3_000
"""The moves a play-out may take before it stops, valued as a hand of no points."""
MAX_HAND_MOVES = 3_000
"""The moves a played hand may take before it stops (its departures still count)."""


def move_kind(move: Any) -> str:
    """A move's kind, the first word of its text (``draw``, ``take``, ``discard``...)."""
    return str(move).split(" ", 1)[0].lower()


def _margin(points: Sequence[int], teams: Sequence[Sequence[int]], seat: int, order: Any) -> float:
    """``seat``'s side's margin over the other sides in a hand's points, higher better."""
    side = next(team for team in teams if seat in team)
    mine = points[side[0]]
    others = [points[team[0]] for team in teams if tuple(team) != tuple(side)]
    margin = sum(others) / len(others) - mine
    return -margin if order is ScoreOrder.HIGH else margin


def _reshuffled(state: Any, rng: random.Random) -> Any:
    stock = getattr(state, "stock", None)
    if stock is None or not hasattr(state, "copy_with"):
        return state
    cards = list(stock)
    rng.shuffle(cards)
    return state.copy_with(stock=tuple(cards))


def play_out(state: Any, reference: Sequence[Any], seat: int, order: Any) -> float:
    """The margin of ``seat``'s side at the end of ``state``'s hand, played by the
    reference bots (one a seat)."""
    hand = state.hand_number
    teams = state.teams
    players = state.player_count
    rng = random.Random(0)
    for _ in range(MAX_PLAYOUT_MOVES):
        if state.is_over or state.hand_number != hand:
            result = state.last_hand
            if result is None:
                return 0.0
            return _margin(_hand_points(result, teams, players), teams, seat, order)
        legal = list(state.legal_moves())
        if state.is_chance or len(legal) == 1:
            state = state.apply(legal[0])
            continue
        mover = state.current_player
        state = state.apply(reference[mover].choose(state.view(mover), legal, rng))
    return 0.0


def departure_value(
    state: Any, ours: Any, theirs: Any, reference: Sequence[Any], playouts: int, seed: int
) -> float:
    """The mean margin after ``ours`` less that after ``theirs``, over ``playouts`` paired
    play-outs from the true ``state``."""
    seat = state.current_player
    order = load_game(state.game_name).score_order
    total = 0.0
    shuffles = playouts if getattr(state, "stock", None) is not None else 1
    for index in range(shuffles):
        values = []
        for move in (ours, theirs):
            after = _reshuffled(state.apply(move), random.Random(seed * 7_919 + index))
            values.append(play_out(after, reference, seat, order))
        total += values[0] - values[1]
    return total / shuffles


def study(
    name: str, bot_spec: str, reference_spec: str, hands: int, playouts: int, seed: int
) -> list[dict[str, Any]]:
    """The departures of ``bot_spec`` from ``reference_spec`` in ``hands`` first hands of
    game ``name``, each a dictionary (the deal, the decision's number, the two moves and
    the departure's value), and one line a hand (``"hand"``: its decisions with a
    choice)."""
    game = load_game(name)
    # The default rules, whose hands score their points (a game of one hand may keep no
    # totals): only the first hand is played.
    rules = duel_rules(name)
    lines: list[dict[str, Any]] = []
    for number in range(hands):
        deal = seed * 100_003 + number // 2
        side = number % 2
        players = table_size(name)
        state = game.new_game(rules, players, deal)
        bot = make_bot(bot_spec, name)
        # The reference's own copy for the bot's seat, asked at each of its decisions, and
        # one a seat for the other side and the play-outs.
        shadow = make_bot(reference_spec, name)
        reference = [make_bot(reference_spec, name) for _ in range(players)]
        rngs = [random.Random(deal * 31 + seat) for seat in range(players)]
        hand = state.hand_number
        decisions = 0
        for _ in range(MAX_HAND_MOVES):
            if state.is_over or state.hand_number != hand:
                break
            legal = list(state.legal_moves())
            if state.is_chance or len(legal) == 1:
                state = state.apply(legal[0])
                continue
            seat = state.current_player
            view = state.view(seat)
            if seat != side:
                state = state.apply(reference[seat].choose(view, legal, rngs[seat]))
                continue
            decisions += 1
            ours = bot.choose(view, legal, rngs[seat])
            theirs = shadow.choose(view, legal, random.Random(0))
            if ours != theirs:
                value = departure_value(state, ours, theirs, reference, playouts, deal)
                lines.append(
                    {
                        "kind": "departure",
                        "deal": deal,
                        "side": side,
                        "decision": decisions,
                        "ours": str(ours),
                        "theirs": str(theirs),
                        "value": value,
                    }
                )
            state = state.apply(ours)
        lines.append({"kind": "hand", "deal": deal, "side": side, "decisions": decisions})
    return lines


def _mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, math.inf
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    return mean, math.sqrt(variance / count)


def report(lines: Sequence[dict[str, Any]]) -> list[str]:
    """The summary's lines: by kind of departure, then all together."""
    hands = [line for line in lines if line["kind"] == "hand"]
    decisions = sum(line["decisions"] for line in hands)
    departures = [line for line in lines if line["kind"] == "departure"]
    by_kind: dict[str, list[float]] = defaultdict(list)
    for line in departures:
        by_kind[f"{move_kind(line['theirs'])} -> {move_kind(line['ours'])}"].append(line["value"])
    by_kind["all"] = [line["value"] for line in departures]
    out = [
        f"{len(hands)} hands, {decisions} decisions with a choice, {len(departures)} departures"
    ]
    for kind, values in by_kind.items():
        if not values:
            continue
        mean, error = _mean_and_error(values)
        share = len(values) / decisions if decisions else 0.0
        out.append(
            f"  {kind:<20} {len(values):>5} ({share:.1%} of decisions): "
            f"{mean:+.2f} points of margin a departure (s.e. {error:.2f}), "
            f"{sum(values) / max(1, len(hands)):+.3f} a hand"
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="the game's name")
    parser.add_argument("--bot", required=True, help="the bot judged (a make_bot spec)")
    parser.add_argument("--reference", default="careful", help="the bot it departs from")
    parser.add_argument("--hands", type=int, default=200, help="hands played (200)")
    parser.add_argument("--playouts", type=int, default=16, help="play-outs a move (16)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", help="also write each departure and hand as a JSON line")
    args = parser.parse_args(argv)
    lines = study(args.game, args.bot, args.reference, args.hands, args.playouts, args.seed)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.writelines(json.dumps(line) + "\n" for line in lines)
    print(
        f"{args.game}: {args.bot} against {args.reference}, seed {args.seed}, "
        f"{args.playouts} play-outs a move"
    )
    print("\n".join(report(lines)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
