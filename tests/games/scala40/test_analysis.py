"""Tests of the hand analysis: best openings, least deadwood and closing.

Each exact search is checked against a brute-force oracle written here from the rules
alone: the openings against every set of disjoint melds of the hand (found by trying
every sub-multiset with ``meld_interpretations``), the least deadwood against every
order of melds, layoffs and joker swaps (``Meld.extensions``, ``Meld.joker_swaps``), and
the close search against a depth-first search of the legal moves without pruning.
Example tests cite the rule IDs they check.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache
from itertools import combinations

import attrs
import pytest
from hypothesis import HealthCheck, assume, event, example, given, settings
from hypothesis import strategies as st

from scala40 import (
    JOKER,
    PRESETS,
    Discard,
    DrawStock,
    GameState,
    IllegalMoveError,
    InvalidCardError,
    InvalidStateError,
    LayOff,
    Meld,
    MeldRules,
    Move,
    Phase,
    Ruleset,
    Split,
    SwapJoker,
    TakeDiscard,
    check_meld,
    hand_value,
    meld_interpretations,
    new_game,
    parse_card,
    parse_cards,
)
from scala40.cards import Card, make_card
from scala40.errors import InvalidMeldError, SearchLimitError
from scala40.games.scala40.analysis import (
    Criterion,
    Deadwood,
    Opening,
    best_opening,
    can_close,
    can_open,
    closing_moves,
    hand_melds,
    min_deadwood,
)
from scala40.games.scala40.hand.tables import MAX_HAND_READINGS, find_melds
from scala40.games.scala40.state import meld_from_spec
from tests.games.scala40.helpers import packed_can_open, packed_opening_starts, position_or_reject
from tests.strategies import valid_melds

#: The rulesets the property tests run under, by name.
RULESETS: dict[str, Ruleset] = {
    "official": PRESETS["official"],
    # S40-V-HIGHVALUES
    "high-values": Ruleset(high_card_values=True),
    # S40-V-JOKER25
    "joker25": Ruleset(joker_meld_value=25),
    # S40-V-MULTIJOKER
    "multi-joker": Ruleset(max_jokers_per_meld=None),
    # S40-V-LONEACE, with S40-V-HIGHVALUES
    "lone-ace": Ruleset(lone_ace_scores_one=True, high_card_values=True),
}

CRITERIA: tuple[Criterion, ...] = ("value", "cards", "deadwood")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


# ---------------------------------------------------------------- hands for the properties


@st.composite
def hands(draw: st.DrawFn, min_size: int = 5, max_size: int = 10) -> tuple[Card, ...]:
    """Hands from the 108-card deck (two copies of each card at most, two jokers at most),
    drawn from a few neighbouring ranks of a few suits so that melds are common."""
    low = draw(st.integers(1, 10))
    ranks = [(low + step - 1) % 13 + 1 for step in range(draw(st.integers(3, 5)))]
    ranks += draw(st.lists(st.integers(1, 13), max_size=2))
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
    pool = sorted({make_card(rank, suit) for rank in ranks for suit in suits})
    jokers = draw(st.integers(0, 2))
    size = draw(st.integers(min_size, max_size))
    # Each card of the pool twice: distinct places give at most two copies of a card.
    places = draw(
        st.lists(
            st.integers(0, 2 * len(pool) - 1),
            min_size=min(size - jokers, 2 * len(pool)),
            max_size=size - jokers,
            unique=True,
        )
    )
    return tuple(sorted([*(pool[place // 2] for place in places), *([JOKER] * jokers)]))


# ---------------------------------------------------------------- oracle: disjoint melds


@cache
def oracle_melds(
    hand: tuple[Card, ...], rules: MeldRules
) -> tuple[tuple[tuple[Card, ...], int], ...]:
    """Every sub-multiset of ``hand`` that is a meld, with its best reading's value."""
    found: dict[tuple[Card, ...], int] = {}
    for size in range(3, len(hand) + 1):
        for chosen in set(combinations(hand, size)):
            readings = meld_interpretations(chosen, rules)
            if readings:
                found[chosen] = max(meld.value for meld in readings)
    return tuple(sorted(found.items()))


def oracle_collections(
    hand: tuple[Card, ...], rules: MeldRules
) -> list[tuple[int, tuple[tuple[Card, ...], ...], tuple[Card, ...]]]:
    """Every set of disjoint melds of ``hand`` (the empty set included): its value, its
    melds and the cards left."""
    melds = oracle_melds(hand, rules)
    found = []

    def visit(start: int, left: Counter[Card], chosen: list[tuple[Card, ...]], value: int) -> None:
        rest = tuple(sorted(left.elements()))
        found.append((value, tuple(chosen), rest))
        for index in range(start, len(melds)):
            meld, meld_value = melds[index]
            need = Counter(meld)
            if all(left[card] >= count for card, count in need.items()):
                chosen.append(meld)
                visit(index, left - need, chosen, value + meld_value)
                chosen.pop()

    visit(0, Counter(hand), [], 0)
    return found


def criterion_key(criterion: str, value: int, left: int, left_value: int) -> tuple[int, ...]:
    if criterion == "value":
        return (value, -left, -left_value)
    if criterion == "cards":
        return (-left, value, -left_value)
    return (-left_value, value, -left)


def oracle_opening(
    hand: tuple[Card, ...],
    rules: Ruleset,
    criterion: str,
    keep: int,
    threshold: int,
    must: Card | None,
) -> tuple[int, ...] | None:
    best = None
    for value, melds, left in oracle_collections(hand, rules.meld_rules):
        if not melds or len(left) < keep or value < threshold:
            continue
        if must is not None and not any(must in meld for meld in melds):
            continue
        key = criterion_key(criterion, value, len(left), hand_value(left, rules))
        if best is None or key > best:
            best = key
    return best


def check_opening(hand: tuple[Card, ...], rules: Ruleset, opening: Opening) -> None:
    """The opening is made of disjoint melds of the hand and describes itself right."""
    for meld in opening.melds:
        assert meld in meld_interpretations(meld.cards, rules)
    used = Counter(card for meld in opening.melds for card in meld.cards)
    assert used + Counter(opening.remaining) == Counter(hand)
    assert opening.value == sum(meld.value for meld in opening.melds)
    assert opening.remaining_value == hand_value(opening.remaining, rules)


