"""Whether the player to move can close this turn (S40-CLOSE), and how: a search over
the engine's legal moves (internal).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator
from typing import cast

import attrs

import scala40.games.scala40.moves as kinds
from scala40.cards import CARD_NAMES, JOKER, RANK_OF, SUIT_OF, Card, as_card
from scala40.checks import describe
from scala40.errors import (
    IllegalMoveError,
    InvalidArgumentError,
)
from scala40.games.scala40.analysis.closable import CloseTest
from scala40.games.scala40.analysis.deadwood import TablePlan, TableSearch
from scala40.games.scala40.budget import WorkBudget, shared_budget
from scala40.games.scala40.engine import apply_trusted
from scala40.games.scala40.generate import generate
from scala40.games.scala40.hand.opening import can_open_sorted
from scala40.games.scala40.hand.packing import COUNT_WEIGHTS
from scala40.games.scala40.hand.tables import sorted_hand_melds
from scala40.games.scala40.moves import (
    Discard,
    LayOff,
    Move,
    PutDown,
    Split,
    SwapJoker,
    put_down_of,
)
from scala40.games.scala40.phases import DRAW, PLAY
from scala40.games.scala40.state import GameState
from scala40.games.scala40.table.offers import lay_off_move
from scala40.games.scala40.turn import TurnSearch
from scala40.melds import Meld, MeldKind, MeldRules

__all__ = ["CloseSearch", "can_close", "closing_moves"]


# ---------------------------------------------------------------- closing


def _post_draw_states(state: GameState, drawn: Card | None) -> list[tuple[Move, GameState]]:
    """The draws worth asking about, and the states after them."""
    legal = state.legal_moves()
    found: list[tuple[Move, GameState]] = []
    for move in (kinds.TakeDiscard(), kinds.TakeUpcard()):
        if move in legal:
            found.append((move, state.apply(move)))
    if drawn is not None:
        stock = list(state.stock)
        if drawn not in stock:
            raise IllegalMoveError(
                f"draw: {CARD_NAMES[drawn]} is not in the stock (S40-DRAW-STOCK)"
            )
        # The stock is hidden: put the card asked about on top, leaving a valid state.
        position = len(stock) - 1 - stock[::-1].index(drawn)
        stock[position], stock[-1] = stock[-1], stock[position]
        moved = attrs.evolve(state, stock=tuple(stock))
        draw = kinds.DrawStock()
        found.append((draw, moved.apply(draw)))
    return found


def can_close(state: GameState, drawn: Card | str | None = None) -> bool:
    """Whether the player to move can close this turn (S40-CLOSE).

    In the PLAY phase (after the draw): whether some sequence of legal melds, layoffs,
    joker swaps and splits leaves one card that can be discarded, or, under
    S40-V-NODISCARDCLOSE, no card at all. Everything the rules ask is checked by the
    engine's legal moves: the opening threshold for a player who has not opened (who
    may open and close in one turn, S40-OPEN, S40-AFTER-OPEN), the first round
    (S40-FIRST-ROUND), the card taken from the discard pile (S40-DRAW-DISCARD) and the
    discard bans (S40-DISCARD, S40-V-PLAYABLE).

    In the DRAW phase: whether some draw lets the player close. The stock is hidden, so
    only the draws of a known card are tried: taking the top of the discard pile (when
    legal, S40-DRAW-DISCARD), the turned-up card (S40-V-UPCARD), and, when ``drawn`` is
    given, drawing that card from the stock (it must be in the stock; it is taken as
    the top card). In other phases nobody can close: ``False``.

    :raises InvalidArgumentError: ``state`` is not a :class:`~scala40.games.scala40.state.GameState`.
    :raises IllegalMoveError: ``drawn`` is given outside the DRAW phase, or is not in
        the stock.
    :raises SearchLimitError: the search spent its budget of work
        (``MAX_SEARCH_WORK`` of :mod:`scala40.games.scala40.budget`, about two tenths of a
        second) without an answer.

    >>> from scala40 import can_close
    >>> from scala40 import GameState
    >>> state = GameState.from_position(
    ...     hands=["7S 8S 9S 9H 9D 9C KD", "2C 3C 4C 5H 6H 7H QD"],
    ...     discard="JC", opened=[True, True], turns_played=[1, 1], phase="play")
    >>> can_close(state)
    True
    >>> can_close(state.apply("meld 9S 9H 9D 9C"))
    False
    """
    return closing_moves(state, drawn) is not None


def closing_moves(state: GameState, drawn: Card | str | None = None) -> tuple[Move, ...] | None:
    """Moves that close the hand this turn (S40-CLOSE), or ``None`` if there are none.

    The moves apply one after the other to ``state``; the last one is the closing
    discard (or, under S40-V-NODISCARDCLOSE, possibly the meld of the last cards). In
    the DRAW phase the first move is the draw (see :func:`can_close`; a ``DrawStock``
    assumes ``drawn`` is the card drawn).

    >>> from scala40 import closing_moves
    >>> from scala40 import GameState
    >>> state = GameState.from_position(
    ...     hands=["7S 8S 9S 9H 9D 9C KD", "2C 3C 4C 5H 6H 7H QD"],
    ...     discard="JC", opened=[True, True], turns_played=[1, 1], phase="play")
    >>> [str(move) for move in closing_moves(state)]
    ['meld 9H 9D 9C', 'meld 7S 8S 9S', 'discard KD']
    """
    if not isinstance(state, GameState):
        raise InvalidArgumentError(f"expected a GameState, got {describe(state)}")
    card = None if drawn is None else as_card(drawn)
    if state.phase is not DRAW and card is not None:
        raise IllegalMoveError(
            "draw: the card has been drawn already; drawn= is for the draw phase (S40-TURN)"
        )
    # One budget for the whole call: every search it starts draws on it.
    with shared_budget(WorkBudget()) as budget:
        if state.phase is DRAW:
            for move, after in _post_draw_states(state, card):
                moves = CloseSearch(after, budget).run()
                if moves is not None:
                    return (move, *moves)
            return None
        if state.phase is not PLAY:
            return None
        return CloseSearch(state, budget).run()


def _apply_listed(state: GameState, move: Move) -> GameState:
    """``move``, generated as legal in ``state``, applied without the checks already made
    (the engine keeps the class of the state it is given)."""
    return cast(GameState, apply_trusted(state, move))


_MOVE_RANK = {SwapJoker: 0, LayOff: 1, PutDown: 2, Split: 3}


class CloseSearch:
    """Depth-first search of the melding moves of one turn for a close.

    Two necessary conditions prune it. Every card but one (the discard) must be able to
    leave the hand somehow: in a meld with other cards of the hand (and the jokers the
    table could give back), onto a table meld (at a reachable end, or by a split), or
    as a joker swap. And, without splits, :class:`TableSearch` counting cards must
    find a way to leave one card (the card taken from the discard pile, which may not be
    discarded, counting two). The plan that last search finds is tried first; a failed
    position is remembered.
    """

    def __init__(self, state: GameState, budget: WorkBudget) -> None:
        self.state = state
        self.player: int = state.turn
        self.budget = budget
        rules = state.rules
        self.rules = rules
        self.meld_rules: MeldRules = rules.meld_rules
        self.split: bool = rules.split_sequences
        self.keep = 0 if rules.close_without_discard else 1
        # Under S40-V-SPLIT, the exact test that keeps the search off dead branches.
        self.test: CloseTest | None = (
            CloseTest(self.player, self._hopeless, budget) if self.split else None
        )
        self.searches: dict[tuple[Card, ...], TableSearch] = {}
        self.relaxed: dict[tuple[object, ...], TablePlan | None] = {}

    def run(self) -> tuple[Move, ...] | None:
        state = self.state
        if not state.may_close:
            return None  # S40-FIRST-ROUND
        if self._dead_count(state) > 1:
            return None
        player = self.player
        hand = state.hands[player]
        if not state.opened[player] and len(hand) > 1:
            # Closing needs opening first, with new melds from this very hand (S40-OPEN).
            taken = state.taken if state.taken_must_use and not state.taken_used else None
            needed = self.rules.opening_threshold - state.opening_value
            if not can_open_sorted(hand, needed, self.meld_rules, self.keep, taken):
                return None
        plan = None
        if not self.split:
            plan = self._relaxed(state)
            if plan is None:
                return None
            moves = self._follow(state, plan)
            if moves is not None:
                return moves
        if self.test is not None and not self.test.closable(state):
            return None
        found = self._search(state)
        return None if found is None else tuple(found)

    # -- the search

    def _search(self, state: GameState) -> list[Move] | None:
        """The turn's depth-first search (:mod:`~scala40.games.scala40.turn`) for a close."""
        return TurnSearch(_Close(self), self.budget).run(state)

    def _hopeless(self, state: GameState) -> bool:
        if self._dead_count(state) > 1:
            return True
        return not self.split and self._relaxed(state) is None

    def _follow(self, state: GameState, plan: TablePlan) -> tuple[Move, ...] | None:
        """Play the plan of the relaxed search, if the engine accepts every move of it."""
        puts: list[Move] = [put_down_of(meld) for meld in plan.found.melds]
        table_moves: list[Move] = [SwapJoker(card, index) for index, card in plan.swaps]
        table_moves += [lay_off_move(index, ext) for index, ext in plan.layoffs]
        # A player who has not opened must open with new melds first (S40-OPEN).
        moves = table_moves + puts if state.opened[self.player] else puts + table_moves
        if plan.found.left:
            moves.append(Discard(plan.found.left[0]))
        try:
            for move in moves:
                state = state.apply(move)
        except IllegalMoveError:
            return None
        return tuple(moves) if state.phase is not PLAY else None

    # -- the necessary conditions

    def _relaxed(self, state: GameState) -> TablePlan | None:
        """A way to leave at most one card, ignoring the order of the rules (the opening
        threshold, bans); ``None`` proves there is none."""
        hand = state.hands[self.player]
        taken = state.taken if state.taken_must_use and not state.taken_used else None
        # The taken card must be melded: alone in hand it counts two, so it is never the
        # one card left to discard (with two copies, the other copy may be discarded).
        heavy = taken if taken is not None and hand.count(taken) == 1 else None
        if heavy in self.meld_rules.wild_cards and any(m.wild_count for m in state.table):
            # A joker swapped off the table (S40-SWAP) is a second copy of a joker taken:
            # either may then be the one discarded.
            heavy = None
        key = (hand, state.table, heavy)
        if key in self.relaxed:
            return self.relaxed[key]
        search = self.searches.get((heavy,) if heavy is not None else ())
        if search is None:
            weights = list(COUNT_WEIGHTS)
            if heavy is not None:
                weights[heavy] = 2
            search = TableSearch(self.meld_rules, weights, False, self.keep)
            self.searches[(heavy,) if heavy is not None else ()] = search
        plan = search.best(hand, state.table, target=1)
        self.relaxed[key] = plan
        return plan

    def _dead_count(self, state: GameState) -> int:
        """How many cards of the hand can't leave it this turn by any means (an upper
        bound on what can: the cards counted can't)."""
        hand = state.hands[self.player]
        rules = self.meld_rules
        in_melds: set[Card] = set()
        for meld in sorted_hand_melds(hand, rules):
            in_melds.update(meld.cards)
        wild = rules.wild_cards
        doubtful = [c for c in hand if c not in in_melds and c not in wild]
        if len(doubtful) <= 1:
            return len(doubtful)
        table = state.table
        swappable = Counter(rep for meld in table for _, rep in meld.joker_swaps())
        swap_cards = set(swappable)
        # The most jokers swaps could free: one per table joker whose card is in hand.
        freed = sum(min(count, hand.count(card)) for card, count in swappable.items())
        jokers = sum(1 for card in hand if card in wild) + freed
        dead = [
            c
            for c in doubtful
            if c not in swap_cards and not self._reaches(c, hand, table, jokers)
        ]
        if len(dead) > 1 and freed:
            # Jokers freed by swaps could join new melds.
            more = tuple(sorted((*hand, *([JOKER] * freed))))
            for meld in sorted_hand_melds(more, rules):
                in_melds.update(meld.cards)
            dead = [c for c in dead if c not in in_melds]
        return len(dead)

    def _reaches(
        self, card: Card, hand: tuple[Card, ...], table: tuple[Meld, ...], jokers: int
    ) -> bool:
        """Whether ``card`` could be laid off onto some table meld this turn, after other
        cards of the hand (or jokers) fill the places between."""
        rules = self.meld_rules
        suit, rank = SUIT_OF[card], RANK_OF[card]
        slots = rules.sequence_slots
        for meld in table:
            if meld.kind is MeldKind.SET:
                if rank != meld.rank or len(meld) >= rules.set_max:
                    continue
                if rules.set_suits_distinct and any(
                    SUIT_OF[rep] == suit for rep in meld.represented
                ):
                    continue
                return True
            if meld.suit != suit:
                continue
            if self.split:
                return True
            if rules.sequence_max is not None and len(meld) >= rules.sequence_max:
                continue
            low, high = meld.start, meld.start + len(meld) - 1
            for place, slot_rank in enumerate(slots):
                if slot_rank != rank or low <= place <= high:
                    continue
                gap = range(place + 1, low) if place < low else range(high + 1, place)
                missing = sum(1 for between in gap if suit * 13 + slots[between] - 1 not in hand)
                if missing <= jokers:
                    return True
        return False


