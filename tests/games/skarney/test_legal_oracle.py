"""A brute-force legality oracle for a Skarney turn, independent of the move generator.

The oracle reads the rules straight from RULES Part 3 as the library implements them,
using only the meld layer (:meth:`scala40.MeldRules.readings_of_sorted` and
:meth:`scala40.Meld.extensions`) and plain enumeration:

* every reading of every sub-multiset of three or more hand cards is a candidate meld;
  before the contract only 3-card sets or sequences count, and only if the rest of the
  hand holds the rest of the contract, found by trying every 3-card sub-multiset
  (SK-CONTRACT);
* every extension of every hand card onto every table meld; every exchange of every hand
  card for the wild card of every table meld; every offer of every card; ``end``.

It then checks that the generator lists exactly the moves the oracle finds legal (as
the positions they lead to), that every candidate the oracle refuses is refused by the
engine, and that nothing listed leads to a dead end, on random small positions and on
positions a few moves into a turn (a contract half made, melds extended).
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from scala40.cards import RANK_OF, Card
from scala40.errors import IllegalMoveError, InvalidMoveError, MissingReadingError
from scala40.games.skarney import GameState
from scala40.games.skarney.engine import resolve_meld
from scala40.games.skarney.moves import EndTurn, Exchange, Extend, Move, Offer, PutDown
from scala40.games.skarney.phases import Phase, side_of
from scala40.games.skarney.rules import MELD_RULES
from scala40.melds import Meld, MeldEnd, MeldKind
from tests.games.skarney.helpers import play_positions, random_states

WILD = MELD_RULES.wild_cards
CONTRACT_KINDS = (MeldKind.SET, MeldKind.SEQUENCE)


def sub_multisets(cards: tuple[Card, ...], least: int) -> Iterator[tuple[Card, ...]]:
    counts = sorted(Counter(cards).items())
    for taken in product(*(range(copies + 1) for _, copies in counts)):
        if sum(taken) >= least:
            yield tuple(card for (card, _), many in zip(counts, taken) for _ in range(many))


@cache
def all_melds(cards: tuple[Card, ...]) -> tuple[Meld, ...]:
    """Every reading of every sub-multiset of three or more cards."""
    found: list[Meld] = []
    for sub in sub_multisets(cards, 3):
        found.extend(MELD_RULES.readings_of_sorted(sub))
    return tuple(found)


def remove(cards: tuple[Card, ...], used: tuple[Card, ...]) -> tuple[Card, ...] | None:
    left = list(cards)
    for card in used:
        if card not in left:
            return None
        left.remove(card)
    return tuple(sorted(left))


@cache
def completes(cards: tuple[Card, ...], kind: MeldKind, needed: int) -> bool:
    """Whether ``cards`` hold ``needed`` disjoint 3-card melds of ``kind``: every 3-card
    sub-multiset tried."""
    if needed == 0:
        return True
    for meld in all_melds(cards):
        if len(meld.cards) == 3 and meld.kind is kind:
            rest = remove(cards, meld.cards)
            if rest is not None and completes(rest, kind, needed - 1):
                return True
    return False


def meld_key(meld: Meld) -> tuple[object, ...]:
    return ("meld", tuple(sorted(zip(meld.cards, meld.represented))))


def oracle(state: GameState) -> set[tuple[object, ...]]:
    """The legal moves of a play-phase state as keys, read from the rules alone."""
    rules = state.rules
    seat = state.turn
    hand = state.hands[seat]
    side = side_of(seat, rules.partnership)
    has_contract = not rules.contract or state.contracts[side]
    legal: set[tuple[object, ...]] = set()
    # SK-TURN, SK-EXCHANGE: exchanges first, from opponents' mixed melds.
    if not state.melded and (rules.exchange_before_contract or has_contract):
        for index, meld in enumerate(state.table):
            if side_of(state.owners[index], rules.partnership) == side:
                continue
            if meld.kind is MeldKind.WILD:
                continue
            for place, (card, rep) in enumerate(zip(meld.cards, meld.represented)):
                if card not in WILD:
                    continue
                for natural in set(hand) - WILD:
                    same = natural == rep
                    if meld.kind is MeldKind.SET:
                        same = RANK_OF[natural] == RANK_OF[rep]
                    cards = (*meld.cards[:place], natural, *meld.cards[place + 1 :])
                    if same and MELD_RULES.readings_of_sorted(tuple(sorted(cards))):
                        legal.add(("exchange", natural, index))
    if not has_contract:
        # SK-CONTRACT: 3-card melds of one kind, the rest of the hand completing them.
        needed = rules.contract_size(state.hand_number) - state.progress
        kinds: tuple[MeldKind, ...] = CONTRACT_KINDS
        if state.progress:
            kinds = (state.table[state.fresh_from].kind,)
        for meld in all_melds(hand):
            if len(meld.cards) == 3 and meld.kind in kinds:
                rest = remove(hand, meld.cards)
                if rest is not None and completes(rest, meld.kind, needed - 1):
                    legal.add(meld_key(meld))
    elif rules.melds_with_contract or not state.contract_now:
        legal.update(meld_key(meld) for meld in all_melds(hand))
        limit = rules.extend_limit_per_meld
        for index, meld in enumerate(state.table):
            if side_of(state.owners[index], rules.partnership) != side:
                continue
            if limit is not None and index < state.fresh_from and state.extended[index] >= limit:
                continue
            for ext in meld.extensions():
                if ext.card in hand:
                    legal.add(("extend", ext.card, index, ext.end, ext.represents))
    if not state.progress:
        last = not state.stock or (
            rules.turn_limit is not None and state.turn_number >= rules.turn_limit
        )
        if last or len(hand) == 1:
            legal.add(("end",))
        else:
            banned = set(state.accepted[seat]) if rules.no_offer_back else set()
            if banned >= set(hand):
                banned = set()
            legal.update(("offer", card) for card in set(hand) - banned)
    return legal


def key_of(state: GameState, move: Move) -> tuple[object, ...]:
    """The oracle's key of a move the engine accepted."""
    if isinstance(move, PutDown):
        return meld_key(resolve_meld(move))
    if isinstance(move, Extend):
        meld = state.table[move.meld]
        # A move names its extension exactly: its end, and its wild card's card as the
        # move writes it (in a set, the rank's ♠: a set is "cards of that rank").
        (ext,) = [
            ext
            for ext in meld.extensions()
            if ext.card == move.card
            and ext.end is move.end
            and Extend.canonical_reading(ext.card, ext.end, ext.represents) == move.represents
        ]
        return ("extend", ext.card, move.meld, ext.end, ext.represents)
    if isinstance(move, Exchange):
        return ("exchange", move.card, move.meld)
    if isinstance(move, Offer):
        return ("offer", move.card)
    assert isinstance(move, EndTurn)
    return ("end",)


