"""Invariants every state of a knock game keeps, checked along games under random rulesets
(the property tests of the three games call :func:`check_playout`)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from scala40.bots import RandomBot
from scala40.bots.registry import game_bots_of
from scala40.game import load_game
from scala40.games._knock.phases import Phase


def check_playout(game: str, rules: Any, seed: int, *, auto_chance: bool, limit: int = 250) -> Any:
    """Play a game of greedy and random players under ``rules``, checking every state;
    returns the last state."""
    found = load_game(game)
    chooser = random.Random(seed)
    players = chooser.randint(rules.min_players, min(rules.max_players, rules.min_players + 2))
    state = found.new_game(rules, players, seed, auto_chance=auto_chance)
    greedy = game_bots_of(found).bots["greedy"]()
    deck = Counter(rules.deck.cards)
    for index in range(limit):
        assert state.problems() == [], state.problems()
        assert Counter(state.all_cards()) == deck  # C-DECK: no card made or lost
        legal = list(state.legal_moves())
        if state.is_over:
            assert not legal
            assert state.winners
            assert abs(sum(state.returns()) - 1) < 1e-9
            return state
        assert legal, "no dead ends"
        assert len({str(move) for move in legal}) == len(legal)  # C-IDENTITY
        seat = state.current_player
        if state.is_chance:
            assert seat is None
            move = legal[0]
        else:
            assert seat is not None
            assert state.active[seat]
            bot = greedy if chooser.random() < 0.6 else RandomBot()
            move = bot.choose(state.view(seat), legal, chooser)
        after = state.apply(move)
        if index % 5 == 0:
            assert state.apply(str(move)) == after
            data = json.loads(json.dumps(after.to_dict()))
            assert found.state_from_dict(data) == after
            if not after.is_chance and not after.is_over:
                decider = after.current_player
                view = after.view(decider)
                sample = view.sample(index)
                assert sample.view(decider) == view
                assert [str(m) for m in sample.legal_moves()] == [
                    str(m) for m in after.legal_moves()
                ]
        if after.phase is Phase.REENTRY:
            assert after.reentry_total < after.profile.limit or not after.profile.inclusive
        state = after
    return state
