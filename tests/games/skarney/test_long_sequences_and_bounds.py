"""The 14-card sequence (SK-MELDS, SK-EXTEND), legal moves each listed once (C-IDENTITY),
and the CPU bound of the hand analysis on the largest hands a Skarney deck allows."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40.bots.skarney.bots import GreedyBot
from scala40.cards import JOKER, format_cards, parse_cards
from scala40.errors import SearchLimitError
from scala40.games.skarney import GameState, Ruleset, analysis, new_game
from tests.games.skarney.helpers import move_texts, playout, position
from tests.hostile import library_errors_only

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

_FULL_SPADES = "AS 2H 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
_OTHERS = ["AH 3C", "AC 4D", "AD 6S"]


def test_a_fourteen_card_sequence_is_listed_and_put_down_sk_melds() -> None:
    state = position([_FULL_SPADES + " 9D", *_OTHERS], contracts=[True, False])
    wanted = "meld AS 2H=2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    assert wanted in move_texts(state)
    after = state.apply(wanted)
    assert str(after.table[0]) == wanted.removeprefix("meld ")
    assert after.hands[0] == tuple(parse_cards("9D"))


def test_a_fourteen_card_sequence_needs_both_aces_sk_melds() -> None:
    # One A♠ only: the 13-card sequences, never a 14-card one.
    state = position(
        ["AS 2H 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 9D", *_OTHERS], contracts=[True, False]
    )
    longest = max(len(text.split()) - 1 for text in move_texts(state) if text.startswith("meld"))
    assert longest == 13


@pytest.mark.parametrize(
    "meld",
    ["AS 2H=2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "2H=2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"],
)
def test_a_thirteen_card_sequence_takes_its_second_ace_sk_extend(meld: str) -> None:
    state = position(["AS 9D", *_OTHERS], table=[(meld, 0)], contracts=[True, False])
    extensions = [text for text in move_texts(state) if text.startswith("extend")]
    assert len(extensions) == 1
    assert extensions[0].startswith("extend AS")
    after = state.apply(extensions[0])
    assert str(after.table[0]) == "AS 2H=2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"


def test_an_ace_at_either_end_lists_each_meld_once_c_identity() -> None:
    # A♠ with 3-Q and a 2: A-2-...-Q and 3-...-Q-2-A were found from both ends of the
    # suit and listed twice.
    state = position(
        ["3S 4S 5S 6S 7S 8S 9S 10S JS QS AS 2S 8D", *_OTHERS], contracts=[True, False]
    )
    texts = move_texts(state)
    assert len(texts) == len(set(texts))
    assert texts.count("meld AS 2S=2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS") == 1
    assert texts.count("meld 3S 4S 5S 6S 7S 8S 9S 10S JS QS 2S=KS AS") == 1


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(["singles", "partnership"]), st.integers(0, 2**32))
def test_random_games_list_each_move_once_c_identity(preset: str, seed: int) -> None:
    players = 4 if preset == "partnership" else 2 + seed % 3
    for state in playout(new_game(preset, players, seed), seed, max_actions=400):
        legal = state.legal_moves()
        assert len(legal) == len(set(legal)), [str(move) for move in legal]


# -- the largest hands: every call within its CPU bound -------------------------------------

_DECK = sorted([*range(52)] * 2 + [JOKER] * 8)
"""Two packs and the most jokers a Skarney deck holds: the largest hand the analysis takes."""


def _hands() -> list[tuple[str, list[int]]]:
    return [
        ("random 40", sorted(random.Random(40).sample(_DECK, 40))),
        ("random 100", sorted(random.Random(100).sample(_DECK, 100))),
        ("two packs", sorted([*range(52)] * 2)),
        ("two packs and 8 jokers", _DECK),
    ]


@pytest.mark.parametrize(("name", "hand"), _hands())
@pytest.mark.parametrize("size", [3, 5])
@pytest.mark.parametrize(
    "call", [analysis.contracts, analysis.best_contract, analysis.can_make_contract]
)
def test_contract_searches_on_the_largest_hands_stay_within_their_bound_sk_contract(
    name: str, hand: list[int], size: int, call: Callable[..., Any]
) -> None:
    # Such hands hold tens of thousands of contracts: the list or the best of them is
    # refused past MAX_CONTRACT_STEPS, within a quarter of a second.
    def refused(*args: Any, **kwargs: Any) -> object:
        with pytest.raises(SearchLimitError, match="MAX_CONTRACT_STEPS"):
            call(*args, **kwargs)
        return None

    checked = call if call is analysis.can_make_contract else refused
    library_errors_only(checked, hand, size=size, seconds=0.25)


@pytest.mark.parametrize(("name", "hand"), _hands())
def test_the_melds_of_the_largest_hands_stay_within_their_bound_sk_melds(
    name: str, hand: list[int]
) -> None:
    melds = library_errors_only(analysis.hand_melds, hand, seconds=0.25)
    texts = [str(meld) for meld in melds]
    assert len(texts) == len(set(texts))


@pytest.mark.parametrize("size", [40, 97])
def test_the_greedy_bots_contract_plan_on_large_hands_stays_within_its_bound(size: int) -> None:
    # The bot compares whole contracts (SK-CONTRACT) of a hand built by taking every
    # offer: within the search's steps, each candidate meld scored once.
    rules = Ruleset(partnership=False, jokers=8)
    deck = list(rules.deck.cards)
    random.Random(1).shuffle(deck)
    state = GameState.from_position(
        hands=[format_cards(sorted(deck[:size])), format_cards(sorted(deck[size : size + 11]))],
        rules=rules,
        contracts=[False, False],
    )
    legal = state.legal_moves()
    view = state.view(0)
    move = library_errors_only(GreedyBot().choose, view, legal, random.Random(0), seconds=0.25)
    assert move in legal
