"""Scala 40's table layer: what the melds on the table offer a hand (internal).

* :mod:`~scala40.games.scala40.table.offers`: what a table offers, as bit masks of the
  cards that extend a meld or free a joker, and as the layoff and swap moves, worked
  out once per table;
* :mod:`~scala40.games.scala40.table.chains`: the one enumerator of what a turn can do
  to table melds with cards of a hand: the chains of layoffs at a meld's ends, the sets
  of joker swaps, and the melds they leave;
* :mod:`~scala40.games.scala40.table.splits`: the splits of a table sequence
  (S40-V-SPLIT).

The layer builds on the hand layer and the move values; it knows nothing of a state.
"""

from __future__ import annotations

__all__: list[str] = []