def check_best_opening(data: st.DataObject, rules: Ruleset) -> None:
    """Every criterion's answer on a drawn hand is the best of all disjoint melds."""
    hand = data.draw(hands())
    keep = data.draw(st.integers(0, 2))
    threshold = data.draw(st.sampled_from([0, 0, 20, 30, 40, 51]))
    must = data.draw(st.sampled_from(hand)) if data.draw(st.booleans()) else None
    for criterion in CRITERIA:
        opening = best_opening(
            hand, rules, criterion=criterion, keep=keep, must_include=must, threshold=threshold
        )
        expected = oracle_opening(hand, rules, criterion, keep, threshold, must)
        event(f"{criterion}: {'no opening' if expected is None else 'an opening'}")
        if expected is None:
            assert opening is None
            continue
        assert opening is not None
        check_opening(hand, rules, opening)
        assert len(opening.remaining) >= keep
        assert opening.value >= threshold
        assert must is None or any(must in meld.cards for meld in opening.melds)
        got = criterion_key(
            criterion, opening.value, len(opening.remaining), opening.remaining_value
        )
        assert got == expected, (criterion, opening)


@pytest.mark.parametrize("name", list(RULESETS))
@given(data=st.data())
def test_best_opening_matches_every_set_of_disjoint_melds(name: str, data: st.DataObject) -> None:
    # S40-OPEN, S40-DISJOINT, S40-HAND-VALUE (S40-V-HIGHVALUES, S40-V-LONEACE)
    check_best_opening(data, RULESETS[name])


@pytest.mark.slow
@pytest.mark.parametrize("name", list(RULESETS))
@settings(max_examples=1500)
@given(data=st.data())
def test_best_opening_matches_every_set_of_disjoint_melds_at_length(
    name: str, data: st.DataObject
) -> None:
    check_best_opening(data, RULESETS[name])


def oracle_can_open(
    hand: tuple[Card, ...], rules: MeldRules, needed: int, keep: int, must: Card | None
) -> bool:
    """Whether some set of disjoint melds of ``hand`` is worth ``needed``, leaving
    ``keep`` cards, one of its melds holding ``must`` if given."""
    return any(
        value >= needed
        and len(left) >= keep
        and (must is None or any(must in meld for meld in melds))
        for value, melds, left in oracle_collections(hand, rules)
    )


@pytest.mark.parametrize("name", list(RULESETS))
@given(
    hand=hands(max_size=9),
    needed=st.sampled_from([1, 12, 30, 40, 51]),
    keep=st.integers(0, 2),
    data=st.data(),
)
def test_the_packing_search_opens_as_every_set_of_disjoint_melds(
    name: str, hand: tuple[Card, ...], needed: int, keep: int, data: st.DataObject
) -> None:
    # S40-OPEN, S40-V-EARLYDISCARD: the packing search, the reference of the engine's
    # opening solver, answers "can it open" as every set of disjoint melds does, and lists
    # as the melds that may start the opening those some such set holds, its rest
    # reachable.
    rules = RULESETS[name].meld_rules
    must = data.draw(st.sampled_from(hand)) if data.draw(st.booleans()) else None
    expected = oracle_can_open(hand, rules, needed, keep, must)
    assert packed_can_open(hand, needed, rules, keep, must) is expected
    close_ok = keep == 0
    starts = packed_opening_starts(hand, needed, rules, max(keep, 1), keep, close_ok, must)
    for meld in hand_melds(hand, rules):
        rest = tuple(sorted((Counter(hand) - Counter(meld.cards)).elements()))
        still = needed - meld.value
        still_must = None if must is None or must in meld.cards else must
        if still <= 0:
            fits = still_must is None and (len(rest) >= max(keep, 1) or (not rest and close_ok))
        else:
            fits = oracle_can_open(rest, rules, still, keep, still_must)
        assert (meld in starts) is fits, (meld, hand, needed, keep, must)


@pytest.mark.parametrize("name", list(RULESETS))
@given(hand=hands(max_size=9))
def test_hand_melds_are_every_reading_of_every_meld_in_the_hand(
    name: str, hand: tuple[Card, ...]
) -> None:
    # C-WILD, S40-SEQ, S40-SET, S40-MELD-VALUE: the melds the engine lists, assembled from
    # per-suit and per-rank tables, are every reading of every sub-multiset, valued alike.
    rules = RULESETS[name].meld_rules
    listed = {(meld.cards, meld.represented, meld.value) for meld in hand_melds(hand, rules)}
    expected = {
        (meld.cards, meld.represented, meld.value)
        for size in range(3, len(hand) + 1)
        for chosen in set(combinations(hand, size))
        for meld in meld_interpretations(chosen, rules)
    }
    assert listed == expected
    assert len(listed) == len(hand_melds(hand, rules))  # each once (C-IDENTITY)


@pytest.mark.parametrize("name", list(RULESETS))
@given(hand=hands(max_size=10))
def test_the_meld_tables_agree_with_the_general_enumerator(
    name: str, hand: tuple[Card, ...]
) -> None:
    # The per-suit and per-rank tables behind hand_melds (jokers the only wild cards,
    # sets of distinct suits) give exactly what find_melds, the general enumerator, finds.
    rules = RULESETS[name].meld_rules
    assert hand_melds(hand, rules) == find_melds(tuple(sorted(hand)), rules)


GENERAL_MELD_RULES = {
    # Other wild cards, or sets that may repeat a suit: hand_melds enumerates them with
    # find_melds, the general enumerator.
    "twos-wild": MeldRules(wild_ranks={2}),
    "twos-wild-any-number": MeldRules(wild_ranks={2}, max_wilds=None),
    "repeated-suits": MeldRules(set_suits_distinct=False, set_max=6),
}


@pytest.mark.parametrize("name", list(GENERAL_MELD_RULES))
@settings(max_examples=60)
@given(hand=hands(max_size=8))
@example(hand=tuple(parse_cards("2S 2S 3S 2H 2D 2C JK")))  # 1080 readings of one meld
def test_hand_melds_under_other_wild_cards_and_repeated_suits(
    name: str, hand: tuple[Card, ...]
) -> None:
    # C-WILD: every reading of every sub-multiset, each once (C-IDENTITY). With any number
    # of wild cards one meld can have more readings than the documented bound, or the hand
    # more than MAX_HAND_READINGS in all: then the enumerator refuses the hand with
    # SearchLimitError, and the brute force finds the meld past the bound or counts the
    # readings past it.
    rules = GENERAL_MELD_RULES[name]
    try:
        found = hand_melds(hand, rules)
    except SearchLimitError:
        subsets = {
            tuple(sorted(chosen))
            for size in range(3, len(hand) + 1)
            for chosen in combinations(hand, size)
        }
        readings, refusal = 0, ""
        for chosen in subsets:
            try:
                readings += len(meld_interpretations(chosen, rules))
            except InvalidMeldError as error:  # one meld past its bound
                refusal = str(error)
                break
        assert "readings, more than" in refusal or readings > MAX_HAND_READINGS
        return
    listed = {(meld.cards, meld.represented, meld.value) for meld in found}
    expected = {
        (meld.cards, meld.represented, meld.value)
        for size in range(3, len(hand) + 1)
        for chosen in set(combinations(hand, size))
        for meld in meld_interpretations(chosen, rules)
    }
    assert listed == expected
    assert len(listed) == len(found)


