"""What the engine remembers between states (decks, melds after a layoff or a swap) never
changes an answer: the remembered results equal the ones worked out afresh, and a move
refused once is refused again, naming the same rule, with the state left as it was."""

from __future__ import annotations

import pytest

from scala40 import GameState, IllegalMoveError, LayOff, Ruleset, SwapJoker, parse_card
from scala40._rng import random_below, shuffle
from scala40.cards import french_deck
from tests.games.scala40.helpers import make_position, state_fields


def test_shuffle_draws_the_numbers_of_random_below() -> None:  # C-RNG
    for seed in (0, 1, 254, 2**63 + 5, -7):
        items = list(range(108))
        state = seed & (2**64 - 1)
        for index in range(len(items) - 1, 0, -1):
            other, state = random_below(index + 1, state)
            items[index], items[other] = items[other], items[index]
        assert shuffle(range(108), seed) == (tuple(items), state)


def test_the_deck_is_worked_out_once_and_stays_the_same() -> None:  # S40-DECK
    for jokers in (0, 2, 4):
        rules = Ruleset(jokers=jokers)
        assert rules.deck is Ruleset(jokers=jokers).deck
        assert rules.deck.cards == french_deck(jokers=jokers).cards
        assert rules.deck.cards is rules.deck.cards
        assert len(rules.deck.cards) == 104 + jokers


def _opened(hand: str, meld: str) -> GameState:
    return make_position(
        hands=[hand, "2C 3C 4C 5H"],
        table=[meld],
        opened=[True, True],
        turns_played=[1, 1],
        phase="play",
    )


def test_a_layoff_gives_the_same_meld_from_the_cache_s40_after_open() -> None:
    first = _opened("9S KD KH", "6S 7S 8S")
    second = _opened("9S 2D 5C", "6S 7S 8S")  # another hand, the same table meld
    move = LayOff(parse_card("9S"), 0, "high")
    fresh = first.table[0].with_extension(
        next(ext for ext in first.table[0].extensions() if ext.card == move.card)
    )
    for state in (first, second, first):
        after = state.apply(move)
        assert after.table[0] == fresh
        assert str(after.table[0]) == "6S 7S 8S 9S"


def test_a_swap_refused_once_is_refused_again_s40_swap() -> None:
    state = _opened("9S KD KH 2D", "6S JK 8S")
    assert state.legal_moves().count() > 0  # the listed moves are known
    for _ in range(2):
        before = state_fields(state)
        with pytest.raises(IllegalMoveError, match=r"\(S40-SWAP\)$"):
            state.apply(SwapJoker(parse_card("9S"), 0))
        assert state_fields(state) == before
    good = _opened("7S KD KH 2D", "6S JK 8S")
    fresh, joker = good.table[0].swap(parse_card("7S"))
    for _ in range(2):
        after = good.apply(SwapJoker(parse_card("7S"), 0))
        assert after.table[0] == fresh
        assert str(after.table[0]) == "6S 7S 8S"
        assert joker in after.hands[0]
