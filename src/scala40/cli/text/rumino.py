"""Rumino's words on the command line: the knock family's
(:mod:`scala40.cli.text.knock`), with the game's own help, found here by the game's name
(:mod:`scala40.texts`)."""

from __future__ import annotations

from scala40.cli.text.knock import KnockText

__all__ = ["TEXT"]

TEXT = KnockText(
    """\
  draw                  draw the top card of the stock
  take                  take the top card of the discard pile
  knock                 instead of drawing, end the hand (not on your first turn; at least
                        4 cards in melds and 7 or less unmatched)
  discard KD            discard a card, ending your turn
  claim / pass          out of turn: take a discard that completes your Rumino, or not
  reenter / retire      after a hand that put you out: re-enter, or drop out""",
    spanish=False,
    game="rumino",
)
"""The Rumino wording."""
