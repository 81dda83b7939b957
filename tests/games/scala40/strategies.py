"""Hypothesis strategies for Scala 40: random valid rulesets."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scala40.games.scala40.rules import MatchFormat, RestockMethod, Ruleset


@st.composite
def rulesets(draw: st.DrawFn) -> Ruleset:
    """A random valid :class:`Ruleset`: every option drawn within its valid range."""
    jokers = draw(st.integers(0, 8))
    min_players = draw(st.integers(2, 6))
    max_players = draw(st.integers(min_players, 8))
    # max_players * hand_size + 2 cards must fit in the deck of 104 + jokers cards.
    hand_size = draw(st.integers(3, min(13, (104 + jokers - 2) // max_players)))
    match_format = draw(st.sampled_from(MatchFormat))
    scored = match_format is not MatchFormat.SINGLE
    options: dict[str, Any] = {
        "jokers": jokers,
        "min_players": min_players,
        "max_players": max_players,
        "hand_size": hand_size,
        "opening_threshold": draw(st.integers(0, 200)),
        "max_jokers_per_meld": draw(st.none() | st.integers(1, 4)),
        "joker_meld_value": draw(st.none() | st.integers(0, 50)) if jokers else None,
        "high_card_values": draw(st.booleans()),
        "lone_ace_scores_one": draw(st.booleans()),
        "match_format": match_format,
        "elimination_score": draw(st.integers(1, 501)),
        "no_elimination_limit": draw(st.integers(1, 5000)),
        "discard_draw_to_open": draw(st.booleans()),
        "double_on_open_and_close": draw(st.booleans()) if scored else False,
        "close_on_first_turn": draw(st.booleans()),
        "not_opened_penalty": draw(st.none() | st.integers(0, 200)) if scored else None,
        "ban_playable_discard_unopened": draw(st.booleans()),
        "ban_playable_discard_opened": draw(st.booleans()),
        "ban_playable_discard_closing": draw(st.booleans()),
        "first_player_takes_upcard": draw(st.booleans()),
        "close_without_discard": draw(st.booleans()),
        "discard_four_of_a_kind": draw(st.booleans()),
        "split_sequences": draw(st.booleans()),
        "restock": draw(st.sampled_from(RestockMethod)),
    }
    return Ruleset(**options)
