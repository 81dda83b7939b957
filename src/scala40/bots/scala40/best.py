"""Scala 40's search bot (``search``): the Monte Carlo search, on the careful bot's play.

:class:`BestBot` is :class:`~scala40.bots.scala40.bots.MonteCarloBot` (its search of
whether to meld, lay off, swap and split or to keep the cards, once it has opened) where
every move it does not search, every move of its playouts and its search for a close
are the careful bot's (:class:`~scala40.bots.scala40.careful.CarefulBot`), at a budget
of ``playouts`` playouts a decision. It is Scala 40's ``search`` rather than the search
on a belief over the hidden cards (:class:`~scala40.bots.belief_search.BeliefSearchBot`,
``belief``), which is ``search`` in the other games: that belief reads too little of
Scala 40's hands of thirteen cards from two packs. How it fares against the careful bot
is measured in :mod:`scala40.bots.strength` (``scala40 bots``); ``best`` is the search
only where it was measured above careful in whole matches
(:func:`scala40.bots.best_bot`).

>>> from scala40.bots import make_bot
>>> make_bot("search", "scala40")
BestBot(playouts=480, time_limit=None, candidates=6, rollout_limit=200, margin=0.0, settle_rounds=32, search_all=False, opponent_turns=2)
"""

from __future__ import annotations

from typing import Any

from scala40.bots.scala40.bots import MonteCarloBot
from scala40.bots.scala40.careful import CarefulBot

__all__ = ["BEST_PLAYOUTS", "BestBot"]

BEST_PLAYOUTS = 480
"""The playouts :class:`BestBot` plays a decision by default."""


class BestBot(MonteCarloBot):
    """Scala 40's ``search``: the Monte Carlo search on the careful bot's play (see the
    module); its options are :class:`~scala40.bots.scala40.bots.MonteCarloBot`'s."""

    name = "search"

    def __init__(self, playouts: int = BEST_PLAYOUTS, **options: Any) -> None:
        super().__init__(playouts=playouts, **options)
        # The moves it does not search and every move of its playouts: the careful bot's,
        # without the search for a close in the playouts (as the greedy policy plays them).
        self._policy = CarefulBot(close_work=0)
        self._closer = CarefulBot()

    def __repr__(self) -> str:
        return "BestBot" + super().__repr__().removeprefix("MonteCarloBot")
