"""A stalled hand of the knock games (:mod:`scala40.bots.knock.stalled`): the cards that
went round the table, and the hand of melds a bot aims for there, against brute-force
oracles."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import attrs
import pytest

from scala40.bots.knock.stalled import (
    STALL_DECKS,
    circulating_cards,
    hand_stalled,
    stalled_plan,
)
from scala40.errors import SearchLimitError
from scala40.game import load_game
from scala40.games import laconga
from scala40.games._knock.arrange import least_unmatched
from scala40.games._knock.moves import Discard
from scala40.games._knock.profile import Wild
from scala40.melds._hand import melded_card_sets
from tests.decisions import varied_decisions
from tests.protocol.cases import knock_game_names, soak_unless_default

POOL_MOST = 14
"""The largest pool (the player's cards and those that went round) the oracle walks: every
hand of seven of them, each arranged."""
PLANNED = 8
"""Positions with a plan each case checks against the oracle, or every one the game
reaches if fewer (at least one)."""
UNPLANNED = 4
"""Positions without one it checks, or every one the game reaches if fewer (at least
one)."""


def _cases() -> list[Any]:
    return [
        pytest.param(name, preset, id=f"{name}-{preset}", marks=soak_unless_default(game, preset))
        for name in knock_game_names()
        for game in [load_game(name)]
        for preset in game.ruleset_type.preset_names()
    ]


def _views(name: str, preset: str) -> list[Any]:
    views = []
    for players in (2, 3, 4):
        for state in varied_decisions(name, preset, players, players, 160):
            views.append(state.view(state.current_player))
    return views


def _circulating_oracle(view: Any) -> Counter[int]:
    """Every card thrown in the hand's last discards (as many as the deck has cards) or in
    the pile, less what the player holds and what others were seen to take and keep, at
    most as many copies as the deck has: walked from the oldest move."""
    discards = [entry.move.card for entry in view.history if isinstance(entry.move, Discard)]
    deck = Counter(view.rules.profile.deck.cards)
    seen = Counter(discards[-len(view.rules.profile.deck.cards) :]) + Counter(view.discard)
    held = Counter(view.hand) + sum((Counter(cards) for cards in view.shown or ()), Counter())
    return Counter({card: min(count, deck[card] - held[card]) for card, count in seen.items()})


def _plan_oracle(view: Any) -> int | None:
    """The fewest cards the player does not hold in a hand of every card in melds made of
    its cards and those that went round (every such hand tried), or ``None``."""
    profile = view.rules.profile
    hand = Counter(view.hand)
    pool = sorted((hand + circulating_cards(view)).elements())
    best = None
    for chosen in set(itertools.combinations(pool, profile.hand_size)):
        if least_unmatched(chosen, profile) == 0:
            missing = sum((Counter(chosen) - hand).values())
            best = missing if best is None else min(best, missing)
    return best


@pytest.mark.parametrize(("name", "preset"), _cases())
def test_the_cards_that_went_round_are_those_thrown_and_held_by_nobody_known(
    name: str, preset: str
) -> None:
    for view in _views(name, preset):
        assert circulating_cards(view) == +_circulating_oracle(view)


@pytest.mark.parametrize(("name", "preset"), _cases())
def test_the_plan_is_a_hand_of_melds_that_needs_the_fewest_cards(name: str, preset: str) -> None:
    # At positions of two to four players whose pool the oracle can walk: those with a
    # plan (PLANNED of them) and some without (UNPLANNED). A game that reaches fewer such
    # positions (a game declared since, its presets' deals) has each one it reaches
    # checked: the quota is what the game can reach, never fewer than one of each.
    planned = unplanned = 0
    reached = Counter[bool]()
    for view in _views(name, preset):
        profile = view.rules.profile
        pool = Counter(view.hand) + circulating_cards(view)
        if sum(pool.values()) > POOL_MOST:
            continue
        plan = stalled_plan(view)
        reached[plan is not None] += 1
        if (planned == PLANNED and plan is not None) or (unplanned == UNPLANNED and plan is None):
            continue
        fewest = _plan_oracle(view)
        if fewest is None:
            assert plan is None
            unplanned += 1
            continue
        assert plan is not None
        assert len(plan) == profile.hand_size
        assert not Counter(plan) - pool
        assert least_unmatched(plan, profile) == 0
        assert sum((Counter(plan) - Counter(view.hand)).values()) == fewest
        planned += 1
    # Skipped only past a quota: short of one, every position of its kind was checked.
    assert planned == min(PLANNED, reached[True]) > 0, (planned, reached)
    assert unplanned == min(UNPLANNED, reached[False]) > 0, (unplanned, reached)


def test_a_hand_stalls_after_three_times_as_many_turns_as_the_deck_has_cards() -> None:
    game = load_game("chinchon")
    view = game.new_game(None, 3, 1).view(0)
    cards = len(view.rules.profile.deck.cards)
    assert STALL_DECKS == 3
    for turns in (0, STALL_DECKS * cards - 1, STALL_DECKS * cards, STALL_DECKS * cards + 5):
        played = (turns - 2 * (turns // 3), turns // 3, turns // 3)
        stalled = hand_stalled(attrs.evolve(view, turns_played=played))
        assert stalled is (turns >= STALL_DECKS * cards)


def test_a_pool_past_the_readings_bound_has_no_plan_rather_than_an_error() -> None:
    # La Conga with 2s and jokers wild, any number in a meld: 221 random moves into a
    # game, the player's cards and those that went round hold more melds than a search
    # may read (MAX_HAND_READINGS); the bot in a stalled hand raised SearchLimitError.
    rules = laconga.Ruleset(
        deck_size=48,
        wild=Wild.TWO_JOKERS,
        max_wild_per_meld=None,
        close_limit=0,
        forbid_close_with_two_wilds=True,
        mano_extra_card=False,
        eliminate_at=101,
    )
    state = laconga.GameState.new(rules, players=2, seed=2)
    rng = random.Random(2)
    for _ in range(221):
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    pool = tuple(sorted((Counter(view.hand) + circulating_cards(view)).elements()))
    with pytest.raises(SearchLimitError):
        melded_card_sets(pool, view.rules.profile.meld_rules)
    assert stalled_plan(view) is None
