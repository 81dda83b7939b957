"""The Skarney greedy bot: plays for its side, in its turns and on the offers it gets.

:class:`GreedyBot` follows the :class:`~scala40.game.Bot` protocol. In its turn it takes
the wild cards it can from the opponents' melds (SK-EXCHANGE), puts down its side's
contract as soon as it can, keeping its wild cards where it can (SK-CONTRACT), then
melds and extends all it can, melds of wild cards only first (SK-WILDMELD), and ends by
offering the card it needs least, never a wild card, and not a card that would extend
the melds of the opponent it goes to (SK-OFFER). Offered a card, it accepts one that
fits its hand or its side's melds, or makes the side's contract, while the pile lasts.
It sees only its own view: nothing of its partner's hand.

**Every hand ends.** A turn draws a card from the pile, which is never refilled, unless
its player accepted a stop card (an ace, a 2 or a joker) at the offer that ended the turn
before (SK-STOP: only the next seat may take one), and with no rule against it two
players could pass a stop card back and forth for ever, neither drawing (two careful bots
did, in about one singles hand of a hundred). So the bot declines a stop card offered by
a player who did not draw this turn (:func:`offered_after_a_stop`, whatever the card is
worth to it; :meth:`GreedyBot.progress_move`, which the searches of :mod:`scala40.bots`
ask too). Then of two turns in a row one draws, and the hand ends, by the last card of
the pile at the latest (SK-END), within ``2 * pile + 1`` turns, each of a bounded number
of moves (:func:`~scala40.games.skarney.rules.max_hand_moves` counts them): a bound, not
a chance, whoever sits at the table, as long as every seat is such a bot.

>>> from scala40.bots.skarney.bots import GreedyBot
>>> import random
>>> from scala40.bots import RandomBot, play_game
>>> from scala40.games.skarney import new_game
>>> final = play_game(new_game(seed=7), [GreedyBot(), RandomBot()] * 2, rng=7)
>>> final.is_over, final.winners
(True, (0, 2))
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from scala40._cache import TABLE_LIMIT, BoundedCache
from scala40.cards import JOKER, RANK_OF, SUIT_OF, Card
from scala40.checks import check_bot_int, check_choice
from scala40.games.skarney.moves import (
    MOVES,
    Accept,
    Decline,
    EndTurn,
    Exchange,
    Extend,
    Move,
    Offer,
    PutDown,
    put_down_of,
)
from scala40.games.skarney.phases import Phase, is_stop_card, side_of
from scala40.games.skarney.rules import MELD_RULES, hand_penalty, meld_card_points
from scala40.games.skarney.search import best_contract, can_complete
from scala40.games.skarney.view import PlayerView
from scala40.melds import Meld, MeldKind

__all__ = ["GreedyBot", "card_fit", "offered_after_a_stop"]

_WILD = MELD_RULES.wild_cards
_UNWANTED = -10_000.0
"""The score of a move the bot would rather not make at all (below any turn end)."""


class GreedyBot:
    """A fast rule-of-thumb player for Skarney (see the module's documentation).

    ``late`` is the size of the pile below which it accepts only offered cards it can
    meld or add to its side's melds at once (an integer from 0 to 1,000).

    Its contract is the best it finds within
    :data:`~scala40.games.skarney.search.MAX_CONTRACT_STEPS` steps of the contract search:
    every contract of a hand of a dozen or so cards, the first ones found of a larger hand.

    :raises InvalidBotSpecError: ``late`` is not an integer from 0 to 1,000.
    """

    name = "greedy"

    contracts_compared: int | None = None
    """The most contracts its hand holds that it compares to choose the one it puts down
    (the first found, in canonical order); ``None``: every one the search lists within
    :data:`~scala40.games.skarney.search.MAX_CONTRACT_STEPS` steps."""
    accept_fit: float = 3.0
    """How well an offered card must fit the hand to be accepted while the pile lasts
    (``card_fit``: 3 a card of its rank, 2 a neighbour in its suit, 1 a card two places away)."""

    def __init__(self, late: int = 12) -> None:
        self.late: int = check_bot_int("late", late, 0, _MAX_LATE)

    def __repr__(self) -> str:
        return f"GreedyBot(late={self.late})"

    def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        """The move :meth:`ranked` puts first (``rng`` is not used: the bot is
        deterministic)."""
        del rng
        return self.ranked(view, legal)[0]

    def progress_move(
        self, view: PlayerView, legal: Sequence[Move], rng: random.Random
    ) -> Move | None:
        """``decline``, offered a stop card by a player who did not draw this turn
        (:func:`offered_after_a_stop`); ``None`` at any other decision, where the bot
        plays its own move (``rng`` is not used). The bot's own choice declines there
        too; the searches of :mod:`scala40.bots` ask this of the game's greedy bot at every
        decision, so that every hand ends (see the module).

        >>> import random
        >>> from scala40.bots.skarney.bots import GreedyBot
        >>> from scala40.games.skarney import new_game
        >>> state = new_game(seed=7)
        >>> GreedyBot().progress_move(state.view(state.turn), list(state.legal_moves()), random.Random(0)) is None
        True

        :raises InvalidArgumentError: ``view`` is not a Skarney view, or ``legal`` not a
            list of moves.
        :raises InvalidValueError: ``legal`` is empty.
        """
        del rng
        _check_choice(view, legal)
        if view.phase is Phase.OFFER and offered_after_a_stop(view):
            return next((move for move in legal if isinstance(move, Decline)), None)
        return None

    def ranked(self, view: PlayerView, legal: Sequence[Move]) -> list[Move]:
        """The legal moves, the bot's favourite first.

        :raises InvalidArgumentError: ``view`` is not a Skarney view, or ``legal`` not a
            list of moves.
        :raises InvalidValueError: ``legal`` is empty.
        """
        _check_choice(view, legal)
        if len(legal) <= 1:
            return list(legal)
        if view.phase is Phase.OFFER:
            accept = self._wants_offer(view)
            return sorted(legal, key=lambda move: isinstance(move, Accept) != accept)
        plan = self._contract_plan(view)
        scores = {id(move): self._score(view, move, plan) for move in legal}
        return sorted(legal, key=lambda move: -scores[id(move)])

    # -- the turn -------------------------------------------------------------------------

    def _contract_plan(self, view: PlayerView) -> tuple[Meld, ...]:
        """The contract the bot means to put down now: fewest wild cards, then most
        points (SK-CONTRACT); empty when it has none to make."""
        rules = view.rules
        if not rules.contract or view.contracts[view.side] or view.phase is not Phase.PLAY:
            return ()
        needed = rules.contract_size(view.hand_number) - view.progress
        kind = view.table[view.fresh_from].kind if view.progress else None
        found = best_contract(
            view.hand,
            needed,
            meld_score=_contract_score,
            kind=kind,
            within_limit=True,
            most=self.contracts_compared,
        )
        return found or ()

    def _score(self, view: PlayerView, move: Move, plan: tuple[Meld, ...]) -> float:
        if isinstance(move, Exchange):
            return 2000.0 + meld_card_points(_freed(view, move))
        if isinstance(move, PutDown):
            if plan or (view.rules.contract and not view.contracts[view.side]):
                planned = any(put_down_of(meld) == move for meld in plan)
                return 1500.0 if planned else 1000.0
            return self._meld_score(view, move.cards)
        if isinstance(move, Extend):
            return self._meld_score(view, (move.card,), extension=True)
        if isinstance(move, Offer):
            return -self._offer_cost(view, move.card)
        if isinstance(move, EndTurn):
            return 0.0
        return 0.0

    def _meld_score(
        self, view: PlayerView, cards: tuple[Card, ...], extension: bool = False
    ) -> float:
        """Melding is worth its cards: they score on the table and no longer weigh in the
        hand. Melds of wild cards only come first; a wild card in a mixed meld is kept
        back while the hand holds another of its kind and the pile is long (it may make
        a meld of wild cards, worth twice as much)."""
        wilds = [card for card in cards if card in _WILD]
        naturals = len(cards) - len(wilds)
        if wilds and not naturals:
            return 1400.0 + 10 * len(cards)
        score = 800.0 + 10 * naturals + (50 if not extension else 0)
        if wilds:
            wild = wilds[0]
            same_kind = sum(1 for card in view.hand if _wild_kind(card) == _wild_kind(wild))
            going_out = len(cards) == len(view.hand)
            if same_kind >= 2 and view.stock_size > self.late and not going_out:
                return _UNWANTED
            score -= 300
        return score

    def _keep(self, view: PlayerView, card: Card, hand: tuple[Card, ...]) -> float:
        """How much the bot wants to keep ``card`` rather than offer it."""
        if card in _WILD:
            return 1000.0
        score = card_fit(card, hand)
        own, next_side = _table_fits(view, card)
        score += 4 * own + 6 * next_side
        if RANK_OF[card] == 1:
            score += 1.0  # an ace is a stop card: only the next seat may take it
        return score - hand_penalty((card,)) / 10

    def _offer_cost(self, view: PlayerView, card: Card) -> float:
        """What offering ``card`` costs: how much the bot wants to keep it."""
        return self._keep(view, card, view.hand)

    # -- offers ---------------------------------------------------------------------------

    def _wants_offer(self, view: PlayerView) -> bool:
        card = view.offer_card
        if card is None or offered_after_a_stop(view):
            return False  # two turns in a row without a draw could go on for ever
        hand = view.hand
        rules = view.rules
        has_contract = not rules.contract or view.contracts[view.side]
        own, _ = _table_fits(view, card)
        if not has_contract:
            needed = rules.contract_size(view.hand_number)
            with_card = tuple(sorted((*hand, card)))
            if can_complete(with_card, None, needed) and not can_complete(hand, None, needed):
                return True  # SK-CONTRACT: the card makes the contract
        if card in _WILD:
            return view.stock_size > self.late
        if has_contract and own:
            return True
        if view.stock_size <= self.late:
            return False
        return card_fit(card, hand) >= self.accept_fit


_MAX_LATE = 1_000
"""The largest ``late`` a bot takes (more than any pile holds)."""


def offered_after_a_stop(view: PlayerView) -> bool:
    """Whether the card offered now is a stop card and the player offering it did not draw
    this turn, having accepted a stop card at the offer before (SK-STOP): a stop card
    he accepted since his last turn can only be that one. Accepting it would make a
    second turn in a row without a draw; the bots decline it, so that every hand ends
    (see the module).

    >>> from scala40.bots.skarney.bots import offered_after_a_stop
    >>> from scala40.games.skarney import new_game
    >>> offered_after_a_stop(new_game(seed=7).view(0))
    False
    """
    card = view.offer_card
    if card is None or not is_stop_card(card):
        return False
    return any(is_stop_card(taken) for taken in view.accepted[view.turn])


def _check_choice(view: object, legal: object) -> None:
    """Refuse what is not a Skarney view and a non-empty list of Skarney moves."""
    check_choice(view, legal, PlayerView, _MOVE_KINDS, "Skarney")


_MOVE_KINDS = frozenset(MOVES.kinds)


def _contract_score(meld: Meld) -> tuple[int, int]:
    """A contract meld's part of the contract's score: fewest wild cards, then most points."""
    return (-meld.wild_count, sum(meld_card_points(card) for card in meld.cards))


def _wild_kind(card: Card) -> int:
    """Jokers 0, 2s 2, natural cards -1."""
    if card == JOKER:
        return 0
    return 2 if card in _WILD else -1


def _freed(view: PlayerView, move: Exchange) -> Card:
    return next(card for card in view.table[move.meld].cards if card in _WILD)


def card_fit(card: Card, hand: tuple[Card, ...]) -> float:
    """How well a natural card fits a hand: cards of its rank (a set to come) and of its
    suit one or two places away (a sequence to come)."""
    if card in _WILD:
        return 10.0
    rank, suit = RANK_OF[card], SUIT_OF[card]
    score = 0.0
    same_rank = sum(1 for other in hand if other not in _WILD and RANK_OF[other] == rank)
    same_rank -= 1 if card in hand else 0
    score += 3.0 * min(same_rank, 2)
    for other in set(hand):
        if other in _WILD or SUIT_OF[other] != suit or other == card:
            continue
        gap = _gap(RANK_OF[other], rank)
        if gap == 1:
            score += 2.0
        elif gap == 2:
            score += 1.0
    return score


def _gap(first: int, second: int) -> int:
    """The distance between two ranks in a sequence, the ace at either end."""
    high = [14 if rank == 1 else rank for rank in (first, second)]
    return min(abs(first - second), abs(high[0] - high[1]))


def _table_fits(view: PlayerView, card: Card) -> tuple[int, int]:
    """How many of its side's melds ``card`` extends, and how many of the melds of the
    side the bot's offers go to first."""
    own, next_side = _table_fit_counts(view)
    return own[card], next_side[card]


def _table_fit_counts(view: PlayerView) -> tuple[Counter[Card], Counter[Card]]:
    """:func:`_table_fits` of every card at once: how many melds of the bot's side, and of
    the side its offers go to first, each card extends (a meld of wild cards only, wild
    cards alone). A decision asks it of every card it may offer, and a search of
    thousands of decisions on tables of dozens of melds: the counts of every side are
    made once for a table and kept with it, and serve every seat while the table is that
    very value (a state passes its table on unchanged until a meld changes it)."""
    table, owners = view.table, view.owners
    partnership = view.rules.partnership
    shape = (view.player_count, partnership)
    kept = _SIDE_FITS[0]
    if kept is None or kept[0] is not table or kept[1] is not owners or kept[2] != shape:
        sides: list[Counter[Card]] = [
            Counter() for _ in range(2 if partnership else view.player_count)
        ]
        for meld, owner in zip(table, owners):
            sides[side_of(owner, partnership)].update(_extending(meld))
        kept = (table, owners, shape, sides)
        _SIDE_FITS[0] = kept
    next_side = side_of((view.player + 1) % view.player_count, partnership)
    return kept[3][view.side], kept[3][next_side]


_SIDE_FITS: list[
    tuple[tuple[Meld, ...], tuple[int, ...], tuple[int, bool], list[Counter[Card]]] | None
] = [None]
""":func:`_table_fit_counts`'s counts for the last table asked, with the table, owners,
players and partnership they are for (the one slot is replaced whole: a thread reads one
whole, and uses it only for that very table)."""


def _extending(meld: Meld) -> frozenset[Card]:
    """The cards that extend ``meld`` (of a meld of wild cards only, the wild cards)."""
    found = _EXTENDING.get(meld)
    if found is None:
        cards = frozenset(extension.card for extension in meld.extensions())
        found = _EXTENDING.put(meld, cards & _WILD if meld.kind is MeldKind.WILD else cards)
    return found


_EXTENDING: BoundedCache[Meld, frozenset[Card]] = BoundedCache(
    "skarney cards extending a meld", TABLE_LIMIT
)