@pytest.mark.parametrize("hand", ["7H 7H 7H 8H 8H 8H 9H 9H 9H 2C", "7H 7H 7H 8H 9H 7S 7D JK"])
def test_the_packing_search_counts_every_copy_of_a_card(hand: str) -> None:
    # Hands with three copies of a card do not come from one deck, but the analysis
    # functions accept them: each copy in some meld counts.
    rules = PRESETS["official"].meld_rules
    held = cards(hand)
    for needed in range(20, 80, 3):
        for keep in (0, 1, 2):
            expected = oracle_can_open(held, rules, needed, keep, None)
            assert packed_can_open(held, needed, rules, keep, None) is expected, (needed, keep)
    assert packed_can_open(cards("7H 7H 7H 8H 8H 8H 9H 9H 9H 2C"), 72, rules, 1, None)


@pytest.mark.parametrize("name", list(RULESETS))
@given(hand=hands(), keep=st.integers(0, 2))
def test_min_deadwood_without_a_table_matches_every_set_of_melds(
    name: str, hand: tuple[Card, ...], keep: int
) -> None:
    # S40-HAND-VALUE: the least penalty left after putting down disjoint melds.
    rules = RULESETS[name]
    expected = min(
        hand_value(left, rules)
        for _, _, left in oracle_collections(hand, rules.meld_rules)
        if len(left) >= keep
    )
    found = min_deadwood(hand, rules, keep=keep)
    assert found.value == expected
    assert len(found.remaining) >= keep
    assert found.value == hand_value(found.remaining, rules)
    assert found.layoffs == ()
    assert found.swaps == ()


# ---------------------------------------------------------------- oracle: every order of moves


def oracle_deadwood(
    hand: tuple[Card, ...], table: tuple[Meld, ...], rules: Ruleset, keep: int
) -> int:
    """The least penalty over every position reached by putting down melds, laying off
    and swapping jokers, one move at a time in every order (new melds join the table)."""
    meld_rules = rules.meld_rules
    seen: set[tuple[tuple[Card, ...], tuple[Meld, ...]]] = set()
    best = hand_value(hand, rules) if len(hand) >= keep else None
    stack = [(hand, table)]
    while stack:
        hand, table = stack.pop()
        if (hand, table) in seen:
            continue
        seen.add((hand, table))
        if len(hand) >= keep:
            value = hand_value(hand, rules)
            best = value if best is None else min(best, value)
        following: list[tuple[tuple[Card, ...], tuple[Meld, ...]]] = []
        for meld_cards, _ in oracle_melds(hand, meld_rules):
            for meld in meld_interpretations(meld_cards, meld_rules):
                following.append((remove(hand, meld.cards), (*table, meld)))
        for index, meld in enumerate(table):
            for ext in meld.extensions():
                if ext.card in hand:
                    grown = meld.extend(ext.card, ext.end, ext.represents)
                    following.append((remove(hand, (ext.card,)), replace(table, index, grown)))
            for _, represented in meld.joker_swaps():
                if represented in hand:
                    swapped, freed = meld.swap(represented)
                    after = tuple(sorted((*remove(hand, (represented,)), freed)))
                    following.append((after, replace(table, index, swapped)))
        stack.extend(item for item in following if item not in seen)
    assert best is not None
    return best


def remove(hand: tuple[Card, ...], used: Iterable[Card]) -> tuple[Card, ...]:
    left = list(hand)
    for card in used:
        left.remove(card)
    return tuple(left)


def replace(table: tuple[Meld, ...], index: int, meld: Meld) -> tuple[Meld, ...]:
    return (*table[:index], meld, *table[index + 1 :])


@st.composite
def tables(draw: st.DrawFn, rules: Ruleset, max_melds: int = 3) -> tuple[Meld, ...]:
    """A few short table melds (sets, sequences of 3-5 cards), often with a joker."""
    melds = []
    for _ in range(draw(st.integers(1, max_melds))):
        if draw(st.booleans()):
            rank = draw(st.integers(1, 13))
            suits = draw(st.lists(st.integers(0, 3), min_size=3, max_size=4, unique=True))
            natural = [make_card(rank, suit) for suit in suits]
        else:
            suit = draw(st.integers(0, 3))
            start = draw(st.integers(1, 11))
            length = draw(st.integers(3, min(5, 14 - start)))
            natural = [make_card((start + step - 1) % 13 + 1, suit) for step in range(length)]
        if draw(st.booleans()):
            natural[draw(st.integers(0, len(natural) - 1))] = JOKER
        readings = meld_interpretations(natural, rules)
        assume(readings)
        melds.append(draw(st.sampled_from(readings)))
    return tuple(melds)


@st.composite
def cards_for_the_table(draw: st.DrawFn, table: tuple[Meld, ...]) -> list[Card]:
    """Up to two cards that extend each table meld (the second extending the first's
    meld: chains), and the cards that free its jokers, each now and then."""
    pieces: list[Card] = []
    for meld in table:
        for _ in range(draw(st.integers(0, 2))):
            extensions = meld.extensions()
            if not extensions:
                break
            ext = draw(st.sampled_from(extensions))
            pieces.append(ext.card)
            meld = meld.extend(ext.card, ext.end, ext.represents)
        for _, represented in meld.joker_swaps():
            if draw(st.booleans()):
                pieces.append(represented)
    return pieces


@st.composite
def hands_near(
    draw: st.DrawFn, table: tuple[Meld, ...], rules: Ruleset, max_size: int
) -> tuple[Card, ...]:
    """Small hands that often fit the table: a meld or two, cards that extend the table
    melds (chains too), cards that free their jokers, and a little noise."""
    pieces: list[Card] = []
    for _ in range(draw(st.integers(0, 2))):
        meld_cards = draw(valid_melds(rules.meld_rules))
        pieces.extend(meld_cards[: draw(st.integers(2, 4))])
    pieces.extend(draw(cards_for_the_table(table)))
    pieces.extend(draw(st.lists(st.integers(0, JOKER), max_size=2)))
    pieces = draw(st.permutations(pieces))[:max_size]
    assume(pieces)
    return tuple(sorted(pieces))


