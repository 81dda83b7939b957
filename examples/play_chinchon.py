"""Chinchón from Python: a close and its layoffs, then a whole game between bots.

Run it with no arguments, scala40 installed::

    python examples/play_chinchon.py

First a position built by hand: the player to move holds A-2-3-4 of bastos and three 5s;
the legal moves list every close (the card discarded face down and the melds shown), and
the close chosen is scored with the others' layoffs (CH-CLOSE, CH-LAYOFF, CH-SCORE). Then
a greedy bot plays a random bot to the end of a game, every hand's end printed as the
command line prints it.
"""

from __future__ import annotations

from typing import Any

from scala40.bots import RandomBot, play_game
from scala40.bots.knock import GreedyBot
from scala40.cards import spanish_card_name
from scala40.games import chinchon
from scala40.texts import text_of


def a_close() -> None:
    state = chinchon.GameState.from_position(
        hands=["AC 2C 3C 4C 5S 5H 5D KS", "6C 6H 6D 7S 7D 3H QC"],
        discard="KC",
        phase="play",
        turns_played=[1, 1],
    )
    names = ", ".join(spanish_card_name(card) for card in state.hands[0])
    print(f"Player 0 holds {names}.")
    closes = [str(move) for move in state.legal_moves() if str(move).startswith("close")]
    print("The closes:", *closes, sep="\n  ")
    after = state.apply("close KS : 5S 5H 5D / AC 2C 3C")
    print("\n".join(text_of("chinchon").events(state, after, ["you", "rival"])))


def a_game() -> None:
    names = ["greedy", "random"]

    def show(before: Any, move: Any) -> None:
        after = before.apply(move)
        for line in text_of("chinchon").events(before, after, names):
            print(line)

    state = chinchon.new_game("catsatcards", players=2, seed=2026)
    final = play_game(state, [GreedyBot(), RandomBot()], rng=2026, on_move=show)
    print("\n".join(text_of("chinchon").final(final, names)))


def main() -> None:
    a_close()
    print()
    a_game()


if __name__ == "__main__":
    main()
