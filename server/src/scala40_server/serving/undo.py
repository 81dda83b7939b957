"""Undo at a table: what a seat may take back, written once for the web table, which
takes undos (:mod:`scala40_server.web.undo` keeps the decisions it goes back to), and for the
deal's check, which replays them (:func:`scala40_server.serving.fair_deal.verify_deal`).

A seat goes back to its previous decision only where that shows it nothing it could not
see anyway: at a table whose other seats are all bots, and only over its own moves, in
which no card came into its hand from the stock or a deal and no hand ended. So a take
or a meld can be taken back before the discard; a card drawn from the stock never (the
seat has seen it, and would see another), and a discard a bot has answered never (the
bot's answer showed something of its hand or of the stock, and another discard would
show another answer).

The events are those the seat was sent since the decision it would go back to, as
:meth:`scala40.events.Event.for_seat` gives them:

>>> from scala40_server.serving.undo import undo_refusal
>>> take = {"number": 4, "seat": 0, "kind": "take", "cards": ["7S"], "shown": ["7S"]}
>>> draw = {"number": 4, "seat": 0, "kind": "draw", "cards": ["KH"], "shown": []}
>>> undo_refusal([take], 0) is None
True
>>> undo_refusal([draw], 0)
'a card has come to your hand from the stock or a deal since'
>>> undo_refusal([{**take, "seat": 1}], 0)
'seat 1 has moved since: a move another seat has answered stands'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["ONLY_AGAINST_BOTS", "table_refusal", "undo_refusal"]

ONLY_AGAINST_BOTS = "undo is only at a table whose other seats are all bots"
"""Why no seat of a table with another person may undo: that person would see the
move taken back and another made."""


def table_refusal(seats: Sequence[Mapping[str, Any]], seat: int) -> str | None:
    """Why the table of ``seats`` (each naming the ``bot`` that plays it, if one does)
    takes no undo from ``seat`` (:data:`ONLY_AGAINST_BOTS`: another person sits), or
    ``None`` when its other seats are all bots."""
    others = (place for other, place in enumerate(seats) if other != seat)
    return None if all(place.get("bot") is not None for place in others) else ONLY_AGAINST_BOTS


def undo_refusal(events: Iterable[Mapping[str, Any]], seat: int) -> str | None:
    """Why ``seat`` may not go back over ``events`` (the events it was sent since the
    decision it would go back to, oldest first), or ``None`` when it may (see the
    module)."""
    for event in events:
        if event["kind"] in ("hand_end", "game_over"):
            return "a hand has ended since: its cards were shown"
        mover = event["seat"]
        if mover != seat:
            if mover is None:
                return "cards have been dealt since"
            return f"seat {mover} has moved since: a move another seat has answered stands"
        if Counter(event["cards"]) - Counter(event["shown"]):
            return "a card has come to your hand from the stock or a deal since"
    return None
