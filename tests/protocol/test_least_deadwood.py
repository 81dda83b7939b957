"""How a bot values a whole hand in every game (``GameBots.least_deadwood``, the bot guide's
"Valuing a hand"): every registered game gives it, and on the hands of seeded games under
each preset it is a count of points no more than what the cards would count left in hand
(``hand_value``), whatever the order the cards are given in, and 0 for no cards; any
cards, or anything else, get a value or an error of the library within a quarter of a
second."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.bots import make_bot
from scala40.bots.registry import game_bots_of
from scala40.game import Game, game_names, load_game
from tests.hostile import fuzz_settings, hostile_values, library_errors_only
from tests.protocol.cases import registered_cases

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

DECISIONS = 40
"""The decisions of a seeded greedy game whose hands are valued, under each preset."""


def test_every_game_of_the_library_values_a_hand() -> None:
    missing = [name for name in game_names() if game_bots_of(name).least_deadwood is None]
    assert missing == []


def _hands(game: Game, rules: Any) -> list[tuple[int, ...]]:
    """The hands of the seats to decide in a seeded game of greedy bots."""
    state = game.new_game(rules, max(rules.min_players, 2), 11)
    bots = [make_bot("greedy", game) for _ in range(state.player_count)]
    rng = random.Random(11)
    hands: list[tuple[int, ...]] = []
    while not state.is_over and len(hands) < DECISIONS:
        legal = list(state.legal_moves())
        seat = state.current_player
        if seat is None:
            state = state.apply(legal[0])
            continue
        view = state.view(seat)
        hands.append(tuple(view.hand))
        state = state.apply(bots[seat].choose(view, legal, rng))
    return hands


@pytest.mark.parametrize(("game", "preset"), registered_cases())
def test_a_hand_s_least_deadwood_is_at_most_what_its_cards_count(game: Game, preset: str) -> None:
    rules = game.ruleset_type.preset(preset)
    least, value = game_bots_of(game).least_deadwood, game.hand_value
    assert least is not None
    assert value is not None
    assert least((), rules) == 0
    for hand in _hands(game, rules):
        found = least(hand, rules)
        assert type(found) is int, hand
        assert 0 <= found <= value(hand, rules), hand
        assert least(hand[::-1], rules) == found, hand


def _cards_of(deck: tuple[int, ...]) -> Any:
    """Lists of a deck's cards (up to the whole deck: more copies of a card than it holds
    once in a while), card codes out of range, and any hostile value."""
    return st.one_of(
        st.lists(st.sampled_from(deck), max_size=len(deck)),
        st.lists(st.integers(-3, 60), max_size=20),
        hostile_values(),
    )


@pytest.mark.parametrize("name", game_names())
@fuzz_settings(40, soak_examples=1500)
@given(data=st.data())
def test_any_cards_get_a_value_or_an_error_of_the_library_within_a_quarter_second(
    name: str, data: st.DataObject
) -> None:
    game = load_game(name)
    rules = game.ruleset_type.default()
    least = game_bots_of(game).least_deadwood
    assert least is not None
    cards = data.draw(_cards_of(tuple(rules.deck.cards)))
    library_errors_only(least, cards, rules, seconds=0.25)