def fits_the_deck(rules: Ruleset, *groups: Iterable[Card]) -> bool:
    placed: Counter[Card] = Counter()
    for group in groups:
        placed.update(group)
    deck = Counter(rules.deck.cards)
    return all(count <= deck[card] for card, count in placed.items())


def check_min_deadwood(data: st.DataObject, rules: Ruleset) -> None:
    """The least deadwood of a drawn hand and table is the least over every order."""
    table = data.draw(tables(rules))
    hand = data.draw(hands_near(table, rules, 6))
    keep = data.draw(st.integers(0, 1))
    assume(fits_the_deck(rules, hand, *(meld.cards for meld in table)))
    found = min_deadwood(hand, rules, table=table, keep=keep)
    event(f"swaps: {len(found.swaps)}, layoffs: {min(len(found.layoffs), 2)}")
    assert found.value == oracle_deadwood(hand, table, rules, keep)
    check_deadwood(hand, table, rules, found)
    assert len(found.remaining) >= keep


@pytest.mark.parametrize("name", list(RULESETS))
@settings(max_examples=30)  # 1,000 in the slow test at length
@given(data=st.data())
def test_min_deadwood_matches_every_order_of_melds_layoffs_and_swaps(
    name: str, data: st.DataObject
) -> None:
    # S40-AFTER-OPEN, S40-LAYOFF-JOKER, S40-SWAP, S40-HAND-VALUE
    check_min_deadwood(data, RULESETS[name])


@pytest.mark.slow
@pytest.mark.parametrize("name", list(RULESETS))
@settings(max_examples=1000)
@given(data=st.data())
def test_min_deadwood_matches_every_order_at_length(name: str, data: st.DataObject) -> None:
    check_min_deadwood(data, RULESETS[name])


def check_deadwood(
    hand: tuple[Card, ...], table: tuple[Meld, ...], rules: Ruleset, found: Deadwood
) -> None:
    """The plan plays out: swaps, then layoffs, then melds, leaving ``remaining``."""
    melds = list(table)
    left = list(hand)
    for swap in found.swaps:
        left.remove(swap.card)
        melds[swap.meld], freed = melds[swap.meld].swap(swap.card)
        left.append(freed)
    for layoff in found.layoffs:
        left.remove(layoff.card)
        melds[layoff.meld] = melds[layoff.meld].extend(layoff.card, layoff.end, layoff.represents)
    for meld in found.melds:
        assert meld in meld_interpretations(meld.cards, rules)
        for card in meld.cards:
            left.remove(card)
    assert sorted(left) == list(found.remaining)
    assert found.value == hand_value(found.remaining, rules)


# ---------------------------------------------------------------- oracle: closing


def oracle_can_close(state: GameState) -> bool:
    """A depth-first search of every legal move sequence of the turn, without pruning."""
    player = state.turn
    seen: set[tuple[object, ...]] = set()

    def visit(state: GameState) -> bool:
        key = (
            state.hands[player],
            state.table,
            state.opened,
            state.opening_value,
            state.taken_used,
        )
        if key in seen:
            return False
        seen.add(key)
        for move in state.legal_moves():
            after = state.apply(move)
            if isinstance(move, Discard):
                if after.hand_number != state.hand_number or after.phase is Phase.OVER:
                    return True
                continue
            if after.phase is not Phase.PLAY:
                return True
            if visit(after):
                return True
        return False

    return visit(state)


def closes(state: GameState, moves: Iterable[Move]) -> bool:
    """Whether the moves, played in order, end the hand with the mover closing."""
    player = state.turn
    number = state.hand_number
    for move in moves:
        assert state.phase in (Phase.DRAW, Phase.PLAY)
        assert state.turn == player
        state = state.apply(move)
    ended = state.hand_number != number or state.phase is Phase.OVER
    return ended and state.last_hand is not None and state.last_hand.closer == player


#: Rulesets for the close search: every one changes what may close.
CLOSE_RULESETS: dict[str, Ruleset] = {
    "official": PRESETS["official"],
    # S40-V-NODISCARDCLOSE, S40-V-JOKER25
    "federation-article": PRESETS["federation-article"],
    # S40-V-SPLIT
    "classic": PRESETS["classic"],
    # S40-V-PLAYABLE: no closing discard of a card that extends a table meld
    "ban-closing": Ruleset(ban_playable_discard_closing=True, ban_playable_discard_opened=True),
    # S40-V-MULTIJOKER, S40-V-EARLYDISCARD
    "multi-joker": Ruleset(max_jokers_per_meld=None, discard_draw_to_open=True),
    # a low threshold, so that openings and closes in one turn are common (S40-OPEN)
    "low-threshold": Ruleset(opening_threshold=15),
}


@st.composite
def closing_hands(draw: st.DrawFn, table: tuple[Meld, ...], rules: Ruleset) -> tuple[Card, ...]:
    """Hands near a close: whole melds, cards that extend the table melds (chains too) or
    free their jokers, a spare card or two, and now and then one card less."""
    pieces: list[Card] = []
    for _ in range(draw(st.integers(0, 2))):
        meld_cards = draw(valid_melds(rules.meld_rules))
        assume(len(meld_cards) <= 5)
        pieces.extend(meld_cards)
    pieces.extend(draw(cards_for_the_table(table)))
    pieces.extend(draw(st.lists(st.integers(0, JOKER), max_size=2)))
    if len(pieces) > 2 and draw(st.integers(0, 3)) == 0:
        pieces.pop(draw(st.integers(0, len(pieces) - 1)))
    return tuple(sorted(pieces))


# play_positions() rejects the tables and hands that do not fit one deck together, and
# on some runs more than Hypothesis's health check allows for a small hand: the examples
# it keeps are as varied, so the tests that draw it let that check pass.
_FILTERED = [HealthCheck.filter_too_much]


@st.composite
def play_positions(draw: st.DrawFn, rules: Ruleset, max_hand: int = 8) -> GameState:
    """Small PLAY-phase positions: a table of a few melds, a hand that often fits it."""
    table = draw(tables(rules, max_melds=3)) if draw(st.integers(0, 3)) else ()
    hand = draw(closing_hands(table, rules))
    assume(2 <= len(hand) <= max_hand)
    opened = draw(st.integers(0, 2)) > 0
    played = draw(st.sampled_from([(1, 1), (1, 1), (1, 1), (0, 1), (1, 0)]))
    taken = None
    if draw(st.integers(0, 3)) == 0 and (opened or rules.discard_draw_to_open):
        taken = draw(st.sampled_from(hand))
    other = draw(st.lists(st.integers(0, 51), min_size=1, max_size=4))
    discard = draw(st.integers(0, 51))
    assume(fits_the_deck(rules, hand, other, [discard], *(meld.cards for meld in table)))
    return position_or_reject(
        hands=[hand, other],
        discard=[discard],
        table=list(table),
        opened=[opened, draw(st.booleans())],
        turns_played=list(played),
        phase="play",
        rules=rules,
        taken=taken,
        taken_must_use=taken is not None,
    )


