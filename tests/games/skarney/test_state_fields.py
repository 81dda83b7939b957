"""A Skarney state names every problem of its fields (``problems()``): each case spoils
one field of a state reached in play and expects the problem that names it (the loaders
and ``validate`` rely on it)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from scala40.errors import InvalidStateError
from scala40.games import skarney
from scala40.games.skarney.bots import GreedyBot
from scala40.games.skarney.phases import Phase
from scala40.games.skarney.state import GameState


def _fresh() -> GameState:
    return skarney.new_game(players=4, seed=1)


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


def _hand(state: GameState, **changes: Any) -> GameState:
    assert state.last_hand is not None
    return attrs.evolve(state, last_hand=attrs.evolve(state.last_hand, **changes))


def _went_out_holding_a_card(state: GameState) -> GameState:
    result = state.last_hand
    assert result is not None
    assert result.went_out is not None
    hands = tuple(
        (0,) if seat == result.went_out else hand for seat, hand in enumerate(result.hands)
    )
    return _hand(state, hands=hands)


def _with(state: GameState, **changes: Any) -> GameState:
    """``state`` with fields changed, whatever their values (the point is wrong ones)."""
    spoiled: GameState = attrs.evolve(state, **changes)
    return spoiled


CASES: list[tuple[Callable[[], GameState], Callable[[GameState], GameState], str]] = [
    (_fresh, lambda s: _with(s, table="x"), "table must be a tuple of melds"),
    (_fresh, lambda s: _with(s, stock=("x",)), "stock must be a tuple of cards"),
    (_fresh, lambda s: _with(s, phase="draw"), "phase must be a Phase"),
    (_fresh, lambda s: _with(s, auto_chance=1), "auto_chance must be True or False"),
    (_fresh, lambda s: _with(s, offer_card=999), "offer_card must be a card or None"),
    (_fresh, lambda s: _with(s, rng=-1), "rng must be an integer of 64 bits"),
    (_fresh, lambda s: _with(s, last_hand="x"), "last_hand must be a HandResult or None"),
    (_after_a_hand, lambda s: _hand(s, hands=((),)), "last_hand: hands must be 4 hands"),
    (_after_a_hand, _went_out_holding_a_card, "went out but holds cards"),
    (_after_a_hand, lambda s: _hand(s, shutout=True, went_out=None),
     "last_hand: a shutout needs a seat that went out"),
    (_after_a_hand, lambda s: _hand(s, meld_points=(-1, -1)),
     "meld points, hand points and bonuses are not negative"),
    (_after_a_hand, lambda s: _hand(s, bonus=(100, 100)), "one side at most earns a bonus"),
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
