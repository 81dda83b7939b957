"""Scala 40's hand layer: pure functions of a multiset of cards under some
:class:`~scala40.MeldRules` (internal).

* :mod:`~scala40.games.scala40.hand.tables`: the melds of a hand, from tables kept per
  suit and per rank, held by the tests to the general enumerator
  :func:`~scala40.games.scala40.hand.tables.find_melds`;
* :mod:`~scala40.games.scala40.hand.packing`: the packing search, the one search over
  disjoint melds of a hand: can it open, which melds may start an opening, the best
  opening, the least deadwood; held by the tests to a brute-force oracle;
* :mod:`~scala40.games.scala40.hand.solver`: the opening solver, the packing search's
  accelerator for the engine's two questions, held by the tests to the packing search;
* :mod:`~scala40.games.scala40.hand.opening`: those two questions answered (solver
  first, then the search) and remembered.

The layer imports nothing of the game but these modules: no state, move or table.
"""

from __future__ import annotations

__all__: list[str] = []
