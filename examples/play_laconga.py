"""La Conga from Python: the first player's eighth card, the cap on closing, the
reenganche, and a whole game between bots.

Run it with no arguments, scala40 installed::

    python examples/play_laconga.py

A new game deals the first player eight cards and turns no card up (LC-DEAL); a player
near 100 may not close into it (LC-CLOSECAP); a player reaching 100 decides whether to
re-enter at the highest total still in (LC-REENGANCHE, with ``reentry=1``). Then a greedy
bot plays two random bots until one player is left (LC-ELIM).
"""

from __future__ import annotations

from typing import Any

from scala40.bots import Bot, RandomBot, play_game
from scala40.bots.knock import GreedyBot
from scala40.cards import format_cards
from scala40.games import laconga
from scala40.texts import text_of


def the_deal() -> None:
    state = laconga.new_game(players=3, seed=3, dealer=2)
    sizes = [len(hand) for hand in state.hands]
    print(f"Hand sizes {sizes}, discard pile {format_cards(state.discard) or 'empty'}:")
    print(f"player {state.current_player} starts with a discard: {state.legal_moves()[0]}")


def the_cap_and_the_reenganche() -> None:
    state = laconga.GameState.from_position(
        hands=["AC 2C 3C 4C 5S 5H 5D KS", "6S 6H 6D 7S 7D 3H QC", "KD QD JD 2S 3S 4S 2D"],
        discard="KC",
        phase="play",
        turns_played=[1, 1, 1],
        scores=[96, 80, 98],
        rules=laconga.Ruleset(reentry=1),
    )
    closes = [str(move) for move in state.legal_moves() if str(move).startswith("close")]
    print("At 96 the closes are only", *closes, sep="\n  ")
    after = state.apply("close KS : 5S 5H 5D / AC 2C 3C 4C")
    names = ["you", "left", "right"]
    print("\n".join(text_of("laconga").events(state, after, names)))
    print(text_of("laconga").turn_hint(after))
    again = after.apply("reenter")
    print("\n".join(text_of("laconga").events(after, again, names)))


def a_game() -> None:
    names = ["greedy", "random", "random"]

    def show(before: Any, move: Any) -> None:
        for line in text_of("laconga").events(before, before.apply(move), names):
            print(line)

    state = laconga.new_game(players=3, seed=2026)
    bots: list[Bot] = [GreedyBot(), RandomBot(), RandomBot()]
    final = play_game(state, bots, rng=2026, on_move=show)
    print("\n".join(text_of("laconga").final(final, names)))


def main() -> None:
    the_deal()
    print()
    the_cap_and_the_reenganche()
    print()
    a_game()


if __name__ == "__main__":
    main()
