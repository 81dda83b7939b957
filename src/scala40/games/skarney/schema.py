"""The JSON Schema of a Skarney state's dictionary (:meth:`GameState.to_dict
<scala40.games.skarney.state.GameState.to_dict>`), for :mod:`scala40.schemas`.

The schema says what each field holds; the loader,
:meth:`~scala40.games.skarney.state.GameState.from_dict`, also checks that the fields
agree with each other (the cards add up to the deck, one entry per seat or side...).

>>> schema = state_schema()
>>> schema["properties"]["format"], schema["properties"]["phase"]["enum"]
({'const': 'scala40.skarney.state'}, ['deal', 'draw', 'play', 'offer', 'over'])
"""

from __future__ import annotations

from typing import Any

from scala40._schema import (
    array,
    boolean,
    card,
    card_text,
    enum_of,
    header,
    integer,
    meld_text,
    obj,
    text,
)
from scala40.games.skarney.phases import Phase
from scala40.games.skarney.record import STATE_FORMAT, STATE_FORMAT_VERSION
from scala40.games.skarney.rules import Ruleset

__all__ = ["state_schema"]

RNG_TEXT = "^[0-9a-fA-F]{16}$"
"""The state's randomness: 16 hexadecimal digits (C-RNG)."""


def state_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a Skarney state's dictionary."""
    seat = integer(0)
    count = integer(0)
    last_hand = obj(
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
        description="How the last hand ended (SK-END, SK-SCORE-MELDS, SK-SCORE-HAND, "
        "SK-BONUS, SK-TIE): who went out (null: nobody), each side's points, each seat's "
        "cards left.",
    )
    last_hand["type"] = ["object", "null"]
    return obj(
        {
            **header(STATE_FORMAT, STATE_FORMAT_VERSION),
            "rules": Ruleset.json_schema(),
            "players": integer(2),
            "dealer": seat,
            "hand_number": count,
            "phase": enum_of(phase.value for phase in Phase),
            "turn": seat,
            "hands": array(card_text()),
            "stock": card_text(),
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
            "rng": text(pattern=RNG_TEXT),
            "auto_chance": boolean(),
            "last_hand": last_hand,
        },
        description=f"A Skarney game at one moment ({STATE_FORMAT} version "
        f"{STATE_FORMAT_VERSION}): the rules, every hand, the pile, the table's melds and "
        "their owners, the sides' contracts and totals, the card on offer and the "
        "randomness to come.",
    )
