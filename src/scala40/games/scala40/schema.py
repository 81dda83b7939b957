"""The JSON Schema of a Scala 40 state's dictionary (:meth:`GameState.to_dict
<scala40.games.scala40.state.GameState.to_dict>`), for :mod:`scala40.schemas`.

The schema says what each field holds; the loader,
:meth:`~scala40.games.scala40.state.GameState.from_dict`, also checks that the fields
agree with each other (the cards add up to the deck, the seats are in range...).

>>> from scala40.games.scala40.schema import state_schema
>>> schema = state_schema()
>>> schema["properties"]["format"], schema["properties"]["phase"]["enum"]
({'const': 'scala40.state'}, ['deal', 'draw', 'play', 'restock', 'over'])
"""

from __future__ import annotations

from typing import Any

from scala40._format.schema import array, boolean, card, card_text, integer, meld_text, obj
from scala40._format.state_schema import last_hand, randomness, state_head
from scala40.games.scala40.load import MAX_COUNT
from scala40.games.scala40.phases import Phase
from scala40.games.scala40.record import STATE_FORMAT_VERSION
from scala40.games.scala40.rules import Ruleset

__all__ = ["STATE_FORMAT", "state_schema"]

STATE_FORMAT = "scala40.state"
"""The format name of a Scala 40 state's dictionary."""


def state_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a Scala 40 state's dictionary."""
    seat = integer(0, MAX_COUNT)
    count = integer(0, MAX_COUNT)
    ended = last_hand(
        {
            "hand_number": integer(1, MAX_COUNT),
            "closer": integer(0, MAX_COUNT, nullable=True),
            "points": array(integer(-MAX_COUNT, MAX_COUNT)),
            "doubled": boolean(),
            "hands": array(card_text()),
            "eliminated": array(seat),
            "reentered": array(seat),
        },
        "How the last hand ended (S40-SCORE): the closer (null for a blocked hand), each "
        "player's points and cards left.",
    )
    return obj(
        {
            **state_head(
                STATE_FORMAT, STATE_FORMAT_VERSION, Ruleset.json_schema(), Phase, limit=MAX_COUNT
            ),
            "discard": card_text(),
            "table": array(meld_text()),
            "opened": array(boolean()),
            "turns_played": array(count),
            "scores": array(count),
            "active": array(boolean()),
            "winners": array(seat),
            **randomness(),
            "opening_value": count,
            "opened_at_turn_start": boolean(),
            "taken": card(nullable=True),
            "taken_must_use": boolean(),
            "taken_used": boolean(),
            "melded_since_restock": {
                **boolean(),
                "description": "Whether a meld, a layoff or a joker swap has reached the "
                "table since the stock was last rebuilt (S40-STALL); missing in states "
                "written before it, read as true.",
            },
            "last_hand": ended,
        },
        optional=("melded_since_restock",),
        description=f"A Scala 40 game at one moment ({STATE_FORMAT} version "
        f"{STATE_FORMAT_VERSION}): the rules, every hand, the stock, the discard pile (top "
        "card last), the table's melds, the totals and the randomness to come.",
    )
