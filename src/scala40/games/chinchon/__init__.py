"""Chinchón: the Spanish rummy of seven cards and a 40-card Spanish pack, closing with
5 points or less unmatched, where seven in a row of one suit wins the game (RULES Part 5).

A game of the knock family (:mod:`scala40.games._knock`), declared as data: its ruleset
and wording (:mod:`~scala40.games.chinchon.rules`), the family's move kinds it allows
(:data:`Move`), and its ``GameState``, generic in them, with its title and summary; its
record follows, and the moves, the engine, the view and the bots are the family's.

A turn is a draw then a discard, or a close (CH-TURN, CH-CLOSE).
A close names the card discarded face down and the melds shown:
``close KS : AC 2C 3C / 5S 5H JK=5D`` (the other cards are unmatched). A player whose
total reached the limit may re-enter (CH-END). Chance steps (the deal, the restock)
are moves too.

>>> from scala40.games import chinchon
>>> move = chinchon.parse_move("close ks : 3c 2c ac / 5s 5h jk=5d")
>>> move.card, str(move)
(12, 'close KS : 5S 5H JK=5D / AC 2C 3C')
>>> chinchon.move_to_dict(chinchon.parse_move("close 7D : AC 2C 3C / 5S 5H 5C / JD QD KD"))["melds"]
['5S 5H 5C', 'JD QD KD', 'AC 2C 3C']
>>> chinchon.parse_move("knock")
Traceback (most recent call last):
...
scala40.errors.InvalidMoveError: unknown move 'knock': expected draw, take, discard, close, reenter, retire, deal, restock or resign

>>> state = chinchon.new_game(players=2, seed=1)
>>> state.game_name, chinchon.GAME.title, state.rules.deck.size
('chinchon', 'Chinchón', 40)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

import attrs

from scala40.game import register_game
from scala40.games._knock import shared
from scala40.games._knock.family import knock_game
from scala40.games._knock.moves import (
    Close,
    Deal,
    Discard,
    DrawStock,
    MoveKinds,
    Reenter,
    Resign,
    Restock,
    Retire,
    TakeDiscard,
)
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
from scala40.games._knock.spec import KnockGameSpec
from scala40.games._knock.state import KnockState
from scala40.games.chinchon import rules
from scala40.games.chinchon.rules import *  # noqa: F403 - the ruleset, its presets and options
from scala40.games.chinchon.rules import Ruleset

__all__ = [
    "GAME",
    "KINDS",
    "MOVES",
    "Close",
    "Deal",
    "Discard",
    "DrawStock",
    "GameState",
    "Move",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "TakeDiscard",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "parse_move",
]
__all__ += rules.__all__
__all__ += shared.__all__

Move: TypeAlias = (
    DrawStock | TakeDiscard | Discard | Close | Reenter | Retire | Deal | Restock | Resign
)
"""A move of Chinchón: the family's kinds of a game that closes, in the order its notation
lists them (La Conga's too: ``chinchon.Close is laconga.Close``)."""


@attrs.frozen(repr=False)
class GameState(KnockState[Move, rules.Ruleset]):
    """A whole game of Chinchón at one moment (the family's state, its fields and methods:
    :class:`~scala40.games._knock.state.KnockState`)."""

    SPEC = KnockGameSpec(
        name="chinchon",
        title="Chinchón",
        summary="Spanish rummy: a 40-card Spanish pack, seven cards, close with 5 points or "
        "less unmatched (the others lay off on your melds); seven in a row wins; 100 ends it.",
        text=rules.TEXT,
        pack="spanish",
        aliases=("chinchón", "txintxon"),
        rule_ids={
            "turn": ("CH-TURN", "CH-CLOSE"),
            "meld": ("CH-MELDS",),
            "score": ("CH-SCORE", "CH-VALUES", "CH-LAYOFF"),
        },
    )


GAME = register_game(knock_game(GameState))
"""The Chinchón record of the game registry (:func:`scala40.game.load_game`)."""
KINDS: MoveKinds[Move] = GameState.KINDS
"""Chinchón's move kinds and move set."""
MOVES = GameState.MOVES
"""Every kind of Chinchón's moves: reads and writes them as text and as dictionaries."""


def parse_move(text: str) -> Move:
    """Read a move of Chinchón from its notation (the inverse of ``str(move)``;
    case-insensitive: :meth:`~scala40.games._knock.moves.MoveKinds.parse_move`)."""
    return KINDS.parse_move(text)


def move_to_dict(move: Move) -> dict[str, Any]:
    """A move as a versioned dictionary of Chinchón's format
    (:meth:`~scala40.games._knock.moves.MoveKinds.move_to_dict`)."""
    return KINDS.move_to_dict(move)


def move_from_dict(data: Mapping[str, Any]) -> Move:
    """The move such a dictionary describes, every field checked
    (:meth:`~scala40.games._knock.moves.MoveKinds.move_from_dict`)."""
    return KINDS.move_from_dict(data)


def new_game(
    rules: Ruleset | str | None = None,
    players: int = 2,
    seed: int | None = None,
    *,
    auto_chance: bool = True,
    dealer: int | None = None,
) -> GameState:
    """A new game of Chinchón (:meth:`~scala40.games._knock.state.KnockState.new`)."""
    return GameState.new(rules, players, seed, auto_chance=auto_chance, dealer=dealer)
