"""Exact legal moves, against a brute-force oracle: in states of games played under random
rulesets of the three games, the knocks (RU-KNOCK) and closes (CH-CLOSE, LC-CLOSECAP) are
exactly those the oracle finds, and of a wide universe of moves exactly the listed ones
apply."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40.bots import RandomBot
from scala40.bots.registry import game_bots_of
from scala40.game import load_game
from scala40.games._knock import moves as family
from scala40.games._knock.moves import Close
from scala40.games._knock.phases import Phase
from scala40.games._knock.profile import Ending
from tests.games.knock import oracle
from tests.options import rulesets
from tests.protocol.cases import knock_game_names, one_by_default

# Every option of each game drawn from its declaration: an option added is judged here too.
RULESETS = {name: rulesets(load_game(name).ruleset_type) for name in knock_game_names()}


def played_states(game: str, rules: Any, seed: int, limit: int = 300) -> Iterator[Any]:
    """The states of a game of greedy and random players (so that hands end)."""
    found = load_game(game)
    players = rules.min_players
    state = found.new_game(rules, players, seed)
    greedy = game_bots_of(found).bots["greedy"]()
    chooser = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return
        yield state
        legal = list(state.legal_moves())
        if state.is_chance:
            move = legal[0]
        else:
            bot = greedy if chooser.random() < 0.7 else RandomBot()
            move = bot.choose(state.view(state.current_player), legal, chooser)
        state = state.apply(move)


def oracle_closes(state: Any, slack: int = 0) -> set[Close]:
    """Every close the oracle allows (with ``slack``: also those over the limits by up to
    that much, which must be refused)."""
    rules = state.rules
    profile = rules.profile
    player = state.turn
    hand = state.hands[player]
    if not rules.close_first_round and state.turns_played[player] == 0 and not slack:
        return set()
    found: set[Close] = set()
    for card in set(hand):
        banned = not rules.discard_taken_card and card == state.taken
        if banned and hand.count(card) < 2 and not slack:
            continue
        kept = list(hand)
        kept.remove(card)
        wilds = sum(1 for c in kept if c in profile.wild_cards)
        if rules.forbid_close_with_two_wilds and wilds >= 2 and not slack:
            continue
        for melds, loose in oracle.arrangements(tuple(kept), profile):
            points = oracle.value(loose, profile)
            over = points > rules.close_limit or (
                rules.close_max_unmatched is not None and len(loose) > rules.close_max_unmatched
            )
            capped = (
                getattr(rules, "close_cap", False)  # La Conga's option (LC-CLOSECAP)
                and points
                and profile.reaches(state.scores[player] + points)
            )
            if (over or capped) and (not slack or points > rules.close_limit + slack):
                continue
            found.add(Close(card, tuple(melds)))
    return found


def universe(state: Any) -> list[Any]:
    """Moves of every kind the game has, many of them illegal here."""
    kinds = state.KINDS.kinds
    listed = (
        *family.DISCARDS, family.DRAW_MOVE, family.TAKE_MOVE, family.KNOCK_MOVE,
        family.CLAIM_MOVE, family.PASS_MOVE, family.REENTER_MOVE, family.RETIRE_MOVE,
        family.DEAL_MOVE, family.RESTOCK_MOVE,
    )  # fmt: skip
    moves: list[Any] = [move for move in listed if type(move) in kinds]
    if state.phase is Phase.PLAY and Close in kinds:
        moves.extend(oracle_closes(state, slack=6))
    return moves


@pytest.mark.parametrize("game", one_by_default(sorted(RULESETS), "chinchon"))
@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_knocks_and_closes_are_exactly_the_oracles(game: str, data: st.DataObject) -> None:
    rules = data.draw(RULESETS[game])
    seed = data.draw(st.integers(0, 10**6))
    checked = closes = 0
    for index, state in enumerate(played_states(game, rules, seed)):
        profile = state.profile
        legal = list(state.legal_moves())
        if state.phase is Phase.DRAW and profile.ending is Ending.KNOCK and index % 2 == 0:
            player = state.turn
            expected = state.turns_played[player] >= 1 and (
                oracle.least(state.hands[player], profile, state.rules.knock_min_melded)
                <= state.rules.knock_limit
            )
            assert (family.KNOCK_MOVE in legal) is expected  # RU-KNOCK
            checked += 1
        if state.phase is Phase.PLAY and profile.ending is Ending.CLOSE:
            listed = {move for move in legal if isinstance(move, Close)}
            # Every state offering a close is checked (a few per game), and some others.
            if (listed and closes < 12) or (index % 6 == 0 and checked < 20):
                assert len(listed) == sum(1 for move in legal if isinstance(move, Close))
                assert listed == oracle_closes(state)  # CH-CLOSE, LC-CLOSECAP
                closes += bool(listed)
                checked += 1
        if index % 9 == 0:
            texts = {str(move) for move in legal}
            for move in universe(state):
                assert state.is_legal(move) is (move in legal or str(move) in texts), str(move)
