"""The Scala 40 bots: a fast greedy player and a Monte Carlo search over player views.

* :class:`GreedyBot` opens as soon as it can, melds everything it can and keeps the
  cards that are most likely to form melds (a few hundred microseconds a decision);
* :class:`MonteCarloBot` deals the hidden cards at random many times, tries its best
  candidate moves in each deal and plays each deal out with greedy players.

Both follow the :class:`~scala40.game.Bot` protocol: ``choose(view, legal, rng)`` gets
what the player to move may see, the legal moves and a random generator.

>>> from scala40 import GreedyBot
>>> import scala40
>>> from scala40.bots import RandomBot, play_game
>>> rules = scala40.Ruleset(match_format="single")
>>> state = scala40.new_game(rules, players=2, seed=7)
>>> final = play_game(state, [GreedyBot(), RandomBot()], rng=7)
>>> final.is_over, len(final.winners)
(True, 1)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Sequence

import attrs

from scala40._base.engine import without
from scala40._stats import paired_difference
from scala40.bots.scala40.playouts import (
    leader,
    least_wanted,
    playout_score,
    stacked,
    stock_shares,
    survivors,
)
from scala40.cards import JOKER, RANK_OF, SUIT_OF, Card, as_cards
from scala40.checks import (
    check_bot_int,
    check_bot_number,
    check_choice,
    check_int,
    describe,
    is_number,
)
from scala40.deadline import MAX_SECONDS, Deadline
from scala40.errors import (
    InvalidArgumentError,
    InvalidBotSpecError,
    InvalidStateError,
    SearchLimitError,
)
from scala40.games.scala40.analysis import (
    Criterion,
    best_opening,
    can_open,
    closing_moves,
    hand_melds,
)
from scala40.games.scala40.moves import (
    MOVES,
    Discard,
    DrawStock,
    LayOff,
    Move,
    PutDown,
    Split,
    SwapJoker,
    TakeDiscard,
    TakeUpcard,
)
from scala40.games.scala40.phases import Phase
from scala40.games.scala40.rules import Ruleset, hand_value
from scala40.games.scala40.state import GameState
from scala40.games.scala40.view import PlayerView
from scala40.melds import Meld

__all__ = ["GreedyBot", "MonteCarloBot"]

_MOVE_KINDS = frozenset(MOVES.kinds)


def _check_view(view: object) -> None:
    if not isinstance(view, PlayerView):
        raise InvalidArgumentError(f"expected a Scala 40 player view, got {describe(view)}")


def _check_choice(view: object, legal: object) -> None:
    """Refuse what is not a Scala 40 view and a non-empty list of Scala 40 moves."""
    check_choice(view, legal, PlayerView, _MOVE_KINDS, "Scala 40")


def _check_rng(rng: object) -> None:
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(f"rng must be a random.Random, got {describe(rng)}")


def _keep(view: PlayerView) -> int:
    """Cards that must stay in hand after melding: one to discard (S40-CLOSE), two in the
    first round (S40-FIRST-ROUND), none when closing by melding is allowed
    (S40-V-NODISCARDCLOSE)."""
    if not view.may_close:
        return 2
    return 0 if view.rules.close_without_discard else 1


def _table_targets(table: Sequence[Meld]) -> tuple[frozenset[Card], frozenset[Card]]:
    """Natural cards that extend a meld on the table, and natural cards that free a joker
    on the table (S40-SWAP): an opened opponent could take either from the discard pile."""
    extend = frozenset(
        extension.card
        for meld in table
        for extension in meld.extensions()
        if extension.card != JOKER
    )
    free = frozenset(card for meld in table for _, card in meld.joker_swaps())
    return extend, free


@functools.lru_cache(maxsize=64)
def _card_values(rules: Ruleset) -> tuple[int, ...]:
    """The penalty of each card code in a hand of several cards (S40-HAND-VALUE)."""
    # Two copies, so that S40-V-LONEACE (an ace alone in hand costs 1) does not apply.
    return tuple(hand_value((card, card), rules) // 2 for card in range(53))


# The sequence positions of each rank: an ace is at both ends (S40-SEQ).
_POSITIONS = ((), (1, 14), *((rank,) for rank in range(2, 14)))


def _rank_at(position: int) -> int:
    return 1 if position == 14 else position


def _uses(move: Move, card: Card | None) -> bool:
    """Whether a melding move puts ``card`` on the table."""
    if card is None:
        return False
    if isinstance(move, PutDown):
        return card in move.cards
    if isinstance(move, LayOff):
        return move.card == card
    if isinstance(move, Split):
        return card in move.added
    return False


def _cards_used(move: Move) -> int:
    if isinstance(move, PutDown):
        return len(move.cards)
    if isinstance(move, Split):
        return len(move.added)
    return 1


# ---------------------------------------------------------------- the shipped bots


class GreedyBot:
    """A fast rule-based player.

    * It draws from the stock, and takes the top discard only when it can meld it
      (the only case the rules allow, S40-DRAW-DISCARD); under S40-V-UPCARD it takes
      the turned-up card when the card fits its hand.
    * When it can close this turn (S40-CLOSE), it does, however many melds, layoffs
      and joker swaps it takes (``scala40.games.scala40.analysis.closing_moves``).
    * It opens as soon as it can (S40-OPEN), with the opening of highest value
      (``scala40.games.scala40.analysis.best_opening``), one ``PutDown`` a move.
    * Once opened, it puts down every meld it can, lays off its natural cards, frees
      jokers (S40-SWAP) and splits sequences (S40-V-SPLIT); it lays off a joker only
      when four cards or fewer are left, since a joker in hand still helps to meld.
    * It discards the card it least wants to keep: cards that form melds, or could,
      with other cards of its hand are kept; so are cards that extend a meld on the
      table (an opponent could lay them off) or free one of its jokers; among the rest,
      before opening the lowest card goes first (high cards help reach the threshold),
      after opening the card that would cost most if another player closed
      (S40-HAND-VALUE).

    It does not use ``rng``: its choice depends on the view alone.

    >>> from scala40 import GreedyBot
    >>> import random
    >>> from scala40 import GameState, format_cards, parse_cards
    >>> state = GameState.from_position(
    ...     hands=["7S 8S 9S 9H 9D 9C KD KH KC 2S 4H 6C 8D 3C", "2C 3C 4C 5H 6H 7H QD 9D"],
    ...     discard="JC", phase="play", turns_played=[1, 1])
    >>> bot = GreedyBot()
    >>> str(bot.choose(state.view(0), list(state.legal_moves()), random.Random()))
    'meld 9H 9D 9C'
    >>> format_cards(bot.discard_order(state.view(0), parse_cards("2S 8D 3C 4H")))
    '2S 3C 4H 8D'
    """

    name = "greedy"

    # How much keeping a card is worth, in points of hand value; subclasses may tune them.
    in_meld_weight = 40
    """A card of a meld of natural cards in the hand."""
    same_rank_weight = 14
    """Each other suit of the card's rank in the hand (a set in the making)."""
    neighbour_weight = 14
    """Each card of the same suit one rank away (a sequence in the making)."""
    gap_weight = 7
    """Each card of the same suit two ranks away."""
    duplicate_weight = -8
    """A second copy of the card in the hand: one of them is spare."""
    extends_table_weight = 25
    """The card extends a table meld: an opened opponent could take it and lay it off."""
    frees_joker_weight = 80
    """The card frees a joker on the table: an opened opponent could take it and swap."""
    value_weight_unopened: float = 0.5
    """Times the card's value, before opening: high cards help reach the threshold."""
    value_weight_opened: float = -1.0
    """Times the card's value, after opening: high cards cost most if another closes."""
    joker_lay_off_hand_size = 4
    """Lay off a joker only with this many cards in hand or fewer."""
    closing_search_hand_size = 14
    """Look for a way to close this turn (``scala40.games.scala40.analysis.closing_moves``) with this
    many cards in hand or fewer."""
    meld_criterion: Criterion = "value"
    """Which melds to put down when several sets of them fit: see
    ``scala40.games.scala40.analysis.best_opening``."""

    def discard_order(self, view: PlayerView, cards: Iterable[Card]) -> list[Card]:
        """``cards`` (of the player's hand) from the first to discard to the last.

        :type view: ``scala40.PlayerView``
        :param cards: cards of ``view.hand``.
        :raises InvalidArgumentError: ``view`` is not a Scala 40 view.
        :raises InvalidCardError: ``cards`` are not cards.
        """
        _check_view(view)
        keep = self._keep_scorer(view)
        return sorted(set(as_cards(cards)), key=lambda card: (keep(card), card))

    def _keep_scorer(self, view: PlayerView) -> Callable[[Card], float]:
        """A function scoring how much each card of the hand is worth keeping."""
        return self._scorer(view, self._value_weight(view))

    def _value_weight(self, view: PlayerView) -> float:
        """How many times a card's value counts towards keeping it (see
        :attr:`value_weight_unopened` and :attr:`value_weight_opened`)."""
        if view.opened[view.player]:
            return self.value_weight_opened
        return self.value_weight_unopened

    def _scorer(self, view: PlayerView, value_weight: float) -> Callable[[Card], float]:
        """How much each card of the hand is worth keeping, its value counting
        ``value_weight`` times."""
        hand = view.hand
        rules = view.rules
        counts = [0] * 53
        for card in hand:
            counts[card] += 1
        natural = [meld for meld in hand_melds(hand, rules) if meld.wild_count == 0]
        in_melds = frozenset(card for meld in natural for card in meld.cards)
        anyone_opened = any(
            opened for player, opened in enumerate(view.opened) if player != view.player
        )
        extend, free = _table_targets(view.table) if anyone_opened else (frozenset(), frozenset())
        values = _card_values(rules)

        def keep(card: Card) -> float:
            score = self._usefulness(card, counts, in_melds)
            if card in free:
                score += self.frees_joker_weight
            elif card in extend:
                score += self.extends_table_weight
            return score + value_weight * values[card]

        return keep

    def _usefulness(self, card: Card, counts: Sequence[int], in_melds: frozenset[Card]) -> float:
        """How much ``card`` helps its hand form melds: part of a meld of natural cards, a
        card of the same rank in another suit, a neighbour in its suit."""
        if card == JOKER:
            return 1000.0
        rank, suit = RANK_OF[card], SUIT_OF[card]
        score = float(self.in_meld_weight) if card in in_melds else 0.0
        for other in range(4):
            if other != suit and counts[other * 13 + rank - 1]:
                score += self.same_rank_weight
        base = suit * 13 - 1
        for position in _POSITIONS[rank]:
            for step, weight in ((1, self.neighbour_weight), (2, self.gap_weight)):
                for neighbour in (position - step, position + step):
                    if 1 <= neighbour <= 14 and counts[base + _rank_at(neighbour)]:
                        score += weight
        if counts[card] >= 2:
            score += self.duplicate_weight
        return score

    def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        """The greedy move of ``view.player`` among ``legal``; ``rng`` is not used.

        :param view: what the player to move may see.
        :type view: ``scala40.PlayerView``
        :param legal: the legal moves, one of which is returned.
        :type legal: ``Sequence[scala40.Move]``
        :param rng: the only randomness to draw from.
        :rtype: ``scala40.Move``
        :raises InvalidArgumentError: ``view`` is not a Scala 40 view, or ``legal`` not a
            list of Scala 40 moves.
        :raises InvalidValueError: ``legal`` is empty.
        """
        _check_choice(view, legal)
        return self._choose(view, legal)

    def _choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """:meth:`choose` for arguments known to be right (the playouts' hot path)."""
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.DRAW:
            return self._draw(view, legal)
        return self._play(view, legal)

    def ranked(self, view: PlayerView, legal: Sequence[Move]) -> list[Move]:
        """Every legal move, the greedy choice first, then the others from the most to
        the least promising (what :class:`MonteCarloBot` tries first).

        :type view: ``scala40.PlayerView``
        :type legal: ``Sequence[scala40.Move]``
        :rtype: ``list[scala40.Move]``
        :raises InvalidArgumentError: ``view`` is not a Scala 40 view, or ``legal`` not a
            list of Scala 40 moves.
        :raises InvalidValueError: ``legal`` is empty.
        """
        _check_choice(view, legal)
        first = self._choose(view, legal)
        melding: list[Move] = []
        discards: list[Discard] = []
        draws: list[Move] = []
        for move in legal:
            if move == first:
                continue
            if isinstance(move, Discard):
                discards.append(move)
            elif isinstance(move, (DrawStock, TakeDiscard, TakeUpcard)):
                draws.append(move)
            else:
                melding.append(move)
        if discards:
            keep = self._keep_scorer(view)
            discards.sort(key=lambda move: (keep(move.card), move.card))
        melding.sort(key=lambda move: (-_cards_used(move), isinstance(move, SwapJoker)))
        return [first, *melding, *discards, *draws]

    def __repr__(self) -> str:
        return "GreedyBot()"

    # -- drawing

    def _draw(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        if TakeDiscard() in legal:
            # Offered only when the card can be melded this turn (S40-DRAW-DISCARD): taking
            # it melds a card for free, one card more than a draw from the stock would.
            return TakeDiscard()
        if TakeUpcard() in legal and view.discard:
            upcard = view.discard[-1]
            hand = (*view.hand, upcard)
            counts = [0] * 53
            for card in hand:
                counts[card] += 1
            if self._usefulness(upcard, counts, frozenset()) >= self.same_rank_weight:
                return TakeUpcard()
        return DrawStock()

    # -- melding and discarding

    def _play(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        closing = self._closing_move(view, legal)
        if closing is not None:
            return closing
        melding = [move for move in legal if not isinstance(move, Discard)]
        if melding:
            move = self._meld(view, legal, melding)
            if move is not None:
                return move
        discards = [move for move in legal if isinstance(move, Discard)]
        if not discards:
            return melding[0]
        keep = self._keep_scorer(view)
        return min(discards, key=lambda move: (keep(move.card), move.card))

    def _closing_move(self, view: PlayerView, legal: Sequence[Move]) -> Move | None:
        """The first move of a way to close this turn (S40-CLOSE), if there is one.

        The search needs a full state; what the player may do this turn depends only on
        what the view shows, so any state consistent with the view gives the same answer.
        """
        if len(view.hand) > self.closing_search_hand_size:
            return None
        try:
            moves = self._close_search(view)
        except SearchLimitError:
            return None  # too tangled to search: play on as if there were no close
        if not moves:
            return None
        first = moves[0]
        return first if first in legal else None

    def _close_search(self, view: PlayerView) -> Sequence[Move] | None:
        """The moves of a way to close this turn, or none: the search with the searches'
        whole budget (``closing_moves``).

        :raises SearchLimitError: the search passed its budget.
        """
        return closing_moves(view.turn_state())

    def _meld(
        self, view: PlayerView, legal: Sequence[Move], melding: Sequence[Move]
    ) -> Move | None:
        player = view.player
        taken = view.taken if view.taken_must_use and not view.taken_used else None
        if taken is not None:
            using = [move for move in melding if _uses(move, taken)]
            if using:
                return max(using, key=_cards_used)
        if not view.opened[player]:
            # Only melds that keep the opening within reach are legal (S40-OPEN): play
            # the opening of highest value, one meld at a time.
            return self._planned_put_down(view, legal, taken) or melding[0]
        put_down = self._planned_put_down(view, legal, taken)
        if put_down is not None:
            return put_down
        lay_offs = [m for m in melding if isinstance(m, LayOff)]
        natural = [m for m in lay_offs if m.card != JOKER]
        if natural:
            values = _card_values(view.rules)
            return max(natural, key=lambda m: (values[m.card], -m.card))
        swaps = [m for m in melding if isinstance(m, SwapJoker)]
        if swaps:
            return swaps[0]
        splits = [m for m in melding if isinstance(m, Split)]
        if splits:
            return max(splits, key=lambda m: len(m.added))
        if lay_offs and len(view.hand) <= self.joker_lay_off_hand_size:
            return lay_offs[0]
        if taken is not None or not any(isinstance(m, Discard) for m in legal):
            return melding[0]
        return None

    def _planned_put_down(
        self, view: PlayerView, legal: Sequence[Move], taken: Card | None
    ) -> PutDown | None:
        put_downs = [move for move in legal if isinstance(move, PutDown)]
        if not put_downs:
            return None
        rules = view.rules
        # Before opening the melds must reach the threshold (S40-OPEN); after, any will do.
        threshold = (
            0 if view.opened[view.player] else max(0, rules.opening_threshold - view.opening_value)
        )
        plan = best_opening(
            view.hand,
            rules,
            criterion=self.meld_criterion,
            keep=_keep(view),
            must_include=taken,
            threshold=threshold,
        )
        if plan is None:
            return None
        for meld in plan.melds:
            move = _matching_put_down(meld, put_downs)
            if move is not None:
                return move
        return None


def _matching_put_down(meld: Meld, moves: Sequence[PutDown]) -> PutDown | None:
    """The move among ``moves`` that puts ``meld`` down: the same cards, each standing for
    the same card; a move that leaves the reading to the engine (no ``represented``)
    matches when nothing closer does."""
    cards = sorted(meld.cards)
    pairs = sorted(zip(meld.cards, meld.represented))
    loose = None
    for move in moves:
        if sorted(move.cards) != cards:
            continue
        if not move.represented:
            loose = loose or move
        elif sorted(zip(move.cards, move.represented)) == pairs:
            return move
    return loose


class _RolloutPolicy(GreedyBot):
    """The greedy bot as :class:`MonteCarloBot` plays it in playouts, thousands of times
    a decision: without the search for a way to close, which would make it several
    times slower and finds a close that melding everything misses in about one game
    in twenty."""

    closing_search_hand_size = -1


_MOST = 1_000_000
"""The largest count (or margin) a bot option takes."""
_MOST_TURNS = 40
"""The most turns of an opponent :class:`MonteCarloBot` plays out in a sampled hand (each
adds a card to the hand it improves: :func:`scala40.games.scala40.analysis.hand_melds` takes at most 64)."""


# The search's pace: prune the race every so many rounds; redeal a hand that could open
# so many times.
_PRUNE_EVERY = 16
_REDEALS = 6


class MonteCarloBot:
    """Determinized Monte Carlo search over the player's view.

    **Which decisions it searches.** Where the greedy bot would close the hand this turn,
    it closes. Otherwise, once it has opened, whenever the greedy bot wants to meld, lay
    off, swap or split, it asks whether to do so or to keep the cards and discard now
    (and which card): in the last turns of a hand, what is left in hand decides who
    can close next (S40-CLOSE: closing is discarding one's last card, so a player must
    keep one card to discard), and a card that fits the table is often worth more kept
    for later, or thrown to change what an opponent holds, than laid off at once.
    Its other moves (draws, discards, the opening) are the greedy bot's, unless
    ``search_all`` is set; playouts from early positions are long, and the greedy choice
    there is rarely beaten by a margin the playouts can see.

    **How it searches.** The candidates are the greedy move and the first of the
    alternatives (discards in the greedy bot's order, then other melds), ``candidates``
    moves in all. Round after round, the bot deals the cards it cannot see at random
    (``PlayerView.sample``), plays every candidate still in the race in that deal, and
    plays the rest of the hand out with greedy players in every seat (at most
    ``rollout_limit`` moves). A playout scores 1 if the player closes and 0 if another
    player does, plus, except in single-hand matches where only closing counts, the
    mean penalty points (S40-HAND-VALUE) of the opponents minus the player's own,
    divided by 100.

    The candidates are compared with common random numbers: in one round every
    candidate meets the same hidden hands, and each player draws the same cards from
    the stock in the same order whatever the others do (the stock is shared out among
    the players in drawing order, so a card taken from the discard pile does not shift
    everyone's later draws). Every 16 rounds, a candidate behind the best one by more
    than 3 standard errors of their mean difference leaves the race, so that the
    playouts go to the close calls. The greedy move is played unless another candidate
    beats it, in the same deals, by more than ``margin`` standard errors
    (``margin=0`` plays the best mean). When every candidate has scored the same in
    each of the first ``settle_rounds`` deals, the choice hardly matters and the search
    stops there.

    **The hidden cards** are dealt as a greedy player would hold them: an opponent who
    has opened holds no card that extends a meld of the table as it was when the turn
    began, no meld, and no joker with three cards or fewer (it would have laid them
    off or put them down); an opponent who has not opened holds no opening (it would
    have opened), and its hand is dealt with one extra card for each turn it has played
    (at most ``opponent_turns``), the cards a greedy player wants least going back to
    the stock.

    The budget is ``playouts`` playouts a decision, or, if ``time_limit`` (wall seconds
    from the start of the decision) is set or the caller gives a ``deadline``
    (:class:`~scala40.deadline.Deadline`), as many rounds as fit before the sooner of the
    two (at most ``playouts`` playouts): the search looks at the clock at every move of
    a playout, drops a round the deadline cuts short and picks among the rounds
    finished (the greedy move if none). With neither, the bot is fully deterministic
    given ``rng``; with a time limit its choices depend on the machine.

    >>> from scala40 import GreedyBot, MonteCarloBot
    >>> import random, scala40
    >>> state = scala40.GameState.from_position(
    ...     hands=["10S 2H 2C 3C", "3S KS 2D 3D QC KC"],
    ...     discard="8H", table=["6S 7S 8S 9S", "5H 5D 5C"],
    ...     opened=[True, True], phase="play", turns_played=[9, 9])
    >>> legal = list(state.legal_moves())
    >>> str(GreedyBot().choose(state.view(0), legal, random.Random()))
    'layoff 10S #0 high'
    >>> bot = MonteCarloBot(playouts=60, candidates=3)
    >>> bot.choose(state.view(0), legal, random.Random(1)) in legal
    True
    """

    name = "montecarlo"

    def __init__(
        self,
        playouts: int = 720,
        time_limit: float | None = None,
        candidates: int = 6,
        rollout_limit: int = 200,
        margin: float = 0.0,
        settle_rounds: int = 32,
        search_all: bool = False,
        opponent_turns: int = 2,
    ) -> None:
        self.playouts: int = check_bot_int("playouts", playouts, 1, _MOST)
        if time_limit is not None and not (
            is_number(time_limit) and 0 < time_limit <= MAX_SECONDS
        ):
            raise InvalidBotSpecError(
                f"time_limit must be a positive number of seconds (at most {MAX_SECONDS:g}) "
                f"or None, got {describe(time_limit)}"
            )
        self.time_limit: float | None = None if time_limit is None else float(time_limit)
        self.candidates: int = check_bot_int("candidates", candidates, 1, _MOST)
        self.rollout_limit: int = check_bot_int("rollout_limit", rollout_limit, 1, _MOST)
        self.margin: float = float(check_bot_number("margin", margin, 0, _MOST))
        self.settle_rounds: int = check_bot_int("settle_rounds", settle_rounds, 1, _MOST)
        if not isinstance(search_all, bool):
            raise InvalidBotSpecError(
                f"search_all must be true or false, got {describe(search_all)}"
            )
        self.search_all = search_all
        self.opponent_turns: int = check_bot_int("opponent_turns", opponent_turns, 0, _MOST_TURNS)
        self._policy: GreedyBot = _RolloutPolicy()
        self._closer = GreedyBot()
        # The table when the player's current turn began, and which turn that was.
        self._turn_start: tuple[tuple[int, int, tuple[int, ...]], tuple[Meld, ...]] | None = None

    def __repr__(self) -> str:
        return (
            f"MonteCarloBot(playouts={self.playouts}, time_limit={self.time_limit}, "
            f"candidates={self.candidates}, rollout_limit={self.rollout_limit}, "
            f"margin={self.margin}, settle_rounds={self.settle_rounds}, "
            f"search_all={self.search_all}, opponent_turns={self.opponent_turns})"
        )

    def choose(
        self,
        view: PlayerView,
        legal: Sequence[Move],
        rng: random.Random,
        *,
        deadline: Deadline | None = None,
    ) -> Move:
        """A closing move if the greedy bot finds one; else the greedy move, unless the
        playouts, by ``deadline`` (within the bot's ``time_limit``), show another
        candidate to be better.

        :param view: what the player to move may see.
        :type view: ``scala40.PlayerView``
        :param legal: the legal moves, one of which is returned.
        :type legal: ``Sequence[scala40.Move]``
        :param rng: the only randomness to draw from.
        :rtype: ``scala40.Move``
        :raises InvalidArgumentError: ``view`` is not a Scala 40 view, ``legal`` not a list
            of Scala 40 moves, ``rng`` not a ``random.Random``, or ``deadline`` not a
            :class:`~scala40.deadline.Deadline`.
        :raises InvalidValueError: ``legal`` is empty.
        :raises InvalidStateError: it is not the turn of the view's player.
        """
        _check_choice(view, legal)
        _check_rng(rng)
        limit = Deadline.given(deadline, self.time_limit)
        if not view.is_my_turn:
            raise InvalidStateError([f"it is not player {view.player}'s turn to move"])
        turn = (view.hand_number, view.player, view.turns_played)
        if view.phase is Phase.DRAW or self._turn_start is None or self._turn_start[0] != turn:
            self._turn_start = (turn, view.table)
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.PLAY:
            closing = self._closer._closing_move(view, legal)
            if closing is not None:
                return closing
        options = self._options(view, legal)[: self.candidates]
        if len(options) == 1:
            return options[0]
        scores = self._scores(view, options, rng, self.playouts, limit, prune=True)
        return options[self._pick(scores)]

    def _options(self, view: PlayerView, legal: Sequence[Move]) -> list[Move]:
        """The moves worth comparing, the greedy choice first (alone when the decision is
        not searched)."""
        ranked = self._policy.ranked(view, legal)
        first = ranked[0]
        if view.phase is not Phase.PLAY:
            return ranked if self.search_all else [first]
        if not (self.search_all or self._worth_searching(view, first)):
            return [first]
        discards = [move for move in ranked if isinstance(move, Discard) and move != first]
        others = [move for move in ranked[1:] if not isinstance(move, Discard)]
        return [first, *discards, *others]

    @staticmethod
    def _worth_searching(view: PlayerView, greedy_choice: Move) -> bool:
        """Whether to search a decision: the greedy bot, having opened, wants to meld,
        lay off, swap or split (a card taken from the discard pile, which must be
        melded, is left to it)."""
        return (
            isinstance(greedy_choice, (PutDown, LayOff, SwapJoker, Split))
            and view.opened[view.player]
            and not (view.taken_must_use and not view.taken_used)
        )

    def evaluate(
        self, view: PlayerView, moves: Iterable[Move], rng: random.Random, rounds: int
    ) -> dict[Move, float]:
        """The mean playout score of each of ``moves`` over ``rounds`` random deals (to see
        how the bot judges the moves of a position).

        :type view: ``scala40.PlayerView``
        :param moves: legal moves of the player to move.
        :type moves: ``Iterable[scala40.Move]``
        :rtype: ``dict[scala40.Move, float]``
        :raises InvalidArgumentError: ``view`` is not a Scala 40 view, ``moves`` not Scala
            40 moves, ``rng`` not a ``random.Random`` or ``rounds`` not a whole number.
        :raises InvalidValueError: there are no moves, or ``rounds`` is below 1 or over a
            million.
        """
        given: object = moves  # callers may ignore the type hints
        if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
            raise InvalidArgumentError(f"expected Scala 40 moves, got {describe(given)}")
        try:
            options: list[Move] = list(given)
        except Exception:  # an iterable that fails while it is read
            raise InvalidArgumentError(f"expected Scala 40 moves, got {describe(moves)}") from None
        _check_choice(view, options)
        options = list(dict.fromkeys(options))
        _check_rng(rng)
        check_int("rounds", rounds, 1, _MOST)
        scores = self._scores(view, options, rng, rounds * len(options), None, prune=False)
        return {move: sum(values) / len(values) for move, values in zip(options, scores)}

    def _scores(
        self,
        view: PlayerView,
        options: Sequence[Move],
        rng: random.Random,
        playouts: int,
        deadline: Deadline | None,
        prune: bool,
    ) -> list[list[float]]:
        """The playout score of each option in each random deal it was tried in, the
        deals finished by ``deadline`` (none, if the first is not).

        Options dropped from the race (with ``prune``) have fewer scores than the others.
        The search stops at once when no playout of the first deal ends the hand: a
        hand that greedy players can't end (the rules let some go on for ever, when
        nobody can meld or lay off any more) gives it nothing to compare.
        """
        scores: list[list[float]] = [[] for _ in options]
        alive = list(range(len(options)))
        used = 0
        done = 0
        limit = Deadline.never() if deadline is None else deadline
        while not done or used + len(alive) <= playouts:
            if limit.expired():
                break
            world = self._deal(view, rng.getrandbits(64))
            shares = stock_shares(world, view)
            rollout_seed = rng.getrandbits(64)
            outcomes = [
                self._playout(world, options[index], view, shares, rollout_seed, limit)
                for index in alive
            ]
            if any(outcome is None for outcome in outcomes):
                break  # a deal cut short by the deadline counts for no option
            any_ended = False
            for index, outcome in zip(alive, outcomes):
                assert outcome is not None
                score, ended = outcome
                scores[index].append(score)
                any_ended = any_ended or ended
            used += len(alive)
            done += 1
            if limit.expired():
                break
            if done == 1 and not any_ended:
                break
            if done == self.settle_rounds and all(scores[i] == scores[alive[0]] for i in alive):
                break
            if prune and done % _PRUNE_EVERY == 0:
                alive = survivors(scores, alive)
                if len(alive) == 1:
                    break
        return scores

    def _pick(self, scores: list[list[float]]) -> int:
        """The option to play among those still in the race: the greedy one (index 0)
        unless another beats it in the same deals by more than ``margin`` standard errors
        of the mean difference; the best mean if the greedy one has left the race; the
        greedy one if no deal was finished."""
        count = max(len(row) for row in scores)
        if not count:
            return 0
        alive = [index for index, row in enumerate(scores) if len(row) == count]
        if alive[0] != 0:
            return leader(scores, alive)
        best, best_bound = 0, 0.0
        for index in alive[1:]:
            mean, error = paired_difference(scores[index], scores[0], lone_error=0.0)
            bound = mean - self.margin * error
            if bound > best_bound:
                best, best_bound = index, bound
        return best

    def _deal(self, view: PlayerView, seed: int) -> GameState:
        """A full state consistent with ``view``, the other hands made as a greedy player
        would hold them (see the class documentation)."""
        world: GameState = view.sample(seed)
        turn = (view.hand_number, view.player, view.turns_played)
        start = self._turn_start
        table = start[1] if start is not None and start[0] == turn else view.table
        extend, _ = _table_targets(table)
        shuffler = random.Random(seed)
        hands = list(world.hands)
        stock = list(world.stock)
        for player, hand in enumerate(hands):
            if player == view.player or not hand or not world.turns_played[player]:
                continue
            if world.opened[player]:
                hands[player], stock = self._opened_hand(world, hand, stock, extend, shuffler)
            else:
                hands[player], stock = self._closed_hand(world, player, hand, stock, shuffler)
        return attrs.evolve(world, hands=tuple(hands), stock=tuple(stock))

    def _opened_hand(
        self,
        world: GameState,
        hand: tuple[Card, ...],
        stock: list[Card],
        extend: frozenset[Card],
        shuffler: random.Random,
    ) -> tuple[tuple[Card, ...], list[Card]]:
        """A hand of an opponent who has opened: cards drawn from its hand and the stock
        that a greedy player would not have melded or laid off."""
        pool = [*hand, *stock]
        shuffler.shuffle(pool)
        size = len(hand)
        rules = world.rules
        chosen: list[Card] = []
        rest: list[Card] = []
        for card in pool:
            if len(chosen) < size and self._would_keep(chosen, card, size, extend, rules):
                chosen.append(card)
            else:
                rest.append(card)
        if len(chosen) < size:
            return hand, stock
        return tuple(sorted(chosen)), rest

    def _would_keep(
        self,
        chosen: Sequence[Card],
        card: Card,
        size: int,
        extend: frozenset[Card],
        rules: Ruleset,
    ) -> bool:
        if card == JOKER and size < self._policy.joker_lay_off_hand_size:
            return False
        if card in extend:
            return False
        return not hand_melds(sorted((*chosen, card)), rules)

    def _closed_hand(
        self,
        world: GameState,
        player: int,
        hand: tuple[Card, ...],
        stock: list[Card],
        shuffler: random.Random,
    ) -> tuple[tuple[Card, ...], list[Card]]:
        """A hand of an opponent who has not opened: improved as a greedy player would
        have kept its cards, and without an opening (redealt a few times if need be)."""
        rules = world.rules
        pool = [*hand, *stock]
        for attempt in range(_REDEALS):
            if attempt:
                shuffler.shuffle(pool)
                hand, stock = tuple(sorted(pool[: len(hand)])), pool[len(hand) :]
            hand, stock = self._kept_hand(world, player, hand, stock)
            if not can_open(hand, rules.opening_threshold, rules, keep=0):
                break
        return hand, stock

    def _kept_hand(
        self, world: GameState, player: int, hand: tuple[Card, ...], stock: list[Card]
    ) -> tuple[tuple[Card, ...], list[Card]]:
        """``hand`` with one extra card for each turn its player has played (at most
        ``opponent_turns``), the cards a greedy player wants least going back to the
        bottom of the stock."""
        extra = min(world.turns_played[player], self.opponent_turns, len(stock))
        if not extra:
            return hand, stock
        pool = tuple(sorted((*hand, *stock[-extra:])))
        view = attrs.evolve(world.view(player), hand=pool)
        dropped = least_wanted(pool, self._policy.discard_order(view, pool), extra)
        kept = without(pool, dropped)
        assert kept is not None  # the cards dropped are cards of the pool
        return kept, [*dropped, *stock[:-extra]]

    def _playout(
        self,
        world: GameState,
        move: Move,
        view: PlayerView,
        shares: Sequence[Sequence[Card]],
        seed: int,
        deadline: Deadline,
    ) -> tuple[float, bool] | None:
        """Play ``move`` in ``world``, then the hand out with the greedy policy, each
        player drawing its share of the stock: the outcome's score for the player, and
        whether the hand ended within ``rollout_limit`` moves; ``None`` if ``deadline``
        passes first."""
        if deadline.expired():
            return None
        player, hand_number = view.player, view.hand_number
        policy = self._policy
        del seed  # the greedy policy draws nothing from it
        drawn = [0] * world.player_count
        state = world.apply(move)
        if isinstance(move, DrawStock):
            drawn[player] = 1
        for _ in range(self.rollout_limit):
            if state.is_over or state.hand_number != hand_number:
                return playout_score(state, player, hand_number), True
            if state.is_chance:
                state = state.apply(next(iter(state.legal_moves())))
                continue
            if deadline.expired():
                return None
            mover = state.turn
            if state.phase is Phase.DRAW:
                state = stacked(state, shares[mover], drawn[mover])
            legal = list(state.legal_moves())
            choice = policy._choose(state.view(mover), legal)
            if isinstance(choice, DrawStock):
                drawn[mover] += 1
            state = state.apply(choice)
        ended = state.is_over or state.hand_number != hand_number
        return playout_score(state, player, hand_number), ended
