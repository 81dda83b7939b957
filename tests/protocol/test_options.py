"""Every option of every game played: for each option a ruleset declares, a ruleset that
changes it alone (drawn from the option's declaration: :mod:`tests.options`) plays a
seeded random game that keeps the core promises at every step.

An option a game adds is played here the day it is declared: no test names it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from scala40.game import Game, game_names, load_game
from tests.options import one_option_changes
from tests.protocol.tally import TALLY

MAX_ACTIONS = 160
"""Actions of each game: enough to cross a hand of the small games, and the first turns
of the others."""
DEEP_EVERY = 16
"""Every this many states, the round trips through JSON and text, and a view sampled."""


def _cases() -> list[Any]:
    cases = []
    for name in game_names():
        game = load_game(name)
        for option, rules in one_option_changes(game.ruleset_type):
            cases.append(pytest.param(game, option, rules, id=f"{name}-{option}"))
    return cases


@pytest.mark.parametrize(("game", "option", "rules"), _cases())
def test_every_option_plays_a_game_that_keeps_the_promises(
    game: Game, option: str, rules: Any
) -> None:
    assert rules is not None, (
        f"{game.name}: no value of the option {option!r} drawn from its declaration gives "
        "a valid ruleset from any preset"
    )
    seed = sum(map(ord, option))
    chooser = random.Random(seed)
    state = game.new_game(rules, rules.min_players, seed)
    deck = Counter(rules.deck.cards)
    for step in range(MAX_ACTIONS):
        assert Counter(state.all_cards()) == deck, "cards created or lost"
        legal = state.legal_moves()
        assert bool(legal) is not state.is_over, "a dead end, or moves after the end"
        if step % DEEP_EVERY == 0:
            assert type(state).from_dict(state.to_dict()) == state
            assert game.state_from_text(state.to_text()) == state
            seat = state.current_player
            if seat is not None:
                view = state.view(seat)
                assert view.sample(seed).view(seat) == view
            TALLY["option games round-tripped"] += 1
        if state.is_over:
            break
        state = state.apply(legal[chooser.randrange(len(legal))])
    TALLY["options played"] += 1