def check_can_close(state: GameState) -> bool:
    """The close search agrees with the unpruned one, and its moves close."""
    expected = oracle_can_close(state)
    moves = closing_moves(state)
    assert can_close(state) is expected
    assert (moves is not None) is expected
    if moves is not None:
        assert closes(state, moves)
    return expected


@pytest.mark.parametrize("name", list(CLOSE_RULESETS))
# 1,000 in the slow test at length
@settings(max_examples=30, suppress_health_check=_FILTERED)
@given(data=st.data())
def test_can_close_matches_a_search_of_every_legal_move(name: str, data: st.DataObject) -> None:
    # S40-CLOSE, S40-OPEN, S40-AFTER-OPEN, S40-FIRST-ROUND, S40-DRAW-DISCARD, S40-DISCARD
    state = data.draw(play_positions(CLOSE_RULESETS[name]))
    event(f"closes: {check_can_close(state)}, opened: {state.opened[state.turn]}")


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CLOSE_RULESETS))
@settings(max_examples=1000, suppress_health_check=_FILTERED)
@given(data=st.data())
def test_can_close_matches_a_search_of_every_legal_move_at_length(
    name: str, data: st.DataObject
) -> None:
    state = data.draw(play_positions(CLOSE_RULESETS[name]))
    event(f"closes: {check_can_close(state)}, opened: {state.opened[state.turn]}")


@pytest.mark.parametrize("name", ["official", "multi-joker"])
@settings(max_examples=40, suppress_health_check=_FILTERED)
@given(data=st.data())
def test_can_close_before_the_draw_tries_the_known_cards(name: str, data: st.DataObject) -> None:
    # S40-DRAW-DISCARD, S40-DRAW-STOCK: the discard pile top, or a card named as drawn.
    rules = CLOSE_RULESETS[name]
    position = data.draw(play_positions(rules, max_hand=6))
    hand = list(position.hands[0])
    top = hand.pop(data.draw(st.integers(0, len(hand) - 1)))
    state = GameState.from_position(
        hands=[hand, position.hands[1]],
        discard=[*position.discard, top],
        table=list(position.table),
        opened=list(position.opened),
        turns_played=list(position.turns_played),
        rules=rules,
    )
    taking = (
        oracle_can_close(state.apply(TakeDiscard()))
        if TakeDiscard() in state.legal_moves()
        else False
    )
    assert can_close(state) is taking
    drawn = data.draw(st.sampled_from(sorted(set(state.stock))))
    stock = list(state.stock)
    stock.remove(drawn)
    known = GameState.from_position(
        hands=[hand, position.hands[1]],
        discard=list(state.discard),
        stock=[*stock, drawn],
        table=list(position.table),
        opened=list(position.opened),
        turns_played=list(position.turns_played),
        rules=rules,
    )
    drawing = oracle_can_close(known.apply(DrawStock()))
    assert can_close(state, drawn=drawn) is (taking or drawing)
    moves = closing_moves(state, drawn=drawn)
    assert (moves is not None) is (taking or drawing)
    if moves is not None and moves[0] == DrawStock():
        assert closes(known, moves)
    elif moves is not None:
        assert closes(state, moves)


# ---------------------------------------------------------------- examples: openings


def test_best_opening_reaches_the_threshold_with_the_highest_value() -> None:
    # S40-OPEN: 40 points of new melds from the hand; S40-MELD-VALUE: the joker is the 10C.
    opening = best_opening("JK 9C 8C 5D 5H 5S 2H")
    assert opening is not None
    assert opening.value == 42
    assert [str(m) for m in opening.melds] == ["5S 5H 5D", "8C 9C JK=10C"]
    assert opening.remaining == cards("2H")
    assert opening.remaining_value == 2


def test_best_opening_uses_the_ruleset_threshold() -> None:
    # S40-OPEN: option opening_threshold; threshold=0 asks for no minimum.
    hand = "QH KH AH 2C 3D 9S"
    assert best_opening(hand) is None
    assert best_opening(hand, Ruleset(opening_threshold=30)) is not None
    assert best_opening(hand, Ruleset(opening_threshold=30).meld_rules) is None
    opening = best_opening(hand, threshold=0)
    assert opening is not None
    assert opening.value == 31


def test_best_opening_criteria_disagree() -> None:
    # S40-HAND-VALUE: A-2-3 (6 points) leaves less in hand than 3-3-3 (9 points).
    hand = "AS 2S 3S 3H 3D 9C"
    by_value = best_opening(hand, threshold=0)
    by_deadwood = best_opening(hand, threshold=0, criterion="deadwood")
    assert by_value is not None
    assert by_deadwood is not None
    assert (by_value.value, by_value.remaining_value) == (9, 22)
    assert (by_deadwood.value, by_deadwood.remaining_value) == (6, 15)


def test_best_opening_by_cards_prefers_more_cards_over_value() -> None:
    # Q-K-A of hearts (31) or 10-J-Q-K of hearts (40, one card more).
    hand = "10H JH QH KH AH 5C"
    by_value = best_opening(hand, threshold=0)
    by_cards = best_opening(hand, threshold=0, criterion="cards")
    assert by_value is not None
    assert by_cards is not None
    assert by_value.value == 51
    assert by_value.remaining == cards("5C")
    assert by_cards.remaining == cards("5C")


def test_best_opening_threshold_with_another_criterion() -> None:
    # S40-OPEN with criterion="cards": the most cards melded is A-2-JK-4 of clubs (4 cards,
    # 10 points); with a threshold of 30 the best is the three aces (3 cards, 33 points).
    hand = "AD 5D AC 2C 4C JK"
    most = best_opening(hand, criterion="cards", threshold=0)
    assert most is not None
    assert (most.value, len(most.remaining)) == (10, 2)
    opening = best_opening(hand, criterion="cards", threshold=30)
    assert opening is not None
    assert (opening.value, len(opening.remaining)) == (33, 3)
    assert [str(meld) for meld in opening.melds] == ["JK=AS AD AC"]
    assert best_opening(hand, criterion="cards", threshold=34) is None
    # S40-HAND-VALUE with criterion="deadwood": 20 left at best, 26 for 20 points.
    hand = "AS AS 3S 5S 2D 3D 4D 4D JK"
    least = best_opening(hand, criterion="deadwood", threshold=0)
    assert least is not None
    assert (least.value, least.remaining_value) == (15, 20)
    opening = best_opening(hand, criterion="deadwood", threshold=20)
    assert opening is not None
    assert (opening.value, opening.remaining_value) == (21, 26)


