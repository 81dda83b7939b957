"""The careful bot of Skarney: greedy's play, taking the offers that fit its hand and
offering what the next seat is not known to want.

Skarney is won on points over a game of seven hands (SK-GAME): a side scores the cards
it melds (SK-SCORE-MELDS), a bonus when it goes out (SK-BONUS) and loses the cards its
players still hold when the other side does (SK-SCORE-HAND). The greedy bot
(:class:`~scala40.bots.skarney.bots.GreedyBot`) accepts an offered card (SK-OFFER) only
when it fits its hand well (a card of its rank, or a neighbour and another card of its
suit near it) and, once the pile is down to ``late`` cards, only when it can meld it at
once. It offers the card it needs least (SK-OFFER), whoever would want it. The careful
bot plays greedy's moves but for the offers:

* it accepts an offer that fits its hand at all (a card of its rank or of its suit within
  two places: ``accept_fit``, 2 where greedy asks 3) for as long as the pile lasts
  (``late`` 0): a card taken is a card more to meld for points, and one the side that
  offered it no longer holds;
* it weighs the card it offers against the cards everyone knows the next seat holds (the
  cards it accepted, or offered and kept): each point of the card's fit with them counts
  ``deny_weight`` times (3) against offering it, since the next seat, an opponent, is
  offered it first.

It draws no random number and reads no clock: the same view gives the same move, and a
decision's work is bounded by design: to choose the contract it puts down it compares at
most the first ``contracts`` (32) its hand holds, where greedy compares all the search
lists within :data:`~scala40.games.skarney.search.MAX_CONTRACT_STEPS` steps.

>>> import random
>>> from scala40.bots import make_bot
>>> from scala40.games.skarney import new_game
>>> bot = make_bot("careful", "skarney")
>>> bot
CarefulBot(late=0, accept_fit=2.0, deny_weight=3.0, contracts=32)
>>> state = new_game(seed=3)
>>> seat = state.current_player
>>> bot.choose(state.view(seat), list(state.legal_moves()), random.Random(0)) in state.legal_moves()
True
"""

from __future__ import annotations

from scala40.bots.skarney.bots import GreedyBot, card_fit
from scala40.cards import Card
from scala40.checks import check_bot_int, check_bot_number
from scala40.games.skarney.rules import MELD_RULES
from scala40.games.skarney.view import PlayerView

__all__ = ["MAX_WEIGHT", "CarefulBot"]

MAX_WEIGHT = 100.0
"""The largest ``accept_fit`` and ``deny_weight`` the bot takes."""


class CarefulBot(GreedyBot):
    """Greedy's play, accepting the offers that fit its hand and offering what the next
    seat is not known to want (see the module).

    :param late: the size of the pile below which it accepts only offered cards it can
        meld or add to its side's melds at once, 0 to 1,000 (greedy's: 12).
    :param accept_fit: how well an offered card must fit the hand to be accepted before
        that, 0 to 100 (3 a card of its rank, 2 a neighbour in its suit, 1 a card two
        places away; greedy's: 3).
    :param deny_weight: how much each point of an offered card's fit to the next seat's
        known cards counts against offering it, 0 to 100 (greedy's: 0).
    :param contracts: the most contracts it compares to choose the one it puts down, 1 to
        100,000, or ``None`` for every one the search lists (greedy's).
    :raises InvalidBotSpecError: an option of the wrong type or out of its range.

    >>> from scala40.bots.skarney.careful import CarefulBot
    >>> CarefulBot(late=12, accept_fit=3, deny_weight=0, contracts=None)  # greedy's moves
    CarefulBot(late=12, accept_fit=3, deny_weight=0, contracts=None)
    """

    name = "careful"

    def __init__(
        self,
        late: int = 0,
        accept_fit: float = 2.0,
        deny_weight: float = 3.0,
        contracts: int | None = 32,
    ) -> None:
        super().__init__(late=check_bot_int("late", late, 0, 1_000))
        self.accept_fit: float = check_bot_number("accept_fit", accept_fit, 0, MAX_WEIGHT)
        self.deny_weight: float = check_bot_number("deny_weight", deny_weight, 0, MAX_WEIGHT)
        self.contracts_compared: int | None = (
            None if contracts is None else check_bot_int("contracts", contracts, 1, 100_000)
        )

    def __repr__(self) -> str:
        return (
            f"CarefulBot(late={self.late}, accept_fit={self.accept_fit}, "
            f"deny_weight={self.deny_weight}, contracts={self.contracts_compared})"
        )

    def _offer_cost(self, view: PlayerView, card: Card) -> float:
        """Greedy's cost of offering ``card``, plus ``deny_weight`` times how well it fits
        the cards the next seat (an opponent, who is offered it first) is known to hold
        (SK-OFFER: cards it accepted, or offered and kept)."""
        cost = super()._offer_cost(view, card)
        if not self.deny_weight or card in MELD_RULES.wild_cards or not view.known:
            return cost
        known = view.known[(view.player + 1) % view.player_count]
        return cost + self.deny_weight * card_fit(card, tuple(known)) if known else cost
