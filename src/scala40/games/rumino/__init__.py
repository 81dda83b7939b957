"""Rumino (Ramino, Rumina): the Italian-American rummy of seven cards kept in hand,
knocking on seven points, gin, and the seven-card Rumino that wins the game (RULES Part 4).

A game of the knock family (:mod:`scala40.games._knock`), declared as data: its ruleset
and wording (:mod:`~scala40.games.rumino.rules`), the family's move kinds it allows
(:data:`Move`), and its ``GameState``, generic in them, with its title and summary; its
record follows, and the moves, the engine, the view and the bots are the family's.

A turn is a knock (RU-KNOCK) or a draw, then a discard (RU-TURN). A player not on turn
may claim a discard completing his Rumino (RU-RUMINO, when ``rumino_claim`` is
``"decision"``), and a player whose total puts him out may re-enter (RU-ELIM, with
``reentry``). Chance steps (the deal, the restock) are moves too.

>>> from scala40.games import rumino
>>> rumino.parse_move("discard 7h"), str(rumino.parse_move("KNOCK"))
(Discard(card='7H'), 'knock')
>>> rumino.move_to_dict(rumino.parse_move("discard JK"))
{'format': 'scala40.rumino.move', 'version': 2, 'type': 'discard', 'card': 'JK'}
>>> rumino.parse_move("close 7H")
Traceback (most recent call last):
...
scala40.errors.InvalidMoveError: unknown move 'close': expected draw, take, knock, discard, claim, pass, reenter, retire, deal, restock or resign

>>> state = rumino.new_game(players=2, seed=1)
>>> state.game_name, rumino.GAME.title, state.rules.deck.size
('rumino', 'Rumino', 108)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

import attrs

from scala40.game import SearchTuning, register_game
from scala40.games._knock import shared
from scala40.games._knock.analysis import has_rumino
from scala40.games._knock.family import knock_game
from scala40.games._knock.moves import (
    Claim,
    Deal,
    Discard,
    DrawStock,
    Knock,
    MoveKinds,
    Pass,
    Reenter,
    Resign,
    Restock,
    Retire,
    TakeDiscard,
)
from scala40.games._knock.shared import *  # noqa: F403 - the family's shared names
from scala40.games._knock.spec import KnockGameSpec
from scala40.games._knock.state import KnockState
from scala40.games.rumino import rules
from scala40.games.rumino.rules import *  # noqa: F403 - the ruleset, its presets and options
from scala40.games.rumino.rules import Ruleset

__all__ = [
    "GAME",
    "KINDS",
    "MOVES",
    "Claim",
    "Deal",
    "Discard",
    "DrawStock",
    "GameState",
    "Knock",
    "Move",
    "Pass",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "TakeDiscard",
    "has_rumino",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "parse_move",
]
__all__ += rules.__all__
__all__ += shared.__all__

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
"""A move of Rumino: the family's kinds of a game that knocks, in the order its notation
lists them (each the family's, as Chinchón's: ``rumino.Discard is chinchon.Discard``)."""


@attrs.frozen(repr=False)
class GameState(KnockState[Move, rules.Ruleset]):
    """A whole game of Rumino at one moment (the family's state, its fields and methods:
    :class:`~scala40.games._knock.state.KnockState`)."""

    SPEC = KnockGameSpec(
        name="rumino",
        title="Rumino",
        summary="Italian-American rummy: seven cards, melds kept in hand, knock with 7 "
        "points or less unmatched; a Rumino of seven wins at once; out over 100.",
        text=rules.TEXT,
        aliases=("ramino", "rumina"),
        players=3,
        # The search on a belief lost to greedy here (42.0% of 100 hands on paired deals, a
        # paired difference of -16 points, standard error 8): the strongest bot plays
        # greedy's move until a search beats it.
        search_tuning=SearchTuning(candidates=1),
        rule_ids={
            "turn": ("RU-TURN", "RU-KNOCK"),
            "meld": ("RU-MELDS",),
            "score": ("RU-SCORE", "RU-VALUES", "RU-GIN"),
        },
    )


GAME = register_game(knock_game(GameState))
"""The Rumino record of the game registry (:func:`scala40.game.load_game`)."""
KINDS: MoveKinds[Move] = GameState.KINDS
"""Rumino's move kinds and move set."""
MOVES = GameState.MOVES
"""Every kind of Rumino's moves: reads and writes them as text and as dictionaries."""


def parse_move(text: str) -> Move:
    """Read a move of Rumino from its notation (the inverse of ``str(move)``;
    case-insensitive: :meth:`~scala40.games._knock.moves.MoveKinds.parse_move`)."""
    return KINDS.parse_move(text)


def move_to_dict(move: Move) -> dict[str, Any]:
    """A move as a versioned dictionary of Rumino's format
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
    """A new game of Rumino (:meth:`~scala40.games._knock.state.KnockState.new`)."""
    return GameState.new(rules, players, seed, auto_chance=auto_chance, dealer=dealer)
