"""Candidate moves of a state, built from each move kind's declaration: what every field
of the kind can write over the state's cards and table, bounded.

A kind's fields name their codecs (:mod:`scala40.movekinds`), and each codec says what
its values are: a card, cards, a table meld's index, a seat, a flag, a member of an enum,
a number, melds. Over a state, each field's values are drawn from what the state holds:

* a card: each card of the hand of the seat to decide, and each card a listed move names;
* a card or nothing, after a card that is wild: nothing, or each card the table meld
  named holds or takes at an end (what a wild card may stand for there); after a natural
  card: nothing, or that card; otherwise nothing, or the cards above;
* cards that are one meld (a kind's ``meld_fields``): each reading of each meld of 3 to
  :data:`MELD_CARDS` cards of the hand; other cards: each one or two cards of the hand;
* melds shown beside a card (``melds``): each set of disjoint melds of the rest of the
  hand; the pieces of a table meld (``pieces``): each way to cut it, with the cards
  added, into melds that use every card;
* a table meld's index: each meld's, and one past the last; a seat: each seat; a flag:
  both; an enum: each member and nothing; a number: a few small ones and those listed;
* a chance step's fixed order: nothing (a fixed order is taken by ``apply`` though never
  listed, as is a resignation: :func:`candidate_moves` builds neither).

Every field also takes the values the listed moves of its kind give it, so that each
listed move is among the candidates. Constructors refuse some combinations (an
InvalidMoveError, a reading the cards do not fix): those are no moves, and skipped.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs

from scala40.cards import JOKER, Card, format_cards, parse_cards, rank_of
from scala40.errors import Scala40Error
from scala40.melds import MeldKind
from scala40.movekinds import (
    BOOL,
    CARD,
    CARDS,
    INDEX,
    INT,
    OPTIONAL_CARD,
    OPTIONAL_CARDS,
    SEAT,
    MoveBase,
)
from scala40.notation import LengthOf
from scala40.resignation import ResignMove

__all__ = ["MELD_CARDS", "candidate_moves", "with_a_playable_hand", "with_a_repeated_meld"]

MELD_CARDS = 5
"""The most cards of a meld put down from the hand that the candidates try: every meld of
3 to 5 cards of the hand, each of its readings (longer melds are tried when listed)."""
_PER_FIELD = 48
"""The most values a field of many takes over one state (sampled, so that a kind's
candidates stay within some thousands)."""
_PER_KIND = 4000
"""The most candidates of one kind over one state."""


def _chosen_cards(kind: type[MoveBase], chosen: dict[str, Any]) -> list[Card]:
    """The values chosen so far of ``kind``'s one-card fields."""
    return [
        chosen[field.name]
        for field in attrs.fields(kind)  # type: ignore[arg-type]
        if field.metadata.get("codec") is CARD and field.name in chosen
    ]


def _chosen_index(kind: type[MoveBase], chosen: dict[str, Any]) -> int | None:
    """The value chosen so far of ``kind``'s table-meld field, if any."""
    for field in attrs.fields(kind):  # type: ignore[arg-type]
        if field.metadata.get("codec") is INDEX and field.name in chosen:
            return int(chosen[field.name])
    return None


def candidate_moves(
    state: Any, kinds: Iterable[type[MoveBase]], chooser: random.Random
) -> Iterator[MoveBase]:
    """The candidate moves of ``state`` of each of ``kinds`` (see the module), each once."""
    seat = state.current_player
    if seat is None:
        return
    legal = list(state.legal_moves())
    context = _Context(state, tuple(state.hands[seat]), legal, chooser)
    seen: set[MoveBase] = set()
    for kind in kinds:
        if issubclass(kind, ResignMove):
            continue
        built = 0
        for values in context.values(kind, attrs.fields(kind), {}):  # type: ignore[arg-type]
            try:
                move = kind(**values)
            except Scala40Error:
                continue
            if move not in seen:
                seen.add(move)
                yield move
            built += 1
            if built >= _PER_KIND:
                break


