"""The grammar of a Scala 40 position's text (:mod:`scala40.notation`): its fields in
order, and the usual values of the named ones.

>>> from scala40 import new_game
>>> new_game(players=2, seed=1).to_text()
'scala40 official AS6H6H8HJH2D6D8D9D10D4CJCKC/6S9S9SQS2H3DQD2C5C6C10CJCQC - JS 81 draw 0 1 1 0/0 0 5d9ed3fb32b6d4f2'
"""

from __future__ import annotations

from scala40.notation import ABSENT, Notation, NotationField, PerSeat

__all__ = ["NOTATION"]

NOTATION = Notation(
    fields=(
        NotationField("hands", "every seat's cards, seat 0 first"),
        NotationField(
            "table",
            "the melds on the table, in the order they were put down; a joker is followed "
            "by = and the card it stands for",
        ),
        NotationField("discard", "the discard pile, the top card last"),
        NotationField("stock", "the stock, the top card last"),
        NotationField("phase", "what the game waits for"),
        NotationField("turn", "the seat to play"),
        NotationField("dealer", "the dealer's seat"),
        NotationField("hand_number", "the hand being played, from 1 (0 before the first)"),
        NotationField("scores", "each seat's total (S40-SCORE)"),
        NotationField("move_number", "the moves played in the match, chance moves included"),
        NotationField("rng", "the generator's state: the shuffles to come (C-RNG)"),
    ),
    named=(
        NotationField(
            "opened", "whether each seat has opened this hand (S40-OPEN)", PerSeat(False)
        ),
        NotationField("turns_played", "each seat's turns this hand", PerSeat(0)),
        NotationField("active", "whether each seat is still in the match", PerSeat(True)),
        NotationField("winners", "the seats that won the match", []),
        NotationField(
            "opening_value", "the points put down so far this turn towards opening (S40-OPEN)", 0
        ),
        NotationField(
            "opened_at_turn_start",
            "whether the seat to play had opened when the turn began",
            False,
        ),
        NotationField("taken", "the card taken from the discard pile this turn", None),
        NotationField(
            "taken_must_use",
            "whether that card must be melded this turn (S40-DRAW-DISCARD)",
            False,
        ),
        NotationField("taken_used", "whether it has been melded", False),
        NotationField(
            "melded_since_restock",
            "whether anything reached the table since the stock was last rebuilt (S40-STALL)",
            True,
        ),
        NotationField("last_hand", "how the last hand ended", None),
        NotationField("auto_chance", "whether the engine deals and shuffles by itself", True),
        NotationField(
            "resigned", "the seats that resigned, in the order they left (C-RESIGN)", ABSENT
        ),
    ),
)
"""Scala 40's grammar: the hands, the table, the discard pile and the stock, whose turn,
the counts, the scores, the move number and the generator; then the turn's details and
the last hand, named."""
