"""The JSON Schema of the states of the knock games (Rumino, Chinchón, La Conga), whose
dictionaries share one layout (:meth:`KnockState.to_dict
<scala40.games._knock.state.KnockState.to_dict>`) under each game's own format name and
ruleset.

The schema says what each field holds; the loader also checks that the fields agree
with each other (the cards add up to the deck, one entry per seat...).

>>> from scala40.games._knock.schema import state_schema
>>> from scala40.games.chinchon import GameState
>>> schema = state_schema(GameState)
>>> schema["properties"]["format"], schema["properties"]["phase"]["enum"][:3]
({'const': 'scala40.chinchon.state'}, ['deal', 'draw', 'play'])
"""

from __future__ import annotations

from typing import Any

from scala40._format.schema import (
    array,
    boolean,
    card,
    card_text,
    enum_of,
    integer,
    meld_text,
    obj,
)
from scala40._format.state_schema import last_hand, randomness, state_head
from scala40.games._knock.phases import HandEnd, Phase
from scala40.games._knock.state import STATE_FORMAT_VERSION, KnockState

__all__ = ["state_schema"]

_LIMIT = 10**9
"""The largest number the loader reads in a knock game's state."""


def _showing() -> dict[str, Any]:
    layoff = obj(
        {
            "card": card(),
            "represents": card(),
            "owner": integer(0),
            "meld": integer(0),
        },
        description="A card laid off on a meld shown by the seat ``owner``.",
    )
    showing = obj(
        {
            "melds": array(meld_text()),
            "layoffs": array(layoff),
            "unmatched": card_text(),
        },
        description="What one seat showed: its melds, its layoffs and its unmatched cards "
        "(null: out of the game, or the hand was a Rumino).",
    )
    showing["type"] = ["object", "null"]
    return showing


def state_schema(state_type: type[KnockState]) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the states of one knock game, given its state
    class (whose ``FORMAT`` and ``RULESET`` name the game's format and ruleset)."""
    seat = integer(0, _LIMIT)
    count = integer(0, _LIMIT)
    number = integer(-_LIMIT, _LIMIT)
    ended = last_hand(
        {
            "hand_number": count,
            "end": enum_of(end.value for end in HandEnd),
            "closer": seat,
            "points": array(number),
            "shown": array(_showing()),
            "hands": array(card_text()),
            "discard": card(nullable=True),
            "busted": array(seat),
            "eliminated": array(seat),
            "reentered": array(seat),
        },
        "How the last hand ended: how and by whom, what each seat showed, scored and held.",
    )
    return obj(
        {
            **state_head(
                state_type.FORMAT,
                STATE_FORMAT_VERSION,
                state_type.RULESET.json_schema(),
                Phase,
                limit=_LIMIT,
            ),
            "discard": card_text(),
            "turns_played": array(count, max_items=1000),
            "scores": array(number, max_items=1000),
            "active": array(boolean()),
            "winners": array(seat, max_items=1000),
            "reentries": array(count, max_items=1000),
            "gins": array(count, max_items=1000),
            "taken": card(nullable=True),
            "pending": array(seat, max_items=1000),
            "reentry_total": number,
            "last_hand": ended,
            **randomness(),
        },
        description=f"A game at one moment ({state_type.FORMAT} version "
        f"{STATE_FORMAT_VERSION}): the rules, every hand, the stock, the discard pile (top "
        "card last), the totals, the last hand's result and the randomness to come.",
    )
