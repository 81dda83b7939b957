"""Play one game between bots and print it move by move.

Run it with no arguments, scala40 installed::

    python examples/play_random_game.py

Three players, the official rules, one hand (S40-V-SINGLE): a greedy bot and two random
bots. Every move is printed with the player who made it; the game is recorded as a
:class:`scala40.records.GameRecord`, saved to JSON text and replayed to the same final state.
"""

from __future__ import annotations

import json

import scala40
from scala40 import GameState, GreedyBot, Move, Ruleset
from scala40.bots import Bot, RandomBot, play_game
from scala40.records import GameRecord


def main() -> None:
    rules = Ruleset(match_format="single")
    seed = 2026
    state = scala40.new_game(rules, players=3, seed=seed)
    record = GameRecord.start(rules, players=3, seed=seed)
    bots: list[Bot] = [GreedyBot(), RandomBot(), RandomBot()]
    names = ["greedy", "random", "random"]
    moves: list[str] = []

    def show(before: GameState, move: Move) -> None:
        player = before.turn
        moves.append(str(move))
        print(f"{len(moves):>3}. player {player} ({names[player]}): {move}")

    print(state)
    print()
    final = play_game(state, bots, rng=seed, on_move=show)
    print()
    result = final.last_hand
    assert result is not None
    for player, cards in enumerate(result.hands):
        left = scala40.format_cards(cards) or "nothing"
        value = scala40.hand_value(cards, rules)
        print(f"player {player} ({names[player]}) is left with {left} ({value} points)")
    winner = final.winners[0]
    print(f"Player {winner} ({names[winner]}) closes and wins (S40-CLOSE, S40-V-SINGLE).")

    # The record holds the rules, the seed and the moves: enough to replay the game.
    record = GameRecord(record.rules, record.players, record.seed, tuple(moves))
    text = json.dumps(record.to_dict())
    replayed = GameRecord.from_dict(json.loads(text)).final_state()
    print(f"Record: {len(text)} characters of JSON; replayed: {replayed == final}")


if __name__ == "__main__":
    main()
