"""Soak runs: thousands of seeded matches of random players, played to the end of the match.

Marked ``slow`` (``nox -s soak`` runs them). The players choose uniformly among the legal
moves, but take a melding move nine times in ten when there is one, so that hands end;
each match is given a bounded number of moves, as a safeguard rather than a rule. Every
state met validates and the deck is conserved; a match that ends names a winner.

Not every match can end: when every meld on the table is full and the cards left in the
hands can form nothing, nobody can go out, and the stock is rebuilt for ever
(S40-RESTOCK). The rules have no way out of such a hand, so the tests count the matches
that end and require nearly all of them to.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scala40 import PRESETS, GameState, MatchFormat, RestockMethod, Ruleset, new_game
from scala40.errors import SerializationError
from tests.games.scala40.helpers import assert_conserved, choose_move

MOVE_LIMIT = 8000


def play_to_the_end(state: GameState, seed: int) -> tuple[GameState, int]:
    """The match played out by melding-minded random players, and its length in moves."""
    chooser = random.Random(seed)
    moves = 0
    while not state.is_over and moves < MOVE_LIMIT:
        state = state.apply(choose_move(state, chooser))
        moves += 1
        if moves % 97 == 0:
            assert state.problems() == []
    return state, moves


def check_ending(state: GameState) -> bool:
    """Check a played-out match; whether it ended."""
    assert state.problems() == []
    assert_conserved(state)
    if not state.is_over:
        return False
    assert state.winners
    assert all(state.active[player] for player in state.winners)
    return True


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_hundreds_of_matches_per_preset_reach_their_end(preset: str) -> None:
    # 100 matches for each number of players the preset allows.
    rules = PRESETS[preset]
    played = ended = 0
    for players in range(rules.min_players, rules.max_players + 1):
        for seed in range(100):
            state, _ = play_to_the_end(new_game(rules, players=players, seed=seed), seed)
            ended += check_ending(state)
            played += 1
    assert played >= 300
    assert ended >= 0.98 * played, (ended, played)


def random_ruleset(chooser: random.Random) -> Ruleset:
    """A random valid ruleset, every option drawn, with sizes a match can play out in."""
    jokers = chooser.randint(0, 8)
    max_players = chooser.randint(2, 6)
    format_ = chooser.choice(list(MatchFormat))
    scored = format_ is not MatchFormat.SINGLE
    options: dict[str, Any] = {
        "jokers": jokers,
        "min_players": 2,
        "max_players": max_players,
        "hand_size": chooser.randint(7, 13),
        "opening_threshold": chooser.randint(0, 60),
        "max_jokers_per_meld": chooser.choice([None, 1, 2]),
        "joker_meld_value": chooser.choice([None, 0, 25]) if jokers else None,
        "high_card_values": chooser.random() < 0.5,
        "lone_ace_scores_one": chooser.random() < 0.5,
        "match_format": format_,
        "elimination_score": chooser.randint(51, 201),
        "no_elimination_limit": chooser.randint(1, 20),
        "discard_draw_to_open": chooser.random() < 0.5,
        "double_on_open_and_close": scored and chooser.random() < 0.5,
        "close_on_first_turn": chooser.random() < 0.5,
        "not_opened_penalty": chooser.choice([None, 100]) if scored else None,
        "ban_playable_discard_unopened": chooser.random() < 0.5,
        "ban_playable_discard_opened": chooser.random() < 0.5,
        "ban_playable_discard_closing": chooser.random() < 0.5,
        "first_player_takes_upcard": chooser.random() < 0.5,
        "close_without_discard": chooser.random() < 0.5,
        "discard_four_of_a_kind": chooser.random() < 0.5,
        "split_sequences": chooser.random() < 0.25,
        "restock": chooser.choice(list(RestockMethod)),
    }
    return Ruleset(**options)


@pytest.mark.slow
def test_a_thousand_matches_under_random_rulesets_reach_their_end() -> None:
    chooser = random.Random(2026)
    ended = 0
    for seed in range(1000):
        rules = random_ruleset(chooser)
        players = chooser.randint(rules.min_players, rules.max_players)
        state, _ = play_to_the_end(new_game(rules, players=players, seed=seed), seed)
        ended += check_ending(state)
    assert ended >= 950, ended


def test_a_hand_nobody_can_go_out_of_ends_blocked_s40_stall() -> None:
    # S40-RESTOCK and S40-STALL: the table holds only full sets, player 1 holds one card
    # that fits nowhere and player 0 two: nobody can go out. The stock is rebuilt once
    # more; when it runs out again with nothing put on the table since, the hand ends
    # blocked instead of going on for ever.
    state = GameState.from_position(
        rules="classic",
        hands=["8C KC", "5D"],
        discard="JC",
        table=["4S 4H 4D 4C", "QS QH QD QC", "3S 3H 3D 3C", "6S 6H 6D 6C"],
        opened=[True, True],
        turns_played=[5, 5],
    )
    chooser = random.Random(1)
    rebuilt = 0
    actions = 0
    while state.hand_number == 1:
        before = len(state.stock)
        state = state.apply(choose_move(state, chooser))
        actions += 1
        assert actions < 1000
        if state.hand_number == 1:
            assert all(len(hand) in (1, 2, 3) for hand in state.hands)
            rebuilt += len(state.stock) > before
    assert rebuilt == 1
    assert state.last_hand is not None
    assert state.last_hand.closer is None


def test_the_peer_benchmarks_seed_254_ends_s40_stall() -> None:
    # Seeded random play, as the peer benchmark plays it: without S40-STALL the third
    # hand of this game went on for ever (over 200,000 actions); with it the game ends.
    chooser = random.Random(254)
    state = new_game("official", players=4, seed=254)
    actions = 0
    while not state.is_over:
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
        actions += 1
        assert actions <= 5000
    assert actions == 783


def test_a_rebuild_clears_the_mark_and_a_meld_sets_it_s40_stall() -> None:
    # The flag behind S40-STALL: true from the deal, false after a rebuild, true again
    # once a meld, a layoff or a joker swap reaches the table; views show it.
    state = new_game("official", players=2, seed=9)
    assert state.melded_since_restock
    chooser = random.Random(9)
    seen: set[str] = set()
    while state.hand_number == 1 and len(seen) < 2:
        before = len(state.stock)
        state = state.apply(choose_move(state, chooser))
        if state.hand_number == 1 and len(state.stock) > before:
            assert not state.melded_since_restock
            seen.add("rebuilt")
        if state.melded_since_restock and "rebuilt" in seen:
            seen.add("melded")
        assert state.view(0).melded_since_restock == state.melded_since_restock
    assert seen == {"rebuilt", "melded"}


def test_a_state_saved_before_the_rule_reads_the_mark_as_true_s40_stall() -> None:
    state = new_game("official", players=2, seed=5)
    data = state.to_dict()
    assert data["melded_since_restock"] is True
    del data["melded_since_restock"]
    assert GameState.from_dict(data) == state
    data["melded_since_restock"] = "yes"
    with pytest.raises(SerializationError, match="melded_since_restock"):
        GameState.from_dict(data)
