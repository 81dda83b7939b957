"""The opening solver against the packing search (S40-OPEN, S40-JOKER, S40-SET,
S40-SEQ, S40-MELD-VALUE).

For a player who has not opened, the engine answers two questions on every new hand:
can the opening still reach the threshold, and which melds may start it. Under Scala
40's meld rules (jokers the only wild cards, sets of distinct suits) a solver answers
them from per-suit and per-rank tables; the packing search over the hand's disjoint melds
answers the same questions for any rules. These tests hold the solver to
the search: on random hands (jokers, cards held twice, small rooms, every threshold),
under every kind of meld rules a ruleset gives, and on every such state of random
playouts.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import PRESETS, GameState, Phase, Ruleset, new_game
from scala40.cards import JOKER, Card, parse_cards
from scala40.games.scala40.hand.opening import can_open_sorted, opening_starts
from scala40.games.scala40.hand.solver import _hand_codes
from scala40.games.scala40.hand.tables import (
    lowest_rank_reach,
    lowest_rank_shapes,
    sequence_places,
    sequence_reach,
    sequence_shapes,
)
from scala40.melds import MeldRules
from tests.games.scala40.helpers import packed_can_open, packed_opening_starts
from tests.options import rulesets as drawn_rulesets
from tests.protocol.cases import one_by_default

#: Meld rules of every kind the ruleset options give: values, joker values, jokers per
#: meld (S40-V-MULTIJOKER), sequences of at most five cards (S40-V-SPLIT).
MELD_RULES: dict[str, MeldRules] = {
    "official": PRESETS["official"].meld_rules,
    "high-values": Ruleset(high_card_values=True).meld_rules,
    "joker25": Ruleset(joker_meld_value=25).meld_rules,
    "joker0": Ruleset(joker_meld_value=0).meld_rules,
    "multi-joker": Ruleset(max_jokers_per_meld=None, jokers=8).meld_rules,
    "two-jokers": Ruleset(max_jokers_per_meld=2, jokers=6).meld_rules,
    "split": Ruleset(split_sequences=True).meld_rules,
}

_DECK = [card for card in range(52) for _ in range(2)] + [JOKER] * 8
# Hands drawn from a few ranks and suits hold far more melds, sets and jokers.
_CROWDED = [card for card in _DECK if card == JOKER or card % 13 < 5 or card // 13 == 0]


def _random_case(
    chooser: random.Random,
) -> tuple[tuple[Card, ...], int, MeldRules, int, int, bool]:
    rules = MELD_RULES[chooser.choice(sorted(MELD_RULES))]
    pool = _CROWDED if chooser.random() < 0.5 else _DECK
    hand = tuple(sorted(chooser.sample(pool, chooser.randint(3, 15))))
    needed = chooser.choice([1, 5, 12, 20, 30, 40, 40, 40, 51, 60, 90])
    keep = chooser.randint(1, 2)
    close_ok = chooser.random() < 0.25
    return hand, needed, rules, keep, 0 if close_ok else keep, close_ok


def _check(
    hand: tuple[Card, ...],
    needed: int,
    rules: MeldRules,
    keep: int,
    final_keep: int,
    close_ok: bool,
) -> None:
    expected = packed_can_open(hand, needed, rules, final_keep, None)
    assert can_open_sorted(hand, needed, rules, final_keep, None) is expected, hand
    starts = packed_opening_starts(hand, needed, rules, keep, final_keep, close_ok, None)
    assert opening_starts(hand, needed, rules, keep, final_keep, close_ok, None) == starts, hand


def test_the_solver_answers_as_the_search_on_random_hands() -> None:
    chooser = random.Random(40)
    for _ in range(2500):
        _check(*_random_case(chooser))


@pytest.mark.slow
def test_the_solver_answers_as_the_search_on_many_random_hands() -> None:
    chooser = random.Random(41)
    for _ in range(60_000):
        _check(*_random_case(chooser))


@settings(max_examples=60, deadline=None)
@given(rules=drawn_rulesets(Ruleset), seed=st.integers(0, 2**32))
def test_the_solver_answers_as_the_search_under_random_rulesets(rules: Ruleset, seed: int) -> None:
    chooser = random.Random(seed)
    deck = list(rules.deck.cards)
    for _ in range(20):
        hand = tuple(sorted(chooser.sample(deck, chooser.randint(3, min(16, len(deck))))))
        keep = chooser.randint(1, 2)
        close_ok = rules.close_without_discard and chooser.random() < 0.5
        needed = chooser.randint(1, max(1, rules.opening_threshold))
        _check(hand, needed, rules.meld_rules, keep, 0 if close_ok else keep, close_ok)


@pytest.mark.parametrize(
    ("hand", "needed", "keep", "expected"),
    [
        # S40-OPEN: all 14 cards meld into 46; with a card kept for the discard, the
        # best is 44 (2S 3S 4S instead of 2S 3S 4S 5S, say).
        ("2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C", 46, 0, True),
        ("2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C", 45, 1, False),
        ("2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C", 44, 1, True),
        # Three copies of a card (no deck deals that, but the function accepts it).
        ("7H 7H 7H 8H 9H 7S 7D", 30, 1, True),
        # Two jokers, one per meld (S40-JOKER).
        ("JK JK KS KH QD QC", 40, 0, True),
        ("JK JK KS KH QD QC", 40, 1, False),
    ],
)
def test_the_solver_on_hands_whose_room_or_copies_matter(
    hand: str, needed: int, keep: int, expected: bool
) -> None:
    cards = tuple(sorted(parse_cards(hand)))
    rules = PRESETS["official"].meld_rules
    assert packed_can_open(cards, needed, rules, keep, None) is expected
    _check(cards, needed, rules, max(keep, 1), keep, keep == 0)


def _unopened_play_states(rules: Ruleset, players: int, seeds: range) -> list[GameState]:
    found = []
    for seed in seeds:
        chooser = random.Random(seed)
        state = new_game(rules, players=players, seed=seed)
        moves = 0
        while not state.is_over and moves < 1500:
            if state.phase is Phase.PLAY and not state.opened[state.turn]:
                found.append(state)
            legal = state.legal_moves()
            state = state.apply(legal[chooser.randrange(len(legal))])
            moves += 1
    return found


@pytest.mark.parametrize(
    ("rules", "players", "seeds"),
    [
        (PRESETS["official"], 4, range(6)),
        (PRESETS["official"], 2, range(4)),
        (Ruleset(max_jokers_per_meld=None, jokers=6, opening_threshold=51), 3, range(3)),
        (Ruleset(joker_meld_value=25, split_sequences=True), 4, range(3)),
    ],
)
def test_the_solver_answers_as_the_search_along_random_playouts(
    rules: Ruleset, players: int, seeds: range
) -> None:
    # S40-OPEN: every state of a player who has not opened, with the opening in progress
    # or not, the first round's two cards kept or not.
    for state in _unopened_play_states(rules, players, seeds):
        player = state.turn
        keep = 1 if state.may_close else 2
        close_ok = rules.close_without_discard and state.may_close
        needed = rules.opening_threshold - state.opening_value
        _check(
            state.hands[player], needed, rules.meld_rules, keep, 0 if close_ok else keep, close_ok
        )


#: Meld rules whose sequences place the ace otherwise, or cap jokers against naturals.
OTHER_SEQUENCES: dict[str, MeldRules] = {
    "ace-high-only": MeldRules(ace_low=False),
    "ace-low-only": MeldRules(ace_high=False, max_wilds=2),
    "natural-lead": MeldRules(max_wilds=None, min_natural_lead=1, sequence_max=7),
}


@pytest.mark.parametrize(
    "name", one_by_default(sorted(MELD_RULES) + sorted(OTHER_SEQUENCES), "official")
)
def test_the_sequences_through_the_lowest_rank_are_those_of_the_whole_table(name: str) -> None:
    """The solver's sequences of one suit through its lowest rank held (S40-SEQ,
    S40-JOKER) are exactly those of the full table of the suit's sequences whose lowest
    natural rank is that rank, for every set of ranks held and every number of jokers;
    and so are those of the ranks such a sequence can reach, the solver's key."""
    rules = MELD_RULES.get(name) or OTHER_SEQUENCES[name]
    places = sequence_places(rules)
    for mask in range(1, 1 << 13, 7 if name == "official" else 11):
        place = (mask & -mask).bit_length() - 1
        for cap in range(4):
            whole = sorted(
                shape
                for shape in sequence_shapes(mask, cap, rules)
                if min(card for card in shape[0] if card != JOKER) == place
            )
            assert sorted(lowest_rank_shapes(mask, cap, rules)) == whole, (mask, cap)
            reach = lowest_rank_reach(mask, cap, *places)
            assert reach & mask == reach, (mask, cap)  # ranks held only
            assert reach & -reach == mask & -mask, (mask, cap)  # the lowest among them
            assert sorted(lowest_rank_shapes(reach, cap, rules)) == whole, (mask, cap, reach)


