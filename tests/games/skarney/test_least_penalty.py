"""The least penalty a Skarney hand's own melds leave it (SK-SCORE-HAND, SK-MELDS,
SK-WILDMELD): exact against every way of putting down its melds, and bounded on the
largest hands the deck allows."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scala40.cards import Card, format_cards
from scala40.errors import InvalidArgumentError, InvalidValueError, SearchLimitError
from scala40.games.skarney import Ruleset, analysis
from scala40.games.skarney.analysis import least_penalty
from scala40.games.skarney.rules import MELD_RULES, hand_penalty
from tests.hostile import library_errors_only

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

_DECK = list(Ruleset(partnership=False, jokers=8).deck.cards)
_WILD = [card for card in _DECK if card in MELD_RULES.wild_cards]


def _every_packing(hand: list[Card]) -> int:
    """The least penalty over every multiset of disjoint melds of ``hand`` (the oracle)."""
    melds = sorted({tuple(sorted(meld.cards)) for meld in analysis.hand_melds(hand)})
    best = hand_penalty(hand)

    def place(left: Counter[Card], start: int) -> None:
        nonlocal best
        best = min(best, hand_penalty(list(left.elements())))
        for index in range(start, len(melds)):
            cards = Counter(melds[index])
            if all(left[card] >= count for card, count in cards.items()):
                place(left - cards, index)

    place(Counter(hand), 0)
    return best


def _hands(count: int) -> list[list[Card]]:
    """Seeded hands of 3 to 10 cards, with 0 to 3 wild cards more (a joker, 2s)."""
    rng = random.Random(17)
    found: list[list[Card]] = []
    while len(found) < count:
        hand = rng.sample(_DECK, rng.randint(3, 10)) + rng.sample(_WILD, rng.randint(0, 3))
        if all(copies <= (8 if card == 52 else 2) for card, copies in Counter(hand).items()):
            found.append(hand)
    return found


@pytest.mark.parametrize("hand", _hands(60), ids=lambda hand: format_cards(sorted(hand)))
def test_the_least_penalty_is_the_best_of_every_packing_sk_score_hand(hand: list[Card]) -> None:
    assert least_penalty(hand) == _every_packing(hand)


def test_wild_cards_left_meld_by_three_of_a_kind_sk_wildmeld() -> None:
    assert least_penalty("JK JK JK") == 0
    assert least_penalty("2S 2H 2C 2D") == 0
    # Two jokers and two 2s make no meld of wild cards only: 2 x 100 + 2 x 50.
    assert least_penalty("JK JK 2S 2H") == 300
    # One wild card a mixed meld: the joker with the fives, the 2 with the kings.
    assert least_penalty("5S 5H JK KD KD 2C 9C") == 5


def test_the_rules_and_the_cards_are_checked() -> None:
    assert least_penalty("", Ruleset()) == 0
    with pytest.raises(InvalidArgumentError, match="Skarney Ruleset"):
        least_penalty("5S 5H 5D", "official")  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="3 copies of 7S"):
        least_penalty("7S 7S 7S")


@pytest.mark.parametrize(
    "hand",
    [
        sorted(random.Random(40).sample(_DECK, 40)),
        sorted(random.Random(100).sample(_DECK, 100)),
        sorted([*range(52)] * 2),
        sorted(_DECK),
    ],
    ids=["random 40", "random 100", "two packs", "two packs and 8 jokers"],
)
def test_the_largest_hands_stop_at_the_search_bound_within_a_quarter_second(
    hand: list[Card],
) -> None:
    def refused() -> None:
        with pytest.raises(SearchLimitError, match="MAX_PENALTY_STEPS"):
            least_penalty(hand)

    library_errors_only(refused, seconds=0.25)
