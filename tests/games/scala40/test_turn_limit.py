"""Scala 40's ``turn_limit`` (the S40-STALL Decision): a hand that reaches ``turn_limit``
turns ends blocked, as under S40-RESTOCK, with no score; it bounds the hands of
S40-V-FOURKIND, which can otherwise go on for ever."""

from __future__ import annotations

import json
import random

import pytest

from scala40.errors import InvalidRulesetError
from scala40.game import load_game
from scala40.games.scala40.rules import Ruleset, max_hand_moves
from scala40.games.scala40.state import GameState, new_game


def test_a_hand_at_its_turn_limit_ends_blocked_with_no_score() -> None:
    # S40-STALL Decision, S40-RESTOCK (the blocked hand), S40-V-FOURKIND.
    rules = Ruleset(discard_four_of_a_kind=True, turn_limit=12)
    state: GameState = new_game(players=3, seed=4, rules=rules)
    rng = random.Random(4)
    while state.hand_number == 1:
        before = state
        state = state.apply(rng.choice(list(state.legal_moves())))
    result = state.last_hand
    assert result is not None
    assert result.closer is None  # blocked, not closed, with this seed
    assert sum(before.turns_played) == 11
    assert result.points == (0, 0, 0)
    assert state.scores == before.scores
    assert state.problems() == []
    assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


def test_the_turn_limit_blocks_a_hand_nobody_closes() -> None:
    # S40-STALL Decision: a player who never closes cannot keep the hand going.
    rules = Ruleset(discard_four_of_a_kind=True, turn_limit=6)
    state: GameState = new_game(players=2, seed=1, rules=rules)
    moves = 0
    while state.hand_number == 1:
        legal = list(state.legal_moves())
        # Draw from the stock and discard a card, keeping as many as possible.
        keep = [m for m in legal if str(m).startswith(("draw", "discard"))]
        state = state.apply((keep or legal)[0])
        moves += 1
    result = state.last_hand
    assert result is not None
    assert result.closer is None
    assert result.points == (0, 0)
    assert moves <= max_hand_moves(rules, 2)  # type: ignore[operator]


def test_turn_limit_bounds_every_ruleset_and_is_checked() -> None:
    # S40-STALL, S40-V-FOURKIND: the option makes max_hand_moves a number; checked on load.
    game = load_game("scala40")
    assert game.hand_bound_option == "turn_limit"
    assert max_hand_moves(Ruleset(discard_four_of_a_kind=True), 2) is None
    bounded = max_hand_moves(Ruleset(discard_four_of_a_kind=True, turn_limit=60), 2)
    assert bounded == 1 + 60 * (3 + 5 * 108)
    default = max_hand_moves(Ruleset(), 2)
    assert default is not None
    assert max_hand_moves(Ruleset(turn_limit=60), 2) == min(default, bounded)
    for wrong in (0, -3, 1.5, "60", True):
        with pytest.raises(InvalidRulesetError, match="turn_limit"):
            Ruleset(turn_limit=wrong)  # type: ignore[arg-type]