def test_best_opening_keeps_cards_to_discard() -> None:
    # S40-CLOSE: one card stays to discard; S40-FIRST-ROUND: two in the first round.
    assert best_opening("QH KH AH", threshold=0) is None
    full = best_opening("QH KH AH", threshold=0, keep=0)
    assert full is not None
    assert full.remaining == ()
    opening = best_opening("9S 9H 9D 9C 5S", threshold=0, keep=2)
    assert opening is not None
    assert len(opening.remaining) == 2


def test_best_opening_must_include_the_taken_card() -> None:
    # S40-DRAW-DISCARD, S40-V-EARLYDISCARD: the card taken must be in the opening.
    hand = "7S 8S 9S 9H 9D KD KH KC 2C"
    free = best_opening(hand)
    assert free is not None
    assert free.value == 57
    forced = best_opening(hand, must_include="7S")
    assert forced is not None
    assert forced.value == 54
    assert [str(meld) for meld in forced.melds] == ["KH KD KC", "7S 8S 9S"]
    assert best_opening(hand, must_include="2C") is None
    assert best_opening(hand, must_include="QS") is None


def test_best_opening_high_values_and_lone_ace() -> None:
    # S40-V-HIGHVALUES: a set of three aces opens alone (42).
    rules = Ruleset(high_card_values=True)
    opening = best_opening("AS AH AD 5C", rules)
    assert opening is not None
    assert opening.value == 42
    assert best_opening("AS AH AD 5C") is None  # 33 under the official values
    # S40-V-LONEACE: the ace alone in hand costs 1, so leaving it beats leaving the 2.
    lone = Ruleset(lone_ace_scores_one=True)
    hand = "AC 2S 3S 4S 5S 6S"
    hand = "AD 2D 3D 4D"
    official = best_opening(hand, threshold=0, criterion="deadwood")
    assert official is not None
    assert official.remaining == cards("4D")
    opening = best_opening(hand, lone, threshold=0, criterion="deadwood")
    assert opening is not None
    assert opening.remaining == cards("AD")
    assert opening.remaining_value == 1
    assert best_opening(hand, lone, threshold=0, keep=2, criterion="deadwood") is None


def test_best_opening_joker25_and_multijoker() -> None:
    # S40-V-JOKER25: 001's example opens with 7S 7H JK + 4D 4C 4S (7+7+25 + 12 = 51).
    rules = PRESETS["federation-article"]
    opening = best_opening("7S 7H JK 4D 4C 4S 2C", rules)
    assert opening is not None
    assert opening.value == 51
    assert best_opening("7S 7H JK 4D 4C 4S 2C") is None  # the joker as 7D: 21 + 12
    # S40-V-MULTIJOKER: two jokers in one meld, more natural cards than jokers.
    multi = Ruleset(max_jokers_per_meld=None)
    opening = best_opening("JK JK 10S JS QS 2C", multi, keep=1)
    assert opening is not None
    assert opening.value == 51
    assert best_opening("JK JK 10S JS QS 2C", keep=1, threshold=41) is None


def test_best_opening_checks_its_arguments() -> None:
    with pytest.raises(InvalidCardError):
        best_opening("7S 8S XX")
    with pytest.raises(InvalidCardError):
        best_opening("7S 8S 9S", must_include="ZZ")
    with pytest.raises(ValueError, match="criterion"):
        best_opening("7S 8S 9S", criterion="points")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="keep"):
        best_opening("7S 8S 9S", keep=-1)
    with pytest.raises(ValueError, match="threshold"):
        best_opening("7S 8S 9S", threshold=-5)
    with pytest.raises(TypeError):
        best_opening("7S 8S 9S", rules="official")  # type: ignore[arg-type]


def test_hand_melds_and_can_open_still_work() -> None:
    assert [str(m) for m in hand_melds("7S 8S 9S 9H 9D")] == ["9S 9H 9D", "7S 8S 9S"]
    assert can_open("JK 9C 8C 5D 5H 5S 2H")
    assert not can_open("9S 9H 9D 2S 2H 2D 4C")


def test_best_opening_on_a_big_hand_is_exact() -> None:
    # Fourteen cards with two jokers: many melds; the search still answers exactly.
    hand = cards("JK JK 3S 4S 5S 6S 6H 6D 7D 8D 9D QC QH QS")
    for criterion in CRITERIA:
        opening = best_opening(hand, criterion=criterion)
        assert opening is not None
        check_opening(hand, PRESETS["official"], opening)
    opening = best_opening(hand)
    assert opening is not None
    assert len(opening.remaining) >= 1


# ---------------------------------------------------------------- examples: deadwood


def test_min_deadwood_counts_the_hand_value() -> None:
    # S40-HAND-VALUE: 2-10 face value, J Q K 10, ace 11, joker 25.
    assert min_deadwood("AS KH 7D JK").value == 53
    assert min_deadwood("").value == 0
    found = min_deadwood("7S 8S 9S KD")
    assert found.value == 10
    assert found.remaining == cards("KD")
    # S40-V-HIGHVALUES: K 13, joker 14.
    assert min_deadwood("AS KH 7D JK", Ruleset(high_card_values=True)).value == 48
    # S40-V-LONEACE: the ace left alone costs 1.
    assert min_deadwood("AS 7D 8D 9D", Ruleset(lone_ace_scores_one=True)).value == 1
    assert min_deadwood("AS 7D 8D 9D").value == 11


def test_min_deadwood_lays_off_chains() -> None:
    # S40-AFTER-OPEN: after 8S goes onto 5S-6S-7S, 9S can follow; 4S at the low end too.
    found = min_deadwood("8S 9S 4S KD", table=["5S 6S 7S"])
    assert found.value == 10
    assert [str(m) for m in found.layoffs] == [
        "layoff 4S #0 low",
        "layoff 8S #0 high",
        "layoff 9S #0 high",
    ]
    # A set takes its missing suits only (S40-SET).
    assert min_deadwood("9C 9S", table=["9H 9D 9C"]).value == 9


