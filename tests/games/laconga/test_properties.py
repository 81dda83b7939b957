"""Property tests of La Conga: games under random rulesets keep every invariant."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40.games.laconga import Ruleset
from tests.games.knock.checks import check_playout
from tests.games.laconga.strategies import rulesets


@settings(max_examples=15, deadline=None)
@given(rules=rulesets(), seed=st.integers(0, 2**32), auto_chance=st.booleans())
def test_random_rulesets_keep_every_invariant(
    rules: Ruleset, seed: int, auto_chance: bool
) -> None:
    check_playout("laconga", rules, seed, auto_chance=auto_chance)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(rules=rulesets(), seed=st.integers(0, 2**32), auto_chance=st.booleans())
def test_random_rulesets_soak(rules: Ruleset, seed: int, auto_chance: bool) -> None:
    check_playout("laconga", rules, seed, auto_chance=auto_chance, limit=2000)


@settings(max_examples=25, deadline=None)
@given(rules=rulesets())
def test_rulesets_round_trip_through_json(rules: Ruleset) -> None:
    data = json.loads(json.dumps(rules.to_dict()))
    assert Ruleset.from_dict(data) == rules
    assert rules.replace() == rules
    assert rules.profile.deck == rules.deck