@attrs.define
class _Context:
    """What the fields of a state's candidates draw from."""

    state: Any
    hand: tuple[Card, ...]
    legal: list[Any]
    chooser: random.Random
    table: tuple[Any, ...] = attrs.field(init=False)
    meld_rules: Any = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self.table = tuple(getattr(self.state, "table", ()) or ())
        self.meld_rules = getattr(self.state.rules, "meld_rules", None)

    def values(
        self, kind: type[MoveBase], fields: Sequence[Any], chosen: dict[str, Any]
    ) -> Iterator[dict[str, Any]]:
        """Every combination of the fields' values, each field's drawn after those before
        it (a reading after its card, pieces after their meld and cards)."""
        if not fields:
            yield dict(chosen)
            return
        field, rest = fields[0], fields[1:]
        if kind.meld_fields is not None and field.name == kind.meld_fields[0]:
            readings_name = kind.meld_fields[1]
            for cards, readings in self._pool(self._hand_melds(), field.name, kind):
                chosen[field.name], chosen[readings_name] = cards, readings
                rest_fields = [other for other in rest if other.name != readings_name]
                yield from self.values(kind, rest_fields, chosen)
            chosen.pop(readings_name, None)
        else:
            for value in self._field_values(kind, field, chosen):
                chosen[field.name] = value
                yield from self.values(kind, rest, chosen)
        chosen.pop(field.name, None)

    def _listed(self, kind: type[MoveBase], name: str) -> list[Any]:
        return [getattr(move, name) for move in self.legal if type(move) is kind]

    def _pool(self, values: Iterable[Any], name: str, kind: type[MoveBase]) -> list[Any]:
        """``values`` and the listed moves' values of field ``name``, each once, at most
        :data:`_PER_FIELD` of the former (a sample)."""
        if kind.meld_fields and name == kind.meld_fields[0]:
            listed = [
                (getattr(move, name), getattr(move, kind.meld_fields[1]))
                for move in self.legal
                if type(move) is kind
            ]
        else:
            listed = self._listed(kind, name)
        values = list(dict.fromkeys(values))
        if len(values) > _PER_FIELD:
            values = self.chooser.sample(values, _PER_FIELD)
        return list(dict.fromkeys([*values, *listed]))

    def _cards(self) -> list[Card]:
        """The hand's cards and every card a listed move names in a card field."""
        named = [
            getattr(move, field.name)
            for move in self.legal
            for field in attrs.fields(type(move))
            if field.metadata.get("codec") in (CARD, OPTIONAL_CARD)
        ]
        return sorted({*self.hand, *(card for card in named if card is not None)})

    def _stand_ins(self, index: int | None) -> list[Card]:
        """What a wild card may stand for on table meld ``index`` (on any, if ``None``):
        each card the meld holds, or takes at an end."""
        cards: set[Card] = set()
        melds = self.table if index is None or index >= len(self.table) else [self.table[index]]
        for meld in melds:
            cards.update(meld.represented)
            cards.update(extension.represents for extension in meld.extensions())
        return sorted(cards - {JOKER})

    def _field_values(self, kind: type[MoveBase], field: Any, chosen: dict[str, Any]) -> list[Any]:
        codec = field.metadata.get("codec")
        name = field.name
        if codec is CARD:
            return self._pool(self._cards(), name, kind)
        if codec is OPTIONAL_CARD:
            earlier = _chosen_cards(kind, chosen)
            wild = self.meld_rules.wild_cards if self.meld_rules is not None else ()
            if earlier and self.table:
                index = _chosen_index(kind, chosen)
                stands = self._stand_ins(index) if earlier[0] in wild else earlier[:1]
                return self._pool([None, *stands], name, kind)
            return self._pool([None, *self._cards()], name, kind)
        if codec is INDEX:
            return self._pool(range(len(self.table) + 1), name, kind)
        if codec is SEAT:
            return self._pool(range(self.state.player_count), name, kind)
        if codec is BOOL:
            return [False, True]
        if codec is INT:
            return self._pool([-1, 0, 1, 2, 3], name, kind)
        if codec is CARDS:
            return self._pool(self._sub_hands((1, 2)), name, kind)
        if codec is OPTIONAL_CARDS:
            return [None]  # a chance step's fixed order is never listed
        if codec.words:
            return self._pool([None, *codec.words], name, kind)
        if codec.what == "melds":
            used = Counter(_chosen_cards(kind, chosen))
            rest = tuple(sorted((Counter(self.hand) - used).elements()))
            return self._pool(self._arrangements(rest, every_card=False), name, kind)
        if codec.what == "pieces":
            index, added = chosen.get("meld"), chosen.get("added") or ()
            if index is None or index >= len(self.table):
                return self._pool([], name, kind)
            cards = tuple(sorted((*self.table[index].cards, *added)))
            return self._pool(self._arrangements(cards, every_card=True), name, kind)
        # A codec of no meaning over cards (the toy game's notes): the listed values.
        return self._pool([], name, kind)

    def _sub_hands(self, sizes: Iterable[int]) -> list[tuple[Card, ...]]:
        """The hand's sub-multisets of each of ``sizes``, in card order, each once."""
        hand = tuple(sorted(self.hand))
        return list(
            dict.fromkeys(
                combination for size in sizes for combination in itertools.combinations(hand, size)
            )
        )

    def _readings(
        self, cards: tuple[Card, ...]
    ) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
        """Each reading of ``cards`` as a meld: its cards and what they stand for."""
        if self.meld_rules is None:
            return []
        return [(meld.cards, meld.represented) for meld in self.meld_rules.readings(cards)]

    def _hand_melds(self) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
        """Each reading of each meld of 3 to :data:`MELD_CARDS` cards of the hand."""
        found = []
        for cards in self._sub_hands(range(3, MELD_CARDS + 1)):
            found.extend(self._readings(cards))
        return found

    def _arrangements(
        self, cards: tuple[Card, ...], *, every_card: bool
    ) -> list[tuple[tuple[tuple[Card, ...], tuple[Card, ...]], ...]]:
        """Each set of disjoint melds of ``cards`` (all of them if ``every_card``: at least
        two melds then, a meld cut in pieces), each meld by a reading, bounded."""
        found: list[tuple[tuple[tuple[Card, ...], tuple[Card, ...]], ...]] = []

        def grow(left: tuple[Card, ...], melds: tuple[Any, ...]) -> None:
            if len(found) >= 4 * _PER_FIELD:
                return
            if not every_card or (not left and len(melds) >= 2):
                found.append(melds)
            if not left:
                return
            first, others = left[0], left[1:]
            if not every_card:
                grow(others, melds)  # the first card left unmatched
            for size in range(2, len(others) + 1):
                for rest in dict.fromkeys(itertools.combinations(others, size)):
                    meld = (first, *rest)
                    remaining = list(others)
                    for card in rest:
                        remaining.remove(card)
                    for reading in self._readings(meld):
                        grow(tuple(remaining), (*melds, reading))

        grow(cards, ())
        return found


