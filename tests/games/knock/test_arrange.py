"""The arrangement searches against the brute-force oracle (C-ARRANGE, RU-KNOCK, CH-CLOSE,
CH-LAYOFF), and the quick bounds the move generation relies on."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40._base.engine import without
from scala40.cards import Card, parse_cards
from scala40.games import chinchon, laconga, rumino
from scala40.games._knock.arrange import (
    best_arrangement,
    candidate_melds,
    close_arrangements,
    covered_cards,
    has_rumino,
    least_unmatched,
    least_unmatched_without,
    uncovered_cards,
)
from scala40.games._knock.loose import loose_summary
from scala40.games._knock.profile import KnockRules
from scala40.games._knock.spanish import SpanishRules
from scala40.melds import check_meld, is_meld
from tests.games.knock import oracle
from tests.games.knock.strategies import PROFILES, RULES, hands, shown_melds

NAMES = sorted(PROFILES)


def sort(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_cards(text)))


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_candidate_melds_are_every_meld_of_the_hand(name: str, data: st.DataObject) -> None:
    profile = PROFILES[name]
    hand = data.draw(hands(profile, data.draw(st.integers(7, 8))))
    expected = {
        part
        for size in range(3, len(hand) + 1)
        for part in combinations(hand, size)
        if is_meld(part, profile.meld_rules)
    }
    found = candidate_melds(hand, profile.meld_rules)
    assert len(found) == len(set(found))
    assert set(found) == expected
    # The quick cover holds every card of every meld (the bound never hides a meld).
    covered = covered_cards(hand, profile.meld_rules)
    assert {card for meld in expected for card in meld} <= covered


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_the_mask_bound_reads_the_loose_cards_as_the_card_walk_does(
    name: str, data: st.DataObject
) -> None:
    """The move generation's bound on bit masks (:func:`loose_summary`) gives the value,
    the dearest and the number of the cards no meld of the hand could hold, as the walk
    over the cards (:func:`uncovered_cards`), whose cards no oracle meld holds: hands
    rich in melds, wild cards and second copies, of every size a turn holds."""
    profile = PROFILES[name]
    hand = data.draw(hands(profile, data.draw(st.integers(1, 9))))
    loose = uncovered_cards(hand, profile.meld_rules)
    values = [profile.values[card] for card in loose]
    assert loose_summary(hand, profile) == (sum(values), max(values, default=0), len(loose))
    if len(hand) <= 8:
        melded = {
            card
            for melds, _ in oracle.arrangements(hand, profile)
            for m in melds
            for card in m.cards
        }
        assert not melded & set(loose)


def test_the_mask_bound_over_every_preset_and_many_hands() -> None:
    """The same, over every preset of the three games, on seeded random hands of one to
    nine cards (the hands of random play: mostly loose)."""
    for game in (chinchon, laconga, rumino):
        for preset in game.Ruleset.preset_names():
            profile = game.Ruleset.preset(preset).profile
            deck = list(profile.deck.cards)
            chooser = random.Random(preset)
            for _ in range(400):
                hand = tuple(sorted(chooser.sample(deck, chooser.randint(1, 9))))
                loose = uncovered_cards(hand, profile.meld_rules)
                values = [profile.values[card] for card in loose]
                expected = (sum(values), max(values, default=0), len(loose))
                assert loose_summary(hand, profile) == expected, (preset, hand)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_best_arrangement_is_the_oracles_c_arrange(name: str, data: st.DataObject) -> None:
    # C-ARRANGE: least unmatched value, then fewest layoffs, then the lowest card order.
    profile = PROFILES[name]
    hand = data.draw(hands(profile, 7))
    targets = data.draw(shown_melds(profile, hand)) if data.draw(st.booleans()) else ()
    owners = [(0, index) for index in range(len(targets))]
    best = best_arrangement(hand, profile, targets, owners)
    key = oracle.best_key(hand, profile, targets)
    laid = tuple(
        sorted(
            (owners.index((layoff.owner, layoff.meld)), layoff.card, layoff.represents)
            for layoff in best.layoffs
        )
    )
    got = (
        best.value,
        len(best.layoffs),
        best.unmatched,
        tuple((m.cards, m.represented) for m in best.melds),
        laid,
    )
    assert got == key
    # Deterministic: the same answer again, and from a fresh search.
    assert best_arrangement(hand, profile, targets, owners) == best


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_least_unmatched_matches_the_oracle_ru_knock(name: str, data: st.DataObject) -> None:
    profile = PROFILES[name]
    hand = data.draw(hands(profile, data.draw(st.integers(7, 8))))
    assert least_unmatched(hand, profile) == oracle.least(hand, profile)
    # RU-KNOCK: at least 4 cards in melds.
    with_four = oracle.least(hand, profile, 4)
    assert (least_unmatched(hand, profile, 4) > 1000) is (with_four > 1000)
    if with_four < 1000:
        assert least_unmatched(hand, profile, 4) == with_four


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_least_unmatched_without_each_card_matches_the_oracle(
    name: str, data: st.DataObject
) -> None:
    """What each discard leaves (a greedy player's ranking, RU-TURN and CH-TURN), found
    from one walk over the whole hand's packings: the oracle's least unmatched value of
    the hand less that card."""
    profile = PROFILES[name]
    hand = data.draw(hands(profile, data.draw(st.integers(7, 9))))
    after = least_unmatched_without(hand, profile)
    assert set(after) == set(hand)
    for card, value in after.items():
        rest = list(hand)
        rest.remove(card)
        assert value == oracle.least(tuple(rest), profile)


def test_least_unmatched_without_packs_a_meld_held_twice() -> None:
    """CH-DECK with two packs: a hand may hold one meld twice, and each copy packs (found
    by the property above)."""
    profile = PROFILES["chinchon-48x2"]
    hand = tuple(sorted(parse_cards("AS AS 2S 2S 3S 3S 4S")))
    after = least_unmatched_without(hand, profile)
    assert after[parse_cards("4S")[0]] == 0  # AS 2S 3S twice
    assert after == {
        card: oracle.least(tuple(without(hand, (card,)) or ()), profile) for card in after
    }


@pytest.mark.parametrize(
    "name", [name for name in NAMES if "chinchon" in name or "laconga" in name]
)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_close_arrangements_are_every_arrangement_within_the_limits_ch_close(
    name: str, data: st.DataObject
) -> None:
    rules = RULES[name]
    assert isinstance(rules, SpanishRules)
    profile = rules.profile
    kept = data.draw(hands(profile, 7))
    found = close_arrangements(kept, rules)
    keys = [tuple((m.cards, m.represented) for m in melds) for melds, _ in found]
    assert len(keys) == len(set(keys))
    assert set(keys) == oracle.close_sets(kept, rules)
    for melds, value in found:  # each with the value it leaves unmatched
        left = without(kept, [card for meld in melds for card in meld.cards])
        assert left is not None
        assert value == oracle.value(left, profile)


def test_c_arrange_examples() -> None:
    profile = PROFILES["rumino"]
    hand = sort("5H 6H 7H 8H 8S 8D KC")
    best = best_arrangement(hand, profile)
    assert [str(m) for m in best.melds] == ["8S 8H 8D", "5H 6H 7H"]
    assert best.value == 10
    # Gin: every card in melds (RU-GIN).
    assert least_unmatched(sort("AS 2S 3S 4S 9H 9D JK"), profile) == 0
    # C-ARRANGE: among equal values, the fewest cards laid off: the 7H joins the set
    # rather than the closer's run (CH-LAYOFF).
    spanish = PROFILES["chinchon"]
    run = check_meld("4H 5H 6H", spanish.meld_rules)
    best = best_arrangement(sort("7H 7S 7D 7C AS 2S 3S"), spanish, [run], [(1, 0)])
    assert best.value == 0
    assert best.layoffs == ()
    assert [str(m) for m in best.melds] == ["AS 2S 3S", "7S 7H 7D 7C"]
    # ... but cards that only layoffs place are laid off, one making room for the next.
    best = best_arrangement(sort("7H JH 7S KC AS 2S 3S"), spanish, [run], [(1, 0)])
    assert [str(layoff) for layoff in best.layoffs] == ["7H on P1#0", "JH on P1#0"]
    assert best.unmatched == sort("7S KC")


def test_ru_rumino_is_seven_of_a_suit_in_sequence_or_of_a_rank() -> None:
    rules = RULES["rumino"]
    profile = rules.profile
    assert has_rumino(sort("AH 2H 3H 4H 5H 6H 7H"), rules)
    assert has_rumino(sort("7S 7S 7H 7H 7D 7C 7C"), rules)
    assert has_rumino(sort("7S 7S 7H JK 7D 7C 2C JK"), rules)  # 7 of 8, jokers standing in
    assert not has_rumino(sort("QH KH AH 2H 3H 4H 5H"), rules)  # the ace is low only
    assert not has_rumino(sort("AH 2H 3H 4H 5H 6H 8H"), rules)
    # As many jokers as wanted, but seven cards.
    assert not has_rumino(sort("AH 2H 3H JK JK JK"), rules)
    # A Rumino is a meld of seven (RU-MELDS); other sequences hold 4 cards at most.
    assert check_meld("AH 2H 3H 4H 5H 6H 7H", profile.meld_rules).kind.value == "sequence"
    assert check_meld("7S 7S 7H 7H 7D 7C 7C", profile.meld_rules).kind.value == "set"
    assert not is_meld("AH 2H 3H 4H 5H 6H", profile.meld_rules)
    assert not is_meld("AH 2H 3H 4H 5H 6H 7H 8H", profile.meld_rules)
    assert check_meld("JK JK JK", profile.meld_rules).kind.value == "wild"  # RU-MELDS


@st.composite
def near_rumino(draw: st.DrawFn, profile: KnockRules) -> tuple[Card, ...]:
    """Eight cards of the profile's deck: seven of a rank or of a run of a suit (as many
    as the deck has), the rest and up to three of them other cards (jokers among them),
    in any order."""
    deck = profile.deck
    counts = Counter(deck.cards)
    naturals = sorted(card for card in counts if card not in profile.wild_cards)
    if draw(st.booleans()):
        rank = draw(st.sampled_from(sorted({card % 13 for card in naturals})))
        base = [card for card in deck.cards if card in naturals and card % 13 == rank][:7]
    else:
        suit = draw(st.sampled_from(sorted({card // 13 for card in naturals})))
        run = [card for card in naturals if card // 13 == suit]
        start = draw(st.integers(0, max(0, len(run) - 7)))
        base = run[start : start + 7]
    cards = list(base)
    while len(cards) < 8:  # a rank or suit with fewer cards, and the eighth card
        cards.append(draw(st.sampled_from(sorted(counts))))
    for _ in range(draw(st.integers(0, 3))):
        cards[draw(st.integers(0, len(cards) - 1))] = draw(st.sampled_from(sorted(counts)))
    return tuple(draw(st.permutations(cards)))


@pytest.mark.parametrize("name", ["rumino", "rumino-web", "chinchon-jokers", "chinchon-48x2"])
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_ru_rumino_with_a_discard_is_the_rumino_of_the_eight_cards(
    name: str, data: st.DataObject
) -> None:
    """Whether a hand makes a Rumino with another player's discard (RU-RUMINO), asked of
    each hand again and again with what it lacks kept, is the answer for its cards and
    the discard together."""
    rules = RULES[name]
    cards = data.draw(near_rumino(rules.profile))
    hand, extra = tuple(sorted(cards[:7])), cards[7]
    expected = has_rumino(tuple(sorted(cards)), rules)
    assert has_rumino(hand, rules, extra) == expected
    assert has_rumino(hand, rules, extra) == expected  # asked again, what it lacks kept
