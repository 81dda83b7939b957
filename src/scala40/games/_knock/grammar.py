"""The grammar of a knock game's position text (Rumino, Chinchón, La Conga; their states
share one dictionary): :mod:`scala40.notation`.

>>> from scala40.games.laconga import new_game
>>> new_game(players=2, seed=1).to_text()
'laconga catsatcards 2S3SKS5H5DAC4CKC/4S4H6H4D6DKD7C - 25 play 0 1 1 0/0 0 56e27eb562eddf5e'
"""

from __future__ import annotations

from scala40.notation import ABSENT, Notation, NotationField, PerSeat

__all__ = ["NOTATION"]

NOTATION = Notation(
    fields=(
        NotationField("hands", "every seat's cards, seat 0 first"),
        NotationField("discard", "the discard pile, the top card last"),
        NotationField("stock", "the stock, the top card last"),
        NotationField("phase", "what the game waits for"),
        NotationField("turn", "the seat to play"),
        NotationField("dealer", "the dealer's seat"),
        NotationField("hand_number", "the hand being played, from 1 (0 before the first)"),
        NotationField("scores", "each seat's total"),
        NotationField("move_number", "the moves played in the match, chance moves included"),
        NotationField("rng", "the generator's state: the shuffles to come (C-RNG)"),
    ),
    named=(
        NotationField("turns_played", "each seat's turns this hand", PerSeat(0)),
        NotationField("active", "whether each seat is still in the match", PerSeat(True)),
        NotationField("winners", "the seats that won the match", []),
        NotationField("reentries", "how often each seat has re-entered", PerSeat(0)),
        NotationField("gins", "each seat's gins in a row (RU-GIN)", PerSeat(0)),
        NotationField("taken", "the card taken from the discard pile this turn", None),
        NotationField("pending", "the seats still to decide (a claim, a re-entry)", []),
        NotationField("reentry_total", "the total a seat re-enters with", 0),
        NotationField("last_hand", "how the last hand ended", None),
        NotationField("auto_chance", "whether the engine deals and shuffles by itself", True),
        NotationField(
            "resigned", "the seats that resigned, in the order they left (C-RESIGN)", ABSENT
        ),
    ),
)
"""The knock games' grammar: the hands, the discard pile and the stock, whose turn, the
counts, the scores, the move number and the generator; then the rest, named."""
