"""Skarney legal-move generation (internal): every legal move of a state, each once.

Generation proposes exactly the candidates the engine's handlers accept: the tests apply
every listed move and compare the list with a brute-force oracle that tries every
syntactically possible move.

The contract is put down one 3-card meld at a time, as Scala 40's opening is: a
contract meld is listed only if the rest of the hand still completes the contract
(:func:`~scala40.games.skarney.search.contract_starts`), and the turn cannot end while
the contract is half made, so every listed move leaves a way to end the turn.
"""

from __future__ import annotations

from typing import Any, Final

import scala40.games.skarney.moves as kinds
from scala40._cache import HAND_LIMIT, BoundedCache
from scala40.cards import RANK_OF, SUIT_OF, Card
from scala40.games.skarney.engine import (
    exchanges_allowed,
    is_last_turn,
    melding_allowed,
    offer_banned,
    side_has_contract,
)
from scala40.games.skarney.moves import Exchange, Extend, Move, extend_of
from scala40.games.skarney.phases import DEAL, DRAW, OFFER, PLAY, SEAT_SIDES
from scala40.games.skarney.rules import MELD_RULES
from scala40.games.skarney.search import contract_starts, hand_put_downs
from scala40.games.skarney.state_record import StateRecord
from scala40.melds import Meld, MeldEnd
from scala40.melds._members import SET_KIND, WILD_KIND

__all__ = ["barred_moves", "generate"]

_WILD: Final = MELD_RULES.wild_cards
# The moves without a choice in them, and every offer, made once.
_DRAW: Final = kinds.DrawStock()
_DEAL: Final = kinds.Deal()
_ANSWERS: Final = (kinds.Accept(), kinds.Decline())
_END: Final = kinds.EndTurn()
_OFFERS: Final = tuple(kinds.Offer(card) for card in range(53))


def generate(state: StateRecord) -> list[Move]:
    """Every legal move, each once (C-IDENTITY)."""
    phase = state.phase
    if phase is PLAY:
        return _play_moves(state)
    if phase is OFFER:
        return list(_ANSWERS)
    if phase is DRAW:
        return [_DRAW]
    if phase is DEAL:
        return [_DEAL]
    return []


def barred_moves(state: StateRecord) -> dict[str, tuple[str, ...]]:
    """For each kind of move the position's phase allows but :func:`generate` keeps to
    some or none, the IDs of the rules whose conditions decide it: the melds of a side
    without its contract (SK-CONTRACT: only the contract's next meld), melds and
    extensions in the turn of the contract (SK-TURN, where the rules forbid them and the
    hand has one), an
    offer on the hand's last turn (SK-END when the pile is out, SK-LOOP at the turn
    limit). Asked apart from the list, so listing pays nothing for it."""
    found: dict[str, tuple[str, ...]] = {}
    if state.phase is not PLAY:
        return found
    if not side_has_contract(state, state.turn):
        found["meld"] = ("SK-CONTRACT",)
    elif not melding_allowed(state):
        # Where the hand has a meld or an extension the rules would let it make.
        allowed = state.copy_with(rules=state.rules.replace(melds_with_contract=True))
        if len(generate(allowed)) != len(generate(state)):
            found["meld"] = ("SK-TURN",)
    if not state.progress and is_last_turn(state) and len(state.hands[state.turn]) > 1:
        found["offer"] = ("SK-END",) if not state.stock else ("SK-LOOP",)
    return found


def _play_moves(state: StateRecord) -> list[Move]:
    rules = state.rules
    seat = state.turn
    hand = state.hands[seat]
    side = SEAT_SIDES[rules.partnership][seat]
    moves: list[Move] = []
    if exchanges_allowed(state):
        moves += _exchanges(state, hand, _table_sides(state.owners, rules.partnership, side)[1])
    if not side_has_contract(state, seat):
        # SK-CONTRACT: the next 3-card meld of a contract the hand can complete.
        needed = rules.contract_size(state.hand_number) - state.progress
        kind = state.table[state.fresh_from].kind if state.progress else None
        moves += contract_starts(hand, kind, needed)
    elif melding_allowed(state):
        moves += hand_put_downs(hand)
        moves += _extensions(state, hand, _table_sides(state.owners, rules.partnership, side)[0])
    if state.progress:
        return moves  # the contract must be completed before the turn can end
    if is_last_turn(state) or len(hand) == 1:
        moves.append(_END)
    else:
        banned = offer_banned(state)
        distinct = dict.fromkeys(hand)  # each card once, in the hand's order
        if banned:
            moves += [_OFFERS[card] for card in distinct if card not in banned]
        else:
            moves += [_OFFERS[card] for card in distinct]
    return moves


