"""The La Conga bots: :class:`GreedyBot` (the random and playout bots come with the library).

>>> from scala40.bots import RandomBot, play_game
>>> from scala40.games.laconga import GreedyBot, new_game
>>> final = play_game(new_game(players=2, seed=5), [GreedyBot(), RandomBot()], rng=5)
>>> final.is_over
True
"""

from __future__ import annotations

from scala40.games._knock.bots import KnockGreedyBot

__all__ = ["GreedyBot"]


class GreedyBot(KnockGreedyBot):
    """Closes whenever it may (the close that costs it least), takes the discard when it
    lowers its unmatched value, discards what it needs least, and re-enters."""
