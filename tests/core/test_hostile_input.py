"""Hostile input to the core: cards, decks, meld rules, melds, rulesets, moves, caches.

Every entry point answers any value with a result or an error of the library, fast; the
work of a meld check is bounded whatever the rules (the wild cards' distinct orders,
:data:`scala40.melds.MAX_READINGS`, :data:`scala40.melds.MAX_MELD_CARDS`).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40 import (
    JOKER,
    Deck,
    InvalidCardError,
    InvalidMeldError,
    MeldEnd,
    MeldRules,
    check_meld,
    clear_caches,
    format_card,
    format_cards,
    french_deck,
    is_meld,
    meld_interpretations,
    parse_card,
    parse_cards,
    spanish_deck,
)
from scala40.cards import MAX_CARDS, as_card, as_cards, is_joker, make_card, rank_of, suit_of
from scala40.legal import LegalMoves
from scala40.melds import MAX_MELD_CARDS, MAX_READINGS, MeldKind
from tests.hostile import (
    HUGE,
    fuzz_settings,
    hostile_texts,
    hostile_values,
    library_errors_only,
)

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

# -- cards --------------------------------------------------------------------------------


@fuzz_settings(150)
@given(text=hostile_texts())
def test_card_text_reads_as_cards_or_a_card_error(text: str) -> None:
    try:
        cards = parse_cards(text)
    except InvalidCardError as error:
        position = error.position
        assert position is None or position >= 1
        return
    assert all(type(card) is int and 0 <= card <= JOKER for card in cards)
    assert parse_cards(format_cards(cards)) == cards


@fuzz_settings(150)
@given(value=hostile_values(), other=hostile_values())
def test_card_functions_take_any_value(value: Any, other: Any) -> None:
    for call in (parse_card, parse_cards, as_card, as_cards, format_card, format_cards):
        library_errors_only(call, value)
    for query in (rank_of, suit_of, is_joker):
        library_errors_only(query, value)
    library_errors_only(make_card, value, other)


@fuzz_settings(100)
@given(
    name=st.one_of(st.just("custom"), hostile_values()),
    ranks=st.one_of(st.lists(st.integers(-2, 15), max_size=14), hostile_values()),
    copies=st.one_of(st.integers(-1, 10), hostile_values()),
    jokers=st.one_of(st.integers(-1, 14), hostile_values()),
)
def test_decks_are_checked(name: Any, ranks: Any, copies: Any, jokers: Any) -> None:
    deck = library_errors_only(Deck, name, ranks, copies, jokers)
    if deck is not None:
        assert deck.size == len(deck.cards) <= 13 * 4 * 8 + 12
        library_errors_only(deck.shuffled, copies)
    library_errors_only(french_deck, jokers, copies)
    library_errors_only(spanish_deck, copies, copies, jokers)


# -- meld rules and melds -------------------------------------------------------------------

_RULE_FIELDS = (
    "rank_order", "ace_low", "ace_high", "wild_ranks", "max_wilds", "min_natural_lead",
    "set_min", "set_max", "set_suits_distinct", "sequence_min", "sequence_max",
    "rank_values", "low_ace_value", "wild_value", "wild_meld_min", "wild_meld_max",
    "long_meld_size", "long_meld_wilds",
)  # fmt: skip


@fuzz_settings(150)
@given(
    changes=st.dictionaries(st.sampled_from(_RULE_FIELDS), hostile_values(), max_size=3),
)
def test_meld_rules_take_any_field_values(changes: dict[str, Any]) -> None:
    rules = library_errors_only(MeldRules, **changes)
    if rules is not None:
        assert rules.set_max <= MAX_MELD_CARDS
        check_meld_or_error(("7S", "8S", "9S"), rules)


def check_meld_or_error(cards: Any, rules: Any, joker_as: Any = None) -> None:
    library_errors_only(check_meld, cards, rules, joker_as=joker_as)
    readings = library_errors_only(meld_interpretations, cards, rules)
    assert readings is None or len(readings) <= MAX_READINGS
    library_errors_only(is_meld, cards, rules)


# Meld rules at the edges of what MeldRules accepts: any number of wild cards, many wild
# ranks (whose cards are all different wild cards), sets of any suits, long melds.
EXTREME_RULES = {
    "any-jokers": MeldRules(max_wilds=None),
    "any-jokers-lead": MeldRules(max_wilds=None, min_natural_lead=-MAX_MELD_CARDS),
    "wild-2-to-9": MeldRules(max_wilds=None, wild_ranks=frozenset(range(2, 10))),
    "all-wild": MeldRules(
        max_wilds=None, wild_ranks=frozenset(range(2, 14)), set_suits_distinct=False,
        set_max=MAX_MELD_CARDS, wild_meld_min=1,
    ),
    "big-sets": MeldRules(max_wilds=None, set_suits_distinct=False, set_max=MAX_MELD_CARDS),
}  # fmt: skip


@fuzz_settings(150)
@given(
    rules=st.sampled_from(list(EXTREME_RULES.values())),
    cards=st.lists(
        st.one_of(st.integers(0, JOKER), st.just(JOKER), st.sampled_from([0, 1, 13, 14])),
        max_size=40,
    ),
    joker_as=st.one_of(st.none(), st.integers(0, JOKER), hostile_values()),
)
def test_melds_of_any_cards_under_any_rules_are_bounded(
    rules: MeldRules, cards: list[int], joker_as: Any
) -> None:
    check_meld_or_error(cards, rules, joker_as)


@fuzz_settings(100)
@given(value=hostile_values(), other=hostile_values())
def test_meld_methods_take_any_value(value: Any, other: Any) -> None:
    meld = check_meld("7S 8S 9S")
    for call in (meld.accepts, meld.swap, meld.extend, meld.with_extension):
        library_errors_only(call, value)
    library_errors_only(meld.extend, "10S", value)
    library_errors_only(meld.extend, "JK", MeldEnd.LOW, value)
    library_errors_only(check_meld, value, other)
    library_errors_only(check_meld, "7S 8S JK", joker_as=value)
    library_errors_only(check_meld, "7S 8S 9S", value)


def test_meld_end_is_named_by_value_too() -> None:
    meld = check_meld("7S 8S 9S")
    assert str(meld.extend("JK", "low")) == "JK=6S 7S 8S 9S"  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="end must be a MeldEnd"):
        meld.extend("JK", "middle")  # type: ignore[arg-type]


# The slowest inputs found for check_meld and meld_interpretations, with the rules that
# allow them (the measured times are on the errors page; benchmarks/bench_worst_inputs.py).
WORST_MELDS = [
    ("any-jokers", "AS " + "JK " * 11),  # 10+ s before: 11! orders of identical jokers
    ("any-jokers", "AS " + "JK " * 13),
    ("any-jokers", "AS " + "JK " * 31),
    ("any-jokers-lead", "AS 2S " + "JK " * 12),
    ("wild-2-to-9", "AS 2H 3H 4H 5H 6H 7H 8H 9H"),  # 8 different wild cards: refused
    ("wild-2-to-9", "AS 2H 3H 4H 5H 6H"),  # 5 different wild cards: 600 readings
    ("all-wild", "AS " + "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"),
    ("all-wild", "AS AH AD AC AS AH AD AC " + "JK " * 8 + "2S 2H 2D 2C " * 4),
    ("big-sets", "7S 7S 7H 7H 7D 7D 7C 7C " + "JK " * 24),
]


@pytest.mark.parametrize(("rules_name", "text"), WORST_MELDS)
def test_the_worst_melds_found_are_bounded(rules_name: str, text: str) -> None:
    # benchmarks/bench_worst_inputs.py times them cold (well under 50 ms each); each is
    # timed against the library's bound (a slow machine is allowed for by the timing
    # itself: tests.hostile.assert_within).
    rules = EXTREME_RULES[rules_name]
    cards = parse_cards(text)
    clear_caches()
    for call in (meld_interpretations, check_meld):
        library_errors_only(call, cards, rules)


def test_identical_wild_cards_are_never_told_apart() -> None:
    # An ace and 11 jokers: one sequence of the ace low (JK=2S...JK=QS) and one of it high.
    readings = meld_interpretations("AS " + "JK " * 11, EXTREME_RULES["any-jokers"])
    assert len(readings) == 2
    assert {meld.start for meld in readings} == {0, 2}


def test_too_many_readings_are_refused_before_any_is_made() -> None:
    rules = EXTREME_RULES["wild-2-to-9"]
    with pytest.raises(InvalidMeldError, match=f"more than the {MAX_READINGS} one meld"):
        meld_interpretations("AS 2H 3H 4H 5H 6H 7H 8H 9H", rules)
    assert len(meld_interpretations("AS 2H 3H 4H 5H 6H", rules)) <= MAX_READINGS


def test_a_meld_holds_at_most_max_meld_cards() -> None:
    rules = EXTREME_RULES["big-sets"]
    seven = parse_card("7S")
    cards = (seven,) * 8 + (JOKER,) * (MAX_MELD_CARDS - 8)
    assert check_meld(cards, rules).kind is MeldKind.SET
    with pytest.raises(InvalidMeldError, match=f"at most {MAX_MELD_CARDS} cards"):
        check_meld((*cards, JOKER), rules)
    assert not is_meld((seven,) * MAX_CARDS)
    # Past MAX_CARDS, cards are refused by their number before any is read.
    with pytest.raises(InvalidCardError, match=f"at most {MAX_CARDS} are read"):
        is_meld((seven,) * 100_000)
    with pytest.raises(InvalidMeldError, match="set sizes must satisfy"):
        MeldRules(set_max=MAX_MELD_CARDS + 1)


def test_caches_do_not_grow_with_the_size_of_requests() -> None:
    rules = MeldRules(max_wilds=None, set_suits_distinct=False, set_max=MAX_MELD_CARDS)
    tables = rules.tables
    for size in range(MAX_MELD_CARDS + 1, MAX_MELD_CARDS + 50):
        assert not is_meld((JOKER,) * size, rules)
    # Cards beyond the largest meld are never remembered, and what is remembered is
    # weighed by the readings it holds.
    assert all(len(key) <= MAX_MELD_CARDS for key in tables.readings)
    assert tables.readings.held <= tables.readings.budget
    assert sum(len(value) + 1 for value in tables.readings.values()) == tables.readings.held


@fuzz_settings(100)
@given(
    rules=st.sampled_from([EXTREME_RULES["wild-2-to-9"], EXTREME_RULES["any-jokers"]]),
    size=st.integers(3, 8),
    data=st.data(),
)
def test_readings_are_every_distinct_order_of_the_wild_cards(
    rules: MeldRules, size: int, data: st.DataObject
) -> None:
    # Exactness of the bounded enumeration: for a meld whose wild cards may be told apart,
    # every way of placing each wild card appears once, as a brute force over all
    # permutations of the wild cards finds them.
    wild = sorted(rules.wild_cards)
    wilds = data.draw(st.lists(st.sampled_from(wild), min_size=1, max_size=size - 1))
    start = data.draw(st.integers(1, 14 - size))
    naturals = [13 + rank - 1 for rank in range(start, start + size - len(wilds))]
    cards = tuple(sorted(naturals + wilds))
    try:
        readings = meld_interpretations(cards, rules)
    except InvalidMeldError:
        return  # more than MAX_READINGS: refused as a whole
    pairs = {(meld.cards, meld.represented) for meld in readings}
    assert len(pairs) == len(readings), "a reading is listed twice"
    for meld in readings:
        places = [i for i, card in enumerate(meld.cards) if card in rules.wild_cards]
        for order in permutations([meld.cards[i] for i in places]):
            swapped = list(meld.cards)
            for place, card in zip(places, order):
                swapped[place] = card
            assert (tuple(swapped), meld.represented) in pairs


# -- legal moves ----------------------------------------------------------------------------


@fuzz_settings(100)
@given(index=hostile_values(), start=hostile_values())
def test_legal_moves_take_any_index(index: Any, start: Any) -> None:
    moves: LegalMoves[str] = LegalMoves(lambda: ("a", "b"))
    library_errors_only(moves.__getitem__, index)
    library_errors_only(moves.index, index)
    library_errors_only(moves.index, "a", start)
    library_errors_only(moves.__contains__, index)
    library_errors_only(moves.count, index)


def test_huge_numbers_are_named_in_messages() -> None:
    with pytest.raises(InvalidCardError, match="got an integer of 5001 digits"):
        make_card(HUGE, 0)
    with pytest.raises(InvalidMeldError, match="got an integer of 5001 digits"):
        MeldRules(max_wilds=HUGE)


@pytest.mark.slow
def test_soak_the_core() -> None:
    # nox -s soak: every fuzz test of this module again, with ten times the examples.
    test_card_text_reads_as_cards_or_a_card_error()
    test_card_functions_take_any_value()
    test_decks_are_checked()
    test_meld_rules_take_any_field_values()
    test_melds_of_any_cards_under_any_rules_are_bounded()
    test_meld_methods_take_any_value()
    test_readings_are_every_distinct_order_of_the_wild_cards()
    test_legal_moves_take_any_index()
