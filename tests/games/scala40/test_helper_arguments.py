"""Scala 40's bots and text helpers check their arguments as the other games' do: any
value gets a result or an error of the library that names what was wrong."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given

from scala40 import (
    Discard,
    InvalidArgumentError,
    InvalidValueError,
    check_meld,
    new_game,
    parse_move,
)
from scala40.bots.scala40.bots import GreedyBot, MonteCarloBot
from scala40.cli.text.scala40 import TEXT, meld_text
from scala40.texts import text_of
from tests.hostile import fuzz_settings, hostile_values, library_errors_only

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)


def _state() -> Any:
    return new_game("classic", players=2, seed=4).apply("draw")


@pytest.mark.parametrize("bot", [GreedyBot(), MonteCarloBot(playouts=2)])
def test_a_bot_refuses_what_it_cannot_choose_from(bot: Any) -> None:
    state = _state()
    view = state.view(state.turn)
    legal = list(state.legal_moves())
    rng = random.Random(1)
    with pytest.raises(InvalidValueError, match="there are none"):
        bot.choose(view, [], rng)
    with pytest.raises(InvalidArgumentError, match="Scala 40 player view"):
        bot.choose(state, legal, rng)
    with pytest.raises(InvalidArgumentError, match="list of Scala 40 moves"):
        bot.choose(view, "discard 2C", rng)
    with pytest.raises(InvalidArgumentError, match="list of Scala 40 moves"):
        bot.choose(view, [*legal, "draw"], rng)
    assert bot.choose(view, legal, rng) in legal
    assert bot.choose(view, state.legal_moves(), rng) in legal


def test_the_monte_carlo_bot_refuses_a_generator_that_is_not_one() -> None:
    state = _state()
    view = state.view(state.turn)
    legal = list(state.legal_moves())
    bot: Any = MonteCarloBot(playouts=2)
    with pytest.raises(InvalidArgumentError, match="rng"):
        bot.choose(view, legal, 7)
    with pytest.raises(InvalidArgumentError, match="rng"):
        bot.evaluate(view, legal[:2], None, 1)
    with pytest.raises(InvalidValueError, match="rounds"):
        bot.evaluate(view, legal[:2], random.Random(1), 0)
    assert set(bot.evaluate(view, legal[:2], random.Random(1), 1)) == set(legal[:2])


def test_the_greedy_bots_other_methods_check_their_arguments() -> None:
    state = _state()
    view = state.view(state.turn)
    bot: Any = GreedyBot()
    with pytest.raises(InvalidArgumentError):
        bot.ranked(None, list(state.legal_moves()))
    with pytest.raises(InvalidValueError):
        bot.ranked(view, [])
    with pytest.raises(InvalidArgumentError):
        bot.discard_order("view", view.hand)
    assert sorted(bot.discard_order(view, view.hand)) == sorted(set(view.hand))


def test_the_text_helpers_name_what_is_wrong() -> None:
    text: Any = text_of("scala40")
    state = _state()
    names = ["you", "bot"]
    with pytest.raises(InvalidArgumentError, match="Scala 40 state"):
        text.status("state")
    with pytest.raises(InvalidArgumentError, match="Scala 40 state"):
        text.turn_hint(None)
    with pytest.raises(InvalidArgumentError, match="names must be a list of 2 names"):
        text.board(state, 0, ["you"], False)
    with pytest.raises(InvalidArgumentError, match="unicode must be True or False"):
        text.board(state, 0, names, 1)
    with pytest.raises(InvalidArgumentError, match="Scala 40 state"):
        text.events(state, 3, names)
    with pytest.raises(InvalidArgumentError, match="names must be"):
        text.final(state, None)
    with pytest.raises(InvalidArgumentError, match="Scala 40 move"):
        text.move("draw", False)
    with pytest.raises(InvalidArgumentError, match="meld"):
        text.meld("7S 8S 9S", False)
    with pytest.raises(InvalidArgumentError, match="meld"):
        text.meld_value(None)
    with pytest.raises(InvalidArgumentError, match="total"):
        text.meld_total("40", state.rules)
    with pytest.raises(InvalidArgumentError, match="Ruleset"):
        text.meld_total(40, "official")
    assert text.board(state, 0, names, False)[0].startswith("Hand 1")
    assert text.meld_value(check_meld("9S 10S JS")) == 29


@fuzz_settings(100)
@given(value=hostile_values(), other=hostile_values())
def test_the_text_helpers_take_any_value(value: Any, other: Any) -> None:
    state = _state()
    names = ["a", "b"]
    for call in (TEXT.turn_hint, TEXT.status, TEXT.meld_value):
        library_errors_only(call, value)
    library_errors_only(TEXT.board, state, value, names, False)
    library_errors_only(TEXT.board, state, 0, value, False)
    library_errors_only(TEXT.board, state, 0, names, value)
    library_errors_only(TEXT.board, value, 0, names, True)
    library_errors_only(TEXT.events, state, value, names)
    discard = next(move for move in state.legal_moves() if isinstance(move, Discard))
    library_errors_only(TEXT.events, state, state.apply(discard), value)
    library_errors_only(TEXT.final, value, other)
    library_errors_only(TEXT.move, value, other)
    library_errors_only(TEXT.move, parse_move("draw"), value)
    library_errors_only(TEXT.meld, value, other)
    library_errors_only(TEXT.meld_total, value, other)
    library_errors_only(TEXT.meld_total, 40, value)
    library_errors_only(meld_text, value, other)


@fuzz_settings(60)
@given(view=hostile_values(), legal=hostile_values(), rng=hostile_values())
def test_the_bots_take_any_argument(view: Any, legal: Any, rng: Any) -> None:
    state = _state()
    moves = list(state.legal_moves())
    own_view = state.view(state.turn)
    for bot in (GreedyBot(), MonteCarloBot(playouts=2)):
        library_errors_only(bot.choose, view, moves, random.Random(0))
        library_errors_only(bot.choose, own_view, legal, random.Random(0))
        library_errors_only(bot.choose, own_view, moves, rng, seconds=2.0)
    library_errors_only(GreedyBot().ranked, view, legal)
    library_errors_only(GreedyBot().discard_order, view, legal)
    library_errors_only(GreedyBot().discard_order, own_view, legal)
    library_errors_only(MonteCarloBot(playouts=2).evaluate, own_view, legal, random.Random(0), 1)
    library_errors_only(MonteCarloBot(playouts=2).evaluate, view, moves[:2], rng, legal)
