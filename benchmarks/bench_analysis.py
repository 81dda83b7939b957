"""Hand analysis speed: best openings (each criterion), least deadwood with and without a
table, and the close search, on seeded random hands and positions.

Run with ``python benchmarks/bench_analysis.py`` (``--quick`` for a short run). The hands
are 14 cards from the 108-card deck with at most two jokers; the positions are PLAY-phase
states met along seeded random games. Each call is timed once with
``time.perf_counter_ns`` (caches warm only from earlier hands, as in a game); the median
and the slowest call are printed, with the slowest hand or position.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

import attrs

from scala40 import JOKER, PRESETS, Discard, GameState, Meld, Phase, format_cards, new_game
from scala40.cards import Card
from scala40.games.scala40.analysis import Criterion, best_opening, can_close, min_deadwood

T = TypeVar("T")


def random_hands(count: int, seed: int, size: int = 14) -> list[tuple[Card, ...]]:
    """``count`` hands of ``size`` cards dealt from shuffled 108-card decks, keeping those
    with at most two jokers."""
    chooser = random.Random(seed)
    deck = list(PRESETS["official"].deck.cards)
    hands: list[tuple[Card, ...]] = []
    while len(hands) < count:
        hand = tuple(sorted(chooser.sample(deck, size)))
        if hand.count(JOKER) <= 2:
            hands.append(hand)
    return hands


def play_states(count: int, seed: int) -> list[GameState]:
    """PLAY-phase states met along seeded random games (melding moves preferred, so that
    players open and tables fill), copied without their cached legal moves."""
    chooser = random.Random(seed)
    states: list[GameState] = []
    game = 0
    while len(states) < count:
        state = new_game(players=chooser.choice([2, 3, 4]), seed=seed * 1000 + game)
        game += 1
        moves_played = 0
        while not state.is_over and moves_played < 400 and len(states) < count:
            if state.phase is Phase.PLAY and chooser.random() < 0.3:
                states.append(attrs.evolve(state))
            moves = list(state.legal_moves())
            melding = [move for move in moves if not isinstance(move, Discard)]
            pick = melding if melding and chooser.random() < 0.9 else moves
            state = state.apply(chooser.choice(pick))
            moves_played += 1
    return states


def time_each(items: Sequence[T], function: Callable[[T], object]) -> list[tuple[int, T]]:
    # Collect the garbage of the set-up first, so that its pause is not timed.
    gc.collect()
    timings = []
    for item in items:
        start = time.perf_counter_ns()
        function(item)
        timings.append((time.perf_counter_ns() - start, item))
    return timings


def report(label: str, timings: list[tuple[int, T]], describe: Callable[[T], str]) -> None:
    values = [ns for ns, _ in timings]
    slowest_ns, slowest = max(timings, key=lambda pair: pair[0])
    print(
        f"  {label:<34} median {statistics.median(values) / 1e6:8.3f} ms   "
        f"worst {slowest_ns / 1e6:8.3f} ms   ({len(values)} runs)"
    )
    print(f"    slowest: {describe(slowest)}")


def describe_hand(hand: tuple[Card, ...]) -> str:
    return format_cards(hand)


def describe_state(state: GameState) -> str:
    player = state.turn
    table = " | ".join(str(meld) for meld in state.table) or "-"
    opened = "opened" if state.opened[player] else "not opened"
    return f"hand {format_cards(state.hands[player])} ({opened}); table {table}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer hands and positions")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    hand_count = 60 if args.quick else 300
    state_count = 60 if args.quick else 300
    rules = PRESETS["official"]

    hands = random_hands(hand_count, args.seed)
    print(f"best_opening, {len(hands)} random 14-card hands (official rules, threshold 40)")
    criteria: tuple[Criterion, ...] = ("value", "cards", "deadwood")
    for criterion in criteria:
        timings = time_each(hands, partial(best_opening, rules=rules, criterion=criterion))
        report(f"criterion={criterion}", timings, describe_hand)
    found = sum(best_opening(hand, rules) is not None for hand in hands)
    print(f"  hands that can open: {found} of {len(hands)}")

    fresh = random_hands(hand_count, args.seed + 1)
    print(f"min_deadwood, {len(fresh)} random 14-card hands")
    report("no table", time_each(fresh, lambda hand: min_deadwood(hand, rules)), describe_hand)

    states = play_states(state_count, args.seed)
    tables = [state.table for state in states if len(state.table) >= 3]
    pairs = [(hand, tables[i % len(tables)]) for i, hand in enumerate(fresh)] if tables else []
    if pairs:
        sizes = sorted(len(table) for _, table in pairs)
        print(f"  with a table from a random game ({sizes[0]}-{sizes[-1]} melds)")

        def describe_pair(pair: tuple[tuple[Card, ...], tuple[Meld, ...]]) -> str:
            hand, table = pair
            return f"{format_cards(hand)}; table {' | '.join(str(meld) for meld in table)}"

        report(
            "with a table",
            time_each(pairs, lambda pair: min_deadwood(pair[0], rules, table=pair[1])),
            describe_pair,
        )

    print(f"can_close, {len(states)} PLAY-phase states of random games (2-4 players)")
    report("can_close", time_each(states, can_close), describe_state)
    closable = sum(can_close(attrs.evolve(state)) for state in states)
    opened = sum(state.opened[state.turn] for state in states)
    print(f"  states where the player has opened: {opened}; where he can close: {closable}")


if __name__ == "__main__":
    main()