@pytest.mark.parametrize(
    "name", one_by_default(sorted(MELD_RULES) + sorted(OTHER_SEQUENCES), "official")
)
def test_the_ranks_no_sequence_holds_change_no_suit_table(name: str) -> None:
    """A suit's table of sequences (S40-SEQ, S40-JOKER) is the same without the ranks
    that no sequence can hold, which the tables leave out of their keys: for every set of
    ranks held and every number of jokers."""
    rules = MELD_RULES.get(name) or OTHER_SEQUENCES[name]
    places, _ = sequence_places(rules)
    for mask in range(1, 1 << 13, 7 if name == "official" else 11):
        for cap in range(4):
            reach = sequence_reach(mask, cap, places, rules.sequence_min)
            assert reach & mask == reach, (mask, cap)
            assert sequence_shapes(reach, cap, rules) == sequence_shapes(mask, cap, rules), (
                mask,
                cap,
                reach,
            )


def test_hand_codes_are_each_suits_counts_two_bits_a_rank() -> None:
    """The solver's reading of a sorted hand (its jokers, and each suit's code: two bits a
    rank holding the copies held) against a count card by card; a card held four times
    (no code can hold it) gives none."""
    chooser = random.Random(40)
    pool = [card for card in range(52) for _ in range(4)] + [JOKER] * 6
    for _ in range(3_000):
        hand = tuple(sorted(chooser.sample(pool, chooser.randint(0, 20))))
        counts = Counter(hand)
        if any(many > 3 for card, many in counts.items() if card != JOKER):
            assert _hand_codes(hand) is None, hand
            continue
        codes = [0, 0, 0, 0]
        for card, many in counts.items():
            if card != JOKER:
                codes[card // 13] += many << 2 * (card % 13)
        assert _hand_codes(hand) == (counts[JOKER], *codes), hand