def with_a_repeated_meld(
    state: Any, chooser: random.Random, *, fresh_set: bool | None = None
) -> Any | None:
    """``state`` with a table of equal melds, and a card for them in the hand of the seat
    to decide: either one of its table melds once more, or, half the time, two equal
    sets of three natural cards of one rank (several sets of one rank may be on the table:
    S40-SET), their cards taken from the stock or, for a card the stock lacks, from a
    hand, which gets a card of the stock instead; then, unless the hand holds one, a card
    that extends the meld or frees its joker moved into the hand, in exchange for one of
    its cards.
    ``None`` when the cards are not to be had, or the state has no table. ``fresh_set``
    chooses between the two (the two sets, and a natural card for them, if true).

    Built through the state's dictionary, so that it holds of any game whose dictionary
    has a ``table`` of melds beside a ``stock``: the fields its specs declare one entry a
    table meld of (a meld's owner) copy an entry of the table's, and a field whose usual
    value is the table's length (where this turn's melds begin) counts the new melds."""
    seat = state.current_player
    table = getattr(state, "table", None)
    if seat is None or not table:
        return None
    data = state.to_dict()
    if not isinstance(data.get("stock"), str) or not isinstance(data.get("table"), list):
        return None
    data.pop("history", None)
    # Sets most often: equal sets of one rank are the commonest equal melds.
    sets = [place for place, meld in enumerate(table) if meld.kind is MeldKind.SET]
    index = (
        chooser.choice(sets) if sets and chooser.random() < 0.75 else chooser.randrange(len(table))
    )
    meld = table[index]
    copies = [data["table"][index]]
    if fresh_set is None:
        fresh_set = chooser.random() < 0.5
    if fresh_set:
        fresh = _natural_set(state, chooser)
        if fresh is None:
            return None
        meld = fresh
        copies = [format_cards(fresh.cards)] * 2
    stock = Counter(parse_cards(data["stock"]))
    hands = [list(parse_cards(hand)) for hand in data["hands"]]

    def take(card: Card) -> bool:
        """Take ``card`` out of the stock, or of a hand (which gets a card of the stock)."""
        if not stock[card]:
            holders = [other for other, hand in enumerate(hands) if card in hand]
            if not holders or not +stock:
                return False
            holder = hands[chooser.choice(holders)]
            holder.remove(card)
            replacement = chooser.choice(sorted(+stock))
            holder.append(replacement)
            stock[replacement] -= 1
            stock[card] += 1
        stock[card] -= 1
        return True

    if not all(take(card) for _ in copies for card in meld.cards):
        return None
    # The new melds go where the melds of earlier turns end (a field whose usual value is
    # the table's length marks where this turn's begin): they are no melds of this turn.
    place = len(table)
    for name in _table_length_keys(state):
        place = min(place, data[name])
        data[name] += len(copies)
    for name in _per_meld_keys(state):
        data[name] = [*data[name][:place], *[data[name][index]] * len(copies), *data[name][place:]]
    data["table"] = [*data["table"][:place], *copies, *data["table"][place:]]
    # A natural card most often: a wild card extends most melds, and says little.
    offered = [extension.card for extension in meld.extensions()]
    offered += [represented for _, represented in meld.joker_swaps()]
    wild = getattr(state.rules, "meld_rules", meld.rules).wild_cards
    naturals = [card for card in offered if card not in wild]
    if naturals and (fresh_set or chooser.random() < 0.75):
        offered = naturals
    hand = hands[seat]
    if offered and hand and not set(offered) & set(hand):
        card = chooser.choice(offered)
        given = hand.pop(chooser.randrange(len(hand)))
        stock[given] += 1
        if take(card):
            hand.append(card)
        else:
            hand.append(given)
            stock[given] -= 1
    data["hands"] = [format_cards(sorted(hand)) for hand in hands]
    data["stock"] = format_cards(list((+stock).elements()))
    try:
        return type(state).from_dict(data)
    except Scala40Error:
        return None


