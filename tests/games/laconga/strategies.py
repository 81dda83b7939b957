"""Hypothesis strategies for La Conga: random valid rulesets."""

from __future__ import annotations

from hypothesis import strategies as st

from scala40.games.laconga import Ruleset
from tests.games.chinchon.strategies import chinchon_options


@st.composite
def rulesets(draw: st.DrawFn) -> Ruleset:
    """A random valid La Conga :class:`Ruleset`: Chinchón's options and its own (LC-BASE)."""
    return Ruleset(
        **chinchon_options(draw),
        mano_extra_card=draw(st.booleans()),
        close_cap=draw(st.booleans()),
        eliminate_at=draw(st.integers(20, 150)),
    )
