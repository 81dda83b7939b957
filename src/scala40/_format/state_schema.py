"""The parts of a game state's JSON Schema that every game writes alike (internal).

Each game describes its own state's dictionary (its ``state_schema``); they all open with
the same fields (the header, the rules, the seats, the phase, the hands and the stock),
keep the same randomness, and describe how the last hand ended as an object or null.
The schema says what each field holds; each game's loader also checks that the fields
agree with each other (the cards add up to the deck, one entry per seat...).

>>> from scala40._format.schema import integer
>>> from scala40._format.state_schema import last_hand, state_head
>>> import enum
>>> class Phase(enum.Enum):
...     DRAW = "draw"
>>> head = state_head("example.state", 1, {}, Phase, limit=None)
>>> list(head)
['format', 'version', 'rules', 'players', 'dealer', 'hand_number', 'phase', 'turn', 'hands', 'stock']
>>> last_hand({"closer": integer(0)}, "Who closed.")["type"]
['object', 'null']
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

from scala40._format.schema import array, boolean, card_text, enum_of, header, integer, obj, text

__all__ = ["RNG_TEXT", "last_hand", "randomness", "state_head"]

RNG_TEXT = "^[0-9a-fA-F]{16}$"
"""The state's randomness: 16 hexadecimal digits (C-RNG)."""


def state_head(
    format: str,
    version: int,
    rules: Mapping[str, Any],
    phases: type[enum.Enum],
    *,
    limit: int | None,
) -> dict[str, Any]:
    """The fields that open every game's state: the header, the rules (their schema),
    the number of players, the dealer, the hand's number, the phase (one of ``phases``'
    values), the seat to play, the hands and the stock. ``limit`` bounds the numbers the
    game's loader reads (``None``: no bound)."""
    number = integer(0, limit)
    return {
        **header(format, version),
        "rules": rules,
        "players": integer(2, limit),
        "dealer": number,
        "hand_number": number,
        "phase": enum_of(phase.value for phase in phases),
        "turn": number,
        "hands": array(card_text()),
        "stock": card_text(),
    }


def randomness() -> dict[str, Any]:
    """The fields of a state's randomness: the generator's state (C-RNG), and whether the
    engine plays chance moves itself."""
    return {"rng": text(pattern=RNG_TEXT), "auto_chance": boolean()}


def last_hand(properties: Mapping[str, Mapping[str, Any]], description: str) -> dict[str, Any]:
    """How the last hand ended: an object of ``properties``, or null before any hand has
    ended."""
    schema = obj(properties, description=description)
    schema["type"] = ["object", "null"]
    return schema