def with_a_playable_hand(state: Any, chooser: random.Random) -> Any | None:
    """``state`` with the hand of the seat to decide made of two to four cards that each
    extend a table meld (natural cards where the table offers them), and, half the time,
    such a card on top of the discard pile: the positions where a discard ban on a card
    that extends a meld (S40-V-PLAYABLE) bans every card left, and where a lift of the
    bans must be read alike by the list of moves, ``is_legal`` and the lookahead.

    The hand's other cards go to the stock; the cards come from the stock or, for a card
    the stock lacks, from another hand, which gets a card of the stock instead (so the
    cards are conserved). ``None`` when the cards are not to be had, the state has no
    table, or its game refuses the position. Built through the state's dictionary, like
    :func:`with_a_repeated_meld`, for any game whose dictionary has a ``table`` of melds
    beside a ``stock`` and ``hands``."""
    seat = state.current_player
    table = getattr(state, "table", None)
    if seat is None or not table:
        return None
    data = state.to_dict()
    if not isinstance(data.get("stock"), str) or not isinstance(data.get("hands"), list):
        return None
    data.pop("history", None)
    wild = getattr(state.rules, "meld_rules", table[0].rules).wild_cards
    offered = sorted({extension.card for meld in table for extension in meld.extensions()})
    naturals = [card for card in offered if card not in wild and card != JOKER]
    pool = naturals or offered
    if not pool:
        return None
    stock = Counter(parse_cards(data["stock"]))
    hands = [list(parse_cards(hand)) if isinstance(hand, str) else None for hand in data["hands"]]
    hand = hands[seat]
    if hand is None:
        return None
    stock.update(hand)
    hand.clear()

    def take(card: Card) -> bool:
        if not stock[card]:
            holders = [
                other
                for other, cards in enumerate(hands)
                if cards and card in cards and other != seat
            ]
            if not holders or not +stock:
                return False
            holder = hands[chooser.choice(holders)]
            assert holder is not None
            holder.remove(card)
            replacement = chooser.choice(sorted(+stock))
            holder.append(replacement)
            stock[replacement] -= 1
            stock[card] += 1
        stock[card] -= 1
        return True

    for _ in range(chooser.randint(2, 4)):
        card = chooser.choice(pool)
        if take(card):
            hand.append(card)
    if len(hand) < 2:
        return None
    if isinstance(data.get("discard"), str) and data["discard"] and chooser.random() < 0.5:
        card = chooser.choice(pool)
        if take(card):
            data["discard"] = f"{data['discard']} {format_cards([card])}"
    data["hands"] = [
        format_cards(sorted(cards)) if cards is not None else original
        for cards, original in zip(hands, data["hands"])
    ]
    data["stock"] = format_cards(list((+stock).elements()))
    try:
        return type(state).from_dict(data)
    except Scala40Error:
        return None


