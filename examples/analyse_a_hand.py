"""Ask the questions a player asks about a hand, with exact answers.

Run it with no arguments, scala40 installed::

    python examples/analyse_a_hand.py

For one hand of 14 cards (after the draw) it lists the melds the hand can form, finds
the best opening by each criterion (highest value, fewest cards left, lowest penalty
left; S40-OPEN), the least penalty the hand can be left with, alone and beside a table
(S40-HAND-VALUE, with layoffs and joker swaps), and whether a player holding it could
close this turn (S40-CLOSE), with the moves that do it.
"""

from __future__ import annotations

from scala40 import GameState, Ruleset, format_cards
from scala40.games.scala40.analysis import best_opening, closing_moves, hand_melds, min_deadwood

HAND = "AS 2S 3S 3H 3D KD KH KC QC JC 10C 9H 6H 2H"
TABLE = ["JK=6H 7H 8H", "2C 2D 2S"]


def main() -> None:
    rules = Ruleset.preset("official")
    print(f"hand: {HAND}")

    melds = hand_melds(HAND, rules)
    print(f"{len(melds)} melds:")
    for meld in melds:
        print(f"  {meld}  worth {meld.value}")

    for criterion in ("value", "cards", "deadwood"):
        opening = best_opening(HAND, rules, criterion=criterion)
        assert opening is not None
        melds_text = " | ".join(str(meld) for meld in opening.melds)
        print(
            f"best opening by {criterion:<8}: {melds_text}  (worth {opening.value}; "
            f"left {format_cards(opening.remaining)}, penalty {opening.remaining_value})"
        )

    alone = min_deadwood(HAND, rules, keep=1)
    beside = min_deadwood(HAND, rules, table=TABLE, keep=1)
    print(f"least penalty left, one card kept to discard: {alone.value} alone")
    print(
        f"  and {beside.value} beside the table {' | '.join(TABLE)} "
        f"(left {format_cards(beside.remaining)}; layoffs "
        f"{', '.join(str(move) for move in beside.layoffs) or 'none'}; swaps "
        f"{', '.join(str(move) for move in beside.swaps) or 'none'})"
    )

    # The same hand in a game: player 0 has opened, the table holds TABLE.
    state = GameState.from_position(
        hands=[HAND, "3C 4C 5C 6D 8D QS"],
        discard="AS",
        table=TABLE,
        opened=[True, True],
        phase="play",
        turns_played=[4, 4],
        rules=rules,
    )
    moves = closing_moves(state)
    if moves is None:
        print("the player cannot close this turn")
    else:
        print(f"the player can close this turn: {'; '.join(str(move) for move in moves)}")
        for move in moves:
            state = state.apply(move)
        print(f"after them the hand is over: hand {state.hand_number} is dealt")


if __name__ == "__main__":
    main()
