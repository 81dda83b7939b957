"""The layout a game's observation rows are made for (internal; given by
:mod:`scala40.adapters.observation.rows`): an attrs class, which the games' layouts
derive from, so it stays out of the compiled build (an attrs class with slots is made
anew by its decorator, and a compiled module checks its values against the class it
saw before)."""

from __future__ import annotations

from typing import Any

import attrs

__all__ = ["LayoutBase"]


@attrs.frozen
class LayoutBase:
    """What the encoding of one ruleset and number of players needs, computed once."""

    rules: Any
    player_count: int
    size: int
    """How many numbers the encoding gives."""
    start: bytes
    """The numbers before anything is written: the unseen block holds the deck, and the
    blocks the rules fix are set."""
    marks: tuple[bytes, ...]
    """The rows of a one-hot seat block (:func:`mark_rows`)."""
    melds: int
    """The most melds the table can hold (as ``max_table_melds``)."""

    def seats_from(self, me: int) -> list[int]:
        """The seats in the order seat blocks list them for seat ``me``: ``me`` first,
        then the next seat in play order, and so on."""
        n = self.player_count
        return [(me + offset) % n for offset in range(n)]