_SIDES: BoundedCache[tuple[tuple[int, ...], bool, int], tuple[tuple[int, ...], ...]] = (
    BoundedCache("skarney table sides", HAND_LIMIT)
)
""":func:`_table_sides` by its arguments: the owners change only when a meld is put
down, and every turn asks."""


def _table_sides(
    owners: tuple[int, ...], partnership: bool, side: int
) -> tuple[tuple[int, ...], ...]:
    """The indices of the table melds of ``side``, and those of the other sides."""
    key = (owners, partnership, side)
    found = _SIDES.get(key)
    if found is None:
        sides = SEAT_SIDES[partnership]
        ours = tuple(i for i, owner in enumerate(owners) if sides[owner] == side)
        theirs = tuple(i for i in range(len(owners)) if i not in ours)
        found = _SIDES.put(key, (ours, theirs))
    return found


def _exchanges(state: StateRecord, hand: tuple[Card, ...], theirs: tuple[int, ...]) -> list[Move]:
    """Natural cards of the hand that free a wild card of an opponent's mixed meld
    (SK-EXCHANGE); ``theirs`` are the indices of the opponents' melds."""
    table = state.table
    held: set[Card] | None = None
    moves: list[Move] = []
    for index in theirs:
        meld = table[index]
        if _WILD.isdisjoint(meld.cards):
            continue  # no wild card to free (asked without hashing the meld)
        # Looked up by the meld's identity, as _extensions does (hashing a meld is a
        # method call); the entry holds the meld, so that its id is not another's.
        entry = _EXCHANGEABLE.get(id(meld))
        if entry is None or entry[0] is not meld:
            entry = _EXCHANGEABLE.put(id(meld), (meld, tuple(sorted(_exchangeable(meld)))))
        exchangeable = entry[1]
        if exchangeable:
            if held is None:
                held = set(hand)
            # The few cards that free it, in order, that the hand holds: the hand's
            # cards in its order (a hand is sorted), each once.
            moves += [_exchange(card, index) for card in exchangeable if card in held]
    return moves


_EXCHANGEABLE: BoundedCache[int, tuple[Meld, tuple[Card, ...]]] = BoundedCache(
    "skarney exchangeable cards", HAND_LIMIT
)
"""The natural cards that free the wild card of a meld (sorted), by the meld's id, with
the meld: a meld stays on the table turn after turn, and every turn of an opponent asks."""


_EXCHANGES: BoundedCache[tuple[Card, int], Exchange] = BoundedCache("skarney exchange moves")
"""The exchange moves listed, by card and meld index (values, made once)."""


def _exchange(card: Card, index: int) -> Exchange:
    move = _EXCHANGES.get((card, index))
    if move is None:
        move = _EXCHANGES.put((card, index), Exchange(card, index))
    return move


def _exchangeable(meld: Meld) -> frozenset[Card]:
    """Every natural card that frees the wild card of ``meld`` (SK-EXCHANGE); none for a
    meld of wild cards only (SK-WILDMELD)."""
    if meld.kind is WILD_KIND:
        return frozenset()
    wild = next((i for i, card in enumerate(meld.cards) if card in _WILD), None)
    if wild is None:
        return frozenset()
    wanted = meld.represented[wild]
    if meld.kind is SET_KIND:
        # Any natural card of its rank frees a set's wild card: the set it leaves is of
        # natural cards only, 3 or 4 of one rank, whose suits may repeat (SK-MELDS).
        fitting = (suit * 13 + RANK_OF[wanted] - 1 for suit in range(4))
        return frozenset(card for card in fitting if card not in _WILD)
    # A sequence's wild card is freed by the card it stands for when the meld's swaps
    # list it: what exchange_target asks of Meld.swap, without making the new meld.
    if wanted in _WILD or all(rep != wanted for _, rep in meld.joker_swaps()):
        return frozenset()
    return frozenset((wanted,))


