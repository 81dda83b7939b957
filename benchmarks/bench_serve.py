"""``scala40 serve``'s cost per move along a hand: does an ``apply`` cost the same at the
1,200th move of a hand as at the first?

A program driving the referee over JSON lines (a learning agent, a random client) plays
hands of thousands of moves. Each move through ``serve`` pays the library's
``state.apply`` plus the referee's own work (reading the request, the event feed, the
summary); none of it may grow with the hand. This script plays seeded random hands of a
game through the in-process referee (``Referee.answer``, the request as ``serve`` reads
it: the move as text), times each ``apply`` on the CPU clock, and groups the moves by
their place in the hand: the first 300, and each later window of 300. It prints each
window's median, the ratio of the window from move 1,200 to the first, and the library's
own ``state.apply`` of the same moves beside it.

Run with ``python benchmarks/bench_serve.py`` (``--game NAME``, ``--hands N``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from machine_load import LoadWatch

from scala40_server.commands.serve import Referee

WINDOW = 300
"""Moves per window of a hand."""
LAST_WINDOW = 1_200
"""The start of the window compared with the first."""


def play(game: str, hands: int, seed: int) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """The CPU time in ns of each ``apply`` through the referee and of the library's
    ``state.apply``, by window of the hand, over ``hands`` hands that reach
    :data:`LAST_WINDOW` + :data:`WINDOW` moves."""
    served: dict[int, list[int]] = defaultdict(list)
    library: dict[int, list[int]] = defaultdict(list)
    clock = time.process_time_ns
    done = 0
    while done < hands:
        referee = Referee()
        answer = referee.answer({"op": "new", "game": game, "seed": seed})
        handle = answer["handle"]
        chooser = random.Random(seed)
        seed += 1
        held = referee._states  # the referee's states, to time the library beside it
        place = 0
        hand = held[handle].hand_number
        while place < LAST_WINDOW + WINDOW:
            state = held[handle]
            if state.is_over:
                break
            if state.hand_number != hand:
                hand, place = state.hand_number, 0
            legal = list(state.legal_moves())
            move = legal[chooser.randrange(len(legal))]
            start = clock()
            state.apply(move)
            library[place // WINDOW].append(clock() - start)
            start = clock()
            answer = referee.answer({"op": "apply", "handle": handle, "move": str(move)})
            served[place // WINDOW].append(clock() - start)
            assert answer["ok"], answer
            place += 1
        if place >= LAST_WINDOW + WINDOW:
            done += 1
    return served, library


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="chinchon")
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    watch = LoadWatch()  # the load beside every ratio (see machine_load)
    watch.read("run")
    served, library = play(args.game, args.hands, args.seed)
    watch.read("run")
    print(f"{args.game}: apply's CPU time by place in the hand ({args.hands} hands)")
    print(f"{'moves':>12} {'serve apply':>12} {'state.apply':>12}")
    for window in sorted(served):
        print(
            f"{window * WINDOW:>5}-{(window + 1) * WINDOW - 1:<6} "
            f"{statistics.median(served[window]) / 1e3:>9.1f} us "
            f"{statistics.median(library[window]) / 1e3:>9.1f} us"
        )
    first = statistics.median(served[0])
    last = statistics.median(served[LAST_WINDOW // WINDOW])
    print(
        f"serve's apply from move {LAST_WINDOW} against the first {WINDOW}: {last / first:.2f}x "
        + watch.note("run")
    )
    overhead = first - statistics.median(library[0])
    print(
        f"serve's apply against the library's: {first / statistics.median(library[0]):.1f}x "
        f"({overhead / 1e3:.0f} us of the referee's own a move) {watch.note('run')}"
    )


if __name__ == "__main__":
    main()
