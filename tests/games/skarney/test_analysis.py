"""The melds of a hand and its contracts, against a brute-force oracle (SK-MELDS,
SK-WILDMELD, SK-CONTRACT, SK-SCORE-MELDS).

The oracle enumerates every sub-multiset of a hand and asks the core for its readings;
a contract is every way to pick the right number of disjoint 3-card melds of one kind,
tried in every order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40.cards import JOKER, Card, make_card
from scala40.errors import (
    InvalidArgumentError,
    InvalidCardError,
    InvalidValueError,
    UnknownPresetError,
)
from scala40.games.skarney.analysis import best_contract, can_make_contract, contracts, hand_melds
from scala40.games.skarney.rules import MELD_RULES, Ruleset, meld_points
from scala40.melds import Meld, MeldKind

_POOL: tuple[Card, ...] = tuple(
    sorted(
        [make_card(rank, suit) for rank in (1, 3, 4, 5, 6, 12, 13) for suit in (0, 1, 2)] * 2
        + [make_card(2, suit) for suit in range(4)] * 2
        + [JOKER] * 4
    )
)


def hands(least: int, most: int) -> st.SearchStrategy[tuple[Card, ...]]:
    """Hands drawn from a pool rich in melds (a multiset of the deck's cards)."""
    return st.lists(st.sampled_from(range(len(_POOL))), min_size=least, max_size=most,
                    unique=True).map(lambda picks: tuple(sorted(_POOL[i] for i in picks)))  # fmt: skip


def sub_multisets(cards: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
    counts = sorted(Counter(cards).items())
    for taken in product(*(range(copies + 1) for _, copies in counts)):
        yield tuple(card for (card, _), many in zip(counts, taken) for _ in range(many))


def brute_melds(cards: tuple[Card, ...]) -> set[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    found: set[tuple[tuple[Card, ...], tuple[Card, ...]]] = set()
    for sub in sub_multisets(cards):
        if len(sub) >= 3:
            found.update((m.cards, m.represented) for m in MELD_RULES.readings_of_sorted(sub))
    return found


def remove(cards: tuple[Card, ...], used: tuple[Card, ...]) -> tuple[Card, ...] | None:
    left = list(cards)
    for card in used:
        if card not in left:
            return None
        left.remove(card)
    return tuple(left)


def brute_contracts(cards: tuple[Card, ...], size: int) -> set[frozenset[tuple[object, int]]]:
    """Every contract as a multiset of melds (each meld by its cards and represented)."""
    threes = [
        m
        for sub in sub_multisets(cards)
        if len(sub) == 3
        for m in MELD_RULES.readings_of_sorted(sub)
        if m.kind is not MeldKind.WILD
    ]
    found: set[frozenset[tuple[object, int]]] = set()

    def pick(rest: tuple[Card, ...], chosen: list[Meld]) -> None:
        if len(chosen) == size:
            if len({m.kind for m in chosen}) == 1:
                keys = Counter((m.cards, m.represented) for m in chosen)
                found.add(frozenset(keys.items()))
            return
        for meld in threes:
            left = remove(rest, meld.cards)
            if left is not None:
                pick(left, [*chosen, meld])

    pick(cards, [])
    return found


@settings(max_examples=150)
@given(hands(0, 8))
def test_hand_melds_are_every_meld_of_the_hand_sk_melds(cards: tuple[Card, ...]) -> None:
    found = [(m.cards, m.represented) for m in hand_melds(cards)]
    assert len(found) == len(set(found)), "each reading once (C-IDENTITY)"
    assert set(found) == brute_melds(cards)


@settings(max_examples=80)
@given(hands(3, 8), st.integers(1, 2))
def test_contracts_are_every_contract_sk_contract(cards: tuple[Card, ...], size: int) -> None:
    found = contracts(cards, size=size)
    keys = [
        frozenset(Counter((m.cards, m.represented) for m in contract.melds).items())
        for contract in found
    ]
    assert len(keys) == len(set(keys)), "each contract once"
    expected = brute_contracts(cards, size)
    assert set(keys) == expected
    assert can_make_contract(cards, size=size) == bool(expected)
    best = best_contract(cards, size=size)
    if not expected:
        assert best is None
        return
    assert best is not None
    assert best.points == max(c.points for c in found)
    assert best.points == sum(meld_points(meld) for meld in best.melds)
    assert sorted(best.rest + tuple(c for m in best.melds for c in m.cards)) == list(cards)
    assert len({meld.kind for meld in best.melds}) == 1


@settings(max_examples=100)
@given(hands(9, 11))
def test_three_meld_contracts_of_full_hands_sk_contract(cards: tuple[Card, ...]) -> None:
    # The existence answer of the fast search against the brute force, at contract size.
    assert can_make_contract(cards, size=3) == bool(brute_contracts(cards, 3))


def test_best_contract_prefers_points_sk_score_melds() -> None:
    best = best_contract("AS AH AD 3C 3D 3S JK KS KH 4S 4H", hand_number=1)
    assert best is not None
    assert str(best) == "AS AH AD / 3S 3D 3C / KS KH JK=KD"  # the joker with the kings
    assert best.points == 45 + 70 + 15
    assert best.wild_count == 1


def test_analysis_inputs_are_checked() -> None:
    with pytest.raises(InvalidCardError):
        can_make_contract("5S 5X 5H")
    with pytest.raises(InvalidValueError, match="hand_number"):
        can_make_contract("5S 5D 5H", hand_number=8)
    with pytest.raises(InvalidValueError, match="size"):
        contracts("5S 5D 5H", size=0)


@pytest.mark.parametrize("search", [contracts, best_contract, can_make_contract])
def test_every_argument_is_checked_whatever_the_size(search: Any) -> None:
    """SK-CONTRACT: ``size`` says how many melds make the contract, but a wrong
    ``hand_number`` or ``rules`` beside it is still refused, naming it."""
    hand = "3S 3H 3D 4S 4H 2C 5S"
    with pytest.raises(InvalidArgumentError, match="expected a Skarney Ruleset"):
        search(hand, "x", object(), size=2)
    with pytest.raises(InvalidArgumentError, match="expected a Skarney Ruleset"):
        search(hand, -1, 5, size=1)
    for hand_number in (-1, 0, 8, "x", True, 1.0):
        with pytest.raises(InvalidValueError, match="hand_number must be from 1 to 7"):
            search(hand, hand_number, size=2)
    with pytest.raises(UnknownPresetError):
        search(hand, 1, "nope", size=2)
    # Under rules of fewer hands, the hand number is checked against them.
    short = Ruleset(contract_melds=(3, 3), hand_bonus=(100, 100), hands=2)
    with pytest.raises(InvalidValueError, match="hand_number must be from 1 to 2"):
        search(hand, 3, short, size=2)