def _natural_set(state: Any, chooser: random.Random) -> Any | None:
    """A set of three natural cards of one rank, of distinct suits, of the game's deck,
    with a card to extend it: the meld, or ``None`` if no rank drawn gives one."""
    rules = getattr(state.rules, "meld_rules", None)
    deck = sorted(set(state.rules.deck.cards))
    if rules is None:
        return None
    ranks = sorted(
        {rank_of(card) for card in deck if card not in rules.wild_cards and card != JOKER}
    )
    for rank in chooser.sample(ranks, min(4, len(ranks))):
        naturals = [
            card for card in deck if rank_of(card) == rank and card not in rules.wild_cards
        ]
        if len(naturals) < 4:
            continue
        readings = rules.readings(tuple(sorted(chooser.sample(naturals, 3))))
        if readings and readings[0].extensions():
            return readings[0]
    return None


def _per_meld_keys(state: Any) -> list[str]:
    """The dictionary keys of ``state``'s fields of one entry a table meld, by their specs."""
    keys = []
    for field in attrs.fields(type(state)):
        spec = field.metadata.get("spec")
        if spec is not None and getattr(spec.codec, "per", None) == "table":
            keys.append(spec.key or field.name)
    return keys


def _table_length_keys(state: Any) -> list[str]:
    """The dictionary keys of ``state``'s fields whose usual value is the table's length."""
    keys = []
    for field in attrs.fields(type(state)):
        spec = field.metadata.get("spec")
        usual = getattr(getattr(spec, "usual", None), "value", None)
        if isinstance(usual, LengthOf) and usual.key == "table":
            keys.append(spec.key or field.name)
    return keys
