"""A slow, brute-force oracle for meld readings, checked against the meld engine.

The oracle lists every meld of up to six cards explicitly, straight from the rule fields
of a :class:`MeldRules` (S40-SEQ, S40-SET, S40-JOKER, C-WILD, S40-MELD-VALUE and the
variants' fields), and indexes them by their sorted card multiset. It shares nothing with
the engine except the card code tables (``make_card``, ``rank_of``, ``suit_of``).
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable
from itertools import combinations, combinations_with_replacement, permutations, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40 import JOKER, Meld, MeldKind, MeldRules, is_meld, meld_interpretations
from scala40.cards import ACE, Card, make_card
from scala40.games.scala40.hand.tables import sequence_reach
from scala40.games.skarney.rules import MELD_RULES as SKARNEY_RULES
from scala40.games.skarney.search import _meldable_ranks
from scala40.melds._hand import run_reach
from tests.strategies import MELD_RULES_CONFIGS, sequence_slots, wild_cards

#: The oracle covers every meld of at most this many cards.
MAX_CARDS = 6

#: A reading as the oracle sees it: kind, (card, represented card) pairs (sorted for a set,
#: lowest first for a sequence), start slot (-1 for a set) and meld value.
Reading = tuple[str, tuple[tuple[Card, Card], ...], int, int]
Index = dict[tuple[Card, ...], frozenset[Reading]]


def _wilds_allowed(rules: MeldRules, size: int, wild_count: int) -> bool:
    """S40-JOKER / S40-V-MULTIJOKER limits: a natural card, max_wilds, min_natural_lead."""
    naturals = size - wild_count
    if naturals < 1:
        return False
    if rules.max_wilds is not None and wild_count > rules.max_wilds:
        return False
    return rules.min_natural_lead is None or naturals - wild_count >= rules.min_natural_lead


def _set_readings(
    rules: MeldRules, wilds: list[Card], sizes: range | None = None
) -> Iterable[Reading]:
    """Every set (S40-SET) of at most MAX_CARDS cards (or of the given sizes)."""
    if sizes is None:
        sizes = range(rules.set_min, min(rules.set_max, MAX_CARDS) + 1)
    # A set may be of any rank of the game's pack (rank_order) that is not wild (C-DECK).
    for rank in rules.rank_order:
        if rank in rules.wild_ranks:
            continue
        for size in sizes:
            for wild_count in range(size):
                if not _wilds_allowed(rules, size, wild_count):
                    continue
                naturals = size - wild_count
                if rules.set_suits_distinct:
                    suit_choices: Iterable[tuple[int, ...]] = combinations(range(4), naturals)
                else:
                    suit_choices = combinations_with_replacement(range(4), naturals)
                for suits in suit_choices:
                    if any(make_card(rank, s) in wilds for s in suits):
                        continue  # a card wild on its own is never natural (CH-DECK)
                    natural_pairs = [(make_card(rank, s), make_card(rank, s)) for s in suits]
                    missing = [s for s in range(4) if s not in suits]
                    for wild_set in combinations_with_replacement(wilds, wild_count):
                        if rules.set_suits_distinct:
                            # C-WILD: each wild names one of the missing suits, all different.
                            for target_suits in combinations(missing, wild_count):
                                for order in set(permutations(wild_set)):
                                    wild_pairs = [
                                        (wild, make_card(rank, s))
                                        for wild, s in zip(order, target_suits, strict=True)
                                    ]
                                    yield _set_reading(rules, rank, natural_pairs, wild_pairs)
                        else:
                            # Suits may repeat, so the suit a wild names changes nothing; the
                            # engine's documented choice: the i-th wild (in card order) takes
                            # the i-th suit the naturals lack, cycling, spades if none is.
                            lacking = missing or [0]
                            wild_pairs = [
                                (wild, make_card(rank, lacking[i % len(lacking)]))
                                for i, wild in enumerate(sorted(wild_set))
                            ]
                            yield _set_reading(rules, rank, natural_pairs, wild_pairs)


def _set_reading(
    rules: MeldRules,
    rank: int,
    natural_pairs: list[tuple[Card, Card]],
    wild_pairs: list[tuple[Card, Card]],
) -> Reading:
    wild_value = rules.rank_values[rank] if rules.wild_value is None else rules.wild_value
    value = rules.rank_values[rank] * len(natural_pairs) + wild_value * len(wild_pairs)
    return ("set", tuple(sorted(natural_pairs + wild_pairs)), -1, value)


def _sequence_readings(
    rules: MeldRules, wilds: list[Card], lengths: range | None = None, bounded: bool = True
) -> Iterable[Reading]:
    """Every sequence (S40-SEQ) of at most MAX_CARDS cards (or of the given lengths,
    within the rules' sizes unless not ``bounded``)."""
    slots = sequence_slots(rules)
    longest = len(slots) if rules.sequence_max is None else min(rules.sequence_max, len(slots))
    wild_set = set(wilds)
    if lengths is None:
        lengths = range(rules.sequence_min, min(longest, MAX_CARDS) + 1)
    for suit in range(4):
        for length in (n for n in lengths if not bounded or rules.sequence_min <= n <= longest):
            for start in range(len(slots) - length + 1):
                ranks = slots[start : start + length]
                window = [make_card(rank, suit) for rank in ranks]
                for wild_count in range(length):
                    if not _wilds_allowed(rules, length, wild_count):
                        continue
                    for holes in combinations(range(length), wild_count):
                        naturals = [card for i, card in enumerate(window) if i not in holes]
                        if any(card in wild_set for card in naturals):
                            continue  # a wild rank is never natural (SK-MELDS decision)
                        if len(set(naturals)) != len(naturals) and not rules.sequence_two_aces:
                            continue  # two natural aces of the suit (S40-SEQ; SK-MELDS allows)
                        for fill in product(wilds, repeat=wild_count):
                            filled = dict(zip(holes, fill, strict=True))
                            cards = [filled.get(i, card) for i, card in enumerate(window)]
                            value = 0
                            for i, rank in enumerate(ranks):
                                if i in filled and rules.wild_value is not None:
                                    value += rules.wild_value
                                elif rank == ACE and start + i == 0:
                                    value += rules.low_ace_value  # the low ace (A-2-3)
                                else:
                                    value += rules.rank_values[rank]
                            yield (
                                "sequence",
                                tuple(zip(cards, window, strict=True)),
                                start,
                                value,
                            )


def _long_readings(rules: MeldRules, wilds: list[Card]) -> Iterable[Reading]:
    """Every long meld (RU-MELDS: the Rumino of seven): exactly ``long_meld_size`` cards
    of a rank or of a suit in sequence, whatever the set and sequence sizes, holding wild
    cards only where ``long_meld_wilds`` lets them stand in one."""
    size = rules.long_meld_size
    if size is None:
        return
    only = range(size, size + 1)
    for reading in (
        *_set_readings(rules, wilds, only),
        *_sequence_readings(rules, wilds, only, bounded=False),
    ):
        if rules.long_meld_wilds or all(card not in wilds for card, _ in reading[1]):
            yield reading


@functools.cache
def oracle(name: str) -> Index:
    """Every meld of at most MAX_CARDS cards, and every long meld, under the named rules,
    by sorted cards."""
    rules = MELD_RULES_CONFIGS[name]
    wilds = wild_cards(rules)
    found: defaultdict[tuple[Card, ...], set[Reading]] = defaultdict(set)
    for reading in (
        *_set_readings(rules, wilds),
        *_sequence_readings(rules, wilds),
        *_long_readings(rules, wilds),
    ):
        key = tuple(sorted(card for card, _ in reading[1]))
        found[key].add(reading)
    return {key: frozenset(readings) for key, readings in found.items()}


def as_reading(meld: Meld) -> Reading:
    pairs = tuple(zip(meld.cards, meld.represented, strict=True))
    if meld.kind is MeldKind.SET:
        return ("set", tuple(sorted(pairs)), meld.start, meld.value)
    return ("sequence", pairs, meld.start, meld.value)


def engine_readings(cards: Iterable[Card], rules: MeldRules) -> list[Reading]:
    return [as_reading(meld) for meld in meld_interpretations(tuple(cards), rules)]


def check_against_oracle(name: str, cards: tuple[Card, ...]) -> None:
    rules = MELD_RULES_CONFIGS[name]
    key = tuple(sorted(cards))
    expected = oracle(name).get(key, frozenset())
    got = engine_readings(cards, rules)
    assert len(got) == len(set(got)), f"duplicate readings for {key}"  # C-IDENTITY
    assert set(got) == expected, key
    assert is_meld(cards, rules) is bool(expected), key


# ------------------------------------------------------------------ the oracle itself


def test_oracle_knows_the_rule_examples() -> None:
    # A self-check of the oracle against the rule texts before it judges anything.
    default = oracle("scala40")
    # S40-SET: ♦3-♥3-♠3 is a set; ♥9-♣9-♣9 is not.
    assert ("set", ((2, 2), (15, 15), (28, 28)), -1, 9) in default[(2, 15, 28)]
    assert (21, 47, 47) not in default
    # S40-SEQ: K-A-2 goes around the corner; Q-K-A and A-2-3 are sequences.
    assert (0, 1, 12) not in default
    assert default[(0, 11, 12)] == {("sequence", ((11, 11), (12, 12), (0, 0)), 11, 31)}
    assert default[(0, 1, 2)] == {("sequence", ((0, 0), (1, 1), (2, 2)), 0, 6)}
    # S40-JOKER: Joker-♣9-♣8 reads as ♣7 (24) or ♣10 (27).
    assert {r[3] for r in default[(46, 47, JOKER)]} == {24, 27}
    # Two jokers in one meld: never under the default rules.
    assert not any(key.count(JOKER) > 1 for key in default)


def test_oracle_knows_the_rumino() -> None:
    # RU-MELDS: seven of a suit in sequence or of a rank are a meld (a Rumino), jokers
    # standing in unless rumino_jokers=False; six or eight are not, nor seven Q-K-A.
    rumino, natural = oracle("rumino"), oracle("rumino-natural")
    run = tuple(make_card(rank, 1) for rank in range(3, 10))
    assert run in rumino
    assert run in natural
    assert tuple(sorted((*run[1:], JOKER))) in rumino
    assert tuple(sorted((*run[1:], JOKER))) not in natural
    assert run[:6] not in rumino
    assert run[:5] not in rumino
    assert tuple(make_card(rank, 1) for rank in (*range(8, 14), ACE)) not in rumino
    sevens = tuple(sorted(make_card(7, suit) for suit in (0, 0, 1, 1, 2, 3, 3)))
    assert sevens in rumino
    assert sevens in natural
    assert sevens[:6] not in rumino
    assert {len(key) for key in rumino} == {3, 4, 7}


# ------------------------------------------------------------------ engine against oracle


@pytest.mark.parametrize("name", list(MELD_RULES_CONFIGS))
def test_every_oracle_meld_is_read_exactly(name: str) -> None:
    # Every multiset that forms a meld of at most six cards gets exactly the oracle's readings.
    for key in oracle(name):
        check_against_oracle(name, key)


@st.composite
def meld_candidates(draw: st.DrawFn) -> tuple[Card, ...]:
    """3 to 6 cards with at most 2 jokers; about half of them all of one suit or one rank."""
    size = draw(st.integers(3, MAX_CARDS))
    jokers = draw(st.integers(0, min(2, size)))
    naturals = size - jokers
    shape = draw(st.sampled_from(["any", "any", "suit", "rank"]))
    if shape == "suit":
        suit = draw(st.integers(0, 3))
        ranks = [*range(1, 14), ACE]
        low = draw(st.integers(0, len(ranks) - 1))
        window = ranks[low : low + size + 2]
        picked = draw(st.lists(st.sampled_from(window), min_size=naturals, max_size=naturals))
        chosen = [make_card(rank, suit) for rank in picked]
    elif shape == "rank":
        rank = draw(st.integers(1, 13))
        suits = draw(st.lists(st.integers(0, 3), min_size=naturals, max_size=naturals))
        chosen = [make_card(rank, suit) for suit in suits]
    else:
        chosen = draw(st.lists(st.integers(0, 51), min_size=naturals, max_size=naturals))
    return tuple(draw(st.permutations([*chosen, *[JOKER] * jokers])))


@pytest.mark.parametrize("name", list(MELD_RULES_CONFIGS))
@given(cards=meld_candidates())
def test_readings_match_the_oracle(name: str, cards: tuple[Card, ...]) -> None:
    # S40-SEQ, S40-SET, S40-JOKER, C-WILD, S40-MELD-VALUE: same readings, same values.
    check_against_oracle(name, cards)


def test_every_three_card_multiset_under_the_default_rules() -> None:
    # Exhaustive: all C(55, 3) = 26,235 multisets of three card codes (S40-SEQ, S40-SET).
    rules = MELD_RULES_CONFIGS["scala40"]
    index = oracle("scala40")
    checked = melds = 0
    for key in combinations_with_replacement(range(JOKER + 1), 3):
        expected = index.get(key, frozenset())
        got = engine_readings(key, rules)
        assert len(got) == len(set(got)), key
        assert set(got) == expected, key
        checked += 1
        melds += bool(expected)
    assert checked == 26_235
    # Counted by hand: 13 ranks x (4 natural sets + 6 pairs of suits with a joker) = 130;
    # 4 suits x 12 natural three-card runs (A-2-3 to Q-K-A) = 48; a joker with two cards of
    # a suit one or two places apart on A-2-...-K-A (13 + 12 pairs) x 4 suits = 100.
    assert melds == 130 + 48 + 100


@pytest.mark.parametrize(
    "name",
    [
        name
        for name, rules in MELD_RULES_CONFIGS.items()
        if rules.max_wilds == 1 and rules.sequence_max is None
    ],
)
def test_the_longest_sequences_match_the_oracle(name: str) -> None:
    # The whole suit, ace at both ends: its second ace natural only where the rules let
    # a sequence hold both (SK-MELDS), else a wild card's (S40-SEQ).
    rules = MELD_RULES_CONFIGS[name]
    slots = sequence_slots(rules)
    found: defaultdict[tuple[Card, ...], set[Reading]] = defaultdict(set)
    lengths = range(len(slots) - 1, len(slots) + 1)
    for reading in _sequence_readings(rules, wild_cards(rules), lengths):
        found[tuple(sorted(card for card, _ in reading[1]))].add(reading)
    assert found
    for key, expected in found.items():
        got = engine_readings(key, rules)
        assert len(got) == len(set(got)), key  # C-IDENTITY
        assert set(got) == expected, key
    aces = [make_card(ACE, 0)] * 2
    both = tuple(sorted([*aces, *(make_card(rank, 0) for rank in slots[1:-1])]))
    assert (both in found) is rules.sequence_two_aces


def _run_reach_by_windows(places: int, count: int, shortest: int, cap: int) -> int:
    """The places held in some run of ``shortest`` of ``count`` places with at most
    ``cap`` not held, run by run."""
    kept = 0
    for start in range(count - shortest + 1):
        run = [place for place in range(start, start + shortest) if places >> place & 1]
        if shortest - len(run) <= cap:
            for place in run:
                kept |= 1 << place
    return kept


@pytest.mark.parametrize("count", [3, 10, 14])
def test_run_reach_keeps_the_places_held_in_a_run_with_few_enough_holes(count: int) -> None:
    # Every fewest length and number of wild cards (each of run_reach's ways: none held
    # needed but the place, the run held whole, one more held, any other count), over
    # every set of places held (every fifth of the 14 places').
    for places in range(0, 1 << count, 5 if count == 14 else 1):
        for shortest in range(2, 6):
            for cap in range(shortest + 1):
                assert run_reach(places, count, shortest, cap) == _run_reach_by_windows(
                    places, count, shortest, cap
                ), (places, count, shortest, cap)


def test_skarney_and_scala40_read_a_suit_s_reach_alike() -> None:
    # Skarney's keys of a suit's sequences and Scala 40's tables' ask the same of the
    # places: with Skarney's places (A 2 ... K A), Scala 40's reading of the ranks gives
    # Skarney's, with and without the one wild card a sequence holds.
    places = tuple(rank - 1 for rank in SKARNEY_RULES.sequence_slots)
    for ranks in range(1 << 13):
        for wild in (False, True):
            assert _meldable_ranks(ranks, wild) == sequence_reach(
                ranks, 1 if wild else 0, places, SKARNEY_RULES.sequence_min
            ), (ranks, wild)