def candidates(state: GameState) -> Iterator[Move]:
    """Every syntactically possible play-phase move worth trying."""
    hand = state.hands[state.turn]
    cards = sorted(set(hand) | {0, 1, 12, 52})
    for meld in all_melds(hand):
        yield PutDown(meld.cards, meld.represented)
        # Cards whose wild card only a position can read make no move value.
        with contextlib.suppress(MissingReadingError):
            yield PutDown(meld.cards)
    for sub in sub_multisets(hand, 1):
        if len(sub) <= 4 and not MELD_RULES.readings_of_sorted(sub):
            with contextlib.suppress(MissingReadingError):
                yield PutDown(sub)
    for index in range(len(state.table) + 1):
        for card in cards:
            yield Exchange(card, index)
            for end in (None, *MeldEnd):
                # A value without its end, or a wild card's card, is no move (C-WILD).
                with contextlib.suppress(MissingReadingError):
                    yield Extend(card, index, end)
                if index < len(state.table):
                    for ext in state.table[index].extensions():
                        with contextlib.suppress(MissingReadingError):
                            yield Extend(card, index, end, ext.represents)
    for card in range(53):
        yield Offer(card)
    yield EndTurn()


def check_position(state: GameState) -> None:
    assert state.phase is Phase.PLAY
    expected = oracle(state)
    listed = list(state.legal_moves())
    keys = [key_of(state, move) for move in listed]
    assert len(keys) == len(set(keys)), "two listed moves do the same (C-IDENTITY)"
    assert set(keys) == expected, (
        f"generated but not legal: {set(keys) - expected}; legal but missing: "
        f"{expected - set(keys)}\n{state}"
    )
    for move in listed:
        after = state.apply(move)
        assert after.is_over or after.legal_moves(), f"{move} leads to a dead end"
    for move in candidates(state):
        try:
            state.apply(move)
        except (IllegalMoveError, InvalidMoveError):
            continue
        assert key_of(state, move) in expected, f"{move} applies but is illegal\n{state}"


@settings(max_examples=60)
@given(play_positions(), st.randoms(use_true_random=False))
def test_generated_moves_are_exactly_the_legal_ones(
    state: GameState, chooser: random.Random
) -> None:
    # SK-CONTRACT, SK-MELDS, SK-WILDMELD, SK-EXTEND, SK-EXCHANGE, SK-TURN, SK-OFFER: the
    # moves listed at each step of a turn are the moves the rules allow.
    for _ in range(4):
        if state.phase is not Phase.PLAY or state.is_over:
            break
        check_position(state)
        legal = list(state.legal_moves())
        # Play on into the turn: melds and exchanges rather than the end of the turn.
        inside = [move for move in legal if not isinstance(move, (Offer, EndTurn))]
        state = state.apply(chooser.choice(inside or legal))


def test_oracle_agrees_along_random_games() -> None:
    # The same check at every play-phase state of random games whose mover's hand is
    # small enough for the brute force (hands later in a hand, after melds).
    checked = 0
    for preset, players, seed in (("partnership", 4, 1), ("singles", 3, 2), ("free_meld", 4, 3)):
        for state in random_states(preset, players, seed, every=3):
            if state.hand_number > 2:
                break
            if state.phase is Phase.PLAY and len(state.hands[state.turn]) <= 8:
                check_position(state)
                checked += 1
    assert checked > 30, checked