def _move_rank(move: Move) -> tuple[int, int]:
    size = len(move.cards) if isinstance(move, PutDown) else 0
    return (_MOVE_RANK.get(type(move), 4), -size)


class _Close:
    """The goal of :class:`CloseSearch`: the hand closes this turn. A position's legal
    moves are tried in the order of :func:`_move_rank`, the splits of S40-V-SPLIT last and
    listed only when no other move leads to a close (listing them is the costly part)."""

    what = "the search for a close (S40-CLOSE)"

    def __init__(self, search: CloseSearch) -> None:
        self.search = search
        self.listed: tuple[GameState, list[Move]] | None = None
        """The position whose moves were listed last, and those moves."""

    def verdict(self, state: GameState) -> tuple[Move, ...] | None:
        legal = generate(state, splits=False) if self.search.split else list(state.legal_moves())
        self.listed = (state, legal)
        if len(state.hands[self.search.player]) == 1:
            for move in legal:
                if type(move) is Discard:
                    return (move,)
        return None

    def moves(self, state: GameState) -> Iterator[tuple[Move, GameState]]:
        assert self.listed is not None
        assert self.listed[0] is state
        melding = [move for move in self.listed[1] if type(move) is not Discard]
        melding.sort(key=_move_rank)
        play = _apply_listed if self.search.split else GameState.apply
        for move in melding:
            yield move, play(state, move)
        if self.search.split:
            splits = [move for move in state.legal_moves() if type(move) is Split]
            for move in splits:
                yield move, state.apply(move)

    def met(self, state: GameState) -> bool:
        return state.phase is not PLAY  # closed by melding every card (S40-V-NODISCARDCLOSE)

    def pruned(self, state: GameState) -> bool:
        search = self.search
        return search._hopeless(state) or (
            search.test is not None and not search.test.closable(state)
        )

    def key(self, state: GameState) -> Hashable:
        player = self.search.player
        hand = state.hands[player]
        return (hand, state.table, state.opened[player], state.opening_value, state.taken_used)
