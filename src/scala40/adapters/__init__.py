"""Learning-agent adapters: every registered game as integer actions and observations, as a
PettingZoo environment, and as an OpenSpiel game.

* :mod:`scala40.adapters.actions`: the stable integer actions of a game
  (:class:`~scala40.adapters.actions.ActionEncoding`): moves as short series of tokens,
  exact legal actions at each step, chance steps drawn card by card;
* :mod:`scala40.adapters.observations`: what a seat observes, as numbers and text, from
  the game's :class:`~scala40.game.ObservationEncoding`;
* :mod:`scala40.adapters.pettingzoo`: the PettingZoo AEC environment;
* :mod:`scala40.adapters.openspiel`: the OpenSpiel games (``python_scala40``...);
* :mod:`scala40.adapters.evaluation`: a policy's win share against the bots on the seat
  environment, over paired deals.

The first two need nothing but the library. The framework adapters need the optional
packages, which ``pip install "scala40[rl]"`` installs (numpy, gymnasium, pettingzoo,
open_spiel); without them, importing an adapter raises
:class:`~scala40.adapters.extras.MissingExtraError`, which says what to install.
Nothing here is imported by ``import scala40``.

>>> from scala40.adapters import ActionEncoding
>>> ActionEncoding("scala40", players=2).num_distinct_actions
180
"""

from __future__ import annotations

from scala40.adapters.actions import (
    ActionEncoding,
    ActionEncodingError,
    Decision,
    IllegalActionError,
)
from scala40.adapters.chance import ChanceDraws
from scala40.adapters.extras import MissingExtraError
from scala40.adapters.observations import Observer

__all__ = [
    "ActionEncoding",
    "ActionEncodingError",
    "ChanceDraws",
    "Decision",
    "IllegalActionError",
    "MissingExtraError",
    "Observer",
]
