"""Skarney for four in two partnerships: a turn, an offer, a hand's analysis, a whole game.

Run it with no arguments, scala40 installed::

    python examples/play_skarney.py

It plays the first turn of a game by hand, shows the offered card going round the
table (each seat deciding out of turn: ``current_player``), asks the analysis for the
best contract of a hand, then lets greedy bots (seats 0 and 2, partners) play a whole
seven-hand game against random bots (seats 1 and 3), printing how each hand ended,
and replays the game from its record.
"""

from __future__ import annotations

import json
from itertools import pairwise

from scala40.bots import Bot, RandomBot, play_game
from scala40.bots.skarney import GreedyBot
from scala40.cards import format_cards
from scala40.games.skarney import new_game
from scala40.games.skarney.analysis import best_contract
from scala40.records import GameRecord


def first_turn() -> None:
    state = new_game("partnership", players=4, seed=3)
    seat = state.turn  # the player whose turn it is (current_player decides now)
    print(f"Seat {seat} plays first; partners are {state.teams}.")
    state = state.apply("draw")  # SK-TURN: (1) draw
    print(f"Seat {seat} holds {format_cards(state.hands[seat])}")
    print(f"Legal moves: {', '.join(str(move) for move in state.legal_moves())}")
    state = state.apply("offer 9S")  # (5) the offer ends the turn
    while state.phase.value == "offer":  # SK-OFFER: the card goes round the table
        decider = state.current_player
        print(f"  9S is offered to seat {decider}, who declines")
        state = state.apply("decline")
    print(f"Nobody took it: seat {seat} keeps it; seat {state.current_player} plays next.")


def analysis() -> None:
    hand = "5S 5H 5D 7C 7C 7D 9S 9H JK KS KD QH"
    best = best_contract(hand, hand_number=1)  # SK-CONTRACT, SK-SCORE-MELDS
    assert best is not None
    print(f"Best contract of {hand}: {best} ({best.points} points), keeping "
          f"{format_cards(best.rest)}")  # fmt: skip


def whole_game() -> None:
    seed = 2026
    bots: list[Bot] = [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()]
    moves: list[str] = []
    final = play_game(
        new_game("partnership", 4, seed),
        bots,
        rng=seed,
        on_move=lambda _state, move: moves.append(str(move)),
    )
    print(f"Seats 0 and 2 (greedy) against 1 and 3 (random): {len(moves)} moves")
    # The record (rules, seed, moves) replays the game; each hand's end is in its states.
    record = GameRecord(final.rules, 4, seed, tuple(moves), True, "skarney")
    record = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    states = list(record.states())
    for before, after in pairwise(states):
        result = after.last_hand
        if result is not None and (after.hand_number != before.hand_number or after.is_over):
            out = "nobody" if result.went_out is None else f"seat {result.went_out}"
            print(f"  hand {result.hand_number}: {out} went out; points {result.points}, "
                  f"totals {after.totals}")  # fmt: skip
    print(f"Final totals {final.totals}; winners: seats {final.winners}")
    print(f"Replayed from its record: {states[-1] == final}")


def main() -> None:
    first_turn()
    print()
    analysis()
    print()
    whole_game()


if __name__ == "__main__":
    main()
