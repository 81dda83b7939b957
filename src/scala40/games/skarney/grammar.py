"""The grammar of a Skarney position's text (:mod:`scala40.notation`).

>>> from scala40.games.skarney import new_game
>>> new_game(players=4, seed=1).to_text()[:60]
'skarney partnership 4SKS10HQH8DJDQD3C6C8CJK/5S8SAHJHAD4DJDAC'
"""

from __future__ import annotations

from scala40.notation import ABSENT, LengthOf, Notation, NotationField, PerItem, PerSeat

__all__ = ["NOTATION"]

NOTATION = Notation(
    fields=(
        NotationField("hands", "every seat's cards, seat 0 first"),
        NotationField(
            "table",
            "the melds on the table, in the order they were put down; a wild card is "
            "followed by = and the card it stands for",
        ),
        NotationField("owners", "the side that owns each meld of the table"),
        NotationField("stock", "the stock, the top card last"),
        NotationField("phase", "what the game waits for"),
        NotationField("turn", "the seat to play"),
        NotationField("dealer", "the dealer's seat"),
        NotationField("hand_number", "the hand being played, from 1 (0 before the first)"),
        NotationField("totals", "each side's total"),
        NotationField("move_number", "the moves played in the match, chance moves included"),
        NotationField("rng", "the generator's state: the shuffles to come (C-RNG)"),
    ),
    named=(
        NotationField(
            "contracts",
            "whether each side has made its contract (SK-CONTRACT)",
            PerItem("totals", False),
        ),
        NotationField(
            "stopped", "whether each seat has stopped the offers (SK-OFFER)", PerSeat(False)
        ),
        NotationField("known", "the cards each seat is known to hold", PerSeat("")),
        NotationField("accepted", "the cards each seat accepted from offers", PerSeat("")),
        NotationField("turn_number", "the turn being played this hand, from 1", 1),
        NotationField("melded", "whether the seat to play has melded this turn", False),
        NotationField("contract_now", "whether the contract was made this turn", False),
        NotationField("progress", "the melds of the contract put down this turn", 0),
        NotationField(
            "fresh_from", "the first meld of the table put down this turn", LengthOf("table")
        ),
        NotationField(
            "extended", "the cards laid off on each meld this turn", PerItem("table", 0)
        ),
        NotationField("offer_card", "the card on offer (SK-OFFER)", None),
        NotationField("offer_to", "the seat the card is offered to", None),
        NotationField("winners", "the sides' seats that won the match", []),
        NotationField("last_hand", "how the last hand ended", None),
        NotationField("auto_chance", "whether the engine deals and shuffles by itself", True),
        NotationField(
            "resigned", "the seats that resigned, in the order they left (C-RESIGN)", ABSENT
        ),
    ),
)
"""Skarney's grammar: the hands, the table and who owns each meld, the stock, whose turn,
the counts, the totals, the move number and the generator; then the rest, named."""
