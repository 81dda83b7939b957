"""Whether the player to move can still close this turn: the exact test that prunes the
closing search under S40-V-SPLIT (internal).

Under S40-V-SPLIT the closing search of :func:`~scala40.analysis.closing_moves` has no
relaxation to prune it, and trying every order of every melding move examines thousands
of positions. This test answers without trying orders, because for a player who has
opened the order of a turn's moves hardly matters. A turn that closes can always be
played in three stages, with the same cards in hand and on the table at the end:

1. Joker swaps (S40-SWAP). A joker of the table stands for the same card before and
   after the moves that move it, and the natural card was in hand from the start; a
   joker the hand put on the table this turn, swapped back, gives what putting the
   natural card there gives.
2. Moves on the table melds (S40-AFTER-OPEN, S40-V-SPLIT), meld by meld: moves on
   different melds touch different melds, so only the cards each meld takes from the
   hand matter to the others. Whatever a turn does to a sequence, the pieces that hold
   its cards are either the sequence extended at its ends (a chain of layoffs) or one
   split of it (each piece holds one of its cards, and together they make one run); a
   piece left with cards of the hand only is a new meld. A set only takes layoffs.
3. New melds from what is left (S40-AFTER-OPEN), then the discard of the one card left,
   or none under S40-V-NODISCARDCLOSE.

A player who has not opened puts his opening down first (S40-OPEN): those positions are
searched move by move, each set of melds in one order, until he has opened; any meld put
down after that is one of stage 3. Every plan found is played through the engine, which has the last
word on every rule (the discard bans of S40-V-PLAYABLE, the card taken from the discard
pile, S40-V-FOURKIND). Every position, step and plan played draws on the call's budget
(:mod:`~scala40.games.scala40.budget`); each position's answer is remembered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from scala40._base.engine import without_sorted
from scala40.cards import Card
from scala40.errors import IllegalMoveError
from scala40.games.scala40.budget import POSITION_WORK, TRY_WORK, WorkBudget
from scala40.games.scala40.conditions import bans_bite
from scala40.games.scala40.engine import HANDLERS
from scala40.games.scala40.hand.tables import sorted_hand_melds
from scala40.games.scala40.lookahead import try_move
from scala40.games.scala40.moves import (
    Discard,
    Move,
    PutDown,
    Split,
    SwapJoker,
    put_down_of,
)
from scala40.games.scala40.phases import PLAY
from scala40.games.scala40.state import GameState
from scala40.games.scala40.table.chains import lay_off_chains, may_join
from scala40.games.scala40.table.offers import lay_off_move, table_info
from scala40.games.scala40.table.splits import split_moves
from scala40.melds import Meld, MeldKind

__all__ = ["CloseTest"]

_WHAT = "the search for a close (S40-CLOSE)"

_Pieces = tuple[tuple[tuple[Card, ...], tuple[Card, ...]], ...]
"""The pieces of a split, as :class:`~scala40.games.scala40.moves.Split` gives them."""

_MeldKey = tuple[tuple[Card, ...], tuple[Card, ...]]
"""A meld put down, as its cards and what they stand for: the order melds go down in."""

_Option = tuple[tuple[Card, ...], tuple[Move, ...]]
"""What a turn can do to one table meld: the hand cards it takes (sorted), and the moves."""


class CloseTest:
    """Whether ``player`` can close this turn from a position, each position answered once.

    ``hopeless`` is a quick necessary condition: a position it rejects has no close.
    """

    def __init__(
        self, player: int, hopeless: Callable[[GameState], bool], budget: WorkBudget
    ) -> None:
        self.player = player
        self.hopeless = hopeless
        self.budget = budget
        self.known: dict[tuple[object, ...], bool] = {}
        self.chains: dict[tuple[int, Meld, tuple[Card, ...]], dict[object, _Option]] = {}
        self.valid: dict[tuple[Meld, tuple[Card, ...], _Pieces], bool] = {}
        self.splits: dict[
            Meld, list[tuple[tuple[Card, ...], list[tuple[tuple[Card, ...], _Pieces]]]]
        ] = {}

    def closable(
        self, state: GameState, first_swap: int = 0, last_meld: _MeldKey | None = None
    ) -> bool:
        """Whether some legal moves from ``state`` (in the PLAY phase, ``player`` to move)
        close the hand this turn. Only joker swaps on table melds from ``first_swap`` on
        come first (stage 1 of the module, in the table's order); a player who has not
        opened puts down no meld before ``last_meld`` (his melds in one order)."""
        player = self.player
        key = (
            state.hands[player],
            state.table,
            state.opened[player],
            state.opening_value,
            state.taken_used,
            first_swap,
            last_meld,
        )
        known = self.known.get(key)
        if known is None:
            self.budget.spend(POSITION_WORK, _WHAT)
            if not state.opened[player]:
                known = self._opening(state, last_meld)
            else:
                known = self._swaps(state, first_swap)
            self.known[key] = known
        return known

    def _opening(self, state: GameState, last_meld: _MeldKey | None) -> bool:
        """A player who has not opened: his melds first, one at a time until he has opened
        (S40-OPEN), in one order: the same melds in any order give the same position.
        Once he has, the stages follow; the melds he puts down then are stage 3's."""
        legal = state.legal_moves()
        if len(state.hands[self.player]) == 1 and any(type(m) is Discard for m in legal):
            return True
        for move in legal:
            if type(move) is not PutDown:
                continue
            order = (move.cards, move.represented)
            if last_meld is not None and order < last_meld:
                continue
            self.budget.spend(TRY_WORK, _WHAT)
            after = state.apply(move)
            if after.phase is not PLAY:
                return True  # closed by melding every card (S40-V-NODISCARDCLOSE)
            if not self.hopeless(after) and self.closable(after, 0, order):
                return True
        return False

    def _swaps(self, state: GameState, first: int) -> bool:
        """Stage 1: no more swaps, or one more on a table meld from ``first`` on (the
        engine's checks but its lookahead: the plan played at the end has the last
        word)."""
        if self._table_then_melds(state):
            return True
        held = set(state.hands[self.player])
        for card, move in dict.fromkeys(table_info(state.table).swaps):
            if card in held and move.meld >= first:
                self.budget.spend(TRY_WORK, _WHAT)
                # The engine's handlers keep the class of the state they are given.
                after = cast("GameState | None", try_move(HANDLERS[SwapJoker], state, move))
                if (
                    after is not None
                    and not self.hopeless(after)
                    and self.closable(after, move.meld)
                ):
                    return True
        return False

    def _table_then_melds(self, state: GameState) -> bool:
        """Stages 2 and 3: what each table meld takes from the hand, then new melds."""
        hand = tuple(sorted(state.hands[self.player]))
        table = state.table
        options = [self._options(state, index, meld, hand) for index, meld in enumerate(table)]
        # Past table meld ``index``, what is left to do depends only on the cards left,
        # unless a discard ban looks at the whole table (S40-V-PLAYABLE).
        remember = not bans_bite(state.rules)
        failed: set[tuple[int, tuple[Card, ...]]] = set()
        plan: list[tuple[Move, ...]] = []
        spend = self.budget.spend

        def search(index: int, left: tuple[Card, ...]) -> bool:
            if index == len(table):
                return self._new_melds(state, plan, left)
            if (index, left) in failed:
                return False
            spend(1 + len(options[index]), _WHAT)
            for taken, moves in options[index]:
                rest = without_sorted(left, taken) if taken else left
                if rest is None:
                    continue
                plan.append(moves)
                if search(index + 1, rest):
                    return True
                plan.pop()
            if remember:
                failed.add((index, left))
            return False

        return search(0, hand)

    def _options(
        self, state: GameState, index: int, meld: Meld, hand: tuple[Card, ...]
    ) -> list[_Option]:
        """What the turn can do to table meld ``index``: nothing, a chain of layoffs at
        its ends, or (S40-V-SPLIT) one split."""
        options = dict(self._chains(index, meld, hand))
        if state.rules.split_sequences and meld.kind is MeldKind.SEQUENCE:
            valid = self.valid
            spend = self.budget.spend
            for added, pieces in self._splits(state, meld, hand):
                spend(1, _WHAT)
                if without_sorted(hand, added) is None:
                    continue
                # The pieces of a listed split, in their one form already.
                split = Split.unchecked(meld=index, added=added, pieces=pieces)
                # Whether the engine takes a split of an opened player depends on the
                # sequence and the split alone, unless it empties the hand.
                key = (meld, added, pieces)
                ok = valid.get(key) if len(added) < len(hand) else None
                if ok is None:
                    spend(TRY_WORK, _WHAT)
                    ok = try_move(HANDLERS[Split], state, split) is not None
                    if len(added) < len(hand):
                        valid[key] = ok
                if ok:
                    options.setdefault(split, (added, (split,)))
        return list(options.values())

    def _chains(self, index: int, meld: Meld, hand: tuple[Card, ...]) -> dict[object, _Option]:
        """The chains of layoffs the cards of ``hand`` make at the ends of table meld
        ``index`` (:func:`~scala40.games.scala40.table.chains.lay_off_chains`), by the
        meld they give (and nothing: the empty chain). Remembered by the cards of the
        hand that could join the meld."""
        joins = may_join(meld)
        near = tuple(card for card in hand if joins(card))
        key = (index, meld, near)
        known = self.chains.get(key)
        if known is not None:
            self.budget.spend(1 + len(known), _WHAT)
            return known
        chains, looked, tried = lay_off_chains(meld, near)
        self.budget.spend(looked + TRY_WORK * tried, _WHAT)
        options: dict[object, _Option] = {(): ((), ())}
        for grown, taken, path in chains[1:]:
            options[grown] = (taken, tuple(lay_off_move(index, ext) for ext in path))
        self.chains[key] = options
        return options

    def _splits(
        self, state: GameState, meld: Meld, hand: tuple[Card, ...]
    ) -> list[tuple[tuple[Card, ...], _Pieces]]:
        """The splits of table sequence ``meld`` with cards of ``hand``, as added cards
        (sorted) and pieces. A hand only loses cards during a turn (but for the jokers
        swaps bring), so the splits found for a hand serve every hand within it."""
        known = self.splits.setdefault(meld, [])
        for pool, found in known:
            if without_sorted(pool, hand) is not None:
                self.budget.spend(len(found) + 1, _WHAT)
                return found
        rules = state.rules.meld_rules
        found = [
            (tuple(sorted(split.added)), split.pieces)
            for split in split_moves(hand, 0, meld, rules, self.budget)
        ]
        known.append((hand, found))
        return found

    def _new_melds(
        self, state: GameState, plan: list[tuple[Move, ...]], left: tuple[Card, ...]
    ) -> bool:
        """Stage 3: whether new melds of ``left`` leave one card (or none) that the engine
        lets the player discard after ``plan``."""
        starting: dict[Card, list[tuple[Meld, tuple[Card, ...]]]] = {}
        if len(left) > 1:
            for meld in sorted_hand_melds(left, state.rules.meld_rules):
                cards = tuple(sorted(meld.cards))
                starting.setdefault(cards[0], []).append((meld, cards))
        chosen: list[Meld] = []
        spend = self.budget.spend

        def cover(rest: tuple[Card, ...], kept: Card | None) -> bool:
            # Each card, lowest first, joins a meld with higher cards or is the one kept.
            if not rest:
                return self._plays(state, plan, chosen, kept)
            low = rest[0]
            spend(1 + len(starting.get(low, ())), _WHAT)
            if kept is None and cover(rest[1:], low):
                return True
            for meld, cards in starting.get(low, ()):
                after = without_sorted(rest, cards)
                if after is not None:
                    chosen.append(meld)
                    if cover(after, kept):
                        return True
                    chosen.pop()
            return False

        return cover(left, None)

    def _plays(
        self,
        state: GameState,
        plan: list[tuple[Move, ...]],
        melds: list[Meld],
        kept: Card | None,
    ) -> bool:
        """Whether the engine accepts the plan: the table moves (the last meld first, so
        that no split or four of a kind leaving the table moves a meld still to play),
        the new melds, then the discard of ``kept``."""
        self.budget.spend(POSITION_WORK, _WHAT)
        moves = [move for moves in reversed(plan) for move in moves]
        moves += [put_down_of(meld) for meld in melds]
        if kept is not None:
            moves.append(Discard(kept))
        hand_number = state.hand_number
        try:
            for move in moves:
                if state.hand_number != hand_number or state.phase is not PLAY:
                    return False  # closed before the plan's end: not this plan
                state = state.apply(move)
        except IllegalMoveError:
            return False
        return state.hand_number != hand_number or state.is_over
