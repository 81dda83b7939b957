"""The melds of a hand as the searches build them (each set and sequence made directly,
not read from its cards), against the core's readings of every sub-multiset of each
rank's and each suit's cards, with at most one wild card: hands larger than the
legal-move oracle's (SK-MELDS, SK-WILDMELD, C-WILD, SK-CONTRACT)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from scala40.cards import JOKER, RANK_OF, SUIT_OF, Card
from scala40.games.skarney.rules import MELD_RULES
from scala40.games.skarney.search import contract_melds, hand_melds
from scala40.melds import Meld, MeldKind

WILD = MELD_RULES.wild_cards
DECK = [card for card in range(52) for _ in range(2)] + [JOKER] * 4


def _listing_order(meld: Meld) -> tuple[int, int, tuple[Card, ...], tuple[Card, ...]]:
    """Sets rank by rank (the ace first), sequences suit by suit, then melds of wild cards
    only; within each, shorter first, then by cards and what they stand for."""
    if meld.kind is MeldKind.SET:
        group = RANK_OF[meld.represented[0]]
    elif meld.kind is MeldKind.SEQUENCE:
        group = 100 + SUIT_OF[meld.represented[0]]
    else:
        group = 200
    return group, len(meld.cards), meld.cards, meld.represented


def _expected(hand: tuple[Card, ...]) -> list[Meld]:
    """Every reading of every sub-multiset of one rank's or one suit's natural cards, with
    or without one of the wild cards held, and of the wild cards alone."""
    groups: dict[tuple[str, int], list[Card]] = {}
    for card in hand:
        if card not in WILD:
            groups.setdefault(("rank", RANK_OF[card]), []).append(card)
            groups.setdefault(("suit", SUIT_OF[card]), []).append(card)
    wilds = sorted({card for card in hand if card in WILD})
    keys: set[tuple[Card, ...]] = set()
    for cards in groups.values():
        for size in range(2, len(cards) + 1):
            for naturals in set(combinations(sorted(cards), size)):
                keys.add(naturals)
                keys.update(tuple(sorted((*naturals, wild))) for wild in wilds)
    held_wilds = sorted(card for card in hand if card in WILD)
    for size in range(3, len(held_wilds) + 1):
        keys.update(combinations(held_wilds, size))
    melds = {meld for key in keys for meld in MELD_RULES.readings_of_sorted(key)}
    return sorted(melds, key=_listing_order)


@pytest.mark.parametrize("seed", range(4))
def test_hand_melds_are_every_reading_of_every_meld_a_hand_holds_sk_melds(seed: int) -> None:
    """SK-MELDS, SK-WILDMELD, C-WILD: the same melds, in the same order, of the same
    value, as the core reads from the cards."""
    rng = random.Random(seed)
    for _ in range(60):
        hand = tuple(sorted(rng.sample(DECK, rng.randrange(8, 17))))
        found = list(hand_melds(hand))
        expected = _expected(hand)
        assert found == expected
        assert [meld.value for meld in found] == [meld.value for meld in expected]
        for kind in (MeldKind.SET, MeldKind.SEQUENCE):
            threes = [m for m in expected if m.kind is kind and len(m.cards) == 3]
            assert list(contract_melds(hand, kind)) == threes  # SK-CONTRACT
