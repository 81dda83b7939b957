"""The Chinchón game state and :func:`new_game`.

>>> from scala40.games.chinchon import new_game
>>> state = new_game(players=2, seed=2)
>>> state.game_name, state.phase.value, [len(hand) for hand in state.hands]
('chinchon', 'draw', [7, 7])
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from scala40.games._knock.state import KnockState
from scala40.games.chinchon.moves import KINDS, MOVES
from scala40.games.chinchon.rules import Ruleset
from scala40.games.chinchon.view import PlayerView

__all__ = ["GameState", "new_game"]


@attrs.frozen(repr=False)
class GameState(KnockState):
    """A whole game of Chinchón at one moment (see
    the shared ``KnockState`` for its fields and methods)."""

    game_name: ClassVar[str] = "chinchon"
    KINDS = KINDS
    MOVES = MOVES
    RULESET = Ruleset
    VIEW = PlayerView
    FORMAT = "scala40.chinchon.state"


def new_game(
    rules: Ruleset | str | None = None,
    players: int = 2,
    seed: int | None = None,
    *,
    auto_chance: bool = True,
    dealer: int | None = None,
) -> GameState:
    """Start a game of Chinchón: the first mano drawn by lot (C-LOT), the dealer the seat
    before him, and the first hand dealt (CH-DEAL).

    ``rules`` is a :class:`~scala40.games.chinchon.rules.Ruleset` or a preset name; the same seed
    and moves give the same game (C-RNG). ``dealer`` fixes the first dealer.

    >>> new_game(players=3, seed=3) == new_game(players=3, seed=3)
    True
    """
    state: GameState = GameState.new(rules, players, seed, auto_chance=auto_chance, dealer=dealer)
    return state
