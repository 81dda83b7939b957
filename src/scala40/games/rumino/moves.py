"""Rumino moves: small frozen values with a text notation both ways.

A turn is a knock (RU-KNOCK) or a draw, then a discard (RU-TURN). A player not on turn
may claim a discard completing his Rumino (RU-RUMINO, when ``rumino_claim`` is
``"decision"``), and a player whose total puts him out may re-enter (RU-ELIM, with
``reentry``). Chance steps (the deal, the restock) are moves too.

>>> from scala40.games.rumino import parse_move
>>> parse_move("discard 7h"), str(parse_move("KNOCK"))
(Discard(card=19), 'knock')
>>> parse_move("close 7H")
Traceback (most recent call last):
...
scala40.errors.InvalidMoveError: unknown move 'close': expected draw, take, knock, discard, claim, pass, reenter, retire, deal, restock or resign
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
    "Claim",
    "Deal",
    "Discard",
    "DrawStock",
    "Knock",
    "Move",
    "Pass",
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
    """Draw the top card of the stock (RU-TURN)."""


@attrs.frozen
class TakeDiscard(knock.TakeDiscard):
    """Take the top card of the discard pile (RU-TURN)."""


@attrs.frozen
class Knock(knock.Knock):
    """Knock instead of drawing: the hand ends (RU-KNOCK)."""


@attrs.frozen
class Discard(knock.Discard):
    """Discard a card, ending the turn (RU-TURN)."""


@attrs.frozen
class Claim(knock.Claim):
    """Out of turn: take the discard that completes your Rumino, and win (RU-RUMINO)."""


@attrs.frozen
class Pass(knock.Pass):
    """Out of turn: let the discard that would complete your Rumino go (RU-RUMINO)."""


@attrs.frozen
class Reenter(knock.Reenter):
    """After a hand that put you out: re-enter at the highest total still in (RU-ELIM)."""


@attrs.frozen
class Retire(knock.Retire):
    """After a hand that put you out: drop out (RU-ELIM)."""


@attrs.frozen
class Deal(knock.Deal):
    """Chance: shuffle and deal a hand (RU-DEAL)."""


@attrs.frozen
class Restock(knock.Restock):
    """Chance: the discard pile but its top card becomes the new stock (RU-RESTOCK)."""


@attrs.frozen
class Resign(ResignMove):
    """Any moment, in turn or not: ``seat`` leaves the match for good (C-RESIGN). Never
    among the legal moves; see ``GameState.resignations()``."""


Move: TypeAlias = (
    DrawStock
    | TakeDiscard
    | Knock
    | Discard
    | Claim
    | Pass
    | Reenter
    | Retire
    | Deal
    | Restock
    | Resign
)
"""Any move of a Rumino game."""

MOVES = MoveSet("scala40.rumino.move", 2, get_args(Move), oldest_version=1)
"""Every kind of Rumino move: reads and writes them as text and as dictionaries."""

KINDS = knock.MoveKinds(
    draw=DrawStock,
    take=TakeDiscard,
    discard=Discard,
    deal=Deal,
    restock=Restock,
    reenter=Reenter,
    retire=Retire,
    knock=Knock,
    claim=Claim,
    pass_=Pass,
    title="Rumino",
)
"""The Rumino move classes, for the shared engine."""


def parse_move(text: str) -> Move:
    """Read a move from its notation (the inverse of ``str(move)``; case-insensitive)."""
    return MOVES.parse(text)  # type: ignore[return-value]


def move_to_dict(move: Move) -> dict[str, Any]:
    """A JSON-ready, versioned dictionary for ``move``.

    >>> from scala40.games.rumino import move_to_dict, parse_move
    >>> move_to_dict(parse_move("discard JK"))
    {'format': 'scala40.rumino.move', 'version': 2, 'type': 'discard', 'card': 'JK'}
    """
    return MOVES.to_dict(move)


def move_from_dict(data: Mapping[str, Any]) -> Move:
    """The move a :func:`move_to_dict` dictionary describes, every field checked."""
    return MOVES.from_dict(data)  # type: ignore[return-value]
