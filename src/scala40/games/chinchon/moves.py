"""Chinchón moves: small frozen values with a text notation both ways.

A turn is a draw then a discard, or a close (CH-TURN, CH-CLOSE).
A close names the card discarded face down and the melds shown:
``close KS : AC 2C 3C / 5S 5H JK=5D`` (the other cards are unmatched). A player whose
total reached the limit may re-enter (CH-END). Chance steps (the deal, the restock)
are moves too.

>>> from scala40.games.chinchon import parse_move
>>> move = parse_move("close ks : 3c 2c ac / 5s 5h jk=5d")
>>> move.card, str(move)
(12, 'close KS : 5S 5H JK=5D / 3C 2C AC')
>>> parse_move("knock")
Traceback (most recent call last):
...
scala40.errors.InvalidMoveError: unknown move 'knock': expected draw, take, discard, close, reenter, retire, deal, restock or resign
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias, get_args

import attrs

from scala40.games._knock import moves as knock
from scala40.movekinds import MoveSet
from scala40.resignation import ResignMove

__all__ = [
    "KINDS",
    "MOVES",
    "Close",
    "Deal",
    "Discard",
    "DrawStock",
    "Move",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "TakeDiscard",
    "move_from_dict",
    "move_to_dict",
    "parse_move",
]


@attrs.frozen
class DrawStock(knock.DrawStock):
    """Draw the top card of the stock (CH-TURN)."""


@attrs.frozen
class TakeDiscard(knock.TakeDiscard):
    """Take the top card of the discard pile (CH-TURN)."""


@attrs.frozen
class Discard(knock.Discard):
    """Discard a card face up, ending the turn (CH-TURN)."""


@attrs.frozen
class Close(knock.Close):
    """Discard ``card`` face down and show ``melds``, the other cards unmatched (CH-CLOSE)."""


@attrs.frozen
class Reenter(knock.Reenter):
    """After a hand that put you out: re-enter at the highest total still in (LC-REENGANCHE)."""


@attrs.frozen
class Retire(knock.Retire):
    """After a hand that put you out: drop out (LC-REENGANCHE)."""


@attrs.frozen
class Deal(knock.Deal):
    """Chance: shuffle and deal a hand (CH-DEAL)."""


@attrs.frozen
class Restock(knock.Restock):
    """Chance: the discard pile but its top card becomes the new stock (CH-RESTOCK)."""


@attrs.frozen
class Resign(ResignMove):
    """Any moment, in turn or not: ``seat`` leaves the match for good (C-RESIGN). Never
    among the legal moves; see ``GameState.resignations()``."""


Move: TypeAlias = (
    DrawStock | TakeDiscard | Discard | Close | Reenter | Retire | Deal | Restock | Resign
)
"""Any move of a Chinchón game."""

MOVES = MoveSet("scala40.chinchon.move", 2, get_args(Move), oldest_version=1)
"""Every kind of Chinchón move: reads and writes them as text and as dictionaries."""

KINDS = knock.MoveKinds(
    draw=DrawStock,
    take=TakeDiscard,
    discard=Discard,
    deal=Deal,
    restock=Restock,
    reenter=Reenter,
    retire=Retire,
    close=Close,
    title="Chinchón",
)
"""The Chinchón move classes, for the shared engine."""


def parse_move(text: str) -> Move:
    """Read a move from its notation (the inverse of ``str(move)``; case-insensitive)."""
    return MOVES.parse(text)  # type: ignore[return-value]


def move_to_dict(move: Move) -> dict[str, Any]:
    """A JSON-ready, versioned dictionary for ``move``.

    >>> from scala40.games.chinchon import move_to_dict, parse_move
    >>> move_to_dict(parse_move("close 7D : AC 2C 3C / 5S 5H 5C / JD QD KD"))["melds"]
    ['5S 5H 5C', 'JD QD KD', 'AC 2C 3C']
    """
    return MOVES.to_dict(move)


def move_from_dict(data: Mapping[str, Any]) -> Move:
    """The move a :func:`move_to_dict` dictionary describes, every field checked."""
    return MOVES.from_dict(data)  # type: ignore[return-value]
