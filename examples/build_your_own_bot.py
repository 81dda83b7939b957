"""Build your own Scala 40 bot and measure it against the shipped ones.

Run it with no arguments, scala40 installed::

    python examples/build_your_own_bot.py

A bot is any object with a ``choose(view, legal, rng)`` method. This one, the *set
collector*, plays like the greedy bot but discards differently: it keeps every card
whose rank it holds twice or more (sets in the making) and throws the highest lone
card. A short tournament then pits it against the greedy and the random bots.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from scala40 import JOKER, Discard, GreedyBot, Move, Phase, PlayerView, Ruleset, hand_value
from scala40.cards import rank_of
from scala40.tournament import run_tournament


class SetCollector:
    """Melds like the greedy bot; discards the highest card of a rank held only once."""

    name = "collector"

    def __init__(self) -> None:
        self.greedy = GreedyBot()

    def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        greedy_choice = self.greedy.choose(view, legal, rng)
        if view.phase is not Phase.PLAY or not isinstance(greedy_choice, Discard):
            return greedy_choice  # draw and meld as the greedy bot does
        ranks = Counter(rank_of(card) for card in view.hand if card != JOKER)
        discards = [move for move in legal if isinstance(move, Discard)]

        def keep_score(move: Discard) -> tuple[int, int]:
            # Cards of a rank held more than once come last; then the costliest first.
            lone = move.card != JOKER and ranks[rank_of(move.card)] == 1
            return (0 if lone else 1, -hand_value([move.card], view.rules))

        return min(discards, key=keep_score)


def main() -> None:
    # One hand a game (S40-V-SINGLE): the first to close wins. Seats rotate over the
    # same deals, so every bot plays every seat of every deal.
    rules = Ruleset(match_format="single")
    result = run_tournament(60, [SetCollector, "greedy", "random"], rules=rules, seed=1, workers=2)
    print(result.summary())


if __name__ == "__main__":
    main()
