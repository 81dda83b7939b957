"""A Scala 40 state names every problem of its fields (``problems()``): each case spoils
one field of a state reached in play and expects the problem that names it (the loaders
and ``validate`` rely on it)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import scala40
from scala40.errors import InvalidStateError
from scala40.games.scala40.bots import GreedyBot
from scala40.games.scala40.phases import Phase
from scala40.games.scala40.state import GameState


def _fresh() -> GameState:
    return scala40.new_game(players=2, seed=1)


def _after_a_hand() -> GameState:
    """The draw that starts the second hand of a greedy game."""
    state = _fresh()
    bot, rng = GreedyBot(), random.Random(1)
    while state.last_hand is None:
        legal = list(state.legal_moves())
        mover = state.current_player
        state = state.apply(
            legal[0] if mover is None else bot.choose(state.view(mover), legal, rng)
        )
    assert state.phase is Phase.DRAW
    return state


def _playing() -> GameState:
    """The play phase of the first turn."""
    return _fresh().apply("draw")


def _hand(state: GameState, **changes: Any) -> GameState:
    assert state.last_hand is not None
    return attrs.evolve(state, last_hand=attrs.evolve(state.last_hand, **changes))


def _with(state: GameState, **changes: Any) -> GameState:
    """``state`` with fields changed, whatever their values (the point is wrong ones)."""
    spoiled: GameState = attrs.evolve(state, **changes)
    return spoiled


CASES: list[tuple[Callable[[], GameState], Callable[[GameState], GameState], str]] = [
    (_fresh, lambda s: _with(s, hands=list(s.hands)), "hands must be a tuple"),
    (_fresh, lambda s: _with(s, opened=("x", "y")), "opened must hold True or False"),
    (_fresh, lambda s: _with(s, table="x"), "table must be a tuple of melds"),
    (_fresh, lambda s: _with(s, phase="draw"), "phase must be a Phase"),
    (_fresh, lambda s: _with(s, winners="x"), "winners must be a tuple of players"),
    (_fresh, lambda s: _with(s, rng=-1), "rng must be an integer of 64 bits"),
    (_fresh, lambda s: _with(s, taken_used=1), "taken_used must be True or False"),
    (_fresh, lambda s: _with(s, opening_value="x"), "opening_value must be an integer"),
    (_fresh, lambda s: _with(s, taken=999), "taken must be a card or None"),
    (_fresh, lambda s: _with(s, last_hand="x"), "last_hand must be a HandResult"),
    (_fresh, lambda s: _with(s, stock=()), "the stock is empty at a draw"),
    (_fresh, lambda s: _with(s, opening_value=5), "are set before the draw"),
    (_fresh, lambda s: _with(s, hands=(s.hands[0], ())),
     "player 1 holds no card, but the hand goes on"),
    (_after_a_hand, lambda s: _hand(s, points=(1,)), "last_hand: points must be 2 counts"),
    (_after_a_hand, lambda s: _hand(s, hands=((),)), "last_hand: hands must be 2 hands"),
    (_playing, lambda s: _with(s, opened_at_turn_start=True),
     "had opened when the turn began, but has not now"),
    (_playing, lambda s: _with(s, taken_used=True), "no card taken had to be melded"),
    (_playing, lambda s: _with(s, taken_must_use=True), "but no card was taken"),
    (_playing, lambda s: _with(s, taken=s.hands[s.turn][0]),
     "a card was taken to keep, which needs S40-V-UPCARD"),
    (_playing, lambda s: _with(s, phase=Phase.RESTOCK),
     "the stock is rebuilt only once it is empty"),
    (_playing, lambda s: _with(s, opening_value=-1), "opening_value must not be negative"),
    (_playing, lambda s: _with(s, opening_value=45), "reaches the threshold"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("reach", "spoil", "problem"), CASES, ids=[str(number) for number in range(len(CASES))]
)
def test_each_spoiled_field_is_named(
    reach: Callable[[], GameState], spoil: Callable[[GameState], GameState], problem: str
) -> None:
    state = reach()
    assert state.problems() == []
    spoiled = spoil(state)
    problems = spoiled.problems()
    assert any(problem in line for line in problems), problems
    with pytest.raises(InvalidStateError):
        spoiled.validate()