def test_min_deadwood_lays_off_jokers_within_the_rules() -> None:
    # S40-LAYOFF-JOKER: a joker onto a meld without one, then 10S beyond it.
    found = min_deadwood("JK 10S", table=["6S 7S 8S"])
    assert found.value == 0
    # S40-JOKER: one joker per meld.
    assert min_deadwood("JK", table=["JK=6S 7S 8S"]).value == 25
    # S40-V-MULTIJOKER: a second joker when natural cards still outnumber jokers.
    multi = Ruleset(max_jokers_per_meld=None)
    table = [meld_from_spec("6S 7S 8S JK=9S", multi)]
    assert min_deadwood("JK", multi, table=table).value == 0


def test_min_deadwood_swaps_jokers() -> None:
    # S40-SWAP: the 3H frees the joker, which then joins K-K in hand.
    found = min_deadwood("3H KC KD", table=["3S 3C JK=3H"])
    assert found.value == 0
    assert [str(m) for m in found.swaps] == ["swap 3H #0"]
    assert [str(m) for m in found.melds] == ["JK=KS KD KC"]
    # Only the represented card frees the joker: the 3D cannot.
    assert min_deadwood("3D KC KD", table=["3S 3C JK=3H"]).value == 20  # 3D onto the set
    # The freed joker may go back onto the set, as its fourth card (S40-LAYOFF-JOKER).
    found = min_deadwood("3H", table=["3S 3C JK=3H"])
    assert found.value == 0
    assert len(found.swaps) == len(found.layoffs) == 1
    # A swap that does not pay is not made: the joker would stay in hand for 25.
    found = min_deadwood("3H", table=["3S 3C 3D JK=3H"])
    assert found.value == 3
    assert found.swaps == ()
    # After the swap the meld may take a joker at an end.
    found = min_deadwood("8S 2C", table=["7S JK=8S 9S"], keep=1)
    assert found.value == 2
    assert found.remaining == cards("2C")


def test_min_deadwood_keeps_cards() -> None:
    # S40-CLOSE: keep=1 leaves a card to discard; the cheapest one.
    found = min_deadwood("7S 8S 9S 10S 2C", keep=1)
    assert found.value == 2
    assert found.remaining == cards("2C")
    found = min_deadwood("7S 8S 9S 10S", keep=1)
    assert found.value == 7
    assert found.remaining == cards("7S")
    assert min_deadwood("7S 8S 9S", keep=1).value == 24
    assert min_deadwood("7S 8S", keep=3).value == 15


def test_min_deadwood_checks_its_arguments() -> None:
    with pytest.raises(InvalidCardError):
        min_deadwood("7S 8S XX")
    with pytest.raises(ValueError, match="keep"):
        min_deadwood("7S 8S", keep=-1)
    with pytest.raises(TypeError):
        min_deadwood("7S 8S", MeldRules())  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        min_deadwood("7S 8S", table=["7S 9S KD"])
    other = check_meld("7S 8S 9S", Ruleset(high_card_values=True))
    with pytest.raises(ValueError, match="other meld rules"):
        min_deadwood("7S 8S", table=[other])
    with pytest.raises(TypeError):
        min_deadwood("7S 8S", table=[42])  # type: ignore[list-item]


# ---------------------------------------------------------------- examples: closing


def position(
    hand: str,
    *,
    table: Iterable[str] = (),
    opened: bool = True,
    played: tuple[int, int] = (1, 1),
    rules: Ruleset | None = None,
    other: str = "2C 3C 4C 5H 6H 7H QD",
    **options: object,
) -> GameState:
    return GameState.from_position(
        hands=[hand, other],
        discard="JC",
        table=list(table),
        opened=[opened, True],
        turns_played=list(played),
        phase="play",
        rules=rules,
        **options,  # type: ignore[arg-type]
    )


def test_can_close_by_discarding_the_last_card() -> None:
    # S40-CLOSE: meld everything but one card, then discard it.
    state = position("7S 8S 9S 9H 9D 9C KD")
    moves = closing_moves(state)
    assert moves is not None
    assert closes(state, moves)
    assert moves[-1] == Discard(parse_cards("KD")[0])
    assert can_close(state)
    assert not can_close(state.apply("meld 9S 9H 9D 9C"))


def test_can_close_needs_a_card_to_discard() -> None:
    # S40-CLOSE: melding every card is not a close; S40-V-NODISCARDCLOSE allows it.
    hand = "7S 8S 9S 9H 9D 9C"
    assert not can_close(position(hand))
    rules = Ruleset(close_without_discard=True)
    state = position(hand, rules=rules)
    moves = closing_moves(state)
    assert moves is not None
    assert closes(state, moves)
    assert not any(isinstance(move, Discard) for move in moves)


def test_can_close_not_in_the_first_round() -> None:
    # S40-FIRST-ROUND: the other player has not played yet; S40-V-FIRSTCLOSE lifts it.
    hand = "7S 8S 9S KD"
    assert can_close(position(hand))
    assert not can_close(position(hand, played=(1, 0)))
    assert can_close(position(hand, played=(1, 0), rules=Ruleset(close_on_first_turn=True)))


def test_can_close_opening_and_closing_in_one_turn() -> None:
    # S40-OPEN: 40 points of new melds first, then layoffs (S40-AFTER-OPEN), then close.
    table = ["5D 6D 7D"]
    hand = "QS KS AS 9H 9D 9C 8D 2C"
    state = position(hand, table=table, opened=False)
    moves = closing_moves(state)
    assert moves is not None
    assert closes(state, moves)
    # Short of 40 the player can neither open nor close.
    assert not can_close(position("2S 3S 4S 5H 6H 7H 8D 2C", table=table, opened=False))
    # Layoffs don't count toward the opening (S40-OPEN): 27 + the 8D laid off is short.
    assert not can_close(position("9H 9D 9C 8D 2C", table=table, opened=False))
    assert can_close(position("9H 9D 9C 8D 2C", table=table, opened=True))


def test_can_close_with_a_joker_swap() -> None:
    # S40-SWAP: the 3H frees the joker, which completes K-K; then discard the 2C.
    state = position("3H KC KD 2C", table=["3S 3C JK=3H"])
    moves = closing_moves(state)
    assert moves is not None
    assert closes(state, moves)
    assert any(isinstance(move, SwapJoker) for move in moves)
    assert can_close(position("3H KC KD 2C", table=["3S 3C JK=3H"]))
    assert not can_close(position("3D KC KD 2C", table=["3S 3C JK=3H"]))
    # A player who has not opened may not swap (S40-OPEN).
    assert not can_close(position("3H KC KD 2C", table=["3S 3C JK=3H"], opened=False))


