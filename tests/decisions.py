"""The states of seeded games where a seat decides among several moves, for the tests of
bots: played by the game's greedy bot, which chooses at random one time in four so that
the hands vary."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from scala40.bots import make_bot
from scala40.game import load_game

__all__ = ["varied_decisions"]


def varied_decisions(name: str, preset: str, players: int, seed: int, moves: int) -> Iterator[Any]:
    """Each state of a game of ``name`` under ``preset`` (``players``, ``seed``) where the
    seat to move has several moves, within the first ``moves`` moves."""
    game = load_game(name)
    state = game.new_game(game.ruleset_type.preset(preset), players, seed)
    greedy = make_bot("greedy", game)
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            return
        legal = list(state.legal_moves())
        if state.is_chance:
            state = state.apply(legal[0])
            continue
        if len(legal) > 1:
            yield state
        seat = state.current_player
        if chooser.random() < 0.25:
            move = chooser.choice(legal)
        else:
            move = greedy.choose(state.view(seat), legal, chooser)
        state = state.apply(move)
