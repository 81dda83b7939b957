"""The careful bot of the knock games: greedy's play, with discards read against the table.

:class:`CarefulBot` plays the greedy bot's moves (:class:`~.bots.GreedyBot`: it knocks
or closes whenever greedy would, as greedy would, and always claims a Rumino and
re-enters) except at two decisions, where it reads what every seat did in public this
hand (:attr:`~scala40.views.ViewBase.history`: who took which discard, who let which one
pass, who threw what):

* **Taking the discard.** Greedy takes the top discard whenever that lowers its least
  unmatched value. The careful bot takes it only when it does so *and* the card ends in
  one of its melds, or the take saves at least ``take_saving`` points: a take shows the
  card to the table, and a small saving is not worth it.
* **Which card to throw.** Among the discards whose unmatched value after the throw is
  within ``margin`` points of greedy's choice (never a wild card greedy would keep), it
  throws the one with the least score::

      unmatched(hand - d)
        + meld_weight  x P(the next seat holds two cards that meld with d)
        + swap_weight  x max(0, value of the next seat's last discard - value(d))
        + outs_weight  x my live outs for d

  The next seat is the one offered ``d`` (in these games the only one that can take
  it, at any number of players; every other seat's record still counts, since a card
  another seat was seen to take is no longer unseen). Its chance of holding each card
  comes from the public record: every hidden card is equally likely
  at first; a card that melds with one it threw, or with a discard it let pass, is less
  likely in its hand; a card that melds with one it took is more likely; a card it was
  seen to take and still holds is certain. The swap term is the chance it takes ``d``
  to throw a higher card (greedy takes a discard mostly for that). *Live outs* are the
  unseen cards that would meld ``d`` with another card of the hand: a card with many is
  worth keeping. Ties go to greedy's order. After taking the top discard, it throws
  only a card that leaves its hand worth less than before the take (greedy's throw
  always does, since greedy takes only for a saving): never the card it took, so that
  two careful players never pass one card back and forth for ever.

In a stalled hand, one that has lasted three times as many turns as its deck has cards,
it plays as greedy does there: at times a legal move drawn at random, else toward a hand
of melds made of its cards and those that go round the table, so that every hand ends
(:mod:`~scala40.bots.knock.stalled`, :meth:`~.bots.GreedyBot.progress_move`; the
module :mod:`~scala40.bots.knock.bots` gives the argument).

The weights are options (:class:`CarefulBot`'s parameters); with ``take_saving=0, margin=0,
meld_weight=0, swap_weight=0, outs_weight=0`` the bot plays exactly greedy's moves. It
looks at no clock, and until a hand stalls it draws no random number: the same view and
legal moves give the same move. A decision's work is bounded: it reads at most the last
:data:`MAX_READ_MOVES` moves of the hand, each once, and scores each candidate discard
(at most one a card of the hand) over the pairs of the deck's cards that meld with it.

>>> import random
>>> from scala40.bots import make_bot
>>> from scala40.games.chinchon import new_game
>>> state = new_game(players=2, seed=4).apply("draw")
>>> bot = make_bot("careful", "chinchon")
>>> bot
CarefulBot(take_saving=4, margin=2, meld_weight=12, swap_weight=0.4, outs_weight=2)
>>> bot.choose(state.view(state.turn), list(state.legal_moves()), random.Random(0)) in state.legal_moves()
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from scala40.bots.knock.bots import GreedyBot
from scala40.cards import RANK_OF, SUIT_OF, Card
from scala40.checks import describe, is_int, is_number
from scala40.errors import InvalidBotSpecError
from scala40.games._knock.arrange import (
    least_unmatched,
    least_unmatched_without,
    uncovered_cards,
)
from scala40.games._knock.moves import Close, Discard, DrawStock, Knock, TakeDiscard
from scala40.games._knock.phases import Phase
from scala40.games._knock.profile import KnockRules
from scala40.melds import MeldRules

__all__ = [
    "DISCARD_FACTOR",
    "MAX_POINTS",
    "MAX_READ_MOVES",
    "MAX_WEIGHT",
    "PASS_FACTOR",
    "TAKE_FACTOR",
    "CarefulBot",
]

DISCARD_FACTOR = 0.5
"""How much likelier a seat is to hold a card that melds with one it threw this hand:
it would rather have kept the pair."""
PASS_FACTOR = 0.7
"""The same for a card that melds with a discard it let pass (drew from the stock)."""
TAKE_FACTOR = 1.5
"""The same for a card that melds with a discard it took."""

MAX_READ_MOVES = 400
"""The most recent moves of the hand a decision reads (a hand between players who mean
to end it is far shorter; in one that goes on round after round, the oldest moves say
little of the hands now, the discards shuffled back into the stock). Within what a view's
text keeps (:data:`~scala40.history.TEXT_MOVES`), so that the bot given a view read back
from its text plays as at the table."""
MAX_WEIGHT = 1_000.0
"""The largest weight the bot takes (:class:`CarefulBot`'s parameters)."""
MAX_POINTS = 1_000
"""The largest ``take_saving`` and ``margin``, in points."""


def _check_points(option: str, value: object) -> int:
    if not (is_int(value) and 0 <= value <= MAX_POINTS):
        raise InvalidBotSpecError(
            f"{option} must be a whole number of points from 0 to {MAX_POINTS}, "
            f"got {describe(value)}"
        )
    return int(value)


def _check_weight(option: str, value: object) -> float:
    if not (is_number(value) and 0 <= value <= MAX_WEIGHT):
        raise InvalidBotSpecError(
            f"{option} must be a number from 0 to {MAX_WEIGHT:g}, got {describe(value)}"
        )
    return float(value)


class _Partners:
    """For one deck under one meld rules: for each card, the pairs of the deck's cards that
    make a meld with it, found when the card is first asked about (at most 52 of its
    neighbours' pairs checked)."""

    def __init__(self, deck: tuple[Card, ...]) -> None:
        self.deck = Counter(deck)
        self.pairs: dict[Card, tuple[tuple[Card, Card], ...]] = {}
        self.related: dict[Card, frozenset[Card]] = {}

    def of(self, card: Card, rules: MeldRules) -> tuple[tuple[Card, Card], ...]:
        found = self.pairs.get(card)
        if found is None:
            found = _meld_pairs(card, rules, self.deck)
            # The related cards are stored first: a server's other threads take a card's
            # pairs as the sign that both are there.
            self.related[card] = frozenset(code for pair in found for code in pair)
            self.pairs[card] = found
        return found


class _PartnersByDeck(dict[tuple[Card, ...], _Partners]):
    """Per meld rules, each deck's :class:`_Partners`: rules of one pack and of two share
    their meld rules, and a pair of copies of one card melds only where the deck has
    both."""

    __slots__ = ()

    def of_deck(self, deck: tuple[Card, ...]) -> _Partners:
        found = self.get(deck)
        return found if found is not None else self.setdefault(deck, _Partners(deck))


def _meld_pairs(
    card: Card, rules: MeldRules, deck: Counter[Card]
) -> tuple[tuple[Card, Card], ...]:
    """The pairs ``(x, y)``, ``x <= y``, of the deck's cards that make a meld of three
    with ``card`` (copies the deck lacks left out)."""
    wild = rules.wild_cards
    slots = rules.tables.slot_of_rank

    def near(other: Card) -> bool:
        if other in wild:
            return True
        if card in wild or RANK_OF[other] == RANK_OF[card]:
            return True
        if SUIT_OF[other] != SUIT_OF[card]:
            return False
        return any(
            abs(mine - theirs) <= 2
            for mine in slots.get(RANK_OF[card], ())
            for theirs in slots.get(RANK_OF[other], ())
        )

    neighbours = sorted(code for code in deck if near(code))
    pairs = []
    for index, first in enumerate(neighbours):
        for second in neighbours[index:]:
            needed = Counter((card, first, second))
            if any(deck[code] < count for code, count in needed.items()):
                continue
            if not uncovered_cards(tuple(sorted((card, first, second))), rules):
                pairs.append((first, second))
    return tuple(pairs)


class CarefulBot(GreedyBot):
    """Greedy's moves, a stricter take and discards read against the table (see the
    module).

    :param take_saving: the points a take that leaves the card unmatched must save, 0 to
        1,000 (0 or 1: greedy's rule, any saving; 1,000: only a take whose card ends in a
        meld, Chinchón's ``best``, :func:`scala40.bots.best_bot`).
    :param margin: how many points above greedy's unmatched value a discard may leave
        and still be considered, 0 to 1,000.
    :param meld_weight: the points a certain meld of the next seat with the discard
        counts, 0 to 1,000.
    :param swap_weight: the points each point of the next seat's last discard above the
        discard's value counts, 0 to 1,000.
    :param outs_weight: the points each live out of the discard counts, 0 to 1,000.
    :raises InvalidBotSpecError: an option of the wrong type or out of its range.

    The defaults were tuned on the deals 0 to 999 of seed 1000 of
    ``benchmarks/bench_ladder.py``'s duels (Chinchón and La Conga, two players, one hand)
    and measured on those of seed 2026 (the bots page gives the figures).

    >>> from scala40.bots.knock.careful import CarefulBot
    >>> CarefulBot(margin=-1)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidBotSpecError: margin must be a whole number of points from 0 to 1000, got -1
    """

    name = "careful"

    def __init__(
        self,
        take_saving: int = 4,
        margin: int = 2,
        meld_weight: float = 12.0,
        swap_weight: float = 0.4,
        outs_weight: float = 2.0,
    ) -> None:
        self.take_saving: int = _check_points("take_saving", take_saving)
        self.margin: int = _check_points("margin", margin)
        self.meld_weight: float = _check_weight("meld_weight", meld_weight)
        self.swap_weight: float = _check_weight("swap_weight", swap_weight)
        self.outs_weight: float = _check_weight("outs_weight", outs_weight)

    def __repr__(self) -> str:
        return (
            f"CarefulBot(take_saving={self.take_saving}, margin={self.margin}, "
            f"meld_weight={self.meld_weight:g}, swap_weight={self.swap_weight:g}, "
            f"outs_weight={self.outs_weight:g})"
        )

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The careful choice among ``legal`` (see the module).

        :raises InvalidArgumentError: ``view`` is not a view of a knock game, or ``legal``
            not a list of its moves.
        :raises InvalidValueError: ``legal`` is empty.
        """
        return super().choose(view, legal, rng)

    def _decide(self, view: Any, legal: Sequence[Any]) -> Any:
        if view.phase is Phase.DRAW:
            return self._draw_carefully(view, legal)
        if view.phase is Phase.PLAY:
            return self.ranked(view, legal)[0]
        return super()._decide(view, legal)

    def ranked(self, view: Any, legal: Sequence[Any]) -> list[Any]:
        """Every legal move, the careful choice first, then greedy's order (raises as
        :meth:`choose`)."""
        order = super().ranked(view, legal)
        if view.phase is Phase.DRAW:
            first = self._draw_carefully(view, legal)
        elif view.phase is Phase.PLAY:
            first = self._throw(view, order)
        else:
            return order
        return [first, *(move for move in order if move != first)]

    # ------------------------------------------------------------ taking the discard

    def _draw_carefully(self, view: Any, legal: Sequence[Any]) -> Any:
        greedy = super()._decide(view, legal)
        if not isinstance(greedy, TakeDiscard) or self.take_saving <= 1:
            return greedy  # a knock, a draw, or a take under greedy's own rule
        draw = next(move for move in legal if isinstance(move, DrawStock))
        profile: KnockRules = view.rules.profile
        hand: tuple[Card, ...] = view.hand
        top: Card = view.discard[-1]
        now = least_unmatched(hand, profile)
        grown = tuple(sorted((*hand, top)))
        after = least_unmatched_without(grown, profile)
        allowed = [
            card
            for card in after
            if card != top or view.rules.discard_taken_card or grown.count(top) > 1
        ]
        best = min(after[card] for card in allowed)
        if now - best >= self.take_saving:
            return greedy
        # Whether the card ends in a meld: some best throw leaves it matched, that is
        # the hand without it (the hand less the thrown card) is worth less than the
        # best by less than the card's own value.
        before = least_unmatched_without(hand, profile)
        value = profile.values[top]
        for card in allowed:
            if after[card] == best and card in before and best < before[card] + value:
                return greedy
        return draw

    # ------------------------------------------------------------ which card to throw

    def _throw(self, view: Any, order: list[Any]) -> Any:
        if isinstance(order[0], (Close, Knock)):
            return order[0]  # greedy closes whenever it may: so does this bot
        discards = [move for move in order if isinstance(move, Discard)]
        if not discards or not isinstance(order[0], Discard):
            return order[0]
        profile: KnockRules = view.rules.profile
        hand: tuple[Card, ...] = view.hand
        after = least_unmatched_without(hand, profile)
        greedy = discards[0]
        limit = after[greedy.card] + self.margin
        taken: Card | None = view.taken
        if taken is not None and taken in after:
            # A take must pay for itself: the hand after the throw is worth less than it
            # was before the take. Throwing the card back (or a card that leaves the hand
            # no better) makes no progress, and two such players would pass one card back
            # and forth for ever. Greedy's throw always passes: it took for a saving.
            limit = min(limit, after[taken] - 1)
        wild = profile.wild_cards
        candidates = [
            move
            for move in discards
            if move is greedy or (after[move.card] <= limit and move.card not in wild)
        ]
        if len(candidates) == 1:
            return greedy
        table = _Table(view, profile)
        best = greedy
        best_score = float("inf")
        for move in candidates:  # greedy's order: the first of equal scores wins
            card = move.card
            score: float = after[card]
            if self.meld_weight:
                score += self.meld_weight * table.meld_chance(card)
            if self.swap_weight:
                score += self.swap_weight * max(0, table.last_discard_value - profile.values[card])
            if self.outs_weight:
                score += self.outs_weight * table.live_outs(card, hand)
            if score < best_score:
                best, best_score = move, score
        return best


class _Table:
    """What one decision reads of the table: the next seat's chance of holding each
    card, its last discard, and the cards unseen by the player (see the module)."""

    def __init__(self, view: Any, profile: KnockRules) -> None:
        self.rules = profile.meld_rules
        by_deck: _PartnersByDeck = self.rules.tables.owned[_PartnersByDeck]
        self.partners = by_deck.of_deck(profile.deck.cards)
        player: int = view.player
        count = len(view.hand_sizes)
        active = view.active
        self.next_seat = next(
            (
                seat
                for seat in ((player + step) % count for step in range(1, count))
                if active[seat]
            ),
            player,
        )
        shown = view.shown
        known = {
            seat: Counter(shown[seat]) if shown else Counter()
            for seat in range(count)
            if seat != player
        }
        # Unseen by the player: the stock and the hidden part of the others' hands.
        self.unseen = Counter(view.unknown_cards())
        for cards in known.values():
            self.unseen -= cards
        self.next_known = known.get(self.next_seat, Counter())
        self.last_discard_value = 0
        self.holding: dict[Card, float] = {}
        """The chance the next seat holds at least one copy of each unseen card."""
        self._each: dict[Card, float] = {}
        """The chance it holds each one copy of each unseen card."""
        if self.next_seat != player:
            self._read_next_seat(view, profile)

    def _read_next_seat(self, view: Any, profile: KnockRules) -> None:
        seat = self.next_seat
        weights: dict[Card, float] = dict.fromkeys(self.unseen, 1.0)
        last_discard: Card | None = None
        previous: Any = None
        for entry in view.history[-MAX_READ_MOVES:]:
            move = entry.move
            if entry.seat == seat:
                if isinstance(move, Discard):
                    self._scale(weights, move.card, DISCARD_FACTOR)
                    last_discard = move.card
                elif isinstance(move, TakeDiscard) and entry.shown:
                    self._scale(weights, entry.shown[0], TAKE_FACTOR)
                elif isinstance(move, DrawStock) and isinstance(previous, Discard):
                    self._scale(weights, previous.card, PASS_FACTOR)
            previous = move
        if last_discard is not None:
            self.last_discard_value = profile.values[last_discard]
        hidden = view.hand_sizes[seat] - sum(self.next_known.values())
        total = sum(weights[card] * copies for card, copies in self.unseen.items())
        if hidden <= 0 or total <= 0:
            return
        for card, copies in self.unseen.items():
            each = self._each[card] = min(1.0, hidden * weights[card] / total)
            self.holding[card] = 1.0 - (1.0 - each) ** copies

    def _scale(self, weights: dict[Card, float], card: Card, factor: float) -> None:
        self.partners.of(card, self.rules)
        for code in self.partners.related[card]:
            if code in weights:
                weights[code] *= factor

    def _holds(self, card: Card) -> float:
        if self.next_known[card]:
            return 1.0
        return self.holding.get(card, 0.0)

    def meld_chance(self, card: Card) -> float:
        """The chance the next seat holds two cards that meld with ``card``."""
        if not self.holding and not self.next_known:
            return 0.0
        none = 1.0
        for first, second in self.partners.of(card, self.rules):
            if first == second:
                known = self.next_known[first]
                if known >= 2:
                    chance = 1.0
                else:
                    # Two copies of one card: a copy known and another hidden, or two hidden.
                    each = self._each.get(first, 0.0)
                    copies = self.unseen[first]
                    chance = (
                        1.0 - (1.0 - each) ** copies
                        if known
                        else copies * (copies - 1) / 2 * each * each
                    )
            else:
                chance = self._holds(first) * self._holds(second)
            none *= 1.0 - min(1.0, chance)
        return 1.0 - none

    def live_outs(self, card: Card, hand: tuple[Card, ...]) -> int:
        """The unseen cards that would meld ``card`` with another card of ``hand``."""
        rest = Counter(hand)
        rest[card] -= 1
        outs: set[Card] = set()
        for first, second in self.partners.of(card, self.rules):
            if rest[second] and self.unseen[first]:
                outs.add(first)
            if rest[first] and self.unseen[second]:
                outs.add(second)
        return sum(self.unseen[code] for code in outs)
