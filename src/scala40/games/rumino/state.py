"""The Rumino game state and :func:`new_game`.

>>> from scala40.games.rumino import new_game
>>> state = new_game(players=3, seed=2)
>>> state.game_name, state.phase.value, [len(hand) for hand in state.hands]
('rumino', 'draw', [7, 7, 7])
>>> str(state.legal_moves()[0]), state.apply("draw").phase.value
('draw', 'play')
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from scala40.games._knock.state import KnockState
from scala40.games.rumino.moves import KINDS, MOVES
from scala40.games.rumino.rules import Ruleset
from scala40.games.rumino.view import PlayerView

__all__ = ["GameState", "new_game"]


@attrs.frozen(repr=False)
class GameState(KnockState):
    """A whole game of Rumino at one moment (see the shared ``KnockState``
    for its fields and methods)."""

    game_name: ClassVar[str] = "rumino"
    KINDS = KINDS
    MOVES = MOVES
    RULESET = Ruleset
    VIEW = PlayerView
    FORMAT = "scala40.rumino.state"


def new_game(
    rules: Ruleset | str | None = None,
    players: int = 2,
    seed: int | None = None,
    *,
    auto_chance: bool = True,
    dealer: int | None = None,
) -> GameState:
    """Start a game of Rumino: the first dealer drawn by lot (C-LOT) and the first hand
    dealt (RU-DEAL).

    ``rules`` is a :class:`~scala40.games.rumino.rules.Ruleset` or a preset name; the same seed
    and moves give the same game (C-RNG). ``dealer`` fixes the first dealer (RU-DEAL: the
    winner of a game deals first in the next).

    >>> new_game("web", players=4, seed=3) == new_game("web", players=4, seed=3)
    True
    """
    state: GameState = GameState.new(rules, players, seed, auto_chance=auto_chance, dealer=dealer)
    return state
