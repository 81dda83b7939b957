"""Property tests of the knock games: games of Rumino, Chinchón and La Conga under random
rulesets keep every invariant, and their rulesets round-trip through JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40.game import load_game
from tests.games.knock.checks import check_playout
from tests.options import rulesets
from tests.protocol.cases import knock_game_names, one_by_default

#: Each game's random rulesets, every option drawn from its declaration.
RULESETS: dict[str, st.SearchStrategy[Any]] = {
    name: rulesets(load_game(name).ruleset_type) for name in knock_game_names()
}


@pytest.mark.parametrize("game", one_by_default(list(RULESETS), "laconga"))
@settings(max_examples=15, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), auto_chance=st.booleans())
def test_random_rulesets_keep_every_invariant(
    game: str, data: st.DataObject, seed: int, auto_chance: bool
) -> None:
    rules = data.draw(RULESETS[game])
    check_playout(game, rules, seed, auto_chance=auto_chance)


@pytest.mark.slow
@pytest.mark.parametrize("game", list(RULESETS))
@settings(max_examples=200, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), auto_chance=st.booleans())
def test_random_rulesets_soak(
    game: str, data: st.DataObject, seed: int, auto_chance: bool
) -> None:
    rules = data.draw(RULESETS[game])
    check_playout(game, rules, seed, auto_chance=auto_chance, limit=2000)


@pytest.mark.parametrize("game", list(RULESETS))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_rulesets_round_trip_through_json(game: str, data: st.DataObject) -> None:
    rules = data.draw(RULESETS[game])
    assert type(rules).from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert rules.replace() == rules
    assert rules.profile.deck == rules.deck