def test_can_close_with_the_taken_card() -> None:
    # S40-DRAW-DISCARD: the card taken must be melded, so it can't be the last discard.
    state = position("7S 8S 9S KD", taken="9S", taken_must_use=True)
    assert can_close(state)
    # Taking KD leads nowhere (no play reaches it: the loaders refuse it as a dead end).
    with pytest.raises(InvalidStateError, match="no legal move"):
        position("7S 8S 9S KD", taken="KD", taken_must_use=True)
    assert not can_close(attrs.evolve(state, taken=parse_card("KD")))


def test_can_close_with_a_taken_joker_and_a_swapped_one() -> None:
    # S40-DRAW-DISCARD, S40-SWAP, S40-CLOSE: the joker taken from the discard pile must be
    # melded, but the 4S brings the table's joker to the hand: one joker is laid off,
    # the 6S after it, and the other joker is the discard that closes.
    state = position("4S 6S JK", table=["2S 3S JK=4S"], taken="JK", taken_must_use=True)
    moves = closing_moves(state)
    assert moves is not None
    assert closes(state, moves)
    assert isinstance(moves[0], SwapJoker)
    assert can_close(state)


def test_analysis_with_two_jokers_standing_for_one_ace() -> None:
    # S40-SWAP, S40-SEQ: both aces of a 14-card sequence are jokers. An ace frees one of
    # them; the other then stays, as a sequence holds no two natural aces. Holding both
    # aces, the swap is tried once (never a second one, which would fail): swap, meld the
    # freed joker with the nines, discard the other ace.
    rules = Ruleset.preset("official").replace(max_jokers_per_meld=None)
    ring = "JK=AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK=AS"
    state = position("AS AS 9H 9D", table=[ring], rules=rules)
    moves = closing_moves(state)
    assert moves is not None
    assert closes(state, moves)
    assert can_close(state)
    found = min_deadwood("AS AS 9H 9D", rules, table=[ring])
    assert found.value == 11
    assert [str(swap) for swap in found.swaps] == ["swap AS #0"]
    assert not can_close(position("AS AS 9H", table=[ring], rules=rules))


def test_can_close_with_discard_bans() -> None:
    # S40-V-PLAYABLE: the closing discard may not extend a table meld, when banned.
    rules = Ruleset(ban_playable_discard_closing=True)
    assert can_close(position("7S 8S 9S 10D", table=["JD QD KD"]))
    assert not can_close(position("7S 8S 9S 10D", table=["JD QD KD"], rules=rules))
    # With a card to spare, the 10D is laid off instead.
    state = position("7S 8S 9S 10D 5C", table=["JD QD KD"], rules=rules)
    moves = closing_moves(state)
    assert moves is not None
    assert closes(state, moves)
    assert any(isinstance(move, LayOff) for move in moves)


def test_can_close_with_a_split() -> None:
    # S40-V-SPLIT: 4S and 6S onto 5S-9S give 4S-5S-6S + 6S-7S-8S-9S.
    rules = PRESETS["classic"]
    state = position("4S 6S KD", table=["5S 6S 7S 8S 9S"], rules=rules)
    moves = closing_moves(state)
    assert moves is not None
    assert closes(state, moves)
    assert any(isinstance(move, Split) for move in moves)


def test_can_close_before_the_draw() -> None:
    # S40-DRAW-DISCARD: the 9S on the discard pile completes the sequence.
    state = GameState.from_position(
        hands=["7S 8S KD", "2C 3C 4C 5H 6H 7H QD"],
        discard="9S",
        opened=[True, True],
        turns_played=[1, 1],
    )
    moves = closing_moves(state)
    assert moves is not None
    assert moves[0] == TakeDiscard()
    assert closes(state, moves)
    # From the stock only a named card can be tried (S40-DRAW-STOCK).
    assert can_close(state, drawn="KH") is True  # the discard pile top already closes
    state = GameState.from_position(
        hands=["7S 8S KD", "2C 3C 4C 5H 6H 7H QD"],
        discard="2D",
        opened=[True, True],
        turns_played=[1, 1],
    )
    assert not can_close(state)
    assert can_close(state, drawn="6S")
    assert not can_close(state, drawn="KH")
    moves = closing_moves(state, drawn="6S")
    assert moves is not None
    assert moves[0] == DrawStock()


def test_can_close_checks_its_arguments() -> None:
    state = position("7S 8S 9S KD")
    with pytest.raises(TypeError):
        can_close("7S 8S 9S KD")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        can_close(state, drawn="KH")
    draw_state = GameState.from_position(
        hands=["7S 8S KD", "2C 3C 4C 5H 6H 7H QD KD"], discard="9S", opened=[True, True]
    )
    with pytest.raises(IllegalMoveError):
        can_close(draw_state, drawn="KD")  # both copies are in the hands
    with pytest.raises(InvalidCardError):
        can_close(draw_state, drawn="XX")


def test_can_close_is_false_when_nobody_moves() -> None:
    state = position("7S 8S 9S KD")
    moves = closing_moves(state)
    assert moves is not None
    for move in moves:
        state = state.apply(move)
    assert state.phase is Phase.DRAW  # a new hand was dealt
    over = GameState.from_position(
        hands=["7S 8S 9S KD", "2C 3C 4C 5H 6H 7H QD"],
        discard="JC",
        phase="play",
        opened=[True, True],
        turns_played=[1, 1],
        rules=Ruleset(match_format="single"),
    )
    moves = closing_moves(over)
    assert moves is not None
    for move in moves:
        over = over.apply(move)
    assert over.is_over
    assert not can_close(over)


def iterate_states(preset: str, seed: int) -> Iterator[GameState]:
    """The states of a random game, melding moves preferred."""
    chooser = random.Random(seed)
    state = new_game(preset, players=2 + seed % 3, seed=seed)
    while not state.is_over:
        yield state
        moves = list(state.legal_moves())
        melding = [move for move in moves if not isinstance(move, Discard)]
        state = state.apply(
            chooser.choice(melding if melding and chooser.random() < 0.9 else moves)
        )


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["official", "classic", "federation-article", "online"])
@pytest.mark.parametrize("seed", range(4))
def test_can_close_along_random_games(preset: str, seed: int) -> None:
    # Every PLAY-phase state of random games (hands of at most 11 cards, for the unpruned
    # search), against the unpruned search; some of them must close.
    closing = 0
    for count, state in enumerate(iterate_states(preset, seed)):
        if count > 1500:
            break
        if state.phase is Phase.PLAY and len(state.hands[state.turn]) <= 11:
            closing += check_can_close(state)
    assert closing > 0
