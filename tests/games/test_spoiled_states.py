"""A state names every problem of how its fields fit together (``problems()``): each case
spoils a state reached in play so that its fields, each valid alone, break a rule of its
game, and expects the problem that names it (the loaders and ``validate`` rely on it).

Each field alone, wrong, is named by the protocol suite for every game from its spec
(``tests/protocol/test_state_fields.py``); these are the rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from scala40.bots.registry import game_bots_of
from scala40.errors import InvalidStateError
from scala40.game import load_game
from scala40.games.scala40.phases import Phase as Scala40Phase

Reach = Callable[[], Any]
Spoil = Callable[[Any], Any]


def _fresh(name: str) -> Reach:
    def reach() -> Any:
        game = load_game(name)
        return game.new_game(None, game.default_players if name == "skarney" else 2, 1)

    return reach


def _after_a_hand(name: str) -> Reach:
    """The draw that starts the second hand of a game of greedy players."""

    def reach() -> Any:
        state = _fresh(name)()
        bot, rng = game_bots_of(load_game(name)).bots["greedy"](), random.Random(1)
        while state.last_hand is None:
            legal = list(state.legal_moves())
            mover = state.current_player
            state = state.apply(
                legal[0] if mover is None else bot.choose(state.view(mover), legal, rng)
            )
        assert state.phase.value == "draw"
        return state

    return reach


def _playing(name: str) -> Reach:
    """The play phase of the first turn."""
    return lambda: _fresh(name)().apply("draw")


def _with(**changes: Any) -> Spoil:
    """The state with fields changed, whatever their values (the point is wrong ones)."""
    return lambda state: attrs.evolve(state, **changes)


def _hand(**changes: Any) -> Spoil:
    """The state with fields of its last hand's result changed."""
    return lambda state: attrs.evolve(state, last_hand=attrs.evolve(state.last_hand, **changes))


def _went_out_holding_a_card(state: Any) -> Any:
    result = state.last_hand
    hands = tuple(
        (0,) if seat == result.went_out else hand for seat, hand in enumerate(result.hands)
    )
    return _hand(hands=hands)(state)


S40, SK = "scala40", "skarney"
CASES: list[tuple[str, Reach, Spoil, str]] = [
    (S40, _fresh(S40), _with(stock=()), "the stock is empty at a draw"),
    (S40, _fresh(S40), _with(opening_value=5), "are set before the draw"),
    (S40, _fresh(S40), lambda s: _with(hands=(s.hands[0], ()))(s),
     "player 1 holds no card, but the hand goes on"),
    (S40, _after_a_hand(S40), _hand(points=(1,)), "last_hand: points must be 2 counts"),
    (S40, _after_a_hand(S40), _hand(hands=((),)), "last_hand: hands must be 2 hands"),
    (S40, _playing(S40), _with(opened_at_turn_start=True),
     "had opened when the turn began, but has not now"),
    (S40, _playing(S40), _with(taken_used=True), "no card taken had to be melded"),
    (S40, _playing(S40), _with(taken_must_use=True), "but no card was taken"),
    (S40, _playing(S40), lambda s: _with(taken=s.hands[s.turn][0])(s),
     "a card was taken to keep, which needs S40-V-UPCARD"),
    (S40, _playing(S40), _with(phase=Scala40Phase.RESTOCK),
     "the stock is rebuilt only once it is empty"),
    (S40, _playing(S40), _with(opening_value=-1), "opening_value must not be negative"),
    (S40, _playing(S40), _with(opening_value=45), "reaches the threshold"),
    (SK, _after_a_hand(SK), _hand(hands=((),)), "last_hand: hands must be 4 hands"),
    (SK, _after_a_hand(SK), _went_out_holding_a_card, "went out but holds cards"),
    (SK, _after_a_hand(SK), _hand(shutout=True, went_out=None),
     "last_hand: a shutout needs a seat that went out"),
    (SK, _after_a_hand(SK), _hand(meld_points=(-1, -1)),
     "meld points, hand points and bonuses are not negative"),
    (SK, _after_a_hand(SK), _hand(bonus=(100, 100)), "one side at most earns a bonus"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "reach", "spoil", "problem"),
    CASES,
    ids=[f"{case[0]}-{number}" for number, case in enumerate(CASES)],
)
def test_each_broken_rule_is_named(game: str, reach: Reach, spoil: Spoil, problem: str) -> None:
    state = reach()
    assert state.problems() == []
    spoiled = spoil(state)
    problems = spoiled.problems()
    assert any(problem in line for line in problems), problems
    with pytest.raises(InvalidStateError):
        spoiled.validate()
