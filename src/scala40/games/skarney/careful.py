"""The careful bot of Skarney: greedy's play, taking the offers that fit its hand.

Skarney is won on points over a game of seven hands (SK-GAME): a side scores the cards
it melds (SK-SCORE-MELDS), a bonus when it goes out (SK-BONUS) and loses the cards its
players still hold when the other side does (SK-SCORE-HAND). The greedy bot
(:class:`~scala40.games.skarney.bots.GreedyBot`) accepts an offered card (SK-OFFER) only
when it fits its hand well (a card of its rank, or a neighbour and another card of its
suit near it) and, once the pile is down to ``late`` cards, only when it can meld it at
once. The careful bot plays greedy's moves but accepts an offer that fits its hand at
all (a card of its rank or of its suit within two places: ``accept_fit``, 2 where greedy
asks 3) for as long as the pile lasts (``late`` 0): a card taken is a card more to meld
for points, and a card the side that offered it no longer holds.

It draws no random number and reads no clock: the same view gives the same move, and a
decision's work is greedy's (its contract search is bounded in steps,
:data:`~scala40.games.skarney.search.MAX_CONTRACT_STEPS`).

>>> import random
>>> from scala40.bots import make_bot
>>> from scala40.games.skarney import new_game
>>> bot = make_bot("careful", "skarney")
>>> bot
CarefulBot(late=0, accept_fit=2.0)
>>> state = new_game(seed=3)
>>> seat = state.current_player
>>> bot.choose(state.view(seat), list(state.legal_moves()), random.Random(0)) in state.legal_moves()
True
"""

from __future__ import annotations

from scala40._checks import check_bot_int, check_bot_number
from scala40.games.skarney.bots import GreedyBot

__all__ = ["MAX_ACCEPT_FIT", "CarefulBot"]

MAX_ACCEPT_FIT = 100.0
"""The largest ``accept_fit`` the bot takes."""


class CarefulBot(GreedyBot):
    """Greedy's play, accepting the offers that fit its hand (see the module).

    :param late: the size of the pile below which it accepts only offered cards it can
        meld or add to its side's melds at once, 0 to 1,000 (greedy's: 12).
    :param accept_fit: how well an offered card must fit the hand to be accepted before
        that, 0 to 100 (3 a card of its rank, 2 a neighbour in its suit, 1 a card two
        places away; greedy's: 3).
    :raises InvalidBotSpecError: an option of the wrong type or out of its range.

    >>> from scala40.games.skarney.careful import CarefulBot
    >>> CarefulBot(late=12, accept_fit=3)  # greedy's settings: greedy's moves
    CarefulBot(late=12, accept_fit=3)
    """

    name = "careful"

    def __init__(self, late: int = 0, accept_fit: float = 2.0) -> None:
        super().__init__(late=check_bot_int("late", late, 0, 1_000))
        self.accept_fit = check_bot_number("accept_fit", accept_fit, 0, MAX_ACCEPT_FIT)

    def __repr__(self) -> str:
        return f"CarefulBot(late={self.late}, accept_fit={self.accept_fit})"
