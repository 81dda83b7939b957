"""La Conga: Chinchón as played in Uruguay, with an eighth card for the first player, no
close that would reach 100, elimination and the reenganche (RULES Part 6).

A game of the knock family (:mod:`scala40.games._knock`), declared as data: its ruleset
and wording (:mod:`~scala40.games.laconga.rules`), the family's move kinds it allows
(:data:`Move`), and its ``GameState``, generic in them, with its title and summary; its
record follows, and the moves, the engine, the view and the bots are the family's.

A turn is a draw then a discard, or a close (CH-TURN, CH-CLOSE), the first player's
first turn a discard only (LC-DEAL). A close names the card discarded face down and the
melds shown: ``close KS : AC 2C 3C / 5S 5H JK=5D`` (the other cards are unmatched). A
player whose total reached the limit may re-enter (LC-REENGANCHE). Chance steps (the
deal, the restock) are moves too.

>>> from scala40.games import laconga
>>> move = laconga.parse_move("close ks : 3c 2c ac / 5s 5h jk=5d")
>>> move.card, str(move)
(12, 'close KS : 5S 5H JK=5D / AC 2C 3C')
>>> laconga.parse_move("knock")
Traceback (most recent call last):
...
scala40.errors.InvalidMoveError: unknown move 'knock': expected draw, take, discard, close, reenter, retire, deal, restock or resign

>>> state = laconga.new_game(players=2, seed=1)
>>> state.game_name, laconga.GAME.title, state.rules.deck.size
('laconga', 'La Conga', 40)
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
from scala40.games.laconga import rules
from scala40.games.laconga.rules import *  # noqa: F403 - the ruleset, its presets and options
from scala40.games.laconga.rules import Ruleset

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
"""A move of La Conga: the family's kinds of a game that closes, in the order its notation
lists them (Chinchón's too: ``laconga.Close is chinchon.Close``)."""


@attrs.frozen(repr=False)
class GameState(KnockState[Move, rules.Ruleset]):
    """A whole game of La Conga at one moment (the family's state, its fields and methods:
    :class:`~scala40.games._knock.state.KnockState`)."""

    SPEC = KnockGameSpec(
        name="laconga",
        title="La Conga",
        summary="Chinchón from Uruguay: the first player gets eight cards, no close that would "
        "reach 100, out at 100 (with an optional re-entry); the last one in wins.",
        text=rules.TEXT,
        pack="spanish",
        aliases=("conga", "la-conga"),
        players=3,
        rule_ids={
            "turn": ("LC-BASE", "CH-TURN", "CH-CLOSE", "LC-CLOSECAP"),
            "meld": ("LC-BASE", "CH-MELDS"),
            "score": ("LC-BASE", "CH-SCORE", "CH-VALUES", "CH-LAYOFF"),
        },
    )


GAME = register_game(knock_game(GameState))
"""The La Conga record of the game registry (:func:`scala40.game.load_game`)."""
KINDS: MoveKinds[Move] = GameState.KINDS
"""La Conga's move kinds and move set."""
MOVES = GameState.MOVES
"""Every kind of La Conga's moves: reads and writes them as text and as dictionaries."""


def parse_move(text: str) -> Move:
    """Read a move of La Conga from its notation (the inverse of ``str(move)``;
    case-insensitive: :meth:`~scala40.games._knock.moves.MoveKinds.parse_move`)."""
    return KINDS.parse_move(text)


def move_to_dict(move: Move) -> dict[str, Any]:
    """A move as a versioned dictionary of La Conga's format
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
    """A new game of La Conga (:meth:`~scala40.games._knock.state.KnockState.new`)."""
    return GameState.new(rules, players, seed, auto_chance=auto_chance, dealer=dealer)
