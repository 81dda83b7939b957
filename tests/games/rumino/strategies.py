"""Hypothesis strategies for Rumino: random valid rulesets."""

from __future__ import annotations

from hypothesis import strategies as st

from scala40.games.rumino import ClaimMode, EliminateAt, Ruleset


@st.composite
def rulesets(draw: st.DrawFn) -> Ruleset:
    """A random valid Rumino :class:`Ruleset`: every option drawn within its range."""
    min_players = draw(st.integers(2, 6))
    return Ruleset(
        min_players=min_players,
        max_players=draw(st.integers(min_players, 8)),
        knock_limit=draw(st.integers(0, 25)),
        knock_min_melded=draw(st.integers(0, 7)),
        max_meld_size=draw(st.none() | st.integers(3, 7)),
        gin_bonus=draw(st.integers(-30, 10)),
        gin_streak=draw(st.none() | st.integers(1, 4)),
        rumino_jokers=draw(st.booleans()),
        rumino_claim=draw(st.sampled_from(ClaimMode)),
        discard_taken_card=draw(st.booleans()),
        eliminate_at=draw(st.sampled_from(EliminateAt)),
        reentry=draw(st.none() | st.integers(0, 2)),
    )
