"""The knock games' ``turn_limit`` (the RU-TURN and CH-TURN Decision): a hand that reaches
``turn_limit`` turns ends with no score, and the deal passes on."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scala40.errors import InvalidRulesetError, Scala40Error
from scala40.game import load_game
from scala40.games._knock.phases import HandEnd
from tests.protocol.cases import knock_game_names

KNOCK_GAMES = knock_game_names()


def _first_blocked_hand(name: str, limit: int, seed: int, **options: Any) -> tuple[Any, Any]:
    """The states before and after the move that ended a hand blocked, in a random game."""
    game = load_game(name)
    ruleset_type: Any = game.ruleset_type
    rules = ruleset_type(turn_limit=limit, **options)
    state = game.new_game(rules, 3, seed)
    rng = random.Random(seed)
    for _ in range(5_000):
        moves = state.legal_moves()
        # Never a move that ends the hand otherwise, when there is another.
        keep = [m for m in moves if str(m).split()[0] not in ("knock", "close", "claim")]
        move = moves[0] if state.current_player is None else rng.choice(keep or list(moves))
        after = state.apply(move)
        result = after.last_hand
        if result is not None and result.hand_number == state.hand_number:
            if result.end is HandEnd.BLOCKED:
                return state, after
            return _first_blocked_hand(name, limit, seed + 1000, **options)
        state = after
    raise AssertionError("no hand reached the turn limit")


@pytest.mark.parametrize("name", KNOCK_GAMES)
def test_a_hand_at_its_turn_limit_ends_with_no_score(name: str) -> None:
    # RU-TURN, CH-TURN Decision: a hand that reaches turn_limit turns ends with no score.
    before, after = _first_blocked_hand(name, 9, seed=1)
    result = after.last_hand
    assert sum(before.turns_played) == 8
    assert result.points == (0,) * before.player_count
    assert result.shown == (None,) * before.player_count
    assert result.closer == before.turn
    assert after.scores == before.scores
    assert after.hand_number == before.hand_number + 1  # RU-DEAL, CH-DEAL: the deal passes on
    assert after.dealer == (before.dealer + 1) % before.player_count
    assert after.problems() == []
    game = load_game(name)
    again = game.state_from_dict(json.loads(json.dumps(after.to_dict())))
    assert again == after
    assert result.to_dict()["details"]["end"] == "blocked"


def test_a_rumino_hand_at_its_limit_ends_after_the_claims_are_passed() -> None:
    # RU-RUMINO with rumino_claim="decision", RU-TURN: the limit is met once no claim is made.
    _before, after = _first_blocked_hand("rumino", 7, seed=2, rumino_claim="decision")
    assert after.last_hand.end is HandEnd.BLOCKED
    assert after.problems() == []


@pytest.mark.parametrize("name", KNOCK_GAMES)
def test_turn_limit_bounds_the_hand_and_is_checked(name: str) -> None:
    # RU-TURN, CH-TURN: max_hand_moves follows turn_limit; the option is checked on load.
    game = load_game(name)
    ruleset_type: Any = game.ruleset_type
    rules = ruleset_type()
    assert rules.turn_limit is None
    assert game.max_hand_moves is not None
    assert game.max_hand_moves(rules, 3) is None
    assert game.max_hand_moves(rules.replace(turn_limit=10), 3) == 1 + 10 * 5 + 1 + 3
    assert game.hand_bound_option == "turn_limit"
    for wrong in (0, -1, 2.5, "9", True):
        with pytest.raises(InvalidRulesetError, match="turn_limit"):
            ruleset_type(turn_limit=wrong)
    data = rules.to_dict()
    data["options"] = {**data.get("options", {}), "turn_limit": 0}
    with pytest.raises(Scala40Error, match="turn_limit"):
        ruleset_type.from_dict(data)