def _extensions(state: StateRecord, hand: tuple[Card, ...], ours: tuple[int, ...]) -> list[Move]:
    """Cards of the hand that extend the side's melds (at the indices ``ours``), within
    the per-turn limit (SK-EXTEND)."""
    limit = state.rules.extend_limit_per_meld
    table = state.table
    fresh, extended = state.fresh_from, state.extended  # read once, not at each meld
    held = set(hand)
    moves: list[Move] = []
    for index in ours:
        if limit is not None and index < fresh and extended[index] >= limit:
            continue
        meld = table[index]
        # Looked up by the meld's identity (hashing a meld is a method call); the entry
        # holds the meld, so that its id is not another's while the entry lasts.
        key = (id(meld), index)
        entry = _EXTENDS.get(key)
        if entry is None or entry[0] is not meld:
            entry = _EXTENDS.put(key, (meld, *_extend_moves(meld, index)))
        pairs = iter(entry)
        next(pairs)  # the meld; then each card, and the move that adds it
        moves += [move for card, move in zip(pairs, pairs) if card in held]
    return moves


_EXTENDS: BoundedCache[tuple[int, int], tuple[Any, ...]] = BoundedCache(
    "skarney extend moves", HAND_LIMIT
)
"""The extend moves of a table meld at its index and the card each takes, by the meld's
id and index: the meld itself, then each card and its move (``meld, card, move, card,
move...``, one flat tuple: one object for the garbage collector to walk, not one a
move). A meld stays on the table turn after turn, and its side asks at each of its
turns (the moves are values, made once)."""


def _extend_moves(meld: Meld, index: int) -> list[Card | Extend]:
    """Every way to add a card to ``meld`` (at ``index`` on the table), in the order of
    :meth:`~scala40.Meld.extensions`, each after the card it takes."""
    found: list[Card | Extend] = []
    for card, end, end_value, represents in _extension_ways(meld):
        key = (card, index, end_value, represents)
        move = _EXTEND_MOVES.get(key)
        if move is None:
            move = _EXTEND_MOVES.put(key, extend_of(card, index, end, represents))
        found += (card, move)
    return found


_Way = tuple[Card, MeldEnd, str, Card]
"""A way to extend a meld: the card, the end, the end's value (read once here: an enum
member's value is a property, read through two Python calls) and the card represented."""


def _extension_ways(meld: Meld) -> tuple[_Way, ...]:
    """The card, end (and its value) and card represented of each of the meld's
    :meth:`~scala40.Meld.extensions`, in order (the move keeps the reading of a card
    always wild, even standing for itself: :meth:`Extend.canonical_reading`)."""
    kind = meld.kind
    if kind is WILD_KIND:
        return _ways_of(meld)
    # A sequence takes the cards beyond its ends, natural or wild (a wild card only if it
    # holds none: one to a meld): that depends on its suit, its places and whether it
    # holds a wild card. A set takes any card of its rank, and a wild card standing for
    # the rank in the first suit its natural cards lack: that depends on its rank, the
    # suits of its natural cards, its size and whether it holds a wild card (SK-EXTEND,
    # SK-MELDS). Far fewer melds share those than cards.
    suits = 0
    if kind is SET_KIND:
        for card in meld.cards:
            if card not in _WILD:
                suits |= 1 << SUIT_OF[card]
    key = (kind, meld.represented[0], suits, len(meld.cards), not _WILD.isdisjoint(meld.cards))
    found = _SHAPE_WAYS.get(key)
    if found is None:
        found = _SHAPE_WAYS.put(key, _ways_of(meld))
    return found


_SHAPE_WAYS: BoundedCache[tuple[object, ...], tuple[_Way, ...]] = BoundedCache(
    "skarney extensions by shape"
)
""":func:`_extension_ways` of sequences and sets by what decides them: the kind, the
card the first card stands for (a sequence's suit and first place, a set's rank), a
set's suits, the size, and whether the meld holds a wild card."""


def _ways_of(meld: Meld) -> tuple[_Way, ...]:
    """:func:`_extension_ways`, from the meld's extensions."""
    return tuple([(ext.card, ext.end, ext.end.value, ext.represents) for ext in meld.extensions()])


_EXTEND_MOVES: BoundedCache[tuple[Card, int, str, Card], Extend] = BoundedCache(
    "skarney extend move values"
)
"""The extend moves by card, meld index, end (its value: a key of numbers and text only
is one the garbage collector stops walking) and card represented: the table's melds are
new in every hand, but the moves that extend them recur (values, made once)."""
