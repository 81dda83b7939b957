"""Hypothesis strategies for Chinchón (and La Conga, which has every Chinchón option)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scala40.games.chinchon import (
    EndMode,
    FaceValues,
    LayoffOrder,
    LayoffTarget,
    Ruleset,
    Wild,
)


def chinchon_options(draw: st.DrawFn) -> dict[str, Any]:
    """Every Chinchón option drawn within its valid range (the options consistent)."""
    packs = draw(st.integers(1, 2))
    min_players = draw(st.integers(2, 4 * packs))
    wild = draw(st.sampled_from(Wild))
    wilds = wild is not Wild.NONE
    end_mode = draw(st.sampled_from(EndMode))
    elimination = end_mode is EndMode.ELIMINATION
    return {
        "min_players": min_players,
        "max_players": draw(st.integers(min_players, 4 * packs)),
        "deck_size": draw(st.sampled_from([40, 48])),
        "packs": packs,
        "wild": wild,
        "max_wild_per_meld": draw(st.none() | st.integers(1, 2)) if wilds else None,
        "face_values": draw(st.sampled_from(FaceValues)),
        "wild_penalty": draw(st.integers(0, 60)),
        "close_limit": draw(st.integers(0, 12)),
        "close_max_unmatched": draw(st.none() | st.integers(0, 3)),
        "close_first_round": draw(st.booleans()),
        "discard_taken_card": draw(st.booleans()),
        "all_matched_bonus": draw(st.integers(-30, 5)),
        "wild_chinchon_bonus": draw(st.integers(-30, 5)),
        "layoff_target": draw(st.sampled_from(LayoffTarget)),
        "layoff_order": draw(st.sampled_from(LayoffOrder)),
        "end_mode": end_mode,
        "target": draw(st.integers(20, 150)),
        "reentry": draw(st.none() | st.integers(0, 2)) if elimination else 0,
        "forbid_close_with_two_wilds": draw(st.booleans()) if wilds else False,
    }


@st.composite
def rulesets(draw: st.DrawFn) -> Ruleset:
    """A random valid Chinchón :class:`Ruleset`."""
    return Ruleset(**chinchon_options(draw))
