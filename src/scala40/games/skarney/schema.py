"""The JSON Schema of a Skarney state's dictionary (:meth:`GameState.to_dict
<scala40.games.skarney.state.GameState.to_dict>`), for :mod:`scala40.schemas`.

The schema says what each field holds; the loader,
:meth:`~scala40.games.skarney.state.GameState.from_dict`, also checks that the fields
agree with each other (the cards add up to the deck, one entry per seat or side...).

>>> from scala40.games.skarney.schema import state_schema
>>> schema = state_schema()
>>> schema["properties"]["format"], schema["properties"]["phase"]["enum"]
({'const': 'scala40.skarney.state'}, ['deal', 'draw', 'play', 'offer', 'over'])
"""

from __future__ import annotations

from typing import Any

from scala40._format.schema import array, boolean, card, card_text, integer, meld_text, obj
from scala40._format.state_schema import last_hand, randomness, state_head
from scala40.games.skarney.phases import Phase
from scala40.games.skarney.record import STATE_FORMAT, STATE_FORMAT_VERSION
from scala40.games.skarney.rules import Ruleset

__all__ = ["state_schema"]


def state_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a Skarney state's dictionary."""
    seat = integer(0)
    count = integer(0)
    ended = last_hand(
        {
            "hand_number": integer(1),
            "went_out": integer(0, nullable=True),
            "meld_points": array(integer()),
            "hand_points": array(integer()),
            "bonus": array(integer()),
            "shutout": boolean(),
            "void": boolean(),
            "points": array(integer()),
            "hands": array(card_text()),
        },
        "How the last hand ended (SK-END, SK-SCORE-MELDS, SK-SCORE-HAND, SK-BONUS, SK-TIE): "
        "who went out (null: nobody), each side's points, each seat's cards left.",
    )
    return obj(
        {
            **state_head(
                STATE_FORMAT, STATE_FORMAT_VERSION, Ruleset.json_schema(), Phase, limit=None
            ),
            "table": array(meld_text()),
            "owners": array(seat),
            "contracts": array(boolean()),
            "totals": array(integer()),
            "stopped": array(boolean()),
            "known": array(card_text()),
            "accepted": array(card_text()),
            "turn_number": count,
            "melded": boolean(),
            "contract_now": boolean(),
            "progress": count,
            "fresh_from": count,
            "extended": array(count),
            "offer_card": card(nullable=True),
            "offer_to": integer(0, nullable=True),
            "winners": array(seat),
            **randomness(),
            "last_hand": ended,
        },
        description=f"A Skarney game at one moment ({STATE_FORMAT} version "
        f"{STATE_FORMAT_VERSION}): the rules, every hand, the pile, the table's melds and "
        "their owners, the sides' contracts and totals, the card on offer and the "
        "randomness to come.",
    )
