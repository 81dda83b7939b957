"""The careful bot of Scala 40: greedy's play, weighing what the cards held would cost.

Scala 40's default game is an elimination match at 101 points (S40-ELIM), and what
decides it is the points a player is left holding when another closes (S40-SCORE,
S40-HAND-VALUE): a player who has opened holds a few cards then (about 15 points in
greedy play), one who has not holds all thirteen or fourteen (about 94). The careful bot
plays greedy's moves (:class:`~scala40.bots.scala40.bots.GreedyBot`) but for two
things, both about what it would hold:

* **High cards, once another player has opened.** Greedy keeps its high cards until it
  has opened, since they reach the 40 points of the opening sooner (S40-OPEN). The
  careful bot does so only while nobody else has opened: once another player has, a
  close may come at any turn and the whole hand would count, and it throws its high
  cards first instead, each point a card is worth counting ``threat_weight`` times
  against keeping it (greedy counts it half a point in favour). Having opened, it does
  the same while the cards in its hand would take its total to the elimination score
  (S40-ELIM; greedy counts a point once against keeping the card then).
* **The fewest cards left.** Where several sets of melds fit its hand (its opening, and
  the melds it puts down after), it puts down the one that leaves the fewest cards in
  hand, then the most points, where greedy puts down the most points: a card less in
  hand is one less to get rid of before closing, and one less to count if another
  closes first.

Its decisions are bounded by their work, not by a clock: the search for a way to close
this turn (``CloseSearch`` of :mod:`scala40.games.scala40.analysis.closing`) gets
``close_work`` units of work (:mod:`~scala40.games.scala40.budget`, about two
microseconds a unit), where greedy's gets the searches' whole budget; a position it
cannot settle within them (an opening and a close at once from a full hand, now and
then) is played as one with no close. The same view gives the same move: it draws no
random number and reads no clock.

>>> import random
>>> import scala40
>>> from scala40.bots import make_bot
>>> bot = make_bot("careful", "scala40")
>>> bot
CarefulBot(threat_weight=3.0, close_work=1000, criterion='cards')
>>> state = scala40.new_game(players=2, seed=3).apply("draw")
>>> bot.choose(state.view(0), list(state.legal_moves()), random.Random(0)) in state.legal_moves()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scala40.bots.scala40.bots import GreedyBot
from scala40.cards import JOKER, RANK_OF, SUIT_OF
from scala40.checks import check_bot_int, check_bot_number, describe
from scala40.errors import (
    InvalidBotSpecError,
    InvalidCardError,
    InvalidValueError,
    SearchLimitError,
)
from scala40.games.scala40.analysis import Criterion, best_opening
from scala40.games.scala40.analysis.closing import CloseSearch
from scala40.games.scala40.budget import WorkBudget, shared_budget
from scala40.games.scala40.moves import Move
from scala40.games.scala40.rules import MatchFormat, hand_value
from scala40.games.scala40.view import PlayerView
from scala40.melds import MeldKind

__all__ = ["CRITERIA", "MAX_CLOSE_WORK", "MAX_THREAT_WEIGHT", "CarefulBot"]

CRITERIA = ("cards", "value")
"""The melds the careful bot may prefer where several sets fit (``criterion``): the fewest
cards left, or the most points (greedy's)."""

MAX_THREAT_WEIGHT = 100.0
"""The largest ``threat_weight`` the bot takes."""
MAX_CLOSE_WORK = 100_000
"""The largest ``close_work`` the bot takes (the searches' whole budget,
``MAX_SEARCH_WORK`` of ``scala40.games.scala40.budget``)."""


class CarefulBot(GreedyBot):
    """Greedy's play, throwing its high cards first once another player has opened
    (see the module).

    :param threat_weight: how many times a card's value counts against keeping it once
        another player has opened, while the bot has not, or while its hand would take it
        to the elimination score, 0 to 100; ``None`` counts it as greedy does (half a
        point in favour before opening, a point against after).
    :param close_work: the units of work the search for a close this turn may spend,
        0 to 100,000 (0: no search; greedy's search has 100,000).
    :param criterion: which melds it puts down where several sets fit: ``"cards"`` (the
        fewest cards left), or greedy's ``"value"`` (the most points); with
        ``threat_weight=None``, ``close_work=100000`` and ``criterion="value"`` it plays
        greedy's moves.
    :raises InvalidBotSpecError: an option of the wrong type or out of its range.

    >>> from scala40.bots.scala40.careful import CarefulBot
    >>> CarefulBot(threat_weight=101)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidBotSpecError: threat_weight must be a number from 0 to 100.0, got 101
    """

    name = "careful"

    def __init__(
        self,
        threat_weight: float | None = 3.0,
        close_work: int = 1000,
        criterion: str = "cards",
    ) -> None:
        self.threat_weight: float | None = (
            None
            if threat_weight is None
            else check_bot_number("threat_weight", threat_weight, 0, MAX_THREAT_WEIGHT)
        )
        if criterion not in CRITERIA:
            raise InvalidBotSpecError(
                f"criterion must be one of {', '.join(CRITERIA)}, got {describe(criterion)}"
            )
        self.meld_criterion: Criterion = "cards" if criterion == "cards" else "value"
        self.close_work: int | None = check_bot_int("close_work", close_work, 0, MAX_CLOSE_WORK)

    def __repr__(self) -> str:
        return (
            f"CarefulBot(threat_weight={self.threat_weight}, close_work={self.close_work}, "
            f"criterion={self.meld_criterion!r})"
        )

    def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        """The careful move of ``view.player`` among ``legal`` (see the module); ``rng``
        is not used.

        :raises InvalidArgumentError: ``view`` is not a Scala 40 view, or ``legal`` not a
            list of Scala 40 moves.
        :raises InvalidValueError: ``legal`` is empty.
        """
        return super().choose(view, legal, rng)

    def _value_weight(self, view: PlayerView) -> float:
        """Greedy's weight of a card's value, but ``-threat_weight`` once another player
        has opened, so that a close may come at any turn: before opening (the whole hand
        would count, S40-SCORE), and after it when the cards in hand would take the
        player's total to the elimination score (S40-ELIM, S40-V-REENTRY)."""
        weight = self.threat_weight
        if weight is None or not _another_opened(view):
            return super()._value_weight(view)
        if not view.opened[view.player] or _past_room(view):
            return -weight
        return super()._value_weight(view)

    def _close_search(self, view: PlayerView) -> Sequence[Move] | None:
        """The search for a way to close this turn within ``close_work`` units of work,
        skipped where no close can be (:func:`_may_open_and_close`).

        :raises SearchLimitError: the search passed its budget.
        """
        if not self.close_work or not _may_open_and_close(view):
            return ()
        with shared_budget(WorkBudget(self.close_work)) as budget:
            return CloseSearch(view.turn_state(), budget).run()


def _another_opened(view: PlayerView) -> bool:
    """Whether a player still in the game other than the view's has opened (S40-OPEN)."""
    me = view.player
    return any(
        opened and active and seat != me
        for seat, (opened, active) in enumerate(zip(view.opened, view.active))
    )


def _may_open_and_close(view: PlayerView) -> bool:
    """``False`` where a player who has not opened cannot close this turn: a close from
    an unopened hand opens first (S40-OPEN), with melds of the hand alone, and every card
    the melds leave but the one to discard (S40-CLOSE) must then reach the table, onto a
    table meld of its suit or rank (a layoff, a chain of them, a split) or as a joker.
    The fewest cards any opening leaves (the ``"cards"`` packing) against the cards of
    the hand that could reach the table so is a bound that the search, the costliest
    from a full hand, need not pass. ``True`` for a player who has opened, and where a
    joker on the table (which a swap would put in the hand) makes the bound loose."""
    player = view.player
    if view.opened[player]:
        return True
    rules = view.rules
    threshold = max(0, rules.opening_threshold - view.opening_value)
    # A joker the table holds may come to the hand by a swap: the packing counts it in.
    freed = sum(meld.cards.count(JOKER) for meld in view.table)
    hand = (*view.hand, *(JOKER,) * freed)
    try:
        opening = best_opening(hand, rules, criterion="cards", keep=0, threshold=threshold)
    except (SearchLimitError, InvalidCardError, InvalidValueError):
        return True  # a hand the solver will not read: leave it to the search
    if opening is None:
        return False
    suits = {
        SUIT_OF[card]
        for meld in view.table
        if meld.kind is MeldKind.SEQUENCE
        for card in meld.cards
        if card != JOKER
    }
    ranks = {
        RANK_OF[card]
        for meld in view.table
        if meld.kind is MeldKind.SET
        for card in meld.cards
        if card != JOKER
    }
    reachable = sum(
        1 for card in hand if card == JOKER or SUIT_OF[card] in suits or RANK_OF[card] in ranks
    )
    keep = 0 if rules.close_without_discard else 1
    return len(opening.remaining) <= keep + reachable


def _past_room(view: PlayerView) -> bool:
    """Whether the cards in hand, counted at a close (S40-HAND-VALUE), would take the
    player's total to the elimination score (S40-ELIM, S40-V-REENTRY)."""
    rules = view.rules
    if rules.match_format not in (MatchFormat.ELIMINATION, MatchFormat.REENTRY):
        return False
    room = rules.elimination_score - view.scores[view.player]
    return hand_value(view.hand, rules) >= room
