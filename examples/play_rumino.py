"""Rumino from Python: a knock, a Rumino claimed out of turn, and a whole game.

Run it with no arguments, scala40 installed::

    python examples/play_rumino.py

A player with four cards in melds and 6 points unmatched knocks instead of drawing, and
every hand is scored by its best melds (RU-KNOCK, RU-SCORE). Under
``rumino_claim="decision"`` a discard that completes another player's Rumino waits for his
decision out of turn (RU-RUMINO). Then a greedy bot plays two random bots to the end.
"""

from __future__ import annotations

from typing import Any

from scala40.bots import Bot, RandomBot, play_game
from scala40.bots.knock import GreedyBot
from scala40.games import rumino
from scala40.texts import text_of


def a_knock() -> None:
    state = rumino.GameState.from_position(
        hands=["5S 6S 7S 8S AH 2D 3C", "9H 9D 9C KS KH 4D 2S"],
        discard="KC",
        turns_played=[1, 1],
    )
    print("Player 0 may:", ", ".join(str(move) for move in state.legal_moves()))
    after = state.apply("knock")
    print("\n".join(text_of("rumino").events(state, after, ["you", "rival"])))


def a_claim() -> None:
    state = rumino.GameState.from_position(
        hands=["9H 2C 3C KS KH KD QS 4C", "3H 4H 5H 6H 7H 8H 2D", "10H JH QH KH 8H 7H 5C"],
        discard="KC",
        phase="play",
        turns_played=[1, 1, 1],
        rules=rumino.Ruleset(rumino_claim="decision"),
    )
    claim = state.apply("discard 9H")
    moves = ", ".join(str(move) for move in claim.legal_moves())
    print(f"After 'discard 9H': player {claim.current_player} decides: {moves}")
    won = claim.apply("claim")
    print("\n".join(text_of("rumino").events(claim, won, ["you", "left", "right"])))


def a_game() -> None:
    names = ["greedy", "random", "random"]

    def show(before: Any, move: Any) -> None:
        for line in text_of("rumino").events(before, before.apply(move), names):
            print(line)

    state = rumino.new_game(players=3, seed=2026)
    bots: list[Bot] = [GreedyBot(), RandomBot(), RandomBot()]
    final = play_game(state, bots, rng=2026, on_move=show)
    print("\n".join(text_of("rumino").final(final, names)))


def main() -> None:
    a_knock()
    print()
    a_claim()
    print()
    a_game()


if __name__ == "__main__":
    main()
