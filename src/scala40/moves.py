"""The Scala 40 moves and their notation: this module's old path, kept so that existing code works.

Everything here is :mod:`scala40.games.scala40.moves`; new code imports it from there (or from
the top of the package).
"""

from __future__ import annotations

from scala40.games.scala40.moves import (
    MOVE_FORMAT_VERSION,
    MOVES,
    Deal,
    Discard,
    DrawStock,
    LayOff,
    Move,
    PutDown,
    Restock,
    Split,
    SwapJoker,
    TakeDiscard,
    TakeUpcard,
    format_meld_spec,
    move_from_dict,
    move_to_dict,
    parse_meld_spec,
    parse_move,
    put_down_of,
)

__all__ = [
    "MOVES",
    "MOVE_FORMAT_VERSION",
    "Deal",
    "Discard",
    "DrawStock",
    "LayOff",
    "Move",
    "PutDown",
    "Restock",
    "Split",
    "SwapJoker",
    "TakeDiscard",
    "TakeUpcard",
    "format_meld_spec",
    "move_from_dict",
    "move_to_dict",
    "parse_meld_spec",
    "parse_move",
    "put_down_of",
]
