"""The words the command line uses for La Conga."""

from __future__ import annotations

from scala40.games._knock.text import KnockText

__all__ = ["TEXT"]

TEXT = KnockText(
    """\
  draw                  draw the top card of the stock
  take                  take the top card of the discard pile
  discard KD            discard a card face up, ending your turn
  close KS : AC 2C 3C / 5S 5H JK=5D
                        discard KS face down and show your melds (a joker names its card
                        with =); the cards not in a meld are unmatched: 5 points at most
  reenter / retire      after a hand that put you out: re-enter, or drop out
Cards: oros D (diamonds), copas H (hearts), espadas S (spades), bastos C (clubs);
sota J, caballo Q, rey K.""",
    spanish=True,
    game="laconga",
    seven_run="conga",
)
"""The La Conga wording, as the game record carries it."""
